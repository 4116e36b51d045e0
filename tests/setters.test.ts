// Public fields: each writable one checks what it is given, throwing an error that names it and the bad
// value before anything changes; the others are read-only at run time too, not only to the compiler.

import { describe, expect, it } from 'vitest';
import { World, type Body, type Shape } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

/** Expects the assignment to throw `error` (a class and a message pattern) and the world's hash to stay. */
function expectRefused(world: World | World2D, assign: () => void, error: new (...args: never[]) => Error, message: RegExp): void {
  const before = world.hash();
  expect(assign).toThrow(error);
  expect(assign).toThrow(message);
  expect(world.hash()).toBe(before);
}

function boxWorld(): { world: World; box: Body; shape: Shape } {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const box = world.createBody({ position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
  world.step(1 / 60);
  return { world, box, shape: box.shapes[0] };
}

describe('body damping and gravity scale are checked (3D)', () => {
  it('refuses a negative, NaN or non-number damping and a non-finite or non-number gravity scale, the world unchanged', () => {
    const { world, box } = boxWorld();
    expectRefused(world, () => (box.linearDamping = -1), RangeError, /^linearDamping: linearDamping must be a finite number ≥ 0, got -1$/);
    expectRefused(world, () => (box.linearDamping = NaN), RangeError, /linearDamping must be a finite number ≥ 0, got NaN/);
    expectRefused(world, () => (box.angularDamping = -0.5), RangeError, /angularDamping must be a finite number ≥ 0, got -0.5/);
    expectRefused(world, () => (box.angularDamping = Infinity), RangeError, /angularDamping must be a finite number ≥ 0, got Infinity/);
    expectRefused(world, () => (box.gravityScale = '2' as never), RangeError, /gravityScale must be a finite number, got "2"/);
    expectRefused(world, () => (box.gravityScale = NaN), RangeError, /gravityScale must be a finite number, got NaN/);
    expect([box.linearDamping, box.angularDamping, box.gravityScale]).toEqual([0, 0, 1]);
  });

  it('takes good values, which the next step uses', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ linearVelocity: [1, 0, 0], angularVelocity: [0, 1, 0] });
    body.linearDamping = 2;
    body.angularDamping = 3;
    const h = 1 / 240;
    world.step(1 / 60);
    // v ← v / (1 + h c) on each of the 4 substeps
    expect(body.linearVelocity[0]).toBeCloseTo(1 / (1 + 2 * h) ** 4, 12);
    expect(body.angularVelocity[1]).toBeCloseTo(1 / (1 + 3 * h) ** 4, 12);
    world.setGravity([0, -10, 0]);
    body.linearDamping = 0;
    body.gravityScale = -0.5;
    world.step(1 / 60);
    expect(body.linearVelocity[1]).toBeCloseTo(5 / 60, 12);
  });

  it('a removed body refuses them', () => {
    const { world, box } = boxWorld();
    world.removeBody(box);
    expect(() => (box.linearDamping = 1)).toThrow(/linearDamping: body \d+ was removed from its world/);
  });
});

describe('shape friction, restitution and filter are checked', () => {
  it('refuses what createBody would refuse, the world unchanged', () => {
    const { world, shape } = boxWorld();
    expectRefused(world, () => (shape.friction = -0.1), RangeError, /^shape\.friction: friction must be a finite number ≥ 0, got -0.1$/);
    expectRefused(world, () => (shape.friction = NaN), RangeError, /friction must be a finite number ≥ 0, got NaN/);
    expectRefused(world, () => (shape.friction = '0.5' as never), RangeError, /friction must be a finite number ≥ 0, got "0.5"/);
    expectRefused(world, () => (shape.restitution = 1.5), RangeError, /^shape\.restitution: restitution must be in \[0, 1\], got 1.5$/);
    expectRefused(world, () => (shape.restitution = -0.1), RangeError, /restitution must be in \[0, 1\], got -0.1/);
    expectRefused(world, () => (shape.mask = 1.5), RangeError, /shape\.mask: mask must be an integer of 32 bits .* got 1.5/);
    expectRefused(world, () => (shape.category = 2 ** 32), RangeError, /category must be an integer of 32 bits .* got 4294967296/);
    expectRefused(world, () => (shape.group = 0.5), RangeError, /shape\.group: group must be an integer in ±2³¹, got 0.5/);
  });

  it('takes good values: a friction the contacts use, a mask written as ~bits', () => {
    const { world, shape } = boxWorld();
    shape.friction = 0.25;
    shape.restitution = 0.5;
    shape.mask = ~0b100;
    expect([shape.friction, shape.restitution, shape.mask]).toEqual([0.25, 0.5, 0xfffffffb]);
    shape.restitution = 0;
    // the contact hook is shown the pair's friction and restitution, mixed from the shapes' as they are now
    const seen: number[][] = [];
    world.onPreSolve = (pair) => void seen.push([pair.friction, pair.restitution]);
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(world.contacts.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    for (const [friction, restitution] of seen) expect([friction, restitution]).toEqual([Math.sqrt(0.25 * 0.6), 0]);
  });
});

describe("a joint's collideConnected", () => {
  /** Two overlapping boxes held together by a ball joint, without gravity. */
  const joinedBoxes = () => {
    const world = new World({ gravity: [0, 0, 0] });
    const shapes = [{ type: 'box' as const, halfExtents: [0.5, 0.5, 0.5] }];
    const a = world.createBody({ position: [0, 0, 0], shapes }), b = world.createBody({ position: [0.8, 0, 0], shapes });
    const joint = world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.4, 0, 0] });
    const touching = () => world.contacts.some((c) => (c.bodyA === a && c.bodyB === b) || (c.bodyA === b && c.bodyB === a));
    return { world, joint, touching };
  };

  it('turned on, the bodies collide in the very next step; turned off, they stop in the next', () => {
    const { world, joint, touching } = joinedBoxes();
    world.step(1 / 60);
    expect(touching()).toBe(false);
    joint.collideConnected = true;
    world.step(1 / 60);
    expect(touching()).toBe(true);
    joint.collideConnected = false;
    world.step(1 / 60);
    expect(touching()).toBe(false);
    joint.collideConnected = true;
    world.step(1 / 60);
    expect(touching()).toBe(true);
  });

  it('refuses anything but true or false, the world unchanged', () => {
    const { world, joint } = joinedBoxes();
    world.step(1 / 60);
    expectRefused(world, () => (joint.collideConnected = 'yes' as never), TypeError, /^collideConnected: collideConnected must be true or false, got "yes"$/);
    expectRefused(world, () => (joint.collideConnected = 1 as never), TypeError, /collideConnected must be true or false, got 1/);
    expect(joint.collideConnected).toBe(false);
  });

  it('a snapshot keeps it', () => {
    const { world, joint } = joinedBoxes();
    joint.collideConnected = true;
    world.step(1 / 60);
    const restored = World.restore(world.snapshot());
    expect(restored.joints[0].collideConnected).toBe(true);
    restored.step(1 / 60);
    world.step(1 / 60);
    expect(restored.hash()).toBe(world.hash());
  });
});

describe("a ball joint's limit setters", () => {
  it('refuse a bad twist or swing limit before making the limit parts: the world unchanged', () => {
    // setTwistLimit made the joint's limit parts (saved by snapshots) before checking, so a refused call
    // changed the hash (random-seed fuzz)
    const world = new World();
    const joint = world.createBallJoint({ bodyA: world.createBody(), anchor: [-3, -3, -3] });
    expectRefused(world, () => joint.setTwistLimit(-3, NaN), RangeError, /setTwistLimit: upper must be a number in \[-3\.14\d*, 3\.14\d*\], got NaN/);
    expectRefused(world, () => joint.setTwistLimit(1, -1), RangeError, /setTwistLimit: lower \(1\) must not exceed upper \(-1\)/);
    expectRefused(world, () => joint.setSwingLimit(0), RangeError, /setSwingLimit/);
    joint.setTwistLimit(-1, 1);
    expect(joint.twistLimit).toEqual([-1, 1]);
  });
});

describe('world callbacks are checked when set', () => {
  const names = ['onJointBreak', 'onBodyInvalid', 'onContactBegin', 'onContactEnd', 'onSensorBegin', 'onSensorEnd', 'onContactForce', 'onPreSolve'] as const;

  it('refuses a callback that is not a function or null (3D), keeping the one set', () => {
    const { world } = boxWorld();
    for (const name of names) {
      const callback = () => {};
      world[name] = callback;
      expectRefused(world, () => ((world as unknown as Record<string, unknown>)[name] = 5), TypeError, new RegExp(`^${name}: ${name} must be a function, got 5$`));
      expect(world[name]).toBe(callback);
      world[name] = null;
      expect(world[name]).toBeNull();
    }
  });

  it('a number given as onJointBreak no longer throws inside a later step', () => {
    const world = new World();
    const body = world.createBody({ position: [0, -1, 0] });
    world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], breakForce: 1 });
    expect(() => (world.onJointBreak = 5 as never)).toThrow(TypeError);
    expect(() => world.step(1 / 60)).not.toThrow();
    expect(world.joints[0].broken).toBe(true);
  });

  it('World2D.onJointBreak too', () => {
    const world = new World2D();
    world.createBody({ position: [0, 1] });
    expectRefused(world, () => (world.onJointBreak = 'x' as never), TypeError, /^onJointBreak: onJointBreak must be a function, got "x"$/);
    world.onJointBreak = null;
  });
});

describe('2D bodies: damping, gravity scale and torque are checked', () => {
  it('refuses bad values, the world unchanged, and takes good ones', () => {
    const world = new World2D();
    const body = world.createBody({ position: [0, 1] });
    world.step(1 / 60);
    expectRefused(world, () => (body.linearDamping = -1), RangeError, /^linearDamping: linearDamping must be a finite number ≥ 0, got -1$/);
    expectRefused(world, () => (body.angularDamping = NaN), RangeError, /angularDamping must be a finite number ≥ 0, got NaN/);
    expectRefused(world, () => (body.gravityScale = '1' as never), RangeError, /gravityScale must be a finite number, got "1"/);
    expectRefused(world, () => (body.torque = NaN), RangeError, /^torque: torque must be a finite number, got NaN$/);
    body.gravityScale = 0;
    body.torque = 2;
    const before = body.linearVelocity[1];
    world.step(1 / 60);
    expect(body.linearVelocity[1]).toBe(before);
    expect(body.angularVelocity).toBeGreaterThan(0);
    expect(body.torque).toBe(0);
  });
});

describe('identity fields and held arrays are read-only', () => {
  it('3D: a body’s id and shapes, a joint’s bodies, a world’s ground, gravity and lists', () => {
    const { world, box } = boxWorld();
    const joint = world.createBallJoint({ bodyA: box, anchor: [0, 3, 0] });
    const writes: [string, () => void][] = [
      ['shapes', () => ((box as { shapes: unknown }).shapes = null)],
      ['id', () => ((box as { id: unknown }).id = 7)],
      ['bodyA', () => ((joint as { bodyA: unknown }).bodyA = world.ground)],
      ['bodyB', () => ((joint as { bodyB: unknown }).bodyB = box)],
      ['id', () => ((joint as { id: unknown }).id = 9)],
      ['ground', () => ((world as { ground: unknown }).ground = box)],
      ['gravity', () => ((world as { gravity: unknown }).gravity = [0, 0, 0])],
      ['bodies', () => ((world as { bodies: unknown }).bodies = [])],
      ['joints', () => ((world as { joints: unknown }).joints = [])],
      ['radius', () => ((box.shapes[0] as { radius: unknown }).radius = 2)],
      ['halfExtents', () => ((box.shapes[0] as { halfExtents: unknown }).halfExtents = [1, 1, 1])],
    ];
    for (const [name, write] of writes) expectRefused(world, write, TypeError, new RegExp(name));
    // the shapes array itself is frozen
    expectRefused(world, () => (box.shapes as Shape[]).push(box.shapes[0]), TypeError, /object is not extensible|Cannot add property/);
    expect(() => world.step(1 / 60)).not.toThrow();
  });

  it('the character controller’s settings, which its parts hold copies of', () => {
    const world = new World();
    const controller = world.createCharacterController({ shape: { radius: 0.3, halfHeight: 0.6 } });
    expect(() => ((controller as { stepHeight: unknown }).stepHeight = 1)).toThrow(/stepHeight/);
    expect(() => ((controller as { up: unknown }).up = [0, 0, 1])).toThrow(/up/);
    expect(controller.stepHeight).toBe(0.25);
  });

  it('2D: a body’s id, a joint’s bodies and reference angle', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0, 1] }), b = world.createBody({ position: [1, 1] });
    const joint = world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1] });
    const writes: [string, () => void][] = [
      ['id', () => ((a as { id: unknown }).id = 3)],
      ['bodyA', () => ((joint as { bodyA: unknown }).bodyA = b)],
      ['referenceAngle', () => ((joint as { referenceAngle: unknown }).referenceAngle = 1)],
      ['ground', () => ((world as { ground: unknown }).ground = a)],
    ];
    for (const [name, write] of writes) expectRefused(world, write, TypeError, new RegExp(name));
  });
});
