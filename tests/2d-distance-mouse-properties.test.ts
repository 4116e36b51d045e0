// Property-based robustness of the 2D distance and mouse joints (fast-check), as tests/properties2d.test.ts
// does for the other 2D joints: random trees and loops of rods, ropes and springs (anchors anywhere on the
// bodies, lengths down to the 5 mm floor), masses 1e-3..1e3 kg, a mouse joint dragging one body to a
// moving target, dt 1/240..1/30, removals between steps, either solver: never NaN or Infinity. And with
// the direct solver, passive rods (no springs, ropes or mouse) never gain energy.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World2D } from '../lib/2d/index.js';
import { energyAfterSettling, stepsStayFinite } from './helpers.js';

const KINDS = ['rod', 'rope', 'spring', 'range'] as const;
type Kind = (typeof KINDS)[number];

interface BodySpec {
  mass: number;
  position: [number, number];
  velocity: [number, number];
  spin: number;
}
interface JointSpec {
  kind: Kind;
  /** Bodies (−1: the world). */
  a: number;
  b: number;
  /** Anchors, each body's frame. */
  anchorA: [number, number];
  anchorB: [number, number];
  /** The rope's slack, the range's half width, the spring's stretch, as a fraction of the distance. */
  fraction: number;
}
interface SceneSpec {
  bodies: BodySpec[];
  joints: JointSpec[];
  mouse: { body: number; target: [number, number]; speed: number } | null;
  dt: number;
  removals: readonly { step: number; what: 'body' | 'joint'; index: number }[];
}

const vector = (scale: number) => fc.tuple(fc.double({ min: -scale, max: scale, noNaN: true }), fc.double({ min: -scale, max: scale, noNaN: true }));

const sceneArbitrary = fc.integer({ min: 2, max: 8 }).chain((count) =>
  fc.record({
    bodies: fc.array(
      fc.record({
        mass: fc.double({ min: -3, max: 3, noNaN: true }).map((e) => 10 ** e),
        position: vector(3),
        velocity: vector(5),
        spin: fc.double({ min: -5, max: 5, noNaN: true }),
      }),
      { minLength: count, maxLength: count },
    ),
    joints: fc.array(
      fc.record({
        kind: fc.constantFrom(...KINDS),
        a: fc.integer({ min: -1, max: count - 1 }),
        b: fc.integer({ min: 0, max: count - 1 }),
        anchorA: fc.oneof(fc.constant<[number, number]>([0, 0]), vector(0.5)),
        anchorB: fc.oneof(fc.constant<[number, number]>([0, 0]), vector(0.5)),
        fraction: fc.double({ min: 0, max: 0.9, noNaN: true }),
      }),
      { minLength: 1, maxLength: 2 * count },
    ),
    mouse: fc.option(fc.record({ body: fc.integer({ min: 0, max: count - 1 }), target: vector(4), speed: fc.double({ min: 0, max: 10, noNaN: true }) })),
    dt: fc.constantFrom(1 / 240, 1 / 120, 1 / 60, 1 / 30),
    removals: fc.array(
      fc.record({ step: fc.integer({ min: 0, max: 59 }), what: fc.constantFrom<'body' | 'joint'>('body', 'joint'), index: fc.nat() }),
      { maxLength: 2 },
    ),
  }),
);

/** The scene in a new world; joints whose anchors are closer than the 5 mm floor (or on one body) are left out. */
function build(spec: SceneSpec, solver: 'direct' | 'iterative', passive = false): World2D {
  const world = new World2D({ solver, gravity: passive ? [0, 0] : [0, -9.81] });
  world.sleeping = false;
  const bodies = spec.bodies.map((b) =>
    world.createBody({ position: b.position, linearVelocity: b.velocity, angularVelocity: b.spin, mass: b.mass, inertia: b.mass * 0.02 }),
  );
  for (const j of spec.joints) {
    const bodyA = j.a < 0 ? world.ground : bodies[j.a], bodyB = bodies[j.b];
    if (bodyA === bodyB) continue;
    const pA = bodyA.getWorldPoint([0, 0], j.anchorA) as number[], pB = bodyB.getWorldPoint([0, 0], j.anchorB) as number[];
    const distance = Math.hypot(pB[0] - pA[0], pB[1] - pA[1]);
    if (distance < 0.01) continue;
    const kind: Kind = passive ? 'rod' : j.kind;
    const bounds = {
      rod: {},
      rope: { minLength: 0, maxLength: distance * (1 + j.fraction) },
      spring: { hertz: 3, dampingRatio: 0.2, length: distance * (1 - j.fraction) },
      range: { minLength: distance * (1 - j.fraction), maxLength: distance * (1 + j.fraction) },
    }[kind];
    world.createDistanceJoint({ bodyA, bodyB, anchorA: pA, anchorB: pB, ...bounds });
  }
  if (!passive && spec.mouse !== null) {
    world.createMouseJoint({ body: bodies[spec.mouse.body], target: spec.mouse.target, maxForce: 100 * bodies[spec.mouse.body].mass });
  }
  return world;
}

function allFinite(world: World2D): boolean {
  for (const body of world.bodies) {
    const p = body.position, v = body.linearVelocity;
    if (![p[0], p[1], v[0], v[1], body.angle, body.angularVelocity].every(Number.isFinite)) return false;
  }
  for (const joint of world.joints) {
    const f = joint.getForce([0, 0]);
    if (!Number.isFinite(f[0]) || !Number.isFinite(f[1])) return false;
  }
  return true;
}

describe('random 2D scenes of distance and mouse joints', () => {
  it('never produce NaN or Infinity (rods, ropes, springs, ranges and a mouse; masses 1e-3..1e3; dt 1/240..1/30; removals; either solver)', () => {
    fc.assert(
      fc.property(sceneArbitrary, fc.constantFrom<'direct' | 'iterative'>('direct', 'iterative'), (spec, solver) => {
        const world = build(spec, solver);
        const mouse = world.joints.find((j) => j.type === 'mouse') as import('../lib/2d/index.js').MouseJoint2D | undefined;
        // the mouse's target moves on a circle of 1 m at `speed` rad/s, as a hand would
        let step = 0;
        const stepping = {
          get bodies() {
            return world.bodies;
          },
          get joints() {
            return world.joints;
          },
          removeBody: (b: (typeof world.bodies)[number]) => world.removeBody(b),
          removeJoint: (j: (typeof world.joints)[number]) => world.removeJoint(j),
          getMaxLinearError: () => world.getMaxLinearError(),
          step(dt: number) {
            if (mouse !== undefined && spec.mouse !== null && !mouse.removed) {
              const t = step * dt, [x, y] = spec.mouse.target;
              mouse.setTarget([x + Math.cos(spec.mouse.speed * t), y + Math.sin(spec.mouse.speed * t)]);
            }
            step++;
            world.step(dt);
          },
        };
        return stepsStayFinite(stepping, spec.removals, spec.dt, 60, () => allFinite(world));
      }),
      { numRuns: 60, seed: 20261130 },
    );
  });

  it('passive rods with the direct solver never gain energy: under 1 % over 1000 steps', () => {
    fc.assert(
      fc.property(sceneArbitrary, (spec) => {
        const world = build({ ...spec, removals: [] }, 'direct', true);
        const { most, start } = energyAfterSettling(world, spec.dt);
        expect(most).toBeLessThanOrEqual(start + 0.01 * Math.abs(start) + 1e-9);
      }),
      { numRuns: 20, seed: 20261130 },
    );
  });
});
