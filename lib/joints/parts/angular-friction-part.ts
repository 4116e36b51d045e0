// Angular friction part (3 rows, velocity only): Coulomb friction on the relative rotation of two
// bodies, as a ball joint's `frictionTorque` (ragdoll joints settle with it; Jolt's swing-twist joint
// has the same `MaxFrictionTorque`).
//
//   Ċ = ω_b − ω_a,   J = [ 0 −I 0 I ],   K = I_a⁻¹ + I_b⁻¹
//   λ = −K⁻¹ Ċ,   λ_acc ← λ_acc + λ scaled back onto the ball |λ_acc| ≤ frictionTorque·h
// The ball (not a box per axis) keeps the friction the same in every direction.

import type { Body } from '../../body/body.js';
import { invertSymmetric3 } from '../../math/ldlt.js';
import { angularImpulse, applyAngularImpulse } from './point-part.js';

export class AngularFrictionPart {
  readonly K = new Float64Array(9);
  readonly inverseK = new Float64Array(9);
  readonly impulse = new Float64Array(3);
  /** The largest accumulated impulse, frictionTorque · h (the owner sets it at prepare). */
  maxImpulse = 0;

  prepare(bodyA: Body, bodyB: Body): void {
    const K = this.K, iA = bodyA.inverseInertiaWorld, iB = bodyB.inverseInertiaWorld;
    for (let i = 0; i < 9; i++) K[i] = iA[i] + iB[i];
    invertSymmetric3(K, this.inverseK);
  }

  warmStart(bodyA: Body, bodyB: Body): void {
    applyAngularImpulse(bodyA.state, -1, this.impulse, 0);
    applyAngularImpulse(bodyB.state, 1, this.impulse, 0);
  }

  solve(bodyA: Body, bodyB: Body): void {
    const maxImpulse = this.maxImpulse;
    const wA = bodyA.angularVelocity, wB = bodyB.angularVelocity, M = this.inverseK, p = this.impulse;
    const cx = wB[0] - wA[0], cy = wB[1] - wA[1], cz = wB[2] - wA[2];
    let px = p[0] - (M[0] * cx + M[3] * cy + M[6] * cz);
    let py = p[1] - (M[1] * cx + M[4] * cy + M[7] * cz);
    let pz = p[2] - (M[2] * cx + M[5] * cy + M[8] * cz);
    const lengthSq = px * px + py * py + pz * pz;
    if (lengthSq > maxImpulse * maxImpulse) {
      const scale = maxImpulse / Math.sqrt(lengthSq);
      px *= scale; py *= scale; pz *= scale;
    }
    const x = px - p[0], y = py - p[1], z = pz - p[2];
    p[0] = px; p[1] = py; p[2] = pz;
    angularImpulse[0] = x; angularImpulse[1] = y; angularImpulse[2] = z;
    applyAngularImpulse(bodyA.state, -1, angularImpulse, 0);
    applyAngularImpulse(bodyB.state, 1, angularImpulse, 0);
  }
}
