// A joint made of one constraint part (orientation, mouse): the warm start, impulse scaling, readout
// and state every such joint shares, written once against the ConstraintPart interface (the rows the
// direct solver reads are JointCore's, over equalityRows). The hot methods (prepare, solve) stay in each
// joint class, so their call sites see one class each.

import { Joint } from './joint.js';
import type { ConstraintPart } from './parts/constraint-part.js';
import type { StateReader, StateWriter } from '../util/state.js';

export abstract class SinglePartJoint extends Joint {
  /** The joint's one part. */
  protected abstract get part(): ConstraintPart;
  /** Whether the part's impulse is a force (point rows) or a torque (rotation rows) on body B. */
  protected abstract readonly carries: 'force' | 'torque';

  /** @internal */
  warmStart(): void {
    this.part.warmStart(this.bodyA, this.bodyB);
  }
  /** @internal */
  scaleImpulse(ratio: number): void {
    const p = this.part.impulse;
    p[0] *= ratio; p[1] *= ratio; p[2] *= ratio;
  }
  /** @internal */
  accumulateImpulse(): void {
    const p = this.part.impulse;
    const s = this.carries === 'force' ? this.linearImpulseSum : this.angularImpulseSum;
    s[0] += p[0]; s[1] += p[1]; s[2] += p[2];
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

