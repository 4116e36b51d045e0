// Analytic checks run in both worlds from the same scene descriptions (one suite, parametrised over
// the dimension, so the 2D and 3D tests cannot drift apart).

import { describe, expect, it } from 'vitest';
import { boxInertia } from '../lib/index.js';
import { buildScene2D, planarAngle } from '../lib/2d/index.js';
import { buildScene, type SceneDescription } from '../lib/scenes/index.js';

const G = 9.81;
const DT = 1 / 60;

/** What a test reads from a world, whichever its dimension. */
interface Run {
  step(): void;
  /** x, y of body i. */
  position(i: number): [number, number];
  angle(i: number): number;
  /** Force (x, y) and torque (z) of joint j over the last step. */
  force(j: number): [number, number];
  torque(j: number): number;
  broken(j: number): boolean;
  breaks: number;
}

const worlds: { name: string; run(scene: SceneDescription): Run }[] = [
  {
    name: '3D',
    run(scene) {
      const { world, bodies, joints } = buildScene(scene);
      const r: Run = {
        step: () => world.step(DT),
        position: (i) => [bodies[i].position[0], bodies[i].position[1]],
        angle: (i) => planarAngle(bodies[i].orientation),
        force: (j) => {
          const f = joints[j].getForce([0, 0, 0]);
          return [f[0], f[1]];
        },
        torque: (j) => joints[j].getTorque([0, 0, 0])[2],
        broken: (j) => joints[j].broken,
        breaks: 0,
      };
      world.onJointBreak = () => r.breaks++;
      return r;
    },
  },
  {
    name: '2D',
    run(scene) {
      const { world, bodies, joints } = buildScene2D(scene);
      const r: Run = {
        step: () => world.step(DT),
        position: (i) => [bodies[i].position[0], bodies[i].position[1]],
        angle: (i) => bodies[i].angle,
        force: (j) => {
          const f = joints[j].getForce([0, 0]);
          return [f[0], f[1]];
        },
        torque: (j) => joints[j].getTorque(),
        broken: (j) => joints[j].broken,
        breaks: 0,
      };
      world.onJointBreak = () => r.breaks++;
      return r;
    },
  },
];

const box: [number, number, number] = [0.1, 0.5, 0.1];

/** A 2 kg box swinging from one end, θ₀ from vertical. */
function pendulum(theta0: number): SceneDescription {
  return {
    name: 'pendulum', gravity: [0, -G, 0], dt: DT,
    bodies: [{
      type: 'dynamic', position: [0.5 * Math.sin(theta0), -0.5 * Math.cos(theta0), 0],
      orientation: [0, 0, Math.sin(theta0 / 2), Math.cos(theta0 / 2)], mass: 2, inertia: boxInertia(2, box),
      shape: { kind: 'box', halfExtents: box },
    }],
    joints: [{ type: 'ball', bodyA: 0, bodyB: null, anchor: [0, 0, 0] }],
  };
}

/** A box of mass m centred at lever arm L from a wall it is welded to. */
function weldedBox(m: number, L: number, breakForce?: number, breakTorque?: number): SceneDescription {
  const half: [number, number, number] = [L, 0.1, 0.1];
  return {
    name: 'welded box', gravity: [0, -G, 0], dt: DT,
    bodies: [
      { type: 'static', position: [-0.2, 0, 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: [0.2, 1, 1] } },
      { type: 'dynamic', position: [L, 0, 0], mass: m, inertia: boxInertia(m, half), shape: { kind: 'box', halfExtents: half } },
    ],
    joints: [{ type: 'weld', bodyA: 0, bodyB: 1, anchor: [0, 0, 0], breakForce, breakTorque }],
  };
}

for (const world of worlds) {
  describe(`${world.name} world`, () => {
    it('pendulum: small-amplitude period matches 2π √(I_pivot / (m g d)) within 0.5 %', () => {
      const theta0 = 0.05, m = 2, d = 0.5;
      const run = world.run(pendulum(theta0));
      const expected = 2 * Math.PI * Math.sqrt((boxInertia(m, box)[2] + m * d * d) / (m * G * d)) * (1 + (theta0 * theta0) / 16);
      const crossings: number[] = [];
      let previous = run.position(0)[0];
      for (let i = 1; i <= 1200; i++) {
        run.step();
        const x = run.position(0)[0];
        if (previous > 0 && x <= 0) crossings.push(i * DT - (DT * x) / (x - previous));
        previous = x;
      }
      const period = (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1);
      expect(Math.abs(period / expected - 1)).toBeLessThan(0.005);
    });

    it('a weld holding m at lever arm L reports m·g and m·g·L within 1 % once settled', () => {
      const m = 5, L = 2;
      const run = world.run(weldedBox(m, L));
      for (let i = 0; i < 120; i++) run.step();
      const [fx, fy] = run.force(0);
      expect(fy / (m * G)).toBeCloseTo(1, 2);
      expect(Math.abs(fx)).toBeLessThan(0.01 * m * G);
      expect(run.torque(0) / (m * G * L)).toBeCloseTo(1, 2);
    });

    it('breakForce 5 % above m·g never breaks in 10 s; 5 % below breaks in the first second, reported once', () => {
      const m = 5, L = 2;
      const holds = world.run(weldedBox(m, L, 1.05 * m * G));
      for (let i = 0; i < 600; i++) holds.step();
      expect(holds.broken(0)).toBe(false);
      const breaks = world.run(weldedBox(m, L, 0.95 * m * G));
      for (let i = 0; i < 60; i++) breaks.step();
      expect(breaks.broken(0)).toBe(true);
      for (let i = 0; i < 120; i++) breaks.step();
      expect(breaks.breaks).toBe(1);
    });
  });
}
