// Forces and impulses on a 3D body (Body.applyForce, applyTorque, applyLinearImpulse,
// applyAngularImpulse; lib/2d/body-forces.ts in 2D). A force or torque adds to what the next step applies
// (BODY_STATE.force, torque), refused when the sum would pass MAX_FORCE or MAX_TORQUE; an impulse changes
// the velocities at once, refused when it would make the body faster than MAX_LINEAR_SPEED or
// MAX_ANGULAR_SPEED. Nothing is changed by a refused call, and a static or kinematic body takes no impulse.

import { MAX_FORCE, MAX_TORQUE } from '../limits.js';
import { readFiniteVector, requireAccumulated } from '../util/validate.js';
import type { Body } from './body.js';
import { requireImpulseSpeeds } from './body-base.js';
import { BODY_STATE } from './body-state.js';
import type { Vector3Input } from '../util/vector-input.js';

const INVERSE_MASS_AXES = BODY_STATE.inverseMassAxes;

const scratchVector = new Float64Array(3);
const scratchAngular = new Float64Array(3);
const scratchSum = new Float64Array(3);

/** @internal Body.applyForce: adds `force` (N) for the next step, and at `worldPoint` (m) its torque
 * about the centre of mass. */
export function addForce(body: Body, force: Vector3Input, worldPoint: Vector3Input | undefined): void {
  readFiniteVector('applyForce', 'force', force, 3, scratchVector);
  const fx = scratchVector[0], fy = scratchVector[1], fz = scratchVector[2];
  const torque = scratchAngular;
  torque.set(body.torque);
  if (worldPoint !== undefined) {
    readFiniteVector('applyForce', 'worldPoint', worldPoint, 3, scratchVector);
    addLeverTorque(torque, scratchVector, body.position, fx, fy, fz);
  }
  const sum = scratchSum;
  sum[0] = body.force[0] + fx; sum[1] = body.force[1] + fy; sum[2] = body.force[2] + fz;
  requireAccumulated('applyForce', 'force', force, worldPoint, 'force', sum, MAX_FORCE, 'N');
  requireAccumulated('applyForce', 'force', force, worldPoint, 'torque', torque, MAX_TORQUE, 'N·m');
  body.force.set(sum);
  body.torque.set(torque);
  body.sleep.wake();
}

/** @internal addForce for a caller whose force and point are already finite vectors of its own (a
 * vehicle's suspension, every wheel every step): the same sums and the same limits, without reading them
 * again. */
export function addForceAt(body: Body, force: Float64Array, worldPoint: Float64Array): void {
  const fx = force[0], fy = force[1], fz = force[2];
  const torque = scratchAngular;
  torque.set(body.torque);
  addLeverTorque(torque, worldPoint, body.position, fx, fy, fz);
  const sum = scratchSum;
  sum[0] = body.force[0] + fx; sum[1] = body.force[1] + fy; sum[2] = body.force[2] + fz;
  requireAccumulated('applyForce', 'force', force, worldPoint, 'force', sum, MAX_FORCE, 'N');
  requireAccumulated('applyForce', 'force', force, worldPoint, 'torque', torque, MAX_TORQUE, 'N·m');
  body.force.set(sum);
  body.torque.set(torque);
  body.sleep.wake();
}

/** @internal Body.applyTorque: adds `torque` (N·m, world frame) for the next step. */
export function addTorque(body: Body, torque: Vector3Input): void {
  readFiniteVector('applyTorque', 'torque', torque, 3, scratchVector);
  const sum = scratchSum;
  for (let i = 0; i < 3; i++) sum[i] = body.torque[i] + scratchVector[i];
  requireAccumulated('applyTorque', 'torque', torque, undefined, 'torque', sum, MAX_TORQUE, 'N·m');
  body.torque.set(sum);
  body.sleep.wake();
}

/** @internal Body.applyLinearImpulse: v += m⁻¹ p (along the unlocked axes) and, at `worldPoint`,
 * ω += I⁻¹ ((p_w − x) × p). */
export function addLinearImpulse(body: Body, impulse: Vector3Input, worldPoint: Vector3Input | undefined): void {
  readFiniteVector('applyLinearImpulse', 'impulse', impulse, 3, scratchVector);
  const px = scratchVector[0], py = scratchVector[1], pz = scratchVector[2];
  const angular = scratchAngular.fill(0);
  if (worldPoint !== undefined) {
    readFiniteVector('applyLinearImpulse', 'worldPoint', worldPoint, 3, scratchVector);
    addLeverTorque(angular, scratchVector, body.position, px, py, pz);
  }
  if (!body.isDynamic) return;
  requireSpeeds(body, 'applyLinearImpulse', impulse, px, py, pz, angular[0], angular[1], angular[2]);
  body.sleep.wake();
  const s = body.state;
  body.linearVelocity[0] += s[INVERSE_MASS_AXES] * px;
  body.linearVelocity[1] += s[INVERSE_MASS_AXES + 1] * py;
  body.linearVelocity[2] += s[INVERSE_MASS_AXES + 2] * pz;
  turnBy(body, angular[0], angular[1], angular[2]);
}

/** @internal Body.applyAngularImpulse: ω += I⁻¹ L (world frame). */
export function addAngularImpulse(body: Body, impulse: Vector3Input): void {
  readFiniteVector('applyAngularImpulse', 'impulse', impulse, 3, scratchVector);
  if (!body.isDynamic) return;
  requireSpeeds(body, 'applyAngularImpulse', impulse, 0, 0, 0, scratchVector[0], scratchVector[1], scratchVector[2]);
  body.sleep.wake();
  turnBy(body, scratchVector[0], scratchVector[1], scratchVector[2]);
}

/** Refuses an impulse (p, and the angular l) that would take the body past MAX_LINEAR_SPEED or
 * MAX_ANGULAR_SPEED (the sums as the impulse calls form them). */
function requireSpeeds(body: Body, where: string, impulse: unknown, px: number, py: number, pz: number, lx: number, ly: number, lz: number): void {
  const s = body.state, v = body.linearVelocity, w = body.angularVelocity, I = body.inverseInertiaWorld;
  const speed = Math.hypot(v[0] + s[INVERSE_MASS_AXES] * px, v[1] + s[INVERSE_MASS_AXES + 1] * py, v[2] + s[INVERSE_MASS_AXES + 2] * pz);
  const turning = Math.hypot(
    w[0] + (I[0] * lx + I[3] * ly + I[6] * lz), w[1] + (I[1] * lx + I[4] * ly + I[7] * lz), w[2] + (I[2] * lx + I[5] * ly + I[8] * lz),
  );
  requireImpulseSpeeds(where, impulse, body.id, speed, turning);
}

/** ω += I⁻¹ L (world frame). */
function turnBy(body: Body, lx: number, ly: number, lz: number): void {
  const I = body.inverseInertiaWorld, w = body.angularVelocity;
  w[0] += I[0] * lx + I[3] * ly + I[6] * lz;
  w[1] += I[1] * lx + I[4] * ly + I[7] * lz;
  w[2] += I[2] * lx + I[5] * ly + I[8] * lz;
}

/** torque += (p − x) × f */
function addLeverTorque(torque: Float64Array, point: Float64Array, centre: Float64Array, fx: number, fy: number, fz: number): void {
  const rx = point[0] - centre[0], ry = point[1] - centre[1], rz = point[2] - centre[2];
  torque[0] += ry * fz - rz * fy;
  torque[1] += rz * fx - rx * fz;
  torque[2] += rx * fy - ry * fx;
}
