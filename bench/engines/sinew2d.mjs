// sinew's 2D world (sinew/2d) on a planar scene description. settings: substeps, iterations, …
import { buildScene2D } from '../../dist/2d/index.js';

export const name = 'sinew 2D';
export const version = 'this commit';

export async function create(description, settings = {}) {
  // sleeping off, as in every engine here: the figures are the solver's, every step
  const { world, bodies } = buildScene2D(description, { sleeping: false, ...settings });
  return {
    step: (dt) => world.step(dt),
    poses(out) {
      bodies.forEach((b, i) => {
        out.set([b.position[0], b.position[1], 0, 0, 0, Math.sin(b.angle / 2), Math.cos(b.angle / 2)], i * 7);
      });
    },
  };
}
