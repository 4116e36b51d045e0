// The solid a closed triangle mesh encloses: whether it is closed, and its volume, centroid and inertia,
// for a triangle mesh on a dynamic body (shapes/trimesh.ts).
//
// Closed: every edge (its ends welded by position, triangle-mesh.ts) is run once each way, by exactly two
// triangles, so the triangles bound a solid and their consistent counter-clockwise winding (seen from
// outside) gives every face an outward normal. The first edge that breaks this is named:
//   open edge          run by one triangle only (a hole in the surface)
//   inconsistent       run twice the same way (two neighbours wound against each other)
//   non-manifold       run by more than two triangles
// The enclosed volume must then be > 0: negative is a mesh wound inside out, and zero a flat one.
//
// Mass properties by the divergence theorem (Mirtich 1996, Eberly 2002): the signed tetrahedra joining
// a reference point (the vertices' mean) to each triangle, summed (solid-moments.ts, which the hulls use
// too).

import { tetrahedronSums } from './solid-moments.js';

/** The solid of a closed mesh: volume (m³), centroid and inertia per unit density (3x3 symmetric,
 * row-major, about the centroid); or the reason there is none. */
export interface MeshSolid {
  /** Null when the mesh encloses a solid; else what is wrong, naming the first bad edge or the volume. */
  readonly problem: string | null;
  readonly volume: number;
  readonly centroid: Float64Array;
  readonly unitInertia: Float64Array;
  /** The vertices the triangles use, one per position (welded): the solid's corners (plane-mesh.ts). */
  readonly corners: Int32Array;
}

/** Relative volume below which a closed mesh counts as flat: |V| ≤ FLAT_VOLUME · (bounds' diagonal)³. */
const FLAT_VOLUME = 1e-9;

/**
 * Whether the triangles (indices into v, 3 per triangle, ends welded by `welded`: each vertex's id for
 * its position) bound a solid, and its mass properties when they do.
 */
export function meshSolid(v: Float64Array, indices: Int32Array, welded: Int32Array): MeshSolid {
  const centroid = new Float64Array(3), unitInertia = new Float64Array(9);
  const corners = Int32Array.from(new Set(Array.from(indices, (i) => welded[i]))).sort();
  const problem = edgeProblem(indices, welded);
  if (problem !== null) return { problem, volume: 0, centroid, unitInertia, corners };
  // about the vertices' mean, to keep the numbers small
  let ox = 0, oy = 0, oz = 0;
  for (let i = 0; i < indices.length; i++) {
    ox += v[3 * indices[i]]; oy += v[3 * indices[i] + 1]; oz += v[3 * indices[i] + 2];
  }
  const volume = tetrahedronSums(v, indices, ox / indices.length, oy / indices.length, oz / indices.length, centroid, unitInertia);
  let size2 = 0;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (let i = 0; i < indices.length; i++) {
      const x = v[3 * indices[i] + k];
      if (x < low) low = x;
      if (x > high) high = x;
    }
    size2 += (high - low) ** 2;
  }
  const flat = FLAT_VOLUME * size2 ** 1.5;
  if (!(volume > flat)) {
    const why = volume < -flat
      ? `it encloses volume ${show(volume)} m³, negative: its triangles are wound clockwise seen from outside (inside out); give them counter-clockwise`
      : `it encloses no volume (${show(volume)} m³): its triangles lie flat`;
    return { problem: why, volume: 0, centroid: centroid.fill(0), unitInertia: unitInertia.fill(0), corners };
  }
  return { problem: null, volume, centroid, unitInertia, corners };
}

function show(x: number): string {
  return String(Number(x.toPrecision(3)));
}

/** The first edge that is not run once each way by two triangles (see the header), or null. */
function edgeProblem(indices: Int32Array, welded: Int32Array): string | null {
  const count = indices.length / 3;
  // directed edges p → q (welded ids), key p·n + q: how many triangles run them, and the last of them
  const n = welded.length;
  const runs = new Map<number, number>(), last = new Map<number, number>();
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const key = welded[indices[3 * t + k]] * n + welded[indices[3 * t + (k + 1) % 3]];
      runs.set(key, (runs.get(key) ?? 0) + 1);
      last.set(key, t);
    }
  }
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const a = indices[3 * t + k], b = indices[3 * t + (k + 1) % 3];
      const p = welded[a], q = welded[b];
      const forward = runs.get(p * n + q) as number, back = runs.get(q * n + p) ?? 0;
      const edge = `the edge from vertex ${a} to vertex ${b}`;
      if (forward > 1) {
        return `its winding is inconsistent: ${edge} is run the same way by triangles ${t} and ${last.get(p * n + q)}; neighbours must run a shared edge in opposite directions`;
      }
      if (back === 0) return `it is not closed: ${edge} (triangle ${t}) is an open edge, on one triangle only`;
      if (back > 1) return `it is not closed: ${edge} (triangle ${t}) is shared by ${1 + back} triangles (non-manifold)`;
    }
  }
  return null;
}
