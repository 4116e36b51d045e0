// What the step (step.ts) asks of the things it moves and solves: the bodies' integration, each joint,
// each contact and the direct solver, and the settings it reads. The same in 2D and 3D: lib/2d gives its
// own integrator and joints, and the direct solver its own body model (direct/tree-body-model.ts).
//
// Constraints (lib/joints, lib/collision) implement these; this file imports nothing but the softness
// coefficients, so the dependency runs one way: constraints ← the step's parts ← the step ← the world.

import type { Softness } from './softness.js';

/** Joint stiffness cap as a fraction of the substep rate 1/h (step.ts PREPARE). */
export const MAX_HERTZ_PER_SUBSTEP_RATE = 0.25;

/** The settings the step reads; the same in 2D and 3D. */
export interface SolverSettings {
  /** Substeps per step, 1 to 64. */
  substeps: number;
  /** Substeps of a step the direct solver holds alone, 1 to 64 (step.ts PREPARE). */
  exactSubsteps: number;
  /** Joint velocity iterations per substep, 1 to 1000. */
  iterations: number;
  /** Contact velocity iterations per substep, 1 to 1000. */
  contactIterations: number;
  /** Relax iterations per substep, 0 to 1000. */
  relaxIterations: number;
  /** Stiffness of rigid joints in the soft step, Hz (Infinity: the stiffest stable). */
  jointHertz: number;
  /** Damping ratio of rigid joints in the soft step. */
  jointDampingRatio: number;
  /** Start each solve from the last substep's impulses. */
  warmStarting: boolean;
  /** Dynamic bodies move no faster than this, m/s. */
  maxLinearSpeed: number;
  /** Dynamic bodies turn no faster than this, rad/s. */
  maxAngularSpeed: number;
}

/** What a constraint's prepare reads of the step: the substep length h, s. (An object, not the number: a
 * double passed to a call V8 does not inline is boxed, a HeapNumber per constraint per substep.) */
export interface SubstepLength {
  readonly h: number;
}

/** What the step asks of a joint (3D or 2D). */
export interface SolverJoint {
  /** @internal Rows and masses at the current poses, for substeps of `step.h`. */
  prepare(step: SubstepLength): void;
  /** @internal */
  warmStart(): void;
  /** @internal `useBias`: true in the biased solve, false in the relax pass (where `soft` is RIGID). */
  solve(soft: Readonly<Softness>, useBias: boolean): void;
  /** @internal */
  scaleImpulse(ratio: number): void;
  /** @internal */
  accumulateImpulse(): void;
  /** @internal */
  finishStep(dt: number): void;
}

/**
 * What the step asks of the contacts (collision/contact-solver.ts; 3D), all of them at once: prepared
 * once per step at the start poses (their separation follows the bodies' moves), solved after the
 * joints in every sweep.
 */
export interface SolverContacts {
  /** @internal How many contacts the step solves. */
  readonly count: number;
  /** @internal Each contact's rows for substeps of h under `gravity`, its kept impulses first multiplied by
   * `impulseRatio` (a new substep length; 1 otherwise); points closing faster than `restitutionThreshold`
   * (m/s) are impacts (contact-constraint.ts, "impact"). */
  prepare(h: number, gravity: Float64Array, impulseRatio: number, restitutionThreshold: number): void;
  /** @internal v += M⁻¹ Jᵀ λ for the kept impulses. */
  warmStart(): void;
  /** @internal Zeroes the impulses (a substep without warm starting starts every row from zero). */
  clearImpulses(): void;
  /** @internal One sweep; `soft` for contacts between moving bodies, `staticSoft` against a static body. */
  solve(soft: Readonly<Softness>, staticSoft: Readonly<Softness>, useBias: boolean): void;
  /** @internal After a substep but the last: its impulses summed for the force events (when asked). */
  accumulateImpulses(): void;
  /** @internal After each substep: the bounce of the points against a static body that closed faster than
   * the threshold and met in it; after the last (`last`), of those between moving bodies. */
  applyRestitution(last: boolean): void;
  /** @internal After the bounce: the step's impulses kept (the next step's warm start, the force readouts). */
  finishStep(): void;
}

/** No contacts (2D, and a world without shapes). */
export const NO_CONTACTS: SolverContacts = {
  count: 0,
  prepare: () => undefined,
  warmStart: () => undefined,
  clearImpulses: () => undefined,
  solve: () => undefined,
  accumulateImpulses: () => undefined,
  applyRestitution: () => undefined,
  finishStep: () => undefined,
};

/** What the step asks of the bodies' integration, which differs between 3D and 2D. */
export interface BodyIntegrator<B> {
  /** Rotation and world inverse inertia from the orientation (the user may have written it). */
  refresh(bodies: readonly B[]): void;
  /** v += h (g + F/m), ω += h I⁻¹ τ, damping (and in 3D the gyroscopic term). */
  integrateVelocities(bodies: readonly B[], gravity: Float64Array, h: number): void;
  /** Speed caps, x += h v, the orientation by h ω, then rotation and I⁻¹. */
  integratePositions(bodies: readonly B[], h: number, maxLinearSpeed: number, maxAngularSpeed: number): void;
  /** After the step's last sweep: dynamic bodies' speeds capped again (the relax sweeps and restitution
   * come after the last substep's cap, and a world's velocities stay within its caps, as restore
   * requires), and the forces and torques applied for this step cleared. */
  finishBodies(bodies: readonly B[], maxLinearSpeed: number, maxAngularSpeed: number): void;
}

/**
 * The iterative solver's start for joints made since the last step (direct/settle.ts): their structures
 * moved to the sag that holds their load, the load their warm start. Run by PREPARE, the joints prepared.
 */
export interface JointSettling<B> {
  /** For substeps of h, with the joints' compliance c = 1 / (h ω²) (softness.ts: impulseScale /
   * (massScale · biasRate)); gravity and the applied forces through the integrator; no body moved
   * farther than the speed caps take it in a substep. */
  settle(integrator: BodyIntegrator<B>, gravity: Float64Array, h: number, c: number, maxLinearSpeed: number, maxAngularSpeed: number): void;
}

/**
 * An exact solver for some joints' equality rows (direct/direct-solver.ts), run by the step's stages:
 * FACTOR at each substep's start, the exact solve in every sweep (so its rows hold exactly at the end of
 * every velocity solve), and the projection of the drift in RELAX on the last substep.
 */
export interface ExactJointSolver {
  /** True when it holds every row of the step (no iterative row is left; read after `factor`): one exact
   * solve per substep then suffices, and the warm start and the relax pass are skipped. */
  readonly alone: boolean;
  /** True when it holds every row of every joint of the step, whatever their state (known before
   * `factor`: with no contact either, the step takes one substep). */
  readonly holdsEveryRow: boolean;
  /** True when it holds any row. */
  readonly active: boolean;
  /** Factors the rows at the current poses for substeps of h (the joints are prepared at them): at the
   * step's start, and at a later substep's start when the factorization it keeps has gone stale. */
  factor(h: number, stepStart: boolean): void;
  /** Zeroes its rows' impulses before the warm start (an exact solve alone needs no starting guess), or with
   * `keepForest` a loop's only, the rest kept for the joints' warm start beside iterative rows. */
  clearImpulses(keepForest?: boolean): void;
  /** Makes J v = 0 for its rows (and the limit rows it holds, J v ≥ 0) and adds the impulses to the
   * joints' λ_acc; `first`: the substep's first; `alone`: its only one (exactAlone). */
  solveVelocities(first: boolean, alone?: boolean): void;
  /** Moves the bodies until its rows' C vanishes (re-preparing its joints for substeps of h), no body
   * faster than the speed caps. */
  projectPositions(h: number, maxLinearSpeed: number, maxAngularSpeed: number): void;
  /** Holds its limit rows (J v ≥ 0) again after the contacts moved the bodies, without undoing the
   * contacts through its other rows (step.ts sweep). */
  solveLimitVelocities(): void;
}
