// Reading a joint changes nothing: after a body is moved between steps (a teleport, as a game's editor or
// a network correction does), calling every getter of every joint type leaves world.hash() and the
// snapshot as they were, in 3D and 2D. (A getter that measured through the joint's own parts wrote their
// lever arms and C, which the snapshot keeps: the hash changed though the next step did not.)

import { describe, expect, it } from 'vitest';
import { World, type Joint } from '../lib/index.js';
import { World2D, type Joint2D } from '../lib/2d/index.js';

/** Calls each get… method of `joint` (its own and inherited): with no argument, or an `out` array of n. */
function readEverything(joint: object, n: number): number {
  let calls = 0;
  for (let proto = Object.getPrototypeOf(joint); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (!name.startsWith('get') || name === 'getEffectiveMass') continue;
      const method = (joint as Record<string, unknown>)[name];
      if (typeof method !== 'function') continue;
      const args = method.length === 0 ? [] : method.length === 1 ? [new Array(Math.max(n, 6)).fill(0)] : null;
      if (args === null) continue;
      try {
        (method as (...a: unknown[]) => unknown).apply(joint, args);
        calls++;
      } catch {
        // (a getter that needs an index or another argument shape is skipped)
      }
    }
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (descriptor?.get !== undefined) {
        void (joint as Record<string, unknown>)[name];
        calls++;
      }
    }
  }
  return calls;
}

describe('joint getters', () => {
  it('every 3D joint type read after a teleport leaves the hash and snapshot unchanged', () => {
    const world = new World();
    const body = (x: number, y: number) => world.createBody({ position: [x, y, 0], mass: 1, inertia: [0.1, 0.1, 0.1], angularVelocity: [0.3, -0.2, 0.5] });
    const g = world.ground;
    const [a, b, c, d, e, f, h, k, m, n, p, q] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => body(i, 1));
    const joints: Joint[] = [
      world.createBallJoint({ bodyA: g, bodyB: a, anchor: [0, 2, 0], swingLimit: [0.5, 0.5], twistLimit: [-0.3, 0.3] }),
      world.createHingeJoint({ bodyA: g, bodyB: b, anchor: [1, 1, 0], axis: [0, 0, 1], lowerAngle: -1, upperAngle: 1, motor: { speed: 1, maxForce: 2 } }),
      world.createPrismaticJoint({ bodyA: g, bodyB: c, anchor: [2, 1, 0], axis: [1, 0, 0], lowerTranslation: -1, upperTranslation: 1 }),
      world.createDistanceJoint({ bodyA: g, bodyB: d, anchorA: [3, 2, 0], anchorB: [3, 1, 0], minLength: 0.5, maxLength: 1.5 }),
      world.createOrientationJoint({ bodyA: g, bodyB: e }),
      world.createWeldJoint({ bodyA: g, bodyB: f, anchor: [5, 1, 0] }),
      world.createPulleyJoint({ bodyA: h, bodyB: k, anchorA: [6, 1, 0], anchorB: [7, 1, 0], groundA: [6, 3, 0], groundB: [7, 3, 0] }),
      world.createMotorJoint({ bodyA: g, bodyB: m, maxForce: 10 }),
      world.createWheelJoint({ bodyA: n, bodyB: p, anchor: [10, 1, 0], axis: [0, 0, 1], suspensionAxis: [0, 1, 0], suspension: { hertz: 4 } }),
      world.createSixDofJoint({ bodyA: g, bodyB: q, anchor: [11, 1, 0], translation: ['locked', { lower: -0.2, upper: 0.2 }, 'locked'], rotation: ['free', { lower: -0.4, upper: 0.4 }, { lower: -0.4, upper: 0.4 }] }),
    ];
    const hingeA = joints[1], slider = joints[2];
    joints.push(world.createGearJoint({ jointA: hingeA as never, jointB: slider as never, ratio: 0.2 }));
    joints.push(world.createMouseJoint({ body: a, target: [0, 3, 0] }));
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    for (const [i, moved] of [a, c, f, k, p, q].entries()) moved.setPosition([moved.position[0] + 0.05 * (i + 1), moved.position[1] - 0.03, moved.position[2] + 0.01]);
    const hash = world.hash(), snapshot = JSON.stringify(world.snapshot());
    let calls = 0;
    for (const joint of world.joints) calls += readEverything(joint, 3);
    expect(calls).toBeGreaterThan(200);
    expect(world.hash()).toBe(hash);
    expect(JSON.stringify(world.snapshot())).toBe(snapshot);
  });

  it('every 2D joint type read after a teleport leaves the hash and snapshot unchanged', () => {
    const world = new World2D();
    const body = (x: number) => world.createBody({ position: [x, 1], mass: 1, inertia: 0.1, angularVelocity: 0.4 });
    const g = world.ground;
    const [a, b, c, d, e, f, h, k, m] = [0, 1, 2, 3, 4, 5, 6, 7, 8].map(body);
    const hinge = world.createRevoluteJoint({ bodyA: g, bodyB: a, anchor: [0, 1.5], lowerAngle: -1, upperAngle: 1 });
    const slider = world.createPrismaticJoint({ bodyA: g, bodyB: b, anchor: [1, 1], axis: [1, 0], lowerTranslation: -1, upperTranslation: 1 });
    const joints: Joint2D[] = [
      hinge, slider,
      world.createWeldJoint({ bodyA: g, bodyB: c, anchor: [2, 1] }),
      world.createAngleJoint({ bodyA: g, bodyB: d }),
      world.createPulleyJoint({ bodyA: e, bodyB: f, anchorA: [4, 1], anchorB: [5, 1], groundA: [4, 3], groundB: [5, 3] }),
      world.createWheelJoint({ bodyA: h, bodyB: k, anchor: [7, 1], suspensionAxis: [0, 1], suspension: { hertz: 4 } }),
      world.createMotorJoint({ bodyA: g, bodyB: m, maxForce: 10 }),
      world.createGearJoint({ jointA: hinge, jointB: slider, ratio: 0.2 }),
    ];
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    for (const [i, moved] of [a, b, c, f, k, m].entries()) moved.setPosition([moved.position[0] + 0.05 * (i + 1), moved.position[1] - 0.03]);
    const hash = world.hash(), snapshot = JSON.stringify(world.snapshot());
    let calls = 0;
    for (const joint of joints) calls += readEverything(joint, 2);
    expect(calls).toBeGreaterThan(100);
    expect(world.hash()).toBe(hash);
    expect(JSON.stringify(world.snapshot())).toBe(snapshot);
  });
});
