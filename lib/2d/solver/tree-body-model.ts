// The direct solver's view of a 2D body: lib/solver/direct/tree-body-model.ts in the plane. A body's
// velocity is (v_x, v_y, ω), 3 numbers, and a row of J has 6 columns [v_a ω_a v_b ω_b]; its mass block is
// diag(m, m, I), with I a number (no rotating: a planar body turns about its one principal axis). Each
// method is the 3D one with the z-components of v and the x- and y-components of ω gone, which is why
// the 2D and 3D direct solvers agree on planar scenes (tests/planar.test.ts).

import type { Body2D } from '../body.js';
import { BODY2D_STATE } from '../body-state.js';
import { MOVED_ANGLE, MOVED_LENGTH, STIFF_TENSION, type TreeBodyModel } from '../../solver/direct/tree-body-model.js';

const MOVED_HALF_ANGLE_SINE_SQUARED = Math.sin(MOVED_ANGLE / 2) * Math.sin(MOVED_ANGLE / 2);

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_MASS = BODY2D_STATE.inverseMass, INVERSE_INERTIA = BODY2D_STATE.inverseInertia;
const POSITION = BODY2D_STATE.position, ANGLE = BODY2D_STATE.angle;

export class TreeBodyModel2D implements TreeBodyModel<Body2D> {
  readonly dof = 3;
  readonly stiffnessSize = 1;
  readonly poseSize = 3;

  /** M = diag(m, m, I + G) (row-major 3x3); m, I > 0 for a dynamic body, and G ≥ 0. */
  writeMassMatrix(body: Body2D, D: Float64Array, at: number, g: number): void {
    const m = 1 / body.state[INVERSE_MASS];
    D[at] = m; D[at + 1] = 0; D[at + 2] = 0;
    D[at + 3] = 0; D[at + 4] = m; D[at + 5] = 0;
    D[at + 6] = 0; D[at + 7] = 0; D[at + 8] = body.inertia + D[g];
  }

  /** 2D bodies have no locked axes (TreeBody.hasLockedAxes): never called. */
  lockBlock(): void {}

  /**
   * The tension part of a point row's geometric stiffness, s = hSigned/h · λ·r > 0 (the 3D form's
   * h s (I − r̂r̂ᵀ) about z, where r̂ lies in the plane: its zz entry is s). load = λ, r_a, r_b, 2 numbers
   * each (JointCore.writePointLoad in 2D).
   */
  addTension(G: Float64Array, g: number, signedH: Float64Array, load: Float64Array, side: number, state: Float64Array): void {
    const at = 2 + 2 * side, rx = load[at], ry = load[at + 1];
    const s = signedH[side] * (load[0] * rx + load[1] * ry), rr = rx * rx + ry * ry;
    if (!(s > 0) || !(rr > 0) || !(s * state[INVERSE_MASS] > STIFF_TENSION * rr)) return;
    G[g] += s;
  }

  writeVelocityRhs(x: Float64Array, withStiffness: boolean, G: Float64Array, g: number, s: Float64Array): void {
    x[0] = 0; x[1] = 0;
    // −h²G ω
    x[2] = withStiffness ? -(G[g] * s[ANGULAR_VELOCITY]) : 0;
  }

  addVelocity(s: Float64Array, x: Float64Array): void {
    s[LINEAR_VELOCITY] += x[0]; s[LINEAR_VELOCITY + 1] += x[1];
    s[ANGULAR_VELOCITY] += x[2];
  }

  addRowVelocity(out: Float64Array, outAt: number, J: Float64Array, at: number, s: Float64Array): void {
    let sum = out[outAt];
    sum += J[at] * s[LINEAR_VELOCITY];
    sum += J[at + 1] * s[LINEAR_VELOCITY + 1];
    sum += J[at + 2] * s[ANGULAR_VELOCITY];
    out[outAt] = sum;
  }

  addRowInverseMass(sum: number, J: Float64Array, at: number, s: Float64Array): number {
    const lx = J[at], ly = J[at + 1], a = J[at + 2];
    sum += s[INVERSE_MASS] * (lx * lx + ly * ly);
    sum += a * (s[INVERSE_INERTIA] * a);
    return sum;
  }

  /** 2D bodies have no locked axes: addRowInverseMass. */
  addRowUnlockedInverseMass(sum: number, J: Float64Array, at: number, body: Body2D): number {
    return this.addRowInverseMass(sum, J, at, body.state);
  }

  addRowPairInverseMass(sum: number, J: Float64Array, r: number, t: number, s: Float64Array): number {
    sum += s[INVERSE_MASS] * (J[r] * J[t] + J[r + 1] * J[t + 1]);
    sum += J[r + 2] * (s[INVERSE_INERTIA] * J[t + 2]);
    return sum;
  }

  raiseLargestSpeedSquared(s: Float64Array, largest: Float64Array): void {
    const v = s[LINEAR_VELOCITY] * s[LINEAR_VELOCITY] + s[LINEAR_VELOCITY + 1] * s[LINEAR_VELOCITY + 1];
    const w = s[ANGULAR_VELOCITY] * s[ANGULAR_VELOCITY];
    const speed = v > w ? v : w;
    if (speed > largest[0]) largest[0] = speed;
  }

  savePose(s: Float64Array, poses: Float64Array, at: number): void {
    poses[at] = s[POSITION]; poses[at + 1] = s[POSITION + 1]; poses[at + 2] = s[ANGLE];
  }

  saveVelocity(s: Float64Array, out: Float64Array, at: number): void {
    out[at] = s[LINEAR_VELOCITY]; out[at + 1] = s[LINEAR_VELOCITY + 1]; out[at + 2] = s[ANGULAR_VELOCITY];
  }

  restoreVelocity(s: Float64Array, values: Float64Array, at: number): void {
    s[LINEAR_VELOCITY] = values[at]; s[LINEAR_VELOCITY + 1] = values[at + 1]; s[ANGULAR_VELOCITY] = values[at + 2];
  }

  /** As in 3D (the turn measured as sin²(θ/2), so that a planar scene decides alike in both). */
  movedFrom(s: Float64Array, poses: Float64Array, at: number): boolean {
    const dx = s[POSITION] - poses[at], dy = s[POSITION + 1] - poses[at + 1];
    if (dx * dx + dy * dy > MOVED_LENGTH * MOVED_LENGTH) return true;
    const half = Math.sin((s[ANGLE] - poses[at + 2]) / 2);
    return half * half > MOVED_HALF_ANGLE_SINE_SQUARED;
  }

  restorePose(body: Body2D, poses: Float64Array, at: number): void {
    const s = body.state;
    s[POSITION] = poses[at]; s[POSITION + 1] = poses[at + 1]; s[ANGLE] = poses[at + 2];
    body.updateRotation();
  }

  /** As in 3D, but a turn leaves ω as it is (it is a number about the one axis; the inertia does not turn). */
  move(body: Body2D, x: Float64Array, bounds: Float64Array): void {
    const s = body.state, scale = bounds[0], maxShift = bounds[1], maxTurn = bounds[2];
    const shift = Math.sqrt(x[0] * x[0] + x[1] * x[1]), turn = Math.abs(x[2]);
    let k = scale;
    if (scale * shift > maxShift) k = maxShift / shift;
    if (k * turn > maxTurn) k = maxTurn / turn;
    s[POSITION] += k * x[0]; s[POSITION + 1] += k * x[1];
    if (x[2] !== 0) {
      s[ANGLE] += k * x[2];
      body.updateRotation();
    }
  }
}
