// Input checks for everything a user hands the library. Each throws before anything is changed, with
// a message that names the option and the bad value: `RangeError: createBody: mass must be a finite
// number > 0, got -1`. Nothing here runs inside step().

import { MAX_COORDINATE, MAX_DAMPING, MAX_DAMPING_RATIO, MAX_GRAVITY, MAX_GRAVITY_SCALE, MAX_STIFFNESS } from '../limits.js';

/** At most this many items of an array, characters of a string, and levels of nesting go into a message:
 * an option `{ length: 1e9 }` (a 30-byte edit of a snapshot) would otherwise be formatted item by item
 * until the process runs out of memory, and an array that holds itself would never end. */
const SHOWN_ITEMS = 16, SHOWN_CHARACTERS = 80, SHOWN_DEPTH = 3;

/** Formats a user value for an error message: numbers exactly, strings quoted, arrays item by item (so
 * a NaN inside is visible), each cut short past SHOWN_ITEMS, SHOWN_CHARACTERS and SHOWN_DEPTH. */
export function show(value: unknown, depth = 0): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') {
    if (value.length <= SHOWN_CHARACTERS) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, SHOWN_CHARACTERS))}… (${value.length} characters)`;
  }
  if (value !== null && typeof value === 'object' && typeof (value as ArrayLike<unknown>).length === 'number') {
    const length = (value as ArrayLike<unknown>).length;
    if (!Number.isSafeInteger(length) || length < 0) return `an object of length ${show(length)}`;
    if (depth >= SHOWN_DEPTH) return length === 0 ? '[]' : `[… ${length} items]`;
    const items: string[] = [];
    for (let i = 0; i < Math.min(length, SHOWN_ITEMS); i++) items.push(show((value as ArrayLike<unknown>)[i], depth + 1));
    if (length > SHOWN_ITEMS) items.push(`… ${length - SHOWN_ITEMS} more`);
    return `[${items.join(', ')}]`;
  }
  try {
    const text = String(value);
    if (text === '[object Object]') return showObject(value as object, depth);
    return text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS)}…`;
  } catch {
    return typeof value;
  }
}

/** A plain object as `{ key: value, … }` (its first SHOWN_ITEMS own keys), an instance of a class as
 * `a Name`: what String gives both, "[object Object]", named nothing. (A throwing getter or proxy is caught
 * by show.) */
function showObject(value: object, depth: number): string {
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
  if (prototype !== null && prototype !== Object.prototype) return `a ${showKey(String(prototype.constructor?.name))}`;
  if (depth >= SHOWN_DEPTH) return '{…}';
  const keys = Object.keys(value), items = keys.slice(0, SHOWN_ITEMS).map((key) => `${showKey(key)}: ${show((value as Record<string, unknown>)[key], depth + 1)}`);
  if (keys.length > SHOWN_ITEMS) items.push('…');
  return `{ ${items.join(', ')} }`;
}

/** A property key for a message: a string as written, cut short past SHOWN_CHARACTERS (a key of 1e7
 * characters made a 10 MB message), a symbol as `Symbol(description)`. */
export function showKey(key: string | symbol): string {
  const text = typeof key === 'symbol' ? String(key) : key;
  return text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)`;
}

/** Refuses, by name, an `out` a getter cannot write `n` numbers into: not an array or typed array, a
 * typed array shorter than n (its writes past the end would be lost without a word), or a frozen (or
 * sealed and short) array, whose writes would throw a TypeError naming no call. Allocates nothing. */
export function requireWritable(where: string, out: unknown, n: number): void {
  if (ArrayBuffer.isView(out) && !(out instanceof DataView)) {
    if ((out as Float64Array).length >= n) return;
  } else if (Array.isArray(out) && (Object.isExtensible(out) || (out.length >= n && !Object.isFrozen(out)))) {
    return;
  }
  throw new TypeError(`${where}: out must be an array or Float64Array that ${n} numbers can be written into, got ${describeOut(out)}`);
}

function describeOut(out: unknown): string {
  if (Array.isArray(out) && !Object.isExtensible(out)) {
    return out.length > 0 && Object.isFrozen(out) ? `a frozen array ${show(out)}` : `a sealed array ${show(out)} too short to grow`;
  }
  return show(out);
}

export function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as ArrayLike<unknown>).length === 'number';
}

/** readFiniteVector's copy of the value: each item is read once, checked in the copy, and only the copy is
 * stored, so an item that reads differently the second time (a getter, a Proxy) cannot pass the check
 * with one value and be stored with another. Grown for the longest vector read. */
let vectorScratch = new Float64Array(16);

/** The components an object vector is read by (x, y, z, w: three.js's Vector2, Vector3, Vector4 and
 * Quaternion, whose order is the library's quaternion order (x, y, z, w)). */
const COMPONENTS = ['x', 'y', 'z', 'w'] as const;

/**
 * Reads a vector of `n` finite numbers into `out` (written only when all are finite): an array (or typed
 * array) of n numbers, or, for n from 2 to 4, an object with numeric x, y (z, w) such as three.js's
 * Vector3 or Quaternion.
 */
export function readFiniteVector(where: string, name: string, value: unknown, n: number, out: Float64Array): Float64Array {
  if (!isArrayLike(value)) {
    if (n >= 2 && n <= 4 && value !== null && typeof value === 'object') return readObjectVector(where, name, value, n, out);
    throw new TypeError(`${where}: ${name} must be an array of ${n} numbers, got ${show(value)}`);
  }
  const length = value.length;
  if (length !== n) throw new TypeError(`${where}: ${name} must be an array of ${n} numbers, got ${show(value)}`);
  if (vectorScratch.length < n) vectorScratch = new Float64Array(n);
  const copy = vectorScratch;
  for (let i = 0; i < n; i++) {
    const x = value[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new RangeError(`${where}: ${name} must hold ${n} finite numbers, got ${showRead(value, i, x)}`);
    }
    copy[i] = x;
  }
  for (let i = 0; i < n; i++) out[i] = copy[i];
  return out;
}

/** An object vector's components (x, y, z, w, the first n), each read once, checked, then stored. */
function readObjectVector(where: string, name: string, value: object, n: number, out: Float64Array): Float64Array {
  const copy = vectorScratch;
  for (let i = 0; i < n; i++) {
    const x = (value as Record<string, unknown>)[COMPONENTS[i]];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new TypeError(`${where}: ${name} must be an array of ${n} numbers${objectForm(n)}, got ${showComponents(value, n)} (its ${COMPONENTS[i]} is ${show(x)})`);
    }
    copy[i] = x;
  }
  for (let i = 0; i < n; i++) out[i] = copy[i];
  return out;
}

/** An object vector as its first n components read (x, y, z, w), for messages: {x: 1, y: 2, z: undefined}. */
function showComponents(value: object, n: number): string {
  const shown: string[] = [];
  for (let i = 0; i < n; i++) {
    let x: unknown;
    try { x = (value as Record<string, unknown>)[COMPONENTS[i]]; } catch { x = undefined; }
    shown.push(`${COMPONENTS[i]}: ${show(x)}`);
  }
  return `{${shown.join(', ')}}`;
}

/** The object form a vector of n numbers may also take, for messages. */
function objectForm(n: number): string {
  if (n === 2) return ' or an object with numeric x, y (a THREE.Vector2)';
  if (n === 3) return ' or an object with numeric x, y, z (a THREE.Vector3)';
  if (n === 4) return ' or an object with numeric x, y, z, w (a THREE.Quaternion)';
  return '';
}

/** A vector's message: show(value), and the item as it was read when reading it again would differ (a
 * getter that answers one thing then another). */
function showRead(value: ArrayLike<unknown>, index: number, read: unknown): string {
  const shown = show(value);
  let again: unknown;
  try { again = value[index]; } catch { again = undefined; }
  return Object.is(again, read) ? shown : `${shown} (item ${index} read as ${show(read)})`;
}

/** readUnitQuaternion's copy of the value, checked before `out` is written. */
const quaternionScratch = new Float64Array(4);

/** Reads a rotation quaternion (x, y, z, w): finite, non-zero, unit within 1e-3 (then normalized). */
export function readUnitQuaternion(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  const q = readFiniteVector(where, name, value, 4, quaternionScratch);
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (length === 0) {
    throw new RangeError(`${where}: ${name} must be a unit quaternion (x, y, z, w), got the zero quaternion ${show(value)}`);
  }
  if (Math.abs(length - 1) > 1e-3) {
    throw new RangeError(
      `${where}: ${name} must be a unit quaternion (x, y, z, w), got ${show(value)} of length ${length}; normalize it first`,
    );
  }
  normalizeStably(q, 4, length);
  for (let i = 0; i < 4; i++) out[i] = q[i] + 0;
  return out;
}

/**
 * Divides v (n = 3 or 4 numbers, of length `length` > 0) by its length, unless that length is already 1
 * to round-off (within UNIT_LENGTH_TOLERANCE): a vector this wrote (a shape's orientation or a plane's
 * normal in a snapshot) is then read again to the same bits. (Dividing again could move a last bit,
 * and stepping to a length of exactly 1 is not always possible: both made restored shapes hash apart.)
 */
export function normalizeStably(v: Float64Array, n: number, length: number): void {
  let l = length;
  for (let pass = 0; pass < 4 && !(Math.abs(l - 1) <= UNIT_LENGTH_TOLERANCE); pass++) {
    for (let i = 0; i < n; i++) v[i] /= l;
    l = n === 3 ? Math.hypot(v[0], v[1], v[2]) : Math.hypot(v[0], v[1], v[2], v[3]);
  }
}

/** How far from 1 the length of a unit vector may be after one division by its length: the rounding
 * of each component and of Math.hypot, a few ulps. */
const UNIT_LENGTH_TOLERANCE = 8 * Number.EPSILON;

const pointScratch = new Float64Array(3);

/** A point in the world (a body's position, a joint's anchor, a target): n ≤ 3 finite numbers within
 * ±MAX_COORDINATE each (README, "Limits"), written to `out` only when all are. Allocates nothing. */
export function readPoint(where: string, name: string, value: unknown, n: number, out: Float64Array): Float64Array {
  const p = readFiniteVector(where, name, value, n, pointScratch);
  for (let i = 0; i < n; i++) {
    if (Math.abs(p[i]) > MAX_COORDINATE) {
      throw new RangeError(`${where}: ${name} must be within ±${showBound(MAX_COORDINATE)} m on each axis (README, "Limits"), got ${show(value)}`);
    }
  }
  for (let i = 0; i < n; i++) out[i] = p[i];
  return out;
}

/** A world's gravity: n finite numbers within ±MAX_GRAVITY m/s² each, written to `out` only then. */
export function readGravity(where: string, name: string, value: unknown, n: number, out: Float64Array): Float64Array {
  const g = readFiniteVector(where, name, value, n, pointScratch);
  for (let i = 0; i < n; i++) {
    if (Math.abs(g[i]) > MAX_GRAVITY) {
      throw new RangeError(`${where}: ${name} must be within ±${showBound(MAX_GRAVITY)} m/s² on each axis (README, "Limits"), got ${show(value)}`);
    }
  }
  for (let i = 0; i < n; i++) out[i] = g[i];
  return out;
}

/** A body's gravity scale: finite, within ±MAX_GRAVITY_SCALE (README, "Limits"). */
export function requireGravityScale(where: string, name: string, value: unknown): number {
  const scale = requireFinite(where, name, value);
  return requireWithin(where, name, scale, -MAX_GRAVITY_SCALE, MAX_GRAVITY_SCALE);
}

/** A spring's damping ratio ζ: finite, 0 ≤ ζ ≤ MAX_DAMPING_RATIO (README, "Limits"). */
export function requireDampingRatio(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requireNonNegative(where, name, value), 0, MAX_DAMPING_RATIO);
}

/** A spring's stiffness in physical units: ≥ 0 and at most MAX_STIFFNESS (N/m or N·m/rad). */
export function requireStiffness(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requireNonNegative(where, name, value), 0, MAX_STIFFNESS, ' N/m or N·m/rad');
}
/** A spring's damping in physical units: ≥ 0 and at most MAX_DAMPING (N·s/m or N·m·s/rad). */
export function requireDamping(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requireNonNegative(where, name, value), 0, MAX_DAMPING, ' N·s/m or N·m·s/rad');
}

export function requirePositive(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) {
    throw new RangeError(`${where}: ${name} must be a finite number > 0, got ${show(value)}`);
  }
  return value;
}

/** A limit such as breakForce: > 0, where Infinity (the default) means `infinityMeans`. */
export function requirePositiveOrInfinity(where: string, name: string, value: unknown, infinityMeans = 'none'): number {
  if (typeof value !== 'number' || Number.isNaN(value) || !(value > 0)) {
    throw new RangeError(`${where}: ${name} must be a number > 0 (Infinity for ${infinityMeans}), got ${show(value)}`);
  }
  return value;
}

export function requireNonNegative(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${where}: ${name} must be a finite number ≥ 0, got ${show(value)}`);
  }
  return value;
}

export function requireFinite(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${where}: ${name} must be a finite number, got ${show(value)}`);
  }
  return value;
}

/** An integer ≥ min, and ≤ max when a max is given. */
export function requireInteger(where: string, name: string, value: unknown, min: number, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Infinity ? `≥ ${min}` : `in [${min}, ${max}]`;
    throw new RangeError(`${where}: ${name} must be an integer ${range}, got ${show(value)}`);
  }
  return value;
}

/** An optional callback: a function, or null / undefined for none. */
export function readCallback<T>(where: string, name: string, value: T | null | undefined): T | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'function') throw new TypeError(`${where}: ${name} must be a function, got ${show(value)}`);
  return value;
}

export function requireBoolean(where: string, name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${where}: ${name} must be true or false, got ${show(value)}`);
  return value;
}

/** A pair of bounds lower ≤ upper within [min, max]; ±Infinity allowed when the range is open. */
export function readBounds(
  where: string, lowerName: string, upperName: string, lower: unknown, upper: unknown, min: number, max: number,
): [number, number] {
  if (typeof lower !== 'number' || Number.isNaN(lower) || lower < min || lower > max) {
    throw new RangeError(`${where}: ${lowerName} must be a number in [${show(min)}, ${show(max)}], got ${show(lower)}`);
  }
  if (typeof upper !== 'number' || Number.isNaN(upper) || upper < min || upper > max) {
    throw new RangeError(`${where}: ${upperName} must be a number in [${show(min)}, ${show(max)}], got ${show(upper)}`);
  }
  if (lower > upper) {
    throw new RangeError(`${where}: ${lowerName} (${show(lower)}) must not exceed ${upperName} (${show(upper)})`);
  }
  return [lower, upper];
}

/** A direction: 3 finite numbers, not all zero (returned normalized). */
export function readDirection(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  readFiniteVector(where, name, value, 3, out);
  const length = Math.hypot(out[0], out[1], out[2]);
  if (!(length > 1e-12)) throw new RangeError(`${where}: ${name} must be a nonzero direction, got ${show(value)}`);
  out[0] /= length; out[1] /= length; out[2] /= length;
  return out;
}

/** `value` within [min, max] (lib/limits.ts), `unit` for the message (' kg'). The caller has checked it
 * is a finite number; the message names the bound and where it is explained. */
export function requireWithin(where: string, name: string, value: number, min: number, max: number, unit = ''): number {
  if (value < min) throw new RangeError(`${where}: ${name} must be at least ${showBound(min)}${unit} (README, "Limits"), got ${show(value)}`);
  if (value > max) throw new RangeError(`${where}: ${name} must be at most ${showBound(max)}${unit} (README, "Limits"), got ${show(value)}`);
  return value;
}

/** A bound as lib/limits.ts writes it: 1e-9 and 1e20, not 0.000000001 and 100000000000000000000. */
export function showBound(value: number): string {
  const a = Math.abs(value);
  return a !== 0 && a !== Infinity && (a < 1e-3 || a >= 1e4) ? value.toExponential().replace('e+', 'e') : show(value);
}

/** A finite number > 0 within [min, max]: requirePositive's message for what is not one, then the bound's. */
export function requirePositiveWithin(where: string, name: string, value: unknown, min: number, max: number, unit = ''): number {
  return requireWithin(where, name, requirePositive(where, name, value), min, max, unit);
}

/** An integer ≥ min and ≤ max: requireInteger's message for what is not one, then the bound's. */
export function requireIntegerWithin(where: string, name: string, value: unknown, min: number, max: number): number {
  return requireWithin(where, name, requireInteger(where, name, value, min), min, max);
}

const boundedScratch = new Float64Array(3);

/** A vector of n ≤ 3 finite numbers, as readFiniteVector, whose length (Math.hypot, no overflow) is at
 * most `max`, written to `out` only then. Allocates nothing (setLinearVelocity may run every frame). */
export function readBoundedVector(
  where: string, name: string, value: unknown, n: number, out: Float64Array, max: number, unit: string,
): Float64Array {
  const scratch = readFiniteVector(where, name, value, n, boundedScratch);
  let length = 0;
  for (let i = 0; i < n; i++) length = Math.hypot(length, scratch[i]);
  if (length > max) {
    throw new RangeError(`${where}: ${name} ${show(value)} has magnitude ${show(length)}${unit}, more than the ${showBound(max)}${unit} allowed (README, "Limits")`);
  }
  for (let i = 0; i < n; i++) out[i] = scratch[i];
  return out;
}

/** Refuses a force or torque call that would take the body's accumulator (`sum[first..end)`, what it
 * would hold) past ±max on an axis (MAX_FORCE, MAX_TORQUE): the step divides it by the mass and squares
 * the result. Allocates nothing unless it throws. */
export function requireAccumulated(
  where: string, name: string, given: unknown, point: unknown, accumulator: string, sum: ArrayLike<number>, max: number, unit: string,
  first = 0, end = sum.length,
): void {
  for (let k = first; k < end; k++) {
    if (!(Math.abs(sum[k]) <= max)) {
      const at = point === undefined ? '' : ` at ${show(point)}`;
      const held = end - first === 1 ? sum[first] : Array.from(sum).slice(first, end);
      throw new RangeError(
        `${where}: ${name} ${show(given)}${at} would make the body's ${accumulator} ${show(held)} ${unit}, more than the ${showBound(max)} ${unit} per axis it may hold until the next step (README, "Limits")`,
      );
    }
  }
}
