// Limits through the forest. A tree joint's limit row (a hinge's angle range, a ball joint's swing cone
// and twist range, a slider's range, a rope's length) solved by the iterative sweep sees only its two
// bodies' masses, K = J M⁻¹ Jᵀ, and the exact solve that follows moves the bodies again: once per
// iteration the two alternate, and a limb pressed against its limit sinks past it (measured: a shoved
// ragdoll 5e-3 rad, against the iterative solver's 5e-4). Held here, each limit row l gets the forest's
// response W_l to a unit impulse along it (auxiliary-rows.ts: one solve of its group, with every joint row
// held, loops too), so S = J_L W holds the rows' effective masses with every joint row held, and their
// couplings. The rows' complementarity problem on S (λ ≥ 0, solved exactly:
// math/lcp.ts) then moves the bodies by Σ W_l Δλ_l, which keeps J v = 0 on the tree rows. Only rows near their bound take part
// (isNearBound). Rows couple only within a group (trees joined by loops or ropes; ordering.ts), so each
// row's response is a solve of its group alone, S is one block per group and each block is swept on its
// own; a group with more than MAX_LIMIT_ROWS rows near their bound leaves them to the joints' own sweeps.
// (One budget for the whole forest, as before, sent every limit of a pile of ten ragdolls back to the
// sweeps once it settled: measured, it never came to rest, 0.2 J left after 10 s, with a limit 0.40 rad
// past its bound.)
//
// Energy. A row past its bound gets no velocity bias pushing it back (the soft step's way, which the
// joints' own sweep keeps): it only stops the bodies going further, and the projection moves it back on
// the poses (project), at most MAX_LIMIT_CORRECTION per step. A bias would be velocity, and turned into
// spin of a light body on a long lever arm it did not all go away: measured on random passive scenes
// (seed 11, 30 per type), 4 limited ball trees, 3 limited hinge trees, 2 slider trees and 2 ropes of 30
// gained more than 1 % energy over 1000 steps (a rope 67x); held this way, none of 300 scenes of one joint
// type (10 types) nor of 210 mixed ones (7 seeds) does.

import { SymmetricLcp } from '../../math/lcp.js';
import { AuxiliaryRows } from './auxiliary-rows.js';
import type { ForestFactorization } from './factorization.js';
import type { TreeBody } from './tree-body-model.js';
import { COMPLIANCE, jacobianScratch, type TreeJoint } from './tree-joint.js';

/** Limit rows held through the forest at most per group (each row costs one solve of its group per
 * factorization, and the complementarity problem a Cholesky factorization cubic in its group's rows). */
const MAX_LIMIT_ROWS = 48;
/** The most a projection corrects a limit row's violation at once, rad or m (Box2D v2's largest angular
 * correction, 8°): a limit created far past its bound comes back over a few steps, not in one jump. */
const MAX_LIMIT_CORRECTION = 0.14;
/** A limit row farther than this from its bound (rad or m), and not closing on it fast, is left out of a
 * substep (see isNearBound). */
const LIMIT_MARGIN = 0.1;

export class LimitRows<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Limit rows held at the last factorization. */
  rows = 0;
  /** Their J, body nodes, W and S = J W. */
  private readonly aux: AuxiliaryRows;
  /** Joints whose limit rows it may hold: the factorization's, and rigid distance joints (ropes, rods),
   * whose bodies are nodes, sorted by group; and each one's body nodes. */
  readonly joints: TJoint[] = [];
  /** The joints among them held for their limit rows alone (rigid distance joints between nodes): the
   * projection prepares them with the factorization's (projection.ts). */
  readonly ropes: TJoint[] = [];
  private jointNodeA = new Int32Array(0);
  private jointNodeB = new Int32Array(0);
  /** Per group, its first joint in `joints` (and at the end, joints.length). */
  private jointFirst = new Int32Array(1);
  /** Per joint in `joints`: which of its limit rows are held (bit k: row k) at the last factor. */
  private heldMask = new Int32Array(0);
  /** Per row: its C, joint and the joint's row number; its J v (plus bias) or C + J Δx; λ and Δλ. */
  private C = new Float64Array(0);
  private rowJoint: TJoint[] = [];
  private rowIndex = new Int32Array(0);
  private rate = new Float64Array(0);
  private lambda = new Float64Array(0);
  private delta = new Float64Array(0);
  /** The complementarity problem's q per row (solveGroups). */
  private q = new Float64Array(0);
  private readonly lcp = new SymmetricLcp();
  /** Each row's compliance γ (COMPLIANCE times its own inverse mass): a row the forest already holds (a
   * rod along a tree's rigid direction) has S_ll ≈ 0, and without it a round-off rate would get an
   * unbounded impulse (measured: 6e10 N·s in a random scene of rods in loops). */
  private gamma = new Float64Array(0);
  /** factor's list of the rows near their bound: each one's joint (in `joints`) and row. */
  private nearJoint = new Int32Array(MAX_LIMIT_ROWS);
  private nearRow = new Int32Array(MAX_LIMIT_ROWS);
  /** The groups whose limit rows are held at the last factorization: how many, each one's group and
   * first row (one past the last row at the end), where its block of S starts, and where its rows'
   * responses (over its nodes, one after another) start in aux.W. */
  private heldGroups = 0;
  private heldGroup = new Int32Array(0);
  private heldRowFirst = new Int32Array(1);
  private heldS = new Int32Array(0);
  private heldW = new Int32Array(0);
  /** The substep length of the last factorization (the speculative bias C/h). */
  private h = 0;

  constructor(private readonly forest: ForestFactorization<TBody, TJoint>) {
    this.aux = new AuxiliaryRows(forest.columns);
  }

  /** Hands every limit row back to the joints' own sweeps. */
  clear(): void {
    for (const joint of this.joints) joint.directLimits = false;
    this.joints.length = 0;
    this.ropes.length = 0;
    this.rows = 0;
    this.heldGroups = 0;
  }

  /** The joints whose limits it may hold (the factorization's and the ropes), sorted by group. */
  layout(ropes: readonly TJoint[]): void {
    const forest = this.forest;
    const limited = [...forest.joints, ...ropes].map((joint, order) => ({ joint, order, group: forest.groupOfJoint(joint) }));
    limited.sort((a, b) => a.group - b.group || a.order - b.order);
    this.joints.push(...limited.map((entry) => entry.joint));
    this.ropes.push(...ropes);
    this.heldMask = new Int32Array(this.joints.length);
    this.jointFirst = new Int32Array(forest.groupFirst.length);
    for (let g = 0, j = 0; g < forest.groupFirst.length; g++) {
      while (j < limited.length && limited[j].group < g) j++;
      this.jointFirst[g] = j;
    }
    this.jointNodeA = Int32Array.from(this.joints, (joint) => forest.bodyNode.get(joint.bodyA) ?? -1);
    this.jointNodeB = Int32Array.from(this.joints, (joint) => forest.bodyNode.get(joint.bodyB) ?? -1);
  }

  /**
   * Chooses the rows near their bound for substeps of h, at the joints' last prepare, and writes their
   * responses and S (see the header). Returns true when every group's rows are held (none was over
   * MAX_LIMIT_ROWS).
   */
  factor(h: number): boolean {
    this.h = h;
    const joints = this.joints, forest = this.forest, columns = forest.columns, groups = forest.groupCount;
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
      for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) {
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
        for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) this.heldMask[j] = 0;
        rows = start;
        allHeld = false;
        continue;
      }
      // held here (none near a bound: nothing to solve, and the joints must not solve them either)
      for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) if (joints[j].limitRowCount > 0) joints[j].directLimits = true;
      if (rows === start) continue;
      this.heldGroup[held] = g;
      this.heldRowFirst[held] = start;
      held++;
    }
    this.heldRowFirst[held] = rows;
    this.heldGroups = held;
    this.rows = 0;
    if (rows === 0) return allHeld;
    // where each row's response (its group's nodes) and each group's S block go
    if (this.C.length < rows) this.growRows(rows);
    let wSize = 0, sSize = 0;
    for (let q = 0; q < held; q++) {
      const g = this.heldGroup[q], first = this.heldRowFirst[q], count = this.heldRowFirst[q + 1] - first;
      const span = forest.atResponse[forest.groupFirst[g + 1]] - forest.atResponse[forest.groupFirst[g]];
      this.heldS[q] = sSize;
      sSize += count * count;
      this.heldW[q] = wSize;
      wSize += count * span;
    }
    const aux = this.aux;
    aux.reserveSizes(rows, wSize, sSize);
    this.rowJoint.length = rows;
    for (let row = 0; row < rows; row++) {
      const j = this.nearJoint[row], k = this.nearRow[row], joint = joints[j];
      this.C[row] = joint.writeLimitRow(k, aux.J, columns * row);
      aux.nodeA[row] = this.jointNodeA[j];
      aux.nodeB[row] = this.jointNodeB[j];
      this.rowJoint[row] = joint;
      this.rowIndex[row] = k;
      this.gamma[row] = COMPLIANCE * forest.rowInverseMass(aux.J, columns * row, joint.bodyA.state, joint.bodyB.state);
    }
    this.rows = rows;
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      aux.writeResponses(forest, r0, r1, forest.groupFirst[g], forest.groupFirst[g + 1], this.heldW[q]);
    }
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      aux.writeGram(forest, r0, r1, forest.groupFirst[g], forest.groupFirst[g + 1], this.heldW[q], this.heldS[q]);
    }
    return allHeld;
  }

  /**
   * Whether limit row k of a joint can act within the substep: its C (≥ 0 inside) is below LIMIT_MARGIN
   * plus twice the distance its current closing speed covers in h. A row farther from its bound holds
   * nothing this substep (its speculative bias C/h alone would let the bodies close at that speed); left
   * out, it costs no solve (measured on a random tree of 9 bodies, 8 sliders and 3 loops at rest mid-range:
   * 22 rows, 0.3 ms per factorization, all of it for rows that never acted). A row that is crossed anyway,
   * by a speed that rose within the substep, is near its bound at the next one, and the projection takes
   * what it went past (crossedUnheld).
   */
  private isNearBound(joint: TJoint, k: number, h: number): boolean {
    const C = joint.writeLimitRow(k, jacobianScratch, 0);
    if (C <= LIMIT_MARGIN) return true;
    const model = this.forest.model;
    const rate = model.addRowVelocity(model.addRowVelocity(0, jacobianScratch, 0, joint.bodyA.state), jacobianScratch, this.forest.dof, joint.bodyB.state);
    return C <= LIMIT_MARGIN - 2 * h * rate;
  }

  /** Room for twice as many near rows. */
  private growNear(): void {
    const joint = new Int32Array(2 * this.nearJoint.length), row = new Int32Array(2 * this.nearRow.length);
    joint.set(this.nearJoint);
    row.set(this.nearRow);
    this.nearJoint = joint;
    this.nearRow = row;
  }

  /** Room for `rows` held rows (the arrays only grow, so a steady scene allocates nothing). */
  private growRows(rows: number): void {
    this.C = new Float64Array(rows);
    this.rowIndex = new Int32Array(rows);
    this.rate = new Float64Array(rows);
    this.lambda = new Float64Array(rows);
    this.delta = new Float64Array(rows);
    this.q = new Float64Array(rows);
    this.gamma = new Float64Array(rows);
  }

  /** Zeroes the held rows' impulses (the step's rows all held: nothing is warm started). */
  clearImpulses(): void {
    for (let l = 0; l < this.rows; l++) {
      const joint = this.rowJoint[l], k = this.rowIndex[l];
      joint.addLimitImpulse(k, -joint.limitImpulse(k));
    }
  }

  /** x_i += Σ_l W_l,i λ_l over each held row's group (bodies: Δv or Δx; joints: their μ). */
  private addResponses(lambda: Float64Array): void {
    const forest = this.forest;
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      this.aux.addResponses(forest, r0, r1, forest.groupFirst[g], forest.groupFirst[g + 1], this.heldW[q], lambda);
    }
  }

  /**
   * Each held group's rows: the λ ≥ 0 with rate + S (λ − λ₀) + γ λ ≥ 0, complementary, for λ₀ their
   * impulses in `lambda` and `rate` what the rows read at λ₀ (J v plus the speculative bias, or C + J Δx).
   * That is the complementarity problem w = (S + Γ) λ + q with q = rate − S λ₀, solved exactly (math/lcp.ts)
   * from the rows that push now. λ goes to `lambda` and λ − λ₀ to `delta`; returns whether any λ changed.
   *
   * Why exactly. With no bias the solution's Δλ lowers the kinetic energy (½ Δλᵀ S Δλ + Δλᵀ rate at its
   * minimum), so holding the limits never adds energy; an approximate one from a warm start can (a fixed 8
   * projected Gauss-Seidel sweeps on a ragdoll-like tree closed by two loops left 2.3 % more energy than
   * the step began with: random scene, seed 11). And a chain of ropes couples each row to its neighbours:
   * projected Gauss-Seidel needs about n² sweeps to carry a load along n of them, and at its cap of 64 a
   * slack rope of 40 links between two anchors stretched 50 m within 5 s.
   */
  private solveGroups(): boolean {
    const S = this.aux.S, rate = this.rate, lambda = this.lambda, delta = this.delta, q = this.q;
    let any = false;
    for (let g = 0; g < this.heldGroups; g++) {
      const first = this.heldRowFirst[g], count = this.heldRowFirst[g + 1] - first, sAt = this.heldS[g];
      for (let l = first; l < first + count; l++) {
        let sum = rate[l];
        const row = sAt + (l - first) * count;
        for (let m = first; m < first + count; m++) sum -= S[row + m - first] * lambda[m];
        q[l] = sum;
        delta[l] = lambda[l];
      }
      this.lcp.solve(S, sAt, this.gamma, q, lambda, first, count);
      for (let l = first; l < first + count; l++) {
        const change = lambda[l] - delta[l];
        delta[l] = change;
        if (change !== 0) any = true;
      }
    }
    return any;
  }

  /** The rows' complementarity problem (solveGroups), applied through W: the end of each velocity solve,
   * and on its own after the contacts' sweep (step.ts sweep). */
  solveVelocities(): void {
    const rows = this.rows;
    if (rows === 0) return;
    const forest = this.forest, aux = this.aux, J = aux.J, model = forest.model, dof = forest.dof, columns = forest.columns;
    const rate = this.rate, lambda = this.lambda, delta = this.delta;
    // J_l v from the bodies' velocities, and each row's λ_acc
    for (let l = 0; l < rows; l++) {
      let sum = 0;
      for (let side = 0; side < 2; side++) {
        const node = side === 0 ? aux.nodeA[l] : aux.nodeB[l];
        if (node < 0) continue;
        sum = model.addRowVelocity(sum, J, columns * l + dof * side, (forest.nodeBody[node] as TBody).state);
      }
      rate[l] = sum;
      lambda[l] = this.rowJoint[l].limitImpulse(this.rowIndex[l]);
      delta[l] = 0;
    }
    // Inside the bound (C > 0) the row is speculative: bias C/h lets the bodies approach it at up to
    // C/h. Past it (C ≤ 0) the row only stops the bodies going further (Ċ ≥ 0), with no bias pushing
    // them back: the projection does that on the poses (project), so no position error ever becomes
    // velocity (see the header on energy).
    const inverseH = 1 / this.h;
    for (let l = 0; l < rows; l++) {
      const C = this.C[l];
      if (C > 0) rate[l] += C * inverseH;
    }
    this.solveGroups();
    // the bodies (and the tree rows' impulses) move by Σ W_l Δλ_l
    for (let l = 0; l < rows; l++) if (delta[l] !== 0) this.rowJoint[l].addLimitImpulse(this.rowIndex[l], delta[l]);
    forest.clearX(0, forest.count);
    this.addResponses(delta);
    forest.applyVelocities();
  }

  /**
   * In a projection, with the joints' Δx in the body blocks: the limit rows' share. Each
   * row asks C + J Δx ≥ 0, its C no deeper than MAX_LIMIT_CORRECTION (a limit far past its bound comes
   * back over several steps); the complementarity problem on S (λ ≥ 0, from zero; solveGroups) gives
   * the multipliers, and Δx += Σ W_l λ_l keeps the tree rows' correction intact.
   */
  project(): void {
    const rows = this.rows;
    if (rows === 0) return;
    const rate = this.rate, lambda = this.lambda, delta = this.delta;
    for (let l = 0; l < rows; l++) {
      const C = this.rowJoint[l].writeLimitRow(this.rowIndex[l], jacobianScratch, 0);
      rate[l] = Math.max(C, -MAX_LIMIT_CORRECTION) + this.aux.rowTimesX(this.forest, l);
      lambda[l] = 0;
      delta[l] = 0;
    }
    if (this.solveGroups()) this.addResponses(lambda);
  }

  /** Whether a limit row it could hold, but does not hold this substep, is past its bound (its C at the
   * joints' last prepare). */
  crossedUnheld(): boolean {
    const joints = this.joints;
    for (let j = 0; j < joints.length; j++) {
      const joint = joints[j], mask = this.heldMask[j];
      if (!joint.directLimits) continue;
      for (let k = 0; k < joint.limitRowCount; k++) {
        if ((mask & (1 << k)) === 0 && joint.writeLimitRow(k, jacobianScratch, 0) < 0) return true;
      }
    }
    return false;
  }

  /** max(0, −C) over the rows held (their C at the joints' last prepare). */
  deepestViolation(): number {
    let deepest = 0;
    for (let l = 0; l < this.rows; l++) {
      const C = this.rowJoint[l].writeLimitRow(this.rowIndex[l], jacobianScratch, 0);
      if (-C > deepest) deepest = -C;
    }
    return deepest;
  }
}
