// What the ports of three.js's physics examples share (three-addon-examples.test.ts, three-addon-terrain.test.ts):
// fake timers, so the add-on's own setInterval steps the world as in a browser, and a seeded Math.random.

import { afterEach, beforeEach, vi } from 'vitest';
import { seededRandom } from './helpers.js';

/** The add-ons step 60 times a second. */
const FRAME = 1000 / 60;

/** Fakes the clock and seeds Math.random around each test of the calling file. */
export function useExampleClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'] });
    vi.spyOn(Math, 'random').mockImplementation(seededRandom(20260601));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Runs the page for `seconds`: timers fire as they would, and `animate` (the example's
 * renderer.setAnimationLoop callback, if any) once per 60 Hz frame. */
export function run(seconds: number, animate?: () => void): void {
  const frames = Math.round(seconds * 60);
  for (let i = 0; i < frames; i++) {
    vi.advanceTimersByTime(FRAME);
    animate?.();
  }
}
