// 3x3 helpers that gl-matrix lacks. Matrices are gl-matrix mat3 layout (column-major, 9 numbers);
// every matrix the solver builds this way is symmetric, so row- and column-major read the same.

/** Writes the skew (cross-product) matrix of v: [v]× w = v × w. Note [v]×ᵀ = −[v]×. */
export function skew(out: Float64Array, v: ArrayLike<number>): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  // column 0          column 1          column 2
  out[0] = 0;  out[3] = -z; out[6] = y;
  out[1] = z;  out[4] = 0;  out[7] = -x;
  out[2] = -y; out[5] = x;  out[8] = 0;
  return out;
}

/**
 * out = R A Rᵀ for symmetric A: how an inertia tensor (or its inverse) moves from body to world
 * axes. `out` may not alias R or A.
 */
export function rotateSymmetric(out: Float64Array, R: ArrayLike<number>, A: ArrayLike<number>): Float64Array {
  // T = R A (column-major: T[c*3 + r] = Σ_k R[k*3 + r] A[c*3 + k])
  const r00 = R[0], r10 = R[1], r20 = R[2], r01 = R[3], r11 = R[4], r21 = R[5], r02 = R[6], r12 = R[7], r22 = R[8];
  const a00 = A[0], a10 = A[1], a20 = A[2], a11 = A[4], a21 = A[5], a22 = A[8];
  const t00 = r00 * a00 + r01 * a10 + r02 * a20;
  const t10 = r10 * a00 + r11 * a10 + r12 * a20;
  const t20 = r20 * a00 + r21 * a10 + r22 * a20;
  const t01 = r00 * a10 + r01 * a11 + r02 * a21;
  const t11 = r10 * a10 + r11 * a11 + r12 * a21;
  const t21 = r20 * a10 + r21 * a11 + r22 * a21;
  const t02 = r00 * a20 + r01 * a21 + r02 * a22;
  const t12 = r10 * a20 + r11 * a21 + r12 * a22;
  const t22 = r20 * a20 + r21 * a21 + r22 * a22;
  // out = T Rᵀ; write the upper triangle and mirror it so the result is exactly symmetric.
  const o00 = t00 * r00 + t01 * r01 + t02 * r02;
  const o01 = t00 * r10 + t01 * r11 + t02 * r12;
  const o02 = t00 * r20 + t01 * r21 + t02 * r22;
  const o11 = t10 * r10 + t11 * r11 + t12 * r12;
  const o12 = t10 * r20 + t11 * r21 + t12 * r22;
  const o22 = t20 * r20 + t21 * r21 + t22 * r22;
  out[0] = o00; out[3] = o01; out[6] = o02;
  out[1] = o01; out[4] = o11; out[7] = o12;
  out[2] = o02; out[5] = o12; out[8] = o22;
  return out;
}

/**
 * out = R D Rᵀ for a diagonal D = (d0, d1, d2): out_ij = Σ_k R_ik d_k R_jk. The common case of
 * rotateSymmetric (bodies whose inertia is given in principal axes), at a third of its cost.
 */
export function rotateDiagonal(out: Float64Array, R: ArrayLike<number>, d0: number, d1: number, d2: number): Float64Array {
  // R column-major: R_ik = R[k*3 + i]
  const r00 = R[0], r10 = R[1], r20 = R[2], r01 = R[3], r11 = R[4], r21 = R[5], r02 = R[6], r12 = R[7], r22 = R[8];
  const o00 = r00 * r00 * d0 + r01 * r01 * d1 + r02 * r02 * d2;
  const o01 = r00 * r10 * d0 + r01 * r11 * d1 + r02 * r12 * d2;
  const o02 = r00 * r20 * d0 + r01 * r21 * d1 + r02 * r22 * d2;
  const o11 = r10 * r10 * d0 + r11 * r11 * d1 + r12 * r12 * d2;
  const o12 = r10 * r20 * d0 + r11 * r21 * d1 + r12 * r22 * d2;
  const o22 = r20 * r20 * d0 + r21 * r21 * d1 + r22 * r22 * d2;
  out[0] = o00; out[3] = o01; out[6] = o02;
  out[1] = o01; out[4] = o11; out[7] = o12;
  out[2] = o02; out[5] = o12; out[8] = o22;
  return out;
}

/**
 * K contribution of a lever arm: out += −[r]× I⁻¹ [r]× = [r]× I⁻¹ [r]×ᵀ, the term a point constraint
 * adds to its effective mass for one body (symmetric positive semidefinite). I⁻¹ is read from
 * invI[at ..] (a body's state array, say), r from r[rAt ..], and K is out[outAt ..].
 */
export function addLeverArmMass(
  out: Float64Array,
  r: ArrayLike<number>,
  invI: ArrayLike<number>,
  at = 0,
  outAt = 0,
  rAt = 0,
): void {
  const rx = r[rAt], ry = r[rAt + 1], rz = r[rAt + 2];
  const i00 = invI[at], i01 = invI[at + 3], i02 = invI[at + 6], i11 = invI[at + 4], i12 = invI[at + 7], i22 = invI[at + 8];
  // S = [r]× I⁻¹ (row i of [r]× times the columns of I⁻¹); [r]× rows: (0,-rz,ry) (rz,0,-rx) (-ry,rx,0)
  const s00 = -rz * i01 + ry * i02, s01 = -rz * i11 + ry * i12, s02 = -rz * i12 + ry * i22;
  const s10 = rz * i00 - rx * i02, s11 = rz * i01 - rx * i12, s12 = rz * i02 - rx * i22;
  const s20 = -ry * i00 + rx * i01, s21 = -ry * i01 + rx * i11, s22 = -ry * i02 + rx * i12;
  // S [r]×ᵀ: column j of [r]×ᵀ is row j of [r]×
  const k00 = -s01 * rz + s02 * ry;
  const k01 = s00 * rz - s02 * rx;
  const k02 = -s00 * ry + s01 * rx;
  const k11 = s10 * rz - s12 * rx;
  const k12 = -s10 * ry + s11 * rx;
  const k22 = -s20 * ry + s21 * rx;
  void s22;
  const o = outAt;
  out[o] += k00; out[o + 3] += k01; out[o + 6] += k02;
  out[o + 1] += k01; out[o + 4] += k11; out[o + 7] += k12;
  out[o + 2] += k02; out[o + 5] += k12; out[o + 8] += k22;
}

/**
 * out += scale · [r]× M, with `out` a general (not symmetric) 3x3 in row-major order and M symmetric.
 * The weld's coupling block K_c = −[r_a]× I_a⁻¹ − [r_b]× I_b⁻¹ is two of these.
 */
export function addSkewProduct(out: Float64Array, r: ArrayLike<number>, M: ArrayLike<number>, scale: number): void {
  const rx = r[0], ry = r[1], rz = r[2];
  const m00 = M[0], m01 = M[3], m02 = M[6], m11 = M[4], m12 = M[7], m22 = M[8];
  // rows of [r]×: (0, −r_z, r_y), (r_z, 0, −r_x), (−r_y, r_x, 0)
  out[0] += scale * (-rz * m01 + ry * m02);
  out[1] += scale * (-rz * m11 + ry * m12);
  out[2] += scale * (-rz * m12 + ry * m22);
  out[3] += scale * (rz * m00 - rx * m02);
  out[4] += scale * (rz * m01 - rx * m12);
  out[5] += scale * (rz * m02 - rx * m22);
  out[6] += scale * (-ry * m00 + rx * m01);
  out[7] += scale * (-ry * m01 + rx * m11);
  out[8] += scale * (-ry * m02 + rx * m12);
}

/**
 * out[outAt ..] = M v for a symmetric 3x3 M read from M[at ..] (a body's I⁻¹ in its state array, say)
 * and v from v[vAt ..]. `out` must not overlap v.
 */
export function multiplySymmetric3(
  out: Float64Array, outAt: number, M: ArrayLike<number>, at: number, v: ArrayLike<number>, vAt: number,
): void {
  const x = v[vAt], y = v[vAt + 1], z = v[vAt + 2];
  out[outAt] = M[at] * x + M[at + 3] * y + M[at + 6] * z;
  out[outAt + 1] = M[at + 1] * x + M[at + 4] * y + M[at + 7] * z;
  out[outAt + 2] = M[at + 2] * x + M[at + 5] * y + M[at + 8] * z;
}

/**
 * The eigen decomposition A = Q diag(λ) Qᵀ of a symmetric 3x3 A (principal axes of an inertia): λ into
 * `values`, the unit eigenvectors as Q's columns into `vectors` (column-major, a rotation: det Q = +1).
 * Cyclic Jacobi (Golub and Van Loan, "Matrix Computations", 8.5): each sweep zeroes the off-diagonal
 * entries (p, q) in turn by a plane rotation of angle θ, cot 2θ = (a_qq − a_pp) / 2a_pq, taken with
 * t = tan θ = sign / (|cot 2θ| + √(cot² 2θ + 1)) (the smaller angle), c = 1/√(t² + 1), s = t c. Not for
 * the step: it runs where shapes are built.
 */
export function symmetricEigen(A: ArrayLike<number>, values: Float64Array, vectors: Float64Array): void {
  const a = Float64Array.from(A);
  vectors.fill(0);
  vectors[0] = vectors[4] = vectors[8] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[3] * a[3] + a[6] * a[6] + a[7] * a[7];
    if (off <= 1e-30 * (a[0] * a[0] + a[4] * a[4] + a[8] * a[8])) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      const apq = a[3 * q + p];
      if (apq === 0) continue;
      const cot = (a[4 * q] - a[4 * p]) / (2 * apq);
      const t = (cot >= 0 ? 1 : -1) / (Math.abs(cot) + Math.sqrt(cot * cot + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      // A ← Jᵀ A J with J the rotation in the (p, q) plane; Q ← Q J
      for (let k = 0; k < 3; k++) {
        const akp = a[3 * p + k], akq = a[3 * q + k];
        a[3 * p + k] = c * akp - s * akq;
        a[3 * q + k] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[3 * k + p], aqk = a[3 * k + q];
        a[3 * k + p] = c * apk - s * aqk;
        a[3 * k + q] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = vectors[3 * p + k], vkq = vectors[3 * q + k];
        vectors[3 * p + k] = c * vkp - s * vkq;
        vectors[3 * q + k] = s * vkp + c * vkq;
      }
    }
  }
  values[0] = a[0]; values[1] = a[4]; values[2] = a[8];
}
