// Ray casts against single 2D shapes (geometry/ray-cast.ts) against brute force: for 300 random rays per
// shape at random poses, the entry found by bisection on the shape's inside test (a convex shape's points
// along a ray form one interval, so bisection between the origin outside and a point inside finds its
// start), and the normal from the shape's surface there, both to 1e-9; rays that point away, stop short
// or pass beside miss; a ray from inside hits at 0; segments both ways, chain segments from the right only.

import { describe, expect, it } from 'vitest';
import { Shape2D, ShapePose2D, type Shape2DOptions } from '../lib/2d/index.js';
import { RayCastOutput2D, rayCastShape2D } from '../lib/2d/geometry/ray-cast.js';
import { seededRandom } from './helpers.js';

const SOLIDS: Shape2DOptions[] = [
  { type: 'circle', radius: 0.7 },
  { type: 'capsule', radius: 0.3, halfHeight: 0.8 },
  { type: 'capsule', radius: 0.5, halfHeight: 0 },
  { type: 'box', halfExtents: [1.2, 0.4] },
  { type: 'polygon', points: [[0, 0], [2, 0.3], [1.5, 1.4], [0.2, 1.1]] },
  { type: 'polygon', points: [[-1, -0.5], [0.7, -0.9], [1.3, 0.2], [0.9, 1.0], [-0.1, 1.4], [-1.2, 0.6]] },
];

/** The signed distance from p (shape frame) to the solid's surface (negative inside) and its gradient. */
function signedDistance(shape: Shape2D, x: number, y: number, grad: number[]): number {
  const g = shape.geometry!;
  if (g.type === 'circle' || g.type === 'capsule') {
    const h = g.type === 'capsule' ? g.halfHeight : 0;
    const cy = Math.max(-h, Math.min(h, y));
    const d = Math.hypot(x, y - cy);
    grad[0] = x / d; grad[1] = (y - cy) / d;
    return d - g.radius;
  }
  if (g.type !== 'polygon') throw new Error('not a solid');
  // inside or near a face: the largest face distance (exact at a face, which is where hits lie)
  let best = -Infinity;
  for (let i = 0; i < g.count; i++) {
    const s = g.normals[2 * i] * (x - g.vertices[2 * i]) + g.normals[2 * i + 1] * (y - g.vertices[2 * i + 1]);
    if (s > best) {
      best = s; grad[0] = g.normals[2 * i]; grad[1] = g.normals[2 * i + 1];
    }
  }
  return best;
}

function randomPose(random: () => number): ShapePose2D {
  const pose = new ShapePose2D(), phi = random() * 7 - 3.5;
  pose.c[0] = random() * 6 - 3; pose.c[1] = random() * 6 - 3;
  pose.R[0] = Math.cos(phi); pose.R[1] = Math.sin(phi);
  return pose;
}
const toWorld = (pose: ShapePose2D, x: number, y: number) => [pose.c[0] + pose.R[0] * x - pose.R[1] * y, pose.c[1] + pose.R[1] * x + pose.R[0] * y];
const toLocal = (pose: ShapePose2D, x: number, y: number) => {
  const dx = x - pose.c[0], dy = y - pose.c[1];
  return [pose.R[0] * dx + pose.R[1] * dy, -pose.R[1] * dx + pose.R[0] * dy];
};

/** A point inside the shape (shape frame), by rejection in its bounds, at least `depth` m deep. */
function pointInside(shape: Shape2D, random: () => number, depth: number): number[] {
  const box = shape.computeBounds(new ShapePose2D(), new Float64Array(4)), grad = [0, 0];
  for (;;) {
    const x = box[0] + (box[2] - box[0]) * random(), y = box[1] + (box[3] - box[1]) * random();
    if (signedDistance(shape, x, y, grad) < -depth) return [x, y];
  }
}

describe('2D per-shape ray casts', () => {
  for (const options of SOLIDS) {
    it(`${options.type} ${JSON.stringify(options).slice(0, 60)}: 300 rays against bisection to 1e-9`, () => {
      const shape = new Shape2D('test', 'shape', options);
      const random = seededRandom(options.type.length * 31 + JSON.stringify(options).length);
      const out = new RayCastOutput2D(), grad = [0, 0];
      let worstDistance = 0, worstNormal = 0, misses = 0;
      for (let k = 0; k < 300; k++) {
        const pose = randomPose(random);
        const target = pointInside(shape, random, 1e-3);
        const angle = random() * 2 * Math.PI, far = 3 + 3 * random();
        const local = [target[0] - far * Math.cos(angle), target[1] - far * Math.sin(angle)];
        if (signedDistance(shape, local[0], local[1], grad) <= 0) continue;
        const origin = toWorld(pose, local[0], local[1]), aim = toWorld(pose, target[0], target[1]);
        const L = Math.hypot(aim[0] - origin[0], aim[1] - origin[1]);
        const dir = [(aim[0] - origin[0]) / L, (aim[1] - origin[1]) / L];
        // brute force: the entry bisected on [0, L] (outside at 0, inside at L)
        let lo = 0, hi = L;
        for (let i = 0; i < 200 && hi - lo > 1e-14; i++) {
          const mid = 0.5 * (lo + hi), p = toLocal(pose, origin[0] + mid * dir[0], origin[1] + mid * dir[1]);
          if (signedDistance(shape, p[0], p[1], grad) <= 0) hi = mid;
          else lo = mid;
        }
        const entry = toLocal(pose, origin[0] + hi * dir[0], origin[1] + hi * dir[1]);
        signedDistance(shape, entry[0], entry[1], grad);
        const normal = toWorld(pose, grad[0], grad[1]).map((v, i) => v - pose.c[i]);
        const maxDistance = 10;
        if (!rayCastShape2D(shape.geometry!, pose, origin, dir, maxDistance, out)) {
          misses++;
          continue;
        }
        worstDistance = Math.max(worstDistance, Math.abs(out.distance - hi));
        worstNormal = Math.max(worstNormal, Math.hypot(out.normal[0] - normal[0], out.normal[1] - normal[1]));
        expect(out.fraction).toBe(out.distance / maxDistance);
        expect(Math.abs(out.point[0] - (origin[0] + out.distance * dir[0]))).toBeLessThan(1e-12);
        // short of the entry: a miss; starting there, pointing back: a miss
        expect(rayCastShape2D(shape.geometry!, pose, origin, dir, hi * (1 - 1e-6), out)).toBe(false);
        expect(rayCastShape2D(shape.geometry!, pose, origin, [-dir[0], -dir[1]], 100, out)).toBe(false);
      }
      expect(misses).toBe(0);
      expect(worstDistance).toBeLessThan(1e-9);
      expect(worstNormal).toBeLessThan(1e-9);
    });
  }

  it('a ray starting inside hits at 0 against its direction; one passing beside misses', () => {
    const pose = new ShapePose2D(), out = new RayCastOutput2D();
    for (const options of SOLIDS) {
      const shape = new Shape2D('test', 'shape', options);
      const inside = pointInside(shape, seededRandom(3), 1e-3);
      expect(rayCastShape2D(shape.geometry!, pose, inside, [0.6, 0.8], 5, out)).toBe(true);
      expect([out.distance, out.normal[0], out.normal[1]]).toEqual([0, -0.6, -0.8]);
      expect(rayCastShape2D(shape.geometry!, pose, [-10, 5], [1, 0], 100, out)).toBe(false);
    }
  });

  it('segments: two-sided, the normal facing the origin; chain segments only from the right; 300 rays against line intersection', () => {
    const random = seededRandom(11), out = new RayCastOutput2D();
    const segment = new Shape2D('test', 'segment', { type: 'segment', points: [[-1, 0.3], [1.5, -0.4]] });
    const chain = new Shape2D('test', 'chain', { type: 'chain', points: [[-1, 0.3], [1.5, -0.4], [2, 1]] });
    let worst = 0, rightHits = 0, leftHits = 0;
    for (let k = 0; k < 300; k++) {
      const pose = randomPose(random);
      const g = segment.geometry!;
      if (g.type !== 'segment') throw new Error('not a segment');
      const s = 0.02 + 0.96 * random();
      const target = [g.point1[0] + s * (g.point2[0] - g.point1[0]), g.point1[1] + s * (g.point2[1] - g.point1[1])];
      const angle = random() * 2 * Math.PI;
      const local = [target[0] + 3 * Math.cos(angle), target[1] + 3 * Math.sin(angle)];
      const origin = toWorld(pose, local[0], local[1]), aim = toWorld(pose, target[0], target[1]);
      const L = Math.hypot(aim[0] - origin[0], aim[1] - origin[1]), dir = [(aim[0] - origin[0]) / L, (aim[1] - origin[1]) / L];
      // brute force: the sign change of the distance to the segment's line, bisected
      const ex = g.point2[0] - g.point1[0], ey = g.point2[1] - g.point1[1], e = Math.hypot(ex, ey);
      const side = (t: number) => {
        const p = toLocal(pose, origin[0] + t * dir[0], origin[1] + t * dir[1]);
        return (ey * (p[0] - g.point1[0]) - ex * (p[1] - g.point1[1])) / e;
      };
      const start = side(0);
      let lo = 0, hi = 2 * L;
      for (let i = 0; i < 200 && hi - lo > 1e-14; i++) {
        const mid = 0.5 * (lo + hi);
        if (Math.sign(side(mid)) === Math.sign(start)) lo = mid;
        else hi = mid;
      }
      expect(rayCastShape2D(g, pose, origin, dir, 10, out)).toBe(true);
      worst = Math.max(worst, Math.abs(out.distance - hi));
      // the normal faces the origin, unit, perpendicular to the segment
      expect(out.normal[0] * dir[0] + out.normal[1] * dir[1]).toBeLessThan(0);
      const facing = Math.sign(start);
      const nLocal = toLocal(pose, pose.c[0] + out.normal[0], pose.c[1] + out.normal[1]);
      expect(Math.abs(nLocal[0] - (facing * ey) / e)).toBeLessThan(1e-12);
      expect(Math.abs(nLocal[1] + (facing * ex) / e)).toBeLessThan(1e-12);
      // the chain's first segment is the same segment, hit only when the origin is on its right
      const chainHit = rayCastShape2D(chain.children[0], pose, origin, dir, 10, out);
      expect(chainHit).toBe(start > 0);
      if (chainHit) {
        rightHits++;
        expect(Math.abs(out.distance - hi)).toBeLessThan(1e-9);
      } else leftHits++;
      // beyond an end: a miss
      const beyond = toWorld(pose, g.point2[0] + 0.1 * ex, g.point2[1] + 0.1 * ey);
      const L2 = Math.hypot(beyond[0] - origin[0], beyond[1] - origin[1]);
      expect(rayCastShape2D(g, pose, origin, [(beyond[0] - origin[0]) / L2, (beyond[1] - origin[1]) / L2], 100, out)).toBe(false);
    }
    expect(worst).toBeLessThan(1e-9);
    expect(rightHits).toBeGreaterThan(100);
    expect(leftHits).toBeGreaterThan(100);
    // parallel: a miss
    expect(rayCastShape2D(segment.geometry!, new ShapePose2D(), [-1, 0.3 + 1e-3], [2.5 / Math.hypot(2.5, 0.7), -0.7 / Math.hypot(2.5, 0.7)], 100, out)).toBe(false);
  });
});
