// A 2D joint: JointCore (bodies, breaking, readouts, the solver interface) with a 2-vector force and a
// scalar torque, and 6-column Jacobian rows [v_a ω_a v_b ω_b]. lib/joints/joint.ts is the 3D form.

import type { Body2D } from '../body.js';
import { JointCore, type JointCoreOptions } from '../../joints/joint-core.js';

export type Joint2DType = 'revolute' | 'weld' | 'angle';

export type Joint2DOptions = JointCoreOptions<Body2D>;

export abstract class Joint2D extends JointCore<Body2D> {
  abstract override readonly type: Joint2DType;

  /** @internal Joints are made by the world's create…Joint methods, which check their options. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, options: Joint2DOptions, where: string) {
    super(id, bodyA, bodyB, options, where, 2, 1);
  }

  /** Constraint force on bodyB over the last step, N (bodyA received the opposite). */
  getForce(out: Float64Array | number[]): Float64Array | number[] {
    out[0] = this.force[0];
    out[1] = this.force[1];
    return out;
  }

  /** Constraint torque on bodyB about the anchor over the last step, N·m (counter-clockwise). */
  getTorque(): number {
    return this.torque[0];
  }

  // ---- rows, for direct solvers and tests ----

  /** Writes J (rowCount × 6, row-major, columns [v_a ω_a v_b ω_b]) at the last prepare. */
  abstract writeJacobian(out: Float64Array): void;
  /** Writes K = J M⁻¹ Jᵀ (rowCount × rowCount, row-major) from the closed form, at the last prepare. */
  abstract writeEffectiveMass(out: Float64Array): void;
  /** Writes Ċ = J v for the bodies' current velocities. */
  abstract getVelocityError(out: Float64Array): void;
  /** Writes C at the last prepare. */
  abstract getPositionError(out: Float64Array): void;
  /** v += M⁻¹ Jᵀ λ for an impulse λ of rowCount numbers (not added to λ_acc). */
  abstract applyImpulse(lambda: ArrayLike<number>): void;
}
