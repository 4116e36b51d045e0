// Convex hulls: the geometry of the `hull` shape (and of a box, for box–hull contacts), built from a
// point cloud by quickhull, with coplanar triangles merged into polygon faces.
//
// A hull stores, in its shape's frame:
//   vertices      V points (3 numbers each), in the order they first appear in the input
//   planes        F faces' unit outward normals n and offsets d (4 numbers each): the face lies on
//                 n·p = d and the whole hull on n·p ≤ d (d is the largest n·v over the vertices, so every
//                 plane supports the hull)
//   faces         each face's vertex loop, counter-clockwise seen from outside (faceStarts/faceVertices)
//   edges         E unique edges: their two vertices, the face on whose loop they run first → second and
//                 the face on whose loop they run back (edgeFaces), for the separating axis test
// with V − E + F = 2, plus its volume, centroid and inertia per unit density (hullMassProperties).
//
// Quickhull (Barber, Dobkin, Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", ACM TOMS 22(4),
// 1996; Gregorius, "Implementing Quickhull", GDC 2014): start from a tetrahedron of four extreme points
// and give every other point to the face it is farthest above (its conflict list). Then, while a face
// has points above it, take its farthest one, the eye; walk depth first from that face over the faces
// the eye sees (it is above their planes): the walk lists the horizon, the edges between seen and
// unseen faces, in order around the eye. The seen faces go, the horizon is joined to the eye by new
// triangles, and the points of the faces that went move to the new face they are farthest above, or
// are inside and dropped.
//
// Robustness. In floating point "above" is decided wrongly for points within round-off of a plane, and
// coplanar input (a box's corners, a grid) is exactly that case. Barber et al. and Gregorius merge
// faces while building ("thick facets"). Here the hull is built instead on a copy of the points moved
// by a deterministic pseudo-random joggle of 1e-9 of the cloud's size (qhull's option 'QJ'): in general
// position, round-off (~1e-15 of the size) decides nothing, and the triangles are a valid hull of the
// joggled points. A run that goes wrong anyway (a horizon that is not one loop, or a result that fails
// the checks below) is redone with ten times the joggle, up to 1e-6.
// The triangles are then merged, with the original points, into faces: from the largest triangle not
// yet in a face, a face grows over neighbouring triangles whose three corners lie within the tolerance
// τ = 1e-5 of the cloud's size of its plane. A corner inside a face, or on the edge between only two
// faces (a point in the middle of a box's edge), is no vertex and is dropped. Each face's normal is
// Newell's (Sutherland, Sproull, Schumacker, "A Characterization of Ten Hidden-Surface Algorithms",
// 1974): the area vector of its loop. Checked before the hull is taken: every loop has 3 corners or
// more and no corner bent inward by more than τ, every edge is shared by two faces running it opposite
// ways, V − E + F = 2, and every input point is within τ of the inside of every plane.
//
// Points closer than τ are welded first (the first one kept). Input is refused, naming it: a value that
// is not a finite number, fewer than 4 points not within τ of one plane, more than MAX_HULL_POINTS
// points, or a hull of more than MAX_HULL_VERTICES vertices (Jolt's cap; the separating axis test of
// two hulls costs E_a·E_b edge pairs).

import { mulberry32 } from '../math/random.js';
import { isArrayLike, show, showBound } from '../validate.js';
import { MAX_LENGTH } from '../limits.js';

/** The most vertices a hull may have. */
export const MAX_HULL_VERTICES = 256;
/** The most points a hull may be built from. */
export const MAX_HULL_POINTS = 4096;
/** The hull tolerance τ as a share of the point cloud's size (its bounding box's largest side). */
export const HULL_TOLERANCE = 1e-5;
/** The most faces a hull of MAX_HULL_VERTICES can have (a triangulated one: 2V − 4). */
export const MAX_HULL_FACES = 2 * MAX_HULL_VERTICES - 4;

const JOGGLE_START = 1e-9, JOGGLE_GROWTH = 10, JOGGLE_ATTEMPTS = 4;
/** "Above a plane" means farther than this share of the size (far above round-off, far below joggle). */
const ABOVE = 1e-12;

export class ConvexHull {
  readonly vertexCount: number;
  /** x, y, z per vertex (shape frame). */
  readonly vertices: Float64Array;
  readonly faceCount: number;
  /** n_x, n_y, n_z, d per face: outward unit normal, and the hull lies on n·p ≤ d. */
  readonly planes: Float64Array;
  /** Face f's loop is faceVertices[faceStarts[f] .. faceStarts[f + 1]). */
  readonly faceStarts: Int32Array;
  readonly faceVertices: Int32Array;
  /** The longest face loop. */
  readonly maxFaceVertices: number;
  readonly edgeCount: number;
  /** The two vertices of each edge. */
  readonly edges: Int32Array;
  /** Per edge: the face whose loop runs first → second, then the face whose loop runs back. */
  readonly edgeFaces: Int32Array;
  /** m³. */
  readonly volume: number;
  /** The centre of volume (shape frame). */
  readonly centroid = new Float64Array(3);
  /** The inertia about the centroid per unit density (kg·m² per kg/m³), shape axes, 3x3 symmetric. */
  readonly unitInertia = new Float64Array(9);
  /** The bounding box's centre and half extents (shape frame). */
  readonly boundsCentre = new Float64Array(3);
  readonly boundsHalf = new Float64Array(3);

  /** A hull from its vertices and face loops (counter-clockwise from outside); see convexHull. */
  constructor(vertices: Float64Array, loops: readonly (readonly number[])[]) {
    this.vertexCount = vertices.length / 3;
    this.vertices = vertices;
    this.faceCount = loops.length;
    this.planes = new Float64Array(4 * loops.length);
    this.faceStarts = new Int32Array(loops.length + 1);
    let total = 0, longest = 0;
    for (const loop of loops) {
      total += loop.length;
      longest = Math.max(longest, loop.length);
    }
    this.maxFaceVertices = longest;
    this.faceVertices = new Int32Array(total);
    let at = 0;
    loops.forEach((loop, f) => {
      this.faceStarts[f] = at;
      for (const v of loop) this.faceVertices[at++] = v;
      writePlane(vertices, loop, this.planes, f);
    });
    this.faceStarts[loops.length] = at;
    // edges: each undirected edge once, with the faces on its two sides
    const firstFace = new Map<number, number>();
    const V = this.vertexCount;
    const edgeList: number[] = [], faceList: number[] = [];
    loops.forEach((loop, f) => {
      for (let i = 0; i < loop.length; i++) {
        const a = loop[i], b = loop[(i + 1) % loop.length];
        if (a < b) {
          firstFace.set(a * V + b, edgeList.length / 2);
          edgeList.push(a, b);
          faceList.push(f, -1);
        }
      }
    });
    loops.forEach((loop, f) => {
      for (let i = 0; i < loop.length; i++) {
        const a = loop[i], b = loop[(i + 1) % loop.length];
        if (a > b) {
          const e = firstFace.get(b * V + a);
          if (e !== undefined) faceList[2 * e + 1] = f;
        }
      }
    });
    this.edgeCount = edgeList.length / 2;
    this.edges = Int32Array.from(edgeList);
    this.edgeFaces = Int32Array.from(faceList);
    this.volume = hullMassProperties(this, this.centroid, this.unitInertia);
    for (let k = 0; k < 3; k++) {
      let low = Infinity, high = -Infinity;
      for (let v = 0; v < V; v++) {
        low = Math.min(low, vertices[3 * v + k]);
        high = Math.max(high, vertices[3 * v + k]);
      }
      this.boundsCentre[k] = 0.5 * (low + high);
      this.boundsHalf[k] = 0.5 * (high - low);
    }
  }

  /** The largest distance of a vertex from the frame's origin, m. */
  extent(): number {
    let largest = 0;
    const v = this.vertices;
    for (let i = 0; i < this.vertexCount; i++) largest = Math.max(largest, v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]);
    return Math.sqrt(largest);
  }

  /** The vertices as [x, y, z] points. */
  points(): number[][] {
    const out: number[][] = [];
    for (let v = 0; v < this.vertexCount; v++) out.push([this.vertices[3 * v], this.vertices[3 * v + 1], this.vertices[3 * v + 2]]);
    return out;
  }

  /** Face f's vertex loop, as vertex indices. */
  face(f: number): number[] {
    return Array.from(this.faceVertices.subarray(this.faceStarts[f], this.faceStarts[f + 1]));
  }
}

/** Face f's plane into planes[4f..4f+3]: Newell's normal of the loop, offset the largest n·v of all the
 * vertices (so the plane supports the hull). */
function writePlane(vertices: Float64Array, loop: readonly number[], planes: Float64Array, f: number): void {
  // Newell: n = Σ_i (p_i − p_{i+1}) × (p_i + p_{i+1}) / 2 componentwise, twice the loop's area vector
  let nx = 0, ny = 0, nz = 0;
  for (let i = 0; i < loop.length; i++) {
    const a = 3 * loop[i], b = 3 * loop[(i + 1) % loop.length];
    nx += (vertices[a + 1] - vertices[b + 1]) * (vertices[a + 2] + vertices[b + 2]);
    ny += (vertices[a + 2] - vertices[b + 2]) * (vertices[a] + vertices[b]);
    nz += (vertices[a] - vertices[b]) * (vertices[a + 1] + vertices[b + 1]);
  }
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= length; ny /= length; nz /= length;
  let d = -Infinity;
  for (let v = 0; v < vertices.length; v += 3) d = Math.max(d, nx * vertices[v] + ny * vertices[v + 1] + nz * vertices[v + 2]);
  planes[4 * f] = nx; planes[4 * f + 1] = ny; planes[4 * f + 2] = nz; planes[4 * f + 3] = d;
}

/**
 * Volume, centroid and inertia per unit density of a closed hull, from tetrahedra joining a reference
 * point o (the vertices' mean, to keep the numbers small) to the triangles of each face's fan. A
 * tetrahedron o, o + a, o + b, o + c has (Tonon, "Explicit Exact Formulas for the 3-D Tetrahedron Inertia
 * Tensor in Terms of its Vertex Coordinates", J. Math. Stat. 2004; Blow and Binstock, "How to find the
 * inertia tensor of a 3D solid body represented by a triangle mesh", 2004):
 *   volume  V = det[a b c] / 6          (signed: faces counter-clockwise from outside make it positive)
 *   first moment  ∫ x dV = V (a + b + c) / 4
 *   second moment C = ∫ x xᵀ dV = V/20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ),  s = a + b + c
 * Summed, moved to the centroid g: C_g = C − V g gᵀ; the inertia is tr(C_g) 1 − C_g.
 * Returns the volume; writes the centroid and the inertia (3x3 symmetric).
 */
export function hullMassProperties(hull: ConvexHull, centroid: Float64Array, inertia: Float64Array): number {
  const P = hull.vertices, V = hull.vertexCount;
  let ox = 0, oy = 0, oz = 0;
  for (let v = 0; v < V; v++) {
    ox += P[3 * v]; oy += P[3 * v + 1]; oz += P[3 * v + 2];
  }
  ox /= V; oy /= V; oz /= V;
  let volume = 0, mx = 0, my = 0, mz = 0;
  let cxx = 0, cyy = 0, czz = 0, cxy = 0, cxz = 0, cyz = 0;
  for (let f = 0; f < hull.faceCount; f++) {
    const start = hull.faceStarts[f], end = hull.faceStarts[f + 1];
    const i0 = 3 * hull.faceVertices[start];
    const ax = P[i0] - ox, ay = P[i0 + 1] - oy, az = P[i0 + 2] - oz;
    for (let k = start + 1; k + 1 < end; k++) {
      const i1 = 3 * hull.faceVertices[k], i2 = 3 * hull.faceVertices[k + 1];
      const bx = P[i1] - ox, by = P[i1 + 1] - oy, bz = P[i1 + 2] - oz;
      const cx = P[i2] - ox, cy = P[i2 + 1] - oy, cz = P[i2 + 2] - oz;
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
  }
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

/**
 * A box of half extents h as a hull: vertex v at (±h_x, ±h_y, ±h_z) with the signs of bits 0, 1, 2 of v
 * (as the plane–box contact numbers them), faces −x, +x, −y, +y, −z, +z.
 */
export function boxHull(h: ArrayLike<number>): ConvexHull {
  const vertices = new Float64Array(24);
  for (let v = 0; v < 8; v++) {
    vertices[3 * v] = v & 1 ? h[0] : -h[0];
    vertices[3 * v + 1] = v & 2 ? h[1] : -h[1];
    vertices[3 * v + 2] = v & 4 ? h[2] : -h[2];
  }
  const loops = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];
  return new ConvexHull(vertices, loops);
}

/** Reads a hull's points: [[x, y, z], …] or flat [x, y, z, x, y, z, …]; the error names the bad value. */
export function readHullPoints(where: string, value: unknown): Float64Array {
  const usage = 'an array of [x, y, z] points or a flat array of x, y, z numbers';
  if (!isArrayLike(value)) throw new TypeError(`${where}: hull points must be ${usage}, got ${show(value)}`);
  const nested = value.length > 0 && isArrayLike(value[0]);
  const count = nested ? value.length : value.length / 3;
  if (!nested && !Number.isInteger(count)) {
    throw new RangeError(`${where}: hull points as a flat array need 3 numbers per point, got ${value.length} numbers`);
  }
  if (count > MAX_HULL_POINTS) throw new RangeError(`${where}: hull points must be at most ${MAX_HULL_POINTS}, got ${count}`);
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    if (nested) {
      const point = value[i];
      if (!isArrayLike(point) || point.length !== 3) throw new TypeError(`${where}: hull points[${i}] must be [x, y, z], got ${show(point)}`);
      for (let k = 0; k < 3; k++) {
        const x = point[k];
        if (typeof x !== 'number' || !Number.isFinite(x)) throw new RangeError(`${where}: hull points[${i}] must hold 3 finite numbers, got ${show(point)}`);
        if (Math.abs(x) > MAX_LENGTH) throw new RangeError(`${where}: hull points[${i}] must lie within ±${showBound(MAX_LENGTH)} m of the shape's origin (README, "Limits"), got ${show(point)}`);
        out[3 * i + k] = x + 0; // −0 kept as +0: a snapshot's JSON cannot tell them apart
      }
    } else {
      for (let k = 0; k < 3; k++) {
        const x = value[3 * i + k];
        if (typeof x !== 'number' || !Number.isFinite(x)) {
          throw new RangeError(`${where}: hull points[${3 * i + k}] (point ${i}'s ${'xyz'[k]}) must be a finite number, got ${show(x)}`);
        }
        if (Math.abs(x) > MAX_LENGTH) {
          throw new RangeError(`${where}: hull points[${3 * i + k}] (point ${i}'s ${'xyz'[k]}) must be within ±${showBound(MAX_LENGTH)} m (README, "Limits"), got ${show(x)}`);
        }
        out[3 * i + k] = x + 0; // −0 kept as +0: a snapshot's JSON cannot tell them apart
      }
    }
  }
  return out;
}

/**
 * The convex hull of points, [[x, y, z], …] or flat [x, y, z, x, …] (what a hull shape is built from:
 * its vertices, faces and edges, to draw or inspect it).
 */
export function convexHull(points: ArrayLike<ArrayLike<number>> | ArrayLike<number>): ConvexHull {
  return buildHull('convexHull', readHullPoints('convexHull', points));
}

/** The convex hull of points (flat x, y, z); `where` starts the error messages. */
export function buildHull(where: string, points: Float64Array): ConvexHull {
  const n = points.length / 3;
  let size = 0;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (let i = 0; i < n; i++) {
      low = Math.min(low, points[3 * i + k]);
      high = Math.max(high, points[3 * i + k]);
    }
    size = Math.max(size, high - low);
  }
  const tolerance = HULL_TOLERANCE * size;
  const welded = weld(points, tolerance);
  const count = welded.length / 3;
  if (count < 4 || !(size > 0)) {
    throw new RangeError(`${where}: hull points must include 4 points not on one plane, got ${count} distinct point${count === 1 ? '' : 's'} (within ${show(tolerance)} m)`);
  }
  const simplex = initialSimplex(where, welded, tolerance);
  let joggle = JOGGLE_START * size;
  for (let attempt = 0; attempt < JOGGLE_ATTEMPTS; attempt++, joggle *= JOGGLE_GROWTH) {
    const triangles = quickhull(joggled(welded, joggle), simplex, ABOVE * size);
    const hull = triangles === null ? null : mergeFaces(welded, triangles, tolerance);
    if (hull === null || !isValidHull(hull, welded, tolerance)) continue;
    if (hull.vertexCount > MAX_HULL_VERTICES) {
      throw new RangeError(`${where}: a hull may have at most ${MAX_HULL_VERTICES} vertices, these points make ${hull.vertexCount} (give fewer points)`);
    }
    return hull;
  }
  throw new Error(`${where}: could not build a valid convex hull of these ${n} points (please report them)`);
}

/** The points with those within `tolerance` of an earlier one left out (sorted by x to compare only
 * neighbours). */
function weld(points: Float64Array, tolerance: number): Float64Array {
  const n = points.length / 3;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => points[3 * i] - points[3 * j] || i - j);
  const dropped = new Uint8Array(n);
  for (let a = 0; a < n; a++) {
    const i = order[a];
    if (dropped[i]) continue;
    for (let b = a + 1; b < n && points[3 * order[b]] - points[3 * i] <= tolerance; b++) {
      const j = order[b];
      const dx = points[3 * j] - points[3 * i], dy = points[3 * j + 1] - points[3 * i + 1], dz = points[3 * j + 2] - points[3 * i + 2];
      if (dx * dx + dy * dy + dz * dz <= tolerance * tolerance) dropped[Math.max(i, j)] = 1;
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (!dropped[i]) kept.push(points[3 * i], points[3 * i + 1], points[3 * i + 2]);
  return Float64Array.from(kept);
}

/**
 * Four points spanning a tetrahedron: the farthest apart of the 6 axis extremes, the point farthest from
 * their line, and the point farthest from the plane of the three. Throws when the points are within the
 * tolerance of a line or a plane.
 */
function initialSimplex(where: string, p: Float64Array, tolerance: number): [number, number, number, number] {
  const n = p.length / 3;
  const extremes: number[] = [];
  for (let k = 0; k < 3; k++) {
    let low = 0, high = 0;
    for (let i = 1; i < n; i++) {
      if (p[3 * i + k] < p[3 * low + k]) low = i;
      if (p[3 * i + k] > p[3 * high + k]) high = i;
    }
    extremes.push(low, high);
  }
  let a = 0, b = 0, best = -1;
  for (const i of extremes) {
    for (const j of extremes) {
      const d = distanceSquared(p, i, j);
      if (d > best) { best = d; a = i; b = j; }
    }
  }
  // farthest from the line ab: |(p − a) × u|, u = (b − a)/|b − a|
  const L = Math.sqrt(best);
  const ux = (p[3 * b] - p[3 * a]) / L, uy = (p[3 * b + 1] - p[3 * a + 1]) / L, uz = (p[3 * b + 2] - p[3 * a + 2]) / L;
  let c = 0;
  best = -1;
  for (let i = 0; i < n; i++) {
    const dx = p[3 * i] - p[3 * a], dy = p[3 * i + 1] - p[3 * a + 1], dz = p[3 * i + 2] - p[3 * a + 2];
    const cx = dy * uz - dz * uy, cy = dz * ux - dx * uz, cz = dx * uy - dy * ux;
    const d = cx * cx + cy * cy + cz * cz;
    if (d > best) { best = d; c = i; }
  }
  if (!(Math.sqrt(best) > tolerance)) throw new RangeError(`${where}: hull points must include 4 points not on one plane, but all ${n} lie on one line (within ${show(tolerance)} m)`);
  // farthest from the plane abc
  const nx0 = (p[3 * b + 1] - p[3 * a + 1]) * (p[3 * c + 2] - p[3 * a + 2]) - (p[3 * b + 2] - p[3 * a + 2]) * (p[3 * c + 1] - p[3 * a + 1]);
  const ny0 = (p[3 * b + 2] - p[3 * a + 2]) * (p[3 * c] - p[3 * a]) - (p[3 * b] - p[3 * a]) * (p[3 * c + 2] - p[3 * a + 2]);
  const nz0 = (p[3 * b] - p[3 * a]) * (p[3 * c + 1] - p[3 * a + 1]) - (p[3 * b + 1] - p[3 * a + 1]) * (p[3 * c] - p[3 * a]);
  const nl = Math.sqrt(nx0 * nx0 + ny0 * ny0 + nz0 * nz0);
  let d4 = 0;
  best = -1;
  for (let i = 0; i < n; i++) {
    const h = Math.abs((nx0 * (p[3 * i] - p[3 * a]) + ny0 * (p[3 * i + 1] - p[3 * a + 1]) + nz0 * (p[3 * i + 2] - p[3 * a + 2])) / nl);
    if (h > best) { best = h; d4 = i; }
  }
  if (!(best > tolerance)) throw new RangeError(`${where}: hull points must include 4 points not on one plane, but all ${n} lie on one plane (within ${show(tolerance)} m)`);
  return [a, b, c, d4];
}

function distanceSquared(p: Float64Array, i: number, j: number): number {
  const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}

/** A copy of the points each moved by up to `amount` per coordinate, the same way every time. */
function joggled(points: Float64Array, amount: number): Float64Array {
  const out = new Float64Array(points.length);
  const random = mulberry32(0x2545f491);
  for (let i = 0; i < points.length; i++) out[i] = points[i] + (2 * random() - 1) * amount;
  return out;
}

/**
 * The quickhull of the points (see the header) as triangles, 3 vertex indices each, counter-clockwise
 * from outside; null when a horizon is not one loop (the caller joggles more). Triangle t's edge i runs
 * from corner i to corner i + 1; `neighbours[3t + i]` is the triangle across it.
 */
function quickhull(p: Float64Array, simplex: readonly number[], above: number): number[] | null {
  const corners: number[] = [], neighbours: number[] = [], planes: number[] = [];
  const alive: boolean[] = [], conflicts: number[][] = [];
  const addTriangle = (a: number, b: number, c: number): number => {
    const t = alive.length;
    corners.push(a, b, c);
    neighbours.push(-1, -1, -1);
    const e1x = p[3 * b] - p[3 * a], e1y = p[3 * b + 1] - p[3 * a + 1], e1z = p[3 * b + 2] - p[3 * a + 2];
    const e2x = p[3 * c] - p[3 * a], e2y = p[3 * c + 1] - p[3 * a + 1], e2z = p[3 * c + 2] - p[3 * a + 2];
    let nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= length; ny /= length; nz /= length;
    planes.push(nx, ny, nz, nx * p[3 * a] + ny * p[3 * a + 1] + nz * p[3 * a + 2]);
    alive.push(true);
    conflicts.push([]);
    return t;
  };
  const height = (t: number, i: number): number => planes[4 * t] * p[3 * i] + planes[4 * t + 1] * p[3 * i + 1] + planes[4 * t + 2] * p[3 * i + 2] - planes[4 * t + 3];
  /** Links triangle t's edge i to the triangle u that runs the same edge the other way. */
  const link = (t: number, i: number, u: number): void => {
    neighbours[3 * t + i] = u;
    const a = corners[3 * t + i], b = corners[3 * t + ((i + 1) % 3)];
    for (let j = 0; j < 3; j++) {
      if (corners[3 * u + j] === b && corners[3 * u + ((j + 1) % 3)] === a) neighbours[3 * u + j] = t;
    }
  };
  // the tetrahedron, its faces turned outward: d behind abc, (b − a) × (c − a) · (d − a) < 0
  let [a, b, c] = simplex;
  const d = simplex[3];
  const e1x = p[3 * b] - p[3 * a], e1y = p[3 * b + 1] - p[3 * a + 1], e1z = p[3 * b + 2] - p[3 * a + 2];
  const e2x = p[3 * c] - p[3 * a], e2y = p[3 * c + 1] - p[3 * a + 1], e2z = p[3 * c + 2] - p[3 * a + 2];
  const e3x = p[3 * d] - p[3 * a], e3y = p[3 * d + 1] - p[3 * a + 1], e3z = p[3 * d + 2] - p[3 * a + 2];
  if ((e1y * e2z - e1z * e2y) * e3x + (e1z * e2x - e1x * e2z) * e3y + (e1x * e2y - e1y * e2x) * e3z > 0) {
    const swap = b; b = c; c = swap;
  }
  const t0 = addTriangle(a, b, c), t1 = addTriangle(a, d, b), t2 = addTriangle(b, d, c), t3 = addTriangle(c, d, a);
  link(t0, 0, t1); link(t0, 1, t2); link(t0, 2, t3);
  link(t1, 1, t2); link(t2, 1, t3); link(t3, 1, t1);
  // every other point to the face it is farthest above
  const n = p.length / 3;
  const assign = (i: number, first: number, end: number): void => {
    let best = -1, farthest = above;
    for (let t = first; t < end; t++) {
      if (!alive[t]) continue;
      const h = height(t, i);
      if (h > farthest) { farthest = h; best = t; }
    }
    if (best >= 0) conflicts[best].push(i);
  };
  for (let i = 0; i < n; i++) if (i !== a && i !== b && i !== c && i !== d) assign(i, 0, 4);

  const visible: number[] = [];
  const horizonFaces: number[] = [], horizonEdges: number[] = [];
  let seenMark = 0;
  const seenOf: number[] = [];
  /** Depth first from triangle t, entered across its edge `entry` (−1 for the first): t is seen; each
   * neighbour across its other edges, in order, is seen too and walked, or its edge is on the horizon. */
  const walk = (eye: number, t: number, entry: number): void => {
    seenOf[t] = seenMark;
    visible.push(t);
    for (let k = 1; k <= 3; k++) {
      const i = entry < 0 ? k - 1 : (entry + k) % 3;
      if (i === entry) continue;
      const u = neighbours[3 * t + i];
      if (seenOf[u] === seenMark) continue;
      if (height(u, eye) > above) {
        // enter u across its edge that is t's edge i
        let back = 0;
        while (neighbours[3 * u + back] !== t) back++;
        walk(eye, u, back);
      } else {
        horizonFaces.push(t);
        horizonEdges.push(i);
      }
    }
  };
  for (let t = 0; t < alive.length; t++) {
    while (alive[t] && conflicts[t].length > 0) {
      // the eye: the point farthest above t
      const list = conflicts[t];
      let eye = list[0], farthest = -Infinity;
      for (const i of list) {
        const h = height(t, i);
        if (h > farthest) { farthest = h; eye = i; }
      }
      visible.length = 0; horizonFaces.length = 0; horizonEdges.length = 0;
      seenMark++;
      walk(eye, t, -1);
      // the horizon must be one loop: each edge starts where the last ended, no corner twice
      const count = horizonFaces.length;
      const starts = new Set<number>();
      for (let k = 0; k < count; k++) {
        const f = horizonFaces[k], i = horizonEdges[k];
        const start = corners[3 * f + i];
        const next = (k + 1) % count;
        const nextStart = corners[3 * horizonFaces[next] + horizonEdges[next]];
        if (corners[3 * f + ((i + 1) % 3)] !== nextStart || starts.has(start)) return null;
        starts.add(start);
      }
      // new triangles from the horizon to the eye, linked to the unseen side and to each other
      const firstNew = alive.length;
      for (let k = 0; k < count; k++) {
        const f = horizonFaces[k], i = horizonEdges[k];
        const u = addTriangle(corners[3 * f + i], corners[3 * f + ((i + 1) % 3)], eye);
        link(u, 0, neighbours[3 * f + i]);
      }
      for (let k = 0; k < count; k++) {
        const u = firstNew + k, next = firstNew + ((k + 1) % count);
        neighbours[3 * u + 1] = next;
        neighbours[3 * next + 2] = u;
      }
      // the seen triangles go; their points move to the new ones or are inside
      for (const f of visible) alive[f] = false;
      for (const f of visible) {
        for (const i of conflicts[f]) if (i !== eye) assign(i, firstNew, alive.length);
        conflicts[f] = [];
      }
    }
  }
  const out: number[] = [];
  for (let t = 0; t < alive.length; t++) if (alive[t]) out.push(corners[3 * t], corners[3 * t + 1], corners[3 * t + 2]);
  return out;
}

/**
 * The triangles (of the original points p) merged into faces (see the header), the corners that are no
 * vertices dropped, as a hull; null if a face's outline is not one loop.
 */
function mergeFaces(p: Float64Array, triangles: number[], tolerance: number): ConvexHull | null {
  const T = triangles.length / 3, n = p.length / 3;
  // each triangle's neighbours, through its directed edges
  const edgeOwner = new Map<number, number>();
  for (let t = 0; t < T; t++) for (let i = 0; i < 3; i++) edgeOwner.set(triangles[3 * t + i] * n + triangles[3 * t + ((i + 1) % 3)], t);
  const across = (t: number, i: number): number => edgeOwner.get(triangles[3 * t + ((i + 1) % 3)] * n + triangles[3 * t + i]) ?? -1;
  const normals = new Float64Array(3 * T), areas = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    const a = 3 * triangles[3 * t], b = 3 * triangles[3 * t + 1], c = 3 * triangles[3 * t + 2];
    const e1x = p[b] - p[a], e1y = p[b + 1] - p[a + 1], e1z = p[b + 2] - p[a + 2];
    const e2x = p[c] - p[a], e2y = p[c + 1] - p[a + 1], e2z = p[c + 2] - p[a + 2];
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    areas[t] = length;
    if (length > 0) {
      normals[3 * t] = nx / length; normals[3 * t + 1] = ny / length; normals[3 * t + 2] = nz / length;
    }
  }
  // grow faces from the largest triangles
  const order = Array.from({ length: T }, (_, t) => t).sort((s, t) => areas[t] - areas[s] || s - t);
  const group = new Int32Array(T).fill(-1);
  const groups: number[][] = [];
  for (const seed of order) {
    if (group[seed] >= 0) continue;
    if (!(areas[seed] > 0)) return null; // only slivers left unmerged: joggle more
    const g = groups.length, members = [seed];
    group[seed] = g;
    const nx = normals[3 * seed], ny = normals[3 * seed + 1], nz = normals[3 * seed + 2];
    const offset = nx * p[3 * triangles[3 * seed]] + ny * p[3 * triangles[3 * seed] + 1] + nz * p[3 * triangles[3 * seed] + 2];
    for (let m = 0; m < members.length; m++) {
      const t = members[m];
      for (let i = 0; i < 3; i++) {
        const u = across(t, i);
        if (u < 0 || group[u] >= 0) continue;
        let flat = true;
        for (let j = 0; j < 3 && flat; j++) {
          const v = 3 * triangles[3 * u + j];
          flat = Math.abs(nx * p[v] + ny * p[v + 1] + nz * p[v + 2] - offset) <= tolerance;
        }
        if (!flat) continue;
        group[u] = g;
        members.push(u);
      }
    }
    groups.push(members);
  }
  // each face's outline: its triangles' edges whose other side is another face, chained into one loop
  const loops: number[][] = [];
  for (let g = 0; g < groups.length; g++) {
    const next = new Map<number, number>();
    for (const t of groups[g]) {
      for (let i = 0; i < 3; i++) {
        const u = across(t, i);
        if (u < 0) return null;
        if (group[u] === g) continue;
        const from = triangles[3 * t + i];
        if (next.has(from)) return null; // the outline touches itself
        next.set(from, triangles[3 * t + ((i + 1) % 3)]);
      }
    }
    const loop: number[] = [];
    let v = next.keys().next().value as number;
    do {
      loop.push(v);
      v = next.get(v) ?? -1;
    } while (v !== loop[0] && v >= 0 && loop.length <= next.size);
    if (v !== loop[0] || loop.length !== next.size) return null; // not one loop
    loops.push(loop);
  }
  // corners on fewer than 3 faces are inside a face or on a straight edge: not vertices
  const faceCount = new Int32Array(n);
  for (const loop of loops) for (const v of loop) faceCount[v]++;
  const index = new Int32Array(n).fill(-1);
  const kept: number[] = [];
  for (let v = 0; v < n; v++) {
    if (faceCount[v] < 3) continue;
    index[v] = kept.length / 3;
    kept.push(p[3 * v], p[3 * v + 1], p[3 * v + 2]);
  }
  const faces: number[][] = [];
  for (const loop of loops) {
    const face = loop.filter((v) => index[v] >= 0).map((v) => index[v]);
    if (face.length < 3) return null;
    faces.push(face);
  }
  return new ConvexHull(Float64Array.from(kept), faces);
}

/** The checks of the header: closed, V − E + F = 2, faces convex within τ, every point inside within τ. */
function isValidHull(hull: ConvexHull, points: Float64Array, tolerance: number): boolean {
  const { vertexCount: V, edgeCount: E, faceCount: F, vertices: P, planes } = hull;
  if (V - E + F !== 2) return false;
  for (let e = 0; e < E; e++) if (hull.edgeFaces[2 * e + 1] < 0) return false;
  // every directed edge once: E undirected edges, each found from both sides, is 2E directed ones
  if (hull.faceVertices.length !== 2 * E) return false;
  for (let f = 0; f < F; f++) {
    const nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2], d = planes[4 * f + 3];
    if (!Number.isFinite(nx + ny + nz + d)) return false;
    const start = hull.faceStarts[f], count = hull.faceStarts[f + 1] - start;
    for (let k = 0; k < count; k++) {
      const a = 3 * hull.faceVertices[start + k], b = 3 * hull.faceVertices[start + ((k + 1) % count)], c = 3 * hull.faceVertices[start + ((k + 2) % count)];
      // on the plane, and b not bent inward: its distance outside the chord a→c, in the face, ≥ −τ
      if (nx * P[b] + ny * P[b + 1] + nz * P[b + 2] < d - 2 * tolerance) return false;
      const cx = P[c] - P[a], cy = P[c + 1] - P[a + 1], cz = P[c + 2] - P[a + 2];
      const chord = Math.sqrt(cx * cx + cy * cy + cz * cz);
      // outward in the face across the chord: chord × n
      const ox = cy * nz - cz * ny, oy = cz * nx - cx * nz, oz = cx * ny - cy * nx;
      const out = ((P[b] - P[a]) * ox + (P[b + 1] - P[a + 1]) * oy + (P[b + 2] - P[a + 2]) * oz) / chord;
      if (!(out >= -tolerance)) return false;
    }
    for (let i = 0; i < points.length; i += 3) {
      if (nx * points[i] + ny * points[i + 1] + nz * points[i + 2] > d + 2 * tolerance) return false;
    }
  }
  return true;
}
