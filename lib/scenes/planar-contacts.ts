// Planar scenes where bodies touch: a Newton's cradle and a pyramid of balls in a box. Both are in the
// x-y plane (every centre at z = 0, rotations about z only), so the 3D world runs them as the 2D one
// does (lib/2d/planar.ts: the bodies held to the plane in 3D, circles for the spheres in 2D); the box
// stack and the box pyramid of the 3D contact scenes (contacts.ts) are planar too.

import { sphereInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from './description.js';

const DENSITY = 1000;

/** A dynamic colliding ball of density 1000 kg/m³. */
function ball(position: Vec3Tuple, radius: number, restitution?: number): BodyDescription {
  const mass = DENSITY * (4 / 3) * Math.PI * radius * radius * radius;
  return {
    type: 'dynamic', position, mass, inertia: sphereInertia(mass, radius), shape: { kind: 'sphere', radius }, role: 'ball',
    collide: true, ...(restitution === undefined ? {} : { restitution }),
  };
}

/** A static colliding box (a wall). */
function wall(position: Vec3Tuple, half: Vec3Tuple): BodyDescription {
  return { type: 'static', position, mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: half }, role: 'wall', collide: true };
}

export interface NewtonsCradleOptions {
  /** Balls in the row. Default 5. */
  count?: number;
  /** Ball radius, m. Default 0.1. */
  radius?: number;
  /** Pendulum length, pivot to ball centre, m. Default 1. */
  length?: number;
  /** How many balls at the left end are pulled back and released together. Default 1. */
  lifted?: number;
  /** Their release angle from vertical, rad. Default 0.5. */
  angle?: number;
  /** The balls' restitution. Default 1. */
  restitution?: number;
  /** Space between neighbouring balls at rest, m. Default 0.03, more than a ball moves in a step at the
   * bottom of its swing (1.5 m/s): each impact is then one pair of balls, and the far ball rises to 91 %
   * of the first one's drop. Touching (0), the row's contacts are solved together and the impulse
   * spreads through it: the far ball rises 11 %. */
  gap?: number;
}

/**
 * Newton's cradle: `count` balls (density 1000) hung in a row `gap` apart, each by a rigid rod (a distance
 * joint from its centre to its pivot `length` above), the first `lifted` pulled back to `angle` and
 * released. With restitution 1 the impact runs through the row and the far ball swings out.
 */
export function newtonsCradle(options: NewtonsCradleOptions = {}): SceneDescription {
  const count = options.count ?? 5, r = options.radius ?? 0.1, length = options.length ?? 1, lifted = options.lifted ?? 1;
  const angle = options.angle ?? 0.5, restitution = options.restitution ?? 1, gap = options.gap ?? 0.03;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`newtonsCradle: count must be an integer ≥ 1, got ${count}`);
  if (!Number.isInteger(lifted) || lifted < 0 || lifted > count) throw new RangeError(`newtonsCradle: lifted must be an integer from 0 to count, got ${lifted}`);
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < count; i++) {
    const px = (i - (count - 1) / 2) * (2 * r + gap), py = length;
    // the lifted balls swing back about their pivots, the row between them kept touching
    const a = i < lifted ? angle : 0;
    const centre: Vec3Tuple = [px - length * Math.sin(a), py - length * Math.cos(a), 0];
    bodies.push(ball(centre, r, restitution));
    // the rod: a rigid distance joint from the ball's centre to its pivot
    joints.push({ type: 'distance', bodyA: i, bodyB: null, anchor: centre, anchorB: [px, py, 0] });
  }
  return { name: "Newton's cradle", gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints };
}

export interface BallPyramidOptions {
  /** Rows (the base has this many balls). Default 8. */
  rows?: number;
  /** Ball radius, m. Default 0.25. */
  radius?: number;
}

/**
 * Balls stacked in a triangle (each on the two below it, rows r√3 apart) in a box: a ground plane and two
 * static walls touching the base row's ends, so the base cannot spread.
 */
export function ballPyramid(options: BallPyramidOptions = {}): SceneDescription {
  const rows = options.rows ?? 8, r = options.radius ?? 0.25;
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`ballPyramid: rows must be an integer ≥ 1, got ${rows}`);
  const bodies: BodyDescription[] = [];
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      bodies.push(ball([(i - (rows - 1 - row) / 2) * 2 * r, r + row * Math.sqrt(3) * r, 0], r));
    }
  }
  const height = r + rows * Math.sqrt(3) * r, thick = 0.25;
  const wallX = rows * r + thick, half: Vec3Tuple = [thick, height / 2, 4 * r];
  bodies.push(wall([-wallX, height / 2, 0], half), wall([wallX, height / 2, 0], half));
  return { name: 'ball pyramid', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}
