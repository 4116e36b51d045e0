// castShape from a starting contact: a shape the swept one starts touching or overlapping is a hit (at
// distance 0) only when the motion presses into it, unless stopAtPenetration (Rapier's
// ShapeCastOptions.stop_at_penetration); and castShape into a reused hit (`out`).

import { describe, expect, it } from 'vitest';
import { World, type RayHit } from '../lib/index.js';

const IDENTITY = [0, 0, 0, 1];
const BALL = { type: 'sphere' as const, radius: 0.25 };

/** A 2 m box on the ground plane (top at y = 2), and a wall 3 m to its right. */
function level() {
  const world = new World();
  const ground = world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const block = world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
  const wall = world.createBody({ type: 'static', position: [4, 1, 0], shapes: [{ type: 'box', halfExtents: [0.5, 1, 1] }] });
  return { world, ground, block, wall };
}

describe('castShape from a starting contact', () => {
  it('a ball resting on a box is not stopped by it moving up or along it, and is at distance 0 moving down into it', () => {
    const { world, block } = level();
    const resting = [0.3, 2 + 0.25, 0.2];
    expect(world.castShape(BALL, resting, IDENTITY, [0, 1, 0], 5)).toBeNull();
    expect(world.castShape(BALL, resting, IDENTITY, [0.6, 0.8, 0], 5)).toBeNull();
    expect(world.castShape(BALL, resting, IDENTITY, [0, 0, 1], 0.5)).toBeNull(); // sliding along the face (d·n = 0)
    const down = world.castShape(BALL, resting, IDENTITY, [0, -1, 0], 5);
    expect(down?.body).toBe(block);
    expect(down?.distance).toBe(0);
    expect(down?.normal[1]).toBeCloseTo(1, 6);
  });

  it('stopAtPenetration: true reports every starting contact at distance 0, the way it moves notwithstanding', () => {
    const { world, block } = level();
    const hit = world.castShape(BALL, [0.3, 2.25, 0.2], IDENTITY, [0, 1, 0], 5, { stopAtPenetration: true });
    expect(hit?.body).toBe(block);
    expect(hit?.distance).toBe(0);
    expect(world.castShape(BALL, [0.3, 2.25, 0.2], IDENTITY, [0, 1, 0], 5, { stopAtPenetration: false })).toBeNull();
  });

  it('leaving a box it starts against, a ball sweeps on to the wall beyond and hits it there', () => {
    const { world, wall } = level();
    const hit = world.castShape(BALL, [1.25, 1, 0], IDENTITY, [1, 0, 0], 10); // touching the box's +x face
    expect(hit?.body).toBe(wall);
    expect(hit?.distance).toBeCloseTo(3.5 - 1.25 - 0.25, 5);
    expect(hit?.normal[0]).toBeCloseTo(-1, 6);
  });

  it('a box sunk 0.1 m into another comes out of it freely and is held at 0 pushing further in', () => {
    const { world, block } = level();
    const cube = { type: 'box' as const, halfExtents: [0.5, 0.5, 0.5] };
    const sunk = [0, 2 + 0.5 - 0.1, 0]; // overlapping the block's top by 0.1 m: no separating direction
    expect(world.castShape(cube, sunk, IDENTITY, [0, 1, 0], 3)).toBeNull();
    const pushed = world.castShape(cube, sunk, IDENTITY, [0, -1, 0], 3);
    expect(pushed?.body).toBe(block);
    expect(pushed?.distance).toBe(0);
    // and from inside the block, out through its nearest face (+x), but not in through it
    expect(world.castShape(BALL, [0.6, 1, 0], IDENTITY, [1, 0, 0], 1)).toBeNull();
    expect(world.castShape(BALL, [0.6, 1, 0], IDENTITY, [-1, 0, 0], 1)?.distance).toBe(0);
  });

  it('a ball lying on the ground plane lifts off it freely and is held by it pushing down', () => {
    const { world, ground } = level();
    expect(world.castShape(BALL, [-5, 0.25, 0], IDENTITY, [0, 1, 0], 3)).toBeNull();
    expect(world.castShape(BALL, [-5, 0.2, 0], IDENTITY, [0, 1, 0], 3)).toBeNull(); // sunk 5 cm
    expect(world.castShape(BALL, [-5, 0.2, 0], IDENTITY, [0, -1, 0], 3)?.body).toBe(ground);
  });

  it('stopAtPenetration is checked, and only castShape takes it', () => {
    const { world } = level();
    expect(() => world.castShape(BALL, [0, 5, 0], IDENTITY, [0, 1, 0], 1, { stopAtPenetration: 1 as unknown as boolean })).toThrow(
      /castShape: stopAtPenetration must be true or false, got 1/,
    );
    expect(() => world.castRay([0, 5, 0], [0, 1, 0], 1, { stopAtPenetration: true } as object)).toThrow(/castRay: unknown option 'stopAtPenetration'/);
  });
});

describe('castShape into a reused hit', () => {
  it('writes the hit into `out` and returns it, the same hit as a new one; a miss returns null and leaves it', () => {
    const { world, block, wall } = level();
    const out = world.castShape(BALL, [0.3, 5, 0.2], IDENTITY, [0, -1, 0], 10) as RayHit;
    const fresh = world.castShape(BALL, [-3, 1, 0], IDENTITY, [1, 0, 0], 10) as RayHit;
    const point = out.point, normal = out.normal;
    expect(world.castShape(BALL, [-3, 1, 0], IDENTITY, [1, 0, 0], 10, undefined, out)).toBe(out);
    expect(out.point).toBe(point);
    expect(out.normal).toBe(normal);
    expect(out.body).toBe(fresh.body);
    expect(out.distance).toBe(fresh.distance);
    expect(Array.from(out.point)).toEqual(Array.from(fresh.point));
    expect(Array.from(out.normal)).toEqual(Array.from(fresh.normal));
    expect(out.body).toBe(block);
    // a miss: null, `out` as it was
    expect(world.castShape(BALL, [0, 5, 0], IDENTITY, [0, 1, 0], 10, undefined, out)).toBeNull();
    expect(out.body).toBe(block);
    // with options, and with exclude as one body
    expect(world.castShape(BALL, [-3, 1, 0], IDENTITY, [1, 0, 0], 10, { exclude: block }, out)?.body).toBe(wall);
    expect(out.distance).toBeCloseTo(3.5 + 3 - 0.25, 5);
  });

  it('refuses an `out` that is not a hit, before querying', () => {
    const { world } = level();
    for (const bad of [null, 5, {}, { point: [0, 0, 0], normal: new Float64Array(3) }, { point: new Float64Array(2), normal: new Float64Array(3) }]) {
      expect(() => world.castShape(BALL, [0, 5, 0], IDENTITY, [0, -1, 0], 10, undefined, bad as unknown as RayHit)).toThrow(
        /castShape: out must be a hit \{ body, shape, distance, point, normal \}/,
      );
    }
  });
});
