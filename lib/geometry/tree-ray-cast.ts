// Ray and box casts through a DynamicTree (dynamic-tree.ts): the scene queries' and the triangle meshes'
// search, apart from the tree so that a world without queries leaves it out of its bundle. The slab test
// on each node, children nearer first, the segment clipped by what the visitor returns.

import { NULL_NODE, type DynamicTree } from './dynamic-tree.js';

// A ray cast's parameters, kept in its block of the traversal stack's Float64Array (so that nested casts
// each have their own): origin, 1/direction (0 on an axis the ray runs parallel to), extent, the current
// tMax, and the entries of the two children under test.
const RAY_ORIGIN = 0, RAY_INVERSE = 3, RAY_EXTENT = 6, RAY_T_MAX = 9, RAY_ENTRY1 = 10, RAY_ENTRY2 = 11, RAY_SIZE = 12;

/**
 * The slab test (Kay and Kajiya, "Ray tracing complex scenes", 1986): ray[r + slot] = the t at which the
 * segment o + t·d, 0 ≤ t ≤ tMax, enters node's box grown by the extent, or −1 when it misses (the ray's
 * parameters at ray[r + RAY_…]). A segment that starts inside enters at 0. On an axis with 1/d = 0 the ray
 * runs parallel to the slab, and the test is on the origin alone, so no 0·∞ is ever formed.
 */
function slabEntry(boxes: Float64Array, node: number, ray: Float64Array, r: number, slot: number): void {
  const o6 = 6 * node;
  let enter = 0, exit = ray[r + RAY_T_MAX];
  for (let k = 0; k < 3; k++) {
    const o = ray[r + RAY_ORIGIN + k], inverse = ray[r + RAY_INVERSE + k], e = ray[r + RAY_EXTENT + k];
    const lo = boxes[o6 + k] - e, hi = boxes[o6 + k + 3] + e;
    if (inverse === 0) {
      if (o < lo || o > hi) { enter = -1; break; }
    } else {
      let t1 = (lo - o) * inverse, t2 = (hi - o) * inverse;
      if (t1 > t2) { const swap = t1; t1 = t2; t2 = swap; }
      if (t1 > enter) enter = t1;
      if (t2 < exit) exit = t2;
      if (enter > exit) { enter = -1; break; }
    }
  }
  ray[r + slot] = enter;
}

/**
 * Casts a ray (or, with `extent` = half sizes of an axis-aligned box swept along it, a box cast) from origin
 * along direction (any nonzero length) up to maxT (in units of t: point = origin + t·direction). For each
 * leaf whose box the segment [0, tMax] enters, calls `visit(proxyId, userData, tMax)`; visit returns the
 * new tMax (clip: return a smaller value), the same tMax to continue, or 0 (or negative) to stop. Nodes
 * are culled with the slab test against the current tMax; children are visited nearer first (so a
 * nearest-hit cast clips early).
 *
 * A box cast tests each node's box grown by `extent` on every side (the Minkowski sum of the node's box
 * and the swept box). A segment that starts inside a box enters it at t = 0; a direction component of 0
 * tests that slab on the origin alone. A returned value larger than tMax, or NaN, continues with the
 * current tMax (the segment never lengthens). maxT ≤ 0 visits nothing; maxT may be Infinity.
 */
export function rayCastTree(
  tree: DynamicTree, origin: ArrayLike<number>, direction: ArrayLike<number>, maxT: number,
  visit: (proxyId: number, userData: number, tMax: number) => number, extent?: ArrayLike<number>,
): void {
  if (tree.root === NULL_NODE || !(maxT > 0)) return;
  const base = tree.reserveStack(RAY_SIZE + tree._height[tree.root] + 2);
  const stack = tree.stack, stackT = tree.stackT;
  try {
    for (let k = 0; k < 3; k++) {
      stackT[base + RAY_ORIGIN + k] = origin[k];
      // 1/d, or 0 (parallel) where d = 0 or is so small that 1/d overflows
      const inverse = 1 / direction[k];
      stackT[base + RAY_INVERSE + k] = Number.isFinite(inverse) ? inverse : 0;
      stackT[base + RAY_EXTENT + k] = extent === undefined ? 0 : extent[k];
    }
    stackT[base + RAY_T_MAX] = maxT;
    // tMax twice: as a double for the slab tests, and as the value visit last returned (or maxT) to pass
    // to visit, so that V8 need not box a fresh heap number for each call of visit it does not inline.
    // (Measured: passing the double allocated 16 bytes per leaf visited, 380 bytes per cast.)
    let tMax = +maxT, tMaxArgument = maxT;
    const boxes = tree._boxes, child1 = tree._child1, child2 = tree._child2, height = tree._height, userData = tree._userData;
    slabEntry(boxes, tree.root, stackT, base, RAY_ENTRY1);
    if (stackT[base + RAY_ENTRY1] < 0) return;
    let top = base + RAY_SIZE;
    stack[top] = tree.root; stackT[top] = stackT[base + RAY_ENTRY1]; top++;
    while (top > base + RAY_SIZE) {
      --top;
      // Each node on the stack was entered within the tMax of its push; it is still entered now iff its
      // entry t has not been clipped away since (the entry t does not depend on tMax).
      if (stackT[top] > tMax) continue;
      const node = stack[top];
      if (height[node] === 0) {
        const value = visit(node, userData[node], tMaxArgument);
        if (+value <= 0) return;
        if (+value < tMax) {
          tMax = +value;
          tMaxArgument = value;
          stackT[base + RAY_T_MAX] = tMax;
        }
        continue;
      }
      const c1 = child1[node], c2 = child2[node];
      slabEntry(boxes, c1, stackT, base, RAY_ENTRY1);
      slabEntry(boxes, c2, stackT, base, RAY_ENTRY2);
      const t1 = stackT[base + RAY_ENTRY1], t2 = stackT[base + RAY_ENTRY2];
      // Push the farther child first so the nearer one is popped first (child1 on a tie).
      if (t1 >= 0 && t2 >= 0) {
        if (t2 < t1) {
          stack[top] = c1; stackT[top] = t1; top++;
          stack[top] = c2; stackT[top] = t2; top++;
        } else {
          stack[top] = c2; stackT[top] = t2; top++;
          stack[top] = c1; stackT[top] = t1; top++;
        }
      } else if (t1 >= 0) {
        stack[top] = c1; stackT[top] = t1; top++;
      } else if (t2 >= 0) {
        stack[top] = c2; stackT[top] = t2; top++;
      }
    }
  } finally {
    tree.stackTop = base;
  }
}