/**
 * The 3D world: `World`, bodies, shapes, joints, queries, the character controller, the ragdoll builder
 * and the input limits. The guide is in the repository's docs/ (docs/concepts.md first).
 * @module sinew-physics
 */
// sinew: rigid-body joints for the browser. The public API: everything a game, the viewer and the
// benchmarks use is exported here.

export { World, DEFAULT_WORLD_SETTINGS, DEFAULT_JOINT_SOLVER, JOINT_SOLVERS } from './world/world.js';
export type { WorldOptions, JointBreakEvent, BodyInvalidEvent, JointSolverKind, ContactBeginEvent, SensorEvent } from './world/world.js';
export type { InvalidQuantity } from './body/invalid-bodies.js';
export { TOUCH_DISTANCE, type ShapePair } from './collision/contact-set.js';
export type { PreSolvePair } from './collision/pre-solve.js';
export { RESTITUTION_THRESHOLD, type ContactConstraint } from './collision/contact-constraint.js';
// A contact's points and normal (`contact.manifold`).
export type { Manifold } from './collision/manifold.js';
export type { WorldSnapshot, SnapshotBody, SnapshotJoint } from './world/world-core.js';
export type { AdvanceResult } from './world/clock.js';
export { DEFAULT_FIXED_STEP_SETTINGS } from './world/settings.js';
export { CCD_SPEED_THRESHOLD } from './collision/continuous.js';
export { Body } from './body/body.js';
export type { BodyOptions, BodyType } from './body/body.js';
export { boxInertia, sphereInertia, capsuleInertia } from './geometry/inertia.js';
export type { Vector3Input, QuaternionInput, Vector2Input } from './util/vector-input.js';
/** sin, cos and atan2 that give the same bits in every JavaScript engine (Math.sin and the like differ
 * in the last bit between node and browsers): for building scenes that must step alike everywhere. */
export { sin as portableSin, cos as portableCos, atan2 as portableAtan2 } from './math/portable.js';
export { Shape } from './geometry/shape.js';
export type {
  ShapeOptions, ShapeType, SurfaceOptions, SphereShapeOptions, CapsuleShapeOptions, BoxShapeOptions, HullShapeOptions, PlaneShapeOptions,
  TrimeshShapeOptions, HeightfieldShapeOptions,
} from './geometry/shape.js';
export type { ShapeGeometry } from './geometry/shape-definition.js';
// A mesh's or heightfield's triangles (`shape.mesh`): `writeTriangle(i, out)` gives triangle i's corners as
// the contacts meet them.
export type { TriangleSource } from './geometry/triangle-source.js';
export type { TriangleMesh } from './geometry/triangle-mesh.js';
export type { Heightfield } from './geometry/heightfield.js';
export { ConvexHull, MAX_HULL_VERTICES, MAX_HULL_POINTS } from './geometry/hull.js';
export { convexHull } from './geometry/hull-building.js';
export type { QueryFilter, QueryOptions, RayHit, ShapeCastOptions, ShapeOverlap } from './collision/queries.js';
export { CharacterController, DEFAULT_CHARACTER_CONTROLLER_OPTIONS, CHARACTER_GROUND_TOLERANCE } from './character/character-controller.js';
export type {
  CharacterControllerOptions, CharacterCapsuleOptions, CharacterMoveResult, CharacterCollision,
} from './character/character-controller.js';
export { Joint } from './joints/joint.js';
export type { JointOptions, JointType } from './joints/joint.js';
export { JOINT_DEFINITIONS, jointDefinition, type AnyJointDefinition } from './joints/joint-definitions.js';
export type { JointDefinition } from './joints/joint-definition.js';
export { BallJoint } from './joints/ball-joint.js';
export type { BallJointOptions } from './joints/ball-joint.js';
export { OrientationJoint } from './joints/orientation-joint.js';
export type { OrientationJointOptions } from './joints/orientation-joint.js';
export { WeldJoint } from './joints/weld-joint.js';
export { MouseJoint } from './joints/mouse-joint.js';
export type { MouseJointOptions } from './joints/mouse-joint.js';
export type { WeldJointOptions } from './joints/weld-joint.js';
export { HingeJoint } from './joints/hinge-joint.js';
export type { HingeJointOptions } from './joints/hinge-joint.js';
export { PrismaticJoint } from './joints/prismatic-joint.js';
export type { PrismaticJointOptions } from './joints/prismatic-joint.js';
export { DistanceJoint } from './joints/distance-joint.js';
export type { DistanceJointOptions } from './joints/distance-joint.js';
export type { MotorOptions, ServoOptions, DriveMode } from './joints/parts/axis-drive.js';
export { JointFrames } from './joints/joint-frames.js';
export { JOINT_DRAW_COLOURS, type DebugLines, type JointDrawColours } from './joints/joint-drawing.js';
export type { ConstraintPart } from './joints/parts/constraint-part.js';
export { PointConstraintPart } from './joints/parts/point-part.js';
export { RotationConstraintPart } from './joints/parts/rotation-part.js';
export { makeSoft, RIGID, MAX_PUSH_SPEED, MAX_PUSH_ANGULAR_SPEED } from './solver/softness.js';
export type { Softness } from './solver/softness.js';
export type { SolverSettings } from './solver/step-parts.js';
export { createRagdoll, RAGDOLL_MASS_FRACTIONS } from './world/ragdoll.js';
export type { Ragdoll, RagdollOptions, RagdollSegment, RagdollJointName } from './world/ragdoll.js';
// The accepted range of every input (README, "Limits").
export * from './limits.js';
