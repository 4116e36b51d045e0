// Contact and sensor events (World.onContactBegin/End, onSensorBegin/End): when they fire, what they
// carry, sensors that collide with nothing, and callbacks that remove bodies and joints mid-run.

import { describe, expect, it } from 'vitest';
import { World, TOUCH_DISTANCE, type Body, type ContactBeginEvent, type SensorEvent, type ShapePair } from '../lib/index.js';
import { boxPyramid, buildScene } from '../lib/scenes/index.js';

const DT = 1 / 60;

function groundWorld(options: ConstructorParameters<typeof World>[0] = {}): { world: World; ground: Body } {
  const world = new World(options);
  const ground = world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  return { world, ground };
}

describe('contact events', () => {
  it('a dropped ball begins touching once, in the step after it came within 5 mm, with the contact already solved; lifted off, it ends once', () => {
    const begins: ContactBeginEvent[] = [], ends: ShapePair[] = [];
    const { world, ground } = groundWorld({ onContactBegin: (e) => begins.push({ ...e }), onContactEnd: (e) => ends.push(e) });
    const ball = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
    let landedAt = -1, firstBeginAt = -1;
    const forceAtBegin: number[] = [];
    world.onContactBegin = (e) => {
      begins.push({ ...e });
      forceAtBegin.push(e.contact.normalForce);
      if (firstBeginAt < 0) firstBeginAt = world.stepCount;
    };
    for (let step = 1; step <= 120; step++) {
      world.step(DT);
      if (landedAt < 0 && ball.position[1] - 0.1 < TOUCH_DISTANCE) landedAt = step;
    }
    expect(begins.length).toBe(1);
    // the contact search runs at the start of a step, on the poses the last one left
    expect(firstBeginAt).toBe(landedAt + 1);
    const event = begins[0];
    expect(new Set([event.bodyA, event.bodyB])).toEqual(new Set([ground, ball]));
    expect(forceAtBegin[0]).toBeGreaterThan(0); // the impact's push, solved before the callback
    expect(ends.length).toBe(0);
    // lifted off: it ends once
    ball.setLinearVelocity([0, 3, 0]);
    for (let step = 0; step < 30; step++) world.step(DT);
    expect(ends.length).toBe(1);
    expect(new Set([ends[0].bodyA, ends[0].bodyB])).toEqual(new Set([ground, ball]));
  });

  it('a resting stack reports each touching pair once and nothing more while it rests (and while it sleeps)', () => {
    let begins = 0, ends = 0;
    const { world } = buildScene(boxPyramid({ rows: 4 }));
    world.onContactBegin = () => begins++;
    world.onContactEnd = () => ends++;
    for (let step = 0; step < 240; step++) world.step(DT);
    // 4 + 3 + 2 + 1 boxes: 4 on the ground, and each upper box on two below
    expect(begins).toBe(4 + 2 * (3 + 2 + 1));
    expect(ends).toBe(0);
    expect(world.sleepingBodyCount).toBe(10);
  });

  it('removing bodies and joints inside contact callbacks is safe: the scene steps on, no NaN, ends reported', () => {
    const ends: ShapePair[] = [];
    const { world } = groundWorld();
    const balls: Body[] = [];
    for (let i = 0; i < 6; i++) {
      const ball = world.createBody({ position: [i * 0.5, 0.5 + 0.3 * i, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
      if (i > 0) world.createDistanceJoint({ bodyA: balls[i - 1], bodyB: ball, anchorA: balls[i - 1].position, anchorB: ball.position });
      balls.push(ball);
    }
    // each ball is removed as it lands (with its joints), and every second landing removes a joint too
    let removed = 0;
    world.onContactBegin = ({ bodyA, bodyB }) => {
      const ball = bodyA.isDynamic ? bodyA : bodyB;
      if (!world.bodies.includes(ball)) return;
      world.removeBody(ball);
      removed++;
      if (removed % 2 === 0 && world.joints.length > 0) world.removeJoint(world.joints[0]);
    };
    world.onContactEnd = (pair) => ends.push(pair);
    for (let step = 0; step < 300; step++) world.step(DT);
    expect(removed).toBe(6);
    expect(world.bodies.filter((body) => body.isDynamic).length).toBe(0);
    // the removed balls' contacts ended at the next step's search
    expect(ends.length).toBe(6);
    for (const body of world.bodies) expect(body.position.every(Number.isFinite)).toBe(true);
  });
});

describe('sensors', () => {
  it('a sensor box reports a ball passing through it, begin and end, and does not touch it', () => {
    const events: string[] = [];
    const world = new World({
      gravity: [0, 0, 0],
      onSensorBegin: (e: SensorEvent) => events.push(`begin ${e.sensorBody.id} ${e.visitorBody.id} ${world.stepCount}`),
      onSensorEnd: (e: SensorEvent) => events.push(`end ${e.sensorBody.id} ${e.visitorBody.id} ${world.stepCount}`),
    });
    const gate = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [0.5, 1, 1], sensor: true }] });
    const ball = world.createBody({ position: [-2, 0, 0], linearVelocity: [3, 0, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
    let entered = -1, left = -1;
    for (let step = 1; step <= 120; step++) {
      world.step(DT);
      if (entered < 0 && ball.position[0] > -0.6) entered = step;
      if (left < 0 && ball.position[0] > 0.6) left = step;
    }
    // the ball flew straight through at full speed: no contact rows
    expect(ball.linearVelocity[0]).toBe(3);
    expect(ball.position[0]).toBeCloseTo(-2 + 3 * 2, 9);
    // it overlaps while −0.6 < x < 0.6; each event comes in the step after the one that crossed (the
    // search runs at the start of a step, on the poses the last one left)
    expect(events).toEqual([`begin ${gate.id} ${ball.id} ${entered + 1}`, `end ${gate.id} ${ball.id} ${left + 1}`]);
    expect(world.contacts.length).toBe(0);
  });

  it('a sensor on a dynamic body feels the ground but falls through nothing; rays pass through sensors', () => {
    let felt = 0;
    const { world } = groundWorld({ onSensorBegin: () => felt++ });
    // a foot sensor under a box
    const body = world.createBody({
      position: [0, 1, 0],
      shapes: [{ type: 'box', halfExtents: [0.2, 0.2, 0.2] }, { type: 'sphere', radius: 0.05, position: [0, -0.22, 0], sensor: true }],
    });
    for (let step = 0; step < 120; step++) world.step(DT);
    expect(felt).toBe(1);
    expect(body.position[1]).toBeCloseTo(0.2, 2); // the box rests on the ground; the sensor sphere is in it
    const hit = world.castRay([0, 5, 0], [0, -1, 0]);
    expect(hit?.shape).toBe(body.shapes[0]); // the box, not the sensor
  });

  it('two sensors do not sense each other; sensor shapes round-trip a snapshot with their overlaps', () => {
    let begins = 0;
    const world = new World({ gravity: [0, 0, 0], onSensorBegin: () => begins++ });
    world.createBody({ type: 'static', shapes: [{ type: 'sphere', radius: 1, sensor: true }] });
    world.createBody({ position: [0.5, 0, 0], shapes: [{ type: 'sphere', radius: 0.5, sensor: true }] });
    const visitor = world.createBody({ position: [0.3, 0, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
    world.step(DT);
    expect(begins).toBe(2); // each sensor feels the visitor, not the other sensor
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(restored.hash()).toBe(world.hash());
    expect(restored.bodies[0].shapes[0].sensor).toBe(true);
    // the restored world knows the overlaps: it reports no new begin, and an end when the visitor leaves
    let restoredBegins = 0, restoredEnds = 0;
    restored.onSensorBegin = () => restoredBegins++;
    restored.onSensorEnd = () => restoredEnds++;
    restored.bodies[2].setPosition([5, 0, 0]);
    visitor.setPosition([5, 0, 0]);
    restored.step(DT);
    expect(restoredBegins).toBe(0);
    expect(restoredEnds).toBe(2);
  });

  it('bad sensor and callback options are refused with the value named', () => {
    const world = new World();
    expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: 1, sensor: 'yes' as unknown as boolean }] })).toThrow(/sensor.*yes/);
    expect(() => new World({ onContactBegin: 5 as unknown as () => void })).toThrow(/onContactBegin.*5/);
  });
});
