// What a triangle mesh and a heightfield have in common for the collision code: numbered triangles with
// corners, front normals and active-edge bits, an overlap query over boxes and a ray cast, all in the
// shape's local frame. TriangleMesh (triangle-mesh.ts) keeps its triangles in a dynamic AABB tree;
// Heightfield (heightfield.ts) is a regular grid that is its own tree.
//
// Winding. A triangle's corners a, b, c run counter-clockwise seen from its front: the front normal is
// n = (b − a) × (c − a) / |…|. Its edges are numbered 0 ab, 1 bc, 2 ca (TrianglePrism's side faces follow
// the same numbering).
//
// Active edges (Jolt Physics, Jolt/Physics/Collision/ActiveEdges.h and MeshShape::sFindActiveEdges). A
// body sliding over a surface made of triangles can catch on the edges between them: the contact against
// a triangle's edge has a normal that tilts away from the surface, and a box sliding over a flat floor of
// tiles bumps at the seams ("ghost collisions"). An edge between two triangles that lie in one plane (or
// that fold inward, a concave crease, where a convex body meets the faces before it can reach the edge)
// is marked inactive; the contact code then uses the face normal for contacts on it. An edge is active
// when it is on the boundary (one triangle), shared by more than two triangles, a convex crease sharper
// than ACTIVE_EDGE_ANGLE, or between triangles back to back. A vertex is active when an active edge meets
// it (Jolt tests vertices through their edges in the same way: a vertex inside a flat region is as
// harmless as its edges).

/** Edge ab's bit in activeFeatures. */
export const EDGE_AB = 1;
/** Edge bc's bit in activeFeatures. */
export const EDGE_BC = 2;
/** Edge ca's bit in activeFeatures. */
export const EDGE_CA = 4;
/** Vertex a's bit in activeFeatures (vertex b: VERTEX_A << 1, vertex c: VERTEX_A << 2). */
export const VERTEX_A = 8;
/** Vertex b's bit in activeFeatures. */
export const VERTEX_B = 16;
/** Vertex c's bit in activeFeatures. */
export const VERTEX_C = 32;

/**
 * The angle between two triangles' normals (radians, 5°) below which the convex edge between them is
 * inactive: Jolt's default mActiveEdgeCosThresholdAngle is cos 5° too.
 */
export const ACTIVE_EDGE_ANGLE = (5 * Math.PI) / 180;
const COS_ACTIVE_EDGE_ANGLE = Math.cos(ACTIVE_EDGE_ANGLE);
/** Normals this close to opposite (within 1°, Jolt's cos 179°) make two triangles back to back. */
const COS_BACK_TO_BACK = Math.cos((179 * Math.PI) / 180);

/**
 * A ray within this angle (radians) of a triangle's plane misses it: Möller–Trumbore's determinant,
 * d · ((c − a) × (b − a)), is then too small for the division by it to mean anything.
 */
const PARALLEL_SINE = 1e-12;

export interface TriangleSource {
  /** Number of triangle slots (a heightfield: 2 per cell, holes included; a mesh: its kept triangles). */
  readonly triangleCount: number;
  /** Local bounds (min x, y, z, max x, y, z) of all triangles. */
  readonly bounds: Float64Array;
  /** Writes triangle i's corners a, b, c (9 numbers, local frame, counter-clockwise seen from the front, i.e. normal = (b−a)×(c−a) normalised) into out at offset 0; false for a hole (heightfield). */
  writeTriangle(i: number, out: Float64Array): boolean;
  /** Unit front normal of triangle i into out. */
  writeNormal(i: number, out: Float64Array): void;
  /** Bits 0, 1, 2: edge ab, bc, ca is active; bits 3, 4, 5: vertex a, b, c is active (a vertex is active when any of the edges meeting at it, across all triangles sharing it, is active). */
  activeFeatures(i: number): number;
  /** Calls visit(i) for every triangle (not a hole) whose bounds overlap the local box (6 numbers; touching counts); stops when visit returns false. No allocation per call. */
  query(box: ArrayLike<number>, visit: (triangle: number) => boolean): void;
  /**
   * The contacts' query: as query, in the same order, when few triangles lie in the box, returning 0;
   * when more than `budget` may, visit(i) for at most `budget` of them spread over the box and chosen the
   * same way from step to step while the box moves a little, returning their spacing (m, > 0): about how
   * far a point of the surface in the box may be from the nearest triangle visited, which are then a
   * sample that does not tile the surface (the budget bounds a body's cost on fine or stacked triangles;
   * mesh-pairs.ts). No allocation per call once warm.
   */
  querySample(box: ArrayLike<number>, budget: number, visit: (triangle: number) => boolean): number;
  /** The ray o + t d (local frame, |d| = 1) against the triangles, 0 ≤ t ≤ tMax (tMax = ray[RAY_T_MAX]), two-sided: true with a hit, the smallest t written to ray[RAY_T], the triangle's front normal (flipped toward the ray's origin side: −sign(n·d) n) into normal and the triangle index into hit[0]; false (hit[0] = −1) on a miss. No allocation (the numbers in an array: see ShapeRayCast). */
  rayCast(o: ArrayLike<number>, d: ArrayLike<number>, ray: Float64Array, normal: Float64Array, hit: Int32Array): boolean;
}

/**
 * Whether the edge between triangles 1 and 2 is active (see the top of this file), from their unit front
 * normals n1 and n2 and s = (the corner of triangle 2 off the edge) − (a point of the edge).
 *
 * The crease is convex when triangle 2 falls away behind triangle 1's plane, n1 · s < 0, and concave when
 * it rises in front of it (for a consistently wound pair the test from triangle 2's side has the same
 * sign). Jolt writes the same test as (n1 × n2) · e < 0 for concave, e along the edge.
 */
export function isEdgeActive(
  n1x: number, n1y: number, n1z: number, n2x: number, n2y: number, n2z: number, sx: number, sy: number, sz: number,
): boolean {
  const cosine = n1x * n2x + n1y * n2y + n1z * n2z;
  if (cosine < COS_BACK_TO_BACK) return true; // back to back: both sides are outside
  if (cosine >= COS_ACTIVE_EDGE_ANGLE) return false; // flat within the threshold, convex or not
  return n1x * sx + n1y * sy + n1z * sz < 0; // convex: active; concave: inactive
}

/** The bounds (min x, y, z, max x, y, z) of the triangle whose corners are corners[0..8], into out. */
export function writeTriangleBounds(corners: ArrayLike<number>, out: Float64Array): void {
  for (let k = 0; k < 3; k++) {
    const a = corners[k], b = corners[3 + k], c = corners[6 + k];
    out[k] = Math.min(a, b, c);
    out[3 + k] = Math.max(a, b, c);
  }
}

/** rayTriangle's numbers: the segment's end (read) and the hit's t (written). */
export const RAY_T_MAX = 0, RAY_T = 1;

/**
 * The ray o + t d against the triangle whose corners start at v[ia], v[ib], v[ic] (3 numbers each), both
 * sides: the t in [0, tMax] where it crosses the triangle, if any (Möller and Trumbore, "Fast, minimum
 * storage ray-triangle intersection", Journal of Graphics Tools 2(1), 1997). With e1 = b − a, e2 = c − a
 * and the hit a + u e1 + v e2 = o + t d, Cramer's rule on [−d e1 e2] (t u v)ᵀ = o − a gives
 *   det = e1 · (d × e2),  u = (s · (d × e2)) / det,  v = (d · (s × e1)) / det,  t = (e2 · (s × e1)) / det
 * with s = o − a; the hit is inside (edges included) when u ≥ 0, v ≥ 0 and u + v ≤ 1. det changes sign
 * with the side the ray comes from, and is kept either way (two-sided). The triangle is treated as seen
 * edge-on, and missed, when the ray is within PARALLEL_SINE of its plane: |det| ≤ 1e-12 |e1| |e2|.
 * tMax is read from ray[RAY_T_MAX], and a hit's t written to ray[RAY_T] (true; false for a miss): in an
 * array, not as a parameter and a result, because a double passed to or returned from a call V8 does not
 * inline is boxed (measured: 8 numbers, 128 bytes, for a heightfield's ray). `slack` widens the triangle
 * by that much of its barycentric range (u ≥ −slack, v ≥ −slack, u + v ≤ 1 + slack): a constant, which
 * V8 passes without boxing.
 */
export function rayTriangle(
  o: ArrayLike<number>, d: ArrayLike<number>, v: ArrayLike<number>, ia: number, ib: number, ic: number, ray: Float64Array, slack = 0,
): boolean {
  const tMax = ray[RAY_T_MAX];
  const ax = v[ia], ay = v[ia + 1], az = v[ia + 2];
  const e1x = v[ib] - ax, e1y = v[ib + 1] - ay, e1z = v[ib + 2] - az;
  const e2x = v[ic] - ax, e2y = v[ic + 1] - ay, e2z = v[ic + 2] - az;
  const dx = d[0], dy = d[1], dz = d[2];
  // p = d × e2
  const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  const bound = PARALLEL_SINE * PARALLEL_SINE * (e1x * e1x + e1y * e1y + e1z * e1z) * (e2x * e2x + e2y * e2y + e2z * e2z);
  if (!(det * det > bound)) return false;
  const inverse = 1 / det;
  const sx = o[0] - ax, sy = o[1] - ay, sz = o[2] - az;
  const u = (sx * px + sy * py + sz * pz) * inverse;
  if (!(u >= -slack && u <= 1 + slack)) return false;
  // q = s × e1
  const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
  const w = (dx * qx + dy * qy + dz * qz) * inverse;
  if (!(w >= -slack && u + w <= 1 + slack)) return false;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inverse;
  if (!(t >= 0 && t <= tMax)) return false;
  ray[RAY_T] = t + 0; // + 0: a hit at the origin is +0, not −0
  return true;
}

/** Writes the unit normal (b − a) × (c − a) / |…| of the triangle whose corners start at v[ia], v[ib], v[ic] into out at `at`; NaN for a degenerate triangle. */
export function writeTriangleNormal(v: ArrayLike<number>, ia: number, ib: number, ic: number, out: Float64Array, at: number): void {
  const ax = v[ia], ay = v[ia + 1], az = v[ia + 2];
  const e1x = v[ib] - ax, e1y = v[ib + 1] - ay, e1z = v[ib + 2] - az;
  const e2x = v[ic] - ax, e2y = v[ic + 1] - ay, e2z = v[ic + 2] - az;
  const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[at] = nx / length; out[at + 1] = ny / length; out[at + 2] = nz / length;
}

/** The hit normal of a two-sided cast: the front normal n of the triangle, turned toward the ray's origin (−n when n · d > 0). */
export function writeFacingNormal(n: ArrayLike<number>, at: number, d: ArrayLike<number>, out: Float64Array): void {
  const nx = n[at], ny = n[at + 1], nz = n[at + 2];
  if (nx * d[0] + ny * d[1] + nz * d[2] > 0) {
    out[0] = -nx; out[1] = -ny; out[2] = -nz;
  } else {
    out[0] = nx; out[1] = ny; out[2] = nz;
  }
}
