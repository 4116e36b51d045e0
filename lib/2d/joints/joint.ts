// A 2D joint: JointCore (bodies, breaking, readouts, the solver interface) with a 2-vector force and a
// scalar torque, and 6-column Jacobian rows [v_a ω_a v_b ω_b]. lib/joints/joint.ts is the 3D form.

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import { JOINT_CORE_OPTION_KEYS, JointCore, type JointCoreOptions } from '../../joints/joint-core.js';
import type { LocalFrame2DOptions } from './local-frames.js';
import { readFiniteVector, requireFinite, requireWithin, show, showBound, requireWritable } from '../../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED, MAX_REFERENCE_ANGLE } from '../../limits.js';

export type Joint2DType = 'revolute' | 'weld' | 'angle' | 'pulley' | 'motor' | 'prismatic' | 'wheel' | 'gear' | 'distance' | 'mouse';

/** The options every 2D joint takes: JointCoreOptions and the local frames it may be made from (local-frames.ts). */
export type Joint2DOptions = JointCoreOptions<Body2D> & LocalFrame2DOptions;
/** @internal The keys of Joint2DOptions (option-keys.ts). */
export const JOINT_2D_OPTION_KEYS: readonly string[] = [...JOINT_CORE_OPTION_KEYS, 'localFrameA', 'localFrameB'];

export abstract class Joint2D extends JointCore<Body2D> {
  abstract override readonly type: Joint2DType;

  /** @internal Joints are made by the world's create…Joint methods, which check their options. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, options: Joint2DOptions, where: string) {
    super(id, bodyA, bodyB, options, where, 2, 1);
  }

  /** Constraint force on bodyB over the last step, N (bodyA received the opposite). */
  getForce(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getForce', out, 2);
    out[0] = this.force[0];
    out[1] = this.force[1];
    return out;
  }

  /** Constraint torque on bodyB about the anchor over the last step, N·m (counter-clockwise). */
  getTorque(): number {
    return this.torque[0];
  }

  /**
   * @internal Body `body`'s centre of mass moved by `shift` (its own axes, m) with the body staying where
   * it was (its shapes changed: Body2D.addShape, removeShape): the joint's anchors on it, held in its
   * frame about the centre of mass, move by −shift, so that each stays on the same point of the body (as
   * the 3D Joint.centreMoved; Jolt's Constraint::NotifyShapeChanged). Axes do not move.
   */
  centreMoved(body: Body2D, shift: ArrayLike<number>): void {
    const anchors = this.bodyAnchors();
    if (anchors === null) return;
    for (let side = 0; side < 2; side++) {
      if ((side === 0 ? this.bodyA : this.bodyB) !== body) continue;
      anchors[side][0] -= shift[0];
      anchors[side][1] -= shift[1];
    }
  }

  /** The joint's anchors on bodyA and bodyB, body frames about the centres of mass (centreMoved), or null
   * for a joint that holds no point of its bodies (angle, gear; the motor joint, which drives bodyB's
   * centre to an offset from bodyA's). */
  protected bodyAnchors(): readonly [Float64Array, Float64Array] | null {
    return null;
  }

  // ---- rows (J, Ċ and C are JointCore's, read from the joint's equality rows) ----

  /** Writes K = J M⁻¹ Jᵀ (rowCount × rowCount, row-major) from the closed form, at the last prepare. */
  abstract writeEffectiveMass(out: Float64Array): void;
  /**
   * v += M⁻¹ Jᵀ λ for an impulse λ of rowCount numbers (not added to λ_acc), at the lever arms of the last
   * prepare; wakes the bodies. Refused, changing nothing, when λ is not rowCount finite numbers or would
   * take a body past MAX_LINEAR_SPEED or MAX_ANGULAR_SPEED (README, "Limits"), as a body's impulses are.
   */
  applyImpulse(lambda: ArrayLike<number>): void {
    this.requireInWorld('applyImpulse');
    const rows = readFiniteVector('applyImpulse', 'lambda', lambda, this.rowCount, impulseRows);
    const a = this.bodyA, b = this.bodyB;
    // (x, y, ω of each body: the first three numbers of its state)
    saved.set(a.state.subarray(VELOCITY, VELOCITY + 3), 0);
    saved.set(b.state.subarray(VELOCITY, VELOCITY + 3), 3);
    this.applyRowImpulse(rows);
    for (const body of [a, b]) {
      const speed = Math.hypot(body.linearVelocity[0], body.linearVelocity[1]), turning = Math.abs(body.angularVelocity);
      if (speed <= MAX_LINEAR_SPEED && turning <= MAX_ANGULAR_SPEED) continue;
      a.state.set(saved.subarray(0, 3), VELOCITY);
      b.state.set(saved.subarray(3, 6), VELOCITY);
      throw new RangeError(
        `applyImpulse: impulse ${show(lambda)} would move body ${body.id} at ${show(speed)} m/s and ${show(turning)} rad/s, more than the ` +
        `${showBound(MAX_LINEAR_SPEED)} m/s and ${showBound(MAX_ANGULAR_SPEED)} rad/s allowed (README, "Limits")`,
      );
    }
    this.wakeBodies();
  }
}

/** @internal A point fixed in `body` (its axes, `local`) in world space at its current pose, as a plain array
 * (toOptions). */
export function worldPoint2D(body: Body2D, local: ArrayLike<number>): number[] {
  return body.getWorldPoint([0, 0], local) as number[];
}

/** @internal A joint's referenceAngle option, rad: finite, within ±MAX_REFERENCE_ANGLE. */
export function readReferenceAngle(where: string, value: unknown): number {
  return requireWithin(where, 'referenceAngle', requireFinite(where, 'referenceAngle', value), -MAX_REFERENCE_ANGLE, MAX_REFERENCE_ANGLE, ' rad');
}

const VELOCITY = BODY2D_STATE.linearVelocity;
const impulseRows = new Float64Array(3);
/** The bodies' velocities before applyImpulse, put back when it refuses. */
const saved = new Float64Array(6);
