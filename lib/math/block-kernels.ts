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
