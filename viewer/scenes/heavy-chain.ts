import { heavyEndChain } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';

/**
 * S2 twice: the iterative solver's chain at the origin and the direct solver's 22 m to its right, so
 * two 20 m chains swinging in step do not touch. The camera puts both in the clear middle of the
 * screen, between the overlays on the left and the panel. The ground sits low because the iterative
 * chain stretches well past its 20 m at high ratios (about 35 m at 1000:1).
 */
export const heavyChain: ViewerScene = {
  name: 'heavy-chain',
  title: 'Heavy-end chain (S2)',
  description:
    'Twenty 1 kg links, the last up to 10 000x heavier (log slider), run twice. Blue, the iterative ' +
    'solver: the light links stretch under the heavy end, by metres at 1000:1, and let it go from about ' +
    '3000:1. Green, the direct solver: every joint holds exactly.',
  camera: { position: [-1.7, -13, 56], target: [-1.7, -19, 0] },
  groundY: -40,
  props: [{ shape: { kind: 'box', halfExtents: [0.4, 0.4, 0.4] }, position: [-0.4, 0, 0] }],
  forceScale: 0.002,
  params: [{ key: 'log10Ratio', label: 'mass ratio (10^x)', min: 0, max: 4, step: 0.5, value: 3, rebuild: true }],
  describe: (p) => heavyEndChain(20, Math.round(10 ** p.log10Ratio)),
  planar: true,
  solverComparison: { offset: [22, 0, 0], labelAt: [0, 1.2, 0] },
};
