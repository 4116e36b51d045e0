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
// angular blocks [r_a]× and −[r_b]× times I⁻¹ times the rotation rows' −I and I. K is inverted once
// per prepare (by blocks, math/ldlt.ts invertSymmetric6: K is positive definite whenever one body is
// dynamic) and each solve is an exact 6x6 solve, so one solve makes all six rows of J v vanish
// together; solving the point and rotation blocks one after the other would leave each undoing part
// of the other's work (the coupling K_c), converging only over iterations. This is the 3D form of
// Box2D's weld joint, whose 2D K is the 3x3 of the point and angle rows (Catto, Box2D v2.4 b2WeldJoint).
//
// The solve is written out with locals over the bodies' state arrays, as the point part's is: the
// angular impulse each body takes is I⁻¹ (r × λ_point + λ_rotation), one product for both parts.

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import { addSkewProduct } from '../math/mat3.js';
import { invertSymmetric6Blocks } from '../math/ldlt.js';
import { addUnlockedResponse, dropUnmovedRows, hasLocks, invertLockedRows } from './parts/locked-rows.js';
import { BODY_STATE } from '../body/body-state.js';
import type { Softness } from '../solver/softness.js';
import { Joint, JOINT_OPTION_KEYS, worldPoint, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { PointConstraintPart, writePointLoad } from './parts/point-part.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { readPoint, readUnitQuaternion, requireWritable } from '../util/validate.js';
import { drawHeldRotationFrames, drawnAnchorA, drawnAnchorB, requireDrawArguments, type DebugLines } from './joint-drawing.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export interface WeldJointOptions extends JointOptions {
  /** The point the two bodies are welded at, world space, m. Forces and torques are reported about it (required unless localFrameA and localFrameB are given). */
  anchor?: Vector3Input;
  /** B's weld point, world space, when it is not `anchor`: the joint starts with that gap, and closes it. */
  anchorB?: Vector3Input;
  /** B's orientation in A's axes that the joint holds (q_a⁻¹ q_b, a unit quaternion [x, y, z, w]).
   * Default: the bodies' relative orientation at creation. */
  referenceRotation?: QuaternionInput;
}
/** @internal The keys of WeldJointOptions (option-keys.ts). */
export const WELD_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_OPTION_KEYS, ...optionKeys<Omit<WeldJointOptions, keyof JointOptions>>({ anchor: true, anchorB: true, referenceRotation: true })];

/** The weld's definition (joint-definition.ts): World.createWeldJoint checks the options and makes it
 * through make. */
export const WELD_JOINT_DEFINITION: JointDefinition<WeldJoint, WeldJointOptions, Body> = {
  type: 'weld',
  make(context, options) {
    const where = 'createWeldJoint';
    checkOptionKeys(where, options, WELD_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', referenceRotation: 'referenceRotation' });
    const anchor = readPoint(where, 'anchor', options.anchor, 3, new Float64Array(3));
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    const reference = options.referenceRotation === undefined
      ? undefined
      : readUnitQuaternion(where, 'referenceRotation', options.referenceRotation, new Float64Array(4));
    return new WeldJoint(context.nextId, bodyA, bodyB, anchor, options, context.arena, anchorB, reference);
  },
  placeholder: (context, bodyA, bodyB) => WELD_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const coupling = new Float64Array(9);
/** The assembled K, one row of J, each row's K_ii without the locks, and the rows dropped (invertLocked). */
const lockedK = new Float64Array(36), lockedRow = new Float64Array(12), lockedUnlocked = new Float64Array(6);
const lockedDropped = new Uint8Array(6);

/** out[at ..] = sign · row k of [r]× (the cross-product matrix, [r]× v = r × v; its zero entry left as it is). */
function writeSkewRow(out: Float64Array, at: number, r: Float64Array, k: number, sign: number): void {
  if (k === 0) { out[at + 1] = -sign * r[2]; out[at + 2] = sign * r[1]; }
  if (k === 1) { out[at] = sign * r[2]; out[at + 2] = -sign * r[0]; }
  if (k === 2) { out[at] = -sign * r[1]; out[at + 1] = sign * r[0]; }
}

/** The diagonal blocks plus γ I, for a spring in physical units (prepare). */
const shiftedLinear = new Float64Array(9), shiftedAngular = new Float64Array(9);

const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, MASS_X = BODY_STATE.inverseMassAxes;
/** The six impulses applyWeldImpulse applies (p, then L). */
const weldImpulse = new Float64Array(6);

/**
 * M⁻¹ Jᵀ λ for the weld's six rows: the point impulse p = (x, y, z) at the lever arms rA, rB and the
 * angular impulse L = (ax, ay, az) on body B (the opposite on body A), `impulse` = (p, L):
 *   v_a −= m_a⁻¹ p,  ω_a −= I_a⁻¹ (r_a × p + L),  v_b += m_b⁻¹ p,  ω_b += I_b⁻¹ (r_b × p + L).
 */
function applyWeldImpulse(a: Float64Array, b: Float64Array, rA: ArrayLike<number>, rB: ArrayLike<number>, impulse: ArrayLike<number>): void {
  // (everything read from arrays: doubles passed to a call V8 does not inline are boxed, a HeapNumber each)
  const rAx = rA[0], rAy = rA[1], rAz = rA[2], rBx = rB[0], rBy = rB[1], rBz = rB[2];
  const x = impulse[0], y = impulse[1], z = impulse[2], ax = impulse[3], ay = impulse[4], az = impulse[5];
  // (m⁻¹ along each axis: BODY_STATE.inverseMassAxes)
  a[LINEAR_VELOCITY] -= a[MASS_X] * x; a[LINEAR_VELOCITY + 1] -= a[MASS_X + 1] * y; a[LINEAR_VELOCITY + 2] -= a[MASS_X + 2] * z;
  b[LINEAR_VELOCITY] += b[MASS_X] * x; b[LINEAR_VELOCITY + 1] += b[MASS_X + 1] * y; b[LINEAR_VELOCITY + 2] += b[MASS_X + 2] * z;
  const lx = rAy * z - rAz * y + ax, ly = rAz * x - rAx * z + ay, lz = rAx * y - rAy * x + az;
  const I = INVERSE_INERTIA;
  a[ANGULAR_VELOCITY] -= a[I] * lx + a[I + 3] * ly + a[I + 6] * lz;
  a[ANGULAR_VELOCITY + 1] -= a[I + 1] * lx + a[I + 4] * ly + a[I + 7] * lz;
  a[ANGULAR_VELOCITY + 2] -= a[I + 2] * lx + a[I + 5] * ly + a[I + 8] * lz;
  const kx = rBy * z - rBz * y + ax, ky = rBz * x - rBx * z + ay, kz = rBx * y - rBy * x + az;
  b[ANGULAR_VELOCITY] += b[I] * kx + b[I + 3] * ky + b[I + 6] * kz;
  b[ANGULAR_VELOCITY + 1] += b[I + 1] * kx + b[I + 4] * ky + b[I + 7] * kz;
  b[ANGULAR_VELOCITY + 2] += b[I + 2] * kx + b[I + 5] * ky + b[I + 8] * kz;
}

export class WeldJoint extends Joint {
  readonly type = 'weld' as const;
  readonly rowCount = 6;
  readonly point: PointConstraintPart;
  readonly rotation: RotationConstraintPart;
  /** K⁻¹ (6x6, row-major) at the last prepare. */
  private readonly inverseK: Float64Array;

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal Use world.createWeldJoint. `anchor`, `anchorB` and `referenceRotation` are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, options: WeldJointOptions, allocator?: Float64Allocator,
    anchorB?: Float64Array, referenceRotation?: Float64Array,
  ) {
    super(id, bodyA, bodyB, options, 'createWeldJoint', allocator);
    this.point = new PointConstraintPart(allocator);
    this.rotation = new RotationConstraintPart(allocator);
    this.equalityRows = [this.point, this.rotation];
    this.inverseK = allocator ? allocator.allocate(36) : new Float64Array(36);
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
    if (referenceRotation === undefined) this.rotation.setReference(bodyA, bodyB);
    else this.rotation.referenceRotation.set(referenceRotation);
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors at the bodies' current
   * poses and the rotation it holds. */
  toOptions(): WeldJointOptions {
    return definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint(this.bodyA, this.point.localAnchorA), anchorB: worldPoint(this.bodyB, this.point.localAnchorB),
      referenceRotation: Array.from(this.rotation.referenceRotation),
    });
  }

  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 3);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 3);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  /** Draws A's body axes at A's anchor and, at B's, the frame of B that is A's while the weld holds (see
   * Joint.drawFrames): their gap and angle are the weld's errors. A weld has no limits to draw. */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    const a = this.bodyA, b = this.bodyB;
    a.getWorldPoint(drawnAnchorA, this.point.localAnchorA);
    b.getWorldPoint(drawnAnchorB, this.point.localAnchorB);
    drawHeldRotationFrames(lines, a.orientation, b.orientation, this.rotation.referenceRotation, drawnAnchorA, drawnAnchorB, size);
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

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    this.updateSpring(step);
    this.point.prepare(bodyA, bodyB);
    this.rotation.prepare(bodyA, bodyB);
    // K_c = −[r_a]× I_a⁻¹ − [r_b]× I_b⁻¹ (row-major 3x3)
    for (let k = 0; k < 9; k++) coupling[k] = 0;
    addSkewProduct(coupling, this.point.rA, bodyA.inverseInertiaWorld, -1);
    addSkewProduct(coupling, this.point.rB, bodyB.inverseInertiaWorld, -1);
    // K⁻¹ is for the iterative solve only; with a spring in physical units, (K + γ I)⁻¹ (point-part.ts factor)
    if (this.direct) return;
    const compliance = this.springCompliance;
    if (hasLocks(bodyA, bodyB)) {
      this.invertLocked(compliance);
      return;
    }
    if (compliance === 0) {
      invertSymmetric6Blocks(this.point.K, coupling, this.rotation.K, this.inverseK);
      return;
    }
    shiftedLinear.set(this.point.K);
    shiftedAngular.set(this.rotation.K);
    for (let k = 0; k < 9; k += 4) {
      shiftedLinear[k] += compliance;
      shiftedAngular[k] += compliance;
    }
    invertSymmetric6Blocks(shiftedLinear, coupling, shiftedAngular, this.inverseK);
  }

  /** K⁻¹ (of K + γ I) when a body has locked axes: solved as rank-deficient (parts/locked-rows.ts), each
   * row's K_ii weighed against its value without the locks. */
  private invertLocked(compliance: number): void {
    const K = lockedK, rA = this.point.rA, rB = this.point.rB;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        K[i * 6 + j] = this.point.K[i * 3 + j];
        K[i * 6 + j + 3] = coupling[i * 3 + j];
        K[(j + 3) * 6 + i] = coupling[i * 3 + j];
        K[(i + 3) * 6 + j + 3] = this.rotation.K[i * 3 + j];
      }
    }
    // the rows of J (header): point row k is [−e_k, row k of [r_a]×, e_k, −row k of [r_b]×], rotation
    // row k is [0, −e_k, 0, e_k]
    for (let k = 0; k < 6; k++) {
      lockedRow.fill(0);
      if (k < 3) {
        lockedRow[k] = -1;
        lockedRow[6 + k] = 1;
        writeSkewRow(lockedRow, 3, rA, k, 1);
        writeSkewRow(lockedRow, 9, rB, k, -1);
      } else {
        lockedRow[k] = -1;
        lockedRow[6 + k] = 1;
      }
      lockedUnlocked[k] = addUnlockedResponse(addUnlockedResponse(0, lockedRow, 0, this.bodyA), lockedRow, 6, this.bodyB);
    }
    dropUnmovedRows(K, 6, lockedUnlocked, lockedDropped);
    invertLockedRows(K, 6, compliance, lockedDropped, this.inverseK);
  }

  /** @internal */
  warmStart(): void {
    const rA = this.point.rA, rB = this.point.rB, p = this.point.impulse, r = this.rotation.impulse;
    const impulse = weldImpulse;
    impulse[0] = p[0]; impulse[1] = p[1]; impulse[2] = p[2]; impulse[3] = r[0]; impulse[4] = r[1]; impulse[5] = r[2];
    applyWeldImpulse(this.bodyA.state, this.bodyB.state, rA, rB, impulse);
  }

  /** @internal */
  solve(world: Readonly<Softness>, useBias: boolean): void {
    const soft = this.holdingSoftness(world, useBias);
    if (soft === null) return;
    const point = this.point, rotation = this.rotation;
    const a = this.bodyA.state, b = this.bodyB.state;
    const rA = point.rA, rB = point.rB, Cp = point.C, Cr = rotation.C, M = this.inverseK;
    const rAx = rA[0], rAy = rA[1], rAz = rA[2], rBx = rB[0], rBy = rB[1], rBz = rB[2];
    const wAx = a[ANGULAR_VELOCITY], wAy = a[ANGULAR_VELOCITY + 1], wAz = a[ANGULAR_VELOCITY + 2];
    const wBx = b[ANGULAR_VELOCITY], wBy = b[ANGULAR_VELOCITY + 1], wBz = b[ANGULAR_VELOCITY + 2];
    // rhs = J v + biasRate C: point rows v_b + ω_b × r_b − v_a − ω_a × r_a, rotation rows ω_b − ω_a
    const bias = soft.biasRate, pp = point.impulse, pr = rotation.impulse;
    let c0 = b[LINEAR_VELOCITY] + wBy * rBz - wBz * rBy - a[LINEAR_VELOCITY] - wAy * rAz + wAz * rAy + bias * Cp[0];
    let c1 = b[LINEAR_VELOCITY + 1] + wBz * rBx - wBx * rBz - a[LINEAR_VELOCITY + 1] - wAz * rAx + wAx * rAz + bias * Cp[1];
    let c2 = b[LINEAR_VELOCITY + 2] + wBx * rBy - wBy * rBx - a[LINEAR_VELOCITY + 2] - wAx * rAy + wAy * rAx + bias * Cp[2];
    let c3 = wBx - wAx + bias * Cr[0];
    let c4 = wBy - wAy + bias * Cr[1];
    let c5 = wBz - wAz + bias * Cr[2];
    // a spring in physical units: + γ λ_acc (point-part.ts solve)
    const compliance = soft.compliance;
    if (compliance !== 0) {
      c0 += compliance * pp[0]; c1 += compliance * pp[1]; c2 += compliance * pp[2];
      c3 += compliance * pr[0]; c4 += compliance * pr[1]; c5 += compliance * pr[2];
    }
    // λ = −massScale K⁻¹ rhs − impulseScale λ_acc
    const s = soft.massScale, t = soft.impulseScale;
    const x = -s * (M[0] * c0 + M[1] * c1 + M[2] * c2 + M[3] * c3 + M[4] * c4 + M[5] * c5) - t * pp[0];
    const y = -s * (M[6] * c0 + M[7] * c1 + M[8] * c2 + M[9] * c3 + M[10] * c4 + M[11] * c5) - t * pp[1];
    const z = -s * (M[12] * c0 + M[13] * c1 + M[14] * c2 + M[15] * c3 + M[16] * c4 + M[17] * c5) - t * pp[2];
    const ax = -s * (M[18] * c0 + M[19] * c1 + M[20] * c2 + M[21] * c3 + M[22] * c4 + M[23] * c5) - t * pr[0];
    const ay = -s * (M[24] * c0 + M[25] * c1 + M[26] * c2 + M[27] * c3 + M[28] * c4 + M[29] * c5) - t * pr[1];
    const az = -s * (M[30] * c0 + M[31] * c1 + M[32] * c2 + M[33] * c3 + M[34] * c4 + M[35] * c5) - t * pr[2];
    pp[0] += x; pp[1] += y; pp[2] += z;
    pr[0] += ax; pr[1] += ay; pr[2] += az;
    const impulse = weldImpulse;
    impulse[0] = x; impulse[1] = y; impulse[2] = z; impulse[3] = ax; impulse[4] = ay; impulse[5] = az;
    applyWeldImpulse(a, b, rA, rB, impulse);
  }

  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.rotation.saveState(writer);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.rotation.loadState(reader);
  }

  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.point.impulse, r = this.rotation.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
    r[0] *= ratio; r[1] *= ratio; r[2] *= ratio;
  }
  /** @internal */
  override writePointLoad(out: Float64Array): boolean {
    writePointLoad(out, this.point.impulse, this.point.rA, this.point.rB);
    return true;
  }
  /** @internal */
  accumulateImpulse(): void {
    const p = this.point.impulse, r = this.rotation.impulse;
    const sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    sl[0] += p[0]; sl[1] += p[1]; sl[2] += p[2];
    sa[0] += r[0]; sa[1] += r[1]; sa[2] += r[2];
  }

  /** K assembled from the blocks of the last prepare: [[K_point, K_c], [K_cᵀ, K_rotation]]. */
  writeEffectiveMass(out: Float64Array): void {
    coupling.fill(0);
    addSkewProduct(coupling, this.point.rA, this.bodyA.inverseInertiaWorld, -1);
    addSkewProduct(coupling, this.point.rB, this.bodyB.inverseInertiaWorld, -1);
    const Kp = this.point.K, Kr = this.rotation.K;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        out[i * 6 + j] = Kp[i * 3 + j];
        out[(i + 3) * 6 + j + 3] = Kr[i * 3 + j];
        out[i * 6 + j + 3] = coupling[i * 3 + j];
        out[(j + 3) * 6 + i] = coupling[i * 3 + j];
      }
    }
  }
}
