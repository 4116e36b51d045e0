// A rigid body in the plane: lib/body/body.ts specialized to 2D, with the same names where the quantity is
// the same. Position (x, y), angle θ (rad, counter-clockwise), rotation R = (cos θ, sin θ), velocity
// (vx, vy), angular velocity ω (scalar, rad/s), mass m and moment of inertia I about the centre of
// mass (a scalar in 2D: I⁻¹ needs no rotating, so there is no world inertia tensor to keep current).
// Static and kinematic bodies have m⁻¹ = 0 and I⁻¹ = 0, as in 3D.

import { readBodyType, type BodyType } from '../body/body-type.js';
import type { InvalidQuantity } from '../body/invalid-bodies.js';
import {
  readBoundedVector, readFiniteVector, readPoint, requireAccumulated, requireFinite, requireGravityScale, requireInteger,
  requireNonNegative, requirePositiveWithin, requireWithin, show, showBound, requireWritable,
} from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_FORCE, MAX_INERTIA, MAX_LINEAR_SPEED, MAX_MASS, MAX_TORQUE, MIN_INERTIA, MIN_MASS } from '../limits.js';
import { requireAtMost, requireConsistent, requireFiniteNumbers, requireZero } from '../util/restore-check.js';
import { BodyBase, readCommonBodyOptions } from '../body/body-base.js';
import { BODY2D_OPTION_KEYS, type Body2DOptions } from './body-options.js';
export type { Body2DOptions } from './body-options.js';
import { BODY2D_STATE } from './body-state.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { writeSinCos, wrapAngleAt, wrapAngleToPi } from '../math/portable.js';
import { interpolationFraction, NO_PREVIOUS_POSE } from '../body/interpolation.js';
import { checkOptionKeys } from '../util/option-keys.js';

const ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia;
const INVERSE_MASS = BODY2D_STATE.inverseMass;
const ANGLE = BODY2D_STATE.angle;
const ROTATION = BODY2D_STATE.rotation;
const POSITION = BODY2D_STATE.position;

const scratch = new Float64Array(2);
/** updateRotation's angle, sine and cosine. */
const sinCos = new Float64Array(3);
const scratchSum = new Float64Array(3);

/** A finite angular velocity of at most MAX_ANGULAR_SPEED either way, rad/s. */
function readAngularSpeed(where: string, name: string, value: unknown): number {
  const w = requireFinite(where, name, value);
  return requireWithin(where, name, w, -MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED, ' rad/s');
}

/** A moment of inertia > 0 within [MIN_INERTIA, MAX_INERTIA], kg·m². */
function readInertia(where: string, name: string, value: unknown): number {
  return requirePositiveWithin(where, name, value, MIN_INERTIA, MAX_INERTIA, ' kg·m²');
}

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity;

/** A kinematic body's pose target: none, set for the next step, or moved to in the last step. */
const KINEMATIC_NONE = 0, KINEMATIC_PENDING = 1, KINEMATIC_MOVING = 2;

/** What a body tells its world when given a pose target (the next step sets its velocities). */
interface KinematicListener {
  kinematicTargetSet?(body: Body2D): void;
}

/** What a body asks its world when its type changes (as the 3D TypeListener). */
interface TypeListener {
  checkBodyType?(body: Body2D, type: BodyType): void;
  bodyTypeChanging?(body: Body2D): void;
  bodyTypeChanged?(body: Body2D): void;
}

export class Body2D extends BodyBase {
  /** 'dynamic', 'static' or 'kinematic'; changed with setType. */
  readonly type: BodyType;
  readonly isDynamic: boolean;

  /** @internal The solver's view of the body in one array (see BODY2D_STATE); the public vectors are
   * views into it. */
  readonly state = new Float64Array(BODY2D_STATE.size);
  /** @internal A kinematic body's pose target (moveKinematic): x, y, θ. */
  private readonly kinematicTarget = new Float64Array(3);
  /** @internal KINEMATIC_NONE, KINEMATIC_PENDING or KINEMATIC_MOVING. */
  private kinematicTargetState = KINEMATIC_NONE;
  readonly position = this.state.subarray(POSITION, POSITION + 2);
  readonly linearVelocity = this.state.subarray(BODY2D_STATE.linearVelocity, BODY2D_STATE.linearVelocity + 2);
  /** (cos θ, sin θ), current after every step and setter. */
  readonly rotation = this.state.subarray(ROTATION, ROTATION + 2);

  /** Force (N) and torque (N·m) accumulated by applyForce/applyTorque, cleared after each step. */
  readonly force = new Float64Array(2);
  /** @internal The torque the step reads (the setter checks it). */
  _torque = 0;
  /** N·m, counter-clockwise: a finite number; cleared after each step (applyTorque adds to it). */
  get torque(): number {
    return this._torque;
  }
  set torque(value: number) {
    this.requireInWorld('torque');
    this._torque = requireWithin('torque', 'torque', requireFinite('torque', 'torque', value), -MAX_TORQUE, MAX_TORQUE, ' N·m');
  }

  private _mass: number;
  private _inertia: number;
  /** @internal The pose at the start of the last step that moved the body, for drawing between steps
   * (interpolation.ts): centre x y, then the angle. Not part of the state (snapshots and hashes leave
   * it out). */
  readonly previousPose = new Float64Array(3);

  /** @internal Use world.createBody. Validates every option before touching anything. */
  constructor(id: number, options: Body2DOptions, owner: object) {
    const where = 'createBody';
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    checkOptionKeys(where, options, BODY2D_OPTION_KEYS);
    const type = options.type ?? 'dynamic';
    readBodyType(where, type);
    const position = new Float64Array(2);
    const linearVelocity = new Float64Array(2);
    if (options.position !== undefined) readPoint(where, 'position', options.position, 2, position);
    const angle = options.angle === undefined ? 0 : requireFinite(where, 'angle', options.angle);
    if (options.linearVelocity !== undefined) {
      readBoundedVector(where, 'linearVelocity', options.linearVelocity, 2, linearVelocity, MAX_LINEAR_SPEED, ' m/s');
    }
    const angularVelocity = options.angularVelocity === undefined ? 0 : readAngularSpeed(where, 'angularVelocity', options.angularVelocity);
    if (type === 'static' && (linearVelocity[0] !== 0 || linearVelocity[1] !== 0 || angularVelocity !== 0)) {
      throw new RangeError(`${where}: a static body cannot move; give it no velocity or make it 'kinematic'`);
    }
    if (type !== 'dynamic' && (options.mass !== undefined || options.inertia !== undefined)) {
      const given = options.mass !== undefined ? `mass ${show(options.mass)}` : `inertia ${show(options.inertia)}`;
      throw new RangeError(`${where}: a ${type} body has no mass or inertia, got ${given}; make it dynamic (setType) and give it one with setMassProperties`);
    }
    const mass = options.mass === undefined ? 1 : requirePositiveWithin(where, 'mass', options.mass, MIN_MASS, MAX_MASS, ' kg');
    const inertia = options.inertia === undefined ? mass / 6 : readInertia(where, 'inertia', options.inertia);
    const common = readCommonBodyOptions(where, options);

    // Everything is valid: commit.
    super(id, owner, 4, common, options.userData);
    this.type = type;
    this.isDynamic = type === 'dynamic';
    this.position.set(position);
    this.linearVelocity.set(linearVelocity);
    this.state[ANGLE] = angle;
    this.state[ANGULAR_VELOCITY] = angularVelocity;
    if (this.isDynamic) {
      this._mass = mass;
      this._inertia = inertia;
      this.state[INVERSE_MASS] = 1 / mass;
      this.state[INVERSE_INERTIA] = 1 / inertia;
    } else {
      this._mass = Infinity;
      this._inertia = Infinity;
    }
    this.updateRotation();
  }

  /** @internal Writes everything the step reads of this body (world snapshots, hashes). */
  saveState(writer: StateWriter): void {
    writer.writeArray(this.state);
    writer.writeArray(this.force);
    writer.write(this._torque);
    writer.write(this._mass);
    writer.write(this._inertia);
    writer.write(this._linearDamping);
    writer.write(this._angularDamping);
    writer.write(this._gravityScale);
    this.sleep.save(writer);
    if (this.type === 'kinematic') {
      writer.write(this.kinematicTargetState);
      writer.writeArray(this.kinematicTarget);
    }
  }
  /** @internal Reads what saveState wrote. */
  loadState(reader: StateReader): void {
    reader.readInto(this.state);
    reader.readInto(this.force);
    this._torque = reader.read();
    this._mass = reader.read();
    this._inertia = reader.read();
    this._linearDamping = reader.read();
    this._angularDamping = reader.read();
    this._gravityScale = reader.read();
    this.sleep.load(reader);
    // (snapshots before version 5 had no pose targets)
    if (this.type === 'kinematic' && reader.version >= 5) {
      this.kinematicTargetState = reader.read();
      reader.readInto(this.kinematicTarget);
      if (this.kinematicTargetState !== KINEMATIC_NONE) (this.owner as KinematicListener | null)?.kinematicTargetSet?.(this);
    }
  }
  /** @internal After loadState (World2D.restore): refuses what createBody and the setters refuse, and a
   * state no world could be in (a static body that moves, an inverse mass at odds with the type or the
   * mass, a rotation that is not its angle's), naming the field under `path` (as Body.checkState). */
  checkState(where: string, path: string): void {
    const s = this.state, at = (name: string) => `${path}.${name}`;
    requireFiniteNumbers(where, at('state'), s);
    requireFiniteNumbers(where, at('force'), this.force);
    requireFinite(where, at('torque'), this.torque);
    requireAtMost(where, at('position'), this.position, MAX_COORDINATE, 'm', true);
    requireAtMost(where, at('linearVelocity'), this.linearVelocity, MAX_LINEAR_SPEED, 'm/s');
    requireAtMost(where, at('angularVelocity'), [this.angularVelocity], MAX_ANGULAR_SPEED, 'rad/s');
    requireAtMost(where, at('force'), this.force, MAX_FORCE, 'N', true);
    requireAtMost(where, at('torque'), [this.torque], MAX_TORQUE, 'N·m', true);
    requireNonNegative(where, at('linearDamping'), this.linearDamping);
    requireNonNegative(where, at('angularDamping'), this.angularDamping);
    requireGravityScale(where, at('gravityScale'), this.gravityScale);
    if (this.isDynamic) {
      requirePositiveWithin(where, at('mass'), this._mass, MIN_MASS, MAX_MASS, ' kg');
      readInertia(where, at('inertia'), this._inertia);
      requireConsistent(where, at('inverseMass'), [s[INVERSE_MASS]], [1 / this._mass], 'the inverse of the mass');
      requireConsistent(where, at('inverseInertia'), [s[INVERSE_INERTIA]], [1 / this._inertia], 'the inverse of the inertia');
    } else {
      const why = `a ${this.type} body has infinite mass`;
      if (this._mass !== Infinity) throw new RangeError(`${where}: ${at('mass')} must be Infinity (${why}), got ${show(this._mass)}`);
      if (this._inertia !== Infinity) throw new RangeError(`${where}: ${at('inertia')} must be Infinity (${why}), got ${show(this._inertia)}`);
      requireZero(where, at('inverseMass'), s.subarray(INVERSE_MASS, INVERSE_MASS + 1), why);
      requireZero(where, at('inverseInertia'), s.subarray(INVERSE_INERTIA, INVERSE_INERTIA + 1), why);
      if (this.sleep.island !== 0) throw new RangeError(`${where}: ${at('island')} must be 0 (only a dynamic body sleeps), got ${show(this.sleep.island)}`);
    }
    if (this.type === 'static') {
      requireZero(where, at('linearVelocity'), this.linearVelocity, 'a static body cannot move');
      requireZero(where, at('angularVelocity'), s.subarray(ANGULAR_VELOCITY, ANGULAR_VELOCITY + 1), 'a static body cannot move');
    }
    // (cos θ, sin θ) follows from θ: recomputed and compared, the stored bits kept
    const stored = s.slice(ROTATION, ROTATION + 2);
    this.updateRotation();
    requireConsistent(where, at('rotation'), stored, this.rotation, '(cos θ, sin θ) of the angle');
    this.rotation.set(stored);
    const sleep = this.sleep;
    requireNonNegative(where, at('sleepTime'), sleep.time);
    requireInteger(where, at('island'), sleep.island, 0, Number.MAX_SAFE_INTEGER);
    requireFiniteNumbers(where, at('restPose'), sleep.restPose);
    if (this.type === 'kinematic') {
      requireInteger(where, at('kinematicTargetState'), this.kinematicTargetState, KINEMATIC_NONE, KINEMATIC_MOVING);
      requireFiniteNumbers(where, at('kinematicTarget'), this.kinematicTarget);
      requireAtMost(where, at('kinematicTarget'), this.kinematicTarget.subarray(0, 2), MAX_COORDINATE, 'm', true);
      // the target angle wrapped as moveKinematic wraps it (a world's is already: its bits stay); the
      // step's short turn expects [−π, π], and a target of 1e308 rad had turned the body at Infinity rad/s
      wrapAngleAt(this.kinematicTarget, 2);
    }
  }


  /** @internal The centre within `distance` of the rest pose's and the x axis, (cos θ, sin θ), within
   * `chord` of its rest direction (sleep.ts; the same sums as 3D's for a planar body). */
  isNearRestPose(distance: number, chord: number): boolean {
    const s = this.state, rest = this.sleep.restPose;
    const dx = s[POSITION] - rest[0], dy = s[POSITION + 1] - rest[1];
    if (dx * dx + dy * dy >= distance * distance) return false;
    const ex = s[ROTATION] - rest[2], ey = s[ROTATION + 1] - rest[3];
    return ex * ex + ey * ey < chord * chord;
  }
  /** @internal |v| < linear and |ω| < angular (sleep.ts; the same sums as 3D's for a planar body). */
  isSlowerThan(linear: number, angular: number): boolean {
    const v = this.linearVelocity, w = this.state[ANGULAR_VELOCITY];
    return v[0] * v[0] + v[1] * v[1] < linear * linear && w * w < angular * angular;
  }
  /** @internal The current pose becomes the rest pose. */
  setRestPose(): void {
    const s = this.state, rest = this.sleep.restPose;
    rest[0] = s[POSITION]; rest[1] = s[POSITION + 1];
    rest[2] = s[ROTATION]; rest[3] = s[ROTATION + 1];
  }
  /** @internal The first of position, angle and the velocities that is not finite, or null (the
   * world's check each step, as Body.nonFiniteQuantity: x · 0 is NaN only for a number not finite). */
  nonFiniteQuantity(): InvalidQuantity | null {
    const s = this.state;
    const z = s[POSITION] * 0 + s[POSITION + 1] * 0 + s[ANGLE] * 0 + s[LINEAR_VELOCITY] * 0 + s[LINEAR_VELOCITY + 1] * 0 + s[ANGULAR_VELOCITY] * 0;
    if (z === 0) return null;
    return !(s[POSITION] * 0 + s[POSITION + 1] * 0 === 0) ? 'position' : !(s[ANGLE] * 0 === 0) ? 'angle'
      : !(s[LINEAR_VELOCITY] * 0 + s[LINEAR_VELOCITY + 1] * 0 === 0) ? 'linearVelocity' : 'angularVelocity';
  }
  /** @internal Any velocity at all. */
  isMoving(): boolean {
    return this.linearVelocity[0] !== 0 || this.linearVelocity[1] !== 0 || this.state[ANGULAR_VELOCITY] !== 0;
  }
  /** @internal Zeroes v and ω (falling asleep). */
  stop(): void {
    this.linearVelocity.fill(0);
    this.state[ANGULAR_VELOCITY] = 0;
  }

  /** kg; Infinity for static and kinematic bodies. */
  get mass(): number {
    return this._mass;
  }
  /** m⁻¹, kg⁻¹; 0 for static and kinematic bodies. */
  get inverseMass(): number {
    return this.state[INVERSE_MASS];
  }
  /** I about the centre of mass, kg·m²; Infinity for static and kinematic bodies. */
  get inertia(): number {
    return this._inertia;
  }
  /** I⁻¹; 0 for static and kinematic bodies. */
  get inverseInertia(): number {
    return this.state[INVERSE_INERTIA];
  }
  /** rad, counter-clockwise, in [−π, π]: the body's angle is wrapped whenever it changes (by the step,
   * a setter or a pose target), so it never grows with the turns the body makes and its sine and cosine
   * stay exact however long it spins. Count turns from angularVelocity if they matter. */
  get angle(): number {
    return this.state[ANGLE];
  }
  /** rad/s, counter-clockwise. */
  get angularVelocity(): number {
    return this.state[ANGULAR_VELOCITY];
  }

  /** Wraps the angle to [−π, π] and recomputes `rotation` from it (the setters and the step call it).
   * (sin and cos through writeSinCos's array, the same bits as sin and cos: a double returned from a
   * call V8 does not inline is boxed.) */
  updateRotation(): void {
    const s = this.state;
    if (!(s[ANGLE] >= -Math.PI && s[ANGLE] <= Math.PI)) wrapAngleAt(s, ANGLE);
    sinCos[0] = s[ANGLE];
    writeSinCos(sinCos);
    s[ROTATION] = sinCos[2];
    s[ROTATION + 1] = sinCos[1];
  }

  /** Moves the body there at once (a teleport: it is drawn there, not interpolated from where it was). */
  setPosition(position: ArrayLike<number>): void {
    this.requireInWorld('setPosition');
    readPoint('setPosition', 'position', position, 2, this.position);
    this.previousPoseStep = NO_PREVIOUS_POSE;
    this.sleep.wake();
  }
  /** Turns the body to `angle` (rad, wrapped to [−π, π]) at once (a teleport, as setPosition). */
  setAngle(angle: number): void {
    this.requireInWorld('setAngle');
    this.state[ANGLE] = requireFinite('setAngle', 'angle', angle);
    this.updateRotation();
    this.previousPoseStep = NO_PREVIOUS_POSE;
    this.sleep.wake();
  }

  /** @internal The world, at the start of step number `stepNumber` (its stepCount once the step is
   * done), for each body the step moves: the current pose becomes the previous one. */
  recordPreviousPose(stepNumber: number): void {
    const s = this.state, previous = this.previousPose;
    previous[0] = s[POSITION]; previous[1] = s[POSITION + 1]; previous[2] = s[ANGLE];
    this.previousPoseStep = stepNumber;
  }

  /**
   * The centre of mass to draw (m), written to `out` (2 numbers) and returned: as in 3D,
   * `world.interpolationAlpha` of the way from where the last step started the body to where it is now;
   * the current position after `world.step(dt)` and for a body the last step did not move (asleep,
   * static, made or teleported since). Allocates nothing.
   */
  getInterpolatedPosition<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedPosition', out, 2);
    const t = interpolationFraction(this.owner, this.previousPoseStep);
    const s = this.state;
    if (t === 1) {
      out[0] = s[POSITION]; out[1] = s[POSITION + 1];
      return out;
    }
    const previous = this.previousPose, u = 1 - t;
    out[0] = u * previous[0] + t * s[POSITION];
    out[1] = u * previous[1] + t * s[POSITION + 1];
    return out;
  }

  /**
   * The angle to draw, rad in [−π, π]: 3D's getInterpolatedOrientation in the plane. Angles are wrapped,
   * so the blend takes the short way from the previous angle to the current one, as the 3D slerp does
   * (across the ±π seam it goes through π, not through 0; a body turning more than half a turn in one
   * step is drawn turning the other way, as in 3D).
   */
  getInterpolatedAngle(): number {
    const t = interpolationFraction(this.owner, this.previousPoseStep);
    const angle = this.state[ANGLE];
    if (t === 1) return angle;
    const previous = this.previousPose[2];
    let turn = angle - previous;
    if (turn > Math.PI) turn -= 2 * Math.PI;
    else if (turn < -Math.PI) turn += 2 * Math.PI;
    const drawn = previous + t * turn;
    return drawn >= -Math.PI && drawn <= Math.PI ? drawn : wrapAngleToPi(drawn);
  }
  /** Sets v, m/s; on a kinematic body, drops a pose target not yet reached (as in 3D). */
  setLinearVelocity(velocity: ArrayLike<number>): void {
    this.requireInWorld('setLinearVelocity');
    this.requireMovable('setLinearVelocity', velocity);
    readBoundedVector('setLinearVelocity', 'velocity', velocity, 2, this.linearVelocity, MAX_LINEAR_SPEED, ' m/s');
    this.kinematicTargetState = KINEMATIC_NONE;
    this.sleep.wake();
  }
  /** Sets ω, rad/s; on a kinematic body, drops a pose target not yet reached (as in 3D). */
  setAngularVelocity(velocity: number): void {
    this.requireInWorld('setAngularVelocity');
    this.requireMovable('setAngularVelocity', velocity);
    this.state[ANGULAR_VELOCITY] = readAngularSpeed('setAngularVelocity', 'velocity', velocity);
    this.kinematicTargetState = KINEMATIC_NONE;
    this.sleep.wake();
  }

  /**
   * Moves a kinematic body to a pose over the next step, as the 3D Body.moveKinematic: the step gives
   * it v = (x* − x) / dt and ω = (θ* − θ) / dt, and it ends the step exactly at `position` and `angle`
   * (rad, wrapped to [−π, π]; default: its angle now). θ* − θ is taken the short way, as the 3D body's
   * turn to a target orientation is: a target a whole turn ahead leaves the body where it is, and an
   * angle that grows without bound (t ω) drives the body at ω.
   */
  moveKinematic(position: ArrayLike<number>, angle?: number): void {
    const where = 'moveKinematic';
    this.requireInWorld(where);
    if (this.type !== 'kinematic') {
      throw new RangeError(`${where}: body ${this.id} is ${this.type}; only a kinematic body takes a pose target (setPosition moves any body at once)`);
    }
    readPoint(where, 'position', position, 2, scratch);
    const theta = angle === undefined ? this.state[ANGLE] : requireFinite(where, 'angle', angle);
    const target = this.kinematicTarget;
    target[0] = scratch[0];
    target[1] = scratch[1];
    target[2] = theta;
    wrapAngleAt(target, 2);
    this.kinematicTargetState = KINEMATIC_PENDING;
    this.sleep.wake();
    (this.owner as KinematicListener | null)?.kinematicTargetSet?.(this);
  }

  /** @internal The 2D Body.beginKinematicStep: v = (x* − x) / dt, ω = (θ* − θ) / dt. */
  beginKinematicStep(dt: number): boolean {
    const s = this.state, target = this.kinematicTarget;
    if (this.kinematicTargetState === KINEMATIC_PENDING) {
      s[LINEAR_VELOCITY] = (target[0] - s[POSITION]) / dt;
      s[LINEAR_VELOCITY + 1] = (target[1] - s[POSITION + 1]) / dt;
      // both angles are in [−π, π]; the turn the short way
      let turn = target[2] - s[ANGLE];
      if (turn > Math.PI) turn -= 2 * Math.PI;
      else if (turn < -Math.PI) turn += 2 * Math.PI;
      s[ANGULAR_VELOCITY] = turn / dt;
      this.kinematicTargetState = KINEMATIC_MOVING;
      return true;
    }
    if (this.kinematicTargetState === KINEMATIC_MOVING) {
      s[LINEAR_VELOCITY] = 0;
      s[LINEAR_VELOCITY + 1] = 0;
      s[ANGULAR_VELOCITY] = 0;
      this.kinematicTargetState = KINEMATIC_NONE;
    }
    return false;
  }

  /** @internal After the step: exactly on the target (as in 3D). */
  finishKinematicStep(): void {
    if (this.kinematicTargetState !== KINEMATIC_MOVING) return;
    const s = this.state, target = this.kinematicTarget;
    s[POSITION] = target[0];
    s[POSITION + 1] = target[1];
    s[ANGLE] = target[2];
    this.updateRotation();
  }

  /**
   * Makes the body dynamic, kinematic or static, as the 3D Body.setType: its joints kept (refused when
   * one would be left without a dynamic body), what it touches woken; made static, it stops; a kinematic
   * body keeps its velocity. A 2D body has no shapes to weigh: made dynamic it takes createBody's
   * defaults, 1 kg and 1/6 kg·m² (setMassProperties after it for others).
   */
  setType(type: BodyType): void {
    const where = 'setType';
    this.requireInWorld(where);
    readBodyType(where, type);
    if (type === this.type) return;
    const listener = this.owner as TypeListener | null;
    listener?.checkBodyType?.(this, type);
    listener?.bodyTypeChanging?.(this);
    this.sleep.wake();
    const self = this as { type: BodyType; isDynamic: boolean };
    self.type = type;
    self.isDynamic = type === 'dynamic';
    if (type !== 'kinematic') this.kinematicTargetState = KINEMATIC_NONE;
    const s = this.state;
    if (type === 'static') {
      s[LINEAR_VELOCITY] = 0;
      s[LINEAR_VELOCITY + 1] = 0;
      s[ANGULAR_VELOCITY] = 0;
    }
    this._mass = type === 'dynamic' ? 1 : Infinity;
    this._inertia = type === 'dynamic' ? 1 / 6 : Infinity;
    s[INVERSE_MASS] = type === 'dynamic' ? 1 : 0;
    s[INVERSE_INERTIA] = type === 'dynamic' ? 6 : 0;
    listener?.bodyTypeChanged?.(this);
  }

  /** Changes a dynamic body's mass (kg) and inertia (default: scaled with the mass). */
  setMassProperties(mass: number, inertia?: number): void {
    const where = 'setMassProperties';
    this.requireInWorld(where);
    if (!this.isDynamic) throw new RangeError(`${where}: body ${this.id} is ${this.type}; only dynamic bodies have mass`);
    requirePositiveWithin(where, 'mass', mass, MIN_MASS, MAX_MASS, ' kg');
    const I = inertia === undefined
      ? requireWithin(where, `the inertia scaled to mass ${show(mass)}`, (this._inertia * mass) / this._mass, MIN_INERTIA, MAX_INERTIA, ' kg·m²')
      : readInertia(where, 'inertia', inertia);
    this._mass = mass;
    this._inertia = I;
    this.state[INVERSE_MASS] = 1 / mass;
    this.state[INVERSE_INERTIA] = 1 / I;
    this.sleep.wake();
  }

  /** Adds a force (N) for the next step, at `worldPoint` (m) or at the centre of mass. */
  applyForce(force: ArrayLike<number>, worldPoint?: ArrayLike<number>): void {
    this.requireInWorld('applyForce');
    readFiniteVector('applyForce', 'force', force, 2, scratch);
    const fx = scratch[0], fy = scratch[1];
    let torque = this._torque;
    if (worldPoint !== undefined) {
      readFiniteVector('applyForce', 'worldPoint', worldPoint, 2, scratch);
      torque += (scratch[0] - this.position[0]) * fy - (scratch[1] - this.position[1]) * fx;
    }
    const sum = scratchSum;
    sum[0] = this.force[0] + fx;
    sum[1] = this.force[1] + fy;
    sum[2] = torque;
    requireAccumulated('applyForce', 'force', force, worldPoint, 'force', sum, MAX_FORCE, 'N', 0, 2);
    requireAccumulated('applyForce', 'force', force, worldPoint, 'torque', sum, MAX_TORQUE, 'N·m', 2, 3);
    this.force[0] = sum[0];
    this.force[1] = sum[1];
    this._torque = torque;
    this.sleep.wake();
  }
  /** Adds a torque (N·m, counter-clockwise) for the next step. */
  applyTorque(torque: number): void {
    this.requireInWorld('applyTorque');
    const sum = this._torque + requireFinite('applyTorque', 'torque', torque);
    scratchSum[0] = sum;
    requireAccumulated('applyTorque', 'torque', torque, undefined, 'torque', scratchSum, MAX_TORQUE, 'N·m', 0, 1);
    this._torque = sum;
    this.sleep.wake();
  }
  /** Changes the velocity at once by an impulse (N·s) at `worldPoint` or at the centre of mass. */
  applyLinearImpulse(impulse: ArrayLike<number>, worldPoint?: ArrayLike<number>): void {
    this.requireInWorld('applyLinearImpulse');
    readFiniteVector('applyLinearImpulse', 'impulse', impulse, 2, scratch);
    const px = scratch[0], py = scratch[1];
    let angular = 0;
    if (worldPoint !== undefined) {
      readFiniteVector('applyLinearImpulse', 'worldPoint', worldPoint, 2, scratch);
      angular = (scratch[0] - this.position[0]) * py - (scratch[1] - this.position[1]) * px;
    }
    if (!this.isDynamic) return;
    const speed = Math.hypot(this.linearVelocity[0] + this.state[INVERSE_MASS] * px, this.linearVelocity[1] + this.state[INVERSE_MASS] * py);
    if (!(speed <= MAX_LINEAR_SPEED)) {
      throw new RangeError(`applyLinearImpulse: impulse ${show(impulse)} would give body ${this.id} a speed of ${show(speed)} m/s, more than the ${showBound(MAX_LINEAR_SPEED)} m/s allowed (README, "Limits")`);
    }
    const turning = this.state[ANGULAR_VELOCITY] + this.state[INVERSE_INERTIA] * angular;
    if (!(Math.abs(turning) <= MAX_ANGULAR_SPEED)) {
      throw new RangeError(`applyLinearImpulse: impulse ${show(impulse)} would turn body ${this.id} at ${show(turning)} rad/s, more than the ${showBound(MAX_ANGULAR_SPEED)} rad/s allowed (README, "Limits")`);
    }
    this.sleep.wake();
    this.linearVelocity[0] += this.state[INVERSE_MASS] * px;
    this.linearVelocity[1] += this.state[INVERSE_MASS] * py;
    this.state[ANGULAR_VELOCITY] += this.state[INVERSE_INERTIA] * angular;
  }

  /** World position of a point given in body axes relative to the centre of mass: x + R p. */
  getWorldPoint(out: Float64Array | number[], localPoint: ArrayLike<number>): Float64Array | number[] {
    requireWritable('getWorldPoint', out, 2);
    const c = this.state[ROTATION], s = this.state[ROTATION + 1];
    const px = localPoint[0], py = localPoint[1];
    out[0] = this.position[0] + c * px - s * py;
    out[1] = this.position[1] + s * px + c * py;
    return out;
  }
  /** Body-axes coordinates of a world point: Rᵀ (p − x). */
  getLocalPoint(out: Float64Array | number[], worldPoint: ArrayLike<number>): Float64Array | number[] {
    requireWritable('getLocalPoint', out, 2);
    const c = this.state[ROTATION], s = this.state[ROTATION + 1];
    const dx = worldPoint[0] - this.position[0], dy = worldPoint[1] - this.position[1];
    out[0] = c * dx + s * dy;
    out[1] = -s * dx + c * dy;
    return out;
  }
  /** ½ m v·v + ½ I ω², J (0 for static and kinematic bodies). */
  getKineticEnergy(): number {
    if (!this.isDynamic) return 0;
    const v = this.linearVelocity, w = this.state[ANGULAR_VELOCITY];
    return 0.5 * this._mass * (v[0] * v[0] + v[1] * v[1]) + 0.5 * this._inertia * w * w;
  }
}
