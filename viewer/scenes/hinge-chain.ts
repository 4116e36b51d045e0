// A chain of planks on hinges: every hinge lets its planks turn about its own axis (z) and holds the other
// two rotations, so the chain folds in the x-y plane. Every second hinge between planks has an angle
// range, drawn as a sector; its needle turns red when the hinge is at a limit.

import { HingeJoint } from '../../lib/index.js';
import { hingeChain } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

/** The hinges that have limits. */
function limitedHinges(scene: LiveScene): HingeJoint[] {
  return scene.joints.filter((joint): joint is HingeJoint => joint instanceof HingeJoint && joint.upperAngle < Infinity);
}

export const hingeChainScene: ViewerScene = {
  name: 'hinge-chain',
  title: 'Hinge chain (angle limits)',
  description:
    'Twelve 11 kg planks hinged edge to edge about parallel axes, released straight at 45°. Every second ' +
    'hinge bends only ± the limit (blue sectors). Drag a plank toward you: the hinges hold the chain in its ' +
    'plane, giving as stiff springs do (fewer substeps, more give).',
  camera: { position: [9, 7.5, 12], target: [-1.6, 5.3, 0] },
  groundY: 0,
  forceScale: 0.002,
  // A hinge holds its other two rotations with stiff springs tuned to the planks on either side (0.23
  // kg·m² about a plank's length): at the default 4 substeps the chain's tip gives only about 160 N/m out
  // of its plane, and the mouse (a 5 Hz spring, 10.7 kN/m on a plank) drags it out. 16 substeps make the
  // springs 16 times stiffer (error ∝ 1/n²): about 2.5 kN/m at the tip. Under the direct solver (exact
  // hinges) a step left alone takes exactSubsteps: at one, the release whips the far planks less (1.7 % of
  // the chain's energy gone in 10 s, against 0.1 % at 16) and they fall short of their limits; at four
  // they swing onto them as the soft step's do.
  worldOptions: { substeps: 16, exactSubsteps: 4 },
  params: [{ key: 'limit', label: 'hinge limit (± rad)', min: 0.1, max: 3, step: 0.05, value: 0.6 }],
  describe: (p) => hingeChain(12, { limit: p.limit, droop: Math.PI / 4 }),
  onParam: (scene, key, value) => {
    // (a hinge removed with a plank that fell away refuses writes)
    if (key === 'limit') for (const hinge of limitedHinges(scene)) if (!hinge.removed) hinge.setLimits(-value, value);
  },
  readouts: [
    {
      label: 'limited hinges',
      value: (scene) => {
        const hinges = limitedHinges(scene);
        let atLimit = 0, widest = 0;
        for (const hinge of hinges) {
          const angle = hinge.getAngle();
          widest = Math.max(widest, Math.abs(angle));
          if (angle <= hinge.lowerAngle + 0.02 || angle >= hinge.upperAngle - 0.02) atLimit++;
        }
        return `${atLimit} of ${hinges.length} at a limit, widest ${widest.toFixed(2)} rad`;
      },
    },
  ],
};
