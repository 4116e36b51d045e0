// The world's contacts, found each step before the solve: broadphase, filtering, narrowphase, and the
// contact constraints that persist from step to step (their impulses warm start).
//
// Broadphase (broadphase.ts): dynamic AABB trees hand over the pairs of shapes whose fat boxes began to
// overlap. A pair's contact lives while the two fat boxes overlap. Each step, a contact with a moving
// body whose shapes' boxes overlap (the bounds grown so that they do whenever the shapes are within the
// search's margin, SPECULATIVE_DISTANCE plus the distance the bodies can cover in the step) is collided;
// one whose boxes do not has no points.
//
// Filtering: two shapes of one body, two bodies that are not dynamic, two bodies joined by a joint
// (unless it has collideConnected), and two shapes whose filters exclude each other (shape.ts
// shouldCollide) do not collide; the last two are checked again each step (filters can change).
//
// Sleeping (sleep.ts): a contact in which neither body is awake (or a moving kinematic) is not tested; it
// keeps its points and impulses, untouched, for when the island wakes (the bodies have not moved). One
// with a body awake is tested, and if it touches, the sleeping body's island wakes after the search, so
// it takes part in this very step with its kept contacts. (Deciding who is awake before the search, and
// waking after it, makes the result independent of the order the contacts are visited in.)
//
// Touching and sensors. A contact touches while its deepest point is closer than TOUCH_DISTANCE (a
// speculative point farther apart does not); its start and end are events (World.onContactBegin and
// onContactEnd), reported after the step. A pair with a sensor shape (shape.ts) gets no rows: it overlaps
// while its manifold has a point at separation ≤ 0, with events of its own (onSensorBegin, onSensorEnd).
//
// The contacts are solved in the order of their shapes' keys (body id and shape index, A's then B's), so
// a scene steps the same way whatever the history of the trees and maps that hold them.
//
// Bounds (limits.ts), on pairs of two dynamic shapes only. A new pair is turned away when it is deep
// (found with each shape deep inside the other: broadphase.ts isDeepPair) and one of its shapes already
// holds MAX_CROWD_PAIRS_PER_SHAPE deep pairs its contacts have not yet pushed apart; when one of its
// shapes is in a crowd (it had a deep pair turned away in this update or the last: BroadPhase.inCrowd)
// and holds MAX_CROWD_PAIRS_PER_SHAPE pairs; and when the world keeps MAX_PAIRS_PER_DYNAMIC_SHAPE pairs
// per dynamic shape. n bodies created at one point are n(n − 1)/2 pairs otherwise (Jolt's PhysicsSystem
// bounds the same work with its maxBodyPairs and maxContactConstraints). The broadphase counts the pairs
// turned away (droppedPairs) and looks for them again at the next update. Pairs with static and
// kinematic shapes are never turned away: a crowd stays on the ground it was created on.

import type { Body } from '../body/body.js';
import type { JointCore } from '../joints/joint-core.js';
import { boxesOverlap, BroadPhase, isDeepPair, PairResult, SPECULATIVE_DISTANCE, TreeKind, writeReach, type ShapeProxy } from './broadphase.js';
import { MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE } from '../limits.js';
import { ContactSolver } from './contact-solver.js';
import { ContactConstraint } from './contact-constraint.js';
import { Float64Arena, ShrinkCheck } from '../util/arena.js';
import type { MeshPairs } from './mesh-pairs.js';
import { isLevelContact, type InternalEdgeFilter } from './internal-edges.js';
import { collideWithinMargin, SHAPE_RANK } from './narrowphase.js';
import type { PairTable } from './pair-dispatch.js';
import type { CollisionTypes } from './shape-kinds.js';
import { MAX_SHAPES_PER_BODY, shouldCollide, type Shape } from '../geometry/shape.js';
import { isAwakeMover } from '../body/sleep.js';
import { TripleKeySort } from '../math/merge-sort.js';

export { MAX_SHAPES_PER_BODY, SPECULATIVE_DISTANCE };

/** The two bodies' reach while a pair's margin is written (broadphase.ts writeReach). */
const reachA = new Float64Array(1), reachB = new Float64Array(1);

/** The pool is never cut below this many contacts (a small scene keeps all of its own). */
const MIN_POOLED = 256;

/** A contact touches while its deepest point is closer than this, m (Box2D's linear slop). */
export const TOUCH_DISTANCE = 0.005;

/** Two shapes that stopped touching (or overlapping, with a sensor): their bodies may have been removed. */
export interface ShapePair {
  bodyA: Body;
  shapeA: Shape;
  bodyB: Body;
  shapeB: Shape;
}

export class ContactSet {
  readonly broadphase = new BroadPhase();
  /** Where the contacts' numbers live (arena.ts): each contact's manifold, cache, impulses and lever arms
   * side by side, and contacts made together next to each other. */
  /** @internal */ arena = new Float64Arena();
  /** The pair functions of the world's shape types (shape-kinds.ts CollisionTypes). */
  private readonly pairFunctions: PairTable;
  /** The triangle pairs of meshes and heightfields (mesh-pairs.ts), or null in a world without them. */
  private readonly meshPairs: MeshPairs | null;
  /** Contacts made here (those of mesh pairs are counted by meshPairs) and dropped from the pool. */
  /** @internal */ made = 0;
  /** @internal False: every pair is collided every step, its cached manifold never rebuilt
   * (manifold-cache.ts); the planar oracle's exact comparison with the 2D world, which has no cache. */
  reuseManifolds = true;
  private dropped = 0;
  /** When the pool may shrink (see trimPool). */
  private readonly poolShrink = new ShrinkCheck();
  private version = -1;
  /** Contacts by their shapes' keys: A's, then B's. */
  /** @internal */ readonly pairs = new Map<number, Map<number, ContactConstraint>>();
  /** Every contact (pair of shapes whose fat boxes overlap), in no particular order. */
  /** @internal */ readonly list: ContactConstraint[] = [];
  /** Contacts whose shapes parted, for new pairs to reuse (each holds 12 rows: allocating one per new
   * pair was 3.6 % of a ragdoll pile's step, in the collector). */
  private readonly pool: ContactConstraint[] = [];
  /** The touching contacts with an awake body: the ones the step solves, in key order. */
  readonly active: ContactConstraint[] = [];
  /** Sensor pairs that overlap, in key order, those of sleeping islands included (made when asked). */
  get sensing(): readonly ContactConstraint[] {
    if (this.sensingFresh) return this.sensingList;
    const sensing = this.sensingList;
    sensing.length = 0;
    for (const list of [this.list, this.asleep]) for (const contact of list) if (contact.sensor && contact.isTouching) sensing.push(contact);
    sensing.sort(byKeys);
    this.sensingFresh = true;
    return sensing;
  }
  private readonly sensingList: ContactConstraint[] = [];
  /** @internal */ sensingFresh = false;
  /** Record the events below (the world has a callback for them); touching is tracked either way. */
  recordEvents = false;
  /** This update's events: contacts (and sensor pairs) that began touching, pairs that stopped. */
  readonly began: ContactConstraint[] = [];
  readonly ended: ShapePair[] = [];
  readonly sensorBegan: ContactConstraint[] = [];
  readonly sensorEnded: ShapePair[] = [];
  /** Pairs of jointed bodies that do not collide (pairKey), rebuilt when the topology changes. */
  private readonly joined = new Set<number>();
  /** Bodies a touching contact wakes, woken after the search (see the header). */
  private readonly toWake: Body[] = [];
  private dt = 0;
  private touchingList: ContactConstraint[] = [];
  /** @internal */ touchingFresh = false;

  /** @internal `collision`: what the world's shape kinds collide (shape-kinds.ts collisionTypes). */
  constructor(collision: CollisionTypes) {
    this.pairFunctions = collision.pairs;
    this.meshPairs = collision.meshPairs === null ? null : collision.meshPairs(this.arena);
    this.internalEdges = collision.internalEdges === null ? null : collision.internalEdges();
  }

  /**
   * Finds this step's contacts among the bodies' shapes: `awake` the awake bodies (statics need not be
   * in it), `structure` the world's count of bodies and joints added or removed (follow them),
   * `islands` its count of islands that fell asleep or woke.
   */
  update(bodies: readonly Body[], awake: readonly Body[], joints: readonly JointCore<Body>[], dt: number, structure: number, islands: number): void {
    this.dt = dt;
    this.trimPool();
    let reawaken = this.follow(bodies, joints, structure, dt) || islands !== this.islands;
    this.islands = islands;
    this.boundsAt = -1; // the step moves the bodies: a query after it re-bounds them
    this.sensingFresh = false;
    this.began.length = 0;
    this.ended.length = 0;
    this.sensorBegan.length = 0;
    this.sensorEnded.length = 0;
    if (this.endedBefore.length + this.sensorEndedBefore.length > 0) this.takeEndsBefore();
    this.touchingFresh = false;
    const broadphase = this.broadphase;
    if (broadphase.updateBounds(dt, awake, isAwakeMover)) reawaken = true;
    if (reawaken) this.reawaken();
    broadphase.findPairs(this.addPair);
    // a proxy whose body updateBounds found awake and moving carries this update's stamp
    const list = this.list, joined = this.joined, moving = broadphase.stamp;
    for (let i = 0; i < list.length; i++) {
      const contact = list[i];
      const p = contact.proxyA as ShapeProxy, q = contact.proxyB as ShapeProxy;
      if (p.removed || q.removed) {
        this.destroy(i--);
        continue;
      }
      if (p.movingStamp !== moving && q.movingStamp !== moving) {
        // kept as it was, set aside until a body of it moves again
        this.asleep.push(contact);
        list[i--] = list[list.length - 1];
        list.length--;
        continue;
      }
      if (!boxesOverlap(p.fat, q.fat) || !shouldCollide(p.shape, q.shape) || (joined.size > 0 && this.isJoined(p.body.id, q.body.id))) {
        this.destroy(i--);
        continue;
      }
      if (!boxesOverlap(p.box, q.box)) {
        // apart for now: no points, and a fresh start when the boxes meet again
        if (contact.deepPair) this.undeep(contact, p, q);
        if (contact.isTouching) this.noteEnd(contact);
        if (contact.children !== null) (this.meshPairs as MeshPairs).release(contact, this.pool);
        else contact.part();
        continue;
      }
      if (contact.children !== null) this.collideMesh(contact, p, q);
      else this.collideContact(contact, p, q);
      // a pair made deep (see the header, "Bounds") counts as one until its contact has pushed the shapes
      // apart: then another deep pair of its shapes may be made
      if (contact.deepPair && !hasPointWithin(contact, 0)) this.undeep(contact, p, q);
    }
    // (cut to this update's count, not emptied: `length = 0` would drop the array's storage, grown again
    // by the next update's contacts)
    const level = this.levelContacts;
    if (level.length !== this.levelCount) level.length = this.levelCount;
    this.levelCount = 0;
    if (this.internalEdges !== null) this.internalEdges.apply(level, this.writeMargin);
    for (let i = 0; i < level.length; i++) this.finishContact(level[i]);
    const toWake = this.toWake;
    let woke = false;
    for (let i = 0; i < toWake.length; i++) {
      if (toWake[i].sleep.island === 0) continue;
      toWake[i].sleep.wake();
      woke = true;
    }
    toWake.length = 0;
    // an island woken by the search takes part in this step with its kept contacts
    if (woke) this.reawaken();
    this.listActive(this.preSolve);
  }

  /** The ends noted by forgetBody since the last update become this update's. */
  private takeEndsBefore(): void {
    if (this.recordEvents) {
      for (const pair of this.endedBefore) this.ended.push(pair);
      for (const pair of this.sensorEndedBefore) this.sensorEnded.push(pair);
    }
    this.endedBefore.length = 0;
    this.sensorEndedBefore.length = 0;
  }

  /** @internal Contacts in use and in the pool, made and not dropped (tests). */
  get contactCapacity(): number {
    return this.made + (this.meshPairs === null ? 0 : this.meshPairs.made) - this.dropped;
  }
  /** @internal The pooled contacts (tests: none may hold a body or shape). */
  get pooled(): readonly ContactConstraint[] {
    return this.pool;
  }
  /** @internal The doubles the contacts' arena holds (tests). */
  get arenaCapacity(): number {
    return this.arena.capacity;
  }

  /**
   * Gives memory back once most contacts are gone (their bodies removed, a pile cleared): when fewer
   * than a quarter of the contacts made are in use for a second of updates (ShrinkCheck), the pool keeps
   * as many as are in use and drops the rest, and if their arena is then mostly empty, the contacts left
   * move their numbers into a fresh one, which leaves the old chunks to the collector. The values do not
   * change, nor which pair each contact holds: the step is the same bit for bit. A scene whose contact
   * count swings within the second keeps its pool; a steady one never reaches here.
   */
  private trimPool(): void {
    const pool = this.pool, capacity = this.contactCapacity, inUse = capacity - pool.length;
    if (!this.poolShrink.due(inUse, capacity, MIN_POOLED)) return;
    // the lists kept between updates for their storage hold contacts from when there were more
    this.activeSort.drop();
    this.internalEdges?.dropScratch();
    this.touchingList.length = this.sensingList.length = 0;
    this.touchingFresh = this.sensingFresh = false;
    const keep = Math.max(inUse, MIN_POOLED);
    for (let i = keep; i < pool.length; i++) pool[i].releaseNumbers(this.arena);
    if (pool.length > keep) {
      this.dropped += pool.length - keep;
      pool.length = keep;
    }
    if (!this.arena.mostlyEmpty) return;
    const from = this.arena, to = new Float64Arena();
    const move = (contact: ContactConstraint): void => {
      contact.moveNumbers(to, from);
      if (contact.children !== null) for (const child of contact.children) child.moveNumbers(to, from);
    };
    for (const list of [this.list, this.asleep, pool]) for (const contact of list) move(contact);
    this.arena = to;
    this.meshPairs?.useAllocator(to);
  }

  /** The contacts set aside as asleep whose shape went or whose body moves again go back to the list. */
  private reawaken(): void {
    const asleep = this.asleep;
    let kept = 0;
    for (let i = 0; i < asleep.length; i++) {
      const contact = asleep[i], p = contact.proxyA as ShapeProxy, q = contact.proxyB as ShapeProxy;
      if (p.removed || q.removed || isAwakeMover(p.body) || isAwakeMover(q.body)) {
        this.list.push(contact);
      } else {
        asleep[kept++] = contact;
      }
    }
    asleep.length = kept;
  }
  /** Contacts in which no body moves (asleep, or against a still body): kept, not looked at. */
  /** @internal */ readonly asleep: ContactConstraint[] = [];
  private islands = -1;

  /**
   * Brings the broadphase up to date for a query between steps: the bodies as they are (`structure`), and
   * the bounds of the bodies that moved in the last step (once per `stepCount`) or were moved by the user.
   */
  refresh(bodies: readonly Body[], joints: readonly JointCore<Body>[], structure: number, stepCount: number): void {
    this.follow(bodies, joints, structure, this.dt);
    this.broadphase.rebound(this.dt, stepCount !== this.boundsAt);
    this.boundsAt = stepCount;
  }
  /** The world's step count when a query last re-bounded the moving bodies (−1: since a step). */
  private boundsAt = -1;

  /** Follows the bodies and joints after a structure change; returns whether there was one. */
  private follow(bodies: readonly Body[], joints: readonly JointCore<Body>[], version: number, dt: number): boolean {
    if (version === this.version) return false;
    this.version = version;
    const broadphase = this.broadphase;
    broadphase.sync(bodies, dt);
    const joined = this.joined, previous = this.previouslyJoined;
    previous.clear();
    for (const key of joined) previous.set(key, null);
    joined.clear();
    const joinedWith = this.joinedWith;
    joinedWith.clear();
    for (const joint of joints) {
      if (joint.collideConnected) continue;
      const key = pairKey(joint.bodyA.id, joint.bodyB.id);
      joined.add(key);
      previous.set(key, joint);
      const low = Math.min(joint.bodyA.id, joint.bodyB.id), high = Math.max(joint.bodyA.id, joint.bodyB.id);
      const partners = joinedWith.get(low);
      if (partners === undefined) joinedWith.set(low, [high]);
      else if (!partners.includes(high)) partners.push(high);
    }
    // bodies no longer joined (a joint broke or went) may touch already: their shapes look again
    for (const [key, joint] of previous) {
      if (joint !== null || joined.has(key)) continue;
      broadphase.lookAgain(Math.floor(key / 2 ** 26));
      broadphase.lookAgain(key % 2 ** 26);
    }
    return true;
  }
  private readonly previouslyJoined = new Map<number, JointCore<Body> | null>();
  /** The jointed pairs again, as each pair's lower body id → the higher ids it is joined to: looked up
   * for every pair in every update, where a pairKey (a double past 2³¹) boxed a HeapNumber per lookup
   * (23 KB a step on the ragdoll pile). */
  private readonly joinedWith = new Map<number, number[]>();

  /** @internal Whether a joint keeps the two bodies from colliding (continuous.ts). */
  readonly jointKeepsApart = (a: Body, b: Body): boolean => this.joined.size > 0 && this.isJoined(a.id, b.id);

  private isJoined(a: number, b: number): boolean {
    const partners = this.joinedWith.get(a < b ? a : b);
    return partners !== undefined && partners.includes(a < b ? b : a);
  }

  /** A new pair from the broadphase: filtered, ordered by shape rank, held to the bounds (see the header)
   * and given a contact. */
  private readonly addPair = (p: ShapeProxy, q: ShapeProxy): PairResult => {
    if (!p.body.isDynamic && !q.body.isDynamic) return PairResult.None;
    if (!shouldCollide(p.shape, q.shape) || this.isJoined(p.body.id, q.body.id)) return PairResult.None;
    // ordered by shape rank (then key) so the narrowphase has one function per pair of types
    const rankP = SHAPE_RANK[p.shape.type], rankQ = SHAPE_RANK[q.shape.type];
    const swap = rankP > rankQ || (rankP === rankQ && p.key > q.key);
    const a = swap ? q : p, b = swap ? p : q;
    // (looked up before the map is made: a pair turned away leaves no empty map behind)
    if (this.pairs.get(a.key)?.has(b.key) === true) return PairResult.None;
    let deep = false;
    if (p.tree === TreeKind.Dynamic && q.tree === TreeKind.Dynamic) {
      deep = isDeepPair(p, q);
      if (deep ? p.deepPairCount >= MAX_CROWD_PAIRS_PER_SHAPE || q.deepPairCount >= MAX_CROWD_PAIRS_PER_SHAPE : this.crowdFull(p) || this.crowdFull(q)) {
        return deep ? PairResult.RefusedDeep : PairResult.Refused;
      }
      if (this.dynamicPairs >= MAX_PAIRS_PER_DYNAMIC_SHAPE * this.broadphase.trees[TreeKind.Dynamic].proxyCount) return PairResult.Refused;
      countPair(p, q, deep, 1);
      this.dynamicPairs++;
    }
    const inner = this.innerMap(a.key);
    const reused = this.pool.pop();
    const contact = reused !== undefined
      ? reused.reuse(a.body, a.shape, b.body, b.shape, a.key, b.key)
      : new ContactConstraint(a.body, a.shape, b.body, b.shape, a.key, b.key, this.arena);
    if (reused === undefined) this.made++;
    contact.proxyA = a;
    contact.proxyB = b;
    if (a.shape.mesh !== null) contact.children = [];
    contact.deepPair = deep;
    inner.set(b.key, contact);
    this.list.push(contact);
    return PairResult.Made;
  };
  /** A deep pair's shapes are apart: it counts as deep no more. */
  private undeep(contact: ContactConstraint, p: ShapeProxy, q: ShapeProxy): void {
    contact.deepPair = false;
    p.deepPairCount--;
    q.deepPairCount--;
  }
  /** Whether the shape is in a crowd (BroadPhase.inCrowd) and holds MAX_CROWD_PAIRS_PER_SHAPE pairs. */
  private crowdFull(proxy: ShapeProxy): boolean {
    return proxy.pairCount >= MAX_CROWD_PAIRS_PER_SHAPE && this.broadphase.inCrowd(proxy);
  }
  /** The pairs kept between two dynamic shapes (see the header, "Bounds"). */
  /** @internal */ dynamicPairs = 0;

  /** @internal Pairs of shapes kept (their fat boxes overlap), those of sleeping islands included;
   * and of them, those between two dynamic shapes (tests). */
  get pairCount(): number {
    return this.list.length + this.asleep.length;
  }
  get dynamicPairCount(): number {
    return this.dynamicPairs;
  }
  /** Pairs of overlapping shapes the last update's search turned away at the bounds (see the header):
   * each counted once per search that met it. */
  get droppedPairs(): number {
    return this.broadphase.droppedPairs;
  }

  /** Removes list[i] (the last contact takes its place). */
  /** @internal */ destroy(i: number): void {
    const list = this.list, contact = list[i];
    const p = contact.proxyA as ShapeProxy, q = contact.proxyB as ShapeProxy;
    if (p.tree === TreeKind.Dynamic && q.tree === TreeKind.Dynamic) {
      countPair(p, q, contact.deepPair, -1);
      this.dynamicPairs--;
    }
    if (contact.isTouching) this.noteEnd(contact);
    const inner = this.pairs.get(contact.keyA) as Map<number, ContactConstraint>;
    inner.delete(contact.keyB);
    if (inner.size === 0) this.pairs.delete(contact.keyA);
    list[i] = list[list.length - 1];
    list.length--;
    if (contact.children !== null) (this.meshPairs as MeshPairs).release(contact, this.pool);
    contact.forget();
    this.pool.push(contact);
  }

  /** A convex shape against a mesh or heightfield: its triangles' contacts (mesh-pairs.ts). The pair
   * touches while one of them does; its begin event carries the deepest. */
  private collideMesh(parent: ContactConstraint, a: ShapeProxy, b: ShapeProxy): void {
    if (parent.sensor) {
      parent.manifold.margin = 0;
      this.noteTouching(parent, (this.meshPairs as MeshPairs).collide(parent, a, b, this.pool), parent);
      return;
    }
    this.writeMargin(parent);
    // a pair that barely moved keeps its triangles' manifolds, carried with the shapes (mesh-pairs.ts reuse)
    const meshPairs = this.meshPairs as MeshPairs;
    const withPoints = meshPairs.reuse(parent, a, b) || meshPairs.collide(parent, a, b, this.pool);
    let deepestChild = parent, least = Infinity;
    const children = parent.children as ContactConstraint[];
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const s = child.count === 0 ? Infinity : deepest(child);
      child.isTouching = s <= TOUCH_DISTANCE;
      if (s < least) { least = s; deepestChild = child; }
    }
    this.noteTouching(parent, least <= TOUCH_DISTANCE, deepestChild);
    if (withPoints) this.wake(parent);
  }

  private collideContact(contact: ContactConstraint, a: ShapeProxy, b: ShapeProxy): void {
    if (contact.sensor) {
      // overlap only: no rows, no speculative margin, nothing woken
      contact.manifold.margin = 0;
      collideWithinMargin(this.pairFunctions, a.shape, a.pose, b.shape, b.pose, contact.manifold);
      contact.count = 0;
      this.noteTouching(contact, hasPointWithin(contact, 0), contact);
      return;
    }
    // a pair that barely moved keeps its points, carried with the shapes (manifold-cache.ts)
    const cache = contact.manifoldCache;
    if (!this.reuseManifolds || !cache.reuse(contact.manifold, a.pose, b.pose, a.shape, b.shape)) {
      this.writeMargin(contact);
      collideWithinMargin(this.pairFunctions, a.shape, a.pose, b.shape, b.pose, contact.manifold);
      cache.remember(contact.manifold, a.pose, b.pose, a.shape, b.shape);
    }
    // a level piece's contact waits for the others of its body (internal-edges.ts)
    if (this.internalEdges !== null && isLevelContact(contact)) this.levelContacts[this.levelCount++] = contact;
    else this.finishContact(contact);
  }

  /** The step's manifold taken: impulses kept by point, touch events, bodies to wake. */
  private finishContact(contact: ContactConstraint): void {
    contact.matchImpulses();
    this.noteTouching(contact, contact.count > 0 && hasPointWithin(contact, TOUCH_DISTANCE), contact);
    if (contact.count > 0) this.wake(contact);
  }

  /** Whether the pair touches (a sensor pair: overlaps) now: its begin event (carrying `event`) or end. */
  private noteTouching(pair: ContactConstraint, touches: boolean, event: ContactConstraint): void {
    if (touches && !pair.isTouching) {
      pair.isTouching = true;
      if (this.recordEvents) (pair.sensor ? this.sensorBegan : this.began).push(event);
    } else if (!touches && pair.isTouching) {
      this.noteEnd(pair);
    }
  }

  /** A pair with points wakes its sleeping bodies, after the search (see the header). */
  private wake(pair: ContactConstraint): void {
    if (pair.bodyA.sleep.island !== 0) this.toWake.push(pair.bodyA);
    if (pair.bodyB.sleep.island !== 0) this.toWake.push(pair.bodyB);
  }
  /** This update's contacts of level pieces with dynamic bodies (internal-edges.ts). */
  private readonly levelContacts: ContactConstraint[] = [];
  private levelCount = 0;
  /** The internal-edge filter of level boxes and hulls, or null in a world without them. */
  private readonly internalEdges: InternalEdgeFilter | null;
  /** Sets the pair's speculative margin in its manifold (Manifold.margin): written there, not returned,
   * because a double returned from a call V8 does not inline is boxed. */
  private readonly writeMargin = (contact: ContactConstraint): void => {
    const a = contact.bodyA, b = contact.bodyB;
    // a fast body's linear speed is left out where the step's continuous collision sweeps the pair
    // (continuous.ts); the same sum as always when neither body is swept
    writeReach(a, reachA, a.ccdFast);
    writeReach(b, reachB, b.ccdFast);
    contact.manifold.margin = SPECULATIVE_DISTANCE + this.dt * (reachA[0] + reachB[0]);
  };

  private noteEnd(contact: ContactConstraint): void {
    contact.isTouching = false;
    if (!this.recordEvents) return;
    const pair = { bodyA: contact.bodyA, shapeA: contact.shapeA, bodyB: contact.bodyB, shapeB: contact.shapeB };
    (contact.sensor ? this.sensorEnded : this.ended).push(pair);
  }

  /** The contacts with points, in key order, those of sleeping islands included (made when asked). */
  get touching(): readonly ContactConstraint[] {
    if (this.touchingFresh) return this.touchingList;
    const touching = this.touchingList;
    touching.length = 0;
    for (const list of [this.list, this.asleep]) {
      for (let i = 0; i < list.length; i++) {
        const contact = list[i];
        if (contact.children !== null) {
          if (!contact.sensor) for (const child of contact.children) if (child.count > 0) touching.push(child);
        } else if (!contact.sensor && contact.count > 0) {
          touching.push(contact);
        }
      }
    }
    touching.sort(byKeys);
    this.touchingFresh = true;
    return touching;
  }

  /**
   * Drops every contact and sensor pair of `body` (removed from the world, or taken out of it as invalid)
   * at once, so that `touching`, `sensing` and `save` no longer hold them before the next update. Those
   * that touched end: their end events wait for the next update, whose events they are reported with.
   * With `from`, only the pairs of the body's shapes from that index on (Body.removeShape: they go, or
   * their places in the body's list, which their keys name, change).
   */
  forgetBody(body: Body, from = 0): void {
    const ended = this.ended.length, sensorEnded = this.sensorEnded.length;
    const asleep = this.asleep;
    let kept = 0;
    for (let i = 0; i < asleep.length; i++) {
      const contact = asleep[i];
      if (holdsShapeFrom(contact, body, from)) this.list.push(contact);
      else asleep[kept++] = contact;
    }
    asleep.length = kept;
    // the step's list first: destroy() clears a contact's bodies, after which it could not be told apart
    const active = this.active;
    kept = 0;
    for (let i = 0; i < active.length; i++) if (!holdsShapeFrom(active[i], body, from)) active[kept++] = active[i];
    active.length = kept;
    const list = this.list;
    for (let i = 0; i < list.length; i++) if (holdsShapeFrom(list[i], body, from)) this.destroy(i--);
    for (let i = ended; i < this.ended.length; i++) this.endedBefore.push(this.ended[i]);
    for (let i = sensorEnded; i < this.sensorEnded.length; i++) this.sensorEndedBefore.push(this.sensorEnded[i]);
    this.ended.length = ended;
    this.sensorEnded.length = sensorEnded;
    this.touchingFresh = false;
    this.sensingFresh = false;
  }
  /** A shape took a new size (Shape.setRadius, …): its pairs' kept manifolds (manifold-cache.ts) were
   * found for the old one, and are collided again at the next update (Jolt's SetShape invalidates the
   * body's contact cache alike). The contacts stay, with their impulses for the warm start. */
  shapeResized(shape: Shape): void {
    for (const list of [this.list, this.asleep]) {
      for (let i = 0; i < list.length; i++) {
        const contact = list[i];
        if (contact.shapeA !== shape && contact.shapeB !== shape) continue;
        contact.manifoldCache.reset();
        if (contact.children !== null) for (const child of contact.children) child.manifoldCache.reset();
      }
    }
  }

  /** Ends noted between updates (forgetBody), for the next update's events. */
  private readonly endedBefore: ShapePair[] = [];
  private readonly sensorEndedBefore: ShapePair[] = [];

  /** Wakes every body touching `body` (which is being removed): those of its contacts with points, as
   * `touching` lists them, read from the lists unsorted (`touching` is sorted again when stale, and each
   * removal makes it so). */
  wakeTouching(body: Body): void {
    for (const list of [this.list, this.asleep]) {
      for (let i = 0; i < list.length; i++) {
        const contact = list[i];
        if (contact.sensor || (contact.bodyA !== body && contact.bodyB !== body)) continue;
        const touches = contact.children !== null ? contact.children.some((child) => child.count > 0) : contact.count > 0;
        if (!touches) continue;
        if (contact.bodyA === body) contact.bodyB.sleep.wake();
        else contact.bodyA.sleep.wake();
      }
    }
  }

  /** active: the contacts with points and an awake dynamic body (all of them while nothing sleeps), and
   * sensing: the sensor pairs that overlap; both in key order. */
  /** Asked for each contact with points before the step solves it (World.onPreSolve); false leaves the
   * contact out of this step, its impulses cleared. */
  preSolve: ((contact: ContactConstraint) => boolean) | null = null;

  /** @internal */ listActive(preSolve: ((contact: ContactConstraint) => boolean) | null = null): void {
    // written by index and cut to length at the end: `length = 0` would drop the array's storage, and
    // pushing 3000 contacts back grew a new one every step (100 KB a step on the 1000-body pile)
    const active = this.active, list = this.list;
    let count = 0;
    for (let i = 0; i < list.length; i++) {
      const contact = list[i];
      if (contact.sensor) continue;
      const a = contact.bodyA, b = contact.bodyB;
      if (!((a.isDynamic && a.sleep.island === 0) || (b.isDynamic && b.sleep.island === 0))) continue;
      if (contact.children !== null) {
        const children = contact.children;
        for (let k = 0; k < children.length; k++) if (children[k].count > 0) active[count++] = children[k];
      } else if (contact.count > 0) {
        active[count++] = contact;
      }
    }
    if (active.length !== count) active.length = count;
    this.activeSort.sort(active, count);
    if (preSolve !== null) {
      // asked in key order (the order they are solved in), the ones refused dropped in place
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
  /** Puts the active contacts in key order (keyA, then keyB, then subKey: unique to a contact). */
  private readonly activeSort = new TripleKeySort<ContactConstraint>(writeKeys);
  /** @internal Lays the active contacts out again after forgetBody took some out of the step's list. */
  layoutActive(): void {
    this.solver.layout(this.active);
  }
  /** @internal The active contacts' solver: their rows, impulses and gap data for the step, in solve order. */
  readonly solver = new ContactSolver();



  /** Every contact constraint with points (the last update's). */
  get count(): number {
    return this.active.length;
  }

  /** @internal */ innerMap(keyA: number): Map<number, ContactConstraint> {
    let inner = this.pairs.get(keyA);
    if (inner === undefined) this.pairs.set(keyA, (inner = new Map()));
    return inner;
  }
}

/** Whether the contact is of a shape of `body` at index `from` or after (its key: body id ·
 * MAX_SHAPES_PER_BODY + index). */
function holdsShapeFrom(contact: ContactConstraint, body: Body, from: number): boolean {
  return (contact.bodyA === body && contact.keyA % MAX_SHAPES_PER_BODY >= from) || (contact.bodyB === body && contact.keyB % MAX_SHAPES_PER_BODY >= from);
}

/** Adds `change` to both dynamic shapes' pair counts (and deep pair counts, for a deep pair). */
export function countPair(p: ShapeProxy, q: ShapeProxy, deep: boolean, change: number): void {
  p.pairCount += change;
  q.pairCount += change;
  if (!deep) return;
  p.deepPairCount += change;
  q.deepPairCount += change;
}

/** Whether a point of the manifold is `limit` (m) or less apart. (A boolean, not the least separation:
 * a double returned from a call V8 does not inline is boxed, a HeapNumber per contact per step.) */
function hasPointWithin(contact: ContactConstraint, limit: number): boolean {
  const m = contact.manifold;
  for (let i = 0; i < m.count; i++) if (m.separations[i] <= limit) return true;
  return false;
}

/** The smallest separation among the manifold's points. */
function deepest(contact: ContactConstraint): number {
  const m = contact.manifold;
  let least = Infinity;
  for (let i = 0; i < m.count; i++) if (m.separations[i] < least) least = m.separations[i];
  return least;
}

/** A contact's keys, for TripleKeySort: keyA, keyB, subKey. */
function writeKeys(contact: ContactConstraint, keys: Float64Array, at: number): void {
  keys[at] = contact.keyA;
  keys[at + 1] = contact.keyB;
  keys[at + 2] = contact.subKey;
}

function byKeys(x: ContactConstraint, y: ContactConstraint): number {
  return x.keyA - y.keyA || x.keyB - y.keyB || x.subKey - y.subKey;
}

/** Two bodies' ids as one number (ids below 2²⁶ = 67 million apart: the jointed-pair filter). */
function pairKey(a: number, b: number): number {
  return a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a;
}
