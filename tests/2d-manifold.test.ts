import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../lib/math/random.js';
import { World, type Shape, type ShapeOptions } from '../lib/index.js';
import { collide } from '../lib/collision/narrowphase.js';
import { Manifold } from '../lib/collision/manifold.js';
import { ShapePose } from '../lib/collision/shape-pose.js';
import type { ShapeGeometry2D } from '../lib/2d/geometry/shape-geometry.js';
import { collide2D, FLIPPED_ID } from '../lib/2d/collision/narrowphase.js';
import { Manifold2D } from '../lib/2d/collision/manifold.js';
import { allocatedBytesPerCall } from './allocation-measure.js';
import { FLIP_TOLERANCE } from '../lib/2d/collision/polygon-contacts.js';
import {
  box, capsule, chain, circle, contact, core, coreDistance, hull, penetrationDepth, polygon, pose, segment, surfaceDistance, type P2,
} from './2d-manifold-helpers.js';

const minSeparation = (c: { points: { s: number }[] }) => Math.min(...c.points.map((p) => p.s));

describe('2D manifold: analytic cases', () => {
  it('circle–circle: separation |c_b − c_a| − r_a − r_b along the centres, the point midway between the surfaces', () => {
    const c = contact(circle(0.5), pose(1, 2), circle(0.25), pose(1.6, 2.8), 1);
    const L = Math.hypot(0.6, 0.8);
    expect(c.points.length).toBe(1);
    expect(c.normal[0]).toBeCloseTo(0.6, 15);
    expect(c.normal[1]).toBeCloseTo(0.8, 15);
    expect(c.points[0].s).toBeCloseTo(L - 0.75, 15);
    // A's surface at c_a + 0.5 n, B's at c_b − 0.25 n
    expect(c.points[0].p[0]).toBeCloseTo(1 + 0.6 * (0.5 + 0.5 * (L - 0.75)), 14);
    expect(c.points[0].p[1]).toBeCloseTo(2 + 0.8 * (0.5 + 0.5 * (L - 0.75)), 14);
    // beyond the margin: nothing; overlapping: a negative separation
    expect(contact(circle(0.5), pose(0, 0), circle(0.25), pose(1, 0), 0.2).points.length).toBe(0);
    expect(contact(circle(0.5), pose(0, 0), circle(0.25), pose(0.7, 0)).points[0].s).toBeCloseTo(-0.05, 15);
  });

  it('a box resting on a box: 2 points at the upper box\'s bottom corners, separation exact', () => {
    // ground 10 × 1 (top at y = 0.5), a 1 × 1 box whose bottom is 1 mm into it
    const c = contact(box(5, 0.5), pose(0, 0), box(0.5, 0.5), pose(0.3, 0.999));
    expect(c.normal).toEqual([0, 1]);
    expect(c.points.length).toBe(2);
    const xs = c.points.map((p) => p.p[0]).sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.2, 14);
    expect(xs[1]).toBeCloseTo(0.8, 14);
    for (const p of c.points) {
      expect(p.s).toBeCloseTo(-0.001, 14);
      expect(p.p[1]).toBeCloseTo(0.4995, 14);
    }
  });

  it('rotated boxes: a box tipped by 30° on a box touches with one corner, at its depth', () => {
    const angle = Math.PI / 6, h = 0.5;
    // the lowest corner of a unit box turned by 30° is h (cos 30° + sin 30°) below its centre
    const drop = h * (Math.cos(angle) + Math.sin(angle));
    const c = contact(box(5, 0.5), pose(0, 0), box(h, h), pose(0, 0.5 + drop - 0.002, angle));
    expect(c.normal[0]).toBeCloseTo(0, 15);
    expect(c.normal[1]).toBeCloseTo(1, 15);
    // the corner and, along the clipped incident edge, its other end is far above: only the corner within margin 0
    expect(c.points.length).toBe(1);
    expect(c.points[0].s).toBeCloseTo(-0.002, 14);
    // two boxes both turned by 45° and offset along their common face normal: flat contact, 2 points
    const q = Math.PI / 4, d = 1 - 0.003;
    const c2 = contact(box(h, h), pose(0, 0, q), box(h, h), pose(d * Math.cos(q), d * Math.sin(q), q));
    expect(c2.points.length).toBe(2);
    expect(c2.normal[0]).toBeCloseTo(Math.SQRT1_2, 14);
    expect(c2.normal[1]).toBeCloseTo(Math.SQRT1_2, 14);
    for (const p of c2.points) expect(p.s).toBeCloseTo(-0.003, 13);
  });

  it('a capsule lying on a box: 2 points, at the capsule\'s core ends, separation exact', () => {
    // capsule along x (turned by 90°): core from x = −0.6 to 0.6, radius 0.2, 1 mm into a box whose top is y = 0.5
    const c = contact(box(5, 0.5), pose(0, 0), capsule(0.2, 0.6), pose(1, 0.5 + 0.2 - 0.001, Math.PI / 2));
    expect(c.points.length).toBe(2);
    expect(c.normal[0]).toBeCloseTo(0, 15);
    expect(c.normal[1]).toBeCloseTo(1, 15);
    const xs = c.points.map((p) => p.p[0]).sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(0.4, 14);
    expect(xs[1]).toBeCloseTo(1.6, 14);
    for (const p of c.points) {
      expect(p.s).toBeCloseTo(-0.001, 14);
      expect(p.p[1]).toBeCloseTo(0.4995, 14);
    }
    // two parallel capsules side by side: 2 points over their overlap
    const c2 = contact(capsule(0.1, 1), pose(0, 0), capsule(0.15, 0.5), pose(0.24, 0.8));
    expect(c2.points.length).toBe(2);
    expect(c2.normal[0]).toBe(1);
    expect(Math.abs(c2.normal[1])).toBe(0);
    for (const p of c2.points) expect(p.s).toBeCloseTo(-0.01, 14);
    expect(c2.points.map((p) => p.p[1]).sort((a, b) => a - b)).toEqual([0.30000000000000004, 1].map((y) => expect.closeTo(y, 14)));
    // crossing at right angles: one point
    expect(contact(capsule(0.1, 1), pose(0, 0), capsule(0.1, 1), pose(0.15, 0, Math.PI / 2)).points.length).toBe(1);
  });

  it('deep overlaps choose the axis of least penetration', () => {
    // a 2 × 0.4 plank pushed 0.3 into a unit box from the right: out along +x (0.3), not +y (0.7 and more)
    const c = contact(box(0.5, 0.5), pose(0, 0), box(1, 0.2), pose(1.2, 0.3));
    expect(c.normal).toEqual([1, 0]);
    expect(minSeparation(c)).toBeCloseTo(-0.3, 14);
    // a circle whose centre is inside a box, nearest its top face
    const cc = contact(box(1, 0.5), pose(0, 0), circle(0.1), pose(0.3, 0.4));
    expect(cc.normal[1]).toBeCloseTo(1, 15);
    expect(cc.points[0].s).toBeCloseTo(-0.2, 14);
    // a capsule inside a box nearest its left face
    const cp = contact(box(1, 1), pose(0, 0), capsule(0.1, 0.3), pose(-0.8, 0));
    expect(cp.normal[0]).toBeCloseTo(-1, 15);
    expect(minSeparation(cp)).toBeCloseTo(-0.3, 14);
  });

  it('a segment against a circle, a capsule and a polygon, from either side (two-sided)', () => {
    const s = segment([-1, 0], [1, 0]);
    for (const side of [1, -1]) {
      const c = contact(s, pose(0, 0), circle(0.25), pose(0.2, side * 0.2));
      expect(c.normal[1]).toBeCloseTo(side, 15);
      expect(c.points[0].s).toBeCloseTo(-0.05, 15);
      const b = contact(s, pose(0, 0), box(0.5, 0.5), pose(0, side * 0.49));
      expect(b.points.length).toBe(2);
      expect(b.normal[1]).toBeCloseTo(side, 15);
      for (const p of b.points) expect(p.s).toBeCloseTo(-0.01, 14);
      const k = contact(s, pose(0, 0), capsule(0.1, 0.5), pose(0, side * 0.095, Math.PI / 2));
      expect(k.points.length).toBe(2);
      for (const p of k.points) expect(p.s).toBeCloseTo(-0.005, 14);
    }
    // two segments never collide
    expect(contact(s, pose(0, 0), segment([0, -1], [0, 1]), pose(0, 0)).points.length).toBe(0);
  });
});

/** A random shape: a convex polygon of 3 to 8 vertices, a box, a circle, a capsule or a segment. */
function randomShape(random: () => number): ShapeGeometry2D {
  const k = random();
  if (k < 0.35) {
    let pts: P2[] = [];
    while (pts.length < 3) {
      const n = 3 + Math.floor(random() * 10);
      const raw: P2[] = [];
      for (let i = 0; i < n; i++) raw.push([random() - 0.5, random() - 0.5]);
      pts = hull(raw).slice(0, 8);
      pts = hull(pts);
    }
    return polygon(pts);
  }
  if (k < 0.5) return box(0.1 + 0.5 * random(), 0.1 + 0.5 * random());
  if (k < 0.7) return circle(0.05 + 0.4 * random());
  if (k < 0.9) return capsule(0.05 + 0.3 * random(), 0.05 + 0.5 * random());
  return segment([random() - 0.5, random() - 0.5], [random() - 0.5, random() - 0.5]);
}

describe('2D manifold: brute force over random convex pairs', () => {
  // (A rounded shape's second point, from its core clipped to a face, is the core's point less the radius
  // along the face normal: off the round surface by r (1 − cos) where the core is tilted; it is checked
  // for a separation no less than the distance only.)
  it('separated pairs: the least separation is the exact distance (1e-9), the points lie midway between the two surfaces', () => {
    const random = mulberry32(46);
    let checked = 0, points = 0;
    for (let trial = 0; trial < 4000; trial++) {
      const a = randomShape(random), b = randomShape(random);
      if (a.type === 'segment' && b.type === 'segment') continue;
      const A = pose(random() * 2 - 1, random() * 2 - 1, random() * 7), B = pose(random() * 2 - 1, random() * 2 - 1, random() * 7);
      const ca = core(a, A), cb = core(b, B);
      const distance = coreDistance(ca.points, cb.points) - ca.radius - cb.radius;
      if (!(distance > 1e-3)) continue;
      const c = contact(a, A, b, B, 10);
      expect(c.points.length, `trial ${trial}`).toBeGreaterThan(0);
      expect(Math.abs(minSeparation(c) - distance), `trial ${trial} ${a.type}-${b.type}`).toBeLessThan(1e-9);
      expect(Math.hypot(...c.normal)).toBeCloseTo(1, 14);
      const least = minSeparation(c);
      for (const p of c.points) {
        // the surfaces' points p ∓ ½ s n
        const onA: P2 = [p.p[0] - 0.5 * p.s * c.normal[0], p.p[1] - 0.5 * p.s * c.normal[1]];
        const onB: P2 = [p.p[0] + 0.5 * p.s * c.normal[0], p.p[1] + 0.5 * p.s * c.normal[1]];
        if (p.s === least || ca.radius === 0) expect(surfaceDistance(onA, ca), `trial ${trial} ${a.type}-${b.type}`).toBeLessThan(1e-9);
        if (p.s === least || cb.radius === 0) expect(surfaceDistance(onB, cb), `trial ${trial} ${a.type}-${b.type}`).toBeLessThan(1e-9);
        expect(p.s).toBeGreaterThanOrEqual(distance - 1e-9);
        points++;
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(1500);
    expect(points).toBeGreaterThan(checked);
  });

  it('overlapping polygons: the deepest point is at the penetration depth (within the reference tolerance), points on both surfaces', () => {
    const random = mulberry32(7);
    let checked = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const a = randomShape(random), b = randomShape(random);
      if (a.type !== 'polygon' || b.type !== 'polygon') continue;
      const A = pose(random() * 0.6 - 0.3, random() * 0.6 - 0.3, random() * 7), B = pose(random() * 0.6 - 0.3, random() * 0.6 - 0.3, random() * 7);
      const ca = core(a, A), cb = core(b, B);
      const depth = penetrationDepth(ca.points, cb.points);
      if (!(depth > 1e-3)) continue;
      const c = contact(a, A, b, B, 0);
      expect(c.points.length, `trial ${trial}`).toBeGreaterThan(0);
      const s = minSeparation(c);
      expect(s, `trial ${trial}`).toBeGreaterThanOrEqual(-depth - FLIP_TOLERANCE - 1e-9);
      expect(s, `trial ${trial}`).toBeLessThanOrEqual(-depth + 1e-9);
      for (const p of c.points) {
        const onA: P2 = [p.p[0] - 0.5 * p.s * c.normal[0], p.p[1] - 0.5 * p.s * c.normal[1]];
        const onB: P2 = [p.p[0] + 0.5 * p.s * c.normal[0], p.p[1] + 0.5 * p.s * c.normal[1]];
        expect(Math.min(surfaceDistance(onA, ca), surfaceDistance(onB, cb)), `trial ${trial}`).toBeLessThan(1e-9);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('swapping a and b turns the normal and keeps the points and separations', () => {
    const random = mulberry32(3);
    let checked = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const a = randomShape(random), b = randomShape(random);
      const A = pose(random() - 0.5, random() - 0.5, random() * 7), B = pose(random() - 0.5, random() - 0.5, random() * 7);
      const ab = contact(a, A, b, B, 0.05), ba = contact(b, B, a, A, 0.05);
      // two polygons (the same type, no flip) within the reference tolerance of a tie may take either face
      if (a.type === b.type && ab.points.length > 0) {
        const ca = core(a, A), cb = core(b, B);
        if (ca.points.length > 2 && cb.points.length > 2 && Math.abs(faceGap(ca.points, cb.points) - faceGap(cb.points, ca.points)) < 2 * FLIP_TOLERANCE) continue;
      }
      expect(ba.points.length, `trial ${trial}`).toBe(ab.points.length);
      if (ab.points.length === 0) continue;
      expect(ba.normal[0]).toBeCloseTo(-ab.normal[0], 12);
      expect(ba.normal[1]).toBeCloseTo(-ab.normal[1], 12);
      const key = (p: { p: P2 }) => p.p[0] * 1e3 + p.p[1];
      const pa = [...ab.points].sort((x, y) => key(x) - key(y)), pb = [...ba.points].sort((x, y) => key(x) - key(y));
      for (let i = 0; i < pa.length; i++) {
        expect(pb[i].p[0]).toBeCloseTo(pa[i].p[0], 12);
        expect(pb[i].p[1]).toBeCloseTo(pa[i].p[1], 12);
        expect(pb[i].s).toBeCloseTo(pa[i].s, 12);
      }
      if (a.type !== b.type) for (const p of ab.points.concat(ba.points)) expect(p.id).toBeDefined();
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });
});

/** The largest over P's faces of the least height of Q's vertices above it. */
function faceGap(P: P2[], Q: P2[]): number {
  let best = -Infinity;
  for (let i = 0; i < P.length; i++) {
    const a = P[i], b = P[(i + 1) % P.length], L = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = [(b[1] - a[1]) / L, -(b[0] - a[0]) / L];
    best = Math.max(best, Math.min(...Q.map((q) => n[0] * (q[0] - a[0]) + n[1] * (q[1] - a[1]))));
  }
  return best;
}

describe('2D manifold: feature ids', () => {
  it('a box resting on a box keeps its two ids under small motion, and the ids name the corners', () => {
    const ground = box(5, 0.5), top = box(0.5, 0.5);
    const first = contact(ground, pose(0, 0), top, pose(0.3, 0.999));
    const ids = first.points.map((p) => p.id).sort();
    expect(new Set(ids).size).toBe(2);
    const random = mulberry32(11);
    for (let step = 0; step < 200; step++) {
      // drift, tilt by up to 0.5 mrad, sink or hover within 2 mm: the same two corners touch
      const c = contact(ground, pose(0, 0), top, pose(0.3 + 0.01 * (random() - 0.5), 1 + 0.004 * (random() - 0.75), 1e-3 * (random() - 0.5)), 0.02);
      expect(c.points.map((p) => p.id).sort()).toEqual(ids);
    }
    // a circle keeps id 0 as it rolls over a box's corner
    for (const x of [0, 0.49, 0.5, 0.51, 0.6]) expect(contact(top, pose(0, 0), circle(0.1), pose(x, 0.59), 0.1).points[0].id).toBe(0);
  });

  it('swapped shapes of different types carry the flipped mark', () => {
    const c = contact(circle(0.2), pose(0, 0.69), box(0.5, 0.5), pose(0, 0));
    expect(c.points.length).toBe(1);
    expect(c.points[0].id & FLIPPED_ID).toBe(FLIPPED_ID);
    expect(c.normal[1]).toBeCloseTo(-1, 15);
  });
});

describe('2D manifold vs the 3D narrowphase in the plane z = 0', () => {
  /** A 3D shape on a static body at (x, y, 0) turned by `angle` about z, and its pose. */
  function shape3(world: World, x: number, y: number, angle: number, options: ShapeOptions): { shape: Shape; pose: ShapePose } {
    const body = world.createBody({ type: 'static', position: [x, y, 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], shapes: [options] });
    const shape = body.shapes[0];
    return { shape, pose: new ShapePose().set(body, shape) };
  }
  function collide3(a: { shape: Shape; pose: ShapePose }, b: { shape: Shape; pose: ShapePose }, margin: number): Manifold {
    const m = new Manifold();
    collide(a.shape, a.pose, b.shape, b.pose, margin, m);
    return m;
  }

  it('circles are spheres: the same point, separation and normal to the last bit', () => {
    const random = mulberry32(5);
    const world = new World();
    let compared = 0;
    for (let trial = 0; trial < 500; trial++) {
      const ra = 0.05 + random(), rb = 0.05 + random();
      const ax = 4 * random() - 2, ay = 4 * random() - 2, bx = 4 * random() - 2, by = 4 * random() - 2;
      const m3 = collide3(shape3(world, ax, ay, 0, { type: 'sphere', radius: ra }), shape3(world, bx, by, 0, { type: 'sphere', radius: rb }), 0.5);
      const c2 = contact(circle(ra), pose(ax, ay), circle(rb), pose(bx, by), 0.5);
      expect(c2.points.length).toBe(m3.count);
      if (m3.count === 0) continue;
      expect(c2.points[0].s).toBe(m3.separations[0]);
      expect(c2.points[0].p).toEqual([m3.points[0], m3.points[1]]);
      expect(c2.normal).toEqual([m3.normal[0], m3.normal[1]]);
      expect(m3.points[2]).toBe(0);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('box on box: 3D has 4 points (2 corners × the front and back faces), 2D the same 2 in the plane, equal separations', () => {
    const world = new World();
    for (const [dx, dy, angle] of [[0.3, 0.999, 0], [-0.2, 0.995, 0.002], [0.1, 1.0005, -0.001]]) {
      const ground3 = shape3(world, 0, 0, 0, { type: 'box', halfExtents: [5, 0.5, 0.5] });
      const top3 = shape3(world, dx, dy, angle, { type: 'box', halfExtents: [0.5, 0.5, 0.5] });
      const m3 = collide3(ground3, top3, 0.02);
      const c2 = contact(box(5, 0.5), pose(0, 0), box(0.5, 0.5), pose(dx, dy, angle), 0.02);
      expect(m3.count).toBe(4);
      expect(c2.points.length).toBe(2);
      expect(c2.normal[0]).toBeCloseTo(m3.normal[0], 12);
      expect(c2.normal[1]).toBeCloseTo(m3.normal[1], 12);
      // each 2D point is the x-y of two 3D points (z = ±0.5), with the same separation
      for (const p of c2.points) {
        const twins = [];
        for (let i = 0; i < 4; i++) {
          if (Math.hypot(m3.points[3 * i] - p.p[0], m3.points[3 * i + 1] - p.p[1]) < 1e-12) twins.push(i);
        }
        expect(twins.length).toBe(2);
        expect(twins.map((i) => Math.abs(m3.points[3 * i + 2]))).toEqual([0.5, 0.5]);
        for (const i of twins) expect(m3.separations[i]).toBeCloseTo(p.s, 12);
      }
    }
  });
});

describe('2D manifold: allocation', () => {
  it('collide2D allocates nothing, for every pair of types in both orders', () => {
    const shapes: ShapeGeometry2D[] = [
      circle(0.3), capsule(0.2, 0.4), box(0.5, 0.3), polygon([[0, -0.5], [0.5, 0], [0.2, 0.5], [-0.4, 0.3]]), segment([-1, 0], [1, 0]),
      ...chain([[2, 0], [1, 0], [0, 0.1], [-1, 0]]),
    ];
    const poses = shapes.map((g, i) => (g.type === 'chainSegment' ? pose(0, -0.1) : pose(0.1 * i, 0.05 * (i % 3), 0.3 * i)));
    const out = new Manifold2D();
    out.margin = 0.5;
    let i = 0, j = 0;
    const call = () => {
      collide2D(shapes[i], poses[i], shapes[j], poses[j], out);
      if (++j === shapes.length) { j = 0; if (++i === shapes.length) i = 0; }
    };
    expect(allocatedBytesPerCall(call, 20000, 9)).toBeLessThan(1);
  });
});

describe('2D manifold: degenerate poses', () => {
  it('coincident shapes, centres on vertices and on cores: finite points, unit normals, overlapping separations', () => {
    const shapes: ShapeGeometry2D[] = [
      circle(0.3), capsule(0.2, 0.4), box(0.5, 0.3), polygon([[0, -0.5], [0.5, 0], [0.2, 0.5], [-0.4, 0.3]]), segment([-1, 0], [1, 0]),
      ...chain([[1, 0], [0, 0], [-1, 0]]),
    ];
    const places: [number, number, number][] = [[0, 0, 0], [0.5, 0.3, 0], [0.5, -0.3, Math.PI / 2], [0, 0.4, 0], [1, 0, 0], [1e-13, 1e-13, 0], [0.2, 0.5, Math.PI]];
    let checked = 0;
    for (const a of shapes) {
      for (const b of shapes) {
        for (const [x, y, angle] of places) {
          const c = contact(a, pose(0, 0), b, pose(x, y, angle), 0.05);
          for (const p of c.points) {
            expect(Number.isFinite(p.p[0]) && Number.isFinite(p.p[1]) && Number.isFinite(p.s), `${a.type}-${b.type} at ${x}, ${y}`).toBe(true);
            expect(p.s).toBeLessThan(0.05);
          }
          if (c.points.length > 0) {
            expect(Math.hypot(...c.normal), `${a.type}-${b.type} at ${x}, ${y}`).toBeCloseTo(1, 12);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});

describe('2D manifold: crossing capsules', () => {
  it('cores crossing: the normal points to B\'s side of A', () => {
    for (const side of [1, -1]) {
      for (const angle of [Math.PI / 4, Math.PI / 2, 1]) {
        // B's core crosses A's, B's middle to the right (side 1) or left (side −1) of A's axis
        const c = contact(capsule(0.1, 1), pose(0, 0), capsule(0.2, 0.5), pose(side * 0.1, 0.2, angle), 0);
        expect(c.points.length).toBeGreaterThan(0);
        expect(Math.sign(c.normal[0]), `side ${side}, angle ${angle}`).toBe(side);
        for (const p of c.points) expect(p.s).toBeLessThan(0);
      }
    }
  });
});
