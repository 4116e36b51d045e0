// Loop closure (Baraff, "Linear-Time Dynamics using Lagrange Multipliers", 1996, section 8: "auxiliary
// constraints"). A joint that closes a loop (ordering.ts) adds rows J_l that the forest's factorization
// does not hold. For each loop row k the forest's response to a unit impulse along it, w_k = the velocity
// change with every forest row still held, costs one solve of H with J_lkᵀ on the body blocks
// (auxiliary-rows.ts). Then S = J_l W (loopRows², symmetric positive semidefinite; a redundant loop, such
// as a second weld across the same pair, gives a zero pivot and no impulse) is inverted once per
// factorization, and each solve adds λ_l = S⁻¹ (−J_l v) along W: the forest solve and the loop rows
// together are then exact. The forest's own multipliers move by the responses' μ parts, so every joint's
// force readout stays right. Cost: loopRows extra solves per factorization, which is why a structure
// whose loops pass MAX_LOOP_ROWS rows (a 100 x 100 grid has 30 000) is left to the iterative solver
// (ordering.ts).
//
// A loop over-constrains its tree, whose rows then get a compliance (COMPLIANCE, tree-joint.ts; the
// forest's rows through ForestFactorization.compliant, the loop rows here).

import { invertSymmetricInPlace } from '../../math/ldlt.js';
import { AuxiliaryRows } from './auxiliary-rows.js';
import type { ForestFactorization } from './factorization.js';
import type { TreeBody } from './tree-body-model.js';
import { impulseScratch, jacobianScratch, type TreeJoint } from './tree-joint.js';

export class LoopClosure<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Joints that close loops, held exactly (at most MAX_LOOP_ROWS rows in all: ordering.ts). */
  readonly joints: TJoint[] = [];
  rows = 0;
  /** The loop rows: their J, body nodes, the forest's responses W and S = J W, then S⁻¹. */
  readonly aux: AuxiliaryRows;
  /** Each loop joint's body nodes and its first row. */
  nodeA = new Int32Array(0);
  nodeB = new Int32Array(0);
  firstRow = new Int32Array(0);
  /** Each loop joint's compliance γ K_j (m×m, from gammaAt[l]; see COMPLIANCE). */
  private gamma = new Float64Array(0);
  private gammaAt = new Int32Array(0);
  /** A right-hand side and the impulses S⁻¹ times it (solve). */
  rhs = new Float64Array(0);
  lambda = new Float64Array(0);

  constructor(private readonly forest: ForestFactorization<TBody, TJoint>) {
    this.aux = new AuxiliaryRows(forest.columns);
  }

  /** Hands the loop joints back to the iterative solver. */
  clear(): void {
    for (const joint of this.joints) joint.direct = false;
    this.joints.length = 0;
    this.rows = 0;
  }

  /** Lays out the loops to close (ordering.ts chose them: every loop of the groups it keeps); their trees'
   * rows get the compliance (see COMPLIANCE). */
  layout(loops: readonly TJoint[]): void {
    const forest = this.forest, n = forest.count, rootOf = forest.rootOf;
    let rows = 0;
    this.firstRow = new Int32Array(loops.length + 1);
    this.nodeA = new Int32Array(loops.length);
    this.nodeB = new Int32Array(loops.length);
    loops.forEach((joint, l) => {
      this.firstRow[l] = rows;
      rows += joint.directRowCount;
      this.nodeA[l] = forest.bodyNode.get(joint.bodyA) ?? -1;
      this.nodeB[l] = forest.bodyNode.get(joint.bodyB) ?? -1;
      joint.direct = true;
      this.joints.push(joint);
    });
    this.firstRow[loops.length] = rows;
    this.rows = rows;
    // the trees that loops close get a little compliance
    const closed = new Uint8Array(n);
    for (let l = 0; l < loops.length; l++) {
      for (const node of [this.nodeA[l], this.nodeB[l]]) if (node >= 0) closed[rootOf[node]] = 1;
    }
    for (let i = 0; i < n; i++) forest.compliant[i] = closed[rootOf[i]];
    this.aux.reserve(rows, forest.responseSize);
    for (let l = 0; l < loops.length; l++) {
      for (let k = this.firstRow[l]; k < this.firstRow[l + 1]; k++) {
        this.aux.nodeA[k] = this.nodeA[l];
        this.aux.nodeB[k] = this.nodeB[l];
      }
    }
    this.gammaAt = new Int32Array(loops.length);
    let blocks = 0;
    for (let l = 0; l < loops.length; l++) {
      this.gammaAt[l] = blocks;
      blocks += loops[l].directRowCount ** 2;
    }
    this.gamma = new Float64Array(blocks);
    this.rhs = new Float64Array(rows);
    this.lambda = new Float64Array(rows);
  }

  /** After the forest's factorization: the loop rows' J, responses W and S⁻¹. */
  factor(): void {
    const rows = this.rows, aux = this.aux, forest = this.forest, columns = forest.columns;
    if (rows === 0) return;
    for (let l = 0; l < this.joints.length; l++) {
      this.joints[l].writeJacobian(jacobianScratch);
      const first = this.firstRow[l], m = this.firstRow[l + 1] - first;
      aux.J.set(jacobianScratch.subarray(0, m * columns), first * columns);
    }
    aux.writeResponses(forest, 0, rows, 0, forest.count, 0);
    aux.writeGram(forest, 0, rows, 0, forest.count, 0, 0);
    // the loop joints' compliance, as the forest's joints of these trees have it
    const S = aux.S, gamma = this.gamma;
    for (let l = 0; l < this.joints.length; l++) {
      const joint = this.joints[l], first = this.firstRow[l], m = this.firstRow[l + 1] - first, g = this.gammaAt[l];
      forest.writeCompliance(aux.J, first * columns, m, joint.bodyA.state, joint.bodyB.state, gamma, g, -1);
      for (let r = 0; r < m; r++) for (let s = 0; s < m; s++) S[(first + r) * rows + first + s] += gamma[g + r * m + s];
    }
    invertSymmetricInPlace(S, rows, 1);
  }

  /** λ_l = S⁻¹ rhs into lambda. */
  solve(): void {
    const rows = this.rows, S = this.aux.S, r = this.rhs, out = this.lambda;
    for (let j = 0; j < rows; j++) {
      let sum = 0;
      for (let k = 0; k < rows; k++) sum += S[j * rows + k] * r[k];
      out[j] = sum;
    }
  }

  /** After a velocity solve: the loop rows' impulses (and the forest's reaction to them), applied. */
  closeVelocities(): void {
    if (this.rows === 0) return;
    const forest = this.forest;
    for (let l = 0; l < this.joints.length; l++) {
      this.joints[l].getVelocityError(jacobianScratch);
      this.joints[l].readEqualityImpulse(impulseScratch, 0);
      const first = this.firstRow[l], m = this.firstRow[l + 1] - first, g = this.gammaAt[l];
      for (let k = 0; k < m; k++) {
        let compliance = 0;
        for (let s = 0; s < m; s++) compliance += this.gamma[g + k * m + s] * impulseScratch[s];
        this.rhs[first + k] = -jacobianScratch[k] - compliance;
      }
    }
    this.solve();
    forest.clearX();
    this.aux.addResponses(forest, 0, this.rows, 0, forest.count, 0, this.lambda);
    forest.applyVelocities();
    for (let l = 0; l < this.joints.length; l++) this.joints[l].addEqualityImpulse(this.lambda, this.firstRow[l]);
  }

  /** In a projection, with the forest's Δx in the body blocks: the loop rows' share, added to them. */
  closePositions(): void {
    if (this.rows === 0) return;
    const forest = this.forest;
    for (let l = 0; l < this.joints.length; l++) {
      this.joints[l].getPositionError(jacobianScratch);
      const first = this.firstRow[l], m = this.firstRow[l + 1] - first;
      // C + J Δx for the forest's Δx so far
      for (let k = 0; k < m; k++) this.rhs[first + k] = -(jacobianScratch[k] + this.aux.rowTimesX(forest, first + k));
    }
    this.solve();
    this.aux.addResponses(forest, 0, this.rows, 0, forest.count, 0, this.lambda);
  }

  /** The loop joints' share of impulses along other rows: out = loop impulses, added to the joints. */
  addImpulses(impulses: Float64Array): void {
    for (let l = 0; l < this.joints.length; l++) this.joints[l].addEqualityImpulse(impulses, this.firstRow[l]);
  }
}
