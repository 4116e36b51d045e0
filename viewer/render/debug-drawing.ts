// What the Display folder's debug toggles draw besides the joints' own frames and limits, as lines into a
// DebugLines (the view's one line buffer), read through lib's public API alone:
// - contacts: every point of every touching manifold (world.contacts) as a small cross, and the manifold's
//   normal (from shape A toward shape B) from each point;
// - bounds: every collision shape's world box (AABB) at its body's current pose, from the shape's own
//   geometry (Shape: radius, half height, half extents, a hull's or mesh's own box, its place in the body):
//   sphere c ± r; capsule c ± (r + h |W e_y|); box, hull, mesh and heightfield a box about c + W b with half
//   extents |W| h, W the shape's world rotation. A plane's box is all of space: none is drawn.
// Nothing here allocates: scratch at module scope.

import type { Body, DebugLines, Shape, World } from '../../lib/index.js';

export const DEBUG_COLOURS = {
  /** A contact point's cross. */
  contactPoint: 0xff2d55,
  /** A contact's normal. */
  contactNormal: 0xffc400,
  /** The box of a shape on a dynamic or kinematic body. */
  movingBounds: 0x12b886,
  /** The box of a shape on a static body. */
  staticBounds: 0x7b8794,
};

const frame = new Float64Array(9);
const centre = new Float64Array(3);
const half = new Float64Array(3);
const box = new Float64Array(6);
const meshCentre = new Float64Array(3);
const meshHalf = new Float64Array(3);

/**
 * Draws each contact point of the world as a cross `size` m across and its normal `2 size` m long.
 * Returns how many points it drew.
 */
export function drawContacts(world: World, lines: DebugLines, size: number): number {
  const s = size / 2, normalLength = 2 * size, { contactPoint, contactNormal } = DEBUG_COLOURS;
  let drawn = 0;
  for (const contact of world.contacts) {
    const manifold = contact.manifold, p = manifold.points, n = manifold.normal;
    for (let i = 0; i < manifold.count; i++) {
      const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
      lines.line(x - s, y, z, x + s, y, z, contactPoint);
      lines.line(x, y - s, z, x, y + s, z, contactPoint);
      lines.line(x, y, z - s, x, y, z + s, contactPoint);
      lines.line(x, y, z, x + n[0] * normalLength, y + n[1] * normalLength, z + n[2] * normalLength, contactNormal);
      drawn++;
    }
  }
  return drawn;
}

/** Draws the world box of every collision shape of every body in the world (not of planes). Returns how
 * many boxes it drew. */
export function drawShapeBounds(world: World, lines: DebugLines): number {
  let drawn = 0;
  for (const body of world.bodies) {
    const colour = body.type === 'static' ? DEBUG_COLOURS.staticBounds : DEBUG_COLOURS.movingBounds;
    for (const shape of body.shapes) {
      if (!shapeBox(body, shape, box)) continue;
      drawBox(lines, box, colour);
      drawn++;
    }
  }
  return drawn;
}

/**
 * Writes the world box of `shape` on `body` into `out` (min x, y, z, max x, y, z) and returns true, or
 * returns false for a plane (unbounded).
 */
export function shapeBox(body: Body, shape: Shape, out: Float64Array): boolean {
  if (shape.type === 'plane') return false;
  // the shape's world frame: centre c = x + R p, rotation W = R S (matrices column-major)
  const R = body.rotation, S = shape.rotation, p = shape.position, x = body.position;
  for (let i = 0; i < 3; i++) {
    centre[i] = x[i] + R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2];
    for (let j = 0; j < 3; j++) frame[3 * j + i] = R[i] * S[3 * j] + R[3 + i] * S[3 * j + 1] + R[6 + i] * S[3 * j + 2];
  }
  const W = frame;
  switch (shape.type) {
    case 'sphere':
      half.fill(shape.radius);
      break;
    case 'capsule':
      for (let i = 0; i < 3; i++) half[i] = shape.radius + shape.halfHeight * Math.abs(W[3 + i]);
      break;
    case 'box':
      rotatedHalf(W, shape.halfExtents);
      break;
    case 'hull': {
      const hull = shape.hull!;
      offsetCentre(W, hull.boundsCentre);
      rotatedHalf(W, hull.boundsHalf);
      break;
    }
    default: {
      // a triangle mesh or heightfield: its own box, min then max in the shape frame
      const b = shape.mesh!.bounds;
      for (let i = 0; i < 3; i++) {
        meshCentre[i] = (b[i] + b[3 + i]) / 2;
        meshHalf[i] = (b[3 + i] - b[i]) / 2;
      }
      offsetCentre(W, meshCentre);
      rotatedHalf(W, meshHalf);
    }
  }
  for (let i = 0; i < 3; i++) {
    out[i] = centre[i] - half[i];
    out[3 + i] = centre[i] + half[i];
  }
  return true;
}

/** centre += W b. */
function offsetCentre(W: Float64Array, b: ArrayLike<number>): void {
  for (let i = 0; i < 3; i++) centre[i] += W[i] * b[0] + W[3 + i] * b[1] + W[6 + i] * b[2];
}

/** half = |W| h: the half extents along the world axes of a box of half extents h turned by W. */
function rotatedHalf(W: Float64Array, h: ArrayLike<number>): void {
  for (let i = 0; i < 3; i++) half[i] = Math.abs(W[i]) * h[0] + Math.abs(W[3 + i]) * h[1] + Math.abs(W[6 + i]) * h[2];
}

/** The twelve edges of the box min x, y, z, max x, y, z. */
export function drawBox(lines: DebugLines, b: ArrayLike<number>, colour: number): void {
  const x0 = b[0], y0 = b[1], z0 = b[2], x1 = b[3], y1 = b[4], z1 = b[5];
  drawRectangle(lines, x0, z0, x1, z1, y0, colour);
  drawRectangle(lines, x0, z0, x1, z1, y1, colour);
  lines.line(x0, y0, z0, x0, y1, z0, colour);
  lines.line(x1, y0, z0, x1, y1, z0, colour);
  lines.line(x1, y0, z1, x1, y1, z1, colour);
  lines.line(x0, y0, z1, x0, y1, z1, colour);
}

/** The rectangle x0 … x1 by z0 … z1 at height y. */
function drawRectangle(lines: DebugLines, x0: number, z0: number, x1: number, z1: number, y: number, colour: number): void {
  lines.line(x0, y, z0, x1, y, z0, colour);
  lines.line(x1, y, z0, x1, y, z1, colour);
  lines.line(x1, y, z1, x0, y, z1, colour);
  lines.line(x0, y, z1, x0, y, z0, colour);
}
