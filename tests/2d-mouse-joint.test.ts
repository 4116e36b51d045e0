// The 2D mouse joint: dragging a block on a pendulum follows the 3D mouse joint to round-off under both
// solvers (the same scene in World and World2D), and in 2D alone: a dragged body settles at the target
// (gravity off) or sags below it by g / ω² (the spring's stiffness m ω²), the force cap holds (the body
// falls at g − F_max / m, the readout is F_max); snapshots, toOptions, setTarget, bad input.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';
import { World2D, type Body2D } from '../lib/2d/index.js';
import { planarAngle } from '../lib/2d/planar.js';

const DT = 1 / 60;
const G = 9.81;
type Solver = 'direct' | 'iterative';
const SOLVERS: Solver[] = ['direct', 'iterative'];

/** A block hung from a hinge (a revolute joint in 2D) at (0, 3), in both worlds. */
function hungBlock(solver: Solver): { world3d: World; world2d: World2D; b3: Body; b2: Body2D } {
  const world3d = new World({ solver });
  const world2d = new World2D({ solver });
  world3d.sleeping = false;
  world2d.sleeping = false;
  const b3 = world3d.createBody({ position: [0.5, 2, 0], orientation: [0, 0, Math.sin(0.15), Math.cos(0.15)], mass: 2, inertia: [0.1, 0.1, 0.1] });
  const b2 = world2d.createBody({ position: [0.5, 2], angle: 0.3, mass: 2, inertia: 0.1 });
  world3d.createHingeJoint({ bodyA: world3d.ground, bodyB: b3, anchor: [0, 3, 0], axis: [0, 0, 1] });
  world2d.createRevoluteJoint({ bodyA: world2d.ground, bodyB: b2, anchor: [0, 3] });
  return { world3d, world2d, b3, b2 };
}

function difference(b3: Body, b2: Body2D): number {
  let angle = planarAngle(b3.orientation) - b2.angle;
  angle -= 2 * Math.PI * Math.round(angle / (2 * Math.PI));
  return Math.max(
    Math.abs(b3.position[0] - b2.position[0]), Math.abs(b3.position[1] - b2.position[1]), Math.abs(angle),
    Math.abs(b3.linearVelocity[0] - b2.linearVelocity[0]), Math.abs(b3.linearVelocity[1] - b2.linearVelocity[1]),
    Math.abs(b3.angularVelocity[2] - b2.angularVelocity),
  );
}

describe('2D mouse joint against its 3D form', () => {
  for (const solver of SOLVERS) {
    for (const spring of [{ hertz: 4, dampingRatio: 0.5 }, { stiffness: 300, damping: 5 }]) {
      it(`dragging a hung block by a corner round a circle agrees with 3D to round-off (${solver}, ${Object.keys(spring).join(' and ')})`, () => {
        const { world3d, world2d, b3, b2 } = hungBlock(solver);
        const options = { anchor: [0.6, 2.1], target: [0.6, 2.1], maxForce: 60, ...spring };
        const m3 = world3d.createMouseJoint({ body: b3, ...options, anchor: [0.6, 2.1, 0], target: [0.6, 2.1, 0] });
        const m2 = world2d.createMouseJoint({ body: b2, ...options });
        let worst = 0, outOfPlane = 0;
        for (let i = 0; i < 180; i++) {
          const t = i * DT, target = [0.6 + 0.8 * Math.sin(2 * t), 2.1 + 0.5 * (1 - Math.cos(3 * t))];
          m3.setTarget([target[0], target[1], 0]);
          m2.setTarget(target);
          world3d.step(DT);
          world2d.step(DT);
          worst = Math.max(worst, difference(b3, b2));
          outOfPlane = Math.max(outOfPlane, Math.abs(b3.position[2]), Math.abs(b3.angularVelocity[0]), Math.abs(b3.angularVelocity[1]));
        }
        expect(outOfPlane).toBeLessThan(1e-12);
        expect(worst).toBeLessThan(1e-9);
        const f3 = m3.getForce([0, 0, 0]), f2 = m2.getForce([0, 0]);
        expect(Math.abs(f3[0] - f2[0]) + Math.abs(f3[1] - f2[1])).toBeLessThan(1e-8);
        expect(Math.abs(m3.getError() - m2.getError())).toBeLessThan(1e-9);
        // the cap of 60 N bit at times (the circle is fast): the force never passed it
        expect(Math.hypot(f2[0], f2[1])).toBeLessThanOrEqual(60 * (1 + 1e-12));
      });
    }
  }
});

describe('2D mouse joint: the physics', () => {
  it('a body dragged by its centre settles at the target without gravity, to 1e-6 m', () => {
    const world = new World2D({ gravity: [0, 0] });
    world.sleeping = false;
    // held at its centre (held off it, a spinning body keeps spinning about the held point)
    const body = world.createBody({ position: [0, 0], angle: 0.4, mass: 3, inertia: 0.2, linearVelocity: [1, -2] });
    const mouse = world.createMouseJoint({ body, target: [2, 1] });
    for (let i = 0; i < 300; i++) world.step(DT);
    expect(mouse.getError()).toBeLessThan(1e-6);
    const pulled = mouse.getAnchor([0, 0]);
    expect(Math.abs(pulled[0] - 2) + Math.abs(pulled[1] - 1)).toBeLessThan(1e-6);
    expect(Math.hypot(...(mouse.getForce([0, 0]) as number[]))).toBeLessThan(1e-4);
    // moved: it follows
    mouse.setTarget([-1, 0.5]);
    expect(mouse.getTarget([0, 0])).toEqual([-1, 0.5]);
    for (let i = 0; i < 300; i++) world.step(DT);
    expect(mouse.getError()).toBeLessThan(1e-6);
  });

  it('under gravity a body held at its centre sags g / ω² below the target (the spring m ω²) to 1e-9, and the readout is m g', () => {
    for (const hertz of [2, 5]) {
      const world = new World2D();
      world.sleeping = false;
      const m = 2.5;
      const body = world.createBody({ position: [1, 2], mass: m, inertia: 0.1 });
      const mouse = world.createMouseJoint({ body, target: [1, 2], hertz, dampingRatio: 1 });
      for (let i = 0; i < 600; i++) world.step(DT);
      const omega = 2 * Math.PI * hertz, sag = G / (omega * omega);
      expect(Math.abs(2 - body.position[1] - sag) / sag).toBeLessThan(1e-9);
      expect(Math.abs(body.position[0] - 1)).toBeLessThan(1e-12);
      expect(Math.abs(mouse.getForce([0, 0])[1] - m * G) / (m * G)).toBeLessThan(1e-6);
    }
  });

  it('the force cap holds: a body held with F_max = m g / 2 falls at g / 2 and the readout is F_max', () => {
    const world = new World2D();
    world.sleeping = false;
    const m = 2, cap = (m * G) / 2;
    const body = world.createBody({ position: [0, 0], mass: m, inertia: 0.1 });
    const mouse = world.createMouseJoint({ body, target: [0, 0], maxForce: cap, hertz: 30 });
    // a stiff spring: within a few steps the sag calls for more than the cap, which then holds
    for (let i = 0; i < 10; i++) world.step(DT);
    const v0 = body.linearVelocity[1];
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      const f = mouse.getForce([0, 0]);
      expect(Math.abs(Math.hypot(f[0], f[1]) - cap) / cap).toBeLessThan(1e-12);
    }
    expect(Math.abs((body.linearVelocity[1] - v0) - (-G / 2) * 60 * DT)).toBeLessThan(1e-9);
    mouse.maxForce = 10 * cap;
    expect(mouse.maxForce).toBe(10 * cap);
  });
});

describe('2D mouse joint: the API', () => {
  it('survives snapshots bit for bit, and toOptions makes the same joint', () => {
    for (const solver of SOLVERS) {
      const { world2d: world, b2 } = hungBlock(solver);
      const mouse = world.createMouseJoint({ body: b2, anchor: [0.6, 2.1], target: [1.5, 2.5], stiffness: 200, maxForce: 80, userData: 'hand' });
      for (let i = 0; i < 20; i++) world.step(DT);
      const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
      expect(restored.joints.map((j) => j.type)).toEqual(['revolute', 'mouse']);
      for (let i = 0; i < 60; i++) {
        world.step(DT);
        restored.step(DT);
      }
      expect(restored.hash()).toBe(world.hash());
      const options = mouse.toOptions();
      expect(options).toMatchObject({ body: b2, target: [1.5, 2.5], stiffness: 200, damping: 1.4 * Math.sqrt(200 * 2), maxForce: 80, userData: 'hand' });
      const copy = world.createMouseJoint(options);
      expect(Math.abs(copy.getError() - mouse.getError())).toBeLessThan(1e-12);
      world.removeJoint(copy);
      // back to a spring by frequency
      mouse.hertz = 3;
      expect(mouse.toOptions()).toMatchObject({ hertz: 3, dampingRatio: 0.7 });
      expect(mouse.stiffness).toBe(0);
    }
  });

  it('the pulled point stays on the body when a shape moves its centre of mass', () => {
    const world = new World2D({ gravity: [0, 0] });
    const body = world.createBody({ shapes: [{ type: 'box', halfExtents: [0.5, 0.2] }] });
    const mouse = world.createMouseJoint({ body, anchor: [0.4, 0.1], target: [1, 1] });
    body.addShape({ type: 'circle', radius: 0.3, position: [-0.8, 0] });
    const pulled = mouse.getAnchor([0, 0]);
    expect(Math.abs(pulled[0] - 0.4) + Math.abs(pulled[1] - 0.1)).toBeLessThan(1e-12);
    expect(mouse.getTarget([0, 0])).toEqual([1, 1]);
  });

  it('refuses bad input with the 3D joint\'s messages, changing nothing', () => {
    const world = new World2D(), world3d = new World();
    const body = world.createBody({ mass: 1, inertia: 0.1 }), wall = world.createBody({ type: 'static' });
    const body3 = world3d.createBody({ mass: 1 }), wall3 = world3d.createBody({ type: 'static' });
    const cases: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [{ body: wall }, { body: wall3 }, /body \d+ is static; only dynamic bodies can be dragged/],
      [{ body, maxForce: 0 }, { body: body3, maxForce: 0 }, /maxForce must be a finite number > 0, got 0/],
      [{ body, hertz: 1e300 }, { body: body3, hertz: 1e300 }, /hertz must be at most 1e6 Hz/],
      [{ body, hertz: 2, stiffness: 10 }, { body: body3, hertz: 2, stiffness: 10 }, /not both/],
      [{ body, dampingRatio: -1 }, { body: body3, dampingRatio: -1 }, /dampingRatio/],
      [{ body, bodyA: body }, { body: body3, bodyA: body3 }, /bodyA/],
    ];
    for (const [options2, options3, message] of cases) {
      let error2 = '', error3 = '';
      try {
        world.createMouseJoint(options2 as never);
      } catch (e) {
        error2 = (e as Error).message;
      }
      try {
        world3d.createMouseJoint(options3 as never);
      } catch (e) {
        error3 = (e as Error).message;
      }
      expect(error2, JSON.stringify(Object.keys(options2))).toMatch(message);
      expect(error2).toBe(error3);
    }
    const hash = world.hash();
    expect(() => world.createMouseJoint({ body, target: [Number.NaN, 0] })).toThrow(/target must hold 2 finite numbers/);
    expect(() => world.createMouseJoint({ body, maxForce: 1e300 })).toThrow(/createMouseJoint: maxForce must be at most/);
    expect(() => world.createMouseJoint({ body, target: [1e300, 0] })).toThrow(/createMouseJoint: target/);
    expect(() => world.createMouseJoint({ body: new World2D().createBody() })).toThrow(/createMouseJoint: body/);
    expect(world.hash()).toBe(hash);
    expect(() => world.createMouseJoint({ body, anchor: [0, 0, 0] as never })).toThrow(/anchor must be an array of 2 numbers/);
    expect(world.joints.length).toBe(0);
    const mouse = world.createMouseJoint({ body, target: [1, 1] });
    expect(() => mouse.setTarget([1, Number.POSITIVE_INFINITY])).toThrow(/setTarget: target must hold 2 finite numbers/);
    expect(mouse.getTarget([0, 0])).toEqual([1, 1]);
    expect(() => (mouse.maxForce = -1)).toThrow(/maxForce/);
    world.removeJoint(mouse);
    expect(() => mouse.setTarget([0, 0])).toThrow(/was removed from its world/);
  });
});
