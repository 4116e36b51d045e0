import { hangingChain } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';

export const rope: ViewerScene = {
  name: 'rope',
  title: 'Rope (S1, 30 links)',
  description:
    'Thirty 1 kg links on ball joints, pinned at the origin, released horizontal. Watch the anchor gaps ' +
    '(largest joint error) during the whip, and raise the substeps to stiffen the joints. Drag a link.',
  camera: { position: [9, -8, 54], target: [9, -13, 0] },
  groundY: -32,
  props: [{ shape: { kind: 'box', halfExtents: [0.4, 0.4, 0.4] }, position: [-0.4, 0, 0] }],
  forceScale: 0.01,
  describe: () => hangingChain(30),
  planar: true,
};
