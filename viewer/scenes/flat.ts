// What the 2D-only scenes (car-2d.ts, bridge-2d.ts, cradle-2d.ts) share: a World2D made with the panel's
// world settings, bodies with shapes through the public API (World2D.createBody({ shapes })), and the
// Flat2D record the viewer draws (render/world2d-view.ts) and the hooks and tests read.

import { World2D, type Body2D, type Body2DOptions, type Joint2D } from '../../lib/2d/index.js';
import type { Flat2D, ViewerScene } from '../scene-types.js';

/** Fill colours of the 2D scenes' bodies. */
export const FLAT_COLOURS = {
  ground: 0x6f8f5a,
  chassis: 0xd6453d,
  wheel: 0x2f3640,
  plank: 0xb98b55,
  cliff: 0x8c7b6b,
  crate: 0xc8643b,
  ball: 0xb8c2cc,
  frame: 0x5b6470,
} as const;

/** An empty 2D-only scene record in a new World2D (gravity −9.81 m/s² along y; the panel sets the rest). */
export function flatScene(): Flat2D {
  return { world: new World2D({ gravity: [0, -9.81] }), bodies: [], joints: [], colours: new Map(), parts: {}, figures: {} };
}

/** Makes a body with shapes in the scene's world, filled in `colour` (0xRRGGBB) when given. */
export function addBody(scene: Flat2D, options: Body2DOptions, colour?: number): Body2D {
  const body = scene.world.createBody(options);
  scene.bodies.push(body);
  if (colour !== undefined) scene.colours.set(body, colour);
  return body;
}

/** Keeps a joint the scene made (drawn, counted, checked by the tests). */
export function addJoint<J extends Joint2D>(scene: Flat2D, joint: J): J {
  scene.joints.push(joint);
  return joint;
}

/** The empty 3D description a 2D-only scene gives (its World2D is all it runs). */
export function noDescription(name: string): ReturnType<ViewerScene['describe']> {
  return { name, gravity: [0, -9.81, 0], dt: 1 / 60, bodies: [], joints: [] };
}

/** The 2D scene's record (a 2D-only scene always has one). */
export function flatOf(scene: { flat: Flat2D | null }): Flat2D {
  if (scene.flat === null) throw new Error('not a 2D-only scene');
  return scene.flat;
}

/**
 * A camera looking down −z at (x, y) from `distance` m, shifted so that (x, y) shows right of the middle
 * of the view: the description and readout overlays cover the left of a 960 x 540 window (to about 330
 * px), so the scene is framed in what they leave, left of the panel (a quarter of `distance` at the
 * viewer's 45° field of view is about 165 px there).
 */
export function frame2D(x: number, y: number, distance: number, shift = 0.25): ViewerScene['camera'] {
  const tx = x - shift * distance;
  return { position: [tx, y, distance], target: [tx, y, 0] };
}
