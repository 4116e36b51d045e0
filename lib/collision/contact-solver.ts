// The contact solver: every contact the step solves, swept over the flat rows (contact-rows.ts) without
// reading a contact object. Each step ContactSet lists the active contacts and layout() gives each its
// region, in that order; PREPARE has each ContactConstraint fill its region (rows, impulses, header);
// the sweeps then read the header and the points' blocks in order, and reach the two bodies through
// their arena chunks (Body.stateChunk at Body.stateOffset), where the joints read and write the same
// numbers through the bodies' own views. After the step each contact copies its impulses back
// (finishStep) for the next step's warm start and the readouts.
//
// A sweep solves each contact's points (the normal rows, as a block or forward and back, then friction),
// then its rolling rows if it has them (the contact's own, rare: ContactConstraint.solveRolling).
//
// The header's counts and offsets are read back as integers (`| 0`): indices computed from a raw double
// cost the 20-row pyramid's contacts 45 % more time than indices V8 knows to be small integers.
//
// Why the header and the chunks. With the rows flat but each contact reached as an object (the contact,
// its manifold's normal, each body and its state view, each a separate heap object), a row still cost
// 130 ns a pass on a pile of 1000 bodies (3000 contacts of 1.2 points), against 30 ns on the 20-row
// pyramid, whose contacts fit in cache.

import type { Body } from '../body/body.js';
import { BODY_STATE } from '../body/body-state.js';
import { ShrinkCheck } from '../util/arena.js';
import { MAX_PUSH_SPEED, type Softness } from '../solver/softness.js';
import type { SolverContacts, SubstepLength } from '../solver/step-parts.js';
import { MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE, type ContactConstraint } from './contact-constraint.js';
import { MAX_MANIFOLD_POINTS } from './manifold.js';
import {
  HEADER_AGAINST_STATIC, HEADER_COUNT, HEADER_FRICTION, HEADER_MOVING_SIGN, HEADER_NORMAL, HEADER_OFFSET_A, HEADER_OFFSET_B, HEADER_RESTITUTION,
  FACTOR_STATE, HEADER_COINCIDENT, HEADER_K, HEADER_RIGID_FACTOR, HEADER_ROLLING, HEADER_SOFT_FACTOR, HEADER_TANGENT_SPEED, POINT_CLOSING_SPEED, POINT_CORE_GAP, POINT_FIXED_CORE, POINT_IMPULSE, POINT_LARGEST_IMPULSE, POINT_LOCAL_A,
  POINT_LOCAL_B, POINT_SEPARATION, POINT_SIZE, ROW_IJA, ROW_IJB, ROW_JA, ROW_JB, ROW_MASS, ROW_N, ROW_SIZE, pointsBase,
} from './contact-rows.js';

/** The rows' array is never cut below this many doubles (64 KB). */
const MIN_ROWS = 8192;
const POSITION = BODY_STATE.position, LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const ROTATION = BODY_STATE.rotation;
/** m⁻¹ along x, y and z (BODY_STATE.inverseMassAxes: m⁻¹ each unless the body's translation is locked
 * along the axis, 0 then). Every linear impulse here is applied through them, as m⁻¹_k λ n_k. */
const MASS_X = BODY_STATE.inverseMassAxes, MASS_Y = MASS_X + 1, MASS_Z = MASS_X + 2;

/** Each point's normal row this pass (writeNormalBias). */
const pointBias = new Float64Array(MAX_MANIFOLD_POINTS), pointMassScale = new Float64Array(MAX_MANIFOLD_POINTS);
const pointImpulseScale = new Float64Array(MAX_MANIFOLD_POINTS);
/** A bias no closing speed reaches: the row never pushes (writeNormalBias, the relax pass on an impact
 * still apart). Finite, so that a row of zero effective mass gets 0 · NO_LIMIT = 0. */
const NO_LIMIT = 1e300;
/** 1 where the point's row this pass is an impact's (writeNormalBias), else 0. */
const pointImpact = new Uint8Array(MAX_MANIFOLD_POINTS);

/** The moving body of a contact with a static body (null when neither is static). */
function staticMover(contact: ContactConstraint): Body | null {
  return contact.bodyA.type === 'static' ? contact.bodyB : contact.bodyB.type === 'static' ? contact.bodyA : null;
}

export class ContactSolver implements SolverContacts, SubstepLength {
  /** Every active contact's region, in solve order. Grows (doubling) when a step needs more, so a warm
   * scene allocates nothing here; shrinks to twice what is used once under a quarter of it has been for a
   * second of steps (arena.ts ShrinkCheck: most contacts gone). */
  private data = new Float64Array(0);
  private readonly shrink = new ShrinkCheck();
  /** The contacts, in solve order (ContactSet's active list). */
  private contacts: readonly ContactConstraint[] = [];
  /** Each contact's two bodies' arena chunks (Body.stateChunk), in solve order. */
  private readonly chunksA: Float64Array[] = [];
  private readonly chunksB: Float64Array[] = [];
  /** Which way the next sweep takes a manifold's friction rows (see solve). */
  private frictionBackward = false;
  /** Sum each contact's normal impulses over the step's substeps into its stepNormalImpulse (the world
   * has an onContactForce listener); off, the step does no such work. */
  sumImpulses = false;
  /** The step's substep length h, s, and 1/h (SubstepLength). */
  h = 0;
  private inverseH = 0;

  get count(): number {
    return this.contacts.length;
  }

  /** Gives each contact its region, one after another in the order given (the solve order). */
  layout(contacts: readonly ContactConstraint[]): void {
    this.contacts = contacts;
    // each step's first sweep takes the friction rows forward: a way carried over from the last step
    // (whose sweeps may have been odd in number) is state no snapshot holds
    this.frictionBackward = false;
    let total = 0;
    for (let i = 0; i < contacts.length; i++) total = pointsBase(total, contacts[i].count) + contacts[i].count * POINT_SIZE;
    if (total > this.data.length) this.data = new Float64Array(Math.max(total, 2 * this.data.length));
    else if (this.shrink.due(total, this.data.length, MIN_ROWS)) this.data = new Float64Array(2 * total);
    const data = this.data, chunksA = this.chunksA, chunksB = this.chunksB;
    chunksA.length = contacts.length;
    chunksB.length = contacts.length;
    let at = 0;
    for (let i = 0; i < contacts.length; i++) {
      const contact = contacts[i];
      contact.placeRows(data, at);
      chunksA[i] = contact.bodyA.stateChunk;
      chunksB[i] = contact.bodyB.stateChunk;
      at = pointsBase(at, contact.count) + contact.count * POINT_SIZE;
    }
  }

  prepare(h: number, gravity: Float64Array, impulseRatio: number, restitutionThreshold: number): void {
    const contacts = this.contacts;
    this.h = h;
    this.inverseH = 1 / h;
    // Impact rows (contact-constraint.ts, "impact") only where a moving body meets static ones in a single
    // manifold: two manifolds of one body (an L of two hulls landing flat, a box over a mesh's two
    // triangles) met as rigid rows one after the other, and the first took the whole stop (the L turned
    // at 2.8 rad/s and fell over); those bounce at the step's end, as moving pairs do.
    for (let i = 0; i < contacts.length; i++) {
      const moving = staticMover(contacts[i]);
      if (moving !== null) moving.staticContacts = 0;
    }
    for (let i = 0; i < contacts.length; i++) {
      const moving = staticMover(contacts[i]);
      if (moving !== null) moving.staticContacts++;
    }
    for (let i = 0; i < contacts.length; i++) {
      const moving = staticMover(contacts[i]);
      contacts[i].impactRows = moving !== null && moving.staticContacts === 1;
    }
    for (let i = 0; i < contacts.length; i++) {
      if (impulseRatio !== 1) contacts[i].scaleImpulse(impulseRatio);
      contacts[i].prepare(this, gravity, restitutionThreshold);
      contacts[i].stepNormalImpulse = 0;
    }
  }

  /**
   * A substep's normal impulses added to each contact's stepNormalImpulse. A row's accumulated impulse
   * is what it applied over the substep (the warm start's share included), so the sum over the substeps
   * is the momentum the contact passed in the step, and that over dt its mean force (Rapier's
   * ContactForceEvent: the impulses times 1/dt). Called after each substep but the last, whose impulses
   * finishStep adds with the bounce's.
   */
  accumulateImpulses(): void {
    if (!this.sumImpulses) return;
    const d = this.data, contacts = this.contacts;
    let header = 0;
    for (let k = 0; k < contacts.length; k++) {
      const count = d[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
      let sum = 0;
      for (let i = 0; i < count; i++) sum += d[base + i * POINT_SIZE + POINT_IMPULSE];
      contacts[k].stepNormalImpulse += sum;
      header = base + count * POINT_SIZE;
    }
  }

  /** v += M⁻¹ Jᵀ λ for every row's kept impulse, point rows then rolling rows, contact by contact:
   * v_a −= m_a⁻¹ n λ, ω_a −= I_a⁻¹ j_a λ, and + for B. A static body's m⁻¹ and I⁻¹ are zero, so its velocity
   * stays zero, and the moving body's change is the sweeps' s m⁻¹ n λ (the same bits). */
  warmStart(): void {
    const d = this.data, contacts = this.contacts, chunksA = this.chunksA, chunksB = this.chunksB;
    let header = 0;
    for (let k = 0; k < contacts.length; k++) {
      const count = d[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
      const sa = chunksA[k], oa = d[header + HEADER_OFFSET_A] | 0, sb = chunksB[k], ob = d[header + HEADER_OFFSET_B] | 0;
      for (let i = 0; i < count; i++) {
        const p = base + i * POINT_SIZE;
        for (let r = 0; r < 3; r++) {
          const lambda = d[p + POINT_IMPULSE + r];
          if (lambda === 0) continue;
          const at = p + r * ROW_SIZE;
          const nx = d[at + ROW_N], ny = d[at + ROW_N + 1], nz = d[at + ROW_N + 2];
          sa[oa + LINEAR_VELOCITY] -= sa[oa + MASS_X] * lambda * nx; sa[oa + LINEAR_VELOCITY + 1] -= sa[oa + MASS_Y] * lambda * ny; sa[oa + LINEAR_VELOCITY + 2] -= sa[oa + MASS_Z] * lambda * nz;
          sb[ob + LINEAR_VELOCITY] += sb[ob + MASS_X] * lambda * nx; sb[ob + LINEAR_VELOCITY + 1] += sb[ob + MASS_Y] * lambda * ny; sb[ob + LINEAR_VELOCITY + 2] += sb[ob + MASS_Z] * lambda * nz;
          sa[oa + ANGULAR_VELOCITY] -= d[at + ROW_IJA] * lambda; sa[oa + ANGULAR_VELOCITY + 1] -= d[at + ROW_IJA + 1] * lambda; sa[oa + ANGULAR_VELOCITY + 2] -= d[at + ROW_IJA + 2] * lambda;
          sb[ob + ANGULAR_VELOCITY] += d[at + ROW_IJB] * lambda; sb[ob + ANGULAR_VELOCITY + 1] += d[at + ROW_IJB + 1] * lambda; sb[ob + ANGULAR_VELOCITY + 2] += d[at + ROW_IJB + 2] * lambda;
        }
      }
      if (d[header + HEADER_ROLLING] !== 0) contacts[k].warmStartRolling();
      header = base + count * POINT_SIZE;
    }
  }

  clearImpulses(): void {
    const contacts = this.contacts;
    for (let i = 0; i < contacts.length; i++) contacts[i].clearImpulses();
  }

  /**
   * One sweep over the contacts: each contact's points (solveMoving or solvePair), then its rolling rows.
   * `soft`: the contact softness; `staticSoft`: against a static body.
   *
   * Symmetry. A manifold's points must not be solved so that the first one takes the load: solved one
   * after another once, a 1 m box dropped flat from 1 m onto a plane spun up to 1.5 rad/s on landing,
   * rocked 1.8 mm up and ended 2 mm aside, turned 0.0017 rad. So the normal rows are solved as one block
   * (solveNormalBlock) when every point touches and pushes, else forward and then back (symmetric
   * Gauss-Seidel), and the friction rows forward in one sweep and back in the next. Normal rows forward
   * and back with friction always forward still depended on the order the points came in: a box set
   * down flat turned at 1.3e-4 rad/s in its first step, and pyramids of 30 and 40 rows, one box deep,
   * were rocked 1 cm out of their plane within a second while they settled, which their soft contacts
   * then let grow (3.6x every 2 s) until they fell. Now the box does not turn (1e-19 rad/s) and the
   * pyramids settle within 5 mm (30 rows) and 11 mm (40 rows) of their plane and sleep within 2 s. (The
   * friction rows forward and then back in every sweep did as well, for 20 % more time on the 20-row
   * pyramid; normal rows alternating between sweeps left the landing box turning at 1.5 rad/s.)
   *
   * Order: the normal rows, then friction bounded by the λ_n they just gave (Box2D v3's order; Box2D v2
   * and Jolt solve friction first). The relax sweep's normal rows shed the push-out that the biased
   * sweeps' soft rows added to λ_n; friction solved before them was bounded by μ times the inflated λ_n
   * and kept the extra. A 2 m box set 1 mm into the ground and sliding at 20 m/s (Jolt's TestFriction)
   * lost 0.15 m/s more than μ g t while it was pushed out (0.2 s), and at oblique headings yawed 0.03
   * rad in 1 s; now it keeps μ g t to 1e-4 m/s and turns 1e-4 rad. (Friction scaled back onto the new
   * λ_n's disc without being solved again left the normal rows' velocities unbalanced, and a box sliding
   * down a slope spun up about its tipping axis; friction bounded by λ_n estimated before the relax
   * sweep's normal rows halved the error but left the yaw.)
   *
   * The friction and normal rows are one function per case (solveMoving, solvePair) that keeps the
   * bodies' velocities in locals across the manifold's rows and calls nothing V8 might not inline: V8
   * inlines a function's callees only within a budget, and a double that crosses a call it did not
   * inline is boxed in a new HeapNumber. Measured on 500 bodies on a heightfield: 29 ns a row per pass
   * this way, 40-45 ns with a helper per row passing its doubles through a scratch array, and more with
   * helpers that returned them (the same arithmetic in the same order: the same bits).
   */
  solve(soft: Readonly<Softness>, staticSoft: Readonly<Softness>, useBias: boolean): void {
    const d = this.data, contacts = this.contacts, chunksA = this.chunksA, chunksB = this.chunksB, inverseH = this.inverseH;
    const backward = (this.frictionBackward = !this.frictionBackward);
    let header = 0;
    for (let k = 0; k < contacts.length; k++) {
      const rowSoft = d[header + HEADER_AGAINST_STATIC] !== 0 ? staticSoft : soft;
      const sign = d[header + HEADER_MOVING_SIGN];
      if (sign > 0) solveMoving(d, header, chunksB[k], d[header + HEADER_OFFSET_B] | 0, 1, rowSoft, useBias, inverseH, backward);
      else if (sign < 0) solveMoving(d, header, chunksA[k], d[header + HEADER_OFFSET_A] | 0, -1, rowSoft, useBias, inverseH, backward);
      else solvePair(d, header, chunksA[k], d[header + HEADER_OFFSET_A] | 0, chunksB[k], d[header + HEADER_OFFSET_B] | 0, rowSoft, useBias, inverseH, backward);
      if (d[header + HEADER_ROLLING] !== 0) contacts[k].solveRolling();
      const count = d[header + HEADER_COUNT] | 0;
      header = pointsBase(header, count) + count * POINT_SIZE;
    }
  }

  applyRestitution(last: boolean): void {
    const contacts = this.contacts;
    for (let i = 0; i < contacts.length; i++) contacts[i].applyRestitution(last);
  }

  finishStep(): void {
    this.accumulateImpulses();
    const contacts = this.contacts;
    for (let i = 0; i < contacts.length; i++) contacts[i].finishStep();
  }
}

/** The normal block's Ċ of each row, and the impulse changes. */
const blockRate = new Float64Array(MAX_MANIFOLD_POINTS);
const blockDelta = new Float64Array(MAX_MANIFOLD_POINTS);
/** The block's compliance floor, relative to K's diagonal: four points of a face are three independent
 * rows (a push and two tilts), so K is singular; this picks the impulses nearest equal among the ones that
 * hold (the least-norm solution), whatever order the points come in. */
const BLOCK_REGULARIZATION = 1e-9;

/**
 * Gaussian elimination of K + diag(γ_i K_ii) (1 + BLOCK_REGULARIZATION on the diagonal) into the header at
 * F: the eliminated rows on and above the diagonal, each row's multipliers below it, and the state (1, or
 * −1 when a pivot is not positive). K is fixed for the step and γ for a kind of sweep, so each contact
 * factors once a step for its biased sweeps and once for its relax sweeps, where the sweeps did it every
 * time (solveNormalBlock then repeats the elimination's steps on its right-hand side: the same arithmetic
 * in the same order, the same bits).
 */
function factorNormalBlock(rows: Float64Array, header: number, count: number, F: number): void {
  // γ as solveNormalBlock takes it (read here, not passed: a double passed to a call V8 does not inline is boxed)
  const gamma = pointImpulseScale[0] / pointMassScale[0];
  for (let i = 0; i < count; i++) for (let k = 0; k < count; k++) rows[F + 4 * i + k] = rows[header + HEADER_K + 4 * i + k];
  for (let i = 0; i < count; i++) rows[F + 5 * i] *= 1 + gamma * rows[header + HEADER_COINCIDENT + i] + BLOCK_REGULARIZATION;
  // (K is symmetric positive definite once regularized: no pivoting)
  for (let c = 0; c < count; c++) {
    const pivot = rows[F + 5 * c];
    if (!(pivot > 0)) {
      rows[F + FACTOR_STATE] = -1;
      return;
    }
    for (let i = c + 1; i < count; i++) {
      const f = rows[F + 4 * i + c] / pivot;
      if (f !== 0) for (let k = c; k < count; k++) rows[F + 4 * i + k] -= f * rows[F + 4 * c + k];
      rows[F + 4 * i + c] = f;
    }
  }
  rows[F + FACTOR_STATE] = 1;
}

/**
 * A manifold's normal rows solved together (Box2D v2's block solver for 2 points, here for up to 4): the
 * soft row Δλ_i = −massScale K_ii⁻¹ (Ċ_i + b_i) − impulseScale λ_i is the row Ċ_i + b_i + γ_i K_ii λ_i = 0
 * with γ = impulseScale / massScale, so together
 *   (K + diag(γ_i K_ii)) Δλ = −(Ċ + b) − diag(γ_i K_ii) λ
 * (γ_i = c_i γ, c_i the rows that coincide with row i, HEADER_COINCIDENT: 1 unless locked axes make c
 * points one row, whose c rows then share one row's compliance: c springs of c_i γ K_ii in parallel)
 * solved by Gaussian elimination (K from the header, prepared with the rows; Ċ in blockRate; b and the
 * scales from writeNormalBias).
 * Tried when every point touches (s ≤ 0), or when every point is apart (s > 0: speculative rows, rigid)
 * and closing faster than its gap allows (Ċ + s/h < 0: two faces meeting at speed), and taken
 * when every new λ is ≥ 0 and within its row's cap (MAX_CONTACT_IMPULSE): then the new impulses (written
 * to the rows) and Δλ (in blockDelta) are returned with true; else nothing is changed and the rows are solved one by one.
 * (Two 1 m cubes put face to face 2.5 mm apart and closing at 240 m/s, as continuous collision leaves
 * them, came out of the speculative rows solved one by one turning at 2.9 rad/s; together, not at all.
 * Also taking rows that already push, the substeps after such an impact, changed how piles settle: a
 * heap of ten ragdolls passed its joint limits by 2.6e-4 rad with the direct solver, against 1e-4.)
 *
 * Why. Solved one after another, the first point of a face takes the load before the others and the
 * result depends on the order the points come in: a box set down flat on a plane turned at 1.3e-4 rad/s
 * in its first step, and a pyramid of 30 rows, one box deep, was set rocking out of its plane by 1 cm
 * within a second, which its soft contacts then let grow until it fell. A linear solve is the same
 * whatever the order (to round-off).
 */
function solveNormalBlock(rows: Float64Array, header: number, count: number, useBias: boolean): boolean {
  let apart = 0, impacts = 0;
  for (let i = 0; i < count; i++) {
    if (pointBias[i] > 0) apart++;
    impacts += pointImpact[i];
  }
  let soft = useBias;
  if (impacts > 0) {
    // impacts (writeNormalBias: rigid rows, each asking for its gap after the bounce): together when
    // every point is one and each would push
    if (impacts < count) return false;
    for (let i = 0; i < count; i++) if (!(blockRate[i] + pointBias[i] < 0)) return false;
    soft = false;
  } else if (apart === count) {
    // every point apart (s > 0: speculative rows, rigid, bias s/h): together only when each is closing
    // faster than its gap allows, as a face meeting a face at speed (else most will not push: one by one)
    for (let i = 0; i < count; i++) if (!(blockRate[i] + pointBias[i] < 0)) return false;
    soft = false;
  } else if (apart > 0) {
    return false;
  }
  // every row has one softness (this sweep's when all touch; rigid when all are apart): γ is the same for all
  const gamma = pointImpulseScale[0] / pointMassScale[0];
  const F = header + (soft ? HEADER_SOFT_FACTOR : HEADER_RIGID_FACTOR);
  if (rows[F + FACTOR_STATE] === 0) factorNormalBlock(rows, header, count, F);
  if (rows[F + FACTOR_STATE] < 0) return false;
  const r = blockDelta, base = pointsBase(header, count);
  for (let i = 0; i < count; i++) {
    const kii = rows[header + HEADER_K + 5 * i];
    r[i] = -(blockRate[i] + pointBias[i]) - gamma * rows[header + HEADER_COINCIDENT + i] * kii * rows[base + i * POINT_SIZE + POINT_IMPULSE];
  }
  // the elimination's steps on the right-hand side, then back substitution
  for (let c = 0; c < count; c++) {
    for (let i = c + 1; i < count; i++) {
      const f = rows[F + 4 * i + c];
      if (f !== 0) r[i] -= f * r[c];
    }
  }
  for (let i = count - 1; i >= 0; i--) {
    let sum = r[i];
    for (let k = i + 1; k < count; k++) sum -= rows[F + 4 * i + k] * r[k];
    r[i] = sum / rows[F + 5 * i];
  }
  for (let i = 0; i < count; i++) {
    const at = base + i * POINT_SIZE, next = rows[at + POINT_IMPULSE] + r[i];
    if (!(next >= 0 && next <= Math.max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE * rows[at + ROW_MASS]))) return false;
  }
  for (let i = 0; i < count; i++) {
    const slot = base + i * POINT_SIZE + POINT_IMPULSE, next = rows[slot] + r[i];
    rows[slot] = next;
    if (next > rows[slot - POINT_IMPULSE + POINT_LARGEST_IMPULSE]) rows[slot - POINT_IMPULSE + POINT_LARGEST_IMPULSE] = next;
  }
  return true;
}

/**
 * Point i's normal row at gap s this pass, into pointBias, pointMassScale and pointImpulseScale:
 * speculative while apart (bias s/h: the bodies may close the gap, not cross it), soft when
 * overlapping in the biased pass (the contact softness, pushing out at most MAX_PUSH_SPEED), rigid
 * without bias in the relax pass. (Small enough for V8 to inline; its doubles go out through arrays.)
 *
 * An impact not met yet this step (`closing` = its Ċ₀ < 0 at the step's start, faster than the
 * restitution threshold; contact-constraint.ts, "impact"), of restitution e, meets within this substep
 * when s < |Ċ₀| h: at τ = s / |Ċ₀| into it, after which it leaves at e |Ċ₀| for the rest of the substep,
 * so that at its end the gap is s_h = e |Ċ₀| (h − τ) = e (|Ċ₀| h − s). The row asks for that gap,
 *   Ċ ≥ (s_h − s) / h,  bias = (1 + e) s / h − e |Ċ₀|   (e = 0: the speculative bias s/h),
 * and, touching already (s ≤ 0), Ċ ≥ e |Ċ₀| plus the push-out, rigid: a soft row lets part of the
 * closing speed through (1 − massScale of it, a substep's worth of sinking: 6 mm for a ball at 9.8 m/s
 * at 15 Hz and substeps of 1/60 s). The bounce after the substep (ContactConstraint.applyRestitution)
 * then sets the exact leaving speed. The relax pass leaves an impact still apart alone (NO_LIMIT): its
 * speculative row would stop the bodies short of the surface for the next substep, a push the bounce
 * then took for the meeting (a ball 3 cm above the floor bounced from there, 6 ms early). Leaving from where the bodies met, not from where the substep found
 * them, the bounce loses no time: stopped at the surface for the rest of the substep, as a speculative
 * row stops it, an e = 0.9 ball's bounces fell behind the analytic ones by up to a substep each, 0.2 m
 * off its path within 1000 steps.
 */
function writeNormalBias(i: number, s: number, closing: number, e: number, soft: Readonly<Softness>, useBias: boolean, inverseH: number): void {
  let bias = 0, massScale = 1, impulseScale = 0;
  if (closing < 0) {
    if (s > 0) bias = !useBias ? NO_LIMIT : s < -closing / inverseH ? (1 + e) * s * inverseH + e * closing : s * inverseH;
    else bias = (useBias ? Math.max(soft.biasRate * s, -MAX_PUSH_SPEED) : 0) + e * closing;
  } else if (s > 0) bias = s * inverseH;
  else if (useBias) {
    bias = Math.max(soft.biasRate * s, -MAX_PUSH_SPEED);
    massScale = soft.massScale;
    impulseScale = soft.impulseScale;
  }
  pointBias[i] = bias;
  pointImpact[i] = closing < 0 ? 1 : 0;
  pointMassScale[i] = massScale;
  pointImpulseScale[i] = impulseScale;
}

/**
 * The rows of the contact whose header is at rows[header] with one body static (moving sign s; the
 * moving body's state at st[o ..]): the moving body's half of each row, Ċ = s (n·v + j·ω),
 * v += s m⁻¹ n λ, ω += s I⁻¹ j λ.
 *   normal    s = s₀ + n·Δc (the core point carried with the moving body, against the static one's);
 *             speculative while apart (bias s/h), soft when overlapping in the biased pass, rigid
 *             without bias in the relax pass (contact-constraint.ts's header):
 *               λ = λ_old − massScale K⁻¹ (Ċ + bias) − impulseScale λ_old, clamped to [0, the cap]
 *             (the cap: max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE K⁻¹))
 *             (parts/axis-part.ts's solve with sign +1), or the rows together (solveNormalBlock)
 *   friction  both rows' Ċ, each solved alone, λ_t = λ_t,old − K⁻¹ Ċ, then the pair scaled back onto
 *             the disc |λ_t| ≤ μ λ_n of the λ_n just solved (Coulomb), and both changes applied
 */
function solveMoving(rows: Float64Array, header: number, st: Float64Array, o: number, sign: number, soft: Readonly<Softness>, useBias: boolean, inverseH: number, backward: boolean): void {
  const count = rows[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
  const j = sign > 0 ? ROW_JB : ROW_JA, ij = sign > 0 ? ROW_IJB : ROW_IJA;
  const local = sign > 0 ? POINT_LOCAL_B : POINT_LOCAL_A;
  const mx = st[o + MASS_X], my = st[o + MASS_Y], mz = st[o + MASS_Z], friction = rows[header + HEADER_FRICTION];
  const restitution = rows[header + HEADER_RESTITUTION];
  let vx = st[o + LINEAR_VELOCITY], vy = st[o + LINEAR_VELOCITY + 1], vz = st[o + LINEAR_VELOCITY + 2];
  let wx = st[o + ANGULAR_VELOCITY], wy = st[o + ANGULAR_VELOCITY + 1], wz = st[o + ANGULAR_VELOCITY + 2];
  // the body's pose and the normal, read once for all the points (see solvePair)
  const x0 = st[o + POSITION], x1 = st[o + POSITION + 1], x2 = st[o + POSITION + 2];
  const r0 = st[o + ROTATION], r1 = st[o + ROTATION + 1], r2 = st[o + ROTATION + 2], r3 = st[o + ROTATION + 3], r4 = st[o + ROTATION + 4];
  const r5 = st[o + ROTATION + 5], r6 = st[o + ROTATION + 6], r7 = st[o + ROTATION + 7], r8 = st[o + ROTATION + 8];
  const n0 = rows[header + HEADER_NORMAL], n1 = rows[header + HEADER_NORMAL + 1], n2 = rows[header + HEADER_NORMAL + 2];
  // the friction rows' directions, the same at every point (contact-constraint.ts prepare: the tangents), read once
  const t1x = rows[base + ROW_SIZE + ROW_N], t1y = rows[base + ROW_SIZE + ROW_N + 1], t1z = rows[base + ROW_SIZE + ROW_N + 2];
  const t2x = rows[base + 2 * ROW_SIZE + ROW_N], t2y = rows[base + 2 * ROW_SIZE + ROW_N + 1], t2z = rows[base + 2 * ROW_SIZE + ROW_N + 2];
  for (let i = 0; i < count; i++) {
    // the moving core point at the body's pose now against the static one (as writeMovingGap, the same
    // arithmetic in the same order)
    const p = base + i * POINT_SIZE, l = p + local, fixed = p + POINT_FIXED_CORE;
    const l0 = rows[l], l1 = rows[l + 1], l2 = rows[l + 2];
    const c0 = x0 + r0 * l0 + r3 * l1 + r6 * l2, c1 = x1 + r1 * l0 + r4 * l1 + r7 * l2, c2 = x2 + r2 * l0 + r5 * l1 + r8 * l2;
    let gap = 0;
    gap += n0 * (sign > 0 ? c0 - rows[fixed] : rows[fixed] - c0);
    gap += n1 * (sign > 0 ? c1 - rows[fixed + 1] : rows[fixed + 1] - c1);
    gap += n2 * (sign > 0 ? c2 - rows[fixed + 2] : rows[fixed + 2] - c2);
    writeNormalBias(i, rows[p + POINT_SEPARATION] + (gap - rows[p + POINT_CORE_GAP]), rows[p + POINT_CLOSING_SPEED], restitution, soft, useBias, inverseH);
  }
  // the normal rows as one block when they all push (see solve)
  let solved = false;
  if (count > 1) {
    for (let i = 0; i < count; i++) {
      const at = base + i * POINT_SIZE;
      blockRate[i] = sign * (n0 * vx + n1 * vy + n2 * vz + rows[at + j] * wx + rows[at + j + 1] * wy + rows[at + j + 2] * wz);
    }
    if (solveNormalBlock(rows, header, count, useBias)) {
      for (let i = 0; i < count; i++) {
        const at = base + i * POINT_SIZE, lambda = sign * blockDelta[i];
        vx += mx * lambda * n0; vy += my * lambda * n1; vz += mz * lambda * n2;
        wx += rows[at + ij] * lambda; wy += rows[at + ij + 1] * lambda; wz += rows[at + ij + 2] * lambda;
      }
      solved = true;
    }
  }
  // else one by one, forward and then back
  const rounds = solved ? 0 : count > 1 ? 2 * count : count;
  for (let k = 0; k < rounds; k++) {
    const i = k < count ? k : rounds - 1 - k;
    const at = base + i * POINT_SIZE, slot = at + POINT_IMPULSE;
    const rate = sign * (n0 * vx + n1 * vy + n2 * vz + rows[at + j] * wx + rows[at + j + 1] * wy + rows[at + j + 2] * wz);
    const old = rows[slot];
    let next = old - pointMassScale[i] * rows[at + ROW_MASS] * (rate + pointBias[i]) - pointImpulseScale[i] * old;
    // (Math.min, not `next = MAX_CONTACT_IMPULSE`: a module constant that is no small integer, assigned
    // to `next`, made V8 keep `next` boxed, a HeapNumber per row: 80 bytes a manifold a sweep)
    if (next < 0) next = 0;
    else next = Math.min(next, Math.max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE * rows[at + ROW_MASS]));
    rows[slot] = next;
    if (next !== old) {
      const lambda = sign * (next - old);
      vx += mx * lambda * n0; vy += my * lambda * n1; vz += mz * lambda * n2;
      wx += rows[at + ij] * lambda; wy += rows[at + ij + 1] * lambda; wz += rows[at + ij + 2] * lambda;
    }
    if (next > rows[at + POINT_LARGEST_IMPULSE]) rows[at + POINT_LARGEST_IMPULSE] = next;
  }
  // then the friction rows, forward or back (see solve), each bounded by its point's new λ_n
  for (let round = 0; round < count; round++) {
    const i = backward ? count - 1 - round : round;
    const p = base + i * POINT_SIZE, t1 = p + ROW_SIZE, t2 = t1 + ROW_SIZE, slot = p + POINT_IMPULSE + 1;
    // Ċ_t − t·u: the slip past the surface speed a hook asked for (0 unless set)
    const rate1 = sign * (t1x * vx + t1y * vy + t1z * vz + rows[t1 + j] * wx + rows[t1 + j + 1] * wy + rows[t1 + j + 2] * wz) - rows[header + HEADER_TANGENT_SPEED];
    const rate2 = sign * (t2x * vx + t2y * vy + t2z * vz + rows[t2 + j] * wx + rows[t2 + j + 1] * wy + rows[t2 + j + 2] * wz) - rows[header + HEADER_TANGENT_SPEED + 1];
    const bound = friction * rows[slot - 1];
    const old1 = rows[slot], old2 = rows[slot + 1];
    let next1 = old1 - rows[t1 + ROW_MASS] * rate1;
    let next2 = old2 - rows[t2 + ROW_MASS] * rate2;
    const size = Math.sqrt(next1 * next1 + next2 * next2);
    if (size > bound) {
      const scale = size > 0 ? bound / size : 0;
      next1 *= scale;
      next2 *= scale;
    }
    rows[slot] = next1;
    rows[slot + 1] = next2;
    const lambda1 = sign * (next1 - old1);
    vx += mx * lambda1 * t1x; vy += my * lambda1 * t1y; vz += mz * lambda1 * t1z;
    wx += rows[t1 + ij] * lambda1; wy += rows[t1 + ij + 1] * lambda1; wz += rows[t1 + ij + 2] * lambda1;
    const lambda2 = sign * (next2 - old2);
    vx += mx * lambda2 * t2x; vy += my * lambda2 * t2y; vz += mz * lambda2 * t2z;
    wx += rows[t2 + ij] * lambda2; wy += rows[t2 + ij + 1] * lambda2; wz += rows[t2 + ij + 2] * lambda2;
  }
  st[o + LINEAR_VELOCITY] = vx; st[o + LINEAR_VELOCITY + 1] = vy; st[o + LINEAR_VELOCITY + 2] = vz;
  st[o + ANGULAR_VELOCITY] = wx; st[o + ANGULAR_VELOCITY + 1] = wy; st[o + ANGULAR_VELOCITY + 2] = wz;
}

/**
 * The rows between two moving bodies (states at sa[oa ..] and sb[ob ..]), Ċ = n·(v_b − v_a) + j_b·ω_b −
 * j_a·ω_a, the impulse v_a −= m_a⁻¹ n λ, ω_a −= I_a⁻¹ j_a λ and + for B; friction and normal rows as in
 * solveMoving, the gap from both core points.
 */
function solvePair(rows: Float64Array, header: number, sa: Float64Array, oa: number, sb: Float64Array, ob: number, soft: Readonly<Softness>, useBias: boolean, inverseH: number, backward: boolean): void {
  const count = rows[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
  const mAx = sa[oa + MASS_X], mAy = sa[oa + MASS_Y], mAz = sa[oa + MASS_Z], friction = rows[header + HEADER_FRICTION];
  const restitution = rows[header + HEADER_RESTITUTION];
  const mBx = sb[ob + MASS_X], mBy = sb[ob + MASS_Y], mBz = sb[ob + MASS_Z];
  let vax = sa[oa + LINEAR_VELOCITY], vay = sa[oa + LINEAR_VELOCITY + 1], vaz = sa[oa + LINEAR_VELOCITY + 2];
  let wax = sa[oa + ANGULAR_VELOCITY], way = sa[oa + ANGULAR_VELOCITY + 1], waz = sa[oa + ANGULAR_VELOCITY + 2];
  let vbx = sb[ob + LINEAR_VELOCITY], vby = sb[ob + LINEAR_VELOCITY + 1], vbz = sb[ob + LINEAR_VELOCITY + 2];
  let wbx = sb[ob + ANGULAR_VELOCITY], wby = sb[ob + ANGULAR_VELOCITY + 1], wbz = sb[ob + ANGULAR_VELOCITY + 2];
  // both bodies' poses and the normal, read once for all the points: read again for each point and axis,
  // the gaps took 12 % more of a sweep of the 20-row pyramid (the same arithmetic: the same bits)
  const xa0 = sa[oa + POSITION], xa1 = sa[oa + POSITION + 1], xa2 = sa[oa + POSITION + 2];
  const ra0 = sa[oa + ROTATION], ra1 = sa[oa + ROTATION + 1], ra2 = sa[oa + ROTATION + 2], ra3 = sa[oa + ROTATION + 3], ra4 = sa[oa + ROTATION + 4];
  const ra5 = sa[oa + ROTATION + 5], ra6 = sa[oa + ROTATION + 6], ra7 = sa[oa + ROTATION + 7], ra8 = sa[oa + ROTATION + 8];
  const xb0 = sb[ob + POSITION], xb1 = sb[ob + POSITION + 1], xb2 = sb[ob + POSITION + 2];
  const rb0 = sb[ob + ROTATION], rb1 = sb[ob + ROTATION + 1], rb2 = sb[ob + ROTATION + 2], rb3 = sb[ob + ROTATION + 3], rb4 = sb[ob + ROTATION + 4];
  const rb5 = sb[ob + ROTATION + 5], rb6 = sb[ob + ROTATION + 6], rb7 = sb[ob + ROTATION + 7], rb8 = sb[ob + ROTATION + 8];
  const n0 = rows[header + HEADER_NORMAL], n1 = rows[header + HEADER_NORMAL + 1], n2 = rows[header + HEADER_NORMAL + 2];
  // the friction rows' directions, the same at every point (contact-constraint.ts prepare: the tangents), read once
  const t1x = rows[base + ROW_SIZE + ROW_N], t1y = rows[base + ROW_SIZE + ROW_N + 1], t1z = rows[base + ROW_SIZE + ROW_N + 2];
  const t2x = rows[base + 2 * ROW_SIZE + ROW_N], t2y = rows[base + 2 * ROW_SIZE + ROW_N + 1], t2z = rows[base + 2 * ROW_SIZE + ROW_N + 2];
  for (let i = 0; i < count; i++) {
    // the core points carried with their bodies (as writeCoreGap, the same arithmetic in the same order)
    const p = base + i * POINT_SIZE, la = p + POINT_LOCAL_A, lb = p + POINT_LOCAL_B;
    const a0 = rows[la], a1 = rows[la + 1], a2 = rows[la + 2], b0 = rows[lb], b1 = rows[lb + 1], b2 = rows[lb + 2];
    let gap = 0;
    gap += n0 * ((xb0 + rb0 * b0 + rb3 * b1 + rb6 * b2) - (xa0 + ra0 * a0 + ra3 * a1 + ra6 * a2));
    gap += n1 * ((xb1 + rb1 * b0 + rb4 * b1 + rb7 * b2) - (xa1 + ra1 * a0 + ra4 * a1 + ra7 * a2));
    gap += n2 * ((xb2 + rb2 * b0 + rb5 * b1 + rb8 * b2) - (xa2 + ra2 * a0 + ra5 * a1 + ra8 * a2));
    writeNormalBias(i, rows[p + POINT_SEPARATION] + (gap - rows[p + POINT_CORE_GAP]), rows[p + POINT_CLOSING_SPEED], restitution, soft, useBias, inverseH);
  }
  // the normal rows as one block when they all push (see solve)
  let solved = false;
  if (count > 1) {
    for (let i = 0; i < count; i++) {
      const at = base + i * POINT_SIZE;
      blockRate[i] =
        n0 * (vbx - vax) + n1 * (vby - vay) + n2 * (vbz - vaz) +
        rows[at + ROW_JB] * wbx + rows[at + ROW_JB + 1] * wby + rows[at + ROW_JB + 2] * wbz -
        rows[at + ROW_JA] * wax - rows[at + ROW_JA + 1] * way - rows[at + ROW_JA + 2] * waz;
    }
    if (solveNormalBlock(rows, header, count, useBias)) {
      for (let i = 0; i < count; i++) {
        const at = base + i * POINT_SIZE, lambda = blockDelta[i];
        const nx = n0, ny = n1, nz = n2;
        vax -= mAx * lambda * nx; vay -= mAy * lambda * ny; vaz -= mAz * lambda * nz;
        vbx += mBx * lambda * nx; vby += mBy * lambda * ny; vbz += mBz * lambda * nz;
        wax -= rows[at + ROW_IJA] * lambda; way -= rows[at + ROW_IJA + 1] * lambda; waz -= rows[at + ROW_IJA + 2] * lambda;
        wbx += rows[at + ROW_IJB] * lambda; wby += rows[at + ROW_IJB + 1] * lambda; wbz += rows[at + ROW_IJB + 2] * lambda;
      }
      solved = true;
    }
  }
  // else one by one, forward and then back
  const rounds = solved ? 0 : count > 1 ? 2 * count : count;
  for (let k = 0; k < rounds; k++) {
    const i = k < count ? k : rounds - 1 - k;
    const at = base + i * POINT_SIZE, slot = at + POINT_IMPULSE;
    const rate =
      n0 * (vbx - vax) + n1 * (vby - vay) + n2 * (vbz - vaz) +
      rows[at + ROW_JB] * wbx + rows[at + ROW_JB + 1] * wby + rows[at + ROW_JB + 2] * wbz -
      rows[at + ROW_JA] * wax - rows[at + ROW_JA + 1] * way - rows[at + ROW_JA + 2] * waz;
    const old = rows[slot];
    let next = old - pointMassScale[i] * rows[at + ROW_MASS] * (rate + pointBias[i]) - pointImpulseScale[i] * old;
    // (Math.min, not `next = MAX_CONTACT_IMPULSE`: a module constant that is no small integer, assigned
    // to `next`, made V8 keep `next` boxed, a HeapNumber per row: 80 bytes a manifold a sweep)
    if (next < 0) next = 0;
    else next = Math.min(next, Math.max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE * rows[at + ROW_MASS]));
    rows[slot] = next;
    if (next !== old) {
      const lambda = next - old;
      const nx = n0, ny = n1, nz = n2;
      vax -= mAx * lambda * nx; vay -= mAy * lambda * ny; vaz -= mAz * lambda * nz;
      vbx += mBx * lambda * nx; vby += mBy * lambda * ny; vbz += mBz * lambda * nz;
      wax -= rows[at + ROW_IJA] * lambda; way -= rows[at + ROW_IJA + 1] * lambda; waz -= rows[at + ROW_IJA + 2] * lambda;
      wbx += rows[at + ROW_IJB] * lambda; wby += rows[at + ROW_IJB + 1] * lambda; wbz += rows[at + ROW_IJB + 2] * lambda;
    }
    if (next > rows[at + POINT_LARGEST_IMPULSE]) rows[at + POINT_LARGEST_IMPULSE] = next;
  }
  // then the friction rows, forward or back (see solve), each bounded by its point's new λ_n
  for (let round = 0; round < count; round++) {
    const i = backward ? count - 1 - round : round;
    const p = base + i * POINT_SIZE, t1 = p + ROW_SIZE, t2 = t1 + ROW_SIZE, slot = p + POINT_IMPULSE + 1;
    const rate1 =
      t1x * (vbx - vax) + t1y * (vby - vay) + t1z * (vbz - vaz) +
      rows[t1 + ROW_JB] * wbx + rows[t1 + ROW_JB + 1] * wby + rows[t1 + ROW_JB + 2] * wbz -
      rows[t1 + ROW_JA] * wax - rows[t1 + ROW_JA + 1] * way - rows[t1 + ROW_JA + 2] * waz - rows[header + HEADER_TANGENT_SPEED];
    const rate2 =
      t2x * (vbx - vax) + t2y * (vby - vay) + t2z * (vbz - vaz) +
      rows[t2 + ROW_JB] * wbx + rows[t2 + ROW_JB + 1] * wby + rows[t2 + ROW_JB + 2] * wbz -
      rows[t2 + ROW_JA] * wax - rows[t2 + ROW_JA + 1] * way - rows[t2 + ROW_JA + 2] * waz - rows[header + HEADER_TANGENT_SPEED + 1];
    const bound = friction * rows[slot - 1];
    const old1 = rows[slot], old2 = rows[slot + 1];
    let next1 = old1 - rows[t1 + ROW_MASS] * rate1;
    let next2 = old2 - rows[t2 + ROW_MASS] * rate2;
    const size = Math.sqrt(next1 * next1 + next2 * next2);
    if (size > bound) {
      const scale = size > 0 ? bound / size : 0;
      next1 *= scale;
      next2 *= scale;
    }
    rows[slot] = next1;
    rows[slot + 1] = next2;
    for (let r = 0; r < 2; r++) {
      const at = r === 0 ? t1 : t2, lambda = r === 0 ? next1 - old1 : next2 - old2;
      const nx = r === 0 ? t1x : t2x, ny = r === 0 ? t1y : t2y, nz = r === 0 ? t1z : t2z;
      vax -= mAx * lambda * nx; vay -= mAy * lambda * ny; vaz -= mAz * lambda * nz;
      vbx += mBx * lambda * nx; vby += mBy * lambda * ny; vbz += mBz * lambda * nz;
      wax -= rows[at + ROW_IJA] * lambda; way -= rows[at + ROW_IJA + 1] * lambda; waz -= rows[at + ROW_IJA + 2] * lambda;
      wbx += rows[at + ROW_IJB] * lambda; wby += rows[at + ROW_IJB + 1] * lambda; wbz += rows[at + ROW_IJB + 2] * lambda;
    }
  }
  sa[oa + LINEAR_VELOCITY] = vax; sa[oa + LINEAR_VELOCITY + 1] = vay; sa[oa + LINEAR_VELOCITY + 2] = vaz;
  sa[oa + ANGULAR_VELOCITY] = wax; sa[oa + ANGULAR_VELOCITY + 1] = way; sa[oa + ANGULAR_VELOCITY + 2] = waz;
  sb[ob + LINEAR_VELOCITY] = vbx; sb[ob + LINEAR_VELOCITY + 1] = vby; sb[ob + LINEAR_VELOCITY + 2] = vbz;
  sb[ob + ANGULAR_VELOCITY] = wbx; sb[ob + ANGULAR_VELOCITY + 1] = wby; sb[ob + ANGULAR_VELOCITY + 2] = wbz;
}
