// Building a hull from points: weld, triangulate (quickhull.ts), merge into faces (hull-faces.ts),
// check, and try again on the failures.
//
// Robustness. In floating point "above" is decided wrongly for points within round-off of a plane, and
// coplanar input (a box's corners, a grid) is exactly that case. Barber et al. and Gregorius merge
// faces while building ("thick facets"). Here the hull is built instead on a copy of the points moved
// by a deterministic pseudo-random joggle of 1e-9 of the cloud's size (qhull's option 'QJ'): in general
// position, round-off (~1e-15 of the size) decides nothing, and the triangles are a valid hull of the
// joggled points. A run that goes wrong anyway (a horizon that is not one loop, or a result that fails
// the checks in hull-faces.ts and isValidHull) is redone with ten times the joggle, up to 1e-6.
// Points none of those runs makes a valid hull of are built again (the hulls above stay as they were):
// their faces split where they are not convex and merged within smaller tolerances (hull-faces.ts),
// and the decisions made on the points moved to their bounding box's centre, where round-off scales
// with the cloud's size and not with its distance from the shape's origin (a cloud 1e-11 m across at
// 0.5 m has doubles only 1e-5 of its size apart, and 1e-9 of its size joggles nothing there); the face
// normals are summed about that centre (newellNormal), and the checks also allow the round-off of the
// planes in the shape's frame, ROUND_OFF of the largest coordinate.
// This runs on the first triangulation of the runs above, then on new ones with the same joggles.
//
// Points closer than τ are welded first (the first one kept). Input is refused, naming it: a value that
// is not a finite number, fewer than 4 points not within τ of one plane, more than MAX_HULL_POINTS
// points, or a hull of more than MAX_HULL_VERTICES vertices (Jolt's cap; the separating axis test of
// two hulls costs E_a·E_b edge pairs), naming how many: that hull is built and checked like any other,
// its plane offsets found with VertexClusters instead of over every vertex.

import { isArrayLike, show, showBound } from '../util/validate.js';
import { MAX_LENGTH } from '../limits.js';
import { ConvexHull, HULL_TOLERANCE, MAX_HULL_POINTS, MAX_HULL_VERTICES } from './hull.js';
import { facesTurnOutward, mergeFaces, outsideChord, type MergedFaces } from './hull-faces.js';
import { initialSimplex, joggled, quickhull, type Triangulation } from './quickhull.js';

const JOGGLE_START = 1e-9, JOGGLE_GROWTH = 10, JOGGLE_ATTEMPTS = 4;
/** "Above a plane" means farther than this share of the size (far above round-off, far below joggle). */
const ABOVE = 1e-12;
/** Round-off allowed, as a share of the largest coordinate, when a hull is checked after the build of the
 * header failed (see buildHull). */
const ROUND_OFF = 32 * Number.EPSILON;
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
