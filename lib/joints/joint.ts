// A 3D joint: what JointCore gives every joint (bodies, breaking, readouts, the solver interface) plus
// 3-vector force and torque readouts and the rows a direct solver needs (the Jacobian, K = J M⁻¹ Jᵀ,
// Ċ = J v, C, and v += M⁻¹ Jᵀ λ for any λ). The rows are the joint's equality rows; limit, motor and
// friction rows are not among them. A ball joint's torque readout is zero unless limits or friction
// act: it holds no rotation.

import type { Body } from '../body.js';
import { JointCore, type JointCoreOptions } from './joint-core.js';
import type { Float64Allocator } from '../arena.js';

export type JointType = 'ball' | 'orientation' | 'weld' | 'hinge' | 'prismatic' | 'distance' | 'mouse';

export type JointOptions = JointCoreOptions<Body>;

export abstract class Joint extends JointCore<Body> {
  abstract override readonly type: JointType;

  /** @internal Joints are made by the world's create…Joint methods, which check their options. */
  constructor(id: number, bodyA: Body, bodyB: Body, options: JointOptions, where: string, allocator?: Float64Allocator) {
    super(id, bodyA, bodyB, options, where, 3, 3, allocator);
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

  // ---- the direct tree solver (solver/tree-solver.ts) ----

  /**
   * How many rows the direct tree solver may hold exactly: the equality rows (rowCount) while they are
   * rigid; 0 for a spring joint (hertz > 0), whose rows stay soft in the iterative solver.
   */
  get directRowCount(): number {
    return this.hertz === 0 ? this.rowCount : 0;
  }
  /** True when the joint has rows besides its equality rows (limits, motor, friction): with the direct
   * solver they are solved iteratively around the exact solve. */
  get hasIterativeRows(): boolean {
    return false;
  }
  /** True when it has rows the direct solver never holds (a motor, a servo, friction), which keep the
   * iterative sweeps and the relax pass running around the exact solve. */
  get hasDriveRows(): boolean {
    return false;
  }
  /**
   * @internal For the direct solver's geometric stiffness: writes the point rows' impulse on B (this
   * substep's λ_acc, 3 numbers) and the lever arms r_a, r_b (3 each), and returns true; false for a
   * joint without point rows.
   */
  writePointLoad(_out: Float64Array): boolean {
    return false;
  }
  /**
   * @internal True while the direct solver holds this joint's limit rows (solver/tree-solver.ts): the
   * joint's own solve then skips them.
   */
  directLimits = false;
  /** @internal The joint's limit rows (finite bounds) the direct solver may hold. */
  get limitRowCount(): number {
    return 0;
  }
  /**
   * @internal Limit row k at the last prepare: writes its J (12 numbers from out[at], signed so that the
   * row holds J v ≥ 0 and a positive impulse pushes back inside) and returns its C (≥ 0 inside the bound).
   */
  writeLimitRow(_k: number, _out: Float64Array, _at: number): number {
    throw new Error(`${this.constructor.name} has no limit rows`);
  }
  /** @internal Limit row k's accumulated impulse λ_acc (≥ 0), and adding to it. */
  limitImpulse(_k: number): number {
    return 0;
  }
  addLimitImpulse(_k: number, _delta: number): void {}
  /** @internal Writes the equality rows' accumulated impulse λ_acc (rowCount numbers from out[at]). */
  abstract readEqualityImpulse(out: Float64Array, at: number): void;
  /** @internal Adds an impulse the direct solver found (rowCount numbers from lambda[at]) to the rows'
   * accumulated impulse λ_acc, where the force readout and the warm start read it. */
  abstract addEqualityImpulse(lambda: Float64Array, at: number): void;
  /** @internal Sets the equality rows' λ_acc to zero (the direct solver, at each substep's start). */
  abstract clearEqualityImpulse(): void;
}
