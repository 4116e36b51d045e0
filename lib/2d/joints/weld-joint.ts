// Weld joint in 2D (3 rows) = point part + angle part, solved together as one 3x3 block: the 3D weld
// (lib/joints/weld-joint.ts) in the plane, and Box2D v2.4's b2WeldJoint with its 3x3 K written out.
//
//   C = [ x_b + r_b − x_a − r_a ;  θ_b − θ_a − θ₀ ]
//   J = [[ −I  −r_a⊥  I  r_b⊥ ],
//        [  0   −1    0   1   ]]
//   K = [[ K_point                       k_c          ],
//        [ k_cᵀ                          i_a + i_b    ]],   k_c = i_a r_a⊥ + i_b r_b⊥
//     = [[ m + i_a r_ay² + i_b r_by²        −i_a r_ax r_ay − i_b r_bx r_by    −i_a r_ay − i_b r_by ],
//        [ −i_a r_ax r_ay − i_b r_bx r_by   m + i_a r_ax² + i_b r_bx²          i_a r_ax + i_b r_bx  ],
//        [ −i_a r_ay − i_b r_by             i_a r_ax + i_b r_bx                i_a + i_b           ]]
//   λ = −massScale K⁻¹ (J v + biasRate C) − impulseScale λ_acc
// k_c is J_point M⁻¹ J_angleᵀ = (−r_a⊥) i_a (−1) + r_b⊥ i_b (1); it is the z column of the 3D weld's
// coupling block −[r_a]× I_a⁻¹ − [r_b]× I_b⁻¹ for planar lever arms. K is factored by LDLᵀ once per
// prepare and each solve is exact in all three rows.

import type { Body2D } from '../body.js';
import { ldltFactor, ldltSolve } from '../../math/ldlt.js';
import type { Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, Joint2D, readReferenceAngle, worldPoint2D, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D } from './local-frames.js';
import { definedOptions } from '../../joints/joint-core.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { AngleConstraintPart2D } from './parts/angle-part.js';
import { PointConstraintPart2D, writePointLoad } from './parts/point-part.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import { readPoint, requireWritable } from '../../util/validate.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface WeldJoint2DOptions extends Joint2DOptions {
  /** The weld point, world space, m. Forces and torques are reported about it (required unless localFrameA and localFrameB are given). */
  anchor?: Vector2Input;
  /** B's weld point, world space, when it is not `anchor`: the joint starts with that gap, and closes it. */
  anchorB?: Vector2Input;
  /** θ_b − θ_a that the joint holds, rad. Default: the bodies' at creation. */
  referenceAngle?: number;
}
/** @internal The keys of WeldJoint2DOptions (option-keys.ts). */
export const WELD_JOINT_OPTION_KEYS: readonly string[] = [...JOINT_2D_OPTION_KEYS, ...optionKeys<Omit<WeldJoint2DOptions, keyof Joint2DOptions>>({ anchor: true, anchorB: true, referenceAngle: true })];

/** The 2D weld's definition (lib/joints/joint-definition.ts): World2D.createWeldJoint checks the options and
 * makes it through make. */
export const WELD_JOINT_2D_DEFINITION: JointDefinition<WeldJoint2D, WeldJoint2DOptions, Body2D> = {
  type: 'weld',
  make(context, options) {
    const where = 'createWeldJoint';
    checkOptionKeys(where, options, WELD_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', referenceAngle: 'referenceAngle' });
    const anchor = readPoint(where, 'anchor', options.anchor, 2, new Float64Array(2));
    const anchorB = options.anchorB === undefined ? undefined : readPoint(where, 'anchorB', options.anchorB, 2, new Float64Array(2));
    const reference = options.referenceAngle === undefined ? undefined : readReferenceAngle(where, options.referenceAngle);
    return new WeldJoint2D(context.nextId, bodyA, bodyB, anchor, options, anchorB, reference);
  },
  placeholder: (context, bodyA, bodyB) => WELD_JOINT_2D_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

const rhs = new Float64Array(3);
const solution = new Float64Array(3);

export class WeldJoint2D extends Joint2D {
  readonly type = 'weld' as const;
  readonly rowCount = 3;
  readonly point = new PointConstraintPart2D();
  readonly angle = new AngleConstraintPart2D();
  /** K (3x3, row-major) at the last prepare, and its LDLᵀ factor. */
  readonly K = new Float64Array(9);
  private readonly factor = new Float64Array(9);

  /** @internal Use world.createWeldJoint. `anchor`, `anchorB` and `referenceAngle` are already checked. */
  constructor(
    id: number, bodyA: Body2D, bodyB: Body2D, anchor: Float64Array, options: WeldJoint2DOptions, anchorB?: Float64Array, referenceAngle?: number,
  ) {
    super(id, bodyA, bodyB, options, 'createWeldJoint');
    this.equalityRows = [this.point, this.angle];
    this.point.setWorldAnchor(bodyA, bodyB, anchor, anchorB);
    if (referenceAngle === undefined) this.angle.setReference(bodyA, bodyB);
    else this.angle.referenceAngle = referenceAngle;
  }

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** The options that make this joint again (see JointCore.toOptions): both anchors at the bodies' current
   * poses and the angle it holds. */
  toOptions(): WeldJoint2DOptions {
    return definedOptions({
      ...this.coreOptions(),
      anchor: worldPoint2D(this.bodyA, this.point.localAnchorA), anchorB: worldPoint2D(this.bodyB, this.point.localAnchorB),
      referenceAngle: this.angle.referenceAngle,
    });
  }

  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 2);
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 2);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getAngularError(): number {
    return this.angle.currentAngle(this.bodyA, this.bodyB);
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, K = this.K, point = this.point;
    this.updateSpring(step);
    point.prepare(bodyA, bodyB);
    this.angle.prepare(bodyA, bodyB);
    const iA = bodyA.inverseInertia, iB = bodyB.inverseInertia, rA = point.rA, rB = point.rB;
    // k_c = i_a r_a⊥ + i_b r_b⊥, r⊥ = (−r_y, r_x)
    const cx = -iA * rA[1] - iB * rB[1];
    const cy = iA * rA[0] + iB * rB[0];
    const Kp = point.K;
    K[0] = Kp[0]; K[1] = Kp[1]; K[2] = cx;
    K[3] = Kp[2]; K[4] = Kp[3]; K[5] = cy;
    K[6] = cx; K[7] = cy; K[8] = this.angle.K[0];
    this.factor.set(K);
    // with a spring in physical units, K + γ I (point-part.ts factor)
    const compliance = this.springCompliance;
    if (compliance !== 0) for (let i = 0; i < 9; i += 4) this.factor[i] += compliance;
    ldltFactor(this.factor, 3);
  }

  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.angle.saveState(writer);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.angle.loadState(reader);
  }

  /** @internal */
  warmStart(): void {
    this.point.warmStart(this.bodyA, this.bodyB);
    this.angle.warmStart(this.bodyA, this.bodyB);
  }

  /** @internal */
  solve(world: Readonly<Softness>, useBias: boolean): void {
    const soft = this.holdingSoftness(world, useBias);
    if (soft === null) return;
    const bodyA = this.bodyA, bodyB = this.bodyB, point = this.point, angle = this.angle;
    point.velocityError(bodyA, bodyB, rhs, 0);
    angle.velocityError(bodyA, bodyB, rhs, 2);
    const bias = soft.biasRate;
    rhs[0] += bias * point.C[0];
    rhs[1] += bias * point.C[1];
    rhs[2] += bias * angle.C[0];
    // a spring in physical units: + γ λ_acc (point-part.ts solve)
    const compliance = soft.compliance;
    if (compliance !== 0) {
      rhs[0] += compliance * point.impulse[0];
      rhs[1] += compliance * point.impulse[1];
      rhs[2] += compliance * angle.impulse[0];
    }
    ldltSolve(this.factor, 3, rhs, solution);
    const s = soft.massScale, t = soft.impulseScale, pp = point.impulse, pa = angle.impulse;
    solution[0] = -s * solution[0] - t * pp[0];
    solution[1] = -s * solution[1] - t * pp[1];
    solution[2] = -s * solution[2] - t * pa[0];
    pp[0] += solution[0];
    pp[1] += solution[1];
    pa[0] += solution[2];
    point.applyImpulseAt(bodyA, bodyB, solution, 0);
    angle.applyImpulseAt(bodyA, bodyB, solution, 2);
  }

  /** @internal */
  scaleImpulse(ratio: number): void {
    this.point.impulse[0] *= ratio;
    this.point.impulse[1] *= ratio;
    this.angle.impulse[0] *= ratio;
  }
  /** @internal */
  accumulateImpulse(): void {
    this.linearImpulseSum[0] += this.point.impulse[0];
    this.linearImpulseSum[1] += this.point.impulse[1];
    this.angularImpulseSum[0] += this.angle.impulse[0];
  }
  /** @internal */
  override writePointLoad(out: Float64Array): boolean {
    writePointLoad(out, this.point.impulse, this.point.rA, this.point.rB);
    return true;
  }

  writeEffectiveMass(out: Float64Array): void {
    out.set(this.K);
  }
}
