// Bodies created at one point in the 2D world (tests/overlap-spawn.test.ts in the plane): the contact search
// keeps their pairs within its bounds (lib/limits.ts MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE,
// MAX_REFUSED_PAIRS_PER_SEARCH; lib/2d/collision/contact-set.ts, "Bounds"), says how many it turned away
// (world.lastStepDroppedPairs), and the contacts push the bodies apart along normals derived from their ids
// where their origins coincide (lib/2d/collision/coincident-centres.ts), until no two overlap by more than
// the slop. Ordinary scenes meet none of the bounds (the hashes of tests/2d-contacts.test.ts hold them bit
// for bit; here: nothing turned away, no deep pair).

import { describe, expect, it } from 'vitest';
import { World2D } from '../lib/2d/world.js';
import type { Body2D } from '../lib/2d/body.js';
import type { ContactConstraint2D } from '../lib/2d/collision/contact-constraint.js';
import { Manifold2D } from '../lib/2d/collision/manifold.js';
import { collide2D } from '../lib/2d/collision/narrowphase.js';
import { ShapePose2D } from '../lib/2d/collision/shape-pose.js';
import type { ShapeGeometry2D } from '../lib/2d/geometry/shape-geometry.js';
import { TOUCH_DISTANCE } from '../lib/2d/collision/contact-set.js';
import { MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE, MAX_REFUSED_PAIRS_PER_SEARCH } from '../lib/limits.js';

/** The contact set's counts the tests read (internal). */
interface Internals {
  contactSet: {
    pairCount: number;
    dynamicPairCount: number;
    list: ContactConstraint2D[];
    broadphase: { searchVisits: number };
  };
}
const internals = (world: World2D): Internals['contactSet'] => (world as unknown as Internals).contactSet;

const SIZE = 0.25; // circle radius, box half extent, m
type Kind = 'circle' | 'box';
type Solver = 'direct' | 'iterative';
const shapeOf = (kind: Kind) => (kind === 'box' ? { type: 'box' as const, halfExtents: [SIZE, SIZE] } : { type: 'circle' as const, radius: SIZE });

/** n bodies at one point, their lowest points SIZE above a static box for ground (its top at y = 0). */
function spawn(n: number, kind: Kind, solver: Solver = 'direct'): { world: World2D; bodies: Body2D[] } {
  const world = new World2D({ solver });
  world.createBody({ type: 'static', position: [0, -1], shapes: [{ type: 'box', halfExtents: [100, 1] }] });
  const bodies: Body2D[] = [];
  for (let i = 0; i < n; i++) bodies.push(world.createBody({ position: [0, 2 * SIZE], shapes: [shapeOf(kind)] }));
  return { world, bodies };
}

const poseA = new ShapePose2D(), poseB = new ShapePose2D(), manifold = new Manifold2D();
/** The deepest overlap of any two of the bodies (each of one shape), m: 0 when none overlap. Every pair
 * whose origins are close enough to overlap, through the narrowphase with no margin, independent of the
 * contacts the world made. */
function deepestOverlap(bodies: readonly Body2D[]): number {
  let deepest = 0;
  for (let i = 0; i < bodies.length; i++) {
    const a = bodies[i], sa = a.shapes[0], pa = a.position;
    poseA.setFrom(a.position, a.rotation, sa.position, sa.rotation);
    for (let j = i + 1; j < bodies.length; j++) {
      const b = bodies[j], sb = b.shapes[0], pb = b.position;
      if ((pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2 > 8 * SIZE * SIZE) continue; // farther than two box diagonals
      poseB.setFrom(b.position, b.rotation, sb.position, sb.rotation);
      manifold.margin = 0;
      collide2D(sa.geometry as ShapeGeometry2D, poseA, sb.geometry as ShapeGeometry2D, poseB, manifold);
      for (let k = 0; k < manifold.count; k++) deepest = Math.max(deepest, -manifold.separations[k]);
    }
  }
  return deepest;
}

describe('2D bodies created at one point', () => {
  const cases: [Kind, Solver, number][] = [['circle', 'direct', 250], ['circle', 'iterative', 250], ['box', 'direct', 200], ['box', 'iterative', 200]];
  for (const [kind, solver, n] of cases) {
    it(`${n} ${kind === 'box' ? 'boxes' : 'circles'} (${solver} solver): the pairs stay within the bounds, the dropped ones are reported, and after 5 s no two overlap by more than the slop`, () => {
      const { world, bodies } = spawn(n, kind, solver);
      const set = internals(world);
      world.step(1 / 60);
      // every pair is deep at first: each body holds at most MAX_CROWD_PAIRS_PER_SHAPE of them, where there
      // were n(n − 1)/2, and the rest are reported
      expect(set.dynamicPairCount).toBeGreaterThan(0);
      expect(set.dynamicPairCount).toBeLessThanOrEqual((n * MAX_CROWD_PAIRS_PER_SHAPE) / 2);
      expect(world.lastStepDroppedPairs).toBeGreaterThan(0);
      let dropped = world.lastStepDroppedPairs, lastDrop = 0;
      for (let step = 1; step < 300; step++) {
        world.step(1 / 60);
        expect(set.dynamicPairCount).toBeLessThanOrEqual(MAX_PAIRS_PER_DYNAMIC_SHAPE * n);
        // the contacts the step solved: the pairs with dynamic shapes and the ground's
        expect(world.contacts.length).toBeLessThanOrEqual(set.dynamicPairCount + n);
        if (world.lastStepDroppedPairs > 0) lastDrop = step;
        dropped += world.lastStepDroppedPairs;
      }
      expect(dropped).toBeGreaterThan(0);
      // the crowd has thinned: no pair turned away in the last 2 s
      expect(lastDrop).toBeLessThan(180);
      // (boxes: twice the slop. 2D boxes rest deeper in any pile: an ordinary one of 120 boxes dropped into
      // a 6 m pen, never a crowd, rests with pairs 13 mm into each other under its load; this one 5.5 mm)
      expect(deepestOverlap(bodies)).toBeLessThanOrEqual(kind === 'box' ? 2 * TOUCH_DISTANCE : TOUCH_DISTANCE);
      // spread out on the ground, not pushed into a column (given one normal for every pair, 250 circles
      // stack 263 m high); none through the ground
      let xMin = Infinity, xMax = -Infinity;
      for (const body of bodies) {
        expect(Number.isFinite(body.position[0] + body.position[1] + body.angle)).toBe(true);
        expect(body.position[1]).toBeGreaterThan(SIZE - TOUCH_DISTANCE);
        expect(body.position[1]).toBeLessThan(20 * SIZE);
        xMin = Math.min(xMin, body.position[0]);
        xMax = Math.max(xMax, body.position[0]);
      }
      // (a quarter of the width the n bodies take side by side)
      expect(xMax - xMin).toBeGreaterThan((n * 2 * SIZE) / 4);
    });
  }

  it('1000 circles at one point: the first step keeps at most the limit\'s pairs of the 499 500, and its searches stop early', () => {
    const n = 1000;
    const { world } = spawn(n, 'circle');
    const set = internals(world);
    world.step(1 / 60);
    expect(set.dynamicPairCount).toBeGreaterThan(0);
    expect(set.dynamicPairCount).toBeLessThanOrEqual((n * MAX_CROWD_PAIRS_PER_SHAPE) / 2);
    // the pairs kept: the dynamic ones and one with the ground per body
    expect(set.pairCount).toBeLessThanOrEqual(set.dynamicPairCount + n);
    // each body's search meets at most the candidates it turns away or passes over, the pairs it makes and
    // the pairs it has, and runs at most twice (once more in a shuffled order when cut in the tree's)
    expect(set.broadphase.searchVisits).toBeLessThanOrEqual(2 * n * (MAX_REFUSED_PAIRS_PER_SEARCH + 2 * MAX_CROWD_PAIRS_PER_SHAPE));
    expect(world.lastStepDroppedPairs).toBeGreaterThan(0);
    expect(world.contacts.length).toBeLessThanOrEqual(set.dynamicPairCount + n);
  });

  it('a crowd with kinematic and static shapes: their pairs are never turned away', () => {
    const world = new World2D({ gravity: [0, 0] });
    const platform = world.createBody({ type: 'kinematic', position: [0, 0], shapes: [{ type: 'box', halfExtents: [2, 2] }] });
    const post = world.createBody({ type: 'static', position: [0, 0], shapes: [{ type: 'box', halfExtents: [1, 1] }] });
    const n = 100;
    for (let i = 0; i < n; i++) world.createBody({ position: [0, 0], shapes: [shapeOf('circle')] });
    world.step(1 / 60);
    expect(world.lastStepDroppedPairs).toBeGreaterThan(0);
    let withPlatform = 0, withPost = 0;
    for (const contact of internals(world).list) {
      if (contact.bodyA === platform || contact.bodyB === platform) withPlatform++;
      if (contact.bodyA === post || contact.bodyB === post) withPost++;
    }
    expect(withPlatform).toBe(n);
    expect(withPost).toBe(n);
  });

  it('a snapshot of a crowd restores its pairs unbounded (they were within the bounds when saved) and counted, and the bounds hold after', () => {
    const { world, bodies } = spawn(120, 'circle');
    for (let step = 0; step < 10; step++) world.step(1 / 60);
    expect(world.lastStepDroppedPairs).toBeGreaterThan(0);
    const copy = World2D.restore(world.snapshot()), set = internals(copy);
    /** The pairs of two dynamic bodies in the contact set's list. */
    const dynamicPairs = (): number => set.list.filter((contact) => contact.bodyA.isDynamic && contact.bodyB.isDynamic).length;
    // the contacts with points come back, each counted as the broadphase's pairs are
    expect(copy.contacts.length).toBe(world.contacts.length);
    expect(set.dynamicPairCount).toBe(dynamicPairs());
    for (let step = 0; step < 290; step++) {
      copy.step(1 / 60);
      expect(set.dynamicPairCount).toBe(dynamicPairs());
      expect(set.dynamicPairCount).toBeLessThanOrEqual(MAX_PAIRS_PER_DYNAMIC_SHAPE * bodies.length);
    }
    expect(deepestOverlap(copy.bodies.filter((body) => body.isDynamic))).toBeLessThanOrEqual(TOUCH_DISTANCE);
  });
});

describe('2D ordinary scenes meet no bound', () => {
  it('a 20-row box pyramid and a pile of circles, boxes and capsules falling: nothing turned away, no deep pair, at any step', () => {
    const world = new World2D({ sleeping: false });
    world.createBody({ type: 'static', position: [0, -0.5], shapes: [{ type: 'box', halfExtents: [40, 0.5] }] });
    for (let row = 0; row < 20; row++) for (let i = 0; i < 20 - row; i++) {
      world.createBody({ position: [(i - (20 - row - 1) / 2) * 1.0, 0.5 + row * 1.0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    }
    for (let i = 0; i < 120; i++) {
      const k = i % 3;
      const shape = k === 0 ? { type: 'circle' as const, radius: 0.4 } : k === 1 ? { type: 'box' as const, halfExtents: [0.4, 0.3] } : { type: 'capsule' as const, radius: 0.2, halfHeight: 0.3 };
      world.createBody({ position: [(i % 12) * 1.1 - 6, 22 + Math.floor(i / 12) * 1.2], angle: 0.1 * i, shapes: [shape] });
    }
    for (let step = 0; step < 240; step++) {
      world.step(1 / 60);
      expect(world.lastStepDroppedPairs).toBe(0);
      for (const contact of internals(world).list) expect(contact.deepPair).toBe(false);
    }
  });

  it('boxes created overlapping their neighbours by 2 cm (a grid spaced 0.48 m for 0.5 m boxes) are not a crowd', () => {
    const world = new World2D();
    world.createBody({ type: 'static', position: [0, -0.5], shapes: [{ type: 'box', halfExtents: [40, 0.5] }] });
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) world.createBody({ position: [i * 0.48, 0.25 + j * 0.48], shapes: [shapeOf('box')] });
    for (let step = 0; step < 30; step++) {
      world.step(1 / 60);
      expect(world.lastStepDroppedPairs).toBe(0);
    }
  });
});
