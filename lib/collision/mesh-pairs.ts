// The contacts of a convex shape with a triangle mesh or heightfield: one contact per triangle the shape
// is near, as Jolt (a contact per sub-shape pair) and Rapier (a manifold per triangle) keep them, so a
// body resting across a crease or in a corner gets each face's own normal.
//
// The pair of shapes is one contact in the contact set (the "parent": no rows of its own); its triangles'
// contacts are its children, keyed by triangle, kept from step to step for their warm-start impulses
// while the triangle stays near, solved in the order (shape keys, triangle). Each step the convex shape's
// box (contact-set.ts: its bounds grown by the search's margin) is taken into the mesh's frame and the
// triangles whose boxes it overlaps are collided (triangle-contacts.ts).

import type { Shape } from '../geometry/shape.js';
import type { TriangleSource } from '../geometry/triangle-source.js';
import { TrianglePrism } from '../geometry/triangle-prism.js';
import type { ShapeProxy } from './broadphase.js';
import { ContactConstraint } from './contact-constraint.js';
import { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';
import { collideTriangle } from './triangle-contacts.js';

/** A mesh triangle's prism is at least this deep, m. */
const MIN_PRISM_DEPTH = 0.05;

export class MeshPairs {
  private readonly prism = new TrianglePrism();
  private readonly triangle = new Float64Array(9);
  private readonly normal = new Float64Array(3);
  private readonly box = new Float64Array(6);
  private readonly scratch = new Manifold();
  private stamp = 0;
  // the pair being collided (the triangle visitor reads them)
  private parent: ContactConstraint | null = null;
  private mesh: ShapeProxy | null = null;
  private other: ShapeProxy | null = null;
  private otherShape: Shape | null = null;
  private otherPose: ShapePose | null = null;
  private source: TriangleSource | null = null;
  private margin = 0;
  private overlapping = false;
  private pool: ContactConstraint[] = [];

  /**
   * Collides the convex shape of proxy `other` with the triangles of proxy `mesh`'s shape near it, into
   * `parent`'s children (new ones from `pool`, those no longer near back to it). Returns whether any
   * child has points. For a sensor pair: whether any triangle overlaps, with no children kept.
   */
  collide(parent: ContactConstraint, mesh: ShapeProxy, other: ShapeProxy, margin: number, pool: ContactConstraint[]): boolean {
    const source = mesh.shape.mesh as TriangleSource;
    this.parent = parent; this.mesh = mesh; this.other = other; this.source = source; this.margin = margin; this.pool = pool;
    this.otherShape = other.shape; this.otherPose = other.pose;
    this.stamp++;
    this.overlapping = false;
    mesh.pose.localBox(other.box, this.box);
    source.query(this.box, parent.sensor ? this.visitSensor : this.visitTriangle);
    this.parent = this.mesh = this.other = this.source = null;
    this.otherShape = this.otherPose = null;
    if (parent.sensor) return this.overlapping;
    // the triangles no longer near give their contacts back
    const children = parent.children as Map<number, ContactConstraint>;
    let touching = false;
    for (const [triangle, child] of children) {
      if (child.stamp !== this.stamp) {
        children.delete(triangle);
        pool.push(child);
      } else if (child.count > 0) {
        touching = true;
      }
    }
    return touching;
  }

  /**
   * Whether `shape` at world pose `pose` (world box `box`) overlaps or touches a triangle of the mesh
   * proxy's shape (scene queries).
   */
  overlaps(mesh: ShapeProxy, shape: Shape, pose: ShapePose, box: Float64Array): boolean {
    this.mesh = mesh; this.source = mesh.shape.mesh as TriangleSource; this.otherShape = shape; this.otherPose = pose;
    this.overlapping = false;
    mesh.pose.localBox(box, this.box);
    this.source.query(this.box, this.visitSensor);
    this.mesh = this.source = null;
    this.otherShape = this.otherPose = null;
    return this.overlapping;
  }

  /** Gives all of a parent's children back (the pair parted or went). */
  release(parent: ContactConstraint, pool: ContactConstraint[]): void {
    const children = parent.children;
    if (children === null) return;
    for (const child of children.values()) pool.push(child);
    children.clear();
  }

  private readonly visitTriangle = (triangle: number): boolean => {
    const parent = this.parent as ContactConstraint, mesh = this.mesh as ShapeProxy, other = this.other as ShapeProxy;
    const children = parent.children as Map<number, ContactConstraint>;
    let child = children.get(triangle);
    if (child === undefined) {
      const reused = this.pool.pop();
      child = reused !== undefined
        ? reused.reuse(mesh.body, mesh.shape, other.body, other.shape, mesh.key, other.key)
        : new ContactConstraint(mesh.body, mesh.shape, other.body, other.shape, new Manifold(), mesh.key, other.key);
      child.subKey = triangle;
      children.set(triangle, child);
    }
    child.stamp = this.stamp;
    this.collideOne(triangle, mesh, child.manifold, this.margin);
    child.matchImpulses();
    return true;
  };

  private readonly visitSensor = (triangle: number): boolean => {
    const m = this.scratch;
    this.collideOne(triangle, this.mesh as ShapeProxy, m, 0);
    for (let i = 0; i < m.count; i++) if (m.separations[i] <= 0) this.overlapping = true;
    return !this.overlapping;
  };

  /** One triangle against the other shape, into `out`. */
  private collideOne(triangle: number, mesh: ShapeProxy, out: Manifold, margin: number): void {
    const source = this.source as TriangleSource, t = this.triangle, n = this.normal;
    source.writeTriangle(triangle, t);
    source.writeNormal(triangle, n);
    const heightfield = mesh.shape.type === 'heightfield';
    // a triangle's prism is as deep as the triangle is wide: deep enough to push back a body that sank
    // in a step, shallow enough not to reach past a neighbouring drop (a prism runs straight down along
    // −n, which on a slope beside a cliff would leave the ground)
    this.prism.set(t, n[0], n[1], n[2], Math.max(MIN_PRISM_DEPTH, longestEdge(t)));
    collideTriangle(out, this.prism, mesh.pose, source.activeFeatures(triangle), heightfield, this.otherShape as Shape, this.otherPose as ShapePose, margin);
  }
}

function longestEdge(t: Float64Array): number {
  let longest = 0;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = 3 * ((k + 1) % 3);
    const dx = t[b] - t[a], dy = t[b + 1] - t[a + 1], dz = t[b + 2] - t[a + 2];
    longest = Math.max(longest, dx * dx + dy * dy + dz * dz);
  }
  return Math.sqrt(longest);
}
