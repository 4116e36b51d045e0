// The ray-cast vehicle: an 800 kg chassis on four wheels of 50 000 N/m compresses each by m g / 4k; two
// rear wheels pushing 1000 N accelerate it at 2 F / m; brakes decelerate it at 4 B / m, no more than μ g;
// steered front wheels turn it as a bicycle model's v tan δ / L; bad input.

import { describe, expect, it } from 'vitest';
import { World, type Body, type VehicleController } from '../lib/index.js';
import { mulberry32 } from '../lib/math/random.js';

const DT = 1 / 60;
const MASS = 800, K = 50000, REST = 0.4, RADIUS = 0.35;

function vehicle(speed = 0): { world: World; chassis: Body; car: VehicleController } {
  const world = new World();
  world.sleeping = false;
  world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
  // a chassis without shapes: only the wheels' rays touch the ground
  const chassis = world.createBody({ position: [0, RADIUS + REST - (MASS * 9.81) / (4 * K), 0], mass: MASS, inertia: [600, 700, 200], linearVelocity: [0, 0, speed] });
  const wheels = [[-0.9, 1.3], [0.9, 1.3], [-0.9, -1.3], [0.9, -1.3]].map(([x, z]) => ({
    connection: [x, 0, z], restLength: REST, maxTravel: 0.3, radius: RADIUS, stiffness: K, compressionDamping: 6000, relaxationDamping: 6000, frictionSlip: 1.5, rollInfluence: 0,
  }));
  const car = world.createVehicleController(chassis, { wheels });
  return { world, chassis, car };
}

function run(world: World, car: VehicleController, steps: number): void {
  for (let i = 0; i < steps; i++) {
    car.update(DT);
    world.step(DT);
  }
}

describe('ray-cast vehicle', () => {
  it('rests with each suspension compressed m g / 4k = 3.9 cm', () => {
    const { world, car, chassis } = vehicle();
    run(world, car, 240);
    for (const wheel of car.wheels) {
      expect(wheel.inContact).toBe(true);
      expect(Math.abs(REST - wheel.suspensionLength - (MASS * 9.81) / (4 * K))).toBeLessThan(1e-3);
      expect(Math.abs(wheel.suspensionForce - (MASS * 9.81) / 4)).toBeLessThan(0.01 * MASS * 9.81);
    }
    expect(Math.abs(chassis.linearVelocity[1])).toBeLessThan(1e-3);
  });

  it('two rear wheels pushing 1000 N each accelerate 800 kg at 2.5 m/s²', () => {
    const { world, car, chassis } = vehicle();
    run(world, car, 30);
    car.setWheel(2, { engineForce: 1000 });
    car.setWheel(3, { engineForce: 1000 });
    run(world, car, 60);
    expect(Math.abs(chassis.linearVelocity[2] - 2.5)).toBeLessThan(0.1);
    // (the chassis squats back on its springs as it accelerates: its forward axis tilts, about 0.08 rad)
    expect(Math.abs(car.forwardSpeed - chassis.linearVelocity[2])).toBeLessThan(0.02);
    expect(Math.abs(chassis.linearVelocity[0])).toBeLessThan(1e-3);
  });

  it('brakes of 1000 N on each wheel slow it at 5 m/s²; 10 000 N skid, at μ g', () => {
    const soft = vehicle(10);
    run(soft.world, soft.car, 10);
    const v0 = soft.chassis.linearVelocity[2];
    for (let i = 0; i < 4; i++) soft.car.setWheel(i, { brake: 1000 });
    run(soft.world, soft.car, 60);
    expect(Math.abs(v0 - soft.chassis.linearVelocity[2] - 5)).toBeLessThan(0.2);
    const hard = vehicle(10);
    run(hard.world, hard.car, 10);
    const u0 = hard.chassis.linearVelocity[2];
    for (let i = 0; i < 4; i++) hard.car.setWheel(i, { brake: 10000 });
    run(hard.world, hard.car, 30);
    expect(hard.car.wheels.every((wheel) => wheel.skidding)).toBe(true);
    expect(Math.abs((u0 - hard.chassis.linearVelocity[2]) / 0.5 - 1.5 * 9.81)).toBeLessThan(0.05 * 1.5 * 9.81);
  });

  it('steered front wheels turn it at about v tan δ / L (the bicycle model)', () => {
    const { world, car, chassis } = vehicle(5);
    run(world, car, 30);
    car.setWheel(0, { steering: 0.2 });
    car.setWheel(1, { steering: 0.2 });
    run(world, car, 60);
    const expected = (Math.hypot(chassis.linearVelocity[0], chassis.linearVelocity[2]) * Math.tan(0.2)) / 2.6;
    expect(chassis.angularVelocity[1]).toBeGreaterThan(0);
    expect(Math.abs(chassis.angularVelocity[1] / expected - 1)).toBeLessThan(0.2);
  });

  it('refuses a static chassis, bad wheels and a wheel it lacks, naming them', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static' });
    const body = world.createBody({ mass: 100, inertia: [10, 10, 10] });
    const wheel = { connection: [0, 0, 0], restLength: 0.3, radius: 0.3, stiffness: 1000 };
    expect(() => world.createVehicleController(ground, { wheels: [wheel] })).toThrow(/the chassis \(body \d+\) must be dynamic, got static/);
    expect(() => world.createVehicleController(body, { wheels: [{ ...wheel, axle: [0, 2, 0] }] })).toThrow(/wheels\[0\]: axle must not be parallel to direction/);
    expect(() => world.createVehicleController(body, { wheels: [{ ...wheel, restLength: 0 }] })).toThrow(/wheels\[0\]: restLength must be a finite number > 0, got 0/);
    expect(() => world.createVehicleController(body, { wheels: [] })).toThrow(/wheels must be a non-empty array/);
    const car = world.createVehicleController(body, { wheels: [wheel] });
    expect(() => car.setWheel(3, { engineForce: 1 })).toThrow(/wheel 3 is not one of the 1 wheels/);
    expect(() => car.setWheel(0, { brake: -1 })).toThrow(/brake must be a finite number ≥ 0, got -1/);
  });
});

describe('the wheels\' rays', () => {
  it('cast together, find what castRay finds one by one: the same shape, distance, point and normal, bit for bit', () => {
    const world = new World();
    const random = mulberry32(11);
    const heights = Array.from({ length: 16 * 16 }, (_, i) => Math.sin(i % 16) * 0.3 + Math.cos(Math.floor(i / 16) * 0.7) * 0.2);
    world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights, rows: 16, columns: 16, size: [12, 12] }] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: -3 }] });
    const chassis = world.createBody({ position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [1, 0.3, 2] }] });
    const others: Body[] = [];
    for (let i = 0; i < 12; i++) {
      const position = [(random() - 0.5) * 6, 0.5 + random() * 2, (random() - 0.5) * 6];
      const shape = i % 3 === 0 ? { type: 'sphere' as const, radius: 0.3 } : i % 3 === 1 ? { type: 'box' as const, halfExtents: [0.3, 0.2, 0.4] } : { type: 'capsule' as const, radius: 0.2, halfHeight: 0.3 };
      others.push(world.createBody({ position, shapes: [shape] }));
    }
    // two shapes at exactly the same place: a tie, which goes to the lower key either way
    world.createBody({ position: [2, 1, 2], shapes: [{ type: 'sphere', radius: 0.4 }] });
    world.createBody({ position: [2, 1, 2], shapes: [{ type: 'sphere', radius: 0.4 }] });
    world.step(1 / 60);
    const count = 8, origins = new Float64Array(3 * count), directions = new Float64Array(3 * count), lengths = new Float64Array(count);
    const hits = Array.from({ length: count }, () => ({ body: chassis, shape: chassis.shapes[0], distance: 0, point: new Float64Array(3), normal: new Float64Array(3) }));
    const found = new Uint8Array(count), given = new Float64Array(3 * count);
    let compared = 0;
    for (let batch = 0; batch < 40; batch++) {
      for (let i = 0; i < count; i++) {
        const o = [(random() - 0.5) * 8, 1 + random() * 3, (random() - 0.5) * 8];
        if (i === 0) o.splice(0, 3, 2, 3, 2);
        // the unit vector castRay makes of the direction it is given (as readDirection normalizes)
        const d = [(random() - 0.5) * 0.6, -1, (random() - 0.5) * 0.6];
        given.set(d, 3 * i);
        const l = Math.hypot(d[0], d[1], d[2]);
        origins.set(o, 3 * i);
        directions.set(d.map((x) => x / l), 3 * i);
        lengths[i] = 1 + random() * 6;
      }
      world.castRaysInto(origins, directions, lengths, count, [chassis], hits, found);
      for (let i = 0; i < count; i++) {
        const one = world.castRay(origins.subarray(3 * i, 3 * i + 3), given.subarray(3 * i, 3 * i + 3), lengths[i], { exclude: [chassis] });
        expect(found[i]).toBe(one === null ? 0 : 1);
        if (one === null) continue;
        compared++;
        expect(hits[i].body).toBe(one.body);
        expect(hits[i].shape).toBe(one.shape);
        expect(hits[i].distance).toBe(one.distance);
        expect(Array.from(hits[i].point)).toEqual(Array.from(one.point));
        expect(Array.from(hits[i].normal)).toEqual(Array.from(one.normal));
      }
      for (const body of others) body.applyLinearImpulse([0, 0.5 * body.mass, 0]);
      world.step(1 / 60);
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('cast between steps leave the steps as they were: a pile stepped with rays cast each step matches one stepped without', () => {
    const pile = () => {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
      const random = mulberry32(5);
      const bodies = Array.from({ length: 30 }, (_, i) => world.createBody({
        position: [(random() - 0.5) * 3, 0.5 + i * 0.4, (random() - 0.5) * 3], shapes: [i % 2 === 0 ? { type: 'box', halfExtents: [0.3, 0.2, 0.25] } : { type: 'sphere', radius: 0.25 }],
      }));
      return { world, bodies };
    };
    const quiet = pile(), asked = pile();
    for (let i = 0; i < 240; i++) {
      quiet.world.step(1 / 60);
      asked.world.step(1 / 60);
      asked.world.castRay([0, 10, 0], [0, -1, 0], 20);
    }
    const positions = (bodies: Body[]) => bodies.flatMap((body) => Array.from(body.position));
    expect(positions(asked.bodies)).toEqual(positions(quiet.bodies));
  });
});
