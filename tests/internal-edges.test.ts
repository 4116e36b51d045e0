// Internal edges between the convex pieces of a level (lib/collision/internal-edges.ts): bodies slide and
// roll over a floor of box tiles as over one box, whether the tiles are shapes of one static body or
// static bodies of their own; a tile that stands higher (a step) or a wall still stops them.

import { describe, expect, it } from 'vitest';
import { World, type Body, type ShapeOptions } from '../lib/index.js';

/** A floor of 1 m box tiles, 20 along x and 4 along z, top at y = 0 (plus `extra` tiles). */
function tileFloor(world: World, asBodies: boolean, friction: number, extra: { position: number[]; halfExtents: number[] }[] = []): void {
  const tiles: { position: number[]; halfExtents: number[] }[] = [];
  for (let i = 0; i < 20; i++) for (let j = 0; j < 4; j++) tiles.push({ position: [i - 9.5, -0.5, j - 1.5], halfExtents: [0.5, 0.5, 0.5] });
  tiles.push(...extra);
  if (asBodies) {
    for (const t of tiles) world.createBody({ type: 'static', position: t.position, shapes: [{ type: 'box', halfExtents: t.halfExtents, friction }] });
  } else {
    world.createBody({ type: 'static', shapes: tiles.map((t): ShapeOptions => ({ type: 'box', halfExtents: t.halfExtents, position: t.position, friction })) });
  }
}

function slide(asBodies: boolean, friction: number, seconds: number): { vertical: number; speed: number; box: Body } {
  const world = new World();
  tileFloor(world, asBodies, friction);
  const box = world.createBody({ position: [-8, 0.25, 0.3], linearVelocity: [5, 0, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25], friction }] });
  let vertical = 0;
  for (let i = 0; i < Math.round(60 * seconds); i++) {
    world.step(1 / 60);
    if (i > 10) vertical = Math.max(vertical, Math.abs(box.linearVelocity[1]));
  }
  return { vertical, speed: box.linearVelocity[0], box };
}

describe('internal edges of convex level pieces', () => {
  for (const asBodies of [false, true]) {
    const floor = asBodies ? 'static box tiles, each its own body' : 'box tiles, shapes of one static body';
    it(`a box sliding at 5 m/s over ${floor} is not kicked up and slows only by friction`, () => {
      const frictionless = slide(asBodies, 0, 2);
      expect(frictionless.vertical).toBeLessThan(0.01);
      expect(frictionless.speed).toBeCloseTo(5, 3);
      const rough = slide(asBodies, 0.1, 1.5);
      expect(rough.vertical).toBeLessThan(0.01);
      expect(rough.speed).toBeCloseTo(5 - 0.1 * 9.81 * 1.5, 1);
    });

    it(`a ball rolling over ${floor} does not hop`, () => {
      const world = new World();
      tileFloor(world, asBodies, 0.6);
      const ball = world.createBody({ position: [-8, 0.3, 0.37], linearVelocity: [4, 0, 0], angularVelocity: [0, 0, -4 / 0.3], shapes: [{ type: 'sphere', radius: 0.3 }] });
      let highest = 0;
      for (let i = 0; i < 180; i++) {
        world.step(1 / 60);
        highest = Math.max(highest, ball.position[1]);
      }
      expect(highest - 0.3).toBeLessThan(1e-3);
      expect(ball.position[0]).toBeGreaterThan(3);
    });
  }

  it('a tile standing 0.6 m higher (a step) and a wall standing on the floor still stop a sliding box', () => {
    for (const extra of [
      [{ position: [0.5, 0.1, 0.5], halfExtents: [0.5, 0.5, 0.5] }, { position: [0.5, 0.1, -0.5], halfExtents: [0.5, 0.5, 0.5] }], // tiles raised to 0.6
      [{ position: [0.5, 0.5, 0], halfExtents: [0.5, 0.5, 2] }], // a wall on the floor
    ]) {
      const world = new World();
      tileFloor(world, true, 0, extra);
      const box = world.createBody({ position: [-3, 0.25, 0], linearVelocity: [3, 0, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25], friction: 0 }] });
      let farthest = -Infinity;
      for (let i = 0; i < 120; i++) {
        world.step(1 / 60);
        farthest = Math.max(farthest, box.position[0]);
      }
      expect(farthest).toBeLessThan(-0.24);
      expect(farthest).toBeGreaterThan(-0.26);
    }
  });
});
