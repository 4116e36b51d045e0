// Scene queries: rays, swept shapes, overlaps, boxes and point projections against the world's shapes,
// through the broadphase's trees (broadphase.ts), as Rapier's QueryPipeline and Box2D v3's b2World_CastRay
// and b2World_OverlapAABB do.
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
import { EDGE_AB, RAY_T, RAY_T_MAX, VERTEX_A } from '../geometry/triangle-source.js';
import { SPHERE_RAY_CAST } from '../geometry/shapes/sphere.js';
import { CAPSULE_RAY_CAST } from '../geometry/shapes/capsule.js';
import { CYLINDER_RAY_CAST } from '../geometry/shapes/cylinder.js';
import { CONE_RAY_CAST } from '../geometry/shapes/cone.js';
import { BOX_RAY_CAST } from '../geometry/shapes/box.js';
import { HULL_RAY_CAST } from '../geometry/shapes/hull.js';
import { PLANE_RAY_CAST } from '../geometry/shapes/plane.js';
import { meshRay } from '../geometry/shapes/triangles.js';
import type { Body } from '../body/body.js';
import { Shape, SHAPE_DEFINITIONS, SHAPE_TYPES, type ShapeOptions, type ShapeType } from '../geometry/shape.js';
import { rotationMatrix } from '../math/quat.js';
import { show } from '../util/validate.js';
import { ReadQueryOptions, StartContacts } from './query-options.js';
import { boxesOverlap, TreeKind, type BroadPhase, type ShapeProxy } from './broadphase.js';
import { Manifold } from './manifold.js';
import { MeshPairs } from './mesh-pairs.js';
import { Penetrations } from './penetrations.js';
import type { TriangleSource } from '../geometry/triangle-source.js';
import { collide, SHAPE_RANK } from './narrowphase.js';
import { CastResult, ConvexProxy, POINT_SET, shapeCast } from '../geometry/gjk.js';
import { ShapePose } from './shape-pose.js';
import { PointProjector } from './point-projection.js';

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

import type { QueryFilter } from './query-options.js';
export type { QueryFilter };

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
 * castShape's options: QueryOptions and what to do with a shape the swept one starts in contact with
 * (touching or overlapping). Three choices:
 * - hit (Jolt's shape casts; `ignoreInitialOverlap: false`, or `stopAtPenetration: true`, Rapier's
 *   stop_at_penetration): every such shape is a hit at distance 0, its normal the penetration axis (the
 *   contact normal, as the narrowphase finds it, out of the shape toward the swept one) and its point the
 *   deepest contact point; of several, the deepest.
 * - hit when pressed into (the default; Rapier's stop_at_penetration false): only a shape the motion
 *   presses into (d·n < 0) is a hit at distance 0; one it moves away from or along is passed by, and the
 *   cast goes on to the next shape it would hit.
 * - ignore (`ignoreInitialOverlap: true`, as Unity's sweeps): no such shape is a hit, whichever way the
 *   motion goes; the cast sees only shapes it starts apart from.
 * Given both, they must agree (ignoreInitialOverlap: false with stopAtPenetration: true, or true with false).
 */
export interface ShapeCastOptions extends QueryOptions {
  /** Default: neither (see above). */
  ignoreInitialOverlap?: boolean;
  /** Default false. */
  stopAtPenetration?: boolean;
}

/** projectPoint's options: QueryOptions, and how a point inside a shape and a far one are taken. */
export interface PointProjectionOptions extends QueryOptions {
  /** A point inside a shape projects onto itself (distance 0; Rapier's `solid`). False: onto the
   * surface, the distance to it positive. Default true. */
  solid?: boolean;
  /** Shapes farther than this, m, are not seen. Default Infinity. */
  maxDistance?: number;
}

/**
 * Where a point projects (world.projectPoint; Rapier's PointProjection with the shape): the nearest
 * shape, the point of it nearest the query point (the query point itself when inside and `solid`), the
 * outward unit normal of its surface at the nearest surface point, the distance from the query point
 * to `point`, and whether the query point is inside the shape (a mesh is a surface: never inside; under a
 * heightfield is inside, as below a plane).
 */
export interface PointProjection {
  body: Body;
  shape: Shape;
  point: Float64Array;
  normal: Float64Array;
  distance: number;
  inside: boolean;
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


/** A cast's normal within this cosine of a triangle's face normal is the face's (about 0.08°, as
 * mesh-triangle.ts FACE_NORMAL). */
const FACE_COSINE = 1 - 1e-6;
/** A hit point within this share of a triangle's longest edge of a corner is at the corner. */
const CORNER_SHARE = 1e-6;

const TREES = [TreeKind.Static, TreeKind.Kinematic, TreeKind.Dynamic];
/** A shape ray cast's tMax and t (ShapeRayCast). */
const rayNumbers = new Float64Array(2);

/** The queries of one world, over its broadphase (kept up to date by the world before each query). */
export class SceneQueries {
  private readonly options = new ReadQueryOptions<Body, Shape>('Body');
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
   * The shape nearest p and the point of it nearest p (PointProjection), or null when none is within
   * options.maxDistance. The trees are searched in growing cubes about p: every shape whose surface is
   * within r of p has its box in the cube of half-side r, so once the nearest found is within r, nothing
   * outside the cube can beat it. A first cube of 1 m (or maxDistance) is doubled until something is found
   * or it holds every tree, and a shape found at d > r is confirmed by one search at r = d.
   */
  projectPoint(where: string, p: Float64Array, options: PointProjectionOptions | undefined): PointProjection | null {
    const read = this.options.read(where, options, 'point');
    this.origin.set(p);
    this.nearest = null;
    this.projectBest = read.maxDistance;
    const unbounded = this.broadphase.unbounded;
    for (let i = 0; i < unbounded.length; i++) this.projectOnto(unbounded[i]);
    const box = this.box;
    let r = Math.min(1, read.maxDistance);
    for (;;) {
      this.projectReach = r;
      for (let k = 0; k < 3; k++) {
        box[k] = p[k] - r;
        box[3 + k] = p[k] + r;
      }
      for (let i = 0; i < TREES.length; i++) this.broadphase.trees[TREES[i]].query(box, this.visitProject);
      if (this.nearest !== null) {
        if (this.projectBest <= r) break;
        r = this.projectBest;
        continue;
      }
      if (r >= read.maxDistance || this.holdsEveryTree(box)) break;
      r = Math.min(2 * r, read.maxDistance);
    }
    const proxy = this.nearest as ShapeProxy | null;
    this.nearest = null;
    if (proxy === null) return null;
    return {
      body: proxy.body, shape: proxy.shape, point: Float64Array.from(this.projectedPoint), normal: Float64Array.from(this.projectNormal),
      distance: this.projectBest, inside: this.projectInside,
    };
  }
  private readonly projector = new PointProjector();
  /** The nearest projection so far: its distance (at first maxDistance), point, normal and inside flag. */
  private projectBest = Infinity;
  private readonly projectedPoint = new Float64Array(3);
  private readonly projectNormal = new Float64Array(3);
  private projectInside = false;
  /** The search cube's half-side: a mesh's triangles farther than this (or than the best) are not looked at. */
  private projectReach = Infinity;

  private readonly visitProject = (_id: number, slot: number): boolean => {
    this.projectOnto(this.broadphase.proxyAt(slot));
    return true;
  };

  /** Projects the query point (origin) onto one shape, keeping the nearest (ties to the lower key). */
  private projectOnto(proxy: ShapeProxy): void {
    if (!this.options.accepts(proxy.body, proxy.shape)) return;
    const projector = this.projector, p = this.origin;
    const signed = projector.project(proxy.shape, proxy.pose, p, Math.min(this.projectBest, this.projectReach));
    if (signed === Infinity) return;
    const inside = signed < 0, solid = this.options.solid;
    const distance = inside && solid ? 0 : Math.abs(signed);
    if (distance > this.projectBest) return;
    if (this.nearest !== null && distance === this.projectBest && proxy.key > this.nearest.key) return;
    this.nearest = proxy;
    this.projectBest = distance;
    this.projectInside = inside;
    this.projectedPoint.set(inside && solid ? p : projector.point);
    this.projectNormal.set(projector.normal);
  }

  /** Whether the box holds every tree's root box (a larger search finds nothing new). */
  private holdsEveryTree(box: Float64Array): boolean {
    for (let i = 0; i < TREES.length; i++) {
      const tree = this.broadphase.trees[TREES[i]];
      if (tree.root < 0) continue;
      const b = tree._boxes, at = 6 * tree.root;
      for (let k = 0; k < 3; k++) if (b[at + k] < box[k] || b[at + 3 + k] > box[3 + k]) return false;
    }
    return true;
  }

  /**
   * The first shape that `shape`, placed at the pose and swept along d (a unit vector) up to
   * maxDistance, hits: distance 0 when it starts in contact with one and presses into it (or any contact,
   * or none: see ShapeCastOptions). The candidates come from a box cast through the trees
   * (the query shape's bounds swept along d); each is then swept exactly (gjk.ts shapeCast: conservative
   * advancement on the GJK distance), a plane in closed form. The hit is written into `out` when given
   * (then nothing is allocated), else into a new object.
   */
  castShape(
    where: string, shape: ShapeOptions | Shape, position: Float64Array, orientation: Float64Array, d: Float64Array, maxDistance: number,
    options: ShapeCastOptions | undefined, out?: RayHit,
  ): RayHit | null {
    const query = this.readShape(where, shape);
    this.options.read(where, options, 'cast');
    this.queryShape = query;
    const hit = this.sweepNearest(query, position, orientation, d, maxDistance, this.options.startContacts, true);
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
    out: SweepHit, tolerance?: number,
  ): boolean {
    this.options.only(excluded);
    this.castTolerance = tolerance;
    const hit = this.sweepNearest(query, position, orientation, d, maxDistance, StartContacts.HitWhenPressed, false);
    this.castTolerance = undefined;
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
   * left in rayMax, castPoint and nearestNormal. `start`: what a starting contact is (ShapeCastOptions);
   * `penetrationNormals`: see the field. */
  private sweepNearest(
    query: Shape, position: Float64Array, orientation: Float64Array, d: Float64Array, maxDistance: number, start: StartContacts,
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
    this.start = start;
    this.penetrationNormals = penetrationNormals;
    this.nearestDepth = 0;
    const unbounded = this.broadphase.unbounded;
    for (let i = 0; i < unbounded.length; i++) this.castAgainst(unbounded[i]);
    // (castShape with maxDistance 0 still tests the shapes it starts in: the walk visits nothing at 0)
    const walk = this.rayMax > 0 || !penetrationNormals ? this.rayMax : Number.MIN_VALUE;
    for (let i = 0; i < TREES.length; i++) rayCastTree(this.broadphase.trees[TREES[i]], this.origin, d, walk, this.visitCast, extent);
    return this.nearest as ShapeProxy | null;
  }
  /** What a starting contact is to the sweep under way (ShapeCastOptions). */
  private start = StartContacts.HitWhenPressed;
  /** The sweep under way's contact tolerance, m (gjk.ts shapeCast; undefined: shapeCast's default, relative
   * to the larger shape, which against a 100 m box stops 3.5e-5 m short of touching). */
  private castTolerance: number | undefined = undefined;
  /**
   * castShape (not the character's sweep, which keeps its contacts as they were): a starting contact's
   * normal and point are the narrowphase's (its manifold at zero margin, as overlapShape finds it: the
   * penetration axis, out of the hit shape; against a mesh or heightfield the deepest of its triangles',
   * internal edges giving their faces' normals, mesh-triangle.ts). GJK alone gives no normal once the
   * shapes' cores overlap (shapeCast then gives −d), and next to a mesh's internal edge it gives the
   * edge's. Without a narrowphase contact (shapes only touching within GJK's tolerance, or behind a
   * mesh's triangle), GJK's normal stays.
   */
  private penetrationNormals = false;
  /** The nearest hit's penetration depth (a starting contact's, m; 0 otherwise): of several starting
   * contacts, the deepest is the hit (Jolt's closest-hit collector with mReturnDeepestPoint). */
  private nearestDepth = 0;
  private scratchDepth = 0;
  private readonly extent = new Float64Array(3);
  private readonly castProxy = new ConvexProxy();
  private readonly targetProxy = new ConvexProxy();
  private readonly castResult = new CastResult();
  private readonly translation = new Float64Array(3);
  private readonly castPoint = new Float64Array(3);

  private readonly visitCast = (_id: number, slot: number, _tMax: number): number => {
    this.castAgainst(this.broadphase.proxyAt(slot));
    // castShape goes on past a hit at 0 (the tree walk stops at a tMax of 0) for a deeper one
    return this.rayMax > 0 || !this.penetrationNormals ? this.rayMax : Number.MIN_VALUE;
  };

  /** Sweeps the query shape against one shape, keeping the nearest hit (ties: the deeper starting
   * contact, then the lower key). */
  private castAgainst(proxy: ShapeProxy): void {
    if (!this.options.accepts(proxy.body, proxy.shape)) return;
    const d = this.direction, limit = this.rayMax;
    let t: number;
    this.scratchDepth = 0;
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
      if (!shapeCast(this.targetProxy, proxy.pose, this.castProxy, this.queryPose, translation, out, this.castTolerance)) return;
      this.scratchNormal.set(out.normal);
      this.scratchPoint.set(out.point);
      if (out.fraction === 0) {
        if (this.start === StartContacts.Ignore) return;
        // (the character's sweep: GJK's normal judges; castShape: GJK's or the narrowphase's saying
        // "leaving" lets the shape pass, and the narrowphase's is the hit's)
        const leaving = leaves(out.normal, d);
        if (this.penetrationNormals && this.startContact(proxy)) {
          if (this.start === StartContacts.HitWhenPressed && (leaving || leaves(this.contactNormal, d))) return;
          this.takeStartContact();
        } else if (this.start === StartContacts.HitWhenPressed && leaving) return;
      }
      t = out.fraction * limit;
    }
    if (this.nearest !== null && (t > this.rayMax || (t === this.rayMax && this.losesTie(proxy)))) return;
    this.rayMax = t;
    this.nearest = proxy;
    this.nearestDepth = this.scratchDepth;
    this.nearestNormal.set(this.scratchNormal);
    this.castPoint.set(this.scratchPoint);
  }
  private readonly scratchNormal = new Float64Array(3);
  private readonly scratchPoint = new Float64Array(3);
  /** The cast shape's lowest core point over a plane (castAgainstPlane), its own frame. */
  private readonly lowestPoint = new Float64Array(3);

  /** Whether a hit at the nearest hit's distance gives way to it: the shallower starting contact, or at
   * equal depth the higher key. */
  private losesTie(proxy: ShapeProxy): boolean {
    const nearest = this.nearest as ShapeProxy;
    if (this.scratchDepth !== this.nearestDepth) return this.scratchDepth < this.nearestDepth;
    return proxy.key > nearest.key;
  }

  /**
   * The narrowphase's contact of the query shape with a convex shape it starts in contact with, at zero
   * margin (as overlapShape computes it): its normal out of the shape toward the query shape into
   * contactNormal, its deepest point into contactPoint and its depth (≥ 0) into contactDepth. False
   * without a point at separation ≤ 0.
   */
  private startContact(proxy: ShapeProxy): boolean {
    const query = this.queryShape as Shape, m = this.manifold;
    const first = SHAPE_RANK[proxy.shape.type] <= SHAPE_RANK[query.type];
    if (first) collide(proxy.shape, proxy.pose, query, this.queryPose, 0, m);
    else collide(query, this.queryPose, proxy.shape, proxy.pose, 0, m);
    return this.readDeepest(m, first ? 1 : -1);
  }
  private readonly contactNormal = new Float64Array(3);
  private readonly contactPoint = new Float64Array(3);
  private contactDepth = 0;

  /** The deepest point of a manifold (separation ≤ 0) into contactPoint and contactDepth, and its normal
   * times `sign` into contactNormal; false without one. */
  private readDeepest(m: Manifold, sign: number): boolean {
    let deepest = -1, least = 0;
    for (let i = 0; i < m.count; i++) {
      if (m.separations[i] <= least) {
        least = m.separations[i];
        deepest = i;
      }
    }
    if (deepest < 0) return false;
    for (let k = 0; k < 3; k++) {
      this.contactNormal[k] = sign * m.normal[k];
      this.contactPoint[k] = m.points[3 * deepest + k];
    }
    this.contactDepth = -least;
    return true;
  }

  /** The starting contact (startContact, startOnMesh) as the hit's normal, point and depth. */
  private takeStartContact(): void {
    this.scratchNormal.set(this.contactNormal);
    this.scratchPoint.set(this.contactPoint);
    this.scratchDepth = this.contactDepth;
  }

  /**
   * The query shape swept at the triangles of a mesh or heightfield: those whose boxes meet the swept
   * box (in the mesh's frame), each as a flat convex shape (gjk.ts ConvexProxy.setTriangle), two-sided.
   * Returns the nearest distance (−1: none), its normal and point in the scratch vectors.
   */
  private castAgainstTriangles(proxy: ShapeProxy, limit: number): number {
    const source = proxy.shape.mesh as TriangleSource, box = this.sweptBox, q = this.box, d = this.direction;
    // the starting contact, as the contacts see it (penetrationNormals)
    this.meshStart = this.penetrationNormals && this.start !== StartContacts.Ignore
      && this.meshPairs.deepest(proxy, this.queryShape as Shape, this.queryPose, q, this.contactNormal, this.contactPoint) <= 0;
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
    this.meshStartSeen = false;
    source.query(box, this.visitCastTriangle);
    this.triangleProxy = null;
    // ignoreInitialOverlap: a mesh the query shape starts in is passed by whole, as a convex shape is (its
    // other triangles would be met along internal edges of the surface it is in)
    if (this.meshStartSeen) return -1;
    if (this.triangleBest >= 0) {
      this.scratchNormal.set(this.triangleNormal);
      this.scratchPoint.set(this.trianglePoint);
    }
    if (this.triangleBest === 0 && this.meshStart) this.takeStartContact();
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
  /** The mesh under way has a starting contact with the query shape (its normal and point in
   * contactNormal and contactPoint: castAgainstTriangles). */
  private meshStart = false;
  /** With StartContacts.Ignore: a triangle of the mesh under way touches the query shape at the start. */
  private meshStartSeen = false;

  private readonly visitCastTriangle = (triangle: number): boolean => {
    const proxy = this.triangleProxy as ShapeProxy, source = proxy.shape.mesh as TriangleSource, t = this.corners;
    if (!source.writeTriangle(triangle, t)) return true;
    this.targetProxy.set(t, 3, 0);
    const limit = this.triangleBest >= 0 ? this.triangleBest : this.triangleLimit;
    const translation = this.translation, d = this.direction, out = this.castResult;
    for (let k = 0; k < 3; k++) translation[k] = d[k] * limit;
    if (!shapeCast(this.targetProxy, proxy.pose, this.castProxy, this.queryPose, translation, out, this.castTolerance)) return true;
    if (out.fraction === 0 && this.start === StartContacts.Ignore) {
      this.meshStartSeen = true;
      return false;
    }
    // (castShape) met at an internal edge or corner: the face's normal, and no hit unless the motion
    // goes into the face
    if (this.penetrationNormals && this.faceAtInternalEdge(proxy, triangle, out) && out.fraction > 0 && leaves(out.normal, d)) return true;
    if (out.fraction === 0) {
      // pressing into the mesh or not: by the mesh's starting contact when there is one, else by this
      // triangle's normal
      const normal = this.meshStart ? this.contactNormal : out.normal;
      if (this.start === StartContacts.HitWhenPressed && leaves(normal, d)) return true;
    }
    const distance = out.fraction * limit;
    if (this.triangleBest >= 0 && distance >= this.triangleBest) return true;
    this.triangleBest = distance;
    this.triangleNormal.set(out.normal);
    this.trianglePoint.set(out.point);
    return true;
  };

  /**
   * Jolt's active edges for casts (ActiveEdges.h FixNormal, as CastConvexVsTriangles applies it): a hit
   * whose normal is not the triangle's face normal met the triangle at an edge or corner (the feature
   * nearest the hit point, `out.point`); when that is not an active feature of the mesh (triangle-source.ts:
   * an edge between coplanar or concave neighbours, a corner with no active edge), the surface has no
   * edge there and the face's normal, turned toward the query shape, is the hit's. Returns whether it
   * replaced the normal in `out`.
   */
  private faceAtInternalEdge(proxy: ShapeProxy, triangle: number, out: CastResult): boolean {
    const source = proxy.shape.mesh as TriangleSource, v = this.corners, n = this.faceNormal, { c, W } = proxy.pose;
    source.writeNormal(triangle, n);
    // the face's normal in the world, turned toward the query shape (the side the cast's normal is on)
    const fx = W[0] * n[0] + W[3] * n[1] + W[6] * n[2], fy = W[1] * n[0] + W[4] * n[1] + W[7] * n[2], fz = W[2] * n[0] + W[5] * n[1] + W[8] * n[2];
    const along = fx * out.normal[0] + fy * out.normal[1] + fz * out.normal[2];
    if (Math.abs(along) >= FACE_COSINE) return false;
    // the hit point in the mesh's frame, and the nearest of the triangle's edges (with its nearer corner
    // when the point is at it)
    const q = this.localOrigin, px = out.point[0] - c[0], py = out.point[1] - c[1], pz = out.point[2] - c[2];
    for (let k = 0; k < 3; k++) q[k] = W[3 * k] * px + W[3 * k + 1] * py + W[3 * k + 2] * pz;
    let edge = 0, least = Infinity, size = 0;
    for (let e = 0; e < 3; e++) {
      const a = 3 * e, b = 3 * ((e + 1) % 3);
      const ex = v[b] - v[a], ey = v[b + 1] - v[a + 1], ez = v[b + 2] - v[a + 2];
      const ee = ex * ex + ey * ey + ez * ez;
      size = Math.max(size, ee);
      const u = ee > 0 ? Math.max(0, Math.min(1, ((q[0] - v[a]) * ex + (q[1] - v[a + 1]) * ey + (q[2] - v[a + 2]) * ez) / ee)) : 0;
      const dd = (q[0] - v[a] - u * ex) ** 2 + (q[1] - v[a + 1] - u * ey) ** 2 + (q[2] - v[a + 2] - u * ez) ** 2;
      if (dd < least) { least = dd; edge = e; }
    }
    const active = source.activeFeatures(triangle), a = 3 * edge, b = 3 * ((edge + 1) % 3);
    const atCorner = CORNER_SHARE * CORNER_SHARE * size;
    const toA = (q[0] - v[a]) ** 2 + (q[1] - v[a + 1]) ** 2 + (q[2] - v[a + 2]) ** 2;
    const toB = (q[0] - v[b]) ** 2 + (q[1] - v[b + 1]) ** 2 + (q[2] - v[b + 2]) ** 2;
    const feature = toA <= atCorner ? VERTEX_A << edge : toB <= atCorner ? VERTEX_A << ((edge + 1) % 3) : EDGE_AB << edge;
    if ((active & feature) !== 0) return false;
    const sign = along >= 0 ? 1 : -1;
    out.normal[0] = sign * fx; out.normal[1] = sign * fy; out.normal[2] = sign * fz;
    return true;
  }
  private readonly faceNormal = new Float64Array(3);

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
      if (this.start === StartContacts.Ignore || (this.start === StartContacts.HitWhenPressed && rate >= 0)) return -1;
      t = 0;
      this.scratchDepth = -height;
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

  /**
   * @internal The character controller's contacts: every solid shape (a mesh's or a heightfield's
   * triangles one by one, met from the front) within `margin` of `query` at the pose, not a sensor nor
   * of an `excluded` body, as the narrowphase's manifold at that margin sees it, its deepest point kept
   * (up to Penetrations.CAPACITY of them). Allocates nothing.
   */
  penetrations(
    query: Shape, position: Float64Array, orientation: Float64Array, excluded: readonly Body[], margin: number, out: Penetrations,
  ): void {
    this.options.only(excluded);
    const pose = this.queryPose, box = this.box;
    poseOf(query, position, orientation, pose);
    query.definition.bounds(query, pose.c, pose.W, box);
    for (let k = 0; k < 3; k++) {
      box[k] -= margin;
      box[3 + k] += margin;
    }
    this.queryShape = query;
    this.penetrationMargin = margin;
    this.penetrationOut = out;
    out.count = 0;
    for (let i = 0; i < TREES.length; i++) this.broadphase.trees[TREES[i]].query(box, this.visitPenetration);
    const unbounded = this.broadphase.unbounded;
    for (let i = 0; i < unbounded.length; i++) this.penetrationOf(unbounded[i]);
    this.queryShape = null;
    this.penetrationOut = null;
  }
  private penetrationMargin = 0;
  private penetrationOut: Penetrations | null = null;
  private readonly visitPenetration = (_id: number, slot: number): boolean => {
    this.penetrationOf(this.broadphase.proxyAt(slot));
    return true;
  };
  private penetrationOf(proxy: ShapeProxy): void {
    const out = this.penetrationOut as Penetrations;
    if (out.count === Penetrations.CAPACITY || !this.options.accepts(proxy.body, proxy.shape)) return;
    const query = this.queryShape as Shape, pose = this.queryPose, m = this.manifold;
    if (proxy.shape.mesh !== null) {
      this.meshPairs.penetrations(proxy, query, pose, this.box, this.penetrationMargin, out);
      return;
    }
    // the manifold's normal runs from its first shape to its second: toward the query when it is second
    const first = SHAPE_RANK[proxy.shape.type] <= SHAPE_RANK[query.type];
    if (first) collide(proxy.shape, proxy.pose, query, pose, this.penetrationMargin, m);
    else collide(query, pose, proxy.shape, proxy.pose, this.penetrationMargin, m);
    if (m.count === 0) return;
    let deepest = Infinity;
    for (let i = 0; i < m.count; i++) deepest = Math.min(deepest, m.separations[i]);
    const at = out.count++, sign = first ? 1 : -1;
    for (let k = 0; k < 3; k++) out.normals[3 * at + k] = sign * m.normal[k];
    out.separations[at] = deepest;
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
