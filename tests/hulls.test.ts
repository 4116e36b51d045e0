// Convex hulls (lib/collision/hull.ts): quickhull on random and degenerate clouds, mass properties
// against closed forms, ray casts, and bad input named in errors.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, convexHull, type Body, type ConvexHull } from '../lib/index.js';
import { Manifold } from '../lib/collision/manifold.js';
import { collide, ShapePose } from '../lib/collision/narrowphase.js';
import { rotationMatrix } from '../lib/math/quat.js';
import { randomQuaternion, randomVector, seededRandom } from './helpers.js';

const diagonal = (d: number[]) => [d[0], 0, 0, 0, d[1], 0, 0, 0, d[2]];

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(Math.abs(actual[i] - expected[i])).toBeLessThanOrEqual(tolerance);
}

const hullOf = (points: number[][]): ConvexHull => convexHull(points);

/** The 8 corners of a box of half extents h. */
const corners = (h: number[]): number[][] => [0, 1, 2, 3, 4, 5, 6, 7].map((v) => [v & 1 ? h[0] : -h[0], v & 2 ? h[1] : -h[1], v & 4 ? h[2] : -h[2]]);

/** A regular tetrahedron of edge a, centred on its centroid, one face down (normal −y). */
function tetrahedron(a: number): number[][] {
  const R = a / Math.sqrt(3); // circumradius of the base triangle
  const height = a * Math.sqrt(2 / 3);
  const base = [0, 1, 2].map((k) => [R * Math.cos((2 * Math.PI * k) / 3), -height / 4, R * Math.sin((2 * Math.PI * k) / 3)]);
  return [...base, [0, (3 * height) / 4, 0]];
}

/** V − E + F, convexity (every vertex behind every plane), planar faces, every point inside. */
function checkHull(hull: ConvexHull, points: number[][], tolerance: number): void {
  expect(hull.vertexCount - hull.edgeCount + hull.faceCount).toBe(2);
  const P = hull.planes, v = hull.vertices;
  // the worst of: a vertex in front of a plane, a face's vertex behind its plane, a point outside
  let outside = -Infinity, offFace = -Infinity, pointOutside = -Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const nx = P[4 * f], ny = P[4 * f + 1], nz = P[4 * f + 2], d = P[4 * f + 3];
    expect(Math.hypot(nx, ny, nz)).toBeCloseTo(1, 12);
    for (let i = 0; i < hull.vertexCount; i++) outside = Math.max(outside, nx * v[3 * i] + ny * v[3 * i + 1] + nz * v[3 * i + 2] - d);
    for (const i of hull.face(f)) offFace = Math.max(offFace, d - (nx * v[3 * i] + ny * v[3 * i + 1] + nz * v[3 * i + 2]));
    for (const p of points) pointOutside = Math.max(pointOutside, nx * p[0] + ny * p[1] + nz * p[2] - d);
  }
  expect(outside).toBeLessThanOrEqual(1e-12);
  expect(offFace).toBeLessThan(tolerance);
  expect(pointOutside).toBeLessThan(tolerance);
  // every edge between two different faces, each run both ways
  for (let e = 0; e < hull.edgeCount; e++) {
    expect(hull.edgeFaces[2 * e]).toBeGreaterThanOrEqual(0);
    expect(hull.edgeFaces[2 * e + 1]).toBeGreaterThanOrEqual(0);
    expect(hull.edgeFaces[2 * e]).not.toBe(hull.edgeFaces[2 * e + 1]);
  }
}

describe('quickhull', () => {
  it('random clouds (in a cube, on a sphere, in a thin slab, with duplicates): every point inside, convex, V − E + F = 2', () => {
    const random = seededRandom(21);
    for (let trial = 0; trial < 60; trial++) {
      const kind = trial % 4;
      const count = 4 + Math.floor(random() * (kind === 1 ? 150 : 600));
      const points: number[][] = [];
      for (let i = 0; i < count; i++) {
        const p = randomVector(random, 1);
        if (kind === 1) {
          const length = Math.hypot(...p);
          points.push(p.map((x) => x / length));
        } else if (kind === 2) points.push([p[0], 0.02 * p[1], p[2]]);
        else points.push(p);
        if (kind === 3 && i > 0 && random() < 0.3) points.push(points[Math.floor(random() * points.length)].map((x) => x + 1e-9 * (random() - 0.5)));
      }
      const hull = hullOf(points);
      checkHull(hull, points, 2e-5 * 2);
      expect(hull.volume).toBeGreaterThan(0);
    }
  });

  it('a box given as 8 corners, a 5 x 5 x 5 grid, or turned by a random rotation has 8 vertices, 12 edges and 6 square faces', () => {
    const grid: number[][] = [];
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) for (let k = 0; k < 5; k++) grid.push([i / 2 - 1, j / 2 - 1, k / 2 - 1]);
    const random = seededRandom(4);
    const R = rotationMatrix(new Float64Array(9), randomQuaternion(random));
    const turned = corners([0.3, 0.7, 1.1]).map((p) => [0, 1, 2].map((i) => R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2]));
    for (const points of [corners([1, 2, 3]), grid, turned]) {
      const hull = hullOf(points);
      expect([hull.vertexCount, hull.edgeCount, hull.faceCount]).toEqual([8, 12, 6]);
      for (let f = 0; f < 6; f++) expect(hull.face(f)).toHaveLength(4);
      checkHull(hull, points, 1e-9);
    }
    // the grid's corners keep their input order
    expect(hullOf(grid).points()[0]).toEqual([-1, -1, -1]);
  });

  it('an octahedron has 8 triangles; a hexagonal prism 2 hexagons and 6 rectangles', () => {
    const octahedron = hullOf([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]);
    expect([octahedron.vertexCount, octahedron.edgeCount, octahedron.faceCount]).toEqual([6, 12, 8]);
    const prism: number[][] = [];
    for (let k = 0; k < 6; k++) for (const y of [-0.5, 0.5]) prism.push([Math.cos((k * Math.PI) / 3), y, Math.sin((k * Math.PI) / 3)]);
    const hull = hullOf(prism);
    expect([hull.vertexCount, hull.edgeCount, hull.faceCount]).toEqual([12, 18, 8]);
    expect(Array.from({ length: 8 }, (_, f) => hull.face(f).length).sort()).toEqual([4, 4, 4, 4, 4, 4, 6, 6]);
  });

  it('points welded within 1e-5 of the size are one; the same input gives the same hull', () => {
    const points = corners([1, 1, 1]).flatMap((p) => [p, p.map((x) => x + 3e-6)]);
    const hull = hullOf(points);
    expect(hull.vertexCount).toBe(8);
    expect(hullOf(points).vertices).toEqual(hull.vertices);
    expect(hullOf(hull.points()).vertices).toEqual(hull.vertices);
  });
});

describe('hull mass properties', () => {
  it('a box given as a hull has the box’s mass and inertia (to 1e-12), turned and off-centre too', () => {
    const world = new World();
    const h = [0.5, 0.3, 0.2];
    const q = randomQuaternion(seededRandom(8));
    const asBox = world.createBody({ shapes: [{ type: 'box', halfExtents: h, position: [1, 2, 3], orientation: q, density: 700 }] });
    const asHull = world.createBody({ shapes: [{ type: 'hull', points: corners(h), position: [1, 2, 3], orientation: q, density: 700 }] });
    expect(asHull.mass).toBeCloseTo(700 * 8 * 0.5 * 0.3 * 0.2, 10);
    expectClose(asHull.inertiaLocal, asBox.inertiaLocal, 1e-12);
    expectClose(asHull.position, asBox.position, 1e-14);
    const single = world.createBody({ shapes: [{ type: 'hull', points: corners(h), density: 700 }] });
    expectClose(single.inertiaLocal, diagonal(boxInertia(single.mass, h)), 1e-12);
  });

  it('the corner tetrahedron (0, a e_x, a e_y, a e_z): V = a³/6, centroid a/4, I_xx = ρa⁵/80, I_xy = ρa⁵/480', () => {
    // ∫x² dV = a⁵/60 and ∫xy dV = a⁵/120 over it; about the centroid ∫x'² = a⁵/160, ∫x'y' = −a⁵/480
    const a = 0.8, rho = 500;
    const world = new World();
    const body = world.createBody({ position: [1, 0, 0], shapes: [{ type: 'hull', points: [[0, 0, 0], [a, 0, 0], [0, a, 0], [0, 0, a]], density: rho }] });
    expect(body.mass).toBeCloseTo((rho * a ** 3) / 6, 12);
    expectClose(body.position, [1 + a / 4, a / 4, a / 4], 1e-15);
    expectClose(body.shapes[0].position, [-a / 4, -a / 4, -a / 4], 1e-15);
    const axial = (rho * a ** 5) / 80, product = (rho * a ** 5) / 480;
    expectClose(body.inertiaLocal, [axial, product, product, product, axial, product, product, product, axial], 1e-14);
  });

  it('a regular tetrahedron of edge a: I = m a²/20 about every axis', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'hull', points: tetrahedron(0.6) }] });
    expect(body.mass).toBeCloseTo((1000 * 0.6 ** 3) / (6 * Math.SQRT2), 10);
    expectClose(body.inertiaLocal, diagonal([1, 1, 1].map(() => (body.mass * 0.36) / 20)), 1e-12);
  });
});

function groundWorld(friction = 0.6): World {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'plane', friction }] });
  return world;
}

function speed(body: Body): number {
  return Math.hypot(...body.linearVelocity);
}

describe('ray casts against hulls', () => {
  it('hit a turned hull box and a tetrahedron at the analytic distance, with the face normal', () => {
    const world = new World();
    const box = world.createBody({ position: [0, 10, 0], orientation: [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)], shapes: [{ type: 'hull', points: corners([1, 1, 1]) }] });
    let hit = world.castRay([-5, 10, 0], [1, 0, 0]); // turned 45°: the ray meets the edge at x = −√2
    expect(hit?.body).toBe(box);
    expect(hit?.distance).toBeCloseTo(5 - Math.SQRT2, 12);
    hit = world.castRay([-5, 10.5, 0], [1, 0, 0]); // the face n·(p − c) = 1, n = (−1, 1, 0)/√2: x = 0.5 − √2
    expect(hit?.distance).toBeCloseTo(5 - (Math.SQRT2 - 0.5), 12);
    expectClose(hit?.normal ?? [], [-Math.SQRT1_2, Math.SQRT1_2, 0], 1e-12);
    const a = 0.6, height = a * Math.sqrt(2 / 3);
    world.createBody({ type: 'static', position: [5, 0, 0], shapes: [{ type: 'hull', points: tetrahedron(a) }] });
    hit = world.castRay([5, 3, 0], [0, -1, 0]); // down onto the apex
    expect(hit?.distance).toBeCloseTo(3 - (3 * height) / 4, 12);
    hit = world.castRay([5, -3, 0.01], [0, 1, 0]); // up onto the base
    expect(hit?.distance).toBeCloseTo(3 - height / 4, 12);
    expectClose(hit?.normal ?? [], [0, -1, 0], 1e-12);
    expect(world.castRay([5.5, 3, 0], [0, -1, 0])).toBeNull(); // outside the base's circumcircle
    expect(world.castRay([5, 0, 0], [0, -1, 0])?.distance).toBe(0); // from inside
  });

  it('random rays against random hulls agree with marching along the ray (to the 1 mm step)', () => {
    const random = seededRandom(19);
    let hits = 0;
    for (let trial = 0; trial < 100; trial++) {
      const world = new World();
      const points = Array.from({ length: 6 + Math.floor(random() * 20) }, () => randomVector(random, 1));
      const body = world.createBody({ position: randomVector(random, 1), orientation: randomQuaternion(random), shapes: [{ type: 'hull', points, position: randomVector(random, 0.3), orientation: randomQuaternion(random) }] });
      const hull = body.shapes[0].hull as ConvexHull;
      const inside = (p: number[]): boolean => {
        // into the shape frame: Sᵀ (Rᵀ (p − x) − s)
        const R = body.rotation, x = body.position, S = body.shapes[0].rotation, s = body.shapes[0].position;
        const d = [p[0] - x[0], p[1] - x[1], p[2] - x[2]];
        const b = [0, 1, 2].map((k) => R[3 * k] * d[0] + R[3 * k + 1] * d[1] + R[3 * k + 2] * d[2] - s[k]);
        const l = [0, 1, 2].map((k) => S[3 * k] * b[0] + S[3 * k + 1] * b[1] + S[3 * k + 2] * b[2]);
        for (let f = 0; f < hull.faceCount; f++) {
          if (hull.planes[4 * f] * l[0] + hull.planes[4 * f + 1] * l[1] + hull.planes[4 * f + 2] * l[2] > hull.planes[4 * f + 3]) return false;
        }
        return true;
      };
      const origin = randomVector(random, 4);
      if (inside(origin)) continue;
      const target = randomVector(random, 1.2).map((v, k) => v + body.position[k]);
      const d = target.map((v, k) => v - origin[k]);
      const direction = d.map((v) => v / Math.hypot(d[0], d[1], d[2]));
      const hit = world.castRay(origin, direction, 10);
      let marched = -1;
      for (let step = 0; step <= 10_000; step++) {
        if (inside(origin.map((o, k) => o + step * 0.001 * direction[k]))) {
          marched = step * 0.001;
          break;
        }
      }
      if (marched < 0) continue;
      hits++;
      expect(Math.abs((hit?.distance ?? -1) - marched)).toBeLessThan(0.0011);
      const n = hit?.normal ?? [0, 0, 0];
      expect(n[0] * direction[0] + n[1] * direction[1] + n[2] * direction[2]).toBeLessThan(0);
    }
    expect(hits).toBeGreaterThan(30);
  });
});

describe('hull errors', () => {
  it('bad hulls are named: too few points, flat, not finite, too many, malformed', () => {
    const world = new World();
    const hull = (points: unknown) => () => world.createBody({ shapes: [{ type: 'hull', points: points as number[] }] });
    expect(hull([[0, 0, 0], [1, 0, 0], [0, 1, 0]])).toThrow(/createBody: shapes\[0\]: hull points must include 4 points not on one plane, got 3 distinct points/);
    expect(hull([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0.5, 0.5, 1e-7]])).toThrow(/all 5 lie on one plane \(within 0.00001 m\)/);
    expect(hull([[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3]])).toThrow(/all 4 lie on one line/);
    expect(hull([[0, 0, 0], [1, 0, 0], [0, NaN, 0], [0, 0, 1]])).toThrow(/hull points\[2\] must hold 3 finite numbers, got \[0, NaN, 0\]/);
    expect(hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Infinity])).toThrow(/hull points\[11\] \(point 3's z\) must be a finite number, got Infinity/);
    expect(hull([0, 0, 0, 1, 0, 0, 0, 1])).toThrow(/need 3 numbers per point, got 8 numbers/);
    expect(hull([[0, 0, 0], [1, 0]])).toThrow(/hull points\[1\] must be \[x, y, z\], got \[1, 0\]/);
    expect(hull('points')).toThrow(/hull points must be an array of \[x, y, z\] points or a flat array/);
    expect(hull(new Float64Array(3 * 5000))).toThrow(/hull points must be at most 4096, got 5000/);
    const random = seededRandom(1);
    const sphere = Array.from({ length: 300 }, () => {
      const p = randomVector(random, 1);
      const length = Math.hypot(...p);
      return p.map((x) => x / length);
    });
    expect(hull(sphere)).toThrow(/a hull may have at most 256 vertices, these points make 300/);
    expect(world.bodies).toHaveLength(0);
  });
});
