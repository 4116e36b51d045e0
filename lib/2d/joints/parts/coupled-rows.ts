// Coupled rows in 2D: up to three equality rows with a J of their own, solved as one block
// (lib/joints/parts/coupled-rows.ts in the plane). The joint writes its rows of J (6 columns,
// [v_a ω_a v_b ω_b]) and C; this block forms
//   W  = M⁻¹ Jᵀ (per row: m_a⁻¹ J_va, i_a J_ωa, m_b⁻¹ J_vb, i_b J_ωb),
//   K  = J M⁻¹ Jᵀ  (K_ij = J_i · W_j),  K⁻¹ by LDLᵀ (math/ldlt.ts: a vanishing pivot gets no impulse),
// and solves  λ = −massScale K⁻¹ (J v + biasRate C + γ λ_acc) − impulseScale λ_acc,  v += W λ.
// The sums run over the columns in the 3D block's order with its zero columns left out, so a planar
// scene's K and impulses are the 3D block's to the bit (tests/pulley-gear-motor-2d.test.ts).

import type { Body2D } from '../../body.js';
import { BODY2D_STATE } from '../../body-state.js';
import { ldltFactor, ldltInverse } from '../../../math/ldlt.js';
import type { Softness } from '../../../solver/softness.js';
import type { EqualityRows } from '../../../solver/equality-rows.js';

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_MASS = BODY2D_STATE.inverseMass, INVERSE_INERTIA = BODY2D_STATE.inverseInertia;

const velocity = new Float64Array(6);
const rhs = new Float64Array(3);
const lambda = new Float64Array(3);
const factor = new Float64Array(9);

export class CoupledRows2D implements EqualityRows<Body2D> {
  /** J, rowCount × 6, written by the joint before prepare. */
  readonly J: Float64Array;
  /** W = M⁻¹ Jᵀ, stored as rowCount rows of 6. */
  readonly W: Float64Array;
  readonly K: Float64Array;
  readonly inverseK: Float64Array;
  /** C, written by the joint before prepare. */
  readonly C: Float64Array;
  /** λ_acc, one per row. */
  readonly impulse: Float64Array;

  constructor(readonly rowCount: number) {
    this.J = new Float64Array(rowCount * 6);
    this.W = new Float64Array(rowCount * 6);
    this.K = new Float64Array(rowCount * rowCount);
    this.inverseK = new Float64Array(rowCount * rowCount);
    this.C = new Float64Array(rowCount);
    this.impulse = new Float64Array(rowCount);
  }

  /** @internal W, K and K⁻¹ from the rows in J and the bodies' masses; K⁻¹ only `withInverse` (the direct
   * solver does not need it), of K + γ I for a spring in physical units of compliance γ. */
  prepare(bodyA: Body2D, bodyB: Body2D, withInverse = true, compliance = 0): void {
    const n = this.rowCount, J = this.J, W = this.W, a = bodyA.state, b = bodyB.state;
    const ma = a[INVERSE_MASS], ia = a[INVERSE_INERTIA], mb = b[INVERSE_MASS], ib = b[INVERSE_INERTIA];
    for (let i = 0; i < n; i++) {
      const o = i * 6;
      W[o] = ma * J[o]; W[o + 1] = ma * J[o + 1]; W[o + 2] = ia * J[o + 2];
      W[o + 3] = mb * J[o + 3]; W[o + 4] = mb * J[o + 4]; W[o + 5] = ib * J[o + 5];
    }
    const K = this.K;
    for (let i = 0; i < n; i++) {
      const r = i * 6;
      for (let j = i; j < n; j++) {
        const c = j * 6;
        const s = 0 + J[r] * W[c] + J[r + 1] * W[c + 1] + J[r + 2] * W[c + 2] + J[r + 3] * W[c + 3] + J[r + 4] * W[c + 4] + J[r + 5] * W[c + 5];
        K[i * n + j] = s;
        K[j * n + i] = s;
      }
    }
    if (!withInverse) return;
    for (let i = 0; i < n * n; i++) factor[i] = K[i];
    if (compliance !== 0) for (let i = 0; i < n; i++) factor[i * n + i] += compliance;
    ldltFactor(factor, n);
    ldltInverse(factor, n, this.inverseK);
  }

  /** @internal Ċ = J v for each row, written at out[offset ..]. */
  velocityError(bodyA: Body2D, bodyB: Body2D, out: Float64Array, offset: number): void {
    const a = bodyA.state, b = bodyB.state, J = this.J;
    velocity[0] = a[LINEAR_VELOCITY]; velocity[1] = a[LINEAR_VELOCITY + 1]; velocity[2] = a[ANGULAR_VELOCITY];
    velocity[3] = b[LINEAR_VELOCITY]; velocity[4] = b[LINEAR_VELOCITY + 1]; velocity[5] = b[ANGULAR_VELOCITY];
    for (let i = 0; i < this.rowCount; i++) {
      let s = 0;
      for (let k = 0; k < 6; k++) s += J[i * 6 + k] * velocity[k];
      out[offset + i] = s;
    }
  }

  /** @internal Copies the rows of J from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void {
    const J = this.J, o = row * 6;
    for (let k = 0; k < J.length; k++) out[o + k] = J[k];
  }

  /** @internal v += M⁻¹ Jᵀ λ for λ at impulses[at ..] (λ not added to λ_acc). */
  applyImpulseAt(bodyA: Body2D, bodyB: Body2D, impulses: ArrayLike<number>, at: number): void {
    const a = bodyA.state, b = bodyB.state, W = this.W;
    for (let i = 0; i < this.rowCount; i++) {
      const l = impulses[at + i];
      if (l === 0) continue;
      const o = i * 6;
      a[LINEAR_VELOCITY] += W[o] * l; a[LINEAR_VELOCITY + 1] += W[o + 1] * l; a[ANGULAR_VELOCITY] += W[o + 2] * l;
      b[LINEAR_VELOCITY] += W[o + 3] * l; b[LINEAR_VELOCITY + 1] += W[o + 4] * l; b[ANGULAR_VELOCITY] += W[o + 5] * l;
    }
  }

  /** @internal */
  warmStart(bodyA: Body2D, bodyB: Body2D): void {
    this.applyImpulseAt(bodyA, bodyB, this.impulse, 0);
  }

  /** @internal One exact (RIGID) or soft solve of all rows together, accumulating λ. */
  solve(bodyA: Body2D, bodyB: Body2D, soft: Readonly<Softness>): void {
    const n = this.rowCount, C = this.C, M = this.inverseK, p = this.impulse;
    this.velocityError(bodyA, bodyB, rhs, 0);
    const bias = soft.biasRate, s = soft.massScale, t = soft.impulseScale;
    for (let i = 0; i < n; i++) rhs[i] += bias * C[i];
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
