// The interface every 2D constraint part implements: lib/joints/parts/constraint-part.ts in the
// plane. Rows use the body order [v_a ω_a v_b ω_b] (6 columns); impulses are on body B.

import type { Body2D } from '../../body.js';
import type { Softness } from '../../../solver/softness.js';
import type { StateReader, StateWriter } from '../../../util/state.js';
import type { EqualityRows } from '../../../solver/equality-rows.js';

export interface ConstraintPart2D extends EqualityRows<Body2D> {
  /** Rows of the part. */
  readonly rowCount: number;
  /** C at the last prepare. */
  readonly C: Float64Array;
  /** K = J M⁻¹ Jᵀ at the last prepare (rowCount², symmetric). */
  readonly K: Float64Array;
  /** Accumulated impulse of the current substep. */
  readonly impulse: Float64Array;

  /** @internal */
  prepare(bodyA: Body2D, bodyB: Body2D): void;
  /** @internal */
  factor(): void;
  /** @internal Ċ = J v, written at out[offset ..]. */
  velocityError(bodyA: Body2D, bodyB: Body2D, out: Float64Array, offset: number): void;
  /** @internal v += M⁻¹ Jᵀ λ for λ given at lambda[offset ..]. */
  applyImpulseAt(bodyA: Body2D, bodyB: Body2D, impulses: ArrayLike<number>, at: number): void;
  /** @internal */
  warmStart(bodyA: Body2D, bodyB: Body2D): void;
  /** @internal */
  solve(bodyA: Body2D, bodyB: Body2D, soft: Readonly<Softness>): void;
  /** Writes and reads the part's state (snapshots). */
  saveState(writer: StateWriter): void;
  loadState(reader: StateReader): void;
  /** @internal Writes the part's rows of J (6 columns each) from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void;
}
