// The 2D narrowphase: the contact manifold of two 2D shapes (lib/collision/narrowphase.ts in the plane;
// Box2D v3 manifold.c). Each pair of types has one function (pair-dispatch.ts PAIR_FUNCTIONS_2D), taking
// its shapes in rank order; shapes given the other way round are collided in rank order into a scratch
// manifold and turned (Manifold2D.addFlipped: the normal negated, ids marked with FLIPPED_ID), so the
// normal always points from a to b. Points farther apart than out.margin are left out; points between 0
// and the margin apart are speculative. Allocation-free: every function works in module scratch.
//
// The pair functions: circle-contacts.ts (circles against everything), capsule-contacts.ts (capsule and
// segment against capsule), polygon-contacts.ts (polygons, and capsules and segments as polygons of 2
// vertices), chain-contacts.ts (one-sided chain segments with ghost vertices).

import type { ShapeGeometry2D } from '../geometry/shape-geometry.js';
import { Manifold2D } from './manifold.js';
import { PAIR_FUNCTIONS_2D, shapeRank2D } from './pair-dispatch.js';
import type { ShapePose2D } from './shape-pose.js';

export { SHAPE_RANK_2D, shapeRank2D } from './pair-dispatch.js';

/** Marks the ids of a manifold found with the shapes swapped (above the 16 bits of featureId). */
export const FLIPPED_ID = 1 << 16;

const flipped = /* @__PURE__ */ new Manifold2D();

/**
 * Writes the manifold of shapes a and b at world poses A and B into `out` (count 0: nothing within
 * out.margin, or a pair that never collides: two segments or chains). Any order of types; the normal
 * points from a to b.
 */
export function collide2D(a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D, out: Manifold2D): void {
  out.begin();
  const ra = shapeRank2D(a), rb = shapeRank2D(b);
  if (ra <= rb) {
    const pair = PAIR_FUNCTIONS_2D[ra][rb];
    if (pair !== null) pair(out, a, A, b, B);
    return;
  }
  const pair = PAIR_FUNCTIONS_2D[rb][ra];
  if (pair === null) return;
  flipped.margin = out.margin;
  flipped.count = 0;
  pair(flipped, b, B, a, A);
  if (flipped.count > 0) out.addFlipped(flipped, FLIPPED_ID);
}
