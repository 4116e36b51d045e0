// The documented range of every number a user gives a 3D world (lib/limits.ts, README "Limits"): a value
// outside it is refused with a RangeError naming the call and the value, and the world's hash does not
// change; the largest and smallest accepted values step 200 steps without NaN.

import { describe, expect, it } from 'vitest';
import { World, type Body, type BodyOptions } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import {
  MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_DAMPING_RATIO, MAX_FORCE, MAX_GRAVITY, MAX_GRAVITY_SCALE, MAX_HERTZ, MAX_INERTIA,
  MAX_ITERATIONS, MAX_JOINT_LENGTH, MAX_LENGTH, MAX_LINEAR_SPEED, MAX_MASS, MAX_STEPS_PER_FRAME, MAX_SUBSTEPS, MAX_TIME_STEP, MAX_TORQUE, MIN_INERTIA, MIN_LENGTH, MIN_MASS, MIN_TIME_STEP,
} from '../lib/limits.js';

/** Expects `action` to throw a RangeError matching `message` and leave the world's hash as it was. */
function expectRefused(world: World, action: () => unknown, message: RegExp): void {
  const before = world.hash();
  expect(action).toThrow(RangeError);
  expect(action).toThrow(message);
  expect(world.hash()).toBe(before);
}

/** A world with a static floor (its top at y = 0) and one dynamic box resting on it. */
function scene(options: ConstructorParameters<typeof World>[0] = {}): { world: World; box: Body } {
  const world = new World(options);
  world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'box', halfExtents: [50, 1, 50] }] });
  const box = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
  return { world, box };
}

/** Steps `steps` times and expects every body's numbers to stay finite. */
function expectFiniteRun(world: World, steps = 200, dt = 1 / 60): void {
  for (let i = 0; i < steps; i++) world.step(dt);
  for (const body of world.bodies) {
    for (const array of [body.position, body.orientation, body.linearVelocity, body.angularVelocity]) {
      for (const x of array) expect(Number.isFinite(x)).toBe(true);
    }
  }
}

describe('step, advance and the solver settings keep to their ranges', () => {
  const { world } = scene();
  world.step(1 / 60);
  const cases: [string, () => unknown, RegExp][] = [
    ['step(1e6)', () => world.step(1e6), /step: dt must be at most 1 s \(README, "Limits"\), got 1000000$/],
    ['step(1e20)', () => world.step(1e20), /step: dt must be at most 1 s .*got 100000000000000000000$/],
    ['step(5e-324)', () => world.step(5e-324), /step: dt must be at least 1e-9 s .*got 5e-324$/],
    ['step(1.5)', () => world.step(1.5), /step: dt must be at most 1 s .*got 1.5$/],
    ['fixedTimeStep = 2', () => (world.fixedTimeStep = 2), /fixedTimeStep: fixedTimeStep must be at most 1 s .*got 2$/],
    ['fixedTimeStep = 1e-12', () => (world.fixedTimeStep = 1e-12), /fixedTimeStep must be at least 1e-9 s .*got 1e-12$/],
    ['substeps = 65', () => (world.substeps = 65), /substeps: substeps must be at most 64 .*got 65$/],
    ['substeps = 1e12', () => (world.substeps = 1e12), /substeps must be at most 64 .*got 1000000000000$/],
    ['iterations = 1e12', () => (world.iterations = 1e12), /iterations: iterations must be at most 1000 .*got 1000000000000$/],
    ['contactIterations = 1001', () => (world.contactIterations = 1001), /contactIterations must be at most 1000 .*got 1001$/],
    ['relaxIterations = 1e12', () => (world.relaxIterations = 1e12), /relaxIterations must be at most 1000 .*got 1000000000000$/],
    ['maxStepsPerFrame = 1e12', () => (world.maxStepsPerFrame = 1e12), /maxStepsPerFrame must be at most 1000 .*got 1000000000000$/],
    ['maxLinearSpeed = 1e300', () => (world.maxLinearSpeed = 1e300), /maxLinearSpeed: maxLinearSpeed must be at most 1e6 m\/s .*got 1e\+300$/],
    ['maxAngularSpeed = 1e300', () => (world.maxAngularSpeed = 1e300), /maxAngularSpeed must be at most 1e6 rad\/s .*got 1e\+300$/],
  ];
  for (const [name, action, message] of cases) it(`${name} is refused`, () => expectRefused(world, action, message));

  it('the constructor refuses the same values', () => {
    expect(() => new World({ substeps: 1e12 })).toThrow(/World: substeps must be at most 64 .*got 1000000000000$/);
    expect(() => new World({ iterations: 2000 })).toThrow(/World: iterations must be at most 1000/);
    expect(() => new World({ fixedTimeStep: 10 })).toThrow(/World: fixedTimeStep must be at most 1 s .*got 10$/);
    expect(() => new World({ maxLinearSpeed: 1e300 })).toThrow(/World: maxLinearSpeed must be at most 1e6 m\/s/);
    expect(() => new World({ maxStepsPerFrame: 1e12 })).toThrow(/World: maxStepsPerFrame must be at most 1000/);
  });

  it('a fractional count is still refused as one', () => {
    expectRefused(world, () => (world.substeps = 2.5), /substeps must be an integer ≥ 1, got 2.5/);
  });

  it('the longest and shortest steps run 200 steps without NaN', () => {
    expectFiniteRun(scene().world, 200, MAX_TIME_STEP);
    expectFiniteRun(scene().world, 200, MIN_TIME_STEP);
  });

  it('advance at the longest and shortest fixedTimeStep runs 200 frames without NaN', () => {
    for (const fixedTimeStep of [MAX_TIME_STEP, MIN_TIME_STEP]) {
      const { world: w } = scene({ fixedTimeStep });
      for (let i = 0; i < 200; i++) w.advance(1 / 60);
      expectFiniteRun(w, 0);
      expect(w.stepCount).toBeGreaterThan(0);
    }
  });

  it('the most substeps, iterations and steps per frame run 200 steps without NaN', () => {
    expectFiniteRun(scene({ substeps: MAX_SUBSTEPS }).world);
    expectFiniteRun(scene({ iterations: MAX_ITERATIONS, contactIterations: MAX_ITERATIONS, relaxIterations: MAX_ITERATIONS, substeps: 1 }).world);
    const { world: w } = scene({ maxStepsPerFrame: MAX_STEPS_PER_FRAME, fixedTimeStep: 1 / 600 });
    expect(w.advance(MAX_STEPS_PER_FRAME / 600 + 1).steps).toBe(MAX_STEPS_PER_FRAME);
    expectFiniteRun(w, 0);
  });

  it('the fastest speed limits run 200 steps without NaN', () => {
    const { world: w, box } = scene({ maxLinearSpeed: MAX_LINEAR_SPEED, maxAngularSpeed: MAX_ANGULAR_SPEED });
    box.setLinearVelocity([0, -MAX_LINEAR_SPEED, 0]);
    box.setAngularVelocity([MAX_ANGULAR_SPEED, 0, 0]);
    expectFiniteRun(w);
  });
});

describe('createBody keeps masses, inertias, sizes and speeds to their ranges', () => {
  const { world } = scene();
  const cases: [string, BodyOptions, RegExp][] = [
    ['mass 5e-324 (1/m overflows)', { mass: 5e-324 }, /createBody: mass must be at least 1e-12 kg \(README, "Limits"\), got 5e-324$/],
    ['mass 1e21', { mass: 1e21 }, /createBody: mass must be at most 1e20 kg .*got 1e\+21$/],
    ['inertia [5e-324, 1, 1]', { inertia: [5e-324, 1, 1] }, /createBody: inertia must be at least 1e-30 kg·m² about every axis .*got \[5e-324, 1, 1\]$/],
    ['inertia [1, 1e40, 1]', { inertia: [1, 1e40, 1] }, /createBody: inertia must be at most 1e34 kg·m² about every axis .*got \[1, 1e\+40, 1\]$/],
    ['a full inertia with a tiny moment', { inertia: [1e-34, 0, 0, 0, 1, 0, 0, 0, 1] }, /inertia must be at least 1e-30 kg·m²/],
    ['a sphere of radius 1e200', { shapes: [{ type: 'sphere', radius: 1e200 }] }, /createBody: shapes\[0\]: sphere radius must be at most 1e6 m .*got 1e\+200$/],
    ['a sphere of radius 1e-7', { mass: 1, shapes: [{ type: 'sphere', radius: 1e-7 }] }, /sphere radius must be at least 1e-6 m .*got 1e-7$/],
    ['a box half extent of 1e7', { shapes: [{ type: 'box', halfExtents: [1, 1e7, 1] }] }, /box halfExtents\[1\] must be at most 1e6 m .*got 10000000$/],
    ['a capsule halfHeight of 1e7', { shapes: [{ type: 'capsule', radius: 1, halfHeight: 1e7 }] }, /capsule halfHeight must be at most 1e6 m .*got 10000000$/],
    ['a hull point at 1e7', { shapes: [{ type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1e7]] }] }, /hull points\[3\] must lie within ±1e6 m .*got \[0, 0, 10000000\]$/],
    ['a shape placed 1e7 m away', { shapes: [{ type: 'sphere', radius: 1, position: [1e7, 0, 0] }] }, /shape position must be within ±1e6 m .*got \[10000000, 0, 0\]$/],
    [
      'shapes of density 1e-300 (no mass given)', { shapes: [{ type: 'sphere', radius: 1, density: 1e-300 }] },
      /createBody: shapes of density 1e-300 kg\/m³ give mass 4.19e-300 kg, below the minimum 1e-12 kg \(README, "Limits"\); give the body a mass/,
    ],
    [
      'a tiny shape whose mass underflows', { shapes: [{ type: 'sphere', radius: 1e-6, density: 1e-300 }] },
      /createBody: shapes of density 1e-300 kg\/m³ give mass 4.19e-318 kg, below the minimum 1e-12 kg/,
    ],
    [
      'shapes of density 1e300', { shapes: [{ type: 'sphere', radius: 1, density: 1e300 }, { type: 'box', halfExtents: [1, 1, 1], density: 2 }] },
      /createBody: shapes of densities 1e\+300, 2 kg\/m³ give mass 4.19e\+300 kg, above the maximum 1e20 kg/,
    ],
    ['linearVelocity of 1e154 m/s', { linearVelocity: [1e154, 0, 0] }, /createBody: linearVelocity \[1e\+154, 0, 0\] has magnitude 1e\+154 m\/s, more than the 1e6 m\/s allowed/],
    ['angularVelocity of 1e150 rad/s', { angularVelocity: [0, 1e150, 0] }, /createBody: angularVelocity \[0, 1e\+150, 0\] has magnitude 1e\+150 rad\/s, more than the 1e6 rad\/s/],
    ['a kinematic body with a mass', { type: 'kinematic', mass: 5 }, /createBody: a kinematic body has no mass or inertia, got mass 5; make it dynamic \(setType\)/],
    ['a kinematic body with an inertia', { type: 'kinematic', inertia: [1, 1, 1] }, /createBody: a kinematic body has no mass or inertia, got inertia \[1, 1, 1\]/],
    ['a static body with a mass', { type: 'static', mass: 5 }, /createBody: a static body has no mass or inertia, got mass 5/],
  ];
  for (const [name, options, message] of cases) it(`${name} is refused`, () => expectRefused(world, () => world.createBody(options), message));

  it('a triangle mesh vertex past 1e6 m is refused', () => {
    const shapes = [{ type: 'trimesh' as const, vertices: [0, 0, 0, 1, 0, 0, 0, 0, 2e6], indices: [0, 1, 2] }];
    expectRefused(world, () => world.createBody({ type: 'static', shapes }), /vertices\[8\] must be within ±1e6 m .*got 2000000$/);
  });

  it('a given mass with shapes whose own mass underflows takes their shape’s inertia (not an error, not 0)', () => {
    const body = new World().createBody({ mass: 2, shapes: [{ type: 'sphere', radius: 1e-5, density: 1e-300 }] });
    expect(body.mass).toBe(2);
    for (const k of [0, 4, 8]) expect(body.inertiaLocal[k]).toBeCloseTo(0.4 * 2 * 1e-10, 20);
  });

  it('shapes of any density are accepted on a body given its inertia (their mass is not used)', () => {
    const body = new World().createBody({ inertia: [1, 1, 1], shapes: [{ type: 'sphere', radius: 1, density: 1e-300 }] });
    expect(body.mass).toBe(1);
  });

  it('the lightest and heaviest masses rest on a floor for 200 steps without NaN', () => {
    for (const mass of [MIN_MASS, MAX_MASS]) {
      const { world: w } = scene();
      w.createBody({ mass, position: [3, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
      expectFiniteRun(w);
    }
  });

  it('the smallest and largest inertias, spinning, run 200 steps without NaN', () => {
    const { world: w } = scene();
    w.createBody({ mass: 1, inertia: [MIN_INERTIA, MIN_INERTIA, MIN_INERTIA], position: [3, 2, 0], angularVelocity: [1, 2, 3] });
    w.createBody({ mass: 1, inertia: [MIN_INERTIA, 1, MAX_INERTIA], position: [6, 2, 0], angularVelocity: [1, 2, 3] });
    w.createBody({ mass: MAX_MASS, inertia: [MAX_INERTIA, MAX_INERTIA, MAX_INERTIA], position: [9, 2, 0], angularVelocity: [1, 2, 3] });
    expectFiniteRun(w);
  });

  it('the smallest and largest shapes fall on a floor for 200 steps without NaN', () => {
    const { world: w } = scene();
    w.createBody({ mass: MIN_MASS * 1e3, position: [3, 0.1, 0], shapes: [{ type: 'sphere', radius: MIN_LENGTH }] });
    w.createBody({ position: [0, MAX_LENGTH + 10, 0], shapes: [{ type: 'sphere', radius: MAX_LENGTH, density: 1 }] });
    w.createBody({ position: [20, 2, 0], shapes: [{ type: 'capsule', radius: MIN_LENGTH, halfHeight: 1, density: 1e9 }] });
    expectFiniteRun(w);
  });

  it('a kinematic body made dynamic takes its mass from its shapes, refused when they weigh too little', () => {
    const w = new World();
    const light = w.createBody({ type: 'kinematic', shapes: [{ type: 'sphere', radius: 1, density: 1e-300 }] });
    expectRefused(w, () => light.setType('dynamic'), /setType: shapes of density 1e-300 kg\/m³ give mass 4.19e-300 kg, below the minimum 1e-12 kg .*body \d+ takes its mass from them/);
    expect(light.type).toBe('kinematic');
    const body = w.createBody({ type: 'kinematic', shapes: [{ type: 'sphere', radius: 1, density: 3 }] });
    body.setType('dynamic');
    expect(body.mass).toBeCloseTo(4 * Math.PI, 12);
  });
});

describe('body setters, forces and impulses keep to their ranges', () => {
  const { world, box } = scene();
  world.step(1 / 60);
  const heavy = world.createBody({ mass: 1, inertia: [1e30, 1e30, 1e30], position: [5, 5, 0] });
  it('setLinearVelocity past 1e6 m/s', () =>
    expectRefused(world, () => box.setLinearVelocity([0, 2e6, 0]), /setLinearVelocity: velocity \[0, 2000000, 0\] has magnitude 2000000 m\/s, more than the 1e6 m\/s allowed/));
  it('setAngularVelocity of 1e150 rad/s', () =>
    expectRefused(world, () => box.setAngularVelocity([1e150, 0, 0]), /setAngularVelocity: velocity \[1e\+150, 0, 0\] has magnitude 1e\+150 rad\/s/));
  it('setMassProperties(5e-324)', () =>
    expectRefused(world, () => box.setMassProperties(5e-324), /setMassProperties: mass must be at least 1e-12 kg .*got 5e-324$/));
  it('setMassProperties(1e21)', () =>
    expectRefused(world, () => box.setMassProperties(1e21), /setMassProperties: mass must be at most 1e20 kg .*got 1e\+21$/));
  it('setMassProperties whose scaled inertia leaves the range', () =>
    expectRefused(world, () => heavy.setMassProperties(1e5), /setMassProperties: the inertia scaled to mass 100000 must be at most 1e34 kg·m²/));
  it('applyForce past 1e30 N', () =>
    expectRefused(world, () => box.applyForce([0, 1e308, 0]), /applyForce: force \[0, 1e\+308, 0\] would make the body's force \[0, 1e\+308, 0\] N, more than the 1e30 N per axis/));
  it('applyForce twice, the second taking the sum past the bound', () => {
    box.applyForce([0, 0.6 * MAX_FORCE, 0]);
    expectRefused(world, () => box.applyForce([0, 0.6 * MAX_FORCE, 0]), /applyForce: force \[0, 6e\+29, 0\] would make the body's force \[0, 1.2e\+30, 0\] N/);
    expect(box.force[1]).toBe(0.6 * MAX_FORCE);
    box.applyForce([0, -0.6 * MAX_FORCE, 0]);
  });
  it('applyForce at a point so far that the torque overflows', () =>
    expectRefused(world, () => box.applyForce([1e29, 0, 0], [0, 1e300, 0]), /applyForce: force \[1e\+29, 0, 0\] at \[0, 1e\+300, 0\] would make the body's torque \[.*, -Infinity\] N·m, more than the 1e30 N·m/));
  it('applyTorque past 1e30 N·m', () =>
    expectRefused(world, () => box.applyTorque([2e30, 0, 0]), /applyTorque: torque \[2e\+30, 0, 0\] would make the body's torque \[2e\+30, 0, 0\] N·m, more than the 1e30 N·m/));
  it('applyLinearImpulse that would pass 1e6 m/s', () =>
    expectRefused(world, () => box.applyLinearImpulse([0, 0, 1e300]), /applyLinearImpulse: impulse \[0, 0, 1e\+300\] would give body \d+ a speed of 1e\+297 m\/s, more than the 1e6 m\/s allowed/));
  it('applyAngularImpulse that would pass 1e6 rad/s', () =>
    expectRefused(world, () => box.applyAngularImpulse([0, 1e300, 0]), /applyAngularImpulse: impulse \[0, 1e\+300, 0\] would turn body \d+ at .* rad\/s, more than the 1e6 rad\/s/));

  it('the largest force and torque, every step on the lightest body, run 200 steps without NaN', () => {
    const { world: w } = scene();
    const light = w.createBody({ mass: MIN_MASS, inertia: [MIN_INERTIA, 1e-20, 1e-18], position: [3, 2, 0], shapes: [{ type: 'sphere', radius: 0.01 }] });
    for (let i = 0; i < 200; i++) {
      light.applyForce([MAX_FORCE, -MAX_FORCE, MAX_FORCE]);
      light.applyTorque([MAX_TORQUE, MAX_TORQUE, -MAX_TORQUE]);
      expectFiniteRun(w, 1);
    }
  });
});

describe('the speed cap holds speeds whose square overflows', () => {
  it('a body written to 1e200 m/s and 1e200 rad/s moves at maxLinearSpeed and turns at maxAngularSpeed, in the same direction', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody();
    body.linearVelocity.set([3e200, 0, 4e200]);
    body.angularVelocity.set([0, 1e200, 0]);
    world.step(1 / 60);
    expect(Math.hypot(...body.linearVelocity)).toBeCloseTo(world.maxLinearSpeed, 9);
    expect(body.linearVelocity[0] / body.linearVelocity[2]).toBeCloseTo(0.75, 12);
    expect(body.angularVelocity[1]).toBeCloseTo(world.maxAngularSpeed, 9);
  });

  it('after every step each body is within the caps, though a joint drives it past them in the sweeps after the last substep\'s cap', () => {
    for (const solver of ['iterative', 'direct'] as const) {
      const world = new World({ gravity: [0, 0, 0], solver, maxLinearSpeed: 10, maxAngularSpeed: 5 });
      const a = world.createBody({ position: [0, 0, 0] }), b = world.createBody({ position: [1, 0, 0] });
      const c = world.createBody({ position: [2, 0, 0] });
      world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0, 0], axis: [1, 0, 0], motor: { speed: 1000 } });
      world.createHingeJoint({ bodyA: b, bodyB: c, anchor: [1.5, 0, 0], axis: [0, 0, 1], motor: { speed: 1000 } });
      let fastest = 0;
      for (let i = 0; i < 60; i++) {
        world.step(1 / 60);
        for (const body of world.bodies) {
          expect(Math.hypot(...body.linearVelocity)).toBeLessThanOrEqual(10 * (1 + 1e-15));
          expect(Math.hypot(...body.angularVelocity)).toBeLessThanOrEqual(5 * (1 + 1e-15));
          fastest = Math.max(fastest, Math.hypot(...body.linearVelocity));
        }
      }
      // the motors do drive the bodies to the cap
      expect(fastest).toBeGreaterThan(9.99);
      const copy = World.restore(world.snapshot());
      expect(copy.hash()).toBe(world.hash());
    }
  });
});

describe('spring stiffness keeps to its range', () => {
  const world = new World();
  const a = world.createBody({ position: [0, 1, 0] });
  const b = world.createBody({ position: [1, 1, 0] });
  it('a servo of 1e300 Hz', () =>
    expectRefused(world, () => world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1, 0], axis: [0, 0, 1], servo: { target: 0, hertz: 1e300 } }),
      /createHingeJoint: servo hertz must be at most 1e6 Hz .*got 1e\+300$/));
  it('a mouse joint of 1e300 Hz', () =>
    expectRefused(world, () => world.createMouseJoint({ body: a, hertz: 1e300 }), /createMouseJoint: hertz must be at most 1e6 Hz .*got 1e\+300$/));
  it('a spring joint of 1e300 Hz', () =>
    expectRefused(world, () => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 1, 0], anchorB: [1, 1, 0], hertz: 1e300 }), /hertz must be at most 1e6 Hz .*got 1e\+300$/));
  it('setting a mouse joint to 1e300 Hz', () => {
    const mouse = world.createMouseJoint({ body: a });
    expectRefused(world, () => (mouse.hertz = 1e300), /hertz: hertz must be at most 1e6 Hz .*got 1e\+300$/);
    world.removeJoint(mouse);
  });

  it('servos, mouse joints and springs at MAX_HERTZ run 200 steps without NaN, at the longest step too', () => {
    for (const dt of [1 / 60, MAX_TIME_STEP]) {
      const w = new World();
      const p = w.createBody({ position: [0, 1, 0] });
      const q = w.createBody({ position: [1, 1, 0] });
      const r = w.createBody({ position: [2, 1, 0] });
      w.createHingeJoint({ bodyA: p, bodyB: q, anchor: [0.5, 1, 0], axis: [0, 0, 1], servo: { target: 0.5, hertz: MAX_HERTZ } });
      w.createDistanceJoint({ bodyA: q, bodyB: r, anchorA: [1, 1, 0], anchorB: [2, 1, 0], hertz: MAX_HERTZ });
      w.createMouseJoint({ body: p, target: [0, 2, 0], hertz: MAX_HERTZ });
      expectFiniteRun(w, 200, dt);
    }
  });

  it('a damping ratio of 1e308 (a spring, a servo, a mouse joint, the world\'s) is refused', () => {
    expectRefused(world, () => world.createBallJoint({ bodyA: a, anchor: [1, 1, 0], hertz: 1, dampingRatio: 1e308 }),
      /createBallJoint: dampingRatio must be at most 1e6 .*got 1e\+308$/);
    expectRefused(world, () => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 1, 0], anchorB: [1, 1, 0], hertz: 1, dampingRatio: 1e308 }),
      /createDistanceJoint: dampingRatio must be at most 1e6 .*got 1e\+308$/);
    expectRefused(world, () => world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1, 0], axis: [0, 0, 1], servo: { target: 0, hertz: 5, dampingRatio: 1e308 } }),
      /createHingeJoint: servo dampingRatio must be at most 1e6 .*got 1e\+308$/);
    expectRefused(world, () => world.createMouseJoint({ body: a, dampingRatio: 1e308 }), /createMouseJoint: dampingRatio must be at most 1e6 .*got 1e\+308$/);
    expectRefused(world, () => (world.jointDampingRatio = 1e308), /jointDampingRatio: jointDampingRatio must be at most 1e6 .*got 1e\+308$/);
    expect(() => new World({ jointHertz: 30, jointDampingRatio: 1e308 })).toThrow(/World: jointDampingRatio must be at most 1e6/);
  });

  it('the weakest springs (5e-324 Hz, undamped: joints, servos, mouse joints) run 200 steps without NaN', () => {
    // h ω underflowed to 0, and the spring's bias rate ω / (2ζ + h ω) was Infinity
    const w = new World({ jointHertz: 5e-324, jointDampingRatio: 0, sleeping: false });
    const p = w.createBody({ position: [1, 1, 0] }), q = w.createBody({ position: [2, 1, 0] });
    w.createBallJoint({ bodyA: p, anchor: [0, 1, 0] });
    w.createHingeJoint({ bodyA: p, bodyB: q, anchor: [1.5, 1, 0], axis: [0, 0, 1], servo: { target: 1, hertz: 5e-324, dampingRatio: 0 } });
    w.createDistanceJoint({ bodyA: q, anchorA: [2, 1, 0], anchorB: [2, 2, 0], hertz: 5e-324, dampingRatio: 0 });
    w.createMouseJoint({ body: q, target: [3, 3, 0], hertz: 5e-324, dampingRatio: 0 });
    expectFiniteRun(w, 200);
  });

  it('springs at MAX_DAMPING_RATIO and MAX_HERTZ run 200 steps without NaN', () => {
    const w = new World({ jointHertz: 30, jointDampingRatio: MAX_DAMPING_RATIO });
    const p = w.createBody({ position: [1, 1, 0] });
    const q = w.createBody({ position: [2, 1, 0] });
    w.createBallJoint({ bodyA: p, anchor: [0, 1, 0], hertz: MAX_HERTZ, dampingRatio: MAX_DAMPING_RATIO });
    w.createDistanceJoint({ bodyA: p, bodyB: q, anchorA: [1, 1, 0], anchorB: [2, 1, 0], hertz: 1, dampingRatio: MAX_DAMPING_RATIO });
    expectFiniteRun(w, 200, MAX_TIME_STEP);
  });
});

describe('positions, anchors and targets keep within MAX_COORDINATE', () => {
  it('a body, a joint anchor or a mouse target past 1e12 m is refused, the world unchanged; at 1e12 m a body falls on a plane there without NaN', () => {
    const { world, box } = scene();
    expectRefused(world, () => world.createBody({ position: [0, -1e308, 0] }), /createBody: position must be within ±1e12 m/);
    expectRefused(world, () => box.setPosition([2e12, 0, 0]), /setPosition: position must be within ±1e12 m/);
    expectRefused(world, () => world.createBallJoint({ bodyA: box, anchor: [-1e308, 0, 0] }), /createBallJoint: anchor must be within ±1e12 m/);
    expectRefused(world, () => world.createDistanceJoint({ bodyA: box, anchorA: [0, 0, 0], anchorB: [0, 1e13, 0] }), /createDistanceJoint: anchorB must be within ±1e12 m/);
    expectRefused(world, () => world.createMouseJoint({ body: box, target: [0, 0, 1e300] }), /createMouseJoint: target must be within ±1e12 m/);
    const far = new World();
    far.createBody({ type: 'static', shapes: [{ type: 'plane', offset: -MAX_COORDINATE }] });
    far.createBody({ position: [MAX_COORDINATE, -MAX_COORDINATE + 1, MAX_COORDINATE], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    expectFiniteRun(far);
  });

  it('2D: a body or a joint anchor past 1e12 m is refused', () => {
    const world = new World2D();
    const body = world.createBody({ position: [0, 1] });
    const before = world.hash();
    expect(() => world.createBody({ position: [1e13, 0] })).toThrow(/createBody: position must be within ±1e12 m/);
    expect(() => world.createRevoluteJoint({ bodyA: body, anchor: [-1e308, -3] })).toThrow(/createRevoluteJoint: anchor must be within ±1e12 m/);
    expect(world.hash()).toBe(before);
  });
});

describe('gravity and gravity scales keep within their bounds', () => {
  it('a gravity or a gravity scale past 1e6 is refused in 3D and 2D, the world unchanged; at the bounds a body falls 200 steps without NaN', () => {
    const { world, box } = scene();
    expectRefused(world, () => (box.gravityScale = 1e308), /gravityScale: gravityScale must be at most 1e6/);
    expectRefused(world, () => world.setGravity([0, -1e308, 0]), /setGravity: gravity must be within ±1e6 m\/s²/);
    expect(() => new World({ gravity: [0, 2e6, 0] })).toThrow(/World: gravity must be within ±1e6 m\/s²/);
    const world2 = new World2D();
    const body2 = world2.createBody({ position: [0, 1] });
    const before = world2.hash();
    expect(() => (body2.gravityScale = -1e308)).toThrow(/gravityScale must be at least -1e6/);
    expect(() => world2.createBody({ gravityScale: 1e7 })).toThrow(/createBody: gravityScale must be at most 1e6/);
    expect(world2.hash()).toBe(before);
    const strong = new World({ gravity: [0, -MAX_GRAVITY, 0] });
    strong.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    strong.createBody({ position: [0, 1, 0], gravityScale: MAX_GRAVITY_SCALE, shapes: [{ type: 'sphere', radius: 0.5 }] });
    expectFiniteRun(strong);
  });
});

describe('joint motors, forces, friction, lengths and limits keep to their ranges', () => {
  const world = new World();
  const a = world.createBody({ position: [0, 1, 0] });
  const b = world.createBody({ position: [1, 1, 0] });
  const hinge = world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1, 0], axis: [0, 0, 1] });
  const slider = world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1, 0], axis: [1, 0, 0] });
  const ball = world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1, 0] });
  const rod = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 1, 0], anchorB: [1, 1, 0] });
  const mouse = world.createMouseJoint({ body: b });
  // (a step prepares the joints' rows: an impulse acts along them)
  world.step(1 / 60);
  const hingeAt = { bodyA: a, bodyB: b, anchor: [0.5, 1, 0], axis: [0, 0, 1] };
  const sliderAt = { bodyA: a, bodyB: b, anchor: [0.5, 1, 0], axis: [1, 0, 0] };
  const rodAt = { bodyA: a, bodyB: b, anchorA: [0, 1, 0], anchorB: [1, 1, 0] };
  const cases: [string, () => unknown, RegExp][] = [
    ['a hinge motor at 1e308 rad/s', () => world.createHingeJoint({ ...hingeAt, motor: { speed: 1e308 } }), /createHingeJoint: motor speed must be at most 1e6 rad\/s .*got 1e\+308$/],
    ['a hinge setMotor at -2e6 rad/s', () => hinge.setMotor({ speed: -2e6 }), /setMotor: motor speed must be at least -1e6 rad\/s .*got -2000000$/],
    ['a slider motor at 2e6 m/s', () => slider.setMotor({ speed: 2e6 }), /setMotor: motor speed must be at most 1e6 m\/s .*got 2000000$/],
    ['a motor maxForce of 1e308', () => world.createHingeJoint({ ...hingeAt, motor: { speed: 1, maxForce: 1e308 } }), /createHingeJoint: motor maxForce must be at most 1e30 N·m .*got 1e\+308$/],
    ['a servo maxForce of 1e31 N', () => slider.setServo({ target: 0, maxForce: 1e31 }), /setServo: servo maxForce must be at most 1e30 N .*got 1e\+31$/],
    ['a slider servo target of 1e13 m', () => slider.setServo({ target: 1e13 }), /setServo: servo target must be at most 4e12 m .*got 10000000000000$/],
    ['a hinge frictionTorque of 1e308', () => (hinge.frictionTorque = 1e308), /frictionTorque: frictionTorque must be at most 1e30 N·m .*got 1e\+308$/],
    ['a slider frictionForce of 1e31', () => world.createPrismaticJoint({ ...sliderAt, frictionForce: 1e31 }), /createPrismaticJoint: frictionForce must be at most 1e30 N .*got 1e\+31$/],
    ['a ball joint frictionTorque of 1e31', () => world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.5, 1, 0], frictionTorque: 1e31 }), /createBallJoint: frictionTorque must be at most 1e30 N·m .*got 1e\+31$/],
    ['setting a ball joint frictionTorque to 1e31', () => (ball.frictionTorque = 1e31), /frictionTorque: frictionTorque must be at most 1e30 N·m/],
    ['a slider lowerTranslation of -1e308', () => world.createPrismaticJoint({ ...sliderAt, lowerTranslation: -1e308 }), /createPrismaticJoint: lowerTranslation must be at least -4e12 m .*got -1e\+308$/],
    ['a slider setLimits(0, 1e13)', () => slider.setLimits(0, 1e13), /setLimits: upper must be at most 4e12 m .*got 10000000000000$/],
    // (no lower bound, and an upper one no position can keep: its row's C was −Infinity, then NaN)
    ['a slider upperTranslation of -Infinity', () => world.createPrismaticJoint({ ...sliderAt, upperTranslation: -Infinity }), /createPrismaticJoint: upperTranslation must be finite or Infinity \(none\), got -Infinity$/],
    ['a slider setLimits(Infinity, Infinity)', () => slider.setLimits(Infinity, Infinity), /setLimits: lower must be finite or -Infinity \(none\), got Infinity$/],
    ['a distance joint length of 1e308', () => world.createDistanceJoint({ ...rodAt, length: 1e308 }), /createDistanceJoint: length must be at most 4e12 m .*got 1e\+308$/],
    ['a distance joint maxLength of 1e13', () => world.createDistanceJoint({ ...rodAt, minLength: 0, maxLength: 1e13 }), /createDistanceJoint: maxLength must be at most 4e12 m .*got 10000000000000$/],
    ['setLengthRange(1e13, Infinity)', () => rod.setLengthRange(1e13, Infinity), /setLengthRange: minLength must be at most 4e12 m .*got 10000000000000$/],
    ['setting a distance joint length to 1e308', () => (rod.length = 1e308), /length: length must be at most 4e12 m/],
    ['a mouse joint maxForce of 1e308', () => world.createMouseJoint({ body: a, maxForce: 1e308 }), /createMouseJoint: maxForce must be at most 1e30 N .*got 1e\+308$/],
    ['setting a mouse joint maxForce to 1e31', () => (mouse.maxForce = 1e31), /maxForce: maxForce must be at most 1e30 N .*got 1e\+31$/],
    ['a joint impulse of 1e308', () => ball.applyImpulse([1e308, 0, 0]), /applyImpulse: impulse \[1e\+308, 0, 0\] would move body \d+ at .* more than the 1e6 m\/s and 1e6 rad\/s allowed/],
    ['a joint impulse that passes 1e6 m/s', () => rod.applyImpulse([2e6]), /applyImpulse: impulse \[2000000\] would move body/],
    ['a joint impulse of NaN', () => hinge.applyImpulse([0, 0, 0, NaN, 0]), /applyImpulse: lambda must hold 5 finite numbers/],
  ];
  for (const [name, action, message] of cases) it(`${name} is refused`, () => expectRefused(world, action, message));

  it('a joint impulse of the wrong length is refused with a TypeError', () => {
    const before = world.hash();
    expect(() => ball.applyImpulse([1, 0])).toThrow(/applyImpulse: lambda must be an array of 3 numbers, got \[1, 0\]/);
    expect(world.hash()).toBe(before);
  });

  it('an accepted joint impulse moves the bodies apart along its row and wakes them', () => {
    const w = new World({ gravity: [0, 0, 0] });
    const p = w.createBody({ position: [0, 0, 0] }), q = w.createBody({ position: [2, 0, 0] });
    const joint = w.createDistanceJoint({ bodyA: p, bodyB: q, anchorA: [0, 0, 0], anchorB: [2, 0, 0] });
    for (let i = 0; i < 600 && (p.isAwake || q.isAwake); i++) w.step(1 / 60);
    expect(p.isAwake || q.isAwake).toBe(false);
    joint.applyImpulse([3]);
    // a 1 kg pair pushed apart by 3 N·s along x (J = [−n, 0, n, 0]): ∓3 m/s
    expect(p.linearVelocity[0]).toBeCloseTo(-3, 12);
    expect(q.linearVelocity[0]).toBeCloseTo(3, 12);
    expect(p.isAwake && q.isAwake).toBe(true);
  });

  it('motors, servos, friction, lengths and mouse forces at their bounds run 200 steps without NaN, and their snapshots restore bit for bit', () => {
    for (const dt of [1 / 60, MAX_TIME_STEP]) {
      const w = new World();
      w.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
      const p = w.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
      const q = w.createBody({ position: [1, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
      const r = w.createBody({ position: [2, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
      w.createHingeJoint({ bodyA: p, bodyB: q, anchor: [0.5, 1, 0], axis: [0, 0, 1], motor: { speed: MAX_ANGULAR_SPEED, maxForce: MAX_TORQUE }, frictionTorque: MAX_TORQUE });
      w.createPrismaticJoint({ bodyA: q, bodyB: r, anchor: [1.5, 1, 0], axis: [1, 0, 0], motor: { speed: -MAX_LINEAR_SPEED, maxForce: MAX_FORCE }, lowerTranslation: -MAX_JOINT_LENGTH, upperTranslation: MAX_JOINT_LENGTH });
      w.createDistanceJoint({ bodyA: p, bodyB: r, anchorA: [0, 1, 0], anchorB: [2, 1, 0], length: MAX_JOINT_LENGTH, hertz: 1 });
      w.createBallJoint({ bodyA: r, anchor: [2, 2, 0], frictionTorque: MAX_TORQUE });
      w.createMouseJoint({ body: p, target: [0, 3, 0], maxForce: MAX_FORCE });
      expectFiniteRun(w, 200, dt);
      const copy = World.restore(w.snapshot());
      expect(copy.hash()).toBe(w.hash());
      copy.step(dt);
      w.step(dt);
      expect(copy.hash()).toBe(w.hash());
    }
  });
});
