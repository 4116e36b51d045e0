// Shape kinds: a shape type as a world takes it. World takes every kind (SHAPE_KINDS); a BasicWorld
// (world/basic-world.ts) takes the kinds its `shapes` option lists, and its bodies may have shapes of
// those types only. A kind brings the type's definition (geometry/shapes/*.ts), its pair functions with
// the types before it in SHAPE_TYPES and with itself (so each pair's function is in one kind, that of the
// later type, and a world's pair table holds a pair when it has both kinds), and what its contacts need
// beside them: the triangle pairs of meshes and heightfields (mesh-pairs.ts), the internal edges of level
// boxes and hulls (internal-edges.ts). What is not reached from a world's kinds is left out of a bundle
// (docs/bundle-size.md): a world of spheres holds the sphere's definition and collideSpheres.

import type { Float64Arena } from '../util/arena.js';
import { SHAPE_TYPES, type ShapeOptions, type ShapeType, type ShapeTypeTable } from '../geometry/shape.js';
import type { ShapeDefinition } from '../geometry/shape-definition.js';
import { BOX } from '../geometry/shapes/box.js';
import { CAPSULE } from '../geometry/shapes/capsule.js';
import { HULL } from '../geometry/shapes/hull.js';
import { PLANE } from '../geometry/shapes/plane.js';
import { SPHERE } from '../geometry/shapes/sphere.js';
import { TRIMESH } from '../geometry/shapes/trimesh.js';
import { HEIGHTFIELD } from '../geometry/shapes/heightfield.js';
import { CYLINDER } from '../geometry/shapes/cylinder.js';
import { CONE } from '../geometry/shapes/cone.js';
import { collideAxial, collidePlaneAxial } from './support-contacts.js';
import { show } from '../util/validate.js';
import {
  collideBoxBox, collideBoxSphere, collideCapsules, collideCapsuleSphere, collideHullCapsule, collideHulls, collideHullSphere, collidePlaneBox,
  collidePlaneCapsule, collidePlaneHull, collidePlaneSphere, collideSpheres,
} from './convex-contacts.js';
import { InternalEdgeFilter } from './internal-edges.js';
import { MeshPairs } from './mesh-pairs.js';
import { collidePlaneMesh } from './plane-mesh.js';
import { pairTable, type PairFunction, type PairTable } from './pair-dispatch.js';

/** A shape type as a world takes it (BasicWorldOptions.shapes): SPHERE_SHAPE, BOX_SHAPE, …; without a
 * type argument, any of them (a union, so that every kind is one: a kind's definition takes its own
 * type's options only). */
export type ShapeKind<T extends ShapeType = ShapeType> = { [U in T]: ShapeKindOf<U> }[T];

/** The shape kind of one type (ShapeKind<T>). */
export interface ShapeKindOf<T extends ShapeType> {
  readonly type: T;
  /** @internal The type's definition. */
  readonly definition: ShapeDefinition<Extract<ShapeOptions, { type: T }>>;
  /** @internal Its pair functions with the types before it in SHAPE_TYPES and itself, by the other type. */
  readonly pairs: { readonly [U in ShapeType]?: PairFunction };
  /** @internal Makes the contact set's triangle pairs (meshes and heightfields). */
  readonly meshPairs?: (arena: Float64Arena) => MeshPairs;
  /** @internal Makes the contact set's internal-edge filter (level boxes and hulls). */
  readonly internalEdges?: () => InternalEdgeFilter;
}

const meshPairs = (arena: Float64Arena): MeshPairs => new MeshPairs(arena);
const internalEdges = (): InternalEdgeFilter => new InternalEdgeFilter();

export const SPHERE_SHAPE: ShapeKind<'sphere'> = { type: 'sphere', definition: SPHERE, pairs: { sphere: collideSpheres } };
export const CAPSULE_SHAPE: ShapeKind<'capsule'> = {
  type: 'capsule', definition: CAPSULE, pairs: { sphere: collideCapsuleSphere, capsule: collideCapsules },
};
export const BOX_SHAPE: ShapeKind<'box'> = {
  type: 'box', definition: BOX, pairs: { sphere: collideBoxSphere, capsule: collideHullCapsule, box: collideBoxBox }, internalEdges,
};
export const HULL_SHAPE: ShapeKind<'hull'> = {
  type: 'hull', definition: HULL, pairs: { sphere: collideHullSphere, capsule: collideHullCapsule, box: collideHulls, hull: collideHulls }, internalEdges,
};
export const PLANE_SHAPE: ShapeKind<'plane'> = {
  type: 'plane', definition: PLANE, pairs: { sphere: collidePlaneSphere, capsule: collidePlaneCapsule, box: collidePlaneBox, hull: collidePlaneHull },
};
export const TRIMESH_SHAPE: ShapeKind<'trimesh'> = { type: 'trimesh', definition: TRIMESH, pairs: { plane: collidePlaneMesh }, meshPairs };
export const HEIGHTFIELD_SHAPE: ShapeKind<'heightfield'> = { type: 'heightfield', definition: HEIGHTFIELD, pairs: {}, meshPairs };
export const CYLINDER_SHAPE: ShapeKind<'cylinder'> = {
  type: 'cylinder', definition: CYLINDER,
  pairs: { sphere: collideAxial, capsule: collideAxial, box: collideAxial, hull: collideAxial, plane: collidePlaneAxial, cylinder: collideAxial },
};
export const CONE_SHAPE: ShapeKind<'cone'> = {
  type: 'cone', definition: CONE,
  pairs: { sphere: collideAxial, capsule: collideAxial, box: collideAxial, hull: collideAxial, plane: collidePlaneAxial, cylinder: collideAxial, cone: collideAxial },
};

/** Every shape kind, in SHAPE_TYPES' order: what World takes. */
export const SHAPE_KINDS: readonly ShapeKind[] = [
  SPHERE_SHAPE, CAPSULE_SHAPE, BOX_SHAPE, HULL_SHAPE, PLANE_SHAPE, TRIMESH_SHAPE, HEIGHTFIELD_SHAPE, CYLINDER_SHAPE, CONE_SHAPE,
];

/** The pair functions of every two types (the scene queries' and the tests' narrowphase.ts collide). */
export const PAIR_FUNCTIONS: PairTable = /* @__PURE__ */ pairTable(SHAPE_KINDS);

/** @internal What a world's contacts collide, made from the shape kinds it takes (collisionTypes). */
export interface CollisionTypes {
  /** The shape types createBody takes, by name. */
  readonly definitions: ShapeTypeTable;
  /** The pair functions of its types (pair-dispatch.ts PairTable). */
  readonly pairs: PairTable;
  /** Makes the triangle pairs, or null without meshes and heightfields. */
  readonly meshPairs: ((arena: Float64Arena) => MeshPairs) | null;
  /** Makes the internal-edge filter, or null without boxes and hulls. */
  readonly internalEdges: (() => InternalEdgeFilter) | null;
}

/** @internal The collision types of a world taking `kinds` (each checked: `where` and `name` for the
 * message). A kind given twice counts once. */
export function collisionTypes(where: string, name: string, kinds: readonly ShapeKind[]): CollisionTypes {
  if (!Array.isArray(kinds)) throw new TypeError(`${where}: ${name} must be an array of shape kinds (SPHERE_SHAPE, BOX_SHAPE, …), got ${show(kinds)}`);
  const definitions: { [T in ShapeType]?: ShapeDefinition<never> } = {};
  let makeMeshPairs: CollisionTypes['meshPairs'] = null, makeInternalEdges: CollisionTypes['internalEdges'] = null;
  kinds.forEach((kind: unknown, i) => {
    if (!isShapeKind(kind)) throw new TypeError(`${where}: ${name}[${i}] must be a shape kind (SPHERE_SHAPE, BOX_SHAPE, …), got ${show(kind)}`);
    definitions[kind.type] = kind.definition as ShapeDefinition<never>;
    makeMeshPairs ??= kind.meshPairs ?? null;
    makeInternalEdges ??= kind.internalEdges ?? null;
  });
  return { definitions: definitions as ShapeTypeTable, pairs: pairTable(kinds), meshPairs: makeMeshPairs, internalEdges: makeInternalEdges };
}

/** Whether a value is a shape kind: an object of a known type with a definition and pair functions. */
function isShapeKind(value: unknown): value is ShapeKind {
  if (value === null || typeof value !== 'object') return false;
  const kind = value as Partial<ShapeKind>;
  return SHAPE_TYPES.includes(kind.type as ShapeType) && typeof kind.definition === 'object' && kind.definition !== null
    && typeof kind.pairs === 'object' && kind.pairs !== null;
}
