// The 2D world's contacts, found each step before the solve (lib/collision/contact-set.ts in the plane):
// broadphase, filtering, narrowphase, and the contact constraints that persist from step to step (their
// impulses warm start).
//
// Broadphase (broadphase.ts): the pairs of proxies whose fat boxes began to overlap. A pair's contact lives
// while the two fat boxes overlap. Each step, a contact with a moving body whose boxes overlap is collided
// with the margin SPECULATIVE_DISTANCE plus the distance the bodies can cover in the step; one whose boxes
// do not has no points. A chain is one proxy per segment: its contacts are per (shape, segment) pair, the
// chain always shape A and the segment the contact's subKey.
//
// Filtering: two shapes of one body, two bodies that are not dynamic, two bodies joined by a joint (unless
// it has collideConnected), and two shapes whose filters exclude each other (shouldCollide) do not
// collide; the last two are checked again each step.
//
// Sleeping: a contact in which no body is awake (or a moving kinematic) is not tested; it keeps its points
// and impulses, untouched, for when the island wakes. One with a body awake is tested, and if it has points,
// the sleeping body's island wakes after the search and takes part in this very step with its kept contacts
// (deciding who is awake before the search and waking after it makes the result independent of the order
// the contacts are visited in).
//
// Touching and sensors: a contact touches while its deepest point is closer than TOUCH_DISTANCE; a pair with
// a sensor shape gets no rows and overlaps while its manifold has a point at separation ≤ 0. Their starts and
// ends are events, reported after the step.
//
// The contacts are solved in the order of their shapes' keys (keyA, keyB, subKey), so a scene steps the same
// way whatever the history of the trees and maps that hold them.
//
// Bounds (lib/limits.ts), on pairs of two dynamic shapes only, as 3D's (lib/collision/contact-set.ts,
// "Bounds"). A new pair is turned away when it is deep (found with each shape's origin deep inside the
// other: broadphase.ts isDeepPair) and one of its shapes already holds MAX_CROWD_PAIRS_PER_SHAPE deep pairs
// its contacts have not yet pushed apart; when one of its shapes is in a crowd (it had a deep pair turned
// away in this update or the last: BroadPhase2D.inCrowd) and holds MAX_CROWD_PAIRS_PER_SHAPE pairs; and
// when the world keeps MAX_PAIRS_PER_DYNAMIC_SHAPE pairs per dynamic proxy. n bodies created at one point
// are n(n − 1)/2 pairs otherwise. The broadphase counts the pairs turned away (droppedPairs) and looks for
// them again at the next update. Pairs with static and kinematic shapes are never turned away: a crowd
// stays on the ground it was created on. A scene with no deep pair meets none of the bounds.

import type { Body2D } from '../body.js';
import type { Manifold2D } from './manifold.js';
import type { ShapeGeometry2D } from '../geometry/shape-geometry.js';
import type { ShapePose2D } from './shape-pose.js';
import { BroadPhase2D, PairResult, SPECULATIVE_DISTANCE, TreeKind, bodyReach, boxesOverlap, isDeepPair, type ContactShape2D, type ShapeProxy2D } from './broadphase.js';
import { coincidentPair2D, coincidentSolids } from './coincident-centres.js';
import { MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE } from '../../limits.js';
import { shouldCollide } from '../geometry/shape.js';
import { ContactSolver2D } from './contact-solver.js';
import { ContactConstraint2D } from './contact-constraint.js';
import { isAwakeMover } from '../../body/sleep.js';
import { TripleKeySort } from '../../math/merge-sort.js';

export { SPECULATIVE_DISTANCE };

/** A contact touches while its deepest point is closer than this, m (3D's TOUCH_DISTANCE). */
export const TOUCH_DISTANCE = 0.005;

/** The narrowphase (narrowphase.ts collide2D): the manifold of two geometries at their poses within
 * `out.margin`, its normal from a to b. */
export type Collide2D = (a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D, out: Manifold2D) => void;

/** Two shapes that stopped touching (or overlapping, with a sensor): their bodies may have been removed. */
export interface ShapePair2D<S = ContactShape2D> {
  bodyA: Body2D;
  shapeA: S;
  bodyB: Body2D;
  shapeB: S;
}

/** What the contact set reads of a joint (the jointed-pair filter). */
export interface JoinedPair2D {
  readonly bodyA: Body2D;
  readonly bodyB: Body2D;
  readonly collideConnected: boolean;
}

export class ContactSet2D {
  readonly broadphase = new BroadPhase2D();
  private version = -1;
  /** Contacts by their proxies' slots (lower slot · 2²⁶ + higher). */
  private readonly pairs = new Map<number, ContactConstraint2D>();
  /** Every contact (pair of proxies whose fat boxes overlap), in no particular order. */
  /** @internal */ readonly list: ContactConstraint2D[] = [];
  private readonly pool: ContactConstraint2D[] = [];
  /** The contacts with points and an awake dynamic body: the ones the step solves, in key order. */
  readonly active: ContactConstraint2D[] = [];
  recordEvents = false;
  readonly began: ContactConstraint2D[] = [];
  readonly ended: ShapePair2D[] = [];
  readonly sensorBegan: ContactConstraint2D[] = [];
  readonly sensorEnded: ShapePair2D[] = [];
  private readonly endedBefore: ShapePair2D[] = [];
  private readonly sensorEndedBefore: ShapePair2D[] = [];
  /** Jointed body pairs that do not collide: the lower id → the higher ids. */
  private readonly joinedWith = new Map<number, number[]>();
  private joinedCount = 0;
  private readonly toWake: Body2D[] = [];
  private dt = 0;
  /** @internal The active contacts' solver. */
  readonly solver = new ContactSolver2D();
  /** Asked for each contact with points before the step solves it (World2D.onPreSolve). */
  preSolve: ((contact: ContactConstraint2D) => boolean) | null = null;

  constructor(private readonly collide: Collide2D) {}

  /**
   * Finds this step's contacts: `bodies` the world's bodies, `awake` the awake ones, `structure` the
   * world's count of bodies and joints added or removed.
   */
  update(bodies: readonly Body2D[], awake: readonly Body2D[], joints: readonly JoinedPair2D[], dt: number, structure: number): void {
    this.dt = dt;
    this.follow(bodies, joints, structure, dt);
    this.boundsAt = -1;
    this.touchingFresh = false;
    this.began.length = 0;
    this.ended.length = 0;
    this.sensorBegan.length = 0;
    this.sensorEnded.length = 0;
    if (this.endedBefore.length + this.sensorEndedBefore.length > 0) {
      if (this.recordEvents) {
        for (const pair of this.endedBefore) this.ended.push(pair);
        for (const pair of this.sensorEndedBefore) this.sensorEnded.push(pair);
      }
      this.endedBefore.length = 0;
      this.sensorEndedBefore.length = 0;
    }
    const broadphase = this.broadphase;
    broadphase.updateBounds(dt, awake, isAwakeMover);
    broadphase.findPairs(this.addPair);
    const list = this.list;
    for (let i = 0; i < list.length; i++) {
      const contact = list[i];
      const p = contact.proxyA as ShapeProxy2D, q = contact.proxyB as ShapeProxy2D;
      if (p.removed || q.removed) {
        this.destroy(i--);
        continue;
      }
      // no body moves: kept as it was
      if (!isAwakeMover(p.body) && !isAwakeMover(q.body)) continue;
      if (!boxesOverlap(p.fat, q.fat) || !shouldCollide(p.shape, q.shape) || (this.joinedCount > 0 && this.isJoined(p.body.id, q.body.id))) {
        this.destroy(i--);
        continue;
      }
      if (!boxesOverlap(p.box, q.box)) {
        if (contact.deepPair) this.undeep(contact, p, q);
        if (contact.isTouching) this.noteEnd(contact);
        contact.part();
        continue;
      }
      this.collideContact(contact, p, q);
      // a pair made deep (see the header, "Bounds") counts as one until its contact has pushed the shapes
      // apart: then another deep pair of its shapes may be made
      if (contact.deepPair && !hasPointWithin(contact.manifold, 0)) this.undeep(contact, p, q);
    }
    const toWake = this.toWake;
    for (let i = 0; i < toWake.length; i++) if (toWake[i].sleep.island !== 0) toWake[i].sleep.wake();
    toWake.length = 0;
    this.listActive(this.preSolve);
  }

  /** Follows the bodies and joints after a structure change. */
  private follow(bodies: readonly Body2D[], joints: readonly JoinedPair2D[], version: number, dt: number): void {
    if (version === this.version) return;
    this.version = version;
    this.broadphase.sync(bodies, dt);
    // contacts of proxies gone go now: their slots may be handed to new proxies
    const list = this.list;
    for (let i = 0; i < list.length; i++) if ((list[i].proxyA as ShapeProxy2D).removed || (list[i].proxyB as ShapeProxy2D).removed) this.destroy(i--);
    const before = new Map<number, number[]>();
    for (const [low, highs] of this.joinedWith) before.set(low, highs.slice());
    const joinedWith = this.joinedWith;
    joinedWith.clear();
    this.joinedCount = 0;
    for (const joint of joints) {
      if (joint.collideConnected) continue;
      const low = Math.min(joint.bodyA.id, joint.bodyB.id), high = Math.max(joint.bodyA.id, joint.bodyB.id);
      const partners = joinedWith.get(low);
      if (partners === undefined) joinedWith.set(low, [high]);
      else if (!partners.includes(high)) partners.push(high);
      else continue;
      this.joinedCount++;
    }
    // bodies no longer joined may touch already: their shapes look again
    if (before.size === 0) return;
    const byId = new Map<number, Body2D>();
    for (const body of bodies) byId.set(body.id, body);
    for (const [low, highs] of before) {
      for (const high of highs) {
        if (this.isJoined(low, high)) continue;
        for (const id of [low, high]) {
          const body = byId.get(id);
          if (body !== undefined) this.broadphase.lookAgain(body);
        }
      }
    }
  }

  private isJoined(a: number, b: number): boolean {
    const partners = this.joinedWith.get(a < b ? a : b);
    return partners !== undefined && partners.includes(a < b ? b : a);
  }

  /** @internal Whether a joint keeps the two bodies from colliding. */
  readonly jointKeepsApart = (a: Body2D, b: Body2D): boolean => this.joinedCount > 0 && this.isJoined(a.id, b.id);

  /** A new pair from the broadphase: filtered, held to the bounds (see the header) and given a contact. */
  private readonly addPair = (p: ShapeProxy2D, q: ShapeProxy2D): PairResult => this.makePair(p, q, true);

  /** A new pair, filtered, ordered (a chain segment is A, else the lower key) and given a contact; held to
   * the bounds when `bounded` (a snapshot's pairs are not: they were within them when saved), counted
   * either way. */
  private makePair(p: ShapeProxy2D, q: ShapeProxy2D, bounded: boolean): PairResult {
    if (!p.body.isDynamic && !q.body.isDynamic) return PairResult.None;
    if (!shouldCollide(p.shape, q.shape) || (this.joinedCount > 0 && this.isJoined(p.body.id, q.body.id))) return PairResult.None;
    const low = p.slot < q.slot ? p.slot : q.slot, high = p.slot < q.slot ? q.slot : p.slot;
    const pairKey = low * 67108864 + high;
    if (this.pairs.has(pairKey)) return PairResult.None;
    let deep = false;
    const dynamic = p.tree === TreeKind.Dynamic && q.tree === TreeKind.Dynamic;
    if (dynamic) {
      deep = isDeepPair(p, q);
      if (bounded) {
        if (deep ? p.deepPairCount >= MAX_CROWD_PAIRS_PER_SHAPE || q.deepPairCount >= MAX_CROWD_PAIRS_PER_SHAPE : this.crowdFull(p) || this.crowdFull(q)) {
          return deep ? PairResult.RefusedDeep : PairResult.Refused;
        }
        if (this.dynamicPairs >= MAX_PAIRS_PER_DYNAMIC_SHAPE * this.broadphase.trees[TreeKind.Dynamic].proxyCount) return PairResult.Refused;
      }
      countPair(p, q, deep, 1);
      this.dynamicPairs++;
    }
    const swap = q.child >= 0 || (p.child < 0 && (p.key > q.key || (p.key === q.key && p.child > q.child)));
    const a = swap ? q : p, b = swap ? p : q;
    const reused = this.pool.pop();
    const contact = reused !== undefined
      ? reused.reuse(a.body, a.shape, b.body, b.shape, a.key, b.key, a.child)
      : new ContactConstraint2D(a.body, a.shape, b.body, b.shape, a.key, b.key, a.child);
    contact.proxyA = a;
    contact.proxyB = b;
    contact.deepPair = deep;
    this.pairs.set(pairKey, contact);
    this.list.push(contact);
    return PairResult.Made;
  }

  /** A deep pair's shapes are apart: it counts as deep no more. */
  private undeep(contact: ContactConstraint2D, p: ShapeProxy2D, q: ShapeProxy2D): void {
    contact.deepPair = false;
    p.deepPairCount--;
    q.deepPairCount--;
  }
  /** Whether the shape is in a crowd (BroadPhase2D.inCrowd) and holds MAX_CROWD_PAIRS_PER_SHAPE pairs. */
  private crowdFull(proxy: ShapeProxy2D): boolean {
    return proxy.pairCount >= MAX_CROWD_PAIRS_PER_SHAPE && this.broadphase.inCrowd(proxy);
  }
  /** The pairs kept between two dynamic shapes (see the header, "Bounds"). */
  private dynamicPairs = 0;
  /** @internal Pairs kept between two dynamic shapes (tests). */
  get dynamicPairCount(): number {
    return this.dynamicPairs;
  }
  /** Pairs of overlapping shapes the last update's search turned away at the bounds (see the header): each
   * counted once per search that met it. */
  get droppedPairs(): number {
    return this.broadphase.droppedPairs;
  }

  /** Removes list[i] (the last contact takes its place). */
  private destroy(i: number): void {
    const list = this.list, contact = list[i];
    const p = contact.proxyA as ShapeProxy2D, q = contact.proxyB as ShapeProxy2D;
    if (p.tree === TreeKind.Dynamic && q.tree === TreeKind.Dynamic) {
      countPair(p, q, contact.deepPair, -1);
      this.dynamicPairs--;
    }
    if (contact.isTouching) this.noteEnd(contact);
    this.touchingFresh = false;
    const low = p.slot < q.slot ? p.slot : q.slot, high = p.slot < q.slot ? q.slot : p.slot;
    if (this.pairs.get(low * 67108864 + high) === contact) this.pairs.delete(low * 67108864 + high);
    list[i] = list[list.length - 1];
    list.length--;
    contact.forget();
    this.pool.push(contact);
  }

  private collideContact(contact: ContactConstraint2D, a: ShapeProxy2D, b: ShapeProxy2D): void {
    const m = contact.manifold;
    if (contact.sensor) {
      // overlap only: no rows, no speculative margin, nothing woken
      m.margin = 0;
      this.collide(a.geometry, a.pose, b.geometry, b.pose, m);
      contact.count = 0;
      this.noteTouching(contact, hasPointWithin(m, 0));
      return;
    }
    m.margin = SPECULATIVE_DISTANCE + this.dt * (bodyReach(a.body, a.bodyExtent) + bodyReach(b.body, b.bodyExtent));
    this.collide(a.geometry, a.pose, b.geometry, b.pose, m);
    // bodies created at one point: a normal of the pair's own (coincident-centres.ts)
    if (coincidentSolids(a.geometry, a.pose, b.geometry, b.pose)) coincidentPair2D(m, contact.bodyA.id, contact.bodyB.id, a.geometry, a.pose, b.geometry, b.pose);
    contact.matchImpulses();
    this.noteTouching(contact, contact.count > 0 && hasPointWithin(m, TOUCH_DISTANCE));
    if (contact.count > 0) {
      if (contact.bodyA.sleep.island !== 0) this.toWake.push(contact.bodyA);
      if (contact.bodyB.sleep.island !== 0) this.toWake.push(contact.bodyB);
    }
  }

  private noteTouching(pair: ContactConstraint2D, touches: boolean): void {
    if (touches && !pair.isTouching) {
      pair.isTouching = true;
      if (this.recordEvents) (pair.sensor ? this.sensorBegan : this.began).push(pair);
    } else if (!touches && pair.isTouching) {
      this.noteEnd(pair);
    }
  }

  private noteEnd(contact: ContactConstraint2D): void {
    contact.isTouching = false;
    if (!this.recordEvents) return;
    const pair = { bodyA: contact.bodyA, shapeA: contact.shapeA, bodyB: contact.bodyB, shapeB: contact.shapeB };
    (contact.sensor ? this.sensorEnded : this.ended).push(pair);
  }

  /** The contacts with points, in key order, those of sleeping islands included (made when asked). */
  get touching(): readonly ContactConstraint2D[] {
    if (this.touchingFresh) return this.touchingList;
    const touching: ContactConstraint2D[] = [];
    for (const contact of this.list) if (!contact.sensor && contact.count > 0) touching.push(contact);
    this.touchingList = touching.sort(byKeys);
    this.touchingFresh = true;
    return this.touchingList;
  }
  private touchingList: ContactConstraint2D[] = [];
  private touchingFresh = false;

  /** Sensor pairs that overlap, in key order. */
  get sensing(): readonly ContactConstraint2D[] {
    const sensing: ContactConstraint2D[] = [];
    for (const contact of this.list) if (contact.sensor && contact.isTouching) sensing.push(contact);
    return sensing.sort(byKeys);
  }

  /**
   * Drops every contact and sensor pair of `body` at once (removed, or taken out as invalid, or its type
   * changed), so that `touching`, `sensing` and snapshots no longer hold them. Those that touched end: their
   * end events wait for the next update.
   */
  forgetBody(body: Body2D): void {
    const ended = this.ended.length, sensorEnded = this.sensorEnded.length;
    const active = this.active;
    let kept = 0;
    for (let i = 0; i < active.length; i++) if (active[i].bodyA !== body && active[i].bodyB !== body) active[kept++] = active[i];
    active.length = kept;
    const list = this.list;
    for (let i = 0; i < list.length; i++) if (list[i].bodyA === body || list[i].bodyB === body) this.destroy(i--);
    for (let i = ended; i < this.ended.length; i++) this.endedBefore.push(this.ended[i]);
    for (let i = sensorEnded; i < this.sensorEnded.length; i++) this.sensorEndedBefore.push(this.sensorEnded[i]);
    this.ended.length = ended;
    this.sensorEnded.length = sensorEnded;
    this.touchingFresh = false;
  }

  /** Wakes every body touching `body` (which is being removed or changes type). */
  wakeTouching(body: Body2D): void {
    for (const contact of this.list) {
      if (contact.sensor || contact.count === 0 || (contact.bodyA !== body && contact.bodyB !== body)) continue;
      if (contact.bodyA === body) contact.bodyB.sleep.wake();
      else contact.bodyA.sleep.wake();
    }
  }

  /** active: the contacts with points and an awake dynamic body, in key order (the onPreSolve hook asked
   * for each in that order, those refused left out with their impulses cleared); laid out for the solver. */
  /** @internal */ listActive(preSolve: ((contact: ContactConstraint2D) => boolean) | null = null): void {
    const active = this.active, list = this.list;
    let count = 0;
    for (let i = 0; i < list.length; i++) {
      const contact = list[i];
      if (contact.sensor || contact.count === 0) continue;
      const a = contact.bodyA, b = contact.bodyB;
      if (!((a.isDynamic && a.sleep.island === 0) || (b.isDynamic && b.sleep.island === 0))) continue;
      active[count++] = contact;
    }
    if (active.length !== count) active.length = count;
    this.activeSort.sort(active, count);
    if (preSolve !== null) {
      let kept = 0;
      for (let i = 0; i < count; i++) {
        const contact = active[i];
        if (preSolve(contact)) active[kept++] = contact;
        else contact.dropImpulses();
      }
      if (kept !== count) active.length = kept;
    }
    this.solver.layout(active);
  }
  private readonly activeSort = new TripleKeySort<ContactConstraint2D>(writeKeys);
  /** @internal Lays the active contacts out again after forgetBody took some out of the step's list. */
  layoutActive(): void {
    this.solver.layout(this.active);
  }

  /** @internal The contact of two proxies, if they have one (snapshots). */
  contactOf(p: ShapeProxy2D, q: ShapeProxy2D): ContactConstraint2D | undefined {
    const low = p.slot < q.slot ? p.slot : q.slot, high = p.slot < q.slot ? q.slot : p.slot;
    return this.pairs.get(low * 67108864 + high);
  }
  /** @internal Makes the contact of two proxies now (snapshots), as the broadphase would have. */
  makeContact(p: ShapeProxy2D, q: ShapeProxy2D): ContactConstraint2D | undefined {
    this.touchingFresh = false;
    this.makePair(p, q, false);
    return this.contactOf(p, q);
  }
  /**
   * Brings the broadphase up to date for a query between steps (and for a restore): the bodies as they are
   * (`structure`), and the proxies of the bodies that moved in the last step (once per `stepCount`) or
   * were moved by the user at their poses now (BroadPhase2D.rebound). Pass stepCount −1 to follow the
   * structure only.
   */
  refresh(bodies: readonly Body2D[], joints: readonly JoinedPair2D[], structure: number, stepCount = -1): void {
    this.follow(bodies, joints, structure, this.dt);
    if (stepCount < 0) return;
    this.broadphase.rebound(this.dt, stepCount !== this.boundsAt);
    this.boundsAt = stepCount;
  }
  /** The world's step count when a query last re-bounded the moving bodies (−1: since a step). */
  private boundsAt = -1;

  /** Pairs of shapes kept (their fat boxes overlap). */
  get pairCount(): number {
    return this.list.length;
  }
  /** @internal Pooled contacts (tests). */
  get pooled(): readonly ContactConstraint2D[] {
    return this.pool;
  }
  /** The dynamic tree's proxy count (tests). */
  get dynamicProxyCount(): number {
    return this.broadphase.trees[TreeKind.Dynamic].proxyCount;
  }
}

/** Adds `change` to both dynamic shapes' pair counts (and deep pair counts, for a deep pair). */
function countPair(p: ShapeProxy2D, q: ShapeProxy2D, deep: boolean, change: number): void {
  p.pairCount += change;
  q.pairCount += change;
  if (!deep) return;
  p.deepPairCount += change;
  q.deepPairCount += change;
}

function hasPointWithin(m: Manifold2D, limit: number): boolean {
  for (let i = 0; i < m.count; i++) if (m.separations[i] <= limit) return true;
  return false;
}

function writeKeys(contact: ContactConstraint2D, keys: Float64Array, at: number): void {
  keys[at] = contact.keyA;
  keys[at + 1] = contact.keyB;
  keys[at + 2] = contact.subKey;
}

function byKeys(x: ContactConstraint2D, y: ContactConstraint2D): number {
  return x.keyA - y.keyA || x.keyB - y.keyB || x.subKey - y.subKey;
}
