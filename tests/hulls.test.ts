// Convex hulls (lib/geometry/hull.ts, hull-contacts.ts): quickhull on random and degenerate clouds,
// mass properties against closed forms, contacts with every shape (resting, stacking, sliding, the
// separating axis test against brute force), ray casts, snapshots, and bad input named in errors.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, convexHull, type Body, type ConvexHull, type ShapeOptions } from '../lib/index.js';
import { definitionOf } from '../lib/geometry/shape.js';
import { ConvexProxy, DistanceResult, shapeDistance } from '../lib/geometry/gjk.js';
import { buildScene, hullPile } from '../lib/scenes/index.js';
import { Manifold } from '../lib/collision/manifold.js';
import { collide } from '../lib/collision/narrowphase.js';
import { ShapePose } from '../lib/collision/shape-pose.js';
import { boxBox, hullHull } from '../lib/collision/hull-contacts.js';
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

describe('hulls resting and sliding', () => {
  it('a box given as 8 points rests flat on the plane on 4 points carrying m g within 0.1 %', () => {
    const world = groundWorld();
    const body = world.createBody({ position: [0, 0.3, 0], shapes: [{ type: 'hull', points: corners([0.5, 0.25, 0.3]) }] });
    for (let step = 0; step < 180; step++) world.step(1 / 60);
    const [contact] = world.contacts;
    expect(contact.count).toBe(4);
    expect(Math.abs(contact.normalForce / (body.mass * 9.81) - 1)).toBeLessThan(1e-3);
    expect(body.position[1]).toBeCloseTo(0.25, 2);
    expect(Math.hypot(...body.angularVelocity)).toBeLessThan(1e-3);
  });

  it('a hull box on a static box rests as a box on a box: the same height, 4 points, m g', () => {
    const heights: number[] = [];
    for (const type of ['box', 'hull'] as const) {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [1, 0.5, 1] }] });
      const shape = type === 'box' ? { type, halfExtents: [0.4, 0.3, 0.5] } : { type, points: corners([0.4, 0.3, 0.5]) };
      const body = world.createBody({ position: [0.05, 0.81, -0.03], orientation: [0, Math.sin(0.3), 0, Math.cos(0.3)], shapes: [shape] });
      for (let step = 0; step < 120; step++) world.step(1 / 60);
      const [contact] = world.contacts;
      expect(contact.count).toBe(4);
      expect(Math.abs(contact.normalForce / (body.mass * 9.81) - 1)).toBeLessThan(1e-3);
      expect(speed(body)).toBeLessThan(1e-3);
      heights.push(body.position[1]);
    }
    expect(Math.abs(heights[0] - heights[1])).toBeLessThan(1e-5);
  });

  it('a tetrahedron on a face is still after 2 s: under 5 mm deep and 1 mm/s, on 3 points', () => {
    const world = groundWorld();
    const a = 0.5, bottom = a * Math.sqrt(2 / 3) / 4; // the centroid is a quarter of the height up
    const body = world.createBody({ position: [0, bottom + 0.05, 0], orientation: [0, Math.sin(0.2), 0, Math.cos(0.2)], shapes: [{ type: 'hull', points: tetrahedron(a) }] });
    let deepest = 0;
    for (let step = 0; step < 120; step++) {
      world.step(1 / 60);
      deepest = Math.max(deepest, bottom - body.position[1]);
    }
    expect(deepest).toBeLessThan(0.005);
    expect(speed(body)).toBeLessThan(0.001);
    expect(Math.hypot(...body.angularVelocity)).toBeLessThan(0.01);
    expect(world.contacts[0].count).toBe(3);
  });

  it('a stack of 5 hulls (hexagonal prisms and boxes given as points) stands for 5 s', () => {
    const world = groundWorld();
    const prism: number[][] = [];
    for (let k = 0; k < 6; k++) for (const y of [-0.15, 0.15]) prism.push([0.4 * Math.cos((k * Math.PI) / 3), y, 0.4 * Math.sin((k * Math.PI) / 3)]);
    const stack: Body[] = [];
    for (let i = 0; i < 5; i++) {
      const points = i % 2 === 0 ? prism : corners([0.3, 0.15, 0.3]);
      stack.push(world.createBody({ position: [0, 0.15 + 0.3 * i, 0], orientation: [0, Math.sin(0.2 * i), 0, Math.cos(0.2 * i)], shapes: [{ type: 'hull', points }] }));
    }
    for (let step = 0; step < 300; step++) world.step(1 / 60);
    const top = stack[4].position;
    expect(Math.hypot(top[0], top[2])).toBeLessThan(0.02);
    expect(top[1]).toBeGreaterThan(0.15 + 1.2 - 0.02);
    for (const body of stack) expect(speed(body)).toBeLessThan(0.01);
    for (let i = 1; i < 5; i++) expect(stack[i].position[1] - stack[i - 1].position[1]).toBeGreaterThan(0.295);
  });

  it.each([
    ['box', 30, 0.2],
    ['hexagonal prism', 35, 0.5],
  ] as const)('a %s hull on a %i° slope with μ = %s slides at g (sin θ − μ cos θ) within 2 percent', (kind, degrees, mu) => {
    const theta = (degrees * Math.PI) / 180;
    const world = new World();
    const normal = [Math.sin(theta), Math.cos(theta), 0];
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal, offset: 0, friction: mu }] });
    const half = 0.25;
    const points: number[][] = [];
    if (kind === 'box') points.push(...corners([half, half, half]));
    else for (let k = 0; k < 6; k++) for (const y of [-half, half]) points.push([0.4 * Math.cos((k * Math.PI) / 3), y, 0.4 * Math.sin((k * Math.PI) / 3)]);
    const q = [0, 0, -Math.sin(theta / 2), Math.cos(theta / 2)];
    const body = world.createBody({ position: normal.map((n) => n * half), orientation: q, shapes: [{ type: 'hull', points, friction: mu }] });
    const along = [Math.cos(theta), -Math.sin(theta), 0];
    const distance = () => body.position[0] * along[0] + body.position[1] * along[1];
    for (let step = 0; step < 30; step++) world.step(1 / 60);
    const d0 = distance(), v0 = body.linearVelocity[0] * along[0] + body.linearVelocity[1] * along[1];
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    const a = 2 * (distance() - d0 - v0);
    const expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.02);
  });

  it('irregular rocks dropped in 8 poses come to rest on the ground (the 4 points kept are the ones bearing load)', () => {
    const random = seededRandom(12);
    const points = Array.from({ length: 14 }, () => {
      const p = randomVector(random, 1);
      const length = Math.hypot(...p) / (1 - random() / 3);
      return [0.2 * p[0] / length, 0.12 * p[1] / length, 0.16 * p[2] / length];
    });
    for (let pose = 0; pose < 8; pose++) {
      const world = groundWorld();
      const rock = world.createBody({ position: [0, 0.4, 0], orientation: randomQuaternion(random), shapes: [{ type: 'hull', points }] });
      let fastest = 0, spin = 0;
      for (let step = 0; step < 300; step++) {
        world.step(1 / 60);
        if (step < 240) continue;
        fastest = Math.max(fastest, speed(rock));
        spin = Math.max(spin, Math.hypot(...rock.angularVelocity));
      }
      expect(fastest).toBeLessThan(1e-3);
      expect(spin).toBeLessThan(1e-2);
    }
  });

  it('hull contact ids last while a hull rests on a hull (warm starting keeps the impulses)', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'hull', points: corners([2, 0.5, 2]) }] });
    const body = world.createBody({ position: [0.1, 0.75, 0], orientation: [0, Math.sin(0.4), 0, Math.cos(0.4)], shapes: [{ type: 'hull', points: tetrahedron(0.8) }] });
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    const ids = Array.from(world.contacts[0].ids);
    for (let step = 0; step < 60; step++) {
      world.step(1 / 60);
      expect(Array.from(world.contacts[0].ids)).toEqual(ids);
    }
    expect(world.contacts[0].count).toBe(3);
    expect(speed(body)).toBeLessThan(1e-3);
  });
});

describe('capsules and spheres against boxes and hulls', () => {
  it('a long capsule dropped crosswise onto a narrow box rests on it, both ends hanging off (the old box–capsule missed this)', () => {
    const world = groundWorld();
    world.createBody({ type: 'static', position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.1, 0.5, 1] }] });
    // lying along x, across the box's 0.2 m top
    const capsule = world.createBody({ position: [0, 1.3, 0.2], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], shapes: [{ type: 'capsule', radius: 0.1, halfHeight: 1 }] });
    for (let step = 0; step < 180; step++) world.step(1 / 60);
    expect(capsule.position[1]).toBeCloseTo(1.1, 2);
    expect(speed(capsule)).toBeLessThan(1e-3);
    const [contact] = world.contacts.filter((c) => c.bodyB === capsule || c.bodyA === capsule);
    expect(contact.count).toBe(2);
    expect(Math.abs(contact.normalForce / (capsule.mass * 9.81) - 1)).toBeLessThan(1e-3);
  });

  it('a capsule across a hull ridge (a wedge’s edge) touches it at one point, at the exact distance', () => {
    const world = new World({ gravity: [0, 0, 0] });
    // a wedge whose top edge runs along z at y = 0.5
    world.createBody({ type: 'static', shapes: [{ type: 'hull', points: [[-0.5, 0, -1], [0.5, 0, -1], [0, 0.5, -1], [-0.5, 0, 1], [0.5, 0, 1], [0, 0.5, 1]] }] });
    const gap = 0.004;
    world.createBody({ position: [0.1, 0.5 + 0.1 + gap, 0.3], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], shapes: [{ type: 'capsule', radius: 0.1, halfHeight: 0.5 }] });
    world.step(1e-9);
    const [contact] = world.contacts;
    expect(contact.count).toBe(1);
    expect(contact.manifold.separations[0]).toBeCloseTo(gap, 9);
    expectClose(contact.manifold.normal, [0, 1, 0], 1e-9);
  });

  it('a capsule lying on a hull face rests on 2 points; a sphere on a tetrahedron’s apex sits at its radius from it (no hovering)', () => {
    const world = groundWorld();
    world.createBody({ type: 'static', position: [0, 0.2, 0], shapes: [{ type: 'hull', points: corners([1, 0.2, 1]) }] });
    const lying = world.createBody({ position: [0.3, 0.52, 0.2], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], shapes: [{ type: 'capsule', radius: 0.1, halfHeight: 0.3 }] });
    const a = 0.6, height = a * Math.sqrt(2 / 3);
    world.createBody({ type: 'static', position: [5, height / 4, 0], shapes: [{ type: 'hull', points: tetrahedron(a) }] });
    // exactly over the apex: the closest point is the vertex, the normal straight up
    const ball = world.createBody({ position: [5, height + 0.3, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    for (let step = 0; step < 90; step++) world.step(1 / 60);
    const [contact] = world.contacts.filter((c) => c.bodyB === lying);
    expect(contact.count).toBe(2);
    expect(lying.position[1]).toBeCloseTo(0.5, 2);
    expect(speed(lying)).toBeLessThan(1e-3);
    expect(ball.position[1]).toBeGreaterThan(height + 0.2 - 0.005);
    expect(ball.position[1]).toBeLessThan(height + 0.2 + 0.001);
    expect(speed(ball)).toBeLessThan(1e-3);
  });

  it('a capsule whose core passes through a hull vertex, a round-off outside the hull, gets a finite normal (no NaN)', () => {
    // its closest points coincided, and their difference over their distance was 0/0 (random-seed fuzz)
    const world = groundWorld();
    const turned = [0.5773502691896258, 0.5773502691896258, 0.5773502691896258, 6.123233995736766e-17];
    const capsule = world.createBody({ orientation: turned, shapes: [{ type: 'capsule', radius: 0.05, halfHeight: 9.5367431640625e-7 }] });
    const hull = world.createBody({
      orientation: turned, inertia: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      shapes: [{ type: 'hull', points: [[0, 0, 0], [0.5, 0, 0], [0, 0.5, 0], [0, 0, 0.5]], orientation: [0.70340616804767, 0.70340616804767, -0.1021739962269561, 6.123233995736766e-17] }, { type: 'capsule', radius: 0.05, halfHeight: 0 }],
    });
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    expect(world.invalidBodies).toHaveLength(0);
    for (const body of [capsule, hull]) for (const v of [...body.position, ...body.linearVelocity, ...body.angularVelocity]) expect(Number.isFinite(v)).toBe(true);
  });
});

describe('the hull pile scene', () => {
  it('lands on the block and the ground and comes to rest: every hull slower than 1 cm/s after 10 s, none through the ground', () => {
    const description = hullPile();
    const { world, bodies } = buildScene(description);
    let lowest = Infinity;
    for (let step = 0; step < 600; step++) {
      world.step(1 / 60);
      for (const body of bodies) lowest = Math.min(lowest, body.position[1]);
    }
    expect(lowest).toBeGreaterThan(0.03);
    const hulls = bodies.filter((_, i) => description.bodies[i].shape.kind === 'hull');
    expect(hulls.length).toBeGreaterThan(15);
    // (capsules and balls may still roll: the contacts have no rolling resistance)
    for (const body of hulls) expect(speed(body)).toBeLessThan(0.01);
  });
});

describe('the separating axis test against brute force', () => {
  /** The largest separation over all face normals and all edge pairs' cross products, by support points. */
  function bruteForceSeparation(a: ConvexHull, A: ShapePose, b: ConvexHull, B: ShapePose): number {
    const world = (hull: ConvexHull, pose: ShapePose) => hull.points().map((p) => [0, 1, 2].map((i) => pose.c[i] + pose.W[i] * p[0] + pose.W[3 + i] * p[1] + pose.W[6 + i] * p[2]));
    const pa = world(a, A), pb = world(b, B);
    const axes: number[][] = [];
    const normals = (hull: ConvexHull, pose: ShapePose) => {
      for (let f = 0; f < hull.faceCount; f++) {
        const n = [hull.planes[4 * f], hull.planes[4 * f + 1], hull.planes[4 * f + 2]];
        axes.push([0, 1, 2].map((i) => pose.W[i] * n[0] + pose.W[3 + i] * n[1] + pose.W[6 + i] * n[2]));
      }
    };
    normals(a, A);
    normals(b, B);
    for (let i = 0; i < a.edgeCount; i++) {
      for (let j = 0; j < b.edgeCount; j++) {
        const u = [0, 1, 2].map((k) => pa[a.edges[2 * i + 1]][k] - pa[a.edges[2 * i]][k]);
        const v = [0, 1, 2].map((k) => pb[b.edges[2 * j + 1]][k] - pb[b.edges[2 * j]][k]);
        const L = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        const length = Math.hypot(...L);
        if (length > 1e-6 * Math.hypot(...u) * Math.hypot(...v)) axes.push(L.map((x) => x / length));
      }
    }
    let best = -Infinity;
    for (const L of axes) {
      const project = (points: number[][]) => points.map((p) => L[0] * p[0] + L[1] * p[1] + L[2] * p[2]);
      const ja = project(pa), jb = project(pb);
      best = Math.max(best, Math.min(...jb) - Math.max(...ja), Math.min(...ja) - Math.max(...jb));
    }
    return best;
  }

  it('random hull pairs: a manifold exactly when no axis separates by more than the margin; none when one does', () => {
    const random = seededRandom(33);
    const margin = 0.02;
    let touching = 0, apart = 0;
    for (let trial = 0; trial < 300; trial++) {
      const cloud = () => Array.from({ length: 5 + Math.floor(random() * 12) }, () => randomVector(random, 0.5));
      const world = new World({ gravity: [0, 0, 0] });
      const bodyA = world.createBody({ position: randomVector(random, 0.1), orientation: randomQuaternion(random), mass: 1, inertia: [1, 1, 1], shapes: [{ type: 'hull', points: cloud() }] });
      const bodyB = world.createBody({ position: randomVector(random, 0.9), orientation: randomQuaternion(random), mass: 1, inertia: [1, 1, 1], shapes: [{ type: 'hull', points: cloud() }] });
      const A = new ShapePose().set(bodyA, bodyA.shapes[0]), B = new ShapePose().set(bodyB, bodyB.shapes[0]);
      const manifold = new Manifold();
      collide(bodyA.shapes[0], A, bodyB.shapes[0], B, margin, manifold);
      const separation = bruteForceSeparation(bodyA.shapes[0].hull as ConvexHull, A, bodyB.shapes[0].hull as ConvexHull, B);
      if (separation > margin + 1e-9) {
        expect(manifold.count).toBe(0);
        apart++;
      } else if (separation < -0.01) {
        expect(manifold.count).toBeGreaterThan(0);
        // the deepest point is no deeper than the least penetration
        expect(Math.min(...manifold.separations.slice(0, manifold.count))).toBeGreaterThan(separation - 0.2);
        touching++;
      }
    }
    expect(touching).toBeGreaterThan(50);
    expect(apart).toBeGreaterThan(50);
  });
});

describe('speculative points between polyhedra', () => {
  it('boxes and hulls separated by less than the margin always get a speculative point (GJK distance as the oracle)', () => {
    const random = seededRandom(3);
    const world = new World();
    const convexA = new ConvexProxy(), convexB = new ConvexProxy(), result = new DistanceResult(), m = new Manifold();
    const polyhedron = (): ShapeOptions => random() < 0.5
      ? { type: 'box', halfExtents: randomVector(random, 0.3).map((x) => 0.35 + x) }
      : { type: 'hull', points: Array.from({ length: 8 }, () => randomVector(random, 0.5)) };
    let tried = 0;
    const margin = 0.1;
    for (let t = 0; t < 20000; t++) {
      const a = world.createBody({ orientation: randomQuaternion(random), shapes: [polyhedron()] });
      const b = world.createBody({ position: randomVector(random, 1.1), orientation: randomQuaternion(random), shapes: [polyhedron()] });
      let sa = a.shapes[0], sb = b.shapes[0], A = new ShapePose().set(a, sa), B = new ShapePose().set(b, sb);
      world.removeBody(a);
      world.removeBody(b);
      if (sa.type === 'hull' && sb.type === 'box') [sa, sb, A, B] = [sb, sa, B, A];
      definitionOf(sa.type).convex(sa, convexA);
      definitionOf(sb.type).convex(sb, convexB);
      const d = shapeDistance(convexA, A, convexB, B, result);
      if (!(d > 1e-3 && d < margin - 1e-3)) continue;
      tried++;
      collide(sa, A, sb, B, margin, m);
      expect(m.count, `pair ${t}: ${sa.type}–${sb.type} ${d} apart`).toBeGreaterThan(0);
      // and it is a speculative point: no overlap claimed, the gap at most the true one's margin
      for (let i = 0; i < m.count; i++) expect(m.separations[i]).toBeLessThan(margin);
      expect(Math.min(...Array.from(m.separations.subarray(0, m.count)))).toBeGreaterThan(-1e-9);
    }
    expect(tried).toBeGreaterThan(500);
  });
});

describe('box–box in closed form', () => {
  it('gives the generic hull–hull manifold on random box pairs: the same points, ids and normal (to 1e-12)', () => {
    const random = seededRandom(71);
    const margin = 0.02;
    let faces = 0, edges = 0, apart = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const world = new World({ gravity: [0, 0, 0] });
      const half = () => [0.05 + random(), 0.05 + random(), 0.05 + random()];
      // every third pair axis-aligned (the pyramid's case: face and edge axes coincide)
      const orientation = () => (trial % 3 === 0 ? [0, 0, 0, 1] : randomQuaternion(random));
      const bodyA = world.createBody({ position: randomVector(random, 0.2), orientation: orientation(), shapes: [{ type: 'box', halfExtents: half() }] });
      const bodyB = world.createBody({ position: randomVector(random, 1.5), orientation: orientation(), shapes: [{ type: 'box', halfExtents: half() }] });
      const a = bodyA.shapes[0], b = bodyB.shapes[0];
      const A = new ShapePose().set(bodyA, a), B = new ShapePose().set(bodyB, b);
      const generic = new Manifold(), closed = new Manifold();
      generic.margin = closed.margin = margin;
      hullHull(generic, A, a.hull as ConvexHull, B, b.hull as ConvexHull);
      boxBox(closed, A, a.halfExtents, a.hull as ConvexHull, B, b.halfExtents, b.hull as ConvexHull);
      expect(closed.count).toBe(generic.count);
      if (generic.count === 0) {
        apart++;
        continue;
      }
      expectClose(closed.normal, generic.normal, 1e-12);
      expectClose(closed.points.slice(0, 3 * closed.count), generic.points.slice(0, 3 * generic.count), 1e-12);
      expectClose(closed.separations.slice(0, closed.count), generic.separations.slice(0, generic.count), 1e-12);
      expect(Array.from(closed.ids.slice(0, closed.count))).toEqual(Array.from(generic.ids.slice(0, generic.count)));
      if (generic.ids[0] >= 1 << 30) edges++;
      else faces++;
    }
    // every kind of outcome was met
    expect(faces).toBeGreaterThan(300);
    expect(edges).toBeGreaterThan(20);
    expect(apart).toBeGreaterThan(300);
  });
});

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

describe('hulls in snapshots and errors', () => {
  it('a snapshot keeps hull shapes (the same vertices in the same order) and continues bit for bit', () => {
    const world = groundWorld();
    const random = seededRandom(2);
    for (let i = 0; i < 4; i++) {
      const points = Array.from({ length: 12 }, () => randomVector(random, 0.3));
      world.createBody({ position: [0.2 * i, 0.5 + 0.7 * i, 0], orientation: randomQuaternion(random), shapes: [{ type: 'hull', points }] });
    }
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    copy.bodies.forEach((body, i) => expect(body.shapes.map((s) => s.describe())).toEqual(world.bodies[i].shapes.map((s) => s.describe())));
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(world.hash());
  });

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
