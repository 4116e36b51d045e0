// Where the worker writes each body's pose for the main thread to draw: a region of doubles, a header
// and then one slot per body (a body keeps its slot while it lives; a removed body's slot is taken again
// by a later one). Each slot holds the body's handle (so that a slot not yet written for its new body is
// not read as that body), whether it is awake and whether the last step moved it, its pose and its pose at
// the start of that step. The main thread draws between the two as a body does between its own
// (body/interpolation.ts: the same lerp and slerp, and the same rule that a body the last step did not
// move is drawn where it is). Shared memory (shared-poses.ts) and transferred buffers
// (transferred-poses.ts) carry regions of this layout.

import { fractionScratch, interpolationFraction, lerpAt, orientationAt, type InterpolationClock } from '../body/interpolation.js';
import type { Body } from '../body/body.js';

/** The header: how many steps the worker had taken for this proxy, the world's stepCount and time, the
 * worker's milliseconds in world.step over the steps of the last message that had any, those steps, and
 * the slots written. */
export const H_STEPS = 0;
export const H_STEP_COUNT = 1;
export const H_TIME = 2;
export const H_STEP_MS = 3;
export const H_MESSAGE_STEPS = 4;
export const H_SLOTS = 5;
export const HEADER = 8;

/** A slot: handle, flags, position (3), orientation (4), previous position (3), previous orientation (4). */
export const S_HANDLE = 0;
export const S_FLAGS = 1;
export const S_POSITION = 2;
export const S_ORIENTATION = 5;
export const S_PREVIOUS_POSITION = 9;
export const S_PREVIOUS_ORIENTATION = 12;
export const SLOT = 16;

/** Flags: the body is awake; the last step moved it (its previous pose is that step's start). */
export const FLAG_AWAKE = 1;
export const FLAG_MOVED = 2;

/** Doubles in a region of `capacity` slots. */
export function regionLength(capacity: number): number {
  return HEADER + capacity * SLOT;
}

/** Slots a region of `length` doubles holds. */
export function regionCapacity(length: number): number {
  return Math.floor((length - HEADER) / SLOT);
}

/** The smallest capacity, a power of two of at least 64, that holds slot `slot`. */
export function capacityFor(slot: number): number {
  let capacity = 64;
  while (capacity <= slot) capacity *= 2;
  return capacity;
}

/**
 * Writes `body` (its handle `handle`) into slot `slot` of `region`. Its previous pose is the one the last
 * step recorded when that step moved it, else its current pose: interpolation.ts's rule, asked through
 * `moved`, a clock of the world's stepCount and an alpha of 0 (0 back: the previous pose is that step's).
 */
export function writeSlot(region: Float64Array, slot: number, handle: number, body: Body, moved: InterpolationClock): void {
  const at = HEADER + slot * SLOT;
  const fresh = interpolationFraction(moved, body.previousPoseStep) === 0;
  const p = body.position, q = body.orientation, previous = fresh ? body.previousPose : null;
  region[at + S_HANDLE] = handle;
  region[at + S_FLAGS] = (body.isAwake ? FLAG_AWAKE : 0) | (fresh ? FLAG_MOVED : 0);
  region[at + S_POSITION] = p[0]; region[at + S_POSITION + 1] = p[1]; region[at + S_POSITION + 2] = p[2];
  region[at + S_ORIENTATION] = q[0]; region[at + S_ORIENTATION + 1] = q[1]; region[at + S_ORIENTATION + 2] = q[2]; region[at + S_ORIENTATION + 3] = q[3];
  if (previous === null) {
    for (let k = 0; k < 7; k++) region[at + S_PREVIOUS_POSITION + k] = region[at + S_POSITION + k];
  } else {
    for (let k = 0; k < 7; k++) region[at + S_PREVIOUS_POSITION + k] = previous[k];
  }
}

/** Marks slot `slot` empty (its body removed). */
export function clearSlot(region: Float64Array, slot: number): void {
  region[HEADER + slot * SLOT + S_HANDLE] = 0;
}

/** Where slot `slot` of a region starts when it holds the body of handle `handle` (written since the
 * body was made), else −1. */
export function slotOffset(region: Float64Array | null, slot: number, handle: number): number {
  if (region === null || slot < 0) return -1;
  const at = HEADER + slot * SLOT;
  return at + SLOT <= region.length && region[at + S_HANDLE] === handle ? at : -1;
}

/** What the main thread draws at: the alpha between the delivered steps (WorkerWorld). Read from a field,
 * not passed: see fractionScratch (body/interpolation.ts). */
export interface DrawAlpha {
  readonly drawAlpha: number;
}

/** Sets fractionScratch to how far the body in the slot at `at` is drawn from its previous pose toward its
 * current one: the alpha when the last step moved it, else 1 (its current pose: interpolation.ts's rule). */
function setFraction(region: Float64Array, at: number, owner: DrawAlpha): void {
  fractionScratch[0] = (region[at + S_FLAGS] & FLAG_MOVED) !== 0 ? owner.drawAlpha : 1;
}

/** The position to draw from the slot at `at` into `out`: the lerp a Body is drawn with. */
export function interpolateSlotPosition(region: Float64Array, at: number, owner: DrawAlpha, out: Float64Array | number[]): void {
  setFraction(region, at, owner);
  lerpAt(out, region, at + S_PREVIOUS_POSITION, region, at + S_POSITION, 3);
}

/** The orientation to draw from the slot at `at` into `out`: the slerp a Body is drawn with. */
export function interpolateSlotOrientation(region: Float64Array, at: number, owner: DrawAlpha, out: Float64Array | number[]): void {
  setFraction(region, at, owner);
  orientationAt(out, region, at + S_PREVIOUS_ORIENTATION, region, at + S_ORIENTATION);
}

/** Scratch for interpolateSlotPose: written, then copied out. */
const drawnPosition = new Float64Array(3);
const drawnOrientation = new Float64Array(4);

/** The pose to draw from the slot at `at`, 7 numbers (position, then orientation) into `out` from
 * `outAt`, as interpolateSlotPosition and interpolateSlotOrientation give them. */
export function interpolateSlotPose(region: Float64Array, at: number, owner: DrawAlpha, out: Float32Array | Float64Array | number[], outAt: number): void {
  setFraction(region, at, owner);
  lerpAt(drawnPosition, region, at + S_PREVIOUS_POSITION, region, at + S_POSITION, 3);
  orientationAt(drawnOrientation, region, at + S_PREVIOUS_ORIENTATION, region, at + S_ORIENTATION);
  out[outAt] = drawnPosition[0]; out[outAt + 1] = drawnPosition[1]; out[outAt + 2] = drawnPosition[2];
  out[outAt + 3] = drawnOrientation[0]; out[outAt + 4] = drawnOrientation[1]; out[outAt + 5] = drawnOrientation[2]; out[outAt + 6] = drawnOrientation[3];
}
