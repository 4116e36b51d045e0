// A world's contents: its bodies and joints in creation order, the joints that act, the bodies taken out
// for a state that is not finite, the ids the next ones get, the arena their solver arrays live in, and
// two counters the step's caches follow (the direct solver's forest, the awake lists, the broadphase).
// WorldCore adds and removes through it; snapshots read and refill it.

import type { CoreBody } from '../body/core-body.js';
import type { JointCore } from '../joints/joint-core.js';
import { Float64Arena, WORLD_ARENA_CHUNK } from '../util/arena.js';

/** @internal */
export class WorldRegistry<B extends CoreBody, J extends JointCore<B>> {
  /** Bodies in creation order (the ground is not among them). */
  readonly bodies: B[] = [];
  /** Joints in creation order, broken ones included until removed. */
  readonly joints: J[] = [];
  /** The joints the solver runs: not broken, both bodies simulated, in creation order. */
  readonly activeJoints: J[] = [];
  /** Joints that broke in the step running, to be reported after it. */
  readonly justBroken: J[] = [];
  /** Joints that broke in the last step: their readout shows the breaking load for that step only. */
  readonly brokenLastStep: J[] = [];
  /** Bodies taken out of the simulation for a state that is not finite (body/invalid-bodies.ts). */
  readonly invalidBodies: B[] = [];
  /** Where bodies' and joints' solver arrays live (util/arena.ts): in chunks of 32 KB, so that a body
   * that outlives the others made with it keeps little memory alive. */
  readonly arena = new Float64Arena(WORLD_ARENA_CHUNK, true);
  /** Each body's and joint's slices of the arena, given back when it is removed. */
  private readonly arenaSlices = new Map<object, Float64Array[]>();
  nextBodyId = 1;
  nextJointId = 1;
  /** Counts changes to the bodies and the active joints (the direct solver rebuilds its forest on one). */
  topologyVersion = 0;
  /** Grows when bodies or joints come, go or break (not when islands sleep or wake): what the contact
   * search's broadphase and jointed-pair filter follow. */
  structureVersion = 0;
  /** `bodies` without the invalid ones (the same array while there are none), for structureVersion. */
  private simulated: readonly B[] = [];
  private simulatedVersion = -1;

  /** Bodies or active joints came, went or broke. */
  changed(): void {
    this.topologyVersion++;
    this.structureVersion++;
  }

  /** The bodies the contact search and queries see: `bodies` without the invalid ones. */
  get simulatedBodies(): readonly B[] {
    if (this.invalidBodies.length === 0) return this.bodies;
    if (this.simulatedVersion !== this.structureVersion) {
      this.simulatedVersion = this.structureVersion;
      this.simulated = this.bodies.filter((body) => !this.invalidBodies.includes(body));
    }
    return this.simulated;
  }

  /** A new body's or joint's arena slices (the arena's allocations since the last one; none in 2D). */
  keepSlices(owner: object): void {
    const slices = this.arena.takeAllocated();
    if (slices.length > 0) this.arenaSlices.set(owner, slices);
  }

  /** A removed body's or joint's arena slices are no longer used (their numbers stay readable: arena.ts). */
  releaseSlices(owner: object): void {
    const slices = this.arenaSlices.get(owner);
    if (slices === undefined) return;
    for (const slice of slices) this.arena.release(slice);
    this.arenaSlices.delete(owner);
  }

  /** Takes `item` out of `list` if it is there. */
  static drop<T>(list: T[], item: T): void {
    const index = list.indexOf(item);
    if (index >= 0) list.splice(index, 1);
  }
}
