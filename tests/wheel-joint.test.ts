// The wheel joint: a 400 kg chassis on four wheels of 20 000 N/m sinks m g / 4k; rear motors drive the car
// forward and brake it to a stop; steered front wheels turn it; snapshots and toOptions; bad input.

import { describe, expect, it } from 'vitest';
import { World, type Body, type WheelJoint } from '../lib/index.js';

const DT = 1 / 60;
const MASS = 400, K = 20000, RADIUS = 0.3;

/** A car facing +z: a 400 kg box chassis, sphere wheels at its corners on wheel joints (spin axis x,
 * suspension y), on a plane. */
function car(motor?: { speed: number; maxForce: number }) {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
  const chassis = world.createBody({ position: [0, 0.6, 0], shapes: [{ type: 'box', halfExtents: [0.8, 0.15, 1.6], density: MASS / (1.6 * 0.3 * 3.2) }] });
  const wheels: WheelJoint[] = [];
  for (const [x, z] of [[-0.9, 1.2], [0.9, 1.2], [-0.9, -1.2], [0.9, -1.2]]) {
    const wheel = world.createBody({ position: [x, RADIUS, z], shapes: [{ type: 'sphere', radius: RADIUS, density: 20 / ((4 / 3) * Math.PI * RADIUS ** 3), friction: 1.2 }] });
    wheels.push(world.createWheelJoint({
      bodyA: chassis, bodyB: wheel, anchor: [x, RADIUS, z], axis: [1, 0, 0], suspensionAxis: [0, 1, 0], lowerTranslation: -0.2, upperTranslation: 0.2,
      suspension: { stiffness: K, damping: 4000 }, motor: z < 0 ? motor : undefined,
    }));
  }
  return { world, chassis, wheels };
}

function heading(body: Body): number {
  // the chassis's +z in the world, its angle about y
  const [x, y, z, w] = body.orientation;
  return Math.atan2(2 * (x * z + w * y), 1 - 2 * (x * x + y * y));
}

describe('wheel joint', () => {
  it('a 400 kg chassis on four wheels of 20 000 N/m sinks m g / 4k = 4.9 cm', () => {
    const { world, chassis, wheels } = car();
    for (let i = 0; i < 240; i++) world.step(DT);
    const sag = (chassis.mass * 9.81) / (4 * K);
    for (const wheel of wheels) expect(Math.abs(wheel.getSuspensionTranslation() - sag)).toBeLessThan(2e-3);
    expect(Math.abs(chassis.linearVelocity[1])).toBeLessThan(1e-3);
  });

  it('rear motors drive it forward, and a brake (speed 0) stops it', () => {
    const { world, chassis, wheels } = car({ speed: 12, maxForce: 300 });
    for (let i = 0; i < 120; i++) world.step(DT);
    // spinning +x at 12 rad/s rolls a wheel toward +z at ω r = 3.6 m/s (ω × r with r down)
    expect(chassis.linearVelocity[2]).toBeGreaterThan(2);
    for (const wheel of wheels.slice(2)) wheel.setMotor({ speed: 0, maxForce: 2000 });
    for (let i = 0; i < 180; i++) world.step(DT);
    expect(Math.abs(chassis.linearVelocity[2])).toBeLessThan(0.05);
  });

  it('steered front wheels turn it: heading changes the way they point', () => {
    const { world, chassis, wheels } = car({ speed: 10, maxForce: 300 });
    wheels[0].setSteering(0.3);
    wheels[1].setSteering(0.3);
    for (let i = 0; i < 180; i++) world.step(DT);
    // steering +0.3 about +y turns the wheels' heading from +z toward +x
    expect(heading(chassis)).toBeGreaterThan(0.2);
    expect(wheels[0].steering).toBe(0.3);
  });

  it('survives snapshots bit for bit; toOptions gives the unsteered frame and the steering', () => {
    const { world, wheels } = car({ speed: 5, maxForce: 100 });
    wheels[0].setSteering(-0.2);
    for (let i = 0; i < 20; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 40; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    const options = wheels[0].toOptions();
    expect(options).toMatchObject({ steering: -0.2, lowerTranslation: -0.2, upperTranslation: 0.2, suspension: { stiffness: K, damping: 4000 } });
    expect(Math.abs(Math.abs((options.axis as number[])[0]) - 1)).toBeLessThan(0.05);
  });

  it('refuses parallel axes and a missing suspension, naming them', () => {
    const world = new World();
    const a = world.createBody({ mass: 10, inertia: [1, 1, 1] }), b = world.createBody({ position: [1, 0, 0], mass: 1, inertia: [1, 1, 1] });
    const base = { bodyA: a, bodyB: b, anchor: [1, 0, 0], axis: [1, 0, 0], suspensionAxis: [0, 1, 0], suspension: { hertz: 4 } };
    expect(() => world.createWheelJoint({ ...base, suspensionAxis: [2, 0, 0] })).toThrow(/suspensionAxis must not be parallel to axis/);
    expect(() => world.createWheelJoint({ ...base, suspension: undefined as never })).toThrow(/suspension must be \{ hertz, dampingRatio\? \} or \{ stiffness, damping\? \}/);
    expect(() => world.createWheelJoint({ ...base, suspension: { hertz: 4, stiffness: 100 } as never })).toThrow(/not both/);
    expect(() => world.createWheelJoint({ ...base, steering: 4 })).toThrow(/steering must be at most/);
    expect(world.joints.length).toBe(0);
  });
});
