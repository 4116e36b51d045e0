// The step's events: joints that break and bodies found not finite (3D adds contacts and sensors,
// world.ts). They are reported after the step, once each; every callback is called even if an earlier
// one threw, and the first error is thrown by step() after the last (StepCallbacks).

export interface JointBreakEventOf<J> {
  joint: J;
  /** Which limit was passed (force is checked first). */
  reason: 'force' | 'torque';
  /** |force| (N) and |torque| (N·m) over the step in which the joint broke. */
  force: number;
  torque: number;
}

/** @internal Calls a step's callbacks: an error one throws is kept, and thrown by `rethrow` once every
 * event of the step has been delivered (the first, if several throw). */
export class StepCallbacks {
  private failed = false;
  private error: unknown = null;

  deliver<E>(callback: (event: E) => void, event: E): void {
    try {
      callback(event);
    } catch (error) {
      if (this.failed) return;
      this.failed = true;
      this.error = error;
    }
  }

  /** Throws the first error kept since the last call, if any (and forgets it). */
  rethrow(): void {
    const failed = this.failed, error = this.error;
    this.failed = false;
    this.error = null;
    if (failed) throw error;
  }
}
