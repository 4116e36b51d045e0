// The fixed-step clock (world.advance): real time in, whole steps of fixedTimeStep out, the rest kept
// for the next call (Glenn Fiedler, "Fix Your Timestep!", 2004), and the alpha to draw bodies at between
// their last two poses (body/interpolation.ts).

import type { ClockSettings } from './settings.js';
import { DEFAULT_FIXED_STEP_SETTINGS } from './settings.js';

/** What world.advance(elapsedSeconds) did. The world hands back the same object every call and
 * overwrites it on the next: read it (or copy it) before advancing again. */
export interface AdvanceResult {
  /** Steps of fixedTimeStep taken. */
  readonly steps: number;
  /** Seconds not simulated because maxStepsPerFrame was reached (0 unless it was). */
  readonly droppedSeconds: number;
  /** The time left over, as a fraction of a step, in [0, 1): how far to draw the bodies from the last
   * step's start pose toward its end pose (world.interpolationAlpha). */
  readonly alpha: number;
}

/** Time within this fraction of a step of a whole number of steps counts as that number: 3 × (1/60)
 * added up is 3 steps, however the sum rounds. */
const STEP_ROUND_OFF = 1e-9;

/** @internal The clock's settings, the time not yet stepped (always under one step between calls), the
 * alpha bodies are drawn at, and the result object handed back every call. */
export class FixedStepClock implements ClockSettings {
  fixedTimeStep = DEFAULT_FIXED_STEP_SETTINGS.fixedTimeStep;
  maxStepsPerFrame = DEFAULT_FIXED_STEP_SETTINGS.maxStepsPerFrame;
  accumulatedSeconds = 0;
  interpolationAlpha = 1;
  private readonly result = { steps: 0, droppedSeconds: 0, alpha: 1 };
  /** What `take` found, handed out by `finish` (the result object is the last call's until then). */
  private readonly pending = { steps: 0, droppedSeconds: 0, alpha: 1 };

  /** Adds `elapsedSeconds` and returns the steps due now, at most maxStepsPerFrame; the time beyond
   * them is dropped (the spiral-of-death guard: the next frame starts with nothing owed), the rest kept.
   * Committed before stepping: a step callback that throws loses the rest of this frame's steps. */
  take(elapsedSeconds: number): number {
    const dt = this.fixedTimeStep;
    const total = this.accumulatedSeconds + elapsedSeconds;
    let due = Math.floor(total / dt);
    let left = total - due * dt;
    // round-off: a sum of whole steps can fall a hair short of them (or the floor a hair past them)
    const tolerance = STEP_ROUND_OFF * dt;
    if (left >= dt - tolerance) {
      due++;
      left -= dt;
    }
    if (left < tolerance) left = 0;
    const steps = Math.min(due, this.maxStepsPerFrame);
    let dropped = 0;
    if (steps < due) {
      dropped = total - steps * dt;
      left = 0;
    }
    this.accumulatedSeconds = left;
    this.pending.steps = steps;
    this.pending.droppedSeconds = dropped;
    this.pending.alpha = left / dt;
    return steps;
  }

  /** After the steps `take` gave were taken: the alpha to draw at, and the call's result. */
  finish(): AdvanceResult {
    const result = this.result, pending = this.pending;
    this.interpolationAlpha = pending.alpha;
    result.steps = pending.steps;
    result.droppedSeconds = pending.droppedSeconds;
    result.alpha = pending.alpha;
    return result;
  }
}
