// A joint made of one constraint part (ball, orientation, mouse): the row plumbing every such joint
// shares, written once against the ConstraintPart interface. The hot methods (prepare, warmStart,
// solve) stay in each joint class, so their call sites see one class each.

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
  readEqualityImpulse(out: Float64Array, at: number): void {
    const p = this.part.impulse;
    out[at] = p[0]; out[at + 1] = p[1]; out[at + 2] = p[2];
  }
  /** @internal */
  clearEqualityImpulse(): void {
    const p = this.part.impulse;
    p[0] = 0; p[1] = 0; p[2] = 0;
  }
  /** @internal */
  addEqualityImpulse(lambda: Float64Array, at: number): void {
    const p = this.part.impulse;
    p[0] += lambda[at]; p[1] += lambda[at + 1]; p[2] += lambda[at + 2];
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
  /** @internal */
  writeJacobian(out: Float64Array): void {
    this.part.writeJacobian(out, 0);
  }
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.part.K);
  }
  /** @internal */
  getVelocityError(out: Float64Array): void {
    this.part.velocityError(this.bodyA, this.bodyB, out, 0);
  }
  /** @internal */
  getPositionError(out: Float64Array): void {
    const C = this.part.C;
    out[0] = C[0]; out[1] = C[1]; out[2] = C[2];
  }
  protected applyRowImpulse(lambda: ArrayLike<number>): void {
    this.part.applyImpulse(this.bodyA, this.bodyB, lambda[0], lambda[1], lambda[2]);
  }
}

