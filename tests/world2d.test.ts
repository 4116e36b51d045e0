// The 2D world's own checks: its rows against finite differences and an explicit J M⁻¹ Jᵀ, one exact
// solve, its bookkeeping, and bad input named the way the 3D world names it.

import { describe, expect, it } from 'vitest';
import { RIGID } from '../lib/index.js';
import { World2D, type Body2D, type Joint2D } from '../lib/2d/index.js';
import { seededRandom } from './helpers.js';

type Kind = 'revolute' | 'weld' | 'angle';
const KINDS: Kind[] = ['revolute', 'weld', 'angle'];

function randomBody(world: World2D, random: () => number): Body2D {
  return world.createBody({
    position: [random() * 4 - 2, random() * 4 - 2],
    angle: random() * 6 - 3,
    linearVelocity: [random() * 6 - 3, random() * 6 - 3],
    angularVelocity: random() * 6 - 3,
    mass: 0.5 + 2 * random(),
    inertia: 0.1 + random(),
  });
}

function makeJoint(world: World2D, kind: Kind, a: Body2D, b: Body2D | undefined, anchor: number[]): Joint2D {
  if (kind === 'revolute') return world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor });
  if (kind === 'weld') return world.createWeldJoint({ bodyA: a, bodyB: b, anchor });
  return world.createAngleJoint({ bodyA: a, bodyB: b });
}

function rows(joint: Joint2D): { J: Float64Array; K: Float64Array; C: Float64Array } {
  joint.prepare({ h: 1 / 240 });
  const n = joint.rowCount;
  const J = new Float64Array(n * 6), K = new Float64Array(n * n), C = new Float64Array(n);
  joint.writeJacobian(J);
  joint.writeEffectiveMass(K);
  joint.getPositionError(C);
  return { J, K, C };
}

/** Moves coordinate k of [x_a y_a θ_a x_b y_b θ_b] by ε. */
function displace(joint: Joint2D, k: number, e: number): void {
  const body = k < 3 ? joint.bodyA : joint.bodyB;
  const c = k % 3;
  if (c < 2) {
    const p = [body.position[0], body.position[1]];
    p[c] += e;
    body.setPosition(p);
  } else {
    body.setAngle(body.angle + e);
  }
}

describe('2D joints against independent computations', () => {
  for (const kind of KINDS) {
    it(`${kind}: J = ∂C/∂x (finite differences, 1e-6) at random states, also away from C = 0`, () => {
      const random = seededRandom(40 + kind.length);
      for (let trial = 0; trial < 20; trial++) {
        const world = new World2D();
        const a = randomBody(world, random), b = randomBody(world, random);
        const joint = makeJoint(world, kind, a, b, [random() * 2 - 1, random() * 2 - 1]);
        displace(joint, 3, 0.3); // leave the satisfied state: in 2D every row's J is exact
        displace(joint, 5, -0.4);
        const { J } = rows(joint);
        for (let k = 0; k < 6; k++) {
          displace(joint, k, 1e-6);
          const plus = rows(joint).C;
          displace(joint, k, -2e-6);
          const minus = rows(joint).C;
          displace(joint, k, 1e-6);
          for (let r = 0; r < joint.rowCount; r++) expect(Math.abs((plus[r] - minus[r]) / 2e-6 - J[r * 6 + k])).toBeLessThan(1e-6);
        }
      }
    });

    it(`${kind}: closed-form K equals J M⁻¹ Jᵀ (1e-12), and one exact solve makes J v = 0 (1e-12)`, () => {
      const random = seededRandom(70 + kind.length);
      for (let trial = 0; trial < 30; trial++) {
        const world = new World2D();
        const a = randomBody(world, random);
        const b = trial % 4 === 0 ? undefined : randomBody(world, random);
        const joint = makeJoint(world, kind, a, b, [random() * 2 - 1, random() * 2 - 1]);
        const { J, K } = rows(joint);
        const n = joint.rowCount;
        const inverseMass = [joint.bodyA, joint.bodyB].flatMap((body) => [body.inverseMass, body.inverseMass, body.inverseInertia]);
        let scale = 0;
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            let s = 0;
            for (let k = 0; k < 6; k++) s += J[i * 6 + k] * inverseMass[k] * J[j * 6 + k];
            expect(Math.abs(K[i * n + j] - s)).toBeLessThan(1e-12 * Math.max(1, Math.abs(s)));
            scale = Math.max(scale, Math.abs(s));
          }
        }
        expect(scale).toBeGreaterThan(0);
        joint.solve(RIGID, false);
        const v = [joint.bodyA, joint.bodyB].flatMap((body) => [body.linearVelocity[0], body.linearVelocity[1], body.angularVelocity]);
        for (let i = 0; i < n; i++) {
          let jv = 0;
          for (let k = 0; k < 6; k++) jv += J[i * 6 + k] * v[k];
          expect(Math.abs(jv)).toBeLessThan(1e-12);
        }
      }
    });
  }
});

describe('World2D bookkeeping and bad input', () => {
  it('removeBody removes its joints; the ground holds joints without bodyB', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0, -1] });
    const b = world.createBody({ position: [1, -1] });
    const toGround = world.createRevoluteJoint({ bodyA: a, anchor: [0, 0] });
    world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0.5, -1] });
    expect(toGround.bodyB).toBe(world.ground);
    world.removeBody(b);
    expect(world.joints).toEqual([toGround]);
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(toGround.getForce([0, 0])[1]).toBeCloseTo(-9.81, 6);
  });

  it('names every bad value and changes nothing', () => {
    const world = new World2D();
    const body = world.createBody();
    const wall = world.createBody({ type: 'static' });
    expect(() => world.createBody({ mass: -1 })).toThrow(/createBody: mass must be a finite number > 0, got -1/);
    expect(() => world.createBody({ inertia: 0 })).toThrow(/inertia must be a finite number > 0, got 0/);
    expect(() => world.createBody({ position: [0, NaN] })).toThrow(/position must hold 2 finite numbers, got \[0, NaN\]/);
    expect(() => world.createBody({ position: [0, 0, 0] })).toThrow(/position must be an array of 2 numbers/);
    expect(() => world.createBody({ angle: Infinity })).toThrow(/angle must be a finite number, got Infinity/);
    expect(() => world.createBody({ angularVelocity: NaN })).toThrow(/angularVelocity must be a finite number, got NaN/);
    expect(() => world.createRevoluteJoint({ bodyA: body, bodyB: body, anchor: [0, 0] })).toThrow(/same body/);
    expect(() => world.createWeldJoint({ bodyA: wall, anchor: [0, 0] })).toThrow(/at least one dynamic body/);
    expect(() => world.createWeldJoint({ bodyA: body, anchor: [0, 0], breakForce: 0 })).toThrow(/breakForce must be a number > 0/);
    expect(() => world.createRevoluteJoint({ bodyA: body, anchor: [0, 0, 0] })).toThrow(/anchor must be an array of 2 numbers/);
    expect(() => world.step(0)).toThrow(/dt must be a finite number > 0, got 0/);
    expect(() => new World2D({ gravity: [0, -9.81, 0] })).toThrow(/World2D: gravity must be an array of 2 numbers/);
    expect(world.bodies).toHaveLength(2);
    expect(world.joints).toHaveLength(0);
  });
});
