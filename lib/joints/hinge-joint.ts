// Hinge joint (5 rows): the point part (3 rows) keeps the anchor together, the hinge rotation part
// (2 rows) keeps the hinge axes aligned, and both are solved as one coupled 5x5 block
// (parts/coupled-rows.ts), as the weld solves its 6. The one free rotation, about the axis, carries
// the optional limits, motor, servo and friction (parts/axis-drive.ts) on one angular axis row:
//
//   θ   = the twist angle of B's frame about A's hinge axis (joint-frames.ts), 0 at creation, (−π, π]
//   θ̇   = t·(ω_b − ω_a),  t = (a_a + a_b) / (1 + a_a·a_b)   (= the hinge axis while the axes are aligned)
//   K_t = tᵀ (I_a⁻¹ + I_b⁻¹) t
//
// What it shares with the prismatic joint (the coupled block, the frames, the drive, the solve) is in
// free-axis-joint.ts.

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import { JOINT_OPTION_KEYS, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { frameAxes, readFrameB, readNormal } from './joint-frames.js';
import { readDirection, readPoint } from '../util/validate.js';
import type { JointDefinition } from './joint-definition.js';
import { definedOptions } from './joint-core.js';
import { FreeAxisJoint } from './free-axis-joint.js';
import { HingeRotationPart } from './parts/hinge-rotation-part.js';
import { writePointLoad } from './parts/point-part.js';
import { AxisDrive, type MotorOptions, type ServoOptions } from './parts/axis-drive.js';
import type { Float64Allocator } from '../util/arena.js';
import { atan2 } from '../math/portable.js';
import type { SubstepLength } from '../solver/step-parts.js';
import {
  AT_ANGLE_LIMIT, drawArc, drawnAnchorA, drawNeedle, JOINT_DRAW_COLOURS, NEEDLE_LENGTH, requireDrawArguments, type DebugLines,
} from './joint-drawing.js';
import type { Vector3Input } from '../util/vector-input.js';

export interface HingeJointOptions extends JointOptions {
  /** A point on the hinge axis, world space, m (required unless localFrameA and localFrameB are given). */
  anchor?: Vector3Input;
  /** The hinge axis, world space (any length but zero) (required unless localFrameA and localFrameB are given). */
  axis?: Vector3Input;
  /** Where angle 0's reference points, world space (made perpendicular to the axis). Optional. */
  normal?: Vector3Input;
  /** Angle limits, rad, measured from the pose at creation, each in [−2π, 2π]: the arc of the circle from
   * lowerAngle to upperAngle (so [0, 3π/2] passes ±π); limits a whole turn or more apart leave the hinge
   * free. One given alone, the other is ±π. Default: none. */
  lowerAngle?: number;
  upperAngle?: number;
  /** A velocity motor: target speed (rad/s) with a torque cap (N·m). */
  motor?: MotorOptions;
  /** A position servo: a spring toward a target angle (rad) with a torque cap. */
  servo?: ServoOptions;
  /** Coulomb friction torque about the axis, N·m. Default 0. */
  frictionTorque?: number;
  /** B's point on the axis, world space, when it is not `anchor`: the joint starts with that gap, and
   * closes it. */
  anchorB?: Vector3Input;
  /** B's hinge axis and normal, world space (default `axis` and `normal`): apart from A's, the joint starts
   * at the angle (and misalignment) between them. What toOptions() gives for a joint away from angle 0. */
  axisB?: Vector3Input;
  normalB?: Vector3Input;
}
/** @internal The keys of HingeJointOptions (option-keys.ts). */
export const HINGE_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_OPTION_KEYS, ...optionKeys<Omit<HingeJointOptions, keyof JointOptions>>({ anchor: true, axis: true, normal: true, lowerAngle: true, upperAngle: true, motor: true, servo: true, frictionTorque: true, anchorB: true, axisB: true, normalB: true })];

/** The hinge's definition (joint-definition.ts): World.createHingeJoint checks the options and makes it
 * through make. */
export const HINGE_JOINT_DEFINITION: JointDefinition<HingeJoint, HingeJointOptions, Body> = {
  type: 'hinge',
  make(context, options) {
    const where = 'createHingeJoint';
    checkOptionKeys(where, options, HINGE_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', axis: 'axis', normal: 'normal', axisB: 'axisB', normalB: 'normalB' });
    const anchor = readPoint(where, 'anchor', options.anchor, 3, new Float64Array(3));
    const axis = readDirection(where, 'axis', options.axis, new Float64Array(3));
    const normal = readNormal(where, 'normal', options.normal, axis);
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    const [axisB, normalB] = readFrameB(where, options, axis, normal);
    return new HingeJoint(context.nextId, bodyA, bodyB, anchor, axis, normal, options, context.arena, anchorB, axisB, normalB);
  },
  placeholder: (context, bodyA, bodyB) => HINGE_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0, 0], axis: [1, 0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const twist = new Float64Array(3);

export class HingeJoint extends FreeAxisJoint {
  readonly type = 'hinge' as const;
  readonly hingeRotation = new HingeRotationPart();

  /** @internal Use world.createHingeJoint; `anchor`, `axis`, `normal` and B's are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, axis: Float64Array, normal: Float64Array | undefined,
    options: HingeJointOptions, allocator?: Float64Allocator, anchorB?: Float64Array, axisB?: Float64Array, normalB?: Float64Array,
  ) {
    super(
      id, bodyA, bodyB, options, 'createHingeJoint', anchor, anchorB, new AxisDrive(true, -2 * Math.PI, 2 * Math.PI, true),
      { lower: options.lowerAngle, upper: options.upperAngle, motor: options.motor, servo: options.servo, friction: options.frictionTorque },
      { lower: 'lowerAngle', upper: 'upperAngle', friction: 'frictionTorque' },
      allocator,
    );
    this.frames.setFromWorld(bodyA, bodyB, axis, normal, axisB, normalB);
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors and both frames at the
   * bodies' current poses, and the limits, motor or servo and friction. */
  toOptions(): HingeJointOptions {
    const [axisB, normalB] = frameAxes(this.bodyB, this.frames.localRotationB);
    const drive = this.drive.toOptions();
    return definedOptions({
      ...this.freeAxisOptions(), axisB, normalB,
      lowerAngle: drive.lower, upperAngle: drive.upper, motor: drive.motor, servo: drive.servo, frictionTorque: drive.friction,
    });
  }

  // ---- what a user reads and sets ----

  /** The hinge angle, rad in (−π, π], 0 at the pose the joint was made in (right-handed about the axis). */
  getAngle(): number {
    this.frames.update(this.bodyA, this.bodyB);
    return this.frames.twistAngle();
  }
  /** The hinge's angular speed θ̇, rad/s. */
  getSpeed(): number {
    this.frames.update(this.bodyA, this.bodyB);
    const t = this.frames.twistAxis(twist), a = this.bodyA.angularVelocity, b = this.bodyB.angularVelocity;
    return t[0] * (b[0] - a[0]) + t[1] * (b[1] - a[1]) + t[2] * (b[2] - a[2]);
  }
  get lowerAngle(): number {
    return this.drive.lower;
  }
  get upperAngle(): number {
    return this.drive.upper;
  }
  get motorSpeed(): number {
    return this.drive.speed;
  }
  get servoTarget(): number {
    return this.drive.target;
  }
  get maxMotorTorque(): number {
    return this.drive.maxForce;
  }
  /** Coulomb friction torque about the axis, N·m. */
  get frictionTorque(): number {
    return this.drive.friction;
  }
  set frictionTorque(value: number) {
    this.requireInWorld('frictionTorque');
    this.drive.setFriction('frictionTorque', value);
    this.wakeBodies();
  }
  /** Torque the drive (motor or servo, friction and limits) applied about the axis over the last substep, N·m. */
  getAxialImpulse(): number {
    return this.drive.totalImpulse();
  }
  /** The torque the motor or servo applied about the axis over the last step, on B, N·m (signed about the
   * axis). */
  getMotorTorque(): number {
    return this.drive.motorForce;
  }
  /** The torque the limits applied about the axis over the last step, on B, N·m: positive from the lower
   * limit, negative from the upper. A motor pressing B into a limit reads getLimitTorque() = −getMotorTorque(). */
  getLimitTorque(): number {
    return this.drive.limitForce;
  }

  /**
   * Draws the hinge's limits (see Joint.drawLimits) at A's anchor, in the plane perpendicular to its axis:
   * the sector from lowerAngle to upperAngle (an arc of up to a whole turn; its rim `size` m from the
   * anchor), measured as getAngle() is, from frame A's y axis toward its z axis, and a needle at
   * getAngle(), red within 0.02 rad of a limit. Draws nothing when the hinge has no limits, or limits
   * a whole turn apart (which leave it free).
   */
  override drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
    const drive = this.drive;
    if (!drive.hasLower && !drive.hasUpper) return;
    const lower = Math.max(drive.lower, -2 * Math.PI), upper = Math.min(drive.upper, 2 * Math.PI);
    this.updateDrawnAnchors();
    const frames = this.frames, angle = frames.twistAngle(), colours = JOINT_DRAW_COLOURS;
    drawArc(lines, drawnAnchorA, frames.yA, frames.zA, size, lower, upper, colours.limit, true);
    const position = drive.arcPosition(angle);
    const atLimit = position - lower < AT_ANGLE_LIMIT || upper - position < AT_ANGLE_LIMIT;
    drawNeedle(lines, drawnAnchorA, frames.yA, frames.zA, angle, NEEDLE_LENGTH * size, atLimit ? colours.atLimit : colours.needle);
  }

  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  /** Misalignment of the two hinge axes, rad. */
  getAngularError(): number {
    this.frames.update(this.bodyA, this.bodyB);
    const a = this.frames.xA, b = this.frames.xB;
    const cx = a[1] * b[2] - a[2] * b[1], cy = a[2] * b[0] - a[0] * b[2], cz = a[0] * b[1] - a[1] * b[0];
    return atan2(Math.hypot(cx, cy, cz), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
  }

  // ---- solver ----

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, rows = this.rows, frames = this.frames;
    this.updateSpring(step);
    this.point.prepare(bodyA, bodyB);
    frames.update(bodyA, bodyB);
    this.hingeRotation.prepare(frames);
    this.point.writeJacobian(rows.J, 0);
    this.hingeRotation.writeJacobian(rows.J, 3);
    const C = rows.C, Cp = this.point.C, Ch = this.hingeRotation.C;
    C[0] = Cp[0]; C[1] = Cp[1]; C[2] = Cp[2]; C[3] = Ch[0]; C[4] = Ch[1];
    rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
    const t = frames.twistAxis(twist);
    this.axisRow.setAngular(bodyA, bodyB, t);
    frames.updateTwistAngle();
    this.drive.setAngle(frames.twist);
    this.drive.prepare(step);
  }

  /** @internal The point rows are the coupled block's first three. */
  override writePointLoad(out: Float64Array): boolean {
    writePointLoad(out, this.rows.impulse, this.point.rA, this.point.rB);
    return true;
  }

  /** @internal */
  accumulateImpulse(): void {
    this.drive.accumulate();
    const p = this.rows.impulse, sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    sl[0] += p[0]; sl[1] += p[1]; sl[2] += p[2];
    // torque about the anchor: the hinge rows' and the axis row's angular impulses on B
    const b = this.hingeRotation.axisB, c = this.hingeRotation.axisC, j = this.axisRow.jB, axial = this.drive.totalImpulse();
    for (let k = 0; k < 3; k++) sa[k] += p[3] * b[k] + p[4] * c[k] + axial * j[k];
  }
}
