// Mass properties of common solids, about their centre of mass, in their own axes (kg·m²).
// Each returns the diagonal [Ix, Iy, Iz] that createBody's `inertia` accepts.

import { ldltFactor, ldltInverse } from '../math/ldlt.js';
import { readFiniteVector, requirePositive, show, showBound, isArrayLike } from '../util/validate.js';
import { MAX_INERTIA, MIN_INERTIA } from '../limits.js';

/** A solid box of the given half extents: I_x = m (h_y² + h_z²) / 3, and so on. */
export function boxInertia(mass: number, halfExtents: ArrayLike<number>): [number, number, number] {
  requirePositive('boxInertia', 'mass', mass);
  const h = readFiniteVector('boxInertia', 'halfExtents', halfExtents, 3, new Float64Array(3));
  for (let i = 0; i < 3; i++) requirePositive('boxInertia', `halfExtents[${i}]`, h[i]);
  const x2 = h[0] * h[0], y2 = h[1] * h[1], z2 = h[2] * h[2];
  return [(mass * (y2 + z2)) / 3, (mass * (x2 + z2)) / 3, (mass * (x2 + y2)) / 3];
}

/** A solid sphere: I = 2 m r² / 5 about every axis. */
export function sphereInertia(mass: number, radius: number): [number, number, number] {
  requirePositive('sphereInertia', 'mass', mass);
  requirePositive('sphereInertia', 'radius', radius);
  const i = 0.4 * mass * radius * radius;
  return [i, i, i];
}

/**
 * A solid capsule along the local y axis: a cylinder of radius r and height 2·halfHeight capped by two
 * hemispheres, with the mass shared by volume.
 *   axial:  I_y = m_c r²/2 + m_s (2/5) r²
 *   across: I_x = I_z = m_c (r²/4 + h²/3) + m_s (2r²/5 + h² + 3hr/4)     (h = halfHeight)
 * The hemisphere term is its own inertia about a diameter, (83/320) m r², moved by the parallel-axis
 * theorem to the capsule centre at distance h + 3r/8 (the hemisphere's centroid).
 */
export function capsuleInertia(mass: number, radius: number, halfHeight: number): [number, number, number] {
  requirePositive('capsuleInertia', 'mass', mass);
  requirePositive('capsuleInertia', 'radius', radius);
  if (typeof halfHeight !== 'number' || !Number.isFinite(halfHeight) || halfHeight < 0) {
    throw new RangeError(`capsuleInertia: halfHeight must be a finite number ≥ 0, got ${show(halfHeight)}`);
  }
  const r = radius, h = halfHeight;
  const cylinderVolume = Math.PI * r * r * 2 * h;
  const sphereVolume = (4 / 3) * Math.PI * r * r * r;
  const mc = (mass * cylinderVolume) / (cylinderVolume + sphereVolume);
  const ms = mass - mc;
  const axial = mc * (r * r) / 2 + ms * 0.4 * r * r;
  const across = mc * (r * r / 4 + h * h / 3) + ms * (0.4 * r * r + h * h + 0.75 * h * r);
  return [across, axial, across];
}

/**
 * A solid cylinder of radius r about the local y axis, 2·halfHeight long (h = halfHeight), about its
 * centre: I_y = m r²/2, I_x = I_z = m (3r² + (2h)²)/12 = m (3r² + 4h²)/12 (any table of moments of
 * inertia, e.g. Wikipedia's "List of moments of inertia", solid cylinder).
 */
export function cylinderInertia(mass: number, radius: number, halfHeight: number): [number, number, number] {
  requirePositive('cylinderInertia', 'mass', mass);
  requirePositive('cylinderInertia', 'radius', radius);
  requirePositive('cylinderInertia', 'halfHeight', halfHeight);
  const r2 = radius * radius, h2 = halfHeight * halfHeight;
  const across = (mass * (3 * r2 + 4 * h2)) / 12;
  return [across, (mass * r2) / 2, across];
}

/**
 * A solid cone of base radius r about the local y axis, 2·halfHeight tall (H = 2h), about its centre of
 * mass (a quarter of the height above the base): I_y = (3/10) m r², and across
 * I_x = I_z = m (3r²/20 + 3H²/80) = (3/20) m (r² + h²) (Wikipedia's "List of moments of inertia", solid
 * cone, moved from the apex to the centre of mass by the parallel-axis theorem: 3m(r²/4 + H²)/5 − m(3H/4)²).
 */
export function coneInertia(mass: number, radius: number, halfHeight: number): [number, number, number] {
  requirePositive('coneInertia', 'mass', mass);
  requirePositive('coneInertia', 'radius', radius);
  requirePositive('coneInertia', 'halfHeight', halfHeight);
  const r2 = radius * radius, h2 = halfHeight * halfHeight;
  const across = (3 * mass * (r2 + h2)) / 20;
  return [across, 0.3 * mass * r2, across];
}

/**
 * Reads createBody's `inertia`: a diagonal [Ix, Iy, Iz] or a full symmetric 3x3 (9 numbers), and
 * writes the tensor and its inverse (both 3x3, symmetric). Throws on non-finite, non-positive,
 * asymmetric or indefinite input, and on principal moments outside [MIN_INERTIA, MAX_INERTIA]
 * (checkInertiaRange). `name`: what the message calls the value (the user's `inertia`, or the inertia
 * computed from the shapes).
 */
export function readInertia(where: string, value: unknown, inertia: Float64Array, inverse: Float64Array, name = 'inertia'): void {
  if (!isArrayLike(value) || (value.length !== 3 && value.length !== 9)) {
    throw new TypeError(`${where}: ${name} must be [Ix, Iy, Iz] or a symmetric 3x3 of 9 numbers, got ${show(value)}`);
  }
  const tensor = new Float64Array(9);
  if (value.length === 3) {
    const d = readFiniteVector(where, name, value, 3, new Float64Array(3));
    for (let i = 0; i < 3; i++) {
      if (!(d[i] > 0)) throw new RangeError(`${where}: ${name} must be > 0 about every axis, got ${show(value)}`);
    }
    checkInertiaRange(where, name, d, d.map((x) => 1 / x), value, 1);
    tensor[0] = d[0];
    tensor[4] = d[1];
    tensor[8] = d[2];
  } else {
    readFiniteVector(where, name, value, 9, tensor);
    let largest = 0;
    for (let i = 0; i < 9; i++) largest = Math.max(largest, Math.abs(tensor[i]));
    for (let i = 0; i < 3; i++) {
      for (let j = i + 1; j < 3; j++) {
        if (Math.abs(tensor[i * 3 + j] - tensor[j * 3 + i]) > 1e-9 * largest) {
          throw new RangeError(`${where}: ${name} must be a symmetric 3x3, got ${show(value)}`);
        }
        const mean = 0.5 * (tensor[i * 3 + j] + tensor[j * 3 + i]);
        tensor[i * 3 + j] = mean;
        tensor[j * 3 + i] = mean;
      }
    }
  }
  const factor = Float64Array.from(tensor);
  if (ldltFactor(factor, 3) > 0) {
    throw new RangeError(`${where}: ${name} must be positive definite, got ${show(value)}`);
  }
  const inv = new Float64Array(9);
  ldltInverse(factor, 3, inv);
  checkInertiaRange(where, name, tensor, inv, value);
  inertia.set(tensor);
  inverse.set(inv);
}

/**
 * Refuses an inertia tensor (and its inverse) whose principal moments leave [MIN_INERTIA, MAX_INERTIA]
 * (lib/limits.ts). For a diagonal tensor those are its entries; for a full one, its diagonal entries lie
 * between the smallest and largest moments and its inverse's between their reciprocals, so bounding
 * both diagonals bounds the moments within a factor of 3 (the trace). `stride`: 4 for a 3x3 tensor,
 * 1 for the diagonal alone.
 */
export function checkInertiaRange(
  where: string, name: string, tensor: Float64Array, inverse: Float64Array, shown: unknown, stride = 4,
): void {
  for (let i = 0; i < 3; i++) {
    if (tensor[stride * i] > MAX_INERTIA) {
      throw new RangeError(`${where}: ${name} must be at most ${showBound(MAX_INERTIA)} kg·m² about every axis (README, "Limits"), got ${show(shown)}`);
    }
    if (inverse[stride * i] > 1 / MIN_INERTIA) {
      throw new RangeError(`${where}: ${name} must be at least ${showBound(MIN_INERTIA)} kg·m² about every axis (README, "Limits"), got ${show(shown)}`);
    }
  }
}
