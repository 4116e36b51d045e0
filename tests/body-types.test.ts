// Body types switched at runtime (Body.setType): shapes, joints and contacts stay consistent, what the
// body touches wakes, and a body made dynamic weighs its shapes again.

import { describe, expect, it } from 'vitest';
import { World, boxInertia } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

const DT = 1 / 60;
const DENSITY = 1000; // kg/m³, a shape's default

describe('setType', () => {
  it('a static box made dynamic falls freely with the mass and inertia of its shape', () => {
    const world = new World();
    const box = world.createBody({ type: 'static', position: [0, 5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.25, 0.1] }] });
    expect(box.mass).toBe(Infinity);
    box.setType('dynamic');
    expect(box.type).toBe('dynamic');
    const mass = DENSITY * 1 * 0.5 * 0.2;
    expect(box.mass).toBeCloseTo(mass, 9);
    const I = boxInertia(mass, [0.5, 0.25, 0.1]);
    expect(box.inertiaLocal[0]).toBeCloseTo(I[0], 9);
    expect(box.inertiaLocal[4]).toBeCloseTo(I[1], 9);
    expect(box.inertiaLocal[8]).toBeCloseTo(I[2], 9);
    for (let i = 0; i < 30; i++) world.step(DT);
    // free fall for 0.5 s, the substeps' symplectic Euler: y = y₀ − g t² / 2 − g t h / 2 with h = dt / 4
    const t = 0.5, h = DT / 4;
    expect(box.position[1]).toBeCloseTo(5 - (9.81 * t * t) / 2 - (9.81 * t * h) / 2, 9);
  });

  it('a body made dynamic moves to its shapes’ centre of mass, and every shape stays where it was in the world', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const c = Math.cos(0.3), s = Math.sin(0.3);
    const body = world.createBody({
      type: 'kinematic', position: [1, 2, 3], orientation: [0, s, 0, c],
      shapes: [{ type: 'sphere', radius: 0.5, position: [2, 0, 0] }, { type: 'box', halfExtents: [0.5, 0.5, 0.5], position: [0, 1, 0] }],
    });
    const worldPoints = () => body.shapes.map((shape) => Array.from(body.getWorldPoint([0, 0, 0], shape.position)));
    const before = worldPoints();
    body.setType('dynamic');
    const after = worldPoints();
    for (let i = 0; i < 2; i++) for (let k = 0; k < 3; k++) expect(after[i][k]).toBeCloseTo(before[i][k], 12);
    // the centre of mass: the sphere (523.6 kg at x = 2) and the box (1000 kg at y = 1), in body axes
    const ms = DENSITY * (4 / 3) * Math.PI * 0.125, mb = DENSITY;
    const centre = body.getLocalPoint([0, 0, 0], body.position);
    expect(centre[0]).toBeCloseTo(0, 12);
    expect(body.mass).toBeCloseTo(ms + mb, 9);
    const local = [(ms * 2) / (ms + mb), mb / (ms + mb), 0];
    // the shapes now sit about it: sphere at (2, 0, 0) − local
    expect(body.shapes[0].position[0]).toBeCloseTo(2 - local[0], 12);
    expect(body.shapes[1].position[1]).toBeCloseTo(1 - local[1], 12);
  });

  it('a resting box made static stops for good, and what lands on it rests on it', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.1, 5] }] });
    const box = world.createBody({ position: [0, 0.35, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    for (let i = 0; i < 30; i++) world.step(DT);
    box.setType('static');
    const where = Array.from(box.position);
    expect(Array.from(box.linearVelocity)).toEqual([0, 0, 0]);
    const ball = world.createBody({ position: [0, 1.5, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(Array.from(box.position)).toEqual(where);
    expect(ball.position[1]).toBeCloseTo(where[1] + 0.25 + 0.2, 2);
  });

  it('a body made kinematic keeps its velocity, ignores gravity and pushes what it meets', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [20, 0.1, 5] }] });
    const pusher = world.createBody({ position: [-3, 0.6, 0], linearVelocity: [2, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const crate = world.createBody({ position: [0, 0.35, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    pusher.setType('kinematic');
    expect(pusher.mass).toBe(Infinity);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(pusher.linearVelocity[0]).toBe(2);
    expect(pusher.position[1]).toBe(0.6);
    expect(pusher.position[0]).toBeCloseTo(1, 9);
    // the crate is pushed ahead of it, at its speed
    expect(crate.position[0]).toBeGreaterThan(pusher.position[0] + 0.5 + 0.25 - 0.01);
    expect(crate.linearVelocity[0]).toBeCloseTo(2, 1);
  });

  it('wakes what it touches: a sleeping stack on a box made kinematic wakes', () => {
    const world = new World();
    const base = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [1, 0.1, 1] }] });
    const boxes = [0, 1, 2].map((i) => world.createBody({ position: [0, 0.35 + 0.5 * i, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] }));
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(boxes.every((b) => !b.isAwake)).toBe(true);
    base.setType('kinematic');
    expect(boxes[0].isAwake).toBe(true);
    // moved up, it lifts them
    for (let i = 1; i <= 30; i++) {
      base.moveKinematic([0, 0.01 * i, 0]);
      world.step(DT);
    }
    expect(boxes[2].position[1]).toBeCloseTo(0.35 + 1 + 0.3, 2);
  });

  it('refuses, changing nothing, a type its shapes or joints do not allow', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
    const a = world.createBody({ position: [0, 2, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const b = world.createBody({ position: [1, 2, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const joint = world.createBallJoint({ bodyA: a, anchor: [0, 3, 0] });
    world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.5, 2, 0] });
    for (let i = 0; i < 10; i++) world.step(DT);
    const hash = world.hash();
    expect(() => ground.setType('dynamic')).toThrow(/setType: shapes\[0\] of body \d+ is a plane, which only a static body may have/);
    expect(() => a.setType('static')).toThrow(new RegExp(`setType: body ${a.id} is joined to static body 0 by joint ${joint.id}; a joint needs a dynamic body`));
    expect(() => a.setType('bouncy' as never)).toThrow(/setType: type must be 'dynamic', 'static' or 'kinematic', got "bouncy"/);
    expect(world.hash()).toBe(hash);
    // b is joined only to a (dynamic): it may be made kinematic (stopped here), and a then hangs from both
    b.setType('kinematic');
    b.setLinearVelocity([0, 0, 0]);
    b.setAngularVelocity([0, 0, 0]);
    const held = Array.from(b.position);
    expect(() => a.setType('kinematic')).toThrow(/setType: body \d+ is joined to (static|kinematic) body/);
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(world.getMaxLinearError()).toBeLessThan(1e-3);
    expect(Array.from(b.position)).toEqual(held);
  });

  it('a snapshot taken after a type change restores and steps bit for bit the same', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.1, 5] }] });
    const box = world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25], position: [0.1, 0, 0] }] });
    box.setType('dynamic');
    for (let i = 0; i < 10; i++) world.step(DT);
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      copy.step(DT);
    }
    expect(copy.hash()).toBe(world.hash());
    expect(copy.bodies[1].type).toBe('dynamic');
  });
});

describe('setType in 2D', () => {
  it('a body made static stops, made dynamic again it falls with createBody’s default mass, and joints are checked', () => {
    const world = new World2D();
    const body = world.createBody({ position: [0, 5], mass: 3 });
    const other = world.createBody({ type: 'static', position: [2, 5] });
    for (let i = 0; i < 10; i++) world.step(DT);
    body.setType('static');
    expect(body.linearVelocity[1]).toBe(0);
    const y = body.position[1];
    world.step(DT);
    expect(body.position[1]).toBe(y);
    body.setType('dynamic');
    expect(body.mass).toBe(1);
    world.step(DT);
    expect(body.position[1]).toBeLessThan(y);
    world.createRevoluteJoint({ bodyA: body, bodyB: other, anchor: [1, 5] });
    expect(() => body.setType('kinematic')).toThrow(/setType: body \d+ is joined to static body/);
    expect(body.type).toBe('dynamic');
  });
});
