// A ray against one 2D shape (lib/geometry/shapes/*.ts's ray casts in the plane; Box2D v3's
// b2RayCastCircle, b2RayCastCapsule, b2RayCastPolygon and b2RayCastSegment): the ray o + t d (world, d a
// unit vector, 0 ≤ t ≤ maxDistance) against a geometry at a pose, solved in the shape's frame:
//   o' = Rᵀ (o − c),  d' = Rᵀ d;  the hit's normal n' turned back, n = R n'.
//
//   circle   |o' + t d'|² = r²: t² + 2 (o'·d') t + |o'|² − r² = 0, the smaller root
//   capsule  the union of the 2r × 2h rectangle and the two end discs: the earliest entry into any of
//            them (a convex union entered once; the rectangle's ends y = ±h lie inside the discs, so its
//            entry there is never the first)
//   polygon  Cyrus–Beck: each edge plane n_i·(p − v_i) ≤ 0 clips [0, maxDistance] from below where the
//            ray enters (n_i·d < 0) and from above where it leaves; the last plane entered is the face hit
//   segment  the line n·(p − p1) = 0 (n = (e_y, −e_x)/|e|, e = p2 − p1): t = n·(p1 − o)/(n·d), kept when
//            the point lies between p1 and p2; two-sided, the normal faces the ray's origin
//   chain segment  one-sided: as a segment, hit only from its right (n·(o − p1) ≥ 0, Box2D's
//            b2RayCastSegment with oneSided)
// A ray that starts inside a circle, capsule or polygon hits it at t = 0 with normal −d, as 3D's
// (rayStartsInside); a ray parallel to a segment misses it.

import type { ShapePose2D } from '../collision/shape-pose.js';
import type { ShapeGeometry2D } from './shape-geometry.js';

/** A ray's hit on a shape: distance t along the direction (m), fraction t / maxDistance (0 when
 * maxDistance is Infinity), the world point and the surface's outward unit normal there. */
export class RayCastOutput2D {
  distance = 0;
  fraction = 0;
  readonly point = new Float64Array(2);
  readonly normal = new Float64Array(2);
}

/** The local ray and the hit in the shape's frame: o'x, o'y, d'x, d'y, t, n'x, n'y. */
const ray = new Float64Array(7);
const T = 4, NX = 5, NY = 6;

/**
 * Casts the ray `origin` + t `dir` (world; `dir` a unit vector), 0 ≤ t ≤ maxDistance, against `geometry`
 * placed at `pose`: true and the hit in `out`, or false (out unchanged). Allocates nothing.
 */
export function rayCastShape2D(
  geometry: ShapeGeometry2D, pose: ShapePose2D, origin: ArrayLike<number>, dir: ArrayLike<number>, maxDistance: number, out: RayCastOutput2D,
): boolean {
  const c = pose.c, R = pose.R, rc = R[0], rs = R[1];
  const px = origin[0] - c[0], py = origin[1] - c[1];
  ray[0] = rc * px + rs * py; ray[1] = -rs * px + rc * py;
  ray[2] = rc * dir[0] + rs * dir[1]; ray[3] = -rs * dir[0] + rc * dir[1];
  let hit: boolean;
  switch (geometry.type) {
    case 'circle':
      hit = rayCircle(0, 0, geometry.radius, maxDistance);
      break;
    case 'capsule':
      hit = rayCapsule(geometry.radius, geometry.halfHeight, maxDistance);
      break;
    case 'polygon':
      hit = rayPolygon(geometry.count, geometry.vertices, geometry.normals, maxDistance);
      break;
    case 'segment':
      hit = raySegment(geometry.point1, geometry.point2, maxDistance, false);
      break;
    default:
      hit = raySegment(geometry.point1, geometry.point2, maxDistance, true);
  }
  if (!hit) return false;
  const t = ray[T];
  out.distance = t;
  out.fraction = maxDistance === Infinity ? 0 : t / maxDistance;
  out.point[0] = origin[0] + t * dir[0];
  out.point[1] = origin[1] + t * dir[1];
  out.normal[0] = rc * ray[NX] - rs * ray[NY];
  out.normal[1] = rs * ray[NX] + rc * ray[NY];
  return true;
}

/** The local ray starts inside: a hit at 0 against the direction. */
function startsInside(): boolean {
  ray[T] = 0;
  ray[NX] = -ray[2]; ray[NY] = -ray[3];
  return true;
}

/** The disc of radius r about (x, y), the ray starting outside it (or inside: a hit at 0). */
function rayCircle(x: number, y: number, r: number, tMax: number): boolean {
  const ox = ray[0] - x, oy = ray[1] - y, dx = ray[2], dy = ray[3];
  // t² + 2 b t + c = 0 (|d| = 1): b = o·d, c = |o|² − r²
  const c = ox * ox + oy * oy - r * r;
  if (c <= 0) return startsInside();
  const b = ox * dx + oy * dy;
  if (b >= 0) return false;
  const disc = b * b - c;
  if (disc < 0) return false;
  const t = -b - Math.sqrt(disc);
  if (t > tMax) return false;
  ray[T] = t;
  ray[NX] = (ox + t * dx) / r; ray[NY] = (oy + t * dy) / r;
  return true;
}

function rayCapsule(r: number, h: number, tMax: number): boolean {
  const ox = ray[0], oy = ray[1], dx = ray[2], dy = ray[3];
  // inside: the segment's closest point within r
  const cy = Math.max(-h, Math.min(h, oy));
  if (ox * ox + (oy - cy) * (oy - cy) <= r * r) return startsInside();
  let best = Infinity, nx = 0, ny = 0;
  // the rectangle's sides x = ±r, entered where |x| first reaches r with y in [−h, h]
  if (dx !== 0 && Math.abs(ox) > r) {
    const side = ox > 0 ? r : -r;
    const t = (side - ox) / dx;
    const y = oy + t * dy;
    if (t >= 0 && y >= -h && y <= h) {
      best = t; nx = ox > 0 ? 1 : -1; ny = 0;
    }
  }
  // the end discs
  for (let end = -1; end <= 1; end += 2) {
    if (rayCircle(0, end * h, r, tMax) && ray[T] < best) {
      best = ray[T]; nx = ray[NX]; ny = ray[NY];
    }
  }
  if (!(best <= tMax)) return false;
  ray[T] = best; ray[NX] = nx; ray[NY] = ny;
  return true;
}

function rayPolygon(n: number, v: Float64Array, normals: Float64Array, tMax: number): boolean {
  const ox = ray[0], oy = ray[1], dx = ray[2], dy = ray[3];
  let lower = 0, upper = tMax, index = -1;
  for (let i = 0; i < n; i++) {
    const nx = normals[2 * i], ny = normals[2 * i + 1];
    // n·(o + t d − v) ≤ 0  ⇔  t (n·d) ≤ n·(v − o)
    const numerator = nx * (v[2 * i] - ox) + ny * (v[2 * i + 1] - oy);
    const denominator = nx * dx + ny * dy;
    if (denominator === 0) {
      if (numerator < 0) return false;
    } else if (denominator < 0) {
      // entering: t ≥ numerator / denominator
      if (numerator < lower * denominator) {
        lower = numerator / denominator;
        index = i;
      }
    } else if (numerator < upper * denominator) {
      // leaving: t ≤ numerator / denominator
      upper = numerator / denominator;
    }
    if (upper < lower) return false;
  }
  if (index < 0) return startsInside();
  ray[T] = lower;
  ray[NX] = normals[2 * index]; ray[NY] = normals[2 * index + 1];
  return true;
}

function raySegment(p1: Float64Array, p2: Float64Array, tMax: number, oneSided: boolean): boolean {
  const ox = ray[0], oy = ray[1], dx = ray[2], dy = ray[3];
  const ex = p2[0] - p1[0], ey = p2[1] - p1[1];
  const length = Math.sqrt(ex * ex + ey * ey);
  // n: the right side's normal
  const nx = ey / length, ny = -ex / length;
  // the origin's height over the line on the right side, and the rate the ray closes it
  const offset = nx * (ox - p1[0]) + ny * (oy - p1[1]);
  if (oneSided && offset < 0) return false;
  const denominator = nx * dx + ny * dy;
  if (denominator === 0) return false;
  const t = -offset / denominator;
  if (!(t >= 0 && t <= tMax)) return false;
  // where along the segment: s = (q − p1)·e / |e|², in [0, 1]
  const qx = ox + t * dx, qy = oy + t * dy;
  const s = ((qx - p1[0]) * ex + (qy - p1[1]) * ey) / (length * length);
  if (s < 0 || s > 1) return false;
  ray[T] = t;
  if (offset >= 0) {
    ray[NX] = nx; ray[NY] = ny;
  } else {
    ray[NX] = -nx; ray[NY] = -ny;
  }
  return true;
}
