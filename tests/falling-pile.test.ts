// The falling pile (lib/scenes/contacts.ts fallingPile): boxes, spheres and capsules dropped in layers
// into a walled pen, the benchmark's scene for many contacts of few points each. Its contacts' rows
// live in one flat array laid out per step (collision/contact-rows.ts): these tests check what the
// pile does with them, not how they are stored.

import { describe, expect, it } from 'vitest';
import { buildScene, fallingPile } from '../lib/scenes/index.js';

describe('a falling pile', () => {
  it('200 mixed shapes dropped into a pen settle inside it: none into the ground or through a wall, 95 % of the boxes at rest', () => {
    const description = fallingPile({ count: 200 });
    const { world, bodies } = buildScene(description, { sleeping: false });
    const dynamic = bodies.filter((b) => b.type === 'dynamic');
    expect(dynamic).toHaveLength(200);
    // how low each centre can rest: its shape's smallest half-size (a box's least half extent, a sphere's
    // or a capsule's radius)
    const thinnest = description.bodies.filter((b) => b.type === 'dynamic').map(({ shape }) =>
      shape.kind === 'box' ? Math.min(...shape.halfExtents) : shape.kind === 'sphere' || shape.kind === 'capsule' ? shape.radius : 0);
    let sunk = 0, widest = 0;
    for (let step = 0; step < 300; step++) {
      world.step(description.dt);
      dynamic.forEach((body, i) => {
        sunk = Math.max(sunk, thinnest[i] - body.position[1]);
        widest = Math.max(widest, Math.abs(body.position[0]), Math.abs(body.position[2]));
      });
    }
    // no centre ever closer to the ground than its shape allows, less 1 cm (the soft contacts give)
    expect(sunk).toBeLessThan(0.01);
    // the walls' inner faces are at ±5.1 m
    expect(widest).toBeLessThan(5.1);
    // the boxes have come to rest, 95 % of them below 1 cm/s (the spheres and capsules that reached the
    // ground's open space roll on, nothing resisting rolling without rollingResistance, and now and then
    // one knocks a box)
    const boxSpeeds: number[] = [];
    dynamic.forEach((body, i) => {
      if (description.bodies[i].shape.kind === 'box') boxSpeeds.push(Math.hypot(...body.linearVelocity));
    });
    expect(boxSpeeds.filter((v) => v < 0.01).length).toBeGreaterThanOrEqual(0.95 * boxSpeeds.length);
  });

  it('the contacts carry the pile: their vertical impulses add up to its weight', () => {
    const description = fallingPile({ count: 100 });
    const { world, bodies } = buildScene(description, { sleeping: false });
    for (let step = 0; step < 240; step++) world.step(description.dt);
    let weight = 0;
    for (const body of bodies) if (body.type === 'dynamic') weight += body.mass * 9.81;
    // every contact with the ground or a wall (a static body) pushes the pile up by n_y · force
    let carried = 0;
    for (const contact of world.contacts) {
      const ny = contact.manifold.normal[1];
      if (contact.bodyA.type === 'static') carried += ny * contact.normalForce;
      else if (contact.bodyB.type === 'static') carried -= ny * contact.normalForce;
    }
    expect(Math.abs(carried - weight) / weight).toBeLessThan(0.02);
  });

  it('a pen of another side holds side² bodies a layer between walls side / 2 + 0.1 m from the middle; side 10 is the default', () => {
    expect(fallingPile({ count: 300, side: 10 })).toEqual(fallingPile({ count: 300 }));
    const side = 20, description = fallingPile({ count: 4000, shapes: 'boxes', side });
    const dynamic = description.bodies.filter((b) => b.type === 'dynamic');
    expect(dynamic).toHaveLength(4000);
    // ten layers 1 m apart, from 1 m up
    expect(new Set(dynamic.map((b) => b.position[1])).size).toBe(10);
    expect(Math.max(...dynamic.map((b) => b.position[1]))).toBe(10);
    // every cell inside the walls' inner faces, the outermost centres 0.225 m from them
    const walls = description.bodies.filter((b) => b.type === 'static');
    expect(walls).toHaveLength(4);
    const inner = Math.max(...walls.map((b) => Math.abs(b.position[0]))) - 0.5;
    expect(inner).toBeCloseTo(side / 2 + 0.1, 12);
    const farthest = Math.max(...dynamic.map((b) => Math.max(Math.abs(b.position[0]), Math.abs(b.position[2]))));
    expect(farthest).toBeCloseTo(inner - 0.225, 12); // as in the 10 m pen
    // the walls stand 2 m above the top layer
    for (const wall of walls) {
      const shape = wall.shape;
      expect(shape.kind === 'box' && wall.position[1] + shape.halfExtents[1]).toBe(12);
    }
  });
});
