// The soft step: substeps with soft constraints, warm starting and a relax pass (Catto, "Solver2D",
// 2024; Box2D v3's solver.c). One call advances the bodies and joints by dt:
//
//   prepare joints at the current poses                      (lever arms, C, K and its factor)
//   for each of n substeps of h = dt / n:
//     integrate velocities        v += h (g + F/m), ω += h I⁻¹ τ
//     warm start                  v += M⁻¹ Jᵀ λ_acc            (last substep's impulse)
//     solve, with bias            `iterations` Gauss-Seidel sweeps, soft rows pull C toward 0
//     integrate positions         x += h v, q ← exp(hω/2) q, I⁻¹ = R I_b⁻¹ Rᵀ
//     prepare joints              at the new poses, so the relax pass and the next substep use them
//     relax, without bias         `relaxIterations` sweeps of the rigid rows: removes the velocity the
//                                 bias added, so position correction never becomes momentum
//     accumulate impulses         for the force readout
//                                 (these three share one pass over the joints; see below)
//   forces F = Σ λ_lin / dt, torques τ = Σ λ_ang / dt; break the joints past their limits
//
// With the direct solver (tree-solver.ts, 2D and 3D) the step also factors its trees at the start of each
// substep, clears their rows' impulses before the warm start, runs an exact solve in each sweep,
// after the joints' iterative rows and before the contacts (sweepWithExact; only that solve when no
// iterative row or contact is left), and projects the drift after the last substep's position update
// (finishSubstepExact).
//
// The stages are the same in 2D and 3D: the step is written against a BodyIntegrator (how bodies
// integrate, which is where the dimensions differ) and SolverJoint (what every joint does), and
// lib/2d uses this very code.
//
// Box2D v3 factors K once per step and updates only the lever arms and C inside the substeps. We
// factor again after every position update: measured on S5 (40 links, a 670 kg ball) at 4 substeps,
// a K held for the whole step lets the chain explode, while the per-substep K keeps its peak gap at
// 0.29 m; on S1 with N = 1000 the extra factorizations cost 13 % of the step.

import { createSoftness, makeContactSoft, makeSoft, RIGID, type Softness } from './softness.js';

/** Joint stiffness cap as a fraction of the substep rate 1/h. */
export const MAX_HERTZ_PER_SUBSTEP_RATE = 0.25;

/** The settings the step reads; the same in 2D and 3D. */
export interface SolverSettings {
  substeps: number;
  iterations: number;
  relaxIterations: number;
  jointHertz: number;
  jointDampingRatio: number;
  warmStarting: boolean;
  maxLinearSpeed: number;
  maxAngularSpeed: number;
}

/** What the step asks of a joint (3D or 2D). */
export interface SolverJoint {
  prepare(h: number): void;
  warmStart(): void;
  /** `useBias`: true in the biased solve, false in the relax pass (where `soft` is RIGID). */
  solve(soft: Readonly<Softness>, useBias: boolean): void;
  scaleImpulse(ratio: number): void;
  accumulateImpulse(): void;
  finishStep(dt: number): void;
}

/**
 * An exact solver for some joints' equality rows (tree-solver.ts), run inside the substeps: after each
 * iterative sweep (so its rows hold exactly at the end of every velocity solve), and after the position
 * update (to project the drift away).
 */
export interface ExactJointSolver {
  /** True when it holds every row of the step (no iterative row is left; read after `factor`): one exact
   * solve per substep then suffices, and the warm start and the relax pass are skipped. */
  readonly alone: boolean;
  /** Factors the rows at the current poses for substeps of h (the joints are prepared at them). */
  factor(h: number): void;
  /** Zeroes its rows' impulses before the warm start: an exact solve needs no starting guess. */
  clearImpulses(): void;
  /** Makes J v = 0 for its rows (and the limit rows it holds, J v ≥ 0) and adds the impulses to the
   * joints' λ_acc; `first`: the substep's first. */
  solveVelocities(first: boolean): void;
  /** Moves the bodies until its rows' C vanishes (re-preparing its joints for substeps of h), no body
   * faster than the speed caps. */
  projectPositions(h: number, maxLinearSpeed: number, maxAngularSpeed: number): void;
  /** Holds its limit rows (J v ≥ 0) again after the contacts' sweep moved the bodies, without undoing
   * the contacts through its other rows (see SoftStepSolver.sweepWithExact). */
  solveLimitVelocities(): void;
}

/**
 * What the step asks of a contact (collision/contact-constraint.ts; 3D): prepared once per step at the
 * start poses (its separation follows the bodies' moves), solved after the joints in every sweep.
 */
export interface SolverContact {
  prepare(h: number): void;
  warmStart(): void;
  /** Multiplies the stored impulses (a new substep length; 0 without warm starting). */
  scaleImpulse(ratio: number): void;
  solve(soft: Readonly<Softness>, staticSoft: Readonly<Softness>, useBias: boolean): void;
  /** After the substeps: the bounce. */
  applyRestitution(): void;
}

/** What the step asks of the bodies' integration, which differs between 3D and 2D. */
export interface BodyIntegrator<B> {
  /** Rotation and world inverse inertia from the orientation (the user may have written it). */
  refresh(bodies: readonly B[]): void;
  /** v += h (g + F/m), ω += h I⁻¹ τ, damping (and in 3D the gyroscopic term). */
  integrateVelocities(bodies: readonly B[], gravity: Float64Array, h: number): void;
  /** Speed caps, x += h v, the orientation by h ω, then rotation and I⁻¹. */
  integratePositions(bodies: readonly B[], h: number, maxLinearSpeed: number, maxAngularSpeed: number): void;
  /** Clears the forces and torques applied for this step. */
  clearForces(bodies: readonly B[]): void;
}

const NO_CONTACTS: readonly SolverContact[] = [];

export class SoftStepSolver<B> {
  /** The rigid joints' softness for the biased solve at the current substep length. */
  readonly jointSoftness = createSoftness();
  /** The contacts' softness for the biased solve (softness.ts makeContactSoft), and against static
   * bodies (twice as stiff). */
  readonly contactSoftness = createSoftness();
  readonly staticContactSoftness = createSoftness();
  /** @internal The last step's substep length (warm starting rescales impulses when it changes). */
  previousH = 0;

  constructor(private readonly integrator: BodyIntegrator<B>) {}

  /** `exact`: the direct tree solver, or null for the iterative solver alone. `contacts`: this step's
   * contacts (3D). */
  step(
    bodies: readonly B[], joints: readonly SolverJoint[], gravity: Float64Array, dt: number, settings: Readonly<SolverSettings>,
    exact: ExactJointSolver | null = null, contacts: readonly SolverContact[] = NO_CONTACTS,
  ): void {
    const integrator = this.integrator;
    const n = settings.substeps;
    const h = dt / n;
    // Joints are springs (see softness.ts) whose stiffness is capped at a quarter of the substep rate,
    // as Box2D v3 caps it. Measured here at 4 substeps: a cap of 0.25/h keeps S1, S3 and S5 stable;
    // 0.5/h folds the welded cantilever (joint angles of 3 rad) and 1/h explodes it.
    const hertz = Math.min(settings.jointHertz, MAX_HERTZ_PER_SUBSTEP_RATE / h);
    makeSoft(this.jointSoftness, hertz, settings.jointDampingRatio, h);

    // Warm starting carries impulses across steps; a new substep length rescales them to stay the
    // same force, and with warm starting off they start from zero.
    const ratio = settings.warmStarting ? (this.previousH > 0 ? h / this.previousH : 1) : 0;
    this.previousH = h;
    integrator.refresh(bodies);
    for (let i = 0; i < joints.length; i++) {
      const joint = joints[i];
      if (ratio !== 1) joint.scaleImpulse(ratio);
      joint.prepare(h);
    }
    if (contacts.length > 0) makeContactSoft(this.contactSoftness, this.staticContactSoftness, h);
    for (let i = 0; i < contacts.length; i++) {
      if (ratio !== 1) contacts[i].scaleImpulse(ratio);
      contacts[i].prepare(h);
    }

    for (let substep = 0; substep < n; substep++) {
      // the exact rows are factored once per substep, at its starting poses (see finishSubstepExact)
      if (exact !== null) exact.factor(h);
      integrator.integrateVelocities(bodies, gravity, h);
      if (exact !== null) exact.clearImpulses();
      if (exact !== null && exact.alone && contacts.length === 0) {
        // every row is exact: nothing to warm start or sweep, one solve holds them all
        exact.solveVelocities(true);
      } else {
        if (settings.warmStarting) {
          for (let i = 0; i < joints.length; i++) joints[i].warmStart();
          for (let i = 0; i < contacts.length; i++) contacts[i].warmStart();
        } else {
          // every row starts its substep from zero (a contact's kept impulse would otherwise clamp
          // against a push that was never applied: measured, a pile of 10 ragdolls exploded to 1 km/s)
          for (let i = 0; i < joints.length; i++) joints[i].scaleImpulse(0);
          for (let i = 0; i < contacts.length; i++) contacts[i].scaleImpulse(0);
        }
        for (let iteration = 0; iteration < settings.iterations; iteration++) {
          if (exact !== null) {
            this.sweepWithExact(joints, contacts, this.jointSoftness, this.contactSoftness, this.staticContactSoftness, true, exact, iteration === 0);
            continue;
          }
          for (let i = 0; i < joints.length; i++) joints[i].solve(this.jointSoftness, true);
          for (let i = 0; i < contacts.length; i++) contacts[i].solve(this.contactSoftness, this.staticContactSoftness, true);
        }
      }
      integrator.integratePositions(bodies, h, settings.maxLinearSpeed, settings.maxAngularSpeed);
      if (exact !== null) {
        this.finishSubstepExact(joints, contacts, h, settings, exact, substep === n - 1);
        continue;
      }
      // Prepare, the first relax sweep and the impulse accumulation in one pass over the joints: a
      // joint's prepare reads only poses and inverse inertias, which relaxing other joints does not
      // change, so this is the same arithmetic as three passes, with a third of the memory traffic
      // (measured: the joints of a 100 x 100 sphere grid are ~20 MB, and streaming them was the cost).
      const relax = settings.relaxIterations;
      for (let i = 0; i < joints.length; i++) {
        const joint = joints[i];
        joint.prepare(h);
        if (relax > 0) joint.solve(RIGID, false);
        if (relax <= 1) joint.accumulateImpulse();
      }
      if (relax > 0) for (let i = 0; i < contacts.length; i++) contacts[i].solve(RIGID, RIGID, false);
      for (let iteration = 1; iteration < relax; iteration++) {
        const last = iteration === relax - 1;
        for (let i = 0; i < joints.length; i++) {
          joints[i].solve(RIGID, false);
          if (last) joints[i].accumulateImpulse();
        }
        for (let i = 0; i < contacts.length; i++) contacts[i].solve(RIGID, RIGID, false);
      }
    }
    for (let i = 0; i < contacts.length; i++) contacts[i].applyRestitution();

    for (let i = 0; i < joints.length; i++) joints[i].finishStep(dt);
    integrator.clearForces(bodies);
  }

  /**
   * The end of a substep with the direct solver: prepare every joint at the new poses, on the step's
   * last substep project the drift of the exact rows, then relax the iterative rows, each sweep followed
   * by an exact solve. Both use the factorization from the substep's start: its J is a substep old, so
   * the projection is a quasi-Newton step (repeated until the error is small; see projectPositions) and
   * the relax pass's solves are refined, and the next substep factors again at the new poses.
   *
   * Why once per step. The velocity solves hold J v = 0 exactly at every substep whatever the drift, and
   * the drift a substep leaves is second order in h (measured on the 670:1 chain: 1e-7 m); the user
   * sees the poses at the end of the step, and those are projected. Projecting every substep instead
   * took 10-20 % more time per step on the 41-body chain (two runs) for the same peak gap (1e-7 m).
   */
  private finishSubstepExact(
    joints: readonly SolverJoint[], contacts: readonly SolverContact[], h: number, settings: Readonly<SolverSettings>,
    exact: ExactJointSolver, last: boolean,
  ): void {
    const relax = settings.relaxIterations;
    for (let i = 0; i < joints.length; i++) joints[i].prepare(h);
    if (last) exact.projectPositions(h, settings.maxLinearSpeed, settings.maxAngularSpeed);
    for (let iteration = 0; iteration < (exact.alone && contacts.length === 0 ? 0 : relax); iteration++) {
      this.sweepWithExact(joints, contacts, RIGID, RIGID, RIGID, false, exact, false);
    }
    for (let i = 0; i < joints.length; i++) joints[i].accumulateImpulse();
  }

  /**
   * One sweep with the direct solver: the joints' iterative rows, then the exact solve (its tree rows,
   * loops and limits), then the contacts, then its limit rows again.
   *
   * Why the contacts after the exact solve. Contacts are solved with each body's own mass, and the exact
   * solve that follows a contact passes part of its impulse on through the tree. With the exact solve
   * last, every substep ended with the contacts' friction partly undone, and ragdolls on the ground slid
   * for ever: measured, one ragdoll lying still kept sliding at 2 cm/s, and a heap of ten (PILE-10) kept
   * 0.39 J of kinetic energy after 10 s (4 iterations: 0.04 J). With the contacts after it the heap
   * comes to rest (6e-5 J after 10 s). But then a contact's impulse in an impact could push a limb
   * through a limit the exact solve had just held (0.75 rad), so the limit rows are held once more
   * through the tree's response (which moves no tree row), and the heap's peak limit excess is 1e-6 rad.
   * The tree rows end the sweep with what the contacts did to them; that drift is second order and the
   * projection takes it (the heap's peak joint gap: 3e-6 m). With no contacts the order is as before and
   * the extra limit solve is not run, so such scenes step as they did, bit for bit.
   */
  private sweepWithExact(
    joints: readonly SolverJoint[], contacts: readonly SolverContact[], jointSoft: Readonly<Softness>, contactSoft: Readonly<Softness>,
    staticContactSoft: Readonly<Softness>, useBias: boolean, exact: ExactJointSolver, first: boolean,
  ): void {
    for (let i = 0; i < joints.length; i++) joints[i].solve(jointSoft, useBias);
    exact.solveVelocities(first);
    if (contacts.length === 0) return;
    for (let i = 0; i < contacts.length; i++) contacts[i].solve(contactSoft, staticContactSoft, useBias);
    exact.solveLimitVelocities();
  }
}
