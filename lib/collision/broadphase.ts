// Broadphase: which shapes may touch, found through dynamic AABB trees (geometry/dynamic-tree.ts), after
// Box2D v3's b2BroadPhase (broad_phase.c).
//
// Each shape has a proxy: its world box this step (`box`: the shape's bounds grown on every side by half
// the speculative distance and by the distance its body can cover in the step, writeReach(body)·dt; two
// boxes then overlap whenever their shapes are within the contact search's margin of each other,
// SPECULATIVE_DISTANCE + (reach_a + reach_b)·dt) and a fat box (`fat`: the box
// grown by AABB_MARGIN), which is what its tree holds. The proxies of static, kinematic and dynamic
// bodies sit in three trees, so that static shapes are never paired with each other and a level of
// static shapes is never walked for its own sake.
//
// Each update re-bounds only the shapes of bodies that move (awake dynamic bodies, moving kinematic
// ones) and of bodies whose pose the user set (Body.setPosition, setOrientation). A proxy whose box
// leaves its fat box gets a new fat box, is moved in its tree and goes into the move buffer; new pairs
// are looked for only around the proxies in the move buffer (Box2D v3's b2UpdateBroadPhasePairs). A
// sleeping or still body costs nothing per step.
//
// The pairs found are handed to the contact set (contact-set.ts), which keeps each pair's contact while
// the two fat boxes overlap. The order in which pairs are found depends on the trees' history; the
// contacts are solved in the order of their shapes' keys, so that order never reaches the solver.
//
// Crowds. The contact set may turn a new pair of dynamic shapes away (limits.ts MAX_CROWD_PAIRS_PER_SHAPE,
// MAX_PAIRS_PER_DYNAMIC_SHAPE: bodies created at one point overlap every other), as Jolt drops the body
// pairs that do not fit its PhysicsSystem's buffers. A search then stops once it has turned
// MAX_REFUSED_PAIRS_PER_SEARCH candidates away, counting the deep pairs (isDeepPair) it passes over for
// another shape's search to report, so that it never walks the whole crowd. The shapes of a search that
// was cut or had a pair turned away search again at the next update (the `again` list), so the pairs left
// out are found as the crowd thins; in an update with such searches the dynamic tree is rebuilt and the
// searches walk it in orders of their own (shuffle), so that they do not all meet the same shapes first.
// `droppedPairs` counts the pairs turned away. An ordinary scene meets no bound: its searches, the
// order they find pairs in and its tree are as they would be without the bounds.

import type { Body } from '../body/body.js';
import { DynamicTree } from '../geometry/dynamic-tree.js';
import { MAX_SHAPES_PER_BODY, shouldCollide, type Shape } from '../geometry/shape.js';
import { ShapePose } from './shape-pose.js';
import { mix32 } from './coincident-centres.js';
import { Float64Arena, moveSlice, UNPOOLED, type Float64Allocator } from '../util/arena.js';
import { MAX_REFUSED_PAIRS_PER_SEARCH } from '../limits.js';

/** Points up to this far apart are kept as speculative contacts (Box2D: 4 × linear slop), m; a moving
 * pair adds the distance its bodies can cover in the step. */
export const SPECULATIVE_DISTANCE = 0.02;
/**
 * How much larger than its box a proxy's fat box is, m (Box2D v3's b2_aabbMargin is 0.1 m). Every pair
 * of fat boxes that overlap is a pair the contact search visits each step, and a box that leaves its fat
 * box costs a tree move. Measured on 1000 bodies falling into a pen (interleaved A/B): 0.1 m visited 17 300
 * pairs a step for 3 070 contacts; 0.02 m took 0.86x the step time while they fell and 0.87x once they
 * lay, a ragdoll pile 0.9x; 0.01 and 0.005 m were no faster than 0.02 (the tree moves catch up).
 */
export const AABB_MARGIN = 0.02;

/** What the contact set did with a pair the broadphase handed it (BroadPhase.findPairs). */
export const enum PairResult {
  /** Nothing new: filtered out, or the pair already has its contact. */
  None = 0,
  Made = 1,
  /** Turned away at a bound on pairs (see the header, "Crowds"). */
  Refused = 2,
  /** A deep pair turned away (isDeepPair): its shapes are in a crowd (BroadPhase.inCrowd). */
  RefusedDeep = 3,
}

/** The trees, by the body type of the proxies they hold. */
export const enum TreeKind {
  Static = 0,
  Kinematic = 1,
  Dynamic = 2,
}

/** One shape in the broadphase. */
export class ShapeProxy {
  /** body id · MAX_SHAPES_PER_BODY + the shape's index in its body. */
  readonly key: number;
  /** This step's box (min x, y, z, max x, y, z): the bounds, half the speculative distance and the
   * distance the body can cover in the step. */
  box: Float64Array;
  /** The box the tree holds: `box` grown by AABB_MARGIN, renewed when `box` leaves it. (Both replaced
   * when the broadphase compacts its arena, between steps: moveNumbers.) */
  fat: Float64Array;
  /** The shape's world pose when it was last bounded (the narrowphase reads it). */
  readonly pose: ShapePose;
  /** The tree it is in, and its id there (−1 before it is inserted). */
  tree: TreeKind;
  treeId = -1;
  /** In this update's move buffer. */
  moved = false;
  /** Taken out of the broadphase (its body or shape is gone); its contacts go at the next update. */
  removed = false;
  /** The broadphase's `stamp` of the last update that found its body awake and moving: the contact
   * search reads this instead of the body and its sleep state (two more objects per proxy per pair). */
  movingStamp = -1;
  /** Its pairs with dynamic shapes, and of them those that were deep when made (isDeepPair), kept by
   * the contact set on a dynamic shape's proxy (0 on others). */
  pairCount = 0;
  deepPairCount = 0;
  /** The broadphase's `stamp` of the last update that turned a deep pair of it away: it is in a crowd
   * for that update and the next (BroadPhase.inCrowd). */
  crowdedStamp = -2;
  /** Its search is to run again at the next update (it was cut, or a pair of it was turned away). */
  searchAgain = false;
  /** The radius of the largest ball about the shape's centre (pose.c) that lies inside it, m: a sphere's
   * or capsule's radius, a box's least half extent, a hull's least distance to a face plane (0 when its
   * origin is not inside it), 0 for planes, meshes and heightfields (ShapeDefinition.originRadius;
   * isDeepPair). Renewed when the shape is resized (BroadPhase.shapeResized). */
  innerRadius: number;

  /** `allocator`: where its numbers live (the broadphase's arena: a proxy's box, fat box and pose side by
   * side, which the contact search reads for every pair). */
  constructor(readonly body: Body, readonly shape: Shape, readonly index: number, allocator: Float64Allocator = UNPOOLED) {
    this.key = body.id * MAX_SHAPES_PER_BODY + index;
    this.box = allocator.allocate(6);
    this.fat = allocator.allocate(6);
    this.pose = new ShapePose(allocator);
    this.tree = treeOf(body);
    this.innerRadius = shape.definition.originRadius(shape);
  }

  /** @internal Moves its numbers into `arena` (`from`: the arena they were in). */
  moveNumbers(arena: Float64Arena, from: Float64Arena): void {
    this.box = moveSlice(this.box, arena, from);
    this.fat = moveSlice(this.fat, arena, from);
    this.pose.moveNumbers(arena, from);
  }
}

/** A pair is deep when its centres are closer than this fraction of the sum of its shapes' inner radii
 * (isDeepPair; limits.ts MAX_CROWD_PAIRS_PER_SHAPE says why a tenth). */
const DEEP_CENTRE_FRACTION = 0.9;

/**
 * Whether two shapes are deep inside each other: their centres closer than DEEP_CENTRE_FRACTION x the
 * sum of their inner radii (ShapeProxy.innerRadius), so that the balls inscribed about the centres, and
 * with them the shapes, overlap by at least a tenth of that sum. Pairs are found before their shapes
 * touch, so no resting contact or impact is deep when found: only shapes created or moved into each
 * other. A pair with a sensor is never deep (it has no rows to push its shapes apart, and a sensor holds
 * whatever lies inside it).
 */
export function isDeepPair(p: ShapeProxy, q: ShapeProxy): boolean {
  if (p.shape.sensor || q.shape.sensor) return false;
  const a = p.pose.c, b = q.pose.c;
  const dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  const r = DEEP_CENTRE_FRACTION * (p.innerRadius + q.innerRadius);
  return dx * dx + dy * dy + dz * dz < r * r;
}

function treeOf(body: Body): TreeKind {
  return body.isDynamic ? TreeKind.Dynamic : body.type === 'kinematic' ? TreeKind.Kinematic : TreeKind.Static;
}

/** A body's proxies, one per shape, in shape order. */
interface BodyProxies {
  body: Body;
  proxies: ShapeProxy[];
  /** Moving when last re-bounded: it moved in the step since, even if it has stopped (fallen asleep). */
  wasMoving: boolean;
  /** The update that last bound it as moving. */
  stamp: number;
}

export class BroadPhase {
  readonly trees: readonly DynamicTree[] = [new DynamicTree(), new DynamicTree(), new DynamicTree()];
  /** Where the proxies' numbers live (arena.ts). */
  private arena = new Float64Arena();
  /** @internal The doubles the proxies' arena holds (tests). */
  get arenaCapacity(): number {
    return this.arena.capacity;
  }
  /** Every proxy, by the slot its trees' user data names. */
  private readonly slots: (ShapeProxy | null)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly slotOf = new Map<ShapeProxy, number>();
  private readonly byBody = new Map<Body, BodyProxies>();
  /** Bodies whose pose the user set since the last update. */
  private readonly edited = new Set<Body>();
  private readonly moveBuffer: ShapeProxy[] = [];
  /** Proxies with no bounds (planes, static bodies only): kept out of the trees, met by every moved
   * dynamic proxy. */
  readonly unbounded: ShapeProxy[] = [];
  /** Proxies inserted into the static tree since its last full rebuild. */
  private staticInserts = 0;

  /** Every proxy, by slot (null where a slot is free); for queries. */
  proxyAt(slot: number): ShapeProxy {
    return this.slots[slot] as ShapeProxy;
  }

  /** The proxies of a body (empty when it has none or is not in the broadphase). */
  proxiesOf(body: Body): readonly ShapeProxy[] {
    return this.byBody.get(body)?.proxies ?? NO_PROXIES;
  }

  /**
   * Follows the world's bodies after a topology change: proxies for new bodies' shapes, removal of those
   * whose body or shape is gone (marked `removed` for the contacts that hold them). A body whose shapes
   * changed (Body.addShape, removeShape) keeps the proxies of the shapes still at their places in its
   * list, whose keys still name them; the others go, and the shapes after them get new ones.
   */
  sync(bodies: readonly Body[], dt: number): void {
    const present = new Set<Body>();
    for (const body of bodies) present.add(body);
    for (const [body, entry] of this.byBody) {
      if (present.has(body) && sameShapes(entry)) continue;
      const kept = present.has(body) && sameTree(entry) ? keptProxies(entry) : 0;
      for (let k = kept; k < entry.proxies.length; k++) this.remove(entry.proxies[k]);
      if (kept > 0) entry.proxies.length = kept;
      else this.byBody.delete(body);
    }
    // the bodies bound as moving by the last update that are gone (updateBounds and rebound skip them):
    // not kept reachable until the next update overwrites the lists
    const moving = this.moving;
    let kept = 0;
    for (let i = 0; i < moving.length; i++) if (this.byBody.get(moving[i].body) === moving[i]) moving[kept++] = moving[i];
    moving.length = kept;
    this.spare.length = 0;
    // nor the proxies to search again that are gone
    const again = this.again;
    kept = 0;
    for (let i = 0; i < again.length; i++) if (!again[i].removed) again[kept++] = again[i];
    again.length = kept;
    // after removals, trees mostly empty shrink (their proxies' ids change, not the trees' shapes) ...
    for (const tree of this.trees) tree.shrink(this.renumber);
    // ... and proxies that are a few among many released move to a fresh arena (arena.ts): the numbers
    // do not change
    if (this.arena.mostlyEmpty) {
      const from = this.arena, to = new Float64Arena();
      for (const entry of this.byBody.values()) for (const proxy of entry.proxies) proxy.moveNumbers(to, from);
      this.arena = to;
    }
    for (const body of bodies) {
      const known = this.byBody.get(body);
      if (known !== undefined) {
        // (the shapes past the kept proxies, of a body whose shapes changed)
        const shapes = body.shapes, proxies = known.proxies;
        for (let k = proxies.length; k < shapes.length; k++) {
          const proxy = new ShapeProxy(body, shapes[k], k, this.arena);
          proxies.push(proxy);
          this.insert(proxy, dt);
        }
        continue;
      }
      const entry: BodyProxies = { body, proxies: body.shapes.map((shape, index) => new ShapeProxy(body, shape, index, this.arena)), wasMoving: false, stamp: 0 };
      this.byBody.set(body, entry);
      for (const proxy of entry.proxies) this.insert(proxy, dt);
    }
    // a level loaded shape by shape: one top-down build gives a better static tree than the insertions
    const statics = this.trees[TreeKind.Static];
    if (this.staticInserts > 64 && this.staticInserts * 4 > statics.proxyCount) {
      statics.rebuild();
      this.staticInserts = 0;
    }
  }

  /** A tree that shrank gives a proxy (its slot in `slots`) a new id. */
  private readonly renumber = (_oldId: number, newId: number, slot: number): void => {
    (this.slots[slot] as ShapeProxy).treeId = newId;
  };

  /** The shapes of the body of this id look for pairs again at the next update, whether they moved or not
   * (a joint that kept them from colliding went). */
  lookAgain(bodyId: number): void {
    for (const [body, entry] of this.byBody) {
      if (body.id !== bodyId) continue;
      for (const proxy of entry.proxies) this.enqueue(proxy);
      return;
    }
  }

  /** A shape's filter changed: it looks for pairs again at the next update. */
  private readonly filterChanged = (shape: Shape): void => {
    const proxy = this.proxyOfShape.get(shape);
    if (proxy !== undefined) this.enqueue(proxy);
  };
  private readonly proxyOfShape = new Map<Shape, ShapeProxy>();

  /** A shape took a new size (Shape.setRadius, …): its proxy takes the new inner radius, its body is
   * re-bounded at the next update, and the shape looks for pairs again (a grown one may meet new ones). */
  shapeResized(shape: Shape): void {
    const proxy = this.proxyOfShape.get(shape);
    if (proxy === undefined) return;
    proxy.innerRadius = shape.definition.originRadius(shape);
    this.edited.add(proxy.body);
    this.enqueue(proxy);
  }

  /** The user set a body's pose: its proxies are re-bounded at the next update. */
  notePoseEdit(body: Body): void {
    this.edited.add(body);
  }

  /**
   * Re-bounds, for a step of dt, the shapes of the bodies that move (the awake bodies for which `isMoving`
   * holds: awake dynamic ones, moving kinematic ones), of those that moved in the last update and have
   * stopped since (their last pose), and of those the user moved; fills the move buffer. Costs nothing for
   * a body that is still, asleep or static. Returns whether a body moves that did not move before (its
   * kept contacts, set aside as asleep, must be looked at again).
   */
  updateBounds(dt: number, awake: readonly Body[], isMoving: (body: Body) => boolean): boolean {
    const stamp = ++this.stamp;
    const previous = this.moving;
    this.moving = this.spare;
    this.spare = previous;
    const moving = this.moving;
    // written by index and cut to length after: `length = 0` would drop the array's storage, and the
    // pushes grow a new one every step
    let count = 0;
    let started = false;
    for (let i = 0; i < awake.length; i++) {
      const body = awake[i];
      if (!isMoving(body)) continue;
      const entry = this.byBody.get(body);
      if (entry === undefined || entry.proxies.length === 0) continue;
      this.boundAll(entry, dt);
      entry.stamp = stamp;
      for (let k = 0; k < entry.proxies.length; k++) entry.proxies[k].movingStamp = stamp;
      moving[count++] = entry;
      if (!entry.wasMoving) started = true;
      entry.wasMoving = true;
    }
    if (moving.length !== count) moving.length = count;
    for (let i = 0; i < previous.length; i++) {
      const entry = previous[i];
      if (entry.stamp === stamp) continue;
      entry.wasMoving = false;
      if (this.byBody.get(entry.body) === entry) this.boundAll(entry, dt);
    }
    this.boundEdited(dt);
    return started;
  }

  /**
   * For a query between steps: brings the proxies of the bodies that moved in the last step (when
   * `moved`: once after each step) to their poses now, and re-bounds those the user moved. A moved
   * body's proxy keeps its tree box while that still holds the shape's bounds, as it mostly does (the
   * step's box grew by the distance the body could cover in the step): the tree is then left as the step
   * left it, and the next step pairs the shapes as it would have with no query between (and does not
   * move each proxy in the tree twice a step). A shape that left its fat box is bound as the step binds.
   */
  rebound(dt: number, moved: boolean): void {
    const moving = this.moving;
    for (let i = 0; moved && i < moving.length; i++) {
      const entry = moving[i];
      if (this.byBody.get(entry.body) !== entry) continue;
      for (let k = 0; k < entry.proxies.length; k++) this.poseForQuery(entry.proxies[k], dt);
    }
    this.boundEdited(dt);
  }

  private poseForQuery(proxy: ShapeProxy, dt: number): void {
    const shape = proxy.shape, pose = proxy.pose.set(proxy.body, shape);
    if (proxy.treeId < 0) return; // unbounded
    const bounds = queryBounds, fat = proxy.fat;
    shape.definition.bounds(shape, pose.c, pose.W, bounds);
    if (fat[0] <= bounds[0] && fat[1] <= bounds[1] && fat[2] <= bounds[2] && bounds[3] <= fat[3] && bounds[4] <= fat[4] && bounds[5] <= fat[5]) return;
    this.bound(proxy, dt);
  }

  private boundAll(entry: BodyProxies, dt: number): void {
    const proxies = entry.proxies;
    for (let k = 0; k < proxies.length; k++) this.bound(proxies[k], dt);
  }

  private boundEdited(dt: number): void {
    if (this.edited.size === 0) return;
    for (const body of this.edited) {
      const entry = this.byBody.get(body);
      if (entry !== undefined) this.boundAll(entry, dt);
    }
    this.edited.clear();
  }
  /** Counts updateBounds calls (ShapeProxy.movingStamp). */
  stamp = 0;
  /** The bodies bound as moving by the last update, and a spare list to swap with. */
  private moving: BodyProxies[] = [];
  private spare: BodyProxies[] = [];

  /**
   * Calls `pair(p, q)` for each pair of proxies in different trees or the dynamic tree whose fat boxes
   * overlap, at least one of them in the move buffer, at least one dynamic; each such pair once. Then
   * empties the move buffer. A dynamic proxy's search of the dynamic tree stops after
   * MAX_REFUSED_PAIRS_PER_SEARCH candidates turned away by `pair` or passed over as deep pairs that
   * another proxy's search reports (see the header, "Crowds").
   */
  findPairs(pair: (p: ShapeProxy, q: ShapeProxy) => PairResult): void {
    const moved = this.moveBuffer;
    const trees = this.trees, dynamic = trees[TreeKind.Dynamic];
    this.droppedPairs = 0;
    this.searchVisits = 0;
    this.shuffling = false;
    // the proxies whose search was cut or which had a pair turned away at the last update search again
    // (after this update's moves, in the order they were listed), in shuffled orders (see shuffle)
    const again = this.again;
    if (again.length > 0) {
      for (let i = 0; i < again.length; i++) {
        again[i].searchAgain = false;
        this.enqueue(again[i]);
      }
      again.length = 0;
      this.shuffle();
    }
    this.pairVisitor = pair;
    for (let i = 0; i < moved.length; i++) {
      const p = moved[i];
      this.queryProxy = p;
      if (p.tree === TreeKind.Dynamic) {
        for (let k = 0; k < this.unbounded.length; k++) this.visitFromDynamic(-1, this.slotOf.get(this.unbounded[k]) as number);
        trees[TreeKind.Static].query(p.fat, this.visitFromDynamic);
        trees[TreeKind.Kinematic].query(p.fat, this.visitFromDynamic);
      }
      this.refused = 0;
      dynamic.query(p.fat, this.visitDynamic, this.shuffling ? this.orderOf(p) : 0);
      if (this.refused >= MAX_REFUSED_PAIRS_PER_SEARCH && !this.shuffling) {
        // the first search of this update to be cut: the rest, and this one again, shuffled
        this.shuffle();
        this.refused = 0;
        dynamic.query(p.fat, this.visitDynamic, this.orderOf(p));
      }
    }
    for (let i = 0; i < moved.length; i++) moved[i].moved = false;
    moved.length = 0;
    this.queryProxy = null;
    this.pairVisitor = null;
    // the crowd is gone: so are the arrays its rebuilds kept
    if (this.shuffledBefore && !this.shuffling) dynamic.releaseRebuildArrays();
    this.shuffledBefore = this.shuffling;
  }
  /** The last findPairs shuffled (and rebuilt the dynamic tree, keeping the rebuild's arrays). */
  private shuffledBefore = false;
  /** The pairs the last findPairs had turned away. */
  droppedPairs = 0;
  /** @internal The leaves of the dynamic tree the last findPairs's searches met (tests: a search's work). */
  searchVisits = 0;

  /** Whether a deep pair of the proxy was turned away in this update or the last: a crowd's shapes take
   * few pairs of any kind (contact-set.ts addPair). */
  inCrowd(proxy: ShapeProxy): boolean {
    return proxy.crowdedStamp >= this.stamp - 1;
  }

  /**
   * From here on this update's searches of the dynamic tree take shuffled orders (DynamicTree.query's
   * `order`, one per proxy and update: orderOf), on the tree rebuilt top-down. A crowd's searches are cut
   * short, and all of them would otherwise meet the same leaves first, the tree's first, and find them
   * full. Shuffling alone is not enough: shapes at one point have boxes the same to the bit, which the
   * tree's insertion stacks into a chain of single leaves (no sibling is cheaper than another), and a
   * shuffled walk down a chain meets its top leaves first; rebuilt (DynamicTree.rebuild: a point's boxes
   * split in halves), it is balanced, and a shuffled walk starts anywhere. Only in an update with a crowd.
   */
  private shuffle(): void {
    this.shuffling = true;
    this.trees[TreeKind.Dynamic].rebuild(true);
  }
  /** This update's searches are shuffled (see shuffle). */
  private shuffling = false;
  /** Proxies to search again at the next findPairs (ShapeProxy.searchAgain). */
  private readonly again: ShapeProxy[] = [];
  /** Candidates the running search has turned away or passed over as deep (see findPairs). */
  private refused = 0;

  /** A crowded proxy's search order (DynamicTree.query's `order`): its own, and another at each update,
   * nonzero. */
  private orderOf(proxy: ShapeProxy): number {
    // the key's low and high 32 bits and the update's stamp, hashed
    return mix32(mix32((proxy.key >>> 0) ^ mix32(this.stamp)) ^ Math.floor(proxy.key / 4294967296)) | 1;
  }

  private searchAgain(proxy: ShapeProxy): void {
    if (proxy.searchAgain) return;
    proxy.searchAgain = true;
    this.again.push(proxy);
  }

  private queryProxy: ShapeProxy | null = null;
  private pairVisitor: ((p: ShapeProxy, q: ShapeProxy) => PairResult) | null = null;
  /** A moved dynamic proxy meets a static or kinematic one: always a new candidate. */
  private readonly visitFromDynamic = (_id: number, slot: number): boolean => {
    const q = this.slots[slot] as ShapeProxy, p = this.queryProxy as ShapeProxy;
    if (q.body !== p.body) (this.pairVisitor as (p: ShapeProxy, q: ShapeProxy) => PairResult)(p, q);
    return true;
  };
  /** A moved proxy meets a dynamic one: when both moved (and both are dynamic), only from the lower key.
   * Returns false to end the search (see findPairs). */
  private readonly visitDynamic = (_id: number, slot: number): boolean => {
    const q = this.slots[slot] as ShapeProxy, p = this.queryProxy as ShapeProxy;
    this.searchVisits++;
    if (q === p || q.body === p.body) return true;
    if (q.moved && (p.tree !== TreeKind.Dynamic || q.key < p.key)) {
      // q's search reports the pair. In a crowd that is most of what a search meets: a deep pair passed
      // over counts toward the search's bound (an ordinary scene has none)
      if (p.tree === TreeKind.Dynamic && isDeepPair(p, q) && shouldCollide(p.shape, q.shape) && ++this.refused >= MAX_REFUSED_PAIRS_PER_SEARCH) {
        this.searchAgain(p);
        return false;
      }
      return true;
    }
    const result = (this.pairVisitor as (p: ShapeProxy, q: ShapeProxy) => PairResult)(p, q);
    if (result === PairResult.None || result === PairResult.Made) return true;
    this.droppedPairs++;
    this.searchAgain(p);
    this.searchAgain(q);
    if (result === PairResult.RefusedDeep) p.crowdedStamp = q.crowdedStamp = this.stamp;
    return ++this.refused < MAX_REFUSED_PAIRS_PER_SEARCH;
  };

  private insert(proxy: ShapeProxy, dt: number): void {
    const slot = this.freeSlots.length > 0 ? (this.freeSlots.pop() as number) : this.slots.length;
    this.slots[slot] = proxy;
    this.slotOf.set(proxy, slot);
    this.proxyOfShape.set(proxy.shape, proxy);
    proxy.shape.filterListener = this.filterChanged;
    writeBox(proxy, dt);
    fatten(proxy);
    if (!proxy.shape.definition.bounded) {
      this.unbounded.push(proxy);
    } else {
      proxy.treeId = this.trees[proxy.tree].createProxy(proxy.fat, slot);
      if (proxy.tree === TreeKind.Static) this.staticInserts++;
    }
    // a new shape looks for pairs at the next update, whatever its kind: a plane added under a body that
    // stays inside its fat box was found only once that body left it, and a restored world (its shapes
    // all new) found it at once
    this.enqueue(proxy);
  }

  private remove(proxy: ShapeProxy): void {
    const slot = this.slotOf.get(proxy) as number;
    if (proxy.treeId >= 0) this.trees[proxy.tree].destroyProxy(proxy.treeId);
    else this.unbounded.splice(this.unbounded.indexOf(proxy), 1);
    this.slots[slot] = null;
    this.freeSlots.push(slot);
    this.slotOf.delete(proxy);
    if (this.proxyOfShape.get(proxy.shape) === proxy) {
      this.proxyOfShape.delete(proxy.shape);
      proxy.shape.filterListener = null;
    }
    proxy.removed = true;
    // its numbers stay readable (the contacts that hold it look at it once more), but are never handed out
    // again: the arena only counts them as no longer used
    this.arena.release(proxy.box);
    this.arena.release(proxy.fat);
    this.arena.release(proxy.pose.c);
    this.arena.release(proxy.pose.W);
    if (proxy.moved) {
      const at = this.moveBuffer.indexOf(proxy);
      this.moveBuffer.splice(at, 1);
      proxy.moved = false;
    }
  }

  private bound(proxy: ShapeProxy, dt: number): void {
    writeBox(proxy, dt);
    if (proxy.treeId < 0) return; // unbounded
    const box = proxy.box, fat = proxy.fat;
    if (fat[0] <= box[0] && fat[1] <= box[1] && fat[2] <= box[2] && box[3] <= fat[3] && box[4] <= fat[4] && box[5] <= fat[5]) return;
    fatten(proxy);
    this.trees[proxy.tree].moveProxy(proxy.treeId, fat);
    this.enqueue(proxy);
  }

  private enqueue(proxy: ShapeProxy): void {
    if (proxy.moved) return;
    proxy.moved = true;
    this.moveBuffer.push(proxy);
  }
}

const NO_PROXIES: readonly ShapeProxy[] = [];

/** Whether a body's proxies still match its shapes (one by one, same objects). */
function sameShapes(entry: BodyProxies): boolean {
  const shapes = entry.body.shapes, proxies = entry.proxies;
  if (shapes.length !== proxies.length || proxies.length > 0 && proxies[0].tree !== treeOf(entry.body)) return false;
  for (let i = 0; i < shapes.length; i++) if (proxies[i].shape !== shapes[i]) return false;
  return true;
}

/** Whether a body's proxies are in the tree of its type (a body made another type has them all anew). */
function sameTree(entry: BodyProxies): boolean {
  return entry.proxies.length === 0 || entry.proxies[0].tree === treeOf(entry.body);
}

/** How many of a body's proxies, from the first, still hold the shape at their index. */
function keptProxies(entry: BodyProxies): number {
  const shapes = entry.body.shapes, proxies = entry.proxies;
  let kept = 0;
  while (kept < proxies.length && kept < shapes.length && proxies[kept].shape === shapes[kept]) kept++;
  return kept;
}

/** The fat box: the box grown by AABB_MARGIN on every side. */
function fatten(proxy: ShapeProxy): void {
  const box = proxy.box, fat = proxy.fat;
  for (let i = 0; i < 3; i++) {
    fat[i] = box[i] - AABB_MARGIN;
    fat[3 + i] = box[3 + i] + AABB_MARGIN;
  }
}

/** The proxy's pose and box this step (see the header): the shape's bounds from its type's definition,
 * grown by half the speculative distance and by the distance its body can cover in the step. */
export function writeBox(proxy: ShapeProxy, dt: number): void {
  const { body, shape, box } = proxy;
  const pose = proxy.pose.set(body, shape);
  shape.definition.bounds(shape, pose.c, pose.W, box);
  writeReach(body, reachOut);
  const grow = 0.5 * SPECULATIVE_DISTANCE + dt * reachOut[0];
  for (let i = 0; i < 3; i++) {
    box[i] -= grow;
    box[3 + i] += grow;
  }
}

/**
 * How fast any point of the body's shapes can move, m/s, written to out[0]: its linear speed plus its
 * spin times the farthest its shapes reach from the centre of mass (Body.extent), |v| + |ω| · extent.
 * With `withoutLinear`, |ω| · extent alone (continuous.ts: a pair's margin when the body's sweep covers
 * its linear motion). Written, not returned: a double returned from a call V8 does not inline is boxed
 * in a new HeapNumber (the contact search calls this for every pair).
 */
export function writeReach(body: Body, out: Float64Array, withoutLinear = false): void {
  const v = body.linearVelocity, w = body.angularVelocity;
  // (Math.sqrt, not Math.hypot: the step uses only correctly rounded Math functions; docs/determinism-and-snapshots.md, "Determinism")
  const speed = withoutLinear ? 0 : Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  const spin = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
  // (a plane's extent is Infinity, on a body that never turns: 0 · ∞ would be NaN)
  out[0] = spin > 0 ? speed + spin * body.extent : speed;
}

const reachOut = new Float64Array(1);
const queryBounds = new Float64Array(6);

/** Whether two boxes (min x, y, z, max x, y, z) overlap. */
export function boxesOverlap(a: Float64Array, b: Float64Array): boolean {
  return a[0] <= b[3] && b[0] <= a[3] && a[1] <= b[4] && b[1] <= a[4] && a[2] <= b[5] && b[2] <= a[5];
}
