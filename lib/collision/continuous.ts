// Continuous collision for fast bodies: after the step, each fast body's motion over the step is swept
// against everything it could have passed into, and a body that went into a shape deeper than the
// contacts can push it back out of is put back where it first came near that shape, and collides with it
// there (impact-response.ts: the velocities change in the step they meet); the next step's contact,
// found now within the speculative margin, takes over.
//
// The model is Box2D v3's continuous collision (solver.c, b2SolveContinuous: a fast body is swept from
// its pose at the step's start to the one at its end and moved back to the time of impact; its "bullets"
// are swept against dynamic bodies too) and Jolt's LinearCast motion quality (the sweep after the step,
// and the contact it leaves for the next). Rapier's CCD clamps the motion the same way.
//
// Which bodies. A dynamic body is swept in a step when it moved more than half the inner radius of its
// thinnest shape in it, |Δx| + θ · extent > ½ minExtent (Box2D v3's fast-body test, b2FinalizeBodiesTask:
// a body that moves less cannot be pushed through a surface, the contacts push it back out the way it
// came), and it has `ccd` set or its points move faster than the world's ccdSpeedThreshold, reach =
// |v| + |ω| · extent (the broadphase's). That is decided twice: at the step's start from its velocity
// (begin: the contacts' margins depend on it, below), and at the end again, so that a body struck during
// the step is swept as well (a slow ball hit by a fast one in a room of 2 cm walls was driven 0.73 m in
// the rest of the step, into a wall whose contact it did not have, and out the far side). Every body
// looked at keeps its start pose for this; with the threshold at Infinity only bodies with `ccd` are.
// A swept body is swept against static, kinematic and dynamic shapes alike (as Box2D's bullets).
//
// The speculative margin. Without continuous collision a pair's contact points are looked for up to
// SPECULATIVE_DISTANCE + (reach_a + reach_b) · dt apart (contact-set.ts), so a contact is found at the
// step's start however fast the bodies close, and the solve stops them at the surface it found. That
// surface is the one nearest at the step's start, which need not be the one they meet: a box shot past
// the corner of a resting box got a contact along the two boxes' nearest edges, diagonal to the face it
// then hit, and both came out spinning at 305 rad/s (Jolt's MotionQualityLinearCast "angled" case);
// and 100 balls at 100-300 m/s in a closed room had contacts with most of the others, several metres
// off, whose rows and bounces gained energy until 89 of them left the room at up to 10 km/s. So a body
// that is fast at the step's start leaves its linear speed out of its pairs' margins (contact-set.ts writeMargin; its
// turning stays in): its contacts are found once it is near, at the features that meet, as in Box2D v3
// and Jolt, whose speculative distance is fixed, and its sweep answers for the rest of its motion.
//
// The sweep. Both poses of the body are known, x₀, q₀ at the step's start and x₁, q₁ at its end; between
// them the body is taken to move at constant velocity, x(t) = x₀ + t Δx and q(t) = exp(t φ / 2) q₀ (φ
// the rotation vector of q₁ q₀⁻¹), t ∈ [0, 1]. The first time each of its shapes comes within a gap of
// another is found by conservative advancement (Mirtich, "Impulse-based dynamic simulation of rigid body
// systems", 1996; Box2D v3's b2TimeOfImpact advances the same way over separating axes): at t, the GJK
// distance d and its normal n (gjk.ts); no two points of the shapes close faster than
// −n·(Δx − Δx_other) + θ r + θ_other r_other per unit of t (θ the turn over the step, r the farthest a
// core point lies from its body's centre), so t may advance by (d − gap) / that bound without passing
// the first contact. Without turning this is Newton's method on a convex function from the safe side,
// as gjk.ts shapeCast, a step or two; turning, it converges linearly (at most MAX_ADVANCES steps). A
// body another swept body meets is taken moving too (each from its start pose), and both are put back
// to the pair's time (each pair is swept from both sides, so each body's fraction is the least of its
// own); a body not swept is met where it ended the step. The body is placed at the time of impact, its
// rotation interpolated as its position (as Box2D v3 does). Measured on the random box shots of
// tests/continuous-collision.test.ts, sweeping with the end orientation only (Jolt's linear cast) let
// 3-6 of 40 boxes (100 to 2000 m/s, turning up to 17 rad/s) through a 10 cm wall: a box turned to its
// end orientation at its start position was often inside the wall already, where the sweep cannot tell
// a surface from a tunnel; with the turn swept, none.
//
// Whether to act. A body the contacts have stopped at a wall, or one sliding over tiles across their
// seams, has a motion that ends touching a shape: a sweep finds that shape, and putting the body back
// would only lose it part of its step. So a body is put back only when it went deeper into a shape than
// the contacts can push it out of, or through: when its shape shrunk by min(TOUCH_DISTANCE, ½ inner
// radius) (a sphere's or capsule's radius less that; a box's or hull's points moved toward its centroid
// until its faces have moved in by at least that much) meets the other shape during the motion. It is
// then put back to the first time its whole shape came within CCD_GAP of that shape, or, when it was
// that close already at the start, to the time its shrunk shape met it. A shrunk shape that overlaps at
// the start is left to the contacts, which are pushing it out, except that a ball of a quarter of the
// shape's inner radius about its centroid does not cross the other's surface (Box2D falls back to such a
// circle when the time of impact is 0): a box spinning at 200 rad/s as it hit a plane at 300 m/s drilled
// through it at 15 m/s a step, its corners' arcs past what its contact's rows follow.
//
// The order. Bodies are taken in the world's order (their ids), and each body's fraction is the least
// over everything it meets, which does not depend on the order in which the trees hand over their
// shapes: the step stays deterministic. Nothing here allocates once its arrays have grown to the
// number of bodies looked at.

import type { Body } from '../body/body.js';
import { BODY_STATE } from '../body/body-state.js';
import { ConvexProxy, DistanceResult, measureDistance, POINT_SET, type Pose } from '../geometry/gjk.js';
import { MAX_SHAPES_PER_BODY, shouldCollide, type Shape } from '../geometry/shape.js';
import type { TriangleSource } from '../geometry/triangle-source.js';
import { integrateOrientation, rotationMatrix, rotationVector } from '../math/quat.js';
import { TreeKind, writeReach, type BroadPhase, type ShapeProxy } from './broadphase.js';
import { SHAPE_RANK } from './narrowphase.js';
import { ImpactResponse } from './impact-response.js';
import { ShapePose } from './shape-pose.js';
import { ShrinkCheck } from '../util/arena.js';

const POSITION = BODY_STATE.position, ORIENTATION = BODY_STATE.orientation;

/** A body is swept when its points can move more than this share of its smallest inner radius in a
 * step (Box2D v3's safety factor, b2FinalizeBodiesTask). */
export const CCD_SAFETY = 0.5;
/** Bodies whose points move faster than this, m/s, are swept without `ccd` (WorldOptions.ccdSpeedThreshold).
 * Below it the velocity-scaled speculative contacts hold: without continuous collision none of 40 random
 * box shots at 100 m/s passed a 10 cm wall, while 2 of 40 at 300 m/s did; and scenes of falling bodies,
 * piles and chains, which stay well under it, step as they did. */
export const CCD_SPEED_THRESHOLD = 50;
/** The gap at which the sweep stops a body, m: it is put back this far from what it met (half Box2D's
 * linear slop), so that the next step finds the contact as a speculative one. */
export const CCD_GAP = 0.0025;
/** How deep a body may go into a shape in a step before it is put back, m: Box2D's linear slop (the
 * contacts' TOUCH_DISTANCE), or half the shape's inner radius if that is less. */
const CCD_EROSION = 0.005;
/** Conservative advancement stops when the shapes are within the target gap and this much more. */
const CCD_TOLERANCE = 0.25 * CCD_GAP;
/** Most distance queries in one sweep (reaching it reports a hit where it stopped, still apart). */
const MAX_ADVANCES = 40;

/** A body's reach (broadphase.ts writeReach), read back. */
const bodyReach = new Float64Array(1);

/** Per body looked at, in `sweeps`: its start pose x₀ (3) and q₀ (4); for one swept this step its
 * motion Δx (3) and rotation vector φ (3), the turn θ = |φ|, the fraction of the step it keeps; and 1
 * when it is swept this step. */
const X0 = 0, Q0 = 3, DX = 7, PHI = 10, THETA = 13, FRACTION = 14, SWEPT = 15, STRIDE = 16;

/** Continuous collision as a BasicWorld takes it (BasicWorldOptions.continuous: CONTINUOUS_COLLISION);
 * World always has it. */
export interface ContinuousCollisionKind {
  /** @internal */
  make(): ContinuousCollision;
}
export const CONTINUOUS_COLLISION: ContinuousCollisionKind = { make: () => new ContinuousCollision() };

/** How far the shape's core (its ConvexProxy's points, without the inflation radius) reaches from its
 * frame's origin: the extent less a sphere's or capsule's radius; a cylinder's whole extent (its radius is
 * the depth of its side's contacts below its axis, not an inflation: its proxy is the solid itself). */
function coreExtent(shape: Shape): number {
  return shape.extent - (shape.baseRadius > 0 ? 0 : shape.radius);
}

export class ContinuousCollision {
  /** Bodies whose points move faster than this (m/s) are swept without `ccd`; Infinity: none are. */
  speedThreshold = CCD_SPEED_THRESHOLD;
  /** The bodies this step looks at (every awake dynamic body with shapes while the threshold is finite,
   * else those with `ccd`), in the world's order, and how many. */
  private readonly bodies: Body[] = [];
  private count = 0;
  private sweeps = new Float64Array(0);
  private readonly shrink = new ShrinkCheck();
  /** Per body looked at (its place in `bodies`): the shape of it, the other body and the other body's
   * shape at its least fraction, for the impact (impact-response.ts); null where it met a mesh's or
   * heightfield's triangle (left to the next step's contact) or nothing. Cleared after each step. */
  private readonly hitShapes: (Shape | null)[] = [];
  private readonly hitBodies: (Body | null)[] = [];
  private readonly hitOtherShapes: (Shape | null)[] = [];
  private readonly impact = new ImpactResponse();
  /** How many bodies the last step swept, and put back (for tests and the guide's figures, docs/shapes-and-contacts.md). */
  sweptBodies = 0;
  clampedBodies = 0;
  /** The world's contact hook (World.onPreSolve), asked for a pair before a body is put back against it:
   * the bodies and shapes in the order their contact has them, and the normal from A to B at the time of
   * impact; false lets the body through, as the contact would (a one-way platform). Null: none. */
  preSolve: ((bodyA: Body, shapeA: Shape, bodyB: Body, shapeB: Shape, normal: Float64Array) => boolean) | null = null;

  // ---- the sweep of one shape (sweepShape and the tree visitor) ----
  private broadphase: BroadPhase | null = null;
  private joined: ((a: Body, b: Body) => boolean) | null = null;
  /** The body being swept, its index, and its shape. */
  private body: Body | null = null;
  private index = 0;
  private shape: Shape | null = null;
  /** The shape (and the shape shrunk by `erosion`) as GJK proxies. */
  private readonly moving = new ConvexProxy(8);
  private readonly eroded = new ConvexProxy(8);
  /** The lowest point of a core over a plane (planeDistance). */
  private readonly lowest = new Float64Array(3);
  /** A small ball about the shape's centroid (coreFraction). */
  private readonly core = new ConvexProxy(1);
  /** How far the shape's core reaches from its body's centre, m (the turning part of the closing bound). */
  private arm = 0;
  /** What it is swept against: a convex proxy (a shape, a triangle) or a plane, its pose when it stays
   * still, and its body's index when that body is swept too (−1: met where it ended the step). */
  private readonly target = new ConvexProxy(8);
  private targetShape: Shape | null = null;
  private targetIndex = -1;
  private targetArm = 0;
  private targetPlane = false;
  private targetTriangle = false;
  private readonly stillPose = new ShapePose();
  /** A mesh's or heightfield's triangles: the front normal (world) of the one being swept against. */
  private readonly front = new Float64Array(3);
  private readonly corners = new Float64Array(9);
  private readonly meshBox = new Float64Array(6);
  private triangleSource: TriangleSource | null = null;
  private meshFraction = 1;
  /** The world box around the shape's whole motion. */
  private readonly box = new Float64Array(6);
  // the advancement's scratch: the two poses at t, a rotation, a quaternion, the distance
  private readonly poseA = new ShapePose();
  private readonly poseB = new ShapePose();
  private readonly rotation = new Float64Array(9);
  private readonly turned = new Float64Array(4);
  private readonly place = new Float64Array(3);
  private readonly distance = new DistanceResult();
  private readonly normal = new Float64Array(3);
  /** The normal (from the target toward the swept shape) where the current target was met. */
  private readonly hitNormal = new Float64Array(3);
  private readonly centroid = new Float64Array(3);
  private readonly scratch = new Float64Array(3);

  /**
   * Before the contacts are found: the start pose of each body this step may sweep (Body.ccdIndex its
   * place), and which of them are fast already (Body.ccdFast, which the speculative margins read).
   */
  begin(awake: readonly Body[], dt: number): void {
    for (let i = 0; i < this.count; i++) {
      this.bodies[i].ccdIndex = -1;
      this.bodies[i].ccdFast = false;
    }
    this.count = 0;
    const threshold = this.speedThreshold;
    for (let i = 0; i < awake.length; i++) {
      const body = awake[i];
      if (!body.isDynamic || !(body.minExtent > 0) || (!body.ccd && threshold === Infinity)) continue;
      const k = this.count++;
      if (this.sweeps.length < STRIDE * this.count) {
        const grown = new Float64Array(STRIDE * Math.max(2 * this.count, 16));
        grown.set(this.sweeps);
        this.sweeps = grown;
      }
      this.bodies[k] = body;
      this.hitBodies[k] = null;
      this.hitShapes[k] = null;
      this.hitOtherShapes[k] = null;
      body.ccdIndex = k;
      const s = body.state, at = STRIDE * k;
      for (let c = 0; c < 3; c++) this.sweeps[at + X0 + c] = s[POSITION + c];
      for (let c = 0; c < 4; c++) this.sweeps[at + Q0 + c] = s[ORIENTATION + c];
      writeReach(body, bodyReach);
      const speed = bodyReach[0];
      body.ccdFast = (body.ccd || speed >= threshold) && speed * dt > CCD_SAFETY * body.minExtent;
    }
    if (this.bodies.length > this.count) {
      this.bodies.length = this.count;
      this.hitBodies.length = this.hitShapes.length = this.hitOtherShapes.length = this.count;
    }
    // once most bodies are gone for a second of steps, the array keeps twice what is in use (arena.ts)
    if (this.shrink.due(this.count, this.sweeps.length / STRIDE, 16)) {
      const kept = new Float64Array(STRIDE * Math.max(2 * this.count, 16));
      kept.set(this.sweeps.subarray(0, STRIDE * this.count));
      this.sweeps = kept;
    }
  }

  /**
   * After the step: which bodies are swept (those fast at the start, and those fast now, a body struck
   * during the step as much as one that was already fast, that moved more than half their smallest inner
   * radius), their motions swept in the world's order, and each put back to the least fraction it met.
   * `joined(a, b)`: bodies a joint keeps from colliding. Then each body put back and what it met collide
   * there (impact-response.ts), in the world's order, with restitution above `restitutionThreshold` (m/s).
   */
  finish(broadphase: BroadPhase, joined: (a: Body, b: Body) => boolean, restitutionThreshold: number): void {
    this.sweptBodies = 0;
    this.clampedBodies = 0;
    if (this.count === 0) return;
    const sweeps = this.sweeps, threshold = this.speedThreshold;
    let swept = 0;
    for (let k = 0; k < this.count; k++) {
      const body = this.bodies[k], s = body.state, at = STRIDE * k;
      sweeps[at + SWEPT] = 0;
      if (!body.ccdFast && !body.ccd) {
        writeReach(body, bodyReach);
        if (!(bodyReach[0] >= threshold)) continue;
      }
      let travelSq = 0;
      for (let c = 0; c < 3; c++) {
        const d = s[POSITION + c] - sweeps[at + X0 + c];
        sweeps[at + DX + c] = d;
        travelSq += d * d;
      }
      // the turn q₁ q₀⁻¹ as a rotation vector (q⁻¹ = (−q_v, q_w) for a unit q)
      const ax = s[ORIENTATION], ay = s[ORIENTATION + 1], az = s[ORIENTATION + 2], aw = s[ORIENTATION + 3];
      const bx = -sweeps[at + Q0], by = -sweeps[at + Q0 + 1], bz = -sweeps[at + Q0 + 2], bw = sweeps[at + Q0 + 3];
      const phi = this.scratch;
      rotationVector(phi,
        aw * bx + bw * ax + ay * bz - az * by, aw * by + bw * ay + az * bx - ax * bz, aw * bz + bw * az + ax * by - ay * bx, aw * bw - ax * bx - ay * by - az * bz);
      const theta = Math.sqrt(phi[0] * phi[0] + phi[1] * phi[1] + phi[2] * phi[2]);
      if (!(Math.sqrt(travelSq) + theta * body.extent > CCD_SAFETY * body.minExtent)) continue;
      for (let c = 0; c < 3; c++) sweeps[at + PHI + c] = phi[c];
      sweeps[at + THETA] = theta;
      sweeps[at + FRACTION] = 1;
      sweeps[at + SWEPT] = 1;
      this.hitBodies[k] = null;
      swept++;
    }
    this.sweptBodies = swept;
    if (swept === 0) return;
    this.broadphase = broadphase;
    this.joined = joined;
    for (let k = 0; k < this.count; k++) {
      if (sweeps[STRIDE * k + SWEPT] === 0) continue;
      const body = this.bodies[k];
      this.body = body;
      this.index = k;
      const shapes = body.shapes;
      for (let i = 0; i < shapes.length; i++) if (!shapes[i].sensor) this.sweepShape(shapes[i]);
    }
    this.broadphase = null;
    this.joined = null;
    this.body = null;
    this.shape = null;
    this.targetShape = null;
    for (let k = 0; k < this.count; k++) {
      const at = STRIDE * k;
      if (sweeps[at + SWEPT] === 0) continue;
      const fraction = sweeps[at + FRACTION];
      if (!(fraction < 1)) continue;
      this.clampedBodies++;
      this.placeAt(k, fraction);
    }
    // the impacts, once every body is where it was put back (a pair both of whose bodies were put back
    // to it is met from the first; from the second it is parting already, and nothing more happens)
    for (let k = 0; k < this.count; k++) {
      const at = STRIDE * k, other = this.hitBodies[k];
      if (sweeps[at + SWEPT] === 0 || !(sweeps[at + FRACTION] < 1) || other === null) continue;
      // (a sleeping body is left to the next step's contact, which wakes it)
      if (other.isDynamic && !other.isAwake) continue;
      this.impact.respond(this.bodies[k], this.hitShapes[k] as Shape, other, this.hitOtherShapes[k] as Shape, restitutionThreshold);
    }
    // (no body or shape kept past the step: a removed one must not stay reachable from here)
    for (let k = 0; k < this.count; k++) {
      this.hitBodies[k] = null;
      this.hitShapes[k] = null;
      this.hitOtherShapes[k] = null;
    }
  }

  /** One shape of the body being swept, against what the trees hold near its motion. */
  private sweepShape(shape: Shape): void {
    const at = STRIDE * this.index, sweeps = this.sweeps;
    this.shape = shape;
    const definition = shape.definition;
    if (!definition.convex(shape, this.moving)) return;
    // the shrunk shape (see the header)
    const erosion = Math.min(CCD_EROSION, 0.5 * shape.innerRadius);
    const moving = this.moving, eroded = this.eroded;
    if (moving.radius >= erosion) {
      eroded.set(moving.points, moving.count, moving.radius - erosion);
    } else {
      definition.centroid(shape, this.centroid);
      moving.shrinkInto(eroded, this.centroid, 1 - erosion / shape.innerRadius);
    }
    const p = shape.position;
    this.arm = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) + coreExtent(shape);
    // the box around the motion: the centre's path grown by the farthest the shape reaches from it
    const grow = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) + shape.extent + CCD_GAP;
    const box = this.box;
    for (let c = 0; c < 3; c++) {
      const x0 = sweeps[at + X0 + c], x1 = x0 + sweeps[at + DX + c];
      box[c] = Math.min(x0, x1) - grow;
      box[3 + c] = Math.max(x0, x1) + grow;
    }
    const broadphase = this.broadphase as BroadPhase;
    const unbounded = broadphase.unbounded;
    for (let i = 0; i < unbounded.length; i++) this.sweepAgainst(unbounded[i]);
    broadphase.trees[TreeKind.Static].query(box, this.visit);
    broadphase.trees[TreeKind.Kinematic].query(box, this.visit);
    broadphase.trees[TreeKind.Dynamic].query(box, this.visit);
  }

  private readonly visit = (_id: number, slot: number): boolean => {
    this.sweepAgainst((this.broadphase as BroadPhase).proxyAt(slot));
    return true;
  };

  /** The swept shape against one shape of another body: the fraction it may keep (sweepFraction), and the
   * least taken for the swept body and, when the other is swept too, for it. */
  private sweepAgainst(proxy: ShapeProxy): void {
    const body = this.body as Body, other = proxy.body, shape = this.shape as Shape;
    if (other === body || proxy.shape.sensor || !shouldCollide(shape, proxy.shape)) return;
    if ((this.joined as (a: Body, b: Body) => boolean)(body, other)) return;
    this.targetShape = proxy.shape;
    this.targetIndex = other.ccdIndex >= 0 && this.sweeps[STRIDE * other.ccdIndex + SWEPT] === 1 ? other.ccdIndex : -1;
    const q = proxy.shape.position;
    this.targetArm = this.targetIndex >= 0 ? Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]) + coreExtent(proxy.shape) : 0;
    // a body that stays still is met where it is now (a static one: its proxy's pose)
    if (other.type === 'static') {
      this.stillPose.c.set(proxy.pose.c);
      this.stillPose.W.set(proxy.pose.W);
    } else {
      this.stillPose.set(other, proxy.shape);
    }
    if (proxy.treeId >= 0 && proxy.shape.mesh === null && this.neverNear(proxy.shape)) return;
    let fraction: number;
    if (proxy.treeId < 0) {
      this.targetPlane = true;
      fraction = this.sweepFraction();
      this.targetPlane = false;
      this.hitNormal.set(this.normal);
    } else if (proxy.shape.mesh !== null) {
      fraction = this.sweepTriangles(proxy);
    } else {
      if (!proxy.shape.definition.convex(proxy.shape, this.target)) return;
      fraction = this.sweepFraction();
      this.hitNormal.set(this.normal);
    }
    if (!(fraction < 1)) return;
    if (this.preSolve !== null && !this.askPreSolve(body, shape, other, proxy, fraction)) return;
    const sweeps = this.sweeps, at = STRIDE * this.index + FRACTION, triangles = proxy.shape.mesh !== null;
    if (fraction < sweeps[at]) {
      sweeps[at] = fraction;
      this.hit(this.index, shape, triangles ? null : other, proxy.shape);
    }
    if (this.targetIndex >= 0) {
      const at = STRIDE * this.targetIndex + FRACTION;
      if (fraction < sweeps[at]) {
        sweeps[at] = fraction;
        this.hit(this.targetIndex, proxy.shape, body, shape);
      }
    }
  }

  /** Body k's least fraction so far is against `other`'s `otherShape`, with its `shape` (null: no impact). */
  private hit(k: number, shape: Shape, other: Body | null, otherShape: Shape): void {
    this.hitShapes[k] = shape;
    this.hitBodies[k] = other;
    this.hitOtherShapes[k] = otherShape;
  }

  /**
   * Whether the two shapes' bounding spheres stay farther apart than CCD_GAP over the whole motion: the
   * swept shape's about its body's centre (which moves in a straight line whatever the body's turn), the
   * target's about its own centre (or its body's, when it is swept too); the least distance between two
   * points moving at constant velocities, |p + t r| at t = clamp(−p·r / r·r, 0, 1). Most shapes the trees
   * hand over (their boxes hold each body's whole motion) are far this way, at the cost of a few products.
   */
  private neverNear(shape: Shape): boolean {
    const sweeps = this.sweeps, a = STRIDE * this.index, own = this.shape as Shape, p = own.position, q = shape.position;
    let reach = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) + own.extent + shape.extent + CCD_GAP;
    let px = sweeps[a + X0] - this.stillPose.c[0], py = sweeps[a + X0 + 1] - this.stillPose.c[1], pz = sweeps[a + X0 + 2] - this.stillPose.c[2];
    let rx = sweeps[a + DX], ry = sweeps[a + DX + 1], rz = sweeps[a + DX + 2];
    if (this.targetIndex >= 0) {
      const b = STRIDE * this.targetIndex;
      reach += Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
      px = sweeps[a + X0] - sweeps[b + X0]; py = sweeps[a + X0 + 1] - sweeps[b + X0 + 1]; pz = sweeps[a + X0 + 2] - sweeps[b + X0 + 2];
      rx -= sweeps[b + DX]; ry -= sweeps[b + DX + 1]; rz -= sweeps[b + DX + 2];
    }
    const rr = rx * rx + ry * ry + rz * rz;
    let t = rr > 0 ? -(px * rx + py * ry + pz * rz) / rr : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const dx = px + t * rx, dy = py + t * ry, dz = pz + t * rz;
    return dx * dx + dy * dy + dz * dz > reach * reach;
  }

  /** Against a mesh's or heightfield's triangles near the motion, each as a thin convex shape met from its
   * front only (as the contacts meet it); the least fraction. */
  private sweepTriangles(proxy: ShapeProxy): number {
    const source = proxy.shape.mesh as TriangleSource;
    this.stillPose.localBox(this.box, this.meshBox);
    this.triangleSource = source;
    this.meshFraction = 1;
    source.query(this.meshBox, this.visitTriangle);
    this.triangleSource = null;
    return this.meshFraction;
  }
  private readonly visitTriangle = (triangle: number): boolean => {
    const source = this.triangleSource as TriangleSource, t = this.corners;
    if (!source.writeTriangle(triangle, t)) return true;
    this.target.set(t, 3, 0);
    source.writeNormal(triangle, this.scratch);
    const W = this.stillPose.W, n = this.scratch, f = this.front;
    for (let c = 0; c < 3; c++) f[c] = W[c] * n[0] + W[3 + c] * n[1] + W[6 + c] * n[2];
    this.targetTriangle = true;
    const fraction = this.sweepFraction();
    this.targetTriangle = false;
    if (fraction < this.meshFraction) {
      this.meshFraction = fraction;
      this.hitNormal.set(this.normal);
    }
    return true;
  };

  /** The contact hook's answer for the swept shape against the target (see `preSolve`), the pair in its
   * contact's order (contact-set.ts addPair: by shape rank, then key), asked with the swept bodies where
   * they would be put back (a hook reads their poses as a contact's does at the step's start: a one-way
   * platform asks whether the body comes from above), then returned to their poses at the step's end. */
  private askPreSolve(body: Body, shape: Shape, other: Body, proxy: ShapeProxy, fraction: number): boolean {
    const own = body.shapes.indexOf(shape), rank = SHAPE_RANK[shape.type], otherRank = SHAPE_RANK[proxy.shape.type];
    const first = rank < otherRank || (rank === otherRank && body.id * MAX_SHAPES_PER_BODY + own < proxy.key);
    const n = this.hitNormal, hook = this.preSolve as NonNullable<ContinuousCollision['preSolve']>;
    this.moveTo(this.index, fraction, 0);
    if (this.targetIndex >= 0) this.moveTo(this.targetIndex, fraction, 7);
    let keep: boolean;
    // hitNormal points from the target toward the swept shape: from A to B when the target is A
    if (first) {
      n[0] = -n[0]; n[1] = -n[1]; n[2] = -n[2];
      keep = hook(body, shape, other, proxy.shape, n);
    } else {
      keep = hook(other, proxy.shape, body, shape, n);
    }
    this.moveBack(this.index, 0);
    if (this.targetIndex >= 0) this.moveBack(this.targetIndex, 7);
    return keep;
  }
  /** Both bodies' poses at the step's end while the hook is asked. */
  private readonly endPoses = new Float64Array(14);

  /** Puts body k at fraction t of its motion, its end pose kept in endPoses from `at`. */
  private moveTo(k: number, t: number, at: number): void {
    const s = this.bodies[k].state, end = this.endPoses;
    for (let c = 0; c < 3; c++) end[at + c] = s[POSITION + c];
    for (let c = 0; c < 4; c++) end[at + 3 + c] = s[ORIENTATION + c];
    this.placeAt(k, t);
  }
  private moveBack(k: number, at: number): void {
    const body = this.bodies[k], s = body.state, end = this.endPoses;
    for (let c = 0; c < 3; c++) s[POSITION + c] = end[at + c];
    for (let c = 0; c < 4; c++) s[ORIENTATION + c] = end[at + 3 + c];
    body.updateInertia();
  }

  /** Puts body k at fraction t of its motion: x₀ + t Δx, exp(t φ / 2) q₀. */
  private placeAt(k: number, t: number): void {
    const body = this.bodies[k], s = body.state, sweeps = this.sweeps, at = STRIDE * k;
    for (let c = 0; c < 3; c++) s[POSITION + c] = sweeps[at + X0 + c] + t * sweeps[at + DX + c];
    for (let c = 0; c < 4; c++) s[ORIENTATION + c] = sweeps[at + Q0 + c];
    if (sweeps[at + THETA] > 0) integrateOrientation(s, ORIENTATION, sweeps, at + PHI, t);
    body.updateInertia();
  }

  /**
   * The fraction of the step the swept body may keep against the current target: 1 unless its shape
   * shrunk by `erosion` meets the target during the motion; then the time its whole shape first came
   * within CCD_GAP, or, when it was that close already at the start, the time the shrunk shape met it.
   * A shrunk shape that overlaps the target at the start is left to the contacts, which push it out; but
   * its centroid does not cross the target's surface (coreFraction).
   */
  private sweepFraction(): number {
    const deep = this.advance(this.eroded, 0);
    if (deep === 0) return this.coreFraction();
    if (!(deep < 1) || this.behindTriangle()) return 1;
    const first = this.advance(this.moving, CCD_GAP);
    return first > 0 && first < deep ? first : deep;
  }

  /**
   * A body already deep in the target at the start (its contacts were not holding it: a box spinning at
   * 200 rad/s on a plane, the arc of its corners within a substep past what the contact's rows follow,
   * drilled down through the plane at 15 m/s): a ball of a quarter of the shape's inner radius about its
   * centroid (Box2D's fallback when the time of impact is 0) is swept instead, and the body stops where
   * that ball first touches the target, or where it is when the ball touches it already and is moving in.
   */
  private coreFraction(): number {
    const shape = this.shape as Shape;
    shape.definition.centroid(shape, this.centroid);
    this.core.set(this.centroid, 1, 0.25 * shape.innerRadius);
    const touch = this.advance(this.core, 0);
    if (!(touch < 1) || this.behindTriangle()) return 1;
    if (touch > 0) return touch;
    // touching at the start: kept there while it moves in along the normal
    const sweeps = this.sweeps, a = STRIDE * this.index, b = STRIDE * this.targetIndex, moves = this.targetIndex >= 0, n = this.normal;
    let inward = 0;
    for (let c = 0; c < 3; c++) inward -= n[c] * (sweeps[a + DX + c] - (moves ? sweeps[b + DX + c] : 0));
    return inward > CCD_TOLERANCE ? 0 : 1;
  }

  /** A triangle met from behind is no wall (the contacts let a body through it that way): the normal the
   * last advance left, from the target toward the swept shape, against the triangle's front. */
  private behindTriangle(): boolean {
    return this.targetTriangle && this.normal[0] * this.front[0] + this.normal[1] * this.front[1] + this.normal[2] * this.front[2] <= 0;
  }

  /**
   * Conservative advancement (see the header) of `proxy` on the swept body against the target from t = 0:
   * the first t at which they are within `gap` (+ CCD_TOLERANCE), or 1 when they are not within the step.
   * The normal at that time (from the target toward the swept shape) is left in `normal`. (The shrunk
   * shape's core reaches no farther than the shape's: the same arm bounds its turn.)
   */
  private advance(proxy: ConvexProxy, gap: number): number {
    const sweeps = this.sweeps, a = STRIDE * this.index, b = STRIDE * this.targetIndex, moves = this.targetIndex >= 0;
    const dx = sweeps[a + DX], dy = sweeps[a + DX + 1], dz = sweeps[a + DX + 2];
    const ox = moves ? sweeps[b + DX] : 0, oy = moves ? sweeps[b + DX + 1] : 0, oz = moves ? sweeps[b + DX + 2] : 0;
    const turning = sweeps[a + THETA] * this.arm + (moves ? sweeps[b + THETA] * this.targetArm : 0);
    const n = this.normal;
    let t = 0;
    for (let iteration = 0; iteration < MAX_ADVANCES; iteration++) {
      this.poseAt(this.index, t, this.shape as Shape, this.poseA);
      const target: Pose = moves ? this.poseAt(this.targetIndex, t, this.targetShape as Shape, this.poseB) : this.stillPose;
      let d: number;
      if (this.targetPlane) d = this.planeDistance(proxy);
      else {
        measureDistance(this.target, target, proxy, this.poseA, this.distance);
        const r = this.distance;
        n[0] = r.normal[0]; n[1] = r.normal[1]; n[2] = r.normal[2];
        d = r.overlap ? 0 : r.distance;
      }
      if (!(d > gap + CCD_TOLERANCE)) return t;
      // the fastest the gap can close per unit of t: along n, and any point's turn
      const closing = -(n[0] * (dx - ox) + n[1] * (dy - oy) + n[2] * (dz - oz)) + turning;
      if (!(closing > 0)) return 1;
      t += (d - gap) / closing;
      if (!(t < 1)) return 1;
    }
    return t;
  }

  /** The distance from the target plane to `proxy` at poseA (its normal into `normal`): the lowest core
   * point's height above the plane, less the radius. */
  private planeDistance(proxy: ConvexProxy): number {
    const shape = this.targetShape as Shape, W = this.stillPose.W, c = this.stillPose.c, m = shape.normal, n = this.normal;
    for (let k = 0; k < 3; k++) n[k] = W[k] * m[0] + W[3 + k] * m[1] + W[6 + k] * m[2];
    const offset = n[0] * c[0] + n[1] * c[1] + n[2] * c[2] + shape.offset;
    const P = this.poseA.W, C = this.poseA.c;
    let p = proxy.points, count = proxy.count;
    if (proxy.kind !== POINT_SET) {
      // a cylinder's or cone's lowest point: its support along −n, in its own frame −Pᵀ n
      p = this.lowest;
      count = 1;
      proxy.supportLocal(-(P[0] * n[0] + P[1] * n[1] + P[2] * n[2]), -(P[3] * n[0] + P[4] * n[1] + P[5] * n[2]), -(P[6] * n[0] + P[7] * n[1] + P[8] * n[2]), p);
    }
    let lowest = Infinity;
    for (let v = 0; v < 3 * count; v += 3) {
      let height = 0;
      for (let k = 0; k < 3; k++) height += n[k] * (C[k] + P[k] * p[v] + P[3 + k] * p[v + 1] + P[6 + k] * p[v + 2]);
      if (height < lowest) lowest = height;
    }
    return Math.max(0, lowest - offset - proxy.radius);
  }

  /** Fast body k's shape at fraction t of its motion, into `out` (returned). */
  private poseAt(k: number, t: number, shape: Shape, out: ShapePose): ShapePose {
    const sweeps = this.sweeps, at = STRIDE * k, x = this.place, q = this.turned;
    for (let c = 0; c < 3; c++) x[c] = sweeps[at + X0 + c] + t * sweeps[at + DX + c];
    for (let c = 0; c < 4; c++) q[c] = sweeps[at + Q0 + c];
    if (t > 0 && sweeps[at + THETA] > 0) integrateOrientation(q, 0, sweeps, at + PHI, t);
    rotationMatrix(this.rotation, q);
    return out.setFrom(x, this.rotation, shape);
  }
}
