// Linear shape cast between convex 2D shapes: the time B, moving by t·δ without turning, first touches A
// standing still (lib/geometry/gjk.ts shapeCast in the plane; Box2D v3's b2ShapeCast, src/distance.c).
//
// Conservative advancement on the GJK distance (distance.ts). With B moved by t δ, the core distance
// f(t) = min over z ∈ D of |z + t δ| is convex in t (the minimum over z of a function jointly convex in
// (z, t)), with slope n·δ at t, n the unit normal from A to B. So the tangent line lies below f: stepping
// t to where the tangent reaches the target core distance rA + rB + tolerance/4,
//   t' = t + (target − f(t)) / (n·δ),
// never passes the first contact, and the steps are Newton's method from the safe side (one step for an
// edge sliding straight onto an edge, quadratic convergence on round contacts). The cast stops once the
// cores are within rA + rB + tolerance, or when n·δ ≥ 0 (not approaching: f only grows from there), or
// when t passes 1 (no contact within the translation). Each distance query starts from the last one's
// simplex (Box2D's simplex cache).

import { ConvexProxy2D, GJK_2D, RELATIVE_TOLERANCE_2D, type Pose2D } from './distance.js';

/** Most distance queries in one cast. */
const MAX_CAST_ITERATIONS = 30;

/** What shapeCast2D writes. */
export class CastResult2D {
  /** Whether B touches A within the translation. */
  hit = false;
  /** Fraction of the translation at first contact, in [0, 1] (1 on a miss). */
  fraction = 1;
  /** The contact point on A's surface (world); on a start in overlap, a point between the shapes. */
  readonly point = new Float64Array(2);
  /** Unit normal at contact, pointing from A toward B (against B's motion into A); 0 on a miss. */
  readonly normal = new Float64Array(2);
  /** Distance queries used. */
  iterations = 0;
}

const castNormal = new Float64Array(2);

/**
 * Sweeps B along `translation` (world vector) against A standing still (both keep their rotations): the
 * first time of contact, by conservative advancement (see the head of this file). The reported fraction is
 * conservative: there the shapes are within `tolerance` (default 1e-6 × the larger shape's extent, or ×
 * |translation| for two bare points) of touching and do not overlap, except when they start overlapping
 * or within tolerance of touching, which reports a hit at fraction 0 (shapesOverlap2D is then true).
 * Shapes that do not meet within the translation, or that are not approaching, report no hit. Reaching
 * the iteration cap reports a hit at the last fraction reached, which is still free of overlap. Allocates
 * nothing.
 */
export function shapeCast2D(
  a: ConvexProxy2D, poseA: Pose2D, b: ConvexProxy2D, poseB: Pose2D, translation: ArrayLike<number>, out: CastResult2D, tolerance?: number,
): boolean {
  const gjk = GJK_2D;
  gjk.load(poseA, poseB);
  const tx = translation[0], ty = translation[1];
  const length = Math.hypot(tx, ty);
  let size = Math.max(a.extent(), b.extent());
  if (!(size > 0)) size = length;
  const tol = tolerance ?? RELATIVE_TOLERANCE_2D * size;
  const rA = a.radius, rB = b.radius;
  // the core distance aimed at by each step, and the one that counts as contact
  const target = rA + rB + 0.25 * tol, reach = rA + rB + tol;
  const offset = gjk.offsetB, ox = offset[0], oy = offset[1];
  const cA = poseA.c, n = out.normal, point = out.point, wA = gjk.witnessA, wB = gjk.witnessB;
  out.hit = false;
  out.fraction = 1;
  out.iterations = 0;
  point[0] = 0; point[1] = 0;
  n[0] = 0; n[1] = 0;
  let fraction = 0;
  let nx = 0, ny = 0;
  gjk.count = 0;
  for (let iteration = 1; ; iteration++) {
    offset[0] = ox + fraction * tx; offset[1] = oy + fraction * ty;
    gjk.run(a, b, iteration > 1, Infinity);
    out.iterations = iteration;
    const d = gjk.witness();
    if (d > 0) {
      gjk.separatingNormal(d, castNormal);
      nx = castNormal[0]; ny = castNormal[1];
    }
    if (gjk.overlap || !(d > reach)) {
      out.hit = true;
      if (iteration === 1) {
        // started in contact: a point between the shapes; the normal against the motion if the cores
        // overlap (no separating direction), else from A's core toward B's
        out.fraction = 0;
        if (gjk.overlap || !(d > 0)) {
          if (length > 0) {
            n[0] = -tx / length; n[1] = -ty / length;
          } else gjk.bestEffortNormal(n);
          for (let k = 0; k < 2; k++) point[k] = cA[k] + 0.5 * (wA[k] + wB[k]);
        } else {
          n[0] = nx; n[1] = ny;
          for (let k = 0; k < 2; k++) point[k] = cA[k] + 0.5 * (wA[k] + rA * n[k] + wB[k] - rB * n[k]);
        }
        return true;
      }
      out.fraction = fraction;
      n[0] = nx; n[1] = ny;
      for (let k = 0; k < 2; k++) point[k] = cA[k] + wA[k] + rA * n[k];
      return true;
    }
    // f'(t) = n·δ; not approaching: the distance only grows from here (f is convex)
    const rate = nx * tx + ny * ty;
    if (!(rate < 0)) return false;
    if (iteration === MAX_CAST_ITERATIONS) {
      out.hit = true;
      out.fraction = fraction;
      n[0] = nx; n[1] = ny;
      for (let k = 0; k < 2; k++) point[k] = cA[k] + wA[k] + rA * n[k];
      return true;
    }
    // the tangent f(t) + (t' − t) f'(t) reaches the target at t'; f stays above it (convexity)
    fraction += (target - d) / rate;
    if (!(fraction < 1)) return false;
  }
}
