// A heightfield: a regular grid of heights over the local x/z plane, two triangles per cell, NaN heights
// marking holes. The grid is its own acceleration structure: an overlap query walks the cells under the
// box (skipping 8 x 8 blocks of cells whose height range misses it), and a ray cast walks the cells under
// the ray's x/z projection in the order it crosses them. For the contacts, a box over more cells than
// their budget walks an evenly spread grid of them instead (querySample).
//
// Grid. The point of row r and column c is
//   x = (c/(columns − 1) − ½)·size[0],  y = heights[r·columns + c],  z = (r/(rows − 1) − ½)·size[1]
// (the grid is centred on the origin). Cell (r, c) spans columns c, c + 1 and rows r, r + 1; its corners
//   P00 = (r, c), P10 = (r + 1, c), P11 = (r + 1, c + 1), P01 = (r, c + 1)
// make triangle slot 2k, (P00, P10, P11), and slot 2k + 1, (P00, P11, P01), k = r·(columns − 1) + c,
// split along the diagonal P00–P11. Both are counter-clockwise seen from above: on a flat grid with cells
// of dx by dz, (P10 − P00) × (P11 − P00) = (0, 0, dz) × (dx, 0, dz) = (0, dz·dx, 0), facing +y.
// A triangle with a NaN corner is a hole: its slot holds no triangle. A NaN height thus removes the six
// triangles around its point and no more (as Jolt's HeightFieldShape), so the ground around a single
// hole's point stays whole.
//
//          x →      c           c + 1
//    z    r        P00 ──ca(1)── P01
//    ↓              │ ╲    1      │        slot 2k + 1: edges ab = the diagonal, bc = east, ca = north
//                 ab(0)  ╲       bc(1)
//                   │  0   ╲      │        slot 2k:     edges ab = west, bc = south, ca = the diagonal
//         r + 1    P10 ──bc(0)── P11
//
// Active edges (triangle-source.ts) come from the grid's neighbours: the diagonal from the cell's two
// triangles, a border between two cells from the triangles on either side; an edge next to a hole or on
// the outside of the grid is active.

import { isEdgeActive, RAY_T, RAY_T_MAX, rayTriangle, writeFacingNormal, writeTriangleNormal, type TriangleSource, EDGE_AB, EDGE_BC, EDGE_CA } from './triangle-source.js';
import { isArrayLike, requireInteger, show, showBound } from '../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../limits.js';

/** Cells per side of a block of the coarse height range the query skips by. */
const BLOCK = 8;
/** A ray cast's slack at the cells' edges, as a share of a cell: a ray within it of a cell's triangle
 * that is not a hole hits that triangle (rayTriangle's slack; the walk's still axes). Without it, rays straight
 * down through the points of a 32 x 32 grid beside holes missed up to 27 solid points of 900 (Jolt's
 * HeightFieldShapeTests TestPlane: offset (3, 5, 7), scale (9, 13, 17), 10 holes; the grid's own
 * coordinates round differently from the caller's 3 + 9 c). */
const EDGE_SLACK = 1e-9;

// Corners of a cell in a 12-number scratch: P00, P10, P11, P01. Slot 2k is (P00, P10, P11), 2k + 1 is (P00, P11, P01).
const P00 = 0, P10 = 3, P11 = 6, P01 = 9;
/** rayNumbers' slots past rayTriangle's two. */
const RAY_START_X = 2, RAY_START_Z = 3;

// The grid's coordinates are evenly spaced, so a cell is guessed from v by proportion and then moved to
// the exact answer by comparisons with the coordinates themselves (a step or none: the guess is off only
// by rounding), the answer a binary search over them gives. NaN gives what the binary search gave.

/** The cell v falls in by proportion, clamped to [0, n − 2]. */
function guessCell(coords: Float64Array, v: number): number {
  const last = coords.length - 1, g = Math.floor(((v - coords[0]) / (coords[last] - coords[0])) * last);
  return g < 0 ? 0 : g > last - 1 ? last - 1 : g;
}

/** The smallest cell c in [0, n − 2] whose range [coords[c], coords[c + 1]] reaches v = values[at]
 * (coords[c + 1] ≥ v); n − 2 if none. (v read from an array: a double passed to a call V8 does not inline
 * is boxed.) @internal */
export function firstCell(coords: Float64Array, values: ArrayLike<number>, at: number): number {
  const v = values[at];
  if (v !== v) return coords.length - 2;
  let c = guessCell(coords, v);
  while (c > 0 && coords[c] >= v) c--;
  while (c < coords.length - 2 && coords[c + 1] < v) c++;
  return c;
}

/** The largest cell c in [0, n − 2] whose range starts at or before v = values[at] (coords[c] ≤ v); 0 if
 * none. @internal */
export function lastCell(coords: Float64Array, values: ArrayLike<number>, at: number): number {
  const v = values[at];
  if (v !== v) return 0;
  let c = guessCell(coords, v);
  while (c < coords.length - 2 && coords[c + 1] <= v) c++;
  while (c > 0 && coords[c] > v) c--;
  return c;
}

/** The largest power of two ≤ n (n ≥ 1). */
function largestPowerOfTwo(n: number): number {
  let p = 1;
  while (2 * p <= n) p *= 2;
  return p;
}

/** How many multiples of s lie in [from, to] (from ≥ 0). */
function multiples(from: number, to: number, s: number): number {
  return Math.floor(to / s) - Math.ceil(from / s) + 1;
}

/** The most heights one heightfield holds (2²⁶, 67 million: 512 MB of doubles; a 4097² field is 16.8
 * million). A claimed rows · columns of 1e18 is refused by name before anything is allocated. */
const MAX_HEIGHTFIELD_SAMPLES = 2 ** 26;

export class Heightfield implements TriangleSource {
  readonly rows: number;
  readonly columns: number;
  /** The heights as given, row by row (NaN for holes). */
  readonly heights: Float64Array;
  /** The grid's extent along x and z. */
  readonly size = new Float64Array(2);
  readonly triangleCount: number;
  /** x and z as the grid spans them; y over the corners of the triangles that are not holes (0 to 0 when all are). */
  readonly bounds = new Float64Array(6);
  /** Each column's x and each row's z (the grid formula, computed once so every use rounds alike). */
  private readonly xs: Float64Array;
  private readonly zs: Float64Array;
  /** activeFeatures' bits per slot (0 for a hole). */
  private readonly features: Uint8Array;
  /** Blocks of BLOCK x BLOCK cells: the lowest and highest corner of their triangles that are not holes. */
  private readonly blockColumns: number;
  private readonly blockLow: Float64Array;
  private readonly blockHigh: Float64Array;
  /** One cell's corners, for writeTriangle, writeNormal and the ray cast. */
  private readonly corners = new Float64Array(12);
  // The ray cast's nearest hit so far.
  private rayT = -1;
  private rayTriangle = -1;
  /** The current ray's tMax and a triangle's hit t (rayTriangle's RAY_T_MAX, RAY_T), for castCell, and
   * where the ray enters the grid (RAY_START_X, RAY_START_Z), for firstCell and lastCell. */
  private readonly rayNumbers = new Float64Array(4);

  constructor(where: string, heights: ArrayLike<number>, rows: number, columns: number, size: ArrayLike<number>) {
    requireInteger(where, 'rows', rows, 2);
    requireInteger(where, 'columns', columns, 2);
    if (rows * columns > MAX_HEIGHTFIELD_SAMPLES) {
      throw new RangeError(`${where}: a heightfield holds at most ${MAX_HEIGHTFIELD_SAMPLES} heights (${showBound(MAX_HEIGHTFIELD_SAMPLES)}; README, "Limits"), got rows · columns = ${rows} · ${columns} = ${show(rows * columns)}`);
    }
    if (!isArrayLike(heights)) throw new TypeError(`${where}: heights must be an array of numbers (row by row), got ${show(heights)}`);
    const length = heights.length;
    if (length !== rows * columns) {
      throw new RangeError(`${where}: heights must hold rows · columns = ${rows} · ${columns} = ${rows * columns} numbers, got ${show(length)}`);
    }
    const values = new Float64Array(rows * columns);
    for (let i = 0; i < values.length; i++) {
      const y = (heights as ArrayLike<unknown>)[i];
      if (typeof y !== 'number') throw new TypeError(`${where}: heights[${i}] must be a finite number or NaN (a hole), got ${show(y)}`);
      if (y === Infinity || y === -Infinity) throw new RangeError(`${where}: heights[${i}] must be a finite number or NaN (a hole), got ${show(y)}`);
      if (Math.abs(y) > MAX_LENGTH) throw new RangeError(`${where}: heights[${i}] must be within ±${showBound(MAX_LENGTH)} m (README, "Limits"), got ${show(y)}`);
      values[i] = y + 0; // −0 kept as +0: a snapshot's JSON cannot tell them apart
    }
    // read once: the numbers checked are the numbers kept
    const pair = isArrayLike(size) && size.length === 2;
    const sizeX = pair ? size[0] : NaN, sizeZ = pair ? size[1] : NaN;
    if (!(typeof sizeX === 'number' && typeof sizeZ === 'number' && sizeX > 0 && sizeX < Infinity && sizeZ > 0 && sizeZ < Infinity)) {
      throw new RangeError(`${where}: size must be [x, z], two finite numbers > 0, got ${show(size)}`);
    }
    if (!(sizeX <= MAX_LENGTH && sizeZ <= MAX_LENGTH)) {
      throw new RangeError(`${where}: size must be at most ${showBound(MAX_LENGTH)} m on each side (README, "Limits"), got ${show([sizeX, sizeZ])}`);
    }
    // Cells at least MIN_LENGTH on each side (lib/limits.ts): a triangle's normal is then its edges' cross
    // product, at least dx·dz ≥ 1e-12 m² long, over that length, where cells of 1e-100 m squared it to 0.
    const cellWidth = sizeX / (columns - 1), cellDepth = sizeZ / (rows - 1);
    if (!(cellWidth >= MIN_LENGTH)) {
      throw new RangeError(
        `${where}: heightfield cell width size[0] / (columns − 1) must be at least ${showBound(MIN_LENGTH)} m (README, "Limits"), got ${show(sizeX)} / ${columns - 1} = ${show(cellWidth)}`,
      );
    }
    if (!(cellDepth >= MIN_LENGTH)) {
      throw new RangeError(
        `${where}: heightfield cell depth size[1] / (rows − 1) must be at least ${showBound(MIN_LENGTH)} m (README, "Limits"), got ${show(sizeZ)} / ${rows - 1} = ${show(cellDepth)}`,
      );
    }
    this.rows = rows;
    this.columns = columns;
    this.heights = values;
    this.size[0] = sizeX; this.size[1] = sizeZ;
    this.xs = new Float64Array(columns);
    for (let c = 0; c < columns; c++) this.xs[c] = (c / (columns - 1) - 0.5) * sizeX;
    this.zs = new Float64Array(rows);
    for (let r = 0; r < rows; r++) this.zs[r] = (r / (rows - 1) - 0.5) * sizeZ;
    const cellColumns = columns - 1, cellRows = rows - 1;
    this.triangleCount = 2 * cellRows * cellColumns;

    // The blocks' height ranges, and from them the bounds.
    this.blockColumns = Math.ceil(cellColumns / BLOCK);
    const blockCount = this.blockColumns * Math.ceil(cellRows / BLOCK);
    this.blockLow = new Float64Array(blockCount).fill(Infinity);
    this.blockHigh = new Float64Array(blockCount).fill(-Infinity);
    let low = Infinity, high = -Infinity;
    for (let r = 0; r < cellRows; r++) {
      for (let c = 0; c < cellColumns; c++) {
        const p = r * columns + c;
        const h00 = values[p], h01 = values[p + 1], h10 = values[p + columns], h11 = values[p + columns + 1];
        // the corners of the cell's triangles that are not holes (slot 2k: h00, h10, h11; 2k + 1: h00, h11, h01)
        const solid0 = !Number.isNaN(h00 + h10 + h11), solid1 = !Number.isNaN(h00 + h11 + h01);
        if (!solid0 && !solid1) continue; // both holes
        const cellLow = solid0 && solid1 ? Math.min(h00, h01, h10, h11) : solid0 ? Math.min(h00, h10, h11) : Math.min(h00, h11, h01);
        const cellHigh = solid0 && solid1 ? Math.max(h00, h01, h10, h11) : solid0 ? Math.max(h00, h10, h11) : Math.max(h00, h11, h01);
        const block = ((r / BLOCK) | 0) * this.blockColumns + ((c / BLOCK) | 0);
        if (cellLow < this.blockLow[block]) this.blockLow[block] = cellLow;
        if (cellHigh > this.blockHigh[block]) this.blockHigh[block] = cellHigh;
        if (cellLow < low) low = cellLow;
        if (cellHigh > high) high = cellHigh;
      }
    }
    if (low > high) low = high = 0;
    const bounds = this.bounds;
    bounds[0] = this.xs[0]; bounds[1] = low; bounds[2] = this.zs[0];
    bounds[3] = this.xs[columns - 1]; bounds[4] = high; bounds[5] = this.zs[rows - 1];

    this.features = this.findActiveFeatures();
  }

  writeTriangle(i: number, out: Float64Array): boolean {
    const corners = this.corners;
    if (!this.loadSlot(i)) return false;
    const second = (i & 1) === 1;
    // slot 2k: P00, P10, P11; slot 2k + 1: P00, P11, P01
    const b = second ? P11 : P10, c = second ? P01 : P11;
    for (let k = 0; k < 3; k++) {
      out[k] = corners[P00 + k];
      out[3 + k] = corners[b + k];
      out[6 + k] = corners[c + k];
    }
    return true;
  }

  /** The unit front normal (y > 0) of slot i; NaN for a hole. */
  writeNormal(i: number, out: Float64Array): void {
    const corners = this.corners;
    if (!this.loadSlot(i)) out.fill(NaN, 0, 3);
    else if ((i & 1) === 0) writeTriangleNormal(corners, P00, P10, P11, out, 0);
    else writeTriangleNormal(corners, P00, P11, P01, out, 0);
  }

  activeFeatures(i: number): number {
    return this.features[i];
  }

  query(box: ArrayLike<number>, visit: (triangle: number) => boolean): void {
    const bounds = this.bounds;
    // Written so that a NaN in the box overlaps nothing.
    if (!(box[0] <= bounds[3] && bounds[0] <= box[3] && box[1] <= bounds[4] && bounds[1] <= box[4] && box[2] <= bounds[5] && bounds[2] <= box[5])) return;
    const minY = box[1], maxY = box[4];
    const xs = this.xs, zs = this.zs, heights = this.heights, columns = this.columns, cellColumns = columns - 1;
    // The cells whose x and z ranges overlap the box's (touching counts), the same ranges as the triangles' bounds.
    const c0 = firstCell(xs, box, 0), c1 = lastCell(xs, box, 3);
    const r0 = firstCell(zs, box, 2), r1 = lastCell(zs, box, 5);
    for (let br = (r0 / BLOCK) | 0, brEnd = (r1 / BLOCK) | 0; br <= brEnd; br++) {
      for (let bc = (c0 / BLOCK) | 0, bcEnd = (c1 / BLOCK) | 0; bc <= bcEnd; bc++) {
        const block = br * this.blockColumns + bc;
        if (this.blockLow[block] > maxY || this.blockHigh[block] < minY) continue;
        const rEnd = Math.min(r1, br * BLOCK + BLOCK - 1), cEnd = Math.min(c1, bc * BLOCK + BLOCK - 1);
        for (let r = Math.max(r0, br * BLOCK); r <= rEnd; r++) {
          for (let c = Math.max(c0, bc * BLOCK); c <= cEnd; c++) {
            const p = r * columns + c;
            const h00 = heights[p], h01 = heights[p + 1], h10 = heights[p + columns], h11 = heights[p + columns + 1];
            const slot = 2 * (r * cellColumns + c);
            // slot 2k spans h00, h10, h11 in y; slot 2k + 1 spans h00, h11, h01 (a hole's NaN fails both tests)
            if (Math.min(h00, h10, h11) <= maxY && minY <= Math.max(h00, h10, h11) && visit(slot) === false) return;
            if (Math.min(h00, h11, h01) <= maxY && minY <= Math.max(h00, h11, h01) && visit(slot + 1) === false) return;
          }
        }
      }
    }
  }

  /**
   * As query when the box spans at most budget / 2 cells (x by z, whatever their heights); past that, the
   * cells whose row is a multiple of sr and column a multiple of sc, the strides powers of two chosen so
   * that at most budget / 2 cells are looked at: a grid of cells spread evenly under the box, fixed to the
   * heightfield (a box that moves a little keeps them, and a stride twice as long keeps every other one),
   * on each axis at least one (any sr consecutive rows hold a multiple of sr, and sr never exceeds the
   * rows spanned). Its cost is bounded by the budget, not by the cells under the box. Returns 0 for the
   * plain query, else the diagonal of sr by sc cells: no point of the grid is farther from a sampled cell.
   */
  querySample(box: ArrayLike<number>, budget: number, visit: (triangle: number) => boolean): number {
    const bounds = this.bounds;
    if (!(box[0] <= bounds[3] && bounds[0] <= box[3] && box[1] <= bounds[4] && bounds[1] <= box[4] && box[2] <= bounds[5] && bounds[2] <= box[5])) return 0;
    const xs = this.xs, zs = this.zs;
    const c0 = firstCell(xs, box, 0), c1 = lastCell(xs, box, 3);
    const r0 = firstCell(zs, box, 2), r1 = lastCell(zs, box, 5);
    const spanRows = r1 - r0 + 1, spanColumns = c1 - c0 + 1, cellBudget = Math.max(4, budget >> 1);
    if (spanRows * spanColumns <= cellBudget) {
      this.query(box, visit);
      return 0;
    }
    let stride = 2, sr = 1, sc = 1;
    for (; ; stride *= 2) {
      sr = Math.min(stride, largestPowerOfTwo(spanRows));
      sc = Math.min(stride, largestPowerOfTwo(spanColumns));
      // (a stride of the largest power of two within the span leaves at most 2 on that axis)
      if (multiples(r0, r1, sr) * multiples(c0, c1, sc) <= cellBudget) break;
    }
    const minY = box[1], maxY = box[4], heights = this.heights, columns = this.columns, cellColumns = columns - 1;
    const spacing = Math.hypot((sc * this.size[0]) / cellColumns, (sr * this.size[1]) / (this.rows - 1));
    for (let r = Math.ceil(r0 / sr) * sr; r <= r1; r += sr) {
      for (let c = Math.ceil(c0 / sc) * sc; c <= c1; c += sc) {
        const p = r * columns + c;
        const h00 = heights[p], h01 = heights[p + 1], h10 = heights[p + columns], h11 = heights[p + columns + 1];
        const slot = 2 * (r * cellColumns + c);
        // (a hole's NaN fails both tests)
        if (Math.min(h00, h10, h11) <= maxY && minY <= Math.max(h00, h10, h11) && visit(slot) === false) return spacing;
        if (Math.min(h00, h11, h01) <= maxY && minY <= Math.max(h00, h11, h01) && visit(slot + 1) === false) return spacing;
      }
    }
    return spacing;
  }

  /**
   * The ray against the grid, walking the cells under its x/z projection in the order it crosses them (a
   * 2D digital differential analyser: Amanatides and Woo, "A fast voxel traversal algorithm for ray
   * tracing", Eurographics 1987), from where it enters the bounds to where it leaves them or reaches
   * tMax. A cell's triangles lie over the cell, so the first cell with a hit holds the nearest one. On an
   * axis the projection does not move along, a ray exactly on a grid line tests the cells on both sides
   * of it (a vertical ray through a grid point tests its 4 cells).
   */
  rayCast(o: ArrayLike<number>, d: ArrayLike<number>, ray: Float64Array, normal: Float64Array, hit: Int32Array): boolean {
    hit[0] = -1;
    const tMax = ray[RAY_T_MAX];
    const bounds = this.bounds;
    // The segment's part within the bounds, grown by a hair so that rounding in the slab test cannot cut
    // off a hit on the bounds' faces (the cells are found from the grid itself, clamped to it).
    const grow = 1e-9 * (this.size[0] + this.size[1] + bounds[4] - bounds[1]);
    let enter = 0, exit = tMax;
    for (let k = 0; k < 3; k++) {
      const lo = bounds[k] - grow, hi = bounds[k + 3] + grow, inverse = 1 / d[k];
      if (!Number.isFinite(inverse)) {
        if (!(o[k] >= lo && o[k] <= hi)) return false;
      } else {
        const t1 = (lo - o[k]) * inverse, t2 = (hi - o[k]) * inverse;
        enter = Math.max(enter, Math.min(t1, t2));
        exit = Math.min(exit, Math.max(t1, t2));
      }
      if (!(enter <= exit)) return false;
    }
    const xs = this.xs, zs = this.zs, cellColumns = this.columns - 1, cellRows = this.rows - 1;
    const ox = o[0], oz = o[2], dx = d[0], dz = d[2];
    const px = ox + enter * dx, pz = oz + enter * dz;
    // The first cell: on a moving axis the one the ray goes on into; on a still one, all it lies in, or
    // lies within EDGE_SLACK of a cell of (a ray straight down a grid line or through a grid point meets
    // the cells on both sides: one of them may be a hole, and where the grid's coordinates round, the ray
    // is in that one).
    const at = this.rayNumbers;
    at[RAY_START_X] = px; at[RAY_START_Z] = pz;
    let c = dx > 0 ? lastCell(xs, at, RAY_START_X) : firstCell(xs, at, RAY_START_X);
    let r = dz > 0 ? lastCell(zs, at, RAY_START_Z) : firstCell(zs, at, RAY_START_Z);
    let cHigh = -1, rHigh = -1;
    if (dx === 0) {
      const slack = EDGE_SLACK * (xs[1] - xs[0]);
      at[RAY_START_X] = px - slack;
      c = firstCell(xs, at, RAY_START_X);
      at[RAY_START_X] = px + slack;
      cHigh = lastCell(xs, at, RAY_START_X);
    }
    if (dz === 0) {
      const slack = EDGE_SLACK * (zs[1] - zs[0]);
      at[RAY_START_Z] = pz - slack;
      r = firstCell(zs, at, RAY_START_Z);
      at[RAY_START_Z] = pz + slack;
      rHigh = lastCell(zs, at, RAY_START_Z);
    }
    const stepC = dx > 0 ? 1 : -1, stepR = dz > 0 ? 1 : -1;
    this.rayT = -1;
    this.rayTriangle = -1;
    this.rayNumbers[RAY_T_MAX] = tMax;
    while (true) {
      for (let row = r, rowEnd = Math.max(r, rHigh); row <= rowEnd; row++) {
        for (let column = c, columnEnd = Math.max(c, cHigh); column <= columnEnd; column++) this.castCell(row, column, o, d);
      }
      if (this.rayTriangle >= 0) break;
      // The t at which the ray crosses into the next column and the next row (Infinity on a still axis).
      const nextX = dx > 0 ? (xs[c + 1] - ox) / dx : dx < 0 ? (xs[c] - ox) / dx : Infinity;
      const nextZ = dz > 0 ? (zs[r + 1] - oz) / dz : dz < 0 ? (zs[r] - oz) / dz : Infinity;
      if (nextX <= nextZ) {
        if (!(nextX <= exit)) break;
        c += stepC;
        if (c < 0 || c >= cellColumns) break;
      } else {
        if (!(nextZ <= exit)) break;
        r += stepR;
        if (r < 0 || r >= cellRows) break;
      }
    }
    const triangle = this.rayTriangle;
    if (triangle < 0) return false;
    hit[0] = triangle;
    this.writeNormal(triangle, normal);
    writeFacingNormal(normal, 0, d, normal);
    ray[RAY_T] = this.rayT;
    return true;
  }

  /** The options that rebuild this heightfield. */
  describe(): { heights: number[]; rows: number; columns: number; size: [number, number] } {
    return { heights: Array.from(this.heights), rows: this.rows, columns: this.columns, size: [this.size[0], this.size[1]] };
  }

  /** Cell k's corners P00, P10, P11, P01 into `corners` (12 numbers). The contacts ask for a triangle and
   * then its normal: the second finds its cell loaded (cornersCell). */
  private loadCell(k: number): void {
    if (k === this.cornersCell) return;
    const cellColumns = this.columns - 1;
    const r = (k / cellColumns) | 0, c = k - r * cellColumns;
    this.loadCorners(r, c, this.corners);
    this.cornersCell = k;
  }
  /** Slot i's cell loaded into `corners`; false when slot i is a hole. */
  private loadSlot(i: number): boolean {
    this.loadCell(i >> 1);
    const out = this.corners;
    // slot 2k: P00, P10, P11; slot 2k + 1: P00, P11, P01
    return !Number.isNaN(out[P00 + 1] + out[P11 + 1] + ((i & 1) === 0 ? out[P10 + 1] : out[P01 + 1]));
  }
  /** The cell loadCell last loaded into `corners`, or −1 (since overwritten by loadCorners). */
  private cornersCell = -1;

  /** The corners of cell (r, c) into out: P00, P10, P11, P01. */
  private loadCorners(r: number, c: number, out: Float64Array): void {
    if (out === this.corners) this.cornersCell = -1;
    const xs = this.xs, zs = this.zs, heights = this.heights, columns = this.columns;
    const p = r * columns + c;
    const x0 = xs[c], x1 = xs[c + 1], z0 = zs[r], z1 = zs[r + 1];
    out[P00] = x0; out[P00 + 1] = heights[p]; out[P00 + 2] = z0;
    out[P10] = x0; out[P10 + 1] = heights[p + columns]; out[P10 + 2] = z1;
    out[P11] = x1; out[P11 + 1] = heights[p + columns + 1]; out[P11 + 2] = z1;
    out[P01] = x1; out[P01 + 1] = heights[p + 1]; out[P01 + 2] = z0;
  }

  /** Tests the ray against cell (r, c)'s two triangles, keeping the nearest hit (the lower slot on a tie). */
  private castCell(r: number, c: number, o: ArrayLike<number>, d: ArrayLike<number>): void {
    // (tMax in an array: a double passed to a call V8 does not inline is boxed, 16 bytes a cell)
    const corners = this.corners, ray = this.rayNumbers, cell = r * (this.columns - 1) + c;
    const slot = 2 * cell;
    for (let side = 0; side < 2; side++) {
      // (through loadSlot, so that the hit's normal finds its cell loaded)
      if (!this.loadSlot(slot + side)) continue; // a hole
      const hit = side === 0 ? rayTriangle(o, d, corners, P00, P10, P11, ray, EDGE_SLACK) : rayTriangle(o, d, corners, P00, P11, P01, ray, EDGE_SLACK);
      if (!hit) continue;
      const t = ray[RAY_T];
      if (this.rayTriangle < 0 || t < this.rayT || (t === this.rayT && slot + side < this.rayTriangle)) {
        this.rayT = t;
        this.rayTriangle = slot + side;
      }
    }
  }

  /**
   * activeFeatures' bits per slot. Row by row, each cell settles its diagonal between its two triangles,
   * its east border between its slot 2k + 1 and the east cell's slot 2k, and its south border between its
   * slot 2k and the south cell's slot 2k + 1: an edge between two triangles that are not holes is active
   * when isEdgeActive says so, an edge of a triangle whose neighbour across it is a hole or off the grid
   * is active. A triangle's west and north borders are settled likewise by the cells there, or marked
   * active on the grid's outside. Then a grid point is active when an active edge ends at it.
   */
  private findActiveFeatures(): Uint8Array {
    const rows = this.rows, columns = this.columns, cellRows = rows - 1, cellColumns = columns - 1;
    const heights = this.heights, xs = this.xs, zs = this.zs;
    const features = new Uint8Array(this.triangleCount);
    // 1 for a slot that is a hole (slot 2k: P00, P10, P11; slot 2k + 1: P00, P11, P01)
    const hole = new Uint8Array(this.triangleCount);
    for (let r = 0; r < cellRows; r++) {
      for (let c = 0; c < cellColumns; c++) {
        const p = r * columns + c, slot = 2 * (r * cellColumns + c);
        hole[slot] = Number.isNaN(heights[p] + heights[p + columns] + heights[p + columns + 1]) ? 1 : 0;
        hole[slot + 1] = Number.isNaN(heights[p] + heights[p + columns + 1] + heights[p + 1]) ? 1 : 0;
      }
    }
    // The normals of the two triangles of every cell in this row and the next (6 numbers per cell).
    let here = new Float64Array(6 * cellColumns), below = new Float64Array(6 * cellColumns);
    const corners = this.corners;
    const rowNormals = (r: number, out: Float64Array): void => {
      for (let c = 0; c < cellColumns; c++) {
        this.loadCorners(r, c, corners);
        writeTriangleNormal(corners, P00, P10, P11, out, 6 * c);
        writeTriangleNormal(corners, P00, P11, P01, out, 6 * c + 3);
      }
    };
    // Whether the edge between triangle 1 (normal at n1[i1]) and triangle 2 (at n2[i2]) is active, with
    // s = (triangle 2's corner off the edge, grid point (rs, cs)) − (the edge's grid point (re, ce)).
    const active = (n1: Float64Array, i1: number, n2: Float64Array, i2: number, rs: number, cs: number, re: number, ce: number): boolean =>
      isEdgeActive(
        n1[i1], n1[i1 + 1], n1[i1 + 2], n2[i2], n2[i2 + 1], n2[i2 + 2],
        xs[cs] - xs[ce], heights[rs * columns + cs] - heights[re * columns + ce], zs[rs] - zs[re],
      );
    // The edge between slot a's edge bit ea and slot b's edge bit eb: marked active on the side that is
    // not a hole when the other is; true when neither is (isEdgeActive settles it: mark).
    const bothSolid = (a: number, ea: number, b: number, eb: number): boolean => {
      if (hole[a] === 0 && hole[b] === 0) return true;
      if (hole[a] === 0) features[a] |= ea;
      else if (hole[b] === 0) features[b] |= eb;
      return false;
    };
    const mark = (a: number, ea: number, b: number, eb: number): void => {
      features[a] |= ea;
      features[b] |= eb;
    };
    rowNormals(0, here);
    for (let r = 0; r < cellRows; r++) {
      const last = r + 1 === cellRows;
      if (!last) rowNormals(r + 1, below);
      for (let c = 0; c < cellColumns; c++) {
        const k = r * cellColumns + c;
        const t0 = 2 * k, t1 = t0 + 1;
        // The diagonal P00–P11: slot 2k's ca and slot 2k + 1's ab; 2k + 1's corner off it is P01.
        if (bothSolid(t0, EDGE_CA, t1, EDGE_AB) && active(here, 6 * c, here, 6 * c + 3, r, c + 1, r, c)) mark(t0, EDGE_CA, t1, EDGE_AB);
        // The grid's outside: slot 2k's ab on the west, slot 2k + 1's ca on the north.
        if (c === 0 && hole[t0] === 0) features[t0] |= EDGE_AB;
        if (r === 0 && hole[t1] === 0) features[t1] |= EDGE_CA;
        // East border P01–P11: slot 2k + 1's bc against the east cell's slot 2k' ab, whose corner off it is
        // its P11 = (r + 1, c + 2).
        if (c + 1 === cellColumns) {
          if (hole[t1] === 0) features[t1] |= EDGE_BC;
        } else if (bothSolid(t1, EDGE_BC, t0 + 2, EDGE_AB) && active(here, 6 * c + 3, here, 6 * (c + 1), r + 1, c + 2, r, c + 1)) {
          mark(t1, EDGE_BC, t0 + 2, EDGE_AB);
        }
        // South border P10–P11: slot 2k's bc against the south cell's slot 2k' + 1 ca, whose corner off it
        // is its P11 = (r + 2, c + 1).
        if (last) {
          if (hole[t0] === 0) features[t0] |= EDGE_BC;
        } else if (bothSolid(t0, EDGE_BC, 2 * (k + cellColumns) + 1, EDGE_CA) && active(here, 6 * c, below, 6 * c + 3, r + 2, c + 1, r + 1, c)) {
          mark(t0, EDGE_BC, 2 * (k + cellColumns) + 1, EDGE_CA);
        }
      }
      const swap = here; here = below; below = swap;
    }
    // Grid points at an end of an active edge. Slot 2k's corners a, b, c are P00, P10, P11, slot 2k + 1's
    // are P00, P11, P01, as offsets from P00's index; edge j runs from corner j to corner j + 1.
    const pointActive = new Uint8Array(rows * columns);
    const offsets = [0, columns, columns + 1, 0, columns + 1, 1];
    for (let slot = 0; slot < this.triangleCount; slot++) {
      const k = slot >> 1, side = 3 * (slot & 1), bits = features[slot];
      const p = k + ((k / cellColumns) | 0); // P00's index: r·columns + c = k + r
      for (let j = 0; j < 3; j++) {
        if ((bits & (1 << j)) === 0) continue;
        pointActive[p + offsets[side + j]] = 1;
        pointActive[p + offsets[side + (j + 1) % 3]] = 1;
      }
    }
    for (let slot = 0; slot < this.triangleCount; slot++) {
      if (hole[slot] === 1) continue;
      const k = slot >> 1;
      const side = 3 * (slot & 1), p = k + ((k / cellColumns) | 0);
      for (let j = 0; j < 3; j++) if (pointActive[p + offsets[side + j]] === 1) features[slot] |= 8 << j;
    }
    return features;
  }
}
