// What the narrowphase's pair functions share (convex-contacts.ts for the closed forms and box–box,
// hull-contacts.ts for hulls): closest points of segments, Sutherland–Hodgman clipping of an incident
// face against a reference face's sides, and the reduction of the clipped points to a manifold's 4.

import { MAX_HULL_VERTICES } from '../geometry/hull.js';
import type { Manifold } from './manifold.js';

/** An edge axis must separate the shapes by this much more than the best face axis to be used, m. */
export const EDGE_TOLERANCE = 0.005;
/** B's face is used over A's only when it separates by more than this share (and 1 mm) of A's. */
export const FACE_RELATIVE_TOLERANCE = 0.98;

/** The point of segment [p0, p1] (seg[0..5]) closest to q (q[0..2]), into out[0..2]. (q in an array:
 * doubles passed to a call V8 does not inline are boxed, a HeapNumber each.) */
export function closestOnSegment(seg: Float64Array, q: Float64Array, out: Float64Array): void {
  const qx = q[0], qy = q[1], qz = q[2];
  const dx = seg[3] - seg[0], dy = seg[4] - seg[1], dz = seg[5] - seg[2];
  const dd = dx * dx + dy * dy + dz * dz;
  let t = dd > 0 ? ((qx - seg[0]) * dx + (qy - seg[1]) * dy + (qz - seg[2]) * dz) / dd : 0;
  t = Math.max(0, Math.min(1, t));
  out[0] = seg[0] + t * dx; out[1] = seg[1] + t * dy; out[2] = seg[2] + t * dz;
}

/** The closest points of segments a and b (6 numbers each: the two ends), A's then B's into out[0..5]
 * (Ericson, "Real-Time Collision Detection" 5.1.9: s on A, t on B, clamped). */
export function closestPointsOfSegments(a: Float64Array, b: Float64Array, out: Float64Array): void {
  const d1x = a[3] - a[0], d1y = a[4] - a[1], d1z = a[5] - a[2];
  const d2x = b[3] - b[0], d2y = b[4] - b[1], d2z = b[5] - b[2];
  const aa = d1x * d1x + d1y * d1y + d1z * d1z, ee = d2x * d2x + d2y * d2y + d2z * d2z;
  const rx = a[0] - b[0], ry = a[1] - b[1], rz = a[2] - b[2];
  const bb = d1x * d2x + d1y * d2y + d1z * d2z, c = d1x * rx + d1y * ry + d1z * rz, f = d2x * rx + d2y * ry + d2z * rz;
  const denominator = aa * ee - bb * bb;
  let s = 0, t = 0;
  if (aa <= 1e-18 && ee <= 1e-18) {
    s = 0; t = 0;
  } else if (aa <= 1e-18) {
    t = Math.max(0, Math.min(1, f / ee));
  } else if (ee <= 1e-18) {
    s = Math.max(0, Math.min(1, -c / aa));
  } else {
    s = denominator > 0 ? Math.max(0, Math.min(1, (bb * f - c * ee) / denominator)) : 0;
    t = (bb * s + f) / ee;
    if (t < 0) {
      t = 0;
      s = Math.max(0, Math.min(1, -c / aa));
    } else if (t > 1) {
      t = 1;
      s = Math.max(0, Math.min(1, (bb - c) / aa));
    }
  }
  out[0] = a[0] + s * d1x; out[1] = a[1] + s * d1y; out[2] = a[2] + s * d1z;
  out[3] = b[0] + t * d2x; out[4] = b[1] + t * d2y; out[5] = b[2] + t * d2z;
}

/** Points a clipped polygon can have: an incident face of up to MAX_HULL_VERTICES corners, one more per
 * reference side crossed. */
export const CLIP_CAPACITY = 2 * MAX_HULL_VERTICES;
/** The polygon being clipped (x, y, z per point) and, per point, its feature id and the label of the
 * edge that leaves it (clipPolygon), in two buffers used in turn. */
export const clipIn = new Float64Array(3 * CLIP_CAPACITY), clipOut = new Float64Array(3 * CLIP_CAPACITY);
export const clipInFeatures = new Int32Array(2 * CLIP_CAPACITY), clipOutFeatures = new Int32Array(2 * CLIP_CAPACITY);
/** An edge label of CLIPPED_EDGE + k: the edge runs along the reference face's side k. */
export const CLIPPED_EDGE = 256;
/** A feature id with this bit is a crossing: (edge label << 8) | side. */
export const CROSSING = 1 << 17;

/** The side clipPolygon keeps, w·p ≤ limit: w (3 numbers), then the limit. (Doubles passed to a call V8
 * does not inline are boxed, a HeapNumber each: the plane goes through this array instead.) */
export const clipPlane = new Float64Array(4);

/**
 * Sutherland–Hodgman: the polygon (count points of `source`) on the side w·p ≤ limit (clipPlane), into
 * `target`.
 * Features: a point kept keeps its id and edge label; where edge (a → b) crosses the side, the new
 * point's id is CROSSING | (a's edge label << 8) | side, and the edge leaving it runs along the side
 * (CLIPPED_EDGE + side) where the polygon goes out, along a's edge where it comes back in.
 */
export function clipPolygon(
  source: Float64Array, sourceFeatures: Int32Array, count: number, side: number, target: Float64Array, targetFeatures: Int32Array,
): number {
  const wx = clipPlane[0], wy = clipPlane[1], wz = clipPlane[2], limit = clipPlane[3];
  let written = 0;
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count;
    const ax = source[3 * i], ay = source[3 * i + 1], az = source[3 * i + 2];
    const bx = source[3 * j], by = source[3 * j + 1], bz = source[3 * j + 2];
    const da = wx * ax + wy * ay + wz * az - limit, db = wx * bx + wy * by + wz * bz - limit;
    if (da <= 0 && written < CLIP_CAPACITY) {
      target[3 * written] = ax; target[3 * written + 1] = ay; target[3 * written + 2] = az;
      targetFeatures[2 * written] = sourceFeatures[2 * i];
      targetFeatures[2 * written + 1] = sourceFeatures[2 * i + 1];
      written++;
    }
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
      const t = da / (da - db);
      if (written < CLIP_CAPACITY) {
        target[3 * written] = ax + t * (bx - ax); target[3 * written + 1] = ay + t * (by - ay); target[3 * written + 2] = az + t * (bz - az);
        const edge = sourceFeatures[2 * i + 1];
        targetFeatures[2 * written] = CROSSING | (edge << 8) | side;
        targetFeatures[2 * written + 1] = da < 0 ? CLIPPED_EDGE + side : edge;
        written++;
      }
    }
  }
  return written;
}

/** Clipped points below the reference face, as surface midpoints, with their separations and ids:
 * what reducePoints chooses from. */
export const candidates = new Float64Array(3 * CLIP_CAPACITY), candidateDepths = new Float64Array(CLIP_CAPACITY);
export const candidateIds = new Int32Array(CLIP_CAPACITY);

/** Reducing a hull's manifold: a point of the last manifold (by id) is preferred, its depth counting
 * this much deeper (m) and its distances and areas this share larger; and points within SUPPORT_BAND of
 * the deepest (the ones that can bear load now) come before the merely speculative ones. */
const KEPT_DEPTH = 0.002, KEPT_REACH = 1.1, SUPPORT_BAND = 0.005;
const wasKept = new Uint8Array(CLIP_CAPACITY), inBand = new Uint8Array(CLIP_CAPACITY);

/**
 * At most 4 of the candidate points: all when 4 or fewer; else the deepest, the farthest from it, and
 * on each side of the line through those two the point that spans the largest triangle with them.
 * `stable` (hulls): the picks prefer last step's points (out.previousCount ids), so that a face resting
 * on a face with more than 4 corners at equal depth keeps the same 4 and their warm-start impulses; and
 * the second, third and fourth are taken from the points within SUPPORT_BAND of the deepest while there
 * are any on that side, so that a rock resting on 3 vertices does not trade one for a point 3 cm above
 * the ground that spans more area (it would sink there, and rock). Box–box passes false: its picks are
 * as they were.
 */
export function reducePoints(out: Manifold, count: number, normal: ArrayLike<number>, stable: boolean): void {
  // (the normal read from an array: doubles passed to a call V8 does not inline are boxed)
  const nx = normal[0], ny = normal[1], nz = normal[2];
  if (count <= 4) {
    for (let p = 0; p < count; p++) out.add(candidates[3 * p], candidates[3 * p + 1], candidates[3 * p + 2], candidateDepths[p], candidateIds[p]);
    return;
  }
  for (let p = 0; p < count; p++) {
    let kept = 0;
    for (let i = 0; stable && i < out.previousCount; i++) if (out.ids[i] === candidateIds[p]) kept = 1;
    wasKept[p] = kept;
  }
  let first = 0;
  for (let p = 1; p < count; p++) {
    if (candidateDepths[p] - (wasKept[p] ? KEPT_DEPTH : 0) < candidateDepths[first] - (wasKept[first] ? KEPT_DEPTH : 0)) first = p;
  }
  let supporting = 0;
  for (let p = 0; p < count; p++) {
    inBand[p] = stable && candidateDepths[p] <= candidateDepths[first] + SUPPORT_BAND ? 1 : 0;
    supporting += inBand[p];
  }
  // (without `stable` no point is in the band, and every pick is among all of them)
  const band = supporting >= 2 ? 1 : 0;
  let second = -1, far = -1;
  for (let p = 0; p < count; p++) {
    if (p === first || inBand[p] < band) continue;
    const ddx = candidates[3 * p] - candidates[3 * first], ddy = candidates[3 * p + 1] - candidates[3 * first + 1], ddz = candidates[3 * p + 2] - candidates[3 * first + 2];
    const d2 = (ddx * ddx + ddy * ddy + ddz * ddz) * (wasKept[p] ? KEPT_REACH * KEPT_REACH : 1);
    if (d2 > far) { far = d2; second = p; }
  }
  const ux = candidates[3 * second] - candidates[3 * first], uy = candidates[3 * second + 1] - candidates[3 * first + 1], uz = candidates[3 * second + 2] - candidates[3 * first + 2];
  // on each side the largest area, in the band first: the band's best (tier 1) beats any other (tier 0)
  let left = -1, right = -1, most = 0, least = 0, leftTier = -1, rightTier = -1;
  for (let p = 0; p < count; p++) {
    if (p === first || p === second) continue;
    const wx = candidates[3 * p] - candidates[3 * first], wy = candidates[3 * p + 1] - candidates[3 * first + 1], wz = candidates[3 * p + 2] - candidates[3 * first + 2];
    // signed area about n: n·(u × w)
    const area = (nx * (uy * wz - uz * wy) + ny * (uz * wx - ux * wz) + nz * (ux * wy - uy * wx)) * (wasKept[p] ? KEPT_REACH : 1);
    const tier = inBand[p];
    if (area > 0 && (tier > leftTier || (tier === leftTier && area > most))) { most = area; left = p; leftTier = tier; }
    if (area < 0 && (tier > rightTier || (tier === rightTier && area < least))) { least = area; right = p; rightTier = tier; }
  }
  for (let pick = 0; pick < 4; pick++) {
    const p = pick === 0 ? first : pick === 1 ? second : pick === 2 ? left : right;
    if (p < 0) continue;
    out.add(candidates[3 * p], candidates[3 * p + 1], candidates[3 * p + 2], candidateDepths[p], candidateIds[p]);
  }
}
