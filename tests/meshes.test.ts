// Triangle meshes and heightfields in the world: bodies rest and slide on them as on a plane, seams
// between flat triangles are not felt (active edges), real edges are, one-sided meshes let bodies through
// from behind, heightfields push sunken bodies back up, queries see them, snapshots keep their contacts.

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../lib/math/random.js';
import { firstCell, lastCell } from '../lib/geometry/heightfield.js';
import { World, type Body, type ShapeOptions } from '../lib/index.js';

/** A flat floor of n x n tiles of 1 m, two triangles each, top at y = 0, centred on the origin. */
function tiledFloor(n: number, splitVertices = false): { vertices: number[]; indices: number[] } {
  const vertices: number[] = [], indices: number[] = [];
  const half = n / 2;
  if (!splitVertices) {
    for (let r = 0; r <= n; r++) for (let c = 0; c <= n; c++) vertices.push(c - half, 0, r - half);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const a = r * (n + 1) + c, b = a + 1, d = a + n + 1, e = d + 1;
        // counter-clockwise seen from above (+y): a, d, b and b, d, e
        indices.push(a, d, b, b, d, e);
      }
    }
    return { vertices, indices };
  }
  // each tile its own four vertices, as exported level geometry often is
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const base = vertices.length / 3;
      vertices.push(c - half, 0, r - half, c + 1 - half, 0, r - half, c - half, 0, r + 1 - half, c + 1 - half, 0, r + 1 - half);
      indices.push(base, base + 2, base + 1, base + 1, base + 2, base + 3);
    }
  }
  return { vertices, indices };
}

function flatHeightfield(n: number): ShapeOptions {
  return { type: 'heightfield', heights: new Array((n + 1) * (n + 1)).fill(0), rows: n + 1, columns: n + 1, size: [n, n] };
}

/** Slides a box at 5 m/s along x over the ground for `seconds`; the largest |v_y| after it settles, and its speed at the end. */
function slideBox(ground: ShapeOptions, friction: number, seconds = 2): { vertical: number; speed: number; lowest: number; box: Body } {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ ...ground, friction } as ShapeOptions] });
  const box = world.createBody({ position: [-8, 0.25, 0.3], linearVelocity: [5, 0, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25], friction }] });
  let vertical = 0, lowest = Infinity;
  const steps = Math.round(seconds * 60);
  for (let i = 0; i < steps; i++) {
    world.step(1 / 60);
    if (i > 10) vertical = Math.max(vertical, Math.abs(box.linearVelocity[1]));
    lowest = Math.min(lowest, box.position[1]);
  }
  return { vertical, speed: box.linearVelocity[0], lowest, box };
}

describe('triangle meshes and heightfields', () => {
  for (const [name, ground] of [
    ['a tiled trimesh floor', { type: 'trimesh', ...tiledFloor(20) }],
    ['a trimesh floor with split vertices', { type: 'trimesh', ...tiledFloor(20, true) }],
    ['a flat heightfield', flatHeightfield(20)],
  ] as [string, ShapeOptions][]) {
    it(`a box sliding at 5 m/s over ${name} does not catch on the seams`, () => {
      const frictionless = slideBox(ground, 0);
      expect(frictionless.vertical).toBeLessThan(0.01);
      expect(frictionless.speed).toBeCloseTo(5, 2); // nothing slows it
      expect(frictionless.lowest).toBeGreaterThan(0.25 - 0.01);
      // with friction it slows by μ g, no more: v = 5 − μ g t
      const rough = slideBox(ground, 0.1, 1.5);
      expect(rough.vertical).toBeLessThan(0.01);
      expect(rough.speed).toBeCloseTo(5 - 0.1 * 9.81 * 1.5, 1);
    });

    it(`a ball rolling over ${name} does not hop`, () => {
      const world = new World();
      world.createBody({ type: 'static', shapes: [ground] });
      const ball = world.createBody({ position: [-8, 0.3, 0.37], linearVelocity: [4, 0, 0], angularVelocity: [0, 0, -4 / 0.3], shapes: [{ type: 'sphere', radius: 0.3 }] });
      let highest = 0, lowest = Infinity;
      for (let i = 0; i < 180; i++) {
        world.step(1 / 60);
        highest = Math.max(highest, ball.position[1]);
        lowest = Math.min(lowest, ball.position[1]);
      }
      expect(highest - 0.3).toBeLessThan(1e-3);
      expect(0.3 - lowest).toBeLessThan(5e-3);
      expect(ball.position[0]).toBeGreaterThan(3); // it rolled across many seams
    });
  }

  it('boxes, capsules and hulls dropped turned at random onto a mesh floor and a heightfield come to rest on it, lowest point at the surface', () => {
    for (const ground of [{ type: 'trimesh', ...tiledFloor(12) }, flatHeightfield(12)] as ShapeOptions[]) {
      const world = new World();
      world.createBody({ type: 'static', shapes: [ground] });
      const bodies: { body: Body; lowest: () => number }[] = [];
      let seed = 3;
      const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
      for (let i = 0; i < 12; i++) {
        const q = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5], norm = Math.hypot(...q);
        const orientation = q.map((x) => x / norm);
        const position = [(i % 4) * 2.5 - 4, 1.5, Math.floor(i / 4) * 2.5 - 3];
        const kind = i % 3;
        const shape: ShapeOptions = kind === 0 ? { type: 'box', halfExtents: [0.3, 0.2, 0.4] }
          : kind === 1 ? { type: 'capsule', radius: 0.2, halfHeight: 0.3 }
          : { type: 'hull', points: [[0.4, 0, 0], [-0.3, 0.2, 0.1], [0, -0.3, 0.2], [0.1, 0.1, -0.4], [0, 0.35, 0.3]] };
        const body = world.createBody({ position, orientation, shapes: [shape] });
        // the lowest point of the shape, from its vertices (box, hull) or segment and radius (capsule)
        const lowest = (): number => {
          const R = body.rotation, x = body.position, s = body.shapes[0], p = s.position;
          const local: number[][] = s.type === 'capsule' ? [[0, -0.3, 0], [0, 0.3, 0]] : s.hull!.points();
          let low = Infinity;
          for (const v of local) {
            const w = [v[0] + p[0], v[1] + p[1], v[2] + p[2]];
            low = Math.min(low, x[1] + R[1] * w[0] + R[4] * w[1] + R[7] * w[2]);
          }
          return low - (s.type === 'capsule' ? 0.2 : 0);
        };
        bodies.push({ body, lowest });
      }
      for (let i = 0; i < 240; i++) world.step(1 / 60);
      for (const { body, lowest } of bodies) {
        expect(Math.abs(lowest())).toBeLessThan(0.006);
        const v = body.linearVelocity, w = body.angularVelocity;
        if (body.shapes[0].type !== 'capsule') {
          expect(Math.hypot(...v)).toBeLessThan(0.01);
          continue;
        }
        // A capsule lying on its side may still roll (no rolling resistance: a capsule on this floor
        // rolled on at 1.3 cm/s), but it must roll, not slide: its lowest point, 0.2 m under its
        // centre, is still, v + ω × (0, −0.2, 0) = 0.
        expect(Math.hypot(...v)).toBeLessThan(0.05);
        expect(Math.hypot(v[0] + 0.2 * w[2], v[1], v[2] - 0.2 * w[0])).toBeLessThan(1e-3);
      }
    }
  });

  it('a box comes to rest on a trimesh slope steeper than its friction holds only when the friction is enough', () => {
    // a ramp tilted 20° about z: tan 20° = 0.364
    const angle = (20 * Math.PI) / 180, cos = Math.cos(angle), sin = Math.sin(angle);
    const ramp = { type: 'trimesh' as const, vertices: [-5 * cos, -5 * sin, -3, 5 * cos, 5 * sin, -3, -5 * cos, -5 * sin, 3, 5 * cos, 5 * sin, 3], indices: [0, 2, 1, 1, 2, 3] };
    for (const [friction, slides] of [[0.6, false], [0.2, true]] as [number, boolean][]) {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ ...ramp, friction }] });
      const box = world.createBody({ position: [0, 0.25 / cos + 1e-3, 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25], friction }] });
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      const speed = Math.hypot(...box.linearVelocity);
      if (slides) {
        // a = g (sin θ − μ cos θ) down the slope
        expect(speed).toBeCloseTo(9.81 * (sin - 0.2 * cos) * 1, 1);
      } else {
        expect(speed).toBeLessThan(1e-3);
      }
    }
  });

  it('a box in a V-shaped valley rests on both faces, each pushing along its own normal', () => {
    // two planes at ±30° meeting along the z axis: a concave crease (an internal edge)
    const t = Math.tan(Math.PI / 6);
    const valley = { type: 'trimesh' as const, vertices: [-3, 3 * t, -3, 0, 0, -3, -3, 3 * t, 3, 0, 0, 3, 3, 3 * t, -3, 3, 3 * t, 3], indices: [0, 2, 1, 1, 2, 3, 1, 3, 4, 4, 3, 5] };
    const world = new World();
    world.createBody({ type: 'static', shapes: [valley] });
    const ball = world.createBody({ position: [0.05, 1, 0], shapes: [{ type: 'sphere', radius: 0.3 }] });
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    // at rest in the crease: centre at height r / cos 30° above it
    expect(ball.position[0]).toBeCloseTo(0, 3);
    expect(ball.position[1]).toBeCloseTo(0.3 / Math.cos(Math.PI / 6), 2);
    const normals = world.contacts.map((c) => c.manifold.normal[0]);
    expect(normals.some((x) => x < -0.4) && normals.some((x) => x > 0.4)).toBe(true);
  });

  it('a box sliding into a real step of a trimesh stops against it', () => {
    // a floor with a 0.6 m step up at x = 0 (taller than the box: it cannot tip over it); the step's top
    // edge is a real (active) edge, its foot a concave (inactive) one
    const vertices = [-5, 0, -2, 0, 0, -2, -5, 0, 2, 0, 0, 2, 0, 0.6, -2, 0, 0.6, 2, 5, 0.6, -2, 5, 0.6, 2];
    const indices = [0, 2, 1, 1, 2, 3, 1, 3, 4, 4, 3, 5, 4, 5, 6, 6, 5, 7];
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices, friction: 0 }] });
    const box = world.createBody({ position: [-2, 0.25, 0], linearVelocity: [3, 0, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25], friction: 0 }] });
    let farthest = -Infinity, highest = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      farthest = Math.max(farthest, box.position[0]);
      highest = Math.max(highest, box.position[1]);
    }
    expect(farthest).toBeLessThan(-0.24); // stopped at the wall, within 1 cm
    expect(farthest).toBeGreaterThan(-0.26);
    expect(highest).toBeLessThan(0.26); // not lifted by the concave foot of the step
    // restitution 0: what comes back is the contacts' own push-out, frictionless so it keeps sliding
    // (a wall of static boxes gives 0.11 m/s here)
    expect(Math.abs(box.linearVelocity[0])).toBeLessThan(0.3);
  });

  it('a one-sided trimesh lets a body through from behind; a heightfield pushes a sunken body back up', () => {
    const world = new World({ gravity: [0, 0, 0] });
    world.createBody({ type: 'static', shapes: [{ type: 'trimesh', ...tiledFloor(4) }] });
    const rising = world.createBody({ position: [0.3, -1, 0.3], linearVelocity: [0, 3, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(rising.position[1]).toBeGreaterThan(1.5); // passed up through the floor's back
    const terrain = new World();
    terrain.createBody({ type: 'static', shapes: [flatHeightfield(4)] });
    const sunk = terrain.createBody({ position: [0.3, 0.1, 0.3], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    for (let i = 0; i < 120; i++) terrain.step(1 / 60);
    expect(sunk.position[1]).toBeCloseTo(0.25, 2);
  });

  it('a heightfield with a hole lets a ball fall through the hole and holds it elsewhere', () => {
    const n = 9, heights = new Array((n + 1) * (n + 1)).fill(0);
    heights[5 * (n + 1) + 5] = NaN; // the point at x = 0.5, z = 0.5: the six triangles around it are a hole
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights, rows: n + 1, columns: n + 1, size: [n, n] }] });
    const through = world.createBody({ position: [0.5, 1, 0.5], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const held = world.createBody({ position: [-3, 1, -3], shapes: [{ type: 'sphere', radius: 0.2 }] });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(through.position[1]).toBeLessThan(-1);
    expect(held.position[1]).toBeCloseTo(0.2, 2);
  });

  it('heightfield points lie where the documented formula puts them (castRay finds them)', () => {
    const rows = 3, columns = 4, size = [6, 4];
    const heights = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const world = new World();
    world.createBody({ type: 'static', position: [1, 0, 2], shapes: [{ type: 'heightfield', heights, rows, columns, size }] });
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const x = 1 + (c / (columns - 1) - 0.5) * size[0], z = 2 + (r / (rows - 1) - 0.5) * size[1];
        // nudged inward, so a ray at the border falls on the grid
        const hit = world.castRay([x + (c === 0 ? 1e-9 : -1e-9), 50, z + (r === 0 ? 1e-9 : -1e-9)], [0, -1, 0]);
        expect(hit?.point[1]).toBeCloseTo(heights[r * columns + c], 6);
      }
    }
  });

  it('rays straight down through a heightfield\'s points beside holes hit them (Jolt\'s HeightFieldShapeTests TestPlane)', () => {
    // 32 x 32 samples of height 1, offset (3, 5, 7), scale (9, 13, 17), 10 holes at random: the point of row
    // r and column c at (3 + 9 c, 5 + 13, 7 + 17 r), as the caller computes it (the grid's own coordinates
    // round otherwise). A NaN removes the six triangles around its point and no more (as Jolt): a solid
    // point has ground when one of the six triangles around it is solid, and then the ray must hit it.
    const random = mulberry32(44);
    const n = 32;
    let checked = 0;
    for (let trial = 0; trial < 20; trial++) {
      const heights = new Array<number>(n * n).fill(13);
      for (let i = 0; i < 10; i++) heights[Math.floor(random() * n * n)] = NaN;
      const world = new World();
      const size = [9 * (n - 1), 17 * (n - 1)];
      world.createBody({ type: 'static', position: [3 + size[0] / 2, 5, 7 + size[1] / 2], shapes: [{ type: 'heightfield', heights, rows: n, columns: n, size }] });
      const solid = (...points: number[][]) => points.every(([r, c]) => !Number.isNaN(heights[r * n + c]));
      // the six triangles with corner (r, c): its two neighbours around it, in order, taken in turn
      const around = (r: number, c: number) => [[-1, -1], [-1, 0], [0, 1], [1, 1], [1, 0], [0, -1]].some(([dr, dc], i, ring) => solid([r + dr, c + dc], [r + ring[(i + 1) % 6][0], c + ring[(i + 1) % 6][1]]));
      for (let r = 1; r < n - 1; r++) {
        for (let c = 1; c < n - 1; c++) {
          const hit = world.castRay([3 + 9 * c, 5 + 1300, 7 + 17 * r], [0, -1, 0], 2600);
          const grounded = !Number.isNaN(heights[r * n + c]) && around(r, c);
          // (a hole's point: no ground under it)
          if (Number.isNaN(heights[r * n + c])) expect(hit).toBeNull();
          if (!grounded) continue;
          expect(hit, `trial ${trial}, row ${r}, column ${c}`).not.toBeNull();
          expect(Math.abs(hit!.point[1] - 18)).toBeLessThan(1e-9);
          expect(Math.abs(hit!.point[0] - (3 + 9 * c))).toBeLessThan(1e-9);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20 * 800);
  });

  it('heightfields and open meshes are refused on dynamic bodies, naming the body, and bad geometry names the value', () => {
    const world = new World();
    const before = world.hash();
    // (a closed mesh may be on a dynamic body: tests/concave-dynamic.test.ts)
    expect(() => world.createBody({ shapes: [{ type: 'trimesh', ...tiledFloor(1) }] })).toThrow(/shapes\[0\] refused on dynamic body \d+: .* it is not closed: the edge from vertex 0 to vertex 2 \(triangle 0\) is an open edge/);
    expect(() => world.createBody({ shapes: [flatHeightfield(2)] })).toThrow(/shapes\[0\] is a heightfield, which only a static or kinematic body may have/);
    expect(() => world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices: [0, 0, 0, 1, 0, NaN, 0, 0, 1], indices: [0, 1, 2] }] })).toThrow(/vertices\[5\] must be a finite number, got NaN/);
    expect(() => world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [0, 1, 3] }] })).toThrow(/indices\[2\]/);
    expect(() => world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights: [0, 0, 0], rows: 2, columns: 2, size: [1, 1] }] })).toThrow(/heights/);
    expect(world.bodies.length).toBe(0);
    expect(world.hash()).toBe(before);
    // a kinematic mesh is fine
    expect(() => world.createBody({ type: 'kinematic', shapes: [{ type: 'trimesh', ...tiledFloor(1) }] })).not.toThrow();
  });

  it('a kinematic trimesh platform moving up carries a box', () => {
    const world = new World();
    world.createBody({ type: 'kinematic', linearVelocity: [0, 1, 0], shapes: [{ type: 'trimesh', ...tiledFloor(4) }] });
    const box = world.createBody({ position: [0.2, 0.25, 0.2], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(box.position[1]).toBeCloseTo(2.25, 1);
    expect(box.linearVelocity[1]).toBeCloseTo(1, 1);
  });

  it('a snapshot taken with bodies resting on a mesh and a heightfield continues bit for bit', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'trimesh', ...tiledFloor(6) }] });
    world.createBody({ type: 'static', position: [10, 0, 0], shapes: [flatHeightfield(6)] });
    for (let i = 0; i < 6; i++) {
      world.createBody({ position: [i * 0.9 - 2.5, 0.5 + 0.3 * i, 0.1 * i], shapes: [{ type: i % 2 ? 'box' : 'capsule', ...(i % 2 ? { halfExtents: [0.2, 0.2, 0.2] } : { radius: 0.15, halfHeight: 0.2 }) } as ShapeOptions] });
      world.createBody({ position: [10 + i * 0.9 - 2.5, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    }
    for (let i = 0; i < 90; i++) world.step(1 / 60);
    const copy = World.restore(world.snapshot());
    for (let i = 0; i < 90; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(world.hash());
    expect(world.contacts.some((c) => c.subKey >= 0)).toBe(true);
  });

  it('castRay, overlapShape and castShape see meshes and heightfields', () => {
    const world = new World();
    const floor = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', ...tiledFloor(6) }] });
    const hills = world.createBody({ type: 'static', position: [20, 0, 0], shapes: [flatHeightfield(6)] });
    expect(world.castRay([0.3, 5, 0.3], [0, -1, 0])?.distance).toBeCloseTo(5, 12);
    expect(world.castRay([20.3, 5, 0.3], [0, -1, 0])?.body).toBe(hills);
    expect(world.overlapShape({ type: 'sphere', radius: 0.5 }, [0, 0.4, 0], [0, 0, 0, 1]).map((o) => o.body)).toEqual([floor]);
    expect(world.overlapShape({ type: 'sphere', radius: 0.5 }, [0, 0.6, 0], [0, 0, 0, 1])).toEqual([]);
    const hit = world.castShape({ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0.2, 4, 0.2], [0, 0, 0, 1], [0, -1, 0], 10);
    expect(hit?.body).toBe(floor);
    expect(hit?.distance).toBeCloseTo(3.5, 5);
    expect(hit?.normal[1]).toBeCloseTo(1, 6);
    expect(world.castShape({ type: 'sphere', radius: 0.5 }, [20, 4, 0], [0, 0, 0, 1], [0, -1, 0], 10)?.distance).toBeCloseTo(3.5, 5);
  });
});

describe('heightfield cell lookup', () => {
  /** The binary searches the lookup answers as (the smallest cell whose range reaches v; the largest
   * whose range starts at or before v). */
  const firstBySearch = (coords: Float64Array, v: number): number => {
    let lo = 0, hi = coords.length - 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (coords[mid + 1] >= v) hi = mid; else lo = mid + 1;
    }
    return lo;
  };
  const lastBySearch = (coords: Float64Array, v: number): number => {
    let lo = 0, hi = coords.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (coords[mid] <= v) lo = mid; else hi = mid - 1;
    }
    return lo;
  };

  it('finds by proportion the cells a binary search over the grid finds, on grid lines, between, outside and at NaN', () => {
    const random = mulberry32(3);
    for (const [n, size] of [[2, 1], [3, 10], [17, 5.3], [128, 100], [1000, 0.37]] as const) {
      const coords = new Float64Array(n);
      for (let i = 0; i < n; i++) coords[i] = (i / (n - 1) - 0.5) * size;
      const values = [NaN, Infinity, -Infinity, coords[0] - 1, coords[n - 1] + 1, ...coords];
      for (const c of coords) values.push(c + 1e-15, c - 1e-15, c * (1 + 1e-16), c * (1 - 1e-16));
      for (let i = 0; i < 500; i++) values.push((random() - 0.5) * 1.2 * size);
      for (const v of values) {
        expect(firstCell(coords, [v], 0)).toBe(firstBySearch(coords, v));
        expect(lastCell(coords, [v], 0)).toBe(lastBySearch(coords, v));
      }
    }
  });
});
