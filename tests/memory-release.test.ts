// Giving memory back: removed bodies, joints and shapes are not kept reachable by the world's pools, and
// the pools, arenas, trees and scratch arrays shrink once most of what they hold is gone (lib/util/arena.ts),
// without changing a bit of the simulation. Checked through the internals (heap figures are in
// bench/memory.mjs): what a pooled contact holds, how much room each store keeps.

import { validateTree } from '../lib/geometry/tree-validation.js';
import type { DynamicTree } from '../lib/geometry/dynamic-tree.js';
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';
import { addSceneToWorld, fallingPile } from '../lib/scenes/index.js';
import { Float64Arena, SHRINK_AFTER, ShrinkCheck, setShrinking } from '../lib/util/arena.js';
import type { ContactConstraint } from '../lib/collision/contact-constraint.js';

interface Internals {
  registry: { arena: Float64Arena };
  contactSet: {
    contactCapacity: number;
    arenaCapacity: number;
    pooled: readonly ContactConstraint[];
    list: ContactConstraint[];
    asleep: ContactConstraint[];
    solver: { data: Float64Array };
    broadphase: { arenaCapacity: number; trees: { nodeCapacity: number; proxyCount: number }[] };
  };
}
const internals = (world: World): Internals => world as unknown as Internals;

/** A second of steps and then some: every store has been under a quarter used for SHRINK_AFTER steps. */
const SETTLE = SHRINK_AFTER + 10;

function pile(count: number): World {
  const world = new World({ sleeping: false });
  addSceneToWorld(world, fallingPile({ count }));
  for (let i = 0; i < 60; i++) world.step(1 / 60);
  return world;
}

/** Whether a pooled contact holds nothing of a pair (no body, shape or proxy). */
function holdsNothing(contact: ContactConstraint): boolean {
  return contact.bodyA === null && contact.bodyB === null && contact.shapeA === null && contact.shapeB === null &&
    contact.proxyA === null && contact.proxyB === null && contact.children === null;
}

describe('memory release', () => {
  it('a cleared pile gives back its contacts, their arena, the bodies\' arena, the trees and the rows', () => {
    const world = pile(1000);
    const set = internals(world).contactSet;
    const before = {
      contacts: set.contactCapacity, contactArena: set.arenaCapacity,
      nodes: set.broadphase.trees[2].nodeCapacity, rows: set.solver.data.length, bodyArena: internals(world).registry.arena.capacity,
    };
    expect(before.contacts).toBeGreaterThan(2000);
    for (const body of [...world.bodies]) world.removeBody(body);
    for (let i = 0; i < SETTLE; i++) world.step(1 / 60);
    expect(set.contactCapacity).toBeLessThanOrEqual(256);
    expect(set.arenaCapacity).toBeLessThan(before.contactArena / 4);
    expect(set.broadphase.trees[2].nodeCapacity).toBeLessThanOrEqual(64);
    expect(set.solver.data.length).toBeLessThan(before.rows / 4);
    // every chunk of the bodies' arena let go but the one being filled
    expect(internals(world).registry.arena.capacity).toBeLessThan(before.bodyArena / 4);
    for (const tree of set.broadphase.trees) validateTree(tree as unknown as DynamicTree);
  });

  it('the sleep search\'s union-find arrays follow the awake bodies down once most are asleep or gone', () => {
    // bodies at rest in empty space: the search that puts them to sleep holds them all
    const world = new World({ gravity: [0, 0, 0] });
    for (let i = 0; i < 2000; i++) world.createBody({ position: [i % 50, Math.floor(i / 50), 0] });
    const islands = (world as unknown as { pipeline: { islands: { parent: Int32Array; slowest: Float64Array } } }).pipeline.islands;
    let steps = 0;
    while (world.bodies.some((body) => body.isAwake) && steps < 600) {
      world.step(1 / 60);
      steps++;
    }
    expect(islands.parent.length).toBeGreaterThanOrEqual(2000);
    for (const body of world.bodies.slice(10)) world.removeBody(body);
    for (let i = 0; i < SETTLE; i++) world.step(1 / 60);
    expect(islands.parent.length).toBe(64);
    expect(islands.slowest.length).toBe(64);
    // the bodies left sleep again once woken, within as many steps as the first time
    for (const body of world.bodies) body.wake();
    let again = 0;
    while (world.bodies.some((body) => body.isAwake) && again < 600) {
      world.step(1 / 60);
      again++;
    }
    expect(world.bodies.every((body) => !body.isAwake)).toBe(true);
    expect(again).toBeLessThanOrEqual(steps);
  });

  it('no pooled contact holds a removed body or shape, from the step after the removal', () => {
    const world = pile(300);
    const set = internals(world).contactSet;
    const removed = world.bodies.filter((_, i) => i % 2 === 0);
    for (const body of removed) world.removeBody(body);
    world.step(1 / 60);
    expect(set.pooled.length).toBeGreaterThan(0);
    expect(set.pooled.every(holdsNothing)).toBe(true);
    const gone = new Set<Body>(removed);
    for (const contact of [...set.list, ...set.asleep]) {
      expect(gone.has(contact.bodyA) || gone.has(contact.bodyB)).toBe(false);
    }
  });

  it('a world steps bit for bit the same whether its stores shrink or not, and after bodies are added again', () => {
    /** The hash after each step: a cleared pile, a few survivors scattered among the removed (every store
     * mostly empty), then bodies added again. */
    const run = (): { hashes: string[]; capacities: number[] } => {
      const world = pile(1000);
      const set = internals(world).contactSet, hashes: string[] = [], capacities = [set.contactCapacity];
      const bodies = [...world.bodies];
      for (let i = 0; i < bodies.length; i++) if (i % 40 !== 7) world.removeBody(bodies[i]);
      for (let i = 0; i < SETTLE; i++) {
        world.step(1 / 60);
        hashes.push(world.hash());
      }
      capacities.push(set.contactCapacity);
      addSceneToWorld(world, fallingPile({ count: 300 }));
      for (let i = 0; i < 60; i++) {
        world.step(1 / 60);
        hashes.push(world.hash());
      }
      return { hashes, capacities };
    };
    const shrinking = run();
    setShrinking(false);
    try {
      const kept = run();
      expect(kept.capacities[1]).toBeGreaterThanOrEqual(kept.capacities[0]); // nothing given back
      expect(shrinking.capacities[1]).toBeLessThan(shrinking.capacities[0] / 4); // given back
      expect(shrinking.hashes).toEqual(kept.hashes);
    } finally {
      setShrinking(true);
    }
  });

  it('adding and removing a body and a joint again and again keeps the bodies\' arena from growing', () => {
    const world = new World();
    const arena = internals(world).registry.arena;
    const live = arena.live;
    let capacity = 0;
    for (let cycle = 0; cycle < 3000; cycle++) {
      const body = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
      const joint = world.createBallJoint({ bodyA: body, anchor: [0, 2, 0] });
      if (cycle % 10 === 0) world.step(1 / 60);
      world.removeJoint(joint);
      world.removeBody(body);
      capacity = Math.max(capacity, arena.capacity);
    }
    expect(arena.live).toBe(live);
    expect(capacity).toBeLessThanOrEqual(3 * 4096);
  });

  it('a removed body still reads its last state after the arena let go of its chunk', () => {
    const world = new World();
    const first = world.createBody({ position: [1, 2, 3] });
    world.removeBody(first);
    // enough bodies to fill the chunk first lies in and more: none takes its numbers
    const others: Body[] = [];
    for (let i = 0; i < 200; i++) others.push(world.createBody({ position: [i, 0, 0] }));
    expect(Array.from(first.position)).toEqual([1, 2, 3]);
    for (const body of others) expect(first.state.buffer === body.state.buffer && first.state.byteOffset === body.state.byteOffset).toBe(false);
  });
});

describe('Float64Arena', () => {
  it('lets go of a chunk once all its slices are released, and never hands a slice out twice', () => {
    const arena = new Float64Arena(8);
    const a = arena.allocate(4), b = arena.allocate(4);
    const c = arena.allocate(4); // a second chunk
    expect(arena.capacity).toBe(16);
    a.fill(1);
    arena.release(a);
    arena.release(b);
    expect(arena.capacity).toBe(8);
    expect(arena.live).toBe(4);
    const d = arena.allocate(4);
    expect(d.buffer).toBe(c.buffer);
    expect(Array.from(a)).toEqual([1, 1, 1, 1]);
    expect(arena.chunkOf(d)).not.toBe(arena.chunkOf(a));
  });

  it('a recording arena hands over the slices allocated since it last did', () => {
    const arena = new Float64Arena(64, true);
    const a = arena.allocate(3), b = arena.allocate(5);
    expect(arena.takeAllocated()).toEqual([a, b]);
    expect(arena.takeAllocated()).toEqual([]);
  });
});

describe('BroadPhase', () => {
  it('moves the proxies that outlive most others to a fresh arena, and its trees shrink', () => {
    const world = new World();
    const bodies: Body[] = [];
    for (let i = 0; i < 6000; i++) bodies.push(world.createBody({ position: [(i % 80) * 2, 0, Math.floor(i / 80) * 2], shapes: [{ type: 'sphere', radius: 0.2 }] }));
    world.setGravity([0, 0, 0]);
    world.step(1 / 60);
    const broadphase = internals(world).contactSet.broadphase, proxies = broadphase.arenaCapacity, nodes = broadphase.trees[2].nodeCapacity;
    for (let i = 0; i < bodies.length; i++) if (i % 100 !== 0) world.removeBody(bodies[i]);
    world.step(1 / 60);
    expect(broadphase.arenaCapacity).toBeLessThan(proxies / 2);
    expect(broadphase.trees[2].nodeCapacity).toBeLessThan(nodes / 4);
    expect(broadphase.trees[2].proxyCount).toBe(60);
    validateTree(broadphase.trees[2] as unknown as DynamicTree);
    // the survivors' boxes came along: the one left of each row of the grid still meets a ball dropped on it
    const ball = world.createBody({ position: [0, 0.39, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    world.step(1 / 60);
    expect(world.contacts.some((contact) => contact.bodyA === ball || contact.bodyB === ball)).toBe(true);
  });
});

describe('ShrinkCheck', () => {
  it('is due only after SHRINK_AFTER checks in a row under a quarter used, above the minimum', () => {
    const check = new ShrinkCheck();
    for (let i = 1; i < SHRINK_AFTER; i++) expect(check.due(10, 100, 16)).toBe(false);
    expect(check.due(10, 100, 16)).toBe(true);
    // a scene that swings back up within the window never shrinks
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < SHRINK_AFTER - 1; i++) expect(check.due(10, 100, 16)).toBe(false);
      expect(check.due(60, 100, 16)).toBe(false);
    }
    // nor a store at its minimum
    for (let i = 0; i < 2 * SHRINK_AFTER; i++) expect(check.due(0, 16, 16)).toBe(false);
  });
});
