// A 3D kinematic body's pose target (kinematic-target.ts): a centre and a unit quaternion, the velocities
// that reach them in a step, and where the next step leaves the body (lib/2d/kinematic-motion.ts in 2D).

import { MAX_COORDINATE } from '../limits.js';
import { integrateOrientation, rotationVector } from '../math/quat.js';
import { checkStoredQuaternion, requireAtMost, requireFiniteNumbers } from '../util/restore-check.js';
import { readPoint, readUnitQuaternion } from '../util/validate.js';
import { BODY_STATE } from './body-state.js';
import { KINEMATIC_MOVING, KINEMATIC_NONE, KINEMATIC_PENDING, KinematicTarget, type TargetedBody } from './kinematic-target.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

const LINEAR_VELOCITY = BODY_STATE.linearVelocity;
const ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const POSITION = BODY_STATE.position;
const ORIENTATION = BODY_STATE.orientation;

const scratchVector = new Float64Array(3);
const scratchQuaternion = new Float64Array(4);

/** What the target moves of a 3D body: its state, and its rotation and world inertia, which follow the
 * orientation (Body.updateInertia). */
interface MovedBody extends TargetedBody {
  updateInertia(): void;
}

/** @internal A 3D body's pose target: position (3), then orientation (4). */
export class KinematicMotion extends KinematicTarget<MovedBody> {
  constructor(body: MovedBody) {
    super(body, 7);
  }

  /** moveKinematic's target: `position` and `orientation` (default: the body's orientation now), both
   * checked before either is kept. */
  aim(where: string, position: Vector3Input, orientation: QuaternionInput | undefined): void {
    const s = this.body.state, target = this.pose;
    readPoint(where, 'position', position, 3, scratchVector);
    if (orientation !== undefined) readUnitQuaternion(where, 'orientation', orientation, scratchQuaternion);
    else for (let k = 0; k < 4; k++) scratchQuaternion[k] = s[ORIENTATION + k];
    for (let k = 0; k < 3; k++) target[k] = scratchVector[k];
    for (let k = 0; k < 4; k++) target[3 + k] = scratchQuaternion[k];
    this.phase = KINEMATIC_PENDING;
  }

  /**
   * Where the next step of dt will leave the body if nothing pushes it (the character controller carries
   * riders with it): its target when it has a new one; where it is when it reached its target in the
   * last step and has no new one (it stops); otherwise its pose moved by its velocities, x + v dt and q
   * turned by ω dt.
   */
  predictPose(dt: number, outPosition: Float64Array, outOrientation: Float64Array): void {
    const s = this.body.state;
    if (this.phase === KINEMATIC_PENDING) {
      const target = this.pose;
      for (let k = 0; k < 3; k++) outPosition[k] = target[k];
      for (let k = 0; k < 4; k++) outOrientation[k] = target[3 + k];
      return;
    }
    for (let k = 0; k < 4; k++) outOrientation[k] = s[ORIENTATION + k];
    if (this.phase === KINEMATIC_MOVING) {
      for (let k = 0; k < 3; k++) outPosition[k] = s[POSITION + k];
      return;
    }
    for (let k = 0; k < 3; k++) outPosition[k] = s[POSITION + k] + dt * s[LINEAR_VELOCITY + k];
    integrateOrientation(outOrientation, 0, s, ANGULAR_VELOCITY, dt);
  }

  /**
   *   v = (x* − x) / dt,   ω = log(q* q⁻¹) / dt
   * (the rotation vector of the turn from q to q*: the step's exponential-map update, q ← exp(h ω / 2) q
   * over its substeps, composes to exactly that turn).
   */
  protected moveToward(dt: number): void {
    const s = this.body.state, target = this.pose;
    for (let k = 0; k < 3; k++) s[LINEAR_VELOCITY + k] = (target[k] - s[POSITION + k]) / dt;
    // the turn q* ⊗ q⁻¹, with q⁻¹ = (−q_v, q_w) for a unit q
    const ax = target[3], ay = target[4], az = target[5], aw = target[6];
    const bx = -s[ORIENTATION], by = -s[ORIENTATION + 1], bz = -s[ORIENTATION + 2], bw = s[ORIENTATION + 3];
    const x = aw * bx + bw * ax + ay * bz - az * by;
    const y = aw * by + bw * ay + az * bx - ax * bz;
    const z = aw * bz + bw * az + ax * by - ay * bx;
    const w = aw * bw - ax * bx - ay * by - az * bz;
    rotationVector(scratchVector, x, y, z, w);
    for (let k = 0; k < 3; k++) s[ANGULAR_VELOCITY + k] = scratchVector[k] / dt;
  }

  protected land(): void {
    const s = this.body.state, target = this.pose;
    for (let k = 0; k < 3; k++) s[POSITION + k] = target[k];
    for (let k = 0; k < 4; k++) s[ORIENTATION + k] = target[3 + k];
    this.body.updateInertia();
  }

  /** The centre finite and within MAX_COORDINATE; the orientation of a target in use a unit quaternion
   * (one a little off unit is normalized, as createBody does). */
  protected checkPose(where: string, name: string): void {
    const centre = this.pose.subarray(0, 3);
    requireFiniteNumbers(where, name, centre);
    requireAtMost(where, name, centre, MAX_COORDINATE, 'm', true);
    if (this.phase !== KINEMATIC_NONE) checkStoredQuaternion(where, `${name}.orientation`, this.pose.subarray(3));
  }
}
