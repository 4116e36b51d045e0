// How a character's move bends at a surface it meets, by the surface's slope: the rules of
// collide-and-slide for a walking character (character-controller.ts).
//
// A surface is told by the angle θ between its normal n (the hit normal, toward the character) and
// `up` u, through cos θ = n·u:
//   walkable     θ ≤ maxSlopeClimbAngle: the character walks up it and stands on it;
//   too steep    θ > maxSlopeClimbAngle and n·u > 0: a wall to horizontal motion, u's part of its
//                normal left out, so walking at it does not climb it;
//   slippery     θ > minSlopeSlideAngle: downward motion slides along it; on a gentler surface
//                downward motion is taken out, so a character standing there does not creep down;
//   wall, ceiling n·u ≤ 0: the plain slide, the part of the move into the surface taken out.
// Rapier's KinematicCharacterController makes the same distinctions (its max_slope_climb_angle and
// min_slope_slide_angle split a hit's motion into a normal, a horizontal tangent and a vertical tangent
// part); the rules here are our own formulation of them.

/** Slopes within this of a limit, in cos θ, count as on the walkable or non-slippery side. */
const ANGLE_TOLERANCE = 1e-9;

export class SurfaceRules {
  /** cos maxSlopeClimbAngle and cos minSlopeSlideAngle. */
  private readonly cosClimb: number;
  private readonly cosSlide: number;

  constructor(
    /** The unit up vector. */
    readonly up: Float64Array,
    maxSlopeClimbAngle: number,
    minSlopeSlideAngle: number,
  ) {
    this.cosClimb = Math.cos(maxSlopeClimbAngle);
    this.cosSlide = Math.cos(minSlopeSlideAngle);
  }

  /** n·u: the cosine of the surface's slope. */
  upness(n: ArrayLike<number>): number {
    const u = this.up;
    return n[0] * u[0] + n[1] * u[1] + n[2] * u[2];
  }

  /** The character can stand on and walk up a surface of this normal. */
  walkable(n: ArrayLike<number>): boolean {
    const nu = this.upness(n);
    return nu > 0 && nu >= this.cosClimb - ANGLE_TOLERANCE;
  }

  /** Downward motion slides along a surface of this normal. */
  slippery(n: ArrayLike<number>): boolean {
    return this.upness(n) < this.cosSlide - ANGLE_TOLERANCE;
  }

  /**
   * The rest of a move, `move` (changed in place), after the capsule was stopped by a surface of normal
   * n. Afterwards move·n ≥ 0: the move no longer goes into the surface.
   *   horizontal part h (move minus its up part): into a walkable surface it slides along the surface's
   *     plane, h − (h·n) n (Jolt's and Rapier's treatment of a walkable contact); into a too-steep one its
   *     part along the normal's horizontal direction m is taken out, h − (h·m) m;
   *   downward part v u (v < 0): slides along a slippery surface, v u − v (n·u) n; taken out on others;
   *   upward part: kept (it leaves any surface that faces up).
   * Walls and ceilings (n·u ≤ 0) take the plain slide, move − (move·n) n when move·n < 0.
   */
  clip(move: Float64Array, n: ArrayLike<number>): void {
    const u = this.up, nu = this.upness(n);
    if (nu <= 0) {
      slideAlong(move, n);
      return;
    }
    const v = move[0] * u[0] + move[1] * u[1] + move[2] * u[2];
    let hx = move[0] - v * u[0], hy = move[1] - v * u[1], hz = move[2] - v * u[2];
    const into = hx * n[0] + hy * n[1] + hz * n[2];
    if (into < 0) {
      if (this.walkable(n)) {
        // slid along the slope's plane, h − (h·n) n (its up part −(h·n)(n·u) > 0), as followGround
        hx -= into * n[0]; hy -= into * n[1]; hz -= into * n[2];
      } else {
        // the normal's horizontal direction m = (n − (n·u) u) / |…|; h·m = h·n / |…| as h ⊥ u
        let mx = n[0] - nu * u[0], my = n[1] - nu * u[1], mz = n[2] - nu * u[2];
        const length = Math.sqrt(mx * mx + my * my + mz * mz);
        mx /= length; my /= length; mz /= length;
        const along = hx * mx + hy * my + hz * mz;
        hx -= along * mx; hy -= along * my; hz -= along * mz;
      }
    }
    move[0] = hx; move[1] = hy; move[2] = hz;
    if (v > 0) {
      for (let k = 0; k < 3; k++) move[k] += v * u[k];
    } else if (v < 0 && this.slippery(n)) {
      for (let k = 0; k < 3; k++) move[k] += v * u[k] - v * nu * n[k];
    }
  }

  /**
   * A move that starts on walkable ground of normal n and does not rise (move·u ≤ 0), changed in place
   * to follow the ground.
   *   Uphill (its horizontal part h goes into the ground, h·n < 0): the whole move is projected onto the
   *     ground's plane, move − (move·n) n, the game's gravity included, as Jolt's CharacterVirtual and
   *     Rapier's KinematicCharacterController slide a move along a walkable contact: at speed s up a
   *     slope of angle α the horizontal progress is s cos²α (Jolt's TestMovingOnSlope). Should that
   *     slide downhill (a slow walk, gravity's share the larger) on a surface that is not slippery, the
   *     part along the fall line is taken out instead (Rapier's rule for a non-slip slope).
   *   Leaving the ground (downhill faster than it falls, move·n ≥ 0): kept as it is (the snap to the
   *     ground, when on, follows the ground down; without it, a fast run down a slope leaves it and flies,
   *     as in Jolt's TestStickToFloor).
   *   Otherwise (level, or slowly downhill): the horizontal part is kept; the downward part slides along
   *     the ground when it is slippery, else is cut to `gap` (how far the character may go down before
   *     its skin meets the ground), so that it settles onto the ground but does not creep down it.
   */
  followGround(move: Float64Array, n: ArrayLike<number>, gap: number): void {
    const u = this.up, nu = this.upness(n);
    const v = move[0] * u[0] + move[1] * u[1] + move[2] * u[2];
    const hx = move[0] - v * u[0], hy = move[1] - v * u[1], hz = move[2] - v * u[2];
    if (hx * n[0] + hy * n[1] + hz * n[2] < 0) {
      const into = move[0] * n[0] + move[1] * n[1] + move[2] * n[2];
      for (let k = 0; k < 3; k++) move[k] -= into * n[k];
      if (move[0] * u[0] + move[1] * u[1] + move[2] * u[2] < 0 && !this.slippery(n)) this.removeFallLine(move, n, nu);
      return;
    }
    if (!(v < 0) || move[0] * n[0] + move[1] * n[1] + move[2] * n[2] >= 0) return;
    move[0] = hx; move[1] = hy; move[2] = hz;
    if (this.slippery(n)) {
      for (let k = 0; k < 3; k++) move[k] += v * u[k] - v * nu * n[k];
    } else {
      const settle = Math.min(-v, Math.max(0, gap));
      for (let k = 0; k < 3; k++) move[k] -= settle * u[k];
    }
  }

  /** Takes out of a move in the plane of normal n (n·u = nu < 1) its part along the plane's fall line,
   * the direction s = (u − nu n) / |u − nu n|, |u − nu n|² = 1 − nu². */
  private removeFallLine(move: Float64Array, n: ArrayLike<number>, nu: number): void {
    const u = this.up, length2 = 1 - nu * nu;
    if (!(length2 > 1e-12)) return;
    const along = (move[0] * u[0] + move[1] * u[1] + move[2] * u[2] - nu * (move[0] * n[0] + move[1] * n[1] + move[2] * n[2])) / length2;
    for (let k = 0; k < 3; k++) move[k] -= along * (u[k] - nu * n[k]);
  }

  /**
   * The rest of a downward snap, `move` (−u times the drop still allowed), after meeting a surface that
   * is not walkable, changed in place: down along a surface steeper than 45° with the same drop,
   * (v u − v (n·u) n) / (1 − (n·u)²), so a character coming off a stair's edge drops onto the step below
   * instead of hanging on the edge (sideways by at most the drop); along a gentler one (when
   * maxSlopeClimbAngle is under 45°) its in-plane part v u − v (n·u) n; the plain slide against walls and
   * ceilings.
   */
  slideDown(move: Float64Array, n: ArrayLike<number>): void {
    const u = this.up, nu = this.upness(n);
    if (nu <= 0) {
      slideAlong(move, n);
      return;
    }
    const v = move[0] * u[0] + move[1] * u[1] + move[2] * u[2];
    const scale = nu > Math.SQRT1_2 ? 1 : 1 / (1 - nu * nu);
    for (let k = 0; k < 3; k++) move[k] = (v * u[k] - v * nu * n[k]) * scale;
  }
}

/** The plain slide off a wall or ceiling: move − (move·n) n when the move goes into it (move·n < 0). */
function slideAlong(move: Float64Array, n: ArrayLike<number>): void {
  const into = move[0] * n[0] + move[1] * n[1] + move[2] * n[2];
  if (into < 0) for (let k = 0; k < 3; k++) move[k] -= into * n[k];
}
