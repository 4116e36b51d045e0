// A World stepped in a worker, driven from the main thread. WorkerWorld takes the world's commands under
// the world's names (createBody, removeBody, create…Joint, setGravity, the settings, and each body's and
// joint's own through WorkerBody and WorkerJoint) and queues them; a step is queued among them, so the
// worker (host.ts) applies each command between the same two steps it was called between, and its world
// steps bit for bit as a World given the same calls at the same steps would. Questions (castRay, hash,
// snapshot, flush) are answered as Promises, once everything before them is applied.
//
// Time: `advance(elapsed)` is World.advance on the main thread: its fixed-step clock (world/clock.ts)
// decides how many steps of fixedTimeStep are due and the alpha to draw at, and the steps are sent. The
// worker answers with the bodies' poses (pose-layout.ts: in shared memory, shared-poses.ts, or in
// transferred buffers, transferred-poses.ts). Each advance first takes the newest poses that have
// arrived and draws them at the time the previous advance asked for: when the worker keeps up, that is
// exactly what World.advance would have drawn one frame earlier, so the picture runs one frame behind
// the main thread's clock, and moves on smoothly at any display rate. A worker that falls behind is drawn
// at the last pose it delivered (the picture waits, it never runs backwards), and advance queues no more
// than maxQueuedSteps steps ahead of it, dropping the rest of the time as World.advance drops what
// exceeds maxStepsPerFrame.

import type { Body, BodyOptions, BodyType } from '../body/body.js';
import type { BallJoint, BallJointOptions } from '../joints/ball-joint.js';
import type { DistanceJoint, DistanceJointOptions } from '../joints/distance-joint.js';
import type { HingeJoint, HingeJointOptions } from '../joints/hinge-joint.js';
import type { Joint, JointType } from '../joints/joint.js';
import type { MouseJoint, MouseJointOptions } from '../joints/mouse-joint.js';
import type { OrientationJoint, OrientationJointOptions } from '../joints/orientation-joint.js';
import type { PrismaticJoint, PrismaticJointOptions } from '../joints/prismatic-joint.js';
import type { WeldJoint, WeldJointOptions } from '../joints/weld-joint.js';
import type { QueryOptions } from '../collision/queries.js';
import { MAX_TIME_STEP, MIN_TIME_STEP } from '../limits.js';
import { readDirection, readFiniteVector, readGravity, requireBoolean, requireInteger, requireNonNegative, requireWithin, requireWritable, show } from '../util/validate.js';
import type { Vector3Input } from '../util/vector-input.js';
import { FixedStepClock, type AdvanceResult } from '../world/clock.js';
import { WORLD_SETTINGS } from '../world/settings.js';
import type { WorldSnapshot } from '../world/snapshot.js';
import { CommandWriter } from './commands.js';
import { endpointOf, type Endpoint, type WorkerLike } from './endpoint.js';
import { H_MESSAGE_STEPS, H_STEP_COUNT, H_STEP_MS, H_STEPS, H_TIME, interpolateSlotPose, slotOffset } from './pose-layout.js';
import {
  ANSWER_KINDS, OP, receiveError, type AnswerKind, type FromWorker, type RefusedCommand, type SentRayHit, type SentWorldOptions,
} from './protocol.js';
import { SharedPoseReader } from './shared-poses.js';
import { spawnWorker } from './spawn.js';
import { TransferredPoseReader } from './transferred-poses.js';
import { WorkerBody } from './worker-body.js';
import { WorkerJoint } from './worker-joint.js';
import { defineWorkerSettings, type WorkerWorldSettings } from './world-settings.js';

/** A joint's create options as a WorkerWorld takes them: its bodies are WorkerBodies. */
export type WorkerJointOptions<O> = { [K in keyof O]: O[K] extends infer V ? (V extends Body ? WorkerBody : V) : never };

/** What a ray cast in the worker hit: the body, the index of its shape in the body's shapes, and as
 * World.castRay's RayHit the distance, point and normal. */
export interface WorkerRayHit {
  body: WorkerBody;
  shapeIndex: number;
  distance: number;
  point: Float64Array;
  normal: Float64Array;
}

/** castRay's options: World's QueryOptions but the predicate (a function cannot be sent to the worker),
 * with WorkerBodies to exclude. */
export interface WorkerQueryOptions {
  filter?: QueryOptions['filter'];
  exclude?: WorkerBody | readonly WorkerBody[];
  includeSensors?: boolean;
}

/** createWorkerWorld's options: the World's (but its callbacks, which cannot run on this thread), or a
 * snapshot to start from, and how the worker is run. */
export interface WorkerWorldOptions extends SentWorldOptions {
  /** Start from this World's snapshot (World.restore in the worker), bodies and joints included, instead
   * of an empty world; the world's settings are then the snapshot's (beside it: the options below,
   * fixedTimeStep and maxStepsPerFrame). A scene built on the main thread (closures, three.js objects)
   * reaches the worker this way: `createWorkerWorld({ snapshot: world.snapshot() })`. */
  snapshot?: WorldSnapshot;
  /** The worker to run in: a Web Worker or node worker_threads Worker running a script of your own that
   * calls serveWorkerWorld(self) (or serveWorkerWorld(parentPort) in node). Default: one made for this
   * world running sinew's script, and terminated with it. */
  worker?: WorkerLike;
  /** Poses in a SharedArrayBuffer. Default: where one can be posted (node, Deno, Bun; a page that is
   * crossOriginIsolated), else transferred ArrayBuffers. true where one cannot is refused. */
  sharedMemory?: boolean;
  /** Body slots the pose buffers start with (they double when outgrown). Default 64. */
  capacity?: number;
  /** The most steps advance() queues ahead of the poses delivered; time beyond them is dropped. An
   * integer ≥ 1, or Infinity. Default maxStepsPerFrame: a worker that keeps up has at most a frame's
   * steps in hand when the next frame comes, and one slower than real time makes commands wait behind
   * at most this many steps (the world slows down instead). */
  maxQueuedSteps?: number;
}

const CALLBACKS = ['onJointBreak', 'onBodyInvalid', 'onContactBegin', 'onContactEnd', 'onContactForce', 'onSensorBegin', 'onSensorEnd', 'onPreSolve'];
/** Slots at most (the stream carries slot numbers as doubles; a region of this many is 512 MB). */
const MAX_CAPACITY = 2 ** 22;

declare const structuredClone: <T>(value: T) => T;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Makes a World in a worker (a Web Worker in browsers, a worker_threads Worker in node) and resolves to
 * its main-thread face once the worker has built it. Options are checked as `new World(options)` checks
 * them, in the worker: a bad one rejects with the World's error.
 */
export async function createWorkerWorld(options: WorkerWorldOptions = {}): Promise<WorkerWorld> {
  const where = 'createWorkerWorld';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
  const record = options as Record<string, unknown>;
  for (const key of CALLBACKS) {
    if (record[key] !== undefined) {
      throw new TypeError(`${where}: ${key} cannot be given: the world runs in a worker, and a function cannot be sent there (got ${show(record[key])})`);
    }
  }
  const { snapshot, worker, sharedMemory, capacity = 64, maxQueuedSteps, fixedTimeStep, maxStepsPerFrame, ...worldOptions } = options;
  if (snapshot !== undefined) {
    const extra = Object.keys(worldOptions).find((key) => (worldOptions as Record<string, unknown>)[key] !== undefined);
    if (extra !== undefined) throw new RangeError(`${where}: ${extra} cannot be given with a snapshot (the snapshot holds the world's settings; set it once the world is made)`);
    if (snapshot === null || typeof snapshot !== 'object') throw new TypeError(`${where}: snapshot must be a World's snapshot, got ${show(snapshot)}`);
  }
  if (worker !== undefined && (worker === null || typeof worker !== 'object' || typeof (worker as { postMessage?: unknown }).postMessage !== 'function')) {
    throw new TypeError(`${where}: worker must be a Worker (Web or worker_threads) running sinew's worker script, got ${show(worker)}`);
  }
  const available = sharedMemoryAvailable();
  const shared = sharedMemory === undefined ? available : requireBoolean(where, 'sharedMemory', sharedMemory);
  if (shared && !available) {
    throw new RangeError(
      `${where}: sharedMemory needs a SharedArrayBuffer that can be posted to a worker, and this page is not cross-origin isolated ` +
      '(crossOriginIsolated is false): serve it with the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp (docs/worker.md)',
    );
  }
  requireInteger(where, 'capacity', capacity, 1, MAX_CAPACITY);
  const clock = new FixedStepClock();
  if (fixedTimeStep !== undefined) clock.fixedTimeStep = WORLD_SETTINGS.fixedTimeStep.read(where, fixedTimeStep) as number;
  if (maxStepsPerFrame !== undefined) clock.maxStepsPerFrame = WORLD_SETTINGS.maxStepsPerFrame.read(where, maxStepsPerFrame) as number;
  const queued = maxQueuedSteps === undefined ? clock.maxStepsPerFrame : maxQueuedSteps === Infinity ? Infinity : requireInteger(where, 'maxQueuedSteps', maxQueuedSteps, 1);
  const sentOptions = cloneForWorker(where, 'options', worldOptions);
  const sentSnapshot = snapshot === undefined ? null : cloneForWorker(where, 'snapshot', snapshot);
  const own = worker === undefined;
  const port = worker ?? (await spawnWorker());
  const world = new WorkerWorld(port, own, shared, clock, queued, sentSnapshot);
  try {
    await world.start(sentOptions, sentSnapshot, capacity);
  } catch (error) {
    if (own) port.terminate();
    throw error;
  }
  return world;
}

/** Whether a SharedArrayBuffer can be posted to a worker here: it exists, and the page (if this is one)
 * is cross-origin isolated. */
function sharedMemoryAvailable(): boolean {
  return typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
}

/** A value as the worker will receive it: a structured clone, or a TypeError naming what cannot be sent. */
function cloneForWorker<T>(where: string, name: string, value: T): T {
  try {
    return structuredClone(value);
  } catch (error) {
    throw new TypeError(`${where}: ${name} cannot be sent to the worker (${error instanceof Error ? error.message : String(error)}): functions, class instances' methods and DOM objects do not cross; got ${show(value)}`);
  }
}

export class WorkerWorld {
  /** The world's ground (World.ground): what a joint without bodyB holds to. */
  readonly ground: WorkerBody;
  /** Whether the poses come in shared memory (else in transferred buffers). */
  readonly sharedMemory: boolean;
  /** Called with each command the worker's world refused (an Error of the world's class and message,
   * which says after which step); the world changed nothing for it. Without it, the error is thrown by
   * the next advance, step or flush. */
  onError: ((error: Error) => void) | null = null;
  /** @internal */
  readonly commands = new CommandWriter();
  /** @internal The pose region read now. */
  poses: Float64Array | null = null;
  /** @internal */
  readonly settingValues: Record<string, number | boolean | string> = {};

  private readonly endpoint: Endpoint;
  private readonly bodyList: WorkerBody[] = [];
  private readonly jointList: WorkerJoint[] = [];
  private readonly bodyByHandle = new Map<number, WorkerBody>();
  private readonly jointByHandle = new Map<number, WorkerJoint>();
  private nextBodyHandle = 1;
  private nextJointHandle = 1;
  /** Free slots (a stack) and the slots ever used. */
  private readonly freeSlots: number[] = [];
  private slotCount = 0;
  private sharedReader: SharedPoseReader | null = null;
  private readonly transferredReader: TransferredPoseReader | null = null;
  private readonly requests = new Map<number, Pending>();
  private nextRequest = 1;
  private stepsQueued = 0;
  /** The steps queued and the alpha of the last advance (alpha 1 after a step): the time the next
   * frame draws. */
  private drawnSteps = 0;
  private drawnAlpha = 1;
  /** @internal How far between the delivered steps' poses bodies are drawn now (interpolationAlpha): a
   * field, read by the drawing without a call (pose-layout.ts DrawAlpha). */
  drawAlpha = 1;
  private readonly gravityValue = new Float64Array(3);
  private readonly result = { steps: 0, droppedSeconds: 0, alpha: 1 };
  private pendingError: Error | null = null;
  private failure: Error | null = null;
  private closed = false;
  private advancing = false;
  private ready: Pending | null = null;
  /** The message commands are posted in, reused (posting copies it). */
  private readonly message: { kind: 'commands'; count: number; numbers: Float64Array; objects: unknown[] };
  private readonly returned = { kind: 'buffer' as const, buffer: new ArrayBuffer(0) };
  private readonly transfer: ArrayBuffer[] = [new ArrayBuffer(0)];

  /** @internal createWorkerWorld makes it. */
  constructor(
    private readonly worker: WorkerLike, private readonly ownWorker: boolean, shared: boolean, private readonly clock: FixedStepClock,
    private readonly maxQueuedSteps: number, snapshot: WorldSnapshot | null,
  ) {
    this.sharedMemory = shared;
    this.endpoint = endpointOf(worker);
    this.message = { kind: 'commands', count: 0, numbers: this.commands.numbers, objects: this.commands.objects };
    if (!shared) {
      this.transferredReader = new TransferredPoseReader((buffer) => {
        this.returned.buffer = buffer;
        this.transfer[0] = buffer;
        this.endpoint.post(this.returned, this.transfer);
      });
    }
    this.ground = new WorkerBody(this, 0, -1, 'static');
    this.bodyByHandle.set(0, this.ground);
    if (snapshot !== null) this.adopt(snapshot);
    this.endpoint.listen((message) => this.receive(message as FromWorker), (error) => this.fail(error));
  }

  /** @internal Sends the world's options and waits for the worker to build it. */
  start(options: SentWorldOptions, snapshot: WorldSnapshot | null, capacity: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.ready = { resolve: () => resolve(), reject };
      this.endpoint.post({ kind: 'init', options, snapshot, shared: this.sharedMemory, capacity });
    });
  }

  // ---- contents ----

  /** The bodies made and not removed, in creation order (a snapshot's first, in its order). */
  get bodies(): readonly WorkerBody[] {
    return this.bodyList;
  }
  /** The joints made and not removed, in creation order. */
  get joints(): readonly WorkerJoint[] {
    return this.jointList;
  }

  /** World.createBody: the body is made by the worker before its next step. The options are copied now
   * (changing them later changes nothing) and checked by the worker's world, whose refusal comes back
   * (onError) and marks the body removed. */
  createBody(options: BodyOptions = {}): WorkerBody {
    const where = 'createBody';
    this.requireOpen(where);
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    const sent = cloneForWorker(where, 'options', options);
    const handle = this.nextBodyHandle++;
    const slot = this.freeSlots.length > 0 ? (this.freeSlots.pop() as number) : this.slotCount++;
    if (slot >= MAX_CAPACITY) throw new RangeError(`${where}: a worker world holds at most ${MAX_CAPACITY} bodies at once`);
    const type: BodyType = sent.type === 'static' || sent.type === 'kinematic' ? sent.type : 'dynamic';
    const body = new WorkerBody(this, handle, slot, type, sent.position, sent.orientation);
    this.commands.op(OP.CREATE_BODY);
    this.commands.number(handle);
    this.commands.number(slot);
    this.commands.object(sent);
    this.bodyList.push(body);
    this.bodyByHandle.set(handle, body);
    return body;
  }

  /** World.removeBody: the body and every joint attached to it go before the next step; the body's
   * reads keep its last delivered pose. */
  removeBody(body: WorkerBody): void {
    const where = 'removeBody';
    this.requireOpen(where);
    if (body === this.ground) throw new RangeError(`${where}: the world ground cannot be removed`);
    this.requireOwnBody(where, 'body', body);
    this.commands.op(OP.REMOVE_BODY);
    this.commands.number(body.handle);
    this.forgetBody(body);
  }

  /** World.createBallJoint (and each joint type below): made by the worker before its next step. */
  createBallJoint(options: WorkerJointOptions<BallJointOptions>): WorkerJoint<BallJoint> {
    return this.createJoint('createBallJoint', 'ball', options);
  }
  createHingeJoint(options: WorkerJointOptions<HingeJointOptions>): WorkerJoint<HingeJoint> {
    return this.createJoint('createHingeJoint', 'hinge', options);
  }
  createPrismaticJoint(options: WorkerJointOptions<PrismaticJointOptions>): WorkerJoint<PrismaticJoint> {
    return this.createJoint('createPrismaticJoint', 'prismatic', options);
  }
  createDistanceJoint(options: WorkerJointOptions<DistanceJointOptions>): WorkerJoint<DistanceJoint> {
    return this.createJoint('createDistanceJoint', 'distance', options);
  }
  createOrientationJoint(options: WorkerJointOptions<OrientationJointOptions>): WorkerJoint<OrientationJoint> {
    return this.createJoint('createOrientationJoint', 'orientation', options);
  }
  createWeldJoint(options: WorkerJointOptions<WeldJointOptions>): WorkerJoint<WeldJoint> {
    return this.createJoint('createWeldJoint', 'weld', options);
  }
  createMouseJoint(options: WorkerJointOptions<MouseJointOptions>): WorkerJoint<MouseJoint> {
    return this.createJoint('createMouseJoint', 'mouse', options);
  }

  /** World.removeJoint. */
  removeJoint(joint: WorkerJoint): void {
    const where = 'removeJoint';
    this.requireOpen(where);
    if (!(joint instanceof WorkerJoint) || this.jointByHandle.get(joint.handle) !== joint) {
      throw new RangeError(`${where}: joint ${show(joint)} is not in this world${joint instanceof WorkerJoint && joint.removed ? ' (removed)' : ''}`);
    }
    this.commands.op(OP.REMOVE_JOINT);
    this.commands.number(joint.handle);
    this.forgetJoint(joint);
  }

  // ---- settings ----

  /** m/s², as the worker's world has it once the commands queued so far are applied. */
  get gravity(): Float64Array {
    return this.gravityValue;
  }
  /** World.setGravity (checked here as there). */
  setGravity(gravity: Vector3Input): void {
    this.requireOpen('setGravity');
    readGravity('setGravity', 'gravity', gravity, 3, this.gravityValue);
    this.commands.op(OP.SET_GRAVITY);
    this.commands.vector(this.gravityValue, 3);
  }
  /** The step advance() takes, s (the main thread's clock). */
  get fixedTimeStep(): number {
    return this.clock.fixedTimeStep;
  }
  set fixedTimeStep(value: number) {
    this.clock.fixedTimeStep = WORLD_SETTINGS.fixedTimeStep.read('fixedTimeStep', value) as number;
  }
  /** The most steps one advance() takes. */
  get maxStepsPerFrame(): number {
    return this.clock.maxStepsPerFrame;
  }
  set maxStepsPerFrame(value: number) {
    this.clock.maxStepsPerFrame = WORLD_SETTINGS.maxStepsPerFrame.read('maxStepsPerFrame', value) as number;
  }
  /** @internal A setting checked by its accessor (world-settings.ts), queued. */
  queueSetting(name: keyof WorkerWorldSettings, value: number | boolean | string): void {
    this.requireOpen(name);
    this.settingValues[name] = value;
    this.commands.op(OP.WORLD_SET);
    this.commands.object(name);
    this.commands.object(value);
  }

  // ---- time ----

  /**
   * World.advance on this thread's fixed-step clock: as many steps of fixedTimeStep as the time given
   * and the time left over hold (at most maxStepsPerFrame, and at most maxQueuedSteps ahead of the
   * poses delivered), `beforeStep(dt)` called before each (commands it makes land before that step),
   * sent to the worker. First the newest poses that have arrived are taken, to be drawn at the time the
   * previous call asked for (interpolationAlpha). Returns `{ steps, droppedSeconds, alpha }` in one object
   * reused by every call.
   */
  advance(elapsedSeconds: number, beforeStep?: (dt: number) => void): AdvanceResult {
    const where = 'advance';
    this.requireOpen(where);
    if (this.advancing) throw new Error(`${where}: called from inside advance's beforeStep`);
    requireNonNegative(where, 'elapsedSeconds', elapsedSeconds);
    if (beforeStep !== undefined && typeof beforeStep !== 'function') throw new TypeError(`${where}: beforeStep must be a function, got ${show(beforeStep)}`);
    this.throwRefused();
    this.takePoses();
    const dt = this.clock.fixedTimeStep;
    let steps = this.clock.take(elapsedSeconds);
    const room = Math.max(0, this.maxQueuedSteps - (this.stepsQueued - this.stepsDelivered));
    const dropped = steps > room ? (steps - room) * dt : 0;
    steps = Math.min(steps, room);
    this.advancing = true;
    try {
      for (let i = 0; i < steps; i++) {
        beforeStep?.(dt);
        this.queueStep(dt);
      }
    } finally {
      this.advancing = false;
      this.post();
    }
    const clock = this.clock.finish(), result = this.result;
    result.steps = steps;
    result.droppedSeconds = clock.droppedSeconds + dropped;
    result.alpha = clock.alpha;
    this.drawnSteps = this.stepsQueued;
    this.drawnAlpha = clock.alpha;
    return result;
  }

  /** World.step: one step of `dt` (default fixedTimeStep), sent now; bodies are then drawn at their
   * poses after it once it is delivered (flush() waits for that). */
  step(dt: number = this.clock.fixedTimeStep): void {
    const where = 'step';
    this.requireOpen(where);
    if (this.advancing) throw new Error(`${where}: called from inside advance's beforeStep (advance takes the steps)`);
    if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) throw new RangeError(`${where}: dt must be a finite number > 0, got ${show(dt)}`);
    requireWithin(where, 'dt', dt, MIN_TIME_STEP, MAX_TIME_STEP, ' s');
    this.throwRefused();
    this.queueStep(dt);
    this.drawnSteps = this.stepsQueued;
    this.drawnAlpha = 1;
    this.post();
  }

  /**
   * Every body's pose to draw, as each body's getInterpolatedPosition and getInterpolatedOrientation give
   * it: 7 numbers per body (x, y, z, then the quaternion x, y, z, w) written into `out` in the order of
   * `bodies` (default: this world's bodies), and `out` returned. One call for many bodies, for an
   * InstancedMesh or a renderer of your own; allocates nothing.
   */
  getInterpolatedPoses<T extends Float32Array | Float64Array | number[]>(out: T, bodies: readonly WorkerBody[] = this.bodyList): T {
    requireWritable('getInterpolatedPoses', out, 7 * bodies.length);
    const poses = this.poses;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i], at = slotOffset(poses, body.slot, body.handle);
      if (at >= 0) interpolateSlotPose(poses as Float64Array, at, this, out, 7 * i);
      else body.writeKeptPose(out, 7 * i);
    }
    return out;
  }

  /** How far between the delivered steps' start and end poses bodies are drawn now, in [0, 1]. */
  get interpolationAlpha(): number {
    return this.drawAlpha;
  }
  /** Steps sent to the worker since this world was made. */
  get stepsSent(): number {
    return this.stepsQueued;
  }
  /** Steps whose poses are in hand (the rest are on their way). */
  get stepsDelivered(): number {
    const poses = this.poses;
    return poses === null ? 0 : poses[H_STEPS];
  }
  /** The worker's world's stepCount and time (s) as of the poses in hand. */
  get stepCount(): number {
    return this.poses === null ? 0 : this.poses[H_STEP_COUNT];
  }
  get time(): number {
    return this.poses === null ? 0 : this.poses[H_TIME];
  }
  /** Milliseconds a step took in the worker: the mean over the steps of the last message with steps
   * whose poses are in hand (0 before the first). */
  get workerStepMs(): number {
    const poses = this.poses;
    return poses === null || poses[H_MESSAGE_STEPS] === 0 ? 0 : poses[H_STEP_MS] / poses[H_MESSAGE_STEPS];
  }

  // ---- questions ----

  /** World.castRay in the worker, after the commands queued before it: the nearest hit, or null. */
  castRay(origin: Vector3Input, direction: Vector3Input, maxDistance = Infinity, options?: WorkerQueryOptions): Promise<WorkerRayHit | null> {
    const where = 'castRay';
    this.requireOpen(where);
    // checked as World.castRay checks them, sent as given (the worker's world reads them again)
    const o = readFiniteVector(where, 'origin', origin, 3, new Float64Array(3));
    const d = readFiniteVector(where, 'direction', direction, 3, new Float64Array(3));
    readDirection(where, 'direction', d, new Float64Array(3));
    if (typeof maxDistance !== 'number' || !(maxDistance >= 0)) throw new RangeError(`${where}: maxDistance must be ≥ 0, got ${show(maxDistance)}`);
    const sent = options === undefined ? undefined : this.queryOptions(where, options);
    const request = this.nextRequest++;
    this.commands.op(OP.CAST_RAY);
    this.commands.number(request);
    this.commands.vector(o, 3);
    this.commands.vector(d, 3);
    this.commands.number(maxDistance);
    if (sent === undefined) this.commands.number(-1);
    else this.commands.object(sent);
    return this.ask(request).then((value) => {
      const hit = value as SentRayHit | null;
      if (hit === null) return null;
      return {
        body: this.bodyByHandle.get(hit.body) ?? this.ground, shapeIndex: hit.shape, distance: hit.distance,
        point: Float64Array.from(hit.point), normal: Float64Array.from(hit.normal),
      };
    });
  }

  /** World.hash in the worker, after the commands and steps queued before it. */
  hash(): Promise<string> {
    return this.question('hash') as Promise<string>;
  }
  /** World.snapshot in the worker, after the commands and steps queued before it. */
  snapshot(): Promise<WorldSnapshot> {
    return this.question('snapshot') as Promise<WorldSnapshot>;
  }
  /** Resolves once the worker has applied everything queued before it, with its poses taken (bodies drawn
   * at the time the last advance or step asked for); rejects with a refused command's error when there
   * is one and onError is not set. */
  async flush(): Promise<void> {
    await this.question('flush');
    this.throwRefused();
  }

  /** Stops the worker (when createWorkerWorld made it) and refuses every call after; questions not yet
   * answered reject. */
  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.ownWorker) this.worker.terminate();
    this.rejectAll(new Error('WorkerWorld: terminated'));
  }

  // ---- what its bodies and joints reach (worker-body.ts HandleOwner) ----

  /** @internal */
  requireOpen(where: string): void {
    if (this.failure !== null) throw new Error(`${where}: the worker failed: ${this.failure.message}`);
    if (this.closed) throw new Error(`${where}: the WorkerWorld was terminated`);
  }
  /** @internal */
  cloneForWorker<T>(where: string, name: string, value: T): T {
    return cloneForWorker(where, name, value);
  }

  // ---- inside ----

  private createJoint<J extends Joint>(where: string, type: JointType, options: object): WorkerJoint<J> {
    this.requireOpen(where);
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    // the bodies go as references to their handles; the rest as a copy
    const plain: Record<string, unknown> = {};
    let bodyA: WorkerBody | null = null, bodyB: WorkerBody = this.ground;
    for (const key of Object.keys(options)) {
      const value = (options as Record<string, unknown>)[key];
      if (value instanceof WorkerBody) {
        this.requireOwnBody(where, key, value);
        plain[key] = { workerBody: value.handle };
        if (key === 'bodyA' || key === 'body') bodyA = value;
        else if (key === 'bodyB') bodyB = value;
      } else {
        plain[key] = value;
      }
    }
    const sent = cloneForWorker(where, 'options', plain);
    const handle = this.nextJointHandle++;
    const joint = new WorkerJoint<J>(this, handle, type, bodyA ?? this.ground, bodyB);
    this.commands.op(OP.CREATE_JOINT);
    this.commands.number(handle);
    this.commands.object(type);
    this.commands.object(sent);
    this.jointList.push(joint as WorkerJoint);
    this.jointByHandle.set(handle, joint as WorkerJoint);
    return joint;
  }

  private requireOwnBody(where: string, name: string, body: unknown): asserts body is WorkerBody {
    if (!(body instanceof WorkerBody)) throw new TypeError(`${where}: ${name} must be a WorkerBody of this world, got ${show(body)}`);
    if (this.bodyByHandle.get(body.handle) !== body) throw new RangeError(`${where}: ${name} is not in this world${body.removed ? ' (removed)' : ''}`);
  }

  private queryOptions(where: string, options: WorkerQueryOptions): object {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    const record = options as Record<string, unknown>;
    if (record.predicate !== undefined) {
      throw new TypeError(`${where}: options.predicate cannot be sent to the worker (a function); filter with options.filter and options.exclude, or test the hit here`);
    }
    const exclude = options.exclude;
    const reference = (body: unknown): { workerBody: number } => {
      this.requireOwnBody(where, 'options.exclude', body);
      return { workerBody: body.handle };
    };
    const sent: Record<string, unknown> = { ...record };
    if (Array.isArray(exclude)) sent.exclude = exclude.map(reference);
    else if (exclude !== undefined) sent.exclude = reference(exclude);
    return cloneForWorker(where, 'options', sent);
  }

  private question(kind: AnswerKind): Promise<unknown> {
    this.requireOpen(kind);
    const request = this.nextRequest++;
    this.commands.op(OP.ANSWER);
    this.commands.number(request);
    this.commands.number(ANSWER_KINDS.indexOf(kind));
    return this.ask(request);
  }

  /** Posts what is queued and waits for the answer to `request`; the poses are taken before it resolves. */
  private ask(request: number): Promise<unknown> {
    const answer = new Promise<unknown>((resolve, reject) => this.requests.set(request, { resolve, reject }));
    this.post();
    return answer;
  }

  private queueStep(dt: number): void {
    this.commands.op(OP.STEP);
    this.commands.number(dt);
    this.commands.steps++;
    this.stepsQueued++;
  }

  /** Posts the commands queued since the last post (nothing when there are none). */
  private post(): void {
    const commands = this.commands;
    if (commands.operations === 0) return;
    const message = this.message;
    message.count = commands.count;
    message.numbers = commands.numbers;
    this.endpoint.post(message);
    commands.clear();
  }

  /** Takes the newest poses that have arrived and the alpha to draw them at: the time the last advance
   * asked for (its steps and alpha) when those are the steps delivered; the end pose when more were
   * (the picture has caught up); the start pose when fewer (it waits). */
  private takePoses(): void {
    if (this.sharedReader !== null) {
      this.sharedReader.take();
      this.poses = this.sharedReader.region;
    } else if (this.transferredReader !== null) {
      this.transferredReader.take();
      this.poses = this.transferredReader.region;
    }
    const delivered = this.stepsDelivered;
    this.drawAlpha = this.drawnSteps === delivered ? this.drawnAlpha : this.drawnSteps < delivered ? 1 : 0;
  }

  private receive(message: FromWorker): void {
    switch (message.kind) {
      case 'ready': {
        Object.assign(this.settingValues, message.settings);
        this.gravityValue.set(message.gravity);
        this.takePoses();
        const ready = this.ready;
        this.ready = null;
        ready?.resolve(undefined);
        return;
      }
      case 'failed': {
        const ready = this.ready;
        this.ready = null;
        this.closed = true;
        ready?.reject(receiveError(message.error));
        return;
      }
      case 'poses':
        this.transferredReader?.receive(message.buffer);
        return;
      case 'shared':
        this.sharedReader = new SharedPoseReader(message.buffer, message.capacity);
        return;
      case 'refused':
        for (const command of message.commands) this.refused(command);
        return;
      case 'answer': {
        const pending = this.requests.get(message.request);
        if (pending === undefined) return;
        this.requests.delete(message.request);
        this.takePoses();
        if (message.error !== undefined) pending.reject(receiveError(message.error));
        else pending.resolve(message.value);
        return;
      }
    }
  }

  /** A command the worker's world refused: a body or joint it did not make is marked removed; the error
   * goes to onError, or waits to be thrown. */
  private refused(command: RefusedCommand): void {
    if (command.call === 'createBody') {
      const body = this.bodyByHandle.get(command.handle);
      if (body !== undefined) this.forgetBody(body);
    } else if (command.call === 'createJoint') {
      const joint = this.jointByHandle.get(command.handle);
      if (joint !== undefined) this.forgetJoint(joint);
    }
    const error = receiveError(command);
    error.message = `${command.message} (refused by the worker's world after its step ${command.step})`;
    if (this.onError !== null) this.onError(error);
    else this.pendingError ??= error;
  }

  private throwRefused(): void {
    const error = this.pendingError;
    if (error === null) return;
    this.pendingError = null;
    throw error;
  }

  private forgetBody(body: WorkerBody): void {
    if (body.slot >= 0) this.freeSlots.push(body.slot);
    body.markRemoved();
    this.bodyByHandle.delete(body.handle);
    const index = this.bodyList.indexOf(body);
    if (index >= 0) this.bodyList.splice(index, 1);
    for (let i = this.jointList.length - 1; i >= 0; i--) {
      const joint = this.jointList[i];
      if (joint.bodyA === body || joint.bodyB === body) this.forgetJoint(joint);
    }
  }

  private forgetJoint(joint: WorkerJoint): void {
    joint.markRemoved();
    this.jointByHandle.delete(joint.handle);
    const index = this.jointList.indexOf(joint);
    if (index >= 0) this.jointList.splice(index, 1);
  }

  /** Handles for a snapshot's bodies and joints, in its order (the worker numbers them alike). */
  private adopt(snapshot: WorldSnapshot): void {
    for (const entry of snapshot.bodies) {
      const handle = this.nextBodyHandle++, slot = this.slotCount++;
      const body = new WorkerBody(this, handle, slot, entry.type);
      this.bodyList.push(body);
      this.bodyByHandle.set(handle, body);
    }
    // a snapshot's joints name their bodies by index in its bodies (−1: the ground)
    const bodyAt = (index: number): WorkerBody => this.bodyList[index] ?? this.ground;
    for (const entry of snapshot.joints) {
      const handle = this.nextJointHandle++;
      const joint = new WorkerJoint(this, handle, entry.type as JointType, bodyAt(entry.bodyA), bodyAt(entry.bodyB));
      this.jointList.push(joint);
      this.jointByHandle.set(handle, joint);
    }
  }

  private rejectAll(error: Error): void {
    this.ready?.reject(error);
    this.ready = null;
    for (const pending of this.requests.values()) pending.reject(error);
    this.requests.clear();
  }

  private fail(error: Error): void {
    if (this.closed) return;
    this.failure = error;
    this.rejectAll(error);
  }
}

// The settings' accessors (workerWorld.substeps = 8, …), made from world-settings.ts's table.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface WorkerWorld extends WorkerWorldSettings {}
defineWorkerSettings(WorkerWorld.prototype);
