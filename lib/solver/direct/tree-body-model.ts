// What the direct solver (direct-solver.ts) needs to know of a body, which is where 2D and 3D differ:
// how many velocity numbers it has, its mass block, how a row of J meets its velocity, the geometric
// stiffness of a taut point row, and how a projection moves it. The solver is written once against
// TreeBodyModel; this file is the 3D model (a body's velocity is (v, ω), 6 numbers, and J rows have 12
// columns [v_a ω_a v_b ω_b]); lib/2d/solver/tree-body-model.ts is the 2D one (3 numbers, 6 columns).

import type { Body } from '../../body/body.js';
import { BODY_STATE } from '../../body/body-state.js';
import { rotateSymmetric } from '../../math/mat3.js';
import { invertSymmetric3 } from '../../math/ldlt.js';
import { addUnlockedResponse } from '../../joints/parts/locked-rows.js';
import { integrateOrientation } from '../../math/quat.js';

const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_MASS = BODY_STATE.inverseMass, POSITION = BODY_STATE.position, ORIENTATION = BODY_STATE.orientation;
const INVERSE_INERTIA = BODY_STATE.inverseInertia;
const MASS_X = BODY_STATE.inverseMassAxes, TRANSLATION_LOCKS = BODY_STATE.translationLocks;

/** What the direct solver reads of every body. */
export interface TreeBody {
  readonly isDynamic: boolean;
  /** Whether the body has locked axes (3D Body.lockTranslation, lockRotation; none in 2D): its block is
   * factored with an infinite mass or inertia along them (TreeBodyModel.lockBlock). */
  readonly hasLockedAxes?: boolean;
  /** Whether a translation is locked (3D Body.lockTranslation; none in 2D). */
  readonly hasLockedTranslation?: boolean;
  /** @internal The body's numbers (lib/body/body.ts BODY_STATE, lib/2d/body.ts BODY2D_STATE). */
  readonly state: Float64Array;
}

export interface TreeBodyModel<B extends TreeBody> {
  /** Velocity numbers per body: 6 in 3D (v, ω), 3 in 2D (v_x, v_y, ω). A row of J has twice as many. */
  readonly dof: number;
  /** Numbers of a body's geometric stiffness term G (a 3x3 in 3D, one number in 2D). */
  readonly stiffnessSize: number;
  /** Numbers of a body's pose (x and q: 7 in 3D; x and θ: 3 in 2D). */
  readonly poseSize: number;
  /** Writes M + G (dof × dof, row-major) at D[at]; G is at D[g]. */
  writeMassMatrix(body: B, D: Float64Array, at: number, g: number): void;
  /**
   * For a body with locked axes (hasLockedAxes), its block D_i at D[at] as the elimination has made it,
   * just before it is inverted: the rows and columns of the locked axes cleared. Their mass is infinite,
   * and [[D_ff, D_fl], [D_lf, D_ll + L]]⁻¹ → [[D_ff⁻¹, 0], [0, 0]] as L → ∞: the guarded inverse drops
   * the cleared pivots (math/ldlt.ts), so the solve leaves the body's velocity along them untouched
   * and the joints hold through its free axes alone. (2D has no locks: never called.)
   */
  lockBlock(body: B, D: Float64Array, at: number): void;
  /**
   * G += s (I − r̂r̂ᵀ) for s = hSigned · λ·r (the tension part of a point row's geometric stiffness;
   * factorization.ts), with λ and r in `load` as a joint's writePointLoad writes them and r the lever arm
   * of `side` (0: body A, with hSigned = signedH[0] = −h, as it takes −λ; 1: body B, signedH[1] = h);
   * only where it is stiff enough to need it, s > STIFF_TENSION · m |r|² (the body of `state`).
   */
  addTension(G: Float64Array, g: number, signedH: Float64Array, load: Float64Array, side: number, state: Float64Array): void;
  /** A body block of the right-hand side: zero, but the angular part −G ω when `withStiffness`. */
  writeVelocityRhs(x: Float64Array, withStiffness: boolean, G: Float64Array, g: number, state: Float64Array): void;
  /** v += x (a body block of a solve). */
  addVelocity(state: Float64Array, x: Float64Array): void;
  /** out[outAt] += (one body's dof columns of a row of J, from J[at]) · (v, ω). (The sum in an array: a
   * double passed to or returned from a call V8 does not inline is boxed.) */
  addRowVelocity(out: Float64Array, outAt: number, J: Float64Array, at: number, state: Float64Array): void;
  /** sum + that body's part of J_r M⁻¹ J_rᵀ for the columns at J[at]. */
  addRowInverseMass(sum: number, J: Float64Array, at: number, state: Float64Array): number;
  /** addRowInverseMass with the body's locked axes undone (its m⁻¹ and R I_b⁻¹ Rᵀ whole): what a row's
   * K_ii would be without them (factorization.ts clearUnmovedRows). */
  addRowUnlockedInverseMass(sum: number, J: Float64Array, at: number, body: B): number;
  /** sum + that body's part of J_r M⁻¹ J_sᵀ for two rows' columns at J[r] and J[s]. */
  addRowPairInverseMass(sum: number, J: Float64Array, r: number, s: number, state: Float64Array): number;
  /** largest[0] ← max(largest[0], |v|², |ω|²) (in an array, not returned: a double returned from a call
   * V8 does not inline is boxed). */
  raiseLargestSpeedSquared(state: Float64Array, largest: Float64Array): void;
  savePose(state: Float64Array, poses: Float64Array, at: number): void;
  restorePose(body: B, poses: Float64Array, at: number): void;
  /** The body's dof velocity numbers (v, ω) into out[at …]. */
  saveVelocity(state: Float64Array, out: Float64Array, at: number): void;
  /** The body's velocity from values[at …] (as saveVelocity wrote it). */
  restoreVelocity(state: Float64Array, values: Float64Array, at: number): void;
  /** Whether the body moved from the pose saved at poses[at] (savePose) by more than MOVED_LENGTH or turned
   * by more than MOVED_ANGLE. */
  movedFrom(state: Float64Array, poses: Float64Array, at: number): boolean;
  /**
   * Moves a body by `scale` times a projection's step x (its dof numbers: a shift, then a turn), less if
   * the shift would pass maxShift or the turn maxTurn (bounds: scale, maxShift, maxTurn); a turned body
   * takes its angular velocity along.
   */
  move(body: B, x: Float64Array, bounds: Float64Array): void;
}

/** The 3D bodies (lib/body/body.ts). */
export class TreeBodyModel3D implements TreeBodyModel<Body> {
  readonly dof = 6;
  readonly stiffnessSize = 9;
  readonly poseSize = 7;

  /**
   * M = diag(m, m, m, I + G) with I = R I_b Rᵀ and G the geometric stiffness term at `g` (row-major 6x6).
   * A dynamic body's m⁻¹ > 0 and I_b is positive definite (createBody checks both), and G is positive
   * semidefinite (addTension), so M is positive definite.
   */
  writeMassMatrix(body: Body, D: Float64Array, at: number, g: number): void {
    const m = 1 / body.state[INVERSE_MASS];
    // locked about an axis, the inertia over the free ones is that of the masked inverse inertia P I⁻¹ P
    // (Body.lockRotation), its pseudo-inverse (the locked rows, 0, are dropped; lockBlock clears them)
    const I = body.rotationLocks === 0 ? rotateSymmetric(worldInertia, body.rotation, body.inertiaLocal)
      : (invertSymmetric3(body.state, worldInertia, INVERSE_INERTIA), worldInertia);
    // (stores, not loops with a test per entry: this runs per body per factorization)
    D[at] = m; D[at + 1] = 0; D[at + 2] = 0; D[at + 3] = 0; D[at + 4] = 0; D[at + 5] = 0;
    D[at + 6] = 0; D[at + 7] = m; D[at + 8] = 0; D[at + 9] = 0; D[at + 10] = 0; D[at + 11] = 0;
    D[at + 12] = 0; D[at + 13] = 0; D[at + 14] = m; D[at + 15] = 0; D[at + 16] = 0; D[at + 17] = 0;
    for (let r = 0; r < 3; r++) {
      const angular = at + 6 * (r + 3), G = g + 3 * r;
      D[angular] = 0; D[angular + 1] = 0; D[angular + 2] = 0;
      D[angular + 3] = I[r] + D[G];
      D[angular + 4] = I[3 + r] + D[G + 1];
      D[angular + 5] = I[6 + r] + D[G + 2];
    }
  }

  lockBlock(body: Body, D: Float64Array, at: number): void {
    const locks = body.rotationLocks * 8 + body.state[TRANSLATION_LOCKS];
    for (let k = 0; k < 6; k++) {
      // bits 0-2: translation along x, y, z (the block's rows 0-2); bits 3-5: rotation about them (3-5)
      if ((locks & (1 << k)) === 0) continue;
      for (let j = 0; j < 6; j++) {
        D[at + 6 * k + j] = 0;
        D[at + 6 * j + k] = 0;
      }
    }
  }

  /** load = λ, r_a, r_b, 3 numbers each (Joint.writePointLoad). */
  addTension(G: Float64Array, g: number, signedH: Float64Array, load: Float64Array, side: number, state: Float64Array): void {
    const at = 3 + 3 * side, rx = load[at], ry = load[at + 1], rz = load[at + 2];
    const s = signedH[side] * (load[0] * rx + load[1] * ry + load[2] * rz);
    const rr = rx * rx + ry * ry + rz * rz;
    if (!(s > 0) || !(rr > 0) || !(s * state[INVERSE_MASS] > STIFF_TENSION * rr)) return;
    const k = s / rr;
    G[g] += s - k * rx * rx; G[g + 1] -= k * rx * ry; G[g + 2] -= k * rx * rz;
    G[g + 3] -= k * ry * rx; G[g + 4] += s - k * ry * ry; G[g + 5] -= k * ry * rz;
    G[g + 6] -= k * rz * rx; G[g + 7] -= k * rz * ry; G[g + 8] += s - k * rz * rz;
  }

  writeVelocityRhs(x: Float64Array, withStiffness: boolean, G: Float64Array, g: number, s: Float64Array): void {
    x[0] = 0; x[1] = 0; x[2] = 0; x[3] = 0; x[4] = 0; x[5] = 0; // (stores: cheaper than a fill call)
    if (!withStiffness) return;
    // −h²G ω  (the stiffness acts on the angular velocity only)
    const wx = s[ANGULAR_VELOCITY], wy = s[ANGULAR_VELOCITY + 1], wz = s[ANGULAR_VELOCITY + 2];
    x[3] = -(G[g] * wx + G[g + 1] * wy + G[g + 2] * wz);
    x[4] = -(G[g + 3] * wx + G[g + 4] * wy + G[g + 5] * wz);
    x[5] = -(G[g + 6] * wx + G[g + 7] * wy + G[g + 8] * wz);
  }

  addVelocity(s: Float64Array, x: Float64Array): void {
    s[LINEAR_VELOCITY] += x[0]; s[LINEAR_VELOCITY + 1] += x[1]; s[LINEAR_VELOCITY + 2] += x[2];
    s[ANGULAR_VELOCITY] += x[3]; s[ANGULAR_VELOCITY + 1] += x[4]; s[ANGULAR_VELOCITY + 2] += x[5];
  }

  addRowVelocity(out: Float64Array, outAt: number, J: Float64Array, at: number, s: Float64Array): void {
    let sum = out[outAt];
    for (let k = 0; k < 3; k++) sum += J[at + k] * s[LINEAR_VELOCITY + k] + J[at + 3 + k] * s[ANGULAR_VELOCITY + k];
    out[outAt] = sum;
  }

  addRowInverseMass(sum: number, J: Float64Array, at: number, s: Float64Array): number {
    const lx = J[at], ly = J[at + 1], lz = J[at + 2], ax = J[at + 3], ay = J[at + 4], az = J[at + 5];
    const I = INVERSE_INERTIA;
    // (m⁻¹ along each axis when the translation is locked along one: BODY_STATE.inverseMassAxes)
    if (s[TRANSLATION_LOCKS] === 0) sum += s[INVERSE_MASS] * (lx * lx + ly * ly + lz * lz);
    else sum += s[MASS_X] * lx * lx + s[MASS_X + 1] * ly * ly + s[MASS_X + 2] * lz * lz;
    sum += ax * (s[I] * ax + s[I + 3] * ay + s[I + 6] * az) + ay * (s[I + 1] * ax + s[I + 4] * ay + s[I + 7] * az)
      + az * (s[I + 2] * ax + s[I + 5] * ay + s[I + 8] * az);
    return sum;
  }

  addRowUnlockedInverseMass(sum: number, J: Float64Array, at: number, body: Body): number {
    return addUnlockedResponse(sum, J, at, body);
  }

  addRowPairInverseMass(sum: number, J: Float64Array, r: number, t: number, s: Float64Array): number {
    const I = INVERSE_INERTIA, ax = J[t + 3], ay = J[t + 4], az = J[t + 5];
    if (s[TRANSLATION_LOCKS] === 0) sum += s[INVERSE_MASS] * (J[r] * J[t] + J[r + 1] * J[t + 1] + J[r + 2] * J[t + 2]);
    else sum += s[MASS_X] * J[r] * J[t] + s[MASS_X + 1] * J[r + 1] * J[t + 1] + s[MASS_X + 2] * J[r + 2] * J[t + 2];
    sum += J[r + 3] * (s[I] * ax + s[I + 3] * ay + s[I + 6] * az) + J[r + 4] * (s[I + 1] * ax + s[I + 4] * ay + s[I + 7] * az)
      + J[r + 5] * (s[I + 2] * ax + s[I + 5] * ay + s[I + 8] * az);
    return sum;
  }

  raiseLargestSpeedSquared(s: Float64Array, largest: Float64Array): void {
    const v = s[LINEAR_VELOCITY] * s[LINEAR_VELOCITY] + s[LINEAR_VELOCITY + 1] * s[LINEAR_VELOCITY + 1] + s[LINEAR_VELOCITY + 2] * s[LINEAR_VELOCITY + 2];
    const w = s[ANGULAR_VELOCITY] * s[ANGULAR_VELOCITY] + s[ANGULAR_VELOCITY + 1] * s[ANGULAR_VELOCITY + 1] + s[ANGULAR_VELOCITY + 2] * s[ANGULAR_VELOCITY + 2];
    const speed = v > w ? v : w;
    if (speed > largest[0]) largest[0] = speed;
  }

  savePose(s: Float64Array, poses: Float64Array, at: number): void {
    for (let k = 0; k < 3; k++) poses[at + k] = s[POSITION + k];
    for (let k = 0; k < 4; k++) poses[at + 3 + k] = s[ORIENTATION + k];
  }

  saveVelocity(s: Float64Array, out: Float64Array, at: number): void {
    for (let k = 0; k < 3; k++) out[at + k] = s[LINEAR_VELOCITY + k];
    for (let k = 0; k < 3; k++) out[at + 3 + k] = s[ANGULAR_VELOCITY + k];
  }

  restoreVelocity(s: Float64Array, values: Float64Array, at: number): void {
    for (let k = 0; k < 3; k++) s[LINEAR_VELOCITY + k] = values[at + k];
    for (let k = 0; k < 3; k++) s[ANGULAR_VELOCITY + k] = values[at + 3 + k];
  }

  movedFrom(s: Float64Array, poses: Float64Array, at: number): boolean {
    const dx = s[POSITION] - poses[at], dy = s[POSITION + 1] - poses[at + 1], dz = s[POSITION + 2] - poses[at + 2];
    if (dx * dx + dy * dy + dz * dz > MOVED_LENGTH * MOVED_LENGTH) return true;
    // the turn θ between the two orientations: 1 − (q·q₀)² = sin²(θ/2)
    const dot = s[ORIENTATION] * poses[at + 3] + s[ORIENTATION + 1] * poses[at + 4] + s[ORIENTATION + 2] * poses[at + 5] + s[ORIENTATION + 3] * poses[at + 6];
    return 1 - dot * dot > MOVED_HALF_ANGLE_SINE_SQUARED;
  }

  restorePose(body: Body, poses: Float64Array, at: number): void {
    const s = body.state;
    for (let k = 0; k < 3; k++) s[POSITION + k] = poses[at + k];
    for (let k = 0; k < 4; k++) s[ORIENTATION + k] = poses[at + 3 + k];
    body.updateInertia();
  }

  move(body: Body, x: Float64Array, bounds: Float64Array): void {
    const s = body.state, scale = bounds[0], maxShift = bounds[1], maxTurn = bounds[2];
    // (Math.sqrt, not Math.hypot: slower, and not correctly rounded; docs/determinism-and-snapshots.md, "Determinism")
    const shift = Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]), turn = Math.sqrt(x[3] * x[3] + x[4] * x[4] + x[5] * x[5]);
    let k = scale;
    if (scale * shift > maxShift) k = maxShift / shift;
    if (k * turn > maxTurn) k = maxTurn / turn;
    s[POSITION] += k * x[0]; s[POSITION + 1] += k * x[1]; s[POSITION + 2] += k * x[2];
    if (x[3] !== 0 || x[4] !== 0 || x[5] !== 0) {
      const qx = s[ORIENTATION], qy = s[ORIENTATION + 1], qz = s[ORIENTATION + 2], qw = s[ORIENTATION + 3];
      integrateOrientation(s, ORIENTATION, x, 3, k);
      turnWithBody(s, qx, qy, qz, qw);
      body.updateInertia();
    }
  }
}

const worldInertia = new Float64Array(9);

/**
 * The geometric stiffness is added where a row's tension over a substep is at least this fraction of the
 * body's m |r|² (s = h λ·r > STIFF_TENSION m |r|²: the tension's own swing frequency ω_g, ω_g² ≈ λ·r /
 * (h m |r|²), above about half the substep rate). Below that the explicit step holds the swing, and the
 * implicit term only damps it: a 1 m pendulum on a ball joint kept 1 % of its energy after 20 s with it,
 * at one substep a step, and 96 % without it (the soft step: 53 %). The light links of a chain under a
 * heavy load pass it by orders of magnitude (the 670:1 ball and chain: 15 at one substep), and need it.
 * Written with m |r|², not the inertia, so that a planar scene decides alike in 3D and 2D.
 */
export const STIFF_TENSION = 0.25;

/**
 * How far (m) a body may move, and turn (rad), from its pose at its group's factorization while the
 * factorization is kept within a step (DirectSolver.factor). A row's J, and a body's world inertia, follow
 * the bodies' poses: a factorization kept while they move applies each solve's impulses along rows a few
 * substeps old, which is work done on the bodies (measured: a pendulum swinging 0.1 rad gained 81 % of its
 * energy in 20 s with one factorization a step at 4 substeps). A structure at rest (a welded wall, a heap
 * of ragdolls settled) moves far less and keeps it.
 */
export const MOVED_LENGTH = 1e-4;
export const MOVED_ANGLE = 1e-4;
const MOVED_HALF_ANGLE_SINE_SQUARED = Math.sin(MOVED_ANGLE / 2) * Math.sin(MOVED_ANGLE / 2);

/**
 * After a projection turned a body from (qx, qy, qz, qw) to its state's orientation: turns ω with it,
 * ω ← d ω d⁻¹ with d = q_new q_old⁻¹, so the body-frame angular velocity, and with it the kinetic energy
 * ½ ωᵀ R I_b Rᵀ ω, are what they were. (Left fixed in the world, ω would meet a turned inertia: a light
 * slab spinning about its long axis and turned 90° by a correction would gain its inertia ratio in
 * energy.) In 2D ω is a number about the one axis, and a turn leaves it as it is.
 */
function turnWithBody(s: Float64Array, qx: number, qy: number, qz: number, qw: number): void {
  const nx = s[ORIENTATION], ny = s[ORIENTATION + 1], nz = s[ORIENTATION + 2], nw = s[ORIENTATION + 3];
  // d = n ⊗ conj(q)
  const dx = -nw * qx + nx * qw - ny * qz + nz * qy;
  const dy = -nw * qy + ny * qw - nz * qx + nx * qz;
  const dz = -nw * qz + nz * qw - nx * qy + ny * qx;
  const dw = nw * qw + nx * qx + ny * qy + nz * qz;
  // ω' = ω + 2 dw (d × ω) + 2 d × (d × ω)
  const wx = s[ANGULAR_VELOCITY], wy = s[ANGULAR_VELOCITY + 1], wz = s[ANGULAR_VELOCITY + 2];
  const tx = 2 * (dy * wz - dz * wy), ty = 2 * (dz * wx - dx * wz), tz = 2 * (dx * wy - dy * wx);
  s[ANGULAR_VELOCITY] = wx + dw * tx + (dy * tz - dz * ty);
  s[ANGULAR_VELOCITY + 1] = wy + dw * ty + (dz * tx - dx * tz);
  s[ANGULAR_VELOCITY + 2] = wz + dw * tz + (dx * ty - dy * tx);
}
