// The step: substeps with soft constraints, warm starting and a relax pass (Catto, "Solver2D", 2024;
// Box2D v3's solver.c), as a list of named stages over one step context. One call advances the bodies,
// joints and contacts by dt:
//
//   PREPARE                 the substep count (`substeps`, or `exactSubsteps` when the direct solver holds
//                           every row and nothing touches) and the substep length's softness; warm-start
//                           impulses rescaled to it; each joint's lever arms, C, K and its factor; SETTLE,
//                           under the iterative solver, for joints made since the last step; each
//                           contact's rows (once per step: a contact's separation follows the bodies' moves)
//   for each of n substeps of h = dt / n:
//     FACTOR                the direct solver's LDLᵀ of its rows: every group at the step's first substep,
//                           at a later one only the groups that moved since (direct/direct-solver.ts)
//     INTEGRATE_VELOCITIES  v += h (g + F/m), ω += h I⁻¹ τ
//     WARM_START            v += M⁻¹ Jᵀ λ_acc, the last substep's impulses (the direct solver's own rows
//                           too when iterative rows share the sweeps; alone they start from zero)
//     SOLVE                 sweeps with bias: soft rows pull C toward 0 (`iterations` of them solve the
//                           joints, the last `contactIterations` the contacts)
//     INTEGRATE_POSITIONS   x += h v, q ← exp(hω/2) q, I⁻¹ = R I_b⁻¹ Rᵀ
//     RELAX                 each joint prepared at the new poses; on the last substep the direct solver
//                           projects its rows' drift away; `relaxIterations` rigid sweeps without bias,
//                           which remove the velocity the bias added (position correction never becomes
//                           momentum); the substep's impulses summed for the force readout
//     RESTITUTION           the bounce of the contacts that met in this substep (Box2D v3 bounces once,
//                           after the substeps: a body then sat at the surface for the rest of the step)
//   FINISH                  forces F = Σ λ_lin / dt and torques per joint; the contacts' impulses kept;
//                           the applied forces cleared
//
// A sweep (sweep below) solves every joint's iterative rows, then the direct solver's exact rows, then the
// contacts, then the direct solver's limit rows again. Without the direct solver it is the joints, then the
// contacts. With the direct solver holding every joint row SOLVE's sweeps are those with the contacts
// (one without them would repeat the exact solve); with no contact either, a substep's SOLVE is its exact
// solve alone, and WARM_START and RELAX's sweeps are skipped.
//
// The stages are the same in 2D and 3D: the step is written against a BodyIntegrator (how bodies
// integrate, which is where the dimensions differ) and SolverJoint (step-parts.ts), and lib/2d uses this
// very code.
//
// Box2D v3 factors each joint's K once per step and updates only the lever arms and C inside the
// substeps. The soft step here factors its joints' K again after every position update: measured on S5
// (40 links, a 670 kg ball) at 4 substeps, a K held for the whole step lets the chain explode, while the
// per-substep K keeps its peak gap at 0.29 m; on S1 with N = 1000 the extra factorizations cost 13 % of
// the step. The direct solver's factorization, the step's costliest part, is kept through the substeps
// where the bodies do not move (a welded wall, a heap at rest) and made again where they do
// (direct/tree-body-model.ts MOVED_ANGLE).

import { createSoftness, makeContactSoft, makeSoft, RIGID } from './softness.js';
import {
  MAX_HERTZ_PER_SUBSTEP_RATE,
  NO_CONTACTS,
  type BodyIntegrator,
  type ExactJointSolver,
  type JointSettling,
  type SolverContacts,
  type SolverJoint,
  type SolverSettings,
} from './step-parts.js';

/**
 * Everything a step's stages read and write (Box2D v3's b2StepContext): what the world hands over for
 * this step, and what PREPARE derives from it. One per world, reused every step.
 */
export class StepContext<B> {
  // ---- set by the world before each step ----
  bodies: readonly B[] = [];
  joints: readonly SolverJoint[] = [];
  contacts: SolverContacts = NO_CONTACTS;
  /** The direct solver, or null for the iterative solver alone. */
  exact: ExactJointSolver | null = null;
  /** The iterative solver's start for joints made since the last step, or null (none waits). */
  settle: JointSettling<B> | null = null;
  dt = 0;
  /** Contacts closing slower than this (m/s) do not bounce (World.restitutionThreshold). */
  restitutionThreshold = 1;

  // ---- derived by PREPARE ----
  /** The substep length, s. */
  h = 0;
  /** Substeps this step takes. */
  substeps = 1;
  /** The substep being run (0 … substeps − 1). */
  substep = 0;
  /** The rigid joints' softness for the biased solve at the current substep length. */
  readonly jointSoftness = createSoftness();
  /** The contacts' softness for the biased solve (softness.ts makeContactSoft), and against static
   * bodies. */
  readonly contactSoftness = createSoftness();
  readonly staticContactSoftness = createSoftness();
  /** @internal The last step's substep length (warm starting rescales impulses when it changes). */
  previousH = 0;

  constructor(
    readonly integrator: BodyIntegrator<B>,
    readonly gravity: Float64Array,
    readonly settings: Readonly<SolverSettings>,
  ) {}

  /** True while the direct solver holds every row of this step: no warm start, no sweeps but its solve. */
  get exactAlone(): boolean {
    return this.exact !== null && this.exact.alone && this.contacts.count === 0;
  }
}

/** Advances the context's bodies, joints and contacts by its dt: the stages, in order. */
export function step<B>(context: StepContext<B>): void {
  prepare(context);
  for (let substep = 0; substep < context.substeps; substep++) {
    context.substep = substep;
    factor(context);
    integrateVelocities(context);
    warmStart(context);
    solve(context);
    integratePositions(context);
    relax(context);
    restitution(context);
    if (substep < context.substeps - 1) context.contacts.accumulateImpulses();
  }
  finish(context);
}

/**
 * PREPARE. Joints are springs (softness.ts) whose stiffness is capped at a quarter of the substep rate,
 * as Box2D v3 caps it. Measured here at 4 substeps: a cap of 0.25/h keeps S1, S3 and S5 stable; 0.5/h
 * folds the welded cantilever (joint angles of 3 rad) and 1/h explodes it. Warm starting carries impulses
 * across steps; a new substep length rescales them to stay the same force, and with warm starting off
 * they start from zero.
 */
function prepare<B>(context: StepContext<B>): void {
  const { settings, joints, contacts } = context;
  const exactAlone = context.exact !== null && context.exact.holdsEveryRow && contacts.count === 0;
  context.substeps = exactAlone ? settings.exactSubsteps : settings.substeps;
  const h = context.dt / context.substeps;
  context.h = h;
  const hertz = Math.min(settings.jointHertz, MAX_HERTZ_PER_SUBSTEP_RATE / h);
  makeSoft(context.jointSoftness, hertz, settings.jointDampingRatio, h);
  const ratio = settings.warmStarting ? (context.previousH > 0 ? h / context.previousH : 1) : 0;
  context.previousH = h;
  context.integrator.refresh(context.bodies);
  for (let i = 0; i < joints.length; i++) {
    const joint = joints[i];
    if (ratio !== 1) joint.scaleImpulse(ratio);
    joint.prepare(context);
  }
  if (context.settle !== null) settle(context);
  if (contacts.count > 0) {
    makeContactSoft(context.contactSoftness, context.staticContactSoftness, h);
    contacts.prepare(h, context.gravity, ratio, context.restitutionThreshold);
  }
}

/**
 * SETTLE (in PREPARE, under the iterative solver): the joints made since the last step, or every joint
 * when the world turned iterative, start under their load (direct/settle.ts): their bodies moved by the
 * sag C* = −K λ / (h ω²) at which their soft rows hold the load λ the direct solver finds, and λ their
 * warm start. Built unloaded, a structure drops into that sag and rings: a welded wall left alone broke
 * its ground welds. The joints are prepared again at the poses it leaves; the contacts after it.
 */
function settle<B>(context: StepContext<B>): void {
  const soft = context.jointSoftness, joints = context.joints;
  if (!(soft.biasRate > 0 && soft.massScale > 0)) return;
  const { maxLinearSpeed, maxAngularSpeed } = context.settings;
  (context.settle as JointSettling<B>).settle(context.integrator, context.gravity, context.h, soft.impulseScale / (soft.massScale * soft.biasRate), maxLinearSpeed, maxAngularSpeed);
  for (let i = 0; i < joints.length; i++) joints[i].prepare(context);
}

/** FACTOR: the direct solver's rows at the substep's starting poses: all of them at the step's first
 * substep, the groups that moved or changed at a later one (see relax on why once a substep at most). */
function factor<B>(context: StepContext<B>): void {
  if (context.exact !== null) context.exact.factor(context.h, context.substep === 0);
}

/** INTEGRATE_VELOCITIES: gravity and the applied forces. */
function integrateVelocities<B>(context: StepContext<B>): void {
  context.integrator.integrateVelocities(context.bodies, context.gravity, context.h);
}

/**
 * WARM_START: the last substep's impulses applied again. Without warm starting every row starts its substep
 * from zero (a contact's kept impulse would otherwise clamp against a push that was never applied: measured,
 * a pile of 10 ragdolls exploded to 1 km/s).
 *
 * The direct solver's rows start from zero when its solve is the substep's only one, or the first of each
 * sweep (it holds every joint row): an exact solve needs no guess. With iterative rows beside them (motors,
 * servos, springs) they are warm started too, because the iterative rows are solved before them in each
 * sweep: a row whose warm start pushes a body the direct solver holds would otherwise see that push
 * unanswered, as velocity, and take it back. Measured, before: a 100 kg chassis on wheel joints over two
 * light wheels pinned by exactly held hinges sank 5.1 times its springs' m g / 2k (13.8 m on braking slider
 * motors of 10 kN), where the iterative solver held it; a ragdoll welded at its pelvis tracked a walk
 * cycle within 0.020 rad (0.010 warm started; the iterative solver 0.0115).
 */
function warmStart<B>(context: StepContext<B>): void {
  const { joints, contacts } = context;
  const exact = context.exact;
  if (exact !== null) exact.clearImpulses(!(context.exactAlone || exact.alone || !context.settings.warmStarting));
  if (context.exactAlone) return;
  if (context.settings.warmStarting) {
    for (let i = 0; i < joints.length; i++) joints[i].warmStart();
    contacts.warmStart();
  } else {
    for (let i = 0; i < joints.length; i++) joints[i].scaleImpulse(0);
    contacts.clearImpulses();
  }
}

/**
 * SOLVE: the sweeps with bias, max(iterations, contactIterations) of them: the joints in the last
 * `iterations` (one more beside the direct solver's rows), the contacts in the last `contactIterations`;
 * with the direct solver holding every row, its one solve.
 *
 * Why the contacts have their own count (default 1, with the joints' 2). A contact converges with one
 * biased sweep and one relax sweep per substep (Box2D v3's and Rapier's defaults: 8 sweeps a step at 4
 * substeps) once its softness is damped at ratio 5 (softness.ts): measured, the 20-, 30- and 40-row
 * pyramids stand and sleep within 2 s as they did with two sweeps, and the 20-row pyramid's step takes
 * 0.8x the time. (At damping ratio 10, one sweep let the 30-row pyramid sway out of its plane, 1 cm at
 * 2 s and 0.8 m at 8 s, and fall.)
 */
function solve<B>(context: StepContext<B>): void {
  if (context.exactAlone) {
    (context.exact as ExactJointSolver).solveVelocities(true, true);
    return;
  }
  const { iterations, contactIterations } = context.settings;
  // with the direct solver holding every joint row the joints' sweeps have nothing to do: a sweep without
  // the contacts would repeat the exact solve before it
  if (context.exact !== null && context.exact.alone) {
    for (let k = 0; k < contactIterations; k++) sweep(context, true, k === 0);
    return;
  }
  // With the direct solver holding some rows and iterative rows beside them, the joints take one sweep
  // more: the two kinds meet once a sweep, and an iterative row on a body held exactly builds its impulse
  // through those meetings. Measured: a ragdoll welded at its pelvis, every joint a 1000 N·m servo toward
  // a walk, lagged its hip targets by 0.15 rad for its first 1.3 s at 2 sweeps and by 0.013 at 3 (the
  // iterative solver: 0.010 at 2).
  const jointSweeps = context.exact?.active === true ? iterations + 1 : iterations;
  const sweeps = Math.max(jointSweeps, contactIterations);
  for (let k = 0; k < sweeps; k++) {
    sweep(context, true, k === sweeps - jointSweeps, k >= sweeps - jointSweeps, k >= sweeps - contactIterations);
  }
}

/** INTEGRATE_POSITIONS: speed caps, then poses from velocities. */
function integratePositions<B>(context: StepContext<B>): void {
  const settings = context.settings;
  context.integrator.integratePositions(context.bodies, context.h, settings.maxLinearSpeed, settings.maxAngularSpeed);
}

/**
 * RELAX: every joint prepared at the new poses, the drift projected (direct solver, last substep), the
 * rigid sweeps without bias, and the substep's impulses summed for the readout.
 *
 * Without the direct solver, prepare, the first relax sweep and the impulse accumulation share one pass
 * over the joints: a joint's prepare reads only poses and inverse inertias, which relaxing other joints
 * does not change, so this is the same arithmetic as three passes, with a third of the memory traffic
 * (measured: the joints of a 100 x 100 sphere grid are ~20 MB, and streaming them was the cost).
 *
 * With it, the projection and the relax sweeps use the factorization the substep began with: its J is a
 * substep old or more, so the projection is a quasi-Newton step (repeated until the error is small; see
 * direct/projection.ts) and the relax pass's exact solves are refined, and the next substep factors
 * again the groups that moved. Why project once per step: the velocity solves hold J v = 0 exactly at every
 * substep whatever the drift, and the drift a substep leaves is second order in h (measured on the 670:1
 * chain: 1e-7 m); the user sees the poses at the end of the step, and those are projected. Projecting
 * every substep instead took 10-20 % more time per step on the 41-body chain (two runs) for the same peak
 * gap (1e-7 m).
 */
function relax<B>(context: StepContext<B>): void {
  const { joints, contacts, exact, settings, h } = context;
  const iterations = settings.relaxIterations;
  if (exact !== null) {
    for (let i = 0; i < joints.length; i++) joints[i].prepare(context);
    if (context.substep === context.substeps - 1) exact.projectPositions(h, settings.maxLinearSpeed, settings.maxAngularSpeed);
    const sweeps = context.exactAlone ? 0 : iterations;
    for (let iteration = 0; iteration < sweeps; iteration++) sweep(context, false, false);
    for (let i = 0; i < joints.length; i++) joints[i].accumulateImpulse();
    return;
  }
  for (let i = 0; i < joints.length; i++) {
    const joint = joints[i];
    joint.prepare(context);
    if (iterations > 0) joint.solve(RIGID, false);
    if (iterations <= 1) joint.accumulateImpulse();
  }
  if (iterations > 0) contacts.solve(RIGID, RIGID, false);
  for (let iteration = 1; iteration < iterations; iteration++) {
    const last = iteration === iterations - 1;
    for (let i = 0; i < joints.length; i++) {
      joints[i].solve(RIGID, false);
      if (last) joints[i].accumulateImpulse();
    }
    contacts.solve(RIGID, RIGID, false);
  }
}

/** RESTITUTION: after each substep, contact points against a static body that closed fast and met in it
 * bounce; after the last, those between moving bodies. */
function restitution<B>(context: StepContext<B>): void {
  context.contacts.applyRestitution(context.substep === context.substeps - 1);
}

/** FINISH: each joint's force and torque over the step, each contact's impulses kept (and, for the force
 * events, summed with the last substep's); the speed caps
 * applied again and the forces applied for this step cleared. */
function finish<B>(context: StepContext<B>): void {
  const { joints, contacts } = context;
  for (let i = 0; i < joints.length; i++) joints[i].finishStep(context.dt);
  contacts.finishStep();
  context.integrator.finishBodies(context.bodies, context.settings.maxLinearSpeed, context.settings.maxAngularSpeed);
}

/**
 * One Gauss-Seidel sweep: with bias (SOLVE, the context's softness) or without (RELAX, rigid). Each
 * joint's iterative rows, then the direct solver's exact solve (its tree rows, loops and limits), then the
 * contacts, then its limit rows again. `first`: the substep's first sweep of the joints (the direct solver
 * applies the geometric stiffness in it); `withJoints`, `withContacts`: whether this sweep solves them
 * (see solve).
 *
 * Why the contacts after the exact solve. Contacts are solved with each body's own mass, and the exact
 * solve that follows a contact passes part of its impulse on through the tree. With the exact solve
 * last, every substep ended with the contacts' friction partly undone, and ragdolls on the ground slid
 * for ever: measured, one ragdoll lying still kept sliding at 2 cm/s, and a heap of ten (PILE-10) kept
 * 0.39 J of kinetic energy after 10 s (4 iterations: 0.04 J). With the contacts after it the heap
 * comes to rest (6e-5 J after 10 s). But then a contact's impulse in an impact could push a limb
 * through a limit the exact solve had just held (0.75 rad), so the limit rows are held once more
 * through the tree's response (which moves no tree row), and the heap's peak limit excess is 1e-6 rad.
 * (Its joint friction rows are not solved again there: that undid the contacts' friction too, and limbs
 * slid; DirectSolver.solveLimitVelocities.) The tree rows end the sweep with what the contacts did to them; that drift is second order and the
 * projection takes it (the heap's peak joint gap: 3e-6 m). With no contacts the extra limit solve is not
 * run.
 */
function sweep<B>(context: StepContext<B>, useBias: boolean, first: boolean, withJoints = true, withContacts = true): void {
  const { joints, contacts, exact } = context;
  const jointSoft = useBias ? context.jointSoftness : RIGID;
  const contactSoft = useBias ? context.contactSoftness : RIGID;
  const staticContactSoft = useBias ? context.staticContactSoftness : RIGID;
  if (withJoints) {
    for (let i = 0; i < joints.length; i++) joints[i].solve(jointSoft, useBias);
    if (exact !== null) exact.solveVelocities(first);
  }
  if (!withContacts) return;
  contacts.solve(contactSoft, staticContactSoft, useBias);
  if (exact !== null && contacts.count > 0) exact.solveLimitVelocities();
}
