// What every joint shares: its two bodies, breaking limits, the force/torque readout, and the interface
// the solver drives (prepare, warm start, solve, accumulate) plus the one a direct solver needs (the
// rows' Jacobian, K = J M⁻¹ Jᵀ, Ċ = J v, C, and v += M⁻¹ Jᵀ λ for any λ).
//
// Forces. Each substep's accumulated impulse λ_acc is the whole impulse the joint applied in that
// substep (warm start plus every solve). Summed over the substeps and divided by the step's dt it is
// the mean constraint force over the step: F = Σ λ_lin / dt on body B (−F on body A), and
// τ = Σ λ_ang / dt, the torque of the angular rows about the anchor (0 for a ball joint).

import type { Body } from '../body.js';
import type { Softness } from '../solver/softness.js';
import { requirePositiveOrInfinity } from '../validate.js';

export type JointType = 'ball' | 'orientation' | 'weld' | 'mouse';

export interface JointOptions {
  bodyA: Body;
  /** The second body; omitted, the joint holds bodyA to the world (a static body at the origin). */
  bodyB?: Body;
  /** Break when the joint's force exceeds this, N. Default Infinity (never). */
  breakForce?: number;
  /** Break when the joint's torque exceeds this, N·m. Default Infinity (never). */
  breakTorque?: number;
  userData?: unknown;
}

export abstract class Joint {
  abstract readonly type: JointType;
  /** Rows of J: how many degrees of freedom the joint removes. */
  abstract readonly rowCount: number;

  readonly id: number;
  readonly bodyA: Body;
  readonly bodyB: Body;
  userData: unknown;

  private _breakForce = Infinity;
  private _breakTorque = Infinity;
  private _broken = false;

  /** Impulse summed over the substeps of the current step (on body B). */
  protected readonly linearImpulseSum = new Float64Array(3);
  protected readonly angularImpulseSum = new Float64Array(3);
  private readonly force = new Float64Array(3);
  private readonly torque = new Float64Array(3);

  /** @internal Joints are made by the world's create…Joint methods, which check their options. */
  constructor(id: number, bodyA: Body, bodyB: Body, options: JointOptions, where: string) {
    const breakForce =
      options.breakForce === undefined ? Infinity : requirePositiveOrInfinity(where, 'breakForce', options.breakForce);
    const breakTorque =
      options.breakTorque === undefined ? Infinity : requirePositiveOrInfinity(where, 'breakTorque', options.breakTorque);
    this.id = id;
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    this._breakForce = breakForce;
    this._breakTorque = breakTorque;
    this.userData = options.userData;
  }

  get breakForce(): number {
    return this._breakForce;
  }
  set breakForce(value: number) {
    this._breakForce = requirePositiveOrInfinity('breakForce', 'breakForce', value);
  }
  get breakTorque(): number {
    return this._breakTorque;
  }
  set breakTorque(value: number) {
    this._breakTorque = requirePositiveOrInfinity('breakTorque', 'breakTorque', value);
  }

  /** True once the joint has broken: it no longer acts. */
  get broken(): boolean {
    return this._broken;
  }

  /** Constraint force on bodyB over the last step, world frame, N (bodyA received the opposite). */
  getForce(out: Float64Array | number[]): Float64Array | number[] {
    out[0] = this.force[0];
    out[1] = this.force[1];
    out[2] = this.force[2];
    return out;
  }

  /** Constraint torque on bodyB about the anchor over the last step, world frame, N·m. */
  getTorque(out: Float64Array | number[]): Float64Array | number[] {
    out[0] = this.torque[0];
    out[1] = this.torque[1];
    out[2] = this.torque[2];
    return out;
  }

  /** |force| over the last step, N. */
  getForceMagnitude(): number {
    const f = this.force;
    return Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
  }

  /** |torque| over the last step, N·m. */
  getTorqueMagnitude(): number {
    const t = this.torque;
    return Math.sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
  }

  /** The joint's error at the current poses: the anchor gap in m for ball and weld joints, the
   * angle in rad for the orientation joint. */
  abstract getError(): number;
  /** Anchor gap at the current poses, m (0 for joints without an anchor). */
  abstract getLinearError(): number;
  /** Angle away from the joint's relative orientation at the current poses, rad (0 for joints that
   * leave rotation free). */
  abstract getAngularError(): number;

  // ---- solver interface (driven by the world's step; see solver/step.ts) ----

  /** Lever arms, C, K and its factorization at the bodies' current poses, for a substep of h s. */
  abstract prepare(h: number): void;
  /** Applies the accumulated impulse λ_acc (from the last substep) again. */
  abstract warmStart(): void;
  /** One Gauss-Seidel solve of all rows with the given softness (RIGID for the relax pass). */
  abstract solve(soft: Readonly<Softness>): void;
  /** Multiplies λ_acc (the substep length changed, or warm starting is off and it becomes 0). */
  abstract scaleImpulse(ratio: number): void;
  /** Adds this substep's λ_acc to the step's sums. */
  abstract accumulateImpulse(): void;

  /** @internal Turns the step's impulse sums into the force and torque readouts. */
  finishStep(dt: number): void {
    const inverseDt = 1 / dt;
    for (let i = 0; i < 3; i++) {
      this.force[i] = this.linearImpulseSum[i] * inverseDt;
      this.torque[i] = this.angularImpulseSum[i] * inverseDt;
      this.linearImpulseSum[i] = 0;
      this.angularImpulseSum[i] = 0;
    }
  }

  /** @internal Zeroes the force and torque readouts (a broken joint, a step after it broke). */
  clearReadout(): void {
    this.force.fill(0);
    this.torque.fill(0);
  }

  /** @internal Marks the joint broken and clears its impulses (the readout keeps the breaking load). */
  markBroken(): void {
    this._broken = true;
    this.scaleImpulse(0);
  }

  // ---- rows, for direct solvers and tests ----

  /** Writes J (rowCount × 12, row-major, columns [v_a ω_a v_b ω_b]) at the last prepare. */
  abstract writeJacobian(out: Float64Array): void;
  /** Writes K = J M⁻¹ Jᵀ (rowCount × rowCount, row-major) from the closed form, at the last prepare. */
  abstract writeEffectiveMass(out: Float64Array): void;
  /** Writes Ċ = J v for the bodies' current velocities (rowCount numbers). */
  abstract getVelocityError(out: Float64Array): void;
  /** Writes C at the last prepare (rowCount numbers: m for point rows, rad for rotation rows). */
  abstract getPositionError(out: Float64Array): void;
  /** v += M⁻¹ Jᵀ λ for an impulse λ of rowCount numbers (not added to λ_acc). */
  abstract applyImpulse(lambda: ArrayLike<number>): void;
}
