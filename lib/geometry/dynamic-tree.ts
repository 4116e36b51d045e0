// A dynamic AABB tree (bounding volume hierarchy) for a broadphase and for scene queries: overlap queries,
// ray casts and box casts over axis-aligned boxes that are inserted, moved and removed one at a time.
//
// Models: Box2D v3 dynamic_tree.c (b2DynamicTree: leaves are proxies, a node's index is its proxy id,
// insertion by the surface-area heuristic with branch and bound, tree rotations on the way up) and
// Bullet's btDbvt (btDbvt.h, btDbvtBroadphase.cpp: the caller fattens a leaf's box and moves the leaf
// only when its object's box leaves the fat one). Erin Catto, "Dynamic Bounding Volume Hierarchies",
// GDC 2019, explains the insertion and the rotations.
//
// Storage. A node is an index into flat typed arrays, grown by doubling (no object per node):
//   boxes    6 numbers per node: minX, minY, minZ, maxX, maxY, maxZ
//   parent   the parent's index, −1 at the root; on a free node, the next free node (−1 ends the list)
//   child1/2 the children of an internal node, −1 on a leaf
//   height   0 on a leaf, 1 + the larger child height on an internal node, −1 on a free node
//   userData the caller's integer on a leaf
// Every internal node's box is exactly the union of its children's (min and max round nothing, so the
// union is the same whichever way a rotation regroups the leaves).
//
// Cost. The surface-area heuristic (MacDonald and Booth, "Heuristics for ray tracing using space
// subdivision", 1990): the expected cost of a query is proportional to the total surface area of the
// internal nodes. "Area" below is half a box's surface area, dx·dy + dy·dz + dz·dx: only ratios matter.
//
// Insertion (Box2D v3 b2FindBestSibling; Bittner, Hapala and Havran, "Fast Insertion-Based Optimization
// of Bounding Volume Hierarchies", Computer Graphics Forum 2013, whose search this greedy descent trims):
// a new leaf D becomes the sibling of the node S that minimises
//   cost(S) = area(S ∪ D) + Σ over S's ancestors A of (area(A ∪ D) − area(A))
// (the new parent's area plus the growth of every ancestor). A single greedy path is followed from the
// root; a child is skipped when a lower bound on the cost of anything below it,
//   inherited + area(child ∪ D) + min(area(D) − area(child), 0),
// cannot beat the best cost found so far (branch and bound).
//
// Rotations (Box2D v3 b2RotateNodes; Kopta et al., "Fast, Effective BVH Updates for Animated Scenes",
// I3D 2012): on the way back up, at each ancestor A with children B and C, a child is swapped with one of
// its sibling's children when that shrinks the sibling, the only node whose box changes. Measured on
// 10 000 boxes inserted in sorted order along a row, the height is 5000 without them and 14 with them.
//
// Rebuild (Wald, "On fast construction of SAH-based bounding volume hierarchies", 2007): top-down, each
// range of leaves split by the binned SAH: the leaves' centres binned along the longest axis of their
// bounds, and split at the bin boundary minimising n_left·area(left) + n_right·area(right).

import { isShrinking } from '../util/arena.js';

/** Bins in the rebuild's binned SAH. On 10 000 random boxes, 8, 16 and 32 bins gave area ratios 101, 98 and 97. */
const BIN_COUNT = 16;
/** A node index meaning "none". */
export const NULL_NODE = -1;

// Doubles cross the helper calls below through memory, not as arguments or return values: a call that V8
// does not inline (its inlining budget runs out in moveProxy and in a ray cast with a large visit) boxes
// every double argument and result in a heap number, which measured 950 bytes of garbage per moveProxy.
/** The results of areaInto, unionAreaInto and centreDistanceInto (single-threaded, no callbacks run between a write and its read). */
const SCRATCH = new Float64Array(4);

/** Half the surface area of node i's box: dx·dy + dy·dz + dz·dx. */
export function area(boxes: Float64Array, i: number): number {
  const o = 6 * i;
  const dx = boxes[o + 3] - boxes[o], dy = boxes[o + 4] - boxes[o + 1], dz = boxes[o + 5] - boxes[o + 2];
  return dx * dy + dy * dz + dz * dx;
}

/** SCRATCH[slot] = area(node i) (see `area`). */
function areaInto(boxes: Float64Array, i: number, slot: number): void {
  const o = 6 * i;
  const dx = boxes[o + 3] - boxes[o], dy = boxes[o + 4] - boxes[o + 1], dz = boxes[o + 5] - boxes[o + 2];
  SCRATCH[slot] = dx * dy + dy * dz + dz * dx;
}

/** SCRATCH[slot] = half the surface area of the union of nodes i's and j's boxes. */
function unionAreaInto(boxes: Float64Array, i: number, j: number, slot: number): void {
  const a = 6 * i, b = 6 * j;
  const dx = Math.max(boxes[a + 3], boxes[b + 3]) - Math.min(boxes[a], boxes[b]);
  const dy = Math.max(boxes[a + 4], boxes[b + 4]) - Math.min(boxes[a + 1], boxes[b + 1]);
  const dz = Math.max(boxes[a + 5], boxes[b + 5]) - Math.min(boxes[a + 2], boxes[b + 2]);
  SCRATCH[slot] = dx * dy + dy * dz + dz * dx;
}

/** SCRATCH[slot] = 4 × the squared distance between the centres of nodes i's and j's boxes (sums, not means). */
function centreDistanceInto(boxes: Float64Array, i: number, j: number, slot: number): void {
  const a = 6 * i, b = 6 * j;
  const x = boxes[a] + boxes[a + 3] - boxes[b] - boxes[b + 3];
  const y = boxes[a + 1] + boxes[a + 4] - boxes[b + 1] - boxes[b + 4];
  const z = boxes[a + 2] + boxes[a + 5] - boxes[b + 2] - boxes[b + 5];
  SCRATCH[slot] = x * x + y * y + z * z;
}

/** Writes the union of nodes i's and j's boxes into node out's box (out may be i or j). */
function setUnion(boxes: Float64Array, out: number, i: number, j: number): void {
  const o = 6 * out, a = 6 * i, b = 6 * j;
  for (let k = 0; k < 3; k++) {
    boxes[o + k] = Math.min(boxes[a + k], boxes[b + k]);
    boxes[o + k + 3] = Math.max(boxes[a + k + 3], boxes[b + k + 3]);
  }
}

/** Throws unless `box` holds 6 finite numbers with min ≤ max on every axis. */
function checkBox(box: ArrayLike<number>, where: string): void {
  for (let k = 0; k < 3; k++) {
    const lo = box[k], hi = box[k + 3];
    if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi)) {
      throw new Error(`DynamicTree.${where}: the box must be 6 finite numbers [minX, minY, minZ, maxX, maxY, maxZ] with min ≤ max, got [${Array.from({ length: 6 }, (_, i) => box[i]).join(', ')}]`);
    }
  }
}

/**
 * A dynamic AABB tree over 3D boxes (Box2D v3's b2DynamicTree in 3D, Float64). Leaves are proxies: the
 * caller inserts a (usually fattened) box with an integer tag and gets back a proxy id, the index of the
 * leaf node, which stays valid until the proxy is destroyed, through moves, enlargements and rebuilds.
 *
 * Deterministic: the same sequence of calls builds the same tree and visits leaves in the same order.
 * query, rayCastTree (tree-ray-cast.ts), moveProxy and enlargeProxy allocate nothing once warm (the traversal stack grows with
 * the tree's height, the node arrays double when full). Queries and casts may be nested (a visit may
 * query the tree again), but the tree must not be changed from inside a visit: that throws.
 */
export class DynamicTree {
  /** @internal */ _boxes: Float64Array;
  /** @internal */ _parent: Int32Array;
  /** @internal */ _child1: Int32Array;
  /** @internal */ _child2: Int32Array;
  /** @internal */ _height: Int32Array;
  /** @internal */ _userData: Float64Array;
  /** @internal */ capacity: number;
  /** @internal */ root = NULL_NODE;
  /** @internal */ freeList = NULL_NODE;
  /** Allocated nodes: leaves and internal. */
  /** @internal */ nodeCount = 0;
  /** @internal */ leafCount = 0;
  /** Traversal stack of node indices, shared by nested traversals: each takes the slots above `stackTop`. */
  /** @internal */ stack = new Int32Array(64);
  /** The ray cast's entry t of each node on the stack. */
  /** @internal */ stackT = new Float64Array(64);
  /** The first free stack slot; nonzero while a query or ray cast is running. */
  /** @internal */ stackTop = 0;

  /** An empty tree with room for `proxyCapacity` proxies before its arrays grow (they double as needed). */
  constructor(proxyCapacity = 16) {
    const capacity = Math.max(2 * Math.floor(proxyCapacity) || 0, 16);
    this.capacity = capacity;
    this._boxes = new Float64Array(6 * capacity);
    this._parent = new Int32Array(capacity);
    this._child1 = new Int32Array(capacity);
    this._child2 = new Int32Array(capacity);
    this._height = new Int32Array(capacity);
    this._userData = new Float64Array(capacity);
    this.linkFree(0, capacity);
  }

  /** The flat box array: node i's box at [6i, 6i+6) as minX, minY, minZ, maxX, maxY, maxZ. Replaced when the tree grows: read it again after createProxy, moveProxy or rebuild. */
  get boxes(): Float64Array {
    return this._boxes;
  }

  /** The number of proxies (leaves). */
  get proxyCount(): number {
    return this.leafCount;
  }

  /** The root's height: 0 for a tree of 0 or 1 leaves, 1 for 2 leaves, at least ⌈log2 n⌉ for n leaves. */
  get height(): number {
    return this.root === NULL_NODE ? 0 : this._height[this.root];
  }

  /** Inserts a leaf with the given box (6 numbers, stored as given; the caller fattens it) and an integer tag. Returns the proxy id. */
  createProxy(box: ArrayLike<number>, userData: number): number {
    this.checkNotTraversing('createProxy');
    checkBox(box, 'createProxy');
    const leaf = this.allocate();
    const boxes = this._boxes, o = 6 * leaf;
    for (let k = 0; k < 6; k++) boxes[o + k] = box[k];
    this._height[leaf] = 0;
    this._userData[leaf] = userData;
    this.insertLeaf(leaf);
    this.leafCount++;
    return leaf;
  }

  /** Removes a proxy; its id may be handed out again by a later createProxy. */
  destroyProxy(proxyId: number): void {
    this.checkNotTraversing('destroyProxy');
    this.checkProxy(proxyId, 'destroyProxy');
    this.removeLeaf(proxyId);
    this.free(proxyId);
    this.leafCount--;
  }

  /** Replaces a leaf's box (remove + reinsert). The reinsertion rotates on the way up, as createProxy does (Box2D v3's b2DynamicTree_MoveProxy does not, leaving balance to its broadphase's periodic rebuild). */
  moveProxy(proxyId: number, box: ArrayLike<number>): void {
    this.checkNotTraversing('moveProxy');
    this.checkProxy(proxyId, 'moveProxy');
    checkBox(box, 'moveProxy');
    this.removeLeaf(proxyId);
    const boxes = this._boxes, o = 6 * proxyId;
    for (let k = 0; k < 6; k++) boxes[o + k] = box[k];
    this.insertLeaf(proxyId);
  }

  /** Grows a leaf's box to contain `box` and enlarges its ancestors only (no reinsert) — Box2D v3 b2DynamicTree_EnlargeProxy. */
  enlargeProxy(proxyId: number, box: ArrayLike<number>): void {
    this.checkNotTraversing('enlargeProxy');
    this.checkProxy(proxyId, 'enlargeProxy');
    checkBox(box, 'enlargeProxy');
    const boxes = this._boxes, parent = this._parent;
    let node = proxyId;
    // The leaf, then each ancestor, grows to contain `box`; once one already contains it, so does every
    // node above (each contains its children), and the climb stops.
    while (node !== NULL_NODE) {
      const o = 6 * node;
      let changed = false;
      for (let k = 0; k < 3; k++) {
        if (box[k] < boxes[o + k]) { boxes[o + k] = box[k]; changed = true; }
        if (box[k + 3] > boxes[o + k + 3]) { boxes[o + k + 3] = box[k + 3]; changed = true; }
      }
      if (!changed) break;
      node = parent[node];
    }
  }

  /** @internal The number of nodes the arrays hold room for (tests). */
  get nodeCapacity(): number {
    return this.capacity;
  }

  /**
   * Gives memory back after removals: when fewer than a quarter of the nodes' room is used (and it is
   * past 64 nodes), the nodes move to arrays of the smallest size the tree grows through (16, 32, 64 ...)
   * that holds twice them, keeping their order: node i becomes the number of used nodes below i. The
   * tree's shape and boxes stay as they are. `moved(oldId, newId, userData)` is told each proxy's new id.
   * Returns whether it shrank.
   */
  shrink(moved: (oldId: number, newId: number, userData: number) => void): boolean {
    this.checkNotTraversing('shrink');
    const old = this.capacity, count = this.nodeCount;
    if (!isShrinking() || old <= 64 || 4 * count >= old) return false;
    this.build = null;
    let capacity = 16;
    while (capacity < 2 * count) capacity *= 2;
    const index = new Int32Array(old);
    const height = this._height;
    for (let i = 0, next = 0; i < old; i++) index[i] = height[i] >= 0 ? next++ : NULL_NODE;
    const at = (node: number): number => (node === NULL_NODE ? NULL_NODE : index[node]);
    const boxes = new Float64Array(6 * capacity), parent = new Int32Array(capacity), child1 = new Int32Array(capacity);
    const child2 = new Int32Array(capacity), heights = new Int32Array(capacity), userData = new Float64Array(capacity);
    for (let i = 0; i < old; i++) {
      const k = index[i];
      if (k === NULL_NODE) continue;
      for (let c = 0; c < 6; c++) boxes[6 * k + c] = this._boxes[6 * i + c];
      parent[k] = at(this._parent[i]);
      child1[k] = at(this._child1[i]);
      child2[k] = at(this._child2[i]);
      heights[k] = height[i];
      userData[k] = this._userData[i];
    }
    this._boxes = boxes; this._parent = parent; this._child1 = child1; this._child2 = child2;
    this._height = heights; this._userData = userData;
    this.capacity = capacity;
    this.root = at(this.root);
    this.freeList = NULL_NODE;
    this.linkFree(count, capacity);
    for (let i = 0; i < old; i++) if (index[i] !== NULL_NODE && height[i] === 0) moved(i, index[i], userData[index[i]]);
    return true;
  }

  /** The integer tag given to createProxy. */
  userData(proxyId: number): number {
    this.checkProxy(proxyId, 'userData');
    return this._userData[proxyId];
  }

  /**
   * Calls `visit(proxyId, userData)` for every leaf whose box overlaps `box` (touching counts); stops early
   * when visit returns false. Leaves are met in the tree's order (child1 before child2), or, given a
   * nonzero `order`, in an order shuffled by it: at each internal node a hash of `order` and the node picks
   * which child comes first. The same `order` on the same tree meets the leaves in the same order; searches
   * that stop early with different orders start from different parts of the tree (the broadphase's
   * searches in a crowd, where every leaf's box is the same and the tree's order would send every search
   * to the same first leaves).
   */
  query(box: ArrayLike<number>, visit: (proxyId: number, userData: number) => boolean, order = 0): void {
    if (this.root === NULL_NODE) return;
    const minX = box[0], minY = box[1], minZ = box[2], maxX = box[3], maxY = box[4], maxZ = box[5];
    const base = this.reserveStack(this._height[this.root] + 2);
    const stack = this.stack;
    try {
      const boxes = this._boxes, child1 = this._child1, child2 = this._child2, height = this._height, userData = this._userData;
      let top = base;
      stack[top++] = this.root;
      while (top > base) {
        const node = stack[--top], o = 6 * node;
        // Written so that a NaN in the query box overlaps nothing.
        if (!(minX <= boxes[o + 3] && boxes[o] <= maxX && minY <= boxes[o + 4] && boxes[o + 1] <= maxY && minZ <= boxes[o + 5] && boxes[o + 2] <= maxZ)) continue;
        if (height[node] === 0) {
          if (visit(node, userData[node]) === false) return;
        } else if (order !== 0 && Math.imul(order ^ node, 0x9e3779b1) < 0) {
          // shuffled: child2 first when the top bit of the golden-ratio multiplicative hash of order and
          // node is set (the top bit of a product depends on every bit of the factors)
          stack[top++] = child1[node];
          stack[top++] = child2[node];
        } else {
          // child1 pushed last, so visited first
          stack[top++] = child2[node];
          stack[top++] = child1[node];
        }
      }
    } finally {
      this.stackTop = base;
    }
  }


  /** The rebuild's arrays for at least `n` leaves: those kept from the last rebuild when it was asked to
   * keep them (rebuild(true)), else new ones. */
  private buildArrays(n: number): BuildArrays {
    if (this.build === null || this.build.leaves.length < n) {
      const size = Math.max(n, 2 * (this.build?.leaves.length ?? 0));
      this.build = { leaves: new Int32Array(size), leafBoxes: new Float64Array(6 * size), work: new Int32Array(3 * size), made: new Int32Array(size), scratch: new BuildScratch() };
    }
    return this.build;
  }
  private build: BuildArrays | null = null;
  /** Lets go of the arrays rebuild(true) kept. */
  releaseRebuildArrays(): void {
    this.build = null;
  }

  /**
   * Rebuilds the whole tree top-down (binned surface-area heuristic), for a static tree after many
   * inserts, or a dynamic one whose boxes lie at one point (the broadphase's crowds); keeps proxy ids.
   * With `keepArrays` its working arrays are kept for the next rebuild (one at every step while a crowd
   * lasts: then it allocates nothing once they have grown to the tree; shrink drops them).
   */
  rebuild(keepArrays = false): void {
    this.checkNotTraversing('rebuild');
    const n = this.leafCount;
    if (n < 3) return; // 0, 1 or 2 leaves have one tree each
    const height = this._height, capacity = this.capacity;
    // Free every internal node (highest index first, so that the build takes them back lowest first) and
    // gather the leaves in index order: the result depends on the proxies alone, not on the old tree.
    const leaves = this.buildArrays(n).leaves;
    let count = 0;
    for (let i = capacity - 1; i >= 0; i--) if (height[i] > 0) this.free(i);
    for (let i = 0; i < capacity; i++) if (height[i] === 0) leaves[count++] = i;
    const boxes = this._boxes;
    // The leaves' boxes side by side, kept in step with `leaves` by the partition (near each other in
    // memory, where the tree's boxes of one range are scattered).
    const leafBoxes = (this.build as BuildArrays).leafBoxes;
    for (let i = 0; i < n; i++) for (let k = 0; k < 6; k++) leafBoxes[6 * i + k] = boxes[6 * leaves[i] + k];
    const parent = this._parent, child1 = this._child1, child2 = this._child2;
    // Work items (node, start, end): node is to get the leaves [start, end) below it. Internal nodes are
    // recorded in the order made, parents before children, so the reverse order fits their boxes bottom-up.
    const { work, made, scratch } = this.build as BuildArrays;
    let madeCount = 0, top = 0;
    this.root = this.allocate();
    parent[this.root] = NULL_NODE;
    work[0] = this.root; work[1] = 0; work[2] = n; top = 3;
    while (top > 0) {
      top -= 3;
      const node = work[top], start = work[top + 1], end = work[top + 2];
      made[madeCount++] = node;
      const split = partition(leaves, leafBoxes, start, end, scratch);
      for (let side = 0; side < 2; side++) {
        const s = side === 0 ? start : split, e = side === 0 ? split : end;
        let child: number;
        if (e - s === 1) {
          child = leaves[s];
        } else {
          child = this.allocate(); // never grows: the n − 1 internal nodes just freed are taken back
          work[top] = child; work[top + 1] = s; work[top + 2] = e; top += 3;
        }
        parent[child] = node;
        if (side === 0) child1[node] = child; else child2[node] = child;
      }
    }
    for (let i = madeCount - 1; i >= 0; i--) {
      const node = made[i], a = child1[node], b = child2[node];
      setUnion(boxes, node, a, b);
      height[node] = 1 + Math.max(height[a], height[b]);
    }
    if (!keepArrays) this.build = null;
  }


  // ---- nodes ----

  /** Chains nodes [from, to) into the free list, lowest index first. */
  private linkFree(from: number, to: number): void {
    const parent = this._parent, height = this._height, child1 = this._child1, child2 = this._child2;
    for (let i = from; i < to; i++) {
      parent[i] = i + 1 < to ? i + 1 : this.freeList;
      height[i] = -1;
      child1[i] = NULL_NODE;
      child2[i] = NULL_NODE;
    }
    this.freeList = from;
  }

  /** Takes a node off the free list, doubling the arrays when it is empty. */
  private allocate(): number {
    if (this.freeList === NULL_NODE) this.grow();
    const node = this.freeList;
    this.freeList = this._parent[node];
    this._parent[node] = NULL_NODE;
    this._child1[node] = NULL_NODE;
    this._child2[node] = NULL_NODE;
    this._height[node] = 0;
    this.nodeCount++;
    return node;
  }

  /** Puts a node back at the head of the free list. */
  private free(node: number): void {
    this._parent[node] = this.freeList;
    this._child1[node] = NULL_NODE;
    this._child2[node] = NULL_NODE;
    this._height[node] = -1;
    this.freeList = node;
    this.nodeCount--;
  }

  private grow(): void {
    const old = this.capacity, capacity = 2 * old;
    const boxes = new Float64Array(6 * capacity); boxes.set(this._boxes); this._boxes = boxes;
    const parent = new Int32Array(capacity); parent.set(this._parent); this._parent = parent;
    const child1 = new Int32Array(capacity); child1.set(this._child1); this._child1 = child1;
    const child2 = new Int32Array(capacity); child2.set(this._child2); this._child2 = child2;
    const height = new Int32Array(capacity); height.set(this._height); this._height = height;
    const userData = new Float64Array(capacity); userData.set(this._userData); this._userData = userData;
    this.capacity = capacity;
    this.linkFree(old, capacity);
  }

  private checkProxy(proxyId: number, where: string): void {
    if (!(Number.isInteger(proxyId) && proxyId >= 0 && proxyId < this.capacity && this._height[proxyId] === 0)) {
      throw new Error(`DynamicTree.${where}: ${proxyId} is not a live proxy id`);
    }
  }

  private checkNotTraversing(where: string): void {
    if (this.stackTop !== 0) throw new Error(`DynamicTree.${where}: the tree cannot change inside a query or rayCastTree visit`);
  }

  /** Reserves `count` traversal stack slots above the current top; returns the first. */
  /** @internal */
  reserveStack(count: number): number {
    const base = this.stackTop, need = base + count;
    if (need > this.stack.length) {
      // A traversal already running below keeps its own reference to the old arrays and its slots there.
      const size = Math.max(need, 2 * this.stack.length);
      const stack = new Int32Array(size); stack.set(this.stack); this.stack = stack;
      const stackT = new Float64Array(size); stackT.set(this.stackT); this.stackT = stackT;
    }
    this.stackTop = need;
    return base;
  }

  // ---- insertion and removal ----

  /**
   * Box2D v3 b2FindBestSibling: the node whose sibling the leaf should become, by the cost in the header,
   * along one greedy path from the root with the branch-and-bound cut.
   */
  private findBestSibling(leaf: number): number {
    const boxes = this._boxes, child1 = this._child1, child2 = this._child2, height = this._height;
    const AREA = 0, DIRECT = 1, AREA2 = 2, DIRECT2 = 3; // SCRATCH slots
    let index = this.root;
    areaInto(boxes, leaf, AREA);
    const leafArea = SCRATCH[AREA];
    areaInto(boxes, index, AREA);
    unionAreaInto(boxes, index, leaf, DIRECT);
    let areaBase = SCRATCH[AREA];
    let directCost = SCRATCH[DIRECT]; // area of the new parent if `index` is the sibling
    let inheritedCost = 0; // growth of index's ancestors when the leaf goes below index
    let best = index, bestCost = directCost;
    while (height[index] > 0) {
      const cost = directCost + inheritedCost;
      if (cost < bestCost) { best = index; bestCost = cost; }
      inheritedCost += directCost - areaBase; // index itself grows to contain the leaf
      const c1 = child1[index], c2 = child2[index];
      const leaf1 = height[c1] === 0, leaf2 = height[c2] === 0;
      areaInto(boxes, c1, AREA);
      unionAreaInto(boxes, c1, leaf, DIRECT);
      areaInto(boxes, c2, AREA2);
      unionAreaInto(boxes, c2, leaf, DIRECT2);
      const area1 = SCRATCH[AREA], direct1 = SCRATCH[DIRECT], area2 = SCRATCH[AREA2], direct2 = SCRATCH[DIRECT2];
      let lower1 = Infinity, lower2 = Infinity;
      if (leaf1) {
        // A leaf can only be the sibling itself.
        const cost1 = direct1 + inheritedCost;
        if (cost1 < bestCost) { best = c1; bestCost = cost1; }
      } else {
        // Below an internal child, the best is either the child itself (cost inherited + direct1) or a
        // descendant, whose new parent is at least as large as the leaf and whose ancestors include the
        // child grown by direct1 − area1.
        lower1 = inheritedCost + direct1 + Math.min(leafArea - area1, 0);
      }
      if (leaf2) {
        const cost2 = direct2 + inheritedCost;
        if (cost2 < bestCost) { best = c2; bestCost = cost2; }
      } else {
        lower2 = inheritedCost + direct2 + Math.min(leafArea - area2, 0);
      }
      if (leaf1 && leaf2) break;
      if (bestCost <= lower1 && bestCost <= lower2) break; // nothing below can do better
      if (lower1 === lower2 && !leaf1) {
        // Both internal with equal bounds (both contain the leaf, say): take the one whose centre is nearer.
        centreDistanceInto(boxes, c1, leaf, AREA);
        centreDistanceInto(boxes, c2, leaf, AREA2);
        lower1 = SCRATCH[AREA];
        lower2 = SCRATCH[AREA2];
      }
      if (lower1 < lower2 && !leaf1) {
        index = c1; areaBase = area1; directCost = direct1;
      } else {
        index = c2; areaBase = area2; directCost = direct2;
      }
    }
    return best;
  }

  /** Box2D v3 b2InsertLeaf: a new parent for the leaf and its best sibling, then fit and rotate upward. */
  private insertLeaf(leaf: number): void {
    if (this.root === NULL_NODE) {
      this.root = leaf;
      this._parent[leaf] = NULL_NODE;
      return;
    }
    const sibling = this.findBestSibling(leaf);
    const newParent = this.allocate(); // may grow the arrays: read them after
    const parent = this._parent, child1 = this._child1, child2 = this._child2, height = this._height, boxes = this._boxes;
    const oldParent = parent[sibling];
    parent[newParent] = oldParent;
    child1[newParent] = sibling;
    child2[newParent] = leaf;
    parent[sibling] = newParent;
    parent[leaf] = newParent;
    if (oldParent === NULL_NODE) this.root = newParent;
    else if (child1[oldParent] === sibling) child1[oldParent] = newParent;
    else child2[oldParent] = newParent;
    for (let node = newParent; node !== NULL_NODE; node = parent[node]) {
      const a = child1[node], b = child2[node];
      setUnion(boxes, node, a, b);
      height[node] = 1 + Math.max(height[a], height[b]);
      this.rotate(node);
    }
  }

  /** Box2D v3 b2RemoveLeaf: the leaf's sibling takes its parent's place; the parent is freed. */
  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL_NODE;
      return;
    }
    const parent = this._parent, child1 = this._child1, child2 = this._child2, height = this._height, boxes = this._boxes;
    const p = parent[leaf], grandparent = parent[p];
    const sibling = child1[p] === leaf ? child2[p] : child1[p];
    parent[sibling] = grandparent;
    if (grandparent === NULL_NODE) this.root = sibling;
    else if (child1[grandparent] === p) child1[grandparent] = sibling;
    else child2[grandparent] = sibling;
    this.free(p);
    for (let node = grandparent; node !== NULL_NODE; node = parent[node]) {
      const a = child1[node], b = child2[node];
      setUnion(boxes, node, a, b);
      height[node] = 1 + Math.max(height[a], height[b]);
    }
  }

  /**
   * Box2D v3 b2RotateNodes: at node A with children B and C, swap a child with a grandchild under the
   * other child when that shrinks the other child's box. With B ↔ F (F a child of C, G its sibling), C's
   * box becomes B ∪ G; A's box is unchanged (same leaves) and so is every other node's, so the total
   * internal area changes by area(B ∪ G) − area(C). The largest decrease of the (up to) four swaps wins;
   * none is made unless it decreases the area.
   */
  private rotate(a: number): void {
    const height = this._height;
    if (height[a] < 2) return;
    const boxes = this._boxes, child1 = this._child1, child2 = this._child2;
    const b = child1[a], c = child2[a];
    // The best swap so far: child slot of A (1 or 2) ↔ grandchild slot under the other child (1 or 2).
    let bestDelta = 0, bestA = 0, bestG = 0;
    if (height[c] > 0) {
      // B ↔ F leaves C = B ∪ G; B ↔ G leaves C = B ∪ F.
      areaInto(boxes, c, 0);
      unionAreaInto(boxes, b, child2[c], 1);
      unionAreaInto(boxes, b, child1[c], 2);
      const dF = SCRATCH[1] - SCRATCH[0], dG = SCRATCH[2] - SCRATCH[0];
      if (dF < bestDelta) { bestDelta = dF; bestA = 1; bestG = 1; }
      if (dG < bestDelta) { bestDelta = dG; bestA = 1; bestG = 2; }
    }
    if (height[b] > 0) {
      // C ↔ D leaves B = C ∪ E; C ↔ E leaves B = C ∪ D.
      areaInto(boxes, b, 0);
      unionAreaInto(boxes, c, child2[b], 1);
      unionAreaInto(boxes, c, child1[b], 2);
      const dD = SCRATCH[1] - SCRATCH[0], dE = SCRATCH[2] - SCRATCH[0];
      if (dD < bestDelta) { bestDelta = dD; bestA = 2; bestG = 1; }
      if (dE < bestDelta) { bestDelta = dE; bestA = 2; bestG = 2; }
    }
    if (bestA === 0) return;
    const parent = this._parent;
    const x = bestA === 1 ? b : c; // the child of A that moves down
    const z = bestA === 1 ? c : b; // the other child, which takes x in
    const y = bestG === 1 ? child1[z] : child2[z]; // the grandchild that moves up
    const kept = bestG === 1 ? child2[z] : child1[z];
    if (bestA === 1) child1[a] = y; else child2[a] = y;
    if (bestG === 1) child1[z] = x; else child2[z] = x;
    parent[x] = z;
    parent[y] = a;
    setUnion(boxes, z, x, kept);
    height[z] = 1 + Math.max(height[x], height[kept]);
    height[a] = 1 + Math.max(height[z], height[y]);
  }
}

/** The rebuild's arrays: the leaves and their boxes side by side, the work items (node, start, end), the
 * internal nodes in the order made, and the binned SAH's scratch. */
interface BuildArrays {
  leaves: Int32Array;
  leafBoxes: Float64Array;
  work: Int32Array;
  made: Int32Array;
  scratch: BuildScratch;
}

/** Scratch for the rebuild's binned SAH: per bin, a box and a count; per plane, the right side's area and count. */
class BuildScratch {
  readonly binBoxes = new Float64Array(BIN_COUNT * 6);
  readonly binCounts = new Int32Array(BIN_COUNT);
  readonly rightArea = new Float64Array(BIN_COUNT);
  readonly rightCount = new Int32Array(BIN_COUNT);
  cost = 0;
  plane = 0;
}

/**
 * Bins leaves[start, end) by their centres along `axis` (Wald 2007) and leaves in s.cost and s.plane the
 * least cost n_left·area(left) + n_right·area(right) over the planes between bins, and its plane p (bins
 * [0, p] to the left); plane −1 when no plane has leaves on both sides at a finite cost.
 */
function binAxis(leafBoxes: Float64Array, start: number, end: number, axis: number, min: number, scale: number, s: BuildScratch): void {
  const binBoxes = s.binBoxes, binCounts = s.binCounts, rightArea = s.rightArea, rightCount = s.rightCount;
  for (let b = 0; b < BIN_COUNT; b++) {
    binCounts[b] = 0;
    const o = 6 * b;
    binBoxes[o] = binBoxes[o + 1] = binBoxes[o + 2] = Infinity;
    binBoxes[o + 3] = binBoxes[o + 4] = binBoxes[o + 5] = -Infinity;
  }
  for (let i = start; i < end; i++) {
    const o = 6 * i;
    const bin = Math.min(BIN_COUNT - 1, Math.floor((leafBoxes[o + axis] + leafBoxes[o + axis + 3] - min) * scale));
    binCounts[bin]++;
    const q = 6 * bin;
    for (let j = 0; j < 3; j++) {
      if (leafBoxes[o + j] < binBoxes[q + j]) binBoxes[q + j] = leafBoxes[o + j];
      if (leafBoxes[o + j + 3] > binBoxes[q + j + 3]) binBoxes[q + j + 3] = leafBoxes[o + j + 3];
    }
  }
  // Sweep from the right for the right sides, then from the left, costing each plane with both sides
  // nonempty.
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity, n = 0;
  for (let p = BIN_COUNT - 1; p >= 1; p--) {
    const q = 6 * p;
    if (binCounts[p] > 0) {
      n += binCounts[p];
      lx = Math.min(lx, binBoxes[q]); ly = Math.min(ly, binBoxes[q + 1]); lz = Math.min(lz, binBoxes[q + 2]);
      hx = Math.max(hx, binBoxes[q + 3]); hy = Math.max(hy, binBoxes[q + 4]); hz = Math.max(hz, binBoxes[q + 5]);
    }
    rightCount[p - 1] = n;
    rightArea[p - 1] = n > 0 ? (hx - lx) * (hy - ly) + (hy - ly) * (hz - lz) + (hz - lz) * (hx - lx) : 0;
  }
  lx = Infinity; ly = Infinity; lz = Infinity; hx = -Infinity; hy = -Infinity; hz = -Infinity; n = 0;
  s.cost = Infinity;
  s.plane = -1;
  for (let p = 0; p < BIN_COUNT - 1; p++) {
    const q = 6 * p;
    if (binCounts[p] > 0) {
      n += binCounts[p];
      lx = Math.min(lx, binBoxes[q]); ly = Math.min(ly, binBoxes[q + 1]); lz = Math.min(lz, binBoxes[q + 2]);
      hx = Math.max(hx, binBoxes[q + 3]); hy = Math.max(hy, binBoxes[q + 4]); hz = Math.max(hz, binBoxes[q + 5]);
    }
    if (n === 0 || rightCount[p] === 0) continue;
    const cost = n * ((hx - lx) * (hy - ly) + (hy - ly) * (hz - lz) + (hz - lz) * (hx - lx)) + rightCount[p] * rightArea[p];
    if (cost < s.cost) { s.cost = cost; s.plane = p; }
  }
}

/**
 * Splits leaves[start, end) in place (with their boxes) by the binned SAH and returns the first index of
 * the right part, strictly between start and end.
 */
function partition(leaves: Int32Array, leafBoxes: Float64Array, start: number, end: number, s: BuildScratch): number {
  const count = end - start;
  if (count === 2) return start + 1;
  // Bounds of the (doubled: min + max) centres.
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = start; i < end; i++) {
    const o = 6 * i;
    const x = leafBoxes[o] + leafBoxes[o + 3], y = leafBoxes[o + 1] + leafBoxes[o + 4], z = leafBoxes[o + 2] + leafBoxes[o + 5];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  // Bin along the longest axis of the centres' bounds (Wald 2007; binning all three axes measured 4 %
  // less area on random boxes, for twice the time).
  const dx = maxX - minX, dy = maxY - minY, dz = maxZ - minZ;
  const axis = dx >= dy && dx >= dz ? 0 : dy >= dz ? 1 : 2;
  const extent = axis === 0 ? dx : axis === 1 ? dy : dz, min = axis === 0 ? minX : axis === 1 ? minY : minZ;
  const scale = BIN_COUNT / extent;
  // Centres all in one place (or so close that the bin scale overflows): split in the middle.
  if (!(extent > 0 && scale < Infinity)) return start + (count >> 1);
  binAxis(leafBoxes, start, end, axis, min, scale, s);
  // The extreme centres fall in bins 0 and BIN_COUNT − 1, so a plane with both sides nonempty exists; its
  // cost is finite unless the areas overflow.
  const plane = s.plane;
  if (plane < 0) return start + (count >> 1);
  // Hoare partition: bins ≤ plane to the left (the bin formula of binAxis).
  let i = start, j = end - 1;
  while (true) {
    while (i <= j && Math.min(BIN_COUNT - 1, Math.floor((leafBoxes[6 * i + axis] + leafBoxes[6 * i + axis + 3] - min) * scale)) <= plane) i++;
    while (i <= j && Math.min(BIN_COUNT - 1, Math.floor((leafBoxes[6 * j + axis] + leafBoxes[6 * j + axis + 3] - min) * scale)) > plane) j--;
    if (i >= j) break;
    const t = leaves[i]; leaves[i] = leaves[j]; leaves[j] = t;
    for (let q = 0; q < 6; q++) {
      const c = leafBoxes[6 * i + q]; leafBoxes[6 * i + q] = leafBoxes[6 * j + q]; leafBoxes[6 * j + q] = c;
    }
    i++; j--;
  }
  return i; // both sides were counted nonempty, so start < i < end
}
