// The complementarity solver of the direct solver's limit rows (lib/math/lcp.ts) against brute force: for
// a positive definite A the LCP has one solution, which one of the 2ⁿ guesses of the free set gives.

import { describe, expect, it } from 'vitest';
import { SymmetricLcp } from '../lib/math/lcp.js';
import { seededRandom } from './helpers.js';

/** A random symmetric positive definite n×n matrix BᵀB + εI, row-major. */
function randomSpd(random: () => number, n: number): Float64Array {
  const B = Float64Array.from({ length: n * n }, () => random() * 2 - 1);
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let sum = i === j ? 1e-3 : 0;
    for (let k = 0; k < n; k++) sum += B[k * n + i] * B[k * n + j];
    A[i * n + j] = sum;
  }
  return A;
}

/** The solution by trying every free set (Gaussian elimination on each A_FF). */
function bruteForce(A: Float64Array, q: Float64Array, n: number): Float64Array {
  for (let mask = 0; mask < 1 << n; mask++) {
    const F = [...Array(n).keys()].filter((i) => (mask >> i) & 1);
    const m = F.length, a = F.map((i) => [...F.map((j) => A[i * n + j]), -q[i]]);
    for (let c = 0; c < m; c++) {
      let p = c;
      for (let r = c + 1; r < m; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
      [a[c], a[p]] = [a[p], a[c]];
      for (let r = 0; r < m; r++) {
        if (r === c) continue;
        const f = a[r][c] / a[c][c];
        for (let k = c; k <= m; k++) a[r][k] -= f * a[c][k];
      }
    }
    const lambda = new Float64Array(n);
    F.forEach((i, k) => (lambda[i] = a[k][m] / a[k][k]));
    let ok = lambda.every((l) => l >= -1e-12);
    for (let i = 0; ok && i < n; i++) {
      if (F.includes(i)) continue;
      let w = q[i];
      for (let j = 0; j < n; j++) w += A[i * n + j] * lambda[j];
      if (w < -1e-12) ok = false;
    }
    if (ok) return lambda;
  }
  throw new Error('no solution');
}

describe('SymmetricLcp', () => {
  it('finds the one solution of 300 random positive definite problems of up to 10 rows, from any first guess', () => {
    const random = seededRandom(7);
    const lcp = new SymmetricLcp();
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 10);
      const A = randomSpd(random, n), q = Float64Array.from({ length: n }, () => random() * 2 - 1);
      const zero = new Float64Array(n);
      // a first guess of free rows at random (the solver starts from λ > 0)
      const lambda = Float64Array.from({ length: n }, () => (random() < 0.5 ? 1 : 0));
      expect(lcp.solve(A, 0, zero, q, lambda, 0, n)).toBe(true);
      const expected = bruteForce(A, q, n);
      for (let i = 0; i < n; i++) expect(lambda[i]).toBeCloseTo(expected[i], 8);
    }
  });

  it('adds γ to the diagonal and reads rows from an offset, as the limit rows of one group are stored', () => {
    const random = seededRandom(11);
    const n = 5, A = randomSpd(random, n), gamma = Float64Array.from({ length: n }, () => random());
    const withGamma = Float64Array.from(A);
    for (let i = 0; i < n; i++) withGamma[i * n + i] += gamma[i];
    const q = Float64Array.from({ length: n }, () => random() * 2 - 1);
    const S = new Float64Array(3 + n * n);
    S.set(A, 3);
    const pad = (values: Float64Array) => Float64Array.from([0, 0, ...values]);
    const lambda = new Float64Array(n + 2);
    new SymmetricLcp().solve(S, 3, pad(gamma), pad(q), lambda, 2, n);
    const expected = bruteForce(withGamma, q, n);
    for (let i = 0; i < n; i++) expect(lambda[2 + i]).toBeCloseTo(expected[i], 8);
  });
});
