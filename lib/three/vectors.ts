// three.js's vectors where the bridge takes a vector: a Vector3 (or any { x, y, z }) or an array
// [x, y, z], read once into an array the caller owns (the core takes arrays) and checked, with an error
// naming the call, the argument and the value. Nothing here allocates.

import type { Vector3Input } from '../index.js';

/** A three.js Vector3, or anything with finite x, y, z. */
export interface Vector3Like {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** What the bridge takes as a vector: a Vector3-like object or [x, y, z] (the core's Vector3Input). */
export type VectorInput = Vector3Input;

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

/** Reads a vector into out (3 numbers): the x, y, z of an object, or the 3 items of an array. Throws,
 * naming `where` and `name`, unless each is a finite number. */
export function readVector(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  if (value !== null && typeof value === 'object') {
    const array = typeof (value as { length?: unknown }).length === 'number';
    const x = array ? (value as ArrayLike<unknown>)[0] : (value as { x?: unknown }).x;
    const y = array ? (value as ArrayLike<unknown>)[1] : (value as { y?: unknown }).y;
    const z = array ? (value as ArrayLike<unknown>)[2] : (value as { z?: unknown }).z;
    if ((!array || (value as ArrayLike<unknown>).length === 3) && typeof x === 'number' && typeof y === 'number' && typeof z === 'number' &&
      Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) {
      out[0] = x; out[1] = y; out[2] = z;
      return out;
    }
  }
  throw new TypeError(`${where}: ${name} must be a Vector3 (or { x, y, z }) or [x, y, z] of finite numbers, got ${describe(value)}`);
}
