// The solver's view of a 3D body: where each quantity sits in Body.state (one Float64Array per body,
// allocated from the world's arena), and the locked axes applied to it (BodyOptions.lockTranslation,
// lockRotation). The step, the joints' parts and the contacts read bodies through these offsets.

import { show } from '../util/validate.js';

/** @internal Where each quantity sits in Body.state (the solver's per-body array). */
export const BODY_STATE = /* @__PURE__ */ Object.freeze({
  linearVelocity: 0,
  angularVelocity: 3,
  inverseInertia: 6,
  inverseMass: 15,
  position: 16,
  orientation: 19,
  rotation: 23,
  force: 32,
  torque: 35,
  inertiaLocal: 38,
  inverseInertiaLocal: 47,
  /** How many of the numbers snapshots and hashes keep; the rest follow from them and the locks. */
  stored: 56,
  /** m⁻¹ along each world axis: 0 along a locked one (BodyOptions.lockTranslation), else m⁻¹. */
  inverseMassAxes: 56,
  /** The world axes translation is locked along, bit k for axis k (0: none; the solver's fast path). */
  translationLocks: 59,
  size: 60,
});
const LINEAR_VELOCITY = BODY_STATE.linearVelocity;
const ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia;
const TRANSLATION_LOCKS = BODY_STATE.translationLocks;

/** @internal Reads a lock triple [x, y, z] of booleans as bits (bit k: axis k locked). */
export function readLocks(where: string, name: string, value: unknown): number {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'boolean')) {
    throw new TypeError(`${where}: ${name} must be three booleans [x, y, z], got ${show(value)}`);
  }
  return (value[0] ? 1 : 0) | (value[1] ? 2 : 0) | (value[2] ? 4 : 0);
}

/** @internal I⁻¹ (world) with rows and columns of the locked axes zeroed: P I⁻¹ P. */
export function lockInverseInertia(s: Float64Array, locks: number): void {
  for (let k = 0; k < 3; k++) {
    if ((locks & (1 << k)) === 0) continue;
    for (let j = 0; j < 3; j++) {
      s[INVERSE_INERTIA + 3 * k + j] = 0;
      s[INVERSE_INERTIA + 3 * j + k] = 0;
    }
  }
}

/** @internal v without its parts along locked axes (BODY_STATE.translationLocks). */
export function lockLinearVelocity(s: Float64Array): void {
  const locks = s[TRANSLATION_LOCKS];
  if (locks === 0) return;
  if ((locks & 1) !== 0) s[LINEAR_VELOCITY] = 0;
  if ((locks & 2) !== 0) s[LINEAR_VELOCITY + 1] = 0;
  if ((locks & 4) !== 0) s[LINEAR_VELOCITY + 2] = 0;
}

/** @internal ω without its parts about locked axes. */
export function lockAngularVelocity(s: Float64Array, locks: number): void {
  if (locks === 0) return;
  if ((locks & 1) !== 0) s[ANGULAR_VELOCITY] = 0;
  if ((locks & 2) !== 0) s[ANGULAR_VELOCITY + 1] = 0;
  if ((locks & 4) !== 0) s[ANGULAR_VELOCITY + 2] = 0;
}
