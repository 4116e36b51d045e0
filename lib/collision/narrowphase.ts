// Narrowphase: the contact manifold of two shapes. Shapes are ordered plane < box < hull < capsule <
// sphere (SHAPE_RANK) so that each pair has one function, found in pair-dispatch.ts PAIR_FUNCTIONS by the
// two types (the functions: convex-contacts.ts, hull-contacts.ts); the normal points from the first
// shape (A) to the second (B). Points farther apart than the margin (Manifold.margin) are left out;
// points between 0 and the margin apart are speculative (the solver lets the bodies close at most that
// gap in a substep). Two solids of a contact whose centres coincide get a normal from their bodies' ids
// instead (coincident-centres.ts).

import type { Manifold } from './manifold.js';
import type { Shape, ShapeType } from '../geometry/shape.js';
import { coincident, coincidentPair } from './coincident-centres.js';
import { PAIR_FUNCTIONS } from './pair-dispatch.js';
import type { ShapePose } from './shape-pose.js';

/** Meshes and heightfields come first too: their pairs go through mesh-pairs.ts, triangle by triangle. */
export const SHAPE_RANK: Record<ShapeType, number> = { plane: 0, trimesh: 0, heightfield: 0, box: 1, hull: 2, capsule: 3, sphere: 4 };

/**
 * Writes the manifold of shapes a and b at world poses A and B, which must be ordered by SHAPE_RANK
 * (rank a ≤ rank b), into `out` (count 0: no contact within margin).
 */
export function collide(a: Shape, A: ShapePose, b: Shape, B: ShapePose, margin: number, out: Manifold): void {
  out.margin = margin;
  collideWithinMargin(a, A, b, B, out);
}

/** collide with the margin already in out.margin (the step's contacts pass it there: see Manifold.margin). */
export function collideWithinMargin(a: Shape, A: ShapePose, b: Shape, B: ShapePose, out: Manifold): void {
  out.begin();
  // two solids (b ranks at least as high as a) of a contact with their centres at one point
  if (SHAPE_RANK[a.type] > 0 && out.bodyIdA >= 0 && out.bodyIdA !== out.bodyIdB && coincident(A.c, B.c)) {
    coincidentPair(out, a, A, b, B);
    return;
  }
  // (null: a pair that never collides here, as two level shapes, or one out of rank order)
  const pair = PAIR_FUNCTIONS[a.typeIndex][b.typeIndex];
  if (pair !== null) pair(out, a, A, b, B);
}
