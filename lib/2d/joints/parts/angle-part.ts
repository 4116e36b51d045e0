// Angle constraint part in 2D (1 row, angular only): B keeps the angle relative to A it had when the
// joint was made. The 3D rotation part (lib/joints/parts/rotation-part.ts) in the plane, where a
// rotation is one number and the relative angle is exact:
//
//   C = θ_b − θ_a − θ₀ (wrapped to (−π, π]),   Ċ = ω_b − ω_a,   J = [ 0 −1 0 1 ],   K = i_a + i_b
//   M⁻¹ Jᵀ λ:  ω_a −= i_a λ,  ω_b += i_b λ
//
// (The 3D part's C = log(q_b (q_a q₀)⁻¹), on the shortest arc, is exactly this angle about z for planar
// motion. The wrap matters because body angles are kept in [−π, π]: without it, a body crossing the
// seam would make C jump by 2π and the joint turn it a whole turn back.)

import type { Body2D } from '../../body.js';
import { BODY2D_STATE } from '../../body-state.js';
import type { Softness } from '../../../solver/softness.js';
import type { ConstraintPart2D } from './constraint-part.js';
import type { StateReader, StateWriter } from '../../../util/state.js';
import { wrapAngle } from '../../../joints/parts/axis-drive.js';
import { MAX_REFERENCE_ANGLE } from '../../../limits.js';

const ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity, INVERSE_INERTIA = BODY2D_STATE.inverseInertia;
const ANGLE = BODY2D_STATE.angle;

export class AngleConstraintPart2D implements ConstraintPart2D {
  readonly rowCount = 1;
  /** θ₀ = θ_b − θ_a when the joint was made. */
  referenceAngle = 0;
  readonly C = new Float64Array(1);
  readonly K = new Float64Array(1);
  /** 1/K, or 0 when neither body can turn. */
  inverseK = 0;
  readonly impulse = new Float64Array(1);

  saveState(writer: StateWriter): void {
    writer.writeBoundedNumber(this.referenceAngle, MAX_REFERENCE_ANGLE);
    writer.writeArray(this.C);
    writer.writeArray(this.impulse);
  }
  loadState(reader: StateReader): void {
    this.referenceAngle = reader.read();
    reader.readInto(this.C);
    reader.readInto(this.impulse);
  }

  setReference(bodyA: Body2D, bodyB: Body2D): void {
    this.referenceAngle = bodyB.angle - bodyA.angle;
  }

  /** @internal */
  prepare(bodyA: Body2D, bodyB: Body2D): void {
    this.C[0] = wrapAngle(bodyB.state[ANGLE] - bodyA.state[ANGLE] - this.referenceAngle);
    this.K[0] = bodyA.state[INVERSE_INERTIA] + bodyB.state[INVERSE_INERTIA];
  }

  /** @internal K⁻¹; with a spring in physical units of compliance γ, (K + γ)⁻¹, as in 3D. */
  factor(compliance = 0): void {
    const K = this.K[0] + compliance;
    this.inverseK = this.K[0] > 0 ? 1 / K : 0;
  }

  /** @internal */
  velocityError(bodyA: Body2D, bodyB: Body2D, out: Float64Array, offset: number): void {
    out[offset] = bodyB.state[ANGULAR_VELOCITY] - bodyA.state[ANGULAR_VELOCITY];
  }

  /** @internal */
  applyImpulseAt(bodyA: Body2D, bodyB: Body2D, lambda: ArrayLike<number>, offset: number): void {
    const l = lambda[offset];
    bodyA.state[ANGULAR_VELOCITY] -= bodyA.state[INVERSE_INERTIA] * l;
    bodyB.state[ANGULAR_VELOCITY] += bodyB.state[INVERSE_INERTIA] * l;
  }

  /** @internal */
  warmStart(bodyA: Body2D, bodyB: Body2D): void {
    this.applyImpulseAt(bodyA, bodyB, this.impulse, 0);
  }

  /** @internal `maxImpulse` caps |λ_acc| (the motor joint's torque limit times h). */
  solve(bodyA: Body2D, bodyB: Body2D, soft: Readonly<Softness>, maxImpulse = Infinity): void {
    const a = bodyA.state, b = bodyB.state;
    const cdot = b[ANGULAR_VELOCITY] - a[ANGULAR_VELOCITY];
    let rate = cdot + soft.biasRate * this.C[0];
    // a spring in physical units: + γ λ_acc, as in 3D
    if (soft.compliance !== 0) rate += soft.compliance * this.impulse[0];
    let l = -soft.massScale * this.inverseK * rate - soft.impulseScale * this.impulse[0];
    const total = this.impulse[0] + l;
    if (total > maxImpulse) l = maxImpulse - this.impulse[0];
    else if (total < -maxImpulse) l = -maxImpulse - this.impulse[0];
    this.impulse[0] += l;
    a[ANGULAR_VELOCITY] -= a[INVERSE_INERTIA] * l;
    b[ANGULAR_VELOCITY] += b[INVERSE_INERTIA] * l;
  }

  /** |θ_b − θ_a − θ₀| (wrapped) at the current angles, rad. */
  currentAngle(bodyA: Body2D, bodyB: Body2D): number {
    return Math.abs(wrapAngle(bodyB.angle - bodyA.angle - this.referenceAngle));
  }

  /** @internal */
  writeJacobian(out: Float64Array, row: number): void {
    const o = row * 6;
    out.fill(0, o, o + 6);
    out[o + 2] = -1;
    out[o + 5] = 1;
  }
}
