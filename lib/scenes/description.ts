// A scene as plain data: bodies (pose, mass, inertia, the shape they are drawn with) and joints (type,
// bodies by index, world anchor). Tests, the viewer and the benchmarks' adapters for other engines all
// build from the same description, so every engine runs the identical scene.

import { World, type WorldOptions } from '../world.js';
import type { Body } from '../body.js';
import type { Joint } from '../joints/joint.js';

export type Vec3Tuple = [number, number, number];
export type QuatTuple = [number, number, number, number];

export type ShapeDescription =
  | { kind: 'box'; halfExtents: Vec3Tuple }
  | { kind: 'sphere'; radius: number }
  | { kind: 'capsule'; radius: number; halfHeight: number };

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
}

export interface JointDescription {
  type: 'ball' | 'weld' | 'orientation';
  /** Index into `bodies`. */
  bodyA: number;
  /** Index into `bodies`, or null for the world. */
  bodyB: number | null;
  /** World anchor, m (ball and weld). */
  anchor?: Vec3Tuple;
  breakForce?: number;
  breakTorque?: number;
}

export interface SceneDescription {
  name: string;
  gravity: Vec3Tuple;
  /** The step the scene is meant to run at, s. */
  dt: number;
  bodies: BodyDescription[];
  joints: JointDescription[];
}

export interface BuiltScene {
  world: World;
  bodies: Body[];
  joints: Joint[];
}

/** Adds a described scene's bodies and joints to a world. */
export function addSceneToWorld(world: World, scene: SceneDescription): BuiltScene {
  const bodies = scene.bodies.map((b) =>
    world.createBody({
      type: b.type,
      position: b.position,
      orientation: b.orientation,
      linearVelocity: b.linearVelocity,
      angularVelocity: b.angularVelocity,
      mass: b.mass,
      inertia: b.inertia,
    }),
  );
  const joints = scene.joints.map((j): Joint => {
    const common = {
      bodyA: bodies[j.bodyA],
      bodyB: j.bodyB === null ? undefined : bodies[j.bodyB],
      breakForce: j.breakForce,
      breakTorque: j.breakTorque,
    };
    switch (j.type) {
      case 'ball':
        return world.createBallJoint({ ...common, anchor: requireAnchor(j) });
      case 'weld':
        return world.createWeldJoint({ ...common, anchor: requireAnchor(j) });
      case 'orientation':
        return world.createOrientationJoint(common);
    }
  });
  return { world, bodies, joints };
}

/** A new world with the scene's gravity (and any settings given), holding the scene. */
export function buildScene(scene: SceneDescription, options: WorldOptions = {}): BuiltScene {
  const world = new World({ gravity: scene.gravity, ...options });
  return addSceneToWorld(world, scene);
}

function requireAnchor(j: JointDescription): Vec3Tuple {
  if (j.anchor === undefined) throw new TypeError(`scene: a ${j.type} joint needs an anchor`);
  return j.anchor;
}
