// The default world's joints: `new World()` runs the direct solver, and holds the structures it was chosen
// for (BENCHMARKS.md "Joints that hold at any setting": the default solver's targets) while keeping the
// motion the soft step keeps: a swing loses no more energy, a motor holds.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type Body, type HingeJoint, type Joint } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import {
  ballAndChain, buildScene, hangingChain, heavyEndChain, ragdollPile, ropeBridge, tautChain, weldedCantilever, weldedWall,
  type SceneDescription,
} from '../lib/scenes/index.js';

/** The peak of world.getMaxLinearError() over `steps` steps, sleeping off. */
function peakGap(description: SceneDescription, steps: number): { gap: number; bodies: Body[]; joints: Joint[] } {
  const { world, bodies, joints } = buildScene(description, { sleeping: false });
  let gap = 0;
  for (let step = 0; step < steps; step++) {
    world.step(description.dt);
    gap = Math.max(gap, world.getMaxLinearError());
  }
  return { gap, bodies, joints };
}

describe('the default world', () => {
  it('runs the direct solver, one exact substep a step it holds alone', () => {
    const world = new World(), world2d = new World2D();
    expect([world.solver, world2d.solver]).toEqual(['direct', 'direct']);
    expect([world.substeps, world.exactSubsteps]).toEqual([4, 1]);
    expect(() => new World({ exactSubsteps: 0 })).toThrow(/^World: exactSubsteps must be an integer ≥ 1, got 0$/);
    expect(() => { world.exactSubsteps = 65; }).toThrow(/exactSubsteps/);
    // the substeps a step takes: one where the direct solver holds every row, the world's 4 where a
    // contact is in the step or under the soft step
    const chain = buildScene(hangingChain(5)).world;
    expect(chain.lastStepSubsteps).toBe(0);
    chain.step(1 / 60);
    expect(chain.lastStepSubsteps).toBe(1);
    chain.solver = 'iterative';
    chain.step(1 / 60);
    expect(chain.lastStepSubsteps).toBe(4);
    const ball = world.createBody({ position: [0, 0.45, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
    world.createBallJoint({ bodyA: ball, anchor: [0, 3, 0] });
    world.step(1 / 60);
    expect(world.lastStepSubsteps).toBe(4);
  });

  it('holds the 670:1 ball and chain, the welded cantilever and the 10 000:1 chain to a micrometre', () => {
    expect(peakGap(ballAndChain(670), 300).gap).toBeLessThan(2e-6);
    const { bodies } = peakGap(weldedCantilever(10), 300);
    const tip = bodies[9], q = tip.orientation;
    expect(Math.abs(tip.position[1] + 0.5 * 2 * (q[0] * q[1] + q[3] * q[2]))).toBeLessThan(1e-6); // tip sag
    const heavy = peakGap(heavyEndChain(20, 10000), 300);
    expect(heavy.gap).toBeLessThan(2e-6);
    const last = heavy.bodies[19], lq = last.orientation;
    const ax = 1 - 2 * (lq[1] * lq[1] + lq[2] * lq[2]), ay = 2 * (lq[0] * lq[1] + lq[3] * lq[2]);
    expect(Math.hypot(last.position[0] + 0.5 * ax, last.position[1] + 0.5 * ay) / 20).toBeLessThan(1.001); // stretch
  });

  it('holds a 1000-link chain, a rope bridge of 2 x 20 links and a taut chain of 30 to a micrometre', () => {
    expect(peakGap(hangingChain(1000), 60).gap).toBeLessThan(2e-6);
    expect(peakGap(ropeBridge({ links: 20 }), 300).gap).toBeLessThan(2e-6);
    expect(peakGap(tautChain(30), 300).gap).toBeLessThan(2e-6);
  });

  it('keeps ten ragdolls dropped in a heap together and inside their limits', () => {
    const { world, joints } = buildScene(ragdollPile({ count: 10 }), { sleeping: false });
    let gap = 0, excess = 0;
    for (let step = 0; step < 300; step++) {
      world.step(1 / 60);
      gap = Math.max(gap, world.getMaxLinearError());
      for (const joint of joints) {
        if ('getSwingMargin' in joint) excess = Math.max(excess, -(joint as { getSwingMargin(): number }).getSwingMargin());
      }
    }
    // measured: 1e-6 m and 5e-8 rad; the soft step 0.013 m and 0.12 rad
    expect(gap).toBeLessThan(2e-6);
    expect(excess).toBeLessThan(1e-5);
  });

  it('keeps the 8 x 8 stacked wall of 30 kg bricks on its 3000 N ground welds standing, the welds carrying its weight', () => {
    const { world, joints } = buildScene(weldedWall({ bond: 'stack', brickMass: 30, collide: false }), { sleeping: false });
    for (let step = 0; step < 600; step++) world.step(1 / 60);
    expect(joints.filter((joint) => joint.broken)).toEqual([]);
    const force = [0, 0, 0];
    let support = 0;
    for (const joint of joints) {
      if (joint.bodyB.isDynamic) continue;
      joint.getForce(force);
      support -= force[1];
    }
    expect(support / (64 * 30 * 9.81)).toBeCloseTo(1, 9);
  });

  it('lets a pendulum swing on: 96 % of its energy after 20 s, as the soft step keeps it', () => {
    // The geometric stiffness the heavy chains need damps a swing when it is added where the tension is
    // light: with it a 1 m box on a ball joint kept 1 % of its energy over 20 s at one substep a step.
    for (const solver of ['direct', 'iterative'] as const) {
      const world = new World({ solver, sleeping: false });
      const m = 2, d = 0.5, theta0 = 0.1;
      const body = world.createBody({
        position: [d * Math.sin(theta0), -d * Math.cos(theta0), 0], orientation: [0, 0, Math.sin(theta0 / 2), Math.cos(theta0 / 2)],
        mass: m, inertia: boxInertia(m, [0.1, 0.5, 0.1]),
      });
      world.createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
      const energy = () => body.getKineticEnergy() + m * 9.81 * body.position[1];
      const start = energy(), swing = m * 9.81 * d * (1 - Math.cos(theta0));
      for (let step = 0; step < 1200; step++) world.step(1 / 60);
      // measured: the direct solver loses 4.2 % of the swing's energy, the soft step 3.6 %
      expect((start - energy()) / swing, solver).toBeLessThan(0.05);
      expect((start - energy()) / swing, solver).toBeGreaterThan(0);
    }
  });

  it('a hinge motor holding a rod at speed 0 against gravity does not creep', () => {
    const world = new World({ sleeping: false });
    const rod = world.createBody({ position: [0.5, 0, 0], mass: 1, inertia: boxInertia(1, [0.5, 0.05, 0.05]) });
    const hinge: HingeJoint = world.createHingeJoint({ bodyA: rod, anchor: [0, 0, 0], axis: [0, 0, 1], motor: { speed: 0, maxForce: 100 } });
    for (let step = 0; step < 300; step++) world.step(1 / 60);
    // the motor's joint is the soft step's (its drive row beside the exact solve crept at 0.058 rad/s)
    expect(hinge.direct).toBe(false);
    expect(Math.abs(hinge.getAngle())).toBeLessThan(1e-3);
    expect(Math.abs(hinge.getSpeed())).toBeLessThan(1e-6);
  });
});
