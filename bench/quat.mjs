// Quaternion helpers for the benchmark's metrics and adapters: unit quaternions as [x, y, z, w].

/** v' = q v q*. */
export function rotate(q, v) {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + y * tz - z * ty, v[1] + w * ty + z * tx - x * tz, v[2] + w * tz + x * ty - y * tx];
}
export const conjugate = (q) => [-q[0], -q[1], -q[2], q[3]];
/** a ⊗ b. */
export function multiply(a, b) {
  return [
    a[3] * b[0] + b[3] * a[0] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] + b[3] * a[1] + a[2] * b[0] - a[0] * b[2],
    a[3] * b[2] + b[3] * a[2] + a[0] * b[1] - a[1] * b[0],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}
/** The rotation angle of q, rad in [0, π]. */
export function angleOf(q) {
  const s = Math.hypot(q[0], q[1], q[2]);
  return 2 * Math.atan2(s, Math.abs(q[3]));
}
export const IDENTITY = [0, 0, 0, 1];
