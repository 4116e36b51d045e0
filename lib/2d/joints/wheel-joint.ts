// Wheel joint in 2D: a wheel (bodyB) on a chassis (bodyA), Box2D v3's b2WheelJoint (Erin Catto). The
// wheel's centre is kept on the line through the anchor along suspensionAxis (fixed in the chassis) by one
// exact row across it; along the line it moves on a spring, the suspension (a servo toward translation 0,
// in hertz or N/m, within optional travel limits); it spins about z freely, or under a motor (drive, or
// brake at speed 0). The 3D wheel joint (lib/joints/wheel-joint.ts) with spin axis [0, 0, 1] and an in-plane
// suspensionAxis is its 3D form (the plane has no steering), and for planar motion the two agree to
// round-off. A chassis of m kg on two wheels of stiffness k sinks m g / 2k.
//
// With d = x_b + r_b − x_a − r_a, a = R(θ_a) a_local the suspension axis in the world, n = a turned +90°:
//   line row        C = n·d,   J = [ −nᵀ  −(r_a + d) × n  nᵀ  r_b × n ]          (prismatic-joint.ts)
//                   K = m_a⁻¹ + m_b⁻¹ + i_a ((r_a + d) × n)² + i_b (r_b × n)²
//                   one row of CoupledRows2D (parts/coupled-rows.ts), so the direct solver can read it
//   suspension      x = a·d, the same linear row along a (parts/axis-part.ts setLinear), its AxisDrive a servo
//                   toward x = 0 with the limits (lib/joints/parts/axis-drive.ts)
//   spin            θ̇ = ω_b − ω_a, J = [ 0 −1 0 1 ] (setAngular), its AxisDrive a motor (rad/s, N·m) or off
// Per solve, as the 3D wheel's (lib/joints/axes-joint.ts): the suspension's rows, the spin's, then the line
// row. Forces on B: the line row's λ n and the suspension's along a; torques: their moments r_b × n λ and
// r_b × a λ about B's centre and the spin motor's (as the 3D wheel reports them).

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import type { Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, Joint2D, worldPoint2D, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D } from './local-frames.js';
import { definedOptions } from '../../joints/joint-core.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { PointConstraintPart2D } from './parts/point-part.js';
import { CoupledRows2D } from './parts/coupled-rows.js';
import { AxisConstraintPart2D, writeSignedRow } from './parts/axis-part.js';
import { AxisDrive, type MotorOptions } from '../../joints/parts/axis-drive.js';
import { readSuspension, type SuspensionOptions } from '../../joints/wheel-joint.js';
import {
  measureSlide, readDirection2D, requireUnitAxis, slideAxis, slideFromPoint, slideLever, slideOffset, writeLineRow,
} from './parts/slide-geometry.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import { readPoint, requireWritable } from '../../util/validate.js';
import type { Vector2Input } from '../../util/vector-input.js';

export type { SuspensionOptions } from '../../joints/wheel-joint.js';

export interface WheelJoint2DOptions extends Joint2DOptions {
  /** The wheel's centre at rest, world space, m (bodyA the chassis, bodyB the wheel) (required unless
   * localFrameA and localFrameB are given: then frame A's position). */
  anchor?: Vector2Input;
  /** The direction the wheel moves on its spring, world space (fixed in the chassis). */
  suspensionAxis: Vector2Input;
  /** The suspension's travel from rest along suspensionAxis, m. Default: none. */
  lowerTranslation?: number;
  upperTranslation?: number;
  /** The suspension's spring. */
  suspension: SuspensionOptions;
  /** A motor on the spin (speed rad/s, maxForce N·m): drive, or brake at speed 0. Default: none. */
  motor?: MotorOptions;
}
/** @internal The keys of WheelJoint2DOptions (option-keys.ts). */
export const WHEEL_JOINT_2D_OPTION_KEYS: readonly string[] = [
  ...JOINT_2D_OPTION_KEYS,
  ...optionKeys<Omit<WheelJoint2DOptions, keyof Joint2DOptions>>({
    anchor: true, suspensionAxis: true, lowerTranslation: true, upperTranslation: true, suspension: true, motor: true,
  }),
];

/** The 2D wheel joint's definition (lib/joints/joint-definition.ts): World2D.createWheelJoint checks the
 * options and makes it through make. */
export const WHEEL_JOINT_2D_DEFINITION: JointDefinition<WheelJoint2D, WheelJoint2DOptions, Body2D> = {
  type: 'wheel',
  make(context, options) {
    const where = 'createWheelJoint';
    checkOptionKeys(where, options, WHEEL_JOINT_2D_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    // (as the 3D wheel: the frames give the anchor, frame A's position)
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { anchor: 'anchor' });
    const anchor = readPoint(where, 'anchor', options.anchor, 2, new Float64Array(2));
    const axis = readDirection2D(where, 'suspensionAxis', options.suspensionAxis, new Float64Array(2));
    const suspension = readSuspension(where, options.suspension);
    return new WheelJoint2D(context.nextId, bodyA, bodyB, anchor, axis, options, suspension);
  },
  placeholder: (context, bodyA, bodyB) =>
    WHEEL_JOINT_2D_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0], suspensionAxis: [0, 1], suspension: { hertz: 5 } }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const ROTATION = BODY2D_STATE.rotation;

export class WheelJoint2D extends Joint2D {
  readonly type = 'wheel' as const;
  readonly rowCount = 1;
  /** The anchor, fixed in both bodies (the wheel's at rest), and at each prepare the lever arms and d. */
  readonly point = new PointConstraintPart2D();
  /** The line row, across the suspension axis. */
  readonly rows = new CoupledRows2D(1);
  /** The suspension's row, along the axis, and the spin's, about z. */
  readonly suspensionRow = new AxisConstraintPart2D();
  readonly spinRow = new AxisConstraintPart2D();
  /** The suspension: a servo toward translation 0, within the travel limits (as the 3D wheel's). */
  protected readonly suspension = new AxisDrive(false, -Infinity, Infinity);
  /** The spin: off, or a motor (the 3D wheel's rotation drive: no limits, no servo, no friction). Its
   * position (the spin angle) is never read, and stays 0. */
  protected readonly spin = new AxisDrive(true, -2 * Math.PI, 2 * Math.PI, true);
  /** The suspension axis in A's axes (a unit vector). */
  private readonly localAxis = new Float64Array(2);

  /** @internal Use world.createWheelJoint. `anchor`, `axis` (unit) and `suspension` are already checked. */
  constructor(
    id: number, bodyA: Body2D, bodyB: Body2D, anchor: Float64Array, axis: Float64Array, options: WheelJoint2DOptions, suspension: SuspensionOptions,
  ) {
    const where = 'createWheelJoint';
    super(id, bodyA, bodyB, options, where);
    this.equalityRows = [this.rows];
    this.suspension.configure(
      where, { lower: options.lowerTranslation, upper: options.upperTranslation, servo: { target: 0, ...suspension } },
      { lower: 'lowerTranslation', upper: 'upperTranslation', friction: 'suspension friction' },
    );
    this.spin.configure(where, { motor: options.motor }, { lower: 'lowerAngle', upper: 'upperAngle', friction: 'frictionTorque' });
    this.point.setWorldAnchor(bodyA, bodyB, anchor);
    const c = bodyA.state[ROTATION], s = bodyA.state[ROTATION + 1];
    this.localAxis[0] = c * axis[0] + s * axis[1];
    this.localAxis[1] = -s * axis[0] + c * axis[1];
  }

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** The options that make this joint again (see JointCore.toOptions): the anchor (A's) and the suspension
   * axis at the bodies' current poses, the travel limits, the spring and the motor. As the 3D wheel's, it
   * makes a wheel at rest where B's anchor is now A's. */
  toOptions(): WheelJoint2DOptions {
    const suspension = this.suspension, servo = suspension.toOptions().servo;
    const spring: SuspensionOptions = servo?.stiffness !== undefined
      ? { stiffness: servo.stiffness, damping: servo.damping }
      : { hertz: servo?.hertz ?? 0, dampingRatio: servo?.dampingRatio };
    measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
    return definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint2D(this.bodyA, this.point.localAnchorA), suspensionAxis: [slideAxis[0], slideAxis[1]],
      lowerTranslation: suspension.lower > -Infinity ? suspension.lower : undefined, upperTranslation: suspension.upper < Infinity ? suspension.upper : undefined,
      suspension: spring, motor: this.spin.mode === 'velocity' ? this.spin.toOptions().motor : undefined,
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
  /** The suspension axis (A's), world space: 2 numbers. */
  getSuspensionAxis(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getSuspensionAxis', out, 2);
    measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
    out[0] = slideAxis[0]; out[1] = slideAxis[1];
    return out;
  }

  /** The suspension's travel from rest along its axis, m (positive: along suspensionAxis). */
  getSuspensionTranslation(): number {
    return measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
  }
  /** The wheel's spin rate relative to the chassis, rad/s (counter-clockwise). */
  getSpinSpeed(): number {
    return this.bodyB.angularVelocity - this.bodyA.angularVelocity;
  }
  /** The spin motor's torque over the last step, on the wheel, N·m. */
  getMotorTorque(): number {
    return this.spin.motorForce;
  }
  /** A motor on the spin: speed rad/s, maxForce N·m (speed 0: a brake). */
  setMotor(options: MotorOptions): void {
    this.requireInWorld('setMotor');
    this.spin.setMotor('setMotor', options);
    this.wakeBodies();
  }
  /** 'velocity' with a motor (or brake), else 'off'. */
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.spin.mode;
  }
  disableMotor(): void {
    this.requireInWorld('disableMotor');
    this.spin.disableMotor();
    this.wakeBodies();
  }
  override get isDriving(): boolean {
    return this.suspension.isDriving || this.spin.isDriving;
  }

  /** Distance of the wheel's anchor from the suspension line, m. */
  getError(): number {
    return this.getLinearError();
  }
  getLinearError(): number {
    measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
    return Math.abs(slideOffset());
  }
  /** 0: the wheel turns freely (no rotation is held). */
  getAngularError(): number {
    return 0;
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, rows = this.rows;
    this.updateSpring(step);
    this.point.prepare(bodyA, bodyB);
    const x = slideFromPoint(bodyA, this.point, this.localAxis), rB = this.point.rB;
    writeLineRow(rows.J, 0, rB);
    rows.C[0] = slideOffset();
    rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
    this.suspensionRow.setLinear(bodyA, bodyB, slideAxis, slideLever, rB);
    this.suspension.position = x;
    this.suspension.prepare(step);
    this.spinRow.setAngular(bodyA, bodyB);
    this.spin.prepare(step);
  }

  /** The drives' settings as the options check them, and what a wheel's drives are: the suspension a servo
   * without friction, the spin off or a motor. */
  protected override checkParts(where: string, path: string): void {
    this.suspension.checkState(where, `${path}.suspension`);
    this.spin.checkState(where, `${path}.spin`);
    if (this.suspension.mode !== 'position' || this.suspension.friction !== 0) {
      throw new RangeError(`${where}: ${path}.suspension must be a servo without friction (the suspension's spring), got mode ${this.suspension.mode}, friction ${this.suspension.friction}`);
    }
    const spin = this.spin;
    if (spin.mode === 'position' || spin.friction !== 0 || spin.lower !== -Infinity || spin.upper !== Infinity) {
      throw new RangeError(`${where}: ${path}.spin must be off or a motor, without limits or friction, got mode ${spin.mode}`);
    }
    requireUnitAxis(where, `${path}.suspensionAxis`, this.localAxis);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    writer.writeArray(this.rows.impulse);
    this.suspension.saveState(writer);
    this.spin.saveState(writer);
    writer.writeArray(this.localAxis);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    reader.readInto(this.rows.impulse);
    this.suspension.loadState(reader);
    this.spin.loadState(reader);
    reader.readInto(this.localAxis);
  }

  /** @internal */
  warmStart(): void {
    this.rows.warmStart(this.bodyA, this.bodyB);
    this.suspension.warmStart(this.suspensionRow, this.bodyA, this.bodyB);
    this.spin.warmStart(this.spinRow, this.bodyA, this.bodyB);
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, limits = !this.directLimits, friction = !this.directFriction;
    this.suspension.solve(this.suspensionRow, bodyA, bodyB, soft, useBias, limits, friction);
    this.spin.solve(this.spinRow, bodyA, bodyB, soft, useBias, limits, friction);
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rows.solve(bodyA, bodyB, holding);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    this.rows.scale(ratio);
    this.suspension.scale(ratio);
    this.spin.scale(ratio);
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    this.suspension.finishStep(dt);
    this.spin.finishStep(dt);
  }
  override clearReadout(): void {
    super.clearReadout();
    this.suspension.clearReadout();
    this.spin.clearReadout();
  }
  /** @internal The line row's and the drives' impulses on B: each row's B columns times its λ (as the 3D
   * wheel's, lib/joints/axes-joint.ts). */
  accumulateImpulse(): void {
    const J = this.rows.J, p = this.rows.impulse[0], sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    sl[0] += J[3] * p; sl[1] += J[4] * p; sa[0] += J[5] * p;
    this.suspension.accumulate();
    const l = this.suspension.totalImpulse(), row = this.suspensionRow;
    sl[0] += row.n[0] * l; sl[1] += row.n[1] * l; sa[0] += row.jB * l;
    this.spin.accumulate();
    sa[0] += this.spinRow.jB * this.spin.totalImpulse();
  }

  // The direct solver's interface, with two drives as the 3D wheel's (lib/joints/axes-joint.ts): the line
  // row an equality row; the drives' finite limits its limit rows, the suspension's first. Neither drive has
  // friction (checkParts), so the joint has no friction rows (JointCore's default with no axisDrive). The
  // suspension's servo is a drive row, so the direct solver leaves the joint to the iterative one whole
  // (lib/solver/direct/tree-joint.ts isCandidate), as it does the 3D wheel.
  /** @internal */
  override get hasIterativeRows(): boolean {
    return this.suspension.hasRows || this.spin.hasRows;
  }
  /** @internal */
  override get hasDriveRows(): boolean {
    return this.suspension.hasDriveRows || this.spin.hasDriveRows;
  }
  /** @internal */
  override get limitRowCount(): number {
    return this.suspension.limitRowCount + this.spin.limitRowCount;
  }
  /** @internal */
  override writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void {
    const suspended = k < this.suspension.limitRowCount, drive = suspended ? this.suspension : this.spin;
    const local = suspended ? k : k - this.suspension.limitRowCount;
    writeSignedRow(suspended ? this.suspensionRow : this.spinRow, drive.limitSign(local), out, at);
    error[errorAt] = drive.limitError(local);
  }
  /** @internal */
  override limitImpulses(k: number): Float64Array {
    return (k < this.suspension.limitRowCount ? this.suspension : this.spin).impulses;
  }
  /** @internal */
  override limitImpulseAt(k: number): number {
    const count = this.suspension.limitRowCount;
    return k < count ? this.suspension.limitSlot(k) : this.spin.limitSlot(k - count);
  }

  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rows.K);
  }
}
