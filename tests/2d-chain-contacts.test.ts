import { describe, expect, it } from 'vitest';
import type { ChainSegmentGeometry, ShapeGeometry2D } from '../lib/2d/geometry/shape-geometry.js';
import { mulberry32 } from '../lib/math/random.js';
import { box, capsule, chain, circle, contact, pose, type Contact, type P2 } from './2d-manifold-helpers.js';

/** Every segment's manifold with shape b at pose B (the chain's frame the world's). */
function chainContacts(segments: ChainSegmentGeometry[], b: ShapeGeometry2D, x: number, y: number, angle: number, margin: number): Contact[] {
  return segments.map((s) => contact(s, pose(0, 0), b, pose(x, y, angle), margin)).filter((c) => c.points.length > 0);
}

// A chain collides with what lies to the right of each segment's direction: a floor runs from right to left.
const floor = chain(Array.from({ length: 21 }, (_, i): P2 => [20 - i, 0]));

describe('chain segments: the ghost vertices', () => {
  it('a box sliding over a straight chain of 20 segments sees only the normal (0, 1), over every joint too', () => {
    const positions: number[] = [];
    for (let x = 0.6; x < 19.4; x += 0.0137) positions.push(x);
    // exactly over joints: the centre, and a corner
    for (let k = 1; k < 20; k++) positions.push(k, k - 0.5, k + 0.5);
    let manifolds = 0;
    for (const x of positions) {
      for (const [y, angle, margin] of [[0.499, 0, 0], [0.503, 0, 0.02], [0.4995, 0.01, 0], [0.4995, -0.01, 0.02]]) {
        const found = chainContacts(floor, box(0.5, 0.5), x, y, angle, margin);
        expect(found.length, `x = ${x}`).toBeGreaterThan(0);
        for (const c of found) {
          expect(c.normal[0], `x = ${x}`).toBe(0);
          expect(c.normal[1]).toBe(1);
          for (const p of c.points) expect(p.s).toBeGreaterThan(-0.01);
        }
        manifolds += found.length;
      }
    }
    expect(manifolds).toBeGreaterThan(4 * positions.length);
  });

  it('a capsule lying on the chain and a circle rolling along it also meet only (0, 1)', () => {
    for (let x = 0.8; x < 19.2; x += 0.05) {
      for (const c of chainContacts(floor, capsule(0.2, 0.5), x, 0.199, Math.PI / 2, 0.02)) expect(c.normal).toEqual([0, 1]);
      for (const c of chainContacts(floor, circle(0.3), x, 0.299, 0, 0.02)) {
        expect(c.normal[0]).toBeCloseTo(0, 15);
        expect(c.normal[1]).toBeCloseTo(1, 15);
      }
    }
    for (let k = 1; k < 20; k++) {
      const found = chainContacts(floor, circle(0.3), k, 0.299, 0, 0);
      // exactly over a joint: one point (the segment that starts there), along (0, 1)
      expect(found.length).toBe(1);
      expect(found[0].normal).toEqual([0, 1]);
      expect(found[0].points[0].s).toBeCloseTo(-0.001, 15);
    }
  });

  it('a convex corner gives the corner\'s normals: a ball over the vertex, a box turned to lean on it', () => {
    // a hilltop: flat from x = 2 to 0, then down to (−2, −2); the joint at the origin is convex
    const hill = chain([[2, 0], [0, 0], [-2, -2]]);
    for (const deg of [95, 100, 112.5, 125, 130]) {
      const t = (deg * Math.PI) / 180, n: P2 = [Math.cos(t), Math.sin(t)];
      const found = chainContacts(hill, circle(0.3), 0.299 * n[0], 0.299 * n[1], 0, 0);
      // only the downhill segment, whose start the vertex is, owns the vertex's region
      expect(found.length).toBe(1);
      expect(found[0].normal[0]).toBeCloseTo(n[0], 14);
      expect(found[0].normal[1]).toBeCloseTo(n[1], 14);
      expect(found[0].points[0].s).toBeCloseTo(-0.001, 14);
      // a box leaning on the vertex with its bottom face, the face's normal n
      const boxes = chainContacts(hill, box(0.5, 0.5), 0.499 * n[0], 0.499 * n[1], t - Math.PI / 2, 0);
      expect(boxes.length).toBeGreaterThan(0);
      for (const c of boxes) {
        expect(c.normal[0]).toBeCloseTo(n[0], 14);
        expect(c.normal[1]).toBeCloseTo(n[1], 14);
        expect(Math.min(...c.points.map((p) => p.s))).toBeCloseTo(-0.001, 14);
      }
    }
  });

  it('a concave corner: each segment keeps its own normal (no inward catch on the joint)', () => {
    // a valley: down the slope from (2, 2) to the origin, then flat to (−2, 0); the joint is concave
    const valley = chain([[2, 2], [0, 0], [-2, 0]]);
    const normals: P2[] = [[-Math.SQRT1_2, Math.SQRT1_2], [0, 1]];
    for (let x = -1.5; x <= 0.6; x += 0.01) {
      for (const [angle, margin] of [[0, 0], [0, 0.02], [0.02, 0.02], [-0.02, 0]]) {
        valley.forEach((s, i) => {
          const c = contact(s, pose(0, 0), box(0.5, 0.5), pose(x, 0.499, angle), margin);
          if (c.points.length === 0) return;
          expect(c.normal[0], `x = ${x}, segment ${i}`).toBeCloseTo(normals[i][0], 14);
          expect(c.normal[1], `x = ${x}, segment ${i}`).toBeCloseTo(normals[i][1], 14);
        });
      }
      // a ball in the valley: the flat segment holds it up, the slope pushes it away along the slope's normal
      valley.forEach((s, i) => {
        const c = contact(s, pose(0, 0), circle(0.3), pose(x, 0.299), 0.02);
        if (c.points.length === 0) return;
        if (i === 1 || x < 0.3 * Math.SQRT1_2 * 2) {
          expect(Math.abs(c.normal[0] * normals[i][0] + c.normal[1] * normals[i][1] - 1), `x = ${x}, segment ${i}`).toBeLessThan(1e-12);
        }
      });
    }
    // the box sitting flat in the corner against the slope: the floor's (0, 1) and the slope's normal
    const atWall = valley.map((s) => contact(s, pose(0, 0), box(0.5, 0.5), pose(-0.5 + 0.0005, 0.499), 0));
    expect(atWall[1].normal).toEqual([0, 1]);
    expect(atWall[1].points.length).toBe(2);
  });

  it('the back side of a one-sided segment gives nothing', () => {
    const s = floor[10];
    for (const y of [-0.49, -0.3, -0.51, -0.01]) {
      expect(contact(s, pose(0, 0), box(0.5, 0.5), pose(9.5, y), 0.05).points.length).toBe(0);
      expect(contact(s, pose(0, 0), box(0.5, 0.5), pose(9.5, y, 0.3), 0.05).points.length).toBe(0);
      expect(contact(s, pose(0, 0), circle(0.5), pose(9.5, y), 0.05).points.length).toBe(0);
      expect(contact(s, pose(0, 0), capsule(0.2, 0.4), pose(9.5, y, 1), 0.05).points.length).toBe(0);
    }
    // and from the front it collides, in either argument order (the normal from the first shape to the second)
    const c = contact(box(0.5, 0.5), pose(9.5, 0.49), s, pose(0, 0));
    expect(c.points.length).toBe(2);
    expect(c.normal).toEqual([-0, -1]);
    // two chains, or a chain and a segment, never collide
    expect(contact(s, pose(0, 0), floor[11], pose(0, 0), 1).points.length).toBe(0);
  });
});

describe('chain segments: random chains and shapes', () => {
  it('every manifold is finite, its normal a unit vector within the arc of the segment\'s convex neighbours (never backwards)', () => {
    const random = mulberry32(21);
    let manifolds = 0, points = 0;
    for (let trial = 0; trial < 300; trial++) {
      // a polyline running right to left with random turns (convex and concave joints)
      const pts: P2[] = [[3, 0]];
      let heading = Math.PI + 0.6 * (random() - 0.5);
      for (let i = 0; i < 6; i++) {
        const last = pts[pts.length - 1], L = 0.3 + random();
        pts.push([last[0] + L * Math.cos(heading), last[1] + L * Math.sin(heading)]);
        heading += 1.2 * (random() - 0.5);
      }
      const segments = chain(pts);
      const shapes: ShapeGeometry2D[] = [box(0.1 + 0.4 * random(), 0.1 + 0.4 * random()), circle(0.05 + 0.4 * random()), capsule(0.05 + 0.2 * random(), 0.1 + 0.4 * random())];
      for (let k = 0; k < 20; k++) {
        const g = shapes[k % 3];
        const x = 3 - 4 * random(), y = -1.5 + 3 * random(), angle = 7 * random();
        for (const s of segments) {
          const c = contact(s, pose(0, 0), g, pose(x, y, angle), 0.05);
          if (c.points.length === 0) continue;
          manifolds++;
          const n = c.normal;
          expect(Math.hypot(n[0], n[1])).toBeCloseTo(1, 12);
          for (const p of c.points) {
            expect(Number.isFinite(p.p[0] + p.p[1] + p.s)).toBe(true);
            points++;
          }
          // the normals the segment may give: from its own n₁ toward a convex neighbour's, no further
          const e = [s.point2[0] - s.point1[0], s.point2[1] - s.point1[1]], L = Math.hypot(e[0], e[1]);
          const n1 = [e[1] / L, -e[0] / L];
          const e0 = [s.point1[0] - s.ghost1[0], s.point1[1] - s.ghost1[1]], e2 = [s.ghost2[0] - s.point2[0], s.ghost2[1] - s.point2[1]];
          const angleOf = (v: number[]) => Math.atan2(v[1], v[0]);
          const turn = (a: number[], b: number[]) => Math.atan2(a[0] * b[1] - a[1] * b[0], a[0] * b[0] + a[1] * b[1]);
          // the normal's angle from n₁, counter-clockwise positive: the neighbour at p1 turns the chain by
          // `before` (counter-clockwise: convex), its normal n₀ lies that far clockwise of n₁; n₂ lies `after`
          // counter-clockwise of it
          const off = Math.atan2(Math.sin(angleOf(n) - angleOf(n1)), Math.cos(angleOf(n) - angleOf(n1)));
          const before = Math.max(0, turn(e0, e)), after = Math.max(0, turn(e, e2));
          expect(-off, `trial ${trial}`).toBeLessThanOrEqual(before + 0.011);
          expect(off, `trial ${trial}`).toBeLessThanOrEqual(after + 0.011);
        }
      }
    }
    expect(manifolds).toBeGreaterThan(500);
    expect(points).toBeGreaterThan(manifolds);
  });
});
