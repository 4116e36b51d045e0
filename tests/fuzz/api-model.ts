// A model-based fuzz test of the public API (fast-check's fc.commands), in 3D (World) and 2D (World2D):
// random sequences of createBody (every shape kind), removeBody, every joint kind, removeJoint, the
// body, joint and world setters, forces and impulses, step, advance, snapshot and restore, moveKinematic,
// setType and the axis locks, with valid arguments and hostile ones (values.ts). After every call:
//
// - a call that throws throws an Error and leaves the world as it was: world.hash(), and the number of
//   bodies and joints, unchanged;
// - an accepted call leaves every body's position, orientation and velocities finite, and so do the 200
//   steps that follow the sequence (and every step in it);
// - options with a misspelt (unknown) key are refused;
// - every write to a removed body or joint throws;
// - a snapshot restores into a fresh world with the same hash and steps on bit for bit as the original,
//   and a corrupted snapshot is refused or restores into a world that steps without NaN.
//
// A failure throws a FuzzFailure whose message holds the whole program that led to it, as JavaScript
// (`const b1 = world.createBody({ ... });`), so fast-check's shrunk counterexample is a reproduction.
// The runner is tests/fuzz/api.property.test.ts (`npm test`: a fixed seed and few runs; `npm run fuzz`:
// random seeds for FUZZ_SECONDS).

import fc from 'fast-check';
import { World, type Body, type Joint } from '../../lib/index.js';
import { World2D, type Body2D, type Joint2D } from '../../lib/2d/index.js';
import { decodeNumbers, encodeNumbers } from '../../lib/util/state.js';
import type { WorldSnapshot } from '../../lib/world/world-core.js';
import { MAX_TIME_STEP, MIN_TIME_STEP } from '../../lib/limits.js';
import { arg, boolF, code, constF, hostile, intF, numF, options, quatF, real, unknownKeys, vecF, type Field } from './values.js';

export type Dimension = 2 | 3;
type AnyWorld = World | World2D;
type AnyBody = Body | Body2D;
type AnyJoint = Joint | Joint2D;

/** What an invariant that failed is about (FuzzFailure.kind); `ignore` in ModelOptions skips kinds. */
export const FAILURE_KINDS = [
  'throw-changed-state', // a call threw and the world's hash or its body or joint count changed
  'not-an-error', // a call threw something that is not an Error
  'non-finite', // a body's state became NaN or infinite after an accepted call or a step
  'unknown-key', // options with a misspelt key were accepted
  'removed-write', // a write to a removed body or joint was accepted
  'bad-reference', // a body that is not this world's (removed, another world's, the ground) was accepted
  'step-threw', // step or advance threw on a valid argument
  'snapshot-replay', // a restored world's hash or steps differ from the original's
  'snapshot-threw', // snapshot() or restoring an unmodified snapshot threw
  'huge-count', // a count setting (substeps, iterations) far too large to step was accepted
  'hook-write', // a contact hook or a query predicate changed the world, or its NaN spread past its body
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export class FuzzFailure extends Error {
  constructor(readonly kind: FailureKind, message: string, program: readonly string[]) {
    super(`[${kind}] ${message}\n--- program (${program.length} lines) ---\n${program.join('\n')}\n---`);
    this.name = 'FuzzFailure';
  }
}

export interface ModelOptions {
  /** Failure kinds to let pass (the run goes on), to look for other failures behind a known one. */
  ignore?: ReadonlySet<FailureKind>;
  /** Only failures whose message and program match count (the others pass): to shrink one among several. */
  only?: RegExp;
  /** Steps after the sequence, each checked for a finite state. Default 200. */
  finalSteps?: number;
}

/** The system under test and its model in one: the world, and the live and removed bodies and joints. */
export class Real {
  world: AnyWorld;
  bodies: AnyBody[] = [];
  joints: AnyJoint[] = [];
  removedBodies: AnyBody[] = [];
  removedJoints: AnyJoint[] = [];
  /** Variable names for the program log. */
  readonly names = new Map<object, string>();
  readonly log: string[] = [];
  /** A body of another world (a hostile reference). */
  readonly foreignBody: AnyBody;

  constructor(readonly dim: Dimension, readonly ignore: ReadonlySet<FailureKind>, readonly only?: RegExp) {
    this.world = dim === 3 ? new World() : new World2D();
    const other = dim === 3 ? new World() : new World2D();
    this.foreignBody = other.createBody({});
    this.names.set(this.world.ground, 'world.ground');
    this.names.set(this.foreignBody, 'otherWorld.createBody({})');
    this.log.push(dim === 3 ? 'let world = new World();' : 'let world = new World2D();');
    if (dim === 3) {
      // a floor, so that bodies meet something (it is not in `bodies`: the sequence may not remove it)
      const floor = (this.world as World).createBody({ type: 'static', shapes: [{ type: 'plane' }] });
      this.names.set(floor, 'floor');
      this.log.push("const floor = world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });");
    }
  }

  name(object: object): string {
    return this.names.get(object) ?? '?';
  }
  code(value: unknown): string {
    return code(value, this.names);
  }

  fail(kind: FailureKind, message: string): void {
    if (this.ignore.has(kind) || (this.only !== undefined && !this.only.test(`[${kind}] ${message}\n${this.log.join('\n')}`))) return;
    throw new FuzzFailure(kind, message, this.log);
  }

  /** Drops from the live lists what the world no longer holds (a joint removed with its body). */
  sync(): void {
    for (const body of this.bodies) if (body.owner === null) this.removedBodies.push(body);
    this.bodies = this.bodies.filter((b) => b.owner !== null);
    for (const joint of this.joints) if (joint.removed) this.removedJoints.push(joint);
    this.joints = this.joints.filter((j) => !j.removed);
  }

  /** The first body, joint or state that is not finite, or null. */
  nonFinite(world: AnyWorld = this.world): string | null {
    for (const body of world.bodies) {
      const arrays: [string, ArrayLike<number>][] = [['position', body.position], ['linearVelocity', body.linearVelocity]];
      if (this.dim === 3) {
        const b = body as Body;
        arrays.push(['orientation', b.orientation], ['angularVelocity', b.angularVelocity]);
      } else {
        const b = body as Body2D;
        arrays.push(['angle', [b.angle]], ['angularVelocity', [b.angularVelocity]]);
      }
      for (const [label, values] of arrays) {
        for (let i = 0; i < values.length; i++) {
          if (!Number.isFinite(values[i])) return `body ${body.id} ${label} = ${code(Array.from(values))}`;
        }
      }
    }
    return null;
  }

  checkFinite(after: string, world: AnyWorld = this.world): void {
    const bad = this.nonFinite(world);
    if (bad !== null) this.fail('non-finite', `after ${after}: ${bad}`);
  }

  /**
   * Runs one API call, logged as `line`. If it throws: an Error, and nothing changed. If it returns:
   * `mustThrow` (the reason it should have thrown) fails it, and the state must be finite.
   */
  attempt(line: string, call: () => unknown, mustThrow?: { kind: FailureKind; reason: string }): { ok: boolean; value: unknown } {
    const world = this.world;
    const hash = world.hash(), bodies = world.bodies.length, joints = world.joints.length;
    this.log.push(line);
    let value: unknown;
    try {
      value = call();
    } catch (error) {
      if (!(error instanceof Error)) this.fail('not-an-error', `${line} threw ${code(error)}`);
      if (world.hash() !== hash || world.bodies.length !== bodies || world.joints.length !== joints) {
        this.fail('throw-changed-state', `${line} threw (${(error as Error).message}) and changed the world`);
      }
      this.log[this.log.length - 1] = `${line} // throws ${(error as Error).name}: ${(error as Error).message.slice(0, 160)}`;
      return { ok: false, value: undefined };
    }
    if (mustThrow !== undefined) this.fail(mustThrow.kind, `${line} was accepted: ${mustThrow.reason}`);
    this.sync();
    this.checkFinite(line);
    return { ok: true, value };
  }

  /** Steps `world` `count` times by `dt`, each step checked (hash unchanged if it throws on a bad dt). */
  stepChecked(world: AnyWorld, dt: number, count: number, what: string): void {
    for (let i = 0; i < count; i++) {
      try {
        world.step(dt);
      } catch (error) {
        this.fail('step-threw', `${what}: step ${i + 1} of ${count} threw ${(error as Error)?.message ?? code(error)}`);
        return;
      }
      const bad = this.nonFinite(world);
      if (bad !== null) {
        this.fail('non-finite', `${what}: after step ${i + 1} of ${count}: ${bad}`);
        return;
      }
    }
  }

  /** Rebinds the live bodies and joints to `world` by id (after a restore). */
  rebind(world: AnyWorld): void {
    const bodies = new Map<number, AnyBody>(world.bodies.map((b) => [b.id, b]));
    const joints = new Map<number, AnyJoint>(world.joints.map((j) => [j.id, j]));
    this.world = world;
    this.names.set(world.ground, 'world.ground');
    this.bodies = this.bodies.map((b) => bodies.get(b.id)).filter((b): b is AnyBody => b !== undefined);
    this.joints = this.joints.map((j) => joints.get(j.id)).filter((j): j is AnyJoint => j !== undefined);
    for (const b of this.bodies) this.names.set(b, `b${b.id}`);
    for (const j of this.joints) this.names.set(j, `j${j.id}`);
  }

  /** Settings that bound how long a step takes: a sane world has them small. */
  countSettings(world: AnyWorld = this.world): string | null {
    for (const key of ['substeps', 'iterations', 'contactIterations', 'relaxIterations'] as const) {
      if (!(world[key] <= 64)) return `${key} = ${code(world[key])}`;
    }
    return null;
  }
}

type Command = fc.Command<Real, Real>;

// ---------------------------------------------------------------------------------------------------
// References to bodies: a live one by index, or a hostile one.

type BodyRef = { live: number } | 'ground' | 'removed' | 'foreign' | 'self' | null | undefined | number | string;
const bodyRef: fc.Arbitrary<BodyRef> = fc.oneof(
  { weight: 12, arbitrary: fc.nat().map((i) => ({ live: i })) },
  { weight: 1, arbitrary: fc.constantFrom<BodyRef>('ground', 'removed', 'foreign', 'self', null, undefined, 5, '1') },
);

/** The body a reference stands for (`self`: `other`), and whether this world may accept it. */
function resolveBody(r: Real, ref: BodyRef, other?: AnyBody): { value: unknown; valid: boolean } {
  if (ref !== null && typeof ref === 'object') {
    if (r.bodies.length === 0) return { value: r.world.ground, valid: true };
    return { value: r.bodies[ref.live % r.bodies.length], valid: true };
  }
  switch (ref) {
    case 'ground':
      return { value: r.world.ground, valid: true };
    case 'removed':
      return r.removedBodies.length > 0 ? { value: r.removedBodies[0], valid: false } : { value: r.world.ground, valid: true };
    case 'foreign':
      return { value: r.foreignBody, valid: false };
    case 'self':
      return { value: other, valid: other === undefined };
    default:
      return { value: ref, valid: false };
  }
}

// ---------------------------------------------------------------------------------------------------
// Bodies.

const locksF: Field = { valid: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), bad: fc.oneof(hostile, fc.constantFrom<unknown>([true], [1, 0, 0], 'xyz')) };
const positiveVec3F = vecF(3, 1, 0.02);

const surface: Record<string, Field> = {
  position: vecF(3, 0.5),
  orientation: quatF,
  density: numF(0.1, 10),
  friction: numF(0, 2),
  restitution: numF(0, 1),
  rollingResistance: numF(0, 0.2),
  category: intF(1, 0xffff),
  mask: intF(0, 0xffffffff),
  sensor: boolF,
};
const CUBE = [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => [x * 0.3, y * 0.3, z * 0.3])));
const solid = (shape: Record<string, Field>, required: string[]) => options({ ...shape, ...surface }, ['type', ...required], 16);
/** Shapes a dynamic body may carry. */
const solidShape: fc.Arbitrary<unknown> = fc.oneof(
  solid({ type: constF('sphere'), radius: numF(0.05, 1) }, ['radius']),
  solid({ type: constF('capsule'), radius: numF(0.05, 0.5), halfHeight: numF(0, 1) }, ['radius', 'halfHeight']),
  solid({ type: constF('box'), halfExtents: positiveVec3F }, ['halfExtents']),
  solid({
    type: constF('hull'),
    points: {
      valid: fc.constantFrom(CUBE, [[0, 0, 0], [0.5, 0, 0], [0, 0.5, 0], [0, 0, 0.5]], CUBE.flat()),
      bad: fc.oneof(hostile, fc.constantFrom<unknown>([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]], [[0, 0, 0]], [[NaN, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])),
    },
  }, ['points']),
);
/** Shapes only static (planes) or non-dynamic (meshes, heightfields) bodies may carry. */
const groundShape: fc.Arbitrary<unknown> = fc.oneof(
  solid({ type: constF('plane'), normal: vecF(3, 1), offset: numF(-2, 2) }, []),
  solid({
    type: constF('trimesh'),
    // bad: level data as a player's file may hold it: triangles of 1e-100 m (and of 1e-170, 5e-324), a
    // mesh of one triangle given thousands of times
    vertices: {
      valid: fc.constant([-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5]),
      bad: fc.oneof(hostile, fc.constant([NaN, 0, 0, 1, 0, 0, 0, 0, 1]), fc.constantFrom(1e-100, 1e-170, 5e-324).map((k) => [-k, 0, -k, k, 0, -k, k, 0, k, -k, 0, k])),
    },
    indices: {
      valid: fc.constant([0, 2, 1, 0, 3, 2]),
      bad: fc.oneof(hostile, fc.constantFrom<unknown>([0, 1, 7], [0, 0, 0], [0, 1, 2.5], [-1, 0, 1]), fc.integer({ min: 2, max: 3000 }).map((n) => Array.from({ length: 3 * n }, (_, i) => [0, 2, 1][i % 3]))),
    },
  }, ['vertices', 'indices']),
  solid({
    type: constF('heightfield'),
    heights: {
      valid: fc.array(real(-1, 1), { minLength: 9, maxLength: 9 }),
      bad: fc.oneof(hostile, fc.constant([0, 0, 0, 0, Infinity, 0, 0, 0, 0]), fc.constant([1e6, -1e6, 1e6, -1e6, 1e6, -1e6, 1e6, -1e6, 1e6])),
    },
    rows: { valid: fc.constant(3), bad: fc.oneof(hostile, fc.constantFrom<unknown>(1, 2.5, 1e9)) },
    columns: { valid: fc.constant(3), bad: fc.oneof(hostile, fc.constantFrom<unknown>(1, 2.5, 1e9)) },
    size: { valid: vecF(2, 20, 1).valid, bad: fc.oneof(vecF(2, 20, 1).bad, fc.constantFrom<unknown>([1e-100, 1e-100], [5e-324, 5e-324], [1e-170, 1e-170], [1e-6, 1e-6])) },
  }, ['heights', 'rows', 'columns', 'size']),
);

const BODY_KEYS_3D = ['type', 'position', 'orientation', 'linearVelocity', 'angularVelocity', 'mass', 'inertia', 'linearDamping', 'angularDamping', 'gravityScale', 'shapes', 'canSleep', 'lockTranslation', 'lockRotation', 'ccd', 'userData'];
const BODY_KEYS_2D = ['type', 'position', 'angle', 'linearVelocity', 'angularVelocity', 'mass', 'inertia', 'linearDamping', 'angularDamping', 'gravityScale', 'canSleep', 'userData'];
const SHAPE_KEYS: Record<string, readonly string[]> = {
  sphere: ['radius'], capsule: ['radius', 'halfHeight'], box: ['halfExtents'], hull: ['points'], plane: ['normal', 'offset'],
  trimesh: ['vertices', 'indices'], heightfield: ['heights', 'rows', 'columns', 'size'],
};

const inertia3F: Field = { valid: fc.oneof(positiveVec3F.valid, fc.constantFrom([1, 0, 0, 0, 1, 0, 0, 0, 1], [2, 0.1, 0, 0.1, 2, 0, 0, 0, 2])), bad: fc.oneof(positiveVec3F.bad, fc.constantFrom<unknown>([1, 5, 0, 5, 1, 0, 0, 0, 1], [1, 0, 0, 0, 1, 0, 0, 0, -1], [0, 0, 0])) };
const shapesF = (shape: fc.Arbitrary<unknown>): Field => ({ valid: fc.array(shape, { minLength: 1, maxLength: 2 }), bad: fc.oneof(hostile, fc.constantFrom<unknown>([null], ['sphere'], [{ type: 'cone', radius: 1 }])) });
const dynamic3 = {
  position: vecF(3, 5), orientation: quatF, linearVelocity: vecF(3, 10), angularVelocity: vecF(3, 10),
  mass: numF(1e-3, 1e3), inertia: inertia3F, linearDamping: numF(0, 5), angularDamping: numF(0, 5), gravityScale: numF(-2, 2),
  shapes: shapesF(solidShape), canSleep: boolF, lockTranslation: locksF, lockRotation: locksF, ccd: boolF,
};
const bodyOptions3: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 6, arbitrary: options({ type: constF('dynamic'), ...dynamic3 }) },
  { weight: 1, arbitrary: options({ type: constF('static'), position: vecF(3, 5), orientation: quatF, shapes: shapesF(fc.oneof(solidShape, groundShape)) }, ['type']) },
  { weight: 1, arbitrary: options({ type: constF('kinematic'), position: vecF(3, 5), orientation: quatF, linearVelocity: vecF(3, 3), angularVelocity: vecF(3, 3), shapes: shapesF(solidShape) }, ['type']) },
);
const dynamic2 = {
  position: vecF(2, 5), angle: numF(-10, 10), linearVelocity: vecF(2, 10), angularVelocity: numF(-10, 10),
  mass: numF(1e-3, 1e3), inertia: numF(1e-3, 1e3), linearDamping: numF(0, 5), angularDamping: numF(0, 5), gravityScale: numF(-2, 2), canSleep: boolF,
};
const bodyOptions2: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 6, arbitrary: options({ type: constF('dynamic'), ...dynamic2 }) },
  { weight: 1, arbitrary: options({ type: constF('static'), position: vecF(2, 5), angle: numF(-10, 10) }, ['type']) },
  { weight: 1, arbitrary: options({ type: constF('kinematic'), position: vecF(2, 5), angle: numF(-10, 10), linearVelocity: vecF(2, 3), angularVelocity: numF(-3, 3) }, ['type']) },
);

/** Why options must be refused whatever the values: an unknown key, at the top or in a shape. */
function unknownKeyReason(opts: Record<string, unknown>, known: readonly string[]): string | undefined {
  const bad = unknownKeys(opts, known);
  if (Array.isArray(opts.shapes)) {
    for (const shape of opts.shapes as unknown[]) {
      if (shape === null || typeof shape !== 'object') continue;
      const type = (shape as { type?: unknown }).type;
      if (typeof type !== 'string' || !(type in SHAPE_KEYS)) continue;
      bad.push(...unknownKeys(shape, ['type', ...Object.keys(surface), 'group', ...SHAPE_KEYS[type]]));
    }
  }
  const nested: Record<string, readonly string[]> = { motor: ['speed', 'maxForce'], servo: ['target', 'hertz', 'dampingRatio', 'maxForce'] };
  for (const key of Object.keys(nested)) bad.push(...unknownKeys(opts[key], nested[key]));
  return bad.length > 0 ? `unknown option key ${bad.map((k) => JSON.stringify(k)).join(', ')}` : undefined;
}

const MAX_BODIES = 10, MAX_JOINTS = 14;

function createBody(dim: Dimension): fc.Arbitrary<Command> {
  return (dim === 3 ? bodyOptions3 : bodyOptions2).map((opts): Command => ({
    check: (r) => r.bodies.length < MAX_BODIES,
    run: (_m, r) => {
      const reason = unknownKeyReason(opts, dim === 3 ? BODY_KEYS_3D : BODY_KEYS_2D);
      const { ok, value } = r.attempt(`world.createBody(${r.code(opts)});`, () => r.world.createBody(opts as never),
        reason === undefined ? undefined : { kind: 'unknown-key', reason });
      if (ok) {
        const body = value as AnyBody;
        r.names.set(body, `b${body.id}`);
        r.log[r.log.length - 1] = `const b${body.id} = ${r.log[r.log.length - 1]}`;
        r.bodies.push(body);
      }
    },
    toString: () => `createBody(${code(opts)})`,
  }));
}

function removeBody(): fc.Arbitrary<Command> {
  return bodyRef.map((ref): Command => ({
    check: () => true,
    run: (_m, r) => {
      const { value, valid } = resolveBody(r, ref);
      const isGround = value === r.world.ground;
      r.attempt(`world.removeBody(${r.code(value)});`, () => r.world.removeBody(value as never),
        valid && !isGround ? undefined : { kind: 'bad-reference', reason: 'not a live body of this world' });
    },
    toString: () => `removeBody(${code(ref)})`,
  }));
}

/** A write to a body: a method call or a property set, with the arguments as generated. */
interface Write {
  name: string;
  set: boolean;
  args: unknown[];
}
const call = (name: string, ...args: Field[]): fc.Arbitrary<Write> =>
  fc.tuple(...args.map((field) => arg(field))).map((values) => ({ name, set: false, args: values }));
const callOptional = (name: string, first: Field, second: Field): fc.Arbitrary<Write> =>
  fc.tuple(arg(first), fc.option(arg(second), { nil: undefined })).map(([a, b]) => ({ name, set: false, args: b === undefined ? [a] : [a, b] }));
const set = (name: string, value: Field): fc.Arbitrary<Write> => arg(value).map((v) => ({ name, set: true, args: [v] }));

const bodyWrites3: fc.Arbitrary<Write> = fc.oneof(
  call('setPosition', vecF(3, 5)),
  call('setOrientation', quatF),
  call('setLinearVelocity', vecF(3, 20)),
  call('setAngularVelocity', vecF(3, 20)),
  set('linearDamping', numF(0, 5)),
  set('angularDamping', numF(0, 5)),
  set('gravityScale', numF(-2, 2)),
  callOptional('setMassProperties', numF(1e-3, 1e3), positiveVec3F),
  callOptional('moveKinematic', vecF(3, 5), quatF),
  call('setType', constF('dynamic', 'static', 'kinematic')),
  set('lockRotation', locksF),
  set('lockTranslation', locksF),
  set('canSleep', boolF),
  set('ccd', boolF),
  call('wake'),
  callOptional('applyForce', vecF(3, 100), vecF(3, 5)),
  call('applyTorque', vecF(3, 100)),
  callOptional('applyLinearImpulse', vecF(3, 20), vecF(3, 5)),
  call('applyAngularImpulse', vecF(3, 20)),
);
const bodyWrites2: fc.Arbitrary<Write> = fc.oneof(
  call('setPosition', vecF(2, 5)),
  // (large angles too: a body spinning at the speed cap turns 1.7e7 rad a day)
  call('setAngle', { valid: fc.oneof(real(-10, 10), real(-1e7, 1e7)), bad: hostile }),
  call('setLinearVelocity', vecF(2, 20)),
  call('setAngularVelocity', numF(-20, 20)),
  set('linearDamping', numF(0, 5)),
  set('angularDamping', numF(0, 5)),
  set('gravityScale', numF(-2, 2)),
  callOptional('setMassProperties', numF(1e-3, 1e3), numF(1e-3, 1e3)),
  callOptional('moveKinematic', vecF(2, 5), numF(-10, 10)),
  call('setType', constF('dynamic', 'static', 'kinematic')),
  set('canSleep', boolF),
  call('wake'),
  callOptional('applyForce', vecF(2, 100), vecF(2, 5)),
  call('applyTorque', numF(-100, 100)),
  callOptional('applyLinearImpulse', vecF(2, 20), vecF(2, 5)),
);
/** Shape writes (3D): plain properties of a body's first shape. */
const shapeWrites: fc.Arbitrary<Write> = fc.oneof(set('friction', numF(0, 2)), set('restitution', numF(0, 1)), set('mask', intF(0, 0xffffffff)));

function writeLine(r: Real, target: string, write: Write): string {
  return write.set ? `${target}.${write.name} = ${r.code(write.args[0])};` : `${target}.${write.name}(${write.args.map((a) => r.code(a)).join(', ')});`;
}
function perform(target: object, write: Write): unknown {
  const t = target as Record<string, unknown>;
  if (write.set) {
    t[write.name] = write.args[0];
    return undefined;
  }
  return (t[write.name] as (...args: unknown[]) => unknown).apply(target, write.args);
}
function hasWrite(target: object, write: Write): boolean {
  return write.set ? write.name in target : typeof (target as Record<string, unknown>)[write.name] === 'function';
}

function writeBody(dim: Dimension): fc.Arbitrary<Command> {
  return fc.tuple(fc.nat(), dim === 3 ? bodyWrites3 : bodyWrites2).map(([index, write]): Command => ({
    check: (r) => r.bodies.length > 0,
    run: (_m, r) => {
      const body = r.bodies[index % r.bodies.length];
      if (!hasWrite(body, write)) return;
      r.attempt(writeLine(r, r.name(body), write), () => perform(body, write));
    },
    toString: () => `body[${index}].${write.name}(${write.args.map((a) => code(a)).join(', ')})`,
  }));
}

function writeShape(): fc.Arbitrary<Command> {
  return fc.tuple(fc.nat(), shapeWrites).map(([index, write]): Command => ({
    check: (r) => r.bodies.some((b) => (b as Body).shapes?.length > 0),
    run: (_m, r) => {
      const withShapes = r.bodies.filter((b) => (b as Body).shapes?.length > 0) as Body[];
      if (withShapes.length === 0) return;
      const body = withShapes[index % withShapes.length];
      r.attempt(writeLine(r, `${r.name(body)}.shapes[0]`, write), () => perform(body.shapes[0], write));
    },
    toString: () => `shape[${index}].${write.name} = ${code(write.args[0])}`,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Joints.

const common: Record<string, Field> = {
  breakForce: numF(1, 1e4),
  breakTorque: numF(1, 1e4),
  hertz: numF(0, 30),
  dampingRatio: numF(0, 2),
  collideConnected: boolF,
};
const motor: Field = { valid: options({ speed: numF(-10, 10), maxForce: numF(0, 100) }, ['speed']), bad: hostile };
const servo: Field = { valid: options({ target: numF(-1, 1), hertz: numF(0, 10), dampingRatio: numF(0, 2), maxForce: numF(0, 100) }, ['target']), bad: hostile };
const lower = (scale: number) => numF(-scale, 0);
const upper = (scale: number) => numF(0, scale);
const swingF: Field = { valid: fc.oneof(real(0.1, 3), fc.tuple(real(0.1, 3), real(0.1, 3))), bad: fc.oneof(hostile, fc.constantFrom<unknown>([0.1], [-1, 1], [4, 4])) };
const twistF: Field = { valid: fc.tuple(real(-3, 0), real(0, 3)), bad: fc.oneof(hostile, fc.constantFrom<unknown>([1, -1], [-4, 4], [0])) };

const JOINT_OPTIONS_3D: Record<string, Record<string, Field>> = {
  Ball: { anchor: vecF(3, 3), axis: vecF(3, 1), normal: vecF(3, 1), swingLimit: swingF, twistLimit: twistF, frictionTorque: numF(0, 10) },
  Hinge: { anchor: vecF(3, 3), axis: vecF(3, 1), normal: vecF(3, 1), lowerAngle: lower(3), upperAngle: upper(3), motor, servo, frictionTorque: numF(0, 10) },
  Prismatic: { anchor: vecF(3, 3), axis: vecF(3, 1), lowerTranslation: lower(2), upperTranslation: upper(2), motor, servo, frictionForce: numF(0, 10) },
  Distance: { anchorA: vecF(3, 3), anchorB: vecF(3, 3), length: numF(0, 3), minLength: numF(0, 2), maxLength: numF(2, 4) },
  Orientation: {},
  Weld: { anchor: vecF(3, 3) },
};
const REQUIRED_3D: Record<string, string[]> = { Ball: ['anchor'], Hinge: ['anchor', 'axis'], Prismatic: ['anchor', 'axis'], Distance: ['anchorA', 'anchorB'], Orientation: [], Weld: ['anchor'] };
const JOINT_OPTIONS_2D: Record<string, Record<string, Field>> = {
  Revolute: { anchor: vecF(2, 3), lowerAngle: lower(3), upperAngle: upper(3), motor, servo, frictionTorque: numF(0, 10) },
  Weld: { anchor: vecF(2, 3) },
  Angle: {},
};
const REQUIRED_2D: Record<string, string[]> = { Revolute: ['anchor'], Weld: ['anchor'], Angle: [] };
const MOUSE: Record<string, Field> = { anchor: vecF(3, 3), target: vecF(3, 3), hertz: numF(0.1, 30), dampingRatio: numF(0, 2), maxForce: numF(0, 1e4), breakForce: common.breakForce, breakTorque: common.breakTorque };

function createJoint(dim: Dimension): fc.Arbitrary<Command> {
  const table = dim === 3 ? JOINT_OPTIONS_3D : JOINT_OPTIONS_2D;
  const required = dim === 3 ? REQUIRED_3D : REQUIRED_2D;
  const kinds = Object.keys(table).map((kind) =>
    fc.tuple(fc.constant(kind), bodyRef, fc.option(bodyRef, { nil: undefined, freq: 4 }), options({ ...table[kind], ...common }, required[kind])),
  );
  if (dim === 3) kinds.push(fc.tuple(fc.constant('Mouse'), bodyRef, fc.constant(undefined), options(MOUSE)));
  return fc.tuple(fc.oneof(...kinds), fc.boolean()).map(([[kind, refA, refB, given], keepMotor]): Command => {
    // a motor or a servo, not both (the joints refuse both)
    const opts = 'motor' in given && 'servo' in given ? Object.fromEntries(Object.entries(given).filter(([k]) => k !== (keepMotor ? 'servo' : 'motor'))) : given;
    return {
      check: (r) => r.joints.length < MAX_JOINTS && r.bodies.length > 0,
      run: (_m, r) => {
        const a = resolveBody(r, refA);
        // (bodyB null or undefined: the world)
        let b = refB === undefined || refB === null ? { value: refB as unknown, valid: true } : resolveBody(r, refB, a.value as AnyBody);
        if (b.value === a.value && refB !== null && typeof refB === 'object') {
          // two picks of the one body: the next one, or the world
          const next = r.bodies[(r.bodies.indexOf(a.value as AnyBody) + 1) % r.bodies.length];
          b = { value: next === a.value ? undefined : next, valid: true };
        }
        const full: Record<string, unknown> = kind === 'Mouse' ? { body: a.value, ...opts } : { bodyA: a.value, ...opts };
        if (kind !== 'Mouse' && refB !== undefined) full.bodyB = b.value;
        const known = [...Object.keys(kind === 'Mouse' ? MOUSE : { ...table[kind], ...common }), 'bodyA', 'bodyB', 'body', 'userData'];
        const unknown = unknownKeyReason(full, known);
        const mustThrow = !a.valid || !b.valid ? { kind: 'bad-reference' as const, reason: 'a body that is not a live body of this world' }
          : unknown !== undefined ? { kind: 'unknown-key' as const, reason: unknown } : undefined;
        const method = `create${kind}Joint`;
        const { ok, value } = r.attempt(`world.${method}(${r.code(full)});`, () => (r.world as unknown as Record<string, (o: unknown) => unknown>)[method](full), mustThrow);
        if (ok) {
          const joint = value as AnyJoint;
          r.names.set(joint, `j${joint.id}`);
          r.log[r.log.length - 1] = `const j${joint.id} = ${r.log[r.log.length - 1]}`;
          r.joints.push(joint);
        }
      },
      toString: () => `create${kind}Joint(${code(refA)}, ${code(refB)}, ${code(opts)})`,
    };
  });
}

function removeJoint(): fc.Arbitrary<Command> {
  return fc.oneof({ weight: 8, arbitrary: fc.nat().map((i) => ({ live: i })) }, { weight: 1, arbitrary: fc.constantFrom<'removed' | null | number>('removed', null, 1) })
    .map((ref): Command => ({
      check: () => true,
      run: (_m, r) => {
        let value: unknown = ref, valid = false;
        if (ref !== null && typeof ref === 'object') {
          if (r.joints.length === 0) return;
          value = r.joints[ref.live % r.joints.length];
          valid = true;
        } else if (ref === 'removed') {
          if (r.removedJoints.length === 0) return;
          value = r.removedJoints[0];
        }
        r.attempt(`world.removeJoint(${r.code(value)});`, () => r.world.removeJoint(value as never),
          valid ? undefined : { kind: 'bad-reference', reason: 'not a live joint of this world' });
      },
      toString: () => `removeJoint(${code(ref)})`,
    }));
}

const jointWrites: fc.Arbitrary<Write> = fc.oneof(
  set('hertz', numF(0, 30)),
  set('dampingRatio', numF(0, 2)),
  set('breakForce', numF(1, 1e4)),
  set('breakTorque', numF(1, 1e4)),
  call('wakeBodies'),
  callOptional('setSwingLimit', numF(0.1, 3), numF(0.1, 3)),
  call('setTwistLimit', lower(3), upper(3)),
  set('frictionTorque', numF(0, 10)),
  set('frictionForce', numF(0, 10)),
  call('setLimits', lower(3), upper(3)),
  call('setMotor', motor),
  call('setServo', servo),
  call('disableMotor'),
  set('length', numF(0, 3)),
  call('setLengthRange', numF(0, 2), numF(2, 4)),
  call('setTarget', vecF(3, 3)),
  set('maxForce', numF(0, 1e4)),
  // (an impulse of 1 to 6 rows: the joint's rowCount is taken, other lengths are refused)
  call('applyImpulse', { valid: fc.array(real(-20, 20), { minLength: 1, maxLength: 6 }), bad: vecF(3, 20).bad }),
);

function writeJoint(): fc.Arbitrary<Command> {
  return fc.tuple(fc.nat(), jointWrites).map(([index, write]): Command => ({
    check: (r) => r.joints.length > 0,
    run: (_m, r) => {
      const joint = r.joints[index % r.joints.length];
      if (!hasWrite(joint, write)) return;
      r.attempt(writeLine(r, r.name(joint), write), () => perform(joint, write));
    },
    toString: () => `joint[${index}].${write.name}(${write.args.map((a) => code(a)).join(', ')})`,
  }));
}

/** Any write to a removed body or joint throws. */
function writeRemoved(dim: Dimension): fc.Arbitrary<Command> {
  return fc.tuple(fc.boolean(), fc.nat(), dim === 3 ? bodyWrites3 : bodyWrites2, jointWrites).map(([isBody, index, bodyWrite, jointWrite]): Command => ({
    check: (r) => r.removedBodies.length + r.removedJoints.length > 0,
    run: (_m, r) => {
      const list: object[] = isBody ? r.removedBodies : r.removedJoints;
      if (list.length === 0) return;
      const target = list[index % list.length];
      const write = isBody ? bodyWrite : jointWrite;
      if (!hasWrite(target, write)) return;
      r.attempt(writeLine(r, r.name(target), write), () => perform(target, write),
        { kind: 'removed-write', reason: `${r.name(target)} was removed from its world` });
    },
    toString: () => `removed ${isBody ? 'body' : 'joint'}[${index}].${(isBody ? bodyWrite : jointWrite).name}`,
  }));
}

// ---------------------------------------------------------------------------------------------------
// The world: settings, stepping, snapshots.

const worldWrites = (dim: Dimension): fc.Arbitrary<Write> => fc.oneof(
  set('substeps', intF(1, 8)),
  set('iterations', intF(1, 4)),
  set('contactIterations', intF(1, 4)),
  set('relaxIterations', intF(0, 2)),
  set('jointHertz', { valid: fc.oneof(real(1, 120), fc.constant(Infinity)), bad: hostile }),
  set('jointDampingRatio', numF(0, 5)),
  set('warmStarting', boolF),
  set('maxLinearSpeed', numF(1, 1e3)),
  set('maxAngularSpeed', numF(1, 1e3)),
  set('sleeping', boolF),
  set('sleepLinearSpeed', numF(0, 1)),
  set('sleepAngularSpeed', numF(0, 1)),
  set('timeToSleep', numF(0, 2)),
  set('solver', constF('iterative', 'direct')),
  set('fixedTimeStep', numF(1 / 240, 1 / 30)),
  set('maxStepsPerFrame', intF(1, 8)),
  call('setGravity', vecF(dim, 20)),
  ...(dim === 3 ? [set('gyroscopic', boolF), set('restitutionThreshold', numF(0, 5)), set('ccdSpeedThreshold', numF(0, 100))] : []),
);

function writeWorld(dim: Dimension): fc.Arbitrary<Command> {
  return worldWrites(dim).map((write): Command => ({
    check: () => true,
    run: (_m, r) => {
      const { ok } = r.attempt(writeLine(r, 'world', write), () => perform(r.world, write));
      const huge = ok ? r.countSettings() : null;
      if (huge !== null) {
        // a step would take for ever: refused for what it is, then set back so the run can go on
        r.fail('huge-count', `${writeLine(r, 'world', write)} was accepted (${huge})`);
        (r.world as unknown as Record<string, unknown>)[write.name] = 1;
        r.log.push(`world.${write.name} = 1; // (the fuzz model sets it back)`);
      }
    },
    toString: () => `world.${write.name}(${write.args.map((a) => code(a)).join(', ')})`,
  }));
}

const dt = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(1 / 60, 1 / 30, 1 / 120) as fc.Arbitrary<unknown> }, { weight: 4, arbitrary: real(1 / 480, 1 / 20) }, { weight: 1, arbitrary: hostile });
const validDt = (v: unknown): v is number => typeof v === 'number' && v >= MIN_TIME_STEP && v <= MAX_TIME_STEP;

function step(): fc.Arbitrary<Command> {
  return fc.tuple(dt, fc.integer({ min: 1, max: 6 })).map(([h, n]): Command => ({
    check: () => true,
    run: (_m, r) => {
      if (!validDt(h)) {
        r.attempt(`world.step(${r.code(h)});`, () => r.world.step(h as number));
        return;
      }
      r.log.push(`for (let i = 0; i < ${n}; i++) world.step(${r.code(h)});`);
      r.stepChecked(r.world, h, n, `step(${r.code(h)}) x ${n}`);
      r.sync();
    },
    toString: () => `step(${code(h)}) x ${n}`,
  }));
}

function advance(): fc.Arbitrary<Command> {
  return fc.tuple(arg(numF(0, 0.2)), fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'tick', 5) })).map(([seconds, callback]): Command => ({
    check: () => true,
    run: (_m, r) => {
      const args = callback === undefined ? [seconds] : [seconds, callback];
      const line = `world.advance(${args.map((a) => r.code(a)).join(', ')});`;
      const valid = typeof seconds === 'number' && seconds >= 0 && Number.isFinite(seconds) && callback === undefined;
      const { ok } = r.attempt(line, () => (r.world.advance as (...a: unknown[]) => unknown)(...args),
        callback !== undefined ? { kind: 'bad-reference', reason: 'a beforeStep that is not a function' } : undefined);
      if (!ok && valid) r.fail('step-threw', `${line} threw on a valid argument`);
    },
    toString: () => `advance(${code(seconds)}, ${code(callback)})`,
  }));
}

function restoreInto(dim: Dimension, snapshot: unknown): AnyWorld {
  return dim === 3 ? World.restore(snapshot as WorldSnapshot) : World2D.restore(snapshot as WorldSnapshot);
}
const RESTORE = (dim: Dimension) => (dim === 3 ? 'World.restore' : 'World2D.restore');

/** snapshot → JSON → restore into a fresh world: the same hash, and `n` steps later still the same. */
function snapshotRoundTrip(dim: Dimension): fc.Arbitrary<Command> {
  return fc.tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom(1 / 60, 1 / 30, 1 / 240)).map(([n, h]): Command => ({
    check: () => true,
    run: (_m, r) => {
      r.log.push(`const copy = ${RESTORE(dim)}(JSON.parse(JSON.stringify(world.snapshot())));`);
      let copy: AnyWorld;
      try {
        copy = restoreInto(dim, JSON.parse(JSON.stringify(r.world.snapshot())));
      } catch (error) {
        r.fail('snapshot-threw', `snapshot and restore threw ${(error as Error)?.message}`);
        return;
      }
      if (copy.hash() !== r.world.hash()) r.fail('snapshot-replay', `the restored world's hash ${copy.hash()} differs from the original's ${r.world.hash()}`);
      r.log.push(`for (let i = 0; i < ${n}; i++) { world.step(${code(h)}); copy.step(${code(h)}); } // then compare world.hash() and copy.hash()`);
      r.stepChecked(r.world, h, n, 'the original after a snapshot');
      r.stepChecked(copy, h, n, 'the restored copy');
      r.sync();
      if (copy.hash() !== r.world.hash()) r.fail('snapshot-replay', `${n} steps after restoring, the copy's hash ${copy.hash()} differs from the original's ${r.world.hash()}`);
    },
    toString: () => `snapshotRoundTrip(${n}, ${code(h)})`,
  }));
}

/** Goes on with a restored copy of the world (bodies and joints found again by id). */
function continueFromRestored(dim: Dimension): fc.Arbitrary<Command> {
  return fc.constant<Command>({
    check: () => true,
    run: (_m, r) => {
      r.log.push(`world = ${RESTORE(dim)}(JSON.parse(JSON.stringify(world.snapshot()))); // bodies and joints found again by id`);
      try {
        const copy = restoreInto(dim, JSON.parse(JSON.stringify(r.world.snapshot())));
        if (copy.hash() !== r.world.hash()) r.fail('snapshot-replay', 'the restored world hashes differently');
        r.rebind(copy);
      } catch (error) {
        r.fail('snapshot-threw', `snapshot and restore threw ${(error as Error)?.message}`);
      }
    },
    toString: () => 'continueFromRestored',
  });
}

type Corruption =
  | { at: 'number'; index: number; value: unknown }
  | { at: 'top'; key: string; value: unknown }
  | { at: 'body' | 'joint'; index: number; key: string; value: unknown }
  | { at: 'truncate'; keep: number };
const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ at: fc.constant('number' as const), index: fc.nat(), value: fc.constantFrom<unknown>(NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324, -1, 0, 1e9, 2 ** 53) }) },
  { weight: 1, arbitrary: fc.record({ at: fc.constant('top' as const), key: fc.constantFrom('format', 'version', 'bodies', 'joints', 'numbers'), value: hostile }) },
  { weight: 2, arbitrary: fc.record({ at: fc.constantFrom('body' as const, 'joint' as const), index: fc.nat(), key: fc.constantFrom('id', 'type', 'shapes', 'bodyA', 'bodyB', 'brokenLastStep'), value: fc.oneof(hostile, fc.constantFrom<unknown>(-2, 99, 0.5, 'ball', 'revolute', 'static', [{ type: 'sphere', radius: -1 }])) }) },
  { weight: 1, arbitrary: fc.record({ at: fc.constant('truncate' as const), keep: fc.double({ min: 0, max: 1, noNaN: true }) }) },
);

/** A corrupted snapshot is refused with an Error, or restores into a world that steps 200 times finite. */
function restoreCorrupted(dim: Dimension, finalSteps: number): fc.Arbitrary<Command> {
  return corruption.map((c): Command => ({
    check: () => true,
    run: (_m, r) => {
      const snapshot = JSON.parse(JSON.stringify(r.world.snapshot())) as Record<string, unknown> & { bodies: Record<string, unknown>[]; joints: Record<string, unknown>[]; numbers: string };
      let edit: string;
      if (c.at === 'number') {
        const numbers = decodeNumbers(snapshot.numbers);
        const i = c.index % numbers.length;
        numbers[i] = c.value as number;
        snapshot.numbers = encodeNumbers(numbers);
        edit = `numbers[${i}] = ${code(c.value)} (decoded from base64 and encoded again)`;
      } else if (c.at === 'top') {
        snapshot[c.key] = c.value;
        edit = `snapshot.${c.key} = ${code(c.value)}`;
      } else if (c.at === 'truncate') {
        const keep = Math.floor((snapshot.numbers.length * c.keep) / 4) * 4;
        snapshot.numbers = snapshot.numbers.slice(0, keep);
        edit = `snapshot.numbers = snapshot.numbers.slice(0, ${keep})`;
      } else {
        const list = c.at === 'body' ? snapshot.bodies : snapshot.joints;
        if (list.length === 0) return;
        const i = c.index % list.length;
        list[i][c.key] = c.value;
        edit = `snapshot.${c.at === 'body' ? 'bodies' : 'joints'}[${i}].${c.key} = ${code(c.value)}`;
      }
      const line = `${RESTORE(dim)}(snapshot) // snapshot = world.snapshot() with ${edit}`;
      const { ok, value } = r.attempt(line, () => restoreInto(dim, snapshot));
      if (!ok) return;
      const copy = value as AnyWorld;
      r.checkFinite(line, copy);
      const huge = r.countSettings(copy);
      if (huge !== null) {
        r.fail('huge-count', `${line} was accepted with ${huge}`);
        return;
      }
      r.log.push(`for (let i = 0; i < ${finalSteps}; i++) restored.step(1 / 60);`);
      r.stepChecked(copy, 1 / 60, finalSteps, `${line}, then stepped`);
      r.log.push('// (the program goes on with the original world)');
    },
    toString: () => `restoreCorrupted(${code(c)})`,
  }));
}

const WORLD_KEYS = ['gravity', 'substeps', 'iterations', 'contactIterations', 'relaxIterations', 'jointHertz', 'jointDampingRatio', 'warmStarting', 'maxLinearSpeed', 'maxAngularSpeed', 'sleeping', 'solver', 'fixedTimeStep', 'maxStepsPerFrame'];
/** A new world from hostile options: refused, or it steps a pendulum 200 times without NaN. */
function constructWorld(dim: Dimension, finalSteps: number): fc.Arbitrary<Command> {
  const arbitraries: Record<string, Field> = {
    gravity: vecF(dim, 20), substeps: intF(1, 8), iterations: intF(1, 4), contactIterations: intF(1, 4), relaxIterations: intF(0, 2),
    jointHertz: numF(1, 120), jointDampingRatio: numF(0, 5), warmStarting: boolF, maxLinearSpeed: numF(1, 1e3), maxAngularSpeed: numF(1, 1e3),
    sleeping: boolF, solver: constF('iterative', 'direct'), fixedTimeStep: numF(1 / 240, 1 / 30), maxStepsPerFrame: intF(1, 8),
  };
  return options(arbitraries, [], 3).map((opts): Command => ({
    check: () => true,
    run: (_m, r) => {
      const reason = unknownKeyReason(opts, [...WORLD_KEYS, 'onJointBreak', ...(dim === 3 ? ['gyroscopic', 'restitutionThreshold', 'ccdSpeedThreshold'] : [])]);
      const line = `new ${dim === 3 ? 'World' : 'World2D'}(${r.code(opts)})`;
      const { ok, value } = r.attempt(line, () => (dim === 3 ? new World(opts as never) : new World2D(opts as never)), reason === undefined ? undefined : { kind: 'unknown-key', reason });
      if (!ok) return;
      const other = value as AnyWorld;
      const huge = r.countSettings(other);
      if (huge !== null) {
        r.fail('huge-count', `${line} was accepted with ${huge}`);
        return;
      }
      if (dim === 3) {
        const body = (other as World).createBody({ position: [1, 0, 0] });
        (other as World).createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
      } else {
        const body = (other as World2D).createBody({ position: [1, 0] });
        (other as World2D).createRevoluteJoint({ bodyA: body, anchor: [0, 0] });
      }
      r.log.push(`// a pendulum in it, stepped ${finalSteps} times`);
      r.stepChecked(other, 1 / 60, finalSteps, line);
    },
    toString: () => `new World(${code(opts)})`,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Code the world calls back: a contact hook and a query predicate that try to change the world.

type HookAction = 'nan-in-place' | 'setPosition' | 'applyLinearImpulse' | 'step' | 'removeBody' | 'createBody' | 'setGravity' | 'drop';
const hookAction = fc.constantFrom<HookAction>('nan-in-place', 'setPosition', 'applyLinearImpulse', 'step', 'removeBody', 'createBody', 'setGravity', 'drop');

/** What a callback tries on the world (`body`: a live body); returns whether it was refused. */
function tryChange(r: Real, action: HookAction, body: Body): boolean {
  const world = r.world as World;
  try {
    switch (action) {
      case 'setPosition': body.setPosition([0, 3, 0]); break;
      case 'applyLinearImpulse': body.applyLinearImpulse([0, 1, 0]); break;
      case 'step': world.step(1 / 60); break;
      case 'removeBody': world.removeBody(body); break;
      case 'createBody': world.createBody({}); break;
      case 'setGravity': world.setGravity([0, 1, 0]); break;
      default: return true;
    }
  } catch (error) {
    return error instanceof Error;
  }
  return false;
}

/**
 * 3D: steps with an onPreSolve hook that, at its first call, tries a change (refused, by an Error), or
 * writes NaN in place into the pair's body A (that body alone is taken out: no other goes NaN, and the
 * model removes it after), or drops the contact. The hook is cleared after.
 */
function hookStep(): fc.Arbitrary<Command> {
  return fc.tuple(hookAction, fc.integer({ min: 1, max: 4 })).map(([action, n]): Command => ({
    check: (r) => r.bodies.length > 0,
    run: (_m, r) => {
      const world = r.world as World;
      let called = false, accepted = false;
      let poisoned: Body | null = null;
      r.log.push(`world.onPreSolve = (pair) => { /* first call: ${action} */ }; for (let i = 0; i < ${n}; i++) world.step(1 / 60); world.onPreSolve = null;`);
      world.onPreSolve = (pair) => {
        if (called) return true;
        called = true;
        if (action === 'drop') return false;
        if (action === 'nan-in-place') {
          const target = pair.bodyA.isDynamic ? pair.bodyA : pair.bodyB;
          if (!target.isDynamic) return true;
          poisoned = target;
          target.position[1] = NaN;
          return true;
        }
        if (!tryChange(r, action, pair.bodyA.isDynamic ? pair.bodyA : pair.bodyB)) accepted = true;
        return true;
      };
      try {
        for (let i = 0; i < n; i++) {
          try {
            world.step(1 / 60);
          } catch (error) {
            r.fail('step-threw', `a step with a hook that tries ${action} threw ${(error as Error)?.message}`);
            return;
          }
        }
      } finally {
        world.onPreSolve = null;
      }
      if (accepted) r.fail('hook-write', `onPreSolve's ${action} was accepted inside the step`);
      const invalid = world.invalidBodies.filter((b) => b !== poisoned);
      if (invalid.length > 0) r.fail('hook-write', `after a hook that tried ${action}: bodies ${invalid.map((b) => b.id).join(', ')} were taken out, not only the one it wrote`);
      if (poisoned !== null) {
        r.log.push(`world.removeBody(b${(poisoned as Body).id}); // the body the hook wrote NaN into`);
        world.removeBody(poisoned);
        r.sync();
      }
      r.checkFinite(`a step with a hook that tried ${action}`);
    },
    toString: () => `hookStep(${action}, ${n})`,
  }));
}

/** 3D: a query whose predicate tries a change: refused by an Error, and every hit names a live body. */
function predicateWrite(): fc.Arbitrary<Command> {
  const query = fc.constantFrom('castRay', 'castRayAll', 'queryAABB', 'overlapShape', 'castShape');
  return fc.tuple(query, hookAction).map(([name, action]): Command => ({
    check: (r) => r.bodies.length > 0,
    run: (_m, r) => {
      const world = r.world as World;
      let accepted = false;
      const predicate = (body: Body): boolean => {
        if (action !== 'drop' && action !== 'nan-in-place' && !tryChange(r, action, body)) accepted = true;
        return true;
      };
      r.log.push(`world.${name}(…, { predicate: (body) => { /* ${action} */ return true; } });`);
      const hash = world.hash();
      let hits: { body: Body }[] = [];
      const big: [number, number, number] = [100, 100, 100];
      if (name === 'castRay') { const hit = world.castRay([0, 50, 0], [0, -1, 0], Infinity, { predicate }); hits = hit === null ? [] : [hit]; }
      else if (name === 'castRayAll') hits = world.castRayAll([0, 50, 0], [0, -1, 0], Infinity, { predicate });
      else if (name === 'queryAABB') hits = world.queryAABB([-100, -100, -100], big, { predicate });
      else if (name === 'overlapShape') hits = world.overlapShape({ type: 'box', halfExtents: big }, [0, 0, 0], [0, 0, 0, 1], { predicate });
      else { const hit = world.castShape({ type: 'sphere', radius: 1 }, [0, 50, 0], [0, 0, 0, 1], [0, -1, 0], 100, { predicate }); hits = hit === null ? [] : [hit]; }
      if (accepted) r.fail('hook-write', `${name}'s predicate: ${action} was accepted inside the query`);
      if (world.hash() !== hash) r.fail('hook-write', `${name} with a predicate that tries ${action} changed the world`);
      for (const hit of hits) if (hit.body.owner !== world) r.fail('hook-write', `${name} returned a hit on body ${hit.body.id}, not in the world`);
    },
    toString: () => `predicateWrite(${name}, ${action})`,
  }));
}

/** Every command of the model for one dimension, weighted toward building and stepping. */
export function commands(dim: Dimension, finalSteps = 200): fc.Arbitrary<Iterable<Command>> {
  const list: fc.Arbitrary<Command>[] = [
    createBody(dim), createBody(dim), createBody(dim), createBody(dim), createBody(dim),
    removeBody(),
    createJoint(dim), createJoint(dim), createJoint(dim), createJoint(dim),
    removeJoint(),
    writeBody(dim), writeBody(dim), writeBody(dim),
    writeJoint(), writeJoint(),
    writeRemoved(dim),
    writeWorld(dim),
    step(), step(), step(),
    advance(),
    snapshotRoundTrip(dim),
    continueFromRestored(dim),
    restoreCorrupted(dim, finalSteps),
    constructWorld(dim, finalSteps),
  ];
  if (dim === 3) list.push(writeShape(), hookStep(), predicateWrite());
  return fc.commands(list, { maxCommands: 40, size: 'max' });
}

/** Runs one sequence, then `finalSteps` steps of 1/60 s checked for a finite state. */
export function runModel(dim: Dimension, cmds: Iterable<Command>, options: ModelOptions = {}): void {
  const ignore = options.ignore ?? new Set<FailureKind>();
  const finalSteps = options.finalSteps ?? 200;
  let real: Real | null = null;
  fc.modelRun(() => {
    real = new Real(dim, ignore, options.only);
    return { model: real, real };
  }, cmds);
  const r = real as unknown as Real;
  r.log.push(`for (let i = 0; i < ${finalSteps}; i++) world.step(1 / 60);`);
  r.stepChecked(r.world, 1 / 60, finalSteps, `the ${finalSteps} steps after the sequence`);
}
