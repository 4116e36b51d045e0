// Quaternions (x, y, z, w): the product, conjugate, normalization and the rotation from a matrix, as
// gl-matrix writes them (the same arithmetic in the same order, so results are the bits gl-matrix 3.4
// gives, and stay so whatever gl-matrix a user installs); the exponential-map update and its inverse, the
// rotation vector. Written here rather than imported: gl-matrix's modules run code at load (its
// rotationTo, sqlerp and forEach helpers are made by calls), which a bundle cannot leave out.

import { atan2, writeSinCos } from './portable.js';

/** out = a ⊗ b (out may be a or b). */
export function quatMultiply(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const ax = a[0], ay = a[1], az = a[2], aw = a[3];
  const bx = b[0], by = b[1], bz = b[2], bw = b[3];
  out[0] = ax * bw + aw * bx + ay * bz - az * by;
  out[1] = ay * bw + aw * by + az * bx - ax * bz;
  out[2] = az * bw + aw * bz + ax * by - ay * bx;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** out = a* (the inverse of a unit quaternion). */
export function quatConjugate(out: Float64Array, a: ArrayLike<number>): Float64Array {
  out[0] = -a[0];
  out[1] = -a[1];
  out[2] = -a[2];
  out[3] = a[3];
  return out;
}

/** out = a / |a| (a zero quaternion stays zero). */
export function quatNormalize(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const x = a[0], y = a[1], z = a[2], w = a[3];
  let length = x * x + y * y + z * z + w * w;
  if (length > 0) length = 1 / Math.sqrt(length);
  out[0] = x * length;
  out[1] = y * length;
  out[2] = z * length;
  out[3] = w * length;
  return out;
}

/** The rotation of the column-major rotation matrix m, as a quaternion (Shoemake, "Quaternion Calculus
 * and Fast Animation", SIGGRAPH 1987 course notes): from the largest of w, x, y, z. */
export function quatFromMat3(out: Float64Array, m: ArrayLike<number>): Float64Array {
  const trace = m[0] + m[4] + m[8];
  let root: number;
  if (trace > 0) {
    // |w| > 1/2
    root = Math.sqrt(trace + 1); // 2w
    out[3] = 0.5 * root;
    root = 0.5 / root; // 1/(4w)
    out[0] = (m[5] - m[7]) * root;
    out[1] = (m[6] - m[2]) * root;
    out[2] = (m[1] - m[3]) * root;
  } else {
    // |w| ≤ 1/2: from the largest diagonal entry
    let i = 0;
    if (m[4] > m[0]) i = 1;
    if (m[8] > m[i * 3 + i]) i = 2;
    const j = (i + 1) % 3, k = (i + 2) % 3;
    root = Math.sqrt(m[i * 3 + i] - m[j * 3 + j] - m[k * 3 + k] + 1);
    out[i] = 0.5 * root;
    root = 0.5 / root;
    out[3] = (m[j * 3 + k] - m[k * 3 + j]) * root;
    out[j] = (m[j * 3 + i] + m[i * 3 + j]) * root;
    out[k] = (m[k * 3 + i] + m[i * 3 + k]) * root;
  }
  return out;
}

/** integrateOrientation's half angle, then its sin and cos (writeSinCos). */
const sinCos = new Float64Array(3);

/**
 * q ← exp(h ω / 2) ⊗ q, then normalize: rotate q (the 4 numbers from q[at]) by the world-frame
 * angle h|ω| about ω (the 3 numbers from omega[omegaAt]).
 *
 * The exponential map is exact for a constant ω, so a body turning about a fixed axis (every body of a
 * planar scene) gets exactly θ += h ω, the 2D integrator: this is what lets the 3D world match the 2D
 * world to round-off.
 *
 * Below a half angle of 0.05 rad (|ω| < 24 rad/s at 240 Hz: nearly every substep) sin and cos come from
 * their Taylor polynomials through the 8th power, whose first omitted terms (a¹⁰/10!, a¹⁰/11!) are
 * under 3e-20: exact to double precision, and cheaper and more portable than Math.sin/Math.cos.
 */
export function integrateOrientation(q: Float64Array, at: number, omega: ArrayLike<number>, omegaAt: number, h: number): void {
  // (ω read from an array, omega[omegaAt ..]: doubles passed to a call V8 does not inline are boxed, a
  // HeapNumber each)
  const wx = omega[omegaAt], wy = omega[omegaAt + 1], wz = omega[omegaAt + 2];
  const speedSq = wx * wx + wy * wy + wz * wz;
  if (speedSq === 0) return;
  const speed = Math.sqrt(speedSq);
  const halfAngle = 0.5 * h * speed;
  let s: number; // sin(halfAngle) / speed
  let c: number; // cos(halfAngle)
  if (halfAngle < 0.05) {
    const a2 = halfAngle * halfAngle;
    // sin(a)/a = 1 − a²/3! + a⁴/5! − a⁶/7! + a⁸/9!,  cos(a) = 1 − a²/2! + a⁴/4! − a⁶/6! + a⁸/8!
    s = 0.5 * h * (1 - (a2 / 6) * (1 - (a2 / 20) * (1 - (a2 / 42) * (1 - a2 / 72))));
    c = 1 - (a2 / 2) * (1 - (a2 / 12) * (1 - (a2 / 30) * (1 - a2 / 56)));
  } else {
    sinCos[0] = halfAngle;
    writeSinCos(sinCos);
    s = sinCos[1] / speed;
    c = sinCos[2];
  }
  const dx = wx * s, dy = wy * s, dz = wz * s, dw = c;
  const qx = q[at], qy = q[at + 1], qz = q[at + 2], qw = q[at + 3];
  // (d ⊗ q): vector part dw·qv + qw·dv + dv × qv, scalar dw·qw − dv·qv
  const x = dw * qx + qw * dx + dy * qz - dz * qy;
  const y = dw * qy + qw * dy + dz * qx - dx * qz;
  const z = dw * qz + qw * dz + dx * qy - dy * qx;
  const w = dw * qw - dx * qx - dy * qy - dz * qz;
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  q[at] = x * inv;
  q[at + 1] = y * inv;
  q[at + 2] = z * inv;
  q[at + 3] = w * inv;
}

/**
 * R(q) for a unit q = (qx, qy, qz, qw), column-major as gl-matrix's mat3.fromQuat (R_ik = out[at + 3k + i]):
 * Body.rotation, shapes' local rotations and their world poses all use this arithmetic.
 */
export function writeRotation(out: Float64Array, at: number, qx: number, qy: number, qz: number, qw: number): Float64Array {
  const x2 = qx + qx, y2 = qy + qy, z2 = qz + qz;
  const xx = qx * x2, yx = qy * x2, yy = qy * y2, zx = qz * x2, zy = qz * y2, zz = qz * z2;
  const wx = qw * x2, wy = qw * y2, wz = qw * z2;
  out[at] = 1 - yy - zz; out[at + 3] = yx - wz; out[at + 6] = zx + wy;
  out[at + 1] = yx + wz; out[at + 4] = 1 - xx - zz; out[at + 7] = zy - wx;
  out[at + 2] = zx - wy; out[at + 5] = zy + wx; out[at + 8] = 1 - xx - yy;
  return out;
}

/** R(q) of q = [x, y, z, w] into out (9 numbers, column-major; see writeRotation). */
export function rotationMatrix(out: Float64Array, q: ArrayLike<number>): Float64Array {
  return writeRotation(out, 0, q[0], q[1], q[2], q[3]);
}

/**
 * The rotation vector (axis × angle, the logarithm map) of a unit quaternion, on the shortest arc
 * (the sign of q is chosen so w ≥ 0, so the angle is in [0, π]).
 *
 * This is the orientation joint's position error. For a rotation about a fixed axis it is exactly that
 * axis times the angle (2D's θ_b − θ_a − θ₀), and its derivative with respect to a world rotation of
 * body B is the identity at zero error, which is why the velocity Jacobian [0 −I 0 I] holds there.
 */
export function rotationVector(out: Float64Array, qx: number, qy: number, qz: number, qw: number): Float64Array {
  if (qw < 0) {
    qx = -qx; qy = -qy; qz = -qz; qw = -qw;
  }
  const sinHalfSq = qx * qx + qy * qy + qz * qz;
  let scale: number; // angle / sin(angle / 2)
  if (sinHalfSq < 1e-12) {
    // angle/sin(angle/2) = 2 asin(s)/s = 2 + s²/3 + O(s⁴) with s = sin(angle/2); O(s⁴) < 1e-24 here
    scale = 2 + sinHalfSq / 3;
  } else {
    const sinHalf = Math.sqrt(sinHalfSq);
    scale = (2 * atan2(sinHalf, qw)) / sinHalf;
  }
  out[0] = qx * scale;
  out[1] = qy * scale;
  out[2] = qz * scale;
  return out;
}
