// Scene queries: rays, swept shapes, overlaps and boxes against the world's shapes, through the
// broadphase's trees (broadphase.ts), as Rapier's QueryPipeline and Box2D v3's b2World_CastRay and
// b2World_OverlapAABB do.
//
// Each query walks the three trees (static, kinematic, dynamic) and the unbounded shapes (planes). A tree
// leaf is a shape's fat box, so each candidate is then tested exactly against the shape at its body's
// pose. The nearest-hit casts clip the ray as they go, so a leaf farther than the nearest hit so far is
// never tested.
//
// Which shapes a query sees (QueryOptions): `filter` is a collision filter applied as between two shapes
// (shape.ts shouldCollide: category, mask, group), `exclude` leaves out bodies, `predicate` has the last
// word, and sensors are skipped unless `includeSensors`.

import { rayCastTree } from '../geometry/tree-ray-cast.js';
import type { ShapeRayCast } from '../geometry/shape-definition.js';
import { RAY_T, RAY_T_MAX } from '../geometry/triangle-source.js';
import { SPHERE_RAY_CAST } from '../geometry/shapes/sphere.js';
import { CAPSULE_RAY_CAST } from '../geometry/shapes/capsule.js';
import { CYLINDER_RAY_CAST } from '../geometry/shapes/cylinder.js';
import { CONE_RAY_CAST } from '../geometry/shapes/cone.js';
import { BOX_RAY_CAST } from '../geometry/shapes/box.js';
import { HULL_RAY_CAST } from '../geometry/shapes/hull.js';
import { PLANE_RAY_CAST } from '../geometry/shapes/plane.js';
import { meshRay } from '../geometry/shapes/triangles.js';
import type { Body } from '../body/body.js';
import { filtersMeet, readBits, readGroup, Shape, SHAPE_DEFINITIONS, SHAPE_TYPES, type ShapeOptions, type ShapeType } from '../geometry/shape.js';
import { rotationMatrix } from '../math/quat.js';
import { isArrayLike, show } from '../util/validate.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { boxesOverlap, TreeKind, type BroadPhase, type ShapeProxy } from './broadphase.js';
import { Manifold } from './manifold.js';
import { MeshPairs } from './mesh-pairs.js';
import type { TriangleSource } from '../geometry/triangle-source.js';
import { collide, SHAPE_RANK } from './narrowphase.js';
import { CastResult, ConvexProxy, POINT_SET, shapeCast } from '../geometry/gjk.js';
import { ShapePose } from './shape-pose.js';

/** Each shape type's ray cast (ShapeRayCast, in the type's file under shapes/), by the shape's typeIndex
 * (SHAPE_TYPES' order). Kept here, apart from the shape definitions, so that a world without queries
 * carries no ray cast. */
export const RAY_CASTS: readonly ShapeRayCast[] = /* @__PURE__ */ byShapeType({
  sphere: SPHERE_RAY_CAST, capsule: CAPSULE_RAY_CAST, box: BOX_RAY_CAST, hull: HULL_RAY_CAST, plane: PLANE_RAY_CAST, trimesh: meshRay, heightfield: meshRay,
  cylinder: CYLINDER_RAY_CAST, cone: CONE_RAY_CAST,
});

/** A table by type name (every type: the compiler asks for each) as an array by typeIndex. */
function byShapeType<V>(table: { readonly [T in ShapeType]: V }): readonly V[] {
  return SHAPE_TYPES.map((type) => table[type]);
}

/** A collision filter for a query, read as a shape's (SurfaceOptions.category, mask, group). */
export interface QueryFilter {
  /** Default 1. */
  category?: number;
  /** Default all (0xffffffff). */
  mask?: number;
  /** Default 0. */
  group?: number;
}

/** Which shapes a query sees. */
export interface QueryOptions {
  /** Seen: the shapes this filter collides with, as between two shapes (Box2D's b2QueryFilter). */
  filter?: QueryFilter;
  /** Bodies not seen (a character's own body, say). */
  exclude?: Body | readonly Body[];
  /** Called for each shape that passes the rest; false leaves it out. */
  predicate?: (body: Body, shape: Shape) => boolean;
  /** Sensors are seen too. Default false. */
  includeSensors?: boolean;
}

/**
 * castShape's options: QueryOptions and what to do with a shape the swept one starts in contact with.
 * `stopAtPenetration` (Rapier's ShapeCastOptions.stop_at_penetration): true, any such shape is a hit at
 * distance 0; false (the default), only one the motion presses into (d·n < 0 at the start, n the contact
 * normal toward the swept shape): a shape it starts touching or overlapping and moves away from is passed
 * by, and the cast goes on to the next shape it would hit.
 */
export interface ShapeCastOptions extends QueryOptions {
  /** Default false. */
  stopAtPenetration?: boolean;
}

/** What a ray or a swept shape hit: the body and shape, the distance along the direction, the point and
 * the hit surface's outward normal (world space, m). */
export interface RayHit {
  body: Body;
  shape: Shape;
  distance: number;
  point: Float64Array;
  normal: Float64Array;
}

/** @internal A reusable hit of SceneQueries.sweep (the character controller's scratch). */
export class SweepHit {
  body: Body | null = null;
  shape: Shape | null = null;
  /** How far the shape went along the sweep before touching, m. */
  distance = 0;
  /** The contact point and the hit surface's normal (toward the swept shape), world. */
  readonly point = new Float64Array(3);
  readonly normal = new Float64Array(3);
}

/** A shape a query overlaps. */
export interface ShapeOverlap {
  body: Body;
  shape: Shape;
}

/** A query's options, read once and checked (the error names the bad value). */
class ReadOptions {
  category = 1;
  mask = 0xffffffff;
  group = 0;
  excluded: readonly Body[] = [];
  predicate: ((body: Body, shape: Shape) => boolean) | null = null;
  includeSensors = false;
  /** castShape's ShapeCastOptions.stopAtPenetration. */
  stopAtPenetration = false;
  /** `exclude` given as one body (read without allocating an array for it). */
  private readonly oneExcluded: Body[] = [];

  /** Reads QueryOptions, and with `cast` castShape's ShapeCastOptions. Allocates nothing. */
  read(where: string, options: QueryOptions | undefined, cast = false): this {
    this.category = 1; this.mask = 0xffffffff; this.group = 0;
    this.excluded = NONE; this.predicate = null; this.includeSensors = false; this.stopAtPenetration = false;
    if (options === undefined) return this;
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, cast ? CAST_OPTION_KEYS : OPTION_KEYS);
    const filter = options.filter;
    if (filter !== undefined) {
      if (filter === null || typeof filter !== 'object') throw new TypeError(`${where}: filter must be an object, got ${show(filter)}`);
      checkOptionKeys(where, filter, FILTER_KEYS, 'filter option');
      this.category = readBits(where, 'filter.category', filter.category, 1);
      this.mask = readBits(where, 'filter.mask', filter.mask, 0xffffffff);
      this.group = filter.group === undefined ? 0 : readGroup(where, filter.group, 'filter.group');
    }
    const exclude = options.exclude;
    if (exclude !== undefined) {
      const many = isArrayLike(exclude);
      const list = (many ? exclude : this.oneExcluded) as readonly unknown[];
      if (!many) this.oneExcluded[0] = exclude as Body;
      for (let i = 0; i < list.length; i++) {
        const body = list[i];
        if (body === null || typeof body !== 'object' || !('shapes' in body)) throw new TypeError(`${where}: exclude[${i}] must be a Body, got ${show(body)}`);
      }
      this.excluded = list as readonly Body[];
    }
    if (options.predicate !== undefined) {
      if (typeof options.predicate !== 'function') throw new TypeError(`${where}: predicate must be a function, got ${show(options.predicate)}`);
      this.predicate = options.predicate;
    }
    if (options.includeSensors !== undefined) {
      if (typeof options.includeSensors !== 'boolean') throw new TypeError(`${where}: includeSensors must be true or false, got ${show(options.includeSensors)}`);
      this.includeSensors = options.includeSensors;
    }
    const stop = (options as ShapeCastOptions).stopAtPenetration;
    if (cast && stop !== undefined) {
      if (typeof stop !== 'boolean') throw new TypeError(`${where}: stopAtPenetration must be true or false, got ${show(stop)}`);
      this.stopAtPenetration = stop;
    }
    return this;
  }

  /** The default options (sensors skipped, every filter bit) leaving out the `excluded` bodies: the
   * character controller's sweeps, read without allocating. */
  only(excluded: readonly Body[]): this {
    this.category = 1; this.mask = 0xffffffff; this.group = 0;
    this.excluded = excluded; this.predicate = null; this.includeSensors = false;
    return this;
  }

  /** Whether the query sees this shape. */
  accepts(body: Body, shape: Shape): boolean {
    if (shape.sensor && !this.includeSensors) return false;
    if (!filtersMeet(this.category, this.mask, this.group, shape)) return false;
    for (let i = 0; i < this.excluded.length; i++) if (this.excluded[i] === body) return false;
    return this.predicate === null || this.predicate(body, shape);
  }
}

const NONE: readonly Body[] = [];
const OPTION_KEYS = optionKeys<QueryOptions>({ filter: true, exclude: true, predicate: true, includeSensors: true });
const CAST_OPTION_KEYS = optionKeys<ShapeCastOptions>({ filter: true, exclude: true, predicate: true, includeSensors: true, stopAtPenetration: true });
const FILTER_KEYS = optionKeys<QueryFilter>({ category: true, mask: true, group: true });

const TREES = [TreeKind.Static, TreeKind.Kinematic, TreeKind.Dynamic];
/** A shape ray cast's tMax and t (ShapeRayCast). */
const rayNumbers = new Float64Array(2);

/** The queries of one world, over its broadphase (kept up to date by the world before each query). */
export class SceneQueries {
  private readonly options = new ReadOptions();
  private readonly localOrigin = new Float64Array(3);
  private readonly localDirection = new Float64Array(3);
  private readonly localNormal = new Float64Array(3);
  private readonly origin = new Float64Array(3);
  private readonly direction = new Float64Array(3);
  private readonly box = new Float64Array(6);
  /** The nearest hit so far (castRay) or every hit (castRayAll). */
  private nearest: ShapeProxy | null = null;
  private readonly nearestNormal = new Float64Array(3);
  private hits: RayHit[] | null = null;
  private overlaps: ShapeOverlap[] = [];
  /** The shapes' keys (broadphase.ts ShapeProxy.key) of hits or overlaps, for a fixed order. */
  private readonly keys: number[] = [];
  private readonly manifold = new Manifold();
  private readonly meshPairs = new MeshPairs();
  private readonly queryPose = new ShapePose();
  private queryShape: Shape | null = null;
  /** Shapes built from options objects, kept so a query repeated with the same object builds none. */
  private readonly built = new WeakMap<object, Shape>();

  constructor(private readonly broadphase: BroadPhase) {}

  /** The nearest hit of the ray o + t d (d a unit vector, 0 ≤ t ≤ maxDistance), or null. */
  castRay(where: string, o: Float64Array, d: Float64Array, maxDistance: number, options: QueryOptions | undefined): RayHit | null {
    this.options.read(where, options);
    this.origin.set(o);
    this.direction.set(d);
    this.nearest = null;
    this.hits = null;
    const tMax = this.walkRay(maxDistance);
    const proxy = this.nearest as ShapeProxy | null;
    if (proxy === null) return null;
    const point = new Float64Array(3);
    for (let k = 0; k < 3; k++) point[k] = o[k] + tMax * d[k];
    return { body: proxy.body, shape: proxy.shape, distance: tMax, point, normal: Float64Array.from(this.nearestNormal) };
  }

  /**
   * castRay with the default options but `excluded`, for a batch of rays near one another (a vehicle's
   * wheels, every step): ray i from origins[3i..] along directions[3i..] (a unit vector) up to lengths[i];
   * its hit into out[i] (point and normal filled in place) and found[i] = 1, or found[i] = 0. Allocates
   * nothing. The shapes the rays may meet are gathered once, from the trees' boxes that overlap the box
   * bounding every ray, and each ray then tests those alone (their boxes by the slab test, then their
   * shapes), rather than walking the trees once per ray. The answers are castRay's: the nearest hit, a
   * tie to the lower shape key, whatever order the shapes are tested in.
   */
  castRaysInto(
    origins: Float64Array, directions: Float64Array, lengths: Float64Array, count: number, excluded: readonly Body[], out: readonly RayHit[], found: Uint8Array,
  ): void {
    this.options.only(excluded);
    const box = this.box, near = this.near;
    this.nearCount = 0;
    box[0] = box[1] = box[2] = Infinity;
    box[3] = box[4] = box[5] = -Infinity;
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < 3; k++) {
        const a = origins[3 * i + k], b = a + lengths[i] * directions[3 * i + k];
        const low = a < b ? a : b, high = a < b ? b : a;
        if (low < box[k]) box[k] = low;
        if (high > box[k + 3]) box[k + 3] = high;
      }
    }
    for (const tree of TREES) this.broadphase.trees[tree].query(box, this.gatherNear);
    for (const proxy of this.broadphase.unbounded) if (this.options.accepts(proxy.body, proxy.shape)) near[this.nearCount++] = proxy;
    const nearCount = this.nearCount;
    this.hits = null;
    for (let i = 0; i < count; i++) {
      const o = this.origin, d = this.direction;
      for (let k = 0; k < 3; k++) {
        o[k] = origins[3 * i + k];
        d[k] = directions[3 * i + k];
      }
      this.nearest = null;
      this.rayMax = lengths[i];
      for (let j = 0; j < nearCount; j++) {
        const proxy = near[j] as ShapeProxy;
        if (proxy.treeId < 0 || segmentEntersBox(o, d, this.rayMax, proxy.fat)) this.visitRayProxy(proxy);
      }
      const proxy = this.nearest as ShapeProxy | null, hit = out[i];
      found[i] = proxy === null ? 0 : 1;
      if (proxy === null) continue;
      const t = this.rayMax;
      for (let k = 0; k < 3; k++) hit.point[k] = o[k] + t * d[k];
      hit.normal.set(this.nearestNormal);
      hit.body = proxy.body;
      hit.shape = proxy.shape;
      hit.distance = t;
    }
    // let go of the shapes (a removed body's proxy is not kept alive here), keeping the array's length:
    // emptied, V8 would free its store and the next cast allocate it again
    for (let j = 0; j < nearCount; j++) near[j] = null;
  }
  /** The shapes castRaysInto's rays may meet: near[0 .. nearCount − 1]. */
  private readonly near: (ShapeProxy | null)[] = [];
  private nearCount = 0;
  private readonly gatherNear = (_id: number, slot: number): boolean => {
    const proxy = this.broadphase.proxyAt(slot);
    if (this.options.accepts(proxy.body, proxy.shape)) this.near[this.nearCount++] = proxy;
    return true;
  };

  /** Every hit of the ray, nearest first. */
  castRayAll(where: string, o: Float64Array, d: Float64Array, maxDistance: number, options: QueryOptions | undefined): RayHit[] {
    this.options.read(where, options);
    this.origin.set(o);
    this.direction.set(d);
    const hits: RayHit[] = (this.hits = []);
    this.keys.length = 0;
    this.walkRay(maxDistance);
    this.hits = null;
    return inKeyOrder(hits, this.keys, (x, y) => x.distance - y.distance);
  }

  /** Every shape whose bounds overlap the box [min, max]. */
  queryAABB(where: string, min: Float64Array, max: Float64Array, options: QueryOptions | undefined): ShapeOverlap[] {
    this.options.read(where, options);
    const box = this.box;
    box.set(min);
    box.set(max, 3);
    const out: ShapeOverlap[] = (this.overlaps = []);
    this.keys.length = 0;
    for (const tree of TREES) this.broadphase.trees[tree].query(box, this.visitBox);
    for (const proxy of this.broadphase.unbounded) this.visitBoxProxy(proxy);
    return inKeyOrder(out, this.keys, null);
  }

  /** Every shape the given shape, at the pose, overlaps (touching counts). */
  overlapShape(where: string, shape: ShapeOptions | Shape, position: Float64Array, orientation: Float64Array, options: QueryOptions | undefined): ShapeOverlap[] {
    const query = this.readShape(where, shape);
    this.options.read(where, options);
    const pose = this.queryPose;
    poseOf(query, position, orientation, pose);
    query.definition.bounds(query, pose.c, pose.W, this.box);
    this.queryShape = query;
    const out: ShapeOverlap[] = (this.overlaps = []);
    this.keys.length = 0;
    for (const tree of TREES) this.broadphase.trees[tree].query(this.box, this.visitOverlap);
    for (const proxy of this.broadphase.unbounded) this.visitOverlapProxy(proxy);
    this.queryShape = null;
    return inKeyOrder(out, this.keys, null);
  }

  /**
   * The first shape that `shape`, placed at the pose and swept along d (a unit vector) up to
   * maxDistance, hits: distance 0 when it starts in contact with one and presses into it (or any contact,
   * with stopAtPenetration; see ShapeCastOptions). The candidates come from a box cast through the trees
   * (the query shape's bounds swept along d); each is then swept exactly (gjk.ts shapeCast: conservative
   * advancement on the GJK distance), a plane in closed form. The hit is written into `out` when given
   * (then nothing is allocated), else into a new object.
   */
  castShape(
    where: string, shape: ShapeOptions | Shape, position: Float64Array, orientation: Float64Array, d: Float64Array, maxDistance: number,
    options: ShapeCastOptions | undefined, out?: RayHit,
  ): RayHit | null {
    const query = this.readShape(where, shape);
    this.options.read(where, options, true);
    this.queryShape = query;
    const hit = this.sweepNearest(query, position, orientation, d, maxDistance, !this.options.stopAtPenetration, true);
    this.queryShape = null;
    if (hit === null) return null;
    if (out === undefined) {
      return { body: hit.body, shape: hit.shape, distance: this.rayMax, point: Float64Array.from(this.castPoint), normal: Float64Array.from(this.nearestNormal) };
    }
    return this.writeSweepHit(hit, out);
  }

  /**
   * @internal castShape for the character controller (character/character-sweep.ts): a built shape,
   * the default filter with sensors skipped and the `excluded` bodies left out, the hit written into
   * `out` (nothing allocated). A shape the swept one starts touching and moves away from is not a hit
   * (as Rapier's shape casts with stop_at_penetration false), so a character resting against a wall
   * can step back from it. Returns whether anything was hit.
   */
  sweep(
    query: Shape, position: Float64Array, orientation: Float64Array, d: Float64Array, maxDistance: number, excluded: readonly Body[],
    out: SweepHit,
  ): boolean {
    this.options.only(excluded);
    const hit = this.sweepNearest(query, position, orientation, d, maxDistance, true, false);
    if (hit === null) return false;
    this.writeSweepHit(hit, out);
    return true;
  }

  /** Writes the hit sweepNearest left (its shape, and rayMax, castPoint and nearestNormal) into `out`. */
  private writeSweepHit<T extends RayHit | SweepHit>(hit: { body: Body; shape: Shape }, out: T): T {
    out.body = hit.body;
    out.shape = hit.shape;
    out.distance = this.rayMax;
    out.point.set(this.castPoint);
    out.normal.set(this.nearestNormal);
    return out;
  }

  /** The nearest shape the query shape hits (castShape), or null; its distance, point and normal are
   * left in rayMax, castPoint and nearestNormal. `skipLeaving`: starting contacts the sweep leaves are
   * not hits; `penetrationNormals`: see the field. */
  private sweepNearest(
    query: Shape, position: Float64Array, orientation: Float64Array, d: Float64Array, maxDistance: number, skipLeaving: boolean,
    penetrationNormals: boolean,
  ): ShapeProxy | null {
    const pose = this.queryPose;
    poseOf(query, position, orientation, pose);
    query.definition.convex(query, this.castProxy);
    const box = this.box, extent = this.extent;
    query.definition.bounds(query, pose.c, pose.W, box);
    for (let k = 0; k < 3; k++) {
      this.origin[k] = 0.5 * (box[k] + box[3 + k]);
      extent[k] = 0.5 * (box[3 + k] - box[k]);
    }
    this.direction.set(d);
    this.nearest = null;
    this.rayMax = maxDistance;
    this.skipLeaving = skipLeaving;
    this.penetrationNormals = penetrationNormals;
    const unbounded = this.broadphase.unbounded;
    for (let i = 0; i < unbounded.length; i++) this.castAgainst(unbounded[i]);
    for (let i = 0; i < TREES.length; i++) rayCastTree(this.broadphase.trees[TREES[i]], this.origin, d, this.rayMax, this.visitCast, extent);
    return this.nearest as ShapeProxy | null;
  }
  /** Whether the sweep under way skips starting contacts it moves away from. */
  private skipLeaving = false;
  /** castShape (not the character's sweep, which keeps such contacts as hits): a starting contact whose
   * shapes overlap too deeply for GJK to give a normal (shapeCast then gives −d) is judged by the
   * narrowphase's contact normal instead. */
  private penetrationNormals = false;
  private readonly extent = new Float64Array(3);
  private readonly castProxy = new ConvexProxy();
  private readonly targetProxy = new ConvexProxy();
  private readonly castResult = new CastResult();
  private readonly translation = new Float64Array(3);
  private readonly castPoint = new Float64Array(3);

  private readonly visitCast = (_id: number, slot: number, _tMax: number): number => {
    this.castAgainst(this.broadphase.proxyAt(slot));
    return this.rayMax;
  };

  /** Sweeps the query shape against one shape, keeping the nearest hit (ties to the lower key). */
  private castAgainst(proxy: ShapeProxy): void {
    if (!this.options.accepts(proxy.body, proxy.shape)) return;
    const d = this.direction, limit = this.rayMax;
    let t: number;
    if (proxy.treeId < 0) {
      t = this.castAgainstPlane(proxy, limit);
      if (t < 0) return;
    } else if (proxy.shape.mesh !== null) {
      t = this.castAgainstTriangles(proxy, limit);
      if (t < 0) return;
    } else {
      proxy.shape.definition.convex(proxy.shape, this.targetProxy);
      const translation = this.translation;
      for (let k = 0; k < 3; k++) translation[k] = d[k] * limit;
      const out = this.castResult;
      if (!shapeCast(this.targetProxy, proxy.pose, this.castProxy, this.queryPose, translation, out)) return;
      if (this.skipLeaving && out.fraction === 0 && (leaves(out.normal, d) || (this.penetrationNormals && this.leavesPenetration(proxy)))) return;
      t = out.fraction * limit;
      this.scratchNormal.set(out.normal);
      this.scratchPoint.set(out.point);
    }
    if (this.nearest !== null && (t > this.rayMax || (t === this.rayMax && proxy.key > this.nearest.key))) return;
    this.rayMax = t;
    this.nearest = proxy;
    this.nearestNormal.set(this.scratchNormal);
    this.castPoint.set(this.scratchPoint);
  }
  private readonly scratchNormal = new Float64Array(3);
  private readonly scratchPoint = new Float64Array(3);
  /** The cast shape's lowest core point over a plane (castAgainstPlane), its own frame. */
  private readonly lowestPoint = new Float64Array(3);

  /** Whether the sweep along `direction` moves the query shape out of a shape it overlaps: by the
   * contact normal of the narrowphase's manifold (as overlapShape computes it), toward the query shape. */
  private leavesPenetration(proxy: ShapeProxy): boolean {
    const query = this.queryShape as Shape, m = this.manifold;
    const first = SHAPE_RANK[proxy.shape.type] <= SHAPE_RANK[query.type];
    if (first) collide(proxy.shape, proxy.pose, query, this.queryPose, 0, m);
    else collide(query, this.queryPose, proxy.shape, proxy.pose, 0, m);
    if (m.count === 0) return false;
    const n = m.normal, d = this.direction;
    const along = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
    return first ? along >= 0 : along <= 0;
  }

  /**
   * The query shape swept at the triangles of a mesh or heightfield: those whose boxes meet the swept
   * box (in the mesh's frame), each as a flat convex shape (gjk.ts ConvexProxy.setTriangle), two-sided.
   * Returns the nearest distance (−1: none), its normal and point in the scratch vectors.
   */
  private castAgainstTriangles(proxy: ShapeProxy, limit: number): number {
    const source = proxy.shape.mesh as TriangleSource, box = this.sweptBox, q = this.box, d = this.direction;
    // the swept box (world): the query's bounds and the same moved by d·limit, then into the mesh's frame
    for (let k = 0; k < 3; k++) {
      const move = d[k] * limit;
      this.worldSwept[k] = q[k] + Math.min(0, move);
      this.worldSwept[3 + k] = q[3 + k] + Math.max(0, move);
    }
    proxy.pose.localBox(this.worldSwept, box);
    this.triangleProxy = proxy;
    this.triangleBest = -1;
    this.triangleLimit = limit;
    source.query(box, this.visitCastTriangle);
    this.triangleProxy = null;
    if (this.triangleBest >= 0) {
      this.scratchNormal.set(this.triangleNormal);
      this.scratchPoint.set(this.trianglePoint);
    }
    return this.triangleBest;
  }
  private readonly sweptBox = new Float64Array(6);
  private readonly worldSwept = new Float64Array(6);
  private readonly corners = new Float64Array(9);
  private readonly triangleNormal = new Float64Array(3);
  private readonly trianglePoint = new Float64Array(3);
  private triangleProxy: ShapeProxy | null = null;
  private triangleBest = -1;
  private triangleLimit = 0;

  private readonly visitCastTriangle = (triangle: number): boolean => {
    const proxy = this.triangleProxy as ShapeProxy, source = proxy.shape.mesh as TriangleSource, t = this.corners;
    if (!source.writeTriangle(triangle, t)) return true;
    this.targetProxy.set(t, 3, 0);
    const limit = this.triangleBest >= 0 ? this.triangleBest : this.triangleLimit;
    const translation = this.translation, d = this.direction, out = this.castResult;
    for (let k = 0; k < 3; k++) translation[k] = d[k] * limit;
    if (!shapeCast(this.targetProxy, proxy.pose, this.castProxy, this.queryPose, translation, out)) return true;
    if (this.skipLeaving && out.fraction === 0 && leaves(out.normal, d)) return true;
    const distance = out.fraction * limit;
    if (this.triangleBest >= 0 && distance >= this.triangleBest) return true;
    this.triangleBest = distance;
    this.triangleNormal.set(out.normal);
    this.trianglePoint.set(out.point);
    return true;
  };

  /**
   * The query shape swept at a plane n·p = offset (world): its lowest point along n is at height
   * h = n·c + min over its points of n·(W p) − r − offset; it meets the plane after h / (−n·d), moving
   * down into it (n·d < 0). Starting below: 0.
   */
  private castAgainstPlane(proxy: ShapeProxy, limit: number): number {
    const { c: pc, W: pW } = proxy.pose, pn = proxy.shape.normal;
    const nx = pW[0] * pn[0] + pW[3] * pn[1] + pW[6] * pn[2];
    const ny = pW[1] * pn[0] + pW[4] * pn[1] + pW[7] * pn[2];
    const nz = pW[2] * pn[0] + pW[5] * pn[1] + pW[8] * pn[2];
    const offset = nx * pc[0] + ny * pc[1] + nz * pc[2] + proxy.shape.offset;
    const { c, W } = this.queryPose, q = this.castProxy;
    let P = q.points, count = q.count;
    if (q.kind !== POINT_SET) {
      // a cylinder's or cone's lowest point along n: its support along −n, in its own frame −Wᵀ n
      P = this.lowestPoint;
      count = 1;
      q.supportLocal(-(W[0] * nx + W[1] * ny + W[2] * nz), -(W[3] * nx + W[4] * ny + W[5] * nz), -(W[6] * nx + W[7] * ny + W[8] * nz), P);
    }
    let lowest = Infinity, at = 0;
    for (let i = 0; i < count; i++) {
      const x = P[3 * i], y = P[3 * i + 1], z = P[3 * i + 2];
      const h = nx * (W[0] * x + W[3] * y + W[6] * z) + ny * (W[1] * x + W[4] * y + W[7] * z) + nz * (W[2] * x + W[5] * y + W[8] * z);
      if (h < lowest) { lowest = h; at = i; }
    }
    const height = nx * c[0] + ny * c[1] + nz * c[2] + lowest - q.radius - offset;
    const rate = nx * this.direction[0] + ny * this.direction[1] + nz * this.direction[2];
    let t: number;
    if (height <= 0) {
      if (this.skipLeaving && rate >= 0) return -1;
      t = 0;
    } else if (rate >= 0) return -1;
    else t = height / -rate;
    if (t > limit) return -1;
    // the contact point: the lowest point, moved by t d, on the plane
    const x = P[3 * at], y = P[3 * at + 1], z = P[3 * at + 2], d = this.direction;
    this.scratchPoint[0] = c[0] + W[0] * x + W[3] * y + W[6] * z - nx * q.radius + t * d[0];
    this.scratchPoint[1] = c[1] + W[1] * x + W[4] * y + W[7] * z - ny * q.radius + t * d[1];
    this.scratchPoint[2] = c[2] + W[2] * x + W[5] * y + W[8] * z - nz * q.radius + t * d[2];
    this.scratchNormal[0] = nx; this.scratchNormal[1] = ny; this.scratchNormal[2] = nz;
    return t;
  }

  /** A shape built from options (kept per options object), or the shape given. */
  readShape(where: string, shape: ShapeOptions | Shape): Shape {
    if (shape instanceof Shape) return shape;
    if (shape === null || typeof shape !== 'object') throw new TypeError(`${where}: shape must be shape options or a Shape, got ${show(shape)}`);
    let built = this.built.get(shape);
    if (built === undefined) {
      built = new Shape(`${where}: shape`, shape, SHAPE_DEFINITIONS);
      if (!built.definition.bounded) throw new RangeError(`${where}: shape must be bounded (not a ${built.type})`);
      this.built.set(shape, built);
    }
    return built;
  }

  /** Walks the trees along the ray; returns the clipped tMax (the nearest hit's distance in castRay). */
  private walkRay(maxDistance: number): number {
    this.rayMax = maxDistance;
    for (const proxy of this.broadphase.unbounded) this.visitRayProxy(proxy);
    for (const tree of TREES) {
      rayCastTree(this.broadphase.trees[tree], this.origin, this.direction, this.rayMax, this.visitRay);
    }
    return this.rayMax;
  }
  private rayMax = Infinity;

  private readonly visitRay = (_id: number, slot: number, _tMax: number): number => {
    this.visitRayProxy(this.broadphase.proxyAt(slot));
    return this.rayMax;
  };

  /** The exact ray test against one shape, in its frame: o' = Wᵀ (o − c), d' = Wᵀ d. */
  private visitRayProxy(proxy: ShapeProxy): void {
    if (!this.options.accepts(proxy.body, proxy.shape)) return;
    const { c, W } = proxy.pose, o = this.origin, d = this.direction, lo = this.localOrigin, ld = this.localDirection;
    const px = o[0] - c[0], py = o[1] - c[1], pz = o[2] - c[2];
    for (let k = 0; k < 3; k++) {
      lo[k] = W[3 * k] * px + W[3 * k + 1] * py + W[3 * k + 2] * pz;
      ld[k] = W[3 * k] * d[0] + W[3 * k + 1] * d[1] + W[3 * k + 2] * d[2];
    }
    const n = this.localNormal, ray = rayNumbers;
    ray[RAY_T_MAX] = this.rayMax;
    if (!RAY_CASTS[proxy.shape.typeIndex](proxy.shape, lo, ld, ray, n)) return;
    const t = ray[RAY_T];
    const nx = W[0] * n[0] + W[3] * n[1] + W[6] * n[2];
    const ny = W[1] * n[0] + W[4] * n[1] + W[7] * n[2];
    const nz = W[2] * n[0] + W[5] * n[1] + W[8] * n[2];
    if (this.hits !== null) {
      const point = new Float64Array([o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]]);
      this.hits.push({ body: proxy.body, shape: proxy.shape, distance: t, point, normal: new Float64Array([nx, ny, nz]) });
      this.keys.push(proxy.key);
      return;
    }
    // nearest: ties go to the lower key, so the answer does not depend on the trees' order
    if (this.nearest !== null && (t > this.rayMax || (t === this.rayMax && proxy.key > this.nearest.key))) return;
    this.rayMax = t;
    this.nearest = proxy;
    this.nearestNormal[0] = nx; this.nearestNormal[1] = ny; this.nearestNormal[2] = nz;
  }

  private readonly visitBox = (_id: number, slot: number): boolean => {
    this.visitBoxProxy(this.broadphase.proxyAt(slot));
    return true;
  };
  private visitBoxProxy(proxy: ShapeProxy): void {
    const bounds = scratchBounds, box = this.box;
    proxy.shape.definition.bounds(proxy.shape, proxy.pose.c, proxy.pose.W, bounds);
    if (proxy.treeId < 0) {
      // a plane: the box reaches below it
      if (!boxBelowPlane(proxy, box)) return;
    } else if (!boxesOverlap(bounds, box)) {
      return;
    }
    if (!this.options.accepts(proxy.body, proxy.shape)) return;
    this.overlaps.push({ body: proxy.body, shape: proxy.shape });
    this.keys.push(proxy.key);
  }

  private readonly visitOverlap = (_id: number, slot: number): boolean => {
    this.visitOverlapProxy(this.broadphase.proxyAt(slot));
    return true;
  };
  private visitOverlapProxy(proxy: ShapeProxy): void {
    if (!this.options.accepts(proxy.body, proxy.shape)) return;
    const query = this.queryShape as Shape, pose = this.queryPose;
    if (proxy.shape.mesh !== null) {
      // a mesh or heightfield: triangle by triangle, as the contacts see them
      if (this.meshPairs.overlaps(proxy, query, pose, this.box)) {
        this.overlaps.push({ body: proxy.body, shape: proxy.shape });
        this.keys.push(proxy.key);
      }
      return;
    }
    // the narrowphase's manifold at zero margin: a point at separation ≤ 0 is an overlap
    const first = SHAPE_RANK[proxy.shape.type] <= SHAPE_RANK[query.type];
    if (first) collide(proxy.shape, proxy.pose, query, pose, 0, this.manifold);
    else collide(query, pose, proxy.shape, proxy.pose, 0, this.manifold);
    const m = this.manifold;
    for (let i = 0; i < m.count; i++) {
      if (m.separations[i] <= 0) {
        this.overlaps.push({ body: proxy.body, shape: proxy.shape });
        this.keys.push(proxy.key);
        return;
      }
    }
  }
}

const scratchBounds = new Float64Array(6);

/** Whether a sweep along d leaves a surface whose normal (toward the swept shape) is n. */
function leaves(n: Float64Array, d: Float64Array): boolean {
  return n[0] * d[0] + n[1] * d[1] + n[2] * d[2] >= 0;
}

/** Whether a box reaches into a plane's half-space: its lowest corner along n is below the plane. */
function boxBelowPlane(proxy: ShapeProxy, box: Float64Array): boolean {
  const { c, W } = proxy.pose, n = proxy.shape.normal;
  const nx = W[0] * n[0] + W[3] * n[1] + W[6] * n[2];
  const ny = W[1] * n[0] + W[4] * n[1] + W[7] * n[2];
  const nz = W[2] * n[0] + W[5] * n[1] + W[8] * n[2];
  const offset = nx * c[0] + ny * c[1] + nz * c[2] + proxy.shape.offset;
  const lowest = nx * (nx > 0 ? box[0] : box[3]) + ny * (ny > 0 ? box[1] : box[4]) + nz * (nz > 0 ? box[2] : box[5]);
  return lowest <= offset;
}

/** A query shape's world pose: the shape's own placement composed with the given one (a body's). */
export function poseOf(shape: Shape, position: Float64Array, orientation: Float64Array, out: ShapePose): void {
  rotationMatrix(scratchRotation, orientation);
  out.setFrom(position, scratchRotation, shape);
}
const scratchRotation = new Float64Array(9);

/** The results sorted by `first` (when given), then by their shapes' keys: an order that does not
 * depend on the trees. */
function inKeyOrder<T>(results: T[], keys: readonly number[], first: ((x: T, y: T) => number) | null): T[] {
  if (results.length < 2) return results;
  const order = results.map((_, i) => i);
  order.sort((i, j) => (first === null ? 0 : first(results[i], results[j])) || keys[i] - keys[j]);
  return order.map((i) => results[i]);
}

/** Whether the segment o + t d, 0 ≤ t ≤ tMax, meets the box (min x, y, z, max x, y, z): the slab test. On an
 * axis the ray runs parallel to (1/d not finite), the origin alone is tested. */
function segmentEntersBox(o: Float64Array, d: Float64Array, tMax: number, box: Float64Array): boolean {
  let enter = 0, exit = tMax;
  for (let k = 0; k < 3; k++) {
    const inverse = 1 / d[k];
    if (!Number.isFinite(inverse)) {
      if (o[k] < box[k] || o[k] > box[k + 3]) return false;
      continue;
    }
    let t1 = (box[k] - o[k]) * inverse, t2 = (box[k + 3] - o[k]) * inverse;
    if (t1 > t2) { const swap = t1; t1 = t2; t2 = swap; }
    if (t1 > enter) enter = t1;
    if (t2 < exit) exit = t2;
    if (enter > exit) return false;
  }
  return true;
}
