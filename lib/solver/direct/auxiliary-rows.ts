// Rows solved beside the factorization through its response (Baraff 1996, section 8: "auxiliary
// constraints"): the limit rows (limits.ts). For each such row k, W_k is the response to a unit impulse
// along it, the velocity change of every node with every joint row still held (one solve of H with J_kᵀ
// on its bodies' blocks), and S = J W couples the rows through the joints.

import type { ForestFactorization } from './factorization.js';
import type { TreeBody } from './tree-body-model.js';
import type { TreeJoint } from './tree-joint.js';

type Forest = ForestFactorization<TreeBody, TreeJoint<TreeBody>>;

/**
 * The rows' J (12 numbers per row in 3D, 6 in 2D) and body nodes (−1: static or kinematic), the responses
 * W and S = J W. Arrays grow only (reserve), so a step allocates nothing.
 */
export class AuxiliaryRows {
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

  /**
   * Rows r0 … r1 − 1, whose bodies are all among nodes first … end − 1 (whole trees: the forest's one
   * group for the loops, a group for limits): each row's response W_k (J_kᵀ on its bodies' blocks, one
   * solve of those nodes; the others do not move), kept over those nodes only, `span` numbers from
   * W[wAt + (k − r0) · span]. writeGram then forms the block's S = J W.
   */
  writeResponses(forest: Forest, r0: number, r1: number, first: number, end: number, wAt: number): void {
    const data = forest.data, atX = forest.atX, size = forest.size, J = this.J, W = this.W, atResponse = forest.atResponse;
    const base = atResponse[first], span = atResponse[end] - base, dof = forest.dof, columns = forest.columns;
    for (let k = r0; k < r1; k++) {
      forest.clearX(first, end);
      const a = this.nodeA[k], b = this.nodeB[k];
      for (let c = 0; c < dof; c++) {
        if (a >= 0) data[atX[a] + c] += J[k * columns + c];
        if (b >= 0) data[atX[b] + c] += J[k * columns + dof + c];
      }
      forest.solveRange(first, end);
      const w = wAt + (k - r0) * span - base;
      for (let i = first; i < end; i++) for (let c = 0; c < size[i]; c++) W[w + atResponse[i] + c] = data[atX[i] + c];
    }
  }

  /** The block's S = J W ((r1 − r0)², from S[sAt]; symmetrized against round-off) from its responses. */
  writeGram(forest: Forest, r0: number, r1: number, first: number, end: number, wAt: number, sAt: number): void {
    const J = this.J, W = this.W, S = this.S, atResponse = forest.atResponse, count = r1 - r0, dof = forest.dof, columns = forest.columns;
    const base = atResponse[first], span = atResponse[end] - base;
    for (let j = 0; j < count; j++) {
      const row = r0 + j, a = this.nodeA[row], b = this.nodeB[row];
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
  addResponses(forest: Forest, r0: number, r1: number, first: number, end: number, wAt: number, lambda: Float64Array): void {
    const data = forest.data, atX = forest.atX, size = forest.size, W = this.W, atResponse = forest.atResponse;
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

  /** sum + row k's J times the x blocks of its bodies' nodes (its rate at Δv or Δx). */
  rowTimesX(forest: Forest, k: number): number {
    const a = this.nodeA[k], b = this.nodeB[k], at = k * forest.columns;
    let sum = 0;
    if (a >= 0) sum = forest.addRowTimesX(sum, this.J, at, a);
    if (b >= 0) sum = forest.addRowTimesX(sum, this.J, at + forest.dof, b);
    return sum;
  }
}
