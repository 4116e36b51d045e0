// What a world (World in 3D, World2D) needs to know of its bodies: Body and Body2D both have it.

import type { BodyType } from './body-type.js';
import type { InvalidQuantity } from './invalid-bodies.js';
import type { SleepingBody } from './sleep.js';
import type { StateReader, StateWriter } from '../util/state.js';

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
  /** @internal */
  saveState(writer: StateWriter): void;
  /** @internal */
  loadState(reader: StateReader): void;
  /** @internal After loadState (restore): refuses a state createBody could not make, naming `path`. */
  checkState(where: string, path: string): void;
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
