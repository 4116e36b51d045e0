// Code the world calls back (event callbacks, query predicates) cannot leave it half changed: a query's
// predicate may read and query but not change the world, and an event names live objects or is not
// delivered.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';

const DT = 1 / 60;

function boxesOnGround(count: number): { world: World; boxes: Body[] } {
  const world = new World();
  world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [20, 0.5, 20] }] });
  const boxes: Body[] = [];
  for (let i = 0; i < count; i++) boxes.push(world.createBody({ position: [i * 1.5 - count * 0.75, 0.49, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] }));
  return { world, boxes };
}

describe('a query predicate may read the world, not change it', () => {
  const queries: [string, (world: World, predicate: (body: Body) => boolean) => unknown][] = [
    ['castRay', (w, predicate) => w.castRay([0, 5, 0], [0, -1, 0], Infinity, { predicate })],
    ['castRayAll', (w, predicate) => w.castRayAll([-10, 0.5, 0], [1, 0, 0], Infinity, { predicate })],
    ['overlapShape', (w, predicate) => w.overlapShape({ type: 'box', halfExtents: [10, 1, 1] }, [0, 0.5, 0], [0, 0, 0, 1], { predicate })],
    ['castShape', (w, predicate) => w.castShape({ type: 'sphere', radius: 0.2 }, [0, 5, 0], [0, 0, 0, 1], [0, -1, 0], 10, { predicate })],
    ['queryAABB', (w, predicate) => w.queryAABB([-10, -1, -1], [10, 1, 1], { predicate })],
  ];
  const changes: [string, (world: World, boxes: Body[]) => void][] = [
    ['step', (w) => w.step(DT)],
    ['advance', (w) => w.advance(DT)],
    ['removeBody', (w, boxes) => w.removeBody(boxes[0])],
    ['createBody', (w) => w.createBody({ position: [0, 9, 0] })],
    ['setPosition', (_w, boxes) => boxes[1].setPosition([0, 9, 0])],
    ['setGravity', (w) => w.setGravity([0, 0, 0])],
  ];
  for (const [query, run] of queries) {
    it(`${query}: step, removeBody, createBody and setters from the predicate throw a named error and change nothing`, () => {
      for (const [name, change] of changes) {
        const { world, boxes } = boxesOnGround(4);
        const before = world.hash();
        let caught: unknown = null;
        run(world, () => {
          try { change(world, boxes); } catch (error) { caught ??= error; }
          return true;
        });
        expect(caught, `${query} / ${name}`).toBeInstanceOf(Error);
        expect((caught as Error).message, `${query} / ${name}`).toMatch(new RegExp(`^${name}: called from inside a query's predicate`));
        expect(world.hash(), `${query} / ${name}`).toBe(before);
        // the world goes on: the next query and step work
        expect(() => run(world, () => true)).not.toThrow();
        expect(() => world.step(DT)).not.toThrow();
      }
    });
  }

  it('castRayAll never returns a hit on a removed body (the predicate cannot remove one)', () => {
    const { world, boxes } = boxesOnGround(4);
    const hits = world.castRayAll([-10, 0.5, 0], [1, 0, 0], Infinity, {
      predicate: (body) => {
        try { world.removeBody(body); } catch { /* refused */ }
        return true;
      },
    });
    expect(hits.length).toBeGreaterThanOrEqual(4);
    for (const hit of hits) expect(world.bodies).toContain(hit.body);
    expect(world.bodies.length).toBe(boxes.length + 1);
  });

  it('a predicate may run another query', () => {
    const { world } = boxesOnGround(3);
    let inner = 0;
    const hit = world.castRay([0, 5, 0], [0, -1, 0], Infinity, {
      predicate: () => { inner += world.queryAABB([-10, -1, -1], [10, 1, 1]).length; return true; },
    });
    expect(hit).not.toBeNull();
    expect(inner).toBeGreaterThan(0);
  });

  it('a query run from a predicate leaves the outer query its own results', () => {
    const { world } = boxesOnGround(3);
    const alone = world.castRayAll([-10, 0.5, 0], [1, 0, 0]).length;
    expect(alone).toBeGreaterThanOrEqual(3);
    let inner = 0;
    const nested = world.castRayAll([-10, 0.5, 0], [1, 0, 0], Infinity, {
      predicate: () => { if (world.castRay([0, 5, 0], [0, -1, 0]) !== null) inner++; return true; },
    });
    expect(inner).toBeGreaterThan(0);
    expect(nested.length).toBe(alone);
  });
});

describe('events name live objects', () => {
  it('a begin event whose body an earlier callback removed is not delivered; the others are, with their bodies', () => {
    const world = new World();
    world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [20, 0.5, 20] }] });
    const balls: Body[] = [];
    for (let i = 0; i < 6; i++) balls.push(world.createBody({ position: [i * 2, 0.45, 0], shapes: [{ type: 'sphere', radius: 0.5 }] }));
    // the first two balls touch, and each touches the ground: several begins in one step
    balls[1].setPosition([0.95, 0.45, 0]);
    const seen: [Body | null, Body | null][] = [];
    let removed: Body | null = null;
    world.onContactBegin = ({ bodyA, bodyB }) => {
      seen.push([bodyA, bodyB]);
      if (removed === null) {
        removed = bodyA === world.bodies[0] ? bodyB : bodyA;
        world.removeBody(removed);
      }
    };
    world.step(DT);
    expect(seen.length).toBeGreaterThan(1);
    for (const [a, b] of seen) {
      expect(a).not.toBeNull();
      expect(b).not.toBeNull();
    }
    // after the first, none names the removed body
    for (const [a, b] of seen.slice(1)) {
      expect(a).not.toBe(removed);
      expect(b).not.toBe(removed);
    }
  });

  it('a sensor begin whose visitor an earlier callback removed is not delivered', () => {
    const world = new World({ gravity: [0, 0, 0] });
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [2, 2, 2], sensor: true }] });
    const a = world.createBody({ position: [0.5, 0, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const b = world.createBody({ position: [-0.5, 0, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const visitors: Body[] = [];
    world.onSensorBegin = ({ visitorBody }) => {
      visitors.push(visitorBody);
      world.removeBody(visitorBody === a ? b : a);
    };
    world.step(DT);
    expect(visitors.length).toBe(1);
  });
});
