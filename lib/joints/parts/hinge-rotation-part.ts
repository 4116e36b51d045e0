// Hinge rotation part (2 rows, angular only): the hinge axis of A stays aligned with the hinge axis of
// B, leaving one rotation free about it (Jolt's HingeRotationConstraintPart).
//
// With a the hinge axis of A's frame and b, c the two axes of B's frame perpendicular to B's hinge
// axis (all world, from joint-frames.ts):
//   C    = [ a·b,  a·c ]                      (0 when a ⊥ b and a ⊥ c, that is a ∥ B's hinge axis)
//   Ċ₁   = (ω_a × a)·b + a·(ω_b × b) = (b × a)·(ω_b − ω_a),   likewise for c
//   J    = [ 0  −(b × a)ᵀ  0  (b × a)ᵀ ;
//            0  −(c × a)ᵀ  0  (c × a)ᵀ ]
//   K    = [b × a, c × a]ᵀ (I_a⁻¹ + I_b⁻¹) [b × a, c × a]           (2x2)
// C is sin of the misalignment, not the angle: the rows push the same way, and near the solution (the
// only place a rigid row lives) the two agree to third order.
// The hinge joint solves these rows together with its point part (coupled-rows.ts).

import { crossVec3 } from '../../math/vec3.js';
import type { JointFrames } from '../joint-frames.js';

export class HingeRotationPart {
  readonly rowCount = 2;
  /** C = [a·b, a·c] at the last prepare. */
  readonly C = new Float64Array(2);
  /** b × a and c × a: the rows' angular blocks for body B (body A's are their negatives). */
  readonly axisB = new Float64Array(3);
  readonly axisC = new Float64Array(3);

  /** @internal C and the row directions from the frames' current world axes. */
  prepare(frames: JointFrames): void {
    const a = frames.xA, b = frames.yB, c = frames.zB;
    this.C[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    this.C[1] = a[0] * c[0] + a[1] * c[1] + a[2] * c[2];
    crossVec3(this.axisB, b, a);
    crossVec3(this.axisC, c, a);
  }

  /** @internal Writes the two rows of J (12 columns) from row `row` of `out`. */
  writeJacobian(out: Float64Array, row: number): void {
    writeAngularRow(out, row, this.axisB);
    writeAngularRow(out, row + 1, this.axisC);
  }
}

/** A row [0, −j, 0, j]. */
export function writeAngularRow(out: Float64Array, row: number, j: Float64Array): void {
  const o = row * 12;
  for (let k = 0; k < 3; k++) {
    out[o + k] = 0;
    out[o + 3 + k] = -j[k];
    out[o + 6 + k] = 0;
    out[o + 9 + k] = j[k];
  }
}
