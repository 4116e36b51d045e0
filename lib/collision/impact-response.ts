// The collision at the time of impact that continuous collision (continuous.ts) puts two bodies back to:
// their velocities change in the step they meet, not a step later. Put back with the velocities they had,
// the bodies met only in the next step's contact: two boxes meeting head on at ±120 m/s kept closing at
// 240 m/s through the step of impact (and a resting box struck at 120 m/s did not move) until the next
// step's solve. Jolt resolves its linear-cast contacts the same way, in the step, at the time of impact
// (PhysicsSystem's JobResolveCCDContacts, with the response of EstimateCollisionResponse.cpp).
//
// At the poses the sweep left, the two shapes' manifold (narrowphase.ts collide, within IMPACT_MARGIN),
// and at each of its points closing along the normal n (A to B) the normal row of the contacts:
//   Ċ_i = n·(v_b − v_a) + j_b,i·ω_b − j_a,i·ω_a,   j = r × n,   r = p_i − x (each body's centre of mass)
// An impulse λ_i ≥ 0 at each of them brings it to the speed it leaves with,
//   Ċ_i' = e · (−Ċ_i) when −Ċ_i is over the world's restitutionThreshold (e = max(e_a, e_b)), else 0,
// the points together: K Δλ = Ċ' − Ċ with K_ik = n·(M_a⁻¹ + M_b⁻¹) n + j_a,i·I_a⁻¹ j_a,k + j_b,i·I_b⁻¹ j_b,k
// (solved as the bounce's block is, contact-constraint.ts bounceTogether: the least-norm answer when four
// points of a face make K singular), or, when that would pull at a point, by projected Gauss-Seidel on
// λ ≥ 0. The impulses are equal and opposite on the two bodies: momentum is kept exactly. Friction is
// left to the next step's contact (Jolt's response has it; a sliding impact here keeps its tangential
// speed through the step of impact).

import type { Body } from '../body/body.js';
import { BODY_STATE } from '../body/body-state.js';
import type { Shape } from '../geometry/shape.js';
import { multiplySymmetric3 } from '../math/mat3.js';
import { MAX_MANIFOLD_POINTS, Manifold } from './manifold.js';
import { SHAPE_RANK, collide } from './narrowphase.js';
import { ShapePose } from './shape-pose.js';

const POSITION = BODY_STATE.position, LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, MASS_X = BODY_STATE.inverseMassAxes;
/** Points up to this far apart are part of the impact, m: the sweep leaves the shapes CCD_GAP (2.5 mm)
 * apart, within its tolerance; twice that. */
export const IMPACT_MARGIN = 0.005;
/** The block's compliance floor, relative to K's diagonal (as the contacts' normal block). */
const REGULARIZATION = 1e-9;
/** Projected Gauss-Seidel sweeps when the block would pull at a point. */
const SWEEPS = 16;
/** Per point: j_a, j_b, I_a⁻¹ j_a, I_b⁻¹ j_b (3 each). */
const JA = 0, JB = 3, IJA = 6, IJB = 9, ROW = 12;

export class ImpactResponse {
  private readonly manifold = new Manifold();
  private readonly poseA = new ShapePose();
  private readonly poseB = new ShapePose();
  private readonly rows = new Float64Array(ROW * MAX_MANIFOLD_POINTS);
  private readonly arm = new Float64Array(3);
  /** The closing points' indices, speeds Ċ, targets Ċ', K (4 x 4) and its elimination, impulses. */
  private readonly at = new Int32Array(MAX_MANIFOLD_POINTS);
  private readonly rate = new Float64Array(MAX_MANIFOLD_POINTS);
  private readonly target = new Float64Array(MAX_MANIFOLD_POINTS);
  private readonly K = new Float64Array(16);
  private readonly M = new Float64Array(16);
  private readonly impulse = new Float64Array(MAX_MANIFOLD_POINTS);

  /**
   * The impact of `shape` on `body` with `otherShape` on `other`, at their poses now: the impulses of
   * the header applied to both bodies' velocities. Returns whether any point was closing (and so took an
   * impulse). `threshold`: the world's restitutionThreshold, m/s.
   */
  respond(body: Body, shape: Shape, other: Body, otherShape: Shape, threshold: number): boolean {
    // A and B in the narrowphase's order (by SHAPE_RANK)
    const swap = SHAPE_RANK[shape.type] > SHAPE_RANK[otherShape.type];
    const a = swap ? other : body, b = swap ? body : other, shapeA = swap ? otherShape : shape, shapeB = swap ? shape : otherShape;
    const m = this.manifold;
    m.bodyIdA = -1;
    m.bodyIdB = -1;
    collide(shapeA, this.poseA.set(a, shapeA), shapeB, this.poseB.set(b, shapeB), IMPACT_MARGIN, m);
    if (m.count === 0) return false;
    const sa = a.state, sb = b.state, n = m.normal, rows = this.rows, r = this.arm;
    const e = Math.max(shapeA._restitution, shapeB._restitution);
    let count = 0;
    for (let i = 0; i < m.count; i++) {
      const row = ROW * i;
      for (let c = 0; c < 3; c++) r[c] = m.points[3 * i + c] - sa[POSITION + c];
      cross(rows, row + JA, r, n);
      for (let c = 0; c < 3; c++) r[c] = m.points[3 * i + c] - sb[POSITION + c];
      cross(rows, row + JB, r, n);
      multiplySymmetric3(rows, row + IJA, sa, INVERSE_INERTIA, rows, row + JA);
      multiplySymmetric3(rows, row + IJB, sb, INVERSE_INERTIA, rows, row + JB);
      let rate = 0;
      for (let c = 0; c < 3; c++) {
        rate += n[c] * (sb[LINEAR_VELOCITY + c] - sa[LINEAR_VELOCITY + c]);
        rate += rows[row + JB + c] * sb[ANGULAR_VELOCITY + c] - rows[row + JA + c] * sa[ANGULAR_VELOCITY + c];
      }
      if (!(rate < 0)) continue;
      this.at[count] = i;
      this.rate[count] = rate;
      this.target[count] = -rate > threshold ? -e * rate : 0;
      count++;
    }
    if (count === 0) return false;
    const K = this.K, at = this.at;
    for (let p = 0; p < count; p++) {
      for (let q = 0; q < count; q++) {
        const i = ROW * at[p], k = ROW * at[q];
        let sum = 0;
        for (let c = 0; c < 3; c++) {
          sum += n[c] * n[c] * (sa[MASS_X + c] + sb[MASS_X + c]);
          sum += rows[i + JA + c] * rows[k + IJA + c] + rows[i + JB + c] * rows[k + IJB + c];
        }
        K[4 * p + q] = sum;
      }
    }
    if (!this.solveBlock(count)) this.solveProjected(count);
    for (let p = 0; p < count; p++) {
      const lambda = this.impulse[p], row = ROW * at[p];
      for (let c = 0; c < 3; c++) {
        sa[LINEAR_VELOCITY + c] -= sa[MASS_X + c] * lambda * n[c];
        sb[LINEAR_VELOCITY + c] += sb[MASS_X + c] * lambda * n[c];
        sa[ANGULAR_VELOCITY + c] -= rows[row + IJA + c] * lambda;
        sb[ANGULAR_VELOCITY + c] += rows[row + IJB + c] * lambda;
      }
    }
    return true;
  }

  /** K λ = Ċ' − Ċ by Gaussian elimination (K regularized, no pivoting: symmetric positive definite);
   * false, with `impulse` unset, when a λ would be negative or K is not positive definite. */
  private solveBlock(count: number): boolean {
    const M = this.M, x = this.impulse;
    for (let k = 0; k < 16; k++) M[k] = this.K[k];
    for (let p = 0; p < count; p++) {
      M[5 * p] *= 1 + REGULARIZATION;
      x[p] = this.target[p] - this.rate[p];
    }
    for (let c = 0; c < count; c++) {
      const pivot = M[5 * c];
      if (!(pivot > 0)) return false;
      for (let i = c + 1; i < count; i++) {
        const f = M[4 * i + c] / pivot;
        if (f === 0) continue;
        for (let k = c; k < count; k++) M[4 * i + k] -= f * M[4 * c + k];
        x[i] -= f * x[c];
      }
    }
    for (let i = count - 1; i >= 0; i--) {
      let sum = x[i];
      for (let k = i + 1; k < count; k++) sum -= M[4 * i + k] * x[k];
      x[i] = sum / M[5 * i];
    }
    for (let p = 0; p < count; p++) if (!(x[p] >= 0)) return false;
    return true;
  }

  /** Projected Gauss-Seidel on λ ≥ 0, forward and back: each point's Ċ = Ċ₀ + Σ_k K_ik λ_k brought to its
   * target, or λ_i to 0. */
  private solveProjected(count: number): void {
    const K = this.K, x = this.impulse;
    for (let p = 0; p < count; p++) x[p] = 0;
    for (let sweep = 0; sweep < 2 * SWEEPS; sweep++) {
      for (let q = 0; q < count; q++) {
        const p = sweep % 2 === 0 ? q : count - 1 - q;
        if (!(K[5 * p] > 0)) continue;
        let rate = this.rate[p];
        for (let k = 0; k < count; k++) rate += K[4 * p + k] * x[k];
        x[p] = Math.max(0, x[p] + (this.target[p] - rate) / K[5 * p]);
      }
    }
  }
}

/** out[at ..] = r × n. */
function cross(out: Float64Array, at: number, r: Float64Array, n: Float64Array): void {
  out[at] = r[1] * n[2] - r[2] * n[1];
  out[at + 1] = r[2] * n[0] - r[0] * n[2];
  out[at + 2] = r[0] * n[1] - r[1] * n[0];
}
