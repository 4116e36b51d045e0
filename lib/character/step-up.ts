// Stepping up stairs: when a grounded character's horizontal move is stopped by something too steep to
// walk up (a riser, a kerb), it tries the move again `stepHeight` higher and comes back down onto what
// is there (character-controller.ts calls it; Jolt's CharacterVirtual::WalkStairs and Rapier's
// KinematicCharacterController autostep work the same way: up, forward, down, then check where it
// landed).
//
//   1. up: sweep the capsule up by at most stepHeight (a ceiling may allow less);
//   2. forward: sweep it along the horizontal part of the rest of the move; it must get farther than
//      it did below (else the obstacle is taller than the lift);
//   3. down: sweep it down by the lift; it must land on something;
//   4. check the landing: the point it lands on (the riser's top) must be above the feet where the step
//      began and no higher than stepHeight above them, and the surface walkable.
//
// A capsule's rounded bottom often lands on the step's edge rather than on its top: the contact normal
// there points from the edge to the bottom sphere's centre, at an angle θ with sin θ = x / r (x the
// horizontal distance from the capsule's axis to the edge, r its radius plus the gap), and just past the
// riser that is steeper than a walkable slope. Standing on such an edge the character could not stay
// grounded, and a slow walker would be sent back down every frame (Jolt looks further ahead for a
// walkable surface in that case, its stair "step forward test"). Here the step then goes on along the
// move until the edge is under the bottom at x = 0.9 r sin(maxSlopeClimbAngle), at most one radius
// farther than asked, and lands again; from there the character rolls over the edge as over a walkable
// slope. The step is refused when that is blocked or the edge is not ahead.

import type { CharacterSweep } from './character-sweep.js';
import type { SurfaceRules } from './surface-rules.js';

/** The least progress, m, that counts as getting past the obstacle at the lifted height. */
const MIN_PROGRESS = 1e-4;
/** The least rise, m, that counts as a step. */
const MIN_RISE = 1e-4;
/** Where on its rounded bottom a stepping capsule is set down on an edge, as a share of the walkable
 * reach r sin(maxSlopeClimbAngle). */
const EDGE_SHARE = 0.9;
/** The least forward move of a step beyond the skin gap, m (Jolt's ExtendedUpdateSettings
 * mWalkStairsMinStepForward, 0.02 m). */
const MIN_STEP_FORWARD = 0.02;

export class StepUp {
  /** After a step: the normal of the surface it landed on. */
  readonly landingNormal = new Float64Array(3);
  private readonly lifted = new Float64Array(3);
  private readonly landed = new Float64Array(3);
  private readonly along = new Float64Array(3);
  private readonly down = new Float64Array(3);

  constructor(
    private readonly sweep: CharacterSweep,
    private readonly rules: SurfaceRules,
    private readonly stepHeight: number,
    /** The capsule's radius plus the skin gap: how far a landing normal's foot is from the bottom
     * sphere's centre. */
    private readonly radius: number,
    maxSlopeClimbAngle: number,
  ) {
    this.edgeReach = EDGE_SHARE * radius * Math.sin(maxSlopeClimbAngle);
    this.minForward = sweep.offset + MIN_STEP_FORWARD;
  }
  /** The least forward move of a step, m. */
  private readonly minForward: number;
  /** x at which a stepping capsule is set down on an edge, m. */
  private readonly edgeReach: number;

  /**
   * Tries to carry the rest of a move, `remaining`, up a step from `position` (the capsule's centre;
   * `feet` its lowest point's height along up). On success moves `position` onto the step, leaves in
   * `remaining` what is left of the move (the horizontal part not yet made, and an upward part) and
   * returns true; otherwise changes nothing and returns false.
   */
  tryStep(position: Float64Array, remaining: Float64Array, feet: number): boolean {
    const u = this.rules.up, sweep = this.sweep, along = this.along, lifted = this.lifted;
    const v = remaining[0] * u[0] + remaining[1] * u[1] + remaining[2] * u[2];
    for (let k = 0; k < 3; k++) along[k] = remaining[k] - v * u[k];
    const length = Math.sqrt(along[0] * along[0] + along[1] * along[1] + along[2] * along[2]);
    if (length < MIN_PROGRESS) return false;
    for (let k = 0; k < 3; k++) along[k] /= length;
    // 1. up
    const lift = sweep.advance(position, u, this.stepHeight);
    if (lift < MIN_RISE) return false;
    for (let k = 0; k < 3; k++) lifted[k] = position[k] + lift * u[k];
    // 2. forward, by at least the skin gap and MIN_STEP_FORWARD: a move shorter than the gap would lower
    // the bare capsule past the riser's edge without touching it (a slow walker at a high frame rate)
    let forward = sweep.advance(lifted, along, Math.max(length, this.minForward));
    if (forward < MIN_PROGRESS) return false;
    // 3. down, 4. the landing
    if (!this.land(forward, lift, feet)) return false;
    if (!this.rules.walkable(this.landingNormal)) {
      // on the step's edge, too steep to stand on: on along the move until the edge is under the
      // bottom at x = edgeReach
      const n = this.landingNormal, nu = this.rules.upness(n);
      const mx = n[0] - nu * u[0], my = n[1] - nu * u[1], mz = n[2] - nu * u[2];
      const horizontal = Math.sqrt(mx * mx + my * my + mz * mz);
      if (nu <= 0 || horizontal < 1e-9) return false;
      // the edge lies along −m from the axis, at x = r sin θ = r |m|
      const ahead = -(along[0] * mx + along[1] * my + along[2] * mz) / horizontal;
      if (ahead < 0.1) return false;
      const extra = (this.radius * horizontal - this.edgeReach) / ahead;
      if (extra > this.radius) return false;
      const wanted = forward + extra;
      forward = sweep.advance(lifted, along, wanted);
      if (sweep.blocked) return false;
      if (!this.land(forward, lift, feet) || !this.rules.walkable(this.landingNormal)) return false;
    }
    position.set(this.landed);
    const left = Math.max(0, length - forward);
    for (let k = 0; k < 3; k++) remaining[k] = left * along[k] + Math.max(0, v) * u[k];
    return true;
  }

  /** Sweeps down from `lifted` moved `forward` along the move, by at most `lift`: whether it lands on
   * something whose contact is higher than the feet by more than MIN_RISE and at most stepHeight. The
   * pose is left in `landed`, the surface's normal in `landingNormal`. */
  private land(forward: number, lift: number, feet: number): boolean {
    const u = this.rules.up, sweep = this.sweep, landed = this.landed, down = this.down;
    for (let k = 0; k < 3; k++) {
      landed[k] = this.lifted[k] + forward * this.along[k];
      down[k] = -u[k];
    }
    const drop = sweep.advance(landed, down, lift);
    if (!sweep.blocked) return false;
    for (let k = 0; k < 3; k++) landed[k] -= drop * u[k];
    const p = sweep.hit.point;
    const rise = p[0] * u[0] + p[1] * u[1] + p[2] * u[2] - feet;
    if (!(rise > MIN_RISE) || rise > this.stepHeight) return false;
    this.landingNormal.set(sweep.hit.normal);
    return true;
  }
}
