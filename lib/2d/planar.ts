// Planar scenes in both worlds: build a scene description in World2D, build it in World and World2D
// together, and compare the two runs step by step. A planar scene (motion in the x-y plane, rotation
// about z) is one problem, and the 3D and 2D solvers must solve it alike: the 3D state stays exactly
// planar and agrees with the 2D state to round-off (tests/planar.test.ts; docs/2d.md, "2D and 3D").
//
// Mapping: position (x, y, 0) → (x, y); orientation about z by θ → angle θ = 2 atan2(q_z, q_w);
// ω = (0, 0, ω) → ω; inertia I_zz → I; ball joint → revolute joint (its z row never acts on planar
// motion), weld → weld (3 of its 6 rows act), orientation joint → angle joint, prismatic joint along an
// axis in the plane → prismatic joint (2 of its 5 rows act), distance joint → distance joint (the same row).

import type { Body } from '../body/body.js';
import type { Joint } from '../joints/joint.js';
import { addSceneToWorld, describedGearJoints, requireGearBodies, type JointDescription, type SceneDescription } from '../scenes/description.js';
import { World, type WorldOptions } from '../world/world.js';
import type { CoreWorldOptions } from '../world/settings.js';
import type { Body2D } from './body.js';
import type { Joint2D } from './joints/joint.js';
import type { RevoluteJoint } from './joints/revolute-joint.js';
import type { PrismaticJoint2D } from './joints/prismatic-joint.js';
import { World2D } from './world.js';
import { atan2 } from '../math/portable.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';

/** Throws, naming the body or joint, unless the scene is planar. */
export function requirePlanar(scene: SceneDescription): void {
  const fail = (what: string) => {
    throw new RangeError(`planar scene "${scene.name}": ${what}`);
  };
  if (scene.gravity[2] !== 0) fail(`gravity must have no z component, got ${scene.gravity[2]}`);
  scene.bodies.forEach((b, i) => {
    if (b.position[2] !== 0) fail(`body ${i} is off the plane (z = ${b.position[2]})`);
    if (b.orientation && (b.orientation[0] !== 0 || b.orientation[1] !== 0)) fail(`body ${i} is not rotated about z only`);
    if (b.linearVelocity && b.linearVelocity[2] !== 0) fail(`body ${i} moves out of the plane`);
    if (b.angularVelocity && (b.angularVelocity[0] !== 0 || b.angularVelocity[1] !== 0)) fail(`body ${i} turns about x or y`);
  });
  scene.joints.forEach((j, i) => {
    for (const name of ['anchor', 'anchorB', 'groundA', 'groundB', 'linearOffset'] as const) {
      const p = j[name];
      if (p && p[2] !== 0) fail(`joint ${i}'s ${name} is off the plane (z = ${p[2]})`);
    }
  });
}

/** The angle of a rotation about z given as a quaternion. */
export function planarAngle(q: ArrayLike<number>): number {
  return 2 * atan2(q[2], q[3]);
}

export interface BuiltScene2D {
  world: World2D;
  bodies: Body2D[];
  joints: Joint2D[];
}

/** Adds a planar scene's bodies and joints to a 2D world. */
export function addSceneToWorld2D(world: World2D, scene: SceneDescription): BuiltScene2D {
  requirePlanar(scene);
  const bodies = scene.bodies.map((b) =>
    world.createBody({
      type: b.type,
      position: [b.position[0], b.position[1]],
      angle: b.orientation ? planarAngle(b.orientation) : 0,
      linearVelocity: b.linearVelocity ? [b.linearVelocity[0], b.linearVelocity[1]] : undefined,
      angularVelocity: b.angularVelocity ? b.angularVelocity[2] : undefined,
      // (a description gives every body a mass; only a dynamic one takes it)
      mass: b.type === 'dynamic' ? b.mass : undefined,
      inertia: b.type === 'dynamic' ? b.inertia[2] : undefined,
    }),
  );
  const joints: Joint2D[] = [];
  scene.joints.forEach((j, index) => {
    joints.push(planarJoint(world, j, index, bodies, joints));
  });
  return { world, bodies, joints };
}

/** The 2D form of a planar scene's joint, made in `world` (`joints`: the scene's joints made before it). */
function planarJoint(world: World2D, j: JointDescription, index: number, bodies: Body2D[], joints: Joint2D[]): Joint2D {
  const common = {
    bodyA: bodies[j.bodyA],
    bodyB: j.bodyB === null ? undefined : bodies[j.bodyB],
    breakForce: j.breakForce,
    breakTorque: j.breakTorque,
    hertz: j.hertz,
    dampingRatio: j.dampingRatio,
  };
  const anchor = j.anchor ? [j.anchor[0], j.anchor[1]] : [];
  switch (j.type) {
    case 'ball':
      if (j.swingLimit || j.twistLimit || j.friction) throw new RangeError('addSceneToWorld2D: ball joint limits and friction have no 2D form yet');
      return world.createRevoluteJoint({ ...common, anchor });
    case 'hinge': {
      // A hinge about ±z is the planar revolute joint; about −z its angles and speeds change sign.
      if (!j.axis || j.axis[0] !== 0 || j.axis[1] !== 0 || j.axis[2] === 0) {
        throw new RangeError('addSceneToWorld2D: only a hinge about the z axis has a 2D form');
      }
      const s = Math.sign(j.axis[2]);
      return world.createRevoluteJoint({
        ...common, anchor,
        lowerAngle: j.limits ? (s > 0 ? j.limits[0] : -j.limits[1]) : undefined,
        upperAngle: j.limits ? (s > 0 ? j.limits[1] : -j.limits[0]) : undefined,
        motor: j.motor ? { ...j.motor, speed: s * j.motor.speed } : undefined,
        servo: j.servo ? { ...j.servo, target: s * j.servo.target } : undefined,
        frictionTorque: j.friction,
      });
    }
    case 'weld':
      return world.createWeldJoint({ ...common, anchor });
    case 'orientation':
      return world.createAngleJoint(common);
    case 'prismatic': {
      // A slider along an axis in the plane is the 2D prismatic joint (its 3D rows across the plane and
      // about x and y never act on planar motion); the axis is the same, so limits and drives carry over.
      if (!j.axis || j.axis[2] !== 0 || (j.axis[0] === 0 && j.axis[1] === 0)) {
        throw new RangeError(`addSceneToWorld2D: only a prismatic joint whose axis lies in the x-y plane has a 2D form, got axis ${JSON.stringify(j.axis)}`);
      }
      return world.createPrismaticJoint({
        ...common, anchor, axis: [j.axis[0], j.axis[1]],
        lowerTranslation: j.limits?.[0], upperTranslation: j.limits?.[1], motor: j.motor, servo: j.servo, frictionForce: j.friction,
      });
    }
    case 'distance': {
      // a rod, rope or spring between points of the plane: the same row, L and n stay in the plane
      if (j.anchorB === undefined) throw new TypeError('addSceneToWorld2D: a distance joint needs anchorB');
      return world.createDistanceJoint({ ...common, anchorA: anchor, anchorB: flat(j.anchorB), minLength: j.minLength, maxLength: j.maxLength });
    }
    case 'pulley': {
      if (j.anchorB === undefined || j.groundA === undefined || j.groundB === undefined) throw new TypeError('addSceneToWorld2D: a pulley joint needs anchorB, groundA and groundB');
      return world.createPulleyJoint({ ...common, anchorA: anchor, anchorB: flat(j.anchorB), groundA: flat(j.groundA), groundB: flat(j.groundB), ratio: j.ratio });
    }
    case 'motor': {
      // B's orientation in A's axes, a turn about z: its angle
      const q = j.angularOffset;
      if (q !== undefined && (q[0] !== 0 || q[1] !== 0)) throw new RangeError('addSceneToWorld2D: a motor joint\'s angularOffset must be a turn about z');
      return world.createMotorJoint({
        ...common, linearOffset: j.linearOffset ? flat(j.linearOffset) : undefined, angularOffset: q ? planarAngle(q) : undefined,
        maxForce: j.maxForce, maxTorque: j.maxTorque, correctionFactor: j.correctionFactor,
      });
    }
    case 'gear': {
      const [jointA, jointB] = describedGearJoints(j, index, joints);
      const gear = world.createGearJoint({
        jointA: jointA as RevoluteJoint, jointB: jointB as RevoluteJoint | PrismaticJoint2D, ratio: j.ratio as number, breakForce: j.breakForce, breakTorque: j.breakTorque,
      });
      requireGearBodies(j, gear.bodyA, gear.bodyB, bodies);
      return gear;
    }
    case 'wheel': {
      // A wheel spinning about ±z on a suspension in the plane is the 2D wheel joint (about −z its spin
      // and motor change sign).
      if (!j.axis || j.axis[0] !== 0 || j.axis[1] !== 0 || j.axis[2] === 0) throw new RangeError('addSceneToWorld2D: only a wheel spinning about the z axis has a 2D form');
      if (j.suspensionAxis === undefined || j.suspension === undefined) throw new TypeError('addSceneToWorld2D: a wheel joint needs suspensionAxis and suspension');
      if (j.suspensionAxis[2] !== 0) throw new RangeError('addSceneToWorld2D: a wheel\'s suspensionAxis must lie in the x-y plane');
      const s = Math.sign(j.axis[2]);
      return world.createWheelJoint({
        ...common, anchor, suspensionAxis: flat(j.suspensionAxis), suspension: j.suspension,
        lowerTranslation: j.limits?.[0], upperTranslation: j.limits?.[1], motor: j.motor ? { ...j.motor, speed: s * j.motor.speed } : undefined,
      });
    }
    default:
      throw new RangeError(`addSceneToWorld2D: ${j.type} joints have no 2D form yet`);
  }
}

/** A point of the plane z = 0 as a 2D point. */
function flat(p: readonly number[]): [number, number] {
  return [p[0], p[1]];
}

/** Settings for both worlds of a planar comparison (break callbacks go on each world directly). */
export type PlanarOptions = Omit<CoreWorldOptions<unknown>, 'onJointBreak'>;

/** A new 2D world with the scene's gravity (x, y) and the given settings, holding the scene. */
export function buildScene2D(scene: SceneDescription, options: PlanarOptions = {}): BuiltScene2D {
  const world = new World2D({ ...options, gravity: [scene.gravity[0], scene.gravity[1]] });
  return addSceneToWorld2D(world, scene);
}

export interface PlanarPair {
  world3d: World;
  world2d: World2D;
  bodies3d: Body[];
  bodies2d: Body2D[];
  joints3d: Joint[];
  joints2d: Joint2D[];
}

/** The same planar scene in World and World2D, with the same settings. */
export function buildPlanarPair(scene: SceneDescription, options: PlanarOptions = {}): PlanarPair {
  const two = buildScene2D(scene, options);
  const world3d = new World({ ...(options as WorldOptions), gravity: scene.gravity });
  const three = addSceneToWorld(world3d, scene);
  return { world3d, world2d: two.world, bodies3d: three.bodies, bodies2d: two.bodies, joints3d: three.joints, joints2d: two.joints };
}

export interface PlanarDifference {
  /** Largest |x₃ − x₂| over the bodies (x and y), m. */
  position: number;
  /** Largest |θ₃ − θ₂| (wrapped to ±π), rad. */
  angle: number;
  /** Largest |v₃ − v₂| component, m/s. */
  velocity: number;
  /** Largest |ω₃ − ω₂|, rad/s. */
  angularVelocity: number;
  /** Largest |z|, |v_z|, |ω_x|, |ω_y| of the 3D run: exactly 0 while it stays planar. */
  outOfPlane: number;
  /** Indices (in the scene's joint list) of joints broken in one run and not the other. */
  jointsDiffering: number[];
}

/** How far the 3D run is from the 2D run now. Removed bodies are skipped. */
export function measurePlanarDifference(pair: PlanarPair): PlanarDifference {
  const d: PlanarDifference = { position: 0, angle: 0, velocity: 0, angularVelocity: 0, outOfPlane: 0, jointsDiffering: [] };
  pair.bodies3d.forEach((b3, i) => {
    const b2 = pair.bodies2d[i];
    if (b3.owner === null || b2.owner === null) return;
    const p3 = b3.position, p2 = b2.position, v3 = b3.linearVelocity, v2 = b2.linearVelocity, w3 = b3.angularVelocity;
    d.position = Math.max(d.position, Math.abs(p3[0] - p2[0]), Math.abs(p3[1] - p2[1]));
    let angle = planarAngle(b3.orientation) - b2.angle;
    angle -= 2 * Math.PI * Math.round(angle / (2 * Math.PI));
    d.angle = Math.max(d.angle, Math.abs(angle));
    d.velocity = Math.max(d.velocity, Math.abs(v3[0] - v2[0]), Math.abs(v3[1] - v2[1]));
    d.angularVelocity = Math.max(d.angularVelocity, Math.abs(w3[2] - b2.angularVelocity));
    d.outOfPlane = Math.max(d.outOfPlane, Math.abs(p3[2]), Math.abs(v3[2]), Math.abs(w3[0]), Math.abs(w3[1]));
  });
  pair.joints3d.forEach((j3, i) => {
    if (j3.broken !== pair.joints2d[i].broken) d.jointsDiffering.push(i);
  });
  return d;
}

export interface PlanarComparisonOptions {
  /** Steps to run. */
  steps: number;
  /** Step length, s. Default: the scene's dt. */
  dt?: number;
  /** Settings for both worlds. */
  options?: PlanarOptions;
}

const PLANAR_COMPARISON_OPTION_KEYS = optionKeys<PlanarComparisonOptions>({ steps: true, dt: true, options: true });

/**
 * Runs a planar scene in World and World2D side by side and returns the difference after every step
 * (entry i is after step i + 1): how well the 3D solver reproduces the 2D one on a planar problem.
 */
export function comparePlanar(scene: SceneDescription, options: PlanarComparisonOptions): PlanarDifference[] {
  checkOptionKeys('comparePlanar', options, PLANAR_COMPARISON_OPTION_KEYS);
  const pair = buildPlanarPair(scene, options.options);
  const dt = options.dt ?? scene.dt;
  const differences: PlanarDifference[] = [];
  for (let i = 0; i < options.steps; i++) {
    pair.world3d.step(dt);
    pair.world2d.step(dt);
    differences.push(measurePlanarDifference(pair));
  }
  return differences;
}
