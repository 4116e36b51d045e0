import { suspensionBridge } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';
import { dropWeight, hookOnArrival } from './loads.js';

export const bridge: ViewerScene = {
  name: 'suspension-bridge',
  title: 'Suspension bridge',
  description:
    'Sixteen 5 kg planks hinged edge to edge by pairs of ball joints and held at both ends: a loop through ' +
    'the world. Drop a weight on it (it hooks on where it lands) or drag a plank.',
  camera: { position: [7, 11, 16], target: [0, 6, 0] },
  groundY: 0,
  forceScale: 0.004,
  params: [{ key: 'slack', label: 'slack (%)', min: 1, max: 15, step: 1, value: 4, rebuild: true }],
  actions: [{ label: 'drop a 50 kg weight', run: (scene) => dropWeight(scene, 50, 0.35, 13) }],
  describe: (p) => suspensionBridge({ slack: p.slack / 100 }),
  planar: (p) => suspensionBridge({ slack: p.slack / 100, planar: true }),
  afterStep: (scene) => hookOnArrival(scene),
};
