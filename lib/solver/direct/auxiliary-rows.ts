// Rows solved beside the factorization through its response (Baraff 1996, section 8: "auxiliary
// constraints"): the limit and friction rows (limits.ts). Row k's response W_k = H⁻¹ b_k is the velocity
// change of every node to a unit impulse along it (b_k: J_kᵀ on its bodies' blocks) with every joint row
// still held, and S = J W couples the rows through the joints.
//
// S without the responses. With H = L D Lᵀ (factorization.ts: forward x_k −= L_ikᵀ x_i, D⁻¹ kept),
//
//   S_jk = b_jᵀ H⁻¹ b_k = Σ_i y_j,iᵀ D_i⁻¹ y_k,i,   y = L⁻¹ b,
//
// and the forward substitution of a b that is nonzero on two bodies writes only the nodes on their way up
// the elimination tree (a node's upper nodes are its ancestors): a path of a few nodes, where a whole
// solve visits the group. So each row keeps y and D⁻¹ y on its path, S_jk sums over the nodes two paths
// share, and the bodies move by one whole solve of Σ_k b_k λ_k per group (addResponses) instead of a
// response per row. In a ragdoll (31 nodes, 40 rows held at rest: its 33 friction rows and the limits near
// their bound) a path is 11 nodes long on average.

import type { ForestFactorization } from './factorization.js';
import type { TreeBody } from './tree-body-model.js';
import type { TreeJoint } from './tree-joint.js';

type Forest = ForestFactorization<TreeBody, TreeJoint<TreeBody>>;

/**
 * The rows' J (12 numbers per row in 3D, 6 in 2D) and body nodes (−1: static or kinematic), their paths
 * with y and D⁻¹ y, and S. Arrays grow only, so a step allocates nothing once they are large enough.
 */
export class AuxiliaryRows {
  J = new Float64Array(0);
  nodeA = new Int32Array(0);
  nodeB = new Int32Array(0);
  S = new Float64Array(0);
  /** Row k's path is entries pathFirst[k] … pathFirst[k + 1] − 1: each one's node, and where its y and
   * D⁻¹ y blocks start in Y and Z. */
  private pathFirst = new Int32Array(1);
  private pathNode = new Int32Array(0);
  private pathAt = new Int32Array(0);
  private Y = new Float64Array(0);
  private Z = new Float64Array(0);
  /** One path (writePath's output) and a group's x blocks (addResponses). */
  private path = new Int32Array(0);
  private saved = new Float64Array(0);
  /** writeGram's lists of path entries by node, and each entry's row. */
  private nodeStart = new Int32Array(0);
  private byNode = new Int32Array(0);
  private entryRow = new Int32Array(0);

  /** `columns`: numbers per row of J (12 in 3D, 6 in 2D). */
  constructor(private readonly columns: number) {}

  /** Room for `rows` rows and `s` numbers of S (one block per group). */
  reserveSizes(rows: number, s: number): void {
    if (this.nodeA.length < rows) {
      this.J = new Float64Array(this.columns * rows);
      this.nodeA = new Int32Array(rows);
      this.nodeB = new Int32Array(rows);
      this.pathFirst = new Int32Array(rows + 1);
    }
    if (this.S.length < s) this.S = new Float64Array(s);
  }

  /** Rows r0 … r1 − 1 (whose bodies lie among the forest's nodes): each one's path, y and D⁻¹ y. */
  writePaths(forest: Forest, r0: number, r1: number): void {
    const data = forest.data, atX = forest.atX, atD = forest.atD, size = forest.size, J = this.J;
    const dof = forest.dof, columns = forest.columns;
    if (this.path.length < forest.count) this.path = new Int32Array(forest.count);
    const path = this.path;
    let entry = this.pathFirst[r0], at = entry === 0 ? 0 : this.pathAt[entry - 1] + size[this.pathNode[entry - 1]];
    for (let k = r0; k < r1; k++) {
      this.pathFirst[k] = entry;
      const a = this.nodeA[k], b = this.nodeB[k];
      const count = forest.writePath(a, b, path);
      let numbers = 0;
      for (let p = 0; p < count; p++) {
        const x = atX[path[p]];
        for (let c = 0; c < size[path[p]]; c++) data[x + c] = 0;
        numbers += size[path[p]];
      }
      this.reservePaths(entry + count, at + numbers);
      for (let c = 0; c < dof; c++) {
        if (a >= 0) data[atX[a] + c] += J[k * columns + c];
        if (b >= 0) data[atX[b] + c] += J[k * columns + dof + c];
      }
      forest.forwardPath(path, count);
      const Y = this.Y, Z = this.Z;
      for (let p = 0; p < count; p++) {
        const i = path[p], m = size[i], x = atX[i], D = atD[i];
        this.pathNode[entry] = i;
        this.pathAt[entry] = at;
        this.entryRow[entry] = k;
        entry++;
        for (let r = 0; r < m; r++) Y[at + r] = data[x + r];
        for (let r = 0; r < m; r++) {
          let sum = 0;
          for (let c = 0; c < m; c++) sum += data[D + r * m + c] * data[x + c];
          Z[at + r] = sum;
        }
        at += m;
      }
    }
    this.pathFirst[r1] = entry;
  }

  /**
   * The block's S = J W ((r1 − r0)², from S[sAt]) from the rows' paths: for each node, Σ y_j D⁻¹ y_k over
   * the pairs of rows whose paths pass it (each node's rows listed first, so no pair of paths is walked
   * twice), the upper triangle mirrored (exactly symmetric).
   */
  writeGram(forest: Forest, r0: number, r1: number, sAt: number): void {
    const S = this.S, Y = this.Y, Z = this.Z, size = forest.size, count = r1 - r0;
    const pathFirst = this.pathFirst, pathNode = this.pathNode, pathAt = this.pathAt;
    for (let j = 0; j < count; j++) for (let k = j; k < count; k++) S[sAt + j * count + k] = 0;
    // each node's path entries (rows in order), by counting sort over the node indices
    const entries = pathFirst[r1] - pathFirst[r0];
    if (this.nodeStart.length < forest.count + 1) this.nodeStart = new Int32Array(forest.count + 1);
    if (this.byNode.length < entries) this.byNode = new Int32Array(Math.max(64, 2 * entries));
    const nodeStart = this.nodeStart, byNode = this.byNode;
    let low = forest.count, high = -1;
    for (let e = pathFirst[r0]; e < pathFirst[r1]; e++) {
      low = Math.min(low, pathNode[e]);
      high = Math.max(high, pathNode[e]);
    }
    if (high < 0) return;
    for (let i = low; i <= high + 1; i++) nodeStart[i] = 0;
    for (let e = pathFirst[r0]; e < pathFirst[r1]; e++) nodeStart[pathNode[e] + 1]++;
    for (let i = low + 1; i <= high + 1; i++) nodeStart[i] += nodeStart[i - 1];
    for (let k = r0; k < r1; k++) {
      for (let e = pathFirst[k]; e < pathFirst[k + 1]; e++) byNode[nodeStart[pathNode[e]]++] = e;
    }
    // (nodeStart[i] now ends node i's entries; node i's start is nodeStart[i − 1], or 0 at low)
    for (let i = low; i <= high; i++) {
      const from = i === low ? 0 : nodeStart[i - 1], to = nodeStart[i], m = size[i];
      for (let p = from; p < to; p++) {
        const ep = byNode[p], j = this.entryRow[ep] - r0, y = pathAt[ep];
        for (let q = p; q < to; q++) {
          const eq = byNode[q], k = this.entryRow[eq] - r0, z = pathAt[eq];
          let sum = 0;
          for (let c = 0; c < m; c++) sum += Y[y + c] * Z[z + c];
          S[sAt + j * count + k] += sum;
        }
      }
    }
    for (let j = 0; j < count; j++) for (let k = j + 1; k < count; k++) S[sAt + k * count + j] = S[sAt + j * count + k];
  }

  /** x_i += (H⁻¹ Σ_k b_k λ_k)_i over nodes first … end − 1 (a group): bodies Δv or Δx, joints their μ. One
   * solve of the group. `cleared`: the group's x blocks are zero (nothing to keep aside for the solve). */
  addResponses(forest: Forest, r0: number, r1: number, first: number, end: number, lambda: Float64Array, cleared: boolean): void {
    let any = false;
    for (let k = r0; k < r1 && !any; k++) any = lambda[k] !== 0;
    if (!any) return;
    if (cleared) {
      this.addRightHandSide(forest, r0, r1, lambda);
      forest.solveRange(first, end);
      return;
    }
    // the group's x blocks (interleaved with its other blocks) kept aside and cleared for the solve
    const data = forest.data, atX = forest.atX, size = forest.size;
    let numbers = 0;
    for (let i = first; i < end; i++) numbers += size[i];
    if (this.saved.length < numbers) this.saved = new Float64Array(2 * numbers);
    const saved = this.saved;
    for (let i = first, at = 0; i < end; i++) {
      const x = atX[i];
      for (let c = 0; c < size[i]; c++, at++) {
        saved[at] = data[x + c];
        data[x + c] = 0;
      }
    }
    this.addRightHandSide(forest, r0, r1, lambda);
    forest.solveRange(first, end);
    for (let i = first, at = 0; i < end; i++) {
      const x = atX[i];
      for (let c = 0; c < size[i]; c++, at++) data[x + c] += saved[at];
    }
  }

  /** Σ_k b_k λ_k added to the x blocks of the rows' bodies. */
  private addRightHandSide(forest: Forest, r0: number, r1: number, lambda: Float64Array): void {
    const data = forest.data, atX = forest.atX, J = this.J, dof = forest.dof, columns = forest.columns;
    for (let k = r0; k < r1; k++) {
      const l = lambda[k];
      if (l === 0) continue;
      const a = this.nodeA[k], b = this.nodeB[k];
      for (let c = 0; c < dof; c++) {
        if (a >= 0) data[atX[a] + c] += J[k * columns + c] * l;
        if (b >= 0) data[atX[b] + c] += J[k * columns + dof + c] * l;
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

  /** Room for `entries` path entries and `numbers` numbers of y (and of D⁻¹ y). */
  private reservePaths(entries: number, numbers: number): void {
    if (this.pathNode.length < entries) {
      const n = Math.max(64, 2 * entries);
      const node = new Int32Array(n), at = new Int32Array(n), row = new Int32Array(n);
      node.set(this.pathNode);
      at.set(this.pathAt);
      row.set(this.entryRow);
      this.pathNode = node;
      this.pathAt = at;
      this.entryRow = row;
    }
    if (this.Y.length < numbers) {
      const n = Math.max(256, 2 * numbers);
      const Y = new Float64Array(n), Z = new Float64Array(n);
      Y.set(this.Y);
      Z.set(this.Z);
      this.Y = Y;
      this.Z = Z;
    }
  }
}
