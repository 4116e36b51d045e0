// A 3D joint: what JointCore gives every joint (bodies, breaking, readouts, the solver interface) plus
// 3-vector force and torque readouts and the rows a direct solver needs (the Jacobian, K = J M⁻¹ Jᵀ,
// Ċ = J v, C, and v += M⁻¹ Jᵀ λ for any λ). The rows are the joint's equality rows; limit, motor and
// friction rows are not among them. A ball joint's torque readout is zero unless limits or friction
// act: it holds no rotation.

import type { LocalFrameOptions } from './local-frames.js';
import type { Body } from '../body/body.js';
import { JOINT_CORE_OPTION_KEYS, JointCore, type JointCoreOptions } from './joint-core.js';
import type { Float64Allocator } from '../util/arena.js';
import { readFiniteVector, show, showBound, requireWritable } from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED } from '../limits.js';
import { requireDrawArguments, type DebugLines } from './joint-drawing.js';

export type JointType = 'ball' | 'orientation' | 'weld' | 'hinge' | 'prismatic' | 'distance' | 'mouse' | 'pulley' | 'gear' | 'sixDof' | 'motor' | 'wheel';

/** The options every 3D joint takes: its bodies, spring, breaking limits, and (all but the mouse joint) the
 * local frames it may be made from instead of world anchors and axes (local-frames.ts). */
export type JointOptions = JointCoreOptions<Body> & LocalFrameOptions;
/** @internal The keys of JointOptions (option-keys.ts). */
export const JOINT_OPTION_KEYS: readonly string[] = [...JOINT_CORE_OPTION_KEYS, 'localFrameA', 'localFrameB'];

export abstract class Joint extends JointCore<Body> {
  abstract override readonly type: JointType;

  /** @internal Joints are made by the world's create…Joint methods, which check their options. */
  constructor(id: number, bodyA: Body, bodyB: Body, options: JointOptions, where: string, allocator?: Float64Allocator) {
    super(id, bodyA, bodyB, options, where, 3, 3, allocator);
  }

  /** Constraint force on bodyB over the last step, world frame, N (bodyA received the opposite). */
  getForce(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getForce', out, 3);
    out[0] = this.force[0];
    out[1] = this.force[1];
    out[2] = this.force[2];
    return out;
  }

  /** Constraint torque on bodyB about the anchor over the last step, world frame, N·m. */
  getTorque(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getTorque', out, 3);
    out[0] = this.torque[0];
    out[1] = this.torque[1];
    out[2] = this.torque[2];
    return out;
  }

  /**
   * @internal Body `body`'s centre of mass moved by `shift` (its own axes, m) with the body staying where
   * it was (its shapes changed: Body.addShape, removeShape, Shape.setRadius, …): the joint's anchors on
   * it, held in its frame about the centre of mass, move by −shift, so that each stays on the same point
   * of the body (Jolt's Constraint::NotifyShapeChanged: mLocalSpacePosition −= inDeltaCOM, e.g.
   * Jolt/Physics/Constraints/PointConstraint.cpp). Axes do not move: the body's axes do not turn.
   */
  centreMoved(body: Body, shift: ArrayLike<number>): void {
    const anchors = this.bodyAnchors();
    if (anchors === null) return;
    for (let side = 0; side < 2; side++) {
      if ((side === 0 ? this.bodyA : this.bodyB) !== body) continue;
      const anchor = anchors[side];
      for (let k = 0; k < 3; k++) anchor[k] -= shift[k];
    }
  }

  /** The joint's anchors on bodyA and bodyB, body frames about the centres of mass (centreMoved), or null
   * for a joint that holds no point of its bodies (orientation, gear; the motor joint, which drives
   * bodyB's centre to an offset from bodyA's). */
  protected bodyAnchors(): readonly [Float64Array, Float64Array] | null {
    return null;
  }

  // ---- drawing (joint-drawing.ts) ----

  /**
   * Draws the joint's frame on each body at its anchor into `lines`: frame A's x, y and z axes `size` m
   * long (red, green, blue), frame B's three quarters as long in darker colours (JOINT_DRAW_COLOURS). A
   * joint with joint frames (hinge, prismatic, ball) draws those (joint-frames.ts); a weld or orientation
   * joint A's body axes and the frame of B that matches them while the held rotation holds; a distance or
   * mouse joint the bodies' own axes. Reads the joint at the bodies' current poses. Meant to allocate nothing, but measured at 0.5–7 KB a frame
   * for three joints (numbers passed to helpers V8 does not always inline are boxed).
   */
  abstract drawFrames(lines: DebugLines, size: number): void;

  /**
   * Draws what the joint's limits allow, where they act, and where the joint is now, `size` m across
   * (a sector's radius, a cone's length), with a needle or marker that turns red at a limit (each joint
   * type says what it draws). A joint without limits draws nothing. Allocates as drawFrames does.
   */
  drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
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
    saved.set(a.linearVelocity, 0); saved.set(a.angularVelocity, 3);
    saved.set(b.linearVelocity, 6); saved.set(b.angularVelocity, 9);
    this.applyRowImpulse(rows);
    for (const body of [a, b]) {
      const speed = Math.hypot(body.linearVelocity[0], body.linearVelocity[1], body.linearVelocity[2]);
      const turning = Math.hypot(body.angularVelocity[0], body.angularVelocity[1], body.angularVelocity[2]);
      if (speed <= MAX_LINEAR_SPEED && turning <= MAX_ANGULAR_SPEED) continue;
      a.linearVelocity.set(saved.subarray(0, 3)); a.angularVelocity.set(saved.subarray(3, 6));
      b.linearVelocity.set(saved.subarray(6, 9)); b.angularVelocity.set(saved.subarray(9, 12));
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
export function worldPoint(body: Body, local: ArrayLike<number>): number[] {
  return body.getWorldPoint([0, 0, 0], local) as number[];
}

const impulseRows = new Float64Array(6);
/** The bodies' velocities before applyImpulse, put back when it refuses. */
const saved = new Float64Array(12);
