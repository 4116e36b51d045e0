// A 16-body humanoid ragdoll: head, three trunk segments, and per side upper arm, forearm, hand, thigh,
// shank and foot, joined by 15 joints with anatomical ranges. Built standing, arms at the sides, facing
// +z with +y up; the feet rest on `position`.
//
// Masses are fractions of the total from de Leva (1996), "Adjustments to Zatsiorsky-Seluyanov's segment
// inertia parameters", J. Biomech. 29(9), male table: head 6.94 %, upper / middle / lower trunk 15.96 /
// 16.33 / 11.17 %, upper arm 2.71 %, forearm 1.62 %, hand 0.61 %, thigh 14.16 %, shank 4.33 %,
// foot 1.37 % (sum 100 %). Segment lengths and joint heights are fractions of the height from Winter,
// "Biomechanics and Motor Control of Human Movement" (4th ed., fig. 4.1: shoulder 0.818 H, hip 0.530 H,
// knee 0.285 H, ankle 0.039 H, upper arm 0.186 H, forearm 0.146 H, hand 0.108 H, foot 0.152 H). The
// inertias are those of solids of the segment's mass and size (capsules for limbs, boxes for trunk
// segments and feet, a sphere for the head): no mass is clamped or scaled to help the solver.
//
// Joints: neck, two spine joints, shoulders, hips and wrists are swing-twist ball joints whose twist
// axis runs along the child bone; elbows, knees and ankles are hinges about the lateral axis. Each
// joint has friction proportional to the weight and size of what hangs below it, so a ragdoll comes to
// rest instead of swinging for ever.

import type { World } from './world.js';
import type { Body } from '../body/body.js';
import { BallJoint } from '../joints/ball-joint.js';
import { HingeJoint } from '../joints/hinge-joint.js';
import { boxInertia, capsuleInertia, sphereInertia } from '../geometry/inertia.js';
import { addSceneToWorld, type BodyDescription, type JointDescription, type SceneDescription, type Vec3Tuple, type QuatTuple } from '../scenes/description.js';
import { quatConjugate, quatMultiply, rotationMatrix } from '../math/quat.js';
import { poseDriver, type RagdollDriveOptions } from './pose-driver.js';
export type { RagdollDriveOptions } from './pose-driver.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { readGroup } from '../geometry/shape.js';
import { readFiniteVector, readUnitQuaternion, requireBoolean, requireNonNegative, requirePositive, requirePositiveOrInfinity, show } from '../util/validate.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export interface RagdollOptions {
  /** Where the feet stand (the point between the soles), world space, m. Default [0, 0, 0]. */
  position?: Vector3Input;
  /** The whole ragdoll turned about `position` by this unit quaternion [x, y, z, w]. Default identity
   * (standing, facing +z). */
  orientation?: QuaternionInput;
  /** Standing height, m. Default 1.8. */
  height?: number;
  /** Total mass, kg. Default 75. */
  mass?: number;
  /** Joint friction as a fraction of the weight × length of what each joint carries. Default 0.08. */
  friction?: number;
  /** Velocity damping of every segment, 1/s (Body.angularDamping and linearDamping). Default 1: with the default friction, a shoved ragdoll hanging from its head is still within about 2.5 s (tests/ragdoll.test.ts). */
  damping?: number;
  /** Joints break past this force, N. Default Infinity. */
  breakForce?: number;
  /** Whether the segments collide with other bodies' shapes (with their drawn shapes: capsule limbs,
   * box trunk and feet, sphere head). Default true. */
  collide?: boolean;
  /** Whether the segments also collide with each other (those not jointed together). Default false:
   * they share a negative filter group, as most games' ragdolls do. */
  selfCollide?: boolean;
  /** The negative filter group the segments share when selfCollide is false. createRagdoll's default: a
   * new one from world.createFilterGroup(), so ragdolls collide with each other; describeRagdoll's: −1
   * (give each ragdoll of one scene its own). */
  group?: number;
}

const RAGDOLL_OPTION_KEYS = optionKeys<RagdollOptions>({
  position: true, orientation: true, height: true, mass: true, friction: true, damping: true, breakForce: true, collide: true, selfCollide: true, group: true,
});

export type RagdollSegment =
  | 'head' | 'upperTrunk' | 'middleTrunk' | 'lowerTrunk'
  | 'upperArmLeft' | 'forearmLeft' | 'handLeft' | 'upperArmRight' | 'forearmRight' | 'handRight'
  | 'thighLeft' | 'shankLeft' | 'footLeft' | 'thighRight' | 'shankRight' | 'footRight';

/** The ragdoll's swing-twist (ball) joints. */
export type RagdollBallJointName =
  | 'neck' | 'upperSpine' | 'lowerSpine' | 'shoulderLeft' | 'wristLeft' | 'shoulderRight' | 'wristRight' | 'hipLeft' | 'hipRight';
/** The ragdoll's hinges. */
export type RagdollHingeJointName = 'elbowLeft' | 'elbowRight' | 'kneeLeft' | 'ankleLeft' | 'kneeRight' | 'ankleRight';
export type RagdollJointName = RagdollBallJointName | RagdollHingeJointName;
/** The ragdoll's joints by name: a BallJoint or a HingeJoint as each is. */
export type RagdollJoints = { readonly [K in RagdollBallJointName]: BallJoint } & { readonly [K in RagdollHingeJointName]: HingeJoint };

export interface Ragdoll {
  readonly bodies: Readonly<Record<RagdollSegment, Body>>;
  readonly joints: RagdollJoints;
  /** The same bodies and joints as lists, in build order (parents before children). */
  readonly bodyList: readonly Body[];
  readonly jointList: readonly (BallJoint | HingeJoint)[];
  /** The top of the head, world space at build time (where to pin a hanging ragdoll). */
  readonly headTop: readonly [number, number, number];
  /**
   * Powers the ragdoll toward `pose`: for each joint, the child's rotation relative to its parent away
   * from the build pose, in the parent's axes (a unit quaternion [x, y, z, w]; a joint the pose does not
   * name is driven to its build pose). Swing-twist joints get a servo toward it (BallJoint.setServo),
   * hinges a servo toward its angle about their axis (the pose's twist about it), each capped at
   * `maxTorque` N·m with the spring given (default as stiff as the world's joints). Call it every step
   * to follow an animation; lower maxTorque toward 0 to blend to limp. Checks the whole pose first: a
   * refused call changes nothing.
   */
  driveToPose(pose: Partial<Record<RagdollJointName, QuaternionInput>>, options: RagdollDriveOptions): void;
  /** Switches every joint's servo off: the ragdoll goes limp. */
  limp(): void;
}


/** de Leva (1996) mass fractions. */
export const RAGDOLL_MASS_FRACTIONS: Readonly<Record<string, number>> = /* @__PURE__ */ Object.freeze({
  head: 0.0694, upperTrunk: 0.1596, middleTrunk: 0.1633, lowerTrunk: 0.1117,
  upperArm: 0.0271, forearm: 0.0162, hand: 0.0061, thigh: 0.1416, shank: 0.0433, foot: 0.0137,
});

const G = 9.81;
/** The ragdoll as a scene description (shared by tests, the viewer and the benchmarks). Bodies and joints
 * carry their segment and joint names in `name`; body roles are 'head', 'trunk', 'arm' and 'leg'. */
export function describeRagdoll(options: RagdollOptions = {}): SceneDescription & { headTop: Vec3Tuple } {
  const where = 'createRagdoll';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
  checkOptionKeys(where, options, RAGDOLL_OPTION_KEYS);
  const origin = readFiniteVector(where, 'position', options.position ?? [0, 0, 0], 3, new Float64Array(3));
  const H = requirePositive(where, 'height', options.height ?? 1.8);
  const M = requirePositive(where, 'mass', options.mass ?? 75);
  const friction = requireNonNegative(where, 'friction', options.friction ?? 0.08);
  const damping = requireNonNegative(where, 'damping', options.damping ?? 1);
  const breakForce = options.breakForce === undefined ? undefined : requirePositiveOrInfinity(where, 'breakForce', options.breakForce);
  const collide = options.collide === undefined ? true : requireBoolean(where, 'collide', options.collide);
  const selfCollide = options.selfCollide === undefined ? false : requireBoolean(where, 'selfCollide', options.selfCollide);
  let group = 0;
  if (options.group !== undefined) {
    if (selfCollide) throw new RangeError(`${where}: group is the group of segments that do not collide; with selfCollide true give none, got ${show(options.group)}`);
    group = readGroup(where, options.group);
    if (!(group < 0)) throw new RangeError(`${where}: group must be a negative integer (segments sharing it never collide), got ${show(options.group)}`);
  } else if (!selfCollide) {
    group = -1;
  }
  const f = RAGDOLL_MASS_FRACTIONS;
  const q = readUnitQuaternion(where, 'orientation', options.orientation ?? [0, 0, 0, 1], new Float64Array(4));
  const R = rotationMatrix(new Float64Array(9), q);
  const turn = (v: ArrayLike<number>): Vec3Tuple => [
    R[0] * v[0] + R[3] * v[1] + R[6] * v[2], R[1] * v[0] + R[4] * v[1] + R[7] * v[2], R[2] * v[0] + R[5] * v[1] + R[8] * v[2],
  ];
  const at = (x: number, y: number, z: number): Vec3Tuple => {
    const [tx, ty, tz] = turn([x, y, z]);
    return [origin[0] + tx, origin[1] + ty, origin[2] + tz];
  };
  const orientation: QuatTuple = [q[0], q[1], q[2], q[3]];

  // Heights (Winter): ankle, knee, hip, trunk boundaries, shoulder, neck, top.
  const ankle = 0.039 * H, knee = 0.285 * H, hip = 0.53 * H, shoulder = 0.818 * H;
  const lumbar = 0.63 * H, thoracic = 0.72 * H, neck = 0.845 * H;
  const hipX = 0.051 * H, shoulderX = 0.129 * H, trunkHalfWidth = 0.085 * H, trunkHalfDepth = 0.055 * H;
  const upperArm = 0.186 * H, forearm = 0.146 * H, hand = 0.108 * H, footLength = 0.152 * H;

  const bodies: BodyDescription[] = [];
  const index = {} as Record<RagdollSegment, number>;
  const add = (name: RagdollSegment, role: string, position: Vec3Tuple, mass: number, inertia: Vec3Tuple, shape: BodyDescription['shape']) => {
    index[name] = bodies.length;
    bodies.push({ type: 'dynamic', position, orientation, mass, inertia, shape, role, name, linearDamping: damping, angularDamping: damping, collide, group });
  };
  /** A vertical limb segment from y0 down to y1 at lateral x, as a capsule of radius r. */
  const limb = (name: RagdollSegment, role: string, x: number, y0: number, y1: number, mass: number, r: number) => {
    const half = Math.max((y0 - y1) / 2 - r, 0);
    add(name, role, at(x, (y0 + y1) / 2, 0), mass, capsuleInertia(mass, r, half), { kind: 'capsule', radius: r, halfHeight: half });
  };
  const box = (name: RagdollSegment, role: string, center: Vec3Tuple, mass: number, half: Vec3Tuple) =>
    add(name, role, at(center[0], center[1], center[2]), mass, boxInertia(mass, half), { kind: 'box', halfExtents: half });

  // Trunk, bottom up, and the head.
  box('lowerTrunk', 'trunk', [0, (hip + lumbar) / 2, 0], f.lowerTrunk * M, [trunkHalfWidth, (lumbar - hip) / 2, trunkHalfDepth]);
  box('middleTrunk', 'trunk', [0, (lumbar + thoracic) / 2, 0], f.middleTrunk * M, [trunkHalfWidth * 0.9, (thoracic - lumbar) / 2, trunkHalfDepth]);
  box('upperTrunk', 'trunk', [0, (thoracic + neck) / 2, 0], f.upperTrunk * M, [trunkHalfWidth, (neck - thoracic) / 2, trunkHalfDepth * 1.05]);
  const headRadius = (H - neck) / 2;
  add('head', 'head', at(0, neck + headRadius, 0), f.head * M, sphereInertia(f.head * M, headRadius), { kind: 'sphere', radius: headRadius });
  // Arms at the sides and legs, per side (+x is the character's left: it faces +z).
  for (const [side, sign] of [['Left', 1], ['Right', -1]] as const) {
    const x = sign * shoulderX;
    limb(`upperArm${side}`, 'arm', x, shoulder, shoulder - upperArm, f.upperArm * M, 0.025 * H);
    limb(`forearm${side}`, 'arm', x, shoulder - upperArm, shoulder - upperArm - forearm, f.forearm * M, 0.02 * H);
    limb(`hand${side}`, 'arm', x, shoulder - upperArm - forearm, shoulder - upperArm - forearm - hand, f.hand * M, 0.015 * H);
    const lx = sign * hipX;
    limb(`thigh${side}`, 'leg', lx, hip, knee, f.thigh * M, 0.04 * H);
    limb(`shank${side}`, 'leg', lx, knee, ankle, f.shank * M, 0.03 * H);
    box(`foot${side}`, 'leg', [lx, ankle / 2, footLength / 2 - 0.03 * H], f.foot * M, [0.03 * H, ankle / 2, footLength / 2]);
  }

  // Friction ∝ weight × length of what a joint carries (the subtree below it, standing).
  const torque = (massFraction: number, length: number): number => friction * massFraction * M * G * length;
  const down: Vec3Tuple = [0, -1, 0], up: Vec3Tuple = [0, 1, 0], lateral: Vec3Tuple = [1, 0, 0];
  const joints: JointDescription[] = [];
  // Swing-twist joints: twist axis along the child bone, frame y lateral (so swing about y is flexion
  // and extension, swing about z is sideways bending or abduction).
  const swingTwist = (
    name: RagdollJointName, parent: RagdollSegment, child: RagdollSegment, anchor: Vec3Tuple, axis: Vec3Tuple,
    swing: [number, number], twist: number, carried: number, length: number,
  ) =>
    joints.push({
      type: 'ball', name, bodyA: index[parent], bodyB: index[child], anchor: at(anchor[0], anchor[1], anchor[2]), axis: turn(axis),
      normal: turn(lateral), swingLimit: swing, twistLimit: [-twist, twist], friction: torque(carried, length), breakForce,
    });
  // Hinges about the lateral axis (the sign of the axis picks which way positive angles bend).
  const hinge = (
    name: RagdollJointName, parent: RagdollSegment, child: RagdollSegment, anchor: Vec3Tuple, axis: Vec3Tuple,
    lower: number, upper: number, carried: number, length: number,
  ) =>
    joints.push({
      type: 'hinge', name, bodyA: index[parent], bodyB: index[child], anchor: at(anchor[0], anchor[1], anchor[2]), axis: turn(axis),
      normal: turn([0, 0, 1]), limits: [lower, upper], friction: torque(carried, length), breakForce,
    });

  const armFraction = f.upperArm + f.forearm + f.hand, legFraction = f.thigh + f.shank + f.foot;
  swingTwist('neck', 'upperTrunk', 'head', [0, neck, 0], up, [0.7, 0.5], 1.2, f.head, 2 * headRadius);
  swingTwist('upperSpine', 'middleTrunk', 'upperTrunk', [0, thoracic, 0], up, [0.35, 0.3], 0.5,
    f.head + f.upperTrunk + 2 * armFraction, neck - thoracic);
  swingTwist('lowerSpine', 'lowerTrunk', 'middleTrunk', [0, lumbar, 0], up, [0.45, 0.3], 0.4,
    f.head + f.upperTrunk + f.middleTrunk + 2 * armFraction, thoracic - lumbar);
  for (const [side, sign] of [['Left', 1], ['Right', -1]] as const) {
    const x = sign * shoulderX, lx = sign * hipX;
    swingTwist(`shoulder${side}`, 'upperTrunk', `upperArm${side}`, [x, shoulder, 0], down, [1.4, 1.3], 1.2, armFraction, upperArm);
    // Elbows flex forward: about −x, positive angles swing the forearm toward +z.
    hinge(`elbow${side}`, `upperArm${side}`, `forearm${side}`, [x, shoulder - upperArm, 0], [-1, 0, 0], 0, 2.5, f.forearm + f.hand, forearm);
    swingTwist(`wrist${side}`, `forearm${side}`, `hand${side}`, [x, shoulder - upperArm - forearm, 0], down, [1.1, 0.4], 0.3, f.hand, hand);
    swingTwist(`hip${side}`, 'lowerTrunk', `thigh${side}`, [lx, hip, 0], down, [1.2, 0.6], 0.6, legFraction, hip - knee);
    // Knees bend backward: about +x, positive angles swing the shank toward −z.
    hinge(`knee${side}`, `thigh${side}`, `shank${side}`, [lx, knee, 0], [1, 0, 0], 0, 2.4, f.shank + f.foot, knee - ankle);
    // Ankles: about −x, positive angles lift the toes (dorsiflexion 0.5 rad, plantarflexion 0.8 rad).
    hinge(`ankle${side}`, `shank${side}`, `foot${side}`, [lx, ankle, 0], [-1, 0, 0], -0.8, 0.5, f.foot, footLength);
  }
  return { name: 'ragdoll', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints, headTop: at(0, H, 0) };
}

/** Builds a ragdoll in a world (describeRagdoll's scene) and returns its bodies and joints by name. */
export function createRagdoll(world: World, options: RagdollOptions = {}): Ragdoll {
  // Each ragdoll of a world its own group, from the world (a module counter would make a scene built
  // twice differ, and a restored world's new ragdoll share a saved one's group).
  const ownGroup = options !== null && typeof options === 'object' && options.selfCollide !== true && options.group === undefined;
  const description = describeRagdoll(ownGroup ? { ...options, group: world.createFilterGroup() } : options);
  const built = addSceneToWorld(world, description);
  return ragdollFromScene(description, built.bodies, built.joints);
}

/**
 * The Ragdoll of a scene built from describeRagdoll's description (addSceneToWorld, or a viewer scene):
 * its bodies and joints found by the names the description gives them (other bodies and joints it may
 * hold, a pin or a weld, are left out), and driveToPose and limp over them, from the build pose the
 * description gives.
 */
export function ragdollFromScene(description: SceneDescription & { headTop: Vec3Tuple }, bodyList: readonly Body[], jointList: readonly unknown[]): Ragdoll {
  const bodies = {} as Record<RagdollSegment, Body>;
  const ragdollBodies: Body[] = [];
  description.bodies.forEach((b, i) => {
    if (!SEGMENTS.has(b.name as RagdollSegment)) return;
    bodies[b.name as RagdollSegment] = bodyList[i];
    ragdollBodies.push(bodyList[i]);
  });
  const joints = {} as Record<RagdollJointName, BallJoint | HingeJoint>;
  const ragdollJoints: (BallJoint | HingeJoint)[] = [];
  const names: RagdollJointName[] = [];
  // each joint's build pose: B's orientation in A's axes (q_a⁻¹ q_b), and a hinge's axis in A's axes
  const rest: { relative: Float64Array }[] = [];
  description.joints.forEach((j, i) => {
    if (!JOINT_NAMES.has(j.name as RagdollJointName)) return;
    const joint = jointList[i];
    if (!(joint instanceof BallJoint || joint instanceof HingeJoint)) throw new Error(`ragdollFromScene: joint ${j.name} is not a ball joint or a hinge`);
    joints[j.name as RagdollJointName] = joint;
    ragdollJoints.push(joint);
    names.push(j.name as RagdollJointName);
    const qa = description.bodies[j.bodyA]?.orientation ?? IDENTITY, qb = j.bodyB === null ? IDENTITY : description.bodies[j.bodyB]?.orientation ?? IDENTITY;
    const relative = quatMultiply(new Float64Array(4), quatConjugate(new Float64Array(4), qa), qb);
    rest.push({ relative });
  });
  const { driveToPose, limp } = poseDriver<RagdollJointName>(names, ragdollJoints, rest.map((r) => r.relative));
  return { bodies, joints: joints as RagdollJoints, bodyList: ragdollBodies, jointList: ragdollJoints, headTop: description.headTop, driveToPose, limp };
}

const IDENTITY = [0, 0, 0, 1];
const SEGMENTS = /* @__PURE__ */ new Set<RagdollSegment>([
  'head', 'upperTrunk', 'middleTrunk', 'lowerTrunk', 'upperArmLeft', 'forearmLeft', 'handLeft', 'upperArmRight', 'forearmRight', 'handRight',
  'thighLeft', 'shankLeft', 'footLeft', 'thighRight', 'shankRight', 'footRight',
]);
const JOINT_NAMES = /* @__PURE__ */ new Set<RagdollJointName>([
  'neck', 'upperSpine', 'lowerSpine', 'shoulderLeft', 'elbowLeft', 'wristLeft', 'shoulderRight', 'elbowRight', 'wristRight',
  'hipLeft', 'kneeLeft', 'ankleLeft', 'hipRight', 'kneeRight', 'ankleRight',
]);

