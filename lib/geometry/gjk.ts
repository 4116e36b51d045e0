// Distance, overlap and linear shape cast between convex shapes given as a point set plus a radius.
//
// A shape is the convex hull of a few points in its own frame (its core), inflated by a radius: a sphere
// is 1 point + r, a capsule 2 points (0, ±h, 0) + r, a box its 8 corners, a hull its vertices, a
// triangle its 3 corners. A cylinder or a cone is its own exact support function instead of a point set
// (ConvexProxy.setCylinder, setCone): each support point it gives is kept in a small ring of slots so
// that the simplex can still name its vertices by index. This is Box2D v3's b2ShapeProxy (src/distance.c, erincatto/box2d) in 3D. A
// pose is a centre c and a rotation W (9 numbers, column-major: W_ij = W[3j + i]): world = c + W·local.
//
// Distance: GJK (Gilbert, Johnson and Keerthi, "A fast procedure for computing the distance between
// complex objects in three-dimensional space", 1988) on the cores, then the radii are taken off, as in
// Box2D's b2ShapeDistance. GJK looks for the point v of the Minkowski difference D = B − A nearest the
// origin; |v| is the distance between the cores and v/|v| the direction from A to B. Each iteration
// adds the support point w of D in direction −v to a simplex (at most a tetrahedron) and replaces the
// simplex by the smallest face of it that holds the point nearest the origin (Ericson, "Real-Time
// Collision Detection" 9.5). That sub-problem is solved with the signed volumes of Montanari, Petrinic
// and Barbieri, "Improving the GJK algorithm for faster and more reliable distance queries between
// convex objects" (ACM TOG 36(3), 2017): barycentric weights are ratios of signed volumes (tetrahedron)
// or of signed areas in the coordinate plane where the triangle projects largest; a face whose weight
// has the wrong sign is searched instead. Flat tetrahedra and sliver triangles are handed to their faces
// and edges, so no division by a vanishing volume or area happens.
//
// Termination, after Catto ("Computing Distance using GJK", GDC 2010; b2ShapeDistance): a support point
// already in the simplex (same pair of point indices) ends the search; so does a relative gap
// |v|² − v·w ≤ 1e-12 |v|² between the upper bound |v| and the lower bound v·w/|v| of the distance; so
// does a step that fails to shorten v (rounding: the previous simplex is kept), and the iteration cap.
// The cores are finite point sets, so the support points repeat after finitely many steps. The reported
// points are always convex combinations of the shapes' own points, so the reported distance is never
// below the true one by more than rounding.
//
// Cast: conservative advancement on the distance, as Box2D v3's b2ShapeCast. With B moving by t·δ (δ the
// translation), the core distance f(t) = min over z ∈ D of |z + t δ| is convex in t (the minimum over z
// of a function jointly convex in (z, t)), with slope n·δ at t where n is the unit normal from A to B. So the tangent
// line lies below f: stepping t to where the tangent reaches the target distance rA + rB + tolerance/4
// never passes the first contact, and the steps are Newton's method from the safe side (one step for a
// face sliding straight onto a face, quadratic convergence on curved contacts). The cast stops once the
// shapes are within `tolerance` of touching. This was chosen over van den Bergen's GJK ray cast ("Ray
// casting against general convex objects with application to continuous collision detection", 2004)
// because it reuses the distance query, takes the radii without special cases, and the reported fraction
// is free of overlap by construction.
//
// Everything is computed in a frame with the world's orientation and its origin at A's centre, so the
// arithmetic sees the shapes' relative position, not their world coordinates (poses far from the world
// origin cost one rounding of c_B − c_A); world points are formed at the end. No allocation per
// call: the simplex and the poses live in module-scope scratch.

/** Most support-point evaluations in one distance query. */
const MAX_GJK_ITERATIONS = 64;
/** Most distance queries in one cast. */
const MAX_CAST_ITERATIONS = 40;
/** The default tolerance of casts and overlap tests, as a share of the larger shape's extent. */
const RELATIVE_TOLERANCE = 1e-6;
/** The cores overlap when |v| is below this share of the largest simplex vertex |w|. */
const OVERLAP_RELATIVE = 1e-12;
/** GJK stops when the gap between the distance bounds is below this share of |v|² (|v|² − v·w). */
const PROGRESS_RELATIVE = 1e-12;
/** A triangle (tetrahedron) is flat when |n|² (vol²) is below this share of its squared edge products. */
const FLAT = 1e-24;

/** ConvexProxy.kind: the hull of its points. */
export const POINT_SET = 0;
/** ConvexProxy.kind: a solid cylinder about the local y axis. */
export const CYLINDER_CORE = 1;
/** ConvexProxy.kind: a solid cone about the local y axis, apex up. */
export const CONE_CORE = 2;
/** Support-point slots of a cylinder or cone proxy (more than a simplex's 4 vertices, so a new support
 * point never overwrites one the simplex still names). */
const SUPPORT_SLOTS = 8;

/** A convex shape: the hull of `count` local points inflated by `radius`, or a cylinder or cone (kind). */
export class ConvexProxy {
  /** Local points, xyz flat (the first 3·count numbers are used); a cylinder's or cone's support points. */
  points: Float64Array;
  /** How many points are used (0 for a cylinder or cone). */
  count = 0;
  /** The inflation radius, ≥ 0. */
  radius = 0;
  /** POINT_SET, CYLINDER_CORE or CONE_CORE. */
  kind = POINT_SET;
  /** A cylinder's or cone's radius, half height and the y of its middle (local frame), m. */
  axisRadius = 0;
  axisHalfHeight = 0;
  axisCentre = 0;
  /** The next support-point slot of a cylinder or cone. */
  private nextSlot = 0;

  /** Room for `capacity` points (grown by set() when needed). */
  constructor(capacity = 8) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) throw new RangeError(`ConvexProxy: capacity must be an integer ≥ 1, got ${capacity}`);
    this.points = new Float64Array(3 * capacity);
  }

  /** Sets the points (flat xyz, `count` of them, copied) and radius; returns this. */
  set(points: ArrayLike<number>, count: number, radius: number): this {
    if (!(Number.isInteger(count) && count >= 1)) throw new RangeError(`ConvexProxy.set: count must be an integer ≥ 1, got ${count}`);
    if (!(points.length >= 3 * count)) throw new RangeError(`ConvexProxy.set: points must hold 3·count = ${3 * count} numbers, got ${points.length}`);
    if (!(radius >= 0 && radius < Infinity)) throw new RangeError(`ConvexProxy.set: radius must be a finite number ≥ 0, got ${radius}`);
    if (this.points.length < 3 * count) this.points = new Float64Array(3 * count);
    for (let i = 0; i < 3 * count; i++) {
      const x = points[i];
      if (!Number.isFinite(x)) throw new RangeError(`ConvexProxy.set: points[${i}] must be finite, got ${x}`);
      this.points[i] = x;
    }
    this.count = count;
    this.radius = radius;
    this.kind = POINT_SET;
    return this;
  }

  /** A solid cylinder of radius r about the local y axis, from y = centre − h to centre + h. */
  setCylinder(r: number, h: number, centre = 0): this {
    return this.setAxial(CYLINDER_CORE, r, h, centre);
  }

  /** A solid cone of base radius r about the local y axis: base disc at y = centre − h, apex at centre + h. */
  setCone(r: number, h: number, centre = 0): this {
    return this.setAxial(CONE_CORE, r, h, centre);
  }

  private setAxial(kind: number, r: number, h: number, centre: number): this {
    if (!(r > 0 && r < Infinity && h > 0 && h < Infinity && Number.isFinite(centre))) {
      throw new RangeError(`ConvexProxy: radius and half height must be finite numbers > 0, got ${r}, ${h} (centre ${centre})`);
    }
    if (this.points.length < 3 * SUPPORT_SLOTS) this.points = new Float64Array(3 * SUPPORT_SLOTS);
    this.kind = kind;
    this.count = 0;
    this.radius = 0;
    this.axisRadius = r; this.axisHalfHeight = h; this.axisCentre = centre;
    return this;
  }

  /** The proxy shrunk toward the point g (local) by the factor keep, into out (continuous collision). */
  shrinkInto(out: ConvexProxy, g: ArrayLike<number>, keep: number): ConvexProxy {
    if (this.kind !== POINT_SET) {
      // a cylinder or cone scaled about a point of its axis is one of the same kind, scaled
      return out.setAxial(this.kind, keep * this.axisRadius, keep * this.axisHalfHeight, g[1] + keep * (this.axisCentre - g[1]));
    }
    out.set(this.points, this.count, this.radius);
    const p = this.points, q = out.points;
    for (let v = 0; v < 3 * this.count; v += 3) {
      for (let c = 0; c < 3; c++) q[v + c] = g[c] + keep * (p[v + c] - g[c]);
    }
    return out;
  }

  /**
   * The core's point furthest along the local direction (x, y, z), into out; for a point set the index of
   * the point is returned, for a cylinder or cone −1.
   *   cylinder  (r x/|x_xz|, h sign y, r z/|x_xz|) about its middle; on the axis when x and z are 0
   *   cone      the apex (0, h, 0), or the base rim point (r x/|x_xz|, −h, r z/|x_xz|), whichever
   *             reaches further: h y against −h y + r |x_xz|
   * (Both are the supports of Jolt's CylinderShape and of Rapier's parry Cone, written out.)
   */
  supportLocal(x: number, y: number, z: number, out: Float64Array): number {
    if (this.kind === POINT_SET) {
      const p = this.points;
      let best = 0, bestValue = p[0] * x + p[1] * y + p[2] * z;
      for (let i = 1, k = 3; i < this.count; i++, k += 3) {
        const value = p[k] * x + p[k + 1] * y + p[k + 2] * z;
        if (value > bestValue) {
          best = i; bestValue = value;
        }
      }
      out[0] = p[3 * best]; out[1] = p[3 * best + 1]; out[2] = p[3 * best + 2];
      return best;
    }
    const r = this.axisRadius, h = this.axisHalfHeight, across = Math.sqrt(x * x + z * z);
    const ux = across > 0 ? (r * x) / across : 0, uz = across > 0 ? (r * z) / across : 0;
    if (this.kind === CYLINDER_CORE) {
      out[0] = ux; out[1] = this.axisCentre + (y < 0 ? -h : h); out[2] = uz;
    } else if (h * y >= -h * y + r * across) {
      out[0] = 0; out[1] = this.axisCentre + h; out[2] = 0;
    } else {
      out[0] = ux; out[1] = this.axisCentre - h; out[2] = uz;
    }
    return -1;
  }

  /** @internal A cylinder's or cone's support point along a local direction, kept in a slot (the
   * simplex names its vertices by slot): the slot of an equal point of `taken` (the simplex's `used`
   * slots), else a slot none of them holds. */
  supportSlot(x: number, y: number, z: number, taken: Int32Array, used: number): number {
    const p = this.points;
    this.supportLocal(x, y, z, slotPoint);
    for (let i = 0; i < used; i++) {
      const k = 3 * taken[i];
      if (p[k] === slotPoint[0] && p[k + 1] === slotPoint[1] && p[k + 2] === slotPoint[2]) return taken[i];
    }
    let slot = this.nextSlot;
    for (let tries = 0; tries < SUPPORT_SLOTS; tries++) {
      let free = true;
      for (let i = 0; i < used; i++) if (taken[i] === slot) free = false;
      if (free) break;
      slot = (slot + 1) % SUPPORT_SLOTS;
    }
    this.nextSlot = (slot + 1) % SUPPORT_SLOTS;
    p[3 * slot] = slotPoint[0]; p[3 * slot + 1] = slotPoint[1]; p[3 * slot + 2] = slotPoint[2];
    return slot;
  }

  /** A sphere of radius r about the local origin. */
  setSphere(r: number): this {
    builder[0] = 0; builder[1] = 0; builder[2] = 0;
    return this.set(builder, 1, r);
  }

  /** A capsule about the local y axis: the segment (0, ±halfHeight, 0) inflated by r. */
  setCapsule(r: number, halfHeight: number): this {
    if (!(halfHeight >= 0 && halfHeight < Infinity)) throw new RangeError(`ConvexProxy.setCapsule: halfHeight must be a finite number ≥ 0, got ${halfHeight}`);
    builder[0] = 0; builder[1] = halfHeight; builder[2] = 0;
    builder[3] = 0; builder[4] = -halfHeight; builder[5] = 0;
    return this.set(builder, 2, r);
  }

  /** A box of half extents (hx, hy, hz) centred on the local origin: its 8 corners, radius 0. */
  setBox(hx: number, hy: number, hz: number): this {
    if (!(hx >= 0 && hy >= 0 && hz >= 0)) throw new RangeError(`ConvexProxy.setBox: half extents must be ≥ 0, got ${hx}, ${hy}, ${hz}`);
    for (let v = 0; v < 8; v++) {
      builder[3 * v] = v & 1 ? hx : -hx;
      builder[3 * v + 1] = v & 2 ? hy : -hy;
      builder[3 * v + 2] = v & 4 ? hz : -hz;
    }
    return this.set(builder, 8, 0);
  }

  /** The triangle a, b, c (3 numbers each, in the shape frame), inflated by radius. */
  setTriangle(a: ArrayLike<number>, b: ArrayLike<number>, c: ArrayLike<number>, radius = 0): this {
    for (let k = 0; k < 3; k++) {
      builder[k] = a[k]; builder[3 + k] = b[k]; builder[6 + k] = c[k];
    }
    return this.set(builder, 3, radius);
  }
}

/** A placement: world = c + W·local, W column-major (W_ij = W[3j + i]). */
export interface Pose {
  c: ArrayLike<number>;
  W: ArrayLike<number>;
}

/** What shapeDistance writes. */
export class DistanceResult {
  /** The distance between the inflated shapes, ≥ 0 (0 when they overlap). */
  distance = 0;
  /** Closest points on the inflated surfaces (world). When only the radii overlap, these are the
   * surface points along the normal (they have passed each other); when the cores overlap, both are one
   * point common to the cores. */
  pointA = new Float64Array(3);
  pointB = new Float64Array(3);
  /** Unit, from A to B (meaningful when distance > 0; when the cores overlap: a best-effort direction,
   * the last GJK search direction or else the line between the centres). */
  normal = new Float64Array(3);
  /** Support-point evaluations used. */
  iterations = 0;
  /** True when the cores (radius 0) overlap. */
  overlap = false;
}

/** What shapeCast writes. */
export class CastResult {
  /** Whether B touches A within the translation. */
  hit = false;
  /** Fraction of the translation at first contact, in [0, 1] (1 on a miss). */
  fraction = 1;
  /** The contact point on A's surface (world); on a start in overlap, a point between the shapes. */
  point = new Float64Array(3);
  /** Unit normal at contact, pointing from A toward B (against B's motion into A); 0 on a miss. */
  normal = new Float64Array(3);
  /** Distance queries used. */
  iterations = 0;
}

// Scratch. The working frame has the world's orientation and its origin at A's centre.
const builder = new Float64Array(24);
const slotPoint = new Float64Array(3);
const rotationA = new Float64Array(9), rotationB = new Float64Array(9);
/** B's centre in the working frame: c_B − c_A, plus t·translation during a cast. */
const offsetB = new Float64Array(3);
/** The simplex: support points of A and of B and their differences w = b − a (working frame). */
const simplexA = new Float64Array(12), simplexB = new Float64Array(12), simplexW = new Float64Array(12);
const indexA = new Int32Array(4), indexB = new Int32Array(4);
// The sub-algorithm's results (the weights of the simplex's point nearest the origin and its squared
// length, |v|²) and solveSimplex's (v and |v|²) are written into arrays, not returned: a double returned
// from a call V8 does not inline is boxed, a HeapNumber per call.
/** Where a weight set (λ_0..λ_3) keeps the squared length of its point, |Σ λ_i w_i|². */
const LENGTH_SQUARED = 4;
/** Barycentric weights of the point of the simplex nearest the origin (and its squared length). */
const lambda = new Float64Array(5);
let count = 0;
/** v = Σ λ_i w_i, then |v|². */
const closest = new Float64Array(4);
// a copy of the simplex, restored when a step fails to shorten v
const savedA = new Float64Array(12), savedB = new Float64Array(12), savedW = new Float64Array(12);
const savedIndexA = new Int32Array(4), savedIndexB = new Int32Array(4), savedLambda = new Float64Array(5), savedClosest = new Float64Array(4);
let savedCount = 0;
// candidate weights of the sub-algorithm: an edge's, a face's
const edgeLambda = new Float64Array(5), faceLambda = new Float64Array(5);
/** The direction support() searches along (an array: doubles passed to a call V8 does not inline are boxed). */
const direction = new Float64Array(3);
const triangleNormal = new Float64Array(3), castNormal = new Float64Array(3);
/** The witness points Σ λ_i a_i and Σ λ_i b_i (working frame), and their distance (for separatingNormal:
 * a double passed to a call V8 does not inline is boxed). */
const witnessA = new Float64Array(3), witnessB = new Float64Array(3), witnessDistance = new Float64Array(1);
/** The last nonzero v of the latest query, for a best-effort normal when the cores overlap. */
const lastDirection = new Float64Array(3);
let hasDirection = false;
let gjkIterations = 0;
let gjkOverlap = false;
let gjkSeparated = false;

/** Copies the poses into the working-frame scratch (rotations, B's centre relative to A's). */
function loadPoses(poseA: Pose, poseB: Pose): void {
  const WA = poseA.W, WB = poseB.W;
  for (let i = 0; i < 9; i++) {
    rotationA[i] = WA[i]; rotationB[i] = WB[i];
  }
  offsetB[0] = poseB.c[0] - poseA.c[0]; offsetB[1] = poseB.c[1] - poseA.c[1]; offsetB[2] = poseB.c[2] - poseA.c[2];
}

/** Largest |local point| plus the radius: the shape's size, for default tolerances. */
function extentOf(proxy: ConvexProxy): number {
  if (proxy.kind !== POINT_SET) return Math.abs(proxy.axisCentre) + Math.hypot(proxy.axisRadius, proxy.axisHalfHeight);
  const p = proxy.points;
  let most = 0;
  for (let k = 0; k < 3 * proxy.count; k += 3) most = Math.max(most, p[k] * p[k] + p[k + 1] * p[k + 1] + p[k + 2] * p[k + 2]);
  return Math.sqrt(most) + proxy.radius;
}

/** The index of the proxy's point furthest along the world direction d (`direction`): the largest p·(Wᵀ d). */
function support(proxy: ConvexProxy, W: Float64Array): number {
  const dx = direction[0], dy = direction[1], dz = direction[2];
  const lx = W[0] * dx + W[1] * dy + W[2] * dz;
  const ly = W[3] * dx + W[4] * dy + W[5] * dz;
  const lz = W[6] * dx + W[7] * dy + W[8] * dz;
  if (proxy.kind !== POINT_SET) return W === rotationA ? proxy.supportSlot(lx, ly, lz, indexA, count) : proxy.supportSlot(lx, ly, lz, indexB, count);
  const p = proxy.points;
  let best = 0, bestValue = p[0] * lx + p[1] * ly + p[2] * lz;
  for (let i = 1, k = 3; i < proxy.count; i++, k += 3) {
    const value = p[k] * lx + p[k + 1] * ly + p[k + 2] * lz;
    if (value > bestValue) {
      best = i; bestValue = value;
    }
  }
  return best;
}

/** Simplex vertex `slot` from A's point ia and B's point ib, in the working frame. */
function setVertex(a: ConvexProxy, b: ConvexProxy, slot: number, ia: number, ib: number): void {
  const pa = a.points, pb = b.points, A = rotationA, B = rotationB, k = 3 * slot;
  const ax = pa[3 * ia], ay = pa[3 * ia + 1], az = pa[3 * ia + 2];
  const bx = pb[3 * ib], by = pb[3 * ib + 1], bz = pb[3 * ib + 2];
  const wax = A[0] * ax + A[3] * ay + A[6] * az;
  const way = A[1] * ax + A[4] * ay + A[7] * az;
  const waz = A[2] * ax + A[5] * ay + A[8] * az;
  const wbx = B[0] * bx + B[3] * by + B[6] * bz + offsetB[0];
  const wby = B[1] * bx + B[4] * by + B[7] * bz + offsetB[1];
  const wbz = B[2] * bx + B[5] * by + B[8] * bz + offsetB[2];
  simplexA[k] = wax; simplexA[k + 1] = way; simplexA[k + 2] = waz;
  simplexB[k] = wbx; simplexB[k + 1] = wby; simplexB[k + 2] = wbz;
  simplexW[k] = wbx - wax; simplexW[k + 1] = wby - way; simplexW[k + 2] = wbz - waz;
  indexA[slot] = ia; indexB[slot] = ib;
}

function sameSign(a: number, b: number): boolean {
  return (a > 0 && b > 0) || (a < 0 && b < 0);
}

function clear(out: Float64Array): void {
  out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0;
}

/** |Σ λ_i w_i|² for the weights λ in `weights`, into weights[LENGTH_SQUARED]. */
function setLengthSquared(weights: Float64Array): void {
  let x = 0, y = 0, z = 0;
  for (let i = 0; i < 4; i++) {
    const l = weights[i];
    if (l === 0) continue;
    x += l * simplexW[3 * i]; y += l * simplexW[3 * i + 1]; z += l * simplexW[3 * i + 2];
  }
  weights[LENGTH_SQUARED] = x * x + y * y + z * z;
}

/** Nearest point to the origin on segment w_i w_j: weights and its squared length into out.
 * The origin projects to w_i + u (w_j − w_i), u = −w_i·(w_j − w_i) / |w_j − w_i|², clamped to [0, 1]. */
function closestOnSegment(i: number, j: number, out: Float64Array): void {
  clear(out);
  const w = simplexW, p = 3 * i, q = 3 * j;
  const tx = w[q] - w[p], ty = w[q + 1] - w[p + 1], tz = w[q + 2] - w[p + 2];
  const tt = tx * tx + ty * ty + tz * tz;
  const u = tt > 0 ? -(w[p] * tx + w[p + 1] * ty + w[p + 2] * tz) / tt : 0;
  if (!(u > 0)) {
    out[i] = 1;
    out[LENGTH_SQUARED] = w[p] * w[p] + w[p + 1] * w[p + 1] + w[p + 2] * w[p + 2];
    return;
  }
  if (u >= 1) {
    out[j] = 1;
    out[LENGTH_SQUARED] = w[q] * w[q] + w[q + 1] * w[q + 1] + w[q + 2] * w[q + 2];
    return;
  }
  out[i] = 1 - u; out[j] = u;
  setLengthSquared(out);
}

/** The nearer of two weight sets: copies `candidate` (weights and squared length) to out when its
 * squared length is below out's. */
function keepNearer(candidate: Float64Array, out: Float64Array): void {
  if (candidate[LENGTH_SQUARED] < out[LENGTH_SQUARED]) {
    for (let i = 0; i <= LENGTH_SQUARED; i++) out[i] = candidate[i];
  }
}

/** Twice the signed area of the 2D triangle (a, b, c). */
function area(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/**
 * Nearest point to the origin on triangle w_i w_j w_k (Montanari et al. 2017, S2D): weights and its
 * squared length into out. The origin is projected onto the triangle's plane, p0 = (w_i·n / |n|²) n,
 * and the triangle and p0 onto the coordinate plane that drops n's largest component (the projection
 * with the largest area, so the least cancellation). There the weight of each vertex is the signed area
 * of the triangle with that vertex replaced by p0, over the whole triangle's signed area μ (= that
 * component of n). All of one sign with μ: p0 is inside. Otherwise the nearest point is on an edge
 * facing p0, opposite a vertex whose weight has the wrong sign (S1D on each such edge, the nearer kept).
 */
function closestOnTriangle(i: number, j: number, k: number, out: Float64Array): void {
  const w = simplexW, p = 3 * i, q = 3 * j, r = 3 * k;
  const e1x = w[q] - w[p], e1y = w[q + 1] - w[p + 1], e1z = w[q + 2] - w[p + 2];
  const e2x = w[r] - w[p], e2y = w[r + 1] - w[p + 1], e2z = w[r + 2] - w[p + 2];
  const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
  const nn = nx * nx + ny * ny + nz * nz;
  if (!(nn > FLAT * (e1x * e1x + e1y * e1y + e1z * e1z) * (e2x * e2x + e2y * e2y + e2z * e2z))) {
    // a sliver or a point: the nearest point is on one of its edges
    out[LENGTH_SQUARED] = Infinity;
    closestOnSegment(i, j, edgeLambda);
    keepNearer(edgeLambda, out);
    closestOnSegment(j, k, edgeLambda);
    keepNearer(edgeLambda, out);
    closestOnSegment(i, k, edgeLambda);
    keepNearer(edgeLambda, out);
    return;
  }
  const s = (w[p] * nx + w[p + 1] * ny + w[p + 2] * nz) / nn;
  triangleNormal[0] = nx; triangleNormal[1] = ny; triangleNormal[2] = nz;
  // (x, y) cyclic after the dropped axis, so the projected area of (w_i, w_j, w_k) is n[dropped]
  const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
  const dropped = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
  const x = dropped === 2 ? 0 : dropped + 1, y = dropped === 0 ? 2 : dropped - 1;
  const mu = triangleNormal[dropped];
  const px = s * triangleNormal[x], py = s * triangleNormal[y];
  const ix = w[p + x], iy = w[p + y], jx = w[q + x], jy = w[q + y], kx = w[r + x], ky = w[r + y];
  const ci = area(px, py, jx, jy, kx, ky), cj = area(ix, iy, px, py, kx, ky), ck = area(ix, iy, jx, jy, px, py);
  const inI = sameSign(mu, ci), inJ = sameSign(mu, cj), inK = sameSign(mu, ck);
  if (inI && inJ && inK) {
    const total = ci + cj + ck;
    clear(out);
    out[i] = ci / total; out[j] = cj / total; out[k] = ck / total;
    setLengthSquared(out);
    return;
  }
  out[LENGTH_SQUARED] = Infinity;
  if (!inI) {
    closestOnSegment(j, k, edgeLambda);
    keepNearer(edgeLambda, out);
  }
  if (!inJ) {
    closestOnSegment(i, k, edgeLambda);
    keepNearer(edgeLambda, out);
  }
  if (!inK) {
    closestOnSegment(i, j, edgeLambda);
    keepNearer(edgeLambda, out);
  }
}

/**
 * Nearest point to the origin on the tetrahedron w_0..w_3 (Montanari et al. 2017, S3D): weights and
 * its squared length (0 inside) into out. The weight of vertex m is the signed volume of the
 * tetrahedron with w_m replaced by the origin over the whole signed volume:
 *   C_0 = w_1·(w_2 × w_3),  C_1 = −w_0·(w_2 × w_3),  C_2 = w_0·(w_1 × w_3),  C_3 = −w_0·(w_1 × w_2),
 * which sum to vol = (w_1 − w_0)·((w_2 − w_0) × (w_3 − w_0)). All of one sign with vol: the origin is
 * inside. Otherwise the nearest point is on a face the origin is in front of, the face opposite a vertex
 * whose C has the wrong sign (S2D on each, the nearer kept); a flat tetrahedron searches all four.
 */
function closestOnTetrahedron(out: Float64Array): void {
  const w = simplexW;
  const x0 = w[0], y0 = w[1], z0 = w[2], x1 = w[3], y1 = w[4], z1 = w[5];
  const x2 = w[6], y2 = w[7], z2 = w[8], x3 = w[9], y3 = w[10], z3 = w[11];
  // w_2 × w_3, w_1 × w_3, w_1 × w_2
  const ax = y2 * z3 - z2 * y3, ay = z2 * x3 - x2 * z3, az = x2 * y3 - y2 * x3;
  const bx = y1 * z3 - z1 * y3, by = z1 * x3 - x1 * z3, bz = x1 * y3 - y1 * x3;
  const cx = y1 * z2 - z1 * y2, cy = z1 * x2 - x1 * z2, cz = x1 * y2 - y1 * x2;
  const c0 = x1 * ax + y1 * ay + z1 * az;
  const c1 = -(x0 * ax + y0 * ay + z0 * az);
  const c2 = x0 * bx + y0 * by + z0 * bz;
  const c3 = -(x0 * cx + y0 * cy + z0 * cz);
  const e1x = x1 - x0, e1y = y1 - y0, e1z = z1 - z0;
  const e2x = x2 - x0, e2y = y2 - y0, e2z = z2 - z0;
  const e3x = x3 - x0, e3y = y3 - y0, e3z = z3 - z0;
  const vol = e1x * (e2y * e3z - e2z * e3y) + e1y * (e2z * e3x - e2x * e3z) + e1z * (e2x * e3y - e2y * e3x);
  const scale = (e1x * e1x + e1y * e1y + e1z * e1z) * (e2x * e2x + e2y * e2y + e2z * e2z) * (e3x * e3x + e3y * e3y + e3z * e3z);
  const flat = !(vol * vol > FLAT * scale);
  const in0 = !flat && sameSign(vol, c0), in1 = !flat && sameSign(vol, c1);
  const in2 = !flat && sameSign(vol, c2), in3 = !flat && sameSign(vol, c3);
  if (in0 && in1 && in2 && in3) {
    const total = c0 + c1 + c2 + c3;
    out[0] = c0 / total; out[1] = c1 / total; out[2] = c2 / total; out[3] = c3 / total;
    out[LENGTH_SQUARED] = 0;
    return;
  }
  out[LENGTH_SQUARED] = Infinity;
  if (!in0) {
    closestOnTriangle(1, 2, 3, faceLambda);
    keepNearer(faceLambda, out);
  }
  if (!in1) {
    closestOnTriangle(0, 2, 3, faceLambda);
    keepNearer(faceLambda, out);
  }
  if (!in2) {
    closestOnTriangle(0, 1, 3, faceLambda);
    keepNearer(faceLambda, out);
  }
  if (!in3) {
    closestOnTriangle(0, 1, 2, faceLambda);
    keepNearer(faceLambda, out);
  }
}

/** Moves simplex vertex `from` to slot `to`. */
function moveVertex(from: number, to: number): void {
  const f = 3 * from, t = 3 * to;
  for (let k = 0; k < 3; k++) {
    simplexA[t + k] = simplexA[f + k]; simplexB[t + k] = simplexB[f + k]; simplexW[t + k] = simplexW[f + k];
  }
  indexA[to] = indexA[from]; indexB[to] = indexB[from];
}

/** Reduces the simplex to the vertices that carry the point nearest the origin, and sets v and |v|²
 * (`closest`). */
function solveSimplex(): void {
  if (count === 1) {
    clear(lambda); lambda[0] = 1;
  } else if (count === 2) closestOnSegment(0, 1, lambda);
  else if (count === 3) closestOnTriangle(0, 1, 2, lambda);
  else closestOnTetrahedron(lambda);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (!(lambda[i] > 0)) continue;
    if (kept !== i) moveVertex(i, kept);
    lambda[kept] = lambda[i];
    kept++;
  }
  if (kept === 0) {
    // only on non-finite input: keep the first vertex so that the state stays a point of D
    kept = 1; lambda[0] = 1;
  }
  for (let i = kept; i < 4; i++) lambda[i] = 0;
  count = kept;
  let x = 0, y = 0, z = 0;
  for (let i = 0; i < count; i++) {
    const l = lambda[i];
    x += l * simplexW[3 * i]; y += l * simplexW[3 * i + 1]; z += l * simplexW[3 * i + 2];
  }
  closest[0] = x; closest[1] = y; closest[2] = z;
  closest[3] = x * x + y * y + z * z;
}

function saveSimplex(): void {
  savedA.set(simplexA); savedB.set(simplexB); savedW.set(simplexW);
  savedIndexA.set(indexA); savedIndexB.set(indexB); savedLambda.set(lambda); savedClosest.set(closest);
  savedCount = count;
}

function restoreSimplex(): void {
  simplexA.set(savedA); simplexB.set(savedB); simplexW.set(savedW);
  indexA.set(savedIndexA); indexB.set(savedIndexB); lambda.set(savedLambda); closest.set(savedClosest);
  count = savedCount;
}

/**
 * GJK on the cores of a and b at the loaded poses. `warm`: start from the simplex left by the previous
 * query (its point indices, re-evaluated at the new poses), as Box2D's simplex cache. Stops early,
 * setting gjkSeparated, once the lower bound v·w/|v| on the distance exceeds `bound`. Leaves the simplex,
 * its weights and v in the scratch; sets gjkIterations and gjkOverlap.
 */
function gjk(a: ConvexProxy, b: ConvexProxy, warm: boolean, bound: number): void {
  gjkIterations = 0;
  gjkOverlap = false;
  gjkSeparated = false;
  hasDirection = false;
  if (warm && count > 0) {
    for (let i = 0; i < count; i++) setVertex(a, b, i, indexA[i], indexB[i]);
  } else {
    // first support point: D = B − A lies around c_B − c_A; take its point furthest toward the origin
    let dx = offsetB[0], dy = offsetB[1], dz = offsetB[2];
    if (dx === 0 && dy === 0 && dz === 0) dx = 1;
    direction[0] = dx; direction[1] = dy; direction[2] = dz;
    const ia = support(a, rotationA);
    direction[0] = -dx; direction[1] = -dy; direction[2] = -dz;
    setVertex(a, b, 0, ia, support(b, rotationB));
    count = 1;
    gjkIterations = 1;
  }
  solveSimplex();
  let vv = closest[3];
  for (;;) {
    let wMax = 0;
    for (let k = 0; k < 3 * count; k += 3) {
      wMax = Math.max(wMax, simplexW[k] * simplexW[k] + simplexW[k + 1] * simplexW[k + 1] + simplexW[k + 2] * simplexW[k + 2]);
    }
    if (count === 4 || vv <= OVERLAP_RELATIVE * OVERLAP_RELATIVE * wMax) {
      gjkOverlap = true;
      break;
    }
    const vx = closest[0], vy = closest[1], vz = closest[2];
    lastDirection[0] = vx; lastDirection[1] = vy; lastDirection[2] = vz;
    hasDirection = true;
    if (gjkIterations >= MAX_GJK_ITERATIONS) break;
    // w = s_B(−v) − s_A(v): the support point of D in direction −v
    direction[0] = vx; direction[1] = vy; direction[2] = vz;
    const ia = support(a, rotationA);
    direction[0] = -vx; direction[1] = -vy; direction[2] = -vz;
    const ib = support(b, rotationB);
    gjkIterations++;
    let duplicate = false;
    for (let i = 0; i < count; i++) if (indexA[i] === ia && indexB[i] === ib) duplicate = true;
    if (duplicate) break;
    setVertex(a, b, count, ia, ib);
    const k = 3 * count;
    const vw = vx * simplexW[k] + vy * simplexW[k + 1] + vz * simplexW[k + 2];
    if (vw > 0 && vw * vw > bound * bound * vv) {
      gjkSeparated = true;
      break;
    }
    if (vv - vw <= PROGRESS_RELATIVE * vv) break;
    saveSimplex();
    count++;
    solveSimplex();
    const next = closest[3];
    if (!(next < vv)) {
      restoreSimplex();
      break;
    }
    vv = next;
  }
}

/** The witness points Σ λ_i a_i and Σ λ_i b_i of the current simplex; returns their distance (also in
 * witnessDistance). */
function computeWitness(): number {
  let ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
  for (let i = 0; i < count; i++) {
    const l = lambda[i], k = 3 * i;
    ax += l * simplexA[k]; ay += l * simplexA[k + 1]; az += l * simplexA[k + 2];
    bx += l * simplexB[k]; by += l * simplexB[k + 1]; bz += l * simplexB[k + 2];
  }
  witnessA[0] = ax; witnessA[1] = ay; witnessA[2] = az;
  witnessB[0] = bx; witnessB[1] = by; witnessB[2] = bz;
  const dx = bx - ax, dy = by - ay, dz = bz - az;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  witnessDistance[0] = d;
  return d;
}

/**
 * The unit normal from A to B for separated cores at distance d (witnessDistance), into out. In exact arithmetic it is
 * v/|v| = (b − a)/d, but that quotient carries the rounding of the witness points (about 1e-16 of the
 * shapes' size) divided by d: an angle error of 1e-7 at a gap of 1e-9. When v lies inside a triangle of D
 * (a face of one shape against a face or edge of the other), v is perpendicular to that triangle, whose
 * normal (w_1 − w_0) × (w_2 − w_0), turned to agree with v, has an error independent of d.
 */
function separatingNormal(out: Float64Array): void {
  const d = witnessDistance[0];
  let x = (witnessB[0] - witnessA[0]) / d, y = (witnessB[1] - witnessA[1]) / d, z = (witnessB[2] - witnessA[2]) / d;
  if (count === 3) {
    const w = simplexW;
    const e1x = w[3] - w[0], e1y = w[4] - w[1], e1z = w[5] - w[2];
    const e2x = w[6] - w[0], e2y = w[7] - w[1], e2z = w[8] - w[2];
    let nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const nn = nx * nx + ny * ny + nz * nz;
    if (nn > FLAT * (e1x * e1x + e1y * e1y + e1z * e1z) * (e2x * e2x + e2y * e2y + e2z * e2z)) {
      const scale = (nx * x + ny * y + nz * z < 0 ? -1 : 1) / Math.sqrt(nn);
      nx *= scale; ny *= scale; nz *= scale;
      // kept only when it agrees with v (it does unless the triangle is a sliver near the flat limit)
      if (nx * x + ny * y + nz * z > 0.999) {
        x = nx; y = ny; z = nz;
      }
    }
  }
  out[0] = x; out[1] = y; out[2] = z;
}

/** A unit best-effort direction from A to B when the cores overlap: the last search direction, else
 * the line between the centres (offsetB), else +y. */
function bestEffortNormal(out: Float64Array): void {
  let x = 0, y = 0, z = 0;
  if (hasDirection) {
    x = lastDirection[0]; y = lastDirection[1]; z = lastDirection[2];
  }
  let length = Math.sqrt(x * x + y * y + z * z);
  if (!(length > 0)) {
    x = offsetB[0]; y = offsetB[1]; z = offsetB[2];
    length = Math.sqrt(x * x + y * y + z * z);
  }
  if (!(length > 0 && length < Infinity)) {
    out[0] = 0; out[1] = 1; out[2] = 0;
    return;
  }
  out[0] = x / length; out[1] = y / length; out[2] = z / length;
}

/** Distance between the two inflated shapes (0 when they overlap, never negative); details into out. */
export function shapeDistance(a: ConvexProxy, poseA: Pose, b: ConvexProxy, poseB: Pose, out: DistanceResult): number {
  measureDistance(a, poseA, b, poseB, out);
  return out.distance;
}

/** shapeDistance, the distance into out.distance only. (The narrowphase calls this one: a double returned
 * from a call V8 does not inline is boxed, a HeapNumber per call.) */
export function measureDistance(a: ConvexProxy, poseA: Pose, b: ConvexProxy, poseB: Pose, out: DistanceResult): void {
  loadPoses(poseA, poseB);
  count = 0;
  gjk(a, b, false, Infinity);
  const d = computeWitness();
  const cA = poseA.c, n = out.normal, pA = out.pointA, pB = out.pointB;
  out.iterations = gjkIterations;
  out.overlap = gjkOverlap || !(d > 0);
  if (out.overlap) {
    // one point common to both cores (their witness points agree to within the overlap threshold)
    bestEffortNormal(n);
    for (let k = 0; k < 3; k++) {
      const common = cA[k] + 0.5 * (witnessA[k] + witnessB[k]);
      pA[k] = common; pB[k] = common;
    }
    out.distance = 0;
    return;
  }
  const rA = a.radius, rB = b.radius;
  separatingNormal(n);
  for (let k = 0; k < 3; k++) {
    pA[k] = cA[k] + witnessA[k] + rA * n[k];
    pB[k] = cA[k] + witnessB[k] - rB * n[k];
  }
  out.distance = Math.max(0, d - rA - rB);
}

/**
 * Boolean overlap of the inflated shapes: distance ≤ tolerance (default 1e-6 × the larger shape's
 * extent, the largest |local point| + radius). Exactly when shapeCast from these poses reports a hit
 * at fraction 0 with the same tolerance. Stops as soon as GJK's lower bound separates the shapes.
 */
export function shapesOverlap(a: ConvexProxy, poseA: Pose, b: ConvexProxy, poseB: Pose, tolerance?: number): boolean {
  const tol = tolerance ?? RELATIVE_TOLERANCE * Math.max(extentOf(a), extentOf(b));
  const reach = a.radius + b.radius + tol;
  loadPoses(poseA, poseB);
  count = 0;
  gjk(a, b, false, reach);
  if (gjkOverlap) return true;
  if (gjkSeparated) return false;
  return computeWitness() <= reach;
}

/**
 * Sweeps B along `translation` (world vector) against A standing still (both keep their orientations):
 * the first time of contact, by conservative advancement (see the head of this file). The reported
 * fraction is conservative: there the shapes are within `tolerance` (default 1e-6 × the larger shape's
 * extent, or × |translation| for two bare points) of touching and do not overlap, except when they start
 * overlapping or within tolerance of touching, which reports a hit at fraction 0 (shapesOverlap is
 * then true). Shapes that do not meet within the translation, or that are not approaching, report no
 * hit. Reaching the iteration cap reports a hit at the last fraction reached, which is still free of
 * overlap.
 */
export function shapeCast(
  a: ConvexProxy, poseA: Pose, b: ConvexProxy, poseB: Pose, translation: ArrayLike<number>, out: CastResult, tolerance?: number,
): boolean {
  loadPoses(poseA, poseB);
  const tx = translation[0], ty = translation[1], tz = translation[2];
  const length = Math.sqrt(tx * tx + ty * ty + tz * tz);
  let size = Math.max(extentOf(a), extentOf(b));
  if (!(size > 0)) size = length;
  const tol = tolerance ?? RELATIVE_TOLERANCE * size;
  const rA = a.radius, rB = b.radius;
  // core distance aimed at by each step, and the one that counts as contact
  const target = rA + rB + 0.25 * tol, reach = rA + rB + tol;
  const ox = offsetB[0], oy = offsetB[1], oz = offsetB[2];
  const cA = poseA.c, n = out.normal, point = out.point;
  out.hit = false;
  out.fraction = 1;
  out.iterations = 0;
  point[0] = 0; point[1] = 0; point[2] = 0;
  n[0] = 0; n[1] = 0; n[2] = 0;
  let fraction = 0;
  let nx = 0, ny = 0, nz = 0;
  count = 0;
  for (let iteration = 1; ; iteration++) {
    offsetB[0] = ox + fraction * tx; offsetB[1] = oy + fraction * ty; offsetB[2] = oz + fraction * tz;
    gjk(a, b, iteration > 1, Infinity);
    out.iterations = iteration;
    const d = computeWitness();
    if (d > 0) {
      separatingNormal(castNormal);
      nx = castNormal[0]; ny = castNormal[1]; nz = castNormal[2];
    }
    if (gjkOverlap || !(d > reach)) {
      out.hit = true;
      if (iteration === 1) {
        // started in contact: a point between the shapes; the normal against the motion if the cores
        // overlap (no separating direction), else from A's core toward B's
        out.fraction = 0;
        if (gjkOverlap || !(d > 0)) {
          if (length > 0) {
            n[0] = -tx / length; n[1] = -ty / length; n[2] = -tz / length;
          } else bestEffortNormal(n);
          for (let k = 0; k < 3; k++) point[k] = cA[k] + 0.5 * (witnessA[k] + witnessB[k]);
        } else {
          n[0] = nx; n[1] = ny; n[2] = nz;
          for (let k = 0; k < 3; k++) point[k] = cA[k] + 0.5 * (witnessA[k] + rA * n[k] + witnessB[k] - rB * n[k]);
        }
        return true;
      }
      out.fraction = fraction;
      n[0] = nx; n[1] = ny; n[2] = nz;
      for (let k = 0; k < 3; k++) point[k] = cA[k] + witnessA[k] + rA * n[k];
      return true;
    }
    // d'(t) = n·translation; not approaching: the distance only grows from here (f is convex)
    const rate = nx * tx + ny * ty + nz * tz;
    if (!(rate < 0)) return false;
    if (iteration === MAX_CAST_ITERATIONS) {
      out.hit = true;
      out.fraction = fraction;
      n[0] = nx; n[1] = ny; n[2] = nz;
      for (let k = 0; k < 3; k++) point[k] = cA[k] + witnessA[k] + rA * n[k];
      return true;
    }
    // the tangent f(t) + (t' − t) f'(t) reaches the target at t'; f stays above it (convexity)
    fraction += (target - d) / rate;
    if (!(fraction < 1)) return false;
  }
}
