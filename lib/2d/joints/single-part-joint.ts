// A 2D joint made of one constraint part (angle): lib/joints/single-part-joint.ts in 2D.

import { Joint2D } from './joint.js';
import type { ConstraintPart2D } from './parts/constraint-part.js';
import type { StateReader, StateWriter } from '../../util/state.js';

export abstract class SinglePartJoint2D extends Joint2D {
  protected abstract get part(): ConstraintPart2D;
  /** Whether the part's impulse is a force (point rows) or a torque (angle row) on body B. */
  protected abstract readonly carries: 'force' | 'torque';

  /** @internal */
  warmStart(): void {
    this.part.warmStart(this.bodyA, this.bodyB);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.part.impulse;
    for (let i = 0; i < p.length; i++) p[i] *= ratio;
  }
  /** @internal */
  accumulateImpulse(): void {
    const p = this.part.impulse;
    const s = this.carries === 'force' ? this.linearImpulseSum : this.angularImpulseSum;
    for (let i = 0; i < p.length; i++) s[i] += p[i];
  }
  protected saveParts(writer: StateWriter): void {
    this.part.saveState(writer);
  }
  protected loadParts(reader: StateReader): void {
    this.part.loadState(reader);
  }
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.part.K);
  }
}
