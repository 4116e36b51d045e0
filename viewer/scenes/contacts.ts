// Scenes where bodies collide (lib/scenes/contacts.ts, hulls.ts): ten ragdolls falling into a pile, a box
// pyramid, a welded wall to knock down with a ball, a chain draped over obstacles, and a pile of hulls.

import { boxPyramid, drapedChain, hullPile, ragdollPile, weldedWall } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

/** Bodies with at least one contact, and contact points, of the last step. */
function contactReadout(scene: LiveScene): string {
  const contacts = scene.world.contacts;
  let points = 0;
  for (const contact of contacts) points += contact.count;
  return `${contacts.length} manifolds, ${points} points`;
}

/**
 * A 40 kg ball of 0.25 m fired at the wall from 6 m in front of it, at 20 m/s, aimed at one of its
 * middle rows in turn (the same sequence every session).
 */
let shots = 0;
export function fireBall(scene: LiveScene): void {
  const heights = [1.0, 0.6, 1.4, 0.8, 1.2];
  const y = heights[shots++ % heights.length];
  const radius = 0.25;
  const body = scene.world.createBody({
    position: [0.3 * ((shots % 3) - 1), y, 6], linearVelocity: [0, 1.5, -20],
    shapes: [{ type: 'sphere', radius, density: 40 / ((4 / 3) * Math.PI * radius ** 3) }],
  });
  scene.extraBodies.push({ body, shape: { kind: 'sphere', radius }, role: 'weight' });
}

export const ragdollPileScene: ViewerScene = {
  name: 'ragdoll-pile',
  title: 'Ten ragdolls falling into a pile',
  description:
    'Ten ragdolls dropped lying down from staggered heights onto the ground and onto each other: capsule ' +
    'limbs, box trunks and feet, sphere heads; contacts and joint limits in one solver.',
  camera: { position: [2.6, 2.4, 3.4], target: [0, 1.2, 0] },
  groundY: 0,
  markerRadius: 0.02,
  forceScale: 0.0005,
  // 10 ragdolls cost 11-17 ms per step in node (issue 6 notes): fewer on a slow machine
  params: [{ key: 'count', label: 'ragdolls', min: 1, max: 10, step: 1, value: 10, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => ragdollPile({ count: params.count }),
};

export const pyramidScene: ViewerScene = {
  name: 'pyramid',
  title: 'Box pyramid',
  description: 'A pyramid of 55 boxes of 0.5 m (box against box: the separating axis test, faces clipped to 4 points). Drag a box out of it.',
  camera: { position: [0, 3.4, 11], target: [0, 2.4, 0] },
  groundY: 0,
  forceScale: 0.0002,
  params: [{ key: 'rows', label: 'rows', min: 2, max: 14, step: 1, value: 10, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => boxPyramid({ rows: params.rows }),
};

export const wallScene: ViewerScene = {
  name: 'wall',
  title: 'Breakable welded wall',
  description:
    'Bricks welded to their neighbours and to the ground, each weld breaking past its force limit. Fire a 40 kg ' +
    'ball at it and watch the welds let go and the bricks pile up.',
  camera: { position: [4, 2.2, 5.5], target: [0, 1, 0] },
  groundY: 0,
  markerRadius: 0.02,
  forceScale: 0.0002,
  params: [{ key: 'breakForce', label: 'weld break force, N', min: 500, max: 20000, step: 500, value: 3000, rebuild: true }],
  actions: [{ label: 'fire a ball', run: fireBall }],
  readouts: [
    { label: 'welds broken', value: (scene) => `${scene.joints.filter((joint) => joint.broken).length} of ${scene.joints.length}` },
    { label: 'contacts', value: contactReadout },
  ],
  describe: (params) => weldedWall({ breakForce: params.breakForce }),
};

export const drapedChainScene: ViewerScene = {
  name: 'draped-chain',
  title: 'Chain draped over obstacles',
  description: 'Forty capsule links on ball joints fall onto two blocks and a ball and hang over them (capsule against box, sphere and plane).',
  camera: { position: [1, 3, 7], target: [0, 1, 0] },
  groundY: 0,
  forceScale: 0.002,
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: () => drapedChain({ links: 40 }),
};

export const hullPileScene: ViewerScene = {
  name: 'hull-pile',
  title: 'Pile of convex hulls',
  description:
    'Rocks, tetrahedra, wedges and octahedra (convex hulls: quickhull, coplanar faces merged), with a few capsules ' +
    'and balls, dropped onto a block and the ground: hull against plane, box, hull, capsule and sphere. Drag one out.',
  camera: { position: [1.45, 1.2, 1.9], target: [0, 0.4, 0] },
  groundY: 0,
  markerRadius: 0.02,
  forceScale: 0.002,
  params: [{ key: 'layers', label: 'layers of 6', min: 1, max: 8, step: 1, value: 4, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => hullPile({ layers: params.layers }),
};
