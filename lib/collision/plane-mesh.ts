// A plane against a triangle mesh on a dynamic body (shapes/trimesh.ts: a closed mesh, the solid it
// encloses): the mesh's corners below the plane, as the plane–hull contact takes a hull's vertices
// (hull-contacts.ts planeHull). A closed solid's lowest points along −n are among its corners, so its
// corners within the margin are its contact with the plane; each point is the midpoint between the
// surfaces, p − s n / 2, its separation s = n·p − offset; the 4 that span the most are kept (features.ts
// reducePoints). A mesh of more corners than the clip buffer holds near the plane keeps the deepest.

import type { Shape } from '../geometry/shape.js';
import type { TriangleMesh } from '../geometry/triangle-mesh.js';
import { CLIP_CAPACITY, candidateDepths, candidateIds, candidates, reducePoints } from './features.js';
import type { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';

/** The plane (shape a, at pose A) against the mesh (shape b, at pose B): a PairFunction. */
export function collidePlaneMesh(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  // the plane in the world: n_w = R n, offset_w = n_w·x + offset
  const R = A.W, pn = a.normal, x = A.c;
  const nx = R[0] * pn[0] + R[3] * pn[1] + R[6] * pn[2], ny = R[1] * pn[0] + R[4] * pn[1] + R[7] * pn[2], nz = R[2] * pn[0] + R[5] * pn[1] + R[8] * pn[2];
  out.setNormal(nx, ny, nz);
  const offset = nx * x[0] + ny * x[1] + nz * x[2] + a.offset;
  const mesh = b.mesh as TriangleMesh, v = mesh.vertices, corners = mesh.solid.corners;
  const margin = out.margin, W = B.W, c = B.c;
  let kept = 0, shallowest = 0;
  for (let k = 0; k < corners.length; k++) {
    const i = 3 * corners[k], lx = v[i], ly = v[i + 1], lz = v[i + 2];
    const px = c[0] + W[0] * lx + W[3] * ly + W[6] * lz, py = c[1] + W[1] * lx + W[4] * ly + W[7] * lz, pz = c[2] + W[2] * lx + W[5] * ly + W[8] * lz;
    const s = nx * px + ny * py + nz * pz - offset;
    if (s >= margin) continue;
    let at = kept;
    if (kept === CLIP_CAPACITY) {
      // full: the shallowest kept point gives way to a deeper one
      if (s >= candidateDepths[shallowest]) continue;
      at = shallowest;
    } else {
      kept++;
    }
    candidates[3 * at] = px - 0.5 * s * nx;
    candidates[3 * at + 1] = py - 0.5 * s * ny;
    candidates[3 * at + 2] = pz - 0.5 * s * nz;
    candidateDepths[at] = s;
    candidateIds[at] = corners[k];
    if (kept === CLIP_CAPACITY) {
      shallowest = 0;
      for (let j = 1; j < kept; j++) if (candidateDepths[j] > candidateDepths[shallowest]) shallowest = j;
    }
  }
  reducePoints(out, kept, out.normal, true);
}
