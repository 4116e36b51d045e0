// World2D's scene queries (lib/2d/collision/queries.ts): castRay, castRayAll, overlapShape, castShape,
// projectPoint and queryAABB against brute force over every shape of random scenes, their options as in
// 3D, and the same queries on a 3D planar twin (spheres for circles, boxes for boxes) giving the same hits.
import { describe, expect, it } from 'vitest';
import { World } from '../lib/index.js';
import { World2D, type Body2D } from '../lib/2d/index.js';
import { Shape2D } from '../lib/2d/geometry/shape.js';
import type { Shape2DOptions } from '../lib/2d/geometry/shape-options.js';
import { ShapePose2D } from '../lib/2d/collision/shape-pose.js';
import { ConvexProxy2D, DistanceResult2D, shapeDistance2D } from '../lib/2d/geometry/distance.js';
import { CastResult2D, shapeCast2D } from '../lib/2d/geometry/shape-cast.js';
import { RayCastOutput2D, rayCastShape2D } from '../lib/2d/geometry/ray-cast.js';
import { mulberry32 } from '../lib/math/random.js';
import { readDirection2D } from '../lib/2d/collision/queries.js';

type Next = () => number;

function randomShape(next: Next, kinds: readonly string[]): Shape2DOptions {
  const kind = kinds[Math.floor(next() * kinds.length)], size = 0.2 + 0.8 * next();
  switch (kind) {
    case 'circle': return { type: 'circle', radius: size };
    case 'capsule': return { type: 'capsule', radius: 0.3 * size, halfHeight: size };
    case 'box': return { type: 'box', halfExtents: [size, 0.3 + 0.7 * next()] };
    default: {
      const n = 3 + Math.floor(next() * 6), points: number[][] = [];
      for (let i = 0; i < n; i++) {
        const a = (2 * Math.PI * (i + 0.6 * next())) / n;
        points.push([size * Math.cos(a), size * Math.sin(a)]);
      }
      return { type: 'polygon', points };
    }
  }
}

/** A random scene: 30 bodies (static, kinematic, dynamic) of one random shape each in a 20 m square, a
 * static ground segment and a chain (a zigzag) below, every fifth shape a sensor, shapes of category 2 now
 * and then. */
function randomScene(seed: number) {
  const next = mulberry32(seed);
  const world = new World2D({ gravity: [0, 0] });
  const bodies: Body2D[] = [];
  for (let i = 0; i < 30; i++) {
    const shape = { ...randomShape(next, ['circle', 'capsule', 'box', 'polygon']), sensor: i % 5 === 4, category: i % 7 === 3 ? 2 : 1 };
    const type = i % 3 === 0 ? 'static' : i % 3 === 1 ? 'kinematic' : 'dynamic';
    bodies.push(world.createBody({ type, position: [20 * next() - 10, 20 * next() - 10], angle: 2 * Math.PI * next(), shapes: [shape] }));
  }
  bodies.push(world.createBody({ type: 'static', position: [0, -12], shapes: [{ type: 'segment', points: [[-12, 0], [12, 0.5]] }] }));
  const zigzag = Array.from({ length: 13 }, (_, i) => [-12 + 2 * i, i % 2 === 0 ? 0 : 0.7]);
  bodies.push(world.createBody({ type: 'static', position: [0, 12], angle: Math.PI, shapes: [{ type: 'chain', points: zigzag }] }));
  return { world, bodies, next };
}

/** Every piece (a shape, or one segment of a chain) of the world with its pose. */
function pieces(world: World2D) {
  const out: { body: Body2D; shape: Shape2D; child: number; pose: ShapePose2D }[] = [];
  for (const body of world.bodies) {
    for (const shape of body.shapes) {
      for (let child = 0; child < shape.childCount; child++) {
        out.push({ body, shape, child, pose: new ShapePose2D().setFrom(body.position, body.rotation, shape.position, shape.rotation) });
      }
    }
  }
  return out;
}

const ray = new RayCastOutput2D();

describe('World2D.castRay and castRayAll', () => {
  it('find the nearest hit of brute force over every shape: 1200 rays in 3 random scenes', () => {
    let hits = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const { world, next } = randomScene(seed);
      const all = pieces(world);
      for (let r = 0; r < 400; r++) {
        const o = new Float64Array([24 * next() - 12, 24 * next() - 12]), angle = 2 * Math.PI * next();
        const given = [Math.cos(angle), Math.sin(angle)], maxDistance = 30 * next();
        const d = readDirection2D('test', 'd', given, new Float64Array(2)); // (as the world reads it)
        // brute force: each shape's own ray cast, the sensors left out
        let best: { body: Body2D; shape: Shape2D; t: number } | null = null;
        const every = new Map<Shape2D, number>();
        for (const { body, shape, child, pose } of all) {
          if (shape.sensor) continue;
          if (!rayCastShape2D(shape.childGeometry(child), pose, o, d, maxDistance, ray)) continue;
          every.set(shape, Math.min(every.get(shape) ?? Infinity, ray.distance));
          if (best === null || ray.distance < best.t) best = { body, shape, t: ray.distance };
        }
        const hit = world.castRay(o, given, maxDistance);
        if (best === null) {
          expect(hit).toBeNull();
          continue;
        }
        hits++;
        expect(hit?.shape).toBe(best.shape);
        expect(hit?.body).toBe(best.body);
        expect(hit?.distance).toBe(best.t);
        expect(hit?.point[0]).toBeCloseTo(o[0] + best.t * d[0], 12);
        expect(Math.abs(Math.hypot(hit!.normal[0], hit!.normal[1]) - 1)).toBeLessThan(1e-12); // (a circle's (q + t d)/r, as 3D's sphere)
        // castRayAll: every shape hit, once, nearest first
        const list = world.castRayAll(o, given, maxDistance);
        expect(list.map((h) => h.shape)).toEqual([...every.keys()].sort((a, b) => (every.get(a)! - every.get(b)!)));
        expect(list.map((h) => h.distance)).toEqual([...every.values()].sort((a, b) => a - b));
      }
    }
    expect(hits).toBeGreaterThan(300);
  });

  it('stops at the surface: the hit point is on the shape (GJK distance 0) and the ray before it is clear of every shape', () => {
    const { world, next } = randomScene(9);
    const point = new ConvexProxy2D().set([0, 0], 1, 0), at = new ShapePose2D(), target = new ConvexProxy2D(), out = new DistanceResult2D();
    let checked = 0;
    for (let r = 0; r < 300; r++) {
      const o = [24 * next() - 12, 24 * next() - 12], angle = 2 * Math.PI * next(), d = [Math.cos(angle), Math.sin(angle)];
      const hit = world.castRay(o, d, 40);
      if (hit === null || hit.distance === 0) continue;
      checked++;
      const onHit = (x: number, y: number, shape: Shape2D, body: Body2D) => {
        at.c[0] = x; at.c[1] = y;
        let least = Infinity;
        for (let child = 0; child < shape.childCount; child++) {
          target.setGeometry(shape.childGeometry(child));
          least = Math.min(least, shapeDistance2D(target, new ShapePose2D().setFrom(body.position, body.rotation, shape.position, shape.rotation), point, at, out));
        }
        return least;
      };
      expect(onHit(hit.point[0], hit.point[1], hit.shape, hit.body)).toBeLessThan(1e-9);
      const back = hit.distance - 1e-6;
      for (const { body, shape } of pieces(world)) {
        if (shape.sensor || shape.type === 'chain') continue;
        expect(onHit(o[0] + back * d[0], o[1] + back * d[1], shape, body)).toBeGreaterThan(0);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('sees what the options let it: sensors with includeSensors, the filter, exclude and the predicate', () => {
    const world = new World2D({ gravity: [0, 0] });
    const a = world.createBody({ type: 'static', position: [2, 0], shapes: [{ type: 'circle', radius: 0.5, sensor: true }] });
    const b = world.createBody({ type: 'static', position: [4, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5], category: 2 }] });
    const c = world.createBody({ type: 'dynamic', position: [6, 0], shapes: [{ type: 'capsule', radius: 0.25, halfHeight: 0.5 }] });
    const cast = (options?: object) => world.castRay([0, 0], [1, 0], 100, options)?.body;
    expect(cast()).toBe(b);
    expect(cast({ includeSensors: true })).toBe(a);
    expect(cast({ filter: { mask: 1 } })).toBe(c);
    expect(cast({ exclude: b })).toBe(c);
    expect(cast({ exclude: [b, c] })).toBeUndefined();
    expect(cast({ predicate: (body: Body2D) => body !== b })).toBe(c);
    expect(world.castRay([0, 0], [1, 0], 3.4)).toBeNull();
    expect(world.castRay([0, 0], [1, 0], 3.5)?.distance).toBe(3.5);
    expect(world.castRayAll([0, 0], [1, 0], 100, { includeSensors: true }).map((h) => h.body)).toEqual([a, b, c]);
    // from inside a shape: a hit at 0
    expect(world.castRay([4, 0.2], [0, 1])?.distance).toBe(0);
    // the hits are at the analytic distances, normals outward
    const hit = world.castRay([6, 3], [0, -2]);
    expect(hit?.body).toBe(c);
    expect(hit?.distance).toBeCloseTo(3 - 0.75, 12);
    expect(hit?.normal[1]).toBeCloseTo(1, 12);
  });

  it('meets a chain from its right side only, as Box2D', () => {
    const world = new World2D();
    // a loop counter-clockwise: its outside is to the right of each segment
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'chain', points: [[-2, -2], [2, -2], [2, 2], [-2, 2]], loop: true }] });
    expect(world.castRay([0, 5], [0, -1])?.body).toBe(ground);
    expect(world.castRay([0, 5], [0, -1])?.distance).toBeCloseTo(3, 12);
    // from inside it sees nothing
    expect(world.castRay([0, 0], [0, -1])).toBeNull();
    expect(world.castRayAll([0, 5], [0, -1])).toHaveLength(1);
    // a swept shape too: from outside it lands on it, from inside it passes out through it
    const ball = { type: 'circle' as const, radius: 0.5 };
    expect(world.castShape(ball, [0, 5], 0, [0, -1], 10)?.distance).toBeCloseTo(2.5, 5);
    expect(world.castShape(ball, [0, 0], 0, [0, -1], 10)).toBeNull();
    // an overlap and a point see its segments from both sides
    expect(world.overlapShape(ball, [0, 1.7], 0)).toHaveLength(1);
    expect(world.projectPoint([0, 1.5])?.distance).toBeCloseTo(0.5, 12);
  });
});

describe('World2D.overlapShape and queryAABB', () => {
  it('overlapShape finds the shapes brute force finds within GJK distance 0: 600 queries in 3 random scenes', () => {
    const query = new ConvexProxy2D(), target = new ConvexProxy2D(), out = new DistanceResult2D();
    let found = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const { world, next } = randomScene(10 + seed);
      const all = pieces(world);
      for (let q = 0; q < 200; q++) {
        const options = randomShape(next, ['circle', 'capsule', 'box', 'polygon']);
        const position = [24 * next() - 12, 24 * next() - 12], angle = 2 * Math.PI * next();
        const got = world.overlapShape(options, position, angle);
        const pose = new ShapePose2D().setFrom(position, [Math.cos(angle), Math.sin(angle)], [0, 0], [1, 0]);
        // brute force: the shapes at distance 0 (sensors left out); near-touching ones are not asked about
        const expected: Shape2D[] = [], unsure = new Set<Shape2D>();
        query.setGeometry(builtGeometry(options));
        for (const { shape: s, child, pose: at } of all) {
          if (s.sensor) continue;
          target.setGeometry(s.childGeometry(child));
          const gap = shapeDistance2D(target, at, query, pose, out);
          if (gap === 0 && !expected.includes(s)) expected.push(s);
          else if (gap < 1e-6) unsure.add(s);
        }
        const sure = got.map((o) => o.shape).filter((s) => !unsure.has(s) || expected.includes(s));
        expect(sure).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(150);
  });

  it('queryAABB finds every shape whose bounds meet the box, in body and shape order', () => {
    const { world, next } = randomScene(5);
    const bounds = new Float64Array(4);
    for (let q = 0; q < 200; q++) {
      const x = 24 * next() - 12, y = 24 * next() - 12, w = 4 * next(), h = 4 * next();
      const got = world.queryAABB([x, y], [x + w, y + h]).map((o) => o.shape);
      const expected: Shape2D[] = [];
      for (const { shape, pose } of pieces(world)) {
        if (shape.sensor || expected.includes(shape)) continue;
        shape.computeBounds(pose, bounds);
        if (bounds[0] <= x + w && bounds[2] >= x && bounds[1] <= y + h && bounds[3] >= y) expected.push(shape);
      }
      expect(got).toEqual(expected);
    }
  });
});

/** The geometry a query shape's options make (a Shape2D built the way the world builds it). */
function builtGeometry(options: Shape2DOptions) {
  return new Shape2D('test', 'shape', options).childGeometry(0);
}

/** Whether p (world) is on the left of a chain segment (its back: a cast from there passes through it). */
function behind(shape: Shape2D, child: number, pose: ShapePose2D, p: readonly number[]): boolean {
  const g = shape.childGeometry(child);
  if (g.type !== 'chainSegment') return false;
  const a = [pose.c[0] + pose.R[0] * g.point1[0] - pose.R[1] * g.point1[1], pose.c[1] + pose.R[1] * g.point1[0] + pose.R[0] * g.point1[1]];
  const b = [pose.c[0] + pose.R[0] * g.point2[0] - pose.R[1] * g.point2[1], pose.c[1] + pose.R[1] * g.point2[0] + pose.R[0] * g.point2[1]];
  return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0;
}

describe('World2D.castShape', () => {
  it('finds the nearest of brute force (each shape swept alone): 600 casts in 3 random scenes', () => {
    const query = new ConvexProxy2D(), target = new ConvexProxy2D(), out = new CastResult2D();
    let hits = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const { world, next } = randomScene(20 + seed);
      const all = pieces(world);
      for (let q = 0; q < 200; q++) {
        const options = randomShape(next, ['circle', 'capsule', 'box', 'polygon']);
        const position = [24 * next() - 12, 24 * next() - 12], angle = 2 * Math.PI * next();
        const heading = 2 * Math.PI * next(), d = [Math.cos(heading), Math.sin(heading)], maxDistance = 15 * next();
        const pose = new ShapePose2D().setFrom(position, [Math.cos(angle), Math.sin(angle)], [0, 0], [1, 0]);
        query.setGeometry(builtGeometry(options));
        let best = Infinity, bestShape: Shape2D | null = null, startsIn = false;
        for (const { shape, child, pose: at } of all) {
          if (shape.sensor || behind(shape, child, at, position)) continue;
          target.setGeometry(shape.childGeometry(child));
          if (!shapeCast2D(target, at, query, pose, [d[0] * maxDistance, d[1] * maxDistance], out)) continue;
          if (out.fraction === 0) startsIn = true;
          if (out.fraction * maxDistance < best) {
            best = out.fraction * maxDistance;
            bestShape = shape;
          }
        }
        if (startsIn) continue; // (starting contacts: the next test)
        const hit = world.castShape(options, position, angle, d, maxDistance);
        if (bestShape === null) {
          expect(hit).toBeNull();
          continue;
        }
        hits++;
        expect(hit?.shape).toBe(bestShape);
        expect(hit?.distance).toBeCloseTo(best, 12);
        expect(hit!.normal[0] * d[0] + hit!.normal[1] * d[1]).toBeLessThan(0);
      }
    }
    expect(hits).toBeGreaterThan(100);
  });

  it('from a starting contact: a hit at 0 only pressing into it, unless stopAtPenetration or ignoreInitialOverlap', () => {
    const world = new World2D();
    const block = world.createBody({ type: 'static', position: [0, 1], shapes: [{ type: 'box', halfExtents: [1, 1] }] });
    const wall = world.createBody({ type: 'static', position: [4, 1], shapes: [{ type: 'box', halfExtents: [0.5, 1] }] });
    const ball = { type: 'circle' as const, radius: 0.25 };
    const resting = [0.3, 2.25];
    expect(world.castShape(ball, resting, 0, [0, 1], 5)).toBeNull();
    expect(world.castShape(ball, resting, 0, [0.6, 0.8], 5)).toBeNull();
    expect(world.castShape(ball, resting, 0, [1, 0], 0.5)).toBeNull(); // along the face (d·n = 0)
    const down = world.castShape(ball, resting, 0, [0, -1], 5);
    expect(down?.body).toBe(block);
    expect(down?.distance).toBe(0);
    expect(down?.normal[1]).toBeCloseTo(1, 6);
    // stopAtPenetration: every starting contact, whichever way it moves
    expect(world.castShape(ball, resting, 0, [0, 1], 5, { stopAtPenetration: true })?.body).toBe(block);
    expect(world.castShape(ball, resting, 0, [0, -1], 5, { ignoreInitialOverlap: true })).toBeNull();
    // leaving the block it starts against, on to the wall beyond
    const on = world.castShape(ball, [1.25, 1], 0, [1, 0], 10);
    expect(on?.body).toBe(wall);
    expect(on?.distance).toBeCloseTo(3.5 - 1.25 - 0.25, 5);
    expect(on?.normal[0]).toBeCloseTo(-1, 6);
    // a box sunk 0.1 m into the block: out freely, held at 0 pushing in, the normal the penetration axis
    const cube = { type: 'box' as const, halfExtents: [0.5, 0.5] };
    expect(world.castShape(cube, [0, 2.4], 0, [0, 1], 3)).toBeNull();
    const pushed = world.castShape(cube, [0, 2.4], 0, [0, -1], 3);
    expect(pushed?.distance).toBe(0);
    expect(pushed?.normal[1]).toBeCloseTo(1, 12);
    // into a reused hit
    const reused = { body: block, shape: block.shapes[0], distance: -1, point: new Float64Array(2), normal: new Float64Array(2) };
    expect(world.castShape(ball, [4, 5], 0, [0, -1], 10, undefined, reused)).toBe(reused);
    expect(reused.body).toBe(wall);
    expect(reused.distance).toBeCloseTo(5 - 2 - 0.25, 5);
  });
});

describe('World2D.projectPoint', () => {
  it('finds the nearest shape and surface point of brute force (GJK distance to each): 400 points', () => {
    const point = new ConvexProxy2D().set([0, 0], 1, 0), target = new ConvexProxy2D(), out = new DistanceResult2D();
    for (let seed = 1; seed <= 2; seed++) {
      const { world, next } = randomScene(30 + seed);
      const all = pieces(world);
      for (let q = 0; q < 200; q++) {
        const p = [30 * next() - 15, 30 * next() - 15];
        const at = new ShapePose2D().setFrom(p, [1, 0], [0, 0], [1, 0]);
        let best = Infinity;
        for (const { shape, child, pose } of all) {
          if (shape.sensor) continue;
          target.setGeometry(shape.childGeometry(child));
          best = Math.min(best, shapeDistance2D(target, pose, point, at, out));
        }
        const got = world.projectPoint(p);
        expect(got).not.toBeNull();
        expect(got!.distance).toBeCloseTo(best, 12);
        expect(Math.hypot(got!.point[0] - p[0], got!.point[1] - p[1])).toBeCloseTo(got!.distance, 9);
        expect(got!.inside).toBe(best === 0 && got!.inside);
      }
    }
  });

  it('inside: onto itself when solid, onto the nearest side otherwise; maxDistance', () => {
    const world = new World2D();
    const box = world.createBody({ type: 'static', position: [0, 0], shapes: [{ type: 'box', halfExtents: [2, 1] }] });
    const inside = world.projectPoint([0.5, 0.7]);
    expect(inside).toMatchObject({ body: box, distance: 0, inside: true });
    const surface = world.projectPoint([0.5, 0.7], { solid: false });
    expect(surface?.distance).toBeCloseTo(0.3, 12);
    expect([...surface!.point]).toEqual([0.5, 1]);
    expect(surface?.normal[1]).toBe(1);
    expect(world.projectPoint([0, 4], { maxDistance: 2.5 })).toBeNull();
    expect(world.projectPoint([0, 4])?.distance).toBeCloseTo(3, 12);
  });
});

describe('2D queries against the 3D planar twin', () => {
  it('castRay, overlapShape and castShape give the same hits in a 2D scene of circles and boxes and its 3D twin', () => {
    const next = mulberry32(77);
    const world2 = new World2D({ gravity: [0, 0] }), world3 = new World({ gravity: [0, 0, 0] });
    const twins = new Map<unknown, unknown>();
    for (let i = 0; i < 40; i++) {
      const x = 20 * next() - 10, y = 20 * next() - 10, angle = 2 * Math.PI * next(), size = 0.2 + 0.8 * next(), h = 0.2 + 0.8 * next();
      const circle = i % 2 === 0;
      const a = world2.createBody({ type: 'static', position: [x, y], angle, shapes: [circle ? { type: 'circle', radius: size } : { type: 'box', halfExtents: [size, h] }] });
      const b = world3.createBody({
        type: 'static', position: [x, y, 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)],
        shapes: [circle ? { type: 'sphere', radius: size } : { type: 'box', halfExtents: [size, h, 5] }],
      });
      twins.set(a, b);
    }
    let rays = 0, overlaps = 0, casts = 0, worstRay = 0, worstCast = 0;
    for (let q = 0; q < 400; q++) {
      const o = [24 * next() - 12, 24 * next() - 12], heading = 2 * Math.PI * next(), d = [Math.cos(heading), Math.sin(heading)];
      const hit2 = world2.castRay(o, d, 30), hit3 = world3.castRay([o[0], o[1], 0], [d[0], d[1], 0], 30);
      expect(hit3?.body).toBe(hit2 === null ? undefined : twins.get(hit2.body));
      if (hit2 !== null && hit3 !== null) {
        rays++;
        worstRay = Math.max(worstRay, Math.abs(hit2.distance - hit3.distance), Math.abs(hit2.normal[0] - hit3.normal[0]), Math.abs(hit2.normal[1] - hit3.normal[1]));
        expect(Math.abs(hit3.normal[2])).toBe(0);
      }
      const r = 0.2 + next();
      const over2 = world2.overlapShape({ type: 'circle', radius: r }, o, 0).map((h) => twins.get(h.body));
      const over3 = world3.overlapShape({ type: 'sphere', radius: r }, [o[0], o[1], 0], [0, 0, 0, 1]).map((h) => h.body);
      expect(new Set(over2)).toEqual(new Set(over3));
      overlaps += over2.length;
      if (over2.length > 0) continue;
      const cast2 = world2.castShape({ type: 'circle', radius: r }, o, 0, d, 30);
      const cast3 = world3.castShape({ type: 'sphere', radius: r }, [o[0], o[1], 0], [0, 0, 0, 1], [d[0], d[1], 0], 30);
      expect(cast3?.body).toBe(cast2 === null ? undefined : twins.get(cast2.body));
      if (cast2 !== null && cast3 !== null) {
        casts++;
        worstCast = Math.max(worstCast, Math.abs(cast2.distance - cast3.distance));
      }
    }
    expect(rays).toBeGreaterThan(100);
    expect(overlaps).toBeGreaterThan(50);
    expect(casts).toBeGreaterThan(50);
    // rays: round-off; casts: both stop within 1e-6 of the larger shape's size short of touching
    expect(worstRay).toBeLessThan(1e-12);
    expect(worstCast).toBeLessThan(1e-4);
  });
});

describe('World2D queries between steps', () => {
  /** A pile of circles and boxes falling onto a static box (the ground). */
  function pile() {
    const world = new World2D();
    world.createBody({ type: 'static', position: [0, -1], shapes: [{ type: 'box', halfExtents: [10, 1] }] });
    const next = mulberry32(5);
    const bodies: Body2D[] = [];
    for (let i = 0; i < 24; i++) {
      const shape: Shape2DOptions = i % 2 === 0 ? { type: 'circle', radius: 0.3 } : { type: 'box', halfExtents: [0.3, 0.2] };
      bodies.push(world.createBody({ position: [4 * next() - 2, 1 + 0.8 * i], angle: next(), shapes: [shape] }));
    }
    return { world, bodies };
  }

  it('see the bodies where the last step and the setters left them', () => {
    const { world, bodies } = pile();
    for (let step = 0; step < 60; step++) {
      world.step(1 / 60);
      // a ray down through each circle's centre meets it (or one above it) at its top, never misses it
      for (const body of bodies.filter((_, i) => i % 2 === 0)) {
        const hits = world.castRayAll([body.position[0], 40], [0, -1], 80);
        const own = hits.find((h) => h.body === body);
        expect(own?.distance).toBeCloseTo(40 - body.position[1] - 0.3, 9);
      }
    }
    const moved = bodies[0];
    moved.setPosition([30, 30]);
    expect(world.castRay([30, 40], [0, -1])?.body).toBe(moved);
    expect(world.overlapShape({ type: 'circle', radius: 0.1 }, [30, 30], 0).map((o) => o.body)).toEqual([moved]);
    expect(world.projectPoint([30, 31])?.body).toBe(moved);
  });

  it('leave the run as it would be without them: the same hash after 2 s with queries after every step', () => {
    const quiet = pile(), asked = pile();
    for (let step = 0; step < 120; step++) {
      quiet.world.step(1 / 60);
      asked.world.step(1 / 60);
      asked.world.castRay([-5, 2], [1, 0]);
      asked.world.castShape({ type: 'box', halfExtents: [0.5, 0.5] }, [0, 30], 0, [0, -1], 40);
      asked.world.overlapShape({ type: 'circle', radius: 1 }, [0, 1], 0);
      asked.world.projectPoint([0, 3]);
    }
    expect(asked.world.hash()).toBe(quiet.world.hash());
  });
});

describe('World2D queries: bad input', () => {
  it('names the bad value and changes nothing', () => {
    const world = new World2D();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [1, 1] }] });
    expect(() => world.castRay([0, Number.NaN], [1, 0])).toThrow(/castRay: origin/);
    expect(() => world.castRay([0, 0], [0, 0])).toThrow(/castRay: direction must be a nonzero direction/);
    expect(() => world.castRay([0, 0], [1, 0], -1)).toThrow(/castRay: maxDistance must be ≥ 0, got -1/);
    expect(() => world.castRay([0, 0], [1, 0], 1, { filter: { mask: 1.5 } })).toThrow(/castRay: filter.mask/);
    expect(() => world.castRay([0, 0], [1, 0], 1, { exclude: [3 as never] })).toThrow(/castRay: exclude\[0\] must be a Body2D, got 3/);
    expect(() => world.castRay([0, 0], [1, 0], 1, { colour: 1 } as never)).toThrow(/colour/);
    expect(() => world.overlapShape({ type: 'circle', radius: -1 }, [0, 0], 0)).toThrow(/overlapShape: shape.radius/);
    expect(() => world.overlapShape({ type: 'circle', radius: 1 }, [0, 0], Number.NaN)).toThrow(/overlapShape: angle/);
    expect(() => world.overlapShape({ type: 'chain', points: [[0, 0], [1, 0]] }, [0, 0], 0)).toThrow(/overlapShape: shape must be one convex piece/);
    expect(() => world.castShape({ type: 'circle', radius: 1 }, [0, 0], 0, [1, 0], Infinity)).toThrow(/castShape: maxDistance must be a finite number/);
    expect(() => world.castShape({ type: 'circle', radius: 1 }, [0, 0], 0, [1, 0], 1, { stopAtPenetration: true, ignoreInitialOverlap: true })).toThrow(/contradicts/);
    expect(() => world.projectPoint([0, 0], { maxDistance: -1 })).toThrow(/projectPoint: maxDistance/);
    expect(() => world.queryAABB([1, 0], [0, 1])).toThrow(/queryAABB: min must not exceed max/);
    // a predicate may read the world and query it, not change it
    const changing = () => world.castRay([0, 5], [0, -1], 10, { predicate: () => (world.step(1 / 60), true) });
    expect(changing).toThrow(/step: called from inside a query's predicate/);
    expect(world.stepCount).toBe(0);
    expect(world.castRay([0, 5], [0, -1], 10, { predicate: () => world.castRay([0, 5], [0, -1]) !== null })?.distance).toBe(4);
  });

  it('a predicate may run other queries, and the query it serves goes on as without them', () => {
    const world = new World2D();
    const boxes = [2, 4, 6, 8].map((x) => world.createBody({ type: 'static', position: [x, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5] }] }));
    let inner = 0;
    const ask = (body: Body2D) => {
      inner += world.castRayAll([0, 0], [1, 0]).length + world.overlapShape({ type: 'circle', radius: 9 }, [0, 0], 0).length;
      inner += world.castShape({ type: 'circle', radius: 0.1 }, [0, 0], 0, [1, 0], 20) === null ? 0 : 1;
      return body !== boxes[0];
    };
    expect(world.castRayAll([0, 0], [1, 0], 20, { predicate: ask }).map((h) => h.body)).toEqual(boxes.slice(1));
    expect(world.castRay([0, 0], [1, 0], 20, { predicate: ask })?.body).toBe(boxes[1]);
    expect(world.castShape({ type: 'circle', radius: 0.2 }, [0, 0], 0, [1, 0], 20, { predicate: ask })?.body).toBe(boxes[1]);
    expect(world.overlapShape({ type: 'box', halfExtents: [9, 1] }, [5, 0], 0, { predicate: ask }).map((o) => o.body)).toEqual(boxes.slice(1));
    expect(world.projectPoint([0, 0], { predicate: ask })?.body).toBe(boxes[1]);
    expect(inner).toBeGreaterThan(0);
  });
});
