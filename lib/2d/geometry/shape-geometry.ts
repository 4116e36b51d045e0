// The geometry of a 2D shape in its own frame, as the narrowphase (collision/narrowphase.ts), the queries
// and the mass properties read it: lib/geometry/shape.ts's geometric part in the plane. A box is a
// polygon of four vertices; a chain is a list of one-sided segments, each with the neighbours' far ends
// (its ghost vertices, Box2D's b2ChainSegment), so that a shape sliding over a joint of the chain meets
// no inner corner.

/** A disc centred on the shape's origin. */
export interface CircleGeometry {
  readonly type: 'circle';
  readonly radius: number;
}
/** Two half-discs of `radius` joined along the shape's y axis: the segment between (0, −halfHeight) and
 * (0, halfHeight) grown by the radius. */
export interface CapsuleGeometry {
  readonly type: 'capsule';
  readonly radius: number;
  readonly halfHeight: number;
}
/** A convex polygon: `count` (3 to MAX_POLYGON_VERTICES) vertices counter-clockwise, x then y, with each
 * edge's outward unit normal (edge i runs from vertex i to vertex i + 1), and its centroid. */
export interface PolygonGeometry {
  readonly type: 'polygon';
  readonly count: number;
  readonly vertices: Float64Array;
  readonly normals: Float64Array;
  readonly centroid: Float64Array;
}
/** A two-sided segment from point1 to point2 (no thickness). */
export interface SegmentGeometry {
  readonly type: 'segment';
  readonly point1: Float64Array;
  readonly point2: Float64Array;
}
/** One segment of a chain: one-sided, it collides only with what lies to the right of point1 → point2
 * (outward for a counter-clockwise loop), with ghost1 before point1 and ghost2 after point2 (its
 * neighbours' far ends, or the segment's own ends extended at an open chain's ends). */
export interface ChainSegmentGeometry {
  readonly type: 'chainSegment';
  readonly ghost1: Float64Array;
  readonly point1: Float64Array;
  readonly point2: Float64Array;
  readonly ghost2: Float64Array;
}

export type ShapeGeometry2D = CircleGeometry | CapsuleGeometry | PolygonGeometry | SegmentGeometry | ChainSegmentGeometry;

/** The most vertices a polygon may have (Box2D's B2_MAX_POLYGON_VERTICES). */
export const MAX_POLYGON_VERTICES = 8;
