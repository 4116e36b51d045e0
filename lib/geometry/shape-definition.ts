// What a shape type is, in one place: how its options are read, its mass properties, its world bounds,
// a ray cast against it, and the options that rebuild it. Each type has one definition (shapes/*.ts),
// gathered in one table (shape.ts SHAPE_DEFINITIONS); the contacts between types are one function per
// pair, found through the tables of collision/pair-dispatch.ts.
//
// A definition reads and writes a shape's geometry (ShapeGeometry), which the Shape class carries as
// plain fields for the narrowphase's hot loops.

import type { BodyType } from '../body/body-type.js';
import type { ConvexProxy } from './gjk.js';
import type { ConvexHull } from './hull.js';
import { RAY_T, type TriangleSource } from './triangle-source.js';

/** The geometry fields of a shape; each type uses its own and leaves the others at their defaults. */
export interface ShapeGeometry {
  /** Sphere, capsule and cylinder radius, m (0 for the others): the depth of a round shape's core below
   * its surface (a cylinder's contacts lie r from its axis; contact-constraint.ts). */
  radius: number;
  /** Capsule, cylinder and cone half height, m. */
  halfHeight: number;
  /** Cylinder and cone radius, m (0 for the others). */
  baseRadius: number;
  /** Box half extents, m. */
  readonly halfExtents: Float64Array;
  /** A hull's geometry; a box's as a hull too. */
  hull: ConvexHull | null;
  /** Plane normal (unit, body frame). */
  readonly normal: Float64Array;
  /** Plane offset, m. */
  offset: number;
  /** A triangle mesh's or heightfield's triangles. */
  mesh: TriangleSource | null;
}

export interface ShapeDefinition<Options> {
  /** The type's own option keys, beside SurfaceOptions' (util/option-keys.ts optionKeys checks the list
   * against Options). */
  readonly keys: readonly string[];
  /** Whether the shape has volume and so mass (a plane, a mesh and a heightfield have none). */
  readonly solid: boolean;
  /** The body types that may carry it (a massless shape cannot be on a dynamic body). */
  readonly bodyTypes: readonly BodyType[];
  /** Why this shape may not be on a body of type `type` though its type may (a triangle mesh that encloses
   * no solid, on a dynamic body), or null. */
  readonly refuse?: (shape: ShapeGeometry, type: BodyType) => string | null;
  /** Whether it has finite bounds (a plane has not: the broadphase keeps it out of its trees). */
  readonly bounded: boolean;
  /** Whether `position` and `orientation` place it (a plane is placed by its normal and offset). */
  readonly placed: boolean;
  /** Reads and checks the type's own options into `into`; the error names the bad value. */
  read(where: string, options: Options, into: ShapeGeometry): void;
  /** m³ (Infinity for an unbounded shape). */
  volume(shape: ShapeGeometry): number;
  /** The centre of volume in the shape's frame. */
  centroid(shape: ShapeGeometry, out: Float64Array): void;
  /** The inertia about the centroid, shape axes (3x3 symmetric, row-major), at the given density and its
   * mass (density · volume; each type uses whichever its formula is written in). */
  inertia(shape: ShapeGeometry, density: number, mass: number, out: Float64Array): void;
  /**
   * The world bounding box (min x, y, z, max x, y, z into out) of the shape with its frame at centre c
   * and rotation W (column-major, W_ij = W[3j + i]).
   */
  bounds(shape: ShapeGeometry, c: ArrayLike<number>, W: ArrayLike<number>, out: Float64Array): void;
  /** The largest distance from the shape frame's origin to a point of the shape, m, or a bound on it
   * (Infinity for an unbounded shape): how fast a point of it can move, |v| + |ω| · extent. */
  extent(shape: ShapeGeometry): number;
  /** The radius of the largest ball about the centroid inside the shape, m (0 for a shape without volume):
   * how thin it is, for continuous collision (collision/continuous.ts; Box2D v3's minExtent, Jolt's
   * inner radius). */
  innerRadius(shape: ShapeGeometry): number;
  /** The radius of the largest ball about the shape frame's origin inside the shape, m (0 when the origin
   * is outside it, or for a shape without volume): how deep two shapes' centres are in each other
   * (collision/broadphase.ts isDeepPair). */
  originRadius(shape: ShapeGeometry): number;
  /**
   * How far the shape reaches from its frame's origin along sign·n (n a unit vector, sign ±1, both in the
   * world; W the shape's world rotation, column-major), m: its support function, the largest sign·n·x
   * over the shape about its origin (0 for a shape that is not convex and bounded: a plane, a mesh).
   */
  reach(shape: ShapeGeometry, W: ArrayLike<number>, n: ArrayLike<number>, sign: number): number;
  /**
   * The shape as the convex hull of a few points plus a radius, in its own frame (gjk.ts: distance and
   * shape casts), into `out`; false for a shape that is not one (a plane).
   */
  convex(shape: ShapeGeometry, out: ConvexProxy): boolean;
  /** The type's own options that rebuild the shape. */
  describe(shape: ShapeGeometry): Omit<Options, 'type'>;
}

/** The centroid of a shape centred on its frame's origin. */
export function atOrigin(_shape: ShapeGeometry, out: Float64Array): void {
  out[0] = 0; out[1] = 0; out[2] = 0;
}

/** A diagonal inertia (the three principal moments) into a 3x3 row-major out. */
export function writeDiagonal(out: Float64Array, x: number, y: number, z: number): void {
  out.fill(0);
  out[0] = x; out[4] = y; out[8] = z;
}

/** The world box of a box of half extents h centred at b in a frame at (c, W): |W| h about c + W b. */
export function writeBoxBounds(c: ArrayLike<number>, W: ArrayLike<number>, b: ArrayLike<number> | null, h: ArrayLike<number>, out: Float64Array): void {
  for (let i = 0; i < 3; i++) {
    const centre = b === null ? c[i] : c[i] + W[i] * b[0] + W[3 + i] * b[1] + W[6 + i] * b[2];
    const half = Math.abs(W[i]) * h[0] + Math.abs(W[3 + i]) * h[1] + Math.abs(W[6 + i]) * h[2];
    out[i] = centre - half;
    out[3 + i] = centre + half;
  }
}

/** A ray that starts inside a solid: a hit at 0, against the direction. */
export function rayStartsInside(d: ArrayLike<number>, normal: Float64Array): number {
  normal[0] = -d[0]; normal[1] = -d[1]; normal[2] = -d[2];
  return 0;
}

/**
 * A shape type's ray cast: the ray o + t d (shape frame, d a unit vector) against the shape for
 * 0 ≤ t ≤ tMax, tMax read from ray[RAY_T_MAX]: true with a hit, the t at which it enters the solid written
 * to ray[RAY_T] and the outward normal to `normal` (shape frame); false for a miss. A ray that starts inside
 * hits at t = 0 with normal −d. (The numbers in an array, not a parameter and a result: a double passed
 * to or returned from a call V8 does not inline is boxed, and the queries call these through a table.)
 * Each shape's file exports its own, apart from its definition: the scene queries
 * (collision/queries.ts) keep the table of them, so that a world without queries carries none.
 */
export type ShapeRayCast = (shape: ShapeGeometry, o: ArrayLike<number>, d: ArrayLike<number>, ray: Float64Array, normal: Float64Array) => boolean;

/** A ShapeRayCast's answer from a t (−1: a miss): false, or true with t in ray[RAY_T]. */
export function rayAnswer(ray: Float64Array, t: number): boolean {
  if (t < 0) return false;
  ray[RAY_T] = t;
  return true;
}
