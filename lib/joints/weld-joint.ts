// Weld joint (6 rows) = point part + rotation part, solved together as one 6x6 block.
//
//   C = [ x_b + r_b − x_a − r_a ;  log(q_b (q_a q₀)⁻¹) ]
//   J = [[ −I  [r_a]×  I  −[r_b]× ],
//        [  0    −I    0     I    ]]
//   K = J M⁻¹ Jᵀ = [[ K_point  K_c                 ],
//                   [ K_cᵀ     I_a⁻¹ + I_b⁻¹       ]],   K_c = −[r_a]× I_a⁻¹ − [r_b]× I_b⁻¹
//   λ = −massScale K⁻¹ (J v + biasRate C) − impulseScale λ_acc     (6 numbers: force rows, torque rows)
//
// K_point is the point part's K (parts/point-part.ts); K_c is J_point M⁻¹ J_rotationᵀ: the point rows'
// angular blocks [r_a]× and −[r_b]× times I⁻¹ times the rotation rows' −I and I. K is factored once
// per prepare by LDLᵀ and each solve is an exact 6x6 solve, so one solve makes all six rows of J v
// vanish together; solving the point and rotation blocks one after the other would leave each
// undoing part of the other's work (the coupling K_c), converging only over iterations. This is the
// 3D form of the fixed joint of seed 000 and the 3x3 weld K written out in seed 003.

import type { Body } from '../body.js';
import { addSkewProduct } from '../math/mat3.js';
import { ldltFactor, ldltSolve } from '../math/ldlt.js';
import type { Softness } from '../solver/softness.js';
import { Joint, type JointOptions } from './joint.js';
import { PointConstraintPart } from './parts/point-part.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import type { Float64Allocator } from '../arena.js';

export interface WeldJointOptions extends JointOptions {
  /** The point the two bodies are welded at, world space, m. Forces and torques are reported about it. */
  anchor: ArrayLike<number>;
}

const coupling = new Float64Array(9);
const rhs = new Float64Array(6);
const solution = new Float64Array(6);

export class WeldJoint extends Joint {
  readonly type = 'weld' as const;
  readonly rowCount = 6;
  readonly point: PointConstraintPart;
  readonly rotation: RotationConstraintPart;
  /** K (6x6, row-major) at the last prepare, and its LDLᵀ factor. */
  readonly K: Float64Array;
  private readonly factor: Float64Array;

  /** @internal Use world.createWeldJoint. `anchor` is already checked. */
  constructor(id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, options: WeldJointOptions, allocator?: Float64Allocator) {
    super(id, bodyA, bodyB, options, 'createWeldJoint', allocator);
    this.point = new PointConstraintPart(allocator);
    this.rotation = new RotationConstraintPart(allocator);
    const matrices = allocator ? allocator.allocate(72) : new Float64Array(72);
    this.K = matrices.subarray(0, 36);
    this.factor = matrices.subarray(36, 72);
    this.point.setWorldAnchor(bodyA, bodyB, anchor);
    this.rotation.setReference(bodyA, bodyB);
  }

  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  /** The anchor gap, m (see getAngularError for the angle). */
  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getAngularError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }

  prepare(_h: number): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, K = this.K;
    this.point.prepare(bodyA, bodyB);
    this.rotation.prepare(bodyA, bodyB);
    // K_c = −[r_a]× I_a⁻¹ − [r_b]× I_b⁻¹ (row-major 3x3)
    coupling.fill(0);
    addSkewProduct(coupling, this.point.rA, bodyA.inverseInertiaWorld, -1);
    addSkewProduct(coupling, this.point.rB, bodyB.inverseInertiaWorld, -1);
    const Kp = this.point.K, Kr = this.rotation.K;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        K[i * 6 + j] = Kp[i * 3 + j];
        K[(i + 3) * 6 + j + 3] = Kr[i * 3 + j];
        K[i * 6 + j + 3] = coupling[i * 3 + j];
        K[(j + 3) * 6 + i] = coupling[i * 3 + j];
      }
    }
    this.factor.set(K);
    ldltFactor(this.factor, 6);
  }

  warmStart(): void {
    this.point.warmStart(this.bodyA, this.bodyB);
    this.rotation.warmStart(this.bodyA, this.bodyB);
  }

  solve(soft: Readonly<Softness>): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, point = this.point, rotation = this.rotation;
    point.velocityError(bodyA, bodyB, rhs, 0);
    rotation.velocityError(bodyA, bodyB, rhs, 3);
    const bias = soft.biasRate, Cp = point.C, Cr = rotation.C;
    rhs[0] += bias * Cp[0]; rhs[1] += bias * Cp[1]; rhs[2] += bias * Cp[2];
    rhs[3] += bias * Cr[0]; rhs[4] += bias * Cr[1]; rhs[5] += bias * Cr[2];
    ldltSolve(this.factor, 6, rhs, solution);
    const s = soft.massScale, t = soft.impulseScale, pp = point.impulse, pr = rotation.impulse;
    const x = -s * solution[0] - t * pp[0];
    const y = -s * solution[1] - t * pp[1];
    const z = -s * solution[2] - t * pp[2];
    const ax = -s * solution[3] - t * pr[0];
    const ay = -s * solution[4] - t * pr[1];
    const az = -s * solution[5] - t * pr[2];
    pp[0] += x; pp[1] += y; pp[2] += z;
    pr[0] += ax; pr[1] += ay; pr[2] += az;
    point.applyImpulse(bodyA, bodyB, x, y, z);
    rotation.applyImpulse(bodyA, bodyB, ax, ay, az);
  }

  scaleImpulse(ratio: number): void {
    const p = this.point.impulse, r = this.rotation.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
    r[0] *= ratio; r[1] *= ratio; r[2] *= ratio;
  }
  accumulateImpulse(): void {
    const p = this.point.impulse, r = this.rotation.impulse;
    const sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    sl[0] += p[0]; sl[1] += p[1]; sl[2] += p[2];
    sa[0] += r[0]; sa[1] += r[1]; sa[2] += r[2];
  }

  writeJacobian(out: Float64Array): void {
    this.point.writeJacobian(out, 0);
    this.rotation.writeJacobian(out, 3);
  }
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.K);
  }
  getVelocityError(out: Float64Array): void {
    this.point.velocityError(this.bodyA, this.bodyB, out, 0);
    this.rotation.velocityError(this.bodyA, this.bodyB, out, 3);
  }
  getPositionError(out: Float64Array): void {
    for (let i = 0; i < 3; i++) {
      out[i] = this.point.C[i];
      out[i + 3] = this.rotation.C[i];
    }
  }
  applyImpulse(lambda: ArrayLike<number>): void {
    this.point.applyImpulse(this.bodyA, this.bodyB, lambda[0], lambda[1], lambda[2]);
    this.rotation.applyImpulse(this.bodyA, this.bodyB, lambda[3], lambda[4], lambda[5]);
  }
}
