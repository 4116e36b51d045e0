// Determinism and snapshots: the same scene gives bitwise the same state on every run (a pinned hash),
// and a snapshot restored into a new world continues bit for bit.

import { describe, expect, it } from 'vitest';
import { World, boxInertia } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import { buildScene, fallingHingedChains, hangingChain, weldedCantilever } from '../lib/scenes/index.js';
import { buildScene2D } from '../lib/2d/index.js';

import { REFERENCE_HASH_1000 } from './reference-hash.js';

function referenceHash(steps: number): { hash: string; world: World } {
  const { world } = buildScene(fallingHingedChains());
  for (let i = 0; i < steps; i++) world.step(1 / 60);
  return { hash: world.hash(), world };
}

describe('determinism', () => {
  it('the reference scene (every joint type, a break) hashes the same on every run', () => {
    const first = referenceHash(1000);
    const second = referenceHash(1000);
    expect(second.hash).toBe(first.hash);
    expect(first.hash).toBe(REFERENCE_HASH_1000);
    expect(first.world.joints.some((joint) => joint.broken)).toBe(true); // the weld broke on the way
    expect(first.world.contacts.length).toBeGreaterThan(0); // and the chains lie on the ground
  }, 30_000);

  it('the hash changes with any bit of state', () => {
    const { world, hash } = referenceHash(10);
    const body = world.bodies[3];
    const x = body.position[0];
    body.setPosition([x + Number.EPSILON * Math.abs(x), body.position[1], body.position[2]]);
    expect(world.hash()).not.toBe(hash);
  });
});

describe('snapshots', () => {
  it('500 steps, snapshot, 500 more; restored, 500 again: the same hash (3D reference scene, contacts included)', () => {
    const { world } = buildScene(fallingHingedChains());
    for (let i = 0; i < 500; i++) world.step(1 / 60);
    expect(world.contacts.length).toBeGreaterThan(0); // the chains lie on the ground: warm-start impulses to keep
    const snapshot = JSON.parse(JSON.stringify(world.snapshot())); // through JSON, as it would be stored
    for (let i = 0; i < 500; i++) world.step(1 / 60);
    const restored = World.restore(snapshot);
    expect(restored.bodies).toHaveLength(world.bodies.length);
    for (let i = 0; i < 500; i++) restored.step(1 / 60);
    expect(restored.hash()).toBe(world.hash());
    expect(restored.time).toBe(world.time);
    expect(restored.joints.map((j) => j.broken)).toEqual(world.joints.map((j) => j.broken));
  }, 30_000);

  it('a snapshot taken between a break and the next step keeps the breaking readout and clears it as the original does', () => {
    const world = new World();
    const block = world.createBody({ position: [0, -0.5, 0], mass: 10, inertia: boxInertia(10, [0.5, 0.5, 0.5]) });
    const weld = world.createWeldJoint({ bodyA: block, anchor: [0, 0, 0], breakForce: 50 });
    world.step(1 / 60);
    expect(weld.broken).toBe(true);
    const restored = World.restore(world.snapshot());
    expect(restored.joints[0].broken).toBe(true);
    expect(restored.joints[0].getForceMagnitude()).toBe(weld.getForceMagnitude());
    world.step(1 / 60);
    restored.step(1 / 60);
    expect(restored.hash()).toBe(world.hash());
    expect(restored.joints[0].getForceMagnitude()).toBe(0);
  });

  it('changed settings, removed bodies, springs and a mouse joint survive a snapshot', () => {
    const { world, bodies } = buildScene(hangingChain(12), { substeps: 6, gyroscopic: false });
    world.removeBody(bodies[11]);
    world.joints[3].hertz = 5;
    world.jointHertz = 40;
    const mouse = world.createMouseJoint({ body: bodies[5], target: [3, 1, 0], maxForce: 200 });
    for (let i = 0; i < 100; i++) world.step(1 / 60);
    const restored = World.restore(world.snapshot());
    expect(restored.substeps).toBe(6);
    expect(restored.gyroscopic).toBe(false);
    expect(restored.jointHertz).toBe(40);
    expect(restored.joints[3].hertz).toBe(5);
    mouse.setTarget([4, 0, 0]);
    (restored.joints.at(-1) as typeof mouse).setTarget([4, 0, 0]);
    for (let i = 0; i < 100; i++) {
      world.step(1 / 60);
      restored.step(1 / 60);
    }
    expect(restored.hash()).toBe(world.hash());
    // ids continue where the original's would
    expect(restored.createBody({}).id).toBe(world.createBody({}).id);
  });

  it('2D: a snapshot of World2D continues bit for bit', () => {
    const { world } = buildScene2D(weldedCantilever());
    for (let i = 0; i < 200; i++) world.step(1 / 60);
    const snapshot = world.snapshot();
    for (let i = 0; i < 200; i++) world.step(1 / 60);
    const restored = World2D.restore(snapshot);
    for (let i = 0; i < 200; i++) restored.step(1 / 60);
    expect(restored.hash()).toBe(world.hash());
  });

  it('refuses what is not a snapshot, naming what is wrong', () => {
    expect(() => World.restore({ format: 'nope' } as never)).toThrow(/World.restore: not a sinew-world snapshot, got format "nope"/);
    const world = new World();
    world.createBody({});
    const snapshot = world.snapshot();
    expect(() => World2D.restore(snapshot)).toThrow(/not a sinew-world-2d snapshot/);
    expect(() => World.restore({ ...snapshot, numbers: snapshot.numbers.slice(0, 8) })).toThrow(/ends early|whole float64/);
  });
});
