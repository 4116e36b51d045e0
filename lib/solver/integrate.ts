// Body integration: velocities from forces (symplectic Euler), positions from velocities (the
// quaternion by the exponential map), and the world inverse inertia I⁻¹ = R I_b⁻¹ Rᵀ after every
// change of orientation.

import type { Body } from '../body.js';
import { integrateOrientation } from '../math/quat.js';
import { rotateDiagonal, rotateSymmetric } from '../math/mat3.js';

const inertiaWorld = new Float64Array(9);

/**
 * v += h (g·gravityScale + F/m),  ω += h I⁻¹ τ,  then damping v ← v / (1 + h c) and, if asked, the
 * gyroscopic term. Dynamic bodies only.
 */
export function integrateVelocities(
  bodies: readonly Body[],
  gravity: Float64Array,
  h: number,
  gyroscopic: boolean,
): void {
  const gx = gravity[0], gy = gravity[1], gz = gravity[2];
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i];
    if (!body.isDynamic) continue;
    const v = body.linearVelocity, w = body.angularVelocity, f = body.force, t = body.torque;
    const m = body.inverseMass, g = body.gravityScale;
    v[0] += h * (g * gx + m * f[0]);
    v[1] += h * (g * gy + m * f[1]);
    v[2] += h * (g * gz + m * f[2]);
    const I = body.inverseInertiaWorld;
    const tx = t[0], ty = t[1], tz = t[2];
    w[0] += h * (I[0] * tx + I[3] * ty + I[6] * tz);
    w[1] += h * (I[1] * tx + I[4] * ty + I[7] * tz);
    w[2] += h * (I[2] * tx + I[5] * ty + I[8] * tz);
    if (body.linearDamping > 0) {
      const s = 1 / (1 + h * body.linearDamping);
      v[0] *= s; v[1] *= s; v[2] *= s;
    }
    if (body.angularDamping > 0) {
      const s = 1 / (1 + h * body.angularDamping);
      w[0] *= s; w[1] *= s; w[2] *= s;
    }
    if (gyroscopic) applyGyroscopic(body, h);
  }
}

/**
 * The gyroscopic term of Euler's equations, I ω̇ + ω × I ω = τ, treated implicitly: one Newton step on
 *   f(ω) = I (ω − ω₀) + h ω × I ω = 0     from ω₀:
 *   Jf = I + h ([ω₀]× I − [I ω₀]×),   ω = ω₀ − Jf⁻¹ h (ω₀ × I ω₀)
 * in world axes (I = R I_b Rᵀ). Explicit integration of this term gains energy and blows up for fast
 * spinning bodies; the implicit step is stable and keeps the spin of a free asymmetric body bounded.
 * Source: Catto, "Numerical Methods", GDC 2015 (Bullet's implicit gyroscopic solve does the same).
 * A body turning about a principal axis (every body of a planar scene) has ω × I ω = 0 exactly and is
 * left untouched.
 */
function applyGyroscopic(body: Body, h: number): void {
  const w = body.angularVelocity;
  const wx = w[0], wy = w[1], wz = w[2];
  const Ib = body.inertiaLocal;
  const I = body.hasDiagonalInertia
    ? rotateDiagonal(inertiaWorld, body.rotation, Ib[0], Ib[4], Ib[8])
    : rotateSymmetric(inertiaWorld, body.rotation, Ib);
  const i00 = I[0], i01 = I[3], i02 = I[6], i11 = I[4], i12 = I[7], i22 = I[8];
  const Lx = i00 * wx + i01 * wy + i02 * wz;
  const Ly = i01 * wx + i11 * wy + i12 * wz;
  const Lz = i02 * wx + i12 * wy + i22 * wz;
  // f = h ω × L
  const fx = h * (wy * Lz - wz * Ly);
  const fy = h * (wz * Lx - wx * Lz);
  const fz = h * (wx * Ly - wy * Lx);
  if (fx === 0 && fy === 0 && fz === 0) return;
  // Jf = I + h ([ω]× I − [L]×); rows of [a]× M: (−a_z M₁ + a_y M₂, a_z M₀ − a_x M₂, −a_y M₀ + a_x M₁)
  const j00 = i00 + h * (-wz * i01 + wy * i02);
  const j01 = i01 + h * (-wz * i11 + wy * i12 + Lz);
  const j02 = i02 + h * (-wz * i12 + wy * i22 - Ly);
  const j10 = i01 + h * (wz * i00 - wx * i02 - Lz);
  const j11 = i11 + h * (wz * i01 - wx * i12);
  const j12 = i12 + h * (wz * i02 - wx * i22 + Lx);
  const j20 = i02 + h * (-wy * i00 + wx * i01 + Ly);
  const j21 = i12 + h * (-wy * i01 + wx * i11 - Lx);
  const j22 = i22 + h * (-wy * i02 + wx * i12);
  // Δω = −Jf⁻¹ f by Cramer's rule (Jf is I plus a small perturbation: well conditioned)
  const c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
  const det = j00 * c00 + j01 * c01 + j02 * c02;
  if (!(Math.abs(det) > 0)) return;
  const inv = -1 / det;
  w[0] += inv * (c00 * fx + (j02 * j21 - j01 * j22) * fy + (j01 * j12 - j02 * j11) * fz);
  w[1] += inv * (c01 * fx + (j00 * j22 - j02 * j20) * fy + (j02 * j10 - j00 * j12) * fz);
  w[2] += inv * (c02 * fx + (j01 * j20 - j00 * j21) * fy + (j00 * j11 - j01 * j10) * fz);
}

/**
 * x += h v, q ← exp(h ω / 2) q, then R and I⁻¹ from the new q. Dynamic and kinematic bodies.
 *
 * Dynamic bodies' speeds are first capped (Box2D v3 does the same): a solve that diverges on an
 * impossible scene then grows the state by a bounded amount per step instead of overflowing to
 * Infinity and NaN.
 */
export function integratePositions(bodies: readonly Body[], h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
  const maxLinearSq = maxLinearSpeed * maxLinearSpeed;
  const maxAngularSq = maxAngularSpeed * maxAngularSpeed;
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i];
    if (body.type === 'static') continue;
    const x = body.position, v = body.linearVelocity, w = body.angularVelocity;
    if (body.isDynamic) {
      const vSq = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
      if (vSq > maxLinearSq) {
        const s = maxLinearSpeed / Math.sqrt(vSq);
        v[0] *= s; v[1] *= s; v[2] *= s;
      }
      const wSq = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
      if (wSq > maxAngularSq) {
        const s = maxAngularSpeed / Math.sqrt(wSq);
        w[0] *= s; w[1] *= s; w[2] *= s;
      }
    }
    x[0] += h * v[0];
    x[1] += h * v[1];
    x[2] += h * v[2];
    if (w[0] !== 0 || w[1] !== 0 || w[2] !== 0) {
      integrateOrientation(body.orientation, w[0], w[1], w[2], h);
      body.updateInertia();
    }
  }
}
