// The options a 2D shape is created from (World2D.createBody's `shapes`), one interface per type:
// lib/geometry/shape-options.ts in the plane. A 2D shape is a slab 1 m thick, so its density is in
// kg/m² with the 3D default of 1000 (water): a 2D body weighs what its planar 3D twin does.

import type { Vector2Input } from '../../util/vector-input.js';

export interface SurfaceOptions2D {
  /** Position of the shape's frame in the body frame, m. Default [0, 0]. */
  position?: Vector2Input;
  /** Angle of the shape's frame in the body frame, rad, counter-clockwise. Default 0. */
  angle?: number;
  /** kg/m², for the body's mass when createBody is given no mass. Default 1000. Segments and chains have
   * no area and so no mass. */
  density?: number;
  /** Coulomb friction coefficient μ ≥ 0. Default 0.6. */
  friction?: number;
  /** Restitution e in [0, 1]: the share of the normal approach speed a bounce gives back. Default 0. */
  restitution?: number;
  /** Collision filtering, as in 3D (SurfaceOptions.category, Box2D's b2Filter): two shapes collide when
   * each one's `category` bits meet the other's `mask`, unless they share a nonzero `group` (positive:
   * always collide, negative: never). Defaults: category 1, mask all (0xffffffff), group 0. */
  category?: number;
  mask?: number;
  group?: number;
  /** A sensor only reports overlaps (World2D.onSensorBegin, onSensorEnd): nothing collides with it and
   * ray casts pass through it. Its density still counts toward its body's mass. Default false. */
  sensor?: boolean;
}
export interface CircleShapeOptions extends SurfaceOptions2D {
  type: 'circle';
  radius: number;
}
export interface CapsuleShape2DOptions extends SurfaceOptions2D {
  type: 'capsule';
  radius: number;
  /** Half the length of the segment between the two half-discs' centres, along the shape's y axis. */
  halfHeight: number;
}
export interface BoxShape2DOptions extends SurfaceOptions2D {
  type: 'box';
  /** [hx, hy], m: the box spans ±hx along the shape's x axis and ±hy along its y. */
  halfExtents: Vector2Input;
}
export interface PolygonShapeOptions extends SurfaceOptions2D {
  type: 'polygon';
  /** 3 to 8 (MAX_POLYGON_VERTICES) points of a convex polygon in the shape's frame, [[x, y], …],
   * counter-clockwise (clockwise ones are taken in the reverse order). Refused: points that are not
   * convex, three consecutive points on a line, and two points closer than 1e-5 of its size. */
  points: ArrayLike<Vector2Input>;
}
export interface SegmentShapeOptions extends SurfaceOptions2D {
  type: 'segment';
  /** Its two ends [a, b] in the shape's frame, m: a two-sided line segment, for static and kinematic
   * bodies (it has no mass). */
  points: ArrayLike<Vector2Input>;
}
export interface ChainShapeOptions extends SurfaceOptions2D {
  type: 'chain';
  /** The chain's points in the shape's frame, m: at least 2 (3 for a loop), no two consecutive ones equal.
   * Its segments are one-sided: they collide with what lies to the right of each point → next point
   * (outside, for a counter-clockwise loop). Static and kinematic bodies only (it has no mass). */
  points: ArrayLike<Vector2Input>;
  /** Joins the last point to the first. Default false. */
  loop?: boolean;
}
export type Shape2DOptions =
  | CircleShapeOptions | CapsuleShape2DOptions | BoxShape2DOptions | PolygonShapeOptions | SegmentShapeOptions | ChainShapeOptions;
