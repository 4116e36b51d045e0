// Which function collides two shapes, looked up by their types: a shape type is its definition
// (geometry/shapes/*.ts) plus its entries in these tables. The model is Box2D v3's s_registers
// (contact.c: a manifold function per [shape type A][shape type B]) and Jolt's CollisionDispatch (a
// collide function per pair of sub-shape types). The tables are written by type name and kept as arrays
// indexed by Shape.typeIndex: looked up by name, a mix of sphere, capsule and plane pairs took 125 ns a
// collision against 105 through switches on the names; by index, 108. An entry left out is null: that
// pair never collides there (two level shapes, none of which a dynamic body may carry; a pair out of
// SHAPE_RANK order; a shape that is not convex against a triangle).

import { SHAPE_TYPES, type Shape, type ShapeType } from '../geometry/shape.js';
import type { ConvexHull } from '../geometry/hull.js';
import type { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';
import {
  collideBoxBox, collideBoxSphere, collideCapsules, collideCapsuleSphere, collideHullCapsule, collideHulls, collideHullSphere, collidePlaneBox,
  collidePlaneCapsule, collidePlaneHull, collidePlaneSphere, collideSpheres,
} from './convex-contacts.js';
import { boxOnTriangle, capsuleOnTriangle, hullOnTriangle, sphereOnTriangle } from './triangle-contacts.js';
import { capsuleOnFace, hullOnFace, sphereOnFace } from './forced-face.js';

/** The manifold of shapes a and b at world poses A and B into `out` (convex-contacts.ts). */
export type PairFunction = (out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose) => void;
/** A convex shape against one triangle, as its prism (triangle-contacts.ts); true when `out` is the
 * contact as it stands, false when mesh-triangle.ts is to look at its internal edges. */
export type TriangleFunction = (
  out: Manifold, hull: ConvexHull, n: Float64Array, A: ShapePose, active: number, shape: Shape, B: ShapePose, reach: number,
) => boolean;
/** A convex shape against face f of a hull, the face's normal forced (forced-face.ts). */
export type FaceFunction = (out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape, B: ShapePose) => void;

/** A table by Shape.typeIndex. */
type ByType<F> = readonly (F | null)[];

/** Every type's entry in SHAPE_TYPES' order, null where `entries` has none. */
function byType<F>(entries: { readonly [T in ShapeType]?: F }): ByType<F> {
  return SHAPE_TYPES.map((type) => entries[type] ?? null);
}

/** A row per type (each by type, as byType), in SHAPE_TYPES' order. */
function pairTable(rows: { readonly [T in ShapeType]: ByType<PairFunction> }): readonly ByType<PairFunction>[] {
  return SHAPE_TYPES.map((type) => rows[type]);
}

/**
 * The narrowphase's pair functions (narrowphase.ts collideWithinMargin), by [A's type][B's type], A
 * ranking no higher than B (SHAPE_RANK). Box2D v3's s_registers, Jolt's CollisionDispatch collide
 * table. Meshes and heightfields have none: their pairs go triangle by triangle (TRIANGLE_FUNCTIONS).
 */
export const PAIR_FUNCTIONS: readonly ByType<PairFunction>[] = pairTable({
  plane: byType({ box: collidePlaneBox, hull: collidePlaneHull, capsule: collidePlaneCapsule, sphere: collidePlaneSphere }),
  trimesh: byType({}),
  heightfield: byType({}),
  box: byType({ box: collideBoxBox, hull: collideHulls, capsule: collideHullCapsule, sphere: collideBoxSphere }),
  hull: byType({ hull: collideHulls, capsule: collideHullCapsule, sphere: collideHullSphere }),
  capsule: byType({ capsule: collideCapsules, sphere: collideCapsuleSphere }),
  sphere: byType({ sphere: collideSpheres }),
});

/**
 * A convex shape against one triangle of a mesh or heightfield (mesh-triangle.ts collideTriangle), by the
 * shape's type: the triangle-shape column of the same dispatch (Box2D v3's s_registers for its chain
 * segments, Jolt's CollisionDispatch for a triangle against a convex shape).
 */
export const TRIANGLE_FUNCTIONS: ByType<TriangleFunction> = byType({
  sphere: sphereOnTriangle, capsule: capsuleOnTriangle, box: boxOnTriangle, hull: hullOnTriangle,
});

/**
 * A convex shape against a hull's face with the face's normal forced, by the shape's type: an internal
 * edge's contact taken again, on a mesh's triangle (mesh-triangle.ts) or a level's box or hull
 * (internal-edges.ts). Dispatched as PAIR_FUNCTIONS is (Box2D v3's s_registers, Jolt's CollisionDispatch).
 */
export const FACE_FUNCTIONS: ByType<FaceFunction> = byType({
  sphere: sphereOnFace, capsule: capsuleOnFace, box: hullOnFace, hull: hullOnFace,
});
