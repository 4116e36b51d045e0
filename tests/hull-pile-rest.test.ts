// The hull pile (lib/scenes/hulls.ts) with sleeping off: once settled its hulls stay where they are. A hull
// whose contact points or warm start were lost from step to step would creep along the ground or down
// the pile for ever, which sleeping would hide.

import { describe, expect, it } from 'vitest';
import { buildScene, hullPile } from '../lib/scenes/index.js';

describe('the hull pile at rest, sleeping off', () => {
  it('two layers: every hull slower than 1e-3 m/s after 6 s, and none moves more than 1 mm over the next 6 s', () => {
    const description = hullPile({ layers: 2 });
    const { world, bodies } = buildScene(description, { sleeping: false });
    // (the capsules and the balls without rolling resistance may roll on: only the hulls are held)
    const hulls = bodies.filter((_, i) => description.bodies[i].shape.kind === 'hull' && description.bodies[i].type === 'dynamic');
    expect(hulls.length).toBeGreaterThan(7);
    for (let step = 0; step < 360; step++) world.step(1 / 60);
    for (const body of hulls) expect(Math.hypot(...body.linearVelocity)).toBeLessThan(1e-3);
    const start = hulls.map((body) => [...body.position]);
    let fastest = 0;
    for (let step = 0; step < 360; step++) {
      world.step(1 / 60);
      for (const body of hulls) fastest = Math.max(fastest, Math.hypot(...body.linearVelocity));
    }
    expect(fastest).toBeLessThan(1e-3);
    hulls.forEach((body, i) => {
      const p = body.position;
      expect(Math.hypot(p[0] - start[i][0], p[1] - start[i][1], p[2] - start[i][2])).toBeLessThan(1e-3);
    });
  });
});
