// Axis constraint part in 2D (1 row): lib/joints/parts/axis-part.ts in the plane, where the angular
// blocks are numbers (rotation is about z only):
//
//   Ċ  = n·(v_b − v_a) + j_b ω_b − j_a ω_a          J = [ −nᵀ  −j_a  nᵀ  j_b ]
//   K  = (m_a⁻¹ + m_b⁻¹) n·n + i_a j_a² + i_b j_b²
//   M⁻¹ Jᵀ λ:  v_a −= m_a⁻¹ n λ,  ω_a −= i_a j_a λ,  v_b += m_b⁻¹ n λ,  ω_b += i_b j_b λ
//
// An angular row is n = 0, j_a = j_b = 1; a linear row along n at lever arms r_a (+ d) and r_b has
// j = r × n = r_x n_y − r_y n_x. The solve is the 3D part's, with the same clamp and sign.

import type { Body2D } from '../../body.js';
import { BODY2D_STATE } from '../../body-state.js';
import { ROW_BIAS, ROW_IMPULSE_SCALE, ROW_LOWER, ROW_MASS_SCALE, ROW_UPPER, rowSolve } from '../../../solver/row-solve.js';

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia, INVERSE_MASS = BODY2D_STATE.inverseMass;

export class AxisConstraintPart2D {
  readonly n = new Float64Array(2);
  jA = 0;
  jB = 0;
  private inverseMassA = 0;
  private inverseMassB = 0;
  private inverseInertiaA = 0;
  private inverseInertiaB = 0;
  K = 0;
  effectiveMass = 0;

  /** The angular row about z: Ċ = ω_b − ω_a. */
  setAngular(bodyA: Body2D, bodyB: Body2D): void {
    this.n[0] = 0; this.n[1] = 0;
    this.jA = 1;
    this.jB = 1;
    this.finish(bodyA, bodyB);
  }

  /** A linear row along n at lever arms rA (body A's point plus the separation d) and rB. */
  setLinear(bodyA: Body2D, bodyB: Body2D, n: ArrayLike<number>, rA: ArrayLike<number>, rB: ArrayLike<number>): void {
    this.n[0] = n[0]; this.n[1] = n[1];
    this.jA = rA[0] * n[1] - rA[1] * n[0];
    this.jB = rB[0] * n[1] - rB[1] * n[0];
    this.finish(bodyA, bodyB);
  }

  private finish(bodyA: Body2D, bodyB: Body2D): void {
    const a = bodyA.state, b = bodyB.state, n = this.n;
    this.inverseMassA = a[INVERSE_MASS];
    this.inverseMassB = b[INVERSE_MASS];
    this.inverseInertiaA = a[INVERSE_INERTIA];
    this.inverseInertiaB = b[INVERSE_INERTIA];
    const K =
      (this.inverseMassA + this.inverseMassB) * (n[0] * n[0] + n[1] * n[1]) +
      this.inverseInertiaA * this.jA * this.jA +
      this.inverseInertiaB * this.jB * this.jB;
    this.K = K;
    this.effectiveMass = K > 1e-300 ? 1 / K : 0;
  }

  /** @internal */
  velocityError(bodyA: Body2D, bodyB: Body2D): number {
    const a = bodyA.state, b = bodyB.state, n = this.n;
    return (
      n[0] * (b[LINEAR_VELOCITY] - a[LINEAR_VELOCITY]) + n[1] * (b[LINEAR_VELOCITY + 1] - a[LINEAR_VELOCITY + 1]) +
      this.jB * b[ANGULAR_VELOCITY] - this.jA * a[ANGULAR_VELOCITY]
    );
  }

  /** @internal applyImpulse with λ = impulses[at] (no double passed: see solver/row-solve.ts). */
  applyImpulseAt(bodyA: Body2D, bodyB: Body2D, impulses: ArrayLike<number>, at: number): void {
    this.applyImpulse(bodyA, bodyB, impulses[at]);
  }

  /** @internal */
  applyImpulse(bodyA: Body2D, bodyB: Body2D, lambda: number): void {
    const a = bodyA.state, b = bodyB.state, n = this.n;
    const la = this.inverseMassA * lambda, lb = this.inverseMassB * lambda;
    a[LINEAR_VELOCITY] -= la * n[0]; a[LINEAR_VELOCITY + 1] -= la * n[1];
    b[LINEAR_VELOCITY] += lb * n[0]; b[LINEAR_VELOCITY + 1] += lb * n[1];
    a[ANGULAR_VELOCITY] -= this.inverseInertiaA * this.jA * lambda;
    b[ANGULAR_VELOCITY] += this.inverseInertiaB * this.jB * lambda;
  }

  /** @internal See AxisConstraintPart.solve. */
  solve(bodyA: Body2D, bodyB: Body2D, impulses: Float64Array, slot: number, sign: number): void {
    const bias = rowSolve[ROW_BIAS], massScale = rowSolve[ROW_MASS_SCALE], impulseScale = rowSolve[ROW_IMPULSE_SCALE];
    const lower = rowSolve[ROW_LOWER], upper = rowSolve[ROW_UPPER];
    const cdot = sign * this.velocityError(bodyA, bodyB);
    const old = impulses[slot];
    let next = old - massScale * this.effectiveMass * (cdot + bias) - impulseScale * old;
    if (next < lower) next = lower;
    else if (next > upper) next = upper;
    impulses[slot] = next;
    const change = next - old;
    if (change !== 0) this.applyImpulse(bodyA, bodyB, sign * change);
  }

  /** @internal Writes the row of J (6 columns, [v_a ω_a v_b ω_b]) at out[row·6]. */
  writeJacobian(out: Float64Array, row: number): void {
    writeSignedRow(this, 1, out, row * 6);
  }
}

/** sign times the row's J (6 numbers, [v_a ω_a v_b ω_b]) at out[at]; −1 gives an upper limit's row. */
export function writeSignedRow(part: AxisConstraintPart2D, sign: number, out: Float64Array, at: number): void {
  const n = part.n;
  out[at] = -sign * n[0]; out[at + 1] = -sign * n[1]; out[at + 2] = -sign * part.jA;
  out[at + 3] = sign * n[0]; out[at + 4] = sign * n[1]; out[at + 5] = sign * part.jB;
}
