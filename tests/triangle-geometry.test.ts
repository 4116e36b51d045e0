// Triangle meshes and heightfields (lib/geometry/triangle-mesh.ts, heightfield.ts) against brute force:
// ray casts and box queries find what a loop over every triangle finds; active edges on flat grids,
// cubes, creases and heightfields with holes are the ones the rule names (and a heightfield's agree with
// the mesh of the same triangles); the grid formula and winding; bad input refused with its value named.

import { describe, expect, it } from 'vitest';
import { Heightfield } from '../lib/geometry/heightfield.js';
import { TriangleMesh } from '../lib/geometry/triangle-mesh.js';
import {
  ACTIVE_EDGE_ANGLE, RAY_T, RAY_T_MAX, rayTriangle, writeTriangleBounds, type TriangleSource,
} from '../lib/geometry/triangle-source.js';
import { mulberry32 } from '../lib/math/random.js';

type Random = () => number;

const overlaps = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a[0] <= b[3] && b[0] <= a[3] && a[1] <= b[4] && b[1] <= a[4] && a[2] <= b[5] && b[2] <= a[5];

function unit(v: number[]): number[] {
  const length = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** A source's ray cast as a t, or −1 for a miss. */
function castThrough(source: TriangleSource, o: number[], d: number[], tMax: number, normal: Float64Array, hit: Int32Array): number {
  const ray = new Float64Array(2);
  ray[RAY_T_MAX] = tMax;
  return source.rayCast(o, d, ray, normal, hit) ? ray[RAY_T] : -1;
}

/** rayTriangle's t, or −1 for a miss. */
function rayTriangleT(o: number[], d: number[], corners: Float64Array, tMax: number, slack = 0): number {
  const ray = new Float64Array(2);
  ray[RAY_T_MAX] = tMax;
  return rayTriangle(o, d, corners, 0, 3, 6, ray, slack) ? ray[RAY_T] : -1;
}

/** The nearest hit over every triangle (lowest index on a tie), its facing normal, or t = −1. */
function bruteRay(source: TriangleSource, o: number[], d: number[], tMax: number, slack = 0): { t: number; triangle: number; normal: number[] } {
  const corners = new Float64Array(9), n = new Float64Array(3);
  let best = -1, triangle = -1;
  for (let i = 0; i < source.triangleCount; i++) {
    if (!source.writeTriangle(i, corners)) continue;
    const t = rayTriangleT(o, d, corners, tMax, slack);
    if (t >= 0 && (triangle < 0 || t < best)) { best = t; triangle = i; }
  }
  if (triangle < 0) return { t: -1, triangle, normal: [] };
  source.writeNormal(triangle, n);
  const s = n[0] * d[0] + n[1] * d[1] + n[2] * d[2] > 0 ? -1 : 1;
  return { t: best, triangle, normal: [s * n[0], s * n[1], s * n[2]] };
}

/** Casts each ray through the source and by brute force (each triangle widened by `slack` of its barycentric
 * range, as the source does: a heightfield's EDGE_SLACK); the same distance (1e-12), and the same triangle or
 * one at the same distance. Returns the number of hits. */
function compareRays(source: TriangleSource, rays: { o: number[]; d: number[]; tMax: number }[], slack = 0): number {
  const normal = new Float64Array(3), hit = new Int32Array(1), corners = new Float64Array(9);
  let hits = 0;
  for (const { o, d, tMax } of rays) {
    const t = castThrough(source, o, d, tMax, normal, hit);
    const expected = bruteRay(source, o, d, tMax, slack);
    if (expected.t < 0) {
      expect(t, `ray ${o} ${d}`).toBe(-1);
      expect(hit[0]).toBe(-1);
      continue;
    }
    hits++;
    expect(Math.abs(t - expected.t), `ray ${o} ${d}`).toBeLessThanOrEqual(1e-12);
    if (hit[0] === expected.triangle) {
      for (let k = 0; k < 3; k++) expect(normal[k]).toBe(expected.normal[k]);
    } else {
      // another triangle at the same distance (a shared edge or corner)
      expect(source.writeTriangle(hit[0], corners)).toBe(true);
      expect(Math.abs(rayTriangleT(o, d, corners, tMax, slack) - expected.t)).toBeLessThanOrEqual(1e-12);
    }
  }
  return hits;
}

/** The triangles whose bounds overlap the box, by brute force and through query, both sorted. */
function compareQuery(source: TriangleSource, box: number[]): number {
  const corners = new Float64Array(9), bounds = new Float64Array(6);
  const expected: number[] = [];
  for (let i = 0; i < source.triangleCount; i++) {
    if (!source.writeTriangle(i, corners)) continue;
    writeTriangleBounds(corners, bounds);
    if (overlaps(bounds, box)) expected.push(i);
  }
  const found: number[] = [];
  source.query(box, (i) => { found.push(i); return true; });
  expect(found.length, 'no triangle twice').toBe(new Set(found).size);
  expect(found.sort((a, b) => a - b), `box ${box}`).toEqual(expected);
  return expected.length;
}

/** A mesh of `count` random triangles (sides up to `size`) in a cube of side `world`, no shared vertices. */
function randomSoup(random: Random, count: number, world: number, size: number): TriangleMesh {
  const vertices: number[] = [], indices: number[] = [];
  for (let t = 0; t < count; t++) {
    const centre = [random() * world, random() * world, random() * world];
    for (let k = 0; k < 3; k++) {
      for (let j = 0; j < 3; j++) vertices.push(centre[j] + (random() - 0.5) * size);
      indices.push(3 * t + k);
    }
  }
  return new TriangleMesh('soup', vertices, indices);
}

/** A heightfield of random heights in [0, amplitude), with some NaN holes. */
function randomHeightfield(random: Random, rows: number, columns: number, size: number[], amplitude: number, holeChance: number): Heightfield {
  const heights: number[] = [];
  for (let i = 0; i < rows * columns; i++) heights.push(random() < holeChance ? NaN : random() * amplitude);
  return new Heightfield('terrain', heights, rows, columns, size);
}

/** A random ray: origin in the box [lo, hi]³, direction random or aimed at a point of a random triangle, tMax random or Infinity. */
function randomRays(random: Random, source: TriangleSource, count: number): { o: number[]; d: number[]; tMax: number }[] {
  const b = source.bounds, corners = new Float64Array(9);
  const rays: { o: number[]; d: number[]; tMax: number }[] = [];
  for (let n = 0; n < count; n++) {
    const o = [0, 1, 2].map((k) => b[k] - 2 + random() * (b[k + 3] - b[k] + 4));
    let d: number[];
    const i = Math.floor(random() * source.triangleCount);
    if (random() < 0.6 && source.writeTriangle(i, corners)) {
      const u = random(), v = random() * (1 - u), w = 1 - u - v;
      const target = [0, 1, 2].map((k) => u * corners[k] + v * corners[3 + k] + w * corners[6 + k]);
      d = unit(target.map((x, k) => x - o[k]));
    } else {
      d = unit([random() - 0.5, random() - 0.5, random() - 0.5]);
    }
    const tMax = random() < 0.3 ? Infinity : random() * 20;
    rays.push({ o, d, tMax });
  }
  return rays;
}

/** A grid of 1 m tiles, two triangles each, nx by nz, in the y = 0 plane; with `split`, every tile has its own 4 vertices. */
function tileGrid(nx: number, nz: number, split: boolean): TriangleMesh {
  const vertices: number[] = [], indices: number[] = [];
  if (split) {
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < nz; j++) {
        const base = vertices.length / 3;
        vertices.push(i, 0, j, i, 0, j + 1, i + 1, 0, j + 1, i + 1, 0, j);
        indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
      }
    }
  } else {
    for (let i = 0; i <= nx; i++) for (let j = 0; j <= nz; j++) vertices.push(i, 0, j);
    const at = (i: number, j: number): number => i * (nz + 1) + j;
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < nz; j++) indices.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
    }
  }
  return new TriangleMesh('tiles', vertices, indices);
}

const pointKey = (p: ArrayLike<number>, at: number): string => `${p[at]},${p[at + 1]},${p[at + 2]}`;
const edgeKey = (p: ArrayLike<number>, a: number, b: number): string => [pointKey(p, a), pointKey(p, b)].sort().join('|');

/**
 * For a surface where every shared edge is flat: an edge is active exactly when one triangle uses it
 * (by position), and a vertex exactly when such an edge ends at it. Checks every triangle's six bits and
 * returns the number of active and inactive edge sides seen.
 */
function expectActiveOnlyOnBorders(source: TriangleSource): { active: number; inactive: number } {
  const corners = new Float64Array(9);
  const uses = new Map<string, number>();
  for (let i = 0; i < source.triangleCount; i++) {
    if (!source.writeTriangle(i, corners)) continue;
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(corners, 3 * k, 3 * ((k + 1) % 3));
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const borderPoints = new Set<string>();
  for (const [key, count] of uses) if (count === 1) for (const p of key.split('|')) borderPoints.add(p);
  let active = 0, inactive = 0;
  for (let i = 0; i < source.triangleCount; i++) {
    if (!source.writeTriangle(i, corners)) { expect(source.activeFeatures(i)).toBe(0); continue; }
    const bits = source.activeFeatures(i);
    for (let k = 0; k < 3; k++) {
      const border = uses.get(edgeKey(corners, 3 * k, 3 * ((k + 1) % 3))) === 1;
      expect((bits >> k) & 1, `triangle ${i} edge ${k}`).toBe(border ? 1 : 0);
      if (border) active++; else inactive++;
      expect((bits >> (3 + k)) & 1, `triangle ${i} vertex ${k}`).toBe(borderPoints.has(pointKey(corners, 3 * k)) ? 1 : 0);
    }
  }
  return { active, inactive };
}

/** Whether the edge of triangle i between the corners at positions p and q is active. */
function edgeActive(source: TriangleSource, i: number, p: number[], q: number[]): boolean {
  const corners = new Float64Array(9);
  source.writeTriangle(i, corners);
  const want = edgeKey([...p, ...q], 0, 3);
  for (let k = 0; k < 3; k++) {
    if (edgeKey(corners, 3 * k, 3 * ((k + 1) % 3)) === want) return ((source.activeFeatures(i) >> k) & 1) === 1;
  }
  throw new Error(`triangle ${i} has no edge ${p} – ${q}`);
}

/** Two triangles facing up, meeting along the z axis from (0, 0, 0) to (0, 0, 1); their outer corners at x = −1 and x = 1 have heights leftY and rightY. */
function crease(leftY: number, rightY: number): TriangleMesh {
  return new TriangleMesh('crease', [0, 0, 0, 0, 0, 1, -1, leftY, 0.5, 1, rightY, 0.5], [0, 2, 1, 0, 1, 3]);
}

describe('TriangleMesh', () => {
  it('ray casts equal brute force over every triangle on random meshes of random triangles', () => {
    const random = mulberry32(11);
    let hits = 0, rays = 0;
    for (let m = 0; m < 4; m++) {
      const mesh = randomSoup(random, 300, 10, 1 + 2 * random());
      const cast = randomRays(random, mesh, 400);
      hits += compareRays(mesh, cast);
      rays += cast.length;
    }
    expect(hits).toBeGreaterThan(rays / 3);
  });

  it('a ray hitting a connected surface (a heightfield as a mesh) finds the brute-force nearest triangle, also through shared edges and corners', () => {
    const random = mulberry32(12);
    const mesh = heightfieldAsMesh(randomHeightfield(random, 12, 15, [11, 14], 3, 0)).mesh;
    const rays = randomRays(random, mesh, 500);
    // straight down through grid points and along grid lines
    for (let n = 0; n < 100; n++) {
      const x = -5.5 + 11 * Math.floor(random() * 15) / 14, z = -7 + 14 * Math.floor(random() * 12) / 11;
      rays.push({ o: [x, 10, n % 2 === 0 ? z : z + random()], d: [0, -1, 0], tMax: Infinity });
    }
    expect(compareRays(mesh, rays)).toBeGreaterThan(300);
  });

  it('box queries return exactly the triangles whose bounds overlap the box', () => {
    const random = mulberry32(13);
    const mesh = randomSoup(random, 500, 10, 1.5);
    let found = 0;
    for (let n = 0; n < 300; n++) {
      const lo = [random() * 12 - 1, random() * 12 - 1, random() * 12 - 1];
      const side = random() * 3;
      found += compareQuery(mesh, [...lo, lo[0] + side * random(), lo[1] + side * random(), lo[2] + side * random()]);
    }
    // a box exactly touching a triangle's bounds counts
    const corners = new Float64Array(9), bounds = new Float64Array(6);
    mesh.writeTriangle(7, corners);
    writeTriangleBounds(corners, bounds);
    expect(compareQuery(mesh, [bounds[3], bounds[4], bounds[5], bounds[3] + 1, bounds[4] + 1, bounds[5] + 1])).toBeGreaterThanOrEqual(1);
    expect(found).toBeGreaterThan(300);
  });

  it('a query stops when visit returns false, and a visit may query the mesh again', () => {
    const mesh = tileGrid(4, 4, false);
    let visits = 0;
    mesh.query([0, -1, 0, 4, 1, 4], () => { visits++; return false; });
    expect(visits).toBe(1);
    let inner = 0, outer = 0;
    mesh.query([0, -1, 0, 1, 1, 1], () => {
      outer++;
      mesh.query([3.5, -1, 3.5, 4, 1, 4], () => { inner++; return true; });
      return true;
    });
    expect(outer).toBeGreaterThan(0);
    expect(inner).toBe(2 * outer); // the far corner tile's two triangles, for each outer visit
  });

  it('a ray hits the back of a triangle with the normal turned toward its origin, and a ray of length 0 hits only where it starts', () => {
    const mesh = tileGrid(2, 2, false);
    const normal = new Float64Array(3), hit = new Int32Array(1);
    expect(castThrough(mesh, [0.3, 2, 0.6], [0, -1, 0], 10, normal, hit)).toBe(2);
    expect(Array.from(normal, (x) => x + 0)).toEqual([0, 1, 0]);
    expect(castThrough(mesh, [0.3, -2, 0.6], [0, 1, 0], 10, normal, hit)).toBe(2);
    expect(Array.from(normal, (x) => x + 0)).toEqual([0, -1, 0]);
    expect(castThrough(mesh, [0.3, -2, 0.6], [0, 1, 0], 1.5, normal, hit)).toBe(-1);
    expect(castThrough(mesh, [0.3, 0, 0.6], [0, 1, 0], 0, normal, hit)).toBe(0);
    expect(castThrough(mesh, [0.3, 0.1, 0.6], [0, -1, 0], 0, normal, hit)).toBe(-1);
  });

  it('a flat grid of 10 x 10 tiles has every inner edge inactive and every border edge and border vertex active', () => {
    const { active, inactive } = expectActiveOnlyOnBorders(tileGrid(10, 10, false));
    expect(active).toBe(40);
    expect(inactive).toBe(2 * (2 * 9 * 10 + 100)); // 180 inner tile borders and 100 diagonals, two sides each
  });

  it('the same grid with split vertices (each tile its own 4) finds the same inactive inner edges', () => {
    const mesh = tileGrid(10, 10, true);
    expect(mesh.vertices.length).toBe(3 * 400);
    const { active, inactive } = expectActiveOnlyOnBorders(mesh);
    expect([active, inactive]).toEqual([40, 560]);
  });

  it('a closed cube has its 12 edges active and its 6 face diagonals inactive; turned inside out (a room), all are inactive', () => {
    const vertices: number[] = [];
    for (let i = 0; i < 8; i++) vertices.push(i & 1, (i >> 1) & 1, (i >> 2) & 1);
    // each face's corners counter-clockwise seen from outside
    const faces = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];
    const outward: number[] = [], inward: number[] = [];
    for (const [a, b, c, d] of faces) {
      outward.push(a, b, c, a, c, d);
      inward.push(a, c, b, a, d, c);
    }
    const cube = new TriangleMesh('cube', vertices, outward), room = new TriangleMesh('room', vertices, inward);
    const n = new Float64Array(3), corners = new Float64Array(9);
    const seen = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      cube.writeNormal(i, n);
      cube.writeTriangle(i, corners);
      // outward normal: the centre lies behind every face
      expect(n[0] * (0.5 - corners[0]) + n[1] * (0.5 - corners[1]) + n[2] * (0.5 - corners[2])).toBeLessThan(0);
      for (let k = 0; k < 3; k++) {
        const a = 3 * k, b = 3 * ((k + 1) % 3);
        const differing = [0, 1, 2].filter((j) => corners[a + j] !== corners[b + j]).length;
        const isCubeEdge = differing === 1;
        expect(((cube.activeFeatures(i) >> k) & 1) === 1, `cube triangle ${i} edge ${k}`).toBe(isCubeEdge);
        seen.set(edgeKey(corners, a, b), differing);
      }
      expect(cube.activeFeatures(i) >> 3).toBe(7); // every corner of a cube is on a cube edge
      expect(room.activeFeatures(i), `room triangle ${i}`).toBe(0); // concave creases and flat diagonals
    }
    expect(seen.size).toBe(18);
    expect([...seen.values()].filter((d) => d === 1).length).toBe(12);
  });

  it('a V-shaped valley has its crease inactive; a ridge sharper than 5° has it active, a 3° ridge not', () => {
    const e0 = [0, 0, 0], e1 = [0, 0, 1];
    const creaseActive = (mesh: TriangleMesh): boolean[] => [edgeActive(mesh, 0, e0, e1), edgeActive(mesh, 1, e0, e1)];
    expect(creaseActive(crease(1, 1))).toEqual([false, false]); // valley, 90°
    expect(creaseActive(crease(Math.tan(0.1), Math.tan(0.1)))).toEqual([false, false]); // shallow valley, 11.5°
    expect(creaseActive(crease(-1, -1))).toEqual([true, true]); // ridge, 90°
    const slope = (degrees: number): number => -Math.tan((degrees / 2) * Math.PI / 180);
    expect(creaseActive(crease(slope(6), slope(6)))).toEqual([true, true]);
    expect(creaseActive(crease(slope(3), slope(3)))).toEqual([false, false]);
    expect(creaseActive(crease(0, slope(2 * 4.9)))).toEqual([false, false]); // one side flat, the other 4.9° down
    expect(creaseActive(crease(0, slope(2 * 5.1)))).toEqual([true, true]);
    expect(ACTIVE_EDGE_ANGLE).toBeCloseTo((5 * Math.PI) / 180, 15);
    // the outer edges are boundaries; the shared vertices are active on a ridge only through those
    const valley = crease(1, 1);
    expect(valley.activeFeatures(0) >> 3).toBe(7);
  });

  it('two triangles back to back (a two-sided sheet) have all their edges active', () => {
    const sheet = new TriangleMesh('sheet', [0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 2, 1, 0, 1, 2]);
    expect([sheet.activeFeatures(0), sheet.activeFeatures(1)]).toEqual([63, 63]);
  });

  it('an edge shared by three triangles is active', () => {
    // a fan of three flat-ish fins on the edge (0,0,0)–(0,0,1)
    const mesh = new TriangleMesh('fins', [0, 0, 0, 0, 0, 1, 1, 0, 0.5, -1, 0.01, 0.5, 0, 1, 0.5], [0, 2, 1, 0, 1, 3, 0, 4, 1]);
    for (let i = 0; i < 3; i++) expect(edgeActive(mesh, i, [0, 0, 0], [0, 0, 1]), `triangle ${i}`).toBe(true);
  });

  it('degenerate triangles (a repeated index, collinear corners, an area below 1e-12 of the size squared) are skipped and counted', () => {
    const vertices = [0, 0, 0, 10, 0, 0, 0, 0, 10, 5, 0, 0, 5, 1e-12, 1e-12, 0, 1e-11, 10];
    // size² = 10² + 10² + (1e-11)² ≈ 200, so a triangle is degenerate when |(b − a) × (c − a)| ≤ 2e-10:
    // [0, 2, 1] kept (|cross| 100); [0, 0, 1] a repeated index; [0, 1, 3] collinear; [0, 3, 4] tiny
    // (|cross| 7e-12); [3, 2, 1] kept (50); [0, 5, 2] a sliver of |cross| 1e-10
    const mesh = new TriangleMesh('m', vertices, [0, 2, 1, 0, 0, 1, 0, 1, 3, 0, 3, 4, 3, 2, 1, 0, 5, 2]);
    expect(mesh.skippedTriangles).toBe(4);
    expect(mesh.triangleCount).toBe(2);
    expect(Array.from(mesh.indices)).toEqual([0, 2, 1, 3, 2, 1]);
    const copy = new TriangleMesh('copy', mesh.describe().vertices, mesh.describe().indices);
    expect([copy.triangleCount, copy.skippedTriangles]).toEqual([2, 0]);
    expect(Array.from(copy.indices)).toEqual(Array.from(mesh.indices));
    expect(Array.from(mesh.bounds)).toEqual([0, 0, 0, 10, 0, 10]);
  });

  it('bad input is refused with the value named', () => {
    const make = (vertices: unknown, indices: unknown) => () => new TriangleMesh('mesh', vertices as number[], indices as number[]);
    expect(make(5, [])).toThrow(new TypeError('mesh: vertices must be an array of numbers (x, y, z per vertex), got 5'));
    expect(make([0, 0, 0, 1], [])).toThrow(new RangeError('mesh: vertices length must be a multiple of 3 (x, y, z per vertex), got 4'));
    expect(make([0, 0, 0, 1, 0, 0, 0, NaN, 0], [0, 1, 2])).toThrow(new RangeError('mesh: vertices[7] must be a finite number, got NaN'));
    expect(make(new Float32Array([0, 0, 0, 1, 0, Infinity]), [])).toThrow(new RangeError('mesh: vertices[5] must be a finite number, got Infinity'));
    expect(make([0, 0, 0, '1', 0, 0], [])).toThrow(new TypeError('mesh: vertices[3] must be a finite number, got "1"'));
    expect(make([0, 0, 0, 1, 0, 0, 0, 0, 1], null)).toThrow(new TypeError('mesh: indices must be an array of numbers (3 vertex indices per triangle), got null'));
    expect(make([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1])).toThrow(new RangeError('mesh: indices length must be a multiple of 3 (3 vertex indices per triangle), got 2'));
    expect(make([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1, 3])).toThrow(new RangeError('mesh: indices[2] must be an integer in [0, 3), got 3'));
    expect(make([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1.5, 2])).toThrow(new RangeError('mesh: indices[1] must be an integer in [0, 3), got 1.5'));
    expect(make([0, 0, 0, 1, 0, 0, 0, 0, 1], [-1, 1, 2])).toThrow(new RangeError('mesh: indices[0] must be an integer in [0, 3), got -1'));
    expect(make([0, 0, 0, 1, 0, 0, 2, 0, 0], [0, 1, 2, 1, 1, 2])).toThrow(
      new RangeError('mesh: no triangles left: 2 given, 2 degenerate (zero area or a repeated index)'),
    );
    expect(make([], [])).toThrow(new RangeError('mesh: no triangles left: 0 given, 0 degenerate (zero area or a repeated index)'));
    // typed arrays are taken as they are
    expect(new TriangleMesh('typed', new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1]), new Uint16Array([0, 2, 1])).triangleCount).toBe(1);
  });
});

/** The heightfield's triangles as a mesh on its grid points (one vertex per point, holes left out), with each mesh triangle's slot. */
function heightfieldAsMesh(field: Heightfield): { mesh: TriangleMesh; slots: number[] } {
  const { rows, columns } = field;
  const vertices: number[] = [], indices: number[] = [], slots: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const h = field.heights[r * columns + c];
      vertices.push((c / (columns - 1) - 0.5) * field.size[0], Number.isNaN(h) ? 0 : h, (r / (rows - 1) - 0.5) * field.size[1]);
    }
  }
  const corners = new Float64Array(9);
  for (let slot = 0; slot < field.triangleCount; slot++) {
    if (!field.writeTriangle(slot, corners)) continue;
    const k = slot >> 1, r = Math.floor(k / (columns - 1)), c = k % (columns - 1), p = r * columns + c;
    indices.push(...(slot % 2 === 0 ? [p, p + columns, p + columns + 1] : [p, p + columns + 1, p + 1]));
    slots.push(slot);
  }
  return { mesh: new TriangleMesh('as mesh', vertices, indices), slots };
}

describe('Heightfield', () => {
  it('puts the point of row r, column c at x = (c/(columns−1) − ½)·size[0], z = (r/(rows−1) − ½)·size[1], y = heights[r·columns + c]', () => {
    const heights = Array.from({ length: 12 }, (_, i) => 0.1 * i * i);
    const field = new Heightfield('field', heights, 3, 4, [6, 2]);
    expect(field.triangleCount).toBe(12);
    const point = (r: number, c: number): number[] => [(c / 3 - 0.5) * 6, heights[4 * r + c], (r / 2 - 0.5) * 2];
    const corners = new Float64Array(9);
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 3; c++) {
        const k = 3 * r + c;
        expect(field.writeTriangle(2 * k, corners)).toBe(true);
        expect(Array.from(corners)).toEqual([...point(r, c), ...point(r + 1, c), ...point(r + 1, c + 1)]);
        expect(field.writeTriangle(2 * k + 1, corners)).toBe(true);
        expect(Array.from(corners)).toEqual([...point(r, c), ...point(r + 1, c + 1), ...point(r, c + 1)]);
      }
    }
    expect(point(0, 0)).toEqual([-3, 0, -1]);
    expect(point(2, 3)).toEqual([3, heights[11], 1]);
    expect(Array.from(field.bounds)).toEqual([-3, 0, -1, 3, heights[11], 1]);
  });

  it('winds every triangle counter-clockwise seen from above: its unit normal (b − a) × (c − a) has y > 0', () => {
    const field = randomHeightfield(mulberry32(21), 9, 7, [3, 5], 4, 0.1);
    const corners = new Float64Array(9), n = new Float64Array(3);
    let checked = 0;
    for (let i = 0; i < field.triangleCount; i++) {
      field.writeNormal(i, n);
      if (!field.writeTriangle(i, corners)) { expect(Number.isNaN(n[1])).toBe(true); continue; }
      const e1 = [0, 1, 2].map((k) => corners[3 + k] - corners[k]), e2 = [0, 1, 2].map((k) => corners[6 + k] - corners[k]);
      const cross = unit([e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]]);
      expect(n[1]).toBeGreaterThan(0);
      for (let k = 0; k < 3; k++) expect(n[k]).toBeCloseTo(cross[k], 14);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('ray casts equal brute force over every triangle on random heightfields with holes, including rays straight down and along grid lines', () => {
    const random = mulberry32(22);
    let hits = 0;
    for (let m = 0; m < 4; m++) {
      const rows = 5 + Math.floor(random() * 20), columns = 5 + Math.floor(random() * 20);
      const size = [4 + random() * 20, 4 + random() * 20];
      const field = randomHeightfield(random, rows, columns, size, 1 + random() * 5, 0.08);
      const rays = randomRays(random, field, 400);
      const gridX = (c: number): number => (c / (columns - 1) - 0.5) * size[0];
      const gridZ = (r: number): number => (r / (rows - 1) - 0.5) * size[1];
      for (let n = 0; n < 200; n++) {
        const c = Math.floor(random() * columns), r = Math.floor(random() * rows);
        const kind = n % 4;
        if (kind === 0) rays.push({ o: [gridX(c), 10, gridZ(r)], d: [0, -1, 0], tMax: Infinity }); // through a grid point
        else if (kind === 1) rays.push({ o: [gridX(c), 8, -size[1]], d: unit([0, -1, random()]), tMax: Infinity }); // along a column line
        else if (kind === 2) rays.push({ o: [-size[0], 8, gridZ(r)], d: unit([random(), -1, 0]), tMax: Infinity }); // along a row line
        else rays.push({ o: [gridX(c) + random() - 0.5, -3, gridZ(r) + random() - 0.5], d: [0, 1, 0], tMax: 50 }); // from below
      }
      hits += compareRays(field, rays, 1e-9); // (heightfield.ts EDGE_SLACK)
    }
    expect(hits).toBeGreaterThan(800);
  });

  it('a ray from below hits with the normal turned down; one stopped short of the surface misses', () => {
    const field = new Heightfield('flat', new Array(25).fill(1), 5, 5, [4, 4]);
    const normal = new Float64Array(3), hit = new Int32Array(1);
    expect(castThrough(field, [0.3, -1, 0.2], [0, 1, 0], 10, normal, hit)).toBe(2);
    expect(normal[1]).toBe(-1);
    expect(castThrough(field, [0.3, 3, 0.2], [0, -1, 0], 10, normal, hit)).toBe(2);
    expect(normal[1]).toBe(1);
    expect(castThrough(field, [0.3, 3, 0.2], [0, -1, 0], 1.9, normal, hit)).toBe(-1);
    expect(hit[0]).toBe(-1);
    expect(castThrough(field, [5, 3, 0.2], [0, -1, 0], 10, normal, hit)).toBe(-1); // off the grid
  });

  it('box queries return exactly the triangles whose bounds overlap the box, holes left out', () => {
    const random = mulberry32(23);
    const field = randomHeightfield(random, 40, 33, [20, 25], 4, 0.05);
    let found = 0;
    for (let n = 0; n < 400; n++) {
      const lo = [random() * 24 - 12, random() * 5 - 0.5, random() * 28 - 14];
      const side = n % 10 === 0 ? 30 : 2 * random();
      const high = n % 10 === 0 ? 0.2 : side * random(); // some wide flat boxes
      found += compareQuery(field, [lo[0], lo[1], lo[2], lo[0] + side * random(), lo[1] + high, lo[2] + side * random()]);
    }
    // boxes whose faces lie on grid lines (touching cells count)
    for (let n = 0; n < 50; n++) {
      const c = Math.floor(random() * 33), r = Math.floor(random() * 40);
      const x = (c / 32 - 0.5) * 20, z = (r / 39 - 0.5) * 25;
      found += compareQuery(field, [x, -1, z, x + (n % 2) * 0.3, 5, z]);
    }
    expect(compareQuery(field, [-100, -100, -100, 100, 100, 100])).toBeGreaterThan(0.6 * field.triangleCount);
    expect(compareQuery(field, [-100, 4.5, -100, 100, 100, 100])).toBe(0);
    expect(found).toBeGreaterThan(1000);
  });

  it('a flat heightfield has only its outer border edges and points active', () => {
    const field = new Heightfield('flat', new Array(30).fill(0.5), 5, 6, [5, 4]);
    const { active, inactive } = expectActiveOnlyOnBorders(field);
    expect(active).toBe(2 * (5 + 4));
    expect(inactive).toBe(2 * 4 * 5 * 3 - 18);
  });

  it('a heightfield with a hole has the hole\'s border edges active too', () => {
    const heights = new Array(49).fill(0);
    heights[3 * 7 + 3] = NaN; // the 6 triangles around point (3, 3) are holes (as Jolt's), no more
    const field = new Heightfield('holed', heights, 7, 7, [6, 6]);
    const { active } = expectActiveOnlyOnBorders(field);
    expect(active).toBe(24 + 6); // 24 outer border edges, 6 around the hexagonal hole
    const corners = new Float64Array(9);
    // cell (2, 2), whose P11 is the point: both slots; cell (2, 3), whose P10 it is: slot 2k alone
    expect(field.writeTriangle(2 * (2 * 6 + 2), corners)).toBe(false);
    expect(field.writeTriangle(2 * (2 * 6 + 2) + 1, corners)).toBe(false);
    expect(field.activeFeatures(2 * (2 * 6 + 2))).toBe(0);
    expect(field.writeTriangle(2 * (2 * 6 + 3), corners)).toBe(false);
    expect(field.writeTriangle(2 * (2 * 6 + 3) + 1, corners)).toBe(true);
  });

  it('a heightfield\'s active edges and vertices equal those of the mesh of its triangles (ridges, valleys, holes)', () => {
    const random = mulberry32(24);
    for (let m = 0; m < 5; m++) {
      const rows = 4 + Math.floor(random() * 12), columns = 4 + Math.floor(random() * 12);
      // smooth waves (many nearly flat edges) plus noise on some fields
      const heights: number[] = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          heights.push(random() < 0.05 ? NaN : Math.sin(c * 0.3) + Math.cos(r * 0.4) + (m % 2) * 0.05 * random());
        }
      }
      const field = new Heightfield('waves', heights, rows, columns, [columns - 1, rows - 1]);
      const { mesh, slots } = heightfieldAsMesh(field);
      let inactive = 0;
      for (let t = 0; t < mesh.triangleCount; t++) {
        expect(field.activeFeatures(slots[t]), `slot ${slots[t]}`).toBe(mesh.activeFeatures(t));
        for (let k = 0; k < 3; k++) if (((mesh.activeFeatures(t) >> k) & 1) === 0) inactive++;
      }
      expect(inactive).toBeGreaterThan(0);
    }
  });

  it('a ridge across a heightfield is active along its crest, a valley is not', () => {
    // columns 0..4 at x = −2..2; y = −|x| (a ridge along z at x = 0) and +|x| (a valley)
    const ridge: number[] = [], valley: number[] = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 5; c++) { ridge.push(-Math.abs(c - 2)); valley.push(Math.abs(c - 2)); }
    for (const [heights, crestActive] of [[ridge, true], [valley, false]] as const) {
      const field = new Heightfield('crest', heights, 3, 5, [4, 2]);
      // cell (0, 1)'s slot 2k + 1 has the crest x = 0 as its east edge bc
      const slot = 2 * 1 + 1;
      expect(((field.activeFeatures(slot) >> 1) & 1) === 1).toBe(crestActive);
      expect(((field.activeFeatures(slot + 1) >> 0) & 1) === 1).toBe(crestActive); // cell (0, 2)'s west edge
    }
  });

  it('describe() rebuilds the same heightfield, holes kept', () => {
    const field = randomHeightfield(mulberry32(25), 6, 8, [3, 2], 2, 0.2);
    const described = field.describe();
    expect(described.heights.some(Number.isNaN)).toBe(true);
    const copy = new Heightfield('copy', described.heights, described.rows, described.columns, described.size);
    expect(Array.from(copy.heights)).toEqual(Array.from(field.heights));
    expect(Array.from(copy.bounds)).toEqual(Array.from(field.bounds));
    for (let i = 0; i < field.triangleCount; i++) expect(copy.activeFeatures(i)).toBe(field.activeFeatures(i));
  });

  it('bad input is refused with the value named', () => {
    const make = (heights: unknown, rows: unknown, columns: unknown, size: unknown) => () =>
      new Heightfield('ground', heights as number[], rows as number, columns as number, size as number[]);
    const four = [0, 0, 0, 0];
    expect(make(four, 1, 4, [1, 1])).toThrow(new RangeError('ground: rows must be an integer ≥ 2, got 1'));
    expect(make(four, 2, 2.5, [1, 1])).toThrow(new RangeError('ground: columns must be an integer ≥ 2, got 2.5'));
    expect(make('0000', 2, 2, [1, 1])).toThrow(new TypeError('ground: heights must be an array of numbers (row by row), got "0000"'));
    expect(make([0, 0, 0], 2, 2, [1, 1])).toThrow(new RangeError('ground: heights must hold rows · columns = 2 · 2 = 4 numbers, got 3'));
    expect(make([0, 0, -Infinity, 0], 2, 2, [1, 1])).toThrow(new RangeError('ground: heights[2] must be a finite number or NaN (a hole), got -Infinity'));
    expect(make([0, null, 0, 0], 2, 2, [1, 1])).toThrow(new TypeError('ground: heights[1] must be a finite number or NaN (a hole), got null'));
    expect(make(four, 2, 2, [1, 0])).toThrow(new RangeError('ground: size must be [x, z], two finite numbers > 0, got [1, 0]'));
    expect(make(four, 2, 2, [1, Infinity])).toThrow(new RangeError('ground: size must be [x, z], two finite numbers > 0, got [1, Infinity]'));
    expect(make(four, 2, 2, 3)).toThrow(new RangeError('ground: size must be [x, z], two finite numbers > 0, got 3'));
    // all holes: allowed, with nothing to find
    const empty = new Heightfield('empty', [NaN, NaN, NaN, NaN], 2, 2, [1, 1]);
    expect(compareQuery(empty, [-1, -1, -1, 1, 1, 1])).toBe(0);
    expect(castThrough(empty, [0, 1, 0], [0, -1, 0], 5, new Float64Array(3), new Int32Array(1))).toBe(-1);
  });
});
