// The direct tree solver: the equality rows of joints whose graph is a forest (chains, ropes, ragdolls,
// trees) solved exactly in O(n) by sparse block LDLᵀ. Source: Baraff, "Linear-Time Dynamics using
// Lagrange Multipliers", SIGGRAPH 1996 (the H matrix, its tree and the leaf-first factorization).
//
// The system. For the dynamic bodies' velocity change Δv and the rows' multipliers μ,
//   H [Δv; μ] = [0; −J v],     H = [ M  Jᵀ ]
//                                  [ J  0  ]
// says M Δv = −Jᵀ μ (the impulse λ = −μ moves the bodies) and J (v + Δv) = 0 (the rows hold exactly).
// H is sparse: its nodes are bodies (6x6 blocks M = diag(m, m, m, I), I = R I_b Rᵀ) and joints (m×m zero
// blocks, m = 3 ball / orientation, 5 hinge / slider, 6 weld), and a joint's only off-diagonal blocks
// are its Jacobian columns for its own two bodies (J_jb, m×6). When the joints form a forest over the
// bodies, H's graph is a forest too, and eliminating its nodes from the leaves up creates no fill:
//
//   factor, leaf first:   D_i = H_ii − Σ_children c  E_cᵀ D_c⁻¹ E_c,   L_i = D_i⁻¹ E_i
//   solve:                x_i = b_i − Σ_children L_cᵀ x_c  (leaf first),   x_i = D_i⁻¹ x_i,
//                         x_i −= L_i x_parent  (root first)
// where E_i = H_{i,parent(i)} is the block between a node and its parent (J_jb for a joint under
// body b, J_jbᵀ for a body under joint j). A body's D_i is positive definite (M plus what its subtree
// adds); a joint's is negative definite, −(the subtree's J M̃⁻¹ Jᵀ), so it is inverted as −D_i by the
// symmetric sweep (math/ldlt.ts invertSymmetricInPlace: a vanishing pivot, as redundant rows give, is
// dropped and gets no impulse); the products run in math/block-kernels.ts.
//
// Which joints. Static and kinematic bodies are not nodes: they are "the world", one element of a
// union-find. A joint joins the forest unless its two ends are already connected (through bodies or
// through the world): those joints close loops, and are closed exactly by the loop closure below
// (layoutLoops) when a structure's loops are few, else left to the iterative solver, as are joints
// with springs (hertz > 0) and mouse joints. A rigid distance joint has no equality row: its bounds are
// limit rows (below), and its bodies become nodes. So every tree has at most one joint to the world,
// and that joint is its root: every joint node then has a body below it, and no D_i is singular
// (a second joint to the world would be a leaf with D = 0, Baraff's section 7 caveat).
//
// Drift. The velocity solve holds J v = 0 exactly, but moving the bodies along v bends the joints a
// little (second order in h). After the step's last position update the positions are projected:
// H [Δx; μ] = [0; −C] moves the bodies by the mass-weighted least change that zeroes C to first order
// (Newton steps; Cline and Pai, "Post-Stabilization for Rigid Body Simulation with Contact and
// Constraints", 2003), with the substep's factorization while it converges fast. Velocities are
// untouched, except that a body the projection turns takes its angular velocity along (turnWithBody),
// so the correction adds no kinetic energy.
//
// Cost. One factorization per substep (at its start) and one solve; the projection adds one or two
// solves per step. On the 41-body chain the factorization is most of the time, so the two eliminations
// a chain is made of (a body under a 3-row joint, a 3-row joint under a body) and the body blocks' 6x6
// inverse run in fixed-size kernels (math/block-kernels.ts, math/ldlt.ts invertSymmetric6InPlace):
// measured, 100 → 35-55 µs per factorization (the spread is this VM's noise).
//
// Dimensions. Everything above is written for 3D; the solver is the same code in 2D, where a body is 3
// numbers (v_x, v_y, ω; a 3x3 block diag(m, m, I)), J rows have 6 columns and joints 1 to 3 rows. What
// differs (the mass block, a row against a velocity, the geometric stiffness, moving a body in a
// projection) is asked of a TreeBodyModel (tree-body-model.ts; lib/2d/solver/tree-body-model.ts). The
// 2D chain (a planar body under a revolute joint's 2 rows, and the reverse) has fixed-size kernels of
// its own; other 2D blocks take the general ones. On planar scenes the two agree to round-off
// (tests/planar.test.ts).
//
// Also here: the geometric stiffness of taut point rows (factor), the refinement step (solveVelocities),
// the loop closure with its compliance (layoutLoops, COMPLIANCE) and the limit rows (joint limits and
// rope bounds) held through the forest and the loops, at velocity level and in the projection
// (factorLimits). Motors, friction, springs and the loops left open are solved by the iterative soft
// step around this (soft-step.ts); when there are none, the step is this solver alone.

import { invertSymmetric2, invertSymmetric3, invertSymmetric6InPlace, invertSymmetricInPlace } from '../math/ldlt.js';
import {
  backSubstitute2UnderBody,
  backSubstitute3UnderBody,
  backSubstituteBodyUnder2,
  backSubstituteBodyUnder3,
  eliminate2UnderBody,
  eliminate3UnderBody,
  eliminateBodyUnder2,
  eliminateBodyUnder3,
  multiplyInPlace,
  multiplySquare,
  subtractTimes,
  subtractTransposeProduct,
  subtractTransposeTimes,
  subtractTransposeTimes2UnderBody,
  subtractTransposeTimes3UnderBody,
  subtractTransposeTimesBodyUnder2,
  subtractTransposeTimesBodyUnder3,
} from '../math/block-kernels.js';
import type { ExactJointSolver } from './soft-step.js';
import type { TreeBody, TreeBodyModel } from './tree-body-model.js';

/**
 * What the solver asks of a joint: JointCore's direct-solver section (lib/joints/joint-core.ts) and the
 * rows each dimension's Joint writes (J with 2·dof columns [v_a ω_a v_b ω_b], Ċ = J v, C).
 */
export interface TreeJoint<TBody extends TreeBody> {
  readonly bodyA: TBody;
  readonly bodyB: TBody;
  readonly hertz: number;
  direct: boolean;
  directLimits: boolean;
  readonly directRowCount: number;
  readonly limitRowCount: number;
  readonly hasDriveRows: boolean;
  prepare(h: number): void;
  writeJacobian(out: Float64Array): void;
  getVelocityError(out: Float64Array): void;
  getPositionError(out: Float64Array): void;
  readEqualityImpulse(out: Float64Array, at: number): void;
  addEqualityImpulse(lambda: Float64Array, at: number): void;
  clearEqualityImpulse(): void;
  writePointLoad(out: Float64Array): boolean;
  writeLimitRow(k: number, out: Float64Array, at: number): number;
  limitImpulse(k: number): number;
  addLimitImpulse(k: number, delta: number): void;
}

/** Projections per substep at most, and the error (m for point rows, rad for angular ones) below which
 * another is not needed; see projectPositions. */
const MAX_PROJECTIONS = 4;
const PROJECTION_TOLERANCE = 1e-7;
/** A projection pass that leaves more than this fraction of the error it found is followed by a new
 * factorization (see projectPositions). */
const SLOW_PROGRESS = 0.1;
/**
 * Compliance of the rows of a tree that a loop closes, as a fraction of each row's own inverse mass.
 * A loop over-constrains: a bridge welded at both ends can carry its weight through either end, and
 * rigid rows leave the split undefined (the loop's S is singular; dropping its zero pivots hands the
 * whole load to the forest, and the bridge hangs as a cantilever from one end: measured, its root welds
 * broke where the iterative solver's held). A small compliance makes the split the one that minimizes
 * the compliance-weighted impulses, shared between the ends, and bounds the impulse along a nearly
 * redundant direction: at 1e-9 a 3 x 3 sphere grid (its pinned row and its squares nearly redundant
 * while flat) built loop impulses of 1e7 N·s and went to NaN in 110 steps; at 1e-6 its gaps stay
 * below 2e-7 m (the projection takes the drift), and so does the bridge's split.
 */
const COMPLIANCE = 1e-6;
/** Loop rows held exactly at most (each costs one solve per factorization; S is inverted densely). */
const MAX_LOOP_ROWS = 48;
/** Limit rows held through the forest at most per group (trees joined by loops or ropes; each row costs
 * one solve of its group per factorization, and a PGS sweep is quadratic in its group's rows). */
const MAX_LIMIT_ROWS = 48;
/** The most a projection corrects a limit row's violation at once, rad or m (Box2D v2's largest angular
 * correction, 8°): a limit created far past its bound comes back over a few steps, not in one jump. */
const MAX_LIMIT_CORRECTION = 0.14;
/** A limit row farther than this from its bound (rad or m), and not closing on it fast, is left out of a
 * substep (see isNearBound). */
const LIMIT_MARGIN = 0.1;
/** The limit rows' projected Gauss-Seidel stops when a sweep changes no row's rate by more than this
 * fraction of the largest rate it started from, or after LIMIT_MAX_SWEEPS (see sweepLimitRows). */
const LIMIT_TOLERANCE = 1e-6;
const LIMIT_MAX_SWEEPS = 64;
/** A velocity solve is refined once when its residual is above this fraction of where it started. */
const REFINE_TOLERANCE = 1e-11;


export class DirectTreeSolver<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> implements ExactJointSolver {
  /** Velocity numbers per body (6 in 3D, 3 in 2D) and columns of a row of J (twice that). */
  private readonly dof: number;
  private readonly columns: number;

  constructor(private readonly model: TreeBodyModel<TBody>) {
    this.dof = model.dof;
    this.columns = 2 * model.dof;
    this.loopAux = new AuxiliaryRows(this.columns);
    this.limitAux = new AuxiliaryRows(this.columns);
  }

  /** Joints whose equality rows this solver holds, in tree order (roots first). */
  readonly joints: TJoint[] = [];
  /** The dynamic bodies in the forest, in tree order. */
  readonly bodies: TBody[] = [];
  /** Joints that close loops, held exactly by the loop closure (see closeLoops); at most
   * MAX_LOOP_ROWS rows in all, the rest are left to the iterative solver. */
  readonly loops: TJoint[] = [];
  private loopRows = 0;
  /** The loop rows: their J, body nodes, the forest's responses W and S = J W, then S⁻¹. */
  private readonly loopAux: AuxiliaryRows;
  /** Each loop joint's body nodes and its first row. */
  private loopNodeA = new Int32Array(0);
  private loopNodeB = new Int32Array(0);
  private loopFirstRow = new Int32Array(0);
  /** Where each node's x sits in a response row (body dof, joint m numbers). */
  private atResponse = new Int32Array(0);
  private responseSize = 0;
  /** The loop rows' compliance γ. */
  private loopGamma = new Float64Array(0);
  /** A projection moves no body farther in a substep than the speed caps would (m, rad). */
  private maxShift = Infinity;
  private maxTurn = Infinity;
  /** Poses before a projection step (7 numbers per body), to undo one that made the error worse. */
  private savedPoses = new Float64Array(0);
  /** Per node: 1 in a tree that a loop closes (its joint rows get COMPLIANCE). */
  private compliant = new Uint8Array(0);
  private loopRhs = new Float64Array(0);
  private loopLambda = new Float64Array(0);
  /**
   * Limit rows held through the forest (see factorLimits): their J, body nodes, W and S = J W; per row
   * its C, joint and the joint's row number; and scratch.
   */
  private limitRows = 0;
  private readonly limitAux: AuxiliaryRows;
  /** Joints whose limit rows it may hold: the forest's, the loops closed exactly, and rigid distance
   * joints (ropes, rods), whose bodies are nodes; and each one's body nodes. */
  private readonly limited: TJoint[] = [];
  private limitedNodeA = new Int32Array(0);
  private limitedNodeB = new Int32Array(0);
  /** Per limit row, the loop rows' reaction to a unit impulse along it: (S_loop + Γ)⁻¹ J_loop W_l. */
  private limitLoopReaction = new Float64Array(0);
  private limitC = new Float64Array(0);
  private limitJoint: TJoint[] = [];
  private limitIndex = new Int32Array(0);
  private limitRate = new Float64Array(0);
  private limitLambda = new Float64Array(0);
  private limitDelta = new Float64Array(0);
  /** Each limit row's compliance γ (COMPLIANCE times its own inverse mass): a row the forest already
   * holds (a rod along a tree's rigid direction) has S_ll ≈ 0, and without it a round-off rate would
   * get an unbounded impulse (measured: 6e10 N·s in a random scene of rods in loops). */
  private limitGamma = new Float64Array(0);
  /** factorLimits' list of the rows near their bound: each one's joint (in `limited`) and row. */
  private nearJoint = new Int32Array(MAX_LIMIT_ROWS);
  private nearRow = new Int32Array(MAX_LIMIT_ROWS);
  /** Per node, its group (see layoutGroups); per group, its first node (and at the end, count). */
  private groupOfNode = new Int32Array(0);
  private groupFirst = new Int32Array(1);
  /** Per group, its first joint in `limited` (and at the end, limited.length). */
  private limitedFirst = new Int32Array(1);
  /** The groups whose limit rows are held at the last factorization: how many, each one's group and
   * first row (one past the last row at the end), and where its block of S starts. */
  private heldGroups = 0;
  private heldGroup = new Int32Array(0);
  private heldRowFirst = new Int32Array(1);
  private heldS = new Int32Array(0);
  /** Per held group: where its rows' responses (over its nodes, one after another) start in limitAux.W. */
  private heldW = new Int32Array(0);
  /** Per joint in `limited`: which of its limit rows are held (bit k: row k) at the last factorLimits. */
  private heldMask = new Int32Array(0);
  /** The substep length of the last factorization (the limits' speculative bias C/h). */
  private h = 0;

  // Nodes in breadth-first order from the roots: a parent always comes before its children, so
  // counting down is leaf first and counting up is root first.
  private count = 0;
  private parent = new Int32Array(0);
  private size = new Int32Array(0);
  /** +1 for a body node, −1 for a joint node (whose D is factored as −D). */
  private sign = new Float64Array(0);
  private nodeBody: (TBody | null)[] = [];
  private nodeJoint: (TJoint | null)[] = [];
  /** For a joint node, its parent body's columns in J (0: body A, dof: body B); for a body node, its
   * columns in its parent joint's J. */
  private parentColumns = new Int32Array(0);
  /** Per node: D_i (then D_i⁻¹), E_i, L_i (both size_i × size_parent, row-major), x_i; and J
   * (rows × 12) for joint nodes. Views into one array. */
  private data = new Float64Array(0);
  private atD = new Int32Array(0);
  private atE = new Int32Array(0);
  private atL = new Int32Array(0);
  private atX = new Int32Array(0);
  private atJ = new Int32Array(0);
  /** Per joint node: its rows' compliance γ (COMPLIANCE times each row's own inverse mass; 0 outside
   * the trees a loop closes). */
  private atC = new Int32Array(0);
  /** Views of x_i and J_i (for the joints' methods, which write from index 0). */
  private x: Float64Array[] = [];
  private J: Float64Array[] = [];
  /** Per body node: where its geometric stiffness term h²G (3x3, added to its angular mass) starts. */
  private atG = new Int32Array(0);
  /** For a body node, the joint node whose J holds its E (its parent); for a joint node, itself. */
  private jacobianNode = new Int32Array(0);
  /** Each dynamic body's node, and each node's tree (its root's node); set by layout, read when loops
   * are chosen. */
  private bodyNode = new Map<TBody, number>();
  private rootOf = new Int32Array(0);
  /** joints[j]'s body nodes (−1 for a static or kinematic body). */
  private nodeOfA = new Int32Array(0);
  private nodeOfB = new Int32Array(0);
  /** joints[j]'s node. */
  private jointNode = new Int32Array(0);
  /** Joints that were candidates (directRowCount > 0) at the last build: a change means rebuild. */
  private candidates: TJoint[] = [];
  private builtVersion = -1;
  /** Every joint of the world is held (forest, loops, ropes) and none has drive rows: then `alone` when
   * their limits are held too (factorLimits). */
  private holdsAll = false;
  private _alone = false;

  /** True when the forest holds every row of the step (see ExactJointSolver.alone). */
  get alone(): boolean {
    return this._alone;
  }

  /** True when it holds any row (the forest's joints, or only the limits of ropes between bodies). */
  get active(): boolean {
    return this.count > 0;
  }

  /**
   * Rebuilds the forest if the world's contents changed (`version`) or a joint's eligibility did (a
   * spring switched on or off). O(joints) when nothing changed.
   */
  ensure(bodies: readonly TBody[], joints: readonly TJoint[], version: number): void {
    if (version !== this.builtVersion || this.eligibilityChanged(joints)) {
      this.build(bodies, joints);
      this.builtVersion = version;
    }
    let all = this.limited.length === joints.length;
    for (let j = 0; all && j < this.limited.length; j++) if (this.limited[j].hasDriveRows) all = false;
    this.holdsAll = all;
  }

  /** Hands every joint back to the iterative solver. */
  clear(): void {
    for (const joint of this.joints) joint.direct = false;
    for (const joint of this.limited) joint.directLimits = false;
    this.limited.length = 0;
    this.limitRows = 0;
    this.heldGroups = 0;
    for (const joint of this.loops) joint.direct = false;
    this.joints.length = 0;
    this.loops.length = 0;
    this.loopRows = 0;
    this.bodies.length = 0;
    this.candidates.length = 0;
    this.count = 0;
    this.builtVersion = -1;
    this.holdsAll = false;
    this._alone = false;
  }

  private eligibilityChanged(joints: readonly TJoint[]): boolean {
    let k = 0;
    for (let i = 0; i < joints.length; i++) {
      if (!isCandidate(joints[i])) continue;
      if (this.candidates[k] !== joints[i]) return true;
      k++;
    }
    return k !== this.candidates.length;
  }

  /** Chooses the forest's joints (union-find over the dynamic bodies and the world) and orders its nodes. */
  build(bodies: readonly TBody[], joints: readonly TJoint[]): void {
    this.clear();
    const index = new Map<TBody, number>();
    for (const body of bodies) if (body.isDynamic) index.set(body, index.size);
    const world = index.size;
    const sets = new DisjointSets(world + 1);
    const element = (body: TBody): number => index.get(body) ?? world;
    // the forest's joints, and each body's joints
    const tree: TJoint[] = [];
    const loops: TJoint[] = [];
    const adjacency = new Map<TBody, TJoint[]>();
    const ropes: TJoint[] = [];
    for (const joint of joints) {
      if (!isCandidate(joint)) continue;
      this.candidates.push(joint);
      if (joint.directRowCount === 0) {
        ropes.push(joint); // only limit rows: its bodies become nodes below
        continue;
      }
      const a = sets.find(element(joint.bodyA)), b = sets.find(element(joint.bodyB));
      if (a === b) {
        loops.push(joint); // closes a loop (kept below only if all its tree's loops fit)
        continue;
      }
      sets.join(a, b);
      tree.push(joint);
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
    // outside every tree (trees of one body). They are visited group by group (see layoutGroups), so
    // that each group's nodes are consecutive.
    const trees = new DisjointSets(world), groups = new DisjointSets(world);
    const joinBodies = (sets: DisjointSets, joint: TJoint) => {
      const a = index.get(joint.bodyA), b = index.get(joint.bodyB);
      if (a !== undefined && b !== undefined && sets.find(a) !== sets.find(b)) sets.join(sets.find(a), sets.find(b));
    };
    for (const joint of tree) joinBodies(trees, joint);
    for (const joint of [...tree, ...loops, ...ropes]) joinBodies(groups, joint);
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
    this.layout(nodes, parentOf);
    this.layoutLoops(this.closableLoops(loops));
    this.layoutGroups(nodes, (body) => groups.find(index.get(body) as number), ropes);
  }

  /**
   * The groups: trees joined by loops or by ropes (world excluded), whose limit rows couple through the
   * forest; rows in different groups never do (a unit impulse in one group moves nothing in another).
   * Each group's nodes are consecutive (build visits the roots group by group), so a limit row's
   * response is a solve over its group's nodes alone (factorLimits). `limited` lists the joints whose
   * limits it may hold, sorted by group.
   */
  private layoutGroups(nodes: (TBody | TJoint)[], groupOfBody: (body: TBody) => number, ropes: TJoint[]): void {
    const n = this.count;
    const dense = new Map<number, number>();
    this.groupOfNode = new Int32Array(n);
    const first: number[] = [];
    for (let i = 0; i < n; i++) {
      const node = nodes[i];
      const rep = groupOfBody(isJoint(node) ? dynamicEnd(node) : node);
      let group = dense.get(rep);
      if (group === undefined) {
        dense.set(rep, (group = dense.size));
        first.push(i);
      } else if (group !== this.groupOfNode[i - 1]) {
        throw new Error(`DirectTreeSolver: group ${group} is not consecutive at node ${i}`); // (an invariant of build)
      }
      this.groupOfNode[i] = group;
    }
    first.push(n);
    this.groupFirst = Int32Array.from(first);
    const groupOfJoint = (joint: TJoint) => this.groupOfNode[this.bodyNode.get(dynamicEnd(joint)) as number];
    const limited = [...this.joints, ...this.loops, ...ropes].map((joint, order) => ({ joint, order, group: groupOfJoint(joint) }));
    limited.sort((a, b) => a.group - b.group || a.order - b.order);
    this.limited.push(...limited.map((entry) => entry.joint));
    this.heldMask = new Int32Array(this.limited.length);
    this.limitedFirst = new Int32Array(first.length);
    for (let g = 0, j = 0; g < first.length; g++) {
      while (j < limited.length && limited[j].group < g) j++;
      this.limitedFirst[g] = j;
    }
    this.limitedNodeA = Int32Array.from(this.limited, (joint) => this.bodyNode.get(joint.bodyA) ?? -1);
    this.limitedNodeB = Int32Array.from(this.limited, (joint) => this.bodyNode.get(joint.bodyB) ?? -1);
  }

  private layout(nodes: (TBody | TJoint)[], parentOf: number[]): void {
    const n = nodes.length;
    this.count = n;
    this.parent = Int32Array.from(parentOf);
    this.size = new Int32Array(n);
    this.sign = new Float64Array(n);
    this.parentColumns = new Int32Array(n);
    this.jacobianNode = new Int32Array(n);
    this.nodeBody = [];
    this.nodeJoint = [];
    for (let i = 0; i < n; i++) {
      const node = nodes[i];
      if (isJoint(node)) {
        this.size[i] = node.directRowCount;
        this.sign[i] = -1;
        this.nodeJoint.push(node);
        this.nodeBody.push(null);
        this.joints.push(node);
        node.direct = true;
      } else {
        this.size[i] = this.dof;
        this.sign[i] = 1;
        this.nodeJoint.push(null);
        this.nodeBody.push(node);
        this.bodies.push(node);
      }
    }
    // the blocks, in one array
    this.atD = new Int32Array(n); this.atE = new Int32Array(n); this.atL = new Int32Array(n);
    this.atX = new Int32Array(n); this.atJ = new Int32Array(n); this.atG = new Int32Array(n); this.atC = new Int32Array(n);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const m = this.size[i], p = this.parent[i], mp = p >= 0 ? this.size[p] : 0;
      this.atD[i] = at; at += m * m;
      // (a chain's pairs read E from J: no copy, and no room for one, which keeps a chain's blocks close)
      this.atE[i] = at;
      if (!isChainPair(m, mp)) at += m * mp;
      this.atL[i] = at; at += m * mp;
      this.atX[i] = at; at += m;
      if (this.nodeJoint[i] !== null) {
        this.atJ[i] = at; at += m * this.columns;
        this.atC[i] = at; at += m;
      } else {
        this.atG[i] = at; at += this.model.stiffnessSize;
      }
    }
    const data = (this.data = new Float64Array(at));
    this.x = [];
    this.J = [];
    for (let i = 0; i < n; i++) {
      const m = this.size[i];
      this.x.push(data.subarray(this.atX[i], this.atX[i] + m));
      this.J.push(this.nodeJoint[i] !== null ? data.subarray(this.atJ[i], this.atJ[i] + m * this.columns) : data.subarray(0, 0));
    }
    this.savedPoses = new Float64Array(this.model.poseSize * this.bodies.length);
    this.jointNode = new Int32Array(this.joints.length);
    const bodyNode = (this.bodyNode = new Map<TBody, number>());
    for (let i = 0; i < n; i++) if (this.nodeBody[i] !== null) bodyNode.set(this.nodeBody[i] as TBody, i);
    this.nodeOfA = Int32Array.from(this.joints, (joint) => bodyNode.get(joint.bodyA) ?? -1);
    this.nodeOfB = Int32Array.from(this.joints, (joint) => bodyNode.get(joint.bodyB) ?? -1);
    // each node's tree, named by its root (parents come before children)
    this.rootOf = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rootOf[i] = this.parent[i] < 0 ? i : this.rootOf[this.parent[i]];
    for (let i = 0, j = 0; i < n; i++) if (this.nodeJoint[i] !== null) this.jointNode[j++] = i;
    // which columns of which J couple each node to its parent
    for (let i = 0; i < n; i++) {
      const p = this.parent[i];
      if (p < 0) continue;
      const joint = this.nodeJoint[i];
      if (joint !== null) {
        this.jacobianNode[i] = i;
        this.parentColumns[i] = joint.bodyA === this.nodeBody[p] ? 0 : this.dof;
      } else {
        const parentJoint = this.nodeJoint[p] as TJoint;
        this.jacobianNode[i] = p;
        this.parentColumns[i] = parentJoint.bodyA === this.nodeBody[i] ? 0 : this.dof;
      }
    }
  }

  /**
   * Factors H at the bodies' current poses for a substep of h; the joints must have been prepared.
   *
   * Geometric stiffness. A taut chain's light links swing across the chain at frequencies set by the
   * tension over their inertia; with a heavy end these pass the substep rate, and the rows alone, whose
   * J is frozen over the substep, cannot see that turning a link turns the tension's torque: the links
   * flutter and the chain lets go (measured: 3000:1 at 4 substeps). Tournier et al., "Stable Constrained
   * Dynamics" (SIGGRAPH 2015), add the constraint force's stiffness K = ∂(Jᵀλ)/∂x to the implicit step:
   *   (M − h²K) Δv = h²K v + Jᵀλ.
   * For a point row with impulse λ on B at lever arm r (force λ/h), turning B by δθ moves r by δθ × r
   * and the torque r × λ/h by (δθ × r) × λ/h: ∂τ/∂θ = [λ/h]×[r]×, which for λ along r is
   * −(λ·r / h)(I − r̂r̂ᵀ). We keep that tension part (λ·r > 0; compression would destabilize) and
   * add h (λ·r)(I − r̂r̂ᵀ) to the body's angular block of M (body A: the same with −λ and r_a), with λ
   * the last substep's impulse. The first velocity solve of a substep also takes the right-hand side
   * h²K v.
   */
  factor(h: number): void {
    const n = this.count, size = this.size, parent = this.parent, sign = this.sign, data = this.data;
    const atD = this.atD, atE = this.atE, atL = this.atL, atG = this.atG;
    const dof = this.dof, columns = this.columns, stiffnessSize = this.model.stiffnessSize;
    // J and H's diagonal blocks
    for (let i = 0; i < n; i++) {
      const joint = this.nodeJoint[i], m = size[i];
      if (joint !== null) {
        joint.writeJacobian(this.J[i]);
        // (loops, not fill: a TypedArray fill call costs more than these few stores)
        for (let k = atD[i], end = k + m * m; k < end; k++) data[k] = 0;
        for (let k = this.atC[i], end = k + m; k < end; k++) data[k] = 0;
        if (this.compliant[i] === 1) {
          const a = joint.bodyA.state, b = joint.bodyB.state, J = this.J[i];
          for (let r = 0; r < m; r++) {
            const gamma = COMPLIANCE * this.rowInverseMass(J, r * columns, a, b);
            data[this.atC[i] + r] = gamma;
            data[atD[i] + r * m + r] = -gamma;
          }
        }
      } else {
        for (let k = atG[i], end = k + stiffnessSize; k < end; k++) data[k] = 0;
      }
    }
    // the bodies' blocks M + h²G, after the point loads have made G
    this.addPointLoads(this.joints, this.nodeOfA, this.nodeOfB, h);
    this.addPointLoads(this.loops, this.loopNodeA, this.loopNodeB, h);
    for (let i = 0; i < n; i++) {
      const body = this.nodeBody[i];
      if (body !== null) this.model.writeMassMatrix(body, data, atD[i], atG[i]);
    }
    // E_i: J's parent columns for a joint node (m×dof), their transpose for a body node (dof×m); the
    // chain's pairs (see isChainPair) read them from J directly
    for (let i = 0; i < n; i++) {
      const p = parent[i];
      if (p < 0 || isChainPair(size[i], size[p])) continue;
      const e = atE[i], J = this.atJ[this.jacobianNode[i]] + this.parentColumns[i];
      if (this.nodeJoint[i] !== null) {
        const m = size[i];
        for (let r = 0; r < m; r++) for (let k = 0; k < dof; k++) data[e + r * dof + k] = data[J + r * columns + k];
      } else {
        const m = size[p];
        for (let k = 0; k < dof; k++) for (let r = 0; r < m; r++) data[e + k * m + r] = data[J + r * columns + k];
      }
    }
    // leaf first: D_i⁻¹ (in place), then L_i = D_i⁻¹ E_i and D_parent −= E_iᵀ L_i
    for (let i = n - 1; i >= 0; i--) {
      const m = size[i], D = atD[i];
      if (m === 6 && sign[i] > 0) invertSymmetric6InPlace(data, D);
      // a 3-row joint's D (negative semidefinite) as −(−D)⁻¹, by the guarded 3x3 LDLᵀ (a redundant
      // row's vanishing pivot is dropped); in 2D a body's D too (sign +1)
      else if (m === 3) invertSymmetric3(data, data, D, D, 3, sign[i]);
      else if (m === 2) invertSymmetric2(data, data, D, D, sign[i]);
      else invertSymmetricInPlace(data, m, sign[i], D);
      const p = parent[i];
      if (p < 0) continue;
      const mp = size[p], E = atE[i], L = atL[i], J = this.atJ[this.jacobianNode[i]] + this.parentColumns[i];
      if (m === 6 && mp === 3) eliminateBodyUnder3(data, D, J, L, atD[p]);
      else if (m === 3 && mp === 6) eliminate3UnderBody(data, D, J, L, atD[p]);
      else if (m === 3 && mp === 2) eliminateBodyUnder2(data, D, J, L, atD[p]);
      else if (m === 2 && mp === 3) eliminate2UnderBody(data, D, J, L, atD[p]);
      else {
        multiplySquare(data, D, m, E, mp, L);
        subtractTransposeProduct(data, E, L, m, mp, atD[p]);
      }
    }
    this.factorLoops();
    this.h = h;
    this.factorLimits();
  }

  /**
   * Zeroes the held rows' accumulated impulses at the start of a substep, so the warm start applies
   * only the iterative rows' (limits, motors). The exact solve finds the whole impulse from any start;
   * warm starting it only adds an impulse that the solve must then cancel, and against a load the rows
   * cannot hold (a 1e12 N motor driving a loop) those impulses grew by orders of magnitude per step
   * until the cancellation lost every digit (measured: NaN within 130 steps).
   */
  clearImpulses(): void {
    clearEqualityImpulses(this.joints);
    clearEqualityImpulses(this.loops);
    // alone, nothing is warm started: the limit rows start from zero too (see sweepLimitRows)
    if (this._alone) {
      for (let l = 0; l < this.limitRows; l++) {
        const joint = this.limitJoint[l], k = this.limitIndex[l];
        joint.addLimitImpulse(k, -joint.limitImpulse(k));
      }
    }
  }

  /** The geometric stiffness of `joints`' point rows, added to their bodies' G (see factor). */
  private addPointLoads(joints: readonly TJoint[], nodeA: Int32Array, nodeB: Int32Array, h: number): void {
    for (let j = 0; j < joints.length; j++) {
      if (!joints[j].writePointLoad(load)) continue;
      if (nodeA[j] >= 0) this.model.addTension(this.data, this.atG[nodeA[j]], -h, load, 0);
      if (nodeB[j] >= 0) this.model.addTension(this.data, this.atG[nodeB[j]], h, load, 1);
    }
  }

  /**
   * Solves H x = b with b in the x blocks (bodies' blocks zero, joints' the rows' right-hand side).
   * Leaf first x_parent −= L_iᵀ x_i; then root first x_i ← D_i⁻¹ x_i − L_i x_parent (a parent's x is
   * final before its children read it, so the two steps of the back substitution share one pass).
   */
  private solve(): void {
    this.solveRange(0, this.count);
  }

  /** solve over nodes first … end − 1: whole trees (a group's nodes), which no other node couples to. */
  private solveRange(first: number, end: number): void {
    const size = this.size, parent = this.parent, data = this.data;
    const atD = this.atD, atL = this.atL, atX = this.atX;
    for (let i = end - 1; i >= first; i--) {
      const p = parent[i];
      if (p < 0) continue;
      const m = size[i], mp = size[p];
      if (m === 6 && mp === 3) subtractTransposeTimesBodyUnder3(data, atL[i], atX[i], atX[p]);
      else if (m === 3 && mp === 6) subtractTransposeTimes3UnderBody(data, atL[i], atX[i], atX[p]);
      else if (m === 3 && mp === 2) subtractTransposeTimesBodyUnder2(data, atL[i], atX[i], atX[p]);
      else if (m === 2 && mp === 3) subtractTransposeTimes2UnderBody(data, atL[i], atX[i], atX[p]);
      else subtractTransposeTimes(data, atL[i], m, mp, atX[i], atX[p]);
    }
    for (let i = first; i < end; i++) {
      const p = parent[i], m = size[i];
      if (p < 0) {
        multiplyInPlace(data, atD[i], m, atX[i]);
        continue;
      }
      const mp = size[p];
      if (m === 6 && mp === 3) backSubstituteBodyUnder3(data, atD[i], atL[i], atX[i], atX[p]);
      else if (m === 3 && mp === 6) backSubstitute3UnderBody(data, atD[i], atL[i], atX[i], atX[p]);
      else if (m === 3 && mp === 2) backSubstituteBodyUnder2(data, atD[i], atL[i], atX[i], atX[p]);
      else if (m === 2 && mp === 3) backSubstitute2UnderBody(data, atD[i], atL[i], atX[i], atX[p]);
      else {
        multiplyInPlace(data, atD[i], m, atX[i]);
        subtractTimes(data, atL[i], m, mp, atX[p], atX[i]);
      }
    }
  }

  /**
   * Makes J v = 0 for every row in the forest (to round-off) and adds the impulses to the joints.
   * `withStiffness`: the substep's first solve, which also applies the geometric stiffness (factor).
   *
   * Refinement. One step of iterative refinement (solve again for the residual) runs when the residual
   * is above REFINE_TOLERANCE of the right-hand side it started from or of the bodies' speeds, whichever
   * is larger. Two things leave such residuals. Round-off: with mass ratios of 1e6 and small bodies on
   * long lever arms H's condition number reaches 1e10, and one solve leaves J v at 1e-7 of the speeds
   * (found by the random-forest test; refined, 1e-13). And a factorization older than the joints: the
   * relax pass (soft-step.ts finishSubstepExact) solves with the substep's factorization after the
   * position update has moved J (measured on the 670:1 chain, in the earlier schedule that solved a
   * projection after its factorization: 1e-6 m/s of 16 m/s after one solve, 1e-14 after refining).
   */
  solveVelocities(withStiffness: boolean): void {
    const n = this.count;
    // the bodies' blocks: zero, or −h²G ω on the substep's first solve (the stiffness acts on ω only)
    for (let i = 0; i < n; i++) {
      const body = this.nodeBody[i];
      if (body !== null) this.model.writeVelocityRhs(this.x[i], withStiffness, this.data, this.atG[i], body.state);
    }
    const before = this.writeVelocityResidual();
    this.solve();
    this.applyVelocities();
    const after = this.writeVelocityResidual();
    // measured against what it started from or the bodies' speeds, whichever is larger: a solve that
    // starts nearly satisfied (the relax pass) ends at round-off of the speeds, which needs no refining
    if (after > REFINE_TOLERANCE * before && after > REFINE_TOLERANCE * this.largestSpeed()) {
      for (let i = 0; i < n; i++) if (this.nodeJoint[i] === null) this.x[i].fill(0);
      this.solve();
      this.applyVelocities();
    }
    this.closeLoopVelocities();
    this.solveLimitVelocities();
  }

  /**
   * Writes each row's right-hand side −J v − γ λ_acc into the joint nodes' x and returns its largest
   * magnitude. With a compliance γ the rows hold J v = −γ λ for the substep's whole impulse λ (not
   * just this solve's part), which is what shares a loop's load (see COMPLIANCE).
   */
  private writeVelocityResidual(): number {
    let largest = 0;
    const joints = this.joints, data = this.data;
    for (let j = 0; j < joints.length; j++) {
      const i = this.jointNode[j], x = this.x[i];
      joints[j].getVelocityError(x);
      if (this.compliant[i] === 1) {
        joints[j].readEqualityImpulse(impulseScratch, 0);
        for (let k = 0; k < x.length; k++) x[k] += data[this.atC[i] + k] * impulseScratch[k];
      }
      for (let k = 0; k < x.length; k++) {
        const value = -x[k];
        x[k] = value;
        if (value > largest) largest = value;
        else if (-value > largest) largest = -value;
      }
    }
    return largest;
  }

  /** The largest |v| or |ω| among the forest's bodies (m/s or rad/s: the scale of J v). */
  private largestSpeed(): number {
    let largest = 0;
    const bodies = this.bodies;
    for (let b = 0; b < bodies.length; b++) {
      const speed = this.model.largestSpeedSquared(bodies[b].state);
      if (speed > largest) largest = speed;
    }
    return Math.sqrt(largest);
  }

  /** v += the solved Δv for each body; λ = −μ added to each joint. */
  private applyVelocities(): void {
    for (let i = 0; i < this.count; i++) {
      const joint = this.nodeJoint[i], x = this.x[i];
      if (joint === null) {
        this.model.addVelocity((this.nodeBody[i] as TBody).state, x);
      } else {
        for (let k = 0; k < x.length; k++) x[k] = -x[k];
        joint.addEqualityImpulse(x, 0);
      }
    }
  }

  /**
   * Moves the bodies by the mass-weighted least change that zeroes C to first order, from the C of the
   * last prepare, and repeats (project, prepare) while the joints' error stays above
   * PROJECTION_TOLERANCE, at most MAX_PROJECTIONS times. The first pass uses the substep's factorization,
   * whose J is a substep old (a quasi-Newton step); a pass that leaves more than SLOW_PROGRESS of the
   * error is followed by a factorization at the new poses, so the next is a full Newton step (measured
   * on the 41-link chain of 1 kg links at 4 substeps: without that the peak gap reached 1e-4 m, with it
   * 5e-7 m, for 0.04 extra factorizations per step). The error after a Newton step is second order;
   * a chain pulled almost straight by a heavy end is the exception:
   * there a millimetre-scale gap along the chain is closed mostly by turning light links (turning moves
   * anchors across the chain, not along it, so the linear step turns them far), and the second-order
   * error left can exceed the gap closed. Measured on the 670:1 heavy-end chain: one projection per
   * substep let the error grow from 1e-9 m to 1 m within 40 steps; repeating while the error exceeds
   * 1e-7 keeps it at 1e-9. A step that leaves the error larger than it found it is undone and retried
   * at half the length (a backtracking line search): loops near a singular pose need it (measured: a
   * 3 x 3 sphere grid with its loops closed went to NaN in 110 steps taking full steps).
   */
  projectPositions(h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
    this.maxShift = maxLinearSpeed * h;
    this.maxTurn = maxAngularSpeed * h;
    // a limit row that was not near its bound when the substep began, and was crossed within it (a limb
    // struck hard), is taken in now, so this projection brings it back
    if (this.crossedUnheldLimit()) this.factorLimits();
    let before = this.largestPositionError();
    let scale = 1;
    for (let pass = 0; pass < MAX_PROJECTIONS && before > PROJECTION_TOLERANCE; pass++) {
      this.savePoses();
      this.projectOnce(scale);
      const after = this.prepareAndMeasure(h);
      if (after <= PROJECTION_TOLERANCE) return;
      if (after > before) {
        // a step that made things worse (a loop near a singular pose): undo it, factor at these poses
        // and try half as far
        this.restorePoses();
        this.prepareAndMeasure(h);
        this.factor(h);
        // (measured again: the factorization may hold other limit rows, and the error counts the held ones)
        before = this.largestPositionError();
        scale *= 0.5;
        continue;
      }
      // a factorization from an earlier pose converges slowly where the chain is nearly singular:
      // factor again at these poses (a full Newton step) unless the error fell by SLOW_PROGRESS
      if (after > SLOW_PROGRESS * before && pass + 1 < MAX_PROJECTIONS) {
        this.factor(h);
        before = this.largestPositionError();
      } else {
        before = after;
      }
      scale = 1;
    }
  }

  /** Whether a limit row the forest could hold, but does not hold this substep, is past its bound (its C
   * at the joints' last prepare). */
  private crossedUnheldLimit(): boolean {
    const joints = this.limited;
    for (let j = 0; j < joints.length; j++) {
      const joint = joints[j], mask = this.heldMask[j];
      if (!joint.directLimits) continue;
      for (let k = 0; k < joint.limitRowCount; k++) {
        if ((mask & (1 << k)) === 0 && joint.writeLimitRow(k, jacobianScratch, 0) < 0) return true;
      }
    }
    return false;
  }

  /** The largest |C| over the forest's and the loops' rows, and the deepest violation of the limits it
   * holds, from their last prepare. */
  private largestPositionError(): number {
    return Math.max(largestPositionError(this.joints), largestPositionError(this.loops), this.deepestLimitViolation());
  }

  /** max(0, −C) over the limit rows held (their C at the joints' last prepare). */
  private deepestLimitViolation(): number {
    let deepest = 0;
    for (let l = 0; l < this.limitRows; l++) {
      const C = this.limitJoint[l].writeLimitRow(this.limitIndex[l], jacobianScratch, 0);
      if (-C > deepest) deepest = -C;
    }
    return deepest;
  }

  /** Prepares the forest's and the loops' joints at the current poses and returns the largest |C|. */
  private prepareAndMeasure(h: number): number {
    for (let j = 0; j < this.joints.length; j++) this.joints[j].prepare(h);
    for (let l = 0; l < this.loops.length; l++) this.loops[l].prepare(h);
    return this.largestPositionError();
  }

  private savePoses(): void {
    const poses = this.savedPoses, bodies = this.bodies, size = this.model.poseSize;
    for (let b = 0; b < bodies.length; b++) this.model.savePose(bodies[b].state, poses, size * b);
  }

  private restorePoses(): void {
    const poses = this.savedPoses, bodies = this.bodies, size = this.model.poseSize;
    for (let b = 0; b < bodies.length; b++) this.model.restorePose(bodies[b], poses, size * b);
  }

  /** One projection step, `scale` times the Newton step. */
  private projectOnce(scale: number): void {
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const joint = this.nodeJoint[i], x = this.x[i];
      if (joint === null) {
        for (let c = 0; c < x.length; c++) x[c] = 0;
      } else {
        joint.getPositionError(x);
        for (let k = 0; k < x.length; k++) x[k] = -x[k];
      }
    }
    this.solve();
    this.closeLoopPositions();
    this.projectLimits();
    // the speed caps bound the step (a scene driven past what its joints can hold, such as a 1e12 N
    // motor against a loop, would otherwise be moved without bound and overflow)
    for (let i = 0; i < n; i++) {
      const body = this.nodeBody[i];
      if (body !== null) this.model.move(body, this.x[i], scale, this.maxShift, this.maxTurn);
    }
  }
  /**
   * Limits through the forest. A tree joint's limit row (a hinge's angle range, a ball joint's swing
   * cone and twist range, a slider's range, a rope's length) solved by the iterative sweep sees only its
   * two bodies' masses, K = J M⁻¹ Jᵀ, and the exact solve that follows moves the bodies again: once per
   * iteration the two alternate, and a limb pressed against its limit sinks past it (measured: a shoved
   * ragdoll 5e-3 rad, against the iterative solver's 5e-4). Held here, each limit row l gets the
   * forest's response W_l to a unit impulse along it (as a loop row does; with loops closed, the response
   * with them held too, holdLoops), so S = J_L W holds the rows' effective masses with every tree row
   * held, and their couplings. A projected Gauss-Seidel on S (λ ≥ 0, sweepLimitRows) then moves the
   * bodies by Σ W_l Δλ_l, which keeps J v = 0 on the tree rows. Only rows near their bound take part
   * (isNearBound). Rows couple only within a group (trees joined by loops or ropes; layoutGroups), so
   * each row's response is a solve of its group alone, S is one block per group and each block is swept
   * on its own; a group with more than MAX_LIMIT_ROWS rows near their bound leaves them to the joints'
   * own sweeps. (One budget for the whole forest, as before, sent every limit of a pile of ten ragdolls
   * back to the sweeps once it settled: measured, it never came to rest, 0.2 J left after 10 s, with
   * a limit 0.40 rad past its bound.)
   *
   * Energy. A row past its bound gets no velocity bias pushing it back (the soft step's way, which the
   * joints' own sweep keeps): it only stops the bodies going further, and the projection moves it back
   * on the poses (projectLimits), at most MAX_LIMIT_CORRECTION per step. A bias would be velocity, and
   * turned into spin of a light body on a long lever arm it did not all go away: measured on random
   * passive scenes (seed 11, 30 per type), 4 limited ball trees, 3 limited hinge trees, 2 slider trees
   * and 2 ropes of 30 gained more than 1 % energy over 1000 steps (a rope 67x); held this way, none of
   * 300 scenes of one joint type (10 types) nor of 210 mixed ones (7 seeds) does.
   */
  private factorLimits(): void {
    const joints = this.limited, h = this.h, groups = this.groupFirst.length - 1;
    if (this.heldGroup.length < groups) {
      this.heldGroup = new Int32Array(groups);
      this.heldRowFirst = new Int32Array(groups + 1);
      this.heldS = new Int32Array(groups);
      this.heldW = new Int32Array(groups);
    }
    // each group's rows near their bound (see isNearBound), listed; the others' impulses are zeroed, as
    // they cannot act
    let rows = 0, held = 0, allHeld = true;
    for (let g = 0; g < groups; g++) {
      const start = rows;
      for (let j = this.limitedFirst[g]; j < this.limitedFirst[g + 1]; j++) {
        const joint = joints[j], count = joint.limitRowCount;
        joint.directLimits = false;
        this.heldMask[j] = 0;
        for (let k = 0; k < count; k++) {
          if (this.isNearBound(joint, k, h)) {
            if (rows === this.nearJoint.length) this.growNear();
            this.nearJoint[rows] = j;
            this.nearRow[rows] = k;
            this.heldMask[j] |= 1 << k;
            rows++;
          } else if (joint.limitImpulse(k) !== 0) joint.addLimitImpulse(k, -joint.limitImpulse(k));
        }
      }
      // too many: this group's joints solve their own limits, every row, in their sweeps
      if (rows - start > MAX_LIMIT_ROWS) {
        for (let j = this.limitedFirst[g]; j < this.limitedFirst[g + 1]; j++) this.heldMask[j] = 0;
        rows = start;
        allHeld = false;
        continue;
      }
      // held here (none near a bound: nothing to solve, and the joints must not solve them either)
      for (let j = this.limitedFirst[g]; j < this.limitedFirst[g + 1]; j++) if (joints[j].limitRowCount > 0) joints[j].directLimits = true;
      if (rows === start) continue;
      this.heldGroup[held] = g;
      this.heldRowFirst[held] = start;
      held++;
    }
    this.heldRowFirst[held] = rows;
    this.heldGroups = held;
    this.limitRows = 0;
    this._alone = this.holdsAll && allHeld;
    if (rows === 0) return;
    // where each row's response (its group's nodes) and each group's S block go
    if (this.limitC.length < rows) this.growLimitRows(rows);
    let wSize = 0, sSize = 0;
    for (let q = 0; q < held; q++) {
      const g = this.heldGroup[q], first = this.heldRowFirst[q], count = this.heldRowFirst[q + 1] - first;
      const span = this.atResponse[this.groupFirst[g + 1]] - this.atResponse[this.groupFirst[g]];
      this.heldS[q] = sSize;
      sSize += count * count;
      this.heldW[q] = wSize;
      wSize += count * span;
    }
    const aux = this.limitAux;
    aux.reserveSizes(rows, wSize, sSize);
    this.limitJoint.length = rows;
    for (let row = 0; row < rows; row++) {
      const j = this.nearJoint[row], k = this.nearRow[row], joint = joints[j];
      this.limitC[row] = joint.writeLimitRow(k, aux.J, this.columns * row);
      aux.nodeA[row] = this.limitedNodeA[j];
      aux.nodeB[row] = this.limitedNodeB[j];
      this.limitJoint[row] = joint;
      this.limitIndex[row] = k;
      this.limitGamma[row] = COMPLIANCE * this.rowInverseMass(aux.J, this.columns * row, joint.bodyA.state, joint.bodyB.state);
    }
    this.limitRows = rows;
    this.writeLimitResponses();
    if (this.loopRows > 0) this.holdLoops();
    this.writeLimitGram();
  }

  /** Room for twice as many near rows. */
  private growNear(): void {
    const joint = new Int32Array(2 * this.nearJoint.length), row = new Int32Array(2 * this.nearRow.length);
    joint.set(this.nearJoint);
    row.set(this.nearRow);
    this.nearJoint = joint;
    this.nearRow = row;
  }

  /** Room for `rows` held limit rows (the arrays only grow, so a steady scene allocates nothing). */
  private growLimitRows(rows: number): void {
    this.limitC = new Float64Array(rows);
    this.limitIndex = new Int32Array(rows);
    this.limitRate = new Float64Array(rows);
    this.limitLambda = new Float64Array(rows);
    this.limitDelta = new Float64Array(rows);
    this.limitGamma = new Float64Array(rows);
  }

  /** Each held group's responses W (over its nodes) and its block of S (see writeResponses). */
  private writeLimitResponses(): void {
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      this.writeResponses(this.limitAux, r0, r1, this.groupFirst[g], this.groupFirst[g + 1], this.heldW[q]);
    }
  }

  private writeLimitGram(): void {
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      this.writeGram(this.limitAux, r0, r1, this.groupFirst[g], this.groupFirst[g + 1], this.heldW[q], this.heldS[q]);
    }
  }

  /** x_i += Σ_l W_l,i λ_l over each held row's group (bodies: Δv or Δx; joints: their μ). */
  private addLimitResponses(lambda: Float64Array): void {
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      this.addResponses(this.limitAux, r0, r1, this.groupFirst[g], this.groupFirst[g + 1], this.heldW[q], lambda);
    }
  }

  /** The projected Gauss-Seidel on each held group's limit rows (sweepLimitRows); whether any λ changed. */
  private sweepLimitGroups(): boolean {
    let any = false;
    for (let q = 0; q < this.heldGroups; q++) {
      const first = this.heldRowFirst[q], count = this.heldRowFirst[q + 1] - first;
      if (sweepLimitRows(this.limitAux.S, this.heldS[q], first, count, this.limitGamma, this.limitRate, this.limitLambda, this.limitDelta)) any = true;
    }
    return any;
  }

  /**
   * Limits in trees that loops close: W_l, the forest's response, would open the loops. The loop rows
   * react to it with λ = −(S_loop + Γ)⁻¹ J_loop W_l (as closeLoopVelocities would answer that velocity
   * change), so the response with the loops held too is W_l − W_loop (S_loop + Γ)⁻¹ J_loop W_l (a Schur
   * complement; Baraff 1996, section 8). The reactions are kept for the loop joints' impulses. Loops in
   * other groups see nothing of W_l, and S_loop does not couple groups, so only the row's own group's
   * loops react, and only its group's nodes change.
   */
  private holdLoops(): void {
    const loopRows = this.loopRows, loops = this.loopAux, inverse = loops.S, stride = this.responseSize;
    const W = this.limitAux.W, Wl = loops.W, Jl = loops.J, atResponse = this.atResponse, groupOfNode = this.groupOfNode;
    const dof = this.dof, columns = this.columns;
    if (this.limitLoopReaction.length < this.limitRows * loopRows) this.limitLoopReaction = new Float64Array(this.limitRows * loopRows);
    const reaction = this.limitLoopReaction, y = this.loopRhs;
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], lo = atResponse[this.groupFirst[g]], hi = atResponse[this.groupFirst[g + 1]], r0 = this.heldRowFirst[q];
      for (let l = r0; l < this.heldRowFirst[q + 1]; l++) {
        const w = this.heldW[q] + (l - r0) * (hi - lo) - lo;
        // y = J_loop W_l
        for (let k = 0; k < loopRows; k++) {
          let sum = 0;
          const a = loops.nodeA[k], b = loops.nodeB[k];
          if (a >= 0 && groupOfNode[a] === g) for (let c = 0; c < dof; c++) sum += Jl[k * columns + c] * W[w + atResponse[a] + c];
          if (b >= 0 && groupOfNode[b] === g) for (let c = 0; c < dof; c++) sum += Jl[k * columns + dof + c] * W[w + atResponse[b] + c];
          y[k] = sum;
        }
        // z = (S_loop + Γ)⁻¹ y, and W_l −= Σ_k z_k W_loop,k
        for (let k = 0; k < loopRows; k++) {
          let z = 0;
          for (let m = 0; m < loopRows; m++) z += inverse[k * loopRows + m] * y[m];
          reaction[l * loopRows + k] = z;
          if (z === 0) continue;
          for (let c = lo; c < hi; c++) W[w + c] -= z * Wl[k * stride + c];
        }
      }
    }
  }

  /** The projected Gauss-Seidel on the limit rows (see factorLimits), applied through W: the end of
   * each velocity solve, and on its own after the contacts' sweep (ExactJointSolver.solveLimitVelocities). */
  solveLimitVelocities(): void {
    const rows = this.limitRows;
    if (rows === 0) return;
    const aux = this.limitAux, J = aux.J;
    const rate = this.limitRate, lambda = this.limitLambda, delta = this.limitDelta;
    // J_l v from the bodies' velocities, and each row's λ_acc
    for (let l = 0; l < rows; l++) {
      let sum = 0;
      for (let side = 0; side < 2; side++) {
        const node = side === 0 ? aux.nodeA[l] : aux.nodeB[l];
        if (node < 0) continue;
        sum = this.model.addRowVelocity(sum, J, this.columns * l + this.dof * side, (this.nodeBody[node] as TBody).state);
      }
      rate[l] = sum;
      lambda[l] = this.limitJoint[l].limitImpulse(this.limitIndex[l]);
      delta[l] = 0;
    }
    // Inside the bound (C > 0) the row is speculative: bias C/h lets the bodies approach it at up to
    // C/h. Past it (C ≤ 0) the row only stops the bodies going further (Ċ ≥ 0), with no bias pushing
    // them back: the projection does that on the poses (projectLimits), so no position error ever
    // becomes velocity (see factorLimits on energy).
    const inverseH = 1 / this.h;
    for (let l = 0; l < rows; l++) {
      const C = this.limitC[l];
      if (C > 0) rate[l] += C * inverseH;
    }
    this.sweepLimitGroups();
    // the bodies (and the tree rows' impulses) move by Σ W_l Δλ_l
    for (let l = 0; l < rows; l++) if (delta[l] !== 0) this.limitJoint[l].addLimitImpulse(this.limitIndex[l], delta[l]);
    this.addLoopReactions(delta);
    this.clearX(0, this.count);
    this.addLimitResponses(delta);
    this.applyVelocities();
  }

  /** The loop joints' share of the limit impulses Δλ: −Σ_l reaction_l Δλ_l (see holdLoops). */
  private addLoopReactions(delta: Float64Array): void {
    const loopRows = this.loopRows, rows = this.limitRows, reaction = this.limitLoopReaction, out = this.loopLambda;
    if (loopRows === 0) return;
    for (let k = 0; k < loopRows; k++) {
      let sum = 0;
      for (let l = 0; l < rows; l++) sum -= reaction[l * loopRows + k] * delta[l];
      out[k] = sum;
    }
    for (let l = 0; l < this.loops.length; l++) this.loops[l].addEqualityImpulse(out, this.loopFirstRow[l]);
  }

  /**
   * In a projection, with the forest's (and loops') Δx in the body blocks: the limit rows' share. Each
   * row asks C + J Δx ≥ 0, its C no deeper than MAX_LIMIT_CORRECTION (a limit far past its bound comes
   * back over several steps); a projected Gauss-Seidel on S (λ ≥ 0, from zero) finds the multipliers,
   * and Δx += Σ W_l λ_l keeps the tree rows' correction intact.
   */
  private projectLimits(): void {
    const rows = this.limitRows;
    if (rows === 0) return;
    const aux = this.limitAux, J = aux.J, data = this.data, atX = this.atX;
    const rate = this.limitRate, lambda = this.limitLambda, delta = this.limitDelta;
    for (let l = 0; l < rows; l++) {
      const C = this.limitJoint[l].writeLimitRow(this.limitIndex[l], jacobianScratch, 0);
      let moved = 0;
      for (let side = 0; side < 2; side++) {
        const node = side === 0 ? aux.nodeA[l] : aux.nodeB[l];
        if (node < 0) continue;
        const at = this.columns * l + this.dof * side, x = atX[node];
        for (let c = 0; c < this.dof; c++) moved += J[at + c] * data[x + c];
      }
      rate[l] = Math.max(C, -MAX_LIMIT_CORRECTION) + moved;
      lambda[l] = 0;
      delta[l] = 0;
    }
    if (this.sweepLimitGroups()) this.addLimitResponses(lambda);
  }

  /**
   * Loop closure (Baraff 1996, section 8: "auxiliary constraints"). A joint that closes a loop adds rows
   * J_l that the forest's factorization does not hold. For each loop row k the forest's response to a
   * unit impulse along it, w_k = the velocity change with every forest row still held, costs one solve
   * of H with J_lkᵀ on the body blocks. Then S = J_l W (loopRows², symmetric positive semidefinite;
   * a redundant loop, such as a second weld across the same pair, gives a zero pivot and no impulse) is
   * inverted once per factorization, and each solve adds λ_l = S⁻¹ (−J_l v) along W: the forest solve
   * and the loop rows together are then exact. The forest's own multipliers move by the responses' μ
   * parts, so every joint's force readout stays right. Cost: loopRows extra solves per factorization,
   * which is why loops beyond MAX_LOOP_ROWS rows (a 100 x 100 grid has 30 000) stay iterative.
   */
  /**
   * The loops to close exactly: all of a tree's or none of them, and at most MAX_LOOP_ROWS rows in all.
   * A tree with more loops than that (a sphere grid: one per square) keeps them all iterative: closing
   * some costs a solve per row and, measured on a 10 x 10 grid, left the gaps where the iterative rows
   * had them at 9x the time.
   */
  private closableLoops(loops: TJoint[]): TJoint[] {
    const { bodyNode, rootOf } = this;
    // trees joined by loops count together: a loop between two trees closes through both
    const groups = new DisjointSets(this.count);
    const treesOf = (joint: TJoint) =>
      [joint.bodyA, joint.bodyB].filter((body) => body.isDynamic).map((body) => rootOf[bodyNode.get(body) as number]);
    for (const joint of loops) {
      const trees = treesOf(joint);
      if (trees.length === 2) groups.join(groups.find(trees[0]), groups.find(trees[1]));
    }
    const treeOf = (joint: TJoint) => groups.find(treesOf(joint)[0]);
    const rowsPerTree = new Map<number, number>();
    for (const joint of loops) rowsPerTree.set(treeOf(joint), (rowsPerTree.get(treeOf(joint)) ?? 0) + joint.directRowCount);
    let total = 0;
    const kept = new Set<number>();
    for (const [tree, rows] of rowsPerTree) {
      if (total + rows > MAX_LOOP_ROWS) continue;
      total += rows;
      kept.add(tree);
    }
    return loops.filter((joint) => kept.has(treeOf(joint)));
  }

  private layoutLoops(loops: TJoint[]): void {
    const n = this.count, { bodyNode, rootOf } = this;
    this.atResponse = new Int32Array(n + 1);
    let size = 0;
    for (let i = 0; i < n; i++) {
      this.atResponse[i] = size;
      size += this.size[i];
    }
    this.atResponse[n] = size;
    this.responseSize = size;
    let rows = 0;
    this.loopFirstRow = new Int32Array(loops.length + 1);
    this.loopNodeA = new Int32Array(loops.length);
    this.loopNodeB = new Int32Array(loops.length);
    loops.forEach((joint, l) => {
      this.loopFirstRow[l] = rows;
      rows += joint.directRowCount;
      this.loopNodeA[l] = bodyNode.get(joint.bodyA) ?? -1;
      this.loopNodeB[l] = bodyNode.get(joint.bodyB) ?? -1;
      joint.direct = true;
      this.loops.push(joint);
    });
    this.loopFirstRow[loops.length] = rows;
    this.loopRows = rows;
    // the trees that loops close get a little compliance (see COMPLIANCE)
    const closed = new Uint8Array(n);
    for (let l = 0; l < loops.length; l++) {
      for (const node of [this.loopNodeA[l], this.loopNodeB[l]]) if (node >= 0) closed[rootOf[node]] = 1;
    }
    this.compliant = new Uint8Array(n);
    for (let i = 0; i < n; i++) this.compliant[i] = closed[rootOf[i]];
    this.loopAux.reserve(rows, size);
    for (let l = 0; l < loops.length; l++) {
      for (let k = this.loopFirstRow[l]; k < this.loopFirstRow[l + 1]; k++) {
        this.loopAux.nodeA[k] = this.loopNodeA[l];
        this.loopAux.nodeB[k] = this.loopNodeB[l];
      }
    }
    this.loopGamma = new Float64Array(rows);
    this.loopRhs = new Float64Array(rows);
    this.loopLambda = new Float64Array(rows);
  }

  /** After the forest's factorization: the loop rows' J, responses W and S⁻¹. */
  private factorLoops(): void {
    const rows = this.loopRows, aux = this.loopAux;
    if (rows === 0) return;
    for (let l = 0; l < this.loops.length; l++) {
      this.loops[l].writeJacobian(jacobianScratch);
      const first = this.loopFirstRow[l], m = this.loopFirstRow[l + 1] - first;
      aux.J.set(jacobianScratch.subarray(0, m * this.columns), first * this.columns);
    }
    this.writeResponses(aux, 0, rows, 0, this.count, 0);
    this.writeGram(aux, 0, rows, 0, this.count, 0, 0);
    // the loop rows' compliance, as the forest rows of these trees have it
    const S = aux.S;
    for (let l = 0; l < this.loops.length; l++) {
      const a = this.loops[l].bodyA.state, b = this.loops[l].bodyB.state;
      for (let j = this.loopFirstRow[l]; j < this.loopFirstRow[l + 1]; j++) {
        const gamma = COMPLIANCE * this.rowInverseMass(aux.J, j * this.columns, a, b);
        this.loopGamma[j] = gamma;
        S[j * rows + j] += gamma;
      }
    }
    invertSymmetricInPlace(S, rows, 1);
  }

  /**
   * Auxiliary rows (loop closures, limits) through the forest, a block at a time: rows r0 … r1 − 1, whose
   * bodies are all among nodes first … end − 1 (whole trees: the forest's one group for the loops, a
   * group for limits). W_k, the forest's response to a unit impulse along row k (J_kᵀ on its bodies'
   * blocks, one solve of those nodes; the others do not move), is kept over those nodes only, `span`
   * numbers from W[wAt + (k − r0) · span]. writeGram then forms the block's S = J W.
   */
  private writeResponses(aux: AuxiliaryRows, r0: number, r1: number, first: number, end: number, wAt: number): void {
    const data = this.data, atX = this.atX, size = this.size, J = aux.J, W = aux.W, atResponse = this.atResponse;
    const base = atResponse[first], span = atResponse[end] - base, dof = this.dof, columns = this.columns;
    for (let k = r0; k < r1; k++) {
      this.clearX(first, end);
      const a = aux.nodeA[k], b = aux.nodeB[k];
      for (let c = 0; c < dof; c++) {
        if (a >= 0) data[atX[a] + c] += J[k * columns + c];
        if (b >= 0) data[atX[b] + c] += J[k * columns + dof + c];
      }
      this.solveRange(first, end);
      const w = wAt + (k - r0) * span - base;
      for (let i = first; i < end; i++) for (let c = 0; c < size[i]; c++) W[w + atResponse[i] + c] = data[atX[i] + c];
    }
  }

  /** The block's S = J W ((r1 − r0)², from S[sAt]; symmetrized against round-off) from its responses. */
  private writeGram(aux: AuxiliaryRows, r0: number, r1: number, first: number, end: number, wAt: number, sAt: number): void {
    const J = aux.J, W = aux.W, S = aux.S, atResponse = this.atResponse, count = r1 - r0, dof = this.dof, columns = this.columns;
    const base = atResponse[first], span = atResponse[end] - base;
    for (let j = 0; j < count; j++) {
      const row = r0 + j, a = aux.nodeA[row], b = aux.nodeB[row];
      for (let k = 0; k < count; k++) {
        const w = wAt + k * span - base;
        let sum = 0;
        if (a >= 0) for (let c = 0; c < dof; c++) sum += J[row * columns + c] * W[w + atResponse[a] + c];
        if (b >= 0) for (let c = 0; c < dof; c++) sum += J[row * columns + dof + c] * W[w + atResponse[b] + c];
        S[sAt + j * count + k] = sum;
      }
    }
    for (let j = 0; j < count; j++) {
      for (let k = j + 1; k < count; k++) {
        const mean = 0.5 * (S[sAt + j * count + k] + S[sAt + k * count + j]);
        S[sAt + j * count + k] = mean;
        S[sAt + k * count + j] = mean;
      }
    }
  }

  /** x_i += Σ_k W_k,i λ_k over the block's rows and nodes (bodies: Δv or Δx; joints: their μ). */
  private addResponses(aux: AuxiliaryRows, r0: number, r1: number, first: number, end: number, wAt: number, lambda: Float64Array): void {
    const data = this.data, atX = this.atX, size = this.size, W = aux.W, atResponse = this.atResponse;
    const base = atResponse[first], span = atResponse[end] - base;
    for (let k = r0; k < r1; k++) {
      const l = lambda[k];
      if (l === 0) continue;
      const w = wAt + (k - r0) * span - base;
      for (let i = first; i < end; i++) {
        const at = w + atResponse[i];
        for (let c = 0; c < size[i]; c++) data[atX[i] + c] += W[at + c] * l;
      }
    }
  }

  /** The x blocks of nodes first … end − 1 (every node's by default) set to zero. */
  private clearX(first = 0, end = this.count): void {
    const data = this.data, atX = this.atX, size = this.size;
    for (let i = first; i < end; i++) for (let c = 0; c < size[i]; c++) data[atX[i] + c] = 0;
  }

  /** λ_l = S⁻¹ loopRhs into loopLambda. */
  private solveLoops(): void {
    const rows = this.loopRows, S = this.loopAux.S, r = this.loopRhs, out = this.loopLambda;
    for (let j = 0; j < rows; j++) {
      let sum = 0;
      for (let k = 0; k < rows; k++) sum += S[j * rows + k] * r[k];
      out[j] = sum;
    }
  }

  /** After a velocity solve: the loop rows' impulses (and the forest's reaction to them), applied. */
  private closeLoopVelocities(): void {
    if (this.loopRows === 0) return;
    for (let l = 0; l < this.loops.length; l++) {
      this.loops[l].getVelocityError(jacobianScratch);
      this.loops[l].readEqualityImpulse(impulseScratch, 0);
      const first = this.loopFirstRow[l], m = this.loopFirstRow[l + 1] - first;
      for (let k = 0; k < m; k++) this.loopRhs[first + k] = -jacobianScratch[k] - this.loopGamma[first + k] * impulseScratch[k];
    }
    this.solveLoops();
    this.clearX();
    this.addResponses(this.loopAux, 0, this.loopRows, 0, this.count, 0, this.loopLambda);
    this.applyVelocities();
    for (let l = 0; l < this.loops.length; l++) this.loops[l].addEqualityImpulse(this.loopLambda, this.loopFirstRow[l]);
  }

  /** In a projection, with the forest's Δx in the body blocks: the loop rows' share, added to them. */
  private closeLoopPositions(): void {
    if (this.loopRows === 0) return;
    const data = this.data, atX = this.atX, dof = this.dof, columns = this.columns;
    for (let l = 0; l < this.loops.length; l++) {
      this.loops[l].getPositionError(jacobianScratch);
      const first = this.loopFirstRow[l], m = this.loopFirstRow[l + 1] - first;
      const a = this.loopNodeA[l], b = this.loopNodeB[l], J = this.loopAux.J;
      for (let k = 0; k < m; k++) {
        const j = first + k;
        // C + J Δx for the forest's Δx so far
        let moved = 0;
        if (a >= 0) for (let c = 0; c < dof; c++) moved += J[j * columns + c] * data[atX[a] + c];
        if (b >= 0) for (let c = 0; c < dof; c++) moved += J[j * columns + dof + c] * data[atX[b] + c];
        this.loopRhs[j] = -(jacobianScratch[k] + moved);
      }
    }
    this.solveLoops();
    this.addResponses(this.loopAux, 0, this.loopRows, 0, this.count, 0, this.loopLambda);
  }

  /**
   * Whether limit row k of a joint can act within the substep: its C (≥ 0 inside) is below LIMIT_MARGIN
   * plus twice the distance its current closing speed covers in h. A row farther from its bound holds
   * nothing this substep (its speculative bias C/h alone would let the bodies close at that speed); left
   * out, it costs no solve (measured on a random tree of 9 bodies, 8 sliders and 3 loops at rest mid-range:
   * 22 rows, 0.3 ms per factorization, all of it for rows that never acted). A row that is crossed anyway,
   * by a speed that rose within the substep, is near its bound at the next one, and the projection takes
   * what it went past.
   */
  private isNearBound(joint: TJoint, k: number, h: number): boolean {
    const C = joint.writeLimitRow(k, jacobianScratch, 0);
    if (C <= LIMIT_MARGIN) return true;
    const rate = this.model.addRowVelocity(this.model.addRowVelocity(0, jacobianScratch, 0, joint.bodyA.state), jacobianScratch, this.dof, joint.bodyB.state);
    return C <= LIMIT_MARGIN - 2 * h * rate;
  }

  /** J_r M⁻¹ J_rᵀ for the row of J at J[at] between bodies with states a and b (a row's own effective
   * inverse mass, the scale its compliance is measured in). */
  private rowInverseMass(J: Float64Array, at: number, a: Float64Array, b: Float64Array): number {
    return this.model.addRowInverseMass(this.model.addRowInverseMass(0, J, at, a), J, at + this.dof, b);
  }
}


/**
 * Rows solved beside the forest through its response (the loop closure, the limits): their J (12 numbers
 * per row in 3D, 6 in 2D) and body nodes (−1: static or kinematic), the responses W (a response row of
 * every node's x per row) and S = J W. Arrays grow only (reserve), so a step allocates nothing.
 */
class AuxiliaryRows {
  J = new Float64Array(0);
  nodeA = new Int32Array(0);
  nodeB = new Int32Array(0);
  W = new Float64Array(0);
  S = new Float64Array(0);

  /** `columns`: numbers per row of J (12 in 3D, 6 in 2D). */
  constructor(private readonly columns: number) {}

  /** Room for `rows` rows over responses `stride` numbers long. */
  reserve(rows: number, stride: number): void {
    this.reserveSizes(rows, rows * stride, rows * rows);
  }

  /** Room for `rows` rows, `w` numbers of responses and `s` of S (the limit rows keep each group's
   * responses over its own nodes, and S as one block per group). */
  reserveSizes(rows: number, w: number, s: number): void {
    if (this.nodeA.length < rows) {
      this.J = new Float64Array(this.columns * rows);
      this.nodeA = new Int32Array(rows);
      this.nodeB = new Int32Array(rows);
    }
    if (this.W.length < w) this.W = new Float64Array(w);
    if (this.S.length < s) this.S = new Float64Array(s);
  }
}

/** Scratch for a loop joint's rows (at most 6 rows of 12) and its errors, and for a joint's λ_acc. */
const jacobianScratch = new Float64Array(72);
const impulseScratch = new Float64Array(6);

/** Sets the joints' equality impulses to zero. */
function clearEqualityImpulses(joints: readonly TreeJoint<TreeBody>[]): void {
  for (let j = 0; j < joints.length; j++) joints[j].clearEqualityImpulse();
}

/** The largest |C| over the joints' equality rows, from their last prepare. */
function largestPositionError(joints: readonly TreeJoint<TreeBody>[]): number {
  let largest = 0;
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j];
    joint.getPositionError(jacobianScratch);
    for (let k = 0; k < joint.directRowCount; k++) largest = Math.max(largest, Math.abs(jacobianScratch[k]));
  }
  return largest;
}

/** A union-find over 0 … size − 1 (path halving). */
class DisjointSets {
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

/** The point load of writePointLoad: λ on B, then r_a, r_b. */
const load = new Float64Array(9);

/**
 * A body under a 3-row joint or a 3-row joint under a body (3D), or a planar body under a 2-row joint or
 * the reverse (2D): eliminated by the fixed-size kernels. (The sizes tell the dimension: 3D has no node of
 * 2, and 2D none of 6.)
 */
function isChainPair(m: number, parentSize: number): boolean {
  return (m === 6 && parentSize === 3) || (m === 3 && parentSize === 6) || (m === 3 && parentSize === 2) || (m === 2 && parentSize === 3);
}


/** A joint the forest takes: one with rigid equality rows, or a rigid distance joint with bounds (its
 * rows are limits only). */
function isCandidate(joint: TreeJoint<TreeBody>): boolean {
  return joint.directRowCount > 0 || (joint.hertz === 0 && joint.limitRowCount > 0);
}

/**
 * Projected Gauss-Seidel on one group's limit rows (first … first + rows − 1 in the per-row arrays; their
 * S block, rows × rows, at S[sAt]): finds λ ≥ 0 (λ_l from its value in `lambda`) with
 * rate + S Δλ + γ λ ≥ 0, complementary; `rate` (the rows' J v plus speculative bias, or C + J Δx) is
 * updated as it goes and `delta` collects Δλ. Returns whether any λ changed.
 *
 * Why to convergence. From λ = 0, each row's update lowers ½ Δλᵀ S Δλ + Δλᵀ rate, which with no bias
 * is the kinetic energy's change, so every sweep lowers the energy. From a warm start it is only the
 * converged answer that cannot gain: a fixed 8 sweeps on a ragdoll-like tree closed by two loops left
 * 2.3 % more energy than the step began with (random scene, seed 11), 32 sweeps none. So sweeps go on
 * until no row's impulse changes by more than LIMIT_TOLERANCE of the rows' largest rate (in velocity
 * units, change · S_ll), at most LIMIT_MAX_SWEEPS.
 */
function sweepLimitRows(
  S: Float64Array, sAt: number, first: number, rows: number, gamma: Float64Array, rate: Float64Array, lambda: Float64Array, delta: Float64Array,
): boolean {
  const end = first + rows;
  let scale = 0;
  for (let l = first; l < end; l++) scale = Math.max(scale, Math.abs(rate[l]));
  const tolerance = LIMIT_TOLERANCE * scale;
  let any = false;
  for (let sweep = 0; sweep < LIMIT_MAX_SWEEPS; sweep++) {
    let largest = 0;
    for (let l = first; l < end; l++) {
      const row = sAt + (l - first) * rows;
      const K = S[row + l - first] + gamma[l];
      if (!(K > 0)) continue;
      const next = Math.max(0, lambda[l] - (rate[l] + gamma[l] * lambda[l]) / K);
      const change = next - lambda[l];
      if (change === 0) continue;
      any = true;
      lambda[l] = next;
      delta[l] += change;
      // (S is symmetric: its row l is its column l)
      for (let m = first; m < end; m++) rate[m] += S[row + m - first] * change;
      const moved = Math.abs(change) * K;
      if (moved > largest) largest = moved;
    }
    if (largest <= tolerance) break;
  }
  return any;
}

/** A joint's dynamic body (body A when both are). */
function dynamicEnd<TBody extends TreeBody>(joint: TreeJoint<TBody>): TBody {
  return joint.bodyA.isDynamic ? joint.bodyA : joint.bodyB;
}

function isJoint<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(node: TBody | TJoint): node is TJoint {
  return 'directRowCount' in node;
}
