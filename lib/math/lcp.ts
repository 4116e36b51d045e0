// The linear complementarity problem of a few inequality rows with a symmetric positive definite matrix:
//
//   find λ with   w = A λ + q,   λ ≥ 0,   w ≥ 0,   λᵢ wᵢ = 0
//
// (the direct solver's limit rows: A = J W + Γ, their coupled effective inverse mass through the forest plus
// a small compliance, q their rate, λ their impulses). A positive definite A has exactly one solution.
//
// Block principal pivoting (Júdice and Pires, "A block principal pivoting algorithm for large-scale strictly
// monotone linear complementarity problems", Computers & Operations Research 21, 1994; the same method as
// Kim and Park's NNLS). Guess the free set F (the rows that push, λ > 0; the others have λ = 0), solve the
// equalities A_FF λ_F = −q_F by Cholesky, then w_G = A_GF λ_F + q_G for the rest. Rows of F with λ < 0 and
// rows outside it with w < 0 are infeasible: move them all across and solve again. When that stops
// reducing the number of infeasible rows for a few rounds, move only the infeasible row of largest index
// (Murty's rule, which terminates for any P-matrix). Starting from the set of the last solution, a few
// rounds usually suffice; projected Gauss-Seidel from the same start needed n² sweeps on a 40-link rope
// and stopped at its 64 with the rope stretched metres long.

/** Rounds of exchanging every infeasible row that may fail to reduce their number before Murty's rule. */
const BACKUP_ROUNDS = 3;

/** Solves LCPs of up to `capacity` rows (it grows); no allocation once grown. */
export class SymmetricLcp {
  private free = new Uint8Array(0);
  /** The rows of F, in order. */
  private index = new Int32Array(0);
  /** A_FF's Cholesky factor (row-major, |F|²). */
  private factor = new Float64Array(0);
  private x = new Float64Array(0);
  private w = new Float64Array(0);
  /** Each row's 1 / A_ii (0 where A_ii ≤ 0): its λ tolerance is measured as the rate it makes,
   * tolerance / A_ii in λ. (An array, filled once a solve: a double returned from a call V8 does not
   * inline is boxed.) */
  private rowScale = new Float64Array(0);

  /** Room for n rows. */
  private reserve(n: number): void {
    if (this.free.length >= n) return;
    this.free = new Uint8Array(n);
    this.index = new Int32Array(n);
    this.factor = new Float64Array(n * n);
    this.x = new Float64Array(n);
    this.w = new Float64Array(n);
    this.rowScale = new Float64Array(n);
  }

  /**
   * The solution λ for A = S + diag(γ) with S n×n row-major at S[sAt] (symmetric; `stride` numbers from
   * one row to the next, n unless S is the corner of a larger matrix) and γ, q, λ the n
   * numbers from gamma[first], q[first], lambda[first]; λ on entry names the first guess of F (λ > 0) and
   * on exit holds the solution. Returns false if it stopped after `maxRounds` with rows still infeasible
   * (λ is then the last iterate with its negative entries set to 0).
   */
  solve(
    S: Float64Array, sAt: number, gamma: Float64Array, q: Float64Array, lambda: Float64Array, first: number, n: number,
    maxRounds = 4 * n + 10, stride = n,
  ): boolean {
    this.reserve(n);
    const free = this.free, w = this.w;
    // the scale the feasibility tests are measured against
    let scale = 0;
    for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(q[first + i]));
    if (!(scale > 0)) {
      for (let i = 0; i < n; i++) lambda[first + i] = 0;
      return true;
    }
    const tolerance = 1e-12 * scale, rowScale = this.rowScale;
    for (let i = 0; i < n; i++) {
      const d = S[sAt + i * stride + i] + gamma[first + i];
      rowScale[i] = d > 0 ? 1 / d : 0;
    }
    for (let i = 0; i < n; i++) free[i] = lambda[first + i] > 0 ? 1 : 0;
    let best = n + 1, backups = BACKUP_ROUNDS;
    for (let round = 0; round < maxRounds; round++) {
      this.solveFree(S, sAt, gamma, q, first, n, stride);
      // λ_F from the solve, λ_G = 0; w_G = A_GF λ_F + q_G (w_F = 0)
      let infeasible = 0, last = -1;
      for (let i = 0; i < n; i++) {
        if (free[i] === 1) {
          if (this.x[i] < -tolerance * rowScale[i]) {
            infeasible++;
            last = i;
          }
        } else {
          let sum = q[first + i];
          for (let j = 0; j < n; j++) if (free[j] === 1) sum += S[sAt + i * stride + j] * this.x[j];
          w[i] = sum;
          if (sum < -tolerance) {
            infeasible++;
            last = i;
          }
        }
      }
      if (infeasible === 0) {
        for (let i = 0; i < n; i++) lambda[first + i] = free[i] === 1 ? Math.max(0, this.x[i]) : 0;
        return true;
      }
      if (infeasible < best) {
        best = infeasible;
        backups = BACKUP_ROUNDS;
      } else {
        backups--;
      }
      if (backups > 0) {
        // exchange every infeasible row
        for (let i = 0; i < n; i++) {
          if (free[i] === 1 ? this.x[i] < -tolerance * rowScale[i] : w[i] < -tolerance) free[i] ^= 1;
        }
      } else {
        free[last] ^= 1; // Murty: the infeasible row of largest index alone
      }
    }
    for (let i = 0; i < n; i++) lambda[first + i] = free[i] === 1 ? Math.max(0, this.x[i]) : 0;
    return false;
  }

  /** x_F = −A_FF⁻¹ q_F by Cholesky of A_FF (a non-positive pivot, which a positive definite A never
   * gives but round-off might, drops its row: x = 0 there). x_G = 0. */
  private solveFree(S: Float64Array, sAt: number, gamma: Float64Array, q: Float64Array, first: number, n: number, stride: number): void {
    const free = this.free, index = this.index, L = this.factor, x = this.x;
    let m = 0;
    for (let i = 0; i < n; i++) {
      x[i] = 0;
      if (free[i] === 1) index[m++] = i;
    }
    // A_FF = L Lᵀ, lower triangle, row-major m×m
    for (let a = 0; a < m; a++) {
      const i = index[a];
      for (let b = 0; b <= a; b++) {
        const j = index[b];
        let sum = S[sAt + i * stride + j] + (a === b ? gamma[first + i] : 0);
        for (let k = 0; k < b; k++) sum -= L[a * m + k] * L[b * m + k];
        if (a === b) {
          L[a * m + a] = sum > 0 ? Math.sqrt(sum) : 0;
        } else {
          const d = L[b * m + b];
          L[a * m + b] = d > 0 ? sum / d : 0;
        }
      }
    }
    // L y = −q_F (y in w's first m places), then Lᵀ x = y
    const y = this.w;
    for (let a = 0; a < m; a++) {
      let sum = -q[first + index[a]];
      for (let k = 0; k < a; k++) sum -= L[a * m + k] * y[k];
      const d = L[a * m + a];
      y[a] = d > 0 ? sum / d : 0;
    }
    for (let a = m - 1; a >= 0; a--) {
      let sum = y[a];
      for (let k = a + 1; k < m; k++) sum -= L[k * m + a] * x[index[k]];
      const d = L[a * m + a];
      x[index[a]] = d > 0 ? sum / d : 0;
    }
  }
}
