// A welded structure left alone carries its weight: no weld breaks, and at rest its welds' forces are its
// statics, the same under both solvers.

import { describe, expect, it } from 'vitest';
import type { Joint, JointSolverKind } from '../lib/index.js';
import { buildScene, weldedWall } from '../lib/scenes/index.js';
import { elasticStatics } from './helpers.js';

const SOLVERS: readonly JointSolverKind[] = ['iterative', 'direct'];

/** A weld's readout as its six rows' forces: the force on B (N), then the torque rows (N·m). */
function readout(joint: Joint): number[] {
  const force = [0, 0, 0], torque = [0, 0, 0];
  joint.getForce(force);
  joint.getTorque(torque);
  return [...force, ...torque];
}

describe('welded walls welded to the world, nothing else holding them: weld forces are the elastic statics', () => {
  for (const solver of SOLVERS) {
    // 2 x 2 and 3 x 2 walls have 3 and 5 loops, which the direct solver closes exactly; the 8 x 8 wall
    // has 105, and it leaves the whole wall to the iterative rows
    for (const [rows, columns] of [[2, 2], [3, 2], [8, 8]] as const) {
      it(`${rows} x ${columns} bricks, ${solver} solver: every weld within 1 % of its statics, the ground welds sharing the weight`, () => {
        const scene = weldedWall({ rows, columns, breakForce: Infinity });
        delete scene.ground;
        const { world, bodies, joints } = buildScene(scene, { solver, sleeping: false });
        for (let step = 0; step < 600; step++) world.step(1 / 60);
        const statics = elasticStatics(world, joints);
        const scale = Math.max(...statics.map((F) => Math.hypot(F[0], F[1], F[2])));
        joints.forEach((joint, j) => {
          const F = statics[j], read = readout(joint);
          const force = Math.hypot(read[0] - F[0], read[1] - F[1], read[2] - F[2]);
          const torque = Math.hypot(read[3] - F[3], read[4] - F[4], read[5] - F[5]);
          expect(force, `weld ${j}`).toBeLessThan(0.01 * Math.hypot(F[0], F[1], F[2]) + 1e-3 * scale);
          expect(torque, `weld ${j}`).toBeLessThan(0.01 * Math.hypot(F[3], F[4], F[5]) + 1e-3 * scale * 0.25);
        });
        const weight = bodies.reduce((sum, body) => sum + body.mass, 0) * 9.81;
        const ground = joints.filter((joint) => !joint.bodyB.isDynamic).reduce((sum, joint) => sum - readout(joint)[1], 0);
        expect(Math.abs(ground - weight) / weight).toBeLessThan(0.01);
      });
    }
  }
});
