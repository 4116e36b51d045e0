// Which function collides two 2D shapes, looked up by their types (lib/collision/pair-dispatch.ts in the
// plane; Box2D v3's s_registers in contact.c, a manifold function per [type A][type B]). Types are
// ordered segment < chain segment < polygon < capsule < circle (SHAPE_RANK_2D) so that each pair has one
// function: its first shape (A) ranks no higher than its second. The static ones (segments, chains)
// come first, so a chain segment is always A and its one-sided normal is the manifold's (narrowphase.ts
// turns the manifold round when the caller's order is the other). null: the pair never collides (two
// segments or chains: static geometry only).

import type { ShapeGeometry2D } from '../geometry/shape-geometry.js';
import type { Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';
import { collideCapsules, collideSegmentCapsule } from './capsule-contacts.js';
import { collideChainSegmentCapsule, collideChainSegmentCircle, collideChainSegmentPolygon } from './chain-contacts.js';
import { collideCapsuleCircle, collideCircles, collidePolygonCircle, collideSegmentCircle } from './circle-contacts.js';
import { collidePolygonCapsule, collidePolygons, collideSegmentPolygon } from './polygon-contacts.js';

/** The manifold of shapes a and b at world poses A and B into `out`, a ranking no higher than b. */
export type PairFunction2D = (out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D) => void;

export const SHAPE_RANK_2D: Readonly<Record<ShapeGeometry2D['type'], number>> = {
  segment: 0, chainSegment: 1, polygon: 2, capsule: 3, circle: 4,
};

/** A geometry's rank, the index of its row and column in PAIR_FUNCTIONS_2D (a switch on the type
 * names, which V8 compares as internalized strings, by identity first). */
export function shapeRank2D(g: ShapeGeometry2D): number {
  switch (g.type) {
    case 'segment': return 0;
    case 'chainSegment': return 1;
    case 'polygon': return 2;
    case 'capsule': return 3;
    default: return 4;
  }
}

/** [rank of A][rank of B], rank A ≤ rank B. */
export const PAIR_FUNCTIONS_2D: readonly (readonly (PairFunction2D | null)[])[] = [
  // segment
  [null, null, collideSegmentPolygon, collideSegmentCapsule, collideSegmentCircle],
  // chain segment
  [null, null, collideChainSegmentPolygon, collideChainSegmentCapsule, collideChainSegmentCircle],
  // polygon
  [null, null, collidePolygons, collidePolygonCapsule, collidePolygonCircle],
  // capsule
  [null, null, null, collideCapsules, collideCapsuleCircle],
  // circle
  [null, null, null, null, collideCircles],
];
