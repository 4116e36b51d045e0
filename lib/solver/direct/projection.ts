// Drift, projected away. The velocity solve holds J v = 0 exactly, but moving the bodies along v bends the
// joints a little (second order in h). After the step's last position update the positions are projected:
// H [Δx; μ] = [0; −C] moves the bodies by the mass-weighted least change that zeroes C to first order
// (Newton steps; Cline and Pai, "Post-Stabilization for Rigid Body Simulation with Contact and
// Constraints", 2003), with the substep's factorization while it converges fast. The limit rows past
// their bound (limits.ts) take their share of the same step.
// Velocities are untouched, except that a body the projection turns takes its angular velocity along
// (tree-body-model.ts move), so the correction adds no kinetic energy.

import type { ForestFactorization } from './factorization.js';
import type { LimitRows } from './limits.js';
import type { TreeBody } from './tree-body-model.js';
import { largestPositionError, type TreeJoint } from './tree-joint.js';

/** Projections per step at most, and the error (m for point rows, rad for angular ones) below which
 * another is not needed; see project. One micrometre: a step of one substep (step.ts) drifts about 1e-5 m
 * on the 1000-link chain, one projection takes it to 1e-6 and a second to 4e-8, at a fifth of the step's
 * cost (measured; the second pass bought nothing a game can see). */
const MAX_PROJECTIONS = 4;
const PROJECTION_TOLERANCE = 1e-6;
/** A projection pass that leaves more than this fraction of the error it found is followed by a new
 * factorization (see project). */
const SLOW_PROGRESS = 0.1;

/** What a projection asks of the solver that owns it: a new factorization (joints and limits), or
 * of the limit rows alone. */
export interface Refactoring {
  refactor(h: number): void;
  factorLimits(): void;
}

export class Projection<TBody extends TreeBody, TJoint extends TreeJoint<TBody>> {
  /** TreeBodyModel.move's bounds: the step's scale, then the farthest a projection moves a body in a
   * substep, no farther than the speed caps would (m, rad). (An array: a double passed to a call V8 does
   * not inline is boxed.) */
  private readonly moveBounds = new Float64Array([1, Infinity, Infinity]);
  /** Poses before a projection step (7 numbers per body), to undo one that made the error worse. */
  private savedPoses = new Float64Array(0);
  /** The substep length the joints are prepared for (SubstepLength: an object, so that h reaches their
   * prepare unboxed). */
  private readonly substep = { h: 0 };

  constructor(
    private readonly forest: ForestFactorization<TBody, TJoint>,
    private readonly limits: LimitRows<TBody, TJoint>,
    private readonly owner: Refactoring,
  ) {}

  /** Room for the forest's poses (after it is laid out). */
  layout(): void {
    this.savedPoses = new Float64Array(this.forest.model.poseSize * this.forest.bodies.length);
  }

  /**
   * Moves the bodies by the mass-weighted least change that zeroes C to first order, from the C of the
   * last prepare, and repeats (project, prepare) while the joints' error stays above
   * PROJECTION_TOLERANCE, at most MAX_PROJECTIONS times. The first pass uses the factorization the step
   * kept (step.ts FACTOR), whose J is up to a step old (a quasi-Newton step); a pass that leaves more than SLOW_PROGRESS of the
   * error is followed by a factorization at the new poses, so the next is a full Newton step (measured
   * on the 41-link chain of 1 kg links at 4 substeps: without that the peak gap reached 1e-4 m, with it
   * 5e-7 m, for 0.04 extra factorizations per step). The error after a Newton step is second order;
   * a chain pulled almost straight by a heavy end is the exception:
   * there a millimetre-scale gap along the chain is closed mostly by turning light links (turning moves
   * anchors across the chain, not along it, so the linear step turns them far), and the second-order
   * error left can exceed the gap closed. Measured on the 670:1 heavy-end chain: one projection per
   * substep let the error grow from 1e-9 m to 1 m within 40 steps; repeating until it is below the
   * tolerance keeps it there. A step that leaves the error larger than it found it is undone and retried
   * at half the length (a backtracking line search): loops near a singular pose need it (measured: a
   * 3 x 3 sphere grid with its loops closed went to NaN in 110 steps taking full steps).
   */
  project(h: number, maxLinearSpeed: number, maxAngularSpeed: number): void {
    this.substep.h = h;
    this.moveBounds[1] = maxLinearSpeed * h;
    this.moveBounds[2] = maxAngularSpeed * h;
    // a limit row that was not near its bound when the substep began, and was crossed within it (a limb
    // struck hard), is taken in now, so this projection brings it back
    if (this.limits.crossedUnheld()) this.owner.factorLimits();
    let before = this.largestError();
    let scale = 1;
    for (let pass = 0; pass < MAX_PROJECTIONS && before > PROJECTION_TOLERANCE; pass++) {
      this.savePoses();
      this.projectOnce(scale);
      let after = this.prepareAndMeasure();
      // a pass may carry a body across a limit it was not holding (a hand moved with its arm): take that
      // row in, so the next pass brings it back
      if (this.limits.crossedUnheld()) {
        this.owner.factorLimits();
        after = this.largestError();
      }
      if (after <= PROJECTION_TOLERANCE) return;
      if (after > before) {
        // a step that made things worse (a loop near a singular pose): undo it, factor at these poses
        // and try half as far
        this.restorePoses();
        this.prepareAndMeasure();
        this.owner.refactor(h);
        // (measured again: the factorization may hold other limit rows, and the error counts the held ones)
        before = this.largestError();
        scale *= 0.5;
        continue;
      }
      // a factorization from an earlier pose converges slowly where the chain is nearly singular:
      // factor again at these poses (a full Newton step) unless the error fell by SLOW_PROGRESS
      if (after > SLOW_PROGRESS * before && pass + 1 < MAX_PROJECTIONS) {
        this.owner.refactor(h);
        before = this.largestError();
      } else {
        before = after;
      }
      scale = 1;
    }
  }

  /** The largest |C| over the joints' rows, and the deepest violation of the limits it holds, from their
   * last prepare. */
  private largestError(): number {
    return Math.max(largestPositionError(this.forest.joints), this.limits.deepestViolation());
  }

  /**
   * Prepares the joints and the ropes at the current poses and returns the largest
   * |C|. Every joint whose rows a pass moves is prepared: a rope's C left at the last pose would be
   * corrected again by each pass, and measured again unchanged (a rope bridge struck by a weight 15 times
   * its planks' mass stretched by 0.5 m per segment and fell to the ground, each pass adding the same
   * correction).
   */
  private prepareAndMeasure(): number {
    const joints = this.forest.joints, ropes = this.limits.ropes, substep = this.substep;
    for (let j = 0; j < joints.length; j++) joints[j].prepare(substep);
    for (let r = 0; r < ropes.length; r++) ropes[r].prepare(substep);
    return this.largestError();
  }

  private savePoses(): void {
    const poses = this.savedPoses, bodies = this.forest.bodies, model = this.forest.model, size = model.poseSize;
    for (let b = 0; b < bodies.length; b++) model.savePose(bodies[b].state, poses, size * b);
  }

  private restorePoses(): void {
    const poses = this.savedPoses, bodies = this.forest.bodies, model = this.forest.model, size = model.poseSize;
    for (let b = 0; b < bodies.length; b++) model.restorePose(bodies[b], poses, size * b);
  }

  /** One projection step, `scale` times the Newton step. */
  private projectOnce(scale: number): void {
    const forest = this.forest, bounds = this.moveBounds;
    bounds[0] = scale;
    forest.writePositionResidual();
    forest.solve();
    this.limits.project();
    // the speed caps bound the step (a scene driven past what its joints can hold, such as a 1e12 N
    // motor against a loop, would otherwise be moved without bound and overflow)
    for (let i = 0; i < forest.count; i++) {
      const body = forest.nodeBody[i];
      if (body !== null) forest.model.move(body, forest.x[i], bounds);
    }
  }
}
