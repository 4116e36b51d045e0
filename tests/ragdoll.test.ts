// The ragdoll builder: realistic segments, and a shoved ragdoll hanging from its head comes to rest
// within 3 s without any joint leaving its range.

import { describe, expect, it } from 'vitest';
import { BallJoint, HingeJoint, World, createRagdoll, RAGDOLL_MASS_FRACTIONS, type Joint, type Ragdoll } from '../lib/index.js';
import { buildScene, ragdollPile } from '../lib/scenes/index.js';
import { seededRandom } from './helpers.js';

/** How far each joint (a ragdoll's, or any list of ball and hinge joints) is outside its limits now, rad (0 inside). */
function limitViolation(ragdoll: Ragdoll | readonly Joint[]): number {
  let worst = 0;
  for (const joint of 'jointList' in ragdoll ? ragdoll.jointList : ragdoll) {
    if (joint instanceof BallJoint) {
      const [lower, upper] = joint.twistLimit;
      const twist = joint.getTwistAngle();
      worst = Math.max(worst, -joint.getSwingMargin(), lower - twist, twist - upper);
    } else if (joint instanceof HingeJoint) {
      const angle = joint.getAngle();
      worst = Math.max(worst, joint.lowerAngle - angle, angle - joint.upperAngle);
    }
  }
  return worst;
}

describe('ragdoll', () => {
  it('has 16 segments with de Leva masses summing to the total, 15 joints with limits', () => {
    const world = new World();
    const ragdoll = createRagdoll(world, { mass: 80, height: 1.75 });
    expect(ragdoll.bodyList).toHaveLength(16);
    expect(ragdoll.jointList).toHaveLength(15);
    const total = ragdoll.bodyList.reduce((sum, body) => sum + body.mass, 0);
    expect(total).toBeCloseTo(80, 9);
    expect(ragdoll.bodies.thighLeft.mass).toBeCloseTo(80 * RAGDOLL_MASS_FRACTIONS.thigh, 12);
    expect(ragdoll.bodies.handRight.mass).toBeCloseTo(80 * RAGDOLL_MASS_FRACTIONS.hand, 12);
    // no clamping: the hand is 26 times lighter than the upper trunk, as in the table
    expect(ragdoll.bodies.upperTrunk.mass / ragdoll.bodies.handLeft.mass).toBeCloseTo(0.1596 / 0.0061, 9);
    expect(ragdoll.joints.kneeLeft.type).toBe('hinge');
    expect(ragdoll.joints.hipLeft.type).toBe('ball');
    expect(ragdoll.headTop[1]).toBeCloseTo(1.75, 12);
    // standing pose: every joint at rest inside its range
    expect(limitViolation(ragdoll)).toBeLessThanOrEqual(1e-12);
    expect(world.getMaxLinearError()).toBeLessThan(1e-12);
  });

  it.each(['iterative', 'direct'] as const)('hanging from its head after a shove, it settles (speed < 1 cm/s) within 3 s with every joint inside its limits (%s solver)', (solver) => {
    const world = new World({ solver });
    const ragdoll = createRagdoll(world);
    world.createBallJoint({ bodyA: world.ground, bodyB: ragdoll.bodies.head, anchor: ragdoll.headTop, frictionTorque: 20 });
    const random = seededRandom(2024);
    const r = () => random() * 2 - 1;
    for (const body of ragdoll.bodyList) {
      body.setAngularVelocity([r(), r(), r()]);
      body.setLinearVelocity([0.3 * r(), 0.3 * r(), 0.3 * r()]);
    }
    let stillSince = Infinity, worstLimit = 0, worstGap = 0;
    for (let step = 1; step <= 300; step++) {
      world.step(1 / 60);
      // the speed of each segment's far end: |v| + |ω| · 0.25 m
      let fastest = 0;
      for (const body of ragdoll.bodyList) {
        const v = body.linearVelocity, w = body.angularVelocity;
        fastest = Math.max(fastest, Math.hypot(v[0], v[1], v[2]) + 0.25 * Math.hypot(w[0], w[1], w[2]));
      }
      if (fastest >= 0.01) stillSince = Infinity;
      else if (stillSince === Infinity) stillSince = step / 60;
      worstLimit = Math.max(worstLimit, limitViolation(ragdoll));
      worstGap = Math.max(worstGap, world.getMaxLinearError());
    }
    expect(stillSince).toBeLessThan(3);
    // Measured: iterative 5.2e-4 rad; direct 1e-10 rad (its limits held through the forest, past-bound
    // rows corrected on the poses; before that 6.2e-4, and 5.4e-3 when its limits were iterative)
    expect(worstLimit).toBeLessThan(solver === 'direct' ? 1e-6 : 2e-3);
    expect(worstGap).toBeLessThan(0.01);
  });

  it('ten ragdolls dropped in a heap keep every joint inside its limits with the direct solver (each ragdoll its own budget of limit rows)', () => {
    const { world } = buildScene(ragdollPile(), { solver: 'direct', sleeping: false });
    let worst = 0;
    for (let step = 1; step <= 180; step++) {
      world.step(1 / 60);
      worst = Math.max(worst, limitViolation(world.joints));
    }
    // every limit is held through the forest: about 80 rows near their bound once the heap has settled,
    // each ragdoll's well within its budget of 48
    expect(world.joints.every((joint) => joint.limitRowCount === 0 || joint.directLimits)).toBe(true);
    // Measured at 4 substeps: 1.8e-6 rad (at 2, 7e-7). With one budget of 48 rows for the whole forest,
    // every limit went back to the joints' own sweeps once the heap settled, and limbs sank past their
    // limits: 0.05 rad by step 120, 0.40 rad by step 600. Before the projection took in a limit crossed
    // within a substep (a limb struck hard: a twist went 0.55 rad in 1/120 s), such a crossing was left for
    // the next steps: 0.25 rad at the end of the step it happened in. And before it took in a limit its own
    // pass carried a body across (a hand moved with its arm, whose joints had drifted 4 cm in an impact),
    // a wrist ended the step 2.1e-3 rad outside its cone.
    expect(worst).toBeLessThan(1e-4);
  });

  it('a ragdoll dropped on the ground comes to rest with the direct solver (its contacts are swept after the exact solve)', () => {
    const { world } = buildScene(ragdollPile({ count: 1 }), { solver: 'direct', sleeping: false });
    for (let step = 0; step < 600; step++) world.step(1 / 60);
    const energy = world.bodies.reduce((sum, body) => sum + (body.isDynamic ? body.getKineticEnergy() : 0), 0);
    // Measured: 5e-7 J after 10 s. With the exact solve after the contacts in each sweep it slid along the
    // ground at 2 cm/s for ever (0.016 J): the solve passed part of each friction impulse on through the tree
    expect(energy).toBeLessThan(1e-5);
    expect(world.getMaxLinearError()).toBeLessThan(1e-6);
  });

  it('a heap of three ragdolls comes to rest with the direct solver and stays put (sleeping off): no limb slides on the ground', () => {
    const { world, bodies } = buildScene(ragdollPile({ count: 3 }), { solver: 'direct', sleeping: false });
    const dynamic = bodies.filter((body) => body.isDynamic);
    for (let step = 0; step < 600; step++) world.step(1 / 60);
    const before = dynamic.map((body) => Array.from(body.position));
    for (let step = 0; step < 300; step++) world.step(1 / 60);
    const moved = Math.max(...dynamic.map((body, i) => Math.hypot(...body.position.map((x, k) => x - before[i][k]))));
    const energy = dynamic.reduce((sum, body) => sum + body.getKineticEnergy(), 0);
    // Measured: 5e-9 m in the last 5 s, 6e-13 J. With the joints' friction rows solved again after the
    // contacts (with the limits), a hand on the ground slid 9.7 mm in those 5 s (3e-5 J): each of those
    // solves moved it through the tree, undoing the contacts' friction
    expect(moved).toBeLessThan(1e-5);
    expect(energy).toBeLessThan(1e-9);
  });

  it('turned by an orientation, it is the same ragdoll: joints at rest inside their ranges, head top where R puts it', () => {
    const world = new World();
    const q = [0.3, -0.5, 0.2, 0.7858];
    const n = Math.hypot(...q);
    const ragdoll = createRagdoll(world, { position: [1, 2, 3], orientation: q.map((v) => v / n), height: 1.75 });
    expect(limitViolation(ragdoll)).toBeLessThanOrEqual(1e-12);
    expect(world.getMaxLinearError()).toBeLessThan(1e-12);
    expect(world.getMaxAngularError()).toBeLessThan(1e-12);
    const top = ragdoll.headTop, feet = [1, 2, 3];
    expect(Math.hypot(top[0] - feet[0], top[1] - feet[1], top[2] - feet[2])).toBeCloseTo(1.75, 12);
    expect(() => createRagdoll(world, { orientation: [0, 0, 0, 0] })).toThrow(/createRagdoll: orientation/);
  });

  it('rejects bad options, naming the value', () => {
    const world = new World();
    expect(() => createRagdoll(world, { mass: -75 })).toThrow(/createRagdoll: mass must be a finite number > 0, got -75/);
    expect(() => createRagdoll(world, { height: NaN })).toThrow(/height must be a finite number > 0, got NaN/);
    expect(() => createRagdoll(world, { position: [0, 1] })).toThrow(/position must be an array of 3 numbers/);
    expect(world.bodies).toHaveLength(0);
  });
});

describe('ragdoll filter groups belong to the world', () => {
  const build = (): World => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [10, 0.5, 10] }], position: [0, -0.5, 0] });
    createRagdoll(world, { position: [0, 0.2, 0] });
    createRagdoll(world, { position: [0.1, 2.2, 0] });
    return world;
  };

  it('the same scene built twice in one process hashes and snapshots the same', () => {
    const a = build(), b = build();
    expect(b.hash()).toBe(a.hash());
    expect(JSON.stringify(b.snapshot())).toBe(JSON.stringify(a.snapshot()));
    for (let i = 0; i < 30; i++) { a.step(1 / 60); b.step(1 / 60); }
    expect(b.hash()).toBe(a.hash());
  });

  it('a ragdoll made after restoring a saved world collides with the saved ragdoll', () => {
    const saved = new World();
    saved.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [10, 0.5, 10] }], position: [0, -0.5, 0] });
    createRagdoll(saved, { position: [0, 0.2, 0], orientation: [-Math.SQRT1_2, 0, 0, Math.SQRT1_2] });
    const restored = World.restore(JSON.parse(JSON.stringify(saved.snapshot())));
    const savedGroup = restored.bodies[1].shapes[0].group;
    const second = createRagdoll(restored, { position: [0, 1.2, 0], orientation: [-Math.SQRT1_2, 0, 0, Math.SQRT1_2] });
    expect(second.bodyList[0].shapes[0].group).not.toBe(savedGroup);
    expect(second.bodyList[0].shapes[0].group).toBeLessThan(0);
    const firstBodies = new Set(restored.bodies.slice(1, 17));
    let between = 0;
    for (let i = 0; i < 60; i++) {
      restored.step(1 / 60);
      for (const c of restored.contacts) if (firstBodies.has(c.bodyA as never) !== firstBodies.has(c.bodyB as never) && c.bodyA !== restored.bodies[0] && c.bodyB !== restored.bodies[0]) between++;
    }
    expect(between).toBeGreaterThan(0);
  });

  it('world.createFilterGroup hands out groups no shape has, and refuses a group with selfCollide', () => {
    const world = new World();
    world.createBody({ shapes: [{ type: 'sphere', radius: 1, group: -7 }] });
    expect(world.createFilterGroup()).toBe(-8);
    expect(world.createFilterGroup()).toBe(-9);
    expect(() => createRagdoll(world, { selfCollide: true, group: -3 })).toThrow(/with selfCollide true give none/);
    expect(() => createRagdoll(world, { group: 2 })).toThrow(/group must be a negative integer/);
    expect(createRagdoll(world, { group: -3 }).bodyList[0].shapes[0].group).toBe(-3);
  });
});
