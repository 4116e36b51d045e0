// 2D broadphase: which shapes may touch, found through dynamic AABB trees (lib/collision/broadphase.ts in
// the plane; Box2D v3's b2BroadPhase). The trees are the 3D ones (geometry/dynamic-tree.ts) holding boxes
// whose z extent is [0, 1] for every proxy: each overlap test passes on z, and a node's half area
// dx·dy + dy·dz + dz·dx becomes dx·dy + dx + dy, area plus half perimeter (Box2D's tree uses the perimeter).
//
// Each shape has a proxy, and a chain one per segment (a contact is per pair of (shape, segment)): its world
// box this step (`box`: the bounds grown by half the speculative distance and the distance its body can
// cover in the step, reach·dt) and a fat box (`fat`: the box grown by AABB_MARGIN), which its tree holds.
// Static, kinematic and dynamic proxies sit in three trees. Each update re-bounds the proxies of the bodies
// that move (and those the user moved); a proxy whose box leaves its fat box is moved in its tree and goes
// into the move buffer, and new pairs are looked for only around the moved proxies.
//
// Crowds (lib/collision/broadphase.ts, "Crowds"): the contact set may turn a new pair of dynamic shapes
// away (limits.ts MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE). A search then stops once it has
// turned MAX_REFUSED_PAIRS_PER_SEARCH candidates away, counting the deep pairs (isDeepPair) it passes over
// for another proxy's search to report; the proxies of a search that was cut or had a pair turned away
// search again at the next update, and in an update with such searches the dynamic tree is rebuilt and
// the searches walk it in orders of their own. `droppedPairs` counts the pairs turned away. An ordinary
// scene meets no bound: its searches, the order they find pairs in and its tree are as without the bounds.

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import { DynamicTree } from '../../geometry/dynamic-tree.js';
import { MAX_SHAPES_PER_BODY } from '../../geometry/shape.js';
import { mix32 } from '../../collision/coincident-centres.js';
import { MAX_REFUSED_PAIRS_PER_SEARCH } from '../../limits.js';
import { shouldCollide } from '../geometry/shape.js';
import { ShapePose2D } from './shape-pose.js';
import type { ChainSegmentGeometry, SegmentGeometry, ShapeGeometry2D } from '../geometry/shape-geometry.js';
import type { Shape2D } from '../geometry/shape.js';

/** Points up to this far apart are kept as speculative contacts, m (3D's SPECULATIVE_DISTANCE). */
export const SPECULATIVE_DISTANCE = 0.02;
/** How much larger than its box a proxy's fat box is, m (3D's AABB_MARGIN). */
export const AABB_MARGIN = 0.02;

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;

/** A 2D shape as the contacts and their events hold it: a Shape2D. */
export type ContactShape2D = Shape2D;

/** What the contact set did with a pair the broadphase handed it (BroadPhase2D.findPairs; 3D's PairResult). */
export const enum PairResult {
  /** Nothing new: filtered out, or the pair already has its contact. */
  None = 0,
  Made = 1,
  /** Turned away at a bound on pairs (see the header, "Crowds"). */
  Refused = 2,
  /** A deep pair turned away (isDeepPair): its shapes are in a crowd (BroadPhase2D.inCrowd). */
  RefusedDeep = 3,
}

export const enum TreeKind {
  Static = 0,
  Kinematic = 1,
  Dynamic = 2,
}

function treeOf(body: Body2D): TreeKind {
  return body.isDynamic ? TreeKind.Dynamic : body.type === 'kinematic' ? TreeKind.Kinematic : TreeKind.Static;
}

/** One shape, or one segment of a chain, in the broadphase. */
export class ShapeProxy2D {
  /** body id · MAX_SHAPES_PER_BODY + the shape's index in its body. */
  readonly key: number;
  /** This step's box (min x, y, z, max x, y, z; z is [0, 1]). */
  readonly box = new Float64Array([0, 0, 0, 0, 0, 1]);
  /** The box the tree holds: `box` grown by AABB_MARGIN, renewed when `box` leaves it. */
  readonly fat = new Float64Array([0, 0, 0, 0, 0, 1]);
  /** The shape's world pose when it was last bounded (the narrowphase reads it). */
  readonly pose = new ShapePose2D();
  readonly geometry: ShapeGeometry2D;
  readonly tree: TreeKind;
  treeId = -1;
  /** Its slot in the broadphase (a unique small integer while it is there). */
  slot = -1;
  moved = false;
  removed = false;
  /** The farthest any point of the geometry reaches from the body's origin, m. */
  extent = 0;
  /** The farthest any of its body's shapes reaches from the body's origin (the body's extent), m. */
  bodyExtent = 0;
  /** Its pairs with dynamic shapes, and of them those that were deep when made (isDeepPair), kept by the
   * contact set on a dynamic shape's proxy (0 on others). */
  pairCount = 0;
  deepPairCount = 0;
  /** The broadphase's `stamp` of the last update that turned a deep pair of it away: it is in a crowd for
   * that update and the next (BroadPhase2D.inCrowd). */
  crowdedStamp = -2;
  /** Its search is to run again at the next update (it was cut, or a pair of it was turned away). */
  searchAgain = false;
  /** The radius of the largest disc about the shape's origin (pose.c) that lies inside the geometry, m
   * (innerRadius; isDeepPair). */
  readonly innerRadius: number;

  constructor(readonly body: Body2D, readonly shape: ContactShape2D, readonly child: number) {
    this.key = body.id * MAX_SHAPES_PER_BODY + shape.index;
    this.geometry = child >= 0 ? shape.children[child] : (shape.geometry as ShapeGeometry2D);
    this.tree = treeOf(body);
    this.extent = geometryExtent(this.geometry, shape.position, shape.rotation);
    this.innerRadius = innerRadius(this.geometry);
  }
}

/** The radius of the largest disc about a geometry's origin that lies inside it (3D's
 * ShapeDefinition.originRadius): a circle's or capsule's radius, a polygon's least distance from its origin
 * to an edge's line (0 when the origin is not inside it), 0 for segments (no inside). */
function innerRadius(g: ShapeGeometry2D): number {
  if (g.type === 'circle' || g.type === 'capsule') return g.radius;
  if (g.type !== 'polygon') return 0;
  let least = Infinity;
  // edge i's line: the points p with n_i · (p − v_i) = 0; the origin lies n_i · v_i inside it
  for (let i = 0; i < g.count; i++) least = Math.min(least, g.normals[2 * i] * g.vertices[2 * i] + g.normals[2 * i + 1] * g.vertices[2 * i + 1]);
  return least > 0 ? least : 0;
}

/** A pair is deep when its origins are closer than this fraction of the sum of its inner radii (3D's
 * DEEP_CENTRE_FRACTION; lib/limits.ts MAX_CROWD_PAIRS_PER_SHAPE says why a tenth). */
const DEEP_CENTRE_FRACTION = 0.9;

/**
 * Whether two shapes are deep inside each other, as 3D decides it (lib/collision/broadphase.ts isDeepPair):
 * their origins closer than DEEP_CENTRE_FRACTION x the sum of their inner radii (ShapeProxy2D.innerRadius),
 * so that the discs inscribed about the origins, and with them the shapes, overlap by at least a tenth of
 * that sum; each shape's origin then lies inside the other. Pairs are found before their shapes touch, so
 * no resting contact or impact is deep when found: only shapes created or moved into each other. A pair
 * with a sensor is never deep (it has no rows to push its shapes apart).
 */
export function isDeepPair(p: ShapeProxy2D, q: ShapeProxy2D): boolean {
  if (p.shape.sensor || q.shape.sensor) return false;
  const a = p.pose.c, b = q.pose.c;
  const dx = a[0] - b[0], dy = a[1] - b[1];
  const r = DEEP_CENTRE_FRACTION * (p.innerRadius + q.innerRadius);
  return dx * dx + dy * dy < r * r;
}

/** The farthest a geometry placed at `position`, `rotation` in its body reaches from the body's origin. */
function geometryExtent(g: ShapeGeometry2D, position: Float64Array, rotation: Float64Array): number {
  const c = rotation[0], s = rotation[1];
  let far = 0;
  const reach = (x: number, y: number, r: number): void => {
    const wx = position[0] + c * x - s * y, wy = position[1] + s * x + c * y;
    far = Math.max(far, Math.sqrt(wx * wx + wy * wy) + r);
  };
  switch (g.type) {
    case 'circle': reach(0, 0, g.radius); break;
    case 'capsule': reach(0, -g.halfHeight, g.radius); reach(0, g.halfHeight, g.radius); break;
    case 'polygon': for (let i = 0; i < g.count; i++) reach(g.vertices[2 * i], g.vertices[2 * i + 1], 0); break;
    case 'segment': case 'chainSegment': reach(g.point1[0], g.point1[1], 0); reach(g.point2[0], g.point2[1], 0); break;
  }
  return far;
}

/** The bounds of a geometry at a world pose into box[0, 1, 3, 4] (min x, min y, max x, max y). */
export function writeBounds(g: ShapeGeometry2D, pose: ShapePose2D, box: Float64Array): void {
  const cx = pose.c[0], cy = pose.c[1], c = pose.R[0], s = pose.R[1];
  if (g.type === 'circle') {
    box[0] = cx - g.radius; box[1] = cy - g.radius; box[3] = cx + g.radius; box[4] = cy + g.radius;
    return;
  }
  if (g.type === 'capsule') {
    // the segment from (0, −halfHeight) to (0, halfHeight) turned: ±halfHeight (−s, c), grown by the radius
    const ex = Math.abs(s * g.halfHeight) + g.radius, ey = Math.abs(c * g.halfHeight) + g.radius;
    box[0] = cx - ex; box[1] = cy - ey; box[3] = cx + ex; box[4] = cy + ey;
    return;
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const vertices = g.type === 'polygon' ? g.vertices : null, count = g.type === 'polygon' ? g.count : 2;
  for (let i = 0; i < count; i++) {
    let x: number, y: number;
    if (vertices !== null) { x = vertices[2 * i]; y = vertices[2 * i + 1]; }
    else {
      const point = i === 0 ? (g as SegmentGeometry | ChainSegmentGeometry).point1 : (g as SegmentGeometry | ChainSegmentGeometry).point2;
      x = point[0]; y = point[1];
    }
    const wx = cx + c * x - s * y, wy = cy + s * x + c * y;
    if (wx < minX) minX = wx;
    if (wx > maxX) maxX = wx;
    if (wy < minY) minY = wy;
    if (wy > maxY) maxY = wy;
  }
  box[0] = minX; box[1] = minY; box[3] = maxX; box[4] = maxY;
}

/** How fast any point of the body's shapes can move, |v| + |ω| · extent, m/s (3D's writeReach). */
export function bodyReach(body: Body2D, extent: number): number {
  const st = body.state, vx = st[LINEAR_VELOCITY], vy = st[LINEAR_VELOCITY + 1], w = st[ANGULAR_VELOCITY];
  const speed = Math.sqrt(vx * vx + vy * vy), spin = Math.abs(w);
  return spin > 0 ? speed + spin * extent : speed;
}

/** Whether two boxes overlap in x and y. */
export function boxesOverlap(a: Float64Array, b: Float64Array): boolean {
  return a[0] <= b[3] && b[0] <= a[3] && a[1] <= b[4] && b[1] <= a[4];
}

/** A body's proxies (one per shape, a chain's one per segment, in shape then segment order). */
interface BodyProxies {
  body: Body2D;
  shapes: readonly ContactShape2D[];
  proxies: ShapeProxy2D[];
  wasMoving: boolean;
  stamp: number;
}

/** The shapes of a body (Body2D.shapes). */
export function shapesOf(body: Body2D): readonly ContactShape2D[] {
  return body.shapes;
}

export class BroadPhase2D {
  readonly trees: readonly DynamicTree[] = [new DynamicTree(), new DynamicTree(), new DynamicTree()];
  private readonly slots: (ShapeProxy2D | null)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly byBody = new Map<Body2D, BodyProxies>();
  private readonly edited = new Set<Body2D>();
  private readonly moveBuffer: ShapeProxy2D[] = [];
  stamp = 0;
  private moving: BodyProxies[] = [];
  private spare: BodyProxies[] = [];

  /** Every proxy, by slot (for queries). */
  proxyAt(slot: number): ShapeProxy2D {
    return this.slots[slot] as ShapeProxy2D;
  }

  proxiesOf(body: Body2D): readonly ShapeProxy2D[] {
    return this.byBody.get(body)?.proxies ?? NO_PROXIES;
  }

  /**
   * Follows the world's bodies after a topology change: proxies for new bodies' shapes, removal of those
   * whose body is gone, whose type changed or whose shapes changed (marked `removed` for their contacts).
   */
  sync(bodies: readonly Body2D[], dt: number): void {
    const present = new Set<Body2D>();
    for (const body of bodies) present.add(body);
    for (const [body, entry] of this.byBody) {
      if (present.has(body) && sameShapes(entry)) continue;
      for (const proxy of entry.proxies) this.remove(proxy);
      this.byBody.delete(body);
    }
    const moving = this.moving;
    let kept = 0;
    for (let i = 0; i < moving.length; i++) if (this.byBody.get(moving[i].body) === moving[i]) moving[kept++] = moving[i];
    moving.length = kept;
    this.spare.length = 0;
    for (const body of bodies) {
      if (this.byBody.has(body)) continue;
      const shapes = shapesOf(body);
      const proxies: ShapeProxy2D[] = [];
      for (const shape of shapes) {
        if (shape.geometry === null) for (let k = 0; k < shape.children.length; k++) proxies.push(new ShapeProxy2D(body, shape, k));
        else proxies.push(new ShapeProxy2D(body, shape, -1));
      }
      let extent = 0;
      for (const proxy of proxies) extent = Math.max(extent, proxy.extent);
      for (const proxy of proxies) proxy.bodyExtent = extent;
      const entry: BodyProxies = { body, shapes: shapes.slice(), proxies, wasMoving: false, stamp: 0 };
      this.byBody.set(body, entry);
      for (const proxy of proxies) this.insert(proxy, dt);
    }
  }

  /** The shapes of this body look for pairs again at the next update (a joint that kept them apart went). */
  lookAgain(body: Body2D): void {
    const entry = this.byBody.get(body);
    if (entry !== undefined) for (const proxy of entry.proxies) this.enqueue(proxy);
  }

  /** A shape's filter changed: its proxies look for pairs again at the next update. */
  private readonly filterChanged = (shape: ContactShape2D): void => {
    const proxies = this.proxiesOfShape.get(shape);
    if (proxies !== undefined) for (const proxy of proxies) this.enqueue(proxy);
  };
  private readonly proxiesOfShape = new Map<ContactShape2D, ShapeProxy2D[]>();

  /**
   * For a query between steps: the proxies of the bodies that moved in the last step (when `moved`: once
   * after each step) brought to their poses now, and those the user moved re-bounded. A proxy keeps its
   * tree box while that still holds the shape's bounds (the step's box grew by the distance the body could
   * cover in it); one that left it is bound as the step binds (3D's rebound).
   */
  rebound(dt: number, moved: boolean): void {
    const moving = this.moving;
    for (let i = 0; moved && i < moving.length; i++) {
      const entry = moving[i];
      if (this.byBody.get(entry.body) !== entry) continue;
      for (const proxy of entry.proxies) {
        const body = proxy.body, shape = proxy.shape, bounds = queryBounds, fat = proxy.fat;
        proxy.pose.setFrom(body.position, body.rotation, shape.position, shape.rotation);
        writeBounds(proxy.geometry, proxy.pose, bounds);
        if (fat[0] <= bounds[0] && fat[1] <= bounds[1] && bounds[3] <= fat[3] && bounds[4] <= fat[4]) continue;
        this.bound(proxy, dt);
      }
    }
    if (this.edited.size > 0) {
      for (const body of this.edited) {
        const entry = this.byBody.get(body);
        if (entry !== undefined) this.boundAll(entry, dt);
      }
      this.edited.clear();
    }
  }

  /** The user set a body's pose: its proxies are re-bounded at the next update. */
  notePoseEdit(body: Body2D): void {
    this.edited.add(body);
  }

  /**
   * Re-bounds, for a step of dt, the proxies of the awake bodies for which `isMoving` holds, and once more
   * those that were moving at the last update and are not now (fallen asleep: their boxes lose the reach),
   * and the bodies the user moved. Marks each moving body's proxies with this update's stamp.
   */
  updateBounds(dt: number, awake: readonly Body2D[], isMoving: (body: Body2D) => boolean): void {
    const stamp = ++this.stamp;
    const previous = this.moving, moving = this.spare;
    this.moving = moving;
    this.spare = previous;
    let count = 0;
    for (let i = 0; i < awake.length; i++) {
      const body = awake[i];
      if (!isMoving(body)) continue;
      const entry = this.byBody.get(body);
      if (entry === undefined || entry.proxies.length === 0) continue;
      this.boundAll(entry, dt);
      entry.stamp = stamp;
      moving[count++] = entry;
      entry.wasMoving = true;
    }
    if (moving.length !== count) moving.length = count;
    for (let i = 0; i < previous.length; i++) {
      const entry = previous[i];
      if (entry.stamp === stamp) continue;
      entry.wasMoving = false;
      if (this.byBody.get(entry.body) === entry) this.boundAll(entry, dt);
    }
    if (this.edited.size > 0) {
      for (const body of this.edited) {
        const entry = this.byBody.get(body);
        if (entry !== undefined) this.boundAll(entry, dt);
      }
      this.edited.clear();
    }
  }

  /** Whether the body's proxies were bound as moving by the last update. */
  movedThisUpdate(proxy: ShapeProxy2D): boolean {
    const entry = this.byBody.get(proxy.body);
    return entry !== undefined && entry.stamp === this.stamp;
  }

  private boundAll(entry: BodyProxies, dt: number): void {
    const proxies = entry.proxies;
    for (let k = 0; k < proxies.length; k++) this.bound(proxies[k], dt);
  }

  /**
   * Calls `pair(p, q)` for each pair of proxies of different bodies, at least one in the move buffer, at
   * least one dynamic, whose fat boxes overlap; each such pair once (when both moved and both are dynamic,
   * from the lower slot's search; a moved static or kinematic proxy meets only unmoved dynamic ones, the
   * moved ones reporting it from their own search). Then empties the move buffer. A dynamic proxy's search
   * of the dynamic tree stops after MAX_REFUSED_PAIRS_PER_SEARCH candidates turned away by `pair` or passed
   * over as deep pairs that another proxy's search reports (see the header, "Crowds").
   */
  findPairs(pair: (p: ShapeProxy2D, q: ShapeProxy2D) => PairResult): void {
    const moved = this.moveBuffer, trees = this.trees, dynamic = trees[TreeKind.Dynamic];
    this.droppedPairs = 0;
    this.searchVisits = 0;
    this.shuffling = false;
    // the proxies whose search was cut or which had a pair turned away at the last update search again
    // (after this update's moves, in the order they were listed), in shuffled orders (see shuffle)
    const again = this.again;
    if (again.length > 0) {
      for (let i = 0; i < again.length; i++) {
        again[i].searchAgain = false;
        if (!again[i].removed) this.enqueue(again[i]);
      }
      again.length = 0;
      this.shuffle();
    }
    this.pairVisitor = pair;
    for (let i = 0; i < moved.length; i++) {
      const p = moved[i];
      this.queryProxy = p;
      if (p.tree === TreeKind.Dynamic) {
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
  /** The pairs the last findPairs turned away. */
  droppedPairs = 0;
  /** @internal The leaves of the dynamic tree the last findPairs's searches met (tests: a search's work). */
  searchVisits = 0;

  /** Whether a deep pair of the proxy was turned away in this update or the last: a crowd's shapes take
   * few pairs of any kind (contact-set.ts addPair). */
  inCrowd(proxy: ShapeProxy2D): boolean {
    return proxy.crowdedStamp >= this.stamp - 1;
  }

  /**
   * From here on this update's searches of the dynamic tree take shuffled orders (DynamicTree.query's
   * `order`, one per proxy and update: orderOf), on the tree rebuilt top-down, so that a crowd's searches,
   * cut short, do not all meet the same leaves first and find them full (3D's BroadPhase.shuffle says why
   * the rebuild too: boxes equal to the bit stack into a chain of single leaves). Only in an update with a
   * crowd.
   */
  private shuffle(): void {
    this.shuffling = true;
    this.trees[TreeKind.Dynamic].rebuild(true);
  }
  /** This update's searches are shuffled (see shuffle). */
  private shuffling = false;
  /** Proxies to search again at the next findPairs (ShapeProxy2D.searchAgain). */
  private readonly again: ShapeProxy2D[] = [];
  /** Candidates the running search has turned away or passed over as deep (see findPairs). */
  private refused = 0;

  /** A crowded proxy's search order (DynamicTree.query's `order`): its own, and another at each update,
   * nonzero. */
  private orderOf(proxy: ShapeProxy2D): number {
    // the key's low and high 32 bits, the chain segment and the update's stamp, hashed
    const low = mix32((proxy.key >>> 0) ^ mix32(this.stamp ^ mix32(proxy.child + 1)));
    return mix32(low ^ Math.floor(proxy.key / 4294967296)) | 1;
  }

  private searchAgain(proxy: ShapeProxy2D): void {
    if (proxy.searchAgain) return;
    proxy.searchAgain = true;
    this.again.push(proxy);
  }

  private queryProxy: ShapeProxy2D | null = null;
  private pairVisitor: ((p: ShapeProxy2D, q: ShapeProxy2D) => PairResult) | null = null;
  /** A moved dynamic proxy meets a static or kinematic one: always a new candidate, never turned away. */
  private readonly visitFromDynamic = (_id: number, slot: number): boolean => {
    const q = this.slots[slot] as ShapeProxy2D, p = this.queryProxy as ShapeProxy2D;
    if (q.body !== p.body) (this.pairVisitor as (p: ShapeProxy2D, q: ShapeProxy2D) => PairResult)(p, q);
    return true;
  };
  /** A moved proxy meets a dynamic one: when both moved (and both are dynamic), only from the lower slot.
   * Returns false to end the search (see findPairs). */
  private readonly visitDynamic = (_id: number, slot: number): boolean => {
    const q = this.slots[slot] as ShapeProxy2D, p = this.queryProxy as ShapeProxy2D;
    this.searchVisits++;
    if (q === p || q.body === p.body) return true;
    if (q.moved && (p.tree !== TreeKind.Dynamic || q.slot < p.slot)) {
      // q's search reports the pair. In a crowd that is most of what a search meets: a deep pair passed
      // over counts toward the search's bound (an ordinary scene has none)
      if (p.tree === TreeKind.Dynamic && isDeepPair(p, q) && shouldCollide(p.shape, q.shape) && ++this.refused >= MAX_REFUSED_PAIRS_PER_SEARCH) {
        this.searchAgain(p);
        return false;
      }
      return true;
    }
    const result = (this.pairVisitor as (p: ShapeProxy2D, q: ShapeProxy2D) => PairResult)(p, q);
    if (result === PairResult.None || result === PairResult.Made) return true;
    this.droppedPairs++;
    this.searchAgain(p);
    this.searchAgain(q);
    if (result === PairResult.RefusedDeep) p.crowdedStamp = q.crowdedStamp = this.stamp;
    return ++this.refused < MAX_REFUSED_PAIRS_PER_SEARCH;
  };

  private insert(proxy: ShapeProxy2D, dt: number): void {
    const slot = this.freeSlots.length > 0 ? (this.freeSlots.pop() as number) : this.slots.length;
    this.slots[slot] = proxy;
    proxy.slot = slot;
    writeBox(proxy, dt);
    fatten(proxy);
    proxy.treeId = this.trees[proxy.tree].createProxy(proxy.fat, slot);
    const ofShape = this.proxiesOfShape.get(proxy.shape);
    if (ofShape === undefined) this.proxiesOfShape.set(proxy.shape, [proxy]);
    else ofShape.push(proxy);
    proxy.shape.filterListener = this.filterChanged;
    this.enqueue(proxy);
  }

  private remove(proxy: ShapeProxy2D): void {
    this.trees[proxy.tree].destroyProxy(proxy.treeId);
    this.slots[proxy.slot] = null;
    this.freeSlots.push(proxy.slot);
    proxy.removed = true;
    const ofShape = this.proxiesOfShape.get(proxy.shape);
    if (ofShape !== undefined) {
      ofShape.splice(ofShape.indexOf(proxy), 1);
      if (ofShape.length === 0) {
        this.proxiesOfShape.delete(proxy.shape);
        if (proxy.shape.filterListener === this.filterChanged) proxy.shape.filterListener = null;
      }
    }
    if (proxy.moved) {
      this.moveBuffer.splice(this.moveBuffer.indexOf(proxy), 1);
      proxy.moved = false;
    }
  }

  private bound(proxy: ShapeProxy2D, dt: number): void {
    writeBox(proxy, dt);
    const box = proxy.box, fat = proxy.fat;
    if (fat[0] <= box[0] && fat[1] <= box[1] && box[3] <= fat[3] && box[4] <= fat[4]) return;
    fatten(proxy);
    this.trees[proxy.tree].moveProxy(proxy.treeId, fat);
    this.enqueue(proxy);
  }

  private enqueue(proxy: ShapeProxy2D): void {
    if (proxy.moved) return;
    proxy.moved = true;
    this.moveBuffer.push(proxy);
  }
}

const NO_PROXIES: readonly ShapeProxy2D[] = [];
/** rebound's bounds (min x, y, z, max x, y, z; z is [0, 1] for every 2D box). */
const queryBounds = new Float64Array([0, 0, 0, 0, 0, 1]);

/** Whether a body's proxies still match its shapes and its type. */
function sameShapes(entry: BodyProxies): boolean {
  const shapes = shapesOf(entry.body);
  if (shapes.length !== entry.shapes.length) return false;
  for (let i = 0; i < shapes.length; i++) if (shapes[i] !== entry.shapes[i]) return false;
  return entry.proxies.length === 0 || entry.proxies[0].tree === treeOf(entry.body);
}

function fatten(proxy: ShapeProxy2D): void {
  const box = proxy.box, fat = proxy.fat;
  fat[0] = box[0] - AABB_MARGIN; fat[1] = box[1] - AABB_MARGIN;
  fat[3] = box[3] + AABB_MARGIN; fat[4] = box[4] + AABB_MARGIN;
}

/** The proxy's pose and box this step: the bounds grown by half the speculative distance and by the
 * distance its body can cover in the step. */
export function writeBox(proxy: ShapeProxy2D, dt: number): void {
  const body = proxy.body, shape = proxy.shape;
  proxy.pose.setFrom(body.position, body.rotation, shape.position, shape.rotation);
  writeBounds(proxy.geometry, proxy.pose, proxy.box);
  const grow = 0.5 * SPECULATIVE_DISTANCE + dt * bodyReach(body, proxy.bodyExtent);
  const box = proxy.box;
  box[0] -= grow; box[1] -= grow; box[3] += grow; box[4] += grow;
}
