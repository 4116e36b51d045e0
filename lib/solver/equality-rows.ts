// A block of a joint's equality rows as both solvers read them: the rows' C, J and λ_acc, Ċ = J v, and
// v += M⁻¹ Jᵀ λ. The iterative solver solves each block through the joint's own prepare and solve (the
// hot loop, written out per part); the direct solver (solver/direct/) reads the same blocks through
// JointCore's row protocol (writeJacobian, getVelocityError, getPositionError, the λ_acc reads and writes),
// which is written once over a joint's blocks. A joint names its blocks in order (equalityRows) and
// writes no row code of its own for the direct solver.
//
// Rows use the body order [v_a ω_a v_b ω_b]: 12 columns in 3D, 6 in 2D. Impulses are on body B (body A
// receives the opposite). `B` is the body type (Body or Body2D).

export interface EqualityRows<B> {
  /** Rows in the block. */
  readonly rowCount: number;
  /** C at the last prepare (rowCount numbers). */
  readonly C: Float64Array;
  /** Accumulated impulse λ_acc of the current substep (rowCount numbers). */
  readonly impulse: Float64Array;
  /** @internal Writes the block's rows of J at the last prepare, from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void;
  /** @internal Ċ = J v for the bodies' current velocities, written at out[offset ..]. */
  velocityError(bodyA: B, bodyB: B, out: Float64Array, offset: number): void;
  /** @internal v += M⁻¹ Jᵀ λ for λ at impulses[at ..] (not added to λ_acc). */
  applyImpulseAt(bodyA: B, bodyB: B, impulses: ArrayLike<number>, at: number): void;
}

// The row protocol over a joint's blocks, in row order. Module functions, not methods: each call site
// below sees the few block classes of one dimension, so the engine inlines the blocks' methods into them.

/** Writes J of all the blocks' rows (rows of 12 numbers in 3D, 6 in 2D, row-major) from row 0 of `out`. */
export function writeRowsJacobian<B>(blocks: readonly EqualityRows<B>[], out: Float64Array): void {
  for (let i = 0, row = 0; i < blocks.length; i++) {
    blocks[i].writeJacobian(out, row);
    row += blocks[i].rowCount;
  }
}

/** Writes Ċ = J v of all the rows from out[0]. */
export function writeRowsVelocityError<B>(blocks: readonly EqualityRows<B>[], bodyA: B, bodyB: B, out: Float64Array): void {
  for (let i = 0, row = 0; i < blocks.length; i++) {
    blocks[i].velocityError(bodyA, bodyB, out, row);
    row += blocks[i].rowCount;
  }
}

/** Writes C of all the rows from out[0]. */
export function writeRowsPositionError<B>(blocks: readonly EqualityRows<B>[], out: Float64Array): void {
  // (stores, not TypedArray.set calls: the direct solver's projection reads it per joint per pass)
  for (let i = 0, row = 0; i < blocks.length; i++) {
    const C = blocks[i].C;
    for (let k = 0; k < C.length; k++) out[row++] = C[k];
  }
}

/** Writes λ_acc of all the rows from out[at]. */
export function readRowsImpulse<B>(blocks: readonly EqualityRows<B>[], out: Float64Array, at: number): void {
  for (let i = 0; i < blocks.length; i++) {
    const p = blocks[i].impulse;
    for (let k = 0; k < p.length; k++) out[at++] = p[k];
  }
}

/** λ_acc += lambda[at ..] over all the rows. */
export function addRowsImpulse<B>(blocks: readonly EqualityRows<B>[], lambda: Float64Array, at: number): void {
  for (let i = 0; i < blocks.length; i++) {
    const p = blocks[i].impulse;
    for (let k = 0; k < p.length; k++) p[k] += lambda[at++];
  }
}

/** λ_acc = 0 over all the rows. */
export function clearRowsImpulse<B>(blocks: readonly EqualityRows<B>[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const p = blocks[i].impulse;
    for (let k = 0; k < p.length; k++) p[k] = 0;
  }
}

/** v += M⁻¹ Jᵀ λ for λ = lambda[0 ..] over all the rows (not added to λ_acc). */
export function applyRowsImpulse<B>(blocks: readonly EqualityRows<B>[], bodyA: B, bodyB: B, lambda: ArrayLike<number>): void {
  for (let i = 0, row = 0; i < blocks.length; i++) {
    blocks[i].applyImpulseAt(bodyA, bodyB, lambda, row);
    row += blocks[i].rowCount;
  }
}
