// The dynamic AABB tree (lib/geometry/dynamic-tree.ts) against brute force: random create, move, enlarge
// and destroy sequences keep its invariants; overlap queries, ray casts and box casts find exactly what a
// loop over every box finds; rebuilds keep ids and answers; rotations keep sorted insertions shallow.

import { rayCastTree } from '../lib/geometry/tree-ray-cast.js';
import { treeAreaRatio, validateTree } from '../lib/geometry/tree-validation.js';
import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../lib/geometry/dynamic-tree.js';
import { mulberry32 } from '../lib/math/random.js';

type Box = number[];

/** A box of random size (up to `maxSize` per side, some flat) inside a cube of side `world`. */
function randomBox(random: () => number, world: number, maxSize: number): Box {
  const box: Box = [];
  for (let k = 0; k < 3; k++) box.push(random() * world);
  for (let k = 0; k < 3; k++) box.push(box[k] + (random() < 0.1 ? 0 : random() * maxSize));
  return box;
}

/** A box on integer coordinates, so that boxes touch and rays run along faces. */
function integerBox(random: () => number, world: number): Box {
  const box: Box = [];
  for (let k = 0; k < 3; k++) box.push(Math.floor(random() * world));
  for (let k = 0; k < 3; k++) box.push(box[k] + Math.floor(random() * 3));
  return box;
}

const overlaps = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a[0] <= b[3] && b[0] <= a[3] && a[1] <= b[4] && b[1] <= a[4] && a[2] <= b[5] && b[2] <= a[5];

/**
 * Brute-force slab test: the t in [0, tMax] at which o + t·d enters `box` grown by `e`, or −1. The slab
 * crossings are (bound − o)·(1/d), the same arithmetic as the tree's, so boxes touched exactly agree too.
 */
function entry(box: ArrayLike<number>, o: ArrayLike<number>, d: ArrayLike<number>, tMax: number, e: ArrayLike<number> = [0, 0, 0]): number {
  let enter = 0, exit = tMax;
  for (let k = 0; k < 3; k++) {
    const lo = box[k] - e[k], hi = box[k + 3] + e[k];
    if (d[k] === 0) {
      if (o[k] < lo || o[k] > hi) return -1;
      continue;
    }
    const inverse = 1 / d[k];
    const t1 = (lo - o[k]) * inverse, t2 = (hi - o[k]) * inverse;
    enter = Math.max(enter, Math.min(t1, t2));
    exit = Math.min(exit, Math.max(t1, t2));
  }
  return enter <= exit ? enter : -1;
}

const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

function queryIds(tree: DynamicTree, box: Box): number[] {
  const ids: number[] = [];
  tree.query(box, (id) => { ids.push(id); return true; });
  return sorted(ids);
}

function bruteQuery(model: Map<number, Box>, box: Box): number[] {
  const ids: number[] = [];
  for (const [id, b] of model) if (overlaps(b, box)) ids.push(id);
  return sorted(ids);
}

/** Every leaf an unclipped cast visits, checking that each is handed the full maxT. */
function castIds(tree: DynamicTree, o: number[], d: number[], maxT: number, extent?: number[]): number[] {
  const ids: number[] = [];
  rayCastTree(tree, o, d, maxT, (id, _data, tMax) => { expect(tMax).toBe(maxT); ids.push(id); return tMax; }, extent);
  return sorted(ids);
}

function bruteCast(model: Map<number, Box>, o: number[], d: number[], maxT: number, extent?: number[]): number[] {
  const ids: number[] = [];
  for (const [id, b] of model) if (entry(b, o, d, maxT, extent) >= 0) ids.push(id);
  return sorted(ids);
}

/** A ray: origin in or around the world, direction random, axis-aligned, or with one zero component. */
function randomRay(random: () => number, world: number): { o: number[]; d: number[]; maxT: number } {
  const o = [random() * world * 1.4 - 0.2 * world, random() * world * 1.4 - 0.2 * world, random() * world * 1.4 - 0.2 * world];
  const kind = random();
  let d: number[];
  if (kind < 0.2) {
    d = [0, 0, 0];
    d[Math.floor(random() * 3)] = random() < 0.5 ? -1 : 1;
    for (let k = 0; k < 3; k++) o[k] = Math.floor(o[k]); // along grid lines and faces
  } else if (kind < 0.4) {
    d = [random() - 0.5, random() - 0.5, random() - 0.5];
    d[Math.floor(random() * 3)] = 0;
  } else {
    d = [random() - 0.5, random() - 0.5, random() - 0.5];
  }
  const maxT = random() < 0.2 ? Infinity : random() * 3 * world;
  return { o, d, maxT };
}

/** `count` random boxes (of sides up to `maxSize`, or 0..2 on integer coordinates) in a cube of side `world`. */
function randomWorld(seed: number, count: number, world: number, integer: boolean, maxSize = world / 10): { tree: DynamicTree; model: Map<number, Box> } {
  const random = mulberry32(seed);
  const tree = new DynamicTree();
  const model = new Map<number, Box>();
  for (let i = 0; i < count; i++) {
    const box = integer ? integerBox(random, world) : randomBox(random, world, maxSize);
    model.set(tree.createProxy(box, 1000 + i), box);
  }
  return { tree, model };
}

/** A grid of nx·ny·nz boxes of side 0.8 on a unit lattice, inserted in sorted (x, then y, then z) order. */
function gridTree(nx: number, ny: number, nz: number): DynamicTree {
  const tree = new DynamicTree();
  let n = 0;
  for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) for (let k = 0; k < nz; k++) tree.createProxy([i, j, k, i + 0.8, j + 0.8, k + 0.8], n++);
  return tree;
}

describe('DynamicTree structure', () => {
  it('an empty tree answers nothing, validates, and rebuilds to itself', () => {
    const tree = new DynamicTree();
    validateTree(tree);
    expect(tree.proxyCount).toBe(0);
    expect(tree.height).toBe(0);
    expect(treeAreaRatio(tree)).toBe(0);
    let visits = 0;
    tree.query([-1e9, -1e9, -1e9, 1e9, 1e9, 1e9], () => { visits++; return true; });
    rayCastTree(tree, [0, 0, 0], [1, 0, 0], Infinity, () => { visits++; return 1; });
    expect(visits).toBe(0);
    tree.rebuild();
    validateTree(tree);
  });

  it('a tree with one leaf finds it through every operation, and is empty after destroying it', () => {
    const tree = new DynamicTree();
    const id = tree.createProxy([0, 0, 0, 1, 1, 1], 7);
    validateTree(tree);
    expect([tree.proxyCount, tree.height, tree.userData(id)]).toEqual([1, 0, 7]);
    expect(queryIds(tree, [0.5, 0.5, 0.5, 2, 2, 2])).toEqual([id]);
    expect(queryIds(tree, [2, 2, 2, 3, 3, 3])).toEqual([]);
    expect(castIds(tree, [-1, 0.5, 0.5], [1, 0, 0], 10)).toEqual([id]);
    expect(castIds(tree, [-1, 0.5, 0.5], [1, 0, 0], 0.5)).toEqual([]);
    tree.moveProxy(id, [5, 5, 5, 6, 6, 6]);
    tree.enlargeProxy(id, [4, 5, 5, 5, 5, 5]);
    tree.rebuild();
    validateTree(tree);
    expect(Array.from(tree.boxes.subarray(6 * id, 6 * id + 6))).toEqual([4, 5, 5, 6, 6, 6]);
    expect(queryIds(tree, [4, 4, 4, 4.5, 5, 5])).toEqual([id]);
    tree.destroyProxy(id);
    validateTree(tree);
    expect([tree.proxyCount, tree.height]).toEqual([0, 0]);
    expect(queryIds(tree, [-10, -10, -10, 10, 10, 10])).toEqual([]);
  });

  it('random create, move, enlarge and destroy sequences keep every invariant and every stored box', () => {
    for (const seed of [1, 2, 3]) {
      const random = mulberry32(seed);
      const tree = new DynamicTree(4); // small, so the arrays grow several times
      const model = new Map<number, Box>();
      const tags = new Map<number, number>();
      for (let step = 0; step < 1500; step++) {
        const ids = [...model.keys()];
        const action = random();
        if (ids.length === 0 || action < 0.4) {
          const box = randomBox(random, 50, 5), tag = Math.floor(random() * 2 ** 40);
          const id = tree.createProxy(box, tag);
          expect(model.has(id)).toBe(false);
          model.set(id, box);
          tags.set(id, tag);
        } else {
          const id = ids[Math.floor(random() * ids.length)];
          if (action < 0.65) {
            const box = randomBox(random, 50, 5);
            tree.moveProxy(id, box);
            model.set(id, box);
          } else if (action < 0.85) {
            const grow = randomBox(random, 50, 5), old = model.get(id) as Box;
            tree.enlargeProxy(id, grow);
            model.set(id, [0, 1, 2].map((k) => Math.min(old[k], grow[k])).concat([3, 4, 5].map((k) => Math.max(old[k], grow[k]))));
          } else {
            tree.destroyProxy(id);
            model.delete(id);
            tags.delete(id);
          }
        }
        validateTree(tree);
        expect(tree.proxyCount).toBe(model.size);
      }
      for (const [id, box] of model) {
        expect(Array.from(tree.boxes.subarray(6 * id, 6 * id + 6))).toEqual(box);
        expect(tree.userData(id)).toBe(tags.get(id));
      }
      tree.rebuild();
      validateTree(tree);
    }
  });

  it('validate reports a box that is no longer the union of its children', () => {
    const tree = gridTree(4, 4, 4);
    validateTree(tree);
    // grow leaf 0's box behind the tree's back: its parent no longer equals the union of its children
    const saved = tree.boxes[3];
    tree.boxes[3] = saved + 10;
    expect(() => validateTree(tree)).toThrow(/is not the union of its children/);
    tree.boxes[3] = saved;
    validateTree(tree);
  });

  it('destroyed proxy ids are reused, and ids stay valid while the arrays grow', () => {
    const tree = new DynamicTree(1);
    const a = tree.createProxy([0, 0, 0, 1, 1, 1], 1);
    tree.createProxy([2, 0, 0, 3, 1, 1], 2);
    tree.destroyProxy(a);
    const c = tree.createProxy([4, 0, 0, 5, 1, 1], 3);
    // the free list is last in, first out: a's leaf node was freed last, so it is handed out first
    expect(c).toBe(a);
    const ids: number[] = [];
    for (let i = 0; i < 500; i++) ids.push(tree.createProxy([i, 5, 0, i + 0.5, 6, 1], 100 + i));
    validateTree(tree);
    expect(new Set(ids).size).toBe(500);
    for (let i = 0; i < 500; i++) {
      expect(tree.userData(ids[i])).toBe(100 + i);
      expect(tree.boxes[6 * ids[i]]).toBe(i);
    }
  });

  it('the same calls build the same tree and visit in the same order', () => {
    const run = (): { boxes: number[]; queries: number[]; rays: number[] } => {
      const random = mulberry32(99);
      const tree = new DynamicTree();
      const ids: number[] = [];
      for (let i = 0; i < 600; i++) {
        ids.push(tree.createProxy(randomBox(random, 40, 4), i));
        if (i % 5 === 4) tree.moveProxy(ids[Math.floor(random() * ids.length)], randomBox(random, 40, 4));
        if (i % 7 === 6) tree.destroyProxy(ids.splice(Math.floor(random() * ids.length), 1)[0]);
      }
      const queries: number[] = [], rays: number[] = [];
      for (let q = 0; q < 50; q++) tree.query(randomBox(random, 40, 10), (id) => { queries.push(id); return true; });
      for (let q = 0; q < 50; q++) {
        const { o, d, maxT } = randomRay(random, 40);
        rayCastTree(tree, o, d, maxT, (id, _data, tMax) => { rays.push(id); return tMax; });
      }
      tree.rebuild();
      tree.query([0, 0, 0, 40, 40, 40], (id) => { queries.push(id); return true; });
      return { boxes: Array.from(tree.boxes), queries, rays };
    };
    const first = run(), second = run();
    expect(second.boxes).toEqual(first.boxes);
    expect(second.queries).toEqual(first.queries);
    expect(second.rays).toEqual(first.rays);
    expect(first.rays.length).toBeGreaterThan(10);
    expect(first.queries.length).toBeGreaterThan(500);
  });

  it('boxes inserted in sorted order keep the height under 2.5·log2(n) (rotations work)', () => {
    const n = 10_000, bound = 2.5 * Math.log2(n);
    const row = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(row.createProxy([i, 0, 0, i + 1, 1, 1], i));
    validateTree(row);
    expect(row.height).toBeLessThanOrEqual(bound);
    const grid = gridTree(22, 22, 21); // 10 164 boxes
    validateTree(grid);
    expect(grid.height).toBeLessThanOrEqual(2.5 * Math.log2(grid.proxyCount));
    // ... and sorted removal (every other box, in order) leaves a valid, still shallow tree
    for (let i = 0; i < n; i += 2) row.destroyProxy(ids[i]);
    validateTree(row);
    expect(row.height).toBeLessThanOrEqual(2.5 * Math.log2(row.proxyCount));
  });

  it('rebuild keeps proxy ids, user data, boxes and query answers, and leaves a tree that still updates', () => {
    const { tree, model } = randomWorld(5, 2000, 100, false);
    const random = mulberry32(55);
    const queries = Array.from({ length: 200 }, () => randomBox(random, 100, 20));
    const rays = Array.from({ length: 200 }, () => randomRay(random, 100));
    const before = queries.map((q) => queryIds(tree, q));
    const raysBefore = rays.map(({ o, d, maxT }) => castIds(tree, o, d, maxT));
    const boxesBefore = [...model.keys()].map((id) => Array.from(tree.boxes.subarray(6 * id, 6 * id + 6)));
    tree.rebuild();
    validateTree(tree);
    expect(tree.proxyCount).toBe(2000);
    let i = 0;
    for (const [id, box] of model) {
      expect(tree.userData(id)).toBe(1000 + i);
      expect(Array.from(tree.boxes.subarray(6 * id, 6 * id + 6))).toEqual(boxesBefore[i]);
      expect(boxesBefore[i]).toEqual(box);
      i++;
    }
    expect(queries.map((q) => queryIds(tree, q))).toEqual(before);
    expect(rays.map(({ o, d, maxT }) => castIds(tree, o, d, maxT))).toEqual(raysBefore);
    for (const q of queries.slice(0, 20)) expect(queryIds(tree, q)).toEqual(bruteQuery(model, q));
    const ids = [...model.keys()];
    for (let k = 0; k < 300; k++) {
      const id = ids[k];
      const box = randomBox(random, 100, 5);
      tree.moveProxy(id, box);
      model.set(id, box);
    }
    validateTree(tree);
    for (const q of queries.slice(0, 20)) expect(queryIds(tree, q)).toEqual(bruteQuery(model, q));
  });

  it('rebuild gives an area ratio no worse than incremental insertion on grids of 10 000 boxes', () => {
    for (const [nx, ny, nz] of [[100, 1, 100], [22, 22, 21]]) {
      const tree = gridTree(nx, ny, nz);
      const incremental = treeAreaRatio(tree);
      tree.rebuild();
      validateTree(tree);
      expect(treeAreaRatio(tree)).toBeLessThanOrEqual(incremental);
      expect(tree.height).toBeLessThanOrEqual(2 * Math.log2(tree.proxyCount));
    }
    // and on a shuffled grid, where incremental insertion sees no order at all
    const random = mulberry32(8);
    const cells: number[][] = [];
    for (let i = 0; i < 100; i++) for (let k = 0; k < 100; k++) cells.push([i, k]);
    for (let i = cells.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
    const shuffled = new DynamicTree();
    for (const [i, k] of cells) shuffled.createProxy([i, 0, k, i + 0.8, 0.8, k + 0.8], 0);
    const incremental = treeAreaRatio(shuffled);
    shuffled.rebuild();
    expect(treeAreaRatio(shuffled)).toBeLessThanOrEqual(incremental);
  });
});

describe('DynamicTree queries', () => {
  it('query returns exactly the brute-force set of overlapping boxes on random worlds', () => {
    for (const [seed, integer] of [[11, false], [12, true], [13, false]] as const) {
      const { tree, model } = randomWorld(seed, 1500, 60, integer);
      const random = mulberry32(seed + 100);
      for (let q = 0; q < 300; q++) {
        const box = integer ? integerBox(random, 60) : randomBox(random, 60, q % 3 === 0 ? 0 : 15);
        expect(queryIds(tree, box)).toEqual(bruteQuery(model, box));
      }
      // after moving and destroying a third of them
      const ids = [...model.keys()];
      for (let k = 0; k < ids.length; k += 3) {
        if (k % 2 === 0) {
          tree.destroyProxy(ids[k]);
          model.delete(ids[k]);
        } else {
          const box = randomBox(random, 60, 6);
          tree.moveProxy(ids[k], box);
          model.set(ids[k], box);
        }
      }
      for (let q = 0; q < 100; q++) {
        const box = randomBox(random, 60, 15);
        expect(queryIds(tree, box)).toEqual(bruteQuery(model, box));
      }
    }
  });

  it('boxes that only touch overlap, and a query box with NaN overlaps nothing', () => {
    const tree = new DynamicTree();
    const a = tree.createProxy([0, 0, 0, 1, 1, 1], 0);
    const b = tree.createProxy([1, 0, 0, 2, 1, 1], 0);
    tree.createProxy([5, 5, 5, 6, 6, 6], 0);
    expect(queryIds(tree, [1, 1, 1, 1, 1, 1])).toEqual(sorted([a, b]));
    expect(queryIds(tree, [2, 1, 1, 3, 3, 3])).toEqual([b]);
    expect(queryIds(tree, [NaN, 0, 0, 10, 10, 10])).toEqual([]);
  });

  it('query stops when visit returns false', () => {
    const { tree } = randomWorld(21, 500, 10, false);
    let visits = 0;
    tree.query([-1, -1, -1, 20, 20, 20], () => ++visits < 3);
    expect(visits).toBe(3);
  });

  it('queries and ray casts nest inside visits (the traversal stack is shared and grows)', () => {
    const { tree, model } = randomWorld(22, 800, 30, false);
    const random = mulberry32(23);
    const boxes = Array.from({ length: 10 }, () => randomBox(random, 30, 12));
    // ten queries nested ten deep: each level checks its own answer after the levels inside it ran
    const nested = (level: number): void => {
      const ids: number[] = [];
      let inner = false;
      tree.query(boxes[level], (id) => {
        ids.push(id);
        if (!inner && level + 1 < boxes.length) {
          inner = true;
          nested(level + 1);
          expect(castIds(tree, [0, 0, 0], [1, 1, 1], Infinity)).toEqual(bruteCast(model, [0, 0, 0], [1, 1, 1], Infinity));
        }
        return true;
      });
      expect(sorted(ids)).toEqual(bruteQuery(model, boxes[level]));
    };
    nested(0);
    validateTree(tree); // the shared stack is back at its bottom
  });
});

describe('DynamicTree ray and box casts', () => {
  it('an unclipped ray cast visits exactly the boxes the segment enters (brute-force slab test)', () => {
    for (const [seed, integer, world] of [[31, false, 20], [32, true, 16]] as const) {
      const { tree, model } = randomWorld(seed, 1500, world, integer, world / 5);
      const random = mulberry32(seed + 100);
      let hits = 0;
      for (let r = 0; r < 400; r++) {
        const { o, d, maxT } = randomRay(random, world);
        const expected = bruteCast(model, o, d, maxT);
        hits += expected.length;
        expect(castIds(tree, o, d, maxT)).toEqual(expected);
      }
      expect(hits).toBeGreaterThan(600); // the rays do hit things: more than one a ray on average
    }
  });

  it('a nearest-hit cast that clips finds the brute-force nearest box, visiting fewer leaves', () => {
    const { tree, model } = randomWorld(41, 3000, 80, false);
    const random = mulberry32(42);
    let clippedVisits = 0, allHits = 0;
    for (let r = 0; r < 400; r++) {
      const { o, d, maxT } = randomRay(random, 80);
      let best = -1, bestT = Infinity;
      rayCastTree(tree, o, d, maxT, (id, _data, tMax) => {
        clippedVisits++;
        const t = entry(model.get(id) as Box, o, d, tMax);
        expect(t).toBeGreaterThanOrEqual(0); // the tree only hands over leaves entered within tMax
        if (t < bestT) { best = id; bestT = t; }
        return t; // clip (t = 0, a ray starting inside, stops the cast: nothing is nearer)
      });
      let bruteT = Infinity;
      const all = bruteCast(model, o, d, maxT);
      allHits += all.length;
      for (const id of all) bruteT = Math.min(bruteT, entry(model.get(id) as Box, o, d, maxT));
      expect(bestT).toBe(bruteT);
      if (best >= 0) expect(entry(model.get(best) as Box, o, d, maxT)).toBe(bruteT);
      else expect(all).toEqual([]);
    }
    expect(clippedVisits).toBeLessThan(allHits / 2);
  });

  it('a cast along a row of boxes visits them nearest first', () => {
    for (const build of ['incremental', 'rebuilt'] as const) {
      const tree = new DynamicTree();
      const random = mulberry32(51);
      const ids: number[] = [];
      for (let i = 0; i < 200; i++) ids.push(tree.createProxy([2 * i, 0, 0, 2 * i + 1, 1, 1], i));
      // shuffle the boxes' places (Fisher-Yates) so that the tree's order is not the row's
      for (let i = 199; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [ids[i], ids[j]] = [ids[j], ids[i]];
      }
      for (let i = 0; i < 200; i++) tree.moveProxy(ids[i], [2 * i, 0, 0, 2 * i + 1, 1, 1]);
      if (build === 'rebuilt') tree.rebuild();
      const xs: number[] = [];
      rayCastTree(tree, [-5, 0.5, 0.5], [1, 0, 0], Infinity, (id, _data, tMax) => { xs.push(tree.boxes[6 * id]); return tMax; });
      expect(xs.length).toBe(200);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      const back: number[] = [];
      rayCastTree(tree, [1000, 0.5, 0.5], [-1, 0, 0], Infinity, (id, _data, tMax) => { back.push(tree.boxes[6 * id]); return tMax; });
      expect(back).toEqual([...xs].reverse());
    }
  });

  it('a ray cast stops when visit returns 0 or a negative value', () => {
    const { tree } = randomWorld(61, 500, 10, false, 2);
    expect(castIds(tree, [-1, -1, -1], [1, 1, 1], Infinity).length).toBeGreaterThan(5);
    for (const stop of [0, -1]) {
      let visits = 0;
      rayCastTree(tree, [-1, -1, -1], [1, 1, 1], Infinity, () => (++visits === 2 ? stop : Infinity));
      expect(visits).toBe(2);
    }
  });

  it('rays with zero direction components, rays along faces and rays starting inside boxes', () => {
    const tree = new DynamicTree();
    const a = tree.createProxy([0, 0, 0, 1, 1, 1], 0);
    const b = tree.createProxy([3, 0, 0, 4, 1, 1], 0);
    const c = tree.createProxy([0, 2, 0, 1, 3, 1], 0);
    const hits = (o: number[], d: number[], maxT: number): [number, number][] => {
      const out: [number, number][] = [];
      rayCastTree(tree, o, d, maxT, (id, _data, tMax) => {
        out.push([id, entry(tree.boxes.subarray(6 * id, 6 * id + 6), o, d, tMax)]);
        return tMax;
      });
      return out;
    };
    // from inside a, along +x: a at t = 0, then b at t = 2.5; no NaN from the zero components
    expect(hits([0.5, 0.5, 0.5], [1, 0, 0], 10)).toEqual([[a, 0], [b, 2.5]]);
    // along the top face of a and b (y = 1 exactly): touching counts
    expect(hits([-1, 1, 0.5], [2, 0, 0], 10).map(([id]) => id)).toEqual([a, b]);
    // just above that face: nothing
    expect(hits([-1, 1 + 1e-12, 0.5], [2, 0, 0], 10)).toEqual([]);
    // straight up through a and c, with the segment ending inside c
    expect(hits([0.5, -1, 0.5], [0, 1, 0], 3.5)).toEqual([[a, 1], [c, 3]]);
    expect(hits([0.5, -1, 0.5], [0, 1, 0], 2.5)).toEqual([[a, 1]]);
    // a direction component so small that 1/d overflows is treated as parallel
    expect(hits([0.5, 0.5, 0.5], [1, 5e-324, 0], 10).map(([id]) => id)).toEqual([a, b]);
    // a zero direction is a point test at the origin
    expect(hits([0.5, 2.5, 0.5], [0, 0, 0], 1).map(([id]) => id)).toEqual([c]);
    // maxT ≤ 0 visits nothing
    expect(hits([0.5, 0.5, 0.5], [1, 0, 0], 0)).toEqual([]);
  });

  it('box casts (with an extent) equal brute force against boxes grown by the extent', () => {
    const { tree, model } = randomWorld(71, 1500, 50, false);
    const random = mulberry32(72);
    for (let r = 0; r < 300; r++) {
      const { o, d, maxT } = randomRay(random, 50);
      const extent = r % 5 === 0 ? [0, 0, 0] : [random() * 3, random() * 3, random() * 3];
      const expected = bruteCast(model, o, d, maxT, extent);
      expect(castIds(tree, o, d, maxT, extent)).toEqual(expected);
      // a box cast finds at least what the ray along its centre finds
      expect(expected.length).toBeGreaterThanOrEqual(bruteCast(model, o, d, maxT).length);
    }
    // the nearest hit of a clipping box cast
    for (let r = 0; r < 100; r++) {
      const { o, d, maxT } = randomRay(random, 50);
      const extent = [random() * 2, random() * 2, random() * 2];
      let bestT = Infinity;
      rayCastTree(tree, o, d, maxT, (id, _data, tMax) => {
        const t = entry(model.get(id) as Box, o, d, tMax, extent);
        bestT = Math.min(bestT, t);
        return t;
      }, extent);
      let bruteT = Infinity;
      for (const id of bruteCast(model, o, d, maxT, extent)) bruteT = Math.min(bruteT, entry(model.get(id) as Box, o, d, maxT, extent));
      expect(bestT).toBe(bruteT);
    }
  });
});

describe('DynamicTree bad input', () => {
  it('rejects boxes with NaN, infinite or inverted bounds, naming the box', () => {
    const tree = new DynamicTree();
    const id = tree.createProxy([0, 0, 0, 1, 1, 1], 0);
    expect(() => tree.createProxy([0, NaN, 0, 1, 1, 1], 0)).toThrow(/createProxy: the box must be 6 finite numbers .* got \[0, NaN, 0, 1, 1, 1\]/);
    expect(() => tree.createProxy([0, 0, 0, 1, 1, Infinity], 0)).toThrow(/createProxy: .*got \[0, 0, 0, 1, 1, Infinity\]/);
    expect(() => tree.moveProxy(id, [2, 0, 0, 1, 1, 1])).toThrow(/moveProxy: .*min ≤ max, got \[2, 0, 0, 1, 1, 1\]/);
    expect(() => tree.enlargeProxy(id, [0, 0, 0, 1, 1])).toThrow(/enlargeProxy: .*got \[0, 0, 0, 1, 1, \]/);
    validateTree(tree);
    expect(tree.proxyCount).toBe(1);
  });

  it('rejects ids that are not live proxies, and changes from inside a visit', () => {
    const tree = new DynamicTree();
    const a = tree.createProxy([0, 0, 0, 1, 1, 1], 0);
    const b = tree.createProxy([2, 0, 0, 3, 1, 1], 0);
    const parent = [0, 1, 2].find((i) => i !== a && i !== b) as number;
    expect(() => tree.destroyProxy(parent)).toThrow(/destroyProxy: 2 is not a live proxy id/);
    expect(() => tree.userData(-1)).toThrow(/userData: -1 is not a live proxy id/);
    expect(() => tree.moveProxy(1.5, [0, 0, 0, 1, 1, 1])).toThrow(/moveProxy: 1.5 is not a live proxy id/);
    tree.destroyProxy(b);
    expect(() => tree.destroyProxy(b)).toThrow(/is not a live proxy id/);
    expect(() => tree.query([0, 0, 0, 1, 1, 1], (id) => { tree.destroyProxy(id); return true; })).toThrow(/destroyProxy: the tree cannot change inside a query or rayCastTree visit/);
    expect(() => rayCastTree(tree, [-1, 0.5, 0.5], [1, 0, 0], 5, () => { tree.createProxy([0, 0, 0, 1, 1, 1], 0); return 1; })).toThrow(/createProxy: the tree cannot change/);
    // a visit that throws leaves the tree usable
    validateTree(tree);
    tree.createProxy([5, 5, 5, 6, 6, 6], 0);
    validateTree(tree);
  });
});
