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
// more, each within 2τ of its plane and none bent inward by more than τ, every edge is shared by two
// faces running it opposite ways, V − E + F = 2, and every point left after welding (below) is within
// 2τ of the inside of every plane, so every input point within 3τ.
//
// Points none of those runs makes a valid hull of are built again (the hulls above stay as they were):
// - A face grown as above need not be convex. On a convex surface the points within τ of a supporting
//   plane project to a convex region, but the triangles wholly inside it can leave notches at its rim:
//   many points on a sphere make such faces where four or more lie nearly on one circle (the runs above
//   fail on about one set in 15 of 1500–4096 random points on a sphere), and so do thin slabs. Such a
//   face is grown again from its own triangles as several faces, each taking a triangle only while it
//   stays one loop turning outward at every corner (merged faces are kept convex in the same way by
//   Gregorius, here after the build instead of during it). Triangles without area, which can start no
//   face, join a neighbouring face on the same condition.
// - Where the hull is about as thin as τ (a slab, a needle, two clusters), faces merged within τ take in
//   its sides; then they are merged within τ/10, then τ/100.
// - The decisions are made on the points moved to their bounding box's centre, where round-off scales
//   with the cloud's size and not with its distance from the shape's origin (a cloud 1e-11 m across at
//   0.5 m has doubles only 1e-5 of its size apart, and 1e-9 of its size joggles nothing there), the
//   face normals are summed about that centre (newellNormal), and the checks also allow the round-off
//   of the planes in the shape's frame, ROUND_OFF of the largest coordinate.
// This runs on the first triangulation of the runs above, then on new ones with the same joggles.
//
// Points closer than τ are welded first (the first one kept). Input is refused, naming it: a value that
// is not a finite number, fewer than 4 points not within τ of one plane, more than MAX_HULL_POINTS
// points, or a hull of more than MAX_HULL_VERTICES vertices (Jolt's cap; the separating axis test of
// two hulls costs E_a·E_b edge pairs), naming how many: that hull is built and checked like any other,
// its plane offsets found with VertexClusters instead of over every vertex.

import { mulberry32 } from '../math/random.js';
import { isArrayLike, show, showBound } from '../util/validate.js';
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
/** Round-off allowed, as a share of the largest coordinate, when a hull is checked after the build of the
 * header failed (see buildHull). */
const ROUND_OFF = 32 * Number.EPSILON;
/** The most vertices in a leaf of VertexClusters, and the numbers per node. */
const LEAF_SIZE = 8, NODE_NUMBERS = 9;

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

  /**
   * A hull from its vertices and face loops (counter-clockwise from outside); see convexHull. With
   * `origin`, the face normals are summed from the vertices less it (see newellNormal).
   */
  constructor(vertices: Float64Array, loops: readonly (readonly number[])[], origin: ArrayLike<number> | null = null) {
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
    const clusters = this.vertexCount > MAX_HULL_VERTICES ? new VertexClusters(vertices) : null;
    loops.forEach((loop, f) => {
      this.faceStarts[f] = at;
      for (const v of loop) this.faceVertices[at++] = v;
      writePlane(vertices, loop, this.planes, f, origin, clusters);
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

/** Face f's plane into planes[4f..4f+3]: Newell's normal of the loop (about `origin`), offset the largest
 * n·v of all the vertices (so the plane supports the hull). With `clusters` (for hulls of many vertices,
 * built only to be checked and counted), the same largest n·v, the clusters that cannot reach it skipped. */
function writePlane(vertices: Float64Array, loop: readonly number[], planes: Float64Array, f: number, origin: ArrayLike<number> | null, clusters: VertexClusters | null): void {
  newellNormal(vertices, loop, planes, 4 * f, origin);
  const nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2];
  let d = -Infinity;
  if (clusters === null) {
    for (let v = 0; v < vertices.length; v += 3) d = Math.max(d, nx * vertices[v] + ny * vertices[v + 1] + nz * vertices[v + 2]);
  } else {
    for (const i of loop) d = Math.max(d, nx * vertices[3 * i] + ny * vertices[3 * i + 1] + nz * vertices[3 * i + 2]);
    d = clusters.largestAlong(nx, ny, nz, d);
  }
  planes[4 * f + 3] = d;
}

/**
 * The unit normal of a loop into out[at..at+2]: Newell's, n = Σ_i (p_i − p_{i+1}) × (p_i + p_{i+1}) / 2
 * componentwise, twice the loop's area vector, normalized. The sums p_i + p_{i+1} cancel out of the total
 * (it is the same about any origin) but not out of the round-off, which is ε |p| |p_i − p_{i+1}| a term:
 * about an `origin` near the loop instead of the shape's origin, |p| is the hull's size, not its distance.
 */
function newellNormal(vertices: Float64Array, loop: readonly number[], out: Float64Array, at: number, origin: ArrayLike<number> | null): void {
  let nx = 0, ny = 0, nz = 0;
  if (origin === null) {
    for (let i = 0; i < loop.length; i++) {
      const a = 3 * loop[i], b = 3 * loop[(i + 1) % loop.length];
      nx += (vertices[a + 1] - vertices[b + 1]) * (vertices[a + 2] + vertices[b + 2]);
      ny += (vertices[a + 2] - vertices[b + 2]) * (vertices[a] + vertices[b]);
      nz += (vertices[a] - vertices[b]) * (vertices[a + 1] + vertices[b + 1]);
    }
  } else {
    const ox = origin[0], oy = origin[1], oz = origin[2];
    for (let i = 0; i < loop.length; i++) {
      const a = 3 * loop[i], b = 3 * loop[(i + 1) % loop.length];
      const ax = vertices[a] - ox, ay = vertices[a + 1] - oy, az = vertices[a + 2] - oz;
      const bx = vertices[b] - ox, by = vertices[b + 1] - oy, bz = vertices[b + 2] - oz;
      nx += (ay - by) * (az + bz);
      ny += (az - bz) * (ax + bx);
      nz += (ax - bx) * (ay + by);
    }
  }
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[at] = nx / length; out[at + 1] = ny / length; out[at + 2] = nz / length;
}

/**
 * The vertices in a tree (a bounding volume hierarchy: Ericson, "Real-Time Collision Detection", 2005,
 * ch. 6), each node halving its vertices at the median of their longest side, down to LEAF_SIZE. The
 * largest n·v over the vertices, which is O(V) a face, then skips every node that cannot reach the largest
 * found so far. A node's volume is a disc thickened into a slab (a cylinder): centre c, axis u from the
 * vertices' mean to c, radius ρ across u and half thickness t along it, so n·v ≤ n·c + |n × u| ρ + |n·u| t.
 * On the surface of a convex hull u is close to the surface normal and t small, so for a face's normal the
 * bound is nearly n·c, where a ball's would be n·c + ρ. The bound is widened by far more than the
 * round-off of n·v (a few ε |v|), so no vertex that could raise the maximum is skipped and the maximum is
 * the same number.
 */
class VertexClusters {
  /** The vertices' coordinates in the tree's order, each node's a contiguous range. */
  private readonly sorted: Float64Array;
  /** Per node, in depth-first order: c, u, ρ, t and the widening (NODE_NUMBERS numbers), the node after
   * its subtree, and its vertices sorted[3 from .. 3 to) (none for an inner node). */
  private readonly volumes: Float64Array;
  private readonly after: Int32Array;
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  private nodes = 0;

  constructor(vertices: Float64Array) {
    const V = vertices.length / 3;
    const order = new Int32Array(V);
    for (let v = 0; v < V; v++) order[v] = v;
    const capacity = 2 * Math.ceil(V / (LEAF_SIZE / 2)) + 1;
    this.volumes = new Float64Array(NODE_NUMBERS * capacity);
    this.after = new Int32Array(capacity);
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    let mx = 0, my = 0, mz = 0;
    for (let v = 0; v < V; v++) {
      mx += vertices[3 * v]; my += vertices[3 * v + 1]; mz += vertices[3 * v + 2];
    }
    this.split(vertices, order, 0, V, mx / V, my / V, mz / V);
    this.sorted = new Float64Array(3 * V);
    order.forEach((v, i) => {
      this.sorted[3 * i] = vertices[3 * v]; this.sorted[3 * i + 1] = vertices[3 * v + 1]; this.sorted[3 * i + 2] = vertices[3 * v + 2];
    });
  }

  /** Adds the node of order[from, to) and, over LEAF_SIZE vertices, its two halves; m is the mean. */
  private split(P: Float64Array, order: Int32Array, from: number, to: number, mx: number, my: number, mz: number): void {
    let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
    for (let k = from; k < to; k++) {
      const v = 3 * order[k];
      lx = Math.min(lx, P[v]); ly = Math.min(ly, P[v + 1]); lz = Math.min(lz, P[v + 2]);
      hx = Math.max(hx, P[v]); hy = Math.max(hy, P[v + 1]); hz = Math.max(hz, P[v + 2]);
    }
    const cx = 0.5 * (lx + hx), cy = 0.5 * (ly + hy), cz = 0.5 * (lz + hz);
    let ux = cx - mx, uy = cy - my, uz = cz - mz;
    const length = Math.sqrt(ux * ux + uy * uy + uz * uz);
    if (length > 0) {
      ux /= length; uy /= length; uz /= length;
    } else {
      ux = 0; uy = 0; uz = 1;
    }
    // across: |w|² − (u·w)², padded for its cancellation when w is nearly along u
    let across = 0, along = 0, reach = 0;
    for (let k = from; k < to; k++) {
      const v = 3 * order[k];
      const wx = P[v] - cx, wy = P[v + 1] - cy, wz = P[v + 2] - cz;
      const w2 = wx * wx + wy * wy + wz * wz, a = ux * wx + uy * wy + uz * wz;
      across = Math.max(across, Math.max(0, w2 - a * a) + 1e-14 * w2);
      along = Math.max(along, Math.abs(a));
      reach = Math.max(reach, Math.sqrt(w2));
    }
    const node = this.nodes++, o = NODE_NUMBERS * node;
    const volume = this.volumes;
    volume[o] = cx; volume[o + 1] = cy; volume[o + 2] = cz;
    volume[o + 3] = ux; volume[o + 4] = uy; volume[o + 5] = uz;
    volume[o + 6] = Math.sqrt(across) * (1 + 1e-12);
    volume[o + 7] = along * (1 + 1e-12);
    volume[o + 8] = 1e-12 * (Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + reach);
    const leaf = to - from <= LEAF_SIZE;
    this.from[node] = from;
    this.to[node] = leaf ? to : from;
    if (!leaf) {
      const axis = hx - lx >= hy - ly && hx - lx >= hz - lz ? 0 : hy - ly >= hz - lz ? 1 : 2;
      const middle = (from + to) >> 1;
      selectMedian(P, axis, order, from, to, middle);
      this.split(P, order, from, middle, mx, my, mz);
      this.split(P, order, middle, to, mx, my, mz);
    }
    this.after[node] = this.nodes;
  }

  /** The largest of `start` and n·v over the vertices (n of unit length). */
  largestAlong(nx: number, ny: number, nz: number, start: number): number {
    const P = this.sorted, volume = this.volumes, after = this.after, from = this.from, to = this.to, nodes = this.nodes;
    let d = start;
    for (let node = 0; node < nodes; ) {
      const o = NODE_NUMBERS * node;
      const s = nx * volume[o + 3] + ny * volume[o + 4] + nz * volume[o + 5];
      // |n × u| = √(1 − (n·u)²), padded for the round-off of n's length and of 1 − s²
      const bound = nx * volume[o] + ny * volume[o + 1] + nz * volume[o + 2] + Math.sqrt(Math.max(0, 1 - s * s) + 1e-14) * volume[o + 6] + Math.abs(s) * volume[o + 7] + volume[o + 8];
      if (bound < d) {
        node = after[node];
        continue;
      }
      for (let v = 3 * from[node], end = 3 * to[node]; v < end; v += 3) d = Math.max(d, nx * P[v] + ny * P[v + 1] + nz * P[v + 2]);
      node++;
    }
    return d;
  }
}

/**
 * Reorders order[from, to) so that order[k] is the vertex whose coordinate `axis` is k-th smallest, those
 * before it no larger and those after no smaller (Hoare's FIND, "Algorithm 65", CACM 1961: partition
 * around a pivot, then keep only the side holding k).
 */
function selectMedian(P: Float64Array, axis: number, order: Int32Array, from: number, to: number, k: number): void {
  let low = from, high = to - 1;
  while (low < high) {
    const pivot = P[3 * order[(low + high) >> 1] + axis];
    let i = low, j = high;
    while (i <= j) {
      while (P[3 * order[i] + axis] < pivot) i++;
      while (P[3 * order[j] + axis] > pivot) j--;
      if (i <= j) {
        const swap = order[i]; order[i] = order[j]; order[j] = swap;
        i++; j--;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return;
  }
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

/**
 * The convex hull of points (flat x, y, z); `where` starts the error messages. A hull of more than
 * `maxVertices` vertices is refused (MAX_HULL_VERTICES for shapes; more only to inspect one).
 */
export function buildHull(where: string, points: Float64Array, maxVertices = MAX_HULL_VERTICES): ConvexHull {
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
  /** The hull of merged faces if it passes the checks (within `checkTolerance`); refused if it has too
   * many vertices. */
  const take = (faces: MergedFaces | null, checkTolerance: number, origin: ArrayLike<number> | null): ConvexHull | null => {
    if (faces === null) return null;
    const vertices = verticesOf(welded, faces.kept);
    if (!facesTurnOutward(vertices, faces.loops, checkTolerance, origin)) return null;
    const hull = new ConvexHull(vertices, faces.loops, origin);
    if (!isValidHull(hull, welded, checkTolerance, faces.kept)) return null;
    if (hull.vertexCount > maxVertices) {
      throw new RangeError(`${where}: a hull may have at most ${maxVertices} vertices, these points make ${hull.vertexCount} (give fewer points)`);
    }
    return hull;
  };
  // the build of the header: the first valid hull of the faces as grown
  let joggle = JOGGLE_START * size;
  let first: Triangulation | null = null;
  for (let attempt = 0; attempt < JOGGLE_ATTEMPTS; attempt++, joggle *= JOGGLE_GROWTH) {
    const triangles = quickhull(joggled(welded, joggle), simplex, ABOVE * size);
    if (triangles === null) continue;
    first ??= triangles;
    const hull = take(mergeFaces(welded, triangles, tolerance, false), tolerance, null);
    if (hull !== null) return hull;
  }
  // no valid hull: built again (the header), on the points moved to their bounding box's centre
  const local = new Float64Array(welded.length), centre = new Float64Array(3);
  let largest = 0;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (let i = k; i < welded.length; i += 3) {
      low = Math.min(low, welded[i]);
      high = Math.max(high, welded[i]);
    }
    centre[k] = 0.5 * (low + high);
    for (let i = k; i < welded.length; i += 3) local[i] = welded[i] - centre[k];
    largest = Math.max(largest, Math.abs(low), Math.abs(high));
  }
  const checkTolerance = tolerance + ROUND_OFF * largest;
  /** The first valid hull of the triangles' faces, those not convex split, merged within τ, τ/10, τ/100. */
  const takeSplit = (triangles: Triangulation): ConvexHull | null => {
    for (const share of [1, 0.1, 0.01]) {
      const hull = take(mergeFaces(local, triangles, share * tolerance, true), checkTolerance, centre);
      if (hull !== null) return hull;
    }
    return null;
  };
  const hull = first === null ? null : takeSplit(first);
  if (hull !== null) return hull;
  joggle = JOGGLE_START * size;
  for (let attempt = 0; attempt < JOGGLE_ATTEMPTS; attempt++, joggle *= JOGGLE_GROWTH) {
    const triangles = quickhull(joggled(local, joggle), simplex, ABOVE * size);
    if (triangles === null) continue;
    const hull = takeSplit(triangles);
    if (hull !== null) return hull;
  }
  throw new Error(`${where}: could not build a valid convex hull of these ${n} points (please report them)`);
}

/** The points of the given indices, 3 numbers each. */
function verticesOf(points: Float64Array, indices: readonly number[]): Float64Array {
  const out = new Float64Array(3 * indices.length);
  indices.forEach((v, i) => {
    out[3 * i] = points[3 * v]; out[3 * i + 1] = points[3 * v + 1]; out[3 * i + 2] = points[3 * v + 2];
  });
  return out;
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

/** A closed triangulated surface: 3 vertex indices per triangle, counter-clockwise from outside, and per
 * triangle edge i (corner i to corner i + 1) the triangle across it. */
interface Triangulation {
  corners: Int32Array;
  neighbours: Int32Array;
}

/**
 * The quickhull of the points (see the header) as triangles; null when a horizon is not one loop (the
 * caller joggles more). Each point's conflict list is a linked list (the points of triangle t run from
 * firstPoint[t] through nextPoint, appended at lastPoint[t]), so a list is walked in the order it was
 * filled.
 */
function quickhull(p: Float64Array, simplex: readonly number[], above: number): Triangulation | null {
  const n = p.length / 3;
  let capacity = 64 + 2 * n;
  let corners = new Int32Array(3 * capacity), neighbours = new Int32Array(3 * capacity), planes = new Float64Array(4 * capacity);
  let alive = new Uint8Array(capacity), seenOf = new Int32Array(capacity);
  let firstPoint = new Int32Array(capacity), lastPoint = new Int32Array(capacity);
  const nextPoint = new Int32Array(n);
  let triangleCount = 0;
  const addTriangle = (a: number, b: number, c: number): number => {
    if (triangleCount === capacity) {
      capacity *= 2;
      const grown = <T extends Int32Array | Float64Array | Uint8Array>(old: T, size: number): T => {
        const out = new (old.constructor as new (length: number) => T)(size);
        out.set(old);
        return out;
      };
      corners = grown(corners, 3 * capacity); neighbours = grown(neighbours, 3 * capacity); planes = grown(planes, 4 * capacity);
      alive = grown(alive, capacity); seenOf = grown(seenOf, capacity);
      firstPoint = grown(firstPoint, capacity); lastPoint = grown(lastPoint, capacity);
    }
    const t = triangleCount++;
    corners[3 * t] = a; corners[3 * t + 1] = b; corners[3 * t + 2] = c;
    neighbours[3 * t] = -1; neighbours[3 * t + 1] = -1; neighbours[3 * t + 2] = -1;
    const e1x = p[3 * b] - p[3 * a], e1y = p[3 * b + 1] - p[3 * a + 1], e1z = p[3 * b + 2] - p[3 * a + 2];
    const e2x = p[3 * c] - p[3 * a], e2y = p[3 * c + 1] - p[3 * a + 1], e2z = p[3 * c + 2] - p[3 * a + 2];
    let nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= length; ny /= length; nz /= length;
    planes[4 * t] = nx; planes[4 * t + 1] = ny; planes[4 * t + 2] = nz; planes[4 * t + 3] = nx * p[3 * a] + ny * p[3 * a + 1] + nz * p[3 * a + 2];
    alive[t] = 1;
    seenOf[t] = 0;
    firstPoint[t] = -1; lastPoint[t] = -1;
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
  /** Appends point i to the list of the triangle in [first, end) (all alive) it is farthest above. */
  const assign = (i: number, first: number, end: number): void => {
    let best = -1, farthest = above;
    const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2], plane = planes;
    for (let t = first; t < end; t++) {
      const h = plane[4 * t] * x + plane[4 * t + 1] * y + plane[4 * t + 2] * z - plane[4 * t + 3];
      if (h > farthest) { farthest = h; best = t; }
    }
    if (best < 0) return;
    nextPoint[i] = -1;
    if (lastPoint[best] < 0) firstPoint[best] = i;
    else nextPoint[lastPoint[best]] = i;
    lastPoint[best] = i;
  };
  for (let i = 0; i < n; i++) if (i !== a && i !== b && i !== c && i !== d) assign(i, 0, 4);

  const visible: number[] = [];
  const horizonFaces: number[] = [], horizonEdges: number[] = [];
  let seenMark = 0;
  const horizonMark = new Int32Array(n);
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
  for (let t = 0; t < triangleCount; t++) {
    while (alive[t] && firstPoint[t] >= 0) {
      // the eye: the point farthest above t
      let eye = firstPoint[t], farthest = -Infinity;
      for (let i = firstPoint[t]; i >= 0; i = nextPoint[i]) {
        const h = height(t, i);
        if (h > farthest) { farthest = h; eye = i; }
      }
      visible.length = 0; horizonFaces.length = 0; horizonEdges.length = 0;
      seenMark++;
      walk(eye, t, -1);
      // the horizon must be one loop: each edge starts where the last ended, no corner twice
      const count = horizonFaces.length;
      for (let k = 0; k < count; k++) {
        const f = horizonFaces[k], i = horizonEdges[k];
        const start = corners[3 * f + i];
        const next = (k + 1) % count;
        const nextStart = corners[3 * horizonFaces[next] + horizonEdges[next]];
        if (corners[3 * f + ((i + 1) % 3)] !== nextStart || horizonMark[start] === seenMark) return null;
        horizonMark[start] = seenMark;
      }
      // new triangles from the horizon to the eye, linked to the unseen side and to each other
      const firstNew = triangleCount;
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
      for (const f of visible) alive[f] = 0;
      for (const f of visible) {
        for (let i = firstPoint[f], following = -1; i >= 0; i = following) {
          following = nextPoint[i];
          if (i !== eye) assign(i, firstNew, triangleCount);
        }
        firstPoint[f] = -1; lastPoint[f] = -1;
      }
    }
  }
  // the triangles left, numbered in order, and their links renumbered
  const number = new Int32Array(triangleCount);
  let kept = 0;
  for (let t = 0; t < triangleCount; t++) number[t] = alive[t] ? kept++ : -1;
  const out: Triangulation = { corners: new Int32Array(3 * kept), neighbours: new Int32Array(3 * kept) };
  for (let t = 0; t < triangleCount; t++) {
    if (!alive[t]) continue;
    for (let i = 0; i < 3; i++) {
      out.corners[3 * number[t] + i] = corners[3 * t + i];
      out.neighbours[3 * number[t] + i] = number[neighbours[3 * t + i]];
    }
  }
  return out;
}

/**
 * The indices of the (finite, non-negative) values, the largest first and equal ones in index order: the
 * order of a sort by value, descending, ties by index, made as a counting sort over the values' ranks
 * (each value's place among the distinct ones, found by bisection) without a comparison callback.
 */
function largestFirst(values: Float64Array): Int32Array {
  const count = values.length;
  const distinct = values.slice().sort().reverse();
  let unique = 0;
  for (let i = 0; i < count; i++) if (i === 0 || distinct[i] !== distinct[unique - 1]) distinct[unique++] = distinct[i];
  const rank = new Int32Array(count), starts = new Int32Array(unique + 1);
  for (let i = 0; i < count; i++) {
    // the place of values[i] among distinct[0 .. unique), which run downward
    let low = 0, high = unique - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (distinct[middle] > values[i]) low = middle + 1;
      else high = middle;
    }
    rank[i] = low;
    starts[low + 1]++;
  }
  for (let r = 0; r < unique; r++) starts[r + 1] += starts[r];
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[starts[rank[i]]++] = i;
  return order;
}

/** Faces merged from a hull's triangles: the points kept as vertices (their indices) and each face's loop of
 * vertices (indices into kept). */
interface MergedFaces {
  kept: number[];
  loops: number[][];
}

/**
 * The triangles merged into faces (see the header), the corners that are no vertices dropped; null if a
 * face's outline is not one loop. `geometry` holds the coordinates the decisions are made with: the points
 * themselves, or the points moved near the origin.
 *
 * With `split`, a face whose outline is not one convex loop (within τ) is grown again from its own
 * triangles as several convex faces (splitNonConvexFaces), and triangles of no area, which cannot start
 * a face, are joined to a face next to them. Without it the faces are grown only as the header says,
 * and a triangle of no area left over or an outline that is not one loop gives null.
 */
function mergeFaces(geometry: Float64Array, triangulation: Triangulation, tolerance: number, split: boolean): MergedFaces | null {
  const p = geometry, triangles = triangulation.corners, neighbours = triangulation.neighbours;
  const T = triangles.length / 3, n = p.length / 3;
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
  const order = largestFirst(areas);
  const group = new Int32Array(T).fill(-1);
  const groups: number[][] = [];
  for (const seed of order) {
    if (group[seed] >= 0) continue;
    if (!(areas[seed] > 0)) {
      if (split) continue; // joined to a face next to it below
      return null; // only slivers left unmerged: joggle more
    }
    const g = groups.length, members = [seed];
    group[seed] = g;
    const nx = normals[3 * seed], ny = normals[3 * seed + 1], nz = normals[3 * seed + 2];
    const offset = nx * p[3 * triangles[3 * seed]] + ny * p[3 * triangles[3 * seed] + 1] + nz * p[3 * triangles[3 * seed] + 2];
    for (let m = 0; m < members.length; m++) {
      const t = members[m];
      for (let i = 0; i < 3; i++) {
        const u = neighbours[3 * t + i];
        if (group[u] >= 0) continue;
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
  if (split && !splitNonConvexFaces(p, triangulation, normals, areas, group, groups, tolerance)) return null;
  // each face's outline: its triangles' edges whose other side is another face, chained into one loop
  // (nextCorner[v] is the corner after v where outlineOf[v] marks it as on this face's outline)
  const loops: number[][] = [];
  const nextCorner = new Int32Array(n), outlineOf = new Int32Array(n).fill(-1);
  for (let g = 0; g < groups.length; g++) {
    let start = -1, size = 0;
    for (const t of groups[g]) {
      for (let i = 0; i < 3; i++) {
        if (group[neighbours[3 * t + i]] === g) continue;
        const from = triangles[3 * t + i];
        if (outlineOf[from] === g) return null; // the outline touches itself
        outlineOf[from] = g;
        nextCorner[from] = triangles[3 * t + ((i + 1) % 3)];
        if (start < 0) start = from;
        size++;
      }
    }
    const loop: number[] = [];
    let v = start;
    do {
      loop.push(v);
      v = v >= 0 && outlineOf[v] === g ? nextCorner[v] : -1;
    } while (v !== loop[0] && v >= 0 && loop.length <= size);
    if (v !== loop[0] || loop.length !== size) return null; // not one loop
    loops.push(loop);
  }
  // corners on fewer than 3 faces are inside a face or on a straight edge: not vertices
  const faceCount = new Int32Array(n);
  for (const loop of loops) for (const v of loop) faceCount[v]++;
  const index = new Int32Array(n).fill(-1);
  const kept: number[] = [];
  for (let v = 0; v < n; v++) {
    if (faceCount[v] < 3) continue;
    index[v] = kept.length;
    kept.push(v);
  }
  const faces: number[][] = [];
  for (const loop of loops) {
    const face: number[] = [];
    for (const v of loop) if (index[v] >= 0) face.push(index[v]);
    if (face.length < 3) return null;
    faces.push(face);
  }
  return { kept, loops: faces };
}

/**
 * Splits the faces mergeFaces grew whose outline is not one convex loop. A face grows over every
 * neighbouring triangle whose corners lie within τ of its seed's plane, and such a set of triangles need
 * not be convex: on a convex surface the points within τ of a supporting plane project to a convex
 * region, but the triangles wholly inside it can leave notches at its rim. Many points on a sphere make
 * such near-flat patches wherever four or more of them lie nearly on one circle, and slabs and
 * near-collinear sets make them larger. Such a face is grown again from its own triangles, largest
 * first, each new face taking a neighbouring triangle only when its outline stays one loop and turns
 * the same way (within τ/2) at every corner that changes, so every face that results is convex (as
 * Gregorius, "Implementing Quickhull", GDC 2014, keeps merged faces convex, here after the build).
 *
 * Then the triangles without area, which could start no face, are joined to a face next to them under
 * the same condition. Updates group and groups; false if a triangle is left over.
 */
function splitNonConvexFaces(
  p: Float64Array, triangulation: Triangulation, normals: Float64Array, areas: Float64Array, group: Int32Array, groups: number[][], tolerance: number,
): boolean {
  const triangles = triangulation.corners, neighbours = triangulation.neighbours;
  const T = triangles.length / 3;
  const slack = tolerance / 2;
  // each face's reference normal: its seed's, the largest triangle, whose plane all its corners are near;
  // the parts of a face split keep the face's
  const reference = groups.map((members) => members[0]);
  /** How far corner y of an outline x → y → z lies outside the chord x → z, in the face of normal n. */
  const outside = (x: number, y: number, z: number, nx: number, ny: number, nz: number): number => outsideChord(p, 3 * x, 3 * y, 3 * z, nx, ny, nz);
  /** The outline of a set of triangles as next and previous corner, or null if it is not one loop. */
  const outlineOf = (members: readonly number[], g: number): { next: Map<number, number>; previous: Map<number, number> } | null => {
    const next = new Map<number, number>(), previous = new Map<number, number>();
    for (const t of members) {
      for (let i = 0; i < 3; i++) {
        if (group[neighbours[3 * t + i]] === g) continue;
        const from = triangles[3 * t + i], to = triangles[3 * t + ((i + 1) % 3)];
        if (next.has(from) || previous.has(to)) return null;
        next.set(from, to);
        previous.set(to, from);
      }
    }
    let count = 0, v = next.keys().next().value as number;
    const first = v;
    do {
      v = next.get(v) as number;
      count++;
    } while (v !== first && count <= next.size);
    return count === next.size ? { next, previous } : null;
  };
  /**
   * Adds triangle t to the face of the outline (next, previous) if the outline stays one loop, convex
   * within the slack at the corners that change (normal n); true if added (the outline updated).
   */
  const tryAdd = (t: number, next: Map<number, number>, previous: Map<number, number>, nx: number, ny: number, nz: number): boolean => {
    // t's edges that the outline runs the other way
    let shared = 0, first = -1;
    for (let i = 0; i < 3; i++) {
      const a = triangles[3 * t + i], b = triangles[3 * t + ((i + 1) % 3)];
      if (next.get(b) === a) {
        shared++;
        if (first < 0 || (first === 0 && i === 2)) first = i; // the first of a run of shared edges, cyclically
      }
    }
    if (shared === 1) {
      // the outline a → b becomes a → c → b, c a new corner
      const a = triangles[3 * t + ((first + 1) % 3)], b = triangles[3 * t + first], c = triangles[3 * t + ((first + 2) % 3)];
      if (next.has(c)) return false; // c on the outline already: it would touch itself
      const before = previous.get(a) as number, after = next.get(b) as number;
      if (outside(before, a, c, nx, ny, nz) < -slack || outside(a, c, b, nx, ny, nz) < -slack || outside(c, b, after, nx, ny, nz) < -slack) return false;
      next.set(a, c); previous.set(c, a);
      next.set(c, b); previous.set(b, c);
      return true;
    }
    if (shared === 2) {
      // the outline x → y → z (t's edges y → x and z → y run back) becomes x → z, y inside
      const z = triangles[3 * t + first], y = triangles[3 * t + ((first + 1) % 3)], x = triangles[3 * t + ((first + 2) % 3)];
      if (next.get(x) !== y || next.get(y) !== z || next.size <= 3) return false;
      const before = previous.get(x) as number, after = next.get(z) as number;
      if (outside(before, x, z, nx, ny, nz) < -slack || outside(x, z, after, nx, ny, nz) < -slack) return false;
      next.delete(y); previous.delete(y);
      next.set(x, z); previous.set(z, x);
      return true;
    }
    return false;
  };
  // the faces that are not one convex loop: their corners against their seed's normal
  const groupCount = groups.length;
  for (let g = 0; g < groupCount; g++) {
    const members = groups[g], seed = members[0];
    const nx = normals[3 * seed], ny = normals[3 * seed + 1], nz = normals[3 * seed + 2];
    const outline = outlineOf(members, g);
    let convex = outline !== null;
    if (outline !== null) {
      for (const [y, z] of outline.next) {
        if (outside(outline.previous.get(y) as number, y, z, nx, ny, nz) < -tolerance) { convex = false; break; }
      }
    }
    if (convex) continue;
    // grow it again, largest triangles first, each part convex
    for (const t of members) group[t] = -1;
    const inFace = new Set(members);
    const bySize = members.slice().sort((s, t) => areas[t] - areas[s] || s - t);
    let part = g;
    for (const start of bySize) {
      if (group[start] >= 0 || !(areas[start] > 0)) continue;
      const grown = [start];
      if (part !== g) {
        groups.push(grown);
        reference.push(seed);
      } else groups[g] = grown;
      group[start] = part;
      const next = new Map<number, number>(), previous = new Map<number, number>();
      for (let i = 0; i < 3; i++) {
        const a = triangles[3 * start + i], b = triangles[3 * start + ((i + 1) % 3)];
        next.set(a, b); previous.set(b, a);
      }
      for (let m = 0; m < grown.length; m++) {
        const t = grown[m];
        for (let i = 0; i < 3; i++) {
          const u = neighbours[3 * t + i];
          if (group[u] >= 0 || !inFace.has(u)) continue;
          if (!tryAdd(u, next, previous, nx, ny, nz)) continue;
          group[u] = part;
          grown.push(u);
        }
      }
      part = groups.length;
    }
    if (part === g) groups[g] = []; // no triangle with area: its slivers are joined below
  }
  // the triangles without area, joined to a neighbouring face (repeated while that helps)
  let left: number[] = [];
  for (let t = 0; t < T; t++) if (group[t] < 0) left.push(t);
  while (left.length > 0) {
    const still: number[] = [];
    for (const t of left) {
      let joined = false;
      for (let i = 0; i < 3 && !joined; i++) {
        const h = group[neighbours[3 * t + i]];
        if (h < 0) continue;
        const outline = outlineOf(groups[h], h), r = reference[h];
        if (outline === null || !tryAdd(t, outline.next, outline.previous, normals[3 * r], normals[3 * r + 1], normals[3 * r + 2])) continue;
        group[t] = h;
        groups[h].push(t);
        joined = true;
      }
      if (!joined) still.push(t);
    }
    if (still.length === left.length) return false;
    left = still;
  }
  // drop the faces left empty, renumbering the others
  let kept = 0;
  for (let g = 0; g < groups.length; g++) {
    if (groups[g].length === 0) continue;
    for (const t of groups[g]) group[t] = kept;
    groups[kept++] = groups[g];
  }
  groups.length = kept;
  return true;
}

/** How far vertex b (at P[b..b+2]) lies outside the chord from a to c, in a face of normal n: the loop
 * runs counter-clockwise seen from outside, so outward across the chord is (c − a) × n. */
function outsideChord(P: Float64Array, a: number, b: number, c: number, nx: number, ny: number, nz: number): number {
  const cx = P[c] - P[a], cy = P[c + 1] - P[a + 1], cz = P[c + 2] - P[a + 2];
  const chord = Math.sqrt(cx * cx + cy * cy + cz * cz);
  const ox = cy * nz - cz * ny, oy = cz * nx - cx * nz, oz = cx * ny - cy * nx;
  return ((P[b] - P[a]) * ox + (P[b + 1] - P[a + 1]) * oy + (P[b + 2] - P[a + 2]) * oz) / chord;
}

/**
 * Part of isValidHull that needs no plane offsets, so no hull: every face's corners turn outward within
 * τ about its Newell normal (the same numbers as the hull's, with the same origin). False when
 * isValidHull would be false here; then the hull need not be made.
 */
function facesTurnOutward(vertices: Float64Array, loops: readonly (readonly number[])[], tolerance: number, origin: ArrayLike<number> | null): boolean {
  const normal = new Float64Array(3);
  for (const loop of loops) {
    newellNormal(vertices, loop, normal, 0, origin);
    const count = loop.length;
    for (let k = 0; k < count; k++) {
      if (!(outsideChord(vertices, 3 * loop[k], 3 * loop[(k + 1) % count], 3 * loop[(k + 2) % count], normal[0], normal[1], normal[2]) >= -tolerance)) return false;
    }
  }
  return true;
}

/**
 * The checks of the header: closed, V − E + F = 2, every face's corners within 2τ of its plane and none
 * bent inward by more than τ, every point within 2τ of the inside of every plane. `vertices` are the indices of the points that are the hull's vertices: they are inside every plane
 * (its offset is the largest n·v over them, computed the same way), so only the others are checked.
 */
function isValidHull(hull: ConvexHull, points: Float64Array, tolerance: number, vertices: readonly number[]): boolean {
  const { vertexCount: V, edgeCount: E, faceCount: F, vertices: P, planes } = hull;
  if (V - E + F !== 2) return false;
  for (let e = 0; e < E; e++) if (hull.edgeFaces[2 * e + 1] < 0) return false;
  // every directed edge once: E undirected edges, each found from both sides, is 2E directed ones
  if (hull.faceVertices.length !== 2 * E) return false;
  const isVertex = new Uint8Array(points.length / 3);
  for (const v of vertices) isVertex[v] = 1;
  const others: number[] = [];
  for (let i = 0; i < points.length / 3; i++) if (!isVertex[i]) others.push(3 * i);
  for (let f = 0; f < F; f++) {
    const nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2], d = planes[4 * f + 3];
    if (!Number.isFinite(nx + ny + nz + d)) return false;
    const start = hull.faceStarts[f], count = hull.faceStarts[f + 1] - start;
    for (let k = 0; k < count; k++) {
      const a = 3 * hull.faceVertices[start + k], b = 3 * hull.faceVertices[start + ((k + 1) % count)], c = 3 * hull.faceVertices[start + ((k + 2) % count)];
      // on the plane, and b not bent inward: its distance outside the chord a→c, in the face, ≥ −τ
      if (nx * P[b] + ny * P[b + 1] + nz * P[b + 2] < d - 2 * tolerance) return false;
      if (!(outsideChord(P, a, b, c, nx, ny, nz) >= -tolerance)) return false;
    }
    for (const i of others) {
      if (nx * points[i] + ny * points[i + 1] + nz * points[i + 2] > d + 2 * tolerance) return false;
    }
  }
  return true;
}

