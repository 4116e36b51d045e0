// Body integration: velocities from forces (symplectic Euler), positions from velocities (the
// quaternion by the exponential map), and the world inverse inertia I⁻¹ = R I_b⁻¹ Rᵀ after every
// change of orientation. Reads and writes each body's `state` array (see body.ts).

import type { Body } from '../body/body.js';
import { BODY_STATE, lockAngularVelocity, lockLinearVelocity } from '../body/body-state.js';
import { integrateOrientation } from '../math/quat.js';
import type { BodyIntegrator } from './step-parts.js';

// Module copies of the state offsets (see point-part.ts for why hot loops avoid imported bindings).
const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, INVERSE_MASS = BODY_STATE.inverseMass;
const POSITION = BODY_STATE.position, ORIENTATION = BODY_STATE.orientation, ROTATION = BODY_STATE.rotation;
const TRANSLATION_LOCKS = BODY_STATE.translationLocks;
const FORCE = BODY_STATE.force, TORQUE = BODY_STATE.torque, INERTIA_LOCAL = BODY_STATE.inertiaLocal;

/**
 * v += h (g·gravityScale + F/m),  ω += h I⁻¹ τ,  then damping v ← v / (1 + h c) and, if asked, the
 * gyroscopic term. Dynamic bodies only.
 */
function integrateVelocities(bodies: readonly Body[], gravity: Float64Array, h: number, gyroscopic: boolean): void {
  const gx = gravity[0], gy = gravity[1], gz = gravity[2];
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i];
    if (!body.isDynamic) continue;
    const s = body.state;
    const m = s[INVERSE_MASS], g = body._gravityScale;
    s[LINEAR_VELOCITY] += h * (g * gx + m * s[FORCE]);
    s[LINEAR_VELOCITY + 1] += h * (g * gy + m * s[FORCE + 1]);
    s[LINEAR_VELOCITY + 2] += h * (g * gz + m * s[FORCE + 2]);
    const tx = h * s[TORQUE], ty = h * s[TORQUE + 1], tz = h * s[TORQUE + 2];
    if (tx !== 0 || ty !== 0 || tz !== 0) {
      s[ANGULAR_VELOCITY] += s[INVERSE_INERTIA] * tx + s[INVERSE_INERTIA + 3] * ty + s[INVERSE_INERTIA + 6] * tz;
      s[ANGULAR_VELOCITY + 1] += s[INVERSE_INERTIA + 1] * tx + s[INVERSE_INERTIA + 4] * ty + s[INVERSE_INERTIA + 7] * tz;
      s[ANGULAR_VELOCITY + 2] += s[INVERSE_INERTIA + 2] * tx + s[INVERSE_INERTIA + 5] * ty + s[INVERSE_INERTIA + 8] * tz;
    }
    if (body._linearDamping > 0) {
      const d = 1 / (1 + h * body._linearDamping);
      s[LINEAR_VELOCITY] *= d; s[LINEAR_VELOCITY + 1] *= d; s[LINEAR_VELOCITY + 2] *= d;
    }
    if (body._angularDamping > 0) {
      const d = 1 / (1 + h * body._angularDamping);
      s[ANGULAR_VELOCITY] *= d; s[ANGULAR_VELOCITY + 1] *= d; s[ANGULAR_VELOCITY + 2] *= d;
    }
    if (gyroscopic) applyGyroscopic(s, h);
    // (the torques above come through the locked I⁻¹; the gyroscopic term, from the whole inertia, is
    // held off the locked axes here)
    if (body.rotationLocks !== 0) lockAngularVelocity(s, body.rotationLocks);
    // (gravity and forces do not move it along locked axes: BodyOptions.lockTranslation)
    if (s[TRANSLATION_LOCKS] !== 0) lockLinearVelocity(s);
  }
}

/**
 * The gyroscopic term of Euler's equations, I ω̇ + ω × I ω = τ, treated implicitly: one Newton step on
 *   f(ω) = I (ω − ω₀) + h ω × I ω = 0     from ω₀:
 *   Jf = I + h ([ω₀]× I − [I ω₀]×),   ω = ω₀ − Jf⁻¹ h (ω₀ × I ω₀)
 * taken in body axes (ω_b = Rᵀ ω, I = I_b), where I_b is constant. Explicit integration of this term
 * gains energy and blows up for fast-spinning bodies; the implicit step is stable and keeps a free
 * body's angular momentum to about 2 % over 10 s of tumbling (tests/bodies.test.ts).
 * Source: Catto, "Numerical Methods", GDC 2015 (Bullet's implicit gyroscopic solve does the same).
 * A body turning about a principal axis (every body of a planar scene) has ω × I ω = 0 exactly and is
 * left untouched.
 */
function applyGyroscopic(s: Float64Array, h: number): void {
  const wx = s[ANGULAR_VELOCITY], wy = s[ANGULAR_VELOCITY + 1], wz = s[ANGULAR_VELOCITY + 2];
  // ω_b = Rᵀ ω (R column-major: column k is s[ROTATION + 3k ..])
  const r00 = s[ROTATION], r10 = s[ROTATION + 1], r20 = s[ROTATION + 2];
  const r01 = s[ROTATION + 3], r11 = s[ROTATION + 4], r21 = s[ROTATION + 5];
  const r02 = s[ROTATION + 6], r12 = s[ROTATION + 7], r22 = s[ROTATION + 8];
  const bx = r00 * wx + r10 * wy + r20 * wz;
  const by = r01 * wx + r11 * wy + r21 * wz;
  const bz = r02 * wx + r12 * wy + r22 * wz;
  const I = INERTIA_LOCAL;
  const i00 = s[I], i01 = s[I + 3], i02 = s[I + 6], i11 = s[I + 4], i12 = s[I + 7], i22 = s[I + 8];
  const Lx = i00 * bx + i01 * by + i02 * bz;
  const Ly = i01 * bx + i11 * by + i12 * bz;
  const Lz = i02 * bx + i12 * by + i22 * bz;
  // f = h ω × L
  const fx = h * (by * Lz - bz * Ly);
  const fy = h * (bz * Lx - bx * Lz);
  const fz = h * (bx * Ly - by * Lx);
  if (fx === 0 && fy === 0 && fz === 0) return;
  // Jf = I + h ([ω]× I − [L]×); rows of [a]× M: (−a_z M₁ + a_y M₂, a_z M₀ − a_x M₂, −a_y M₀ + a_x M₁)
  const j00 = i00 + h * (-bz * i01 + by * i02);
  const j01 = i01 + h * (-bz * i11 + by * i12 + Lz);
  const j02 = i02 + h * (-bz * i12 + by * i22 - Ly);
  const j10 = i01 + h * (bz * i00 - bx * i02 - Lz);
  const j11 = i11 + h * (bz * i01 - bx * i12);
  const j12 = i12 + h * (bz * i02 - bx * i22 + Lx);
  const j20 = i02 + h * (-by * i00 + bx * i01 + Ly);
  const j21 = i12 + h * (-by * i01 + bx * i11 - Lx);
  const j22 = i22 + h * (-by * i02 + bx * i12);
  // Δω_b = −Jf⁻¹ f by Cramer's rule (Jf is I_b plus a small perturbation: well conditioned)
  const c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
  const det = j00 * c00 + j01 * c01 + j02 * c02;
  if (!(Math.abs(det) > 0)) return;
  const inv = -1 / det;
  const dx = inv * (c00 * fx + (j02 * j21 - j01 * j22) * fy + (j01 * j12 - j02 * j11) * fz);
  const dy = inv * (c01 * fx + (j00 * j22 - j02 * j20) * fy + (j02 * j10 - j00 * j12) * fz);
  const dz = inv * (c02 * fx + (j01 * j20 - j00 * j21) * fy + (j00 * j11 - j01 * j10) * fz);
  // ω += R Δω_b
  s[ANGULAR_VELOCITY] = wx + r00 * dx + r01 * dy + r02 * dz;
  s[ANGULAR_VELOCITY + 1] = wy + r10 * dx + r11 * dy + r12 * dz;
  s[ANGULAR_VELOCITY + 2] = wz + r20 * dx + r21 * dy + r22 * dz;
}

/** capSpeeds' caps, maxLinearSpeed and maxAngularSpeed, written by its caller: doubles passed to a call
 * V8 does not inline are boxed, a HeapNumber each. */
const speedCaps = new Float64Array(2);

/** The speed caps of integratePositions, again at the step's end (finishBodies). (Its own copy there keeps
 * the velocities in locals for the move that follows: called from it, V8 stopped inlining it into the
 * step and boxed h for every body, 188 KB a step on the 1000-body pile.) */
function capSpeeds(s: Float64Array): void {
  const maxLinearSpeed = speedCaps[0], maxAngularSpeed = speedCaps[1];
  const vx = s[LINEAR_VELOCITY], vy = s[LINEAR_VELOCITY + 1], vz = s[LINEAR_VELOCITY + 2];
  const vSq = vx * vx + vy * vy + vz * vz;
  if (vSq > maxLinearSpeed * maxLinearSpeed) {
    // (past 1e154 m/s v·v overflows to Infinity, and the cap would set the speed to 0: Math.hypot does not)
    const c = maxLinearSpeed / (vSq === Infinity ? Math.hypot(vx, vy, vz) : Math.sqrt(vSq));
    s[LINEAR_VELOCITY] = vx * c; s[LINEAR_VELOCITY + 1] = vy * c; s[LINEAR_VELOCITY + 2] = vz * c;
  }
  const wx = s[ANGULAR_VELOCITY], wy = s[ANGULAR_VELOCITY + 1], wz = s[ANGULAR_VELOCITY + 2];
  const wSq = wx * wx + wy * wy + wz * wz;
  if (wSq > maxAngularSpeed * maxAngularSpeed) {
    const c = maxAngularSpeed / (wSq === Infinity ? Math.hypot(wx, wy, wz) : Math.sqrt(wSq));
    s[ANGULAR_VELOCITY] = wx * c; s[ANGULAR_VELOCITY + 1] = wy * c; s[ANGULAR_VELOCITY + 2] = wz * c;
  }
}

/**
 * x += h v, q ← exp(h ω / 2) q, then R and I⁻¹ from the new q. Dynamic and kinematic bodies.
 *
 * Dynamic bodies' speeds are first capped (Box2D v3 does the same): a solve that diverges on an
 * impossible scene then grows the state by a bounded amount per step instead of overflowing to
 * Infinity and NaN.
 */
function integratePositions(bodies: readonly Body[], h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
  const maxLinearSq = maxLinearSpeed * maxLinearSpeed;
  const maxAngularSq = maxAngularSpeed * maxAngularSpeed;
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i];
    if (body.type === 'static') continue;
    const s = body.state;
    let vx = s[LINEAR_VELOCITY], vy = s[LINEAR_VELOCITY + 1], vz = s[LINEAR_VELOCITY + 2];
    let wx = s[ANGULAR_VELOCITY], wy = s[ANGULAR_VELOCITY + 1], wz = s[ANGULAR_VELOCITY + 2];
    if (body.isDynamic) {
      const vSq = vx * vx + vy * vy + vz * vz;
      if (vSq > maxLinearSq) {
        // (past 1e154 m/s v·v overflows to Infinity, and the cap would set the speed to 0: Math.hypot does not)
        const c = maxLinearSpeed / (vSq === Infinity ? Math.hypot(vx, vy, vz) : Math.sqrt(vSq));
        vx *= c; vy *= c; vz *= c;
        s[LINEAR_VELOCITY] = vx; s[LINEAR_VELOCITY + 1] = vy; s[LINEAR_VELOCITY + 2] = vz;
      }
      const wSq = wx * wx + wy * wy + wz * wz;
      if (wSq > maxAngularSq) {
        const c = maxAngularSpeed / (wSq === Infinity ? Math.hypot(wx, wy, wz) : Math.sqrt(wSq));
        wx *= c; wy *= c; wz *= c;
        s[ANGULAR_VELOCITY] = wx; s[ANGULAR_VELOCITY + 1] = wy; s[ANGULAR_VELOCITY + 2] = wz;
      }
    }
    s[POSITION] += h * vx;
    s[POSITION + 1] += h * vy;
    s[POSITION + 2] += h * vz;
    if (wx !== 0 || wy !== 0 || wz !== 0) {
      integrateOrientation(s, ORIENTATION, s, ANGULAR_VELOCITY, h);
      body.updateInertia();
    }
  }
}

/** The 3D bodies' integration for the soft step; `gyroscopic` switches the implicit gyroscopic term. */
export class RigidBodyIntegrator implements BodyIntegrator<Body> {
  gyroscopic = true;

  refresh(bodies: readonly Body[]): void {
    for (let i = 0; i < bodies.length; i++) bodies[i].updateInertia();
  }
  integrateVelocities(bodies: readonly Body[], gravity: Float64Array, h: number): void {
    integrateVelocities(bodies, gravity, h, this.gyroscopic);
  }
  integratePositions(bodies: readonly Body[], h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
    integratePositions(bodies, h, maxLinearSpeed, maxAngularSpeed);
  }
  finishBodies(bodies: readonly Body[], maxLinearSpeed: number, maxAngularSpeed: number): void {
    speedCaps[0] = maxLinearSpeed;
    speedCaps[1] = maxAngularSpeed;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i], s = body.state;
      if (body.isDynamic) capSpeeds(s);
      for (let k = FORCE; k < TORQUE + 3; k++) s[k] = 0; // (stores: cheaper than a fill call per body)
    }
  }
}
