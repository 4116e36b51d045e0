// Distance joint (1 row): the distance between an anchor on A and an anchor on B stays at a length, or
// within [minLength, maxLength] (a rope: maxLength only), optionally pulled toward the length by a spring.
//
//   d = x_b + r_b − x_a − r_a,   L = |d|,   n = d / L
//   L̇ = n·(v_b + ω_b × r_b − v_a − ω_a × r_a)      (n turning does not change L: d × n = 0)
//   J = [ −nᵀ  −(r_a × n)ᵀ  nᵀ  (r_b × n)ᵀ ],   K = (m_a⁻¹ + m_b⁻¹) + (r_a × n)·I_a⁻¹(r_a × n) + (r_b × n)·I_b⁻¹(r_b × n)
// It is one linear axis row (parts/axis-part.ts) with L as the position of parts/axis-drive.ts: the
// bounds are its lower and upper limit rows (equal bounds make a rigid rod), and `hertz` > 0 is its
// servo spring toward `length`. Box2D's distance joint has the same three.

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import type { Softness } from '../solver/softness.js';
import { Joint, JOINT_OPTION_KEYS, worldPoint, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { PointConstraintPart } from './parts/point-part.js';
import { AxisConstraintPart, writeSignedRow } from './parts/axis-part.js';
import { AxisDrive } from './parts/axis-drive.js';
import { readBounds, readPoint, requireNonNegative, requireWithin, requireWritable } from '../util/validate.js';
import { MAX_JOINT_LENGTH } from '../limits.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import {
  drawBodyFrames, drawnAnchorA, drawnAnchorB, drawRange, perpendiculars, requireDrawArguments, type DebugLines,
} from './joint-drawing.js';
import type { Vector3Input } from '../util/vector-input.js';

export interface DistanceJointOptions extends JointOptions {
  /** The anchor on A and the anchor on B, world space, m (required unless localFrameA and localFrameB are given): the frames' positions. */
  anchorA?: Vector3Input;
  anchorB?: Vector3Input;
  /** Rest length, m. Default: the anchors' distance at creation. */
  length?: number;
  /** Bounds, m. Default: both equal to `length` (a rigid rod) without a spring, [0, Infinity) with one
   * (`hertz` > 0). A rope is { minLength: 0, maxLength }. */
  minLength?: number;
  maxLength?: number;
}
/** @internal The keys of DistanceJointOptions (option-keys.ts). */
export const DISTANCE_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_OPTION_KEYS, ...optionKeys<Omit<DistanceJointOptions, keyof JointOptions>>({ anchorA: true, anchorB: true, length: true, minLength: true, maxLength: true })];

/** The distance joint's definition (joint-definition.ts): World.createDistanceJoint checks the options and
 * makes it through make. */
export const DISTANCE_JOINT_DEFINITION: JointDefinition<DistanceJoint, DistanceJointOptions, Body> = {
  type: 'distance',
  make(context, options) {
    const where = 'createDistanceJoint';
    checkOptionKeys(where, options, DISTANCE_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchorA', anchorB: 'anchorB' });
    const anchorA = readPoint(where, 'anchorA', options.anchorA, 3, new Float64Array(3));
    const anchorB = readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    return new DistanceJoint(context.nextId, bodyA, bodyB, anchorA, anchorB, options, context.arena);
  },
  placeholder: (context, bodyA, bodyB) => DISTANCE_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchorA: [0, 0, 0], anchorB: [1, 0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

/** Below this the direction is lost in the anchors' own error: a shorter rod is a ball joint (Box2D
 * clamps its distance joint to the same 5 mm, b2_linearSlop). A random-scene test found a zero-length
 * rod in a loop pumping energy without bound, its row direction flipping every substep. */
export const MIN_DISTANCE_JOINT_LENGTH = 0.005;
const MIN_LENGTH = 1e-9;

/** drawLimits' direction and the two directions across it. */
const direction = new Float64Array(3);
const across1 = new Float64Array(3);
const across2 = new Float64Array(3);

export class DistanceJoint extends Joint {
  readonly type = 'distance' as const;
  readonly rowCount = 1;
  readonly point: PointConstraintPart;
  readonly row = new AxisConstraintPart();
  protected readonly drive = new AxisDrive(false, 0, Infinity);
  private _length: number;
  private readonly direction = new Float64Array([1, 0, 0]);

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal Use world.createDistanceJoint; the anchors are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchorA: Float64Array, anchorB: Float64Array, options: DistanceJointOptions,
    allocator?: Float64Allocator,
  ) {
    super(id, bodyA, bodyB, options, 'createDistanceJoint', allocator);
    const where = 'createDistanceJoint';
    const distance = Math.hypot(anchorB[0] - anchorA[0], anchorB[1] - anchorA[1], anchorB[2] - anchorA[2]);
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
    this.point = new PointConstraintPart(allocator);
    bodyA.getLocalPoint(this.point.localAnchorA, anchorA);
    bodyB.getLocalPoint(this.point.localAnchorB, anchorB);
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors at the bodies' current
   * poses, the length and the bounds. */
  toOptions(): DistanceJointOptions {
    return definedOptions({
      ...this.coreOptions(),
      anchorA: worldPoint(this.bodyA, this.point.localAnchorA), anchorB: worldPoint(this.bodyB, this.point.localAnchorB),
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
    requireWritable('getAnchorA', out, 3);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 3);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  /** Draws the bodies' own axes at their anchors (see Joint.drawFrames). */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    this.updateDrawnAnchors();
    drawBodyFrames(lines, this.bodyA.orientation, this.bodyB.orientation, drawnAnchorA, drawnAnchorB, size);
  }

  /**
   * Draws the bounds (see Joint.drawLimits) along the current direction from A's anchor to B's: the
   * segment from minLength to maxLength with a cross at each bound (minLength when above 0, maxLength
   * when finite), and a larger cross at the current length (at B's anchor), red within 5 mm of a bound;
   * an open bound runs `size` m past the current length (not below 0). Draws nothing without bounds (a spring with the
   * default [0, Infinity)).
   */
  override drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
    const lower = this.drive.lower, upper = this.drive.upper;
    if (lower === -Infinity && upper === Infinity) return;
    this.updateDrawnAnchors();
    const pA = drawnAnchorA, pB = drawnAnchorB, n = direction;
    n[0] = pB[0] - pA[0]; n[1] = pB[1] - pA[1]; n[2] = pB[2] - pA[2];
    const L = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    // the direction: the last prepare's when the anchors coincide
    if (L > MIN_LENGTH) {
      n[0] /= L; n[1] /= L; n[2] /= L;
    } else {
      n.set(this.direction);
    }
    perpendiculars(n, across1, across2);
    drawRange(lines, pA, n, across1, across2, lower, upper, L, size, 0);
  }

  private updateDrawnAnchors(): void {
    this.bodyA.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    this.bodyB.getWorldPoint(drawnAnchorB, this.point.localAnchorB);
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
    const d = point.C, L = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    // the direction: kept from the last prepare when the anchors coincide
    if (L > MIN_LENGTH) {
      n[0] = d[0] / L; n[1] = d[1] / L; n[2] = d[2] / L;
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

  // The bounds as limit rows the direct solver holds (solver/direct/limits.ts) when the joint has no spring:
  // minLength when it is above 0 (L ≥ 0 always holds), then maxLength when finite. Row k is the drive's
  // row k, or k + 1 when minLength is 0 (the drive counts every finite bound, and 0 is finite).
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
  /** @internal Its row is a limit pair (even a rod's): no equality row for the forest; the direct solver may hold
   * its bounds as limit rows (limitRowCount). */
  override get directRowCount(): number {
    return 0;
  }
  /** @internal */
  accumulateImpulse(): void {
    const n = this.row.n, p = this.drive.totalImpulse(), s = this.linearImpulseSum;
    s[0] += p * n[0]; s[1] += p * n[1]; s[2] += p * n[2];
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

/** @internal A length, m: finite, ≥ 0 and at most MAX_JOINT_LENGTH (README, "Limits"). The 2D distance
 * joint reads its lengths with these three too. */
export function requireLength(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requireNonNegative(where, name, value), 0, MAX_JOINT_LENGTH, ' m');
}
/** @internal minLength ≤ maxLength, both ≥ 0; maxLength may be Infinity (no bound), finite ones at most
 * MAX_JOINT_LENGTH. */
export function readLengthRange(where: string, minLength: unknown, maxLength: unknown): [number, number] {
  const [lower, upper] = readBounds(where, 'minLength', 'maxLength', minLength, maxLength, 0, Infinity);
  requireWithin(where, 'minLength', lower, 0, MAX_JOINT_LENGTH, ' m');
  if (upper !== Infinity) requireWithin(where, 'maxLength', upper, 0, MAX_JOINT_LENGTH, ' m');
  return [lower, upper];
}

/** @internal Refuses a maxLength under MIN_DISTANCE_JOINT_LENGTH (`distance`: the anchors' at creation). */
export function requireLongEnough(where: string, maxLength: number, distance?: number): void {
  if (maxLength >= MIN_DISTANCE_JOINT_LENGTH) return;
  const apart = distance === undefined ? '' : ` (the anchors are ${distance} m apart)`;
  throw new RangeError(
    `${where}: maxLength must be ≥ ${MIN_DISTANCE_JOINT_LENGTH} m${apart}, got ${maxLength}; a ball joint holds two coincident points`,
  );
}
