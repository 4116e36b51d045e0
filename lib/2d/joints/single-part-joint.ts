// A 2D joint made of one constraint part (revolute, angle): lib/joints/single-part-joint.ts in 2D.

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
  readEqualityImpulse(out: Float64Array, at: number): void {
    const p = this.part.impulse;
    for (let i = 0; i < p.length; i++) out[at + i] = p[i];
  }
  /** @internal */
  clearEqualityImpulse(): void {
    const p = this.part.impulse;
    for (let i = 0; i < p.length; i++) p[i] = 0; // (stores: it runs per joint per substep)
  }
  /** @internal */
  addEqualityImpulse(lambda: Float64Array, at: number): void {
    const p = this.part.impulse;
    for (let i = 0; i < p.length; i++) p[i] += lambda[at + i];
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
    for (let i = 0; i < C.length; i++) out[i] = C[i]; // (stores: cheaper than a TypedArray.set call)
  }
  protected applyRowImpulse(lambda: ArrayLike<number>): void {
    this.part.applyImpulse(this.bodyA, this.bodyB, lambda, 0);
  }
}
