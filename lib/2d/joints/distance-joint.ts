// Distance joint in 2D (1 row): the distance between an anchor on A and an anchor on B stays at a length,
// or within [minLength, maxLength] (a rope: maxLength only), optionally pulled toward the length by a
// spring. lib/joints/distance-joint.ts in the plane, where ω is a number and r × n = r_x n_y − r_y n_x:
//
//   d = x_b + r_b − x_a − r_a,   L = |d|,   n = d / L
//   L̇ = n·(v_b + ω_b r_b⊥ − v_a − ω_a r_a⊥)        (n turning does not change L: d × n = 0)
//   J = [ −nᵀ  −(r_a × n)  nᵀ  (r_b × n) ],   K = m_a⁻¹ + m_b⁻¹ + i_a (r_a × n)² + i_b (r_b × n)²
// It is one linear axis row (parts/axis-part.ts) with L as the position of the 3D joints' axis drive
// (lib/joints/parts/axis-drive.ts, the same code): the bounds are its lower and upper limit rows (equal
// bounds make a rigid rod), and a spring (hertz, or stiffness and damping) is its servo toward `length`.
// Box2D v3's b2DistanceJoint has the same three (its rigid rod, its spring, its min/max lengths). The 3D
// distance joint between points of the plane is its 3D form, and the two agree to round-off.

import type { Body2D } from '../body.js';
import type { Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, Joint2D, worldPoint2D, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D } from './local-frames.js';
import { definedOptions } from '../../joints/joint-core.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { PointConstraintPart2D } from './parts/point-part.js';
import { AxisConstraintPart2D, writeSignedRow } from './parts/axis-part.js';
import { AxisDrive } from '../../joints/parts/axis-drive.js';
import { readLengthRange, requireLength, requireLongEnough } from '../../joints/distance-joint.js';
import { readPoint, requireWritable } from '../../util/validate.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface DistanceJoint2DOptions extends Joint2DOptions {
  /** The anchor on A and the anchor on B, world space, m (required unless localFrameA and localFrameB are
   * given): the frames' positions. */
  anchorA?: Vector2Input;
  anchorB?: Vector2Input;
  /** Rest length, m. Default: the anchors' distance at creation. */
  length?: number;
  /** Bounds, m. Default: both equal to `length` (a rigid rod) without a spring, [0, Infinity) with one
   * (`hertz`, or `stiffness` or `damping`, > 0). A rope is { minLength: 0, maxLength }. */
  minLength?: number;
  maxLength?: number;
}
/** @internal The keys of DistanceJoint2DOptions (option-keys.ts). */
export const DISTANCE_JOINT_2D_OPTION_KEYS: readonly string[] = [
  ...JOINT_2D_OPTION_KEYS,
  ...optionKeys<Omit<DistanceJoint2DOptions, keyof Joint2DOptions>>({ anchorA: true, anchorB: true, length: true, minLength: true, maxLength: true }),
];

/** The 2D distance joint's definition (lib/joints/joint-definition.ts): World2D.createDistanceJoint checks
 * the options and makes it through make. */
export const DISTANCE_JOINT_2D_DEFINITION: JointDefinition<DistanceJoint2D, DistanceJoint2DOptions, Body2D> = {
  type: 'distance',
  make(context, options) {
    const where = 'createDistanceJoint';
    checkOptionKeys(where, options, DISTANCE_JOINT_2D_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { anchor: 'anchorA', anchorB: 'anchorB' });
    const anchorA = readPoint(where, 'anchorA', options.anchorA, 2, new Float64Array(2));
    const anchorB = readPoint(where, 'anchorB', options.anchorB, 2, new Float64Array(2));
    return new DistanceJoint2D(context.nextId, bodyA, bodyB, anchorA, anchorB, options);
  },
  placeholder: (context, bodyA, bodyB) => DISTANCE_JOINT_2D_DEFINITION.make(context, { bodyA, bodyB, anchorA: [0, 0], anchorB: [1, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

/** Below this the anchors' direction is not kept: the last one stands (as in 3D). */
const MIN_LENGTH = 1e-9;

export class DistanceJoint2D extends Joint2D {
  readonly type = 'distance' as const;
  readonly rowCount = 1;
  /** The anchors (fixed in each body) and, at each prepare, the lever arms and d. */
  readonly point = new PointConstraintPart2D();
  /** The length row along n. */
  readonly row = new AxisConstraintPart2D();
  protected readonly drive = new AxisDrive(false, 0, Infinity);
  private _length: number;
  /** n at the last prepare (kept when the anchors meet). */
  private readonly direction = new Float64Array([1, 0]);

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal Use world.createDistanceJoint; the anchors are already checked. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, anchorA: Float64Array, anchorB: Float64Array, options: DistanceJoint2DOptions) {
    const where = 'createDistanceJoint';
    super(id, bodyA, bodyB, options, where);
    const distance = Math.hypot(anchorB[0] - anchorA[0], anchorB[1] - anchorA[1]);
    const length = options.length === undefined ? distance : requireLength(where, 'length', options.length);
    const spring = this.isSpring;
    const [lower, upper] = readLengthRange(
      where, options.minLength ?? (spring ? 0 : length), options.maxLength ?? (spring ? Infinity : length),
    );
    requireLongEnough(where, upper, distance);
    this._length = length;
    // a lower bound of 0 is no bound (L ≥ 0 always): no row to solve where the direction is undefined
    this.drive.lower = lower > 0 ? lower : -Infinity;
    this.drive.upper = upper;
    this.point.setWorldAnchor(bodyA, bodyB, anchorA, anchorB);
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors at the bodies' current
   * poses, the length and the bounds. */
  toOptions(): DistanceJoint2DOptions {
    return definedOptions({
      ...this.coreOptions(),
      anchorA: worldPoint2D(this.bodyA, this.point.localAnchorA), anchorB: worldPoint2D(this.bodyB, this.point.localAnchorB),
      length: this._length, minLength: this.minLength, maxLength: this.maxLength,
    });
  }

  /** The rest length the spring pulls toward, m. */
  get length(): number {
    return this._length;
  }
  set length(value: number) {
    this.requireInWorld('length');
    this._length = requireLength('length', 'length', value);
    this.wakeBodies();
  }
  get minLength(): number {
    return Math.max(this.drive.lower, 0);
  }
  get maxLength(): number {
    return this.drive.upper;
  }
  /** Sets the bounds, m (0 ≤ min ≤ max; max may be Infinity). */
  setLengthRange(minLength: number, maxLength: number): void {
    this.requireInWorld('setLengthRange');
    const [lower, upper] = readLengthRange('setLengthRange', minLength, maxLength);
    requireLongEnough('setLengthRange', upper);
    this.drive.setLimits('setLengthRange', lower > 0 ? lower : -Infinity, upper);
    this.wakeBodies();
  }
  /** The anchors' current distance, m. */
  getCurrentLength(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 2);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 2);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }
  /** How far the current length is outside [minLength, maxLength], m. */
  getError(): number {
    const L = this.getCurrentLength();
    return Math.max(this.drive.lower - L, L - this.drive.upper, 0);
  }
  getLinearError(): number {
    return this.getError();
  }
  getAngularError(): number {
    return 0;
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, point = this.point, drive = this.drive, n = this.direction;
    point.prepare(bodyA, bodyB);
    const d = point.C, L = Math.sqrt(d[0] * d[0] + d[1] * d[1]);
    // the direction: kept from the last prepare when the anchors coincide
    if (L > MIN_LENGTH) {
      n[0] = d[0] / L; n[1] = d[1] / L;
    }
    this.row.setLinear(bodyA, bodyB, n, point.rA, point.rB);
    if (this.isSpring) {
      drive.mode = 'position';
      drive.target = this._length;
      drive.servoHertz = this.hertz;
      drive.servoDampingRatio = this.dampingRatio;
      drive.servoStiffness = this.stiffness;
      drive.servoDamping = this.damping;
    } else {
      drive.mode = 'off';
    }
    drive.clearInactive();
    drive.position = L;
    drive.prepare(step);
  }

  protected override checkParts(where: string, path: string): void {
    this.drive.checkState(where, `${path}.drive`);
    requireLength(where, `${path}.length`, this._length);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.drive.saveState(writer);
    writer.write(this._length);
    // (a unit vector)
    writer.writeBounded(this.direction, 1);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.drive.loadState(reader);
    this._length = reader.read();
    reader.readInto(this.direction);
  }

  /** @internal */
  warmStart(): void {
    this.drive.warmStart(this.row, this.bodyA, this.bodyB);
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    this.drive.solve(this.row, this.bodyA, this.bodyB, soft, useBias, !this.directLimits, !this.directFriction);
  }

  // The bounds as limit rows the direct solver holds (solver/direct/limits.ts) when the joint has no
  // spring, as in 3D: minLength when it is above 0, then maxLength when finite. Row k is the drive's row k,
  // or k + 1 when minLength is 0 (the drive counts every finite bound, and 0 is finite).
  /** @internal */
  override get hasDriveRows(): boolean {
    return this.drive.mode !== 'off';
  }
  /** @internal */
  override get limitRowCount(): number {
    if (this.isSpring) return 0;
    return (this.drive.lower > 0 ? 1 : 0) + (this.drive.upper < Infinity ? 1 : 0);
  }
  private driveRow(k: number): number {
    return this.drive.lower > 0 ? k : k + 1;
  }
  /** @internal */
  override writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void {
    super.writeLimitRow(this.driveRow(k), out, at, error, errorAt);
  }
  /** @internal */
  override limitImpulseAt(k: number): number {
    return super.limitImpulseAt(this.driveRow(k));
  }
  protected override get axisDrive(): AxisDrive {
    return this.drive;
  }
  protected override writeAxisRow(sign: number, out: Float64Array, at: number): void {
    writeSignedRow(this.row, sign, out, at);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    this.drive.scale(ratio);
  }
  /** @internal Its row is a limit pair (even a rod's): no equality row for the forest; the direct solver
   * may hold its bounds as limit rows (limitRowCount). */
  override get directRowCount(): number {
    return 0;
  }
  /** @internal The force on B: the row's impulse along n. */
  accumulateImpulse(): void {
    const n = this.row.n, p = this.drive.totalImpulse(), s = this.linearImpulseSum;
    s[0] += p * n[0]; s[1] += p * n[1];
  }

  // Its one row is a limit pair, not an equality row (equalityRows is empty, so the direct solver's forest
  // never holds it): the row methods read the length row itself, for tests and applyImpulse.

  /** @internal */
  override writeJacobian(out: Float64Array): void {
    this.row.writeJacobian(out, 0);
  }
  writeEffectiveMass(out: Float64Array): void {
    out[0] = this.row.K;
  }
  /** @internal */
  override getVelocityError(out: Float64Array): void {
    out[0] = this.row.velocityError(this.bodyA, this.bodyB);
  }
  /** @internal C = L − length at the last prepare. */
  override getPositionError(out: Float64Array): void {
    out[0] = this.drive.position - this._length;
  }
  protected override applyRowImpulse(lambda: ArrayLike<number>): void {
    this.row.applyImpulseAt(this.bodyA, this.bodyB, lambda, 0);
  }
}
