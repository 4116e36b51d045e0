// The 2D pulley, gear and motor joints: each follows its 3D form on a planar scene to round-off under both
// solvers (the same scene built in World and World2D), and each against its analytic result in 2D alone
// (Atwood's machine, the gear train's inertia, the motor's capped force); snapshots, toOptions, bad input.

import { describe, expect, it } from 'vitest';
import { World, type Body, type Joint } from '../lib/index.js';
import { World2D, type Body2D, type GearJoint2D, type Joint2D, type MotorJoint2D, type PulleyJoint2D } from '../lib/2d/index.js';
import { planarAngle } from '../lib/2d/planar.js';

const DT = 1 / 60;
const G = 9.81;
type Solver = 'direct' | 'iterative';
const SOLVERS: Solver[] = ['direct', 'iterative'];

/** A body in both worlds: a planar body of `mass` and inertia `inertia` about z (the 3D one's other two
 * principal inertias `inertia` too). */
interface Pair {
  world3d: World;
  world2d: World2D;
  body(x: number, y: number, mass: number, inertia: number, angle?: number, omega?: number): [Body, Body2D];
}
function pair(solver: Solver, gravity: [number, number] = [0, -G]): Pair {
  const world3d = new World({ solver, gravity: [gravity[0], gravity[1], 0] });
  const world2d = new World2D({ solver, gravity });
  world3d.sleeping = false;
  world2d.sleeping = false;
  return {
    world3d, world2d,
    body(x, y, mass, inertia, angle = 0, omega = 0) {
      const b3 = world3d.createBody({
        position: [x, y, 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], angularVelocity: [0, 0, omega], mass, inertia: [inertia, inertia, inertia],
      });
      const b2 = world2d.createBody({ position: [x, y], angle, angularVelocity: omega, mass, inertia });
      return [b3, b2];
    },
  };
}

/** The largest difference between the 3D and 2D runs' bodies (positions, angles, velocities) and the 3D
 * run's largest out-of-plane component, after each of `steps` steps. */
function run(p: Pair, bodies: [Body, Body2D][], steps: number): { difference: number; outOfPlane: number } {
  let difference = 0, outOfPlane = 0;
  for (let i = 0; i < steps; i++) {
    p.world3d.step(DT);
    p.world2d.step(DT);
    for (const [b3, b2] of bodies) {
      let angle = planarAngle(b3.orientation) - b2.angle;
      angle -= 2 * Math.PI * Math.round(angle / (2 * Math.PI));
      difference = Math.max(
        difference, Math.abs(b3.position[0] - b2.position[0]), Math.abs(b3.position[1] - b2.position[1]), Math.abs(angle),
        Math.abs(b3.linearVelocity[0] - b2.linearVelocity[0]), Math.abs(b3.linearVelocity[1] - b2.linearVelocity[1]),
        Math.abs(b3.angularVelocity[2] - b2.angularVelocity),
      );
      outOfPlane = Math.max(outOfPlane, Math.abs(b3.position[2]), Math.abs(b3.linearVelocity[2]), Math.abs(b3.angularVelocity[0]), Math.abs(b3.angularVelocity[1]));
    }
  }
  return { difference, outOfPlane };
}

/** The same readouts of a 3D and a 2D joint agree: force (x, y) and torque about z. */
function expectSameLoads(j3: Joint, j2: Joint2D, tolerance: number): void {
  const f3 = j3.getForce([0, 0, 0]), f2 = j2.getForce([0, 0]);
  expect(Math.abs(f3[0] - f2[0]) + Math.abs(f3[1] - f2[1])).toBeLessThan(tolerance);
  expect(Math.abs(j3.getTorque([0, 0, 0])[2] - j2.getTorque())).toBeLessThan(tolerance);
}

describe('2D pulley joint', () => {
  for (const solver of SOLVERS) {
    it(`follows the 3D pulley on a swinging block and tackle to round-off (${solver})`, () => {
      const p = pair(solver);
      // blocks hung off-centre, started swinging, so the rope's directions and lever arms turn
      const a = p.body(-1, 1, 1, 0.02, 0.3, 1), b = p.body(1.2, 0.8, 1.5, 0.05, -0.2, -2);
      const options = { anchorA: [-0.9, 1.1], anchorB: [1.1, 0.9], groundA: [-1.2, 3], groundB: [1, 3.2], ratio: 1.7 };
      const j3 = p.world3d.createPulleyJoint({ bodyA: a[0], bodyB: b[0], ...lift(options) });
      const j2 = p.world2d.createPulleyJoint({ bodyA: a[1], bodyB: b[1], ...options });
      const { difference, outOfPlane } = run(p, [a, b], 120);
      expect(outOfPlane).toBe(0);
      expect(difference).toBeLessThan(1e-9);
      expect(Math.abs(j3.getTension() - j2.getTension())).toBeLessThan(1e-8);
      expectSameLoads(j3, j2, 1e-8);
    });

    it(`Atwood's machine in 2D: 1 kg and 2 kg accelerate at g/3 with the tension 4/3 m g (${solver})`, () => {
      const world = new World2D({ solver });
      world.sleeping = false;
      const a = world.createBody({ position: [-1, 1], mass: 1, inertia: 0.01 });
      const b = world.createBody({ position: [1, 1], mass: 2, inertia: 0.02 });
      const pulley = world.createPulleyJoint({ bodyA: a, bodyB: b, anchorA: [-1, 1], anchorB: [1, 1], groundA: [-1, 3], groundB: [1, 3] });
      for (let i = 0; i < 30; i++) world.step(DT);
      expect(Math.abs(a.linearVelocity[1] - (G / 3) * 30 * DT)).toBeLessThan(1e-6);
      expect(Math.abs(b.linearVelocity[1] + (G / 3) * 30 * DT)).toBeLessThan(1e-6);
      expect(Math.abs(pulley.getTension() - (4 / 3) * G)).toBeLessThan(1e-6);
      expect(pulley.getError()).toBeLessThan(solver === 'direct' ? 1e-9 : 1e-3);
    });
  }

  it('a block and tackle (ratio 2) lifts 1 kg against 1 kg at g/5', () => {
    const world = new World2D({ solver: 'direct' });
    const a = world.createBody({ position: [-1, 1], mass: 1, inertia: 0.01 });
    const b = world.createBody({ position: [1, 1], mass: 1, inertia: 0.01 });
    world.createPulleyJoint({ bodyA: a, bodyB: b, anchorA: [-1, 1], anchorB: [1, 1], groundA: [-1, 3], groundB: [1, 3], ratio: 2 });
    for (let i = 0; i < 30; i++) world.step(DT);
    expect(Math.abs(b.linearVelocity[1] - (G / 5) * 30 * DT)).toBeLessThan(1e-6);
    expect(Math.abs(a.linearVelocity[1] + ((2 * G) / 5) * 30 * DT)).toBeLessThan(1e-6);
  });

  it('survives snapshots bit for bit, toOptions makes the same joint, bad input is named', () => {
    const world = new World2D();
    const a = world.createBody({ position: [-1, 1], mass: 1, inertia: 0.01 });
    const b = world.createBody({ position: [1, 1], mass: 3, inertia: 0.01 });
    const pulley = world.createPulleyJoint({ bodyA: a, bodyB: b, anchorA: [-1, 1], anchorB: [1, 1], groundA: [-1, 3], groundB: [1, 3], ratio: 1.5 });
    for (let i = 0; i < 10; i++) world.step(DT);
    const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    const options = pulley.toOptions();
    expect(options).toMatchObject({ groundA: [-1, 3], groundB: [1, 3], ratio: 1.5, length: pulley.length });
    const copy = world.createPulleyJoint(options) as PulleyJoint2D;
    expect(copy.getError()).toBeLessThan(1e-12);
    world.removeJoint(copy);
    const base = { bodyA: a, bodyB: b, anchorA: [0, 0], anchorB: [1, 0], groundA: [0, 2], groundB: [1, 2] };
    expect(() => world.createPulleyJoint({ ...base, ratio: 0 })).toThrow(/ratio must be a finite number > 0, got 0/);
    expect(() => world.createPulleyJoint({ ...base, groundA: [0, 0] })).toThrow(/anchorA must be away from groundA/);
    expect(() => world.createPulleyJoint({ ...base, groundB: [1, 2, 3] as never })).toThrow(/groundB must be an array of 2 numbers/);
    expect(world.joints.length).toBe(1);
  });
});

describe('2D gear joint', () => {
  for (const solver of SOLVERS) {
    it(`follows the 3D gear train and rack and pinion to round-off, driven by a motor (${solver})`, () => {
      const p = pair(solver, [0, -G]);
      const small = p.body(0, 1, 1, 0.04, 0.2), large = p.body(0.6, 1, 4, 0.3), pinion = p.body(1.5, 1, 0.5, 0.01), rack = p.body(1.5, 0.8, 2, 0.2);
      const world = [p.world3d.ground, p.world2d.ground] as const;
      const hinge = (b: [Body, Body2D], x: number, y: number, motor?: { speed: number; maxForce: number }) => [
        p.world3d.createHingeJoint({ bodyA: world[0], bodyB: b[0], anchor: [x, y, 0], axis: [0, 0, 1], motor }),
        p.world2d.createRevoluteJoint({ bodyA: world[1], bodyB: b[1], anchor: [x, y], motor }),
      ] as const;
      const [h3a, h2a] = hinge(small, 0, 1, { speed: 3, maxForce: 0.5 });
      const [h3b, h2b] = hinge(large, 0.6, 1);
      const [h3p, h2p] = hinge(pinion, 1.5, 1, { speed: -2, maxForce: 2 });
      // the rack slides along x (tilted a little) under the pinion, B the rack, A the world
      const axis = [Math.cos(0.1), Math.sin(0.1)];
      const s3 = p.world3d.createPrismaticJoint({ bodyA: world[0], bodyB: rack[0], anchor: [1.5, 0.8, 0], axis: [axis[0], axis[1], 0], lowerTranslation: -1, upperTranslation: 1 });
      const s2 = p.world2d.createPrismaticJoint({ bodyA: world[1], bodyB: rack[1], anchor: [1.5, 0.8], axis, lowerTranslation: -1, upperTranslation: 1 });
      const g3 = p.world3d.createGearJoint({ jointA: h3a, jointB: h3b, ratio: 0.5 });
      const g2 = p.world2d.createGearJoint({ jointA: h2a, jointB: h2b, ratio: 0.5 });
      const r3 = p.world3d.createGearJoint({ jointA: h3p, jointB: s3, ratio: 0.1 });
      const r2 = p.world2d.createGearJoint({ jointA: h2p, jointB: s2, ratio: 0.1 });
      const { difference, outOfPlane } = run(p, [small, large, pinion, rack], 120);
      expect(outOfPlane).toBeLessThan(1e-12);
      expect(difference).toBeLessThan(1e-9);
      expect(Math.abs(g3.getCouplingTorque() - g2.getCouplingTorque())).toBeLessThan(1e-8);
      expect(Math.abs(r3.getCouplingTorque() - r2.getCouplingTorque())).toBeLessThan(1e-8);
      expect(Math.abs(g3.getError() - g2.getError())).toBeLessThan(1e-9);
      // the rack moved 0.1 m/rad × the pinion's turn (−2 rad/s for 2 s: past −π, so read through the gear's
      // unwrapped angles: its slip)
      expect(s2.getTranslation()).toBeGreaterThan(0.35);
      expect(r2.getError()).toBeLessThan(solver === 'direct' ? 1e-9 : 1e-4);
      expect(g2.getError()).toBeLessThan(solver === 'direct' ? 1e-9 : 1e-4);
    });
  }

  it('a torque on gear A accelerates both as the one inertia I_a + ratio² I_b, and B turns at −ratio ω_a', () => {
    const world = new World2D({ gravity: [0, 0] });
    const a = world.createBody({ mass: 1, inertia: 0.04 }), b = world.createBody({ position: [0.3, 0], mass: 3, inertia: 0.2 });
    const hingeA = world.createRevoluteJoint({ bodyA: world.ground, bodyB: a, anchor: [0, 0] });
    const hingeB = world.createRevoluteJoint({ bodyA: world.ground, bodyB: b, anchor: [0.3, 0] });
    const gear = world.createGearJoint({ jointA: hingeA, jointB: hingeB, ratio: 2 }) as GearJoint2D;
    for (let i = 0; i < 60; i++) {
      a.applyTorque(0.5);
      world.step(DT);
    }
    const alpha = 0.5 / (0.04 + 4 * 0.2);
    expect(Math.abs(a.angularVelocity - alpha)).toBeLessThan(1e-3 * alpha);
    expect(Math.abs(b.angularVelocity + 2 * a.angularVelocity)).toBeLessThan(1e-5);
    expect(gear.getError()).toBeLessThan(1e-6);
    expect(Math.abs(gear.getCouplingTorque() - 0.2 * -2 * alpha)).toBeLessThan(1e-3);
  });

  it('survives snapshots (its joints found again by id) bit for bit, goes with its joints, refuses bad input', () => {
    const world = new World2D({ gravity: [0, 0] });
    const a = world.createBody({ mass: 1, inertia: 0.04, angularVelocity: 1 }), b = world.createBody({ position: [0.3, 0], mass: 3, inertia: 0.2 });
    const hingeA = world.createRevoluteJoint({ bodyA: world.ground, bodyB: a, anchor: [0, 0] });
    const hingeB = world.createRevoluteJoint({ bodyA: world.ground, bodyB: b, anchor: [0.3, 0] });
    const gear = world.createGearJoint({ jointA: hingeA, jointB: hingeB, ratio: -1.5 });
    expect(gear.toOptions()).toMatchObject({ jointA: hingeA, jointB: hingeB, ratio: -1.5 });
    for (let i = 0; i < 20; i++) world.step(DT);
    const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 200; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: hingeB, ratio: 0 })).toThrow(/ratio must not be 0/);
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: hingeA, ratio: 1 })).toThrow(/must be two joints/);
    const weld = world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.15, 0] });
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: weld as never, ratio: 1 })).toThrow(/jointB must be a revolute or prismatic joint/);
    const c = world.createBody({ position: [1, 0], mass: 1, inertia: 1 });
    const free = world.createRevoluteJoint({ bodyA: b, bodyB: c, anchor: [1, 0] });
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: free, ratio: 1 })).toThrow(/jointB \(joint \d+\) must join a moving body to a static one/);
    world.removeJoint(hingeB);
    expect(gear.removed).toBe(true);
    expect(world.joints.map((j) => j.type)).toEqual(['revolute', 'weld', 'revolute']);
  });
});

describe('2D motor joint', () => {
  for (const solver of SOLVERS) {
    it(`follows the 3D motor joint to round-off, capped and uncapped (${solver})`, () => {
      const p = pair(solver);
      const a = p.body(0, 1, 3, 0.2, 0.1, 0.5), b = p.body(0.5, 0.3, 2, 0.1, -0.4, 2);
      const angle = 0.7;
      const j3 = p.world3d.createMotorJoint({
        bodyA: a[0], bodyB: b[0], linearOffset: [1, 0.5, 0], angularOffset: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], maxForce: 30, maxTorque: 2, correctionFactor: 0.25,
      });
      const j2 = p.world2d.createMotorJoint({ bodyA: a[1], bodyB: b[1], linearOffset: [1, 0.5], angularOffset: angle, maxForce: 30, maxTorque: 2, correctionFactor: 0.25 });
      const { difference, outOfPlane } = run(p, [a, b], 120);
      expect(outOfPlane).toBe(0);
      expect(difference).toBeLessThan(1e-9);
      expectSameLoads(j3, j2, 1e-8);
    });
  }

  it('far from its target its capped force is a constant force: x = ½ (F/m) t² as semi-implicit Euler gives it', () => {
    const world = new World2D({ gravity: [0, 0] });
    const b = world.createBody({ mass: 4, inertia: 1 });
    world.createMotorJoint({ bodyA: world.ground, bodyB: b, linearOffset: [100, 0], angularOffset: 0, maxForce: 8 });
    for (let i = 0; i < 60; i++) world.step(DT);
    const h = DT / 4, n = 240;
    expect(Math.abs(b.position[0] - ((8 / 4) * h * h * n * (n + 1)) / 2)).toBeLessThan(1e-9);
    expect(Math.abs(b.linearVelocity[0] - 2)).toBeLessThan(1e-9);
  });

  it('far from its angle its capped torque turns a body at τ/I; with torque to spare it settles on the angle', () => {
    const world = new World2D({ gravity: [0, 0] });
    const b = world.createBody({ mass: 1, inertia: 0.5 });
    const joint = world.createMotorJoint({ bodyA: world.ground, bodyB: b, angularOffset: 3, maxTorque: 1 }) as MotorJoint2D;
    for (let i = 0; i < 30; i++) world.step(DT);
    // τ/I = 2 rad/s², ω = 2 · 0.5 s
    expect(Math.abs(b.angularVelocity - 1)).toBeLessThan(1e-9);
    expect(Math.abs(joint.getTorque() - 1)).toBeLessThan(1e-9);
    const strong = world.createBody({ position: [2, 0], mass: 1, inertia: 0.5 });
    const settling = world.createMotorJoint({ bodyA: world.ground, bodyB: strong, angularOffset: 1.2, maxTorque: 100 });
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(settling.getAngularError()).toBeLessThan(1e-3);
    expect(Math.abs(strong.angle - 1.2)).toBeLessThan(1e-3);
  });

  it('holds a weight it can carry and drops one it cannot: 10 N on 2 kg falls at g − 5 m/s²', () => {
    const world = new World2D();
    world.sleeping = false;
    const held = world.createBody({ mass: 2, inertia: 0.1 });
    const holder = world.createMotorJoint({ bodyA: world.ground, bodyB: held, maxForce: 100 });
    const dropped = world.createBody({ position: [3, 0], mass: 2, inertia: 0.1 });
    world.createMotorJoint({ bodyA: world.ground, bodyB: dropped, maxForce: 10 });
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(holder.getError()).toBeLessThan(1e-3);
    expect(Math.abs(holder.getForce([0, 0])[1] - 2 * G)).toBeLessThan(0.05);
    expect(Math.abs(dropped.linearVelocity[1] + (G - 5))).toBeLessThan(1e-6);
  });

  it('survives snapshots bit for bit; toOptions and setTarget; bad input named', () => {
    const world = new World2D();
    const b = world.createBody({ position: [0, 2], mass: 1, inertia: 0.1, angularVelocity: 1 });
    const joint = world.createMotorJoint({ bodyB: b, bodyA: world.ground, maxForce: 50, maxTorque: 5, correctionFactor: 0.2 });
    expect(joint.toOptions()).toMatchObject({ linearOffset: [0, 2], angularOffset: 0, maxForce: 50, maxTorque: 5, correctionFactor: 0.2 });
    joint.setTarget([1, 2], 0.5);
    expect(joint.angularOffset).toBe(0.5);
    for (let i = 0; i < 20; i++) world.step(DT);
    const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 40; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(() => world.createMotorJoint({ bodyA: world.ground, bodyB: b, maxForce: -1 })).toThrow(/maxForce must be .*got -1/);
    expect(() => world.createMotorJoint({ bodyA: world.ground, bodyB: b, correctionFactor: 2 })).toThrow(/correctionFactor must be .*got 2/);
    expect(() => world.createMotorJoint({ bodyA: world.ground, bodyB: b, angularOffset: NaN })).toThrow(/angularOffset must be a finite number, got NaN/);
    expect(() => joint.setTarget([1, 2], Infinity)).toThrow(/angularOffset/);
    expect(joint.angularOffset).toBe(0.5);
    expect(world.joints.length).toBe(1);
  });
});

/** 2D points of an options object as 3D points at z = 0. */
function lift<T extends object>(options: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) out[key] = Array.isArray(value) ? [...value, 0] : value;
  return out as T;
}
