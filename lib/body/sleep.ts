// Islands and sleeping: bodies at rest stop costing anything until something disturbs them.
//
// An island is a set of dynamic bodies linked by the joints and touching contacts the step solved;
// static and kinematic bodies do not link islands (a floor under two piles leaves them two islands).
//
// At rest. After each step every awake dynamic body's sleep timer grows by dt while the body is slow
// (|v| < sleepLinearSpeed and |ω| < sleepAngularSpeed: Box2D v2's two tolerances) and stays near its
// rest pose, the pose it had when the timer last started: its centre within ½ sleepLinearSpeed ·
// timeToSleep (1.25 cm by default) and each of its axes within ½ sleepAngularSpeed · timeToSleep
// (0.0125 rad) of where they were (Jolt's test: a body's points must stay in a sphere for the time before
// sleep). Otherwise the timer drops to 0 and the rest pose becomes the current one. The speed alone would
// let a slow drift sleep anywhere along its way; the pose alone froze a capsule rocking at 0.17 rad/s
// with 3 mrad of amplitude, its contact reading 2.5 % off its weight. Two tolerances, not one scaled by
// the body's size, read the same in 2D and 3D, so planar scenes keep agreeing.
//
// An island falls asleep when every body in it has been at rest for timeToSleep (Box2D, Jolt and Rapier
// default to about 0.5 s): its velocities are zeroed and its bodies, joints and contacts leave the step. A body that must never
// sleep (`canSleep: false`), or one touching a moving kinematic body, keeps its island awake.
//
// The islands are found again after every step by union-find over the awake bodies (Box2D v2 does the
// same with a depth-first search; v3 keeps persistent islands, which pays off only when islands are
// large and rarely change). A sleeping island is remembered by an id (its first body's id) so that
// waking any of its bodies wakes all of them: a body is woken by its setters and impulses, by a joint
// created, removed, broken or changed on it, by a contact with an awake or moving body (found in the
// contact search, before the solve, so the island takes part in the very step that touched it), and
// by the removal of a body it touches.
//
// Sleep state is part of a body's state: hashes and snapshots include it (SleepState.save).

import type { BodyType } from './body-type.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { ShrinkCheck } from '../util/arena.js';

/** Linear speed under which a body counts as at rest, m/s (Box2D v3: 0.05). */
export const DEFAULT_SLEEP_LINEAR_SPEED = 0.05;
/** Angular speed under which a body counts as at rest, rad/s (about 3°/s; Box2D v2: 2°/s). */
export const DEFAULT_SLEEP_ANGULAR_SPEED = 0.05;
/** How long a whole island must be at rest before it sleeps, s (Box2D: 0.5). */
export const DEFAULT_TIME_TO_SLEEP = 0.5;

export interface SleepSettings {
  /** Whether islands at rest fall asleep. Turning it off wakes every body. */
  sleeping: boolean;
  /** A body counts as at rest while slower than this, m/s. */
  sleepLinearSpeed: number;
  /** A body counts as at rest while turning slower than this, rad/s. */
  sleepAngularSpeed: number;
  /** How long an island must be at rest before it sleeps, s. */
  timeToSleep: number;
}

export const DEFAULT_SLEEP_SETTINGS: Readonly<SleepSettings> = /* @__PURE__ */ Object.freeze({
  sleeping: true,
  sleepLinearSpeed: DEFAULT_SLEEP_LINEAR_SPEED,
  sleepAngularSpeed: DEFAULT_SLEEP_ANGULAR_SPEED,
  timeToSleep: DEFAULT_TIME_TO_SLEEP,
});

/** A body's sleep timer and island (Body.sleep, Body2D.sleep). */
export class SleepState {
  /** Seconds the body has been at rest (reset when it moves or is woken). */
  time = 0;
  /** The id of the sleeping island the body is in, or 0 while it is awake. */
  island = 0;
  /** False: the body never sleeps, nor does its island. */
  canSleep = true;
  /** @internal The world's islands while the body is in a world. */
  islands: Islands | null = null;
  /** @internal Scratch: the body's index in the island search (−1: not in it). */
  index = -1;
  /** The rest pose the timer runs against (3D: centre and R, 12 numbers; 2D: centre, cos θ, sin θ). */
  readonly restPose: Float64Array;

  constructor(poseSize: number) {
    this.restPose = new Float64Array(poseSize);
  }

  get asleep(): boolean {
    return this.island !== 0;
  }
  /** Resets the timer and wakes the island the body sleeps in. */
  wake(): void {
    this.time = 0;
    if (this.island !== 0 && this.islands !== null) this.islands.wake(this.island);
  }
  save(writer: StateWriter): void {
    writer.write(this.time);
    writer.write(this.island);
    writer.writeBoolean(this.canSleep);
    writer.writeArray(this.restPose);
  }
  load(reader: StateReader): void {
    this.time = reader.read();
    this.island = reader.read();
    this.canSleep = reader.readBoolean();
    reader.readInto(this.restPose);
  }
}

/** What the islands need of a body (Body and Body2D). */
export interface SleepingBody {
  readonly id: number;
  readonly type: BodyType;
  readonly isDynamic: boolean;
  /** @internal */
  readonly sleep: SleepState;
  /** @internal The centre within `distance` (m) of the rest pose's, and every axis within a chord of `chord`. */
  isNearRestPose(distance: number, chord: number): boolean;
  /** @internal Makes the current pose the rest pose. */
  setRestPose(): void;
  /** @internal |v| < linear and |ω| < angular. */
  isSlowerThan(linear: number, angular: number): boolean;
  /** @internal Any velocity at all (a kinematic body that moves keeps what it touches awake). */
  isMoving(): boolean;
  /** @internal Zeroes v and ω (a body falling asleep). */
  stop(): void;
}

/** A dynamic body that is awake, or a kinematic body that moves: what wakes a sleeping body it touches. */
export function isAwakeMover(body: SleepingBody): boolean {
  return body.isDynamic ? body.sleep.island === 0 : body.type === 'kinematic' && body.isMoving();
}

/** The union-find arrays' smallest size, bodies. */
const MIN_SEARCH_SIZE = 64;

/** The sleeping islands of a world and the search that puts islands to sleep. */
export class Islands {
  /** Grows by one each time an island falls asleep or wakes (the world's awake lists follow it). */
  version = 0;
  private readonly sleeping = new Map<number, SleepState[]>();
  // union-find over the awake dynamic bodies of the current search
  private parent = new Int32Array(MIN_SEARCH_SIZE);
  private slowest = new Float64Array(MIN_SEARCH_SIZE);
  private searched: SleepingBody[] = [];
  private readonly shrink = new ShrinkCheck();

  /** How many bodies sleep. */
  get sleepingBodyCount(): number {
    let count = 0;
    for (const members of this.sleeping.values()) count += members.length;
    return count;
  }
  get sleepingIslandCount(): number {
    return this.sleeping.size;
  }

  /** Wakes the island with this id (every body in it). */
  wake(island: number): void {
    const members = this.sleeping.get(island);
    if (members === undefined) return;
    this.sleeping.delete(island);
    for (const state of members) {
      state.island = 0;
      state.time = 0;
    }
    this.version++;
  }
  wakeAll(): void {
    for (const island of [...this.sleeping.keys()]) this.wake(island);
  }
  /** Drops a removed body from its island (the rest of the island is woken by the removal). */
  forget(state: SleepState): void {
    if (state.island !== 0) this.wake(state.island);
    state.islands = null;
  }
  /** Rebuilds the map from the bodies' island ids (after a snapshot is restored). */
  rebuild(bodies: readonly SleepingBody[]): void {
    this.sleeping.clear();
    for (const body of bodies) {
      const state = body.sleep;
      if (state.island === 0) continue;
      let members = this.sleeping.get(state.island);
      if (members === undefined) this.sleeping.set(state.island, (members = []));
      members.push(state);
    }
  }

  /**
   * Starts the search after a step: advances the timers of the awake bodies (the only ones in
   * `bodies`, with the static and kinematic ones), which `link` then joins into islands. Returns false
   * when no body has been at rest long enough, so no island can sleep and the search can stop.
   */
  begin(bodies: readonly SleepingBody[], dt: number, settings: Readonly<SleepSettings>): boolean {
    const searched = this.searched;
    searched.length = 0;
    let anyReady = false;
    const distance = 0.5 * settings.sleepLinearSpeed * settings.timeToSleep;
    const chord = 0.5 * settings.sleepAngularSpeed * settings.timeToSleep;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i], state = body.sleep;
      if (!body.isDynamic) continue;
      if (state.canSleep && body.isSlowerThan(settings.sleepLinearSpeed, settings.sleepAngularSpeed) && body.isNearRestPose(distance, chord)) {
        state.time += dt;
        if (state.time >= settings.timeToSleep) anyReady = true;
      } else {
        restartTimer(body);
      }
      state.index = searched.length;
      searched.push(body);
    }
    // (the union-find arrays follow the awake bodies down again once most are gone or asleep)
    if (this.shrink.due(searched.length, this.parent.length, MIN_SEARCH_SIZE)) this.resize(2 * searched.length);
    if (!anyReady) {
      for (let i = 0; i < searched.length; i++) searched[i].sleep.index = -1;
      searched.length = 0;
      return false;
    }
    if (this.parent.length < searched.length) this.resize(2 * searched.length);
    for (let i = 0; i < searched.length; i++) this.parent[i] = i;
    return true;
  }
  private resize(size: number): void {
    size = Math.max(size, MIN_SEARCH_SIZE);
    this.parent = new Int32Array(size);
    this.slowest = new Float64Array(size);
  }

  /** Joins the islands of two linked bodies (a joint, or a contact with points). A moving kinematic
   * body keeps the dynamic one awake. */
  link(a: SleepingBody, b: SleepingBody): void {
    const ia = a.sleep.index, ib = b.sleep.index;
    if (ia >= 0 && ib >= 0) {
      const ra = this.root(ia), rb = this.root(ib);
      // the smaller index becomes the root: the same islands whatever the order of the links
      if (ra < rb) this.parent[rb] = ra;
      else if (rb < ra) this.parent[ra] = rb;
    } else if (ia >= 0 && !b.isDynamic && b.isMoving()) {
      restartTimer(a);
    } else if (ib >= 0 && !a.isDynamic && a.isMoving()) {
      restartTimer(b);
    }
  }

  /** A working motor's bodies (JointCore.isDriving) are not at rest: their timers start again. */
  keepAwake(a: SleepingBody, b: SleepingBody): void {
    if (a.sleep.index >= 0) restartTimer(a);
    if (b.sleep.index >= 0) restartTimer(b);
  }

  /** Puts to sleep every island whose bodies have all been at rest for timeToSleep. */
  finish(settings: Readonly<SleepSettings>): void {
    const searched = this.searched, n = searched.length;
    const slowest = this.slowest;
    for (let i = 0; i < n; i++) slowest[i] = Infinity;
    for (let i = 0; i < n; i++) {
      const r = this.root(i);
      const time = searched[i].sleep.time;
      if (time < slowest[r]) slowest[r] = time;
    }
    for (let i = 0; i < n; i++) {
      const r = this.root(i);
      if (slowest[r] < settings.timeToSleep) continue;
      const body = searched[i], state = body.sleep;
      // the island's id: its root body's (ids are unique and never reused)
      const island = searched[r].id;
      let members = this.sleeping.get(island);
      if (members === undefined) {
        this.sleeping.set(island, (members = []));
        this.version++;
      }
      members.push(state);
      state.island = island;
      body.stop();
    }
    for (let i = 0; i < n; i++) searched[i].sleep.index = -1;
    searched.length = 0;
  }

  private root(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}

/** The body is not at rest: its sleep timer starts again, from its current pose. */
function restartTimer(body: SleepingBody): void {
  body.sleep.time = 0;
  body.setRestPose();
}
