// Ball joint (3 rows): a point of A and a point of B coincide; all rotation is free, or limited to a
// swing cone and a twist range (the ragdoll joint), with optional joint friction.
//
// The 3 rows are the point constraint part alone; its math is in parts/point-part.ts:
//   C = x_b + r_b − x_a − r_a,  J = [ −I  [r_a]×  I  −[r_b]× ],
//   K = (m_a⁻¹ + m_b⁻¹) I − [r_a]× I_a⁻¹ [r_a]× − [r_b]× I_b⁻¹ [r_b]×,  λ = −K⁻¹ (J v + b).
// The limits are inequality rows on the relative rotation of two joint frames (joint-frames.ts): the
// swing cone (elliptical, half-angles about the frame's y and z axes; parts/swing-twist-part.ts) and
// the twist range about the frame's x axis (a lower and an upper limit row, parts/axis-drive.ts).
// Friction is parts/angular-friction-part.ts. Per solve: friction, the limits, then the point rows
// (the point rows last: holding the anchor matters most).

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import { MAX_PUSH_ANGULAR_SPEED, type Softness } from '../solver/softness.js';
import { Joint, JOINT_OPTION_KEYS, worldPoint, type JointOptions } from './joint.js';
import { optionKeys } from '../util/option-keys.js';
import { PointConstraintPart, writePointLoad } from './parts/point-part.js';
import { AxisConstraintPart, writeSignedRow } from './parts/axis-part.js';
import { AxisDrive, limitSolve, LIMIT_C, LIMIT_INVERSE_H, LIMIT_MAX_PUSH, LIMIT_PRESSED, solveLimitRow } from './parts/axis-drive.js';
import { AngularFrictionPart } from './parts/angular-friction-part.js';
import { RotationServo, type RotationServoOptions } from './parts/rotation-servo.js';
import { MIN_SWING_HALF_ANGLE, SwingLimitPart } from './parts/swing-twist-part.js';
import { frameAxes, JointFrames, readFrameB, readNormal, setLocalFrames } from './joint-frames.js';
import { readBounds, readDirection, readPoint, requireNonNegative, requireWithin, show, requireWritable } from '../util/validate.js';
import { checkOptionKeys } from '../util/option-keys.js';
import type { JointDefinition } from './joint-definition.js';
import { definedOptions } from './joint-core.js';
import { MAX_TORQUE } from '../limits.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import {
  AT_ANGLE_LIMIT, coneHalfAngle, drawArc, drawConeRim, drawJointFrames, drawnAnchorA, drawnAnchorB, drawNeedle, drawRay,
  JOINT_DRAW_COLOURS, NEEDLE_LENGTH, requireDrawArguments, type DebugLines,
} from './joint-drawing.js';
import type { Vector3Input } from '../util/vector-input.js';

export interface BallJointOptions extends JointOptions {
  /** The joint's pivot in world space, m (required unless localFrameA and localFrameB are given). */
  anchor?: Vector3Input;
  /** The twist axis of the joint frame, world space (needed with limits; default [1, 0, 0]). For a
   * ragdoll limb, the bone's direction. */
  axis?: Vector3Input;
  /** The frame's y axis, world space (made perpendicular to `axis`): the plane of the first swing
   * half-angle. Optional. */
  normal?: Vector3Input;
  /** Swing cone half-angles, rad, in (0, π]: one number for a circular cone, or [about y, about z]
   * for an elliptical one. Default π (no cone). */
  swingLimit?: number | readonly [number, number];
  /** Twist range about the axis, [lower, upper] rad within [−π, π]. Default none. */
  twistLimit?: readonly [number, number];
  /** Coulomb friction torque on the relative rotation, N·m. Default 0. */
  frictionTorque?: number;
  /** B's pivot, world space, when it is not `anchor`: the joint starts with that gap, and closes it. */
  anchorB?: Vector3Input;
  /** B's frame, world space (default `axis` and `normal`): apart from A's, the joint starts at the swing
   * and twist between them. What toOptions() gives for a joint away from its rest pose. */
  axisB?: Vector3Input;
  normalB?: Vector3Input;
  /** A servo driving B's orientation in A's axes toward a target with a capped torque (the powered
   * ragdoll's muscle; parts/rotation-servo.ts). Default: none. */
  servo?: RotationServoOptions;
}
/** @internal The keys of BallJointOptions (option-keys.ts). */
export const BALL_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_OPTION_KEYS, ...optionKeys<Omit<BallJointOptions, keyof JointOptions>>({ anchor: true, axis: true, normal: true, swingLimit: true, twistLimit: true, frictionTorque: true, anchorB: true, axisB: true, normalB: true, servo: true })];

/** The ball joint's definition (joint-definition.ts): World.createBallJoint checks the options and makes
 * it through make. */
export const BALL_JOINT_DEFINITION: JointDefinition<BallJoint, BallJointOptions, Body> = {
  type: 'ball',
  make(context, options) {
    const where = 'createBallJoint';
    checkOptionKeys(where, options, BALL_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', axis: 'axis', normal: 'normal', axisB: 'axisB', normalB: 'normalB' });
    const anchor = readPoint(where, 'anchor', options.anchor, 3, new Float64Array(3));
    const axis = options.axis === undefined ? undefined : readDirection(where, 'axis', options.axis, new Float64Array(3));
    const normal = readNormal(where, 'normal', options.normal, axis ?? [1, 0, 0]);
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    const [axisB, normalB] = readFrameB(where, options, axis ?? [1, 0, 0], normal);
    return new BallJoint(context.nextId, bodyA, bodyB, anchor, options, context.arena, axis, normal, anchorB, axisB, normalB);
  },
  placeholder: (context, bodyA, bodyB) => BALL_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const twist = new Float64Array(3);
/** A's frame y and z axes turned by the swing (drawLimits' twist range). */
const swungY = new Float64Array(3);
const swungZ = new Float64Array(3);

/** The twist range's radius and its needle's length over the drawing's size. */
const TWIST_RADIUS = 0.5;
const TWIST_NEEDLE = 0.6;

export class BallJoint extends Joint {
  readonly type = 'ball' as const;
  readonly rowCount = 3;
  readonly point: PointConstraintPart;
  /** The joint frames' rotations in A's and B's axes (8 numbers), fixed at creation. */
  private readonly localFrames: Float64Array;
  /** Limits and friction: made on first use, so a plain ball joint (a chain's link) carries none. */
  private extras: BallJointExtras | null = null;
  private limited = false;
  private _frictionTorque = 0;
  /** The servo toward a target orientation, made when first set (null: none). */
  private servo: RotationServo | null = null;

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal Use world.createBallJoint. `anchor`, `axis`, `normal` and B's are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, options: BallJointOptions, allocator?: Float64Allocator,
    axis?: Float64Array, normal?: Float64Array, anchorB?: Float64Array, axisB?: Float64Array, normalB?: Float64Array,
  ) {
    super(id, bodyA, bodyB, options, 'createBallJoint', allocator);
    const where = 'createBallJoint';
    const swing = options.swingLimit === undefined ? undefined : readSwing(where, options.swingLimit);
    let twist: [number, number] | undefined;
    if (options.twistLimit !== undefined) {
      const limit = options.twistLimit;
      if (!Array.isArray(limit) || limit.length !== 2) {
        throw new TypeError(`${where}: twistLimit must be [lower, upper], got ${show(limit)}`);
      }
      twist = readBounds(where, 'twistLimit[0]', 'twistLimit[1]', limit[0], limit[1], -Math.PI, Math.PI);
    }
    const friction = options.frictionTorque === undefined ? 0 : requireFrictionTorque(where, 'frictionTorque', options.frictionTorque);
    this.point = new PointConstraintPart(allocator);
    this.equalityRows = [this.point];
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
    this.localFrames = allocator ? allocator.allocate(8) : new Float64Array(8);
    setLocalFrames(this.localFrames.subarray(0, 4), this.localFrames.subarray(4, 8), bodyA, bodyB, axis ?? [1, 0, 0], normal, axisB, normalB);
    if (swing !== undefined) this.setSwingLimit(swing[0], swing[1]);
    if (twist !== undefined) this.setTwistLimit(twist[0], twist[1]);
    this.frictionTorque = friction;
    if (options.servo !== undefined) this.setServo(options.servo);
  }

  // ---- the servo ----

  /**
   * Drives B's orientation in A's axes (q_a⁻¹ q_b) toward `target` with a spring (`hertz` and
   * `dampingRatio`, or `stiffness` and `damping`; default as stiff as the world's joints) whose torque
   * is capped at `maxTorque` N·m (parts/rotation-servo.ts). The limits hold against it. Setting it again
   * (a new target each frame, as an animation does) keeps its warm start. Wakes the bodies.
   */
  setServo(options: RotationServoOptions): void {
    this.requireInWorld('setServo');
    // (configure checks everything before it changes anything: a refused call leaves the servo as it was)
    const servo = this.servo ?? new RotationServo();
    servo.configure('setServo', options);
    this.servo = servo;
    this.wakeBodies();
  }
  /** Switches the servo off. */
  disableMotor(): void {
    this.requireInWorld('disableMotor');
    this.servo = null;
    this.wakeBodies();
  }
  /** 'position' with a servo, else 'off' (as the hinge's). */
  get motorMode(): 'off' | 'position' {
    return this.servo === null ? 'off' : 'position';
  }
  /** The servo's options (toOptions' form), or null without one. */
  get servoOptions(): RotationServoOptions | null {
    return this.servo?.toOptions() ?? null;
  }
  /** The servo's torque on B over the last step, world frame, N·m (zero without a servo). */
  getMotorTorque(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getMotorTorque', out, 3);
    const t = this.servo?.torque;
    out[0] = t ? t[0] : 0; out[1] = t ? t[1] : 0; out[2] = t ? t[2] : 0;
    return out;
  }

  /** The limit and friction parts, made on first use. */
  private get parts(): BallJointExtras {
    return (this.extras ??= new BallJointExtras(this.localFrames));
  }
  /** The parts the queries (getSwingAngle, the rows and frames) read through: the joint's own, or, for a
   * joint that has none, spare ones kept apart from its state, so that reading never changes the joint
   * (its snapshot and hash stay the same, and it gains no rows). */
  private get readableParts(): BallJointExtras {
    return this.extras ?? (this.spareParts ??= new BallJointExtras(this.localFrames));
  }
  private spareParts: BallJointExtras | null = null;
  /** The options that make this joint again (see JointCore.toOptions): both anchors and both frames at the
   * bodies' current poses, the swing cone and twist range if it has them, and its friction. */
  toOptions(): BallJointOptions {
    const [axis, normal] = frameAxes(this.bodyA, this.localFrames.subarray(0, 4));
    const [axisB, normalB] = frameAxes(this.bodyB, this.localFrames.subarray(4, 8));
    const options: BallJointOptions = definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint(this.bodyA, this.point.localAnchorA), anchorB: worldPoint(this.bodyB, this.point.localAnchorB),
      axis, normal, axisB, normalB, frictionTorque: this._frictionTorque,
    });
    const y = this.swingHalfAngleY, z = this.swingHalfAngleZ;
    if (y < Math.PI || z < Math.PI) options.swingLimit = [y, z];
    // (a range open on one side, which only a restored snapshot can hold, is closed at ±π)
    const [lower, upper] = this.twistLimit;
    if (lower > -Infinity || upper < Infinity) options.twistLimit = [Math.max(lower, -Math.PI), Math.min(upper, Math.PI)];
    if (this.servo !== null) options.servo = this.servo.toOptions();
    return options;
  }

  /** The parts, which exist while the joint has limits or friction (their setters make them). The step's
   * calls (prepare, warmStart, solve, accumulateImpulse and the direct solver's limit and friction rows)
   * read them here, not through `parts`: through `parts` V8 inlines
   * the parts' constructors, whose maps are deprecated when a field of theirs changes representation,
   * and then aborts optimizing the solve again and again ("maps became deprecated"), leaving it
   * unoptimized and boxing its doubles. */
  private get existingParts(): BallJointExtras {
    return this.extras as BallJointExtras;
  }
  /** The swing-cone row and the twist row (J and K at the last prepare), for tests and solvers. */
  get swingRow(): AxisConstraintPart {
    return this.readableParts.swingRow;
  }
  get twistRow(): AxisConstraintPart {
    return this.readableParts.twistRow;
  }
  /** The joint frames (axes at the last prepare or query). */
  get frames(): JointFrames {
    return this.readableParts.frames;
  }

  /** The anchor as carried by body A / body B, world space (they coincide when the joint holds). */
  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 3);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 3);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  // ---- limits and friction ----

  /** Swing cone half-angles about the frame's y and z axes, rad (π: no cone). */
  get swingLimit(): [number, number] {
    return [this.swingHalfAngleY, this.swingHalfAngleZ];
  }
  /** The swing cone's half-angles one at a time (no array: for per-frame reads). */
  get swingHalfAngleY(): number {
    return this.extras?.swing.halfAngleY ?? Math.PI;
  }
  get swingHalfAngleZ(): number {
    return this.extras?.swing.halfAngleZ ?? Math.PI;
  }
  /** Sets the swing cone: half-angles in (0, π] about the frame's y and z axes (z defaults to y); π
   * removes it. */
  setSwingLimit(halfAngleY: number, halfAngleZ: number = halfAngleY): void {
    this.requireInWorld('setSwingLimit');
    const [y, z] = readSwing('setSwingLimit', [halfAngleY, halfAngleZ]);
    const parts = this.parts;
    parts.swing.halfAngleY = y;
    parts.swing.halfAngleZ = z;
    if (!parts.swing.active) parts.swingImpulse[0] = 0;
    this.updateLimited();
    this.wakeBodies();
  }
  /** The twist range, rad ([−Infinity, Infinity]: none). */
  get twistLimit(): [number, number] {
    const twist = this.extras?.twist;
    return twist ? [twist.lower, twist.upper] : [-Infinity, Infinity];
  }
  /** Sets the twist range, rad within [−π, π]; (−Infinity, Infinity) removes it. */
  setTwistLimit(lower: number, upper: number): void {
    this.requireInWorld('setTwistLimit');
    // checked before `parts` makes the limit parts: a refused call leaves the joint (and its snapshot) as
    // it was
    if (lower !== -Infinity || upper !== Infinity) readBounds('setTwistLimit', 'lower', 'upper', lower, upper, -Math.PI, Math.PI);
    this.parts.twist.setLimits('setTwistLimit', lower, upper);
    this.updateLimited();
    this.wakeBodies();
  }
  /** Coulomb friction torque on the relative rotation, N·m. */
  get frictionTorque(): number {
    return this._frictionTorque;
  }
  set frictionTorque(value: number) {
    this.requireInWorld('frictionTorque');
    this._frictionTorque = requireFrictionTorque('frictionTorque', 'frictionTorque', value);
    if (value > 0) this.parts.friction.impulse.fill(0);
    else this.extras?.friction.impulse.fill(0);
    this.wakeBodies();
  }
  /** The swing angle (between the frames' twist axes) at the current poses, rad. */
  getSwingAngle(): number {
    const parts = this.readableParts;
    parts.frames.update(this.bodyA, this.bodyB);
    parts.swing.prepare(parts.frames);
    return parts.swing.swing;
  }
  /** How far inside the swing cone the current pose is, rad (negative: outside). */
  getSwingMargin(): number {
    const parts = this.readableParts;
    parts.frames.update(this.bodyA, this.bodyB);
    parts.swing.prepare(parts.frames);
    return parts.swing.C;
  }
  /** The twist angle about the frame's x axis at the current poses, rad. */
  getTwistAngle(): number {
    const parts = this.readableParts;
    parts.frames.update(this.bodyA, this.bodyB);
    return parts.frames.twistAngle();
  }

  // ---- drawing ----

  /** Draws A's joint frame at A's anchor and B's at B's (see Joint.drawFrames): x is the twist axis. (A joint
   * without limits or friction makes the frames it reads on its first call, once.) */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    const frames = this.frames;
    this.updateDrawnFrames(frames);
    drawJointFrames(lines, frames, drawnAnchorA, drawnAnchorB, size);
  }

  /**
   * Draws the ball joint's limits (see Joint.drawLimits) at A's anchor. With a swing cone: the cone B's
   * twist axis must stay inside, around frame A's x axis, `size` m long and elliptical with half-angles
   * swingHalfAngleY (the swing about y, toward ±z) and swingHalfAngleZ (about z, toward ±y): its rim,
   * where getSwingMargin() is 0, and lines from the apex to it. With a twist range: an arc of half that
   * radius in the plane perpendicular to B's twist axis, from the lower to the upper twist angle, measured
   * from A's y axis carried along by the swing, and a needle at getTwistAngle() (along B's y axis). Then a
   * needle along B's twist axis. Each needle turns red within 0.02 rad of its limit. Draws nothing
   * without a cone or a twist range.
   */
  override drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
    const extras = this.extras;
    if (extras === null || !this.limited) return;
    const frames = extras.frames, swing = extras.swing, range = extras.twist, colours = JOINT_DRAW_COLOURS;
    this.updateDrawnFrames(frames);
    const p = drawnAnchorA;
    let atSwingLimit = false;
    if (swing.active) {
      drawConeRim(lines, p, frames.xA, frames.yA, frames.zA, swing.halfAngleY, swing.halfAngleZ, size, colours.limit);
      atSwingLimit = swingMargin(frames, swing.halfAngleY, swing.halfAngleZ) < AT_ANGLE_LIMIT;
    }
    if (range.lower > -Infinity || range.upper < Infinity) {
      const lower = Math.max(range.lower, -Math.PI), upper = Math.min(range.upper, Math.PI), angle = frames.twistAngle();
      swingAxes(frames, swungY, swungZ);
      drawArc(lines, p, swungY, swungZ, TWIST_RADIUS * size, lower, upper, colours.twist, true);
      const atLimit = angle - lower < AT_ANGLE_LIMIT || upper - angle < AT_ANGLE_LIMIT;
      drawNeedle(lines, p, swungY, swungZ, angle, TWIST_NEEDLE * size, atLimit ? colours.atLimit : colours.needle);
    }
    drawRay(lines, p, frames.xB, NEEDLE_LENGTH * size, atSwingLimit ? colours.atLimit : colours.needle);
  }

  /** `frames` (the joint's own or the spare ones) and the drawn anchors at the bodies' current poses. */
  private updateDrawnFrames(frames: JointFrames): void {
    frames.update(this.bodyA, this.bodyB);
    this.bodyA.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    this.bodyB.getWorldPoint(drawnAnchorB, this.point.localAnchorB);
  }

  private updateLimited(): void {
    const parts = this.extras;
    this.limited = parts !== null && (parts.swing.active || parts.twist.lower > -Infinity || parts.twist.upper < Infinity);
  }

  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getAngularError(): number {
    return 0;
  }

  protected override checkParts(where: string, path: string): void {
    requireFrictionTorque(where, `${path}.frictionTorque`, this._frictionTorque);
    this.servo?.checkState(where, `${path}.servo`);
    const extras = this.extras;
    if (extras === null) return;
    readSwing(`${where}: ${path}`, [extras.swing.halfAngleY, extras.swing.halfAngleZ]);
    extras.twist.checkState(where, `${path}.twist`);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    writer.writeUnitQuaternion(this.localFrames.subarray(0, 4));
    writer.writeUnitQuaternion(this.localFrames.subarray(4, 8));
    writer.write(this._frictionTorque);
    const extras = this.extras, servo = this.servo;
    // flags: 1 the limit and friction parts, 2 a servo (a joint without one writes 0 or 1, as before)
    writer.write((extras !== null ? 1 : 0) + (servo !== null ? 2 : 0));
    if (extras !== null) {
      writer.write(extras.swing.halfAngleY);
      writer.write(extras.swing.halfAngleZ);
      writer.writeArray(extras.swingImpulse);
      extras.twist.saveState(writer);
      writer.writeArray(extras.friction.impulse);
    }
    if (servo !== null) servo.saveState(writer);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    reader.readInto(this.localFrames);
    this._frictionTorque = reader.read();
    const flags = reader.read();
    if ((flags & 1) !== 0) {
      const extras = this.parts;
      extras.swing.halfAngleY = reader.read();
      extras.swing.halfAngleZ = reader.read();
      reader.readInto(extras.swingImpulse);
      extras.twist.loadState(reader);
      reader.readInto(extras.friction.impulse);
    } else {
      this.extras = null;
    }
    if ((flags & 2) !== 0) {
      const servo = new RotationServo();
      servo.loadState(reader);
      this.servo = servo;
    } else {
      this.servo = null;
    }
    this.updateLimited();
  }

  // ---- solver ----

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    this.updateSpring(step);
    // K and K⁻¹ are for the iterative solve only
    this.point.prepare(bodyA, bodyB, !this.direct);
    if (!this.direct) this.point.factor(this.springCompliance);
    if (this.servo !== null) this.servo.prepare(bodyA, bodyB, step.h);
    if (this.limited || this._frictionTorque > 0) {
      const frictionTorque = this._frictionTorque;
      const parts = this.existingParts;
      parts.prepare(bodyA, bodyB, step, this.limited, frictionTorque > 0);
      if (frictionTorque > 0) parts.friction.maxImpulse = frictionTorque * step.h;
    }
  }

  /** @internal */
  warmStart(): void {
    this.point.warmStart(this.bodyA, this.bodyB);
    if (this.servo !== null) this.servo.warmStart(this.bodyA, this.bodyB);
    if (this.limited || this._frictionTorque > 0) this.existingParts.warmStart(this.bodyA, this.bodyB, this.limited, this._frictionTorque > 0);
  }

  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    // the servo first: the limits then hold against it
    if (this.servo !== null) this.servo.solve(bodyA, bodyB, soft, useBias);
    if (this.limited || this._frictionTorque > 0) this.existingParts.solve(bodyA, bodyB, soft, useBias, this.limited && !this.directLimits, !this.directFriction && this._frictionTorque > 0);
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.point.solve(bodyA, bodyB, holding);
  }

  /** @internal */
  override get limitRowCount(): number {
    return this.limited ? this.existingParts.limitRowCount : 0;
  }
  /** @internal */
  override writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void {
    this.existingParts.writeLimitRow(k, out, at, error, errorAt);
  }
  /** @internal */
  override get frictionRowCount(): number {
    return this._frictionTorque > 0 ? 3 : 0;
  }
  /** @internal Row k: the relative rotation about world axis k, J = [0 −e_k 0 e_k] (parts/angular-friction-part.ts). */
  override writeFrictionRow(k: number, out: Float64Array, at: number): void {
    for (let i = 0; i < 12; i++) out[at + i] = 0;
    out[at + 3 + k] = -1;
    out[at + 9 + k] = 1;
  }
  /** @internal */
  override writeFrictionImpulseBound(out: Float64Array, at: number): void {
    out[at] = this.existingParts.friction.maxImpulse;
  }
  /** @internal */
  override frictionImpulses(): Float64Array {
    return this.existingParts.friction.impulse;
  }
  /** @internal */
  override frictionImpulseAt(k: number): number {
    return k;
  }
  /** @internal */
  override limitImpulses(k: number): Float64Array {
    return this.existingParts.limitImpulses(k);
  }
  /** @internal */
  override limitImpulseAt(k: number): number {
    return this.existingParts.limitImpulseAt(k);
  }

  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.point.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
    if (this.extras !== null) this.extras.scale(ratio);
    if (this.servo !== null) this.servo.scale(ratio);
  }

  /** @internal Limits, friction (the rows in the lazily made extras) or a servo. */
  override get hasIterativeRows(): boolean {
    return this.limited || this._frictionTorque > 0 || this.servo !== null;
  }
  /** @internal A servo: rows the direct solver never holds. */
  override get hasDriveRows(): boolean {
    return this.servo !== null;
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    if (this.servo !== null) this.servo.finishStep(dt);
  }
  /** @internal */
  override writePointLoad(out: Float64Array): boolean {
    writePointLoad(out, this.point.impulse, this.point.rA, this.point.rB);
    return true;
  }

  /** @internal */
  accumulateImpulse(): void {
    const p = this.point.impulse, sl = this.linearImpulseSum;
    sl[0] += p[0]; sl[1] += p[1]; sl[2] += p[2];
    if (this.limited || this._frictionTorque > 0) this.existingParts.addTorque(this.angularImpulseSum, this.limited, this._frictionTorque > 0);
    if (this.servo !== null) this.servo.accumulate(this.angularImpulseSum);
  }

  writeEffectiveMass(out: Float64Array): void {
    if (this.direct) this.point.writeMass(this.bodyA, this.bodyB); // (not kept up to date while direct)
    out.set(this.point.K);
  }
}

/**
 * How far inside the swing cone B's twist axis is, rad: getSwingMargin()'s C = φ_max(ψ) − φ
 * (parts/swing-twist-part.ts), read from the frames (updated) without preparing the swing part. With
 * u = B's twist axis in frame A's axes, φ = angle(x, u) and ψ = atan2(u_z, u_y).
 */
function swingMargin(frames: JointFrames, halfAngleY: number, halfAngleZ: number): number {
  const b = frames.xB, x = frames.xA, y = frames.yA, z = frames.zA;
  const ux = x[0] * b[0] + x[1] * b[1] + x[2] * b[2];
  const uy = y[0] * b[0] + y[1] * b[1] + y[2] * b[2];
  const uz = z[0] * b[0] + z[1] * b[1] + z[2] * b[2];
  const phi = Math.atan2(Math.sqrt(uy * uy + uz * uz), ux);
  return coneHalfAngle(Math.atan2(uz, uy), Math.max(halfAngleY, MIN_SWING_HALF_ANGLE), Math.max(halfAngleZ, MIN_SWING_HALF_ANGLE)) - phi;
}

/**
 * Frame A's y and z axes turned by the swing (world space): the twist angle's 0 and π/2 in the plane
 * perpendicular to B's twist axis, so that B's y axis is cos θ y' + sin θ z' at twist θ. The swing of
 * q_rel = q_swing q_twist (joint-frames.ts) is the shortest turn from A's x axis a to B's b:
 *   R v = c v + k × v + k (k·v) / (1 + c),   k = a × b,  c = a·b
 * (singular only at a half-turn swing).
 */
function swingAxes(frames: JointFrames, outY: Float64Array, outZ: Float64Array): void {
  const a = frames.xA, b = frames.xB;
  const kx = a[1] * b[2] - a[2] * b[1], ky = a[2] * b[0] - a[0] * b[2], kz = a[0] * b[1] - a[1] * b[0];
  const c = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const s = 1 / Math.max(1 + c, 1e-9);
  turn(frames.yA, outY, kx, ky, kz, c, s);
  turn(frames.zA, outZ, kx, ky, kz, c, s);
}

function turn(v: Float64Array, out: Float64Array, kx: number, ky: number, kz: number, c: number, s: number): void {
  const vx = v[0], vy = v[1], vz = v[2], kv = (kx * vx + ky * vy + kz * vz) * s;
  out[0] = c * vx + ky * vz - kz * vy + kx * kv;
  out[1] = c * vy + kz * vx - kx * vz + ky * kv;
  out[2] = c * vz + kx * vy - ky * vx + kz * kv;
}

/** Joint friction torque, N·m: finite, ≥ 0, at most MAX_TORQUE (README, "Limits"). */
function requireFrictionTorque(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requireNonNegative(where, name, value), 0, MAX_TORQUE, ' N·m');
}

function readSwing(where: string, value: unknown): [number, number] {
  const pair = typeof value === 'number' ? [value, value] : value;
  if (!Array.isArray(pair) || pair.length !== 2) {
    throw new TypeError(`${where}: swingLimit must be a half-angle or [about y, about z], got ${show(value)}`);
  }
  for (const angle of pair) {
    if (typeof angle !== 'number' || !(angle > 0) || !(angle <= Math.PI)) {
      throw new RangeError(`${where}: swing half-angles must be in (0, π] rad, got ${show(value)}`);
    }
  }
  return [pair[0] as number, pair[1] as number];
}

/**
 * A ball joint's limit and friction parts (made on first use): the frames, the swing row, the twist
 * range and the friction part, with what each solve does with them.
 */
class BallJointExtras {
  readonly frames: JointFrames;
  readonly swing = new SwingLimitPart();
  readonly swingRow = new AxisConstraintPart();
  /** The swing row's accumulated impulse. */
  readonly swingImpulse = new Float64Array(1);
  readonly twistRow = new AxisConstraintPart();
  /** The twist range (lower and upper limits only). */
  readonly twist = new AxisDrive(true, -Math.PI, Math.PI);
  readonly friction = new AngularFrictionPart();
  private inverseH = 0;

  constructor(localFrames: Float64Array) {
    this.frames = new JointFrames(localFrames);
  }

  /** `friction`: whether the joint has friction torque (the caller sets friction.maxImpulse, a double
   * kept out of the arguments: a double passed to a call V8 does not inline is boxed). */
  prepare(bodyA: Body, bodyB: Body, step: SubstepLength, limited: boolean, friction: boolean): void {
    this.inverseH = 1 / step.h;
    if (limited) {
      const frames = this.frames;
      frames.update(bodyA, bodyB);
      if (this.swing.active) {
        this.swing.prepare(frames);
        const j = this.swing.j;
        this.swingRow.setAngular(bodyA, bodyB, j);
      }
      const t = frames.twistAxis(twist);
      this.twistRow.setAngular(bodyA, bodyB, t);
      frames.updateTwistAngle();
      this.twist.position = frames.twist;
      this.twist.prepare(step);
    }
    if (friction) this.friction.prepare(bodyA, bodyB);
  }

  warmStart(bodyA: Body, bodyB: Body, limited: boolean, friction: boolean): void {
    if (limited) {
      if (this.swing.active) this.swingRow.applyImpulseAt(bodyA, bodyB, this.swingImpulse, 0);
      this.twist.warmStart(this.twistRow, bodyA, bodyB);
    }
    if (friction) this.friction.warmStart(bodyA, bodyB);
  }

  /** Friction first, then the limits (the point rows follow, in BallJoint.solve). */
  solve(bodyA: Body, bodyB: Body, soft: Readonly<Softness>, useBias: boolean, limited: boolean, friction: boolean): void {
    if (friction) this.friction.solve(bodyA, bodyB);
    if (limited) {
      if (this.swing.active) {
        limitSolve[LIMIT_C] = this.swing.C;
        limitSolve[LIMIT_INVERSE_H] = this.inverseH;
        limitSolve[LIMIT_MAX_PUSH] = MAX_PUSH_ANGULAR_SPEED;
        limitSolve[LIMIT_PRESSED] = 0;
        solveLimitRow(this.swingRow, bodyA, bodyB, this.swingImpulse, 0, 1, soft);
      }
      this.twist.solve(this.twistRow, bodyA, bodyB, soft, useBias);
    }
  }

  /** The limit rows for the direct solver: the swing cone's (when it is on), then the twist limits. */
  get limitRowCount(): number {
    return (this.swing.active ? 1 : 0) + this.twist.limitRowCount;
  }
  writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void {
    if (this.swing.active && k === 0) {
      writeSignedRow(this.swingRow, 1, out, at);
      error[errorAt] = this.swing.C;
      return;
    }
    const t = this.swing.active ? k - 1 : k;
    writeSignedRow(this.twistRow, this.twist.limitSign(t), out, at);
    error[errorAt] = this.twist.limitError(t);
  }
  /** Where limit row k's impulse is kept: the swing row's own, or the twist drive's limit slot. */
  limitImpulses(k: number): Float64Array {
    return this.swing.active && k === 0 ? this.swingImpulse : this.twist.impulses;
  }
  limitImpulseAt(k: number): number {
    return this.swing.active && k === 0 ? 0 : this.twist.limitSlot(this.swing.active ? k - 1 : k);
  }

  scale(ratio: number): void {
    this.swingImpulse[0] *= ratio;
    this.twist.scale(ratio);
    const f = this.friction.impulse;
    f[0] *= ratio; f[1] *= ratio; f[2] *= ratio;
  }

  /** Adds the angular impulse the limit and friction rows gave body B this substep. */
  addTorque(sum: Float64Array, limited: boolean, friction: boolean): void {
    const s = limited && this.swing.active ? this.swingImpulse[0] : 0;
    const t = limited ? this.twist.totalImpulse() : 0;
    const f = this.friction.impulse, js = this.swingRow.jB, jt = this.twistRow.jB;
    const fs = friction ? 1 : 0;
    for (let k = 0; k < 3; k++) sum[k] += s * js[k] + t * jt[k] + fs * f[k];
  }
}
