// The direct solver's graph and its elimination order: which joints it holds, which of them close loops,
// which are ropes (limit rows only), and the order in which the sparse LDLᵀ (factorization.ts) eliminates
// the nodes of H, the graph whose nodes are the dynamic bodies and the joints, with an edge between a joint
// and each of its dynamic bodies. Static and kinematic bodies are not nodes.
//
// Fill. Eliminating a node joins its remaining neighbours pairwise (their blocks of H fill in). A forest
// (chains, ropes, ragdolls) eliminated leaf first creates none (Baraff, "Linear-Time Dynamics using
// Lagrange Multipliers", SIGGRAPH 1996); a loop (a bridge welded at both ends, a wall of welded bricks, a
// grid) must create some, and the order decides how much. On a forest the order is a minimum degree
// order (Tinney and Walker 1967; George and Liu, "The Evolution of the Minimum Degree Ordering
// Algorithm", SIAM Review 1989): repeatedly eliminate the node whose neighbours carry the fewest rows,
// leaves (one neighbour, no fill) first, ties to the earlier node, so it is deterministic; it is the
// leaf-first order. With loops it is a minimum fill (minimum deficiency) order: the node whose elimination
// joins the fewest entries of its neighbours not yet joined goes first, then the least degree (measured
// against minimum degree, in operations a factorization: 14-23 % fewer on the welded walls and a 10 x 10
// sphere grid, 43 % fewer on a 20 x 20 one; Rothberg and Eisenstat, "Node Selection Strategies for Bottom-Up Sparse Matrix
// Ordering", SIAM J. Matrix Anal. Appl. 1998, compare the two).
//
// Which nodes may go. H is indefinite (bodies' pivots positive, joints' negative), and an elimination
// order that ignores that can meet a pivot that cancels to nothing. A joint's block is zero until one of
// its bodies is eliminated (Baraff 1996, section 7: a joint eliminated with a zero block gets a singular
// pivot), so in a forest a joint waits for one of its bodies: leaf first, each joint's block is then
// −J M̃⁻¹ Jᵀ over the subtree below it, negative definite. With loops that is not enough: a joint
// eliminated before a body adds a positive term to the blocks of that body's other joints, and a joint
// block built of both signs can cancel (measured: a 2 x 2 wall of welded bricks solved to a residual of
// 2e5 of its right-hand side). So in a group with loops a joint waits for all its bodies. Then no body
// is eliminated after a joint it touches, every body's pivot is its own M, and every joint's is a block of
// the Schur complement −(J M⁻¹ Jᵀ + Γ) over the joints: negative definite, the matrix the iterative solver
// sweeps, as well conditioned. Bodies may go at any time.
//
// The order is computed when the graph changes (a joint added, removed, broken, or its eligibility
// changed), not every step; its cost is measured in BENCHMARKS.md.
//
// Budget. A group (bodies joined through joints and ropes, the world excluded; rows of different groups
// never couple) whose loops need more than MAX_FACTOR_FLOPS per factorization is left whole to the
// iterative solver, as a 100 x 100 sphere grid is: its factorization, minimum degree or nested dissection,
// costs about 10 k³ b³ operations for a k x k grid of b rows per node (George, "Nested Dissection of a
// Regular Finite Element Mesh", 1973), 10⁹ at k = 100, b = 6, seconds in JavaScript for each substep.
// Groups without loops are always held (their cost is linear). Holding a group's trees exactly and its
// loops softly is worse than either: the exact trees carry every load the soft loops would share, and
// the loops, solved against rigid trees, hold looser than the iterative solver holds the whole.

import type { TreeBody } from './tree-body-model.js';
import { dynamicEnd, isCandidate, type TreeJoint } from './tree-joint.js';

/** Operations per factorization (one substep) that the groups with loops may cost, in all: about 20 ms a
 * step at 4 substeps (measured: 1-2 GFlop/s in the block kernels, math/block-kernels.ts). */
export const MAX_FACTOR_FLOPS = 1e7;

export interface GraphOrder<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Every joint the solver may take (isCandidate), in the world's order: a change of this list means a
   * rebuild. */
  candidates: TJoint[];
  /** The nodes (bodies and joints), group by group, each group's in the reverse of its elimination order:
   * the factorization eliminates from the last node to the first. */
  nodes: (TBody | TJoint)[];
  /** Node i's neighbours when it is eliminated (all of lower index): upperNode[upperStart[i] …
   * upperStart[i + 1] − 1], ascending. */
  upperStart: Int32Array;
  upperNode: Int32Array;
  /** Per node: 1 for a joint in a tree that a loop closes, or a joint that closes one (COMPLIANCE). */
  compliant: Uint8Array;
  /** Joints that close a loop (their ends were already connected, in the world's joint order). */
  loops: TJoint[];
  /** Rigid distance joints: limit rows only; their bodies are nodes. */
  ropes: TJoint[];
  /** A dynamic body's group (a representative: equal for the bodies of one group). */
  groupOfBody(body: TBody): number;
  /** Operations per factorization, estimated from the fill (see eliminationCost). */
  flops: number;
}

/** Chooses the joints the solver holds and orders the nodes of each group for elimination. */
export function orderGraph<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  bodies: readonly TBody[], joints: readonly TJoint[], dof: number, budget = MAX_FACTOR_FLOPS,
): GraphOrder<TBody, TJoint> {
  const index = new Map<TBody, number>();
  for (const body of bodies) if (body.isDynamic) index.set(body, index.size);
  const world = index.size;
  const element = (body: TBody): number => index.get(body) ?? world;
  // which joints close loops: a union-find over the bodies and the world, in the world's joint order
  const connected = new DisjointSets(world + 1);
  const candidates: TJoint[] = [];
  const rigid: TJoint[] = [];
  const tree: TJoint[] = [];
  const loops: TJoint[] = [];
  const ropes: TJoint[] = [];
  for (const joint of joints) {
    if (!isCandidate(joint)) continue;
    candidates.push(joint);
    if (joint.directRowCount === 0) {
      ropes.push(joint);
      continue;
    }
    rigid.push(joint);
    const a = connected.find(element(joint.bodyA)), b = connected.find(element(joint.bodyB));
    if (a === b) {
      loops.push(joint);
    } else {
      connected.join(a, b);
      tree.push(joint);
    }
  }
  // the groups (the world excluded), and the trees that loops close (their rows get COMPLIANCE)
  const groups = new DisjointSets(world);
  const trees = new DisjointSets(world);
  const joinBodies = (sets: DisjointSets, joint: TJoint) => {
    const a = index.get(joint.bodyA), b = index.get(joint.bodyB);
    if (a !== undefined && b !== undefined && sets.find(a) !== sets.find(b)) sets.join(sets.find(a), sets.find(b));
  };
  for (const joint of rigid) joinBodies(groups, joint);
  for (const joint of ropes) joinBodies(groups, joint);
  for (const joint of tree) joinBodies(trees, joint);
  const closedTrees = new Set<number>();
  const closesLoop = new Set<TJoint>(loops);
  for (const joint of loops) {
    for (const body of [joint.bodyA, joint.bodyB]) if (body.isDynamic) closedTrees.add(trees.find(index.get(body) as number));
  }
  const groupOf = (body: TBody) => groups.find(index.get(body) as number);
  // each group's joints and bodies, groups in the order their first joint appears
  const members = new Map<number, { joints: TJoint[]; bodies: TBody[]; seen: Set<TBody>; hasLoop: boolean }>();
  for (const joint of candidates) {
    const group = groupOf(dynamicEnd(joint));
    let entry = members.get(group);
    if (entry === undefined) members.set(group, (entry = { joints: [], bodies: [], seen: new Set(), hasLoop: false }));
    if (joint.directRowCount > 0) entry.joints.push(joint);
    if (closesLoop.has(joint)) entry.hasLoop = true;
    for (const body of [joint.bodyA, joint.bodyB]) {
      if (body.isDynamic && !entry.seen.has(body)) {
        entry.seen.add(body);
        entry.bodies.push(body);
      }
    }
  }
  const nodes: (TBody | TJoint)[] = [];
  const upper: number[][] = [];
  const compliant: number[] = [];
  const keptLoops: TJoint[] = [];
  const keptRopes = new Set<TJoint>();
  const keptGroups = new Set<number>();
  let flops = 0, loopFlops = 0;
  for (const [group, entry] of members) {
    const order = eliminationOrder(entry.bodies, entry.joints, dof, entry.hasLoop, entry.hasLoop ? budget - loopFlops : Infinity);
    if (order === null) continue; // left to the iterative solver, whole
    keptGroups.add(group);
    flops += order.flops;
    if (entry.hasLoop) loopFlops += order.flops;
    const local = [...entry.bodies, ...entry.joints];
    const first = nodes.length, count = local.length;
    // node k of the elimination order is node first + count − 1 − k
    for (let position = count - 1; position >= 0; position--) {
      const id = order.sequence[position], node = local[id];
      nodes.push(node);
      upper.push(order.upper[id].map((other) => first + count - 1 - order.positionOf[other]).sort((x, y) => x - y));
      const isJointNode = id >= entry.bodies.length;
      compliant.push(isJointNode && (closesLoop.has(node as TJoint) || closedTrees.has(trees.find(index.get(dynamicEnd(node as TJoint)) as number))) ? 1 : 0);
    }
  }
  for (const joint of loops) if (keptGroups.has(groupOf(dynamicEnd(joint)))) keptLoops.push(joint);
  for (const joint of ropes) if (keptGroups.has(groupOf(dynamicEnd(joint)))) keptRopes.add(joint);
  const upperStart = new Int32Array(nodes.length + 1);
  for (let i = 0; i < nodes.length; i++) upperStart[i + 1] = upperStart[i] + upper[i].length;
  const upperNode = new Int32Array(upperStart[nodes.length]);
  for (let i = 0; i < nodes.length; i++) upperNode.set(upper[i], upperStart[i]);
  return {
    candidates, nodes, upperStart, upperNode, compliant: Uint8Array.from(compliant), loops: keptLoops,
    ropes: ropes.filter((joint) => keptRopes.has(joint)), groupOfBody: (body: TBody) => groupOf(body), flops,
  };
}

interface Elimination {
  /** Local node ids in elimination order, and each id's position in it. */
  sequence: number[];
  positionOf: Int32Array;
  /** Each id's neighbours when it is eliminated (local ids). */
  upper: number[][];
  flops: number;
}

/**
 * A minimum degree order of one group's nodes (local ids: its bodies, of `dof` rows, then its joints), or
 * with loops (`allBodiesFirst`) a minimum fill order, or null when it costs more than `budget`
 * operations. The degree is the rows the neighbours carry (the size of the update the node's elimination
 * makes), the fill the entries it joins; a node with at most one neighbour (no fill) goes first. A joint
 * waits for one of its bodies, or with `allBodiesFirst` for all of them (see the header).
 */
function eliminationOrder<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  bodies: readonly TBody[], joints: readonly TJoint[], dof: number, allBodiesFirst: boolean, budget: number,
): Elimination | null {
  const bodyCount = bodies.length, count = bodyCount + joints.length;
  const size = new Int32Array(count);
  const adjacency: Set<number>[] = [];
  const bodyId = new Map<TBody, number>();
  bodies.forEach((body, id) => {
    bodyId.set(body, id);
    size[id] = dof;
    adjacency.push(new Set());
  });
  const jointsOfBody: number[][] = bodies.map(() => []);
  /** Per joint: its bodies still to be eliminated before it may go. */
  const waiting = new Int32Array(count);
  joints.forEach((joint, j) => {
    const id = bodyCount + j;
    size[id] = joint.directRowCount;
    const neighbours = new Set<number>();
    for (const body of [joint.bodyA, joint.bodyB]) {
      const b = bodyId.get(body);
      if (b === undefined) continue;
      neighbours.add(b);
      adjacency[b].add(id);
      jointsOfBody[b].push(id);
    }
    waiting[id] = allBodiesFirst ? neighbours.size : 1;
    adjacency.push(neighbours);
  });
  const degree = (id: number) => {
    let sum = 0;
    for (const other of adjacency[id]) sum += size[other];
    return sum;
  };
  // the fill an elimination makes: the entries of the pairs of its neighbours not yet joined
  const fill = (id: number) => {
    const neighbours = adjacency[id];
    let sum = 0;
    for (const a of neighbours) for (const b of neighbours) if (a < b && !adjacency[a].has(b)) sum += size[a] * size[b];
    return sum;
  };
  // a forest makes no fill whatever the order: least degree first (leaves first) is enough there, and
  // cheaper to keep than the fill; with loops, least fill first, then least degree
  const key = allBodiesFirst
    ? (id: number) => ((adjacency[id].size <= 1 ? 0 : 1) * 1e9 + Math.min(fill(id), 1e6 - 1) * 1e3 + Math.min(degree(id), 999)) * 1048576 + id
    : (id: number) => ((adjacency[id].size <= 1 ? 0 : 1) * 1e8 + Math.min(degree(id), 1e8 - 1)) * 1048576 + id;
  const current = new Float64Array(count);
  const eligible = new Uint8Array(count);
  const done = new Uint8Array(count);
  const heap = new KeyHeap();
  for (let id = 0; id < bodyCount; id++) {
    eligible[id] = 1;
    heap.push((current[id] = key(id)));
  }
  const sequence: number[] = [];
  const positionOf = new Int32Array(count);
  const upper: number[][] = new Array(count);
  let flops = 0;
  while (sequence.length < count) {
    const top = heap.pop();
    const id = top % 1048576;
    if (done[id] === 1 || !eligible[id] || current[id] !== top) continue;
    done[id] = 1;
    positionOf[id] = sequence.length;
    sequence.push(id);
    const neighbours = [...adjacency[id]].sort((x, y) => x - y);
    upper[id] = neighbours;
    flops += eliminationCost(size[id], neighbours, size);
    if (flops > budget) return null;
    for (const a of neighbours) {
      adjacency[a].delete(id);
      for (const b of neighbours) if (a !== b) adjacency[a].add(b);
    }
    if (id < bodyCount) {
      for (const joint of jointsOfBody[id]) {
        if (done[joint] === 1 || eligible[joint] === 1 || --waiting[joint] > 0) continue;
        eligible[joint] = 1;
        heap.push((current[joint] = key(joint)));
      }
    }
    // the neighbours' keys (their degree and fill changed); a node two away may have had a pair of its
    // neighbours joined, which only lowers its fill: its key stays an overestimate until it is next
    // touched (kept exact, the order cost 1.6-2.4x the time, 88 against 54 ms on the 8 x 8 welded wall,
    // for 3-12 % less fill: measured)
    for (const a of neighbours) {
      if (!eligible[a]) continue;
      const next = key(a);
      if (next !== current[a]) heap.push((current[a] = next));
    }
  }
  return { sequence, positionOf, upper, flops };
}

/** Operations to eliminate a node of m rows with these neighbours: its inverse, L = D⁻¹ E for each, and
 * the symmetric update of the neighbours' blocks. */
function eliminationCost(m: number, neighbours: readonly number[], size: Int32Array): number {
  let rows = 0;
  for (const other of neighbours) rows += size[other];
  return m * m * m + m * m * rows + m * rows * (rows + 1);
}

/** A binary min-heap of numbers (keys that carry their node id in their low bits). */
class KeyHeap {
  private readonly items: number[] = [];
  push(value: number): void {
    const items = this.items;
    let i = items.length;
    items.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent] <= value) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = value;
  }
  pop(): number {
    const items = this.items, top = items[0], last = items.pop() as number;
    if (items.length > 0) {
      let i = 0;
      const n = items.length;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const child = left + 1 < n && items[left + 1] < items[left] ? left + 1 : left;
        if (items[child] >= last) break;
        items[i] = items[child];
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/** A union-find over 0 … size − 1 (path halving). */
export class DisjointSets {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = Int32Array.from({ length: size }, (_, i) => i);
  }
  /** The representative of i's set. */
  find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  }
  /** Joins two sets, given their representatives. */
  join(a: number, b: number): void {
    this.parent[a] = b;
  }
}
