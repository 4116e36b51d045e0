// step() allocates nothing once a scene is built: the heap does not grow over 10 000 steps of a
// 100-link chain after warm-up. Needs --expose-gc (vitest.config.ts passes it to the test workers).
// Counted: V8's object spaces (new and old space) in a settled window. Code space is left out: it
// grows and shrinks as V8 compiles, also for other test files sharing the worker.

import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { boxPyramid, buildScene, hangingChain, heavyEndChain, hullPile, ragdollPile, weldedCantilever } from '../lib/scenes/index.js';

const gc = (globalThis as { gc?: () => void }).gc;

function objectHeap(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'new_space' || space.space_name === 'old_space')
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

/** Heap growth over `steps` steps, in the third of three windows (the first see warm-up garbage go). */
function heapGrowth(step: () => void, steps: number): number {
  for (let i = 0; i < 500; i++) step();
  let growth = 0;
  for (let window = 0; window < 3; window++) {
    gc!();
    gc!();
    const before = objectHeap();
    for (let i = 0; i < steps; i++) step();
    gc!();
    gc!();
    growth = objectHeap() - before;
  }
  return growth;
}

describe('no allocation inside step()', () => {
  it('runs with gc exposed', () => {
    expect(typeof gc).toBe('function');
  });

  it('S1 chain, 100 links, 10 000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(hangingChain(100));
    // An allocation of even one small object per step would be ≥ 10 000 × 16 bytes = 160 KB.
    expect(heapGrowth(() => world.step(1 / 60), 10_000)).toBeLessThan(16 * 1024);
  }, 60_000);

  it('S3 welded cantilever, 10 000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(weldedCantilever());
    expect(heapGrowth(() => world.step(1 / 60), 10_000)).toBeLessThan(16 * 1024);
  }, 60_000);

  it('the direct solver: a heavy-end chain and the cantilever, 2000 steps each: heap growth under 16 KB', () => {
    // one 16-byte object per step would be 32 KB
    const chain = buildScene(heavyEndChain(10, 670), { solver: 'direct' }).world;
    expect(heapGrowth(() => chain.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
    const cantilever = buildScene(weldedCantilever(4), { solver: 'direct' }).world;
    expect(heapGrowth(() => cantilever.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, 60_000);

  it('contacts of hulls (the hull pile: hull against plane, box, hull, capsule, sphere), 2000 steps: heap growth under 16 KB', () => {
    // sleeping off: awake contacts every step (asleep, the pile would measure the sleeping path)
    const { world } = buildScene(hullPile({ layers: 2 }), { sleeping: false });
    expect(heapGrowth(() => world.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, 60_000);

  it('contacts and limits of 3 ragdolls in a pile (capsule, box, sphere, plane), awake, 2000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(ragdollPile({ count: 3 }), { sleeping: false });
    expect(heapGrowth(() => world.step(1 / 60), 2_000)).toBeLessThan(16 * 1024);
  }, 60_000);

  it('a sleeping pyramid, 10 000 steps: heap growth under 16 KB', () => {
    const { world } = buildScene(boxPyramid());
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(world.sleepingBodyCount).toBe(55);
    expect(heapGrowth(() => world.step(1 / 60), 10_000)).toBeLessThan(16 * 1024);
  }, 60_000);
});
