// 2D joints made from local frames, as the 3D ones (lib/joints/local-frames.ts): a frame in each body (a
// position in the body's axes and an angle) instead of a world anchor, turned into the world-space
// options each joint reads at the bodies' poses when it is made:
//   anchor  = x_a + R(θ_a) p_a,   anchorB = x_b + R(θ_b) p_b
//   referenceAngle = α_a − α_b (the θ_b − θ_a the joint holds when the frames coincide: θ_a + α_a = θ_b + α_b)

import type { Body2D } from '../body.js';
import { readPoint, requireFinite, show } from '../../util/validate.js';
import { checkOptionKeys } from '../../util/option-keys.js';
import type { Vector2Input } from '../../util/vector-input.js';

/** A joint frame in a 2D body: `position` in the body's axes from its origin (m, default the origin) and
 * `angle` (rad, default 0). */
export interface LocalFrame2D {
  position?: Vector2Input;
  angle?: number;
}

/** The options a 2D joint made from local frames takes instead of its world-space ones. */
export interface LocalFrame2DOptions {
  /** The joint's frame in bodyA, in bodyA's axes. Give localFrameA and localFrameB together, instead of
   * the joint's world anchor and reference angle. */
  localFrameA?: LocalFrame2D;
  /** The joint's frame in bodyB, in bodyB's axes. */
  localFrameB?: LocalFrame2D;
}

/** Which world-space options a 2D joint type takes, by the name it gives them. */
export interface FrameFields2D {
  anchor?: string;
  anchorB?: string;
  referenceAngle?: string;
}

const FRAME_KEYS = ['position', 'angle'];

/** `options` with localFrameA and localFrameB turned into the world-space options named in `fields`, or
 * `options` unchanged when it has neither (the 3D applyLocalFrames' checks, in 2D). */
export function applyLocalFrames2D<O extends LocalFrame2DOptions>(where: string, options: O, bodyA: Body2D, bodyB: Body2D, fields: FrameFields2D): O {
  const { localFrameA, localFrameB, ...rest } = options as O & Record<string, unknown>;
  const out: Record<string, unknown> = rest;
  if (localFrameA === undefined && localFrameB === undefined) return options;
  if (localFrameA === undefined || localFrameB === undefined) {
    throw new TypeError(`${where}: give localFrameA and localFrameB together, got only ${localFrameA === undefined ? 'localFrameB' : 'localFrameA'}`);
  }
  for (const name of Object.values(fields)) {
    if (out[name] !== undefined) throw new TypeError(`${where}: give ${name} or localFrameA and localFrameB, not both`);
  }
  const [pA, angleA] = readLocalFrame2D(where, 'localFrameA', localFrameA);
  const [pB, angleB] = readLocalFrame2D(where, 'localFrameB', localFrameB);
  const values: Record<keyof FrameFields2D, () => number[] | number> = {
    anchor: () => Array.from(bodyA.getWorldPoint(new Float64Array(2), pA)),
    anchorB: () => Array.from(bodyB.getWorldPoint(new Float64Array(2), pB)),
    referenceAngle: () => angleA - angleB,
  };
  for (const [field, name] of Object.entries(fields) as [keyof FrameFields2D, string][]) out[name] = values[field]();
  return out as O;
}

function readLocalFrame2D(where: string, name: string, frame: unknown): [Float64Array, number] {
  if (frame === null || typeof frame !== 'object') throw new TypeError(`${where}: ${name} must be an object { position?, angle? }, got ${show(frame)}`);
  checkOptionKeys(where, frame, FRAME_KEYS, `${name} key`);
  const { position, angle } = frame as LocalFrame2D;
  return [readPoint(where, `${name}.position`, position ?? [0, 0], 2, new Float64Array(2)), angle === undefined ? 0 : requireFinite(where, `${name}.angle`, angle)];
}
