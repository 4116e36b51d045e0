import { ropeBridge } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';
import { dropWeight, hookOnArrival } from './loads.js';

export const ropeBridgeScene: ViewerScene = {
  name: 'rope-bridge',
  title: 'Rope bridge',
  description:
    'Two ropes fixed at both ends, planks welded across them: a loop through the world per rope and one per ' +
    'plank. Slide between chain links on ball joints and rope segments (distance joints), switch the solver ' +
    'in the panel, drop a weight on it.',
  camera: { position: [5, 7, 12], target: [0, 3, 0] },
  groundY: 0,
  forceScale: 0.004,
  params: [
    { key: 'links', label: 'links per rope', min: 4, max: 32, step: 2, value: 12, rebuild: true },
    { key: 'rope', label: 'rope segments (0: chain)', min: 0, max: 1, step: 1, value: 0, rebuild: true },
  ],
  actions: [{ label: 'drop a 30 kg weight', run: (scene) => dropWeight(scene, 30, 0.3, 8) }],
  describe: (p) => ropeBridge({ links: p.links, ropes: p.rope === 1 ? 'rope' : 'chain' }),
  afterStep: (scene) => hookOnArrival(scene),
};
