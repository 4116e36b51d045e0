// Revolute joint (2 rows): a point of A and a point of B coincide; the bodies turn freely about it, or
// within angle limits, driven by a motor or servo, against friction. The 2D point part
// (parts/point-part.ts) plus one angular axis row (parts/axis-part.ts) carrying the drive
// (lib/joints/parts/axis-drive.ts, the same code as the 3D hinge's). The 3D hinge about z
// (lib/joints/hinge-joint.ts) is its 3D form, and for planar motion the two agree to round-off.
//
//   θ = θ_b − θ_a − θ₀ (wrapped to (−π, π]),   θ̇ = ω_b − ω_a
//
// Per solve, as the hinge: the drive rows first (servo, motor, friction, limits), then the point rows.

import type { Body2D } from '../body.js';
import type { Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, Joint2D, readReferenceAngle, worldPoint2D, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D } from './local-frames.js';
import { definedOptions } from '../../joints/joint-core.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { PointConstraintPart2D, writePointLoad } from './parts/point-part.js';
import { AxisConstraintPart2D, writeSignedRow } from './parts/axis-part.js';
import { AxisDrive, wrapAngle, type MotorOptions, type ServoOptions } from '../../joints/parts/axis-drive.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import { MAX_REFERENCE_ANGLE } from '../../limits.js';
import { readPoint, requireWritable } from '../../util/validate.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface RevoluteJointOptions extends Joint2DOptions {
  /** The pivot, world space, m (required unless localFrameA and localFrameB are given). */
  anchor?: Vector2Input;
  /** Angle limits, rad, measured from the pose at creation, each in [−2π, 2π]: the arc of the circle from
   * lowerAngle to upperAngle (so [0, 3π/2] passes ±π); limits a whole turn or more apart leave the joint
   * free. One given alone, the other is ±π. Default: none. */
  lowerAngle?: number;
  upperAngle?: number;
  /** A velocity motor: target speed (rad/s) with a torque cap (N·m). */
  motor?: MotorOptions;
  /** A position servo: a spring toward a target angle (rad) with a torque cap. */
  servo?: ServoOptions;
  /** Coulomb friction torque, N·m. Default 0. */
  frictionTorque?: number;
  /** B's pivot, world space, when it is not `anchor`: the joint starts with that gap, and closes it. */
  anchorB?: Vector2Input;
  /** θ_b − θ_a at angle 0, rad (the angle, its limits and servo are measured from it). Default: the
   * bodies' at creation. */
  referenceAngle?: number;
}
/** @internal The keys of RevoluteJointOptions (option-keys.ts). */
export const REVOLUTE_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_2D_OPTION_KEYS, ...optionKeys<Omit<RevoluteJointOptions, keyof Joint2DOptions>>({ anchor: true, lowerAngle: true, upperAngle: true, motor: true, servo: true, frictionTorque: true, anchorB: true, referenceAngle: true })];

/** The revolute joint's definition (lib/joints/joint-definition.ts): World2D.createRevoluteJoint checks the
 * options and makes it through make. */
export const REVOLUTE_JOINT_DEFINITION: JointDefinition<RevoluteJoint, RevoluteJointOptions, Body2D> = {
  type: 'revolute',
  make(context, options) {
    const where = 'createRevoluteJoint';
    checkOptionKeys(where, options, REVOLUTE_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', referenceAngle: 'referenceAngle' });
    const anchor = readPoint(where, 'anchor', options.anchor, 2, new Float64Array(2));
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 2, new Float64Array(2));
    const reference = options.referenceAngle === undefined ? undefined : readReferenceAngle(where, options.referenceAngle);
    return new RevoluteJoint(context.nextId, bodyA, bodyB, anchor, options, anchorB, reference);
  },
  placeholder: (context, bodyA, bodyB) => REVOLUTE_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

export class RevoluteJoint extends Joint2D {
  readonly type = 'revolute' as const;
  readonly rowCount = 2;
  readonly point = new PointConstraintPart2D();
  readonly axisRow = new AxisConstraintPart2D();
  protected readonly drive = new AxisDrive(true, -2 * Math.PI, 2 * Math.PI, true);
  /** θ_b − θ_a at creation (read-only: the angle, its limits and servo are measured from it). */
  get referenceAngle(): number {
    return this._referenceAngle;
  }
  private _referenceAngle: number;

  /** @internal Use world.createRevoluteJoint. `anchor`, `anchorB` and `referenceAngle` are already checked. */
  constructor(
    id: number, bodyA: Body2D, bodyB: Body2D, anchor: Float64Array, options: RevoluteJointOptions, anchorB?: Float64Array, referenceAngle?: number,
  ) {
    super(id, bodyA, bodyB, options, 'createRevoluteJoint');
    this.equalityRows = [this.point];
    this.drive.configure(
      'createRevoluteJoint',
      { lower: options.lowerAngle, upper: options.upperAngle, motor: options.motor, servo: options.servo, friction: options.frictionTorque },
      { lower: 'lowerAngle', upper: 'upperAngle', friction: 'frictionTorque' },
    );
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
    this._referenceAngle = referenceAngle ?? bodyB.angle - bodyA.angle;
  }

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors at the bodies' current
   * poses, the reference angle, and the limits, motor or servo and friction. */
  toOptions(): RevoluteJointOptions {
    const drive = this.drive.toOptions();
    return definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint2D(this.bodyA, this.point.localAnchorA), anchorB: worldPoint2D(this.bodyB, this.point.localAnchorB),
      referenceAngle: this._referenceAngle,
      lowerAngle: drive.lower, upperAngle: drive.upper, motor: drive.motor, servo: drive.servo, frictionTorque: drive.friction,
    });
  }

  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 2);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 2);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  /** θ = θ_b − θ_a − θ₀, rad in (−π, π]. */
  getAngle(): number {
    return wrapAngle(this.bodyB.angle - this.bodyA.angle - this._referenceAngle);
  }
  /** θ̇ = ω_b − ω_a, rad/s. */
  getSpeed(): number {
    return this.bodyB.angularVelocity - this.bodyA.angularVelocity;
  }

  get lowerAngle(): number {
    return this.drive.lower;
  }
  get upperAngle(): number {
    return this.drive.upper;
  }
  /** The motor's target speed, rad/s (as the 3D hinge's). */
  get motorSpeed(): number {
    return this.drive.speed;
  }
  /** The servo's target angle, rad. */
  get servoTarget(): number {
    return this.drive.target;
  }
  /** The motor's or servo's torque cap, N·m. */
  get maxMotorTorque(): number {
    return this.drive.maxForce;
  }
  /** Sets the angle limits (rad, each in [−2π, 2π], an arc of the circle as lowerAngle and upperAngle); (−Infinity, Infinity) removes them. */
  setLimits(lower: number, upper: number): void {
    this.requireInWorld('setLimits');
    this.drive.setLimits('setLimits', lower, upper);
    this.wakeBodies();
  }
  override get isDriving(): boolean {
    return this.drive.isDriving;
  }
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.drive.mode;
  }
  setMotor(options: MotorOptions): void {
    this.requireInWorld('setMotor');
    this.drive.setMotor('setMotor', options);
    this.wakeBodies();
  }
  setServo(options: ServoOptions): void {
    this.requireInWorld('setServo');
    this.drive.setServo('setServo', options);
    this.wakeBodies();
  }
  disableMotor(): void {
    this.requireInWorld('disableMotor');
    this.drive.disableMotor();
    this.wakeBodies();
  }
  get frictionTorque(): number {
    return this.drive.friction;
  }
  set frictionTorque(value: number) {
    this.requireInWorld('frictionTorque');
    this.drive.setFriction('frictionTorque', value);
    this.wakeBodies();
  }
  /** The torque the motor or servo applied over the last step, on B, N·m (as the 3D hinge's). */
  getMotorTorque(): number {
    return this.drive.motorForce;
  }
  /** The torque the limits applied over the last step, on B, N·m: positive from the lower limit, negative
   * from the upper. */
  getLimitTorque(): number {
    return this.drive.limitForce;
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

  /** @internal */
  prepare(step: SubstepLength): void {
    this.updateSpring(step);
    this.point.prepare(this.bodyA, this.bodyB);
    this.point.factor(this.springCompliance);
    this.axisRow.setAngular(this.bodyA, this.bodyB);
    this.drive.setAngle(this.getAngle());
    this.drive.prepare(step);
  }
  protected override checkParts(where: string, path: string): void {
    this.drive.checkState(where, `${path}.drive`);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.drive.saveState(writer);
    writer.writeBoundedNumber(this._referenceAngle, MAX_REFERENCE_ANGLE);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.drive.loadState(reader);
    this._referenceAngle = reader.read();
  }

  /** @internal */
  warmStart(): void {
    this.point.warmStart(this.bodyA, this.bodyB);
    this.drive.warmStart(this.axisRow, this.bodyA, this.bodyB);
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    this.drive.solve(this.axisRow, this.bodyA, this.bodyB, soft, useBias, !this.directLimits, !this.directFriction);
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.point.solve(this.bodyA, this.bodyB, holding);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.point.impulse;
    p[0] *= ratio; p[1] *= ratio;
    this.drive.scale(ratio);
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    this.drive.finishStep(dt);
  }
  override clearReadout(): void {
    super.clearReadout();
    this.drive.clearReadout();
  }
  /** @internal */
  accumulateImpulse(): void {
    this.drive.accumulate();
    const p = this.point.impulse, s = this.linearImpulseSum;
    s[0] += p[0]; s[1] += p[1];
    this.angularImpulseSum[0] += this.drive.totalImpulse();
  }

  // the direct solver's interface, as the 3D hinge's (lib/joints/free-axis-joint.ts)
  /** @internal */
  override get hasIterativeRows(): boolean {
    return this.drive.hasRows;
  }
  /** @internal */
  override get hasDriveRows(): boolean {
    return this.drive.hasDriveRows;
  }
  protected override get axisDrive(): AxisDrive {
    return this.drive;
  }
  protected override writeAxisRow(sign: number, out: Float64Array, at: number): void {
    writeSignedRow(this.axisRow, sign, out, at);
  }
  /** @internal */
  override writePointLoad(out: Float64Array): boolean {
    writePointLoad(out, this.point.impulse, this.point.rA, this.point.rB);
    return true;
  }

  writeEffectiveMass(out: Float64Array): void {
    out.set(this.point.K);
  }
}
