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
// only). Joints with springs (hertz > 0), mouse joints, and groups whose loops would cost more than
// MAX_FACTOR_FLOPS to factor (ordering.ts) stay in the iterative solver, as do motors and servos;
// when there are none and no contacts, the step is this solver alone.
//
// Cost. One factorization per substep (at its start) and one solve; the projection adds one or two
// solves per step.

import { ForestFactorization } from './factorization.js';
import { LimitRows } from './limits.js';
import { orderGraph } from './ordering.js';
import { Projection } from './projection.js';
import type { TreeBody, TreeBodyModel } from './tree-body-model.js';
import { clearEqualityImpulses, isCandidate, type TreeJoint } from './tree-joint.js';
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
  /** Every joint of the world is held (equality rows, ropes) and none has drive rows: then `alone` when
   * their limits are held too (factorLimits). */
  private holdsAll = false;
  private _alone = false;
  /** The substep length of the last factorization. */
  private h = 0;
  /** Builds so far (a new order and layout; removeOnly is not one). */
  builds = 0;

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
    const limited = this.limits.joints;
    let all = limited.length === joints.length;
    for (let j = 0; all && j < limited.length; j++) if (limited[j].hasDriveRows) all = false;
    this.holdsAll = all;
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

  /** Factors the joints and their limit rows at the bodies' current poses for a substep of h; the joints
   * must have been prepared. */
  factor(h: number): void {
    const forest = this.forest;
    forest.writeBlocks();
    forest.addPointLoads(forest.joints, forest.nodeOfA, forest.nodeOfB, h);
    forest.eliminate();
    this.h = h;
    this.factorLimits();
  }

  /** The limit rows near their bound at the joints' last prepare (limits.ts); `alone` follows. */
  factorLimits(): void {
    const allHeld = this.limits.factor(this.h);
    this._alone = this.holdsAll && allHeld;
  }

  /**
   * Zeroes the held rows' accumulated impulses at the start of a substep, so the warm start applies
   * only the iterative rows' (limits, motors). The exact solve finds the whole impulse from any start;
   * warm starting it only adds an impulse that the solve must then cancel, and against a load the rows
   * cannot hold (a 1e12 N motor driving a loop) those impulses grew by orders of magnitude per step
   * until the cancellation lost every digit (measured: NaN within 130 steps).
   */
  clearImpulses(): void {
    clearEqualityImpulses(this.forest.joints);
    // alone, nothing is warm started: the limit rows start from zero too (limits.ts sweepLimitRows)
    if (this._alone) this.limits.clearImpulses();
  }

  /** Makes J v = 0 for every row it holds, and J v ≥ 0 for the limit rows it holds; `withStiffness`: the
   * substep's first solve (factorization.ts). */
  solveVelocities(withStiffness: boolean): void {
    this.forest.solveVelocities(withStiffness);
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
