// Collision shapes (lib/collision): mass properties from shapes against the solids' closed forms and
// the parallel-axis theorem, ray casts against closed forms and against marching along the ray, shapes
// kept by snapshots, and bad shapes named in errors.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, capsuleInertia, sphereInertia, type Body } from '../lib/index.js';
import { rotateSymmetric } from '../lib/math/mat3.js';
import { rotationMatrix } from '../lib/math/quat.js';
import { randomQuaternion, randomVector, seededRandom } from './helpers.js';

const diagonal = (d: number[]) => [d[0], 0, 0, 0, d[1], 0, 0, 0, d[2]];

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(Math.abs(actual[i] - expected[i])).toBeLessThanOrEqual(tolerance);
}

describe('mass properties from shapes', () => {
  it('a sphere, a capsule and a box get m = ρV and their solid inertia', () => {
    const world = new World();
    const sphere = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5 }] });
    const m = 1000 * (4 / 3) * Math.PI * 0.125;
    expect(sphere.mass).toBeCloseTo(m, 9);
    expectClose(sphere.inertiaLocal, diagonal(sphereInertia(m, 0.5)), 1e-9);
    const capsule = world.createBody({ shapes: [{ type: 'capsule', radius: 0.2, halfHeight: 0.5, density: 500 }] });
    const mc = 500 * Math.PI * 0.04 * (1 + (4 / 3) * 0.2);
    expect(capsule.mass).toBeCloseTo(mc, 9);
    expectClose(capsule.inertiaLocal, diagonal(capsuleInertia(mc, 0.2, 0.5)), 1e-9);
    const box = world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 0.5, 0.25], density: 2 }] });
    expect(box.mass).toBeCloseTo(2, 12);
    expectClose(box.inertiaLocal, diagonal(boxInertia(2, [1, 0.5, 0.25])), 1e-12);
  });

  it('two cubes side by side have the mass properties of the box they make (parallel-axis theorem)', () => {
    const world = new World();
    const pair = world.createBody({
      position: [3, 0, 0],
      shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], position: [-0.5, 0, 0] }, { type: 'box', halfExtents: [0.5, 0.5, 0.5], position: [0.5, 0, 0] }],
    });
    expect(pair.mass).toBeCloseTo(2000, 9);
    expectClose(pair.inertiaLocal, diagonal(boxInertia(2000, [1, 0.5, 0.5])), 1e-9);
    expectClose(pair.position, [3, 0, 0], 1e-15); // the centre of mass was already at the origin
  });

  it('a rotated shape contributes R D Rᵀ; off-centre shapes move the centre of mass, and the body sits there', () => {
    const random = seededRandom(7);
    const q = randomQuaternion(random);
    const world = new World();
    const rotated = world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 0.2, 0.1], orientation: q, density: 3 }] });
    const expected = rotateSymmetric(new Float64Array(9), rotationMatrix(new Float64Array(9), q), diagonal(boxInertia(rotated.mass, [1, 0.2, 0.1])));
    expectClose(rotated.inertiaLocal, expected, 1e-12);

    // a 1 kg and a 3 kg sphere 4 m apart: the centre of mass is 1 m from the heavy one
    const bodyOrientation = [0, 0, Math.SQRT1_2, Math.SQRT1_2]; // 90° about z: body x is world y
    const r = Math.cbrt(3 / (4 * Math.PI)); // 1 kg at ρ = 1
    const dumbbell = world.createBody({
      position: [10, 0, 0], orientation: bodyOrientation,
      shapes: [{ type: 'sphere', radius: r, density: 1, position: [0, 0, 0] }, { type: 'sphere', radius: r, density: 3, position: [4, 0, 0] }],
    });
    expect(dumbbell.mass).toBeCloseTo(4, 12);
    expectClose(dumbbell.position, [10, 3, 0], 1e-12); // body x = 3 → world y = 3
    expectClose(dumbbell.shapes[0].position, [-3, 0, 0], 1e-12);
    expectClose(dumbbell.shapes[1].position, [1, 0, 0], 1e-12);
    // about the centre of mass: 2r²/5 per sphere plus m d² across the bar
    const own = 0.4 * r * r;
    const across = own * 4 + 1 * 9 + 3 * 1;
    expectClose(dumbbell.inertiaLocal, diagonal([own * 4, across, across]), 1e-12);
    // the shapes are still where they were put: a ray down the world y axis at x = 10 meets the light
    // sphere first, at y = r (it was at body x = 0)
    const hit = world.castRay([10, -5, 0], [0, 1, 0]);
    expect(hit?.body).toBe(dumbbell);
    expect(hit?.shape).toBe(dumbbell.shapes[0]);
    expect(hit?.distance).toBeCloseTo(5 - r, 12);
  });

  it('a given mass scales the shapes’ inertia; a given inertia leaves the shapes about position', () => {
    const world = new World();
    const scaled = world.createBody({ mass: 2, shapes: [{ type: 'sphere', radius: 0.5, position: [1, 0, 0] }] });
    expect(scaled.mass).toBe(2);
    expectClose(scaled.inertiaLocal, diagonal(sphereInertia(2, 0.5)), 1e-12);
    expectClose(scaled.position, [1, 0, 0], 1e-15);
    const given = world.createBody({ mass: 2, inertia: [1, 1, 1], shapes: [{ type: 'sphere', radius: 0.5, position: [1, 0, 0] }] });
    expectClose(given.position, [0, 0, 0], 0);
    expectClose(given.shapes[0].position, [1, 0, 0], 0);
  });
});

/** A world point or direction in a body's shape's frame (the body's frame for a plane). */
function toShape(body: Body, shapeIndex: number, p: ArrayLike<number>, isDirection: boolean): number[] {
  const shape = body.shapes[shapeIndex], R = body.rotation, x = body.position;
  const d = isDirection ? [p[0], p[1], p[2]] : [p[0] - x[0], p[1] - x[1], p[2] - x[2]];
  const b = [0, 1, 2].map((k) => R[3 * k] * d[0] + R[3 * k + 1] * d[1] + R[3 * k + 2] * d[2]);
  if (shape.type === 'plane') return b;
  const S = rotationMatrix(new Float64Array(9), shape.orientation);
  const e = isDirection ? b : [b[0] - shape.position[0], b[1] - shape.position[1], b[2] - shape.position[2]];
  return [0, 1, 2].map((k) => S[3 * k] * e[0] + S[3 * k + 1] * e[1] + S[3 * k + 2] * e[2]);
}

/** Whether a point of the shape's frame is inside it (the test the ray casts are checked against). */
function containsLocal(body: Body, shapeIndex: number, x: number, y: number, z: number): boolean {
  const shape = body.shapes[shapeIndex];
  if (shape.type === 'plane') return shape.normal[0] * x + shape.normal[1] * y + shape.normal[2] * z <= shape.offset;
  if (shape.type === 'sphere') return x * x + y * y + z * z <= shape.radius * shape.radius;
  const h = shape.halfExtents;
  if (shape.type === 'box') return Math.abs(x) <= h[0] && Math.abs(y) <= h[1] && Math.abs(z) <= h[2];
  const c = Math.max(-shape.halfHeight, Math.min(shape.halfHeight, y));
  return x * x + (y - c) * (y - c) + z * z <= shape.radius * shape.radius;
}

function contains(body: Body, shapeIndex: number, p: ArrayLike<number>): boolean {
  const [x, y, z] = toShape(body, shapeIndex, p, false);
  return containsLocal(body, shapeIndex, x, y, z);
}

describe('ray casts', () => {
  it('hit spheres, boxes, capsules and planes where the closed forms say, with the outward normal', () => {
    const world = new World();
    const sphere = world.createBody({ position: [0, 0, 0], shapes: [{ type: 'sphere', radius: 1 }] });
    let hit = world.castRay([-5, 0.6, 0], [1, 0, 0]);
    expect(hit?.body).toBe(sphere);
    expect(hit?.distance).toBeCloseTo(5 - 0.8, 12);
    expectClose(hit?.normal ?? [], [-0.8, 0.6, 0], 1e-12);
    expect(world.castRay([-5, 1.01, 0], [1, 0, 0])).toBeNull(); // passes above
    expect(world.castRay([-5, 0, 0], [1, 0, 0], 3.9)).toBeNull(); // too short
    expect(world.castRay([5, 0, 0], [1, 0, 0])).toBeNull(); // heading away
    expect(world.castRay([0.2, 0, 0], [1, 0, 0])?.distance).toBe(0); // from inside

    const box = world.createBody({ position: [0, 10, 0], orientation: [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)], shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    hit = world.castRay([-5, 10, 0], [1, 0, 0]); // turned 45°: the ray meets an edge-on corner at x = −√2
    expect(hit?.body).toBe(box);
    expect(hit?.distance).toBeCloseTo(5 - Math.SQRT2, 12);

    const capsule = world.createBody({ position: [0, 20, 0], shapes: [{ type: 'capsule', radius: 0.5, halfHeight: 1 }] });
    hit = world.castRay([-5, 20.5, 0], [1, 0, 0]); // the side
    expect(hit?.body).toBe(capsule);
    expect(hit?.distance).toBeCloseTo(4.5, 12);
    expectClose(hit?.normal ?? [], [-1, 0, 0], 1e-12);
    hit = world.castRay([0, 30, 0], [0, -1, 0]); // the top cap, at y = 20 + 1 + 0.5
    expect(hit?.distance).toBeCloseTo(30 - 21.5, 12);
    expectClose(hit?.normal ?? [], [0, 1, 0], 1e-12);

    const ground = world.createBody({ type: 'static', position: [0, -50, 0], shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
    hit = world.castRay([100, -40, 0], [0, -1, 0]);
    expect(hit?.body).toBe(ground);
    expect(hit?.distance).toBeCloseTo(10, 12);
    expect(world.castRay([100, -40, 0], [0, 1, 0])).toBeNull();
  });

  it('random rays against random shapes agree with marching along the ray (to the 1 mm step)', () => {
    const random = seededRandom(11);
    let hits = 0;
    const world = new World();
    for (let trial = 0; trial < 300; trial++) {
      for (const old of [...world.bodies]) world.removeBody(old);
      const kind = (['sphere', 'box', 'capsule'] as const)[trial % 3];
      const size = () => 0.2 + random();
      const shape =
        kind === 'sphere' ? { type: kind, radius: size() }
          : kind === 'box' ? { type: kind, halfExtents: [size(), size(), size()] }
            : { type: kind, radius: size() * 0.5, halfHeight: size() };
      const body = world.createBody({
        position: randomVector(random, 1), orientation: randomQuaternion(random), mass: 1, inertia: [1, 1, 1],
        shapes: [{ ...shape, position: randomVector(random, 0.5), orientation: randomQuaternion(random) }],
      });
      const origin = randomVector(random, 4);
      if (contains(body, 0, origin)) continue;
      // aim near the body so about half the rays hit
      const target = randomVector(random, 1.5).map((v, k) => v + body.position[k]);
      const d = target.map((v, k) => v - origin[k]);
      const length = Math.hypot(d[0], d[1], d[2]);
      const direction = d.map((v) => v / length);
      const hit = world.castRay(origin, direction, 10);
      // march in the shape's frame, 1 mm at a time
      const o = toShape(body, 0, origin, false), u = toShape(body, 0, direction, true);
      let marched = -1;
      for (let step = 0; step <= 10_000; step++) {
        const t = step * 0.001;
        if (containsLocal(body, 0, o[0] + t * u[0], o[1] + t * u[1], o[2] + t * u[2])) {
          marched = t;
          break;
        }
      }
      if (marched < 0) {
        // a miss, or a graze thinner than a step
        if (hit !== null) expect(hit.distance).toBeGreaterThan(0);
        continue;
      }
      hits++;
      expect(hit).not.toBeNull();
      expect(Math.abs((hit?.distance ?? -1) - marched)).toBeLessThan(0.0011);
      // the hit point is on the surface: just outside before it, inside after
      const point = Array.from(hit?.point ?? []);
      const before = point.map((v, k) => v - 1e-6 * direction[k]);
      const after = point.map((v, k) => v + 1e-6 * direction[k]);
      expect(contains(body, 0, before)).toBe(false);
      expect(contains(body, 0, after)).toBe(true);
      // and the normal points against the ray
      const n = hit?.normal ?? [0, 0, 0];
      expect(n[0] * direction[0] + n[1] * direction[1] + n[2] * direction[2]).toBeLessThan(0);
      expect(Math.hypot(n[0], n[1], n[2])).toBeCloseTo(1, 12);
    }
    expect(hits).toBeGreaterThan(80);
  });

  it('reports the nearest of several shapes and bodies', () => {
    const world = new World();
    world.createBody({ position: [5, 0, 0], shapes: [{ type: 'sphere', radius: 1 }] });
    const near = world.createBody({ position: [2, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, { type: 'sphere', radius: 0.2, position: [-1, 0, 0] }] });
    const hit = world.castRay([0, 0, 0], [1, 0, 0]);
    expect(hit?.body).toBe(near);
    expect(hit?.shape).toBe(near.shapes[1]); // the small sphere at x = 1 reaches back to 0.8
    expect(hit?.distance).toBeCloseTo(0.8, 12);
  });
});

describe('shapes in snapshots and errors', () => {
  it('a snapshot keeps the shapes (geometry, friction, restitution) and continues bit for bit', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: -2 }] });
    const body = world.createBody({
      position: [0, 1, 0], angularVelocity: [0, 1, 2],
      shapes: [{ type: 'box', halfExtents: [0.5, 0.2, 0.3], position: [0.3, 0, 0], restitution: 0.5 }, { type: 'capsule', radius: 0.1, halfHeight: 0.4 }],
    });
    world.createBallJoint({ bodyA: body, anchor: [0, 2, 0] });
    body.shapes[1].friction = 0.25;
    for (let i = 0; i < 100; i++) world.step(1 / 60);
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.bodies[1].shapes.map((s) => s.describe())).toEqual(body.shapes.map((s) => s.describe()));
    expect(copy.bodies[0].shapes[0].describe()).toEqual(world.bodies[0].shapes[0].describe());
    for (let i = 0; i < 100; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(world.hash());
  });

  it('bad shapes are named: index, field and value', () => {
    const world = new World();
    expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: -1 }] })).toThrow(/createBody: shapes\[0\]: sphere radius must be .*got -1/);
    expect(() => world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 0, 1] }] })).toThrow(/shapes\[0\]: box halfExtents\[1\] must be .*got 0/);
    expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: 1 }, { type: 'capsule', radius: 1, halfHeight: NaN }] })).toThrow(/shapes\[1\]: capsule halfHeight .*NaN/);
    expect(() => world.createBody({ shapes: [{ type: 'plane' }] })).toThrow(/shapes\[0\] is a plane, which only a static body may have .* on dynamic body \d+/);
    expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: 1, restitution: 2 }] })).toThrow(/restitution must be in \[0, 1\], got 2/);
    expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: 1, rollingResistance: -0.1 }] })).toThrow(/rollingResistance must be .*got -0.1/);
    expect(() => world.createBody({ shapes: [{ type: 'torus' } as never] })).toThrow(
      /shape type must be 'sphere', 'capsule', 'box', 'hull', 'plane', 'trimesh', 'heightfield', 'cylinder' or 'cone', got "torus"/,
    );
    expect(() => world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 0, 0] }] })).toThrow(/plane normal must not be zero/);
    expect(() => world.castRay([0, 0, 0], [0, 0, 0])).toThrow(/castRay: direction must be a nonzero direction/);
    expect(world.bodies).toHaveLength(0);
  });
});

describe('collision filter bits', () => {
  /** How many contacts a ball with `ball` filter options makes, resting 1 cm into a floor of `floor`'s. */
  function contactsBetween(floor: { category?: number; mask?: number }, ball: { category?: number; mask?: number }): number {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.5, 5], ...floor }] });
    world.createBody({ position: [0, 0.99, 0], shapes: [{ type: 'sphere', radius: 0.5, ...ball }] });
    world.step(1 / 60);
    return world.contacts.length;
  }

  it('a mask written as ~bits is the unsigned 32-bit pattern, and filters as that pattern', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5, mask: ~0b100, category: ~0 }] });
    expect(body.shapes[0].mask).toBe(0xfffffffb);
    expect(body.shapes[0].category).toBe(0xffffffff);
    expect(body.shapes[0].describe()).toMatchObject({ mask: 0xfffffffb, category: 0xffffffff });
    // all but bit 2: a floor of category 0b100 is passed through, one of 0b010 is met
    expect(contactsBetween({ category: 0b100 }, { mask: ~0b100 })).toBe(0);
    expect(contactsBetween({ category: 0b010 }, { mask: ~0b100 })).toBe(1);
    // the same from the other side, and as the unsigned pattern written out
    expect(contactsBetween({ mask: ~0b100 }, { category: 0b100 })).toBe(0);
    expect(contactsBetween({ category: 0b100 }, { mask: 0xfffffffb })).toBe(0);
    expect(contactsBetween({ category: 0b010 }, { mask: 0xfffffffb })).toBe(1);
    // the lowest signed value is bit 31 alone
    expect(contactsBetween({ category: 2 ** 31 }, { mask: -(2 ** 31) })).toBe(1);
    expect(contactsBetween({ category: 2 ** 30 }, { mask: -(2 ** 31) })).toBe(0);
  });

  it('the category and mask setters take signed patterns too; a query filter reads them alike', () => {
    const world = new World();
    const box = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], category: 0b100 }] });
    const shape = box.shapes[0];
    shape.mask = -1;
    expect(shape.mask).toBe(0xffffffff);
    shape.category = ~0b1;
    expect(shape.category).toBe(0xfffffffe);
    shape.category = 0b100;
    const seen = (mask: number) => world.castRay([-5, 0, 0], [1, 0, 0], Infinity, { filter: { mask } })?.body ?? null;
    expect(seen(~0b100)).toBeNull();
    expect(seen(~0b010)).toBe(box);
  });

  it('2^32, −2^31 − 1, 1.5, NaN and non-numbers are refused naming the value, and change nothing', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5, mask: 0b11 }] });
    const shape = body.shapes[0];
    const bad: [unknown, string][] = [[2 ** 32, '4294967296'], [-(2 ** 31) - 1, '-2147483649'], [1.5, '1.5'], [NaN, 'NaN'], [Infinity, 'Infinity'], ['1', '"1"']];
    for (const [value, shown] of bad) {
      const message = new RegExp(`mask must be an integer of 32 bits .*got ${shown.replace(/[.*"]/g, '\\$&')}$`);
      expect(() => (shape.mask = value as number)).toThrow(message);
      expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: 0.5, mask: value as number }] })).toThrow(message);
      expect(() => world.castRay([0, 0, 0], [1, 0, 0], 1, { filter: { mask: value as number } })).toThrow(message);
      expect(() => (shape.category = value as number)).toThrow(/category must be an integer of 32 bits/);
    }
    expect(shape.mask).toBe(0b11);
    expect(shape.category).toBe(1);
    expect(world.bodies).toEqual([body]);
  });

  it('group stays a signed integer within ±2³¹ (its sign is its meaning)', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5, group: -3 }] });
    expect(body.shapes[0].group).toBe(-3);
    expect(() => world.createBody({ shapes: [{ type: 'sphere', radius: 0.5, group: 2 ** 32 - 1 }] })).toThrow(/group must be an integer in ±2³¹, got 4294967295/);
  });
});
