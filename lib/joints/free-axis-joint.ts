// What the hinge and the prismatic joint share: a point part, five equality rows solved as one coupled
// block (parts/coupled-rows.ts), joint frames (joint-frames.ts), and one free axis whose row carries the
// limits, motor, servo and friction (parts/axis-part.ts, parts/axis-drive.ts). The subclass says which
// five rows and which axis: the hinge's are angular (its axis is a rotation), the slider's linear.
//
// Per solve: the drive rows first (servo, motor, friction, limits, as Box2D v3 orders them: the limits
// last so they win), then the coupled rows.

import type { Body } from '../body/body.js';
import type { Softness } from '../solver/softness.js';
import { Joint, worldPoint, type JointOptions } from './joint.js';
import { PointConstraintPart } from './parts/point-part.js';
import { CoupledRows } from './parts/coupled-rows.js';
import { AxisConstraintPart, writeSignedRow } from './parts/axis-part.js';
import type { AxisDrive, DriveNames, DriveOptions, MotorOptions, ServoOptions } from './parts/axis-drive.js';
import { frameAxes, JointFrames } from './joint-frames.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { requireWritable } from '../util/validate.js';
import { drawJointFrames, drawnAnchorA, drawnAnchorB, requireDrawArguments, type DebugLines } from './joint-drawing.js';

export abstract class FreeAxisJoint extends Joint {
  readonly rowCount = 5;
  readonly point: PointConstraintPart;
  /** The five holding rows, solved together. */
  readonly rows = new CoupledRows(5);
  /** The free axis: limits, motor, servo, friction. */
  readonly axisRow = new AxisConstraintPart();
  readonly frames = new JointFrames();

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal `drive` gets `driveOptions` (checked before anything is made); the anchor is fixed in both
   * bodies (B's at `anchorB` when given). */
  constructor(
    id: number, bodyA: Body, bodyB: Body, options: JointOptions, where: string, anchor: Float64Array, anchorB: Float64Array | undefined,
    protected readonly drive: AxisDrive, driveOptions: DriveOptions, driveNames: DriveNames, allocator?: Float64Allocator,
  ) {
    super(id, bodyA, bodyB, options, where, allocator);
    drive.configure(where, driveOptions, driveNames);
    this.point = new PointConstraintPart(allocator);
    this.equalityRows = [this.rows];
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
  }

  /** @internal What toOptions shares: the bodies and core options, both anchors and A's frame (axis and
   * normal) at the bodies' current poses. */
  protected freeAxisOptions(): JointOptions & { anchor: number[]; anchorB: number[]; axis: number[]; normal: number[] } {
    const [axis, normal] = frameAxes(this.bodyA, this.frames.localRotationA);
    return {
      ...this.coreOptions(),
      anchor: worldPoint(this.bodyA, this.point.localAnchorA), anchorB: worldPoint(this.bodyB, this.point.localAnchorB), axis, normal,
    };
  }

  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 3);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 3);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }
  /** The joint axis (A's), world space. */
  getAxis(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAxis', out, 3);
    this.frames.update(this.bodyA, this.bodyB);
    const x = this.frames.xA;
    out[0] = x[0]; out[1] = x[1]; out[2] = x[2];
    return out;
  }

  /** Draws A's joint frame at A's anchor and B's at B's (see Joint.drawFrames): x is the joint axis. */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    this.updateDrawnAnchors();
    drawJointFrames(lines, this.frames, drawnAnchorA, drawnAnchorB, size);
  }

  /** @internal The frames, drawnAnchorA and drawnAnchorB at the bodies' current poses. */
  protected updateDrawnAnchors(): void {
    this.frames.update(this.bodyA, this.bodyB);
    this.bodyA.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    this.bodyB.getWorldPoint(drawnAnchorB, this.point.localAnchorB);
  }

  /** Sets the limits (rad for a hinge, each within [−2π, 2π], an arc of the circle as lowerAngle and upperAngle; m for a slider); (−Infinity, Infinity) removes them. */
  setLimits(lower: number, upper: number): void {
    this.requireInWorld('setLimits');
    this.drive.setLimits('setLimits', lower, upper);
    this.wakeBodies();
  }
  /** 'off', 'velocity' (motor) or 'position' (servo). */
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.drive.mode;
  }
  /** Drives the axis at `speed` (rad/s or m/s) with at most `maxForce` (N·m or N). */
  setMotor(options: MotorOptions): void {
    this.requireInWorld('setMotor');
    this.drive.setMotor('setMotor', options);
    this.wakeBodies();
  }
  /** Drives the axis toward `target` (rad or m) through a spring, with at most `maxForce`. */
  setServo(options: ServoOptions): void {
    this.requireInWorld('setServo');
    this.drive.setServo('setServo', options);
    this.wakeBodies();
  }
  /** Switches the motor or servo off. */
  disableMotor(): void {
    this.requireInWorld('disableMotor');
    this.drive.disableMotor();
    this.wakeBodies();
  }

  /** The subclass's parts between the point part and the rows, in the snapshot (the slider's rotation). */
  protected saveOwnParts(_writer: StateWriter): void {}
  protected loadOwnParts(_reader: StateReader): void {}

  protected override checkParts(where: string, path: string): void {
    this.drive.checkState(where, `${path}.drive`);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.saveOwnParts(writer);
    writer.writeArray(this.rows.impulse);
    this.drive.saveState(writer);
    writer.writeUnitQuaternion(this.frames.localRotationA);
    writer.writeUnitQuaternion(this.frames.localRotationB);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.loadOwnParts(reader);
    reader.readInto(this.rows.impulse);
    this.drive.loadState(reader);
    reader.readInto(this.frames.localRotationA);
    reader.readInto(this.frames.localRotationB);
  }

  /** @internal */
  warmStart(): void {
    this.rows.warmStart(this.bodyA, this.bodyB);
    this.drive.warmStart(this.axisRow, this.bodyA, this.bodyB);
  }

  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    this.drive.solve(this.axisRow, this.bodyA, this.bodyB, soft, useBias, !this.directLimits, !this.directFriction);
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rows.solve(this.bodyA, this.bodyB, holding);
  }

  protected override get axisDrive(): AxisDrive {
    return this.drive;
  }
  protected override writeAxisRow(sign: number, out: Float64Array, at: number): void {
    writeSignedRow(this.axisRow, sign, out, at);
  }

  /** @internal */
  scaleImpulse(ratio: number): void {
    this.rows.scale(ratio);
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
  override get hasIterativeRows(): boolean {
    return this.drive.hasRows;
  }
  override get isDriving(): boolean {
    return this.drive.isDriving;
  }
  /** @internal */
  override get hasDriveRows(): boolean {
    return this.drive.hasDriveRows;
  }

  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rows.K);
  }
}
