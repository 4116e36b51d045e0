// Prismatic (slider) joint (5 rows): B slides along an axis fixed in A without turning relative to it.
// Two linear rows keep the anchor on the axis and the rotation part (3 rows) keeps the relative
// orientation, solved as one coupled 5x5 block (parts/coupled-rows.ts). The free translation along the
// axis carries the optional limits, motor, servo and friction (parts/axis-drive.ts).
//
// With d = x_b + r_b − x_a − r_a (the point part's C), the axis a and the normals n₁, n₂ of A's frame:
//   C   = [ n₁·d,  n₂·d,  log(q_b (q_a q₀)⁻¹) ]
//   Ċ_i = n_i·(v_b + ω_b × r_b − v_a − ω_a × r_a) + (ω_a × n_i)·d    (n_i turns with A)
//   J_i = [ −n_iᵀ  −((r_a + d) × n_i)ᵀ  n_iᵀ  (r_b × n_i)ᵀ ]         (axis-part.ts)
//   J_rotation = [ 0 −I 0 I ]                                        (parts/rotation-part.ts)
// The axis row is the same linear row along a, with x = a·d the joint translation (0 at creation).
// Source of the (r_a + d) form: Box2D's prismatic joint, Jolt's SliderConstraint.

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import { JOINT_OPTION_KEYS, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import { readNormal } from './joint-frames.js';
import { readDirection, readPoint, readUnitQuaternion } from '../util/validate.js';
import type { JointDefinition } from './joint-definition.js';
import { FreeAxisJoint } from './free-axis-joint.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import { AxisConstraintPart } from './parts/axis-part.js';
import { AxisDrive, type MotorOptions, type ServoOptions } from './parts/axis-drive.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { drawnAnchorA, drawnAnchorB, drawRange, requireDrawArguments, type DebugLines } from './joint-drawing.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export interface PrismaticJointOptions extends JointOptions {
  /** A point on the slide axis, world space, m (B's anchor slides along A's axis through it) (required unless localFrameA and localFrameB are given). */
  anchor?: Vector3Input;
  /** The slide axis, world space (fixed in A) (required unless localFrameA and localFrameB are given). */
  axis?: Vector3Input;
  /** Translation limits along the axis, m, from the pose at creation. Default: none. */
  lowerTranslation?: number;
  upperTranslation?: number;
  /** A velocity motor: target speed (m/s) with a force cap (N). */
  motor?: MotorOptions;
  /** A position servo: a spring toward a target translation (m) with a force cap (N). */
  servo?: ServoOptions;
  /** Coulomb friction force along the axis, N. Default 0. */
  frictionForce?: number;
  /** Where the frame's y axis points, world space (made perpendicular to `axis`): which way the two rows
   * across the axis lie. Optional. */
  normal?: Vector3Input;
  /** B's anchor, world space, when it is not `anchor`: the joint starts at the translation (and the
   * distance from the axis) between them. What toOptions() gives for a joint away from translation 0. */
  anchorB?: Vector3Input;
  /** B's orientation in A's axes that the joint holds (q_a⁻¹ q_b, a unit quaternion [x, y, z, w]).
   * Default: the bodies' relative orientation at creation. */
  referenceRotation?: QuaternionInput;
}
/** @internal The keys of PrismaticJointOptions (option-keys.ts). */
export const PRISMATIC_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_OPTION_KEYS, ...optionKeys<Omit<PrismaticJointOptions, keyof JointOptions>>({ anchor: true, axis: true, lowerTranslation: true, upperTranslation: true, motor: true, servo: true, frictionForce: true, normal: true, anchorB: true, referenceRotation: true })];

/** The prismatic joint's definition (joint-definition.ts): World.createPrismaticJoint checks the options and
 * makes it through make. */
export const PRISMATIC_JOINT_DEFINITION: JointDefinition<PrismaticJoint, PrismaticJointOptions, Body> = {
  type: 'prismatic',
  make(context, options) {
    const where = 'createPrismaticJoint';
    checkOptionKeys(where, options, PRISMATIC_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', axis: 'axis', normal: 'normal', referenceRotation: 'referenceRotation' });
    const anchor = readPoint(where, 'anchor', options.anchor, 3, new Float64Array(3));
    const axis = readDirection(where, 'axis', options.axis, new Float64Array(3));
    const normal = readNormal(where, 'normal', options.normal, axis);
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    const reference = options.referenceRotation === undefined
      ? undefined
      : readUnitQuaternion(where, 'referenceRotation', options.referenceRotation, new Float64Array(4));
    return new PrismaticJoint(context.nextId, bodyA, bodyB, anchor, axis, options, context.arena, normal, anchorB, reference);
  },
  placeholder: (context, bodyA, bodyB) => PRISMATIC_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0, 0], axis: [1, 0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const lever = new Float64Array(3);
/** A getter's r_a, r_b and C (PointConstraintPart.measure), and its axis row. */
const measured = new Float64Array(9);
const measuredA = measured.subarray(0, 3), measuredB = measured.subarray(3, 6), measuredC = measured.subarray(6, 9);
const speedRow = new AxisConstraintPart();

export class PrismaticJoint extends FreeAxisJoint {
  readonly type = 'prismatic' as const;
  readonly rotation: RotationConstraintPart;
  readonly normalRow1 = new AxisConstraintPart();
  readonly normalRow2 = new AxisConstraintPart();

  /** @internal Use world.createPrismaticJoint; `anchor`, `axis` and the rest of the geometry are already
   * checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, axis: Float64Array, options: PrismaticJointOptions,
    allocator?: Float64Allocator, normal?: Float64Array, anchorB?: Float64Array, referenceRotation?: Float64Array,
  ) {
    super(
      id, bodyA, bodyB, options, 'createPrismaticJoint', anchor, anchorB, new AxisDrive(false, -Infinity, Infinity),
      { lower: options.lowerTranslation, upper: options.upperTranslation, motor: options.motor, servo: options.servo, friction: options.frictionForce },
      { lower: 'lowerTranslation', upper: 'upperTranslation', friction: 'frictionForce' },
      allocator,
    );
    this.rotation = new RotationConstraintPart(allocator);
    if (referenceRotation === undefined) this.rotation.setReference(bodyA, bodyB);
    else this.rotation.referenceRotation.set(referenceRotation);
    this.frames.setFromWorld(bodyA, bodyB, axis, normal);
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors and A's frame at the
   * bodies' current poses, the rotation it holds, and the limits, motor or servo and friction. */
  toOptions(): PrismaticJointOptions {
    const drive = this.drive.toOptions();
    return definedOptions({
      ...this.freeAxisOptions(), referenceRotation: Array.from(this.rotation.referenceRotation),
      lowerTranslation: drive.lower, upperTranslation: drive.upper, motor: drive.motor, servo: drive.servo, frictionForce: drive.friction,
    });
  }

  /** Translation of B's anchor along the axis from the pose at creation, m. */
  getTranslation(): number {
    this.point.measure(this.bodyA, this.bodyB, measured);
    return this.prepareAxis(speedRow, measuredA, measuredB, measuredC);
  }
  /** Speed along the axis, m/s: the axis row's Ċ at the current poses (measured into a scratch row: reading
   * it writes none of the joint's saved state). */
  getSpeed(): number {
    this.getTranslation();
    return speedRow.velocityError(this.bodyA, this.bodyB);
  }
  get lowerTranslation(): number {
    return this.drive.lower;
  }
  get upperTranslation(): number {
    return this.drive.upper;
  }
  get frictionForce(): number {
    return this.drive.friction;
  }
  /** The force the motor or servo applied along the axis over the last step, on B, N (signed along the
   * axis). */
  getMotorForce(): number {
    return this.drive.motorForce;
  }
  /** The force the limits applied along the axis over the last step, on B, N: positive from the lower
   * limit, negative from the upper. A motor pressing B into a limit reads getLimitForce() = −getMotorForce(). */
  getLimitForce(): number {
    return this.drive.limitForce;
  }
  set frictionForce(value: number) {
    this.requireInWorld('frictionForce');
    this.drive.setFriction('frictionForce', value);
    this.wakeBodies();
  }

  /**
   * Draws the slider's limits (see Joint.drawLimits) along its axis (A's) from A's anchor: the segment
   * from lowerTranslation to upperTranslation with a cross at each finite end, and a larger cross at
   * getTranslation(), red within 5 mm of a limit; an open end runs `size` m past the rest. Draws nothing
   * when the slider has no limits.
   */
  override drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
    const lower = this.drive.lower, upper = this.drive.upper;
    if (lower === -Infinity && upper === Infinity) return;
    this.updateDrawnAnchors();
    // the translation x = a·d, d = B's anchor − A's (getTranslation)
    const frames = this.frames, a = frames.xA, pA = drawnAnchorA, pB = drawnAnchorB;
    const x = a[0] * (pB[0] - pA[0]) + a[1] * (pB[1] - pA[1]) + a[2] * (pB[2] - pA[2]);
    drawRange(lines, pA, a, frames.yA, frames.zA, lower, upper, x, size, -Infinity);
  }

  /** Distance of B's anchor from A's axis, m. */
  getError(): number {
    return this.getLinearError();
  }
  getLinearError(): number {
    const along = this.getTranslation(), a = this.frames.xA, d = measuredC;
    return Math.hypot(d[0] - along * a[0], d[1] - along * a[1], d[2] - along * a[2]);
  }
  getAngularError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }

  /** Frames and an axis row at the current poses, from lever arms and d measured there; returns the
   * translation. */
  private prepareAxis(row: AxisConstraintPart, rA: Float64Array, rB: Float64Array, d: Float64Array): number {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    this.frames.update(bodyA, bodyB);
    const a = this.frames.xA;
    lever[0] = rA[0] + d[0]; lever[1] = rA[1] + d[1]; lever[2] = rA[2] + d[2];
    row.setLinear(bodyA, bodyB, a, lever, rB);
    return a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, rows = this.rows, frames = this.frames;
    this.updateSpring(step);
    const point = this.point;
    point.prepare(bodyA, bodyB);
    const x = this.prepareAxis(this.axisRow, point.rA, point.rB, point.C);
    this.rotation.prepare(bodyA, bodyB);
    const d = this.point.C, rB = this.point.rB;
    this.normalRow1.setLinear(bodyA, bodyB, frames.yA, lever, rB);
    this.normalRow2.setLinear(bodyA, bodyB, frames.zA, lever, rB);
    this.normalRow1.writeJacobian(rows.J, 0);
    this.normalRow2.writeJacobian(rows.J, 1);
    this.rotation.writeJacobian(rows.J, 2);
    const y = frames.yA, z = frames.zA, C = rows.C, Cr = this.rotation.C;
    C[0] = y[0] * d[0] + y[1] * d[1] + y[2] * d[2];
    C[1] = z[0] * d[0] + z[1] * d[1] + z[2] * d[2];
    C[2] = Cr[0]; C[3] = Cr[1]; C[4] = Cr[2];
    rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
    this.drive.position = x;
    this.drive.prepare(step);
  }

  protected override saveOwnParts(writer: StateWriter): void {
    this.rotation.saveState(writer);
  }
  protected override loadOwnParts(reader: StateReader): void {
    this.rotation.loadState(reader);
  }

  /** @internal */
  accumulateImpulse(): void {
    this.drive.accumulate();
    const p = this.rows.impulse, sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    const n1 = this.normalRow1.n, n2 = this.normalRow2.n, a = this.axisRow.n, axial = this.drive.totalImpulse();
    for (let k = 0; k < 3; k++) {
      sl[k] += p[0] * n1[k] + p[1] * n2[k] + axial * a[k];
      sa[k] += p[2 + k];
    }
  }
}
