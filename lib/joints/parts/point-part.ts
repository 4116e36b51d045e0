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
// constraint (Box2D-Lite's revolute joint, Catto, GDC 2006) lifted to 3D: in 2D, ω is a scalar about z and [r]× collapses to the
// vector (−r_y, r_x); in 3D, ω is a vector and the cross product needs the full skew matrix.
// In the solve loop the skew matrices are never built: a cross product does the same work (bepu).
//
// Layout. The part's numbers live in one Float64Array and the solver reads each body's velocities,
// inverse mass and inverse inertia from its one `state` array (body.ts): a solve then touches three
// objects instead of thirteen, which measured 2.3x faster on a 1000-link chain. The named fields
// (rA, C, K, impulse, …) are views into the array.

import type { Body } from '../../body/body.js';
import { BODY_STATE } from '../../body/body-state.js';
import { addLeverArmMass } from '../../math/mat3.js';
import { invertShiftedSymmetric3 } from '../../math/ldlt.js';
import type { Softness } from '../../solver/softness.js';
import type { ConstraintPart } from './constraint-part.js';
import { UNPOOLED, type Float64Allocator } from '../../util/arena.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import { MAX_JOINT_LENGTH } from '../../limits.js';

// Offsets into a body's state, copied to module constants: the hot loops must not read an imported
// binding (bundlers and test runners may turn each read into a property lookup on the module).
const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia;
/** m⁻¹ along x, y, z (BODY_STATE.inverseMassAxes: m⁻¹ unless the translation is locked along the axis). */
const MASS_X = BODY_STATE.inverseMassAxes, MASS_Y = MASS_X + 1, MASS_Z = MASS_X + 2;
const POSITION = BODY_STATE.position, ROTATION = BODY_STATE.rotation;

// Offsets into PointConstraintPart's array.
const R_A = 0, R_B = 3, ERROR = 6, INVERSE_K = 9, IMPULSE = 18, K_MATRIX = 21, LOCAL_A = 30, LOCAL_B = 33, SIZE = 36;

export class PointConstraintPart implements ConstraintPart {
  readonly rowCount = 3;

  private readonly data: Float64Array;
  /** r_a, r_b: world lever arms at the last prepare. */
  readonly rA: Float64Array;
  readonly rB: Float64Array;
  /** C at the last prepare, m. */
  readonly C: Float64Array;
  /** K⁻¹ (the effective mass), when this part is solved on its own. */
  readonly inverseK: Float64Array;
  /** Accumulated impulse on body B, N·s (the warm start carries it from substep to substep). */
  readonly impulse: Float64Array;
  /** K = J M⁻¹ Jᵀ at the last prepare (symmetric 3x3). */
  readonly K: Float64Array;
  /** l_a, l_b: the anchor in each body's axes, relative to its centre of mass. */
  readonly localAnchorA: Float64Array;
  readonly localAnchorB: Float64Array;

  /** `allocator`: where the part's numbers live (the world's arena; see arena.ts). */
  constructor(allocator: Float64Allocator = UNPOOLED) {
    const d = (this.data = allocator.allocate(SIZE));
    this.rA = d.subarray(R_A, R_A + 3);
    this.rB = d.subarray(R_B, R_B + 3);
    this.C = d.subarray(ERROR, ERROR + 3);
    this.inverseK = d.subarray(INVERSE_K, INVERSE_K + 9);
    this.impulse = d.subarray(IMPULSE, IMPULSE + 3);
    this.K = d.subarray(K_MATRIX, K_MATRIX + 9);
    this.localAnchorA = d.subarray(LOCAL_A, LOCAL_A + 3);
    this.localAnchorB = d.subarray(LOCAL_B, LOCAL_B + 3);
  }

  /** The part's numbers (anchors, impulse, and the derived lever arms, C and K). */
  saveState(writer: StateWriter): void {
    writer.writeArray(this.data.subarray(0, LOCAL_A));
    // (the anchors last: LOCAL_B follows LOCAL_A, and the array ends there)
    writer.writeBounded(this.data.subarray(LOCAL_A, SIZE), MAX_JOINT_LENGTH);
  }
  loadState(reader: StateReader): void {
    reader.readInto(this.data);
  }

  /** Fixes the anchors at a world point (B's at `anchorB` when given), in the bodies' current poses. */
  setWorldAnchor(bodyA: Body, bodyB: Body, anchor: ArrayLike<number>, anchorB: ArrayLike<number> = anchor): void {
    bodyA.getLocalPoint(this.localAnchorA, anchor);
    bodyB.getLocalPoint(this.localAnchorB, anchorB);
  }

  /**
   * @internal Lever arms, position error and (`withMass`) K at the bodies' current poses. The direct solver needs
   * no K for the rows it holds (it builds J M⁻¹ Jᵀ itself), so its joints skip it.
   */
  prepare(bodyA: Body, bodyB: Body, withMass = true): void {
    // (r_a, r_b and C sit first in the part's array, as measure writes them)
    this.measure(bodyA, bodyB, this.data);
    if (withMass) this.writeMass(bodyA, bodyB);
  }

  /** r_a, r_b and C at the bodies' current poses into `out` (9 numbers: r_a, r_b, C), prepare's arithmetic,
   * without writing the part: a getter called between steps leaves the snapshot and hash as they were. */
  measure(bodyA: Body, bodyB: Body, out: Float64Array): void {
    const d = this.data, a = bodyA.state, b = bodyB.state;
    // r = R l (R column-major)
    leverArm(out, R_A, a, d, LOCAL_A);
    leverArm(out, R_B, b, d, LOCAL_B);
    // C = x_b + r_b − x_a − r_a
    out[ERROR] = b[POSITION] + out[R_B] - a[POSITION] - out[R_A];
    out[ERROR + 1] = b[POSITION + 1] + out[R_B + 1] - a[POSITION + 1] - out[R_A + 1];
    out[ERROR + 2] = b[POSITION + 2] + out[R_B + 2] - a[POSITION + 2] - out[R_A + 2];
  }

  /** K = m_a⁻¹ P_a + m_b⁻¹ P_b − [r_a]× I_a⁻¹ [r_a]× − [r_b]× I_b⁻¹ [r_b]× for the lever arms of the last
   * prepare (P the identity, less the axes a body's translation is locked along). */
  writeMass(bodyA: Body, bodyB: Body): void {
    const a = bodyA.state, b = bodyB.state;
    // (m_a⁻¹ P_a + m_b⁻¹ P_b along the axes: m_a⁻¹ + m_b⁻¹ each unless a body's translation is locked)
    const K = this.K;
    K[0] = a[MASS_X] + b[MASS_X]; K[1] = 0; K[2] = 0;
    K[3] = 0; K[4] = a[MASS_Y] + b[MASS_Y]; K[5] = 0;
    K[6] = 0; K[7] = 0; K[8] = a[MASS_Z] + b[MASS_Z];
    addLeverArmMass(K, this.rA, a, INVERSE_INERTIA);
    addLeverArmMass(K, this.rB, b, INVERSE_INERTIA);
  }

  /** @internal K⁻¹ for solving this part alone (a singular direction gets no impulse; see math/ldlt.ts); with
   * a spring in physical units of compliance γ (softness.ts makeSpring), (K + γ I)⁻¹. */
  factor(compliance = 0): void {
    invertShiftedSymmetric3(this.K, compliance, this.inverseK);
  }

  /** @internal Ċ = J v, written at out[offset..offset+2]. */
  velocityError(bodyA: Body, bodyB: Body, out: Float64Array, offset: number): void {
    const d = this.data, a = bodyA.state, b = bodyB.state;
    const rAx = d[R_A], rAy = d[R_A + 1], rAz = d[R_A + 2], rBx = d[R_B], rBy = d[R_B + 1], rBz = d[R_B + 2];
    const wAx = a[ANGULAR_VELOCITY], wAy = a[ANGULAR_VELOCITY + 1], wAz = a[ANGULAR_VELOCITY + 2];
    const wBx = b[ANGULAR_VELOCITY], wBy = b[ANGULAR_VELOCITY + 1], wBz = b[ANGULAR_VELOCITY + 2];
    out[offset] = b[LINEAR_VELOCITY] + wBy * rBz - wBz * rBy - a[LINEAR_VELOCITY] - wAy * rAz + wAz * rAy;
    out[offset + 1] = b[LINEAR_VELOCITY + 1] + wBz * rBx - wBx * rBz - a[LINEAR_VELOCITY + 1] - wAz * rAx + wAx * rAz;
    out[offset + 2] = b[LINEAR_VELOCITY + 2] + wBx * rBy - wBy * rBx - a[LINEAR_VELOCITY + 2] - wAx * rAy + wAy * rAx;
  }

  /** @internal v += M⁻¹ Jᵀ λ for the impulse λ = (x, y, z) on body B (−λ on body A). */
  applyImpulse(bodyA: Body, bodyB: Body, x: number, y: number, z: number): void {
    pointImpulse[0] = x; pointImpulse[1] = y; pointImpulse[2] = z;
    applyPointImpulse(bodyA.state, this.data, R_A, -1, pointImpulse, 0);
    applyPointImpulse(bodyB.state, this.data, R_B, 1, pointImpulse, 0);
  }

  /** @internal v += M⁻¹ Jᵀ λ for λ = impulses[at .. at + 2] (the joint's row protocol). */
  applyImpulseAt(bodyA: Body, bodyB: Body, impulses: ArrayLike<number>, at: number): void {
    this.applyImpulse(bodyA, bodyB, impulses[at], impulses[at + 1], impulses[at + 2]);
  }

  /** @internal */
  warmStart(bodyA: Body, bodyB: Body): void {
    const d = this.data;
    applyPointImpulse(bodyA.state, d, R_A, -1, d, IMPULSE);
    applyPointImpulse(bodyB.state, d, R_B, 1, d, IMPULSE);
  }

  /**
   * @internal One Gauss-Seidel solve of this part alone:
   *   λ = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc,  λ_acc += λ,  v += M⁻¹ Jᵀ λ.
   * With `RIGID` softness it is the exact solve of Ċ = 0. The hot loop of every chain: written out
   * with locals.
   *
   * `maxImpulse` caps the length of λ_acc (a force limit times h, as Box2D's mouse joint): the new
   * accumulated impulse is scaled back onto the sphere and only the difference is applied.
   */
  solve(bodyA: Body, bodyB: Body, soft: Readonly<Softness>, maxImpulse = Infinity): void {
    const d = this.data, a = bodyA.state, b = bodyB.state;
    const rAx = d[R_A], rAy = d[R_A + 1], rAz = d[R_A + 2], rBx = d[R_B], rBy = d[R_B + 1], rBz = d[R_B + 2];
    const wAx = a[ANGULAR_VELOCITY], wAy = a[ANGULAR_VELOCITY + 1], wAz = a[ANGULAR_VELOCITY + 2];
    const wBx = b[ANGULAR_VELOCITY], wBy = b[ANGULAR_VELOCITY + 1], wBz = b[ANGULAR_VELOCITY + 2];
    // Ċ + biasRate C
    const bias = soft.biasRate, compliance = soft.compliance;
    let bx = b[LINEAR_VELOCITY] + wBy * rBz - wBz * rBy - a[LINEAR_VELOCITY] - wAy * rAz + wAz * rAy + bias * d[ERROR];
    let by = b[LINEAR_VELOCITY + 1] + wBz * rBx - wBx * rBz - a[LINEAR_VELOCITY + 1] - wAz * rAx + wAx * rAz + bias * d[ERROR + 1];
    let bz = b[LINEAR_VELOCITY + 2] + wBx * rBy - wBy * rBx - a[LINEAR_VELOCITY + 2] - wAx * rAy + wAy * rAx + bias * d[ERROR + 2];
    // a spring in physical units: + γ λ_acc, with K⁻¹ the factor of K + γ I (softness.ts makeSpring)
    if (compliance !== 0) {
      bx += compliance * d[IMPULSE]; by += compliance * d[IMPULSE + 1]; bz += compliance * d[IMPULSE + 2];
    }
    // λ = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc
    const s = soft.massScale, t = soft.impulseScale;
    const k00 = d[INVERSE_K], k01 = d[INVERSE_K + 1], k02 = d[INVERSE_K + 2];
    const k11 = d[INVERSE_K + 4], k12 = d[INVERSE_K + 5], k22 = d[INVERSE_K + 8];
    let x = -s * (k00 * bx + k01 * by + k02 * bz) - t * d[IMPULSE];
    let y = -s * (k01 * bx + k11 * by + k12 * bz) - t * d[IMPULSE + 1];
    let z = -s * (k02 * bx + k12 * by + k22 * bz) - t * d[IMPULSE + 2];
    const px = d[IMPULSE] + x, py = d[IMPULSE + 1] + y, pz = d[IMPULSE + 2] + z;
    const lengthSq = px * px + py * py + pz * pz;
    if (lengthSq > maxImpulse * maxImpulse) {
      const scale = maxImpulse / Math.sqrt(lengthSq);
      x = px * scale - d[IMPULSE];
      y = py * scale - d[IMPULSE + 1];
      z = pz * scale - d[IMPULSE + 2];
    }
    d[IMPULSE] += x;
    d[IMPULSE + 1] += y;
    d[IMPULSE + 2] += z;
    pointImpulse[0] = x; pointImpulse[1] = y; pointImpulse[2] = z;
    applyPointImpulse(a, d, R_A, -1, pointImpulse, 0);
    applyPointImpulse(b, d, R_B, 1, pointImpulse, 0);
  }

  /** Anchor gap |C| at the bodies' current poses, m. */
  currentGap(bodyA: Body, bodyB: Body): number {
    bodyA.getWorldPoint(anchorA, this.localAnchorA);
    bodyB.getWorldPoint(anchorB, this.localAnchorB);
    return Math.hypot(anchorB[0] - anchorA[0], anchorB[1] - anchorA[1], anchorB[2] - anchorA[2]);
  }

  /** @internal Writes this part's three rows of J (12 columns each, [v_a ω_a v_b ω_b]) from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void {
    for (let i = 0; i < 3; i++) {
      const o = (row + i) * 12;
      for (let k = 0; k < 12; k++) out[o + k] = 0;
      out[o + i] = -1;
      out[o + 6 + i] = 1;
    }
    // ω_a block [r_a]×, ω_b block −[r_b]×; rows of [r]×: (0, −r_z, r_y), (r_z, 0, −r_x), (−r_y, r_x, 0)
    writeSkewRows(out, row, 3, this.rA, 1);
    writeSkewRows(out, row, 9, this.rB, -1);
  }
}

/**
 * The point load of Joint.writePointLoad, for the direct solver's geometric stiffness: the impulse on B,
 * then r_a, then r_b (9 numbers). Stores, not TypedArray.set calls: it runs per joint per factorization.
 */
export function writePointLoad(out: Float64Array, impulse: ArrayLike<number>, rA: ArrayLike<number>, rB: ArrayLike<number>): void {
  out[0] = impulse[0]; out[1] = impulse[1]; out[2] = impulse[2];
  out[3] = rA[0]; out[4] = rA[1]; out[5] = rA[2];
  out[6] = rB[0]; out[7] = rB[1]; out[8] = rB[2];
}

const anchorA = new Float64Array(3);
const anchorB = new Float64Array(3);

/** d[at..at+2] = R l, with l = local[localAt..localAt+2] and R read from a body state (column-major). (l
 * read here, not passed: doubles passed to a call V8 does not inline are boxed.) */
function leverArm(d: Float64Array, at: number, state: Float64Array, local: Float64Array, localAt: number): void {
  const lx = local[localAt], ly = local[localAt + 1], lz = local[localAt + 2];
  d[at] = state[ROTATION] * lx + state[ROTATION + 3] * ly + state[ROTATION + 6] * lz;
  d[at + 1] = state[ROTATION + 1] * lx + state[ROTATION + 4] * ly + state[ROTATION + 7] * lz;
  d[at + 2] = state[ROTATION + 2] * lx + state[ROTATION + 5] * ly + state[ROTATION + 8] * lz;
}

/** The impulse a solve hands to applyPointImpulse or applyAngularImpulse. The impulses cross those calls
 * in arrays: a double passed to a function V8 did not inline (its inlining budget runs out in a joint's
 * solve) is boxed in a new HeapNumber, 16 bytes an argument, per row per sweep. */
const pointImpulse = new Float64Array(3);
export const angularImpulse = new Float64Array(3);

/**
 * One body's share of M⁻¹ Jᵀ λ for a point impulse p = sign (impulse[from..from+2]) at lever arm r (read
 * from part[at..at+2]): v += m⁻¹ p, ω += I⁻¹ (r × p). Body A gets sign −1, body B +1.
 */
function applyPointImpulse(state: Float64Array, part: Float64Array, at: number, sign: number, impulse: Float64Array, from: number): void {
  const x = sign * impulse[from], y = sign * impulse[from + 1], z = sign * impulse[from + 2];
  state[LINEAR_VELOCITY] += state[MASS_X] * x;
  state[LINEAR_VELOCITY + 1] += state[MASS_Y] * y;
  state[LINEAR_VELOCITY + 2] += state[MASS_Z] * z;
  const rx = part[at], ry = part[at + 1], rz = part[at + 2];
  const lx = ry * z - rz * y, ly = rz * x - rx * z, lz = rx * y - ry * x;
  const i00 = state[INVERSE_INERTIA], i01 = state[INVERSE_INERTIA + 3], i02 = state[INVERSE_INERTIA + 6];
  const i11 = state[INVERSE_INERTIA + 4], i12 = state[INVERSE_INERTIA + 7], i22 = state[INVERSE_INERTIA + 8];
  state[ANGULAR_VELOCITY] += i00 * lx + i01 * ly + i02 * lz;
  state[ANGULAR_VELOCITY + 1] += i01 * lx + i11 * ly + i12 * lz;
  state[ANGULAR_VELOCITY + 2] += i02 * lx + i12 * ly + i22 * lz;
}

/** ω += I⁻¹ L for one body state, L = sign (impulse[from..from+2]) (I⁻¹ is zero for static and kinematic
 * bodies). */
export function applyAngularImpulse(state: Float64Array, sign: number, impulse: Float64Array, from: number): void {
  const lx = sign * impulse[from], ly = sign * impulse[from + 1], lz = sign * impulse[from + 2];
  const i00 = state[INVERSE_INERTIA], i01 = state[INVERSE_INERTIA + 3], i02 = state[INVERSE_INERTIA + 6];
  const i11 = state[INVERSE_INERTIA + 4], i12 = state[INVERSE_INERTIA + 7], i22 = state[INVERSE_INERTIA + 8];
  state[ANGULAR_VELOCITY] += i00 * lx + i01 * ly + i02 * lz;
  state[ANGULAR_VELOCITY + 1] += i01 * lx + i11 * ly + i12 * lz;
  state[ANGULAR_VELOCITY + 2] += i02 * lx + i12 * ly + i22 * lz;
}

function writeSkewRows(out: Float64Array, row: number, column: number, r: Float64Array, sign: number): void {
  const o0 = row * 12 + column, o1 = o0 + 12, o2 = o1 + 12;
  out[o0] = 0; out[o0 + 1] = -sign * r[2]; out[o0 + 2] = sign * r[1];
  out[o1] = sign * r[2]; out[o1 + 1] = 0; out[o1 + 2] = -sign * r[0];
  out[o2] = -sign * r[1]; out[o2 + 1] = sign * r[0]; out[o2 + 2] = 0;
}
