// What the terrain and level scenes (viewer/scenes/terrain.ts, level.ts) drop onto their ground: colliding
// boxes, balls and capsules of a given density, and ragdolls (lib's describeRagdoll) appended to one
// description; quaternion helpers to turn them. Built from portable arithmetic only (lib's portableSin and portableCos), so a
// scene is the same to the bit in node and in the browser.

import { boxInertia, capsuleInertia, sphereInertia } from '../../lib/index.js';
import { portableCos as cos, portableSin as sin } from '../../lib/index.js';
import { describeRagdoll, type BodyDescription, type JointDescription, type QuatTuple, type SceneDescription, type Vec3Tuple } from '../../lib/scenes/index.js';

/** Wood-like, kg/m³ (a 0.6 m crate: 86 kg). */
export const PROP_DENSITY = 400;

export const IDENTITY: QuatTuple = [0, 0, 0, 1];

/** The turn by `angle` (rad) about `axis` (normalised here). */
export function aboutAxis(axis: Vec3Tuple, angle: number): QuatTuple {
  const s = sin(angle / 2) / Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  return [axis[0] * s, axis[1] * s, axis[2] * s, cos(angle / 2)];
}

/**
 * The turn about `axis` (a unit vector) by the angle whose cosine and sine are c and s (c² + s² = 1),
 * by the half-angle formulas: cos(θ/2) = √((1 + c)/2), sin(θ/2) = s / (2 cos(θ/2)) (θ short of π).
 */
export function turnBy(axis: Vec3Tuple, c: number, s: number): QuatTuple {
  const w = Math.sqrt((1 + c) / 2), h = s / (2 * w);
  return [axis[0] * h, axis[1] * h, axis[2] * h, w];
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
  return prop(position, mass, boxInertia(mass, half), { kind: 'box', halfExtents: half }, 'crate', options);
}

export function ball(position: Vec3Tuple, radius: number, options: PropOptions = {}): BodyDescription {
  const mass = (options.density ?? PROP_DENSITY) * (4 / 3) * Math.PI * radius * radius * radius;
  return { ...prop(position, mass, sphereInertia(mass, radius), { kind: 'sphere', radius }, 'ball', options), rollingResistance: 0.02 };
}

/** A capsule along its y axis (turn it with `orientation`). */
export function capsule(position: Vec3Tuple, radius: number, halfHeight: number, options: PropOptions = {}): BodyDescription {
  const mass = (options.density ?? PROP_DENSITY) * Math.PI * radius * radius * ((4 / 3) * radius + 2 * halfHeight);
  return { ...prop(position, mass, capsuleInertia(mass, radius, halfHeight), { kind: 'capsule', radius, halfHeight }, 'capsule', options), rollingResistance: 0.02 };
}

/** Lying on its back, head toward `headward` (a direction in the x-z plane, not +z): the turn to give describeRagdoll. */
export function lyingToward(headward: [number, number]): QuatTuple {
  const onBack: QuatTuple = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // head to −z, face up
  // turn about y by θ so that −z goes to headward: (−sin θ, −cos θ) = (hx, hz)
  const length = Math.sqrt(headward[0] * headward[0] + headward[1] * headward[1]);
  return multiply(turnBy([0, 1, 0], -headward[1] / length, -headward[0] / length), onBack);
}

/**
 * Appends a ragdoll (describeRagdoll: feet at `feet`, turned by `orientation`) to the bodies and joints,
 * its joints' body indices moved past what is there; each segment starts at `velocity`.
 */
export function addRagdoll(
  scene: Pick<SceneDescription, 'bodies' | 'joints'>, feet: Vec3Tuple, orientation: QuatTuple, velocity: Vec3Tuple = [0, 0, 0],
): void {
  const offset = scene.bodies.length;
  // its own filter group, below every group the scene has so far
  let group = -1;
  for (const body of scene.bodies) if (body.group !== undefined && body.group <= group) group = body.group - 1;
  const ragdoll = describeRagdoll({ position: feet, orientation, group });
  for (const body of ragdoll.bodies) scene.bodies.push({ ...body, linearVelocity: velocity });
  for (const joint of ragdoll.joints) {
    scene.joints.push({ ...joint, bodyA: joint.bodyA + offset, bodyB: joint.bodyB === null ? null : joint.bodyB + offset } satisfies JointDescription);
  }
}
