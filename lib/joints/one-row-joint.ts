// A joint of one equality row with a J of its own (the pulley's, the gear's): the row is a one-row coupled
// block (parts/coupled-rows.ts), which the direct solver holds exactly and the soft step solves as any
// joint's holding rows. What every such joint shares, written once: the warm start, the solve, the
// readouts (B's share of the row's impulse, and the row's own impulse as a mean force over the step),
// and K. Each joint writes J and C in its prepare and calls rows.prepare.

import type { Softness } from '../solver/softness.js';
import { Joint } from './joint.js';
import { CoupledRows } from './parts/coupled-rows.js';

export abstract class OneRowJoint extends Joint {
  readonly rowCount = 1;
  /** The one row: J (12 columns) and C, written by the joint's prepare. */
  readonly rows = new CoupledRows(1);
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
    const l = this.rows.impulse[0], J = this.rows.J, sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    for (let k = 0; k < 3; k++) {
      sl[k] += J[6 + k] * l;
      sa[k] += J[9 + k] * l;
    }
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
