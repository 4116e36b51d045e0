// GJK distance and the shape cast in 2D (lib/2d/geometry/distance.ts, shape-cast.ts) against brute force:
// the distance between two cores (convex hulls of 1, 2 or up to 8 points) is, when they do not intersect,
// the least distance between an edge of one and an edge of the other, and the radii come off it; the cast's
// first contact is found by bisection of that distance along the path.
import { describe, expect, it } from 'vitest';
import { ConvexProxy2D, DistanceResult2D, shapeDistance2D, shapesOverlap2D } from '../lib/2d/geometry/distance.js';
import { CastResult2D, shapeCast2D } from '../lib/2d/geometry/shape-cast.js';
import { ShapePose2D } from '../lib/2d/collision/shape-pose.js';
import type { ShapeGeometry2D } from '../lib/2d/geometry/shape-geometry.js';
import { mulberry32 as random } from '../lib/math/random.js';

/** The convex hull (counter-clockwise, no collinear points) of the points: Andrew's monotone chain. */
function hull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: number[], a: number[], b: number[]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [], upper: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

function polygon(points: [number, number][]): ShapeGeometry2D {
  const count = points.length, vertices = new Float64Array(2 * count), normals = new Float64Array(2 * count);
  points.forEach(([x, y], i) => { vertices[2 * i] = x; vertices[2 * i + 1] = y; });
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count, ex = vertices[2 * j] - vertices[2 * i], ey = vertices[2 * j + 1] - vertices[2 * i + 1], l = Math.hypot(ex, ey);
    normals[2 * i] = ey / l; normals[2 * i + 1] = -ex / l;
  }
  return { type: 'polygon', count, vertices, normals, centroid: new Float64Array(2) };
}

type Kind = 'circle' | 'capsule' | 'polygon' | 'segment';
function randomGeometry(next: () => number, kind: Kind): ShapeGeometry2D {
  const size = 0.2 + 1.5 * next();
  if (kind === 'circle') return { type: 'circle', radius: size };
  if (kind === 'capsule') return { type: 'capsule', radius: 0.1 + 0.5 * next(), halfHeight: size };
  if (kind === 'segment') {
    const a = [size * (next() - 0.5), size * (next() - 0.5)], b = [size * (next() - 0.5) + 0.3, size * (next() - 0.5)];
    return { type: 'segment', point1: new Float64Array(a), point2: new Float64Array(b) };
  }
  for (;;) {
    const points: [number, number][] = [];
    const n = 3 + Math.floor(next() * 6);
    for (let i = 0; i < n; i++) points.push([size * (next() - 0.5), size * (next() - 0.5)]);
    const h = hull(points);
    if (h.length >= 3) return polygon(h.slice(0, 8));
  }
}

function randomPose(next: () => number, spread: number): ShapePose2D {
  const pose = new ShapePose2D(), angle = 2 * Math.PI * next();
  pose.c[0] = spread * (next() - 0.5); pose.c[1] = spread * (next() - 0.5);
  pose.R[0] = Math.cos(angle); pose.R[1] = Math.sin(angle);
  return pose;
}

/** A proxy's core in the world: its points at the pose. */
function worldCore(proxy: ConvexProxy2D, pose: ShapePose2D, shift: readonly number[] = [0, 0]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < proxy.count; i++) {
    const x = proxy.points[2 * i], y = proxy.points[2 * i + 1];
    out.push([pose.c[0] + pose.R[0] * x - pose.R[1] * y + shift[0], pose.c[1] + pose.R[1] * x + pose.R[0] * y + shift[1]]);
  }
  return out;
}

function pointSegment(p: number[], a: number[], b: number[]): number {
  const ex = b[0] - a[0], ey = b[1] - a[1], ee = ex * ex + ey * ey;
  const u = ee > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / ee)) : 0;
  return Math.hypot(p[0] - a[0] - u * ex, p[1] - a[1] - u * ey);
}
function orient(a: number[], b: number[], c: number[]): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}
function segmentsCross(a: number[], b: number[], c: number[], d: number[]): boolean {
  const d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c), d4 = orient(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}
function inside(p: number[], poly: [number, number][]): boolean {
  if (poly.length < 3) return false;
  for (let i = 0; i < poly.length; i++) if (orient(poly[i], poly[(i + 1) % poly.length], p) < 0) return false;
  return true;
}
/** The edges of a core (a point is one edge of length 0). */
function edges(core: [number, number][]): [number[], number[]][] {
  if (core.length === 1) return [[core[0], core[0]]];
  if (core.length === 2) return [[core[0], core[1]]];
  return core.map((p, i) => [p, core[(i + 1) % core.length]]);
}
/** Brute force: the distance between two cores (0 when they intersect). */
function coreDistance(A: [number, number][], B: [number, number][]): number {
  for (const [a, b] of edges(A)) for (const [c, d] of edges(B)) if (segmentsCross(a, b, c, d)) return 0;
  if (A.some((p) => inside(p, B)) || B.some((p) => inside(p, A))) return 0;
  let least = Infinity;
  for (const [a, b] of edges(A)) for (const [c, d] of edges(B)) {
    least = Math.min(least, pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
  }
  return least;
}

const KINDS: Kind[] = ['circle', 'capsule', 'polygon', 'segment'];

describe('2D GJK distance', () => {
  it('matches the brute-force distance between cores: to 1e-12, polygons, segments and round shapes', () => {
    const next = random(7);
    const a = new ConvexProxy2D(), b = new ConvexProxy2D(), out = new DistanceResult2D();
    let worstFlat = 0, worstRound = 0, overlaps = 0, separated = 0;
    for (let trial = 0; trial < 4000; trial++) {
      const kindA = KINDS[trial % 4], kindB = KINDS[Math.floor(trial / 4) % 4];
      a.setGeometry(randomGeometry(next, kindA));
      b.setGeometry(randomGeometry(next, kindB));
      const poseA = randomPose(next, 4), poseB = randomPose(next, 4);
      const expected = Math.max(0, coreDistance(worldCore(a, poseA), worldCore(b, poseB)) - a.radius - b.radius);
      const got = shapeDistance2D(a, poseA, b, poseB, out);
      const error = Math.abs(got - expected);
      if (a.radius === 0 && b.radius === 0) worstFlat = Math.max(worstFlat, error);
      else worstRound = Math.max(worstRound, error);
      if (expected === 0) overlaps++;
      else {
        separated++;
        // the closest points are on the surfaces, the distance apart, along the normal from A to B
        const pA = [...out.pointA], pB = [...out.pointB];
        expect(Math.hypot(pB[0] - pA[0], pB[1] - pA[1])).toBeCloseTo(got, 9);
        expect(Math.hypot(out.normal[0], out.normal[1])).toBeCloseTo(1, 12);
        expect((pB[0] - pA[0]) * out.normal[0] + (pB[1] - pA[1]) * out.normal[1]).toBeCloseTo(got, 9);
        const coreA = worldCore(a, poseA), coreB = worldCore(b, poseB);
        const onA = Math.min(...edges(coreA).map(([p, q]) => pointSegment(pA, p, q)));
        const onB = Math.min(...edges(coreB).map(([p, q]) => pointSegment(pB, p, q)));
        if (coreA.length < 3 || !inside(pA, coreA)) expect(Math.abs(onA - a.radius)).toBeLessThan(1e-9);
        if (coreB.length < 3 || !inside(pB, coreB)) expect(Math.abs(onB - b.radius)).toBeLessThan(1e-9);
      }
    }
    // (measured: 1.3e-15 both; the brief's bounds are 1e-9 flat and 1e-7 round)
    expect(worstFlat).toBeLessThan(1e-12);
    expect(worstRound).toBeLessThan(1e-12);
    expect(overlaps).toBeGreaterThan(200);
    expect(separated).toBeGreaterThan(2000);
  });

  it('finds the distance of nearly touching polygons to round-off: gaps from 1 m down to 1e-10 m', () => {
    // a unit box above another, turned a little, lowered to a gap g: the distance is g (a corner on a face)
    const a = new ConvexProxy2D().setGeometry(polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]));
    const b = new ConvexProxy2D().setGeometry(polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]));
    const out = new DistanceResult2D();
    for (const gap of [1, 1e-3, 1e-6, 1e-9, 1e-10]) {
      const angle = 0.3, poseA = new ShapePose2D(), poseB = new ShapePose2D();
      poseA.c[0] = 100; poseA.c[1] = -50;
      poseB.R[0] = Math.cos(angle); poseB.R[1] = Math.sin(angle);
      const lowest = Math.min(...[[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([x, y]) => Math.sin(angle) * x + Math.cos(angle) * y));
      poseB.c[0] = 100.2; poseB.c[1] = -50 + 1 + gap - lowest;
      shapeDistance2D(a, poseA, b, poseB, out);
      expect(Math.abs(out.distance - gap)).toBeLessThan(1e-13);
      expect(out.normal[0]).toBeCloseTo(0, 12);
      expect(out.normal[1]).toBeCloseTo(1, 12);
    }
  });

  it('reports the overlap of every pair the brute force finds intersecting, and of no other', () => {
    const next = random(11);
    const a = new ConvexProxy2D(), b = new ConvexProxy2D();
    let agree = 0;
    for (let trial = 0; trial < 2000; trial++) {
      a.setGeometry(randomGeometry(next, KINDS[trial % 4]));
      b.setGeometry(randomGeometry(next, KINDS[(trial >> 2) % 4]));
      const poseA = randomPose(next, 4), poseB = randomPose(next, 4);
      const gap = coreDistance(worldCore(a, poseA), worldCore(b, poseB)) - a.radius - b.radius;
      if (Math.abs(gap) < 1e-5) continue;
      expect(shapesOverlap2D(a, poseA, b, poseB)).toBe(gap < 0);
      agree++;
    }
    expect(agree).toBeGreaterThan(1900);
  });
});

describe('2D shape cast', () => {
  /** Brute force: the first t in [0, 1] at which B, moved by t δ, touches A (bisection of the convex
   * distance along the path: its minimum by golden section, then the first zero before it), or null. */
  function firstContact(a: ConvexProxy2D, poseA: ShapePose2D, b: ConvexProxy2D, poseB: ShapePose2D, delta: number[]): number | null {
    const coreA = worldCore(a, poseA);
    const f = (t: number) => coreDistance(coreA, worldCore(b, poseB, [t * delta[0], t * delta[1]])) - a.radius - b.radius;
    if (f(0) <= 0) return 0;
    let lo = 0, hi = 1;
    const g = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 200; i++) {
      const m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
      if (f(m1) < f(m2)) hi = m2;
      else lo = m1;
    }
    const tMin = 0.5 * (lo + hi);
    if (f(tMin) > 0) return null;
    lo = 0; hi = tMin;
    for (let i = 0; i < 200; i++) {
      const mid = 0.5 * (lo + hi);
      if (f(mid) > 0) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  it('stops where bisection of the distance along the path first finds contact, within the tolerance, never past it', () => {
    const next = random(23);
    const a = new ConvexProxy2D(), b = new ConvexProxy2D(), out = new CastResult2D(), distance = new DistanceResult2D();
    let hits = 0, misses = 0, worst = 0;
    for (let trial = 0; trial < 800; trial++) {
      a.setGeometry(randomGeometry(next, KINDS[trial % 4]));
      b.setGeometry(randomGeometry(next, KINDS[(trial >> 2) % 4]));
      const poseA = randomPose(next, 1), poseB = randomPose(next, 1);
      // B starts 3 to 5 m away and moves about toward A
      const angle = 2 * Math.PI * next(), reach = 3 + 2 * next();
      poseB.c[0] = poseA.c[0] + reach * Math.cos(angle); poseB.c[1] = poseA.c[1] + reach * Math.sin(angle);
      const aim = angle + Math.PI + 0.8 * (next() - 0.5), length = reach * (0.5 + next());
      const delta = [length * Math.cos(aim), length * Math.sin(aim)];
      const expected = firstContact(a, poseA, b, poseB, delta);
      const hit = shapeCast2D(a, poseA, b, poseB, delta, out);
      const tol = 1e-6 * Math.max(a.extent(), b.extent());
      if (expected === null) {
        // no contact: no hit, unless the path grazes A within the tolerance
        if (hit) {
          const moved = new ShapePose2D();
          moved.c[0] = poseB.c[0] + out.fraction * delta[0]; moved.c[1] = poseB.c[1] + out.fraction * delta[1]; moved.R.set(poseB.R);
          expect(shapeDistance2D(a, poseA, b, moved, distance)).toBeLessThan(tol);
        }
        misses++;
        continue;
      }
      expect(hit).toBe(true);
      hits++;
      if (expected === 0) {
        expect(out.fraction).toBe(0);
        continue;
      }
      // never past the first contact; there within the tolerance of touching
      expect(out.fraction).toBeLessThanOrEqual(expected + 1e-12);
      const moved = new ShapePose2D();
      moved.c[0] = poseB.c[0] + out.fraction * delta[0]; moved.c[1] = poseB.c[1] + out.fraction * delta[1]; moved.R.set(poseB.R);
      const gap = shapeDistance2D(a, poseA, b, moved, distance);
      expect(gap).toBeLessThanOrEqual(tol);
      expect(gap).toBeGreaterThan(0);
      // the point is on A's surface, the normal against B's motion
      expect(out.normal[0] * delta[0] + out.normal[1] * delta[1]).toBeLessThan(0);
      const onA = coreDistance(worldCore(a, poseA), [[out.point[0], out.point[1]]]);
      expect(Math.abs(onA - a.radius)).toBeLessThan(1e-6);
      worst = Math.max(worst, (expected - out.fraction) * length);
    }
    expect(hits).toBeGreaterThan(350);
    expect(misses).toBeGreaterThan(300);
    // how far short of first contact it stopped, m (grazing paths stop furthest short; measured 3e-6)
    expect(worst).toBeLessThan(1e-5);
  });

  it('a circle dropped onto a box lands at the analytic distance', () => {
    const box = new ConvexProxy2D().setGeometry(polygon([[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]]));
    const ball = new ConvexProxy2D().setGeometry({ type: 'circle', radius: 0.25 });
    const poseA = new ShapePose2D(), poseB = new ShapePose2D(), out = new CastResult2D();
    poseB.c[0] = 0.7; poseB.c[1] = 3;
    expect(shapeCast2D(box, poseA, ball, poseB, [0, -10], out)).toBe(true);
    // it falls 3 − 0.5 − 0.25 = 2.25 m of the 10
    expect(out.fraction * 10).toBeCloseTo(2.25, 5);
    expect(out.fraction * 10).toBeLessThanOrEqual(2.25);
    expect(out.normal[0]).toBeCloseTo(0, 12);
    expect(out.normal[1]).toBe(1);
    expect(out.point[0]).toBeCloseTo(0.7, 9);
    expect(out.point[1]).toBeCloseTo(0.5, 5);
    // starting in overlap: a hit at 0, the normal against the motion
    poseB.c[1] = 0.6;
    expect(shapeCast2D(box, poseA, ball, poseB, [0, -10], out)).toBe(true);
    expect(out.fraction).toBe(0);
    // moving away: no hit
    poseB.c[1] = 3;
    expect(shapeCast2D(box, poseA, ball, poseB, [0, 10], out)).toBe(false);
  });
});
