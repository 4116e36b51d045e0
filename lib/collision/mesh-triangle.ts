// The contact of a convex shape (sphere, capsule, box, hull) with one triangle of a mesh or heightfield:
// the shape's own function against the triangle's prism (geometry/triangle-prism.ts), found in
// pair-dispatch.ts TRIANGLE_FUNCTIONS (the functions: triangle-contacts.ts), then the triangle's internal
// edges taken out. The normal points from the triangle (A) to the convex shape (B).
//
// Internal edges: Jolt's active edges (Rouwé, JoltPhysics MeshShape and ActiveEdges.h). Where two
// triangles meet flat (within 5°) or in a concave crease, their common edge is no real edge of the
// surface, and a body sliding or rolling over it must not meet it: measured without this, a box sliding
// at 5 m/s over a tiled floor caught on the seams, and a ball hopped. Each edge and corner of a triangle
// is marked active or not once, when the mesh is built (triangle-source.ts). A contact whose normal is
// not the triangle's own is looked at where it lies: on an active edge or corner it stays (a real ridge or
// step); anywhere else the triangle's face normal is forced (forced-face.ts, through pair-dispatch.ts
// FACE_FUNCTIONS), with the shape clipped to the triangle so each triangle takes the part above it. Of the
// three known answers (Box2D's chain ghost vertices are 2D only; Rapier's FIX_INTERNAL_EDGES corrects
// normals with pseudo-normals per contact), active edges cost nothing per step beyond that check and
// need no neighbour lookups during the search.
//
// One side: a triangle of a mesh is met from its front only; a body whose centre is behind its plane
// passes (as Jolt does by default), and a normal that still points behind it is dropped. A heightfield is
// solid below its surface: there a normal pointing down is replaced by the face's, which pushes a sunken
// body back up.

import type { ConvexHull } from '../geometry/hull.js';
import type { Shape } from '../geometry/shape.js';
import type { TrianglePrism } from '../geometry/triangle-prism.js';
import type { Manifold } from './manifold.js';
import { FACE_FUNCTIONS, TRIANGLE_FUNCTIONS } from './pair-dispatch.js';
import type { ShapePose } from './shape-pose.js';
import { ON_EDGE } from './triangle-contacts.js';

/** A normal within this cosine of the triangle's is taken as its face normal (about 0.08°). */
const FACE_NORMAL = 1 - 1e-6;

const point = new Float64Array(3);

/**
 * The manifold of `shape` (world pose B) against the triangle the prism holds, in the frame of the mesh
 * shape at world pose A; `active` the triangle's active edges (bits 0–2: ab, bc, ca) and corners (bits
 * 3–5: a, b, c); `solidBelow` for a heightfield. Writes `out` (count 0: no contact within out.margin).
 * `reach` > 0: the triangle is one of a sample of the surface (mesh-pairs.ts) spaced about `reach` apart,
 * whose neighbours may not be collided, so a ball or capsule beside it across an internal edge (where a
 * neighbour would take it), within `reach` of it, meets its plane instead (triangle-contacts.ts
 * sphereTriangle, capsuleTriangle).
 */
export function collideTriangle(
  out: Manifold, prism: TrianglePrism, A: ShapePose, active: number, solidBelow: boolean, shape: Shape, B: ShapePose, reach = 0,
): void {
  out.begin();
  const W = A.W, hull = prism.hull, ln = prism.normal;
  // the face normal and the top face's offset in world space
  const nx = W[0] * ln[0] + W[3] * ln[1] + W[6] * ln[2];
  const ny = W[1] * ln[0] + W[4] * ln[1] + W[7] * ln[2];
  const nz = W[2] * ln[0] + W[5] * ln[1] + W[8] * ln[2];
  if (!solidBelow) {
    // a mesh triangle is met from the front: a shape whose centre is behind its plane passes
    const v = hull.vertices;
    const ax = A.c[0] + W[0] * v[0] + W[3] * v[1] + W[6] * v[2];
    const ay = A.c[1] + W[1] * v[0] + W[4] * v[1] + W[7] * v[2];
    const az = A.c[2] + W[2] * v[0] + W[5] * v[1] + W[8] * v[2];
    if (nx * (B.c[0] - ax) + ny * (B.c[1] - ay) + nz * (B.c[2] - az) < 0) return;
  }
  // the shape's own function (pair-dispatch.ts TRIANGLE_FUNCTIONS; null: a shape that is not convex)
  const onTriangle = TRIANGLE_FUNCTIONS[shape.typeIndex];
  if (onTriangle === null || onTriangle(out, hull, ln, A, active, shape, B, reach)) return;
  if (out.count === 0) return;
  const N = out.normal;
  const cosine = N[0] * nx + N[1] * ny + N[2] * nz;
  if (cosine >= FACE_NORMAL) return;
  if ((active & featureOf(out, hull, A)) !== 0) {
    if (cosine > 0) return; // a real edge or corner of the surface
    if (!solidBelow) {
      out.count = 0; // behind a real edge of a one-sided mesh
      return;
    }
  }
  // an internal edge or corner (or the inside): the face's own normal
  out.count = 0;
  const onFace = FACE_FUNCTIONS[shape.typeIndex];
  if (onFace !== null) onFace(out, A, hull, 0, shape, B);
}

/**
 * The triangle feature the manifold's deepest point lies on, as active-feature bits: the edge whose side
 * it is beyond (bit k), the corner between two such edges (bit 3 + corner), or 0 inside the triangle.
 */
function featureOf(out: Manifold, hull: ConvexHull, A: ShapePose): number {
  let deepest = 0;
  for (let i = 1; i < out.count; i++) if (out.separations[i] < out.separations[deepest]) deepest = i;
  // into the mesh frame: Wᵀ (p − c)
  const W = A.W, c = A.c, p = out.points;
  const dx = p[3 * deepest] - c[0], dy = p[3 * deepest + 1] - c[1], dz = p[3 * deepest + 2] - c[2];
  point[0] = W[0] * dx + W[1] * dy + W[2] * dz;
  point[1] = W[3] * dx + W[4] * dy + W[5] * dz;
  point[2] = W[6] * dx + W[7] * dy + W[8] * dz;
  const P = hull.planes;
  let beyond = 0;
  for (let k = 0; k < 3; k++) {
    const f = 4 * (2 + k);
    if (P[f] * point[0] + P[f + 1] * point[1] + P[f + 2] * point[2] - P[f + 3] > -ON_EDGE) beyond |= 1 << k;
  }
  switch (beyond) {
    case 0b001: case 0b010: case 0b100: return beyond;
    case 0b101: return 1 << 3; // ab and ca meet at a
    case 0b011: return 1 << 4; // ab and bc meet at b
    case 0b110: return 1 << 5; // bc and ca meet at c
    default: return 0;
  }
}
