// step() allocates nothing once a scene is built: the heap does not grow over 10 000 steps of a
// 100-link chain after warm-up; nor does advance() with the bodies' interpolated poses read every frame.
// Needs --expose-gc (vitest.config.ts passes it to the test workers).
// Counted: V8's object spaces (new and old space) in a settled window. Code space is left out: it
// grows and shrinks as V8 compiles, also for other test files sharing the worker.

import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { boxPyramid, buildScene, hangingChain, heavyEndChain, hullPile, ragdollPile, weldedCantilever } from '../lib/scenes/index.js';
import { ballRoom } from './helpers.js';
import { bowlMesh } from '../lib/scenes/solids.js';
import { World, type ShapeOptions } from '../lib/index.js';

const gc = (globalThis as { gc?: () => void }).gc;

function objectHeap(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'new_space' || space.space_name === 'old_space')
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

/**
 * Heap growth over `steps` steps: the least of five windows. An allocation in every step grows every
 * window by steps × its size; a one-off (V8 recompiling, a map growing once) lands in one window only.
 * With other test files running beside it on two cores, V8's optimizing compiles come later and spread
 * over more windows: the awake 3-ragdoll pile once passed 16 KB in its last of three windows, and the
 * S3 cantilever read 16.7 KB as the least of three (run alone, its windows settle at 1.4 KB from the
 * second on).
 */
function heapGrowth(step: () => void, steps: number): number {
  for (let i = 0; i < 500; i++) step();
  let least = Infinity;
  for (let window = 0; window < 5; window++) {
    gc!();
    gc!();
    const before = objectHeap();
    for (let i = 0; i < steps; i++) step();
    gc!();
    gc!();
    least = Math.min(least, objectHeap() - before);
  }
  return least;
}

/** Long runs of whole steps: a limit for hangs, not for speed (a 2-core machine under other work took 78 s
 * for 2000 steps of three ragdolls). */
const HANG_LIMIT = 240_000;

describe('no allocation inside step()', () => {
  it('runs with gc exposed', () => {
    expect(typeof gc).toBe('function');
  });

  it('S1 chain, 100 links, 10 000 steps: heap growth under 16 KB', () => {
    // sleeping off in the awake scenes: an island falling asleep inside a measured window rebuilds the
    // awake lists once (measured: 17 KB on the cantilever), which is not a per-step allocation
    const { world } = buildScene(hangingChain(100), { sleeping: false });
    // An allocation of even one small object per step would be ≥ 10 000 × 16 bytes = 160 KB.
    expect(heapGrowth(() => world.step(1 / 60), 10_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('S3 welded cantilever, 10 000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(weldedCantilever(), { sleeping: false });
    expect(heapGrowth(() => world.step(1 / 60), 10_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('the direct solver: a heavy-end chain and the cantilever, 2000 steps each: heap growth under 16 KB', () => {
    // one 16-byte object per step would be 32 KB
    const chain = buildScene(heavyEndChain(10, 670), { solver: 'direct', sleeping: false }).world;
    expect(heapGrowth(() => chain.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
    const cantilever = buildScene(weldedCantilever(4), { solver: 'direct', sleeping: false }).world;
    expect(heapGrowth(() => cantilever.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('contacts of hulls (the hull pile: hull against plane, box, hull, capsule, sphere), 2000 steps: heap growth under 16 KB', () => {
    // sleeping off: awake contacts every step (asleep, the pile would measure the sleeping path)
    const { world } = buildScene(hullPile({ layers: 2 }), { sleeping: false });
    expect(heapGrowth(() => world.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('contacts of cylinders and cones (with a plane, a box, a mesh, spheres, capsules, hulls and each other), awake, 2000 steps: heap growth under 16 KB', () => {
    const world = new World({ sleeping: false });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ type: 'static', position: [3, 0, 0], shapes: [{ type: 'box', halfExtents: [1, 0.2, 1] }] });
    world.createBody({ type: 'static', position: [-3, 0.1, 0], shapes: [{ type: 'trimesh', vertices: [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1], indices: [0, 2, 1, 0, 3, 2] }] });
    const shapes: ShapeOptions[] = [
      { type: 'cylinder', radius: 0.2, halfHeight: 0.3 }, { type: 'cone', radius: 0.25, halfHeight: 0.25 }, { type: 'sphere', radius: 0.15 },
      { type: 'capsule', radius: 0.1, halfHeight: 0.2 }, { type: 'hull', points: [[0, 0, 0], [0.3, 0, 0], [0, 0.3, 0], [0, 0, 0.3]] },
    ];
    for (let i = 0; i < 15; i++) {
      world.createBody({ position: [-3 + 3 * (i % 3), 0.5 + 0.5 * Math.floor(i / 3), 0.1 * (i % 2)], orientation: [Math.sin(0.05 * (i % 4)), 0, 0, Math.cos(0.05 * (i % 4))], shapes: [shapes[i % 5]] });
    }
    expect(heapGrowth(() => world.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('contacts and limits of 3 ragdolls in a pile (capsule, box, sphere, plane), awake, 2000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(ragdollPile({ count: 3 }), { sleeping: false });
    expect(heapGrowth(() => world.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('advance() with every body drawn between steps (the render loop), 10 000 frames: heap growth under 16 KB', () => {
    // frames of uneven length (about 1 step in 2 of them), and every body's interpolated pose read
    // into the same two arrays, as a renderer would
    const { world } = buildScene(hangingChain(100), { sleeping: false });
    const frames = [1 / 144, 1 / 50, 1 / 75, 1 / 30];
    const position = new Float64Array(3), orientation = new Float64Array(4);
    let frame = 0, steps = 0;
    const render = () => {
      steps += world.advance(frames[frame++ % frames.length]).steps;
      for (const body of world.bodies) {
        body.getInterpolatedPosition(position);
        body.getInterpolatedOrientation(orientation);
      }
    };
    expect(heapGrowth(render, 10_000)).toBeLessThan(16 * 1024);
    expect(steps).toBeGreaterThan(10_000);
  }, HANG_LIMIT);

  it('continuous collision: 20 balls at 100-300 m/s in a room of 2 cm walls, each swept every step, 2000 steps: heap growth under 16 KB', () => {
    // the balls do not collide with each other: they keep their speed, so every step sweeps all of them and
    // some are put back at a wall
    const world = ballRoom({}, false, false, 20);
    expect(heapGrowth(() => world.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('dynamic meshes (bowls on a plane, a heightfield and a static mesh, a ball in each), awake, 1000 steps: heap growth under 16 KB', () => {
    const world = new World({ sleeping: false });
    const bowl = bowlMesh(0.3, 0.2, 0.03, 16);
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
    world.createBody({ type: 'static', position: [2, 0.01, 0], shapes: [{ type: 'heightfield', heights: new Array(25).fill(0), rows: 5, columns: 5, size: [1, 1] }] });
    world.createBody({ type: 'static', position: [4, 0.01, 0], shapes: [{ type: 'trimesh', vertices: [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1], indices: [0, 2, 1, 0, 3, 2] }] });
    for (const x of [0, 2, 4]) {
      world.createBody({ position: [x, 0.3, 0], shapes: [{ type: 'trimesh', ...bowl }] });
      world.createBody({ position: [x + 0.05, 0.6, 0], shapes: [{ type: 'sphere', radius: 0.05 }] });
    }
    expect(heapGrowth(() => world.step(1 / 60), 1_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);

  it('a sleeping pyramid, 10 000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(boxPyramid());
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(world.sleepingBodyCount).toBe(55);
    expect(heapGrowth(() => world.step(1 / 60), 10_000)).toBeLessThan(16 * 1024);
  }, HANG_LIMIT);
});
