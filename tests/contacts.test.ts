// Contacts (lib/collision): resting without jitter, bouncing to e², Coulomb friction on a slope, no
// tunnelling through a thin wall, filtering, and the broadphase against a brute-force pair search.

import { describe, expect, it } from 'vitest';
import { World, createRagdoll, type Body } from '../lib/index.js';
import { seededRandom } from './helpers.js';

function groundWorld(options: ConstructorParameters<typeof World>[0] = {}): World {
  const world = new World(options);
  world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
  return world;
}

describe('resting contact', () => {
  it.each(['iterative', 'direct'] as const)('a sphere rests on the plane without jitter: under 5 mm deep and 1 mm/s after 2 s (%s solver)', (solver) => {
    const world = groundWorld({ solver });
    const ball = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
    let deepest = 0, fastest = 0;
    for (let step = 0; step < 300; step++) {
      world.step(1 / 60);
      deepest = Math.max(deepest, 0.25 - ball.position[1]);
      if (step >= 120) fastest = Math.max(fastest, Math.hypot(...ball.linearVelocity));
    }
    expect(deepest).toBeLessThan(0.005);
    expect(fastest).toBeLessThan(0.001);
    expect(ball.position[1]).toBeGreaterThan(0.245);
  });

  it('a box rests flat on its 4 corners and a capsule on its 2 ends, each carrying its weight', () => {
    const world = groundWorld();
    const box = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.25, 0.3] }] });
    const capsule = world.createBody({ position: [3, 0.5, 0], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], shapes: [{ type: 'capsule', radius: 0.2, halfHeight: 0.6 }] });
    for (let step = 0; step < 180; step++) world.step(1 / 60);
    expect(box.position[1]).toBeCloseTo(0.25, 2);
    expect(capsule.position[1]).toBeCloseTo(0.2, 2);
    expect(Math.hypot(...box.angularVelocity)).toBeLessThan(1e-3);
    expect(Math.hypot(...capsule.angularVelocity)).toBeLessThan(1e-3);
    const [boxContact] = world.contacts.filter((c) => c.bodyB === box);
    const [capsuleContact] = world.contacts.filter((c) => c.bodyB === capsule);
    expect(boxContact.count).toBe(4);
    expect(capsuleContact.count).toBe(2);
    // the normal force carries the weight, m g
    expect(Math.abs(boxContact.normalForce / (box.mass * 9.81) - 1)).toBeLessThan(1e-3);
    expect(Math.abs(capsuleContact.normalForce / (capsule.mass * 9.81) - 1)).toBeLessThan(1e-3);
  });
});

describe('bounce and friction', () => {
  it.each([0.5, 0.8])('a ball dropped from 1 m with restitution %s bounces to e² of the drop within 5 percent', (e) => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: e }] });
    const r = 0.1;
    const ball = world.createBody({ position: [0, 1 + r, 0], shapes: [{ type: 'sphere', radius: r, restitution: e }] });
    let bounced = false, peak = 0;
    for (let step = 0; step < 240; step++) {
      world.step(1 / 240);
      if (ball.linearVelocity[1] > 0) bounced = true;
      if (bounced) peak = Math.max(peak, ball.position[1] - r);
      if (bounced && ball.linearVelocity[1] < 0) break;
    }
    expect(bounced).toBe(true);
    expect(Math.abs(peak - e * e) / (e * e)).toBeLessThan(0.05);
  });

  it.each([
    [20, 0.5, 'stays'],
    [35, 0.5, 'slides'],
    [30, 0.2, 'slides'],
  ] as const)('a box on a %i° slope with μ = %s %s (a = g (sin θ − μ cos θ) within 2 percent)', (degrees, mu, _what) => {
    const theta = (degrees * Math.PI) / 180;
    const world = new World();
    // the slope goes down toward +x: its normal is (sin θ, cos θ, 0)
    const normal = [Math.sin(theta), Math.cos(theta), 0];
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal, offset: 0, friction: mu }] });
    const half = 0.25;
    const q = [0, 0, -Math.sin(theta / 2), Math.cos(theta / 2)]; // turned −θ about z: its bottom face on the slope
    const box = world.createBody({ position: normal.map((n) => n * half), orientation: q, shapes: [{ type: 'box', halfExtents: [half, half, half], friction: mu }] });
    const along = [Math.cos(theta), -Math.sin(theta), 0]; // down the slope
    const distance = () => box.position[0] * along[0] + box.position[1] * along[1];
    for (let step = 0; step < 30; step++) world.step(1 / 60); // settle onto the slope
    const d0 = distance(), v0 = box.linearVelocity[0] * along[0] + box.linearVelocity[1] * along[1];
    const t = 1;
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    const travelled = distance() - d0;
    const expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
    if (expected <= 0) {
      expect(Math.abs(travelled)).toBeLessThan(1e-3);
    } else {
      const a = (2 * (travelled - v0 * t)) / (t * t);
      expect(Math.abs(a - expected) / expected).toBeLessThan(0.02);
    }
  });
});

describe('fast bodies and filtering', () => {
  it('a sphere at 50 m/s does not pass through a 0.2 m wall at 60 Hz', () => {
    const world = new World({ gravity: [0, 0, 0] });
    world.createBody({ type: 'static', position: [5, 0, 0], shapes: [{ type: 'box', halfExtents: [0.1, 2, 2] }] });
    const ball = world.createBody({ position: [0, 0, 0], linearVelocity: [50, 0, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
    for (let step = 0; step < 60; step++) {
      world.step(1 / 60);
      expect(ball.position[0]).toBeLessThan(4.9 - 0.1 + 0.005);
    }
  });

  it('bodies joined by a joint do not collide; unjoined ones do', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ position: [0, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const b = world.createBody({ position: [0.8, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const c = world.createBody({ position: [5, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const d = world.createBody({ position: [5.8, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.4, 0, 0] });
    world.step(1 / 60);
    const pairs = world.contacts.map((contact) => [contact.bodyA, contact.bodyB]);
    expect(pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a))).toBe(false);
    expect(pairs.some(([x, y]) => (x === c && y === d) || (x === d && y === c))).toBe(true);
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    expect(d.position[0] - c.position[0]).toBeGreaterThan(0.99); // pushed apart
  });
});

describe('broadphase', () => {
  it('finds every touching pair that a brute-force search finds, among 300 random spheres', () => {
    const random = seededRandom(5);
    const world = new World({ gravity: [0, 0, 0] });
    const balls: Body[] = [];
    const radii: number[] = [];
    for (let i = 0; i < 300; i++) {
      const r = 0.1 + 0.4 * random();
      radii.push(r);
      balls.push(world.createBody({ position: [random() * 10, random() * 10, random() * 10], shapes: [{ type: 'sphere', radius: r }] }));
    }
    world.step(1e-6);
    const found = new Set(world.contacts.map((c) => `${Math.min(c.bodyA.id, c.bodyB.id)}-${Math.max(c.bodyA.id, c.bodyB.id)}`));
    let touching = 0;
    for (let i = 0; i < balls.length; i++) {
      for (let j = i + 1; j < balls.length; j++) {
        const p = balls[i].position, q = balls[j].position;
        if (Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) < radii[i] + radii[j]) {
          touching++;
          expect(found.has(`${Math.min(balls[i].id, balls[j].id)}-${Math.max(balls[i].id, balls[j].id)}`)).toBe(true);
        }
      }
    }
    expect(touching).toBeGreaterThan(30);
  });
});

describe('ragdolls land', () => {
  it('a ragdoll dropped on the ground settles within 3 s (every segment slower than 1 cm/s), above the ground', () => {
    const world = groundWorld();
    // lying on its back, 1 m above the ground (turned −90° about x: its head toward −z, face up), a little tilted
    const q = [-Math.sin(Math.PI / 4), 0.05, 0, Math.cos(Math.PI / 4)];
    const length = Math.hypot(...q);
    const ragdoll = createRagdoll(world, { position: [0, 1, 0], orientation: q.map((v) => v / length) });
    let stillSince = Infinity, lowest = Infinity;
    for (let step = 1; step <= 300; step++) {
      world.step(1 / 60);
      let fastest = 0;
      for (const body of ragdoll.bodyList) {
        fastest = Math.max(fastest, Math.hypot(...body.linearVelocity) + 0.25 * Math.hypot(...body.angularVelocity));
        lowest = Math.min(lowest, body.position[1]);
      }
      if (fastest >= 0.01) stillSince = Infinity;
      else if (stillSince === Infinity) stillSince = step / 60;
    }
    expect(stillSince).toBeLessThan(3);
    expect(lowest).toBeGreaterThan(0); // no segment's centre went below the ground
    expect(world.contacts.some((contact) => ragdoll.bodyList.includes(contact.bodyB))).toBe(true);
  });
});
