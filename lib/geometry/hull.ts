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
// Built from points by hull-building.ts (quickhull.ts, hull-faces.ts).

import { tetrahedronSums } from './solid-moments.js';

/** The most vertices a hull may have. */
export const MAX_HULL_VERTICES = 256;
/** The most points a hull may be built from. */
export const MAX_HULL_POINTS = 4096;
/** The hull tolerance τ as a share of the point cloud's size (its bounding box's largest side). */
export const HULL_TOLERANCE = 1e-5;
/** The most faces a hull of MAX_HULL_VERTICES can have (a triangulated one: 2V − 4). */
export const MAX_HULL_FACES = 2 * MAX_HULL_VERTICES - 4;

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
export function newellNormal(vertices: Float64Array, loop: readonly number[], out: Float64Array, at: number, origin: ArrayLike<number> | null): void {
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
 * Volume, centroid and inertia per unit density of a closed hull: the tetrahedra joining a reference point
 * o (the vertices' mean, to keep the numbers small) to the triangles of each face's fan
 * (solid-moments.ts). Returns the volume; writes the centroid and the inertia (3x3 symmetric).
 */
export function hullMassProperties(hull: ConvexHull, centroid: Float64Array, inertia: Float64Array): number {
  const P = hull.vertices, V = hull.vertexCount;
  let ox = 0, oy = 0, oz = 0;
  for (let v = 0; v < V; v++) {
    ox += P[3 * v]; oy += P[3 * v + 1]; oz += P[3 * v + 2];
  }
  ox /= V; oy /= V; oz /= V;
  const fans: number[] = [];
  for (let f = 0; f < hull.faceCount; f++) {
    const start = hull.faceStarts[f], end = hull.faceStarts[f + 1];
    for (let k = start + 1; k + 1 < end; k++) fans.push(hull.faceVertices[start], hull.faceVertices[k], hull.faceVertices[k + 1]);
  }
  return tetrahedronSums(P, fans, ox, oy, oz, centroid, inertia);
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
