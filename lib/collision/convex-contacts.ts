// The contacts of two convex shapes, or of a plane and one, in closed form (or through the hull contact
// code, hull-contacts.ts): one function per pair of types (collidePlaneSphere, collideBoxBox, …), found
// through pair-dispatch.ts PAIR_FUNCTIONS. Each takes shapes a and b at world poses A and B, ordered by
// SHAPE_RANK (narrowphase.ts), and writes the manifold into `out`, within out.margin; the normal points
// from A to B.
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

import { closestOnSegment, closestPointsOfSegments } from './features.js';
import type { ConvexHull } from '../geometry/hull.js';
import { boxBox, hullCapsule, hullHull, hullSphere, planeHull } from './hull-contacts.js';
import type { Manifold } from './manifold.js';
import type { Shape } from '../geometry/shape.js';
import { ConvexProxy, DistanceResult, measureDistance } from '../geometry/gjk.js';
import { COINCIDENT_DISTANCE, coincidentNormal, pairNormal } from './coincident-centres.js';
import type { ShapePose } from './shape-pose.js';

const segment = new Float64Array(6), other = new Float64Array(6), closest = new Float64Array(3);
/** The plane's world offset (planePoint, planeBox, planeHull), and the two centres for spheres (A's, then B's).
 * (Doubles passed to a call V8 does not inline are boxed, a HeapNumber each: they go through these
 * arrays instead, and radii as their shapes.) */
const planeOffset = new Float64Array(1), centres = new Float64Array(6);

/** The plane (shape a) in world space, its pose its body's: n_w = R n into out.normal, and
 * offset_w = n_w·x + offset into planeOffset[0]. */
function planeInWorld(out: Manifold, a: Shape, A: ShapePose): void {
  const R = A.W, n = a.normal, x = A.c;
  const nx = R[0] * n[0] + R[3] * n[1] + R[6] * n[2], ny = R[1] * n[0] + R[4] * n[1] + R[7] * n[2], nz = R[2] * n[0] + R[5] * n[1] + R[8] * n[2];
  out.setNormal(nx, ny, nz);
  planeOffset[0] = nx * x[0] + ny * x[1] + nz * x[2] + a.offset;
}

export function collidePlaneSphere(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  planeInWorld(out, a, A);
  planePoint(out, B.c, 0, b, 0);
}

export function collidePlaneCapsule(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  planeInWorld(out, a, A);
  capsuleSegment(B, b, segment);
  planePoint(out, segment, 0, b, 0);
  planePoint(out, segment, 3, b, 1);
}

export function collidePlaneBox(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  planeInWorld(out, a, A);
  planeBox(out, B, b.halfExtents);
}

export function collidePlaneHull(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  planeInWorld(out, a, A);
  planeHull(out, B, b.hull as ConvexHull, planeOffset);
}

export function collideBoxBox(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  boxBox(out, A, a.halfExtents, a.hull as ConvexHull, B, b.halfExtents, b.hull as ConvexHull);
  if (out.count === 0) closestPoints(out, a, A, b, B);
}

export function collideBoxSphere(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  boxSphere(out, A, a.halfExtents, B.c, b);
}

/** Two hulls, or a box (as its hull) and a hull. */
export function collideHulls(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  hullHull(out, A, a.hull as ConvexHull, B, b.hull as ConvexHull);
  if (out.count === 0) closestPoints(out, a, A, b, B);
}

/** A hull, or a box as its hull, and a capsule. */
export function collideHullCapsule(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  capsuleSegment(B, b, segment);
  hullCapsule(out, A, a.hull as ConvexHull, segment, b);
}

export function collideHullSphere(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  hullSphere(out, A, a.hull as ConvexHull, B.c, b);
}

export function collideCapsules(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  capsuleSegment(A, a, segment);
  capsuleSegment(B, b, other);
  capsules(out, a, segment, b, other);
}

export function collideCapsuleSphere(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  capsuleSegment(A, a, segment);
  closestOnSegment(segment, B.c, centres);
  centres[3] = B.c[0]; centres[4] = B.c[1]; centres[5] = B.c[2];
  spheres(out, a, b, 0);
}

export function collideSpheres(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  centres[0] = A.c[0]; centres[1] = A.c[1]; centres[2] = A.c[2];
  centres[3] = B.c[0]; centres[4] = B.c[1]; centres[5] = B.c[2];
  spheres(out, a, b, 0);
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

const convexA = /* @__PURE__ */ new ConvexProxy(), convexB = /* @__PURE__ */ new ConvexProxy(), distance = /* @__PURE__ */ new DistanceResult();
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
  a.definition.convex(a, convexA);
  b.definition.convex(b, convexB);
  measureDistance(convexA, A, convexB, B, distance);
  const d = distance.distance;
  if (!(d > 0) || d >= out.margin) return;
  const n = distance.normal, p = distance.pointA, q = distance.pointB;
  out.setNormal(n[0], n[1], n[2]);
  out.add(0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1]), 0.5 * (p[2] + q[2]), d, CLOSEST_POINTS);
}
