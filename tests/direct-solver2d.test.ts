// The direct solver in 2D: World2D with solver 'direct' runs the very solver of tests/direct-solver.test.ts
// (lib/solver/direct/) through the 2D body model (lib/2d/solver/tree-body-model.ts). What that
// file proves in 3D, proved here in the plane; tests/planar.test.ts checks that the two agree to
// round-off, and tests/properties2d.test.ts that passive 2D scenes never gain energy with it.

import { describe, expect, it } from 'vitest';
import { World2D, buildScene2D, type Body2D, type RevoluteJoint } from '../lib/2d/index.js';
import { heavyEndChain, hingeChain, weldedCantilever } from '../lib/scenes/index.js';
import { withoutExactSubsteps } from './helpers.js';

/** The largest |C| of the joints' equality rows (anchor gaps), m. */
const largestGap = (world: World2D) => world.getMaxLinearError();

/** How far the limited revolute joints are past their bounds, rad (0 inside). */
function limitExcess(joints: readonly RevoluteJoint[]): number {
  let most = 0;
  for (const joint of joints) {
    const angle = joint.getAngle();
    most = Math.max(most, joint.lowerAngle - angle, angle - joint.upperAngle);
  }
  return most;
}

/** A chain of `count` unit links to the right of a pin at the origin, each joined to the last. */
function chain(world: World2D, count: number): Body2D[] {
  const links: Body2D[] = [];
  for (let i = 0; i < count; i++) links.push(world.createBody({ position: [i + 0.5, 0] }));
  world.createRevoluteJoint({ bodyA: links[0], anchor: [0, 0] });
  for (let i = 1; i < count; i++) world.createRevoluteJoint({ bodyA: links[i - 1], bodyB: links[i], anchor: [i, 0] });
  return links;
}

describe('direct solver in 2D: stepping', () => {
  it('a 40-link chain with a 10 000x heavier end holds every joint within 1 mm (the soft step lets go)', () => {
    const scene = heavyEndChain(40, 10000);
    const direct = buildScene2D(scene, { solver: 'direct' });
    const iterative = buildScene2D(scene, { solver: 'iterative' });
    let peakDirect = 0, peakIterative = 0;
    for (let i = 0; i < 300; i++) {
      direct.world.step(scene.dt);
      iterative.world.step(scene.dt);
      peakDirect = Math.max(peakDirect, largestGap(direct.world));
      peakIterative = Math.max(peakIterative, largestGap(iterative.world));
    }
    expect(direct.world.directJoints).toHaveLength(40);
    expect(peakDirect).toBeLessThan(1e-3);
    expect(peakIterative).toBeGreaterThan(1);
  });

  it('the welded cantilever stays straight (tip sag under 1 mm; metres with the soft step)', () => {
    const scene = weldedCantilever(10);
    const tipSag = (bodies: Body2D[]) => {
      const tip = bodies[bodies.length - 1], out = new Float64Array(2);
      tip.getWorldPoint(out, [0.5, 0]); // the far end of the last 1 m box
      return -out[1];
    };
    const direct = buildScene2D(scene, { solver: 'direct' });
    const iterative = buildScene2D(scene, { solver: 'iterative' });
    for (let i = 0; i < 600; i++) {
      direct.world.step(scene.dt);
      iterative.world.step(scene.dt);
    }
    expect(Math.abs(tipSag(direct.bodies))).toBeLessThan(1e-3);
    expect(tipSag(iterative.bodies)).toBeGreaterThan(1);
  });

  it('a 1 kg body hanging from a revolute joint reads a force of m g, and breaks at its limit', () => {
    const world = new World2D({ solver: 'direct' });
    const body = world.createBody({ position: [0, -1], mass: 1 });
    const joint = world.createRevoluteJoint({ bodyA: body, anchor: [0, 0], breakForce: 20 });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(joint.getForceMagnitude()).toBeCloseTo(9.81, 6);
    body.setMassProperties(3); // 29.4 N > 20 N
    world.step(1 / 60);
    expect(joint.broken).toBe(true);
    expect(joint.direct).toBe(false);
    world.step(1 / 60);
    expect(world.directJoints).toHaveLength(0);
    expect(body.linearVelocity[1]).toBeLessThan(0); // falling freely
  });

  it('angle limits are held through the forest: a swinging hinge chain stays within 1e-5 rad of its bounds', () => {
    const scene = hingeChain(12);
    const runs = { direct: buildScene2D(scene, { solver: 'direct' }), iterative: buildScene2D(scene, { solver: 'iterative' }) };
    const excess = { direct: 0, iterative: 0 };
    for (let i = 0; i < 600; i++) {
      for (const kind of ['direct', 'iterative'] as const) {
        runs[kind].world.step(scene.dt);
        excess[kind] = Math.max(excess[kind], limitExcess(runs[kind].joints as RevoluteJoint[]));
      }
    }
    expect(runs.direct.world.directJoints).toHaveLength(12);
    expect(excess.direct).toBeLessThan(1e-5);
    expect(excess.iterative).toBeGreaterThan(10 * excess.direct); // the soft step's limits give a little
  });

  it('springs and motors stay iterative, a loop is closed exactly; removing a body or a joint rebuilds the forest', () => {
    const world = new World2D({ solver: 'direct' });
    const links = chain(world, 5);
    const loop = world.createRevoluteJoint({ bodyA: links[4], anchor: [5, 1] }); // links[4] is already held through the chain
    const spare = world.createBody({ position: [7, 0] });
    const spring = world.createWeldJoint({ bodyA: links[4], bodyB: spare, anchor: [6, 0], hertz: 2 });
    const motorised = world.createRevoluteJoint({ bodyA: spare, anchor: [7, 0], motor: { speed: 1, maxForce: 10 } });
    world.step(1 / 60);
    expect(world.directJoints).toHaveLength(6); // the chain and the loop (a motor's joint is the soft step's, whole)
    expect(motorised.direct).toBe(false);
    expect(world.directJoints).toContain(loop);
    expect(spring.direct).toBe(false);
    world.removeBody(links[2]); // takes two joints with it
    world.step(1 / 60);
    expect(world.directJoints).toHaveLength(4);
    world.removeJoint(loop);
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(world.directJoints).toHaveLength(3);
    for (const joint of world.directJoints) expect(joint.getLinearError()).toBeLessThan(1e-6);
    world.solver = 'iterative';
    expect(world.directJoints).toHaveLength(0);
    expect(world.joints.every((joint) => !joint.direct && !joint.directLimits)).toBe(true);
  });

  it('a welded grid restored after welds broke in place steps on bit for bit (the snapshot keeps the order)', () => {
    // the broken welds keep their nodes in the original's factorization; a restored world that ordered
    // its joints afresh eliminated in another order and drifted apart by round-off (random-seed fuzz:
    // an angle joint of breakTorque 1)
    const world = new World2D({ solver: 'direct', sleeping: false });
    const n = 4, cells: Body2D[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cells.push(world.createBody({ position: [c, -r], mass: 1, inertia: 0.2 }));
    for (const c of [0, n - 1]) world.createWeldJoint({ bodyA: cells[c], anchor: [c, 0.5] });
    const breaking = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const cell = cells[r * n + c];
        if (c + 1 < n) breaking.push(world.createWeldJoint({ bodyA: cell, bodyB: cells[r * n + c + 1], anchor: [c + 0.5, -r] }));
        if (r + 1 < n) world.createWeldJoint({ bodyA: cell, bodyB: cells[(r + 1) * n + c], anchor: [c, -r - 0.5] });
      }
    }
    world.step(1 / 60);
    for (const joint of [breaking[2], breaking[7]]) joint.breakForce = 1e-3;
    world.step(1 / 60);
    expect(breaking[2].broken && breaking[7].broken).toBe(true);
    const copy = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
      expect(copy.hash(), `step ${i}`).toBe(world.hash());
    }
  });

  it('degenerate bodies give no NaN: inertias of 1e-30 and 1e30, 1e-9 and 1e9 kg, coincident anchors', () => {
    const world = new World2D({ solver: 'direct' });
    const thin = world.createBody({ position: [0, -1], mass: 1, inertia: 1e-30 });
    const stiff = world.createBody({ position: [0, -2], mass: 1, inertia: 1e30 });
    const speck = world.createBody({ position: [0, -3], mass: 1e-9, inertia: 1e-12 });
    const giant = world.createBody({ position: [0, -4], mass: 1e9, inertia: 1e9 });
    world.createWeldJoint({ bodyA: thin, anchor: [0, -1] }); // zero lever arm, static other end
    world.createRevoluteJoint({ bodyA: thin, bodyB: stiff, anchor: [0, -1.5] });
    world.createRevoluteJoint({ bodyA: stiff, bodyB: speck, anchor: [0, -3] });
    world.createWeldJoint({ bodyA: speck, bodyB: giant, anchor: [0, -3.5] });
    for (let i = 0; i < 300; i++) world.step(1 / 60);
    for (const body of world.bodies) {
      for (const v of [...body.position, body.angle, ...body.linearVelocity, body.angularVelocity]) expect(Number.isFinite(v)).toBe(true);
    }
    expect(world.getMaxLinearError()).toBeLessThan(1e-3);
  });

  it('a redundant loop (two welds across the same pair) gives no NaN and holds', () => {
    const world = new World2D({ solver: 'direct' });
    const a = world.createBody({ position: [0, -1] });
    const b = world.createBody({ position: [0, -2] });
    world.createWeldJoint({ bodyA: a, anchor: [0, -0.5] });
    world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0, -1.5] });
    world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.3, -1.5] }); // the same three rows again
    world.createRevoluteJoint({ bodyA: b, anchor: [0, -2.5] }); // and a loop through the world
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    for (const body of world.bodies) for (const v of [...body.position, ...body.linearVelocity]) expect(Number.isFinite(v)).toBe(true);
    expect(world.getMaxLinearError()).toBeLessThan(1e-6);
    expect(Math.abs(b.position[1] + 2)).toBeLessThan(1e-6);
  });
});

describe('direct solver in 2D: settings and snapshots', () => {
  it('snapshots continue bit for bit with the direct solver', () => {
    const scene = heavyEndChain(10, 100);
    const { world } = buildScene2D(scene, { solver: 'direct' });
    for (let i = 0; i < 100; i++) world.step(scene.dt);
    const snapshot = JSON.parse(JSON.stringify(world.snapshot()));
    for (let i = 0; i < 100; i++) world.step(scene.dt);
    const restored = World2D.restore(snapshot);
    expect(restored.solver).toBe('direct');
    for (let i = 0; i < 100; i++) restored.step(scene.dt);
    expect(restored.hash()).toBe(world.hash());
  });

  it('a version 1 snapshot (before 2D worlds had the direct solver, so without its flag) still restores, iterative', () => {
    const world = new World2D({ solver: 'iterative' });
    // welds: no axis drive, whose force readouts a version 1 snapshot would not have either
    const links: Body2D[] = [];
    for (let i = 0; i < 3; i++) links.push(world.createBody({ position: [i + 0.5, 0] }));
    world.createWeldJoint({ bodyA: links[0], anchor: [0, 0] });
    for (let i = 1; i < 3; i++) world.createWeldJoint({ bodyA: links[i - 1], bodyB: links[i], anchor: [i, 0] });
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    // what a snapshot before version 4 restores contactIterations to, and one before 8 exactSubsteps
    world.contactIterations = world.iterations;
    world.exactSubsteps = world.substeps;
    const snapshot = world.snapshot();
    expect(snapshot.version).toBe(9);
    // version 1's numbers: the same, less contactIterations (after gravity, substeps and iterations) and the
    // flags after the world's settings (decoded, dropped, encoded)
    const bytes = Buffer.from(withoutExactSubsteps(snapshot.numbers, 2), 'base64');
    const numbers = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    const contactIterationsAt = 2 + 2;
    const flagsAt = 2 + 9 + 4 + 5; // gravity, solver settings, sleep settings, time, steps, ids, substep length
    expect(numbers[contactIterationsAt]).toBe(2);
    expect(numbers[flagsAt]).toBe(0);
    const old = Float64Array.from([
      ...numbers.subarray(0, contactIterationsAt), ...numbers.subarray(contactIterationsAt + 1, flagsAt), ...numbers.subarray(flagsAt + 1),
    ]);
    const restored = World2D.restore({ ...snapshot, version: 1, numbers: Buffer.from(old.buffer).toString('base64') });
    expect(restored.solver).toBe('iterative');
    expect(restored.hash()).toBe(world.hash());
    expect(() => World2D.restore({ ...snapshot, version: 10 as never })).toThrow(/snapshot version 10 is not supported \(1 to 9 are\)/);
  });

  it('a world made with the direct solver takes 4 substeps, as the iterative solver, unless told otherwise; switching keeps the count', () => {
    expect(new World2D().substeps).toBe(4);
    expect(new World2D({ solver: 'direct' }).substeps).toBe(4);
    expect(new World2D({ solver: 'direct', substeps: 3 }).substeps).toBe(3);
    const world = new World2D();
    world.solver = 'direct';
    expect(world.substeps).toBe(4);
  });

  it('rejects an unknown solver by name', () => {
    expect(() => new World2D({ solver: 'exact' as never })).toThrow(/World2D: solver must be 'iterative' or 'direct', got "exact"/);
    const world = new World2D();
    expect(() => { world.solver = 'fast' as never; }).toThrow(/solver must be 'iterative' or 'direct', got "fast"/);
    expect(world.solver).toBe('direct');
  });
});

describe('the revolute joint\'s limit rows, as the direct solver reads them', () => {
  it('C is the distance inside each bound and J = ∂C/∂x (finite differences, 1e-7), signed so that λ ≥ 0 pushes back inside', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0, 0], angle: 0.3 });
    const b = world.createBody({ position: [1, 0], angle: 0.5 });
    const joint = world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0], lowerAngle: -0.4, upperAngle: 0.6 });
    b.setAngle(0.8); // θ = 0.3 − 0 (θ_b − θ_a − θ₀ = 0.8 − 0.3 − 0.2)
    joint.prepare({ h: 1 / 240 });
    expect(joint.limitRowCount).toBe(2);
    const J = new Float64Array(6), C = new Float64Array(2);
    joint.writeLimitRow(0, J, 0, C, 0);
    expect(C[0]).toBeCloseTo(0.3 + 0.4, 12);
    expect(Array.from(J)).toEqual([-0, -0, -1, 0, 0, 1]);
    joint.writeLimitRow(1, J, 0, C, 1);
    expect(C[1]).toBeCloseTo(0.6 - 0.3, 12);
    expect(Array.from(J)).toEqual([0, 0, 1, -0, -0, -1]);
    // ∂C/∂θ_b by central differences
    for (const k of [0, 1]) {
      const e = 1e-6;
      b.setAngle(0.8 + e); joint.prepare({ h: 1 / 240 });
      joint.writeLimitRow(k, J, 0, C, 0);
      const plus = C[0];
      b.setAngle(0.8 - e); joint.prepare({ h: 1 / 240 });
      joint.writeLimitRow(k, J, 0, C, 0);
      const minus = C[0];
      expect((plus - minus) / (2 * e)).toBeCloseTo(J[5], 7);
    }
  });
});
