// Motor joint (6 rows): drives B's pose relative to A toward an offset, B's centre to A's centre plus
// `linearOffset` (in A's axes) and B's orientation in A's axes to `angularOffset`, with its force and torque
// capped: a character's body pulled to an animated pose, a platform steered by its forces (Box2D v3's
// b2MotorJoint, in 3D). Its rows are the point part's, from A's offset point to B's centre, and the rotation
// part's with the offset as q₀ (point-part.ts, rotation-part.ts):
//   C_lin = x_b − (x_a + R_a o),   C_ang = log(q_b (q_a q_o)⁻¹)
//   λ = −K⁻¹ (Ċ + (correction / h) C),   |λ_acc,lin| ≤ maxForce h,   |λ_acc,ang| ≤ maxTorque h
// in the biased pass only (the relax pass would brake what it pushed); `correctionFactor` is the share of
// the error taken back each substep (Box2D's, default 0.3).

import type { Body } from '../body/body.js';
import { createSoftness, type Softness } from '../solver/softness.js';
import { Joint, JOINT_OPTION_KEYS, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { PointConstraintPart } from './parts/point-part.js';
import { RotationServo } from './parts/rotation-servo.js';
import { readPoint, readUnitQuaternion, requireNonNegative, requireWithin } from '../util/validate.js';
import { MAX_FORCE, MAX_TORQUE } from '../limits.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { drawBodyFrames, drawnAnchorA, drawnAnchorB, requireDrawArguments, type DebugLines } from './joint-drawing.js';
import type { QuaternionInput, Vector3Input } from '../util/vector-input.js';

export interface MotorJointOptions extends JointOptions {
  /** Where B's centre is driven: A's centre plus this, in A's axes, m. Default: where it is at creation. */
  linearOffset?: Vector3Input;
  /** B's orientation in A's axes it is driven to (q_a⁻¹ q_b). Default: as at creation. */
  angularOffset?: QuaternionInput;
  /** Largest force, N (the length of the force vector). Default 1000. */
  maxForce?: number;
  /** Largest torque, N·m. Default 1000. */
  maxTorque?: number;
  /** The share of the pose error taken back each substep, 0 to 1. Default 0.3 (Box2D's). */
  correctionFactor?: number;
}
/** @internal The keys of MotorJointOptions (option-keys.ts). */
export const MOTOR_JOINT_OPTION_KEYS: readonly string[] = [
  ...JOINT_OPTION_KEYS,
  ...optionKeys<Omit<MotorJointOptions, keyof JointOptions>>({ linearOffset: true, angularOffset: true, maxForce: true, maxTorque: true, correctionFactor: true }),
];

/** The motor joint's definition (joint-definition.ts). */
export const MOTOR_JOINT_DEFINITION: JointDefinition<MotorJoint, MotorJointOptions, Body> = {
  type: 'motor',
  make(context, options) {
    const where = 'createMotorJoint';
    checkOptionKeys(where, options, MOTOR_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    const joint = new MotorJoint(context.nextId, bodyA, bodyB, options);
    joint.configure(where, options);
    return joint;
  },
  placeholder: (context, bodyA, bodyB) => MOTOR_JOINT_DEFINITION.make(context, { bodyA, bodyB }),
  anchor: (joint, out) => {
    const p = joint.bodyB.position;
    out[0] = p[0]; out[1] = p[1]; out[2] = p[2];
    return out;
  },
};

export class MotorJoint extends Joint {
  readonly type = 'motor' as const;
  readonly rowCount = 6;
  /** The linear rows: from A's offset point to B's centre. */
  readonly point = new PointConstraintPart();
  /** The angular rows: a servo toward the angular offset (its spring unused: the correction is the bias). */
  private readonly servo = new RotationServo();
  private _maxForce = 1000;
  private _correctionFactor = 0.3;
  private maxImpulse = 0;
  /** The correction as a softness: bias (correction / h) C, the whole K⁻¹. */
  private readonly correction: Softness = createSoftness();

  /** @internal Use world.createMotorJoint. */
  constructor(id: number, bodyA: Body, bodyB: Body, options: MotorJointOptions) {
    super(id, bodyA, bodyB, options, 'createMotorJoint');
    // (a pose driven, not held: the direct solver leaves it to the soft step, as a servo)
  }

  /** @internal Reads the offsets, caps and correction (each checked; nothing changes on bad input). */
  configure(where: string, options: MotorJointOptions): void {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    const offset = options.linearOffset === undefined
      ? bodyA.getLocalPoint(new Float64Array(3), bodyB.position) as Float64Array
      : readPoint(where, 'linearOffset', options.linearOffset, 3, new Float64Array(3));
    const a = bodyA.orientation, b = bodyB.orientation;
    // q_a⁻¹ q_b at creation
    const rest = [
      a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1], a[3] * b[1] - a[1] * b[3] - a[2] * b[0] + a[0] * b[2],
      a[3] * b[2] - a[2] * b[3] - a[0] * b[1] + a[1] * b[0], a[3] * b[3] + a[0] * b[0] + a[1] * b[1] + a[2] * b[2],
    ];
    const angular = options.angularOffset === undefined ? rest : Array.from(readUnitQuaternion(where, 'angularOffset', options.angularOffset, new Float64Array(4)));
    const maxForce = requireWithin(where, 'maxForce', requireNonNegative(where, 'maxForce', options.maxForce ?? 1000), 0, MAX_FORCE, ' N');
    const maxTorque = requireWithin(where, 'maxTorque', requireNonNegative(where, 'maxTorque', options.maxTorque ?? 1000), 0, MAX_TORQUE, ' N·m');
    const correction = requireWithin(where, 'correctionFactor', requireNonNegative(where, 'correctionFactor', options.correctionFactor ?? 0.3), 0, 1);
    this.servo.configure(where, { target: angular, maxTorque });
    this.point.localAnchorA.set(offset);
    this.point.localAnchorB.fill(0);
    this._maxForce = maxForce;
    this._correctionFactor = correction;
  }

  /** The options that make this joint again (see JointCore.toOptions). */
  toOptions(): MotorJointOptions {
    return definedOptions({
      ...this.coreOptions(), linearOffset: Array.from(this.point.localAnchorA), angularOffset: Array.from(this.servo.rotation.referenceRotation),
      maxForce: this._maxForce, maxTorque: this.servo.maxTorque, correctionFactor: this._correctionFactor,
    });
  }

  /** Sets the target pose (offsets as in the options); wakes the bodies. */
  setTarget(linearOffset: Vector3Input, angularOffset: QuaternionInput): void {
    this.requireInWorld('setTarget');
    const offset = readPoint('setTarget', 'linearOffset', linearOffset, 3, new Float64Array(3));
    const q = readUnitQuaternion('setTarget', 'angularOffset', angularOffset, new Float64Array(4));
    this.point.localAnchorA.set(offset);
    this.servo.rotation.referenceRotation.set(q);
    this.wakeBodies();
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
    return this.servo.maxTorque;
  }
  set maxTorque(value: number) {
    this.requireInWorld('maxTorque');
    this.servo.maxTorque = requireWithin('maxTorque', 'maxTorque', requireNonNegative('maxTorque', 'maxTorque', value), 0, MAX_TORQUE, ' N·m');
    this.wakeBodies();
  }
  get correctionFactor(): number {
    return this._correctionFactor;
  }

  /** Draws A's axes at the target point and B's at its centre (see Joint.drawFrames). */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    this.bodyA.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    drawnAnchorB.set(this.bodyB.position);
    drawBodyFrames(lines, this.bodyA.orientation, this.bodyB.orientation, drawnAnchorA, drawnAnchorB, size);
  }

  /** How far B's centre is from its target, m. */
  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.getError();
  }
  /** How far B's orientation is from its target, rad. */
  getAngularError(): number {
    return this.servo.rotation.currentAngle(this.bodyA, this.bodyB);
  }

  protected override checkParts(where: string, path: string): void {
    requireWithin(where, `${path}.maxForce`, requireNonNegative(where, `${path}.maxForce`, this._maxForce), 0, MAX_FORCE, ' N');
    requireWithin(where, `${path}.correctionFactor`, requireNonNegative(where, `${path}.correctionFactor`, this._correctionFactor), 0, 1);
    this.servo.checkState(where, `${path}.servo`);
  }
  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.servo.saveState(writer);
    writer.write(this._maxForce);
    writer.write(this._correctionFactor);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.servo.loadState(reader);
    this._maxForce = reader.read();
    this._correctionFactor = reader.read();
  }

  // ---- solver ----

  /** @internal */
  prepare(step: SubstepLength): void {
    const h = step.h;
    this.point.prepare(this.bodyA, this.bodyB);
    this.point.factor();
    this.servo.prepare(this.bodyA, this.bodyB, h);
    this.maxImpulse = this._maxForce * h;
    this.correction.biasRate = this._correctionFactor / h;
  }
  /** @internal */
  warmStart(): void {
    this.point.warmStart(this.bodyA, this.bodyB);
    this.servo.warmStart(this.bodyA, this.bodyB);
  }
  /** @internal Both parts with the correction as their bias, in the biased pass (see the header). */
  solve(_soft: Readonly<Softness>, useBias: boolean): void {
    if (!useBias) return;
    this.servo.solve(this.bodyA, this.bodyB, this.correction, true);
    this.point.solve(this.bodyA, this.bodyB, this.correction, this.maxImpulse);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.point.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
    this.servo.scale(ratio);
  }
  /** @internal */
  accumulateImpulse(): void {
    const p = this.point.impulse, sl = this.linearImpulseSum;
    sl[0] += p[0]; sl[1] += p[1]; sl[2] += p[2];
    this.servo.accumulate(this.angularImpulseSum);
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    this.servo.finishStep(dt);
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
    for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) {
      out[i * 6 + k] = this.point.K[i * 3 + k];
      out[(i + 3) * 6 + k + 3] = this.servo.rotation.K[i * 3 + k];
    }
  }
}
