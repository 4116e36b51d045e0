// Point constraint part in 2D (2 rows): an anchor fixed in body A and one fixed in body B coincide.
// The revolute joint is this part alone; the weld adds an angle part. The same rows as the 3D point
// part (lib/joints/parts/point-part.ts) with ω a scalar about z: ω × r = ω (−r_y, r_x) = ω r⊥.
//
//   C    = x_b + r_b − x_a − r_a                     r = R l, R = [cos θ −sin θ; sin θ cos θ]
//   Ċ    = v_b + ω_b r_b⊥ − v_a − ω_a r_a⊥
//   J    = [ −I  −r_a⊥  I  r_b⊥ ]                    body order [v_a ω_a v_b ω_b]
//   K    = (m_a⁻¹ + m_b⁻¹) I + i_a r_a⊥ r_a⊥ᵀ + i_b r_b⊥ r_b⊥ᵀ
//        = [ m + i_a r_ay² + i_b r_by²         −i_a r_ax r_ay − i_b r_bx r_by ]
//          [ −i_a r_ax r_ay − i_b r_bx r_by    m + i_a r_ax² + i_b r_bx²       ]
//   M⁻¹ Jᵀ λ:  v_a −= m_a⁻¹ λ,  ω_a −= i_a (r_a × λ),  v_b += m_b⁻¹ λ,  ω_b += i_b (r_b × λ)
// (r × λ = r_x λ_y − r_y λ_x). This is Box2D-Lite's revolute joint and its K (Catto, GDC 2006).

import type { Body2D } from '../../body.js';
import { BODY2D_STATE } from '../../body-state.js';
import { invertSymmetric2 } from '../../../math/ldlt.js';
import type { Softness } from '../../../solver/softness.js';
import type { ConstraintPart2D } from './constraint-part.js';
import type { StateReader, StateWriter } from '../../../util/state.js';
import { MAX_JOINT_LENGTH } from '../../../limits.js';

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia, INVERSE_MASS = BODY2D_STATE.inverseMass;
const POSITION = BODY2D_STATE.position, ROTATION = BODY2D_STATE.rotation;

// Offsets into the part's array.
const R_A = 0, R_B = 2, ERROR = 4, INVERSE_K = 6, IMPULSE = 10, K_MATRIX = 12, LOCAL_A = 16, LOCAL_B = 18, SIZE = 20;

export class PointConstraintPart2D implements ConstraintPart2D {
  readonly rowCount = 2;

  private readonly data = new Float64Array(SIZE);
  readonly rA = this.data.subarray(R_A, R_A + 2);
  readonly rB = this.data.subarray(R_B, R_B + 2);
  readonly C = this.data.subarray(ERROR, ERROR + 2);
  readonly inverseK = this.data.subarray(INVERSE_K, INVERSE_K + 4);
  readonly impulse = this.data.subarray(IMPULSE, IMPULSE + 2);
  readonly K = this.data.subarray(K_MATRIX, K_MATRIX + 4);
  readonly localAnchorA = this.data.subarray(LOCAL_A, LOCAL_A + 2);
  readonly localAnchorB = this.data.subarray(LOCAL_B, LOCAL_B + 2);

  /** The part's numbers (anchors, impulse, and the derived lever arms, C and K). */
  saveState(writer: StateWriter): void {
    writer.writeArray(this.data.subarray(0, LOCAL_A));
    // (the anchors last: LOCAL_B follows LOCAL_A, and the array ends there)
    writer.writeBounded(this.data.subarray(LOCAL_A, SIZE), MAX_JOINT_LENGTH);
  }
  loadState(reader: StateReader): void {
    reader.readInto(this.data);
  }

  setWorldAnchor(bodyA: Body2D, bodyB: Body2D, anchor: ArrayLike<number>, anchorB: ArrayLike<number> = anchor): void {
    bodyA.getLocalPoint(this.localAnchorA, anchor);
    bodyB.getLocalPoint(this.localAnchorB, anchorB);
  }

  /** @internal */
  prepare(bodyA: Body2D, bodyB: Body2D): void {
    const d = this.data, a = bodyA.state, b = bodyB.state;
    leverArm(d, R_A, a, LOCAL_A);
    leverArm(d, R_B, b, LOCAL_B);
    const rAx = d[R_A], rAy = d[R_A + 1], rBx = d[R_B], rBy = d[R_B + 1];
    d[ERROR] = b[POSITION] + rBx - a[POSITION] - rAx;
    d[ERROR + 1] = b[POSITION + 1] + rBy - a[POSITION + 1] - rAy;
    const m = a[INVERSE_MASS] + b[INVERSE_MASS], iA = a[INVERSE_INERTIA], iB = b[INVERSE_INERTIA];
    const k01 = -iA * rAx * rAy - iB * rBx * rBy;
    d[K_MATRIX] = m + iA * rAy * rAy + iB * rBy * rBy;
    d[K_MATRIX + 1] = k01;
    d[K_MATRIX + 2] = k01;
    d[K_MATRIX + 3] = m + iA * rAx * rAx + iB * rBx * rBx;
  }

  /** @internal K⁻¹; with a spring in physical units of compliance γ, (K + γ I)⁻¹, as in 3D. */
  factor(compliance = 0): void {
    if (compliance === 0) {
      invertSymmetric2(this.K, this.inverseK);
      return;
    }
    const K = shiftedK;
    K.set(this.K);
    K[0] += compliance; K[3] += compliance;
    invertSymmetric2(K, this.inverseK);
  }

  /** @internal */
  velocityError(bodyA: Body2D, bodyB: Body2D, out: Float64Array, offset: number): void {
    const d = this.data, a = bodyA.state, b = bodyB.state;
    const wA = a[ANGULAR_VELOCITY], wB = b[ANGULAR_VELOCITY];
    out[offset] = b[LINEAR_VELOCITY] - wB * d[R_B + 1] - a[LINEAR_VELOCITY] + wA * d[R_A + 1];
    out[offset + 1] = b[LINEAR_VELOCITY + 1] + wB * d[R_B] - a[LINEAR_VELOCITY + 1] - wA * d[R_A];
  }

  /** @internal */
  applyImpulseAt(bodyA: Body2D, bodyB: Body2D, lambda: ArrayLike<number>, offset: number): void {
    pointImpulse[0] = lambda[offset]; pointImpulse[1] = lambda[offset + 1];
    applyPointImpulse(bodyA.state, this.data, R_A, -1, pointImpulse, 0);
    applyPointImpulse(bodyB.state, this.data, R_B, 1, pointImpulse, 0);
  }

  /** @internal */
  warmStart(bodyA: Body2D, bodyB: Body2D): void {
    this.applyImpulseAt(bodyA, bodyB, this.data, IMPULSE);
  }

  /** @internal λ = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc, as in 3D; `maxImpulse` caps the
   * length of λ_acc (the motor joint's force limit times h), the new λ_acc scaled back onto the disc. */
  solve(bodyA: Body2D, bodyB: Body2D, soft: Readonly<Softness>, maxImpulse = Infinity): void {
    const d = this.data, a = bodyA.state, b = bodyB.state;
    const wA = a[ANGULAR_VELOCITY], wB = b[ANGULAR_VELOCITY];
    const bias = soft.biasRate, compliance = soft.compliance;
    let bx = b[LINEAR_VELOCITY] - wB * d[R_B + 1] - a[LINEAR_VELOCITY] + wA * d[R_A + 1] + bias * d[ERROR];
    let by = b[LINEAR_VELOCITY + 1] + wB * d[R_B] - a[LINEAR_VELOCITY + 1] - wA * d[R_A] + bias * d[ERROR + 1];
    // a spring in physical units: + γ λ_acc, as in 3D
    if (compliance !== 0) {
      bx += compliance * d[IMPULSE]; by += compliance * d[IMPULSE + 1];
    }
    const s = soft.massScale, t = soft.impulseScale;
    const k00 = d[INVERSE_K], k01 = d[INVERSE_K + 1], k11 = d[INVERSE_K + 3];
    let x = -s * (k00 * bx + k01 * by) - t * d[IMPULSE];
    let y = -s * (k01 * bx + k11 * by) - t * d[IMPULSE + 1];
    const px = d[IMPULSE] + x, py = d[IMPULSE + 1] + y;
    const lengthSq = px * px + py * py;
    if (lengthSq > maxImpulse * maxImpulse) {
      const scale = maxImpulse / Math.sqrt(lengthSq);
      x = px * scale - d[IMPULSE];
      y = py * scale - d[IMPULSE + 1];
    }
    d[IMPULSE] += x;
    d[IMPULSE + 1] += y;
    pointImpulse[0] = x; pointImpulse[1] = y;
    applyPointImpulse(a, d, R_A, -1, pointImpulse, 0);
    applyPointImpulse(b, d, R_B, 1, pointImpulse, 0);
  }

  /** Anchor gap |C| at the bodies' current poses, m. */
  currentGap(bodyA: Body2D, bodyB: Body2D): number {
    bodyA.getWorldPoint(anchorA, this.localAnchorA);
    bodyB.getWorldPoint(anchorB, this.localAnchorB);
    return Math.hypot(anchorB[0] - anchorA[0], anchorB[1] - anchorA[1]);
  }

  /** @internal */
  writeJacobian(out: Float64Array, row: number): void {
    const rA = this.rA, rB = this.rB;
    const o0 = row * 6, o1 = o0 + 6;
    // row x: [−1 0 | r_ay | 1 0 | −r_by],  row y: [0 −1 | −r_ax | 0 1 | r_bx]
    out.fill(0, o0, o1 + 6);
    out[o0] = -1; out[o0 + 2] = rA[1]; out[o0 + 3] = 1; out[o0 + 5] = -rB[1];
    out[o1 + 1] = -1; out[o1 + 2] = -rA[0]; out[o1 + 4] = 1; out[o1 + 5] = rB[0];
  }
}

/**
 * The point load of JointCore.writePointLoad, for the direct solver's geometric stiffness: the impulse on
 * B, then r_a, then r_b (6 numbers; lib/joints/parts/point-part.ts writes the 3D 9).
 */
export function writePointLoad(out: Float64Array, impulse: ArrayLike<number>, rA: ArrayLike<number>, rB: ArrayLike<number>): void {
  out[0] = impulse[0]; out[1] = impulse[1];
  out[2] = rA[0]; out[3] = rA[1];
  out[4] = rB[0]; out[5] = rB[1];
}

const anchorA = new Float64Array(2);
const anchorB = new Float64Array(2);

/** d[at..at+1] = R l, with l = d[localAt..localAt+1] and R = (cos θ, sin θ) read from a body state. (l
 * read here, not passed, as in 3D: doubles passed to a call V8 does not inline are boxed.) */
function leverArm(d: Float64Array, at: number, state: Float64Array, localAt: number): void {
  const lx = d[localAt], ly = d[localAt + 1], c = state[ROTATION], s = state[ROTATION + 1];
  d[at] = c * lx - s * ly;
  d[at + 1] = s * lx + c * ly;
}

/** The impulse a solve hands to applyPointImpulse, in an array as in 3D (a double passed to a call V8
 * did not inline is boxed). */
const pointImpulse = new Float64Array(2);
/** K + γ I for a spring in physical units (factor). */
const shiftedK = new Float64Array(4);

/** One body's share of M⁻¹ Jᵀ λ for a point impulse p = sign (impulse[from..from+1]) at lever arm r:
 * v += m⁻¹ p, ω += i (r × p). Body A gets sign −1, body B +1. */
function applyPointImpulse(state: Float64Array, part: Float64Array, at: number, sign: number, impulse: Float64Array, from: number): void {
  const x = sign * impulse[from], y = sign * impulse[from + 1];
  const m = state[INVERSE_MASS];
  state[LINEAR_VELOCITY] += m * x;
  state[LINEAR_VELOCITY + 1] += m * y;
  state[ANGULAR_VELOCITY] += state[INVERSE_INERTIA] * (part[at] * y - part[at + 1] * x);
}
