// A ray against one 2D shape (or chain segment) at its world pose, for the scene queries (queries.ts): the
// ray o + t d (d a unit vector) taken into the shape's frame, p = Rᵀ (o − c), e = Rᵀ d, and met in closed
// form (the 3D shapes' ray casts, lib/geometry/shapes/*.ts, in the plane; Box2D v3's b2RayCast… functions):
//   circle   |p + t e|² = r²: t = −b − √(b² − c), b = p·e, c = |p|² − r²
//   capsule  the nearer of its two end circles and its two sides x = ±r, |y| ≤ h
//   polygon  Cyrus–Beck: the ray clipped by each edge's half-plane n·(x − v) ≤ 0; entering at the last of
//            the entries, through that edge
//   segment  p + t e = a + s (b − a), 0 ≤ s ≤ 1, from either side
//   chain segment the same from its right side only (Box2D's one-sided chain)
// A ray starting inside a shape hits it at t = 0 with normal −d (3D's raySphere).

import type { ShapeGeometry2D } from '../geometry/shape-geometry.js';
import type { ShapePose2D } from './shape-pose.js';

/** What rayCastShape2D writes: the distance along the ray, the point and the outward normal (world). */
export class RayCastOutput2D {
  distance = 0;
  readonly point = new Float64Array(2);
  readonly normal = new Float64Array(2);
}

/** The local normal found (the shape's frame). */
const localNormal = new Float64Array(2);

/** The ray o + t d, 0 ≤ t ≤ maxDistance, against the shape at `pose`: true and the hit in `out`, or false.
 * Allocates nothing. */
export function rayCastShape2D(
  g: ShapeGeometry2D, pose: ShapePose2D, o: ArrayLike<number>, d: ArrayLike<number>, maxDistance: number, out: RayCastOutput2D,
): boolean {
  const c = pose.c, R = pose.R;
  const ox = o[0] - c[0], oy = o[1] - c[1];
  const px = R[0] * ox + R[1] * oy, py = -R[1] * ox + R[0] * oy;
  const ex = R[0] * d[0] + R[1] * d[1], ey = -R[1] * d[0] + R[0] * d[1];
  let t: number;
  switch (g.type) {
    case 'circle':
      t = rayCircle(px, py, ex, ey, 0, g.radius, maxDistance);
      break;
    case 'capsule':
      t = rayCapsule(px, py, ex, ey, g.radius, g.halfHeight, maxDistance);
      break;
    case 'polygon':
      t = rayPolygon(px, py, ex, ey, g.vertices, g.normals, g.count, maxDistance);
      break;
    case 'segment':
      t = raySegment(px, py, ex, ey, g.point1, g.point2, false, maxDistance);
      break;
    default:
      t = raySegment(px, py, ex, ey, g.point1, g.point2, true, maxDistance);
  }
  if (t < 0) return false;
  out.distance = t;
  out.point[0] = o[0] + t * d[0]; out.point[1] = o[1] + t * d[1];
  const nx = localNormal[0], ny = localNormal[1];
  out.normal[0] = R[0] * nx - R[1] * ny; out.normal[1] = R[1] * nx + R[0] * ny;
  return true;
}

/** The circle of radius r about (0, cy); −1 on a miss. */
function rayCircle(px: number, py: number, ex: number, ey: number, cy: number, r: number, tMax: number): number {
  const qx = px, qy = py - cy;
  const b = qx * ex + qy * ey;
  const cc = qx * qx + qy * qy - r * r;
  if (cc <= 0) {
    localNormal[0] = -ex; localNormal[1] = -ey;
    return 0;
  }
  if (b >= 0) return -1; // outside and heading away
  const disc = b * b - cc;
  if (disc < 0) return -1;
  const t = -b - Math.sqrt(disc);
  if (t > tMax) return -1;
  // (q + t e)/r, divided by its own length: at t ≫ r the rounding of q + t e is not small beside r
  const nx = qx + t * ex, ny = qy + t * ey, length = Math.hypot(nx, ny);
  localNormal[0] = nx / length; localNormal[1] = ny / length;
  return t;
}

/** The capsule about the y axis: inside when |p − (0, clamp(p_y, ±h))| ≤ r; else the nearest of the sides
 * x = ±r (|y| ≤ h there) and the end circles. */
function rayCapsule(px: number, py: number, ex: number, ey: number, r: number, h: number, tMax: number): number {
  const coreY = Math.max(-h, Math.min(h, py));
  if (px * px + (py - coreY) * (py - coreY) <= r * r) {
    localNormal[0] = -ex; localNormal[1] = -ey;
    return 0;
  }
  let best = -1, nx = 0, ny = 0;
  // the sides: entering x = +r moving −x, or x = −r moving +x
  if (ex !== 0) {
    const side = px > 0 ? r : -r;
    const t = (side - px) / ex;
    if (t >= 0 && t <= tMax && (px > 0 ? ex < 0 : ex > 0)) {
      const y = py + t * ey;
      if (y >= -h && y <= h) {
        best = t; nx = px > 0 ? 1 : -1; ny = 0;
      }
    }
  }
  for (let k = -1; k <= 1; k += 2) {
    const t = rayCircle(px, py, ex, ey, k * h, r, best >= 0 ? best : tMax);
    if (t >= 0 && (best < 0 || t < best)) {
      best = t; nx = localNormal[0]; ny = localNormal[1];
    }
  }
  localNormal[0] = nx; localNormal[1] = ny;
  return best;
}

/** A convex polygon by Cyrus–Beck clipping: −1 on a miss, 0 from inside. */
function rayPolygon(px: number, py: number, ex: number, ey: number, v: Float64Array, n: Float64Array, count: number, tMax: number): number {
  let lower = 0, upper = tMax, entering = -1;
  for (let i = 0; i < count; i++) {
    const nx = n[2 * i], ny = n[2 * i + 1];
    // the ray is inside edge i's half-plane while n·(p + t e − v) ≤ 0: numerator − t·denominator ≥ 0
    const numerator = nx * (v[2 * i] - px) + ny * (v[2 * i + 1] - py);
    const denominator = nx * ex + ny * ey;
    if (denominator === 0) {
      if (numerator < 0) return -1;
    } else if (denominator < 0 && numerator < lower * denominator) {
      lower = numerator / denominator;
      entering = i;
    } else if (denominator > 0 && numerator < upper * denominator) {
      upper = numerator / denominator;
    }
    if (upper < lower) return -1;
  }
  if (entering < 0) {
    localNormal[0] = -ex; localNormal[1] = -ey;
    return 0;
  }
  localNormal[0] = n[2 * entering]; localNormal[1] = n[2 * entering + 1];
  return lower;
}

/** A segment a → b (two-sided, or from its right side only): −1 on a miss. The normal faces the ray. */
function raySegment(px: number, py: number, ex: number, ey: number, a: Float64Array, b: Float64Array, oneSided: boolean, tMax: number): number {
  const sx = b[0] - a[0], sy = b[1] - a[1], length = Math.hypot(sx, sy);
  // the right-hand normal of a → b
  let nx = sy / length, ny = -sx / length;
  const numerator = nx * (a[0] - px) + ny * (a[1] - py), denominator = nx * ex + ny * ey;
  if (denominator === 0) return -1;
  const t = numerator / denominator;
  if (t < 0 || t > tMax) return -1;
  const qx = px + t * ex - a[0], qy = py + t * ey - a[1];
  const s = (qx * sx + qy * sy) / (length * length);
  if (s < 0 || s > 1) return -1;
  if (denominator > 0) {
    if (oneSided) return -1;
    nx = -nx; ny = -ny;
  }
  localNormal[0] = nx; localNormal[1] = ny;
  return t;
}
