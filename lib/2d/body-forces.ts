// Forces and impulses on a 2D body (Body2D.applyForce, applyTorque, applyLinearImpulse;
// lib/body/body-forces.ts in 3D): the same rules in the plane, with the torque and the angular impulse
// scalars (counter-clockwise).

import { MAX_FORCE, MAX_TORQUE } from '../limits.js';
import { readFiniteVector, requireAccumulated, requireFinite } from '../util/validate.js';
import { requireImpulseSpeeds } from '../body/body-base.js';
import type { Body2D } from './body.js';
import { BODY2D_STATE } from './body-state.js';
import type { Vector2Input } from '../util/vector-input.js';

const ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia;
const INVERSE_MASS = BODY2D_STATE.inverseMass;

const scratch = new Float64Array(2);
const scratchSum = new Float64Array(3);

/** @internal Body2D.applyForce: adds `force` (N) for the next step, and at `worldPoint` (m) its torque
 * about the centre of mass, (p − x) × f. */
export function addForce(body: Body2D, force: Vector2Input, worldPoint: Vector2Input | undefined): void {
  readFiniteVector('applyForce', 'force', force, 2, scratch);
  const fx = scratch[0], fy = scratch[1];
  let torque = body._torque;
  if (worldPoint !== undefined) {
    readFiniteVector('applyForce', 'worldPoint', worldPoint, 2, scratch);
    torque += (scratch[0] - body.position[0]) * fy - (scratch[1] - body.position[1]) * fx;
  }
  const sum = scratchSum;
  sum[0] = body.force[0] + fx;
  sum[1] = body.force[1] + fy;
  sum[2] = torque;
  requireAccumulated('applyForce', 'force', force, worldPoint, 'force', sum, MAX_FORCE, 'N', 0, 2);
  requireAccumulated('applyForce', 'force', force, worldPoint, 'torque', sum, MAX_TORQUE, 'N·m', 2, 3);
  body.force[0] = sum[0];
  body.force[1] = sum[1];
  body._torque = torque;
  body.sleep.wake();
}

/** @internal Body2D.applyTorque: adds `torque` (N·m, counter-clockwise) for the next step. */
export function addTorque(body: Body2D, torque: number): void {
  const sum = body._torque + requireFinite('applyTorque', 'torque', torque);
  scratchSum[0] = sum;
  requireAccumulated('applyTorque', 'torque', torque, undefined, 'torque', scratchSum, MAX_TORQUE, 'N·m', 0, 1);
  body._torque = sum;
  body.sleep.wake();
}

/** @internal Body2D.applyLinearImpulse: v += m⁻¹ p and, at `worldPoint`, ω += I⁻¹ ((p_w − x) × p). */
export function addLinearImpulse(body: Body2D, impulse: Vector2Input, worldPoint: Vector2Input | undefined): void {
  readFiniteVector('applyLinearImpulse', 'impulse', impulse, 2, scratch);
  const px = scratch[0], py = scratch[1];
  let angular = 0;
  if (worldPoint !== undefined) {
    readFiniteVector('applyLinearImpulse', 'worldPoint', worldPoint, 2, scratch);
    angular = (scratch[0] - body.position[0]) * py - (scratch[1] - body.position[1]) * px;
  }
  if (!body.isDynamic) return;
  const s = body.state, v = body.linearVelocity;
  const speed = Math.hypot(v[0] + s[INVERSE_MASS] * px, v[1] + s[INVERSE_MASS] * py);
  requireImpulseSpeeds('applyLinearImpulse', impulse, body.id, speed, s[ANGULAR_VELOCITY] + s[INVERSE_INERTIA] * angular);
  body.sleep.wake();
  v[0] += s[INVERSE_MASS] * px;
  v[1] += s[INVERSE_MASS] * py;
  s[ANGULAR_VELOCITY] += s[INVERSE_INERTIA] * angular;
}
