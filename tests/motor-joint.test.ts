// The motor joint (Box2D's, in 3D): it drives B's pose to an offset from A and holds it against gravity;
// far from its target its capped force acts as a constant force (a = F/m); its torque turns B to the
// angular offset; snapshots, toOptions and bad input.

import { describe, expect, it } from 'vitest';
import { World, type MotorJoint } from '../lib/index.js';

const DT = 1 / 60;

describe('motor joint', () => {
  it('drives B to A\'s centre plus the offset, turned to the angular offset, and holds it there under gravity', () => {
    const world = new World();
    world.sleeping = false;
    const a = world.createBody({ type: 'static', position: [0, 1, 0] });
    const b = world.createBody({ position: [0.5, 0.3, 0.2], mass: 2, inertia: [0.1, 0.1, 0.1] });
    const s = Math.sin(0.4), c = Math.cos(0.4);
    const joint = world.createMotorJoint({ bodyA: a, bodyB: b, linearOffset: [1, 0.5, 0], angularOffset: [0, s, 0, c], maxForce: 200, maxTorque: 50 });
    for (let i = 0; i < 240; i++) world.step(DT);
    expect(joint.getError()).toBeLessThan(1e-3);
    expect(joint.getAngularError()).toBeLessThan(1e-3);
    expect(Math.hypot(b.position[0] - 1, b.position[1] - 1.5, b.position[2])).toBeLessThan(1e-3);
    // holding the weight: the force reads m g up
    const force = joint.getForce([0, 0, 0]);
    expect(Math.abs(force[1] - 2 * 9.81)).toBeLessThan(0.05);
  });

  it('far from its target, its capped force is a constant force: x = ½ (F/m) t²', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const b = world.createBody({ mass: 4, inertia: [1, 1, 1] });
    world.createMotorJoint({ bodyA: world.ground, bodyB: b, linearOffset: [100, 0, 0], angularOffset: [0, 0, 0, 1], maxForce: 8 });
    for (let i = 0; i < 60; i++) world.step(DT);
    // semi-implicit Euler over 4 substeps a step: x = (F/m) h² n(n+1)/2 with h = dt/4, n = 240
    const h = DT / 4, n = 240;
    const expected = ((8 / 4) * h * h * n * (n + 1)) / 2;
    expect(Math.abs(b.position[0] - expected)).toBeLessThan(1e-9);
    expect(Math.abs(b.linearVelocity[0] - 2)).toBeLessThan(1e-9);
  });

  it('with too little force it cannot hold the weight: 10 N on 2 kg falls at g − 5 m/s²', () => {
    const world = new World();
    world.sleeping = false;
    const b = world.createBody({ mass: 2, inertia: [0.1, 0.1, 0.1] });
    world.createMotorJoint({ bodyA: world.ground, bodyB: b, linearOffset: [0, 0, 0], maxForce: 10 });
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(Math.abs(b.linearVelocity[1] + (9.81 - 5))).toBeLessThan(1e-6);
  });

  it('survives snapshots bit for bit; toOptions and setTarget; bad input named', () => {
    const world = new World();
    const b = world.createBody({ position: [0, 2, 0], mass: 1, inertia: [0.1, 0.1, 0.1], angularVelocity: [1, 2, 0] });
    const joint = world.createMotorJoint({ bodyB: b, bodyA: world.ground, maxForce: 50, maxTorque: 5, correctionFactor: 0.2 }) as MotorJoint;
    expect(joint.toOptions()).toMatchObject({ linearOffset: [0, 2, 0], angularOffset: [0, 0, 0, 1], maxForce: 50, maxTorque: 5, correctionFactor: 0.2 });
    joint.setTarget([1, 2, 0], [0, 0, 0, 1]);
    for (let i = 0; i < 20; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 40; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(() => world.createMotorJoint({ bodyA: b, maxForce: -1 })).toThrow(/maxForce must be a finite number ≥ 0, got -1/);
    expect(() => world.createMotorJoint({ bodyA: b, correctionFactor: 2 })).toThrow(/correctionFactor must be at most 1/);
    expect(() => world.createMotorJoint({ bodyA: b, angularOffset: [0, 0, 0, 3] })).toThrow(/angularOffset must be a unit quaternion/);
    expect(world.joints.length).toBe(1);
  });
});
