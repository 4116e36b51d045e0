// The 2D contact solver (lib/collision/contact-solver.ts in the plane): every contact the step solves,
// swept over the flat rows (contact-rows.ts) without reading a contact object. Each step ContactSet2D
// lists the active contacts and layout() gives each its region, in that order; PREPARE has each
// ContactConstraint2D fill its region; the sweeps read the header and the points' blocks in order and the
// two bodies' state arrays (Body2D.state), where the joints read and write the same numbers.
//
// A sweep solves each contact's normal rows (as a 2 x 2 block when both points push, else forward and
// back: symmetric Gauss-Seidel), then its friction rows (forward in one sweep, back in the next), each
// bounded by its point's new λ_n: the 3D solver's order and arithmetic, with the scalar angular terms of
// the plane (3D's solve comment says why each choice).

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import { MAX_PUSH_SPEED, type Softness } from '../../solver/softness.js';
import type { SolverContacts, SubstepLength } from '../../solver/step-parts.js';
import { MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE, type ContactConstraint2D } from './contact-constraint.js';
import { MAX_MANIFOLD_POINTS_2D } from './manifold.js';
import {
  FACTOR_STATE, HEADER_AGAINST_STATIC, HEADER_COUNT, HEADER_FRICTION, HEADER_K, HEADER_MOVING_SIGN, HEADER_NORMAL, HEADER_RESTITUTION, HEADER_RIGID_FACTOR,
  HEADER_SOFT_FACTOR, HEADER_TANGENT_SPEED, POINT_CLOSING_SPEED, POINT_CORE_GAP, POINT_FIXED_CORE, POINT_IMPULSE, POINT_LARGEST_IMPULSE, POINT_LOCAL_A, POINT_LOCAL_B,
  POINT_SEPARATION, POINT_SIZE, ROW_IJA, ROW_IJB, ROW_JA, ROW_JB, ROW_MASS, ROW_N, ROW_SIZE, pointsBase,
} from './contact-rows.js';

const POSITION = BODY2D_STATE.position, LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const ROTATION = BODY2D_STATE.rotation, INVERSE_MASS = BODY2D_STATE.inverseMass;

const pointBias = new Float64Array(MAX_MANIFOLD_POINTS_2D), pointMassScale = new Float64Array(MAX_MANIFOLD_POINTS_2D);
const pointImpulseScale = new Float64Array(MAX_MANIFOLD_POINTS_2D);
const pointImpact = new Uint8Array(MAX_MANIFOLD_POINTS_2D);
/** A bias no closing speed reaches (3D's NO_LIMIT). */
const NO_LIMIT = 1e300;
const blockRate = new Float64Array(MAX_MANIFOLD_POINTS_2D);
const blockDelta = new Float64Array(MAX_MANIFOLD_POINTS_2D);
/** The block's compliance floor, relative to K's diagonal (3D's). */
const BLOCK_REGULARIZATION = 1e-9;

function staticMover(contact: ContactConstraint2D): Body2D | null {
  return contact.bodyA.type === 'static' ? contact.bodyB : contact.bodyB.type === 'static' ? contact.bodyA : null;
}

export class ContactSolver2D implements SolverContacts, SubstepLength {
  private data = new Float64Array(0);
  private contacts: readonly ContactConstraint2D[] = [];
  private readonly statesA: Float64Array[] = [];
  private readonly statesB: Float64Array[] = [];
  private frictionBackward = false;
  /** Sum each contact's normal impulses over the step's substeps (onContactForce). */
  sumImpulses = false;
  h = 0;
  private inverseH = 0;
  /** Each static mover's count of manifolds against static bodies (3D's Body.staticContacts), as
   * 4 · stamp + min(count, 2): entries of earlier steps read as 0, so the map is never cleared (a cleared
   * Map allocates a new table). Cut when it holds many bodies that no longer meet static ones. */
  private readonly staticContacts = new Map<Body2D, number>();
  private stamp = 0;

  get count(): number {
    return this.contacts.length;
  }

  /** Gives each contact its region, one after another in the order given (the solve order). */
  layout(contacts: readonly ContactConstraint2D[]): void {
    this.contacts = contacts;
    this.frictionBackward = false;
    let total = 0;
    for (let i = 0; i < contacts.length; i++) total = pointsBase(total, contacts[i].count) + contacts[i].count * POINT_SIZE;
    if (total > this.data.length) this.data = new Float64Array(Math.max(total, 2 * this.data.length));
    const data = this.data, statesA = this.statesA, statesB = this.statesB;
    statesA.length = contacts.length;
    statesB.length = contacts.length;
    let at = 0;
    for (let i = 0; i < contacts.length; i++) {
      const contact = contacts[i];
      contact.placeRows(data, at);
      statesA[i] = contact.bodyA.state;
      statesB[i] = contact.bodyB.state;
      at = pointsBase(at, contact.count) + contact.count * POINT_SIZE;
    }
  }

  prepare(h: number, gravity: Float64Array, impulseRatio: number, restitutionThreshold: number): void {
    const contacts = this.contacts;
    this.h = h;
    this.inverseH = 1 / h;
    // impact rows only where a moving body meets static ones in a single manifold (3D's prepare says why)
    const counts = this.staticContacts, base = 4 * ++this.stamp;
    let movers = 0;
    for (let i = 0; i < contacts.length; i++) {
      const moving = staticMover(contacts[i]);
      if (moving === null) continue;
      movers++;
      const kept = counts.get(moving);
      counts.set(moving, kept === undefined || kept < base ? base + 1 : Math.min(kept + 1, base + 2));
    }
    for (let i = 0; i < contacts.length; i++) {
      const moving = staticMover(contacts[i]);
      contacts[i].impactRows = moving !== null && counts.get(moving) === base + 1;
    }
    if (counts.size > 4 * movers + 256) counts.clear();
    for (let i = 0; i < contacts.length; i++) {
      if (impulseRatio !== 1) contacts[i].scaleImpulse(impulseRatio);
      contacts[i].prepare(this, gravity, restitutionThreshold);
      contacts[i].stepNormalImpulse = 0;
    }
  }

  /** A substep's normal impulses added to each contact's stepNormalImpulse (3D's). */
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

  /** v += M⁻¹ Jᵀ λ for every row's kept impulse: v_a −= m_a⁻¹ n λ, ω_a −= I_a⁻¹ j_a λ, and + for B. */
  warmStart(): void {
    const d = this.data, contacts = this.contacts, statesA = this.statesA, statesB = this.statesB;
    let header = 0;
    for (let k = 0; k < contacts.length; k++) {
      const count = d[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
      const sa = statesA[k], sb = statesB[k];
      for (let i = 0; i < count; i++) {
        const p = base + i * POINT_SIZE;
        for (let r = 0; r < 2; r++) {
          const lambda = d[p + POINT_IMPULSE + r];
          if (lambda === 0) continue;
          const at = p + r * ROW_SIZE;
          const nx = d[at + ROW_N], ny = d[at + ROW_N + 1];
          sa[LINEAR_VELOCITY] -= sa[INVERSE_MASS] * lambda * nx; sa[LINEAR_VELOCITY + 1] -= sa[INVERSE_MASS] * lambda * ny;
          sb[LINEAR_VELOCITY] += sb[INVERSE_MASS] * lambda * nx; sb[LINEAR_VELOCITY + 1] += sb[INVERSE_MASS] * lambda * ny;
          sa[ANGULAR_VELOCITY] -= d[at + ROW_IJA] * lambda;
          sb[ANGULAR_VELOCITY] += d[at + ROW_IJB] * lambda;
        }
      }
      header = base + count * POINT_SIZE;
    }
  }

  clearImpulses(): void {
    const contacts = this.contacts;
    for (let i = 0; i < contacts.length; i++) contacts[i].clearImpulses();
  }

  /** One sweep over the contacts (3D's solve: the normal rows as a block or symmetric Gauss-Seidel, then
   * friction alternating direction by sweep). `soft`: the contact softness; `staticSoft`: against a static body. */
  solve(soft: Readonly<Softness>, staticSoft: Readonly<Softness>, useBias: boolean): void {
    const d = this.data, contacts = this.contacts, statesA = this.statesA, statesB = this.statesB, inverseH = this.inverseH;
    const backward = (this.frictionBackward = !this.frictionBackward);
    let header = 0;
    for (let k = 0; k < contacts.length; k++) {
      const rowSoft = d[header + HEADER_AGAINST_STATIC] !== 0 ? staticSoft : soft;
      const sign = d[header + HEADER_MOVING_SIGN];
      if (sign > 0) solveMoving(d, header, statesB[k], 1, rowSoft, useBias, inverseH, backward);
      else if (sign < 0) solveMoving(d, header, statesA[k], -1, rowSoft, useBias, inverseH, backward);
      else solvePair(d, header, statesA[k], statesB[k], rowSoft, useBias, inverseH, backward);
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

/** Gaussian elimination of K + diag(γ K_ii) (1 + BLOCK_REGULARIZATION on the diagonal) into the header at
 * F (3D's factorNormalBlock, 2 x 2). */
function factorNormalBlock(rows: Float64Array, header: number, count: number, F: number): void {
  const gamma = pointImpulseScale[0] / pointMassScale[0];
  for (let i = 0; i < count; i++) for (let k = 0; k < count; k++) rows[F + 2 * i + k] = rows[header + HEADER_K + 2 * i + k];
  for (let i = 0; i < count; i++) rows[F + 3 * i] *= 1 + gamma + BLOCK_REGULARIZATION;
  for (let c = 0; c < count; c++) {
    const pivot = rows[F + 3 * c];
    if (!(pivot > 0)) {
      rows[F + FACTOR_STATE] = -1;
      return;
    }
    for (let i = c + 1; i < count; i++) {
      const f = rows[F + 2 * i + c] / pivot;
      if (f !== 0) for (let k = c; k < count; k++) rows[F + 2 * i + k] -= f * rows[F + 2 * c + k];
      rows[F + 2 * i + c] = f;
    }
  }
  rows[F + FACTOR_STATE] = 1;
}

/**
 * A manifold's normal rows solved together (Box2D v2's block solver; 3D's solveNormalBlock):
 *   (K + diag(γ_i K_ii)) Δλ = −(Ċ + b) − diag(γ_i K_ii) λ
 * tried when both points touch, or both are apart and closing faster than their gaps allow, taken when
 * every new λ is ≥ 0 and within its cap.
 */
function solveNormalBlock(rows: Float64Array, header: number, count: number, useBias: boolean): boolean {
  let apart = 0, impacts = 0;
  for (let i = 0; i < count; i++) {
    if (pointBias[i] > 0) apart++;
    impacts += pointImpact[i];
  }
  let soft = useBias;
  if (impacts > 0) {
    if (impacts < count) return false;
    for (let i = 0; i < count; i++) if (!(blockRate[i] + pointBias[i] < 0)) return false;
    soft = false;
  } else if (apart === count) {
    for (let i = 0; i < count; i++) if (!(blockRate[i] + pointBias[i] < 0)) return false;
    soft = false;
  } else if (apart > 0) {
    return false;
  }
  const gamma = pointImpulseScale[0] / pointMassScale[0];
  const F = header + (soft ? HEADER_SOFT_FACTOR : HEADER_RIGID_FACTOR);
  if (rows[F + FACTOR_STATE] === 0) factorNormalBlock(rows, header, count, F);
  if (rows[F + FACTOR_STATE] < 0) return false;
  const r = blockDelta, base = pointsBase(header, count);
  for (let i = 0; i < count; i++) {
    const kii = rows[header + HEADER_K + 3 * i];
    r[i] = -(blockRate[i] + pointBias[i]) - gamma * kii * rows[base + i * POINT_SIZE + POINT_IMPULSE];
  }
  for (let c = 0; c < count; c++) {
    for (let i = c + 1; i < count; i++) {
      const f = rows[F + 2 * i + c];
      if (f !== 0) r[i] -= f * r[c];
    }
  }
  for (let i = count - 1; i >= 0; i--) {
    let sum = r[i];
    for (let k = i + 1; k < count; k++) sum -= rows[F + 2 * i + k] * r[k];
    r[i] = sum / rows[F + 3 * i];
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
 * Point i's normal row at gap s this pass (3D's writeNormalBias): speculative while apart (bias s/h), soft
 * when overlapping in the biased pass (pushing out at most MAX_PUSH_SPEED), rigid without bias in the relax
 * pass; an impact not met yet asks for the gap after the bounce, bias = (1 + e) s/h − e |Ċ₀|.
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
 * The rows of a contact with one body static (moving sign s; the moving body's state st): Ċ = s (n·v + j ω),
 * v += s m⁻¹ n λ, ω += s I⁻¹ j λ.
 *   normal    λ = λ_old − massScale K⁻¹ (Ċ + bias) − impulseScale λ_old, clamped to [0, the cap], or the
 *             rows together (solveNormalBlock)
 *   friction  λ_t = λ_t,old − K_t⁻¹ (Ċ_t − u), clamped to [−μ λ_n, μ λ_n]
 */
function solveMoving(rows: Float64Array, header: number, st: Float64Array, sign: number, soft: Readonly<Softness>, useBias: boolean, inverseH: number, backward: boolean): void {
  const count = rows[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
  const j = sign > 0 ? ROW_JB : ROW_JA, ij = sign > 0 ? ROW_IJB : ROW_IJA;
  const local = sign > 0 ? POINT_LOCAL_B : POINT_LOCAL_A;
  const m = st[INVERSE_MASS], friction = rows[header + HEADER_FRICTION];
  const restitution = rows[header + HEADER_RESTITUTION];
  let vx = st[LINEAR_VELOCITY], vy = st[LINEAR_VELOCITY + 1], w = st[ANGULAR_VELOCITY];
  const x0 = st[POSITION], x1 = st[POSITION + 1], rc = st[ROTATION], rs = st[ROTATION + 1];
  const n0 = rows[header + HEADER_NORMAL], n1 = rows[header + HEADER_NORMAL + 1];
  const tx = rows[base + ROW_SIZE + ROW_N], ty = rows[base + ROW_SIZE + ROW_N + 1];
  for (let i = 0; i < count; i++) {
    const p = base + i * POINT_SIZE, l = p + local, fixed = p + POINT_FIXED_CORE;
    const l0 = rows[l], l1 = rows[l + 1];
    const c0 = x0 + rc * l0 - rs * l1, c1 = x1 + rs * l0 + rc * l1;
    let gap = 0;
    gap += n0 * (sign > 0 ? c0 - rows[fixed] : rows[fixed] - c0);
    gap += n1 * (sign > 0 ? c1 - rows[fixed + 1] : rows[fixed + 1] - c1);
    writeNormalBias(i, rows[p + POINT_SEPARATION] + (gap - rows[p + POINT_CORE_GAP]), rows[p + POINT_CLOSING_SPEED], restitution, soft, useBias, inverseH);
  }
  let solved = false;
  if (count > 1) {
    for (let i = 0; i < count; i++) {
      const at = base + i * POINT_SIZE;
      blockRate[i] = sign * (n0 * vx + n1 * vy + rows[at + j] * w);
    }
    if (solveNormalBlock(rows, header, count, useBias)) {
      for (let i = 0; i < count; i++) {
        const at = base + i * POINT_SIZE, lambda = sign * blockDelta[i];
        vx += m * lambda * n0; vy += m * lambda * n1;
        w += rows[at + ij] * lambda;
      }
      solved = true;
    }
  }
  const rounds = solved ? 0 : count > 1 ? 2 * count : count;
  for (let k = 0; k < rounds; k++) {
    const i = k < count ? k : rounds - 1 - k;
    const at = base + i * POINT_SIZE, slot = at + POINT_IMPULSE;
    const rate = sign * (n0 * vx + n1 * vy + rows[at + j] * w);
    const old = rows[slot];
    let next = old - pointMassScale[i] * rows[at + ROW_MASS] * (rate + pointBias[i]) - pointImpulseScale[i] * old;
    if (next < 0) next = 0;
    else next = Math.min(next, Math.max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE * rows[at + ROW_MASS]));
    rows[slot] = next;
    if (next !== old) {
      const lambda = sign * (next - old);
      vx += m * lambda * n0; vy += m * lambda * n1;
      w += rows[at + ij] * lambda;
    }
    if (next > rows[at + POINT_LARGEST_IMPULSE]) rows[at + POINT_LARGEST_IMPULSE] = next;
  }
  const surface = rows[header + HEADER_TANGENT_SPEED];
  for (let round = 0; round < count; round++) {
    const i = backward ? count - 1 - round : round;
    const p = base + i * POINT_SIZE, t = p + ROW_SIZE, slot = p + POINT_IMPULSE + 1;
    const rate = sign * (tx * vx + ty * vy + rows[t + j] * w) - surface;
    const bound = friction * rows[slot - 1];
    const old = rows[slot];
    let next = old - rows[t + ROW_MASS] * rate;
    if (next > bound) next = bound;
    else if (next < -bound) next = -bound;
    rows[slot] = next;
    const lambda = sign * (next - old);
    vx += m * lambda * tx; vy += m * lambda * ty;
    w += rows[t + ij] * lambda;
  }
  st[LINEAR_VELOCITY] = vx; st[LINEAR_VELOCITY + 1] = vy; st[ANGULAR_VELOCITY] = w;
}

/** The rows between two moving bodies, Ċ = n·(v_b − v_a) + j_b ω_b − j_a ω_a, the impulse v_a −= m_a⁻¹ n λ,
 * ω_a −= I_a⁻¹ j_a λ and + for B; as solveMoving, the gap from both core points. */
function solvePair(rows: Float64Array, header: number, sa: Float64Array, sb: Float64Array, soft: Readonly<Softness>, useBias: boolean, inverseH: number, backward: boolean): void {
  const count = rows[header + HEADER_COUNT] | 0, base = pointsBase(header, count);
  const mA = sa[INVERSE_MASS], mB = sb[INVERSE_MASS], friction = rows[header + HEADER_FRICTION];
  const restitution = rows[header + HEADER_RESTITUTION];
  let vax = sa[LINEAR_VELOCITY], vay = sa[LINEAR_VELOCITY + 1], wa = sa[ANGULAR_VELOCITY];
  let vbx = sb[LINEAR_VELOCITY], vby = sb[LINEAR_VELOCITY + 1], wb = sb[ANGULAR_VELOCITY];
  const xa0 = sa[POSITION], xa1 = sa[POSITION + 1], ca = sa[ROTATION], sA = sa[ROTATION + 1];
  const xb0 = sb[POSITION], xb1 = sb[POSITION + 1], cb = sb[ROTATION], sB = sb[ROTATION + 1];
  const n0 = rows[header + HEADER_NORMAL], n1 = rows[header + HEADER_NORMAL + 1];
  const tx = rows[base + ROW_SIZE + ROW_N], ty = rows[base + ROW_SIZE + ROW_N + 1];
  for (let i = 0; i < count; i++) {
    const p = base + i * POINT_SIZE, la = p + POINT_LOCAL_A, lb = p + POINT_LOCAL_B;
    const a0 = rows[la], a1 = rows[la + 1], b0 = rows[lb], b1 = rows[lb + 1];
    let gap = 0;
    gap += n0 * ((xb0 + cb * b0 - sB * b1) - (xa0 + ca * a0 - sA * a1));
    gap += n1 * ((xb1 + sB * b0 + cb * b1) - (xa1 + sA * a0 + ca * a1));
    writeNormalBias(i, rows[p + POINT_SEPARATION] + (gap - rows[p + POINT_CORE_GAP]), rows[p + POINT_CLOSING_SPEED], restitution, soft, useBias, inverseH);
  }
  let solved = false;
  if (count > 1) {
    for (let i = 0; i < count; i++) {
      const at = base + i * POINT_SIZE;
      blockRate[i] = n0 * (vbx - vax) + n1 * (vby - vay) + rows[at + ROW_JB] * wb - rows[at + ROW_JA] * wa;
    }
    if (solveNormalBlock(rows, header, count, useBias)) {
      for (let i = 0; i < count; i++) {
        const at = base + i * POINT_SIZE, lambda = blockDelta[i];
        vax -= mA * lambda * n0; vay -= mA * lambda * n1;
        vbx += mB * lambda * n0; vby += mB * lambda * n1;
        wa -= rows[at + ROW_IJA] * lambda;
        wb += rows[at + ROW_IJB] * lambda;
      }
      solved = true;
    }
  }
  const rounds = solved ? 0 : count > 1 ? 2 * count : count;
  for (let k = 0; k < rounds; k++) {
    const i = k < count ? k : rounds - 1 - k;
    const at = base + i * POINT_SIZE, slot = at + POINT_IMPULSE;
    const rate = n0 * (vbx - vax) + n1 * (vby - vay) + rows[at + ROW_JB] * wb - rows[at + ROW_JA] * wa;
    const old = rows[slot];
    let next = old - pointMassScale[i] * rows[at + ROW_MASS] * (rate + pointBias[i]) - pointImpulseScale[i] * old;
    if (next < 0) next = 0;
    else next = Math.min(next, Math.max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE * rows[at + ROW_MASS]));
    rows[slot] = next;
    if (next !== old) {
      const lambda = next - old;
      vax -= mA * lambda * n0; vay -= mA * lambda * n1;
      vbx += mB * lambda * n0; vby += mB * lambda * n1;
      wa -= rows[at + ROW_IJA] * lambda;
      wb += rows[at + ROW_IJB] * lambda;
    }
    if (next > rows[at + POINT_LARGEST_IMPULSE]) rows[at + POINT_LARGEST_IMPULSE] = next;
  }
  const surface = rows[header + HEADER_TANGENT_SPEED];
  for (let round = 0; round < count; round++) {
    const i = backward ? count - 1 - round : round;
    const p = base + i * POINT_SIZE, t = p + ROW_SIZE, slot = p + POINT_IMPULSE + 1;
    const rate = tx * (vbx - vax) + ty * (vby - vay) + rows[t + ROW_JB] * wb - rows[t + ROW_JA] * wa - surface;
    const bound = friction * rows[slot - 1];
    const old = rows[slot];
    let next = old - rows[t + ROW_MASS] * rate;
    if (next > bound) next = bound;
    else if (next < -bound) next = -bound;
    rows[slot] = next;
    const lambda = next - old;
    vax -= mA * lambda * tx; vay -= mA * lambda * ty;
    vbx += mB * lambda * tx; vby += mB * lambda * ty;
    wa -= rows[t + ROW_IJA] * lambda;
    wb += rows[t + ROW_IJB] * lambda;
  }
  sa[LINEAR_VELOCITY] = vax; sa[LINEAR_VELOCITY + 1] = vay; sa[ANGULAR_VELOCITY] = wa;
  sb[LINEAR_VELOCITY] = vbx; sb[LINEAR_VELOCITY + 1] = vby; sb[ANGULAR_VELOCITY] = wb;
}
