// Drawing a WorkerWorld's bodies between steps allocates nothing on the main thread: the world's
// getInterpolatedPoses for 1000 bodies, and each body's getInterpolatedPosition and
// getInterpolatedOrientation, at an alpha between steps. In a file of its own, so that the code V8 optimizes
// has seen one kind of `out` (a Float32Array, Float64Arrays): tests/worker-world.test.ts passes plain arrays
// too, and code that has met several stores through a slower, boxing path (so would an app's).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocatedBytesPerCall } from './allocation-measure.js';
import { buildLibrary, type BuiltLibrary } from './worker-build.js';

type WorkerEntry = typeof import('../lib/worker/index.js');

let built: BuiltLibrary;
let entry: WorkerEntry;

beforeAll(async () => {
  built = buildLibrary();
  entry = await built.load<WorkerEntry>('worker/index.js');
}, 60_000);

afterAll(() => built?.remove());

describe('drawing allocates nothing', () => {
  it('getInterpolatedPoses, and each body\'s getInterpolatedPosition and getInterpolatedOrientation, for 1000 bodies between steps', async () => {
    const remote = await entry.createWorkerWorld({ gravity: [0, 0, 0], sleeping: false, maxQueuedSteps: Infinity });
    for (let i = 0; i < 1000; i++) remote.createBody({ position: [i % 10, Math.floor(i / 100), Math.floor(i / 10) % 10], linearVelocity: [0.3, 0, 0], angularVelocity: [(i % 7) - 3, 1, 2] });
    remote.advance((1 / 60) * 2.3);
    await remote.flush();
    expect(remote.interpolationAlpha).toBeCloseTo(0.3, 9);
    const poses = new Float32Array(7000), p = new Float64Array(3), q = new Float64Array(4);
    const bodies = remote.bodies;
    const all = () => remote.getInterpolatedPoses(poses);
    const each = () => {
      for (let i = 0; i < bodies.length; i++) {
        bodies[i].getInterpolatedPosition(p);
        bodies[i].getInterpolatedOrientation(q);
      }
    };
    // optimized first (unoptimized code boxes every double it computes; V8 optimizes on a thread of its
    // own, later when other test files share the cores: two seconds of calls), then measured in windows
    // of 20 calls: one 16-byte number per body would be 16 000 bytes a call
    for (const start = performance.now(); performance.now() - start < 2000;) {
      all();
      each();
    }
    expect(allocatedBytesPerCall(all, 20)).toBeLessThan(16);
    expect(allocatedBytesPerCall(each, 20)).toBeLessThan(16);
    remote.terminate();
  }, 30_000);
});

