// The documented ranges (lib/limits.ts, README "Limits") in 2D: the same bounds as in 3D, refused with a
// RangeError naming the call and the value and leaving the world's hash as it was; the largest and
// smallest accepted values step 200 steps without NaN.

import { describe, expect, it } from 'vitest';
import { World2D, type Body2D, type Body2DOptions } from '../lib/2d/index.js';
import {
  MAX_ANGULAR_SPEED, MAX_FORCE, MAX_HERTZ, MAX_INERTIA, MAX_ITERATIONS, MAX_LINEAR_SPEED, MAX_MASS, MAX_SUBSTEPS, MAX_TIME_STEP, MAX_TORQUE,
  MIN_INERTIA, MIN_MASS, MIN_TIME_STEP,
} from '../lib/limits.js';

function expectRefused(world: World2D, action: () => unknown, message: RegExp): void {
  const before = world.hash();
  expect(action).toThrow(RangeError);
  expect(action).toThrow(message);
  expect(world.hash()).toBe(before);
}

/** A pendulum: a body on a revolute joint to the ground. */
function pendulum(options: ConstructorParameters<typeof World2D>[0] = {}, body: Body2DOptions = {}): { world: World2D; bob: Body2D } {
  const world = new World2D(options);
  const bob = world.createBody({ position: [1, 0], ...body });
  world.createRevoluteJoint({ bodyA: bob, anchor: [0, 0] });
  return { world, bob };
}

function expectFiniteRun(world: World2D, steps = 200, dt = 1 / 60): void {
  for (let i = 0; i < steps; i++) world.step(dt);
  for (const body of world.bodies) {
    for (const x of [...body.position, body.angle, ...body.linearVelocity, body.angularVelocity]) expect(Number.isFinite(x)).toBe(true);
  }
}

describe('World2D keeps its step and settings to their ranges', () => {
  const { world } = pendulum();
  world.step(1 / 60);
  const cases: [string, () => unknown, RegExp][] = [
    ['step(1e6)', () => world.step(1e6), /step: dt must be at most 1 s \(README, "Limits"\), got 1000000$/],
    ['step(5e-324)', () => world.step(5e-324), /step: dt must be at least 1e-9 s .*got 5e-324$/],
    ['fixedTimeStep = 1e20', () => (world.fixedTimeStep = 1e20), /fixedTimeStep must be at most 1 s .*got 100000000000000000000$/],
    ['substeps = 1e12', () => (world.substeps = 1e12), /substeps must be at most 64 .*got 1000000000000$/],
    ['iterations = 1e12', () => (world.iterations = 1e12), /iterations must be at most 1000 .*got 1000000000000$/],
    ['maxLinearSpeed = 1e300', () => (world.maxLinearSpeed = 1e300), /maxLinearSpeed must be at most 1e6 m\/s .*got 1e\+300$/],
    ['maxAngularSpeed = 1e300', () => (world.maxAngularSpeed = 1e300), /maxAngularSpeed must be at most 1e6 rad\/s .*got 1e\+300$/],
  ];
  for (const [name, action, message] of cases) it(`${name} is refused`, () => expectRefused(world, action, message));

  it('the constructor refuses them too', () => {
    expect(() => new World2D({ substeps: 100 })).toThrow(/World2D: substeps must be at most 64 .*got 100$/);
    expect(() => new World2D({ fixedTimeStep: 5 })).toThrow(/World2D: fixedTimeStep must be at most 1 s .*got 5$/);
  });

  it('the extreme steps, counts and speed limits run 200 steps without NaN', () => {
    expectFiniteRun(pendulum().world, 200, MAX_TIME_STEP);
    expectFiniteRun(pendulum().world, 200, MIN_TIME_STEP);
    expectFiniteRun(pendulum({ substeps: MAX_SUBSTEPS }).world);
    expectFiniteRun(pendulum({ substeps: 1, iterations: MAX_ITERATIONS, relaxIterations: MAX_ITERATIONS }).world);
    const fast = pendulum({ maxLinearSpeed: MAX_LINEAR_SPEED, maxAngularSpeed: MAX_ANGULAR_SPEED }, { linearVelocity: [0, MAX_LINEAR_SPEED], angularVelocity: -MAX_ANGULAR_SPEED });
    expectFiniteRun(fast.world);
  });
});

describe('Body2D keeps masses, inertias, speeds, forces and impulses to their ranges', () => {
  const { world, bob } = pendulum();
  world.step(1 / 60);
  const bodyCases: [string, Body2DOptions, RegExp][] = [
    ['mass 5e-324', { mass: 5e-324 }, /createBody: mass must be at least 1e-12 kg .*got 5e-324$/],
    ['mass 1e300', { mass: 1e300 }, /createBody: mass must be at most 1e20 kg .*got 1e\+300$/],
    ['inertia 5e-324', { inertia: 5e-324 }, /createBody: inertia must be at least 1e-30 kg·m² .*got 5e-324$/],
    ['inertia 1e40', { inertia: 1e40 }, /createBody: inertia must be at most 1e34 kg·m² .*got 1e\+40$/],
    ['linearVelocity of 1e154 m/s', { linearVelocity: [0, 1e154] }, /createBody: linearVelocity \[0, 1e\+154\] has magnitude 1e\+154 m\/s, more than the 1e6 m\/s allowed/],
    ['angularVelocity of 1e150 rad/s', { angularVelocity: -1e150 }, /createBody: angularVelocity must be at least -1e6 rad\/s .*got -1e\+150$/],
    ['a kinematic body with a mass', { type: 'kinematic', mass: 2 }, /createBody: a kinematic body has no mass or inertia, got mass 2/],
    ['a static body with an inertia', { type: 'static', inertia: 2 }, /createBody: a static body has no mass or inertia, got inertia 2/],
  ];
  for (const [name, options, message] of bodyCases) it(`${name} is refused`, () => expectRefused(world, () => world.createBody(options), message));

  it('setLinearVelocity past 1e6 m/s', () =>
    expectRefused(world, () => bob.setLinearVelocity([1e154, 0]), /setLinearVelocity: velocity \[1e\+154, 0\] has magnitude 1e\+154 m\/s/));
  it('setAngularVelocity past 1e6 rad/s', () =>
    expectRefused(world, () => bob.setAngularVelocity(1e150), /setAngularVelocity: velocity must be at most 1e6 rad\/s .*got 1e\+150$/));
  it('setMassProperties out of range', () => {
    expectRefused(world, () => bob.setMassProperties(5e-324), /setMassProperties: mass must be at least 1e-12 kg/);
    expectRefused(world, () => bob.setMassProperties(1, 1e40), /setMassProperties: inertia must be at most 1e34 kg·m²/);
    const heavy = world.createBody({ position: [5, 5], mass: 1, inertia: 1e30 });
    expectRefused(world, () => heavy.setMassProperties(1e5), /setMassProperties: the inertia scaled to mass 100000 must be at most 1e34 kg·m² .*got 1e\+35$/);
    world.removeBody(heavy);
  });
  it('applyForce past 1e30 N, and twice to past it', () => {
    expectRefused(world, () => bob.applyForce([1e308, 0]), /applyForce: force \[1e\+308, 0\] would make the body's force \[1e\+308, 0\] N, more than the 1e30 N per axis/);
    bob.applyForce([0.6 * MAX_FORCE, 0]);
    expectRefused(world, () => bob.applyForce([0.6 * MAX_FORCE, 0]), /would make the body's force \[1.2e\+30, 0\] N/);
    expect(bob.force[0]).toBe(0.6 * MAX_FORCE);
    bob.applyForce([-0.6 * MAX_FORCE, 0]);
  });
  it('applyForce at a point so far that the torque overflows', () =>
    expectRefused(world, () => bob.applyForce([1e29, 0], [0, 1e300]), /applyForce: force \[1e\+29, 0\] at \[0, 1e\+300\] would make the body's torque -Infinity N·m/));
  it('applyTorque past 1e30 N·m', () =>
    expectRefused(world, () => bob.applyTorque(2e30), /applyTorque: torque 2e\+30 would make the body's torque 2e\+30 N·m, more than the 1e30 N·m/));
  it('applyLinearImpulse that would pass 1e6 m/s', () =>
    expectRefused(world, () => bob.applyLinearImpulse([1e300, 0]), /applyLinearImpulse: impulse \[1e\+300, 0\] would give body \d+ a speed of 1e\+300 m\/s/));

  it('the extreme masses and inertias, pushed by the largest force and torque, run 200 steps without NaN', () => {
    for (const [mass, inertia] of [[MIN_MASS, MIN_INERTIA], [MAX_MASS, MAX_INERTIA], [MIN_MASS, MAX_INERTIA], [MAX_MASS, MIN_INERTIA]]) {
      const { world: w, bob: b } = pendulum({}, { mass, inertia });
      for (let i = 0; i < 200; i++) {
        b.applyForce([MAX_FORCE, -MAX_FORCE]);
        b.applyTorque(MAX_TORQUE);
        expectFiniteRun(w, 1);
      }
    }
  });

  it('a kinematic body made dynamic takes the default mass, and setMassProperties gives it another', () => {
    const w = new World2D();
    const body = w.createBody({ type: 'kinematic' });
    body.setType('dynamic');
    body.setMassProperties(MAX_MASS, MAX_INERTIA);
    expect(body.mass).toBe(MAX_MASS);
  });
});

describe('2D speed cap and servo stiffness', () => {
  it('a body written to 1e200 m/s moves at maxLinearSpeed, in the same direction', () => {
    const world = new World2D({ gravity: [0, 0] });
    const body = world.createBody();
    body.linearVelocity.set([3e200, -4e200]);
    world.step(1 / 60);
    expect(Math.hypot(...body.linearVelocity)).toBeCloseTo(world.maxLinearSpeed, 9);
    expect(body.linearVelocity[0] / body.linearVelocity[1]).toBeCloseTo(-0.75, 12);
  });

  it('a servo or spring of 1e300 Hz is refused; at MAX_HERTZ it runs 200 steps without NaN', () => {
    const { world, bob } = pendulum();
    const other = world.createBody({ position: [2, 0] });
    expectRefused(world, () => world.createRevoluteJoint({ bodyA: bob, bodyB: other, anchor: [1.5, 0], servo: { target: 0, hertz: 1e300 } }),
      /createRevoluteJoint: servo hertz must be at most 1e6 Hz .*got 1e\+300$/);
    expectRefused(world, () => world.createWeldJoint({ bodyA: bob, bodyB: other, anchor: [1.5, 0], hertz: 1e300 }), /hertz must be at most 1e6 Hz .*got 1e\+300$/);
    world.createRevoluteJoint({ bodyA: bob, bodyB: other, anchor: [1.5, 0], servo: { target: 0.5, hertz: MAX_HERTZ } });
    expectFiniteRun(world, 200, MAX_TIME_STEP);
  });
});

describe('2D joint motors, friction and impulses keep to their ranges', () => {
  const world = new World2D();
  const a = world.createBody({ position: [0, 1] }), b = world.createBody({ position: [1, 1] });
  const hinge = world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1] });
  world.step(1 / 60);
  const cases: [string, () => unknown, RegExp][] = [
    ['a motor at 1e308 rad/s', () => world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1], motor: { speed: 1e308 } }), /createRevoluteJoint: motor speed must be at most 1e6 rad\/s .*got 1e\+308$/],
    ['setMotor at -1e308 rad/s', () => hinge.setMotor({ speed: -1e308 }), /setMotor: motor speed must be at least -1e6 rad\/s .*got -1e\+308$/],
    ['a motor maxForce of 1e31', () => hinge.setMotor({ speed: 1, maxForce: 1e31 }), /setMotor: motor maxForce must be at most 1e30 N·m .*got 1e\+31$/],
    ['a frictionTorque of 1e308', () => (hinge.frictionTorque = 1e308), /frictionTorque: frictionTorque must be at most 1e30 N·m .*got 1e\+308$/],
    ['a joint impulse of 1e308', () => hinge.applyImpulse([1e308, 0]), /applyImpulse: impulse \[1e\+308, 0\] would move body \d+ at .* more than the 1e6 m\/s/],
    ['a joint impulse of Infinity', () => hinge.applyImpulse([0, Infinity]), /applyImpulse: lambda must hold 2 finite numbers/],
  ];
  for (const [name, action, message] of cases) it(`${name} is refused`, () => expectRefused(world, action, message));

  it('a motor at the fastest speed and strongest torque with the strongest friction runs 200 steps without NaN; its snapshot restores bit for bit', () => {
    for (const solver of ['iterative', 'direct'] as const) {
      const w = new World2D({ solver });
      const p = w.createBody({ position: [0, 1] }), q = w.createBody({ position: [1, 1] });
      w.createRevoluteJoint({ bodyA: p, anchor: [0, 0], frictionTorque: MAX_TORQUE });
      w.createRevoluteJoint({ bodyA: p, bodyB: q, anchor: [0.5, 1], motor: { speed: -MAX_ANGULAR_SPEED, maxForce: MAX_TORQUE } });
      expectFiniteRun(w, 200);
      const copy = World2D.restore(w.snapshot());
      expect(copy.hash()).toBe(w.hash());
      copy.step(1 / 60);
      w.step(1 / 60);
      expect(copy.hash()).toBe(w.hash());
    }
  });

  it('after every step each body is within the caps, though a motor drives it past them after the last substep\'s cap', () => {
    const w = new World2D({ gravity: [0, 0], maxLinearSpeed: 10, maxAngularSpeed: 5 });
    const p = w.createBody({ position: [0, 0] }), q = w.createBody({ position: [1, 0] });
    w.createRevoluteJoint({ bodyA: p, bodyB: q, anchor: [0.5, 0], motor: { speed: 1000 } });
    for (let i = 0; i < 60; i++) {
      w.step(1 / 60);
      for (const body of w.bodies) {
        expect(Math.hypot(...body.linearVelocity)).toBeLessThanOrEqual(10 * (1 + 1e-15));
        expect(Math.abs(body.angularVelocity)).toBeLessThanOrEqual(5);
      }
    }
    expect(Math.abs(q.angularVelocity)).toBe(5);
  });

  it('the weakest springs (5e-324 Hz, undamped) step without NaN', () => {
    // h ω underflowed to 0, and the spring's bias rate ω / (2ζ + h ω) was Infinity
    const w = new World2D({ substeps: 7, jointHertz: 5e-324, jointDampingRatio: 0, sleeping: false });
    const p = w.createBody({ position: [1, 0] }), q = w.createBody({ position: [2, 0] });
    w.createRevoluteJoint({ bodyA: p, anchor: [0, 0] });
    w.createRevoluteJoint({ bodyA: p, bodyB: q, anchor: [1.5, 0], servo: { target: 1, hertz: 5e-324, dampingRatio: 0 } });
    expectFiniteRun(w, 200);
  });
});
