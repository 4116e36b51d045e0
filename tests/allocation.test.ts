// step() allocates nothing once a scene is built: the heap does not grow over 10 000 steps of a
// 100-link chain after warm-up. Needs --expose-gc (vitest.config.ts passes it to the test workers).

import { describe, expect, it } from 'vitest';
import { buildScene, hangingChain, weldedCantilever } from '../lib/scenes/index.js';

const gc = (globalThis as { gc?: () => void }).gc;

function heapGrowth(step: () => void, steps: number): number {
  for (let i = 0; i < 500; i++) step(); // warm up: let V8 optimize and settle its own buffers
  gc!();
  gc!();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < steps; i++) step();
  gc!();
  gc!();
  return process.memoryUsage().heapUsed - before;
}

describe('no allocation inside step()', () => {
  it('runs with gc exposed', () => {
    expect(typeof gc).toBe('function');
  });

  it('S1 chain, 100 links, 10 000 steps: heap growth under 64 KB', () => {
    const { world } = buildScene(hangingChain(100));
    const growth = heapGrowth(() => world.step(1 / 60), 10_000);
    // An allocation of even one small object per step would be ≥ 10 000 × 16 bytes = 160 KB; what
    // remains (measured 1-29 KB) is V8's own bookkeeping (feedback vectors, optimized code).
    expect(growth).toBeLessThan(64 * 1024);
  });

  it('S3 welded cantilever, 10 000 steps: heap growth under 64 KB', () => {
    const { world } = buildScene(weldedCantilever());
    const growth = heapGrowth(() => world.step(1 / 60), 10_000);
    expect(growth).toBeLessThan(64 * 1024);
  });
});
