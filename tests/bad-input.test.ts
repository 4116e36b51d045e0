// Bad input gets an error that names the bad value, and leaves the world unchanged.

import { describe, expect, it } from 'vitest';
import { boxInertia, capsuleInertia, sphereInertia, World } from '../lib/index.js';

/** Runs `action`, expects it to throw matching `message`, and checks nothing in the world changed. */
function expectRejected(world: World, action: () => unknown, message: RegExp): void {
  const before = JSON.stringify(snapshot(world));
  expect(action).toThrow(message);
  expect(JSON.stringify(snapshot(world))).toBe(before);
}

function snapshot(world: World) {
  return {
    bodies: world.bodies.map((b) => [b.id, Array.from(b.position), Array.from(b.orientation), Array.from(b.linearVelocity), Array.from(b.angularVelocity), b.mass]),
    joints: world.joints.map((j) => [j.id, j.type, j.breakForce, j.breakTorque]),
    time: world.time,
    settings: [world.substeps, world.iterations, world.contactIterations, world.jointHertz, Array.from(world.gravity)],
  };
}

describe('createBody rejects bad input with a named value', () => {
  const world = new World();
  world.createBody({ position: [1, 2, 3] });
  const cases: [string, object, RegExp][] = [
    ['negative mass', { mass: -1 }, /mass must be a finite number > 0, got -1/],
    ['zero mass', { mass: 0 }, /mass must be a finite number > 0, got 0/],
    ['NaN mass', { mass: NaN }, /mass must be a finite number > 0, got NaN/],
    ['infinite mass', { mass: Infinity }, /mass must be a finite number > 0, got Infinity/],
    ['zero inertia', { inertia: [1, 0, 1] }, /inertia must be > 0 about every axis, got \[1, 0, 1\]/],
    ['negative inertia', { inertia: [1, -2, 1] }, /inertia must be > 0 about every axis, got \[1, -2, 1\]/],
    ['non-finite inertia', { inertia: [1, Infinity, 1] }, /inertia must hold 3 finite numbers, got \[1, Infinity, 1\]/],
    ['asymmetric inertia', { inertia: [1, 0.5, 0, 0, 1, 0, 0, 0, 1] }, /inertia must be a symmetric 3x3/],
    ['indefinite inertia', { inertia: [1, 2, 0, 2, 1, 0, 0, 0, 1] }, /inertia must be positive definite/],
    ['inertia of the wrong size', { inertia: [1, 1] }, /inertia must be \[Ix, Iy, Iz\] or a symmetric 3x3/],
    ['zero quaternion', { orientation: [0, 0, 0, 0] }, /orientation must be a unit quaternion .* zero quaternion/],
    ['NaN quaternion', { orientation: [0, NaN, 0, 1] }, /orientation must hold 4 finite numbers, got \[0, NaN, 0, 1\]/],
    ['far-from-unit quaternion', { orientation: [0, 0, 0, 2] }, /orientation must be a unit quaternion .* of length 2/],
    ['NaN position', { position: [0, NaN, 0] }, /position must hold 3 finite numbers, got \[0, NaN, 0\]/],
    ['infinite position', { position: [Infinity, 0, 0] }, /position must hold 3 finite numbers/],
    ['short position', { position: [1, 2] }, /position must be an array of 3 numbers, got \[1, 2\]/],
    ['NaN linear velocity', { linearVelocity: [0, 0, NaN] }, /linearVelocity must hold 3 finite numbers/],
    ['infinite angular velocity', { angularVelocity: [0, -Infinity, 0] }, /angularVelocity must hold 3 finite numbers/],
    ['unknown type', { type: 'floating' }, /type must be 'dynamic', 'static' or 'kinematic', got "floating"/],
    ['moving static body', { type: 'static', linearVelocity: [1, 0, 0] }, /a static body cannot move/],
    ['negative damping', { linearDamping: -1 }, /linearDamping must be a finite number ≥ 0, got -1/],
  ];
  for (const [name, options, message] of cases) {
    it(`${name}: ${message.source.slice(0, 50)}`, () => {
      expectRejected(world, () => world.createBody(options), message);
    });
  }

  it('normalizes a nearly-unit quaternion', () => {
    const body = new World().createBody({ orientation: [0, 0, 0, 1.0004] });
    expect(Array.from(body.orientation)).toEqual([0, 0, 0, 1]);
  });
});

describe('body setters and forces reject bad input and change nothing', () => {
  const world = new World();
  const body = world.createBody({ position: [1, 2, 3], linearVelocity: [1, 0, 0] });
  const ground = world.createBody({ type: 'static' });
  it('setPosition', () => expectRejected(world, () => body.setPosition([0, NaN, 0]), /position must hold 3 finite numbers/));
  it('setOrientation', () => expectRejected(world, () => body.setOrientation([0, 0, 0, 0]), /zero quaternion/));
  it('setLinearVelocity', () => expectRejected(world, () => body.setLinearVelocity([Infinity, 0, 0]), /velocity must hold 3 finite numbers/));
  it('setAngularVelocity of a static body', () =>
    expectRejected(world, () => ground.setAngularVelocity([0, 1, 0]), /is static and cannot move/));
  it('applyForce with a NaN point', () => {
    expect(() => body.applyForce([0, 1, 0], [NaN, 0, 0])).toThrow(/worldPoint must hold 3 finite numbers/);
    expect(Array.from(body.force)).toEqual([0, 0, 0]);
    expect(Array.from(body.torque)).toEqual([0, 0, 0]);
  });
  it('applyLinearImpulse with a bad point changes no velocity', () => {
    expectRejected(world, () => body.applyLinearImpulse([1, 0, 0], [0, Infinity, 0]), /worldPoint must hold 3 finite numbers/);
  });
});

describe('joints reject bad input with a named value', () => {
  const world = new World();
  const a = world.createBody({ position: [0, 0, 0] });
  const b = world.createBody({ position: [1, 0, 0] });
  const wall = world.createBody({ type: 'static' });
  const wall2 = world.createBody({ type: 'static', position: [3, 0, 0] });
  const other = new World().createBody();

  it('a joint of a body with itself', () =>
    expectRejected(world, () => world.createBallJoint({ bodyA: a, bodyB: a, anchor: [0, 0, 0] }), /bodyA and bodyB are the same body/));
  it('a joint between two static bodies', () =>
    expectRejected(world, () => world.createWeldJoint({ bodyA: wall, bodyB: wall2, anchor: [0, 0, 0] }), /at least one dynamic body, got static body \d+ and static body \d+/));
  it('a static body joined to the world', () =>
    expectRejected(world, () => world.createOrientationJoint({ bodyA: wall }), /at least one dynamic body/));
  it('breakForce ≤ 0', () =>
    expectRejected(world, () => world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0, 0], breakForce: 0 }), /breakForce must be a number > 0 \(Infinity for none\), got 0/));
  it('negative breakForce', () =>
    expectRejected(world, () => world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0, 0], breakForce: -5 }), /breakForce must be a number > 0 \(Infinity for none\), got -5/));
  it('NaN breakTorque', () =>
    expectRejected(world, () => world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0, 0], breakTorque: NaN }), /breakTorque must be a number > 0 \(Infinity for none\), got NaN/));
  it('a NaN anchor', () =>
    expectRejected(world, () => world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0, NaN, 0] }), /anchor must hold 3 finite numbers, got \[0, NaN, 0\]/));
  it('a missing anchor', () =>
    expectRejected(world, () => world.createWeldJoint({ bodyA: a, bodyB: b } as never), /anchor must be an array of 3 numbers, got undefined/));
  it('a body from another world', () =>
    expectRejected(world, () => world.createBallJoint({ bodyA: a, bodyB: other, anchor: [0, 0, 0] }), /bodyB \(body \d+\) is not in this world/));
  it('not a body', () =>
    expectRejected(world, () => world.createBallJoint({ bodyA: {} as never, anchor: [0, 0, 0] }), /bodyA must be a Body/));
  it('a mouse joint on a static body', () =>
    expectRejected(world, () => world.createMouseJoint({ body: wall }), /body \d+ is static; only dynamic bodies can be dragged/));
  it('a mouse joint with a NaN target', () =>
    expectRejected(world, () => world.createMouseJoint({ body: a, target: [NaN, 0, 0] }), /target must hold 3 finite numbers/));
  it('a mouse joint with zero maxForce', () =>
    expectRejected(world, () => world.createMouseJoint({ body: a, maxForce: 0 }), /maxForce must be a finite number > 0, got 0/));
  it('setting breakForce to 0 on a joint', () => {
    const joint = world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0, 0] });
    expect(() => (joint.breakForce = 0)).toThrow(/breakForce must be a number > 0/);
    expect(joint.breakForce).toBe(Infinity);
    world.removeJoint(joint);
  });
});

describe('the world rejects bad settings and time steps', () => {
  const world = new World();
  world.createBody();
  for (const dt of [0, -1 / 60, NaN, Infinity, -Infinity]) {
    it(`step(${dt})`, () => expectRejected(world, () => world.step(dt), new RegExp(`dt must be a finite number > 0, got ${dt}`)));
  }
  it('step with a non-number', () => expectRejected(world, () => world.step('0.016' as never), /dt must be a finite number > 0, got "0.016"/));
  it('zero substeps', () => expectRejected(world, () => (world.substeps = 0), /substeps must be an integer ≥ 1, got 0/));
  it('1e12 substeps (a step that would never return)', () => expectRejected(world, () => (world.substeps = 1e12), /substeps must be at most 64 .*got 1000000000000/));
  it('fractional iterations', () => expectRejected(world, () => (world.iterations = 1.5), /iterations must be an integer ≥ 1, got 1.5/));
  it('zero contactIterations', () => expectRejected(world, () => (world.contactIterations = 0), /contactIterations must be an integer ≥ 1, got 0/));
  it('non-positive jointHertz', () => expectRejected(world, () => (world.jointHertz = -3), /jointHertz must be a number > 0 \(Infinity for the stiffest stable\), got -3/));
  it('NaN gravity', () => expectRejected(world, () => world.setGravity([0, NaN, 0]), /gravity must hold 3 finite numbers/));
  it('bad constructor options', () => {
    expect(() => new World({ substeps: 0 })).toThrow(/World: substeps must be an integer ≥ 1, got 0/);
    expect(() => new World({ contactIterations: 2.5 })).toThrow(/World: contactIterations must be an integer ≥ 1, got 2.5/);
    expect(() => new World({ gravity: [0, 0] })).toThrow(/World: gravity must be an array of 3 numbers/);
  });
});

describe('inertia helpers reject bad input', () => {
  it('names the bad value', () => {
    expect(() => boxInertia(-1, [1, 1, 1])).toThrow(/boxInertia: mass must be a finite number > 0, got -1/);
    expect(() => boxInertia(1, [1, 0, 1])).toThrow(/boxInertia: halfExtents\[1\] must be a finite number > 0, got 0/);
    expect(() => sphereInertia(1, NaN)).toThrow(/sphereInertia: radius must be a finite number > 0, got NaN/);
    expect(() => capsuleInertia(1, 0.5, -1)).toThrow(/capsuleInertia: halfHeight must be a finite number ≥ 0, got -1/);
  });
});

describe('error messages stay short whatever the bad value holds', () => {
  it('an object claiming a length of 1e9, a 10⁷-item array, an array holding itself, a long string: named in a short message, at once', () => {
    const world = new World();
    const cases: [unknown, RegExp][] = [
      [{ length: 1e9 }, /createBody: position must be an array of 3 numbers, got \[(undefined, ){16}… 999999984 more\]$/],
      [new Array(1e7).fill(NaN), /… 9999984 more\]/],
      [{ length: -3 }, /an object of length -3/],
    ];
    for (const [value, pattern] of cases) {
      const started = performance.now();
      let message = '';
      try {
        world.createBody({ position: value as never });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(pattern);
      expect(message.length).toBeLessThan(300);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    const looped: unknown[] = [1];
    looped.push(looped);
    expect(() => world.createBody({ position: looped as never })).toThrow(/got \[1, \[1, \[1, \[… 2 items\]\]\]\]/);
    expect(() => world.createBody({ type: 'x'.repeat(1e6) as never })).toThrow(/got "x{80}"… \(1000000 characters\)$/);
    expect(world.bodies.length).toBe(0);
  });
});
