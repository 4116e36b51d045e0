// The contacts of a convex shape with a triangle mesh or heightfield: one contact per triangle the shape
// is near, as Jolt (a contact per sub-shape pair) and Rapier (a manifold per triangle) keep them, so a
// body resting across a crease or in a corner gets each face's own normal.
//
// The pair of shapes is one contact in the contact set (the "parent": no rows of its own). Each step the
// convex shape's box (contact-set.ts: its bounds grown by the search's margin) is taken into the mesh's
// frame and the triangles whose boxes it overlaps are collided (mesh-triangle.ts), each into a
// manifold of its own. Then, as Jolt's manifold reduction does for the sub-shapes of one body pair,
// manifolds whose normals lie within MERGE_ANGLE of each other are merged into one, under the deepest
// one's normal, and reduced to 4 points (features.ts reducePoints): a box lying across four triangles of
// gently curved ground is one contact of 4 rows, not four of 16. Each merged manifold is a child contact,
// keyed by the lowest triangle it holds, kept from step to step for its warm-start impulses (its points'
// ids carry their triangle), solved in the order (shape keys, key).
//
// A pair's work is bounded whatever the level (lib/limits.ts): at most MAX_PAIR_TRIANGLES triangles are
// collided per step (the source's querySample: all of those in the box when they are fewer, else that
// many spread over it, the same ones from step to step), and at most MAX_PAIR_MANIFOLDS merged manifolds,
// the deepest, are kept as contacts. Without them a body over a heightfield of micrometre cells or a mesh
// of 2·10⁵ triangles in one place collided every one of them each step (126 ms and 1.4 s steps for 5
// bodies), each a contact of its own for the solver. Jolt and Rapier collide every triangle in the box;
// the bound takes over only where that is hundreds (the level and terrain scenes collide at most 66 a
// pair and keep at most 6 manifolds, and step as before, bit for bit).
//
// A sample does not tile the surface under the body. A ball's or capsule's contact at an internal edge
// is left to the neighbour its centre is over (triangle-contacts.ts), which may not be in the sample, so
// against a sample a ball or capsule beside a triangle across an internal edge (where the surface goes on
// flat, or bends up) meets the triangle's plane, up to the sample's spacing from the triangle
// (collideTriangle's `reach`: farther, a gently convex surface would fall away from the plane, and the ball
// rest on air above a hill of small triangles). Measured without it: a
// ball fell through a flat heightfield of 4 mm cells, every sampled triangle leaving the contact to a
// neighbour that was not sampled; with every edge active instead, a ball resting on it rolled away on the
// sampled triangles' edges (20 cm in 2 s). Boxes and hulls need nothing: at an internal edge their
// contacts are their faces clipped to the triangle, and their faces overlap the sample.
//
// Two meshes (a dynamic trimesh against a static or dynamic trimesh or a heightfield: pairs of triangles
// from both, as Rapier's trimesh–trimesh does; Jolt has no MeshShape–MeshShape collision). The other
// mesh's triangles in the overlap of the two boxes are taken one by one, each as the prism under it
// (its triangle and the same moved inward along −n: a hull, carried by a hull shape made once here), and
// that prism is the convex shape collided with this mesh's triangles near it, as above. A pair of
// triangles facing the same way (n_a · n_b > 0) is skipped: a closed solid meets another by faces turned
// toward it, and the prism of a face turned away reaches through a thin wall (the bottom inside a bowl
// would push the bowl up out of the floor by the prism's depth). Each manifold is keyed by both triangles,
// tb · 2²⁷ + ta (exact in a double); the work is bounded by MAX_PAIR_TRIANGLES of the other mesh and as
// many of this one's per triangle.

import { Shape } from '../geometry/shape.js';
import { HULL } from '../geometry/shapes/hull.js';
import { ShapePose } from './shape-pose.js';
import type { TriangleSource } from '../geometry/triangle-source.js';
import { TrianglePrism } from '../geometry/triangle-prism.js';
import type { ShapeProxy } from './broadphase.js';
import { ContactConstraint } from './contact-constraint.js';
import { CLIP_CAPACITY, candidateDepths, candidateIds, candidates, reducePoints } from './features.js';
import { Manifold } from './manifold.js';
import { Penetrations } from './penetrations.js';
import { mergeSort } from '../math/merge-sort.js';
import { MAX_PAIR_MANIFOLDS, MAX_PAIR_TRIANGLES } from '../limits.js';
import { UNPOOLED, type Float64Allocator } from '../util/arena.js';
import { collideTriangle } from './mesh-triangle.js';

/** A mesh triangle's prism is at least this deep, m. */
const MIN_PRISM_DEPTH = 0.05;
/** Manifolds of one pair whose normals are within this angle (5°) are merged. */
const MERGE_COSINE = Math.cos((5 * Math.PI) / 180);

/** @internal How many triangles every MeshPairs has collided (contacts and overlap tests), for tests and
 * measurements of a pair's work. */
export const meshPairCounters = { triangles: 0 };


/** One triangle's manifold this step. */
interface Found {
  triangle: number;
  manifold: Manifold;
  /** Its merged group, −1 before grouping. */
  group: number;
  /** Its deepest point's separation. */
  depth: number;
}

function precedes(a: Found, b: Found): boolean {
  return a.depth < b.depth || (a.depth === b.depth && a.triangle < b.triangle);
}

export class MeshPairs {
  private readonly prism = new TrianglePrism();
  private readonly triangle = new Float64Array(9);
  private readonly normal = new Float64Array(3);
  private readonly box = new Float64Array(6);
  private readonly scratch = new Manifold();
  private stamp = 0;
  // the pair being collided (the triangle visitor reads them)
  private mesh: ShapeProxy | null = null;
  private otherShape: Shape | null = null;
  private otherPose: ShapePose | null = null;
  private source: TriangleSource | null = null;
  private margin = 0;
  private overlapping = false;
  /** 0, or when this pair's triangles are a sample, its spacing (querySample). */
  private reach = 0;
  /** The triangles querySample handed over, collided after it returns (when it is known whether they are
   * a sample). */
  private readonly near = new Int32Array(MAX_PAIR_TRIANGLES);
  private nearCount = 0;
  private readonly collect = (triangle: number): boolean => {
    if (this.nearCount === this.near.length) return false;
    this.near[this.nearCount++] = triangle;
    return true;
  };
  private pool: ContactConstraint[] = [];
  // Two meshes: the other mesh's triangles near this one, the prism of the one being collided, the hull
  // shape that carries it and its pose (centred on the prism's centroid), its world front normal, and
  // its index.
  private readonly nearOther = new Int32Array(MAX_PAIR_TRIANGLES);
  private nearOtherCount = 0;
  private readonly collectOther = (triangle: number): boolean => {
    if (this.nearOtherCount === this.nearOther.length) return false;
    this.nearOther[this.nearOtherCount++] = triangle;
    return true;
  };
  private readonly otherPrism = new TrianglePrism();
  private carrier: Shape | null = null;
  private readonly carrierPose = new ShapePose();
  private readonly facing = new Float64Array(3);
  private facingSet = false;
  private otherTriangle = 0;
  private readonly otherBox = new Float64Array(6);
  private readonly otherCorners = new Float64Array(9);
  private readonly otherNormal = new Float64Array(3);
  private readonly otherCentre = new Float64Array(3);

  /** `allocator`: where new triangle contacts' numbers live (their set's arena). */
  constructor(private allocator: Float64Allocator = UNPOOLED) {}
  /** @internal How many triangle contacts it has made (ContactSet counts its contacts). */
  made = 0;
  /** @internal Where new triangle contacts' numbers live from now on (ContactSet compacted its arena). */
  useAllocator(allocator: Float64Allocator): void {
    this.allocator = allocator;
  }

  /**
   * Collides the convex shape of proxy `other` with the triangles of proxy `mesh`'s shape near it, into
   * `parent`'s children (new ones from `pool`, those no longer near back to it). Returns whether any
   * child has points, within the margin in parent.manifold.margin. For a sensor pair: whether any
   * triangle overlaps, with no children kept.
   */
  collide(parent: ContactConstraint, mesh: ShapeProxy, other: ShapeProxy, pool: ContactConstraint[]): boolean {
    const source = mesh.shape.mesh as TriangleSource;
    this.mesh = mesh; this.source = source; this.margin = parent.manifold.margin; this.pool = pool;
    this.otherShape = other.shape; this.otherPose = other.pose;
    this.stamp++;
    this.overlapping = false;
    this.foundCount = 0;
    const visit = parent.sensor ? this.visitSensor : this.visitTriangle;
    if (other.shape.mesh !== null) {
      this.collideMeshes(mesh, other, visit);
    } else {
      mesh.pose.localBox(other.box, this.box);
      this.nearCount = 0;
      this.reach = source.querySample(this.box, MAX_PAIR_TRIANGLES, this.collect);
      const near = this.near;
      for (let i = 0; i < this.nearCount; i++) if (!visit(near[i])) break;
      this.reach = 0;
    }
    if (!parent.sensor) this.merge(parent, mesh, other);
    this.mesh = this.source = null;
    this.otherShape = this.otherPose = null;
    if (parent.sensor) return this.overlapping;
    // the keys no longer found give their contacts back
    const children = parent.children as ContactConstraint[];
    let touching = false, kept = 0;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.stamp !== this.stamp) {
        child.forget();
        pool.push(child);
        continue;
      }
      if (child.count > 0) touching = true;
      children[kept++] = child;
    }
    children.length = kept;
    // each child's manifold kept with the pose it was found at, for reuse
    for (let i = 0; i < kept; i++) children[i].manifoldCache.remember(children[i].manifold, mesh.pose, other.pose, mesh.shape, other.shape);
    return touching;
  }

  /**
   * Two meshes (see the header): each triangle of the other mesh within both boxes, as its prism carried
   * by a hull shape, against this mesh's triangles near it, through `visit`.
   */
  private collideMeshes(mesh: ShapeProxy, other: ShapeProxy, visit: (triangle: number) => boolean): void {
    const A = mesh.box, B = other.box, both = this.otherBox;
    // the overlap of the two boxes, grown by the margin: the other mesh's triangles within it of this one
    const margin = this.margin;
    for (let k = 0; k < 3; k++) {
      both[k] = Math.max(A[k], B[k]) - margin;
      both[3 + k] = Math.min(A[3 + k], B[3 + k]) + margin;
      if (both[k] > both[3 + k]) return;
    }
    const otherSource = other.shape.mesh as TriangleSource, prism = this.otherPrism, t = this.otherCorners, n = this.otherNormal;
    const carrier = this.carrier ?? this.makeCarrier();
    const pose = this.carrierPose, c = pose.c, W = pose.W, oc = other.pose.c, oW = other.pose.W;
    W.set(oW);
    other.pose.localBox(both, this.box);
    this.nearOtherCount = 0;
    otherSource.querySample(this.box, MAX_PAIR_TRIANGLES, this.collectOther);
    this.otherShape = carrier; this.otherPose = pose;
    for (let j = 0; j < this.nearOtherCount; j++) {
      const tb = this.nearOther[j];
      if (!otherSource.writeTriangle(tb, t)) continue;
      otherSource.writeNormal(tb, n);
      const h = Math.max(MIN_PRISM_DEPTH, longestEdge(t));
      // centred on the prism's centroid g (the triangle's centroid moved h/2 inward), so that the front
      // test of this mesh's triangles (mesh-triangle.ts) sees the prism's middle
      for (let k = 0; k < 3; k++) {
        const g = (t[k] + t[3 + k] + t[6 + k]) / 3 - 0.5 * h * n[k];
        t[k] -= g; t[3 + k] -= g; t[6 + k] -= g;
        this.otherCentre[k] = g;
      }
      if (!prism.set(t, n, h)) continue;
      const gx = this.otherCentre[0], gy = this.otherCentre[1], gz = this.otherCentre[2];
      for (let k = 0; k < 3; k++) c[k] = oc[k] + oW[k] * gx + oW[3 + k] * gy + oW[6 + k] * gz;
      for (let k = 0; k < 3; k++) this.facing[k] = oW[k] * n[0] + oW[3 + k] * n[1] + oW[6 + k] * n[2];
      this.facingSet = true;
      this.otherTriangle = tb;
      // this mesh's triangles near the prism's world box
      // (the prism's own world box: a moved prism's hull keeps the bounds it was made with)
      const pv = prism.hull.vertices;
      for (let k = 0; k < 3; k++) {
        let low = Infinity, high = -Infinity;
        for (let i = 0; i < 18; i += 3) {
          const x = c[k] + W[k] * pv[i] + W[3 + k] * pv[i + 1] + W[6 + k] * pv[i + 2];
          if (x < low) low = x;
          if (x > high) high = x;
        }
        both[k] = low - margin;
        both[3 + k] = high + margin;
      }
      mesh.pose.localBox(both, this.box);
      this.nearCount = 0;
      (this.source as TriangleSource).querySample(this.box, MAX_PAIR_TRIANGLES, this.collect);
      let going = true;
      for (let i = 0; i < this.nearCount && going; i++) going = visit(this.near[i]);
      if (!going) break;
    }
    this.facingSet = false;
    this.otherTriangle = 0;
  }

  /** The hull shape that carries the other mesh's prisms: a hull shape whose hull is the prism's. */
  private makeCarrier(): Shape {
    const carrier = new Shape('mesh pairs', { type: 'hull', points: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1] }, { hull: HULL });
    Object.defineProperty(carrier, 'hull', { value: this.otherPrism.hull });
    this.carrier = carrier;
    return carrier;
  }

  /**
   * Rebuilds `parent`'s children from their kept manifolds instead of colliding the triangles again,
   * when the convex shape of proxy `other` moved less than 1 mm and turned less than 2° against the mesh
   * since they were found (manifold-cache.ts, Jolt's body pair cache, which keeps a body pair's every
   * sub-shape manifold alike); returns whether it did (then every child has points). All of a pair's
   * children were found at one pose, and each keeps it in its cache, so a snapshot restores the choice.
   * A pair without children is collided again (with this step's speculative margin, which grows with
   * speed), as a convex pair that near-missed.
   */
  reuse(parent: ContactConstraint, mesh: ShapeProxy, other: ShapeProxy): boolean {
    const children = parent.children as ContactConstraint[];
    if (children.length === 0) return false;
    for (let i = 0; i < children.length; i++) if (!children[i].manifoldCache.holdsPointsNear(mesh.pose, other.pose)) return false;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      child.manifoldCache.reuse(child.manifold, mesh.pose, other.pose, mesh.shape, other.shape);
      child.matchImpulses();
    }
    return true;
  }

  private readonly found: Found[] = [];
  private foundCount = 0;
  private readonly order: number[] = [];
  private readonly orderScratch: number[] = [];
  private readonly byDepth = (i: number, j: number): number => {
    const a = this.found[i], b = this.found[j];
    return precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0;
  };

  /** This step's triangle manifolds, grouped by normal, into the parent's children (see the header). */
  private merge(parent: ContactConstraint, mesh: ShapeProxy, other: ShapeProxy): void {
    const found = this.found, count = this.foundCount, order = this.order;
    // deepest first: each group takes the normal of its deepest manifold
    order.length = 0;
    for (let i = 0; i < count; i++) {
      const f = found[i];
      f.group = -1;
      f.depth = deepestOf(f.manifold);
      order.push(i);
    }
    // by depth, then triangle: a total order (each triangle is found once), so any sort gives the same;
    // a merge sort through kept scratch allocates nothing, and is O(n log n) for a budget's worth
    mergeSort(order, this.byDepth, this.orderScratch);
    const children = parent.children as ContactConstraint[];
    let groups = 0;
    for (let g = 0; g < count && groups < MAX_PAIR_MANIFOLDS; g++) {
      const lead = found[order[g]];
      if (lead.group >= 0) continue;
      lead.group = g;
      groups++;
      const n = lead.manifold.normal;
      let key = lead.triangle;
      for (let k = g + 1; k < count; k++) {
        const f = found[order[k]];
        if (f.group >= 0) continue;
        const m = f.manifold.normal;
        if (n[0] * m[0] + n[1] * m[1] + n[2] * m[2] < MERGE_COSINE) continue;
        f.group = g;
        if (f.triangle < key) key = f.triangle;
      }
      let child: ContactConstraint | undefined;
      for (let i = 0; i < children.length; i++) if (children[i].subKey === key) child = children[i];
      if (child === undefined) {
        const reused = this.pool.pop();
        child = reused !== undefined
          ? reused.reuse(mesh.body, mesh.shape, other.body, other.shape, mesh.key, other.key)
          : new ContactConstraint(mesh.body, mesh.shape, other.body, other.shape, mesh.key, other.key, this.allocator);
        if (reused === undefined) this.made++;
        child.subKey = key;
        children.push(child);
      }
      child.stamp = this.stamp;
      // the group's points as candidates, their ids told apart by triangle
      let points = 0;
      for (let k = g; k < count; k++) {
        const f = found[order[k]];
        if (f.group !== g) continue;
        const m = f.manifold, salt = Math.imul(f.triangle + 1, 0x9e3779b1);
        for (let i = 0; i < m.count && points < CLIP_CAPACITY; i++, points++) {
          candidates[3 * points] = m.points[3 * i];
          candidates[3 * points + 1] = m.points[3 * i + 1];
          candidates[3 * points + 2] = m.points[3 * i + 2];
          candidateDepths[points] = m.separations[i];
          candidateIds[points] = m.ids[i] ^ salt;
        }
      }
      const out = child.manifold;
      out.begin();
      out.setNormal(n[0], n[1], n[2]);
      reducePoints(out, points, n, true);
      child.matchImpulses();
    }
  }

  /**
   * Whether `shape` at world pose `pose` (world box `box`) overlaps or touches a triangle of the mesh
   * proxy's shape (scene queries).
   */
  overlaps(mesh: ShapeProxy, shape: Shape, pose: ShapePose, box: Float64Array): boolean {
    this.overlapping = false;
    this.visitQuery(mesh, shape, pose, box, this.visitSensor);
    return this.overlapping;
  }

  /** Calls `visit` for the mesh proxy's triangles in the world box, with `shape` at `pose` as the other
   * shape (the scene queries' walks). */
  private visitQuery(mesh: ShapeProxy, shape: Shape, pose: ShapePose, box: Float64Array, visit: (triangle: number) => boolean): void {
    this.mesh = mesh; this.source = mesh.shape.mesh as TriangleSource; this.otherShape = shape; this.otherPose = pose;
    mesh.pose.localBox(box, this.box);
    this.source.query(this.box, visit);
    this.mesh = this.source = null;
    this.otherShape = this.otherPose = null;
  }

  /**
   * The deepest contact of `shape` at world pose `pose` (world box `box`) with the mesh proxy's
   * triangles, as the contacts find it at zero margin (an internal edge gives its face's normal,
   * mesh-triangle.ts): its unit normal, from the mesh toward the shape, into `normal`, its point into
   * `point`; returns its separation (≤ 0), or Infinity without one (scene queries: castShape's starting
   * contacts).
   */
  deepest(mesh: ShapeProxy, shape: Shape, pose: ShapePose, box: Float64Array, normal: Float64Array, point: Float64Array): number {
    this.deepestSeparation = Infinity;
    this.deepestNormal = normal;
    this.deepestPoint = point;
    this.visitQuery(mesh, shape, pose, box, this.visitDeepest);
    return this.deepestSeparation;
  }
  private deepestSeparation = Infinity;
  private deepestNormal: Float64Array = this.normal;
  private deepestPoint: Float64Array = this.normal;

  private readonly visitDeepest = (triangle: number): boolean => {
    const m = this.scratch;
    m.margin = 0;
    m.count = 0;
    this.collideOne(triangle, this.mesh as ShapeProxy, m);
    for (let i = 0; i < m.count; i++) {
      const separation = m.separations[i];
      if (separation > 0 || separation >= this.deepestSeparation) continue;
      this.deepestSeparation = separation;
      this.deepestNormal.set(m.normal);
      for (let k = 0; k < 3; k++) this.deepestPoint[k] = m.points[3 * i + k];
    }
    return true;
  };

  /**
   * The triangles of the mesh proxy's shape within `margin` of `shape` at world pose `pose` (world box
   * `box`, already grown by the margin), each added to `out` by its deepest point (scene queries'
   * penetrations), from the front as the contacts meet them, until `out` is full.
   */
  penetrations(mesh: ShapeProxy, shape: Shape, pose: ShapePose, box: Float64Array, margin: number, out: Penetrations): void {
    this.margin = margin;
    this.penetrationOut = out;
    this.visitQuery(mesh, shape, pose, box, this.visitPenetration);
    this.penetrationOut = null;
  }
  private penetrationOut: Penetrations | null = null;
  private readonly visitPenetration = (triangle: number): boolean => {
    const out = this.penetrationOut as Penetrations, m = this.scratch;
    if (out.count === Penetrations.CAPACITY) return false;
    m.margin = this.margin;
    m.count = 0;
    this.collideOne(triangle, this.mesh as ShapeProxy, m);
    if (m.count === 0) return true;
    let deepest = Infinity;
    for (let i = 0; i < m.count; i++) deepest = Math.min(deepest, m.separations[i]);
    // (the manifold's normal runs from the triangle to the other shape)
    const at = out.count++;
    for (let k = 0; k < 3; k++) out.normals[3 * at + k] = m.normal[k];
    out.separations[at] = deepest;
    return true;
  };

  /** Gives all of a parent's children back (the pair parted or went). */
  release(parent: ContactConstraint, pool: ContactConstraint[]): void {
    const children = parent.children;
    if (children === null) return;
    for (let i = 0; i < children.length; i++) {
      children[i].forget();
      pool.push(children[i]);
    }
    children.length = 0;
  }

  private readonly visitTriangle = (triangle: number): boolean => {
    if (this.foundCount === this.found.length) this.found.push({ triangle: 0, manifold: new Manifold(), group: -1, depth: 0 });
    const f = this.found[this.foundCount];
    f.manifold.margin = this.margin;
    // no points from this slot's last use (another triangle, another pair): a hull's picks prefer the
    // last step's points (features.ts reducePoints), and a scratch manifold's were anyone's, state that
    // no snapshot holds (a restored world then picked 3 points of a triangle where the original picked 4)
    f.manifold.count = 0;
    this.collideOne(triangle, this.mesh as ShapeProxy, f.manifold);
    if (f.manifold.count > 0) {
      f.triangle = this.facingSet ? this.otherTriangle * PAIR_KEY + triangle : triangle;
      this.foundCount++;
    }
    return true;
  };

  private readonly visitSensor = (triangle: number): boolean => {
    const m = this.scratch;
    m.margin = 0;
    m.count = 0;
    this.collideOne(triangle, this.mesh as ShapeProxy, m);
    for (let i = 0; i < m.count; i++) if (m.separations[i] <= 0) this.overlapping = true;
    return !this.overlapping;
  };

  /** One triangle against the other shape, into `out`, within out.margin. */
  private collideOne(triangle: number, mesh: ShapeProxy, out: Manifold): void {
    const source = this.source as TriangleSource, t = this.triangle, n = this.normal;
    meshPairCounters.triangles++;
    source.writeTriangle(triangle, t);
    if (this.facingSet && this.facesAway(mesh.pose, triangle)) {
      out.count = 0;
      return;
    }
    if (this.clearsPlane(mesh.pose, out)) {
      out.count = 0;
      return;
    }
    source.writeNormal(triangle, n);
    const heightfield = mesh.shape.type === 'heightfield';
    // a triangle's prism is as deep as the triangle is wide: deep enough to push back a body that sank
    // in a step, shallow enough not to reach past a neighbouring drop (a prism runs straight down along
    // −n, which on a slope beside a cliff would leave the ground); none for a triangle too thin to have
    // side planes (the meshes keep none: triangle-prism.ts)
    if (!this.prism.set(t, n, Math.max(MIN_PRISM_DEPTH, longestEdge(t)))) {
      out.count = 0;
      return;
    }
    collideTriangle(
      out, this.prism, mesh.pose, source.activeFeatures(triangle), heightfield, this.otherShape as Shape, this.otherPose as ShapePose, this.reach,
    );
  }

  /** Whether this mesh's triangle (its corners in this.triangle, mesh frame at world pose A) faces the
   * same way as the other mesh's triangle being collided (world normal in this.facing): n_a · n_b > 0. */
  private facesAway(A: ShapePose, triangle: number): boolean {
    const n = this.normal, W = A.W, m = this.facing;
    (this.source as TriangleSource).writeNormal(triangle, n);
    const nx = W[0] * n[0] + W[3] * n[1] + W[6] * n[2];
    const ny = W[1] * n[0] + W[4] * n[1] + W[7] * n[2];
    const nz = W[2] * n[0] + W[5] * n[1] + W[8] * n[2];
    return nx * m[0] + ny * m[1] + nz * m[2] > 0;
  }

  /**
   * Whether the other shape lies beyond the plane of the triangle in `triangle` (mesh frame, at world pose
   * A) by more than out.margin: its lowest point along the face normal n, n·c − reach(−n) (its support
   * function), above the plane. The face normal is then a separating axis with a gap over the margin, and
   * no contact function keeps a point (each keeps points within the margin along the normal it picks: the
   * separating axis test's largest gap, which is at least this one, or n itself), so the triangle's
   * normal and prism are not made. A car on its wheels over terrain, or a body resting on a few of the
   * triangles its box spans, skips most of them. n is (b − a) × (c − a) scaled by the inverse of its
   * length, which may differ from the source's normal in the last bits: the slack (1e-6 m) leaves the
   * triangles at the margin's edge to the full test. A degenerate triangle's n is NaN: not skipped here.
   */
  private clearsPlane(A: ShapePose, out: Manifold): boolean {
    // (the margin read here: a double passed to a call V8 does not inline is boxed, 16 bytes a triangle)
    const margin = out.margin, t = this.triangle, W = A.W, c = A.c, B = this.otherPose as ShapePose, shape = this.otherShape as Shape;
    // the face normal in the mesh's frame
    const e1x = t[3] - t[0], e1y = t[4] - t[1], e1z = t[5] - t[2];
    const e2x = t[6] - t[0], e2y = t[7] - t[1], e2z = t[8] - t[2];
    let lx = e1y * e2z - e1z * e2y, ly = e1z * e2x - e1x * e2z, lz = e1x * e2y - e1y * e2x;
    const inverse = 1 / Math.sqrt(lx * lx + ly * ly + lz * lz);
    lx *= inverse; ly *= inverse; lz *= inverse;
    const nx = W[0] * lx + W[3] * ly + W[6] * lz;
    const ny = W[1] * lx + W[4] * ly + W[7] * lz;
    const nz = W[2] * lx + W[5] * ly + W[8] * lz;
    const ax = c[0] + W[0] * t[0] + W[3] * t[1] + W[6] * t[2];
    const ay = c[1] + W[1] * t[0] + W[4] * t[1] + W[7] * t[2];
    const az = c[2] + W[2] * t[0] + W[5] * t[1] + W[8] * t[2];
    const above = nx * (B.c[0] - ax) + ny * (B.c[1] - ay) + nz * (B.c[2] - az);
    if (!(above > margin + CLEAR_SLACK)) return false;
    worldNormal[0] = nx; worldNormal[1] = ny; worldNormal[2] = nz;
    return above - shape.definition.reach(shape, B.W, worldNormal, -1) > margin + CLEAR_SLACK;
  }
}

/** Two meshes' manifolds are keyed tb · PAIR_KEY + ta: above any mesh's or heightfield's triangle count. */
const PAIR_KEY = 2 ** 27;

/** The gap beyond the margin below which clearsPlane leaves a triangle to the full test, m. */
const CLEAR_SLACK = 1e-6;
const worldNormal = new Float64Array(3);

function longestEdge(t: Float64Array): number {
  let longest = 0;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = 3 * ((k + 1) % 3);
    const dx = t[b] - t[a], dy = t[b + 1] - t[a + 1], dz = t[b + 2] - t[a + 2];
    longest = Math.max(longest, dx * dx + dy * dy + dz * dz);
  }
  return Math.sqrt(longest);
}

/** The smallest separation of a manifold's points. */
function deepestOf(m: Manifold): number {
  let least = Infinity;
  for (let i = 0; i < m.count; i++) if (m.separations[i] < least) least = m.separations[i];
  return least;
}
