// Limits and friction through the forest. A tree joint's limit row (a hinge's angle range, a ball joint's
// swing cone and twist range, a slider's range, a rope's length) solved by the iterative sweep sees only
// its two bodies' masses, K = J M⁻¹ Jᵀ, and the exact solve that follows moves the bodies again: once per
// iteration the two alternate, and a limb pressed against its limit sinks past it (measured: a shoved
// ragdoll 5e-3 rad, against the iterative solver's 5e-4). Held here, the rows' coupling S = J H⁻¹ Jᵀ
// (auxiliary-rows.ts: from each row's path up the elimination tree) holds their effective masses with
// every joint row held, loops too, and their couplings. The rows' complementarity problem on S (λ ≥ 0,
// solved exactly: math/lcp.ts) then moves the bodies by H⁻¹ Jᵀ Δλ, one solve of each group, which keeps
// J v = 0 on the tree rows. Only rows near their bound take part (isNearBound). Rows couple only within a
// group (trees joined by loops or ropes; ordering.ts), so S is one block per group and each block is
// solved on its own; a group with more than MAX_LIMIT_ROWS rows near their bound leaves them to the
// joints' own sweeps.
// (One budget for the whole forest, as before, sent every limit of a pile of ten ragdolls back to the
// sweeps once it settled: measured, it never came to rest, 0.2 J left after 10 s, with a limit 0.40 rad
// past its bound.)
//
// Friction. A joint's Coulomb friction rows (a ball joint's three relative rotation rows under one bound
// on their impulse's length, a hinge's or slider's axis row; JointCore.frictionRowCount) are held the same
// way, every one of them (a joint may start to stick or slide at any moment), with their couplings to the
// limits in the same S. Solved beside the exact solve, a friction row saw only its two bodies' masses: a
// rod held horizontal by a hinge with more friction than its weight's torque crept down 0.16 rad in 2 s,
// and a heap of ten ragdolls, whose limbs friction holds up, never fell asleep (measured; held here it
// sleeps at 2.87 s, the iterative solver's at 3.10 s). See solveGroups for how they are solved.
//
// Energy. A row past its bound gets no velocity bias pushing it back (the soft step's way, which the
// joints' own sweep keeps): it only stops the bodies going further, and the projection moves it back on
// the poses (project), at most MAX_LIMIT_CORRECTION per step. A bias would be velocity, and turned into
// spin of a light body on a long lever arm it did not all go away: measured on random passive scenes
// (seed 11, 30 per type), 4 limited ball trees, 3 limited hinge trees, 2 slider trees and 2 ropes of 30
// gained more than 1 % energy over 1000 steps (a rope 67x); held this way, none of 300 scenes of one joint
// type (10 types) nor of 210 mixed ones (7 seeds) does.

import { invertSymmetricInPlace } from '../../math/ldlt.js';
import { SymmetricLcp } from '../../math/lcp.js';
import { MAX_LINEAR_SPEED } from '../../limits.js';
import { AuxiliaryRows } from './auxiliary-rows.js';
import type { ForestFactorization } from './factorization.js';
import type { TreeBody } from './tree-body-model.js';
import { COMPLIANCE, FRICTION_COMPLIANCE, MAX_LIMIT_CORRECTION, jacobianScratch, type TreeJoint } from './tree-joint.js';

/** A limit row's C from writeLimitRow, and solveFrictionBlock's result (arrays, not return values: a
 * double returned from a call V8 does not inline is boxed). */
const limitError = new Float64Array(1), frictionChange = new Float64Array(1);
/** isNearBound's J v (TreeBodyModel.addRowVelocity sums into an array for the same reason). */
const rowRate = new Float64Array(1);

/** Limit rows held through the forest at most per group (each row costs a forward substitution along its
 * path and a row of S per factorization, and the complementarity problem a Cholesky factorization cubic
 * in its group's rows). */
const MAX_LIMIT_ROWS = 48;
/** Friction rows held at most per group (each costs what a limit row does, and their block's Cholesky
 * factorization is cubic in their number). */
const MAX_FRICTION_ROWS = 64;
/** A group's problem whose impulses change no row's rate by more than this (m/s or rad/s) moves no body
 * (solveVelocities), as the forest's RESIDUAL_FLOOR. */
const RESPONSE_FLOOR = 1e-9;
/** A row whose J moved by no more than this (relative to its largest entry, or 1) since S was built keeps
 * S (sameRows). */
const SAME_ROW = 1e-6;
/** Rounds per solve, at most, of the limits' exact problem and then the friction rows' (solveGroups); it
 * stops sooner once no friction impulse changes by more than FRICTION_TOLERANCE of its bound. */
const MAX_FRICTION_ROUNDS = 16;
/** Projected Gauss-Seidel sweeps over the friction blocks per solve, at most, once some block slides. */
const MAX_FRICTION_SWEEPS = 4;
const FRICTION_TOLERANCE = 1e-4;
/** A limit row farther than this from its bound (rad or m), and not closing on it fast, is left out of a
 * substep (see isNearBound). */
const LIMIT_MARGIN = 0.1;

export class LimitRows<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** Limit rows held at the last factorization. */
  rows = 0;
  /** True when some group has more limit or friction rows than it can hold (MAX_LIMIT_ROWS,
   * MAX_FRICTION_ROWS): those may be left to the joints' own sweeps (set at the layout). */
  mayOverflow = false;
  /** Their J, body nodes, W and S = J W. */
  private readonly aux: AuxiliaryRows;
  /** Joints whose limit rows it may hold: the factorization's, and rigid distance joints (ropes, rods),
   * whose bodies are nodes, sorted by group; and each one's body nodes. */
  readonly joints: TJoint[] = [];
  /** The joints among them held for their limit rows alone (rigid distance joints between nodes): the
   * projection prepares them with the factorization's (projection.ts). */
  readonly ropes: TJoint[] = [];
  private jointNodeA = new Int32Array(0);
  /** Per joint: its index in the factorization's joints (−1 for a rope). */
  private forestJoint = new Int32Array(0);
  private jointNodeB = new Int32Array(0);
  /** Per group, its first joint in `joints` (and at the end, joints.length). */
  private jointFirst = new Int32Array(1);
  /** Per joint in `joints`: which of its limit rows are held (bit k: row k) at the last factor. */
  private heldMask = new Int32Array(0);
  /** Per row: its C, joint and the joint's row number (of its limit or friction rows); its J v (plus bias)
   * or C + J Δx; λ and Δλ. */
  private C = new Float64Array(0);
  private rowJoint: TJoint[] = [];
  private rowIndex = new Int32Array(0);
  private rate = new Float64Array(0);
  private lambda = new Float64Array(0);
  private delta = new Float64Array(0);
  /** The complementarity problem's q per row (solveGroups). */
  private q = new Float64Array(0);
  private readonly lcp = new SymmetricLcp();
  /** Each friction row's λ before solveSticking (blockChange). */
  private previous = new Float64Array(0);
  /** solveFrictionBlock's scratch: a block's rates, then its new impulses. */
  private readonly blockScratch = new Float64Array(6);
  /** Each row's compliance γ (COMPLIANCE times its own inverse mass): a row the forest already holds (a
   * rod along a tree's rigid direction) has S_ll ≈ 0, and without it a round-off rate would get an
   * unbounded impulse (measured: 6e10 N·s in a random scene of rods in loops). */
  private gamma = new Float64Array(0);
  /** factor's list of the rows it holds (each group's limit rows near their bound, then its friction rows):
   * each one's joint (in `joints`), its row, and 1 for a friction row (read as the row's kind until the
   * next factor). */
  private nearJoint = new Int32Array(MAX_LIMIT_ROWS);
  private nearRow = new Int32Array(MAX_LIMIT_ROWS);
  private nearFriction = new Uint8Array(MAX_LIMIT_ROWS);
  /** Per row: where its joint keeps its accumulated impulse (JointCore.limitImpulses, frictionImpulses). */
  private rowStore: Float64Array[] = [];
  private rowAt = new Int32Array(0);
  /** The friction blocks (each joint's friction rows, one after another): first row, size, the bound on
   * their impulse's length and the inverse of their block of S + Γ (size² numbers from 9 b). Each held
   * group's first block (one past the last at the end), and where its friction rows start. */
  private blocks = 0;
  private blockRow = new Int32Array(0);
  private blockSize = new Int32Array(0);
  private blockBound = new Float64Array(0);
  private blockInverse = new Float64Array(0);
  private heldBlockFirst = new Int32Array(1);
  /** Per held group: where its friction rows' Cholesky factor starts in frictionFactor, and 1 when it
   * was factored (positive pivots). */
  private heldFactorAt = new Int32Array(0);
  private heldFactored = new Uint8Array(0);
  private frictionFactor = new Float64Array(0);
  private stickScratch = new Float64Array(0);
  private heldFrictionFirst = new Int32Array(0);
  /** The groups whose limit rows are held at the last factorization: how many, each one's group and
   * first row (one past the last row at the end), where its block of S starts, and where its rows'
   * responses (over its nodes, one after another) start in aux.W. */
  private heldGroups = 0;
  private heldGroup = new Int32Array(0);
  private heldRowFirst = new Int32Array(1);
  private heldS = new Int32Array(0);
  /** The substep length of the last factorization (the speculative bias C/h). */
  private h = 0;
  /** The rows of the last build of S (each one's joint, row and kind; each held group and where its
   * friction rows start) and the forest's factorization it was built from (sameRows). */
  private builtFactorization = -1;
  private builtJoint = new Int32Array(0);
  private builtRow = new Int32Array(0);
  private builtKind = new Uint8Array(0);
  private builtGroup = new Int32Array(0);
  private builtFirst = new Int32Array(0);
  private builtGroups = 0;

  constructor(private readonly forest: ForestFactorization<TBody, TJoint>) {
    this.aux = new AuxiliaryRows(forest.columns);
  }

  /** Hands every limit and friction row back to the joints' own sweeps. */
  clear(): void {
    this.builtFactorization = -1;
    for (const joint of this.joints) {
      joint.directLimits = false;
      // (left set, a joint switched to the iterative solver skipped its friction in every sweep)
      joint.directFriction = false;
    }
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
    const indexInForest = new Map<TJoint, number>(forest.joints.map((joint, j) => [joint, j]));
    this.forestJoint = Int32Array.from(this.joints, (joint) => indexInForest.get(joint) ?? -1);
    this.mayOverflow = false;
    for (let g = 0; g + 1 < this.jointFirst.length; g++) {
      let limitRows = 0, frictionRows = 0;
      for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) {
        limitRows += this.joints[j].limitRowCount;
        frictionRows += this.joints[j].frictionRowCount;
      }
      if (limitRows > MAX_LIMIT_ROWS || frictionRows > MAX_FRICTION_ROWS) this.mayOverflow = true;
    }
  }

  /** Whether joint j's friction rows are held as rows of its node in the factorization (sticking). */
  private frictionInForest(j: number): boolean {
    const f = this.forestJoint[j];
    return f >= 0 && this.forest.holdsFriction(f);
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
      this.heldFrictionFirst = new Int32Array(groups);
      this.heldBlockFirst = new Int32Array(groups + 1);
      this.heldFactorAt = new Int32Array(groups);
      this.heldFactored = new Uint8Array(groups);
      this.heldS = new Int32Array(groups);
    }
    // each group's rows near their bound (see isNearBound), listed; the others' impulses are zeroed, as
    // they cannot act
    let rows = 0, held = 0, allHeld = true;
    for (let g = 0; g < groups; g++) {
      const start = rows;
      for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) {
        const joint = joints[j], count = joint.limitRowCount, inForest = this.frictionInForest(j);
        joint.directLimits = inForest;
        joint.directFriction = inForest;
        this.heldMask[j] = 0;
        // sticking, the joint turns no way: its friction rows in the factorization hold its limits too
        // (friction.ts)
        if (inForest) continue;
        for (let k = 0; k < count; k++) {
          if (this.isNearBound(joint, k, h)) {
            this.listRow(rows++, j, k, 0);
            this.heldMask[j] |= 1 << k;
          } else {
            joint.limitImpulses(k)[joint.limitImpulseAt(k)] = 0;
          }
        }
      }
      // too many: this group's joints solve their own limits and friction, every row, in their sweeps
      if (rows - start > MAX_LIMIT_ROWS) {
        for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) this.heldMask[j] = 0;
        rows = start;
        allHeld = false;
        continue;
      }
      // every friction row the factorization does not hold (sliding, or at a limit: see friction.ts); too
      // many, and the joints solve those in their sweeps, the limits still held here
      const frictionStart = rows;
      for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) {
        if (this.frictionInForest(j)) continue;
        const count = joints[j].frictionRowCount;
        for (let k = 0; k < count; k++) this.listRow(rows++, j, k, 1);
      }
      const frictionHeld = rows - frictionStart <= MAX_FRICTION_ROWS;
      if (!frictionHeld) {
        rows = frictionStart;
        allHeld = false;
      }
      // held here (none near a bound: nothing to solve, and the joints must not solve them either)
      for (let j = this.jointFirst[g]; j < this.jointFirst[g + 1]; j++) {
        if (joints[j].limitRowCount > 0) joints[j].directLimits = true;
        if (frictionHeld && joints[j].frictionRowCount > 0) joints[j].directFriction = true;
      }
      if (rows === start) continue;
      this.heldGroup[held] = g;
      this.heldRowFirst[held] = start;
      this.heldFrictionFirst[held] = frictionStart;
      held++;
    }
    this.heldRowFirst[held] = rows;
    this.heldGroups = held;
    // the same rows with the same factorization as the last time, and their J as it was: S and the rows'
    // paths stand, and only C is read again (a limb at rest: its rows change by round-off)
    if (rows > 0 && this.sameRows(rows, columns)) return allHeld;
    this.rows = 0;
    this.blocks = 0;
    this.builtFactorization = -1;
    if (rows === 0) return allHeld;
    // where each group's S block goes
    if (this.C.length < rows) this.growRows(rows);
    let sSize = 0;
    for (let q = 0; q < held; q++) {
      const count = this.heldRowFirst[q + 1] - this.heldRowFirst[q];
      this.heldS[q] = sSize;
      sSize += count * count;
    }
    const aux = this.aux;
    aux.reserveSizes(rows, sSize);
    this.rowJoint.length = rows;
    for (let row = 0; row < rows; row++) {
      const j = this.nearJoint[row], k = this.nearRow[row], joint = joints[j], friction = this.nearFriction[row];
      if (friction === 1) {
        joint.writeFrictionRow(k, aux.J, columns * row);
        this.C[row] = 0;
      } else {
        joint.writeLimitRow(k, aux.J, columns * row, this.C, row);
      }
      this.rowStore[row] = friction === 1 ? joint.frictionImpulses(k) : joint.limitImpulses(k);
      this.rowAt[row] = friction === 1 ? joint.frictionImpulseAt(k) : joint.limitImpulseAt(k);
      aux.nodeA[row] = this.jointNodeA[j];
      aux.nodeB[row] = this.jointNodeB[j];
      this.rowJoint[row] = joint;
      this.rowIndex[row] = k;
      forest.rowInverseMass(aux.J, columns * row, joint.bodyA.state, joint.bodyB.state, this.gamma, row);
      this.gamma[row] *= friction === 1 ? FRICTION_COMPLIANCE : COMPLIANCE;
    }
    this.rows = rows;
    aux.writePaths(forest, 0, rows);
    for (let q = 0; q < this.heldGroups; q++) aux.writeGram(forest, this.heldRowFirst[q], this.heldRowFirst[q + 1], this.heldS[q]);
    this.writeFrictionBlocks();
    this.builtFactorization = forest.factorizations;
    if (this.builtJoint.length < rows) {
      this.builtJoint = new Int32Array(this.nearJoint.length);
      this.builtRow = new Int32Array(this.nearJoint.length);
      this.builtKind = new Uint8Array(this.nearJoint.length);
      this.builtGroup = new Int32Array(this.heldGroup.length);
      this.builtFirst = new Int32Array(this.heldRowFirst.length);
    }
    // (copied by hand: subarray makes a view object every step)
    for (let l = 0; l < rows; l++) {
      this.builtJoint[l] = this.nearJoint[l];
      this.builtRow[l] = this.nearRow[l];
      this.builtKind[l] = this.nearFriction[l];
    }
    this.builtGroups = this.heldGroups;
    for (let q = 0; q < this.heldGroups; q++) {
      this.builtGroup[q] = this.heldGroup[q];
      this.builtFirst[q] = this.heldFrictionFirst[q];
    }
    return allHeld;
  }

  /**
   * At a substep's start, before the warm start: each held row's kept impulse (what the joints apply
   * next) within what it can be: a limit's at least 0 and at most the impulse that would move its bodies
   * apart at MAX_LINEAR_SPEED, a friction block's within its bound. A world keeps them there; a restored
   * one may not (restore bounds joint numbers at ±1e60 only), and an impulse of 1e59 warm started, then
   * taken back by the exact problem, left its bodies at NaN. (Within a substep the kept impulse has been
   * applied, and the problem takes back what passes a bound: it must not be clamped there.)
   */
  boundImpulses(): void {
    const store = this.rowStore, at = this.rowAt;
    for (let row = 0; row < this.rows; row++) {
      if (this.nearFriction[row] === 1) continue;
      const cap = MAX_LINEAR_SPEED * COMPLIANCE / this.gamma[row];
      const lambda = store[row][at[row]];
      if (!(lambda >= 0)) store[row][at[row]] = 0;
      else if (lambda > cap) store[row][at[row]] = cap;
    }
    for (let b = 0; b < this.blocks; b++) {
      const row0 = this.blockRow[b], size = this.blockSize[b], bound = this.blockBound[b];
      let lengthSq = 0;
      for (let a = 0; a < size; a++) lengthSq += store[row0 + a][at[row0 + a]] * store[row0 + a][at[row0 + a]];
      if (!(lengthSq <= bound * bound)) {
        const scale = lengthSq > 0 && lengthSq < Infinity ? bound / Math.sqrt(lengthSq) : 0;
        for (let a = 0; a < size; a++) store[row0 + a][at[row0 + a]] *= scale;
      }
    }
  }

  /**
   * Whether the `rows` rows just listed are those of the last build, in the same groups, with the
   * factorization that build read, and each row's J within SAME_ROW of the J it was built with; then
   * writes their C at the current poses. S, the rates and the responses are then those of one system (a
   * problem solved with an S of other rows than the rates' gained energy: a random scene of distance
   * joints went from 1 to 1e5 times its energy).
   */
  private sameRows(rows: number, columns: number): boolean {
    if (this.builtFactorization !== this.forest.factorizations || rows !== this.rows || this.heldGroups !== this.builtGroups) return false;
    for (let row = 0; row < rows; row++) {
      if (this.nearJoint[row] !== this.builtJoint[row] || this.nearRow[row] !== this.builtRow[row] || this.nearFriction[row] !== this.builtKind[row]) return false;
    }
    for (let q = 0; q < this.heldGroups; q++) {
      if (this.heldGroup[q] !== this.builtGroup[q] || this.heldFrictionFirst[q] !== this.builtFirst[q]) return false;
    }
    const J = this.aux.J;
    for (let row = 0; row < rows; row++) {
      limitError[0] = 0;
      if (this.nearFriction[row] === 1) this.rowJoint[row].writeFrictionRow(this.rowIndex[row], jacobianScratch, 0);
      else this.rowJoint[row].writeLimitRow(this.rowIndex[row], jacobianScratch, 0, limitError, 0);
      let largest = 0, change = 0;
      for (let c = 0; c < columns; c++) {
        const old = J[columns * row + c];
        largest = Math.max(largest, Math.abs(old));
        change = Math.max(change, Math.abs(jacobianScratch[c] - old));
      }
      if (change > SAME_ROW * Math.max(1, largest)) return false;
      this.C[row] = limitError[0];
    }
    return true;
  }

  /** Lists row k of joint j (in `joints`; a friction row when `friction` is 1) as near row `row`. */
  private listRow(row: number, j: number, k: number, friction: number): void {
    if (row === this.nearJoint.length) this.growNear();
    this.nearJoint[row] = j;
    this.nearRow[row] = k;
    this.nearFriction[row] = friction;
  }

  /** Each joint's friction rows as one block: its bound (friction · h) and the inverse of its block of
   * S + Γ, the block's effective mass with every joint row held. */
  private writeFrictionBlocks(): void {
    const S = this.aux.S;
    let blocks = 0;
    for (let q = 0; q < this.heldGroups; q++) {
      this.heldBlockFirst[q] = blocks;
      const first = this.heldRowFirst[q], end = this.heldRowFirst[q + 1], count = end - first, sAt = this.heldS[q];
      for (let row = this.heldFrictionFirst[q]; row < end; ) {
        const joint = this.rowJoint[row], size = joint.frictionRowCount;
        if (blocks === this.blockRow.length) this.growBlocks();
        this.blockRow[blocks] = row;
        this.blockSize[blocks] = size;
        joint.writeFrictionImpulseBound(this.blockBound, blocks);
        const at = 9 * blocks, inverse = this.blockInverse;
        for (let a = 0; a < size; a++) {
          for (let b = 0; b < size; b++) inverse[at + a * size + b] = S[sAt + (row - first + a) * count + row - first + b];
          inverse[at + a * size + a] += this.gamma[row + a];
        }
        invertSymmetricInPlace(inverse, size, 1, at);
        blocks++;
        row += size;
      }
    }
    this.heldBlockFirst[this.heldGroups] = blocks;
    this.blocks = blocks;
    // each group's (S + Γ)_FF = L Lᵀ over its friction rows (for the rows all sticking: solveSticking)
    let size = 0;
    for (let q = 0; q < this.heldGroups; q++) {
      const n = this.heldRowFirst[q + 1] - this.heldFrictionFirst[q];
      this.heldFactorAt[q] = size;
      size += n * n;
    }
    if (this.frictionFactor.length < size) this.frictionFactor = new Float64Array(2 * size);
    for (let q = 0; q < this.heldGroups; q++) {
      const first = this.heldRowFirst[q], end = this.heldRowFirst[q + 1], count = end - first;
      const f0 = this.heldFrictionFirst[q], n = end - f0;
      this.heldFactored[q] = n > 0 && choleskyFactor(S, this.heldS[q] + (f0 - first) * (count + 1), count, this.gamma, f0, n, this.frictionFactor, this.heldFactorAt[q]) ? 1 : 0;
    }
  }

  /**
   * The friction rows of held group q all sticking: (S + Γ)_FF λ_F = −(their rate at λ with λ_F = 0), by
   * the factor of writeFrictionBlocks. Writes λ_F and returns true when every block's impulse is within its
   * bound; otherwise writes λ_F with each block clamped to its bound (where projected Gauss-Seidel starts)
   * and returns false.
   */
  private solveSticking(q: number, sAt: number): boolean {
    if (this.heldFactored[q] === 0) return false;
    const first = this.heldRowFirst[q], end = this.heldRowFirst[q + 1], count = end - first, f0 = this.heldFrictionFirst[q], n = end - f0;
    if (this.stickScratch.length < n) this.stickScratch = new Float64Array(2 * n);
    const S = this.aux.S, rate = this.rate, lambda = this.lambda, delta = this.delta, b = this.stickScratch;
    for (let r = f0; r < end; r++) {
      const row = sAt + (r - first) * count - first;
      let sum = rate[r];
      for (let m = first; m < f0; m++) sum += S[row + m] * (lambda[m] - delta[m]);
      for (let m = f0; m < end; m++) sum -= S[row + m] * delta[m];
      b[r - f0] = -sum;
    }
    choleskySolve(this.frictionFactor, this.heldFactorAt[q], n, b);
    let within = true;
    for (let k = this.heldBlockFirst[q]; k < this.heldBlockFirst[q + 1]; k++) {
      const row0 = this.blockRow[k] - f0, bound = this.blockBound[k], size = this.blockSize[k];
      let lengthSq = 0;
      for (let a = 0; a < size; a++) lengthSq += b[row0 + a] * b[row0 + a];
      if (lengthSq > bound * bound) {
        within = false;
        const scale = bound / Math.sqrt(lengthSq);
        for (let a = 0; a < size; a++) b[row0 + a] *= scale;
      }
    }
    for (let r = f0; r < end; r++) lambda[r] = b[r - f0];
    return within;
  }

  /** Room for twice as many friction blocks. */
  private growBlocks(): void {
    const n = Math.max(16, 2 * this.blockRow.length);
    const row = new Int32Array(n), size = new Int32Array(n), bound = new Float64Array(n), inverse = new Float64Array(9 * n);
    row.set(this.blockRow);
    size.set(this.blockSize);
    bound.set(this.blockBound);
    inverse.set(this.blockInverse);
    this.blockRow = row;
    this.blockSize = size;
    this.blockBound = bound;
    this.blockInverse = inverse;
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
    joint.writeLimitRow(k, jacobianScratch, 0, limitError, 0);
    const C = limitError[0];
    if (C <= LIMIT_MARGIN) return true;
    const model = this.forest.model;
    rowRate[0] = 0;
    model.addRowVelocity(rowRate, 0, jacobianScratch, 0, joint.bodyA.state);
    model.addRowVelocity(rowRate, 0, jacobianScratch, this.forest.dof, joint.bodyB.state);
    return C <= LIMIT_MARGIN - 2 * h * rowRate[0];
  }

  /** Room for twice as many near rows. */
  private growNear(): void {
    const joint = new Int32Array(2 * this.nearJoint.length), row = new Int32Array(2 * this.nearRow.length);
    const friction = new Uint8Array(2 * this.nearFriction.length);
    joint.set(this.nearJoint);
    row.set(this.nearRow);
    friction.set(this.nearFriction);
    this.nearJoint = joint;
    this.nearRow = row;
    this.nearFriction = friction;
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
    this.rowAt = new Int32Array(rows);
    this.previous = new Float64Array(rows);
  }

  /** The length of friction block b's change since `previous`, over its bound, into frictionChange[0] (a
   * double returned from a call V8 does not inline is boxed: 16 bytes a block, every sweep). */
  private blockChange(b: number): void {
    const row0 = this.blockRow[b], bound = this.blockBound[b];
    let sq = 0;
    for (let a = 0; a < this.blockSize[b]; a++) {
      const d = this.lambda[row0 + a] - this.previous[row0 + a];
      sq += d * d;
    }
    frictionChange[0] = bound > 0 ? Math.sqrt(sq) / bound : 0;
  }

  /** Zeroes the held rows' impulses (the step's rows all held: nothing is warm started). */
  clearImpulses(): void {
    for (let l = 0; l < this.rows; l++) {
      const store = this.rowStore[l], at = this.rowAt[l];
      store[at] += -store[at];
    }
  }

  /** x += H⁻¹ Σ_l J_lᵀ λ_l over each held row's group (bodies: Δv or Δx; joints: their μ); `cleared`: x is
   * zero there. */
  private addResponses(lambda: Float64Array, cleared: boolean): void {
    const forest = this.forest;
    for (let q = 0; q < this.heldGroups; q++) {
      const g = this.heldGroup[q], r0 = this.heldRowFirst[q], r1 = this.heldRowFirst[q + 1];
      this.aux.addResponses(forest, r0, r1, forest.groupFirst[g], forest.groupFirst[g + 1], lambda, cleared);
    }
  }

  /**
   * Each held group's rows, from λ₀ their impulses in `lambda` and `rate` what the rows read at λ₀ (J v
   * plus the speculative bias, or C + J Δx); λ goes to `lambda` and λ − λ₀ to `delta`; returns whether any
   * λ changed. A row reads rate + S (λ − λ₀) + γ λ at λ.
   *
   * The limit rows: the λ ≥ 0 with that rate ≥ 0, complementary. That is the complementarity problem
   * w = (S + Γ) λ + q with q = rate − S λ₀ (plus what the friction rows' change adds), solved exactly
   * (math/lcp.ts) from the rows that push now.
   *
   * The friction rows (`friction`; the projection leaves them out): first every joint sticking, (S + Γ)_FF
   * λ_F = −(their rate with the limits' impulses as they are), by the Cholesky factor of
   * writeFrictionBlocks (solveSticking): exact when every joint's impulse is within its bound. Otherwise
   * each block's impulse is clamped to its bound and projected Gauss-Seidel over the joints' blocks
   * follows (a block's rate brought to 0 by its block of S + Γ and the impulse's length clamped, Coulomb
   * friction as the joints' own solve does it but with every joint row held), at most MAX_FRICTION_SWEEPS
   * sweeps. Limits and friction alternate, each solved with the other's impulses fixed, until no friction
   * impulse changes by more than FRICTION_TOLERANCE of its bound (at most MAX_FRICTION_ROUNDS rounds).
   * Friction has no bias: the sticking solve is the least kinetic energy over the friction impulses.
   *
   * Why the limits exactly. With no bias the solution's Δλ lowers the kinetic energy (½ Δλᵀ S Δλ + Δλᵀ
   * rate at its minimum), so holding the limits never adds energy; an approximate one from a warm start can
   * (a fixed 8 projected Gauss-Seidel sweeps on a ragdoll-like tree closed by two loops left 2.3 % more
   * energy than the step began with: random scene, seed 11). And a chain of ropes couples each row to its
   * neighbours: projected Gauss-Seidel needs about n² sweeps to carry a load along n of them, and at its
   * cap of 64 a slack rope of 40 links between two anchors stretched 50 m within 5 s.
   */
  private solveGroups(friction: boolean): boolean {
    const S = this.aux.S, rate = this.rate, lambda = this.lambda, delta = this.delta, q = this.q;
    let any = false;
    for (let g = 0; g < this.heldGroups; g++) {
      const first = this.heldRowFirst[g], end = this.heldRowFirst[g + 1], count = end - first, sAt = this.heldS[g];
      const frictionFirst = this.heldFrictionFirst[g], limits = frictionFirst - first;
      const block0 = this.heldBlockFirst[g], block1 = friction ? this.heldBlockFirst[g + 1] : block0;
      for (let l = first; l < end; l++) delta[l] = lambda[l];
      let sticking = true, sweeps = 0;
      for (let round = 1; ; round++) {
        if (limits > 0) {
          for (let l = first; l < frictionFirst; l++) {
            const row = sAt + (l - first) * count - first;
            let sum = rate[l];
            for (let m = first; m < frictionFirst; m++) sum -= S[row + m] * delta[m];
            for (let m = frictionFirst; m < end; m++) sum += S[row + m] * (lambda[m] - delta[m]);
            q[l] = sum;
          }
          this.lcp.solve(S, sAt, this.gamma, q, lambda, first, limits, undefined, count);
        }
        if (block1 === block0) break;
        let change = 0;
        if (sticking) {
          for (let l = frictionFirst; l < end; l++) this.previous[l] = lambda[l];
          sticking = this.solveSticking(g, sAt);
          if (sticking) {
            for (let b = block0; b < block1; b++) {
              this.blockChange(b);
              change = Math.max(change, frictionChange[0]);
            }
            if (limits === 0) break;
          }
        }
        if (!sticking) {
          change = 0;
          for (let b = block0; b < block1; b++) {
            this.solveFrictionBlock(b, first, end, sAt);
            change = Math.max(change, frictionChange[0]);
          }
          if (++sweeps === MAX_FRICTION_SWEEPS) break;
        }
        if (change <= FRICTION_TOLERANCE || round === MAX_FRICTION_ROUNDS) break;
      }
      for (let l = first; l < end; l++) {
        const change = lambda[l] - delta[l];
        delta[l] = change;
        if (change !== 0) any = true;
      }
    }
    return any;
  }

  /**
   * One friction block's Gauss-Seidel step (solveGroups; delta holds λ₀): its rows' rate brought to 0
   * through the inverse of its block of S + Γ, the impulse's length clamped to the bound. The
   * change's length over the bound into frictionChange[0].
   */
  private solveFrictionBlock(b: number, first: number, end: number, sAt: number): void {
    const S = this.aux.S, rate = this.rate, lambda = this.lambda, delta = this.delta, gamma = this.gamma;
    const row0 = this.blockRow[b], size = this.blockSize[b], bound = this.blockBound[b], at = 9 * b;
    const inverse = this.blockInverse, v = this.blockScratch, count = end - first;
    for (let a = 0; a < size; a++) {
      const r = row0 + a, row = sAt + (r - first) * count - first;
      let sum = rate[r] + gamma[r] * lambda[r];
      for (let m = first; m < end; m++) sum += S[row + m] * (lambda[m] - delta[m]);
      v[a] = sum;
    }
    let lengthSq = 0;
    for (let a = 0; a < size; a++) {
      let next = lambda[row0 + a];
      for (let c = 0; c < size; c++) next -= inverse[at + a * size + c] * v[c];
      v[3 + a] = next;
      lengthSq += next * next;
    }
    const scale = lengthSq > bound * bound ? bound / Math.sqrt(lengthSq) : 1;
    let changeSq = 0;
    for (let a = 0; a < size; a++) {
      const next = v[3 + a] * scale, change = next - lambda[row0 + a];
      changeSq += change * change;
      lambda[row0 + a] = next;
    }
    frictionChange[0] = bound > 0 ? Math.sqrt(changeSq) / bound : 0;
  }

  /** The rows' problem (solveGroups), applied through W: the end of each velocity solve, and on its own
   * after the contacts' sweep (step.ts sweep) with `friction` false: the limits alone, the friction rows
   * keeping their impulses (see DirectSolver.solveLimitVelocities). */
  solveVelocities(friction = true): void {
    const rows = this.rows;
    if (rows === 0) return;
    const forest = this.forest, aux = this.aux, J = aux.J, model = forest.model, dof = forest.dof, columns = forest.columns;
    const rate = this.rate, lambda = this.lambda, delta = this.delta;
    // J_l v from the bodies' velocities, and each row's λ_acc (kept in its joint: rowStore, rowAt)
    const store = this.rowStore, storeAt = this.rowAt;
    for (let l = 0; l < rows; l++) {
      rate[l] = 0;
      for (let side = 0; side < 2; side++) {
        const node = side === 0 ? aux.nodeA[l] : aux.nodeB[l];
        if (node < 0) continue;
        model.addRowVelocity(rate, l, J, columns * l + dof * side, (forest.nodeBody[node] as TBody).state);
      }
      lambda[l] = store[l][storeAt[l]];
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
    this.solveGroups(friction);
    // the bodies (and the tree rows' impulses) move by H⁻¹ Σ J_lᵀ Δλ_l, in each group whose Δλ changes
    // some row's rate by more than RESPONSE_FLOOR (S_ll |Δλ_l|; the others keep their impulses as they
    // were: a heap at rest solved them again after every sweep for changes of round-off)
    const S = this.aux.S;
    for (let q = 0; q < this.heldGroups; q++) {
      const first = this.heldRowFirst[q], end = this.heldRowFirst[q + 1], count = end - first, sAt = this.heldS[q];
      let moves = false;
      for (let l = first; l < end && !moves; l++) moves = Math.abs(delta[l]) * S[sAt + (l - first) * (count + 1)] > RESPONSE_FLOOR;
      if (!moves) {
        for (let l = first; l < end; l++) delta[l] = 0;
        continue;
      }
      for (let l = first; l < end; l++) if (delta[l] !== 0) store[l][storeAt[l]] += delta[l];
      const g = this.heldGroup[q];
      forest.clearX(forest.groupFirst[g], forest.groupFirst[g + 1]);
      this.aux.addResponses(forest, first, end, forest.groupFirst[g], forest.groupFirst[g + 1], delta, true);
      forest.applyVelocities(forest.groupFirst[g], forest.groupFirst[g + 1]);
    }
  }

  /**
   * In a projection, with the joints' Δx in the body blocks: the limit rows' share. Each
   * row asks C + J Δx ≥ 0, its C no deeper than MAX_LIMIT_CORRECTION (a limit far past its bound comes
   * back over several steps); the complementarity problem on S (λ ≥ 0, from zero; solveGroups) gives
   * the multipliers, and Δx += H⁻¹ Σ J_lᵀ λ_l keeps the tree rows' correction intact.
   */
  project(): void {
    const rows = this.rows;
    if (rows === 0) return;
    const rate = this.rate, lambda = this.lambda, delta = this.delta;
    for (let l = 0; l < rows; l++) {
      limitError[0] = 0;
      if (this.nearFriction[l] !== 1) this.rowJoint[l].writeLimitRow(this.rowIndex[l], jacobianScratch, 0, limitError, 0);
      const C = limitError[0];
      rate[l] = Math.max(C, -MAX_LIMIT_CORRECTION) + this.aux.rowTimesX(this.forest, l);
      lambda[l] = 0;
      delta[l] = 0;
    }
    if (this.solveGroups(false)) this.addResponses(lambda, false);
  }

  /** Whether a limit row it could hold, but does not hold this substep, is past its bound (its C at the
   * joints' last prepare). */
  crossedUnheld(): boolean {
    const joints = this.joints;
    for (let j = 0; j < joints.length; j++) {
      const joint = joints[j], mask = this.heldMask[j];
      if (!joint.directLimits || this.frictionInForest(j)) continue;
      for (let k = 0; k < joint.limitRowCount; k++) {
        if ((mask & (1 << k)) !== 0) continue;
        joint.writeLimitRow(k, jacobianScratch, 0, limitError, 0);
        if (limitError[0] < 0) return true;
      }
    }
    return false;
  }

  /** max(0, −C) over the rows held, here or through the friction rows of a sticking joint (their C at the
   * joints' last prepare). */
  deepestViolation(): number {
    let deepest = 0;
    for (let l = 0; l < this.rows; l++) {
      if (this.nearFriction[l] === 1) continue;
      this.rowJoint[l].writeLimitRow(this.rowIndex[l], jacobianScratch, 0, limitError, 0);
      const C = limitError[0];
      if (-C > deepest) deepest = -C;
    }
    const joints = this.joints;
    for (let j = 0; j < joints.length; j++) {
      if (!this.frictionInForest(j)) continue;
      for (let k = 0; k < joints[j].limitRowCount; k++) {
        joints[j].writeLimitRow(k, jacobianScratch, 0, limitError, 0);
        if (-limitError[0] > deepest) deepest = -limitError[0];
      }
    }
    return deepest;
  }
}

/**
 * A = L Lᵀ for A the n×n corner of a matrix with `stride` numbers per row from A[at], plus γ on its
 * diagonal (gamma[g0] …): L row-major n×n at out[outAt]. Returns false at a pivot that is not positive.
 */
function choleskyFactor(A: Float64Array, at: number, stride: number, gamma: Float64Array, g0: number, n: number, out: Float64Array, outAt: number): boolean {
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = A[at + i * stride + j] + (i === j ? gamma[g0 + i] : 0);
      for (let k = 0; k < j; k++) sum -= out[outAt + i * n + k] * out[outAt + j * n + k];
      if (i === j) {
        if (!(sum > 0)) return false;
        out[outAt + i * n + i] = Math.sqrt(sum);
      } else {
        out[outAt + i * n + j] = sum / out[outAt + j * n + j];
      }
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (L from choleskyFactor, n×n at L[at]). */
function choleskySolve(L: Float64Array, at: number, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= L[at + i * n + k] * b[k];
    b[i] = sum / L[at + i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = b[i];
    for (let k = i + 1; k < n; k++) sum -= L[at + k * n + i] * b[k];
    b[i] = sum / L[at + i * n + i];
  }
}
