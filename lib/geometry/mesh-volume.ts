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
// Mass properties by the divergence theorem, as Mirtich ("Fast and Accurate Computation of Polyhedral Mass
// Properties", J. Graphics Tools 1(2), 1996) and Eberly ("Polyhedral Mass Properties (Revisited)",
// Geometric Tools, 2002) derive them: a volume integral ∫ f dV over the solid becomes a sum over its
// faces of surface integrals, and for a triangle that is the signed tetrahedron joining it to a
// reference point o. With a, b, c the corners relative to o (counter-clockwise seen from outside):
//   V_t = det[a b c] / 6
//   ∫ x dV = V_t (a + b + c) / 4
//   ∫ x xᵀ dV = V_t / 20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ),  s = a + b + c
// (the same tetrahedron moments the hulls use: hull.ts hullMassProperties, after Tonon 2004.) Summed over
// the triangles they are the solid's, wherever o lies, since the tetrahedra outside cancel in pairs;
// o is the vertices' mean, to keep the numbers small. Moved to the centroid g: C_g = C − V g gᵀ, and the
// inertia per unit density is tr(C_g) 1 − C_g.

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
  const volume = tetrahedronSums(v, indices, centroid, unitInertia);
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

/** Σ over the triangles of the tetrahedron moments about the vertices' mean (see the header): returns the
 * volume, writes the centroid and the inertia per unit density. */
function tetrahedronSums(P: Float64Array, indices: Int32Array, centroid: Float64Array, inertia: Float64Array): number {
  let ox = 0, oy = 0, oz = 0;
  for (let i = 0; i < indices.length; i++) {
    ox += P[3 * indices[i]]; oy += P[3 * indices[i] + 1]; oz += P[3 * indices[i] + 2];
  }
  ox /= indices.length; oy /= indices.length; oz /= indices.length;
  let volume = 0, mx = 0, my = 0, mz = 0;
  let cxx = 0, cyy = 0, czz = 0, cxy = 0, cxz = 0, cyz = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const i0 = 3 * indices[t], i1 = 3 * indices[t + 1], i2 = 3 * indices[t + 2];
    const ax = P[i0] - ox, ay = P[i0 + 1] - oy, az = P[i0 + 2] - oz;
    const bx = P[i1] - ox, by = P[i1 + 1] - oy, bz = P[i1 + 2] - oz;
    const cx = P[i2] - ox, cy = P[i2 + 1] - oy, cz = P[i2 + 2] - oz;
    // det[a b c] = a · (b × c): 6 V_t
    const det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    const sx = ax + bx + cx, sy = ay + by + cy, sz = az + bz + cz;
    volume += det / 6;
    mx += (det / 24) * sx; my += (det / 24) * sy; mz += (det / 24) * sz;
    const w = det / 120;
    cxx += w * (ax * ax + bx * bx + cx * cx + sx * sx);
    cyy += w * (ay * ay + by * by + cy * cy + sy * sy);
    czz += w * (az * az + bz * bz + cz * cz + sz * sz);
    cxy += w * (ax * ay + bx * by + cx * cy + sx * sy);
    cxz += w * (ax * az + bx * bz + cx * cz + sx * sz);
    cyz += w * (ay * az + by * bz + cy * cz + sy * sz);
  }
  if (!(volume > 0)) return volume;
  const gx = mx / volume, gy = my / volume, gz = mz / volume;
  centroid[0] = ox + gx; centroid[1] = oy + gy; centroid[2] = oz + gz;
  // to the centroid: C_g = C − V g gᵀ
  cxx -= volume * gx * gx; cyy -= volume * gy * gy; czz -= volume * gz * gz;
  cxy -= volume * gx * gy; cxz -= volume * gx * gz; cyz -= volume * gy * gz;
  inertia[0] = cyy + czz; inertia[4] = cxx + czz; inertia[8] = cxx + cyy;
  inertia[1] = inertia[3] = -cxy;
  inertia[2] = inertia[6] = -cxz;
  inertia[5] = inertia[7] = -cyz;
  return volume;
}
