// A scene as plain data: bodies (pose, mass, inertia, the shape they are drawn with) and joints (type,
// bodies by index, world anchor). Tests, the viewer and the benchmarks' adapters for other engines all
// build from the same description, so every engine runs the identical scene.

import { World, type WorldOptions } from '../world/world.js';
import type { Body } from '../body/body.js';
import type { Joint } from '../joints/joint.js';
import type { ShapeOptions } from '../geometry/shape.js';

export type Vec3Tuple = [number, number, number];
export type QuatTuple = [number, number, number, number];

export type ShapeDescription =
  | { kind: 'box'; halfExtents: Vec3Tuple }
  | { kind: 'sphere'; radius: number }
  | { kind: 'capsule'; radius: number; halfHeight: number }
  /** The convex hull of the points (body frame, m); see lib/scenes/hulls.ts hullBody for a hull in its
   * principal frame, as the diagonal inertia needs. */
  | { kind: 'hull'; points: Vec3Tuple[] };

export interface BodyDescription {
  type: 'dynamic' | 'static' | 'kinematic';
  position: Vec3Tuple;
  orientation?: QuatTuple;
  linearVelocity?: Vec3Tuple;
  angularVelocity?: Vec3Tuple;
  mass: number;
  /** Diagonal inertia in body axes, kg·m². */
  inertia: Vec3Tuple;
  /** What the body looks like (the inertia above need not come from it; see S2). */
  shape: ShapeDescription;
  /** What the body is in its scene ('link', 'plank', 'column', 'load', …): viewers colour by it. */
  role?: string;
  /** A name to find it by (the ragdoll's segments: 'head', 'thighLeft', …). */
  name?: string;
  /** Velocity damping, 1/s (Body options of the same names). */
  linearDamping?: number;
  angularDamping?: number;
  /** True: the body also collides, with `shape` as its collision shape (its mass and inertia stay the
   * ones above). */
  collide?: boolean;
  /** The collision shape's filter group (see ShapeOptions.group; a ragdoll's segments share a negative
   * one). Default 0. */
  group?: number;
  /** The collision shape's rolling resistance coefficient (ShapeOptions.rollingResistance). Default 0. */
  rollingResistance?: number;
}

export interface JointDescription {
  type: 'ball' | 'weld' | 'orientation' | 'hinge' | 'prismatic' | 'distance';
  /** Index into `bodies`. */
  bodyA: number;
  /** Index into `bodies`, or null for the world. */
  bodyB: number | null;
  /** World anchor, m (every type but orientation; the distance joint's anchor on A). */
  anchor?: Vec3Tuple;
  /** The distance joint's anchor on B, m. */
  anchorB?: Vec3Tuple;
  /** Joint axis and frame normal, world (hinge, prismatic; ball with limits). */
  axis?: Vec3Tuple;
  normal?: Vec3Tuple;
  /** Ball: swing half-angles [about y, about z] and twist range, rad. */
  swingLimit?: [number, number];
  twistLimit?: [number, number];
  /** Hinge angle (rad) or prismatic translation (m) limits, [lower, upper]. */
  limits?: [number, number];
  /** Hinge and prismatic drives. */
  motor?: { speed: number; maxForce?: number };
  servo?: { target: number; hertz?: number; dampingRatio?: number; maxForce?: number };
  /** Joint friction: N·m (ball, hinge) or N (prismatic). */
  friction?: number;
  /** Distance joint bounds, m. */
  minLength?: number;
  maxLength?: number;
  /** Spring of the holding rows (0 = rigid), Hz, and its damping ratio. */
  hertz?: number;
  dampingRatio?: number;
  breakForce?: number;
  breakTorque?: number;
  /** A name to find it by (the ragdoll's joints: 'neck', 'kneeLeft', …). */
  name?: string;
}

export interface SceneDescription {
  name: string;
  gravity: Vec3Tuple;
  /** The step the scene is meant to run at, s. */
  dt: number;
  bodies: BodyDescription[];
  joints: JointDescription[];
  /** A ground plane y = height that colliding bodies land on (a static body with a plane shape, not in
   * `bodies`). */
  ground?: { height: number; friction?: number; restitution?: number };
}

export interface BuiltScene {
  world: World;
  bodies: Body[];
  joints: Joint[];
}

/** Adds a described scene's bodies and joints to a world. */
/** A drawn shape as a collision shape. */
function collisionShape(shape: ShapeDescription): ShapeOptions {
  switch (shape.kind) {
    case 'box': return { type: 'box', halfExtents: shape.halfExtents };
    case 'sphere': return { type: 'sphere', radius: shape.radius };
    case 'capsule': return { type: 'capsule', radius: shape.radius, halfHeight: shape.halfHeight };
    case 'hull': return { type: 'hull', points: shape.points };
  }
}

export function addSceneToWorld(world: World, scene: SceneDescription): BuiltScene {
  const bodies = scene.bodies.map((b) =>
    world.createBody({
      type: b.type,
      position: b.position,
      orientation: b.orientation,
      linearVelocity: b.linearVelocity,
      angularVelocity: b.angularVelocity,
      // (a description gives every body a mass; only a dynamic one takes it)
      mass: b.type === 'dynamic' ? b.mass : undefined,
      inertia: b.type === 'dynamic' ? b.inertia : undefined,
      linearDamping: b.linearDamping,
      angularDamping: b.angularDamping,
      userData: b.name,
      shapes: b.collide === true ? [{ ...collisionShape(b.shape), group: b.group ?? 0, rollingResistance: b.rollingResistance }] : undefined,
    }),
  );
  const joints = scene.joints.map((j): Joint => {
    const common = {
      bodyA: bodies[j.bodyA],
      bodyB: j.bodyB === null ? undefined : bodies[j.bodyB],
      breakForce: j.breakForce,
      breakTorque: j.breakTorque,
      hertz: j.hertz,
      dampingRatio: j.dampingRatio,
      userData: j.name,
    };
    switch (j.type) {
      case 'ball':
        return world.createBallJoint({
          ...common, anchor: requireAnchor(j), axis: j.axis, normal: j.normal,
          swingLimit: j.swingLimit, twistLimit: j.twistLimit, frictionTorque: j.friction,
        });
      case 'weld':
        return world.createWeldJoint({ ...common, anchor: requireAnchor(j) });
      case 'orientation':
        return world.createOrientationJoint(common);
      case 'hinge':
        return world.createHingeJoint({
          ...common, anchor: requireAnchor(j), axis: requireAxis(j), normal: j.normal,
          lowerAngle: j.limits?.[0], upperAngle: j.limits?.[1], motor: j.motor, servo: j.servo, frictionTorque: j.friction,
        });
      case 'prismatic':
        return world.createPrismaticJoint({
          ...common, anchor: requireAnchor(j), axis: requireAxis(j),
          lowerTranslation: j.limits?.[0], upperTranslation: j.limits?.[1], motor: j.motor, servo: j.servo, frictionForce: j.friction,
        });
      case 'distance':
        if (j.anchorB === undefined) throw new TypeError('scene: a distance joint needs anchorB');
        return world.createDistanceJoint({
          ...common, anchorA: requireAnchor(j), anchorB: j.anchorB, minLength: j.minLength, maxLength: j.maxLength,
        });
    }
  });
  if (scene.ground !== undefined) {
    const { height, friction, restitution } = scene.ground;
    world.createBody({ type: 'static', position: [0, height, 0], shapes: [{ type: 'plane', friction, restitution }] });
  }
  return { world, bodies, joints };
}

/** A new world with the scene's gravity (and any settings given), holding the scene. */
export function buildScene(scene: SceneDescription, options: WorldOptions = {}): BuiltScene {
  const world = new World({ gravity: scene.gravity, ...options });
  return addSceneToWorld(world, scene);
}

function requireAxis(j: JointDescription): Vec3Tuple {
  if (j.axis === undefined) throw new TypeError(`scene: a ${j.type} joint needs an axis`);
  return j.axis;
}

function requireAnchor(j: JointDescription): Vec3Tuple {
  if (j.anchor === undefined) throw new TypeError(`scene: a ${j.type} joint needs an anchor`);
  return j.anchor;
}
