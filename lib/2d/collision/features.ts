// What the 2D narrowphase's pair functions share (lib/collision/features.ts in the plane): a shape moved
// to its world pose as a polygon with a radius (a polygon, a capsule's core segment, a segment), the
// closest points of two segments, and the clipping of an incident edge to a reference edge (Box2D v3
// manifold.c, b2ClipPolygons / b2ClipSegments). Everything works in world space: doubles carry the
// round-off of world coordinates, which the single-precision Box2D avoids by moving B into A's frame.

import type { CapsuleGeometry, PolygonGeometry, SegmentGeometry } from '../geometry/shape-geometry.js';
import { MAX_POLYGON_VERTICES } from '../geometry/shape-geometry.js';
import { MAX_MANIFOLD_POINTS_2D, type Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';

/** Box2D's linear slop, m (the 3D contact set's TOUCH_DISTANCE): cores closer than a tenth of it are
 * treated as overlapping, so a vertex–vertex normal is never the direction of a vanishing difference. */
export const LINEAR_SLOP = 0.005;
/** Separations of the cores above this are "separated" (exact closest features), below it "touching"
 * (clipping along a face normal). */
export const SEPARATED_CORES = 0.1 * LINEAR_SLOP;

/** A feature id: A's feature index in the high byte, B's in the low one (Box2D's B2_MAKE_ID). Both
 * orders of reference and incident give the same id for the same two vertices, so a stack keeps its
 * ids when the reference face changes sides. */
export function featureId(a: number, b: number): number {
  return ((a & 0xff) << 8) | (b & 0xff);
}

/**
 * A convex shape in world space as a rounded polygon: `count` vertices counter-clockwise with each edge's
 * outward normal (edge i from vertex i to vertex i + 1), the centroid and a radius. A capsule or a
 * segment is a polygon of 2 vertices whose two edges are the segment both ways (Box2D's b2MakeCapsule).
 */
export class WorldPolygon {
  count = 0;
  radius = 0;
  readonly vertices = new Float64Array(2 * MAX_POLYGON_VERTICES);
  readonly normals = new Float64Array(2 * MAX_POLYGON_VERTICES);
  readonly centroid = new Float64Array(2);

  /** v_w = c + R v, n_w = R n. */
  setPolygon(g: PolygonGeometry, pose: ShapePose2D): this {
    const c = pose.c, R = pose.R, cs = R[0], sn = R[1], v = g.vertices, n = g.normals;
    const count = g.count;
    this.count = count;
    this.radius = 0;
    for (let i = 0; i < count; i++) {
      const x = v[2 * i], y = v[2 * i + 1];
      this.vertices[2 * i] = c[0] + cs * x - sn * y;
      this.vertices[2 * i + 1] = c[1] + sn * x + cs * y;
      const nx = n[2 * i], ny = n[2 * i + 1];
      this.normals[2 * i] = cs * nx - sn * ny;
      this.normals[2 * i + 1] = sn * nx + cs * ny;
    }
    const g0 = g.centroid[0], g1 = g.centroid[1];
    this.centroid[0] = c[0] + cs * g0 - sn * g1;
    this.centroid[1] = c[1] + sn * g0 + cs * g1;
    return this;
  }

  /** The capsule's core from (0, −h) to (0, h) in its frame, h its half height: the ends c ∓ h u with
   * u = R (0, 1) = (−sin, cos); edge 0 runs up, its outward normal the right perpendicular (cos, sin). */
  setCapsule(g: CapsuleGeometry, pose: ShapePose2D): this {
    const c = pose.c, R = pose.R, h = g.halfHeight;
    const ux = -R[1], uy = R[0];
    this.vertices[0] = c[0] - h * ux; this.vertices[1] = c[1] - h * uy;
    this.vertices[2] = c[0] + h * ux; this.vertices[3] = c[1] + h * uy;
    this.setCore(g.radius);
    return this;
  }

  /** A segment from p1 to p2 given in the shape's frame. */
  setSegment(g: SegmentGeometry, pose: ShapePose2D): this {
    const c = pose.c, cs = pose.R[0], sn = pose.R[1], p1 = g.point1, p2 = g.point2;
    this.vertices[0] = c[0] + cs * p1[0] - sn * p1[1]; this.vertices[1] = c[1] + sn * p1[0] + cs * p1[1];
    this.vertices[2] = c[0] + cs * p2[0] - sn * p2[1]; this.vertices[3] = c[1] + sn * p2[0] + cs * p2[1];
    this.setCore(0);
    return this;
  }

  /** Normals and centroid of the segment in vertices[0..3]. (The radius an integer 0 or a shape's field:
   * doubles passed to a call V8 does not inline are boxed.) */
  private setCore(radius: number): void {
    const v = this.vertices, n = this.normals;
    const x1 = v[0], y1 = v[1], x2 = v[2], y2 = v[3];
    const dx = x2 - x1, dy = y2 - y1, L = Math.sqrt(dx * dx + dy * dy);
    // (a point, as a capsule of half height 0: any normal pair serves; (1, 0) and (−1, 0))
    const nx = L > 0 ? dy / L : 1, ny = L > 0 ? -dx / L : 0;
    n[0] = nx; n[1] = ny; n[2] = -nx; n[3] = -ny;
    this.centroid[0] = 0.5 * (x1 + x2); this.centroid[1] = 0.5 * (y1 + y2);
    this.count = 2;
    this.radius = radius;
  }
}

/**
 * The closest points of segments p1q1 and p2q2 (Ericson, "Real-Time Collision Detection" 5.1.9): their
 * fractions f1 on the first and f2 on the second and the squared distance into segmentResult [f1, f2,
 * d²], the points into segmentPoints [x1, y1, x2, y2]. A fraction clamped to an end is exactly 0 or 1, so
 * callers can tell a vertex from an edge's inside.
 */
export const segmentResult = new Float64Array(3), segmentPoints = new Float64Array(4);
export function segmentDistance(p1: Float64Array, i1: number, q1: Float64Array, j1: number, p2: Float64Array, i2: number, q2: Float64Array, j2: number): void {
  const p1x = p1[i1], p1y = p1[i1 + 1], p2x = p2[i2], p2y = p2[i2 + 1];
  const d1x = q1[j1] - p1x, d1y = q1[j1 + 1] - p1y, d2x = q2[j2] - p2x, d2y = q2[j2 + 1] - p2y;
  const dd1 = d1x * d1x + d1y * d1y, dd2 = d2x * d2x + d2y * d2y;
  const rx = p1x - p2x, ry = p1y - p2y;
  const rd1 = rx * d1x + ry * d1y, rd2 = rx * d2x + ry * d2y, d12 = d1x * d2x + d1y * d2y;
  let f1 = 0, f2 = 0;
  if (dd1 <= 0 && dd2 <= 0) {
    f1 = 0; f2 = 0;
  } else if (dd1 <= 0) {
    f2 = Math.max(0, Math.min(1, rd2 / dd2));
  } else if (dd2 <= 0) {
    f1 = Math.max(0, Math.min(1, -rd1 / dd1));
  } else {
    const denominator = dd1 * dd2 - d12 * d12;
    // not parallel: the lines' closest point on the first, clamped; parallel: its start
    f1 = denominator !== 0 ? Math.max(0, Math.min(1, (d12 * rd2 - rd1 * dd2) / denominator)) : 0;
    // the second's point closest to it; clamping that one moves the first's again
    f2 = (d12 * f1 + rd2) / dd2;
    if (f2 < 0) {
      f2 = 0;
      f1 = Math.max(0, Math.min(1, -rd1 / dd1));
    } else if (f2 > 1) {
      f2 = 1;
      f1 = Math.max(0, Math.min(1, (d12 - rd1) / dd1));
    }
  }
  const x1 = p1x + f1 * d1x, y1 = p1y + f1 * d1y, x2 = p2x + f2 * d2x, y2 = p2y + f2 * d2y;
  segmentPoints[0] = x1; segmentPoints[1] = y1; segmentPoints[2] = x2; segmentPoints[3] = y2;
  segmentResult[0] = f1; segmentResult[1] = f2;
  segmentResult[2] = (x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1);
}

/** The reference edge's normal n (clipEdges reads it here: doubles passed to a call V8 does not inline
 * are boxed), then the reference and incident radii. */
export const clipFrame = new Float64Array(4);

/**
 * The incident edge b1 → b2 (vertices[ib1], vertices[ib2] of `incident`) clipped to the sides of the
 * reference edge a1 → a2 (of `reference`), whose outward normal n and the two radii are in clipFrame
 * (Box2D v3 b2ClipPolygons). The tangent t = (−n_y, n_x) runs along the reference edge; the incident edge
 * runs against it, so b2 is its lower end and b1 its upper one:
 *   lower₁ = 0, upper₁ = t·(a2 − a1);  upper₂ = t·(b1 − a1), lower₂ = t·(b2 − a1)
 * and each end of the incident edge past a side is moved along it to that side. Each kept point has
 * separation s = n·(v − a1) − r_ref − r_inc and lies midway between the surfaces,
 *   v + ½ (r_ref − r_inc − n·(v − a1)) n.
 * `flip`: the reference edge is B's, so the normal A → B is −n and ids name A's (incident) vertex first.
 * Points at or past out.margin are left out; `out` must be empty (its 2 places free). `mustOverlap`: no
 * points where the two edges' spans along t miss each other (Box2D's b2ClipSegments, for chains);
 * otherwise the ends are kept as they are.
 * Ids: the lower point pairs a1 with b2, the upper one a2 with b1 (the same two vertices in both
 * orders: featureId(A's, B's)).
 */
export function clipEdges(
  out: Manifold2D, reference: Float64Array, ia1: number, ia2: number, incident: Float64Array, ib1: number, ib2: number,
  flip: boolean, mustOverlap: boolean,
): void {
  const nx = clipFrame[0], ny = clipFrame[1], rRef = clipFrame[2], rInc = clipFrame[3];
  const tx = -ny, ty = nx;
  const a1x = reference[2 * ia1], a1y = reference[2 * ia1 + 1];
  const upper1 = tx * (reference[2 * ia2] - a1x) + ty * (reference[2 * ia2 + 1] - a1y);
  const b1x = incident[2 * ib1], b1y = incident[2 * ib1 + 1], b2x = incident[2 * ib2], b2y = incident[2 * ib2 + 1];
  const upper2 = tx * (b1x - a1x) + ty * (b1y - a1y), lower2 = tx * (b2x - a1x) + ty * (b2y - a1y);
  if (mustOverlap && (upper2 < 0 || upper1 < lower2)) return;
  const span = upper2 - lower2;
  let lx = b2x, ly = b2y, ux = b1x, uy = b1y;
  if (lower2 < 0 && span > 1e-12) {
    const f = -lower2 / span;
    lx = b2x + f * (b1x - b2x); ly = b2y + f * (b1y - b2y);
  }
  if (upper2 > upper1 && span > 1e-12) {
    const f = (upper1 - lower2) / span;
    ux = b2x + f * (b1x - b2x); uy = b2y + f * (b1y - b2y);
  }
  const sl = nx * (lx - a1x) + ny * (ly - a1y), su = nx * (ux - a1x) + ny * (uy - a1y);
  const radius = rRef + rInc, margin = out.margin;
  const sLower = sl - radius, sUpper = su - radius;
  const backL = 0.5 * (rRef - rInc - sl), backU = 0.5 * (rRef - rInc - su);
  staged[0] = flip ? -nx : nx; staged[1] = flip ? -ny : ny;
  // the lower point first, the upper one first when the reference is B's (Box2D's order)
  for (let k = 0; k < 2; k++) {
    const takeLower = (k === 0) !== flip;
    const s = takeLower ? sLower : sUpper;
    if (s >= margin) continue;
    staged[2] = takeLower ? lx + backL * nx : ux + backU * nx; staged[3] = takeLower ? ly + backL * ny : uy + backU * ny; staged[4] = s;
    const id = flip ? (takeLower ? featureId(ib2, ia1) : featureId(ib1, ia2)) : takeLower ? featureId(ia1, ib2) : featureId(ia2, ib1);
    putPoint(out, id);
  }
}

/**
 * One point between two round features: centres (ax, ay) on A and (bx, by) on B with radii ra and rb
 * (the ends of a capsule's core, a vertex and radius 0): n = (b − a)/|b − a|, s = |b − a| − ra − rb, the
 * point a + (ra + ½ s) n (as lib/collision/convex-contacts.ts spheres, so that spheres in the plane give
 * the same numbers). Where the centres coincide the normal is `fallback` (fx, fy).
 */
export const roundPair = new Float64Array(6);
export function addRoundPoint(out: Manifold2D, id: number): void {
  const ax = roundPair[0], ay = roundPair[1], bx = roundPair[2], by = roundPair[3], ra = roundPair[4], rb = roundPair[5];
  const dx = bx - ax, dy = by - ay;
  const L = Math.sqrt(dx * dx + dy * dy);
  const s = L - ra - rb;
  if (s >= out.margin) return;
  let nx = fallbackNormal[0], ny = fallbackNormal[1];
  if (L > COINCIDENT_DISTANCE) {
    nx = dx / L; ny = dy / L;
  }
  const along = ra + 0.5 * s;
  staged[0] = nx; staged[1] = ny; staged[2] = ax + nx * along; staged[3] = ay + ny * along; staged[4] = s;
  putPoint(out, id);
}

/** A point for putPoint: the normal, the position and the separation [nx, ny, x, y, s]. */
export const staged = new Float64Array(5);

/** Adds the point in `staged` to `out` (ignored past its 2 places), with its normal if it is the first.
 * (Written into the manifold's arrays, not through Manifold2D.add and setNormal: doubles passed to a
 * call V8 does not inline are boxed, a HeapNumber each, and measured so, a clipped pair of points
 * allocated 128 bytes.) */
export function putPoint(out: Manifold2D, id: number): void {
  const i = out.count;
  if (i >= MAX_MANIFOLD_POINTS_2D) return;
  if (i === 0) {
    out.normal[0] = staged[0]; out.normal[1] = staged[1];
  }
  out.points[2 * i] = staged[2]; out.points[2 * i + 1] = staged[3];
  out.separations[i] = staged[4];
  out.ids[i] = id;
  out.count = i + 1;
}
/** Centres closer than this, m, coincide (lib/collision/coincident-centres.ts COINCIDENT_DISTANCE). */
export const COINCIDENT_DISTANCE = 1e-12;
/** The normal addRoundPoint takes where the centres coincide: straight up unless a caller sets it. */
export const fallbackNormal = new Float64Array([0, 1]);
