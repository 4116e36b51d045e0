// The options a shape is created from (createBody's `shapes`), one interface per type.

import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export interface SurfaceOptions {
  /** Position of the shape's centre in the body frame, m. Default [0, 0, 0]. */
  position?: Vector3Input;
  /** Orientation in the body frame, a unit quaternion [x, y, z, w]. Default identity. */
  orientation?: QuaternionInput;
  /** kg/m³, for the body's mass when createBody is given no mass. Default 1000 (water). */
  density?: number;
  /** Coulomb friction coefficient μ ≥ 0. Default 0.6. */
  friction?: number;
  /** Restitution e in [0, 1]: the share of the normal approach speed a bounce gives back. Default 0. */
  restitution?: number;
  /**
   * Rolling resistance coefficient c ≥ 0 (as for tyres: a rolling force of c times the normal force at
   * the rim): a contact resists the bodies' relative rolling with a torque of at most c (r_a + r_b) N,
   * r a sphere's, capsule's or cylinder's radius (0 for boxes, hulls, cones and planes), c the larger of
   * the two shapes'. A solid ball rolling on a plane slows at (5/7) c g. Default 0.
   */
  rollingResistance?: number;
  /**
   * Collision filtering (Box2D's b2Filter): two shapes collide when each one's `category` bits meet the
   * other's `mask`, unless they share a nonzero `group`: a positive group always collides, a negative
   * one never (a ragdoll's segments share one). Defaults: category 1, mask all (0xffffffff), group 0.
   * `category` and `mask` are 32-bit patterns, read back unsigned; they may be written signed, as
   * JavaScript's bitwise operators give them (`mask: ~0b100`, all but bit 2, is read back 0xfffffffb).
   * `group` is a signed integer within ±2³¹: its sign is its meaning.
   */
  category?: number;
  mask?: number;
  group?: number;
  /** A sensor only reports overlaps (World.onSensorBegin and onSensorEnd): nothing collides with it and
   * ray casts pass through it. Its density still counts toward its body's mass. Default false. */
  sensor?: boolean;
}
export interface SphereShapeOptions extends SurfaceOptions {
  type: 'sphere';
  radius: number;
}
export interface CapsuleShapeOptions extends SurfaceOptions {
  type: 'capsule';
  radius: number;
  /** Half the length of the segment between the two hemispheres' centres, along the shape's y axis. */
  halfHeight: number;
}
export interface CylinderShapeOptions extends SurfaceOptions {
  type: 'cylinder';
  /** The radius of its two flat faces, m. */
  radius: number;
  /** Half its length along the shape's y axis, m: the flat faces lie at y = ±halfHeight. */
  halfHeight: number;
}
export interface ConeShapeOptions extends SurfaceOptions {
  type: 'cone';
  /** The radius of its base, m. */
  radius: number;
  /** Half its height along the shape's y axis, m: the apex at y = +halfHeight, the base at y = −halfHeight
   * (the frame's origin at mid-height, as Rapier's cone; its centre of mass at y = −halfHeight/2). */
  halfHeight: number;
}
export interface BoxShapeOptions extends SurfaceOptions {
  type: 'box';
  halfExtents: Vector3Input;
}
export interface HullShapeOptions extends SurfaceOptions {
  type: 'hull';
  /**
   * The points whose convex hull the shape is, in its frame (m): [[x, y, z], …] or flat [x, y, z, x, …].
   * Points closer than 1e-5 of the cloud's size are welded, and coplanar faces merged; at least 4 points
   * not on one plane, at most 4096 points and a hull of at most 256 vertices.
   */
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>;
}
export interface PlaneShapeOptions extends SurfaceOptions {
  type: 'plane';
  /** The outward normal in the body frame. Default [0, 1, 0]. */
  normal?: Vector3Input;
  /** The plane is n·p = offset (body frame, m). Default 0. */
  offset?: number;
}
/** A triangle mesh: a level's surface on a static or kinematic body, or on a dynamic body a closed mesh
 * (every edge shared by two triangles running it opposite ways), the solid it encloses
 * (docs/shapes-and-contacts.md, "Concave dynamic bodies"). */
export interface TrimeshShapeOptions extends SurfaceOptions {
  type: 'trimesh';
  /** Vertex positions in the shape's frame, flat x, y, z (any typed or plain array), m. */
  vertices: ArrayLike<number>;
  /** Three vertex indices per triangle, counter-clockwise seen from the front (the side bodies meet). */
  indices: ArrayLike<number>;
}
export interface HeightfieldShapeOptions extends SurfaceOptions {
  type: 'heightfield';
  /**
   * rows · columns heights (m), row by row: the point of row r and column c lies at
   * x = (c/(columns − 1) − ½)·size[0], z = (r/(rows − 1) − ½)·size[1], y = heights[r·columns + c]
   * in the shape's frame. NaN marks a hole (the cells around it have no ground).
   */
  heights: ArrayLike<number>;
  rows: number;
  columns: number;
  /** The grid's extent along x and z, m. */
  size: ArrayLike<number>;
}
export type ShapeOptions =
  | SphereShapeOptions | CapsuleShapeOptions | BoxShapeOptions | HullShapeOptions | PlaneShapeOptions | TrimeshShapeOptions | HeightfieldShapeOptions
  | CylinderShapeOptions | ConeShapeOptions;
