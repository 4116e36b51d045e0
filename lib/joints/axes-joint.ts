// The machinery of joints made of frame axes (the six-DOF joint, the wheel joint): see six-dof-joint.ts for
// the rows. A frame fixed in each body at the anchor; each of its three translations (along frame A's
// axes) and three rotations free, locked, or driven (axis-drive.ts); the locked rows one coupled block.

import type { Body } from '../body/body.js';
import type { Softness } from '../solver/softness.js';
import { Joint, worldPoint, type JointOptions } from './joint.js';
import { definedOptions } from './joint-core.js';
import { CoupledRows } from './parts/coupled-rows.js';
import { PointConstraintPart } from './parts/point-part.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import { HingeRotationPart } from './parts/hinge-rotation-part.js';
import { AxisConstraintPart, writeSignedRow } from './parts/axis-part.js';
import { AxisDrive, limitSolve, LIMIT_C, LIMIT_INVERSE_H, LIMIT_MAX_PUSH, LIMIT_PRESSED, solveLimitRow, type DriveOptions } from './parts/axis-drive.js';
import { SwingLimitPart } from './parts/swing-twist-part.js';
import { MAX_PUSH_ANGULAR_SPEED } from '../solver/softness.js';
import { JointFrames } from './joint-frames.js';
import { quatConjugate, quatMultiply } from '../math/quat.js';
import { show, requireWritable } from '../util/validate.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import {
  AT_ANGLE_LIMIT, drawConeRim, drawJointFrames, drawnAnchorA, drawnAnchorB, drawRay, JOINT_DRAW_COLOURS, NEEDLE_LENGTH, requireDrawArguments, type DebugLines,
} from './joint-drawing.js';

/** One axis of a six-DOF joint: free, locked, or driven with the hinge's forms (lower and upper in m for a
 * translation, rad for a rotation; the motor's and servo's forces in N or N·m; friction likewise). */
import type { QuaternionInput, Vector3Input } from '../util/vector-input.js';

/** One axis of a six-DOF joint: free, locked, or driven with the hinge's forms (lower and upper in m for a
 * translation, rad for a rotation; the motor's and servo's forces in N or N·m; friction likewise). */
export type SixDofAxis = 'free' | 'locked' | DriveOptions;

/** The frame axes' options (the six-DOF joint's; the wheel joint makes them from its own). */
export interface AxesJointOptions {
  /** The frames' origin, world space, m (or localFrameA's and localFrameB's positions). */
  anchor?: Vector3Input;
  /** B's frame origin, world space, when it is not `anchor`. */
  anchorB?: Vector3Input;
  /** The frame's rotation in the world at creation (its x, y, z axes). Default identity. */
  orientation?: QuaternionInput;
  /** B's frame's rotation, when it is not `orientation`. */
  orientationB?: QuaternionInput;
  /** Along frame A's x, y and z axes. */
  translation: readonly [SixDofAxis, SixDofAxis, SixDofAxis];
  /** About x (the twist), y and z. */
  rotation: readonly [SixDofAxis, SixDofAxis, SixDofAxis];
  /** With two or more rotations free, how the y and z limits bound the swing (Jolt's ESwingType): 'cone'
   * (default), an elliptical cone of half-angles the limits, which must be symmetric; 'pyramid', each of
   * the swing's rotation-vector components about y and z within its own limits, which may be asymmetric. */
  swingType?: 'cone' | 'pyramid';
}

export const FREE = 0, LOCKED = 1, DRIVEN = 2;
const AXIS_NAMES = ['x', 'y', 'z'];
/** Frames whose x axis is frame axis k: x → e_k (a third of a turn about (1, 1, 1) cycles the axes). */
const TO_AXIS: readonly (readonly number[])[] = [[0, 0, 0, 1], [0.5, 0.5, 0.5, 0.5], [-0.5, -0.5, -0.5, 0.5]];

/** Each axis's mode (translations x, y, z, then rotations), checked: the rotation configurations the joint
 * supports (see the header). */
export function readModes(where: string, translation: unknown, rotation: unknown): Uint8Array {
  const modes = new Uint8Array(6);
  for (const [name, list, at] of [['translation', translation, 0], ['rotation', rotation, 3]] as const) {
    if (!Array.isArray(list) || list.length !== 3) throw new TypeError(`${where}: ${name} must be [x, y, z], each 'free', 'locked' or { lower?, upper?, motor?, servo?, friction? }, got ${show(list)}`);
    list.forEach((axis: unknown, k: number) => {
      if (axis === 'free') modes[at + k] = FREE;
      else if (axis === 'locked') modes[at + k] = LOCKED;
      else if (axis !== null && typeof axis === 'object' && !Array.isArray(axis)) modes[at + k] = DRIVEN;
      else throw new TypeError(`${where}: ${name}[${k}] (${AXIS_NAMES[k]}) must be 'free', 'locked' or an object { lower?, upper?, motor?, servo?, friction? }, got ${show(axis)}`);
    });
  }
  return modes;
}

/**
 * A joint of frame axes, each free, locked or driven (see the header): the six-DOF joint's machinery, which
 * the six-DOF joint and the wheel joint configure.
 */
export abstract class AxesJoint extends Joint {
  rowCount = 0;
  readonly point: PointConstraintPart;
  /** The joint frames (x, y, z at the anchor), and, with two rotations locked, frames whose x is the free one. */
  readonly frames = new JointFrames();
  private readonly freeFrames = new JointFrames();
  private readonly rotation: RotationConstraintPart;
  private readonly hingeRotation = new HingeRotationPart();
  /** The locked rows, solved together. */
  rows = new CoupledRows(1);
  private modes: Uint8Array;
  /** The driven axes' drives and rows: translations x, y, z, then the rotation drive (about the one
   * rotation left of two locked, else the twist about x), then, with two or more rotations free, the
   * swings' drives about y and z (motors, servos, friction: their limits are the cone). */
  private readonly drives: (AxisDrive | null)[] = [null, null, null, null, null, null];
  private readonly axisRows = [0, 1, 2, 3, 4, 5].map(() => new AxisConstraintPart());
  /** Which rotation axis the drive turns about (0 x … 2 z), and whether its frames are the free ones. */
  private rotationAxis = 0;
  /** With two or more rotations free, limits on y and z: the swing cone (the ball joint's; its half-angles
   * the limits', π about an axis without), its row and that row's accumulated impulse. */
  private readonly swing = new SwingLimitPart();
  private readonly swingRow = new AxisConstraintPart();
  private readonly swingImpulse = new Float64Array(1);
  private inverseH = 0;
  /** The swing's limits as a pyramid (swingType 'pyramid'): the swings' drives' own, not the cone. */
  private pyramid = false;

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal The anchors, orientations and modes are already checked (`where`: the create call). */
  constructor(
    id: number, bodyA: Body, bodyB: Body, options: JointOptions, where: string, allocator: Float64Allocator, anchor: Float64Array, anchorB: Float64Array,
    orientation: Float64Array, orientationB: Float64Array, modes: Uint8Array,
  ) {
    super(id, bodyA, bodyB, options, where, allocator);
    this.point = new PointConstraintPart(allocator);
    this.rotation = new RotationConstraintPart(allocator);
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
    // the frames in each body's axes: l = q⁻¹ Q
    quatMultiply(this.frames.localRotationA, quatConjugate(scratchQuat, bodyA.orientation), orientation);
    quatMultiply(this.frames.localRotationB, quatConjugate(scratchQuat, bodyB.orientation), orientationB);
    // q₀ = q_a⁻¹ q_b when the frames coincide: l_a l_b⁻¹
    quatMultiply(this.rotation.referenceRotation, this.frames.localRotationA, quatConjugate(scratchQuat, this.frames.localRotationB));
    this.modes = modes;
    this.layOut();
  }

  /** @internal Turns frame A in A's axes to `local` (the wheel's steering), and the free frames with it. */
  protected setFrameA(local: ArrayLike<number>): void {
    this.frames.localRotationA.set(local);
    quatMultiply(this.freeFrames.localRotationA, this.frames.localRotationA, TO_AXIS[this.rotationAxis]);
    quatMultiply(this.rotation.referenceRotation, this.frames.localRotationA, quatConjugate(scratchQuat, this.frames.localRotationB));
  }
  /** @internal The drive of translation k (0 x … 2 z) or, k = 3, of the driven rotation; null where none. */
  protected driveOf(k: number): AxisDrive | null {
    return this.drives[k];
  }

  /** The coupled block's rows and the free frames for the modes. */
  private layOut(): void {
    const m = this.modes;
    let rows = 0;
    for (let k = 0; k < 3; k++) if (m[k] === LOCKED) rows++;
    const lockedRotations = [3, 4, 5].filter((i) => m[i] === LOCKED).length;
    rows += lockedRotations === 3 ? 3 : lockedRotations === 2 ? 2 : lockedRotations;
    this.rowCount = rows;
    this.rows = new CoupledRows(Math.max(rows, 1));
    this.equalityRows = rows > 0 ? [this.rows] : [];
    // the rotation a drive turns about: the one left of two locked, else the twist
    this.rotationAxis = lockedRotations === 2 ? [3, 4, 5].find((i) => m[i] !== LOCKED)! - 3 : 0;
    const to = TO_AXIS[this.rotationAxis];
    quatMultiply(this.freeFrames.localRotationA, this.frames.localRotationA, to);
    quatMultiply(this.freeFrames.localRotationB, this.frames.localRotationB, to);
  }

  /** @internal Makes each driven axis's drive from its options (checked, named for messages). */
  configureDrives(where: string, translation: readonly SixDofAxis[], rotation: readonly SixDofAxis[], restoring = false, swingType: unknown = 'cone'): void {
    if (!restoring) {
      if (swingType !== 'cone' && swingType !== 'pyramid') throw new TypeError(`${where}: swingType must be 'cone' or 'pyramid', got ${show(swingType)}`);
      this.pyramid = swingType === 'pyramid';
    }
    for (let k = 0; k < 6; k++) this.drives[k] = null;
    for (let k = 0; k < 3; k++) {
      const axis = translation[k];
      if (this.modes[k] !== DRIVEN) continue;
      const drive = new AxisDrive(false, -Infinity, Infinity);
      drive.configure(where, axis as DriveOptions, { lower: `translation[${k}].lower`, upper: `translation[${k}].upper`, friction: `translation[${k}].friction` });
      this.drives[k] = drive;
    }
    this.swing.halfAngleY = this.swing.halfAngleZ = Math.PI;
    if (this.drivesSwings) {
      // y and z driven with two or more rotations free: their limits a cone (Jolt's swing-twist cone), their
      // motors, servos and friction drives about frame A's y and z, positioned at the swing's components
      // (a pyramid's limits are the drives' own, on the swing's components)
      for (const k of [1, 2]) {
        if (this.modes[3 + k] !== DRIVEN) continue;
        const options = rotation[k] as DriveOptions;
        const half = this.pyramid ? Math.PI : readSwingRange(where, k, options, restoring);
        if (k === 1) this.swing.halfAngleY = half; else this.swing.halfAngleZ = half;
        const limited = this.pyramid && (options.lower !== undefined || options.upper !== undefined);
        const driven = restoring ? swingDrivesRestored[k - 1] : limited || options.motor !== undefined || options.servo !== undefined || options.friction !== undefined;
        if (!driven) continue;
        const drive = new AxisDrive(true, -Math.PI, Math.PI);
        const given = this.pyramid ? options : { motor: options.motor, servo: options.servo, friction: options.friction };
        if (!restoring) drive.configure(where, given, { lower: `rotation[${k}].lower`, upper: `rotation[${k}].upper`, friction: `rotation[${k}].friction` });
        this.drives[3 + k] = drive;
      }
    }
    const r = this.rotationAxis;
    if (this.modes[3 + r] === DRIVEN) {
      const drive = new AxisDrive(true, -2 * Math.PI, 2 * Math.PI, true);
      drive.configure(where, rotation[r] as DriveOptions, { lower: `rotation[${r}].lower`, upper: `rotation[${r}].upper`, friction: `rotation[${r}].friction` });
      this.drives[3] = drive;
    }
  }

  /** @internal Both anchors and frames at the bodies' current poses, and each axis's mode and drive (the
   * six-DOF joint's options, which the wheel joint's toOptions reads too). */
  protected axesOptions(): JointOptions & AxesJointOptions {
    this.frames.update(this.bodyA, this.bodyB);
    const axis = (i: number): SixDofAxis => {
      if (this.modes[i] === FREE) return 'free';
      if (this.modes[i] === LOCKED) return 'locked';
      if (i >= 4 && this.drivesSwings) {
        const half = i === 4 ? this.swing.halfAngleY : this.swing.halfAngleZ, drive = this.drives[i];
        return { ...(drive === null ? {} : drive.toOptions()), ...(half < Math.PI ? { lower: -half, upper: half } : {}) };
      }
      const drive = this.drives[i < 3 ? i : 3] as AxisDrive;
      return drive.toOptions();
    };
    return definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint(this.bodyA, this.point.localAnchorA), anchorB: worldPoint(this.bodyB, this.point.localAnchorB),
      orientation: Array.from(this.frames.worldA), orientationB: Array.from(this.frames.worldB),
      translation: [axis(0), axis(1), axis(2)] as [SixDofAxis, SixDofAxis, SixDofAxis],
      rotation: [axis(3), axis(4), axis(5)] as [SixDofAxis, SixDofAxis, SixDofAxis],
      swingType: this.pyramid ? 'pyramid' : undefined,
    });
  }

  /** Translation of B's anchor along frame A's axis k (0 x, 1 y, 2 z), m. */
  getTranslation(k: number): number {
    this.point.measure(this.bodyA, this.bodyB, measured);
    this.frames.update(this.bodyA, this.bodyB);
    const a = frameAxis(this.frames, k), m = measured;
    return a[0] * m[6] + a[1] * m[7] + a[2] * m[8];
  }
  /** The rotation about the driven (or twist) axis, rad: with two rotations locked, the angle about the
   * free one, as a hinge's; else the twist about x. */
  getAngle(): number {
    const frames = this.rotationFrames;
    frames.update(this.bodyA, this.bodyB);
    return frames.twistAngle();
  }
  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 3);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 3);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }
  /** The drive's force (N) or torque (N·m) along each driven axis over the last step, motor or servo plus
   * limits, into out (6 numbers): translations x, y, z, the rotation drive (about the rotation left of two
   * locked, else the twist), then the swings' drives about y and z (0 where none). */
  getDriveForces(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getDriveForces', out, 6);
    for (let k = 0; k < 6; k++) {
      const drive = this.drives[k];
      out[k] = drive === null ? 0 : drive.motorForce + drive.limitForce;
    }
    return out;
  }

  /** Whether rotation y or z is driven while two or more rotations are free: their limits are then the
   * swing cone, their motors, servos and friction the swings' drives. */
  private get drivesSwings(): boolean {
    const m = this.modes;
    return (m[3] === LOCKED ? 1 : 0) + (m[4] === LOCKED ? 1 : 0) + (m[5] === LOCKED ? 1 : 0) <= 1 && (m[4] === DRIVEN || m[5] === DRIVEN);
  }

  /** The swing angle between the frames' x axes at the current poses, rad (the cone's, with y and z
   * limited while two or more rotations are free). */
  getSwingAngle(): number {
    this.frames.update(this.bodyA, this.bodyB);
    this.swing.prepare(this.frames);
    return this.swing.swing;
  }

  private get rotationFrames(): JointFrames {
    return this.rotationAxis === 0 ? this.frames : this.freeFrames;
  }

  /** Draws both frames at their anchors (see Joint.drawFrames). */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    this.frames.update(this.bodyA, this.bodyB);
    this.bodyA.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    this.bodyB.getWorldPoint(drawnAnchorB, this.point.localAnchorB);
    drawJointFrames(lines, this.frames, drawnAnchorA, drawnAnchorB, size);
  }

  /**
   * Draws the swing cone, when it has one (see Joint.drawLimits), at A's anchor: the cone B's x axis must
   * stay inside, around frame A's x, `size` m long, its half-angles the y and z limits (the ball joint's
   * drawing), and a needle along B's x that turns red within 0.02 rad of the rim. Nothing otherwise.
   */
  override drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
    if (!this.swing.active) return;
    const frames = this.frames, swing = this.swing;
    frames.update(this.bodyA, this.bodyB);
    this.bodyA.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    drawConeRim(lines, drawnAnchorA, frames.xA, frames.yA, frames.zA, swing.halfAngleY, swing.halfAngleZ, size, JOINT_DRAW_COLOURS.limit);
    swing.prepare(frames);
    drawRay(lines, drawnAnchorA, frames.xB, NEEDLE_LENGTH * size, swing.C < AT_ANGLE_LIMIT ? JOINT_DRAW_COLOURS.atLimit : JOINT_DRAW_COLOURS.needle);
  }

  /** The largest locked-row error: the anchor gap across the locked translations (m). */
  getError(): number {
    return this.getLinearError();
  }
  getLinearError(): number {
    let sum = 0;
    for (let k = 0; k < 3; k++) {
      if (this.modes[k] !== LOCKED) continue;
      const x = this.getTranslation(k);
      sum += x * x;
    }
    return Math.sqrt(sum);
  }
  /** The locked rotations' misalignment, rad (all three: the angle from the held rotation). */
  getAngularError(): number {
    const lockedRotations = [3, 4, 5].filter((i) => this.modes[i] === LOCKED).length;
    if (lockedRotations === 3) return this.rotation.currentAngle(this.bodyA, this.bodyB);
    if (lockedRotations === 2) {
      this.freeFrames.update(this.bodyA, this.bodyB);
      this.hingeRotation.prepare(this.freeFrames);
      return Math.asin(Math.min(1, Math.hypot(this.hingeRotation.C[0], this.hingeRotation.C[1])));
    }
    if (lockedRotations === 1) {
      const f = this.frames;
      f.update(this.bodyA, this.bodyB);
      if (this.modes[3] === LOCKED) return Math.abs(f.twistAngle());
      // a swing locked alone: how far B's x leaves its plane
      const a = this.modes[4] === LOCKED ? f.zA : f.yA, xb = f.xB;
      return Math.asin(Math.min(1, Math.abs(xb[0] * a[0] + xb[1] * a[1] + xb[2] * a[2])));
    }
    return 0;
  }

  protected override checkParts(where: string, path: string): void {
    this.drives.forEach((drive, k) => drive?.checkState(where, `${path}.drive${k}`));
  }
  protected saveParts(writer: StateWriter): void {
    for (let i = 0; i < 6; i++) writer.write(this.modes[i]);
    // which swings have drives (only in that configuration: the drives are made before they are read)
    if (this.drivesSwings) writer.write((this.drives[4] === null ? 0 : 1) + (this.drives[5] === null ? 0 : 2) + (this.pyramid ? 4 : 0));
    this.point.saveState(writer);
    this.rotation.saveState(writer);
    writer.writeUnitQuaternion(this.frames.localRotationA);
    writer.writeUnitQuaternion(this.frames.localRotationB);
    writer.writeArray(this.rows.impulse);
    for (const drive of this.drives) if (drive !== null) drive.saveState(writer);
    if (this.drivesSwings) {
      writer.write(this.swing.halfAngleY);
      writer.write(this.swing.halfAngleZ);
      writer.writeArray(this.swingImpulse);
    }
  }
  protected loadParts(reader: StateReader): void {
    const modes = new Uint8Array(6);
    for (let i = 0; i < 6; i++) {
      const mode = reader.read();
      if (mode !== FREE && mode !== LOCKED && mode !== DRIVEN) throw new RangeError(`mode[${i}] must be 0, 1 or 2, got ${show(mode)}`);
      modes[i] = mode;
    }
    // (the configurations readModes refuses are refused here too)
    const names = (at: number) => [0, 1, 2].map((k): SixDofAxis => (modes[at + k] === FREE ? 'free' : modes[at + k] === LOCKED ? 'locked' : {}));
    readModes('World.restore', names(0), names(3));
    this.modes = modes;
    if (this.drivesSwings) {
      const mask = reader.read();
      if (!Number.isInteger(mask) || mask < 0 || mask > 7) throw new RangeError(`the swing drives' mask must be 0 to 7, got ${show(mask)}`);
      swingDrivesRestored[0] = (mask & 1) !== 0;
      swingDrivesRestored[1] = (mask & 2) !== 0;
      this.pyramid = (mask & 4) !== 0;
    } else {
      this.pyramid = false;
    }
    this.point.loadState(reader);
    this.rotation.loadState(reader);
    reader.readInto(this.frames.localRotationA);
    reader.readInto(this.frames.localRotationB);
    this.layOut();
    reader.readInto(this.rows.impulse);
    this.configureDrives('World.restore', names(0), names(3), true);
    for (const drive of this.drives) if (drive !== null) drive.loadState(reader);
    this.swingImpulse[0] = 0;
    if (this.drivesSwings) {
      const y = reader.read(), z = reader.read();
      for (const half of [y, z]) if (!(half > 0 && half <= Math.PI)) throw new RangeError(`a swing half-angle must be in (0, π] rad, got ${show(half)}`);
      this.swing.halfAngleY = y;
      this.swing.halfAngleZ = z;
      reader.readInto(this.swingImpulse);
    }
  }

  // ---- solver ----

  /** @internal The locked rows' J and C, and each drive's row and position, at the bodies' current poses. */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, m = this.modes, J = this.rows.J, C = this.rows.C, frames = this.frames;
    this.updateSpring(step);
    this.point.prepare(bodyA, bodyB);
    frames.update(bodyA, bodyB);
    const d = this.point.C, rA = this.point.rA, rB = this.point.rB;
    lever[0] = rA[0] + d[0]; lever[1] = rA[1] + d[1]; lever[2] = rA[2] + d[2];
    let row = 0;
    if (m[0] === LOCKED && m[1] === LOCKED && m[2] === LOCKED) {
      // the point part's rows, as the hinge's
      this.point.writeJacobian(J, 0);
      C[0] = d[0]; C[1] = d[1]; C[2] = d[2];
      row = 3;
    } else {
      for (let k = 0; k < 3; k++) {
        if (m[k] !== LOCKED) continue;
        const a = frameAxis(frames, k), part = this.axisRows[k];
        part.setLinear(bodyA, bodyB, a, lever, rB);
        part.writeJacobian(J, row);
        C[row++] = a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
      }
    }
    const lockedRotations = (m[3] === LOCKED ? 1 : 0) + (m[4] === LOCKED ? 1 : 0) + (m[5] === LOCKED ? 1 : 0);
    if (lockedRotations === 3) {
      this.rotation.prepare(bodyA, bodyB);
      this.rotation.writeJacobian(J, row);
      const Cr = this.rotation.C;
      C[row] = Cr[0]; C[row + 1] = Cr[1]; C[row + 2] = Cr[2];
      row += 3;
    } else if (lockedRotations === 2) {
      const free = this.freeFrames;
      free.update(bodyA, bodyB);
      this.hingeRotation.prepare(free);
      this.hingeRotation.writeJacobian(J, row);
      C[row] = this.hingeRotation.C[0]; C[row + 1] = this.hingeRotation.C[1];
      row += 2;
    } else if (lockedRotations === 1 && m[3] === LOCKED) {
      // the twist about x held at 0: J = [0 −t 0 t], C = θ
      const t = frames.twistAxis(twist);
      writeAngularRow(J, row, t);
      frames.updateTwistAngle();
      C[row++] = frames.twist;
    } else if (lockedRotations === 1) {
      // a swing locked alone (y or z): B's x kept in the plane of A's x and the other swing axis, C = x_b·a
      // with a A's z (y locked) or y (z locked); Ċ = (ω_b − ω_a)·(x_b × a), J = [0 −w 0 w], w = x_b × a (a
      // hinge's perpendicular-axes row, hinge-rotation-part.ts)
      const a = m[4] === LOCKED ? frames.zA : frames.yA, xb = frames.xB;
      swingNormal[0] = xb[1] * a[2] - xb[2] * a[1];
      swingNormal[1] = xb[2] * a[0] - xb[0] * a[2];
      swingNormal[2] = xb[0] * a[1] - xb[1] * a[0];
      writeAngularRow(J, row, swingNormal);
      C[row++] = xb[0] * a[0] + xb[1] * a[1] + xb[2] * a[2];
    }
    if (row > 0) this.rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
    // the drives: translations along frame A's axes, the rotation about its axis
    for (let k = 0; k < 3; k++) {
      const drive = this.drives[k];
      if (drive === null) continue;
      const a = frameAxis(frames, k);
      this.axisRows[k].setLinear(bodyA, bodyB, a, lever, rB);
      drive.position = a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
      drive.prepare(step);
    }
    const rotationDrive = this.drives[3];
    if (rotationDrive !== null) {
      const turning = this.rotationFrames;
      if (turning !== frames) turning.update(bodyA, bodyB);
      this.axisRows[3].setAngular(bodyA, bodyB, turning.twistAxis(twist));
      turning.updateTwistAngle();
      rotationDrive.setAngle(turning.twist);
      rotationDrive.prepare(step);
    }
    if (this.drivesSwings) {
      // (frames at these poses: updated above)
      this.swing.prepare(frames);
      if (this.swing.active) {
        this.swingRow.setAngular(bodyA, bodyB, this.swing.j);
        this.inverseH = 1 / step.h;
      }
      // the swings' drives: about frame A's y and z, at the swing's rotation-vector components
      for (let k = 4; k < 6; k++) {
        const drive = this.drives[k];
        if (drive === null) continue;
        this.axisRows[k].setAngular(bodyA, bodyB, k === 4 ? frames.yA : frames.zA);
        drive.position = k === 4 ? this.swing.swingY : this.swing.swingZ;
        drive.prepare(step);
      }
    }
  }
  /** @internal */
  warmStart(): void {
    if (this.rowCount > 0) this.rows.warmStart(this.bodyA, this.bodyB);
    for (let k = 0; k < 6; k++) this.drives[k]?.warmStart(this.axisRows[k], this.bodyA, this.bodyB);
    if (this.swing.active) this.swingRow.applyImpulseAt(this.bodyA, this.bodyB, this.swingImpulse, 0);
  }
  /** @internal The drives first (as the hinge's): the translations', the swings' and then the swing cone
   * (the limits hold against the drives, as the ball joint's against its servo), the rotation drive's
   * (after the cone, as the ball joint's twist range); then the locked rows. */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    for (let k = 0; k < 3; k++) this.drives[k]?.solve(this.axisRows[k], this.bodyA, this.bodyB, soft, useBias, !this.directLimits, !this.directFriction);
    for (let k = 4; k < 6; k++) this.drives[k]?.solve(this.axisRows[k], this.bodyA, this.bodyB, soft, useBias, !this.directLimits, !this.directFriction);
    if (this.swing.active && !this.directLimits) {
      limitSolve[LIMIT_C] = this.swing.C;
      limitSolve[LIMIT_INVERSE_H] = this.inverseH;
      limitSolve[LIMIT_MAX_PUSH] = MAX_PUSH_ANGULAR_SPEED;
      limitSolve[LIMIT_PRESSED] = 0;
      solveLimitRow(this.swingRow, this.bodyA, this.bodyB, this.swingImpulse, 0, 1, soft);
    }
    this.drives[3]?.solve(this.axisRows[3], this.bodyA, this.bodyB, soft, useBias, !this.directLimits, !this.directFriction);
    if (this.rowCount === 0) return;
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rows.solve(this.bodyA, this.bodyB, holding);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    this.rows.scale(ratio);
    for (const drive of this.drives) drive?.scale(ratio);
    this.swingImpulse[0] *= ratio;
  }
  /** @internal The locked rows' and the drives' impulses on B. */
  accumulateImpulse(): void {
    const J = this.rows.J, p = this.rows.impulse, sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    for (let r = 0; r < this.rowCount; r++) {
      for (let k = 0; k < 3; k++) {
        sl[k] += J[r * 12 + 6 + k] * p[r];
        sa[k] += J[r * 12 + 9 + k] * p[r];
      }
    }
    for (let k = 0; k < 6; k++) {
      const drive = this.drives[k];
      if (drive === null) continue;
      drive.accumulate();
      const l = drive.totalImpulse(), part = this.axisRows[k];
      for (let i = 0; i < 3; i++) {
        sl[i] += part.n[i] * l;
        sa[i] += part.jB[i] * l;
      }
    }
    if (this.swing.active) {
      const s = this.swingImpulse[0], jB = this.swingRow.jB;
      for (let i = 0; i < 3; i++) sa[i] += jB[i] * s;
    }
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    for (const drive of this.drives) drive?.finishStep(dt);
  }
  /** @internal Limits, friction, motors or servos on any axis. (Loops, not `some`: the step asks, and a
   * closure a call would be garbage.) */
  override get hasIterativeRows(): boolean {
    for (let k = 0; k < 6; k++) if (this.drives[k]?.hasRows === true) return true;
    return this.swing.active;
  }
  /** @internal */
  override get hasDriveRows(): boolean {
    for (let k = 0; k < 6; k++) if (this.drives[k]?.hasDriveRows === true) return true;
    // friction on two or more axes: rows with a bound each, which the direct solver's friction rows (one
    // bound a joint) cannot hold; the soft step takes the joint
    return this.frictionDrives() > 1;
  }
  override get isDriving(): boolean {
    for (let k = 0; k < 6; k++) if (this.drives[k]?.isDriving === true) return true;
    return false;
  }
  /** @internal The swing cone's row (when it is on, first: as the ball joint's), then the drives' finite
   * limits in the order of the drives (translations, then the rotation). */
  override get limitRowCount(): number {
    let count = this.swing.active ? 1 : 0;
    for (const drive of this.drives) if (drive !== null) count += drive.limitRowCount;
    return count;
  }
  /** @internal */
  override writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void {
    if (this.swing.active && k === 0) {
      writeSignedRow(this.swingRow, 1, out, at);
      error[errorAt] = this.swing.C;
      return;
    }
    const i = this.limitOf(k), drive = this.drives[i] as AxisDrive, local = this.limitLocal;
    writeSignedRow(this.axisRows[i], drive.limitSign(local), out, at);
    error[errorAt] = drive.limitError(local);
  }
  /** @internal */
  override limitImpulses(k: number): Float64Array {
    if (this.swing.active && k === 0) return this.swingImpulse;
    return (this.drives[this.limitOf(k)] as AxisDrive).impulses;
  }
  /** @internal */
  override limitImpulseAt(k: number): number {
    if (this.swing.active && k === 0) return 0;
    const i = this.limitOf(k);
    return (this.drives[i] as AxisDrive).limitSlot(this.limitLocal);
  }
  /** @internal A drive's friction on one axis: the direct solver's one friction row (with friction on two
   * or more the joint is the soft step's: hasDriveRows). */
  override get frictionRowCount(): number {
    return this.frictionDrives() === 1 ? 1 : 0;
  }
  /** @internal That axis's row. */
  override writeFrictionRow(_k: number, out: Float64Array, at: number): void {
    this.frictionDrives();
    writeSignedRow(this.axisRows[this.frictionIndex], 1, out, at);
  }
  /** @internal */
  override writeFrictionImpulseBound(out: Float64Array, at: number): void {
    this.frictionDrives();
    out[at] = (this.drives[this.frictionIndex] as AxisDrive).frictionImpulseBound;
  }
  /** @internal */
  override frictionImpulses(_k: number): Float64Array {
    this.frictionDrives();
    return (this.drives[this.frictionIndex] as AxisDrive).impulses;
  }
  /** @internal */
  override frictionImpulseAt(_k: number): number {
    this.frictionDrives();
    return (this.drives[this.frictionIndex] as AxisDrive).frictionSlot;
  }
  /** How many drives have friction; the last one's index is left in frictionIndex. */
  private frictionDrives(): number {
    let count = 0;
    for (let k = 0; k < 6; k++) {
      const drive = this.drives[k];
      if (drive !== null && drive.friction > 0) {
        count++;
        this.frictionIndex = k;
      }
    }
    return count;
  }
  private frictionIndex = 0;
  /** Limit row k's drive (its index; the row's index within the drive left in limitLocal: no tuple, which
   * the direct solver's every step would allocate). */
  private limitOf(k: number): number {
    if (this.swing.active) k--;
    for (let i = 0; i < 6; i++) {
      const drive = this.drives[i];
      if (drive === null) continue;
      if (k < drive.limitRowCount) {
        this.limitLocal = k;
        return i;
      }
      k -= drive.limitRowCount;
    }
    throw new RangeError(`six-DOF joint ${this.id}: no limit row ${k}`);
  }
  private limitLocal = 0;
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rows.K.subarray(0, this.rowCount * this.rowCount));
  }
}

const scratchQuat = new Float64Array(4);
const lever = new Float64Array(3);
/** A getter's r_a, r_b and C (PointConstraintPart.measure). */
const measured = new Float64Array(9);
const twist = new Float64Array(3);
const swingNormal = new Float64Array(3);

/** Row `row` of J (12 numbers a row) the angular row [0 −w 0 w]. */
function writeAngularRow(J: Float64Array, row: number, w: ArrayLike<number>): void {
  const at = row * 12;
  for (let i = 0; i < 12; i++) J[at + i] = 0;
  J[at + 3] = -w[0]; J[at + 4] = -w[1]; J[at + 5] = -w[2];
  J[at + 9] = w[0]; J[at + 10] = w[1]; J[at + 11] = w[2];
}

/** Frame A's axis k (world) at the frames' last update. */
function frameAxis(frames: JointFrames, k: number): Float64Array {
  return k === 0 ? frames.xA : k === 1 ? frames.yA : frames.zA;
}

/**
 * Rotation k's (1 y, 2 z) limits as a swing cone's half-angle: none given, π (no limit that way); else
 * lower = −upper, upper in (0, π]. `restoring`: the options are a snapshot's placeholder, the half-angle
 * read after (π meanwhile).
 */
function readSwingRange(where: string, k: number, options: DriveOptions, restoring: boolean): number {
  if (restoring) return Math.PI;
  const name = `rotation[${k}]`;
  const { lower, upper } = options;
  if (lower === undefined && upper === undefined) return Math.PI;
  if (typeof upper !== 'number' || !(upper > 0 && upper <= Math.PI)) throw new RangeError(`${where}: ${name}.upper must be in (0, π] rad (a swing cone's half-angle), got ${show(upper)}`);
  if (lower !== -upper) throw new RangeError(`${where}: ${name}.lower must be −upper (${show(-upper)}): with two or more rotations free, y and z limits are a swing cone, symmetric about 0, got ${show(lower)}`);
  return upper;
}

/** Which swings a restored joint's snapshot gave drives (loadParts, for configureDrives). */
const swingDrivesRestored = [false, false];
