// body.getShapeBounds: a shape's world box at its body's pose, the box a debug renderer draws. It holds
// every point of the shape, is tight where the shape's own bounds are (a sphere, an upright box), follows
// the body as it moves and turns, is all of space for a plane, names bad input, and allocates nothing.

import { describe, expect, it } from 'vitest';
import { World } from '../lib/index.js';
import { randomQuaternion, seededRandom } from './helpers.js';
import { allocatedBytesPerCall } from './allocation-measure.js';

describe('body.getShapeBounds', () => {
  it('a sphere off the centre of mass: its world centre ± r', () => {
    const world = new World();
    const body = world.createBody({
      position: [1, 2, 3], mass: 1, inertia: [1, 1, 1], shapes: [{ type: 'sphere', radius: 0.5, position: [0, 1, 0] }],
    });
    body.setOrientation([0, 0, Math.SQRT1_2, Math.SQRT1_2]); // 90° about z: the shape's +y goes to −x
    const box = body.getShapeBounds(new Float64Array(6), 0);
    const expected = [-0.5, 1.5, 2.5, 0.5, 2.5, 3.5];
    for (let k = 0; k < 6; k++) expect(box[k]).toBeCloseTo(expected[k], 12);
  });

  it('a turned box: half extents swap with a quarter turn, and the box follows a step', () => {
    const world = new World({ gravity: [0, -10, 0] });
    const body = world.createBody({ position: [0, 5, 0], shapes: [{ type: 'box', halfExtents: [1, 0.5, 0.25] }] });
    body.setOrientation([0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const out: number[] = [];
    body.getShapeBounds(out, 0);
    const expected = [-0.5, 4, -0.25, 0.5, 6, 0.25];
    for (let k = 0; k < 6; k++) expect(out[k]).toBeCloseTo(expected[k], 12);
    world.step(1 / 60);
    body.getShapeBounds(out, 0);
    expect(out[1] + out[4]).toBeCloseTo(2 * body.position[1], 12);
    expect(body.position[1]).toBeLessThan(5);
  });

  it('holds every vertex of a hull and every end of a capsule at random poses', () => {
    const random = seededRandom(7);
    const world = new World();
    const points = Array.from({ length: 20 }, () => [random() - 0.5, 2 * random() - 1, random() * 0.3]);
    const body = world.createBody({
      mass: 2,
      shapes: [
        { type: 'hull', points, position: [0.3, 0, 0], orientation: randomQuaternion(random) },
        { type: 'capsule', radius: 0.2, halfHeight: 0.7, position: [0, 0.5, 0], orientation: randomQuaternion(random) },
      ],
    });
    const box = new Float64Array(6), local = new Float64Array(3), world3 = new Float64Array(3);
    for (let trial = 0; trial < 20; trial++) {
      body.setOrientation(randomQuaternion(random));
      body.setPosition([random() * 10, random() * 10, random() * 10]);
      // hull: shape frame vertices v, body point p + S v
      const hull = body.shapes[0];
      body.getShapeBounds(box, 0);
      const seen = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
      for (let v = 0; v < hull.hull!.vertexCount; v++) {
        const S = hull.rotation, x = hull.hull!.vertices;
        for (let i = 0; i < 3; i++) local[i] = hull.position[i] + S[i] * x[3 * v] + S[3 + i] * x[3 * v + 1] + S[6 + i] * x[3 * v + 2];
        body.getWorldPoint(world3, local);
        for (let i = 0; i < 3; i++) {
          expect(world3[i]).toBeGreaterThanOrEqual(box[i] - 1e-12);
          expect(world3[i]).toBeLessThanOrEqual(box[3 + i] + 1e-12);
          seen[i] = Math.min(seen[i], world3[i]);
          seen[3 + i] = Math.max(seen[3 + i], world3[i]);
        }
      }
      // a hull's box is its own bounding box turned, so it may be larger than the vertices' extent, never smaller
      for (let i = 0; i < 3; i++) expect(box[3 + i] - box[i]).toBeGreaterThanOrEqual(seen[3 + i] - seen[i] - 1e-12);
      // capsule: the end spheres' centres ± r, tight
      const capsule = body.shapes[1];
      body.getShapeBounds(box, 1);
      const low = [Infinity, Infinity, Infinity], high = [-Infinity, -Infinity, -Infinity];
      for (const end of [-1, 1]) {
        const S = capsule.rotation, h = end * capsule.halfHeight;
        for (let i = 0; i < 3; i++) local[i] = capsule.position[i] + S[3 + i] * h;
        body.getWorldPoint(world3, local);
        for (let i = 0; i < 3; i++) {
          low[i] = Math.min(low[i], world3[i] - capsule.radius);
          high[i] = Math.max(high[i], world3[i] + capsule.radius);
        }
      }
      for (let i = 0; i < 3; i++) {
        expect(box[i]).toBeCloseTo(low[i], 10);
        expect(box[3 + i]).toBeCloseTo(high[i], 10);
      }
    }
  });

  it('a plane is unbounded, a mesh bounded by its triangles', () => {
    const world = new World();
    const ground = world.createBody({
      type: 'static',
      position: [0, -1, 0],
      shapes: [{ type: 'plane' }, { type: 'trimesh', vertices: [0, 0, 0, 2, 0, 0, 0, 1, 3], indices: [0, 1, 2] }],
    });
    expect(ground.getShapeBounds([], 0)).toEqual([-Infinity, -Infinity, -Infinity, Infinity, Infinity, Infinity]);
    const box = ground.getShapeBounds([], 1);
    const expected = [0, -1, 0, 2, 0, 3];
    for (let k = 0; k < 6; k++) expect(box[k]).toBeCloseTo(expected[k], 12);
  });

  it('names a bad index or out', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 1 }] });
    expect(() => body.getShapeBounds(new Float64Array(6), 1)).toThrow(/getShapeBounds: index must be an integer from 0 to 0 \(body \d+ has 1 shapes\), got 1/);
    expect(() => body.getShapeBounds(new Float64Array(6), 0.5)).toThrow(/got 0\.5/);
    expect(() => body.getShapeBounds(new Float64Array(3), 0)).toThrow(/getShapeBounds: out must be an array or Float64Array that 6 numbers can be written into/);
    const bare = world.createBody({});
    expect(() => bare.getShapeBounds(new Float64Array(6), 0)).toThrow(/index must be an integer from 0 to -1 \(body \d+ has 0 shapes\)/);
  });

  it('allocates nothing', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 1, 1] }, { type: 'sphere', radius: 1, position: [1, 0, 0] }] });
    const out = new Float64Array(6);
    let i = 0;
    expect(allocatedBytesPerCall(() => body.getShapeBounds(out, i++ & 1))).toBeLessThan(1);
  });
});
