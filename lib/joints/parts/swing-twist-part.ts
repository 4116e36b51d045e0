// Swing-twist limits (the ragdoll joint's cone and twist range): inequality rows on the relative
// rotation of two joint frames, decomposed as q_rel = q_swing q_twist (joint-frames.ts).
//
// Swing. Let u = q_rel x be B's twist axis in A's frame coordinates, φ = angle(x, u) the swing angle
// and ψ = atan2(u_z, u_y) the direction it swings toward. The swing is the rotation φ about
// s = (0, −sin ψ, cos ψ); as a rotation vector v = φ s its components are a rotation about the frame's y
// axis (v_y = −φ sin ψ) and about its z axis (v_z = φ cos ψ). The cone is the ellipse
//   (v_y / θ_y)² + (v_z / θ_z)² ≤ 1,   so the largest swing toward ψ is
//   φ_max(ψ) = 1 / √(sin²ψ / θ_y² + cos²ψ / θ_z²),
// and the row is C = φ_max(ψ) − φ ≥ 0 (radians inside the cone). With ω the relative angular velocity
// in A's frame, u̇ = ω × u, and from u = (cos φ, sin φ cos ψ, sin φ sin ψ):
//   φ̇ = ω·s,    ψ̇ = ω·(u × s) / sin φ
//   Ċ = φ_max'(ψ) ψ̇ − φ̇ = ω·j,   j = φ_max'(ψ) (u × s) / sin φ − s,
//   φ_max'(ψ) = −φ_max³ sin ψ cos ψ (1/θ_y² − 1/θ_z²)       (0 for a circular cone)
// so the row is an angular row J = [0 −j_w 0 j_w] with j_w = R_fa j in world space (axis-part.ts).
// Checked against finite differences of C in tests/limits.test.ts.
//
// Twist. θ = 2 atan2(q_rel.x, q_rel.w) with rate t·(ω_b − ω_a), t = (x_a + x_b)/(1 + x_a·x_b)
// (joint-frames.ts); the twist range is a lower and an upper limit row on that axis (axis-drive.ts).

import type { JointFrames } from '../joint-frames.js';
import { writeAtan2 } from '../../math/portable.js';

/** prepare's y and x, then atan2(y, x) (writeAtan2: a double passed to or returned from a call V8 does not
 * inline is boxed). */
const atan2Arguments = new Float64Array(3);

/** Smallest swing half-angle, rad: a zero half-angle would divide by zero in φ_max. */
export const MIN_SWING_HALF_ANGLE = 1e-3;

export class SwingLimitPart {
  /** Half-angles of the cone about the frame's y and z axes, rad. */
  halfAngleY = Math.PI;
  halfAngleZ = Math.PI;
  /** C = φ_max − φ at the last prepare (negative: outside the cone). */
  C = 0;
  /** The swing angle φ at the last prepare, and the swing as a rotation vector φ s: its components about
   * the frame's y (−φ sin ψ) and z (φ cos ψ) axes. */
  swing = 0;
  swingY = 0;
  swingZ = 0;
  /** j in world space: Ċ = j·(ω_b − ω_a). */
  readonly j = new Float64Array(3);

  get active(): boolean {
    return this.halfAngleY < Math.PI || this.halfAngleZ < Math.PI;
  }

  prepare(frames: JointFrames): void {
    const q = frames.relative, qx = q[0], qy = q[1], qz = q[2], qw = q[3];
    // u = R(q_rel) x
    const ux = 1 - 2 * (qy * qy + qz * qz), uy = 2 * (qx * qy + qw * qz), uz = 2 * (qx * qz - qw * qy);
    const rho = Math.sqrt(uy * uy + uz * uz);
    atan2Arguments[0] = rho; atan2Arguments[1] = ux;
    writeAtan2(atan2Arguments);
    const phi = atan2Arguments[2];
    const ty = Math.max(this.halfAngleY, MIN_SWING_HALF_ANGLE), tz = Math.max(this.halfAngleZ, MIN_SWING_HALF_ANGLE);
    let sinPsi = 0, cosPsi = 1;
    if (rho > 1e-12) {
      sinPsi = uz / rho;
      cosPsi = uy / rho;
    }
    const inverseY = 1 / (ty * ty), inverseZ = 1 / (tz * tz);
    const phiMax = 1 / Math.sqrt(sinPsi * sinPsi * inverseY + cosPsi * cosPsi * inverseZ);
    this.C = phiMax - phi;
    this.swing = phi;
    this.swingY = -phi * sinPsi;
    this.swingZ = phi * cosPsi;
    // s = (0, −sin ψ, cos ψ); j = φ_max' (u × s) / sin φ − s  (frame A coordinates)
    const sy = -sinPsi, sz = cosPsi;
    let jx = 0, jy = -sy, jz = -sz;
    if (rho > 1e-6) {
      const slope = (-phiMax * phiMax * phiMax * sinPsi * cosPsi * (inverseY - inverseZ)) / rho;
      // u × s = (u_y s_z − u_z s_y, −u_x s_z, u_x s_y)
      jx += slope * (uy * sz - uz * sy);
      jy += slope * (-ux * sz);
      jz += slope * (ux * sy);
    }
    // world: j_w = x_a j_x + y_a j_y + z_a j_z
    const xA = frames.xA, yA = frames.yA, zA = frames.zA, j = this.j;
    j[0] = xA[0] * jx + yA[0] * jy + zA[0] * jz;
    j[1] = xA[1] * jx + yA[1] * jy + zA[1] * jz;
    j[2] = xA[2] * jx + yA[2] * jy + zA[2] * jz;
  }
}
