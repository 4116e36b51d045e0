// GJK distance, overlap and shape cast (lib/geometry/gjk.ts) against closed forms (spheres, a sphere
// and a box, axis-aligned boxes, capsules, a point and a triangle, a face dropped onto a face, a capsule
// onto an edge) and against brute force: for random point clouds the distance is certified by the
// separating-axis bound along GJK's own normal and bounded below by finely sampled axes; random casts
// are set against bisection on shapeDistance. Plus degenerate input, extreme scales, no allocation per
// call, and bad input named in errors.

import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { CastResult, ConvexProxy, DistanceResult, shapeCast, shapeDistance, shapesOverlap, type Pose } from '../lib/geometry/gjk.js';
import { closestPointsOfSegments } from '../lib/collision/features.js';
import { rotationMatrix } from '../lib/math/quat.js';
import { randomQuaternion, randomVector, seededRandom } from './helpers.js';

type Vec = [number, number, number];

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

function pose(c: ArrayLike<number>, W: ArrayLike<number> = IDENTITY): Pose {
  return { c: Float64Array.from(c), W: Float64Array.from(W) };
}

function randomPose(random: () => number, scale: number): Pose {
  return pose(randomVector(random, scale), rotationMatrix(new Float64Array(9), randomQuaternion(random)));
}

/** W about an axis by an angle (column-major), from the quaternion. */
function rotationAbout(axis: Vec, angle: number): Float64Array {
  const s = Math.sin(angle / 2) / Math.hypot(...axis);
  return rotationMatrix(new Float64Array(9), [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)]);
}

/** c + W·p for local p. */
function toWorld(P: Pose, x: number, y: number, z: number): Vec {
  const W = P.W, c = P.c;
  return [c[0] + W[0] * x + W[3] * y + W[6] * z, c[1] + W[1] * x + W[4] * y + W[7] * z, c[2] + W[2] * x + W[5] * y + W[8] * z];
}

/** Wᵀ (p − c): a world point in the pose's frame. */
function toLocal(P: Pose, p: ArrayLike<number>): Vec {
  const W = P.W, x = p[0] - P.c[0], y = p[1] - P.c[1], z = p[2] - P.c[2];
  return [W[0] * x + W[1] * y + W[2] * z, W[3] * x + W[4] * y + W[5] * z, W[6] * x + W[7] * y + W[8] * z];
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: ArrayLike<number>, b: ArrayLike<number>): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const length = (a: ArrayLike<number>) => Math.sqrt(dot(a, a));

/** The support value h(n) = max over the core's world points of p·n, plus the radius. */
function supportValue(proxy: ConvexProxy, P: Pose, n: ArrayLike<number>): number {
  let most = -Infinity;
  for (let i = 0; i < proxy.count; i++) {
    most = Math.max(most, dot(toWorld(P, proxy.points[3 * i], proxy.points[3 * i + 1], proxy.points[3 * i + 2]), n));
  }
  return most + proxy.radius * length(n);
}

/** The separating-axis lower bound along unit n: −(h_A(n) + h_B(−n)) ≤ the distance between the shapes. */
function separation(a: ConvexProxy, PA: Pose, b: ConvexProxy, PB: Pose, n: ArrayLike<number>): number {
  return -(supportValue(a, PA, n) + supportValue(b, PB, [-n[0], -n[1], -n[2]]));
}

/** count unit directions spread over the sphere (a Fibonacci lattice). */
function sphereDirections(count: number): Vec[] {
  const out: Vec[] = [];
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < count; i++) {
    const y = 1 - (2 * (i + 0.5)) / count, r = Math.sqrt(1 - y * y);
    out.push([r * Math.cos(golden * i), y, r * Math.sin(golden * i)]);
  }
  return out;
}
const DIRECTIONS = sphereDirections(4000);

/** p lies in the inflated shape by the support test: p·n ≤ h(n) along every sampled direction. */
function expectInside(proxy: ConvexProxy, P: Pose, p: ArrayLike<number>, tolerance: number): void {
  let worst = -Infinity;
  for (let i = 0; i < DIRECTIONS.length; i += 8) worst = Math.max(worst, dot(p, DIRECTIONS[i]) - supportValue(proxy, P, DIRECTIONS[i]));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

function expectUnit(n: ArrayLike<number>): void {
  expect(Math.abs(length(n) - 1)).toBeLessThan(1e-12);
}

function expectFinite(values: ArrayLike<number>): void {
  for (let i = 0; i < values.length; i++) expect(Number.isFinite(values[i])).toBe(true);
}

/** A random cloud of `count` points within ±scale, flat xyz. */
function randomCloud(random: () => number, count: number, scale: number): number[] {
  const points: number[] = [];
  for (let i = 0; i < count; i++) points.push(...randomVector(random, scale));
  return points;
}

/** Ericson, "Real-Time Collision Detection" 5.1.5: the point of triangle abc closest to p, by the
 * Voronoi region of p (vertex, edge or face) from barycentric dot products. */
function closestOnTriangle(p: Vec, a: Vec, b: Vec, c: Vec): Vec {
  const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const at = (u: number, v: number): Vec => [a[0] + u * ab[0] + v * ac[0], a[1] + u * ab[1] + v * ac[1], a[2] + u * ab[2] + v * ac[2]];
  const d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return at(d1 / (d1 - d3), 0);
  const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return at(0, d2 / (d2 - d6));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    return at(1 - w, w);
  }
  const denominator = va + vb + vc;
  return at(vb / denominator, vc / denominator);
}

/** The shape's core alone (radius 0), for the reference core distance of a cast. */
const coreOf = (proxy: ConvexProxy) => new ConvexProxy(proxy.count).set(proxy.points, proxy.count, 0);

/** P moved by t·v. */
const moved = (P: Pose, v: ArrayLike<number>, t: number): Pose => pose([P.c[0] + t * v[0], P.c[1] + t * v[1], P.c[2] + t * v[2]], P.W);

describe('shapeDistance against closed forms', () => {
  it('sphere–sphere: the centre distance minus the radii, points on the spheres', () => {
    const random = seededRandom(1);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new DistanceResult();
    for (let trial = 0; trial < 300; trial++) {
      const rA = 0.1 + random(), rB = 0.1 + random();
      a.setSphere(rA); b.setSphere(rB);
      const PA = randomPose(random, 2), PB = randomPose(random, 3);
      const gap = length(sub(PB.c, PA.c));
      const expected = Math.max(0, gap - rA - rB);
      expect(Math.abs(shapeDistance(a, PA, b, PB, out) - expected)).toBeLessThan(1e-12);
      expect(out.distance).toBe(shapeDistance(a, PA, b, PB, out));
      expect(out.overlap).toBe(false);
      expectUnit(out.normal);
      // on the spheres, along the centre line
      expect(Math.abs(length(sub(out.pointA, PA.c)) - rA)).toBeLessThan(1e-12);
      expect(Math.abs(length(sub(out.pointB, PB.c)) - rB)).toBeLessThan(1e-12);
      for (let k = 0; k < 3; k++) expect(Math.abs(out.normal[k] - (PB.c[k] - PA.c[k]) / gap)).toBeLessThan(1e-12);
      if (expected > 0) expect(Math.abs(length(sub(out.pointB, out.pointA)) - expected)).toBeLessThan(1e-12);
    }
  });

  it('sphere–box, random poses: the sphere centre clamped into the box', () => {
    const random = seededRandom(2);
    const box = new ConvexProxy(), sphere = new ConvexProxy(), out = new DistanceResult();
    let separated = 0;
    for (let trial = 0; trial < 500; trial++) {
      const h: Vec = [0.2 + random(), 0.2 + random(), 0.2 + random()];
      const r = 0.05 + 0.5 * random();
      box.setBox(...h); sphere.setSphere(r);
      const PA = randomPose(random, 1), PB = randomPose(random, 2.5);
      const q = toLocal(PA, PB.c);
      const clamped: Vec = [Math.max(-h[0], Math.min(h[0], q[0])), Math.max(-h[1], Math.min(h[1], q[1])), Math.max(-h[2], Math.min(h[2], q[2]))];
      const toCentre = length(sub(q, clamped));
      const expected = Math.max(0, toCentre - r);
      expect(Math.abs(shapeDistance(box, PA, sphere, PB, out) - expected)).toBeLessThan(1e-12);
      expect(out.overlap).toBe(toCentre === 0);
      if (expected > 0) {
        separated++;
        const closest = toWorld(PA, ...clamped);
        for (let k = 0; k < 3; k++) expect(Math.abs(out.pointA[k] - closest[k])).toBeLessThan(1e-12);
        expect(Math.abs(length(sub(out.pointB, out.pointA)) - expected)).toBeLessThan(1e-12);
      }
    }
    expect(separated).toBeGreaterThan(200);
  });

  it('box–box, axis-aligned: the per-axis gaps combine as √Σ max(0, gap)²', () => {
    const random = seededRandom(3);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new DistanceResult();
    for (let trial = 0; trial < 300; trial++) {
      const hA: Vec = [0.1 + random(), 0.1 + random(), 0.1 + random()], hB: Vec = [0.1 + random(), 0.1 + random(), 0.1 + random()];
      a.setBox(...hA); b.setBox(...hB);
      const PA = pose(randomVector(random, 1)), PB = pose(randomVector(random, 3));
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += Math.max(0, Math.abs(PB.c[k] - PA.c[k]) - hA[k] - hB[k]) ** 2;
      expect(Math.abs(shapeDistance(a, PA, b, PB, out) - Math.sqrt(sum))).toBeLessThan(1e-12);
      if (sum > 0) expect(Math.abs(length(sub(out.pointB, out.pointA)) - out.distance)).toBeLessThan(1e-12);
      else expect(out.overlap).toBe(true);
    }
  });

  it('capsule–capsule: the segments\' closest points (Ericson 5.1.9) minus the radii, also parallel', () => {
    const random = seededRandom(4);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new DistanceResult();
    const segA = new Float64Array(6), segB = new Float64Array(6), closest = new Float64Array(6);
    const segment = (P: Pose, h: number, seg: Float64Array) => {
      seg.set(toWorld(P, 0, h, 0), 0);
      seg.set(toWorld(P, 0, -h, 0), 3);
    };
    for (let trial = 0; trial < 400; trial++) {
      const rA = 0.05 + 0.3 * random(), rB = 0.05 + 0.3 * random(), hA = random(), hB = random();
      a.setCapsule(rA, hA); b.setCapsule(rB, hB);
      const PA = randomPose(random, 1);
      // every fourth pair parallel: B shares A's rotation (a flat simplex for GJK)
      const PB = trial % 4 === 0 ? pose(randomVector(random, 2), PA.W) : randomPose(random, 2);
      segment(PA, hA, segA); segment(PB, hB, segB);
      closestPointsOfSegments(segA, segB, closest);
      const between = length(sub(closest.subarray(3), closest.subarray(0, 3)));
      expect(Math.abs(shapeDistance(a, PA, b, PB, out) - Math.max(0, between - rA - rB))).toBeLessThan(1e-10);
    }
  });

  it('point–triangle: Ericson\'s closest point on a triangle, with and without a radius', () => {
    const random = seededRandom(5);
    const point = new ConvexProxy(), triangle = new ConvexProxy(), out = new DistanceResult();
    for (let trial = 0; trial < 500; trial++) {
      const A = randomVector(random, 1), B = randomVector(random, 1), C = randomVector(random, 1);
      const radius = trial % 2 === 0 ? 0 : 0.1 * random();
      triangle.setTriangle(A, B, C, radius);
      point.setSphere(0);
      const PT = randomPose(random, 1), PP = pose(randomVector(random, 2));
      const q = toLocal(PT, PP.c);
      const expected = Math.max(0, length(sub(q, closestOnTriangle(q, A, B, C))) - radius);
      expect(Math.abs(shapeDistance(triangle, PT, point, PP, out) - expected)).toBeLessThan(1e-12);
      // the point at distance 0 from itself: pointB is the point
      if (expected > 0) for (let k = 0; k < 3; k++) expect(Math.abs(out.pointB[k] - PP.c[k])).toBeLessThan(1e-12);
    }
  });

  it('parallel faces: a box resting face-on on a box, turned 90° and 45° about the normal, and shifted', () => {
    const a = new ConvexProxy().setBox(1, 1, 1), b = new ConvexProxy().setBox(1, 1, 1), out = new DistanceResult();
    for (const angle of [0, Math.PI / 2, Math.PI / 4, 0.3])
      for (const gap of [0.5, 1e-3, 1e-9])
        for (const shift of [0, 0.5, 1.7]) {
          const PB = pose([shift, 2 + gap, -shift / 2], rotationAbout([0, 1, 0], angle));
          expect(Math.abs(shapeDistance(a, pose([0, 0, 0]), b, PB, out) - gap)).toBeLessThan(1e-12);
          expect(Math.abs(out.normal[1] - 1)).toBeLessThan(1e-9);
          expect(out.iterations).toBeLessThanOrEqual(8);
        }
  });
});

describe('shapeDistance against brute force on random convex point clouds', () => {
  it('certified: the separating-axis bound along GJK\'s normal equals its distance, points inside the shapes', () => {
    const random = seededRandom(6);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new DistanceResult();
    let separated = 0, overlapping = 0;
    for (let trial = 0; trial < 200; trial++) {
      const nA = 1 + Math.floor(random() * 40), nB = 1 + Math.floor(random() * 40);
      a.set(randomCloud(random, nA, 0.2 + random()), nA, trial % 3 === 0 ? 0.2 * random() : 0);
      b.set(randomCloud(random, nB, 0.2 + random()), nB, trial % 5 === 0 ? 0.2 * random() : 0);
      const PA = randomPose(random, 0.5), PB = randomPose(random, 2.5);
      const d = shapeDistance(a, PA, b, PB, out);
      expect(d).toBeGreaterThanOrEqual(0);
      expectUnit(out.normal);
      // the sampled separating axes: each a lower bound, so none above the distance
      let bound = -Infinity;
      for (const n of DIRECTIONS) bound = Math.max(bound, separation(a, PA, b, PB, n));
      expect(bound).toBeLessThanOrEqual(d + 1e-9);
      if (out.overlap) {
        overlapping++;
        expect(d).toBe(0);
        expect(bound).toBeLessThanOrEqual(1e-9);
        continue;
      }
      expectInside(a, PA, out.pointA, 1e-9);
      expectInside(b, PB, out.pointB, 1e-9);
      if (d > 0) {
        separated++;
        // upper bound realised by points of the shapes, lower bound by the axis: both equal d
        expect(Math.abs(length(sub(out.pointB, out.pointA)) - d)).toBeLessThan(1e-12);
        expect(separation(a, PA, b, PB, out.normal)).toBeGreaterThanOrEqual(d - 1e-9);
        // and the fine sampling approaches it from below
        expect(bound).toBeGreaterThan(d - 0.05);
      }
    }
    expect(separated).toBeGreaterThan(80);
    expect(overlapping).toBeGreaterThan(10);
  });

  it('flat and repeated clouds: coplanar, collinear and coincident points, and flat shapes a hair apart', () => {
    const random = seededRandom(7);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new DistanceResult();
    for (let trial = 0; trial < 200; trial++) {
      const flatten = (points: number[], mode: number) => {
        for (let i = 0; i < points.length; i += 3) {
          if (mode >= 1) points[i + 1] = 0; // a plane
          if (mode >= 2) points[i + 2] = 0; // a line
          if (mode >= 3) points[i] = points[0]; // one point, repeated
        }
        return points;
      };
      const nA = 2 + Math.floor(random() * 12), nB = 2 + Math.floor(random() * 12);
      a.set(flatten(randomCloud(random, nA, 1), trial % 4), nA, 0);
      b.set(flatten(randomCloud(random, nB, 1), (trial >> 2) % 4), nB, 0);
      const PA = randomPose(random, 0.5);
      // half the pairs share a plane (the same rotation, offset in the flat plane), or are 1e-7 above it:
      // a gap that the normal must resolve to 1e-9 over a unit extent
      const lift = trial % 4 === 0 ? 0 : 1e-7 * random();
      const PB = trial % 2 === 0 ? pose(toWorld(PA, 3 * random() - 1.5, lift, 3 * random() - 1.5), PA.W) : randomPose(random, 2.5);
      const d = shapeDistance(a, PA, b, PB, out);
      expectFinite(out.pointA); expectFinite(out.pointB); expectFinite(out.normal);
      expectUnit(out.normal);
      let bound = -Infinity;
      for (const n of DIRECTIONS) bound = Math.max(bound, separation(a, PA, b, PB, n));
      expect(bound).toBeLessThanOrEqual(d + 1e-9);
      if (d > 0) {
        expect(separation(a, PA, b, PB, out.normal)).toBeGreaterThanOrEqual(d - 1e-9);
        expect(Math.abs(length(sub(out.pointB, out.pointA)) - d)).toBeLessThan(1e-12);
      }
    }
  });
});

describe('shapesOverlap', () => {
  it('agrees with shapeDistance and with a cast\'s hit at fraction 0', () => {
    const random = seededRandom(8);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new DistanceResult(), cast = new CastResult();
    let yes = 0, no = 0;
    for (let trial = 0; trial < 300; trial++) {
      const nA = 1 + Math.floor(random() * 20), nB = 1 + Math.floor(random() * 20);
      a.set(randomCloud(random, nA, 1), nA, 0.2 * random());
      b.set(randomCloud(random, nB, 1), nB, 0.2 * random());
      const PA = randomPose(random, 0.5), PB = randomPose(random, 2.5);
      const overlapping = shapesOverlap(a, PA, b, PB);
      const tolerance = 1e-6 * Math.max(...[a, b].map((s) => { let m = 0; for (let i = 0; i < s.count; i++) m = Math.max(m, Math.hypot(s.points[3 * i], s.points[3 * i + 1], s.points[3 * i + 2])); return m + s.radius; }));
      const d = shapeDistance(a, PA, b, PB, out);
      if (d > 1e-9 + tolerance) expect(overlapping).toBe(false);
      if (d === 0) expect(overlapping).toBe(true);
      shapeCast(a, PA, b, PB, randomVector(random, 1), cast);
      expect(cast.hit && cast.fraction === 0).toBe(overlapping);
      if (overlapping) yes++;
      else no++;
    }
    expect(yes).toBeGreaterThan(30);
    expect(no).toBeGreaterThan(30);
  });
});

describe('shapeCast against closed forms', () => {
  it('sphere swept at a sphere: the first root of |p + t v| = rA + rB', () => {
    const random = seededRandom(9);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new CastResult();
    let hits = 0, misses = 0;
    for (let trial = 0; trial < 400; trial++) {
      const rA = 0.1 + random(), rB = 0.1 + random(), R = rA + rB;
      a.setSphere(rA); b.setSphere(rB);
      const PA = randomPose(random, 1);
      let p = randomVector(random, 4);
      while (length(p) <= R + 0.01) p = randomVector(random, 4);
      const PB = pose([PA.c[0] + p[0], PA.c[1] + p[1], PA.c[2] + p[2]], randomPose(random, 1).W);
      // aimed near A: −p plus a sideways error
      const v = randomVector(random, 2);
      for (let k = 0; k < 3; k++) v[k] -= p[k] * (0.5 + random());
      // |p + t v|² = R²: vv t² + 2 pv t + pp − R² = 0, first root
      const vv = dot(v, v), pv = dot(p, v), disc = pv * pv - vv * (dot(p, p) - R * R);
      const t = disc >= 0 ? (-pv - Math.sqrt(disc)) / vv : Infinity;
      const expectedHit = t >= 0 && t <= 1;
      const hit = shapeCast(a, PA, b, PB, v, out);
      // a graze within the tolerance may go either way
      if (Math.abs(disc) < 1e-5 || Math.abs(t - 1) < 1e-6) continue;
      expect(hit).toBe(expectedHit);
      if (!hit) {
        misses++;
        expect(out.fraction).toBe(1);
        continue;
      }
      hits++;
      // conservative: at or before the root, within the tolerance along the approach speed
      const tolerance = 1e-6 * Math.max(rA, rB);
      const closing = -dot(v, out.normal);
      expect(out.fraction).toBeLessThanOrEqual(t + 1e-12);
      expect((t - out.fraction) * closing).toBeLessThanOrEqual(tolerance * 1.0001);
      expect(out.iterations).toBeLessThanOrEqual(20);
      // the contact normal is along the centre line at contact, the point on A's sphere
      const centre = [p[0] + out.fraction * v[0], p[1] + out.fraction * v[1], p[2] + out.fraction * v[2]];
      for (let k = 0; k < 3; k++) expect(Math.abs(out.normal[k] - centre[k] / length(centre))).toBeLessThan(1e-9);
      expect(Math.abs(length(sub(out.point, PA.c)) - rA)).toBeLessThan(1e-9);
    }
    expect(hits).toBeGreaterThan(100);
    expect(misses).toBeGreaterThan(50);
  });

  it('box dropped face-on onto a box: fraction = gap / |translation|, normal up', () => {
    const a = new ConvexProxy().setBox(1, 0.5, 1), b = new ConvexProxy().setBox(0.5, 0.5, 0.5), out = new CastResult();
    for (const angle of [0, Math.PI / 2, Math.PI / 4])
      for (const shift of [0, 0.5, 1.3]) {
        // B's underside starts at 3.5, A's top is at 0.5: a gap of 3, fallen over 5
        const PB = pose([shift, 4, shift / 3], rotationAbout([0, 1, 0], angle));
        expect(shapeCast(a, pose([0, 0, 0]), b, PB, [0, -5, 0], out)).toBe(true);
        const tolerance = 1e-6;
        expect(out.fraction).toBeLessThanOrEqual(3 / 5);
        expect((3 / 5 - out.fraction) * 5).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(out.normal[1] - 1)).toBeLessThan(1e-12);
        expect(Math.abs(out.point[1] - 0.5)).toBeLessThan(1e-12);
        expect(out.iterations).toBeLessThanOrEqual(3);
      }
  });

  it('capsule dropped across and along a box edge: contact at the edge height plus the radius', () => {
    // a unit box turned 45° about z: its top is the edge x = 0, y = √2, along z
    const box = new ConvexProxy().setBox(1, 1, 1), capsule = new ConvexProxy().setCapsule(0.25, 1), out = new CastResult();
    const PA = pose([0, 0, 0], rotationAbout([0, 0, 1], Math.PI / 4));
    for (const axis of [[0, 0, 1], [1, 0, 0]] as Vec[]) {
      // the capsule's axis turned to x (across the edge) or to z (along it: a flat simplex)
      const PB = pose([0.3 * axis[2], 3, 0.1], rotationAbout(axis, Math.PI / 2));
      expect(shapeCast(box, PA, capsule, PB, [0, -4, 0], out)).toBe(true);
      const expected = (3 - Math.SQRT2 - 0.25) / 4;
      expect(out.fraction).toBeLessThanOrEqual(expected);
      expect((expected - out.fraction) * 4).toBeLessThanOrEqual(1.25e-6);
      expect(Math.abs(out.normal[1] - 1)).toBeLessThan(1e-9);
      expect(Math.abs(out.point[0])).toBeLessThan(1e-9);
      expect(Math.abs(out.point[1] - Math.SQRT2)).toBeLessThan(1e-9);
    }
  });

  it('misses: a sphere passing beside its target, moving away, or not far enough', () => {
    const a = new ConvexProxy().setSphere(1), b = new ConvexProxy().setSphere(0.5), out = new CastResult();
    const PA = pose([0, 0, 0]);
    expect(shapeCast(a, PA, b, pose([5, 1.6, 0]), [-10, 0, 0], out)).toBe(false); // passes 0.1 above
    expect(out.fraction).toBe(1);
    expect([...out.normal]).toEqual([0, 0, 0]);
    expect(shapeCast(a, PA, b, pose([5, 0, 0]), [10, 0, 0], out)).toBe(false); // away
    expect(shapeCast(a, PA, b, pose([5, 0, 0]), [-3.4, 0, 0], out)).toBe(false); // stops 0.1 short
    expect(shapeCast(a, PA, b, pose([5, 0, 0]), [-3.6, 0, 0], out)).toBe(true);
    expect(shapeCast(a, PA, b, pose([5, 1.4, 0]), [-10, 0, 0], out)).toBe(true); // clips its top
  });

  it('a zero translation: no hit when apart, a hit at 0 when touching', () => {
    const a = new ConvexProxy().setBox(1, 1, 1), b = new ConvexProxy().setBox(1, 1, 1), out = new CastResult();
    expect(shapeCast(a, pose([0, 0, 0]), b, pose([0, 2.5, 0]), [0, 0, 0], out)).toBe(false);
    expect(out.iterations).toBe(1);
    expect(shapeCast(a, pose([0, 0, 0]), b, pose([0, 2, 0]), [0, 0, 0], out)).toBe(true);
    expect(out.fraction).toBe(0);
    expectUnit(out.normal);
  });

  it('starting in overlap: a hit at fraction 0, with a unit normal, also for coincident shapes', () => {
    const random = seededRandom(10);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new CastResult();
    for (let trial = 0; trial < 100; trial++) {
      a.setBox(0.5 + random(), 0.5 + random(), 0.5 + random());
      b.setCapsule(0.1 + random(), random());
      const PA = randomPose(random, 1);
      const PB = trial % 10 === 0 ? pose(PA.c, randomPose(random, 0).W) : pose(toWorld(PA, ...randomVector(random, 0.5)), randomPose(random, 0).W);
      const v = trial % 7 === 0 ? [0, 0, 0] : randomVector(random, 3);
      expect(shapeCast(a, PA, b, PB, v, out)).toBe(true);
      expect(out.fraction).toBe(0);
      expectUnit(out.normal);
      expectFinite(out.point);
      expect(out.iterations).toBe(1);
    }
  });
});

describe('shapeCast against bisection', () => {
  it('random shapes and casts: the first contact to 1e-6 of the translation, never past it', () => {
    const random = seededRandom(11);
    const a = new ConvexProxy(), b = new ConvexProxy(), out = new CastResult(), distance = new DistanceResult();
    const make = (proxy: ConvexProxy, kind: number) => {
      if (kind === 0) proxy.setSphere(0.2 + random());
      else if (kind === 1) proxy.setCapsule(0.1 + 0.4 * random(), random());
      else if (kind === 2) proxy.setBox(0.2 + random(), 0.2 + random(), 0.2 + random());
      else {
        const n = 4 + Math.floor(random() * 30);
        proxy.set(randomCloud(random, n, 0.3 + random()), n, kind === 3 ? 0 : 0.2 * random());
      }
    };
    let hits = 0, misses = 0, iterationsMost = 0, compared = 0;
    for (let trial = 0; trial < 300; trial++) {
      make(a, trial % 5);
      make(b, Math.floor(trial / 5) % 5);
      const PA = randomPose(random, 1);
      const p = randomVector(random, 1);
      const far = 3.5 / length(p);
      const PB = pose([PA.c[0] + far * p[0], PA.c[1] + far * p[1], PA.c[2] + far * p[2]], randomPose(random, 1).W);
      if (shapesOverlap(a, PA, b, PB)) continue;
      // aimed at A's centre with a sideways error, some falling short
      const v = randomVector(random, 1.5);
      const reach = 0.7 + random();
      for (let k = 0; k < 3; k++) v[k] += (PA.c[k] - PB.c[k]) * reach;
      const L = length(v);
      const hit = shapeCast(a, PA, b, PB, v, out);
      iterationsMost = Math.max(iterationsMost, out.iterations);
      // reference: the core distance f(t) is convex; its minimum over [0, 1] by ternary search, then
      // the first t with f(t) ≤ rA + rB by bisection on [0, t_min], where f decreases
      const coreA = coreOf(a), coreB = coreOf(b), R = a.radius + b.radius;
      const f = (t: number) => shapeDistance(coreA, PA, coreB, moved(PB, v, t), distance);
      let lo = 0, hi = 1;
      for (let i = 0; i < 100; i++) {
        const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (f(m1) < f(m2)) hi = m2;
        else lo = m1;
      }
      const tMin = 0.5 * (lo + hi), least = f(tMin) - R;
      const tolerance = 1e-6 * Math.max(...[a, b].map((s) => { let m = 0; for (let i = 0; i < s.count; i++) m = Math.max(m, Math.hypot(s.points[3 * i], s.points[3 * i + 1], s.points[3 * i + 2])); return m + s.radius; }));
      if (!hit) {
        misses++;
        expect(least).toBeGreaterThan(-1e-9);
        continue;
      }
      hits++;
      expect(least).toBeLessThanOrEqual(tolerance + 1e-9);
      // at the reported fraction: apart, but within the tolerance
      const gap = shapeDistance(a, PA, b, moved(PB, v, out.fraction), distance);
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThanOrEqual(tolerance * 1.0001);
      expect(distance.overlap).toBe(false);
      // contact: f ≤ R + 1e-10 (ternary search ends on the edge of the overlap plateau, where f ≈ 0⁺)
      const touching = R + 1e-10;
      if (f(tMin) > touching) continue; // a graze within the tolerance: no crossing to bisect
      lo = 0; hi = tMin;
      for (let i = 0; i < 60; i++) {
        const m = 0.5 * (lo + hi);
        if (f(m) <= touching) hi = m;
        else lo = m;
      }
      const tContact = hi;
      expect(out.fraction).toBeLessThanOrEqual(tContact + 1e-9);
      // a gap ≤ tolerance closes at the approach speed −n·v: the fraction is within tolerance / speed
      const closing = -dot(v, out.normal);
      expect((tContact - out.fraction) * closing).toBeLessThanOrEqual(tolerance * 1.001 + 1e-12 * L);
      if (closing > 0.2 * L) {
        compared++;
        expect((tContact - out.fraction) * L).toBeLessThanOrEqual(1e-6 * L);
      }
    }
    expect(hits).toBeGreaterThan(100);
    expect(misses).toBeGreaterThan(20);
    expect(compared).toBeGreaterThan(80);
    expect(iterationsMost).toBeLessThanOrEqual(30);
  });
});

describe('robustness', () => {
  it('never NaN: coincident shapes, repeated points, a zero translation', () => {
    const a = new ConvexProxy(), b = new ConvexProxy(), d = new DistanceResult(), c = new CastResult();
    const check = () => {
      for (const v of [[0, 0, 0], [0, -1, 0], [1e-300, 0, 0]]) {
        shapeCast(a, pose([0, 0, 0]), b, pose([0, 0, 0]), v, c);
        expect(c.hit).toBe(true);
        expectFinite(c.point); expectUnit(c.normal);
        expect(c.fraction).toBe(0);
      }
      expect(shapeDistance(a, pose([0, 0, 0]), b, pose([0, 0, 0]), d)).toBe(0);
      expect(d.overlap).toBe(true);
      expectFinite(d.pointA); expectFinite(d.pointB); expectUnit(d.normal);
      expect(shapesOverlap(a, pose([0, 0, 0]), b, pose([0, 0, 0]))).toBe(true);
    };
    a.setBox(1, 1, 1); b.setBox(1, 1, 1); check();
    a.setSphere(0); b.setSphere(0); check(); // two bare points, no size at all
    a.set([1, 2, 3, 1, 2, 3, 1, 2, 3], 3, 0); b.set([1, 2, 3, 1, 2, 3], 2, 0.5); check();
    a.setBox(0, 0, 0); b.setCapsule(0, 0); check();
    // two bare points apart, cast at and past each other
    a.setSphere(0); b.setSphere(0);
    expect(shapeDistance(a, pose([0, 0, 0]), b, pose([1, 0, 0]), d)).toBe(1);
    expect(shapeCast(a, pose([0, 0, 0]), b, pose([1, 0, 0]), [0, 0, 0], c)).toBe(false);
    expect(shapeCast(a, pose([0, 0, 0]), b, pose([1, 0, 0]), [-2, 0, 0], c)).toBe(true);
    expect(c.fraction).toBeLessThanOrEqual(0.5);
    expect(0.5 - c.fraction).toBeLessThan(1e-6);
  });

  it('scales from 1e-3 to 1e3 m, far from the origin: the same answers, scaled', () => {
    const boxA = new ConvexProxy(), boxB = new ConvexProxy(), sphere = new ConvexProxy(), d = new DistanceResult(), c = new CastResult();
    const W = rotationAbout([1, 2, 3], 0.7);
    for (const s of [1e-3, 1, 1e3])
      for (const far of [0, 1e3]) {
        boxA.setBox(s, s, s); boxB.setBox(0.5 * s, 0.5 * s, 0.5 * s); sphere.setSphere(0.5 * s);
        const PA = pose([far, -far, far]);
        // box B above A's top face: a gap of 0.25 s
        const PB = pose([far, -far + 1.75 * s, far], rotationAbout([0, 1, 0], 0.4));
        expect(Math.abs(shapeDistance(boxA, PA, boxB, PB, d) - 0.25 * s)).toBeLessThan(1e-9 * s + 1e-12 * far);
        expect(shapeCast(boxA, PA, boxB, PB, [0, -s, 0], c)).toBe(true);
        expect(Math.abs(c.fraction - 0.25)).toBeLessThan(2e-6);
        // a turned box against a sphere, certified by the separating axis
        const PC = pose([far + 2 * s, -far + 0.3 * s, far - 0.2 * s], W);
        const gap = shapeDistance(boxA, pose(PA.c, W), sphere, PC, d);
        expect(gap).toBeGreaterThan(0);
        expect(separation(boxA, pose(PA.c, W), sphere, PC, d.normal)).toBeGreaterThanOrEqual(gap - 1e-9 * s - 1e-12 * far);
        expectFinite(d.pointA); expectFinite(d.pointB);
        expect(shapeCast(boxA, pose(PA.c, W), sphere, PC, [-4 * s, 0, 0], c)).toBe(true);
        expect(shapeDistance(boxA, pose(PA.c, W), sphere, moved(PC, [-4 * s, 0, 0], c.fraction), d)).toBeLessThanOrEqual(1e-6 * s * 1.0001);
        expect(d.distance).toBeGreaterThan(0);
      }
  });

  it('a 256-point hull against a box: a distance within iterations bounds and certified', () => {
    const random = seededRandom(12);
    const points: number[] = [];
    for (let i = 0; i < 256; i++) {
      const [x, y, z] = randomVector(random, 1), r = Math.hypot(x, y, z) || 1;
      points.push(x / r, y / r, z / r); // on the unit sphere: every point a vertex
    }
    const hull = new ConvexProxy(4).set(points, 256, 0), box = new ConvexProxy().setBox(0.5, 0.5, 0.5), d = new DistanceResult();
    for (let trial = 0; trial < 50; trial++) {
      const PA = randomPose(random, 0), PB = randomPose(random, 3);
      const gap = shapeDistance(hull, PA, box, PB, d);
      expect(d.iterations).toBeLessThanOrEqual(64);
      if (gap > 0) expect(separation(hull, PA, box, PB, d.normal)).toBeGreaterThanOrEqual(gap - 1e-9);
    }
  });

  it('allocates nothing per call after warm-up (heap growth over 10 000 calls of each under 16 KB)', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    expect(typeof gc).toBe('function');
    const heap = () => getHeapSpaceStatistics()
      .filter((space) => space.space_name === 'new_space' || space.space_name === 'old_space')
      .reduce((sum, space) => sum + space.space_used_size, 0);
    const a = new ConvexProxy().setBox(1, 1, 1), b = new ConvexProxy().setBox(0.5, 0.5, 0.5);
    const PA = pose([0, 0, 0], rotationAbout([1, 1, 0], 0.3)), PB = pose([0.2, 3, 0.1], rotationAbout([0, 1, 1], 0.5));
    const v = new Float64Array([0.1, -4, 0]), d = new DistanceResult(), c = new CastResult();
    const call = () => {
      shapeDistance(a, PA, b, PB, d);
      shapeCast(a, PA, b, PB, v, c);
      shapesOverlap(a, PA, b, PB);
    };
    for (let i = 0; i < 500; i++) call();
    let least = Infinity;
    for (let window = 0; window < 3; window++) {
      gc!(); gc!();
      const before = heap();
      for (let i = 0; i < 10_000; i++) call();
      gc!(); gc!();
      least = Math.min(least, heap() - before);
    }
    expect(least).toBeLessThan(16 * 1024);
  });

  it('bad input is named in the error', () => {
    const p = new ConvexProxy();
    expect(() => p.set([0, 0, 0], 0, 0)).toThrow(/count/);
    expect(() => p.set([0, 0], 1, 0)).toThrow(/points/);
    expect(() => p.set([0, 0, 0], 1, -1)).toThrow(/radius/);
    expect(() => p.set([0, NaN, 0], 1, 0)).toThrow(/points\[1\]/);
    expect(() => p.setCapsule(1, -1)).toThrow(/halfHeight/);
    expect(() => p.setBox(1, -1, 1)).toThrow(/half extents/);
    expect(() => new ConvexProxy(0)).toThrow(/capacity/);
    // a proxy grows past its capacity
    expect(new ConvexProxy(1).set(randomCloud(seededRandom(1), 20, 1), 20, 0).count).toBe(20);
  });
});
