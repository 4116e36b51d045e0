// three.js's vectors and quaternions where the bridge takes a vector or a rotation: a Vector3 (or any
// { x, y, z }) or an array [x, y, z]; a Quaternion (or any { x, y, z, w }) or [x, y, z, w]. Each is read
// once into an array the caller owns (the core takes arrays), checked, with an error naming the call,
// the argument and the value. Nothing here allocates.

/** A three.js Vector3, or anything with finite x, y, z. */
export interface Vector3Like {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A three.js Quaternion, or anything with x, y, z, w (a unit quaternion). */
export interface QuaternionLike {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}

/** What the bridge takes as a vector: a Vector3-like object or [x, y, z]. */
export type VectorInput = Vector3Like | ArrayLike<number>;
/** What the bridge takes as a rotation: a Quaternion-like object or [x, y, z, w]. */
export type RotationInput = QuaternionLike | ArrayLike<number>;

/**
 * Whether `value` is a three.js object of a kind, by the flag three sets on its instances (`isObject3D`,
 * `isMesh`, `isInstancedMesh`, `isBufferGeometry`): as three's own code tells them apart, so that a copy
 * of three other than the one this module imports is still recognised (instanceof would not be).
 */
export function isThree(value: unknown, flag: 'isObject3D' | 'isMesh' | 'isInstancedMesh' | 'isBufferGeometry'): boolean {
  return value !== null && typeof value === 'object' && (value as Record<string, unknown>)[flag] === true;
}

/** A short picture of a bad value for an error message. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: string } }).constructor?.name;
    const type = (value as { type?: unknown }).type;
    if (typeof type === 'string') return `a ${name ?? 'object'} (type ${type})`;
    try {
      const text = JSON.stringify(value);
      if (text !== undefined) return text.length > 80 ? `${text.slice(0, 80)}…` : text;
    } catch {
      // a cycle: fall through to the name
    }
    return `a ${name ?? 'object'}`;
  }
  return typeof value;
}

/** Reads the `n` components of a vector (n = 3) or rotation (n = 4) into out[0..n); the components of an
 * object are x, y, z (and w), of an array its first n items. Throws, naming `where` and `name`, unless
 * each is a finite number. */
function readComponents(where: string, name: string, value: unknown, n: 3 | 4, out: Float64Array): Float64Array {
  if (value !== null && typeof value === 'object') {
    if (typeof (value as { length?: unknown }).length === 'number') {
      const array = value as ArrayLike<unknown>;
      if (array.length === n) {
        let ok = true;
        for (let k = 0; k < n; k++) {
          const x = array[k];
          if (typeof x !== 'number' || !Number.isFinite(x)) ok = false;
          else out[k] = x;
        }
        if (ok) return out;
      }
    } else {
      const v = value as { x?: unknown; y?: unknown; z?: unknown; w?: unknown };
      const x = v.x, y = v.y, z = v.z, w = n === 4 ? v.w : 0;
      if (typeof x === 'number' && typeof y === 'number' && typeof z === 'number' && typeof w === 'number' &&
        Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z) && Number.isFinite(w)) {
        out[0] = x; out[1] = y; out[2] = z;
        if (n === 4) out[3] = w;
        return out;
      }
    }
  }
  const shape = n === 3 ? 'a Vector3 (or { x, y, z }) or [x, y, z]' : 'a Quaternion (or { x, y, z, w }) or [x, y, z, w]';
  throw new TypeError(`${where}: ${name} must be ${shape} of finite numbers, got ${describe(value)}`);
}

/** Reads a vector into out (3 numbers). */
export function readVector(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  return readComponents(where, name, value, 3, out);
}

/** Reads a rotation into out (4 numbers, x, y, z, w); the core checks that it is a unit quaternion. */
export function readRotation(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  return readComponents(where, name, value, 4, out);
}
