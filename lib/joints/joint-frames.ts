// Joint frames: an orthonormal frame fixed in each body at the joint's anchor, so that axes, limits and
// angles are defined in the bodies' own terms and follow them (Jolt's constraint "space", Rapier's local
// frames). The frame's x axis is the joint axis (the hinge axis, the slider axis, the twist axis of a
// swing-twist joint); y is the reference normal (where a hinge's angle 0 points, the plane of a
// swing-twist joint's first swing half-angle); z = x × y.
//
// Both frames are made from one world frame when the joint is created, so the relative rotation of the
// frames starts at identity: angles are measured from the pose the joint was made in. A create call
// that gives B's frame too (axisB, normalB: what a joint's toOptions() gives back) starts it at the
// rotation between the two.
//
// Each prepare turns the local frames into world frames (q_fa = q_a q_la, q_fb = q_b q_lb) and the
// relative rotation q_rel = q_fa⁻¹ q_fb (B's frame in A's frame's coordinates) with q_rel.w ≥ 0.

import type { Body } from '../body/body.js';
import { atan2, writeAtan2 } from '../math/portable.js';
import { quatConjugate, quatFromMat3, quatMultiply, quatNormalize } from '../math/quat.js';
import { readDirection, show } from '../util/validate.js';
import type { Vector3Input } from '../util/vector-input.js';

/** Axes of a world frame from a unit axis and an optional normal (made perpendicular). */
export function frameFromAxis(out: Float64Array, axis: ArrayLike<number>, normal?: ArrayLike<number>): Float64Array {
  let ax = axis[0], ay = axis[1], az = axis[2];
  const length = Math.hypot(ax, ay, az);
  ax /= length; ay /= length; az /= length;
  let nx: number, ny: number, nz: number;
  if (normal !== undefined) {
    nx = normal[0]; ny = normal[1]; nz = normal[2];
  } else {
    // the world axis least aligned with x, made perpendicular below
    const absX = Math.abs(ax), absY = Math.abs(ay), absZ = Math.abs(az);
    if (absX <= absY && absX <= absZ) { nx = 1; ny = 0; nz = 0; }
    else if (absY <= absZ) { nx = 0; ny = 1; nz = 0; }
    else { nx = 0; ny = 0; nz = 1; }
  }
  // y = normalize(n − (n·x) x), z = x × y
  const d = nx * ax + ny * ay + nz * az;
  nx -= d * ax; ny -= d * ay; nz -= d * az;
  const ln = Math.hypot(nx, ny, nz);
  nx /= ln; ny /= ln; nz /= ln;
  const zx = ay * nz - az * ny, zy = az * nx - ax * nz, zz = ax * ny - ay * nx;
  // column-major mat3 [x y z] → quaternion
  const m = matrix;
  m[0] = ax; m[1] = ay; m[2] = az;
  m[3] = nx; m[4] = ny; m[5] = nz;
  m[6] = zx; m[7] = zy; m[8] = zz;
  quatFromMat3(out, m);
  quatNormalize(out, out);
  return out;
}

/** Writes the local rotations (into A and B's axes) of the world frame made from axis and normal; B's
 * from axisB and normalB instead when either is given (each defaults to A's): a joint made with its frames
 * apart, at the angles between them. */
export function setLocalFrames(
  outA: Float64Array, outB: Float64Array, bodyA: Body, bodyB: Body, axis: ArrayLike<number>, normal?: ArrayLike<number>,
  axisB?: ArrayLike<number>, normalB?: ArrayLike<number>,
): void {
  frameFromAxis(world, axis, normal);
  quatConjugate(inverse, bodyA.orientation);
  quatMultiply(outA, inverse, world);
  if (axisB !== undefined || normalB !== undefined) frameFromAxis(world, axisB ?? axis, normalB ?? normal);
  quatConjugate(inverse, bodyB.orientation);
  quatMultiply(outB, inverse, world);
}

/** The world axes x and y (a joint's axis and normal) of a frame fixed in `body` at `localRotation`, as
 * plain arrays (toOptions). */
export function frameAxes(body: Body, localRotation: Float64Array): [number[], number[]] {
  quatMultiply(world, body.orientation, localRotation);
  const x = new Float64Array(3), y = new Float64Array(3);
  axes(world, x, y, new Float64Array(3));
  return [Array.from(x), Array.from(y)];
}

/** A frame's normal: optional, a direction not parallel to the axis (`axisName`: the axis, for the
 * message). */
export function readNormal(
  where: string, name: string, value: unknown, axis: ArrayLike<number>, axisName = 'the axis',
): Float64Array | undefined {
  if (value === undefined) return undefined;
  const normal = readDirection(where, name, value, new Float64Array(3));
  requireNotParallel(where, name, normal, axis, axisName, value);
  return normal;
}

function requireNotParallel(
  where: string, name: string, normal: ArrayLike<number>, axis: ArrayLike<number>, axisName: string, value: unknown,
): void {
  const along = normal[0] * axis[0] + normal[1] * axis[1] + normal[2] * axis[2];
  if (Math.abs(along) > 1 - 1e-9) throw new RangeError(`${where}: ${name} must not be parallel to ${axisName}, got ${show(value)}`);
}

/**
 * B's frame (the options axisB and normalB, world space; each defaults to A's `axis` and `normal`), read
 * after A's: both undefined when neither is given (then B's frame is A's). A normal B's frame takes from A
 * must not be parallel to axisB.
 */
export function readFrameB(
  where: string, options: { axisB?: Vector3Input; normalB?: Vector3Input }, axis: ArrayLike<number>,
  normal: ArrayLike<number> | undefined,
): [Float64Array | undefined, Float64Array | undefined] {
  const axisB = options.axisB === undefined ? undefined : readDirection(where, 'axisB', options.axisB, new Float64Array(3));
  const normalB = readNormal(where, 'normalB', options.normalB, axisB ?? axis, axisB === undefined ? 'the axis' : 'axisB');
  if (axisB !== undefined && normalB === undefined && normal !== undefined) requireNotParallel(where, 'normal', normal, axisB, 'axisB', normal);
  return [axisB, normalB];
}

const matrix = new Float64Array(9);
const world = new Float64Array(4);
const inverse = new Float64Array(4);
/** updateTwistAngle's y and x, then atan2(y, x) (writeAtan2). */
const atan2Arguments = new Float64Array(3);

export class JointFrames {
  /** The frames' orientations in body A's and body B's axes. */
  readonly localRotationA: Float64Array;
  readonly localRotationB: Float64Array;

  /** World frames at the last update (quaternions). */
  readonly worldA = new Float64Array(4);
  readonly worldB = new Float64Array(4);
  /** q_rel = q_fa⁻¹ q_fb, with w ≥ 0. */
  readonly relative = new Float64Array(4);
  /** The world axes of frame A and frame B at the last update. */
  readonly xA = new Float64Array(3);
  readonly yA = new Float64Array(3);
  readonly zA = new Float64Array(3);
  readonly xB = new Float64Array(3);
  readonly yB = new Float64Array(3);
  readonly zB = new Float64Array(3);
  /** twistAngle() at the last updateTwistAngle. */
  twist = 0;

  /** `local`: 8 numbers to keep the two local rotations in (shared with whoever made them), or new. */
  constructor(local: Float64Array = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1])) {
    this.localRotationA = local.subarray(0, 4);
    this.localRotationB = local.subarray(4, 8);
  }

  /** Fixes both frames at a world frame (x = axis, y = normal made perpendicular); B's at its own when
   * axisB or normalB is given (setLocalFrames). */
  setFromWorld(
    bodyA: Body, bodyB: Body, axis: ArrayLike<number>, normal?: ArrayLike<number>, axisB?: ArrayLike<number>, normalB?: ArrayLike<number>,
  ): void {
    setLocalFrames(this.localRotationA, this.localRotationB, bodyA, bodyB, axis, normal, axisB, normalB);
  }

  /** World frames, their axes and the relative rotation at the bodies' current orientations. */
  update(bodyA: Body, bodyB: Body): void {
    quatMultiply(this.worldA, bodyA.orientation, this.localRotationA);
    quatMultiply(this.worldB, bodyB.orientation, this.localRotationB);
    quatConjugate(inverse, this.worldA);
    const r = quatMultiply(this.relative, inverse, this.worldB);
    if (r[3] < 0) { r[0] = -r[0]; r[1] = -r[1]; r[2] = -r[2]; r[3] = -r[3]; }
    axes(this.worldA, this.xA, this.yA, this.zA);
    axes(this.worldB, this.xB, this.yB, this.zB);
  }

  /**
   * Twist angle: the rotation of B's frame about its x axis in the swing-twist decomposition
   * q_rel = q_swing q_twist (q_twist about x, q_swing about an axis ⊥ x), rad in (−π, π].
   * q_twist is (q_rel.x, 0, 0, q_rel.w) normalized, so θ = 2 atan2(q_rel.x, q_rel.w).
   */
  twistAngle(): number {
    return 2 * atan2(this.relative[0], this.relative[3]);
  }

  /** twistAngle() into `twist`. (A field and atan2 through an array, not return values: a double returned
   * from a call V8 does not inline is boxed; this runs in every prepare of a hinge or limited ball joint.) */
  updateTwistAngle(): void {
    const io = atan2Arguments;
    io[0] = this.relative[0]; io[1] = this.relative[3];
    writeAtan2(io);
    this.twist = 2 * io[2];
  }

  /**
   * The twist rate's Jacobian: dθ/dt = t·(ω_b − ω_a) with t = (x_a + x_b) / (1 + x_a·x_b) (exact for
   * the decomposition above; it is the hinge axis when the axes are aligned; checked against finite
   * differences in tests/limits.test.ts). Singular only when the swing is a half turn.
   */
  twistAxis(out: Float64Array): Float64Array {
    const a = this.xA, b = this.xB;
    const s = 1 / Math.max(1 + a[0] * b[0] + a[1] * b[1] + a[2] * b[2], 1e-6);
    out[0] = (a[0] + b[0]) * s;
    out[1] = (a[1] + b[1]) * s;
    out[2] = (a[2] + b[2]) * s;
    return out;
  }
}

/** Columns of R(q): the frame's x, y, z axes in world space. */
function axes(q: Float64Array, x: Float64Array, y: Float64Array, z: Float64Array): void {
  const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
  x[0] = 1 - 2 * (qy * qy + qz * qz); x[1] = 2 * (qx * qy + qw * qz); x[2] = 2 * (qx * qz - qw * qy);
  y[0] = 2 * (qx * qy - qw * qz); y[1] = 1 - 2 * (qx * qx + qz * qz); y[2] = 2 * (qy * qz + qw * qx);
  z[0] = 2 * (qx * qz + qw * qy); z[1] = 2 * (qy * qz - qw * qx); z[2] = 1 - 2 * (qx * qx + qy * qy);
}
