// Small dense block products for the direct solver (solver/direct/factorization.ts), on blocks stored
// row-major at offsets in one Float64Array. The blocks are 3, 5 or 6 rows (joints) and 6 (bodies).
//
// Why unrolled. Written as three nested loops, these ran at 0.6 GFlop/s in V8; with the inner sum over k
// written out for the common sizes (k < 6, operands held in locals) the same product ran at 1.6-2.2
// GFlop/s (measured on a 6x6 times 6x6, node 20). The generic loop stays for other sizes.

/** out (m × p) = A (m × m) · B (m × p). */
export function multiplySquare(d: Float64Array, A: number, m: number, B: number, p: number, out: number): void {
  if (m === 6) {
    for (let r = 0; r < 6; r++) {
      const a = A + r * 6, o = out + r * p;
      const a0 = d[a], a1 = d[a + 1], a2 = d[a + 2], a3 = d[a + 3], a4 = d[a + 4], a5 = d[a + 5];
      for (let c = 0; c < p; c++) {
        const b = B + c;
        d[o + c] = a0 * d[b] + a1 * d[b + p] + a2 * d[b + 2 * p] + a3 * d[b + 3 * p] + a4 * d[b + 4 * p] + a5 * d[b + 5 * p];
      }
    }
  } else if (m === 3) {
    for (let r = 0; r < 3; r++) {
      const a = A + r * 3, o = out + r * p;
      const a0 = d[a], a1 = d[a + 1], a2 = d[a + 2];
      for (let c = 0; c < p; c++) {
        const b = B + c;
        d[o + c] = a0 * d[b] + a1 * d[b + p] + a2 * d[b + 2 * p];
      }
    }
  } else if (m === 5) {
    for (let r = 0; r < 5; r++) {
      const a = A + r * 5, o = out + r * p;
      const a0 = d[a], a1 = d[a + 1], a2 = d[a + 2], a3 = d[a + 3], a4 = d[a + 4];
      for (let c = 0; c < p; c++) {
        const b = B + c;
        d[o + c] = a0 * d[b] + a1 * d[b + p] + a2 * d[b + 2 * p] + a3 * d[b + 3 * p] + a4 * d[b + 4 * p];
      }
    }
  } else {
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < p; c++) {
        let sum = 0;
        for (let k = 0; k < m; k++) sum += d[A + r * m + k] * d[B + k * p + c];
        d[out + r * p + c] = sum;
      }
    }
  }
}

/** C (p × p, symmetric) −= Eᵀ · L for E, L both m × p. Both triangles of C are written. */
export function subtractTransposeProduct(d: Float64Array, E: number, L: number, m: number, p: number, C: number): void {
  for (let r = 0; r < p; r++) {
    // column r of E, held in locals (rows beyond m are zero)
    const e0 = d[E + r], e1 = m > 1 ? d[E + p + r] : 0, e2 = m > 2 ? d[E + 2 * p + r] : 0;
    const e3 = m > 3 ? d[E + 3 * p + r] : 0, e4 = m > 4 ? d[E + 4 * p + r] : 0, e5 = m > 5 ? d[E + 5 * p + r] : 0;
    if (m > 6) {
      for (let c = r; c < p; c++) {
        let sum = 0;
        for (let k = 0; k < m; k++) sum += d[E + k * p + r] * d[L + k * p + c];
        d[C + r * p + c] -= sum;
        if (c !== r) d[C + c * p + r] -= sum;
      }
      continue;
    }
    for (let c = r; c < p; c++) {
      const l = L + c;
      let sum = e0 * d[l];
      if (m > 1) sum += e1 * d[l + p];
      if (m > 2) sum += e2 * d[l + 2 * p];
      if (m > 3) sum += e3 * d[l + 3 * p] + (m > 4 ? e4 * d[l + 4 * p] : 0) + (m > 5 ? e5 * d[l + 5 * p] : 0);
      d[C + r * p + c] -= sum;
      if (c !== r) d[C + c * p + r] -= sum;
    }
  }
}

/** C (p × q) −= Eᵀ · L for E m × p and L m × q (a fill block's update: two different neighbours of the
 * node eliminated). */
export function subtractTransposeProductRectangular(d: Float64Array, E: number, L: number, m: number, p: number, q: number, C: number): void {
  if (m === 6 && q === 6) {
    subtractTransposeProduct6x6(d, E, L, p, C);
    return;
  }
  if (q === 3) {
    // (a ball joint's or a body's neighbours in a grid: the common case, summed in locals)
    for (let r = 0; r < p; r++) {
      let c0 = 0, c1 = 0, c2 = 0;
      for (let k = 0; k < m; k++) {
        const e = d[E + k * p + r], l = L + 3 * k;
        c0 += e * d[l]; c1 += e * d[l + 1]; c2 += e * d[l + 2];
      }
      const c = C + 3 * r;
      d[c] -= c0; d[c + 1] -= c1; d[c + 2] -= c2;
    }
    return;
  }
  if (q === 6) {
    for (let r = 0; r < p; r++) {
      let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
      for (let k = 0; k < m; k++) {
        const e = d[E + k * p + r], l = L + 6 * k;
        c0 += e * d[l]; c1 += e * d[l + 1]; c2 += e * d[l + 2];
        c3 += e * d[l + 3]; c4 += e * d[l + 4]; c5 += e * d[l + 5];
      }
      const c = C + 6 * r;
      d[c] -= c0; d[c + 1] -= c1; d[c + 2] -= c2; d[c + 3] -= c3; d[c + 4] -= c4; d[c + 5] -= c5;
    }
    return;
  }
  for (let r = 0; r < p; r++) {
    const c0 = C + r * q;
    for (let k = 0; k < m; k++) {
      const e = d[E + k * p + r];
      if (e === 0) continue;
      const l = L + k * q;
      for (let c = 0; c < q; c++) d[c0 + c] -= e * d[l + c];
    }
  }
}

/**
 * subtractTransposeProductRectangular for m = q = 6 (welds in a loop: most of a welded wall's
 * factorization), with L held in 36 locals across the p rows of the result: measured 1.25x the speed of
 * the general loop on a 6x6x6 product.
 */
function subtractTransposeProduct6x6(d: Float64Array, E: number, L: number, p: number, C: number): void {
  const l00 = d[L], l01 = d[L + 1], l02 = d[L + 2], l03 = d[L + 3], l04 = d[L + 4], l05 = d[L + 5];
  const l10 = d[L + 6], l11 = d[L + 7], l12 = d[L + 8], l13 = d[L + 9], l14 = d[L + 10], l15 = d[L + 11];
  const l20 = d[L + 12], l21 = d[L + 13], l22 = d[L + 14], l23 = d[L + 15], l24 = d[L + 16], l25 = d[L + 17];
  const l30 = d[L + 18], l31 = d[L + 19], l32 = d[L + 20], l33 = d[L + 21], l34 = d[L + 22], l35 = d[L + 23];
  const l40 = d[L + 24], l41 = d[L + 25], l42 = d[L + 26], l43 = d[L + 27], l44 = d[L + 28], l45 = d[L + 29];
  const l50 = d[L + 30], l51 = d[L + 31], l52 = d[L + 32], l53 = d[L + 33], l54 = d[L + 34], l55 = d[L + 35];
  for (let r = 0; r < p; r++) {
    const e0 = d[E + r], e1 = d[E + p + r], e2 = d[E + 2 * p + r], e3 = d[E + 3 * p + r], e4 = d[E + 4 * p + r], e5 = d[E + 5 * p + r];
    const c = C + 6 * r;
    d[c] -= e0 * l00 + e1 * l10 + e2 * l20 + e3 * l30 + e4 * l40 + e5 * l50;
    d[c + 1] -= e0 * l01 + e1 * l11 + e2 * l21 + e3 * l31 + e4 * l41 + e5 * l51;
    d[c + 2] -= e0 * l02 + e1 * l12 + e2 * l22 + e3 * l32 + e4 * l42 + e5 * l52;
    d[c + 3] -= e0 * l03 + e1 * l13 + e2 * l23 + e3 * l33 + e4 * l43 + e5 * l53;
    d[c + 4] -= e0 * l04 + e1 * l14 + e2 * l24 + e3 * l34 + e4 * l44 + e5 * l54;
    d[c + 5] -= e0 * l05 + e1 * l15 + e2 * l25 + e3 * l35 + e4 * l45 + e5 * l55;
  }
}

/** y (p) −= Lᵀ x for L m × p and x (m). */
export function subtractTransposeTimes(d: Float64Array, L: number, m: number, p: number, x: number, y: number): void {
  if (m > 6) {
    for (let c = 0; c < p; c++) {
      let sum = 0;
      for (let k = 0; k < m; k++) sum += d[L + k * p + c] * d[x + k];
      d[y + c] -= sum;
    }
    return;
  }
  const x0 = d[x], x1 = m > 1 ? d[x + 1] : 0, x2 = m > 2 ? d[x + 2] : 0;
  const x3 = m > 3 ? d[x + 3] : 0, x4 = m > 4 ? d[x + 4] : 0, x5 = m > 5 ? d[x + 5] : 0;
  for (let c = 0; c < p; c++) {
    const l = L + c;
    let sum = x0 * d[l];
    if (m > 1) sum += x1 * d[l + p];
    if (m > 2) sum += x2 * d[l + 2 * p];
    if (m > 3) sum += x3 * d[l + 3 * p] + (m > 4 ? x4 * d[l + 4 * p] : 0) + (m > 5 ? x5 * d[l + 5 * p] : 0);
    d[y + c] -= sum;
  }
}

/** y (m) −= L x for L m × p and x (p). */
export function subtractTimes(d: Float64Array, L: number, m: number, p: number, x: number, y: number): void {
  if (p > 6) {
    for (let r = 0; r < m; r++) {
      let sum = 0;
      for (let c = 0; c < p; c++) sum += d[L + r * p + c] * d[x + c];
      d[y + r] -= sum;
    }
    return;
  }
  const x0 = d[x], x1 = p > 1 ? d[x + 1] : 0, x2 = p > 2 ? d[x + 2] : 0;
  const x3 = p > 3 ? d[x + 3] : 0, x4 = p > 4 ? d[x + 4] : 0, x5 = p > 5 ? d[x + 5] : 0;
  for (let r = 0; r < m; r++) {
    const l = L + r * p;
    let sum = x0 * d[l];
    if (p > 1) sum += x1 * d[l + 1];
    if (p > 2) sum += x2 * d[l + 2];
    if (p > 3) sum += x3 * d[l + 3] + (p > 4 ? x4 * d[l + 4] : 0) + (p > 5 ? x5 * d[l + 5] : 0);
    d[y + r] -= sum;
  }
}

/** x (m) ← A x for A m × m (x is read into locals first, so the product may overwrite it). */
export function multiplyInPlace(d: Float64Array, A: number, m: number, x: number): void {
  if (m > 6) throw new RangeError(`multiplyInPlace: blocks of at most 6 rows, got ${m}`);
  const x0 = d[x], x1 = m > 1 ? d[x + 1] : 0, x2 = m > 2 ? d[x + 2] : 0;
  const x3 = m > 3 ? d[x + 3] : 0, x4 = m > 4 ? d[x + 4] : 0, x5 = m > 5 ? d[x + 5] : 0;
  for (let r = 0; r < m; r++) {
    const a = A + r * m;
    let sum = d[a] * x0;
    if (m > 1) sum += d[a + 1] * x1;
    if (m > 2) sum += d[a + 2] * x2;
    if (m > 3) sum += d[a + 3] * x3 + (m > 4 ? d[a + 4] * x4 : 0) + (m > 5 ? d[a + 5] * x5 : 0);
    d[x + r] = sum;
  }
}

// The chain's two eliminations, with the block sizes fixed: a body (6) under a 3-row joint (ball,
// orientation) and a 3-row joint under a body. Both read E straight from the joint's J (rows of 12
// numbers, `J` at the columns of the body concerned) instead of a copy, and hold D⁻¹, E and L in locals.
// Measured on the 41-body chain: the factorization's products ran 2.5x faster than through
// multiplySquare and subtractTransposeProduct on copied blocks; and holding L in locals rather than
// reading it back from the array made the whole factorization 21 % faster again (V8 must reload an
// array entry after any store into the same array, and P's update stores between the reads).

/**
 * A body under a 3-row joint: E = J_bᵀ (6x3, the joint's columns for this body), L (6x3) = D⁻¹ E for
 * D⁻¹ (6x6, symmetric), then P (3x3) −= Eᵀ L.
 */
export function eliminateBodyUnder3(d: Float64Array, D: number, J: number, L: number, P: number): void {
  const a00 = d[D], a01 = d[D + 1], a02 = d[D + 2], a03 = d[D + 3], a04 = d[D + 4], a05 = d[D + 5];
  const a11 = d[D + 7], a12 = d[D + 8], a13 = d[D + 9], a14 = d[D + 10], a15 = d[D + 11];
  const a22 = d[D + 14], a23 = d[D + 15], a24 = d[D + 16], a25 = d[D + 17];
  const a33 = d[D + 21], a34 = d[D + 22], a35 = d[D + 23];
  const a44 = d[D + 28], a45 = d[D + 29];
  const a55 = d[D + 35];
  // E's columns are J_b's rows: e_ck = J_b[c][k]
  const e00 = d[J], e01 = d[J + 1], e02 = d[J + 2], e03 = d[J + 3], e04 = d[J + 4], e05 = d[J + 5];
  const e10 = d[J + 12], e11 = d[J + 13], e12 = d[J + 14], e13 = d[J + 15], e14 = d[J + 16], e15 = d[J + 17];
  const e20 = d[J + 24], e21 = d[J + 25], e22 = d[J + 26], e23 = d[J + 27], e24 = d[J + 28], e25 = d[J + 29];
  // L = D⁻¹ E (column c from E's column c), held in locals and stored
  const l00 = a00 * e00 + a01 * e01 + a02 * e02 + a03 * e03 + a04 * e04 + a05 * e05,
    l10 = a01 * e00 + a11 * e01 + a12 * e02 + a13 * e03 + a14 * e04 + a15 * e05,
    l20 = a02 * e00 + a12 * e01 + a22 * e02 + a23 * e03 + a24 * e04 + a25 * e05,
    l30 = a03 * e00 + a13 * e01 + a23 * e02 + a33 * e03 + a34 * e04 + a35 * e05,
    l40 = a04 * e00 + a14 * e01 + a24 * e02 + a34 * e03 + a44 * e04 + a45 * e05,
    l50 = a05 * e00 + a15 * e01 + a25 * e02 + a35 * e03 + a45 * e04 + a55 * e05;
  const l01 = a00 * e10 + a01 * e11 + a02 * e12 + a03 * e13 + a04 * e14 + a05 * e15,
    l11 = a01 * e10 + a11 * e11 + a12 * e12 + a13 * e13 + a14 * e14 + a15 * e15,
    l21 = a02 * e10 + a12 * e11 + a22 * e12 + a23 * e13 + a24 * e14 + a25 * e15,
    l31 = a03 * e10 + a13 * e11 + a23 * e12 + a33 * e13 + a34 * e14 + a35 * e15,
    l41 = a04 * e10 + a14 * e11 + a24 * e12 + a34 * e13 + a44 * e14 + a45 * e15,
    l51 = a05 * e10 + a15 * e11 + a25 * e12 + a35 * e13 + a45 * e14 + a55 * e15;
  const l02 = a00 * e20 + a01 * e21 + a02 * e22 + a03 * e23 + a04 * e24 + a05 * e25,
    l12 = a01 * e20 + a11 * e21 + a12 * e22 + a13 * e23 + a14 * e24 + a15 * e25,
    l22 = a02 * e20 + a12 * e21 + a22 * e22 + a23 * e23 + a24 * e24 + a25 * e25,
    l32 = a03 * e20 + a13 * e21 + a23 * e22 + a33 * e23 + a34 * e24 + a35 * e25,
    l42 = a04 * e20 + a14 * e21 + a24 * e22 + a34 * e23 + a44 * e24 + a45 * e25,
    l52 = a05 * e20 + a15 * e21 + a25 * e22 + a35 * e23 + a45 * e24 + a55 * e25;
  d[L] = l00; d[L + 1] = l01; d[L + 2] = l02;
  d[L + 3] = l10; d[L + 4] = l11; d[L + 5] = l12;
  d[L + 6] = l20; d[L + 7] = l21; d[L + 8] = l22;
  d[L + 9] = l30; d[L + 10] = l31; d[L + 11] = l32;
  d[L + 12] = l40; d[L + 13] = l41; d[L + 14] = l42;
  d[L + 15] = l50; d[L + 16] = l51; d[L + 17] = l52;
  // P −= Eᵀ L (symmetric: the upper triangle, mirrored)
  d[P] -= e00 * l00 + e01 * l10 + e02 * l20 + e03 * l30 + e04 * l40 + e05 * l50;
  const p01 = e00 * l01 + e01 * l11 + e02 * l21 + e03 * l31 + e04 * l41 + e05 * l51;
  d[P + 1] -= p01; d[P + 3] -= p01;
  const p02 = e00 * l02 + e01 * l12 + e02 * l22 + e03 * l32 + e04 * l42 + e05 * l52;
  d[P + 2] -= p02; d[P + 6] -= p02;
  d[P + 4] -= e10 * l01 + e11 * l11 + e12 * l21 + e13 * l31 + e14 * l41 + e15 * l51;
  const p12 = e10 * l02 + e11 * l12 + e12 * l22 + e13 * l32 + e14 * l42 + e15 * l52;
  d[P + 5] -= p12; d[P + 7] -= p12;
  d[P + 8] -= e20 * l02 + e21 * l12 + e22 * l22 + e23 * l32 + e24 * l42 + e25 * l52;
}

/**
 * A 3-row joint under a body: E = J_b (3x6, the joint's columns for its parent body), L (3x6) = D⁻¹ E
 * for D⁻¹ (3x3, symmetric), then P (6x6) −= Eᵀ L.
 */
export function eliminate3UnderBody(d: Float64Array, D: number, J: number, L: number, P: number): void {
  const a00 = d[D], a01 = d[D + 1], a02 = d[D + 2], a11 = d[D + 4], a12 = d[D + 5], a22 = d[D + 8];
  // E = J_b: e_kc = J_b[k][c]
  const e00 = d[J], e01 = d[J + 1], e02 = d[J + 2], e03 = d[J + 3], e04 = d[J + 4], e05 = d[J + 5];
  const e10 = d[J + 12], e11 = d[J + 13], e12 = d[J + 14], e13 = d[J + 15], e14 = d[J + 16], e15 = d[J + 17];
  const e20 = d[J + 24], e21 = d[J + 25], e22 = d[J + 26], e23 = d[J + 27], e24 = d[J + 28], e25 = d[J + 29];
  // L = D⁻¹ E, held in locals and stored
  const l00 = a00 * e00 + a01 * e10 + a02 * e20, l01 = a00 * e01 + a01 * e11 + a02 * e21, l02 = a00 * e02 + a01 * e12 + a02 * e22, l03 = a00 * e03 + a01 * e13 + a02 * e23, l04 = a00 * e04 + a01 * e14 + a02 * e24, l05 = a00 * e05 + a01 * e15 + a02 * e25;
  const l10 = a01 * e00 + a11 * e10 + a12 * e20, l11 = a01 * e01 + a11 * e11 + a12 * e21, l12 = a01 * e02 + a11 * e12 + a12 * e22, l13 = a01 * e03 + a11 * e13 + a12 * e23, l14 = a01 * e04 + a11 * e14 + a12 * e24, l15 = a01 * e05 + a11 * e15 + a12 * e25;
  const l20 = a02 * e00 + a12 * e10 + a22 * e20, l21 = a02 * e01 + a12 * e11 + a22 * e21, l22 = a02 * e02 + a12 * e12 + a22 * e22, l23 = a02 * e03 + a12 * e13 + a22 * e23, l24 = a02 * e04 + a12 * e14 + a22 * e24, l25 = a02 * e05 + a12 * e15 + a22 * e25;
  d[L] = l00; d[L + 1] = l01; d[L + 2] = l02; d[L + 3] = l03; d[L + 4] = l04; d[L + 5] = l05;
  d[L + 6] = l10; d[L + 7] = l11; d[L + 8] = l12; d[L + 9] = l13; d[L + 10] = l14; d[L + 11] = l15;
  d[L + 12] = l20; d[L + 13] = l21; d[L + 14] = l22; d[L + 15] = l23; d[L + 16] = l24; d[L + 17] = l25;
  // P −= Eᵀ L (symmetric: the upper triangle, mirrored)
  d[P] -= e00 * l00 + e10 * l10 + e20 * l20;
  const p01 = e00 * l01 + e10 * l11 + e20 * l21;
  d[P + 1] -= p01; d[P + 6] -= p01;
  const p02 = e00 * l02 + e10 * l12 + e20 * l22;
  d[P + 2] -= p02; d[P + 12] -= p02;
  const p03 = e00 * l03 + e10 * l13 + e20 * l23;
  d[P + 3] -= p03; d[P + 18] -= p03;
  const p04 = e00 * l04 + e10 * l14 + e20 * l24;
  d[P + 4] -= p04; d[P + 24] -= p04;
  const p05 = e00 * l05 + e10 * l15 + e20 * l25;
  d[P + 5] -= p05; d[P + 30] -= p05;
  d[P + 7] -= e01 * l01 + e11 * l11 + e21 * l21;
  const p12 = e01 * l02 + e11 * l12 + e21 * l22;
  d[P + 8] -= p12; d[P + 13] -= p12;
  const p13 = e01 * l03 + e11 * l13 + e21 * l23;
  d[P + 9] -= p13; d[P + 19] -= p13;
  const p14 = e01 * l04 + e11 * l14 + e21 * l24;
  d[P + 10] -= p14; d[P + 25] -= p14;
  const p15 = e01 * l05 + e11 * l15 + e21 * l25;
  d[P + 11] -= p15; d[P + 31] -= p15;
  d[P + 14] -= e02 * l02 + e12 * l12 + e22 * l22;
  const p23 = e02 * l03 + e12 * l13 + e22 * l23;
  d[P + 15] -= p23; d[P + 20] -= p23;
  const p24 = e02 * l04 + e12 * l14 + e22 * l24;
  d[P + 16] -= p24; d[P + 26] -= p24;
  const p25 = e02 * l05 + e12 * l15 + e22 * l25;
  d[P + 17] -= p25; d[P + 32] -= p25;
  d[P + 21] -= e03 * l03 + e13 * l13 + e23 * l23;
  const p34 = e03 * l04 + e13 * l14 + e23 * l24;
  d[P + 22] -= p34; d[P + 27] -= p34;
  const p35 = e03 * l05 + e13 * l15 + e23 * l25;
  d[P + 23] -= p35; d[P + 33] -= p35;
  d[P + 28] -= e04 * l04 + e14 * l14 + e24 * l24;
  const p45 = e04 * l05 + e14 * l15 + e24 * l25;
  d[P + 29] -= p45; d[P + 34] -= p45;
  d[P + 35] -= e05 * l05 + e15 * l15 + e25 * l25;
}

// The solve's two passes for the same pairs (see solver/direct/factorization.ts solve): leaf first y −= Lᵀ x into the
// parent, then root first x ← D⁻¹ x − L y from the parent.

/** A body under a 3-row joint, leaf first: y (3) −= Lᵀ x for L (6x3) and x (6). */
export function subtractTransposeTimesBodyUnder3(d: Float64Array, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], x2 = d[x + 2], x3 = d[x + 3], x4 = d[x + 4], x5 = d[x + 5];
  d[y] -= d[L] * x0 + d[L + 3] * x1 + d[L + 6] * x2 + d[L + 9] * x3 + d[L + 12] * x4 + d[L + 15] * x5;
  d[y + 1] -= d[L + 1] * x0 + d[L + 4] * x1 + d[L + 7] * x2 + d[L + 10] * x3 + d[L + 13] * x4 + d[L + 16] * x5;
  d[y + 2] -= d[L + 2] * x0 + d[L + 5] * x1 + d[L + 8] * x2 + d[L + 11] * x3 + d[L + 14] * x4 + d[L + 17] * x5;
}

/** A 3-row joint under a body, leaf first: y (6) −= Lᵀ x for L (3x6) and x (3). */
export function subtractTransposeTimes3UnderBody(d: Float64Array, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], x2 = d[x + 2];
  for (let c = 0; c < 6; c++) d[y + c] -= d[L + c] * x0 + d[L + 6 + c] * x1 + d[L + 12 + c] * x2;
}

/** A body under a 3-row joint, root first: x (6) ← D⁻¹ x − L y for D⁻¹ (6x6), L (6x3) and y (3). */
export function backSubstituteBodyUnder3(d: Float64Array, D: number, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], x2 = d[x + 2], x3 = d[x + 3], x4 = d[x + 4], x5 = d[x + 5];
  const y0 = d[y], y1 = d[y + 1], y2 = d[y + 2];
  for (let r = 0; r < 6; r++) {
    const a = D + 6 * r, l = L + 3 * r;
    d[x + r] = d[a] * x0 + d[a + 1] * x1 + d[a + 2] * x2 + d[a + 3] * x3 + d[a + 4] * x4 + d[a + 5] * x5
      - (d[l] * y0 + d[l + 1] * y1 + d[l + 2] * y2);
  }
}

/** A 3-row joint under a body, root first: x (3) ← D⁻¹ x − L y for D⁻¹ (3x3), L (3x6) and y (6). */
export function backSubstitute3UnderBody(d: Float64Array, D: number, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], x2 = d[x + 2];
  const y0 = d[y], y1 = d[y + 1], y2 = d[y + 2], y3 = d[y + 3], y4 = d[y + 4], y5 = d[y + 5];
  for (let r = 0; r < 3; r++) {
    const a = D + 3 * r, l = L + 6 * r;
    d[x + r] = d[a] * x0 + d[a + 1] * x1 + d[a + 2] * x2
      - (d[l] * y0 + d[l + 1] * y1 + d[l + 2] * y2 + d[l + 3] * y3 + d[l + 4] * y4 + d[l + 5] * y5);
  }
}

// The 2D chain's pairs (the revolute joint's 2 rows and a planar body's 3 numbers: v_x, v_y, ω), as the
// 3D ones above: E read from the joint's J (rows of 6 numbers), D⁻¹, E and L held in locals. Measured A/B
// in one process, the 2D direct step against the general kernels: 1.13-1.22x faster on the 41-body
// heavy-end chain, 1.33-1.44x on S1 with 100 links, 1.26-1.29x with 1000.

/**
 * A planar body under a 2-row joint: E = J_bᵀ (3x2), L (3x2) = D⁻¹ E for D⁻¹ (3x3, symmetric), then
 * P (2x2) −= Eᵀ L.
 */
export function eliminateBodyUnder2(d: Float64Array, D: number, J: number, L: number, P: number): void {
  const a00 = d[D], a01 = d[D + 1], a02 = d[D + 2], a11 = d[D + 4], a12 = d[D + 5], a22 = d[D + 8];
  const e00 = d[J], e01 = d[J + 1], e02 = d[J + 2];
  const e10 = d[J + 6], e11 = d[J + 7], e12 = d[J + 8];
  const l00 = a00 * e00 + a01 * e01 + a02 * e02, l01 = a00 * e10 + a01 * e11 + a02 * e12;
  const l10 = a01 * e00 + a11 * e01 + a12 * e02, l11 = a01 * e10 + a11 * e11 + a12 * e12;
  const l20 = a02 * e00 + a12 * e01 + a22 * e02, l21 = a02 * e10 + a12 * e11 + a22 * e12;
  d[L] = l00; d[L + 1] = l01; d[L + 2] = l10; d[L + 3] = l11; d[L + 4] = l20; d[L + 5] = l21;
  d[P] -= e00 * l00 + e01 * l10 + e02 * l20;
  const p01 = e00 * l01 + e01 * l11 + e02 * l21;
  d[P + 1] -= p01; d[P + 2] -= p01;
  d[P + 3] -= e10 * l01 + e11 * l11 + e12 * l21;
}

/**
 * A 2-row joint under a planar body: E = J_b (2x3), L (2x3) = D⁻¹ E for D⁻¹ (2x2, symmetric), then
 * P (3x3) −= Eᵀ L.
 */
export function eliminate2UnderBody(d: Float64Array, D: number, J: number, L: number, P: number): void {
  const a00 = d[D], a01 = d[D + 1], a11 = d[D + 3];
  const e00 = d[J], e01 = d[J + 1], e02 = d[J + 2];
  const e10 = d[J + 6], e11 = d[J + 7], e12 = d[J + 8];
  const l00 = a00 * e00 + a01 * e10, l01 = a00 * e01 + a01 * e11, l02 = a00 * e02 + a01 * e12;
  const l10 = a01 * e00 + a11 * e10, l11 = a01 * e01 + a11 * e11, l12 = a01 * e02 + a11 * e12;
  d[L] = l00; d[L + 1] = l01; d[L + 2] = l02; d[L + 3] = l10; d[L + 4] = l11; d[L + 5] = l12;
  d[P] -= e00 * l00 + e10 * l10;
  const p01 = e00 * l01 + e10 * l11;
  d[P + 1] -= p01; d[P + 3] -= p01;
  const p02 = e00 * l02 + e10 * l12;
  d[P + 2] -= p02; d[P + 6] -= p02;
  d[P + 4] -= e01 * l01 + e11 * l11;
  const p12 = e01 * l02 + e11 * l12;
  d[P + 5] -= p12; d[P + 7] -= p12;
  d[P + 8] -= e02 * l02 + e12 * l12;
}

/** A planar body under a 2-row joint, leaf first: y (2) −= Lᵀ x for L (3x2) and x (3). */
export function subtractTransposeTimesBodyUnder2(d: Float64Array, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], x2 = d[x + 2];
  d[y] -= d[L] * x0 + d[L + 2] * x1 + d[L + 4] * x2;
  d[y + 1] -= d[L + 1] * x0 + d[L + 3] * x1 + d[L + 5] * x2;
}

/** A 2-row joint under a planar body, leaf first: y (3) −= Lᵀ x for L (2x3) and x (2). */
export function subtractTransposeTimes2UnderBody(d: Float64Array, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1];
  d[y] -= d[L] * x0 + d[L + 3] * x1;
  d[y + 1] -= d[L + 1] * x0 + d[L + 4] * x1;
  d[y + 2] -= d[L + 2] * x0 + d[L + 5] * x1;
}

/** A planar body under a 2-row joint, root first: x (3) ← D⁻¹ x − L y for D⁻¹ (3x3), L (3x2), y (2). */
export function backSubstituteBodyUnder2(d: Float64Array, D: number, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], x2 = d[x + 2], y0 = d[y], y1 = d[y + 1];
  d[x] = d[D] * x0 + d[D + 1] * x1 + d[D + 2] * x2 - (d[L] * y0 + d[L + 1] * y1);
  d[x + 1] = d[D + 3] * x0 + d[D + 4] * x1 + d[D + 5] * x2 - (d[L + 2] * y0 + d[L + 3] * y1);
  d[x + 2] = d[D + 6] * x0 + d[D + 7] * x1 + d[D + 8] * x2 - (d[L + 4] * y0 + d[L + 5] * y1);
}

/** A 2-row joint under a planar body, root first: x (2) ← D⁻¹ x − L y for D⁻¹ (2x2), L (2x3), y (3). */
export function backSubstitute2UnderBody(d: Float64Array, D: number, L: number, x: number, y: number): void {
  const x0 = d[x], x1 = d[x + 1], y0 = d[y], y1 = d[y + 1], y2 = d[y + 2];
  d[x] = d[D] * x0 + d[D + 1] * x1 - (d[L] * y0 + d[L + 1] * y1 + d[L + 2] * y2);
  d[x + 1] = d[D + 2] * x0 + d[D + 3] * x1 - (d[L + 3] * y0 + d[L + 4] * y1 + d[L + 5] * y2);
}
