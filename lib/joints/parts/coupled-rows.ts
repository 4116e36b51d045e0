// Coupled rows: up to six equality rows of different parts solved as one block, the way the weld
// solves its point and rotation parts together (weld-joint.ts derives why: one exact solve of the
// block makes every row's J v vanish at once, where part-by-part solves undo each other's work).
// The hinge (point 3 + hinge rotation 2) and the prismatic joint (slide 2 + rotation 3) use it.
//
// The parts write their rows of J (12 columns, [v_a ω_a v_b ω_b]) and C; this block forms
//   W  = M⁻¹ Jᵀ (per row: m_a⁻¹ J_va, I_a⁻¹ J_ωa, m_b⁻¹ J_vb, I_b⁻¹ J_ωb),
//   K  = J M⁻¹ Jᵀ  (K_ij = J_i · W_j),  K⁻¹ by LDLᵀ (math/ldlt.ts: a vanishing pivot gets no impulse),
// and solves  λ = −massScale K⁻¹ (J v + biasRate C) − impulseScale λ_acc,  v += W λ.
// Dense 12-column rows cost more than a part's own closed form, but they are the rows a direct solver
// reads (solver/direct/), and they keep each joint's code to "which rows, which C".

import type { Body } from '../../body/body.js';
import { BODY_STATE } from '../../body/body-state.js';
import { invertSymmetric5, ldltFactor, ldltInverse } from '../../math/ldlt.js';
import { multiplySymmetric3 } from '../../math/mat3.js';
import type { Softness } from '../../solver/softness.js';
import type { EqualityRows } from '../../solver/equality-rows.js';
import { addUnlockedResponse, dropUnmovedRows, hasLocks, invertLockedRows } from './locked-rows.js';

const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, MASS_X = BODY_STATE.inverseMassAxes;

const velocity = new Float64Array(12);
const rhs = new Float64Array(6);
const lambda = new Float64Array(6);
const factor = new Float64Array(36);
const unlocked = new Float64Array(6);
const dropped = new Uint8Array(6);

export class CoupledRows implements EqualityRows<Body> {
  /** J, rowCount × 12, written by the parts before prepare. */
  readonly J: Float64Array;
  /** W = M⁻¹ Jᵀ, stored as rowCount rows of 12. */
  readonly W: Float64Array;
  readonly K: Float64Array;
  readonly inverseK: Float64Array;
  /** C, written by the parts before prepare. */
  readonly C: Float64Array;
  /** λ_acc, one per row. */
  readonly impulse: Float64Array;

  constructor(readonly rowCount: number) {
    this.J = new Float64Array(rowCount * 12);
    this.W = new Float64Array(rowCount * 12);
    this.K = new Float64Array(rowCount * rowCount);
    this.inverseK = new Float64Array(rowCount * rowCount);
    this.C = new Float64Array(rowCount);
    this.impulse = new Float64Array(rowCount);
  }

  /** @internal W, K and K⁻¹ from the rows in J and the bodies' current masses; K⁻¹ only `withInverse` (the
   * iterative solve needs it, the direct solver does not), and of K + γ I with a spring in physical units
   * of compliance γ (point-part.ts factor). */
  prepare(bodyA: Body, bodyB: Body, withInverse = true, compliance = 0): void {
    const n = this.rowCount, J = this.J, W = this.W, a = bodyA.state, b = bodyB.state;
    // (m⁻¹ along each axis: 0 along one a body's translation is locked along; BODY_STATE.inverseMassAxes)
    for (let i = 0; i < n; i++) {
      const o = i * 12;
      for (let k = 0; k < 3; k++) {
        W[o + k] = a[MASS_X + k] * J[o + k];
        W[o + 6 + k] = b[MASS_X + k] * J[o + 6 + k];
      }
      multiplySymmetric3(W, o + 3, a, INVERSE_INERTIA, J, o + 3);
      multiplySymmetric3(W, o + 9, b, INVERSE_INERTIA, J, o + 9);
    }
    const K = this.K;
    for (let i = 0; i < n; i++) {
      const r = i * 12;
      for (let j = i; j < n; j++) {
        // K_ij = Σ_k J_ik W_jk, summed from 0 in k's order (written out: the loop cost more than the sum)
        const c = j * 12;
        const s = 0 + J[r] * W[c] + J[r + 1] * W[c + 1] + J[r + 2] * W[c + 2] + J[r + 3] * W[c + 3] + J[r + 4] * W[c + 4] + J[r + 5] * W[c + 5] +
          J[r + 6] * W[c + 6] + J[r + 7] * W[c + 7] + J[r + 8] * W[c + 8] + J[r + 9] * W[c + 9] + J[r + 10] * W[c + 10] + J[r + 11] * W[c + 11];
        K[i * n + j] = s;
        K[j * n + i] = s;
      }
    }
    if (!withInverse) return;
    if (hasLocks(bodyA, bodyB)) {
      // rows that locked axes leave singular are solved as rank-deficient (locked-rows.ts)
      for (let i = 0; i < n; i++) unlocked[i] = addUnlockedResponse(addUnlockedResponse(0, J, i * 12, bodyA), J, i * 12 + 6, bodyB);
      dropUnmovedRows(K, n, unlocked, dropped);
      invertLockedRows(K, n, compliance, dropped, this.inverseK);
      return;
    }
    if (compliance !== 0) {
      for (let i = 0; i < n * n; i++) factor[i] = K[i];
      for (let i = 0; i < n; i++) factor[i * n + i] += compliance;
      if (n === 5) {
        invertSymmetric5(factor, this.inverseK);
        return;
      }
    } else if (n === 5) {
      invertSymmetric5(K, this.inverseK);
      return;
    } else {
      for (let i = 0; i < n * n; i++) factor[i] = K[i];
    }
    ldltFactor(factor, n);
    ldltInverse(factor, n, this.inverseK);
  }

  /** @internal Ċ = J v for each row, written at out[offset ..]. */
  velocityError(bodyA: Body, bodyB: Body, out: Float64Array, offset: number): void {
    readVelocities(bodyA.state, bodyB.state);
    const J = this.J;
    for (let i = 0; i < this.rowCount; i++) {
      let s = 0;
      for (let k = 0; k < 12; k++) s += J[i * 12 + k] * velocity[k];
      out[offset + i] = s;
    }
  }

  /** @internal Copies the rows of J from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void {
    const J = this.J, o = row * 12;
    for (let k = 0; k < J.length; k++) out[o + k] = J[k];
  }

  /** @internal v += M⁻¹ Jᵀ λ for λ at impulses[at ..] (λ not added to λ_acc). */
  applyImpulseAt(bodyA: Body, bodyB: Body, impulses: ArrayLike<number>, at: number): void {
    const a = bodyA.state, b = bodyB.state, W = this.W;
    for (let i = 0; i < this.rowCount; i++) {
      const l = impulses[at + i];
      if (l === 0) continue;
      const o = i * 12;
      for (let k = 0; k < 3; k++) {
        a[LINEAR_VELOCITY + k] += W[o + k] * l;
        a[ANGULAR_VELOCITY + k] += W[o + 3 + k] * l;
        b[LINEAR_VELOCITY + k] += W[o + 6 + k] * l;
        b[ANGULAR_VELOCITY + k] += W[o + 9 + k] * l;
      }
    }
  }

  /** @internal */
  warmStart(bodyA: Body, bodyB: Body): void {
    this.applyImpulseAt(bodyA, bodyB, this.impulse, 0);
  }

  /** @internal One exact (RIGID) or soft solve of all rows together, accumulating λ. */
  solve(bodyA: Body, bodyB: Body, soft: Readonly<Softness>): void {
    const n = this.rowCount, C = this.C, M = this.inverseK, p = this.impulse;
    this.velocityError(bodyA, bodyB, rhs, 0);
    const bias = soft.biasRate, s = soft.massScale, t = soft.impulseScale;
    for (let i = 0; i < n; i++) rhs[i] += bias * C[i];
    // a spring in physical units: + γ λ_acc (point-part.ts solve)
    const compliance = soft.compliance;
    if (compliance !== 0) for (let i = 0; i < n; i++) rhs[i] += compliance * p[i];
    for (let i = 0; i < n; i++) {
      let x = 0;
      for (let j = 0; j < n; j++) x += M[i * n + j] * rhs[j];
      const l = -s * x - t * p[i];
      lambda[i] = l;
      p[i] += l;
    }
    this.applyImpulseAt(bodyA, bodyB, lambda, 0);
  }

  scale(ratio: number): void {
    const p = this.impulse;
    for (let i = 0; i < this.rowCount; i++) p[i] *= ratio;
  }
}

function readVelocities(a: Float64Array, b: Float64Array): void {
  for (let k = 0; k < 3; k++) {
    velocity[k] = a[LINEAR_VELOCITY + k];
    velocity[3 + k] = a[ANGULAR_VELOCITY + k];
    velocity[6 + k] = b[LINEAR_VELOCITY + k];
    velocity[9 + k] = b[ANGULAR_VELOCITY + k];
  }
}
