// Orientation joint (3 rows, angular only): B keeps the orientation relative to A it had when the
// joint was made; translation is free. It is the rotation constraint part alone; its math is in
// parts/rotation-part.ts:  C = log(q_b (q_a q₀)⁻¹),  J = [ 0 −I 0 I ],  K = I_a⁻¹ + I_b⁻¹.

import type { Body } from '../body/body.js';
import type { Softness } from '../solver/softness.js';
import type { JointOptions } from './joint.js';
import { SinglePartJoint } from './single-part-joint.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import type { Float64Allocator } from '../util/arena.js';
import type { SubstepLength } from '../solver/step-parts.js';

export type OrientationJointOptions = JointOptions;

export class OrientationJoint extends SinglePartJoint {
  readonly type = 'orientation' as const;
  readonly rowCount = 3;
  readonly rotation: RotationConstraintPart;
  protected readonly carries = 'torque' as const;
  protected get part(): RotationConstraintPart {
    return this.rotation;
  }

  /** @internal Use world.createOrientationJoint. */
  constructor(id: number, bodyA: Body, bodyB: Body, options: OrientationJointOptions, allocator?: Float64Allocator) {
    super(id, bodyA, bodyB, options, 'createOrientationJoint', allocator);
    this.rotation = new RotationConstraintPart(allocator);
    this.rotation.setReference(bodyA, bodyB);
  }

  getError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return 0;
  }
  getAngularError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    this.updateSpring(step);
    this.rotation.prepare(this.bodyA, this.bodyB);
    if (!this.direct) this.rotation.factor(); // K⁻¹ is for the iterative solve only
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rotation.solve(this.bodyA, this.bodyB, holding);
  }
}
