/**
 * The core of the 3D world: `BasicWorld`, made of the shape kinds, joints and continuous collision it is
 * given, so that a bundle holds what the app uses (docs/bundle-size.md); bodies, the primitive shapes and
 * the joints that hold bodies together (the mouse joint, for dragging, is in the main entry).
 * @module sinew-physics/core
 */
// sinew-physics/core: the world made of what the app gives it, and the parts a game of primitive shapes
// and joints gives it (docs/bundle-size.md). BasicWorld takes the shape kinds its bodies may have
// (SPHERE_SHAPE, CAPSULE_SHAPE, BOX_SHAPE, PLANE_SHAPE); joints are made through their definitions
// (createJoint(BALL_JOINT_DEFINITION, …)). The step keeps the world's defaults: the direct solver,
// sleeping, contacts. A bundle holds what the app names: the ball-joint app of bench/bundle-size.mjs
// leaves out the other shapes and joints. The main entry ('sinew-physics', index.ts) is this entry plus
// the heavier parts: hulls, triangle meshes and heightfields (HULL_SHAPE, TRIMESH_SHAPE,
// HEIGHTFIELD_SHAPE), continuous collision (CONTINUOUS_COLLISION), the mouse joint (MOUSE_JOINT_DEFINITION:
// an input device, which BasicWorld takes through createJoint as any joint), and World, which has them all
// with the scene queries, the character controller and snapshots.

export { BasicWorld, DEFAULT_WORLD_SETTINGS } from './world/basic-world.js';
export type { BasicWorldOptions, JointBreakEvent, BodyInvalidEvent, ContactBeginEvent, ContactForceEvent, SensorEvent } from './world/basic-world.js';
export { DEFAULT_JOINT_SOLVER, JOINT_SOLVERS, DEFAULT_FIXED_STEP_SETTINGS, type JointSolverKind } from './world/settings.js';
export type { InvalidQuantity } from './body/invalid-bodies.js';
export type { AdvanceResult } from './world/clock.js';
export { SPHERE_SHAPE, CAPSULE_SHAPE, BOX_SHAPE, PLANE_SHAPE, type ShapeKind, type ShapeKindOf } from './collision/shape-kinds.js';
export { TOUCH_DISTANCE, type ShapePair } from './collision/contact-set.js';
export type { PreSolvePair } from './collision/pre-solve.js';
export { RESTITUTION_THRESHOLD, type ContactConstraint } from './collision/contact-constraint.js';
// A contact's points and normal (`contact.manifold`).
export type { Manifold } from './collision/manifold.js';
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
export { Joint } from './joints/joint.js';
export type { JointOptions, JointType } from './joints/joint.js';
export type { JointDefinition } from './joints/joint-definition.js';
export { BallJoint, BALL_JOINT_DEFINITION } from './joints/ball-joint.js';
export type { BallJointOptions } from './joints/ball-joint.js';
export { OrientationJoint, ORIENTATION_JOINT_DEFINITION } from './joints/orientation-joint.js';
export type { OrientationJointOptions } from './joints/orientation-joint.js';
export { WeldJoint, WELD_JOINT_DEFINITION } from './joints/weld-joint.js';
export type { WeldJointOptions } from './joints/weld-joint.js';
export { HingeJoint, HINGE_JOINT_DEFINITION } from './joints/hinge-joint.js';
export type { HingeJointOptions } from './joints/hinge-joint.js';
export { PrismaticJoint, PRISMATIC_JOINT_DEFINITION } from './joints/prismatic-joint.js';
export type { PrismaticJointOptions } from './joints/prismatic-joint.js';
export { DistanceJoint, DISTANCE_JOINT_DEFINITION } from './joints/distance-joint.js';
export type { DistanceJointOptions } from './joints/distance-joint.js';
export type { MotorOptions, ServoOptions, DriveMode, DriveOptions } from './joints/parts/axis-drive.js';
export { JointFrames } from './joints/joint-frames.js';
export type { LocalFrame, LocalFrameOptions } from './joints/local-frames.js';
export { JOINT_DRAW_COLOURS, type DebugLines, type JointDrawColours } from './joints/joint-drawing.js';
export type { ConstraintPart } from './joints/parts/constraint-part.js';
export { PointConstraintPart } from './joints/parts/point-part.js';
export { RotationConstraintPart } from './joints/parts/rotation-part.js';
export type { RotationServoOptions } from './joints/parts/rotation-servo.js';
export { makeSoft, RIGID, MAX_PUSH_SPEED, MAX_PUSH_ANGULAR_SPEED } from './solver/softness.js';
export type { Softness } from './solver/softness.js';
export type { SolverSettings } from './solver/step-parts.js';
// The accepted range of every input (README, "Limits").
export * from './limits.js';
