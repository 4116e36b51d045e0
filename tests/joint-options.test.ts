// joint.toOptions(): every joint gives back the options of the create call that makes it again, at the
// bodies' current poses. Made from them, in a second world built from the same bodies, the copy steps as
// the original does, and gives the same options back; made from them after the bodies moved, it has the
// original's local frames, so its error readouts and angles are the original's.
//
// Not bit for bit: toOptions gives world-space anchors and axes, and the copy takes them back into the
// bodies' axes (R⁻¹ (p − x) of R l + x), which rounds in the last bits; 120 steps carry that to well
// under 1e-9 m.

import { describe, expect, it } from 'vitest';
import { World, type Body, type Joint } from '../lib/index.js';
import { World2D, type Body2D, type Joint2D } from '../lib/2d/index.js';
import { randomInertia, randomQuaternion, randomVector, seededRandom } from './helpers.js';

const SEEDS = [1, 2, 3, 4];
const STEPS = 120;

type Random = () => number;

// ---- 3D ----

interface BodySpec {
  position: number[];
  orientation: number[];
  linearVelocity: number[];
  angularVelocity: number[];
  mass: number;
  inertia: number[];
}

function bodySpec(random: Random, at: number[]): BodySpec {
  return {
    position: randomVector(random, 1).map((x, k) => x + at[k]),
    orientation: randomQuaternion(random),
    linearVelocity: randomVector(random, 2),
    angularVelocity: randomVector(random, 2),
    mass: 0.5 + 2 * random(),
    inertia: randomInertia(random),
  };
}

/** A world of two dynamic bodies (sleeping off: no step's outcome may hang on a timer) from their specs. */
function world3D(specs: readonly BodySpec[]): { world: World; bodies: Body[] } {
  const world = new World({ sleeping: false });
  return { world, bodies: specs.map((spec) => world.createBody(spec)) };
}

function direction(random: Random): number[] {
  const v = randomVector(random, 1);
  return Math.hypot(...v) < 0.2 ? [0, 1, 0] : v;
}
/** A normal not nearly parallel to `axis`, or none. */
function normalFor(random: Random, axis: number[]): number[] | undefined {
  if (random() < 0.3) return undefined;
  const n = direction(random);
  const cos = Math.abs(n[0] * axis[0] + n[1] * axis[1] + n[2] * axis[2]) / (Math.hypot(...n) * Math.hypot(...axis));
  return cos > 0.9 ? undefined : n;
}
function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}
/** The options every joint takes, at random (no break limit the scene reaches: breaking hangs on a threshold). */
function coreOptions(random: Random, seed: number) {
  const spring = random() < 0.3;
  return {
    hertz: spring ? 1 + 9 * random() : undefined,
    dampingRatio: spring ? 0.2 + random() : undefined,
    breakForce: random() < 0.5 ? 1e9 : undefined,
    breakTorque: random() < 0.5 ? 1e9 : undefined,
    collideConnected: random() < 0.5,
    userData: { seed },
  };
}
function drive(random: Random, range: number) {
  const kind = pick(random, ['none', 'motor', 'servo'] as const);
  if (kind === 'motor') return { motor: { speed: (random() - 0.5) * 4, maxForce: random() < 0.3 ? undefined : 5 + 50 * random() } };
  if (kind === 'servo') {
    return { servo: { target: (random() - 0.5) * range, hertz: 10 * random(), dampingRatio: 0.2 + random(), maxForce: 5 + 50 * random() } };
  }
  return {};
}
function limits(random: Random, range: number): [number | undefined, number | undefined] {
  const kind = random();
  if (kind < 0.25) return [undefined, undefined];
  if (kind < 0.5) return [-range * random(), undefined];
  return [-range * random(), range * random()];
}

/** Each 3D joint type: its create call with random options between bodyA and bodyB (undefined: the world). */
const CASES_3D: Record<string, (world: World, random: Random, a: Body, b: Body | undefined, seed: number) => Joint> = {
  ball: (world, random, a, b, seed) => {
    const axis = random() < 0.3 ? undefined : direction(random);
    const cone = random();
    return world.createBallJoint({
      ...coreOptions(random, seed), bodyA: a, bodyB: b, anchor: randomVector(random, 1), axis,
      normal: normalFor(random, axis ?? [1, 0, 0]),
      swingLimit: cone < 0.3 ? undefined : cone < 0.6 ? 0.3 + 2 * random() : [0.3 + 2 * random(), 0.3 + 2 * random()],
      twistLimit: random() < 0.4 ? undefined : [-3 * random(), 3 * random()],
      frictionTorque: random() < 0.5 ? 0 : 2 * random(),
    });
  },
  hinge: (world, random, a, b, seed) => {
    const axis = direction(random);
    const [lowerAngle, upperAngle] = limits(random, 3);
    return world.createHingeJoint({
      ...coreOptions(random, seed), bodyA: a, bodyB: b, anchor: randomVector(random, 1), axis, normal: normalFor(random, axis),
      lowerAngle, upperAngle, ...drive(random, 2), frictionTorque: random() < 0.5 ? undefined : 2 * random(),
    });
  },
  prismatic: (world, random, a, b, seed) => {
    const [lowerTranslation, upperTranslation] = limits(random, 2);
    return world.createPrismaticJoint({
      ...coreOptions(random, seed), bodyA: a, bodyB: b, anchor: randomVector(random, 1), axis: direction(random),
      lowerTranslation, upperTranslation, ...drive(random, 2), frictionForce: random() < 0.5 ? undefined : 5 * random(),
    });
  },
  distance: (world, random, a, b, seed) => {
    const core = coreOptions(random, seed);
    const rope = random() < 0.5;
    return world.createDistanceJoint({
      ...core, bodyA: a, bodyB: b, anchorA: randomVector(random, 1), anchorB: randomVector(random, 1).map((x) => x + 2),
      length: random() < 0.5 ? undefined : 1 + 2 * random(), minLength: rope ? 0 : undefined, maxLength: rope ? 2 + random() : undefined,
    });
  },
  orientation: (world, random, a, b, seed) => world.createOrientationJoint({ ...coreOptions(random, seed), bodyA: a, bodyB: b }),
  weld: (world, random, a, b, seed) => world.createWeldJoint({ ...coreOptions(random, seed), bodyA: a, bodyB: b, anchor: randomVector(random, 1) }),
  mouse: (world, random, _a, b, seed) => {
    const body = b as Body;
    return world.createMouseJoint({
      body, anchor: randomVector(random, 0.5).map((x, k) => x + body.position[k]), target: randomVector(random, 3),
      hertz: random() < 0.5 ? undefined : 1 + 9 * random(), dampingRatio: random() < 0.5 ? undefined : 0.2 + random(),
      maxForce: random() < 0.5 ? undefined : 10 + 100 * random(), breakForce: 1e9, userData: { seed },
    });
  },
  motor: (world, random, a, b, seed) => world.createMotorJoint({
    ...coreOptions(random, seed), bodyA: a, bodyB: b, linearOffset: random() < 0.3 ? undefined : randomVector(random, 2),
    angularOffset: random() < 0.3 ? undefined : randomQuaternion(random), maxForce: 10 + 100 * random(), maxTorque: 5 + 50 * random(),
    correctionFactor: random() < 0.5 ? undefined : random(),
  }),
  pulley: (world, random, a, b, seed) => world.createPulleyJoint({
    ...coreOptions(random, seed), bodyA: a, bodyB: b, anchorA: randomVector(random, 0.5), anchorB: randomVector(random, 0.5).map((x) => x + 1.5),
    groundA: randomVector(random, 1).map((x, k) => (k === 1 ? x + 3 : x)), groundB: randomVector(random, 1).map((x, k) => (k === 1 ? x + 3 : k === 0 ? x + 1.5 : x)),
    ratio: random() < 0.5 ? undefined : 0.5 + 2 * random(), length: random() < 0.5 ? undefined : 4 + 2 * random(),
  }),
};

/** Options with their bodies put in from another world (by id; the ground for the ground). */
function moveBodies<T extends object>(options: T, from: { ground: unknown }, to: { ground: unknown; bodies: readonly { id: number }[] }): T {
  const out = { ...options } as Record<string, unknown>;
  for (const key of ['bodyA', 'bodyB', 'body']) {
    const body = out[key] as { id: number } | undefined;
    if (body === undefined) continue;
    out[key] = body === from.ground ? to.ground : to.bodies.find((other) => other.id === body.id);
  }
  return out as T;
}

/** Two options objects agree: the same keys, bodies by id, numbers to `tolerance`, the rest equal. */
function expectSameOptions(actual: unknown, expected: unknown, tolerance: number, path = 'options'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    if (Number.isFinite(expected)) expect(Math.abs((actual as number) - expected), path).toBeLessThanOrEqual(tolerance);
    else expect(actual, path).toBe(expected);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, path).toBe(expected.length);
    expected.forEach((item, i) => expectSameOptions((actual as unknown[])[i], item, tolerance, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object' && 'id' in expected && 'owner' in expected) {
    expect((actual as { id: number }).id, path).toBe((expected as { id: number }).id);
  } else if (expected !== null && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) expectSameOptions((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], tolerance, `${path}.${key}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

/** The joint's create call by its type. */
function create3D(world: World, type: string, options: object): Joint {
  const calls: Record<string, (options: never) => Joint> = {
    ball: (o) => world.createBallJoint(o), hinge: (o) => world.createHingeJoint(o), prismatic: (o) => world.createPrismaticJoint(o),
    distance: (o) => world.createDistanceJoint(o), orientation: (o) => world.createOrientationJoint(o), weld: (o) => world.createWeldJoint(o),
    mouse: (o) => world.createMouseJoint(o), pulley: (o) => world.createPulleyJoint(o), motor: (o) => world.createMotorJoint(o),
  };
  return calls[type](options as never);
}

function expectPosesClose3D(a: readonly Body[], b: readonly Body[], tolerance: number): void {
  a.forEach((body, i) => {
    for (let k = 0; k < 3; k++) expect(Math.abs(body.position[k] - b[i].position[k])).toBeLessThan(tolerance);
    // (q and −q are the same orientation)
    const dot = Math.abs(body.orientation.reduce((sum, x, k) => sum + x * b[i].orientation[k], 0));
    expect(1 - dot).toBeLessThan(tolerance);
  });
}

/** What a 3D joint's readouts say at the current poses (its errors, and its angles or length). */
function readouts3D(joint: Joint): number[] {
  const common = [joint.getError(), joint.getLinearError(), joint.getAngularError()];
  switch (joint.type) {
    case 'ball': {
      const ball = joint as import('../lib/index.js').BallJoint;
      return [...common, ball.getSwingAngle(), ball.getSwingMargin(), ball.getTwistAngle()];
    }
    case 'hinge':
      return [...common, (joint as import('../lib/index.js').HingeJoint).getAngle()];
    case 'prismatic':
      return [...common, (joint as import('../lib/index.js').PrismaticJoint).getTranslation()];
    case 'distance':
      return [...common, (joint as import('../lib/index.js').DistanceJoint).getCurrentLength()];
    default:
      return common;
  }
}

describe('toOptions (3D)', () => {
  for (const type of Object.keys(CASES_3D)) {
    it(`${type}: the options make a joint that steps as the original and gives the same options back`, () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed * 101 + type.length);
        const specs = [bodySpec(random, [0, 0, 0]), bodySpec(random, [1.5, 0, 0])];
        const one = world3D(specs), two = world3D(specs);
        const toWorld = type !== 'mouse' && random() < 0.3;
        const joint = CASES_3D[type](one.world, random, one.bodies[0], toWorld ? undefined : one.bodies[1], seed);
        const options = joint.toOptions();
        const copy = create3D(two.world, type, moveBodies(options, one.world, two.world));
        expect(copy.type).toBe(type);
        expectSameOptions(copy.toOptions(), options, 1e-12);
        for (let i = 0; i < STEPS; i++) {
          one.world.step(1 / 60);
          two.world.step(1 / 60);
        }
        expectPosesClose3D(one.bodies, two.bodies, 1e-9);
      }
    });

    it(`${type}: made again after the bodies moved, it has the original's frames and readouts`, () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed * 211 + type.length);
        const { world, bodies } = world3D([bodySpec(random, [0, 0, 0]), bodySpec(random, [1.5, 0, 0])]);
        const joint = CASES_3D[type](world, random, bodies[0], bodies[1], seed);
        for (let i = 0; i < 30; i++) world.step(1 / 60);
        // and then far from where the joint holds them
        bodies[1].setPosition(randomVector(random, 0.5).map((x, k) => x + bodies[1].position[k]));
        bodies[1].setOrientation(randomQuaternion(random));
        const copy = create3D(world, type, joint.toOptions());
        const expected = readouts3D(joint), actual = readouts3D(copy);
        expected.forEach((value, i) => expect(Math.abs(actual[i] - value), `readout ${i} of ${expected}`).toBeLessThan(1e-9));
        expectSameOptions(copy.toOptions(), joint.toOptions(), 1e-12);
      }
    });
  }
});

// ---- 2D ----

interface Body2DSpec {
  position: number[];
  angle: number;
  linearVelocity: number[];
  angularVelocity: number;
  mass: number;
  inertia: number;
}

function body2DSpec(random: Random, x: number): Body2DSpec {
  return {
    position: [x + random() - 0.5, random() - 0.5], angle: (random() - 0.5) * 6, linearVelocity: [4 * random() - 2, 4 * random() - 2],
    angularVelocity: 4 * random() - 2, mass: 0.5 + 2 * random(), inertia: 0.1 + random(),
  };
}

function world2D(specs: readonly Body2DSpec[]): { world: World2D; bodies: Body2D[] } {
  const world = new World2D({ sleeping: false });
  return { world, bodies: specs.map((spec) => world.createBody(spec)) };
}

const point2D = (random: Random): number[] => [2 * random() - 1, 2 * random() - 1];

const CASES_2D: Record<string, (world: World2D, random: Random, a: Body2D, b: Body2D | undefined, seed: number) => Joint2D> = {
  revolute: (world, random, a, b, seed) => {
    const [lowerAngle, upperAngle] = limits(random, 3);
    return world.createRevoluteJoint({
      ...coreOptions(random, seed), bodyA: a, bodyB: b, anchor: point2D(random), lowerAngle, upperAngle, ...drive(random, 2),
      frictionTorque: random() < 0.5 ? undefined : 2 * random(),
    });
  },
  weld: (world, random, a, b, seed) => world.createWeldJoint({ ...coreOptions(random, seed), bodyA: a, bodyB: b, anchor: point2D(random) }),
  angle: (world, random, a, b, seed) => world.createAngleJoint({ ...coreOptions(random, seed), bodyA: a, bodyB: b }),
};

function create2D(world: World2D, type: string, options: object): Joint2D {
  const calls: Record<string, (options: never) => Joint2D> = {
    revolute: (o) => world.createRevoluteJoint(o), weld: (o) => world.createWeldJoint(o), angle: (o) => world.createAngleJoint(o),
  };
  return calls[type](options as never);
}

function readouts2D(joint: Joint2D): number[] {
  const common = [joint.getError(), joint.getLinearError(), joint.getAngularError()];
  return joint.type === 'revolute' ? [...common, (joint as import('../lib/2d/index.js').RevoluteJoint).getAngle()] : common;
}

describe('toOptions (2D)', () => {
  for (const type of Object.keys(CASES_2D)) {
    it(`${type}: the options make a joint that steps as the original and gives the same options back`, () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed * 307 + type.length);
        const specs = [body2DSpec(random, 0), body2DSpec(random, 1.5)];
        const one = world2D(specs), two = world2D(specs);
        const toWorld = random() < 0.3;
        const joint = CASES_2D[type](one.world, random, one.bodies[0], toWorld ? undefined : one.bodies[1], seed);
        const options = joint.toOptions();
        const copy = create2D(two.world, type, moveBodies(options, one.world, two.world));
        expectSameOptions(copy.toOptions(), options, 1e-12);
        for (let i = 0; i < STEPS; i++) {
          one.world.step(1 / 60);
          two.world.step(1 / 60);
        }
        one.bodies.forEach((body, i) => {
          const other = two.bodies[i];
          expect(Math.abs(body.position[0] - other.position[0])).toBeLessThan(1e-9);
          expect(Math.abs(body.position[1] - other.position[1])).toBeLessThan(1e-9);
          expect(Math.abs(body.angle - other.angle)).toBeLessThan(1e-9);
        });
      }
    });

    it(`${type}: made again after the bodies moved, it has the original's anchors, reference and readouts`, () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed * 401 + type.length);
        const { world, bodies } = world2D([body2DSpec(random, 0), body2DSpec(random, 1.5)]);
        const joint = CASES_2D[type](world, random, bodies[0], bodies[1], seed);
        for (let i = 0; i < 30; i++) world.step(1 / 60);
        bodies[1].setPosition([bodies[1].position[0] + random() - 0.5, bodies[1].position[1] + random() - 0.5]);
        bodies[1].setAngle((random() - 0.5) * 6);
        const copy = create2D(world, type, joint.toOptions());
        const expected = readouts2D(joint), actual = readouts2D(copy);
        expected.forEach((value, i) => expect(Math.abs(actual[i] - value), `readout ${i} of ${expected}`).toBeLessThan(1e-9));
        expectSameOptions(copy.toOptions(), joint.toOptions(), 1e-12);
      }
    });
  }
});
