// An approximate convex decomposition of a closed triangle mesh: a few convex hulls whose union covers
// the solid, to throw a chair or a bowl as a body of hull shapes (each `{ type: 'hull', points }`).
//
// The idea of V-HACD (Mamou and Ghorbel, "A simple and efficient approach for 3D mesh approximate convex
// decomposition", ICIP 2009; github.com/kmammou/v-hacd) and CoACD (Wei et al., "Approximate Convex
// Decomposition for 3D Meshes with Collision-Aware Concavity and Tree Search", SIGGRAPH 2022): split the
// solid by planes, recursively, choosing each cut to lower the parts' concavity, until every part is
// nearly convex or a hull budget is spent. Here the cuts are axis-aligned, so every part is the solid
// within a box B (the root: the mesh's bounds):
//   part      P = M ∩ B
//   its hull  the convex hull of P's extreme points, which are the corners of the triangles clipped to B
//             (Sutherland–Hodgman: each triangle ∩ B is a convex polygon) and the corners of B inside M
//             (parity of a ray's crossings); exact, not sampled
//   concavity the hull's volume beyond the part's, V(hull) − V(P), V(P) measured on columns: a G × G
//             grid of vertical lines over the mesh's bounds, each crossing the surface at sorted heights
//             that bound the inside intervals (exact along the line, sampled across)
// The part of largest concavity is split next, by the cut that leaves its two halves the least total
// concavity, among planes through the mesh's vertex coordinates inside the box on each axis (where an
// L's inner corner or a chair's seat lies) and through its quarter points; until every part's concavity
// is at most `concavity` · V(M), or there are `maxHulls` parts; and while a part's hull has more than
// MAX_HULL_VERTICES vertices (a hull shape takes no more), whatever the count. Parts with no volume are
// dropped.
//
// The parts are disjoint boxes' contents and each hull lies in its box, so the hulls do not overlap, and
// each holds its part: their union holds the solid, with volume Σ V(hull_i) ≥ V(M). volumeError is
// (Σ V(hull_i) − V(M)) / V(M), V(M) exact (mesh-volume.ts). The same input gives the same hulls: every
// choice is made in a fixed order, ties to the first.

import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { requireIntegerWithin, requirePositive, show } from '../util/validate.js';
import { buildHull } from './hull-building.js';
import { MAX_HULL_VERTICES, type ConvexHull } from './hull.js';
import { TriangleMesh } from './triangle-mesh.js';

export interface ConvexDecompositionOptions {
  /** The most hulls, an integer in [1, 256]. Default 16. (A part whose hull would have more than
   * MAX_HULL_VERTICES vertices is split further, past it if need be: every hull is a hull shape's.) */
  maxHulls?: number;
  /** A part is split while its hull's volume beyond it is more than this share of the mesh's volume
   * (> 0). Default 0.01. */
  concavity?: number;
  /** Columns per side of the grid the parts' volumes are measured on, an integer in [8, 256]. Default 64. */
  resolution?: number;
}

export interface ConvexDecomposition {
  /** Each hull's vertices, flat x, y, z (mesh frame): a hull shape's `points`. */
  hulls: number[][];
  /** (Σ hull volumes − mesh volume) / mesh volume: how much more the hulls hold than the mesh (≥ 0 up to
   * round-off; the hulls do not overlap). */
  volumeError: number;
  /** The mesh's enclosed volume, m³. */
  meshVolume: number;
}

const KEYS = optionKeys<ConvexDecompositionOptions>({ maxHulls: true, concavity: true, resolution: true });
/** At most this many cut positions per axis are tried on a part (spread over those found). */
const MAX_CUTS_PER_AXIS = 6;
/** How far inside its box a part's corner is tested, as a share of the mesh's size. */
const CORNER_NUDGE = 1e-7;
/** A clipped polygon of twice its area at most this share of the mesh's size squared has none. */
const AREA_SHARE = 1e-12;

/** A part: the solid within a box, its hull and their volumes. */
interface Part {
  box: Float64Array;
  /** The triangles whose bounds meet the box. */
  triangles: Int32Array;
  hull: ConvexHull | null;
  hullVolume: number;
  volume: number;
  /** No cut lowers its concavity: kept as it is. */
  final: boolean;
}

/**
 * Hulls whose union approximates the closed mesh (vertices: flat x, y, z; indices: 3 per triangle,
 * counter-clockwise seen from outside), and how much more volume they hold (see the header). The mesh
 * is refused as a dynamic body's trimesh is: not closed or no volume, naming the first bad edge.
 */
export function convexDecomposition(vertices: ArrayLike<number>, indices: ArrayLike<number>, options: ConvexDecompositionOptions = {}): ConvexDecomposition {
  const where = 'convexDecomposition';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
  checkOptionKeys(where, options, KEYS);
  const maxHulls = options.maxHulls === undefined ? 16 : requireIntegerWithin(where, 'maxHulls', options.maxHulls, 1, 256);
  const concavity = options.concavity === undefined ? 0.01 : requirePositive(where, 'concavity', options.concavity);
  const resolution = options.resolution === undefined ? 64 : requireIntegerWithin(where, 'resolution', options.resolution, 8, 256);
  const mesh = new TriangleMesh(where, vertices, indices);
  const solid = mesh.solid;
  if (solid.problem !== null) throw new RangeError(`${where}: the mesh must enclose a solid: ${solid.problem}`);
  const decomposer = new Decomposer(mesh, resolution);
  const tolerance = concavity * solid.volume;
  const parts: Part[] = [];
  const root = decomposer.part(mesh.bounds.slice(), null);
  if (root.hull !== null) parts.push(root);
  for (;;) {
    // a part whose hull has more vertices than a hull shape takes, else (within maxHulls) the most
    // concave part past the tolerance: split by its best cut
    let worst = parts.findIndex((part) => !part.final && (part.hull as ConvexHull).vertexCount > MAX_HULL_VERTICES);
    for (let i = 0; i < parts.length && worst < 0 && parts.length < maxHulls; i++) {
      const excess = parts[i].hullVolume - parts[i].volume;
      if (!parts[i].final && excess > tolerance) {
        let most = i;
        for (let j = i + 1; j < parts.length; j++) {
          const other = parts[j].hullVolume - parts[j].volume;
          if (!parts[j].final && other > parts[most].hullVolume - parts[most].volume) most = j;
        }
        worst = most;
      }
    }
    if (worst < 0) break;
    const halves = decomposer.split(parts[worst]);
    if (halves === null) {
      parts[worst].final = true;
      continue;
    }
    parts.splice(worst, 1, ...halves.filter((half) => half.hull !== null));
  }
  let total = 0;
  const hulls: number[][] = [];
  for (const part of parts) {
    const hull = part.hull as ConvexHull;
    total += part.hullVolume;
    hulls.push(Array.from(hull.vertices.subarray(0, 3 * hull.vertexCount)));
  }
  return { hulls, volumeError: (total - solid.volume) / solid.volume, meshVolume: solid.volume };
}

class Decomposer {
  private readonly v: Float64Array;
  private readonly indices: Int32Array;
  private readonly count: number;
  /** The column grid: its origin and spacing over the mesh's x and z bounds. */
  private readonly x0: number;
  private readonly z0: number;
  private readonly dx: number;
  private readonly dz: number;
  /** Per column (i + G j), its inside intervals [low, high] along y: columnStarts[c] .. columnStarts[c + 1]
   * into intervals (2 numbers each). */
  private readonly columnStarts: Int32Array;
  private readonly intervals: Float64Array;
  /** The square of the mesh bounds' diagonal. */
  private readonly size2: number;
  /** Each axis's distinct vertex coordinates, sorted. */
  private readonly levels: Float64Array[];

  constructor(mesh: TriangleMesh, private readonly G: number) {
    this.v = mesh.vertices;
    this.indices = mesh.indices;
    this.count = mesh.triangleCount;
    const b = mesh.bounds;
    this.x0 = b[0]; this.z0 = b[2];
    this.size2 = (b[3] - b[0]) ** 2 + (b[4] - b[1]) ** 2 + (b[5] - b[2]) ** 2;
    this.dx = (b[3] - b[0]) / G; this.dz = (b[5] - b[2]) / G;
    const starts = new Int32Array(G * G + 1), all: number[] = [];
    const crossings: number[] = [];
    for (let j = 0; j < G; j++) {
      for (let i = 0; i < G; i++) {
        starts[i + G * j] = all.length / 2;
        this.columnCrossings(this.x0 + (i + 0.5) * this.dx, this.z0 + (j + 0.5) * this.dz, crossings);
        for (let k = 0; k + 1 < crossings.length; k += 2) all.push(crossings[k], crossings[k + 1]);
      }
    }
    starts[G * G] = all.length / 2;
    this.columnStarts = starts;
    this.intervals = Float64Array.from(all);
    this.levels = [0, 1, 2].map((k) => {
      const seen = new Set<number>();
      for (let i = 0; i < this.indices.length; i++) seen.add(this.v[3 * this.indices[i] + k]);
      return Float64Array.from(seen).sort();
    });
  }

  /** The heights at which the vertical line through (x, z) crosses the surface, sorted, into `out`: even
   * places enter the solid, odd ones leave it. A crossing is where the line meets a triangle, found by the
   * signs of the 2D cross products of its edges about (x, z) (the line on an edge counts on one side
   * only: a half-open rule on the signs, so that a shared edge is crossed once). */
  private columnCrossings(x: number, z: number, out: number[]): void {
    out.length = 0;
    const v = this.v, I = this.indices;
    for (let t = 0; t < this.count; t++) {
      const a = 3 * I[3 * t], b = 3 * I[3 * t + 1], c = 3 * I[3 * t + 2];
      // a triangle seen edge on (a wall along the line) is not crossed
      if ((v[b] - v[a]) * (v[c + 2] - v[a + 2]) - (v[b + 2] - v[a + 2]) * (v[c] - v[a]) === 0) continue;
      const ea = edgeSide(v[b] - x, v[b + 2] - z, v[c] - x, v[c + 2] - z);
      const eb = edgeSide(v[c] - x, v[c + 2] - z, v[a] - x, v[a + 2] - z);
      const ec = edgeSide(v[a] - x, v[a + 2] - z, v[b] - x, v[b + 2] - z);
      if (!((ea > 0 && eb > 0 && ec > 0) || (ea < 0 && eb < 0 && ec < 0))) continue;
      // barycentric weights ea, eb, ec of a, b, c: the height there
      out.push((ea * v[a + 1] + eb * v[b + 1] + ec * v[c + 1]) / (ea + eb + ec));
    }
    out.sort((p, q) => p - q);
  }

  /** The solid within `box`, its hull and volumes. */
  part(box: Float64Array, within: Int32Array | null): Part {
    const triangles = this.trianglesIn(box, within);
    const points = this.partPoints(box, triangles);
    let hull: ConvexHull | null = null;
    if (points.length >= 12) {
      try {
        hull = buildHull('convexDecomposition', Float64Array.from(points), Infinity);
      } catch {
        hull = null; // flat or a sliver: no volume to hold
      }
    }
    const volume = this.volumeIn(box);
    if (hull !== null && !(hull.volume > 0)) hull = null;
    return { box, triangles, hull, hullVolume: hull === null ? 0 : hull.volume, volume, final: false };
  }

  /** The two halves of a part by its best cut (see the header), or null when there is no cut to try. A
   * cut that does not lower the concavity at once is still taken (halving a ring leaves two half rings as
   * concave as it; halving those again does better). */
  split(part: Part): Part[] | null {
    const box = part.box;
    let best: Part[] | null = null, bestExcess = Infinity;
    for (let k = 0; k < 3; k++) {
      for (const at of this.cuts(box, k)) {
        const low = box.slice(), high = box.slice();
        low[3 + k] = at; high[k] = at;
        const halves = [this.part(low, part.triangles), this.part(high, part.triangles)];
        const excess = halves[0].hullVolume - halves[0].volume + halves[1].hullVolume - halves[1].volume;
        if (excess < bestExcess) { bestExcess = excess; best = halves; }
      }
    }
    return best;
  }

  /** The cut positions tried on axis k of a box: the vertex coordinates strictly inside it and its
   * quarter points, at most MAX_CUTS_PER_AXIS of them spread evenly, in increasing order. */
  private cuts(box: Float64Array, k: number): number[] {
    const low = box[k], high = box[3 + k], span = high - low, margin = 1e-6 * span;
    const found: number[] = [];
    for (const x of this.levels[k]) if (x > low + margin && x < high - margin) found.push(x);
    for (const share of [0.25, 0.5, 0.75]) found.push(low + share * span);
    found.sort((p, q) => p - q);
    if (found.length <= MAX_CUTS_PER_AXIS) return found;
    const spread: number[] = [];
    for (let i = 0; i < MAX_CUTS_PER_AXIS; i++) spread.push(found[Math.floor(((i + 0.5) * found.length) / MAX_CUTS_PER_AXIS)]);
    return spread;
  }

  /** The part's extreme points: every triangle clipped to the box, and the box's corners inside the mesh. */
  /** The triangles (of `within`, else all) whose bounds meet the box. */
  private trianglesIn(box: Float64Array, within: Int32Array | null): Int32Array {
    const v = this.v, I = this.indices, found: number[] = [];
    const count = within === null ? this.count : within.length;
    for (let i = 0; i < count; i++) {
      const t = within === null ? i : within[i];
      let meets = true;
      for (let k = 0; k < 3 && meets; k++) {
        const a = v[3 * I[3 * t] + k], b = v[3 * I[3 * t + 1] + k], c = v[3 * I[3 * t + 2] + k];
        meets = Math.max(a, b, c) >= box[k] && Math.min(a, b, c) <= box[3 + k];
      }
      if (meets) found.push(t);
    }
    return Int32Array.from(found);
  }

  private partPoints(box: Float64Array, triangles: Int32Array): number[] {
    const points: number[] = [], v = this.v, I = this.indices;
    let polygon: number[] = [], clipped: number[] = [];
    for (const t of triangles) {
      if (this.facesIntoBox(t, box)) continue;
      polygon.length = 0;
      for (let k = 0; k < 3; k++) {
        const at = 3 * I[3 * t + k];
        polygon.push(v[at], v[at + 1], v[at + 2]);
      }
      // Sutherland–Hodgman against the six faces of the box
      for (let face = 0; face < 6 && polygon.length > 0; face++) {
        const axis = face % 3, bound = box[face], below = face < 3 ? -1 : 1;
        clipped.length = 0;
        const n = polygon.length / 3;
        for (let i = 0; i < n; i++) {
          const p = 3 * i, q = 3 * ((i + 1) % n);
          const dp = below * (polygon[p + axis] - bound), dq = below * (polygon[q + axis] - bound);
          if (dp <= 0) clipped.push(polygon[p], polygon[p + 1], polygon[p + 2]);
          if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
            const s = dp / (dp - dq);
            for (let m = 0; m < 3; m++) clipped.push(m === axis ? bound : polygon[p + m] + s * (polygon[q + m] - polygon[p + m]));
          }
        }
        [polygon, clipped] = [clipped, polygon];
      }
      // a polygon of no area lies along the box's boundary (a face beyond the cut, clipped to its edge)
      if (polygonArea2(polygon) <= AREA_SHARE * this.size2) continue;
      for (let i = 0; i < polygon.length; i++) points.push(polygon[i]);
    }
    // a corner on the surface (where a cut meets a wall) counts when the solid lies beside it in the box:
    // tested a hair inside the box along its diagonal, off the planes of axis-aligned faces
    const e = CORNER_NUDGE * Math.sqrt(this.size2);
    for (let corner = 0; corner < 8; corner++) {
      const x = box[corner & 1 ? 3 : 0], y = box[corner & 2 ? 4 : 1], z = box[corner & 4 ? 5 : 2];
      if (this.isInside(corner & 1 ? x - e : x + e, corner & 2 ? y - e : y + e, corner & 4 ? z - e : z + e)) points.push(x, y, z);
    }
    return points;
  }

  /** Whether triangle t lies in the plane of one of the box's faces with its front toward the box: the
   * solid is then outside the box there (a wall the cut runs along), and the triangle bounds no part of
   * the solid within it. */
  private facesIntoBox(t: number, box: Float64Array): boolean {
    const v = this.v, a = 3 * this.indices[3 * t], b = 3 * this.indices[3 * t + 1], c = 3 * this.indices[3 * t + 2];
    for (let face = 0; face < 6; face++) {
      const k = face % 3, bound = box[face];
      if (v[a + k] !== bound || v[b + k] !== bound || v[c + k] !== bound) continue;
      // the normal's k component, (b − a) × (c − a), against the face's outward direction
      const u = (k + 1) % 3, w = (k + 2) % 3;
      const normal = (v[b + u] - v[a + u]) * (v[c + w] - v[a + w]) - (v[b + w] - v[a + w]) * (v[c + u] - v[a + u]);
      return face < 3 ? normal > 0 : normal < 0;
    }
    return false;
  }

  /** Whether (x, y, z) is inside the mesh: an odd number of the surface's crossings above it on the
   * vertical line through it. */
  private isInside(x: number, y: number, z: number): boolean {
    const crossings: number[] = [];
    this.columnCrossings(x, z, crossings);
    let above = 0;
    for (const h of crossings) if (h > y) above++;
    return above % 2 === 1;
  }

  /** The mesh's volume within the box, on the columns whose lines fall inside it. */
  private volumeIn(box: Float64Array): number {
    const G = this.G, area = this.dx * this.dz;
    const i0 = Math.max(0, Math.ceil((box[0] - this.x0) / this.dx - 0.5)), i1 = Math.min(G - 1, Math.floor((box[3] - this.x0) / this.dx - 0.5));
    const j0 = Math.max(0, Math.ceil((box[2] - this.z0) / this.dz - 0.5)), j1 = Math.min(G - 1, Math.floor((box[5] - this.z0) / this.dz - 0.5));
    let volume = 0;
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const column = i + G * j;
        for (let s = this.columnStarts[column]; s < this.columnStarts[column + 1]; s++) {
          const low = Math.max(this.intervals[2 * s], box[1]), high = Math.min(this.intervals[2 * s + 1], box[4]);
          if (high > low) volume += area * (high - low);
        }
      }
    }
    return volume;
  }
}

/** Twice a planar polygon's area (flat x, y, z corners): |Σ p_i × p_i+1|, Newell's normal's length. */
function polygonArea2(p: number[]): number {
  let x = 0, y = 0, z = 0;
  const n = p.length / 3;
  for (let i = 0; i < n; i++) {
    const a = 3 * i, b = 3 * ((i + 1) % n);
    x += p[a + 1] * p[b + 2] - p[a + 2] * p[b + 1];
    y += p[a + 2] * p[b] - p[a] * p[b + 2];
    z += p[a] * p[b + 1] - p[a + 1] * p[b];
  }
  return Math.sqrt(x * x + y * y + z * z);
}

/** The 2D cross product p × q (x, z): which side of the edge p → q the origin is on, and twice the area
 * of the triangle it spans with it; 0 counted as positive when p → q runs one way (a half-open rule). */
function edgeSide(px: number, pz: number, qx: number, qz: number): number {
  const cross = px * qz - pz * qx;
  if (cross !== 0) return cross;
  return qx > px || (qx === px && qz > pz) ? Number.MIN_VALUE : -Number.MIN_VALUE;
}
