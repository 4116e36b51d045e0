// 3-vectors, out-first as gl-matrix writes them (the same arithmetic in the same order; see quat.ts for
// why they are written here). `out` may be one of the inputs.

/** out = a + b. */
export function addVec3(out: Float64Array | number[], a: ArrayLike<number>, b: ArrayLike<number>): Float64Array | number[] {
  out[0] = a[0] + b[0];
  out[1] = a[1] + b[1];
  out[2] = a[2] + b[2];
  return out;
}

/** out = a − b. */
export function subtractVec3(out: Float64Array | number[], a: ArrayLike<number>, b: ArrayLike<number>): Float64Array | number[] {
  out[0] = a[0] - b[0];
  out[1] = a[1] - b[1];
  out[2] = a[2] - b[2];
  return out;
}

/** out = a × b. */
export function crossVec3(out: Float64Array | number[], a: ArrayLike<number>, b: ArrayLike<number>): Float64Array | number[] {
  const ax = a[0], ay = a[1], az = a[2];
  const bx = b[0], by = b[1], bz = b[2];
  out[0] = ay * bz - az * by;
  out[1] = az * bx - ax * bz;
  out[2] = ax * by - ay * bx;
  return out;
}

/** out = M a, M a column-major 3x3. */
export function transformMat3(out: Float64Array | number[], a: ArrayLike<number>, m: ArrayLike<number>): Float64Array | number[] {
  const x = a[0], y = a[1], z = a[2];
  out[0] = x * m[0] + y * m[3] + z * m[6];
  out[1] = x * m[1] + y * m[4] + z * m[7];
  out[2] = x * m[2] + y * m[5] + z * m[8];
  return out;
}

/** out = q a q* for a unit quaternion q: with t = 2 (q_v × a), a + w t + q_v × t (Eisele, "Fast Vector
 * Rotation using Quaternions"). */
export function transformQuat(out: Float64Array | number[], a: ArrayLike<number>, q: ArrayLike<number>): Float64Array | number[] {
  const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
  const vx = a[0], vy = a[1], vz = a[2];
  let tx = qy * vz - qz * vy;
  let ty = qz * vx - qx * vz;
  let tz = qx * vy - qy * vx;
  tx = tx + tx;
  ty = ty + ty;
  tz = tz + tz;
  out[0] = vx + qw * tx + qy * tz - qz * ty;
  out[1] = vy + qw * ty + qz * tx - qx * tz;
  out[2] = vz + qw * tz + qx * ty - qy * tx;
  return out;
}
