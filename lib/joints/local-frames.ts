// Joints made from local frames: a frame in each body (a position and a rotation in the body's own
// axes, Jolt's and PhysX's way of describing a joint, and what a skeleton or an editor stores) instead of
// a world anchor and axis. The frames are turned into the world-space options each joint already reads,
// at the bodies' poses when the joint is made:
//   anchor  = x_a + R_a p_a,      anchorB = x_b + R_b p_b
//   axis    = R_a q_a e_x,        normal  = R_a q_a e_y      (the frame's x and y axes in the world)
//   axisB   = R_b q_b e_x,        normalB = R_b q_b e_y
//   referenceRotation = q_a q_b⁻¹ (the B-in-A rotation q_a'⁻¹ q_b' the joint holds when the two frames
//                       coincide: q_a' q_a = q_b' q_b)
// so a joint made from frames is the joint made from those world options, to round-off.

import type { Body } from '../body/body.js';
import { quatConjugate, quatMultiply } from '../math/quat.js';
import { transformQuat } from '../math/vec3.js';
import { readPoint, readUnitQuaternion, show } from '../util/validate.js';
import { checkOptionKeys } from '../util/option-keys.js';
import type { QuaternionInput, Vector3Input } from '../util/vector-input.js';

/** A joint frame in a body: `position` in the body's axes from its origin (m, default the origin) and
 * `rotation` (a unit quaternion [x, y, z, w], default identity), whose x axis is the joint's axis (the
 * hinge's, the slider's, a ball joint's twist axis) and y axis its normal. */
export interface LocalFrame {
  position?: Vector3Input;
  rotation?: QuaternionInput;
}

/** The options a joint made from local frames takes instead of its world-space ones. */
export interface LocalFrameOptions {
  /** The joint's frame in bodyA, in bodyA's axes. Give localFrameA and localFrameB together, instead of
   * the joint's world anchor, axis, normal and B-side options. */
  localFrameA?: LocalFrame;
  /** The joint's frame in bodyB, in bodyB's axes. */
  localFrameB?: LocalFrame;
}

/** Which world-space options a joint type takes, by the name it gives them. */
export interface FrameFields {
  anchor?: string;
  anchorB?: string;
  axis?: string;
  normal?: string;
  axisB?: string;
  normalB?: string;
  referenceRotation?: string;
  /** Frame A's and frame B's world rotations (the six-DOF joint's). */
  orientation?: string;
  orientationB?: string;
}

const IDENTITY = [0, 0, 0, 1];
const FRAME_KEYS = ['position', 'rotation'];

/**
 * `options` with localFrameA and localFrameB turned into the world-space options named in `fields`
 * (the frames themselves left out), or `options` unchanged when it has neither. Refuses one frame
 * without the other, a frame that is not an object, and frames given with any of the world-space
 * options they replace.
 */
export function applyLocalFrames<O extends LocalFrameOptions>(where: string, options: O, bodyA: Body, bodyB: Body, fields: FrameFields): O {
  const { localFrameA, localFrameB, ...rest } = options as O & Record<string, unknown>;
  const out: Record<string, unknown> = rest;
  if (localFrameA === undefined && localFrameB === undefined) return options;
  if (localFrameA === undefined || localFrameB === undefined) {
    throw new TypeError(`${where}: give localFrameA and localFrameB together, got only ${localFrameA === undefined ? 'localFrameB' : 'localFrameA'}`);
  }
  for (const name of Object.values(fields)) {
    if (out[name] !== undefined) throw new TypeError(`${where}: give ${name} or localFrameA and localFrameB, not both`);
  }
  const [pA, qA] = readLocalFrame(where, 'localFrameA', localFrameA);
  const [pB, qB] = readLocalFrame(where, 'localFrameB', localFrameB);
  const worldA = quatMultiply(new Float64Array(4), bodyA.orientation, qA);
  const worldB = quatMultiply(new Float64Array(4), bodyB.orientation, qB);
  const axis = (q: Float64Array, v: number[]) => Array.from(transformQuat(new Float64Array(3), v, q));
  const values: Record<keyof FrameFields, () => number[]> = {
    anchor: () => Array.from(bodyA.getWorldPoint(new Float64Array(3), pA)),
    anchorB: () => Array.from(bodyB.getWorldPoint(new Float64Array(3), pB)),
    axis: () => axis(worldA, [1, 0, 0]),
    normal: () => axis(worldA, [0, 1, 0]),
    axisB: () => axis(worldB, [1, 0, 0]),
    normalB: () => axis(worldB, [0, 1, 0]),
    referenceRotation: () => Array.from(quatMultiply(new Float64Array(4), qA, quatConjugate(new Float64Array(4), qB))),
    orientation: () => Array.from(worldA),
    orientationB: () => Array.from(worldB),
  };
  for (const [field, name] of Object.entries(fields) as [keyof FrameFields, string][]) out[name] = values[field]();
  return out as O;
}

function readLocalFrame(where: string, name: string, frame: unknown): [Float64Array, Float64Array] {
  if (frame === null || typeof frame !== 'object') throw new TypeError(`${where}: ${name} must be an object { position?, rotation? }, got ${show(frame)}`);
  checkOptionKeys(where, frame, FRAME_KEYS, `${name} key`);
  const { position, rotation } = frame as LocalFrame;
  return [readPoint(where, `${name}.position`, position ?? [0, 0, 0], 3, new Float64Array(3)), readUnitQuaternion(where, `${name}.rotation`, rotation ?? IDENTITY, new Float64Array(4))];
}
