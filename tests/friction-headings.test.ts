// Friction is the same whichever way a slope faces: static friction holds up to the friction angle at
// any heading, a box slides as g (sin θ − μ cos θ) past it, and a ball rolls at (5/7) g sin θ.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';

const HEADINGS = Array.from({ length: 8 }, (_, k) => (k * Math.PI) / 4);

/** A world with a static slab (half size 30 x 0.5 x 30, top face through the origin) tilted by theta
 * about the horizontal axis at `heading`; returns the world, its orientation and the slope's normal. */
function slope(theta: number, heading: number, friction: number): { world: World; q: number[]; n: number[] } {
  const s = Math.sin(theta / 2);
  const q = [Math.cos(heading) * s, 0, Math.sin(heading) * s, Math.cos(theta / 2)];
  // the slab's y axis, R e_y (the second column of R(q), q = [x, y, z, w])
  const n = [2 * (q[0] * q[1] - q[3] * q[2]), 1 - 2 * (q[0] * q[0] + q[2] * q[2]), 2 * (q[1] * q[2] + q[3] * q[0])];
  const world = new World({ sleeping: false });
  const slab = world.createBody({ type: 'static', position: n.map((x) => -0.5 * x), orientation: q, shapes: [{ type: 'box', halfExtents: [30, 0.5, 30], friction }] });
  // (n is where the boxes and balls are put: with its signs wrong they started 0.7 m inside the slab and
  // were pushed out along it)
  expect(distance(n, slab.rotation.subarray(3, 6))).toBeLessThan(1e-12);
  return { world, q, n };
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function speed(body: Body): number {
  return Math.hypot(...body.linearVelocity);
}

describe('friction at every heading', () => {
  const mu = 0.6, frictionAngle = Math.atan(mu);

  it('a box on a slope 0.005 rad under the friction angle holds still (< 1e-6 m in 10 s) at 8 headings', () => {
    for (const heading of HEADINGS) {
      const { world, q, n } = slope(frictionAngle - 0.005, heading, mu);
      const box = world.createBody({ position: n.map((x) => 0.5 * x), orientation: q, shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu }] });
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      const start = Array.from(box.position);
      for (let i = 0; i < 600; i++) world.step(1 / 60);
      expect(distance(box.position, start)).toBeLessThan(1e-6);
    }
  });

  it('past the friction angle a box slides at g (sin θ − μ cos θ) from rest within 1 %, straight (turning < 1e-6 rad/s once under way), at each of 8 headings', () => {
    // At 7π/4 the box slides along its diagonal; while each friction row took its own mass 1/K_t, its
    // friction leaned toward one tangent and it yawed at 0.11 rad/s and ran 2.5 % fast.
    const theta = frictionAngle + 0.1, a = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
    for (const heading of HEADINGS) {
      const { world, q, n } = slope(theta, heading, mu);
      const box = world.createBody({ position: n.map((x) => 0.5 * x), orientation: q, shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu }] });
      let fastestTurn = 0;
      for (let i = 0; i < 150; i++) {
        world.step(1 / 60);
        // (its first two steps, as the contact takes the load, turn it at up to 1.3e-3 rad/s)
        if (i >= 30) fastestTurn = Math.max(fastestTurn, Math.hypot(...box.angularVelocity));
      }
      expect(Math.abs(speed(box) / (a * 2.5) - 1)).toBeLessThan(0.01);
      expect(fastestTurn).toBeLessThan(1e-6);
    }
  });

  it('a ball rolls down a slope at (5/7) g sin θ within 0.5 %, the same at 8 headings', () => {
    const theta = 0.3, expected = (5 / 7) * 9.81 * Math.sin(theta) * 2;
    for (const heading of HEADINGS) {
      const { world, n } = slope(theta, heading, mu);
      const ball = world.createBody({ position: n.map((x) => 0.5 * x), shapes: [{ type: 'sphere', radius: 0.5, friction: mu }] });
      for (let i = 0; i < 120; i++) world.step(1 / 60);
      expect(Math.abs(speed(ball) - expected) / expected).toBeLessThan(0.005);
    }
  });
});
