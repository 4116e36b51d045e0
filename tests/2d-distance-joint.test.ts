// The 2D distance joint: a planar scene of rods, ropes and springs follows its 3D form to round-off under
// both solvers (the same scene in World and World2D), and in 2D alone against the analytic answers: a rod
// pendulum's period, a spring's frequency √(k/m), a slack rope that does not push (free fall), the force
// of a hanging mass m g; snapshots, toOptions, the bounds, bad input.

import { describe, expect, it } from 'vitest';
import { World } from '../lib/index.js';
import { World2D, type DistanceJoint2D } from '../lib/2d/index.js';
import { buildPlanarPair, comparePlanar, measurePlanarDifference } from '../lib/2d/planar.js';
import type { SceneDescription } from '../lib/scenes/description.js';

const DT = 1 / 60;
const G = 9.81;
type Solver = 'direct' | 'iterative';
const SOLVERS: Solver[] = ['direct', 'iterative'];

/** A planar scene: a rigid rod chain of three swinging blocks (rods hung off the blocks' centres, so the
 * lever arms turn), a rope with slack that goes taut, and a spring with a min/max range. */
function rodsRopesAndSprings(): SceneDescription {
  const block = (x: number, y: number, mass: number, angle = 0, vx = 0) => ({
    type: 'dynamic' as const, position: [x, y, 0] as [number, number, number], mass, inertia: [0.05 * mass, 0.05 * mass, 0.05 * mass] as [number, number, number],
    orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)] as [number, number, number, number], linearVelocity: [vx, 0, 0] as [number, number, number],
    shape: { kind: 'box' as const, halfExtents: [0.15, 0.15, 0.15] as [number, number, number] },
  });
  return {
    name: 'distance joints (planar)',
    gravity: [0, -G, 0],
    dt: DT,
    bodies: [
      block(1, 3, 1, 0.2, 1), block(2, 3.3, 2, -0.3), block(3, 2.8, 0.5, 0.1, -2),
      block(-1, 2.5, 1.5), block(-3, 1, 1, 0.4, 3),
    ],
    joints: [
      // the rod chain from a fixed point at (0, 3), each rod from a corner of one block to a corner of the next
      { type: 'distance', bodyA: 0, bodyB: null, anchor: [0.9, 3.1, 0], anchorB: [0, 3, 0] },
      { type: 'distance', bodyA: 0, bodyB: 1, anchor: [1.1, 2.9, 0], anchorB: [1.9, 3.2, 0] },
      { type: 'distance', bodyA: 1, bodyB: 2, anchor: [2.1, 3.4, 0], anchorB: [2.9, 2.9, 0] },
      // a rope 1.2 m long, 0.5 m of it slack, from (−1, 4) to the block's corner
      { type: 'distance', bodyA: 3, bodyB: null, anchor: [-1.1, 2.8, 0], anchorB: [-1, 4, 0], minLength: 0, maxLength: 1.7 },
      // a spring of 2 Hz from (−3, 3) with its length kept in [1, 2.5]
      { type: 'distance', bodyA: 4, bodyB: null, anchor: [-3, 1.1, 0], anchorB: [-3, 3, 0], hertz: 2, dampingRatio: 0.1, minLength: 1, maxLength: 2.5 },
    ],
  };
}

describe('2D distance joint against its 3D form', () => {
  for (const solver of SOLVERS) {
    it(`a planar scene of rods, a rope and a spring agrees with 3D to round-off (${solver})`, () => {
      const differences = comparePlanar(rodsRopesAndSprings(), { steps: 180, options: { solver } });
      const worst = differences.reduce((m, d) => Math.max(m, d.position, d.angle, d.velocity, d.angularVelocity), 0);
      expect(differences.every((d) => d.outOfPlane === 0 && d.jointsDiffering.length === 0)).toBe(true);
      expect(worst).toBeLessThan(1e-9);
    });

    it(`its force readouts and errors are the 3D joint's (${solver})`, () => {
      const pair = buildPlanarPair(rodsRopesAndSprings(), { solver });
      for (let i = 0; i < 90; i++) {
        pair.world3d.step(DT);
        pair.world2d.step(DT);
      }
      expect(measurePlanarDifference(pair).position).toBeLessThan(1e-9);
      pair.joints3d.forEach((j3, i) => {
        const j2 = pair.joints2d[i] as DistanceJoint2D;
        const f3 = j3.getForce([0, 0, 0]), f2 = j2.getForce([0, 0]);
        expect(Math.abs(f3[0] - f2[0]) + Math.abs(f3[1] - f2[1]), `joint ${i}`).toBeLessThan(1e-7);
        expect(Math.abs(j3.getError() - j2.getError()), `joint ${i}`).toBeLessThan(1e-9);
        expect(j2.getTorque()).toBe(0);
      });
    });
  }
});

describe('2D distance joint: the physics', () => {
  for (const solver of SOLVERS) {
    it(`a bob on a rod swings at T = 2π √(L / g) within 0.1 % (${solver})`, () => {
      const world = new World2D({ solver });
      world.sleeping = false;
      const L = 1.5, m = 2, I = 0.01, theta0 = 0.05;
      const bob = world.createBody({ position: [L * Math.sin(theta0), 3 - L * Math.cos(theta0)], mass: m, inertia: I });
      // hung from its centre: the row has no lever arm on the bob, which keeps its angle (a point mass)
      const rod = world.createDistanceJoint({ bodyA: world.ground, bodyB: bob, anchorA: [0, 3], anchorB: bob.position });
      const crossings: number[] = [];
      let last = bob.position[0];
      for (let i = 1; i <= 60 * 12; i++) {
        world.step(DT);
        const x = bob.position[0];
        if (last < 0 && x >= 0) crossings.push((i - 1 + -last / (x - last)) * DT);
        last = x;
      }
      const periods = crossings.length - 1, measured = (crossings[periods] - crossings[0]) / periods;
      const expected = 2 * Math.PI * Math.sqrt(L / G) * (1 + theta0 * theta0 / 16);
      expect(periods).toBeGreaterThanOrEqual(4);
      expect(Math.abs(measured - expected) / expected).toBeLessThan(0.001);
      expect(rod.getError()).toBeLessThan(solver === 'direct' ? 1e-6 : 1e-4);
      expect(Math.abs(bob.angularVelocity)).toBeLessThan(1e-12);
    });
  }

  it('two rods from one pivot to two points of a block make a physical pendulum: T = 2π √((I + m d²) / (m g d)) within 0.5 %', () => {
    const world = new World2D({ solver: 'direct' });
    world.sleeping = false;
    // the block's centre d below the pivot (0, 3), the whole turned by θ₀ about the pivot; rods from the
    // pivot to two points of the block 0.4 m above its centre hold it as one rigid triangle
    const m = 3, I = 0.2, theta0 = 0.04, d = 1.2;
    const block = world.createBody({ position: [d * Math.sin(theta0), 3 - d * Math.cos(theta0)], angle: theta0, mass: m, inertia: I });
    for (const x of [-0.3, 0.3]) {
      world.createDistanceJoint({ bodyA: world.ground, bodyB: block, anchorA: [0, 3], anchorB: block.getWorldPoint([0, 0], [x, 0.4]) });
    }
    const crossings: number[] = [];
    let last = block.position[0];
    for (let i = 1; i <= 60 * 14; i++) {
      world.step(DT);
      const x = block.position[0];
      if (last < 0 && x >= 0) crossings.push((i - 1 + -last / (x - last)) * DT);
      last = x;
    }
    const periods = crossings.length - 1, measured = (crossings[periods] - crossings[0]) / periods;
    const expected = 2 * Math.PI * Math.sqrt((I + m * d * d) / (m * G * d)) * (1 + theta0 * theta0 / 16);
    expect(periods).toBeGreaterThanOrEqual(4);
    expect(Math.abs(measured - expected) / expected).toBeLessThan(0.005);
    // the block turns with the pendulum: its angle is the swing's
    expect(Math.abs(block.angle - Math.atan2(block.position[0], 3 - block.position[1]))).toBeLessThan(1e-6);
  });

  it('a spring of stiffness k oscillates at √(k/m) within 1 % (measured 0.06 %), given as stiffness or as hertz', () => {
    for (const spring of [{ stiffness: 400 }, { hertz: Math.sqrt(400 / 4) / (2 * Math.PI), dampingRatio: 0 }]) {
      const world = new World2D({ gravity: [0, 0] });
      world.sleeping = false;
      const m = 4, rest = 1, stretch = 0.2;
      const body = world.createBody({ position: [rest + stretch, 0], mass: m, inertia: 0.1 });
      const joint = world.createDistanceJoint({ bodyA: world.ground, bodyB: body, anchorA: [0, 0], anchorB: [rest + stretch, 0], length: rest, ...spring });
      expect(joint.minLength).toBe(0);
      expect(joint.maxLength).toBe(Infinity);
      const crossings: number[] = [];
      let last = body.position[0] - rest;
      for (let i = 1; i <= 60 * 8; i++) {
        world.step(DT);
        const x = body.position[0] - rest;
        if (last < 0 && x >= 0) crossings.push((i - 1 + -last / (x - last)) * DT);
        last = x;
      }
      const periods = crossings.length - 1, measured = (crossings[periods] - crossings[0]) / periods;
      const expected = 2 * Math.PI / Math.sqrt(400 / m);
      expect(periods).toBeGreaterThanOrEqual(6);
      expect(Math.abs(measured - expected) / expected).toBeLessThan(0.01);
    }
  });

  for (const solver of SOLVERS) {
    it(`a slack rope does not push: the block falls freely until the rope is taut, then hangs (${solver})`, () => {
      const world = new World2D({ solver });
      world.sleeping = false;
      // the block 0.3 m below the rope's fixed end (and 0.01 m aside), the rope 1.5 m long: a rope longer
      // than the gap pushes nothing, and the block falls exactly as a free one (a twin in a world alone)
      const block = world.createBody({ position: [0.01, 2.7], mass: 2, inertia: 0.05 });
      const rope = world.createDistanceJoint({ bodyA: world.ground, bodyB: block, anchorA: [0, 3], anchorB: [0.01, 2.7], minLength: 0, maxLength: 1.5 });
      const free = new World2D({ solver });
      free.sleeping = false;
      const twin = free.createBody({ position: [0.01, 2.7], mass: 2, inertia: 0.05 });
      // 20 steps: a fall of ½ g t² = 0.54 m, the rope still slack (0.84 of 1.5 m)
      for (let i = 0; i < 20; i++) {
        world.step(DT);
        free.step(DT);
        expect(block.position[1]).toBe(twin.position[1]);
        expect(block.linearVelocity[1]).toBe(twin.linearVelocity[1]);
        expect(rope.getForce([0, 0])).toEqual([0, 0]);
      }
      for (let i = 0; i < 240; i++) world.step(DT);
      expect(rope.getCurrentLength()).toBeLessThan(1.5 + (solver === 'direct' ? 1e-6 : 2e-3));
      expect(rope.getCurrentLength()).toBeGreaterThan(1.49);
      // taut: it holds up the block
      expect(rope.getForce([0, 0])[1]).toBeGreaterThan(0);
    });

    it(`a mass hanging on a rod or a rope reads the force m g (${solver})`, () => {
      for (const bounds of [{}, { minLength: 0, maxLength: 1 }]) {
        const world = new World2D({ solver });
        world.sleeping = false;
        const m = 3.5;
        const bob = world.createBody({ position: [0, 1], mass: m, inertia: 0.02 });
        const joint = world.createDistanceJoint({ bodyA: world.ground, bodyB: bob, anchorA: [0, 2], anchorB: [0, 1], ...bounds });
        for (let i = 0; i < 60; i++) world.step(DT);
        const f = joint.getForce([0, 0]);
        expect(Math.abs(f[0]) / (m * G)).toBeLessThan(1e-6);
        expect(Math.abs(f[1] - m * G) / (m * G)).toBeLessThan(1e-6);
        expect(joint.getError()).toBeLessThan(solver === 'direct' ? 1e-6 : 1e-4);
      }
    });
  }

  it('a rod between two free bodies keeps their distance and their momentum (direct solver)', () => {
    const world = new World2D({ solver: 'direct', gravity: [0, 0] });
    world.sleeping = false;
    const a = world.createBody({ position: [0, 0], mass: 1, inertia: 0.1, linearVelocity: [0, 2], angularVelocity: 1 });
    const b = world.createBody({ position: [1, 0.5], mass: 3, inertia: 0.2, linearVelocity: [1, -1], angularVelocity: -2 });
    const rod = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0.1, 0.1], anchorB: [0.9, 0.4] });
    const momentum = () => [a.mass * a.linearVelocity[0] + b.mass * b.linearVelocity[0], a.mass * a.linearVelocity[1] + b.mass * b.linearVelocity[1]];
    const p0 = momentum(), length = rod.length;
    let drift = 0;
    for (let i = 0; i < 300; i++) {
      world.step(DT);
      drift = Math.max(drift, Math.abs(rod.getCurrentLength() - length));
    }
    const p1 = momentum();
    expect(drift).toBeLessThan(1e-6);
    // (the row's impulses are equal and opposite: momentum is kept to round-off)
    expect(Math.abs(p1[0] - p0[0]) + Math.abs(p1[1] - p0[1])).toBeLessThan(1e-12);
  });
});

describe('2D distance joint: the API', () => {
  it('survives snapshots bit for bit (rod, rope and spring), and toOptions makes the same joint', () => {
    for (const solver of SOLVERS) {
      const world = buildPlanarPair(rodsRopesAndSprings(), { solver }).world2d;
      for (let i = 0; i < 20; i++) world.step(DT);
      const restored = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
      expect(restored.joints.map((j) => j.type)).toEqual(world.joints.map((j) => j.type));
      for (let i = 0; i < 60; i++) {
        world.step(DT);
        restored.step(DT);
      }
      expect(restored.hash()).toBe(world.hash());
      for (const joint of [...world.joints] as DistanceJoint2D[]) {
        const copy = world.createDistanceJoint(joint.toOptions());
        expect(copy.length).toBe(joint.length);
        expect(copy.minLength).toBe(joint.minLength);
        expect(copy.maxLength).toBe(joint.maxLength);
        expect(copy.hertz).toBe(joint.hertz);
        expect(Math.abs(copy.getCurrentLength() - joint.getCurrentLength())).toBeLessThan(1e-12);
        world.removeJoint(copy);
      }
    }
  });

  it('setLengthRange and length change the rod; localFrameA and localFrameB place its anchors', () => {
    const world = new World2D({ solver: 'direct' });
    world.sleeping = false;
    const bob = world.createBody({ position: [0, 1], angle: Math.PI / 2, mass: 1, inertia: 0.01 });
    const rod = world.createDistanceJoint({ bodyA: world.ground, bodyB: bob, localFrameA: { position: [0, 2] }, localFrameB: { position: [0.5, 0] } });
    // frame B's position (0.5, 0) in the body turned by 90°: (0, 1.5) in the world
    expect(rod.getAnchorB([0, 0])[1]).toBeCloseTo(1.5, 12);
    expect(rod.length).toBeCloseTo(0.5, 12);
    rod.setLengthRange(0.5, 0.8);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(Math.abs(rod.getCurrentLength() - 0.8)).toBeLessThan(1e-6);
    rod.setLengthRange(0.3, 0.3);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(Math.abs(rod.getCurrentLength() - 0.3)).toBeLessThan(1e-4);
  });

  it('a body of shapes: its anchors stay on the same points of the body when a shape moves its centre, and it hangs with m g', () => {
    const world = new World2D();
    world.sleeping = false;
    // a 0.2 m disc (density 1000 kg/m²: 40π kg) hung by a rope from its rim
    const disc = world.createBody({ position: [0, 1], shapes: [{ type: 'circle', radius: 0.2 }] });
    const rope = world.createDistanceJoint({ bodyA: world.ground, bodyB: disc, anchorA: [0, 2], anchorB: [0, 1.2], minLength: 0, maxLength: 0.8 });
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(Math.abs(rope.getForce([0, 0])[1] - disc.mass * G) / (disc.mass * G)).toBeLessThan(1e-6);
    const before = rope.getAnchorB([0, 0]) as number[];
    // a box added beside the disc moves the centre of mass; the rope's end stays where it was on the disc
    disc.addShape({ type: 'box', halfExtents: [0.1, 0.1], position: [0.3, 0] });
    const after = rope.getAnchorB([0, 0]) as number[];
    expect(Math.abs(after[0] - before[0]) + Math.abs(after[1] - before[1])).toBeLessThan(1e-12);
  });

  it('refuses bad input with the 3D joint\'s messages, changing nothing', () => {
    const world = new World2D();
    const world3d = new World();
    const a = world.createBody({ position: [0, 0], mass: 1, inertia: 0.1 }), b = world.createBody({ position: [1, 0], mass: 1, inertia: 0.1 });
    const a3 = world3d.createBody({ position: [0, 0, 0], mass: 1 }), b3 = world3d.createBody({ position: [1, 0, 0], mass: 1 });
    const cases: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [{ length: -1 }, { length: -1 }, /length must be/],
      [{ minLength: 2, maxLength: 1 }, { minLength: 2, maxLength: 1 }, /minLength/],
      [{ anchorB: [0, 0.001] }, { anchorB: [0, 0.001, 0] }, /maxLength must be ≥ 0.005 m/],
      [{ hertz: -2 }, { hertz: -2 }, /hertz/],
      [{ axis: [1, 0] }, { axis: [1, 0, 0] }, /axis/],
    ];
    for (const [options2, options3, message] of cases) {
      let error2 = '', error3 = '';
      try {
        world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0], anchorB: [1, 0], ...options2 } as never);
      } catch (e) {
        error2 = (e as Error).message;
      }
      try {
        world3d.createDistanceJoint({ bodyA: a3, bodyB: b3, anchorA: [0, 0, 0], anchorB: [1, 0, 0], ...options3 } as never);
      } catch (e) {
        error3 = (e as Error).message;
      }
      expect(error2, JSON.stringify(options2)).toMatch(message);
      expect(error2, JSON.stringify(options2)).toBe(error3);
    }
    const hash = world.hash();
    expect(() => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, Number.NaN], anchorB: [1, 0] })).toThrow(/anchorA/);
    // the limits of README, "Limits", as in 3D
    expect(() => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0], anchorB: [1, 0], length: 1e300 })).toThrow(/createDistanceJoint: length must be at most/);
    expect(() => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [1e300, 0], anchorB: [1, 0] })).toThrow(/createDistanceJoint: anchorA/);
    expect(() => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0], anchorB: [1, 0], hertz: 1e300 })).toThrow(/hertz must be at most 1e6 Hz/);
    expect(() => world.createDistanceJoint({ bodyA: a, bodyB: a, anchorA: [0, 0], anchorB: [1, 0] })).toThrow(/createDistanceJoint/);
    expect(world.hash()).toBe(hash);
    expect(() => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0, 0] as never, anchorB: [1, 0] })).toThrow(/anchorA must be an array of 2 numbers/);
    expect(world.joints.length).toBe(0);
    const rod = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0], anchorB: [1, 0] });
    expect(() => rod.setLengthRange(1, 0.5)).toThrow(/setLengthRange/);
    expect(() => (rod.length = Number.NaN)).toThrow(/length must be/);
    expect(rod.length).toBe(1);
    expect(rod.minLength).toBe(1);
    expect(rod.maxLength).toBe(1);
  });
});
