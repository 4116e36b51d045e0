// What a body is in either dimension: its id, its world, its sleep state, damping and gravity scale, its
// mass, its pose target and the pose it is drawn from, the rule that a removed body's public writes
// throw, and the parts of createBody, setType and the body's state (snapshots, hashes) that read alike in
// both. Body (3D, body.ts) and Body2D (lib/2d/body.ts) add their pose, velocities and inertia in their own
// layouts.

import type { BodyStateIO } from './core-body.js';
import { readBodyType, type BodyType } from './body-type.js';
import { interpolationFraction, lerpInto, NO_PREVIOUS_POSE } from './interpolation.js';
import type { KinematicTarget, TargetedBody } from './kinematic-target.js';
import { SleepState } from './sleep.js';
import {
  requireBoolean, requireGravityScale, requireInteger, requireNonNegative, requirePositiveWithin, show, showBound,
} from '../util/validate.js';
import { requireOutsideStep } from '../util/step-guard.js';
import { checkOptionKeys } from '../util/option-keys.js';
import { requireFiniteNumbers, requireZero } from '../util/restore-check.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED, MAX_MASS, MIN_MASS } from '../limits.js';

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

/** @internal createBody's first checks: `options` an object of known keys (`keys`, option-keys.ts), and
 * its type; returns the type (default 'dynamic'). */
export function readBodyTypeOption(where: string, options: { type?: BodyType }, keys: readonly string[]): BodyType {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
  }
  checkOptionKeys(where, options, keys);
  const type = options.type ?? 'dynamic';
  readBodyType(where, type);
  return type;
}

/** @internal Refuses createBody's velocities on a static body (`moving`: any of them not zero) and a mass
 * or inertia on a body that is not dynamic. */
export function requireTypeAllows(where: string, type: BodyType, moving: boolean, options: { mass?: unknown; inertia?: unknown }): void {
  if (type === 'static' && moving) {
    throw new RangeError(`${where}: a static body cannot move; give it no velocity or make it 'kinematic'`);
  }
  if (type !== 'dynamic' && (options.mass !== undefined || options.inertia !== undefined)) {
    const given = options.mass !== undefined ? `mass ${show(options.mass)}` : `inertia ${show(options.inertia)}`;
    throw new RangeError(`${where}: a ${type} body has no mass or inertia, got ${given}; make it dynamic (setType) and give it one with setMassProperties`);
  }
}

/** @internal Refuses an impulse that would give body `id` a speed past MAX_LINEAR_SPEED or a turning rate
 * past MAX_ANGULAR_SPEED either way: `speed` and `turning` are what the impulse call would leave (the
 * fastest a body may be given; README, "Limits"). */
export function requireImpulseSpeeds(where: string, impulse: unknown, id: number, speed: number, turning: number): void {
  if (!(speed <= MAX_LINEAR_SPEED)) {
    throw new RangeError(`${where}: impulse ${show(impulse)} would give body ${id} a speed of ${show(speed)} m/s, more than the ${showBound(MAX_LINEAR_SPEED)} m/s allowed (README, "Limits")`);
  }
  if (!(Math.abs(turning) <= MAX_ANGULAR_SPEED)) {
    throw new RangeError(`${where}: impulse ${show(impulse)} would turn body ${id} at ${show(turning)} rad/s, more than the ${showBound(MAX_ANGULAR_SPEED)} rad/s allowed (README, "Limits")`);
  }
}

/** @internal What a body tells its world (world/world-core.ts; world.ts for poseEdited): a pose the user
 * set (the broadphase re-bounds the body), a pose target (the next step sets its velocities), and its
 * type changing (whether its joints allow it, which throws if not; then before and after the change:
 * contacts, islands, the broadphase). */
export interface BodyListener<B> {
  poseEdited?(body: B): void;
  kinematicTargetSet?(body: B): void;
  checkBodyType?(body: B, type: BodyType): void;
  bodyTypeChanging?(body: B): void;
  bodyTypeChanged?(body: B): void;
}

export abstract class BodyBase {
  /** The body's id in its world (unique, kept by snapshots). */
  get id(): number {
    return this._id;
  }
  private readonly _id: number;
  /** 'dynamic', 'static' or 'kinematic'; changed with setType. */
  abstract readonly type: BodyType;
  /** @internal True for dynamic bodies (each body declares it). */
  abstract readonly isDynamic: boolean;
  /** @internal The solver's numbers for the body (BODY_STATE in 3D, BODY2D_STATE in 2D). */
  abstract readonly state: Float64Array;
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
  /** @internal kg; Infinity for static and kinematic bodies (the `mass` the setters and restores write). */
  _mass = Infinity;
  /** @internal A kinematic body's pose target (moveKinematic; kinematic-target.ts). */
  abstract readonly kinematic: KinematicTarget<TargetedBody>;
  /** @internal The pose at the start of the last step that moved the body, for drawing between steps
   * (interpolation.ts), in the pose target's layout (3D: centre x y z, then orientation x y z w; 2D: x,
   * y, θ). Not part of the state (snapshots and hashes leave it out). */
  readonly previousPose: Float64Array;
  /** @internal The world's stepCount after the step that recorded the body's previous pose
   * (interpolation.ts); NO_PREVIOUS_POSE when the body was made or teleported since. */
  previousPoseStep = NO_PREVIOUS_POSE;

  /** @internal `restPoseSize`: the numbers of the pose sleep compares with (sleep.ts SleepState);
   * `poseSize`: of the pose drawn between steps and of a pose target. */
  protected constructor(id: number, owner: object, restPoseSize: number, poseSize: number, common: CommonBodyValues, userData: unknown) {
    this._id = id;
    this.owner = owner;
    this.sleep = new SleepState(restPoseSize);
    this._linearDamping = common.linearDamping;
    this._angularDamping = common.angularDamping;
    this._gravityScale = common.gravityScale;
    this.userData = userData;
    this.sleep.canSleep = common.canSleep;
    this.previousPose = new Float64Array(poseSize);
  }

  /** kg; Infinity for static and kinematic bodies. */
  get mass(): number {
    return this._mass;
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

  /** @internal Zeroes v and ω (falling asleep, made static, a pose target reached and none new). */
  abstract stop(): void;

  /** @internal Before a step of dt: a kinematic body with a pose target takes the velocities that reach it
   * (kinematic-target.ts); returns whether it has one. */
  beginKinematicStep(dt: number): boolean {
    return this.kinematic.begin(dt);
  }
  /** @internal After the step: a body that moved to its target is put exactly on it. */
  finishKinematicStep(): void {
    this.kinematic.finish();
  }

  /** @internal Writes everything the step reads of this body (world snapshots, hashes): the numbers of
   * its dimension (`io`, body-state-io.ts in each dimension), then its sleep state and a kinematic body's
   * pose target. */
  saveState(writer: StateWriter, io: BodyStateIO<this>): void {
    io.save(this, writer);
    this.sleep.save(writer);
    if (this.type === 'kinematic') this.kinematic.saveState(writer);
  }
  /** @internal Reads what saveState wrote (snapshots before version 5 had no pose targets); a target in
   * use is handed to the world again. */
  loadState(reader: StateReader, io: BodyStateIO<this>): void {
    io.load(this, reader);
    this.sleep.load(reader);
    if (this.type === 'kinematic' && reader.version >= 5) {
      this.kinematic.loadState(reader);
      if (this.kinematic.isSet) this.listener?.kinematicTargetSet?.(this);
    }
  }
  /** @internal After loadState (World.restore, World2D.restore): refuses what createBody and the setters
   * refuse, and a state no world could be in, naming the field under `path`. */
  checkState(where: string, path: string, io: BodyStateIO<this>): void {
    io.check(this, where, path);
    const sleep = this.sleep;
    requireNonNegative(where, `${path}.sleepTime`, sleep.time);
    requireInteger(where, `${path}.island`, sleep.island, 0, Number.MAX_SAFE_INTEGER);
    requireFiniteNumbers(where, `${path}.restPose`, sleep.restPose);
    if (this.type === 'kinematic') this.kinematic.checkState(where, path);
  }

  /** @internal The damping rates and the gravity scale, as a body's state holds them (saveState). */
  saveDamping(writer: StateWriter): void {
    writer.write(this._linearDamping);
    writer.write(this._angularDamping);
    writer.write(this._gravityScale);
  }
  /** @internal Reads what saveDamping wrote. */
  loadDamping(reader: StateReader): void {
    this._linearDamping = reader.read();
    this._angularDamping = reader.read();
    this._gravityScale = reader.read();
  }
  /** @internal After loadDamping: refuses what the setters refuse, naming the field under `path`. */
  checkDamping(where: string, path: string): void {
    requireNonNegative(where, `${path}.linearDamping`, this.linearDamping);
    requireNonNegative(where, `${path}.angularDamping`, this.angularDamping);
    requireGravityScale(where, `${path}.gravityScale`, this.gravityScale);
  }
  /** @internal checkState's rules for a static or kinematic body, which has infinite mass: each of
   * `infinite` (its mass; in 2D its inertia too) Infinity, each of `zero` (what follows from them) zero,
   * in that order, and not asleep (only a dynamic body sleeps); the names are under `path`. */
  checkMassless(
    where: string, path: string, infinite: Readonly<Record<string, number>>, zero: Readonly<Record<string, ArrayLike<number>>>,
  ): void {
    const why = `a ${this.type} body has infinite mass`;
    for (const name in infinite) {
      const value = infinite[name];
      if (value !== Infinity) throw new RangeError(`${where}: ${path}.${name} must be Infinity (${why}), got ${show(value)}`);
    }
    for (const name in zero) requireZero(where, `${path}.${name}`, zero[name], why);
    if (this.sleep.island !== 0) throw new RangeError(`${where}: ${path}.island must be 0 (only a dynamic body sleeps), got ${show(this.sleep.island)}`);
  }
  /** @internal checkState's rule for a static body: its velocities (`linear`, `angular`) zero. */
  checkStaticAtRest(where: string, path: string, linear: ArrayLike<number>, angular: ArrayLike<number>): void {
    if (this.type !== 'static') return;
    const why = 'a static body cannot move';
    requireZero(where, `${path}.linearVelocity`, linear, why);
    requireZero(where, `${path}.angularVelocity`, angular, why);
  }

  /** @internal The world this body tells of its changes (BodyListener), or null once removed. */
  protected get listener(): BodyListener<this> | null {
    return this.owner as BodyListener<this> | null;
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

  /** @internal setMassProperties' first checks: the body in its world and dynamic, and `mass` within
   * [MIN_MASS, MAX_MASS]. */
  protected requireNewMass(where: string, mass: number): void {
    this.requireInWorld(where);
    if (!this.isDynamic) throw new RangeError(`${where}: body ${this.id} is ${this.type}; only dynamic bodies have mass`);
    requirePositiveWithin(where, 'mass', mass, MIN_MASS, MAX_MASS, ' kg');
  }

  /** @internal Refuses a pose target for a body that is not kinematic. */
  protected requireKinematic(where: string): void {
    if (this.type !== 'kinematic') {
      throw new RangeError(`${where}: body ${this.id} is ${this.type}; only a kinematic body takes a pose target (setPosition moves any body at once)`);
    }
  }
  /** @internal moveKinematic's end, the target set: the body wakes, and its world sets its velocities in
   * the next step. */
  protected targetSet(): void {
    this.sleep.wake();
    this.listener?.kinematicTargetSet?.(this);
  }

  /** @internal A pose set at once (setPosition and the like): the body is drawn there, not interpolated
   * from where it was, and wakes. */
  protected teleported(): void {
    this.previousPoseStep = NO_PREVIOUS_POSE;
    this.sleep.wake();
  }
  /** @internal How far from the previous pose toward the current one the body is drawn (interpolation.ts). */
  protected get interpolationFraction(): number {
    return interpolationFraction(this.owner, this.previousPoseStep);
  }
  /**
   * @internal The centre to draw, written to `out` (its first `count` numbers) and returned: a fraction t
   * (interpolationFraction) of the way from the previous pose's centre to the current one, which sits
   * at `position` in the state (the current one itself when t is 1).
   */
  protected interpolatePosition<T extends Float64Array | number[]>(out: T, position: number, count: number): T {
    lerpInto(out, this.previousPose, 0, this.state, position, count, this.interpolationFraction);
    return out;
  }

  /** @internal setType's first checks (removed, in a step, not a type); false when the body is of `type` already. */
  protected typeChanges(where: string, type: BodyType): boolean {
    this.requireInWorld(where);
    readBodyType(where, type);
    return type !== this.type;
  }
  /** @internal setType's change, once the new type is allowed: what the body touches wakes while its contacts are
   * still the old ones, a target is dropped unless it stays kinematic, and made static it stops. Its
   * mass is the caller's to set, then the world's bodyTypeChanged. */
  protected switchType(type: BodyType): void {
    this.listener?.bodyTypeChanging?.(this);
    this.sleep.wake();
    const self = this as { type: BodyType; isDynamic: boolean };
    self.type = type;
    self.isDynamic = type === 'dynamic';
    if (type !== 'kinematic') this.kinematic.drop();
    if (type === 'static') this.stop();
  }
}
