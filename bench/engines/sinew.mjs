// sinew (3D) on a scene description. settings: WorldOptions (substeps, iterations, …); {} = defaults.
import { buildScene } from '../../dist/scenes/index.js';

export const name = 'sinew';
export const version = 'this commit';

export async function create(description, settings = {}) {
  const { world, bodies } = buildScene(description, settings);
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
