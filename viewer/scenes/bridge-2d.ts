// A 2D plank bridge: planks on revolute joints across a 12 m gap between two cliffs, with crates dropped
// on it (Box2D's "bridge" sample). The readout gives the deck's sag and how many crates it holds.

import type { Body2D } from '../../lib/2d/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import type { Flat2D } from '../scene-types.js';
import { addBody, addJoint, FLAT_COLOURS, flatOf, flatScene, frame2D, noDescription } from './flat.js';

/** Half the gap, m; the planks' half length and half thickness, m; the deck's top at y = 0. */
export const HALF_GAP = 6;
const PLANK_HALF: [number, number] = [0.3, 0.08];
export const DECK_Y = -PLANK_HALF[1];
/** Planks, cliffs and their joints share a negative group: planks never collide with each other or the cliffs. */
const GROUP = -2;
const CRATE_HALF = 0.25;

/** A crate of 0.5 m (125 kg) at `position`. */
export function dropCrate(scene: Flat2D, position: [number, number]): Body2D {
  const crate = addBody(scene, { position, shapes: [{ type: 'box', halfExtents: [CRATE_HALF, CRATE_HALF], density: 500, friction: 0.6 }] }, FLAT_COLOURS.crate);
  (scene.parts as Record<string, unknown>)[`crate${scene.figures.crates}`] = crate;
  scene.figures.crates++;
  return crate;
}

/** Crates within the gap and above the cliffs' feet: the ones the bridge holds. */
export function cratesHeld(scene: Flat2D): number {
  let held = 0;
  for (let i = 0; i < scene.figures.crates; i++) {
    const crate = scene.parts[`crate${i}`] as Body2D;
    if (crate.owner !== null && Math.abs(crate.position[0]) < HALF_GAP && crate.position[1] > -3) held++;
  }
  return held;
}

/** How far the lowest plank's centre is below where it was built, m. */
export function deckSag(scene: Flat2D): number {
  let lowest = Infinity;
  for (let i = 0; i < scene.figures.planks; i++) lowest = Math.min(lowest, (scene.parts[`plank${i}`] as Body2D).position[1]);
  return DECK_Y - lowest;
}

let drops = 0;

export const bridge2dScene: ViewerScene = {
  name: 'bridge-2d',
  title: '2D plank bridge',
  description:
    'Twenty 0.6 m planks (48 kg each) on revolute joints across a 12 m gap, six 125 kg crates dropped on it: box against box ' +
    'in 2D, two contact points a pair. Drop more with the button; the readout gives the deck\'s sag and the crates it holds.',
  // the deck between the description above and the readout below, at the left
  camera: frame2D(0, -1.8, 17, 0),
  groundY: -20,
  ground: false,
  forceScale: 0.0005,
  params: [{ key: 'crates', label: 'crates', min: 0, max: 12, step: 1, value: 6, rebuild: true }],
  actions: [{ label: 'drop a crate', run: (live) => { dropCrate(flatOf(live), [((drops++ * 3.7) % 9) - 4.5, 4]); } }],
  readouts: [
    { label: 'deck sag', value: (live) => `${(deckSag(flatOf(live)) * 100).toFixed(1)} cm` },
    { label: 'crates held', value: (live: LiveScene) => `${cratesHeld(flatOf(live))} of ${flatOf(live).figures.crates}` },
  ],
  describe: () => noDescription('2D plank bridge'),
  build2D: (params) => {
    const scene = flatScene();
    scene.figures.crates = 0;
    const cliff = (x: number) =>
      addBody(scene, { type: 'static', position: [x, -2.5], shapes: [{ type: 'box', halfExtents: [2.5, 2.5], group: GROUP }] }, FLAT_COLOURS.cliff);
    const left = cliff(-HALF_GAP - 2.5), right = cliff(HALF_GAP + 2.5);
    const count = Math.round((2 * HALF_GAP) / (2 * PLANK_HALF[0]));
    scene.figures.planks = count;
    let previous = left;
    for (let i = 0; i < count; i++) {
      const x = -HALF_GAP + PLANK_HALF[0] * (2 * i + 1);
      const plank = addBody(scene, { position: [x, DECK_Y], shapes: [{ type: 'box', halfExtents: PLANK_HALF, density: 500, friction: 0.8, group: GROUP }] }, FLAT_COLOURS.plank);
      scene.parts[`plank${i}`] = plank;
      addJoint(scene, scene.world.createRevoluteJoint({ bodyA: previous, bodyB: plank, anchor: [x - PLANK_HALF[0], DECK_Y] }));
      previous = plank;
    }
    addJoint(scene, scene.world.createRevoluteJoint({ bodyA: previous, bodyB: right, anchor: [HALF_GAP, DECK_Y] }));
    for (let i = 0; i < params.crates; i++) dropCrate(scene, [-4.5 + ((i * 3.1) % 9), 1 + 0.8 * i]);
    return scene;
  },
};
