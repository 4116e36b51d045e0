// The worker's side of a WorkerWorld: builds the World (new, or restored from a snapshot), applies each
// message's commands to it in order (a step is one of them, so commands land between the same steps as
// they were queued between), answers the questions among them (rays, the hash, a snapshot), and after
// each message that changed the world writes every body's pose into the pose buffer (pose-layout.ts) and
// publishes it. A command the world refuses changes nothing, as on the main thread; its error goes back to
// the main thread and the rest of the commands are applied.

import type { Body } from '../body/body.js';
import type { Joint } from '../joints/joint.js';
import { jointDefinition } from '../joints/joint-definitions.js';
import type { QueryOptions } from '../collision/queries.js';
import { World } from '../world/world.js';
import { CommandReader } from './commands.js';
import { endpointOf, type Endpoint, type NodePort, type WebPort } from './endpoint.js';
import { capacityFor, clearSlot, H_MESSAGE_STEPS, H_SLOTS, H_STEP_COUNT, H_STEP_MS, H_STEPS, H_TIME, writeSlot } from './pose-layout.js';
import {
  ANSWER_KINDS, OP, POINT_METHODS, sendError, VECTOR_METHODS, type AnswerMessage, type BodyReference, type CommandsMessage, type InitMessage,
  type RefusedCommand, type RefusedMessage, type SentRayHit, type ToWorker,
} from './protocol.js';
import { SharedPoseWriter } from './shared-poses.js';
import { TransferredPoseWriter } from './transferred-poses.js';
import { isWorkerWorldSetting, WORKER_WORLD_SETTINGS } from './world-settings.js';

declare const performance: { now(): number };

/** The body methods the stream names (BODY_CALL) and the body properties it sets (BODY_SET). */
const BODY_CALLS: readonly string[] = ['wake', 'setType', 'setMassProperties'];
const BODY_PROPERTIES: readonly string[] = ['linearDamping', 'angularDamping', 'gravityScale', 'canSleep', 'ccd', 'lockRotation', 'lockTranslation', 'userData'];

/**
 * Serves a WorkerWorld over `port`: a worker's own global scope (`self`) or node's `parentPort`. The
 * worker world's script (worker-script.js) calls it; a script of your own may too, after doing what it
 * needs to first.
 */
export function serveWorkerWorld(port: WebPort | NodePort): void {
  const endpoint = endpointOf(port);
  let host: WorldHost | null = null;
  endpoint.listen((data) => {
    const message = data as ToWorker;
    if (message.kind === 'init') {
      try {
        host = new WorldHost(endpoint, message);
      } catch (error) {
        endpoint.post({ kind: 'failed', error: sendError(error) });
      }
    } else if (message.kind === 'commands') {
      host?.apply(message);
    } else if (message.kind === 'buffer') {
      host?.receiveBuffer(message.buffer);
    }
  }, () => undefined);
}

class WorldHost {
  private readonly world: World;
  /** Bodies and joints by handle (the ground is handle 0). */
  private readonly bodies = new Map<number, Body>();
  private readonly joints = new Map<number, Joint>();
  private readonly handleOf = new Map<Body, number>();
  /** Each slot's body and handle (null, 0: free). */
  private readonly slotBodies: (Body | null)[] = [];
  private readonly slotHandles: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly reader = new CommandReader();
  private readonly refused: RefusedCommand[] = [];
  private readonly answers: AnswerMessage[] = [];
  private readonly replies: (AnswerMessage | RefusedMessage)[] = [];
  private stepsTaken = 0;
  private stepMs = 0;
  private messageSteps = 0;
  private capacity: number;
  private shared: SharedPoseWriter | null = null;
  private readonly transferred: TransferredPoseWriter | null = null;
  /** A publish waits for a buffer to come back (ArrayBuffer mode). */
  private owed = false;
  /** What interpolation.ts is asked whether the last step moved a body (pose-layout.ts writeSlot). */
  private readonly moved = { stepCount: 0, interpolationAlpha: 0 };
  private readonly vectorA = new Float64Array(3);
  private readonly vectorB = new Float64Array(3);
  private readonly quaternion = new Float64Array(4);

  constructor(private readonly endpoint: Endpoint, init: InitMessage) {
    this.world = init.snapshot !== null ? World.restore(init.snapshot) : new World(init.options);
    this.bodies.set(0, this.world.ground);
    this.world.bodies.forEach((body, i) => this.place(i + 1, i, body));
    this.world.joints.forEach((joint, i) => this.joints.set(i + 1, joint));
    this.capacity = Math.max(init.capacity, capacityFor(Math.max(0, this.slotBodies.length - 1)));
    if (init.shared) this.shared = new SharedPoseWriter(this.capacity);
    else this.transferred = new TransferredPoseWriter(this.capacity, (buffer) => endpoint.post({ kind: 'poses', buffer }, [buffer]));
    this.publish();
    if (this.shared !== null) endpoint.post({ kind: 'shared', buffer: this.shared.buffer, capacity: this.capacity });
    const settings: Record<string, number | boolean | string> = {};
    const world = this.world as unknown as Record<string, number | boolean | string>;
    for (const name of WORKER_WORLD_SETTINGS) settings[name] = world[name];
    endpoint.post({ kind: 'ready', settings, gravity: Array.from(this.world.gravity) });
  }

  /** Applies a message's commands in order, then publishes the poses and sends back what was refused
   * and what was asked. */
  apply(message: CommandsMessage): void {
    const reader = this.reader;
    reader.reset(message.numbers, message.count, message.objects);
    const stepsBefore = this.stepsTaken, msBefore = this.stepMs;
    this.stepMs = 0;
    let changed = false;
    while (!reader.done) {
      const op = reader.number();
      if (op !== OP.CAST_RAY && op !== OP.ANSWER) changed = true;
      this.applyOne(op);
    }
    // a message without steps keeps the figures of the last one with
    if (this.stepsTaken === stepsBefore) this.stepMs = msBefore;
    else this.messageSteps = this.stepsTaken - stepsBefore;
    const grown = this.shared !== null && this.shared.capacity !== this.capacity;
    if (grown) this.shared = new SharedPoseWriter(this.capacity);
    if (changed || grown) this.publish();
    if (grown && this.shared !== null) this.endpoint.post({ kind: 'shared', buffer: this.shared.buffer, capacity: this.capacity });
    if (this.refused.length > 0) {
      this.replies.push({ kind: 'refused', commands: this.refused.slice() });
      this.refused.length = 0;
    }
    for (const answer of this.answers) this.replies.push(answer);
    this.answers.length = 0;
    this.reply();
  }

  /** A pose buffer back from the main thread (ArrayBuffer mode); a publish that waited for one is made,
   * and the replies that waited for it are sent. */
  receiveBuffer(buffer: ArrayBuffer): void {
    this.transferred?.receive(buffer);
    if (!this.owed) return;
    this.publish();
    this.reply();
  }

  /** Sends the refusals and answers, unless the poses that include their commands wait for a buffer:
   * then they wait too, so that the main thread, once answered, holds poses as new as the answer. */
  private reply(): void {
    if (this.owed) return;
    for (const message of this.replies) this.endpoint.post(message);
    this.replies.length = 0;
  }

  private applyOne(op: number): void {
    const reader = this.reader;
    switch (op) {
      case OP.STEP: {
        const dt = reader.number();
        const start = performance.now();
        this.attempt('step', 0, () => this.world.step(dt));
        this.stepMs += performance.now() - start;
        this.stepsTaken++;
        return;
      }
      case OP.CREATE_BODY: {
        const handle = reader.number(), slot = reader.number(), options = reader.object();
        this.attempt('createBody', handle, () => this.place(handle, slot, this.world.createBody(options as object)));
        return;
      }
      case OP.REMOVE_BODY: {
        const handle = reader.number();
        this.attempt('removeBody', handle, () => this.removeBody(handle));
        return;
      }
      case OP.CREATE_JOINT: {
        const handle = reader.number(), type = reader.object(), options = reader.object();
        this.attempt('createJoint', handle, () => {
          const definition = jointDefinition(String(type));
          if (definition === undefined) throw new RangeError(`createJoint: unknown joint type ${JSON.stringify(type)}`);
          this.joints.set(handle, this.world.createJoint(definition, this.resolve(options as Record<string, unknown>)));
        });
        return;
      }
      case OP.REMOVE_JOINT: {
        const handle = reader.number();
        this.attempt('removeJoint', handle, () => {
          this.world.removeJoint(this.joint('removeJoint', handle));
          this.joints.delete(handle);
        });
        return;
      }
      case OP.BODY_VECTOR: {
        const handle = reader.number(), method = VECTOR_METHODS[reader.number()], v = reader.vector(this.vectorA, 3);
        this.attempt(method, handle, () => this.body(method, handle)[method](v));
        return;
      }
      case OP.BODY_VECTOR_AT: {
        const handle = reader.number(), method = POINT_METHODS[reader.number()], hasPoint = reader.number() === 1;
        const v = reader.vector(this.vectorA, 3), p = reader.vector(this.vectorB, 3);
        this.attempt(method, handle, () => this.body(method, handle)[method](v, hasPoint ? p : undefined));
        return;
      }
      case OP.BODY_ORIENTATION: {
        const handle = reader.number(), q = reader.vector(this.quaternion, 4);
        this.attempt('setOrientation', handle, () => this.body('setOrientation', handle).setOrientation(q));
        return;
      }
      case OP.MOVE_KINEMATIC: {
        const handle = reader.number(), hasOrientation = reader.number() === 1;
        const p = reader.vector(this.vectorA, 3), q = reader.vector(this.quaternion, 4);
        this.attempt('moveKinematic', handle, () => this.body('moveKinematic', handle).moveKinematic(p, hasOrientation ? q : undefined));
        return;
      }
      case OP.BODY_CALL: {
        const handle = reader.number(), method = String(reader.object()), args = reader.object() as unknown[];
        this.attempt(method, handle, () => {
          if (!BODY_CALLS.includes(method)) throw new RangeError(`${method}: not a body method the worker world takes (${BODY_CALLS.join(', ')})`);
          const body = this.body(method, handle) as unknown as Record<string, (...values: unknown[]) => void>;
          body[method](...args);
        });
        return;
      }
      case OP.BODY_SET: {
        const handle = reader.number(), property = String(reader.object()), value = reader.object();
        this.attempt(property, handle, () => {
          if (!BODY_PROPERTIES.includes(property)) throw new RangeError(`${property}: not a body property the worker world sets (${BODY_PROPERTIES.join(', ')})`);
          (this.body(property, handle) as unknown as Record<string, unknown>)[property] = value;
        });
        return;
      }
      case OP.JOINT_CALL: {
        const handle = reader.number(), method = String(reader.object()), args = reader.object() as unknown[];
        this.attempt(method, handle, () => {
          const joint = this.joint(method, handle) as unknown as Record<string, unknown>;
          const f = joint[method];
          if (typeof f !== 'function' || method === 'constructor') throw new RangeError(`${method}: not a method of a ${(joint as unknown as Joint).type} joint`);
          (f as (...values: unknown[]) => unknown).apply(joint, args);
        });
        return;
      }
      case OP.JOINT_SET: {
        const handle = reader.number(), property = String(reader.object()), value = reader.object();
        this.attempt(property, handle, () => {
          const joint = this.joint(property, handle) as unknown as Record<string, unknown>;
          if (!(property in joint) || typeof joint[property] === 'function') {
            throw new RangeError(`${property}: not a property of a ${(joint as unknown as Joint).type} joint`);
          }
          joint[property] = value;
        });
        return;
      }
      case OP.WORLD_SET: {
        const name = reader.object(), value = reader.object();
        this.attempt(String(name), 0, () => {
          if (!isWorkerWorldSetting(name)) throw new RangeError(`${String(name)}: not a world setting`);
          (this.world as unknown as Record<string, unknown>)[name] = value;
        });
        return;
      }
      case OP.SET_GRAVITY: {
        const g = reader.vector(this.vectorA, 3);
        this.attempt('setGravity', 0, () => this.world.setGravity(g));
        return;
      }
      case OP.CAST_RAY: {
        const request = reader.number(), origin = reader.vector(this.vectorA, 3), direction = reader.vector(this.vectorB, 3);
        const maxDistance = reader.number(), options = reader.object() as Record<string, unknown> | undefined;
        this.answer(request, () => {
          const hit = this.world.castRay(origin, direction, maxDistance, options === undefined ? undefined : this.resolveQuery(options));
          return hit === null ? null : this.sendHit(hit.body, hit.body.shapes.indexOf(hit.shape), hit.distance, hit.point, hit.normal);
        });
        return;
      }
      case OP.ANSWER: {
        const request = reader.number(), kind = ANSWER_KINDS[reader.number()];
        this.answer(request, () => (kind === 'hash' ? this.world.hash() : kind === 'snapshot' ? this.world.snapshot() : undefined));
        return;
      }
      default:
        throw new RangeError(`WorkerWorld: unknown command ${op} (the main thread and the worker run different versions?)`);
    }
  }

  /** Runs a command; an error is kept to send back (the world changed nothing). */
  private attempt(call: string, handle: number, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.refused.push({ call, handle, step: this.stepsTaken, ...sendError(error) });
    }
  }

  /** Runs a question; its answer, or its error, is sent once the message is applied. */
  private answer(request: number, run: () => unknown): void {
    try {
      this.answers.push({ kind: 'answer', request, value: run() });
    } catch (error) {
      this.answers.push({ kind: 'answer', request, error: sendError(error) });
    }
  }

  private place(handle: number, slot: number, body: Body): void {
    this.bodies.set(handle, body);
    this.handleOf.set(body, handle);
    this.slotOf.set(handle, slot);
    while (this.slotBodies.length <= slot) {
      this.slotBodies.push(null);
      this.slotHandles.push(0);
    }
    this.slotBodies[slot] = body;
    this.slotHandles[slot] = handle;
    if (slot >= this.capacity) {
      this.capacity = capacityFor(slot);
      this.transferred?.grow(this.capacity);
    }
  }

  private removeBody(handle: number): void {
    const body = this.body('removeBody', handle);
    this.world.removeBody(body);
    this.bodies.delete(handle);
    this.handleOf.delete(body);
    const slot = this.slotOf.get(handle) ?? -1;
    this.slotOf.delete(handle);
    this.slotBodies[slot] = null;
    this.slotHandles[slot] = 0;
    // the world took the body's joints with it
    for (const [jointHandle, joint] of this.joints) if (joint.removed) this.joints.delete(jointHandle);
  }

  private body(call: string, handle: number): Body {
    const body = this.bodies.get(handle);
    if (body === undefined) throw new RangeError(`${call}: the body is not in the worker's world (its createBody was refused, or it was removed)`);
    return body;
  }

  private joint(call: string, handle: number): Joint {
    const joint = this.joints.get(handle);
    if (joint === undefined) throw new RangeError(`${call}: the joint is not in the worker's world (its creation was refused, or it was removed)`);
    return joint;
  }

  /** A body sent as a reference (BodyReference), as the worker's world has it; anything else as it is. */
  private resolveBody(value: unknown): unknown {
    if (value === null || typeof value !== 'object' || !('workerBody' in value)) return value;
    const handle = (value as BodyReference).workerBody;
    return this.body('a body given in options', handle);
  }

  /** Options with their bodies (given as references) resolved. */
  private resolve(options: Record<string, unknown>): never {
    const resolved: Record<string, unknown> = {};
    for (const key of Object.keys(options)) resolved[key] = this.resolveBody(options[key]);
    return resolved as never;
  }

  private resolveQuery(options: Record<string, unknown>): QueryOptions {
    const exclude = options.exclude;
    const resolved: Record<string, unknown> = { ...options };
    if (Array.isArray(exclude)) resolved.exclude = exclude.map((value) => this.resolveBody(value));
    else if (exclude !== undefined) resolved.exclude = this.resolveBody(exclude);
    return resolved as QueryOptions;
  }

  private sendHit(body: Body, shape: number, distance: number, point: Float64Array, normal: Float64Array): SentRayHit {
    return { body: this.handleOf.get(body) ?? -1, shape, distance, point: Array.from(point), normal: Array.from(normal) };
  }

  /** Writes every body's pose into the pose buffer and hands it to the main thread. */
  private publish(): void {
    const region = this.shared !== null ? this.shared.region : this.transferred?.region ?? null;
    if (region === null) {
      this.owed = true;
      return;
    }
    this.owed = false;
    const world = this.world;
    region[H_STEPS] = this.stepsTaken;
    region[H_STEP_COUNT] = world.stepCount;
    region[H_TIME] = world.time;
    region[H_STEP_MS] = this.stepMs;
    region[H_MESSAGE_STEPS] = this.messageSteps;
    region[H_SLOTS] = this.slotBodies.length;
    this.moved.stepCount = world.stepCount;
    for (let slot = 0; slot < this.slotBodies.length; slot++) {
      const body = this.slotBodies[slot];
      if (body === null) clearSlot(region, slot);
      else writeSlot(region, slot, this.slotHandles[slot], body, this.moved);
    }
    if (this.shared !== null) this.shared.publish();
    else this.transferred?.publish();
  }
}
