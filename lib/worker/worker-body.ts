// A body of a WorkerWorld, on the main thread: the body's commands under the body's own names, queued
// for the worker (worker-world.ts posts them), and its pose as the worker last delivered it, drawn between
// the last two steps as a Body is (pose-layout.ts). The arguments are read as the body's own methods read
// them first (an array or object of finite numbers, the same message when they are not), so a malformed
// call throws here and queues nothing; what depends on the body (a static body cannot move, a force past
// its bound) the worker's world checks, and a refusal comes back (WorkerWorld.onError).

import type { BodyType } from '../body/body.js';
import { readFiniteVector, requireWritable, show } from '../util/validate.js';
import type { QuaternionInput, Vector3Input } from '../util/vector-input.js';
import type { CommandWriter } from './commands.js';
import {
  FLAG_AWAKE, interpolateSlotOrientation, interpolateSlotPosition, S_FLAGS, S_ORIENTATION, S_POSITION, slotOffset, type DrawAlpha,
} from './pose-layout.js';
import { OP, POINT_METHODS, VECTOR_METHODS, type PointMethod, type VectorMethod } from './protocol.js';

/** @internal What a body handle reaches of its WorkerWorld. */
export interface HandleOwner extends DrawAlpha {
  readonly commands: CommandWriter;
  /** The pose region read now, or null before the first arrives. */
  readonly poses: Float64Array | null;
  /** Throws when the world can take no more commands (terminated, failed). */
  requireOpen(where: string): void;
  /** A value copied as the worker will receive it (structured clone), or a TypeError naming it. */
  cloneForWorker<T>(where: string, name: string, value: T): T;
}

/** The body properties a worker body sets (`body.set('linearDamping', 0.1)`), as Body's setters take them. */
export interface WorkerBodyProperties {
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  canSleep: boolean;
  ccd: boolean;
  lockRotation: readonly [boolean, boolean, boolean];
  lockTranslation: readonly [boolean, boolean, boolean];
  userData: unknown;
}

/** Scratch for reading a call's vectors before they are queued. */
const scratchA = new Float64Array(4);
const scratchB = new Float64Array(4);

export class WorkerBody {
  /** @internal The body's number on both threads (0: the world's ground). */
  readonly handle: number;
  /** @internal Its slot in the pose buffer (−1: none, the ground). */
  slot: number;
  /** The type it was made with, or last given by setType here (the worker may refuse a setType: onError). */
  type: BodyType;
  /** The pose read when there is none delivered: the one it was made with, and once removed, the last
   * delivered. Position (3) then orientation (4). */
  private readonly kept = new Float64Array([0, 0, 0, 0, 0, 0, 1]);
  private gone = false;

  /** @internal */
  constructor(private readonly owner: HandleOwner, handle: number, slot: number, type: BodyType, position?: unknown, orientation?: unknown) {
    this.handle = handle;
    this.slot = slot;
    this.type = type;
    keep(this.kept, 0, position, 3);
    keep(this.kept, 3, orientation, 4);
  }

  /** Whether the body was removed (removeBody), or the worker's world refused to make it. */
  get removed(): boolean {
    return this.gone;
  }

  /** Whether the poses in hand include this body: false until the worker has made it and delivered a
   * step or a message since (its pose is then the one it was made with: give `position`, or hide it). */
  get delivered(): boolean {
    return slotOffset(this.owner.poses, this.slot, this.handle) >= 0;
  }

  /** Whether the body was awake in the poses delivered (false before they include it). */
  get isAwake(): boolean {
    const poses = this.owner.poses, at = slotOffset(poses, this.slot, this.handle);
    return at >= 0 && ((poses as Float64Array)[at + S_FLAGS] & FLAG_AWAKE) !== 0;
  }

  // ---- the pose delivered ----

  /** The centre of mass after the last delivered step, m, written to `out` (3 numbers) and returned. */
  getPosition<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getPosition', out, 3);
    return this.read(out, S_POSITION, 0, 3);
  }

  /** The orientation after the last delivered step, a unit quaternion [x, y, z, w] written to `out`. */
  getOrientation<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getOrientation', out, 4);
    return this.read(out, S_ORIENTATION, 3, 4);
  }

  /**
   * The centre of mass to draw, m: the world's `interpolationAlpha` of the way from where the last
   * delivered step started the body to where it left it (as Body.getInterpolatedPosition, with the same
   * math), written to `out` (3 numbers) and returned. Allocates nothing.
   */
  getInterpolatedPosition<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedPosition', out, 3);
    const poses = this.owner.poses, at = slotOffset(poses, this.slot, this.handle);
    if (at < 0) return this.read(out, S_POSITION, 0, 3);
    interpolateSlotPosition(poses as Float64Array, at, this.owner, out);
    return out;
  }

  /** The orientation to draw, a unit quaternion [x, y, z, w] written to `out`: as getInterpolatedPosition,
   * along the shortest arc (slerp). Allocates nothing. */
  getInterpolatedOrientation<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedOrientation', out, 4);
    const poses = this.owner.poses, at = slotOffset(poses, this.slot, this.handle);
    if (at < 0) return this.read(out, S_ORIENTATION, 3, 4);
    interpolateSlotOrientation(poses as Float64Array, at, this.owner, out);
    return out;
  }

  /** @internal The pose it keeps (made with, or last delivered before removal), 7 numbers into `out`
   * from `at` (WorkerWorld.getInterpolatedPoses, for a body without a delivered pose). */
  writeKeptPose(out: Float32Array | Float64Array | number[], at: number): void {
    for (let k = 0; k < 7; k++) out[at + k] = this.kept[k];
  }

  // ---- commands, applied by the worker before its next step ----

  /** Moves the body there at once (Body.setPosition). */
  setPosition(position: Vector3Input): void {
    this.vector('setPosition', 'position', position);
  }
  /** Turns the body at once (Body.setOrientation). */
  setOrientation(orientation: QuaternionInput): void {
    const where = 'setOrientation';
    this.requireLive(where);
    readFiniteVector(where, 'orientation', orientation, 4, scratchA);
    const commands = this.owner.commands;
    commands.op(OP.BODY_ORIENTATION);
    commands.number(this.handle);
    commands.vector(scratchA, 4);
  }
  /** Body.setLinearVelocity, m/s. */
  setLinearVelocity(velocity: Vector3Input): void {
    this.vector('setLinearVelocity', 'velocity', velocity);
  }
  /** Body.setAngularVelocity, rad/s. */
  setAngularVelocity(velocity: Vector3Input): void {
    this.vector('setAngularVelocity', 'velocity', velocity);
  }
  /** Body.applyForce: a force (N) over the next step, at `worldPoint` or the centre of mass. */
  applyForce(force: Vector3Input, worldPoint?: Vector3Input): void {
    this.vectorAt('applyForce', 'force', force, worldPoint);
  }
  /** Body.applyTorque, N·m. */
  applyTorque(torque: Vector3Input): void {
    this.vector('applyTorque', 'torque', torque);
  }
  /** Body.applyLinearImpulse, N·s. */
  applyLinearImpulse(impulse: Vector3Input, worldPoint?: Vector3Input): void {
    this.vectorAt('applyLinearImpulse', 'impulse', impulse, worldPoint);
  }
  /** Body.applyAngularImpulse, N·m·s. */
  applyAngularImpulse(impulse: Vector3Input): void {
    this.vector('applyAngularImpulse', 'impulse', impulse);
  }
  /** Body.moveKinematic: the pose a kinematic body reaches over the next step. */
  moveKinematic(position: Vector3Input, orientation?: QuaternionInput): void {
    const where = 'moveKinematic';
    this.requireLive(where);
    readFiniteVector(where, 'position', position, 3, scratchA);
    if (orientation !== undefined) readFiniteVector(where, 'orientation', orientation, 4, scratchB);
    const commands = this.owner.commands;
    commands.op(OP.MOVE_KINEMATIC);
    commands.number(this.handle);
    commands.number(orientation === undefined ? 0 : 1);
    commands.vector(scratchA, 3);
    commands.vector(scratchB, 4);
  }
  /** Body.wake. */
  wake(): void {
    this.call('wake', []);
  }
  /** Body.setType. */
  setType(type: BodyType): void {
    this.call('setType', [type]);
    this.type = type;
  }
  /** Body.setMassProperties: mass (kg) and inertia (kg·m²). */
  setMassProperties(mass: number, inertia?: ArrayLike<number>): void {
    this.call('setMassProperties', inertia === undefined ? [mass] : [mass, inertia]);
  }
  /** Sets one of the body's properties as its setter does (`body.linearDamping = 0.1` on a Body). */
  set<K extends keyof WorkerBodyProperties>(property: K, value: WorkerBodyProperties[K]): void {
    const where = String(property);
    this.requireLive(where);
    this.owner.commands.named(OP.BODY_SET, this.handle, where, this.owner.cloneForWorker(where, where, value));
  }

  /** @internal The body was removed (or never made): its reads keep the last pose delivered. */
  markRemoved(): void {
    if (this.gone) return;
    this.read(this.kept, S_POSITION, 0, 3);
    this.read(this.kept.subarray(3), S_ORIENTATION, 3, 4);
    this.gone = true;
    this.slot = -1;
  }

  /** @internal Refuses a command on a removed body, as Body does. */
  requireLive(where: string): void {
    this.owner.requireOpen(where);
    if (this.gone) throw new Error(`${where}: the body was removed from its world`);
  }

  /** `n` numbers of the delivered pose from `at` in the slot, or of the kept pose from `keptAt`. */
  private read<T extends Float64Array | number[]>(out: T, at: number, keptAt: number, n: number): T {
    const poses = this.owner.poses, slot = slotOffset(poses, this.slot, this.handle);
    for (let k = 0; k < n; k++) out[k] = slot >= 0 ? (poses as Float64Array)[slot + at + k] : this.kept[keptAt + k];
    return out;
  }

  private vector(method: VectorMethod, name: string, value: Vector3Input): void {
    this.requireLive(method);
    readFiniteVector(method, name, value, 3, scratchA);
    const commands = this.owner.commands;
    commands.op(OP.BODY_VECTOR);
    commands.number(this.handle);
    commands.number(VECTOR_METHODS.indexOf(method));
    commands.vector(scratchA, 3);
  }

  private vectorAt(method: PointMethod, name: string, value: Vector3Input, worldPoint: Vector3Input | undefined): void {
    this.requireLive(method);
    readFiniteVector(method, name, value, 3, scratchA);
    if (worldPoint !== undefined) readFiniteVector(method, 'worldPoint', worldPoint, 3, scratchB);
    const commands = this.owner.commands;
    commands.op(OP.BODY_VECTOR_AT);
    commands.number(this.handle);
    commands.number(POINT_METHODS.indexOf(method));
    commands.number(worldPoint === undefined ? 0 : 1);
    commands.vector(scratchA, 3);
    commands.vector(scratchB, 3);
  }

  private call(method: string, args: unknown[]): void {
    this.requireLive(method);
    this.owner.commands.named(OP.BODY_CALL, this.handle, method, this.owner.cloneForWorker(method, 'arguments', args));
  }

  /** Shown in messages. */
  toString(): string {
    return `WorkerBody ${show(this.handle)}`;
  }
}

/** Copies a pose given at creation (a vector of n finite numbers in any accepted form) into `out` at
 * `at`; anything else leaves the default (the worker's world will refuse it). */
function keep(out: Float64Array, at: number, value: unknown, n: number): void {
  if (value === undefined) return;
  try {
    readFiniteVector('createBody', 'pose', value, n, scratchA);
    for (let k = 0; k < n; k++) out[at + k] = scratchA[k];
  } catch {
    // refused by the worker's world, with its message
  }
}
