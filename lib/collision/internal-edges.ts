// Internal edges between convex pieces of a level: a floor of static box tiles, walls of boxes. A body
// sliding from one tile onto the next meets the next tile's edge (or its side face, which the separating
// axis test picks when the body has crossed the seam by less than it has sunk into the top): a contact
// whose normal points back against the motion, and the body is kicked up or stopped. Measured without
// this: a frictionless box sliding at 5 m/s over 1 m box tiles was thrown up at 1.4 m/s and slowed to
// 0.6 m/s within 2 s, and a ball rolling across the seams hopped 7 cm.
//
// Jolt's enhanced internal edge removal (Rouwé, JoltPhysics InternalEdgeRemovingCollector.h) looks at all
// the contacts of a body at once: a contact on an edge that lies in the face of another contact is
// not a real edge. The same here, per dynamic body, among its contacts with the boxes and hulls of
// static and kinematic bodies (the level): where one contact F is a face contact of its shape (its normal
// is one of that shape's face normals), any other contact C of the body whose shape S has a face parallel
// to F's and in the same plane (within TOUCH_DISTANCE), with C's points on that plane, and whose normal
// is not F's, is taken again with S's face normal forced (forced-face.ts, found through pair-dispatch.ts
// FACE_FUNCTIONS: the body clipped to S's face, so each tile carries the part above it). A step up, a
// wall, a tile higher than its neighbour: their faces are not in F's plane, and their contacts stay.

import { TripleKeySort } from '../math/merge-sort.js';
import type { Body } from '../body/body.js';
import type { ConvexHull } from '../geometry/hull.js';
import type { ContactConstraint } from './contact-constraint.js';
import { Manifold } from './manifold.js';
import { FACE_FUNCTIONS } from './pair-dispatch.js';
import type { ShapePose } from './shape-pose.js';
import type { ShapeProxy } from './broadphase.js';

/** Normals within this cosine are the same (about 0.8°). */
const PARALLEL = 0.9999;
/** Faces within this distance of one plane are one floor, m (contact-set.ts TOUCH_DISTANCE). */
const COPLANAR = 0.005;

const scratch = /* @__PURE__ */ new Manifold();

/** Whether a contact is one this filter looks at: a box or hull (a shape with a hull) of a body that is
 * not dynamic against a shape of a dynamic body, with points. */
export function isLevelContact(contact: ContactConstraint): boolean {
  if (contact.manifold.count === 0 || contact.sensor) return false;
  const a = contact.bodyA, b = contact.bodyB;
  if (a.isDynamic === b.isDynamic) return false;
  const level = a.isDynamic ? contact.shapeB : contact.shapeA;
  return level.hull !== null;
}

export class InternalEdgeFilter {
  private readonly face = new Float64Array(3);

  /**
   * Takes the internal-edge contacts among `contacts` (level contacts, isLevelContact, whose manifolds
   * are this step's and whose impulses are not yet matched) again along the face they lie in, for each
   * dynamic body with more than one of them. Sorts `contacts` by dynamic body.
   */
  private readonly byDynamicBody = new TripleKeySort<ContactConstraint>(writeDynamicBodyKeys);
  /** @internal Lets go of the sort's arrays (ContactSet gives memory back: they hold contacts). */
  dropScratch(): void {
    this.byDynamicBody.drop();
  }

  /** `writeMargin` sets a contact's speculative margin in its manifold (Manifold.margin). */
  apply(contacts: ContactConstraint[], writeMargin: (contact: ContactConstraint) => void): void {
    if (contacts.length < 2) return;
    this.byDynamicBody.sort(contacts, contacts.length);
    for (let start = 0; start < contacts.length;) {
      const body = dynamicOf(contacts[start]);
      let end = start + 1;
      while (end < contacts.length && dynamicOf(contacts[end]) === body) end++;
      if (end - start > 1) this.filterBody(contacts, start, end, writeMargin);
      start = end;
    }
  }

  /** One dynamic body's level contacts order[start..end). */
  private filterBody(order: ContactConstraint[], start: number, end: number, writeMargin: (contact: ContactConstraint) => void): void {
    const n = this.face;
    for (let f = start; f < end; f++) {
      const F = order[f];
      // F's normal out of its level shape, and whether it is one of that shape's face normals
      outward(F, n);
      const levelF = levelProxy(F);
      if (faceOf(levelF, n[0], n[1], n[2]) < 0) continue;
      const plane = support(levelF, n[0], n[1], n[2]);
      for (let c = start; c < end; c++) {
        if (c === f) continue;
        const C = order[c];
        const m = C.manifold;
        // already along F's normal: nothing to do
        const sign = C.bodyA.isDynamic ? -1 : 1;
        if (sign * (m.normal[0] * n[0] + m.normal[1] * n[1] + m.normal[2] * n[2]) >= PARALLEL) continue;
        const levelC = levelProxy(C);
        const face = faceOf(levelC, n[0], n[1], n[2]);
        if (face < 0 || Math.abs(support(levelC, n[0], n[1], n[2]) - plane) > COPLANAR) continue;
        // C's points on that plane (a contact on the tile's top edge, not on its far side)
        let onPlane = true;
        for (let i = 0; i < m.count && onPlane; i++) {
          const height = m.points[3 * i] * n[0] + m.points[3 * i + 1] * n[1] + m.points[3 * i + 2] * n[2] - plane;
          if (Math.abs(height) > COPLANAR + Math.abs(m.separations[i])) onPlane = false;
        }
        if (onPlane) {
          writeMargin(C);
          forceFace(C, levelC, face);
        }
      }
    }
  }
}

/** A contact's keys for sorting by dynamic body: its id, then the contact's keyA and keyB. */
function writeDynamicBodyKeys(contact: ContactConstraint, keys: Float64Array, at: number): void {
  keys[at] = dynamicOf(contact).id;
  keys[at + 1] = contact.keyA;
  keys[at + 2] = contact.keyB;
}

function dynamicOf(contact: ContactConstraint): Body {
  return contact.bodyA.isDynamic ? contact.bodyA : contact.bodyB;
}

function levelProxy(contact: ContactConstraint): ShapeProxy {
  return (contact.bodyA.isDynamic ? contact.proxyB : contact.proxyA) as ShapeProxy;
}

/** The contact's normal pointing out of its level shape (the manifold's points from A to B). */
function outward(contact: ContactConstraint, out: Float64Array): void {
  const m = contact.manifold.normal, sign = contact.bodyA.isDynamic ? -1 : 1;
  out[0] = sign * m[0]; out[1] = sign * m[1]; out[2] = sign * m[2];
}

/** The level shape's face with outward normal n (world), or −1. */
function faceOf(proxy: ShapeProxy, nx: number, ny: number, nz: number): number {
  const hull = proxy.shape.hull as ConvexHull, W = proxy.pose.W, P = hull.planes;
  for (let f = 0; f < hull.faceCount; f++) {
    const x = P[4 * f], y = P[4 * f + 1], z = P[4 * f + 2];
    const dot = nx * (W[0] * x + W[3] * y + W[6] * z) + ny * (W[1] * x + W[4] * y + W[7] * z) + nz * (W[2] * x + W[5] * y + W[8] * z);
    if (dot >= PARALLEL) return f;
  }
  return -1;
}

/** The largest n·p over the level shape (its face along n lies there). */
function support(proxy: ShapeProxy, nx: number, ny: number, nz: number): number {
  const hull = proxy.shape.hull as ConvexHull, W = proxy.pose.W, c = proxy.pose.c, v = hull.vertices;
  const lx = W[0] * nx + W[1] * ny + W[2] * nz, ly = W[3] * nx + W[4] * ny + W[5] * nz, lz = W[6] * nx + W[7] * ny + W[8] * nz;
  let most = -Infinity;
  for (let i = 0; i < hull.vertexCount; i++) {
    const h = lx * v[3 * i] + ly * v[3 * i + 1] + lz * v[3 * i + 2];
    if (h > most) most = h;
  }
  return most + nx * c[0] + ny * c[1] + nz * c[2];
}

/** The contact again, against face f of its level shape with that face's normal (flipped when the level
 * shape is the contact's B, so the normal still points from A to B). */
function forceFace(contact: ContactConstraint, level: ShapeProxy, f: number): void {
  const levelIsA = !contact.bodyA.isDynamic;
  const other = (levelIsA ? contact.proxyB : contact.proxyA) as ShapeProxy;
  const out = levelIsA ? contact.manifold : scratch;
  const previous = contact.manifold.previousCount;
  out.count = 0;
  out.margin = contact.manifold.margin;
  if (!levelIsA) scratch.previousCount = 0;
  const hull = level.shape.hull as ConvexHull, pose: ShapePose = level.pose;
  // the other shape against the face (pair-dispatch.ts FACE_FUNCTIONS; null: not a convex shape)
  const onFace = FACE_FUNCTIONS[other.shape.typeIndex];
  if (onFace === null) return;
  onFace(out, pose, hull, f, other.shape, other.pose);
  if (levelIsA) return;
  // the level shape is B: the same points, the normal turned to point from A to B
  const m = contact.manifold;
  m.count = 0;
  m.previousCount = previous;
  m.addFlipped(scratch, 0);
}
