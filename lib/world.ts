// World: owns bodies and joints and advances them with step(dt). This is the library's public API;
// the math lives in joints/ and the step in solver/.

import { Body, type BodyOptions } from './body.js';
import { BallJoint, type BallJointOptions } from './joints/ball-joint.js';
import type { Joint, JointOptions } from './joints/joint.js';
import { MouseJoint, type MouseJointOptions } from './joints/mouse-joint.js';
import { OrientationJoint, type OrientationJointOptions } from './joints/orientation-joint.js';
import { WeldJoint, type WeldJointOptions } from './joints/weld-joint.js';
import { MAX_HERTZ_PER_SUBSTEP_RATE, SoftStepSolver, type SolverSettings } from './solver/soft-step.js';
import {
  readFiniteVector,
  requireBoolean,
  requireInteger,
  requireNonNegative,
  requirePositive,
  requirePositiveOrInfinity,
  show,
} from './validate.js';

export interface WorldOptions {
  /** m/s². Default [0, −9.81, 0]. */
  gravity?: ArrayLike<number>;
  /** Substeps per step. Default 4. */
  substeps?: number;
  /** Velocity iterations (with position bias) per substep. Default 1. */
  iterations?: number;
  /** Relax iterations (no bias) per substep. Default 1. */
  relaxIterations?: number;
  /** Stiffness of rigid joints, Hz. Rigid joints are stiff springs in the soft step: under a steady
   * load F a joint gives way by about K F / ω² (ω = 2π·jointHertz, K its effective mass), so stiffer
   * is more rigid. The stiffness is capped at a quarter of the substep rate, the most that stays
   * stable. Default Infinity: always at that cap (60 Hz at 4 substeps of 1/60 s), so more substeps
   * give stiffer joints. */
  jointHertz?: number;
  /** Damping ratio of that spring. Default 1 (critically damped). */
  jointDampingRatio?: number;
  /** Start each solve from the last substep's impulses. Default true. */
  warmStarting?: boolean;
  /** Integrate the gyroscopic term ω × Iω implicitly. Default true. */
  gyroscopic?: boolean;
  /** Dynamic bodies move no faster than this, m/s. Default 400 (as Box2D). */
  maxLinearSpeed?: number;
  /** Dynamic bodies turn no faster than this, rad/s. Default 200 (about 1900 rpm). */
  maxAngularSpeed?: number;
  /** Called once for each joint that breaks, at the end of the step it broke in. */
  onJointBreak?: ((event: JointBreakEvent) => void) | null;
}

export interface JointBreakEvent {
  joint: Joint;
  /** Which limit was passed (force is checked first). */
  reason: 'force' | 'torque';
  /** |force| (N) and |torque| (N·m) over the step in which the joint broke. */
  force: number;
  torque: number;
}

/** The defaults, chosen by measurement (see README, "Choosing the defaults"). */
export const DEFAULT_WORLD_SETTINGS: Readonly<SolverSettings> = Object.freeze({
  substeps: 4,
  iterations: 1,
  relaxIterations: 1,
  jointHertz: Infinity,
  jointDampingRatio: 1,
  warmStarting: true,
  gyroscopic: true,
  maxLinearSpeed: 400,
  maxAngularSpeed: 200,
});

export class World {
  readonly gravity = new Float64Array([0, -9.81, 0]);
  /** A static body at the origin: what a joint without bodyB is attached to. Not in `bodies`. */
  readonly ground: Body;
  /** Called once for each joint that breaks; see JointBreakEvent. */
  onJointBreak: ((event: JointBreakEvent) => void) | null = null;

  private readonly settings: SolverSettings = { ...DEFAULT_WORLD_SETTINGS };
  private readonly solver = new SoftStepSolver();
  private readonly _bodies: Body[] = [];
  private readonly _joints: Joint[] = [];
  /** The joints the solver runs: not broken, in creation order. */
  private readonly activeJoints: Joint[] = [];
  private readonly justBroken: Joint[] = [];
  /** Joints that broke in the last step: their readout shows the breaking load for that step only. */
  private readonly brokenLastStep: Joint[] = [];
  private nextBodyId = 1;
  private nextJointId = 1;
  private _time = 0;
  private _stepCount = 0;
  private stepping = false;

  constructor(options: WorldOptions = {}) {
    const where = 'World';
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    const gravity = new Float64Array(this.gravity);
    if (options.gravity !== undefined) readFiniteVector(where, 'gravity', options.gravity, 3, gravity);
    const settings: SolverSettings = { ...DEFAULT_WORLD_SETTINGS };
    if (options.substeps !== undefined) settings.substeps = requireInteger(where, 'substeps', options.substeps, 1);
    if (options.iterations !== undefined) settings.iterations = requireInteger(where, 'iterations', options.iterations, 1);
    if (options.relaxIterations !== undefined) {
      settings.relaxIterations = requireInteger(where, 'relaxIterations', options.relaxIterations, 0);
    }
    if (options.jointHertz !== undefined) {
      settings.jointHertz = requirePositiveOrInfinity(where, 'jointHertz', options.jointHertz, 'the stiffest stable');
    }
    if (options.jointDampingRatio !== undefined) {
      settings.jointDampingRatio = requireNonNegative(where, 'jointDampingRatio', options.jointDampingRatio);
    }
    if (options.warmStarting !== undefined) settings.warmStarting = requireBoolean(where, 'warmStarting', options.warmStarting);
    if (options.gyroscopic !== undefined) settings.gyroscopic = requireBoolean(where, 'gyroscopic', options.gyroscopic);
    if (options.maxLinearSpeed !== undefined) {
      settings.maxLinearSpeed = requirePositive(where, 'maxLinearSpeed', options.maxLinearSpeed);
    }
    if (options.maxAngularSpeed !== undefined) {
      settings.maxAngularSpeed = requirePositive(where, 'maxAngularSpeed', options.maxAngularSpeed);
    }
    const onJointBreak = options.onJointBreak ?? null;
    if (onJointBreak !== null && typeof onJointBreak !== 'function') {
      throw new TypeError(`${where}: onJointBreak must be a function, got ${show(onJointBreak)}`);
    }
    this.gravity.set(gravity);
    Object.assign(this.settings, settings);
    this.onJointBreak = onJointBreak;
    this.ground = new Body(0, { type: 'static' }, this);
  }

  // ---- settings (each can change between steps) ----

  get substeps(): number {
    return this.settings.substeps;
  }
  set substeps(value: number) {
    this.settings.substeps = requireInteger('substeps', 'substeps', value, 1);
  }
  get iterations(): number {
    return this.settings.iterations;
  }
  set iterations(value: number) {
    this.settings.iterations = requireInteger('iterations', 'iterations', value, 1);
  }
  get relaxIterations(): number {
    return this.settings.relaxIterations;
  }
  set relaxIterations(value: number) {
    this.settings.relaxIterations = requireInteger('relaxIterations', 'relaxIterations', value, 0);
  }
  get jointHertz(): number {
    return this.settings.jointHertz;
  }
  set jointHertz(value: number) {
    this.settings.jointHertz = requirePositiveOrInfinity('jointHertz', 'jointHertz', value, 'the stiffest stable');
  }
  get jointDampingRatio(): number {
    return this.settings.jointDampingRatio;
  }
  set jointDampingRatio(value: number) {
    this.settings.jointDampingRatio = requireNonNegative('jointDampingRatio', 'jointDampingRatio', value);
  }
  get warmStarting(): boolean {
    return this.settings.warmStarting;
  }
  set warmStarting(value: boolean) {
    this.settings.warmStarting = requireBoolean('warmStarting', 'warmStarting', value);
  }
  get gyroscopic(): boolean {
    return this.settings.gyroscopic;
  }
  set gyroscopic(value: boolean) {
    this.settings.gyroscopic = requireBoolean('gyroscopic', 'gyroscopic', value);
  }
  get maxLinearSpeed(): number {
    return this.settings.maxLinearSpeed;
  }
  set maxLinearSpeed(value: number) {
    this.settings.maxLinearSpeed = requirePositive('maxLinearSpeed', 'maxLinearSpeed', value);
  }
  get maxAngularSpeed(): number {
    return this.settings.maxAngularSpeed;
  }
  set maxAngularSpeed(value: number) {
    this.settings.maxAngularSpeed = requirePositive('maxAngularSpeed', 'maxAngularSpeed', value);
  }
  /** The rigid joints' stiffness in effect for a step of dt, Hz: jointHertz capped at a quarter of
   * the substep rate. */
  getEffectiveJointHertz(dt: number): number {
    return Math.min(this.settings.jointHertz, (MAX_HERTZ_PER_SUBSTEP_RATE * this.settings.substeps) / dt);
  }
  /** Sets gravity, m/s². */
  setGravity(gravity: ArrayLike<number>): void {
    readFiniteVector('setGravity', 'gravity', gravity, 3, this.gravity);
  }

  // ---- contents ----

  /** Bodies in creation order (the ground is not among them). */
  get bodies(): readonly Body[] {
    return this._bodies;
  }
  /** Joints in creation order, broken ones included until removed. */
  get joints(): readonly Joint[] {
    return this._joints;
  }
  /** Simulated time, s. */
  get time(): number {
    return this._time;
  }
  get stepCount(): number {
    return this._stepCount;
  }

  createBody(options: BodyOptions = {}): Body {
    const body = new Body(this.nextBodyId, options, this);
    this.nextBodyId++;
    this._bodies.push(body);
    return body;
  }

  /** Removes a body and every joint attached to it. */
  removeBody(body: Body): void {
    if (body === this.ground) throw new RangeError('removeBody: the world ground cannot be removed');
    this.requireOwnBody('removeBody', 'body', body);
    for (let i = this._joints.length - 1; i >= 0; i--) {
      const joint = this._joints[i];
      if (joint.bodyA === body || joint.bodyB === body) this.removeJoint(joint);
    }
    this._bodies.splice(this._bodies.indexOf(body), 1);
    body.owner = null;
  }

  /** Ball joint (3 rows) at a world-space anchor. */
  createBallJoint(options: BallJointOptions): BallJoint {
    const where = 'createBallJoint';
    const [bodyA, bodyB] = this.readJointBodies(where, options);
    const anchor = readFiniteVector(where, 'anchor', options.anchor, 3, new Float64Array(3));
    return this.addJoint(new BallJoint(this.nextJointId, bodyA, bodyB, anchor, options));
  }

  /** Orientation joint (3 rows): keeps B's current orientation relative to A. */
  createOrientationJoint(options: OrientationJointOptions): OrientationJoint {
    const [bodyA, bodyB] = this.readJointBodies('createOrientationJoint', options);
    return this.addJoint(new OrientationJoint(this.nextJointId, bodyA, bodyB, options));
  }

  /** Weld joint (6 rows, solved as one block) at a world-space anchor. */
  createWeldJoint(options: WeldJointOptions): WeldJoint {
    const where = 'createWeldJoint';
    const [bodyA, bodyB] = this.readJointBodies(where, options);
    const anchor = readFiniteVector(where, 'anchor', options.anchor, 3, new Float64Array(3));
    return this.addJoint(new WeldJoint(this.nextJointId, bodyA, bodyB, anchor, options));
  }

  /**
   * Mouse joint: a spring (default 5 Hz, damping ratio 0.7) pulling a point of a dynamic body toward a
   * target you move with setTarget, its force capped at maxForce. How a user drags a body.
   */
  createMouseJoint(options: MouseJointOptions): MouseJoint {
    const where = 'createMouseJoint';
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    this.requireOwnBody(where, 'body', options.body);
    if (!options.body.isDynamic) {
      throw new RangeError(`${where}: body ${options.body.id} is ${options.body.type}; only dynamic bodies can be dragged`);
    }
    return this.addJoint(new MouseJoint(this.nextJointId, this.ground, options));
  }

  removeJoint(joint: Joint): void {
    const index = this._joints.indexOf(joint);
    if (index < 0) throw new RangeError(`removeJoint: joint ${show(joint?.id)} is not in this world`);
    this._joints.splice(index, 1);
    const active = this.activeJoints.indexOf(joint);
    if (active >= 0) this.activeJoints.splice(active, 1);
  }

  /**
   * Advances the world by dt seconds (substeps × iterations as set). Joints that break are reported
   * through onJointBreak after the step, once each.
   */
  step(dt: number): void {
    if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) {
      throw new RangeError(`step: dt must be a finite number > 0, got ${show(dt)}`);
    }
    if (this.stepping) throw new Error('step: called from inside a step callback');
    this.stepping = true;
    try {
      for (let i = 0; i < this.brokenLastStep.length; i++) this.brokenLastStep[i].clearReadout();
      this.brokenLastStep.length = 0;
      this.solver.step(this._bodies, this.activeJoints, this.gravity, dt, this.settings);
      this._time += dt;
      this._stepCount++;
      this.breakJoints();
    } finally {
      this.stepping = false;
    }
    this.reportBreaks();
  }

  /** Largest anchor gap (m) among the joints that still act (mouse joints are springs: not counted). */
  getMaxLinearError(): number {
    let largest = 0;
    for (const joint of this.activeJoints) if (joint.type !== 'mouse') largest = Math.max(largest, joint.getLinearError());
    return largest;
  }

  /** Largest angular error (rad) among the joints that still act (mouse joints not counted). */
  getMaxAngularError(): number {
    let largest = 0;
    for (const joint of this.activeJoints) if (joint.type !== 'mouse') largest = Math.max(largest, joint.getAngularError());
    return largest;
  }

  /** Kinetic plus gravitational potential energy of the dynamic bodies, J. */
  getEnergy(): number {
    let energy = 0;
    const g = this.gravity;
    for (const body of this._bodies) {
      if (!body.isDynamic) continue;
      const x = body.position;
      energy += body.getKineticEnergy() - body.mass * body.gravityScale * (g[0] * x[0] + g[1] * x[1] + g[2] * x[2]);
    }
    return energy;
  }

  private breakJoints(): void {
    const joints = this.activeJoints;
    let kept = 0;
    for (let i = 0; i < joints.length; i++) {
      const joint = joints[i];
      if (joint.getForceMagnitude() > joint.breakForce || joint.getTorqueMagnitude() > joint.breakTorque) {
        joint.markBroken();
        this.justBroken.push(joint);
        this.brokenLastStep.push(joint);
      } else {
        joints[kept++] = joint;
      }
    }
    joints.length = kept;
  }

  /** Reports breaks after the step, so a callback may remove bodies and joints safely. */
  private reportBreaks(): void {
    if (this.justBroken.length === 0) return;
    const broken = this.justBroken.splice(0);
    const callback = this.onJointBreak;
    if (callback === null) return;
    for (const joint of broken) {
      const force = joint.getForceMagnitude();
      const torque = joint.getTorqueMagnitude();
      callback({ joint, reason: force > joint.breakForce ? 'force' : 'torque', force, torque });
    }
  }

  private addJoint<T extends Joint>(joint: T): T {
    this.nextJointId++;
    this._joints.push(joint);
    this.activeJoints.push(joint);
    return joint;
  }

  private readJointBodies(where: string, options: JointOptions): [Body, Body] {
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

  private requireOwnBody(where: string, name: string, body: unknown): asserts body is Body {
    if (!(body instanceof Body)) throw new TypeError(`${where}: ${name} must be a Body, got ${show(body)}`);
    if (body.owner !== this) {
      throw new RangeError(`${where}: ${name} (body ${body.id}) is not in this world${body.owner === null ? ' (removed)' : ''}`);
    }
  }
}
