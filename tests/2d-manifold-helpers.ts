// Test helpers for the 2D narrowphase: geometries built by hand (not through Body2D), poses, a convex hull
// of random points, and exact distances of convex shapes for the brute-force checks.

import type {
  CapsuleGeometry, ChainSegmentGeometry, CircleGeometry, PolygonGeometry, SegmentGeometry, ShapeGeometry2D,
} from '../lib/2d/geometry/shape-geometry.js';
import { ShapePose2D } from '../lib/2d/collision/shape-pose.js';
import { Manifold2D } from '../lib/2d/collision/manifold.js';
import { collide2D } from '../lib/2d/collision/narrowphase.js';

export type P2 = [number, number];

export function circle(radius: number): CircleGeometry {
  return { type: 'circle', radius };
}
export function capsule(radius: number, halfHeight: number): CapsuleGeometry {
  return { type: 'capsule', radius, halfHeight };
}
export function segment(a: P2, b: P2): SegmentGeometry {
  return { type: 'segment', point1: new Float64Array(a), point2: new Float64Array(b) };
}
export function chainSegment(g1: P2, a: P2, b: P2, g2: P2): ChainSegmentGeometry {
  return { type: 'chainSegment', ghost1: new Float64Array(g1), point1: new Float64Array(a), point2: new Float64Array(b), ghost2: new Float64Array(g2) };
}
/** The chain segments of an open polyline (ghosts at the ends: the end segments extended). */
export function chain(points: P2[]): ChainSegmentGeometry[] {
  const n = points.length, out: ChainSegmentGeometry[] = [];
  for (let i = 0; i + 1 < n; i++) {
    const a = points[i], b = points[i + 1];
    const g1: P2 = i > 0 ? points[i - 1] : [2 * a[0] - b[0], 2 * a[1] - b[1]];
    const g2: P2 = i + 2 < n ? points[i + 2] : [2 * b[0] - a[0], 2 * b[1] - a[1]];
    out.push(chainSegment(g1, a, b, g2));
  }
  return out;
}

/** A convex polygon from counter-clockwise points: edge normals and the area centroid. */
export function polygon(points: P2[]): PolygonGeometry {
  const n = points.length;
  const vertices = new Float64Array(2 * n), normals = new Float64Array(2 * n);
  let area = 0, cx = 0, cy = 0;
  for (let i = 0; i < n; i++) {
    const [x, y] = points[i], [x2, y2] = points[(i + 1) % n];
    vertices[2 * i] = x; vertices[2 * i + 1] = y;
    const dx = x2 - x, dy = y2 - y, L = Math.hypot(dx, dy);
    normals[2 * i] = dy / L; normals[2 * i + 1] = -dx / L;
    const cross = x * y2 - x2 * y;
    area += cross; cx += (x + x2) * cross; cy += (y + y2) * cross;
  }
  return { type: 'polygon', count: n, vertices, normals, centroid: new Float64Array([cx / (3 * area), cy / (3 * area)]) };
}
export function box(hx: number, hy: number): PolygonGeometry {
  return polygon([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]);
}

/** The convex hull (counter-clockwise, no collinear points) of points (Andrew's monotone chain). */
export function hull(points: P2[]): P2[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: P2, a: P2, b: P2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: P2[] = [], upper: P2[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 1e-9) lower.pop();
    lower.push(q);
  }
  for (const q of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 1e-9) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

export function pose(x: number, y: number, angle = 0): ShapePose2D {
  const p = new ShapePose2D();
  p.c[0] = x; p.c[1] = y; p.R[0] = Math.cos(angle); p.R[1] = Math.sin(angle);
  return p;
}

export interface Contact {
  normal: P2;
  points: { p: P2; s: number; id: number }[];
}
export function contact(a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D, margin = 0): Contact {
  const m = new Manifold2D();
  m.margin = margin;
  collide2D(a, A, b, B, m);
  const points = [];
  for (let i = 0; i < m.count; i++) points.push({ p: [m.points[2 * i], m.points[2 * i + 1]] as P2, s: m.separations[i], id: m.ids[i] });
  return { normal: [m.normal[0], m.normal[1]], points };
}

/** A shape's core in world space (a polygon's vertices, a capsule's or segment's two ends, a circle's
 * centre) and its radius: the shape is the core grown by the radius. */
export function core(g: ShapeGeometry2D, A: ShapePose2D): { points: P2[]; radius: number } {
  const w = (x: number, y: number): P2 => [A.c[0] + A.R[0] * x - A.R[1] * y, A.c[1] + A.R[1] * x + A.R[0] * y];
  switch (g.type) {
    case 'circle': return { points: [w(0, 0)], radius: g.radius };
    case 'capsule': return { points: [w(0, -g.halfHeight), w(0, g.halfHeight)], radius: g.radius };
    case 'segment': return { points: [w(g.point1[0], g.point1[1]), w(g.point2[0], g.point2[1])], radius: 0 };
    case 'chainSegment': return { points: [w(g.point1[0], g.point1[1]), w(g.point2[0], g.point2[1])], radius: 0 };
    default: {
      const pts: P2[] = [];
      for (let i = 0; i < g.count; i++) pts.push(w(g.vertices[2 * i], g.vertices[2 * i + 1]));
      return { points: pts, radius: 0 };
    }
  }
}

function pointSegment(q: P2, a: P2, b: P2): number {
  const dx = b[0] - a[0], dy = b[1] - a[1], dd = dx * dx + dy * dy;
  const t = dd > 0 ? Math.max(0, Math.min(1, ((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / dd)) : 0;
  return Math.hypot(q[0] - a[0] - t * dx, q[1] - a[1] - t * dy);
}
/** The edges of a core (a point: none; two points: the segment once). */
function edges(points: P2[]): [P2, P2][] {
  if (points.length === 1) return [[points[0], points[0]]];
  if (points.length === 2) return [[points[0], points[1]]];
  return points.map((p, i) => [p, points[(i + 1) % points.length]] as [P2, P2]);
}
/** Whether q is inside a convex core of 3 or more counter-clockwise points (or on it). */
function inside(q: P2, points: P2[]): boolean {
  if (points.length < 3) return false;
  return points.every((a, i) => {
    const b = points[(i + 1) % points.length];
    return (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]) >= 0;
  });
}
/** The distance of two convex cores, 0 when they overlap: the least vertex–edge distance both ways (and
 * 0 when a vertex of one is inside the other or two edges cross). */
export function coreDistance(P: P2[], Q: P2[]): number {
  if (P.some((p) => inside(p, Q)) || Q.some((q) => inside(q, P))) return 0;
  let d = Infinity;
  for (const [a, b] of edges(P)) {
    for (const [c, e] of edges(Q)) {
      if (segmentsCross(a, b, c, e)) return 0;
      d = Math.min(d, pointSegment(a, c, e), pointSegment(b, c, e), pointSegment(c, a, b), pointSegment(e, a, b));
    }
  }
  return d;
}
function segmentsCross(a: P2, b: P2, c: P2, d: P2): boolean {
  const o = (p: P2, q: P2, r: P2) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a), d2 = o(c, d, b), d3 = o(a, b, c), d4 = o(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}
/** A point's distance to a core's boundary grown by radius (0 on the surface). */
export function surfaceDistance(q: P2, c: { points: P2[]; radius: number }): number {
  let d = Infinity;
  for (const [a, b] of edges(c.points)) d = Math.min(d, pointSegment(q, a, b));
  if (inside(q, c.points)) d = -d;
  return Math.abs(d - c.radius);
}
/** The penetration depth of two convex polygons (cores of 3+ points, no radius): the least over both
 * polygons' edge normals of the overlap of their projections. */
export function penetrationDepth(P: P2[], Q: P2[]): number {
  let least = Infinity;
  for (const [X, Y] of [[P, Q], [Q, P]]) {
    for (let i = 0; i < X.length; i++) {
      const a = X[i], b = X[(i + 1) % X.length], L = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const n: P2 = [(b[1] - a[1]) / L, -(b[0] - a[0]) / L];
      const s = Math.min(...Y.map((y) => n[0] * (y[0] - a[0]) + n[1] * (y[1] - a[1])));
      least = Math.min(least, -s);
    }
  }
  return least;
}
