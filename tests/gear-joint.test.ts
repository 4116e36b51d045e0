// The gear joint: two gears on hinges turn at −ratio times each other's rate, and a torque on one
// accelerates both as one inertia I_a + ratio² I_b; a rack and pinion moves the rack at −ratio ω with
// the inertia I + ratio² m; snapshots find the gear's joints again; bad input.

import { describe, expect, it } from 'vitest';
import { World, type GearJoint, type HingeJoint, type PrismaticJoint } from '../lib/index.js';

const DT = 1 / 60;

function gears(solver: 'direct' | 'iterative', ratio: number) {
  const world = new World({ solver, gravity: [0, 0, 0] });
  world.sleeping = false;
  const a = world.createBody({ position: [0, 0, 0], mass: 1, inertia: [0.02, 0.02, 0.04] });
  const b = world.createBody({ position: [0.3, 0, 0], mass: 3, inertia: [0.1, 0.1, 0.2] });
  const hingeA = world.createHingeJoint({ bodyA: world.ground, bodyB: a, anchor: [0, 0, 0], axis: [0, 0, 1] });
  const hingeB = world.createHingeJoint({ bodyA: world.ground, bodyB: b, anchor: [0.3, 0, 0], axis: [0, 0, 1] });
  const gear = world.createGearJoint({ jointA: hingeA, jointB: hingeB, ratio });
  return { world, a, b, hingeA, hingeB, gear };
}

describe('gear joint', () => {
  for (const solver of ['direct', 'iterative'] as const) {
    it(`two gears (ratio 2): ω_b = −2 ω_a, and 0.5 N·m on A accelerates I_a + 4 I_b (${solver})`, () => {
      const { world, a, b, hingeA, hingeB, gear } = gears(solver, 2);
      for (let i = 0; i < 60; i++) {
        a.applyTorque([0, 0, 0.5]);
        world.step(DT);
      }
      const alpha = 0.5 / (0.04 + 4 * 0.2);
      expect(Math.abs(a.angularVelocity[2] - alpha)).toBeLessThan(1e-3 * alpha);
      // (the row's bias pulls the slip C back: a velocity of about C / h remains)
      expect(Math.abs(b.angularVelocity[2] + 2 * a.angularVelocity[2])).toBeLessThan(1e-5);
      expect(gear.getError()).toBeLessThan(solver === 'direct' ? 1e-6 : 1e-3);
      expect(Math.abs(2 * hingeA.getAngle() + hingeB.getAngle())).toBeLessThan(1e-3);
      // the coupling carries B's torque: I_b α_b, α_b = −2 α_a
      expect(Math.abs(gear.getCouplingTorque() - 0.2 * -2 * alpha)).toBeLessThan(1e-3);
    });
  }

  it('keeps the ratio over many turns, across ±π (angles unwrapped)', () => {
    const { world, a, b, gear } = gears('direct', -0.5);
    a.setAngularVelocity([0, 0, 20]);
    b.setAngularVelocity([0, 0, 10]);
    for (let i = 0; i < 300; i++) world.step(DT);
    expect(Math.abs(b.angularVelocity[2] - 0.5 * a.angularVelocity[2])).toBeLessThan(1e-6);
    expect(gear.getError()).toBeLessThan(1e-6);
  });

  it('a rack and pinion: the rack moves at −r ω and 0.2 N·m accelerates I + r² m', () => {
    const world = new World({ gravity: [0, 0, 0] });
    world.sleeping = false;
    const pinion = world.createBody({ position: [0, 0.1, 0], mass: 1, inertia: [0.005, 0.005, 0.005] });
    const rack = world.createBody({ position: [0, 0, 0], mass: 2, inertia: [0.1, 0.1, 0.1] });
    const hinge = world.createHingeJoint({ bodyA: world.ground, bodyB: pinion, anchor: [0, 0.1, 0], axis: [0, 0, 1] });
    const slider = world.createPrismaticJoint({ bodyA: world.ground, bodyB: rack, anchor: [0, 0, 0], axis: [1, 0, 0] }) as PrismaticJoint;
    world.createGearJoint({ jointA: hinge, jointB: slider, ratio: 0.1 });
    for (let i = 0; i < 60; i++) {
      pinion.applyTorque([0, 0, 0.2]);
      world.step(DT);
    }
    const alpha = 0.2 / (0.005 + 0.01 * 2);
    expect(Math.abs(pinion.angularVelocity[2] - alpha)).toBeLessThan(1e-3 * alpha);
    expect(Math.abs(rack.linearVelocity[0] + 0.1 * pinion.angularVelocity[2])).toBeLessThan(1e-6);
  });

  it('survives snapshots (found again by its joints\' ids) bit for bit', () => {
    const { world, a } = gears('iterative', 1.5);
    a.setAngularVelocity([0, 0, 3]);
    for (let i = 0; i < 20; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 40; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    const gear = restored.joints[2] as GearJoint;
    expect(gear.jointA).toBe(restored.joints[0]);
    expect(gear.ratio).toBe(1.5);
  });

  it('goes with either of its joints: removing a hinge (or its static body) removes the gear, and the other gear turns free', () => {
    const { world, a, b, hingeA, gear } = gears('direct', 2);
    world.removeJoint(hingeA);
    expect(gear.removed).toBe(true);
    expect(world.joints.map((j) => j.type)).toEqual(['hinge']);
    // B alone on its hinge: a torque on it turns it at τ / I_b, nothing coupled to A
    for (let i = 0; i < 60; i++) {
      b.applyTorque([0, 0, 0.2]);
      world.step(DT);
    }
    expect(Math.abs(b.angularVelocity[2] - 1)).toBeLessThan(1e-9);
    expect(a.angularVelocity[2]).toBe(0);
    const again = gears('iterative', 1);
    const hub = again.world.createBody({ type: 'static' });
    const hinge = again.world.createHingeJoint({ bodyA: hub, bodyB: again.a, anchor: [0, 0, 0], axis: [0, 0, 1] });
    const second = again.world.createGearJoint({ jointA: hinge, jointB: again.hingeB, ratio: 1 });
    again.world.removeBody(hub);
    expect(hinge.removed && second.removed).toBe(true);
    expect(again.gear.removed).toBe(false);
  });

  it('refuses a zero ratio, a joint of another kind, and hinges between moving bodies, naming them', () => {
    const { world, hingeA, hingeB, a, b } = gears('direct', 1);
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: hingeB, ratio: 0 })).toThrow(/ratio must not be 0/);
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: hingeA, ratio: 1 })).toThrow(/must be two joints/);
    const weld = world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.15, 0, 0] });
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: weld as never, ratio: 1 })).toThrow(/jointB must be a hinge or prismatic joint/);
    const c = world.createBody({ position: [1, 0, 0], mass: 1, inertia: [1, 1, 1] });
    const free = world.createHingeJoint({ bodyA: b, bodyB: c, anchor: [1, 0, 0], axis: [0, 0, 1] }) as HingeJoint;
    expect(() => world.createGearJoint({ jointA: hingeA, jointB: free, ratio: 1 })).toThrow(/jointB \(joint \d+\) must join a moving body to a static one/);
    expect(world.joints.filter((j) => j.type === 'gear').length).toBe(1);
  });
});
