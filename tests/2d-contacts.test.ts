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
