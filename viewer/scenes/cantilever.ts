import { weldedCantilever } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';

export const cantilever: ViewerScene = {
  name: 'cantilever',
  title: 'Welded cantilever (S3)',
  description:
    'Ten 1 kg boxes welded end to end and to the world at x = 0. Every weld is a stiff spring whose ' +
    'stiffness is a quarter of the substep rate: the tip sags 3 m at 4 substeps and 0.15 m at 16.',
  camera: { position: [7, 1, 13], target: [4.5, -1.2, 0] },
  groundY: -6,
  props: [{ shape: { kind: 'box', halfExtents: [0.3, 4, 1] }, position: [-0.3, -2, 0] }],
  forceScale: 0.01,
  describe: () => weldedCantilever(10),
  planar: true,
};
