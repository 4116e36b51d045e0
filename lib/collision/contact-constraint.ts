// Contact constraint: the rows of one manifold, solved in the soft step beside the joints (Box2D v3's
// contact_solver.c; Jolt's ContactConstraintManager builds its rows from the same AxisConstraintPart).
//
// Per point, at lever arms r_a = p_a − x_a, r_b = p_b − x_b fixed for the step, three linear rows
// (parts/axis-part.ts): the normal n and two tangents t₁, t₂ (n, t₁, t₂ orthonormal).
//   lever arms  p_a = p − (s/2) n and p_b = p + (s/2) n, each body's own surface point: the manifold's
//             point p is the midpoint between the two surfaces, s apart along n (manifold.ts). The
//             normal row is the same from either (r × n does not change along n); friction and the
//             core points carried for the gap are not. Taken at the midpoint for both bodies, a ball at
//             300 m/s 0.9 m from a 1 cm wall, whose speculative row stopped it within the step, had its
//             friction 0.49 m ahead of its centre instead of 0.05 m: it spun up to maxAngularSpeed in
//             the first substep, and its core point, carried 0.44 m ahead of the centre, swung off the
//             wall as it spun and opened a gap that let it through (21 of 51 shots from 8° to 40° got
//             past the wall; tests/continuous-collision.test.ts).
//   normal    C = s ≥ 0, the separation. Updated within the step from the bodies' moves and turns,
//             s = s₀ + n·(Δc_b − Δc_a), c the point of each shape's core that the contact found: p
//             itself on a box or hull (a vertex or edge point, which turns with its body, as Box2D v3's
//             anchors do; measured on a pile of 10 ragdolls, leaving the turning out kept light limbs
//             rocking at 0.1-0.3 rad/s, so their islands never slept), but r below the surface, along
//             the normal, on a sphere or capsule of radius r: the sphere's centre, a point of the
//             capsule's segment. The surface point of a round shape is no material point; turned with
//             the body, a ball rolling at 15 rad/s had its contact point rise off the ground within each
//             step, sank 2.5 mm and had no contact force in the step's last substep.
//             s > 0: speculative, bias s/h (the bodies may close the gap, not cross it, this substep);
//             s ≤ 0: soft, bias max(biasRate·s, −MAX_PUSH_SPEED) with the contact softness (Box2D v3's
//             30 Hz, damping ratio 10, capped at a quarter of the substep rate; twice as stiff against a
//             static body, as v3; pushing out at most 3 m/s), rigid without bias in the relax pass.
//             λ_n ≥ 0. A manifold's normal rows are solved as one block when all its points touch, or
//             are all apart and closing faster than their gaps allow (contact-solver.ts
//             solveNormalBlock), the friction rows alternating direction by sweep.
//   friction  Ċ_t → 0 on both tangents, (λ_t₁, λ_t₂) clamped to the disc |λ_t| ≤ μ λ_n (Coulomb).
//             Both rows take one mass, 2 / (K_t₁ + K_t₂) (K_t₁ + K_t₂ is the trace of the point's 2 x 2
//             tangent block, whichever way t₁ and t₂ turn in the plane): each row's own 1 / K_t made
//             the step λ_t − diag(K_t₁⁻¹, K_t₂⁻¹) Ċ_t lean from the slip toward the tangent with the
//             larger mass, so a sliding box's friction leaned with the arbitrary tangents. A box sliding
//             down a slope along its diagonal yawed at 0.11 rad/s and ran 2.5 % fast; now it slides
//             straight at every heading, 0.1-0.5 % within g (sin θ − μ cos θ).
//             μ = √(μ_a μ_b) (Box2D's mixing). Solved after the normal rows, against the λ_n they just
//             gave, as Box2D v3 orders them (contact-solver.ts's solve says why).
//   rolling   when either shape has rollingResistance c: two angular rows along t₁, t₂, Ċ = t·(ω_b − ω_a),
//             K = t·(I_a⁻¹ + I_b⁻¹) t, the pair clamped to the disc |λ_r| ≤ c (r_a + r_b) Σ λ_n, with r a
//             sphere's, capsule's or cylinder's radius (0 for boxes, hulls, cones and planes), c the larger
//             of the two: a torque against rolling of at most c·r·N, the engineering rolling-resistance c
//             (a rolling force of c N at the rim). Solved after the normal rows, so its bound is the
//             normal impulse of the same pass (solved before them, the relax pass clamped against the
//             biased pass's push-out too, and a ball slowed 1.8x too fast); its impulse is carried
//             across steps as a world vector, as friction's. A solid ball rolling on a plane then slows
//             at (5/7) c g (tested).
//   impact    a point of a moving body's one manifold against static bodies (ContactSolver.prepare)
//             closing faster than the world's restitution threshold at the step's start, Ċ₀ <
//             −threshold, until the substep it meets in: its normal row is rigid
//             and asks for the gap the bodies would have at the substep's end had they bounced where
//             they met (contact-solver.ts writeNormalBias), e = max(e_a, e_b).
//   bounce    after that substep (the other points closing that fast: after the step's last), its λ_n
//             is set so that Ċ_n leaves with e² of the energy it closed with (see applyRestitution); a
//             manifold's bouncing points together (bounceTogether); then its friction rows once more
//             against that λ_n (frictionAtBounce).

import type { Body } from '../body/body.js';
import { BODY_STATE } from '../body/body-state.js';
import { multiplySymmetric3 } from '../math/mat3.js';
import { MAX_MANIFOLD_POINTS, Manifold } from './manifold.js';
import { moveSlice, UNPOOLED, type Float64Allocator, type Float64Arena } from '../util/arena.js';
import { ManifoldCache } from './manifold-cache.js';
import type { Shape } from '../geometry/shape.js';
import type { ShapeProxy } from './broadphase.js';
import type { SubstepLength } from '../solver/step-parts.js';
import {
  HEADER_AGAINST_STATIC, HEADER_COUNT, HEADER_FRICTION, HEADER_MOVING_SIGN, HEADER_NORMAL, HEADER_OFFSET_A, HEADER_OFFSET_B,
  FACTOR_STATE, HEADER_COINCIDENT, HEADER_K, HEADER_RIGID_FACTOR, HEADER_ROLLING, HEADER_SOFT_FACTOR, HEADER_TANGENT_SPEED, HEADER_RESTITUTION, POINT_CLOSING_SPEED, POINT_CORE_GAP, POINT_FIXED_CORE, POINT_IMPULSE, POINT_LARGEST_IMPULSE,
  POINT_LOCAL_A, POINT_LOCAL_B, POINT_SEPARATION, POINT_SIZE, ROW_IJA, ROW_IJB, ROW_JA, ROW_JB, ROW_MASS, ROW_N, ROW_SIZE, pointsBase,
} from './contact-rows.js';

const POSITION = BODY_STATE.position, LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const ROTATION = BODY_STATE.rotation;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, INVERSE_MASS = BODY_STATE.inverseMass;
const MASS_X = BODY_STATE.inverseMassAxes, MASS_Y = MASS_X + 1, MASS_Z = MASS_X + 2, TRANSLATION_LOCKS = BODY_STATE.translationLocks;

/** Two normal rows coincide when |J_i − J_k|² ≤ this fraction of K_ii + K_kk (round-off in the points' lever
 * arms, 1e-16 of it; two corners 1 mm apart on a 0.5 m box's face, 1e-5). */
const COINCIDENT_TOLERANCE = 1e-9;

// A point's rows, impulses and gap data are its block in the step's flat contact rows (contact-rows.ts,
// where the row layout is); the rolling rows, which few contacts have, stay in the contact's own array.
/** Below this tangential speed (m/s) the friction basis is any pair of tangents. */
const SLIDING_SPEED = 1e-3;
const keptImpulses = new Float64Array(3 * MAX_MANIFOLD_POINTS);
/** Last step's tangents t₁, t₂ while prepare carries the kept impulses onto the new ones. */
const lastTangents = new Float64Array(6);
const NO_ROWS = new Float64Array(0);
/** What a pooled contact holds instead of bodies and shapes (ContactConstraint.forget): never read. */
const NO_BODY = null as unknown as Body;
const NO_SHAPE = null as unknown as Shape;
/** applyRestitution's scratch: each point's leaving speed v_out (−1: the point does not bounce), and the
 * block's matrix, right-hand side and point indices (bounceTogether). */
const bounceTargets = new Float64Array(MAX_MANIFOLD_POINTS);
const bounceMatrix = new Float64Array(16);
const bounceDelta = new Float64Array(MAX_MANIFOLD_POINTS);
const bounceIndex = new Int32Array(MAX_MANIFOLD_POINTS);
/** The bounce block's compliance floor, relative to K's diagonal (as the normal block's). */
const BOUNCE_REGULARIZATION = 1e-9;

/**
 * The most a contact point pushes in one substep, N·s, is the larger of this and the push that would
 * change the point's closing speed by MAX_CONTACT_SPEED_CHANGE (K⁻¹ · 10⁶ m/s, K⁻¹ the row's effective
 * mass), far past anything a scene asks of it. An overflow guard:
 * a degenerate joint system that diverges inside a solve (the speed caps apply at the position update)
 * can hand a contact a push of 1e89 N·s, which its warm start fed back until it overflowed to Infinity,
 * and a static body's 0 · ∞ became NaN (found by the random-scene property with shapes).
 *
 * Relative to the effective mass, so that it never holds a body up less than gravity needs: a fixed
 * 1e12 N·s let a 1 m box of 1e14 kg sink into static ground and one of 1e16 kg fall through it. The fixed
 * floor keeps a heavy body on a light one, whose row has the light body's effective mass, held as before.
 */
export const MAX_CONTACT_IMPULSE = 1e12;
/** The change of a point's closing speed (m/s) a push may make (see MAX_CONTACT_IMPULSE): 2500 times the
 * default maxLinearSpeed. The solves cap a row of effective mass K⁻¹ at
 * max(MAX_CONTACT_IMPULSE, MAX_CONTACT_SPEED_CHANGE K⁻¹), written out where it is used (a double returned by
 * a call V8 does not inline is boxed). */
export const MAX_CONTACT_SPEED_CHANGE = 1e6;
/** Closing speeds below this (m/s) do not bounce by default (Box2D's restitution threshold;
 * WorldOptions.restitutionThreshold). */
export const RESTITUTION_THRESHOLD = 1;

export class ContactConstraint {
  /** The manifold this step (its points, normal and ids); the narrowphase writes it. */
  readonly manifold: Manifold;
  /** @internal The manifold kept for steps in which the shapes barely move against each other
   * (manifold-cache.ts; ContactSet.collideContact). */
  readonly manifoldCache: ManifoldCache;
  /** Accumulated impulses per point (normal, tangent 1, tangent 2) as the last step left them; during a
   * step the solve works on their copy in its block. (This and the contact's other arrays are replaced
   * when its contact set compacts its arena, between steps: moveNumbers.) */
  impulses: Float64Array;
  /** @internal The normal impulses of the last step, summed over its points and substeps (the bounce
   * included), N·s; kept only while the world has an onContactForce listener (ContactSolver.sumImpulses). */
  stepNormalImpulse = 0;
  /** Each point's id at the last prepare (to carry impulses to the next manifold). */
  readonly ids = new Int32Array(MAX_MANIFOLD_POINTS).fill(-1);
  count = 0;
  /** The rolling rows' accumulated angular impulses along t₁ and t₂, N·m·s (see the header). */
  rollingImpulse: Float64Array;
  /** c (r_a + r_b): the arm of the largest rolling torque, m (0: no rolling rows). */
  private rollingArm = 0;
  /** Where its numbers come from (the rolling rows, made when first needed). */
  private allocator: Float64Allocator;
  /** The two rolling rows (ROW_SIZE numbers each; contact-rows.ts), allocated when the pair first has
   * rolling resistance: few do, and a contact without them is a quarter smaller. */
  private rollingRows: Float64Array = NO_ROWS;
  /** This step's flat contact rows (contact-rows.ts), where this contact's header is in them, and its
   * first point's block. */
  private data: Float64Array = NO_ROWS;
  private header = 0;
  private base = 0;
  /** @internal */ tangent1: Float64Array;
  /** @internal */ tangent2: Float64Array;
  /** Against a static body (the stiffer softness). */
  private againstStatic = false;
  /**
   * Which body moves when the other is static: +1 B alone, −1 A alone, 0 both (or neither static). A
   * static body's velocities stay zero and its inverse mass and inertia are zero, so a row against one is
   * the moving body's half of the row alone: with the sign s, Ċ = s (n·v + j·ω) and the impulse
   * v += s m⁻¹ n λ, ω += s I⁻¹ j λ, about half the arithmetic and memory traffic of a row between two
   * bodies (a level's contacts are almost all against static ground).
   */
  private movingSign = 0;
  /** @internal Whether this step's impacts take impact rows (ContactSolver.prepare: a moving body's single
   * manifold against static bodies); else they bounce at the step's end, as moving pairs do. */
  impactRows = false;
  /** Each point's closing speed at the step's start when faster than the threshold, else 0, for the
   * bounce (the rows' POINT_CLOSING_SPEED holds it only for impact rows). */
  private readonly closing = new Float64Array(MAX_MANIFOLD_POINTS);
  /** g': gravity's relative acceleration along −n, m/s² (> 0 when it pulls the shapes together). */
  private closingAcceleration = 0;
  private startA: Float64Array;
  private startB: Float64Array;
  private rA: Float64Array;
  private rB: Float64Array;
  private friction = 0;
  private restitution = 0;
  private inverseH = 0;
  /** @internal The two shapes' broadphase proxies (contact-set.ts), A's and B's. */
  proxyA: ShapeProxy | null = null;
  /** @internal */
  proxyB: ShapeProxy | null = null;
  /** The triangle of A's mesh or heightfield this contact is with (mesh-pairs.ts), or −1. */
  subKey = -1;
  /** @internal A pair with a mesh or heightfield: its triangles' contacts (mesh-pairs.ts), each with its
   * own subKey; the pair itself has no points. Null for every other contact. */
  children: ContactConstraint[] | null = null;
  /** @internal The mesh search's mark: the update that last found this triangle near. */
  stamp = 0;
  /** @internal Set by World.onPreSolve for this step: the next prepare takes μ, e and the surface
   * velocity below instead of the shapes' (and clears the mark). */
  preSolved = false;
  preSolveFriction = 0;
  preSolveRestitution = 0;
  /** @internal The velocity friction gives B's surface over A's, m/s, world (with `preSolved`). */
  tangentVelocity: Float64Array;
  /** @internal Its two shapes were deep inside each other when the pair was made (broadphase.ts
   * isDeepPair), and its contact has not yet pushed them apart: contact-set.ts counts each shape's deep
   * pairs against MAX_CROWD_PAIRS_PER_SHAPE. */
  deepPair = false;
  /** Whether the shapes touch (contact-set.ts TOUCH_DISTANCE), or overlap for a sensor pair. */
  isTouching = false;
  /** A pair with a sensor shape: it only reports overlaps (no points, no rows). */
  sensor: boolean;

  bodyA: Body;
  shapeA: Shape;
  bodyB: Body;
  shapeB: Shape;
  /** The two shapes' keys (body id · MAX_SHAPES_PER_BODY + shape index), A's and B's: the contacts are
   * solved in the order of (keyA, keyB). */
  keyA: number;
  keyB: number;

  /** `allocator`: where its numbers live (ContactSet's arena: a contact's manifold, cache, impulses and
   * lever arms side by side, and the contacts made together next to each other). */
  constructor(bodyA: Body, shapeA: Shape, bodyB: Body, shapeB: Shape, keyA: number, keyB: number, allocator: Float64Allocator = UNPOOLED) {
    this.manifold = new Manifold(allocator);
    this.manifoldCache = new ManifoldCache(allocator);
    this.impulses = allocator.allocate(3 * MAX_MANIFOLD_POINTS);
    this.rollingImpulse = allocator.allocate(2);
    this.startA = allocator.allocate(3);
    this.startB = allocator.allocate(3);
    this.rA = allocator.allocate(3);
    this.rB = allocator.allocate(3);
    this.tangent1 = allocator.allocate(3);
    this.tangent2 = allocator.allocate(3);
    this.tangentVelocity = allocator.allocate(3);
    this.allocator = allocator;
    this.bodyA = bodyA; this.shapeA = shapeA; this.bodyB = bodyB; this.shapeB = shapeB;
    this.keyA = keyA; this.keyB = keyB;
    this.manifold.bodyIdA = bodyA.id; this.manifold.bodyIdB = bodyB.id;
    this.sensor = shapeA.sensor || shapeB.sensor;
  }

  /** Makes a contact no longer used (ContactSet's pool) the new pair's, with no points or impulses. */
  reuse(bodyA: Body, shapeA: Shape, bodyB: Body, shapeB: Shape, keyA: number, keyB: number): this {
    this.bodyA = bodyA; this.shapeA = shapeA; this.bodyB = bodyB; this.shapeB = shapeB;
    this.keyA = keyA; this.keyB = keyB;
    this.manifold.bodyIdA = bodyA.id; this.manifold.bodyIdB = bodyB.id;
    this.subKey = -1;
    this.clearPoints();
    this.manifoldCache.reset();
    // (the last pair's tangents: prepare turns kept impulses through them, and there are none, but a new
    // contact's are zero, and a reused one is the same as a new one in everything the step reads)
    this.tangent1.fill(0);
    this.tangent2.fill(0);
    this.sensor = shapeA.sensor || shapeB.sensor;
    return this;
  }

  /**
   * @internal Back in its set's pool: it lets go of the pair's bodies and shapes (a removed body must not
   * stay reachable through a pooled contact) and of the step's rows. A pooled contact is never read
   * until `reuse` gives it a pair again.
   */
  forget(): void {
    this.bodyA = this.bodyB = NO_BODY;
    this.shapeA = this.shapeB = NO_SHAPE;
    this.proxyA = this.proxyB = null;
    this.children = null;
    this.data = NO_ROWS;
  }

  /** @internal Moves its numbers into `arena` (ContactSet compacts its arena between steps; the values
   * stay as they are, so the step is the same bit for bit). `from`: the arena they were in. */
  moveNumbers(arena: Float64Arena, from: Float64Arena): void {
    this.manifold.moveNumbers(arena, from);
    this.manifoldCache.moveNumbers(arena, from);
    this.impulses = moveSlice(this.impulses, arena, from);
    this.rollingImpulse = moveSlice(this.rollingImpulse, arena, from);
    this.startA = moveSlice(this.startA, arena, from);
    this.startB = moveSlice(this.startB, arena, from);
    this.rA = moveSlice(this.rA, arena, from);
    this.rB = moveSlice(this.rB, arena, from);
    this.tangent1 = moveSlice(this.tangent1, arena, from);
    this.tangent2 = moveSlice(this.tangent2, arena, from);
    this.tangentVelocity = moveSlice(this.tangentVelocity, arena, from);
    if (this.rollingRows.length > 0) this.rollingRows = moveSlice(this.rollingRows, arena, from);
    this.allocator = arena;
  }

  /** @internal Gives its numbers back to `arena` (its set drops it from the pool for good). */
  releaseNumbers(arena: Float64Arena): void {
    this.manifold.releaseNumbers(arena);
    this.manifoldCache.releaseNumbers(arena);
    for (const slice of [this.impulses, this.rollingImpulse, this.startA, this.startB, this.rA, this.rB, this.tangent1, this.tangent2, this.tangentVelocity, this.rollingRows]) {
      arena.release(slice);
    }
  }

  /**
   * The shapes' bounds parted: no points, and the next touch starts afresh, as a reused contact does.
   * With no points the kept impulses and ids are never read (matchImpulses matches against the first
   * `count`), so a contact already without points, touch or rolling impulse is left as it is: most
   * pairs the broadphase keeps stay apart for many steps (clearing them every step was 7 % of a
   * 1000-body pile's step).
   */
  part(): void {
    if (this.count === 0 && this.manifold.count === 0 && !this.isTouching && this.rollingImpulse[0] === 0 && this.rollingImpulse[1] === 0) return;
    this.clearPoints();
  }

  private clearPoints(): void {
    this.manifoldCache.valid = false;
    this.impulses.fill(0);
    this.rollingImpulse.fill(0);
    this.ids.fill(-1);
    this.count = 0;
    this.manifold.count = 0;
    this.isTouching = false;
  }

  /** @internal Left out of a step (World.onPreSolve): no impulse is kept for when it is solved again. */
  dropImpulses(): void {
    this.impulses.fill(0);
    this.rollingImpulse.fill(0);
  }

  /**
   * Takes the new manifold's points: a point whose id was there last step keeps its impulses (warm
   * start), a new one starts from zero.
   */
  matchImpulses(): void {
    const m = this.manifold, old = this.impulses;
    const kept = keptImpulses;
    for (let k = 0; k < kept.length; k++) kept[k] = 0;
    for (let i = 0; i < m.count; i++) {
      for (let j = 0; j < this.count; j++) {
        if (this.ids[j] !== m.ids[i]) continue;
        kept[3 * i] = old[3 * j]; kept[3 * i + 1] = old[3 * j + 1]; kept[3 * i + 2] = old[3 * j + 2];
        break;
      }
    }
    old.set(kept);
    for (let i = 0; i < MAX_MANIFOLD_POINTS; i++) this.ids[i] = i < m.count ? m.ids[i] : -1;
    // a pair without points keeps no rolling impulse either: snapshots hold only the pairs with points,
    // so one kept here would warm-start the next touch in this world and not in its restored copy
    if (m.count === 0) {
      this.rollingImpulse[0] = 0;
      this.rollingImpulse[1] = 0;
    }
    this.count = m.count;
  }

  /** @internal Where this step's region is (ContactSolver.layout, before prepare). */
  placeRows(data: Float64Array, header: number): void {
    this.data = data;
    this.header = header;
    this.base = pointsBase(header, this.count);
  }

  /** @internal Lever arms, rows and effective masses at the step's start poses, for substeps of `step.h` under
   * `gravity`, into this contact's block (placeRows); the kept impulses copied in. */
  prepare(step: SubstepLength, gravity: Float64Array, restitutionThreshold: number): void {
    const h = step.h;
    const m = this.manifold, a = this.bodyA, b = this.bodyB, n = m.normal;
    // C̈ = n·(a_b − a_a) from gravity alone (static and kinematic bodies do not fall)
    const fallA = a.isDynamic ? a._gravityScale : 0, fallB = b.isDynamic ? b._gravityScale : 0;
    this.closingAcceleration = -(fallB - fallA) * (n[0] * gravity[0] + n[1] * gravity[1] + n[2] * gravity[2]);
    this.inverseH = 1 / h;
    const preSolved = this.preSolved;
    this.preSolved = false;
    this.friction = preSolved ? this.preSolveFriction : Math.sqrt(this.shapeA._friction * this.shapeB._friction);
    this.restitution = preSolved ? this.preSolveRestitution : Math.max(this.shapeA._restitution, this.shapeB._restitution);
    for (let k = 0; k < 3; k++) {
      this.startA[k] = a.state[POSITION + k];
      this.startB[k] = b.state[POSITION + k];
    }
    this.againstStatic = a.type === 'static' || b.type === 'static';
    this.movingSign = a.type === 'static' ? 1 : b.type === 'static' ? -1 : 0;
    // The kept friction impulses are components along last step's tangents; t₁ follows the sliding
    // direction, so the basis may turn between steps: carry each kept impulse over as the world vector
    // it was, P = λ₁ t₁ + λ₂ t₂, onto the new tangents. (Kept as components of a turning basis, a
    // creeping pyramid of 55 boxes moved 18 mm in its tenth second at 4 substeps.)
    const t1 = this.tangent1, t2 = this.tangent2, u = lastTangents;
    for (let k = 0; k < 3; k++) { u[k] = t1[k]; u[3 + k] = t2[k]; } // last step's
    const u1x = u[0], u1y = u[1], u1z = u[2], u2x = u[3], u2y = u[4], u2z = u[5];
    this.chooseTangents(n);
    for (let i = 0; i < this.count; i++) {
      const l1 = this.impulses[3 * i + 1], l2 = this.impulses[3 * i + 2];
      if (l1 === 0 && l2 === 0) continue;
      const px = l1 * u1x + l2 * u2x, py = l1 * u1y + l2 * u2y, pz = l1 * u1z + l2 * u2z;
      this.impulses[3 * i + 1] = px * t1[0] + py * t1[1] + pz * t1[2];
      this.impulses[3 * i + 2] = px * t2[0] + py * t2[1] + pz * t2[2];
    }
    const sa = a.state, sb = b.state;
    this.prepareRolling(sa, sb);
    const d = this.data, header = this.header;
    d[header + HEADER_COUNT] = this.count;
    d[header + HEADER_MOVING_SIGN] = this.movingSign;
    d[header + HEADER_OFFSET_A] = a.stateOffset;
    d[header + HEADER_OFFSET_B] = b.stateOffset;
    d[header + HEADER_FRICTION] = this.friction;
    d[header + HEADER_AGAINST_STATIC] = this.againstStatic ? 1 : 0;
    for (let k = 0; k < 3; k++) d[header + HEADER_NORMAL + k] = n[k];
    d[header + HEADER_ROLLING] = this.rollingArm > 0 ? 1 : 0;
    d[header + HEADER_RESTITUTION] = this.restitution;
    // the surface speed along each tangent (its normal part is no slip: left out)
    const surface = this.tangentVelocity;
    d[header + HEADER_TANGENT_SPEED] = preSolved ? t1[0] * surface[0] + t1[1] * surface[1] + t1[2] * surface[2] : 0;
    d[header + HEADER_TANGENT_SPEED + 1] = preSolved ? t2[0] * surface[0] + t2[1] * surface[1] + t2[2] * surface[2] : 0;
    // the cores lie a round shape's radius inside its surface, along the normal (n points from A to B)
    const radiusA = this.shapeA.radius, radiusB = this.shapeB.radius;
    for (let i = 0; i < this.count; i++) {
      const p = this.base + i * POINT_SIZE;
      // each body's own surface point: the manifold's point is the midpoint between the surfaces, s/2
      // from each along n (see the header, "lever arms")
      const half = 0.5 * m.separations[i];
      for (let k = 0; k < 3; k++) {
        this.rA[k] = m.points[3 * i + k] - half * n[k] - this.startA[k];
        this.rB[k] = m.points[3 * i + k] + half * n[k] - this.startB[k];
      }
      // the core points in each body's axes, l = Rᵀ (r ∓ radius n) (R column-major: column k is
      // state[ROTATION + 3k ..])
      const cAx = this.rA[0] - radiusA * n[0], cAy = this.rA[1] - radiusA * n[1], cAz = this.rA[2] - radiusA * n[2];
      const cBx = this.rB[0] + radiusB * n[0], cBy = this.rB[1] + radiusB * n[1], cBz = this.rB[2] + radiusB * n[2];
      for (let k = 0; k < 3; k++) {
        const at = ROTATION + 3 * k;
        d[p + POINT_LOCAL_A + k] = sa[at] * cAx + sa[at + 1] * cAy + sa[at + 2] * cAz;
        d[p + POINT_LOCAL_B + k] = sb[at] * cBx + sb[at + 1] * cBy + sb[at + 2] * cBz;
      }
      if (this.movingSign === 0) this.writeCoreGap(i, sa, sb, n, 2);
      else {
        const fixed = this.movingSign > 0 ? sa : sb, local = p + (this.movingSign > 0 ? POINT_LOCAL_A : POINT_LOCAL_B);
        for (let c = 0; c < 3; c++) {
          d[p + POINT_FIXED_CORE + c] = fixed[POSITION + c] + fixed[ROTATION + c] * d[local] + fixed[ROTATION + 3 + c] * d[local + 1] + fixed[ROTATION + 6 + c] * d[local + 2];
        }
        this.writeMovingGap(i, this.movingSign > 0 ? sb : sa, this.movingSign, 2);
      }
      d[p + POINT_CORE_GAP] = rates[2];
      setRow(d, p, sa, sb, n, this.rA, this.rB);
      setRow(d, p + ROW_SIZE, sa, sb, this.tangent1, this.rA, this.rB);
      setRow(d, p + 2 * ROW_SIZE, sa, sb, this.tangent2, this.rA, this.rB);
      // one friction mass for both tangents (see the header): 2 / (K_t₁ + K_t₂); when one tangent has
      // no response (K = 0: a body held to a plane by locked axes, with that tangent across the plane),
      // the other's 1 / K alone (the mean K over the tangents that respond: 2 / K_t₁ would overshoot the
      // slip twice over; taken as 0, the pair had no friction at all)
      const mass1 = d[p + ROW_SIZE + ROW_MASS], mass2 = d[p + 2 * ROW_SIZE + ROW_MASS];
      const frictionMass = mass1 > 0 && mass2 > 0 ? (2 * mass1 * mass2) / (mass1 + mass2) : mass1 > 0 ? mass1 : mass2;
      d[p + ROW_SIZE + ROW_MASS] = frictionMass;
      d[p + 2 * ROW_SIZE + ROW_MASS] = frictionMass;
      d[p + POINT_SEPARATION] = m.separations[i];
      writeRowRate(d, p, sa, sb, 0);
      // an impact while it closes faster than the threshold (see the header), until it meets
      this.closing[i] = rates[0] < -restitutionThreshold ? rates[0] : 0;
      d[p + POINT_CLOSING_SPEED] = this.impactRows ? this.closing[i] : 0;
      d[p + POINT_LARGEST_IMPULSE] = 0;
      for (let r = 0; r < 3; r++) d[p + POINT_IMPULSE + r] = this.impulses[3 * i + r];
    }
    // the normal rows' K_ik = (m_a⁻¹ + m_b⁻¹) n·n + j_a,i·I_a⁻¹ j_a,k + j_b,i·I_b⁻¹ j_b,k (a static body's
    // terms are zero), for the block solve (two points or more: a one-point contact's header has no block)
    if (this.count < 2) return;
    const inverseMassSum = sa[INVERSE_MASS] + sb[INVERSE_MASS];
    // (with a body's translation locked, n_i·(m_a⁻¹ P_a + m_b⁻¹ P_b) n_k axis by axis: body.ts)
    const locked = sa[TRANSLATION_LOCKS] !== 0 || sb[TRANSLATION_LOCKS] !== 0;
    const sumX = sa[MASS_X] + sb[MASS_X], sumY = sa[MASS_Y] + sb[MASS_Y], sumZ = sa[MASS_Z] + sb[MASS_Z];
    for (let i = 0; i < this.count; i++) {
      const at = this.base + i * POINT_SIZE;
      for (let k = 0; k < this.count; k++) {
        const bt = this.base + k * POINT_SIZE;
        const linear = locked
          ? sumX * d[at + ROW_N] * d[bt + ROW_N] + sumY * d[at + ROW_N + 1] * d[bt + ROW_N + 1] + sumZ * d[at + ROW_N + 2] * d[bt + ROW_N + 2]
          : inverseMassSum * (d[at + ROW_N] * d[bt + ROW_N] + d[at + ROW_N + 1] * d[bt + ROW_N + 1] + d[at + ROW_N + 2] * d[bt + ROW_N + 2]);
        d[header + HEADER_K + 4 * i + k] =
          linear +
          d[at + ROW_JA] * d[bt + ROW_IJA] + d[at + ROW_JA + 1] * d[bt + ROW_IJA + 1] + d[at + ROW_JA + 2] * d[bt + ROW_IJA + 2] +
          d[at + ROW_JB] * d[bt + ROW_IJB] + d[at + ROW_JB + 1] * d[bt + ROW_IJB + 1] + d[at + ROW_JB + 2] * d[bt + ROW_IJB + 2];
      }
    }
    // Each row's count of the rows that coincide with it, K_ii + K_kk − 2 K_ik = |J_i − J_k|² in M⁻¹'s
    // metric ≈ 0: 1 but for bodies with locked axes. Held to a plane (rotation about x and y locked), a
    // box's face corners at z = ±h with one x and y are one row, whose soft compliance γ K_ii the block
    // would otherwise take once per corner, a spring twice as stiff as a 2D point's: the 20-row pyramid
    // held to its plane jittered and crept sideways (1.8 cm at 4 s) and never slept. Taken c times over,
    // the c rows together are the 2D row (contact-solver.ts solveNormalBlock).
    const checkCoincident = this.bodyA.hasLockedAxes || this.bodyB.hasLockedAxes;
    for (let i = 0; i < this.count; i++) {
      let coincident = 1;
      if (checkCoincident) {
        const kii = d[header + HEADER_K + 5 * i];
        for (let k = 0; k < this.count; k++) {
          const kkk = d[header + HEADER_K + 5 * k], kik = d[header + HEADER_K + 4 * i + k];
          if (k !== i && kii + kkk - 2 * kik <= COINCIDENT_TOLERANCE * (kii + kkk)) coincident++;
        }
      }
      d[header + HEADER_COINCIDENT + i] = coincident;
    }
    d[header + HEADER_SOFT_FACTOR + FACTOR_STATE] = 0;
    d[header + HEADER_RIGID_FACTOR + FACTOR_STATE] = 0;
  }

  /** @internal After the step: its impulses kept for the next step's warm start and for the readouts. */
  finishStep(): void {
    const d = this.data;
    for (let i = 0; i < this.count; i++) {
      const p = this.base + i * POINT_SIZE;
      for (let r = 0; r < 3; r++) this.impulses[3 * i + r] = d[p + POINT_IMPULSE + r];
    }
  }

  /**
   * The tangents: t₁ along the sliding velocity at the manifold's first point when it slides (Jolt's
   * choice), else any pair completing n. (With a fixed basis and each friction row its own mass, a box
   * sliding across the basis down a 35° slope got 5 % too little friction and a growing spin about the
   * normal; the rows' shared mass, see the header, now keeps the impulse opposite the slip at the other
   * points too.)
   */
  private chooseTangents(n: Float64Array): void {
    const t1 = this.tangent1, t2 = this.tangent2;
    if (n[2] === 0 && (this.bodyA.hasLockedAxes || this.bodyB.hasLockedAxes)) {
      // A normal in the x-y plane between bodies with locked axes (a body held to the plane z = 0:
      // translation along z and rotation about x and y locked): t₁ = (n_y, −n_x, 0), the plane's
      // tangent (Box2D's right perpendicular), and t₂ = n × t₁ = (0, 0, −1), across the plane. On a
      // planar body t₂ has K = 0 and t₁ carries the whole friction, as the 2D world's one tangent row;
      // either basis above would mix z into both tangents (Duff's for a slanted in-plane normal), and two
      // rows sharing one rank-one block's friction overshoot the slip in turn.
      t1[0] = n[1]; t1[1] = -n[0]; t1[2] = 0;
      t2[0] = 0; t2[1] = 0; t2[2] = -1;
      return;
    }
    if (this.count > 0) {
      const m = this.manifold, sa = this.bodyA.state, sb = this.bodyB.state;
      // v_b + ω_b × r_b − v_a − ω_a × r_a at the first point
      let vx = 0, vy = 0, vz = 0;
      for (let side = 0; side < 2; side++) {
        const st = side === 0 ? sb : sa, sign = side === 0 ? 1 : -1, x = side === 0 ? this.startB : this.startA;
        const rx = m.points[0] - x[0], ry = m.points[1] - x[1], rz = m.points[2] - x[2];
        const wx = st[ANGULAR_VELOCITY], wy = st[ANGULAR_VELOCITY + 1], wz = st[ANGULAR_VELOCITY + 2];
        vx += sign * (st[LINEAR_VELOCITY] + wy * rz - wz * ry);
        vy += sign * (st[LINEAR_VELOCITY + 1] + wz * rx - wx * rz);
        vz += sign * (st[LINEAR_VELOCITY + 2] + wx * ry - wy * rx);
      }
      const vn = vx * n[0] + vy * n[1] + vz * n[2];
      const tx = vx - vn * n[0], ty = vy - vn * n[1], tz = vz - vn * n[2];
      const speed = Math.sqrt(tx * tx + ty * ty + tz * tz);
      if (speed > SLIDING_SPEED) {
        t1[0] = tx / speed; t1[1] = ty / speed; t1[2] = tz / speed;
        // t₂ = n × t₁
        t2[0] = n[1] * t1[2] - n[2] * t1[1]; t2[1] = n[2] * t1[0] - n[0] * t1[2]; t2[2] = n[0] * t1[1] - n[1] * t1[0];
        return;
      }
    }
    tangents(n, t1, t2);
  }

  /** n·(c_b − c_a) for point i's core points at the bodies' current poses (c = x + R l), into rates[k]
   * (see writeRowRate for why not a return value). */
  private writeCoreGap(i: number, sa: Float64Array, sb: Float64Array, n: ArrayLike<number>, k: number): void {
    const d = this.data, la = this.base + i * POINT_SIZE + POINT_LOCAL_A, lb = la + (POINT_LOCAL_B - POINT_LOCAL_A);
    let gap = 0;
    for (let c = 0; c < 3; c++) {
      const coreA = sa[POSITION + c] + sa[ROTATION + c] * d[la] + sa[ROTATION + 3 + c] * d[la + 1] + sa[ROTATION + 6 + c] * d[la + 2];
      const coreB = sb[POSITION + c] + sb[ROTATION + c] * d[lb] + sb[ROTATION + 3 + c] * d[lb + 1] + sb[ROTATION + 6 + c] * d[lb + 2];
      gap += n[c] * (coreB - coreA);
    }
    rates[k] = gap;
  }

  /**
   * writeCoreGap with one body static (movingSign ≠ 0): the moving body's core point c (state `st`)
   * against the static one's, kept in fixedCore (the same arithmetic, in the same order).
   */
  private writeMovingGap(i: number, st: Float64Array, sign: number, k: number): void {
    const d = this.data, p = this.base + i * POINT_SIZE, local = p + (sign > 0 ? POINT_LOCAL_B : POINT_LOCAL_A), n = this.manifold.normal;
    const fixed = p + POINT_FIXED_CORE;
    let gap = 0;
    for (let c = 0; c < 3; c++) {
      const core = st[POSITION + c] + st[ROTATION + c] * d[local] + st[ROTATION + 3 + c] * d[local + 1] + st[ROTATION + 6 + c] * d[local + 2];
      gap += n[c] * (sign > 0 ? core - d[fixed + c] : d[fixed + c] - core);
    }
    rates[k] = gap;
  }

  /** The rolling rows along this step's tangents, the kept impulse carried over from last step's
   * (u₁, u₂ in lastTangents) as a world vector; none when the pair has no rolling resistance. */
  private prepareRolling(sa: Float64Array, sb: Float64Array): void {
    const u = lastTangents, u1x = u[0], u1y = u[1], u1z = u[2], u2x = u[3], u2y = u[4], u2z = u[5];
    const c = Math.max(this.shapeA.rollingResistance, this.shapeB.rollingResistance);
    const p = this.rollingImpulse;
    this.rollingArm = c * (this.shapeA.radius + this.shapeB.radius);
    if (!(this.rollingArm > 0) || this.count === 0) {
      p[0] = 0; p[1] = 0;
      this.rollingArm = 0;
      return;
    }
    if (this.rollingRows.length === 0) this.rollingRows = this.allocator.allocate(2 * ROW_SIZE);
    const rows = this.rollingRows;
    const t1 = this.tangent1, t2 = this.tangent2;
    // (none kept: left as +0, as the friction impulses are; turned through last step's tangents, a zero
    // became −0 where they had negative components, and a contact with no points last step, whose
    // tangents no snapshot holds, then hashed apart from its restored copy)
    if (p[0] !== 0 || p[1] !== 0) {
      const px = p[0] * u1x + p[1] * u2x, py = p[0] * u1y + p[1] * u2y, pz = p[0] * u1z + p[1] * u2z;
      p[0] = px * t1[0] + py * t1[1] + pz * t1[2];
      p[1] = px * t2[0] + py * t2[1] + pz * t2[2];
    }
    setAngularRow(rows, 0, sa, sb, t1);
    setAngularRow(rows, ROW_SIZE, sa, sb, t2);
  }

  /**
   * @internal The rolling rows (when the header's rolling flag is set), solved after the point rows in
   * each sweep (contact-solver.ts): each solved alone, then the pair scaled back onto the disc
   * |λ_r| ≤ c (r_a + r_b) Σ λ_n. (Its doubles go through the `rates` scratch, as writeRowRate's.)
   */
  solveRolling(): void {
    let normal = 0;
    for (let i = 0; i < this.count; i++) normal += this.data[this.base + i * POINT_SIZE + POINT_IMPULSE];
    const bound = this.rollingArm * normal;
    const rows = this.rollingRows, sa = this.bodyA.state, sb = this.bodyB.state, impulses = this.rollingImpulse;
    writeRowRate(rows, 0, sa, sb, 0);
    writeRowRate(rows, ROW_SIZE, sa, sb, 1);
    const old1 = impulses[0], old2 = impulses[1];
    let next1 = old1 - rows[ROW_MASS] * rates[0];
    let next2 = old2 - rows[ROW_SIZE + ROW_MASS] * rates[1];
    const size = Math.sqrt(next1 * next1 + next2 * next2);
    if (size > bound) {
      const scale = size > 0 ? bound / size : 0;
      next1 *= scale;
      next2 *= scale;
    }
    impulses[0] = next1;
    impulses[1] = next2;
    rates[0] = next1 - old1;
    rates[1] = next2 - old2;
    applyRowImpulse(rows, 0, sa, sb, 0);
    applyRowImpulse(rows, ROW_SIZE, sa, sb, 1);
  }

  /** @internal The rolling rows' kept impulses applied again (WARM_START, after the point rows'). */
  warmStartRolling(): void {
    const sa = this.bodyA.state, sb = this.bodyB.state, rows = this.rollingRows;
    rates[0] = this.rollingImpulse[0];
    rates[1] = this.rollingImpulse[1];
    applyRowImpulse(rows, 0, sa, sb, 0);
    applyRowImpulse(rows, ROW_SIZE, sa, sb, 1);
  }

  /** @internal Multiplies the kept impulses (before prepare copies them into the block). */
  scaleImpulse(ratio: number): void {
    for (let i = 0; i < 3 * this.count; i++) this.impulses[i] *= ratio;
    this.rollingImpulse[0] *= ratio;
    this.rollingImpulse[1] *= ratio;
  }

  /** @internal Zeroes the step's impulses, the block's and the rolling rows' (a substep without warm
   * starting starts every row from zero). */
  clearImpulses(): void {
    const d = this.data;
    for (let i = 0; i < this.count; i++) {
      const p = this.base + i * POINT_SIZE + POINT_IMPULSE;
      d[p] = 0; d[p + 1] = 0; d[p + 2] = 0;
    }
    this.rollingImpulse[0] = 0;
    this.rollingImpulse[1] = 0;
  }

  /**
   * After each substep: the bounce. An impact (see the header) that pushed in this substep, that is, met
   * in it, leaves at the speed that gives it e² of the energy it came in with, and is an impact no longer
   * this step. Between two moving bodies (neither static) the bounce waits for the step's last substep
   * (`last`), for every point that closed faster than the threshold and pushed: such contacts take no
   * impact rows (contact-solver.ts solvePair), since a rigid row on the top of a pile meets soft rows below
   * it, which gave way (a ball dropped at 10 m/s on a resting ball, both e = 0.5, left at 0.4 m/s; three.js's
   * physics_rapier_basic example threw a box off its floor). The impulse
   * λ_n ← max(0, λ_n − K⁻¹ (Ċ − v_out)).
   *
   * Which speed. The bodies integrate a substep h at a time (v += a h, then x += v h), and along the
   * normal, with the gap s closing at the relative acceleration −g' (gravity's part along n, g' > 0 when
   * it pulls the shapes together), that integration keeps E = ½ ṡ² + g' s − ½ g' h ṡ exactly (the
   * symplectic Euler's modified energy). The approach's E is taken at the step's start (gap s₀ > 0 while
   * speculative, ṡ₀ = its closing speed), and v_out solves ½ v² − ½ g' h v = e² E_in − g' s_end, with
   * s_end the gap now:
   *   v_out = ½ g' h + √(¼ g'² h² + 2 (e² E_in − g' s_end))
   * (g' = 0: e |ṡ₀|). Measured on a ball of e = 1 dropped 1 m onto a plane: bounced with e |ṡ₀| it lost
   * 7-9 % of its height at each bounce (the fall within the step, g' s₀, and the integrator's h ṡ); with
   * v_out it returns within 0.1 % (tests/restitution.test.ts).
   *
   * Two or more points that bounce are solved together (bounceTogether), one by one only when that
   * would pull; each point's v_out is found first (it reads only the poses, which the bounce does not
   * move), so one by one is the same arithmetic as before.
   */
  applyRestitution(last: boolean): void {
    if (!this.impactRows && !last) return;
    const rows = this.data, closingSpeeds = this.closing;
    if (this.restitution === 0) {
      // (no bounce: an impact that met is no longer one)
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
      if (this.movingSign === 0) this.writeCoreGap(i, sa, sb, this.manifold.normal, 2);
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

  /**
   * Friction at the bounce: each bouncing point's two tangent rows solved once more against the normal
   * impulse it now has (the impact row's and the bounce's), λ_t ← λ_t − m_t Ċ_t scaled back onto the disc
   * |λ_t| ≤ μ λ_n (Coulomb). A point that bounces within a substep leaves before the next sweep, so its
   * friction would otherwise see only what the sweeps gave it before the bounce, nothing when it met while
   * still apart: a ball of e = 0.5 landing at 2.5 m/s sideways left every bounce at 2.5 m/s, where a rough
   * floor takes it to rolling, (5/7) 2.5 = 1.79 m/s (tests/restitution.test.ts).
   */
  private frictionAtBounce(targets: Float64Array, sa: Float64Array, sb: Float64Array): void {
    const rows = this.data, mu = this.friction;
    if (mu === 0) return;
    for (let i = 0; i < this.count; i++) {
      if (targets[i] < 0) continue;
      const row = this.base + i * POINT_SIZE, t1 = row + ROW_SIZE, t2 = row + 2 * ROW_SIZE;
      const bound = mu * rows[row + POINT_IMPULSE], m = rows[t1 + ROW_MASS];
      writeRowRate(rows, t1, sa, sb, 0);
      writeRowRate(rows, t2, sa, sb, 1);
      const old1 = rows[row + POINT_IMPULSE + 1], old2 = rows[row + POINT_IMPULSE + 2];
      let next1 = old1 - m * rates[0], next2 = old2 - m * rates[1];
      const length = Math.sqrt(next1 * next1 + next2 * next2);
      if (length > bound) {
        const scale = bound / length;
        next1 *= scale;
        next2 *= scale;
      }
      rows[row + POINT_IMPULSE + 1] = next1;
      rows[row + POINT_IMPULSE + 2] = next2;
      rates[0] = next1 - old1;
      rates[1] = next2 - old2;
      applyRowImpulse(rows, t1, sa, sb, 0);
      applyRowImpulse(rows, t2, sa, sb, 1);
    }
  }

  /**
   * The bounce of the points in bounceTargets (those ≥ 0) solved as one block, as the normal rows are
   * (contact-solver.ts solveNormalBlock): K_SS Δλ = −(Ċ_S − v_out,S) on the bouncing points S, with the
   * block solve's compliance floor (its least-norm answer when K is singular, four points of a face). Taken
   * when every new λ_n is ≥ 0; returns false, changing nothing, when one would pull (the points then
   * bounce one by one, each clamped).
   *
   * Why. One by one, the first point of a face bounces the box on its own, turning it, and the points
   * after it make up only part of that turn: two 1 m cubes meeting face on at ±120 m/s with e = 1 (Jolt's
   * MotionQualityLinearCast scene) left spinning at 40 rad/s, 4.2 m/s slower than they came; together
   * they leave at ±120 m/s without turning (tests/continuous-collision.test.ts).
   */
  private bounceTogether(): boolean {
    const sa = this.bodyA.state, sb = this.bodyB.state, rows = this.data, header = this.header, targets = bounceTargets;
    const M = bounceMatrix, r = bounceDelta, at = bounceIndex;
    let n = 0;
    for (let i = 0; i < this.count; i++) if (targets[i] >= 0) at[n++] = i;
    for (let a = 0; a < n; a++) {
      const row = this.base + at[a] * POINT_SIZE;
      writeRowRate(rows, row, sa, sb, 0);
      r[a] = targets[at[a]] - rates[0];
      for (let b = 0; b < n; b++) M[4 * a + b] = rows[header + HEADER_K + 4 * at[a] + at[b]];
      M[5 * a] *= 1 + BOUNCE_REGULARIZATION;
    }
    // Gaussian elimination (K is symmetric positive semi-definite, and definite once regularized: no
    // pivoting), then back substitution
    for (let c = 0; c < n; c++) {
      const pivot = M[5 * c];
      if (!(pivot > 0)) return false;
      for (let i = c + 1; i < n; i++) {
        const f = M[4 * i + c] / pivot;
        if (f === 0) continue;
        for (let k = c; k < n; k++) M[4 * i + k] -= f * M[4 * c + k];
        r[i] -= f * r[c];
      }
    }
    for (let i = n - 1; i >= 0; i--) {
      let sum = r[i];
      for (let k = i + 1; k < n; k++) sum -= M[4 * i + k] * r[k];
      r[i] = sum / M[5 * i];
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
    for (let i = 0; i < this.count; i++) sum += this.impulses[3 * i];
    return sum;
  }
  /** The total normal force the shapes pressed each other with in the last substep, N. */
  get normalForce(): number {
    return this.normalImpulse * this.inverseH;
  }
}

/** Two unit tangents completing n to a right-handed basis (Duff et al. 2017, "Building an Orthonormal
 * Basis, Revisited"). */
function tangents(n: ArrayLike<number>, t1: Float64Array, t2: Float64Array): void {
  const sign = n[2] >= 0 ? 1 : -1;
  const a = -1 / (sign + n[2]);
  const b = n[0] * n[1] * a;
  t1[0] = 1 + sign * n[0] * n[0] * a; t1[1] = sign * b; t1[2] = -sign * n[0];
  t2[0] = b; t2[1] = sign + n[1] * n[1] * a; t2[2] = -n[1];
}

/** A linear row along n at lever arms r_a, r_b into rows[at ..]: j_a = r_a × n, j_b = r_b × n. */
function setRow(rows: Float64Array, at: number, sa: Float64Array, sb: Float64Array, n: ArrayLike<number>, rA: Float64Array, rB: Float64Array): void {
  const nx = n[0], ny = n[1], nz = n[2];
  rows[at + ROW_N] = nx; rows[at + ROW_N + 1] = ny; rows[at + ROW_N + 2] = nz;
  rows[at + ROW_JA] = rA[1] * nz - rA[2] * ny; rows[at + ROW_JA + 1] = rA[2] * nx - rA[0] * nz; rows[at + ROW_JA + 2] = rA[0] * ny - rA[1] * nx;
  rows[at + ROW_JB] = rB[1] * nz - rB[2] * ny; rows[at + ROW_JB + 1] = rB[2] * nx - rB[0] * nz; rows[at + ROW_JB + 2] = rB[0] * ny - rB[1] * nx;
  finishRow(rows, at, sa, sb);
}

/** An angular row about t into rows[at ..]: n = 0, j_a = j_b = t (Ċ = t·(ω_b − ω_a)). */
function setAngularRow(rows: Float64Array, at: number, sa: Float64Array, sb: Float64Array, t: ArrayLike<number>): void {
  for (let k = 0; k < 3; k++) {
    rows[at + ROW_N + k] = 0;
    rows[at + ROW_JA + k] = t[k];
    rows[at + ROW_JB + k] = t[k];
  }
  finishRow(rows, at, sa, sb);
}

/** A row's I⁻¹ j and K⁻¹ for K = (m_a⁻¹ + m_b⁻¹) n·n + j_a·I_a⁻¹ j_a + j_b·I_b⁻¹ j_b (0 when K vanishes),
 * from its n, j_a and j_b. */
function finishRow(rows: Float64Array, at: number, sa: Float64Array, sb: Float64Array): void {
  const nx = rows[at + ROW_N], ny = rows[at + ROW_N + 1], nz = rows[at + ROW_N + 2];
  multiplySymmetric3(rows, at + ROW_IJA, sa, INVERSE_INERTIA, rows, at + ROW_JA);
  multiplySymmetric3(rows, at + ROW_IJB, sb, INVERSE_INERTIA, rows, at + ROW_JB);
  // n·(m_a⁻¹ P_a + m_b⁻¹ P_b) n: (m_a⁻¹ + m_b⁻¹) n·n unless a body's translation is locked (body.ts)
  const linear = sa[TRANSLATION_LOCKS] === 0 && sb[TRANSLATION_LOCKS] === 0
    ? (sa[INVERSE_MASS] + sb[INVERSE_MASS]) * (nx * nx + ny * ny + nz * nz)
    : (sa[MASS_X] + sb[MASS_X]) * nx * nx + (sa[MASS_Y] + sb[MASS_Y]) * ny * ny + (sa[MASS_Z] + sb[MASS_Z]) * nz * nz;
  const K =
    linear +
    (rows[at + ROW_JA] * rows[at + ROW_IJA] + rows[at + ROW_JA + 1] * rows[at + ROW_IJA + 1] + rows[at + ROW_JA + 2] * rows[at + ROW_IJA + 2]) +
    (rows[at + ROW_JB] * rows[at + ROW_IJB] + rows[at + ROW_JB + 1] * rows[at + ROW_IJB + 1] + rows[at + ROW_JB + 2] * rows[at + ROW_IJB + 2]);
  rows[at + ROW_MASS] = K > 1e-300 ? 1 / K : 0;
}


/**
 * Ċ of the row at rows[at ..] into rates[k]. The solve's helpers pass their doubles through this scratch
 * array, not as arguments or return values: a double that crosses a call V8 does not inline is boxed in a
 * new HeapNumber (see contact-solver.ts, ContactSolver.solve).
 */
function writeRowRate(rows: Float64Array, at: number, a: Float64Array, b: Float64Array, k: number): void {
  rates[k] =
    rows[at + ROW_N] * (b[LINEAR_VELOCITY] - a[LINEAR_VELOCITY]) +
    rows[at + ROW_N + 1] * (b[LINEAR_VELOCITY + 1] - a[LINEAR_VELOCITY + 1]) +
    rows[at + ROW_N + 2] * (b[LINEAR_VELOCITY + 2] - a[LINEAR_VELOCITY + 2]) +
    rows[at + ROW_JB] * b[ANGULAR_VELOCITY] + rows[at + ROW_JB + 1] * b[ANGULAR_VELOCITY + 1] + rows[at + ROW_JB + 2] * b[ANGULAR_VELOCITY + 2] -
    rows[at + ROW_JA] * a[ANGULAR_VELOCITY] - rows[at + ROW_JA + 1] * a[ANGULAR_VELOCITY + 1] - rows[at + ROW_JA + 2] * a[ANGULAR_VELOCITY + 2];
}
const rates = new Float64Array(3);

/** v += M⁻¹ Jᵀ λ for the row at rows[at ..], λ = rates[k] (no double crosses the call: see writeRowRate):
 * v_a −= m_a⁻¹ n λ, ω_a −= I_a⁻¹ j_a λ, and + for body B. */
function applyRowImpulse(rows: Float64Array, at: number, a: Float64Array, b: Float64Array, k: number): void {
  const lambda = rates[k];
  const nx = rows[at + ROW_N], ny = rows[at + ROW_N + 1], nz = rows[at + ROW_N + 2];
  a[LINEAR_VELOCITY] -= a[MASS_X] * lambda * nx; a[LINEAR_VELOCITY + 1] -= a[MASS_Y] * lambda * ny; a[LINEAR_VELOCITY + 2] -= a[MASS_Z] * lambda * nz;
  b[LINEAR_VELOCITY] += b[MASS_X] * lambda * nx; b[LINEAR_VELOCITY + 1] += b[MASS_Y] * lambda * ny; b[LINEAR_VELOCITY + 2] += b[MASS_Z] * lambda * nz;
  a[ANGULAR_VELOCITY] -= rows[at + ROW_IJA] * lambda; a[ANGULAR_VELOCITY + 1] -= rows[at + ROW_IJA + 1] * lambda; a[ANGULAR_VELOCITY + 2] -= rows[at + ROW_IJA + 2] * lambda;
  b[ANGULAR_VELOCITY] += rows[at + ROW_IJB] * lambda; b[ANGULAR_VELOCITY + 1] += rows[at + ROW_IJB + 1] * lambda; b[ANGULAR_VELOCITY + 2] += rows[at + ROW_IJB + 2] * lambda;
}

