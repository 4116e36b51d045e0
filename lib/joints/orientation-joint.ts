// Orientation joint (3 rows, angular only): B keeps the orientation relative to A it had when the
// joint was made; translation is free. With a servo (parts/rotation-servo.ts) the same rows drive B
// toward a target orientation with a capped torque instead. It is the rotation constraint part alone; its math is in
// parts/rotation-part.ts:  C = log(q_b (q_a q₀)⁻¹),  J = [ 0 −I 0 I ],  K = I_a⁻¹ + I_b⁻¹.

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import type { Softness } from '../solver/softness.js';
import { JOINT_OPTION_KEYS, type JointOptions } from './joint.js';
import { SinglePartJoint } from './single-part-joint.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import { RotationServo, type RotationServoOptions } from './parts/rotation-servo.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { Float64Allocator } from '../util/arena.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { readUnitQuaternion, requireWritable } from '../util/validate.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { drawHeldRotationFrames, requireDrawArguments, type DebugLines } from './joint-drawing.js';
import type { QuaternionInput } from '../util/vector-input.js';

export interface OrientationJointOptions extends JointOptions {
  /** B's orientation in A's axes that the joint holds (q_a⁻¹ q_b, a unit quaternion [x, y, z, w]).
   * Default: the bodies' relative orientation at creation. */
  referenceRotation?: QuaternionInput;
  /** A servo toward a target orientation with a capped torque instead of the rigid hold (setServo). */
  servo?: RotationServoOptions;
}
/** @internal The keys of OrientationJointOptions (option-keys.ts). */
export const ORIENTATION_JOINT_OPTION_KEYS: readonly string[] = [
  ...JOINT_OPTION_KEYS, ...optionKeys<Omit<OrientationJointOptions, keyof JointOptions>>({ referenceRotation: true, servo: true }),
];

/** The orientation joint's definition (joint-definition.ts): World.createOrientationJoint checks the options
 * and makes it through make. */
export const ORIENTATION_JOINT_DEFINITION: JointDefinition<OrientationJoint, OrientationJointOptions, Body> = {
  type: 'orientation',
  make(context, options) {
    const where = 'createOrientationJoint';
    checkOptionKeys(where, options, ORIENTATION_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { referenceRotation: 'referenceRotation' });
    const reference = options.referenceRotation === undefined
      ? undefined
      : readUnitQuaternion(where, 'referenceRotation', options.referenceRotation, new Float64Array(4));
    return new OrientationJoint(context.nextId, bodyA, bodyB, options, context.arena, reference);
  },
  placeholder: (context, bodyA, bodyB) => ORIENTATION_JOINT_DEFINITION.make(context, { bodyA, bodyB }),
  // no anchor: bodyB's centre
  anchor: (joint, out) => {
    const p = joint.bodyB.position;
    out[0] = p[0]; out[1] = p[1]; out[2] = p[2];
    return out;
  },
};

export class OrientationJoint extends SinglePartJoint {
  readonly type = 'orientation' as const;
  readonly rowCount = 3;
  readonly rotation: RotationConstraintPart;
  protected readonly carries = 'torque' as const;
  /** The servo that replaces the held rotation while it is on (null: the joint holds referenceRotation). */
  private servo: RotationServo | null = null;
  /** The rows the step solves: the servo's while it is on, else the held rotation's. */
  protected get part(): RotationConstraintPart {
    return this.servo?.rotation ?? this.rotation;
  }

  /** @internal Use world.createOrientationJoint. `referenceRotation` is already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, options: OrientationJointOptions, allocator?: Float64Allocator, referenceRotation?: Float64Array,
  ) {
    super(id, bodyA, bodyB, options, 'createOrientationJoint', allocator);
    this.rotation = new RotationConstraintPart(allocator);
    this.equalityRows = [this.rotation];
    if (referenceRotation === undefined) this.rotation.setReference(bodyA, bodyB);
    else this.rotation.referenceRotation.set(referenceRotation);
    if (options.servo !== undefined) this.setServo(options.servo);
  }

  /** The options that make this joint again (see JointCore.toOptions): the rotation it holds, and its servo. */
  toOptions(): OrientationJointOptions {
    return definedOptions({ ...this.coreOptions(), referenceRotation: Array.from(this.rotation.referenceRotation), servo: this.servo?.toOptions() });
  }

  // ---- the servo (as the ball joint's: parts/rotation-servo.ts) ----

  /**
   * Drives B's orientation in A's axes toward `target` with a spring, its torque capped at `maxTorque`
   * N·m, instead of holding referenceRotation rigidly: an orientation joint that gives way under more
   * than its torque (a powered turret, a joint of an animated rig). Setting it again keeps its warm
   * start; disableMotor() holds referenceRotation again. Wakes the bodies.
   */
  setServo(options: RotationServoOptions): void {
    this.requireInWorld('setServo');
    const servo = this.servo ?? new RotationServo();
    servo.configure('setServo', options);
    // the held rotation's impulse would warm-start its rows when the servo is switched off again
    this.rotation.impulse.fill(0);
    this.servo = servo;
    this.wakeBodies();
  }
  /** Switches the servo off: the joint holds referenceRotation again. */
  disableMotor(): void {
    this.requireInWorld('disableMotor');
    this.servo = null;
    this.wakeBodies();
  }
  /** 'position' with a servo, else 'off'. */
  get motorMode(): 'off' | 'position' {
    return this.servo === null ? 'off' : 'position';
  }
  /** The servo's torque on B over the last step, world frame, N·m (zero without a servo). */
  getMotorTorque(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getMotorTorque', out, 3);
    const t = this.servo?.torque;
    out[0] = t ? t[0] : 0; out[1] = t ? t[1] : 0; out[2] = t ? t[2] : 0;
    return out;
  }
  /** @internal A servo: rows the direct solver never holds. */
  override get hasDriveRows(): boolean {
    return this.servo !== null;
  }
  /** @internal */
  override accumulateImpulse(): void {
    if (this.servo !== null) this.servo.accumulate(this.angularImpulseSum);
    else super.accumulateImpulse();
  }
  /** @internal */
  override finishStep(dt: number): void {
    super.finishStep(dt);
    if (this.servo !== null) this.servo.finishStep(dt);
  }
  protected override get savesServo(): boolean {
    return this.servo !== null;
  }
  protected override saveParts(writer: StateWriter): void {
    this.rotation.saveState(writer);
    if (this.servo !== null) this.servo.saveState(writer);
  }
  protected override loadParts(reader: StateReader): void {
    this.rotation.loadState(reader);
    if (this.loadsServo) {
      const servo = new RotationServo();
      servo.loadState(reader);
      this.servo = servo;
    } else {
      this.servo = null;
    }
  }
  protected override checkParts(where: string, path: string): void {
    this.servo?.checkState(where, `${path}.servo`);
  }

  /** Draws, at B's centre (the joint has no anchor), A's body axes and the frame of B that is A's while
   * the joint holds (see Joint.drawFrames): their angle is the joint's error. It has no limits to draw. */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    const a = this.bodyA, b = this.bodyB;
    drawHeldRotationFrames(lines, a.orientation, b.orientation, this.rotation.referenceRotation, b.position, b.position, size);
  }

  getError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return 0;
  }
  getAngularError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    if (this.servo !== null) {
      this.servo.prepare(this.bodyA, this.bodyB, step.h);
      return;
    }
    this.updateSpring(step);
    this.rotation.prepare(this.bodyA, this.bodyB);
    if (!this.direct) this.rotation.factor(this.springCompliance); // K⁻¹ is for the iterative solve only
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    if (this.servo !== null) {
      this.servo.solve(this.bodyA, this.bodyB, soft, useBias);
      return;
    }
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rotation.solve(this.bodyA, this.bodyB, holding);
  }
}
