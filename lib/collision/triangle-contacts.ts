// Each convex shape's contact with one triangle of a mesh or heightfield, the triangle held as its prism
// (geometry/triangle-prism.ts, the triangle its top face, in the mesh's frame at pose A): a function per
// shape type (sphereOnTriangle, capsuleOnTriangle, boxOnTriangle, hullOnTriangle), found through
// pair-dispatch.ts TRIANGLE_FUNCTIONS by mesh-triangle.ts collideTriangle, which says what the one side
// and the triangle's active edges (`active`) are. Each writes `out` (count 0: no contact within
// out.margin), the normal from the triangle (A) to the shape (B), and returns true when that is the
// contact (no internal-edge check after it), false when collideTriangle is to look at its normal.

import type { ConvexHull } from '../geometry/hull.js';
import type { Shape } from '../geometry/shape.js';
import { addLocal, faceCapsule, faceHull, hullCapsule, hullHull, hullSphere, setLocalNormal } from './hull-contacts.js';
import { Manifold } from './manifold.js';
import { closestPointsOfSegments, EDGE_TOLERANCE, FACE_RELATIVE_TOLERANCE } from './features.js';
import { capsuleSegment } from './convex-contacts.js';
import type { ShapePose } from './shape-pose.js';

/** A point this close to an edge's side plane (m) lies on the edge. */
export const ON_EDGE = 1e-6;
/** The shortest length (m) of an edge-pair axis the box test divides by: its square is a normal double. */
const MIN_AXIS = 1e-100;

const segment = new Float64Array(6);

/** A sphere: in closed form while its centre is in front of the triangle (sphereTriangle), else the prism's. */
export function sphereOnTriangle(
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, active: number, shape: Shape, B: ShapePose, reach: number,
): boolean {
  if (sphereTriangle(out, hull, n, A, active, B.c, shape.radius, reach)) return true;
  hullSphere(out, A, hull, B.c, shape);
  return false;
}

/** A capsule: in closed form while its segment is in front of the triangle (capsuleTriangle), else the
 * prism's. */
export function capsuleOnTriangle(
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, active: number, shape: Shape, B: ShapePose, reach: number,
): boolean {
  if (capsuleTriangle(out, hull, n, A, active, shape, B, reach)) return false;
  if (separatedByPrismFace(out, hull, A, shape, B, capsuleLowest)) return true;
  capsuleSegment(B, shape, segment);
  hullCapsule(out, A, hull, segment, shape);
  return false;
}

/** A box: the triangle–box separating axis test (boxTriangle). */
export function boxOnTriangle(
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, _active: number, shape: Shape, B: ShapePose, _reach: number,
): boolean {
  boxTriangle(out, hull, n, A, shape, B);
  return false;
}

/** A hull: the prism against it through the hull contact code. */
export function hullOnTriangle(
  out: Manifold, hull: ConvexHull, _n: Float64Array, A: ShapePose, _active: number, shape: Shape, B: ShapePose, _reach: number,
): boolean {
  if (separatedByPrismFace(out, hull, A, shape, B, hullLowest)) return true;
  hullHull(out, A, hull, B, shape.hull as ConvexHull);
  return false;
}

/** The id of a sphere's or capsule's single point, or'd with the triangle feature it is on. */
const SINGLE_POINT = 1 << 20;
/** The id of a point on a sampled triangle's plane beyond its internal edges (or'd with a capsule's end). */
const PLANE_POINT = 1 << 21;

/**
 * A sphere whose centre is in front of the triangle, in closed form: the centre's closest point q on the
 * triangle (Ericson, "Real-Time Collision Detection" 5.1.5: the Voronoi region by barycentric signs)
 * names the feature; on the face the normal is n, on an active edge or corner (c − q)/|c − q|, on an
 * inactive one n again where the centre is over the triangle (else nothing: the neighbour over which it
 * is takes it; in a sample, the plane's contact while the centre's foot on it is within `reach` of the
 * triangle). Returns false when the centre is behind the triangle's plane (the prism decides).
 * The triangle is the prism's top face (corners hull.vertices[0..8]), normal n, in the mesh's frame (pose A).
 */
function sphereTriangle(
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, active: number, centre: Float64Array, r: number, reach: number,
): boolean {
  const margin = out.margin, W = A.W, c = A.c, v = hull.vertices;
  const dx = centre[0] - c[0], dy = centre[1] - c[1], dz = centre[2] - c[2];
  // the centre p in the mesh's frame: Wᵀ (centre − c)
  const px = W[0] * dx + W[1] * dy + W[2] * dz, py = W[3] * dx + W[4] * dy + W[5] * dz, pz = W[6] * dx + W[7] * dy + W[8] * dz;
  const height = n[0] * (px - v[0]) + n[1] * (py - v[1]) + n[2] * (pz - v[2]);
  if (height < 0) return false;
  if (height - r >= margin) return true; // too far above the plane: no contact, decided
  localPoint[0] = px; localPoint[1] = py; localPoint[2] = pz;
  const feature = closestOnTriangle(v, localPoint, 0, closestPoint);
  let qx = closestPoint[0], qy = closestPoint[1], qz = closestPoint[2], id = SINGLE_POINT | feature;
  let nx = n[0], ny = n[1], nz = n[2], separation = height - r;
  if (feature !== 0) {
    if ((active & feature) !== 0) {
      // a real edge or corner: along the line from it to the centre
      const ex = px - qx, ey = py - qy, ez = pz - qz;
      const distance = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (distance - r >= margin) return true;
      if (distance > 1e-12) {
        nx = ex / distance; ny = ey / distance; nz = ez / distance;
        separation = distance - r;
      }
    } else {
      // an internal one: the face's normal, if the centre is over the triangle, its edges included
      // (else its neighbour's, over which it is; in a sample, where the neighbour may not be collided,
      // the plane's at the centre's foot on it, within reach of q: the surface goes on flat or bends up
      // across the edge)
      const P = hull.planes; // side planes 2–4 bound the triangle
      for (let k = 0; k < 3; k++) {
        const f = 4 * (2 + k);
        if (P[f] * px + P[f + 1] * py + P[f + 2] * pz - P[f + 3] > ON_EDGE) {
          const fx = px - height * nx, fy = py - height * ny, fz = pz - height * nz;
          if (!((fx - qx) ** 2 + (fy - qy) ** 2 + (fz - qz) ** 2 <= reach * reach)) return true;
          qx = fx; qy = fy; qz = fz;
          id = SINGLE_POINT | PLANE_POINT;
          break;
        }
      }
    }
  }
  // the midpoint between the surfaces
  const half = 0.5 * separation;
  setLocalNormal(out, A, nx, ny, nz);
  addLocal(out, A, qx + nx * half, qy + ny * half, qz + nz * half, separation, id);
  return true;
}

/**
 * Whether one of the prism's faces separates the shape by more than out.margin: the least of n·p − d
 * over the shape (its support along −n) above it. The prism's face axes of the separating axis test, in
 * closed form for a capsule (n·c − h |n·u| − r), over the vertices for a hull; it turns away the triangles
 * off to the side of the shape before the prism's full test (boxes, spheres and capsules in front of the
 * triangle have tests of their own above).
 */
function separatedByPrismFace(
  out: Manifold, hull: ConvexHull, A: ShapePose, shape: Shape, B: ShapePose, lowest: (shape: Shape, sx: number, sy: number, sz: number) => number,
): boolean {
  const margin = out.margin, P = hull.planes, W = A.W, c = A.c, V = B.W, b = B.c;
  for (let f = 0; f < 5; f++) {
    const lx = P[4 * f], ly = P[4 * f + 1], lz = P[4 * f + 2];
    const nx = W[0] * lx + W[3] * ly + W[6] * lz, ny = W[1] * lx + W[4] * ly + W[7] * lz, nz = W[2] * lx + W[5] * ly + W[8] * lz;
    const d = P[4 * f + 3] + nx * c[0] + ny * c[1] + nz * c[2];
    // n in the shape's frame: Vᵀ n
    const sx = V[0] * nx + V[1] * ny + V[2] * nz, sy = V[3] * nx + V[4] * ny + V[5] * nz, sz = V[6] * nx + V[7] * ny + V[8] * nz;
    let least = nx * b[0] + ny * b[1] + nz * b[2] - d;
    least += lowest(shape, sx, sy, sz);
    if (least > margin) return true;
  }
  return false;
}

/** The least s·x over a capsule about its centre, s a unit vector in its frame: −(h |s_y| + r). */
function capsuleLowest(shape: Shape, _sx: number, sy: number, _sz: number): number {
  return -(Math.abs(sy) * shape.halfHeight + shape.radius);
}

/** The least s·x over a hull's vertices, s in its frame. */
function hullLowest(shape: Shape, sx: number, sy: number, sz: number): number {
  const hullB = shape.hull as ConvexHull, v = hullB.vertices;
  let low = Infinity;
  for (let i = 0; i < hullB.vertexCount; i++) {
    const x = sx * v[3 * i] + sy * v[3 * i + 1] + sz * v[3 * i + 2];
    if (x < low) low = x;
  }
  return low;
}

const closestPoint = new Float64Array(3), localPoint = new Float64Array(3);

/**
 * The point of triangle v (corners v[0..8]) closest to p (p[at..at + 2]), into out, and the feature it lies on as
 * active-feature bits: 0 inside, an edge's bit, or a corner's (Ericson, "Real-Time Collision Detection"
 * 5.1.5: the Voronoi region from the signs of the barycentric parts).
 */
export function closestOnTriangle(v: Float64Array, p: Float64Array, at: number, out: Float64Array): number {
  // (the point read from an array: doubles passed to a call V8 does not inline are boxed, one heap
  // number each)
  const px = p[at], py = p[at + 1], pz = p[at + 2];
  const abx = v[3] - v[0], aby = v[4] - v[1], abz = v[5] - v[2];
  const acx = v[6] - v[0], acy = v[7] - v[1], acz = v[8] - v[2];
  const apx = px - v[0], apy = py - v[1], apz = pz - v[2];
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) {
    return corner(v, 0, out, 1 << 3); // corner a
  } else {
    const bpx = px - v[3], bpy = py - v[4], bpz = pz - v[5];
    const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = px - v[6], cpy = py - v[7], cpz = pz - v[8];
    const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
    const vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) {
      return corner(v, 3, out, 1 << 4); // corner b
    } else if (d6 >= 0 && d5 <= d6) {
      return corner(v, 6, out, 1 << 5); // corner c
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      // edge ab: d1 − d3 = |ab|², 0 only when it underflows (0/0 would be NaN: then corner a)
      const span = d1 - d3, t = span > 0 ? d1 / span : 0;
      out[0] = v[0] + t * abx; out[1] = v[1] + t * aby; out[2] = v[2] + t * abz;
      return 1;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      const span = d2 - d6, t = span > 0 ? d2 / span : 0; // edge ca, as ab
      out[0] = v[0] + t * acx; out[1] = v[1] + t * acy; out[2] = v[2] + t * acz;
      return 4;
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const span = d4 - d3 + (d5 - d6), t = span > 0 ? (d4 - d3) / span : 0; // edge bc, as ab
      out[0] = v[3] + t * (v[6] - v[3]); out[1] = v[4] + t * (v[7] - v[4]); out[2] = v[5] + t * (v[8] - v[5]);
      return 2;
    }
    // inside the face: p moved onto its plane, a + (vb a b + vc a c) / (va + vb + vc). The sum is
    // |ab × ac|², which underflows for a triangle under about 1e-77 m and loses every digit to rounding on
    // a long sliver; when it is not a positive normal number (1 / it would be Infinity, times a vb of 0
    // NaN), the nearest point of the three edges instead.
    const sum = va + vb + vc;
    if (!(sum >= Number.MIN_VALUE * 2 ** 52)) return closestOnEdges(v, px, py, pz, out);
    const denominator = 1 / sum, sv = vb * denominator, sw = vc * denominator;
    out[0] = v[0] + sv * abx + sw * acx; out[1] = v[1] + sv * aby + sw * acy; out[2] = v[2] + sv * abz + sw * acz;
    return 0;
  }
}

/**
 * The point of triangle v's edges nearest p, into out, and the edge's bit (closestOnTriangle's fallback
 * when the triangle has no usable area): each edge's point a + t (b − a), t = (p − a)·(b − a) / |b − a|²
 * clamped to [0, 1], t = 0 when |b − a|² is not a positive number.
 */
function closestOnEdges(v: Float64Array, px: number, py: number, pz: number, out: Float64Array): number {
  let least = Infinity, feature = 1;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = 3 * ((k + 1) % 3);
    const ex = v[b] - v[a], ey = v[b + 1] - v[a + 1], ez = v[b + 2] - v[a + 2];
    const ee = ex * ex + ey * ey + ez * ez;
    const along = (px - v[a]) * ex + (py - v[a + 1]) * ey + (pz - v[a + 2]) * ez;
    const t = ee > 0 ? Math.max(0, Math.min(1, along / ee)) : 0;
    const qx = v[a] + t * ex, qy = v[a + 1] + t * ey, qz = v[a + 2] + t * ez;
    const dd = (px - qx) ** 2 + (py - qy) ** 2 + (pz - qz) ** 2;
    if (dd < least) {
      least = dd;
      feature = 1 << k;
      out[0] = qx; out[1] = qy; out[2] = qz;
    }
  }
  return feature;
}

function corner(v: Float64Array, at: number, out: Float64Array, feature: number): number {
  out[0] = v[at]; out[1] = v[at + 1]; out[2] = v[at + 2];
  return feature;
}

const boxAxes = new Float64Array(9), boxCentre = new Float64Array(3);
const triangleEdge = new Float64Array(6), boxEdge = new Float64Array(6), edgePoints = new Float64Array(6);
const flipped = /* @__PURE__ */ new Manifold();

/**
 * A box against the triangle: the separating axis test over the triangle's normal (one-sided: the
 * box's least n·x above the triangle's plane), the box's three face normals and the nine cross products
 * of the triangle's edges with the box's axes (the 13 axes of Akenine-Möller's triangle–box overlap test,
 * "Fast 3D Triangle-Box Overlap Testing", 2001), each separation in closed form: the box spans
 * L·p ± Σ_k h_k |L·u_k| along an axis L, the triangle its three corners. The largest decides, faces
 * preferred unless an edge pair separates clearly more (as hullHull): the triangle's face gives the box's
 * most opposed face clipped to the triangle (faceHull against the prism's top face); a box face gives
 * the triangle clipped to that face (faceHull the other way, its normal turned); an edge pair gives the
 * closest points of the two edges. Everything in the mesh's frame: the box centre p = Wᵀ (b − c), axes
 * u_k = Wᵀ V_k.
 */
function boxTriangle(out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, shape: Shape, B: ShapePose): void {
  const margin = out.margin, W = A.W, c = A.c, V = B.W, h = shape.halfExtents, v = hull.vertices;
  const dx = B.c[0] - c[0], dy = B.c[1] - c[1], dz = B.c[2] - c[2];
  const p = boxCentre, u = boxAxes;
  p[0] = W[0] * dx + W[1] * dy + W[2] * dz; p[1] = W[3] * dx + W[4] * dy + W[5] * dz; p[2] = W[6] * dx + W[7] * dy + W[8] * dz;
  for (let k = 0; k < 3; k++) {
    const x = V[3 * k], y = V[3 * k + 1], z = V[3 * k + 2];
    u[3 * k] = W[0] * x + W[1] * y + W[2] * z; u[3 * k + 1] = W[3] * x + W[4] * y + W[5] * z; u[3 * k + 2] = W[6] * x + W[7] * y + W[8] * z;
  }
  // the triangle's face
  const triangleFace = n[0] * p[0] + n[1] * p[1] + n[2] * p[2] - radiusAlong(h, u, n[0], n[1], n[2]) - hull.planes[3];
  if (triangleFace > margin) return;
  // the box's faces: the gap on the side of the box the triangle is
  let boxFace = -Infinity, boxFaceIndex = 0;
  for (let k = 0; k < 3; k++) {
    const ux = u[3 * k], uy = u[3 * k + 1], uz = u[3 * k + 2];
    const centre = ux * p[0] + uy * p[1] + uz * p[2];
    let low = Infinity, high = -Infinity;
    for (let i = 0; i < 3; i++) {
      const x = ux * v[3 * i] + uy * v[3 * i + 1] + uz * v[3 * i + 2];
      if (x < low) low = x;
      if (x > high) high = x;
    }
    const above = low - (centre + h[k]), below = centre - h[k] - high; // triangle beyond the +u face, or the −u face
    const gap = Math.max(above, below);
    if (gap > margin) return;
    // (the box's face toward the triangle: +u_k is hull face 2k + 1, −u_k face 2k)
    if (gap > boxFace) { boxFace = gap; boxFaceIndex = above >= below ? 2 * k + 1 : 2 * k; }
  }
  // the edge pairs
  let edge = -Infinity, edgeI = 0, edgeK = 0, lx = 0, ly = 0, lz = 0;
  for (let i = 0; i < 3; i++) {
    const a = 3 * i, b = 3 * ((i + 1) % 3);
    const ex = v[b] - v[a], ey = v[b + 1] - v[a + 1], ez = v[b + 2] - v[a + 2];
    for (let k = 0; k < 3; k++) {
      const ux = u[3 * k], uy = u[3 * k + 1], uz = u[3 * k + 2];
      let mx = ey * uz - ez * uy, my = ez * ux - ex * uz, mz = ex * uy - ey * ux;
      const length = Math.sqrt(mx * mx + my * my + mz * mz);
      // parallel: the face axes cover it; and an axis shorter than MIN_AXIS, whose squares underflow (0/0
      // would be NaN), is left out (a mesh's edges are at least 1e-6 m)
      if (!(length >= 1e-6 * Math.sqrt(ex * ex + ey * ey + ez * ez) && length >= MIN_AXIS)) continue;
      mx /= length; my /= length; mz /= length;
      let low = Infinity, high = -Infinity;
      for (let j = 0; j < 3; j++) {
        const x = mx * v[3 * j] + my * v[3 * j + 1] + mz * v[3 * j + 2];
        if (x < low) low = x;
        if (x > high) high = x;
      }
      const centre = mx * p[0] + my * p[1] + mz * p[2], reach = radiusAlong(h, u, mx, my, mz);
      // the axis oriented from the triangle toward the box
      let gap: number;
      if (centre - reach - high >= low - (centre + reach)) {
        gap = centre - reach - high;
      } else {
        gap = low - (centre + reach);
        mx = -mx; my = -my; mz = -mz;
      }
      if (gap > margin) return;
      if (gap > edge) { edge = gap; edgeI = i; edgeK = k; lx = mx; ly = my; lz = mz; }
    }
  }
  const face = Math.max(triangleFace, boxFace);
  if (edge > face + EDGE_TOLERANCE) {
    boxTriangleEdge(out, A, v, h, edgeI, edgeK, lx, ly, lz, edge);
    return;
  }
  if (boxFace > FACE_RELATIVE_TOLERANCE * triangleFace + 0.001) {
    // the box's face is the reference: the triangle (the prism's top) clipped to it, the normal turned
    flipped.count = 0;
    flipped.previousCount = 0;
    flipped.margin = margin;
    faceHull(flipped, B, shape.hull as ConvexHull, boxFaceIndex, A, hull);
    if (flipped.count > 0) out.addFlipped(flipped, BOX_FACE_REFERENCE);
    return;
  }
  faceHull(out, A, hull, 0, B, shape.hull as ConvexHull);
}

/** Ids of points where the box's face was the reference (told apart from the triangle's). */
const BOX_FACE_REFERENCE = 1 << 29;

/** The half extent of a box (half sizes h, axes u) along a unit L: Σ_k h_k |L·u_k|. */
function radiusAlong(h: ArrayLike<number>, u: Float64Array, lx: number, ly: number, lz: number): number {
  return h[0] * Math.abs(lx * u[0] + ly * u[1] + lz * u[2]) + h[1] * Math.abs(lx * u[3] + ly * u[4] + lz * u[5]) + h[2] * Math.abs(lx * u[6] + ly * u[7] + lz * u[8]);
}

/**
 * The edge pair: the triangle's edge i and the box's edge along u_k nearest the triangle (its corners
 * pushed toward −L on the other two axes), their closest points; L the axis from the triangle toward the
 * box, in the mesh's frame; written in world space.
 */
function boxTriangleEdge(
  out: Manifold, A: ShapePose, v: Float64Array, h: ArrayLike<number>, i: number, k: number, lx: number, ly: number, lz: number, separation: number,
): void {
  const p = boxCentre, u = boxAxes;
  const a = 3 * i, b = 3 * ((i + 1) % 3);
  for (let m = 0; m < 3; m++) { triangleEdge[m] = v[a + m]; triangleEdge[3 + m] = v[b + m]; }
  // the box edge: centre − Σ_{j≠k} sign(L·u_j) h_j u_j, ± h_k u_k
  let cx = p[0], cy = p[1], cz = p[2];
  for (let j = 0; j < 3; j++) {
    if (j === k) continue;
    const along = lx * u[3 * j] + ly * u[3 * j + 1] + lz * u[3 * j + 2];
    const step = along > 0 ? -h[j] : h[j];
    cx += step * u[3 * j]; cy += step * u[3 * j + 1]; cz += step * u[3 * j + 2];
  }
  const hk = h[k];
  boxEdge[0] = cx - hk * u[3 * k]; boxEdge[1] = cy - hk * u[3 * k + 1]; boxEdge[2] = cz - hk * u[3 * k + 2];
  boxEdge[3] = cx + hk * u[3 * k]; boxEdge[4] = cy + hk * u[3 * k + 1]; boxEdge[5] = cz + hk * u[3 * k + 2];
  closestPointsOfSegments(triangleEdge, boxEdge, edgePoints);
  setLocalNormal(out, A, lx, ly, lz);
  addLocal(out, A, 0.5 * (edgePoints[0] + edgePoints[3]), 0.5 * (edgePoints[1] + edgePoints[4]), 0.5 * (edgePoints[2] + edgePoints[5]), separation, EDGE_PAIR_ID | (i << 4) | k);
}

/** Id of an edge–edge point. */
const EDGE_PAIR_ID = 1 << 30;

const capsuleEnds = new Float64Array(6), edgeSegment = new Float64Array(6), pair = new Float64Array(6), best = new Float64Array(6);

/**
 * A capsule whose segment is in front of the triangle: the closest points of the segment and the
 * triangle (the least of each end against the triangle and the segment against each edge) name the
 * feature. Over the face, or on an internal edge or corner: the segment clipped to the triangle, its ends
 * within the margin (faceCapsule: two points for a capsule lying on the face; in a sample, where that
 * leaves none, the ends whose feet on the triangle's plane are within `reach` of it, against the plane). On a real edge or corner: one point along the line
 * between the closest points. Returns false when the segment reaches behind
 * the plane (the prism decides).
 */
function capsuleTriangle(
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, active: number, shape: Shape, B: ShapePose, reach: number,
): boolean {
  const margin = out.margin, W = A.W, c = A.c, v = hull.vertices, r = shape.radius, e = capsuleEnds;
  capsuleSegment(B, shape, segment);
  for (let end = 0; end < 2; end++) {
    const dx = segment[3 * end] - c[0], dy = segment[3 * end + 1] - c[1], dz = segment[3 * end + 2] - c[2];
    e[3 * end] = W[0] * dx + W[1] * dy + W[2] * dz; e[3 * end + 1] = W[3] * dx + W[4] * dy + W[5] * dz; e[3 * end + 2] = W[6] * dx + W[7] * dy + W[8] * dz;
  }
  const d = hull.planes[3];
  const h0 = n[0] * e[0] + n[1] * e[1] + n[2] * e[2] - d, h1 = n[0] * e[3] + n[1] * e[4] + n[2] * e[5] - d;
  if (h0 < 0 || h1 < 0) return false;
  if (Math.min(h0, h1) - r >= margin) return true;
  // the closest points: each end against the triangle, the segment against each edge
  let least = Infinity, feature = 0;
  for (let end = 0; end < 2; end++) {
    const f = closestOnTriangle(v, e, 3 * end, closestPoint);
    const gx = e[3 * end] - closestPoint[0], gy = e[3 * end + 1] - closestPoint[1], gz = e[3 * end + 2] - closestPoint[2];
    const dd = gx * gx + gy * gy + gz * gz;
    if (dd < least) {
      least = dd; feature = f;
      best[0] = e[3 * end]; best[1] = e[3 * end + 1]; best[2] = e[3 * end + 2];
      best[3] = closestPoint[0]; best[4] = closestPoint[1]; best[5] = closestPoint[2];
    }
  }
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = 3 * ((k + 1) % 3);
    for (let m = 0; m < 3; m++) { edgeSegment[m] = v[a + m]; edgeSegment[3 + m] = v[b + m]; }
    closestPointsOfSegments(e, edgeSegment, pair);
    const gx = pair[0] - pair[3], gy = pair[1] - pair[4], gz = pair[2] - pair[5];
    const dd = gx * gx + gy * gy + gz * gz;
    if (dd < least) {
      least = dd;
      // on the edge, or at one of its corners
      const ax = pair[3] - v[a], ay = pair[4] - v[a + 1], az = pair[5] - v[a + 2];
      const bx = pair[3] - v[b], by = pair[4] - v[b + 1], bz = pair[5] - v[b + 2];
      const atA = ax * ax + ay * ay + az * az < 1e-24, atB = bx * bx + by * by + bz * bz < 1e-24;
      feature = atA ? 1 << (3 + k) : atB ? 1 << (3 + ((k + 1) % 3)) : 1 << k;
      best.set(pair);
    }
  }
  if (feature === 0 || (active & feature) === 0) {
    faceCapsule(out, A, hull, 0, segment, shape);
    if (out.count === 0 && reach > 0) {
      // in a sample, beside the triangle across an internal edge: its plane, under each end whose foot on
      // it is within reach of the triangle (as sphereTriangle)
      setLocalNormal(out, A, n[0], n[1], n[2]);
      for (let end = 0; end < 2; end++) {
        const h = end === 0 ? h0 : h1, separation = h - r;
        if (separation >= margin) continue;
        localPoint[0] = e[3 * end] - h * n[0]; localPoint[1] = e[3 * end + 1] - h * n[1]; localPoint[2] = e[3 * end + 2] - h * n[2];
        closestOnTriangle(v, localPoint, 0, closestPoint);
        const gx = localPoint[0] - closestPoint[0], gy = localPoint[1] - closestPoint[1], gz = localPoint[2] - closestPoint[2];
        if (!(gx * gx + gy * gy + gz * gz <= reach * reach)) continue;
        const up = 0.5 * separation;
        addLocal(out, A, localPoint[0] + up * n[0], localPoint[1] + up * n[1], localPoint[2] + up * n[2], separation, SINGLE_POINT | PLANE_POINT | end);
      }
    }
    return true;
  }
  // a real edge or corner: along the line from it to the segment
  const distance = Math.sqrt(least);
  if (distance - r >= margin) return true;
  if (distance < 1e-12) return false;
  const nx = (best[0] - best[3]) / distance, ny = (best[1] - best[4]) / distance, nz = (best[2] - best[5]) / distance;
  const separation = distance - r, half = 0.5 * separation;
  setLocalNormal(out, A, nx, ny, nz);
  addLocal(out, A, best[3] + nx * half, best[4] + ny * half, best[5] + nz * half, separation, SINGLE_POINT | feature);
  return true;
}
