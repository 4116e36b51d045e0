// The 2D world's contact events, sensors, filters, sleeping, removal and snapshots (lib/2d/world-contacts.ts,
// lib/2d/collision/contact-set.ts, contact-snapshot.ts).

import { describe, expect, test } from 'vitest';
import { World2D } from '../lib/2d/world.js';
import type { Body2D } from '../lib/2d/body.js';

const dt = 1 / 60;

function groundWorld(): World2D {
  const world = new World2D();
  world.createBody({ type: 'static', position: [0, -0.5], shapes: [{ type: 'box', halfExtents: [40, 0.5] }] });
  return world;
}

function run(world: World2D, steps: number): void {
  for (let i = 0; i < steps; i++) world.step(dt);
}

describe('events', () => {
  test('a ball landing begins one contact; lifted away, it ends it', () => {
    const world = groundWorld();
    const ball = world.createBody({ position: [0, 1], shapes: [{ type: 'circle', radius: 0.5 }] });
    let begins = 0, ends = 0;
    world.onContactBegin = (event) => {
      begins++;
      expect(event.bodyB === ball || event.bodyA === ball).toBe(true);
      expect(event.contact.normalForce).toBeGreaterThan(0);
    };
    world.onContactEnd = () => { ends++; };
    run(world, 90);
    expect(begins).toBe(1);
    expect(ends).toBe(0);
    expect(world.contacts.length).toBe(1);
    ball.setPosition([0, 5]);
    run(world, 1);
    expect(ends).toBe(1);
    expect(world.contacts.length).toBe(0);
  });

  test('the contact force event reports the weight of a resting box', () => {
    const world = groundWorld();
    const box = world.createBody({ position: [0, 0.5], contactForceEventThreshold: 1, shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    const other = world.createBody({ position: [3, 0.5], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    expect(other.contactForceEventThreshold).toBe(Infinity);
    const copy = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.bodies.map((b) => b.contactForceEventThreshold)).toEqual(world.bodies.map((b) => b.contactForceEventThreshold));
    expect(copy.hash()).toBe(world.hash());
    let force = 0;
    world.onContactForce = (event) => { force = event.totalForceMagnitude; };
    run(world, 60);
    expect(Math.abs(force - box.mass * 9.81) / (box.mass * 9.81)).toBeLessThan(1e-3);
  });

  test('onPreSolve can drop a contact (a one-way platform) and set a tangent velocity (a conveyor)', () => {
    const world = groundWorld();
    const through = world.createBody({ position: [-2, 1], shapes: [{ type: 'circle', radius: 0.25 }] });
    const carried = world.createBody({ position: [2, 0.5], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    world.onPreSolve = (pair) => {
      if (pair.bodyA === through || pair.bodyB === through) return false;
      // B's surface moves at 2 m/s along +x over A's (the ground is A)
      pair.tangentVelocity[0] = pair.bodyA === carried ? -2 : 2;
      return true;
    };
    run(world, 120);
    expect(through.position[1]).toBeLessThan(-1);
    expect(Math.abs(carried.linearVelocity[0] - 2)).toBeLessThan(0.01);
  });
});

describe('sensors', () => {
  test('a ball falls through a sensor box: one begin, one end, and it is not slowed', () => {
    const world = new World2D();
    const sensor = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [2, 0.5], sensor: true }] });
    const ball = world.createBody({ position: [0, 3], shapes: [{ type: 'circle', radius: 0.25 }] });
    const free = world.createBody({ position: [5, 3], shapes: [{ type: 'circle', radius: 0.25 }] });
    const events: string[] = [];
    world.onSensorBegin = (event) => {
      expect(event.sensorBody).toBe(sensor);
      expect(event.visitorBody).toBe(ball);
      events.push('begin');
    };
    world.onSensorEnd = () => events.push('end');
    run(world, 90);
    expect(events).toEqual(['begin', 'end']);
    expect(ball.position[1]).toBe(free.position[1]);
    expect(ball.linearVelocity[1]).toBe(free.linearVelocity[1]);
  });
});

describe('filters', () => {
  test('category and mask: a ball whose mask leaves the ground out falls through it', () => {
    const world = groundWorld();
    const ball = world.createBody({ position: [0, 1], shapes: [{ type: 'circle', radius: 0.5, mask: 2 }] });
    run(world, 90);
    expect(ball.position[1]).toBeLessThan(-2);
  });

  test('a shared negative group never collides; a shared positive group always does', () => {
    const world = new World2D({ gravity: [0, 0] });
    const a = world.createBody({ position: [0, 0], linearVelocity: [2, 0], shapes: [{ type: 'circle', radius: 0.5, group: -1 }] });
    world.createBody({ position: [1.5, 0], shapes: [{ type: 'circle', radius: 0.5, group: -1 }] });
    run(world, 60);
    expect(a.linearVelocity[0]).toBe(2);
    const c = world.createBody({ position: [0, 5], linearVelocity: [2, 0], shapes: [{ type: 'circle', radius: 0.5, group: 3, mask: 0 }] });
    world.createBody({ position: [1.5, 5], shapes: [{ type: 'circle', radius: 0.5, group: 3, mask: 0 }] });
    run(world, 60);
    expect(c.linearVelocity[0]).toBeLessThan(1);
  });

  test('jointed bodies do not collide unless collideConnected', () => {
    for (const collideConnected of [false, true]) {
      const world = new World2D({ gravity: [0, 0] });
      const a = world.createBody({ position: [0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
      const b = world.createBody({ position: [0.9, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
      world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0.45, 0], collideConnected });
      run(world, 30);
      const gap = b.position[0] - a.position[0];
      if (collideConnected) expect(gap).toBeGreaterThan(0.9);
      else expect(Math.abs(gap - 0.9)).toBeLessThan(1e-6);
    }
  });
});

describe('sleeping and removal', () => {
  test('a resting pile sleeps with its contacts kept; a ball dropped on it wakes it', () => {
    const world = groundWorld();
    const boxes: Body2D[] = [];
    for (let i = 0; i < 4; i++) boxes.push(world.createBody({ position: [0, 0.5 + i], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] }));
    run(world, 180);
    expect(boxes.every((b) => !b.isAwake)).toBe(true);
    expect(world.contacts.length).toBe(4);
    const ball = world.createBody({ position: [0.2, 6], shapes: [{ type: 'circle', radius: 0.3 }] });
    let woke = false;
    for (let i = 0; i < 90 && !woke; i++) {
      world.step(dt);
      woke = boxes[3].isAwake;
    }
    expect(woke).toBe(true);
    expect(ball.position[1]).toBeGreaterThan(4);
  });

  test('removing the bottom box of a stack mid-contact ends its contacts and the rest falls', () => {
    const world = groundWorld();
    const boxes: Body2D[] = [];
    for (let i = 0; i < 3; i++) boxes.push(world.createBody({ position: [0, 0.5 + i], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] }));
    let ends = 0;
    world.onContactEnd = (pair) => {
      ends++;
      expect(pair.bodyA === boxes[0] || pair.bodyB === boxes[0] || pair.bodyA === boxes[1] || pair.bodyB === boxes[1]).toBe(true);
    };
    run(world, 30);
    world.removeBody(boxes[0]);
    expect(world.contacts.length).toBe(1);
    run(world, 60);
    expect(ends).toBeGreaterThanOrEqual(2);
    expect(Math.abs(boxes[1].position[1] - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(boxes[2].position[1] - 1.5)).toBeLessThan(0.02);
  });

  test('a body made static mid-contact keeps what rests on it', () => {
    const world = groundWorld();
    const lower = world.createBody({ position: [0, 0.5], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    const upper = world.createBody({ position: [0, 1.5], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    run(world, 30);
    lower.setType('static');
    run(world, 60);
    expect(Math.abs(upper.position[1] - 1.5)).toBeLessThan(0.01);
  });
});

describe('snapshots and hash', () => {
  /** A pile of boxes, circles and capsules falling onto the ground and a slope. */
  function pile(): World2D {
    const world = groundWorld();
    world.createBody({ type: 'static', position: [4, 1], angle: 0.4, shapes: [{ type: 'box', halfExtents: [2, 0.2] }] });
    for (let i = 0; i < 24; i++) {
      const x = (i % 6) - 2.5 + 0.1 * (i % 3), y = 1 + Math.floor(i / 6) * 1.2;
      const shape = i % 3 === 0 ? { type: 'circle' as const, radius: 0.4, restitution: 0.3 }
        : i % 3 === 1 ? { type: 'box' as const, halfExtents: [0.4, 0.3] as [number, number], friction: 0.4 }
        : { type: 'capsule' as const, radius: 0.2, halfHeight: 0.3 };
      world.createBody({ position: [x, y], angle: 0.1 * i, shapes: [shape] });
    }
    return world;
  }

  test('the same scene built twice hashes the same at every step', () => {
    const a = pile(), b = pile();
    for (let i = 0; i < 120; i++) {
      a.step(dt);
      b.step(dt);
      if (i % 10 === 9) expect(a.hash()).toBe(b.hash());
    }
  });

  test('restored mid-pile, a world continues bit for bit', () => {
    const world = pile();
    run(world, 70);
    expect(world.contacts.length).toBeGreaterThan(10);
    const snapshot = JSON.parse(JSON.stringify(world.snapshot()));
    const copy = World2D.restore(snapshot);
    expect(copy.hash()).toBe(world.hash());
    expect(copy.contacts.length).toBe(world.contacts.length);
    for (let i = 0; i < 150; i++) {
      world.step(dt);
      copy.step(dt);
      if (i % 5 === 0 || i === 149) expect(copy.hash()).toBe(world.hash());
    }
    // asleep by now, and still the same
    expect(world.bodies.filter((b) => b.isAwake).length).toBe(copy.bodies.filter((b) => b.isAwake).length);
  });

  test('the hash changes with a contact impulse', () => {
    const world = pile();
    run(world, 70);
    const snapshot = world.snapshot();
    const before = world.hash();
    const copy = World2D.restore(snapshot);
    const contact = (copy as unknown as { contactSet: { touching: { impulses: Float64Array }[] } }).contactSet.touching[0];
    contact.impulses[0] += 1e-9;
    expect(copy.hash()).not.toBe(before);
  });
});

describe('filter changes', () => {
  test('a ball resting on the ground falls through once its mask leaves the ground out, and lands again when it is back', () => {
    const world = groundWorld();
    const ball = world.createBody({ position: [0, 0.5], shapes: [{ type: 'circle', radius: 0.5 }] });
    run(world, 30);
    expect(Math.abs(ball.position[1] - 0.5)).toBeLessThan(1e-3);
    ball.shapes[0].mask = 2;
    ball.wake();
    run(world, 20);
    expect(ball.position[1]).toBeLessThan(0);
    ball.shapes[0].mask = 0xffffffff;
    run(world, 90);
    expect(Math.abs(ball.position[1] - 0.5)).toBeLessThan(1e-3);
  });
});

describe('kinematic bodies', () => {
  test('a kinematic platform moving sideways carries the box on it (friction), and lifts it', () => {
    const world = new World2D();
    const platform = world.createBody({ type: 'kinematic', position: [0, 0], shapes: [{ type: 'box', halfExtents: [3, 0.25] }] });
    const box = world.createBody({ position: [0, 0.75], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] });
    run(world, 30);
    platform.setLinearVelocity([1, 0.5]);
    run(world, 60);
    expect(Math.abs(box.linearVelocity[0] - 1)).toBeLessThan(1e-3);
    expect(Math.abs(box.linearVelocity[1] - 0.5)).toBeLessThan(1e-3);
    expect(Math.abs(box.position[1] - platform.position[1] - 0.75)).toBeLessThan(2e-3);
  });
});

describe('snapshots with chains and sensors', () => {
  test('a world restored while a ball rolls on a chain inside a sensor continues bit for bit, with no second sensor begin', () => {
    const build = (): World2D => {
      const world = new World2D();
      const points: [number, number][] = [];
      for (let i = 0; i <= 30; i++) points.push([6 - i * 0.4, 0.05 * Math.sin(i)]);
      world.createBody({ type: 'static', shapes: [{ type: 'chain', points }, { type: 'box', position: [0, 1], halfExtents: [3, 1], sensor: true }] });
      world.createBody({ position: [-4, 0.5], linearVelocity: [3, 0], shapes: [{ type: 'circle', radius: 0.3 }] });
      world.createBody({ position: [-3, 0.6], angle: 0.3, shapes: [{ type: 'box', halfExtents: [0.3, 0.2] }] });
      return world;
    };
    const world = build();
    run(world, 50);
    const copy = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    let begins = 0;
    copy.onSensorBegin = () => { begins++; };
    const sensing = (w: World2D): number => (w as unknown as { contactSet: { sensing: unknown[] } }).contactSet.sensing.length;
    expect(sensing(copy)).toBe(sensing(world));
    const inside = sensing(world);
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      copy.step(dt);
      expect(copy.hash()).toBe(world.hash());
    }
    // only shapes that came in after the restore begin
    expect(begins).toBeLessThanOrEqual(2 - inside);
  });
});

describe('bad input', () => {
  test('the contact options and callbacks are checked, naming the value, and nothing changes', () => {
    expect(() => new World2D({ restitutionThreshold: -1 })).toThrow(/restitutionThreshold.*-1/);
    expect(() => new World2D({ onContactBegin: 5 as never })).toThrow(/onContactBegin/);
    const world = new World2D({ restitutionThreshold: 2 });
    expect(world.restitutionThreshold).toBe(2);
    expect(() => { world.restitutionThreshold = Number.NaN; }).toThrow(/restitutionThreshold/);
    expect(world.restitutionThreshold).toBe(2);
    expect(() => world.createBody({ contactForceEventThreshold: -3 })).toThrow(/contactForceEventThreshold.*-3/);
    expect(world.bodies.length).toBe(0);
  });

  test('a restitution threshold survives a snapshot', () => {
    const world = new World2D({ restitutionThreshold: 0.25 });
    world.createBody({ shapes: [{ type: 'circle', radius: 1 }] });
    const copy = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.restitutionThreshold).toBe(0.25);
    expect(copy.hash()).toBe(world.hash());
  });
});
