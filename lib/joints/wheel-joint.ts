// Wheel joint: a wheel on a chassis (Box2D's wheel joint, in 3D, with steering). A frame at the wheel's
// centre: x the spin axis, y the suspension axis, z = x × y. The wheel spins freely about x (or under a
// motor: drive, brake), moves along y on a spring (the suspension: a servo toward the rest position, in
// hertz or N/m, within optional travel limits), and is held along z and in its other two turns. Steering
// turns frame A about its y axis. It is the six-DOF joint's axes (axes-joint.ts) in that configuration:
//   translation [locked, suspension, locked],  rotation [spin, locked, locked]
// so the locked rows are exact under the direct solver, and the suspension's and motor's rows are the
// slider's and the hinge's (axis-drive.ts). A chassis of m kg on four wheels of stiffness k sinks m g / 4k.

import type { Body } from '../body/body.js';
import { JOINT_OPTION_KEYS, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { applyLocalFrames } from './local-frames.js';
import { readDirection, readPoint, requireFinite, requireWithin, show } from '../util/validate.js';
import { quatFromMat3, quatMultiply } from '../math/quat.js';
import { transformQuat } from '../math/vec3.js';
import { AxesJoint, DRIVEN, LOCKED, type AxesJointOptions } from './axes-joint.js';
import type { AxisDrive, MotorOptions } from './parts/axis-drive.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { Vector3Input } from '../util/vector-input.js';

/** The suspension's spring: in hertz (the chassis's share of mass sets its stiffness) or in N/m. */
export type SuspensionOptions = { hertz: number; dampingRatio?: number } | { stiffness: number; damping?: number };

export interface WheelJointOptions extends JointOptions {
  /** The wheel's centre at rest, world space, m (bodyA the chassis, bodyB the wheel). */
  anchor?: Vector3Input;
  /** The spin axis, world space. */
  axis: Vector3Input;
  /** The direction the wheel moves on its spring, world space (made perpendicular to `axis`). */
  suspensionAxis: Vector3Input;
  /** The suspension's travel from rest along suspensionAxis, m. Default: none. */
  lowerTranslation?: number;
  upperTranslation?: number;
  /** The suspension's spring. */
  suspension: SuspensionOptions;
  /** A motor on the spin (speed rad/s, maxForce N·m): drive, or brake at speed 0. Default: none. */
  motor?: MotorOptions;
  /** Steering: frame A turned about suspensionAxis, rad. Default 0. */
  steering?: number;
}
/** @internal The keys of WheelJointOptions (option-keys.ts). */
export const WHEEL_JOINT_OPTION_KEYS: readonly string[] = [
  ...JOINT_OPTION_KEYS,
  ...optionKeys<Omit<WheelJointOptions, keyof JointOptions>>({
    anchor: true, axis: true, suspensionAxis: true, lowerTranslation: true, upperTranslation: true, suspension: true, motor: true, steering: true,
  }),
];

/** The wheel joint's definition (joint-definition.ts). */
export const WHEEL_JOINT_DEFINITION: JointDefinition<WheelJoint, WheelJointOptions, Body> = {
  type: 'wheel',
  make(context, options) {
    const where = 'createWheelJoint';
    checkOptionKeys(where, options, WHEEL_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchor' });
    const anchor = readPoint(where, 'anchor', options.anchor, 3, new Float64Array(3));
    const x = readDirection(where, 'axis', options.axis, new Float64Array(3));
    const y = readDirection(where, 'suspensionAxis', options.suspensionAxis, new Float64Array(3));
    const along = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    if (Math.abs(along) > 1 - 1e-6) throw new RangeError(`${where}: suspensionAxis must not be parallel to axis, got ${show(options.suspensionAxis)}`);
    for (let k = 0; k < 3; k++) y[k] -= along * x[k];
    const n = Math.hypot(y[0], y[1], y[2]);
    y[0] /= n; y[1] /= n; y[2] /= n;
    const z = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
    const orientation = quatFromMat3(new Float64Array(4), [x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]]);
    const suspension = readSuspension(where, options.suspension);
    const steering = options.steering === undefined ? 0 : requireWithin(where, 'steering', requireFinite(where, 'steering', options.steering), -Math.PI, Math.PI, ' rad');
    const modes = new Uint8Array([LOCKED, DRIVEN, LOCKED, DRIVEN, LOCKED, LOCKED]);
    const joint = new WheelJoint(context.nextId, bodyA, bodyB, options, where, context.arena, anchor, anchor, orientation, orientation, modes);
    joint.configureDrives(where, ['locked', { lower: options.lowerTranslation, upper: options.upperTranslation, servo: { target: 0, ...suspension } }, 'locked'], [{ motor: options.motor }, 'locked', 'locked']);
    joint.initialiseSteering(steering);
    return joint;
  },
  placeholder: (context, bodyA, bodyB) =>
    WHEEL_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0, 0], axis: [1, 0, 0], suspensionAxis: [0, 1, 0], suspension: { hertz: 5 } }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

/** @internal The suspension's spring as servo options (checked there: hertz or stiffness, not both); the 2D
 * wheel joint's too (lib/2d/joints/wheel-joint.ts). */
export function readSuspension(where: string, value: unknown): SuspensionOptions {
  if (value === null || typeof value !== 'object') throw new TypeError(`${where}: suspension must be { hertz, dampingRatio? } or { stiffness, damping? }, got ${show(value)}`);
  const spring = value as Record<string, unknown>;
  if (spring.hertz === undefined && spring.stiffness === undefined) throw new TypeError(`${where}: suspension needs hertz or stiffness, got ${show(value)}`);
  checkOptionKeys(where, spring, ['hertz', 'dampingRatio', 'stiffness', 'damping'], 'suspension option');
  return spring as SuspensionOptions;
}

export class WheelJoint extends AxesJoint {
  readonly type = 'wheel' as const;
  /** Frame A in A's axes unsteered, and the steering angle. */
  private readonly unsteered = new Float64Array(4);
  private _steering = 0;

  /** @internal Called once by the definition: remembers frame A unsteered and steers it. */
  initialiseSteering(angle: number): void {
    this.unsteered.set(this.frames.localRotationA);
    this.steerTo(angle);
  }
  private steerTo(angle: number): void {
    this._steering = angle;
    // frame A turned about its own y: l₀ ⊗ (0, sin θ/2, 0, cos θ/2)
    steer[0] = 0; steer[1] = Math.sin(angle / 2); steer[2] = 0; steer[3] = Math.cos(angle / 2);
    this.setFrameA(quatMultiply(steered, this.unsteered, steer));
  }

  /** The steering angle, rad: frame A turned about the suspension axis. */
  get steering(): number {
    return this._steering;
  }
  /** Steers the wheel (rad, within ±π); wakes the bodies. */
  setSteering(angle: number): void {
    this.requireInWorld('setSteering');
    this.steerTo(requireWithin('setSteering', 'angle', requireFinite('setSteering', 'angle', angle), -Math.PI, Math.PI, ' rad'));
    this.wakeBodies();
  }
  /** A motor on the spin: speed rad/s, maxForce N·m (speed 0: a brake). */
  setMotor(options: MotorOptions): void {
    this.requireInWorld('setMotor');
    this.spin.setMotor('setMotor', options);
    this.wakeBodies();
  }
  /** 'velocity' with a motor (or brake), else 'off'. */
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.spin.mode;
  }
  disableMotor(): void {
    this.requireInWorld('disableMotor');
    this.spin.disableMotor();
    this.wakeBodies();
  }
  /** The suspension's travel from rest along its axis, m (positive: toward the chassis's suspensionAxis). */
  getSuspensionTranslation(): number {
    return this.getTranslation(1);
  }
  /** The wheel's spin rate relative to the chassis about its axis, rad/s. */
  getSpinSpeed(): number {
    this.frames.update(this.bodyA, this.bodyB);
    const t = this.frames.xA, a = this.bodyA.angularVelocity, b = this.bodyB.angularVelocity;
    return t[0] * (b[0] - a[0]) + t[1] * (b[1] - a[1]) + t[2] * (b[2] - a[2]);
  }
  /** The spin motor's torque over the last step, N·m. */
  getMotorTorque(): number {
    return this.spin.motorForce;
  }
  private get spin(): AxisDrive {
    return this.driveOf(3) as AxisDrive;
  }

  /** The options that make this joint again (see JointCore.toOptions): the unsteered frame and the steering. */
  toOptions(): WheelJointOptions {
    const axes: JointOptions & AxesJointOptions = this.axesOptions();
    const frame = quatMultiply(new Float64Array(4), this.bodyA.orientation, this.unsteered);
    const suspension = this.driveOf(1) as AxisDrive, spin = this.spin;
    const servo = suspension.toOptions().servo;
    const spring: SuspensionOptions = servo?.stiffness !== undefined ? { stiffness: servo.stiffness, damping: servo.damping } : { hertz: servo?.hertz ?? 0, dampingRatio: servo?.dampingRatio };
    const { translation: _t, rotation: _r, orientation: _o, orientationB: _ob, anchorB: _ab, ...core } = axes;
    return definedOptions({
      ...core, axis: Array.from(transformQuat(new Float64Array(3), [1, 0, 0], frame)), suspensionAxis: Array.from(transformQuat(new Float64Array(3), [0, 1, 0], frame)),
      lowerTranslation: suspension.lower > -Infinity ? suspension.lower : undefined, upperTranslation: suspension.upper < Infinity ? suspension.upper : undefined,
      suspension: spring, motor: spin.mode === 'velocity' ? spin.toOptions().motor : undefined, steering: this._steering,
    });
  }

  protected override saveParts(writer: StateWriter): void {
    super.saveParts(writer);
    writer.writeUnitQuaternion(this.unsteered);
    writer.write(this._steering);
  }
  protected override loadParts(reader: StateReader): void {
    super.loadParts(reader);
    reader.readInto(this.unsteered);
    this._steering = reader.read();
  }
}

const steer = new Float64Array(4);
const steered = new Float64Array(4);
