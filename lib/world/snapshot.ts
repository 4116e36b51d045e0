// Snapshots, restore and the determinism hash: a world's complete state as plain data, written and read
// in one order (writeWorldState) so that a restored world steps on bit for bit (docs/determinism-and-snapshots.md, "Snapshots",
// "Determinism"). The world's part is SnapshotWorld; World and World2D add their bodies' shapes, their
// extra settings and their contacts through its format members.

import type { BodyType } from '../body/body-type.js';
import { readBodyType } from '../body/body-type.js';
import type { BodyStateIO, CoreBody } from '../body/core-body.js';
import type { ShapeOptions } from '../geometry/shape.js';
import type { JointCore } from '../joints/joint-core.js';
import type { TreeJoint } from '../solver/direct/tree-joint.js';
import { StateReader, StateWriter, decodeNumbers, encodeNumbers, hashNumbers } from '../util/state.js';
import { requireEntry, requireKnownKeys, requireRoundTrip, requireSnapshotArray } from '../util/restore-check.js';
import {
  readGravity, requireBoolean, requireDampingRatio, requireInteger, requireNonNegative, requirePositiveOrInfinity, requirePositiveWithin,
  requireWithin, show,
} from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_ITERATIONS, MAX_LINEAR_SPEED, MAX_SUBSTEPS, MAX_TIME_STEP, MIN_TIME_STEP } from '../limits.js';
import type { StepPipeline } from './pipeline.js';
import type { WorldRegistry } from './registry.js';
import type { SettingStores } from './settings.js';
import { writeName } from './structure-hash.js';

/**
 * A world's complete state as plain, JSON-safe data: the bodies' and joints' kinds and how they connect,
 * and every number the step reads, as the base64 bytes of a Float64Array (exact to the bit). Callbacks
 * and userData are not included.
 */
export interface SnapshotBody {
  id: number;
  type: BodyType;
  shapes?: ShapeOptions[];
  /** BodyOptions.contactForceEventThreshold, N, when not Infinity (3D). */
  contactForceEventThreshold?: number;
}

export interface WorldSnapshot {
  format: 'sinew-world' | 'sinew-world-2d';
  /** 8 (since the settings hold exactSubsteps); 1 to 7 are still read. */
  version: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  /** `shapes`: the body's collision shapes, about its centre of mass (3D). */
  bodies: SnapshotBody[];
  /** bodyA and bodyB index `bodies`; −1 is the world's ground. */
  joints: SnapshotJoint[];
  numbers: string;
}

export interface SnapshotJoint {
  id: number;
  type: string;
  bodyA: number;
  bodyB: number;
  brokenLastStep: boolean;
}

/** The fewest numbers a body's and a joint's state take in a snapshot (a 2D body's, a joint's limits and
 * flags): a snapshot with more bodies or joints than its numbers can hold is refused before its lists
 * are walked. */
const MIN_BODY_NUMBERS = 10, MIN_JOINT_NUMBERS = 5;

/** An error of a check made while restoring, rethrown with the path in the snapshot it concerns: the
 * call's name it began with (`createBody: `) gives way to `where` and the path. */
function atPath(where: string, path: string, error: unknown): Error {
  if (!(error instanceof Error)) return new Error(`${where}: ${path}: ${String(error)}`);
  const message = error.message.replace(/^[\w.]+: /, '');
  const Kind = error instanceof TypeError ? TypeError : error instanceof RangeError ? RangeError : Error;
  return new Kind(`${where}: ${path}: ${message}`);
}

/** The snapshot layout `snapshot()` writes. 2: World2D's numbers begin with its flags (the direct solver).
 * 3: an axis drive (hinge, slider, revolute, distance joint, twist limits) ends with its motor and limit
 * force readouts. 4: the settings hold contactIterations after iterations. 5: a kinematic body ends with
 * its pose target (moveKinematic). 6: a body's number of flags holds continuous collision (2) beside a
 * diagonal inertia (1), and a world's extras flags may announce its ccdSpeedThreshold (16): read the same
 * way for 1 to 5, which have neither, but a reader of 5 would take a body's 2 for a diagonal inertia.
 * 7: a joint's flags mark the direct solver's order after a break (4). 8: the settings hold
 * exactSubsteps after substeps, and a joint's flags mark one the next step settles (8). 9: a joint's
 * flags mark a spring in physical units (16), its stiffness and damping in the places of hertz and
 * dampingRatio, and an axis drive's mode 3 is a servo in physical units, likewise. */
export const SNAPSHOT_VERSION = 9;

/** The joints a snapshot holds. */
type SnapshotJointLike<B extends CoreBody> = JointCore<B> & TreeJoint<B>;

/** @internal What the snapshot code reads and refills of a world: its contents, settings and step
 * state, and the format members where World and World2D differ. */
export interface SnapshotWorld<B extends CoreBody, J extends SnapshotJointLike<B>> {
  readonly gravity: Float64Array;
  readonly ground: B;
  readonly registry: WorldRegistry<B, J>;
  readonly pipeline: StepPipeline<B, J>;
  readonly settingStores: SettingStores;
  /** 'sinew-world' (3D) or 'sinew-world-2d'. */
  readonly snapshotFormat: WorldSnapshot['format'];
  /** The fields a snapshot's body entry may have. */
  readonly snapshotBodyKeys: readonly string[];
  /** How a body's own numbers are written, read and checked (body-state-io.ts in each dimension). */
  readonly bodyStateIO: BodyStateIO<B>;
  /** Settings only the world has (3D: gyroscopic, its contacts). */
  saveWorldExtras(writer: StateWriter): void;
  /** `version`: the snapshot's (the hash's own streams are always the current version's); `where`: the
   * restore call, for messages (every number is checked). */
  loadWorldExtras(reader: StateReader, version: number, where: string): void;
  /** After restoreWorld made the bodies and joints (3D: the contacts read by loadWorldExtras). */
  afterRestore(where: string): void;
  /** What the hash reads of a body beside its state, as the snapshot's `bodies` entry lists it: its
   * type (3D: and its shapes, structure-hash.ts). */
  writeBodyStructure(writer: StateWriter, body: B): void;
  /** A body as a snapshot lists it. */
  describeBody(body: B): SnapshotBody;
  /** A body of the given type and shapes (restore overwrites its state). */
  createPlaceholderBody(entry: SnapshotBody): B;
  /** A joint of the given type between two bodies, with any valid options (restore overwrites them). */
  createPlaceholderJoint(type: string, bodyA: B, bodyB: B): J;
}

/** @internal The world's hash (WorldCore.hash): its state and structure as writeWorldState writes them,
 * FNV-1a over the bits. */
export function hashWorld<B extends CoreBody, J extends SnapshotJointLike<B>>(world: SnapshotWorld<B, J>): string {
  const writer = new StateWriter();
  writeWorldState(world, writer, true);
  return hashNumbers(writer.result());
}

/** @internal The world's complete state as plain data (WorldCore.snapshot); `restore` continues from it
 * bit for bit. */
export function takeSnapshot<B extends CoreBody, J extends SnapshotJointLike<B>>(world: SnapshotWorld<B, J>): WorldSnapshot {
  if (world.pipeline.stepping) throw new Error('snapshot: called from inside a step callback');
  // an invalid body made finite again is saved as it is: it comes back at the step after restore, as
  // it would have here
  const invalid = world.registry.invalidBodies.filter((body) => body.nonFiniteQuantity() !== null);
  if (invalid.length > 0) {
    const one = invalid.length === 1;
    throw new RangeError(
      `snapshot: body ${invalid.map((body) => body.id).join(', ')} ${one ? 'has a pose or velocity that is' : 'have poses or velocities that are'} not finite (world.invalidBodies); remove ${one ? 'it' : 'them'}, or set ${one ? 'its' : 'their'} position, orientation and velocities, first`,
    );
  }
  const writer = new StateWriter();
  writeWorldState(world, writer, false);
  const index = new Map<B, number>();
  world.registry.bodies.forEach((body, i) => index.set(body, i));
  const at = (body: B) => (body === world.ground ? -1 : (index.get(body) as number));
  return {
    format: world.snapshotFormat,
    version: SNAPSHOT_VERSION,
    bodies: world.registry.bodies.map((body) => world.describeBody(body)),
    joints: world.registry.joints.map((joint) => ({
      id: joint.id, type: joint.type, bodyA: at(joint.bodyA), bodyB: at(joint.bodyB), brokenLastStep: world.registry.brokenLastStep.includes(joint),
    })),
    numbers: encodeNumbers(writer.result()),
  };
}

function writeWorldState<B extends CoreBody, J extends SnapshotJointLike<B>>(world: SnapshotWorld<B, J>, writer: StateWriter, withStructure: boolean): void {
  const s = world.settingStores.solver;
  writer.writeArray(world.gravity);
  writer.write(s.substeps);
  writer.write(s.exactSubsteps);
  writer.write(s.iterations);
  writer.write(s.contactIterations);
  writer.write(s.relaxIterations);
  writer.write(s.jointHertz);
  writer.write(s.jointDampingRatio);
  writer.writeBoolean(s.warmStarting);
  writer.write(s.maxLinearSpeed);
  writer.write(s.maxAngularSpeed);
  const sleep = world.settingStores.sleep;
  writer.writeBoolean(sleep.sleeping);
  writer.write(sleep.sleepLinearSpeed);
  writer.write(sleep.sleepAngularSpeed);
  writer.write(sleep.timeToSleep);
  writer.write(world.pipeline.time);
  writer.write(world.pipeline.stepCount);
  writer.write(world.registry.nextBodyId);
  writer.write(world.registry.nextJointId);
  writer.write(world.pipeline.stepContext.previousH);
  world.saveWorldExtras(writer);
  const order = world.pipeline.savedOrder();
  for (const body of world.registry.bodies) {
    if (withStructure) {
      writer.write(body.id);
      world.writeBodyStructure(writer, body);
    }
    body.saveState(writer, world.bodyStateIO);
  }
  for (const joint of world.registry.joints) {
    if (withStructure) {
      writer.write(joint.id);
      writeName(writer, joint.type);
      writer.write(joint.bodyA.id);
      writer.write(joint.bodyB.id);
      writer.writeBoolean(world.registry.brokenLastStep.includes(joint));
    }
    joint.saveState(writer, order !== null && order.has(joint));
  }
}

/**
 * @internal Fills a new, empty world from a snapshot, checking everything it reads as createBody, the
 * create*Joint calls and the constructor check their options (docs/determinism-and-snapshots.md, "Snapshots"): the first bad field
 * throws, naming its path in the snapshot. The world is a temporary one that World.restore hands out
 * only when all of it was read, so a refused snapshot changes nothing.
 */
export function restoreWorld<B extends CoreBody, J extends SnapshotJointLike<B>>(world: SnapshotWorld<B, J>, where: string, snapshot: WorldSnapshot): void {
  if (snapshot === null || typeof snapshot !== 'object' || snapshot.format !== world.snapshotFormat) {
    throw new TypeError(`${where}: not a ${world.snapshotFormat} snapshot, got format ${show(snapshot?.format)}`);
  }
  requireKnownKeys(where, 'snapshot', snapshot, ['format', 'version', 'bodies', 'joints', 'numbers']);
  if (!(Number.isInteger(snapshot.version) && snapshot.version >= 1 && snapshot.version <= SNAPSHOT_VERSION)) {
    throw new RangeError(`${where}: snapshot version ${show(snapshot.version)} is not supported (1 to ${SNAPSHOT_VERSION} are)`);
  }
  const version = snapshot.version;
  let numbers: Float64Array;
  try {
    numbers = decodeNumbers(snapshot.numbers);
  } catch (error) {
    throw atPath(where, 'numbers', error);
  }
  const [bodyEntries, jointEntries] = readSnapshotEntries(where, snapshot, numbers.length, world.snapshotBodyKeys);
  const reader = new StateReader(numbers, version);
  reader.context = `${where}: settings`;
  const gravity = new Float64Array(world.gravity.length);
  reader.readInto(gravity);
  readGravity(where, 'settings.gravity', gravity, gravity.length, world.gravity);
  const s = world.settingStores.solver;
  s.substeps = requireInteger(where, 'settings.substeps', reader.read(), 1, MAX_SUBSTEPS);
  // (before version 8 a step the direct solver held alone took `substeps` too)
  s.exactSubsteps = version >= 8 ? requireInteger(where, 'settings.exactSubsteps', reader.read(), 1, MAX_SUBSTEPS) : s.substeps;
  s.iterations = requireInteger(where, 'settings.iterations', reader.read(), 1, MAX_ITERATIONS);
  // (before version 4 the contacts were solved in every biased sweep)
  s.contactIterations = version >= 4 ? requireInteger(where, 'settings.contactIterations', reader.read(), 1, MAX_ITERATIONS) : s.iterations;
  s.relaxIterations = requireInteger(where, 'settings.relaxIterations', reader.read(), 0, MAX_ITERATIONS);
  s.jointHertz = requirePositiveOrInfinity(where, 'settings.jointHertz', reader.read(), 'the stiffest stable');
  s.jointDampingRatio = requireDampingRatio(where, 'settings.jointDampingRatio', reader.read());
  s.warmStarting = reader.readBoolean();
  s.maxLinearSpeed = requirePositiveWithin(where, 'settings.maxLinearSpeed', reader.read(), 0, MAX_LINEAR_SPEED, ' m/s');
  s.maxAngularSpeed = requirePositiveWithin(where, 'settings.maxAngularSpeed', reader.read(), 0, MAX_ANGULAR_SPEED, ' rad/s');
  const sleep = world.settingStores.sleep;
  sleep.sleeping = reader.readBoolean();
  sleep.sleepLinearSpeed = requireNonNegative(where, 'settings.sleepLinearSpeed', reader.read());
  sleep.sleepAngularSpeed = requireNonNegative(where, 'settings.sleepAngularSpeed', reader.read());
  sleep.timeToSleep = requireNonNegative(where, 'settings.timeToSleep', reader.read());
  world.pipeline.time = requireNonNegative(where, 'settings.time', reader.read());
  world.pipeline.stepCount = requireInteger(where, 'settings.stepCount', reader.read(), 0, Number.MAX_SAFE_INTEGER);
  // (ids are below 2^26, contact-set.ts pairKey)
  const nextBodyId = requireInteger(where, 'settings.nextBodyId', reader.read(), 1, 2 ** 26);
  const nextJointId = requireInteger(where, 'settings.nextJointId', reader.read(), 1, Number.MAX_SAFE_INTEGER);
  // the last substep: 0 before the first step, else one the step could have taken
  const previousH = requireNonNegative(where, 'settings.previousH', reader.read());
  if (previousH !== 0) requireWithin(where, 'settings.previousH', previousH, MIN_TIME_STEP / MAX_SUBSTEPS, MAX_TIME_STEP, ' s');
  world.pipeline.stepContext.previousH = previousH;
  world.loadWorldExtras(reader, version, where);
  bodyEntries.forEach((entry, i) => {
    const path = `bodies[${i}]`;
    if (entry.id >= nextBodyId) throw new RangeError(`${where}: ${path}.id ${entry.id} must be below settings.nextBodyId (${nextBodyId})`);
    reader.context = `${where}: ${path}`;
    world.registry.nextBodyId = entry.id;
    let body: B;
    try {
      body = world.createPlaceholderBody(entry);
    } catch (error) {
      throw atPath(where, path, error);
    }
    const start = reader.position;
    body.loadState(reader, world.bodyStateIO);
    // (older layouts read differently from how the current one writes)
    if (version === SNAPSHOT_VERSION) requireRoundTrip(where, path, reader.numbersSince(start), (writer) => body.saveState(writer, world.bodyStateIO));
    body.checkState(where, path, world.bodyStateIO);
  });
  const body = (i: number): B => (i === -1 ? world.ground : world.registry.bodies[i]);
  // making and loading the joints wakes their bodies (resetting the rest timers just read): kept aside
  const restTimes = world.registry.bodies.map((b) => b.sleep.time);
  jointEntries.forEach((entry, i) => {
    const path = `joints[${i}]`;
    if (entry.id >= nextJointId) throw new RangeError(`${where}: ${path}.id ${entry.id} must be below settings.nextJointId (${nextJointId})`);
    reader.context = `${where}: ${path}`;
    world.registry.nextJointId = entry.id;
    let joint: J;
    try {
      joint = world.createPlaceholderJoint(entry.type, body(entry.bodyA), body(entry.bodyB));
    } catch (error) {
      throw atPath(where, path, error);
    }
    const start = reader.position;
    joint.loadState(reader);
    if (version === SNAPSHOT_VERSION) requireRoundTrip(where, path, reader.numbersSince(start), (writer) => joint.saveState(writer, joint.inSavedOrder));
    joint.checkState(where, path);
    if (joint.broken) world.registry.activeJoints.splice(world.registry.activeJoints.indexOf(joint), 1);
    if (entry.brokenLastStep) world.registry.brokenLastStep.push(joint);
  });
  world.registry.bodies.forEach((b, i) => (b.sleep.time = restTimes[i]));
  // (the joints made by the restore were marked: those the snapshot marks stay)
  world.pipeline.settlePending = world.registry.joints.filter((joint) => joint.settlePending);
  if (!reader.done) {
    throw new RangeError(`${where}: numbers: ${reader.remaining} numbers are left over after the last joint (is the snapshot from another version?)`);
  }
  world.registry.nextBodyId = nextBodyId;
  world.registry.nextJointId = nextJointId;
  world.pipeline.islands.rebuild(world.registry.bodies);
  // (the islands as read: the awake lists follow from the topologyVersion below, and the order kept)
  world.pipeline.islandsVersion = world.pipeline.islands.version;
  // the direct solver's order as the original world kept it (version 7 on)
  const order = version >= 7 && world.pipeline.solverKind === 'direct' ? world.registry.joints.filter((joint) => joint.inSavedOrder) : [];
  if (order.length > 0) world.pipeline.tree.restoreOrder(world.pipeline.awakeNow(), order);
  world.registry.changed();
  world.afterRestore(where);
}

/** A snapshot's `bodies` and `joints` lists, every entry checked: ids whole, in range and unique, body
 * types known, joints' bodies indices of `bodies` (−1 the ground). No list is longer than `count`
 * numbers could describe. (A body's shapes are checked by createBody as it is made.) */
function readSnapshotEntries(where: string, snapshot: WorldSnapshot, count: number, bodyKeys: readonly string[]): [SnapshotBody[], SnapshotJoint[]] {
  // a body's state is at least MIN_BODY_NUMBERS numbers, a joint's MIN_JOINT_NUMBERS
  const bodies = requireSnapshotArray(where, 'bodies', snapshot.bodies, Math.floor(count / MIN_BODY_NUMBERS));
  const joints = requireSnapshotArray(where, 'joints', snapshot.joints, Math.floor(count / MIN_JOINT_NUMBERS));
  const bodyIds = new Set<number>(), jointIds = new Set<number>();
  const bodyEntries = bodies.map((value, i): SnapshotBody => {
    const path = `bodies[${i}]`;
    const entry = requireEntry(where, path, value);
    requireKnownKeys(where, path, entry, bodyKeys);
    const id = requireInteger(where, `${path}.id`, entry.id, 1, 2 ** 26 - 1);
    if (bodyIds.has(id)) throw new RangeError(`${where}: ${path}.id ${id} is the id of an earlier body too; ids must be unique`);
    bodyIds.add(id);
    const type = readBodyType(`${where}: ${path}`, entry.type);
    // (a shape's state is its friction and restitution: 2 numbers)
    if (entry.shapes !== undefined) requireSnapshotArray(where, `${path}.shapes`, entry.shapes, Math.floor(count / 2));
    const described: SnapshotBody = entry.shapes === undefined ? { id, type } : { id, type, shapes: entry.shapes as ShapeOptions[] };
    // (checked by createBody, as the shapes are)
    if (entry.contactForceEventThreshold !== undefined) described.contactForceEventThreshold = entry.contactForceEventThreshold as number;
    return described;
  });
  const bodyIndex = (path: string, value: unknown): number => requireInteger(where, path, value, -1, bodies.length - 1);
  const jointEntries = joints.map((value, i): SnapshotJoint => {
    const path = `joints[${i}]`;
    const entry = requireEntry(where, path, value);
    requireKnownKeys(where, path, entry, ['id', 'type', 'bodyA', 'bodyB', 'brokenLastStep']);
    const id = requireInteger(where, `${path}.id`, entry.id, 1, Number.MAX_SAFE_INTEGER);
    if (jointIds.has(id)) throw new RangeError(`${where}: ${path}.id ${id} is the id of an earlier joint too; ids must be unique`);
    jointIds.add(id);
    if (typeof entry.type !== 'string') throw new TypeError(`${where}: ${path}.type must be a string, got ${show(entry.type)}`);
    const bodyA = bodyIndex(`${path}.bodyA`, entry.bodyA), bodyB = bodyIndex(`${path}.bodyB`, entry.bodyB);
    const brokenLastStep = requireBoolean(where, `${path}.brokenLastStep`, entry.brokenLastStep);
    return { id, type: entry.type, bodyA, bodyB, brokenLastStep };
  });
  return [bodyEntries, jointEntries];
}
