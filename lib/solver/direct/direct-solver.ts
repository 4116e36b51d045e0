// The direct solver: the equality rows of joints solved exactly by sparse block LDLᵀ over the joint graph,
// in O(n) on forests (chains, ropes, ragdolls, trees) and with a fill-reducing order on graphs with loops
// (welded walls, bridges, grids), the joints' limits held through them, and the drift projected away.
// Source: Baraff, "Linear-Time Dynamics using Lagrange Multipliers", SIGGRAPH 1996. The step (step.ts)
// runs it through its ExactJointSolver verbs, in the stages FACTOR, SOLVE (and every sweep) and RELAX.
//
// Its parts, each in its file:
//   ordering.ts          which joints it holds, which close loops, which are ropes; the nodes' elimination
//                        order (minimum degree) and groups
//   factorization.ts     the nodes' blocks, their LDLᵀ with the geometric stiffness of taut point rows,
//                        the solve and the velocity solve with its refinement
//   auxiliary-rows.ts    rows solved beside the factorization through its response (limits, friction)
//   limits.ts            the limit rows (joint limits, rope bounds) and the joints' Coulomb friction rows,
//                        held through the joints
//   projection.ts        the drift projected away after the step's last position update
//   tree-body-model.ts   what differs between 3D and 2D bodies (lib/2d/solver/tree-body-model.ts)
//
// Which joints. Rigid joints with equality rows (isCandidate), and rigid distance joints (limit rows
// only). Joints with springs (hertz > 0), motors or servos, mouse joints, and groups whose loops would
// cost more than MAX_FACTOR_FLOPS to factor (ordering.ts) stay in the iterative solver; when there are
// none and no contacts, the step is this solver alone, in exactSubsteps (one by default: step.ts).
//
// Cost. One factorization a step, at its start (every group; a restored world factors where the
// original did), and again at a later substep only for a group whose bodies moved since or whose
// friction rows changed state (factor), or when a solve converged too slowly (ForestFactorization.stale);
// one solve for each velocity solve of the step's sweeps, and one or two for the projection.

import { ForestFactorization } from './factorization.js';
import { LimitRows } from './limits.js';
import { orderGraph } from './ordering.js';
import { Projection } from './projection.js';
import type { TreeBody, TreeBodyModel } from './tree-body-model.js';
import { clearEqualityImpulses, isCandidate, type TreeJoint } from './tree-joint.js';
import { chooseFrictionStates, releaseSlipping } from './friction.js';
import { pendingStructures, settleForest } from './settle.js';
import type { ExactJointSolver } from '../step-parts.js';

export class DirectSolver<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> implements ExactJointSolver {
  private readonly forest: ForestFactorization<TBody, TJoint>;
  private readonly limits: LimitRows<TBody, TJoint>;
  private readonly projection: Projection<TBody, TJoint>;
  /** The joints it holds or will hold (isCandidate), in the world's order: a change other than joints
   * breaking means a rebuild. */
  private candidates: TJoint[] = [];
  /** The candidates of the last build (the order's joints): `candidates` and the broken joints taken out
   * since, which keep their nodes (removeOnly). */
  private builtCandidates: TJoint[] = [];
  /** The bodies of the last build. */
  private builtBodies: TBody[] = [];
  private builtVersion = -1;
  /** Whether the order and layout of the last build stand (false: the next ensure builds). */
  private laidOut = false;
  /** A restored world's order (restoreOrder): the bodies and joints to build with at the first ensure. */
  private pending: { bodies: TBody[]; joints: TJoint[] } | null = null;
  /** Every joint of the step is held (equality rows, ropes): then `alone` when their limits are held too
   * (factorLimits). */
  private holdsAll = false;
  private _alone = false;
  /** The substep length of the last factorization. */
  private h = 0;
  /** Builds so far (a new order and layout; removeOnly is not one). */
  builds = 0;
  /** chooseFrictionStates' groups whose friction states changed (by group). */
  private changedGroups = new Uint8Array(0);
  /** Per forest joint: 1 when its friction was let go within this step (friction.ts releaseSlipping). */
  private released = new Uint8Array(0);

  constructor(model: TreeBodyModel<TBody>) {
    this.forest = new ForestFactorization(model);
    this.limits = new LimitRows(this.forest);
    this.projection = new Projection(this.forest, this.limits, this);
  }

  /** Joints whose equality rows it holds, in the factorization's node order. */
  get joints(): readonly TJoint[] {
    return this.forest.joints;
  }

  /** True when the forest holds every row of the step (see ExactJointSolver.alone). */
  get alone(): boolean {
    return this._alone;
  }

  /**
   * True when it holds every row of every joint of the step (none with drive rows, and no group with
   * more limit or friction rows than it can hold) and none is a rope: known before `factor`. (A rope's
   * rows are limits alone, with no geometric stiffness: pulled straight by a heavy load over a whole step,
   * a rope bridge of distance joints struck by a weight stretched its ropes by 0.12 m in one substep a
   * step, against 3e-3 m in four.)
   */
  get holdsEveryRow(): boolean {
    return this.holdsAll && !this.limits.mayOverflow && this.limits.ropes.length === 0;
  }

  /** True when it holds any row (the forest's joints, or only the limits of ropes between bodies). */
  get active(): boolean {
    return this.forest.count > 0;
  }

  /**
   * Rebuilds the forest if the world's contents changed (`version`) or a joint's eligibility did (a
   * spring switched on or off). O(joints) when nothing changed.
   */
  ensure(bodies: readonly TBody[], joints: readonly TJoint[], version: number): void {
    if (this.pending !== null) this.buildPending(bodies);
    if (version !== this.builtVersion || this.eligibilityChanged(joints) || this.keptChanged()) {
      if (!this.removeOnly(bodies, joints)) this.build(bodies, joints);
      this.builtVersion = version;
    }
    // (a candidate has no drive rows: isCandidate)
    this.holdsAll = this.limits.joints.length === joints.length;
  }

  /** Hands every joint back to the iterative solver. */
  clear(): void {
    this.forest.clear();
    this.limits.clear();
    this.candidates.length = 0;
    this.builtCandidates.length = 0;
    this.invalidate();
    this.holdsAll = false;
    this._alone = false;
  }

  /** The next ensure builds a new order (a body changed type, or the world's awake bodies changed). */
  invalidate(): void {
    this.builtVersion = -1;
    this.laidOut = false;
    this.pending = null;
  }

  /** A joint left the world: if the order holds it (held, or broken and kept), the next ensure builds
   * anew (a restored world could not lay out a node for a joint it does not have). */
  jointRemoved(joint: TJoint): void {
    if (this.builtCandidates.includes(joint) || this.pending?.joints.includes(joint) === true) this.invalidate();
  }

  /**
   * The joints of the current order when it differs from the one a new build would choose: when joints
   * of it have broken (those taken out in place keep their nodes, see removeOnly), and the order is the
   * one the next ensure keeps (every joint of it still a candidate); null otherwise. A snapshot marks
   * them, and the restored world builds with them (restoreOrder), so that it eliminates in the same
   * order and steps on bit for bit. `awakeBodies`: the awake bodies now (the order stands only for the
   * bodies it was built with).
   */
  savedOrder(awakeBodies: () => readonly TBody[]): readonly TJoint[] | null {
    if (this.pending !== null) return sameList(this.pending.bodies, awakeBodies()) ? this.pending.joints : null;
    if (!this.laidOut) return null;
    const order = this.builtCandidates;
    let broken = false;
    for (let j = 0; j < order.length; j++) {
      if (!isCandidate(order[j])) return null;
      if (order[j].broken) broken = true;
    }
    return broken && sameList(this.builtBodies, awakeBodies()) ? order : null;
  }

  /** A restored world: `joints`, marked by the snapshot (savedOrder), are the order to build with at the
   * first ensure when the awake bodies are still `bodies` (those of the restore). */
  restoreOrder(bodies: readonly TBody[], joints: readonly TJoint[]): void {
    this.pending = joints.length > 0 ? { bodies: bodies.slice(), joints: joints.slice() } : null;
  }

  /** The build savedOrder's world had: its joints laid out, then (ensure's removeOnly) the broken ones
   * taken out in place. Skipped (a fresh build follows) when the awake bodies changed since the restore
   * or a joint of the order is no longer a candidate, as the original world would rebuild then too. */
  private buildPending(bodies: readonly TBody[]): void {
    const pending = this.pending as { bodies: TBody[]; joints: TJoint[] };
    this.pending = null;
    if (!sameList(pending.bodies, bodies)) return;
    for (let j = 0; j < pending.joints.length; j++) if (!isCandidate(pending.joints[j])) return;
    this.build(bodies, pending.joints);
  }

  /** A broken joint of the order is no longer a candidate (a spring set on it): a restored world could
   * not build the order with it, so neither does this one keep it. */
  private keptChanged(): boolean {
    const order = this.builtCandidates;
    for (let j = 0; j < order.length; j++) if (order[j].broken && !isCandidate(order[j])) return true;
    return false;
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

  /**
   * When the only change since the build is joints broken, between the same bodies, takes them out of
   * the factorization in place (ForestFactorization.deactivate) instead of a new build, and returns
   * true. Anything else (a body, a new joint, a joint removed or become eligible or not) needs the build.
   * Broken joints stay in their world, so a restored world can lay out the same order (savedOrder);
   * a removed one does not (jointRemoved).
   */
  private removeOnly(bodies: readonly TBody[], joints: readonly TJoint[]): boolean {
    if (!this.laidOut || !sameList(this.builtBodies, bodies) || this.keptChanged()) return false;
    // the candidates now must be the old ones, in order, with some broken ones left out
    const old = this.candidates, removed = new Set<TJoint>();
    let k = 0;
    for (let i = 0; i < joints.length; i++) {
      if (!isCandidate(joints[i])) continue;
      while (k < old.length && old[k] !== joints[i]) removed.add(old[k++]);
      if (k === old.length) return false;
      k++;
    }
    while (k < old.length) removed.add(old[k++]);
    if (removed.size === 0) return true;
    for (const joint of removed) if (!joint.broken || !isCandidate(joint)) return false;
    this.candidates = old.filter((joint) => !removed.has(joint));
    this.forest.deactivate(removed);
    const ropes = this.limits.ropes.filter((joint) => !removed.has(joint));
    this.limits.clear();
    this.limits.layout(ropes);
    return true;
  }

  /** Chooses the joints, their elimination order and the ropes (ordering.ts) and lays out every part for
   * them. */
  build(bodies: readonly TBody[], joints: readonly TJoint[]): void {
    this.clear();
    this.builds++;
    const order = orderGraph(bodies, joints, this.forest.dof);
    this.candidates = order.candidates;
    this.builtCandidates = order.candidates.slice();
    this.builtBodies = bodies.slice();
    this.laidOut = true;
    this.forest.layout(order);
    this.limits.layout(order.ropes);
    this.projection.layout();
  }

  /**
   * Factors the joints and their limit rows at the bodies' current poses for a substep of h (the joints
   * prepared at them). Within a step (`stepStart` false) the factorization of an earlier substep is kept
   * while its solves still converge fast (ForestFactorization.stale), and only the limit rows are chosen
   * again: a solve with it is then a step of iterative refinement against the current rows, each
   * residual measured with the joints' current J (see the step's header on why once a step).
   */
  factor(h: number, stepStart: boolean): void {
    const forest = this.forest;
    if (this.changedGroups.length < forest.groupCount) this.changedGroups = new Uint8Array(forest.groupCount);
    if (this.released.length < forest.joints.length) this.released = new Uint8Array(forest.joints.length);
    if (stepStart) this.released.fill(0);
    const changed = chooseFrictionStates(forest, this.released, this.changedGroups);
    if (stepStart || forest.stale) {
      this.refactor(h);
    } else {
      for (let g = 0; g < forest.groupCount; g++) if (this.changedGroups[g] === 1 || forest.groupMoved(g)) forest.factorGroup(g, h);
      this.h = h;
      this.factorLimits();
    }
    if (changed) this.changedGroups.fill(0);
    this.limits.boundImpulses();
  }

  /** Factors every group at the current poses (the joints prepared at them) for substeps of h, each
   * joint's friction held or not as chosen at the substep's start; then the limit rows. */
  refactor(h: number): void {
    this.forest.factorAll(h);
    this.h = h;
    this.factorLimits();
  }

  /** The limit rows near their bound at the joints' last prepare (limits.ts); `alone` follows. */
  factorLimits(): void {
    const allHeld = this.limits.factor(this.h);
    this._alone = this.holdsAll && allHeld;
  }

  /**
   * Zeroes the held rows' accumulated impulses at the start of a substep, or with `keepForest` only a
   * loop's (ForestFactorization.clearLoopImpulses), the forest's kept for the joints' own warm start. The
   * exact solve finds the whole impulse from any start, so alone, or first in every sweep, it needs no
   * guess; with iterative rows solved before it in each sweep it keeps them: those rows then see the
   * bodies it holds answering their own warm start (step.ts warmStart).
   */
  clearImpulses(keepForest = false): void {
    if (keepForest) this.forest.clearLoopImpulses();
    else clearEqualityImpulses(this.forest.joints);
    this.forest.clearHeldFrictionImpulses();
    // alone, nothing is warm started: the limit rows start from zero too (limits.ts sweepLimitRows)
    if (this._alone) this.limits.clearImpulses();
  }

  /**
   * Makes J v = 0 for every row it holds, and J v ≥ 0 for the limit rows it holds; `withStiffness`: the
   * substep's first solve (factorization.ts). `alone`: the substep's only solve, with no contact to share
   * the joints' load: a sticking joint whose friction passes its bound in it slides from this solve on
   * (friction.ts releaseSlipping). With contacts a joint's friction and the contacts share the load through
   * the sweeps, and only the substep's whole impulse tells whether it slips (the next substep's start).
   */
  solveVelocities(withStiffness: boolean, alone = false): void {
    const forest = this.forest;
    forest.solveVelocities(withStiffness);
    if (alone && releaseSlipping(forest, this.released, this.changedGroups)) {
      for (let g = 0; g < forest.groupCount; g++) if (this.changedGroups[g] === 1) forest.factorGroup(g, this.h);
      this.changedGroups.fill(0);
      this.factorLimits();
    }
    this.limits.solveVelocities();
  }

  /**
   * The limit rows alone, after the contacts moved the bodies (step.ts sweep). Not the friction rows:
   * solved there, their impulses moved a limb lying on the ground through the tree after its contacts'
   * friction had stopped it, and the limbs of a heap of ragdolls slid for ever (measured, three ragdolls
   * with sleeping off: 9.7 mm in 5 s after 10 s, 3e-5 J; solved with the exact solve before the contacts
   * only, 5e-9 m and 6e-13 J).
   */
  solveLimitVelocities(): void {
    this.limits.solveVelocities(false);
  }

  /**
   * For the iterative solver, which leaves this one empty: starts the structures of the joints made since
   * the last step under their load (settle.ts), for substeps of h with the joints' compliance c; empty
   * again after. The joints are prepared at the current poses, and must be prepared again at the poses
   * it leaves. No body moves farther than maxShift (m) or turns farther than maxTurn (rad).
   */
  settle(
    bodies: readonly TBody[], joints: readonly TJoint[], integrateVelocities: (bodies: readonly TBody[]) => void,
    h: number, c: number, maxShift: number, maxTurn: number,
  ): void {
    const pending = pendingStructures(bodies, joints);
    if (pending.joints.length === 0) return;
    this.build(pending.bodies, pending.joints);
    if (this.forest.joints.length > 0) settleForest(this.forest, integrateVelocities, h, c, maxShift, maxTurn);
    this.clear();
  }

  /** The drift projected away (projection.ts). */
  projectPositions(h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
    this.projection.project(h, maxLinearSpeed, maxAngularSpeed);
  }
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
