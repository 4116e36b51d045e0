// Motors and springs against closed forms: a hinge motor's speed and stall, a servo and per-joint
// springs that are exactly one implicit-Euler step per substep, and the 2D/3D oracle with springs.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, sphereInertia, type Body } from '../lib/index.js';
import { buildPlanarPair, measurePlanarDifference, RevoluteJoint } from '../lib/2d/index.js';
import { hangingChain, weldedCantilever, type SceneDescription } from '../lib/scenes/index.js';

const DT = 1 / 60;

/** A wheel: a 4 kg disc-like body spinning about z through its centre, I_z = 0.5 kg·m². */
function wheel(world: World): Body {
  return world.createBody({ position: [0, 0, 0], mass: 4, inertia: [0.4, 0.4, 0.5] });
}

describe('hinge motor', () => {
  it('reaches its target speed within 1 % against a load torque below its maximum', () => {
    const world = new World();
    const body = wheel(world);
    const hinge = world.createHingeJoint({ bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], axis: [0, 0, 1], motor: { speed: 5, maxForce: 20 } });
    for (let step = 0; step < 120; step++) {
      body.applyTorque([0, 0, -12]); // a brake of 12 N·m against the motor's 20
      world.step(DT);
    }
    expect(Math.abs(hinge.getSpeed() - 5) / 5).toBeLessThan(0.01);
    // the motor delivers exactly the load torque at steady speed
    const torque = new Float64Array(3);
    hinge.getTorque(torque);
    expect(torque[2]).toBeCloseTo(12, 6);
  });

  it('stalls above it: the net torque decelerates the wheel at (τ_max − τ_load) / I', () => {
    const world = new World();
    const body = wheel(world);
    const hinge = world.createHingeJoint({ bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], axis: [0, 0, 1], motor: { speed: 5, maxForce: 20 } });
    for (let step = 0; step < 60; step++) {
      body.applyTorque([0, 0, -30]);
      world.step(DT);
    }
    // (20 − 30) / 0.5 = −20 rad/s², over 1 s
    expect(hinge.getSpeed()).toBeCloseTo(-20, 6);
  });

  it('changes at run time: setMotor, disableMotor and friction', () => {
    const world = new World();
    const body = wheel(world);
    const hinge = world.createHingeJoint({ bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], axis: [0, 0, 1] });
    hinge.setMotor({ speed: -3, maxForce: 100 });
    for (let step = 0; step < 30; step++) world.step(DT);
    expect(hinge.getSpeed()).toBeCloseTo(-3, 6);
    hinge.disableMotor();
    hinge.frictionTorque = 1; // Coulomb friction: −1 N·m / 0.5 kg·m² = 2 rad/s² of deceleration
    for (let step = 0; step < 60; step++) world.step(DT);
    expect(hinge.getSpeed()).toBeCloseTo(-1, 6);
    for (let step = 0; step < 60; step++) world.step(DT);
    expect(Math.abs(hinge.getSpeed())).toBeLessThan(1e-12); // and then it sticks
  });
});

/**
 * One implicit-Euler step of a damped oscillator ẍ = −ω² x − 2ζω ẋ over h (Jolt's hinge spring test
 * compares against the same closed form):
 *   v' = (v − h ω² x) / (1 + 2ζωh + h²ω²),  x' = x + h v'.
 */
function implicitEuler(x: number, v: number, hertz: number, zeta: number, h: number): [number, number] {
  const omega = 2 * Math.PI * hertz;
  const vNext = (v - h * omega * omega * x) / (1 + 2 * zeta * omega * h + h * h * omega * omega);
  return [x + h * vNext, vNext];
}

describe('springs are implicit Euler, step by step', () => {
  for (const [hertz, zeta] of [[2, 0], [3, 0.3], [10, 1]] as const) {
    it(`servo hinge at ${hertz} Hz, ζ = ${zeta}: the angle follows the closed form to 1e-9 rad for 2 s`, () => {
      // (sleeping off: the last slow swings would fall asleep and leave the closed form)
      const world = new World({ gravity: [0, 0, 0], sleeping: false });
      const body = wheel(world);
      const target = 1.2;
      const hinge = world.createHingeJoint({
        bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], axis: [0, 0, 1], servo: { target, hertz, dampingRatio: zeta },
      });
      const h = DT / world.substeps;
      let x = 0 - target, v = 0;
      let worst = 0;
      for (let step = 0; step < 120; step++) {
        world.step(DT);
        for (let i = 0; i < world.substeps; i++) [x, v] = implicitEuler(x, v, hertz, zeta, h);
        worst = Math.max(worst, Math.abs(hinge.getAngle() - target - x), Math.abs(hinge.getSpeed() - v) * h);
      }
      expect(worst).toBeLessThan(1e-9);
    });
  }

  it('a ball joint with hertz is a 3D spring: a point mass follows implicit Euler in each axis', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const start: [number, number, number] = [0.3, -0.2, 0.1];
    const bob = world.createBody({ position: [0, 0, 0], mass: 2, inertia: sphereInertia(2, 0.1), linearVelocity: [0, 1, -0.5] });
    // the anchor at the world origin, carried by the bob at its centre: C = x_bob
    const joint = world.createBallJoint({ bodyA: bob, anchor: [0, 0, 0], hertz: 1.5, dampingRatio: 0.2 });
    bob.setPosition(start); // stretch the spring after fixing the anchors
    const h = DT / world.substeps;
    const state = [0, 1, 2].map((k) => [start[k], bob.linearVelocity[k]]);
    let worst = 0;
    for (let step = 0; step < 120; step++) {
      world.step(DT);
      for (let k = 0; k < 3; k++) for (let i = 0; i < world.substeps; i++) state[k] = implicitEuler(state[k][0], state[k][1], 1.5, 0.2, h);
      for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(bob.position[k] - state[k][0]));
    }
    expect(worst).toBeLessThan(1e-12);
    expect(joint.hertz).toBe(1.5);
  });

  it('hertz changes at run time: a soft weld sags g/ω² and stiffens when hertz rises', () => {
    // (sleeping off: the slow end of the settling would fall asleep 2e-5 m short of g/ω²)
    const world = new World({ sleeping: false });
    const block = world.createBody({ position: [0, 0, 0], mass: 3, inertia: boxInertia(3, [0.2, 0.2, 0.2]) });
    const weld = world.createWeldJoint({ bodyA: world.ground, bodyB: block, anchor: [0, 0, 0], hertz: 2, dampingRatio: 1 });
    for (let step = 0; step < 600; step++) world.step(DT);
    expect(block.position[1]).toBeCloseTo(-9.81 / (2 * Math.PI * 2) ** 2, 6);
    weld.hertz = 8;
    for (let step = 0; step < 600; step++) world.step(DT);
    expect(block.position[1]).toBeCloseTo(-9.81 / (2 * Math.PI * 8) ** 2, 6);
    weld.hertz = 0; // rigid again: the world's joint stiffness
    for (let step = 0; step < 600; step++) world.step(DT);
    expect(Math.abs(block.position[1])).toBeLessThan(1e-4);
  });
});

describe('springs in the 2D/3D oracle', () => {
  it('a spring chain and a spring cantilever agree between World and World2D to 1e-9 over 10 s', () => {
    for (const scene of [hangingChain(6), weldedCantilever()]) {
      for (const joint of scene.joints) {
        joint.hertz = 4;
        joint.dampingRatio = 0.1;
      }
      const pair = buildPlanarPair(scene);
      let worst = 0;
      for (let step = 0; step < 600; step++) {
        pair.world3d.step(DT);
        pair.world2d.step(DT);
        const d = measurePlanarDifference(pair);
        worst = Math.max(worst, d.position, d.angle);
        expect(d.outOfPlane).toBe(0);
      }
      expect(worst).toBeLessThan(1e-9);
    }
  });
});

describe('hinge drives in the 2D/3D oracle', () => {
  /** Two boxes on hinges about ±z: a motor against a limit, and a servo with friction. */
  function drivenPendulums(): SceneDescription {
    const half: [number, number, number] = [0.5, 0.05, 0.05];
    const box = (x: number, y: number): SceneDescription['bodies'][number] => ({
      type: 'dynamic', position: [x, y, 0], mass: 3, inertia: boxInertia(3, half), shape: { kind: 'box', halfExtents: half },
    });
    return {
      name: 'driven pendulums', gravity: [0, -9.81, 0], dt: DT,
      bodies: [box(0.5, 0), box(3.5, 0), box(4.5, 0)],
      joints: [
        { type: 'hinge', bodyA: 0, bodyB: null, anchor: [0, 0, 0], axis: [0, 0, 1], limits: [-0.4, 1], motor: { speed: 2, maxForce: 25 } },
        { type: 'hinge', bodyA: 1, bodyB: null, anchor: [3, 0, 0], axis: [0, 0, -1], servo: { target: 0.5, hertz: 3, dampingRatio: 0.2, maxForce: 40 }, friction: 0.5 },
        { type: 'hinge', bodyA: 2, bodyB: 1, anchor: [4, 0, 0], axis: [0, 0, 1], limits: [-0.3, 0.3] },
      ],
    };
  }

  it('limits, motors, servos and friction agree between the 3D hinge about z and the 2D revolute joint to 1e-9 over 10 s', () => {
    const pair = buildPlanarPair(drivenPendulums());
    let worst = 0;
    for (let step = 0; step < 600; step++) {
      pair.world3d.step(DT);
      pair.world2d.step(DT);
      const d = measurePlanarDifference(pair);
      worst = Math.max(worst, d.position, d.angle, d.outOfPlane);
    }
    expect(worst).toBeLessThan(1e-9);
    // and the drives did something: the motor pendulum sits on a limit, the servo near its target
    const first = pair.joints2d[0] as RevoluteJoint;
    expect(first.getAngle()).toBeGreaterThan(-0.42);
    expect(Math.min(Math.abs(first.getAngle() + 0.4), Math.abs(first.getAngle() - 1))).toBeLessThan(0.02);
  });
});
