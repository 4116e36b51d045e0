// Rotation constraint part (3 rows, angular only): the relative orientation of B in A stays at its
// initial value q₀ = q_a⁻¹ q_b. The orientation joint is this part alone; the weld adds a point part.
//
//   e    = q_b (q_a q₀)⁻¹            the rotation still to undo, world frame (identity when satisfied)
//   C    = log(e)                    rotation vector on the shortest arc (e.w ≥ 0), rad
//   Ċ    = ω_b − ω_a                 (exact at C = 0, and for any C about a fixed axis; first order in
//                                     |C| otherwise: dC/dθ_b = I − ½[C]× + O(|C|²))
//   J    = [ 0  −I  0  I ]
//   K    = I_a⁻¹ + I_b⁻¹
//   M⁻¹ Jᵀ λ:  ω_a −= I_a⁻¹ λ,  ω_b += I_b⁻¹ λ
//
// Seed 004 writes the same rows with three basis axes t₁ t₂ t₃ (J = [0 −t 0 t]); with the world axes
// as basis its K is this one. Its note says the error must come from dot products of the basis
// vectors, not from Euler angles; the quaternion logarithm is the robust form of that error, and unlike
// 2 e.xyz it equals the 2D angle difference θ_b − θ_a − θ₀ exactly for planar motion.

import type { Body } from '../../body/body.js';
import { invertShiftedSymmetric3 } from '../../math/ldlt.js';
import { quatConjugate, quatMultiply, rotationVector } from '../../math/quat.js';
import type { Softness } from '../../solver/softness.js';
import type { ConstraintPart } from './constraint-part.js';
import { UNPOOLED, type Float64Allocator } from '../../util/arena.js';
import { angularImpulse, applyAngularImpulse } from './point-part.js';
import type { StateReader, StateWriter } from '../../util/state.js';

const cdot = new Float64Array(3);
const error = new Float64Array(3);

export class RotationConstraintPart implements ConstraintPart {
  readonly rowCount = 3;

  /** q₀ = q_a⁻¹ q_b: B's orientation in A's axes when the joint was made. */
  readonly referenceRotation: Float64Array;
  /** C at the last prepare (rotation vector, rad). */
  readonly C: Float64Array;
  /** K = I_a⁻¹ + I_b⁻¹ at the last prepare (symmetric 3x3). */
  readonly K: Float64Array;
  readonly inverseK: Float64Array;
  /** Accumulated angular impulse on body B, N·m·s. */
  readonly impulse: Float64Array;

  /** `allocator`: where the part's numbers live (the world's arena; see arena.ts). */
  constructor(allocator: Float64Allocator = UNPOOLED) {
    const d = allocator.allocate(28);
    this.referenceRotation = d.subarray(0, 4);
    this.referenceRotation[3] = 1;
    this.C = d.subarray(4, 7);
    this.K = d.subarray(7, 16);
    this.inverseK = d.subarray(16, 25);
    this.impulse = d.subarray(25, 28);
  }

  /** q₀, C and the accumulated impulse (K is derived in prepare). */
  saveState(writer: StateWriter): void {
    writer.writeUnitQuaternion(this.referenceRotation);
    writer.writeArray(this.C);
    writer.writeArray(this.impulse);
  }
  loadState(reader: StateReader): void {
    reader.readInto(this.referenceRotation);
    reader.readInto(this.C);
    reader.readInto(this.impulse);
  }

  /** Captures the bodies' current relative orientation as the one to keep. */
  setReference(bodyA: Body, bodyB: Body): void {
    // q₀ = q_a⁻¹ ⊗ q_b (unit quaternions: the inverse is the conjugate)
    quatConjugate(this.referenceRotation, bodyA.orientation);
    quatMultiply(this.referenceRotation, this.referenceRotation, bodyB.orientation);
  }

  /** @internal */
  prepare(bodyA: Body, bodyB: Body): void {
    this.computeError(bodyA, bodyB, this.C);
    const K = this.K, iA = bodyA.inverseInertiaWorld, iB = bodyB.inverseInertiaWorld;
    for (let i = 0; i < 9; i++) K[i] = iA[i] + iB[i];
  }

  /** @internal K⁻¹; with a spring in physical units of compliance γ, (K + γ I)⁻¹ (point-part.ts factor). */
  factor(compliance = 0): void {
    invertShiftedSymmetric3(this.K, compliance, this.inverseK);
  }

  /** C = log(q_b (q_a q₀)⁻¹) at the bodies' current orientations. */
  computeError(bodyA: Body, bodyB: Body, out: Float64Array): Float64Array {
    const a = bodyA.orientation, b = bodyB.orientation, r = this.referenceRotation;
    // t = q_a ⊗ q₀
    const tx = a[3] * r[0] + r[3] * a[0] + a[1] * r[2] - a[2] * r[1];
    const ty = a[3] * r[1] + r[3] * a[1] + a[2] * r[0] - a[0] * r[2];
    const tz = a[3] * r[2] + r[3] * a[2] + a[0] * r[1] - a[1] * r[0];
    const tw = a[3] * r[3] - a[0] * r[0] - a[1] * r[1] - a[2] * r[2];
    // e = q_b ⊗ conj(t)
    const cx = -tx, cy = -ty, cz = -tz;
    const ex = b[3] * cx + tw * b[0] + b[1] * cz - b[2] * cy;
    const ey = b[3] * cy + tw * b[1] + b[2] * cx - b[0] * cz;
    const ez = b[3] * cz + tw * b[2] + b[0] * cy - b[1] * cx;
    const ew = b[3] * tw - b[0] * cx - b[1] * cy - b[2] * cz;
    return rotationVector(out, ex, ey, ez, ew);
  }

  /** @internal Ċ = ω_b − ω_a, written at out[offset..offset+2]. */
  velocityError(bodyA: Body, bodyB: Body, out: Float64Array, offset: number): void {
    const wA = bodyA.angularVelocity, wB = bodyB.angularVelocity;
    out[offset] = wB[0] - wA[0];
    out[offset + 1] = wB[1] - wA[1];
    out[offset + 2] = wB[2] - wA[2];
  }

  /** @internal ω_a −= I_a⁻¹ λ, ω_b += I_b⁻¹ λ for the angular impulse λ = (x, y, z) on body B. */
  applyImpulse(bodyA: Body, bodyB: Body, x: number, y: number, z: number): void {
    angularImpulse[0] = x; angularImpulse[1] = y; angularImpulse[2] = z;
    applyAngularImpulse(bodyA.state, -1, angularImpulse, 0);
    applyAngularImpulse(bodyB.state, 1, angularImpulse, 0);
  }

  /** @internal v += M⁻¹ Jᵀ λ for λ = impulses[at .. at + 2] (the joint's row protocol). */
  applyImpulseAt(bodyA: Body, bodyB: Body, impulses: ArrayLike<number>, at: number): void {
    this.applyImpulse(bodyA, bodyB, impulses[at], impulses[at + 1], impulses[at + 2]);
  }

  /** @internal */
  warmStart(bodyA: Body, bodyB: Body): void {
    applyAngularImpulse(bodyA.state, -1, this.impulse, 0);
    applyAngularImpulse(bodyB.state, 1, this.impulse, 0);
  }

  /** @internal One solve of this part alone (see PointConstraintPart.solve). */
  solve(bodyA: Body, bodyB: Body, soft: Readonly<Softness>): void {
    this.velocityError(bodyA, bodyB, cdot, 0);
    const C = this.C, M = this.inverseK, p = this.impulse;
    let bx = cdot[0] + soft.biasRate * C[0];
    let by = cdot[1] + soft.biasRate * C[1];
    let bz = cdot[2] + soft.biasRate * C[2];
    // a spring in physical units: + γ λ_acc (point-part.ts solve)
    const compliance = soft.compliance;
    if (compliance !== 0) {
      bx += compliance * p[0]; by += compliance * p[1]; bz += compliance * p[2];
    }
    const s = soft.massScale, t = soft.impulseScale;
    const x = -s * (M[0] * bx + M[3] * by + M[6] * bz) - t * p[0];
    const y = -s * (M[1] * bx + M[4] * by + M[7] * bz) - t * p[1];
    const z = -s * (M[2] * bx + M[5] * by + M[8] * bz) - t * p[2];
    p[0] += x; p[1] += y; p[2] += z;
    angularImpulse[0] = x; angularImpulse[1] = y; angularImpulse[2] = z;
    applyAngularImpulse(bodyA.state, -1, angularImpulse, 0);
    applyAngularImpulse(bodyB.state, 1, angularImpulse, 0);
  }

  /** Relative rotation angle away from the reference at the current poses, rad. */
  currentAngle(bodyA: Body, bodyB: Body): number {
    this.computeError(bodyA, bodyB, error);
    return Math.hypot(error[0], error[1], error[2]);
  }

  /** @internal Writes this part's three rows of J (12 columns each) from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void {
    for (let i = 0; i < 3; i++) {
      const o = (row + i) * 12;
      for (let k = 0; k < 12; k++) out[o + k] = 0;
      out[o + 3 + i] = -1;
      out[o + 9 + i] = 1;
    }
  }
}
