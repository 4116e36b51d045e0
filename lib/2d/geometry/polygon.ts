// A convex polygon from the user's points (PolygonShapeOptions, BoxShape2DOptions): checked, put in
// counter-clockwise order, with each edge's outward normal and the centroid (lib/geometry/hull-building.ts
// in the plane, for at most MAX_POLYGON_VERTICES points; Box2D v3's b2ComputeHull and b2MakePolygon do
// the same work, but Box2D quietly drops the points its hull does not need, where we refuse them).
//
// The checks, in order, each naming the point (its index in the user's list) and its value:
//   count      3 ≤ n ≤ MAX_POLYGON_VERTICES
//   finite     every coordinate a finite number within ±MAX_LENGTH of the shape's origin
//   duplicate  no two points closer than DUPLICATE_TOLERANCE · L, L the diagonal of the points' bounding
//              box (the 3D hull welds points closer than 1e-5 of the cloud's size; a polygon refuses them)
//   collinear  no point within COLLINEAR_TOLERANCE · L of the line through its two neighbours (it adds no
//              corner; Box2D's hull drops such points with its linear slop)
//   convex     no corner turning right (the points taken counter-clockwise), then every point strictly
//              left of every edge it is not on: a test of all pairs, which also refuses a star whose turns
//              are all left but which winds twice.
// Clockwise points (negative signed area) are taken in the reverse order: a polygon's vertices are always
// counter-clockwise, as the narrowphase expects.

import { MAX_LENGTH } from '../../limits.js';
import { isArrayLike, show } from '../../util/validate.js';
import { MAX_POLYGON_VERTICES, type PolygonGeometry } from './shape-geometry.js';

/** Two points closer than this share of the polygon's size are one point (refused). */
export const DUPLICATE_TOLERANCE = 1e-5;
/** A point closer than this share of the polygon's size to the line through its neighbours is on it
 * (refused). */
export const COLLINEAR_TOLERANCE = 1e-5;

/** Reads a list of 2D points ([[x, y], …] or objects with x, y) into a flat array, each finite and within
 * ±MAX_LENGTH; `name` is the list's name in messages (`shapes[0].points`). */
export function readPoints2D(where: string, name: string, value: unknown, min: number, max: number): Float64Array {
  if (!isArrayLike(value) || typeof value === 'string') throw new TypeError(`${where}: ${name} must be an array of [x, y] points, got ${show(value)}`);
  const n = value.length;
  if (n < min || n > max) {
    const range = max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new RangeError(`${where}: ${name} must hold ${range} points, got ${n}: ${show(value)}`);
  }
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const p: unknown = value[i];
    let x: unknown, y: unknown;
    if (isArrayLike(p) && typeof p !== 'string') {
      if (p.length !== 2) throw new TypeError(`${where}: ${name}[${i}] must be a point [x, y], got ${show(p)}`);
      x = p[0]; y = p[1];
    } else if (p !== null && typeof p === 'object') {
      x = (p as Record<string, unknown>).x; y = (p as Record<string, unknown>).y;
    } else {
      throw new TypeError(`${where}: ${name}[${i}] must be a point [x, y], got ${show(p)}`);
    }
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
      throw new RangeError(`${where}: ${name}[${i}] must be two finite numbers, got ${show(p)}`);
    }
    if (Math.abs(x) > MAX_LENGTH || Math.abs(y) > MAX_LENGTH) {
      throw new RangeError(`${where}: ${name}[${i}] must be within ±${MAX_LENGTH} m of the shape's origin (README, "Limits"), got ${show(p)}`);
    }
    // (+ 0: −0 kept as +0, as a snapshot's JSON keeps it)
    out[2 * i] = x + 0; out[2 * i + 1] = y + 0;
  }
  return out;
}

/** The diagonal of the bounding box of flat points p: the size the tolerances are relative to. */
export function pointsSize(p: Float64Array): number {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < p.length; i += 2) {
    minX = Math.min(minX, p[i]); maxX = Math.max(maxX, p[i]);
    minY = Math.min(minY, p[i + 1]); maxY = Math.max(maxY, p[i + 1]);
  }
  return Math.hypot(maxX - minX, maxY - minY);
}

/** The polygon of the user's points `value` (`name` for messages), checked as the header says. */
export function readPolygon(where: string, name: string, value: unknown): PolygonGeometry {
  const p = readPoints2D(where, name, value, 3, MAX_POLYGON_VERTICES);
  const n = p.length / 2;
  const size = pointsSize(p);
  const at = (i: number) => `${name}[${i}] ${show([p[2 * i], p[2 * i + 1]])}`;
  const duplicate = DUPLICATE_TOLERANCE * size;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if (Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]) <= duplicate) {
        throw new RangeError(`${where}: ${name} must not repeat a point: ${at(i)} is within ${show(Number(duplicate.toPrecision(3)))} m (1e-5 of the polygon's size) of ${at(j)}`);
      }
    }
  }
  // signed area: twice it is Σ p_i × p_{i+1} (the shoelace formula); negative for clockwise points
  let twiceArea = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    twiceArea += p[2 * i] * p[2 * j + 1] - p[2 * i + 1] * p[2 * j];
  }
  // order[k]: the user's index of the k-th counter-clockwise vertex
  const order = Array.from({ length: n }, (_, k) => (twiceArea < 0 ? n - 1 - k : k));
  const collinear = COLLINEAR_TOLERANCE * size;
  for (let k = 0; k < n; k++) {
    const a = order[(k + n - 1) % n], b = order[k], c = order[(k + 1) % n];
    // the distance of b from the line a → c: |(c − a) × (b − a)| / |c − a|
    const ex = p[2 * c] - p[2 * a], ey = p[2 * c + 1] - p[2 * a + 1];
    const cross = ex * (p[2 * b + 1] - p[2 * a + 1]) - ey * (p[2 * b] - p[2 * a]);
    if (Math.abs(cross) <= collinear * Math.hypot(ex, ey)) {
      throw new RangeError(`${where}: ${name} must not hold three points on a line: ${at(b)} lies on the line from ${at(a)} to ${at(c)}`);
    }
  }
  for (let k = 0; k < n; k++) {
    // a reflex corner: a right turn at b
    const a = order[(k + n - 1) % n], b = order[k], c = order[(k + 1) % n];
    if ((p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * b + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * b]) < 0) {
      throw new RangeError(`${where}: ${name} must be convex, got ${show(value)}: the corner at ${at(b)} turns inward`);
    }
  }
  for (let k = 0; k < n; k++) {
    const a = order[k], b = order[(k + 1) % n];
    const ex = p[2 * b] - p[2 * a], ey = p[2 * b + 1] - p[2 * a + 1];
    for (let m = 0; m < n; m++) {
      const c = order[m];
      if (c === a || c === b) continue;
      // c left of a → b: (b − a) × (c − a) > 0
      if (ex * (p[2 * c + 1] - p[2 * a + 1]) - ey * (p[2 * c] - p[2 * a]) <= 0) {
        throw new RangeError(`${where}: ${name} must be convex, got ${show(value)}: ${at(c)} is not inside the edge from ${at(a)} to ${at(b)}`);
      }
    }
  }
  const vertices = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    vertices[2 * k] = p[2 * order[k]];
    vertices[2 * k + 1] = p[2 * order[k] + 1];
  }
  return makePolygonGeometry(vertices);
}

/** The polygon geometry of counter-clockwise convex `vertices` (flat x, y): edge normals and centroid. */
export function makePolygonGeometry(vertices: Float64Array): PolygonGeometry {
  const n = vertices.length / 2;
  const normals = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = vertices[2 * j] - vertices[2 * i], ey = vertices[2 * j + 1] - vertices[2 * i + 1];
    // outward of a counter-clockwise edge e: e turned a quarter clockwise, (e_y, −e_x) / |e|
    const length = Math.hypot(ex, ey);
    normals[2 * i] = ey / length;
    normals[2 * i + 1] = -ex / length;
  }
  return { type: 'polygon', count: n, vertices, normals, centroid: polygonCentroid(vertices) };
}

/** The box of half extents (hx, hy) as a polygon: four vertices counter-clockwise from (−hx, −hy), as
 * Box2D's b2MakeBox. */
export function makeBoxGeometry(hx: number, hy: number): PolygonGeometry {
  return makePolygonGeometry(new Float64Array([-hx, -hy, hx, -hy, hx, hy, -hx, hy]));
}

/**
 * The centroid of a counter-clockwise polygon: the triangle fan from vertex 0 (relative to it, for
 * round-off: Box2D's b2ComputePolygonCentroid), each triangle (0, e1, e2) of area A = (e1 × e2)/2 with
 * its centroid at (e1 + e2)/3; c = v0 + Σ A_i (e1 + e2)_i / (3 Σ A_i).
 */
export function polygonCentroid(v: Float64Array): Float64Array {
  const n = v.length / 2, ox = v[0], oy = v[1];
  let area = 0, cx = 0, cy = 0;
  for (let i = 1; i < n - 1; i++) {
    const e1x = v[2 * i] - ox, e1y = v[2 * i + 1] - oy, e2x = v[2 * i + 2] - ox, e2y = v[2 * i + 3] - oy;
    const a = 0.5 * (e1x * e2y - e1y * e2x);
    area += a;
    cx += a * (e1x + e2x);
    cy += a * (e1y + e2y);
  }
  return new Float64Array([ox + cx / (3 * area), oy + cy / (3 * area)]);
}
