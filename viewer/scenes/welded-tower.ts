import { weldedTower } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';
import { breakableControls, dropWeight, hookOnArrival } from './loads.js';

export const weldedTowerScene: ViewerScene = {
  name: 'welded-tower',
  title: 'Breakable welded tower',
  description:
    'A six-floor frame of columns and beams, every weld breaking past the strength set below. Joints are ' +
    'coloured by stress (force / breakForce). Load the roof, drop weights, or pull a column sideways.',
  camera: { position: [10, 7.5, 14.5], target: [0.6, 4.3, 0] },
  groundY: 0,
  forceScale: 0.0005,
  ...breakableControls('roof load (kg)', 50),
  actions: [{ label: 'drop a 30 kg weight', run: (scene) => dropWeight(scene, 30, 0.4, 10.8) }],
  describe: (p) => weldedTower({ strength: p.strength, loadMass: p.load }),
  planar: true,
  afterStep: (scene) => hookOnArrival(scene),
};
