// Bodies created at one point (a game's spawn point): the contact search keeps their pairs within its
// bounds (lib/limits.ts MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE,
// MAX_REFUSED_PAIRS_PER_SEARCH), says how many it turned away (world.lastStepDroppedPairs), and the
// contacts push the bodies apart along normals derived from their ids where their centres coincide
// (collision/narrowphase.ts), until no two overlap by more than the slop. The same scenes at 1000 and
// 10 000 bodies, with their step times and heap, are bench/overlap-spawn.mjs's. Ordinary scenes meet
// none of the bounds (the determinism and pile tests hold them bit for bit; here: nothing turned away).

import { describe, expect, it } from 'vitest';
import {
  MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE, MAX_REFUSED_PAIRS_PER_SEARCH, TOUCH_DISTANCE, World,
  type Body, type JointSolverKind,
} from '../lib/index.js';
import type { ContactConstraint } from '../lib/collision/contact-constraint.js';
import { Manifold } from '../lib/collision/manifold.js';
import { collide } from '../lib/collision/narrowphase.js';
import { ShapePose } from '../lib/collision/shape-pose.js';
import { DynamicTree } from '../lib/geometry/dynamic-tree.js';
import { validateTree } from '../lib/geometry/tree-validation.js';
import { buildScene, fallingPile } from '../lib/scenes/index.js';

/** The contact set's counts the tests read (internal). */
interface Internals {
  contactSet: {
    pairCount: number;
    dynamicPairCount: number;
    list: ContactConstraint[];
    asleep: ContactConstraint[];
    broadphase: { searchVisits: number };
  };
}
const internals = (world: World): Internals['contactSet'] => (world as unknown as Internals).contactSet;

const SIZE = 0.25; // sphere radius, box half extent, m
type Kind = 'sphere' | 'box';
const shapeOf = (kind: Kind) => (kind === 'box' ? { type: 'box' as const, halfExtents: [SIZE, SIZE, SIZE] } : { type: 'sphere' as const, radius: SIZE });

/** n bodies at one point, their lowest points SIZE above a static ground: a plane, or a static box. */
function spawn(n: number, kind: Kind, solver: JointSolverKind, ground: 'plane' | 'box' = 'plane'): { world: World; bodies: Body[] } {
  const world = new World({ solver });
  if (ground === 'plane') world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
  else world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'box', halfExtents: [50, 1, 50] }] });
  const bodies: Body[] = [];
  for (let i = 0; i < n; i++) bodies.push(world.createBody({ position: [0, 2 * SIZE, 0], shapes: [shapeOf(kind)] }));
  return { world, bodies };
}

const poseA = new ShapePose(), poseB = new ShapePose(), manifold = new Manifold();
/** The deepest overlap of any two of the bodies (each of one shape), m: 0 when none overlap. Every pair
 * whose centres are close enough to overlap, through the narrowphase with no margin (a query's manifold:
 * no body ids), independent of the contacts the world made. */
function deepestOverlap(bodies: readonly Body[]): number {
  let deepest = 0;
  for (let i = 0; i < bodies.length; i++) {
    const a = bodies[i], pa = a.position;
    poseA.set(a, a.shapes[0]);
    for (let j = i + 1; j < bodies.length; j++) {
      const b = bodies[j], pb = b.position;
      if ((pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2 + (pa[2] - pb[2]) ** 2 > 12 * SIZE * SIZE) continue; // farther than two box diagonals
      poseB.set(b, b.shapes[0]);
      collide(a.shapes[0], poseA, b.shapes[0], poseB, 0, manifold);
      for (let k = 0; k < manifold.count; k++) deepest = Math.max(deepest, -manifold.separations[k]);
    }
  }
  return deepest;
}

describe('bodies created at one point', () => {
  const cases: [Kind, JointSolverKind, number][] = [
    ['sphere', 'direct', 250], ['sphere', 'iterative', 250], ['box', 'direct', 200], ['box', 'iterative', 200],
  ];
  for (const [kind, solver, n] of cases) {
    it(`${n} ${kind === 'box' ? 'boxes' : 'spheres'} (${solver} solver): the pairs stay within the bounds, the dropped ones are reported, and after 5 s no two overlap by more than the slop`, () => {
      const { world, bodies } = spawn(n, kind, solver);
      const set = internals(world);
      world.step(1 / 60);
      // every pair is deep at first: each body holds at most MAX_CROWD_PAIRS_PER_SHAPE of them, where
      // there were n(n − 1)/2, and the rest are reported
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
      expect(deepestOverlap(bodies)).toBeLessThanOrEqual(TOUCH_DISTANCE);
      // all on the ground, none through it
      for (const body of bodies) {
        expect(Number.isFinite(body.position[0] + body.position[1] + body.position[2])).toBe(true);
        expect(body.position[1]).toBeGreaterThan(SIZE - TOUCH_DISTANCE);
      }
    });
  }

  it('on a static box for ground, the same: the crowd is pushed apart on it, none through it', () => {
    const { world, bodies } = spawn(120, 'box', 'direct', 'box');
    for (let step = 0; step < 300; step++) world.step(1 / 60);
    expect(deepestOverlap(bodies)).toBeLessThanOrEqual(TOUCH_DISTANCE);
    for (const body of bodies) expect(body.position[1]).toBeGreaterThan(SIZE - TOUCH_DISTANCE);
  });

  it('2000 at one point: the first step makes a few pairs a body, its searches stop early, and the heap grows by megabytes, far from the 2 million pairs', () => {
    const n = 2000;
    const heap = process.memoryUsage().heapUsed;
    const { world } = spawn(n, 'sphere', 'direct');
    const set = internals(world);
    world.step(1 / 60);
    // (garbage included: no collection is forced) 2 million contacts took gigabytes
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(200 * 2 ** 20);
    expect(set.dynamicPairCount).toBeLessThanOrEqual((n * MAX_CROWD_PAIRS_PER_SHAPE) / 2);
    // each body's search meets at most the candidates it turns away or passes over, the pairs it makes and
    // the pairs it has, and runs at most twice (once more in a shuffled order when cut in the tree's)
    expect(set.broadphase.searchVisits).toBeLessThanOrEqual(2 * n * (MAX_REFUSED_PAIRS_PER_SEARCH + 2 * MAX_CROWD_PAIRS_PER_SHAPE));
    expect(world.lastStepDroppedPairs).toBeGreaterThan(0);
    expect(world.contacts.length).toBeLessThanOrEqual(set.dynamicPairCount + n);
  });
});

describe('coincident centres', () => {
  /** The normals of the pairs of `n` bodies of `kind` at one point, after one step without gravity, by
   * the two bodies' ids. */
  function normals(kind: Kind, n: number): Map<string, number[]> {
    const world = new World({ gravity: [0, 0, 0] });
    for (let i = 0; i < n; i++) world.createBody({ position: [1, 2, 3], shapes: [shapeOf(kind)] });
    world.step(1 / 60);
    const out = new Map<string, number[]>();
    for (const contact of world.contacts) out.set(`${contact.bodyA.id} ${contact.bodyB.id}`, Array.from(contact.manifold.normal));
    return out;
  }

  it('each pair is pushed apart along a normal of its own, derived from the two body ids: the same in every run', () => {
    for (const kind of ['sphere', 'box'] as const) {
      const first = normals(kind, 3), again = normals(kind, 3);
      expect(first.size).toBe(3);
      expect([...again]).toEqual([...first]);
      const list = [...first.values()];
      for (const n of list) {
        expect(Math.hypot(n[0], n[1], n[2])).toBeCloseTo(1, 12);
        // not the one "straight up" every pair had
        expect(Math.abs(n[1])).toBeLessThan(1 - 1e-6);
      }
      // three different directions
      for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(list[i][0] * list[j][0] + list[i][1] * list[j][1] + list[i][2] * list[j][2]).toBeLessThan(0.999);
    }
    // spheres and boxes of the same two bodies: the same normal (it depends on the ids alone)
    expect(normals('sphere', 2).get('1 2')).toEqual(normals('box', 2).get('1 2'));
  });

  it('the manifold is one point at the separation that parts the shapes along that normal', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.2, 0.3] }] });
    world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
    world.step(1 / 60);
    const m = world.contacts[0].manifold, n = m.normal, h = [0.5, 0.2, 0.3];
    expect(m.count).toBe(1);
    // the box reaches Σ h_k |n_k| along n (axis-aligned), the sphere its radius
    const reach = h[0] * Math.abs(n[0]) + h[1] * Math.abs(n[1]) + h[2] * Math.abs(n[2]);
    expect(m.separations[0]).toBeCloseTo(-(reach + 0.1), 12);
    expect(a.id).toBe(world.contacts[0].bodyA.id);
  });

  it('only coincident centres: centres 1e-9 m apart still part along the line between them', () => {
    const world = new World({ gravity: [0, 0, 0] });
    world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
    world.createBody({ position: [1e-9, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
    world.step(1 / 60);
    expect(Array.from(world.contacts[0].manifold.normal)).toEqual([1, 0, 0]);
  });

  it('a query (no bodies named) keeps its normal: overlapShape at a body\'s centre still finds it', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
    expect(world.overlapShape({ type: 'sphere', radius: 0.25 }, [0, 1, 0], [0, 0, 0, 1]).map((hit) => hit.body)).toEqual([body]);
  });
});

describe('ordinary scenes meet no bound', () => {
  it('a falling pile of 200 mixed shapes: nothing turned away, no deep pair, at any step', () => {
    const description = fallingPile({ count: 200 });
    const { world } = buildScene(description, { sleeping: false });
    const set = internals(world);
    for (let step = 0; step < 240; step++) {
      world.step(description.dt);
      expect(world.lastStepDroppedPairs).toBe(0);
    }
    for (const list of [set.list, set.asleep]) for (const contact of list) expect(contact.deepPair).toBe(false);
  });

  it('boxes created overlapping their neighbours by 2 cm (a grid spaced 0.48 m for 0.5 m boxes) are not a crowd', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) for (let k = 0; k < 4; k++) {
      world.createBody({ position: [i * 0.48, 0.25 + j * 0.48, k * 0.48], shapes: [shapeOf('box')] });
    }
    for (let step = 0; step < 30; step++) {
      world.step(1 / 60);
      expect(world.lastStepDroppedPairs).toBe(0);
    }
  });
});

describe('DynamicTree.query with an order', () => {
  /** The leaves a query meets, in order, stopping after `limit`. */
  function met(tree: DynamicTree, order: number, limit = Infinity): number[] {
    const out: number[] = [];
    tree.query([0, 0, 0, 1, 1, 1], (_id, data) => {
      out.push(data);
      return out.length < limit;
    }, order);
    return out;
  }

  it('meets every overlapping leaf once, in an order of its own for each nonzero order, the same each time; stops when told', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 64; i++) tree.createProxy([0, 0, 0, 1, 1, 1], i);
    tree.rebuild();
    const inTreeOrder = met(tree, 0);
    expect([...inTreeOrder].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    const firsts = new Set<number>();
    for (let order = 1; order < 64; order += 2) {
      const leaves = met(tree, order);
      expect([...leaves].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i));
      expect(met(tree, order)).toEqual(leaves);
      firsts.add(leaves[0]);
    }
    // the orders start from many different leaves
    expect(firsts.size).toBeGreaterThan(8);
    expect(met(tree, 7, 5)).toEqual(met(tree, 7).slice(0, 5));
    validateTree(tree);
  });
});
