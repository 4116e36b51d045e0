// Contacts of a circle (shape B) with a circle, a capsule, a polygon or a segment (shape A): one point
// each, the normal from A to B (Box2D v3 manifold.c b2CollideCircles, b2CollideCapsuleAndCircle,
// b2CollidePolygonAndCircle, b2CollideSegmentAndCircle).
//
//   circle–circle    s = |c_b − c_a| − r_a − r_b along the centres' line (the same arithmetic as 3D's
//                    sphere–sphere, lib/collision/convex-contacts.ts, so circles in the plane give its
//                    numbers to the last bit)
//   capsule–circle   the circle against the core segment's closest point (3D's closestOnSegment)
//   segment–circle   the same with radius 0
//   polygon–circle   the face of largest separation; a centre outside it and past one of the face's ends
//                    is nearest that vertex, otherwise (even inside) the contact is along the face normal

import type { CapsuleGeometry, CircleGeometry, PolygonGeometry, SegmentGeometry, ShapeGeometry2D } from '../geometry/shape-geometry.js';
import { addRoundPoint, fallbackNormal, putPoint, roundPair, staged } from './features.js';
import type { Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';

export function collideCircles(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  roundPair[0] = A.c[0]; roundPair[1] = A.c[1]; roundPair[2] = B.c[0]; roundPair[3] = B.c[1];
  roundPair[4] = (a as CircleGeometry).radius; roundPair[5] = (b as CircleGeometry).radius;
  fallbackNormal[0] = 0; fallbackNormal[1] = 1;
  addRoundPoint(out, 0);
}

export function collideCapsuleCircle(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  const capsule = a as CapsuleGeometry, h = capsule.halfHeight, c = A.c;
  // core ends c ∓ h u, u = R (0, 1)
  const ux = -A.R[1], uy = A.R[0];
  core[0] = c[0] - h * ux; core[1] = c[1] - h * uy; core[2] = c[0] + h * ux; core[3] = c[1] + h * uy;
  segmentCircle(out, capsule, B.c, b as CircleGeometry);
}

export function collideSegmentCircle(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  const segment = a as SegmentGeometry, p = segment.point1, q = segment.point2, c = A.c, cs = A.R[0], sn = A.R[1];
  core[0] = c[0] + cs * p[0] - sn * p[1]; core[1] = c[1] + sn * p[0] + cs * p[1];
  core[2] = c[0] + cs * q[0] - sn * q[1]; core[3] = c[1] + sn * q[0] + cs * q[1];
  segmentCircle(out, null, B.c, b as CircleGeometry);
}

/** A segment's or capsule core's ends [p0x, p0y, p1x, p1y] in world space, for segmentCircle (doubles
 * passed to a call V8 does not inline are boxed; the radii go as their shapes). */
const core = new Float64Array(4);

/** The circle (centre q, its shape's radius rb) against the segment p0p1 in `core` grown by ra (the
 * capsule's radius, 0 for a segment): the segment's point closest to
 * q, t = clamp((q − p0)·d / d·d, 0, 1), d = p1 − p0. Id 0 wherever the point is (a ball rolling over
 * a capsule's end keeps its impulse, as Box2D). Where q lies on the core, the normal is the segment's
 * left perpendicular. */
function segmentCircle(out: Manifold2D, capsule: CapsuleGeometry | null, q: Float64Array, round: CircleGeometry): void {
  const p0x = core[0], p0y = core[1], p1x = core[2], p1y = core[3], ra = capsule === null ? 0 : capsule.radius, rb = round.radius;
  const qx = q[0], qy = q[1], dx = p1x - p0x, dy = p1y - p0y;
  const dd = dx * dx + dy * dy;
  let t = dd > 0 ? ((qx - p0x) * dx + (qy - p0y) * dy) / dd : 0;
  t = Math.max(0, Math.min(1, t));
  roundPair[0] = p0x + t * dx; roundPair[1] = p0y + t * dy; roundPair[2] = qx; roundPair[3] = qy;
  roundPair[4] = ra; roundPair[5] = rb;
  const L = Math.sqrt(dd);
  fallbackNormal[0] = L > 0 ? -dy / L : 0; fallbackNormal[1] = L > 0 ? dx / L : 1;
  addRoundPoint(out, 0);
}

export function collidePolygonCircle(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  const polygon = a as PolygonGeometry, r = (b as CircleGeometry).radius, margin = out.margin;
  const v = polygon.vertices, normals = polygon.normals, count = polygon.count;
  const c = A.c, cs = A.R[0], sn = A.R[1];
  // the circle's centre in the polygon's frame: l = Rᵀ (q − c)
  const dx = B.c[0] - c[0], dy = B.c[1] - c[1];
  const lx = cs * dx + sn * dy, ly = -sn * dx + cs * dy;
  // the face of largest separation n_i·(l − v_i)
  let face = 0, separation = -Infinity;
  for (let i = 0; i < count; i++) {
    const s = normals[2 * i] * (lx - v[2 * i]) + normals[2 * i + 1] * (ly - v[2 * i + 1]);
    if (s > separation) { separation = s; face = i; }
  }
  if (separation - r >= margin) return;
  const i1 = face, i2 = face + 1 < count ? face + 1 : 0;
  const v1x = v[2 * i1], v1y = v[2 * i1 + 1], v2x = v[2 * i2], v2y = v[2 * i2 + 1];
  // past either end of the face (u < 0) and outside: the vertex is nearest
  const u1 = (lx - v1x) * (v2x - v1x) + (ly - v1y) * (v2y - v1y);
  const u2 = (lx - v2x) * (v1x - v2x) + (ly - v2y) * (v1y - v2y);
  if (separation > 0 && (u1 < 0 || u2 < 0)) {
    const vx = u1 < 0 ? v1x : v2x, vy = u1 < 0 ? v1y : v2y;
    roundPair[0] = c[0] + cs * vx - sn * vy; roundPair[1] = c[1] + sn * vx + cs * vy;
    roundPair[2] = B.c[0]; roundPair[3] = B.c[1]; roundPair[4] = 0; roundPair[5] = r;
    // (the face's normal where the centre is within round-off of the vertex)
    fallbackNormal[0] = cs * normals[2 * face] - sn * normals[2 * face + 1]; fallbackNormal[1] = sn * normals[2 * face] + cs * normals[2 * face + 1];
    addRoundPoint(out, 0);
    return;
  }
  // along the face normal: s = n·(l − v₁) − r; the face's point l − (n·(l − v₁)) n and the circle's
  // deepest point l − r n have the midpoint l − (n·(l − v₁) − ½ s) n (id 0 in both regions, as Box2D,
  // so the impulse carries over when the centre passes a vertex)
  const nx = normals[2 * face], ny = normals[2 * face + 1];
  const s = separation - r;
  const back = separation - 0.5 * s;
  const px = lx - back * nx, py = ly - back * ny;
  staged[0] = cs * nx - sn * ny; staged[1] = sn * nx + cs * ny;
  staged[2] = c[0] + cs * px - sn * py; staged[3] = c[1] + sn * px + cs * py; staged[4] = s;
  putPoint(out, 0);
}
