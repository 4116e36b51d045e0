// Dense symmetric solves for a joint's effective mass K = J M⁻¹ Jᵀ (3x3 for a ball or orientation
// joint, 6x6 for a weld), by LDLᵀ without pivoting: K is symmetric positive semidefinite, so the
// factorization is stable, and it is the form seeds 000/003 solve their full 3x3 in 2D.
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

const unit = new Float64Array(6);
const column = new Float64Array(6);

/**
 * Writes the (pseudo-)inverse of a factored symmetric n×n matrix, row-major. Used where a small K is
 * applied many times per factorization (the 3x3 ball and orientation parts): one matrix-vector
 * product per iteration instead of two triangular solves.
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
 * row-major (or column-major: it is symmetric); `out` (from out[outAt]) must not overlap it.
 */
export function invertSymmetric3(K: ArrayLike<number>, out: Float64Array, kAt = 0, outAt = 0): void {
  const a00 = K[kAt], a01 = K[kAt + 1], a02 = K[kAt + 2], a11 = K[kAt + 4], a12 = K[kAt + 5], a22 = K[kAt + 8];
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
  out[o] = b00; out[o + 1] = b01; out[o + 2] = b02;
  out[o + 3] = b01; out[o + 4] = b11; out[o + 5] = b12;
  out[o + 6] = b02; out[o + 7] = b12; out[o + 8] = inv2;
}

/** The same LDLᵀ (pseudo-)inverse for a symmetric 2x2 (the 2D point part's K), unrolled. */
export function invertSymmetric2(K: ArrayLike<number>, out: Float64Array): void {
  const a00 = K[0], a01 = K[1], a11 = K[3];
  let d0 = a00, inv0 = 0, l10 = 0;
  if (d0 > PIVOT_TOLERANCE * Math.abs(a00)) {
    inv0 = 1 / d0;
    l10 = a01 * inv0;
  } else {
    d0 = 0;
  }
  const d1 = a11 - l10 * l10 * d0;
  const inv1 = d1 > PIVOT_TOLERANCE * Math.abs(a11) ? 1 / d1 : 0;
  const b01 = -l10 * inv1;
  out[0] = inv0 + l10 * l10 * inv1;
  out[1] = b01;
  out[2] = b01;
  out[3] = inv1;
}

const blockDInverse = new Float64Array(9);
const blockS = new Float64Array(9);
const blockSInverse = new Float64Array(9);
const blockX = new Float64Array(9);
const blockY = new Float64Array(9);

/**
 * The inverse of a symmetric positive definite 6x6 K = [[A, B], [Bᵀ, D]] (3x3 blocks, row-major) by
 * blocks, with S = A − B D⁻¹ Bᵀ (the Schur complement of D):
 *   K⁻¹ = [[ S⁻¹,        −S⁻¹ X            ],
 *          [ −Xᵀ S⁻¹,    D⁻¹ + Xᵀ S⁻¹ X     ]],   X = B D⁻¹
 * For the weld (D = I_a⁻¹ + I_b⁻¹ and S are positive definite whenever one body is dynamic) it is the
 * same inverse LDLᵀ gives, for about the same work once, and each solve is then one matrix-vector
 * product. The 3x3 inverses keep LDLᵀ's pivot guard, so a singular block still gives finite numbers.
 */
export function invertSymmetric6(K: ArrayLike<number>, out: Float64Array): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      blockA[i * 3 + j] = K[i * 6 + j];
      blockB[i * 3 + j] = K[i * 6 + j + 3];
      blockD[i * 3 + j] = K[(i + 3) * 6 + j + 3];
    }
  }
  invertSymmetric6Blocks(blockA, blockB, blockD, out);
}

const blockA = new Float64Array(9);
const blockB = new Float64Array(9);
const blockD = new Float64Array(9);

/**
 * invertSymmetric6 from the blocks themselves (A and D symmetric, B general; all 3x3, row-major), so a
 * caller that holds them (the weld: its parts' K and the coupling) never assembles the 6x6.
 */
export function invertSymmetric6Blocks(A: ArrayLike<number>, B: ArrayLike<number>, D: ArrayLike<number>, out: Float64Array): void {
  invertSymmetric3(D, blockDInverse);
  // X = B D⁻¹
  const Di = blockDInverse, X = blockX;
  for (let i = 0; i < 3; i++) {
    const b0 = B[i * 3], b1 = B[i * 3 + 1], b2 = B[i * 3 + 2];
    X[i * 3] = b0 * Di[0] + b1 * Di[3] + b2 * Di[6];
    X[i * 3 + 1] = b0 * Di[1] + b1 * Di[4] + b2 * Di[7];
    X[i * 3 + 2] = b0 * Di[2] + b1 * Di[5] + b2 * Di[8];
  }
  // S = A − X Bᵀ (symmetric)
  const S = blockS;
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      const v = A[i * 3 + j] - (X[i * 3] * B[j * 3] + X[i * 3 + 1] * B[j * 3 + 1] + X[i * 3 + 2] * B[j * 3 + 2]);
      S[i * 3 + j] = v;
      S[j * 3 + i] = v;
    }
  }
  invertSymmetric3(S, blockSInverse);
  // Y = S⁻¹ X
  const Si = blockSInverse, Y = blockY;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) Y[i * 3 + j] = Si[i * 3] * X[j] + Si[i * 3 + 1] * X[3 + j] + Si[i * 3 + 2] * X[6 + j];
  }
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out[i * 6 + j] = Si[i * 3 + j];
      out[i * 6 + j + 3] = -Y[i * 3 + j];
      out[(j + 3) * 6 + i] = -Y[i * 3 + j];
    }
  }
  // lower right: D⁻¹ + Xᵀ Y
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      const v = Di[i * 3 + j] + X[i] * Y[j] + X[3 + i] * Y[3 + j] + X[6 + i] * Y[6 + j];
      out[(i + 3) * 6 + j + 3] = v;
      out[(j + 3) * 6 + i + 3] = v;
    }
  }
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
