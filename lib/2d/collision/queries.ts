// 2D scene queries: rays, swept shapes, overlaps, boxes and point projections against the world's shapes,
// through the broadphase's trees (broadphase.ts): lib/collision/queries.ts in the plane, as Box2D v3's
// b2World_CastRay, b2World_CastShape and b2World_OverlapShape.
//
// Each query walks the three trees (static, kinematic, dynamic). A tree leaf is a shape's fat box (one per
// segment of a chain), so each candidate is then tested exactly against the shape at its body's pose: a
// ray by the shape's own ray cast (geometry/ray-cast.ts: a chain segment is met from its right side only,
// as Box2D's), a swept shape by conservative advancement on the GJK distance (geometry/shape-cast.ts: a
// chain segment only when the shape starts on its right side, as the contacts meet it), an
// overlap by GJK (geometry/distance.ts: touching, within 1e-6 of the larger shape's size, counts), a point
// by GJK against a point. The nearest-hit casts clip the ray as they go, so a leaf farther than the nearest
// hit so far is never tested. A chain is one shape: its segments met by one query give one result, the
// nearest.
//
// The trees hold the 3D trees' boxes with z from 0 to 1 (broadphase.ts), so a ray runs at z = ½ with no z
// motion, and a query box spans z from 0 to 1.
//
// Which shapes a query sees (QueryOptions2D): `filter` is a collision filter applied as between two shapes
// (shape.ts shouldCollide: category, mask, group), `exclude` leaves out bodies, `predicate` has the last
// word, and sensors are skipped unless `includeSensors`: the 3D options.

import { rayCastTree } from '../../geometry/tree-ray-cast.js';
import { ReadQueryOptions, StartContacts, type QueryFilter } from '../../collision/query-options.js';
import { readFiniteVector, show } from '../../util/validate.js';
import type { Vector2Input } from '../../util/vector-input.js';
import type { Body2D } from '../body.js';
import { Shape2D } from '../geometry/shape.js';
import type { Shape2DOptions } from '../geometry/shape-options.js';
import type { ChainSegmentGeometry, ShapeGeometry2D } from '../geometry/shape-geometry.js';
import { ConvexProxy2D, DistanceResult2D, measureDistance2D, shapesOverlap2D } from '../geometry/distance.js';
import { CastResult2D, shapeCast2D } from '../geometry/shape-cast.js';
import { RayCastOutput2D, rayCastShape2D } from '../geometry/ray-cast.js';
import { collide2D } from './narrowphase.js';
import { Manifold2D } from './manifold.js';
import { ShapePose2D } from './shape-pose.js';
import { writeBounds, type BroadPhase2D, type ShapeProxy2D } from './broadphase.js';

export type { QueryFilter };

/** Which shapes a query sees (the 3D QueryOptions with 2D bodies and shapes). */
export interface QueryOptions2D {
  /** Seen: the shapes this filter collides with, as between two shapes (Box2D's b2QueryFilter). */
  filter?: QueryFilter;
  /** Bodies not seen (a character's own body, say). */
  exclude?: Body2D | readonly Body2D[];
  /** Called for each shape that passes the rest; false leaves it out. */
  predicate?: (body: Body2D, shape: Shape2D) => boolean;
  /** Sensors are seen too. Default false. */
  includeSensors?: boolean;
}

/**
 * castShape's options: QueryOptions2D and what to do with a shape the swept one starts in contact with
 * (touching or overlapping), as in 3D (lib/collision/queries.ts ShapeCastOptions):
 * - hit (`ignoreInitialOverlap: false`, or `stopAtPenetration: true`): every such shape is a hit at
 *   distance 0, its normal the penetration axis (the contact normal, as the narrowphase finds it, out of
 *   the shape toward the swept one) and its point the deepest contact point; of several, the deepest.
 * - hit when pressed into (the default): only a shape the motion presses into (d·n < 0) is a hit at
 *   distance 0; one it moves away from or along is passed by, and the cast goes on to the next shape.
 * - ignore (`ignoreInitialOverlap: true`): no such shape is a hit; the cast sees only shapes it starts
 *   apart from.
 * Given both, they must agree (ignoreInitialOverlap: false with stopAtPenetration: true, or true with false).
 */
export interface ShapeCastOptions2D extends QueryOptions2D {
  /** Default: neither (see above). */
  ignoreInitialOverlap?: boolean;
  /** Default false. */
  stopAtPenetration?: boolean;
}

/** projectPoint's options: QueryOptions2D, and how a point inside a shape and a far one are taken. */
export interface PointProjectionOptions2D extends QueryOptions2D {
  /** A point inside a shape projects onto itself (distance 0). False: onto the surface, the distance to it
   * positive. Default true. */
  solid?: boolean;
  /** Shapes farther than this, m, are not seen. Default Infinity. */
  maxDistance?: number;
}

/** What a ray or a swept shape hit: the body and shape, the distance along the direction, the point and
 * the hit surface's outward normal (world, m). */
export interface RayHit2D {
  body: Body2D;
  shape: Shape2D;
  distance: number;
  point: Float64Array;
  normal: Float64Array;
}

/** A shape a query overlaps. */
export interface ShapeOverlap2D {
  body: Body2D;
  shape: Shape2D;
}

/**
 * Where a point projects (world.projectPoint): the nearest shape, the point of it nearest the query point
 * (the query point itself when inside and `solid`), the outward unit normal of its surface at the nearest
 * surface point, the distance from the query point to `point`, and whether the query point is inside the
 * shape (a segment or chain has no inside).
 */
export interface PointProjection2D {
  body: Body2D;
  shape: Shape2D;
  point: Float64Array;
  normal: Float64Array;
  distance: number;
  inside: boolean;
}



/** The three trees: static, kinematic, dynamic (broadphase.ts TreeKind). */
const TREE_COUNT = 3;

/** The queries of one 2D world, over its broadphase (kept up to date by the world before each query). */
export class SceneQueries2D {
  private readonly options = new ReadQueryOptions<Body2D, Shape2D>('Body2D');
  /** The ray (or the swept box's centre) at z = ½ and its direction with no z (the trees' boxes, above). */
  private readonly origin = new Float64Array([0, 0, 0.5]);
  private readonly direction = new Float64Array(3);
  private readonly box = new Float64Array([0, 0, 0, 0, 0, 1]);
  private readonly extent = new Float64Array(3);
  /** The nearest hit so far (castRay, castShape, projectPoint). */
  private nearest: ShapeProxy2D | null = null;
  private readonly nearestNormal = new Float64Array(2);
  private readonly nearestPoint = new Float64Array(2);
  private rayMax = Infinity;
  /** castRayAll's hits and the overlap queries' results, with their proxies' keys (for the order). */
  private hits: RayHit2D[] | null = null;
  private overlaps: ShapeOverlap2D[] = [];
  private readonly keys: number[] = [];
  private readonly ray = new RayCastOutput2D();
  private readonly queryPose = new ShapePose2D();
  private readonly queryProxy = new ConvexProxy2D();
  private readonly targetProxy = new ConvexProxy2D();
  private readonly distance = new DistanceResult2D();
  private readonly cast = new CastResult2D();
  private readonly manifold = new Manifold2D();
  private readonly translation = new Float64Array(2);
  private queryShape: Shape2D | null = null;
  /** Shapes built from options objects, kept so a query repeated with the same object builds none. */
  private readonly built = new WeakMap<object, Shape2D>();

  constructor(private readonly broadphase: BroadPhase2D) {}

  // ---- rays ----

  /** The nearest hit of the ray o + t d (d a unit vector, 0 ≤ t ≤ maxDistance), or null. */
  castRay(where: string, o: Float64Array, d: Float64Array, maxDistance: number, options: QueryOptions2D | undefined): RayHit2D | null {
    this.options.read(where, options);
    this.hits = null;
    this.walkRay(o, d, maxDistance);
    const proxy = this.nearest;
    this.nearest = null;
    if (proxy === null) return null;
    const t = this.rayMax;
    return {
      body: proxy.body, shape: shapeOf(proxy), distance: t, point: new Float64Array([o[0] + t * d[0], o[1] + t * d[1]]),
      normal: Float64Array.from(this.nearestNormal),
    };
  }

  /** Every shape the ray hits, nearest first (a chain once, where the ray first meets it; ties in key order). */
  castRayAll(where: string, o: Float64Array, d: Float64Array, maxDistance: number, options: QueryOptions2D | undefined): RayHit2D[] {
    this.options.read(where, options);
    const hits: RayHit2D[] = (this.hits = []);
    this.keys.length = 0;
    this.walkRay(o, d, maxDistance);
    this.hits = null;
    return onePerShape(inKeyOrder(hits, this.keys, (x, y) => x.distance - y.distance));
  }

  /** Walks the trees along the ray, clipping at the nearest hit unless every hit is kept. */
  private walkRay(o: Float64Array, d: Float64Array, maxDistance: number): void {
    this.origin[0] = o[0]; this.origin[1] = o[1];
    this.direction[0] = d[0]; this.direction[1] = d[1];
    this.nearest = null;
    this.rayMax = maxDistance;
    const trees = this.broadphase.trees;
    for (let i = 0; i < TREE_COUNT; i++) rayCastTree(trees[i], this.origin, this.direction, this.rayMax, this.visitRay);
  }

  private readonly visitRay = (_id: number, slot: number, _tMax: number): number => {
    this.visitRayProxy(this.broadphase.proxyAt(slot));
    return this.rayMax;
  };

  /** The exact ray test against one shape (or chain segment). */
  private visitRayProxy(proxy: ShapeProxy2D): void {
    if (!this.options.accepts(proxy.body, shapeOf(proxy))) return;
    const out = this.ray;
    if (!rayCastShape2D(proxy.geometry, proxy.pose, this.origin, this.direction, this.rayMax, out)) return;
    const t = out.distance;
    if (this.hits !== null) {
      this.hits.push({ body: proxy.body, shape: shapeOf(proxy), distance: t, point: Float64Array.from(out.point), normal: Float64Array.from(out.normal) });
      this.keys.push(proxy.key);
      return;
    }
    // nearest: ties go to the lower key, so the answer does not depend on the trees' order
    if (this.nearest !== null && (t > this.rayMax || (t === this.rayMax && proxy.key > this.nearest.key))) return;
    this.rayMax = t;
    this.nearest = proxy;
    this.nearestNormal[0] = out.normal[0]; this.nearestNormal[1] = out.normal[1];
  }

  // ---- boxes and overlaps ----

  /** Every shape whose bounds overlap the box [min, max]. */
  queryAABB(where: string, min: Float64Array, max: Float64Array, options: QueryOptions2D | undefined): ShapeOverlap2D[] {
    this.options.read(where, options);
    const box = this.box;
    box[0] = min[0]; box[1] = min[1]; box[3] = max[0]; box[4] = max[1];
    const out: ShapeOverlap2D[] = (this.overlaps = []);
    this.keys.length = 0;
    for (let i = 0; i < TREE_COUNT; i++) this.broadphase.trees[i].query(box, this.visitBox);
    return onePerShape(inKeyOrder(out, this.keys, null));
  }

  private readonly bounds = new Float64Array(6);
  private readonly visitBox = (_id: number, slot: number): boolean => {
    const proxy = this.broadphase.proxyAt(slot), b = this.bounds, box = this.box;
    writeBounds(proxy.geometry, proxy.pose, b);
    if (b[0] > box[3] || box[0] > b[3] || b[1] > box[4] || box[1] > b[4]) return true;
    if (!this.options.accepts(proxy.body, shapeOf(proxy))) return true;
    this.overlaps.push({ body: proxy.body, shape: shapeOf(proxy) });
    this.keys.push(proxy.key);
    return true;
  };

  /** Every shape the given shape, at the pose, overlaps (touching, within GJK's tolerance, counts). */
  overlapShape(where: string, shape: Shape2DOptions | Shape2D, position: Float64Array, angle: number, options: QueryOptions2D | undefined): ShapeOverlap2D[] {
    const query = this.readShape(where, shape);
    this.options.read(where, options);
    this.placeQuery(query, position, angle);
    const out: ShapeOverlap2D[] = (this.overlaps = []);
    this.keys.length = 0;
    for (let i = 0; i < TREE_COUNT; i++) this.broadphase.trees[i].query(this.box, this.visitOverlap);
    return onePerShape(inKeyOrder(out, this.keys, null));
  }

  private readonly visitOverlap = (_id: number, slot: number): boolean => {
    const proxy = this.broadphase.proxyAt(slot);
    if (!this.options.accepts(proxy.body, shapeOf(proxy))) return true;
    this.targetProxy.setGeometry(proxy.geometry);
    if (shapesOverlap2D(this.targetProxy, proxy.pose, this.queryProxy, this.queryPose)) {
      this.overlaps.push({ body: proxy.body, shape: shapeOf(proxy) });
      this.keys.push(proxy.key);
    }
    return true;
  };

  /** The query shape at `position` with `angle` (composed with its own placement, a body's shape's):
   * queryPose, queryProxy and its bounds in `box`. */
  private placeQuery(query: Shape2D, position: Float64Array, angle: number): void {
    const rotation = this.rotation;
    rotation[0] = Math.cos(angle); rotation[1] = Math.sin(angle);
    this.queryPose.setFrom(position, rotation, query.position, query.rotation);
    this.queryProxy.setGeometry(query.childGeometry(0));
    writeBounds(query.childGeometry(0), this.queryPose, this.box);
  }
  private readonly rotation = new Float64Array(2);

  // ---- swept shapes ----

  /**
   * The first shape that `shape`, placed at the pose and swept along d (a unit vector) up to maxDistance,
   * hits: distance 0 when it starts in contact with one and presses into it (or any contact, or none: see
   * ShapeCastOptions2D). The candidates come from a box cast through the trees (the query shape's bounds
   * swept along d); each is then swept exactly (shape-cast.ts). The hit is written into `out` when given
   * (then nothing is allocated), else into a new object.
   */
  castShape(
    where: string, shape: Shape2DOptions | Shape2D, position: Float64Array, angle: number, d: Float64Array, maxDistance: number,
    options: ShapeCastOptions2D | undefined, out?: RayHit2D,
  ): RayHit2D | null {
    const query = this.readShape(where, shape);
    this.options.read(where, options, 'cast');
    this.queryShape = query;
    this.placeQuery(query, position, angle);
    const box = this.box;
    this.origin[0] = 0.5 * (box[0] + box[3]); this.origin[1] = 0.5 * (box[1] + box[4]);
    this.extent[0] = 0.5 * (box[3] - box[0]); this.extent[1] = 0.5 * (box[4] - box[1]);
    this.direction[0] = d[0]; this.direction[1] = d[1];
    this.nearest = null;
    this.rayMax = maxDistance;
    this.start = this.options.startContacts;
    this.nearestDepth = 0;
    // (maxDistance 0 still tests the shapes it starts in: the walk visits nothing at 0)
    const walk = this.rayMax > 0 ? this.rayMax : Number.MIN_VALUE;
    for (let i = 0; i < TREE_COUNT; i++) rayCastTree(this.broadphase.trees[i], this.origin, this.direction, walk, this.visitCast, this.extent);
    this.queryShape = null;
    const hit = this.nearest as ShapeProxy2D | null;
    this.nearest = null;
    if (hit === null) return null;
    if (out === undefined) {
      return { body: hit.body, shape: shapeOf(hit), distance: this.rayMax, point: Float64Array.from(this.nearestPoint), normal: Float64Array.from(this.nearestNormal) };
    }
    out.body = hit.body;
    out.shape = shapeOf(hit);
    out.distance = this.rayMax;
    out.point.set(this.nearestPoint);
    out.normal.set(this.nearestNormal);
    return out;
  }
  /** What a starting contact is to the cast under way (ShapeCastOptions2D). */
  private start = StartContacts.HitWhenPressed;
  /** The nearest hit's penetration depth (a starting contact's, m; 0 otherwise): of several starting
   * contacts, the deepest is the hit. */
  private nearestDepth = 0;

  private readonly visitCast = (_id: number, slot: number, _tMax: number): number => {
    this.castAgainst(this.broadphase.proxyAt(slot));
    // go on past a hit at 0 (the tree walk stops at a tMax of 0) for a deeper one
    return this.rayMax > 0 ? this.rayMax : Number.MIN_VALUE;
  };

  /** Sweeps the query shape against one shape, keeping the nearest hit (ties: the deeper starting contact,
   * then the lower key). */
  private castAgainst(proxy: ShapeProxy2D): void {
    if (!this.options.accepts(proxy.body, shapeOf(proxy))) return;
    if (proxy.geometry.type === 'chainSegment' && behindChain(proxy.geometry, proxy.pose, this.queryPose.c)) return;
    const d = this.direction, limit = this.rayMax, translation = this.translation, out = this.cast;
    this.targetProxy.setGeometry(proxy.geometry);
    translation[0] = d[0] * limit; translation[1] = d[1] * limit;
    if (!shapeCast2D(this.targetProxy, proxy.pose, this.queryProxy, this.queryPose, translation, out)) return;
    let nx = out.normal[0], ny = out.normal[1], px = out.point[0], py = out.point[1], depth = 0;
    if (out.fraction === 0) {
      if (this.start === StartContacts.Ignore) return;
      // GJK's normal or the narrowphase's saying "leaving" lets the shape pass (when pressed into is
      // asked), and the narrowphase's is the hit's
      const leaving = nx * d[0] + ny * d[1] >= 0;
      const m = this.manifold;
      m.margin = 0;
      collide2D(proxy.geometry, proxy.pose, this.queryProxyGeometry(), this.queryPose, m);
      let deepest = -1, least = 0;
      for (let i = 0; i < m.count; i++) {
        if (m.separations[i] <= least) {
          least = m.separations[i];
          deepest = i;
        }
      }
      if (deepest >= 0) {
        const cx = m.normal[0], cy = m.normal[1];
        if (this.start === StartContacts.HitWhenPressed && (leaving || cx * d[0] + cy * d[1] >= 0)) return;
        nx = cx; ny = cy;
        px = m.points[2 * deepest]; py = m.points[2 * deepest + 1];
        depth = -least;
      } else if (this.start === StartContacts.HitWhenPressed && leaving) return;
    }
    const t = out.fraction * limit;
    if (this.nearest !== null && (t > this.rayMax || (t === this.rayMax && (depth < this.nearestDepth || (depth === this.nearestDepth && proxy.key > this.nearest.key))))) return;
    this.rayMax = t;
    this.nearest = proxy;
    this.nearestDepth = depth;
    this.nearestNormal[0] = nx; this.nearestNormal[1] = ny;
    this.nearestPoint[0] = px; this.nearestPoint[1] = py;
  }

  /** The query shape's geometry (castShape under way). */
  private queryProxyGeometry(): ShapeGeometry2D {
    return (this.queryShape as Shape2D).childGeometry(0);
  }

  // ---- points ----

  /**
   * The shape nearest p and the point of it nearest p (PointProjection2D), or null when none is within
   * options.maxDistance. The trees are searched in growing squares about p: every shape whose surface is
   * within r of p has its box in the square of half-side r, so once the nearest found is within r, nothing
   * outside the square can beat it. A first square of 1 m (or maxDistance) is doubled until something is
   * found or it holds every tree, and a shape found at d > r is confirmed by one search at r = d.
   */
  projectPoint(where: string, p: Float64Array, options: PointProjectionOptions2D | undefined): PointProjection2D | null {
    const read = this.options.read(where, options, 'point');
    this.origin[0] = p[0]; this.origin[1] = p[1];
    this.nearest = null;
    this.projectBest = read.maxDistance;
    this.pointProxy.points[0] = 0; this.pointProxy.points[1] = 0;
    this.pointProxy.count = 1;
    this.pointProxy.radius = 0;
    this.pointPose.c[0] = p[0]; this.pointPose.c[1] = p[1];
    const box = this.box;
    let r = Math.min(1, read.maxDistance);
    for (;;) {
      box[0] = p[0] - r; box[1] = p[1] - r; box[3] = p[0] + r; box[4] = p[1] + r;
      for (let i = 0; i < TREE_COUNT; i++) this.broadphase.trees[i].query(box, this.visitProject);
      if (this.nearest !== null) {
        if (this.projectBest <= r) break;
        r = this.projectBest;
        continue;
      }
      if (r >= read.maxDistance || this.holdsEveryTree(box)) break;
      r = Math.min(2 * r, read.maxDistance);
    }
    const proxy = this.nearest as ShapeProxy2D | null;
    this.nearest = null;
    if (proxy === null) return null;
    return {
      body: proxy.body, shape: shapeOf(proxy), point: Float64Array.from(this.nearestPoint), normal: Float64Array.from(this.nearestNormal),
      distance: this.projectBest, inside: this.projectInside,
    };
  }
  private readonly pointProxy = new ConvexProxy2D();
  private readonly pointPose = new ShapePose2D();
  private projectBest = Infinity;
  private projectInside = false;

  private readonly visitProject = (_id: number, slot: number): boolean => {
    this.projectOnto(this.broadphase.proxyAt(slot));
    return true;
  };

  /** Projects the query point onto one shape, keeping the nearest (ties to the lower key). */
  private projectOnto(proxy: ShapeProxy2D): void {
    if (!this.options.accepts(proxy.body, shapeOf(proxy))) return;
    const result = this.distance, p = this.origin;
    this.targetProxy.setGeometry(proxy.geometry);
    measureDistance2D(this.targetProxy, proxy.pose, this.pointProxy, this.pointPose, result);
    let distance = result.distance, inside = false;
    const normal = this.scratchNormal, point = this.scratchPoint;
    if (result.distance > 0) {
      normal[0] = result.normal[0]; normal[1] = result.normal[1];
      point[0] = result.pointA[0]; point[1] = result.pointA[1];
    } else {
      // inside (or on) the shape: the nearest surface point from inside
      const depth = surfaceFromInside(proxy.geometry, proxy.pose, p, point, normal);
      inside = depth > 0;
      if (inside && this.options.solid) {
        distance = 0;
        point[0] = p[0]; point[1] = p[1];
      } else distance = depth;
    }
    if (distance > this.projectBest) return;
    if (this.nearest !== null && distance === this.projectBest && proxy.key > this.nearest.key) return;
    this.nearest = proxy;
    this.projectBest = distance;
    this.projectInside = inside;
    this.nearestPoint[0] = point[0]; this.nearestPoint[1] = point[1];
    this.nearestNormal[0] = normal[0]; this.nearestNormal[1] = normal[1];
  }
  private readonly scratchNormal = new Float64Array(2);
  private readonly scratchPoint = new Float64Array(2);

  /** Whether the box holds every tree's root box (a larger search finds nothing new). */
  private holdsEveryTree(box: Float64Array): boolean {
    const trees = this.broadphase.trees;
    for (let i = 0; i < TREE_COUNT; i++) {
      const tree = trees[i];
      if (tree.root < 0) continue;
      const b = tree._boxes, at = 6 * tree.root;
      if (b[at] < box[0] || b[at + 1] < box[1] || b[at + 3] > box[3] || b[at + 4] > box[4]) return false;
    }
    return true;
  }

  // ---- query shapes ----

  /** A shape built from options (kept per options object), or the shape given. A chain is refused (a
   * query shape is one convex piece). */
  readShape(where: string, shape: Shape2DOptions | Shape2D): Shape2D {
    let built: Shape2D | undefined;
    if (shape instanceof Shape2D) built = shape;
    else {
      if (shape === null || typeof shape !== 'object') throw new TypeError(`${where}: shape must be shape options or a Shape2D, got ${show(shape)}`);
      built = this.built.get(shape);
      if (built === undefined) {
        built = new Shape2D(where, 'shape', shape);
        this.built.set(shape, built);
      }
    }
    if (built.geometry === null) throw new RangeError(`${where}: shape must be one convex piece (a circle, capsule, box, polygon or segment), not a ${built.type}`);
    return built;
  }
}

/**
 * The point of a shape's surface nearest p, p inside or on the shape (world), into point and its outward
 * normal into normal; returns the depth of p below that surface (0 on it; a segment has no inside: 0).
 *   circle: along the radius; capsule: along the line from its core segment;
 *   polygon: onto the edge p is least deep below (the largest separation n_i·(p − v_i)).
 */
function surfaceFromInside(g: ShapeGeometry2D, pose: ShapePose2D, p: Float64Array, point: Float64Array, normal: Float64Array): number {
  const c = pose.c, R = pose.R;
  // p in the shape's frame
  const dx = p[0] - c[0], dy = p[1] - c[1];
  const x = R[0] * dx + R[1] * dy, y = -R[1] * dx + R[0] * dy;
  let lx = x, ly = y, nx = 0, ny = 1, depth = 0;
  switch (g.type) {
    case 'circle':
    case 'capsule': {
      const h = g.type === 'capsule' ? g.halfHeight : 0;
      const coreY = Math.max(-h, Math.min(h, y));
      const ox = x, oy = y - coreY, length = Math.hypot(ox, oy);
      if (length > 0) {
        nx = ox / length; ny = oy / length;
      } else if (g.type === 'capsule') {
        nx = 1; ny = 0;
      }
      lx = nx * g.radius; ly = coreY + ny * g.radius;
      depth = g.radius - length;
      break;
    }
    case 'polygon': {
      const v = g.vertices, n = g.normals;
      let best = -Infinity, edge = 0;
      for (let i = 0; i < g.count; i++) {
        const s = n[2 * i] * (x - v[2 * i]) + n[2 * i + 1] * (y - v[2 * i + 1]);
        if (s > best) {
          best = s; edge = i;
        }
      }
      nx = n[2 * edge]; ny = n[2 * edge + 1];
      depth = -best;
      lx = x - best * nx; ly = y - best * ny;
      break;
    }
    default: {
      // a segment: p is on it; its normal to the left of point1 → point2, toward p's side
      const ex = g.point2[0] - g.point1[0], ey = g.point2[1] - g.point1[1], length = Math.hypot(ex, ey);
      nx = -ey / length; ny = ex / length;
      depth = 0;
    }
  }
  point[0] = c[0] + R[0] * lx - R[1] * ly; point[1] = c[1] + R[1] * lx + R[0] * ly;
  normal[0] = R[0] * nx - R[1] * ny; normal[1] = R[1] * nx + R[0] * ny;
  return Math.max(0, depth);
}

/** Whether a point (world) is behind a one-sided chain segment, on the left of point1 → point2 (or on its
 * line): a swept shape starting there passes through it, as a ray does and as the contacts let it. */
function behindChain(g: ChainSegmentGeometry, pose: ShapePose2D, p: ArrayLike<number>): boolean {
  const c = pose.c, R = pose.R, dx = p[0] - c[0], dy = p[1] - c[1];
  // p in the shape's frame, then (e_y, −e_x)·(p − p1): the right-hand side positive
  const x = R[0] * dx + R[1] * dy - g.point1[0], y = -R[1] * dx + R[0] * dy - g.point1[1];
  const ex = g.point2[0] - g.point1[0], ey = g.point2[1] - g.point1[1];
  return ey * x - ex * y <= 0;
}

/** The Shape2D of a proxy (the broadphase holds the bodies' own shapes, Body2D.shapes). */
function shapeOf(proxy: ShapeProxy2D): Shape2D {
  return proxy.shape as Shape2D;
}

/** The results sorted by `first` (when given), then by their proxies' keys: an order that does not depend
 * on the trees. */
function inKeyOrder<T>(results: T[], keys: readonly number[], first: ((x: T, y: T) => number) | null): T[] {
  if (results.length < 2) return results;
  const order = results.map((_, i) => i);
  order.sort((i, j) => (first === null ? 0 : first(results[i], results[j])) || keys[i] - keys[j]);
  return order.map((i) => results[i]);
}

/** The first result of each shape (a chain's segments give one result, the first in order). */
function onePerShape<T extends { shape: Shape2D }>(results: T[]): T[] {
  if (results.length < 2) return results;
  const seen = new Set<Shape2D>();
  return results.filter((r) => {
    if (seen.has(r.shape)) return false;
    seen.add(r.shape);
    return true;
  });
}

/** A ray's origin and unit direction, with maxDistance checked (World2D.castRay, castRayAll). */
export function readRay2D(where: string, origin: Vector2Input, direction: Vector2Input, maxDistance: unknown): [Float64Array, Float64Array] {
  const o = readFiniteVector(where, 'origin', origin, 2, new Float64Array(2));
  const d = readDirection2D(where, 'direction', direction, new Float64Array(2));
  if (typeof maxDistance !== 'number' || !(maxDistance >= 0)) throw new RangeError(`${where}: maxDistance must be ≥ 0, got ${show(maxDistance)}`);
  return [o, d];
}

/** A 2D direction: 2 finite numbers, not both zero (returned normalized). */
export function readDirection2D(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  readFiniteVector(where, name, value, 2, out);
  const length = Math.hypot(out[0], out[1]);
  if (!(length > 1e-12)) throw new RangeError(`${where}: ${name} must be a nonzero direction, got ${show(value)}`);
  out[0] /= length; out[1] /= length;
  return out;
}
