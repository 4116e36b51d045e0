// Contacts of convex hulls (hull.ts) with planes, boxes (a box as its hull), hulls, capsules and spheres;
// the normal points from A to B, as in narrowphase.ts.
//
//   plane–hull     the vertices within the margin, reduced to 4 (features.ts reducePoints); id: the vertex
//   hull–hull      the separating axis test (Gottschalk, Lin, Manocha, "OBBTree", 1996) over both hulls'
//                  face normals and the cross products of their edges. An edge pair is an axis only where
//                  it makes a face of the Minkowski difference: the arcs its edges' two face normals span
//                  on the unit sphere (the Gauss map), A's and B's negated, cross (Gregorius, "The
//                  Separating Axis Test between Convex Polyhedra", GDC 2013); the others cannot give the
//                  largest separation. Its separation is then L·(b − a) for points a, b on the edges, L
//                  pointing away from A's centroid. A face axis: the other hull's most opposed face
//                  clipped to the reference face's sides (Sutherland–Hodgman), the points below the face
//                  kept, at most 4; ids name the reference face and each point's feature (an incident
//                  vertex, or an incident edge crossing a reference side), so they last while the hulls
//                  slide. An edge axis: the closest points of the two edges. Faces are preferred unless an
//                  edge separates clearly more (as box–box).
//   hull–capsule   in the hull's frame, the segment p₀p₁ (u = p₁ − p₀) against the polyhedron. The
//                  axes are the hull's face normals (separation min(n·p₀, n·p₁) − d) and u × e for each
//                  edge e whose face normals n₁, n₂ lie on opposite sides of the great circle ⊥ u
//                  ((n₁·u)(n₂·u) < 0: the segment's Gauss map crosses the edge's arc). The largest
//                  separation s decides:
//                    s > 0   the segment misses the hull: its exact closest points, the least of each
//                            end's closest point on the hull and the segment against each hull edge (a
//                            minimum inside the segment against a face's inside is matched at an end or
//                            where the segment passes over the face's edge, since the distance to a plane
//                            is linear along a segment). The separation along a face axis alone is only a
//                            lower bound: a capsule would hover over a vertex.
//                    s ≤ 0   the segment enters the hull: the axis with the largest separation.
//                  When the normal is (within 0.8°) a face's, the capsule lies along that face: the
//                  segment is clipped to the face's sides and each end kept within the margin (2 points,
//                  so a capsule resting on a face, or across a narrow box, stays); otherwise one point.
//   hull–sphere    the centre's closest point on the hull when outside (the least over the faces it is
//                  in front of), else out through the face of largest separation.
//
//   box–box        hull–hull with each axis's separation in closed form (boxBox), the same manifold.

import type { Manifold } from './manifold.js';
import {
  candidateDepths, candidateIds, candidates, clipIn, clipInFeatures, clipOut, clipOutFeatures, clipPlane, clipPolygon, closestOnSegment,
  closestPointsOfSegments, EDGE_TOLERANCE, FACE_RELATIVE_TOLERANCE, reducePoints,
} from './features.js';
import { MAX_HULL_FACES, MAX_HULL_VERTICES, type ConvexHull } from '../geometry/hull.js';
import type { ShapePose } from './shape-pose.js';
import type { Shape } from '../geometry/shape.js';

/** A normal within this cosine of a face's makes a capsule lie along the face (about 0.8°). */
const FACE_ALIGNMENT = 0.9999;
/** A segment or point nearer the hull than this (m) touches it: the closest points' direction, their
 * difference over a distance near 0, is round-off there (0/0 at a vertex the capsule's core passes
 * through), so the face's (or edge's) normal is taken as for a segment that enters the hull. */
const TOUCHING_DISTANCE = 1e-9;
/** Ids: an edge–edge point, and a capsule's or sphere's single point. */
const EDGE_PAIR = 1 << 30, SINGLE_POINT = 1 << 20;

/** A hull moved to its world pose: vertices and planes (normal, offset), and its centroid. */
class WorldHull {
  readonly vertices = new Float64Array(3 * MAX_HULL_VERTICES);
  readonly planes = new Float64Array(4 * MAX_HULL_FACES);
  readonly centroid = new Float64Array(3);
  hull: ConvexHull | null = null;

  /** v_w = c + W v;  n_w = W n,  d_w = d + n_w·c. */
  set(pose: ShapePose, hull: ConvexHull): this {
    const W = pose.W, c = pose.c, v = hull.vertices, P = hull.planes, g = hull.centroid;
    this.hull = hull;
    for (let i = 0; i < hull.vertexCount; i++) {
      const x = v[3 * i], y = v[3 * i + 1], z = v[3 * i + 2];
      for (let k = 0; k < 3; k++) this.vertices[3 * i + k] = c[k] + W[k] * x + W[3 + k] * y + W[6 + k] * z;
    }
    for (let f = 0; f < hull.faceCount; f++) {
      const x = P[4 * f], y = P[4 * f + 1], z = P[4 * f + 2];
      const nx = W[0] * x + W[3] * y + W[6] * z, ny = W[1] * x + W[4] * y + W[7] * z, nz = W[2] * x + W[5] * y + W[8] * z;
      this.planes[4 * f] = nx; this.planes[4 * f + 1] = ny; this.planes[4 * f + 2] = nz;
      this.planes[4 * f + 3] = P[4 * f + 3] + nx * c[0] + ny * c[1] + nz * c[2];
    }
    for (let k = 0; k < 3; k++) this.centroid[k] = c[k] + W[k] * g[0] + W[3 + k] * g[1] + W[6 + k] * g[2];
    return this;
  }
}

const worldA = /* @__PURE__ */ new WorldHull(), worldB = /* @__PURE__ */ new WorldHull();
const edgeA = new Float64Array(6), edgeB = new Float64Array(6), closest = new Float64Array(6);
const local = new Float64Array(6), hullPoint = new Float64Array(3), segmentPoint = new Float64Array(3);
/** closestOnHull's point q, for closestOnSegment (an array: doubles passed to a call V8 does not inline are boxed). */
const query = new Float64Array(3);
/** The distance closestOnHull and closestOfSegmentAndHull find (an array, not a return value, for the same reason). */
const closestDistance = new Float64Array(1);
/** The reference face's normal, for reducePoints. */
const faceNormal = new Float64Array(3);

/** The vertices of hull B (pose B) within the margin of the plane n·p = planeOffset[0] (n in out.normal).
 * (The offset in an array: a double passed to a call V8 does not inline is boxed.) */
export function planeHull(out: Manifold, B: ShapePose, hull: ConvexHull, planeOffset: Float64Array): void {
  const margin = out.margin, n = out.normal, W = B.W, c = B.c, v = hull.vertices, offset = planeOffset[0];
  let kept = 0;
  for (let i = 0; i < hull.vertexCount; i++) {
    const x = v[3 * i], y = v[3 * i + 1], z = v[3 * i + 2];
    const px = c[0] + W[0] * x + W[3] * y + W[6] * z, py = c[1] + W[1] * x + W[4] * y + W[7] * z, pz = c[2] + W[2] * x + W[5] * y + W[8] * z;
    const s = n[0] * px + n[1] * py + n[2] * pz - offset;
    if (s >= margin) continue;
    candidates[3 * kept] = px - 0.5 * s * n[0];
    candidates[3 * kept + 1] = py - 0.5 * s * n[1];
    candidates[3 * kept + 2] = pz - 0.5 * s * n[2];
    candidateDepths[kept] = s;
    candidateIds[kept] = i;
    kept++;
  }
  reducePoints(out, kept, n, true);
}

/** The largest over hull P's faces of the least height of Q's vertices above it: its value and face
 * (faceResult), or stops early with a separation past the margin (out.margin; the manifold is passed for
 * it, see Manifold.margin). */
const faceResult = { separation: 0, face: 0 };
function faceSeparation(out: Manifold, P: WorldHull, Q: WorldHull): void {
  const margin = out.margin, planes = P.planes, v = Q.vertices, hullP = P.hull as ConvexHull, count = (Q.hull as ConvexHull).vertexCount;
  let best = -Infinity, bestFace = 0;
  for (let f = 0; f < hullP.faceCount; f++) {
    const nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2];
    let least = Infinity;
    for (let i = 0; i < count; i++) least = Math.min(least, nx * v[3 * i] + ny * v[3 * i + 1] + nz * v[3 * i + 2]);
    const s = least - planes[4 * f + 3];
    if (s > best) { best = s; bestFace = f; }
    if (s > margin) break;
  }
  faceResult.separation = best; faceResult.face = bestFace;
}

/**
 * Whether arcs AB and CD of the unit sphere cross (Gregorius 2013): C and D on opposite sides of the
 * plane of A and B, A and B on opposite sides of the plane of C and D, and the crossing on the same
 * half of the great circles (C·(B × A) and B·(D × C) of one sign). b×a and d×c are passed in: for an
 * edge they are its direction (up to sign and length, which the signs do not see).
 */
function arcsCross(
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, baX: number, baY: number, baZ: number,
  cx: number, cy: number, cz: number, dx: number, dy: number, dz: number, dcX: number, dcY: number, dcZ: number,
): boolean {
  const cba = cx * baX + cy * baY + cz * baZ, dba = dx * baX + dy * baY + dz * baZ;
  const adc = ax * dcX + ay * dcY + az * dcZ, bdc = bx * dcX + by * dcY + bz * dcZ;
  return cba * dba < 0 && adc * bdc < 0 && cba * bdc > 0;
}

/** Hull A against hull B (a box passes its shape.hull): see the header. */
export function hullHull(out: Manifold, A: ShapePose, hullA: ConvexHull, B: ShapePose, hullB: ConvexHull): void {
  const margin = out.margin, a = worldA.set(A, hullA), b = worldB.set(B, hullB);
  faceSeparation(out, a, b);
  const faceA = faceResult.separation, faceAIndex = faceResult.face;
  if (faceA > margin) return;
  faceSeparation(out, b, a);
  const faceB = faceResult.separation, faceBIndex = faceResult.face;
  if (faceB > margin) return;
  // edge pairs that make faces of the Minkowski difference
  const va = a.vertices, vb = b.vertices, pa = a.planes, pb = b.planes;
  let edge = -Infinity, edgeI = 0, edgeJ = 0, ex = 0, ey = 0, ez = 0;
  for (let i = 0; i < hullA.edgeCount; i++) {
    const a0 = 3 * hullA.edges[2 * i], a1 = 3 * hullA.edges[2 * i + 1];
    // the edge runs a0 → a1 on face u's loop: its direction is u × v (v the face across)
    const u = 4 * hullA.edgeFaces[2 * i], v = 4 * hullA.edgeFaces[2 * i + 1];
    const e1x = va[a1] - va[a0], e1y = va[a1 + 1] - va[a0 + 1], e1z = va[a1 + 2] - va[a0 + 2];
    for (let j = 0; j < hullB.edgeCount; j++) {
      const b0 = 3 * hullB.edges[2 * j], b1 = 3 * hullB.edges[2 * j + 1];
      const s = 4 * hullB.edgeFaces[2 * j], t = 4 * hullB.edgeFaces[2 * j + 1];
      const e2x = vb[b1] - vb[b0], e2y = vb[b1 + 1] - vb[b0 + 1], e2z = vb[b1 + 2] - vb[b0 + 2];
      // arcs (u, v) of A and (−s, −t) of B; v × u = −e1, (−t) × (−s) = t × s = −e2
      if (!arcsCross(pa[u], pa[u + 1], pa[u + 2], pa[v], pa[v + 1], pa[v + 2], -e1x, -e1y, -e1z,
        -pb[s], -pb[s + 1], -pb[s + 2], -pb[t], -pb[t + 1], -pb[t + 2], -e2x, -e2y, -e2z)) continue;
      let lx = e1y * e2z - e1z * e2y, ly = e1z * e2x - e1x * e2z, lz = e1x * e2y - e1y * e2x;
      const length = Math.sqrt(lx * lx + ly * ly + lz * lz);
      const lengths = Math.sqrt((e1x * e1x + e1y * e1y + e1z * e1z) * (e2x * e2x + e2y * e2y + e2z * e2z));
      if (length < 1e-6 * lengths) continue; // parallel edges: the face axes cover them
      lx /= length; ly /= length; lz /= length;
      // away from A: L·(a − g_A) > 0
      if (lx * (va[a0] - a.centroid[0]) + ly * (va[a0 + 1] - a.centroid[1]) + lz * (va[a0 + 2] - a.centroid[2]) < 0) {
        lx = -lx; ly = -ly; lz = -lz;
      }
      const sep = lx * (vb[b0] - va[a0]) + ly * (vb[b0 + 1] - va[a0 + 1]) + lz * (vb[b0 + 2] - va[a0 + 2]);
      if (sep > margin) return;
      if (sep > edge) {
        edge = sep; edgeI = i; edgeJ = j; ex = lx; ey = ly; ez = lz;
      }
    }
  }
  const face = Math.max(faceA, faceB);
  if (edge > face + EDGE_TOLERANCE) {
    edgeContact(out, a, edgeI, b, edgeJ, ex, ey, ez, edge);
    return;
  }
  if (faceB > FACE_RELATIVE_TOLERANCE * faceA + 0.001) hullFace(out, b, faceBIndex, a, -1, 1);
  else hullFace(out, a, faceAIndex, b, 1, 0);
}

/**
 * Box A against box B (half extents hA, hB; their hulls from shape.hull): hullHull's separating axis
 * test with each axis's separation in closed form, then its face and edge contacts. A box's support
 * along a unit L is c·L ± Σ_k h_k |L·w_k| (w_k its axes), so a face axis costs three dot products instead
 * of a pass over the other box's 8 vertices, and the edge pairs are the 3 x 3 pairs of axis directions
 * instead of 12 x 12 edges: every pair of directions gives two faces (±L) of the Minkowski difference of
 * two boxes (a zonotope), so the Gauss-map test hullHull needs always passes, and the larger of the two
 * separations is |L·(c_B − c_A)| − r_A(L) − r_B(L). The faces are visited in the hulls' order and the
 * winning edge pair named by the hulls' edge indices, so the manifold (points, ids) is hullHull's.
 * Measured on the 55-box pyramid (CPU profile): box–box went from 35 % of the step to 17 %, and the
 * whole contact search from 45 % to 26 %.
 */
export function boxBox(
  out: Manifold, A: ShapePose, hA: ArrayLike<number>, hullA: ConvexHull, B: ShapePose, hB: ArrayLike<number>, hullB: ConvexHull,
): void {
  const margin = out.margin, WA = A.W, WB = B.W;
  const dx = B.c[0] - A.c[0], dy = B.c[1] - A.c[1], dz = B.c[2] - A.c[2];
  boxFaceSeparation(out, A, hullA, B, hB);
  const faceA = faceResult.separation, faceAIndex = faceResult.face;
  if (faceA > margin) return;
  boxFaceSeparation(out, B, hullB, A, hA);
  const faceB = faceResult.separation, faceBIndex = faceResult.face;
  if (faceB > margin) return;
  let edge = -Infinity, edgeK = 0, edgeL = 0, ex = 0, ey = 0, ez = 0;
  for (let k = 0; k < 3; k++) {
    const ax = WA[3 * k], ay = WA[3 * k + 1], az = WA[3 * k + 2];
    for (let l = 0; l < 3; l++) {
      const bx = WB[3 * l], by = WB[3 * l + 1], bz = WB[3 * l + 2];
      let lx = ay * bz - az * by, ly = az * bx - ax * bz, lz = ax * by - ay * bx;
      const length = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (length < 1e-6) continue; // parallel edges: the face axes cover them (W's columns are unit)
      lx /= length; ly /= length; lz /= length;
      const centres = lx * dx + ly * dy + lz * dz;
      if (centres < 0) { lx = -lx; ly = -ly; lz = -lz; }
      const sep = Math.abs(centres) - boxRadius(WA, hA, lx, ly, lz) - boxRadius(WB, hB, lx, ly, lz);
      if (sep > margin) return;
      if (sep > edge) {
        edge = sep; edgeK = k; edgeL = l; ex = lx; ey = ly; ez = lz;
      }
    }
  }
  const a = worldA.set(A, hullA), b = worldB.set(B, hullB);
  const face = Math.max(faceA, faceB);
  if (edge > face + EDGE_TOLERANCE) {
    // A's edge along axis k farthest along L, B's along axis l farthest against it
    const i = supportEdge(a, edgeK, ex, ey, ez), j = supportEdge(b, edgeL, -ex, -ey, -ez);
    edgeContact(out, a, i, b, j, ex, ey, ez, edge);
    return;
  }
  if (faceB > FACE_RELATIVE_TOLERANCE * faceA + 0.001) hullFace(out, b, faceBIndex, a, -1, 1);
  else hullFace(out, a, faceAIndex, b, 1, 0);
}

/** Σ_k h_k |L·w_k|: half the box's extent along the unit L (W's columns are its axes). */
function boxRadius(W: Float64Array, h: ArrayLike<number>, lx: number, ly: number, lz: number): number {
  return h[0] * Math.abs(W[0] * lx + W[1] * ly + W[2] * lz) + h[1] * Math.abs(W[3] * lx + W[4] * ly + W[5] * lz) + h[2] * Math.abs(W[6] * lx + W[7] * ly + W[8] * lz);
}

/** faceSeparation for box P (its hull's faces, in their order) against box Q (pose, half extents): the
 * least height of Q's vertices above a face n·p = d is n·c_Q − r_Q(n) − d. */
function boxFaceSeparation(out: Manifold, P: ShapePose, hullP: ConvexHull, Q: ShapePose, hQ: ArrayLike<number>): void {
  const margin = out.margin, W = P.W, c = P.c, planes = hullP.planes, cQ = Q.c, WQ = Q.W;
  let best = -Infinity, bestFace = 0;
  for (let f = 0; f < hullP.faceCount; f++) {
    const x = planes[4 * f], y = planes[4 * f + 1], z = planes[4 * f + 2];
    const nx = W[0] * x + W[3] * y + W[6] * z, ny = W[1] * x + W[4] * y + W[7] * z, nz = W[2] * x + W[5] * y + W[8] * z;
    const d = planes[4 * f + 3] + nx * c[0] + ny * c[1] + nz * c[2];
    const s = nx * cQ[0] + ny * cQ[1] + nz * cQ[2] - boxRadius(WQ, hQ, nx, ny, nz) - d;
    if (s > best) { best = s; bestFace = f; }
    if (s > margin) break;
  }
  faceResult.separation = best; faceResult.face = bestFace;
}

/** The hull edge along the box's axis `axis` (in its frame) farthest along (lx, ly, lz), the first of
 * equals. */
function supportEdge(h: WorldHull, axis: number, lx: number, ly: number, lz: number): number {
  const hull = h.hull as ConvexHull, local = hull.vertices, v = h.vertices;
  let best = -Infinity, bestEdge = 0;
  for (let e = 0; e < hull.edgeCount; e++) {
    const p = 3 * hull.edges[2 * e], q = 3 * hull.edges[2 * e + 1];
    if (local[p + axis] === local[q + axis]) continue; // not along this axis
    const along = lx * (v[p] + v[q]) + ly * (v[p + 1] + v[q + 1]) + lz * (v[p + 2] + v[q + 2]);
    if (along > best) { best = along; bestEdge = e; }
  }
  return bestEdge;
}

/** The closest points of A's edge i and B's edge j, for the axis L (A → B) of separation s. */
function edgeContact(out: Manifold, a: WorldHull, i: number, b: WorldHull, j: number, lx: number, ly: number, lz: number, s: number): void {
  const hullA = a.hull as ConvexHull, hullB = b.hull as ConvexHull;
  for (let end = 0; end < 2; end++) {
    const p = 3 * hullA.edges[2 * i + end], q = 3 * hullB.edges[2 * j + end];
    for (let k = 0; k < 3; k++) {
      edgeA[3 * end + k] = a.vertices[p + k];
      edgeB[3 * end + k] = b.vertices[q + k];
    }
  }
  closestPointsOfSegments(edgeA, edgeB, closest);
  out.setNormal(lx, ly, lz);
  out.add(0.5 * (closest[0] + closest[3]), 0.5 * (closest[1] + closest[4]), 0.5 * (closest[2] + closest[5]), s, EDGE_PAIR | (i << 10) | j);
}

/**
 * Face contact: reference hull R's face f, the incident hull I's most opposed face clipped to its sides.
 * `sign` 1: R is A (the normal is the face's), −1: R is B. Ids: (which hull · 512 + face) << 18, then
 * the point's feature (features.ts clipPolygon; an incident vertex by its index).
 */
function hullFace(out: Manifold, R: WorldHull, f: number, I: WorldHull, sign: number, which: number): void {
  const margin = out.margin, hullR = R.hull as ConvexHull, hullI = I.hull as ConvexHull;
  const nx = R.planes[4 * f], ny = R.planes[4 * f + 1], nz = R.planes[4 * f + 2], d = R.planes[4 * f + 3];
  // the incident face: the least n·m
  let incident = 0, least = Infinity;
  for (let g = 0; g < hullI.faceCount; g++) {
    const dot = nx * I.planes[4 * g] + ny * I.planes[4 * g + 1] + nz * I.planes[4 * g + 2];
    if (dot < least) { least = dot; incident = g; }
  }
  let count = 0;
  for (let k = hullI.faceStarts[incident]; k < hullI.faceStarts[incident + 1]; k++) {
    const v = hullI.faceVertices[k];
    clipIn[3 * count] = I.vertices[3 * v]; clipIn[3 * count + 1] = I.vertices[3 * v + 1]; clipIn[3 * count + 2] = I.vertices[3 * v + 2];
    clipInFeatures[2 * count] = v; clipInFeatures[2 * count + 1] = v;
    count++;
  }
  // clip to the reference face's sides: for its edge a → b (counter-clockwise about n), the plane
  // w·p ≤ w·a with w = (b − a) × n, pointing out of the face
  let source = clipIn, target = clipOut, sourceFeatures = clipInFeatures, targetFeatures = clipOutFeatures;
  const start = hullR.faceStarts[f], sides = hullR.faceStarts[f + 1] - start;
  for (let side = 0; side < sides; side++) {
    const ia = 3 * hullR.faceVertices[start + side], ib = 3 * hullR.faceVertices[start + ((side + 1) % sides)];
    const ax = R.vertices[ia], ay = R.vertices[ia + 1], az = R.vertices[ia + 2];
    const tx = R.vertices[ib] - ax, ty = R.vertices[ib + 1] - ay, tz = R.vertices[ib + 2] - az;
    const wx = ty * nz - tz * ny, wy = tz * nx - tx * nz, wz = tx * ny - ty * nx;
    clipPlane[0] = wx; clipPlane[1] = wy; clipPlane[2] = wz; clipPlane[3] = wx * ax + wy * ay + wz * az;
    count = clipPolygon(source, sourceFeatures, count, side, target, targetFeatures);
    const swap = source; source = target; target = swap;
    const swapFeatures = sourceFeatures; sourceFeatures = targetFeatures; targetFeatures = swapFeatures;
    if (count === 0) return;
  }
  // keep the points below the reference face (within the margin), as surface midpoints
  const faceId = (which * 512 + f) << 18;
  let kept = 0;
  for (let p = 0; p < count; p++) {
    const px = source[3 * p], py = source[3 * p + 1], pz = source[3 * p + 2];
    const depth = nx * px + ny * py + nz * pz - d;
    if (depth >= margin) continue;
    candidates[3 * kept] = px - 0.5 * depth * nx;
    candidates[3 * kept + 1] = py - 0.5 * depth * ny;
    candidates[3 * kept + 2] = pz - 0.5 * depth * nz;
    candidateDepths[kept] = depth;
    candidateIds[kept] = faceId | sourceFeatures[2 * p];
    kept++;
  }
  if (kept === 0) return;
  out.setNormal(sign * nx, sign * ny, sign * nz);
  faceNormal[0] = nx; faceNormal[1] = ny; faceNormal[2] = nz;
  reducePoints(out, kept, faceNormal, true);
}

/** World point q into the hull's frame (pose), into `local`[at..at+2]: Wᵀ (q − c). */
function toLocal(pose: ShapePose, qx: number, qy: number, qz: number, at: number): void {
  const W = pose.W, dx = qx - pose.c[0], dy = qy - pose.c[1], dz = qz - pose.c[2];
  local[at] = W[0] * dx + W[1] * dy + W[2] * dz;
  local[at + 1] = W[3] * dx + W[4] * dy + W[5] * dz;
  local[at + 2] = W[6] * dx + W[7] * dy + W[8] * dz;
}

/** Adds a point given in the hull's frame (pose A) to the manifold, in world space. */
export function addLocal(out: Manifold, A: ShapePose, x: number, y: number, z: number, separation: number, id: number): void {
  const W = A.W, c = A.c;
  out.add(c[0] + W[0] * x + W[3] * y + W[6] * z, c[1] + W[1] * x + W[4] * y + W[7] * z, c[2] + W[2] * x + W[5] * y + W[8] * z, separation, id);
}

/** One contact for addSingle: normal (0..2) and point (3..5) in the hull's frame, separation (6). */
const single = new Float64Array(7);

/** Sets the manifold's normal and adds the one point in `single`. (Through an array: these calls are too rare
 * in their callers for V8 to inline them there, and a double passed to a call V8 does not inline is boxed.) */
function addSingle(out: Manifold, A: ShapePose): void {
  const s = single;
  setLocalNormal(out, A, s[0], s[1], s[2]);
  addLocal(out, A, s[3], s[4], s[5], s[6], SINGLE_POINT);
}

/** Sets the manifold's normal from one in the hull's frame: W n. */
export function setLocalNormal(out: Manifold, A: ShapePose, x: number, y: number, z: number): void {
  const W = A.W;
  out.setNormal(W[0] * x + W[3] * y + W[6] * z, W[1] * x + W[4] * y + W[7] * z, W[2] * x + W[5] * y + W[8] * z);
}

/**
 * The point of the hull closest to q = local[at..at+2] (hull frame), q outside it, into `out`, and
 * its distance into closestDistance[0] (q and the distance in arrays: see `query`). Only
 * the faces q is in front of can hold it (the direction from the closest point to q lies in its normal
 * cone, so it has a positive part along one of the faces there); on each, q's projection if it is
 * inside the face (then it is the answer: the face's plane supports the hull), else the face's edges.
 */
function closestOnHull(hull: ConvexHull, at: number, out: Float64Array): void {
  const P = hull.planes, v = hull.vertices;
  const qx = local[at], qy = local[at + 1], qz = local[at + 2];
  query[0] = qx; query[1] = qy; query[2] = qz;
  let best = Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const nx = P[4 * f], ny = P[4 * f + 1], nz = P[4 * f + 2];
    const h = nx * qx + ny * qy + nz * qz - P[4 * f + 3];
    if (h <= 0) continue;
    const px = qx - h * nx, py = qy - h * ny, pz = qz - h * nz;
    const start = hull.faceStarts[f], count = hull.faceStarts[f + 1] - start;
    let inside = true;
    for (let k = 0; k < count && inside; k++) {
      const ia = 3 * hull.faceVertices[start + k], ib = 3 * hull.faceVertices[start + ((k + 1) % count)];
      const tx = v[ib] - v[ia], ty = v[ib + 1] - v[ia + 1], tz = v[ib + 2] - v[ia + 2];
      const rx = px - v[ia], ry = py - v[ia + 1], rz = pz - v[ia + 2];
      // left of a → b about n: n·(t × r) ≥ 0
      inside = nx * (ty * rz - tz * ry) + ny * (tz * rx - tx * rz) + nz * (tx * ry - ty * rx) >= 0;
    }
    if (inside) {
      out[0] = px; out[1] = py; out[2] = pz;
      closestDistance[0] = h;
      return;
    }
    for (let k = 0; k < count; k++) {
      const ia = 3 * hull.faceVertices[start + k], ib = 3 * hull.faceVertices[start + ((k + 1) % count)];
      for (let m = 0; m < 3; m++) {
        edgeA[m] = v[ia + m];
        edgeA[3 + m] = v[ib + m];
      }
      closestOnSegment(edgeA, query, closest);
      const dx = qx - closest[0], dy = qy - closest[1], dz = qz - closest[2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < best) {
        best = d2;
        out[0] = closest[0]; out[1] = closest[1]; out[2] = closest[2];
      }
    }
  }
  closestDistance[0] = Math.sqrt(best);
}

/**
 * The point of the hull's surface nearest p (hull frame) into `out` and the outward normal there into
 * `normal`; returns the signed distance, < 0 inside (world.projectPoint). Outside: closestOnHull, the
 * normal along p − out. Inside: the nearest face's plane; the foot of the perpendicular to it lies in
 * the face, since reaching any other face's plane along that line takes at least as far.
 */
export function projectOnHull(hull: ConvexHull, p: ArrayLike<number>, out: Float64Array, normal: Float64Array): number {
  const P = hull.planes;
  pointFaceSeparation(hull, p[0], p[1], p[2]);
  const s = faceResult.separation, f = faceResult.face;
  if (s <= 0) {
    for (let k = 0; k < 3; k++) {
      normal[k] = P[4 * f + k];
      out[k] = p[k] - s * normal[k];
    }
    return s;
  }
  local[0] = p[0]; local[1] = p[1]; local[2] = p[2];
  closestOnHull(hull, 0, out);
  const d = closestDistance[0];
  for (let k = 0; k < 3; k++) normal[k] = (p[k] - out[k]) / d;
  return d;
}

/** The largest of the hull's face separations from q (faceResult), in the hull frame. */
function pointFaceSeparation(hull: ConvexHull, qx: number, qy: number, qz: number): void {
  const P = hull.planes;
  let best = -Infinity, bestFace = 0;
  for (let f = 0; f < hull.faceCount; f++) {
    const s = P[4 * f] * qx + P[4 * f + 1] * qy + P[4 * f + 2] * qz - P[4 * f + 3];
    if (s > best) { best = s; bestFace = f; }
  }
  faceResult.separation = best; faceResult.face = bestFace;
}

/** A sphere (centre q, world, and shape `sphere`) against the hull at pose A. (The centre as an array and
 * the radius as its shape: a double passed to a call V8 does not inline is boxed.) */
export function hullSphere(out: Manifold, A: ShapePose, hull: ConvexHull, q: Float64Array, sphere: Shape): void {
  const margin = out.margin, r = sphere.radius;
  toLocal(A, q[0], q[1], q[2], 0);
  const x = local[0], y = local[1], z = local[2];
  pointFaceSeparation(hull, x, y, z);
  const s = faceResult.separation, f = faceResult.face;
  if (s - r >= margin) return;
  let nx: number, ny: number, nz: number, distance = 0;
  if (s > 0) {
    // outside: the closest point
    closestOnHull(hull, 0, hullPoint);
    distance = closestDistance[0];
    if (distance - r >= margin) return;
  }
  if (distance > TOUCHING_DISTANCE) {
    nx = (x - hullPoint[0]) / distance; ny = (y - hullPoint[1]) / distance; nz = (z - hullPoint[2]) / distance;
  } else {
    // inside (or touching): out through the face of largest separation
    distance = s;
    nx = hull.planes[4 * f]; ny = hull.planes[4 * f + 1]; nz = hull.planes[4 * f + 2];
    hullPoint[0] = x - s * nx; hullPoint[1] = y - s * ny; hullPoint[2] = z - s * nz;
  }
  const separation = distance - r, half = 0.5 * separation;
  single[0] = nx; single[1] = ny; single[2] = nz;
  single[3] = hullPoint[0] + nx * half; single[4] = hullPoint[1] + ny * half; single[5] = hullPoint[2] + nz * half;
  single[6] = separation;
  addSingle(out, A);
}

/**
 * A capsule (segment seg[0..5] in world space, shape `capsule`) against the hull at pose A (a box passes
 * its shape.hull): see the header. (The radius as its shape: a double passed to a call V8 does not inline
 * is boxed.)
 */
export function hullCapsule(out: Manifold, A: ShapePose, hull: ConvexHull, seg: Float64Array, capsule: Shape): void {
  const margin = out.margin, r = capsule.radius;
  toLocal(A, seg[0], seg[1], seg[2], 0);
  toLocal(A, seg[3], seg[4], seg[5], 3);
  const p0x = local[0], p0y = local[1], p0z = local[2], p1x = local[3], p1y = local[4], p1z = local[5];
  const ux = p1x - p0x, uy = p1y - p0y, uz = p1z - p0z;
  const P = hull.planes, v = hull.vertices;
  // face axes
  let face = -Infinity, faceIndex = 0;
  for (let f = 0; f < hull.faceCount; f++) {
    const nx = P[4 * f], ny = P[4 * f + 1], nz = P[4 * f + 2];
    const s = Math.min(nx * p0x + ny * p0y + nz * p0z, nx * p1x + ny * p1y + nz * p1z) - P[4 * f + 3];
    if (s > face) { face = s; faceIndex = f; }
  }
  if (face - r > margin) return;
  // edge axes u × e where the segment's Gauss map (the great circle ⊥ u) crosses the edge's arc
  let edge = -Infinity, edgeIndex = 0, lx = 0, ly = 0, lz = 0;
  const uu = ux * ux + uy * uy + uz * uz;
  for (let e = 0; e < hull.edgeCount && uu > 0; e++) {
    const f1 = 4 * hull.edgeFaces[2 * e], f2 = 4 * hull.edgeFaces[2 * e + 1];
    const n1u = P[f1] * ux + P[f1 + 1] * uy + P[f1 + 2] * uz, n2u = P[f2] * ux + P[f2 + 1] * uy + P[f2 + 2] * uz;
    if (n1u * n2u >= 0) continue;
    const a = 3 * hull.edges[2 * e], b = 3 * hull.edges[2 * e + 1];
    const tx = v[b] - v[a], ty = v[b + 1] - v[a + 1], tz = v[b + 2] - v[a + 2];
    let mx = uy * tz - uz * ty, my = uz * tx - ux * tz, mz = ux * ty - uy * tx;
    const length = Math.sqrt(mx * mx + my * my + mz * mz);
    if (length < 1e-6 * Math.sqrt(uu * (tx * tx + ty * ty + tz * tz))) continue;
    // L lies in the span of n₁ and n₂ (it is ⊥ e); the crossing is the one with L·(n₁ + n₂) > 0
    if (mx * (P[f1] + P[f2]) + my * (P[f1 + 1] + P[f2 + 1]) + mz * (P[f1 + 2] + P[f2 + 2]) < 0) {
      mx = -mx; my = -my; mz = -mz;
    }
    mx /= length; my /= length; mz /= length;
    const s = mx * (p0x - v[a]) + my * (p0y - v[a + 1]) + mz * (p0z - v[a + 2]);
    if (s > edge) {
      edge = s; edgeIndex = e; lx = mx; ly = my; lz = mz;
    }
  }
  if (edge - r > margin) return;
  let nx: number, ny: number, nz: number;
  const outside = Math.max(face, edge) > 0;
  if (outside) closestOfSegmentAndHull(hull);
  if (outside && closestDistance[0] > TOUCHING_DISTANCE) {
    // the segment misses the hull: its exact closest points
    const distance = closestDistance[0];
    if (distance - r >= margin) return;
    nx = (segmentPoint[0] - hullPoint[0]) / distance; ny = (segmentPoint[1] - hullPoint[1]) / distance; nz = (segmentPoint[2] - hullPoint[2]) / distance;
    // along a face: that face's manifold
    let aligned = -Infinity;
    for (let f = 0; f < hull.faceCount; f++) {
      const dot = P[4 * f] * nx + P[4 * f + 1] * ny + P[4 * f + 2] * nz;
      if (dot > aligned) { aligned = dot; faceIndex = f; }
    }
    if (aligned >= FACE_ALIGNMENT && faceSegment(out, A, hull, faceIndex, capsule)) return;
    const separation = distance - r, half = 0.5 * separation;
    single[0] = nx; single[1] = ny; single[2] = nz;
    single[3] = hullPoint[0] + nx * half; single[4] = hullPoint[1] + ny * half; single[5] = hullPoint[2] + nz * half;
    single[6] = separation;
    addSingle(out, A);
    return;
  }
  if (edge > face + EDGE_TOLERANCE) {
    // through an edge: the closest points of the segment and the edge
    const a = 3 * hull.edges[2 * edgeIndex], b = 3 * hull.edges[2 * edgeIndex + 1];
    for (let m = 0; m < 3; m++) {
      edgeA[m] = local[m]; edgeA[3 + m] = local[3 + m];
      edgeB[m] = v[a + m]; edgeB[3 + m] = v[b + m];
    }
    closestPointsOfSegments(edgeA, edgeB, closest);
    single[0] = lx; single[1] = ly; single[2] = lz;
    single[3] = 0.5 * (closest[0] + closest[3]); single[4] = 0.5 * (closest[1] + closest[4]); single[5] = 0.5 * (closest[2] + closest[5]);
    single[6] = edge - r;
    addSingle(out, A);
    return;
  }
  if (faceSegment(out, A, hull, faceIndex, capsule)) return;
  // (the segment enters the face's plane outside the face: its deeper end)
  nx = P[4 * faceIndex]; ny = P[4 * faceIndex + 1]; nz = P[4 * faceIndex + 2];
  const t = nx * ux + ny * uy + nz * uz < 0 ? 1 : 0;
  const qx = p0x + t * ux, qy = p0y + t * uy, qz = p0z + t * uz;
  const separation = nx * qx + ny * qy + nz * qz - P[4 * faceIndex + 3] - r, back = r + 0.5 * separation;
  single[0] = nx; single[1] = ny; single[2] = nz;
  single[3] = qx - nx * back; single[4] = qy - ny * back; single[5] = qz - nz * back;
  single[6] = separation;
  addSingle(out, A);
}

/**
 * The capsule (or sphere: p₁ = p₀) along face f: the segment p₀ + t u, u = p₁ − p₀, with p₀p₁ in
 * local[0..5] (hull frame), clipped to the face's sides, each end within the margin a point (ids 2f,
 * 2f + 1). False when the clipped segment is empty or no end is within the margin (nothing written).
 * (The segment in `local` and the radius as its shape: a double passed to a call V8 does not inline is
 * boxed.)
 */
function faceSegment(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape): boolean {
  const margin = out.margin, P = hull.planes, v = hull.vertices, r = shape.radius;
  const p0x = local[0], p0y = local[1], p0z = local[2];
  const ux = local[3] - p0x, uy = local[4] - p0y, uz = local[5] - p0z;
  const nx = P[4 * f], ny = P[4 * f + 1], nz = P[4 * f + 2], d = P[4 * f + 3];
  let t0 = 0, t1 = 1;
  const start = hull.faceStarts[f], count = hull.faceStarts[f + 1] - start;
  for (let k = 0; k < count; k++) {
    const ia = 3 * hull.faceVertices[start + k], ib = 3 * hull.faceVertices[start + ((k + 1) % count)];
    const tx = v[ib] - v[ia], ty = v[ib + 1] - v[ia + 1], tz = v[ib + 2] - v[ia + 2];
    // the side w·p ≤ w·a, w = (b − a) × n: keep w·(p₀ − a) + t w·u ≤ 0
    const wx = ty * nz - tz * ny, wy = tz * nx - tx * nz, wz = tx * ny - ty * nx;
    const height = wx * (p0x - v[ia]) + wy * (p0y - v[ia + 1]) + wz * (p0z - v[ia + 2]);
    const rate = wx * ux + wy * uy + wz * uz;
    if (rate === 0) {
      if (height > 0) return false;
      continue;
    }
    const t = -height / rate;
    if (rate > 0) t1 = Math.min(t1, t);
    else t0 = Math.max(t0, t);
    if (t0 > t1) return false;
  }
  let added = false;
  for (let end = 0; end < 2; end++) {
    const t = end === 0 ? t0 : t1;
    const qx = p0x + t * ux, qy = p0y + t * uy, qz = p0z + t * uz;
    const separation = nx * qx + ny * qy + nz * qz - d - r;
    if (separation >= margin) continue;
    if (!added) setLocalNormal(out, A, nx, ny, nz);
    added = true;
    const back = r + 0.5 * separation;
    addLocal(out, A, qx - nx * back, qy - ny * back, qz - nz * back, separation, 2 * f + end);
    if (t1 - t0 < 1e-9) break;
  }
  return added;
}

/**
 * The closest points of the segment p₀p₁ = local[0..5] and the hull (hull frame; the segment misses the
 * hull) into segmentPoint and hullPoint, their distance into closestDistance[0]: the least of each end's
 * closest point on the hull and the segment's closest points with each edge.
 */
function closestOfSegmentAndHull(hull: ConvexHull): void {
  const p0x = local[0], p0y = local[1], p0z = local[2], p1x = local[3], p1y = local[4], p1z = local[5];
  closestOnHull(hull, 0, hullPoint);
  let best = closestDistance[0];
  segmentPoint[0] = p0x; segmentPoint[1] = p0y; segmentPoint[2] = p0z;
  const x0 = hullPoint[0], y0 = hullPoint[1], z0 = hullPoint[2];
  closestOnHull(hull, 3, hullPoint);
  const other = closestDistance[0];
  if (other < best) {
    best = other;
    segmentPoint[0] = p1x; segmentPoint[1] = p1y; segmentPoint[2] = p1z;
  } else {
    hullPoint[0] = x0; hullPoint[1] = y0; hullPoint[2] = z0;
  }
  edgeA[0] = p0x; edgeA[1] = p0y; edgeA[2] = p0z; edgeA[3] = p1x; edgeA[4] = p1y; edgeA[5] = p1z;
  const v = hull.vertices;
  for (let e = 0; e < hull.edgeCount; e++) {
    const a = 3 * hull.edges[2 * e], b = 3 * hull.edges[2 * e + 1];
    for (let m = 0; m < 3; m++) {
      edgeB[m] = v[a + m];
      edgeB[3 + m] = v[b + m];
    }
    closestPointsOfSegments(edgeA, edgeB, closest);
    const dx = closest[0] - closest[3], dy = closest[1] - closest[4], dz = closest[2] - closest[5];
    const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (distance < best) {
      best = distance;
      segmentPoint[0] = closest[0]; segmentPoint[1] = closest[1]; segmentPoint[2] = closest[2];
      hullPoint[0] = closest[3]; hullPoint[1] = closest[4]; hullPoint[2] = closest[5];
    }
  }
  closestDistance[0] = best;
}

// Contacts against one face of a hull with that face's normal forced, whatever the separating axis test
// would choose: a mesh triangle's top face when the contact lies on an edge or corner of the triangle
// that is not a real edge of the surface (mesh-triangle.ts). The other shape is clipped to the face's
// sides, so a triangle takes only the part of the contact above it.

/** A sphere (centre q, world, and shape `sphere`) against face f of hull A: one point where the centre
 * lies over the face. (The centre as an array and the radius as its shape: see hullSphere.) */
export function faceSphere(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, q: Float64Array, sphere: Shape): void {
  toLocal(A, q[0], q[1], q[2], 0);
  local[3] = local[0]; local[4] = local[1]; local[5] = local[2];
  faceSegment(out, A, hull, f, sphere);
}

/** A capsule (segment seg, world, and shape `capsule`) against face f of hull A: the segment clipped to
 * the face's sides. */
export function faceCapsule(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, seg: Float64Array, capsule: Shape): void {
  toLocal(A, seg[0], seg[1], seg[2], 0);
  toLocal(A, seg[3], seg[4], seg[5], 3);
  faceSegment(out, A, hull, f, capsule);
}

/** Hull B against face f of hull A: B's most opposed face clipped to the face's sides (hullFace). */
export function faceHull(out: Manifold, A: ShapePose, hullA: ConvexHull, f: number, B: ShapePose, hullB: ConvexHull): void {
  hullFace(out, worldA.set(A, hullA), f, worldB.set(B, hullB), 1, 0);
}
