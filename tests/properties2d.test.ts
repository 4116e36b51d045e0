// Property-based robustness of the 2D world (fast-check), mirroring tests/properties.test.ts: random
// planar scenes of every 2D joint type never produce NaN or Infinity, extreme inputs stay finite, and
// with the direct solver passive jointed systems never gain energy. (With the default iterative solver
// they can, in 2D as in 3D: docs/determinism-and-snapshots.md, "Known limit". That is not claimed.)

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World2D, type Body2D, type Joint2D } from '../lib/2d/index.js';
import { energyAfterSettling, stepsStayFinite } from './helpers.js';

const JOINT_TYPES = ['revolute', 'limitedRevolute', 'motorRevolute', 'frictionRevolute', 'springRevolute', 'weld', 'springWeld', 'angle'] as const;
type JointType = (typeof JOINT_TYPES)[number];

interface BodySpec {
  mass: number;
  half: [number, number];
  position: [number, number];
  angle: number;
  velocity: [number, number];
  spin: number;
}
interface JointSpec {
  type: JointType;
  /** Parent index (−1: the world) for tree joints; both ends for loop joints. */
  a: number;
  b: number;
  /** Anchor as a blend of the two bodies' centres plus an offset (0: at a centre, a zero lever arm). */
  blend: number;
  offset: [number, number];
}
interface SceneSpec {
  bodies: BodySpec[];
  tree: JointSpec[];
  loops: JointSpec[];
  dt: number;
  removals: readonly { step: number; what: 'body' | 'joint'; index: number }[];
}

const vector = (scale: number) => fc.tuple(fc.double({ min: -scale, max: scale, noNaN: true }), fc.double({ min: -scale, max: scale, noNaN: true }));

const bodyArbitrary = fc.record({
  mass: fc.double({ min: -3, max: 3, noNaN: true }).map((e) => 10 ** e), // 1e-3 .. 1e3 kg
  half: fc.tuple(fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true })),
  position: vector(3),
  angle: fc.double({ min: -3, max: 3, noNaN: true }),
  velocity: vector(5),
  spin: fc.double({ min: -5, max: 5, noNaN: true }),
});

const jointArbitrary = (count: number, loop: boolean) =>
  fc.record({
    type: fc.constantFrom(...JOINT_TYPES),
    a: fc.integer({ min: 0, max: count - 1 }),
    b: fc.integer({ min: loop ? 0 : -1, max: count - 1 }),
    blend: fc.constantFrom(0, 0.5, 1, 0.3),
    offset: fc.oneof(fc.constant<[number, number]>([0, 0]), vector(0.5)),
  });

const sceneArbitrary = fc.integer({ min: 2, max: 10 }).chain((count) =>
  fc.record({
    bodies: fc.array(bodyArbitrary, { minLength: count, maxLength: count }),
    tree: fc.array(jointArbitrary(count, false), { minLength: count, maxLength: count }),
    loops: fc.array(jointArbitrary(count, true), { maxLength: 3 }),
    dt: fc.double({ min: 1 / 240, max: 1 / 30, noNaN: true }),
    removals: fc.array(fc.record({ step: fc.integer({ min: 0, max: 199 }), what: fc.constantFrom('body' as const, 'joint' as const), index: fc.nat() }), { maxLength: 4 }),
  }),
);

/** A box's moment of inertia about its centre: m (w² + h²) / 3 for half extents w, h. */
const boxInertia2D = (mass: number, [w, h]: [number, number]) => (mass * (w * w + h * h)) / 3;

/** What each joint type becomes in a passive scene: motors, friction and springs go (as in 3D). */
const PASSIVE: Record<JointType, JointType> = {
  revolute: 'revolute', limitedRevolute: 'limitedRevolute', motorRevolute: 'revolute', frictionRevolute: 'revolute',
  springRevolute: 'revolute', weld: 'weld', springWeld: 'weld', angle: 'angle',
};

function build(spec: SceneSpec, world: World2D, passive = false): { bodies: Body2D[]; joints: Joint2D[] } {
  const bodies = spec.bodies.map((b) =>
    world.createBody({ position: b.position, angle: b.angle, mass: b.mass, inertia: boxInertia2D(b.mass, b.half), linearVelocity: b.velocity, angularVelocity: b.spin }),
  );
  const joints: Joint2D[] = [];
  const add = (j: JointSpec, bodyA: Body2D, bodyB: Body2D | undefined) => {
    const pb = bodyB ? bodyB.position : bodyA.position;
    const anchor = [0, 1].map((k) => bodyA.position[k] * (1 - j.blend) + pb[k] * j.blend + j.offset[k]);
    const common = { bodyA, bodyB };
    switch (passive ? PASSIVE[j.type] : j.type) {
      case 'revolute': return joints.push(world.createRevoluteJoint({ ...common, anchor }));
      case 'limitedRevolute': return joints.push(world.createRevoluteJoint({ ...common, anchor, lowerAngle: -0.5, upperAngle: 0.3 }));
      case 'motorRevolute': return joints.push(world.createRevoluteJoint({ ...common, anchor, motor: { speed: 3, maxForce: 50 } }));
      case 'frictionRevolute': return joints.push(world.createRevoluteJoint({ ...common, anchor, frictionTorque: 1 }));
      case 'springRevolute': return joints.push(world.createRevoluteJoint({ ...common, anchor, hertz: 3, dampingRatio: 0.1 }));
      case 'weld': return joints.push(world.createWeldJoint({ ...common, anchor }));
      case 'springWeld': return joints.push(world.createWeldJoint({ ...common, anchor, hertz: 5, dampingRatio: 0.5 }));
      case 'angle': return joints.push(world.createAngleJoint(common));
    }
  };
  // a tree: body i hangs from an earlier body or the world
  for (let i = 0; i < bodies.length; i++) {
    const j = spec.tree[i];
    add(j, bodies[i], i === 0 || j.b < 0 ? undefined : bodies[j.b % i]);
  }
  // loops: joints between bodies the tree already connects
  for (const j of spec.loops) if (j.a !== j.b) add(j, bodies[j.a], bodies[j.b]);
  return { bodies, joints };
}

/** The largest energy over 1000 steps after half a second of settling, gravity off, passive joints. */
function passiveEnergyGain2D(spec: SceneSpec, options: ConstructorParameters<typeof World2D>[0] = {}): { most: number; start: number } {
  const world = new World2D({ gravity: [0, 0], ...options });
  build(spec, world, true);
  return energyAfterSettling(world, spec.dt);
}

function allFinite(world: World2D): boolean {
  for (const body of world.bodies) {
    const values = [body.position[0], body.position[1], body.angle, body.linearVelocity[0], body.linearVelocity[1], body.angularVelocity];
    for (const value of values) if (!Number.isFinite(value)) return false;
  }
  for (const joint of world.joints) if (!Number.isFinite(joint.getForceMagnitude()) || !Number.isFinite(joint.getTorqueMagnitude())) return false;
  return true;
}

describe('random 2D scenes of every joint type', () => {
  it('never produce NaN or Infinity (masses 1e-3..1e3, trees and loops, springs and motors, dt 1/240..1/30, removals between steps, either solver)', () => {
    fc.assert(
      fc.property(sceneArbitrary, fc.constantFrom('iterative' as const, 'direct' as const), (spec, solver) => {
        const world = new World2D({ solver });
        build(spec, world);
        return stepsStayFinite(world, spec.removals, spec.dt, 200, allFinite);
      }),
      { numRuns: 400, seed: 20261123, endOnFailure: true },
    );
  }, 60_000);
});

describe('passive 2D jointed systems never gain energy with the direct solver', () => {
  // Every passive joint type (motors, friction and springs go: PASSIVE), scenes of one type or of the
  // generated mix, gravity off, measured after half a second of settling. Measured on 90 scenes per type
  // (seeds 3, 5, 7) and 30 more (seed 11): the largest gain of any was 3e-16 of the energy; the soft step
  // gains more than 1 % in 19 of the 150 of seed 11 (docs/determinism-and-snapshots.md, "Known limit").
  const passiveTypes = ['mixed', 'revolute', 'limitedRevolute', 'weld', 'angle'] as const;
  it('random trees and loops of every joint type, limits included (masses 1e-3..1e3, dt 1/240..1/30): under 1 % over 1000 steps', () => {
    fc.assert(
      fc.property(sceneArbitrary, fc.constantFrom(...passiveTypes), (spec, type) => {
        const scene = type === 'mixed' ? spec : { ...spec, tree: spec.tree.map((j) => ({ ...j, type })), loops: spec.loops.map((j) => ({ ...j, type })) };
        const { most, start } = passiveEnergyGain2D(scene, { solver: 'direct' });
        return most - start <= 0.01 * Math.max(start, 1e-6);
      }),
      { numRuns: 40, seed: 20261123, endOnFailure: true },
    );
  }, 120_000);
});

describe('a scene the 2D property found', () => {
  // Seed 20261123, run 212 (its numbers rounded to 6 digits, those below 1e-9 to 0): eight bodies, two of
  // 1e-3 kg, most created at the origin, a weld and a friction hinge closing loops; after a body and a
  // joint are removed (steps 31 and 37) the warm-started solve diverges. The speed caps held the bodies
  // (456 m/s), but the joints' impulses grew about 14x a step, reached Infinity at step 173 and would
  // have made the velocities NaN (∞ · 0 in the speed cap). Without warm starting it stays finite. The
  // guard: JointCore's MAX_JOINT_IMPULSE.
  const spec: SceneSpec = {"bodies": [{"mass": 0.001, "half": [0.195374, 0.0715785], "position": [-3, 0], "angle": 0, "velocity": [0, 0], "spin": 0}, {"mass": 1, "half": [0.0721272, 0.144249], "position": [0, 0], "angle": 0, "velocity": [0, -5], "spin": 0}, {"mass": 1, "half": [0.116877, 0.05], "position": [0, 0], "angle": 0, "velocity": [0, 0], "spin": 0}, {"mass": 0.001, "half": [0.0518031, 0.10211], "position": [0, 0], "angle": 0, "velocity": [0, 0], "spin": 0}, {"mass": 1.00396, "half": [0.0624345, 0.18245], "position": [0, 0], "angle": 0, "velocity": [0, 0], "spin": 0}, {"mass": 1, "half": [0.168401, 0.549762], "position": [0, 0], "angle": 0, "velocity": [0, 0], "spin": 0}, {"mass": 1, "half": [0.269539, 0.819994], "position": [0, 0], "angle": 0, "velocity": [0, 0], "spin": -0.0263178}, {"mass": 1, "half": [0.0646757, 0.05], "position": [0, 0], "angle": 0, "velocity": [0, 0], "spin": 0}], "tree": [{"type": "springRevolute", "a": 2, "b": 1, "blend": 0.5, "offset": [0, 0]}, {"type": "angle", "a": 7, "b": 5, "blend": 1, "offset": [0, 0]}, {"type": "revolute", "a": 5, "b": 1, "blend": 1, "offset": [0, 0]}, {"type": "revolute", "a": 5, "b": 0, "blend": 0.5, "offset": [0, 0]}, {"type": "limitedRevolute", "a": 6, "b": 0, "blend": 0, "offset": [0, -0.5]}, {"type": "motorRevolute", "a": 0, "b": 1, "blend": 0.3, "offset": [0, 0]}, {"type": "frictionRevolute", "a": 0, "b": -1, "blend": 0.5, "offset": [0, 0]}, {"type": "revolute", "a": 5, "b": 0, "blend": 0.5, "offset": [0.5, 0]}], "loops": [{"type": "weld", "a": 5, "b": 6, "blend": 1, "offset": [0, 0]}, {"type": "frictionRevolute", "a": 1, "b": 0, "blend": 1, "offset": [0, 0]}], "dt": 0.0185749, "removals": [{"step": 37, "what": "joint", "index": 1568982797}, {"step": 31, "what": "body", "index": 776231740}]};
  it('stays finite for 600 steps, and its joints\' impulses stay below the guard', () => {
    const world = new World2D();
    build(spec, world);
    for (let step = 0; step < 600; step++) {
      for (const removal of spec.removals) {
        if (removal.step !== step) continue;
        if (removal.what === 'body') world.removeBody(world.bodies[removal.index % world.bodies.length]);
        else world.removeJoint(world.joints[removal.index % world.joints.length]);
      }
      world.step(spec.dt);
      expect(allFinite(world)).toBe(true);
    }
    for (const joint of world.joints) expect(joint.getForceMagnitude() * spec.dt).toBeLessThan(1e14);
  });
});

describe('extreme 2D inputs stay finite', () => {
  it.each(['iterative', 'direct'] as const)('1e6 mass ratios, coincident anchors, zero lever arms, 1e4 m/s, redundant joints and a body of 1e-12 kg·m² pinned at its centre (%s solver)', (solver) => {
    const world = new World2D({ solver });
    const ground = world.createBody({ type: 'static' });
    const heavy = world.createBody({ position: [0, -1], mass: 1e6, inertia: 1e6 });
    const light = world.createBody({ position: [0, -2], mass: 1, inertia: 1, linearVelocity: [1e4, 0], angularVelocity: 1e3 });
    const chain: Body2D[] = [light];
    for (let i = 0; i < 20; i++) chain.push(world.createBody({ position: [0, -3 - i], mass: i % 2 === 0 ? 1e-3 : 1e3, inertia: 1e-3 }));
    world.createRevoluteJoint({ bodyA: ground, bodyB: heavy, anchor: [0, 0] });
    world.createRevoluteJoint({ bodyA: heavy, bodyB: light, anchor: [0, -2] }); // at light's centre: zero lever arm
    for (let i = 1; i < chain.length; i++) world.createWeldJoint({ bodyA: chain[i - 1], bodyB: chain[i], anchor: chain[i].position });
    // a redundant pair: two revolute joints at the same point between the same bodies, and an angle
    // joint on top of a weld
    world.createRevoluteJoint({ bodyA: chain[3], bodyB: chain[4], anchor: chain[4].position });
    world.createAngleJoint({ bodyA: chain[5], bodyB: chain[6] });
    // a body with almost no rotational inertia (2D refuses 0) pinned at its centre to the ground
    const point = world.createBody({ position: [5, 0], mass: 1, inertia: 1e-12, angularVelocity: 10 });
    world.createRevoluteJoint({ bodyA: ground, bodyB: point, anchor: [5, 0] });
    for (let step = 0; step < 600; step++) {
      world.step(1 / 60);
      expect(allFinite(world)).toBe(true);
    }
  });
});

export { sceneArbitrary as sceneArbitrary2D, build as buildScene2D, passiveEnergyGain2D };
