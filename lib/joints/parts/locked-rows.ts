// A joint's block of rows between bodies with locked axes (BodyOptions.lockTranslation, lockRotation).
//
// A locked axis has an infinite mass or inertia: the body's inverse mass along it, and its world inverse
// inertia's row and column, are 0 (BODY_STATE.inverseMassAxes, lockInverseInertia). A joint row that
// acts only along locked axes then moves nothing, and its K = J M⁻¹ Jᵀ is singular: the hinge about z of
// two bodies locked about x and y has two angular rows about x and y with K_ii = 0 but for round-off
// (their J meets the free z axis at 1e-16 from the frame's arithmetic: K_ii ≈ 1e-31), and a weld to the
// ground of a body locked along z holds the anchor's z by turning about x, which its rotation row about
// x does too: two rows, one direction (a singular K with no zero on its diagonal). The block inverses
// (math/ldlt.ts invertSymmetric5, invertSymmetric6Blocks) judge a pivot against its own Schur
// complement's diagonal, itself round-off here, and invert it: an impulse of 1e30 along a row that
// cannot move anything but the free axis it grazes, which threw the bodies metres in one step.
//
// So for such bodies the block is solved as rank-deficient, as Box2D (b2RevoluteJoint: k = iA + iB,
// 1/k only when k > 0) and Jolt (a rotation part is skipped when its K cannot be inverted) do for fixed
// rotation: a row whose K_ii is below NO_RESPONSE of what it is with the locks undone gets no impulse
// (its row and column of K cleared), and the rest is factored by LDLᵀ (ldltFactor), whose pivot test
// is against K's own diagonal, not a Schur complement's: a row whose direction the other rows already
// hold gets no impulse either. Bodies without locks never come here.

import type { Body } from '../../body/body.js';
import { BODY_STATE } from '../../body/body-state.js';
import { rotateSymmetric } from '../../math/mat3.js';
import { ldltFactor, ldltInverse } from '../../math/ldlt.js';

const INVERSE_MASS = BODY_STATE.inverseMass;

/**
 * A row gets no impulse when its K_ii with the locks is below this fraction of K_ii without them: its
 * direction lies in the locked axes to within about 1e-5 rad (K_ii scales with the square of the part
 * of J along the free axes). Round-off leaves 1e-30 or less; a row turned out of the locked axes by a
 * real angle is far above it.
 */
export const NO_RESPONSE = 1e-10;

const fullInertia = new Float64Array(9);
const factor = new Float64Array(36);

/** Whether a joint between these bodies is solved here. */
export function hasLocks(bodyA: Body, bodyB: Body): boolean {
  return bodyA.hasLockedAxes || bodyB.hasLockedAxes;
}

/**
 * sum + a body's part of a row's K_ii without its locks: m⁻¹ |J_v|² + J_ωᵀ (R I_b⁻¹ Rᵀ) J_ω, for the
 * row's six columns of that body at J[at] (linear, then angular).
 */
export function addUnlockedResponse(sum: number, J: ArrayLike<number>, at: number, body: Body): number {
  if (!body.isDynamic) return sum;
  const I = rotateSymmetric(fullInertia, body.rotation, body.inverseInertiaLocal);
  const lx = J[at], ly = J[at + 1], lz = J[at + 2], ax = J[at + 3], ay = J[at + 4], az = J[at + 5];
  sum += body.state[INVERSE_MASS] * (lx * lx + ly * ly + lz * lz);
  return sum + ax * (I[0] * ax + I[3] * ay + I[6] * az) + ay * (I[1] * ax + I[4] * ay + I[7] * az) + az * (I[2] * ax + I[5] * ay + I[8] * az);
}

/**
 * Clears row and column i of the symmetric n×n K (row-major) for each row i whose K_ii is below
 * NO_RESPONSE of unlocked[i] (its K_ii without the locks), marking it in `dropped` (1, else 0).
 */
export function dropUnmovedRows(K: Float64Array, n: number, unlocked: ArrayLike<number>, dropped: Uint8Array): void {
  for (let i = 0; i < n; i++) {
    dropped[i] = K[i * n + i] > NO_RESPONSE * unlocked[i] ? 0 : 1;
    if (dropped[i] === 0) continue;
    for (let j = 0; j < n; j++) {
      K[i * n + j] = 0;
      K[j * n + i] = 0;
    }
  }
}

/**
 * The pseudo-inverse of K + γ I over the rows not `dropped` (K symmetric n×n, row-major, n ≤ 6, its
 * dropped rows and columns already 0; dropUnmovedRows) into `out`: LDLᵀ with its pivot test against K's
 * diagonal (math/ldlt.ts ldltFactor), so a row dependent on the others gets no impulse. The dropped rows
 * take no compliance: their rows and columns of the result are 0.
 */
export function invertLockedRows(K: ArrayLike<number>, n: number, compliance: number, dropped: Uint8Array, out: Float64Array): void {
  for (let i = 0; i < n * n; i++) factor[i] = K[i];
  if (compliance !== 0) for (let i = 0; i < n; i++) if (dropped[i] === 0) factor[i * n + i] += compliance;
  ldltFactor(factor, n);
  ldltInverse(factor, n, out);
}
