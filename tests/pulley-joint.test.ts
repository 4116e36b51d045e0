// The pulley joint against Atwood's machine: 1 kg and 2 kg on a ratio-1 pulley accelerate at g/3; a block
// and tackle (ratio 2) balances 1 kg against 2 kg and accelerates 1 kg against 1 kg at g/5; the rope keeps
// its length (exactly under the direct solver); snapshots, toOptions and bad input.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type PulleyJoint } from '../lib/index.js';

const DT = 1 / 60;
const G = 9.81;

/** Two blocks hanging 2 m below pulleys at y = 3, 2 m apart, on a rope of the given ratio. */
function machine(solver: 'direct' | 'iterative', massA: number, massB: number, ratio: number) {
  const world = new World({ solver, gravity: [0, -G, 0] });
  world.sleeping = false;
  const a = world.createBody({ position: [-1, 1, 0], mass: massA, inertia: boxInertia(massA, [0.1, 0.1, 0.1]) });
  const b = world.createBody({ position: [1, 1, 0], mass: massB, inertia: boxInertia(massB, [0.1, 0.1, 0.1]) });
  const pulley = world.createPulleyJoint({ bodyA: a, bodyB: b, anchorA: [-1, 1, 0], anchorB: [1, 1, 0], groundA: [-1, 3, 0], groundB: [1, 3, 0], ratio });
  return { world, a, b, pulley };
}

describe('pulley joint', () => {
  for (const solver of ['direct', 'iterative'] as const) {
    it(`Atwood's machine: 1 kg and 2 kg accelerate at g/3, the rope's tension (4/3) m_a g = 13.08 N (${solver})`, () => {
      const { world, a, b, pulley } = machine(solver, 1, 2, 1);
      for (let i = 0; i < 30; i++) world.step(DT);
      const t = 30 * DT;
      // from rest: y = y₀ ∓ ½ a t² (semi-implicit Euler: within one step's worth, a h t)
      expect(Math.abs(a.position[1] - (1 + 0.5 * (G / 3) * t * t))).toBeLessThan((G / 3) * DT * t);
      expect(Math.abs(b.position[1] - (1 - 0.5 * (G / 3) * t * t))).toBeLessThan((G / 3) * DT * t);
      expect(Math.abs(a.linearVelocity[1] - (G / 3) * t)).toBeLessThan(1e-6);
      // T = m_a (g + a) = 4/3 g
      expect(Math.abs(pulley.getTension() - (4 / 3) * G)).toBeLessThan(1e-6);
      // (the soft step's rows lean under the load by K F / ω²)
      expect(pulley.getError()).toBeLessThan(solver === 'direct' ? 1e-9 : 1e-3);
    });
  }

  it('a block and tackle (ratio 2) holds 2 kg against 1 kg at rest, and lifts 1 kg against 1 kg at g/5', () => {
    const balanced = machine('direct', 1, 2, 2);
    for (let i = 0; i < 60; i++) balanced.world.step(DT);
    expect(Math.abs(balanced.a.linearVelocity[1]) + Math.abs(balanced.b.linearVelocity[1])).toBeLessThan(1e-9);
    expect(Math.abs(balanced.pulley.getTension() - G)).toBeLessThan(1e-6);
    const lifting = machine('direct', 1, 1, 2);
    for (let i = 0; i < 30; i++) lifting.world.step(DT);
    // (4 m_a + m_b) ÿ_b = (2 m_a − m_b) g: B rises at g/5, A falls at 2g/5
    expect(Math.abs(lifting.b.linearVelocity[1] - (G / 5) * 30 * DT)).toBeLessThan(1e-6);
    expect(Math.abs(lifting.a.linearVelocity[1] + ((2 * G) / 5) * 30 * DT)).toBeLessThan(1e-6);
  });

  it('survives snapshots bit for bit and toOptions makes the same joint', () => {
    const { world, pulley } = machine('iterative', 1, 3, 1.5);
    for (let i = 0; i < 10; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    const options = pulley.toOptions();
    expect(options).toMatchObject({ groundA: [-1, 3, 0], groundB: [1, 3, 0], ratio: 1.5 });
    const copy = world.createPulleyJoint(options) as PulleyJoint;
    expect(copy.length).toBeCloseTo(pulley.length, 12);
  });

  it('refuses a zero ratio, an anchor on its pulley and a missing pulley, naming the value', () => {
    const world = new World();
    const a = world.createBody({ mass: 1, inertia: [1, 1, 1] }), b = world.createBody({ position: [1, 0, 0], mass: 1, inertia: [1, 1, 1] });
    const base = { bodyA: a, bodyB: b, anchorA: [0, 0, 0], anchorB: [1, 0, 0], groundA: [0, 2, 0], groundB: [1, 2, 0] };
    expect(() => world.createPulleyJoint({ ...base, ratio: 0 })).toThrow(/ratio must be a finite number > 0, got 0/);
    expect(() => world.createPulleyJoint({ ...base, groundA: [0, 0, 0] })).toThrow(/anchorA must be away from groundA/);
    expect(() => world.createPulleyJoint({ ...base, groundB: undefined as never })).toThrow(/groundB must be an array of 3 numbers, got undefined/);
    expect(world.joints.length).toBe(0);
  });
});
