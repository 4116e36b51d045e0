/**
 * The 3D world: `World`, bodies, shapes, joints, queries, the character controller, the ragdoll builder
 * and the input limits. The guide is in the repository's docs/ (docs/concepts.md first).
 * @module sinew-physics
 */
// sinew: rigid-body joints for the browser. The public API: everything a game, the viewer and the
// benchmarks use is exported here: the core entry ('sinew-physics/core', core.ts: BasicWorld, bodies,
// primitive shapes, joints), the heavier parts a BasicWorld may be given (hulls, triangle meshes,
// heightfields, continuous collision), and World, which has them all, with the scene queries, the
// character controller, snapshots, hulls from points and the ragdoll builder.

export * from './core.js';
export { HULL_SHAPE, TRIMESH_SHAPE, HEIGHTFIELD_SHAPE, CYLINDER_SHAPE, CONE_SHAPE, SHAPE_KINDS } from './collision/shape-kinds.js';
export { cylinderInertia, coneInertia } from './geometry/inertia.js';
export type { CylinderShapeOptions, ConeShapeOptions } from './geometry/shape-options.js';
export { CONTINUOUS_COLLISION, CCD_SPEED_THRESHOLD, type ContinuousCollisionKind } from './collision/continuous.js';
export { MouseJoint, MOUSE_JOINT_DEFINITION } from './joints/mouse-joint.js';
export { PulleyJoint, PULLEY_JOINT_DEFINITION } from './joints/pulley-joint.js';
export type { PulleyJointOptions } from './joints/pulley-joint.js';
export { GearJoint, GEAR_JOINT_DEFINITION } from './joints/gear-joint.js';
export type { GearJointOptions } from './joints/gear-joint.js';
export { SixDofJoint, SIX_DOF_JOINT_DEFINITION } from './joints/six-dof-joint.js';
export type { SixDofJointOptions, SixDofAxis } from './joints/six-dof-joint.js';
export { MotorJoint, MOTOR_JOINT_DEFINITION } from './joints/motor-joint.js';
export type { MotorJointOptions } from './joints/motor-joint.js';
export { WheelJoint, WHEEL_JOINT_DEFINITION } from './joints/wheel-joint.js';
export type { WheelJointOptions, SuspensionOptions } from './joints/wheel-joint.js';
export { VehicleController, VehicleWheel } from './vehicle/vehicle-controller.js';
export type { VehicleControllerOptions, VehicleWheelOptions } from './vehicle/vehicle-controller.js';
export type { MouseJointOptions } from './joints/mouse-joint.js';
export { World } from './world/world.js';
export type { WorldOptions } from './world/world.js';
export type { WorldSnapshot, SnapshotBody, SnapshotJoint } from './world/snapshot.js';
// A mesh's or heightfield's triangles (`shape.mesh`): `writeTriangle(i, out)` gives triangle i's corners as
// the contacts meet them.
export type { TriangleSource } from './geometry/triangle-source.js';
export type { TriangleMesh } from './geometry/triangle-mesh.js';
export type { Heightfield } from './geometry/heightfield.js';
export { ConvexHull, MAX_HULL_VERTICES, MAX_HULL_POINTS } from './geometry/hull.js';
export { convexHull } from './geometry/hull-building.js';
export { convexDecomposition, type ConvexDecomposition, type ConvexDecompositionOptions } from './geometry/convex-decomposition.js';
export type { PointProjection, PointProjectionOptions, QueryFilter, QueryOptions, RayHit, ShapeCastOptions, ShapeOverlap } from './collision/queries.js';
export { CharacterController, DEFAULT_CHARACTER_CONTROLLER_OPTIONS, CHARACTER_GROUND_TOLERANCE } from './character/character-controller.js';
export type {
  CharacterControllerOptions, CharacterCapsuleOptions, CharacterMoveResult, CharacterCollision,
} from './character/character-controller.js';
export { JOINT_DEFINITIONS, jointDefinition, type AnyJointDefinition } from './joints/joint-definitions.js';
export { createRagdoll, ragdollFromScene, RAGDOLL_MASS_FRACTIONS } from './world/ragdoll.js';
export { createSkeletonRagdoll, describeSkeleton } from './world/skeleton-ragdoll.js';
export type { SkeletonBone, SkeletonOptions, SkeletonRagdoll } from './world/skeleton-ragdoll.js';
export type { Ragdoll, RagdollOptions, RagdollSegment, RagdollJointName, RagdollBallJointName, RagdollHingeJointName, RagdollJoints, RagdollDriveOptions } from './world/ragdoll.js';
