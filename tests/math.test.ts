import { describe, expect, it } from 'vitest';
import { invertSymmetric3, invertSymmetric5, invertSymmetric6, ldltFactor, ldltInverse, ldltSolve } from '../lib/math/ldlt.js';
import { integrateOrientation, rotationVector } from '../lib/math/quat.js';
import { addLeverArmMass, rotateDiagonal, rotateSymmetric, skew, symmetricEigen } from '../lib/math/mat3.js';
import { mergeSort } from '../lib/math/merge-sort.js';
import { randomQuaternion, randomVector, seededRandom } from './helpers.js';

function randomSpd(random: () => number, n: number): Float64Array {
  const A = Array.from({ length: n * n }, () => random() * 2 - 1);
  const K = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) K[i * n + j] += A[i * n + k] * A[j * n + k];
  for (let i = 0; i < n; i++) K[i * n + i] += 0.01;
  return K;
}

function multiply(K: Float64Array, x: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i] += K[i * n + j] * x[j];
  return out;
}

describe('LDLᵀ solves of K', () => {
  it('solves random symmetric positive definite 6x6 systems to round-off', () => {
    const random = seededRandom(1);
    for (let trial = 0; trial < 100; trial++) {
      const K = randomSpd(random, 6);
      const b = Float64Array.from({ length: 6 }, () => random() * 2 - 1);
      const factor = Float64Array.from(K);
      expect(ldltFactor(factor, 6)).toBe(0);
      const x = ldltSolve(factor, 6, b, new Float64Array(6));
      const r = multiply(K, x, 6);
      for (let i = 0; i < 6; i++) expect(Math.abs(r[i] - b[i])).toBeLessThan(1e-9);
    }
  });

  it('gives zero impulse along a direction with no effective mass, and no NaN', () => {
    // Rank-deficient K: the weld of a static body and a body that cannot rotate about z.
    const K = new Float64Array(36);
    for (let i = 0; i < 5; i++) K[i * 6 + i] = 1 + i;
    const factor = Float64Array.from(K);
    expect(ldltFactor(factor, 6)).toBe(1);
    const x = ldltSolve(factor, 6, [1, 1, 1, 1, 1, 1], new Float64Array(6));
    expect(Array.from(x)).toEqual([1, 1 / 2, 1 / 3, 1 / 4, 1 / 5, 0]);
    const nan = Float64Array.from(K);
    nan[0] = NaN;
    ldltFactor(nan, 6);
    const y = ldltSolve(nan, 6, [1, 1, 1, 1, 1, 1], new Float64Array(6));
    for (const v of y) expect(Number.isNaN(v)).toBe(false);
  });

  it('the unrolled 3x3 inverse matches the general one, singular cases included', () => {
    const random = seededRandom(3);
    for (let trial = 0; trial < 300; trial++) {
      let K = randomSpd(random, 3);
      if (trial % 3 === 1) {
        const a = randomVector(random, 1);
        K = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => a[Math.floor(i / 3)] * a[i % 3])); // rank 1
      }
      if (trial % 3 === 2) K = Float64Array.from([0, 0, 0, 0, 2, 0, 0, 0, 0]);
      const factor = Float64Array.from(K);
      ldltFactor(factor, 3);
      const general = ldltInverse(factor, 3, new Float64Array(9));
      const unrolled = new Float64Array(9);
      invertSymmetric3(K, unrolled);
      for (let i = 0; i < 9; i++) expect(Math.abs(unrolled[i] - general[i])).toBeLessThan(1e-9 * (1 + Math.abs(general[i])));
    }
  });
});

describe('3x3 helpers', () => {
  it('skew(r) w = r × w, and lever-arm mass equals [r]× I⁻¹ [r]×ᵀ', () => {
    const random = seededRandom(4);
    const r = randomVector(random, 2), w = randomVector(random, 2);
    const S = skew(new Float64Array(9), r);
    const Sw = [0, 1, 2].map((i) => S[i] * w[0] + S[3 + i] * w[1] + S[6 + i] * w[2]);
    const cross = [r[1] * w[2] - r[2] * w[1], r[2] * w[0] - r[0] * w[2], r[0] * w[1] - r[1] * w[0]];
    for (let i = 0; i < 3; i++) expect(Sw[i]).toBeCloseTo(cross[i], 14);
    const I = randomSpd(random, 3);
    const K = new Float64Array(9);
    addLeverArmMass(K, r, I);
    // explicit: S I Sᵀ (S column-major: S_ij = S[j*3+i])
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) s += S[a * 3 + i] * I[a * 3 + b] * S[b * 3 + j];
        expect(K[j * 3 + i]).toBeCloseTo(s, 12);
      }
    }
  });

  it('rotateDiagonal equals rotateSymmetric on a diagonal tensor', () => {
    const random = seededRandom(5);
    const q = randomQuaternion(random);
    const [x, y, z, w] = q;
    const R = Float64Array.from([
      1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
      2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
      2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y),
    ]);
    const a = rotateSymmetric(new Float64Array(9), R, [2, 0, 0, 0, 3, 0, 0, 0, 5]);
    const b = rotateDiagonal(new Float64Array(9), R, 2, 3, 5);
    for (let i = 0; i < 9; i++) expect(b[i]).toBeCloseTo(a[i], 14);
  });

  it('symmetricEigen: Q diag(λ) Qᵀ = A with Q a rotation, on random and repeated-eigenvalue matrices', () => {
    const random = seededRandom(6);
    for (let trial = 0; trial < 50; trial++) {
      const A = trial % 5 === 0 ? Float64Array.from([2, 0, 0, 0, 2, 0, 0, 0, 3]) : randomSpd(random, 3);
      const values = new Float64Array(3), Q = new Float64Array(9);
      symmetricEigen(A, values, Q);
      const back = rotateDiagonal(new Float64Array(9), Q, values[0], values[1], values[2]);
      for (let i = 0; i < 9; i++) expect(back[i]).toBeCloseTo(A[i], 12);
      // orthonormal columns, right-handed
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) expect(Q[3 * i] * Q[3 * j] + Q[3 * i + 1] * Q[3 * j + 1] + Q[3 * i + 2] * Q[3 * j + 2]).toBeCloseTo(i === j ? 1 : 0, 12);
      }
      const det = Q[0] * (Q[4] * Q[8] - Q[5] * Q[7]) - Q[3] * (Q[1] * Q[8] - Q[2] * Q[7]) + Q[6] * (Q[1] * Q[5] - Q[2] * Q[4]);
      expect(det).toBeCloseTo(1, 12);
    }
  });
});

describe('quaternion exponential map', () => {
  it('integrates a constant spin about a fixed axis exactly (θ += hω), across the Taylor/trig switch', () => {
    for (const omega of [1e-3, 0.3, 11.9, 12.1, 50, 400]) {
      const q = new Float64Array([0, 0, 0, 1]);
      const h = 1 / 240;
      const steps = 240;
      const w = [0, 0, omega];
      for (let i = 0; i < steps; i++) integrateOrientation(q, 0, w, 0, h);
      const angle = omega * h * steps;
      // compare with the exact rotation about z by `angle` (up to the quaternion sign)
      const sign = Math.sign(q[3] * Math.cos(angle / 2) + q[2] * Math.sin(angle / 2)) || 1;
      expect(Math.abs(sign * q[2] - Math.sin(angle / 2))).toBeLessThan(1e-12);
      expect(Math.abs(sign * q[3] - Math.cos(angle / 2))).toBeLessThan(1e-12);
    }
  });

  it('rotationVector inverts the exponential map on the shortest arc', () => {
    const random = seededRandom(6);
    for (let trial = 0; trial < 100; trial++) {
      const axis = randomVector(random, 1);
      const length = Math.hypot(...axis);
      const angle = trial === 0 ? 1e-9 : random() * 3.1;
      const s = Math.sin(angle / 2) / length;
      const sign = trial % 2 === 0 ? 1 : -1; // q and −q are the same rotation
      const v = rotationVector(new Float64Array(3), sign * axis[0] * s, sign * axis[1] * s, sign * axis[2] * s, sign * Math.cos(angle / 2));
      for (let i = 0; i < 3; i++) expect(Math.abs(v[i] - (axis[i] / length) * angle)).toBeLessThan(1e-12);
    }
  });
});

describe('the weld\'s 6x6 block inverse', () => {
  it('equals the LDLᵀ inverse on random symmetric positive definite matrices', () => {
    const random = seededRandom(60);
    for (let trial = 0; trial < 100; trial++) {
      const K = randomSpd(random, 6);
      const factor = Float64Array.from(K);
      ldltFactor(factor, 6);
      const reference = ldltInverse(factor, 6, new Float64Array(36));
      const blocks = new Float64Array(36);
      invertSymmetric6(K, blocks);
      const scale = Math.max(...Array.from(reference, Math.abs));
      for (let i = 0; i < 36; i++) expect(Math.abs(blocks[i] - reference[i])).toBeLessThan(1e-9 * scale);
    }
  });
});

describe('the hinge\'s 5x5 block inverse', () => {
  it('equals the LDLᵀ inverse on random symmetric positive definite matrices', () => {
    const random = seededRandom(61);
    for (let trial = 0; trial < 100; trial++) {
      const K = randomSpd(random, 5);
      const factor = Float64Array.from(K);
      ldltFactor(factor, 5);
      const reference = ldltInverse(factor, 5, new Float64Array(25));
      const blocks = new Float64Array(25);
      invertSymmetric5(K, blocks);
      const scale = Math.max(...Array.from(reference, Math.abs));
      for (let i = 0; i < 25; i++) expect(Math.abs(blocks[i] - reference[i])).toBeLessThan(1e-9 * scale);
    }
  });
  it('gives finite numbers, and no impulse along a dead direction, for a singular K (a hinge between a static body and a body without inertia about one axis)', () => {
    // rows 0-2 a point part, rows 3-4 angular rows the bodies cannot turn along (K's last row and column 0)
    const K = new Float64Array([2, 0.1, 0, 0.3, 0, 0.1, 2, 0, 0.2, 0, 0, 0, 1, 0.1, 0, 0.3, 0.2, 0.1, 0.5, 0, 0, 0, 0, 0, 0]);
    const out = new Float64Array(25);
    invertSymmetric5(K, out);
    for (const x of out) expect(Number.isFinite(x)).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect(Math.abs(out[4 * 5 + i])).toBe(0);
      expect(Math.abs(out[i * 5 + 4])).toBe(0);
    }
    // on the live 4x4, the inverse
    const factor = Float64Array.from(K);
    ldltFactor(factor, 5);
    const reference = ldltInverse(factor, 5, new Float64Array(25));
    for (let i = 0; i < 25; i++) expect(out[i]).toBeCloseTo(reference[i], 12);
  });
});

describe('the 6x6 block inverse on badly scaled blocks', () => {
  // The direct solver's body blocks: M + Jᵀ q J for a ball joint's columns J = [I, −[r]×], with masses
  // 1e-3..1e3 kg, inertias 1e-4..0.1 of m, and loads q from 1e-3 to 1e6 (condition numbers to 1e12).
  // Eliminating the angular block first left K K⁻¹ 50 away from I here (and the direct solver's random
  // forests 400x further from a dense solve); the linear block first, as LDLᵀ pivots, matches LDLᵀ.
  it('invertSymmetric6: K K⁻¹ = I as closely as LDLᵀ gets it', () => {
    const random = seededRandom(7);
    const residual = (K: Float64Array, X: Float64Array) => {
      let worst = 0;
      for (let i = 0; i < 6; i++) {
        for (let j = 0; j < 6; j++) {
          let sum = 0;
          for (let k = 0; k < 6; k++) sum += K[i * 6 + k] * X[k * 6 + j];
          worst = Math.max(worst, Math.abs(sum - (i === j ? 1 : 0)));
        }
      }
      return worst;
    };
    for (let trial = 0; trial < 500; trial++) {
      const m = 10 ** (-3 + 6 * random()), inertia = m * 10 ** (-4 + 3 * random()), q = 10 ** (-3 + 9 * random());
      const [rx, ry, rz] = randomVector(random, 1);
      const J = [[1, 0, 0, 0, rz, -ry], [0, 1, 0, -rz, 0, rx], [0, 0, 1, ry, -rx, 0]];
      const K = new Float64Array(36);
      for (let i = 0; i < 3; i++) { K[i * 7] = m; K[(i + 3) * 7] = inertia; }
      for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) for (let k = 0; k < 3; k++) K[a * 6 + b] += J[k][a] * q * J[k][b];
      const blocks = new Float64Array(36);
      invertSymmetric6(K, blocks);
      const factor = Float64Array.from(K);
      ldltFactor(factor, 6);
      const reference = ldltInverse(factor, 6, new Float64Array(36));
      expect(residual(K, blocks)).toBeLessThan(Math.max(10 * residual(K, reference), 1e-9));
    }
  });
});

describe('portable sin, cos and atan2 (lib/math/portable.ts)', () => {
  /** Distance in units in the last place. */
  const ulps = (a: number, b: number) => Math.abs(a - b) / (Number.EPSILON * Math.max(Math.abs(b), 2 ** -1022));
  it('agree with Math.sin, Math.cos and Math.atan2 to within 2 ulp', async () => {
    const { sin, cos, atan2 } = await import('../lib/math/portable.js');
    const random = seededRandom(99);
    let worst = 0;
    for (let i = 0; i < 200000; i++) {
      const scale = [1e-9, 0.05, 1, 4, 100, 1e5][i % 6];
      const x = (random() * 2 - 1) * scale, y = (random() * 2 - 1) * [1e-9, 1, 1e3][i % 3];
      worst = Math.max(worst, ulps(sin(x), Math.sin(x)), ulps(cos(x), Math.cos(x)), ulps(atan2(y, x), Math.atan2(y, x)));
    }
    expect(worst).toBeLessThanOrEqual(2);
    expect(atan2(0, -1)).toBe(Math.PI);
    expect(atan2(1, 0)).toBe(Math.PI / 2);
    expect(atan2(-1, -1)).toBe(Math.atan2(-1, -1));
    expect(sin(Math.PI)).toBeCloseTo(0, 15);
  });
});

describe('mergeSort', () => {
  it('sorts as Array.prototype.sort does, stably, for lengths 0 to 300 and nearly sorted input, reusing its scratch', () => {
    const random = seededRandom(11);
    const scratch: { key: number; order: number }[] = [];
    const byKey = (x: { key: number }, y: { key: number }): number => x.key - y.key;
    for (let n = 0; n <= 300; n += n < 40 ? 1 : 37) {
      for (const nearly of [false, true]) {
        // keys with ties (stability is seen in `order`), shuffled or sorted with a few swaps
        const items = Array.from({ length: n }, (_, order) => ({ key: nearly ? order >> 1 : Math.floor(random() * n / 3), order }));
        if (nearly) for (let swaps = 0; swaps < 3 && n > 1; swaps++) {
          const i = Math.floor(random() * n), j = Math.floor(random() * n);
          [items[i], items[j]] = [items[j], items[i]];
        }
        const expected = [...items].sort(byKey);
        mergeSort(items, byKey, scratch);
        expect(items).toEqual(expected);
      }
    }
    expect(scratch.length).toBeLessThanOrEqual(300);
  });
});
