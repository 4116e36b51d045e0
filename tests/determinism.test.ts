// Determinism and snapshots: the same scene gives bitwise the same state on every run (a pinned hash),
// and a snapshot restored into a new world continues bit for bit.

import { describe, expect, it } from 'vitest';
import { World, boxInertia } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import { buildScene, fallingHingedChains, hangingChain, weldedCantilever } from '../lib/scenes/index.js';
import { buildScene2D } from '../lib/2d/index.js';

import { REFERENCE_HASH_1000, REFERENCE_HASH_ITERATIVE_1000 } from './reference-hash.js';
import { withoutExactSubsteps } from './helpers.js';

/** The reference scene at the default settings, or with `solver`. */
function referenceHash(steps: number, solver?: 'iterative' | 'direct'): { hash: string; world: World } {
  const { world } = buildScene(fallingHingedChains(), solver === undefined ? {} : { solver });
  for (let i = 0; i < steps; i++) world.step(1 / 60);
  return { hash: world.hash(), world };
}

describe('determinism', () => {
  it('the reference scene (every joint type, a break) at the default settings (the direct solver) hashes the same on every run', () => {
    const first = referenceHash(1000);
    const second = referenceHash(1000);
    expect(first.world.solver).toBe('direct');
    expect(second.hash).toBe(first.hash);
    expect(first.hash).toBe(REFERENCE_HASH_1000);
    expect(first.world.joints.some((joint) => joint.broken)).toBe(true); // the weld broke on the way
    expect(first.world.contacts.length).toBeGreaterThan(0); // and the chains lie on the ground
  }, 30_000);

  it('the reference scene with the iterative solver hashes the same on every run', () => {
    const first = referenceHash(1000, 'iterative');
    expect(referenceHash(1000, 'iterative').hash).toBe(first.hash);
    expect(first.hash).toBe(REFERENCE_HASH_ITERATIVE_1000);
    expect(first.world.joints.some((joint) => joint.broken)).toBe(true);
    expect(first.world.contacts.length).toBeGreaterThan(0);
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

  it("a hinge's motor and limit torque readouts survive a snapshot; a version 2 snapshot (before them) restores with them at 0", () => {
    const world = new World({ gravity: [0, 0, 0] });
    const rod = world.createBody({ position: [0.5, 0, 0], mass: 1, inertia: boxInertia(1, [0.5, 0.05, 0.05]) });
    const hinge = world.createHingeJoint({
      bodyA: world.ground, bodyB: rod, anchor: [0, 0, 0], axis: [0, 0, 1], upperAngle: 0.2, motor: { speed: 1, maxForce: 5 },
    });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(hinge.getMotorTorque()).toBeCloseTo(5, 9); // pressed into its stop
    world.contactIterations = world.iterations; // what a snapshot before version 4 restores it to
    world.exactSubsteps = world.substeps; // and before version 8
    const snapshot = world.snapshot();
    const restored = World.restore(snapshot).joints[0] as typeof hinge;
    expect(restored.getMotorTorque()).toBe(hinge.getMotorTorque());
    expect(restored.getLimitTorque()).toBe(hinge.getLimitTorque());
    // version 2 had no readouts: the hinge's state ends with them, then its two frames (8 numbers); nor
    // contactIterations (after gravity, substeps and iterations), nor exactSubsteps (after substeps)
    const bytes = Buffer.from(withoutExactSubsteps(snapshot.numbers, 3), 'base64');
    const numbers = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    const at = numbers.length - 10, contactIterationsAt = 3 + 2;
    expect([numbers[at], numbers[at + 1]]).toEqual([hinge.getMotorTorque(), hinge.getLimitTorque()]);
    expect(numbers[contactIterationsAt]).toBe(2);
    const old = Float64Array.from([
      ...numbers.subarray(0, contactIterationsAt), ...numbers.subarray(contactIterationsAt + 1, at), ...numbers.subarray(at + 2),
    ]);
    const fromOld = World.restore({ ...snapshot, version: 2, numbers: Buffer.from(old.buffer).toString('base64') });
    expect((fromOld.joints[0] as typeof hinge).getMotorTorque()).toBe(0);
    world.step(1 / 60);
    fromOld.step(1 / 60);
    expect(fromOld.hash()).toBe(world.hash());
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
