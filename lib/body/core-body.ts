// What a world (World in 3D, World2D) needs to know of its bodies: Body and Body2D both have it.

import type { BodyType } from './body-type.js';
import type { InvalidQuantity } from './invalid-bodies.js';
import type { SleepingBody } from './sleep.js';
import type { StateReader, StateWriter } from '../util/state.js';

/** @internal A body's own numbers in snapshots and hashes, in its dimension's layout (body-state-io.ts,
 * lib/2d/body-state-io.ts): written, read, and checked after a restore, naming a field under `path`. The
 * world that snapshots gives it (SnapshotWorld.bodyStateIO), so that a world without snapshots does not
 * carry it. */
export interface BodyStateIO<B> {
  save(body: B, writer: StateWriter): void;
  load(body: B, reader: StateReader): void;
  check(body: B, where: string, path: string): void;
}

/** What a world needs to know of its bodies. */
export interface CoreBody extends SleepingBody {
  readonly id: number;
  /** @internal The solver's numbers for the body (BODY_STATE in 3D, BODY2D_STATE in 2D). */
  readonly state: Float64Array;
  readonly type: BodyType;
  readonly isDynamic: boolean;
  /** m⁻¹, kg⁻¹; 0 for static and kinematic bodies. */
  readonly inverseMass: number;
  /** @internal */
  owner: object | null;
  /** @internal Writes the body's state (snapshots, hashes), its own numbers through `io`. */
  saveState(writer: StateWriter, io: BodyStateIO<this>): void;
  /** @internal Reads what saveState wrote. */
  loadState(reader: StateReader, io: BodyStateIO<this>): void;
  /** @internal After loadState (restore): refuses a state createBody could not make, naming `path`. */
  checkState(where: string, path: string, io: BodyStateIO<this>): void;
  /** @internal Sets a kinematic body's velocities toward its pose target for a step of dt (moveKinematic);
   * returns whether it has one. */
  beginKinematicStep(dt: number): boolean;
  /** @internal Puts a kinematic body that moved to its target exactly on it. */
  finishKinematicStep(): void;
  /** @internal The first of its pose and velocities holding a number that is not finite, or null. */
  nonFiniteQuantity(): InvalidQuantity | null;
  /** @internal Keeps the current pose as the one to interpolate from (interpolation.ts), stamped with the
   * stepCount the step about to run will leave. */
  recordPreviousPose(stepNumber: number): void;
}
