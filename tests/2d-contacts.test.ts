// The 2D world's contacts: resting, stacking, friction, restitution, momentum, each against its analytic
// value (lib/2d/collision/contact-set.ts, contact-constraint.ts, contact-solver.ts).

import { describe, expect, test } from 'vitest';
import { World2D } from '../lib/2d/world.js';
import type { Body2D } from '../lib/2d/body.js';

const dt = 1 / 60;

function groundWorld(options: ConstructorParameters<typeof World2D>[0] = {}): World2D {
  const world = new World2D(options);
  // the ground's top at y = 0
  world.createBody({ type: 'static', position: [0, -0.5], shapes: [{ type: 'box', halfExtents: [40, 0.5] }] });
  return world;
}

function run(world: World2D, seconds: number): void {
  const steps = Math.round(seconds / dt);
  for (let i = 0; i < steps; i++) world.step(dt);
}

describe('resting', () => {
  test('a ball on the ground rests at its radius, and sleeps', () => {
    const world = groundWorld();
    const ball = world.createBody({ position: [0, 2], shapes: [{ type: 'circle', radius: 0.5 }] });
    run(world, 3);
    expect(Math.abs(ball.position[1] - 0.5)).toBeLessThan(1e-3);
    expect(ball.position[0]).toBe(0);
    expect(!ball.isAwake).toBe(true);
  });

  test('a box and a capsule on the ground rest flat at their half heights', () => {
    const world = groundWorld();
    const box = world.createBody({ position: [0, 1], angle: 0.1, shapes: [{ type: 'box', halfExtents: [0.5, 0.25] }] });
    const capsule = world.createBody({ position: [3, 1], angle: Math.PI / 2 + 0.05, shapes: [{ type: 'capsule', radius: 0.2, halfHeight: 0.5 }] });
    run(world, 4);
    expect(Math.abs(box.position[1] - 0.25)).toBeLessThan(1e-3);
    expect(Math.abs(box.angle)).toBeLessThan(1e-3);
    expect(Math.abs(capsule.position[1] - 0.2)).toBeLessThan(1e-3);
    expect(Math.abs(Math.abs(capsule.angle) - Math.PI / 2)).toBeLessThan(1e-3);
  });

  test('a stack of 10 boxes stands: it drifts less than 1 mm over 5 s', () => {
    const world = groundWorld();
    const boxes: Body2D[] = [];
    for (let i = 0; i < 10; i++) boxes.push(world.createBody({ position: [0, 0.5 + i * 1.0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] }));
    run(world, 1);
    const start = boxes.map((b) => [b.position[0], b.position[1]]);
    run(world, 5);
    for (let i = 0; i < 10; i++) {
      expect(Math.hypot(boxes[i].position[0] - start[i][0], boxes[i].position[1] - start[i][1])).toBeLessThan(1e-3);
      expect(Math.abs(boxes[i].position[0])).toBeLessThan(1e-3);
    }
    // each box sits on the one below, sunk by the soft contacts under the load above (the 3D world's stack of
    // ten cubes: 2.6 cm at the top; here 3.2 cm)
    expect(Math.abs(boxes[9].position[1] - 9.5)).toBeLessThan(0.04);
  });

  test('a 20-row pyramid stands and sleeps', () => {
    const world = groundWorld();
    const rows = 20, boxes: Body2D[] = [];
    for (let row = 0; row < rows; row++) {
      for (let i = 0; i < rows - row; i++) {
        boxes.push(world.createBody({ position: [(i - (rows - row - 1) / 2) * 1.0, 0.5 + row * 1.0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] }));
      }
    }
    const top = boxes[boxes.length - 1];
    run(world, 6);
    expect(Math.abs(top.position[0])).toBeLessThan(0.01);
    expect(Math.abs(top.position[1] - 19.5)).toBeLessThan(0.05);
    expect(boxes.every((b) => !b.isAwake)).toBe(true);
  });
});

describe('friction', () => {
  /** A box of friction μ on a static slope of angle θ (both shapes μ: the pair's √(μ μ) = μ). */
  function slope(theta: number, mu: number): { world: World2D; box: Body2D } {
    const world = new World2D();
    const c = Math.cos(theta), s = Math.sin(theta);
    // the slope's top face through the origin, its normal (−sin θ, cos θ)
    world.createBody({ type: 'static', position: [0.5 * s, -0.5 * c], angle: theta, shapes: [{ type: 'box', halfExtents: [40, 0.5], friction: mu }] });
    const box = world.createBody({ position: [-0.5 * s, 0.5 * c], angle: theta, shapes: [{ type: 'box', halfExtents: [0.5, 0.5], friction: mu }] });
    return { world, box };
  }

  test('a box slides down a 30° slope at g (sin θ − μ cos θ) within 1 %', () => {
    const theta = Math.PI / 6, mu = 0.2;
    const { world, box } = slope(theta, mu);
    run(world, 0.5);
    const along = (b: Body2D): number => b.linearVelocity[0] * Math.cos(theta) + b.linearVelocity[1] * Math.sin(theta);
    const v0 = along(box);
    run(world, 1);
    const a = -(along(box) - v0) / 1;
    const expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.01);
    expect(Math.abs(box.angle - theta)).toBeLessThan(1e-3);
  });

  test('below the friction angle a box stays put', () => {
    const theta = 0.35, mu = 0.6; // tan θ = 0.365 < μ
    const { world, box } = slope(theta, mu);
    run(world, 0.5);
    const x0 = box.position[0], y0 = box.position[1];
    run(world, 3);
    expect(Math.hypot(box.position[0] - x0, box.position[1] - y0)).toBeLessThan(1e-3);
  });

  test('a ball rolls down a slope at (5/7)… of g sin θ for a disc: (2/3) g sin θ, without slipping', () => {
    const theta = 0.3, mu = 0.8;
    const world = new World2D();
    const c = Math.cos(theta), s = Math.sin(theta);
    world.createBody({ type: 'static', position: [0.5 * s, -0.5 * c], angle: theta, shapes: [{ type: 'box', halfExtents: [60, 0.5], friction: mu }] });
    const r = 0.5;
    const ball = world.createBody({ position: [-r * s, r * c], shapes: [{ type: 'circle', radius: r, friction: mu }] });
    run(world, 0.5);
    const along = (): number => -(ball.linearVelocity[0] * c + ball.linearVelocity[1] * s);
    const v0 = along();
    run(world, 1);
    // a solid disc (I = m r²/2): a = g sin θ / (1 + I/(m r²)) = (2/3) g sin θ
    const expected = (2 / 3) * 9.81 * Math.sin(theta);
    expect(Math.abs(along() - v0 - expected) / expected).toBeLessThan(0.01);
    expect(Math.abs(ball.angularVelocity * r - along()) / along()).toBeLessThan(1e-3);
  });
});

describe('restitution and momentum', () => {
  test('a ball of e = 0.5 dropped from 1 m rises to e² of it (0.25 m) within 2 %', () => {
    const world = groundWorld();
    const r = 0.25;
    const ball = world.createBody({ position: [0, 1 + r], shapes: [{ type: 'circle', radius: r, restitution: 0.5 }] });
    let bounced = false, apex = 0;
    for (let i = 0; i < 120; i++) {
      world.step(dt);
      if (ball.linearVelocity[1] > 0) bounced = true;
      if (bounced) apex = Math.max(apex, ball.position[1] - r);
    }
    expect(bounced).toBe(true);
    expect(Math.abs(apex - 0.25) / 0.25).toBeLessThan(0.02);
  });

  test('a ball of e = 1 keeps bouncing to its height (within 1 %)', () => {
    const world = groundWorld({ restitutionThreshold: 0.5 });
    const r = 0.25;
    const ball = world.createBody({ position: [0, 1 + r], shapes: [{ type: 'circle', radius: r, restitution: 1 }] });
    let apex = 0, rising = false, apexes = 0;
    for (let i = 0; i < 300; i++) {
      world.step(dt);
      if (ball.linearVelocity[1] > 0) rising = true;
      else if (rising) {
        rising = false;
        apexes++;
        apex = ball.position[1] - r;
        expect(Math.abs(apex - 1)).toBeLessThan(0.01);
      }
    }
    expect(apexes).toBeGreaterThanOrEqual(2);
  });

  test('two circles colliding without gravity keep their momentum (and their angular momentum to the step\'s lever arms)', () => {
    const world = new World2D({ gravity: [0, 0] });
    const a = world.createBody({ position: [-2, 0.3], linearVelocity: [5, 0], shapes: [{ type: 'circle', radius: 0.5, restitution: 0.7, friction: 0.4 }] });
    const b = world.createBody({ position: [2, 0], linearVelocity: [-3, 0.5], angularVelocity: 2, shapes: [{ type: 'circle', radius: 0.7, restitution: 0.7, friction: 0.4 }] });
    const momentum = (): number[] => {
      const p = [0, 0, 0];
      for (const body of [a, b]) {
        p[0] += body.mass * body.linearVelocity[0];
        p[1] += body.mass * body.linearVelocity[1];
        // about the origin: r × m v + I ω
        p[2] += body.mass * (body.position[0] * body.linearVelocity[1] - body.position[1] * body.linearVelocity[0]) + body.inertia * body.angularVelocity;
      }
      return p;
    };
    const before = momentum();
    run(world, 1.5);
    const after = momentum();
    for (let k = 0; k < 2; k++) expect(Math.abs(after[k] - before[k])).toBeLessThan(1e-12 * a.mass * 5);
    // Angular momentum about the origin is kept only to the step's lever arms: they are fixed at its start
    // (as Box2D v3's anchors), while the bodies slide past each other within it, so the impulse's line of
    // action on A and on B drifts apart by the tangential motion of a step (8 mm here): 3.3 % (the 3D world
    // of spheres in this scene: 2.2 %).
    expect(Math.abs(after[2] - before[2]) / Math.abs(before[2])).toBeLessThan(0.05);
    // they did collide and part
    expect(a.linearVelocity[0]).toBeLessThan(0);
  });
});

describe('chains', () => {
  test('a box slides over a flat chain of 40 segments without catching on its joints: μ g deceleration, no bump', () => {
    const world = new World2D();
    const points: [number, number][] = [];
    // (one-sided: solid to the right of each segment's direction, so a ground runs right to left)
    for (let i = 0; i <= 40; i++) points.push([10 - i * 0.5, 0]);
    world.createBody({ type: 'static', shapes: [{ type: 'chain', points, friction: 0.1 }] });
    const box = world.createBody({ position: [-9, 0.25], linearVelocity: [6, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25], friction: 0.1 }] });
    run(world, 0.25);
    const v0 = box.linearVelocity[0];
    let highest = 0;
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      highest = Math.max(highest, Math.abs(box.linearVelocity[1]), Math.abs(box.angularVelocity));
    }
    const a = (v0 - box.linearVelocity[0]) / 1;
    expect(Math.abs(a - 0.1 * 9.81) / (0.1 * 9.81)).toBeLessThan(0.01);
    expect(highest).toBeLessThan(1e-3);
    expect(Math.abs(box.position[1] - 0.25)).toBeLessThan(1e-3);
  });

  test('a ball rolls in a chain valley on its surface, and never climbs past its start (energy kept, not made)', () => {
    const world = new World2D();
    const points: [number, number][] = [];
    for (let i = 0; i <= 60; i++) {
      const x = 6 - i * 0.2;
      points.push([x, 0.1 * x * x]);
    }
    world.createBody({ type: 'static', shapes: [{ type: 'chain', points }] });
    const r = 0.3;
    const ball = world.createBody({ position: [-4, 2.05], shapes: [{ type: 'circle', radius: r, friction: 0.9 }] });
    const startHeight = ball.position[1];
    let crossed = false;
    for (let i = 0; i < 480; i++) {
      world.step(dt);
      const x = ball.position[0];
      if (x > 0) crossed = true;
      // the ball's centre at least r above the polyline's chord through its neighbours (within 2 mm)
      const below = 0.1 * x * x;
      expect(ball.position[1]).toBeGreaterThan(below + r * 0.9 - 0.002);
      expect(ball.position[1]).toBeLessThan(startHeight + 0.01);
    }
    expect(crossed).toBe(true);
  });
});
