// Which function collides two shapes, looked up by their types: a shape type is its definition
// (geometry/shapes/*.ts) plus its entries in these tables. The model is Box2D v3's s_registers
// (contact.c: a manifold function per [shape type A][shape type B]) and Jolt's CollisionDispatch (a
// collide function per pair of sub-shape types). The tables are kept as arrays indexed by
// Shape.typeIndex: looked up by name, a mix of sphere, capsule and plane pairs took 125 ns a collision
// against 105 through switches on the names; by index, 108. An entry left out is null: that pair never
// collides there (two level shapes, none of which a dynamic body may carry; a pair out of SHAPE_RANK
// order; a shape that is not convex against a triangle; a type the world was not given).
//
// The pair table is made per world from the shape kinds it takes (shape-kinds.ts: each kind brings its
// pair functions), so that a bundle holds the pair functions of its worlds' types; the triangle and face
// tables below are reached only from meshes, heightfields and level boxes and hulls.

import { SHAPE_TYPES, type Shape, type ShapeType } from '../geometry/shape.js';
import type { ConvexHull } from '../geometry/hull.js';
import type { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';
import { boxOnTriangle, capsuleOnTriangle, hullOnTriangle, sphereOnTriangle } from './triangle-contacts.js';
import { capsuleOnFace, hullOnFace, sphereOnFace } from './forced-face.js';
import { axialOnFace, axialOnTriangle } from './support-contacts.js';

/** The manifold of shapes a and b at world poses A and B into `out` (convex-contacts.ts). */
export type PairFunction = (out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose) => void;
/** A convex shape against one triangle, as its prism (triangle-contacts.ts); true when `out` is the
 * contact as it stands, false when mesh-triangle.ts is to look at its internal edges. */
export type TriangleFunction = (
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, active: number, shape: Shape, B: ShapePose, reach: number,
) => boolean;
/** A convex shape against face f of a hull, the face's normal forced (forced-face.ts). */
export type FaceFunction = (out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape, B: ShapePose) => void;

/** Shapes are ordered plane < trimesh < box < hull < cylinder < cone < capsule < sphere (heightfields with
 * the planes, as level shapes) so that each pair has one function: a pair's first shape (A) ranks no
 * higher than its second, and two shapes of one rank are of one type. Meshes and heightfields pair with
 * the convex shapes and each other through mesh-pairs.ts, triangle by triangle (the mesh or heightfield
 * first); a trimesh, which a dynamic body may carry, ranks above the plane so that a plane comes first
 * against it (plane-mesh.ts). */
export const SHAPE_RANK: Record<ShapeType, number> = {
  plane: 0, heightfield: 0, trimesh: 0.5, box: 1, hull: 2, cylinder: 3, cone: 4, capsule: 5, sphere: 6,
};

/** A table by Shape.typeIndex. */
type ByType<F> = readonly (F | null)[];

/** Every type's entry in SHAPE_TYPES' order, null where `entries` has none. */
/* #__NO_SIDE_EFFECTS__ */
function byType<F>(entries: { readonly [T in ShapeType]?: F }): ByType<F> {
  return SHAPE_TYPES.map((type) => entries[type] ?? null);
}

/** The narrowphase's pair functions (narrowphase.ts collideWithinMargin), by [A's type][B's type], A
 * ranking no higher than B (SHAPE_RANK). Box2D v3's s_registers, Jolt's CollisionDispatch collide table. */
export type PairTable = readonly ByType<PairFunction>[];

/**
 * The pair table of a set of shape types, each given with its pair functions against the types before it
 * in SHAPE_TYPES and itself (shape-kinds.ts ShapeKind.pairs): a pair's function goes to [lower rank][higher
 * rank], and is there only when both types are in the set.
 */
/* #__NO_SIDE_EFFECTS__ */
export function pairTable(kinds: readonly { readonly type: ShapeType; readonly pairs: { readonly [T in ShapeType]?: PairFunction } }[]): PairTable {
  const given = new Set(kinds.map((kind) => kind.type));
  const rows = SHAPE_TYPES.map(() => SHAPE_TYPES.map((): PairFunction | null => null));
  for (const kind of kinds) {
    for (const other of SHAPE_TYPES) {
      const pair = kind.pairs[other];
      if (pair === undefined || !given.has(other)) continue;
      const [a, b] = SHAPE_RANK[other] < SHAPE_RANK[kind.type] ? [other, kind.type] : [kind.type, other];
      rows[SHAPE_TYPES.indexOf(a)][SHAPE_TYPES.indexOf(b)] = pair;
    }
  }
  return rows;
}

/**
 * A convex shape against one triangle of a mesh or heightfield (mesh-triangle.ts collideTriangle), by the
 * shape's type: the triangle-shape column of the same dispatch (Box2D v3's s_registers for its chain
 * segments, Jolt's CollisionDispatch for a triangle against a convex shape).
 */
export const TRIANGLE_FUNCTIONS: ByType<TriangleFunction> = /* @__PURE__ */ byType({
  sphere: sphereOnTriangle, capsule: capsuleOnTriangle, box: boxOnTriangle, hull: hullOnTriangle, cylinder: axialOnTriangle, cone: axialOnTriangle,
});

/**
 * A convex shape against a hull's face with the face's normal forced, by the shape's type: an internal
 * edge's contact taken again, on a mesh's triangle (mesh-triangle.ts) or a level's box or hull
 * (internal-edges.ts). Dispatched as PAIR_FUNCTIONS is (Box2D v3's s_registers, Jolt's CollisionDispatch).
 */
export const FACE_FUNCTIONS: ByType<FaceFunction> = /* @__PURE__ */ byType({
  sphere: sphereOnFace, capsule: capsuleOnFace, box: hullOnFace, hull: hullOnFace, cylinder: axialOnFace, cone: axialOnFace,
});
