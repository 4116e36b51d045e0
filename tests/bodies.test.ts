// Rigid bodies on their own: integration, conservation, and the inertia helpers.

import { describe, expect, it } from 'vitest';
import { boxInertia, capsuleInertia, sphereInertia, World, type Body } from '../lib/index.js';
import { randomInertia, randomQuaternion, seededRandom } from './helpers.js';

const DT = 1 / 60;

/** World angular momentum L = I ω with I = R I_b Rᵀ. */
function angularMomentum(body: Body): number[] {
  const R = body.rotation, I = body.inertiaLocal, w = body.angularVelocity;
  const b = [0, 1, 2].map((i) => R[i * 3] * w[0] + R[i * 3 + 1] * w[1] + R[i * 3 + 2] * w[2]); // Rᵀ ω
  const Ib = [0, 1, 2].map((i) => I[i] * b[0] + I[3 + i] * b[1] + I[6 + i] * b[2]);
  return [0, 1, 2].map((i) => R[i] * Ib[0] + R[3 + i] * Ib[1] + R[6 + i] * Ib[2]);
}

describe('free rigid body', () => {
  it('falls along the exact symplectic-Euler parabola', () => {
    const world = new World();
    const body = world.createBody({ position: [0, 10, 0], linearVelocity: [2, 3, -1] });
    for (let i = 0; i < 60; i++) world.step(DT);
    const h = DT / 4, n = 240;
    // v_n = v₀ + n h g,  x_n = x₀ + n h v₀ + h² g n(n+1)/2
    expect(body.position[0]).toBeCloseTo(n * h * 2, 12);
    expect(body.position[1]).toBeCloseTo(10 + n * h * 3 - (9.81 * h * h * n * (n + 1)) / 2, 12);
    expect(body.linearVelocity[1]).toBeCloseTo(3 - 9.81 * n * h, 12);
  });

  it('a spinning asymmetric body keeps its angular momentum (implicit gyroscopic term)', () => {
    // Spin near the intermediate axis (the Dzhanibekov "tennis racket" flip): ω wanders, L must not.
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ inertia: [1, 2, 3], angularVelocity: [0.01, 5, 0.01] });
    const L0 = angularMomentum(body);
    const magnitude = Math.hypot(...L0);
    let worst = 0, wFlipped = false;
    for (let i = 0; i < 600; i++) {
      world.step(DT);
      const L = angularMomentum(body);
      worst = Math.max(worst, Math.hypot(L[0] - L0[0], L[1] - L0[1], L[2] - L0[2]) / magnitude);
      if (body.angularVelocity[1] * body.rotation[4] < 0) wFlipped = true;
    }
    expect(wFlipped).toBe(true); // the body did tumble
    // The implicit step damps slightly (measured: 2.4 % of |L| over these 10 s at 5 rad/s).
    expect(worst).toBeLessThan(0.03);
  });

  it('a body spinning off its principal axes keeps L with the gyroscopic term, and loses it without', () => {
    const random = seededRandom(12);
    for (const gyroscopic of [true, false]) {
      const world = new World({ gravity: [0, 0, 0], gyroscopic });
      const body = world.createBody({ inertia: [1, 2, 3], orientation: randomQuaternion(random), angularVelocity: [2, -1.5, 1] });
      const L0 = angularMomentum(body);
      for (let i = 0; i < 600; i++) world.step(DT);
      const L = angularMomentum(body);
      const drift = Math.hypot(L[0] - L0[0], L[1] - L0[1], L[2] - L0[2]) / Math.hypot(...L0);
      if (gyroscopic) expect(drift).toBeLessThan(0.03);
      else expect(drift).toBeGreaterThan(0.1);
    }
  });

  it('spins about a principal axis exactly: ω and the exponential-map angle are unchanged', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ inertia: [1, 2, 3], angularVelocity: [0, 0, 2] });
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(Array.from(body.angularVelocity)).toEqual([0, 0, 2]);
    expect(2 * Math.atan2(body.orientation[2], body.orientation[3])).toBeCloseTo(2, 12);
  });

  it('keeps the orientation unit and inverseInertiaWorld = R I_b⁻¹ Rᵀ after every step and setter', () => {
    const random = seededRandom(8);
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ inertia: randomInertia(random), angularVelocity: [3, -2, 1] });
    const check = () => {
      const q = body.orientation;
      expect(Math.hypot(q[0], q[1], q[2], q[3])).toBeCloseTo(1, 14);
      const R = body.rotation, A = body.inverseInertiaLocal;
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) s += R[a * 3 + r] * A[b * 3 + a] * R[b * 3 + c];
          expect(body.inverseInertiaWorld[c * 3 + r]).toBeCloseTo(s, 12);
        }
      }
    };
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      check();
    }
    body.setOrientation(randomQuaternion(random));
    check();
  });

  it('applyForce at a point adds the force and its moment; impulses change velocity at once', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ mass: 2, inertia: [1, 1, 1] });
    body.applyLinearImpulse([0, 2, 0], [1, 0, 0]);
    expect(Array.from(body.linearVelocity)).toEqual([0, 1, 0]);
    expect(Array.from(body.angularVelocity)).toEqual([0, 0, 2]); // r × p = (1,0,0) × (0,2,0)
    body.applyForce([0, 0, 4], [0, 1, 0]);
    expect(Array.from(body.force)).toEqual([0, 0, 4]);
    expect(Array.from(body.torque)).toEqual([4, 0, 0]);
    world.step(DT);
    expect(Array.from(body.force)).toEqual([0, 0, 0]); // cleared after the step
    expect(body.linearVelocity[2]).toBeCloseTo((4 / 2) * DT, 12);
  });
});

describe('inertia helpers agree with numerical integration over the solid', () => {
  /** Midpoint-rule integral of the inertia tensor's diagonal over the points where inside() holds. */
  function integrate(inside: (x: number, y: number, z: number) => boolean, extent: number[], mass: number, n = 80): number[] {
    const [ex, ey, ez] = extent;
    const dx = (2 * ex) / n, dy = (2 * ey) / n, dz = (2 * ez) / n;
    let count = 0;
    const sums = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      const x = -ex + (i + 0.5) * dx;
      for (let j = 0; j < n; j++) {
        const y = -ey + (j + 0.5) * dy;
        for (let k = 0; k < n; k++) {
          const z = -ez + (k + 0.5) * dz;
          if (!inside(x, y, z)) continue;
          count++;
          sums[0] += y * y + z * z;
          sums[1] += x * x + z * z;
          sums[2] += x * x + y * y;
        }
      }
    }
    return sums.map((s) => (mass * s) / count);
  }

  it('box', () => {
    const exact = boxInertia(3, [0.5, 0.2, 1]);
    const numeric = integrate(() => true, [0.5, 0.2, 1], 3, 60);
    for (let i = 0; i < 3; i++) expect(exact[i] / numeric[i]).toBeCloseTo(1, 3);
  });

  it('sphere', () => {
    const exact = sphereInertia(2, 0.7);
    const numeric = integrate((x, y, z) => x * x + y * y + z * z <= 0.49, [0.7, 0.7, 0.7], 2);
    for (let i = 0; i < 3; i++) expect(exact[i] / numeric[i]).toBeCloseTo(1, 2);
  });

  it('capsule along y, and its limits: a sphere (halfHeight 0) and a thin rod', () => {
    const r = 0.3, hh = 0.6;
    const inside = (x: number, y: number, z: number) => {
      const dy = Math.max(Math.abs(y) - hh, 0);
      return x * x + z * z + dy * dy <= r * r;
    };
    const exact = capsuleInertia(5, r, hh);
    const numeric = integrate(inside, [r, hh + r, r], 5, 100);
    for (let i = 0; i < 3; i++) expect(exact[i] / numeric[i]).toBeCloseTo(1, 2);
    expect(capsuleInertia(5, r, 0)).toEqual(sphereInertia(5, r).map((v) => expect.closeTo(v, 12)));
    const rod = capsuleInertia(1, 1e-4, 1);
    expect(rod[0]).toBeCloseTo((1 * 2 * 2) / 12, 3);
  });
});
