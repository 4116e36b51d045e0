// What World (3D) and World2D share: the solver settings and their checks, the lists of bodies and
// joints, removal, step(dt), islands and sleeping (sleep.ts), breaking joints with their once-only
// report, bodies taken out for a state that is not finite (invalid-bodies.ts), and the rules of the
// step's callbacks (every event delivered, the first error thrown after; no step from inside one).
// Each world adds its own bodies and joints; the step itself is solver/step.ts, and the direct
// solver solver/direct/, the same code for both.

import type { BodyType } from '../body/body.js';
import type { ShapeOptions } from '../geometry/shape.js';
import type { CoreBody } from '../body/core-body.js';
export type { CoreBody } from '../body/core-body.js';
import type { JointCore } from '../joints/joint-core.js';
import { WorldRegistry } from './registry.js';
import type { BodyInvalidEventOf, InvalidQuantity } from '../body/invalid-bodies.js';
import { DEFAULT_SLEEP_SETTINGS, Islands, isAwakeMover, type SleepingBody, type SleepSettings } from '../body/sleep.js';
import { StateReader, StateWriter, decodeNumbers, encodeNumbers, hashNumbers } from '../util/state.js';
import { readBodyType } from '../body/body-type.js';
import { writeBodyType, writeName } from './structure-hash.js';
import { requireEntry, requireKnownKeys, requireRoundTrip, requireSnapshotArray } from '../util/restore-check.js';
import { MAX_HERTZ_PER_SUBSTEP_RATE, NO_CONTACTS, type BodyIntegrator, type ExactJointSolver, type JointSettling, type SolverContacts, type SolverSettings } from '../solver/step-parts.js';
import { StepContext, step } from '../solver/step.js';
import { DirectSolver } from '../solver/direct/direct-solver.js';
import type { TreeJoint } from '../solver/direct/tree-joint.js';
import type { TreeBodyModel } from '../solver/direct/tree-body-model.js';
import {
  readCallback, readGravity, requireBoolean, requireDampingRatio, requireInteger, requireNonNegative, requirePositiveOrInfinity,
  requirePositiveWithin, requireWithin, show,
} from '../util/validate.js';
import {
  DEFAULT_JOINT_SOLVER, DEFAULT_SOLVER_SETTINGS, defineSettings, readSettingOptions, readSolverKind, type CoreWorldOptions,
  type JointSolverKind, type SettingStores, type WorldSettings,
} from './settings.js';
import { StepCallbacks, type JointBreakEventOf } from './events.js';
import { FixedStepClock, type AdvanceResult } from './clock.js';
import {
  MAX_ANGULAR_SPEED, MAX_ITERATIONS, MAX_LINEAR_SPEED, MAX_SUBSTEPS, MAX_TIME_STEP, MIN_TIME_STEP,
} from '../limits.js';

/**
 * A world's complete state as plain, JSON-safe data: the bodies' and joints' kinds and how they connect,
 * and every number the step reads, as the base64 bytes of a Float64Array (exact to the bit). Callbacks
 * and userData are not included.
 */
export interface SnapshotBody {
  id: number;
  type: BodyType;
  shapes?: ShapeOptions[];
}

export interface WorldSnapshot {
  format: 'sinew-world' | 'sinew-world-2d';
  /** 8 (since the settings hold exactSubsteps); 1 to 7 are still read. */
  version: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  /** `shapes`: the body's collision shapes, about its centre of mass (3D). */
  bodies: SnapshotBody[];
  /** bodyA and bodyB index `bodies`; −1 is the world's ground. */
  joints: SnapshotJoint[];
  numbers: string;
}

export interface SnapshotJoint {
  id: number;
  type: string;
  bodyA: number;
  bodyB: number;
  brokenLastStep: boolean;
}

/** The fewest numbers a body's and a joint's state take in a snapshot (a 2D body's, a joint's limits and
 * flags): a snapshot with more bodies or joints than its numbers can hold is refused before its lists
 * are walked. */
const MIN_BODY_NUMBERS = 10, MIN_JOINT_NUMBERS = 5;

/** An error of a check made while restoring, rethrown with the path in the snapshot it concerns: the
 * call's name it began with (`createBody: `) gives way to `where` and the path. */
function atPath(where: string, path: string, error: unknown): Error {
  if (!(error instanceof Error)) return new Error(`${where}: ${path}: ${String(error)}`);
  const message = error.message.replace(/^[\w.]+: /, '');
  const Kind = error instanceof TypeError ? TypeError : error instanceof RangeError ? RangeError : Error;
  return new Kind(`${where}: ${path}: ${message}`);
}

/** The snapshot layout `snapshot()` writes. 2: World2D's numbers begin with its flags (the direct solver).
 * 3: an axis drive (hinge, slider, revolute, distance joint, twist limits) ends with its motor and limit
 * force readouts. 4: the settings hold contactIterations after iterations. 5: a kinematic body ends with
 * its pose target (moveKinematic). 6: a body's number of flags holds continuous collision (2) beside a
 * diagonal inertia (1), and a world's extras flags may announce its ccdSpeedThreshold (16): read the same
 * way for 1 to 5, which have neither, but a reader of 5 would take a body's 2 for a diagonal inertia.
 * 7: a joint's flags mark the direct solver's order after a break (4). 8: the settings hold
 * exactSubsteps after substeps, and a joint's flags mark one the next step settles (8). */
export const SNAPSHOT_VERSION = 8;

export abstract class WorldCore<B extends CoreBody, J extends JointCore<B> & TreeJoint<B>> {
  /** m/s² (3 numbers in 3D, 2 in 2D). */
  readonly gravity: Float64Array;
  /** A static body at the origin: what a joint without bodyB is attached to. Not in `bodies`. */
  abstract readonly ground: B;
  /** Called once for each joint that breaks; see JointBreakEventOf. A function or null. */
  get onJointBreak(): ((event: JointBreakEventOf<J>) => void) | null {
    return this.jointBreakHook;
  }
  set onJointBreak(value: ((event: JointBreakEventOf<J>) => void) | null) {
    this.jointBreakHook = readCallback('onJointBreak', 'onJointBreak', value);
  }
  private jointBreakHook: ((event: JointBreakEventOf<J>) => void) | null = null;
  /** Called once for each body found with a pose or velocity that is not finite, which is taken out of
   * the simulation (invalidBodies; README, "Bodies that go NaN"). A function or null. */
  get onBodyInvalid(): ((event: BodyInvalidEventOf<B>) => void) | null {
    return this.bodyInvalidHook;
  }
  set onBodyInvalid(value: ((event: BodyInvalidEventOf<B>) => void) | null) {
    this.bodyInvalidHook = readCallback('onBodyInvalid', 'onBodyInvalid', value);
  }
  private bodyInvalidHook: ((event: BodyInvalidEventOf<B>) => void) | null = null;

  protected readonly settings: SolverSettings = { ...DEFAULT_SOLVER_SETTINGS };
  private readonly sleepSettings: SleepSettings = { ...DEFAULT_SLEEP_SETTINGS };
  /** The sleeping islands (sleep.ts). */
  protected readonly islands = new Islands();
  /** @internal The bodies, joints, ids and arena (registry.ts). */
  readonly registry = new WorldRegistry<B, J>();
  /** The bodies and joints the step moves and solves: all of them while nothing sleeps (the same
   * arrays), else those of the awake islands (rebuilt when `awakeVersion` falls behind). */
  private awakeBodies: B[] = [];
  private awakeJoints: J[] = [];
  private awakeVersion = -1;
  private islandsVersion = 0;
  /** What the step's stages read and write (solver/step.ts). */
  /** @internal */
  protected readonly stepContext: StepContext<B>;
  /** The direct solver (used while `solver` is 'direct'). */
  private readonly tree: DirectSolver<B, J>;
  private solverKind: JointSolverKind;
  /** The joints whose settlePending is set (made since the last step, or all when the world turned
   * iterative): the next step clears it, and under the iterative solver settles them first
   * (solver/direct/settle.ts). */
  private settlePending: J[] = [];
  /** The step's SETTLE: the direct solver, empty under the iterative solver, settles the structures. */
  private readonly settling: JointSettling<B> = {
    settle: (integrator, gravity, h, c, maxLinearSpeed, maxAngularSpeed) => this.tree.settle(this.stepContext.bodies,
      this.awakeJoints, (bodies) => integrator.integrateVelocities(bodies, gravity, h), h, c, maxLinearSpeed * h, maxAngularSpeed * h),
  };
  private _time = 0;
  private _stepCount = 0;
  private stepping = false;
  /** True while the step's callbacks run (step and advance refuse to run from them). */
  private reporting = false;
  /** True while advance's beforeStep runs. */
  private beforeStepping = false;
  /** The step's callbacks, and the first error one threw: thrown after the last (events.ts). */
  private readonly callbacks = new StepCallbacks();
  /** The invalid bodies' events of the step not yet reported. */
  private readonly justInvalid: BodyInvalidEventOf<B>[] = [];
  /** The fixed-step clock (advance; clock.ts). */
  private readonly clock = new FixedStepClock();
  private advancing = false;
  /** @internal The stores the settings' accessors read and write (settings.ts). */
  readonly settingStores: SettingStores;

  /** Checks and applies the shared options; `gravity` is the subclass's default, already checked.
   * `integrator` and `treeModel` are where the dimensions differ: the step's and the direct solver's. */
  protected constructor(
    where: string, options: CoreWorldOptions<J, B>, gravity: Float64Array, integrator: BodyIntegrator<B>, treeModel: TreeBodyModel<B>,
  ) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    const settings: SolverSettings = { ...DEFAULT_SOLVER_SETTINGS };
    readSettingOptions(where, options, 'solver', settings);
    const sleep: SleepSettings = { ...DEFAULT_SLEEP_SETTINGS };
    readSettingOptions(where, options, 'sleep', sleep);
    const onJointBreak = readCallback(where, 'onJointBreak', options.onJointBreak);
    const onBodyInvalid = readCallback(where, 'onBodyInvalid', options.onBodyInvalid);
    const solver = options.solver === undefined ? DEFAULT_JOINT_SOLVER : readSolverKind(where, options.solver);
    const clock = { fixedTimeStep: this.clock.fixedTimeStep, maxStepsPerFrame: this.clock.maxStepsPerFrame };
    readSettingOptions(where, options, 'clock', clock);
    this.gravity = gravity;
    Object.assign(this.settings, settings);
    Object.assign(this.sleepSettings, sleep);
    this.jointBreakHook = onJointBreak;
    this.bodyInvalidHook = onBodyInvalid;
    this.stepContext = new StepContext(integrator, gravity, this.settings);
    this.tree = new DirectSolver<B, J>(treeModel);
    this.solverKind = solver;
    Object.assign(this.clock, clock);
    this.settingStores = { solver: this.settings, sleep: this.sleepSettings, clock: this.clock };
  }

  /** 'iterative' or 'direct' (see CoreWorldOptions.solver); can change between steps (the substeps
   * stay as they are). */
  get solver(): JointSolverKind {
    return this.solverKind;
  }
  set solver(value: JointSolverKind) {
    this.requireOutsideStep('solver');
    const kind = readSolverKind('solver', value);
    if (kind === 'iterative' && this.solverKind !== 'iterative') {
      this.tree.clear();
      // held exactly so far, the joints carry their loads unbent: the next step settles every one
      for (const joint of this.registry.activeJoints) this.markSettlePending(joint);
    }
    this.solverKind = kind;
  }
  private markSettlePending(joint: J): void {
    if (joint.settlePending) return;
    joint.settlePending = true;
    this.settlePending.push(joint);
  }
  /** The joints the direct solver holds exactly at the last step, in the world's order (empty with the
   * iterative solver). */
  get directJoints(): readonly J[] {
    return this.joints.filter((joint) => joint.direct);
  }

  /** The substeps the last step took: `substeps`, or `exactSubsteps` when the direct solver held every
   * row and nothing touched (0 before the first step, and in a world restored since). */
  get lastStepSubsteps(): number {
    return this._lastStepSubsteps;
  }
  private _lastStepSubsteps = 0;

  // ---- settings (each can change between steps): the accessors are made from settings.ts's table ----

  /** @internal After a setting's accessor set it: turning sleeping off wakes every body. */
  settingChanged(key: keyof WorldSettings): void {
    if (key === 'sleeping' && !this.sleepSettings.sleeping) this.islands.wakeAll();
  }
  /** How far between the last step's start and end poses bodies are drawn, in [0, 1]
   * (body.getInterpolatedPosition): the alpha of the last advance(), or 1 after a step() of your own
   * (the current poses). */
  get interpolationAlpha(): number {
    return this.clock.interpolationAlpha;
  }
  /** How many bodies sleep now. */
  get sleepingBodyCount(): number {
    return this.islands.sleepingBodyCount;
  }
  /** The rigid joints' stiffness in effect for a step of dt, Hz: jointHertz capped at a quarter of
   * the substep rate. */
  getEffectiveJointHertz(dt: number): number {
    return Math.min(this.settings.jointHertz, (MAX_HERTZ_PER_SUBSTEP_RATE * this.settings.substeps) / dt);
  }
  /** Sets gravity, m/s². */
  setGravity(gravity: ArrayLike<number>): void {
    this.requireOutsideStep('setGravity');
    readGravity('setGravity', 'gravity', gravity, this.gravity.length, this.gravity);
  }

  // ---- contents ----

  /** Bodies in creation order (the ground is not among them). */
  get bodies(): readonly B[] {
    return this.registry.bodies;
  }
  /** Joints in creation order, broken ones included until removed. */
  get joints(): readonly J[] {
    return this.registry.joints;
  }
  /** Bodies taken out of the simulation because their position, orientation or velocities stopped being
   * finite, in the order found (still in `bodies`; README, "Bodies that go NaN"). */
  get invalidBodies(): readonly B[] {
    return this.registry.invalidBodies;
  }
  /** Simulated time, s. */
  get time(): number {
    return this._time;
  }
  get stepCount(): number {
    return this._stepCount;
  }

  /** Removes a body and every joint attached to it. From then on the body's writes (setters, apply*,
   * wake, setMassProperties) and the joints' throw; reads still answer. */
  removeBody(body: B): void {
    this.requireNotStepping('removeBody');
    if (body === this.ground) throw new RangeError('removeBody: the world ground cannot be removed');
    this.requireOwnBody('removeBody', 'body', body);
    for (let i = this.registry.joints.length - 1; i >= 0; i--) {
      const joint = this.registry.joints[i];
      if (joint.bodyA === body || joint.bodyB === body) this.removeJoint(joint);
    }
    this.wakeTouching(body);
    this.forgetContacts(body);
    this.islands.forget(body.sleep);
    this.registry.bodies.splice(this.registry.bodies.indexOf(body), 1);
    const invalid = this.registry.invalidBodies.indexOf(body);
    if (invalid >= 0) this.registry.invalidBodies.splice(invalid, 1);
    body.owner = null;
    this.registry.releaseSlices(body);
    this.registry.changed();
  }

  /** Removes a joint. From then on its writes (setters, limits, motors, applyImpulse) throw. */
  removeJoint(joint: J): void {
    this.requireNotStepping('removeJoint');
    const index = this.registry.joints.indexOf(joint);
    if (index < 0) {
      throw new RangeError(`removeJoint: joint ${show(joint?.id)} is not in this world${joint?.removed === true ? ' (removed)' : ''}`);
    }
    this.registry.joints.splice(index, 1);
    const active = this.registry.activeJoints.indexOf(joint);
    if (active >= 0) this.registry.activeJoints.splice(active, 1);
    const broken = this.registry.brokenLastStep.indexOf(joint);
    if (broken >= 0) this.registry.brokenLastStep.splice(broken, 1);
    joint.direct = false;
    this.tree.jointRemoved(joint);
    joint.bodyA.sleep.wake(); joint.bodyB.sleep.wake();
    joint.markRemoved();
    this.registry.releaseSlices(joint);
    this.registry.changed();
  }

  /**
   * Advances the world by `elapsedSeconds` of real time (a frame's) in steps of fixedTimeStep: the
   * time is added to what earlier calls left over, and as many whole steps as that holds are taken,
   * at most maxStepsPerFrame; the rest waits for the next call (Glenn Fiedler, "Fix Your Timestep!",
   * 2004). The simulation then runs at one fixed step whatever the display's rate, so it behaves the
   * same at 30, 60 or 144 frames a second. When more steps are due than maxStepsPerFrame (a hitch, a
   * tab in the background), the time beyond the steps taken is dropped and reported: the world slows
   * for that frame instead of taking ever more steps to catch up, each frame slower than the last.
   * Bodies are then drawn at `alpha` between their last two poses (body.getInterpolatedPosition).
   *
   * `beforeStep`, if given, is called before each of those steps with the step's length: a game's fixed
   * update, where it reads input and gives kinematic bodies and characters their next pose
   * (Body.moveKinematic, CharacterController.move), which apply to one step each.
   *
   * Returns `{ steps, droppedSeconds, alpha }` in one object that the world reuses: the next call
   * overwrites it. `elapsedSeconds` must be a finite number ≥ 0; on bad input nothing changes.
   */
  advance(elapsedSeconds: number, beforeStep?: (dt: number) => void): AdvanceResult {
    requireNonNegative('advance', 'elapsedSeconds', elapsedSeconds);
    if (beforeStep !== undefined && typeof beforeStep !== 'function') {
      throw new TypeError(`advance: beforeStep must be a function, got ${show(beforeStep)}`);
    }
    if (this.stepping || this.advancing || this.reporting) throw new Error('advance: called from inside a step callback');
    this.requireOutsideQuery('advance');
    const dt = this.clock.fixedTimeStep;
    const steps = this.clock.take(elapsedSeconds);
    this.advancing = true;
    try {
      for (let i = 0; i < steps; i++) {
        if (beforeStep !== undefined) {
          this.beforeStepping = true;
          try {
            beforeStep(dt);
          } finally {
            this.beforeStepping = false;
          }
        }
        this.step(dt);
      }
    } finally {
      this.advancing = false;
    }
    return this.clock.finish();
  }

  /**
   * Advances the world by dt seconds, 1e-9 ≤ dt ≤ 1 (MIN_TIME_STEP, MAX_TIME_STEP; README, "Limits"),
   * in substeps × iterations as set. Bodies found with a pose or velocity
   * that is not finite (onBodyInvalid), joints that break (onJointBreak) and, in 3D, contacts and sensors
   * that begin or end are reported after the step, once each: every callback is called, and then the
   * first error one threw is thrown again. Callbacks may add and remove bodies and joints and take
   * snapshots, but not step or advance. Bodies are drawn at their new poses after it
   * (interpolationAlpha 1); advance() steps at a fixed rate and draws between steps.
   */
  step(dt: number): void {
    if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) {
      throw new RangeError(`step: dt must be a finite number > 0, got ${show(dt)}`);
    }
    if (this.stepping || this.reporting) throw new Error('step: called from inside a step callback');
    this.requireOutsideQuery('step');
    if (this.beforeStepping) throw new Error("step: called from inside advance's beforeStep (advance takes the steps)");
    // (advance's fixedTimeStep is held to the same range)
    requireWithin('step', 'dt', dt, MIN_TIME_STEP, MAX_TIME_STEP, ' s');
    this.stepping = true;
    try {
      for (let i = 0; i < this.registry.brokenLastStep.length; i++) this.registry.brokenLastStep[i].clearReadout();
      this.registry.brokenLastStep.length = 0;
      // bodies made NaN between steps (a state written in place) are out before the contact search
      if (this.registry.invalidBodies.length > 0) this.reviveBodies();
      this.checkFinite(this.listAwake());
      this.beginKinematicTargets(dt);
      const sleeping = this.islands.sleepingIslandCount > 0;
      if (sleeping) this.wakeJoined();
      const context = this.stepContext;
      context.contacts = this.findContacts(dt, this.registry.activeJoints, this.listAwake());
      const bodies = (context.bodies = this.listAwake());
      const joints = (context.joints = this.awakeJoints);
      context.exact = this.exactSolver(bodies, joints);
      context.settle = this.solverKind === 'iterative' && this.settlePending.length > 0 ? this.settling : null;
      context.dt = dt;
      // the poses to draw from between this step and the next (interpolation.ts): only the bodies
      // this step moves; the others are drawn where they are (their stamp falls behind stepCount)
      const stepNumber = this._stepCount + 1;
      for (let i = 0; i < bodies.length; i++) bodies[i].recordPreviousPose(stepNumber);
      step(context);
      this._lastStepSubsteps = context.substeps;
      for (let i = 0; i < this.settlePending.length; i++) this.settlePending[i].settlePending = false;
      this.settlePending.length = 0;
      this.finishKinematicTargets();
      this.finishMotion();
      // and those the step made NaN, before islands and sleep look at them
      this.checkFinite(bodies);
      this._time += dt;
      this._stepCount = stepNumber;
      this.clock.interpolationAlpha = 1;
      this.breakJoints();
      if (this.sleepSettings.sleeping && this.islands.begin(bodies, dt, this.sleepSettings)) {
        for (let i = 0; i < joints.length; i++) {
          const joint = joints[i];
          this.islands.link(joint.bodyA, joint.bodyB);
          if (joint.isDriving) this.islands.keepAwake(joint.bodyA, joint.bodyB);
        }
        this.linkContacts(this.islands);
        this.islands.finish(this.sleepSettings);
      }
      this.noteIslandChanges();
    } finally {
      this.stepping = false;
    }
    this.reporting = true;
    try {
      this.reportInvalid();
      this.reportBreaks();
      this.reportStepEvents();
    } finally {
      this.reporting = false;
    }
    this.callbacks.rethrow();
  }

  /** @internal Calls one of the step's callbacks: an error it throws is kept, and thrown by step once
   * every event of the step has been delivered (the first, if several throw). */
  protected deliver<E>(callback: (event: E) => void, event: E): void {
    this.callbacks.deliver(callback, event);
  }

  // ---- bodies that are not finite (invalid-bodies.ts) ----

  /** Takes out of the simulation each of `bodies` whose pose or velocities are not finite. One sum of
   * products per body (Body.nonFiniteQuantity): the list is walked, nothing allocated, unless one is. */
  private checkFinite(bodies: readonly B[]): void {
    for (let i = 0; i < bodies.length; i++) {
      const quantity = bodies[i].nonFiniteQuantity();
      if (quantity !== null) this.invalidate(bodies[i], quantity);
    }
  }

  /** @internal Takes out the awake bodies a contact hook left with a pose or velocity that is not finite
   * (a NaN written in place from onPreSolve), as checkFinite does between steps; true if it took any. */
  protected quarantineHookWrites(): boolean {
    const invalid = this.registry.invalidBodies.length;
    this.checkFinite(this.listAwake());
    return this.registry.invalidBodies.length !== invalid;
  }

  /** What removeBody does to the rest of the world, keeping the body: what it touches wakes, its contacts
   * go, its joints stop acting (their impulses cleared, so none brings a NaN back), and the lists the step
   * reads (awake bodies, the broadphase, the direct solver's forest) leave it out. */
  private invalidate(body: B, quantity: InvalidQuantity): void {
    this.registry.invalidBodies.push(body);
    this.justInvalid.push({ body, quantity });
    const joints = this.registry.activeJoints;
    let kept = 0;
    for (let i = 0; i < joints.length; i++) {
      const joint = joints[i];
      if (joint.bodyA !== body && joint.bodyB !== body) {
        joints[kept++] = joint;
        continue;
      }
      joint.direct = false;
      joint.bodyA.sleep.wake(); joint.bodyB.sleep.wake();
      joint.scaleImpulse(0);
      joint.clearReadout();
    }
    joints.length = kept;
    this.wakeTouching(body);
    this.forgetContacts(body);
    this.registry.changed();
  }

  /** Brings back the invalid bodies whose pose and velocities are all finite again (set since): they
   * collide again, and their joints that are not broken act again, from zero impulses. */
  private reviveBodies(): void {
    const invalid = this.registry.invalidBodies;
    let kept = 0;
    for (let i = 0; i < invalid.length; i++) {
      const body = invalid[i];
      if (body.nonFiniteQuantity() !== null) {
        invalid[kept++] = body;
        continue;
      }
      body.sleep.wake();
    }
    if (kept === invalid.length) return;
    invalid.length = kept;
    // the joints that act, in creation order: those not broken between two bodies in the simulation
    const joints = this.registry.activeJoints;
    joints.length = 0;
    for (const joint of this.registry.joints) {
      if (joint.broken || invalid.includes(joint.bodyA) || invalid.includes(joint.bodyB)) continue;
      joints.push(joint);
    }
    this.registry.changed();
  }

  /** Reports the bodies found invalid in the step, once each. */
  private reportInvalid(): void {
    if (this.justInvalid.length === 0) return;
    const events = this.justInvalid.splice(0);
    const callback = this.onBodyInvalid;
    if (callback === null) return;
    for (const event of events) this.deliver(callback, event);
  }

  // ---- determinism and snapshots ----

  /**
   * A 64-bit FNV-1a hash (16 hex digits) of everything that decides what the world does next: every
   * number the step reads (settings, time, bodies, joints with their impulses, limits and broken flags,
   * contacts) and the structure a snapshot lists beside them (each body's type, each shape's kind,
   * geometry, pose, density, material, filter and sensor flag, each joint's type and bodies): what a
   * snapshot keeps. Two worlds hash alike exactly when their states are bitwise identical; the step is
   * deterministic (lib/util/state.ts, README "Determinism"). Not hashed, as not snapshotted: callbacks,
   * userData and advance()'s clock (fixedTimeStep, maxStepsPerFrame, the time it holds over). Cheap
   * enough to call every frame: a shape's geometry is digested once.
   */
  hash(): string {
    const writer = new StateWriter();
    this.saveWorldState(writer, true);
    return hashNumbers(writer.result());
  }

  /** The world's complete state as plain data; `restore` continues from it bit for bit. */
  snapshot(): WorldSnapshot {
    if (this.stepping) throw new Error('snapshot: called from inside a step callback');
    // an invalid body made finite again is saved as it is: it comes back at the step after restore, as
    // it would have here
    const invalid = this.registry.invalidBodies.filter((body) => body.nonFiniteQuantity() !== null);
    if (invalid.length > 0) {
      const one = invalid.length === 1;
      throw new RangeError(
        `snapshot: body ${invalid.map((body) => body.id).join(', ')} ${one ? 'has a pose or velocity that is' : 'have poses or velocities that are'} not finite (world.invalidBodies); remove ${one ? 'it' : 'them'}, or set ${one ? 'its' : 'their'} position, orientation and velocities, first`,
      );
    }
    const writer = new StateWriter();
    this.saveWorldState(writer, false);
    const index = new Map<B, number>();
    this.registry.bodies.forEach((body, i) => index.set(body, i));
    const at = (body: B) => (body === this.ground ? -1 : (index.get(body) as number));
    return {
      format: this.snapshotFormat,
      version: SNAPSHOT_VERSION,
      bodies: this.registry.bodies.map((body) => this.describeBody(body)),
      joints: this.registry.joints.map((joint) => ({
        id: joint.id, type: joint.type, bodyA: at(joint.bodyA), bodyB: at(joint.bodyB), brokenLastStep: this.registry.brokenLastStep.includes(joint),
      })),
      numbers: encodeNumbers(writer.result()),
    };
  }

  /** This step's contacts (3D: collision/contact-set.ts); none in 2D. A contact that touches a sleeping
   * body and an awake (or moving kinematic) one wakes the sleeping body's island. */
  protected findContacts(_dt: number, _joints: readonly J[], _awake: readonly B[]): SolverContacts {
    return NO_CONTACTS;
  }
  /** After the step moved the bodies, before islands and sleep look at them (3D: continuous collision). */
  protected finishMotion(): void {}
  /** Calls the contact and sensor callbacks after the step (3D). */
  protected reportStepEvents(): void {}
  /** Links the bodies of this step's touching contacts into islands (3D). */
  protected linkContacts(_islands: Islands): void {}
  /** Wakes the bodies a removed body touches (3D: its contacts). */
  protected wakeTouching(_body: B): void {}
  /** Drops a removed (or invalid) body's contacts at once: world.contacts and snapshots no longer hold
   * them; those that touched report their end after the next step (3D). */
  protected forgetContacts(_body: B): void {}

  /** @internal Body.setType asks first: a joint must keep a dynamic body. */
  checkBodyType(body: B, type: BodyType): void {
    this.requireNotStepping('setType');
    if (type === 'dynamic') return;
    for (const joint of this.registry.joints) {
      const other = joint.bodyA === body ? joint.bodyB : joint.bodyB === body ? joint.bodyA : null;
      if (other === null || other.isDynamic) continue;
      throw new RangeError(
        `setType: body ${body.id} is joined to ${other.type} body ${other.id} by joint ${joint.id}; a joint needs a dynamic body, so body ${body.id} cannot be made ${type}`,
      );
    }
  }
  /** @internal Before a body's type changes: what it touches wakes (its contacts go). */
  bodyTypeChanging(body: B): void {
    this.wakeTouching(body);
  }
  /** @internal After: its contacts go; the awake lists, the broadphase (a body's tree is its type's) and
   * the direct solver's forest follow. */
  bodyTypeChanged(body: B): void {
    // its contacts start afresh: one between two bodies that no longer move would otherwise stay, and be
    // saved by a snapshot, until the next step's contact search dropped it
    this.forgetContacts(body);
    // the direct solver's nodes are its dynamic bodies: a body made kinematic (the awake list the same)
    // would stay one
    this.tree.invalidate();
    this.registry.changed();
  }

  /** @internal A joint's collideConnected changed (JointCore): the contact search takes its jointed pairs
   * again at the next step. */
  jointFilterChanged(): void {
    this.registry.structureVersion++;
  }
  /** @internal A body of this world was given a pose target (Body.moveKinematic): the next step sets
   * its velocities. */
  kinematicTargetSet(body: B): void {
    if (!this.kinematicMovers.includes(body)) this.kinematicMovers.push(body);
  }
  /** Kinematic bodies with a pose target, or that moved to one in the last step. */
  private readonly kinematicMovers: B[] = [];

  /** Before the contacts are found (their margins follow the bodies' speeds): the kinematic bodies'
   * velocities toward their targets; those with none left drop off the list. */
  private beginKinematicTargets(dt: number): void {
    const movers = this.kinematicMovers;
    let kept = 0;
    for (let i = 0; i < movers.length; i++) {
      const body = movers[i];
      if (body.owner === this && body.beginKinematicStep(dt)) movers[kept++] = body;
    }
    movers.length = kept;
  }
  private finishKinematicTargets(): void {
    const movers = this.kinematicMovers;
    for (let i = 0; i < movers.length; i++) movers[i].finishKinematicStep();
  }

  /** The exact solver for this step's (awake) joints, or null (the iterative solver alone). */
  private exactSolver(bodies: readonly B[], joints: readonly J[]): ExactJointSolver | null {
    if (this.solverKind !== 'direct') return null;
    this.tree.ensure(bodies, joints, this.registry.topologyVersion);
    return this.tree.active ? this.tree : null;
  }

  /** Wakes a sleeping body joined to an awake or moving one (a joint made while it slept, a kinematic
   * body that started to move). */
  private wakeJoined(): void {
    const joints = this.registry.activeJoints;
    for (let i = 0; i < joints.length; i++) {
      const a = joints[i].bodyA, b = joints[i].bodyB;
      if (a.sleep.island !== 0 && isAwakeMover(b)) a.sleep.wake();
      else if (b.sleep.island !== 0 && isAwakeMover(a)) b.sleep.wake();
    }
  }

  /** An island fell asleep or woke: the awake lists and the direct solver's forest follow (a new order,
   * even when the awake bodies are the same again: a restored world could not tell). */
  private noteIslandChanges(): void {
    if (this.islands.version !== this.islandsVersion) {
      this.islandsVersion = this.islands.version;
      this.registry.topologyVersion++;
      this.tree.invalidate();
    }
  }

  /** The awake bodies, with awakeJoints (see their declaration). */
  private listAwake(): B[] {
    this.noteIslandChanges();
    if (this.awakeVersion === this.registry.topologyVersion) return this.awakeBodies;
    this.awakeVersion = this.registry.topologyVersion;
    const bodies = this.awakeNow();
    if (this.islands.sleepingIslandCount === 0) {
      this.awakeBodies = bodies;
      this.awakeJoints = this.registry.activeJoints;
      return bodies;
    }
    const joints: J[] = [];
    for (const joint of this.registry.activeJoints) {
      const a = joint.bodyA, b = joint.bodyB;
      if ((a.isDynamic && a.sleep.island === 0) || (b.isDynamic && b.sleep.island === 0)) joints.push(joint);
    }
    this.awakeBodies = bodies;
    this.awakeJoints = joints;
    return bodies;
  }

  /** 'sinew-world' (3D) or 'sinew-world-2d'. */
  protected abstract readonly snapshotFormat: WorldSnapshot['format'];
  /** Settings only the subclass has (3D: gyroscopic). */
  protected abstract saveWorldExtras(writer: StateWriter): void;
  /** `version`: the snapshot's (the hash's own streams are always the current version's); `where`:
   * the restore call, for messages (every number is checked). */
  protected abstract loadWorldExtras(reader: StateReader, version: number, where: string): void;
  /** After restoreFrom made the bodies and joints (3D: the contacts read by loadWorldExtras). */
  protected afterRestore(_where: string): void {}
  /** The fields a snapshot's body entry may have. */
  protected readonly snapshotBodyKeys: readonly string[] = ['id', 'type', 'shapes'];
  /** What the hash reads of a body beside its state, as the snapshot's `bodies` entry lists it: its type
   * (3D: and its shapes, structure-hash.ts). */
  protected writeBodyStructure(writer: StateWriter, body: B): void {
    writeBodyType(writer, body.type);
  }
  /** A body as a snapshot lists it. */
  protected describeBody(body: B): SnapshotBody {
    return { id: body.id, type: body.type };
  }
  /** A body of the given type and shapes (restore overwrites its state). */
  protected abstract createPlaceholderBody(entry: SnapshotBody): B;
  /** A joint of the given type between two bodies, with any valid options (restore overwrites them). */
  protected abstract createPlaceholderJoint(type: string, bodyA: B, bodyB: B): J;

  private saveWorldState(writer: StateWriter, withStructure: boolean): void {
    const s = this.settings;
    writer.writeArray(this.gravity);
    writer.write(s.substeps);
    writer.write(s.exactSubsteps);
    writer.write(s.iterations);
    writer.write(s.contactIterations);
    writer.write(s.relaxIterations);
    writer.write(s.jointHertz);
    writer.write(s.jointDampingRatio);
    writer.writeBoolean(s.warmStarting);
    writer.write(s.maxLinearSpeed);
    writer.write(s.maxAngularSpeed);
    const sleep = this.sleepSettings;
    writer.writeBoolean(sleep.sleeping);
    writer.write(sleep.sleepLinearSpeed);
    writer.write(sleep.sleepAngularSpeed);
    writer.write(sleep.timeToSleep);
    writer.write(this._time);
    writer.write(this._stepCount);
    writer.write(this.registry.nextBodyId);
    writer.write(this.registry.nextJointId);
    writer.write(this.stepContext.previousH);
    this.saveWorldExtras(writer);
    const order = this.savedOrder();
    for (const body of this.registry.bodies) {
      if (withStructure) {
        writer.write(body.id);
        this.writeBodyStructure(writer, body);
      }
      body.saveState(writer);
    }
    for (const joint of this.registry.joints) {
      if (withStructure) {
        writer.write(joint.id);
        writeName(writer, joint.type);
        writer.write(joint.bodyA.id);
        writer.write(joint.bodyB.id);
        writer.writeBoolean(this.registry.brokenLastStep.includes(joint));
      }
      joint.saveState(writer, order !== null && order.has(joint));
    }
  }

  /** The joints of the direct solver's order when a restored world must build with them to step on bit
   * for bit (DirectSolver.savedOrder), or null. */
  private savedOrder(): Set<J> | null {
    if (this.solverKind !== 'direct' || this.islands.version !== this.islandsVersion) return null;
    const order = this.tree.savedOrder(() => this.awakeNow());
    return order === null ? null : new Set(order);
  }

  /** The bodies listAwake lists, made now without updating its lists (snapshots and hashes change
   * nothing). Static bodies never move: the stages skip them, so they are left out (a level of thousands
   * of static bodies costs nothing per step). */
  private awakeNow(): B[] {
    const invalid = this.registry.invalidBodies;
    return this.registry.bodies.filter((body) => body.sleep.island === 0 && body.type !== 'static' && (invalid.length === 0 || !invalid.includes(body)));
  }

  /**
   * Fills this (new, empty) world from a snapshot, checking everything it reads as createBody, the
   * create*Joint calls and the constructor check their options (README, "Snapshots"): the first bad field
   * throws, naming its path in the snapshot. The world is a temporary one that World.restore hands out
   * only when all of it was read, so a refused snapshot changes nothing.
   */
  protected restoreFrom(where: string, snapshot: WorldSnapshot): void {
    if (snapshot === null || typeof snapshot !== 'object' || snapshot.format !== this.snapshotFormat) {
      throw new TypeError(`${where}: not a ${this.snapshotFormat} snapshot, got format ${show(snapshot?.format)}`);
    }
    requireKnownKeys(where, 'snapshot', snapshot, ['format', 'version', 'bodies', 'joints', 'numbers']);
    if (![1, 2, 3, 4, 5, 6, 7, 8].includes(snapshot.version)) {
      throw new RangeError(`${where}: snapshot version ${show(snapshot.version)} is not supported (1 to 8 are)`);
    }
    const version = snapshot.version;
    let numbers: Float64Array;
    try {
      numbers = decodeNumbers(snapshot.numbers);
    } catch (error) {
      throw atPath(where, 'numbers', error);
    }
    const [bodyEntries, jointEntries] = this.readSnapshotEntries(where, snapshot, numbers.length);
    const reader = new StateReader(numbers, version);
    reader.context = `${where}: settings`;
    const gravity = new Float64Array(this.gravity.length);
    reader.readInto(gravity);
    readGravity(where, 'settings.gravity', gravity, gravity.length, this.gravity);
    const s = this.settings;
    s.substeps = requireInteger(where, 'settings.substeps', reader.read(), 1, MAX_SUBSTEPS);
    // (before version 8 a step the direct solver held alone took `substeps` too)
    s.exactSubsteps = version >= 8 ? requireInteger(where, 'settings.exactSubsteps', reader.read(), 1, MAX_SUBSTEPS) : s.substeps;
    s.iterations = requireInteger(where, 'settings.iterations', reader.read(), 1, MAX_ITERATIONS);
    // (before version 4 the contacts were solved in every biased sweep)
    s.contactIterations = version >= 4 ? requireInteger(where, 'settings.contactIterations', reader.read(), 1, MAX_ITERATIONS) : s.iterations;
    s.relaxIterations = requireInteger(where, 'settings.relaxIterations', reader.read(), 0, MAX_ITERATIONS);
    s.jointHertz = requirePositiveOrInfinity(where, 'settings.jointHertz', reader.read(), 'the stiffest stable');
    s.jointDampingRatio = requireDampingRatio(where, 'settings.jointDampingRatio', reader.read());
    s.warmStarting = reader.readBoolean();
    s.maxLinearSpeed = requirePositiveWithin(where, 'settings.maxLinearSpeed', reader.read(), 0, MAX_LINEAR_SPEED, ' m/s');
    s.maxAngularSpeed = requirePositiveWithin(where, 'settings.maxAngularSpeed', reader.read(), 0, MAX_ANGULAR_SPEED, ' rad/s');
    const sleep = this.sleepSettings;
    sleep.sleeping = reader.readBoolean();
    sleep.sleepLinearSpeed = requireNonNegative(where, 'settings.sleepLinearSpeed', reader.read());
    sleep.sleepAngularSpeed = requireNonNegative(where, 'settings.sleepAngularSpeed', reader.read());
    sleep.timeToSleep = requireNonNegative(where, 'settings.timeToSleep', reader.read());
    this._time = requireNonNegative(where, 'settings.time', reader.read());
    this._stepCount = requireInteger(where, 'settings.stepCount', reader.read(), 0, Number.MAX_SAFE_INTEGER);
    // (ids are below 2^26, contact-set.ts pairKey)
    const nextBodyId = requireInteger(where, 'settings.nextBodyId', reader.read(), 1, 2 ** 26);
    const nextJointId = requireInteger(where, 'settings.nextJointId', reader.read(), 1, Number.MAX_SAFE_INTEGER);
    // the last substep: 0 before the first step, else one the step could have taken
    const previousH = requireNonNegative(where, 'settings.previousH', reader.read());
    if (previousH !== 0) requireWithin(where, 'settings.previousH', previousH, MIN_TIME_STEP / MAX_SUBSTEPS, MAX_TIME_STEP, ' s');
    this.stepContext.previousH = previousH;
    this.loadWorldExtras(reader, version, where);
    bodyEntries.forEach((entry, i) => {
      const path = `bodies[${i}]`;
      if (entry.id >= nextBodyId) throw new RangeError(`${where}: ${path}.id ${entry.id} must be below settings.nextBodyId (${nextBodyId})`);
      reader.context = `${where}: ${path}`;
      this.registry.nextBodyId = entry.id;
      let body: B;
      try {
        body = this.createPlaceholderBody(entry);
      } catch (error) {
        throw atPath(where, path, error);
      }
      const start = reader.position;
      body.loadState(reader);
      // (older layouts read differently from how the current one writes)
      if (version === SNAPSHOT_VERSION) requireRoundTrip(where, path, reader.numbersSince(start), (writer) => body.saveState(writer));
      body.checkState(where, path);
    });
    const body = (i: number): B => (i === -1 ? this.ground : this.registry.bodies[i]);
    // making and loading the joints wakes their bodies (resetting the rest timers just read): kept aside
    const restTimes = this.registry.bodies.map((b) => b.sleep.time);
    jointEntries.forEach((entry, i) => {
      const path = `joints[${i}]`;
      if (entry.id >= nextJointId) throw new RangeError(`${where}: ${path}.id ${entry.id} must be below settings.nextJointId (${nextJointId})`);
      reader.context = `${where}: ${path}`;
      this.registry.nextJointId = entry.id;
      let joint: J;
      try {
        joint = this.createPlaceholderJoint(entry.type, body(entry.bodyA), body(entry.bodyB));
      } catch (error) {
        throw atPath(where, path, error);
      }
      const start = reader.position;
      joint.loadState(reader);
      if (version === SNAPSHOT_VERSION) requireRoundTrip(where, path, reader.numbersSince(start), (writer) => joint.saveState(writer, joint.inSavedOrder));
      joint.checkState(where, path);
      if (joint.broken) this.registry.activeJoints.splice(this.registry.activeJoints.indexOf(joint), 1);
      if (entry.brokenLastStep) this.registry.brokenLastStep.push(joint);
    });
    this.registry.bodies.forEach((b, i) => (b.sleep.time = restTimes[i]));
    // (the joints made by the restore were marked: those the snapshot marks stay)
    this.settlePending = this.registry.joints.filter((joint) => joint.settlePending);
    if (!reader.done) {
      throw new RangeError(`${where}: numbers: ${reader.remaining} numbers are left over after the last joint (is the snapshot from another version?)`);
    }
    this.registry.nextBodyId = nextBodyId;
    this.registry.nextJointId = nextJointId;
    this.islands.rebuild(this.registry.bodies);
    // (the islands as read: the awake lists follow from the topologyVersion below, and the order kept)
    this.islandsVersion = this.islands.version;
    // the direct solver's order as the original world kept it (version 7 on)
    const order = version >= 7 && this.solverKind === 'direct' ? this.registry.joints.filter((joint) => joint.inSavedOrder) : [];
    if (order.length > 0) this.tree.restoreOrder(this.awakeNow(), order);
    this.registry.changed();
    this.afterRestore(where);
  }

  /** A snapshot's `bodies` and `joints` lists, every entry checked: ids whole, in range and unique, body
   * types known, joints' bodies indices of `bodies` (−1 the ground). No list is longer than `count`
   * numbers could describe. (A body's shapes are checked by createBody as it is made.) */
  private readSnapshotEntries(where: string, snapshot: WorldSnapshot, count: number): [SnapshotBody[], SnapshotJoint[]] {
    // a body's state is at least MIN_BODY_NUMBERS numbers, a joint's MIN_JOINT_NUMBERS
    const bodies = requireSnapshotArray(where, 'bodies', snapshot.bodies, Math.floor(count / MIN_BODY_NUMBERS));
    const joints = requireSnapshotArray(where, 'joints', snapshot.joints, Math.floor(count / MIN_JOINT_NUMBERS));
    const bodyIds = new Set<number>(), jointIds = new Set<number>();
    const bodyEntries = bodies.map((value, i): SnapshotBody => {
      const path = `bodies[${i}]`;
      const entry = requireEntry(where, path, value);
      requireKnownKeys(where, path, entry, this.snapshotBodyKeys);
      const id = requireInteger(where, `${path}.id`, entry.id, 1, 2 ** 26 - 1);
      if (bodyIds.has(id)) throw new RangeError(`${where}: ${path}.id ${id} is the id of an earlier body too; ids must be unique`);
      bodyIds.add(id);
      const type = readBodyType(`${where}: ${path}`, entry.type);
      // (a shape's state is its friction and restitution: 2 numbers)
      if (entry.shapes !== undefined) requireSnapshotArray(where, `${path}.shapes`, entry.shapes, Math.floor(count / 2));
      return entry.shapes === undefined ? { id, type } : { id, type, shapes: entry.shapes as ShapeOptions[] };
    });
    const bodyIndex = (path: string, value: unknown): number => requireInteger(where, path, value, -1, bodies.length - 1);
    const jointEntries = joints.map((value, i): SnapshotJoint => {
      const path = `joints[${i}]`;
      const entry = requireEntry(where, path, value);
      requireKnownKeys(where, path, entry, ['id', 'type', 'bodyA', 'bodyB', 'brokenLastStep']);
      const id = requireInteger(where, `${path}.id`, entry.id, 1, Number.MAX_SAFE_INTEGER);
      if (jointIds.has(id)) throw new RangeError(`${where}: ${path}.id ${id} is the id of an earlier joint too; ids must be unique`);
      jointIds.add(id);
      if (typeof entry.type !== 'string') throw new TypeError(`${where}: ${path}.type must be a string, got ${show(entry.type)}`);
      const bodyA = bodyIndex(`${path}.bodyA`, entry.bodyA), bodyB = bodyIndex(`${path}.bodyB`, entry.bodyB);
      const brokenLastStep = requireBoolean(where, `${path}.brokenLastStep`, entry.brokenLastStep);
      return { id, type: entry.type, bodyA, bodyB, brokenLastStep };
    });
    return [bodyEntries, jointEntries];
  }

  /** Largest anchor gap (m) among the joints that still act (mouse joints are springs: not counted). */
  getMaxLinearError(): number {
    let largest = 0;
    for (const joint of this.registry.activeJoints) if (joint.type !== 'mouse') largest = Math.max(largest, joint.getLinearError());
    return largest;
  }

  /** Largest angular error (rad) among the joints that still act (mouse joints not counted). */
  getMaxAngularError(): number {
    let largest = 0;
    for (const joint of this.registry.activeJoints) if (joint.type !== 'mouse') largest = Math.max(largest, joint.getAngularError());
    return largest;
  }

  /** True if `value` is a body of this world's kind (Body or Body2D). */
  protected abstract isBody(value: unknown): value is B;

  /**
   * @internal Refuses a change to the world, a body or a joint while a step runs: from a contact hook
   * (World.onPreSolve) or a query's predicate inside one. A hook may read anything and change its pair
   * (friction, restitution, tangentVelocity) or drop it; the step's lists, factorizations and contact
   * rows are built from what was there when it began, and a pose set halfway would be solved against
   * rows made for the old one (Jolt's ContactListener and Rapier's PhysicsHooks ask the same of theirs).
   * The callbacks after the step (onContactBegin, onJointBreak, …) may change anything.
   */
  requireOutsideStep(where: string): void {
    if (this.stepping) {
      throw new Error(`${where}: called from inside a step (a contact hook such as onPreSolve); a hook may read the world and change or drop its pair (friction, restitution, tangentVelocity), other changes wait until the step returns`);
    }
    this.requireOutsideQuery(where);
  }

  /** How many scene queries (castRay, overlapShape, …) are running: their predicates are called with the
   * broadphase's trees in the middle of a walk. */
  protected queryDepth = 0;
  /** Refuses a change to the world from inside a query's predicate: a step or a body moved, made or
   * removed would change the trees the query is walking, and its hits could name removed bodies. A
   * predicate may read the world and run other queries. */
  protected requireOutsideQuery(where: string): void {
    if (this.queryDepth > 0) {
      throw new Error(`${where}: called from inside a query's predicate (castRay, castRayAll, overlapShape, castShape, queryAABB); a predicate may read the world and run queries, changes wait until the query returns`);
    }
  }

  /** Bodies and joints are not added or removed while a step runs (from World.onPreSolve): the step's
   * lists hold them. The callbacks after the step may. */
  protected requireNotStepping(where: string): void {
    if (this.stepping) throw new Error(`${where}: called from inside a step (a contact hook); add and remove bodies and joints between steps`);
    this.requireOutsideQuery(where);
  }

  protected addBody(body: B): B {
    this.requireNotStepping('createBody');
    // the jointed-pair filter packs two body ids in one number (contact-set.ts pairKey)
    if (body.id >= 2 ** 26) throw new RangeError(`createBody: a world makes at most 2^26 bodies over its life, this is body ${body.id}`);
    this.registry.nextBodyId++;
    this.registry.changed();
    this.registry.keepSlices(body);
    body.sleep.islands = this.islands;
    this.registry.bodies.push(body);
    return body;
  }

  protected addJoint<T extends J>(joint: T): T {
    this.requireNotStepping('createJoint');
    this.registry.nextJointId++;
    this.registry.changed();
    this.registry.keepSlices(joint);
    this.registry.joints.push(joint);
    this.registry.activeJoints.push(joint);
    this.markSettlePending(joint);
    joint.bodyA.sleep.wake(); joint.bodyB.sleep.wake();
    return joint;
  }

  /** Checks a joint's bodies: bodyA of this world, bodyB of this world or the ground, two different
   * bodies, at least one dynamic. */
  protected readJointBodies(where: string, options: { bodyA: B; bodyB?: B }): [B, B] {
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    const bodyA = options.bodyA;
    this.requireOwnBody(where, 'bodyA', bodyA);
    const bodyB = options.bodyB ?? this.ground;
    if (bodyB !== this.ground) this.requireOwnBody(where, 'bodyB', bodyB);
    if (bodyA === bodyB) throw new RangeError(`${where}: bodyA and bodyB are the same body (${bodyA.id}); a joint needs two bodies`);
    if (!bodyA.isDynamic && !bodyB.isDynamic) {
      throw new RangeError(
        `${where}: a joint needs at least one dynamic body, got ${bodyA.type} body ${bodyA.id} and ${bodyB.type} body ${bodyB.id}`,
      );
    }
    return [bodyA, bodyB];
  }

  protected requireOwnBody(where: string, name: string, body: unknown): asserts body is B {
    if (!this.isBody(body)) throw new TypeError(`${where}: ${name} must be a ${this.bodyClassName}, got ${show(body)}`);
    if (body.owner !== this) {
      throw new RangeError(`${where}: ${name} (body ${body.id}) is not in this world${body.owner === null ? ' (removed)' : ''}`);
    }
  }

  /** 'Body' or 'Body2D', for messages. */
  protected abstract readonly bodyClassName: string;

  private breakJoints(): void {
    const joints = this.registry.activeJoints;
    let kept = 0;
    for (let i = 0; i < joints.length; i++) {
      const joint = joints[i];
      const breakable = joint.breakForce !== Infinity || joint.breakTorque !== Infinity;
      if (breakable && (joint.getForceMagnitude() > joint.breakForce || joint.getTorqueMagnitude() > joint.breakTorque)) {
        joint.markBroken();
        joint.direct = false;
        joint.bodyA.sleep.wake(); joint.bodyB.sleep.wake();
        this.registry.changed();
        this.registry.justBroken.push(joint);
        this.registry.brokenLastStep.push(joint);
      } else {
        joints[kept++] = joint;
      }
    }
    joints.length = kept;
  }

  /** Reports breaks after the step, so a callback may remove bodies and joints safely. */
  private reportBreaks(): void {
    if (this.registry.justBroken.length === 0) return;
    const broken = this.registry.justBroken.splice(0);
    const callback = this.jointBreakHook;
    if (callback === null) return;
    for (const joint of broken) {
      const force = joint.getForceMagnitude();
      const torque = joint.getTorqueMagnitude();
      this.deliver(callback, { joint, reason: force > joint.breakForce ? 'force' : 'torque', force, torque });
    }
  }
}

// The settings' accessors (world.substeps, world.sleeping, …), made from settings.ts's table.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface WorldCore<B extends CoreBody, J extends JointCore<B> & TreeJoint<B>> extends WorldSettings {}
defineSettings(WorldCore.prototype);
