// A kinematic body's pose target (Body.moveKinematic, Body2D.moveKinematic), in either dimension: the
// pose it should reach by the end of the next step, and where that stands. Before the step the body takes
// the velocities that reach the target (it is then moving to it); after the step it is put exactly on
// it; after a step with no new target it stops. The pose's layout, the velocities that reach it and the
// landing on it are the dimension's (kinematic-motion.ts, lib/2d/kinematic-motion.ts).

import { requireInteger } from '../util/validate.js';
import type { StateReader, StateWriter } from '../util/state.js';

/** @internal Where a pose target stands: none, set for the next step, or moved to in the last step. */
export const KINEMATIC_NONE = 0, KINEMATIC_PENDING = 1, KINEMATIC_MOVING = 2;

/** @internal What a pose target moves: the body's solver state (BODY_STATE, BODY2D_STATE), which it stops. */
export interface TargetedBody {
  readonly state: Float64Array;
  /** Zeroes v and ω. */
  stop(): void;
}

/** @internal A body's pose target (a part of Body and Body2D). */
export abstract class KinematicTarget<B extends TargetedBody> {
  /** The target pose, in the body's previousPose layout (3D: centre, then orientation; 2D: x, y, θ). */
  readonly pose: Float64Array;
  /** KINEMATIC_NONE, KINEMATIC_PENDING or KINEMATIC_MOVING. */
  phase = KINEMATIC_NONE;

  protected constructor(protected readonly body: B, poseSize: number) {
    this.pose = new Float64Array(poseSize);
  }

  /** Whether the next step moves the body to a target (a new one, or one moved to in the last step). */
  get isSet(): boolean {
    return this.phase !== KINEMATIC_NONE;
  }

  /** Forgets the target: the body moves at the velocities it is given (a velocity setter, setType). */
  drop(): void {
    this.phase = KINEMATIC_NONE;
  }

  /**
   * Before a step of dt: a body with a new target takes the velocities that reach it (moveToward); one
   * that reached its target in the last step and has no new one stops. Returns whether the body still
   * needs the world's attention (finish, after the step).
   */
  begin(dt: number): boolean {
    if (this.phase === KINEMATIC_PENDING) {
      this.moveToward(dt);
      this.phase = KINEMATIC_MOVING;
      return true;
    }
    if (this.phase === KINEMATIC_MOVING) {
      this.body.stop();
      this.phase = KINEMATIC_NONE;
    }
    return false;
  }

  /** After the step: a body that moved to its target is put exactly on it (the integration's round-off
   * does not accumulate over a path of targets). */
  finish(): void {
    if (this.phase === KINEMATIC_MOVING) this.land();
  }

  /** Writes the phase, then the pose (a kinematic body's part of its state). */
  saveState(writer: StateWriter): void {
    writer.write(this.phase);
    writer.writeArray(this.pose);
  }
  /** Reads what saveState wrote. */
  loadState(reader: StateReader): void {
    this.phase = reader.read();
    reader.readInto(this.pose);
  }
  /** After loadState: refuses a phase that is none of the three and a pose no setter could give,
   * naming them under `path` as `kinematicTargetState` and `kinematicTarget`. */
  checkState(where: string, path: string): void {
    requireInteger(where, `${path}.kinematicTargetState`, this.phase, KINEMATIC_NONE, KINEMATIC_MOVING);
    this.checkPose(where, `${path}.kinematicTarget`);
  }

  /** v and ω that take the body from where it is to the pose in dt. */
  protected abstract moveToward(dt: number): void;
  /** The body exactly on the pose. */
  protected abstract land(): void;
  /** checkState's part for the pose, named `name`. */
  protected abstract checkPose(where: string, name: string): void;
}
