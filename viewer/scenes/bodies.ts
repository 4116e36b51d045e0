// What the terrain and level scenes (viewer/scenes/terrain.ts, level.ts) drop onto their ground: colliding
// boxes, balls and capsules of a given density, and ragdolls (lib's describeRagdoll) appended to one
// description; quaternion helpers to turn them.

import { boxInertia, capsuleInertia, sphereInertia } from '../../lib/index.js';
import { describeRagdoll, type BodyDescription, type JointDescription, type QuatTuple, type SceneDescription, type Vec3Tuple } from '../../lib/scenes/index.js';

/** Wood-like, kg/m³: light enough that a bridge of 4 kg planks carries a crate. */
export const PROP_DENSITY = 400;

export const IDENTITY: QuatTuple = [0, 0, 0, 1];

/** The turn by `angle` (rad) about the unit `axis`. */
export function aboutAxis(axis: Vec3Tuple, angle: number): QuatTuple {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/** Quaternion product a ⊗ b (b first, then a), (x, y, z, w). */
export function multiply(a: QuatTuple, b: QuatTuple): QuatTuple {
  return [
    a[3] * b[0] + b[3] * a[0] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] + b[3] * a[1] + a[2] * b[0] - a[0] * b[2],
    a[3] * b[2] + b[3] * a[2] + a[0] * b[1] - a[1] * b[0],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

interface PropOptions {
  orientation?: QuatTuple;
  linearVelocity?: Vec3Tuple;
  angularVelocity?: Vec3Tuple;
  density?: number;
  name?: string;
}

function prop(position: Vec3Tuple, mass: number, inertia: Vec3Tuple, shape: BodyDescription['shape'], role: string, options: PropOptions): BodyDescription {
  return {
    type: 'dynamic', position, orientation: options.orientation, linearVelocity: options.linearVelocity, angularVelocity: options.angularVelocity,
    mass, inertia, shape, role, name: options.name, collide: true,
  };
}

export function box(position: Vec3Tuple, half: Vec3Tuple, options: PropOptions = {}): BodyDescription {
  const mass = (options.density ?? PROP_DENSITY) * 8 * half[0] * half[1] * half[2];
  return prop(position, mass, boxInertia(mass, half), { kind: 'box', halfExtents: half }, 'box', options);
}

export function ball(position: Vec3Tuple, radius: number, options: PropOptions = {}): BodyDescription {
  const mass = (options.density ?? PROP_DENSITY) * (4 / 3) * Math.PI * radius ** 3;
  return { ...prop(position, mass, sphereInertia(mass, radius), { kind: 'sphere', radius }, 'ball', options), rollingResistance: 0.02 };
}

/** A capsule along its y axis (turn it with `orientation`). */
export function capsule(position: Vec3Tuple, radius: number, halfHeight: number, options: PropOptions = {}): BodyDescription {
  const mass = (options.density ?? PROP_DENSITY) * Math.PI * radius ** 2 * ((4 / 3) * radius + 2 * halfHeight);
  return { ...prop(position, mass, capsuleInertia(mass, radius, halfHeight), { kind: 'capsule', radius, halfHeight }, 'capsule', options), rollingResistance: 0.02 };
}

/** Lying on its back, head toward `headward` (a unit vector in the x-z plane): the turn to give describeRagdoll. */
export function lyingToward(headward: [number, number]): QuatTuple {
  const onBack: QuatTuple = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // head to −z, face up
  // turn about y so that −z goes to headward: (−sin θ, −cos θ) = (hx, hz)
  return multiply(aboutAxis([0, 1, 0], Math.atan2(-headward[0], -headward[1])), onBack);
}

/**
 * Appends a ragdoll (describeRagdoll: feet at `feet`, turned by `orientation`) to the bodies and joints,
 * its joints' body indices moved past what is there; each segment starts at `velocity`.
 */
export function addRagdoll(
  scene: Pick<SceneDescription, 'bodies' | 'joints'>, feet: Vec3Tuple, orientation: QuatTuple, velocity: Vec3Tuple = [0, 0, 0],
): void {
  const offset = scene.bodies.length;
  const ragdoll = describeRagdoll({ position: feet, orientation });
  for (const body of ragdoll.bodies) scene.bodies.push({ ...body, linearVelocity: velocity });
  for (const joint of ragdoll.joints) {
    scene.joints.push({ ...joint, bodyA: joint.bodyA + offset, bodyB: joint.bodyB === null ? null : joint.bodyB + offset } satisfies JointDescription);
  }
}
