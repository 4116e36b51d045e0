// Faces from quickhull's triangles (quickhull.ts), as hull-building.ts asks for them. The triangles are
// merged, with the original points, into faces: from the largest triangle not
// yet in a face, a face grows over neighbouring triangles whose three corners lie within the tolerance
// τ = 1e-5 of the cloud's size of its plane. A corner inside a face, or on the edge between only two
// faces (a point in the middle of a box's edge), is no vertex and is dropped. Each face's normal is
// Newell's (Sutherland, Sproull, Schumacker, "A Characterization of Ten Hidden-Surface Algorithms",
// 1974): the area vector of its loop. Checked before the hull is taken: every loop has 3 corners or
// more, each within 2τ of its plane and none bent inward by more than τ, every edge is shared by two
// faces running it opposite ways, V − E + F = 2, and every point left after welding (hull-building.ts) is within
// 2τ of the inside of every plane, so every input point within 3τ.
//
// When no run makes a valid hull (hull-building.ts), the faces are made again:
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

import { newellNormal } from './hull.js';
import type { Triangulation } from './quickhull.js';

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
export interface MergedFaces {
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
export function mergeFaces(geometry: Float64Array, triangulation: Triangulation, tolerance: number, split: boolean): MergedFaces | null {
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
export function outsideChord(P: Float64Array, a: number, b: number, c: number, nx: number, ny: number, nz: number): number {
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
export function facesTurnOutward(vertices: Float64Array, loops: readonly (readonly number[])[], tolerance: number, origin: ArrayLike<number> | null): boolean {
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
