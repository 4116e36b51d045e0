// 2D body integration for the soft step: lib/solver/integrate.ts in the plane. Velocities by
// symplectic Euler; positions x += h v and θ += h ω, which is what the 3D exponential map does for a
// rotation about a fixed axis, so the two worlds agree on planar scenes. There is no gyroscopic term
// in 2D (ω is always along a principal axis).

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import type { BodyIntegrator } from '../../solver/step-parts.js';

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia, INVERSE_MASS = BODY2D_STATE.inverseMass;
const POSITION = BODY2D_STATE.position, ANGLE = BODY2D_STATE.angle;

export class RigidBodyIntegrator2D implements BodyIntegrator<Body2D> {
  refresh(bodies: readonly Body2D[]): void {
    for (let i = 0; i < bodies.length; i++) bodies[i].updateRotation();
  }

  /** v += h (g·gravityScale + F/m), ω += h i τ, then damping v ← v / (1 + h c). Dynamic bodies. */
  integrateVelocities(bodies: readonly Body2D[], gravity: Float64Array, h: number): void {
    const gx = gravity[0], gy = gravity[1];
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i];
      if (!body.isDynamic) continue;
      const s = body.state, f = body.force, m = s[INVERSE_MASS], g = body._gravityScale;
      s[LINEAR_VELOCITY] += h * (g * gx + m * f[0]);
      s[LINEAR_VELOCITY + 1] += h * (g * gy + m * f[1]);
      if (body._torque !== 0) s[ANGULAR_VELOCITY] += h * s[INVERSE_INERTIA] * body._torque;
      if (body._linearDamping > 0) {
        const d = 1 / (1 + h * body._linearDamping);
        s[LINEAR_VELOCITY] *= d;
        s[LINEAR_VELOCITY + 1] *= d;
      }
      if (body._angularDamping > 0) s[ANGULAR_VELOCITY] *= 1 / (1 + h * body._angularDamping);
    }
  }

  /** Speed caps (dynamic bodies), x += h v, θ += h ω, then θ wrapped to [−π, π] and (cos θ, sin θ)
   * (Body2D.updateRotation). */
  integratePositions(bodies: readonly Body2D[], h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
    const maxLinearSq = maxLinearSpeed * maxLinearSpeed;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i];
      if (body.type === 'static') continue;
      const s = body.state;
      let vx = s[LINEAR_VELOCITY], vy = s[LINEAR_VELOCITY + 1], w = s[ANGULAR_VELOCITY];
      if (body.isDynamic) {
        const vSq = vx * vx + vy * vy;
        if (vSq > maxLinearSq) {
          // (past 1e154 m/s v·v overflows to Infinity, and the cap would set the speed to 0: Math.hypot does not)
          const c = maxLinearSpeed / (vSq === Infinity ? Math.hypot(vx, vy) : Math.sqrt(vSq));
          vx *= c;
          vy *= c;
          s[LINEAR_VELOCITY] = vx;
          s[LINEAR_VELOCITY + 1] = vy;
        }
        if (Math.abs(w) > maxAngularSpeed) {
          w = Math.sign(w) * maxAngularSpeed;
          s[ANGULAR_VELOCITY] = w;
        }
      }
      s[POSITION] += h * vx;
      s[POSITION + 1] += h * vy;
      if (w !== 0) {
        s[ANGLE] += h * w;
        body.updateRotation();
      }
    }
  }

  finishBodies(bodies: readonly Body2D[], maxLinearSpeed: number, maxAngularSpeed: number): void {
    speedCaps[0] = maxLinearSpeed;
    speedCaps[1] = maxAngularSpeed;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i];
      if (body.isDynamic) capSpeeds(body.state);
      body.force.fill(0);
      body._torque = 0;
    }
  }
}

/** capSpeeds' caps, written by its callers (a double passed to a call V8 does not inline is boxed). */
const speedCaps = new Float64Array(2);

/** Caps a dynamic body's speeds (state `s`) at maxLinearSpeed and maxAngularSpeed, as the 3D bodies'. */
function capSpeeds(s: Float64Array): void {
  const maxLinearSpeed = speedCaps[0], maxAngularSpeed = speedCaps[1];
  const vx = s[LINEAR_VELOCITY], vy = s[LINEAR_VELOCITY + 1];
  const vSq = vx * vx + vy * vy;
  if (vSq > maxLinearSpeed * maxLinearSpeed) {
    // (past 1e154 m/s v·v overflows to Infinity, and the cap would set the speed to 0: Math.hypot does not)
    const c = maxLinearSpeed / (vSq === Infinity ? Math.hypot(vx, vy) : Math.sqrt(vSq));
    s[LINEAR_VELOCITY] = vx * c;
    s[LINEAR_VELOCITY + 1] = vy * c;
  }
  const w = s[ANGULAR_VELOCITY];
  if (Math.abs(w) > maxAngularSpeed) s[ANGULAR_VELOCITY] = Math.sign(w) * maxAngularSpeed;
}
