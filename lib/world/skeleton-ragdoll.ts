// A ragdoll from a skeleton: a game's character rig (bones with parents, each from its head to its tail at
// the rest pose, with a radius) made into bodies and joints, so the rig's animation can drive it
// (driveToPose) and its meshes follow it. Each bone is a capsule from its head to its tail (a sphere when
// the two are within its radius of each other) of the bone's mass, or of density × its volume; each bone
// with a parent is joined to it at its head: a swing-twist ball joint whose twist axis runs along the
// bone (frame y lateral as the rig gives it, or any), or a hinge about the axis the bone gives.
//
// The segments' inertias are the capsules' (no mass is clamped). Joint friction, damping and collision
// are the humanoid ragdoll's options (createRagdoll).

import type { World } from './world.js';
import type { Body } from '../body/body.js';
import { BallJoint } from '../joints/ball-joint.js';
import { HingeJoint } from '../joints/hinge-joint.js';
import { capsuleInertia, sphereInertia } from '../geometry/inertia.js';
import { addSceneToWorld, type BodyDescription, type JointDescription, type QuatTuple, type SceneDescription, type Vec3Tuple } from '../scenes/description.js';
import { quatConjugate, quatMultiply } from '../math/quat.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { readDirection, readPoint, requireBoolean, requireNonNegative, requirePositive, show } from '../util/validate.js';
import type { QuaternionInput, Vector3Input } from '../util/vector-input.js';
import { poseDriver, type RagdollDriveOptions } from './pose-driver.js';

/** One bone of a skeleton, at the rest pose, world space. */
export interface SkeletonBone {
  /** Its name: the body's and the joint's (the joint to its parent). */
  name: string;
  /** The parent bone's name; omitted for the root (one per skeleton). */
  parent?: string;
  /** Where the bone starts (its joint to the parent), m. */
  head: Vector3Input;
  /** Where it ends, m. */
  tail: Vector3Input;
  /** The capsule's radius, m. */
  radius: number;
  /** kg. Default: the skeleton's density × the capsule's volume. */
  mass?: number;
  /** The joint to the parent: 'ball' (default: swing-twist, twist axis along the bone) or 'hinge'. */
  joint?: 'ball' | 'hinge';
  /** A hinge's axis, world space (required for a hinge). A ball joint's frame y axis (its first swing's
   * plane), made perpendicular to the bone; default any. */
  axis?: Vector3Input;
  /** Ball: swing cone half-angles, rad ([about y, about z] or one for both). Default π (none). */
  swingLimit?: number | [number, number];
  /** Ball: twist range about the bone, rad. Default none. */
  twistLimit?: [number, number];
  /** Hinge: angle range, rad (an arc, as HingeJointOptions). Default none. */
  limits?: [number, number];
  /** Joint friction, N·m. Default 0. */
  friction?: number;
}

export interface SkeletonOptions {
  bones: readonly SkeletonBone[];
  /** kg/m³, for bones without a mass. Default 1000 (water, about a body's). */
  density?: number;
  /** Velocity damping of every segment, 1/s. Default 1. */
  damping?: number;
  /** Whether the segments collide with other bodies' shapes. Default true. */
  collide?: boolean;
  /** Whether they also collide with each other. Default false: they share a negative filter group (a new
   * one from world.createFilterGroup()). */
  selfCollide?: boolean;
}

/** A skeleton's ragdoll: its bodies and joints by bone name, and the humanoid ragdoll's driveToPose. */
export interface SkeletonRagdoll {
  readonly bodies: Readonly<Record<string, Body>>;
  /** Each bone's joint to its parent (the root has none). */
  readonly joints: Readonly<Record<string, BallJoint | HingeJoint>>;
  readonly bodyList: readonly Body[];
  readonly jointList: readonly (BallJoint | HingeJoint)[];
  /** As Ragdoll.driveToPose: each named joint's child rotation relative to its parent away from the rest
   * pose, in the parent's axes; a joint not named is driven to the rest pose. */
  driveToPose(pose: Readonly<Record<string, QuaternionInput>>, options: RagdollDriveOptions): void;
  /** Every servo off. */
  limp(): void;
}

const SKELETON_KEYS = optionKeys<SkeletonOptions>({ bones: true, density: true, damping: true, collide: true, selfCollide: true });
const BONE_KEYS = optionKeys<SkeletonBone>({
  name: true, parent: true, head: true, tail: true, radius: true, mass: true, joint: true, axis: true, swingLimit: true, twistLimit: true, limits: true, friction: true,
});

/** The skeleton as a scene description (bodies and joints in bone order; each named by its bone; the
 * segments in filter `group`, default −1: give each skeleton of a scene its own). Checks every bone
 * first: a refused skeleton makes nothing. */
export function describeSkeleton(options: SkeletonOptions, group = -1): SceneDescription {
  const where = 'createSkeletonRagdoll';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object { bones, … }, got ${show(options)}`);
  checkOptionKeys(where, options, SKELETON_KEYS);
  if (!Array.isArray(options.bones) || options.bones.length === 0) throw new TypeError(`${where}: bones must be a non-empty array, got ${show(options.bones)}`);
  const density = requirePositive(where, 'density', options.density ?? 1000);
  const damping = requireNonNegative(where, 'damping', options.damping ?? 1);
  const collide = options.collide === undefined ? true : requireBoolean(where, 'collide', options.collide);
  const index = new Map<string, number>();
  options.bones.forEach((bone, i) => {
    if (bone === null || typeof bone !== 'object') throw new TypeError(`${where}: bones[${i}] must be an object, got ${show(bone)}`);
    checkOptionKeys(`${where}: bones[${i}]`, bone, BONE_KEYS, 'bone option');
    if (typeof bone.name !== 'string' || bone.name === '') throw new TypeError(`${where}: bones[${i}].name must be a non-empty string, got ${show(bone.name)}`);
    if (index.has(bone.name)) throw new RangeError(`${where}: bones[${i}].name ${show(bone.name)} is used twice`);
    index.set(bone.name, i);
  });
  const roots = options.bones.filter((bone) => bone.parent === undefined);
  if (roots.length !== 1) throw new RangeError(`${where}: a skeleton has one root (a bone without a parent), got ${roots.length}`);
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  options.bones.forEach((bone, i) => {
    const at = `bones[${i}] (${bone.name})`;
    if (bone.parent !== undefined && !index.has(bone.parent)) throw new RangeError(`${where}: ${at}.parent ${show(bone.parent)} is no bone of the skeleton`);
    // a parent chain that comes back to the bone is a cycle
    for (let p = bone.parent, steps = 0; p !== undefined; p = options.bones[index.get(p) as number].parent, steps++) {
      if (p === bone.name || steps > options.bones.length) throw new RangeError(`${where}: ${at}: its parents form a cycle`);
    }
    const head = readPoint(where, `${at}.head`, bone.head, 3, new Float64Array(3));
    const tail = readPoint(where, `${at}.tail`, bone.tail, 3, new Float64Array(3));
    const radius = requirePositive(where, `${at}.radius`, bone.radius);
    const d = [tail[0] - head[0], tail[1] - head[1], tail[2] - head[2]], length = Math.hypot(d[0], d[1], d[2]);
    // the capsule's segment: head to tail less a radius at each end (a sphere when shorter)
    const half = Math.max(length / 2 - radius, 0);
    const volume = Math.PI * radius * radius * (2 * half) + (4 / 3) * Math.PI * radius ** 3;
    const mass = bone.mass === undefined ? density * volume : requirePositive(where, `${at}.mass`, bone.mass);
    const centre: Vec3Tuple = [(head[0] + tail[0]) / 2, (head[1] + tail[1]) / 2, (head[2] + tail[2]) / 2];
    // the body's y axis along the bone (a capsule lies along its body's y)
    const orientation = length > 1e-9 ? rotationFromYTo(d[0] / length, d[1] / length, d[2] / length) : ([0, 0, 0, 1] as QuatTuple);
    bodies.push({
      type: 'dynamic', position: centre, orientation, mass, name: bone.name, role: 'bone', linearDamping: damping, angularDamping: damping, collide, group,
      inertia: half > 0 ? capsuleInertia(mass, radius, half) : sphereInertia(mass, radius),
      shape: half > 0 ? { kind: 'capsule', radius, halfHeight: half } : { kind: 'sphere', radius },
    });
    if (bone.parent === undefined) return;
    const kind = bone.joint ?? 'ball';
    if (kind !== 'ball' && kind !== 'hinge') throw new RangeError(`${where}: ${at}.joint must be 'ball' or 'hinge', got ${show(kind)}`);
    const friction = bone.friction === undefined ? undefined : requireNonNegative(where, `${at}.friction`, bone.friction);
    const anchor: Vec3Tuple = [head[0], head[1], head[2]];
    if (kind === 'hinge') {
      if (bone.axis === undefined) throw new TypeError(`${where}: ${at}: a hinge needs an axis`);
      const axis = Array.from(readDirection(where, `${at}.axis`, bone.axis, new Float64Array(3))) as Vec3Tuple;
      joints.push({ type: 'hinge', name: bone.name, bodyA: -1, bodyB: i, anchor, axis, limits: bone.limits, friction });
    } else {
      if (length <= 1e-9) throw new RangeError(`${where}: ${at}: a ball joint's twist axis runs along the bone, which has no length`);
      const swing = bone.swingLimit === undefined ? undefined : typeof bone.swingLimit === 'number' ? ([bone.swingLimit, bone.swingLimit] as [number, number]) : bone.swingLimit;
      const normal = bone.axis === undefined ? undefined : (Array.from(readDirection(where, `${at}.axis`, bone.axis, new Float64Array(3))) as Vec3Tuple);
      joints.push({ type: 'ball', name: bone.name, bodyA: -1, bodyB: i, anchor, axis: [d[0] / length, d[1] / length, d[2] / length], normal, swingLimit: swing, twistLimit: bone.twistLimit, friction });
    }
  });
  // the parents' indices, now that every bone has its body
  for (const joint of joints) joint.bodyA = index.get(options.bones[joint.bodyB as number].parent as string) as number;
  return { name: 'skeleton', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints };
}

/** Builds a skeleton's ragdoll in a world (describeSkeleton) and returns its bodies and joints by bone name. */
export function createSkeletonRagdoll(world: World, options: SkeletonOptions): SkeletonRagdoll {
  // checked whole before the world gives it a filter group: a refused skeleton changes nothing
  const description = describeSkeleton(options, 0);
  const selfCollide = options.selfCollide === undefined ? false : requireBoolean('createSkeletonRagdoll', 'selfCollide', options.selfCollide);
  if (!selfCollide) {
    const group = world.createFilterGroup();
    for (const body of description.bodies) body.group = group;
  }
  const built = addSceneToWorld(world, description);
  const bodies: Record<string, Body> = {};
  description.bodies.forEach((b, i) => (bodies[b.name as string] = built.bodies[i]));
  const joints: Record<string, BallJoint | HingeJoint> = {};
  const jointList: (BallJoint | HingeJoint)[] = [];
  const rest: Float64Array[] = [];
  description.joints.forEach((j, i) => {
    const joint = built.joints[i] as BallJoint | HingeJoint;
    joints[j.name as string] = joint;
    jointList.push(joint);
    const qa = description.bodies[j.bodyA].orientation ?? [0, 0, 0, 1], qb = description.bodies[j.bodyB as number].orientation ?? [0, 0, 0, 1];
    rest.push(quatMultiply(new Float64Array(4), quatConjugate(new Float64Array(4), qa), qb));
  });
  const { driveToPose, limp } = poseDriver(description.joints.map((j) => j.name as string), jointList, rest);
  return { bodies, joints, bodyList: built.bodies, jointList, driveToPose, limp };
}

/** The shortest rotation taking y to the unit vector (x, y, z), as [x, y, z, w]. */
function rotationFromYTo(x: number, y: number, z: number): QuatTuple {
  // q = (y × d, 1 + y·d) normalized; d = −y: a half turn about x
  const w = 1 + y;
  if (w < 1e-9) return [1, 0, 0, 0];
  const qx = z, qy = 0, qz = -x, n = Math.hypot(qx, qy, qz, w);
  return [qx / n, qy / n, qz / n, w / n];
}
