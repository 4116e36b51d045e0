// Restoring a snapshot that was corrupted field by field and number by number: each restore either
// refuses with an Error naming the bad field's path (the source world untouched), or gives a world that
// steps without NaN (40 steps in `npm test`, 200 in `npm run fuzz`). Never an internal TypeError, never
// NaN, never a step that does not return.

import type { BodyStateIO, CoreBody } from '../lib/body/core-body.js';
import { describe, expect, it } from 'vitest';
import { World, type WorldSnapshot } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import { StateWriter, decodeNumbers, encodeNumbers } from '../lib/util/state.js';

type AnyWorld = World | World2D;

/** Any path restore names. A change that shifts how the numbers are read (a body relabelled kinematic,
 * a shape or a contact more or less) is found where the numbers stop making sense, which may be a later
 * body or joint. */
const ANY_PATH = '(format|version|numbers|settings|contacts|sensing|bodies|joints)';

/** The world's settings at the start of the packed state: gravity, the solver's and sleep settings,
 * time, step count, ids, the last substep, the flags (2D: one number less of gravity). */
const SETTINGS_NUMBERS = 22;

/** The values every field and number is set to in turn. */
const BAD_VALUES: readonly unknown[] = [NaN, Infinity, -Infinity, -1, 0, 1e12, 0.5, '1', null, undefined, [], {}];
const BAD_NUMBERS: readonly number[] = [NaN, Infinity, -Infinity, -1, 0, 1e12, 0.5, -1e12];

/** A 3D scene with touching contacts, a joint of every type, sleeping bodies and a kinematic body with
 * a pose target pending. */
function scene3D(): World {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [20, 0.5, 20] }], position: [0, -0.5, 0] });
  // a box resting far off: it falls asleep
  const sleeper = world.createBody({ position: [12, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
  const ball = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5, friction: 0.7, restitution: 0.2 }] });
  const a = world.createBody({ position: [0, 3, 0], shapes: [{ type: 'box', halfExtents: [0.2, 0.2, 0.2] }] });
  const b = world.createBody({ position: [1, 3, 0], shapes: [{ type: 'capsule', radius: 0.1, halfHeight: 0.3 }] });
  const c = world.createBody({ position: [2, 3, 0], mass: 2, inertia: [0.1, 0.2, 0.3] });
  const d = world.createBody({ position: [3, 3, 0] });
  const kinematic = world.createBody({ type: 'kinematic', position: [-3, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 0.1, 1] }] });
  world.createBallJoint({ bodyA: a, anchor: [0, 4, 0], swingLimit: 0.5, twistLimit: [-0.3, 0.3], frictionTorque: 0.1 });
  world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0.5, 3, 0], axis: [0, 0, 1], lowerAngle: -1, upperAngle: 1, motor: { speed: 1, maxForce: 5 } });
  world.createPrismaticJoint({ bodyA: b, bodyB: c, anchor: [1.5, 3, 0], axis: [1, 0, 0], lowerTranslation: -0.5, upperTranslation: 0.5 });
  world.createDistanceJoint({ bodyA: c, bodyB: d, anchorA: [2, 3, 0], anchorB: [3, 3, 0], minLength: 0.5, maxLength: 1.5 });
  world.createOrientationJoint({ bodyA: d, bodyB: c });
  world.createWeldJoint({ bodyA: d, anchor: [3, 3.5, 0], breakForce: 1e6 });
  world.createMouseJoint({ body: ball, target: [0, 0.6, 0] });
  for (let i = 0; i < 90; i++) world.step(1 / 60);
  kinematic.moveKinematic([-3, 1.1, 0]);
  expect(sleeper.isAwake).toBe(false);
  expect(world.contacts.length).toBeGreaterThan(0);
  return world;
}

/** The same in 2D: a joint of every type, a sleeping body and a kinematic one. */
function scene2D(): World2D {
  const world = new World2D();
  const sleeper = world.createBody({ position: [10, 0] });
  const a = world.createBody({ position: [0, 3] });
  const b = world.createBody({ position: [1, 3], mass: 2, inertia: 0.3 });
  const c = world.createBody({ position: [2, 3] });
  const kinematic = world.createBody({ type: 'kinematic', position: [-3, 1] });
  world.createBody({ type: 'static', position: [0, -1] });
  world.createRevoluteJoint({ bodyA: a, anchor: [0, 4], lowerAngle: -0.5, upperAngle: 0.5, motor: { speed: 1, maxForce: 3 } });
  world.createWeldJoint({ bodyA: b, bodyB: a, anchor: [0.5, 3] });
  world.createAngleJoint({ bodyA: c, bodyB: b });
  world.createRevoluteJoint({ bodyA: sleeper, anchor: [10, 0] });
  for (let i = 0; i < 90; i++) world.step(1 / 60);
  kinematic.moveKinematic([-3, 1.2]);
  expect(sleeper.isAwake).toBe(false);
  return world;
}

/** Which part of the snapshot each of its numbers belongs to, as the path restore names. */
function numberPaths(world: AnyWorld, count: number): string[] {
  const sizes = (items: readonly unknown[], save: (item: never, writer: StateWriter) => void) => items.map((item) => {
    const writer = new StateWriter();
    save(item as never, writer);
    return writer.result().length;
  });
  const bodySizes = sizes(world.bodies, (body: CoreBody, writer) => body.saveState(writer, world.bodyStateIO as BodyStateIO<CoreBody>));
  const jointSizes = sizes(world.joints, (joint: { saveState(writer: StateWriter): void }, writer) => joint.saveState(writer));
  const header = count - bodySizes.reduce((x, y) => x + y, 0) - jointSizes.reduce((x, y) => x + y, 0);
  // (a contact count or a contact's number of points shifts what follows)
  const paths: string[] = new Array<string>(header).fill(ANY_PATH);
  bodySizes.forEach((n, i) => paths.push(...new Array<string>(n).fill(`bodies\\[${i}\\]`)));
  jointSizes.forEach((n, i) => paths.push(...new Array<string>(n).fill(`joints\\[${i}\\]`)));
  return paths;
}

/** A short name for a value in a failure's label. */
function label(value: unknown): string {
  if (Array.isArray(value)) return value.length > 16 ? `an array of length ${value.length}` : JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return 'length' in value ? `{ length: ${String((value as { length: unknown }).length)} }` : JSON.stringify(value);
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

interface Tally {
  refused: number;
  accepted: number;
  failures: string[];
}

/** Steps each accepted world takes: a few seconds in `npm test`; `npm run fuzz` sets 200. */
const ACCEPTED_STEPS = Number(process.env.SINEW_FUZZ_STEPS ?? 40);

/** Restores `snapshot` and checks the outcome. `path`: a pattern the refusal must name. */
function attempt(
  restore: (s: WorldSnapshot) => AnyWorld, source: AnyWorld, where: string, snapshot: unknown, path: string, label: string, tally: Tally,
): void {
  const before = source.hash();
  let world: AnyWorld;
  try {
    world = restore(snapshot as WorldSnapshot);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof Error)) tally.failures.push(`${label}: threw a non-Error ${message}`);
    else if (!new RegExp(`^${where}: .*${path}`).test(message)) tally.failures.push(`${label}: message does not name ${path}: ${error.constructor.name}: ${message}`);
    if (source.hash() !== before) tally.failures.push(`${label}: the source world changed`);
    tally.refused++;
    return;
  }
  tally.accepted++;
  if (source.hash() !== before) tally.failures.push(`${label}: the source world changed`);
  try {
    for (let i = 0; i < ACCEPTED_STEPS; i++) world.step(1 / 60);
    world.hash();
  } catch (error) {
    tally.failures.push(`${label}: accepted, then stepping threw ${String(error)}`);
    return;
  }
  for (const body of world.bodies) {
    const turning = 'orientation' in body ? [...body.orientation, ...body.angularVelocity] : [body.angle, body.angularVelocity];
    const numbers = [...body.position, ...body.linearVelocity, ...turning];
    if (!numbers.every(Number.isFinite)) {
      tally.failures.push(`${label}: accepted, and body ${body.id} is at ${numbers.join(', ')} after ${ACCEPTED_STEPS} steps`);
      return;
    }
  }
}

function corruptAll(world: AnyWorld, restore: (s: WorldSnapshot) => AnyWorld, where: string): Tally {
  const tally: Tally = { refused: 0, accepted: 0, failures: [] };
  const original = world.snapshot();
  const fresh = (): WorldSnapshot => JSON.parse(JSON.stringify(original)) as WorldSnapshot;
  const run = (label: string, path: string, edit: (s: Record<string, unknown>) => void) => {
    const s = fresh() as unknown as Record<string, unknown>;
    edit(s);
    attempt(restore, world, where, s, path, label, tally);
  };
  // the untouched snapshot restores
  run('untouched', '', () => {});
  expect(tally.refused).toBe(0);

  // the top-level fields
  const huge = { length: 1e9 };
  const sparse: unknown[] = [];
  sparse.length = 1e9;
  for (const field of ['format', 'version', 'bodies', 'joints', 'numbers']) {
    for (const value of [...BAD_VALUES, huge, sparse, 'sinew-world-3d']) {
      run(`${field} = ${label(value)}`, ANY_PATH, (s) => (s[field] = value));
    }
    run(`${field} missing`, ANY_PATH, (s) => delete s[field]);
  }
  // the numbers string: truncated, lengthened, garbled
  const text = original.numbers;
  run('numbers truncated by one float64', 'ends early', (s) => (s.numbers = encodeNumbers(decodeNumbers(text).slice(0, -1))));
  run('numbers cut mid-number', 'numbers', (s) => (s.numbers = text.slice(0, text.length - 8)));
  run('numbers with one float64 more', 'numbers', (s) => (s.numbers = encodeNumbers(new Float64Array([...decodeNumbers(text), 0]))));
  run('numbers garbled', 'numbers', (s) => (s.numbers = `${text.slice(0, 40)}!${text.slice(41)}`));
  run('numbers empty', '(numbers|settings)', (s) => (s.numbers = ''));

  // every field of every body and joint entry
  const bodies = original.bodies.length, joints = original.joints.length;
  for (let i = 0; i < bodies; i++) {
    for (const field of ['id', 'type', 'shapes', 'extra']) {
      for (const value of [...BAD_VALUES, huge, sparse, 'dynamic', 'static', 'kinematic']) {
        if (field === 'shapes' && value === undefined && original.bodies[i].shapes === undefined) continue;
        const path = field === 'type' || field === 'shapes' ? ANY_PATH : `bodies\\[${i}\\]`;
        run(`bodies[${i}].${field} = ${label(value)}`, path, (s) => ((s.bodies as Record<string, unknown>[])[i][field] = value));
      }
    }
    // (the later of the two is refused)
    run(`bodies[${i}].id duplicated`, `bodies\\[(${i}|${(i + 1) % bodies})\\]`, (s) => {
      const list = s.bodies as { id: number }[];
      list[i].id = list[(i + 1) % bodies].id;
    });
    run(`bodies[${i}] missing`, ANY_PATH, (s) => (s.bodies as unknown[]).splice(i, 1));
    run(`bodies[${i}] twice`, ANY_PATH, (s) => (s.bodies as unknown[]).splice(i, 0, (s.bodies as unknown[])[i]));
    const shapes = original.bodies[i].shapes;
    if (shapes !== undefined) {
      for (const key of Object.keys(shapes[0])) {
        for (const value of BAD_VALUES) {
          run(`bodies[${i}].shapes[0].${key} = ${label(value)}`, `bodies\\[${i}\\]`, (s) => {
            ((s.bodies as { shapes: Record<string, unknown>[] }[])[i].shapes[0][key] = value);
          });
        }
      }
    }
  }
  for (let j = 0; j < joints; j++) {
    for (const field of ['id', 'type', 'bodyA', 'bodyB', 'brokenLastStep', 'extra']) {
      for (const value of [...BAD_VALUES, -2, bodies, 'ball', 'hinge', 'revolute', 'weld', 'mouse', true]) {
        const path = field === 'type' ? ANY_PATH : `joints\\[${j}\\]`;
        run(`joints[${j}].${field} = ${label(value)}`, path, (s) => ((s.joints as Record<string, unknown>[])[j][field] = value));
      }
    }
    run(`joints[${j}].id duplicated`, `joints\\[(${j}|${(j + 1) % joints})\\]`, (s) => {
      const list = s.joints as { id: number }[];
      list[j].id = list[(j + 1) % joints].id;
    });
    run(`joints[${j}] missing`, ANY_PATH, (s) => (s.joints as unknown[]).splice(j, 1));
    run(`joints[${j}] twice`, ANY_PATH, (s) => (s.joints as unknown[]).splice(j, 0, (s.joints as unknown[])[j]));
  }

  // every number of the packed state, each set to one of the bad numbers in turn (the world's settings
  // to every one of them)
  const numbers = decodeNumbers(text);
  const paths = numberPaths(world, numbers.length);
  for (let k = 0; k < numbers.length; k++) {
    const values = k < SETTINGS_NUMBERS ? BAD_NUMBERS : [BAD_NUMBERS[k % BAD_NUMBERS.length]];
    for (const value of values) {
      if (Object.is(value, numbers[k])) continue;
      const copy = numbers.slice();
      copy[k] = value;
      const encoded = encodeNumbers(copy);
      run(`numbers[${k}] = ${value}`, paths[k], (s) => (s.numbers = encoded));
    }
  }
  return tally;
}

/** A snapshot with the number at `index` of its packed state set to `value`. */
function withNumber(snapshot: WorldSnapshot, index: number, value: number): WorldSnapshot {
  const numbers = decodeNumbers(snapshot.numbers);
  numbers[index] = value;
  return { ...snapshot, numbers: encodeNumbers(numbers) };
}

// Where the settings sit in the packed state: gravity (3 in 3D), then substeps, iterations, …
const SUBSTEPS = 3, EXACT_SUBSTEPS = 4, ITERATIONS = 5, GRAVITY_Y = 1;

describe('restore refuses a bad snapshot, naming the field', () => {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }], position: [0, -0.5, 0] });
  world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
  world.createBody({ position: [0, 3, 0], shapes: [{ type: 'sphere', radius: 0.5 }], linearVelocity: [0, -2, 0] });
  world.step(1 / 60);
  const snapshot = world.snapshot();

  it('substeps or iterations of 1e12 or 0, which would make step() never return or do nothing', () => {
    expect(() => World.restore(withNumber(snapshot, SUBSTEPS, 1e12))).toThrow(/^World\.restore: settings\.substeps must be an integer in \[1, 64\], got 1000000000000/);
    expect(() => World.restore(withNumber(snapshot, SUBSTEPS, 0))).toThrow(/settings\.substeps/);
    expect(() => World.restore(withNumber(snapshot, EXACT_SUBSTEPS, 0))).toThrow(/settings\.exactSubsteps/);
    expect(() => World.restore(withNumber(snapshot, ITERATIONS, 1e12))).toThrow(/settings\.iterations/);
    expect(() => new World({ substeps: 1e12 })).toThrow(/substeps must be at most 64/);
  });

  it('a NaN gravity', () => {
    expect(() => World.restore(withNumber(snapshot, GRAVITY_Y, NaN))).toThrow(/^World\.restore: settings\.gravity must hold 3 finite numbers/);
  });

  it('two bodies sharing an id', () => {
    const copy = structuredClone(snapshot);
    copy.bodies[2].id = copy.bodies[1].id;
    expect(() => World.restore(copy)).toThrow(/^World\.restore: bodies\[2\]\.id 2 is the id of an earlier body too/);
  });

  it('a moving dynamic body relabelled static', () => {
    const copy = structuredClone(snapshot);
    copy.bodies[2].type = 'static';
    expect(() => World.restore(copy)).toThrow(/^World\.restore: bodies\[2\]\.mass must be Infinity/);
  });

  it('a NaN inverse mass', () => {
    const numbers = decodeNumbers(snapshot.numbers);
    const body = world.bodies[1], at = numbers.indexOf(body.inverseMass, numbers.indexOf(body.position[0]) - 16);
    expect(() => World.restore(withNumber(snapshot, at, NaN))).toThrow(/^World\.restore: bodies\[1\]\.inverseMass\[0\] must be a finite number, got NaN/);
  });

  it('a joint whose body is not in the snapshot', () => {
    const w = new World();
    const a = w.createBody();
    w.createBallJoint({ bodyA: a, anchor: [0, 1, 0] });
    const copy = w.snapshot();
    copy.joints[0].bodyA = 5;
    expect(() => World.restore(copy)).toThrow(/^World\.restore: joints\[0\]\.bodyA must be an integer in \[-1, 0\], got 5/);
  });

  it('bodies given as { length: 1e9 }, without walking them', () => {
    const copy = { ...snapshot, bodies: { length: 1e9 } } as unknown as WorldSnapshot;
    expect(() => World.restore(copy)).toThrow(/^World\.restore: bodies must be an array/);
    const sparse: unknown[] = [];
    sparse.length = 1e9;
    expect(() => World.restore({ ...snapshot, bodies: sparse } as WorldSnapshot)).toThrow(/^World\.restore: bodies holds 1000000000 entries/);
  });

  it('a restore that is refused leaves the world it came from as it was', () => {
    const before = world.hash();
    const copy = structuredClone(snapshot);
    copy.bodies[1].shapes![0] = { type: 'box', halfExtents: [NaN, 1, 1] };
    expect(() => World.restore(copy)).toThrow(/^World\.restore: bodies\[1\]: shapes\[0\]/);
    expect(world.hash()).toBe(before);
  });
});

describe('hostile snapshots', () => {
  it('a 3D snapshot corrupted field by field and number by number is refused with the path, or restores a world that steps', () => {
    const tally = corruptAll(scene3D(), (s) => World.restore(s), 'World\\.restore');
    expect(tally.failures.slice(0, 20)).toEqual([]);
    // (3534 snapshots when written: 2869 refused, 665 accepted)
    expect(tally.refused).toBeGreaterThan(2000);
    expect(tally.accepted).toBeGreaterThan(100);
  }, 600_000);

  it('a 2D snapshot corrupted field by field and number by number is refused with the path, or restores a world that steps', () => {
    const tally = corruptAll(scene2D(), (s) => World2D.restore(s), 'World2D\\.restore');
    expect(tally.failures.slice(0, 20)).toEqual([]);
    // (1443 snapshots when written: 1251 refused, 192 accepted)
    expect(tally.refused).toBeGreaterThan(1000);
    expect(tally.accepted).toBeGreaterThan(50);
  }, 600_000);
});

/** Every number of the packed state after the settings set to a huge value in turn: ±1e308 (a corrupted
 * impulse or anchor that big once turned its bodies to NaN in one step) and ±1e59, just inside the bound
 * restore holds a joint's other numbers to (MAX_STORED_MAGNITUDE). */
function corruptHuge(world: AnyWorld, restore: (s: WorldSnapshot) => AnyWorld, where: string): Tally {
  const tally: Tally = { refused: 0, accepted: 0, failures: [] };
  const original = world.snapshot();
  const numbers = decodeNumbers(original.numbers);
  const paths = numberPaths(world, numbers.length);
  for (let k = SETTINGS_NUMBERS; k < numbers.length; k++) {
    for (const value of k % 2 === 0 ? [1e308, -1e59] : [-1e308, 1e59]) {
      attempt(restore, world, where, withNumber(original, k, value), paths[k], `numbers[${k}] = ${value}`, tally);
    }
  }
  return tally;
}

describe('restore refuses numbers no world keeps', () => {
  it('each number of a 3D snapshot set to ±1e308 or ±1e59 is refused with the path, or restores a world that steps without NaN', () => {
    const tally = corruptHuge(scene3D(), (s) => World.restore(s), 'World\\.restore');
    expect(tally.failures.slice(0, 20)).toEqual([]);
    expect(tally.refused).toBeGreaterThan(tally.accepted);
  }, 600_000);
  it('each number of a 2D snapshot set to ±1e308 or ±1e59 is refused with the path, or restores a world that steps without NaN', () => {
    const tally = corruptHuge(scene2D(), (s) => World2D.restore(s), 'World2D\\.restore');
    expect(tally.failures.slice(0, 20)).toEqual([]);
    expect(tally.refused).toBeGreaterThan(tally.accepted);
  }, 600_000);
});

describe('restore wraps a kinematic body\'s target angle', () => {
  it('a 2D snapshot whose pending target angle is 1e308 restores a body that turns the short way to the wrapped angle', () => {
    // the step's short turn expects [−π, π]: unwrapped, the body turned at Infinity rad/s for a step
    const world = new World2D();
    const body = world.createBody({ type: 'kinematic' });
    body.moveKinematic([-5, -5]);
    const snapshot = world.snapshot();
    const numbers = decodeNumbers(snapshot.numbers);
    const at = numbers.length - 1;
    expect([numbers[at - 2], numbers[at - 1], numbers[at]]).toEqual([-5, -5, 0]);
    const copy = World2D.restore(withNumber(snapshot, at, 1e308));
    copy.step(1 / 60);
    const [restored] = copy.bodies;
    expect(Number.isFinite(restored.angularVelocity)).toBe(true);
    expect(Math.abs(restored.angle)).toBeLessThanOrEqual(Math.PI);
    expect(restored.angularVelocity * (1 / 60)).toBeCloseTo(restored.angle, 12);
  });
});

describe('restore keeps velocities, forces and torques to the setters\' bounds', () => {
  /** Where `values` (a body's position, unique in the scene) starts in the snapshot's numbers. */
  const find = (numbers: Float64Array | number[], values: ArrayLike<number>): number => {
    for (let i = 0; i + values.length <= numbers.length; i++) {
      let same = true;
      for (let k = 0; k < values.length && same; k++) same = Object.is(numbers[i + k], values[k]);
      if (same) return i;
    }
    return -1;
  };

  it('a body restored with a velocity, force or torque of 1e200 is refused with the field, in 3D and 2D', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const body = world.createBody({ position: [0.125, 1.375, -0.625], shapes: [{ type: 'box', halfExtents: [0.3, 0.3, 0.3] }] });
    const snapshot = world.snapshot();
    const numbers = decodeNumbers(snapshot.numbers);
    // the stored state runs as BODY_STATE lays it out: velocities at 0 and 3, position at 16, force at 32, torque at 35
    const base = find(numbers, body.position) - 16;
    expect(base).toBeGreaterThanOrEqual(0);
    for (const [name, offset] of [['linearVelocity', 0], ['angularVelocity', 3], ['force', 32], ['torque', 35]] as const) {
      const edited = Array.from(numbers);
      edited[base + offset + 1] = 1e200;
      expect(() => World.restore({ ...snapshot, numbers: encodeNumbers(Float64Array.from(edited)) })).toThrow(new RegExp(`^World\\.restore: bodies\\[1\\]\\.${name} must be at most`));
    }
    const world2 = new World2D();
    world2.createBody({ position: [0.125, 1.375], angularVelocity: 3.25 });
    const snapshot2 = world2.snapshot();
    const numbers2 = Array.from(decodeNumbers(snapshot2.numbers));
    numbers2[numbers2.indexOf(3.25)] = 1e200;
    expect(() => World2D.restore({ ...snapshot2, numbers: encodeNumbers(Float64Array.from(numbers2)) })).toThrow(/^World2D\.restore: bodies\[0\]\.angularVelocity must be at most/);
  });
});

describe('a snapshot taken after setType restores bit for bit', () => {
  it('a box on a plane made static, snapshot, restore: both worlds step alike', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const box = world.createBody({ shapes: [{ type: 'box', halfExtents: [0.02, 0.02, 0.02] }] });
    world.step(1 / 60);
    box.setType('static');
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 3; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
      expect(copy.hash()).toBe(world.hash());
    }
  });
});

describe('restore keeps the settings to the setters\' bounds', () => {
  it('a 2D snapshot whose last substep is 5e-324 s, or whose speed cap is 1e300, is refused with the field', () => {
    const world = new World2D();
    const a = world.createBody({}), b = world.createBody({});
    world.createAngleJoint({ bodyA: a, bodyB: b });
    const snapshot = world.snapshot();
    const numbers = Array.from(decodeNumbers(snapshot.numbers));
    // the settings lead the numbers: gravity (2), the five counts, jointHertz, jointDampingRatio,
    // warmStarting, maxLinearSpeed (index 10), …, and the last substep (index 20) after the ids
    const edit = (index: number, value: number) => {
      const edited = numbers.slice();
      edited[index] = value;
      return { ...snapshot, numbers: encodeNumbers(Float64Array.from(edited)) };
    };
    expect(numbers[10]).toBe(world.maxLinearSpeed);
    expect(() => World2D.restore(edit(10, 1e300))).toThrow(/^World2D\.restore: settings\.maxLinearSpeed must be at most 1e6/);
    expect(() => World2D.restore(edit(20, 5e-324))).toThrow(/^World2D\.restore: settings\.previousH must be at least/);
    expect(() => World2D.restore(edit(8, 1e308))).toThrow(/^World2D\.restore: settings\.jointDampingRatio must be at most 1e6/);
  });
});
