// Orientation joint (3 rows, angular only): B keeps the orientation relative to A it had when the
// joint was made; translation is free. It is the rotation constraint part alone; its math is in
// parts/rotation-part.ts:  C = log(q_b (q_a q₀)⁻¹),  J = [ 0 −I 0 I ],  K = I_a⁻¹ + I_b⁻¹.

import type { Body } from '../body.js';
import type { Softness } from '../solver/softness.js';
import { Joint, type JointOptions } from './joint.js';
import { RotationConstraintPart } from './parts/rotation-part.js';

export type OrientationJointOptions = JointOptions;

export class OrientationJoint extends Joint {
  readonly type = 'orientation' as const;
  readonly rowCount = 3;
  readonly rotation = new RotationConstraintPart();

  /** @internal Use world.createOrientationJoint. */
  constructor(id: number, bodyA: Body, bodyB: Body, options: OrientationJointOptions) {
    super(id, bodyA, bodyB, options, 'createOrientationJoint');
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

  prepare(_h: number): void {
    this.rotation.prepare(this.bodyA, this.bodyB);
    this.rotation.factor();
  }
  warmStart(): void {
    this.rotation.warmStart(this.bodyA, this.bodyB);
  }
  solve(soft: Readonly<Softness>): void {
    this.rotation.solve(this.bodyA, this.bodyB, soft);
  }
  scaleImpulse(ratio: number): void {
    const p = this.rotation.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
  }
  accumulateImpulse(): void {
    const p = this.rotation.impulse, s = this.angularImpulseSum;
    s[0] += p[0]; s[1] += p[1]; s[2] += p[2];
  }

  writeJacobian(out: Float64Array): void {
    this.rotation.writeJacobian(out, 0);
  }
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rotation.K);
  }
  getVelocityError(out: Float64Array): void {
    this.rotation.velocityError(this.bodyA, this.bodyB, out, 0);
  }
  getPositionError(out: Float64Array): void {
    out[0] = this.rotation.C[0]; out[1] = this.rotation.C[1]; out[2] = this.rotation.C[2];
  }
  applyImpulse(lambda: ArrayLike<number>): void {
    this.rotation.applyImpulse(this.bodyA, this.bodyB, lambda[0], lambda[1], lambda[2]);
  }
}
