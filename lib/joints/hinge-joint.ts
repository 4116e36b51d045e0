// Hinge joint (5 rows): the point part (3 rows) keeps the anchor together, the hinge rotation part
// (2 rows) keeps the hinge axes aligned, and both are solved as one coupled 5x5 block
// (parts/coupled-rows.ts), as the weld solves its 6. The one free rotation, about the axis, carries
// the optional limits, motor, servo and friction (parts/axis-drive.ts) on one angular axis row:
//
//   θ   = the twist angle of B's frame about A's hinge axis (joint-frames.ts), 0 at creation, (−π, π]
//   θ̇   = t·(ω_b − ω_a),  t = (a_a + a_b) / (1 + a_a·a_b)   (= the hinge axis while the axes are aligned)
//   K_t = tᵀ (I_a⁻¹ + I_b⁻¹) t
//
// Per solve: the drive rows first (servo, motor, friction, limits, as Box2D v3 orders them: the limits
// last so they win), then the coupled 5 rows.

import type { Body } from '../body.js';
import type { Softness } from '../solver/softness.js';
import { Joint, type JointOptions } from './joint.js';
import { PointConstraintPart } from './parts/point-part.js';
import { HingeRotationPart } from './parts/hinge-rotation-part.js';
import { CoupledRows } from './parts/coupled-rows.js';
import { AxisConstraintPart } from './parts/axis-part.js';
import { AxisDrive, type MotorOptions, type ServoOptions } from './parts/axis-drive.js';
import { JointFrames } from './joint-frames.js';
import type { Float64Allocator } from '../arena.js';
import type { StateReader, StateWriter } from '../state.js';
import { atan2 } from '../math/portable.js';

export interface HingeJointOptions extends JointOptions {
  /** A point on the hinge axis, world space, m. */
  anchor: ArrayLike<number>;
  /** The hinge axis, world space (any length but zero). */
  axis: ArrayLike<number>;
  /** Where angle 0's reference points, world space (made perpendicular to the axis). Optional. */
  normal?: ArrayLike<number>;
  /** Angle limits, rad, measured from the pose at creation, in [−π, π]. Default: none. */
  lowerAngle?: number;
  upperAngle?: number;
  /** A velocity motor: target speed (rad/s) with a torque cap (N·m). */
  motor?: MotorOptions;
  /** A position servo: a spring toward a target angle (rad) with a torque cap. */
  servo?: ServoOptions;
  /** Coulomb friction torque about the axis, N·m. Default 0. */
  frictionTorque?: number;
}

const twist = new Float64Array(3);

export class HingeJoint extends Joint {
  readonly type = 'hinge' as const;
  readonly rowCount = 5;
  readonly point: PointConstraintPart;
  readonly hingeRotation = new HingeRotationPart();
  /** The point and hinge rotation rows, solved together. */
  readonly rows = new CoupledRows(5);
  /** The free axis: limits, motor, servo, friction. */
  readonly axisRow = new AxisConstraintPart();
  readonly drive = new AxisDrive(true, -Math.PI, Math.PI);
  readonly frames = new JointFrames();

  /** @internal Use world.createHingeJoint; `anchor` and `axis` are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, axis: Float64Array, normal: Float64Array | undefined,
    options: HingeJointOptions, allocator?: Float64Allocator,
  ) {
    super(id, bodyA, bodyB, options, 'createHingeJoint', allocator);
    this.drive.configure(
      'createHingeJoint',
      { lower: options.lowerAngle, upper: options.upperAngle, motor: options.motor, servo: options.servo, friction: options.frictionTorque },
      { lower: 'lowerAngle', upper: 'upperAngle', friction: 'frictionTorque' },
    );
    this.point = new PointConstraintPart(allocator);
    this.point.setWorldAnchor(bodyA, bodyB, anchor);
    this.frames.setFromWorld(bodyA, bodyB, axis, normal);
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
  /** The hinge axis (A's), world space. */
  getAxis(out: Float64Array | number[]): Float64Array | number[] {
    this.frames.update(this.bodyA, this.bodyB);
    const x = this.frames.xA;
    out[0] = x[0]; out[1] = x[1]; out[2] = x[2];
    return out;
  }
  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  get lowerAngle(): number {
    return this.drive.lower;
  }
  get upperAngle(): number {
    return this.drive.upper;
  }
  /** Sets the angle limits (rad, in [−π, π]); (−Infinity, Infinity) removes them. */
  setLimits(lower: number, upper: number): void {
    this.drive.setLimits('setLimits', lower, upper);
  }
  /** 'off', 'velocity' (motor) or 'position' (servo). */
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.drive.mode;
  }
  /** Drives the hinge at `speed` rad/s with at most `maxForce` N·m. */
  setMotor(options: MotorOptions): void {
    this.drive.setMotor('setMotor', options);
  }
  /** Drives the hinge toward `target` rad through a spring, with at most `maxForce` N·m. */
  setServo(options: ServoOptions): void {
    this.drive.setServo('setServo', options);
  }
  /** Switches the motor or servo off. */
  disableMotor(): void {
    this.drive.disableMotor();
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
    this.drive.setFriction('frictionTorque', value);
  }
  /** Torque the drive (motor or servo, friction and limits) applied about the axis over the last substep, N·m. */
  getAxialImpulse(): number {
    return this.drive.totalImpulse();
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

  prepare(h: number): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, rows = this.rows, frames = this.frames;
    this.updateSpring(h);
    this.point.prepare(bodyA, bodyB);
    frames.update(bodyA, bodyB);
    this.hingeRotation.prepare(frames);
    this.point.writeJacobian(rows.J, 0);
    this.hingeRotation.writeJacobian(rows.J, 3);
    const C = rows.C, Cp = this.point.C, Ch = this.hingeRotation.C;
    C[0] = Cp[0]; C[1] = Cp[1]; C[2] = Cp[2]; C[3] = Ch[0]; C[4] = Ch[1];
    rows.prepare(bodyA, bodyB);
    const t = frames.twistAxis(twist);
    this.axisRow.setAngular(bodyA, bodyB, t[0], t[1], t[2]);
    this.drive.prepare(frames.twistAngle(), h);
  }

  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    writer.writeArray(this.rows.impulse);
    this.drive.saveState(writer);
    writer.writeArray(this.frames.localRotationA);
    writer.writeArray(this.frames.localRotationB);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    reader.readInto(this.rows.impulse);
    this.drive.loadState(reader);
    reader.readInto(this.frames.localRotationA);
    reader.readInto(this.frames.localRotationB);
  }

  warmStart(): void {
    this.rows.warmStart(this.bodyA, this.bodyB);
    this.drive.warmStart(this.axisRow, this.bodyA, this.bodyB);
  }

  solve(soft: Readonly<Softness>, useBias: boolean): void {
    this.drive.solve(this.axisRow, this.bodyA, this.bodyB, soft, useBias);
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rows.solve(this.bodyA, this.bodyB, holding);
  }

  scaleImpulse(ratio: number): void {
    this.rows.scale(ratio);
    this.drive.scale(ratio);
  }

  accumulateImpulse(): void {
    const p = this.rows.impulse, sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    sl[0] += p[0]; sl[1] += p[1]; sl[2] += p[2];
    // torque about the anchor: the hinge rows' and the axis row's angular impulses on B
    const b = this.hingeRotation.axisB, c = this.hingeRotation.axisC, j = this.axisRow.jB, axial = this.drive.totalImpulse();
    for (let k = 0; k < 3; k++) sa[k] += p[3] * b[k] + p[4] * c[k] + axial * j[k];
  }

  writeJacobian(out: Float64Array): void {
    out.set(this.rows.J);
  }
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rows.K);
  }
  getVelocityError(out: Float64Array): void {
    this.rows.velocityError(this.bodyA, this.bodyB, out, 0);
  }
  getPositionError(out: Float64Array): void {
    out.set(this.rows.C);
  }
  applyImpulse(lambda: ArrayLike<number>): void {
    this.rows.applyImpulse(this.bodyA, this.bodyB, lambda);
  }
}
