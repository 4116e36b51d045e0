// Getting out of what the character starts inside: a shape moved into it, or a character placed
// overlapping something. At the start of each move the shapes within the skin gap of the capsule are
// gathered (World.penetrations: the narrowphase's contact with each, its deepest point's separation s_i
// and normal n_i toward the character) and the capsule is moved by the least δ that gives each of them
// its gap back,
//
//   δ·n_i ≥ offset − s_i   for every i,
//
// found by projecting δ onto each violated half-space in turn (Gauss-Seidel on the contacts, as Jolt's
// CharacterVirtual resolves its contacts together in SolveConstraints; its penetration recovery moves
// the character out in one update at the default mPenetrationRecoverySpeed 1). Between two 75° slabs
// facing each other the two half-spaces together push the capsule straight up, by depth / cos 75° for a
// depth along each normal. The move is not swept (a sweep that starts with the capsule's axis inside a
// shape cannot tell which way is out); the contacts are gathered again after it, up to MAX_PASSES
// times, so that what the way out runs into pushes back in the next pass.
//
// A mesh's or a heightfield's triangles are gathered one by one and met from the front, as contacts meet
// them: a capsule whose centre is behind a triangle's plane is not pushed through it.

import type { Body } from '../body/body.js';
import { Penetrations } from '../collision/penetrations.js';
import type { Shape } from '../geometry/shape.js';
import type { CharacterSweep, CharacterWorld } from './character-sweep.js';

/** Gather-and-move passes per move. */
const MAX_PASSES = 3;
/** Projections of δ onto the half-spaces, at most. */
const MAX_PROJECTIONS = 64;
/** Contacts within this of their gap, m, are left alone (the sweeps leave the gap to within 2.5e-7 m). */
const SLOP = 1e-5;

export class PenetrationRecovery {
  private readonly found = new Penetrations();
  private readonly push = new Float64Array(3);
  /** How much each contact still lacks of its gap, m. */
  private readonly needs = new Float64Array(Penetrations.CAPACITY);

  constructor(
    private readonly world: CharacterWorld,
    private readonly capsule: Shape,
    private readonly sweep: CharacterSweep,
  ) {}

  /** Moves `position` (the capsule's centre, turned by `orientation`) out of what it is within the gap
   * of, the bodies `excluded` left out. Returns whether it moved. */
  recover(position: Float64Array, orientation: Float64Array, excluded: readonly Body[]): boolean {
    const found = this.found, n = found.normals, needs = this.needs, delta = this.push;
    const offset = this.sweep.offset;
    let moved = false;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      this.world.penetrations(this.capsule, position, orientation, excluded, offset, found);
      let any = false;
      for (let i = 0; i < found.count; i++) {
        needs[i] = offset - found.separations[i];
        if (needs[i] > SLOP) any = true;
      }
      if (!any) return moved;
      delta.fill(0);
      for (let iteration = 0; iteration < MAX_PROJECTIONS; iteration++) {
        let worst = 0;
        for (let i = 0; i < found.count; i++) {
          const a = 3 * i;
          const deficit = needs[i] - (delta[0] * n[a] + delta[1] * n[a + 1] + delta[2] * n[a + 2]);
          if (deficit <= 0) continue;
          worst = Math.max(worst, deficit);
          for (let k = 0; k < 3; k++) delta[k] += deficit * n[a + k];
        }
        if (worst < 1e-12) break;
      }
      if (!(Math.sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]) > SLOP)) return moved;
      for (let k = 0; k < 3; k++) position[k] += delta[k];
      moved = true;
    }
    return moved;
  }
}
