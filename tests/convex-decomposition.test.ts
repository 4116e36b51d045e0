// convexDecomposition: hulls that cover a concave mesh's solid, do not overlap, are each convex and inside
// the mesh's bounds, whose volume beyond the mesh's is the reported error (checked by sampling points),
// the same for the same input; and that go straight into a body's shapes.

import { describe, expect, it } from 'vitest';
import { convexDecomposition, convexHull, MAX_HULL_VERTICES, World, type ConvexHull } from '../lib/index.js';
import { mulberry32 } from '../lib/math/random.js';
import { bowlMesh, boxMesh, chairMesh, lShape, signedVolume, type MeshData } from '../lib/scenes/solids.js';

/** Whether p is inside the mesh: an odd number of crossings of a ray from it (Möller–Trumbore), along a
 * direction no face or edge of the test meshes lies along. */
function insideMesh({ vertices: v, indices: I }: MeshData, p: number[]): boolean {
  const d = [0.5773, 0.6123, 0.5401];
  let crossings = 0;
  for (let t = 0; t < I.length; t += 3) {
    const a = 3 * I[t], b = 3 * I[t + 1], c = 3 * I[t + 2];
    const e1 = [0, 1, 2].map((k) => v[b + k] - v[a + k]), e2 = [0, 1, 2].map((k) => v[c + k] - v[a + k]);
    const h = [d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]];
    const det = e1[0] * h[0] + e1[1] * h[1] + e1[2] * h[2];
    if (Math.abs(det) < 1e-15) continue;
    const s = [0, 1, 2].map((k) => p[k] - v[a + k]);
    const u = (s[0] * h[0] + s[1] * h[1] + s[2] * h[2]) / det;
    if (u < 0 || u > 1) continue;
    const q = [s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]];
    const w = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) / det;
    if (w < 0 || u + w > 1) continue;
    if ((e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det > 0) crossings++;
  }
  return crossings % 2 === 1;
}

function insideHull(hull: ConvexHull, p: number[], slack = 1e-9): boolean {
  const P = hull.planes;
  for (let f = 0; f < hull.faceCount; f++) if (P[4 * f] * p[0] + P[4 * f + 1] * p[1] + P[4 * f + 2] * p[2] > P[4 * f + 3] + slack) return false;
  return true;
}

function bounds({ vertices }: MeshData): number[] {
  const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < vertices.length; i++) {
    b[i % 3] = Math.min(b[i % 3], vertices[i]);
    b[3 + (i % 3)] = Math.max(b[3 + (i % 3)], vertices[i]);
  }
  return b;
}

const meshes: [string, MeshData, number][] = [
  ['an L', lShape(), 0.01],
  ['a bowl', bowlMesh(0.3, 0.2, 0.03, 16), 0.01],
  ['a chair', chairMesh(), 0.01],
];

describe('convexDecomposition', () => {
  for (const [name, mesh, concavity] of meshes) {
    it(`of ${name}: convex hulls in its bounds, covering its solid without overlap, their excess volume the reported error`, () => {
      const result = convexDecomposition(mesh.vertices, mesh.indices, { concavity, maxHulls: 16 });
      const volume = signedVolume(mesh);
      expect(result.meshVolume).toBeCloseTo(volume, 12);
      expect(result.hulls.length).toBeGreaterThan(1);
      expect(result.hulls.length).toBeLessThanOrEqual(16);
      const hulls = result.hulls.map((points) => convexHull(points));
      const box = bounds(mesh), size = Math.hypot(box[3] - box[0], box[4] - box[1], box[5] - box[2]);
      let total = 0;
      hulls.forEach((hull, i) => {
        // convex: every point given is a vertex of the hull of them (none inside, none dropped)
        expect(hull.vertexCount).toBe(result.hulls[i].length / 3);
        for (let k = 0; k < result.hulls[i].length; k++) {
          expect(result.hulls[i][k]).toBeGreaterThanOrEqual(box[k % 3] - 1e-12 * size);
          expect(result.hulls[i][k]).toBeLessThanOrEqual(box[3 + (k % 3)] + 1e-12 * size);
        }
        total += hull.volume;
      });
      expect(result.volumeError).toBeCloseTo((total - volume) / volume, 9);
      expect(result.volumeError).toBeGreaterThanOrEqual(-1e-9);
      // sampled: every point of the solid is in a hull, no point in two, and the share of the points in
      // the hulls but not in the mesh is the error's (4000 points: a standard error of about 1.6% of the box)
      const random = mulberry32(7);
      let inMesh = 0, inHulls = 0, uncovered = 0, overlapping = 0;
      const samples = 4000;
      for (let s = 0; s < samples; s++) {
        const p = [0, 1, 2].map((k) => box[k] + random() * (box[3 + k] - box[k]));
        const solid = insideMesh(mesh, p);
        const holders = hulls.filter((hull) => insideHull(hull, p, -1e-9 * size)).length;
        if (solid) inMesh++;
        if (holders > 0) inHulls++;
        if (solid && !hulls.some((hull) => insideHull(hull, p, 1e-9 * size))) uncovered++;
        if (holders > 1) overlapping++;
      }
      expect(uncovered).toBe(0);
      expect(overlapping).toBe(0);
      const boxVolume = (box[3] - box[0]) * (box[4] - box[1]) * (box[5] - box[2]);
      const sampledError = (inHulls - inMesh) * boxVolume / samples / volume;
      const noise = 3 * Math.sqrt(samples * 0.25) * boxVolume / samples / volume;
      expect(Math.abs(sampledError - result.volumeError)).toBeLessThan(noise);
    });
  }

  it('splits an L into its two boxes, exactly', () => {
    const { hulls, volumeError } = convexDecomposition(lShape().vertices, lShape().indices);
    expect(hulls.length).toBe(2);
    expect(Math.abs(volumeError)).toBeLessThan(1e-12);
    expect(hulls.map((points) => convexHull(points).volume).sort()).toEqual([1, 2]);
  });

  it('gives a convex mesh back as one hull', () => {
    const box = boxMesh(0.3, 0.2, 0.1);
    const { hulls, volumeError } = convexDecomposition(box.vertices, box.indices);
    expect(hulls.length).toBe(1);
    expect(Math.abs(volumeError)).toBeLessThan(1e-12);
  });

  it('trades hulls for error: a tighter concavity gives more hulls and less excess, within maxHulls', () => {
    const bowl = bowlMesh(0.3, 0.2, 0.03, 16);
    const loose = convexDecomposition(bowl.vertices, bowl.indices, { concavity: 0.5, maxHulls: 16 });
    const tight = convexDecomposition(bowl.vertices, bowl.indices, { concavity: 0.005, maxHulls: 16 });
    expect(tight.hulls.length).toBeGreaterThan(loose.hulls.length);
    expect(tight.volumeError).toBeLessThan(loose.volumeError);
    const capped = convexDecomposition(bowl.vertices, bowl.indices, { concavity: 0.005, maxHulls: 4 });
    expect(capped.hulls.length).toBeLessThanOrEqual(4);
    expect(capped.volumeError).toBeGreaterThan(tight.volumeError);
  });

  it('splits a part whose hull would have more vertices than a hull shape takes, past maxHulls', () => {
    const bowl = bowlMesh(0.3, 0.2, 0.03, 160); // rings of 160 vertices: its hull has 320
    const { hulls } = convexDecomposition(bowl.vertices, bowl.indices, { maxHulls: 1 });
    expect(hulls.length).toBeGreaterThan(1);
    for (const points of hulls) expect(points.length / 3).toBeLessThanOrEqual(MAX_HULL_VERTICES);
    const world = new World();
    expect(() => world.createBody({ shapes: hulls.map((points) => ({ type: 'hull' as const, points })) })).not.toThrow();
  });

  it('gives the same hulls for the same input', () => {
    const chair = chairMesh();
    expect(convexDecomposition(chair.vertices, chair.indices)).toEqual(convexDecomposition(chair.vertices.slice(), chair.indices.slice()));
  });

  it('refuses a mesh that encloses no solid, and bad options, by name', () => {
    const box = boxMesh(0.5, 0.5, 0.5);
    expect(() => convexDecomposition(box.vertices, box.indices.slice(3))).toThrow(
      new RangeError('convexDecomposition: the mesh must enclose a solid: it is not closed: the edge from vertex 0 to vertex 6 (triangle 0) is an open edge, on one triangle only'),
    );
    expect(() => convexDecomposition(box.vertices, box.indices, { maxHulls: 0 })).toThrow(/maxHulls/);
    expect(() => convexDecomposition(box.vertices, box.indices, { concavity: -1 })).toThrow(/concavity must be a finite number > 0, got -1/);
    expect(() => convexDecomposition(box.vertices, box.indices, { maxHull: 3 } as never)).toThrow(/maxHull.*maxHulls/);
    expect(() => convexDecomposition([0, 0, NaN], [0, 0, 0])).toThrow(/vertices\[2\]/);
  });

  it('a chair\'s hulls make a body of its mass that, dropped on the floor, rests on its legs as the chair\'s mesh does', () => {
    const chair = chairMesh();
    const { hulls } = convexDecomposition(chair.vertices, chair.indices);
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
    const body = world.createBody({ position: [0, 0.1, 0], angularVelocity: [0, 0.5, 0], shapes: hulls.map((points) => ({ type: 'hull' as const, points })) });
    const mesh = world.createBody({ position: [2, 0.1, 0], angularVelocity: [0, 0.5, 0], shapes: [{ type: 'trimesh', ...chair }] });
    // the hulls hold the solid and as much again as the error: so does the mass
    expect(body.mass / mesh.mass).toBeGreaterThanOrEqual(1 - 1e-9);
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    for (const chairBody of [body, mesh]) {
      expect(Math.hypot(...chairBody.linearVelocity)).toBeLessThan(0.02);
      expect(chairBody.rotation[4]).toBeGreaterThan(0.999); // upright: on its legs
    }
    expect(body.position[1]).toBeCloseTo(mesh.position[1], 2);
  });
});
