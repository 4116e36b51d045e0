// The 2D prismatic joint: it follows the 3D prismatic joint on a planar scene to round-off under both
// solvers (limits, a motor, a servo, friction and a spring); a motor drives a block to its speed, a limit
// holds a block's weight with getLimitForce() = m g; snapshots continue bit for bit, toOptions() and local
// frames remake the same joint; bad input is refused, naming the value.

import { describe, expect, it } from 'vitest';
import { boxInertia, type PrismaticJoint } from '../lib/index.js';
import { buildPlanarPair, buildScene2D, measurePlanarDifference, World2D, type PlanarPair, type PrismaticJoint2D } from '../lib/2d/index.js';
import type { BodyDescription, JointDescription, SceneDescription } from '../lib/scenes/index.js';

const DT = 1 / 60;
const G = 9.81;

function box(position: [number, number], mass: number, half: [number, number, number], angle = 0): BodyDescription {
  return {
    type: 'dynamic', position: [position[0], position[1], 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)],
    mass, inertia: boxInertia(mass, half), shape: { kind: 'box', halfExtents: half },
  };
}

/**
 * Sliders of every kind in one planar scene: an arm swinging on a pin with a block on a motor-driven slider
 * along it (limited, so the block rides into its stops while the arm turns: the (r_a + d) lever arm at work);
 * a block on a tilted slider to the world with a soft servo and friction; a block on a limited slider whose
 * holding rows are a spring (hertz); and a plain rigid slider between two blocks, one hung from a pin.
 */
function slidersScene(): SceneDescription {
  const c = Math.cos(0.4), s = Math.sin(0.4);
  const bodies: BodyDescription[] = [
    box([1, 0], 2, [1, 0.05, 0.05]),
    box([1.2, 0], 1, [0.1, 0.1, 0.1], 0.3),
    box([-1, 1], 1.5, [0.2, 0.1, 0.1], -0.2),
    box([3, 1], 0.8, [0.1, 0.2, 0.1]),
    box([-2.5, -1], 1, [0.1, 0.3, 0.1]),
    box([-2, -1.5], 0.5, [0.2, 0.1, 0.1], 0.7),
  ];
  const joints: JointDescription[] = [
    { type: 'hinge', bodyA: 0, bodyB: null, anchor: [0, 0, 0], axis: [0, 0, 1] },
    { type: 'prismatic', bodyA: 0, bodyB: 1, anchor: [1.2, 0, 0], axis: [1, 0, 0], limits: [-0.5, 0.4], motor: { speed: 0.6, maxForce: 15 } },
    { type: 'prismatic', bodyA: 2, bodyB: null, anchor: [-1, 1, 0], axis: [c, -s, 0], servo: { target: 0.3, hertz: 2, dampingRatio: 0.3, maxForce: 40 }, friction: 1.5 },
    { type: 'prismatic', bodyA: 3, bodyB: null, anchor: [3, 1, 0], axis: [0.6, 0.8, 0], limits: [-0.3, 0.2], hertz: 4, dampingRatio: 0.5 },
    { type: 'hinge', bodyA: 4, bodyB: null, anchor: [-2.5, -0.7, 0], axis: [0, 0, 1], limits: [-0.8, 0.8] },
    { type: 'prismatic', bodyA: 4, bodyB: 5, anchor: [-2, -1.4, 0], axis: [s, c, 0], limits: [-0.2, 0.25], friction: 0.5 },
  ];
  return { name: 'sliders', gravity: [0, -G, 0], dt: DT, bodies, joints };
}

interface Worst { position: number; angle: number; velocity: number; angularVelocity: number; outOfPlane: number; joint: number }

/** Steps both worlds, the largest differences over the run; and each slider's translation and speed agree
 * with the 3D joint's. */
function runPair(pair: PlanarPair, steps: number): Worst {
  const worst: Worst = { position: 0, angle: 0, velocity: 0, angularVelocity: 0, outOfPlane: 0, joint: 0 };
  const sliders = pair.joints2d.map((joint, i) => [joint, pair.joints3d[i]] as const).filter(([joint]) => joint.type === 'prismatic');
  for (let i = 0; i < steps; i++) {
    pair.world3d.step(DT);
    pair.world2d.step(DT);
    const d = measurePlanarDifference(pair);
    expect(d.jointsDiffering).toEqual([]);
    worst.position = Math.max(worst.position, d.position);
    worst.angle = Math.max(worst.angle, d.angle);
    worst.velocity = Math.max(worst.velocity, d.velocity);
    worst.angularVelocity = Math.max(worst.angularVelocity, d.angularVelocity);
    worst.outOfPlane = Math.max(worst.outOfPlane, d.outOfPlane);
    for (const [two, three] of sliders) {
      const a = two as PrismaticJoint2D, b = three as PrismaticJoint;
      worst.joint = Math.max(worst.joint, Math.abs(a.getTranslation() - b.getTranslation()), Math.abs(a.getSpeed() - b.getSpeed()));
      worst.joint = Math.max(worst.joint, Math.abs(a.getMotorForce() - b.getMotorForce()) * 1e-3, Math.abs(a.getLimitForce() - b.getLimitForce()) * 1e-3);
      // the force readout is the 3D force's in-plane part, the torque its z (forces in N, weighed as mm)
      const f2 = a.getForce([0, 0]), f3 = b.getForce([0, 0, 0]), t3 = b.getTorque([0, 0, 0]);
      worst.joint = Math.max(worst.joint, 1e-3 * Math.abs(f2[0] - f3[0]), 1e-3 * Math.abs(f2[1] - f3[1]), 1e-3 * Math.abs(a.getTorque() - t3[2]));
    }
  }
  return worst;
}

describe('the 2D prismatic joint follows the 3D one on a planar scene', () => {
  for (const solver of ['iterative', 'direct'] as const) {
    it(`to round-off for 2 s at 60 Hz (${solver} solver): limits, a motor, a servo, friction and a spring`, () => {
      const pair = buildPlanarPair(slidersScene(), { solver });
      const worst = runPair(pair, 120);
      // (measured, both solvers: 2e-15 m, 2e-15 rad, 5e-14 m/s and rad/s; the 3D run leaves the plane by 2e-14)
      // the scene did what it is for: the motor presses its block into the upper stop with its whole 15 N,
      // the servo holds its block against gravity and friction short of its target, the spring slider and
      // the pinned slider rest on their stops; under the direct solver the pins and the last slider, with its
      // limits and friction, are held exactly
      const [motorSlider, servoSlider, springSlider, pinnedSlider] = pair.joints2d.filter((j) => j.type === 'prismatic') as PrismaticJoint2D[];
      expect(motorSlider.getMotorForce()).toBeCloseTo(15, 9);
      expect(motorSlider.getLimitForce()).toBeLessThan(-15);
      expect(servoSlider.getTranslation()).toBeGreaterThan(0.2);
      expect(servoSlider.getTranslation()).toBeLessThan(0.3);
      expect(springSlider.getLimitForce()).toBeLessThan(0);
      expect(pinnedSlider.getLimitForce()).toBeGreaterThan(0);
      if (solver === 'direct') expect(pair.world2d.directJoints.map((j) => pair.joints2d.indexOf(j))).toEqual([0, 4, 5]);
      expect(worst.position).toBeLessThan(1e-9);
      expect(worst.angle).toBeLessThan(1e-9);
      expect(worst.velocity).toBeLessThan(1e-9);
      expect(worst.angularVelocity).toBeLessThan(1e-9);
      expect(worst.joint).toBeLessThan(1e-9);
      expect(worst.outOfPlane).toBeLessThan(1e-12);
    });
  }
});

describe('its rows', () => {
  it('J = ∂C/∂x by finite differences, and K = J M⁻¹ Jᵀ, away from C = 0 with A turned', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0.3, -0.2], angle: 0.7, mass: 1.7, inertia: 0.4 });
    const b = world.createBody({ position: [1.4, 0.5], angle: -0.4, mass: 0.6, inertia: 0.15 });
    const joint = world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: [0.9, 0.1], anchorB: [1.2, 0.6], axis: [0.8, 0.6], referenceAngle: 0.2 });
    const rows = () => {
      joint.prepare({ h: 1 / 240 });
      const J = new Float64Array(12), K = new Float64Array(4), C = new Float64Array(2);
      joint.writeJacobian(J);
      joint.writeEffectiveMass(K);
      joint.getPositionError(C);
      return { J, K, C };
    };
    const { J, K, C } = rows();
    expect(Math.abs(C[0])).toBeGreaterThan(0.1);
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
      const plus = rows().C;
      move(-2 * e);
      const minus = rows().C;
      move(e);
      for (let r = 0; r < 2; r++) expect(Math.abs((plus[r] - minus[r]) / (2 * e) - J[r * 6 + k])).toBeLessThan(1e-8);
    }
    const inverse = [1 / 1.7, 1 / 1.7, 1 / 0.4, 1 / 0.6, 1 / 0.6, 1 / 0.15];
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        let s = 0;
        for (let k = 0; k < 6; k++) s += J[i * 6 + k] * inverse[k] * J[j * 6 + k];
        expect(Math.abs(K[i * 2 + j] - s)).toBeLessThan(1e-12);
      }
    }
  });
});

describe('against the closed form', () => {
  for (const solver of ['iterative', 'direct'] as const) {
    it(`a motor drives a block on a frictionless horizontal slider at F/m until it reaches its speed (${solver})`, () => {
      // 2 kg, 10 N cap: 5 m/s², so 1 m/s after 0.2 s and the motor's 2 m/s from 0.4 s on
      const world = new World2D({ solver });
      const block = world.createBody({ position: [0, 1], mass: 2, inertia: 0.1 });
      const slider = world.createPrismaticJoint({ bodyA: world.ground, bodyB: block, anchor: [0, 1], axis: [1, 0], motor: { speed: 2, maxForce: 10 } });
      for (let i = 0; i < 12; i++) world.step(DT);
      expect(slider.getSpeed()).toBeCloseTo(1, 12);
      expect(slider.getMotorForce()).toBeCloseTo(10, 9);
      for (let i = 0; i < 48; i++) world.step(DT);
      expect(slider.getSpeed()).toBeCloseTo(2, 12);
      expect(block.linearVelocity[0]).toBeCloseTo(2, 12);
      expect(Math.abs(block.linearVelocity[1])).toBeLessThan(1e-12);
      expect(Math.abs(slider.getMotorForce())).toBeLessThan(1e-9);
      // the line row carries the weight: F = (0, m g) on the block
      const force = slider.getForce([0, 0]);
      expect(force[1]).toBeCloseTo(2 * G, 9);
      expect(slider.motorMode).toBe('velocity');
    });

    it(`a block on a vertical slider rests on its lower limit, getLimitForce() = m g (${solver})`, () => {
      const world = new World2D({ solver });
      const block = world.createBody({ position: [0.5, 2], mass: 3, inertia: 0.2 });
      const slider = world.createPrismaticJoint({ bodyA: world.ground, bodyB: block, anchor: [0.5, 2], axis: [0, 1], lowerTranslation: -0.5 });
      for (let i = 0; i < 180; i++) world.step(DT);
      expect(Math.abs(slider.getTranslation() + 0.5)).toBeLessThan(1e-4);
      expect(Math.abs(slider.getLimitForce() - 3 * G)).toBeLessThan(1e-6 * 3 * G);
      expect(Math.abs(block.linearVelocity[1])).toBeLessThan(1e-6);
      expect(slider.lowerTranslation).toBe(-0.5);
      expect(slider.upperTranslation).toBe(Infinity);
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
      const { world } = buildScene2D(slidersScene(), { solver });
      for (let i = 0; i < 30; i++) world.step(DT);
      const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
      expect(restored.hash()).toBe(world.hash());
      // (a read between steps leaves the saved state alone)
      (world.joints[1] as PrismaticJoint2D).getTranslation();
      (world.joints[1] as PrismaticJoint2D).getSpeed();
      expect(restored.hash()).toBe(world.hash());
      for (let i = 0; i < 60; i++) {
        world.step(DT);
        restored.step(DT);
      }
      expect(restored.hash()).toBe(world.hash());
      expect(state(restored)).toEqual(state(world));
      const slider = restored.joints[1] as PrismaticJoint2D;
      expect(slider.type).toBe('prismatic');
      expect(slider.motorMode).toBe('velocity');
      expect([slider.lowerTranslation, slider.upperTranslation]).toEqual([-0.5, 0.4]);
    });
  }

  it('toOptions() remakes the same joint: both worlds step to the same states', () => {
    const make = () => {
      const world = new World2D();
      const a = world.createBody({ position: [0.2, 0.1], angle: 0.5, mass: 2, inertia: 0.3, angularVelocity: 0.7 });
      const b = world.createBody({ position: [1.3, 0.4], angle: -0.3, mass: 0.7, inertia: 0.1, linearVelocity: [0.5, -1] });
      world.createRevoluteJoint({ bodyA: a, anchor: [0, 0] });
      return { world, a, b };
    };
    const one = make(), two = make();
    const joint = one.world.createPrismaticJoint({
      bodyA: one.a, bodyB: one.b, anchor: [1.1, 0.3], anchorB: [1.2, 0.35], axis: [2, 1], referenceAngle: -0.75, lowerTranslation: -0.2, upperTranslation: 0.3,
      servo: { target: 0.1, stiffness: 40, damping: 2, maxForce: 30 }, frictionForce: 0.4, breakForce: 1e4, userData: 'slide',
    });
    const options = joint.toOptions();
    const copy = two.world.createPrismaticJoint({ ...options, bodyA: two.a, bodyB: two.b });
    const back = copy.toOptions();
    for (const key of ['anchor', 'anchorB', 'axis'] as const) {
      for (let k = 0; k < 2; k++) expect(Math.abs((back[key] as number[])[k] - (options[key] as number[])[k])).toBeLessThan(1e-15);
    }
    const { bodyA: _a, bodyB: _b, anchor: _p, anchorB: _q, axis: _x, ...rest } = options;
    const { bodyA: _c, bodyB: _d, anchor: _r, anchorB: _s, axis: _y, ...restBack } = back;
    expect(restBack).toEqual(rest);
    expect(rest).toMatchObject({ referenceAngle: -0.75, lowerTranslation: -0.2, upperTranslation: 0.3, frictionForce: 0.4, breakForce: 1e4, userData: 'slide' });
    // (the anchors and axis go through world space and back into the bodies' axes, which moves a last bit)
    expect(Math.abs(copy.getTranslation() - joint.getTranslation())).toBeLessThan(1e-15);
    expect(copy.referenceAngle).toBe(joint.referenceAngle);
    for (let i = 0; i < 120; i++) {
      one.world.step(DT);
      two.world.step(DT);
    }
    const s1 = state(one.world), s2 = state(two.world);
    let worst = 0;
    for (let k = 0; k < s1.length; k++) worst = Math.max(worst, Math.abs(s1[k] - s2[k]));
    expect(worst).toBeLessThan(1e-12);
  });

  it('localFrameA and localFrameB make the joint the world options make', () => {
    const make = () => {
      const world = new World2D();
      const a = world.createBody({ position: [0.2, 0.1], angle: 0.5, mass: 2, inertia: 0.3 });
      const b = world.createBody({ position: [1.3, 0.4], angle: -0.3, mass: 0.7, inertia: 0.1 });
      return { world, a, b };
    };
    const one = make(), two = make();
    // frame A at (0.6, 0.2) in A turned 0.4 from A's x: the axis; frame B at (−0.1, 0.05) in B turned −0.2
    const axisAngle = one.a.angle + 0.4;
    const options = { lowerTranslation: -0.1, upperTranslation: 0.5, motor: { speed: 0.3, maxForce: 5 } };
    const joint = one.world.createPrismaticJoint({
      ...options, bodyA: one.a, bodyB: one.b, anchor: one.a.getWorldPoint([0, 0], [0.6, 0.2]), anchorB: one.b.getWorldPoint([0, 0], [-0.1, 0.05]),
      axis: [Math.cos(axisAngle), Math.sin(axisAngle)], referenceAngle: 0.4 - -0.2,
    });
    const framed = two.world.createPrismaticJoint({
      ...options, bodyA: two.a, bodyB: two.b, localFrameA: { position: [0.6, 0.2], angle: 0.4 }, localFrameB: { position: [-0.1, 0.05], angle: -0.2 },
    });
    expect(framed.referenceAngle).toBe(joint.referenceAngle);
    expect(Math.abs(framed.getTranslation() - joint.getTranslation())).toBeLessThan(1e-15);
    for (let i = 0; i < 120; i++) {
      one.world.step(DT);
      two.world.step(DT);
    }
    const s1 = state(one.world), s2 = state(two.world);
    for (let k = 0; k < s1.length; k++) expect(Math.abs(s1[k] - s2[k])).toBeLessThan(1e-12);
    expect(() => two.world.createPrismaticJoint({ bodyA: two.a, bodyB: two.b, axis: [1, 0], localFrameA: {}, localFrameB: {} })).toThrow(/give axis or localFrameA and localFrameB, not both/);
  });
});

describe('bad input', () => {
  it('is refused with a message naming the value, and no joint is made', () => {
    const world = new World2D();
    const a = world.createBody({ mass: 1, inertia: 0.1 }), b = world.createBody({ position: [1, 0], mass: 1, inertia: 0.1 });
    const base = { bodyA: a, bodyB: b, anchor: [1, 0], axis: [1, 0] };
    const bad: [object, RegExp][] = [
      [{ axis: [0, 0] }, /createPrismaticJoint: axis must be a nonzero direction, got \[0, 0\]/],
      [{ axis: [1, NaN] }, /createPrismaticJoint: axis must hold 2 finite numbers, got \[1, NaN\]/],
      [{ axis: [1, 0, 0] }, /createPrismaticJoint: axis must be an array of 2 numbers/],
      [{ axis: undefined }, /createPrismaticJoint: axis must be an array of 2 numbers, got undefined/],
      [{ anchor: [Infinity, 0] }, /createPrismaticJoint: anchor must hold 2 finite numbers/],
      [{ lowerTranslation: 1, upperTranslation: 0 }, /createPrismaticJoint: lowerTranslation \(1\) must not exceed upperTranslation \(0\)/],
      [{ lowerTranslation: NaN }, /createPrismaticJoint: lowerTranslation must be a number/],
      [{ motor: { speed: 1 }, servo: { target: 0 } }, /createPrismaticJoint: give motor or servo, not both/],
      [{ motor: { speed: NaN } }, /createPrismaticJoint: motor speed must be a finite number/],
      [{ servo: { target: 0, hertz: 2, stiffness: 10 } }, /servo's spring as stiffness and damping or as hertz and dampingRatio, not both/],
      [{ frictionForce: -1 }, /createPrismaticJoint: frictionForce must be/],
      [{ hertz: 2, stiffness: 100 }, /createPrismaticJoint: give the spring as stiffness and damping or as hertz and dampingRatio, not both/],
      [{ referenceAngle: Infinity }, /createPrismaticJoint: referenceAngle must be a finite number/],
      [{ normal: [0, 1] }, /createPrismaticJoint: unknown option 'normal'/],
      [{ localFrameA: { angle: NaN }, localFrameB: {}, anchor: undefined, axis: undefined }, /createPrismaticJoint: localFrameA.angle must be a finite number, got NaN/],
      [{ localFrameA: {} }, /createPrismaticJoint: give localFrameA and localFrameB together/],
    ];
    for (const [options, message] of bad) expect(() => world.createPrismaticJoint({ ...base, ...options } as never)).toThrow(message);
    expect(world.joints.length).toBe(0);
    const slider = world.createPrismaticJoint(base);
    expect(() => slider.setLimits(0.5, -0.5)).toThrow(/setLimits: lower \(0.5\) must not exceed upper \(-0.5\)/);
    expect(() => slider.setMotor({ speed: Infinity })).toThrow(/setMotor: motor speed must be a finite number/);
    expect(() => (slider.frictionForce = -2)).toThrow(/frictionForce: frictionForce must be/);
    expect(() => slider.getAxis(new Float64Array(1))).toThrow(/getAxis: out must be an array or Float64Array that 2 numbers can be written into/);
  });

  it('a planar scene with a slider whose axis leaves the plane has no 2D form', () => {
    const scene = slidersScene();
    scene.joints[2] = { ...scene.joints[2], axis: [0.6, 0, 0.8] };
    expect(() => buildScene2D(scene)).toThrow(/addSceneToWorld2D: only a prismatic joint whose axis lies in the x-y plane has a 2D form, got axis \[0.6,0,0.8\]/);
  });
});
