import { it } from 'vitest';
import { World, convexDecomposition } from '../lib/index.js';
import { boxMesh, bowlMesh, torusMesh, lShape, chairMesh, signedVolume } from './mesh-solids.js';

it('scratch', () => {
  for (const [name, m] of [['box', boxMesh(0.5, 0.25, 0.1)], ['torus', torusMesh(1, 0.3, 32, 16)], ['bowl', bowlMesh(0.3, 0.2, 0.03)], ['L', lShape()], ['chair', chairMesh()]] as const) {
    const world = new World();
    const b = world.createBody({ shapes: [{ type: 'trimesh', ...m }] });
    console.log(name, signedVolume(m), b.mass, Array.from(b.inertiaLocal).map((x) => x.toFixed(5)).join(' '), Array.from(b.position));
    const t0 = performance.now();
    const d = convexDecomposition(m.vertices, m.indices);
    console.log('  decomposition', d.hulls.length, d.volumeError, (performance.now() - t0).toFixed(0), 'ms');
  }
  // bowl dropped on plane / static mesh / heightfield
  for (const ground of ['plane', 'mesh', 'heightfield']) {
    const world = new World();
    if (ground === 'plane') world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
    if (ground === 'mesh') world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices: [-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5], indices: [0, 2, 1, 0, 3, 2] }] });
    if (ground === 'heightfield') world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights: new Array(11 * 11).fill(0), rows: 11, columns: 11, size: [10, 10] }] });
    const m = bowlMesh(0.3, 0.2, 0.03);
    const bowl = world.createBody({ position: [0, 0.5, 0], orientation: [0.05, 0, 0, Math.sqrt(1 - 0.0025)], shapes: [{ type: 'trimesh', ...m }] });
    const ball = world.createBody({ position: [0, 1.0, 0], shapes: [{ type: 'sphere', radius: 0.05 }] });
    const t0 = performance.now();
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    console.log(ground, 'bowl', Array.from(bowl.position).map((x) => x.toFixed(4)), Array.from(bowl.orientation).map((x) => x.toFixed(4)), 'v', Math.hypot(...bowl.linearVelocity).toFixed(5), 'ball', Array.from(ball.position).map((x) => x.toFixed(4)), (performance.now() - t0).toFixed(0), 'ms');
  }
});
