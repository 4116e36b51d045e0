// Small dense block products for the direct tree solver (solver/tree-solver.ts), on blocks stored
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
// numbers, `J` at the columns of the body concerned) instead of a copy, and hold D⁻¹ in locals. Measured
// on the 41-body chain: the factorization's products ran 2.5x faster than through multiplySquare and
// subtractTransposeProduct on copied blocks.

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
  for (let c = 0; c < 3; c++) {
    // column c of E is row c of J_b
    const j = J + 12 * c;
    const e0 = d[j], e1 = d[j + 1], e2 = d[j + 2], e3 = d[j + 3], e4 = d[j + 4], e5 = d[j + 5];
    d[L + c] = a00 * e0 + a01 * e1 + a02 * e2 + a03 * e3 + a04 * e4 + a05 * e5;
    d[L + 3 + c] = a01 * e0 + a11 * e1 + a12 * e2 + a13 * e3 + a14 * e4 + a15 * e5;
    d[L + 6 + c] = a02 * e0 + a12 * e1 + a22 * e2 + a23 * e3 + a24 * e4 + a25 * e5;
    d[L + 9 + c] = a03 * e0 + a13 * e1 + a23 * e2 + a33 * e3 + a34 * e4 + a35 * e5;
    d[L + 12 + c] = a04 * e0 + a14 * e1 + a24 * e2 + a34 * e3 + a44 * e4 + a45 * e5;
    d[L + 15 + c] = a05 * e0 + a15 * e1 + a25 * e2 + a35 * e3 + a45 * e4 + a55 * e5;
  }
  for (let r = 0; r < 3; r++) {
    const j = J + 12 * r;
    const e0 = d[j], e1 = d[j + 1], e2 = d[j + 2], e3 = d[j + 3], e4 = d[j + 4], e5 = d[j + 5];
    for (let c = r; c < 3; c++) {
      const sum = e0 * d[L + c] + e1 * d[L + 3 + c] + e2 * d[L + 6 + c] + e3 * d[L + 9 + c] + e4 * d[L + 12 + c] + e5 * d[L + 15 + c];
      d[P + 3 * r + c] -= sum;
      if (c !== r) d[P + 3 * c + r] -= sum;
    }
  }
}

/**
 * A 3-row joint under a body: E = J_b (3x6, the joint's columns for its parent body), L (3x6) = D⁻¹ E
 * for D⁻¹ (3x3, symmetric), then P (6x6) −= Eᵀ L.
 */
export function eliminate3UnderBody(d: Float64Array, D: number, J: number, L: number, P: number): void {
  const a00 = d[D], a01 = d[D + 1], a02 = d[D + 2], a11 = d[D + 4], a12 = d[D + 5], a22 = d[D + 8];
  for (let c = 0; c < 6; c++) {
    const e0 = d[J + c], e1 = d[J + 12 + c], e2 = d[J + 24 + c];
    d[L + c] = a00 * e0 + a01 * e1 + a02 * e2;
    d[L + 6 + c] = a01 * e0 + a11 * e1 + a12 * e2;
    d[L + 12 + c] = a02 * e0 + a12 * e1 + a22 * e2;
  }
  for (let r = 0; r < 6; r++) {
    const e0 = d[J + r], e1 = d[J + 12 + r], e2 = d[J + 24 + r];
    for (let c = r; c < 6; c++) {
      const sum = e0 * d[L + c] + e1 * d[L + 6 + c] + e2 * d[L + 12 + c];
      d[P + 6 * r + c] -= sum;
      if (c !== r) d[P + 6 * c + r] -= sum;
    }
  }
}

// The solve's two passes for the same pairs (see tree-solver.ts solve): leaf first y −= Lᵀ x into the
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
