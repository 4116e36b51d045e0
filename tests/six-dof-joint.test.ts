// The six-DOF joint: with the hinge's axes locked it is the hinge (the same rows: 1e-9 over 2 s, limits
// and motor included), with the slider's the prismatic joint; a pin in a slot keeps to it under gravity
// while it slides and turns; a translation limit stops a body; a locked twist alone (a universal joint)
// passes the spin on; snapshots and toOptions round-trip; bad configurations are refused.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type Body, type SixDofJoint } from '../lib/index.js';

const DT = 1 / 60;
const SOLVERS = ['direct', 'iterative'] as const;

/** A quaternion turning x onto `axis` (unit) about the axis x × axis. */
function xTo(axis: number[]): number[] {
  const w = 1 + axis[0];
  const q = [0, -axis[2], axis[1], w], n = Math.hypot(...q);
  return q.map((v) => v / n);
}
function pendulum(world: World): Body {
  const body = world.createBody({ position: [0.4, -0.6, 0.1], mass: 2, inertia: boxInertia(2, [0.2, 0.4, 0.1]), angularVelocity: [0.3, 0.2, 2] });
  return body;
}
function maxApart(a: Body, b: Body): number {
  return Math.max(...[0, 1, 2].map((k) => Math.abs(a.position[k] - b.position[k])), ...[0, 1, 2, 3].map((k) => Math.abs(a.orientation[k] - b.orientation[k])));
}

/** Steps `world`, snapshots it, and steps it and its restored copy on together: the same hash. */
function expectRestoredTwin(world: World, before: number): void {
  for (let i = 0; i < before; i++) world.step(DT);
  const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
  for (let i = 0; i < 40; i++) {
    world.step(DT);
    restored.step(DT);
  }
  expect(restored.hash()).toBe(world.hash());
}

describe('six-DOF joint', () => {
  for (const solver of SOLVERS) {
    it(`locked like a hinge (translations, rotations y and z) it steps as the hinge, limits and motor too (${solver})`, () => {
      const axis = [0.6, 0, 0.8];
      for (const drive of [undefined, { lower: -0.4, upper: 0.5, motor: { speed: 3, maxForce: 4 } }]) {
        const w1 = new World({ solver }), w2 = new World({ solver });
        const b1 = pendulum(w1), b2 = pendulum(w2);
        w1.createHingeJoint({ bodyA: w1.ground, bodyB: b1, anchor: [0, 0, 0], axis, normal: [0, 1, 0], lowerAngle: drive?.lower, upperAngle: drive?.upper, motor: drive?.motor });
        w2.createSixDofJoint({
          bodyA: w2.ground, bodyB: b2, anchor: [0, 0, 0], orientation: xTo(axis),
          translation: ['locked', 'locked', 'locked'], rotation: [drive ?? 'free', 'locked', 'locked'],
        });
        let worst = 0;
        for (let i = 0; i < 120; i++) {
          w1.step(DT);
          w2.step(DT);
          worst = Math.max(worst, maxApart(b1, b2));
        }
        expect(worst).toBeLessThan(1e-9);
      }
    });

    it(`locked like a slider (y, z and the rotations) it steps as the prismatic joint (${solver})`, () => {
      const w1 = new World({ solver }), w2 = new World({ solver });
      const b1 = pendulum(w1), b2 = pendulum(w2);
      w1.createPrismaticJoint({ bodyA: w1.ground, bodyB: b1, anchor: [0.4, -0.6, 0.1], axis: [1, 0, 0], lowerTranslation: -0.3, upperTranslation: 0.3 });
      w2.createSixDofJoint({
        bodyA: w2.ground, bodyB: b2, anchor: [0.4, -0.6, 0.1], translation: [{ lower: -0.3, upper: 0.3 }, 'locked', 'locked'], rotation: ['locked', 'locked', 'locked'],
      });
      b1.setLinearVelocity([2, 0, 0]);
      b2.setLinearVelocity([2, 0, 0]);
      let worst = 0;
      for (let i = 0; i < 120; i++) {
        w1.step(DT);
        w2.step(DT);
        worst = Math.max(worst, maxApart(b1, b2));
      }
      expect(worst).toBeLessThan(1e-9);
    });
  }

  it('a pin in a slot (x and the turn about z free) keeps to its slot under gravity while it slides and turns', () => {
    const world = new World();
    const pin = world.createBody({ position: [0, 1, 0], mass: 1, inertia: boxInertia(1, [0.3, 0.05, 0.05]), linearVelocity: [1, 0, 0], angularVelocity: [0, 0, 2] });
    const joint = world.createSixDofJoint({
      bodyA: world.ground, bodyB: pin, anchor: [0, 1, 0], translation: ['free', 'locked', 'locked'], rotation: ['locked', 'locked', 'free'],
    });
    let worst = 0;
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      worst = Math.max(worst, Math.abs(pin.position[1] - 1), Math.abs(pin.position[2]), joint.getAngularError());
    }
    expect(worst).toBeLessThan(1e-6);
    expect(pin.position[0]).toBeGreaterThan(1.9); // slid 2 m along the slot
    expect(Math.abs(joint.getAngle())).toBeGreaterThan(0.1); // and turned about z
    expect(joint.getTranslation(0)).toBeCloseTo(pin.position[0], 9);
  });

  it('friction on one axis is the direct solver\'s friction row: a block sliding at 1 m/s against 2 N stops in m v / F under both solvers', () => {
    for (const solver of SOLVERS) {
      const world = new World({ solver, gravity: [0, 0, 0] });
      const body = world.createBody({ position: [0, 1, 0], mass: 1, inertia: [0.1, 0.1, 0.1], linearVelocity: [1, 0, 0] });
      world.createSixDofJoint({ bodyA: world.ground, bodyB: body, anchor: [0, 1, 0], translation: [{ friction: 2 }, 'locked', 'locked'], rotation: ['locked', 'locked', 'locked'] });
      let stopped = -1;
      for (let i = 0; i < 120 && stopped < 0; i++) {
        world.step(DT);
        if (Math.abs(body.linearVelocity[0]) < 1e-9) stopped = (i + 1) * DT;
      }
      expect(Math.abs(stopped - 0.5), solver).toBeLessThan(DT + 1e-9);
      expect(Math.abs(body.position[0] - 0.25), solver).toBeLessThan(0.01);
    }
  });

  it('a translation limit stops a body; its force reads the load it holds', () => {
    const world = new World({ gravity: [-9.81, 0, 0] });
    const body = world.createBody({ mass: 2, inertia: [0.1, 0.1, 0.1] });
    const joint = world.createSixDofJoint({
      bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], translation: [{ lower: -0.25, upper: 1 }, 'locked', 'locked'], rotation: ['locked', 'locked', 'locked'],
    }) as SixDofJoint;
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(Math.abs(body.position[0] + 0.25)).toBeLessThan(1e-6);
    expect(Math.abs(joint.getDriveForces([0, 0, 0, 0, 0, 0])[0] - 2 * 9.81)).toBeLessThan(1e-6);
  });

  it('a locked twist alone is a universal joint: a spun shaft turns the other at the same rate', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const shaft = world.createBody({ position: [-0.5, 0, 0], mass: 1, inertia: [0.01, 0.1, 0.1] });
    const other = world.createBody({ position: [0.5, 0, 0], mass: 1, inertia: [0.01, 0.1, 0.1] });
    world.createHingeJoint({ bodyA: world.ground, bodyB: shaft, anchor: [-0.5, 0, 0], axis: [1, 0, 0] });
    world.createSixDofJoint({ bodyA: shaft, bodyB: other, anchor: [0, 0, 0], translation: ['locked', 'locked', 'locked'], rotation: ['locked', 'free', 'free'] });
    world.createHingeJoint({ bodyA: world.ground, bodyB: other, anchor: [0.5, 0, 0], axis: [1, 0, 0] });
    shaft.setAngularVelocity([5, 0, 0]);
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(Math.abs(other.angularVelocity[0] - shaft.angularVelocity[0])).toBeLessThan(1e-6);
    expect(shaft.angularVelocity[0]).toBeGreaterThan(2);
  });

  for (const solver of SOLVERS) {
    it(`with y and z limited and two rotations free it is the ball joint's swing cone and twist range, to 1e-9 (${solver})`, () => {
      for (const twist of ['free', { lower: -0.2, upper: 0.4 }] as const) {
        const w1 = new World({ solver }), w2 = new World({ solver });
        const b1 = pendulum(w1), b2 = pendulum(w2);
        for (const b of [b1, b2]) b.setAngularVelocity([1.5, 2, -3]);
        w1.createBallJoint({
          bodyA: w1.ground, bodyB: b1, anchor: [0, 0, 0], axis: [1, 0, 0], normal: [0, 1, 0], swingLimit: [0.5, 0.3],
          twistLimit: twist === 'free' ? undefined : [twist.lower, twist.upper],
        });
        const joint = w2.createSixDofJoint({
          bodyA: w2.ground, bodyB: b2, anchor: [0, 0, 0], translation: ['locked', 'locked', 'locked'],
          rotation: [twist, { lower: -0.5, upper: 0.5 }, { lower: -0.3, upper: 0.3 }],
        });
        let worst = 0, widest = 0;
        for (let i = 0; i < 120; i++) {
          w1.step(DT);
          w2.step(DT);
          worst = Math.max(worst, maxApart(b1, b2));
          widest = Math.max(widest, joint.getSwingAngle());
        }
        expect(worst).toBeLessThan(1e-9);
        // the cone held: the swing reached its rim (the pendulum hangs 1.1 rad off the frame's x) and stayed
        // within the wider half-angle
        expect(widest).toBeGreaterThan(0.29);
        expect(widest).toBeLessThan(0.5 + 0.02);
      }
    });
  }

  describe('drives on the swings (two or more rotations free)', () => {
    /** A rod hanging from the world by a six-DOF whose frame's x runs down the rod, gravity off. */
    function rod(rotation: unknown[], solver: 'direct' | 'iterative' = 'direct', angularVelocity = [0, 0, 0]) {
      const world = new World({ solver, gravity: [0, 0, 0] });
      // turning about the anchor: the centre's velocity ω × r, r = (0, −0.5, 0)
      const w = angularVelocity, linearVelocity = [0.5 * w[2], 0, -0.5 * w[0]];
      const body = world.createBody({ position: [0, -0.5, 0], mass: 1, inertia: boxInertia(1, [0.05, 0.5, 0.05]), angularVelocity, linearVelocity });
      const joint = world.createSixDofJoint({
        bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], orientation: xTo([0, -1, 0]), translation: ['locked', 'locked', 'locked'], rotation: rotation as never,
      });
      return { world, body, joint };
    }

    for (const solver of SOLVERS) {
      it(`a servo on y and z holds the swing at its targets, the cone's rim where a target lies past it (${solver})`, () => {
        const { world, joint } = rod(['free', { servo: { target: 0.2, hertz: 4 } }, { lower: -0.5, upper: 0.5, servo: { target: -0.1, hertz: 4 } }], solver);
        for (let i = 0; i < 180; i++) world.step(DT);
        // the swing's rotation vector: −φ sin ψ about y, φ cos ψ about z; both at their targets
        expect(joint.getSwingAngle()).toBeCloseTo(Math.hypot(0.2, 0.1), 3);
        const past = rod(['free', { lower: -0.3, upper: 0.3, servo: { target: 0.6, hertz: 4, maxForce: 5 } }, 'free'], solver);
        for (let i = 0; i < 180; i++) past.world.step(DT);
        expect(Math.abs(past.joint.getSwingAngle() - 0.3)).toBeLessThan(0.01);
      });
    }

    it('a motor on y turns the rod about frame A\'s y at its speed; friction on z slows a swing to rest in I ω / τ', () => {
      const { world, body, joint } = rod(['free', { motor: { speed: 1.5, maxForce: 50 } }, 'free']);
      for (let i = 0; i < 30; i++) world.step(DT);
      // frame A's y is the world's x (the frame's x is down: a quarter turn about z)
      expect(body.angularVelocity[0]).toBeCloseTo(1.5, 3);
      expect(joint.getDriveForces([0, 0, 0, 0, 0, 0])[4]).toBeCloseTo(0, 2);
      // friction 0.5 N·m against a swing of 2 rad/s about z: the rod's moment about the anchor is
      // I_c + m (L/2)² = 1/12 + 1/4 = 1/3 kg·m², so it stops in I ω / τ = 4/3 s; the direct solver holds the
      // friction row with the point rows (measured 1.33 s), the iterative one meets them only in its sweeps
      // and stops it early (1.25 s, 6 %)
      for (const solver of SOLVERS) {
        const slowed = rod(['free', 'free', { friction: 0.5 }], solver, [0, 0, 2]);
        let stopped = -1;
        for (let i = 0; i < 240 && stopped < 0; i++) {
          slowed.world.step(DT);
          if (Math.abs(slowed.body.angularVelocity[2]) < 1e-6) stopped = (i + 1) * DT;
        }
        expect(Math.abs(stopped - 4 / 3), solver).toBeLessThan(solver === 'direct' ? 0.02 : 0.1);
      }
    });

    for (const solver of SOLVERS) {
      it(`swingType 'pyramid' bounds each swing component within its own limits, asymmetric ones too (${solver})`, () => {
        for (const [target, bound] of [[1, 0.5], [-1, -0.2]] as const) {
          const { world, joint, body } = rod(['free', 'free', 'free'], solver);
          expect(joint.toOptions().swingType).toBeUndefined();
          world.removeJoint(joint);
          const made = world.createSixDofJoint({
            bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], orientation: xTo([0, -1, 0]), translation: ['locked', 'locked', 'locked'], swingType: 'pyramid',
            rotation: ['free', { lower: -0.2, upper: 0.5, servo: { target, hertz: 3, maxForce: 5 } }, { lower: -0.1, upper: 0.1 }],
          });
          for (let i = 0; i < 180; i++) world.step(DT);
          // the servo presses the swing about y into its limit (its force and the limit's cancel in
          // getDriveForces); about z nothing moves it
          expect(Math.abs(made.getSwingAngle() - Math.abs(bound)), `${target}`).toBeLessThan(0.01);
          // the rod (down A's x, which points down) swung about A's y (the world's x): toward ∓z for ±bound
          expect(Math.sign(body.position[2]), `${target}`).toBe(-Math.sign(target));
        }
      });
    }

    it('a pyramid survives snapshots bit for bit; toOptions gives its type and limits back; a bad swingType is refused', () => {
      const { world, body, joint: free } = rod(['free', 'free', 'free'], 'iterative', [2, 1, -3]);
      world.removeJoint(free);
      const joint = world.createSixDofJoint({
        bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], orientation: xTo([0, -1, 0]), translation: ['locked', 'locked', 'locked'], swingType: 'pyramid',
        rotation: ['free', { lower: -0.3, upper: 0.1 }, { lower: -0.2, upper: 0.6, friction: 0.2 }],
      });
      expectRestoredTwin(world, 20);
      const options = joint.toOptions();
      expect(options.swingType).toBe('pyramid');
      expect(options.rotation[1]).toMatchObject({ lower: -0.3, upper: 0.1 });
      expect(options.rotation[2]).toMatchObject({ lower: -0.2, upper: 0.6, friction: 0.2 });
      expect(() => world.createSixDofJoint({ ...options, swingType: 'box' as never })).toThrow(/swingType must be 'cone' or 'pyramid', got "box"/);
    });

    it('swing drives survive snapshots bit for bit, and toOptions gives them back', () => {
      const { world, joint } = rod(['free', { lower: -0.4, upper: 0.4, servo: { target: 0.3, hertz: 3 } }, { motor: { speed: -1, maxForce: 2 } }], 'iterative', [1, 2, 3]);
      expectRestoredTwin(world, 20);
      const options = joint.toOptions();
      expect(options.rotation[0]).toBe('free');
      expect(options.rotation[1]).toMatchObject({ lower: -0.4, upper: 0.4, servo: { target: 0.3, hertz: 3 } });
      expect(options.rotation[2]).toMatchObject({ motor: { speed: -1, maxForce: 2 } });
      expect((options.rotation[2] as { lower?: number }).lower).toBeUndefined();
    });
  });

  it('a swing cone survives snapshots bit for bit, and toOptions gives its limits back', () => {
    const world = new World();
    const body = pendulum(world);
    const joint = world.createSixDofJoint({
      bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], translation: ['locked', 'locked', 'locked'], rotation: ['free', { lower: -0.6, upper: 0.6 }, 'free'],
    });
    expectRestoredTwin(world, 30);
    const options = joint.toOptions();
    expect(options.rotation).toEqual(['free', { lower: -0.6, upper: 0.6 }, 'free']);
  });

  for (const solver of SOLVERS) {
    it(`a swing locked alone keeps B's x in the plane of A's x and the other swing axis, and does no work (${solver})`, () => {
      for (const [lockedAxis, rotation] of [[1, ['free', 'locked', 'free']], [2, ['free', 'free', 'locked']]] as const) {
        const world = new World({ solver, gravity: [0, 0, 0] });
        const body = world.createBody({ position: [0, 0, 0], mass: 2, inertia: boxInertia(2, [0.3, 0.2, 0.1]), angularVelocity: [1.3, -0.7, 0.9] });
        const joint = world.createSixDofJoint({ bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], orientation: xTo([0.6, 0, 0.8]), translation: ['locked', 'locked', 'locked'], rotation });
        // A's frame, fixed: x = (0.6, 0, 0.8), y = (0, 1, 0), z = x × y
        const a = lockedAxis === 1 ? [-0.8, 0, 0.6] : [0, 1, 0];
        const energy = () => body.getKineticEnergy();
        world.step(DT);
        const e0 = energy();
        let worst = 0, turned = 0;
        for (let i = 0; i < 240; i++) {
          world.step(DT);
          // B's x: the body's rotation (column-major) applied to its frame's x, A's at creation
          const R = body.rotation, v = [0.6, 0, 0.8];
          const xB = [0, 1, 2].map((i) => R[i] * v[0] + R[3 + i] * v[1] + R[6 + i] * v[2]);
          worst = Math.max(worst, Math.abs(xB[0] * a[0] + xB[1] * a[1] + xB[2] * a[2]));
          turned = Math.max(turned, Math.hypot(...body.angularVelocity));
        }
        expect(worst, `${rotation}`).toBeLessThan(solver === 'direct' ? 1e-6 : 1e-3);
        expect(joint.getAngularError()).toBeLessThan(solver === 'direct' ? 1e-6 : 1e-3);
        // it still turns (two rotations free), and keeps its kinetic energy but for the step's own losses:
        // measured over 4 s, the iterative solver 0.5-0.9 % (as a free spin of this body, 0.5 %), the direct
        // one 6.5-7 % (a free spin 2 %; its projection of this nonlinear row takes the rest)
        expect(turned).toBeGreaterThan(0.5);
        expect(Math.abs(energy() / e0 - 1), `${rotation}`).toBeLessThan(solver === 'direct' ? 0.1 : 0.02);
      }
    });
  }

  it('survives snapshots bit for bit and toOptions makes the same joint', () => {
    const world = new World();
    const body = pendulum(world);
    const joint = world.createSixDofJoint({
      bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], orientation: xTo([0, 0.6, 0.8]),
      translation: ['locked', { lower: -0.1, upper: 0.1, friction: 2 }, 'locked'], rotation: [{ lower: -1, upper: 1, servo: { target: 0.3, hertz: 2 } }, 'locked', 'locked'],
    });
    expectRestoredTwin(world, 20);
    const options = joint.toOptions();
    expect(options.translation[0]).toBe('locked');
    expect(options.translation[1]).toMatchObject({ lower: -0.1, upper: 0.1, friction: 2 });
    expect(options.rotation[0]).toMatchObject({ lower: -1, upper: 1, servo: { target: 0.3, hertz: 2 } });
    const copy = world.createSixDofJoint({ ...options, bodyB: body });
    expect(copy.toOptions().orientation).toEqual(Array.from(options.orientation as number[]).map((x) => expect.closeTo(x, 12)));
  });

  it('refuses configurations it does not support and bad axes, naming them', () => {
    const world = new World();
    const body = world.createBody({ mass: 1, inertia: [1, 1, 1] });
    const make = (translation: unknown, rotation: unknown) => () => world.createSixDofJoint({ bodyA: body, anchor: [0, 0, 0], translation, rotation } as never);
    expect(make(['locked', 'locked', 'locked'], ['free', { lower: -1, upper: 0.5 }, 'free'])).toThrow(/rotation\[1\]\.lower must be −upper \(-0\.5\): with two or more rotations free, y and z limits are a swing cone, symmetric about 0, got -1/);
    expect(make(['locked', 'locked', 'locked'], ['free', 'free', { lower: -4, upper: 4 }])).toThrow(/rotation\[2\]\.upper must be in \(0, π\] rad \(a swing cone's half-angle\), got 4/);
    expect(make(['locked', 'locked', 'locked'], ['free', { motor: { speed: 1, maxForce: 1 }, servo: { target: 0 } }, 'free'])).toThrow(/give motor or servo, not both/);
    expect(make(['locked', 'fixed', 'locked'], ['locked', 'locked', 'locked'])).toThrow(/translation\[1\] \(y\) must be 'free', 'locked' or an object/);
    expect(make([{ lower: 1, upper: 0 }, 'locked', 'locked'], ['locked', 'locked', 'locked'])).toThrow(/translation\[0\]\.lower \(1\) must not exceed translation\[0\]\.upper \(0\)/);
    expect(make(['locked', 'locked'], ['locked', 'locked', 'locked'])).toThrow(/translation must be \[x, y, z\]/);
    expect(world.joints.length).toBe(0);
  });
});
