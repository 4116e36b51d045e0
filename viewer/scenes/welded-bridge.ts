import { weldedBridge } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';
import { breakableControls, dropWeight, hookOnArrival } from './loads.js';

export const weldedBridgeScene: ViewerScene = {
  name: 'welded-bridge',
  title: 'Breakable welded bridge',
  description:
    'Ten 20 kg deck segments welded to each other and to both walls, with a load hung at mid-span. Raise ' +
    'the load or lower the strength until the welds give; stress colours show where it will go first.',
  camera: { position: [6, 9, 14], target: [0, 4.6, 0] },
  groundY: 0,
  forceScale: 0.0005,
  ...breakableControls('load (kg)', 20),
  actions: [{ label: 'drop a 100 kg weight', run: (scene) => dropWeight(scene, 100, 0.4, 8) }],
  describe: (p) => weldedBridge({ strength: p.strength, loadMass: p.load }),
  planar: true,
  afterStep: (scene) => hookOnArrival(scene),
};
