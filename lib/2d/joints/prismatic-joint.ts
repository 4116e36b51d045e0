// Prismatic (slider) joint in 2D (2 rows): B slides along an axis fixed in A without turning relative to
// it. One linear row keeps B's anchor on A's axis and one angular row keeps the relative angle, solved
// together as one 2x2 block (parts/coupled-rows.ts). The free translation along the axis carries the
// limits, motor, servo and friction (lib/joints/parts/axis-drive.ts, the same code as the 3D slider's) on
// an axis row (parts/axis-part.ts). The 3D prismatic joint (lib/joints/prismatic-joint.ts) with its axis in
// the plane is its 3D form: of its five rows, the one across the axis in the plane and the rotation about z
// are the ones planar motion meets, and the two agree to round-off.
//
// With d = x_b + r_b − x_a − r_a (the point part's C), a = R(θ_a) a_local A's axis in the world,
// n = a turned +90° = (−a_y, a_x), and r × n = r_x n_y − r_y n_x:
//   C    = [ n·d ;  θ_b − θ_a − θ₀ (wrapped to (−π, π]) ]
//   Ċ₀   = n·(v_b + ω_b r_b⊥ − v_a − ω_a r_a⊥) + ω_a n⊥·d            (n turns with A: ṅ = ω_a n⊥)
//        = n·(v_b − v_a) + (r_b × n) ω_b − ((r_a + d) × n) ω_a
//   J    = [[ −nᵀ  −s_a  nᵀ  s_b ],        s_a = (r_a + d) × n,  s_b = r_b × n
//           [  0   −1    0   1   ]]        (body order [v_a ω_a v_b ω_b], 6 columns)
//   K    = [[ m_a⁻¹ + m_b⁻¹ + i_a s_a² + i_b s_b²   i_a s_a + i_b s_b ],
//           [ i_a s_a + i_b s_b                    i_a + i_b         ]]
//   λ    = −massScale K⁻¹ (J v + biasRate C + γ λ_acc) − impulseScale λ_acc      (both rows at once)
//   M⁻¹ Jᵀ λ:  v_a −= m_a⁻¹ λ₀ n,  ω_a −= i_a (s_a λ₀ + λ₁),  v_b += m_b⁻¹ λ₀ n,  ω_b += i_b (s_b λ₀ + λ₁)
// The axis row is the same linear row along a, with x = a·d the joint translation (0 at creation). The
// force on B is λ₀ n plus the drive's impulse along a, the torque λ₁ (as the 3D slider reports its
// rotation rows). This is Box2D's prismatic joint (b2PrismaticJoint, Erin Catto: the point-to-line row with
// its (d + r_a) lever arm, the angle row, and the two solved as one 2x2 block); the (r_a + d) lever arm makes
// the row's Ċ the exact derivative of C as A turns.
//
// Per solve, as the 3D slider: the drive rows first (servo, motor, friction, limits), then the block.

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import type { Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, Joint2D, readReferenceAngle, worldPoint2D, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D, type LocalFrame2D } from './local-frames.js';
import { definedOptions } from '../../joints/joint-core.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { PointConstraintPart2D } from './parts/point-part.js';
import { CoupledRows2D } from './parts/coupled-rows.js';
import { AxisConstraintPart2D, writeSignedRow } from './parts/axis-part.js';
import { measureSlide, readDirection2D, requireUnitAxis, slideAxis, slideFromPoint, slideLever, slideNormal, slideLeverB, slideOffset, writeLineRow } from './parts/slide-geometry.js';
import { AxisDrive, wrapAngle, type MotorOptions, type ServoOptions } from '../../joints/parts/axis-drive.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import { MAX_REFERENCE_ANGLE } from '../../limits.js';
import { readFiniteVector, readPoint, requireWritable, show } from '../../util/validate.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface PrismaticJoint2DOptions extends Joint2DOptions {
  /** A point on the slide axis, world space, m (B's anchor slides along A's axis through it) (required
   * unless localFrameA and localFrameB are given). */
  anchor?: Vector2Input;
  /** The slide axis, world space (fixed in A) (required unless localFrameA and localFrameB are given: then
   * frame A's x axis). */
  axis?: Vector2Input;
  /** Translation limits along the axis, m, from the pose at creation. Default: none. */
  lowerTranslation?: number;
  upperTranslation?: number;
  /** A velocity motor: target speed (m/s) with a force cap (N). */
  motor?: MotorOptions;
  /** A position servo: a spring toward a target translation (m) with a force cap (N). */
  servo?: ServoOptions;
  /** Coulomb friction force along the axis, N. Default 0. */
  frictionForce?: number;
  /** B's anchor, world space, when it is not `anchor`: the joint starts at the translation (and the
   * distance from the axis) between them. What toOptions() gives for a joint away from translation 0. */
  anchorB?: Vector2Input;
  /** θ_b − θ_a that the joint holds, rad. Default: the bodies' at creation. */
  referenceAngle?: number;
}
/** @internal The keys of PrismaticJoint2DOptions (option-keys.ts). */
export const PRISMATIC_JOINT_2D_OPTION_KEYS: readonly string[] = [
  ...JOINT_2D_OPTION_KEYS,
  ...optionKeys<Omit<PrismaticJoint2DOptions, keyof Joint2DOptions>>({
    anchor: true, axis: true, lowerTranslation: true, upperTranslation: true, motor: true, servo: true, frictionForce: true, anchorB: true, referenceAngle: true,
  }),
];

/** The 2D prismatic joint's definition (lib/joints/joint-definition.ts): World2D.createPrismaticJoint checks
 * the options and makes it through make. */
export const PRISMATIC_JOINT_2D_DEFINITION: JointDefinition<PrismaticJoint2D, PrismaticJoint2DOptions, Body2D> = {
  type: 'prismatic',
  make(context, options) {
    const where = 'createPrismaticJoint';
    checkOptionKeys(where, options, PRISMATIC_JOINT_2D_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    const frameA = options.localFrameA, givenAxis = options.axis;
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', referenceAngle: 'referenceAngle' });
    // (applyLocalFrames2D has checked the frames: both given, angles finite) the axis is frame A's x axis,
    // R(θ_a + α_a) e_x, as the 3D joints' is R_a q_a e_x (lib/joints/local-frames.ts)
    if (frameA !== undefined) {
      if (givenAxis !== undefined) throw new TypeError(`${where}: give axis or localFrameA and localFrameB, not both`);
      const angle = bodyA.angle + ((frameA as LocalFrame2D).angle ?? 0);
      options = { ...options, axis: [Math.cos(angle), Math.sin(angle)] };
    }
    const anchor = readPoint(where, 'anchor', options.anchor, 2, new Float64Array(2));
    const axis = readDirection2D(where, 'axis', options.axis, new Float64Array(2));
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 2, new Float64Array(2));
    const reference = options.referenceAngle === undefined ? undefined : readReferenceAngle(where, options.referenceAngle);
    return new PrismaticJoint2D(context.nextId, bodyA, bodyB, anchor, axis, options, anchorB, reference);
  },
  placeholder: (context, bodyA, bodyB) => PRISMATIC_JOINT_2D_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0], axis: [1, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const ROTATION = BODY2D_STATE.rotation, ANGLE = BODY2D_STATE.angle;

export class PrismaticJoint2D extends Joint2D {
  readonly type = 'prismatic' as const;
  readonly rowCount = 2;
  /** The anchors (fixed in each body) and, at each prepare, the lever arms and d. Its own rows are not
   * solved: the block below holds the joint. */
  readonly point = new PointConstraintPart2D();
  /** The two holding rows (across the axis, the angle), solved together. */
  readonly rows = new CoupledRows2D(2);
  /** The free axis: limits, motor, servo, friction. */
  readonly axisRow = new AxisConstraintPart2D();
  protected readonly drive = new AxisDrive(false, -Infinity, Infinity);
  /** A's axis in A's axes (a unit vector). */
  private readonly localAxis = new Float64Array(2);
  /** n at the last prepare (the force readout's direction across the axis). */
  private readonly normal = new Float64Array(2);
  /** θ_b − θ_a the joint holds (read-only). */
  get referenceAngle(): number {
    return this._referenceAngle;
  }
  private _referenceAngle: number;

  /** @internal Use world.createPrismaticJoint. `anchor`, `axis` (unit), `anchorB` and `referenceAngle` are
   * already checked. */
  constructor(
    id: number, bodyA: Body2D, bodyB: Body2D, anchor: Float64Array, axis: Float64Array, options: PrismaticJoint2DOptions,
    anchorB?: Float64Array, referenceAngle?: number,
  ) {
    super(id, bodyA, bodyB, options, 'createPrismaticJoint');
    this.equalityRows = [this.rows];
    this.drive.configure(
      'createPrismaticJoint',
      { lower: options.lowerTranslation, upper: options.upperTranslation, motor: options.motor, servo: options.servo, friction: options.frictionForce },
      { lower: 'lowerTranslation', upper: 'upperTranslation', friction: 'frictionForce' },
    );
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
    // a_local = R(θ_a)ᵀ a
    const c = bodyA.state[ROTATION], s = bodyA.state[ROTATION + 1];
    this.localAxis[0] = c * axis[0] + s * axis[1];
    this.localAxis[1] = -s * axis[0] + c * axis[1];
    this._referenceAngle = referenceAngle ?? bodyB.angle - bodyA.angle;
  }

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors and the axis at the
   * bodies' current poses, the angle it holds, and the limits, motor or servo and friction. */
  toOptions(): PrismaticJoint2DOptions {
    const drive = this.drive.toOptions();
    return definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint2D(this.bodyA, this.point.localAnchorA), anchorB: worldPoint2D(this.bodyB, this.point.localAnchorB),
      axis: this.getAxis([0, 0]) as number[], referenceAngle: this._referenceAngle,
      lowerTranslation: drive.lower, upperTranslation: drive.upper, motor: drive.motor, servo: drive.servo, frictionForce: drive.friction,
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
  /** The slide axis (A's), world space: 2 numbers. */
  getAxis(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAxis', out, 2);
    measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
    out[0] = slideAxis[0]; out[1] = slideAxis[1];
    return out;
  }

  /** Translation of B's anchor along the axis from the pose at creation, m: x = a·d. */
  getTranslation(): number {
    return measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
  }
  /** Speed along the axis, m/s: ẋ = a·(v_b + ω_b r_b⊥ − v_a − ω_a r_a⊥) + ω_a a⊥·d (the axis row's Ċ). */
  getSpeed(): number {
    measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
    const a = slideAxis, lever = slideLever, rB = slideLeverB, va = this.bodyA.linearVelocity, vb = this.bodyB.linearVelocity;
    const jA = lever[0] * a[1] - lever[1] * a[0], jB = rB[0] * a[1] - rB[1] * a[0];
    return a[0] * (vb[0] - va[0]) + a[1] * (vb[1] - va[1]) + jB * this.bodyB.angularVelocity - jA * this.bodyA.angularVelocity;
  }
  get lowerTranslation(): number {
    return this.drive.lower;
  }
  get upperTranslation(): number {
    return this.drive.upper;
  }
  /** Sets the translation limits, m; (−Infinity, Infinity) removes them. */
  setLimits(lower: number, upper: number): void {
    this.requireInWorld('setLimits');
    this.drive.setLimits('setLimits', lower, upper);
    this.wakeBodies();
  }
  override get isDriving(): boolean {
    return this.drive.isDriving;
  }
  /** 'off', 'velocity' (motor) or 'position' (servo). */
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.drive.mode;
  }
  /** Drives the slide at `speed` m/s with at most `maxForce` N. */
  setMotor(options: MotorOptions): void {
    this.requireInWorld('setMotor');
    this.drive.setMotor('setMotor', options);
    this.wakeBodies();
  }
  /** Drives the slide toward `target` m through a spring, with at most `maxForce` N. */
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
  get frictionForce(): number {
    return this.drive.friction;
  }
  set frictionForce(value: number) {
    this.requireInWorld('frictionForce');
    this.drive.setFriction('frictionForce', value);
    this.wakeBodies();
  }
  /** The force the motor or servo applied along the axis over the last step, on B, N (signed along the axis). */
  getMotorForce(): number {
    return this.drive.motorForce;
  }
  /** The force the limits applied along the axis over the last step, on B, N: positive from the lower limit,
   * negative from the upper. A motor pressing B into a limit reads getLimitForce() = −getMotorForce(). */
  getLimitForce(): number {
    return this.drive.limitForce;
  }

  /** Distance of B's anchor from A's axis, m. */
  getError(): number {
    return this.getLinearError();
  }
  getLinearError(): number {
    measureSlide(this.bodyA, this.bodyB, this.point, this.localAxis);
    return Math.abs(slideOffset());
  }
  /** |θ_b − θ_a − θ₀| (wrapped), rad. */
  getAngularError(): number {
    return Math.abs(wrapAngle(this.bodyB.angle - this.bodyA.angle - this._referenceAngle));
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, rows = this.rows, J = rows.J, C = rows.C;
    this.updateSpring(step);
    this.point.prepare(bodyA, bodyB);
    const x = slideFromPoint(bodyA, this.point, this.localAxis), rB = this.point.rB;
    this.axisRow.setLinear(bodyA, bodyB, slideAxis, slideLever, rB);
    writeLineRow(J, 0, rB);
    // the angle row [0 0 −1 0 0 1]
    J[6] = 0; J[7] = 0; J[8] = -1; J[9] = 0; J[10] = 0; J[11] = 1;
    C[0] = slideOffset();
    C[1] = wrapAngle(bodyB.state[ANGLE] - bodyA.state[ANGLE] - this._referenceAngle);
    this.normal[0] = slideNormal[0]; this.normal[1] = slideNormal[1];
    rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
    this.drive.position = x;
    this.drive.prepare(step);
  }

  protected override checkParts(where: string, path: string): void {
    this.drive.checkState(where, `${path}.drive`);
    requireUnitAxis(where, `${path}.axis`, this.localAxis);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    writer.writeArray(this.rows.impulse);
    this.drive.saveState(writer);
    writer.writeArray(this.localAxis);
    writer.writeBoundedNumber(this._referenceAngle, MAX_REFERENCE_ANGLE);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    reader.readInto(this.rows.impulse);
    this.drive.loadState(reader);
    reader.readInto(this.localAxis);
    this._referenceAngle = reader.read();
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
  /** @internal Force on B: λ₀ n + the drive's impulse along a; torque: the angle row's λ₁. */
  accumulateImpulse(): void {
    this.drive.accumulate();
    const p = this.rows.impulse, s = this.linearImpulseSum, n = this.normal, a = this.axisRow.n, axial = this.drive.totalImpulse();
    s[0] += p[0] * n[0] + axial * a[0];
    s[1] += p[0] * n[1] + axial * a[1];
    this.angularImpulseSum[0] += p[1];
  }

  // the direct solver's interface, as the 3D slider's (lib/joints/free-axis-joint.ts): the block's rows are
  // equality rows it may hold; the drive's finite limits and friction its limit and friction rows along
  // the axis row. No point load (writePointLoad): the rows are not a point's, as the 3D slider's are not.
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

  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rows.K);
  }
}
