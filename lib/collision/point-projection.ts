// The point of one shape's surface nearest a point (world.projectPoint; Rapier's PointQuery::project_point,
// Jolt's CollidePoint and GetClosestPoint): the surface point, the outward normal there and the signed
// distance, negative when the point is inside. Each shape type exactly, in its own frame
// (q = Wᵀ (p − c)), then back to the world (c + W q):
//
//   sphere       |q| − r along q/|q|
//   capsule      the segment (0, ±h, 0)'s nearest point s, then |q − s| − r along (q − s)/|q − s|
//   box, hull    the hull's faces (hull-contacts.ts projectOnHull): outside, the nearest point of the
//                faces q is in front of; inside, the foot on the nearest face's plane
//   plane        n·q − offset along n (below the plane is inside: a plane is a half-space, as in contacts)
//   trimesh      the nearest point of the triangles within reach (Ericson 5.1.5, triangle-contacts.ts
//                closestOnTriangle), normal along q − point, or the face's toward q when q is on it; a
//                surface, never inside
//   heightfield  as trimesh, and inside when below the surface (a triangle straight above q, found by a
//                ray up the local y axis: the grid is single-valued in y); the triangle above bounds the
//                search, since the surface point there is within that height of q
//
// A point on an axis of symmetry (a sphere's centre, a capsule's segment) has many nearest points: +y
// (the sphere) and +x (the capsule) are taken.

import type { ConvexHull } from '../geometry/hull.js';
import type { Shape } from '../geometry/shape.js';
import { RAY_T, RAY_T_MAX, type TriangleSource } from '../geometry/triangle-source.js';
import { projectOnHull } from './hull-contacts.js';
import { closestOnTriangle } from './triangle-contacts.js';
import type { ShapePose } from './shape-pose.js';

/** Projects world points onto shapes, into its own scratch (allocates nothing per call). */
export class PointProjector {
  /** The last projection: surface point and outward unit normal, world. */
  readonly point = new Float64Array(3);
  readonly normal = new Float64Array(3);
  private readonly local = new Float64Array(3);
  private readonly localPoint = new Float64Array(3);
  private readonly localNormal = new Float64Array(3);
  private readonly box = new Float64Array(6);
  private readonly corners = new Float64Array(9);
  private readonly closest = new Float64Array(3);
  private readonly ray = new Float64Array(2);
  private readonly up = new Float64Array([0, 1, 0]);
  private readonly rayNormal = new Float64Array(3);
  private readonly rayTriangle = new Int32Array(1);
  /** The triangle search under way: its source, the least squared distance so far (at first the reach's),
   * whether a triangle is within it, and whether that point is inside its face. */
  private source: TriangleSource | null = null;
  private best = Infinity;
  private found = false;
  private bestFace = false;

  /**
   * The signed distance from p (world) to the shape at `pose` (< 0 inside), its surface point and normal
   * into `point` and `normal`. A mesh or heightfield looks only at its triangles within `reach` (m) of
   * p, and returns Infinity when there are none (and p is not under a heightfield).
   */
  project(shape: Shape, pose: ShapePose, p: ArrayLike<number>, reach: number): number {
    const { c, W } = pose, q = this.local, out = this.localPoint, n = this.localNormal;
    const px = p[0] - c[0], py = p[1] - c[1], pz = p[2] - c[2];
    for (let k = 0; k < 3; k++) q[k] = W[3 * k] * px + W[3 * k + 1] * py + W[3 * k + 2] * pz;
    let signed: number;
    switch (shape.type) {
      case 'sphere':
        signed = this.onSegment(q, 0, shape.radius, 1);
        break;
      case 'capsule':
        signed = this.onSegment(q, shape.halfHeight, shape.radius, 0);
        break;
      case 'box':
      case 'hull':
        signed = projectOnHull(shape.hull as ConvexHull, q, out, n);
        break;
      case 'plane': {
        const m = shape.normal;
        signed = m[0] * q[0] + m[1] * q[1] + m[2] * q[2] - shape.offset;
        for (let k = 0; k < 3; k++) {
          n[k] = m[k];
          out[k] = q[k] - signed * m[k];
        }
        break;
      }
      default:
        signed = this.onTriangles(shape.mesh as TriangleSource, shape.type === 'heightfield', q, reach);
    }
    if (signed === Infinity) return signed;
    for (let k = 0; k < 3; k++) {
      this.point[k] = c[k] + W[k] * out[0] + W[3 + k] * out[1] + W[6 + k] * out[2];
      this.normal[k] = W[k] * n[0] + W[3 + k] * n[1] + W[6 + k] * n[2];
    }
    return signed;
  }

  /** The segment (0, ±h, 0) swept by r (a sphere when h = 0): the segment's point s nearest q, then
   * |q − s| − r; on the segment, the normal is the axis `fallback` (0: x, 1: y). */
  private onSegment(q: Float64Array, h: number, r: number, fallback: number): number {
    const out = this.localPoint, n = this.localNormal;
    const sy = Math.max(-h, Math.min(h, q[1]));
    const vx = q[0], vy = q[1] - sy, vz = q[2];
    const d = Math.sqrt(vx * vx + vy * vy + vz * vz);
    if (d > 0) {
      n[0] = vx / d; n[1] = vy / d; n[2] = vz / d;
    } else {
      n[0] = fallback === 0 ? 1 : 0; n[1] = fallback === 1 ? 1 : 0; n[2] = 0;
    }
    out[0] = r * n[0]; out[1] = sy + r * n[1]; out[2] = r * n[2];
    return d - r;
  }

  /** A mesh's or heightfield's nearest triangle point within `reach` of q (local); see the header. */
  private onTriangles(source: TriangleSource, heightfield: boolean, q: Float64Array, reach: number): number {
    let inside = false;
    if (heightfield) {
      const ray = this.ray;
      ray[RAY_T_MAX] = Infinity;
      if (source.rayCast(q, this.up, ray, this.rayNormal, this.rayTriangle)) {
        inside = true;
        // (the surface straight above is at ray[RAY_T]: the nearest point is no farther; the slack keeps
        // that triangle's own point, rounded, within the search)
        const above = ray[RAY_T] * (1 + 1e-9) + 1e-12;
        if (above < reach) reach = above;
      }
    }
    if (!(reach < Infinity)) reach = diagonalOf(source.bounds, q);
    const box = this.box;
    for (let k = 0; k < 3; k++) {
      box[k] = q[k] - reach;
      box[3 + k] = q[k] + reach;
    }
    this.source = source;
    this.best = reach * reach;
    this.bestFace = false;
    this.found = false;
    source.query(box, this.visitTriangle);
    this.source = null;
    if (!this.found) return Infinity;
    const out = this.localPoint, n = this.localNormal, d = Math.sqrt(this.best);
    if (!this.bestFace && d > 0) {
      for (let k = 0; k < 3; k++) n[k] = (q[k] - out[k]) / d;
    }
    // else n holds the face's normal, turned toward q (written by the visitor); under a heightfield, the
    // outward normal is up out of the ground: away from q
    if (inside) {
      for (let k = 0; k < 3; k++) n[k] = -n[k];
      return -d;
    }
    return d;
  }

  private readonly visitTriangle = (triangle: number): boolean => {
    const source = this.source as TriangleSource, v = this.corners, q = this.local, x = this.closest;
    if (!source.writeTriangle(triangle, v)) return true;
    const feature = closestOnTriangle(v, q, 0, x);
    const dx = q[0] - x[0], dy = q[1] - x[1], dz = q[2] - x[2];
    const dd = dx * dx + dy * dy + dz * dz;
    if (dd > this.best || (dd === this.best && this.found)) return true;
    this.found = true;
    this.best = dd;
    this.localPoint.set(x);
    // on the face (or q in its plane): the face's normal, toward q's side (the front when q is on it)
    this.bestFace = feature === 0 || dd === 0;
    if (this.bestFace) {
      const n = this.localNormal;
      source.writeNormal(triangle, n);
      if (n[0] * dx + n[1] * dy + n[2] * dz < 0) for (let k = 0; k < 3; k++) n[k] = -n[k];
    }
    return true;
  };
}

/** The distance from q to the farthest corner of a box (min x, y, z, max x, y, z): every point of it is
 * within that. */
function diagonalOf(b: ArrayLike<number>, q: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < 3; k++) {
    const far = Math.max(Math.abs(q[k] - b[k]), Math.abs(b[3 + k] - q[k]));
    sum += far * far;
  }
  return Math.sqrt(sum) * (1 + 1e-12) + 1e-12;
}
