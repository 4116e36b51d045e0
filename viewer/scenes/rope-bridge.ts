import { ropeBridge, type SceneDescription } from '../../lib/scenes/index.js';
import type { Prop, ViewerScene } from '../scene-types.js';
import { dropWeight, hookOnArrival } from './loads.js';

/** The ravine's floor (the ground grid), the cliffs' top, m; the posts stand on the cliffs and reach this
 * far above the rope ends. */
const FLOOR = -2, CLIFF_TOP = 3.2, POST_ABOVE = 0.25;
/** A post's half width, m; how far each cliff reaches back from the ravine and across it. */
const POST_HALF = 0.1, CLIFF_DEPTH = 3, CLIFF_HALF_WIDTH = 2.5;

/**
 * What the ropes hang from: lib's ropeBridge fixes each rope's two ends to the world (its joints with no
 * bodyB); here a post stands under each of those points, its inner face through it, on a cliff on either
 * side of a ravine whose floor is the ground grid. Scenery only: the world anchors hold the ropes, as a
 * static post would.
 */
export function ropeBridgeScenery(description: SceneDescription): Prop[] {
  const props: Prop[] = [];
  let span = 0;
  for (const joint of description.joints) {
    if (joint.bodyB !== null) continue;
    // a rope segment's world end is its anchorB; a chain link's ball joint has one anchor
    const [x, y, z] = joint.anchorB ?? joint.anchor!;
    const side = Math.sign(x), height = y + POST_ABOVE - CLIFF_TOP;
    span = Math.max(span, Math.abs(x));
    props.push({
      shape: { kind: 'box', halfExtents: [POST_HALF, height / 2, POST_HALF] },
      position: [x + side * POST_HALF, CLIFF_TOP + height / 2, z],
      colour: 0x6b5440,
    });
  }
  for (const side of [-1, 1]) {
    props.push({
      shape: { kind: 'box', halfExtents: [CLIFF_DEPTH / 2, (CLIFF_TOP - FLOOR) / 2, CLIFF_HALF_WIDTH] },
      position: [side * (span + CLIFF_DEPTH / 2), (CLIFF_TOP + FLOOR) / 2, 0],
      colour: 0x8d8478,
    });
  }
  return props;
}

export const ropeBridgeScene: ViewerScene = {
  name: 'rope-bridge',
  title: 'Rope bridge',
  description:
    'Two ropes fixed at both ends to posts across a ravine, planks welded across them: a loop through the world ' +
    'per rope and one per plank. Slide between chain links on ball joints and rope segments (distance joints), ' +
    'switch the solver in the panel, drop a weight on it.',
  camera: { position: [5, 7, 12], target: [0, 3, 0] },
  groundY: FLOOR,
  props: ropeBridgeScenery,
  forceScale: 0.004,
  params: [
    { key: 'links', label: 'links per rope', min: 4, max: 32, step: 2, value: 12, rebuild: true },
    { key: 'rope', label: 'rope segments (0: chain)', min: 0, max: 1, step: 1, value: 0, rebuild: true },
  ],
  actions: [{ label: 'drop a 30 kg weight', run: (scene) => dropWeight(scene, 30, 0.3, 8) }],
  describe: (p) => ropeBridge({ links: p.links, ropes: p.rope === 1 ? 'rope' : 'chain' }),
  afterStep: (scene) => hookOnArrival(scene),
};
