// The collision world: the broadphase's trees find every pair the brute force finds, and every scene
// query (castRay, castRayAll, queryAABB, overlapShape) answers what testing every shape answers, on
// random worlds, after steps, teleports, removals and sleep; options filter as documented.

import { RAY_CASTS } from '../lib/collision/queries.js';
import { validateTree } from '../lib/geometry/tree-validation.js';
import type { DynamicTree } from '../lib/geometry/dynamic-tree.js';
import { describe, expect, it } from 'vitest';
import { World, type Body, type ContactConstraint, type Shape, type ShapeOptions } from '../lib/index.js';
import { mulberry32 } from '../lib/math/random.js';
import { definitionOf } from '../lib/geometry/shape.js';
import { collide, SHAPE_RANK } from '../lib/collision/narrowphase.js';
import { Manifold } from '../lib/collision/manifold.js';
import { ShapePose } from '../lib/collision/shape-pose.js';
import { CastResult, ConvexProxy, shapeCast } from '../lib/geometry/gjk.js';
import type { ConvexHull } from '../lib/geometry/hull.js';

function randomShape(random: () => number): ShapeOptions {
  const kind = Math.floor(random() * 4);
  if (kind === 0) return { type: 'sphere', radius: 0.2 + 0.4 * random() };
  if (kind === 1) return { type: 'capsule', radius: 0.15 + 0.2 * random(), halfHeight: 0.1 + 0.4 * random() };
  if (kind === 2) return { type: 'box', halfExtents: [0.2 + 0.4 * random(), 0.2 + 0.4 * random(), 0.2 + 0.4 * random()] };
  const points: number[][] = [];
  for (let i = 0; i < 8; i++) points.push([random() - 0.5, random() - 0.5, random() - 0.5]);
  return { type: 'hull', points };
}

function randomQuaternion(random: () => number): number[] {
  const q = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
  const n = Math.hypot(...q);
  return q.map((x) => x / n);
}

/** Static and dynamic bodies scattered in a 20 m cube, some with two shapes, and a ground plane. */
function randomWorld(seed: number, count = 120): World {
  const random = mulberry32(seed);
  const world = new World({ gravity: [0, -9.81, 0] });
  world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: -10 }] });
  for (let i = 0; i < count; i++) {
    const type = random() < 0.3 ? 'static' : random() < 0.1 ? 'kinematic' : 'dynamic';
    const shapes: ShapeOptions[] = [randomShape(random)];
    if (random() < 0.25) shapes.push({ ...randomShape(random), position: [0.6, 0, 0] } as ShapeOptions);
    if (random() < 0.1) shapes[0] = { ...shapes[0], sensor: true } as ShapeOptions;
    world.createBody({
      type,
      position: [20 * random() - 10, 20 * random() - 10, 20 * random() - 10],
      orientation: randomQuaternion(random),
      ...(type === 'kinematic' ? { linearVelocity: [random() - 0.5, 0, 0] } : {}),
      shapes,
    });
  }
  return world;
}

/** The world pose of a body's shape, now. */
function poseOf(body: Body, shape: Shape): ShapePose {
  return new ShapePose().set(body, shape);
}

interface Ray { origin: number[]; direction: number[] }

/** The ray against every shape of every body: the hits as "bodyId:shapeIndex@distance". */
function bruteRay(world: World, { origin, direction }: Ray, maxDistance: number, includeSensors = false): { key: string; distance: number }[] {
  const n = Math.hypot(...direction);
  const d = direction.map((x) => x / n);
  const hits: { key: string; distance: number }[] = [];
  for (const body of world.bodies) {
    body.shapes.forEach((shape, index) => {
      if (shape.sensor && !includeSensors) return;
      const { c, W } = poseOf(body, shape);
      const p = [origin[0] - c[0], origin[1] - c[1], origin[2] - c[2]];
      const lo = [0, 1, 2].map((k) => W[3 * k] * p[0] + W[3 * k + 1] * p[1] + W[3 * k + 2] * p[2]);
      const ld = [0, 1, 2].map((k) => W[3 * k] * d[0] + W[3 * k + 1] * d[1] + W[3 * k + 2] * d[2]);
      const ray = new Float64Array([maxDistance, 0]);
      if (RAY_CASTS[shape.typeIndex](shape, lo, ld, ray, new Float64Array(3))) hits.push({ key: `${body.id}:${index}`, distance: ray[1] });
    });
  }
  return hits.sort((x, y) => x.distance - y.distance);
}

function keyOf(body: Body, shape: Shape): string {
  return `${body.id}:${body.shapes.indexOf(shape)}`;
}

function randomRay(random: () => number): Ray {
  return {
    origin: [24 * random() - 12, 24 * random() - 12, 24 * random() - 12],
    direction: [random() - 0.5, random() - 0.5, random() - 0.5],
  };
}

/** The farthest point of a shape from its body's centre of mass, worked out here from its geometry. */
function extentOf(shape: Shape): number {
  const centre = Math.hypot(...shape.position);
  switch (shape.type) {
    case 'sphere': return centre + shape.radius;
    case 'capsule': return centre + shape.halfHeight + shape.radius;
    case 'box': return centre + Math.hypot(...shape.halfExtents);
    case 'hull': return centre + Math.max(...(shape.hull as ConvexHull).points().map((p) => Math.hypot(...p)));
    default: return Infinity;
  }
}

/** How fast a point of a body's shapes can move, as the contact search bounds it: |v| + |ω| · (the
 * farthest point of its shapes from its centre of mass). */
function reach(body: Body): number {
  const spin = Math.hypot(...body.angularVelocity);
  return Math.hypot(...body.linearVelocity) + (spin > 0 ? spin * Math.max(0, ...body.shapes.map(extentOf)) : 0);
}

/**
 * Every shape pair the contact search must collide in a step of dt, brute force over all pairs at the
 * bodies' poses now: filters applied as the contacts do, and their boxes (the bounds grown by half the
 * speculative distance and the distance the body can cover in the step) overlapping.
 */
function brutePairs(world: World, dt: number): Set<string> {
  const out = new Set<string>();
  const jointed = new Set(world.joints.filter((j) => !j.collideConnected && !j.broken).map((j) => `${Math.min(j.bodyA.id, j.bodyB.id)}-${Math.max(j.bodyA.id, j.bodyB.id)}`));
  const items: { body: Body; shape: Shape; box: Float64Array; key: string }[] = [];
  for (const body of world.bodies) {
    body.shapes.forEach((shape) => {
      const pose = poseOf(body, shape), box = new Float64Array(6);
      definitionOf(shape.type).bounds(shape, pose.c, pose.W, box);
      const grow = 0.01 + dt * reach(body);
      for (let k = 0; k < 3; k++) {
        box[k] -= grow;
        box[3 + k] += grow;
      }
      items.push({ body, shape, box, key: keyOf(body, shape) });
    });
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], b = items[j];
      if (a.body === b.body || (!a.body.isDynamic && !b.body.isDynamic)) continue;
      if (jointed.has(`${Math.min(a.body.id, b.body.id)}-${Math.max(a.body.id, b.body.id)}`)) continue;
      if (a.shape.sensor && b.shape.sensor) continue;
      const p = a.box, q = b.box;
      if (p[0] <= q[3] && q[0] <= p[3] && p[1] <= q[4] && q[1] <= p[4] && p[2] <= q[5] && q[2] <= p[5]) out.add([a.key, b.key].sort().join('|'));
    }
  }
  return out;
}

describe('broadphase', () => {
  it('the trees find exactly the pairs whose boxes overlap that testing every pair finds, step after step', () => {
    for (const seed of [1, 2, 3]) {
      const world = randomWorld(seed, 150);
      let compared = 0;
      for (let step = 0; step < 150; step++) {
        // a step's search runs at its start: the brute force looks at that state
        const expected = step % 10 === 9 ? brutePairs(world, 1 / 60) : null;
        world.step(1 / 60);
        if (expected === null) continue;
        // the contacts the search holds (internal lists: awake and set aside) whose boxes overlapped
        const set = (world as unknown as { contactSet: { list: ContactConstraint[]; asleep: ContactConstraint[] } }).contactSet;
        const held = [...set.list, ...set.asleep];
        const collided = new Set(held.filter((c) => {
          const p = c.proxyA!.box, q = c.proxyB!.box;
          return p[0] <= q[3] && q[0] <= p[3] && p[1] <= q[4] && q[1] <= p[4] && p[2] <= q[5] && q[2] <= p[5];
        }).map((c) => [keyOf(c.bodyA, c.shapeA), keyOf(c.bodyB, c.shapeB)].sort().join('|')));
        expect(collided, `seed ${seed} step ${step}`).toEqual(expected);
        // and every contact with points is among them
        for (const c of world.contacts) expect(expected.has([keyOf(c.bodyA, c.shapeA), keyOf(c.bodyB, c.shapeB)].sort().join('|'))).toBe(true);
        compared += expected.size;
      }
      expect(compared).toBeGreaterThan(50); // the worlds do collide
    }
  });

  it('the trees stay valid, one proxy per shape, through bodies made, removed, moved and stepped at random', () => {
    const world = randomWorld(61, 60);
    const random = mulberry32(62);
    const broadphase = () => (world as unknown as { contactSet: { broadphase: { trees: { proxyCount: number }[]; unbounded: unknown[] } } }).contactSet.broadphase;
    for (let round = 0; round < 30; round++) {
      const action = random();
      const bodies = world.bodies;
      if (action < 0.3) {
        world.createBody({ type: random() < 0.3 ? 'static' : 'dynamic', position: [20 * random() - 10, 20 * random() - 10, 20 * random() - 10], shapes: [randomShape(random), randomShape(random)] });
      } else if (action < 0.5 && bodies.length > 1) {
        world.removeBody(bodies[1 + Math.floor(random() * (bodies.length - 1))]);
      } else if (action < 0.7) {
        bodies[Math.floor(random() * bodies.length)].setPosition([20 * random() - 10, 20 * random() - 10, 20 * random() - 10]);
      }
      for (let i = 0; i < 3; i++) world.step(1 / 60);
      world.castRay([0, 20, 0], [0, -1, 0]); // a query between steps brings the trees up to date too
      const bp = broadphase();
      let proxies = bp.unbounded.length;
      for (const tree of bp.trees) {
        validateTree(tree as unknown as DynamicTree);
        proxies += tree.proxyCount;
      }
      expect(proxies).toBe(world.bodies.reduce((sum, body) => sum + body.shapes.length, 0));
    }
  });

  it('a pile of 200 falling bodies settles the same way whatever order its bodies were made in (contacts solved in key order)', () => {
    // same bodies, made in two orders with the same ids: the trees differ, the solve must not
    const build = (reverse: boolean): World => {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
      const random = mulberry32(7);
      const specs = Array.from({ length: 200 }, () => ({ shape: randomShape(random), position: [4 * random() - 2, 1 + 20 * random(), 4 * random() - 2] }));
      const bodies: (Body | null)[] = specs.map(() => null);
      // bodies made in order; shapes' tree insertion order differs through a dummy body made first in one world
      if (reverse) world.removeBody(world.createBody({ shapes: [{ type: 'sphere', radius: 1 }] }));
      specs.forEach((spec, i) => (bodies[i] = world.createBody({ position: spec.position, shapes: [spec.shape] })));
      return world;
    };
    const a = build(false), b = build(true);
    for (let i = 0; i < 300; i++) {
      a.step(1 / 60);
      b.step(1 / 60);
    }
    const positions = (w: World) => w.bodies.filter((x) => x.isDynamic).map((x) => Array.from(x.position));
    expect(positions(b)).toEqual(positions(a));
  });

  it('a joint that breaks lets its two bodies collide at once, though their boxes already overlapped', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const b = world.createBody({ position: [0, 0.9, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const joint = world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0, 0.5, 0] });
    world.step(1 / 60);
    expect(world.contacts.length).toBe(0);
    world.removeJoint(joint);
    world.step(1 / 60);
    expect(world.contacts.length).toBe(1); // the 0.1 m overlap is now a contact pushing them apart
  });

  it('a shape whose filter changes collides (or stops) at the next step', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }] });
    const ball = world.createBody({ position: [0, 0.99, 0], shapes: [{ type: 'sphere', radius: 0.5, mask: 0 }] });
    world.step(1 / 60);
    expect(world.contacts.length).toBe(0);
    ball.shapes[0].mask = 0xffffffff;
    world.step(1 / 60);
    expect(world.contacts.length).toBe(1);
    ball.shapes[0].mask = 0;
    world.step(1 / 60);
    expect(world.contacts.length).toBe(0);
    expect(() => (ball.shapes[0].mask = 2 ** 32)).toThrow(/mask must be an integer of 32 bits.*got 4294967296/);
    expect(ball.shapes[0].mask).toBe(0);
  });

  it('a box asleep against a still kinematic paddle wakes when the paddle starts to move, and is pushed', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const paddle = world.createBody({ type: 'kinematic', position: [-0.351, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.1, 0.5, 0.5] }] });
    const box = world.createBody({ position: [0, 0.25, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    expect(box.isAwake).toBe(false);
    paddle.setLinearVelocity([1, 0, 0]);
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(box.isAwake).toBe(true);
    expect(box.position[0]).toBeGreaterThan(0.3); // pushed along, not passed through
    expect(box.position[0] - paddle.position[0]).toBeGreaterThan(0.34);
  });

  it('a static body moved with setPosition is found where it went', () => {
    const world = new World();
    const wall = world.createBody({ type: 'static', position: [50, 0, 0], shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    world.createBody({ position: [0, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    world.step(1 / 60);
    expect(world.castRay([-5, 0, 0], [1, 0, 0])?.body).not.toBe(wall);
    wall.setPosition([0, -1.4, 0]);
    expect(world.castRay([0, -5, 0], [0, 1, 0])?.body).toBe(wall); // between steps, at once
    world.step(1 / 60);
    expect(world.contacts.length).toBe(1);
  });

  it('a static body of 10 000 boxes (a tiled floor) holds a ball rolling across it', () => {
    const world = new World();
    const tiles: ShapeOptions[] = [];
    for (let i = 0; i < 100; i++) for (let j = 0; j < 100; j++) tiles.push({ type: 'box', halfExtents: [0.5, 0.5, 0.5], position: [i - 50, -0.5, j - 50] });
    const floor = world.createBody({ type: 'static', shapes: tiles });
    expect(floor.shapes.length).toBe(10000);
    const ball = world.createBody({ position: [-10, 0.5, 0.3], linearVelocity: [3, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(ball.position[1]).toBeGreaterThan(0.49);
    expect(ball.position[0]).toBeGreaterThan(-6);
    expect(world.castRay([0.25, 5, 0.25], [0, -1, 0])?.shape).toBe(floor.shapes[50 * 100 + 50]);
  });
});

describe('scene queries', () => {
  it('castRay and castRayAll answer what testing every shape answers (random worlds, before and after steps)', () => {
    for (const seed of [11, 12]) {
      const world = randomWorld(seed);
      const random = mulberry32(seed + 100);
      for (let round = 0; round < 3; round++) {
        for (let r = 0; r < 200; r++) {
          const ray = randomRay(random);
          const max = random() < 0.3 ? 5 + 10 * random() : Infinity;
          const brute = bruteRay(world, ray, max);
          const hit = world.castRay(ray.origin, ray.direction, max);
          if (brute.length === 0) {
            expect(hit).toBeNull();
          } else {
            expect(hit).not.toBeNull();
            expect(hit?.distance).toBeCloseTo(brute[0].distance, 12);
          }
          const all = world.castRayAll(ray.origin, ray.direction, max);
          expect(all.map((h) => h.distance)).toEqual(brute.map((h) => h.distance));
          expect(new Set(all.map((h) => keyOf(h.body, h.shape)))).toEqual(new Set(brute.map((h) => h.key)));
        }
        for (let i = 0; i < 30; i++) world.step(1 / 60);
      }
    }
  });

  it('queryAABB returns exactly the shapes whose bounds overlap the box, in body and shape order', () => {
    const world = randomWorld(21);
    const random = mulberry32(5);
    for (let round = 0; round < 2; round++) {
      for (let q = 0; q < 100; q++) {
        const centre = [24 * random() - 12, 24 * random() - 12, 24 * random() - 12];
        const half = [3 * random(), 3 * random(), 3 * random()];
        const min = centre.map((x, k) => x - half[k]), max = centre.map((x, k) => x + half[k]);
        const expected: string[] = [];
        for (const body of world.bodies) {
          body.shapes.forEach((shape, index) => {
            if (shape.sensor) return;
            const pose = poseOf(body, shape);
            if (shape.type === 'plane') {
              if (min[1] <= -10 + pose.c[1]) expected.push(`${body.id}:${index}`);
              return;
            }
            const b = new Float64Array(6);
            definitionOf(shape.type).bounds(shape, pose.c, pose.W, b);
            if (b[0] <= max[0] && min[0] <= b[3] && b[1] <= max[1] && min[1] <= b[4] && b[2] <= max[2] && min[2] <= b[5]) expected.push(`${body.id}:${index}`);
          });
        }
        expect(world.queryAABB(min, max).map((o) => keyOf(o.body, o.shape))).toEqual(expected);
      }
      for (let i = 0; i < 40; i++) world.step(1 / 60);
    }
  });

  it('overlapShape returns exactly the shapes the narrowphase finds overlapping the query shape', () => {
    const world = randomWorld(31);
    const random = mulberry32(9);
    const manifold = new Manifold();
    for (let q = 0; q < 150; q++) {
      const options = randomShape(random);
      const position = [24 * random() - 12, 24 * random() - 12, 24 * random() - 12];
      const orientation = randomQuaternion(random);
      // the query shape as a body's would be, through a scratch world
      const probe = new World().createBody({ position, orientation, shapes: [options] });
      const qShape = probe.shapes[0], qPose = poseOf(probe, qShape);
      const expected: string[] = [];
      for (const body of world.bodies) {
        body.shapes.forEach((shape, index) => {
          if (shape.sensor) return;
          const pose = poseOf(body, shape);
          if (SHAPE_RANK[shape.type] <= SHAPE_RANK[qShape.type]) collide(shape, pose, qShape, qPose, 0, manifold);
          else collide(qShape, qPose, shape, pose, 0, manifold);
          let overlaps = false;
          for (let i = 0; i < manifold.count; i++) if (manifold.separations[i] <= 0) overlaps = true;
          if (overlaps) expected.push(`${body.id}:${index}`);
        });
      }
      // the probe body's shape is placed about its centre of mass: query with the same shape and pose
      const got = world.overlapShape(qShape, probe.position, probe.orientation).map((o) => keyOf(o.body, o.shape));
      expect(got).toEqual(expected);
    }
  });

  it('castShape finds the first shape that sweeping every shape one by one finds (random worlds)', () => {
    const world = randomWorld(51);
    const random = mulberry32(13);
    const proxyA = new ConvexProxy(), proxyB = new ConvexProxy(), result = new CastResult();
    let hits = 0;
    for (let q = 0; q < 150; q++) {
      const options = randomShape(random);
      const position = [24 * random() - 12, 24 * random() - 12, 24 * random() - 12];
      const orientation = randomQuaternion(random);
      const direction = [random() - 0.5, random() - 0.5, random() - 0.5];
      const n = Math.hypot(...direction), d = direction.map((x) => x / n);
      const max = 2 + 10 * random();
      const probe = new World().createBody({ position, orientation, shapes: [options] });
      const qShape = probe.shapes[0], qPose = poseOf(probe, qShape);
      definitionOf(qShape.type).convex(qShape, proxyB);
      let best = Infinity;
      for (const body of world.bodies) {
        for (const shape of body.shapes) {
          if (shape.sensor) continue;
          const pose = poseOf(body, shape);
          if (shape.type === 'plane') {
            // the plane y = −10: the lowest point of the swept shape, by brute force over its points
            let lowest = Infinity;
            for (let i = 0; i < proxyB.count; i++) {
              const p = [0, 1, 2].map((k) => qPose.c[k] + qPose.W[k] * proxyB.points[3 * i] + qPose.W[3 + k] * proxyB.points[3 * i + 1] + qPose.W[6 + k] * proxyB.points[3 * i + 2]);
              lowest = Math.min(lowest, p[1] - proxyB.radius);
            }
            const t = lowest <= -10 ? 0 : d[1] < 0 ? (lowest + 10) / -d[1] : Infinity;
            if (t <= max) best = Math.min(best, t);
            continue;
          }
          definitionOf(shape.type).convex(shape, proxyA);
          if (shapeCast(proxyA, pose, proxyB, qPose, d.map((x) => x * max), result)) best = Math.min(best, result.fraction * max);
        }
      }
      // (every starting contact a hit, as the brute force counts them)
      const hit = world.castShape(qShape, probe.position, probe.orientation, direction, max, { stopAtPenetration: true });
      if (best === Infinity) {
        expect(hit).toBeNull();
      } else {
        hits++;
        expect(hit).not.toBeNull();
        expect(hit!.distance).toBeCloseTo(best, 5);
        expect(Math.hypot(...hit!.normal)).toBeCloseTo(1, 9);
      }
    }
    expect(hits).toBeGreaterThan(20);
  });

  it('castShape: a ball dropped on a box lands on its face, a box slid along the ground hits the wall face-on, from inside it is 0', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const block = world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    let hit = world.castShape({ type: 'sphere', radius: 0.25 }, [0.3, 5, 0.2], [0, 0, 0, 1], [0, -1, 0], 10);
    expect(hit?.body).toBe(block);
    expect(hit?.distance).toBeCloseTo(5 - 2 - 0.25, 5);
    expect(hit?.normal[1]).toBeCloseTo(1, 6);
    expect(hit?.point[1]).toBeCloseTo(2, 5);
    hit = world.castShape({ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, [-5, 0.5 + 1e-3, 0], [0, 0, 0, 1], [1, 0, 0], 10);
    expect(hit?.body).toBe(block);
    expect(hit?.distance).toBeCloseTo(5 - 1 - 0.5, 5);
    expect(hit?.normal[0]).toBeCloseTo(-1, 6);
    hit = world.castShape({ type: 'capsule', radius: 0.2, halfHeight: 0.5 }, [5, 3, 0], [0, 0, 0, 1], [0, -1, 0], 10);
    expect(hit?.body).toBe(ground);
    expect(hit?.distance).toBeCloseTo(3 - 0.7, 9);
    expect(world.castShape({ type: 'sphere', radius: 0.1 }, [0, 1, 0], [0, 0, 0, 1], [1, 0, 0], 1, { stopAtPenetration: true })?.distance).toBe(0);
    expect(world.castShape({ type: 'sphere', radius: 0.1 }, [5, 3, 0], [0, 0, 0, 1], [0, 1, 0], 100)).toBeNull();
    expect(() => world.castShape({ type: 'sphere', radius: 0.1 }, [5, 3, 0], [0, 0, 0, 1], [0, 1, 0], Infinity)).toThrow(/castShape: maxDistance must be a finite number ≥ 0, got Infinity/);
  });

  it('filter, exclude, predicate and includeSensors choose the shapes seen', () => {
    const world = new World();
    const a = world.createBody({ type: 'static', position: [0, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], category: 2 }] });
    const b = world.createBody({ type: 'static', position: [3, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], group: -4 }] });
    const s = world.createBody({ type: 'static', position: [6, 0, 0], shapes: [{ type: 'sphere', radius: 0.5, sensor: true }] });
    const c = world.createBody({ type: 'static', position: [9, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const along = (options?: object) => world.castRayAll([-5, 0, 0], [1, 0, 0], Infinity, options).map((h) => h.body);
    expect(along()).toEqual([a, b, c]);
    expect(along({ includeSensors: true })).toEqual([a, b, s, c]);
    expect(along({ filter: { mask: ~2 >>> 0 } })).toEqual([b, c]);
    expect(along({ filter: { group: -4 } })).toEqual([a, c]);
    expect(along({ exclude: a })).toEqual([b, c]);
    expect(along({ exclude: [a, c] })).toEqual([b]);
    expect(along({ predicate: (body: Body) => body !== b })).toEqual([a, c]);
    expect(world.castRay([-5, 0, 0], [1, 0, 0], Infinity, { exclude: a })?.body).toBe(b);
    expect(world.queryAABB([-1, -1, -1], [10, 1, 1], { includeSensors: true }).map((o) => o.body)).toEqual([a, b, s, c]);
    expect(world.overlapShape({ type: 'sphere', radius: 2 }, [1.5, 0, 0], [0, 0, 0, 1]).map((o) => o.body)).toEqual([a, b]);
  });

  it('bad queries are refused naming the value, and change nothing', () => {
    const world = randomWorld(41, 20);
    const before = world.hash();
    expect(() => world.castRay([0, 0, 0], [0, 0, 0])).toThrow(/castRay: direction must be a nonzero direction/);
    expect(() => world.castRay([0, NaN, 0], [0, 1, 0])).toThrow(/castRay: origin/);
    expect(() => world.castRayAll([0, 0, 0], [0, 1, 0], -1)).toThrow(/castRayAll: maxDistance must be ≥ 0, got -1/);
    // an options object where the distance goes is shown as the object it is, not "[object Object]"; a body as its class
    expect(() => world.castRay([0, 0, 0], [0, 1, 0], { maxDistance: 5 } as never)).toThrow(/castRay: maxDistance must be ≥ 0, got \{ maxDistance: 5 \}/);
    expect(() => world.castRay([0, 0, 0], [0, 1, 0], world.bodies[0] as never)).toThrow(/castRay: maxDistance must be ≥ 0, got a Body$/);
    expect(() => world.castRay([0, 0, 0], [0, 1, 0], 1, { filter: { mask: 1.5 } })).toThrow(/filter.mask must be an integer/);
    expect(() => world.castRay([0, 0, 0], [0, 1, 0], 1, { exclude: [5] } as never)).toThrow(/exclude\[0\] must be a Body, got 5/);
    expect(() => world.castRay([0, 0, 0], [0, 1, 0], 1, { predicate: 3 } as never)).toThrow(/predicate must be a function, got 3/);
    expect(() => world.castRay([0, 0, 0], [0, 1, 0], 1, { exlude: [] } as never)).toThrow(/unknown option 'exlude'/);
    expect(() => world.queryAABB([1, 0, 0], [0, 1, 1])).toThrow(/queryAABB: min must not exceed max, got min\[0\] = 1 > max\[0\] = 0/);
    expect(() => world.overlapShape({ type: 'sphere', radius: -1 }, [0, 0, 0], [0, 0, 0, 1])).toThrow(/overlapShape: shape: sphere radius must be a finite number > 0, got -1/);
    expect(() => world.overlapShape({ type: 'plane' }, [0, 0, 0], [0, 0, 0, 1])).toThrow(/must be bounded/);
    expect(() => world.overlapShape({ type: 'sphere', radius: 1 }, [0, 0, 0], [0, 0, 0, 2])).toThrow(/overlapShape: orientation/);
    expect(world.hash()).toBe(before);
  });

  it('sleeping bodies are still seen by queries, where they sleep', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const box = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    for (let i = 0; i < 300; i++) world.step(1 / 60);
    expect(box.isAwake).toBe(false);
    const hit = world.castRay([0, 5, 0], [0, -1, 0]);
    expect(hit?.body).toBe(box);
    expect(hit?.distance).toBeCloseTo(5 - box.position[1] - 0.5, 9);
  });
});
