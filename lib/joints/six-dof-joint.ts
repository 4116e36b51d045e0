// Six-DOF joint: a frame fixed in each body at the anchor (x, y, z), and each of the six relative
// motions, three translations along frame A's axes and three rotations, 'free', 'locked', or driven
// with the hinge's forms (limits, a motor, a servo, friction): Jolt's SixDOFConstraint, PhysX's D6,
// Rapier's generic joint with its locked-axes mask.
//
// With d = p_b − p_a (the anchors), a_k frame A's axis k (world) and r_a, r_b the lever arms:
//   translation k:  x_k = a_k·d,   J = [ −a_kᵀ  −((r_a + d) × a_k)ᵀ  a_kᵀ  (r_b × a_k)ᵀ ]
//                   (d × a_k: the axis turns with A; the prismatic joint's rows, prismatic-joint.ts)
// All three translations locked are the point part's rows (point-part.ts), as the ball joint's and the
// hinge's. The rotations, by how many are locked:
//   three:   the rotation part's rows, C = log(q_b (q_a q₀)⁻¹) (rotation-part.ts), as the weld's;
//   two:     the hinge's rows about the one left (hinge-rotation-part.ts, on frames whose x axis is that
//            axis), whose angle is the swing-twist twist about it (joint-frames.ts): the drive's position;
//   one (x): the twist about x held at 0, J = [ 0 −tᵀ 0 tᵀ ] with the twist rate's axis t, C = θ;
//   one (y or z): B's x kept in the plane of A's x and the other swing axis a (A's z or y): C = x_b·a,
//            J = [ 0 −wᵀ 0 wᵀ ], w = x_b × a (a hinge's perpendicular-axes row);
//   none:    a drive on the twist about x.
// The locked rows are one coupled block (coupled-rows.ts), which the direct solver holds exactly (its
// limit rows too); a drive's rows are the hinge's and slider's (axis-drive.ts). A six-DOF with its three
// translations and two rotations locked is the hinge (the same rows, in the same order).
// With two or more rotations free, limits on y and z are a swing cone (swing-twist-part.ts, the ball
// joint's: elliptical, half-angles the symmetric y and z limits), one inequality row beside the twist's
// drive: with the translations locked, the ball joint with swingLimit and twistLimit, row for row. Their
// motors, servos and friction drive the swing: J = [ 0 −a_kᵀ 0 a_kᵀ ] about frame A's axis a_k (y or z),
// the position the swing's rotation-vector component about it (−φ sin ψ, φ cos ψ: swing-twist-part.ts),
// whose rate is a_k·ω to first order in the swing. Friction on one axis is the direct solver's friction
// row. With swingType 'pyramid' (Jolt's ESwingType) the y and z limits are those drives' own limit rows
// instead of the cone, each component within its own, asymmetric, bounds.

import type { Body } from '../body/body.js';
import { JOINT_OPTION_KEYS, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import type { JointDefinition } from './joint-definition.js';
import { applyLocalFrames } from './local-frames.js';
import { readPoint, readUnitQuaternion } from '../util/validate.js';
import { AxesJoint, readModes, type AxesJointOptions } from './axes-joint.js';

export type { SixDofAxis } from './axes-joint.js';

/** A six-DOF joint's options: its bodies and spring (JointOptions) and its frame axes (AxesJointOptions). */
export interface SixDofJointOptions extends JointOptions, AxesJointOptions {}
/** @internal The keys of SixDofJointOptions (option-keys.ts). */
export const SIX_DOF_JOINT_OPTION_KEYS: readonly string[] = [
  ...JOINT_OPTION_KEYS,
  ...optionKeys<AxesJointOptions>({ anchor: true, anchorB: true, orientation: true, orientationB: true, translation: true, rotation: true, swingType: true }),
];


/** The six-DOF joint's definition (joint-definition.ts). */
export const SIX_DOF_JOINT_DEFINITION: JointDefinition<SixDofJoint, SixDofJointOptions, Body> = {
  type: 'sixDof',
  make(context, options) {
    const where = 'createSixDofJoint';
    checkOptionKeys(where, options, SIX_DOF_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchor', anchorB: 'anchorB', orientation: 'orientation', orientationB: 'orientationB' });
    const anchor = readPoint(where, 'anchor', options.anchor, 3, new Float64Array(3));
    const anchorB = options.anchorB === undefined ? anchor : readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    const orientation = readUnitQuaternion(where, 'orientation', options.orientation ?? [0, 0, 0, 1], new Float64Array(4));
    const orientationB = options.orientationB === undefined ? orientation : readUnitQuaternion(where, 'orientationB', options.orientationB, new Float64Array(4));
    const modes = readModes(where, options.translation, options.rotation);
    const joint = new SixDofJoint(context.nextId, bodyA, bodyB, options, where, context.arena, anchor, anchorB, orientation, orientationB, modes);
    joint.configureDrives(where, options.translation, options.rotation, false, options.swingType ?? 'cone');
    return joint;
  },
  placeholder: (context, bodyA, bodyB) =>
    SIX_DOF_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchor: [0, 0, 0], translation: ['locked', 'locked', 'locked'], rotation: ['locked', 'locked', 'locked'] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

export class SixDofJoint extends AxesJoint {
  readonly type = 'sixDof' as const;

  /** The options that make this joint again (see JointCore.toOptions): both anchors and frames at the
   * bodies' current poses, and each axis's mode and drive. */
  toOptions(): SixDofJointOptions {
    return this.axesOptions();
  }
}
