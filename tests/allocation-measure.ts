// Bytes a call allocates, measured: the heap's object spaces grow by what is allocated between two
// collections, so a window of calls started right after gc() and read without collecting shows the
// garbage those calls made. (The heap after a second gc() shows only what they kept alive: transient
// garbage, a new array per call, leaves it unchanged.) The window's own bookkeeping (the loop, the
// reading) is measured on an empty call and taken off. Needs --expose-gc (vitest.config.ts passes it).

import { getHeapSpaceStatistics } from 'node:v8';

const SPACES = ['new_space', 'old_space', 'large_object_space', 'new_large_object_space'];

function heapUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (SPACES.includes(space.space_name)) used += space.space_used_size;
  return used;
}

/** The least, over `windows` windows, of the heap's growth across `calls` calls, after a warm-up. */
function windowGrowth(call: () => void, calls: number, windows: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('allocatedBytesPerCall needs node --expose-gc');
  for (let i = 0; i < calls; i++) call();
  const growth: number[] = [];
  for (let w = 0; w < windows; w++) {
    gc();
    const before = heapUsed();
    for (let i = 0; i < calls; i++) call();
    growth.push(heapUsed() - before);
  }
  // the least window: the code at its steady state. A call's first windows may still run before V8's
  // optimized code for it arrives (compiled on a background thread, later on a busy machine), where
  // doubles crossing calls are boxed; what the optimized code allocates shows in every window.
  return Math.min(...growth);
}

/** Bytes allocated per call of `call`, over windows of `calls` calls (keep calls × the bytes a leaky call
 * would allocate under a megabyte, so no scavenge falls inside a window and hides them). */
export function allocatedBytesPerCall(call: () => void, calls = 1000, windows = 7): number {
  const empty = windowGrowth(() => {}, calls, windows);
  return Math.max(0, windowGrowth(call, calls, windows) - empty) / calls;
}
