// Distance and overlap between convex 2D shapes given as a point set plus a radius: lib/geometry/gjk.ts
// in the plane, as Box2D v3's b2ShapeDistance (src/distance.c, erincatto/box2d).
//
// A shape is the convex hull of a few points in its own frame (its core), inflated by a radius: a circle
// is 1 point + r, a capsule 2 points (0, ±h) + r, a polygon its vertices, a segment (or one segment of a
// chain) its 2 ends. A pose is an origin c and a rotation R = (cos φ, sin φ) (ShapePose2D): world =
// c + R·local.
//
// Distance: GJK (Gilbert, Johnson and Keerthi 1988) on the cores, then the radii are taken off. GJK looks
// for the point v of the Minkowski difference D = B − A nearest the origin; |v| is the distance between
// the cores and v/|v| the direction from A to B. Each iteration adds the support point w of D in
// direction −v to a simplex (at most a triangle in the plane) and replaces the simplex by the smallest
// part of it that holds the point nearest the origin, by its Voronoi regions (Ericson, "Real-Time
// Collision Detection" 9.5; Catto, "Computing Distance using GJK", GDC 2010):
//   segment w₁w₂, e = w₂ − w₁: the origin projects inside when u₁ = w₂·e > 0 and u₂ = −w₁·e > 0, and
//     then v = (u₁ w₁ + u₂ w₂) / (u₁ + u₂) (u₁ + u₂ = |e|²);
//   triangle w₁w₂w₃: an edge's region needs both its segment weights > 0 and the signed area of the
//     triangle made by the origin with that edge to have the wrong sign (the origin outside across it);
//     a vertex's region both edge weights at it ≤ 0; otherwise the origin is inside (the cores overlap).
//
// Termination, as gjk.ts: a support point already in the simplex (the same pair of point indices), a
// relative gap |v|² − v·w ≤ 1e-12 |v|² between the upper bound |v| and the lower bound v·w/|v|, a step
// that fails to shorten v (rounding: the previous simplex is kept), and the iteration cap. The reported
// points are convex combinations of the shapes' own points, so the distance is never below the true one
// by more than rounding.
//
// Everything is computed in a frame with the world's orientation and its origin at A's centre (the
// shapes' relative position, not their world coordinates); world points are formed at the end. No
// allocation per call: the simplex lives in one scratch object (GJK_2D), which shape-cast.ts drives too.

import type { ShapeGeometry2D } from './shape-geometry.js';
import { MAX_POLYGON_VERTICES } from './shape-geometry.js';

/** Most support-point evaluations in one distance query. */
const MAX_GJK_ITERATIONS = 32;
/** The default tolerance of overlap tests and casts, as a share of the larger shape's extent. */
export const RELATIVE_TOLERANCE_2D = 1e-6;
/** The cores overlap when |v| is below this share of the largest simplex vertex |w|. */
const OVERLAP_RELATIVE = 1e-12;
/** GJK stops when the gap between the distance bounds is below this share of |v|² (|v|² − v·w). */
const PROGRESS_RELATIVE = 1e-12;

/** A shape's world pose (ShapePose2D): origin c and rotation R = (cos φ, sin φ). */
export interface Pose2D {
  readonly c: ArrayLike<number>;
  readonly R: ArrayLike<number>;
}

/** A convex 2D shape: the hull of `count` local points inflated by `radius` (Box2D's b2ShapeProxy). */
export class ConvexProxy2D {
  /** Local points, x then y (the first 2·count numbers are used). */
  readonly points = new Float64Array(2 * MAX_POLYGON_VERTICES);
  /** How many points are used, 1 to MAX_POLYGON_VERTICES. */
  count = 0;
  /** The inflation radius, ≥ 0. */
  radius = 0;

  /** Sets the points (flat xy, `count` of them, copied) and radius; returns this. */
  set(points: ArrayLike<number>, count: number, radius: number): this {
    if (!(Number.isInteger(count) && count >= 1 && count <= MAX_POLYGON_VERTICES)) {
      throw new RangeError(`ConvexProxy2D.set: count must be an integer from 1 to ${MAX_POLYGON_VERTICES}, got ${count}`);
    }
    if (!(points.length >= 2 * count)) throw new RangeError(`ConvexProxy2D.set: points must hold 2·count = ${2 * count} numbers, got ${points.length}`);
    if (!(radius >= 0 && radius < Infinity)) throw new RangeError(`ConvexProxy2D.set: radius must be a finite number ≥ 0, got ${radius}`);
    for (let i = 0; i < 2 * count; i++) {
      const x = points[i];
      if (!Number.isFinite(x)) throw new RangeError(`ConvexProxy2D.set: points[${i}] must be finite, got ${x}`);
      this.points[i] = x;
    }
    this.count = count;
    this.radius = radius;
    return this;
  }

  /** The core and radius of a shape's geometry (a chain segment as its two-sided segment point1 → point2);
   * the geometry is trusted (validated where it was made). Allocates nothing. */
  setGeometry(geometry: ShapeGeometry2D): this {
    const p = this.points;
    switch (geometry.type) {
      case 'circle':
        p[0] = 0; p[1] = 0;
        this.count = 1;
        this.radius = geometry.radius;
        break;
      case 'capsule':
        p[0] = 0; p[1] = -geometry.halfHeight; p[2] = 0; p[3] = geometry.halfHeight;
        this.count = 2;
        this.radius = geometry.radius;
        break;
      case 'polygon': {
        const v = geometry.vertices;
        for (let i = 0; i < 2 * geometry.count; i++) p[i] = v[i];
        this.count = geometry.count;
        this.radius = 0;
        break;
      }
      case 'segment':
      case 'chainSegment':
        p[0] = geometry.point1[0]; p[1] = geometry.point1[1]; p[2] = geometry.point2[0]; p[3] = geometry.point2[1];
        this.count = 2;
        this.radius = 0;
        break;
    }
    return this;
  }

  /** Largest |local point| plus the radius: the shape's size, for default tolerances. */
  extent(): number {
    const p = this.points;
    let most = 0;
    for (let k = 0; k < 2 * this.count; k += 2) most = Math.max(most, p[k] * p[k] + p[k + 1] * p[k + 1]);
    return Math.sqrt(most) + this.radius;
  }
}

/** What shapeDistance2D writes. */
export class DistanceResult2D {
  /** The distance between the inflated shapes, ≥ 0 (0 when they overlap). */
  distance = 0;
  /** Closest points on the inflated surfaces (world). When only the radii overlap, these are the surface
   * points along the normal (they have passed each other); when the cores overlap, both are one point
   * common to the cores. */
  readonly pointA = new Float64Array(2);
  readonly pointB = new Float64Array(2);
  /** Unit, from A to B (when the cores overlap: a best-effort direction, the last GJK search direction or
   * else the line between the centres). */
  readonly normal = new Float64Array(2);
  /** Support-point evaluations used. */
  iterations = 0;
  /** True when the cores (radius 0) overlap. */
  overlap = false;
}

/** @internal GJK's working state (one per program: queries do not run concurrently). The working frame
 * has the world's orientation and its origin at A's centre. */
export class Gjk2D {
  /** A's and B's rotations (cos, sin). */
  readonly rotationA = new Float64Array(2);
  readonly rotationB = new Float64Array(2);
  /** B's centre in the working frame: c_B − c_A, plus t·translation during a cast. */
  readonly offsetB = new Float64Array(2);
  /** The simplex: support points of A and of B and their differences w = b − a (working frame). */
  readonly simplexA = new Float64Array(6);
  readonly simplexB = new Float64Array(6);
  readonly simplexW = new Float64Array(6);
  readonly indexA = new Int32Array(3);
  readonly indexB = new Int32Array(3);
  /** Barycentric weights of the simplex's point nearest the origin. */
  readonly lambda = new Float64Array(3);
  count = 0;
  /** v = Σ λ_i w_i (x, y) and |v|². */
  readonly closest = new Float64Array(3);
  private readonly saved = new Float64Array(6 * 3 + 3 + 3);
  private readonly savedIndex = new Int32Array(6);
  private savedCount = 0;
  /** The witness points Σ λ_i a_i and Σ λ_i b_i (working frame). */
  readonly witnessA = new Float64Array(2);
  readonly witnessB = new Float64Array(2);
  /** The last nonzero v of the latest query, for a best-effort normal when the cores overlap. */
  private readonly lastDirection = new Float64Array(2);
  private hasDirection = false;
  iterations = 0;
  overlap = false;
  separated = false;

  /** Copies the poses into the working frame (rotations, B's centre relative to A's). */
  load(poseA: Pose2D, poseB: Pose2D): void {
    this.rotationA[0] = poseA.R[0]; this.rotationA[1] = poseA.R[1];
    this.rotationB[0] = poseB.R[0]; this.rotationB[1] = poseB.R[1];
    this.offsetB[0] = poseB.c[0] - poseA.c[0]; this.offsetB[1] = poseB.c[1] - poseA.c[1];
  }

  /** The index of the proxy's point furthest along the world direction (dx, dy): the largest p·(Rᵀ d). */
  private support(proxy: ConvexProxy2D, R: Float64Array, dx: number, dy: number): number {
    const c = R[0], s = R[1];
    const lx = c * dx + s * dy, ly = -s * dx + c * dy;
    const p = proxy.points;
    let best = 0, bestValue = p[0] * lx + p[1] * ly;
    for (let i = 1, k = 2; i < proxy.count; i++, k += 2) {
      const value = p[k] * lx + p[k + 1] * ly;
      if (value > bestValue) {
        best = i; bestValue = value;
      }
    }
    return best;
  }

  /** Simplex vertex `slot` from A's point ia and B's point ib, in the working frame. */
  private setVertex(a: ConvexProxy2D, b: ConvexProxy2D, slot: number, ia: number, ib: number): void {
    const pa = a.points, pb = b.points, A = this.rotationA, B = this.rotationB, k = 2 * slot;
    const ax = pa[2 * ia], ay = pa[2 * ia + 1], bx = pb[2 * ib], by = pb[2 * ib + 1];
    const wax = A[0] * ax - A[1] * ay, way = A[1] * ax + A[0] * ay;
    const wbx = B[0] * bx - B[1] * by + this.offsetB[0], wby = B[1] * bx + B[0] * by + this.offsetB[1];
    this.simplexA[k] = wax; this.simplexA[k + 1] = way;
    this.simplexB[k] = wbx; this.simplexB[k + 1] = wby;
    this.simplexW[k] = wbx - wax; this.simplexW[k + 1] = wby - way;
    this.indexA[slot] = ia; this.indexB[slot] = ib;
  }

  /** Moves simplex vertex `from` to slot `to`. */
  private moveVertex(from: number, to: number): void {
    const f = 2 * from, t = 2 * to;
    for (let k = 0; k < 2; k++) {
      this.simplexA[t + k] = this.simplexA[f + k]; this.simplexB[t + k] = this.simplexB[f + k]; this.simplexW[t + k] = this.simplexW[f + k];
    }
    this.indexA[to] = this.indexA[from]; this.indexB[to] = this.indexB[from];
  }

  /** Keeps only vertex i, weight 1. */
  private keepVertex(i: number): void {
    if (i !== 0) this.moveVertex(i, 0);
    this.lambda[0] = 1;
    this.count = 1;
  }

  /** Keeps the edge w_i w_j (i < j) with weights u_i, u_j (> 0, over their sum). */
  private keepEdge(i: number, j: number, ui: number, uj: number): void {
    const total = ui + uj;
    if (i !== 0) this.moveVertex(i, 0);
    if (j !== 1) this.moveVertex(j, 1);
    this.lambda[0] = ui / total; this.lambda[1] = uj / total;
    this.count = 2;
  }

  /** Reduces the simplex to the vertices that carry the point nearest the origin (the Voronoi regions in
   * the head of this file), and sets v and |v|² (`closest`). A triangle holding the origin stays whole. */
  private solveSimplex(): void {
    const w = this.simplexW;
    if (this.count === 2) {
      const ex = w[2] - w[0], ey = w[3] - w[1];
      const u1 = w[2] * ex + w[3] * ey, u2 = -(w[0] * ex + w[1] * ey);
      if (!(u2 > 0)) this.keepVertex(0);
      else if (!(u1 > 0)) this.keepVertex(1);
      else this.keepEdge(0, 1, u1, u2);
    } else if (this.count === 3) {
      const x1 = w[0], y1 = w[1], x2 = w[2], y2 = w[3], x3 = w[4], y3 = w[5];
      // edge weights: (w_j·e, −w_i·e) for e = w_j − w_i
      const e12x = x2 - x1, e12y = y2 - y1, e13x = x3 - x1, e13y = y3 - y1, e23x = x3 - x2, e23y = y3 - y2;
      const d12_1 = x2 * e12x + y2 * e12y, d12_2 = -(x1 * e12x + y1 * e12y);
      const d13_1 = x3 * e13x + y3 * e13y, d13_2 = -(x1 * e13x + y1 * e13y);
      const d23_1 = x3 * e23x + y3 * e23y, d23_2 = -(x2 * e23x + y2 * e23y);
      // the triangle's signed area n and the origin's areas with each edge (its barycentric weights × n)
      const n = e12x * e13y - e12y * e13x;
      const d123_1 = n * (x2 * y3 - y2 * x3), d123_2 = n * (x3 * y1 - y3 * x1), d123_3 = n * (x1 * y2 - y1 * x2);
      if (!(d12_2 > 0) && !(d13_2 > 0)) this.keepVertex(0);
      else if (d12_1 > 0 && d12_2 > 0 && !(d123_3 > 0)) this.keepEdge(0, 1, d12_1, d12_2);
      else if (d13_1 > 0 && d13_2 > 0 && !(d123_2 > 0)) this.keepEdge(0, 2, d13_1, d13_2);
      else if (!(d12_1 > 0) && !(d23_2 > 0)) this.keepVertex(1);
      else if (!(d13_1 > 0) && !(d23_1 > 0)) this.keepVertex(2);
      else if (d23_1 > 0 && d23_2 > 0 && !(d123_1 > 0)) this.keepEdge(1, 2, d23_1, d23_2);
      else {
        const total = d123_1 + d123_2 + d123_3;
        if (total > 0) {
          this.lambda[0] = d123_1 / total; this.lambda[1] = d123_2 / total; this.lambda[2] = d123_3 / total;
        } else {
          // only on non-finite input: keep the first vertex so that the state stays a point of D
          this.keepVertex(0);
        }
      }
    } else {
      this.lambda[0] = 1;
    }
    let x = 0, y = 0;
    for (let i = 0; i < this.count; i++) {
      const l = this.lambda[i];
      x += l * w[2 * i]; y += l * w[2 * i + 1];
    }
    if (this.count === 3) {
      x = 0; y = 0;
    }
    this.closest[0] = x; this.closest[1] = y;
    this.closest[2] = x * x + y * y;
  }

  private saveSimplex(): void {
    const s = this.saved;
    s.set(this.simplexA, 0); s.set(this.simplexB, 6); s.set(this.simplexW, 12); s.set(this.lambda, 18); s.set(this.closest, 21);
    this.savedIndex.set(this.indexA, 0); this.savedIndex.set(this.indexB, 3);
    this.savedCount = this.count;
  }

  private restoreSimplex(): void {
    const s = this.saved;
    for (let i = 0; i < 6; i++) {
      this.simplexA[i] = s[i]; this.simplexB[i] = s[6 + i]; this.simplexW[i] = s[12 + i];
    }
    for (let i = 0; i < 3; i++) {
      this.lambda[i] = s[18 + i]; this.closest[i] = s[21 + i];
      this.indexA[i] = this.savedIndex[i]; this.indexB[i] = this.savedIndex[3 + i];
    }
    this.count = this.savedCount;
  }

  /**
   * GJK on the cores of a and b at the loaded poses. `warm`: start from the simplex left by the previous
   * query (its point indices, re-evaluated at the new poses), as Box2D's simplex cache. Stops early,
   * setting `separated`, once the lower bound v·w/|v| on the distance exceeds `bound`. Leaves the simplex,
   * its weights and v; sets `iterations` and `overlap`.
   */
  run(a: ConvexProxy2D, b: ConvexProxy2D, warm: boolean, bound: number): void {
    this.iterations = 0;
    this.overlap = false;
    this.separated = false;
    this.hasDirection = false;
    const A = this.rotationA, B = this.rotationB, w = this.simplexW;
    if (warm && this.count > 0) {
      for (let i = 0; i < this.count; i++) this.setVertex(a, b, i, this.indexA[i], this.indexB[i]);
    } else {
      // first support point: D = B − A lies around c_B − c_A; its point furthest toward the origin
      let dx = this.offsetB[0], dy = this.offsetB[1];
      if (dx === 0 && dy === 0) dx = 1;
      this.setVertex(a, b, 0, this.support(a, A, dx, dy), this.support(b, B, -dx, -dy));
      this.count = 1;
      this.iterations = 1;
    }
    this.solveSimplex();
    let vv = this.closest[2];
    for (;;) {
      let wMax = 0;
      for (let k = 0; k < 2 * this.count; k += 2) wMax = Math.max(wMax, w[k] * w[k] + w[k + 1] * w[k + 1]);
      if (this.count === 3 || vv <= OVERLAP_RELATIVE * OVERLAP_RELATIVE * wMax) {
        this.overlap = true;
        break;
      }
      const vx = this.closest[0], vy = this.closest[1];
      this.lastDirection[0] = vx; this.lastDirection[1] = vy;
      this.hasDirection = true;
      if (this.iterations >= MAX_GJK_ITERATIONS) break;
      // w = s_B(−v) − s_A(v): the support point of D in direction −v
      const ia = this.support(a, A, vx, vy), ib = this.support(b, B, -vx, -vy);
      this.iterations++;
      let duplicate = false;
      for (let i = 0; i < this.count; i++) if (this.indexA[i] === ia && this.indexB[i] === ib) duplicate = true;
      if (duplicate) break;
      this.saveSimplex();
      this.setVertex(a, b, this.count, ia, ib);
      const k = 2 * this.count;
      const vw = vx * w[k] + vy * w[k + 1];
      if (vw > 0 && vw * vw > bound * bound * vv) {
        this.separated = true;
        break;
      }
      if (vv - vw <= PROGRESS_RELATIVE * vv) break;
      this.count++;
      this.solveSimplex();
      const next = this.closest[2];
      if (!(next < vv) && this.count < 3) {
        this.restoreSimplex();
        break;
      }
      vv = next;
    }
  }

  /** The witness points Σ λ_i a_i and Σ λ_i b_i of the current simplex; returns their distance. */
  witness(): number {
    let ax = 0, ay = 0, bx = 0, by = 0;
    for (let i = 0; i < this.count; i++) {
      const l = this.lambda[i], k = 2 * i;
      ax += l * this.simplexA[k]; ay += l * this.simplexA[k + 1];
      bx += l * this.simplexB[k]; by += l * this.simplexB[k + 1];
    }
    this.witnessA[0] = ax; this.witnessA[1] = ay;
    this.witnessB[0] = bx; this.witnessB[1] = by;
    return Math.hypot(bx - ax, by - ay);
  }

  /**
   * The unit normal from A to B for separated cores at distance d (the witness points'), into out. In
   * exact arithmetic it is (b − a)/d, but that quotient carries the rounding of the witness points (about
   * 1e-16 of the shapes' size) divided by d. When v lies inside an edge of D (an edge of one shape against
   * a vertex or parallel edge of the other), v is perpendicular to that edge, whose normal, turned to agree
   * with v, has an error independent of d.
   */
  separatingNormal(d: number, out: Float64Array): void {
    let x = (this.witnessB[0] - this.witnessA[0]) / d, y = (this.witnessB[1] - this.witnessA[1]) / d;
    if (this.count === 2) {
      const w = this.simplexW;
      const ex = w[2] - w[0], ey = w[3] - w[1], length = Math.hypot(ex, ey);
      if (length > 0) {
        let nx = -ey / length, ny = ex / length;
        if (nx * x + ny * y < 0) {
          nx = -nx; ny = -ny;
        }
        // kept only when it agrees with v (it does unless the edge is near a point)
        if (nx * x + ny * y > 0.999) {
          x = nx; y = ny;
        }
      }
    }
    out[0] = x; out[1] = y;
  }

  /** A unit best-effort direction from A to B when the cores overlap: the last search direction, else
   * the line between the centres, else +y. */
  bestEffortNormal(out: Float64Array): void {
    let x = 0, y = 0;
    if (this.hasDirection) {
      x = this.lastDirection[0]; y = this.lastDirection[1];
    }
    let length = Math.hypot(x, y);
    if (!(length > 0)) {
      x = this.offsetB[0]; y = this.offsetB[1];
      length = Math.hypot(x, y);
    }
    if (!(length > 0 && length < Infinity)) {
      out[0] = 0; out[1] = 1;
      return;
    }
    out[0] = x / length; out[1] = y / length;
  }
}

/** @internal The one GJK state (distance.ts and shape-cast.ts). */
export const GJK_2D = /* @__PURE__ */ new Gjk2D();

/** Distance between the two inflated shapes (0 when they overlap, never negative); details into out
 * (Box2D's b2ShapeDistance). Allocates nothing. */
export function shapeDistance2D(a: ConvexProxy2D, poseA: Pose2D, b: ConvexProxy2D, poseB: Pose2D, out: DistanceResult2D): number {
  measureDistance2D(a, poseA, b, poseB, out);
  return out.distance;
}

/** shapeDistance2D, the distance into out.distance only (a double returned from a call V8 does not inline
 * is boxed). */
export function measureDistance2D(a: ConvexProxy2D, poseA: Pose2D, b: ConvexProxy2D, poseB: Pose2D, out: DistanceResult2D): void {
  const gjk = GJK_2D;
  gjk.load(poseA, poseB);
  gjk.count = 0;
  gjk.run(a, b, false, Infinity);
  const d = gjk.witness();
  const cA = poseA.c, n = out.normal, pA = out.pointA, pB = out.pointB, wA = gjk.witnessA, wB = gjk.witnessB;
  out.iterations = gjk.iterations;
  out.overlap = gjk.overlap || !(d > 0);
  if (out.overlap) {
    // one point common to both cores (their witness points agree to within the overlap threshold)
    gjk.bestEffortNormal(n);
    for (let k = 0; k < 2; k++) {
      const common = cA[k] + 0.5 * (wA[k] + wB[k]);
      pA[k] = common; pB[k] = common;
    }
    out.distance = 0;
    return;
  }
  const rA = a.radius, rB = b.radius;
  gjk.separatingNormal(d, n);
  for (let k = 0; k < 2; k++) {
    pA[k] = cA[k] + wA[k] + rA * n[k];
    pB[k] = cA[k] + wB[k] - rB * n[k];
  }
  out.distance = Math.max(0, d - rA - rB);
}

/**
 * Boolean overlap of the inflated shapes: distance ≤ tolerance (default 1e-6 × the larger shape's extent,
 * the largest |local point| + radius). Exactly when shapeCast2D from these poses reports a hit at
 * fraction 0 with the same tolerance. Stops as soon as GJK's lower bound separates the shapes.
 */
export function shapesOverlap2D(a: ConvexProxy2D, poseA: Pose2D, b: ConvexProxy2D, poseB: Pose2D, tolerance?: number): boolean {
  const tol = tolerance ?? RELATIVE_TOLERANCE_2D * Math.max(a.extent(), b.extent());
  const reach = a.radius + b.radius + tol;
  const gjk = GJK_2D;
  gjk.load(poseA, poseB);
  gjk.count = 0;
  gjk.run(a, b, false, reach);
  if (gjk.overlap) return true;
  if (gjk.separated) return false;
  return gjk.witness() <= reach;
}
