/**
 * The 2D world: `World2D`, planar bodies, revolute, weld, angle, prismatic, wheel, pulley, gear, motor,
 * distance and mouse joints, with the 3D world's solvers,
 * settings and limits, and the comparison of a planar scene run in both (docs/2d.md).
 * @module sinew-physics/2d
 */
// sinew-physics/2d: the 2D specialization, the same API shape as the 3D library, and the planar comparison.

export type { Vector2Input } from '../util/vector-input.js';
export { World2D } from './world.js';
export type { AdvanceResult } from '../world/clock.js';
export type { JointSolverKind } from '../world/settings.js';
export type { World2DOptions, JointBreakEvent2D, BodyInvalidEvent2D } from './world.js';
export type { InvalidQuantity } from '../body/invalid-bodies.js';
export { Body2D } from './body.js';
export type { Body2DOptions } from './body.js';
export { Joint2D } from './joints/joint.js';
export type { Joint2DOptions, Joint2DType } from './joints/joint.js';
export { RevoluteJoint } from './joints/revolute-joint.js';
export type { RevoluteJointOptions } from './joints/revolute-joint.js';
export type { LocalFrame2D, LocalFrame2DOptions } from './joints/local-frames.js';
export { WeldJoint2D } from './joints/weld-joint.js';
export type { WeldJoint2DOptions } from './joints/weld-joint.js';
export { AngleJoint } from './joints/angle-joint.js';
export type { AngleJointOptions } from './joints/angle-joint.js';
export { PrismaticJoint2D } from './joints/prismatic-joint.js';
export type { PrismaticJoint2DOptions } from './joints/prismatic-joint.js';
export { WheelJoint2D } from './joints/wheel-joint.js';
export type { WheelJoint2DOptions, SuspensionOptions } from './joints/wheel-joint.js';
export { PulleyJoint2D } from './joints/pulley-joint.js';
export type { PulleyJoint2DOptions } from './joints/pulley-joint.js';
export { MotorJoint2D } from './joints/motor-joint.js';
export type { MotorJoint2DOptions } from './joints/motor-joint.js';
export { GearJoint2D } from './joints/gear-joint.js';
export type { GearJoint2DOptions } from './joints/gear-joint.js';
export { DistanceJoint2D } from './joints/distance-joint.js';
export type { DistanceJoint2DOptions } from './joints/distance-joint.js';
export { MouseJoint2D } from './joints/mouse-joint.js';
export type { MouseJoint2DOptions } from './joints/mouse-joint.js';
export type { ConstraintPart2D } from './joints/parts/constraint-part.js';
export { PointConstraintPart2D } from './joints/parts/point-part.js';
export { AngleConstraintPart2D } from './joints/parts/angle-part.js';
export {
  addSceneToWorld2D,
  buildPlanarPair,
  buildScene2D,
  comparePlanar,
  measurePlanarDifference,
  planarAngle,
  requirePlanar,
} from './planar.js';
export type { BuiltScene2D, PlanarComparisonOptions, PlanarContactOptions, PlanarDifference, PlanarOptions, PlanarPair } from './planar.js';
export { Shape2D, shouldCollide, SHAPE_2D_TYPES } from './geometry/shape.js';
export type { FilteredShape } from '../geometry/collision-filter.js';
export type {
  Shape2DType, Shape2DOptions, SurfaceOptions2D, CircleShapeOptions, CapsuleShape2DOptions, BoxShape2DOptions, PolygonShapeOptions,
  SegmentShapeOptions, ChainShapeOptions,
} from './geometry/shape.js';
export { MAX_POLYGON_VERTICES } from './geometry/shape-geometry.js';
export type {
  ShapeGeometry2D, CircleGeometry, CapsuleGeometry, PolygonGeometry, SegmentGeometry, ChainSegmentGeometry,
} from './geometry/shape-geometry.js';
export { ShapePose2D } from './collision/shape-pose.js';
export { computeMassProperties2D, geometryMass, geometryArea } from './geometry/mass-properties.js';
export type { MassProperties2D } from './geometry/mass-properties.js';
export type {
  PointProjection2D, PointProjectionOptions2D, QueryFilter, QueryOptions2D, RayHit2D, ShapeCastOptions2D, ShapeOverlap2D,
} from './collision/queries.js';
export { ConvexProxy2D, DistanceResult2D, shapeDistance2D, shapesOverlap2D } from './geometry/distance.js';
export type { Pose2D } from './geometry/distance.js';
export { CastResult2D, shapeCast2D } from './geometry/shape-cast.js';
export { rayCastShape2D, RayCastOutput2D } from './geometry/ray-cast.js';
// The accepted range of every input, the same as in 3D (README, "Limits").
export * from '../limits.js';
export { hasPlanarContacts, holdToPlane } from './planar.js';
export type { ContactBeginEvent2D, ContactForceEvent2D, SensorEvent2D } from './world-contacts.js';
export type { ShapePair2D } from './collision/contact-set.js';
export type { ContactShape2D } from './collision/broadphase.js';
export { SPECULATIVE_DISTANCE, TOUCH_DISTANCE } from './collision/contact-set.js';
export { ContactConstraint2D } from './collision/contact-constraint.js';
export { PreSolvePair2D } from './collision/pre-solve.js';
export { Manifold2D, MAX_MANIFOLD_POINTS_2D } from './collision/manifold.js';
