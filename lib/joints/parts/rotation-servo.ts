// Rotation servo (3 angular rows): drives B's orientation in A's axes toward a target q_t with a spring,
// its torque capped: the powered ragdoll's muscle (Jolt's SwingTwistConstraint motor in position mode,
// PhysX's D6 slerp drive). The rows are the rotation part's (rotation-part.ts) with the target as q₀:
//
//   e  = q_b (q_a q_t)⁻¹,  C = log(e)       the rotation still to make, world frame, rad
//   Ċ  = ω_b − ω_a,  J = [ 0 −I 0 I ],  K = I_a⁻¹ + I_b⁻¹
//   λ  = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc     (the spring: hertz and dampingRatio)
//      = −(K + γ I)⁻¹ (Ċ + biasRate C + γ λ_acc)                 (or stiffness and damping: softness.ts)
//   |λ_acc| ≤ maxTorque · h                                      (the cap on the torque vector's length,
//                                                                 as the mouse joint caps its force)
//
// Solved before the joint's limits, so a limit holds against the servo (a target past a limit leaves the
// servo pressing into it with at most maxTorque). A servo at hertz 0 (and no stiffness) is as stiff as the
// world's joints. It acts in the biased pass only, as a spring joint does, so each substep is one
// implicit-Euler step of its spring (JointCore.hertz).

import type { Body } from '../../body/body.js';
import { createSoftness, makeSoft, makeSpring, type Softness } from '../../solver/softness.js';
import { MAX_HERTZ, MAX_TORQUE } from '../../limits.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import { readUnitQuaternion, requireDamping, requireDampingRatio, requireNonNegative, requireStiffness, requireWithin, show } from '../../util/validate.js';
import type { QuaternionInput } from '../../util/vector-input.js';
import { angularImpulse, applyAngularImpulse } from './point-part.js';
import { RotationConstraintPart } from './rotation-part.js';

/** A ball joint's servo: B's orientation driven toward a target (BallJoint.setServo, or the `servo` option). */
export interface RotationServoOptions {
  /** B's orientation in A's axes to drive toward (q_a⁻¹ q_b, a unit quaternion [x, y, z, w], as a weld's
   * referenceRotation): the bodies' relative orientation when the joint was made is the rest pose. */
  target: QuaternionInput;
  /** Largest torque the servo applies, N·m (the length of the torque vector). Default Infinity. */
  maxTorque?: number;
  /** Spring frequency toward the target, Hz. Default 0: as stiff as the world's joints. */
  hertz?: number;
  /** Damping ratio of that spring. Default 1. */
  dampingRatio?: number;
  /** The spring in physical units instead: N·m/rad. Give stiffness and damping, or hertz and
   * dampingRatio, not both. */
  stiffness?: number;
  /** That spring's damping, N·m·s/rad. Default 0. */
  damping?: number;
}

const ROTATION_SERVO_KEYS = optionKeys<RotationServoOptions>({ target: true, maxTorque: true, hertz: true, dampingRatio: true, stiffness: true, damping: true });
const cdot = new Float64Array(3);
const targetScratch = new Float64Array(4);

export class RotationServo {
  /** The rows, with the target as their q₀. */
  readonly rotation = new RotationConstraintPart();
  maxTorque = 0;
  hertz = 0;
  dampingRatio = 1;
  stiffness = 0;
  damping = 0;
  private readonly softness: Softness = createSoftness();
  private maxImpulse = 0;
  /** Impulse summed over the step's substeps, and the last step's mean torque on B, N·m. */
  private readonly impulseSum = new Float64Array(3);
  readonly torque = new Float64Array(3);

  /** Checks the options (nothing changes on bad input) and takes them; the accumulated impulse is kept
   * (a target that moves each frame keeps its warm start). */
  configure(where: string, options: RotationServoOptions): void {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: servo must be an object { target, maxTorque?, … }, got ${show(options)}`);
    checkOptionKeys(where, options, ROTATION_SERVO_KEYS, 'servo option');
    const target = readUnitQuaternion(where, 'servo target', options.target, targetScratch);
    const maxTorque = readMaxTorque(where, 'servo maxTorque', options.maxTorque ?? Infinity);
    if ((options.stiffness !== undefined || options.damping !== undefined) && (options.hertz !== undefined || options.dampingRatio !== undefined)) {
      throw new RangeError(`${where}: give the servo's spring as stiffness and damping or as hertz and dampingRatio, not both`);
    }
    const hertz = options.hertz === undefined ? 0 : requireWithin(where, 'servo hertz', requireNonNegative(where, 'servo hertz', options.hertz), 0, MAX_HERTZ, ' Hz');
    const dampingRatio = options.dampingRatio === undefined ? 1 : requireDampingRatio(where, 'servo dampingRatio', options.dampingRatio);
    const stiffness = options.stiffness === undefined ? 0 : requireStiffness(where, 'servo stiffness', options.stiffness);
    const damping = options.damping === undefined ? 0 : requireDamping(where, 'servo damping', options.damping);
    this.rotation.referenceRotation.set(target);
    this.maxTorque = maxTorque;
    this.hertz = hertz;
    this.dampingRatio = dampingRatio;
    this.stiffness = stiffness;
    this.damping = damping;
  }

  /** The options that set this motor again. */
  toOptions(): RotationServoOptions {
    const spring = this.physical ? { stiffness: this.stiffness, damping: this.damping } : { hertz: this.hertz, dampingRatio: this.dampingRatio };
    return { target: Array.from(this.rotation.referenceRotation), maxTorque: this.maxTorque, ...spring };
  }

  private get physical(): boolean {
    return this.stiffness > 0 || this.damping > 0;
  }
  /** Rigid: as stiff as the world's joints, in both passes. */
  private get rigid(): boolean {
    return !this.physical && this.hertz === 0;
  }

  /** @internal C, K and the spring for a substep of h. */
  prepare(bodyA: Body, bodyB: Body, h: number): void {
    const rotation = this.rotation;
    rotation.prepare(bodyA, bodyB);
    this.maxImpulse = this.maxTorque * h;
    if (this.physical) {
      makeSpring(this.softness, this.stiffness, this.damping, h);
      rotation.factor(this.softness.compliance);
    } else {
      if (this.hertz > 0) makeSoft(this.softness, this.hertz, this.dampingRatio, h);
      rotation.factor();
    }
  }

  /** @internal */
  warmStart(bodyA: Body, bodyB: Body): void {
    this.rotation.warmStart(bodyA, bodyB);
  }

  /** @internal One solve in the biased pass: the spring toward the target (`world`: the world's rigid-joint
   * softness, a rigid servo's), the accumulated impulse capped at maxTorque · h. Not in the relax pass:
   * there, without bias, it would only brake, taking back part of what it pushed; a servo held short of
   * its target then pressed with 0.96 of its maxTorque (measured), where it presses with all of it. */
  solve(bodyA: Body, bodyB: Body, world: Readonly<Softness>, useBias: boolean): void {
    if (!useBias) return;
    const soft = this.rigid ? world : this.softness;
    const rotation = this.rotation, C = rotation.C, M = rotation.inverseK, p = rotation.impulse;
    rotation.velocityError(bodyA, bodyB, cdot, 0);
    let bx = cdot[0] + soft.biasRate * C[0], by = cdot[1] + soft.biasRate * C[1], bz = cdot[2] + soft.biasRate * C[2];
    const compliance = soft.compliance;
    if (compliance !== 0) {
      bx += compliance * p[0]; by += compliance * p[1]; bz += compliance * p[2];
    }
    const s = soft.massScale, t = soft.impulseScale;
    let x = -s * (M[0] * bx + M[3] * by + M[6] * bz) - t * p[0];
    let y = -s * (M[1] * bx + M[4] * by + M[7] * bz) - t * p[1];
    let z = -s * (M[2] * bx + M[5] * by + M[8] * bz) - t * p[2];
    // the torque cap: the new accumulated impulse scaled back onto the ball |λ_acc| ≤ maxTorque · h
    const px = p[0] + x, py = p[1] + y, pz = p[2] + z, max = this.maxImpulse;
    const lengthSq = px * px + py * py + pz * pz;
    if (lengthSq > max * max) {
      const scale = max > 0 ? max / Math.sqrt(lengthSq) : 0;
      x = px * scale - p[0];
      y = py * scale - p[1];
      z = pz * scale - p[2];
    }
    p[0] += x; p[1] += y; p[2] += z;
    angularImpulse[0] = x; angularImpulse[1] = y; angularImpulse[2] = z;
    applyAngularImpulse(bodyA.state, -1, angularImpulse, 0);
    applyAngularImpulse(bodyB.state, 1, angularImpulse, 0);
  }

  /** @internal Adds this substep's impulse to the step's sum and to `sum` (the joint's torque readout). */
  accumulate(sum: Float64Array): void {
    const p = this.rotation.impulse, s = this.impulseSum;
    for (let k = 0; k < 3; k++) {
      s[k] += p[k];
      sum[k] += p[k];
    }
  }
  /** @internal The step's sum as a mean torque over dt. */
  finishStep(dt: number): void {
    for (let k = 0; k < 3; k++) {
      this.torque[k] = this.impulseSum[k] / dt;
      this.impulseSum[k] = 0;
    }
  }
  scale(ratio: number): void {
    const p = this.rotation.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
  }

  /** Target, settings, accumulated impulse and readout (snapshots). */
  saveState(writer: StateWriter): void {
    this.rotation.saveState(writer);
    writer.write(this.maxTorque);
    writer.write(this.hertz);
    writer.write(this.dampingRatio);
    writer.write(this.stiffness);
    writer.write(this.damping);
    writer.writeArray(this.torque);
  }
  loadState(reader: StateReader): void {
    this.rotation.loadState(reader);
    this.maxTorque = reader.read();
    this.hertz = reader.read();
    this.dampingRatio = reader.read();
    this.stiffness = reader.read();
    this.damping = reader.read();
    reader.readInto(this.torque);
  }
  /** After loadState: the settings as configure checks them (`path`: the motor's place in the snapshot). */
  checkState(where: string, path: string): void {
    readMaxTorque(where, `${path}.maxTorque`, this.maxTorque);
    requireWithin(where, `${path}.hertz`, requireNonNegative(where, `${path}.hertz`, this.hertz), 0, MAX_HERTZ, ' Hz');
    requireDampingRatio(where, `${path}.dampingRatio`, this.dampingRatio);
    requireStiffness(where, `${path}.stiffness`, this.stiffness);
    requireDamping(where, `${path}.damping`, this.damping);
    if (this.physical && (this.hertz !== 0 || this.dampingRatio !== 1)) throw new RangeError(`${where}: ${path}: a spring in physical units has hertz 0 and dampingRatio 1`);
  }
}

/** A largest torque: ≥ 0 and at most MAX_TORQUE N·m, or Infinity (no cap). */
function readMaxTorque(where: string, name: string, value: unknown): number {
  if (value === Infinity) return Infinity;
  return requireWithin(where, name, requireNonNegative(where, name, value), 0, MAX_TORQUE, ' N·m');
}
