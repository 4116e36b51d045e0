// A 2D shape's pose in the world, as the narrowphase reads it (lib/collision/shape-pose.ts in the plane):
// the shape's origin c and its rotation (cos, sin), from its body's pose and its own position and angle
// in the body.

/** A shape's world pose: origin c and rotation R = (cos φ, sin φ), so that a point p of the shape's frame
 * is at c + (R₀ p₀ − R₁ p₁, R₁ p₀ + R₀ p₁) in the world. */
export class ShapePose2D {
  readonly c = new Float64Array(2);
  readonly R = new Float64Array([1, 0]);

  /** The pose of a shape at `position` with rotation `rotation` (cos, sin) in a frame at x with rotation
   * (cos, sin) q, as a body's. */
  setFrom(x: ArrayLike<number>, q: ArrayLike<number>, position: ArrayLike<number>, rotation: ArrayLike<number>): this {
    const qc = q[0], qs = q[1];
    this.c[0] = x[0] + qc * position[0] - qs * position[1];
    this.c[1] = x[1] + qs * position[0] + qc * position[1];
    this.R[0] = qc * rotation[0] - qs * rotation[1];
    this.R[1] = qs * rotation[0] + qc * rotation[1];
    return this;
  }
}
