// Ray casts against shapes, in the shape's own frame (where each solid is centred and axis-aligned).
//
// A ray p(t) = o + t d, |d| = 1, 0 ≤ t ≤ tMax. Each function returns the smallest t at which the ray
// enters the solid, writing the outward surface normal there, or −1 for a miss. A ray that starts inside
// a solid hits it at t = 0 with normal −d (it is already in contact). Closed forms:
//   sphere   |o + t d|² = r²:  t = −b − √(b² − c),  b = o·d, c = |o|² − r²
//   box      the slab method: t_enter = max over axes of the near slab crossing, t_exit = min of the far
//   capsule  the infinite cylinder about y (the x, z parts of the sphere test), kept where the hit's y
//            lies on the segment; otherwise the sphere at the nearer end, (0, ±h, 0)
//   hull     the ray clipped by the face planes n_i·p ≤ d_i (Cyrus and Beck, "Generalized Two- and
//            Three-Dimensional Clipping", 1978): t_i = (d_i − n_i·o) / n_i·d enters where n_i·d < 0 and
//            leaves where n_i·d > 0; t_enter = the largest entry, t_exit = the smallest exit; a hit when
//            t_enter ≤ t_exit, on the face that gave t_enter
//   plane    n·(o + t d) = offset:  t = (offset − n·o) / n·d, for a ray going down into it (n·d < 0)

import type { Body } from '../body.js';
import type { ConvexHull } from './hull.js';
import type { Shape } from './shape.js';

/** Ray against a sphere of radius r at the origin. */
function raySphere(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, tMax: number, normal: Float64Array): number {
  const b = ox * dx + oy * dy + oz * dz;
  const c = ox * ox + oy * oy + oz * oz - r * r;
  if (c <= 0) return inside(dx, dy, dz, normal);
  if (b >= 0) return -1; // outside and heading away
  const disc = b * b - c;
  if (disc < 0) return -1;
  const t = -b - Math.sqrt(disc);
  if (t > tMax) return -1;
  normal[0] = (ox + t * dx) / r; normal[1] = (oy + t * dy) / r; normal[2] = (oz + t * dz) / r;
  return t;
}

function rayBox(o: ArrayLike<number>, d: ArrayLike<number>, half: ArrayLike<number>, tMax: number, normal: Float64Array): number {
  let enter = -Infinity, exit = Infinity, axis = -1, sign = 0;
  for (let k = 0; k < 3; k++) {
    if (d[k] === 0) {
      if (o[k] < -half[k] || o[k] > half[k]) return -1; // parallel to this slab and outside it
      continue;
    }
    const inverse = 1 / d[k];
    let t1 = (-half[k] - o[k]) * inverse, t2 = (half[k] - o[k]) * inverse;
    let s = -1; // the face entered: −half when d_k > 0
    if (t1 > t2) {
      const swap = t1; t1 = t2; t2 = swap;
      s = 1;
    }
    if (t1 > enter) {
      enter = t1; axis = k; sign = s;
    }
    if (t2 < exit) exit = t2;
    if (enter > exit) return -1;
  }
  if (exit < 0) return -1;
  if (enter <= 0) return inside(d[0], d[1], d[2], normal);
  if (enter > tMax) return -1;
  normal[0] = 0; normal[1] = 0; normal[2] = 0;
  normal[axis] = sign;
  return enter;
}

function rayHull(o: ArrayLike<number>, d: ArrayLike<number>, hull: ConvexHull, tMax: number, normal: Float64Array): number {
  const planes = hull.planes;
  let enter = -Infinity, exit = Infinity, face = -1;
  for (let f = 0; f < hull.faceCount; f++) {
    const nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2];
    const height = nx * o[0] + ny * o[1] + nz * o[2] - planes[4 * f + 3];
    const rate = nx * d[0] + ny * d[1] + nz * d[2];
    if (rate === 0) {
      if (height > 0) return -1; // parallel to this face and outside it
      continue;
    }
    const t = -height / rate;
    if (rate < 0) {
      if (t > enter) { enter = t; face = f; }
    } else if (t < exit) exit = t;
    if (enter > exit) return -1;
  }
  if (exit < 0) return -1;
  if (enter <= 0) return inside(d[0], d[1], d[2], normal);
  if (enter > tMax) return -1;
  normal[0] = planes[4 * face]; normal[1] = planes[4 * face + 1]; normal[2] = planes[4 * face + 2];
  return enter;
}

function rayCapsule(o: ArrayLike<number>, d: ArrayLike<number>, r: number, h: number, tMax: number, normal: Float64Array): number {
  const ox = o[0], oy = o[1], oz = o[2], dx = d[0], dy = d[1], dz = d[2];
  // inside: the closest point of the segment is within r
  const cy = Math.max(-h, Math.min(h, oy));
  if (ox * ox + (oy - cy) * (oy - cy) + oz * oz <= r * r) return inside(dx, dy, dz, normal);
  // the cylinder's side: |(o + t d)_xz|² = r²
  const a = dx * dx + dz * dz;
  if (a > 0) {
    const b = ox * dx + oz * dz, c = ox * ox + oz * oz - r * r;
    const disc = b * b - a * c;
    if (disc >= 0) {
      const t = (-b - Math.sqrt(disc)) / a;
      const y = oy + t * dy;
      if (t >= 0 && y >= -h && y <= h) {
        if (t > tMax) return -1;
        normal[0] = (ox + t * dx) / r; normal[1] = 0; normal[2] = (oz + t * dz) / r;
        return t;
      }
    }
  }
  // the end caps: the nearer of the two spheres' hits
  const top = raySphere(ox, oy - h, oz, dx, dy, dz, r, tMax, normal);
  const n0 = normal[0], n1 = normal[1], n2 = normal[2];
  const bottom = raySphere(ox, oy + h, oz, dx, dy, dz, r, tMax, normal);
  if (top >= 0 && (bottom < 0 || top <= bottom)) {
    normal[0] = n0; normal[1] = n1; normal[2] = n2;
    return top;
  }
  return bottom;
}

function rayPlane(o: ArrayLike<number>, d: ArrayLike<number>, n: ArrayLike<number>, offset: number, tMax: number, normal: Float64Array): number {
  const height = n[0] * o[0] + n[1] * o[1] + n[2] * o[2] - offset;
  if (height <= 0) return inside(d[0], d[1], d[2], normal);
  const rate = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
  if (rate >= 0) return -1;
  const t = -height / rate;
  if (t > tMax) return -1;
  normal[0] = n[0]; normal[1] = n[1]; normal[2] = n[2];
  return t;
}

function inside(dx: number, dy: number, dz: number, normal: Float64Array): number {
  normal[0] = -dx; normal[1] = -dy; normal[2] = -dz;
  return 0;
}

/**
 * The ray (origin o and unit direction d in the shape's frame; for a plane, the body's frame) against
 * one shape: t or −1, and the normal in the same frame.
 */
export function rayCastShape(shape: Shape, o: ArrayLike<number>, d: ArrayLike<number>, tMax: number, normal: Float64Array): number {
  switch (shape.type) {
    case 'sphere': return raySphere(o[0], o[1], o[2], d[0], d[1], d[2], shape.radius, tMax, normal);
    case 'box': return rayBox(o, d, shape.halfExtents, tMax, normal);
    case 'capsule': return rayCapsule(o, d, shape.radius, shape.halfHeight, tMax, normal);
    case 'hull': return rayHull(o, d, shape.hull as ConvexHull, tMax, normal);
    case 'plane': return rayPlane(o, d, shape.normal, shape.offset, tMax, normal);
  }
}

/** What a ray hit: the body and shape, the distance along the ray, the point and the surface normal
 * (world space, m). */
export interface RayHit {
  body: Body;
  shape: Shape;
  distance: number;
  point: Float64Array;
  normal: Float64Array;
}

const bodyOrigin = new Float64Array(3), bodyDirection = new Float64Array(3);
const shapeOrigin = new Float64Array(3), shapeDirection = new Float64Array(3);
const hitNormal = new Float64Array(3);

/**
 * The nearest hit of the ray o + t d (d a unit vector, 0 ≤ t ≤ maxDistance) among the bodies' shapes,
 * or null. Every shape is tested (O(shapes)); the contacts' broadphase will serve casts too.
 */
export function castRay(bodies: readonly Body[], o: ArrayLike<number>, d: ArrayLike<number>, maxDistance: number): RayHit | null {
  let best: RayHit | null = null;
  let tMax = maxDistance;
  for (const body of bodies) {
    if (body.shapes.length === 0) continue;
    // into the body frame: Rᵀ (o − x), Rᵀ d  (R column-major: R_ik = R[3k + i])
    const R = body.rotation, x = body.position;
    const px = o[0] - x[0], py = o[1] - x[1], pz = o[2] - x[2];
    for (let k = 0; k < 3; k++) {
      bodyOrigin[k] = R[3 * k] * px + R[3 * k + 1] * py + R[3 * k + 2] * pz;
      bodyDirection[k] = R[3 * k] * d[0] + R[3 * k + 1] * d[1] + R[3 * k + 2] * d[2];
    }
    for (const shape of body.shapes) {
      if (shape.sensor) continue; // rays pass through sensors
      let t: number;
      if (shape.type === 'plane') {
        t = rayCastShape(shape, bodyOrigin, bodyDirection, tMax, hitNormal);
      } else {
        const S = shape.rotation, p = shape.position;
        const qx = bodyOrigin[0] - p[0], qy = bodyOrigin[1] - p[1], qz = bodyOrigin[2] - p[2];
        for (let k = 0; k < 3; k++) {
          shapeOrigin[k] = S[3 * k] * qx + S[3 * k + 1] * qy + S[3 * k + 2] * qz;
          shapeDirection[k] = S[3 * k] * bodyDirection[0] + S[3 * k + 1] * bodyDirection[1] + S[3 * k + 2] * bodyDirection[2];
        }
        t = rayCastShape(shape, shapeOrigin, shapeDirection, tMax, hitNormal);
        if (t >= 0) {
          // back to the body frame: S n
          const nx = hitNormal[0], ny = hitNormal[1], nz = hitNormal[2];
          for (let k = 0; k < 3; k++) hitNormal[k] = S[k] * nx + S[3 + k] * ny + S[6 + k] * nz;
        }
      }
      if (t < 0 || (best !== null && t >= best.distance)) continue;
      tMax = t;
      const nx = hitNormal[0], ny = hitNormal[1], nz = hitNormal[2];
      const normal = new Float64Array(3), point = new Float64Array(3);
      for (let k = 0; k < 3; k++) {
        normal[k] = R[k] * nx + R[3 + k] * ny + R[6 + k] * nz;
        point[k] = o[k] + t * d[k];
      }
      best = { body, shape, distance: t, point, normal };
    }
  }
  return best;
}
