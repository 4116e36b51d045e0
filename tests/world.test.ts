// World bookkeeping: removal, callbacks, body types, and joints to the world.

import { describe, expect, it } from 'vitest';
import { BallJoint, boxInertia, World } from '../lib/index.js';

const DT = 1 / 60;

describe('world contents', () => {
  it('removeBody also removes its joints, and the rest keep working', () => {
    const world = new World();
    const a = world.createBody({ position: [0.5, 0, 0] });
    const b = world.createBody({ position: [1.5, 0, 0] });
    const c = world.createBody({ position: [2.5, 0, 0] });
    world.createBallJoint({ bodyA: a, anchor: [0, 0, 0] });
    world.createBallJoint({ bodyA: a, bodyB: b, anchor: [1, 0, 0] });
    const bc = world.createWeldJoint({ bodyA: b, bodyB: c, anchor: [2, 0, 0] });
    world.step(DT);
    world.removeBody(a);
    expect(world.bodies).toEqual([b, c]);
    expect(world.joints).toEqual([bc]);
    expect(() => world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0] })).toThrow(/bodyA \(body \d+\) is not in this world \(removed\)/);
    expect(() => world.removeBody(a)).toThrow(/not in this world/);
    for (let i = 0; i < 60; i++) world.step(DT);
    // b and c fall together, welded
    expect(b.linearVelocity[1]).toBeLessThan(-5);
    expect(bc.getLinearError()).toBeLessThan(1e-3);
  });

  it('removeJoint stops the joint acting; removing it twice is an error', () => {
    const world = new World();
    const body = world.createBody();
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 1, 0] });
    world.removeJoint(joint);
    world.step(DT);
    expect(body.linearVelocity[1]).toBeCloseTo(-9.81 * DT, 12);
    expect(() => world.removeJoint(joint)).toThrow(/removeJoint: joint \d+ is not in this world/);
  });

  it('the ground cannot be removed, and a joint without bodyB holds to it', () => {
    const world = new World();
    expect(() => world.removeBody(world.ground)).toThrow(/ground cannot be removed/);
    const body = world.createBody({ position: [0, -1, 0] });
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
    expect(joint.bodyB).toBe(world.ground);
    for (let i = 0; i < 120; i++) world.step(DT);
    // the readout is the force on bodyB, the world anchor: the body's weight pulling down
    const force = [0, 0, 0];
    joint.getForce(force);
    expect(force[1]).toBeCloseTo(-9.81, 6);
  });

  it('a break callback may remove bodies and joints, and each break is reported once', () => {
    const world = new World();
    const removed: number[] = [];
    world.onJointBreak = ({ joint }) => {
      removed.push(joint.id);
      world.removeBody(joint.bodyA);
    };
    const bodies = [0, 1, 2].map((i) => world.createBody({ position: [i * 2, 0, 0], mass: 10 }));
    for (const body of bodies) world.createBallJoint({ bodyA: body, anchor: [body.position[0], 1, 0], breakForce: 50 });
    world.step(DT);
    expect(removed).toHaveLength(3);
    expect(world.bodies).toHaveLength(0);
    expect(world.joints).toHaveLength(0);
    world.step(DT);
    expect(removed).toHaveLength(3);
  });

  it('step cannot be called from inside a callback', () => {
    const world = new World();
    const body = world.createBody({ mass: 10 });
    world.createBallJoint({ bodyA: body, anchor: [0, 1, 0], breakForce: 1 });
    let error: unknown = null;
    world.onJointBreak = () => {
      try {
        world.step(DT);
      } catch (e) {
        error = e;
      }
    };
    world.step(DT);
    // breaks are reported after the step finishes, but a step from the callback would run inside it
    expect(error).toEqual(new Error('step: called from inside a step callback'));
    expect(world.stepCount).toBe(1);
  });
});

describe('body types', () => {
  it('a kinematic body moves at its velocity and drives what is joined to it', () => {
    const world = new World();
    const carrier = world.createBody({ type: 'kinematic', linearVelocity: [1, 0, 0], angularVelocity: [0, 0.5, 0] });
    const load = world.createBody({ position: [0, -1, 0], mass: 2 });
    world.createWeldJoint({ bodyA: carrier, bodyB: load, anchor: [0, 0, 0] });
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(carrier.position[0]).toBeCloseTo(1, 12);
    expect(carrier.linearVelocity[0]).toBe(1);
    expect(carrier.angularVelocity[1]).toBe(0.5);
    // the welded load follows the carrier
    expect(load.position[0]).toBeCloseTo(1, 2);
    expect(load.position[1]).toBeCloseTo(-1, 2);
  });

  it('static bodies never move, and their world inverse inertia stays zero', () => {
    const world = new World();
    const wall = world.createBody({ type: 'static', position: [1, 2, 3] });
    const body = world.createBody({ position: [2, 2, 3] });
    world.createBallJoint({ bodyA: wall, bodyB: body, anchor: [1.5, 2, 3] });
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(Array.from(wall.position)).toEqual([1, 2, 3]);
    expect(Array.from(wall.inverseInertiaWorld)).toEqual(new Array(9).fill(0));
    expect(wall.inverseMass).toBe(0);
  });

  it('a heavy body far from its pivot is capped at maxLinearSpeed, never NaN', () => {
    const world = new World({ maxLinearSpeed: 50 });
    const body = world.createBody({ linearVelocity: [1e4, 0, 0] });
    world.step(DT);
    expect(Math.hypot(...body.linearVelocity)).toBeLessThanOrEqual(50 + 1e-9);
  });
});

describe('joints report their anchors', () => {
  it('getAnchorA and getAnchorB coincide when the joint holds', () => {
    const world = new World();
    const a = world.createBody({ position: [0, 0, 0], orientation: [0, 0, Math.sin(0.3), Math.cos(0.3)] });
    const b = world.createBody({ position: [1, 0.5, 0], inertia: boxInertia(1, [0.5, 0.5, 0.5]) });
    const joint = world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.4, 0.7, -0.2] }) as BallJoint;
    const pa = [0, 0, 0], pb = [0, 0, 0];
    joint.getAnchorA(pa);
    joint.getAnchorB(pb);
    for (let i = 0; i < 3; i++) {
      expect(pa[i]).toBeCloseTo([0.4, 0.7, -0.2][i], 12);
      expect(pb[i]).toBeCloseTo(pa[i], 12);
    }
  });
});
