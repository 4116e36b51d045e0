// The character's capsule swept through the level, stopping `offset` short of what it meets: the one
// query the character controller is made of (character-controller.ts, step-up.ts).
//
// A sweep asks the world for the first shape the capsule hits along a direction (World.castShape's
// query: GJK conservative advancement against convex shapes, triangle by triangle against meshes and
// heightfields; sensors and the character's own body left out). From the hit distance t and the normal
// n it keeps the skin: the capsule may go t − offset / cos α along the direction, α the angle between
// the direction and −n, which leaves the gap `offset` measured along the normal (Rapier's
// KinematicCharacterController sweeps with a target distance of `offset` for the same purpose). The
// sweep looks SKIN_REACH gaps past the end of the move, so that a surface approached obliquely, which
// would end up inside the skin though the bare capsule does not reach it, is found too: the gap is kept
// whole for approaches within 75° of the normal (cos α ≥ 1/SKIN_REACH), and at least
// SKIN_REACH · offset · cos α beyond.
//
// The capsule is swept bare, not inflated by the skin: a character resting in its skin against a wall
// is `offset` away from it, so a move along the wall does not meet it again (an inflated capsule would
// touch it, and the hit normals' round-off, up to 0.01 rad where a capsule's side lies along a face,
// would stop such moves at random).

import type { Body } from '../body/body.js';
import { SweepHit } from '../collision/queries.js';
import type { Penetrations } from '../collision/penetrations.js';
import type { Shape } from '../geometry/shape.js';

/** What a character controller needs of its world; World provides it. */
export interface CharacterWorld {
  /** Simulated time, s, and the number of steps taken (the controller estimates the step length). */
  readonly time: number;
  readonly stepCount: number;
  /** @internal castShape without checks or allocation, into `out` (World.sweepShape). */
  sweepShape(
    shape: Shape, position: Float64Array, orientation: Float64Array, direction: Float64Array, maxDistance: number, excluded: readonly Body[],
    out: SweepHit, tolerance?: number,
  ): boolean;
  /** @internal The shapes within `margin` of a shape at a pose (World.penetrations). */
  penetrations(
    shape: Shape, position: Float64Array, orientation: Float64Array, excluded: readonly Body[], margin: number, out: Penetrations,
  ): void;
}

/** How many skin gaps past the end of a move a sweep looks. */
const SKIN_REACH = 4;
/** How close to touching a sweep's hit stops, as a share of the capsule's size (its half height plus
 * radius): the cast's own default is relative to the larger of the two shapes, and a 100 m floor box
 * left a standing character 3.5e-5 m above its gap; with this, 2.5e-7 m (Jolt keeps its padding within
 * 1e-6 m in its CharacterVirtualTests). */
const RELATIVE_TOLERANCE = 1e-6;

export class CharacterSweep {
  /** @internal The last sweep's hit, when `blocked`. */
  readonly hit = new SweepHit();
  /** Whether the last sweep was stopped short of its length. */
  blocked = false;
  /** The bodies sweeps leave out: the character's own (set by the controller for each move), and the
   * ground it rides while it is carried. */
  excluded: readonly Body[] = [];
  /** The capsule's orientation for this move (the body's). */
  orientation: Float64Array = new Float64Array([0, 0, 0, 1]);

  constructor(
    private readonly world: CharacterWorld,
    private readonly capsule: Shape,
    /** The skin gap kept from surfaces, m. */
    readonly offset: number,
    /** The capsule's half height plus radius, m. */
    size: number,
  ) {
    this.tolerance = RELATIVE_TOLERANCE * size;
  }
  /** How close to touching a hit stops, m. */
  private readonly tolerance: number;

  /**
   * How far the capsule at `from` may go along the unit direction `d`, up to `length` (m), keeping
   * `offset` from what it meets. When something stops it short, `blocked` is set and `hit` holds the
   * shape, the point, the normal and the distance at which the bare capsule would touch it.
   */
  advance(from: Float64Array, d: Float64Array, length: number): number {
    this.blocked = false;
    const hit = this.hit;
    if (!this.world.sweepShape(this.capsule, from, this.orientation, d, length + SKIN_REACH * this.offset, this.excluded, hit, this.tolerance)) return length;
    const n = hit.normal;
    const approach = -(n[0] * d[0] + n[1] * d[1] + n[2] * d[2]);
    const allowed = hit.distance - this.offset / Math.max(approach, 1e-9);
    if (allowed >= length) return length;
    this.blocked = true;
    return Math.max(0, allowed);
  }
}
