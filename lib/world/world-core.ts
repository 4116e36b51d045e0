// What the 3D worlds (BasicWorld, and World over it) and World2D share, as a facade over the parts in
// this folder: the settings (settings.ts), the bodies and joints (registry.ts), the step's stages
// (pipeline.ts), the fixed-step clock (clock.ts) and the step's events (events.ts). This class keeps the
// rules of the public calls: what may be called when (no change during a step or inside a query's
// predicate, no step from a step's callback), and what adding and removing a body or joint does to the
// rest. Each world adds its own bodies, joints and (3D) contacts; World and World2D add snapshots and the
// hash (snapshot.ts), which BasicWorld leaves out (docs/bundle-size.md).

import type { BodyType } from '../body/body.js';
import type { CoreBody } from '../body/core-body.js';
import type { BodyInvalidEventOf } from '../body/invalid-bodies.js';
import { DEFAULT_SLEEP_SETTINGS, type SleepSettings } from '../body/sleep.js';
import type { JointCore } from '../joints/joint-core.js';
import type { JointContext, JointDefinition } from '../joints/joint-definition.js';
import { MAX_HERTZ_PER_SUBSTEP_RATE, type BodyIntegrator, type SolverSettings } from '../solver/step-parts.js';
import type { TreeJoint } from '../solver/direct/tree-joint.js';
import type { TreeBodyModel } from '../solver/direct/tree-body-model.js';
import { readCallback, readGravity, requireNonNegative, requireWithin, show } from '../util/validate.js';
import { MAX_TIME_STEP, MIN_TIME_STEP } from '../limits.js';
import type { Vector3Input } from '../util/vector-input.js';
import { FixedStepClock, type AdvanceResult } from './clock.js';
import type { JointBreakEventOf } from './events.js';
import { StepPipeline } from './pipeline.js';
import { WorldRegistry } from './registry.js';
import {
  DEFAULT_JOINT_SOLVER, DEFAULT_SOLVER_SETTINGS, defineSettings, readSettingOptions, readSolverKind, type CoreWorldOptions,
  type JointSolverKind, type SettingStores, type WorldSettings,
} from './settings.js';

export type { CoreBody } from '../body/core-body.js';
export type { SnapshotBody, SnapshotJoint, WorldSnapshot } from './snapshot.js';
export { SNAPSHOT_VERSION } from './snapshot.js';

export abstract class WorldCore<B extends CoreBody, J extends JointCore<B> & TreeJoint<B>> {
  /** m/s² (3 numbers in 3D, 2 in 2D). */
  readonly gravity: Float64Array;
  /** A static body at the origin: what a joint without bodyB is attached to. Not in `bodies`. */
  abstract readonly ground: B;
  /** Called once for each joint that breaks; see JointBreakEventOf. A function or null. */
  get onJointBreak(): ((event: JointBreakEventOf<J>) => void) | null {
    return this.pipeline.onJointBreak;
  }
  set onJointBreak(value: ((event: JointBreakEventOf<J>) => void) | null) {
    this.pipeline.onJointBreak = readCallback('onJointBreak', 'onJointBreak', value);
  }
  /** Called once for each body found with a pose or velocity that is not finite, which is taken out of
   * the simulation (invalidBodies; docs/bodies.md, "Bodies that go NaN"). A function or null. */
  get onBodyInvalid(): ((event: BodyInvalidEventOf<B>) => void) | null {
    return this.pipeline.onBodyInvalid;
  }
  set onBodyInvalid(value: ((event: BodyInvalidEventOf<B>) => void) | null) {
    this.pipeline.onBodyInvalid = readCallback('onBodyInvalid', 'onBodyInvalid', value);
  }

  protected readonly settings: SolverSettings = { ...DEFAULT_SOLVER_SETTINGS };
  private readonly sleepSettings: SleepSettings = { ...DEFAULT_SLEEP_SETTINGS };
  /** @internal The bodies, joints, ids and arena (registry.ts). */
  readonly registry = new WorldRegistry<B, J>();
  /** @internal The step's state and stages (pipeline.ts). */
  readonly pipeline: StepPipeline<B, J>;
  /** The fixed-step clock (advance; clock.ts). */
  private readonly clock = new FixedStepClock();
  private advancing = false;
  /** True while the step's callbacks run (step and advance refuse to run from them). */
  private reporting = false;
  /** True while advance's beforeStep runs. */
  private beforeStepping = false;
  /** @internal The stores the settings' accessors read and write (settings.ts). */
  readonly settingStores: SettingStores;
  /** @internal What the joint definitions' make and placeholder use of this world (joints/joint-definition.ts). */
  protected readonly jointContext: JointContext<B>;

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
    this.pipeline = new StepPipeline<B, J>(this, this.registry, this.settings, this.sleepSettings, gravity, integrator, treeModel, solver);
    this.pipeline.onJointBreak = onJointBreak;
    this.pipeline.onBodyInvalid = onBodyInvalid;
    Object.assign(this.clock, clock);
    this.settingStores = { solver: this.settings, sleep: this.sleepSettings, clock: this.clock };
    const registry = this.registry, world = this;
    this.jointContext = {
      get nextId() {
        return registry.nextJointId;
      },
      arena: registry.arena,
      get ground() {
        return world.ground;
      },
      readJointBodies: (where, options) => this.readJointBodies(where, options),
      requireOwnBody: (where, name, body) => this.requireOwnBody(where, name, body),
      jointById: (id) => registry.joints.find((joint) => joint.id === id),
    };
  }

  /** 'iterative' or 'direct' (see CoreWorldOptions.solver); can change between steps (the substeps
   * stay as they are). */
  get solver(): JointSolverKind {
    return this.pipeline.solverKind;
  }
  set solver(value: JointSolverKind) {
    this.requireOutsideStep('solver');
    this.pipeline.setSolver(readSolverKind('solver', value));
  }
  /** The joints the direct solver holds exactly at the last step, in the world's order (empty with the
   * iterative solver). */
  get directJoints(): readonly J[] {
    return this.joints.filter((joint) => joint.direct);
  }

  /** The substeps the last step took: `substeps`, or `exactSubsteps` when the direct solver held every
   * row and nothing touched (0 before the first step, and in a world restored since). */
  get lastStepSubsteps(): number {
    return this.pipeline.lastStepSubsteps;
  }

  // ---- settings (each can change between steps): the accessors are made from settings.ts's table ----

  /** @internal After a setting's accessor set it: turning sleeping off wakes every body. */
  settingChanged(key: keyof WorldSettings): void {
    if (key === 'sleeping' && !this.sleepSettings.sleeping) this.pipeline.islands.wakeAll();
  }
  /** How far between the last step's start and end poses bodies are drawn, in [0, 1]
   * (body.getInterpolatedPosition): the alpha of the last advance(), or 1 after a step() of your own
   * (the current poses). */
  get interpolationAlpha(): number {
    return this.clock.interpolationAlpha;
  }
  /** How many bodies sleep now. */
  get sleepingBodyCount(): number {
    return this.pipeline.islands.sleepingBodyCount;
  }
  /** The rigid joints' stiffness in effect for a step of dt, Hz: jointHertz capped at a quarter of
   * the substep rate. */
  getEffectiveJointHertz(dt: number): number {
    return Math.min(this.settings.jointHertz, (MAX_HERTZ_PER_SUBSTEP_RATE * this.settings.substeps) / dt);
  }
  /** Sets gravity, m/s². */
  setGravity(gravity: Vector3Input): void {
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
   * finite, in the order found (still in `bodies`; docs/bodies.md, "Bodies that go NaN"). */
  get invalidBodies(): readonly B[] {
    return this.registry.invalidBodies;
  }
  /** Simulated time, s. */
  get time(): number {
    return this.pipeline.time;
  }
  /** Steps taken since the world was made. */
  get stepCount(): number {
    return this.pipeline.stepCount;
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
    this.pipeline.contacts.wakeTouching(body);
    this.pipeline.contacts.forget(body);
    this.pipeline.islands.forget(body.sleep);
    this.registry.bodies.splice(this.registry.bodies.indexOf(body), 1);
    const invalid = this.registry.invalidBodies.indexOf(body);
    if (invalid >= 0) this.registry.invalidBodies.splice(invalid, 1);
    body.owner = null;
    this.registry.releaseSlices(body);
    this.registry.changed();
  }

  /** Removes a joint, and the joints acting through it (a gear coupling it). From then on their writes
   * (setters, limits, motors, applyImpulse) throw. */
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
    this.pipeline.tree.jointRemoved(joint);
    joint.wakeJoinedBodies();
    joint.markRemoved();
    this.registry.releaseSlices(joint);
    this.registry.changed();
    for (const other of this.registry.joints.filter((j) => j.dependsOn(joint))) this.removeJoint(other);
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
    if (typeof elapsedSeconds === 'number' && elapsedSeconds < 0) {
      // (a frame clock that runs backwards is a known trap: name it)
      throw new RangeError(
        `advance: elapsedSeconds must be a finite number ≥ 0, got ${show(elapsedSeconds)} (a frame clock that ran backwards: ` +
        'THREE.Timer gives a negative first delta when update() gets a requestAnimationFrame timestamp from before the timer was made; pass Math.max(0, delta))',
      );
    }
    requireNonNegative('advance', 'elapsedSeconds', elapsedSeconds);
    if (beforeStep !== undefined && typeof beforeStep !== 'function') {
      throw new TypeError(`advance: beforeStep must be a function, got ${show(beforeStep)}`);
    }
    if (this.pipeline.stepping || this.advancing || this.reporting) throw new Error('advance: called from inside a step callback');
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
    if (this.pipeline.stepping || this.reporting) throw new Error('step: called from inside a step callback');
    this.requireOutsideQuery('step');
    if (this.beforeStepping) throw new Error("step: called from inside advance's beforeStep (advance takes the steps)");
    // (advance's fixedTimeStep is held to the same range)
    requireWithin('step', 'dt', dt, MIN_TIME_STEP, MAX_TIME_STEP, ' s');
    this.pipeline.run(dt);
    this.clock.interpolationAlpha = 1;
    this.reporting = true;
    try {
      this.pipeline.report();
    } finally {
      this.reporting = false;
    }
    this.pipeline.callbacks.rethrow();
  }

  /** @internal Calls one of the step's callbacks: an error it throws is kept, and thrown by step once
   * every event of the step has been delivered (the first, if several throw). */
  protected deliver<E>(callback: (event: E) => void, event: E): void {
    this.pipeline.callbacks.deliver(callback, event);
  }

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
    this.pipeline.contacts.wakeTouching(body);
  }
  /** @internal After: its contacts go; the awake lists, the broadphase (a body's tree is its type's) and
   * the direct solver's forest follow. */
  bodyTypeChanged(body: B): void {
    // its contacts start afresh: one between two bodies that no longer move would otherwise stay, and be
    // saved by a snapshot, until the next step's contact search dropped it
    this.pipeline.contacts.forget(body);
    // the direct solver's nodes are its dynamic bodies: a body made kinematic (the awake list the same)
    // would stay one
    this.pipeline.tree.invalidate();
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
    this.pipeline.kinematicTargetSet(body);
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
    if (this.pipeline.stepping) {
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
    if (this.pipeline.stepping) throw new Error(`${where}: called from inside a step (a contact hook); add and remove bodies and joints between steps`);
    this.requireOutsideQuery(where);
  }

  protected addBody(body: B): B {
    this.requireNotStepping('createBody');
    // the jointed-pair filter packs two body ids in one number (contact-set.ts pairKey)
    if (body.id >= 2 ** 26) throw new RangeError(`createBody: a world makes at most 2^26 bodies over its life, this is body ${body.id}`);
    this.registry.nextBodyId++;
    this.registry.changed();
    this.registry.keepSlices(body);
    body.sleep.islands = this.pipeline.islands;
    this.registry.bodies.push(body);
    return body;
  }

  /** @internal Makes a joint by its definition from a create call's options (which make checks) and adds it. */
  protected createJoint<T extends J, O>(definition: JointDefinition<T, O, B>, options: O): T {
    return this.addJoint(definition.make(this.jointContext, options));
  }

  protected addJoint<T extends J>(joint: T): T {
    this.requireNotStepping('createJoint');
    this.registry.nextJointId++;
    this.registry.changed();
    this.registry.keepSlices(joint);
    this.registry.joints.push(joint);
    this.registry.activeJoints.push(joint);
    this.pipeline.markSettlePending(joint);
    joint.wakeJoinedBodies();
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

}

// The settings' accessors (world.substeps, world.sleeping, …), made from settings.ts's table.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface WorldCore<B extends CoreBody, J extends JointCore<B> & TreeJoint<B>> extends WorldSettings {}
defineSettings(WorldCore.prototype);
