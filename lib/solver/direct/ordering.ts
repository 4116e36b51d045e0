// The direct solver's graph and its ordering: which joints form the forest, which close loops, which
// are ropes (limit rows only), and the order of the forest's nodes, so that eliminating them from the
// last to the first creates no fill (factorization.ts).
//
// Static and kinematic bodies are not nodes: they are "the world", one element of a union-find. A joint
// joins the forest unless its two ends are already connected (through bodies or through the world): those
// joints close loops (loops.ts). So every tree has at most one joint to the world, and that joint is its
// root: every joint node then has a body below it, and no D_i is singular (a second joint to the world
// would be a leaf with D = 0: Baraff, "Linear-Time Dynamics using Lagrange Multipliers", 1996, section 7).
//
// A group is the trees joined by loops or ropes (the world excluded): its limit rows couple through the
// forest (limits.ts), rows of different groups never do. The loop closure holds at most MAX_LOOP_ROWS
// rows; a group whose loops do not fit is left whole to the iterative solver, trees, loops, ropes and
// limits. Holding its trees exactly and its loops softly is worse than either: the exact trees carry every
// load the soft loops would share (a welded wall of 64 bricks hung 15.8 kN on one of its 8 ground welds, on
// a wall of 19.6 kN, and broke 141 of its 169 welds with nothing touching it), and the loops, solved
// against rigid trees, hold 3-6x looser than the iterative solver holds the whole (a rope bridge of 32
// planks: 0.24 m against 0.038 m; a 10 x 10 sphere grid: 0.087 m against 0.022 m) at 2-3x its cost.
//
// Nodes are laid out breadth first from the roots, so a parent always comes before its children, and
// group by group.

import type { TreeBody } from './tree-body-model.js';
import { dynamicEnd, isCandidate, isJoint, type TreeJoint } from './tree-joint.js';

/** Loop rows held exactly at most, over every group (each costs one solve per factorization; their S is
 * inverted densely: loops.ts). */
export const MAX_LOOP_ROWS = 48;

export interface ForestOrder<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Every joint the solver takes (isCandidate), in the world's order: a change of this list means a
   * rebuild. */
  candidates: TJoint[];
  /** The forest's nodes (bodies and joints), parents before children, group by group. */
  nodes: (TBody | TJoint)[];
  /** Each node's parent's index in `nodes`, −1 for a root. */
  parentOf: number[];
  /** Joints that close a loop (their ends already connected), in the groups the forest takes. */
  loops: TJoint[];
  /** Rigid distance joints: limit rows only, their bodies are nodes. */
  ropes: TJoint[];
  /** A dynamic body's group (a representative: equal for the bodies of one group). */
  groupOfBody: (body: TBody) => number;
}

/** Chooses the forest's joints (a union-find over the dynamic bodies and the world) and orders its nodes. */
export function orderForest<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  bodies: readonly TBody[], joints: readonly TJoint[],
): ForestOrder<TBody, TJoint> {
  const index = new Map<TBody, number>();
  for (const body of bodies) if (body.isDynamic) index.set(body, index.size);
  const world = index.size;
  const sets = new DisjointSets(world + 1);
  const element = (body: TBody): number => index.get(body) ?? world;
  // the forest's joints, the loops and the ropes
  const candidates: TJoint[] = [];
  let tree: TJoint[] = [];
  let loops: TJoint[] = [];
  let ropes: TJoint[] = [];
  for (const joint of joints) {
    if (!isCandidate(joint)) continue;
    candidates.push(joint);
    if (joint.directRowCount === 0) {
      ropes.push(joint); // only limit rows: its bodies become nodes below
      continue;
    }
    const a = sets.find(element(joint.bodyA)), b = sets.find(element(joint.bodyB));
    if (a === b) {
      loops.push(joint); // closes a loop
      continue;
    }
    sets.join(a, b);
    tree.push(joint);
  }
  // the groups, and those whose loops fit (see the header): the others are left out whole
  const groups = new DisjointSets(world);
  const joinBodies = (sets: DisjointSets, joint: TJoint) => {
    const a = index.get(joint.bodyA), b = index.get(joint.bodyB);
    if (a !== undefined && b !== undefined && sets.find(a) !== sets.find(b)) sets.join(sets.find(a), sets.find(b));
  };
  for (const joint of [...tree, ...loops, ...ropes]) joinBodies(groups, joint);
  const groupOfJoint = (joint: TJoint) => groups.find(index.get(dynamicEnd(joint)) as number);
  const loopRows = new Map<number, number>();
  for (const joint of loops) loopRows.set(groupOfJoint(joint), (loopRows.get(groupOfJoint(joint)) ?? 0) + joint.directRowCount);
  const left = new Set<number>();
  let total = 0;
  for (const [group, rows] of loopRows) {
    if (total + rows > MAX_LOOP_ROWS) left.add(group);
    else total += rows;
  }
  if (left.size > 0) {
    const kept = (joint: TJoint) => !left.has(groupOfJoint(joint));
    tree = tree.filter(kept);
    loops = loops.filter(kept);
    ropes = ropes.filter(kept);
  }
  const adjacency = new Map<TBody, TJoint[]>();
  for (const joint of tree) {
    for (const body of [joint.bodyA, joint.bodyB]) {
      if (!body.isDynamic) continue;
      let list = adjacency.get(body);
      if (list === undefined) adjacency.set(body, (list = []));
      list.push(joint);
    }
  }
  // breadth-first from the roots: each joint to the world, then any body not reached yet
  const nodes: (TBody | TJoint)[] = [];
  const parentOf: number[] = [];
  const seen = new Set<TBody | TJoint>();
  const visit = (start: TBody | TJoint) => {
    seen.add(start);
    nodes.push(start);
    parentOf.push(-1);
    for (let head = nodes.length - 1; head < nodes.length; head++) {
      const node = nodes[head];
      const next = isJoint(node)
        ? [node.bodyA, node.bodyB].filter((body) => body.isDynamic)
        : (adjacency.get(node) ?? []);
      for (const neighbour of next) {
        if (seen.has(neighbour)) continue;
        seen.add(neighbour);
        nodes.push(neighbour);
        parentOf.push(head);
      }
    }
  };
  // The roots: each joint to the world, then a body of each tree not reached yet, then a rope's bodies
  // outside every tree (trees of one body). They are visited group by group, so that each group's nodes
  // are consecutive.
  const trees = new DisjointSets(world);
  for (const joint of tree) joinBodies(trees, joint);
  const roots: (TBody | TJoint)[] = [];
  const rooted = new Set<number>();
  for (const joint of tree) {
    if (joint.bodyA.isDynamic && joint.bodyB.isDynamic) continue;
    roots.push(joint);
    rooted.add(trees.find(index.get(dynamicEnd(joint)) as number));
  }
  for (const joint of tree) {
    const rep = trees.find(index.get(dynamicEnd(joint)) as number);
    if (rooted.has(rep)) continue;
    rooted.add(rep);
    roots.push(dynamicEnd(joint));
  }
  for (const joint of ropes) {
    for (const body of [joint.bodyA, joint.bodyB]) {
      if (!body.isDynamic || adjacency.has(body) || rooted.has(index.get(body) as number)) continue;
      rooted.add(index.get(body) as number);
      roots.push(body);
    }
  }
  // group by group, in the order each group first appears (a stable sort: one group's trees keep their order)
  const groupOfRoot = (root: TBody | TJoint) => groups.find(index.get(isJoint(root) ? dynamicEnd(root) : root) as number);
  const rank = new Map<number, number>();
  for (const root of roots) if (!rank.has(groupOfRoot(root))) rank.set(groupOfRoot(root), rank.size);
  roots.sort((a, b) => (rank.get(groupOfRoot(a)) as number) - (rank.get(groupOfRoot(b)) as number));
  for (const root of roots) visit(root);
  return { candidates, nodes, parentOf, loops, ropes, groupOfBody: (body) => groups.find(index.get(body) as number) };
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
