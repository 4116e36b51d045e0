// Hinge and revolute limits past half a turn, read as an arc of the circle (the cases of Rapier's https://github.com/dimforge/rapier/issues/499):
// a rotor on a hinge to a static body, driven by a capped motor, in 3D and 2D under both solvers. The
// rotor's travel is its angle unwrapped step by step, so passing ±π shows as travel beyond π.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type JointSolverKind } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import { wrapAngle } from '../lib/joints/parts/axis-drive.js';

const DT = 1 / 60;
const DEG = Math.PI / 180;
const SOLVERS: JointSolverKind[] = ['direct', 'iterative'];
const MOTOR_TORQUE = 20;

interface Rotor {
  step(): void;
  /** getAngle(): rad in (−π, π]. */
  angle(): number;
  /** The limits as the joint reads them back. */
  limits(): [number, number];
}

function rotor3D(solver: JointSolverKind, lower: number, upper: number, speed: number): Rotor {
  const world = new World({ solver, gravity: [0, 0, 0] });
  const ground = world.createBody({ type: 'static' });
  const rotor = world.createBody({ position: [0, 0, 0], mass: 1, inertia: boxInertia(1, [0.5, 0.1, 0.1]) });
  const joint = world.createHingeJoint({
    bodyA: ground, bodyB: rotor, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: lower, upperAngle: upper,
    motor: { speed, maxForce: MOTOR_TORQUE },
  });
  return { step: () => world.step(DT), angle: () => joint.getAngle(), limits: () => [joint.lowerAngle, joint.upperAngle] };
}

function rotor2D(solver: JointSolverKind, lower: number, upper: number, speed: number): Rotor {
  const world = new World2D({ solver, gravity: [0, 0] });
  const ground = world.createBody({ type: 'static' });
  const rotor = world.createBody({ position: [0, 0], mass: 1, inertia: (0.5 * 0.5 + 0.1 * 0.1) / 3 });
  const joint = world.createRevoluteJoint({
    bodyA: ground, bodyB: rotor, anchor: [0, 0], lowerAngle: lower, upperAngle: upper, motor: { speed, maxForce: MOTOR_TORQUE },
  });
  return { step: () => world.step(DT), angle: () => joint.getAngle(), limits: () => [joint.lowerAngle, joint.upperAngle] };
}

/** Steps `seconds` and returns the travel (the angle unwrapped step by step), its extremes, and whether
 * getAngle stayed in (−π, π]. */
function run(rotor: Rotor, seconds: number): { travel: number; most: number; least: number; inRange: boolean } {
  let travel = 0, previous = rotor.angle(), most = 0, least = 0, inRange = true;
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    rotor.step();
    const angle = rotor.angle();
    inRange &&= angle > -Math.PI && angle <= Math.PI;
    travel += wrapAngle(angle - previous);
    previous = angle;
    most = Math.max(most, travel);
    least = Math.min(least, travel);
  }
  return { travel, most, least, inRange };
}

// Each case: limits, motor speed, where the rotor ends (travel, rad), what it must never pass.
const CASES: { name: string; lower: number; upper: number; speed: number; end: number }[] = [
  { name: '[0°, 270°] driven up passes 180° and stops at 270°', lower: 0, upper: 270 * DEG, speed: 2, end: 270 * DEG },
  { name: '[0°, 270°] driven down stays at 0°', lower: 0, upper: 270 * DEG, speed: -2, end: 0 },
  { name: '[−350°, 0°] driven down passes −180° and stops at −350°', lower: -350 * DEG, upper: 0, speed: -2, end: -350 * DEG },
  { name: '[−350°, 0°] driven up stays at 0°', lower: -350 * DEG, upper: 0, speed: 2, end: 0 },
  { name: '[135°, 225°], made at 0° (outside), driven up ends at 225°', lower: 135 * DEG, upper: 225 * DEG, speed: 2, end: 225 * DEG },
  { name: '[135°, 225°], made at 0° (outside), driven down is held at 135°', lower: 135 * DEG, upper: 225 * DEG, speed: -2, end: 135 * DEG },
];

for (const [dimension, make] of [['3D hinge', rotor3D], ['2D revolute', rotor2D]] as const) {
  describe(`${dimension} limits past half a turn`, () => {
    for (const solver of SOLVERS) {
      for (const c of CASES) {
        it(`${c.name} (${solver})`, () => {
          const rotor = make(solver, c.lower, c.upper, c.speed);
          const { travel, most, least, inRange } = run(rotor, 5);
          expect(inRange).toBe(true);
          expect(Math.abs(travel - c.end)).toBeLessThan(0.02);
          // never past the far side of the arc
          expect(most).toBeLessThan(Math.max(c.upper, c.end) + 0.03);
          expect(least).toBeGreaterThan(Math.min(c.lower, 0) - 0.03);
          expect(rotor.limits()).toEqual([c.lower, c.upper]);
        });
      }

      it(`[−350°, 350°] spans a whole turn and leaves the joint free (${solver})`, () => {
        const rotor = make(solver, -350 * DEG, 350 * DEG, 2);
        const { travel } = run(rotor, 4);
        // 2 rad/s for 4 s, less the first step's spin-up (20 N·m on 0.087 kg·m²)
        expect(travel).toBeGreaterThan(7.9);
        expect(travel).toBeLessThan(8.01);
        expect(rotor.limits()).toEqual([-350 * DEG, 350 * DEG]);
      });
    }

    it('limits within [−π, π] hold as before: [−45°, 60°] driven both ways', () => {
      for (const speed of [2, -2]) {
        const { travel } = run(make('direct', -45 * DEG, 60 * DEG, speed), 3);
        expect(Math.abs(travel - (speed > 0 ? 60 : -45) * DEG)).toBeLessThan(0.005);
      }
    });
  });
}

describe('arc limits: bad input', () => {
  it('refuses limits outside [−2π, 2π] and lower above upper, naming the value; one limit alone pairs with ±π', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const rotor = world.createBody({ mass: 1, inertia: [1, 1, 1] });
    expect(() => world.createHingeJoint({ bodyA: rotor, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: -7 })).toThrow(
      /lowerAngle must be a number in \[-6\.28318\d*, 6\.28318\d*\], got -7/,
    );
    expect(() => world.createHingeJoint({ bodyA: rotor, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: 1, upperAngle: 0.5 })).toThrow(
      /lowerAngle \(1\) must not exceed upperAngle \(0\.5\)/,
    );
    expect(world.joints.length).toBe(0);
    const joint = world.createHingeJoint({ bodyA: rotor, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: 3 });
    expect([joint.lowerAngle, joint.upperAngle]).toEqual([3, Math.PI]);
    const world2 = new World2D({ gravity: [0, 0] });
    const disc = world2.createBody({});
    expect(() => world2.createRevoluteJoint({ bodyA: disc, anchor: [0, 0], upperAngle: 6.3 })).toThrow(/upperAngle must be a number in/);
  });
});

describe('arc limits: the 2D revolute agrees with the 3D hinge', () => {
  for (const solver of SOLVERS) {
    it(`[0°, 270°] driven through ±180° into its upper limit: the same angle every step to 1e-9 rad (${solver})`, () => {
      const hinge = rotor3D(solver, 0, 270 * DEG, 2), revolute = rotor2D(solver, 0, 270 * DEG, 2);
      let worst = 0;
      for (let i = 0; i < 300; i++) {
        hinge.step();
        revolute.step();
        worst = Math.max(worst, Math.abs(wrapAngle(hinge.angle() - revolute.angle())));
      }
      expect(worst).toBeLessThan(1e-9);
    });
  }
});
