// The forest's sparse block LDLᵀ: its nodes' blocks in one array, the factorization leaf first, and the
// solve. Source: Baraff, "Linear-Time Dynamics using Lagrange Multipliers", SIGGRAPH 1996 (the H matrix,
// its tree and the leaf-first factorization).
//
// The system. For the dynamic bodies' velocity change Δv and the rows' multipliers μ,
//   H [Δv; μ] = [0; −J v],     H = [ M  Jᵀ ]
//                                  [ J  0  ]
// says M Δv = −Jᵀ μ (the impulse λ = −μ moves the bodies) and J (v + Δv) = 0 (the rows hold exactly).
// H is sparse: its nodes are bodies (6x6 blocks M = diag(m, m, m, I), I = R I_b Rᵀ) and joints (m×m zero
// blocks, m = 3 ball / orientation, 5 hinge / slider, 6 weld), and a joint's only off-diagonal blocks
// are its Jacobian columns for its own two bodies (J_jb, m×6). When the joints form a forest over the
// bodies (ordering.ts), H's graph is a forest too, and eliminating its nodes from the leaves up creates no
// fill:
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
// Cost. On the 41-body chain the factorization is most of the time, so the two eliminations a chain is
// made of (a body under a 3-row joint, a 3-row joint under a body) and the body blocks' 6x6 inverse run in
// fixed-size kernels (math/block-kernels.ts, math/ldlt.ts invertSymmetric6InPlace): measured, 100 → 35-55
// µs per factorization (the spread is this VM's noise). The 2D chain (a planar body under a revolute
// joint's 2 rows, and the reverse) has fixed-size kernels of its own; other 2D blocks take the general
// ones.
//
// Dimensions. Written for 3D; the same code in 2D, where a body is 3 numbers (v_x, v_y, ω; a 3x3 block
// diag(m, m, I)), J rows have 6 columns and joints 1 to 3 rows. What differs is asked of a TreeBodyModel
// (tree-body-model.ts; lib/2d/solver/tree-body-model.ts).

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
  subtractTransposeTimes,
  subtractTransposeTimes2UnderBody,
  subtractTransposeTimes3UnderBody,
  subtractTransposeTimesBodyUnder2,
  subtractTransposeTimesBodyUnder3,
} from '../../math/block-kernels.js';
import type { TreeBody, TreeBodyModel } from './tree-body-model.js';
import { COMPLIANCE, dynamicEnd, impulseScratch, isJoint, type TreeJoint } from './tree-joint.js';

/** A velocity solve is refined once when its residual is above this fraction of where it started. */
const REFINE_TOLERANCE = 1e-11;

export class ForestFactorization<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Velocity numbers per body (6 in 3D, 3 in 2D) and columns of a row of J (twice that). */
  readonly dof: number;
  readonly columns: number;

  /** Joints whose equality rows the forest holds, in tree order (roots first). */
  readonly joints: TJoint[] = [];
  /** The dynamic bodies in the forest, in tree order. */
  readonly bodies: TBody[] = [];

  // Nodes in breadth-first order from the roots: a parent always comes before its children, so
  // counting down is leaf first and counting up is root first.
  count = 0;
  parent = new Int32Array(0);
  size = new Int32Array(0);
  /** +1 for a body node, −1 for a joint node (whose D is factored as −D). */
  private sign = new Float64Array(0);
  nodeBody: (TBody | null)[] = [];
  nodeJoint: (TJoint | null)[] = [];
  /** For a joint node, its parent body's columns in J (0: body A, dof: body B); for a body node, its
   * columns in its parent joint's J. */
  private parentColumns = new Int32Array(0);
  /** Per node: D_i (then D_i⁻¹), E_i, L_i (both size_i × size_parent, row-major), x_i; and J
   * (rows × 12) for joint nodes. Views into one array. */
  data = new Float64Array(0);
  private atD = new Int32Array(0);
  private atE = new Int32Array(0);
  private atL = new Int32Array(0);
  atX = new Int32Array(0);
  private atJ = new Int32Array(0);
  /** Per joint node: its rows' compliance γ K_j (m×m: COMPLIANCE times the joint's effective mass; 0
   * outside the trees a loop closes). */
  private atC = new Int32Array(0);
  /** Views of x_i and J_i (for the joints' methods, which write from index 0). */
  x: Float64Array[] = [];
  private J: Float64Array[] = [];
  /** Per body node: where its geometric stiffness term h²G (3x3, added to its angular mass) starts. */
  private atG = new Int32Array(0);
  /** For a body node, the joint node whose J holds its E (its parent); for a joint node, itself. */
  private jacobianNode = new Int32Array(0);
  /** Each dynamic body's node, and each node's tree (its root's node). */
  bodyNode = new Map<TBody, number>();
  rootOf = new Int32Array(0);
  /** joints[j]'s body nodes (−1 for a static or kinematic body). */
  nodeOfA = new Int32Array(0);
  nodeOfB = new Int32Array(0);
  /** joints[j]'s node. */
  private jointNode = new Int32Array(0);
  /** Per node: 1 in a tree that a loop closes (its joint rows get COMPLIANCE; loops.ts sets it). */
  compliant = new Uint8Array(0);
  /** Where each node's x sits in a response row (body dof, joint m numbers; auxiliary-rows.ts), and
   * the length of a whole row. */
  atResponse = new Int32Array(0);
  responseSize = 0;
  /** Per node, its group (ordering.ts); per group, its first node (and at the end, count). */
  groupOfNode = new Int32Array(0);
  groupFirst = new Int32Array(1);

  constructor(readonly model: TreeBodyModel<TBody>) {
    this.dof = model.dof;
    this.columns = 2 * model.dof;
  }

  /** Hands every joint back (direct = false) and forgets the nodes. */
  clear(): void {
    for (const joint of this.joints) joint.direct = false;
    this.joints.length = 0;
    this.bodies.length = 0;
    this.count = 0;
  }

  /** Lays out the nodes (ordering.ts) and their blocks; `groupOfBody` names each body's group. */
  layout(nodes: (TBody | TJoint)[], parentOf: number[], groupOfBody: (body: TBody) => number): void {
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
        this.atC[i] = at; at += m * m;
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
    // where each node's x sits in a response row
    this.atResponse = new Int32Array(n + 1);
    let size = 0;
    for (let i = 0; i < n; i++) {
      this.atResponse[i] = size;
      size += this.size[i];
    }
    this.atResponse[n] = size;
    this.responseSize = size;
    this.compliant = new Uint8Array(n);
    this.layoutGroups(nodes, groupOfBody);
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
  writeBlocks(): void {
    const n = this.count, size = this.size, data = this.data, atD = this.atD, atG = this.atG, columns = this.columns;
    const stiffnessSize = this.model.stiffnessSize;
    for (let i = 0; i < n; i++) {
      const joint = this.nodeJoint[i], m = size[i];
      if (joint !== null) {
        joint.writeJacobian(this.J[i]);
        // (loops, not fill: a TypedArray fill call costs more than these few stores)
        for (let k = atD[i], end = k + m * m; k < end; k++) data[k] = 0;
        for (let k = this.atC[i], end = k + m * m; k < end; k++) data[k] = 0;
        if (this.compliant[i] === 1) this.writeCompliance(this.J[i], 0, m, joint.bodyA.state, joint.bodyB.state, data, this.atC[i], atD[i]);
      } else {
        for (let k = atG[i], end = k + stiffnessSize; k < end; k++) data[k] = 0;
      }
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
  addPointLoads(joints: readonly TJoint[], nodeA: Int32Array, nodeB: Int32Array, h: number): void {
    for (let j = 0; j < joints.length; j++) {
      if (!joints[j].writePointLoad(load)) continue;
      if (nodeA[j] >= 0) this.model.addTension(this.data, this.atG[nodeA[j]], -h, load, 0);
      if (nodeB[j] >= 0) this.model.addTension(this.data, this.atG[nodeB[j]], h, load, 1);
    }
  }

  /** The bodies' blocks M + h²G, then the elimination leaf first (factor's last part). */
  eliminate(): void {
    const n = this.count, size = this.size, parent = this.parent, sign = this.sign, data = this.data;
    const atD = this.atD, atE = this.atE, atL = this.atL, atG = this.atG;
    const dof = this.dof, columns = this.columns;
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
  }

  /**
   * Solves H x = b with b in the x blocks (bodies' blocks zero, joints' the rows' right-hand side).
   * Leaf first x_parent −= L_iᵀ x_i; then root first x_i ← D_i⁻¹ x_i − L_i x_parent (a parent's x is
   * final before its children read it, so the two steps of the back substitution share one pass).
   */
  solve(): void {
    this.solveRange(0, this.count);
  }

  /** solve over nodes first … end − 1: whole trees (a group's nodes), which no other node couples to. */
  solveRange(first: number, end: number): void {
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
        const m = x.length, C = this.atC[i];
        for (let k = 0; k < m; k++) {
          let sum = 0;
          for (let l = 0; l < m; l++) sum += data[C + k * m + l] * impulseScratch[l];
          x[k] += sum;
        }
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
  applyVelocities(): void {
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

  /** The x blocks of a projection's right-hand side: the bodies' zero, each joint's −C (from its last
   * prepare). */
  writePositionResidual(): void {
    for (let i = 0; i < this.count; i++) {
      const joint = this.nodeJoint[i], x = this.x[i];
      if (joint === null) {
        for (let c = 0; c < x.length; c++) x[c] = 0;
      } else {
        joint.getPositionError(x);
        for (let k = 0; k < x.length; k++) x[k] = -x[k];
      }
    }
  }

  /**
   * A joint's compliance γ K_j (see COMPLIANCE) for its m rows of J from J[at] between bodies with states
   * a and b: written m×m at out[c], and subtracted from the m×m block at out[d] (a joint node's D, or a loop
   * block of S with the sign flipped: d < 0 skips it).
   */
  writeCompliance(J: Float64Array, at: number, m: number, a: Float64Array, b: Float64Array, out: Float64Array, c: number, d: number): void {
    const model = this.model, dof = this.dof, columns = this.columns;
    for (let r = 0; r < m; r++) {
      for (let s = r; s < m; s++) {
        const R = at + r * columns, S = at + s * columns;
        const gamma = COMPLIANCE * model.addRowPairInverseMass(model.addRowPairInverseMass(0, J, R, S, a), J, R + dof, S + dof, b);
        out[c + r * m + s] = gamma;
        out[c + s * m + r] = gamma;
        if (d >= 0) {
          out[d + r * m + s] -= gamma;
          if (s !== r) out[d + s * m + r] -= gamma;
        }
      }
    }
  }

  /** J_r M⁻¹ J_rᵀ for the row of J at J[at] between bodies with states a and b (a row's own effective
   * inverse mass, the scale its compliance is measured in). */
  rowInverseMass(J: Float64Array, at: number, a: Float64Array, b: Float64Array): number {
    return this.model.addRowInverseMass(this.model.addRowInverseMass(0, J, at, a), J, at + this.dof, b);
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

/**
 * A body under a 3-row joint or a 3-row joint under a body (3D), or a planar body under a 2-row joint or
 * the reverse (2D): eliminated by the fixed-size kernels. (The sizes tell the dimension: 3D has no node of
 * 2, and 2D none of 6.)
 */
function isChainPair(m: number, parentSize: number): boolean {
  return (m === 6 && parentSize === 3) || (m === 3 && parentSize === 6) || (m === 3 && parentSize === 2) || (m === 2 && parentSize === 3);
}
