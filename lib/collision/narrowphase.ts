// Narrowphase: the contact manifold of two shapes. Shapes are ordered plane < box < hull < capsule <
// sphere (SHAPE_RANK, pair-dispatch.ts) so that each pair has one function, found in a pair table by the
// two types (pair-dispatch.ts; the functions: convex-contacts.ts, hull-contacts.ts): the world's own,
// made from the shape kinds it takes, for its contacts, or every type's (shape-kinds.ts PAIR_FUNCTIONS)
// for `collide`. The normal points from the first shape (A) to the second (B). Points farther apart than
// the margin (Manifold.margin) are left out; points between 0 and the margin apart are speculative (the
// solver lets the bodies close at most that gap in a substep). Two solids of a contact whose centres
// coincide get a normal from their bodies' ids instead (coincident-centres.ts).

import type { Manifold } from './manifold.js';
import type { Shape } from '../geometry/shape.js';
import { coincident, coincidentPair } from './coincident-centres.js';
import { SHAPE_RANK, type PairTable } from './pair-dispatch.js';
import { PAIR_FUNCTIONS } from './shape-kinds.js';
import type { ShapePose } from './shape-pose.js';

export { SHAPE_RANK } from './pair-dispatch.js';

/**
 * Writes the manifold of shapes a and b at world poses A and B, which must be ordered by SHAPE_RANK
 * (rank a ≤ rank b), into `out` (count 0: no contact within margin). Any two types (PAIR_FUNCTIONS): the
 * scene queries' and the tests'.
 */
export function collide(a: Shape, A: ShapePose, b: Shape, B: ShapePose, margin: number, out: Manifold): void {
  out.margin = margin;
  collideWithinMargin(PAIR_FUNCTIONS, a, A, b, B, out);
}

/** collide through the pair table `pairs` (a world's), with the margin already in out.margin (the step's
 * contacts pass it there: see Manifold.margin). */
export function collideWithinMargin(pairs: PairTable, a: Shape, A: ShapePose, b: Shape, B: ShapePose, out: Manifold): void {
  out.begin();
  // two solids (b ranks at least as high as a) of a contact with their centres at one point
  if (SHAPE_RANK[a.type] > 0 && out.bodyIdA >= 0 && out.bodyIdA !== out.bodyIdB && coincident(A.c, B.c)) {
    coincidentPair(out, a, A, b, B);
    return;
  }
  // (null: a pair that never collides here, as two level shapes, one out of rank order, or a type the
  // world was not given)
  const pair = pairs[a.typeIndex][b.typeIndex];
  if (pair !== null) pair(out, a, A, b, B);
}
