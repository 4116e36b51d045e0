// A scene as plain data: bodies (pose, mass, inertia, the shape they are drawn with) and joints (type,
// bodies by index, world anchor). Tests, the viewer and the benchmarks' adapters for other engines all
// build from the same description, so every engine runs the identical scene.

import { World, type WorldOptions } from '../world/world.js';
import type { Body } from '../body/body.js';
import type { Joint } from '../joints/joint.js';
import type { HingeJoint } from '../joints/hinge-joint.js';
import type { PrismaticJoint } from '../joints/prismatic-joint.js';
import type { ShapeOptions } from '../geometry/shape.js';

export type Vec3Tuple = [number, number, number];
export type QuatTuple = [number, number, number, number];

export type ShapeDescription =
  | { kind: 'box'; halfExtents: Vec3Tuple }
  | { kind: 'sphere'; radius: number }
  | { kind: 'capsule'; radius: number; halfHeight: number }
  /** Along the body's y, centred on the body's origin (a cone: its mid-height; see ConeShapeOptions). */
  | { kind: 'cylinder'; radius: number; halfHeight: number }
  | { kind: 'cone'; radius: number; halfHeight: number }
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
  /** The collision shape's friction and restitution (ShapeOptions). Default 0.6 and 0. */
  friction?: number;
  restitution?: number;
}

export interface JointDescription {
  type: 'ball' | 'weld' | 'orientation' | 'hinge' | 'prismatic' | 'distance' | 'pulley' | 'gear' | 'motor' | 'wheel';
  /** Index into `bodies` (a gear: the moving body of its jointA, checked). */
  bodyA: number;
  /** Index into `bodies`, or null for the world (a gear: the moving body of its jointB, checked). */
  bodyB: number | null;
  /** World anchor, m (every type but orientation, gear and motor; the distance and pulley joints' anchor on A). */
  anchor?: Vec3Tuple;
  /** The distance and pulley joints' anchor on B, m. */
  anchorB?: Vec3Tuple;
  /** The pulley joint's pulleys, world space, m. */
  groundA?: Vec3Tuple;
  groundB?: Vec3Tuple;
  /** Pulley: L_a + ratio L_b stays constant; gear: θ̇_b = −ratio θ̇_a. */
  ratio?: number;
  /** The gear's two joints, indices into `joints` (earlier in the list than the gear). */
  jointA?: number;
  jointB?: number;
  /** The motor joint's target: B's centre from A's in A's axes (m) and B's orientation in A's axes. */
  linearOffset?: Vec3Tuple;
  angularOffset?: QuatTuple;
  /** The motor joint's force and torque caps (N, N·m) and correction factor. */
  maxForce?: number;
  maxTorque?: number;
  correctionFactor?: number;
  /** The wheel joint's suspension direction, world space (its `axis` is the spin axis). */
  suspensionAxis?: Vec3Tuple;
  /** The wheel joint's suspension spring. */
  suspension?: { hertz: number; dampingRatio?: number } | { stiffness: number; damping?: number };
  /** Joint axis and frame normal, world (hinge, prismatic; ball with limits). */
  axis?: Vec3Tuple;
  normal?: Vec3Tuple;
  /** Ball: swing half-angles [about y, about z] and twist range, rad. */
  swingLimit?: [number, number];
  twistLimit?: [number, number];
  /** Hinge angle (rad), prismatic translation or wheel suspension travel (m) limits, [lower, upper]. */
  limits?: [number, number];
  /** Hinge and prismatic drives (a wheel joint's motor drives its spin). */
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
    case 'cylinder': return { type: 'cylinder', radius: shape.radius, halfHeight: shape.halfHeight };
    case 'cone': return { type: 'cone', radius: shape.radius, halfHeight: shape.halfHeight };
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
      shapes: b.collide === true
        ? [{ ...collisionShape(b.shape), group: b.group ?? 0, rollingResistance: b.rollingResistance, friction: b.friction, restitution: b.restitution }]
        : undefined,
    }),
  );
  const joints: Joint[] = [];
  scene.joints.forEach((j, index) => {
    joints.push(describedJoint(world, j, index, bodies, joints));
  });
  if (scene.ground !== undefined) {
    const { height, friction, restitution } = scene.ground;
    world.createBody({ type: 'static', position: [0, height, 0], shapes: [{ type: 'plane', friction, restitution }] });
  }
  return { world, bodies, joints };
}

/** The joint a description gives, made in `world` (`joints`: the scene's joints made before it). */
function describedJoint(world: World, j: JointDescription, index: number, bodies: Body[], joints: Joint[]): Joint {
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
    case 'pulley':
      if (j.anchorB === undefined || j.groundA === undefined || j.groundB === undefined) throw new TypeError('scene: a pulley joint needs anchorB, groundA and groundB');
      return world.createPulleyJoint({ ...common, anchorA: requireAnchor(j), anchorB: j.anchorB, groundA: j.groundA, groundB: j.groundB, ratio: j.ratio });
    case 'gear': {
      const [jointA, jointB] = describedGearJoints(j, index, joints);
      const gear = world.createGearJoint({ jointA: jointA as HingeJoint, jointB: jointB as HingeJoint | PrismaticJoint, ratio: j.ratio as number, breakForce: j.breakForce, breakTorque: j.breakTorque, userData: j.name });
      requireGearBodies(j, gear.bodyA, gear.bodyB, bodies);
      return gear;
    }
    case 'motor':
      return world.createMotorJoint({
        ...common, linearOffset: j.linearOffset, angularOffset: j.angularOffset, maxForce: j.maxForce, maxTorque: j.maxTorque, correctionFactor: j.correctionFactor,
      });
    case 'wheel':
      if (j.suspensionAxis === undefined || j.suspension === undefined) throw new TypeError('scene: a wheel joint needs suspensionAxis and suspension');
      return world.createWheelJoint({
        ...common, anchor: requireAnchor(j), axis: requireAxis(j), suspensionAxis: j.suspensionAxis, suspension: j.suspension,
        lowerTranslation: j.limits?.[0], upperTranslation: j.limits?.[1], motor: j.motor,
      });
  }
}

/** @internal A gear description's two joints, made before it: `joints` holds the scene's joints so far. */
export function describedGearJoints<J>(j: JointDescription, index: number, joints: readonly J[]): [J, J] {
  for (const name of ['jointA', 'jointB'] as const) {
    const at = j[name];
    if (!Number.isInteger(at) || (at as number) < 0 || (at as number) >= index) {
      throw new RangeError(`scene: gear joint ${index}'s ${name} must be the index of a joint before it, got ${String(at)}`);
    }
  }
  if (j.ratio === undefined) throw new TypeError(`scene: gear joint ${index} needs a ratio`);
  return [joints[j.jointA as number], joints[j.jointB as number]];
}

/** @internal Throws unless a gear description's bodyA and bodyB are the bodies its joints move. */
export function requireGearBodies<B>(j: JointDescription, bodyA: B, bodyB: B, bodies: readonly B[]): void {
  if (bodies[j.bodyA] !== bodyA || j.bodyB === null || bodies[j.bodyB] !== bodyB) {
    throw new RangeError(`scene: a gear joint's bodyA and bodyB must be the bodies its joints move (${bodies.indexOf(bodyA)} and ${bodies.indexOf(bodyB)}), got ${j.bodyA} and ${j.bodyB}`);
  }
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
