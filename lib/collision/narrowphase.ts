// Narrowphase: the contact manifold of two shapes, in closed form. Shapes are ordered plane < box < hull
// < capsule < sphere (SHAPE_RANK) so that each pair has one function; the normal points from the first
// shape (A) to the second (B). Points farther apart than `margin` are left out; points between 0 and
// `margin` apart are speculative (the solver lets the bodies close at most that gap in a substep).
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
//   box–box         the separating axis test over the 15 axes (3 + 3 face normals, 9 edge crossings;
//                   Gottschalk, Lin, Manocha, "OBBTree", 1996). A face axis: the other box's most
//                   opposed face clipped to the reference face's sides (Sutherland–Hodgman), its points
//                   below the reference face kept, at most 4 (the deepest, the farthest from it, and the
//                   two that span the most area: Box2D v3's manifold reduction idea). An edge axis: the
//                   two supporting edges' closest points. Faces are preferred unless an edge axis
//                   separates clearly more (EDGE_TOLERANCE), so resting boxes keep face contacts.
//   hulls           against a plane, box, hull, capsule and sphere: hull-contacts.ts (the box as a hull)
// Each point is the midpoint between the two surfaces.

import type { Body } from '../body.js';
import {
  candidateDepths, candidateIds, candidates, clipIn, clipInFeatures, clipOut, clipOutFeatures, clipPolygon, closestOnSegment,
  closestPointsOfSegments, EDGE_TOLERANCE, FACE_RELATIVE_TOLERANCE, reducePoints,
} from './features.js';
import type { ConvexHull } from './hull.js';
import { hullCapsule, hullHull, hullSphere, planeHull } from './hull-contacts.js';
import { Manifold } from './manifold.js';
import type { Shape, ShapeType } from './shape.js';

export const SHAPE_RANK: Record<ShapeType, number> = { plane: 0, box: 1, hull: 2, capsule: 3, sphere: 4 };

/** A shape's world pose: centre c and rotation W = R S (column-major, W_ij = W[3j + i]); for a plane,
 * its body's pose. The contact search sets each shape's once per step (contact-set.ts writeBox). */
export class ShapePose {
  readonly c = new Float64Array(3);
  readonly W = new Float64Array(9);

  set(body: Body, shape: Shape): this {
    const R = body.rotation, x = body.position, p = shape.position, c = this.c, W = this.W, S = shape.rotation;
    for (let i = 0; i < 3; i++) c[i] = x[i] + R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2];
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) W[3 * j + i] = R[i] * S[3 * j] + R[3 + i] * S[3 * j + 1] + R[6 + i] * S[3 * j + 2];
    }
    return this;
  }
}

const segment = new Float64Array(6), other = new Float64Array(6), closest = new Float64Array(6);

/**
 * Writes the manifold of shapes a and b at world poses A and B, which must be ordered by SHAPE_RANK
 * (rank a ≤ rank b), into `out` (count 0: no contact within margin).
 */
export function collide(a: Shape, A: ShapePose, b: Shape, B: ShapePose, margin: number, out: Manifold): void {
  out.begin();
  switch (a.type) {
    case 'plane': {
      // the plane in world space (its pose is its body's): n_w = R n, offset_w = n_w·x + offset
      const R = A.W, n = a.normal, x = A.c;
      const nx = R[0] * n[0] + R[3] * n[1] + R[6] * n[2], ny = R[1] * n[0] + R[4] * n[1] + R[7] * n[2], nz = R[2] * n[0] + R[5] * n[1] + R[8] * n[2];
      const offset = nx * x[0] + ny * x[1] + nz * x[2] + a.offset;
      out.setNormal(nx, ny, nz);
      if (b.type === 'sphere') planePoint(out, B.c[0], B.c[1], B.c[2], b.radius, offset, margin, 0);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, segment);
        planePoint(out, segment[0], segment[1], segment[2], b.radius, offset, margin, 0);
        planePoint(out, segment[3], segment[4], segment[5], b.radius, offset, margin, 1);
      } else if (b.type === 'box') planeBox(out, B, b.halfExtents, offset, margin);
      else if (b.type === 'hull') planeHull(out, B, b.hull as ConvexHull, offset, margin);
      return;
    }
    case 'box':
      if (b.type === 'box') boxBox(out, A, a.halfExtents, B, b.halfExtents, margin);
      else if (b.type === 'sphere') boxSphere(out, A, a.halfExtents, B.c[0], B.c[1], B.c[2], b.radius, margin);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, segment);
        hullCapsule(out, A, a.hull as ConvexHull, segment, b.radius, margin);
      } else if (b.type === 'hull') hullHull(out, A, a.hull as ConvexHull, B, b.hull as ConvexHull, margin);
      return;
    case 'hull':
      if (b.type === 'hull') hullHull(out, A, a.hull as ConvexHull, B, b.hull as ConvexHull, margin);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, segment);
        hullCapsule(out, A, a.hull as ConvexHull, segment, b.radius, margin);
      } else if (b.type === 'sphere') hullSphere(out, A, a.hull as ConvexHull, B.c[0], B.c[1], B.c[2], b.radius, margin);
      return;
    case 'capsule':
      capsuleSegment(A, a.halfHeight, segment);
      if (b.type === 'sphere') {
        closestOnSegment(segment, B.c[0], B.c[1], B.c[2], closest);
        spheres(out, closest[0], closest[1], closest[2], a.radius, B.c[0], B.c[1], B.c[2], b.radius, margin, 0);
      } else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, other);
        capsules(out, segment, a.radius, other, b.radius, margin);
      }
      return;
    case 'sphere':
      spheres(out, A.c[0], A.c[1], A.c[2], a.radius, B.c[0], B.c[1], B.c[2], b.radius, margin, 0);
      return;
  }
}

/** A sphere (centre c, radius r) over the plane n·p = offset, n already in out.normal. */
function planePoint(out: Manifold, cx: number, cy: number, cz: number, r: number, offset: number, margin: number, id: number): void {
  const n = out.normal;
  const s = n[0] * cx + n[1] * cy + n[2] * cz - offset - r;
  if (s >= margin) return;
  const back = r + 0.5 * s;
  out.add(cx - n[0] * back, cy - n[1] * back, cz - n[2] * back, s, id);
}

const vertexSeparations = new Float64Array(8);
const vertices = new Float64Array(24);

function planeBox(out: Manifold, B: ShapePose, h: Float64Array, offset: number, margin: number): void {
  const n = out.normal, W = B.W, c = B.c;
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

/** Two spheres: the normal along the centres' line (straight up if they coincide). */
function spheres(
  out: Manifold, ax: number, ay: number, az: number, ra: number, bx: number, by: number, bz: number, rb: number, margin: number, id: number,
): void {
  const dx = bx - ax, dy = by - ay, dz = bz - az;
  const L = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const s = L - ra - rb;
  if (s >= margin) return;
  let nx = 0, ny = 1, nz = 0;
  if (L > 1e-12) {
    nx = dx / L; ny = dy / L; nz = dz / L;
  }
  if (out.count === 0) out.setNormal(nx, ny, nz);
  const along = ra + 0.5 * s;
  out.add(ax + nx * along, ay + ny * along, az + nz * along, s, id);
}

/** The capsule's segment ends c ∓ h·(W's y column), into out[0..5]. */
function capsuleSegment(pose: ShapePose, h: number, out: Float64Array): void {
  const W = pose.W, c = pose.c;
  for (let i = 0; i < 3; i++) {
    out[i] = c[i] - h * W[3 + i];
    out[3 + i] = c[i] + h * W[3 + i];
  }
}

function capsules(out: Manifold, a: Float64Array, ra: number, b: Float64Array, rb: number, margin: number): void {
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
        closestOnSegment(b, px, py, pz, closest);
        spheres(out, px, py, pz, ra, closest[0], closest[1], closest[2], rb, margin, k);
        if (t1 - t0 < 1e-9) break;
      }
      return;
    }
  }
  closestPointsOfSegments(a, b, closest);
  spheres(out, closest[0], closest[1], closest[2], ra, closest[3], closest[4], closest[5], rb, margin, 0);
}

/** A sphere (centre q, radius r) against the box of pose A and half extents h. */
function boxSphere(out: Manifold, A: ShapePose, h: Float64Array, qx: number, qy: number, qz: number, r: number, margin: number): void {
  const W = A.W, c = A.c;
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

const axisScratch = new Float64Array(3);
/** A face's corners in order around it (signs along its two side axes). */
const CORNERS = [1, 1, -1, 1, -1, -1, 1, -1];

/** Box B's axis k (a column of W). */
function column(W: Float64Array, k: number, out: Float64Array): Float64Array {
  out[0] = W[3 * k]; out[1] = W[3 * k + 1]; out[2] = W[3 * k + 2];
  return out;
}

/** Σ_k h_k |w_k·L|: the box's half width along the unit axis L. */
function halfWidth(W: Float64Array, h: Float64Array, lx: number, ly: number, lz: number): number {
  return h[0] * Math.abs(W[0] * lx + W[1] * ly + W[2] * lz) + h[1] * Math.abs(W[3] * lx + W[4] * ly + W[5] * lz) + h[2] * Math.abs(W[6] * lx + W[7] * ly + W[8] * lz);
}

function boxBox(out: Manifold, A: ShapePose, hA: Float64Array, B: ShapePose, hB: Float64Array, margin: number): void {
  const WA = A.W, WB = B.W;
  const dx = B.c[0] - A.c[0], dy = B.c[1] - A.c[1], dz = B.c[2] - A.c[2];
  // face axes
  let faceA = -Infinity, faceAIndex = 0, faceB = -Infinity, faceBIndex = 0;
  for (let k = 0; k < 3; k++) {
    const lx = WA[3 * k], ly = WA[3 * k + 1], lz = WA[3 * k + 2];
    const sep = Math.abs(dx * lx + dy * ly + dz * lz) - hA[k] - halfWidth(WB, hB, lx, ly, lz);
    if (sep > margin) return;
    if (sep > faceA) { faceA = sep; faceAIndex = k; }
  }
  for (let k = 0; k < 3; k++) {
    const lx = WB[3 * k], ly = WB[3 * k + 1], lz = WB[3 * k + 2];
    const sep = Math.abs(dx * lx + dy * ly + dz * lz) - halfWidth(WA, hA, lx, ly, lz) - hB[k];
    if (sep > margin) return;
    if (sep > faceB) { faceB = sep; faceBIndex = k; }
  }
  // edge axes a_i × b_j
  let edge = -Infinity, edgeI = 0, edgeJ = 0, ex = 0, ey = 0, ez = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const ax = WA[3 * i], ay = WA[3 * i + 1], az = WA[3 * i + 2], bx = WB[3 * j], by = WB[3 * j + 1], bz = WB[3 * j + 2];
      let lx = ay * bz - az * by, ly = az * bx - ax * bz, lz = ax * by - ay * bx;
      const length = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (length < 1e-6) continue; // parallel edges: the face axes cover them
      lx /= length; ly /= length; lz /= length;
      const sep = Math.abs(dx * lx + dy * ly + dz * lz) - halfWidth(WA, hA, lx, ly, lz) - halfWidth(WB, hB, lx, ly, lz);
      if (sep > margin) return;
      if (sep > edge) {
        edge = sep; edgeI = i; edgeJ = j;
        const flip = dx * lx + dy * ly + dz * lz < 0 ? -1 : 1;
        ex = flip * lx; ey = flip * ly; ez = flip * lz;
      }
    }
  }
  const face = Math.max(faceA, faceB);
  if (edge > face + EDGE_TOLERANCE) {
    boxEdges(out, A, hA, edgeI, B, hB, edgeJ, ex, ey, ez, edge);
    return;
  }
  if (faceB > FACE_RELATIVE_TOLERANCE * faceA + 0.001) boxFace(out, B, hB, faceBIndex, A, hA, margin, -1, 6);
  else boxFace(out, A, hA, faceAIndex, B, hB, margin, 1, 0);
}

/**
 * Face contact: reference box R's face along axis k (toward the incident box I) clipped against I's
 * most opposed face. `sign` 1: R is A (the normal is the face's), −1: R is B (the normal flips).
 * Feature ids: reference face (with `idBase`), incident face, point index.
 */
function boxFace(out: Manifold, R: ShapePose, hR: Float64Array, k: number, I: ShapePose, hI: Float64Array, margin: number, sign: number, idBase: number): void {
  const WR = R.W, WI = I.W;
  const n = column(WR, k, axisScratch);
  const toward = (I.c[0] - R.c[0]) * n[0] + (I.c[1] - R.c[1]) * n[1] + (I.c[2] - R.c[2]) * n[2] < 0 ? -1 : 1;
  const nx = toward * n[0], ny = toward * n[1], nz = toward * n[2];
  // the reference face's centre and its two side axes
  const fx = R.c[0] + nx * hR[k], fy = R.c[1] + ny * hR[k], fz = R.c[2] + nz * hR[k];
  const u = (k + 1) % 3, v = (k + 2) % 3;
  // the incident face: I's axis most (anti)parallel to n, on the side facing R
  let m = 0, best = -1, mSign = 1;
  for (let axis = 0; axis < 3; axis++) {
    const dot = WI[3 * axis] * nx + WI[3 * axis + 1] * ny + WI[3 * axis + 2] * nz;
    if (Math.abs(dot) > best) { best = Math.abs(dot); m = axis; mSign = dot > 0 ? -1 : 1; }
  }
  const m1 = (m + 1) % 3, m2 = (m + 2) % 3;
  const cx = I.c[0] + mSign * WI[3 * m] * hI[m], cy = I.c[1] + mSign * WI[3 * m + 1] * hI[m], cz = I.c[2] + mSign * WI[3 * m + 2] * hI[m];
  for (let p = 0; p < 4; p++) {
    const s1 = CORNERS[2 * p] * hI[m1], s2 = CORNERS[2 * p + 1] * hI[m2];
    clipIn[3 * p] = cx + WI[3 * m1] * s1 + WI[3 * m2] * s2;
    clipIn[3 * p + 1] = cy + WI[3 * m1 + 1] * s1 + WI[3 * m2 + 1] * s2;
    clipIn[3 * p + 2] = cz + WI[3 * m1 + 2] * s1 + WI[3 * m2 + 2] * s2;
    clipInFeatures[2 * p] = p; clipInFeatures[2 * p + 1] = p; // (not used: ids are by point index)
  }
  // clip to the 4 side planes: |(p − c_R)·w| ≤ h for w = R's u and v axes
  let count = 4;
  let source = clipIn, target = clipOut, sourceFeatures = clipInFeatures, targetFeatures = clipOutFeatures;
  for (let plane = 0; plane < 4; plane++) {
    const axis = plane < 2 ? u : v, side = plane % 2 === 0 ? 1 : -1;
    const wx = side * WR[3 * axis], wy = side * WR[3 * axis + 1], wz = side * WR[3 * axis + 2];
    const limit = hR[axis] + wx * R.c[0] + wy * R.c[1] + wz * R.c[2];
    count = clipPolygon(source, sourceFeatures, count, wx, wy, wz, limit, plane, target, targetFeatures);
    const swap = source; source = target; target = swap;
    const swapFeatures = sourceFeatures; sourceFeatures = targetFeatures; targetFeatures = swapFeatures;
    if (count === 0) return;
  }
  // keep the points below the reference face (within the margin), as surface midpoints
  let kept = 0;
  for (let p = 0; p < count; p++) {
    const px = source[3 * p], py = source[3 * p + 1], pz = source[3 * p + 2];
    const depth = (px - fx) * nx + (py - fy) * ny + (pz - fz) * nz;
    if (depth >= margin) continue;
    candidates[3 * kept] = px - 0.5 * depth * nx;
    candidates[3 * kept + 1] = py - 0.5 * depth * ny;
    candidates[3 * kept + 2] = pz - 0.5 * depth * nz;
    candidateDepths[kept] = depth;
    kept++;
  }
  if (kept === 0) return;
  out.setNormal(sign * nx, sign * ny, sign * nz);
  const faceId = (idBase + 2 * k + (toward > 0 ? 0 : 1)) * 64 + (2 * m + (mSign > 0 ? 0 : 1)) * 8;
  for (let p = 0; p < kept; p++) candidateIds[p] = faceId + p;
  reducePoints(out, kept, nx, ny, nz, false);
}

/** Edge contact: A's edge along axis i and B's along j that support the axis L (A → B), closest points. */
function boxEdges(out: Manifold, A: ShapePose, hA: Float64Array, i: number, B: ShapePose, hB: Float64Array, j: number, lx: number, ly: number, lz: number, separation: number): void {
  const WA = A.W, WB = B.W;
  // A's supporting edge: its centre moved toward L along A's other two axes
  for (let side = 0; side < 2; side++) {
    const W = side === 0 ? WA : WB, h = side === 0 ? hA : hB, c = side === 0 ? A.c : B.c, along = side === 0 ? i : j;
    const direction = side === 0 ? 1 : -1, target = side === 0 ? segment : other;
    let mx = c[0], my = c[1], mz = c[2];
    for (let k = 0; k < 3; k++) {
      if (k === along) continue;
      const dot = W[3 * k] * lx + W[3 * k + 1] * ly + W[3 * k + 2] * lz;
      const s = direction * (dot >= 0 ? 1 : -1) * h[k];
      mx += s * W[3 * k]; my += s * W[3 * k + 1]; mz += s * W[3 * k + 2];
    }
    const hx = h[along] * W[3 * along], hy = h[along] * W[3 * along + 1], hz = h[along] * W[3 * along + 2];
    target[0] = mx - hx; target[1] = my - hy; target[2] = mz - hz;
    target[3] = mx + hx; target[4] = my + hy; target[5] = mz + hz;
  }
  // the point midway between the two edges' closest points, at the axis's separation (the points'
  // distance has no sign)
  closestPointsOfSegments(segment, other, closest);
  out.setNormal(lx, ly, lz);
  out.add(0.5 * (closest[0] + closest[3]), 0.5 * (closest[1] + closest[4]), 0.5 * (closest[2] + closest[5]), separation, 4096 + 4 * i + j);
}
