// sinew (3D) on a scene description. settings: WorldOptions (substeps, iterations, …); {} = defaults.
import { buildScene } from '../../dist/scenes/index.js';

export const name = 'sinew';
export const version = 'this commit';

export async function create(description, settings = {}) {
  // sleeping off, as in every engine here: the figures are the solver's, every step
  const { world, bodies } = buildScene(description, { sleeping: false, ...settings });
  return {
    step: (dt) => world.step(dt),
    poses(out) {
      bodies.forEach((b, i) => {
        out.set(b.position, i * 7);
        out.set(b.orientation, i * 7 + 3);
      });
    },
    velocities(out) {
      bodies.forEach((b, i) => {
        out.set(b.linearVelocity, i * 6);
        out.set(b.angularVelocity, i * 6 + 3);
      });
    },
  };
}
