// Axis constraint part (1 row): the rate of one scalar C along a direction, linear, angular or both.
// Jolt's AxisConstraintPart and AngleConstraintPart in one. Limits, motors, servos, swing and twist
// rows and the distance joint are all this row with a different C and a different clamp.
//
//   Ċ  = J v = n·(v_b − v_a) + j_b·ω_b − j_a·ω_a        J = [ −nᵀ  −j_aᵀ  nᵀ  j_bᵀ ]
//   K  = (m_a⁻¹ + m_b⁻¹) n·n + j_a·I_a⁻¹ j_a + j_b·I_b⁻¹ j_b
//   M⁻¹ Jᵀ λ:  v_a −= m_a⁻¹ n λ,  ω_a −= I_a⁻¹ j_a λ,  v_b += m_b⁻¹ n λ,  ω_b += I_b⁻¹ j_b λ
//
// A linear row along n between anchor points (C = n·d, d = x_b + r_b − x_a − r_a, n fixed in A) has
// j_a = (r_a + d) × n and j_b = r_b × n: the (r_a + d) is n turning with A (Box2D's prismatic joint,
// Jolt's slider). An angular row about an axis a has n = 0 and j_a = j_b = a; j need not be a unit
// vector when C is not an angle about a fixed axis (the twist rate of a swing-twist joint).
//
// Solve (one row, soft or rigid, with the accumulated impulse clamped to [lower, upper]):
//   λ  = −massScale K⁻¹ (Ċ + bias) − impulseScale λ_acc,   λ_acc ← clamp(λ_acc + λ),   apply the change
// where `bias` is biasRate·C for a position row, or −speed for a motor.

import type { Body } from '../../body/body.js';
import { BODY_STATE } from '../../body/body-state.js';
import { multiplySymmetric3 } from '../../math/mat3.js';
import { ROW_BIAS, ROW_IMPULSE_SCALE, ROW_LOWER, ROW_MASS_SCALE, ROW_UPPER, rowSolve } from '../../solver/row-solve.js';

const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, INVERSE_MASS = BODY_STATE.inverseMass;
const MASS_X = BODY_STATE.inverseMassAxes, TRANSLATION_LOCKS = BODY_STATE.translationLocks;

/** The impulse solve and applyImpulse hand to applyImpulseAt: in an array, as a double passed to a call
 * V8 did not inline is boxed (see solver/row-solve.ts). */
const rowImpulse = new Float64Array(1);

export class AxisConstraintPart {
  /** n: the linear direction (zero for an angular row). */
  readonly n = new Float64Array(3);
  /** j_a, j_b: the angular Jacobian blocks (with the sign convention above). */
  readonly jA = new Float64Array(3);
  readonly jB = new Float64Array(3);
  /** I_a⁻¹ j_a and I_b⁻¹ j_b, computed in prepare. */
  private readonly invIjA = new Float64Array(3);
  private readonly invIjB = new Float64Array(3);
  /** m⁻¹ of body A along x, y, z, then of body B (BODY_STATE.inverseMassAxes), at the last finish. */
  private readonly inverseMasses = new Float64Array(6);
  /** K (1x1) and K⁻¹ (0 when K vanishes: nothing can move along the row). */
  K = 0;
  effectiveMass = 0;

  /** An angular row about `axis` (world): Ċ = axis·(ω_b − ω_a). */
  setAngular(bodyA: Body, bodyB: Body, axis: ArrayLike<number>): void {
    // (the axis read from an array: doubles passed to a call V8 does not inline are boxed)
    const ax = axis[0], ay = axis[1], az = axis[2];
    const n = this.n;
    n[0] = 0; n[1] = 0; n[2] = 0; // (stores: a TypedArray fill call cost more than the rest of the row)
    this.jA[0] = ax; this.jA[1] = ay; this.jA[2] = az;
    this.jB[0] = ax; this.jB[1] = ay; this.jB[2] = az;
    this.finish(bodyA, bodyB);
  }

  /**
   * A linear row along n (world) at lever arms rA (body A's point plus the separation d) and rB:
   * j_a = rA × n, j_b = rB × n.
   */
  setLinear(bodyA: Body, bodyB: Body, n: ArrayLike<number>, rA: ArrayLike<number>, rB: ArrayLike<number>): void {
    const nx = n[0], ny = n[1], nz = n[2];
    this.n[0] = nx; this.n[1] = ny; this.n[2] = nz;
    cross(this.jA, rA, nx, ny, nz);
    cross(this.jB, rB, nx, ny, nz);
    this.finish(bodyA, bodyB);
  }

  /** A row with arbitrary blocks (n, j_a, j_b already written). */
  finish(bodyA: Body, bodyB: Body): void {
    const a = bodyA.state, b = bodyB.state;
    const m = this.inverseMasses;
    for (let k = 0; k < 3; k++) {
      m[k] = a[MASS_X + k];
      m[3 + k] = b[MASS_X + k];
    }
    multiplySymmetric3(this.invIjA, 0, a, INVERSE_INERTIA, this.jA, 0);
    multiplySymmetric3(this.invIjB, 0, b, INVERSE_INERTIA, this.jB, 0);
    const n = this.n;
    // n·(m_a⁻¹ P_a + m_b⁻¹ P_b) n: (m_a⁻¹ + m_b⁻¹) n·n unless a body's translation is locked (body.ts)
    const linear = a[TRANSLATION_LOCKS] === 0 && b[TRANSLATION_LOCKS] === 0
      ? (a[INVERSE_MASS] + b[INVERSE_MASS]) * (n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
      : (m[0] + m[3]) * n[0] * n[0] + (m[1] + m[4]) * n[1] * n[1] + (m[2] + m[5]) * n[2] * n[2];
    const K =
      linear +
      dot(this.jA, this.invIjA) +
      dot(this.jB, this.invIjB);
    this.K = K;
    this.effectiveMass = K > 1e-300 ? 1 / K : 0;
  }

  /** @internal Ċ = J v. */
  velocityError(bodyA: Body, bodyB: Body): number {
    const a = bodyA.state, b = bodyB.state, n = this.n, jA = this.jA, jB = this.jB;
    return (
      n[0] * (b[LINEAR_VELOCITY] - a[LINEAR_VELOCITY]) +
      n[1] * (b[LINEAR_VELOCITY + 1] - a[LINEAR_VELOCITY + 1]) +
      n[2] * (b[LINEAR_VELOCITY + 2] - a[LINEAR_VELOCITY + 2]) +
      jB[0] * b[ANGULAR_VELOCITY] + jB[1] * b[ANGULAR_VELOCITY + 1] + jB[2] * b[ANGULAR_VELOCITY + 2] -
      jA[0] * a[ANGULAR_VELOCITY] - jA[1] * a[ANGULAR_VELOCITY + 1] - jA[2] * a[ANGULAR_VELOCITY + 2]
    );
  }

  /** @internal v += M⁻¹ Jᵀ λ. */
  applyImpulse(bodyA: Body, bodyB: Body, lambda: number): void {
    rowImpulse[0] = lambda;
    this.applyImpulseAt(bodyA, bodyB, rowImpulse, 0);
  }

  /** @internal applyImpulse with λ = impulses[at] (no double passed: see solver/row-solve.ts). */
  applyImpulseAt(bodyA: Body, bodyB: Body, impulses: ArrayLike<number>, at: number): void {
    const lambda = impulses[at];
    const a = bodyA.state, b = bodyB.state, n = this.n;
    const m = this.inverseMasses;
    a[LINEAR_VELOCITY] -= m[0] * lambda * n[0]; a[LINEAR_VELOCITY + 1] -= m[1] * lambda * n[1]; a[LINEAR_VELOCITY + 2] -= m[2] * lambda * n[2];
    b[LINEAR_VELOCITY] += m[3] * lambda * n[0]; b[LINEAR_VELOCITY + 1] += m[4] * lambda * n[1]; b[LINEAR_VELOCITY + 2] += m[5] * lambda * n[2];
    const iA = this.invIjA, iB = this.invIjB;
    a[ANGULAR_VELOCITY] -= iA[0] * lambda; a[ANGULAR_VELOCITY + 1] -= iA[1] * lambda; a[ANGULAR_VELOCITY + 2] -= iA[2] * lambda;
    b[ANGULAR_VELOCITY] += iB[0] * lambda; b[ANGULAR_VELOCITY + 1] += iB[1] * lambda; b[ANGULAR_VELOCITY + 2] += iB[2] * lambda;
  }

  /**
   * @internal One solve of the row for the accumulated impulse impulses[slot], clamped to [lower, upper]:
   *   λ = −massScale K⁻¹ (sign·Ċ + bias) − impulseScale λ_acc, applied as sign·λ,
   * with bias, massScale, impulseScale, lower and upper read from rowSolve (solver/row-solve.ts).
   * `sign` −1 solves the row for −C (an upper limit: C' = upper − x, Ċ' = −Ċ).
   */
  solve(bodyA: Body, bodyB: Body, impulses: Float64Array, slot: number, sign: number): void {
    const bias = rowSolve[ROW_BIAS], massScale = rowSolve[ROW_MASS_SCALE], impulseScale = rowSolve[ROW_IMPULSE_SCALE];
    const lower = rowSolve[ROW_LOWER], upper = rowSolve[ROW_UPPER];
    const cdot = sign * this.velocityError(bodyA, bodyB);
    const old = impulses[slot];
    let next = old - massScale * this.effectiveMass * (cdot + bias) - impulseScale * old;
    if (next < lower) next = lower;
    else if (next > upper) next = upper;
    impulses[slot] = next;
    const change = next - old;
    if (change !== 0) {
      rowImpulse[0] = sign * change;
      this.applyImpulseAt(bodyA, bodyB, rowImpulse, 0);
    }
  }

  /** @internal Writes the row of J (12 columns, [v_a ω_a v_b ω_b]) at out[row·12]. */
  writeJacobian(out: Float64Array, row: number): void {
    writeSignedRow(this, 1, out, row * 12);
  }
}

/** sign times the row's J (12 numbers, [v_a ω_a v_b ω_b]) at out[at]; −1 gives an upper limit's row. */
export function writeSignedRow(part: AxisConstraintPart, sign: number, out: Float64Array, at: number): void {
  const n = part.n, jA = part.jA, jB = part.jB;
  for (let i = 0; i < 3; i++) {
    out[at + i] = -sign * n[i];
    out[at + 3 + i] = -sign * jA[i];
    out[at + 6 + i] = sign * n[i];
    out[at + 9 + i] = sign * jB[i];
  }
}

function cross(out: Float64Array, r: ArrayLike<number>, nx: number, ny: number, nz: number): void {
  const rx = r[0], ry = r[1], rz = r[2];
  out[0] = ry * nz - rz * ny;
  out[1] = rz * nx - rx * nz;
  out[2] = rx * ny - ry * nx;
}

function dot(a: Float64Array, b: Float64Array): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
