// The joints' math against independent computations: Jacobians against finite differences of C,
// closed-form K against an explicit J M⁻¹ Jᵀ, and one exact solve against J v = 0.

import { describe, expect, it } from 'vitest';
import { quat } from 'gl-matrix';
import { RIGID, World, type Body, type Joint } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import { addRowsImpulse, clearRowsImpulse, readRowsImpulse, type EqualityRows } from '../lib/solver/equality-rows.js';
import {
  explicitEffectiveMass,
  explicitVelocityError,
  maxAbs,
  randomDynamicBody,
  randomQuaternion,
  randomVector,
  seededRandom,
} from './helpers.js';

type JointKind = 'ball' | 'orientation' | 'weld' | 'hinge' | 'prismatic' | 'distance';
const KINDS: JointKind[] = ['ball', 'orientation', 'weld', 'hinge', 'prismatic', 'distance'];

function makeJoint(world: World, kind: JointKind, bodyA: Body, bodyB: Body | undefined, anchor: number[]): Joint {
  switch (kind) {
    case 'ball':
      return world.createBallJoint({ bodyA, bodyB, anchor });
    case 'orientation':
      return world.createOrientationJoint({ bodyA, bodyB });
    case 'weld':
      return world.createWeldJoint({ bodyA, bodyB, anchor });
    case 'hinge':
      return world.createHingeJoint({ bodyA, bodyB, anchor, axis: [anchor[1], 1, anchor[0]] });
    case 'prismatic':
      return world.createPrismaticJoint({ bodyA, bodyB, anchor, axis: [1, anchor[2], anchor[0]] });
    case 'distance':
      return world.createDistanceJoint({ bodyA, bodyB, anchorA: anchor, anchorB: [anchor[0] + 0.5, anchor[1] - 1, anchor[2]] });
  }
}

/** Moves a body along velocity direction k of the 12-vector [v_a ω_a v_b ω_b] by ε. */
function displace(body: Body, k: number, epsilon: number): void {
  if (k < 3) {
    const p = Array.from(body.position);
    p[k] += epsilon;
    body.setPosition(p);
  } else {
    const axis = [0, 0, 0];
    axis[k - 3] = 1;
    const d = quat.setAxisAngle(new Float64Array(4), axis as [number, number, number], epsilon);
    const q = quat.multiply(new Float64Array(4), d, body.orientation);
    body.setOrientation(q);
  }
}

function positionError(joint: Joint): Float64Array {
  joint.prepare({ h: 1 / 240 });
  const C = new Float64Array(joint.rowCount);
  joint.getPositionError(C);
  return C;
}

/** Central-difference ∂C/∂(x, θ) as rows × 12, perturbing positions and world rotations. */
function finiteDifferenceJacobian(joint: Joint, epsilon = 1e-6): Float64Array {
  const rows = joint.rowCount;
  const J = new Float64Array(rows * 12);
  for (let column = 0; column < 12; column++) {
    const body = column < 6 ? joint.bodyA : joint.bodyB;
    const k = column % 6;
    if (!body.isDynamic) continue;
    const position = Float64Array.from(body.position);
    const orientation = Float64Array.from(body.orientation);
    displace(body, k, epsilon);
    const plus = positionError(joint);
    body.setPosition(position);
    body.setOrientation(orientation);
    displace(body, k, -epsilon);
    const minus = positionError(joint);
    body.setPosition(position);
    body.setOrientation(orientation);
    for (let r = 0; r < rows; r++) J[r * 12 + column] = (plus[r] - minus[r]) / (2 * epsilon);
  }
  joint.prepare({ h: 1 / 240 });
  return J;
}

/** Inverse left Jacobian of SO(3) at rotation vector θ: d log(exp(δ) e) / dδ (row-major 3x3). */
function inverseLeftJacobian(theta: ArrayLike<number>, sign: number): number[] {
  const t = [sign * theta[0], sign * theta[1], sign * theta[2]];
  const angle = Math.hypot(t[0], t[1], t[2]);
  const S = [0, -t[2], t[1], t[2], 0, -t[0], -t[1], t[0], 0];
  const S2 = new Array(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) S2[r * 3 + c] += S[r * 3 + k] * S[k * 3 + c];
  const b = angle < 1e-8 ? 1 / 12 : 1 / (angle * angle) - (1 + Math.cos(angle)) / (2 * angle * Math.sin(angle));
  return [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (i % 4 === 0 ? 1 : 0) - 0.5 * S[i] + b * S2[i]);
}

describe('Jacobians match finite differences of C', () => {
  for (const kind of KINDS) {
    it(`${kind} joint: J = ∂C/∂x at random satisfied states, to 1e-6`, () => {
      const random = seededRandom(17 + kind.length);
      for (let trial = 0; trial < 20; trial++) {
        const world = new World();
        const bodyA = randomDynamicBody(world, random);
        const bodyB = randomDynamicBody(world, random);
        const joint = makeJoint(world, kind, bodyA, bodyB, randomVector(random, 2));
        joint.prepare({ h: 1 / 240 });
        const J = new Float64Array(joint.rowCount * 12);
        joint.writeJacobian(J);
        const fd = finiteDifferenceJacobian(joint);
        for (let i = 0; i < J.length; i++) expect(Math.abs(J[i] - fd[i])).toBeLessThan(1e-6);
      }
    });
  }

  it('ball joint: J is exact away from the satisfied state too', () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 20; trial++) {
      const world = new World();
      const bodyA = randomDynamicBody(world, random);
      const bodyB = randomDynamicBody(world, random);
      const joint = makeJoint(world, 'ball', bodyA, bodyB, randomVector(random, 2));
      bodyB.setPosition(randomVector(random, 2));
      bodyB.setOrientation(randomQuaternion(random));
      joint.prepare({ h: 1 / 240 });
      const C = new Float64Array(3);
      joint.getPositionError(C);
      expect(maxAbs(C)).toBeGreaterThan(0.1);
      const J = new Float64Array(36);
      joint.writeJacobian(J);
      const fd = finiteDifferenceJacobian(joint);
      for (let i = 0; i < J.length; i++) expect(Math.abs(J[i] - fd[i])).toBeLessThan(1e-6);
    }
  });

  it('rotation rows: C = log(q_b (q_a q₀)⁻¹) has the SO(3) log-map derivative, whose first-order term is J', () => {
    const random = seededRandom(9);
    for (let trial = 0; trial < 20; trial++) {
      const world = new World();
      const bodyA = randomDynamicBody(world, random);
      const bodyB = randomDynamicBody(world, random);
      const joint = makeJoint(world, 'orientation', bodyA, bodyB, [0, 0, 0]);
      // Twist B away from the reference by up to ~1.5 rad.
      const away = quat.setAxisAngle(new Float64Array(4), randomVector(random, 1) as [number, number, number], 0.3 + random() * 1.2);
      bodyB.setOrientation(quat.normalize(new Float64Array(4), quat.multiply(new Float64Array(4), away, bodyB.orientation)));
      const C = positionError(joint);
      const angle = Math.hypot(C[0], C[1], C[2]);
      expect(angle).toBeGreaterThan(0.1);
      const fd = finiteDifferenceJacobian(joint);
      const dB = inverseLeftJacobian(C, 1); // ∂C/∂θ_b = J_l⁻¹(C)
      const dA = inverseLeftJacobian(C, -1); // ∂C/∂θ_a = −J_r⁻¹(C) = −J_l⁻¹(−C)
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          expect(Math.abs(fd[r * 12 + 9 + c] - dB[r * 3 + c])).toBeLessThan(1e-6);
          expect(Math.abs(fd[r * 12 + 3 + c] + dA[r * 3 + c])).toBeLessThan(1e-6);
          // J = [0 −I 0 I] differs from the true derivative by ½[C]× + O(|C|²)
          const identity = r === c ? 1 : 0;
          expect(Math.abs(fd[r * 12 + 9 + c] - identity)).toBeLessThan(0.5 * angle + 0.1 * angle * angle);
        }
      }
    }
  });
});

describe('K from the closed form equals J M⁻¹ Jᵀ', () => {
  for (const kind of KINDS) {
    it(`${kind} joint, random bodies with full inertia tensors, to 1e-12`, () => {
      const random = seededRandom(31 + kind.length);
      for (let trial = 0; trial < 50; trial++) {
        const world = new World();
        const bodyA = randomDynamicBody(world, random);
        const bodyB = trial % 5 === 0 ? undefined : randomDynamicBody(world, random);
        const joint = makeJoint(world, kind, bodyA, bodyB, randomVector(random, 2));
        joint.prepare({ h: 1 / 240 });
        const K = new Float64Array(joint.rowCount * joint.rowCount);
        joint.writeEffectiveMass(K);
        const explicit = explicitEffectiveMass(joint);
        const scale = maxAbs(explicit);
        for (let i = 0; i < K.length; i++) expect(Math.abs(K[i] - explicit[i])).toBeLessThan(1e-12 * scale);
      }
    });
  }
});

describe('one exact solve makes J v = 0', () => {
  for (const kind of KINDS) {
    it(`${kind} joint between two free bodies with random velocities: |J v| < 1e-12`, () => {
      const random = seededRandom(71 + kind.length);
      for (let trial = 0; trial < 50; trial++) {
        const world = new World();
        const bodyA = randomDynamicBody(world, random);
        const bodyB = randomDynamicBody(world, random);
        const joint = makeJoint(world, kind, bodyA, bodyB, randomVector(random, 2));
        joint.prepare({ h: 1 / 240 });
        expect(maxAbs(explicitVelocityError(joint))).toBeGreaterThan(0.1);
        joint.solve(RIGID, false);
        expect(maxAbs(explicitVelocityError(joint))).toBeLessThan(1e-12);
        // The joint's own Ċ agrees with the explicit product.
        const own = new Float64Array(joint.rowCount);
        joint.getVelocityError(own);
        expect(maxAbs(own)).toBeLessThan(1e-12);
      }
    });
  }
});

describe('the direct solver reads every equality row through the joint\'s blocks', () => {
  it('the blocks of each 3D and 2D joint cover its rows in order, and their impulses round-trip', () => {
    const random = seededRandom(5);
    const world = new World();
    const joints: { rowCount: number; equalityRows: readonly EqualityRows<unknown>[] }[] = KINDS.filter((k) => k !== 'distance').map((kind) => {
      const joint = makeJoint(world, kind, randomDynamicBody(world, random), randomDynamicBody(world, random), randomVector(random, 2));
      joint.prepare({ h: 1 / 240 });
      joint.solve(RIGID, false);
      return joint;
    });
    const world2d = new World2D();
    const a = world2d.createBody({ position: [0, 0] }), b = world2d.createBody({ position: [1, 0.5] });
    joints.push(world2d.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0] }), world2d.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.5, 0] }),
      world2d.createAngleJoint({ bodyA: a, bodyB: b }));
    for (const joint of joints) {
      expect(joint.equalityRows.reduce((rows, block) => rows + block.rowCount, 0)).toBe(joint.rowCount);
      for (const block of joint.equalityRows) for (let k = 0; k < block.rowCount; k++) block.impulse[k] = random();
      const impulse = new Float64Array(joint.rowCount);
      readRowsImpulse(joint.equalityRows, impulse, 0);
      clearRowsImpulse(joint.equalityRows);
      expect(joint.equalityRows.every((block) => block.impulse.every((x) => x === 0))).toBe(true);
      addRowsImpulse(joint.equalityRows, impulse, 0);
      const back = new Float64Array(joint.rowCount);
      readRowsImpulse(joint.equalityRows, back, 0);
      expect(Array.from(back)).toEqual(Array.from(impulse));
    }
  });
});
