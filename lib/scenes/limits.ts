// Joint scenarios after the ones Box2D's and Jolt's own tests run on their revolute/hinge and
// prismatic/slider joints and on ropes: a motor driving into a limit, a joint made outside its range, a
// slack rope fixed at both ends. The tests (tests/limits-hold, loops-through-world) and the benchmark's
// joint scenarios (bench/holds.mjs) build the same descriptions. In the slider and hinge scenes body 0 is
// a static anchor (joint 0's body A, so the joint's translation or angle is body 1's) and body 1 moves.

import { boxInertia, sphereInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from './description.js';

const GRAVITY: Vec3Tuple = [0, -9.81, 0];
const NONE: Vec3Tuple = [0, 0, 0];

/** The static body the slider and hinge scenes hang from (index 0). */
const ANCHOR: BodyDescription = { type: 'static', position: [0, 0, 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'sphere', radius: 0.05 }, role: 'anchor' };

/** A 1 kg box of 0.2 m on a slider along x from the anchor. */
function slider(name: string, limits: [number, number], motor: JointDescription['motor']): SceneDescription {
  const half: Vec3Tuple = [0.1, 0.1, 0.1];
  return {
    name, gravity: NONE, dt: 1 / 60,
    bodies: [ANCHOR, { type: 'dynamic', position: [0, 0, 0], mass: 1, inertia: boxInertia(1, half), shape: { kind: 'box', halfExtents: half } }],
    joints: [{ type: 'prismatic', bodyA: 0, bodyB: 1, anchor: [0, 0, 0], axis: [1, 0, 0], limits, motor }],
  };
}

/** A 1 m, 1 kg rod along x hinged at its end (the origin) about z. */
function rod(name: string, gravity: Vec3Tuple, limits: [number, number], motor: JointDescription['motor']): SceneDescription {
  const half: Vec3Tuple = [0.5, 0.05, 0.05];
  return {
    name, gravity, dt: 1 / 60,
    bodies: [ANCHOR, { type: 'dynamic', position: [0.5, 0, 0], mass: 1, inertia: boxInertia(1, half), shape: { kind: 'box', halfExtents: half } }],
    joints: [{ type: 'hinge', bodyA: 0, bodyB: 1, anchor: [0, 0, 0], axis: [0, 0, 1], limits, motor }],
  };
}

/** The slider limited to [−0.5, 0.5] m, its motor driving the box up at 2 m/s with at most `maxForce` N;
 * no gravity. */
export function sliderIntoLimit(maxForce: number): SceneDescription {
  return slider(`slider motor into its limit, maxForce ${maxForce} N`, [-0.5, 0.5], { speed: 2, maxForce });
}

/** The slider made 0.5 m past the upper end of its range [−1, −0.5] m, no motor, no gravity. */
export function sliderPastLimit(): SceneDescription {
  return slider('slider made past its limit', [-1, -0.5], undefined);
}

/** The rod limited to [−0.5, 0.5] rad, its motor turning it up at 2 rad/s with at most `maxForce` N·m;
 * no gravity. */
export function hingeIntoLimit(maxForce: number): SceneDescription {
  return rod(`hinge motor into its limit, maxForce ${maxForce} N·m`, NONE, [-0.5, 0.5], { speed: 2, maxForce });
}

/** The rod, horizontal, with limits [1, 1.5] rad: made 1 rad below its range, with gravity [0, gravityY, 0]
 * (default −9.81 m/s²: its way back lifts the rod). */
export function hingePastLimit(gravityY = GRAVITY[1]): SceneDescription {
  return rod('hinge made past its limit', [0, gravityY, 0], [1, 1.5], undefined);
}

/**
 * `links` rigid distance joints of 0.5 m (minLength 0: a rope) and `links` − 1 beads of 0.2 kg between
 * them, hung in a V between two world anchors 0.71 of its length apart (the origin and a point along x):
 * a loop through the world. Joint i joins bead i to bead i − 1 (the first to the world), the last joint
 * the last bead to the world.
 */
export function slackRope(links: number): SceneDescription {
  const segment = 0.5, d = segment * Math.SQRT1_2;
  const points: Vec3Tuple[] = [[0, 0, 0]];
  for (let i = 0; i < links; i++) points.push([points[i][0] + d, points[i][1] + (i < links / 2 ? -d : d), 0]);
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 1; i < links; i++) {
    bodies.push({ type: 'dynamic', position: points[i], mass: 0.2, inertia: sphereInertia(0.2, 0.05), shape: { kind: 'sphere', radius: 0.05 }, role: 'bead' });
    joints.push({ type: 'distance', bodyA: i - 1, bodyB: i === 1 ? null : i - 2, anchor: points[i], anchorB: points[i - 1], minLength: 0, maxLength: segment });
  }
  joints.push({ type: 'distance', bodyA: links - 2, bodyB: null, anchor: points[links - 1], anchorB: points[links], minLength: 0, maxLength: segment });
  return { name: `slack rope of ${links} segments`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}

/**
 * A taut chain: `links` links of 1 kg and 0.5 m (boxes 0.5 x 0.1 x 0.1 m) on ball joints, fixed to the
 * world at both ends, the anchors `tautness` of the chain's length apart along x (default 0.99). It starts
 * in a shallow V (each half sloping by acos(tautness), 8° at 0.99) and hangs pulled nearly straight by a
 * tension of several times its weight, which every joint carries. Joint i joins link i to link i − 1
 * (the first to the world at the origin); the last joins the last link to the world.
 */
export function tautChain(links: number, tautness = 0.99): SceneDescription {
  const segment = 0.5, mass = 1, half: Vec3Tuple = [0.25, 0.05, 0.05];
  const dx = segment * tautness, dy = segment * Math.sqrt(1 - tautness * tautness);
  const points: Vec3Tuple[] = [[0, 0, 0]];
  for (let i = 0; i < links; i++) points.push([points[i][0] + dx, points[i][1] + (i < links / 2 ? -dy : dy), 0]);
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < links; i++) {
    const p = points[i], q = points[i + 1], angle = Math.atan2(q[1] - p[1], q[0] - p[0]);
    bodies.push({
      type: 'dynamic', position: [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)],
      mass, inertia: boxInertia(mass, half), shape: { kind: 'box', halfExtents: half }, role: 'link',
    });
    joints.push({ type: 'ball', bodyA: i, bodyB: i === 0 ? null : i - 1, anchor: p });
  }
  joints.push({ type: 'ball', bodyA: links - 1, bodyB: null, anchor: points[links] });
  return { name: `taut chain of ${links} links`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}
