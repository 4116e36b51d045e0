import { heavyEndChain } from '../../lib/scenes/index.js';
import type { ViewerScene } from '../scene-types.js';

export const heavyChain: ViewerScene = {
  name: 'heavy-chain',
  title: 'Heavy-end chain (S2)',
  description:
    'Twenty 1 kg links with a last link up to 1000x heavier. The iterative solver stretches the light ' +
    'links under the heavy end; the gap grows with the mass ratio (log slider).',
  camera: { position: [6, -5, 38], target: [6, -9, 0] },
  groundY: -24,
  props: [{ shape: { kind: 'box', halfExtents: [0.4, 0.4, 0.4] }, position: [-0.4, 0, 0] }],
  forceScale: 0.002,
  params: [{ key: 'log10Ratio', label: 'mass ratio (10^x)', min: 0, max: 3, step: 0.5, value: 2, rebuild: true }],
  describe: (p) => heavyEndChain(20, Math.round(10 ** p.log10Ratio)),
  planar: true,
};
