// Kinematic bodies driven by pose targets (Body.moveKinematic): they reach the pose at the end of the
// step with the velocities that take them there, and what rides on them is carried.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

const DT = 1 / 60;

/** q for a turn of `angle` rad about the unit axis (x, y, z). */
function turn(x: number, y: number, z: number, angle: number): number[] {
  const s = Math.sin(angle / 2);
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

describe('moveKinematic', () => {
  it('reaches the target pose at the end of the step, with the velocities that take it there', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ type: 'kinematic', position: [1, 2, 3], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const target = turn(0, 0.6, 0.8, 0.5);
    body.moveKinematic([1.3, 2, 2.4], target);
    world.step(DT);
    expect(Array.from(body.position)).toEqual([1.3, 2, 2.4]);
    expect(Array.from(body.orientation)).toEqual(target);
    // v = Δx / dt, ω = axis · angle / dt
    expect(body.linearVelocity[0]).toBeCloseTo(0.3 / DT, 9);
    expect(body.linearVelocity[2]).toBeCloseTo(-0.6 / DT, 9);
    expect(body.angularVelocity[0]).toBeCloseTo(0, 12);
    expect(body.angularVelocity[1]).toBeCloseTo((0.6 * 0.5) / DT, 9);
    expect(body.angularVelocity[2]).toBeCloseTo((0.8 * 0.5) / DT, 9);
    // with no new target it stops where it is
    world.step(DT);
    expect(Array.from(body.position)).toEqual([1.3, 2, 2.4]);
    expect(Array.from(body.linearVelocity)).toEqual([0, 0, 0]);
    expect(Array.from(body.angularVelocity)).toEqual([0, 0, 0]);
  });

  it('turns the shorter way, keeps its orientation when given none, and lands on a path of targets exactly', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ type: 'kinematic', orientation: turn(1, 0, 0, 0.2) });
    // −q is the same rotation as q: no turn at all
    const q = Array.from(body.orientation, (v) => -v);
    body.moveKinematic([0, 0, 0], q);
    world.step(DT);
    expect(Math.hypot(...body.angularVelocity)).toBeLessThan(1e-12);
    // a turn of 3.5 rad about x is one of 2π − 3.5 the other way round
    body.moveKinematic([0, 0, 0], turn(1, 0, 0, 0.2 + 3.5));
    world.step(DT);
    expect(body.angularVelocity[0]).toBeCloseTo(-(2 * Math.PI - 3.5) / DT, 6);
    // position only: the orientation stays
    const before = Array.from(body.orientation);
    body.moveKinematic([0, 1, 0]);
    world.step(DT);
    expect(Array.from(body.orientation)).toEqual(before);
    // 600 targets along a circle: every step ends exactly on its target
    for (let i = 1; i <= 600; i++) {
      const a = 0.01 * i;
      const target = [Math.cos(a), 1, Math.sin(a)];
      body.moveKinematic(target, turn(0, 1, 0, a));
      world.step(DT);
      expect(Array.from(body.position)).toEqual(target);
    }
  });

  it('carries a stack of 5 boxes on a platform moving up and down at 2 m/s: none leaves what is under it by 1 mm', () => {
    const world = new World();
    const half = 0.25;
    const platform = world.createBody({ type: 'kinematic', shapes: [{ type: 'box', halfExtents: [2, 0.1, 2] }] });
    const boxes: Body[] = [];
    for (let i = 0; i < 5; i++) {
      boxes.push(world.createBody({ position: [0, 0.1 + half + i * 2 * half, 0], shapes: [{ type: 'box', halfExtents: [half, half, half] }] }));
    }
    for (let i = 0; i < 60; i++) world.step(DT); // settle
    // y = sin(2t): peak speed 2 m/s, peak acceleration 4 m/s² (less than g: nothing is thrown)
    let worstGap = 0;
    for (let i = 1; i <= 600; i++) {
      const t = i * DT;
      platform.moveKinematic([0, Math.sin(2 * t), 0]);
      world.step(DT);
      let below = platform.position[1] + 0.1;
      for (const box of boxes) {
        worstGap = Math.max(worstGap, box.position[1] - half - below);
        below = box.position[1] + half;
      }
    }
    expect(worstGap).toBeLessThan(1e-3);
    for (const box of boxes) expect(Math.hypot(box.position[0], box.position[2])).toBeLessThan(0.01);
  });

  it('turns a box standing on a turning disc with it', () => {
    const world = new World();
    const disc = world.createBody({ type: 'kinematic', shapes: [{ type: 'box', halfExtents: [3, 0.1, 3] }] });
    const box = world.createBody({ position: [1.5, 0.35, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    for (let i = 0; i < 30; i++) world.step(DT);
    // 1 rad/s about y (turn(0, 1, 0, yaw) takes x toward −z): the friction it takes to carry the box,
    // ω² r = 1.5 m/s², is well inside μ g. It slips while it spins up (0.25 s), then rides.
    const polar = () => Math.atan2(-box.position[2], box.position[0]);
    const heading = () => Math.atan2(-box.rotation[2], box.rotation[0]);
    const radius = () => Math.hypot(box.position[0], box.position[2]);
    let yaw = 0, step = 0;
    const turnFor = (steps: number) => {
      for (let i = 0; i < steps; i++) {
        yaw = ++step * DT;
        disc.moveKinematic([0, 0, 0], turn(0, 1, 0, yaw));
        world.step(DT);
      }
    };
    turnFor(60);
    const lag = polar() - yaw, headingLag = heading() - yaw, r0 = radius();
    expect(Math.abs(lag)).toBeLessThan(0.2);
    turnFor(120);
    // two more radians: where it stands on the disc, and which way it faces there, are kept
    expect(Math.abs(polar() - yaw - lag)).toBeLessThan(0.005);
    expect(Math.abs(heading() - yaw - headingLag)).toBeLessThan(0.005);
    expect(box.angularVelocity[1]).toBeCloseTo(1, 2);
    expect(Math.hypot(box.linearVelocity[0], box.linearVelocity[2])).toBeCloseTo(radius(), 1);
    // (the contacts keep their lever arms for the step, so the box runs a polygon a little outside the
    // circle: r (ω dt)² / 2 a step, 1.3 cm/s here)
    expect(radius() - r0).toBeLessThan(0.03);
  });

  it('refuses bodies that are not kinematic and bad poses, changing nothing', () => {
    const world = new World();
    const dynamic = world.createBody({});
    const fixed = world.createBody({ type: 'static' });
    const kinematic = world.createBody({ type: 'kinematic' });
    expect(() => dynamic.moveKinematic([0, 1, 0])).toThrow(/moveKinematic: body \d+ is dynamic; only a kinematic body/);
    expect(() => fixed.moveKinematic([0, 1, 0])).toThrow(/is static/);
    const hash = world.hash();
    expect(() => kinematic.moveKinematic([0, NaN, 0])).toThrow(/moveKinematic: position/);
    expect(() => kinematic.moveKinematic([0, 1, 0], [0, 0, 0, 2])).toThrow(/moveKinematic: orientation must be a unit quaternion/);
    world.step(DT);
    const twin = new World();
    twin.createBody({});
    twin.createBody({ type: 'static' });
    twin.createBody({ type: 'kinematic' });
    twin.step(DT);
    expect(world.hash()).toBe(twin.hash());
    expect(hash).not.toBe(world.hash()); // (the step itself moved time on)
  });

  it('a velocity set after a target drops the target', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ type: 'kinematic' });
    body.moveKinematic([1, 0, 0]);
    body.setLinearVelocity([0, 1, 0]);
    world.step(DT);
    world.step(DT);
    expect(body.position[0]).toBe(0);
    expect(body.position[1]).toBeCloseTo(2 * DT, 12);
  });

  it('a target set before a snapshot is kept by it: the restored world steps bit for bit the same', () => {
    const world = new World();
    const platform = world.createBody({ type: 'kinematic', shapes: [{ type: 'box', halfExtents: [2, 0.1, 2] }] });
    world.createBody({ position: [0, 0.4, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    for (let i = 0; i < 20; i++) world.step(DT);
    platform.moveKinematic([0, 0.05, 0], turn(0, 1, 0, 0.02));
    const copy = World.restore(world.snapshot());
    world.step(DT);
    copy.step(DT);
    expect(copy.hash()).toBe(world.hash());
    // and the step after, with no new target (the platform stops), too
    world.step(DT);
    copy.step(DT);
    expect(copy.hash()).toBe(world.hash());
    expect(Array.from(copy.bodies[0].linearVelocity)).toEqual([0, 0, 0]);
  });
});

describe('moveKinematic in 2D', () => {
  it('reaches the target pose exactly, and a pendulum hung from it swings as in 3D', () => {
    const world2 = new World2D();
    const world3 = new World();
    const holder2 = world2.createBody({ type: 'kinematic', position: [0, 2] });
    const holder3 = world3.createBody({ type: 'kinematic', position: [0, 2, 0] });
    const bob2 = world2.createBody({ position: [1, 2], mass: 1, inertia: 0.1 });
    const bob3 = world3.createBody({ position: [1, 2, 0], mass: 1, inertia: [0.1, 0.1, 0.1] });
    world2.createRevoluteJoint({ bodyA: holder2, bodyB: bob2, anchor: [0, 2] });
    world3.createBallJoint({ bodyA: holder3, bodyB: bob3, anchor: [0, 2, 0] });
    for (let i = 1; i <= 120; i++) {
      const x = 0.5 * Math.sin(3 * i * DT), angle = 0.3 * Math.sin(2 * i * DT);
      holder2.moveKinematic([x, 2], angle);
      holder3.moveKinematic([x, 2, 0], turn(0, 0, 1, angle));
      world2.step(DT);
      world3.step(DT);
      expect(holder2.position[0]).toBe(x);
      expect(holder2.angle).toBe(angle);
    }
    expect(bob2.position[0]).toBeCloseTo(bob3.position[0], 9);
    expect(bob2.position[1]).toBeCloseTo(bob3.position[1], 9);
    expect(Math.abs(bob3.position[2])).toBeLessThan(1e-12);
    expect(() => bob2.moveKinematic([0, 0])).toThrow(/only a kinematic body/);
  });
});
