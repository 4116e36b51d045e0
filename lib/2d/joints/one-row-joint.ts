// A 2D joint of one equality row with a J of its own (the pulley's, the gear's): lib/joints/one-row-joint.ts
// in the plane. The row is a one-row coupled block (parts/coupled-rows.ts), which the direct solver holds
// exactly and the soft step solves as any joint's holding rows. Each joint writes J and C in its prepare
// and calls rows.prepare.

import type { Softness } from '../../solver/softness.js';
import { Joint2D } from './joint.js';
import { CoupledRows2D } from './parts/coupled-rows.js';

export abstract class OneRowJoint2D extends Joint2D {
  readonly rowCount = 1;
  /** The one row: J (6 columns) and C, written by the joint's prepare. */
  readonly rows = new CoupledRows2D(1);
  /** The row's impulse over the last step as a mean force (N, or N·m for an angular row): λ / dt. */
  protected rowForce = 0;
  private rowImpulseSum = 0;

  /** @internal */
  warmStart(): void {
    this.rows.warmStart(this.bodyA, this.bodyB);
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rows.solve(this.bodyA, this.bodyB, holding);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    this.rows.scale(ratio);
  }
  /** @internal On B: the linear impulse λ J_vb and the angular λ J_ωb. */
  accumulateImpulse(): void {
    const l = this.rows.impulse[0], J = this.rows.J, sl = this.linearImpulseSum;
    sl[0] += J[3] * l;
    sl[1] += J[4] * l;
    this.angularImpulseSum[0] += J[5] * l;
    this.rowImpulseSum += l;
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    this.rowForce = this.rowImpulseSum / dt;
    this.rowImpulseSum = 0;
  }
  writeEffectiveMass(out: Float64Array): void {
    out[0] = this.rows.K[0];
  }
}
