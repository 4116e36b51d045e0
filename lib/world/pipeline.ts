// The world's step, stage by stage (World and World2D alike; `run` reads top to bottom):
//
//   1. CLEAR BREAKS     the last step's broken joints stop showing their breaking load
//   2. INVALID BODIES   bodies made finite again come back; bodies made NaN between steps go out
//                       (body/invalid-bodies.ts)
//   3. KINEMATIC        kinematic bodies with a pose target get the velocities that reach it
//   4. WAKE JOINED      a sleeping body joined to a moving one wakes
//   5. FIND CONTACTS    broadphase, narrowphase and continuous collision's sweep (contact-stages.ts:
//                       3D's collision/, none in 2D)
//   6. SOLVE            the substepped solver (solver/step.ts: prepare, integrate, warm start, solve,
//                       relax, restitution, store), with the direct solver (solver/direct/) when the
//                       world's solver is 'direct' and SETTLE for new structures under 'iterative'
//   7. FINISH MOTION    kinematic bodies land on their targets; continuous collision puts fast bodies
//                       back; bodies the step made NaN go out
//   8. BREAK JOINTS     joints past breakForce or breakTorque stop acting
//   9. SLEEP            islands from joints and touching contacts; those at rest fall asleep
//                       (body/sleep.ts)
//  10. REPORT           after the step: invalid bodies, broken joints, contacts and sensors, each once
//                       (events.ts)
//
// The same order as Box2D v3's b2World_Step (b2Collide, then b2Solve with its stages and island sleep),
// with the direct solver and the invalid-body checks added.

import type { JointCore } from '../joints/joint-core.js';
import type { CoreBody } from '../body/core-body.js';
import type { BodyInvalidEventOf, InvalidQuantity } from '../body/invalid-bodies.js';
import { Islands, isAwakeMover, type SleepSettings } from '../body/sleep.js';
import type { BodyIntegrator, ExactJointSolver, JointSettling, SolverSettings } from '../solver/step-parts.js';
import { StepContext, step } from '../solver/step.js';
import { DirectSolver } from '../solver/direct/direct-solver.js';
import type { TreeJoint } from '../solver/direct/tree-joint.js';
import type { TreeBodyModel } from '../solver/direct/tree-body-model.js';
import { NO_CONTACT_STAGES, type ContactStages } from './contact-stages.js';
import { StepCallbacks, type JointBreakEventOf } from './events.js';
import type { JointSolverKind } from './settings.js';
import type { WorldRegistry } from './registry.js';

/** @internal The step's state and stages; WorldCore runs it and guards it. */
export class StepPipeline<B extends CoreBody, J extends JointCore<B> & TreeJoint<B>> {
  /** What the step's solver stages read and write (solver/step.ts). */
  readonly stepContext: StepContext<B>;
  /** The sleeping islands (body/sleep.ts). */
  readonly islands = new Islands();
  /** The direct solver (used while `solverKind` is 'direct'). */
  readonly tree: DirectSolver<B, J>;
  solverKind: JointSolverKind;
  /** The contacts' stages (3D), or none. */
  contacts: ContactStages<B, J> = NO_CONTACT_STAGES as ContactStages<B, J>;
  time = 0;
  stepCount = 0;
  /** The substeps the last step took (0 before the first step, and in a world restored since). */
  lastStepSubsteps = 0;
  /** True while `run` runs. */
  stepping = false;
  /** The islands' version the awake lists and the direct solver's forest follow. */
  islandsVersion = 0;
  /** The joints whose settlePending is set (made since the last step, or all when the world turned
   * iterative): the next step clears it, and under the iterative solver settles them first
   * (solver/direct/settle.ts). */
  settlePending: J[] = [];
  onJointBreak: ((event: JointBreakEventOf<J>) => void) | null = null;
  onBodyInvalid: ((event: BodyInvalidEventOf<B>) => void) | null = null;
  /** The step's callbacks, and the first error one threw: thrown after the last (events.ts). */
  readonly callbacks = new StepCallbacks();

  /** The bodies and joints the step moves and solves: all of them while nothing sleeps (the same
   * arrays), else those of the awake islands (rebuilt when `awakeVersion` falls behind). */
  private awakeBodies: B[] = [];
  private awakeJoints: J[] = [];
  private awakeVersion = -1;
  /** The step's SETTLE: the direct solver, empty under the iterative solver, settles the structures. */
  private readonly settling: JointSettling<B> = {
    settle: (integrator, gravity, h, c, maxLinearSpeed, maxAngularSpeed) => this.tree.settle(this.stepContext.bodies,
      this.awakeJoints, (bodies) => integrator.integrateVelocities(bodies, gravity, h), h, c, maxLinearSpeed * h, maxAngularSpeed * h),
  };
  /** The invalid bodies' events of the step not yet reported. */
  private readonly justInvalid: BodyInvalidEventOf<B>[] = [];
  /** Kinematic bodies with a pose target, or that moved to one in the last step. */
  private readonly kinematicMovers: B[] = [];

  constructor(
    private readonly owner: object,
    private readonly registry: WorldRegistry<B, J>,
    readonly settings: SolverSettings,
    readonly sleepSettings: SleepSettings,
    gravity: Float64Array,
    integrator: BodyIntegrator<B>,
    treeModel: TreeBodyModel<B>,
    solverKind: JointSolverKind,
  ) {
    this.stepContext = new StepContext(integrator, gravity, settings);
    this.tree = new DirectSolver<B, J>(treeModel);
    this.solverKind = solverKind;
  }

  /** One step of dt (see the stages above); the callbacks wait for `report`. */
  run(dt: number): void {
    const registry = this.registry;
    this.stepping = true;
    try {
      // CLEAR BREAKS
      for (let i = 0; i < registry.brokenLastStep.length; i++) registry.brokenLastStep[i].clearReadout();
      registry.brokenLastStep.length = 0;
      // INVALID BODIES: bodies made NaN between steps (a state written in place) are out before the
      // contact search
      if (registry.invalidBodies.length > 0) this.reviveBodies();
      this.checkFinite(this.listAwake());
      // KINEMATIC
      this.beginKinematicTargets(dt);
      // WAKE JOINED
      if (this.islands.sleepingIslandCount > 0) this.wakeJoined();
      // FIND CONTACTS
      const context = this.stepContext;
      context.contacts = this.contacts.find(dt, registry.activeJoints, this.listAwake());
      // SOLVE
      const bodies = (context.bodies = this.listAwake());
      const joints = (context.joints = this.awakeJoints);
      context.exact = this.exactSolver(bodies, joints);
      context.settle = this.solverKind === 'iterative' && this.settlePending.length > 0 ? this.settling : null;
      context.dt = dt;
      // the poses to draw from between this step and the next (body/interpolation.ts): only the bodies
      // this step moves; the others are drawn where they are (their stamp falls behind stepCount)
      const stepNumber = this.stepCount + 1;
      for (let i = 0; i < bodies.length; i++) bodies[i].recordPreviousPose(stepNumber);
      step(context);
      this.lastStepSubsteps = context.substeps;
      for (let i = 0; i < this.settlePending.length; i++) this.settlePending[i].settlePending = false;
      this.settlePending.length = 0;
      // FINISH MOTION, and out with the bodies the step made NaN, before islands and sleep look at them
      this.finishKinematicTargets();
      this.contacts.finishMotion();
      this.checkFinite(bodies);
      this.time += dt;
      this.stepCount = stepNumber;
      // BREAK JOINTS
      this.breakJoints();
      // SLEEP
      if (this.sleepSettings.sleeping && this.islands.begin(bodies, dt, this.sleepSettings)) {
        for (let i = 0; i < joints.length; i++) {
          const joint = joints[i];
          this.islands.link(joint.bodyA, joint.bodyB);
          if (joint.isDriving) this.islands.keepAwake(joint.bodyA, joint.bodyB);
        }
        this.contacts.link(this.islands);
        this.islands.finish(this.sleepSettings);
      }
      this.noteIslandChanges();
    } finally {
      this.stepping = false;
    }
  }

  /** REPORT: the step's events, once each; every callback is called, then the first error one threw is
   * thrown. */
  report(): void {
    this.reportInvalid();
    this.reportBreaks();
    this.contacts.report();
  }

  // ---- the solver's choice ----

  /** Turns the solver 'iterative' or 'direct' between steps. */
  setSolver(kind: JointSolverKind): void {
    if (kind === 'iterative' && this.solverKind !== 'iterative') {
      this.tree.clear();
      // held exactly so far, the joints carry their loads unbent: the next step settles every one
      for (const joint of this.registry.activeJoints) this.markSettlePending(joint);
    }
    this.solverKind = kind;
  }

  /** A joint made (or held exactly until the solver turned iterative): the next step settles it. */
  markSettlePending(joint: J): void {
    if (joint.settlePending) return;
    joint.settlePending = true;
    this.settlePending.push(joint);
  }

  /** The exact solver for this step's (awake) joints, or null (the iterative solver alone). */
  private exactSolver(bodies: readonly B[], joints: readonly J[]): ExactJointSolver | null {
    if (this.solverKind !== 'direct') return null;
    this.tree.ensure(bodies, joints, this.registry.topologyVersion);
    return this.tree.active ? this.tree : null;
  }

  // ---- kinematic targets ----

  /** A body of this world was given a pose target (Body.moveKinematic): the next step sets its
   * velocities. */
  kinematicTargetSet(body: B): void {
    if (!this.kinematicMovers.includes(body)) this.kinematicMovers.push(body);
  }

  /** Before the contacts are found (their margins follow the bodies' speeds): the kinematic bodies'
   * velocities toward their targets; those with none left drop off the list. */
  private beginKinematicTargets(dt: number): void {
    const movers = this.kinematicMovers;
    let kept = 0;
    for (let i = 0; i < movers.length; i++) {
      const body = movers[i];
      if (body.owner === this.owner && body.beginKinematicStep(dt)) movers[kept++] = body;
    }
    movers.length = kept;
  }
  private finishKinematicTargets(): void {
    const movers = this.kinematicMovers;
    for (let i = 0; i < movers.length; i++) movers[i].finishKinematicStep();
  }

  // ---- awake lists and islands ----

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
  listAwake(): B[] {
    this.noteIslandChanges();
    const registry = this.registry;
    if (this.awakeVersion === registry.topologyVersion) return this.awakeBodies;
    this.awakeVersion = registry.topologyVersion;
    const bodies = this.awakeNow();
    if (this.islands.sleepingIslandCount === 0) {
      this.awakeBodies = bodies;
      this.awakeJoints = registry.activeJoints;
      return bodies;
    }
    const joints: J[] = [];
    for (const joint of registry.activeJoints) {
      const a = joint.bodyA, b = joint.bodyB;
      if ((a.isDynamic && a.sleep.island === 0) || (b.isDynamic && b.sleep.island === 0)) joints.push(joint);
    }
    this.awakeBodies = bodies;
    this.awakeJoints = joints;
    return bodies;
  }

  /** The bodies listAwake lists, made now without updating its lists (snapshots and hashes change
   * nothing). Static bodies never move: the stages skip them, so they are left out (a level of thousands
   * of static bodies costs nothing per step). */
  awakeNow(): B[] {
    const invalid = this.registry.invalidBodies;
    return this.registry.bodies.filter((body) => body.sleep.island === 0 && body.type !== 'static' && (invalid.length === 0 || !invalid.includes(body)));
  }

  /** The joints of the direct solver's order when a restored world must build with them to step on bit
   * for bit (DirectSolver.savedOrder), or null. */
  savedOrder(): Set<J> | null {
    if (this.solverKind !== 'direct' || this.islands.version !== this.islandsVersion) return null;
    const order = this.tree.savedOrder(() => this.awakeNow());
    return order === null ? null : new Set(order);
  }

  // ---- bodies that are not finite (body/invalid-bodies.ts) ----

  /** Takes out of the simulation each of `bodies` whose pose or velocities are not finite. One sum of
   * products per body (Body.nonFiniteQuantity): the list is walked, nothing allocated, unless one is. */
  private checkFinite(bodies: readonly B[]): void {
    for (let i = 0; i < bodies.length; i++) {
      const quantity = bodies[i].nonFiniteQuantity();
      if (quantity !== null) this.invalidate(bodies[i], quantity);
    }
  }

  /** Takes out the awake bodies a contact hook left with a pose or velocity that is not finite (a NaN
   * written in place from onPreSolve), as checkFinite does between steps; true if it took any. */
  quarantineHookWrites(): boolean {
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
      joint.wakeJoinedBodies();
      joint.scaleImpulse(0);
      joint.clearReadout();
    }
    joints.length = kept;
    this.contacts.wakeTouching(body);
    this.contacts.forget(body);
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
    for (const event of events) this.callbacks.deliver(callback, event);
  }

  // ---- breaking joints ----

  private breakJoints(): void {
    const joints = this.registry.activeJoints;
    let kept = 0;
    for (let i = 0; i < joints.length; i++) {
      const joint = joints[i];
      const breakable = joint.breakForce !== Infinity || joint.breakTorque !== Infinity;
      if (breakable && (joint.getForceMagnitude() > joint.breakForce || joint.getTorqueMagnitude() > joint.breakTorque)) {
        joint.markBroken();
        joint.direct = false;
        joint.wakeJoinedBodies();
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
    const justBroken = this.registry.justBroken;
    if (justBroken.length === 0) return;
    const broken = justBroken.splice(0);
    const callback = this.onJointBreak;
    if (callback === null) return;
    for (const joint of broken) {
      const force = joint.getForceMagnitude();
      const torque = joint.getTorqueMagnitude();
      this.callbacks.deliver(callback, { joint, reason: force > joint.breakForce ? 'force' : 'torque', force, torque });
    }
  }
}
