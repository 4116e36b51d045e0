// The 2D twins of the contact scenes (2D vs 3D view): a planar scene with collision shapes built in a
// World2D, each body with the 2D form of its shape (sphere → circle, box → box of its x and y half
// extents, capsule along y → capsule) and the description's mass and inertia about z, so that both worlds
// carry the same numbers; the ground plane y = h → a static box whose top is at h; welds → 2D welds,
// hinges about z and ball joints → revolute joints. The 3D run is held to the plane (holdToPlane), so that
// it solves the same problem. (lib/2d/planar.ts builds joint
// scenes; this adds the shapes a contact scene needs, through World2D's public API.)

import type { Body } from '../../lib/index.js';
import type { PlaneHold } from '../scene-types.js';
import type { Body2D, BuiltScene2D, Joint2D, Shape2DOptions, World2D } from '../../lib/2d/index.js';
import { planarAngle, requirePlanar } from '../../lib/2d/index.js';
import type { BodyDescription, JointDescription, SceneDescription, ShapeDescription } from '../../lib/scenes/index.js';

/** The 2D form of a drawn shape in the plane, or a RangeError naming it. */
export function planarShape(shape: ShapeDescription, body: BodyDescription, index: number): Shape2DOptions {
  const surface = { group: body.group ?? 0 };
  switch (shape.kind) {
    case 'sphere': return { type: 'circle', radius: shape.radius, ...surface };
    case 'box': return { type: 'box', halfExtents: [shape.halfExtents[0], shape.halfExtents[1]], ...surface };
    case 'capsule': return { type: 'capsule', radius: shape.radius, halfHeight: shape.halfHeight, ...surface };
    default: throw new RangeError(`planar contact scene: body ${index}'s ${shape.kind} has no 2D form here`);
  }
}

/** Builds a planar scene with shapes in `world`: the bodies in description order, then its joints. */
export function addShapedSceneToWorld2D(world: World2D, scene: SceneDescription): BuiltScene2D {
  requirePlanar(scene);
  const bodies = scene.bodies.map((b, i) =>
    world.createBody({
      type: b.type,
      position: [b.position[0], b.position[1]],
      angle: b.orientation ? planarAngle(b.orientation) : 0,
      linearVelocity: b.linearVelocity ? [b.linearVelocity[0], b.linearVelocity[1]] : undefined,
      angularVelocity: b.angularVelocity ? b.angularVelocity[2] : undefined,
      mass: b.type === 'dynamic' ? b.mass : undefined,
      inertia: b.type === 'dynamic' ? b.inertia[2] : undefined,
      linearDamping: b.linearDamping,
      angularDamping: b.angularDamping,
      ...(b.collide === true ? { shapes: [planarShape(b.shape, b, i)] } : {}),
    }),
  );
  const joints = scene.joints.map((j, i) => planarJoint(world, j, i, bodies));
  if (scene.ground !== undefined) {
    const { height, friction, restitution } = scene.ground;
    const ground: Shape2DOptions = { type: 'box', halfExtents: [200, 1], position: [0, -1], friction, restitution };
    world.createBody({ type: 'static', position: [0, height], shapes: [ground] });
  }
  return { world, bodies, joints };
}

function planarJoint(world: World2D, j: JointDescription, index: number, bodies: Body2D[]): Joint2D {
  const anchor = j.anchor;
  if (anchor === undefined) throw new RangeError(`planar contact scene: joint ${index} (${j.type}) needs an anchor`);
  const common = {
    bodyA: bodies[j.bodyA], bodyB: j.bodyB === null ? world.ground : bodies[j.bodyB],
    anchor: [anchor[0], anchor[1]] as [number, number], breakForce: j.breakForce, breakTorque: j.breakTorque, userData: j.name,
  };
  switch (j.type) {
    case 'weld':
      return world.createWeldJoint(common);
    case 'ball':
      if (j.swingLimit || j.twistLimit) throw new RangeError(`planar contact scene: joint ${index} is a ball joint with limits (give a hinge about z)`);
      return world.createRevoluteJoint({ ...common, frictionTorque: j.friction });
    case 'hinge': {
      const axis = j.axis ?? [0, 0, 1];
      if (axis[0] !== 0 || axis[1] !== 0) throw new RangeError(`planar contact scene: joint ${index} is a hinge not about z`);
      // a hinge about −z turns the other way: its limits mirror
      const s = Math.sign(axis[2]), limits = j.limits;
      return world.createRevoluteJoint({
        ...common,
        lowerAngle: limits ? (s > 0 ? limits[0] : -limits[1]) : undefined,
        upperAngle: limits ? (s > 0 ? limits[1] : -limits[0]) : undefined,
        frictionTorque: j.friction,
      });
    }
    default:
      throw new RangeError(`planar contact scene: joint ${index}'s type ${j.type} has no 2D form here`);
  }
}

/**
 * Holds a 3D run's dynamic bodies to the z = 0 plane, by locking their rotation about x and y or their
 * translation along z (BodyOptions.lockRotation, lockTranslation). Either keeps a planar scene planar:
 * nothing in it pushes along z or turns about x or y but round-off. Which one, measured over 2-3 s:
 * - 'rotation' for contacts and welds: the 6-row pyramid stands (1e-20 m off the plane), the welded wall
 *   stands (no weld breaks, 0.9 mm largest gap), and the pile's capsules cannot turn out of the plane;
 *   with translation locked instead the wall's welds break (25 in 2 s) and its bricks turn out of it;
 * - 'translation' for hinged bodies: the planar ragdolls stay within 13 mm at their joints; with the
 *   rotations locked instead their hinges about z fly apart (metres of joint error in the first step).
 * Both together topple the pyramid (its bottom boxes slide out in 3 s). These are faults of the 3D
 * locks in those combinations, not of the scenes.
 */
export function holdToPlane(bodies: readonly Body[], hold: PlaneHold): void {
  for (const body of bodies) {
    if (!body.isDynamic) continue;
    if (hold === 'rotation') body.lockRotation = [true, true, false];
    else body.lockTranslation = [false, false, true];
  }
}
