// The direct solver (lib/solver/direct/): one solve on random trees makes J v = 0 and
// agrees with a dense solve of the same J M⁻¹ Jᵀ system; springs and mouse joints stay iterative, loops
// and limits (ropes' too) are held; degenerate bodies give no NaN; heavy-on-light chains hold; limits hold
// in loops and ropes come back without gaining energy; the readouts, breaking, removal and snapshots work
// as with the iterative solver.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type Body, type HingeJoint, type Joint } from '../lib/index.js';
import { DirectSolver } from '../lib/solver/direct/direct-solver.js';
import { TreeBodyModel3D } from '../lib/solver/direct/tree-body-model.js';

import { buildScene, heavyEndChain, weldedBridge, weldedCantilever, cantileverTipSag } from '../lib/scenes/index.js';
import { randomQuaternion, randomRigidJoint, randomVector, seededRandom } from './helpers.js';

/**
 * A random forest in a world: `count` bodies with masses 10^[−3, 3] kg (mass ratios up to 1e6),
 * random shapes, poses and velocities; body i joins an earlier body or the world (a static or a
 * kinematic body, or the ground), so trees have static roots, free roots, and several roots.
 */
function randomForest(seed: number, count: number): { world: World; joints: Joint[] } {
  const random = seededRandom(seed);
  const world = new World({ solver: 'direct' });
  const anchorBodies: Body[] = [
    world.createBody({ type: 'static', position: [0, 5, 0] }),
    world.createBody({ type: 'kinematic', position: [3, 5, 0], linearVelocity: [0.5, 0, 0], angularVelocity: [0, 0.3, 0] }),
  ];
  const bodies: Body[] = [];
  const joints: Joint[] = [];
  for (let i = 0; i < count; i++) {
    const mass = 10 ** (random() * 6 - 3);
    const half = [0.05 + random(), 0.05 + random(), 0.05 + random()];
    const body = world.createBody({
      position: randomVector(random, 10), orientation: randomQuaternion(random), mass, inertia: boxInertia(mass, half),
      linearVelocity: randomVector(random, 3), angularVelocity: randomVector(random, 3),
    });
    bodies.push(body);
    const pick = random();
    let other: Body | undefined;
    if (i > 0 && pick < 0.85) other = bodies[Math.floor(random() * i)];
    else if (pick < 0.9) other = undefined; // the ground
    else other = anchorBodies[Math.floor(random() * 2)];
    // free roots: a tenth of the bodies start a new tree with no joint at all
    if (i > 0 && random() < 0.1) continue;
    // the anchor within a metre of the body's centre (lever arms of tens of metres on 5 cm bodies make
    // K's condition number, not the solver, the limit on J v)
    const offset = randomVector(random, 1);
    const anchor = [body.position[0] + offset[0], body.position[1] + offset[1], body.position[2] + offset[2]];
    joints.push(randomRigidJoint(world, random, body, other, anchor));
  }
  return { world, joints };
}

/** Dense Gaussian elimination with partial pivoting: solves A x = b (A n×n row-major) in place. */
function denseSolve(A: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let k = 0; k < n; k++) {
    let pivot = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i * n + k]) > Math.abs(A[pivot * n + k])) pivot = i;
    if (pivot !== k) {
      for (let j = 0; j < n; j++) [A[k * n + j], A[pivot * n + j]] = [A[pivot * n + j], A[k * n + j]];
      [b[k], b[pivot]] = [b[pivot], b[k]];
    }
    for (let i = k + 1; i < n; i++) {
      const f = A[i * n + k] / A[k * n + k];
      if (f === 0) continue;
      for (let j = k; j < n; j++) A[i * n + j] -= f * A[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= A[i * n + j] * b[j];
    b[i] = s / A[i * n + i];
  }
  return b;
}

/** The velocities after the dense solve of J M⁻¹ Jᵀ λ = −J v over the joints' rows (12-column J). */
function denseVelocities(bodies: readonly Body[], joints: readonly Joint[]): Map<Body, Float64Array> {
  const rows = joints.reduce((n, j) => n + j.rowCount, 0);
  const J = new Float64Array(rows * 12);
  const scratch = new Float64Array(72);
  const error = new Float64Array(6);
  const rhs = new Float64Array(rows);
  let row = 0;
  for (const joint of joints) {
    joint.writeJacobian(scratch);
    joint.getVelocityError(error);
    for (let r = 0; r < joint.rowCount; r++) {
      for (let c = 0; c < 12; c++) J[(row + r) * 12 + c] = scratch[r * 12 + c];
      rhs[row + r] = -error[r];
    }
    row += joint.rowCount;
  }
  // M⁻¹ Jᵀ, column by column (row i of J touches its joint's two bodies)
  const ends: [Body, Body][] = [];
  for (const joint of joints) for (let r = 0; r < joint.rowCount; r++) ends.push([joint.bodyA, joint.bodyB]);
  const applyInverseMass = (body: Body, j: Float64Array, at: number, out: Float64Array) => {
    const m = body.inverseMass, I = body.inverseInertiaWorld;
    for (let k = 0; k < 3; k++) out[k] = m * j[at + k];
    for (let k = 0; k < 3; k++) out[3 + k] = I[k] * j[at + 3] + I[3 + k] * j[at + 4] + I[6 + k] * j[at + 5];
  };
  const W = new Float64Array(rows * 12);
  const w = new Float64Array(6);
  for (let i = 0; i < rows; i++) {
    applyInverseMass(ends[i][0], J, i * 12, w);
    W.set(w, i * 12);
    applyInverseMass(ends[i][1], J, i * 12 + 6, w);
    W.set(w, i * 12 + 6);
  }
  const A = new Float64Array(rows * rows);
  for (let i = 0; i < rows; i++) {
    for (let k = 0; k < rows; k++) {
      let sum = 0;
      for (let sideI = 0; sideI < 2; sideI++) {
        for (let sideK = 0; sideK < 2; sideK++) {
          if (ends[i][sideI] !== ends[k][sideK]) continue;
          for (let c = 0; c < 6; c++) sum += J[i * 12 + sideI * 6 + c] * W[k * 12 + sideK * 6 + c];
        }
      }
      A[i * rows + k] = sum;
    }
  }
  const lambda = denseSolve(A, rhs, rows);
  const result = new Map<Body, Float64Array>();
  for (const body of bodies) {
    result.set(body, Float64Array.from([...body.linearVelocity, ...body.angularVelocity]));
  }
  for (let i = 0; i < rows; i++) {
    for (let side = 0; side < 2; side++) {
      const body = ends[i][side];
      if (!body.isDynamic) continue;
      const v = result.get(body) as Float64Array;
      for (let c = 0; c < 6; c++) v[c] += W[i * 12 + side * 6 + c] * lambda[i];
    }
  }
  return result;
}

describe('direct tree solver: one solve', () => {
  it('random forests (up to 200 bodies, mass ratios to 1e6, static, kinematic and free roots): J v = 0 to 1e-10, equal to a dense solve', () => {
    const error = new Float64Array(6);
    for (let seed = 1; seed <= 24; seed++) {
      const count = seed <= 20 ? 2 + ((seed * 7) % 40) : 200;
      const { world, joints } = randomForest(seed, count);
      const tree = new DirectSolver<Body, Joint>(new TreeBodyModel3D());
      tree.build(world.bodies, joints);
      expect(tree.joints).toHaveLength(joints.length); // every joint of a forest is held
      const h = 1 / 240;
      for (const joint of joints) joint.prepare({ h });
      const expected = denseVelocities(world.bodies, joints);
      tree.refactor(h);
      tree.solveVelocities(false);
      let speed = 1;
      for (const body of world.bodies) speed = Math.max(speed, Math.hypot(...body.linearVelocity), Math.hypot(...body.angularVelocity));
      for (const joint of joints) {
        joint.getVelocityError(error);
        for (let r = 0; r < joint.rowCount; r++) expect(Math.abs(error[r])).toBeLessThan(1e-10 * speed);
      }
      for (const body of world.bodies) {
        if (!body.isDynamic) continue;
        const dense = expected.get(body) as Float64Array;
        const got = [...body.linearVelocity, ...body.angularVelocity];
        for (let c = 0; c < 6; c++) expect(Math.abs(got[c] - dense[c])).toBeLessThan(1e-7 * speed);
      }
    }
  });

  it('springs and mouse joints stay iterative, the bounds of a distance joint are held as limit rows; a joint closing a loop is held too', () => {
    const world = new World({ solver: 'direct' });
    const a = world.createBody({ position: [1, 0, 0] });
    const b = world.createBody({ position: [2, 0, 0] });
    const c = world.createBody({ position: [3, 0, 0] });
    const pin = world.createBallJoint({ bodyA: a, anchor: [0.5, 0, 0] });
    const ab = world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [1.5, 0, 0], axis: [0, 0, 1] });
    const loop = world.createBallJoint({ bodyA: b, anchor: [2, 1, 0] }); // b is already held through a
    const spring = world.createBallJoint({ bodyA: b, bodyB: c, anchor: [2.5, 0, 0], hertz: 2 });
    const rod = world.createDistanceJoint({ bodyA: c, anchorA: [3, 0, 0], anchorB: [3, 1, 0] });
    world.createMouseJoint({ body: c, target: [3, 0, 0] });
    world.step(1 / 60);
    expect(world.directJoints).toEqual([pin, ab, loop]); // in the world's order, the loop too
    expect([spring, rod].every((joint) => !joint.direct)).toBe(true);
    expect(rod.directLimits).toBe(true); // no equality rows, but its bounds are limit rows
    spring.hertz = 0; // now rigid: it joins the forest at the next step
    world.step(1 / 60);
    expect(world.directJoints).toContain(spring);
    world.solver = 'iterative';
    expect(world.directJoints).toHaveLength(0);
    expect(world.joints.every((joint) => !joint.direct)).toBe(true);
  });

  it('degenerate bodies give no NaN: near-zero and huge inertia about an axis, 1e-9 and 1e9 kg, coincident anchors', () => {
    const world = new World({ solver: 'direct' });
    const thin = world.createBody({ position: [0, -1, 0], mass: 1, inertia: [1e-30, 1, 1] });
    const stiff = world.createBody({ position: [0, -2, 0], mass: 1, inertia: [1e30, 1, 1] });
    const speck = world.createBody({ position: [0, -3, 0], mass: 1e-9, inertia: [1e-12, 1e-12, 1e-12] });
    const giant = world.createBody({ position: [0, -4, 0], mass: 1e9, inertia: [1e9, 1e9, 1e9] });
    world.createWeldJoint({ bodyA: thin, anchor: [0, -1, 0] }); // zero lever arm, static other end
    world.createHingeJoint({ bodyA: thin, bodyB: stiff, anchor: [0, -1.5, 0], axis: [1, 0, 0] });
    world.createBallJoint({ bodyA: stiff, bodyB: speck, anchor: [0, -3, 0] });
    world.createWeldJoint({ bodyA: speck, bodyB: giant, anchor: [0, -3.5, 0] });
    for (let i = 0; i < 300; i++) world.step(1 / 60);
    for (const body of world.bodies) {
      for (const v of [...body.position, ...body.orientation, ...body.linearVelocity, ...body.angularVelocity]) expect(Number.isFinite(v)).toBe(true);
    }
    expect(world.getMaxLinearError()).toBeLessThan(1e-3);
  });
});

describe('direct tree solver: stepping', () => {
  it('a 40-link chain with a 10 000x heavier end holds every joint within 1 mm (the iterative solver lets go)', () => {
    const scene = heavyEndChain(40, 10000);
    const direct = buildScene(scene, { solver: 'direct' });
    const iterative = buildScene(scene, { solver: 'iterative' });
    let peakDirect = 0, peakIterative = 0;
    for (let i = 0; i < 300; i++) {
      direct.world.step(scene.dt);
      iterative.world.step(scene.dt);
      peakDirect = Math.max(peakDirect, direct.world.getMaxLinearError());
      peakIterative = Math.max(peakIterative, iterative.world.getMaxLinearError());
    }
    expect(peakDirect).toBeLessThan(1e-3);
    expect(peakIterative).toBeGreaterThan(1);
  });

  it('the welded cantilever stays straight (tip sag under 1 mm; 3 m with the iterative solver)', () => {
    const scene = weldedCantilever(10);
    const { world, bodies } = buildScene(scene, { solver: 'direct' });
    for (let i = 0; i < 600; i++) world.step(scene.dt);
    expect(Math.abs(cantileverTipSag(bodies))).toBeLessThan(1e-3);
  });

  it('a 1 kg body hanging from a ball joint reads a force of m g, and breaks at its limit', () => {
    const world = new World({ solver: 'direct' });
    const body = world.createBody({ position: [0, -1, 0], mass: 1 });
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], breakForce: 20 });
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

  it('a hinged bridge anchored at both ends (a loop through the world) is held exactly, where the iterative solver stretches it', () => {
    // 20 planks of 1 m hanging in a V between anchors 19 m apart
    const build = (solver: 'iterative' | 'direct') => {
      const world = new World({ solver });
      const span = 19, drop = Math.sqrt(100 - (span / 2) ** 2);
      const points = Array.from({ length: 21 }, (_, i) => [(i / 20) * span, -drop * (1 - Math.abs((2 * i) / 20 - 1)), 0]);
      const planks: Body[] = [];
      for (let i = 0; i < 20; i++) {
        const middle = [0, 1, 2].map((k) => (points[i][k] + points[i + 1][k]) / 2);
        planks.push(world.createBody({ position: middle, mass: 2, inertia: boxInertia(2, [0.5, 0.05, 0.3]) }));
      }
      world.createHingeJoint({ bodyA: planks[0], anchor: points[0], axis: [0, 0, 1] });
      for (let i = 1; i < 20; i++) world.createHingeJoint({ bodyA: planks[i - 1], bodyB: planks[i], anchor: points[i], axis: [0, 0, 1] });
      world.createHingeJoint({ bodyA: planks[19], anchor: points[20], axis: [0, 0, 1] }); // closes the loop
      return world;
    };
    const direct = build('direct'), iterative = build('iterative');
    let peakDirect = 0, peakIterative = 0;
    for (let i = 0; i < 300; i++) {
      direct.step(1 / 60);
      iterative.step(1 / 60);
      peakDirect = Math.max(peakDirect, direct.getMaxLinearError());
      peakIterative = Math.max(peakIterative, iterative.getMaxLinearError());
    }
    expect(direct.directJoints).toHaveLength(21); // 20 in the forest, 1 closing the loop
    expect(peakDirect).toBeLessThan(2e-6); // the projection's tolerance: 1e-6 m a row, 1.7e-6 m a gap
    expect(peakIterative).toBeGreaterThan(1e-3);
  });

  it('a welded bridge shares its weight between its ends as a clamped beam does (shear exact, end moment within 2 %)', () => {
    // 10 segments of 20 kg (1 m each, their weight at their centres) and a 20 kg load under mid-span,
    // welded to static abutments at both ends: statically indeterminate. Each end carries half the
    // weight, and a clamped-clamped beam's end moment is Σ P a b² / L² over the loads.
    const scene = weldedBridge({ strength: 1e9 });
    // (sleeping off: the bridge is at rest at once and would sleep with the drift of 0.5 s, 2e-8 m)
    const { world, joints } = buildScene(scene, { solver: 'direct', sleeping: false });
    for (let i = 0; i < 60; i++) world.step(scene.dt);
    const g = 9.81, P = 20 * g, L = 10;
    let moment = P * 5 * 25 / (L * L);
    for (let i = 0; i < 10; i++) moment += (P * (i + 0.5) * (L - i - 0.5) ** 2) / (L * L);
    const ends = joints.slice(-2);
    for (const end of ends) {
      expect(Math.abs(end.getForceMagnitude() - (11 * P) / 2) / ((11 * P) / 2)).toBeLessThan(1e-3);
      expect(Math.abs(end.getTorqueMagnitude() - moment) / moment).toBeLessThan(0.02);
    }
    expect(world.getMaxLinearError()).toBeLessThan(1e-9);
  });

  it('iterative rows on bodies it holds carry their load: a chassis on wheel springs over pinned wheels sinks m g / 2k, a braking motor holds', () => {
    // the wheels pinned to the world by hinges (held exactly), the chassis on them by iterative rows: its
    // springs' stiffness is what holds it up, and the light wheels must pass their load to the pins
    const sink = (solver: 'direct' | 'iterative', attach: (world: World, chassis: Body, wheel: Body, x: number) => void) => {
      const world = new World({ solver });
      world.sleeping = false;
      const chassis = world.createBody({ position: [0, 1, 0], mass: 100, inertia: [10, 10, 10] });
      for (const x of [-1, 1]) {
        const wheel = world.createBody({ position: [x, 0.5, 0], mass: 1, inertia: [0.1, 0.1, 0.1] });
        world.createHingeJoint({ bodyA: world.ground, bodyB: wheel, anchor: [x, 0.5, 0], axis: [0, 0, 1] });
        attach(world, chassis, wheel, x);
      }
      for (let i = 0; i < 600; i++) world.step(1 / 60);
      return 1 - chassis.position[1];
    };
    const expected = (100 * 9.81) / (2 * 10000);
    const spring = { stiffness: 10000, damping: 2000 };
    const wheels = (world: World, chassis: Body, wheel: Body, x: number) => {
      world.createWheelJoint({ bodyA: chassis, bodyB: wheel, anchor: [x, 0.5, 0], axis: [0, 0, 1], suspensionAxis: [0, 1, 0], suspension: spring });
    };
    const servos = (world: World, chassis: Body, wheel: Body, x: number) => {
      world.createPrismaticJoint({ bodyA: chassis, bodyB: wheel, anchor: [x, 0.5, 0], axis: [0, 1, 0], servo: { target: 0, ...spring } });
    };
    const brakes = (world: World, chassis: Body, wheel: Body, x: number) => {
      world.createPrismaticJoint({ bodyA: chassis, bodyB: wheel, anchor: [x, 0.5, 0], axis: [0, 1, 0], motor: { speed: 0, maxForce: 10000 } });
    };
    expect(Math.abs(sink('direct', wheels) - expected)).toBeLessThan(1e-6);
    expect(Math.abs(sink('direct', servos) - expected)).toBeLessThan(1e-6);
    // (the iterative solver's pins sag under the load too: 3.5 mm)
    expect(Math.abs(sink('iterative', wheels) - expected)).toBeLessThan(5e-3);
    expect(sink('direct', brakes)).toBeLessThan(5e-3);
  });

  it('a redundant loop (two welds across the same pair) gives no NaN and holds', () => {
    const world = new World({ solver: 'direct' });
    const a = world.createBody({ position: [0, -1, 0] });
    const b = world.createBody({ position: [0, -2, 0] });
    world.createWeldJoint({ bodyA: a, anchor: [0, -0.5, 0] });
    world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0, -1.5, 0] });
    world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.3, -1.5, 0] }); // the same six rows again
    world.createBallJoint({ bodyA: b, anchor: [0, -2.5, 0] }); // and a loop through the world
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    for (const body of world.bodies) for (const v of [...body.position, ...body.linearVelocity]) expect(Number.isFinite(v)).toBe(true);
    expect(world.getMaxLinearError()).toBeLessThan(1e-6);
    expect(Math.abs(b.position[1] + 2)).toBeLessThan(1e-6);
  });

  it('removing a body or a joint between steps rebuilds the forest', () => {
    const world = new World({ solver: 'direct' });
    const links: Body[] = [];
    for (let i = 0; i < 5; i++) links.push(world.createBody({ position: [i + 0.5, 0, 0] }));
    world.createBallJoint({ bodyA: links[0], anchor: [0, 0, 0] });
    for (let i = 1; i < 5; i++) world.createBallJoint({ bodyA: links[i - 1], bodyB: links[i], anchor: [i, 0, 0] });
    world.step(1 / 60);
    expect(world.directJoints).toHaveLength(5);
    world.removeBody(links[2]); // takes two joints with it
    world.step(1 / 60);
    expect(world.directJoints).toHaveLength(3);
    world.removeJoint(world.joints[0]);
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(world.directJoints).toHaveLength(2);
    expect(world.getMaxLinearError()).toBeLessThan(1e-6);
  });

  it('a link of a chain made kinematic and stopped holds the links on both sides (the forest is built anew)', () => {
    // setType kept the awake bodies and joints the same, so the forest was not rebuilt and still held the
    // link as a dynamic body: the chain came apart by 0.42 m
    const world = new World({ solver: 'direct' });
    const links: Body[] = [];
    for (let i = 0; i < 5; i++) links.push(world.createBody({ position: [i + 0.5, 5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.1, 0.1] }] }));
    world.createBallJoint({ bodyA: links[0], anchor: [0, 5, 0] });
    for (let i = 1; i < 5; i++) world.createBallJoint({ bodyA: links[i - 1], bodyB: links[i], anchor: [i, 5, 0] });
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    links[2].setType('kinematic');
    links[2].setLinearVelocity([0, 0, 0]);
    links[2].setAngularVelocity([0, 0, 0]);
    const held = Array.from(links[2].position);
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(Array.from(links[2].position)).toEqual(held);
    expect(world.directJoints).toHaveLength(5);
    expect(world.getMaxLinearError()).toBeLessThan(1e-6);
  });

  it('snapshots continue bit for bit with the direct solver', () => {
    const scene = heavyEndChain(10, 100);
    const { world } = buildScene(scene, { solver: 'direct' });
    for (let i = 0; i < 100; i++) world.step(scene.dt);
    const snapshot = JSON.parse(JSON.stringify(world.snapshot()));
    for (let i = 0; i < 100; i++) world.step(scene.dt);
    const restored = World.restore(snapshot);
    expect(restored.solver).toBe('direct');
    for (let i = 0; i < 100; i++) restored.step(scene.dt);
    expect(restored.hash()).toBe(world.hash());
  });

  it('a world made with the direct solver takes 4 substeps, as the iterative solver, unless told otherwise; switching keeps the count', () => {
    expect(new World().substeps).toBe(4);
    expect(new World({ solver: 'direct' }).substeps).toBe(4);
    expect(new World({ solver: 'direct', substeps: 2 }).substeps).toBe(2);
    const world = new World({ substeps: 3 });
    world.solver = 'direct';
    expect(world.substeps).toBe(3);
  });

  it('rejects an unknown solver by name', () => {
    expect(() => new World({ solver: 'exact' as never })).toThrow(/solver must be 'iterative' or 'direct', got "exact"/);
  });
});

describe('direct tree solver: limits, ropes and energy', () => {
  it('a rope created too long comes back to its length without gaining energy (its bounds are held as limit rows)', () => {
    // two free 1 kg cubes of 0.1 m, tumbling, tied by a rope of 1.5 m between points 0.5 m off their
    // centres; the points start 2.2 m apart. A velocity bias pulling them back turns into spin of these
    // small inertias: before the bounds were held this way (and with the iterative solver) the energy
    // rose 57 % and the rope stayed 3.5 mm long.
    const world = new World({ solver: 'direct', gravity: [0, 0, 0] });
    const cube = (x: number, spin: number[]) =>
      world.createBody({ position: [x, 0, 0], mass: 1, inertia: boxInertia(1, [0.05, 0.05, 0.05]), linearVelocity: [0, 0.5, 0], angularVelocity: spin });
    const a = cube(0, [0.3, 2, -1]);
    const b = cube(2, [-1, 0.5, 3]);
    const rope = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0.3, -0.5, 0.2], anchorB: [2.2, 0.5, -0.3], minLength: 0, maxLength: 1.5 });
    expect(rope.getCurrentLength()).toBeCloseTo(2.2, 2);
    const start = world.getEnergy();
    let most = start, longest = 0;
    for (let step = 0; step < 600; step++) {
      world.step(1 / 60);
      most = Math.max(most, world.getEnergy());
      // corrected on the poses, at most MAX_LIMIT_CORRECTION (0.14 m) per step: back within 5 steps
      if (step >= 10) longest = Math.max(longest, rope.getCurrentLength());
    }
    expect(rope.directLimits).toBe(true);
    expect(longest).toBeLessThan(1.5 + 1e-6);
    expect(most).toBeLessThanOrEqual(start * (1 + 1e-9));
  });

  it('a rope between two trees holds them as one group, whichever order they were made in', () => {
    // three hanging chains of hinged links; a rope of 1 m ties the first chain's end to the third's,
    // 2 m apart, and the chains swing toward each other. The rope's row couples the first and third
    // trees (one group: each of its rows is solved over both), the second tree is a group of its own.
    // Made in this order, the groups' nodes are laid out group by group (the first and third trees
    // together), and a wrong layout throws. (Sleeping off: the second chain, at rest, would fall asleep
    // and leave the forest.)
    const world = new World({ solver: 'direct', sleeping: false });
    const ends: Body[] = [];
    for (const x of [0, 1, 2]) {
      let previous: Body = world.ground;
      for (let i = 0; i < 3; i++) {
        const link = world.createBody({ position: [x, -0.5 - i, 0], mass: 1, inertia: boxInertia(1, [0.05, 0.5, 0.05]) });
        world.createHingeJoint({ bodyA: previous, bodyB: link, anchor: [x, -i, 0], axis: [0, 0, 1], lowerAngle: -0.6, upperAngle: 0.6 });
        previous = link;
      }
      ends.push(previous);
    }
    const rope = world.createDistanceJoint({ bodyA: ends[0], bodyB: ends[2], anchorA: [0, -3, 0], anchorB: [2, -3, 0], minLength: 0, maxLength: 1 });
    let longest = 0, worstLimit = 0;
    for (let step = 0; step < 240; step++) {
      world.step(1 / 60);
      if (step >= 20) longest = Math.max(longest, rope.getCurrentLength());
      for (const joint of world.joints) {
        if (joint === rope) continue;
        const hinge = joint as HingeJoint;
        worstLimit = Math.max(worstLimit, hinge.lowerAngle - hinge.getAngle(), hinge.getAngle() - hinge.upperAngle);
      }
    }
    expect(world.joints.every((joint) => joint.directLimits)).toBe(true);
    // pulled in from 2 m, corrected at most 0.14 m a step: back within 1 m after 20 steps, and held
    expect(longest).toBeLessThan(1 + 1e-6);
    expect(worstLimit).toBeLessThan(1e-6);
    expect(world.getMaxLinearError()).toBeLessThan(1e-6);
  });

  it('limits in a loop hold (a limited hinge closing a loop through the world, under gravity)', () => {
    // a hinged ladder: two arms from the ground joined by a bar, one arm's hinge limited to [−0.2, 0.2]
    const world = new World({ solver: 'direct' });
    const arm = (x: number) => world.createBody({ position: [x, -0.5, 0], mass: 1, inertia: boxInertia(1, [0.05, 0.5, 0.05]) });
    const left = arm(0), right = arm(1);
    const bar = world.createBody({ position: [0.5, -1, 0], mass: 5, inertia: boxInertia(5, [0.5, 0.05, 0.05]), linearVelocity: [3, 0, 0] });
    const limited = world.createHingeJoint({ bodyA: world.ground, bodyB: left, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: -0.2, upperAngle: 0.2 });
    world.createHingeJoint({ bodyA: world.ground, bodyB: right, anchor: [1, 0, 0], axis: [0, 0, 1] });
    world.createHingeJoint({ bodyA: left, bodyB: bar, anchor: [0, -1, 0], axis: [0, 0, 1] });
    world.createHingeJoint({ bodyA: right, bodyB: bar, anchor: [1, -1, 0], axis: [0, 0, 1] }); // closes the loop
    // (before limits in loops were held: 0.10 rad past the bound; the iterative solver 0.031 rad)
    let worst = 0, gap = 0, reached = 0;
    for (let step = 0; step < 300; step++) {
      world.step(1 / 60);
      const angle = limited.getAngle();
      reached = Math.max(reached, Math.abs(angle));
      worst = Math.max(worst, limited.lowerAngle - angle, angle - limited.upperAngle);
      gap = Math.max(gap, world.getMaxLinearError());
    }
    expect(world.directJoints).toHaveLength(4); // three in the forest, one closing the loop
    expect(limited.directLimits).toBe(true);
    expect(reached).toBeGreaterThan(0.199); // the 3 m/s push swings it onto a bound
    expect(worst).toBeLessThan(2e-6);
    expect(gap).toBeLessThan(2e-6); // the projection's tolerance: 1e-6 a row, 1.7e-6 m a gap
  });
});
