// A 2D kinematic body's pose target (lib/body/kinematic-target.ts): a centre and an angle, and the
// velocities that reach them in a step (lib/body/kinematic-motion.ts in 3D).

import { MAX_COORDINATE } from '../limits.js';
import { wrapAngleAt } from '../math/portable.js';
import { requireAtMost, requireFiniteNumbers } from '../util/restore-check.js';
import { readPoint, requireFinite } from '../util/validate.js';
import { BODY2D_STATE } from './body-state.js';
import { KINEMATIC_PENDING, KinematicTarget, type TargetedBody } from '../body/kinematic-target.js';
import type { Vector2Input } from '../util/vector-input.js';

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity;
const ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const POSITION = BODY2D_STATE.position;
const ANGLE = BODY2D_STATE.angle;

const scratch = new Float64Array(2);

/** What the target moves of a 2D body: its state, and its rotation, which follows the angle
 * (Body2D.updateRotation). */
interface MovedBody extends TargetedBody {
  updateRotation(): void;
}

/** @internal A 2D body's pose target: x, y, θ. */
export class KinematicMotion2D extends KinematicTarget<MovedBody> {
  constructor(body: MovedBody) {
    super(body, 3);
  }

  /** moveKinematic's target: `position` and `angle` (default: the body's angle now), wrapped to [−π, π],
   * both checked before either is kept. */
  aim(where: string, position: Vector2Input, angle: number | undefined): void {
    const s = this.body.state, target = this.pose;
    readPoint(where, 'position', position, 2, scratch);
    const theta = angle === undefined ? s[ANGLE] : requireFinite(where, 'angle', angle);
    target[0] = scratch[0];
    target[1] = scratch[1];
    target[2] = theta;
    wrapAngleAt(target, 2);
    this.phase = KINEMATIC_PENDING;
  }

  /** v = (x* − x) / dt, ω = (θ* − θ) / dt, the turn θ* − θ taken the short way. */
  protected moveToward(dt: number): void {
    const s = this.body.state, target = this.pose;
    s[LINEAR_VELOCITY] = (target[0] - s[POSITION]) / dt;
    s[LINEAR_VELOCITY + 1] = (target[1] - s[POSITION + 1]) / dt;
    // both angles are in [−π, π]; the turn the short way
    let turn = target[2] - s[ANGLE];
    if (turn > Math.PI) turn -= 2 * Math.PI;
    else if (turn < -Math.PI) turn += 2 * Math.PI;
    s[ANGULAR_VELOCITY] = turn / dt;
  }

  protected land(): void {
    const s = this.body.state, target = this.pose;
    s[POSITION] = target[0];
    s[POSITION + 1] = target[1];
    s[ANGLE] = target[2];
    this.body.updateRotation();
  }

  /** The centre and angle finite, the centre within MAX_COORDINATE; the angle wrapped as aim wraps it (a
   * world's is already: its bits stay). The step's short turn expects [−π, π], and a target of 1e308 rad
   * had turned the body at Infinity rad/s. */
  protected checkPose(where: string, name: string): void {
    requireFiniteNumbers(where, name, this.pose);
    requireAtMost(where, name, this.pose.subarray(0, 2), MAX_COORDINATE, 'm', true);
    wrapAngleAt(this.pose, 2);
  }
}
