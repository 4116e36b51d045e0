// castShape from a start in contact: `ignoreInitialOverlap` chooses. false (Jolt's shape casts, and
// stopAtPenetration: true): every shape the swept one starts touching or overlapping is a hit at distance
// 0 with the penetration axis as its normal, the deepest of several winning; the default: only those the
// motion presses into; true: none. Next to a mesh's or heightfield's internal edge the normal is the
// face's (the active edges, as the contacts have them), not the edge's. Cases ported from Jolt's
// UnitTests/Physics/CastShapeTests.cpp (TestCastShapeSphereVsBox, TestCastShapePenetrationDepthOrdering,
// TestCastShapeInitiallyIntersecting), in sinew's convention: the normal points out of the hit shape,
// toward the swept one (Jolt's penetration axis points the other way).

import { describe, expect, it } from 'vitest';
import { World, type RayHit, type ShapeOptions } from '../lib/index.js';

const IDENTITY = [0, 0, 0, 1];
const UP = [0, 1, 0], DOWN = [0, -1, 0];

describe('castShape starting in contact: ported from Jolt', () => {
  it('a sphere sunk 1 m into a box\'s top, cast away from it: a hit at 0 with the top\'s normal, or none (TestCastShapeSphereVsBox)', () => {
    const world = new World();
    // Jolt's box of 1 m scaled 10x along x and turned so x is up: half extents (1, 10, 1), centre (0, 1, 0)
    const box = world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 10, 1] }] });
    const sphere: ShapeOptions = { type: 'sphere', radius: 1 };
    const hit = world.castShape(sphere, [0, 11, 0], IDENTITY, UP, 1, { ignoreInitialOverlap: false }) as RayHit;
    expect(hit.body).toBe(box);
    expect(hit.distance).toBe(0);
    expect(hit.normal[1]).toBeCloseTo(1, 12);
    expect(Math.hypot(hit.normal[0], hit.normal[2])).toBeLessThan(1e-12);
    // the deepest point, midway between the sphere's bottom (y = 10) and the box's top (y = 11)
    expect(hit.point[1]).toBeCloseTo(10.5, 9);
    expect(world.castShape(sphere, [0, 11, 0], IDENTITY, UP, 1, { stopAtPenetration: true })?.normal[1]).toBeCloseTo(1, 12);
    // the default: moving away, no hit; moving in, the same hit
    expect(world.castShape(sphere, [0, 11, 0], IDENTITY, UP, 1)).toBeNull();
    expect(world.castShape(sphere, [0, 11, 0], IDENTITY, DOWN, 1)?.normal[1]).toBeCloseTo(1, 12);
    // ignored: neither way
    expect(world.castShape(sphere, [0, 11, 0], IDENTITY, UP, 1, { ignoreInitialOverlap: true })).toBeNull();
    expect(world.castShape(sphere, [0, 11, 0], IDENTITY, DOWN, 1, { ignoreInitialOverlap: true })).toBeNull();
  });

  it('of ten slabs a sphere starts in, the hit is the deepest, its normal along the axis (TestCastShapePenetrationDepthOrdering)', () => {
    const world = new World();
    const slabs = Array.from({ length: 10 }, (_, i) =>
      world.createBody({ type: 'static', position: [0.1 + 0.2 * i, 0, 0], shapes: [{ type: 'box', halfExtents: [0.1, 2, 2] }] }),
    );
    const sphere: ShapeOptions = { type: 'sphere', radius: 1 };
    // from x = -5 along +x: the first slab at 4 m (Jolt: fraction 4/10)
    const first = world.castShape(sphere, [-5, 0, 0], IDENTITY, [1, 0, 0], 10) as RayHit;
    expect(first.body).toBe(slabs[0]);
    expect(first.distance).toBeCloseTo(4, 5);
    expect(first.normal[0]).toBeCloseTo(-1, 6);
    // from x = 5 along −x: the last at 2 m
    const last = world.castShape(sphere, [5, 0, 0], IDENTITY, [-1, 0, 0], 10) as RayHit;
    expect(last.body).toBe(slabs[9]);
    expect(last.distance).toBeCloseTo(2, 5);
    // from x = 1.05, inside all ten: slab 5 (x 1.0 to 1.2) holds the centre, 1.05 m deep; the others less
    const deepest = world.castShape(sphere, [1.05, 0, 0], IDENTITY, [1, 0, 0], 10, { ignoreInitialOverlap: false }) as RayHit;
    expect(deepest.body).toBe(slabs[5]);
    expect(deepest.distance).toBe(0);
    expect(deepest.normal[0]).toBeCloseTo(-1, 12); // out of slab 5's nearer face, x = 1.0
    // the point midway between the sphere's far side (2.05) and that face (1.0)
    expect(deepest.point[0]).toBeCloseTo(1.525, 9);
    // ignored, the sphere starts in every slab: nothing
    expect(world.castShape(sphere, [1.05, 0, 0], IDENTITY, [1, 0, 0], 10, { ignoreInitialOverlap: true })).toBeNull();
  });

  it('a box sunk 5 cm into a wider box and cast down into it hits at 0 by default (TestCastShapeInitiallyIntersecting)', () => {
    const world = new World();
    const floor = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [1.5, 0.5, 1.5] }] });
    const hit = world.castShape({ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0.01, 0.95, 0], IDENTITY, DOWN, 0.5) as RayHit;
    expect(hit.body).toBe(floor);
    expect(hit.distance).toBe(0);
    expect(hit.normal[1]).toBeCloseTo(1, 12);
  });
});

/** The probes: each shape type, its lowest point `low` below its centre. */
const PROBES: { name: string; shape: ShapeOptions; low: number }[] = [
  { name: 'sphere', shape: { type: 'sphere', radius: 0.3 }, low: 0.3 },
  { name: 'capsule', shape: { type: 'capsule', radius: 0.2, halfHeight: 0.3 }, low: 0.5 },
  { name: 'box', shape: { type: 'box', halfExtents: [0.3, 0.2, 0.25] }, low: 0.2 },
  { name: 'hull', shape: { type: 'hull', points: [0.3, 0, 0, -0.3, 0, 0, 0, 0.3, 0, 0, -0.3, 0, 0, 0, 0.3, 0, 0, -0.3] }, low: 0.3 },
];

/** The targets: each with a flat top at y = 0, made so that a probe at x = 0.02 is beside an internal
 * edge (x = 0) of the mesh and the heightfield. */
const TARGETS: { name: string; shape: ShapeOptions }[] = [
  { name: 'box', shape: { type: 'box', halfExtents: [2, 0.5, 2], position: [0, -0.5, 0] } },
  { name: 'hull', shape: { type: 'hull', points: [-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2, 0, -1, 0] } },
  {
    name: 'trimesh',
    shape: {
      type: 'trimesh',
      // two squares meeting at x = 0, each of two triangles: internal edges along x = 0 and the diagonals
      vertices: [-2, 0, -2, 0, 0, -2, 2, 0, -2, -2, 0, 2, 0, 0, 2, 2, 0, 2],
      indices: [0, 3, 4, 0, 4, 1, 1, 4, 5, 1, 5, 2],
    },
  },
  { name: 'heightfield', shape: { type: 'heightfield', heights: [0, 0, 0, 0, 0, 0, 0, 0, 0], rows: 3, columns: 3, size: [4, 4] } },
];

describe('every probe against every target, starting 5 cm into its top beside an internal edge', () => {
  for (const target of TARGETS) {
    for (const probe of PROBES) {
      it(`${probe.name} in ${target.name}: ignoreInitialOverlap false, a hit at 0 with the face normal either way; true, none; by default, only moving in`, () => {
        const world = new World();
        const body = world.createBody({ type: 'static', shapes: [target.shape] });
        const at = [0.02, probe.low - 0.05, 0.3];
        for (const direction of [UP, DOWN, [0.6, 0.8, 0], [0.8, -0.6, 0], [1, 0, 0]]) {
          const hit = world.castShape(probe.shape, at, IDENTITY, direction, 1, { ignoreInitialOverlap: false }) as RayHit;
          expect(hit?.body).toBe(body);
          expect(hit.distance).toBe(0);
          // the face's normal, not an edge's: within 1e-9 of +y
          expect(hit.normal[1]).toBeGreaterThan(1 - 1e-9);
          // the deepest point, midway in the 5 cm overlap
          expect(hit.point[1]).toBeCloseTo(-0.025, 6);
          expect(world.castShape(probe.shape, at, IDENTITY, direction, 1, { ignoreInitialOverlap: true })).toBeNull();
          const pressed = world.castShape(probe.shape, at, IDENTITY, direction, 1);
          if (direction[1] < 0) {
            expect(pressed?.distance).toBe(0);
            expect(pressed?.normal[1]).toBeGreaterThan(1 - 1e-9);
          } else {
            expect(pressed).toBeNull();
          }
        }
      });
    }
  }

  it('a box sunk deeper than GJK can separate (its core in the block) gets the penetration axis, not −d', () => {
    const world = new World();
    world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    for (const direction of [UP, [1, 0, 0], [0, 0.6, 0.8]]) {
      const hit = world.castShape({ type: 'box', halfExtents: [0.3, 0.3, 0.3] }, [0.1, 1.8, 0.2], IDENTITY, direction, 1, { ignoreInitialOverlap: false }) as RayHit;
      expect(hit.distance).toBe(0);
      expect(hit.normal[1]).toBeCloseTo(1, 12); // 0.5 m deep through the top, 0.6 m or more through a side
    }
  });

  it('ignoreInitialOverlap: true passes the shape it starts in and hits the next one', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [2, 0.5, 2], position: [0, -0.5, 0] }] });
    const roof = world.createBody({ type: 'static', position: [0, 3, 0], shapes: [{ type: 'box', halfExtents: [2, 0.5, 2] }] });
    const hit = world.castShape({ type: 'sphere', radius: 0.3 }, [0, 0.2, 0], IDENTITY, UP, 5, { ignoreInitialOverlap: true }) as RayHit;
    expect(hit.body).toBe(roof);
    expect(hit.distance).toBeCloseTo(2.5 - 0.2 - 0.3, 5);
    expect(hit.normal[1]).toBeCloseTo(-1, 9);
  });

  it('the two options are checked, and must agree when both are given', () => {
    const world = new World();
    const ball: ShapeOptions = { type: 'sphere', radius: 0.3 };
    expect(() => world.castShape(ball, [0, 1, 0], IDENTITY, UP, 1, { ignoreInitialOverlap: 'yes' as unknown as boolean })).toThrow(
      /castShape: ignoreInitialOverlap must be true or false, got 'yes'|"yes"/,
    );
    expect(() => world.castShape(ball, [0, 1, 0], IDENTITY, UP, 1, { ignoreInitialOverlap: true, stopAtPenetration: true })).toThrow(
      /castShape: ignoreInitialOverlap: true contradicts stopAtPenetration: true/,
    );
    expect(() => world.castShape(ball, [0, 1, 0], IDENTITY, UP, 1, { ignoreInitialOverlap: false, stopAtPenetration: false })).toThrow(RangeError);
    expect(world.castShape(ball, [0, 1, 0], IDENTITY, UP, 1, { ignoreInitialOverlap: false, stopAtPenetration: true })).toBeNull();
    expect(() => world.castRay([0, 1, 0], UP, 1, { ignoreInitialOverlap: true } as object)).toThrow(/castRay: unknown option 'ignoreInitialOverlap'/);
  });
});
