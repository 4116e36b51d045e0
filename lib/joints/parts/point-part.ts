// Point constraint part (3 rows): an anchor fixed in body A and an anchor fixed in body B coincide.
// The ball joint is this part alone; the weld is this part plus a rotation part, solved as one block.
//
//   C    = x_b + r_b − x_a − r_a                     r_a = R_a l_a, r_b = R_b l_b (world lever arms)
//   Ċ    = v_b + ω_b × r_b − v_a − ω_a × r_a
//        = v_b − [r_b]× ω_b − v_a + [r_a]× ω_a      (ω × r = −r × ω = −[r]× ω)
//   J    = [ −I   [r_a]×   I   −[r_b]× ]             body order [v_a ω_a v_b ω_b]
//   K    = J M⁻¹ Jᵀ = (m_a⁻¹ + m_b⁻¹) I − [r_a]× I_a⁻¹ [r_a]× − [r_b]× I_b⁻¹ [r_b]×
//   M⁻¹ Jᵀ λ:  v_a −= m_a⁻¹ λ,  ω_a −= I_a⁻¹ (r_a × λ),  v_b += m_b⁻¹ λ,  ω_b += I_b⁻¹ (r_b × λ)
//
// K is 3x3 symmetric positive definite unless both bodies are immovable. This is the 2D point
// constraint of seeds 001/002 lifted to 3D: in 2D, ω is a scalar about z and [r]× collapses to the
// vector (−r_y, r_x); in 3D, ω is a vector and the cross product needs the full skew matrix.
// In the solve loop the skew matrices are never built: a cross product does the same work (bepu).

import type { Body } from '../../body.js';
import { addLeverArmMass } from '../../math/mat3.js';
import { invertSymmetric3 } from '../../math/ldlt.js';
import type { Softness } from '../../solver/softness.js';

export class PointConstraintPart {
  static readonly rowCount = 3;

  /** l_a, l_b: the anchor in each body's axes, relative to its centre of mass. */
  readonly localAnchorA = new Float64Array(3);
  readonly localAnchorB = new Float64Array(3);
  /** r_a, r_b: world lever arms at the last prepare. */
  readonly rA = new Float64Array(3);
  readonly rB = new Float64Array(3);
  /** C at the last prepare, m. */
  readonly C = new Float64Array(3);
  /** K = J M⁻¹ Jᵀ at the last prepare (symmetric 3x3). */
  readonly K = new Float64Array(9);
  /** K⁻¹ (the effective mass), when this part is solved on its own. */
  readonly inverseK = new Float64Array(9);
  /** Accumulated impulse on body B, N·s (the warm start carries it from substep to substep). */
  readonly impulse = new Float64Array(3);

  /** Fixes the anchors at a world point, in the bodies' current poses. */
  setWorldAnchor(bodyA: Body, bodyB: Body, anchor: ArrayLike<number>): void {
    bodyA.getLocalPoint(this.localAnchorA, anchor);
    bodyB.getLocalPoint(this.localAnchorB, anchor);
  }

  /** Lever arms, position error and K at the bodies' current poses. */
  prepare(bodyA: Body, bodyB: Body): void {
    this.computeLeverArms(bodyA, bodyB);
    const K = this.K;
    const m = bodyA.inverseMass + bodyB.inverseMass;
    K[0] = m; K[1] = 0; K[2] = 0;
    K[3] = 0; K[4] = m; K[5] = 0;
    K[6] = 0; K[7] = 0; K[8] = m;
    addLeverArmMass(K, this.rA, bodyA.inverseInertiaWorld);
    addLeverArmMass(K, this.rB, bodyB.inverseInertiaWorld);
  }

  /** r_a = R_a l_a, r_b = R_b l_b and C = x_b + r_b − x_a − r_a at the bodies' current poses. */
  private computeLeverArms(bodyA: Body, bodyB: Body): void {
    const rA = this.rA, rB = this.rB, C = this.C;
    rotate(rA, bodyA.rotation, this.localAnchorA);
    rotate(rB, bodyB.rotation, this.localAnchorB);
    const xA = bodyA.position, xB = bodyB.position;
    C[0] = xB[0] + rB[0] - xA[0] - rA[0];
    C[1] = xB[1] + rB[1] - xA[1] - rA[1];
    C[2] = xB[2] + rB[2] - xA[2] - rA[2];
  }

  /** K⁻¹ for solving this part alone (a singular direction gets no impulse; see math/ldlt.ts). */
  factor(): void {
    invertSymmetric3(this.K, this.inverseK);
  }

  /** Ċ = J v, written at out[offset..offset+2]. */
  velocityError(bodyA: Body, bodyB: Body, out: Float64Array, offset: number): void {
    const rA = this.rA, rB = this.rB;
    const vA = bodyA.linearVelocity, wA = bodyA.angularVelocity;
    const vB = bodyB.linearVelocity, wB = bodyB.angularVelocity;
    out[offset] = vB[0] + wB[1] * rB[2] - wB[2] * rB[1] - vA[0] - (wA[1] * rA[2] - wA[2] * rA[1]);
    out[offset + 1] = vB[1] + wB[2] * rB[0] - wB[0] * rB[2] - vA[1] - (wA[2] * rA[0] - wA[0] * rA[2]);
    out[offset + 2] = vB[2] + wB[0] * rB[1] - wB[1] * rB[0] - vA[2] - (wA[0] * rA[1] - wA[1] * rA[0]);
  }

  /** v += M⁻¹ Jᵀ λ for the impulse λ = (x, y, z) on body B (−λ on body A). */
  applyImpulse(bodyA: Body, bodyB: Body, x: number, y: number, z: number): void {
    const rA = this.rA, rB = this.rB;
    const mA = bodyA.inverseMass, mB = bodyB.inverseMass;
    const vA = bodyA.linearVelocity, vB = bodyB.linearVelocity;
    vA[0] -= mA * x; vA[1] -= mA * y; vA[2] -= mA * z;
    vB[0] += mB * x; vB[1] += mB * y; vB[2] += mB * z;
    applyAngular(bodyA, -(rA[1] * z - rA[2] * y), -(rA[2] * x - rA[0] * z), -(rA[0] * y - rA[1] * x));
    applyAngular(bodyB, rB[1] * z - rB[2] * y, rB[2] * x - rB[0] * z, rB[0] * y - rB[1] * x);
  }

  warmStart(bodyA: Body, bodyB: Body): void {
    const p = this.impulse;
    this.applyImpulse(bodyA, bodyB, p[0], p[1], p[2]);
  }

  /**
   * One Gauss-Seidel solve of this part alone:
   *   λ = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc,  λ_acc += λ,  v += M⁻¹ Jᵀ λ.
   * With `RIGID` softness it is the exact solve of Ċ = 0.
   */
  solve(bodyA: Body, bodyB: Body, soft: Readonly<Softness>): void {
    // The hot loop of every chain: Ċ, the 3x3 product and M⁻¹ Jᵀ λ written out with locals.
    const rA = this.rA, rB = this.rB, C = this.C, M = this.inverseK, p = this.impulse;
    const vA = bodyA.linearVelocity, wA = bodyA.angularVelocity;
    const vB = bodyB.linearVelocity, wB = bodyB.angularVelocity;
    const rAx = rA[0], rAy = rA[1], rAz = rA[2], rBx = rB[0], rBy = rB[1], rBz = rB[2];
    const wAx = wA[0], wAy = wA[1], wAz = wA[2], wBx = wB[0], wBy = wB[1], wBz = wB[2];
    // Ċ = v_b + ω_b × r_b − v_a − ω_a × r_a, plus the bias
    const bias = soft.biasRate;
    const bx = vB[0] + wBy * rBz - wBz * rBy - vA[0] - wAy * rAz + wAz * rAy + bias * C[0];
    const by = vB[1] + wBz * rBx - wBx * rBz - vA[1] - wAz * rAx + wAx * rAz + bias * C[1];
    const bz = vB[2] + wBx * rBy - wBy * rBx - vA[2] - wAx * rAy + wAy * rAx + bias * C[2];
    const s = soft.massScale, t = soft.impulseScale;
    const x = -s * (M[0] * bx + M[3] * by + M[6] * bz) - t * p[0];
    const y = -s * (M[1] * bx + M[4] * by + M[7] * bz) - t * p[1];
    const z = -s * (M[2] * bx + M[5] * by + M[8] * bz) - t * p[2];
    p[0] += x; p[1] += y; p[2] += z;
    // v_a −= m_a⁻¹ λ, v_b += m_b⁻¹ λ
    const mA = bodyA.inverseMass, mB = bodyB.inverseMass;
    vA[0] -= mA * x; vA[1] -= mA * y; vA[2] -= mA * z;
    vB[0] += mB * x; vB[1] += mB * y; vB[2] += mB * z;
    // ω_a −= I_a⁻¹ (r_a × λ)
    const iA = bodyA.inverseInertiaWorld;
    const ax = rAy * z - rAz * y, ay = rAz * x - rAx * z, az = rAx * y - rAy * x;
    wA[0] = wAx - (iA[0] * ax + iA[3] * ay + iA[6] * az);
    wA[1] = wAy - (iA[1] * ax + iA[4] * ay + iA[7] * az);
    wA[2] = wAz - (iA[2] * ax + iA[5] * ay + iA[8] * az);
    // ω_b += I_b⁻¹ (r_b × λ)
    const iB = bodyB.inverseInertiaWorld;
    const cx = rBy * z - rBz * y, cy = rBz * x - rBx * z, cz = rBx * y - rBy * x;
    wB[0] = wBx + iB[0] * cx + iB[3] * cy + iB[6] * cz;
    wB[1] = wBy + iB[1] * cx + iB[4] * cy + iB[7] * cz;
    wB[2] = wBz + iB[2] * cx + iB[5] * cy + iB[8] * cz;
  }

  /** Anchor gap |C| at the bodies' current poses, m. */
  currentGap(bodyA: Body, bodyB: Body): number {
    bodyA.getWorldPoint(anchorA, this.localAnchorA);
    bodyB.getWorldPoint(anchorB, this.localAnchorB);
    return Math.hypot(anchorB[0] - anchorA[0], anchorB[1] - anchorA[1], anchorB[2] - anchorA[2]);
  }

  /** Writes this part's three rows of J (12 columns each, [v_a ω_a v_b ω_b]) from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void {
    const rA = this.rA, rB = this.rB;
    for (let i = 0; i < 3; i++) {
      const o = (row + i) * 12;
      for (let k = 0; k < 12; k++) out[o + k] = 0;
      out[o + i] = -1;
      out[o + 6 + i] = 1;
    }
    // ω_a block [r_a]×, ω_b block −[r_b]×; rows of [r]×: (0, −r_z, r_y), (r_z, 0, −r_x), (−r_y, r_x, 0)
    writeSkewRows(out, row, 3, rA, 1);
    writeSkewRows(out, row, 9, rB, -1);
  }
}

const anchorA = new Float64Array(3);
const anchorB = new Float64Array(3);

/** out = R l (R column-major). */
function rotate(out: Float64Array, R: Float64Array, l: Float64Array): void {
  const x = l[0], y = l[1], z = l[2];
  out[0] = R[0] * x + R[3] * y + R[6] * z;
  out[1] = R[1] * x + R[4] * y + R[7] * z;
  out[2] = R[2] * x + R[5] * y + R[8] * z;
}

/** ω += I⁻¹ L for one body (I⁻¹ is zero for static and kinematic bodies). */
export function applyAngular(body: Body, lx: number, ly: number, lz: number): void {
  const I = body.inverseInertiaWorld, w = body.angularVelocity;
  w[0] += I[0] * lx + I[3] * ly + I[6] * lz;
  w[1] += I[1] * lx + I[4] * ly + I[7] * lz;
  w[2] += I[2] * lx + I[5] * ly + I[8] * lz;
}

function writeSkewRows(out: Float64Array, row: number, column: number, r: Float64Array, sign: number): void {
  const o0 = row * 12 + column, o1 = o0 + 12, o2 = o1 + 12;
  out[o0] = 0; out[o0 + 1] = -sign * r[2]; out[o0 + 2] = sign * r[1];
  out[o1] = sign * r[2]; out[o1 + 1] = 0; out[o1 + 2] = -sign * r[0];
  out[o2] = -sign * r[1]; out[o2 + 1] = sign * r[0]; out[o2 + 2] = 0;
}
