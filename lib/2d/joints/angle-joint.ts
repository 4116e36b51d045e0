// Angle joint (1 row): B keeps the angle relative to A it had when the joint was made; translation is
// free. The 2D angle part alone (parts/angle-part.ts); the 3D orientation joint is its 3D form.

import type { Body2D } from '../body.js';
import type { Softness } from '../../solver/softness.js';
import type { Joint2DOptions } from './joint.js';
import { AngleConstraintPart2D } from './parts/angle-part.js';
import { SinglePartJoint2D } from './single-part-joint.js';
import type { SubstepLength } from '../../solver/step-parts.js';

export type AngleJointOptions = Joint2DOptions;

export class AngleJoint extends SinglePartJoint2D {
  readonly type = 'angle' as const;
  readonly rowCount = 1;
  readonly angle = new AngleConstraintPart2D();
  protected readonly carries = 'torque' as const;
  protected get part(): AngleConstraintPart2D {
    return this.angle;
  }

  /** @internal Use world.createAngleJoint. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, options: AngleJointOptions) {
    super(id, bodyA, bodyB, options, 'createAngleJoint');
    this.angle.setReference(bodyA, bodyB);
  }

  getError(): number {
    return this.angle.currentAngle(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return 0;
  }
  getAngularError(): number {
    return this.angle.currentAngle(this.bodyA, this.bodyB);
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    this.updateSpring(step);
    this.angle.prepare(this.bodyA, this.bodyB);
    this.angle.factor();
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.angle.solve(this.bodyA, this.bodyB, holding);
  }
}
