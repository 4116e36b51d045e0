// Narrowphase: the contact manifold of two shapes, in closed form. Shapes are ordered plane < box < hull
// < capsule < sphere (SHAPE_RANK) so that each pair has one function; the normal points from the first
// shape (A) to the second (B). Points farther apart than the margin (Manifold.margin) are left out;
// points between 0 and the margin apart are speculative (the solver lets the bodies close at most that
// gap in a substep).
//
//   plane–sphere    s = n·c − offset − r
//   plane–capsule   the same at both segment ends (ids 0, 1)
//   plane–box       the same at the 8 vertices (ids 0..7), the 4 deepest kept
//   sphere–sphere   s = |c_b − c_a| − r_a − r_b along the centres' line
//   capsule–sphere  the sphere against the capsule segment's closest point
//   capsule–capsule the segments' closest points (Ericson, "Real-Time Collision Detection" 5.1.9); when
//                   they are parallel, the two ends of their overlap, so a capsule lying on another rests
//   box–sphere      the sphere centre clamped to the box (in its frame); from inside, out through the
//                   nearest face
//   box–capsule     the box as a hull (shape.hull), against the capsule's segment: hull–capsule below
//   box–box         both boxes as hulls: hull–hull's manifold (SAT over faces and edge pairs, the
//                   incident face clipped to the reference face, points kept from step to step), with
//                   each axis's separation in closed form (hull-contacts.ts boxBox). A closed-form
//                   15-axis box–box with its own clipping preceded it; its point ids changed between
//                   steps when boxes were turned against each other, and measured at 4 substeps a stack
//                   of 5 boxes turned by 0.4 rad each still moved at 3.8 cm/s after 5 s and a 55-box
//                   pyramid crept 1.1 mm in its tenth second; through the hull path both come to rest
//                   (3e-13 m/s, 0 mm).
//   hulls           against a plane, box, hull, capsule and sphere: hull-contacts.ts (the box as a hull)
// Each point is the midpoint between the two surfaces.
//
// Coincident centres. Two solids whose centres coincide (bodies created at one point) have no normal of
// their own: the centres' line is undefined, and the separating axis test picks the same face for every
// such pair. Pushed along one normal, a crowd at one point leaves in a line (without what follows, 200
// boxes at one point flew 150 m along one axis at up to 49 m/s). For a contact's
// manifold (its bodies' ids known) the normal is then derived from the two body ids (coincidentNormal:
// each id names a point of the unit ball, and the normal runs from A's point to B's), so a crowd is
// pushed apart as if each body had been created at its own point of a ball, and the same pair gets the
// same normal in every run. The manifold is one point, midway between the two surfaces along that
// normal, at the separation that would part them (coincidentPair). The same normal replaces "straight up"
// wherever the spheres' centres coincide (a sphere on a capsule's axis, crossing capsules). Queries,
// whose manifolds name no bodies, are as before.

import { closestOnSegment, closestPointsOfSegments } from './features.js';
import type { ConvexHull } from '../geometry/hull.js';
import { boxBox, hullCapsule, hullHull, hullSphere, planeHull } from './hull-contacts.js';
import { Manifold } from './manifold.js';
import { definitionOf, type Shape, type ShapeType } from '../geometry/shape.js';
import { ConvexProxy, DistanceResult, measureDistance } from '../geometry/gjk.js';
import type { ShapePose } from './shape-pose.js';

/** Meshes and heightfields come first too: their pairs go through mesh-pairs.ts, triangle by triangle. */
export const SHAPE_RANK: Record<ShapeType, number> = { plane: 0, trimesh: 0, heightfield: 0, box: 1, hull: 2, capsule: 3, sphere: 4 };

const segment = new Float64Array(6), other = new Float64Array(6), closest = new Float64Array(3);
/** The plane's world offset (planePoint, planeBox, planeHull), and the two centres for spheres (A's, then B's).
 * (Doubles passed to a call V8 does not inline are boxed, a HeapNumber each: they go through these
 * arrays instead, and radii as their shapes.) */
const planeOffset = new Float64Array(1), centres = new Float64Array(6);

/**
 * Writes the manifold of shapes a and b at world poses A and B, which must be ordered by SHAPE_RANK
 * (rank a ≤ rank b), into `out` (count 0: no contact within margin).
 */
export function collide(a: Shape, A: ShapePose, b: Shape, B: ShapePose, margin: number, out: Manifold): void {
  out.margin = margin;
  collideWithinMargin(a, A, b, B, out);
}

/** collide with the margin already in out.margin (the step's contacts pass it there: see Manifold.margin). */
export function collideWithinMargin(a: Shape, A: ShapePose, b: Shape, B: ShapePose, out: Manifold): void {
  out.begin();
  // two solids (b ranks at least as high as a) of a contact with their centres at one point (see the header)
  if (SHAPE_RANK[a.type] > 0 && out.bodyIdA >= 0 && out.bodyIdA !== out.bodyIdB && coincident(A.c, B.c)) {
    coincidentPair(out, a, A, b, B);
    return;
  }
  switch (a.type) {
    case 'plane': {
      // the plane in world space (its pose is its body's): n_w = R n, offset_w = n_w·x + offset
      const R = A.W, n = a.normal, x = A.c;
      const nx = R[0] * n[0] + R[3] * n[1] + R[6] * n[2], ny = R[1] * n[0] + R[4] * n[1] + R[7] * n[2], nz = R[2] * n[0] + R[5] * n[1] + R[8] * n[2];
      out.setNormal(nx, ny, nz);
      planeOffset[0] = nx * x[0] + ny * x[1] + nz * x[2] + a.offset;
      if (b.type === 'sphere') planePoint(out, B.c, 0, b, 0);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b, segment);
        planePoint(out, segment, 0, b, 0);
        planePoint(out, segment, 3, b, 1);
      } else if (b.type === 'box') planeBox(out, B, b.halfExtents);
      else if (b.type === 'hull') planeHull(out, B, b.hull as ConvexHull, planeOffset);
      return;
    }
    case 'box':
      if (b.type === 'box') {
        boxBox(out, A, a.halfExtents, a.hull as ConvexHull, B, b.halfExtents, b.hull as ConvexHull);
        if (out.count === 0) closestPoints(out, a, A, b, B);
      }
      else if (b.type === 'sphere') boxSphere(out, A, a.halfExtents, B.c, b);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b, segment);
        hullCapsule(out, A, a.hull as ConvexHull, segment, b);
      } else if (b.type === 'hull') {
        hullHull(out, A, a.hull as ConvexHull, B, b.hull as ConvexHull);
        if (out.count === 0) closestPoints(out, a, A, b, B);
      }
      return;
    case 'hull':
      if (b.type === 'hull') {
        hullHull(out, A, a.hull as ConvexHull, B, b.hull as ConvexHull);
        if (out.count === 0) closestPoints(out, a, A, b, B);
      }
      else if (b.type === 'capsule') {
        capsuleSegment(B, b, segment);
        hullCapsule(out, A, a.hull as ConvexHull, segment, b);
      } else if (b.type === 'sphere') hullSphere(out, A, a.hull as ConvexHull, B.c, b);
      return;
    case 'capsule':
      capsuleSegment(A, a, segment);
      if (b.type === 'sphere') {
        closestOnSegment(segment, B.c, centres);
        centres[3] = B.c[0]; centres[4] = B.c[1]; centres[5] = B.c[2];
        spheres(out, a, b, 0);
      } else if (b.type === 'capsule') {
        capsuleSegment(B, b, other);
        capsules(out, a, segment, b, other);
      }
      return;
    case 'sphere':
      centres[0] = A.c[0]; centres[1] = A.c[1]; centres[2] = A.c[2];
      centres[3] = B.c[0]; centres[4] = B.c[1]; centres[5] = B.c[2];
      spheres(out, a, b, 0);
      return;
  }
}

/** A sphere (centre c = points[at..at+2], the radius r of shape `round`) over the plane
 * n·p = planeOffset[0], n already in out.normal. */
function planePoint(out: Manifold, points: Float64Array, at: number, round: Shape, id: number): void {
  const margin = out.margin, n = out.normal, cx = points[at], cy = points[at + 1], cz = points[at + 2], r = round.radius, offset = planeOffset[0];
  const s = n[0] * cx + n[1] * cy + n[2] * cz - offset - r;
  if (s >= margin) return;
  const back = r + 0.5 * s;
  out.add(cx - n[0] * back, cy - n[1] * back, cz - n[2] * back, s, id);
}

const vertexSeparations = new Float64Array(8);
const vertices = new Float64Array(24);

/** The box (pose B, half extents h) over the plane n·p = planeOffset[0], n already in out.normal. */
function planeBox(out: Manifold, B: ShapePose, h: Float64Array): void {
  const margin = out.margin, n = out.normal, W = B.W, c = B.c, offset = planeOffset[0];
  let near = 0;
  for (let v = 0; v < 8; v++) {
    const sx = v & 1 ? h[0] : -h[0], sy = v & 2 ? h[1] : -h[1], sz = v & 4 ? h[2] : -h[2];
    for (let i = 0; i < 3; i++) vertices[3 * v + i] = c[i] + W[i] * sx + W[3 + i] * sy + W[6 + i] * sz;
    const s = n[0] * vertices[3 * v] + n[1] * vertices[3 * v + 1] + n[2] * vertices[3 * v + 2] - offset;
    vertexSeparations[v] = s;
    if (s < margin) near++;
  }
  // the (up to) 4 deepest vertices within the margin, deepest first
  for (let k = 0; k < 4 && k < near; k++) {
    let best = -1;
    for (let v = 0; v < 8; v++) if (vertexSeparations[v] < margin && (best < 0 || vertexSeparations[v] < vertexSeparations[best])) best = v;
    const s = vertexSeparations[best];
    vertexSeparations[best] = Infinity;
    const back = 0.5 * s;
    out.add(vertices[3 * best] - n[0] * back, vertices[3 * best + 1] - n[1] * back, vertices[3 * best + 2] - n[2] * back, s, best);
  }
}

/** Two spheres, centred at `centres` (A's, then B's) with the radii of shapes a and b: the normal along
 * the centres' line (straight up if they coincide). */
function spheres(out: Manifold, a: Shape, b: Shape, id: number): void {
  const margin = out.margin;
  const ax = centres[0], ay = centres[1], az = centres[2], bx = centres[3], by = centres[4], bz = centres[5];
  const ra = a.radius, rb = b.radius;
  const dx = bx - ax, dy = by - ay, dz = bz - az;
  const L = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const s = L - ra - rb;
  if (s >= margin) return;
  let nx = 0, ny = 1, nz = 0;
  if (L > COINCIDENT_DISTANCE) {
    nx = dx / L; ny = dy / L; nz = dz / L;
  } else if (coincidentNormal(out)) {
    nx = pairNormal[0]; ny = pairNormal[1]; nz = pairNormal[2];
  }
  if (out.count === 0) out.setNormal(nx, ny, nz);
  const along = ra + 0.5 * s;
  out.add(ax + nx * along, ay + ny * along, az + nz * along, s, id);
}

/** The capsule's segment ends c ∓ h·(W's y column), h its half height, into out[0..5]. (The shape, not h,
 * is passed: a double passed to a call V8 does not inline is boxed.) */
export function capsuleSegment(pose: ShapePose, capsule: Shape, out: Float64Array): void {
  const W = pose.W, c = pose.c, h = capsule.halfHeight;
  for (let i = 0; i < 3; i++) {
    out[i] = c[i] - h * W[3 + i];
    out[3 + i] = c[i] + h * W[3 + i];
  }
}

/** Capsules capsuleA and capsuleB, along segments a and b. */
function capsules(out: Manifold, capsuleA: Shape, a: Float64Array, capsuleB: Shape, b: Float64Array): void {
  const d1x = a[3] - a[0], d1y = a[4] - a[1], d1z = a[5] - a[2];
  const d2x = b[3] - b[0], d2y = b[4] - b[1], d2z = b[5] - b[2];
  const aa = d1x * d1x + d1y * d1y + d1z * d1z, ee = d2x * d2x + d2y * d2y + d2z * d2z;
  const bb = d1x * d2x + d1y * d2y + d1z * d2z;
  if (aa > 0 && ee > 0 && aa * ee - bb * bb <= 1e-6 * aa * ee) {
    // parallel: the two ends of the overlap along A, each against B's segment
    const u0 = ((b[0] - a[0]) * d1x + (b[1] - a[1]) * d1y + (b[2] - a[2]) * d1z) / aa;
    const u1 = ((b[3] - a[0]) * d1x + (b[4] - a[1]) * d1y + (b[5] - a[2]) * d1z) / aa;
    const t0 = Math.max(0, Math.min(u0, u1)), t1 = Math.min(1, Math.max(u0, u1));
    if (t0 <= t1) {
      for (let k = 0; k < 2; k++) {
        const t = k === 0 ? t0 : t1;
        const px = a[0] + t * d1x, py = a[1] + t * d1y, pz = a[2] + t * d1z;
        centres[0] = px; centres[1] = py; centres[2] = pz;
        closestOnSegment(b, centres, closest);
        centres[3] = closest[0]; centres[4] = closest[1]; centres[5] = closest[2];
        spheres(out, capsuleA, capsuleB, k);
        if (t1 - t0 < 1e-9) break;
      }
      return;
    }
  }
  closestPointsOfSegments(a, b, centres);
  spheres(out, capsuleA, capsuleB, 0);
}

/** A sphere (centre q, shape `sphere`) against the box of pose A and half extents h. */
function boxSphere(out: Manifold, A: ShapePose, h: Float64Array, q: Float64Array, sphere: Shape): void {
  const margin = out.margin, W = A.W, c = A.c, qx = q[0], qy = q[1], qz = q[2], r = sphere.radius;
  const dx = qx - c[0], dy = qy - c[1], dz = qz - c[2];
  // into the box frame: l = Wᵀ d
  const l0 = W[0] * dx + W[1] * dy + W[2] * dz, l1 = W[3] * dx + W[4] * dy + W[5] * dz, l2 = W[6] * dx + W[7] * dy + W[8] * dz;
  let p0 = Math.max(-h[0], Math.min(h[0], l0)), p1 = Math.max(-h[1], Math.min(h[1], l1)), p2 = Math.max(-h[2], Math.min(h[2], l2));
  let n0: number, n1: number, n2: number, s: number;
  const e0 = l0 - p0, e1 = l1 - p1, e2 = l2 - p2;
  const outside = e0 * e0 + e1 * e1 + e2 * e2;
  if (outside > 0) {
    const L = Math.sqrt(outside);
    s = L - r;
    if (s >= margin) return;
    n0 = e0 / L; n1 = e1 / L; n2 = e2 / L;
  } else {
    // the centre is inside: out through the nearest face
    const f0 = h[0] - Math.abs(l0), f1 = h[1] - Math.abs(l1), f2 = h[2] - Math.abs(l2);
    n0 = 0; n1 = 0; n2 = 0;
    if (f0 <= f1 && f0 <= f2) {
      n0 = l0 < 0 ? -1 : 1; p0 = n0 * h[0]; s = -f0 - r;
    } else if (f1 <= f2) {
      n1 = l1 < 0 ? -1 : 1; p1 = n1 * h[1]; s = -f1 - r;
    } else {
      n2 = l2 < 0 ? -1 : 1; p2 = n2 * h[2]; s = -f2 - r;
    }
  }
  const nx = W[0] * n0 + W[3] * n1 + W[6] * n2, ny = W[1] * n0 + W[4] * n1 + W[7] * n2, nz = W[2] * n0 + W[5] * n1 + W[8] * n2;
  out.setNormal(nx, ny, nz);
  const half = 0.5 * s;
  out.add(
    c[0] + W[0] * p0 + W[3] * p1 + W[6] * p2 + nx * half,
    c[1] + W[1] * p0 + W[4] * p1 + W[7] * p2 + ny * half,
    c[2] + W[2] * p0 + W[5] * p1 + W[8] * p2 + nz * half,
    s, 0,
  );
}

const convexA = new ConvexProxy(), convexB = new ConvexProxy(), distance = new DistanceResult();
/** The id of a point from closestPoints. */
const CLOSEST_POINTS = 1 << 28;

/**
 * Two polyhedra (boxes, hulls) the separating axis test left without points although they may be
 * within the margin: when the best axis is a face whose clipping finds nothing (the closest features
 * lie off to its side, as a hull dropping past a box's edge), or the axis underestimates the gap. Their
 * closest points by GJK (geometry/gjk.ts) give one speculative point, midway, when they are within the
 * margin. Measured before it, on random pairs of boxes and hulls separated by less than the margin:
 * 45 of 3217 had no point, and a hull falling at 6.5 m/s past a box's edge sank 3.6 mm into it.
 */
function closestPoints(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  definitionOf(a.type).convex(a, convexA);
  definitionOf(b.type).convex(b, convexB);
  measureDistance(convexA, A, convexB, B, distance);
  const d = distance.distance;
  if (!(d > 0) || d >= out.margin) return;
  const n = distance.normal, p = distance.pointA, q = distance.pointB;
  out.setNormal(n[0], n[1], n[2]);
  out.add(0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1]), 0.5 * (p[2] + q[2]), d, CLOSEST_POINTS);
}

/** Centres closer than this, m, coincide: the centres' line gives no normal (spheres, coincidentPair). */
const COINCIDENT_DISTANCE = 1e-12;
/** The id of coincidentPair's point. */
const COINCIDENT_POINT = 1 << 29;
/** coincidentNormal's result, and the two bodies' points (bodyPoint). */
const pairNormal = new Float64Array(3), bodyPoints = new Float64Array(6);

/** Whether two centres coincide (closer than COINCIDENT_DISTANCE). */
function coincident(a: Float64Array, b: Float64Array): boolean {
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  return dx * dx + dy * dy + dz * dz <= COINCIDENT_DISTANCE * COINCIDENT_DISTANCE;
}

/** A 32-bit integer hash (the finalizer of Appleby's MurmurHash3, fmix32): exact integer arithmetic, so
 * the same in every JavaScript engine. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The point of body `id` in the unit ball, into bodyPoints[at..at+2]: three hashed coordinates in
 * [−1, 1), drawn again until they fall inside the ball (so directions between two bodies' points favour
 * no axis). Integer hashing and power-of-two scaling only: every engine draws the same point.
 */
function bodyPoint(id: number, at: number): void {
  // ids are integers below 2⁵³: the low and high 32 bits seed the hash
  let h = mix32((id >>> 0) ^ mix32(Math.floor(id / 4294967296) + 0x9e3779b9));
  // (a draw falls inside with probability π/6; after 64 draws, one in 10²⁰, the last point is kept)
  for (let draw = 0; draw < 64; draw++) {
    let r = 0;
    for (let k = 0; k < 3; k++) {
      h = mix32(h + 0x9e3779b9);
      const x = h / 2147483648 - 1;
      bodyPoints[at + k] = x;
      r += x * x;
    }
    if (r <= 1) return;
  }
}

/**
 * The normal for shapes of bodies whose centres coincide (see the header), into pairNormal: from body A's
 * point of the unit ball to body B's (bodyPoint), made unit. False when the manifold names no bodies
 * (a query's) or the two points coincide too: the caller keeps its own normal.
 */
function coincidentNormal(out: Manifold): boolean {
  if (out.bodyIdA < 0 || out.bodyIdA === out.bodyIdB) return false;
  bodyPoint(out.bodyIdA, 0);
  bodyPoint(out.bodyIdB, 3);
  const x = bodyPoints[3] - bodyPoints[0], y = bodyPoints[4] - bodyPoints[1], z = bodyPoints[5] - bodyPoints[2];
  const L = Math.sqrt(x * x + y * y + z * z);
  if (!(L > 1e-9)) return false;
  pairNormal[0] = x / L; pairNormal[1] = y / L; pairNormal[2] = z / L;
  return true;
}

/**
 * How far shape s (pose P) reaches from its centre along ±n (sign ±1), m: its support function
 * max over the shape of sign·n·(x − c).
 */
function reachAlong(s: Shape, P: ShapePose, n: Float64Array, sign: number): number {
  const W = P.W, nx = sign * n[0], ny = sign * n[1], nz = sign * n[2];
  switch (s.type) {
    case 'sphere':
      return s.radius;
    case 'capsule':
      return s.radius + s.halfHeight * Math.abs(W[3] * nx + W[4] * ny + W[5] * nz);
    case 'box': {
      const h = s.halfExtents;
      return h[0] * Math.abs(W[0] * nx + W[1] * ny + W[2] * nz) + h[1] * Math.abs(W[3] * nx + W[4] * ny + W[5] * nz) + h[2] * Math.abs(W[6] * nx + W[7] * ny + W[8] * nz);
    }
    case 'hull': {
      // n in the shape's frame, l = Wᵀ n, against each vertex
      const v = (s.hull as ConvexHull).vertices;
      const lx = W[0] * nx + W[1] * ny + W[2] * nz, ly = W[3] * nx + W[4] * ny + W[5] * nz, lz = W[6] * nx + W[7] * ny + W[8] * nz;
      let most = -Infinity;
      for (let i = 0; i < v.length; i += 3) most = Math.max(most, lx * v[i] + ly * v[i + 1] + lz * v[i + 2]);
      return most;
    }
    default:
      return 0;
  }
}

/**
 * Two solids of a contact whose centres coincide: one point along coincidentNormal's n, at the
 * separation s = −(reach of A along n + reach of B along −n) that moving B by −s along n would
 * undo, midway between A's surface c + reach_A n and B's c − reach_B n.
 */
function coincidentPair(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  if (!coincidentNormal(out)) {
    pairNormal[0] = 0; pairNormal[1] = 1; pairNormal[2] = 0;
  }
  const n = pairNormal, c = A.c;
  const reachA = reachAlong(a, A, n, 1), reachB = reachAlong(b, B, n, -1);
  const s = -(reachA + reachB), along = 0.5 * (reachA - reachB);
  out.setNormal(n[0], n[1], n[2]);
  out.add(c[0] + n[0] * along, c[1] + n[1] * along, c[2] + n[2] * along, s, COINCIDENT_POINT);
}
