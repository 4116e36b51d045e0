// Checks World.restore and World2D.restore run on what a snapshot holds, beside the option checks of
// validate.ts (the same functions, so the same bounds as createBody and the World constructor). A
// snapshot is data from outside (a file, a network peer): every field and every number in it is checked,
// and the error names its path in the snapshot (`World.restore: bodies[3].inverseMass must be …`).

import { StateWriter } from './state.js';
import { show, showBound, showKey } from './validate.js';
import { MAX_STORED_MAGNITUDE } from '../limits.js';

/** Every number of `values` finite. */
export function requireFiniteNumbers(where: string, name: string, values: ArrayLike<number>): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new RangeError(`${where}: ${name}[${i}] must be a finite number, got ${show(values[i])}`);
  }
}

/** Every number of `values` finite and within ±MAX_STORED_MAGNITUDE (a joint's impulses and readouts). */
export function requireStoredNumbers(where: string, name: string, values: ArrayLike<number>): void {
  requireFiniteNumbers(where, name, values);
  for (let i = 0; i < values.length; i++) {
    if (Math.abs(values[i]) > MAX_STORED_MAGNITUDE) {
      throw new RangeError(`${where}: ${name}[${i}] must be within ±${showBound(MAX_STORED_MAGNITUDE)} (README, "Limits"), got ${show(values[i])}`);
    }
  }
}

/** Stored rotations are kept unit by the step to round-off; a quaternion off by more than this was not
 * written by a world and is normalized (as createBody's orientation is), within READ_UNIT_TOLERANCE. */
const STORED_UNIT_TOLERANCE = 1e-9;
/** How far from unit a quaternion may be and still be read (validate.ts readUnitQuaternion's). */
const READ_UNIT_TOLERANCE = 1e-3;

/** A stored unit quaternion (x, y, z, w), in place: finite and unit; off by a little (within 1e-3, as
 * createBody accepts), normalized; further, refused. One a world wrote is kept to the bit. Returns
 * whether it was normalized. */
export function checkStoredQuaternion(where: string, name: string, q: Float64Array): boolean {
  requireFiniteNumbers(where, name, q);
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(Math.abs(length - 1) <= READ_UNIT_TOLERANCE)) {
    throw new RangeError(`${where}: ${name} must be a unit quaternion (x, y, z, w), got ${show(q)} of length ${length}`);
  }
  if (Math.abs(length - 1) <= STORED_UNIT_TOLERANCE) return false;
  for (let k = 0; k < 4; k++) q[k] /= length;
  return true;
}

/** `stored` (a derived quantity a snapshot keeps, such as a rotation matrix) within `tolerance` of what
 * it follows from (`expected`), relative to the largest of either. */
export function requireConsistent(where: string, name: string, stored: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  requireFiniteNumbers(where, name, stored);
  let scale = 1e-300;
  for (let i = 0; i < stored.length; i++) scale = Math.max(scale, Math.abs(stored[i]), Math.abs(expected[i]));
  for (let i = 0; i < stored.length; i++) {
    if (!(Math.abs(stored[i] - expected[i]) <= 1e-6 * scale)) {
      throw new RangeError(`${where}: ${name} must be ${what}, got ${show(stored)}, expected ${show(expected)}`);
    }
  }
}

/** Exactly zero (a static or kinematic body's inverse mass, a static body's velocity). */
export function requireZero(where: string, name: string, values: ArrayLike<number>, why: string): void {
  for (let i = 0; i < values.length; i++) {
    if (values[i] !== 0) throw new RangeError(`${where}: ${name} must be zero (${why}), got ${show(values)}`);
  }
}

/**
 * What `save` writes must be numbers the step can use: finite and within ±MAX_STORED_MAGNITUDE, except
 * where the writer was told a limit may be ±Infinity (StateWriter.writeLimit). For the parts of joints,
 * whose fields have no public names, the error gives the number's place in the entity's state. (The
 * fields with tighter bounds, such as anchors and limits, are checked by their own parts.)
 */
export function requireFiniteState(where: string, name: string, save: (writer: StateWriter) => void): void {
  const writer = new StateWriter();
  writer.limits = [];
  writer.bounds = [];
  writer.quaternions = [];
  save(writer);
  const numbers = writer.result(), limits = writer.limits, bounds = writer.bounds;
  for (let i = 0; i < numbers.length; i++) {
    const x = numbers[i];
    if (Number.isFinite(x) ? Math.abs(x) <= MAX_STORED_MAGNITUDE : !Number.isNaN(x) && limits.includes(i)) continue;
    throw new RangeError(
      `${where}: ${name}: number ${i} of its state must be a finite number within ±${showBound(MAX_STORED_MAGNITUDE)} (README, "Limits"), got ${show(x)}`,
    );
  }
  for (let k = 0; k < bounds.length; k += 2) {
    const i = bounds[k], bound = bounds[k + 1];
    if (!(Math.abs(numbers[i]) <= bound)) {
      throw new RangeError(`${where}: ${name}: number ${i} of its state must be within ±${showBound(bound)} (README, "Limits"), got ${show(numbers[i])}`);
    }
  }
  for (const i of writer.quaternions) {
    const length = Math.hypot(numbers[i], numbers[i + 1], numbers[i + 2], numbers[i + 3]);
    if (!(Math.abs(length - 1) <= READ_UNIT_TOLERANCE)) {
      throw new RangeError(`${where}: ${name}: numbers ${i} to ${i + 3} of its state must be a unit quaternion, got ${show(numbers.subarray(i, i + 4))} of length ${length}`);
    }
  }
}

/**
 * Numbers read back from a snapshot must be the numbers the world keeps: after an entity is loaded, it
 * writes its state again and that must equal, bit for bit, what was read (`read`). A flag of 1.5, a
 * boolean of 7, a mode of 3 read as something else and fail this; so does any number a part keeps in
 * another form.
 */
export function requireRoundTrip(where: string, name: string, read: Float64Array, save: (writer: StateWriter) => void): void {
  const writer = new StateWriter();
  save(writer);
  const written = writer.result();
  const n = Math.min(read.length, written.length);
  for (let i = 0; i < n; i++) {
    if (!Object.is(read[i], written[i])) {
      throw new RangeError(`${where}: ${name}: number ${i} of its state is ${show(read[i])}, which it cannot hold (it reads back as ${show(written[i])})`);
    }
  }
  if (read.length !== written.length) {
    throw new RangeError(`${where}: ${name}: its state is ${read.length} numbers where ${written.length} were expected`);
  }
}

/** An array of a snapshot (bodies, joints, shapes): a real array no longer than `most` (how many its
 * numbers can describe), so a hostile `{ length: 1e9 }` or a sparse array is refused before it is walked. */
export function requireSnapshotArray(where: string, name: string, value: unknown, most: number): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${where}: ${name} must be an array, got ${show(value)}`);
  if (value.length > most) {
    throw new RangeError(`${where}: ${name} holds ${value.length} entries, more than the snapshot's numbers can describe (${most})`);
  }
  return value;
}

/** An entry of a snapshot's list: a plain object. */
export function requireEntry(where: string, name: string, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${where}: ${name} must be an object, got ${show(value)}`);
  }
  return value as Record<string, unknown>;
}

/** The keys an entry may have: anything else is refused (a misspelt or foreign field would otherwise be
 * silently dropped). */
export function requireKnownKeys(where: string, name: string, entry: object, keys: readonly string[]): void {
  // every own key: symbols and non-enumerable ones too, and an own `__proto__` (JSON.parse makes one)
  for (const key of Reflect.ownKeys(entry)) {
    if (typeof key === 'string' && keys.includes(key)) continue;
    throw new RangeError(`${where}: ${name}.${showKey(key)} is not a field of a snapshot (${keys.join(', ')})`);
  }
}

/** Refuses a restored vector longer than `max` (the bound its setter keeps to, lib/limits.ts), or, with
 * `perAxis`, one with a component past it: a finite but huge velocity or force read from a snapshot
 * would overflow in the step as it would had the setter taken it. */
export function requireAtMost(where: string, name: string, values: ArrayLike<number>, max: number, unit: string, perAxis = false): void {
  let size = 0;
  for (let i = 0; i < values.length; i++) size = perAxis ? Math.max(size, Math.abs(values[i])) : Math.hypot(size, values[i]);
  if (size > max) {
    throw new RangeError(`${where}: ${name} must be at most ${showBound(max)} ${unit}${perAxis ? ' on each axis' : ''} (README, "Limits"), got ${show(Array.from(values))}`);
  }
}
