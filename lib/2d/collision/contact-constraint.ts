// 2D contact constraint: the rows of one manifold, solved in the soft step beside the joints
// (lib/collision/contact-constraint.ts in the plane; Box2D v3's contact_solver.c).
//
// Per point, at lever arms r_a = p_a − x_a, r_b = p_b − x_b fixed for the step, two linear rows: the normal
// n and the tangent t = (n_y, −n_x) (Box2D v3's b2RightPerp). In the plane r × n is the scalar
// r_x n_y − r_y n_x, so a row is J = [−nᵀ, −(r_a × n), nᵀ, r_b × n] and
//   K = (m_a⁻¹ + m_b⁻¹) n·n + I_a⁻¹ (r_a × n)² + I_b⁻¹ (r_b × n)².
//   lever arms  p_a = p − (s/2) n and p_b = p + (s/2) n, each body's own surface point (the manifold's
//             point is the midpoint between the surfaces, s apart along n), as 3D.
//   normal    C = s ≥ 0, updated within the step from the bodies' moves, s = s₀ + n·(Δc_b − Δc_a), c the
//             core point: p itself on a polygon or segment, but r below the surface along n on a circle or
//             capsule of radius r (3D's rule: a round shape's surface point is no material point).
//             s > 0: speculative, bias s/h; s ≤ 0: soft, bias max(biasRate·s, −MAX_PUSH_SPEED) with the
//             contact softness (twice as stiff against a static body); rigid without bias in the relax
//             pass. λ_n ≥ 0; a 2-point manifold's normal rows solved as one block (contact-solver.ts).
//   friction  Ċ_t → 0, |λ_t| ≤ μ λ_n, μ = √(μ_a μ_b), solved after the normal rows, with its own mass 1/K_t.
//             (3D has two tangent rows sharing the mass 2 / (K_t₁ + K_t₂), the trace of the 2 x 2 tangent
//             block, so that the friction impulse does not lean with the arbitrary tangents; in the plane
//             there is one tangent and nothing to lean to. A 3D world whose bodies are held to the plane
//             takes t₁ = (n_y, −n_x, 0) and t₂ = z, whose rows on locked axes have K = 0: it solves t₁'s row
//             with its own 1/K, this row.)
//   impact    a point of a moving body's one manifold against static bodies closing faster than the
//             world's restitution threshold: rigid row asking for the gap after the bounce
//             (contact-solver.ts writeNormalBias), as 3D.
//   bounce    applyRestitution: v_out from the integrator's modified energy (3D's derivation), the
//             bouncing points together (bounceTogether), then the friction row once more (frictionAtBounce).

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import { Manifold2D, MAX_MANIFOLD_POINTS_2D } from './manifold.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import type { ContactShape2D, ShapeProxy2D } from './broadphase.js';
import {
  FACTOR_STATE, HEADER_AGAINST_STATIC, HEADER_COUNT, HEADER_FRICTION, HEADER_K, HEADER_MOVING_SIGN, HEADER_NORMAL, HEADER_RESTITUTION, HEADER_RIGID_FACTOR,
  HEADER_SOFT_FACTOR, HEADER_TANGENT_SPEED, POINT_CLOSING_SPEED, POINT_CORE_GAP, POINT_FIXED_CORE, POINT_IMPULSE, POINT_LARGEST_IMPULSE, POINT_LOCAL_A, POINT_LOCAL_B,
  POINT_SEPARATION, POINT_SIZE, ROW_IJA, ROW_IJB, ROW_JA, ROW_JB, ROW_MASS, ROW_N, ROW_SIZE, pointsBase,
} from './contact-rows.js';
import { MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE } from '../../collision/contact-constraint.js';

export { MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE, RESTITUTION_THRESHOLD } from '../../collision/contact-constraint.js';

const POSITION = BODY2D_STATE.position, LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const ROTATION = BODY2D_STATE.rotation, INVERSE_INERTIA = BODY2D_STATE.inverseInertia, INVERSE_MASS = BODY2D_STATE.inverseMass;

const keptImpulses = new Float64Array(2 * MAX_MANIFOLD_POINTS_2D);
const NO_ROWS = new Float64Array(0);
const NO_BODY = null as unknown as Body2D;
const NO_SHAPE = null as unknown as ContactShape2D;
const bounceTargets = new Float64Array(MAX_MANIFOLD_POINTS_2D);
const bounceMatrix = new Float64Array(4);
const bounceDelta = new Float64Array(MAX_MANIFOLD_POINTS_2D);
const bounceIndex = new Int32Array(MAX_MANIFOLD_POINTS_2D);
const BOUNCE_REGULARIZATION = 1e-9;
/** Scratch for doubles crossing calls (see the 3D file's writeRowRate). */
const rates = new Float64Array(3);

/** The radius of a round shape's core (circle, capsule), 0 for polygons and segments. */
export function coreRadius(shape: ContactShape2D): number {
  return shape.radius;
}

export class ContactConstraint2D {
  readonly manifold = new Manifold2D();
  /** Accumulated impulses per point (normal, tangent) as the last step left them. */
  readonly impulses = new Float64Array(2 * MAX_MANIFOLD_POINTS_2D);
  /** @internal The normal impulses of the last step, summed over its points and substeps, N·s. */
  stepNormalImpulse = 0;
  /** Each point's id at the last prepare (to carry impulses to the next manifold). */
  readonly ids = new Int32Array(MAX_MANIFOLD_POINTS_2D).fill(-1);
  count = 0;
  /** @internal The tangent the kept friction impulses are components along (last prepare's). */
  readonly tangent = new Float64Array(2);
  private data: Float64Array = NO_ROWS;
  private header = 0;
  private base = 0;
  private againstStatic = false;
  /** +1 B moves alone (A static), −1 A alone, 0 both. */
  private movingSign = 0;
  /** @internal Whether this step's impacts take impact rows (ContactSolver2D.prepare). */
  impactRows = false;
  private readonly closing = new Float64Array(MAX_MANIFOLD_POINTS_2D);
  private closingAcceleration = 0;
  private readonly startA = new Float64Array(2);
  private readonly startB = new Float64Array(2);
  private friction = 0;
  private restitution = 0;
  private inverseH = 0;
  /** @internal The two proxies (broadphase.ts), A's and B's. */
  proxyA: ShapeProxy2D | null = null;
  /** @internal */
  proxyB: ShapeProxy2D | null = null;
  /** A's chain segment this contact is with, or −1. */
  subKey = -1;
  /** @internal Set by World2D.onPreSolve for this step. */
  preSolved = false;
  preSolveFriction = 0;
  preSolveRestitution = 0;
  /** @internal The velocity friction gives B's surface over A's, m/s, world (with `preSolved`). */
  readonly tangentVelocity = new Float64Array(2);
  /** Whether the shapes touch (contact-set.ts TOUCH_DISTANCE), or overlap for a sensor pair. */
  isTouching = false;
  /** @internal Its shapes were deep inside each other when the pair was made (broadphase.ts isDeepPair),
   * and its contact has not yet pushed them apart: contact-set.ts counts each shape's deep pairs against
   * MAX_CROWD_PAIRS_PER_SHAPE. */
  deepPair = false;
  /** A pair with a sensor shape: it only reports overlaps (no points, no rows). */
  sensor: boolean;
  bodyA: Body2D;
  shapeA: ContactShape2D;
  bodyB: Body2D;
  shapeB: ContactShape2D;
  /** The two shapes' keys (body id · MAX_SHAPES_PER_BODY + shape index): solved in (keyA, keyB, subKey) order. */
  keyA: number;
  keyB: number;

  constructor(bodyA: Body2D, shapeA: ContactShape2D, bodyB: Body2D, shapeB: ContactShape2D, keyA: number, keyB: number, subKey: number) {
    this.bodyA = bodyA; this.shapeA = shapeA; this.bodyB = bodyB; this.shapeB = shapeB;
    this.keyA = keyA; this.keyB = keyB; this.subKey = subKey;
    this.sensor = shapeA.sensor || shapeB.sensor;
  }

  /** Makes a pooled contact the new pair's, with no points or impulses. */
  reuse(bodyA: Body2D, shapeA: ContactShape2D, bodyB: Body2D, shapeB: ContactShape2D, keyA: number, keyB: number, subKey: number): this {
    this.bodyA = bodyA; this.shapeA = shapeA; this.bodyB = bodyB; this.shapeB = shapeB;
    this.keyA = keyA; this.keyB = keyB; this.subKey = subKey;
    this.clearPoints();
    this.tangent.fill(0);
    this.sensor = shapeA.sensor || shapeB.sensor;
    this.preSolved = false;
    this.stepNormalImpulse = 0;
    return this;
  }

  /** @internal Back in the pool: lets go of bodies, shapes and rows. */
  forget(): void {
    this.bodyA = this.bodyB = NO_BODY;
    this.shapeA = this.shapeB = NO_SHAPE;
    this.proxyA = this.proxyB = null;
    this.data = NO_ROWS;
  }

  /** The shapes' boxes parted: no points, and the next touch starts afresh. */
  part(): void {
    if (this.count === 0 && this.manifold.count === 0 && !this.isTouching) return;
    this.clearPoints();
  }

  private clearPoints(): void {
    this.impulses.fill(0);
    this.ids.fill(-1);
    this.count = 0;
    this.manifold.count = 0;
    this.isTouching = false;
  }

  /** @internal Left out of a step (onPreSolve): no impulse is kept. */
  dropImpulses(): void {
    this.impulses.fill(0);
  }

  /** Takes the new manifold's points: a point whose id was there last step keeps its impulses. */
  matchImpulses(): void {
    const m = this.manifold, old = this.impulses, kept = keptImpulses;
    for (let k = 0; k < kept.length; k++) kept[k] = 0;
    for (let i = 0; i < m.count; i++) {
      for (let j = 0; j < this.count; j++) {
        if (this.ids[j] !== m.ids[i]) continue;
        kept[2 * i] = old[2 * j]; kept[2 * i + 1] = old[2 * j + 1];
        break;
      }
    }
    old.set(kept);
    for (let i = 0; i < MAX_MANIFOLD_POINTS_2D; i++) this.ids[i] = i < m.count ? m.ids[i] : -1;
    this.count = m.count;
  }

  /** @internal Where this step's region is (ContactSolver2D.layout). */
  placeRows(data: Float64Array, header: number): void {
    this.data = data;
    this.header = header;
    this.base = pointsBase(header, this.count);
  }

  /** @internal Rows and effective masses at the step's start poses, for substeps of `step.h` (3D's prepare). */
  prepare(step: SubstepLength, gravity: Float64Array, restitutionThreshold: number): void {
    const h = step.h;
    const m = this.manifold, a = this.bodyA, b = this.bodyB, n = m.normal;
    const fallA = a.isDynamic ? a._gravityScale : 0, fallB = b.isDynamic ? b._gravityScale : 0;
    this.closingAcceleration = -(fallB - fallA) * (n[0] * gravity[0] + n[1] * gravity[1]);
    this.inverseH = 1 / h;
    const preSolved = this.preSolved;
    this.preSolved = false;
    this.friction = preSolved ? this.preSolveFriction : Math.sqrt(this.shapeA._friction * this.shapeB._friction);
    this.restitution = preSolved ? this.preSolveRestitution : Math.max(this.shapeA._restitution, this.shapeB._restitution);
    const sa = a.state, sb = b.state;
    this.startA[0] = sa[POSITION]; this.startA[1] = sa[POSITION + 1];
    this.startB[0] = sb[POSITION]; this.startB[1] = sb[POSITION + 1];
    this.againstStatic = a.type === 'static' || b.type === 'static';
    this.movingSign = a.type === 'static' ? 1 : b.type === 'static' ? -1 : 0;
    // t = (n_y, −n_x); a kept friction impulse was a component along last step's t: carried over as the
    // world vector it was, λ t_old, onto the new t (3D carries its two tangents' impulses alike)
    const t = this.tangent, ux = t[0], uy = t[1];
    t[0] = n[1]; t[1] = -n[0];
    for (let i = 0; i < this.count; i++) {
      const l = this.impulses[2 * i + 1];
      if (l === 0) continue;
      this.impulses[2 * i + 1] = l * ux * t[0] + l * uy * t[1];
    }
    const d = this.data, header = this.header;
    d[header + HEADER_COUNT] = this.count;
    d[header + HEADER_MOVING_SIGN] = this.movingSign;
    d[header + HEADER_FRICTION] = this.friction;
    d[header + HEADER_AGAINST_STATIC] = this.againstStatic ? 1 : 0;
    d[header + HEADER_NORMAL] = n[0]; d[header + HEADER_NORMAL + 1] = n[1];
    d[header + HEADER_RESTITUTION] = this.restitution;
    const surface = this.tangentVelocity;
    d[header + HEADER_TANGENT_SPEED] = preSolved ? t[0] * surface[0] + t[1] * surface[1] : 0;
    const radiusA = coreRadius(this.shapeA), radiusB = coreRadius(this.shapeB);
    const ca = sa[ROTATION], sA = sa[ROTATION + 1], cb = sb[ROTATION], sB = sb[ROTATION + 1];
    const imA = sa[INVERSE_MASS], imB = sb[INVERSE_MASS], iiA = sa[INVERSE_INERTIA], iiB = sb[INVERSE_INERTIA];
    for (let i = 0; i < this.count; i++) {
      const p = this.base + i * POINT_SIZE;
      const half = 0.5 * m.separations[i];
      const rAx = m.points[2 * i] - half * n[0] - this.startA[0], rAy = m.points[2 * i + 1] - half * n[1] - this.startA[1];
      const rBx = m.points[2 * i] + half * n[0] - this.startB[0], rBy = m.points[2 * i + 1] + half * n[1] - this.startB[1];
      // the core points in each body's axes, l = Rᵀ (r ∓ radius n)
      const cAx = rAx - radiusA * n[0], cAy = rAy - radiusA * n[1];
      const cBx = rBx + radiusB * n[0], cBy = rBy + radiusB * n[1];
      d[p + POINT_LOCAL_A] = ca * cAx + sA * cAy; d[p + POINT_LOCAL_A + 1] = -sA * cAx + ca * cAy;
      d[p + POINT_LOCAL_B] = cb * cBx + sB * cBy; d[p + POINT_LOCAL_B + 1] = -sB * cBx + cb * cBy;
      if (this.movingSign === 0) this.writeCoreGap(i, sa, sb, 2);
      else {
        const fixed = this.movingSign > 0 ? sa : sb, local = p + (this.movingSign > 0 ? POINT_LOCAL_A : POINT_LOCAL_B);
        const fc = fixed[ROTATION], fs = fixed[ROTATION + 1];
        d[p + POINT_FIXED_CORE] = fixed[POSITION] + fc * d[local] - fs * d[local + 1];
        d[p + POINT_FIXED_CORE + 1] = fixed[POSITION + 1] + fs * d[local] + fc * d[local + 1];
        this.writeMovingGap(i, this.movingSign > 0 ? sb : sa, this.movingSign, 2);
      }
      d[p + POINT_CORE_GAP] = rates[2];
      setRow(d, p, imA, imB, iiA, iiB, n[0], n[1], rAx, rAy, rBx, rBy);
      setRow(d, p + ROW_SIZE, imA, imB, iiA, iiB, t[0], t[1], rAx, rAy, rBx, rBy);
      d[p + POINT_SEPARATION] = m.separations[i];
      writeRowRate(d, p, sa, sb, 0);
      this.closing[i] = rates[0] < -restitutionThreshold ? rates[0] : 0;
      d[p + POINT_CLOSING_SPEED] = this.impactRows ? this.closing[i] : 0;
      d[p + POINT_LARGEST_IMPULSE] = 0;
      d[p + POINT_IMPULSE] = this.impulses[2 * i];
      d[p + POINT_IMPULSE + 1] = this.impulses[2 * i + 1];
    }
    if (this.count < 2) return;
    // the normal rows' K_ik = (m_a⁻¹ + m_b⁻¹) n·n + j_a,i I_a⁻¹ j_a,k + j_b,i I_b⁻¹ j_b,k, for the block solve
    const inverseMassSum = imA + imB;
    for (let i = 0; i < 2; i++) {
      const at = this.base + i * POINT_SIZE;
      for (let k = 0; k < 2; k++) {
        const bt = this.base + k * POINT_SIZE;
        d[header + HEADER_K + 2 * i + k] =
          inverseMassSum * (d[at + ROW_N] * d[bt + ROW_N] + d[at + ROW_N + 1] * d[bt + ROW_N + 1]) +
          d[at + ROW_JA] * d[bt + ROW_IJA] + d[at + ROW_JB] * d[bt + ROW_IJB];
      }
    }
    d[header + HEADER_SOFT_FACTOR + FACTOR_STATE] = 0;
    d[header + HEADER_RIGID_FACTOR + FACTOR_STATE] = 0;
  }

  /** @internal After the step: its impulses kept for the next step's warm start and for the readouts. */
  finishStep(): void {
    const d = this.data;
    for (let i = 0; i < this.count; i++) {
      const p = this.base + i * POINT_SIZE;
      this.impulses[2 * i] = d[p + POINT_IMPULSE];
      this.impulses[2 * i + 1] = d[p + POINT_IMPULSE + 1];
    }
  }

  /** n·(c_b − c_a) for point i's core points at the bodies' current poses (c = x + R l), into rates[k]. */
  private writeCoreGap(i: number, sa: Float64Array, sb: Float64Array, k: number): void {
    const d = this.data, la = this.base + i * POINT_SIZE + POINT_LOCAL_A, lb = la + (POINT_LOCAL_B - POINT_LOCAL_A), n = this.manifold.normal;
    const ca = sa[ROTATION], sA = sa[ROTATION + 1], cb = sb[ROTATION], sB = sb[ROTATION + 1];
    let gap = 0;
    gap += n[0] * ((sb[POSITION] + cb * d[lb] - sB * d[lb + 1]) - (sa[POSITION] + ca * d[la] - sA * d[la + 1]));
    gap += n[1] * ((sb[POSITION + 1] + sB * d[lb] + cb * d[lb + 1]) - (sa[POSITION + 1] + sA * d[la] + ca * d[la + 1]));
    rates[k] = gap;
  }

  /** writeCoreGap with one body static: the moving body's core point against the fixed one. */
  private writeMovingGap(i: number, st: Float64Array, sign: number, k: number): void {
    const d = this.data, p = this.base + i * POINT_SIZE, local = p + (sign > 0 ? POINT_LOCAL_B : POINT_LOCAL_A), n = this.manifold.normal;
    const fixed = p + POINT_FIXED_CORE, c = st[ROTATION], s = st[ROTATION + 1];
    const c0 = st[POSITION] + c * d[local] - s * d[local + 1], c1 = st[POSITION + 1] + s * d[local] + c * d[local + 1];
    let gap = 0;
    gap += n[0] * (sign > 0 ? c0 - d[fixed] : d[fixed] - c0);
    gap += n[1] * (sign > 0 ? c1 - d[fixed + 1] : d[fixed + 1] - c1);
    rates[k] = gap;
  }

  /** @internal Multiplies the kept impulses (before prepare copies them into the block). */
  scaleImpulse(ratio: number): void {
    for (let i = 0; i < 2 * this.count; i++) this.impulses[i] *= ratio;
  }

  /** @internal Zeroes the step's impulses. */
  clearImpulses(): void {
    const d = this.data;
    for (let i = 0; i < this.count; i++) {
      const p = this.base + i * POINT_SIZE + POINT_IMPULSE;
      d[p] = 0; d[p + 1] = 0;
    }
  }

  /**
   * After each substep: the bounce (3D's applyRestitution, whose comment derives v_out): an impact that
   * pushed in this substep leaves at
   *   v_out = ½ g' h + √(¼ g'² h² + 2 (e² E_in − g' s_end)),  E_in = ½ ṡ₀² + g' max(0, s₀) − ½ g' h ṡ₀,
   * λ_n ← max(0, λ_n − K⁻¹ (Ċ − v_out)); between two moving bodies at the step's last substep.
   */
  applyRestitution(last: boolean): void {
    if (!this.impactRows && !last) return;
    const rows = this.data, closingSpeeds = this.closing;
    if (this.restitution === 0) {
      for (let i = 0; i < this.count; i++) {
        const row = this.base + i * POINT_SIZE;
        if (rows[row + POINT_LARGEST_IMPULSE] !== 0) rows[row + POINT_CLOSING_SPEED] = closingSpeeds[i] = 0;
      }
      return;
    }
    const sa = this.bodyA.state, sb = this.bodyB.state;
    const e = this.restitution, g = this.closingAcceleration, h = 1 / this.inverseH;
    const targets = bounceTargets;
    let bouncing = 0;
    for (let i = 0; i < this.count; i++) {
      const row = this.base + i * POINT_SIZE;
      const closing = closingSpeeds[i];
      targets[i] = -1;
      if (closing === 0 || rows[row + POINT_LARGEST_IMPULSE] === 0) continue;
      if (this.movingSign === 0) this.writeCoreGap(i, sa, sb, 2);
      else this.writeMovingGap(i, this.movingSign > 0 ? sb : sa, this.movingSign, 2);
      const separation = rows[row + POINT_SEPARATION];
      const gapNow = separation + (rates[2] - rows[row + POINT_CORE_GAP]);
      const energyIn = 0.5 * closing * closing + g * Math.max(0, separation) - 0.5 * g * h * closing;
      const leave = e * e * energyIn - g * gapNow;
      targets[i] = 0.5 * g * h + Math.sqrt(Math.max(0, 0.25 * g * g * h * h + 2 * leave));
      rows[row + POINT_CLOSING_SPEED] = closingSpeeds[i] = 0;
      bouncing++;
    }
    if (bouncing < 2 || !this.bounceTogether()) {
      for (let i = 0; i < this.count; i++) {
        if (targets[i] < 0) continue;
        const row = this.base + i * POINT_SIZE, slot = row + POINT_IMPULSE;
        const old = rows[slot];
        writeRowRate(rows, row, sa, sb, 0);
        const next = Math.max(0, old - rows[row + ROW_MASS] * (rates[0] - targets[i]));
        rows[slot] = next;
        rates[0] = next - old;
        applyRowImpulse(rows, row, sa, sb, 0);
      }
    }
    this.frictionAtBounce(targets, sa, sb);
  }

  /** Friction at the bounce: each bouncing point's tangent row once more against its new λ_n (3D's). */
  private frictionAtBounce(targets: Float64Array, sa: Float64Array, sb: Float64Array): void {
    const rows = this.data, mu = this.friction;
    if (mu === 0) return;
    for (let i = 0; i < this.count; i++) {
      if (targets[i] < 0) continue;
      const row = this.base + i * POINT_SIZE, t = row + ROW_SIZE;
      const bound = mu * rows[row + POINT_IMPULSE];
      writeRowRate(rows, t, sa, sb, 0);
      const old = rows[row + POINT_IMPULSE + 1];
      let next = old - rows[t + ROW_MASS] * rates[0];
      if (next > bound) next = bound;
      else if (next < -bound) next = -bound;
      rows[row + POINT_IMPULSE + 1] = next;
      rates[0] = next - old;
      applyRowImpulse(rows, t, sa, sb, 0);
    }
  }

  /** The bouncing points solved as one block, K_SS Δλ = −(Ċ_S − v_out,S) (3D's bounceTogether). */
  private bounceTogether(): boolean {
    const sa = this.bodyA.state, sb = this.bodyB.state, rows = this.data, header = this.header, targets = bounceTargets;
    const M = bounceMatrix, r = bounceDelta, at = bounceIndex;
    let n = 0;
    for (let i = 0; i < this.count; i++) if (targets[i] >= 0) at[n++] = i;
    for (let a = 0; a < n; a++) {
      const row = this.base + at[a] * POINT_SIZE;
      writeRowRate(rows, row, sa, sb, 0);
      r[a] = targets[at[a]] - rates[0];
      for (let b = 0; b < n; b++) M[2 * a + b] = rows[header + HEADER_K + 2 * at[a] + at[b]];
      M[3 * a] *= 1 + BOUNCE_REGULARIZATION;
    }
    for (let c = 0; c < n; c++) {
      const pivot = M[3 * c];
      if (!(pivot > 0)) return false;
      for (let i = c + 1; i < n; i++) {
        const f = M[2 * i + c] / pivot;
        if (f === 0) continue;
        for (let k = c; k < n; k++) M[2 * i + k] -= f * M[2 * c + k];
        r[i] -= f * r[c];
      }
    }
    for (let i = n - 1; i >= 0; i--) {
      let sum = r[i];
      for (let k = i + 1; k < n; k++) sum -= M[2 * i + k] * r[k];
      r[i] = sum / M[3 * i];
    }
    for (let a = 0; a < n; a++) {
      const row = this.base + at[a] * POINT_SIZE, next = rows[row + POINT_IMPULSE] + r[a];
      if (!(next >= 0 && next <= Math.max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE * rows[row + ROW_MASS]))) return false;
    }
    for (let a = 0; a < n; a++) {
      const row = this.base + at[a] * POINT_SIZE;
      rows[row + POINT_IMPULSE] += r[a];
      rates[0] = r[a];
      applyRowImpulse(rows, row, sa, sb, 0);
    }
    return true;
  }

  /** The total normal impulse of the last substep, N·s. */
  get normalImpulse(): number {
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.impulses[2 * i];
    return sum;
  }
  /** The total normal force the shapes pressed each other with in the last substep, N. */
  get normalForce(): number {
    return this.normalImpulse * this.inverseH;
  }
}

/** A linear row along (nx, ny) at lever arms r_a, r_b into rows[at ..]: j = r × n, I⁻¹ j and
 * K⁻¹ = 1 / ((m_a⁻¹ + m_b⁻¹) n·n + j_a I_a⁻¹ j_a + j_b I_b⁻¹ j_b) (0 when K vanishes). */
function setRow(rows: Float64Array, at: number, imA: number, imB: number, iiA: number, iiB: number, nx: number, ny: number, rAx: number, rAy: number, rBx: number, rBy: number): void {
  rows[at + ROW_N] = nx; rows[at + ROW_N + 1] = ny;
  const ja = rAx * ny - rAy * nx, jb = rBx * ny - rBy * nx;
  rows[at + ROW_JA] = ja; rows[at + ROW_JB] = jb;
  rows[at + ROW_IJA] = iiA * ja; rows[at + ROW_IJB] = iiB * jb;
  const K = (imA + imB) * (nx * nx + ny * ny) + ja * rows[at + ROW_IJA] + jb * rows[at + ROW_IJB];
  rows[at + ROW_MASS] = K > 1e-300 ? 1 / K : 0;
}

/** Ċ of the row at rows[at ..] into rates[k]: n·(v_b − v_a) + j_b ω_b − j_a ω_a. */
function writeRowRate(rows: Float64Array, at: number, a: Float64Array, b: Float64Array, k: number): void {
  rates[k] =
    rows[at + ROW_N] * (b[LINEAR_VELOCITY] - a[LINEAR_VELOCITY]) +
    rows[at + ROW_N + 1] * (b[LINEAR_VELOCITY + 1] - a[LINEAR_VELOCITY + 1]) +
    rows[at + ROW_JB] * b[ANGULAR_VELOCITY] - rows[at + ROW_JA] * a[ANGULAR_VELOCITY];
}

/** v += M⁻¹ Jᵀ λ for the row at rows[at ..], λ = rates[k]: v_a −= m_a⁻¹ n λ, ω_a −= I_a⁻¹ j_a λ, + for B. */
function applyRowImpulse(rows: Float64Array, at: number, a: Float64Array, b: Float64Array, k: number): void {
  const lambda = rates[k];
  const nx = rows[at + ROW_N], ny = rows[at + ROW_N + 1];
  a[LINEAR_VELOCITY] -= a[INVERSE_MASS] * lambda * nx; a[LINEAR_VELOCITY + 1] -= a[INVERSE_MASS] * lambda * ny;
  b[LINEAR_VELOCITY] += b[INVERSE_MASS] * lambda * nx; b[LINEAR_VELOCITY + 1] += b[INVERSE_MASS] * lambda * ny;
  a[ANGULAR_VELOCITY] -= rows[at + ROW_IJA] * lambda;
  b[ANGULAR_VELOCITY] += rows[at + ROW_IJB] * lambda;
}
