// The 2D wheel joint: it follows the 3D wheel joint (spin axis z, suspension in the plane) to round-off
// under both solvers (suspension springs in hertz and N/m, travel limits, a motor and a brake); a chassis on
// two wheels of stiffness k sinks m g / 2k; a motor spins a wheel at its speed; snapshots continue bit for
// bit, toOptions() and local frames remake the same joint; bad input is refused, naming the value.

import { describe, expect, it } from 'vitest';
import { boxInertia, World, type Body, type Joint } from '../lib/index.js';
import { measurePlanarDifference, World2D, type Body2D, type Joint2D, type PlanarPair, type WheelJoint2D } from '../lib/2d/index.js';
import type { WheelJoint } from '../lib/index.js';

const DT = 1 / 60;
const G = 9.81;

type Vec2 = [number, number];
interface BodySpec { position: Vec2; angle?: number; mass: number; half: [number, number, number]; linearVelocity?: Vec2; angularVelocity?: number }
interface WheelSpec {
  chassis: number; wheel: number; anchor: Vec2; suspensionAxis: Vec2; lowerTranslation?: number; upperTranslation?: number;
  suspension: { hertz: number; dampingRatio?: number } | { stiffness: number; damping?: number }; motor?: { speed: number; maxForce?: number };
}

/**
 * A chassis pinned at its rear end to the world (it swings down like a pendulum), on three wheels: one on
 * a soft spring in hertz with travel limits and a motor, one on a spring in N/m along a tilted axis,
 * spinning freely from an initial spin, and one braked (a motor at speed 0).
 */
const BODIES: BodySpec[] = [
  { position: [0, 0], angle: 0.1, mass: 20, half: [1, 0.15, 0.3] },
  { position: [-0.6, -0.4], mass: 1, half: [0.2, 0.2, 0.1] },
  { position: [0.1, -0.45], mass: 1.5, half: [0.25, 0.25, 0.1], angularVelocity: 4 },
  { position: [0.7, -0.35], angle: 0.3, mass: 0.8, half: [0.15, 0.15, 0.1], linearVelocity: [0.3, 0] },
];
const WHEELS: WheelSpec[] = [
  { chassis: 0, wheel: 1, anchor: [-0.6, -0.4], suspensionAxis: [0, 1], lowerTranslation: -0.02, upperTranslation: 0.015, suspension: { hertz: 3, dampingRatio: 0.3 }, motor: { speed: 5, maxForce: 2 } },
  { chassis: 0, wheel: 2, anchor: [0.1, -0.45], suspensionAxis: [0.3, 1], suspension: { stiffness: 900, damping: 6 } },
  { chassis: 0, wheel: 3, anchor: [0.7, -0.35], suspensionAxis: [-0.2, 1], suspension: { hertz: 5 }, motor: { speed: 0, maxForce: 0.5 } },
];

/** The scene in World (bodies in the plane z = 0, a hinge about z, wheel joints with spin axis z) and World2D. */
function buildPair(solver: 'iterative' | 'direct'): PlanarPair {
  const world3d = new World({ solver }), world2d = new World2D({ solver });
  const bodies3d: Body[] = [], bodies2d: Body2D[] = [];
  for (const b of BODIES) {
    const angle = b.angle ?? 0, inertia = boxInertia(b.mass, b.half), v = b.linearVelocity ?? [0, 0], w = b.angularVelocity ?? 0;
    bodies3d.push(world3d.createBody({
      position: [b.position[0], b.position[1], 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], mass: b.mass, inertia,
      linearVelocity: [v[0], v[1], 0], angularVelocity: [0, 0, w],
    }));
    bodies2d.push(world2d.createBody({ position: b.position, angle, mass: b.mass, inertia: inertia[2], linearVelocity: v, angularVelocity: w }));
  }
  const joints3d: Joint[] = [world3d.createHingeJoint({ bodyA: bodies3d[0], anchor: [-1, 0.1, 0], axis: [0, 0, 1] })];
  const joints2d: Joint2D[] = [world2d.createRevoluteJoint({ bodyA: bodies2d[0], anchor: [-1, 0.1] })];
  for (const w of WHEELS) {
    const { chassis, wheel, anchor, suspensionAxis, ...rest } = w;
    joints3d.push(world3d.createWheelJoint({
      ...rest, bodyA: bodies3d[chassis], bodyB: bodies3d[wheel], anchor: [anchor[0], anchor[1], 0], axis: [0, 0, 1], suspensionAxis: [suspensionAxis[0], suspensionAxis[1], 0],
    }));
    joints2d.push(world2d.createWheelJoint({ ...rest, bodyA: bodies2d[chassis], bodyB: bodies2d[wheel], anchor, suspensionAxis }));
  }
  return { world3d, world2d, bodies3d, bodies2d, joints3d, joints2d };
}

describe('the 2D wheel joint follows the 3D one (spin axis z) on a planar scene', () => {
  for (const solver of ['iterative', 'direct'] as const) {
    it(`to round-off for 2 s at 60 Hz (${solver} solver): springs in Hz and N/m, travel limits, a motor and a brake`, () => {
      const pair = buildPair(solver);
      const worst = { position: 0, angle: 0, velocity: 0, angularVelocity: 0, outOfPlane: 0, joint: 0 };
      let limited = 0, motorTorque = 0;
      for (let i = 0; i < 120; i++) {
        pair.world3d.step(DT);
        pair.world2d.step(DT);
        const d = measurePlanarDifference(pair);
        worst.position = Math.max(worst.position, d.position);
        worst.angle = Math.max(worst.angle, d.angle);
        worst.velocity = Math.max(worst.velocity, d.velocity);
        worst.angularVelocity = Math.max(worst.angularVelocity, d.angularVelocity);
        worst.outOfPlane = Math.max(worst.outOfPlane, d.outOfPlane);
        for (let k = 1; k < pair.joints2d.length; k++) {
          const two = pair.joints2d[k] as WheelJoint2D, three = pair.joints3d[k] as WheelJoint;
          worst.joint = Math.max(
            worst.joint, Math.abs(two.getSuspensionTranslation() - three.getSuspensionTranslation()), Math.abs(two.getSpinSpeed() - three.getSpinSpeed()),
            Math.abs(two.getMotorTorque() - three.getMotorTorque()),
          );
          // the readouts: the 3D force's in-plane part, its torque's z
          const f2 = two.getForce([0, 0]), f3 = three.getForce([0, 0, 0]);
          worst.joint = Math.max(worst.joint, 1e-3 * Math.abs(f2[0] - f3[0]), 1e-3 * Math.abs(f2[1] - f3[1]), 1e-3 * Math.abs(two.getTorque() - three.getTorque([0, 0, 0])[2]));
        }
        const first = pair.joints2d[1] as WheelJoint2D, translation = first.getSuspensionTranslation();
        if (translation <= -0.02 + 1e-4 || translation >= 0.015 - 1e-4) limited++;
        motorTorque = Math.max(motorTorque, Math.abs(first.getMotorTorque()));
      }
      // (measured, both solvers: 6e-15 m, 1e-14 rad, 2e-13 m/s, 2e-14 rad/s; the 3D run leaves the plane by
      // 5e-14) the first wheel rides into its travel limits, its motor pushes with its whole 2 N·m cap
      expect(limited).toBeGreaterThan(20);
      expect(motorTorque).toBeCloseTo(2, 9);
      expect(worst.position).toBeLessThan(1e-9);
      expect(worst.angle).toBeLessThan(1e-9);
      expect(worst.velocity).toBeLessThan(1e-9);
      expect(worst.angularVelocity).toBeLessThan(1e-9);
      expect(worst.joint).toBeLessThan(1e-9);
      expect(worst.outOfPlane).toBeLessThan(1e-12);
    });
  }
});

describe('its line row', () => {
  it('J = ∂C/∂x by finite differences, and K = J M⁻¹ Jᵀ, away from C = 0 with the chassis turned', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0.3, -0.2], angle: 0.7, mass: 1.7, inertia: 0.4 });
    const b = world.createBody({ position: [1.4, 0.5], angle: -0.4, mass: 0.6, inertia: 0.15 });
    const joint = world.createWheelJoint({ bodyA: a, bodyB: b, anchor: [1.2, 0.3], suspensionAxis: [0.3, 1], suspension: { hertz: 4 } });
    b.setPosition([1.6, 0.2]);
    b.setAngle(0.5);
    const rows = () => {
      joint.prepare({ h: 1 / 240 });
      const J = new Float64Array(6), K = new Float64Array(1), C = new Float64Array(1);
      joint.writeJacobian(J);
      joint.writeEffectiveMass(K);
      joint.getPositionError(C);
      return { J, K, C };
    };
    const { J, K, C } = rows();
    expect(Math.abs(C[0])).toBeGreaterThan(0.1);
    expect(joint.getLinearError()).toBeCloseTo(Math.abs(C[0]), 15);
    const e = 1e-6;
    for (let k = 0; k < 6; k++) {
      const body = k < 3 ? a : b, c = k % 3;
      const move = (step: number) => {
        if (c < 2) {
          const p = [body.position[0], body.position[1]];
          p[c] += step;
          body.setPosition(p);
        } else {
          body.setAngle(body.angle + step);
        }
      };
      move(e);
      const plus = rows().C[0];
      move(-2 * e);
      const minus = rows().C[0];
      move(e);
      expect(Math.abs((plus - minus) / (2 * e) - J[k])).toBeLessThan(1e-8);
    }
    const inverse = [1 / 1.7, 1 / 1.7, 1 / 0.4, 1 / 0.6, 1 / 0.6, 1 / 0.15];
    let s = 0;
    for (let k = 0; k < 6; k++) s += J[k] * inverse[k] * J[k];
    expect(Math.abs(K[0] - s)).toBeLessThan(1e-12);
  });
});

describe('against the closed form', () => {
  for (const solver of ['iterative', 'direct'] as const) {
    // light wheels pinned to the ground (under the direct solver: held exactly, and the wheel joints are
    // the iterative sweeps' rows) and static wheels
    const variants = ['pinned', 'static'] as const;
    for (const wheels of variants) {
      it(`a 100 kg chassis on two wheels (${wheels === 'pinned' ? 'light, pinned to the ground' : 'static'}) of 10 000 N/m sinks m g / 2k = 4.9 cm (${solver})`, () => {
        const world = new World2D({ solver, sleeping: false });
        const M = 100, K = 10000;
        const chassis = world.createBody({ position: [0, 0.5], mass: M, inertia: 20 });
        const joints = [-0.8, 0.8].map((x) => {
          const wheel = wheels === 'pinned' ? world.createBody({ position: [x, 0], mass: 0.5, inertia: 0.01 }) : world.createBody({ type: 'static', position: [x, 0] });
          if (wheels === 'pinned') world.createRevoluteJoint({ bodyA: world.ground, bodyB: wheel, anchor: [x, 0] });
          return world.createWheelJoint({ bodyA: chassis, bodyB: wheel, anchor: [x, 0], suspensionAxis: [0, 1], suspension: { stiffness: K, damping: 2000 } });
        });
        for (let i = 0; i < 300; i++) world.step(DT);
        const sag = (M * G) / (2 * K);
        for (const joint of joints) {
          // the wheel rises along the chassis's axis by the sag (x = a·d, d from the chassis's anchor to the
          // wheel's): within 2 %, and measured within 4e-13 of it
          expect(Math.abs(joint.getSuspensionTranslation() - sag)).toBeLessThan(0.02 * sag);
          expect(Math.abs(joint.getSuspensionTranslation() - sag)).toBeLessThan(1e-9);
          // each spring pushes its wheel down with half the chassis's weight
          expect(Math.abs(joint.getForce([0, 0])[1] + (M * G) / 2)).toBeLessThan(1e-6);
        }
        expect(Math.abs(chassis.angle)).toBeLessThan(1e-12);
      });
    }

    it(`a wheel motor spins the wheel up at its torque cap, then holds its speed; a brake stops it (${solver})`, () => {
      // 5 N·m on 0.05 kg·m²: 100 rad/s², so 5 rad/s after 0.05 s and the motor's 10 rad/s from 0.1 s on
      const world = new World2D({ solver, gravity: [0, 0] });
      const chassis = world.ground;
      const wheel = world.createBody({ position: [0.5, -0.3], mass: 2, inertia: 0.05 });
      const joint = world.createWheelJoint({ bodyA: chassis, bodyB: wheel, anchor: [0.5, -0.3], suspensionAxis: [0, 1], suspension: { hertz: 4 }, motor: { speed: 10, maxForce: 5 } });
      for (let i = 0; i < 3; i++) world.step(DT);
      expect(joint.getSpinSpeed()).toBeCloseTo(5, 9);
      expect(joint.getMotorTorque()).toBeCloseTo(5, 9);
      for (let i = 0; i < 27; i++) world.step(DT);
      expect(joint.getSpinSpeed()).toBeCloseTo(10, 9);
      expect(Math.abs(joint.getMotorTorque())).toBeLessThan(1e-9);
      expect(joint.motorMode).toBe('velocity');
      joint.setMotor({ speed: 0, maxForce: 5 });
      for (let i = 0; i < 6; i++) world.step(DT);
      expect(joint.getSpinSpeed()).toBeCloseTo(0, 9);
      joint.disableMotor();
      expect(joint.motorMode).toBe('off');
    });
  }
});

/** Every body's position, angle and velocities, as numbers. */
function state(world: World2D): number[] {
  return world.bodies.flatMap((b) => [b.position[0], b.position[1], b.angle, b.linearVelocity[0], b.linearVelocity[1], b.angularVelocity]);
}

describe('snapshots, toOptions and local frames', () => {
  for (const solver of ['iterative', 'direct'] as const) {
    it(`World2D.restore(world.snapshot()) continues bit for bit, the hashes equal (${solver})`, () => {
      const world = buildPair(solver).world2d;
      for (let i = 0; i < 30; i++) world.step(DT);
      const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
      expect(restored.hash()).toBe(world.hash());
      (world.joints[1] as WheelJoint2D).getSuspensionTranslation();
      expect(restored.hash()).toBe(world.hash());
      for (let i = 0; i < 60; i++) {
        world.step(DT);
        restored.step(DT);
      }
      expect(restored.hash()).toBe(world.hash());
      expect(state(restored)).toEqual(state(world));
      const wheels = restored.joints.slice(1) as WheelJoint2D[];
      expect(wheels.map((w) => w.type)).toEqual(['wheel', 'wheel', 'wheel']);
      expect(wheels.map((w) => w.motorMode)).toEqual(['velocity', 'off', 'velocity']);
    });
  }

  it('toOptions() remakes the same joint: both worlds step to the same states', () => {
    const one = buildPair('iterative').world2d, two = buildPair('iterative').world2d;
    // two's wheels made again from one's options, on two's bodies
    const options = (one.joints.slice(1) as WheelJoint2D[]).map((joint) => joint.toOptions());
    for (const joint of two.joints.slice(1)) two.removeJoint(joint);
    const at = (body: Body2D) => two.bodies[one.bodies.indexOf(body)];
    const copies = options.map((o) => two.createWheelJoint({ ...o, bodyA: at(o.bodyA), bodyB: at(o.bodyB as Body2D) }));
    expect(options[0]).toMatchObject({ lowerTranslation: -0.02, upperTranslation: 0.015, suspension: { hertz: 3, dampingRatio: 0.3 }, motor: { speed: 5, maxForce: 2 } });
    expect(options[1]).toMatchObject({ suspension: { stiffness: 900, damping: 6 } });
    expect(options[1].motor).toBeUndefined();
    expect(options[2]).toMatchObject({ suspension: { hertz: 5, dampingRatio: 1 }, motor: { speed: 0, maxForce: 0.5 } });
    copies.forEach((copy, i) => {
      const back = copy.toOptions();
      for (let k = 0; k < 2; k++) {
        expect(Math.abs((back.anchor as number[])[k] - (options[i].anchor as number[])[k])).toBeLessThan(1e-15);
        expect(Math.abs((back.suspensionAxis as number[])[k] - (options[i].suspensionAxis as number[])[k])).toBeLessThan(1e-15);
      }
    });
    for (let i = 0; i < 120; i++) {
      one.step(DT);
      two.step(DT);
    }
    // (anchors and axes go through world space and back into the bodies' axes, which moves a last bit)
    const s1 = state(one), s2 = state(two);
    for (let k = 0; k < s1.length; k++) expect(Math.abs(s1[k] - s2[k])).toBeLessThan(1e-12);
  });

  it('localFrameA and localFrameB give the anchor as the world option does', () => {
    const make = () => {
      const world = new World2D();
      const chassis = world.createBody({ position: [0.2, 0.1], angle: 0.5, mass: 5, inertia: 1 });
      const wheel = world.createBody({ position: [0.6, -0.3], mass: 1, inertia: 0.05 });
      return { world, chassis, wheel };
    };
    const one = make(), two = make();
    const common = { suspensionAxis: [0.1, 1], suspension: { hertz: 3 }, motor: { speed: 2, maxForce: 1 } };
    one.world.createWheelJoint({ ...common, bodyA: one.chassis, bodyB: one.wheel, anchor: one.chassis.getWorldPoint([0, 0], [0.1, -0.5]) });
    two.world.createWheelJoint({ ...common, bodyA: two.chassis, bodyB: two.wheel, localFrameA: { position: [0.1, -0.5] }, localFrameB: {} });
    for (let i = 0; i < 120; i++) {
      one.world.step(DT);
      two.world.step(DT);
    }
    expect(state(two.world)).toEqual(state(one.world));
  });
});

describe('bad input', () => {
  it('is refused with a message naming the value, and no joint is made', () => {
    const world = new World2D();
    const a = world.createBody({ mass: 10, inertia: 1 }), b = world.createBody({ position: [1, 0], mass: 1, inertia: 0.1 });
    const base = { bodyA: a, bodyB: b, anchor: [1, 0], suspensionAxis: [0, 1], suspension: { hertz: 4 } };
    const bad: [object, RegExp][] = [
      [{ suspensionAxis: [0, 0] }, /createWheelJoint: suspensionAxis must be a nonzero direction, got \[0, 0\]/],
      [{ suspensionAxis: [NaN, 1] }, /createWheelJoint: suspensionAxis must hold 2 finite numbers, got \[NaN, 1\]/],
      [{ suspensionAxis: undefined }, /createWheelJoint: suspensionAxis must be an array of 2 numbers, got undefined/],
      [{ suspension: undefined }, /createWheelJoint: suspension must be \{ hertz, dampingRatio\? \} or \{ stiffness, damping\? \}, got undefined/],
      [{ suspension: 5 }, /createWheelJoint: suspension must be \{ hertz, dampingRatio\? \} or \{ stiffness, damping\? \}, got 5/],
      [{ suspension: { dampingRatio: 1 } }, /createWheelJoint: suspension needs hertz or stiffness/],
      [{ suspension: { hertz: 4, stiffness: 100 } }, /createWheelJoint: give the servo's spring as stiffness and damping or as hertz and dampingRatio, not both/],
      [{ suspension: { hertz: -1 } }, /createWheelJoint: servo hertz must be/],
      [{ suspension: { hertz: 4, spring: 1 } }, /createWheelJoint: unknown suspension option 'spring'/],
      [{ lowerTranslation: 0.2, upperTranslation: -0.2 }, /createWheelJoint: lowerTranslation \(0.2\) must not exceed upperTranslation \(-0.2\)/],
      [{ motor: { speed: NaN } }, /createWheelJoint: motor speed must be a finite number/],
      [{ motor: { speed: 1, maxForce: -1 } }, /createWheelJoint: motor maxForce must be/],
      [{ axis: [0, 0, 1] }, /createWheelJoint: unknown option 'axis'/],
      [{ hertz: 2, stiffness: 100 }, /createWheelJoint: give the spring as stiffness and damping or as hertz and dampingRatio, not both/],
      [{ anchor: [1, 0], localFrameA: {}, localFrameB: {} }, /createWheelJoint: give anchor or localFrameA and localFrameB, not both/],
    ];
    for (const [options, message] of bad) expect(() => world.createWheelJoint({ ...base, ...options } as never)).toThrow(message);
    expect(world.joints.length).toBe(0);
    const wheel = world.createWheelJoint(base);
    expect(() => wheel.setMotor({ speed: 1, maxForce: NaN })).toThrow(/setMotor: motor maxForce must be/);
    expect(wheel.motorMode).toBe('off');
  });
});
