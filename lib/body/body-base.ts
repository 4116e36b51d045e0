// What a body is in either dimension: its id, its world, its sleep state, damping and gravity scale, and
// the rule that a removed body's public writes throw. Body (3D, body.ts) and Body2D (lib/2d/body.ts) add
// their pose, velocities and mass in their own layouts.

import type { BodyType } from './body-type.js';
import { NO_PREVIOUS_POSE } from './interpolation.js';
import { SleepState } from './sleep.js';
import { requireBoolean, requireGravityScale, requireNonNegative, show } from '../util/validate.js';
import { requireOutsideStep } from '../util/step-guard.js';

/** The options both bodies take beside their pose, velocities and mass. */
export interface CommonBodyOptions {
  /** Velocity damping rate, 1/s: v ← v / (1 + h·damping) each substep; a finite number ≥ 0. Default 0. */
  linearDamping?: number;
  /** Angular velocity damping rate, 1/s, as linearDamping. Default 0. */
  angularDamping?: number;
  /** Multiplies the world's gravity for this body: a finite number. Default 1. */
  gravityScale?: number;
  /** False: the body never falls asleep, nor does anything joined to or resting on it (a player's
   * body). Default true (sleep.ts). */
  canSleep?: boolean;
}

/** @internal CommonBodyOptions checked, defaults filled in. */
export interface CommonBodyValues {
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  canSleep: boolean;
}

/** @internal Checks the common options (`where`: the call, for messages), in this order. */
export function readCommonBodyOptions(where: string, options: CommonBodyOptions): CommonBodyValues {
  const linearDamping = requireNonNegative(where, 'linearDamping', options.linearDamping ?? 0);
  const angularDamping = requireNonNegative(where, 'angularDamping', options.angularDamping ?? 0);
  const gravityScale = requireGravityScale(where, 'gravityScale', options.gravityScale ?? 1);
  const canSleep = options.canSleep === undefined ? true : requireBoolean(where, 'canSleep', options.canSleep);
  return { linearDamping, angularDamping, gravityScale, canSleep };
}

export abstract class BodyBase {
  /** The body's id in its world (unique, kept by snapshots). */
  get id(): number {
    return this._id;
  }
  private readonly _id: number;
  /** 'dynamic', 'static' or 'kinematic'; changed with setType. */
  abstract readonly type: BodyType;
  userData: unknown;
  /** @internal The world that owns this body, or null once removed: a removed body's public writes
   * (setters, apply*, wake, setMassProperties) throw; its reads still answer. */
  owner: object | null;
  /** @internal Sleep timer and island (sleep.ts). */
  readonly sleep: SleepState;
  /** @internal The velocity damping rates and the gravity scale the step reads (their setters check them). */
  _linearDamping: number;
  /** @internal */
  _angularDamping: number;
  /** @internal */
  _gravityScale: number;
  /** @internal The world's stepCount after the step that recorded the body's previous pose
   * (interpolation.ts); NO_PREVIOUS_POSE when the body was made or teleported since. */
  previousPoseStep = NO_PREVIOUS_POSE;

  /** @internal `restPoseSize`: the numbers of the pose sleep compares with (sleep.ts SleepState). */
  protected constructor(id: number, owner: object, restPoseSize: number, common: CommonBodyValues, userData: unknown) {
    this._id = id;
    this.owner = owner;
    this.sleep = new SleepState(restPoseSize);
    this._linearDamping = common.linearDamping;
    this._angularDamping = common.angularDamping;
    this._gravityScale = common.gravityScale;
    this.userData = userData;
    this.sleep.canSleep = common.canSleep;
  }

  /** False while the body sleeps (sleep.ts): it is not moved or solved until something wakes it. */
  get isAwake(): boolean {
    return this.sleep.island === 0;
  }
  /** Wakes the body and its whole island; its rest timer starts again. The setters and apply* calls do
   * this; call it yourself after writing the pose or the velocities in place. */
  wake(): void {
    this.requireInWorld('wake');
    this.sleep.wake();
  }
  /** False: the body never sleeps, nor does its island (the options' canSleep). */
  get canSleep(): boolean {
    return this.sleep.canSleep;
  }
  set canSleep(value: boolean) {
    this.requireInWorld('canSleep');
    this.sleep.canSleep = requireBoolean('canSleep', 'canSleep', value);
    if (!value) this.sleep.wake();
  }
  /** Velocity damping rates, 1/s (the options' linearDamping): a finite number ≥ 0; can change between steps. */
  get linearDamping(): number {
    return this._linearDamping;
  }
  set linearDamping(value: number) {
    this.requireInWorld('linearDamping');
    this._linearDamping = requireNonNegative('linearDamping', 'linearDamping', value);
  }
  get angularDamping(): number {
    return this._angularDamping;
  }
  set angularDamping(value: number) {
    this.requireInWorld('angularDamping');
    this._angularDamping = requireNonNegative('angularDamping', 'angularDamping', value);
  }
  /** Multiplies the world's gravity for this body (the options' gravityScale): a finite number. */
  get gravityScale(): number {
    return this._gravityScale;
  }
  set gravityScale(value: number) {
    this.requireInWorld('gravityScale');
    this._gravityScale = requireGravityScale('gravityScale', 'gravityScale', value);
  }

  /** Refuses a write to a body its world removed, or made during a step (`where`: the call, for the
   * message). Only the public writes call it; the step never does. */
  protected requireInWorld(where: string): void {
    if (this.owner === null) throw new Error(`${where}: body ${this.id} was removed from its world`);
    requireOutsideStep(this.owner, where);
  }

  /** Refuses a velocity for a static body. */
  protected requireMovable(where: string, velocity: unknown): void {
    if (this.type === 'static') {
      throw new RangeError(`${where}: body ${this.id} is static and cannot move, got velocity ${show(velocity)}`);
    }
  }
}
