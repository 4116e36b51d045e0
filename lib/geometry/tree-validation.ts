// A DynamicTree's invariants checked (for tests) and its quality measured (the area ratio), apart from the
// tree so that no world's bundle carries them.

import { area, NULL_NODE, type DynamicTree } from './dynamic-tree.js';

/**
 * Throws an Error describing the first broken invariant: parent/child links, each internal box equals
 * the union of its children, heights, leaf count, free list. For tests.
 */
export function validateTree(tree: DynamicTree): void {
  const fail = (message: string): never => {
    throw new Error(`validateTree: ${message}`);
  };
  const capacity = tree.capacity, boxes = tree._boxes, parent = tree._parent, child1 = tree._child1, child2 = tree._child2, height = tree._height;
  const seen = new Uint8Array(capacity);
  let reached = 0, leaves = 0;
  if (tree.root !== NULL_NODE) {
    if (!(tree.root >= 0 && tree.root < capacity)) fail(`root ${tree.root} is outside 0..${capacity - 1}`);
    if (parent[tree.root] !== NULL_NODE) fail(`the root ${tree.root} has parent ${parent[tree.root]}, expected −1`);
    const pending = [tree.root];
    while (pending.length > 0) {
      const node = pending.pop() as number;
      if (seen[node]) fail(`node ${node} is reached twice`);
      seen[node] = 1;
      reached++;
      const h = height[node], o = 6 * node;
      if (h < 0) fail(`node ${node} is in the tree but marked free`);
      for (let k = 0; k < 3; k++) {
        if (!(boxes[o + k] <= boxes[o + k + 3])) fail(`node ${node}'s box has min > max (or NaN) on axis ${k}`);
      }
      if (h === 0) {
        leaves++;
        if (child1[node] !== NULL_NODE || child2[node] !== NULL_NODE) fail(`leaf ${node} has children ${child1[node]}, ${child2[node]}`);
        continue;
      }
      const a = child1[node], b = child2[node];
      for (const c of [a, b]) {
        if (!(c >= 0 && c < capacity)) fail(`node ${node} has child ${c} outside 0..${capacity - 1}`);
        if (parent[c] !== node) fail(`node ${c}'s parent is ${parent[c]}, expected ${node}`);
      }
      if (a === b) fail(`node ${node} has the same child twice (${a})`);
      if (h !== 1 + Math.max(height[a], height[b])) fail(`node ${node} has height ${h}, its children ${height[a]} and ${height[b]}`);
      for (let k = 0; k < 3; k++) {
        const lo = Math.min(boxes[6 * a + k], boxes[6 * b + k]), hi = Math.max(boxes[6 * a + k + 3], boxes[6 * b + k + 3]);
        if (boxes[o + k] !== lo || boxes[o + k + 3] !== hi) {
          fail(`node ${node}'s box [${Array.from(boxes.subarray(o, o + 6)).join(', ')}] is not the union of its children ${a} and ${b} on axis ${k}`);
        }
      }
      pending.push(a, b);
    }
  }
  if (leaves !== tree.leafCount) fail(`${leaves} leaves are reachable, proxyCount is ${tree.leafCount}`);
  if (reached !== tree.nodeCount) fail(`${reached} nodes are reachable, ${tree.nodeCount} are allocated`);
  if (tree.leafCount > 0 && tree.nodeCount !== 2 * tree.leafCount - 1) fail(`${tree.nodeCount} nodes for ${tree.leafCount} leaves, expected ${2 * tree.leafCount - 1}`);
  let free = 0;
  for (let node = tree.freeList; node !== NULL_NODE; node = parent[node]) {
    if (!(node >= 0 && node < capacity)) fail(`the free list holds ${node}, outside 0..${capacity - 1}`);
    if (seen[node]) fail(`node ${node} is in the free list twice, or in the tree and the free list`);
    seen[node] = 1;
    if (height[node] !== -1) fail(`free node ${node} has height ${height[node]}, expected −1`);
    free++;
  }
  if (free + tree.nodeCount !== capacity) fail(`${free} free + ${tree.nodeCount} allocated nodes ≠ capacity ${capacity}`);
  if (tree.stackTop !== 0) fail(`the traversal stack was left at ${tree.stackTop}`);
}

/** Total internal node surface area / root area: the sum over internal nodes other than the root (Box2D v3 b2DynamicTree_GetAreaRatio). 0 for fewer than 3 leaves or a root of zero area. */
export function treeAreaRatio(tree: DynamicTree): number {
  if (tree.root === NULL_NODE) return 0;
  const boxes = tree._boxes, height = tree._height;
  const rootArea = area(boxes, tree.root);
  if (!(rootArea > 0)) return 0;
  let total = 0;
  for (let i = 0; i < tree.capacity; i++) if (height[i] > 0 && i !== tree.root) total += area(boxes, i);
  return total / rootArea;
}