// The direct solver: the equality rows of joints whose graph is a forest (chains, ropes, ragdolls, trees)
// solved exactly in O(n) by sparse block LDLᵀ, with the loops of a structure that has few closed exactly
// too, the joints' limits held through them, and the drift projected away. Source: Baraff, "Linear-Time
// Dynamics using Lagrange Multipliers", SIGGRAPH 1996. The step (step.ts) runs it through its
// ExactJointSolver verbs, in the stages FACTOR, SOLVE (and every sweep) and RELAX.
//
// Its parts, each in its file:
//   ordering.ts          which joints form the forest, which close loops, which are ropes; the nodes'
//                        order (leaf first creates no fill) and groups
//   factorization.ts     the forest's blocks, their LDLᵀ with the geometric stiffness of taut point rows,
//                        the solve and the velocity solve with its refinement
//   auxiliary-rows.ts    rows solved beside the forest through its response (loops and limits)
//   loops.ts             the loop closure, with its compliance
//   limits.ts            the limit rows (joint limits, rope bounds) held through the forest and the loops
//   projection.ts        the drift projected away after the step's last position update
//   tree-body-model.ts   what differs between 3D and 2D bodies (lib/2d/solver/tree-body-model.ts)
//
// Which joints. Rigid joints with equality rows (isCandidate), and rigid distance joints (limit rows
// only). Joints with springs (hertz > 0), mouse joints, and the loops left open (a structure with more
// loop rows than the closure takes) stay in the iterative solver, as do motors, servos and friction; when
// there are none and no contacts, the step is this solver alone.
//
// Cost. One factorization per substep (at its start) and one solve; the projection adds one or two
// solves per step.

import { ForestFactorization } from './factorization.js';
import { LimitRows } from './limits.js';
import { LoopClosure } from './loops.js';
import { orderForest } from './ordering.js';
import { Projection } from './projection.js';
import type { TreeBody, TreeBodyModel } from './tree-body-model.js';
import { clearEqualityImpulses, isCandidate, type TreeJoint } from './tree-joint.js';
import type { ExactJointSolver } from '../step-parts.js';

export class DirectSolver<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> implements ExactJointSolver {
  private readonly forest: ForestFactorization<TBody, TJoint>;
  private readonly loopClosure: LoopClosure<TBody, TJoint>;
  private readonly limits: LimitRows<TBody, TJoint>;
  private readonly projection: Projection<TBody, TJoint>;
  /** Joints that were candidates (isCandidate) at the last build: a change means rebuild. */
  private candidates: TJoint[] = [];
  private builtVersion = -1;
  /** Every joint of the world is held (forest, loops, ropes) and none has drive rows: then `alone` when
   * their limits are held too (factorLimits). */
  private holdsAll = false;
  private _alone = false;
  /** The substep length of the last factorization. */
  private h = 0;

  constructor(model: TreeBodyModel<TBody>) {
    this.forest = new ForestFactorization(model);
    this.loopClosure = new LoopClosure(this.forest);
    this.limits = new LimitRows(this.forest, this.loopClosure);
    this.projection = new Projection(this.forest, this.loopClosure, this.limits, this);
  }

  /** Joints whose equality rows the forest holds, in tree order (roots first). */
  get joints(): readonly TJoint[] {
    return this.forest.joints;
  }
  /** Joints that close loops, held exactly by the loop closure (loops.ts). */
  get loops(): readonly TJoint[] {
    return this.loopClosure.joints;
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
    if (version !== this.builtVersion || this.eligibilityChanged(joints)) {
      this.build(bodies, joints);
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
    this.loopClosure.clear();
    this.candidates.length = 0;
    this.builtVersion = -1;
    this.holdsAll = false;
    this._alone = false;
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

  /** Chooses the forest, its loops and ropes (ordering.ts) and lays out every part for them. */
  build(bodies: readonly TBody[], joints: readonly TJoint[]): void {
    this.clear();
    const order = orderForest(bodies, joints);
    this.candidates = order.candidates;
    this.forest.layout(order.nodes, order.parentOf, order.groupOfBody);
    this.loopClosure.layout(order.loops);
    this.limits.layout(order.ropes);
    this.projection.layout();
  }

  /** Factors the forest, its loops and its limit rows at the bodies' current poses for a substep of h; the
   * joints must have been prepared. */
  factor(h: number): void {
    const forest = this.forest, loops = this.loopClosure;
    forest.writeBlocks();
    forest.addPointLoads(forest.joints, forest.nodeOfA, forest.nodeOfB, h);
    forest.addPointLoads(loops.joints, loops.nodeA, loops.nodeB, h);
    forest.eliminate();
    loops.factor();
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
    clearEqualityImpulses(this.loopClosure.joints);
    // alone, nothing is warm started: the limit rows start from zero too (limits.ts sweepLimitRows)
    if (this._alone) this.limits.clearImpulses();
  }

  /** Makes J v = 0 for every row of the forest and its closed loops, and J v ≥ 0 for the limit rows it
   * holds; `withStiffness`: the substep's first solve (factorization.ts). */
  solveVelocities(withStiffness: boolean): void {
    this.forest.solveVelocities(withStiffness);
    this.loopClosure.closeVelocities();
    this.limits.solveVelocities();
  }

  /** The limit rows alone, after the contacts moved the bodies (step.ts sweep). */
  solveLimitVelocities(): void {
    this.limits.solveVelocities();
  }

  /** The drift projected away (projection.ts). */
  projectPositions(h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
    this.projection.project(h, maxLinearSpeed, maxAngularSpeed);
  }
}
