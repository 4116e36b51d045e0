// The volume, centroid and inertia of a closed solid from its boundary triangles, by the divergence
// theorem: a volume integral ∫ f dV over the solid is a sum over its boundary, and for a triangle that is
// the signed tetrahedron joining it to a reference point o (Mirtich, "Fast and Accurate Computation of
// Polyhedral Mass Properties", J. Graphics Tools 1(2), 1996; Eberly, "Polyhedral Mass Properties
// (Revisited)", 2002). With a, b, c a triangle's corners relative to o, counter-clockwise seen from
// outside (Tonon, "Explicit Exact Formulas for the 3-D Tetrahedron Inertia Tensor in Terms of its Vertex
// Coordinates", J. Math. Stat. 2004; Blow and Binstock 2004):
//   volume        V_t = det[a b c] / 6          (positive for a triangle facing away from o)
//   first moment  ∫ x dV = V_t (a + b + c) / 4
//   second moment C = ∫ x xᵀ dV = V_t/20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ),  s = a + b + c
// Summed over the triangles they are the solid's, wherever o lies (the tetrahedra outside it cancel in
// pairs). Moved to the centroid g: C_g = C − V g gᵀ, and the inertia per unit density is tr(C_g) 1 − C_g.
// The hulls (hull.ts, their faces' fans) and the closed meshes (mesh-volume.ts) both sum them here.

/**
 * Σ over the triangles (3 vertex indices each into P, flat x, y, z) of the tetrahedron moments about
 * o = (ox, oy, oz): returns the volume; when it is > 0, writes the centroid and the inertia per unit
 * density (3x3 symmetric, row-major, about the centroid).
 */
export function tetrahedronSums(
  P: Float64Array, triangles: ArrayLike<number>, ox: number, oy: number, oz: number, centroid: Float64Array, inertia: Float64Array,
): number {
  let volume = 0, mx = 0, my = 0, mz = 0;
  let cxx = 0, cyy = 0, czz = 0, cxy = 0, cxz = 0, cyz = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const i0 = 3 * triangles[t], i1 = 3 * triangles[t + 1], i2 = 3 * triangles[t + 2];
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
