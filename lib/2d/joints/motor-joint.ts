// Motor joint in 2D (3 rows): lib/joints/motor-joint.ts in the plane, and Box2D v3's b2MotorJoint. It drives
// B's pose relative to A toward an offset, B's centre to A's centre plus `linearOffset` (in A's axes) and
// θ_b − θ_a to `angularOffset`, with its force and torque capped. Its rows are the point part's, from A's
// offset point to B's centre, and an angle row with the offset as θ₀ (parts/point-part.ts, parts/angle-part.ts):
//   C_lin = x_b − (x_a + R_a o),   C_ang = θ_b − θ_a − θ₀ (wrapped to (−π, π])
//   λ = −K⁻¹ (Ċ + (correction / h) C),   |λ_acc,lin| ≤ maxForce h,   |λ_acc,ang| ≤ maxTorque h
// in the biased pass only (the relax pass would brake what it pushed); `correctionFactor` is the share of
// the error taken back each substep (Box2D's, default 0.3). The angle row first, then the point rows, as
// the 3D joint's rotation servo and point part.

import type { Body2D } from '../body.js';
import { createSoftness, type Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, Joint2D, type Joint2DOptions } from './joint.js';
import { PointConstraintPart2D } from './parts/point-part.js';
import { AngleConstraintPart2D } from './parts/angle-part.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import { definedOptions } from '../../joints/joint-core.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { readPoint, requireFinite, requireNonNegative, requireWithin, requireWritable } from '../../util/validate.js';
import { MAX_FORCE, MAX_REFERENCE_ANGLE, MAX_TORQUE } from '../../limits.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface MotorJoint2DOptions extends Joint2DOptions {
  /** Where B's centre is driven: A's centre plus this, in A's axes, m. Default: where it is at creation. */
  linearOffset?: Vector2Input;
  /** θ_b − θ_a it is driven to, rad. Default: as at creation. */
  angularOffset?: number;
  /** Largest force, N (the length of the force vector). Default 1000. */
  maxForce?: number;
  /** Largest torque, N·m. Default 1000. */
  maxTorque?: number;
  /** The share of the pose error taken back each substep, 0 to 1. Default 0.3 (Box2D's). */
  correctionFactor?: number;
}
/** @internal The keys of MotorJoint2DOptions (option-keys.ts). */
export const MOTOR_JOINT_2D_OPTION_KEYS: readonly string[] = [
  ...JOINT_2D_OPTION_KEYS,
  ...optionKeys<Omit<MotorJoint2DOptions, keyof Joint2DOptions>>({ linearOffset: true, angularOffset: true, maxForce: true, maxTorque: true, correctionFactor: true }),
];

/** The 2D motor joint's definition (lib/joints/joint-definition.ts). */
export const MOTOR_JOINT_2D_DEFINITION: JointDefinition<MotorJoint2D, MotorJoint2DOptions, Body2D> = {
  type: 'motor',
  make(context, options) {
    const where = 'createMotorJoint';
    checkOptionKeys(where, options, MOTOR_JOINT_2D_OPTION_KEYS);
    if (options.localFrameA !== undefined || options.localFrameB !== undefined) {
      throw new TypeError(`${where}: a motor joint is made from linearOffset and angularOffset, not local frames`);
    }
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    const joint = new MotorJoint2D(context.nextId, bodyA, bodyB, options);
    joint.configure(where, options);
    return joint;
  },
  placeholder: (context, bodyA, bodyB) => MOTOR_JOINT_2D_DEFINITION.make(context, { bodyA, bodyB }),
  anchor: (joint, out) => {
    const p = joint.bodyB.position;
    out[0] = p[0]; out[1] = p[1];
    return out;
  },
};

export class MotorJoint2D extends Joint2D {
  readonly type = 'motor' as const;
  readonly rowCount = 3;
  /** The linear rows: from A's offset point to B's centre. */
  readonly point = new PointConstraintPart2D();
  /** The angular row, with the angular offset as its θ₀. */
  readonly angle = new AngleConstraintPart2D();
  private _maxForce = 1000;
  private _maxTorque = 1000;
  private _correctionFactor = 0.3;
  private maxImpulse = 0;
  private maxAngularImpulse = 0;
  /** The correction as a softness: bias (correction / h) C, the whole K⁻¹. */
  private readonly correction: Softness = createSoftness();

  /** @internal Use world.createMotorJoint. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, options: MotorJoint2DOptions) {
    super(id, bodyA, bodyB, options, 'createMotorJoint');
    // (a pose driven, not held: the direct solver leaves it to the soft step, as in 3D)
  }

  /** @internal Reads the offsets, caps and correction (each checked; nothing changes on bad input). */
  configure(where: string, options: MotorJoint2DOptions): void {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    const offset = options.linearOffset === undefined
      ? bodyA.getLocalPoint(new Float64Array(2), bodyB.position) as Float64Array
      : readPoint(where, 'linearOffset', options.linearOffset, 2, new Float64Array(2));
    const angular = options.angularOffset === undefined ? bodyB.angle - bodyA.angle : readAngularOffset(where, options.angularOffset);
    const maxForce = requireWithin(where, 'maxForce', requireNonNegative(where, 'maxForce', options.maxForce ?? 1000), 0, MAX_FORCE, ' N');
    const maxTorque = requireWithin(where, 'maxTorque', requireNonNegative(where, 'maxTorque', options.maxTorque ?? 1000), 0, MAX_TORQUE, ' N·m');
    const correction = requireWithin(where, 'correctionFactor', requireNonNegative(where, 'correctionFactor', options.correctionFactor ?? 0.3), 0, 1);
    this.point.localAnchorA.set(offset);
    this.point.localAnchorB.fill(0);
    this.angle.referenceAngle = angular;
    this._maxForce = maxForce;
    this._maxTorque = maxTorque;
    this._correctionFactor = correction;
  }

  /** The options that make this joint again (see JointCore.toOptions). */
  toOptions(): MotorJoint2DOptions {
    return definedOptions({
      ...this.coreOptions(), linearOffset: Array.from(this.point.localAnchorA), angularOffset: this.angle.referenceAngle,
      maxForce: this._maxForce, maxTorque: this._maxTorque, correctionFactor: this._correctionFactor,
    });
  }

  /** Sets the target pose (offsets as in the options); wakes the bodies. */
  setTarget(linearOffset: Vector2Input, angularOffset: number): void {
    this.requireInWorld('setTarget');
    const offset = readPoint('setTarget', 'linearOffset', linearOffset, 2, new Float64Array(2));
    const angular = readAngularOffset('setTarget', angularOffset);
    this.point.localAnchorA.set(offset);
    this.angle.referenceAngle = angular;
    this.wakeBodies();
  }
  /** B's centre's target in A's axes, m. */
  getLinearOffset(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getLinearOffset', out, 2);
    out[0] = this.point.localAnchorA[0]; out[1] = this.point.localAnchorA[1];
    return out;
  }
  /** The θ_b − θ_a B is driven to, rad. */
  get angularOffset(): number {
    return this.angle.referenceAngle;
  }
  /** The largest force, N (≥ 0); setting it wakes the bodies. */
  get maxForce(): number {
    return this._maxForce;
  }
  set maxForce(value: number) {
    this.requireInWorld('maxForce');
    this._maxForce = requireWithin('maxForce', 'maxForce', requireNonNegative('maxForce', 'maxForce', value), 0, MAX_FORCE, ' N');
    this.wakeBodies();
  }
  /** The largest torque, N·m (≥ 0); setting it wakes the bodies. */
  get maxTorque(): number {
    return this._maxTorque;
  }
  set maxTorque(value: number) {
    this.requireInWorld('maxTorque');
    this._maxTorque = requireWithin('maxTorque', 'maxTorque', requireNonNegative('maxTorque', 'maxTorque', value), 0, MAX_TORQUE, ' N·m');
    this.wakeBodies();
  }
  get correctionFactor(): number {
    return this._correctionFactor;
  }

  /** How far B's centre is from its target, m. */
  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.getError();
  }
  /** How far θ_b − θ_a is from its target, rad. */
  getAngularError(): number {
    return this.angle.currentAngle(this.bodyA, this.bodyB);
  }

  protected override checkParts(where: string, path: string): void {
    requireWithin(where, `${path}.maxForce`, requireNonNegative(where, `${path}.maxForce`, this._maxForce), 0, MAX_FORCE, ' N');
    requireWithin(where, `${path}.maxTorque`, requireNonNegative(where, `${path}.maxTorque`, this._maxTorque), 0, MAX_TORQUE, ' N·m');
    requireWithin(where, `${path}.correctionFactor`, requireNonNegative(where, `${path}.correctionFactor`, this._correctionFactor), 0, 1);
    readAngularOffset(where, this.angle.referenceAngle);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.angle.saveState(writer);
    writer.write(this._maxForce);
    writer.write(this._maxTorque);
    writer.write(this._correctionFactor);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.angle.loadState(reader);
    this._maxForce = reader.read();
    this._maxTorque = reader.read();
    this._correctionFactor = reader.read();
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const h = step.h;
    this.point.prepare(this.bodyA, this.bodyB);
    this.point.factor();
    this.angle.prepare(this.bodyA, this.bodyB);
    this.angle.factor();
    this.maxImpulse = this._maxForce * h;
    this.maxAngularImpulse = this._maxTorque * h;
    this.correction.biasRate = this._correctionFactor / h;
  }
  /** @internal */
  warmStart(): void {
    this.point.warmStart(this.bodyA, this.bodyB);
    this.angle.warmStart(this.bodyA, this.bodyB);
  }
  /** @internal Both parts with the correction as their bias, in the biased pass (see the header). */
  solve(_soft: Readonly<Softness>, useBias: boolean): void {
    if (!useBias) return;
    this.angle.solve(this.bodyA, this.bodyB, this.correction, this.maxAngularImpulse);
    this.point.solve(this.bodyA, this.bodyB, this.correction, this.maxImpulse);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.point.impulse;
    p[0] *= ratio; p[1] *= ratio;
    this.angle.impulse[0] *= ratio;
  }
  /** @internal */
  accumulateImpulse(): void {
    const p = this.point.impulse, sl = this.linearImpulseSum;
    sl[0] += p[0]; sl[1] += p[1];
    this.angularImpulseSum[0] += this.angle.impulse[0];
  }
  /** @internal A driven pose: rows the direct solver never holds. */
  override get hasDriveRows(): boolean {
    return true;
  }
  /** @internal */
  override get directRowCount(): number {
    return 0;
  }
  writeEffectiveMass(out: Float64Array): void {
    out.fill(0);
    out[0] = this.point.K[0]; out[1] = this.point.K[1];
    out[3] = this.point.K[2]; out[4] = this.point.K[3];
    out[8] = this.angle.K[0];
  }
}

/** An angular offset: finite, within ±MAX_REFERENCE_ANGLE rad. */
function readAngularOffset(where: string, value: unknown): number {
  return requireWithin(where, 'angularOffset', requireFinite(where, 'angularOffset', value), -MAX_REFERENCE_ANGLE, MAX_REFERENCE_ANGLE, ' rad');
}
