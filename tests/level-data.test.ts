// Level data at its extremes (README, "Limits" and "Triangle meshes and heightfields"):
// - tiny geometry: heightfield cells under 1e-6 m are refused by name, mesh triangles thinner than 1e-6 m
//   are skipped and counted, the smallest accepted geometry steps without NaN under every convex shape,
//   and the triangle contact code stays finite for any triangle it is handed;
// - level data that nearly froze the step: duplicate triangles are dropped and counted, and a body's
//   contacts with a mesh or heightfield collide at most MAX_PAIR_TRIANGLES triangles a step whatever the
//   level (stacked copies, spiky or fine heightfields, a fine mesh under a large body), bodies staying on
//   the surface. Work is measured by triangles collided (meshPairCounters), never by wall-clock time.

import { describe, expect, it } from 'vitest';
import { World, type Body, type ShapeOptions } from '../lib/index.js';
import { Heightfield } from '../lib/geometry/heightfield.js';
import { TriangleMesh } from '../lib/geometry/triangle-mesh.js';
import { TrianglePrism } from '../lib/geometry/triangle-prism.js';
import type { TriangleSource } from '../lib/geometry/triangle-source.js';
import { collideTriangle } from '../lib/collision/mesh-triangle.js';
import { Manifold } from '../lib/collision/manifold.js';
import { ShapePose } from '../lib/collision/shape-pose.js';
import { meshPairCounters } from '../lib/collision/mesh-pairs.js';
import { MAX_PAIR_MANIFOLDS, MAX_PAIR_TRIANGLES, MIN_LENGTH } from '../lib/limits.js';
import { mulberry32 } from '../lib/math/random.js';

const SPHERE: ShapeOptions = { type: 'sphere', radius: 0.5 };
const CAPSULE: ShapeOptions = { type: 'capsule', radius: 0.3, halfHeight: 0.3 };
const BOX: ShapeOptions = { type: 'box', halfExtents: [0.4, 0.4, 0.4] };
const HULL: ShapeOptions = { type: 'hull', points: [[0.4, 0, 0], [-0.4, 0, 0], [0, 0.4, 0], [0, -0.4, 0], [0, 0, 0.4], [0, 0, -0.4]] };
/** Each shape with how high its centre rests above a floor at y = 0 (the hull on its lowest vertex). */
const RESTING: [string, ShapeOptions, number][] = [['sphere', SPHERE, 0.5], ['capsule', CAPSULE, 0.6], ['box', BOX, 0.4], ['hull', HULL, 0.4]];

/** Expects createBody to refuse the shape with a RangeError matching `message`, the world unchanged. */
function expectRefused(shape: ShapeOptions, message: RegExp | string): void {
  const world = new World();
  world.createBody({ position: [0, 1, 0], shapes: [SPHERE] });
  const before = world.hash();
  const create = () => world.createBody({ type: 'static', shapes: [shape] });
  expect(create).toThrow(RangeError);
  expect(create).toThrow(message);
  expect(world.hash()).toBe(before);
}

function finite(body: Body): boolean {
  return [...body.position, ...body.orientation, ...body.linearVelocity, ...body.angularVelocity].every(Number.isFinite);
}

/** A flat square floor of 2 triangles, 2·half on a side, top at y, facing +y. */
function floor(half: number, y = 0): { vertices: number[]; indices: number[] } {
  return { vertices: [-half, y, -half, -half, y, half, half, y, half, half, y, -half], indices: [0, 1, 2, 0, 2, 3] };
}

/** Steps the world, returning the most triangles collided in one step. */
function stepCounting(world: World, steps: number): number {
  let most = 0;
  for (let i = 0; i < steps; i++) {
    const before = meshPairCounters.triangles;
    world.step(1 / 60);
    most = Math.max(most, meshPairCounters.triangles - before);
  }
  return most;
}

/** The distance from p to the triangle whose corners are t[0..8]: to its plane when p's foot lies inside it,
 * else to the nearest of its edges. */
function pointTriangleDistance(p: ArrayLike<number>, t: Float64Array): number {
  const sub = (i: number, j: number) => [t[3 * i] - t[3 * j], t[3 * i + 1] - t[3 * j + 1], t[3 * i + 2] - t[3 * j + 2]];
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const ab = sub(1, 0), ac = sub(2, 0), ap = [p[0] - t[0], p[1] - t[1], p[2] - t[2]];
  const n = [ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2], ab[0] * ac[1] - ab[1] * ac[0]];
  const nn = dot(n, n), h = dot(ap, n) / Math.sqrt(nn);
  // barycentric coordinates of p's foot
  const d00 = dot(ab, ab), d01 = dot(ab, ac), d11 = dot(ac, ac), d20 = dot(ap, ab), d21 = dot(ap, ac), det = d00 * d11 - d01 * d01;
  const v = (d11 * d20 - d01 * d21) / det, w = (d00 * d21 - d01 * d20) / det;
  if (v >= 0 && w >= 0 && v + w <= 1) return Math.abs(h);
  let least = Infinity;
  for (let k = 0; k < 3; k++) {
    const a = [t[3 * k], t[3 * k + 1], t[3 * k + 2]], e = sub((k + 1) % 3, k);
    const s = Math.max(0, Math.min(1, ((p[0] - a[0]) * e[0] + (p[1] - a[1]) * e[1] + (p[2] - a[2]) * e[2]) / dot(e, e)));
    least = Math.min(least, Math.hypot(p[0] - a[0] - s * e[0], p[1] - a[1] - s * e[1], p[2] - a[2] - s * e[2]));
  }
  return least;
}

/** The triangles a query visits, in order. */
function visited(source: TriangleSource, box: number[], budget?: number): number[] {
  const out: number[] = [];
  const visit = (t: number): boolean => {
    out.push(t);
    return true;
  };
  if (budget === undefined) source.query(box, visit);
  else source.querySample(box, budget, visit);
  return out;
}

describe('tiny level data', () => {
  it('a heightfield whose cells are under 1e-6 m is refused, naming the value, and nothing changes', () => {
    const four = [0, 0, 0, 0];
    expectRefused(
      { type: 'heightfield', heights: four, rows: 2, columns: 2, size: [1e-100, 1e-100] },
      'createBody: shapes[0]: heightfield cell width size[0] / (columns − 1) must be at least 1e-6 m (README, "Limits"), got 1e-100 / 1 = 1e-100',
    );
    expectRefused({ type: 'heightfield', heights: four, rows: 2, columns: 2, size: [5e-324, 5e-324] }, /cell width .* got 5e-324 \/ 1 = 5e-324$/);
    expectRefused(
      { type: 'heightfield', heights: four, rows: 2, columns: 2, size: [1, 1e-7] },
      /heightfield cell depth size\[1\] \/ \(rows − 1\) must be at least 1e-6 m \(README, "Limits"\), got 1e-7 \/ 1 = 1e-7$/,
    );
    // sloped, and the 64 x 64 field of 1e-6 m: cells of 1.6e-8 m
    expectRefused({ type: 'heightfield', heights: [0, 1e-170, 1e-170, 2e-170], rows: 2, columns: 2, size: [1e-170, 1e-170] }, /cell width .* got 1e-170/);
    const spiky = Array.from({ length: 64 * 64 }, (_, i) => ((i + Math.floor(i / 64)) % 2 === 0 ? -1e6 : 1e6));
    expectRefused({ type: 'heightfield', heights: spiky, rows: 64, columns: 64, size: [1e-6, 1e-6] }, /cell width .* got 0\.000001 \/ 63 = 1\.58\d*e-8$/);
  });

  it('a mesh whose only triangle is thinner than 1e-6 m is refused, naming the triangle', () => {
    expectRefused(
      { type: 'trimesh', vertices: [0, 0, 0, 0, 0, 1e-100, 1e-100, 0, 0], indices: [0, 1, 2] },
      'createBody: shapes[0]: no triangles left: 1 given, 1 degenerate (zero area or a repeated index, or thinner than 1e-6 m (README, "Limits"): ' +
        '1 of them, the first triangle 0 with corners [0, 0, 0, 0, 0, 1e-100, 1e-100, 0, 0])',
    );
  });

  it('mesh triangles thinner than 1e-6 m are skipped and counted; a capsule resting over them stays finite', () => {
    const { vertices, indices } = floor(10);
    // a triangle of 1e-100 m just above the floor, and a 2 m sliver 5e-7 m wide
    vertices.push(0, 0.01, 0, 0, 0.01, 1e-100, 1e-100, 0.01, 0, -1, 0.02, 0, 0, 0.02, 5e-7, 1, 0.02, 0);
    indices.push(4, 5, 6, 7, 8, 9);
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
    const mesh = ground.shapes[0].mesh as TriangleMesh;
    expect([mesh.triangleCount, mesh.skippedTriangles, mesh.duplicateTriangles]).toEqual([2, 2, 0]);
    const capsule = world.createBody({ position: [0, 0.5, 0], shapes: [CAPSULE] });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(finite(capsule)).toBe(true);
    expect(capsule.position[1]).toBeCloseTo(0.6, 2);
  });

  it('a triangle just thicker than 1e-6 m is kept, one just thinner skipped', () => {
    // right triangles of legs L (least altitude L / √2) beside one of legs 1e-5 m (the mesh is small, so
    // the zero-area test, relative to its size, keeps them all)
    const legs = (L: number) => new TriangleMesh('m', [0, 0, 0, 0, 0, L, L, 0, 0, 5e-5, 0, 0, 5e-5, 0, 1e-5, 6e-5, 0, 0], [0, 1, 2, 3, 4, 5]);
    expect(legs(1.5 * MIN_LENGTH).skippedTriangles).toBe(0);
    expect(legs(1.4 * MIN_LENGTH).skippedTriangles).toBe(1);
  });

  it('the smallest accepted level data under spheres, capsules, boxes, hulls and a 1e-6 m ball steps 200 steps without NaN', () => {
    const c = MIN_LENGTH;
    const levels: [string, ShapeOptions][] = [
      ['a flat heightfield of one 1e-6 m cell', { type: 'heightfield', heights: [0, 0, 0, 0], rows: 2, columns: 2, size: [c, c] }],
      ['a sloped one', { type: 'heightfield', heights: [0, c, c, 2 * c], rows: 2, columns: 2, size: [c, c] }],
      ['heights 1e-170 m apart', { type: 'heightfield', heights: [0, 1e-170, 1e-170, 2e-170], rows: 2, columns: 2, size: [c, c] }],
      ['a triangle of 2e-6 m legs', { type: 'trimesh', vertices: [0, 0, 0, 0, 0, 2 * c, 2 * c, 0, 0], indices: [0, 1, 2] }],
      ['a sliver 1e6 m long, 1.01e-6 m wide', { type: 'trimesh', vertices: [-5e5, 0, 0, 0, 0, 1.01 * c, 5e5, 0, 0], indices: [0, 1, 2] }],
    ];
    const shapes: [string, ShapeOptions, number, Partial<Parameters<World['createBody']>[0]>][] = [
      ...RESTING.map(([name, shape]) => [name, shape, 0.45, {}] as [string, ShapeOptions, number, object]),
      ['a ball of 1e-6 m', { type: 'sphere', radius: c }, 1.5 * c, { mass: 1e-9, inertia: [1e-21, 1e-21, 1e-21] }],
    ];
    for (const [levelName, level] of levels) {
      for (const [shapeName, shape, y, extra] of shapes) {
        const world = new World();
        world.createBody({ type: 'static', shapes: [level] });
        const body = world.createBody({ position: [0.3 * c, y, 0.3 * c], shapes: [shape], ...extra });
        for (let i = 0; i < 200 && finite(body); i++) world.step(1 / 60);
        expect(finite(body), `${shapeName} on ${levelName}`).toBe(true);
      }
    }
  });

  it('the triangle contact code is finite for any triangle it is handed, and a prism refuses edges too short for a side plane', () => {
    const placed = (options: ShapeOptions, x: number[]) => {
      const body = new World().createBody({ type: 'static', position: x, shapes: [options] });
      return { shape: body.shapes[0], pose: new ShapePose().set(body, body.shapes[0]) };
    };
    const mesh = placed(SPHERE, [0, 0, 0]);
    const prism = new TrianglePrism(), out = new Manifold();
    const up = [0, 1, 0];
    for (const s of [1e-90, 1e-120, 1e-160, 1e-300, 5e-324]) {
      // a right triangle of legs s facing +y, and a sliver 1 m long and s wide
      for (const triangle of [[0, 0, 0, 0, 0, s, s, 0, 0], [-0.5, 0, 0, 0, 0, s, 0.5, 0, 0]]) {
        const usable = prism.set(triangle, up, 0.05) !== false;
        // the right triangle's side normals are as long as its edges, s: usable from 1e-100 m (s² a normal
        // double); the sliver's are half a metre long, and it has no usable area (|ab × ac|² underflows)
        expect(usable, `prism of ${s}`).toBe(triangle[0] !== 0 || s >= 1e-100);
        if (!usable) continue;
        for (const [name, shape] of RESTING) {
          // the centre over the face, over an edge, over a corner, beside, and sunk below the plane
          for (const x of [[s / 4, 0.3, s / 4], [s / 2, 0.45, -s], [-s, 0.45, -s], [2, 0.3, 0], [s / 4, -0.1, s / 4]]) {
            const other = placed(shape, x);
            // one-sided and solid below; every feature active, none, and none in a sample reaching 1 m
            for (const [solidBelow, active, reach] of [[false, 63, 0], [true, 63, 0], [false, 0, 0], [true, 0, 1]] as [boolean, number, number][]) {
              out.count = 0;
              out.margin = 0.1;
              collideTriangle(out, prism, mesh.pose, active, solidBelow, other.shape, other.pose, reach);
              const numbers = [...out.normal, ...out.points.slice(0, 3 * out.count), ...out.separations.slice(0, out.count)];
              expect(numbers.every(Number.isFinite), `${name} at ${x} over a triangle of ${s}`).toBe(true);
            }
          }
        }
      }
    }
    // a NaN normal (a degenerate triangle's) is refused too
    expect(prism.set([0, 0, 0, 0, 0, 1, 1, 0, 0], [NaN, NaN, NaN], 0.05)).toBe(false);
  });
});

describe('level data that nearly froze the step', () => {
  it('duplicate triangles (split vertices, any first corner) are dropped and counted; the opposite winding is kept once', () => {
    // corners 0-2 and their copies 3-5 at the same positions
    const vertices = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0];
    const mesh = new TriangleMesh('m', vertices, [0, 1, 2, 1, 2, 0, 3, 4, 5, 5, 3, 4, 0, 2, 1, 2, 1, 0, 4, 3, 5]);
    expect([mesh.triangleCount, mesh.duplicateTriangles, mesh.skippedTriangles]).toEqual([2, 5, 0]);
    expect(Array.from(mesh.indices)).toEqual([0, 1, 2, 0, 2, 1]);
    // a sheet met from both sides, as if given once each way
    const sheet = new TriangleMesh('sheet', vertices.slice(0, 9), [0, 1, 2, 0, 2, 1]);
    expect([mesh.activeFeatures(0), mesh.activeFeatures(1)]).toEqual([sheet.activeFeatures(0), sheet.activeFeatures(1)]);
    const copy = new TriangleMesh('copy', mesh.describe().vertices, mesh.describe().indices);
    expect([copy.triangleCount, copy.duplicateTriangles]).toEqual([2, 0]);
    // triangles that only share corners are no duplicates
    expect(new TriangleMesh('quad', floor(1).vertices, floor(1).indices).duplicateTriangles).toBe(0);
  });

  it('a floor given 10⁵ times (2·10⁵ triangles) keeps 2; five bodies dropped on it rest on it', () => {
    const { vertices } = floor(10), indices: number[] = [];
    for (let i = 0; i < 100_000; i++) indices.push(...(i % 3 === 0 ? [0, 1, 2, 0, 2, 3] : i % 3 === 1 ? [1, 2, 0, 2, 3, 0] : [2, 0, 1, 3, 0, 2]));
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
    const mesh = ground.shapes[0].mesh as TriangleMesh;
    expect([mesh.triangleCount, mesh.duplicateTriangles]).toEqual([2, 199_998]);
    const shapes = [...RESTING, ['flat box', { type: 'box', halfExtents: [0.3, 0.2, 0.5] }, 0.2] as [string, ShapeOptions, number]];
    const bodies = shapes.map(([, shape], i) => world.createBody({ position: [-6 + 3 * i, 1.2, 0], shapes: [shape] }));
    // each body meets the 2 triangles kept
    expect(stepCounting(world, 120)).toBeLessThanOrEqual(shapes.length * 2);
    shapes.forEach(([name, , height], i) => expect(bodies[i].position[1], name).toBeCloseTo(height, 2));
  });

  it('2·10⁴ distinct triangles stacked in one place: each body collides at most MAX_PAIR_TRIANGLES a step and rests on them', () => {
    const vertices: number[] = [], indices: number[] = [];
    for (let copy = 0; copy < 10_000; copy++) {
      const { vertices: v } = floor(10, copy * 1e-7), base = vertices.length / 3;
      vertices.push(...v);
      indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
    expect((ground.shapes[0].mesh as TriangleMesh).triangleCount).toBe(20_000);
    const bodies = RESTING.map(([, shape], i) => world.createBody({ position: [-6 + 3 * i, 1.2, 0], shapes: [shape], canSleep: false }));
    expect(stepCounting(world, 90)).toBeLessThanOrEqual(RESTING.length * MAX_PAIR_TRIANGLES);
    RESTING.forEach(([name, , height], i) => {
      expect(bodies[i].position[1], name).toBeGreaterThan(height - 0.01);
      expect(bodies[i].position[1], name).toBeLessThan(height + 0.01);
    });
  });

  it('a spiky heightfield (1e-6 m cells, heights ±1e6 m) collides at most MAX_PAIR_TRIANGLES triangles and keeps MAX_PAIR_MANIFOLDS contacts per body, finite', () => {
    const n = 64, heights = Array.from({ length: n * n }, (_, i) => ((i + Math.floor(i / n)) % 2 === 0 ? -1e6 : 1e6));
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights, rows: n, columns: n, size: [63e-6, 63e-6] }] });
    const bodies = [...RESTING.map(([, shape]) => shape), { type: 'box', halfExtents: [0.3, 0.2, 0.5] } as ShapeOptions].map((shape, i) =>
      world.createBody({ position: [0, 2 * i, 0], shapes: [shape], canSleep: false }),
    );
    let most = 0;
    for (let i = 0; i < 60; i++) {
      most = Math.max(most, stepCounting(world, 1));
      for (const body of bodies) {
        const contacts = world.contacts.filter((c) => c.bodyA === ground && c.bodyB === body).length;
        expect(contacts).toBeLessThanOrEqual(MAX_PAIR_MANIFOLDS);
      }
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(bodies.length * MAX_PAIR_TRIANGLES);
    for (const body of bodies) expect(finite(body)).toBe(true);
  });

  it('bodies over a heightfield of 4 mm cells rest on it, each colliding at most MAX_PAIR_TRIANGLES triangles', () => {
    const n = 1025;
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights: new Float64Array(n * n), rows: n, columns: n, size: [4, 4] }] });
    // each in a stable pose (a capsule on its side, a hull of a box's corners), with its height at rest
    const lying = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
    const corners = [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => [0.3 * x, 0.2 * y, 0.25 * z])));
    const resting: [string, ShapeOptions, number[], number][] = [
      ['sphere', SPHERE, [0, 0, 0, 1], 0.5], ['capsule', CAPSULE, lying, 0.3], ['box', BOX, [0, 0, 0, 1], 0.4],
      ['hull', { type: 'hull', points: corners }, [0, 0, 0, 1], 0.2],
    ];
    // 2 m apart, each 1 m from the field's edges
    const bodies = resting.map(([, shape, orientation], i) =>
      world.createBody({ position: [i % 2 === 0 ? -1 : 1, 0.7, i < 2 ? -1 : 1], orientation, shapes: [shape], canSleep: false }),
    );
    expect(stepCounting(world, 90)).toBeLessThanOrEqual(resting.length * MAX_PAIR_TRIANGLES);
    // (a hull's face on many small triangles reads a vertical speed of about −0.02 m/s while it holds its
    // height, on a heightfield of 3 cm cells too, where no sample is taken)
    resting.forEach(([name, , , height], i) => {
      expect(bodies[i].position[1], name).toBeCloseTo(height, 2);
      expect(Math.abs(bodies[i].linearVelocity[1]), name).toBeLessThan(name === 'hull' ? 0.05 : 0.01);
    });
  });

  it('a 1.6 m box over a mesh of 1 cm triangles (5·10⁴ under it) collides at most MAX_PAIR_TRIANGLES and rests on it', () => {
    const cells = 200, vertices: number[] = [], indices: number[] = [];
    for (let r = 0; r <= cells; r++) for (let c = 0; c <= cells; c++) vertices.push(c / 100 - 1, 0, r / 100 - 1);
    for (let r = 0; r < cells; r++) {
      for (let c = 0; c < cells; c++) {
        const a = r * (cells + 1) + c, b = a + 1, d = a + cells + 1, e = d + 1;
        indices.push(a, d, b, b, d, e);
      }
    }
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
    const box = world.createBody({ position: [0.05, 0.9, -0.03], shapes: [{ type: 'box', halfExtents: [0.8, 0.8, 0.8] }], canSleep: false });
    expect(stepCounting(world, 90)).toBeLessThanOrEqual(MAX_PAIR_TRIANGLES);
    expect(box.position[1]).toBeCloseTo(0.8, 2);
    expect(Math.abs(box.linearVelocity[1])).toBeLessThan(0.01);
  });

  it('a ball of 1 m rolling over a wavy mesh of 1 cm triangles stays on its surface, colliding at most MAX_PAIR_TRIANGLES', () => {
    const cells = 300, vertices: number[] = [], indices: number[] = [];
    const height = (x: number, z: number) => 0.05 * Math.sin(2.5 * x) * Math.cos(2 * z);
    for (let r = 0; r <= cells; r++) for (let c = 0; c <= cells; c++) vertices.push(c / 100 - 1.5, height(c / 100 - 1.5, r / 100 - 1.5), r / 100 - 1.5);
    for (let r = 0; r < cells; r++) {
      for (let c = 0; c < cells; c++) {
        const a = r * (cells + 1) + c, b = a + 1, d = a + cells + 1, e = d + 1;
        indices.push(a, d, b, b, d, e);
      }
    }
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
    const mesh = ground.shapes[0].mesh as TriangleMesh;
    const ball = world.createBody({ position: [-0.4, 1.1, 0], linearVelocity: [0.5, 0, 0], shapes: [{ type: 'sphere', radius: 1 }], canSleep: false });
    // the distance from the ball's centre to the mesh, triangle by triangle
    const corners = new Float64Array(9);
    const distance = (p: ArrayLike<number>): number => {
      let least = Infinity;
      for (let t = 0; t < mesh.triangleCount; t++) {
        mesh.writeTriangle(t, corners);
        least = Math.min(least, pointTriangleDistance(p, corners));
      }
      return least;
    };
    expect(stepCounting(world, 40)).toBeLessThanOrEqual(MAX_PAIR_TRIANGLES);
    for (let i = 0; i < 4; i++) {
      expect(stepCounting(world, 15)).toBeLessThanOrEqual(MAX_PAIR_TRIANGLES);
      const gap = distance(ball.position) - 1;
      expect(gap, `step ${55 + 15 * i}`).toBeGreaterThan(-0.01);
      expect(gap, `step ${55 + 15 * i}`).toBeLessThan(0.01);
    }
  });

  it('querySample visits what query visits, in its order, when few triangles lie in the box; else at most the budget of them, each once', () => {
    const random = mulberry32(7);
    const rows = 41, columns = 33, heights: number[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) heights.push(Math.sin(r / 3) * Math.cos(c / 4) + (r === 7 && c > 3 && c < 9 ? NaN : 0));
    const field = new Heightfield('field', heights, rows, columns, [16, 20]);
    const vertices: number[] = [], indices: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const x = 20 * random() - 10, y = random(), z = 20 * random() - 10, s = 0.2 + random();
      const base = vertices.length / 3;
      vertices.push(x, y, z, x, y + 0.1 * random(), z + s, x + s, y, z);
      indices.push(base, base + 1, base + 2);
    }
    const mesh = new TriangleMesh('soup', vertices, indices);
    for (const source of [field, mesh] as TriangleSource[]) {
      let sampled = 0;
      for (let trial = 0; trial < 300; trial++) {
        const x = 24 * random() - 12, z = 24 * random() - 12, h = 8 * random() ** 2;
        const box = [x - h, -1, z - h, x + h, 1.5, z + h];
        const all = visited(source, box);
        // a budget past every triangle (the heightfield's: past its cells): the query itself
        const whole = source === field ? 2 * rows * columns : Math.max(all.length, 1);
        expect(visited(source, box, whole)).toEqual(all);
        expect(source.querySample(box, whole, () => true)).toBe(0);
        // a smaller one: at most that many, each once, each one query finds
        const budget = 16 + Math.floor(64 * random());
        const sample = visited(source, box, budget);
        if (source.querySample(box, budget, () => true)) {
          sampled++;
          expect(sample.length).toBeLessThanOrEqual(budget);
          expect(new Set(sample).size).toBe(sample.length);
          const inBox = new Set(all);
          for (const t of sample) expect(inBox.has(t)).toBe(true);
          if (all.length > 0) expect(sample.length).toBeGreaterThan(0);
        } else {
          expect(sample).toEqual(all);
        }
      }
      expect(sampled).toBeGreaterThan(20);
    }
  });
});
