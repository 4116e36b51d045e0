// Quickhull (Barber, Dobkin, Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", ACM TOMS 22(4),
// 1996; Gregorius, "Implementing Quickhull", GDC 2014): start from a tetrahedron of four extreme points
// and give every other point to the face it is farthest above (its conflict list). Then, while a face
// has points above it, take its farthest one, the eye; walk depth first from that face over the faces
// the eye sees (it is above their planes): the walk lists the horizon, the edges between seen and
// unseen faces, in order around the eye. The seen faces go, the horizon is joined to the eye by new
// triangles, and the points of the faces that went move to the new face they are farthest above, or
// are inside and dropped.

import { mulberry32 } from '../math/random.js';
import { show } from '../util/validate.js';

/**
 * Four points spanning a tetrahedron: the farthest apart of the 6 axis extremes, the point farthest from
 * their line, and the point farthest from the plane of the three. Throws when the points are within the
 * tolerance of a line or a plane.
 */
export function initialSimplex(where: string, p: Float64Array, tolerance: number): [number, number, number, number] {
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
export function joggled(points: Float64Array, amount: number): Float64Array {
  const out = new Float64Array(points.length);
  const random = mulberry32(0x2545f491);
  for (let i = 0; i < points.length; i++) out[i] = points[i] + (2 * random() - 1) * amount;
  return out;
}

/** A closed triangulated surface: 3 vertex indices per triangle, counter-clockwise from outside, and per
 * triangle edge i (corner i to corner i + 1) the triangle across it. */
export interface Triangulation {
  corners: Int32Array;
  neighbours: Int32Array;
}

/**
 * The quickhull of the points (see the header) as triangles; null when a horizon is not one loop (the
 * caller joggles more). Each point's conflict list is a linked list (the points of triangle t run from
 * firstPoint[t] through nextPoint, appended at lastPoint[t]), so a list is walked in the order it was
 * filled.
 */
export function quickhull(p: Float64Array, simplex: readonly number[], above: number): Triangulation | null {
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
