// What the main thread and the worker say to each other (worker-world.ts on the main thread, host.ts in
// the worker): the messages, the command stream's operations, and how an error crosses. Commands travel
// as one Float64Array of numbers per message (an operation code, then its numbers), with what is not a
// number (options objects, names) in a list beside it that the numbers index; the worker applies them in
// order (commands.ts reads and writes the stream).

import type { WorldOptions } from '../world/world.js';
import type { WorldSnapshot } from '../world/snapshot.js';

/** The command stream's operations; each is followed by the numbers listed (o: an index into the
 * message's objects). */
export const OP = {
  /** dt: one world.step(dt). */
  STEP: 1,
  /** handle, slot, o(options): world.createBody. */
  CREATE_BODY: 2,
  /** handle: world.removeBody. */
  REMOVE_BODY: 3,
  /** handle, o(joint type), o(options, bodies as BodyReference): world.createJoint. */
  CREATE_JOINT: 4,
  /** handle: world.removeJoint. */
  REMOVE_JOINT: 5,
  /** handle, method (VECTOR_METHODS), x, y, z. */
  BODY_VECTOR: 6,
  /** handle, method (POINT_METHODS), has point (0, 1), x, y, z, px, py, pz. */
  BODY_VECTOR_AT: 7,
  /** handle, x, y, z, w: body.setOrientation. */
  BODY_ORIENTATION: 8,
  /** handle, has orientation (0, 1), x, y, z, qx, qy, qz, qw: body.moveKinematic. */
  MOVE_KINEMATIC: 9,
  /** handle, o(method), o(arguments): any other body method (wake, setType, setMassProperties). */
  BODY_CALL: 10,
  /** handle, o(property), o(value): a body property set (linearDamping, canSleep, lockRotation, …). */
  BODY_SET: 11,
  /** handle, o(method), o(arguments): a joint method (setMotor, setLimits, setTarget, …). */
  JOINT_CALL: 12,
  /** handle, o(property), o(value): a joint property set (breakForce, frictionTorque, …). */
  JOINT_SET: 13,
  /** o(setting), o(value): a world setting (substeps, solver, gyroscopic, …). */
  WORLD_SET: 14,
  /** x, y, z: world.setGravity. */
  SET_GRAVITY: 15,
  /** request, ox, oy, oz, dx, dy, dz, maxDistance, o(options) or −1: world.castRay, answered. */
  CAST_RAY: 16,
  /** request, what (ANSWER_KINDS): answered once everything before it is applied. */
  ANSWER: 17,
} as const;

/** BODY_VECTOR's methods, by the number the stream carries: each takes one vector of 3. */
export const VECTOR_METHODS = ['setPosition', 'setLinearVelocity', 'setAngularVelocity', 'applyTorque', 'applyAngularImpulse'] as const;
export type VectorMethod = (typeof VECTOR_METHODS)[number];
/** BODY_VECTOR_AT's methods: a vector of 3, and a world point or none. */
export const POINT_METHODS = ['applyForce', 'applyLinearImpulse'] as const;
export type PointMethod = (typeof POINT_METHODS)[number];
/** ANSWER's questions, by the number the stream carries. */
export const ANSWER_KINDS = ['flush', 'hash', 'snapshot'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** A body in an options object sent to the worker (a joint's bodyA, a query's exclude): its handle. */
export interface BodyReference {
  readonly workerBody: number;
}

/** The world options the worker builds its world from (callbacks cannot be sent). */
export type SentWorldOptions = Omit<WorldOptions, 'onJointBreak' | 'onBodyInvalid' | 'onContactBegin' | 'onContactEnd' | 'onContactForce' | 'onSensorBegin' | 'onSensorEnd' | 'onPreSolve'>;

/** An error thrown in the worker, as it crosses: its class name and message. */
export interface SentError {
  readonly name: string;
  readonly message: string;
}

/** A command the worker's world refused: the error, and the call it came from. */
export interface RefusedCommand extends SentError {
  /** The call, as the world names it ('createBody', 'setLinearVelocity', 'setMotor', …). */
  readonly call: string;
  /** The handle of the body or joint the call made or was made on, 0 for the world. */
  readonly handle: number;
  /** The steps the worker's world had taken for this proxy when it refused. */
  readonly step: number;
}

/** A ray hit as it crosses: the body's handle and the shape's index in its body. */
export interface SentRayHit {
  readonly body: number;
  readonly shape: number;
  readonly distance: number;
  readonly point: readonly number[];
  readonly normal: readonly number[];
}

// ---- main thread → worker ----

export interface InitMessage {
  readonly kind: 'init';
  readonly options: SentWorldOptions;
  /** A snapshot to restore instead (World.restore), or null. */
  readonly snapshot: WorldSnapshot | null;
  /** Poses in a SharedArrayBuffer (true) or in ArrayBuffers passed back and forth. */
  readonly shared: boolean;
  /** Slots the pose buffers start with (they grow as bodies are made). */
  readonly capacity: number;
}
export interface CommandsMessage {
  readonly kind: 'commands';
  /** How many of `numbers` hold commands. */
  readonly count: number;
  readonly numbers: Float64Array;
  readonly objects: readonly unknown[];
}
/** A pose buffer handed back to the worker to write again (ArrayBuffer mode). */
export interface BufferMessage {
  readonly kind: 'buffer';
  readonly buffer: ArrayBuffer;
}
export type ToWorker = InitMessage | CommandsMessage | BufferMessage;

// ---- worker → main thread ----

/** The world is built: its settings as they are, to answer the proxy's getters. */
export interface ReadyMessage {
  readonly kind: 'ready';
  readonly settings: Readonly<Record<string, number | boolean | string>>;
  readonly gravity: readonly number[];
}
export interface FailedMessage {
  readonly kind: 'failed';
  readonly error: SentError;
}
/** Poses written into an ArrayBuffer (ArrayBuffer mode). */
export interface PosesMessage {
  readonly kind: 'poses';
  readonly buffer: ArrayBuffer;
}
/** The SharedArrayBuffer the poses are written into from now on (made at the start, and when it grows). */
export interface SharedMessage {
  readonly kind: 'shared';
  readonly buffer: SharedArrayBuffer;
  readonly capacity: number;
}
export interface RefusedMessage {
  readonly kind: 'refused';
  readonly commands: readonly RefusedCommand[];
}
export interface AnswerMessage {
  readonly kind: 'answer';
  readonly request: number;
  readonly value?: unknown;
  readonly error?: SentError;
}
export type FromWorker = ReadyMessage | FailedMessage | PosesMessage | SharedMessage | RefusedMessage | AnswerMessage;

/** An error as it crosses to the other thread. */
export function sendError(error: unknown): SentError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** An error that crossed, made again of its class (RangeError, TypeError, or Error) and message. */
export function receiveError(sent: SentError): Error {
  const make = sent.name === 'RangeError' ? RangeError : sent.name === 'TypeError' ? TypeError : Error;
  return new make(sent.message);
}
