// The direct solver's sparse LDLᵀ over joint graphs with loops (lib/solver/direct/ordering.ts and
// factorization.ts): the solve satisfies H x = b to round-off on random graphs with loops of every joint
// type, welded walls and grids; loops are held exactly while they fit the budget, and larger ones stay
// iterative, whole; joints that break leave the factorization without a new order.

import { describe, expect, it } from 'vitest';
import { BallJoint, HingeJoint, PrismaticJoint, World, boxInertia, type Body, type Joint } from '../lib/index.js';
import { DirectSolver } from '../lib/solver/direct/direct-solver.js';
import { ForestFactorization } from '../lib/solver/direct/factorization.js';
import { MAX_FACTOR_FLOPS, orderGraph } from '../lib/solver/direct/ordering.js';
import { TreeBodyModel3D } from '../lib/solver/direct/tree-body-model.js';
import { buildScene, sphereGrid, weldedWall } from '../lib/scenes/index.js';
import { randomQuaternion, randomRigidJoint, randomVector, seededRandom } from './helpers.js';

/** The factorization's internals a residual check reads. */
interface Internals {
  count: number;
  data: Float64Array;
  x: Float64Array[];
  J: Float64Array[];
  atC: Int32Array;
  nodeBody: (Body | null)[];
  nodeJoint: (Joint | null)[];
  bodyNode: Map<Body, number>;
  solve(): void;
}

/** A direct solver built over the joints and factored at the bodies' poses for substeps of 1/240 s. */
function factoredSolver(world: World, joints: readonly Joint[]): DirectSolver<Body, Joint> {
  const solver = new DirectSolver<Body, Joint>(new TreeBodyModel3D());
  solver.build(world.bodies, joints);
  const h = 1 / 240;
  for (const joint of joints) joint.prepare({ h });
  solver.refactor(h);
  return solver;
}

/**
 * Factors the joints' graph at the bodies' poses, solves H x = b for a b with every block nonzero, and
 * returns its backward error max |H x − b| / (max |H| max |x| + max |b|), with H = [M Jᵀ; J −Γ] assembled
 * block by block from the joints' J, the bodies' mass matrices and the compliance blocks Γ the
 * factorization used. (A loop's compliance makes some directions of H nearly singular, so x can be far
 * larger than b: the backward error is what round-off bounds, about 1e-16 times the operations per entry.)
 */
function relativeResidual(world: World, joints: readonly Joint[]): { residual: number; held: number } {
  const solver = factoredSolver(world, joints);
  const f = (solver as unknown as { forest: ForestFactorization<Body, Joint> }).forest as unknown as Internals;
  const b: Float64Array[] = [];
  for (let i = 0; i < f.count; i++) {
    const x = f.x[i];
    for (let c = 0; c < x.length; c++) x[c] = Math.sin(7 * i + 3 * c + 1);
    b.push(Float64Array.from(x));
  }
  f.solve();
  const x = f.x.map((block) => Float64Array.from(block));
  const model = new TreeBodyModel3D();
  const M = new Float64Array(45);
  let worst = 0, scale = 0, largestH = 0, largestX = 0;
  for (const block of x) for (const v of block) largestX = Math.max(largestX, Math.abs(v));
  for (const block of f.J) for (const v of block) largestH = Math.max(largestH, Math.abs(v));
  for (let i = 0; i < f.count; i++) {
    const r = Float64Array.from(b[i], (v) => -v);
    const body = f.nodeBody[i], joint = f.nodeJoint[i];
    if (body !== null) {
      model.writeMassMatrix(body, M, 0, 36); // (G at 36: zero, as the factor wrote it with no impulses yet)
      for (let p = 0; p < 6; p++) for (let q = 0; q < 6; q++) r[p] += M[p * 6 + q] * x[i][q];
      for (let p = 0; p < 36; p++) largestH = Math.max(largestH, Math.abs(M[p]));
      for (let j = 0; j < f.count; j++) {
        const other = f.nodeJoint[j];
        if (other === null) continue;
        const column = other.bodyA === body ? 0 : other.bodyB === body ? 6 : -1;
        if (column < 0) continue;
        for (let row = 0; row < other.directRowCount; row++) for (let p = 0; p < 6; p++) r[p] += f.J[j][row * 12 + column + p] * x[j][row];
      }
    } else if (joint !== null) {
      const m = joint.directRowCount, C = f.atC[i];
      for (let p = 0; p < m; p++) for (let q = 0; q < m; q++) r[p] -= f.data[C + p * m + q] * x[i][q];
      for (const [end, column] of [[joint.bodyA, 0], [joint.bodyB, 6]] as const) {
        const k = f.bodyNode.get(end);
        if (k === undefined) continue;
        for (let row = 0; row < m; row++) for (let p = 0; p < 6; p++) r[row] += f.J[i][row * 12 + column + p] * x[k][p];
      }
    }
    for (const v of r) worst = Math.max(worst, Math.abs(v));
    for (const v of b[i]) scale = Math.max(scale, Math.abs(v));
  }
  return { residual: worst / (largestH * largestX + scale), held: solver.joints.length };
}

/** A random graph: a random tree over `count` bodies (some to the world), then `loops` more joints
 * between random pairs or to the world, every joint type, masses 10^[−2, 2] kg. */
function randomGraph(seed: number, count: number, loops: number): { world: World; joints: Joint[] } {
  const random = seededRandom(seed);
  const world = new World({ solver: 'direct' });
  const bodies: Body[] = [];
  const joints: Joint[] = [];
  const join = (a: Body, b: Body | undefined) => joints.push(randomRigidJoint(world, random, a, b, randomVector(random, 3)));
  for (let i = 0; i < count; i++) {
    const mass = 10 ** (random() * 4 - 2);
    const body = world.createBody({ position: randomVector(random, 3), orientation: randomQuaternion(random), mass, inertia: boxInertia(mass, [0.3, 0.2, 0.1]) });
    bodies.push(body);
    join(body, i > 0 && random() < 0.9 ? bodies[Math.floor(random() * i)] : undefined);
  }
  for (let l = 0; l < loops; l++) {
    const a = bodies[Math.floor(random() * count)];
    let b: Body | undefined = bodies[Math.floor(random() * count)];
    if (b === a || random() < 0.2) b = undefined;
    join(a, b);
  }
  return { world, joints };
}

/** The limit and friction rows' internals a check of S reads (solver/direct/limits.ts, auxiliary-rows.ts). */
interface HeldRows {
  rows: number;
  heldGroups: number;
  heldRowFirst: Int32Array;
  heldS: Int32Array;
  aux: { S: Float64Array; J: Float64Array; nodeA: Int32Array; nodeB: Int32Array };
}

/**
 * The largest |S − J H⁻¹ Jᵀ| over the held rows' blocks, relative to the largest |S|, with J H⁻¹ Jᵀ
 * brute force: one whole solve of H per row (its J on its bodies' blocks), then every row of its group
 * read off the bodies' Δv. Returns the rows checked too.
 */
function gramError(world: World, joints: readonly Joint[]): { error: number; rows: number } {
  const solver = factoredSolver(world, joints);
  const internals = solver as unknown as { forest: ForestFactorization<Body, Joint>; limits: HeldRows };
  const forest = internals.forest as unknown as Internals & { atX: Int32Array; clearX(): void };
  const held = internals.limits, { S, J, nodeA, nodeB } = held.aux;
  let worst = 0, largest = 0;
  for (let q = 0; q < held.heldGroups; q++) {
    const r0 = held.heldRowFirst[q], r1 = held.heldRowFirst[q + 1], count = r1 - r0;
    for (let j = r0; j < r1; j++) {
      forest.clearX();
      for (let c = 0; c < 6; c++) {
        if (nodeA[j] >= 0) forest.data[forest.atX[nodeA[j]] + c] += J[j * 12 + c];
        if (nodeB[j] >= 0) forest.data[forest.atX[nodeB[j]] + c] += J[j * 12 + 6 + c];
      }
      forest.solve();
      for (let k = r0; k < r1; k++) {
        let sum = 0;
        for (let c = 0; c < 6; c++) {
          if (nodeA[k] >= 0) sum += J[k * 12 + c] * forest.data[forest.atX[nodeA[k]] + c];
          if (nodeB[k] >= 0) sum += J[k * 12 + 6 + c] * forest.data[forest.atX[nodeB[k]] + c];
        }
        const s = S[held.heldS[q] + (j - r0) * count + k - r0];
        worst = Math.max(worst, Math.abs(s - sum));
        largest = Math.max(largest, Math.abs(s));
      }
    }
  }
  return { error: largest > 0 ? worst / largest : 0, rows: held.rows };
}

describe('sparse LDLᵀ over joint graphs with loops', () => {
  it('random graphs with loops of every joint type (redundant ones too, masses 1e-2..1e2): H x = b to a backward error of 1e-9 (measured ≤ 5e-11), every joint held', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { world, joints } = randomGraph(seed, 3 + (seed % 12), 1 + (seed % 6));
      const { residual, held } = relativeResidual(world, joints);
      expect(held, `seed ${seed}`).toBe(joints.length);
      expect(residual, `seed ${seed}`).toBeLessThan(1e-9);
    }
  });

  it('the limit and friction rows\' coupling S from their paths up the elimination tree is J H⁻¹ Jᵀ (brute force: a whole solve per row) to round-off, loops included', () => {
    let rows = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const { world, joints } = randomGraph(seed, 3 + (seed % 10), seed % 4);
      for (const joint of joints) {
        if (joint instanceof BallJoint || joint instanceof HingeJoint) joint.frictionTorque = 1 + seed;
        else if (joint instanceof PrismaticJoint) joint.frictionForce = 2 + seed;
      }
      const result = gramError(world, joints);
      rows += result.rows;
      // measured: forests ≤ 8e-12; with loops ≤ 1.5e-7, the loops' compliance making H nearly singular (the
      // brute force's own round-off grows the same way)
      expect(result.error, `seed ${seed}`).toBeLessThan(seed % 4 === 0 ? 1e-10 : 1e-6);
    }
    expect(rows).toBeGreaterThan(100);
  });

  it('a welded wall of 8 x 8 bricks and a 10 x 10 sphere grid: H x = b to a backward error of 1e-13, every joint held', () => {
    for (const scene of [weldedWall(), sphereGrid(10)]) {
      const { world, joints } = buildScene(scene, { solver: 'direct' });
      const { residual, held } = relativeResidual(world, joints);
      expect(held).toBe(joints.length);
      expect(residual).toBeLessThan(1e-13);
    }
  });

  it('a forest is ordered leaf first: no fill, so its cost is linear in its joints', () => {
    const { world, joints } = buildScene(sphereGrid(1), { solver: 'direct' }); // (one sphere pinned)
    expect(joints).toHaveLength(1);
    const chain = new World({ solver: 'direct' });
    let previous: Body | undefined;
    for (let i = 0; i < 200; i++) {
      const body = chain.createBody({ position: [i + 1, 0, 0] });
      chain.createBallJoint({ bodyA: body, bodyB: previous, anchor: [i + 0.5, 0, 0] });
      previous = body;
    }
    const order = orderGraph(chain.bodies, chain.joints, 6);
    // each node has at most one upper node (its parent): no fill
    for (let i = 0; i < order.nodes.length; i++) expect(order.upperStart[i + 1] - order.upperStart[i]).toBeLessThanOrEqual(1);
    expect(order.loops).toHaveLength(0);
    expect(world.bodies).toHaveLength(1);
  });

  it('grids are held exactly while they fit MAX_FACTOR_FLOPS (20 x 20: gaps ≤ 1e-6 m), and a larger grid is left to the iterative solver whole', () => {
    const small = buildScene(sphereGrid(20), { solver: 'direct' });
    expect(orderGraph(small.world.bodies, small.world.joints, 6).flops).toBeLessThan(MAX_FACTOR_FLOPS);
    let peak = 0;
    for (let i = 0; i < 30; i++) {
      small.world.step(1 / 60);
      peak = Math.max(peak, small.world.getMaxLinearError());
    }
    expect(small.world.directJoints).toHaveLength(small.joints.length);
    expect(peak).toBeLessThan(1e-6);
    const large = buildScene(sphereGrid(40), { solver: 'direct' });
    large.world.step(1 / 60);
    expect(large.world.directJoints).toHaveLength(0);
  });

  /** The 8 x 8 welded wall under the direct solver, stepped once, with three welds between bricks made
   * to give way; `builds`: the solver's builds after that step. */
  function wallAboutToBreak() {
    const { world, joints } = buildScene(weldedWall(), { solver: 'direct', sleeping: false });
    world.step(1 / 60);
    const solver = (world as unknown as { pipeline: { tree: DirectSolver<Body, Joint> } }).pipeline.tree;
    const between = joints.filter((joint) => joint.bodyB.isDynamic);
    for (const joint of [between[10], between[40], between[70]]) joint.breakForce = 1e-3;
    return { world, joints, solver, builds: solver.builds };
  }

  it('welds that break leave the factorization without a new order, and the rest still hold to 1e-6 m', () => {
    const { world, joints, solver, builds } = wallAboutToBreak();
    let peak = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      peak = Math.max(peak, world.getMaxLinearError());
    }
    expect(joints.filter((joint) => joint.broken).length).toBeGreaterThanOrEqual(3);
    expect(solver.builds).toBe(builds);
    expect(world.directJoints).toHaveLength(joints.filter((joint) => !joint.broken).length);
    expect(peak).toBeLessThan(1e-6);
  });

  it('a welded wall restored after welds broke in place steps on bit for bit (the snapshot keeps the order)', () => {
    // the broken welds keep their nodes in the original's factorization; a restored world that ordered
    // its joints afresh eliminated in another order and drifted apart by round-off
    const { world, joints, solver, builds } = wallAboutToBreak();
    for (let i = 0; i < 3; i++) world.step(1 / 60);
    expect(joints.filter((joint) => joint.broken).length).toBeGreaterThanOrEqual(3);
    expect(solver.builds).toBe(builds);
    const snapshot = JSON.parse(JSON.stringify(world.snapshot()));
    const copy = World.restore(snapshot);
    expect(copy.hash()).toBe(world.hash());
    expect(World.restore(copy.snapshot()).hash()).toBe(world.hash());
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
      expect(copy.hash(), `step ${i}`).toBe(world.hash());
    }
    expect(solver.builds).toBe(builds);
  });

  it('a joint removed, a spring set on a broken one, or a body made kinematic, under the direct solver: a new order, so a restored world matches', () => {
    for (const change of ['remove a broken weld', 'remove a weld', 'spring on the broken weld', 'make a brick kinematic'] as const) {
      const { world, joints } = buildScene(weldedWall(), { solver: 'direct', sleeping: false });
      const solver = (world as unknown as { pipeline: { tree: DirectSolver<Body, Joint> } }).pipeline.tree;
      const between = joints.filter((joint) => joint.bodyB.isDynamic);
      between[10].breakForce = 1e-3;
      for (let i = 0; i < 2; i++) world.step(1 / 60);
      expect(between[10].broken).toBe(true);
      const builds = solver.builds;
      if (change === 'remove a broken weld') world.removeJoint(between[10]);
      else if (change === 'remove a weld') world.removeJoint(between[20]);
      else if (change === 'spring on the broken weld') between[10].hertz = 5;
      else between[20].bodyA.setType('kinematic');
      const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
      for (let i = 0; i < 20; i++) {
        world.step(1 / 60);
        copy.step(1 / 60);
        expect(copy.hash(), `${change}: step ${i}`).toBe(world.hash());
      }
      expect(solver.builds, change).toBe(builds + 1);
    }
  });
});
