// Objects that follow bodies: each frame, every attached Object3D (or instance of an InstancedMesh) is
// given its body's pose, drawn between steps at the world's interpolation alpha (world.advance;
// body.getInterpolatedPosition and getInterpolatedOrientation), so a world stepped at a fixed 60 Hz moves
// smoothly on a display of any rate.
//
// What follows the body is the object's origin, where the user put it: attach() measures the object's
// world pose against the body's (whose position is its centre of mass, which a hull or a body of several
// shapes puts away from the mesh's origin) and keeps that offset in the body's frame,
//   origin = x + R(q) o,   rotation = q t,
// o and t measured once: o = R(q)ᵀ (origin − x), t = q⁻¹ rotation. The add-ons of three.js copy the
// body's translation into mesh.position (RapierPhysics.js, JoltPhysics.js), which is right only while
// the centre of mass is the mesh's origin.
//
// The pose is written in the object's parent's frame (for an instance, its InstancedMesh's frame), read
// from the parent's matrixWorld as three last computed it (renderer.render does, once a frame); when it is
// the identity (an object in the scene, the usual case) the world pose is written as it is. An object's
// scale is never changed. update() allocates nothing.

import { Matrix4, Quaternion, Vector3, type InstancedMesh, type Object3D } from 'three';
import { Body, type AdvanceResult, type World } from '../index.js';
import { describe, isThree } from './vectors.js';

export interface AttachOptions {
  /**
   * Draw the body between its last two steps, at the world's interpolation alpha (true, the default:
   * for a world moved by `advance`), or where the last step left it (false).
   */
  interpolate?: boolean;
}

/** An object following a body: its offset o and turn t in the body's frame (see the header). */
interface Follower {
  readonly object: Object3D;
  readonly body: Body;
  readonly offset: Float64Array;
  readonly turn: Float64Array;
  readonly interpolate: boolean;
}

/** The instances of one InstancedMesh that follow bodies: per instance its body (or null), o, t, its own
 * scale (kept in its matrix) and whether it is interpolated. */
interface InstanceGroup {
  readonly mesh: InstancedMesh;
  readonly bodies: (Body | null)[];
  readonly offsets: Float64Array;
  readonly turns: Float64Array;
  readonly scales: Float64Array;
  readonly interpolate: Uint8Array;
  attached: number;
}

// Scratch: every call writes these before reading them.
const bodyPosition = new Float64Array(3);
const bodyOrientation = new Float64Array(4);
const pose = new Float64Array(7);
const conjugate = new Float64Array(4);
const difference = new Float64Array(3);
/** An object's offset about the body's centre now: its offset about the centre when the body was made,
 * less the body's centreShift. */
const local = new Float64Array(3);

/** local = offset[at..at+3) − the body's centreShift (offsets are kept about the centre the body was made
 * with, so shapes added, removed or resized, which move the centre, leave the objects where they were). */
function localOffset(body: Body, offset: Float64Array, at: number): void {
  const shift = body.centreShift;
  local[0] = offset[at] - shift[0]; local[1] = offset[at + 1] - shift[1]; local[2] = offset[at + 2] - shift[2];
}
const position = new Vector3();
const quaternion = new Quaternion();
const scale = new Vector3();
const frameInverse = new Matrix4();
const frameQuaternion = new Quaternion();
const matrix = new Matrix4();

/** Whether a matrix is the identity (its elements exactly so): an object in an untransformed scene. */
function isIdentity(m: Matrix4): boolean {
  const e = m.elements;
  return e[0] === 1 && e[1] === 0 && e[2] === 0 && e[3] === 0 && e[4] === 0 && e[5] === 1 && e[6] === 0 && e[7] === 0 &&
    e[8] === 0 && e[9] === 0 && e[10] === 1 && e[11] === 0 && e[12] === 0 && e[13] === 0 && e[14] === 0 && e[15] === 1;
}

/** out[at..at+3) = v[vAt..vAt+3) rotated by the unit quaternion q[0..4): v + 2w (u × v) + 2 u × (u × v). Takes
 * arrays and offsets, not numbers: doubles passed to a call V8 does not inline are boxed, a heap number
 * each, and this runs per object per frame. */
function rotate(out: Float64Array, at: number, q: Float64Array, v: Float64Array, vAt: number): void {
  const qx = q[0], qy = q[1], qz = q[2], qw = q[3], vx = v[vAt], vy = v[vAt + 1], vz = v[vAt + 2];
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  out[at] = vx + qw * tx + (qy * tz - qz * ty);
  out[at + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[at + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** The body's pose to draw: interpolated or current. */
function readBodyPose(body: Body, interpolate: boolean): void {
  if (interpolate) {
    body.getInterpolatedPosition(bodyPosition);
    body.getInterpolatedOrientation(bodyOrientation);
  } else {
    bodyPosition.set(body.position);
    bodyOrientation.set(body.orientation);
  }
}

/**
 * pose = the world pose of a point at offset o and turn t in the body's frame (bodyPosition,
 * bodyOrientation): position x + R(q) o, then the quaternion q t.
 */
function followPose(body: Body, offset: Float64Array, at: number, turn: Float64Array, turnAt: number): void {
  localOffset(body, offset, at);
  rotate(pose, 0, bodyOrientation, local, 0);
  pose[0] += bodyPosition[0]; pose[1] += bodyPosition[1]; pose[2] += bodyPosition[2];
  const qx = bodyOrientation[0], qy = bodyOrientation[1], qz = bodyOrientation[2], qw = bodyOrientation[3];
  const tx = turn[turnAt], ty = turn[turnAt + 1], tz = turn[turnAt + 2], tw = turn[turnAt + 3];
  pose[3] = qw * tx + qx * tw + qy * tz - qz * ty;
  pose[4] = qw * ty - qx * tz + qy * tw + qz * tx;
  pose[5] = qw * tz + qx * ty - qy * tx + qz * tw;
  pose[6] = qw * tw - qx * tx - qy * ty - qz * tz;
}

/** position, quaternion = `pose` (world) in the frame whose world matrix is `frame` (null: the world). */
function poseInFrame(frame: Matrix4 | null): void {
  position.fromArray(pose, 0);
  quaternion.fromArray(pose, 3);
  if (frame === null || isIdentity(frame)) return;
  frameInverse.copy(frame).invert();
  position.applyMatrix4(frameInverse);
  frame.decompose(scale, frameQuaternion, scale); // (scale: scratch, unread)
  quaternion.premultiply(frameQuaternion.invert());
}

/**
 * Measures o and t (see the header) of a world pose (position, quaternion) against the body's current
 * pose into offset[at..at+3) and turn[turnAt..turnAt+4).
 */
function measure(body: Body, offset: Float64Array, at: number, turn: Float64Array, turnAt: number): void {
  const q = body.orientation, x = body.position;
  // o = R(q)ᵀ (origin − x): the difference rotated by the conjugate
  conjugate[0] = -q[0]; conjugate[1] = -q[1]; conjugate[2] = -q[2]; conjugate[3] = q[3];
  difference[0] = position.x - x[0]; difference[1] = position.y - x[1]; difference[2] = position.z - x[2];
  rotate(offset, at, conjugate, difference, 0);
  // kept about the centre the body was made with (localOffset)
  const shift = body.centreShift;
  offset[at] += shift[0]; offset[at + 1] += shift[1]; offset[at + 2] += shift[2];
  // t = q⁻¹ r
  const ax = conjugate[0], ay = conjugate[1], az = conjugate[2], aw = conjugate[3];
  const bx = quaternion.x, by = quaternion.y, bz = quaternion.z, bw = quaternion.w;
  turn[turnAt] = aw * bx + ax * bw + ay * bz - az * by;
  turn[turnAt + 1] = aw * by - ax * bz + ay * bw + az * bx;
  turn[turnAt + 2] = aw * bz + ax * by - ay * bx + az * bw;
  turn[turnAt + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

function requireObject(where: string, object: unknown): asserts object is Object3D {
  if (!isThree(object, 'isObject3D')) {
    throw new TypeError(`${where}: object must be a three.js Object3D (a Mesh, Group, …), got ${describe(object)}`);
  }
}

function requireBody(where: string, body: unknown): asserts body is Body {
  if (!(body instanceof Body)) throw new TypeError(`${where}: body must be a Body of sinew-physics (world.createBody), got ${describe(body)}`);
}

function readInterpolate(where: string, options: AttachOptions | undefined): boolean {
  if (options === undefined) return true;
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  const interpolate = options.interpolate ?? true;
  if (typeof interpolate !== 'boolean') throw new TypeError(`${where}: options.interpolate must be true or false, got ${describe(interpolate)}`);
  return interpolate;
}

function requireInstance(where: string, mesh: unknown, index: unknown): asserts mesh is InstancedMesh {
  if (!isThree(mesh, 'isInstancedMesh')) {
    throw new TypeError(`${where}: mesh must be a three.js InstancedMesh, got ${describe(mesh)}`);
  }
  const capacity = (mesh as InstancedMesh).instanceMatrix.count;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= capacity) {
    throw new RangeError(`${where}: index must be an integer from 0 to ${capacity - 1} (the mesh's instances), got ${describe(index)}`);
  }
}

/**
 * Three.js objects that follow sinew bodies. `attach(object, body)` keeps the object where it is now
 * relative to the body; `update()` (each frame, after the world is advanced) moves every attached object
 * to its body's pose, between steps. `advance(elapsed)` does both.
 */
export class ObjectSync {
  readonly world: World;
  private readonly followers: Follower[] = [];
  private readonly followerIndex = new Map<Object3D, number>();
  private readonly groups: InstanceGroup[] = [];
  private readonly groupIndex = new Map<InstancedMesh, InstanceGroup>();

  constructor(world: World) {
    if (world === null || typeof world !== 'object' || typeof (world as { advance?: unknown }).advance !== 'function') {
      throw new TypeError(`ObjectSync: world must be a World of sinew-physics, got ${describe(world)}`);
    }
    this.world = world;
  }

  /** Objects and instances attached. */
  get size(): number {
    let count = this.followers.length;
    for (let i = 0; i < this.groups.length; i++) count += this.groups[i].attached;
    return count;
  }

  /**
   * Makes `object` follow `body` from now on, keeping its origin and rotation where they are now in the
   * body's frame (its world pose, from its matrixWorld brought up to date here, against the body's
   * current pose). Attaching an object again replaces its body and offset.
   */
  attach(object: Object3D, body: Body, options?: AttachOptions): void {
    requireObject('attach', object);
    requireBody('attach', body);
    const interpolate = readInterpolate('attach', options);
    object.updateWorldMatrix(true, false);
    object.matrixWorld.decompose(position, quaternion, scale);
    const follower: Follower = { object, body, offset: new Float64Array(3), turn: new Float64Array(4), interpolate };
    measure(body, follower.offset, 0, follower.turn, 0);
    const index = this.followerIndex.get(object);
    if (index === undefined) {
      this.followerIndex.set(object, this.followers.length);
      this.followers.push(follower);
    } else {
      this.followers[index] = follower;
    }
  }

  /** Makes instance `index` of `mesh` follow `body`, as attach: its matrix (in the mesh's frame) keeps
   * its scale and is given the body's pose. */
  attachInstance(mesh: InstancedMesh, index: number, body: Body, options?: AttachOptions): void {
    requireInstance('attachInstance', mesh, index);
    requireBody('attachInstance', body);
    const interpolate = readInterpolate('attachInstance', options);
    let group = this.groupIndex.get(mesh);
    if (group === undefined) {
      const capacity = mesh.instanceMatrix.count;
      group = {
        mesh, bodies: new Array<Body | null>(capacity).fill(null), offsets: new Float64Array(3 * capacity), turns: new Float64Array(4 * capacity),
        scales: new Float64Array(3 * capacity), interpolate: new Uint8Array(capacity), attached: 0,
      };
      this.groupIndex.set(mesh, group);
      this.groups.push(group);
    }
    mesh.updateWorldMatrix(true, false);
    mesh.getMatrixAt(index, matrix);
    matrix.decompose(position, quaternion, scale);
    group.scales[3 * index] = scale.x; group.scales[3 * index + 1] = scale.y; group.scales[3 * index + 2] = scale.z;
    matrix.premultiply(mesh.matrixWorld).decompose(position, quaternion, scale);
    measure(body, group.offsets, 3 * index, group.turns, 4 * index);
    if (group.bodies[index] === null) group.attached++;
    group.bodies[index] = body;
    group.interpolate[index] = interpolate ? 1 : 0;
  }

  /** Stops `object` following its body (it stays where it was last put). False if it was not attached. */
  detach(object: Object3D): boolean {
    const index = this.followerIndex.get(object);
    if (index === undefined) return false;
    const last = this.followers.pop()!;
    this.followerIndex.delete(object);
    if (index < this.followers.length) {
      this.followers[index] = last;
      this.followerIndex.set(last.object, index);
    }
    return true;
  }

  /** Stops instance `index` of `mesh` following its body. False if it was not attached. */
  detachInstance(mesh: InstancedMesh, index: number): boolean {
    const group = this.groupIndex.get(mesh);
    if (group === undefined || !(index >= 0 && index < group.bodies.length) || group.bodies[index] === null) return false;
    group.bodies[index] = null;
    if (--group.attached === 0) {
      this.groupIndex.delete(mesh);
      this.groups.splice(this.groups.indexOf(group), 1);
    }
    return true;
  }

  /** The body `object` follows, or null. */
  bodyOf(object: Object3D): Body | null {
    const index = this.followerIndex.get(object);
    return index === undefined ? null : this.followers[index].body;
  }

  /** The body instance `index` of `mesh` follows, or null. */
  bodyOfInstance(mesh: InstancedMesh, index: number): Body | null {
    return this.groupIndex.get(mesh)?.bodies[index] ?? null;
  }

  /**
   * For a teleport: the body position (its centre of mass) that puts `object`'s origin at the world point
   * `origin`, the body keeping its orientation, x = origin − R(q) o, written to `out` (3 numbers). Null if
   * the object is not attached.
   */
  bodyPositionFor(object: Object3D, origin: ArrayLike<number>, out: Float64Array): Float64Array | null {
    const index = this.followerIndex.get(object);
    if (index === undefined) return null;
    const follower = this.followers[index];
    return this.bodyPositionFromOffset(follower.body, follower.offset, 0, origin, out);
  }

  /** As bodyPositionFor, for instance `index` of `mesh`. */
  instanceBodyPositionFor(mesh: InstancedMesh, index: number, origin: ArrayLike<number>, out: Float64Array): Float64Array | null {
    const group = this.groupIndex.get(mesh);
    const body = group?.bodies[index] ?? null;
    if (group === undefined || body === null) return null;
    return this.bodyPositionFromOffset(body, group.offsets, 3 * index, origin, out);
  }

  /** x = origin − R(q) o. */
  private bodyPositionFromOffset(body: Body, offset: Float64Array, at: number, origin: ArrayLike<number>, out: Float64Array): Float64Array {
    localOffset(body, offset, at);
    rotate(out, 0, body.orientation, local, 0);
    out[0] = origin[0] - out[0]; out[1] = origin[1] - out[1]; out[2] = origin[2] - out[2];
    return out;
  }

  /** Moves every attached object and instance to its body's pose (see the header). Allocates nothing. */
  update(): void {
    const followers = this.followers;
    for (let i = 0; i < followers.length; i++) {
      const f = followers[i];
      readBodyPose(f.body, f.interpolate);
      followPose(f.body, f.offset, 0, f.turn, 0);
      const parent = f.object.parent;
      poseInFrame(parent === null ? null : parent.matrixWorld);
      f.object.position.copy(position);
      f.object.quaternion.copy(quaternion);
    }
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g], mesh = group.mesh, bodies = group.bodies, array = mesh.instanceMatrix.array, scales = group.scales;
      for (let i = 0; i < bodies.length; i++) {
        const body = bodies[i];
        if (body === null) continue;
        readBodyPose(body, group.interpolate[i] === 1);
        followPose(body, group.offsets, 3 * i, group.turns, 4 * i);
        poseInFrame(mesh.matrixWorld);
        scale.fromArray(scales, 3 * i);
        matrix.compose(position, quaternion, scale).toArray(array, 16 * i);
      }
      mesh.instanceMatrix.needsUpdate = true;
      // as the add-ons do: the instances' bounds move with them (frustum culling reads them)
      mesh.computeBoundingSphere();
    }
  }

  /** world.advance(elapsedSeconds, beforeStep), then update(): a frame's physics and poses in one call. */
  advance(elapsedSeconds: number, beforeStep?: (dt: number) => void): AdvanceResult {
    const result = this.world.advance(elapsedSeconds, beforeStep);
    this.update();
    return result;
  }
}
