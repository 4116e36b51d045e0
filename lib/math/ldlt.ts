// Dense symmetric solves for a joint's effective mass K = J M⁻¹ Jᵀ (3x3 for a ball or orientation
// joint, 6x6 for a weld), by LDLᵀ without pivoting: K is symmetric positive semidefinite, so the
// factorization is stable, and it is the form a 2D weld's full 3x3 is solved in.
//
// Matrices are row-major n×n in a Float64Array (symmetric, so column-major reads the same).
// The factor is stored in place: the strict lower triangle holds L (unit diagonal implied) and the
// diagonal holds 1/D, or 0 where the pivot vanished.
//
// Singular K. A pivot that is not positive (or NaN), or tiny against that row's own diagonal entry, marks a
// direction with no effective mass (both bodies immovable along it: a weld between a static body and
// a body with zero inverse inertia about an axis, or redundant rows). That row's L column is cleared
// and its 1/D set to 0, so the solve returns 0 for that component: the constraint applies no impulse
// where it cannot move anything, instead of dividing by zero.

/** Relative pivot tolerance: a pivot below this fraction of its original diagonal counts as zero. */
const PIVOT_TOLERANCE = 1e-12;

/** The pivots D_k of the factorization in progress (the factor itself keeps 1/D_k). */
const pivots = new Float64Array(16);

/** Factors the symmetric n×n matrix `a` in place (n ≤ 16). Returns the number of zero (dropped) pivots. */
export function ldltFactor(a: Float64Array, n: number): number {
  let dropped = 0;
  for (let j = 0; j < n; j++) {
    const jj = j * n + j;
    const original = a[jj];
    // d_j = a_jj − Σ_k L_jk² d_k
    let d = original;
    for (let k = 0; k < j; k++) {
      const ljk = a[j * n + k];
      d -= ljk * ljk * pivots[k];
    }
    if (!(d > PIVOT_TOLERANCE * Math.abs(original))) {
      a[jj] = 0;
      pivots[j] = 0;
      for (let i = j + 1; i < n; i++) a[i * n + j] = 0;
      dropped++;
      continue;
    }
    const invD = 1 / d;
    a[jj] = invD;
    pivots[j] = d;
    // L_ij = (a_ij − Σ_k L_ik L_jk d_k) / d_j for i > j
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= a[i * n + k] * a[j * n + k] * pivots[k];
      a[i * n + j] = s * invD;
    }
  }
  return dropped;
}

/** Solves L D Lᵀ x = b with a factor from ldltFactor. `x` may alias `b`. */
export function ldltSolve(factor: Float64Array, n: number, b: ArrayLike<number>, x: Float64Array): Float64Array {
  if (x !== b) for (let i = 0; i < n; i++) x[i] = b[i];
  // L y = b
  for (let i = 1; i < n; i++) {
    let s = x[i];
    for (let k = 0; k < i; k++) s -= factor[i * n + k] * x[k];
    x[i] = s;
  }
  // D z = y
  for (let i = 0; i < n; i++) x[i] *= factor[i * n + i];
  // Lᵀ x = z
  for (let i = n - 2; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < n; k++) s -= factor[k * n + i] * x[k];
    x[i] = s;
  }
  return x;
}

const unit = new Float64Array(16);
const column = new Float64Array(16);

/**
 * Writes the (pseudo-)inverse of a factored symmetric n×n matrix, row-major (column j solves for the
 * unit vector e_j). The hot small inverses have their own unrolled forms below (3x3, 5x5, 6x6).
 */
export function ldltInverse(factor: Float64Array, n: number, out: Float64Array): Float64Array {
  for (let j = 0; j < n; j++) {
    unit.fill(0);
    unit[j] = 1;
    ldltSolve(factor, n, unit, column);
    for (let i = 0; i < n; i++) out[i * n + j] = column[i];
  }
  // Mirror the upper triangle so the result is exactly symmetric.
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out[j * n + i] = out[i * n + j];
  return out;
}

/**
 * The same LDLᵀ (pseudo-)inverse for a symmetric 3x3, unrolled: the ball and orientation parts invert
 * their K once per prepare, which is hot. Same pivot rule as ldltFactor. `K` (from K[kAt]) is
 * row-major (or column-major: it is symmetric) with rows `stride` apart (6 for a block of a 6x6);
 * `out` (from out[outAt], stride 3) may overlap it only exactly (K and out the same 3x3). `sign` −1
 * inverts a negative semidefinite K as −(−K)⁻¹ (the direct solver's joint blocks); negation is exact, so
 * that is bit for bit the inverse of the negated copy.
 */
export function invertSymmetric3(K: ArrayLike<number>, out: Float64Array, kAt = 0, outAt = 0, stride = 3, sign = 1): void {
  const a00 = sign * K[kAt], a01 = sign * K[kAt + 1], a02 = sign * K[kAt + 2];
  const a11 = sign * K[kAt + stride + 1], a12 = sign * K[kAt + stride + 2], a22 = sign * K[kAt + 2 * stride + 2];
  // K = L D Lᵀ, L = [1 0 0; l10 1 0; l20 l21 1], with a zero pivot dropping its row and column
  let d0 = a00, inv0 = 0, l10 = 0, l20 = 0;
  if (d0 > PIVOT_TOLERANCE * Math.abs(a00)) {
    inv0 = 1 / d0;
    l10 = a01 * inv0;
    l20 = a02 * inv0;
  } else {
    d0 = 0;
  }
  const d1 = a11 - l10 * l10 * d0;
  let inv1 = 0, l21 = 0;
  if (d1 > PIVOT_TOLERANCE * Math.abs(a11)) {
    inv1 = 1 / d1;
    l21 = (a12 - l20 * l10 * d0) * inv1;
  }
  const d2 = a22 - l20 * l20 * d0 - l21 * l21 * (inv1 === 0 ? 0 : d1);
  const inv2 = d2 > PIVOT_TOLERANCE * Math.abs(a22) ? 1 / d2 : 0;
  // K⁺ = L⁻ᵀ D⁺ L⁻¹ with L⁻¹ = [1 0 0; −l10 1 0; l10 l21 − l20  −l21  1]
  const m20 = l10 * l21 - l20, m21 = -l21;
  // rows of L⁻¹ scaled: entries (i, j) of K⁺ = Σ_k (L⁻¹)_ki inv_k (L⁻¹)_kj
  const b00 = inv0 + l10 * l10 * inv1 + m20 * m20 * inv2;
  const b01 = -l10 * inv1 + m20 * m21 * inv2;
  const b02 = m20 * inv2;
  const b11 = inv1 + m21 * m21 * inv2;
  const b12 = m21 * inv2;
  const o = outAt;
  out[o] = sign * b00; out[o + 1] = sign * b01; out[o + 2] = sign * b02;
  out[o + 3] = sign * b01; out[o + 4] = sign * b11; out[o + 5] = sign * b12;
  out[o + 6] = sign * b02; out[o + 7] = sign * b12; out[o + 8] = sign * inv2;
}

/** (K + γ I)⁻¹ of a symmetric 3x3 K (row-major 9) into `out`: a spring in physical units of compliance γ
 * (solver/softness.ts makeSpring) solves its rows with it. γ = 0 is invertSymmetric3(K, out). */
export function invertShiftedSymmetric3(K: ArrayLike<number>, compliance: number, out: Float64Array): void {
  if (compliance === 0) {
    invertSymmetric3(K, out);
    return;
  }
  const S = shifted3;
  for (let i = 0; i < 9; i++) S[i] = K[i];
  S[0] += compliance; S[4] += compliance; S[8] += compliance;
  invertSymmetric3(S, out);
}
const shifted3 = new Float64Array(9);

/** The same LDLᵀ (pseudo-)inverse for a symmetric 2x2 (the 2D point part's K), unrolled; K at kAt and
 * out at outAt (they may be the same block), and with `sign` −1 the inverse of a negative definite K
 * (the direct solver's 2-row joint nodes), as invertSymmetric3. */
export function invertSymmetric2(K: ArrayLike<number>, out: Float64Array, kAt = 0, outAt = 0, sign = 1): void {
  const a00 = sign * K[kAt], a01 = sign * K[kAt + 1], a11 = sign * K[kAt + 3];
  let d0 = a00, inv0 = 0, l10 = 0;
  if (d0 > PIVOT_TOLERANCE * Math.abs(a00)) {
    inv0 = 1 / d0;
    l10 = a01 * inv0;
  } else {
    d0 = 0;
  }
  const d1 = a11 - l10 * l10 * d0;
  const inv1 = d1 > PIVOT_TOLERANCE * Math.abs(a11) ? 1 / d1 : 0;
  const b01 = sign * -l10 * inv1;
  out[outAt] = sign * (inv0 + l10 * l10 * inv1);
  out[outAt + 1] = b01;
  out[outAt + 2] = b01;
  out[outAt + 3] = sign * inv1;
}

/**
 * The inverse of a symmetric positive definite 6x6 K = [[A, B], [Bᵀ, D]] (3x3 blocks, row-major) by
 * blocks, with S = D − Bᵀ A⁻¹ B (the Schur complement of A):
 *   K⁻¹ = [[ A⁻¹ + X S⁻¹ Xᵀ,   −X S⁻¹ ],
 *          [ −S⁻¹ Xᵀ,          S⁻¹    ]],   X = A⁻¹ B
 * This is LDLᵀ's pivot order (the first three pivots first), which matters for badly scaled blocks:
 * eliminating D first instead left the direct solver's random forests (mass ratios of 1e6) 400x further
 * from a dense solve. For the weld (A = (m_a⁻¹ + m_b⁻¹) I, S positive definite whenever one body is
 * dynamic) and the direct solver's body blocks (a mass matrix plus what its subtree adds) it is the
 * same inverse, and each solve is then one matrix-vector product. The 3x3 inverses keep LDLᵀ's pivot
 * guard, so a singular block still gives finite numbers.
 */
export function invertSymmetric6(K: ArrayLike<number>, out: Float64Array): void {
  for (let i = 0; i < 36; i++) out[i] = K[i];
  invertSymmetric6InPlace(out, 0);
}

/**
 * invertSymmetric6 from the blocks themselves (A and D symmetric, B general; all 3x3, row-major), so a
 * caller that holds them (the weld: its parts' K and the coupling) never assembles the 6x6 itself.
 */
export function invertSymmetric6Blocks(A: ArrayLike<number>, B: ArrayLike<number>, D: ArrayLike<number>, out: Float64Array): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out[i * 6 + j] = A[i * 3 + j];
      out[i * 6 + j + 3] = B[i * 3 + j];
      out[(j + 3) * 6 + i] = B[i * 3 + j];
      out[(i + 3) * 6 + j + 3] = D[i * 3 + j];
    }
  }
  invertSymmetric6InPlace(out, 0);
}

/** A⁻¹ and S⁻¹ of invertSymmetric6InPlace, and S before it is inverted. */
const blockInverse = new Float64Array(9);
const schur = new Float64Array(9);

/**
 * invertSymmetric6 in place on K at a[at..at+35], with the blocks' entries held in locals: the direct
 * tree solver inverts one of these per body per factorization, and written this way it runs about 4x
 * faster than the sweep below (measured, node 20: 0.2 µs against 0.9 µs).
 */
export function invertSymmetric6InPlace(a: Float64Array, at: number): void {
  // A⁻¹ (the upper-left block, row stride 6)
  invertSymmetric3(a, blockInverse, at, 0, 6);
  const Ai = blockInverse;
  const i00 = Ai[0], i01 = Ai[1], i02 = Ai[2], i11 = Ai[4], i12 = Ai[5], i22 = Ai[8];
  const b00 = a[at + 3], b01 = a[at + 4], b02 = a[at + 5];
  const b10 = a[at + 9], b11 = a[at + 10], b12 = a[at + 11];
  const b20 = a[at + 15], b21 = a[at + 16], b22 = a[at + 17];
  // X = A⁻¹ B
  const x00 = i00 * b00 + i01 * b10 + i02 * b20, x01 = i00 * b01 + i01 * b11 + i02 * b21, x02 = i00 * b02 + i01 * b12 + i02 * b22;
  const x10 = i01 * b00 + i11 * b10 + i12 * b20, x11 = i01 * b01 + i11 * b11 + i12 * b21, x12 = i01 * b02 + i11 * b12 + i12 * b22;
  const x20 = i02 * b00 + i12 * b10 + i22 * b20, x21 = i02 * b01 + i12 * b11 + i22 * b21, x22 = i02 * b02 + i12 * b12 + i22 * b22;
  // S = D − Bᵀ X (symmetric), then S⁻¹
  const S = schur;
  S[0] = a[at + 21] - (b00 * x00 + b10 * x10 + b20 * x20);
  S[1] = S[3] = a[at + 22] - (b00 * x01 + b10 * x11 + b20 * x21);
  S[2] = S[6] = a[at + 23] - (b00 * x02 + b10 * x12 + b20 * x22);
  S[4] = a[at + 28] - (b01 * x01 + b11 * x11 + b21 * x21);
  S[5] = S[7] = a[at + 29] - (b01 * x02 + b11 * x12 + b21 * x22);
  S[8] = a[at + 35] - (b02 * x02 + b12 * x12 + b22 * x22);
  invertSymmetric3(S, blockInverse);
  const Si = blockInverse;
  const s00 = Si[0], s01 = Si[1], s02 = Si[2], s11 = Si[4], s12 = Si[5], s22 = Si[8];
  // Y = X S⁻¹
  const y00 = x00 * s00 + x01 * s01 + x02 * s02, y01 = x00 * s01 + x01 * s11 + x02 * s12, y02 = x00 * s02 + x01 * s12 + x02 * s22;
  const y10 = x10 * s00 + x11 * s01 + x12 * s02, y11 = x10 * s01 + x11 * s11 + x12 * s12, y12 = x10 * s02 + x11 * s12 + x12 * s22;
  const y20 = x20 * s00 + x21 * s01 + x22 * s02, y21 = x20 * s01 + x21 * s11 + x22 * s12, y22 = x20 * s02 + x21 * s12 + x22 * s22;
  // upper left A⁻¹ + Y Xᵀ
  a[at] = i00 + y00 * x00 + y01 * x01 + y02 * x02;
  a[at + 1] = a[at + 6] = i01 + y00 * x10 + y01 * x11 + y02 * x12;
  a[at + 2] = a[at + 12] = i02 + y00 * x20 + y01 * x21 + y02 * x22;
  a[at + 7] = i11 + y10 * x10 + y11 * x11 + y12 * x12;
  a[at + 8] = a[at + 13] = i12 + y10 * x20 + y11 * x21 + y12 * x22;
  a[at + 14] = i22 + y20 * x20 + y21 * x21 + y22 * x22;
  // upper right −Y and lower left −Yᵀ
  a[at + 3] = a[at + 18] = -y00; a[at + 4] = a[at + 24] = -y01; a[at + 5] = a[at + 30] = -y02;
  a[at + 9] = a[at + 19] = -y10; a[at + 10] = a[at + 25] = -y11; a[at + 11] = a[at + 31] = -y12;
  a[at + 15] = a[at + 20] = -y20; a[at + 16] = a[at + 26] = -y21; a[at + 17] = a[at + 32] = -y22;
  // lower right S⁻¹
  a[at + 21] = s00; a[at + 22] = s01; a[at + 23] = s02;
  a[at + 27] = s01; a[at + 28] = s11; a[at + 29] = s12;
  a[at + 33] = s02; a[at + 34] = s12; a[at + 35] = s22;
}

/** S and S⁻¹ of invertSymmetric5. */
const schur2 = new Float64Array(4);
const schur2Inverse = new Float64Array(4);

/**
 * The (pseudo-)inverse of a symmetric 5x5 K (row-major) by blocks, as invertSymmetric6InPlace: A the
 * upper-left 3x3, B the 3x2 beside it, D the lower-right 2x2, S = D − Bᵀ A⁻¹ B, and
 *   K⁻¹ = [[ A⁻¹ + X S⁻¹ Xᵀ, −X S⁻¹ ], [ −S⁻¹ Xᵀ, S⁻¹ ]],  X = A⁻¹ B,
 * each small inverse with LDLᵀ's pivot guard (a singular block gives finite numbers). The hinge's and
 * the slider's coupled rows (parts/coupled-rows.ts) invert one per prepare; measured against the general
 * ldltFactor and ldltInverse, 630 → 66 ns.
 */
export function invertSymmetric5(K: ArrayLike<number>, out: Float64Array): void {
  invertSymmetric3(K, blockInverse, 0, 0, 5);
  const Ai = blockInverse;
  const i00 = Ai[0], i01 = Ai[1], i02 = Ai[2], i11 = Ai[4], i12 = Ai[5], i22 = Ai[8];
  const b00 = K[3], b01 = K[4], b10 = K[8], b11 = K[9], b20 = K[13], b21 = K[14];
  // X = A⁻¹ B (3x2)
  const x00 = i00 * b00 + i01 * b10 + i02 * b20, x01 = i00 * b01 + i01 * b11 + i02 * b21;
  const x10 = i01 * b00 + i11 * b10 + i12 * b20, x11 = i01 * b01 + i11 * b11 + i12 * b21;
  const x20 = i02 * b00 + i12 * b10 + i22 * b20, x21 = i02 * b01 + i12 * b11 + i22 * b21;
  // S = D − Bᵀ X (symmetric 2x2), then S⁻¹
  const S = schur2;
  S[0] = K[18] - (b00 * x00 + b10 * x10 + b20 * x20);
  S[1] = S[2] = K[19] - (b00 * x01 + b10 * x11 + b20 * x21);
  S[3] = K[24] - (b01 * x01 + b11 * x11 + b21 * x21);
  invertSymmetric2(S, schur2Inverse);
  const s00 = schur2Inverse[0], s01 = schur2Inverse[1], s11 = schur2Inverse[3];
  // Y = X S⁻¹ (3x2)
  const y00 = x00 * s00 + x01 * s01, y01 = x00 * s01 + x01 * s11;
  const y10 = x10 * s00 + x11 * s01, y11 = x10 * s01 + x11 * s11;
  const y20 = x20 * s00 + x21 * s01, y21 = x20 * s01 + x21 * s11;
  // upper left A⁻¹ + Y Xᵀ
  out[0] = i00 + y00 * x00 + y01 * x01;
  out[1] = out[5] = i01 + y00 * x10 + y01 * x11;
  out[2] = out[10] = i02 + y00 * x20 + y01 * x21;
  out[6] = i11 + y10 * x10 + y11 * x11;
  out[7] = out[11] = i12 + y10 * x20 + y11 * x21;
  out[12] = i22 + y20 * x20 + y21 * x21;
  // upper right −Y and lower left −Yᵀ
  out[3] = out[15] = -y00; out[4] = out[20] = -y01;
  out[8] = out[16] = -y10; out[9] = out[21] = -y11;
  out[13] = out[17] = -y20; out[14] = out[22] = -y21;
  // lower right S⁻¹
  out[18] = s00; out[19] = out[23] = s01; out[24] = s11;
}

/** The original diagonal and which pivots were taken, for invertSymmetricInPlace (n ≤ 64). */
const originalDiagonal = new Float64Array(64);
const swept = new Uint8Array(64);

/**
 * Inverts a symmetric n×n matrix in place (row-major; n ≤ 64) by the sweep operator (Gauss-Jordan
 * elimination kept symmetric; Goodnight, "A Tutorial on the SWEEP Operator", 1979). `sign` is +1 for
 * a positive (semi)definite matrix and −1 for a negative one, which is inverted as −(−A)⁻¹. A pivot
 * that is not positive, or below PIVOT_TOLERANCE of its own diagonal entry, is skipped and its row and
 * column of the result are zero, the same rule as ldltFactor: a direction with no effective mass gets
 * no impulse. Returns the number of skipped pivots.
 *
 * Sweeping pivot k (d = a_kk): a_ij −= a_ik a_kj / d for i, j ≠ k; a_ik, a_ki /= d; a_kk = −1/d.
 * After every pivot is swept the matrix holds −A⁻¹.
 */
export function invertSymmetricInPlace(a: Float64Array, n: number, sign: number, at = 0): number {
  const nn = n * n;
  if (sign < 0) for (let i = at; i < at + nn; i++) a[i] = -a[i];
  for (let k = 0; k < n; k++) originalDiagonal[k] = a[at + k * n + k];
  let dropped = 0;
  for (let k = 0; k < n; k++) {
    const kk = at + k * n + k, d = a[kk];
    if (!(d > PIVOT_TOLERANCE * Math.abs(originalDiagonal[k]))) {
      swept[k] = 0;
      dropped++;
      continue;
    }
    swept[k] = 1;
    const inv = 1 / d;
    const rowK = at + k * n;
    // row k's old values (the updates below read them before it is scaled)
    const k0 = a[rowK], k1 = n > 1 ? a[rowK + 1] : 0, k2 = n > 2 ? a[rowK + 2] : 0;
    const k3 = n > 3 ? a[rowK + 3] : 0, k4 = n > 4 ? a[rowK + 4] : 0, k5 = n > 5 ? a[rowK + 5] : 0;
    for (let i = 0; i < n; i++) {
      if (i === k) continue;
      const rowI = at + i * n;
      const aik = a[rowI + k] * inv;
      if (aik !== 0) {
        // a_ij −= a_ik a_kj / d for every j (at j = k this leaves 0, overwritten just below)
        if (n === 6) {
          a[rowI] -= aik * k0; a[rowI + 1] -= aik * k1; a[rowI + 2] -= aik * k2;
          a[rowI + 3] -= aik * k3; a[rowI + 4] -= aik * k4; a[rowI + 5] -= aik * k5;
        } else if (n === 3) {
          a[rowI] -= aik * k0; a[rowI + 1] -= aik * k1; a[rowI + 2] -= aik * k2;
        } else {
          for (let j = 0; j < n; j++) a[rowI + j] -= aik * a[rowK + j];
        }
      }
      a[rowI + k] = aik;
    }
    for (let j = 0; j < n; j++) a[rowK + j] *= inv;
    a[kk] = -inv;
  }
  // −A⁻¹ → A⁻¹ (and for sign −1, −(−A)⁻¹ is A⁻¹ of the original A); clear the skipped rows and columns
  const flip = sign < 0 ? 1 : -1;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) a[at + i * n + j] = swept[i] && swept[j] ? flip * a[at + i * n + j] : 0;
  }
  return dropped;
}
