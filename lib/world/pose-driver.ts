// Driving a chain of joints toward a pose, the powered ragdoll's muscles: for each joint, the child's
// rotation relative to its parent away from the build pose, in the parent's axes. A ball joint gets a
// servo toward q_a⁻¹ q_b = r ⊗ (q_a⁻¹ q_b at build) (parts/rotation-servo.ts); a hinge a servo toward
// the pose's twist about its axis, θ = 2 atan2(r_xyz · a, r_w) with a the axis in A's axes
// (parts/axis-drive.ts). Used by createRagdoll and createSkeletonRagdoll.

import { BallJoint } from '../joints/ball-joint.js';
import { HingeJoint } from '../joints/hinge-joint.js';
import { quatMultiply } from '../math/quat.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { readUnitQuaternion, requireNonNegative, show } from '../util/validate.js';
import type { QuaternionInput } from '../util/vector-input.js';

/** How driveToPose powers the joints. */
export interface RagdollDriveOptions {
  /** Largest torque of each joint's servo, N·m (0: limp). */
  maxTorque: number;
  /** The servos' spring frequency, Hz. Default 0: as stiff as the world's joints. */
  hertz?: number;
  /** The servos' damping ratio. Default 1. */
  dampingRatio?: number;
}

const DRIVE_OPTION_KEYS = optionKeys<RagdollDriveOptions>({ maxTorque: true, hertz: true, dampingRatio: true });
const IDENTITY = [0, 0, 0, 1];

/**
 * driveToPose and limp over `joints` (named `names`, in order), whose build poses (q_a⁻¹ q_b) are
 * `restRelative`. driveToPose reuses its arrays and options objects: it runs every frame of an animation.
 */
export function poseDriver<N extends string>(
  names: readonly N[], joints: readonly (BallJoint | HingeJoint)[], restRelative: readonly Float64Array[],
): { driveToPose(pose: Partial<Record<N, QuaternionInput>>, options: RagdollDriveOptions): void; limp(): void } {
  const axes = joints.map((joint) => (joint instanceof HingeJoint ? hingeAxisInA(joint) : null));
  const rotations = names.map(() => new Float64Array(4));
  const hingeServo = { target: 0, maxForce: 0, hertz: undefined as number | undefined, dampingRatio: undefined as number | undefined };
  const ballServo = { target: new Float64Array(4), maxTorque: 0, hertz: undefined as number | undefined, dampingRatio: undefined as number | undefined };
  const driveToPose = (pose: Partial<Record<N, QuaternionInput>>, drive: RagdollDriveOptions): void => {
    const where = 'driveToPose';
    if (pose === null || typeof pose !== 'object') throw new TypeError(`${where}: pose must be an object of joint names to rotations, got ${show(pose)}`);
    checkOptionKeys(where, pose, names, 'joint name');
    if (drive === null || typeof drive !== 'object') throw new TypeError(`${where}: options must be an object { maxTorque, hertz?, dampingRatio? }, got ${show(drive)}`);
    checkOptionKeys(where, drive, DRIVE_OPTION_KEYS);
    const maxTorque = requireNonNegative(where, 'maxTorque', drive.maxTorque);
    // every rotation read (and the spring checked, by the first servo set) before any servo is set
    for (let i = 0; i < names.length; i++) readUnitQuaternion(where, `pose.${names[i]}`, pose[names[i]] ?? IDENTITY, rotations[i]);
    for (let i = 0; i < joints.length; i++) {
      const joint = joints[i], r = rotations[i], a = axes[i];
      if (joint instanceof HingeJoint && a !== null) {
        const angle = 2 * Math.atan2(r[0] * a[0] + r[1] * a[1] + r[2] * a[2], r[3]);
        hingeServo.target = angle > Math.PI ? angle - 2 * Math.PI : angle;
        hingeServo.maxForce = maxTorque;
        hingeServo.hertz = drive.hertz;
        hingeServo.dampingRatio = drive.dampingRatio;
        joint.setServo(hingeServo);
      } else if (joint instanceof BallJoint) {
        quatMultiply(ballServo.target, r, restRelative[i]);
        ballServo.maxTorque = maxTorque;
        ballServo.hertz = drive.hertz;
        ballServo.dampingRatio = drive.dampingRatio;
        joint.setServo(ballServo);
      }
    }
  };
  const limp = (): void => {
    for (const joint of joints) joint.disableMotor();
  };
  return { driveToPose, limp };
}

/** A hinge's axis in its body A's axes (the x axis of its frame A): R(q) e_x. */
function hingeAxisInA(joint: HingeJoint): Float64Array {
  const [x, y, z, w] = joint.frames.localRotationA;
  return new Float64Array([1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)]);
}
