// The interface every constraint part implements (Jolt's ConstraintPart idea): a block of rows
// between two bodies that knows its own position error, Jacobian and effective mass, and can solve
// itself. Joints compose parts; the weld solves two parts as one block; a direct solver for joint
// trees reads the rows (J, K, C) and applies impulses through the same methods.
//
// Rows use the body order [v_a ω_a v_b ω_b]; impulses are on body B (body A receives the opposite).

import type { Body } from '../../body/body.js';
import type { Softness } from '../../solver/softness.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { EqualityRows } from '../../solver/equality-rows.js';

export interface ConstraintPart extends EqualityRows<Body> {
  /** Rows of the part (degrees of freedom it removes). */
  readonly rowCount: number;
  /** C at the last prepare (rowCount numbers). */
  readonly C: Float64Array;
  /** K = J M⁻¹ Jᵀ at the last prepare (rowCount², symmetric). */
  readonly K: Float64Array;
  /** Accumulated impulse of the current substep (rowCount numbers). */
  readonly impulse: Float64Array;

  /** @internal C, K and whatever the rows need at the bodies' current poses. */
  prepare(bodyA: Body, bodyB: Body): void;
  /** @internal Factors K for solving this part alone. */
  factor(): void;
  /** @internal Ċ = J v, written at out[offset ..]. */
  velocityError(bodyA: Body, bodyB: Body, out: Float64Array, offset: number): void;
  /** @internal v += M⁻¹ Jᵀ λ for λ = (x, y, z). */
  applyImpulse(bodyA: Body, bodyB: Body, x: number, y: number, z: number): void;
  /** @internal v += M⁻¹ Jᵀ λ for λ = impulses[at .. at + 2]. */
  applyImpulseAt(bodyA: Body, bodyB: Body, impulses: ArrayLike<number>, at: number): void;
  /** @internal v += M⁻¹ Jᵀ λ_acc. */
  warmStart(bodyA: Body, bodyB: Body): void;
  /** @internal One soft (or, with RIGID, exact) solve of this part alone, accumulating the impulse. */
  solve(bodyA: Body, bodyB: Body, soft: Readonly<Softness>): void;
  /** Writes and reads the part's state (snapshots). */
  saveState(writer: StateWriter): void;
  loadState(reader: StateReader): void;
  /** @internal Writes the part's rows of J (12 columns each) from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void;
}
