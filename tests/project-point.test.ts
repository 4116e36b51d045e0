// world.projectPoint (Rapier's projectPoint, Jolt's CollidePoint / GetClosestPoint): the nearest shape's
// nearest point, exact for every shape type. Proven against brute force: each shape's surface sampled
// densely, at a random pose, from random points around it; the exact distance is at most every sample's
// and within the sampling's spacing of the nearest sample, and the point it returns lies on the surface.

import { describe, expect, it } from 'vitest';
import { World, type Body, type PointProjection, type ShapeOptions } from '../lib/index.js';
import { mulberry32 } from '../lib/math/random.js';

const random = mulberry32;

type V = [number, number, number];

function rotate(q: ArrayLike<number>, v: V): V {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  // v + 2 w (u × v) + 2 u × (u × v), u = (x, y, z)
  const cx = y * v[2] - z * v[1], cy = z * v[0] - x * v[2], cz = x * v[1] - y * v[0];
  const dx = y * cz - z * cy, dy = z * cx - x * cz, dz = x * cy - y * cx;
  return [v[0] + 2 * (w * cx + dx), v[1] + 2 * (w * cy + dy), v[2] + 2 * (w * cz + dz)];
}

function randomQuaternion(next: () => number): number[] {
  const q = [next() - 0.5, next() - 0.5, next() - 0.5, next() - 0.5];
  const n = Math.hypot(...q);
  return q.map((c) => c / n);
}

/** Points of the triangle (a, b, c) on a barycentric grid of `n` steps per side. */
function sampleTriangle(a: V, b: V, c: V, n: number, out: V[]): void {
  for (let i = 0; i <= n; i++) {
    for (let j = 0; i + j <= n; j++) {
      const u = i / n, v = j / n, w = 1 - u - v;
      out.push([w * a[0] + u * b[0] + v * c[0], w * a[1] + u * b[1] + v * c[1], w * a[2] + u * b[2] + v * c[2]]);
    }
  }
}

/** A bumpy 6 x 6 grid of heights over 4 m x 4 m, as heightfield heights and as trimesh triangles. */
function terrain(): { heights: number[]; vertices: number[]; indices: number[] } {
  const next = random(7), rows = 6, columns = 6, size = 4;
  const heights = Array.from({ length: rows * columns }, () => 0.6 * next());
  const vertices: number[] = [], indices: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) vertices.push((c / (columns - 1) - 0.5) * size, heights[r * columns + c], (r / (rows - 1) - 0.5) * size);
  }
  for (let r = 0; r < rows - 1; r++) {
    for (let c = 0; c < columns - 1; c++) {
      const p00 = r * columns + c, p10 = p00 + columns, p11 = p10 + 1, p01 = p00 + 1;
      indices.push(p00, p10, p11, p00, p11, p01);
    }
  }
  return { heights, vertices, indices };
}

const OCTAHEDRON = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1].map((x) => 0.8 * x);

interface Case {
  shape: ShapeOptions;
  /** Local surface samples and their spacing bound (a surface point is within it of a sample). */
  samples: () => { points: V[]; spacing: number };
  /** Whether a local point is inside (the brute-force check of `inside`). */
  inside: (q: V) => boolean;
}

function gridSquare(corner: V, u: V, v: V, n: number, out: V[]): void {
  for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) out.push([0, 1, 2].map((k) => corner[k] + (i / n) * u[k] + (j / n) * v[k]) as V);
}

const { heights, vertices, indices } = terrain();
const terrainTriangles = (): V[][] => {
  const tris: V[][] = [];
  for (let t = 0; t < indices.length; t += 3) tris.push([0, 1, 2].map((k) => vertices.slice(3 * indices[t + k], 3 * indices[t + k] + 3) as V));
  return tris;
};
/** The terrain's height at (x, z), or NaN outside it (for the heightfield's `inside`). */
function terrainHeight(x: number, z: number): number {
  for (const [a, b, c] of terrainTriangles()) {
    // barycentric in x/z
    const det = (b[2] - c[2]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[2] - c[2]);
    const l1 = ((b[2] - c[2]) * (x - c[0]) + (c[0] - b[0]) * (z - c[2])) / det;
    const l2 = ((c[2] - a[2]) * (x - c[0]) + (a[0] - c[0]) * (z - c[2])) / det;
    const l3 = 1 - l1 - l2;
    if (l1 >= 0 && l2 >= 0 && l3 >= 0) return l1 * a[1] + l2 * b[1] + l3 * c[1];
  }
  return NaN;
}

const CASES: Record<string, Case> = {
  sphere: {
    shape: { type: 'sphere', radius: 0.7 },
    samples: () => {
      const points: V[] = [], n = 40000, r = 0.7;
      for (let i = 0; i < n; i++) {
        const y = 1 - (2 * (i + 0.5)) / n, s = Math.sqrt(1 - y * y), phi = i * Math.PI * (3 - Math.sqrt(5));
        points.push([r * s * Math.cos(phi), r * y, r * s * Math.sin(phi)]);
      }
      return { points, spacing: 2 * r * Math.sqrt((4 * Math.PI) / n) };
    },
    inside: (q) => Math.hypot(...q) < 0.7,
  },
  capsule: {
    shape: { type: 'capsule', radius: 0.4, halfHeight: 0.6 },
    samples: () => {
      const points: V[] = [], r = 0.4, h = 0.6, n = 200;
      for (let i = 0; i <= n; i++) {
        for (let j = 0; j < n; j++) {
          const a = (2 * Math.PI * j) / n;
          points.push([r * Math.cos(a), -h + (2 * h * i) / n, r * Math.sin(a)]);
          // the caps: polar angle i/n of a quarter turn
          const t = ((Math.PI / 2) * i) / n, ring = r * Math.cos(t), up = r * Math.sin(t);
          points.push([ring * Math.cos(a), h + up, ring * Math.sin(a)], [ring * Math.cos(a), -h - up, ring * Math.sin(a)]);
        }
      }
      return { points, spacing: 2 * Math.PI * 0.4 / 200 * 1.5 };
    },
    inside: (q) => Math.hypot(q[0], q[1] - Math.max(-0.6, Math.min(0.6, q[1])), q[2]) < 0.4,
  },
  box: {
    shape: { type: 'box', halfExtents: [0.5, 0.3, 0.8] },
    samples: () => {
      const points: V[] = [], h: V = [0.5, 0.3, 0.8], n = 120;
      for (let k = 0; k < 3; k++) {
        const u: V = [0, 0, 0], v: V = [0, 0, 0];
        u[(k + 1) % 3] = 2 * h[(k + 1) % 3];
        v[(k + 2) % 3] = 2 * h[(k + 2) % 3];
        for (const side of [-1, 1]) {
          const corner = h.map((x) => -x) as V;
          corner[k] = side * h[k];
          gridSquare(corner, u, v, n, points);
        }
      }
      return { points, spacing: (1.6 / 120) * 1.5 };
    },
    inside: (q) => Math.abs(q[0]) < 0.5 && Math.abs(q[1]) < 0.3 && Math.abs(q[2]) < 0.8,
  },
  hull: {
    shape: { type: 'hull', points: OCTAHEDRON },
    samples: () => {
      const points: V[] = [], s = 0.8;
      for (const x of [-s, s]) for (const y of [-s, s]) for (const z of [-s, s]) sampleTriangle([x, 0, 0], [0, y, 0], [0, 0, z], 150, points);
      return { points, spacing: (1.2 / 150) * 1.5 };
    },
    inside: (q) => Math.abs(q[0]) + Math.abs(q[1]) + Math.abs(q[2]) < 0.8,
  },
  plane: {
    shape: { type: 'plane' },
    samples: () => {
      const points: V[] = [];
      gridSquare([-6, 0, -6], [12, 0, 0], [0, 0, 12], 600, points);
      return { points, spacing: (12 / 600) * 1.5 };
    },
    inside: (q) => q[1] < 0,
  },
  trimesh: {
    shape: { type: 'trimesh', vertices, indices },
    samples: () => {
      const points: V[] = [];
      for (const [a, b, c] of terrainTriangles()) sampleTriangle(a, b, c, 60, points);
      return { points, spacing: (1.2 / 60) * 1.5 };
    },
    inside: () => false,
  },
  heightfield: {
    shape: { type: 'heightfield', heights, rows: 6, columns: 6, size: [4, 4] },
    samples: () => {
      const points: V[] = [];
      for (const [a, b, c] of terrainTriangles()) sampleTriangle(a, b, c, 60, points);
      return { points, spacing: (1.2 / 60) * 1.5 };
    },
    inside: (q) => q[1] < terrainHeight(q[0], q[2]),
  },
};

describe('projectPoint against brute force, every shape type', () => {
  for (const [name, test] of Object.entries(CASES)) {
    it(`${name}: the distance is the least over dense surface samples, the point on the surface, inside as the shape says`, () => {
      const next = random(name.length * 101 + 3);
      const world = new World();
      const position: V = [next() * 4 - 2, next() * 4 - 2, next() * 4 - 2];
      const orientation = randomQuaternion(next);
      world.createBody({ type: 'static', position, orientation, shapes: [test.shape] });
      const { points, spacing } = test.samples();
      const world_ = points.map((q) => rotate(orientation, q).map((x, k) => x + position[k]) as V);
      let insideSeen = 0;
      for (let trial = 0; trial < 25; trial++) {
        // (one in three near the shape's centre, so that some are inside)
        const scale = trial % 3 === 0 ? 0.2 : 1;
        const local: V = [(next() - 0.5) * 4 * scale, (next() - 0.5) * 3 * scale, (next() - 0.5) * 4 * scale];
        const p = rotate(orientation, local).map((x, k) => x + position[k]) as V;
        const hit = world.projectPoint(p, { solid: false }) as PointProjection;
        expect(hit).not.toBeNull();
        let brute = Infinity;
        for (const s of world_) brute = Math.min(brute, Math.hypot(s[0] - p[0], s[1] - p[1], s[2] - p[2]));
        // exact: no farther than any sample, and within the spacing of the nearest one
        expect(hit.distance).toBeLessThanOrEqual(brute + 1e-9);
        expect(brute - hit.distance).toBeLessThan(spacing);
        expect(Math.hypot(hit.point[0] - p[0], hit.point[1] - p[1], hit.point[2] - p[2])).toBeCloseTo(hit.distance, 9);
        // the point is on the surface: projecting it again goes nowhere
        const again = world.projectPoint(hit.point, { solid: false }) as PointProjection;
        expect(again.distance).toBeLessThan(1e-9);
        expect(Math.hypot(...hit.normal)).toBeCloseTo(1, 12);
        // the normal points out of the shape, toward p when outside, away when inside
        const along = (p[0] - hit.point[0]) * hit.normal[0] + (p[1] - hit.point[1]) * hit.normal[1] + (p[2] - hit.point[2]) * hit.normal[2];
        expect(hit.inside).toBe(test.inside(local));
        if (hit.distance > 1e-6) expect(Math.sign(along)).toBe(hit.inside ? -1 : 1);
        // solid: inside projects onto itself
        const solid = world.projectPoint(p) as PointProjection;
        if (hit.inside) {
          insideSeen++;
          expect(solid.distance).toBe(0);
          expect(Array.from(solid.point)).toEqual(p);
          expect(solid.inside).toBe(true);
        } else {
          expect(solid.distance).toBe(hit.distance);
        }
      }
      if (name !== 'trimesh') expect(insideSeen).toBeGreaterThan(0);
    });
  }
});

describe('projectPoint: the nearest of many shapes, through the trees', () => {
  it('a field of 400 spheres and boxes: the nearest by brute force, with a handful of shapes tested', () => {
    const next = random(11);
    const world = new World();
    const bodies: { body: Body; centre: V; radius: number }[] = [];
    for (let i = 0; i < 400; i++) {
      const centre: V = [(next() - 0.5) * 100, (next() - 0.5) * 10, (next() - 0.5) * 100];
      const radius = 0.2 + next();
      const body = world.createBody({ type: i % 2 === 0 ? 'static' : 'dynamic', position: centre, shapes: [{ type: 'sphere', radius }] });
      bodies.push({ body, centre, radius });
    }
    for (let trial = 0; trial < 40; trial++) {
      const p: V = [(next() - 0.5) * 110, (next() - 0.5) * 20, (next() - 0.5) * 110];
      let tested = 0;
      const hit = world.projectPoint(p, { predicate: () => (tested++, true) }) as PointProjection;
      let best = Infinity, nearest: Body | null = null;
      for (const { body, centre, radius } of bodies) {
        const d = Math.max(0, Math.hypot(p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]) - radius);
        if (d < best) { best = d; nearest = body; }
      }
      expect(hit.body).toBe(nearest);
      expect(hit.distance).toBeCloseTo(best, 12);
      expect(tested).toBeLessThan(20); // of 400 (measured: at most 10, 3.6 on average)
    }
  });

  it('maxDistance, filters, exclude and predicate choose the shapes, as the other queries', () => {
    const world = new World();
    const near = world.createBody({ type: 'static', position: [2, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], category: 2 }] });
    const far = world.createBody({ type: 'static', position: [10, 0, 0], shapes: [{ type: 'sphere', radius: 1 }] });
    expect(world.projectPoint([0, 0, 0])?.body).toBe(near);
    expect(world.projectPoint([0, 0, 0])?.distance).toBeCloseTo(1.5, 12);
    expect(world.projectPoint([0, 0, 0], { maxDistance: 1.4 })).toBeNull();
    expect(world.projectPoint([0, 0, 0], { maxDistance: 1.5 })?.body).toBe(near);
    expect(world.projectPoint([0, 0, 0], { exclude: near })?.body).toBe(far);
    expect(world.projectPoint([0, 0, 0], { filter: { mask: 1 } })?.body).toBe(far);
    expect(world.projectPoint([0, 0, 0], { predicate: (body) => body !== near })?.distance).toBeCloseTo(9, 12);
    expect(world.projectPoint([0, 0, 0], { exclude: [near, far] })).toBeNull();
    // a sensor is seen only with includeSensors
    const zone = world.createBody({ type: 'static', position: [0, 0, 0], shapes: [{ type: 'sphere', radius: 0.5, sensor: true }] });
    expect(world.projectPoint([0, 0, 0])?.body).toBe(near);
    expect(world.projectPoint([0, 0, 0], { includeSensors: true })?.body).toBe(zone);
    // an empty world, and one with nothing within reach
    expect(new World().projectPoint([1, 2, 3])).toBeNull();
  });

  it('a point under a heightfield is inside it, the normal up out of the ground; under a mesh it is not', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights: [0, 0, 0, 0], rows: 2, columns: 2, size: [10, 10] }] });
    const under = world.projectPoint([1, -3, 2], { solid: false }) as PointProjection;
    expect(under.inside).toBe(true);
    expect(under.distance).toBeCloseTo(3, 12);
    expect(Array.from(under.normal)).toEqual([0, 1, 0]);
    expect(Array.from(under.point)).toEqual([1, 0, 2]);
    const mesh = new World();
    mesh.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices: [-5, 0, -5, -5, 0, 5, 5, 0, 5, 5, 0, -5], indices: [0, 1, 2, 0, 2, 3] }] });
    const below = mesh.projectPoint([1, -3, 2]) as PointProjection;
    expect(below.inside).toBe(false);
    expect(below.distance).toBeCloseTo(3, 12);
    expect(below.normal[1]).toBeCloseTo(-1, 12); // toward the point: a mesh is two-sided
  });

  it('checks its arguments, changing nothing', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    expect(() => world.projectPoint([0, NaN, 0])).toThrow(/projectPoint: point/);
    expect(() => world.projectPoint([0, 1, 0], { solid: 1 as unknown as boolean })).toThrow(/projectPoint: solid must be true or false, got 1/);
    expect(() => world.projectPoint([0, 1, 0], { maxDistance: -1 })).toThrow(/projectPoint: maxDistance must be a number ≥ 0 \(m\) or Infinity, got -1/);
    expect(() => world.projectPoint([0, 1, 0], { maxDistance: NaN })).toThrow(/maxDistance must be a number ≥ 0 \(m\) or Infinity, got NaN/);
    expect(() => world.projectPoint([0, 1, 0], { radius: 1 } as object)).toThrow(/projectPoint: unknown option 'radius'/);
    expect(() => world.castRay([0, 1, 0], [0, -1, 0], 1, { solid: true } as object)).toThrow(/castRay: unknown option 'solid'/);
    expect(world.projectPoint([0, 1, 0])?.distance).toBe(1);
  });
});
