// The sparse block LDLᵀ of H over the direct solver's graph: its nodes' blocks in one array, the
// factorization in the order ordering.ts chose, and the solve. Source: Baraff, "Linear-Time Dynamics
// using Lagrange Multipliers", SIGGRAPH 1996 (the H matrix and its leaf-first factorization on a tree);
// for graphs with loops the same block elimination with fill (George and Liu, "Computer Solution of
// Large Sparse Positive Definite Systems", 1981, chapter 5: the elimination graph).
//
// The system. For the dynamic bodies' velocity change Δv and the rows' multipliers μ,
//   H [Δv; μ] = [0; −J v],     H = [ M  Jᵀ ]
//                                  [ J  −Γ ]
// says M Δv = −Jᵀ μ (the impulse λ = −μ moves the bodies) and J (v + Δv) = Γ μ (the rows hold exactly, or
// with the compliance Γ of a structure with loops: COMPLIANCE). H is sparse: its nodes are bodies (6x6
// blocks M = diag(m, m, m, I), I = R I_b Rᵀ) and joints (m×m blocks −Γ_j, m = 3 ball / orientation, 5
// hinge / slider, 6 weld), and a joint's only off-diagonal blocks are its Jacobian columns for its own two
// bodies (J_jb, m×6).
//
// Elimination. Nodes are numbered so that the factorization runs from the last to the first (ordering.ts
// lays each group out in the reverse of its elimination order); node i's neighbours when it goes, its
// "upper" nodes, all have lower numbers. Eliminating i (block A_ik between i and an upper node k,
// D_i its diagonal block so far):
//   L_ik = D_i⁻¹ A_ik,     A_jk −= A_ijᵀ L_ik  for every pair of upper nodes j, k (D_j when j = k).
// The A_jk between two upper nodes not joined in H is fill, laid out (ordering.ts says where) and zeroed
// before each factorization. On a forest every node has one upper node, its parent, and there is no fill.
// Solve H x = b (b in the x blocks):
//   forward, last node first:   x_k −= L_ikᵀ x_i  for each upper node k of i
//   back, first node first:     x_i = D_i⁻¹ x_i − Σ_k L_ik x_k
// A body's D_i is positive definite (M plus what its eliminated joints add); a joint's is negative
// definite (−Γ_j minus J M̃⁻¹ Jᵀ of its eliminated bodies; ordering.ts never eliminates a joint before one
// of its bodies), so it is inverted as −D_i by the symmetric sweep (math/ldlt.ts invertSymmetricInPlace:
// a vanishing pivot, as redundant rows give, is dropped and gets no impulse); the products run in
// math/block-kernels.ts.
//
// Cost. On the 41-body chain the factorization is most of the time, so the two eliminations a chain is
// made of (a body under a 3-row joint, a 3-row joint under a body: one upper node, read straight from J)
// and the body blocks' 6x6 inverse run in fixed-size kernels (math/block-kernels.ts, math/ldlt.ts
// invertSymmetric6InPlace): measured, 100 → 35-55 µs per factorization. The 2D chain (a planar body under
// a revolute joint's 2 rows, and the reverse) has fixed-size kernels of its own; other blocks take the
// general ones.
//
// Dimensions. Written for 3D; the same code in 2D, where a body is 3 numbers (v_x, v_y, ω; a 3x3 block
// diag(m, m, I)), J rows have 6 columns and joints 1 to 3 rows. What differs is asked of a TreeBodyModel
// (tree-body-model.ts; lib/2d/solver/tree-body-model.ts).

import { NO_RESPONSE } from '../../joints/parts/locked-rows.js';
import { invertSymmetric2, invertSymmetric3, invertSymmetric6InPlace, invertSymmetricInPlace } from '../../math/ldlt.js';
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
  subtractTransposeProductRectangular,
  subtractTransposeTimes,
  subtractTransposeTimes2UnderBody,
  subtractTransposeTimes3UnderBody,
  subtractTransposeTimesBodyUnder2,
  subtractTransposeTimesBodyUnder3,
} from '../../math/block-kernels.js';
import { writeHeldLimitCorrection } from './friction.js';
import type { GraphOrder } from './ordering.js';
import type { TreeBody, TreeBodyModel } from './tree-body-model.js';
import { COMPLIANCE, FRICTION_COMPLIANCE, dynamicEnd, impulseScratch, isJoint, jacobianScratch, type TreeJoint } from './tree-joint.js';
import { addRowsImpulse, clearRowsImpulse, readRowsImpulse, writeRowsJacobian, writeRowsPositionError, writeRowsVelocityError } from '../equality-rows.js';

/** A velocity solve is refined once when its residual is above this fraction of where it started. */
const REFINE_TOLERANCE = 1e-11;
/**
 * A factorization is kept through a step's substeps (step.ts FACTOR) while one solve with it leaves at
 * most this fraction of the residual it started from: its H, from poses up to a step old, is then close
 * enough to the current one that each solve converges as a refinement does. Past it the next substep
 * factors again (`stale`). Measured on the 10 000:1 heavy-end chain, whose light links swing at the
 * substep rate: kept while a solve left up to 5 %, the fraction grew from 0.3 % to 70 % over 90 steps and
 * the chain let go; at 1 % it factors again about every other substep and holds to 1e-7 m. A welded
 * wall at rest leaves 1e-7 and factors once a step.
 */
const STALE_CONTRACTION = 0.01;
/** A residual J v below this (m/s or rad/s) is not refined: over a step it drifts the joints by 2e-11 m
 * (which the projection takes), and a structure at rest, whose speeds are of that order, would refine every
 * solve on a factorization kept from the step's start (measured: ten ragdolls at rest, 7 refinements a
 * step). */
const RESIDUAL_FLOOR = 1e-9;
/** Residuals below this fraction of the bodies' speeds are round-off, and say nothing of staleness. */
const ROUND_OFF = 1e-9;

export class ForestFactorization<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Velocity numbers per body (6 in 3D, 3 in 2D) and columns of a row of J (twice that). */
  readonly dof: number;
  readonly columns: number;

  /** Joints whose equality rows the forest holds, in tree order (roots first). */
  readonly joints: TJoint[] = [];
  /** The dynamic bodies in the forest, in tree order. */
  readonly bodies: TBody[] = [];

  /** Nodes in the order of ordering.ts: the factorization runs from the last to the first. */
  count = 0;
  /** Each node's rows now: a body's dof; a joint's equality rows, and its friction rows while they are
   * held here (frictionHeld). */
  size = new Int32Array(0);
  /** The most rows each node can have: the room its blocks were laid out with. */
  private capacity = new Int32Array(0);
  /** Per joint node: 1 while its Coulomb friction rows are held as rows of the node (see setFrictionHeld). */
  private frictionHeld = new Uint8Array(0);
  /** Per joint node: its equality rows (directRowCount at the layout). */
  private equalityRows = new Int32Array(0);
  /** +1 for a body node, −1 for a joint node (whose D is factored as −D). */
  private sign = new Float64Array(0);
  nodeBody: (TBody | null)[] = [];
  nodeJoint: (TJoint | null)[] = [];
  /** Node i's upper nodes: upperNode[upperStart[i] … upperStart[i + 1] − 1] (an "entry" each). */
  private upperStart: Int32Array = new Int32Array(1);
  private upperNode: Int32Array = new Int32Array(0);
  /** Per entry: where A_ik (then read by the updates) and L_ik start (size_i × size_k, row-major; −1: a
   * chain's A read from J); and where J holds its coupling (the joint's rows at the body's columns; −1 for
   * fill), transposed when node i is the body. */
  private atE = new Int32Array(0);
  /** Per entry: 1 when a fill update lands on it (its A is not J's alone). */
  private targeted = new Uint8Array(0);
  private atL = new Int32Array(0);
  private entryJ = new Int32Array(0);
  /** Per node: 1 when its one upper node makes a chain pair (isChainPair: the fixed-size solve kernels),
   * 2 when the elimination kernels may read A from J too (no fill update lands on it). */
  private chain = new Uint8Array(0);
  /** The fill updates, per node from pairStart[i]: triples (entry a, entry b, target entry) for
   * A_target −= A_aᵀ L_b. */
  private pairStart = new Int32Array(1);
  private pairs = new Int32Array(0);
  /** Per node: D_i (then D_i⁻¹) and x_i; and J (rows × 2·dof) and its compliance for joint nodes, G for
   * body nodes. Views into one array. */
  data = new Float64Array(0);
  atD = new Int32Array(0);
  atX = new Int32Array(0);
  private atJ = new Int32Array(0);
  /** Per joint node: its rows' compliance γ K_j (m×m: COMPLIANCE times the joint's effective mass; 0
   * outside the groups that loops close). */
  private atC = new Int32Array(0);
  /** Views of x_i and J_i (for the joints' methods, which write from index 0). */
  x: Float64Array[] = [];
  private J: Float64Array[] = [];
  /** Per body node: where its geometric stiffness term h²G (3x3, added to its angular mass) starts. */
  private atG = new Int32Array(0);
  /** Each dynamic body's node. */
  bodyNode = new Map<TBody, number>();
  /** joints[j]'s body nodes (−1 for a static or kinematic body). */
  nodeOfA = new Int32Array(0);
  nodeOfB = new Int32Array(0);
  /** joints[j]'s node. */
  private jointNode = new Int32Array(0);
  /** Per node: 1 for a joint whose rows get COMPLIANCE (ordering.ts). */
  compliant: Uint8Array = new Uint8Array(0);
  /** Per node, its parent in the elimination tree: the upper node eliminated first (the largest index),
   * −1 for a group's last. A forward substitution from a node reaches only the nodes on its way up
   * (auxiliary-rows.ts). */
  parent = new Int32Array(0);
  /** Per node, its group (ordering.ts); per group, its first node (and at the end, count). */
  groupOfNode = new Int32Array(0);
  groupFirst = new Int32Array(1);
  /** True when a solve since the last factorization converged slower than STALE_CONTRACTION (the next
   * substep factors again; DirectSolver.factor). */
  stale = false;
  /** Factorizations so far, of any group: what is built on them (limits.ts) knows when to build again. */
  factorizations = 0;
  /** Each body node's pose at its group's last factorization (TreeBodyModel.poseSize numbers per node). */
  private factorPoses = new Float64Array(0);
  /** Per node: 1 for a joint removed or broken since the layout (deactivate): its node stays, with no
   * coupling, and takes no impulse. */
  private inactive = new Uint8Array(0);
  private inactiveNodes: number[] = [];

  constructor(readonly model: TreeBodyModel<TBody>) {
    this.dof = model.dof;
    this.columns = 2 * model.dof;
  }

  /** Per group: its first joint in `joints` (one past the last at the end). */
  private groupJointFirst = new Int32Array(1);

  /** Hands every joint back (direct = false) and forgets the nodes. */
  clear(): void {
    for (const joint of this.joints) joint.direct = false;
    this.joints.length = 0;
    this.bodies.length = 0;
    this.count = 0;
  }

  /** Lays out the nodes and their blocks in the order ordering.ts chose. */
  layout(order: GraphOrder<TBody, TJoint>): void {
    const nodes = order.nodes, n = nodes.length, dof = this.dof;
    this.count = n;
    this.upperStart = order.upperStart;
    this.upperNode = order.upperNode;
    this.compliant = order.compliant;
    this.size = new Int32Array(n);
    this.capacity = new Int32Array(n);
    this.equalityRows = new Int32Array(n);
    this.frictionHeld = new Uint8Array(n);
    this.sign = new Float64Array(n);
    this.nodeBody = [];
    this.nodeJoint = [];
    for (let i = 0; i < n; i++) {
      const node = nodes[i];
      if (isJoint(node)) {
        this.size[i] = this.equalityRows[i] = node.directRowCount;
        this.capacity[i] = node.directRowCount + node.frictionRowCount;
        this.sign[i] = -1;
        this.nodeJoint.push(node);
        this.nodeBody.push(null);
        this.joints.push(node);
        node.direct = true;
      } else {
        this.size[i] = this.capacity[i] = dof;
        this.sign[i] = 1;
        this.nodeJoint.push(null);
        this.nodeBody.push(node);
        this.bodies.push(node);
      }
    }
    const upperStart = this.upperStart, upperNode = this.upperNode, capacity = this.capacity, entries = upperStart[n];
    // the fill updates each elimination makes, and the entries they land on
    const entryOf = new Map<number, number>();
    for (let i = 0; i < n; i++) for (let e = upperStart[i]; e < upperStart[i + 1]; e++) entryOf.set(i * n + upperNode[e], e);
    const targeted = (this.targeted = new Uint8Array(entries));
    const pairs: number[] = [];
    this.pairStart = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      for (let a = upperStart[i]; a < upperStart[i + 1]; a++) {
        for (let b = upperStart[i]; b < upperStart[i + 1]; b++) {
          if (upperNode[a] <= upperNode[b]) continue;
          const target = entryOf.get(upperNode[a] * n + upperNode[b]);
          if (target === undefined) throw new Error(`ForestFactorization: no fill block for nodes ${upperNode[a]}, ${upperNode[b]}`); // (an invariant of ordering.ts)
          targeted[target] = 1;
          pairs.push(a, b, target);
        }
      }
      this.pairStart[i + 1] = pairs.length / 3;
    }
    this.pairs = Int32Array.from(pairs);
    this.chain = new Uint8Array(n);
    this.markChains(0, n);
    // the blocks, in one array, each node's together, each with room for its node's capacity (a block of
    // fewer rows is stored row-major in its first numbers)
    this.atD = new Int32Array(n); this.atX = new Int32Array(n); this.atJ = new Int32Array(n);
    this.atG = new Int32Array(n); this.atC = new Int32Array(n);
    this.atE = new Int32Array(entries); this.atL = new Int32Array(entries);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const m = capacity[i];
      this.atD[i] = at; at += m * m;
      for (let e = upperStart[i]; e < upperStart[i + 1]; e++) {
        const mk = capacity[upperNode[e]];
        this.atE[e] = at; at += m * mk;
        this.atL[e] = at; at += m * mk;
      }
      this.atX[i] = at; at += m;
      if (this.nodeJoint[i] !== null) {
        this.atJ[i] = at; at += m * this.columns;
        this.atC[i] = at; at += m * m;
      } else {
        this.atG[i] = at; at += this.model.stiffnessSize;
      }
    }
    const data = (this.data = new Float64Array(at));
    this.x = [];
    this.J = [];
    for (let i = 0; i < n; i++) {
      const m = capacity[i];
      this.x.push(data.subarray(this.atX[i], this.atX[i] + m));
      this.J.push(this.nodeJoint[i] !== null ? data.subarray(this.atJ[i], this.atJ[i] + m * this.columns) : data.subarray(0, 0));
    }
    // where each entry's coupling sits in J (its joint's rows, its body's columns)
    this.entryJ = new Int32Array(entries);
    for (let i = 0; i < n; i++) {
      for (let e = upperStart[i]; e < upperStart[i + 1]; e++) {
        const k = upperNode[e];
        const jointNode = this.nodeJoint[i] !== null ? i : k, bodyNode = jointNode === i ? k : i;
        const joint = this.nodeJoint[jointNode], body = this.nodeBody[bodyNode];
        if (joint === null || body === null) {
          this.entryJ[e] = -1; // fill: two bodies, or two joints
          continue;
        }
        this.entryJ[e] = this.atJ[jointNode] + (joint.bodyA === body ? 0 : dof);
      }
    }
    this.jointNode = new Int32Array(this.joints.length);
    const bodyNode = (this.bodyNode = new Map<TBody, number>());
    for (let i = 0; i < n; i++) if (this.nodeBody[i] !== null) bodyNode.set(this.nodeBody[i] as TBody, i);
    this.nodeOfA = Int32Array.from(this.joints, (joint) => bodyNode.get(joint.bodyA) ?? -1);
    this.nodeOfB = Int32Array.from(this.joints, (joint) => bodyNode.get(joint.bodyB) ?? -1);
    for (let i = 0, j = 0; i < n; i++) if (this.nodeJoint[i] !== null) this.jointNode[j++] = i;
    this.parent = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      for (let e = this.upperStart[i]; e < this.upperStart[i + 1]; e++) this.parent[i] = Math.max(this.parent[i], this.upperNode[e]);
    }
    this.inactive = new Uint8Array(n);
    this.inactiveNodes = [];
    this.layoutGroups(nodes, order.groupOfBody);
    this.layoutGroupJoints();
  }

  /** Each group's first joint in `joints` (which are in node order, so each group's are consecutive). */
  private layoutGroupJoints(): void {
    const groups = this.groupCount, first = (this.groupJointFirst = new Int32Array(groups + 1));
    for (let g = 0, j = 0; g <= groups; g++) {
      const end = g < groups ? this.groupFirst[g] : this.count;
      while (j < this.joints.length && this.jointNode[j] < end) j++;
      first[g] = j;
    }
    first[groups] = this.joints.length;
  }

  /**
   * Which of nodes first … end − 1 eliminate by the fixed-size kernels (chain: 1 when its one upper node
   * makes a chain pair at the nodes' sizes now, 2 when those kernels may also read A from J, no fill
   * update landing on it). Sizes change when a joint's friction rows are held or let go.
   */
  private markChains(first: number, end: number): void {
    const upperStart = this.upperStart, upperNode = this.upperNode, size = this.size;
    for (let i = first; i < end; i++) {
      this.chain[i] = 0;
      if (upperStart[i + 1] - upperStart[i] !== 1) continue;
      const e = upperStart[i], k = upperNode[e];
      if (!isChainPair(size[i], size[k])) continue;
      const coupled = this.nodeJoint[i] !== null ? this.nodeBody[k] !== null : this.nodeJoint[k] !== null;
      this.chain[i] = coupled && this.targeted[e] === 0 ? 2 : 1;
    }
  }

  /** The joints' rows a node holds: its equality rows, then its friction rows while frictionHeld. */
  private nodeSize(i: number): number {
    return this.equalityRows[i] + (this.frictionHeld[i] === 1 ? (this.nodeJoint[i] as TJoint).frictionRowCount : 0);
  }

  /**
   * Holds a joint's Coulomb friction rows (`held`) as rows of its node, sticking (J_f v = 0, like its
   * equality rows), or lets them go (the limit rows' complementarity problem then holds them within
   * their bound, limits.ts); returns false when the joint cannot hold them here (a friction it did not
   * have at the layout: too many rows for its node's room). Takes effect at the next factorization of its
   * group (factorGroup): the sizes of the blocks change.
   */
  setFrictionHeld(j: number, held: boolean): boolean {
    const i = this.jointNode[j], joint = this.joints[j];
    if (held && this.equalityRows[i] + joint.frictionRowCount > this.capacity[i]) held = false;
    this.frictionHeld[i] = held ? 1 : 0;
    return held;
  }

  /** Whether joints[j]'s friction rows are held as rows of its node. */
  holdsFriction(j: number): boolean {
    return this.frictionHeld[this.jointNode[j]] === 1;
  }

  /** The group of joints[j]. */
  groupOfJointIndex(j: number): number {
    return this.groupOfNode[this.jointNode[j]];
  }

  /**
   * Takes joints out without a new layout: their nodes stay, with J = 0 and D = −I, so they couple to
   * nothing and get no impulse, and the factorization is that of the graph without them (the fill laid
   * out for them is kept, a superset of what the smaller graph needs). A joint that breaks in a welded
   * wall costs no new order (measured in BENCHMARKS.md: a rebuild costs about one step).
   */
  deactivate(removed: ReadonlySet<TJoint>): void {
    for (let i = 0; i < this.count; i++) {
      const joint = this.nodeJoint[i];
      if (joint !== null && removed.has(joint) && this.inactive[i] === 0) {
        this.inactive[i] = 1;
        this.inactiveNodes.push(i);
        joint.direct = false;
      }
    }
    let kept = 0;
    for (const joint of this.joints) if (!removed.has(joint)) this.joints[kept++] = joint;
    this.joints.length = kept;
    this.jointNode = new Int32Array(kept);
    for (let i = 0, j = 0; i < this.count; i++) if (this.nodeJoint[i] !== null && this.inactive[i] === 0) this.jointNode[j++] = i;
    this.nodeOfA = Int32Array.from(this.joints, (joint) => this.bodyNode.get(joint.bodyA) ?? -1);
    this.nodeOfB = Int32Array.from(this.joints, (joint) => this.bodyNode.get(joint.bodyB) ?? -1);
    for (const i of this.inactiveNodes) {
      this.frictionHeld[i] = 0;
      this.size[i] = this.equalityRows[i];
    }
    this.markChains(0, this.count);
    this.layoutGroupJoints();
  }

  /** Each node's group, numbered in the order they appear; each group's nodes are consecutive (ordering.ts
   * visits the roots group by group). */
  private layoutGroups(nodes: (TBody | TJoint)[], groupOfBody: (body: TBody) => number): void {
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
        throw new Error(`ForestFactorization: group ${group} is not consecutive at node ${i}`); // (an invariant of ordering.ts)
      }
      this.groupOfNode[i] = group;
    }
    first.push(n);
    this.groupFirst = Int32Array.from(first);
  }

  /** The number of groups. */
  get groupCount(): number {
    return this.groupFirst.length - 1;
  }

  /** The group of a joint that touches the forest (through its dynamic body). */
  groupOfJoint(joint: TJoint): number {
    return this.groupOfNode[this.bodyNode.get(dynamicEnd(joint)) as number];
  }

  /** The joints' J and H's diagonal blocks at their last prepare, the bodies' G cleared (factor's first part). */
  writeBlocks(first = 0, end = this.count): void {
    const size = this.size, data = this.data, atD = this.atD, atG = this.atG, columns = this.columns;
    const stiffnessSize = this.model.stiffnessSize;
    for (let i = first; i < end; i++) {
      const joint = this.nodeJoint[i], m = size[i];
      if (joint !== null && this.inactive[i] === 1) {
        const J = this.J[i];
        for (let k = 0; k < J.length; k++) J[k] = 0;
        for (let k = 0; k < m * m; k++) data[atD[i] + k] = k % (m + 1) === 0 ? -1 : 0;
      } else if (joint !== null) {
        const J = this.J[i], rows = this.equalityRows[i];
        writeRowsJacobian(joint.equalityRows, J);
        if (joint.bodyA.hasLockedAxes === true || joint.bodyB.hasLockedAxes === true) this.clearUnmovedRows(joint, J, rows);
        // (loops, not fill: a TypedArray fill call costs more than these few stores)
        for (let k = atD[i], end = k + m * m; k < end; k++) data[k] = 0;
        for (let k = this.atC[i], end = k + rows * rows; k < end; k++) data[k] = 0;
        if (this.compliant[i] === 1) this.writeCompliance(J, 0, rows, joint.bodyA.state, joint.bodyB.state, data, this.atC[i], atD[i], m);
        // held friction rows after the equality rows, each with a compliance only to keep D invertible where
        // the other rows already hold its direction
        for (let k = rows; k < m; k++) {
          joint.writeFrictionRow(k - rows, J, k * columns);
          this.rowInverseMass(J, k * columns, joint.bodyA.state, joint.bodyB.state, frictionGamma, 0);
          data[atD[i] + k * m + k] = -FRICTION_COMPLIANCE * frictionGamma[0];
        }
      } else {
        for (let k = atG[i], end = k + stiffnessSize; k < end; k++) data[k] = 0;
      }
    }
  }

  /**
   * Factors one group again at the current poses (its joints prepared at them), with its nodes' sizes as
   * they are now: a group whose friction rows were held or let go since the factorization, the others'
   * factors kept. `h` as in addPointLoads.
   */
  factorGroup(g: number, h: number): void {
    this.factorNodes(this.groupFirst[g], this.groupFirst[g + 1], this.groupJointFirst[g], this.groupJointFirst[g + 1], h);
  }

  /** Every group factored at the current poses (factorGroup's work for all). */
  factorAll(h: number): void {
    this.factorNodes(0, this.count, 0, this.joints.length, h);
  }

  /** Nodes first … end − 1 (whole groups) and their joints j0 … j1 − 1: sizes, blocks, elimination. */
  private factorNodes(first: number, end: number, j0: number, j1: number, h: number): void {
    const poseSize = this.model.poseSize;
    if (this.factorPoses.length < poseSize * this.count) this.factorPoses = new Float64Array(poseSize * this.count);
    for (let i = first; i < end; i++) {
      const body = this.nodeBody[i];
      if (body !== null) this.model.savePose(body.state, this.factorPoses, poseSize * i);
      this.size[i] = body !== null ? this.dof : this.inactive[i] === 1 ? this.equalityRows[i] : this.nodeSize(i);
    }
    this.markChains(first, end);
    this.writeBlocks(first, end);
    this.addPointLoads(this.joints, this.nodeOfA, this.nodeOfB, h, j0, j1);
    this.eliminate(first, end);
  }

  /** Whether a body of group g moved from its pose at the group's last factorization (TreeBodyModel
   * movedFrom). */
  groupMoved(g: number): boolean {
    const poseSize = this.model.poseSize;
    for (let i = this.groupFirst[g], end = this.groupFirst[g + 1]; i < end; i++) {
      const body = this.nodeBody[i];
      if (body !== null && this.model.movedFrom(body.state, this.factorPoses, poseSize * i)) return true;
    }
    return false;
  }

  /** Zeroes a loop's compliant rows' accumulated impulses and keeps the forest's (DirectSolver.clearImpulses),
   * which the joints' own warm start then applies. Warm started, a loop's impulse along its redundant
   * directions is free to grow from substep to substep, since the solve sees it only through the
   * compliance: measured, a 1e12 N motor driving a loop of a 1e6 kg and a 1 g body read joint forces of
   * 1e15-1e21 N where, started from zero, they read 1e11. */
  clearLoopImpulses(): void {
    const joints = this.joints;
    for (let j = 0; j < joints.length; j++) if (this.compliant[this.jointNode[j]] === 1) clearRowsImpulse(joints[j].equalityRows);
  }

  /** Zeroes the held friction rows' accumulated impulses (with the equality rows', at a substep's start:
   * DirectSolver.clearImpulses). */
  clearHeldFrictionImpulses(): void {
    const joints = this.joints;
    for (let j = 0; j < joints.length; j++) {
      const i = this.jointNode[j];
      if (this.frictionHeld[i] === 0) continue;
      const joint = joints[j];
      for (let k = 0; k < joint.frictionRowCount; k++) joint.frictionImpulses(k)[joint.frictionImpulseAt(k)] = 0;
    }
  }

  /**
   * The geometric stiffness of `joints`' point rows (body nodes nodeA[j], nodeB[j]), added to their
   * bodies' G. A taut chain's light links swing across the chain at frequencies set by the tension over
   * their inertia; with a heavy end these pass the substep rate, and the rows alone, whose J is frozen
   * over the substep, cannot see that turning a link turns the tension's torque: the links flutter and
   * the chain lets go (measured: 3000:1 at 4 substeps). Tournier et al., "Stable Constrained Dynamics"
   * (SIGGRAPH 2015), add the constraint force's stiffness K = ∂(Jᵀλ)/∂x to the implicit step:
   *   (M − h²K) Δv = h²K v + Jᵀλ.
   * For a point row with impulse λ on B at lever arm r (force λ/h), turning B by δθ moves r by δθ × r
   * and the torque r × λ/h by (δθ × r) × λ/h: ∂τ/∂θ = [λ/h]×[r]×, which for λ along r is
   * −(λ·r / h)(I − r̂r̂ᵀ). We keep that tension part (λ·r > 0; compression would destabilize) and
   * add h (λ·r)(I − r̂r̂ᵀ) to the body's angular block of M (body A: the same with −λ and r_a), with λ
   * the last substep's impulse. The first velocity solve of a substep also takes the right-hand side
   * h²K v (solveVelocities).
   */
  addPointLoads(joints: readonly TJoint[], nodeA: Int32Array, nodeB: Int32Array, h: number, j0 = 0, j1 = joints.length): void {
    signedH[0] = -h; signedH[1] = h;
    for (let j = j0; j < j1; j++) {
      if (!joints[j].writePointLoad(load)) continue;
      if (nodeA[j] >= 0) this.model.addTension(this.data, this.atG[nodeA[j]], signedH, load, 0, joints[j].bodyA.state);
      if (nodeB[j] >= 0) this.model.addTension(this.data, this.atG[nodeB[j]], signedH, load, 1, joints[j].bodyB.state);
    }
  }

  /** The bodies' blocks M + h²G, then the elimination from the last node to the first (factor's last part). */
  eliminate(nodeFirst = 0, nodeEnd = this.count): void {
    const size = this.size, sign = this.sign, data = this.data;
    const atD = this.atD, atE = this.atE, atL = this.atL, atG = this.atG, entryJ = this.entryJ;
    const upperStart = this.upperStart, upperNode = this.upperNode, chain = this.chain, pairs = this.pairs;
    const dof = this.dof, columns = this.columns;
    if (nodeFirst === 0 && nodeEnd === this.count) this.stale = false;
    this.factorizations++;
    for (let i = nodeFirst; i < nodeEnd; i++) {
      const body = this.nodeBody[i];
      if (body !== null) this.model.writeMassMatrix(body, data, atD[i], atG[i]);
    }
    // A_ik: J's columns for a joint over its body (m×dof), their transpose for a body over its joint
    // (dof×m), zero for fill; a chain's pairs read them from J directly
    for (let i = nodeFirst; i < nodeEnd; i++) {
      if (chain[i] === 2) continue;
      const m = size[i];
      for (let e = upperStart[i]; e < upperStart[i + 1]; e++) {
        const E = atE[e], J = entryJ[e], mk = size[upperNode[e]];
        if (J < 0) {
          for (let c = E, end = E + m * mk; c < end; c++) data[c] = 0;
        } else if (this.nodeJoint[i] !== null) {
          for (let r = 0; r < m; r++) for (let c = 0; c < dof; c++) data[E + r * dof + c] = data[J + r * columns + c];
        } else {
          for (let c = 0; c < dof; c++) for (let r = 0; r < mk; r++) data[E + c * mk + r] = data[J + r * columns + c];
        }
      }
    }
    // last node first: D_i⁻¹ (in place), then L_ik = D_i⁻¹ A_ik and A_jk −= A_ijᵀ L_ik
    for (let i = nodeEnd - 1; i >= nodeFirst; i--) {
      const m = size[i], D = atD[i], body = this.nodeBody[i];
      // a body's locked axes have infinite mass: their rows and columns cleared (TreeBodyModel.lockBlock)
      if (body !== null && body.hasLockedAxes === true) this.model.lockBlock(body, data, D);
      if (m === 6 && sign[i] > 0) invertSymmetric6InPlace(data, D);
      // a 3-row joint's D (negative semidefinite) as −(−D)⁻¹, by the guarded 3x3 LDLᵀ (a redundant
      // row's vanishing pivot is dropped); in 2D a body's D too (sign +1)
      else if (m === 3) invertSymmetric3(data, data, D, D, 3, sign[i]);
      else if (m === 2) invertSymmetric2(data, data, D, D, sign[i]);
      else invertSymmetricInPlace(data, m, sign[i], D);
      const first = upperStart[i], last = upperStart[i + 1];
      if (chain[i] === 2) {
        const mk = size[upperNode[first]], L = atL[first], J = entryJ[first], P = atD[upperNode[first]];
        if (m === 6 && mk === 3) eliminateBodyUnder3(data, D, J, L, P);
        else if (m === 3 && mk === 6) eliminate3UnderBody(data, D, J, L, P);
        else if (m === 3 && mk === 2) eliminateBodyUnder2(data, D, J, L, P);
        else eliminate2UnderBody(data, D, J, L, P);
        continue;
      }
      for (let e = first; e < last; e++) {
        const k = upperNode[e], mk = size[k];
        multiplySquare(data, D, m, atE[e], mk, atL[e]);
        subtractTransposeProduct(data, atE[e], atL[e], m, mk, atD[k]);
      }
      for (let q = 3 * this.pairStart[i], end = 3 * this.pairStart[i + 1]; q < end; q += 3) {
        const a = pairs[q], b = pairs[q + 1];
        subtractTransposeProductRectangular(data, atE[a], atL[b], m, size[upperNode[a]], size[upperNode[b]], atE[pairs[q + 2]]);
      }
    }
  }

  /**
   * Solves H x = b with b in the x blocks (bodies' blocks zero, joints' the rows' right-hand side).
   * Forward, last node first: x_k −= L_ikᵀ x_i; then back, first node first: x_i ← D_i⁻¹ x_i − Σ L_ik x_k
   * (an upper node's x is final before the nodes below it read it).
   */
  solve(): void {
    this.solveRange(0, this.count);
  }

  /**
   * The forward half of solve over the `count` nodes of `path` (largest index first): the elimination
   * tree's ways up from the nodes where b is nonzero, which is every node the forward substitution
   * writes (a node's upper nodes are its ancestors). The path's x blocks hold b; after, L⁻¹ b.
   */
  forwardPath(path: Int32Array, count: number): void {
    for (let p = 0; p < count; p++) this.forwardNode(path[p]);
  }

  /** Node i's step of the forward substitution: x_k −= L_ikᵀ x_i for its upper nodes k. */
  private forwardNode(i: number): void {
    const size = this.size, data = this.data, atL = this.atL, atX = this.atX, m = size[i];
    const upperStart = this.upperStart, upperNode = this.upperNode;
    if (this.chain[i] !== 0) {
      const e = upperStart[i], k = upperNode[e], mk = size[k];
      if (m === 6 && mk === 3) subtractTransposeTimesBodyUnder3(data, atL[e], atX[i], atX[k]);
      else if (m === 3 && mk === 6) subtractTransposeTimes3UnderBody(data, atL[e], atX[i], atX[k]);
      else if (m === 3 && mk === 2) subtractTransposeTimesBodyUnder2(data, atL[e], atX[i], atX[k]);
      else subtractTransposeTimes2UnderBody(data, atL[e], atX[i], atX[k]);
      return;
    }
    for (let e = upperStart[i]; e < upperStart[i + 1]; e++) {
      const k = upperNode[e];
      subtractTransposeTimes(data, atL[e], m, size[k], atX[i], atX[k]);
    }
  }

  /** Writes to `path` the union of the elimination tree's ways up from nodes a and b (−1: none), largest
   * index first, and returns its length. */
  writePath(a: number, b: number, path: Int32Array): number {
    const parent = this.parent;
    let count = 0;
    while (a >= 0 || b >= 0) {
      if (a === b) {
        path[count++] = a;
        a = b = parent[a];
      } else if (a > b) {
        path[count++] = a;
        a = parent[a];
      } else {
        path[count++] = b;
        b = parent[b];
      }
    }
    return count;
  }

  /** solve over nodes first … end − 1: whole groups, which no other node couples to. */
  solveRange(first: number, end: number): void {
    const size = this.size, data = this.data, chain = this.chain;
    const atD = this.atD, atL = this.atL, atX = this.atX, upperStart = this.upperStart, upperNode = this.upperNode;
    for (let i = end - 1; i >= first; i--) this.forwardNode(i);
    for (let i = first; i < end; i++) {
      const m = size[i];
      if (chain[i] !== 0) {
        const e = upperStart[i], k = upperNode[e], mk = size[k];
        if (m === 6 && mk === 3) backSubstituteBodyUnder3(data, atD[i], atL[e], atX[i], atX[k]);
        else if (m === 3 && mk === 6) backSubstitute3UnderBody(data, atD[i], atL[e], atX[i], atX[k]);
        else if (m === 3 && mk === 2) backSubstituteBodyUnder2(data, atD[i], atL[e], atX[i], atX[k]);
        else backSubstitute2UnderBody(data, atD[i], atL[e], atX[i], atX[k]);
        continue;
      }
      multiplyInPlace(data, atD[i], m, atX[i]);
      for (let e = upperStart[i]; e < upperStart[i + 1]; e++) {
        const k = upperNode[e];
        subtractTimes(data, atL[e], m, size[k], atX[k], atX[i]);
      }
    }
  }

  /** The x blocks of nodes first … end − 1 (every node's by default) set to zero. */
  clearX(first = 0, end = this.count): void {
    const data = this.data, atX = this.atX, size = this.size;
    for (let i = first; i < end; i++) for (let c = 0; c < size[i]; c++) data[atX[i] + c] = 0;
  }

  /**
   * Makes J v = 0 for every row of the forest (to round-off) and adds the impulses to the joints.
   * `withStiffness`: the substep's first solve, which also applies the geometric stiffness (addPointLoads).
   *
   * Refinement. One step of iterative refinement (solve again for the residual) runs when the residual
   * is above REFINE_TOLERANCE of the right-hand side it started from or of the bodies' speeds, whichever
   * is larger. Two things leave such residuals. Round-off: with mass ratios of 1e6 and small bodies on
   * long lever arms H's condition number reaches 1e10, and one solve leaves J v at 1e-7 of the speeds
   * (found by the random-forest test; refined, 1e-13). And a factorization older than the joints: the
   * relax pass (step.ts RELAX) solves with the substep's factorization after the position update has moved
   * J (measured on the 670:1 chain, in an earlier schedule that solved a projection after its
   * factorization: 1e-6 m/s of 16 m/s after one solve, 1e-14 after refining).
   */
  solveVelocities(withStiffness: boolean): void {
    const n = this.count;
    // the bodies' blocks: zero, or −h²G ω on the substep's first solve (the stiffness acts on ω only)
    for (let i = 0; i < n; i++) {
      const body = this.nodeBody[i];
      if (body !== null) this.model.writeVelocityRhs(this.x[i], withStiffness, this.data, this.atG[i], body.state);
    }
    this.writeVelocityResidual();
    const before = largestResidual[0];
    this.solve();
    this.applyVelocities();
    this.writeVelocityResidual();
    const after = largestResidual[0];
    // measured against what it started from or the bodies' speeds, whichever is larger: a solve that
    // starts nearly satisfied (the relax pass) ends at round-off of the speeds, which needs no refining
    let refine = after > REFINE_TOLERANCE * before && after > RESIDUAL_FLOOR;
    if (refine) {
      this.writeLargestSpeedSquared();
      const speed = Math.sqrt(speedScratch[0]);
      refine = after > REFINE_TOLERANCE * speed;
      if (after > STALE_CONTRACTION * Math.max(before, ROUND_OFF * speed)) this.stale = true;
    }
    if (refine) {
      for (let i = 0; i < n; i++) if (this.nodeJoint[i] === null) this.x[i].fill(0);
      this.solve();
      this.applyVelocities();
    }
  }

  /**
   * Writes each row's right-hand side −J v − γ λ_acc into the joint nodes' x and its largest magnitude
   * into largestResidual[0]. With a compliance γ the rows hold J v = −γ λ for the substep's whole impulse λ (not
   * just this solve's part), which is what shares a loop's load (see COMPLIANCE).
   */
  private writeVelocityResidual(): void {
    let largest = 0;
    const joints = this.joints, data = this.data;
    for (let k = 0; k < this.inactiveNodes.length; k++) this.x[this.inactiveNodes[k]].fill(0);
    const model = this.model, dof = this.dof;
    for (let j = 0; j < joints.length; j++) {
      const i = this.jointNode[j], x = this.x[i], joint = joints[j], rows = this.equalityRows[i], m = this.size[i];
      writeRowsVelocityError(joint.equalityRows, joint.bodyA, joint.bodyB, x);
      if (this.compliant[i] === 1) {
        readRowsImpulse(joint.equalityRows, impulseScratch, 0);
        const C = this.atC[i];
        for (let k = 0; k < rows; k++) {
          let sum = 0;
          for (let l = 0; l < rows; l++) sum += data[C + k * rows + l] * impulseScratch[l];
          x[k] += sum;
        }
      }
      // held friction rows: J_f v at the current poses
      for (let k = rows; k < m; k++) {
        joint.writeFrictionRow(k - rows, jacobianScratch, 0);
        rowRate[0] = 0;
        model.addRowVelocity(rowRate, 0, jacobianScratch, 0, joint.bodyA.state);
        model.addRowVelocity(rowRate, 0, jacobianScratch, dof, joint.bodyB.state);
        x[k] = rowRate[0];
      }
      for (let k = 0; k < m; k++) {
        const value = -x[k];
        x[k] = value;
        if (value > largest) largest = value;
        else if (-value > largest) largest = -value;
      }
    }
    largestResidual[0] = largest;
  }

  /** The square of the largest |v| or |ω| among the forest's bodies (m/s or rad/s: the scale of J v),
   * into speedScratch[0]. */
  private writeLargestSpeedSquared(): void {
    const bodies = this.bodies, largest = speedScratch;
    largest[0] = 0;
    for (let b = 0; b < bodies.length; b++) this.model.raiseLargestSpeedSquared(bodies[b].state, largest);
  }

  /** v += the solved Δv for each body; λ = −μ added to each joint (of nodes first … end − 1). */
  applyVelocities(first = 0, end = this.count): void {
    for (let i = first; i < end; i++) {
      const joint = this.nodeJoint[i], x = this.x[i];
      if (joint === null) {
        this.model.addVelocity((this.nodeBody[i] as TBody).state, x);
      } else if (this.inactive[i] === 0) {
        const rows = this.equalityRows[i], m = this.size[i];
        for (let k = 0; k < m; k++) x[k] = -x[k];
        addRowsImpulse(joint.equalityRows, x, 0);
        for (let k = rows; k < m; k++) joint.frictionImpulses(k - rows)[joint.frictionImpulseAt(k - rows)] += x[k];
      }
    }
  }

  /** The x blocks of a projection's right-hand side: the bodies' zero, each joint's −C (from its last
   * prepare). */
  writePositionResidual(): void {
    for (let i = 0; i < this.count; i++) {
      const joint = this.nodeJoint[i], x = this.x[i];
      if (joint === null || this.inactive[i] === 1) {
        for (let c = 0; c < x.length; c++) x[c] = 0;
      } else {
        const rows = this.equalityRows[i];
        writeRowsPositionError(joint.equalityRows, x);
        for (let k = 0; k < rows; k++) x[k] = -x[k];
        // held friction rows: a sticking joint is not turned, but back to a limit it passed
        if (this.size[i] > rows) writeHeldLimitCorrection(joint, this.columns, x, rows);
      }
    }
  }

  /**
   * A joint's compliance γ K_j (see COMPLIANCE) for its m rows of J from J[at] between bodies with states
   * a and b: written m×m at out[c], and subtracted from the m×m block at out[d] (a joint node's D, or a loop
   * block of S with the sign flipped: d < 0 skips it).
   */
  writeCompliance(J: Float64Array, at: number, m: number, a: Float64Array, b: Float64Array, out: Float64Array, c: number, d: number, dStride = m): void {
    const model = this.model, dof = this.dof, columns = this.columns;
    for (let r = 0; r < m; r++) {
      for (let s = r; s < m; s++) {
        const R = at + r * columns, S = at + s * columns;
        const gamma = COMPLIANCE * model.addRowPairInverseMass(model.addRowPairInverseMass(0, J, R, S, a), J, R + dof, S + dof, b);
        out[c + r * m + s] = gamma;
        out[c + s * m + r] = gamma;
        if (d >= 0) {
          out[d + r * dStride + s] -= gamma;
          if (s !== r) out[d + s * dStride + r] -= gamma;
        }
      }
    }
  }

  /** J_r M⁻¹ J_rᵀ for the row of J at J[at] between bodies with states a and b (a row's own effective
   * inverse mass, the scale its compliance is measured in), into out[outAt] (an array, not a return value:
   * a double returned from a call V8 does not inline is boxed). */
  rowInverseMass(J: Float64Array, at: number, a: Float64Array, b: Float64Array, out: Float64Array, outAt: number): void {
    out[outAt] = this.model.addRowInverseMass(this.model.addRowInverseMass(0, J, at, a), J, at + this.dof, b);
  }

  /**
   * Clears the equality rows of J that the bodies' locked axes leave without response (K_ii below
   * NO_RESPONSE of its value with the locks undone; joints/parts/locked-rows.ts, where the soft step
   * does the same): such a row's J meets the free axes only by round-off, its D_i diagonal is round-off
   * too, and the sweep, judging that pivot against itself, would invert it. Cleared, its pivot is
   * exactly 0, dropped: it takes no impulse.
   */
  private clearUnmovedRows(joint: TJoint, J: Float64Array, rows: number): void {
    const model = this.model, columns = this.columns, dof = this.dof, a = joint.bodyA, b = joint.bodyB;
    for (let r = 0; r < rows; r++) {
      const at = r * columns;
      const held = model.addRowInverseMass(model.addRowInverseMass(0, J, at, a.state), J, at + dof, b.state);
      const unlocked = model.addRowUnlockedInverseMass(model.addRowUnlockedInverseMass(0, J, at, a), J, at + dof, b);
      if (!(held > NO_RESPONSE * unlocked)) for (let c = at; c < at + columns; c++) J[c] = 0;
    }
  }

  /** sum + one body node's part of a row of J (columns from J[at]) times its x block (Δv or Δx). */
  addRowTimesX(sum: number, J: Float64Array, at: number, node: number): number {
    const data = this.data, x = this.atX[node];
    for (let c = 0; c < this.dof; c++) sum += J[at + c] * data[x + c];
    return sum;
  }
}

/** The point load of writePointLoad: λ on B, then r_a, r_b. */
const load = new Float64Array(9);
/** addPointLoads' −h and h, by side (addTension reads its h from them: a double passed to a call V8 does
 * not inline is boxed). */
const signedH = new Float64Array(2);
/** writeBlocks' row inverse mass, and writeVelocityResidual's J_f v (arrays, not return values: a double
 * returned from a call V8 does not inline is boxed). */
const frictionGamma = new Float64Array(1);
const rowRate = new Float64Array(1);
/** writeVelocityResidual's largest magnitude (an array, not a return value: a double returned from a call
 * V8 does not inline is boxed). */
const largestResidual = new Float64Array(1);
/** writeLargestSpeedSquared's running maximum of |v|² and |ω|² (an array, as raiseLargestSpeedSquared's). */
const speedScratch = new Float64Array(1);

/**
 * A body under a 3-row joint or a 3-row joint under a body (3D), or a planar body under a 2-row joint or
 * the reverse (2D): eliminated by the fixed-size kernels. (The sizes tell the dimension: 3D has no node of
 * 2, and 2D none of 6.)
 */
function isChainPair(m: number, parentSize: number): boolean {
  return (m === 6 && parentSize === 3) || (m === 3 && parentSize === 6) || (m === 3 && parentSize === 2) || (m === 2 && parentSize === 3);
}
