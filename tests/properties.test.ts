// Property-based robustness (fast-check): random scenes of every joint type never produce NaN or
// Infinity, extreme inputs stay finite, and with the direct solver passive jointed systems of every joint
// type never gain energy. (With the default iterative solver they can: random weld and hinge trees with
// long lever arms on light bodies gain energy at the stiffness cap, and limits and ropes through their
// velocity bias; docs/determinism-and-snapshots.md, "Known limit". That is not claimed.)

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World, boxInertia, type Body, type Joint, type ShapeOptions } from '../lib/index.js';
import { energyAfterSettling, stepsStayFinite } from './helpers.js';

const JOINT_TYPES = ['ball', 'limitedBall', 'hinge', 'limitedHinge', 'motorHinge', 'prismatic', 'unlimitedPrismatic', 'distance', 'rope', 'weld', 'orientation', 'springBall'] as const;
type JointType = (typeof JOINT_TYPES)[number];

interface BodySpec {
  mass: number;
  half: [number, number, number];
  position: [number, number, number];
  axisAngle: [number, number, number, number];
  velocity: [number, number, number];
  spin: [number, number, number];
}
interface JointSpec {
  type: JointType;
  /** Parent index (−1: the world) for tree joints; both ends for loop joints. */
  a: number;
  b: number;
  /** Anchor as a blend of the two bodies' centres plus an offset (0: at a centre, a zero lever arm). */
  blend: number;
  offset: [number, number, number];
  axis: [number, number, number];
}
interface SceneSpec {
  bodies: BodySpec[];
  tree: JointSpec[];
  loops: JointSpec[];
  dt: number;
  removals: readonly { step: number; what: 'body' | 'joint'; index: number }[];
}

const vector = (scale: number) => fc.tuple(fc.double({ min: -scale, max: scale, noNaN: true }), fc.double({ min: -scale, max: scale, noNaN: true }), fc.double({ min: -scale, max: scale, noNaN: true }));
const direction = vector(1).filter(([x, y, z]) => Math.hypot(x, y, z) > 0.1);

const bodyArbitrary = (decades: number) => fc.record({
  mass: fc.double({ min: -decades, max: decades, noNaN: true }).map((e) => 10 ** e), // 1e-3 .. 1e3 kg for 3 decades
  half: fc.tuple(fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true })),
  position: vector(3),
  axisAngle: fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })),
  velocity: vector(5),
  spin: vector(5),
});

const jointArbitrary = (count: number, loop: boolean) =>
  fc.record({
    type: fc.constantFrom(...JOINT_TYPES),
    a: fc.integer({ min: 0, max: count - 1 }),
    b: fc.integer({ min: loop ? 0 : -1, max: count - 1 }),
    blend: fc.constantFrom(0, 0.5, 1, 0.3),
    offset: fc.oneof(fc.constant<[number, number, number]>([0, 0, 0]), vector(0.5)),
    axis: direction,
  });

function sceneArbitrary(options: { removals: boolean; massDecades?: number; loops?: number }) {
  return fc.integer({ min: 2, max: 10 }).chain((count) =>
    fc.record({
      bodies: fc.array(bodyArbitrary(options.massDecades ?? 3), { minLength: count, maxLength: count }),
      tree: fc.array(jointArbitrary(count, false), { minLength: count, maxLength: count }),
      loops: fc.array(jointArbitrary(count, true), { maxLength: options.loops ?? 3 }),
      dt: fc.double({ min: 1 / 240, max: 1 / 30, noNaN: true }),
      removals: options.removals
        ? fc.array(fc.record({ step: fc.integer({ min: 0, max: 199 }), what: fc.constantFrom('body' as const, 'joint' as const), index: fc.nat() }), { maxLength: 4 })
        : fc.constant([]),
    }),
  );
}

function orientation([x, y, z, angle]: [number, number, number, number]): number[] {
  const length = Math.hypot(x, y, z);
  if (!(length > 1e-3)) return [Math.sin(angle / 2), 0, 0, Math.cos(angle / 2)];
  const s = Math.sin(angle / 2) / length;
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

/** A shape for body i of the spec, sized by its half extents: sphere, capsule, box or hull in turn, every
 * fifth a sensor. */
function shapeFor(b: BodySpec, i: number): ShapeOptions {
  const [x, y, z] = b.half, sensor = i % 5 === 4;
  switch (i % 4) {
    case 0: return { type: 'sphere', radius: Math.min(x, y, z), sensor };
    case 1: return { type: 'capsule', radius: Math.min(x, z), halfHeight: y, sensor };
    case 2: return { type: 'box', halfExtents: [x, y, z], sensor };
    default: {
      // a box's corners pulled in unevenly: a hull with slanted faces
      const points: number[][] = [];
      for (let k = 0; k < 8; k++) points.push([(k & 1 ? x : -x) * (k === 3 ? 0.3 : 1), (k & 2 ? y : -y) * (k === 5 ? 0.5 : 1), (k & 4 ? z : -z)]);
      return { type: 'hull', points, sensor };
    }
  }
}

function build(spec: SceneSpec, world: World, passive: boolean, withShapes = false): { bodies: Body[]; joints: Joint[] } {
  if (withShapes) world.createBody({ type: 'static', shapes: [{ type: 'plane', offset: -3 }] });
  const bodies = spec.bodies.map((b, i) =>
    world.createBody({
      position: b.position, orientation: orientation(b.axisAngle), mass: b.mass, inertia: boxInertia(b.mass, b.half),
      linearVelocity: b.velocity, angularVelocity: b.spin, shapes: withShapes ? [shapeFor(b, i)] : undefined,
    }),
  );
  const joints: Joint[] = [];
  const add = (j: JointSpec, bodyA: Body, bodyB: Body | undefined) => {
    const pb = bodyB ? bodyB.position : bodyA.position;
    const anchor = [0, 1, 2].map((k) => bodyA.position[k] * (1 - j.blend) + pb[k] * j.blend + j.offset[k]);
    const common = { bodyA, bodyB };
    let type = passive && (j.type === 'motorHinge' || j.type === 'springBall') ? 'hinge' : j.type;
    // a distance joint needs its anchors 5 mm apart or more (a ball joint holds coincident points)
    const apart = Math.hypot(anchor[0] - bodyA.position[0], anchor[1] - bodyA.position[1], anchor[2] - bodyA.position[2]);
    if ((type === 'distance' || type === 'rope') && apart < 0.01) type = 'ball';
    switch (type) {
      case 'ball': return joints.push(world.createBallJoint({ ...common, anchor }));
      case 'limitedBall': return joints.push(world.createBallJoint({ ...common, anchor, axis: j.axis, swingLimit: [0.5, 1], twistLimit: [-0.5, 0.5], frictionTorque: passive ? 0 : 1 }));
      case 'hinge': return joints.push(world.createHingeJoint({ ...common, anchor, axis: j.axis }));
      case 'limitedHinge': return joints.push(world.createHingeJoint({ ...common, anchor, axis: j.axis, lowerAngle: -0.5, upperAngle: 0.3 }));
      case 'motorHinge': return joints.push(world.createHingeJoint({ ...common, anchor, axis: j.axis, motor: { speed: 3, maxForce: 50 } }));
      case 'prismatic': return joints.push(world.createPrismaticJoint({ ...common, anchor, axis: j.axis, lowerTranslation: -0.5, upperTranslation: 0.5 }));
      case 'unlimitedPrismatic': return joints.push(world.createPrismaticJoint({ ...common, anchor, axis: j.axis }));
      case 'distance': return joints.push(world.createDistanceJoint({ ...common, anchorA: bodyA.position, anchorB: anchor }));
      case 'rope': return joints.push(world.createDistanceJoint({ ...common, anchorA: bodyA.position, anchorB: anchor, minLength: 0, maxLength: 1 + j.blend }));
      case 'weld': return joints.push(world.createWeldJoint({ ...common, anchor }));
      case 'orientation': return joints.push(world.createOrientationJoint(common));
      case 'springBall': return joints.push(world.createBallJoint({ ...common, anchor, hertz: 3, dampingRatio: 0.1 }));
    }
  };
  // a tree: body i hangs from an earlier body or the world
  for (let i = 0; i < bodies.length; i++) {
    const j = spec.tree[i];
    const parent = i === 0 || j.b < 0 ? undefined : bodies[j.b % i];
    add(j, bodies[i], parent);
  }
  // loops: joints between bodies the tree already connects
  for (const j of spec.loops) if (j.a !== j.b) add(j, bodies[j.a], bodies[j.b]);
  return { bodies, joints };
}

function allFinite(world: World): boolean {
  for (const body of world.bodies) {
    for (const array of [body.position, body.orientation, body.linearVelocity, body.angularVelocity]) {
      for (let i = 0; i < array.length; i++) if (!Number.isFinite(array[i])) return false;
    }
  }
  return true;
}

/** @internal For experiments: the largest energy over 1000 steps after half a second of settling. */
export function passiveEnergyGain(spec: SceneSpec, options: ConstructorParameters<typeof World>[0] = {}): { most: number; start: number; initial: number } {
  const world = new World({ gravity: [0, 0, 0], ...options });
  build(spec, world, true);
  const initial = world.getEnergy();
  return { ...energyAfterSettling(world, spec.dt), initial };
}
export { sceneArbitrary, build as buildPropertyScene };

describe('random scenes of every joint type', () => {
  it('never produce NaN or Infinity (masses 1e-3..1e3, trees and loops, dt 1/240..1/30, removals between steps, either solver)', () => {
    fc.assert(
      fc.property(sceneArbitrary({ removals: true }), fc.constantFrom('iterative' as const, 'direct' as const), (spec, solver) => {
        const world = new World({ solver });
        build(spec, world, false);
        return stepsStayFinite(world, spec.removals, spec.dt, 200, allFinite);
      }),
      { numRuns: 60, seed: 20261122 },
    );
  }, 60_000);
});

describe('random scenes with shapes and contacts', () => {
  it('never produce NaN or Infinity (every shape, sensors, bodies made overlapping, a ground, removals from contact callbacks, either solver)', () => {
    fc.assert(
      fc.property(sceneArbitrary({ removals: true }), fc.constantFrom('iterative' as const, 'direct' as const), (spec, solver) => {
        const world = new World({ solver });
        build(spec, world, false, true);
        // the removals happen inside the contact callbacks: at the first begin from their step on
        let step = 0;
        const pending: { step: number; what: 'body' | 'joint'; index: number }[] = [];
        for (const removal of spec.removals) pending.push({ ...removal });
        world.onContactBegin = () => {
          for (const removal of pending) {
            if (removal.step > step) continue;
            const dynamic = world.bodies.filter((body) => body.isDynamic);
            if (removal.what === 'body' && dynamic.length > 0) world.removeBody(dynamic[removal.index % dynamic.length]);
            if (removal.what === 'joint' && world.joints.length > 0) world.removeJoint(world.joints[removal.index % world.joints.length]);
            removal.step = Infinity;
          }
        };
        for (step = 0; step < 200; step++) {
          world.step(spec.dt);
          if (!allFinite(world)) return false;
          for (const contact of world.contacts) if (!Number.isFinite(contact.normalForce)) return false;
        }
        return true;
      }),
      { numRuns: 60, seed: 20261123, endOnFailure: true },
    );
  }, 120_000);
});

describe('passive jointed systems never gain energy with the direct solver', () => {
  // Every passive joint type (motors and springs become plain hinges, friction is off): scenes of one
  // type, or of the generated mix. A failure is reported without shrinking (endOnFailure): shrinking a
  // 1000-step scene ran for more than 15 minutes. Measured on 30 scenes per type and 150 mixed ones
  // (seeds 11, 20261122, 3, 5, 7): none gains 1 %.
  const passiveTypes = ['mixed', 'ball', 'limitedBall', 'hinge', 'limitedHinge', 'prismatic', 'unlimitedPrismatic', 'distance', 'rope', 'weld', 'orientation'] as const;
  it('random trees and loops of every joint type, limits and ropes included (masses 1e-3..1e3, dt 1/240..1/30): under 1 % over 1000 steps', () => {
    fc.assert(
      fc.property(sceneArbitrary({ removals: false }), fc.constantFrom(...passiveTypes), (spec, type) => {
        const scene = type === 'mixed' ? spec : { ...spec, tree: spec.tree.map((j) => ({ ...j, type })), loops: spec.loops.map((j) => ({ ...j, type })) };
        const { most, start } = passiveEnergyGain(scene, { solver: 'direct' });
        // relative to the energy after settling; a scene settled to rest (1e-6 J) counts as 1e-6 J
        return most - start <= 0.01 * Math.max(start, 1e-6);
      }),
      { numRuns: 20, seed: 20261122, endOnFailure: true },
    );
  }, 240_000);
});

describe('scenes that gained energy with the direct solver before limits and ropes were held through the forest', () => {
  // (type, fast-check seed, sample index of 30): the largest energy over 1000 steps then, over the energy
  // after settling (measured on the code before those limits and ropes were held)
  it.each([
    ['rope', 11, 8, '67x'],
    ['distance', 11, 5, '1.53x'],
    ['limitedBall', 11, 0, '1.86x (3 loops)'],
    ['limitedBall', 11, 15, '1.028x (2 loops)'],
    ['prismatic', 11, 0, '1.63x (3 loops)'],
  ] as const)('%s, seed %i, sample %i: it reached %s, now under 1.01x', (type, seed, index, _reached) => {
    const spec = fc.sample(sceneArbitrary({ removals: false }), { numRuns: 30, seed })[index];
    const scene = { ...spec, tree: spec.tree.map((j) => ({ ...j, type })), loops: spec.loops.map((j) => ({ ...j, type })) };
    const { most, start } = passiveEnergyGain(scene, { solver: 'direct' });
    expect(most - start).toBeLessThanOrEqual(0.01 * Math.max(start, 1e-6));
  }, 30_000);
});

describe('extreme inputs stay finite', () => {
  it.each(['iterative', 'direct'] as const)('1e6 mass ratios, coincident anchors, zero lever arms and 1e4 m/s (%s solver)', (solver) => {
    const world = new World({ solver });
    const heavy = world.createBody({ position: [0, -1, 0], mass: 1e6, inertia: boxInertia(1e6, [0.5, 0.5, 0.5]) });
    const light = world.createBody({ position: [0, -2, 0], mass: 1, inertia: boxInertia(1, [0.1, 0.1, 0.1]), linearVelocity: [1e4, 0, 0] });
    const tiny = world.createBody({ position: [0, -3, 0], mass: 1e-3, inertia: boxInertia(1e-3, [0.01, 0.01, 0.01]), angularVelocity: [0, 1e4, 0] });
    world.createBallJoint({ bodyA: light, anchor: [0, 0, 0] });
    world.createHingeJoint({ bodyA: heavy, bodyB: light, anchor: [0, -2, 0], axis: [0, 0, 1] }); // at light's centre: zero lever arm
    world.createWeldJoint({ bodyA: tiny, bodyB: heavy, anchor: [0, -3, 0] });
    world.createBallJoint({ bodyA: tiny, bodyB: light, anchor: [0, -3, 0] }); // a loop with coincident anchors
    world.createDistanceJoint({ bodyA: tiny, bodyB: light, anchorA: [0, -3, 0], anchorB: [0, -2.99, 0] }); // 1 cm: short, but over the 5 mm minimum
    expect(() => world.createDistanceJoint({ bodyA: tiny, bodyB: light, anchorA: [0, -3, 0], anchorB: [0, -3, 0] })).toThrow(
      /maxLength must be ≥ 0.005 m \(the anchors are 0 m apart\), got 0; a ball joint holds two coincident points/,
    );
    world.createPrismaticJoint({ bodyA: heavy, anchor: [0, -1, 0], axis: [1, 1, 0], motor: { speed: 1e4, maxForce: 1e12 } });
    for (let step = 0; step < 600; step++) {
      world.step(1 / 60);
      expect(allFinite(world)).toBe(true);
    }
  });
});
