// The ray-cast car of raycast-car.ts on the valley of terrain.ts (the 80 x 80 m heightfield with its
// hills, ravine and holes), driven with the keyboard: W or up drives, S or down reverses, A/D or
// left/right steer, space brakes. It starts on the plain east of the ravine facing the east hill, which
// rises 7 m in 20 m ahead of it; a few crates and balls lie in the way. The camera follows the car.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';
import { ball, box } from './bodies.js';
import { raycastCarBodies, raycastCarScene, vehicleOf } from './raycast-car.js';
import { RAVINE_FLOOR, addValley, terrainHeight } from './terrain.js';

/** Where the car starts, on the plain below the east hill, facing +z (up the hill). */
export const CAR_START = { x: 16, z: -8 };

function describeTerrainCar(): SceneDescription {
  const { x, z } = CAR_START;
  // level at the highest of the ground under its four wheels
  const ground = Math.max(...[[-1, 1.3], [1, 1.3], [-1, -1.3], [1, -1.3]].map(([dx, dz]) => terrainHeight(x + dx, z + dz)));
  const bodies = raycastCarBodies(x, z, ground);
  const on = (px: number, pz: number, lift: number): [number, number, number] => [px, terrainHeight(px, pz) + lift, pz];
  bodies.push(box(on(13, 0, 0.5), [0.4, 0.4, 0.4]), box(on(19, 2, 0.5), [0.5, 0.3, 0.4]), box(on(9, -6, 0.5), [0.35, 0.35, 0.35]));
  bodies.push(ball(on(14, 4, 0.6), 0.45), ball(on(20, -4, 0.6), 0.35));
  return { name: 'terrain-car', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [] };
}

export const terrainCarScene: ViewerScene = {
  ...raycastCarScene,
  name: 'terrain-car',
  title: 'A ray-cast car on the terrain (W A S D or arrows, space to brake)',
  description:
    'The ray-cast car (raycast-car) on the valley of the terrain scene: drive it up the east hill ahead, ' +
    'across the plain, down into the ravine or around the holes. W or up: drive; S or down: reverse; A/D or left/right: steer; space: brake. The camera follows it.',
  camera: { position: [CAR_START.x - 3, terrainHeight(CAR_START.x, CAR_START.z) + 4.5, CAR_START.z - 10], target: [CAR_START.x, terrainHeight(CAR_START.x, CAR_START.z) + 0.5, CAR_START.z + 3] },
  groundY: RAVINE_FLOOR,
  ground: false,
  describe: () => describeTerrainCar(),
  addToWorld: addValley,
  follow: (scene) => vehicleOf(scene).chassis.position,
};
