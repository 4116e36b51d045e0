// A triangle mesh: indexed triangles (flat xyz vertices, 3 vertex indices per triangle), each with its
// unit front normal and active-edge bits (triangle-source.ts), kept in a dynamic AABB tree with one leaf
// per triangle for overlap queries and ray casts.
//
// Building:
//   1. Input checks (every number finite, every index an integer in range), naming the bad value.
//   2. Degenerate triangles, a repeated index, |(b − a) × (c − a)| ≤ 1e-12 · size² (size the diagonal of
//      the bounds of the vertices the triangles use) or thinner than MIN_LENGTH (their least altitude,
//      |(b − a) × (c − a)| over the longest edge, below 1e-6 m: lib/limits.ts), are dropped and counted
//      (skippedTriangles): they have no normal, or one whose length squared underflows.
//   3. Vertices that coincide exactly (different indices, the same x, y and z) are welded for the edge
//      search and the duplicates, so that a mesh exported with split vertices (one copy per face, for
//      normals or UVs) still finds its shared edges. The stored vertices and indices stay as given.
//      A triangle whose corners weld to those of an earlier one, in the same turning order (any corner
//      first), is a duplicate: the same surface facing the same way. It is dropped and counted
//      (duplicateTriangles), as Jolt's MeshShapeSettings::Sanitize drops them, found through a hash
//      table of the welded corners (one pass, no allocation per triangle). Two triangles on the same
//      corners in opposite orders face opposite ways (a sheet met from both sides) and are both kept.
//   4. Each edge, keyed by its two welded vertex ids, collects the triangles that use it; its activity
//      follows Jolt's MeshShape::sFindActiveEdges (isEdgeActive in triangle-source.ts): one triangle, or
//      more than two, active; two, active when the crease is convex and sharper than ACTIVE_EDGE_ANGLE, or
//      the triangles are back to back. A welded vertex is active when an active edge ends at it.
//   5. One tree leaf per triangle with its tight bounds, inserted in order, then rebuilt top-down by the
//      binned surface-area heuristic (DynamicTree.rebuild) for a static tree of good quality.

import { rayCastTree } from './tree-ray-cast.js';
import { DynamicTree } from './dynamic-tree.js';
import {
  isEdgeActive, RAY_T, RAY_T_MAX, rayTriangle, writeFacingNormal, writeTriangleBounds, writeTriangleNormal, type TriangleSource,
} from './triangle-source.js';
import { isArrayLike, show, showBound } from '../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../limits.js';
import { meshSolid, type MeshSolid } from './mesh-volume.js';

/** At most this many vertices, and as many triangles, in one mesh (2²⁴): 400 MB of vertices, a bound
 * far past a level's meshes, so a claimed length of 1e9 is refused by name before anything is allocated. */
const MAX_MESH_ITEMS = 2 ** 24;

/** Triangles of zero area are those with |(b − a) × (c − a)| ≤ DEGENERATE_AREA · size². */
const DEGENERATE_AREA = 1e-12;

/** The length of vertices or indices, read once: an array-like of a safe, non-negative length that is a
 * multiple of 3. The caller reads the items once each into its own typed array. */
function readLength(where: string, name: string, value: unknown, what: string): number {
  if (!isArrayLike(value)) throw new TypeError(`${where}: ${name} must be an array of numbers (${what}), got ${show(value)}`);
  const length = value.length;
  if (!Number.isSafeInteger(length) || length < 0 || length % 3 !== 0) {
    throw new RangeError(`${where}: ${name} length must be a multiple of 3 (${what}), got ${show(length)}`);
  }
  if (length > 3 * MAX_MESH_ITEMS) {
    throw new RangeError(`${where}: ${name} may hold at most ${3 * MAX_MESH_ITEMS} numbers (${showBound(MAX_MESH_ITEMS)} ${name === 'vertices' ? 'vertices' : 'triangles'}; README, "Limits"), got ${show(length)}`);
  }
  return length;
}

export class TriangleMesh implements TriangleSource {
  /** The vertices as given: x, y, z per vertex. */
  readonly vertices: Float64Array;
  /** 3 vertex indices per kept triangle (degenerate ones and duplicates dropped), in the order given. */
  readonly indices: Int32Array;
  readonly triangleCount: number;
  /** How many of the given triangles were dropped as degenerate (zero area, a repeated index, or thinner
   * than 1e-6 m: lib/limits.ts MIN_LENGTH). */
  readonly skippedTriangles: number;
  /** How many of the given triangles were dropped as duplicates of an earlier one: corners at the same
   * positions, turning the same way (the build's step 3). */
  readonly duplicateTriangles: number;
  readonly bounds = new Float64Array(6);
  /** Unit front normals, 3 per triangle. */
  readonly normals: Float64Array;
  /** activeFeatures' bits per triangle. */
  private readonly features: Uint8Array;
  private readonly tree: DynamicTree;

  // State of the query and ray cast in progress, read by the tree's visits (made once here, so a call
  // allocates nothing).
  private visitor: ((triangle: number) => boolean) | null = null;
  private readonly rayOrigin = new Float64Array(3);
  private readonly rayDirection = new Float64Array(3);
  private rayT = -1;
  private rayTriangle = -1;
  /** rayTriangle's tMax and t (RAY_T_MAX, RAY_T). */
  private readonly rayNumbers = new Float64Array(2);
  private readonly pointBox = new Float64Array(6);
  private readonly forwardQuery = (_proxy: number, triangle: number): boolean => (this.visitor as (triangle: number) => boolean)(triangle);
  private readonly testRay = (_proxy: number, triangle: number, tMax: number): number => {
    this.castAgainst(triangle, tMax);
    return this.rayTriangle < 0 ? tMax : this.rayT;
  };
  private readonly testPoint = (_proxy: number, triangle: number): boolean => {
    this.castAgainst(triangle, 0);
    return true;
  };
  // querySample's state: the triangles picked so far (at most the budget), how many, the budget, the
  // number k of top bits of a triangle's hash that must be 0 for it to be picked, and whether a
  // querySample is running.
  private picked = new Int32Array(0);
  private pickedCount = 0;
  private pickLimit = 0;
  private pickBits = 0;
  private sampling = false;
  private readonly pick = (_proxy: number, triangle: number): boolean => {
    if (this.pickBits > 0 && sampleHash(triangle) >>> (32 - this.pickBits) !== 0) return true;
    const picked = this.picked;
    picked[this.pickedCount++] = triangle;
    // over the budget: one more bit, and only the picked triangles that still pass stay (in order)
    while (this.pickedCount > this.pickLimit && this.pickBits < 32) {
      const shift = 32 - ++this.pickBits;
      let kept = 0;
      for (let i = 0; i < this.pickedCount; i++) if (sampleHash(picked[i]) >>> shift === 0) picked[kept++] = picked[i];
      this.pickedCount = kept;
    }
    return true;
  };

  constructor(where: string, vertices: ArrayLike<number>, indices: ArrayLike<number>) {
    const vertexLength = readLength(where, 'vertices', vertices, 'x, y, z per vertex');
    const vertexCount = vertexLength / 3;
    const points = new Float64Array(vertexLength);
    for (let i = 0; i < points.length; i++) {
      const x = vertices[i];
      if (typeof x !== 'number') throw new TypeError(`${where}: vertices[${i}] must be a finite number, got ${show(x)}`);
      if (!Number.isFinite(x)) throw new RangeError(`${where}: vertices[${i}] must be a finite number, got ${show(x)}`);
      if (Math.abs(x) > MAX_LENGTH) throw new RangeError(`${where}: vertices[${i}] must be within ±${showBound(MAX_LENGTH)} m (README, "Limits"), got ${show(x)}`);
      points[i] = x + 0; // −0 kept as +0: a snapshot's JSON cannot tell them apart
    }
    // Each index is read once into this copy and checked there; what follows reads only the copy.
    const indexInput = new Int32Array(readLength(where, 'indices', indices, '3 vertex indices per triangle'));
    const givenCount = indexInput.length / 3;
    for (let i = 0; i < indexInput.length; i++) {
      const index = indices[i];
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= vertexCount) {
        throw new RangeError(`${where}: indices[${i}] must be an integer in [0, ${vertexCount}), got ${show(index)}`);
      }
      indexInput[i] = index;
    }
    this.vertices = points;

    // The size of what the triangles span, for the degenerate-area threshold.
    const span = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
    for (let i = 0; i < indexInput.length; i++) growBounds(span, points, 3 * indexInput[i]);
    const size2 = indexInput.length === 0 ? 0 : (span[3] - span[0]) ** 2 + (span[4] - span[1]) ** 2 + (span[5] - span[2]) ** 2;
    const areaBound = DEGENERATE_AREA * size2;

    const kept = new Int32Array(indexInput.length);
    let count = 0, thin = 0, firstThin = -1;
    for (let t = 0; t < givenCount; t++) {
      const a = indexInput[3 * t], b = indexInput[3 * t + 1], c = indexInput[3 * t + 2];
      if (a === b || b === c || c === a) continue;
      const cross = crossLength(points, 3 * a, 3 * b, 3 * c);
      if (cross <= areaBound) continue;
      if (isThin(points, 3 * a, 3 * b, 3 * c, cross)) {
        if (thin++ === 0) firstThin = t;
        continue;
      }
      kept[3 * count] = a; kept[3 * count + 1] = b; kept[3 * count + 2] = c;
      count++;
    }
    if (count === 0) {
      let why = 'zero area or a repeated index';
      if (thin > 0) {
        const corners: number[] = [];
        for (let k = 0; k < 3; k++) for (let m = 0; m < 3; m++) corners.push(points[3 * indexInput[3 * firstThin + k] + m]);
        why += `, or thinner than ${showBound(MIN_LENGTH)} m (README, "Limits"): ${thin} of them, the first triangle ${firstThin} with corners ${show(corners)}`;
      }
      throw new RangeError(`${where}: no triangles left: ${givenCount} given, ${givenCount} degenerate (${why})`);
    }
    this.skippedTriangles = givenCount - count;
    const welded = weldVertices(points, vertexCount, kept.subarray(0, 3 * count));
    const unique = dropDuplicates(kept, count, welded);
    this.duplicateTriangles = count - unique;
    count = unique;
    this.triangleCount = count;
    this.indices = kept.slice(0, 3 * count);

    const normals = new Float64Array(3 * count);
    const bounds = this.bounds;
    bounds.fill(Infinity, 0, 3).fill(-Infinity, 3, 6);
    for (let t = 0; t < count; t++) {
      const ia = 3 * this.indices[3 * t], ib = 3 * this.indices[3 * t + 1], ic = 3 * this.indices[3 * t + 2];
      writeTriangleNormal(points, ia, ib, ic, normals, 3 * t);
      growBounds(bounds, points, ia); growBounds(bounds, points, ib); growBounds(bounds, points, ic);
    }
    this.normals = normals;
    this.features = findActiveFeatures(points, vertexCount, this.indices, normals, welded);

    const tree = new DynamicTree(count);
    const corners = new Float64Array(9), box = new Float64Array(6);
    for (let t = 0; t < count; t++) {
      this.writeTriangle(t, corners);
      writeTriangleBounds(corners, box);
      tree.createProxy(box, t);
    }
    tree.rebuild();
    this.tree = tree;
  }

  writeTriangle(i: number, out: Float64Array): boolean {
    const v = this.vertices, indices = this.indices;
    for (let k = 0; k < 3; k++) {
      const at = 3 * indices[3 * i + k];
      out[3 * k] = v[at]; out[3 * k + 1] = v[at + 1]; out[3 * k + 2] = v[at + 2];
    }
    return true;
  }

  writeNormal(i: number, out: Float64Array): void {
    const n = this.normals;
    out[0] = n[3 * i]; out[1] = n[3 * i + 1]; out[2] = n[3 * i + 2];
  }

  activeFeatures(i: number): number {
    return this.features[i];
  }

  query(box: ArrayLike<number>, visit: (triangle: number) => boolean): void {
    // Kept and restored, so that a visit may query this mesh again.
    const outer = this.visitor;
    this.visitor = visit;
    try {
      this.tree.query(box, this.forwardQuery);
    } finally {
      this.visitor = outer;
    }
  }

  /**
   * The triangles whose boxes overlap the box, in query's order, when they are at most `budget`; past
   * that, those among them whose hash (sampleHash) has its top k bits 0, for the least k that leaves at
   * most `budget`: about a 2^-k share of them, spread over the box whatever the tree's order (a triangle
   * is picked by its index alone), the same ones from step to step while the box holds the same
   * triangles, and for k + 1 a subset of those for k. One walk of the tree finds them: the picked
   * triangles are kept (at most `budget`), and each time they pass the budget k grows by one and those
   * that no longer pass are dropped; then they are visited. The walk costs about 30 ns a triangle in the
   * box (a stack of 2·10⁴ in one place: 0.6 ms); the contacts, only the budget. (A walk cut short would
   * be cheaper but not spread: the tree's first triangles lie together, and cut walks of smaller boxes
   * meet the same ones when the triangles are stacked; a box then fell through the half of a stacked
   * floor they missed.) A visit that queries this mesh again gets the plain query. Returns 0 when it
   * visited them all, else the spacing of m triangles spread over the box's largest face, of area F:
   * 2 √(F / m), twice the side of the square each would have to itself.
   */
  querySample(box: ArrayLike<number>, budget: number, visit: (triangle: number) => boolean): number {
    if (this.sampling) {
      this.query(box, visit);
      return 0;
    }
    this.sampling = true;
    try {
      if (this.picked.length < budget + 1) this.picked = new Int32Array(budget + 1);
      this.pickedCount = 0;
      this.pickLimit = budget;
      this.pickBits = 0;
      this.tree.query(box, this.pick);
      const picked = this.picked, found = this.pickedCount;
      for (let i = 0; i < found; i++) if (visit(picked[i]) === false) break;
      if (this.pickBits === 0) return 0;
      const dx = box[3] - box[0], dy = box[4] - box[1], dz = box[5] - box[2];
      return 2 * Math.sqrt(Math.max(dx * dz, dx * dy, dy * dz) / Math.max(found, 1));
    } finally {
      this.sampling = false;
    }
  }

  rayCast(o: ArrayLike<number>, d: ArrayLike<number>, ray: Float64Array, normal: Float64Array, hit: Int32Array): boolean {
    const tMax = ray[RAY_T_MAX];
    const origin = this.rayOrigin, direction = this.rayDirection;
    origin[0] = o[0]; origin[1] = o[1]; origin[2] = o[2];
    direction[0] = d[0]; direction[1] = d[1]; direction[2] = d[2];
    this.rayT = -1;
    this.rayTriangle = -1;
    if (tMax > 0) {
      // Each hit clips the segment (testRay returns the new tMax), so farther leaves are culled.
      rayCastTree(this.tree, o, d, tMax, this.testRay);
    } else if (tMax === 0) {
      // The tree casts only segments of positive length; a segment of length 0 is the point o.
      const box = this.pointBox;
      box[0] = box[3] = o[0]; box[1] = box[4] = o[1]; box[2] = box[5] = o[2];
      this.tree.query(box, this.testPoint);
    }
    const triangle = this.rayTriangle;
    hit[0] = triangle;
    if (triangle < 0) return false;
    writeFacingNormal(this.normals, 3 * triangle, d, normal);
    ray[RAY_T] = this.rayT;
    return true;
  }

  private solidFound: MeshSolid | null = null;
  /** @internal The solid the mesh encloses (mesh-volume.ts: closed, wound counter-clockwise seen from
   * outside, with volume), or why it encloses none; found on first use (a mesh on a dynamic body), then
   * kept. */
  get solid(): MeshSolid {
    if (this.solidFound === null) {
      const welded = weldVertices(this.vertices, this.vertices.length / 3, this.indices);
      this.solidFound = meshSolid(this.vertices, this.indices, welded);
    }
    return this.solidFound;
  }

  /** The options that rebuild this mesh: the vertices as given and the kept triangles. */
  describe(): { vertices: number[]; indices: number[] } {
    return { vertices: Array.from(this.vertices), indices: Array.from(this.indices) };
  }

  /** Tests the ray in rayOrigin, rayDirection against one triangle, keeping the nearest hit (the lower index on a tie). */
  private castAgainst(triangle: number, tMax: number): void {
    const indices = this.indices, ray = this.rayNumbers;
    ray[RAY_T_MAX] = tMax;
    const hit = rayTriangle(
      this.rayOrigin, this.rayDirection, this.vertices, 3 * indices[3 * triangle], 3 * indices[3 * triangle + 1], 3 * indices[3 * triangle + 2], ray,
    );
    if (!hit) return;
    const t = ray[RAY_T];
    if (this.rayTriangle < 0 || t < this.rayT || (t === this.rayT && triangle < this.rayTriangle)) {
      this.rayT = t;
      this.rayTriangle = triangle;
    }
  }
}

/** Grows bounds (min x, y, z, max x, y, z) to contain the point at v[at]. */
function growBounds(bounds: Float64Array, v: Float64Array, at: number): void {
  for (let k = 0; k < 3; k++) {
    const x = v[at + k];
    if (x < bounds[k]) bounds[k] = x;
    if (x > bounds[3 + k]) bounds[3 + k] = x;
  }
}

/** |(b − a) × (c − a)|, twice the triangle's area, for the corners at v[ia], v[ib], v[ic]. */
function crossLength(v: Float64Array, ia: number, ib: number, ic: number): number {
  const e1x = v[ib] - v[ia], e1y = v[ib + 1] - v[ia + 1], e1z = v[ib + 2] - v[ia + 2];
  const e2x = v[ic] - v[ia], e2y = v[ic + 1] - v[ia + 1], e2z = v[ic + 2] - v[ia + 2];
  return Math.hypot(e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x);
}

/** querySample's hash of a triangle index: Knuth's multiplicative hash (the index times 2³² / φ, mod
 * 2³²), whose top bits are spread evenly over consecutive indices. */
function sampleHash(triangle: number): number {
  return Math.imul(triangle + 1, 0x9e3779b1) >>> 0;
}

/**
 * Whether the triangle at v[ia], v[ib], v[ic], whose |(b − a) × (c − a)| is `cross`, is thinner than
 * MIN_LENGTH: its longest edge L shorter than that, or its least altitude cross / L below it (written
 * cross < MIN_LENGTH · L, no division). L² is formed only to be compared with MIN_LENGTH², where it is
 * far from underflow; `cross` comes from Math.hypot, which does not underflow.
 */
function isThin(v: Float64Array, ia: number, ib: number, ic: number, cross: number): boolean {
  const ab = squaredDistance(v, ia, ib), bc = squaredDistance(v, ib, ic), ca = squaredDistance(v, ic, ia);
  const longest = Math.max(ab, bc, ca);
  return !(longest >= MIN_LENGTH * MIN_LENGTH) || cross < MIN_LENGTH * Math.sqrt(longest);
}

function squaredDistance(v: Float64Array, ia: number, ib: number): number {
  const dx = v[ib] - v[ia], dy = v[ib + 1] - v[ia + 1], dz = v[ib + 2] - v[ia + 2];
  return dx * dx + dy * dy + dz * dz;
}

/**
 * Drops the triangles of kept[0..3 count) whose welded corners repeat an earlier triangle's in the same
 * turning order, moving the others down in order; returns how many are left. Each triangle's key is its
 * welded ids turned to start at the lowest (the same for any corner first, different for the opposite
 * order); an open-addressing hash table (linear probing, at most half full) holds, per key, the position
 * of its first triangle.
 */
function dropDuplicates(kept: Int32Array, count: number, welded: Int32Array): number {
  let size = 2;
  while (size < 2 * count) size *= 2;
  const table = new Int32Array(size).fill(-1), mask = size - 1;
  let unique = 0;
  for (let t = 0; t < count; t++) {
    const a = kept[3 * t], b = kept[3 * t + 1], c = kept[3 * t + 2];
    let p = welded[a], q = welded[b], r = welded[c];
    // turned to start at the lowest id, keeping the order
    if (q < p && q < r) { const x = p; p = q; q = r; r = x; } else if (r < p && r < q) { const x = r; r = q; q = p; p = x; }
    let h = Math.imul(p, 0x9e3779b1) ^ Math.imul(q, 0x85ebca6b) ^ Math.imul(r, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    h = (h ^ (h >>> 15)) & mask;
    let duplicate = false;
    for (; table[h] !== -1; h = (h + 1) & mask) {
      const u = table[h];
      let x = welded[kept[3 * u]], y = welded[kept[3 * u + 1]], z = welded[kept[3 * u + 2]];
      if (y < x && y < z) { const w = x; x = y; y = z; z = w; } else if (z < x && z < y) { const w = z; z = y; y = x; x = w; }
      if (x === p && y === q && z === r) { duplicate = true; break; }
    }
    if (duplicate) continue;
    table[h] = unique;
    kept[3 * unique] = a; kept[3 * unique + 1] = b; kept[3 * unique + 2] = c;
    unique++;
  }
  return unique;
}

/**
 * Each vertex's welded id: the lowest index of the vertices at exactly its position. The vertices used by
 * the triangles are sorted by (x, y, z, index); each run of equal positions takes its first index.
 */
function weldVertices(v: Float64Array, vertexCount: number, indices: Int32Array): Int32Array {
  const welded = new Int32Array(vertexCount).fill(-1);
  const used = new Uint8Array(vertexCount);
  let usedCount = 0;
  for (let i = 0; i < indices.length; i++) {
    if (used[indices[i]] === 0) { used[indices[i]] = 1; usedCount++; }
  }
  const order = new Int32Array(usedCount);
  for (let i = 0, n = 0; i < vertexCount; i++) if (used[i] === 1) order[n++] = i;
  order.sort((a, b) => (v[3 * a] - v[3 * b]) || (v[3 * a + 1] - v[3 * b + 1]) || (v[3 * a + 2] - v[3 * b + 2]) || (a - b));
  let first = -1;
  for (let i = 0; i < usedCount; i++) {
    const p = order[i];
    if (first < 0 || v[3 * p] !== v[3 * first] || v[3 * p + 1] !== v[3 * first + 1] || v[3 * p + 2] !== v[3 * first + 2]) first = p;
    welded[p] = first;
  }
  return welded;
}

/**
 * activeFeatures' bits per triangle (see the top of this file and of triangle-source.ts). Half-edge
 * h = 3t + k is triangle t's edge k (0 ab, 1 bc, 2 ca), running from its corner k to corner k + 1.
 */
function findActiveFeatures(v: Float64Array, vertexCount: number, indices: Int32Array, normals: Float64Array, welded: Int32Array): Uint8Array {
  const triangleCount = indices.length / 3;
  // Edges by their welded ends (lower id first, key p·vertexCount + q: exact below 9·10⁷ vertices): each
  // gets a number; per edge the first two half-edges on it and how many there are.
  const edgeOf = new Int32Array(3 * triangleCount);
  const firstHalf = new Int32Array(3 * triangleCount), secondHalf = new Int32Array(3 * triangleCount);
  const uses = new Int32Array(3 * triangleCount);
  const edgeIds = new Map<number, number>();
  let edgeCount = 0;
  for (let h = 0; h < 3 * triangleCount; h++) {
    const t = (h / 3) | 0, k = h - 3 * t;
    const p = welded[indices[3 * t + k]], q = welded[indices[3 * t + (k + 1) % 3]];
    const key = p < q ? p * vertexCount + q : q * vertexCount + p;
    let edge = edgeIds.get(key);
    if (edge === undefined) {
      edge = edgeCount++;
      edgeIds.set(key, edge);
      firstHalf[edge] = h;
    } else if (uses[edge] === 1) {
      secondHalf[edge] = h;
    }
    uses[edge]++;
    edgeOf[h] = edge;
  }
  const edgeActive = new Uint8Array(edgeCount);
  for (let edge = 0; edge < edgeCount; edge++) {
    if (uses[edge] !== 2) { edgeActive[edge] = 1; continue; }
    const h1 = firstHalf[edge], h2 = secondHalf[edge];
    const t1 = (h1 / 3) | 0, t2 = (h2 / 3) | 0, k1 = h1 - 3 * t1, k2 = h2 - 3 * t2;
    // s = (triangle 2's corner off the edge) − (triangle 1's edge start)
    const start = 3 * indices[3 * t1 + k1], off = 3 * indices[3 * t2 + (k2 + 2) % 3];
    const active = isEdgeActive(
      normals[3 * t1], normals[3 * t1 + 1], normals[3 * t1 + 2],
      normals[3 * t2], normals[3 * t2 + 1], normals[3 * t2 + 2],
      v[off] - v[start], v[off + 1] - v[start + 1], v[off + 2] - v[start + 2],
    );
    edgeActive[edge] = active ? 1 : 0;
  }
  // Edge bits, and the welded vertices that an active edge ends at.
  const features = new Uint8Array(triangleCount);
  const vertexActive = new Uint8Array(vertexCount);
  for (let h = 0; h < 3 * triangleCount; h++) {
    if (edgeActive[edgeOf[h]] === 0) continue;
    const t = (h / 3) | 0, k = h - 3 * t;
    features[t] |= 1 << k;
    vertexActive[welded[indices[3 * t + k]]] = 1;
    vertexActive[welded[indices[3 * t + (k + 1) % 3]]] = 1;
  }
  for (let t = 0; t < triangleCount; t++) {
    for (let k = 0; k < 3; k++) if (vertexActive[welded[indices[3 * t + k]]] === 1) features[t] |= 8 << k;
  }
  return features;
}
