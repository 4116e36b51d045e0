// 2D shapes: each shape's mass, centroid and inertia against its closed form (to 1e-12) and against Monte
// Carlo sampling of the region (within 1 %), a body's mass properties from several shapes (parallel
// axis), where the centre of mass puts the body, world bounds against sampled boundary points, and the
// shape's fields and filters.

import { describe, expect, it } from 'vitest';
import { World2D, Shape2D, ShapePose2D, geometryMass, computeMassProperties2D, shouldCollide, type Shape2DOptions } from '../lib/2d/index.js';
import { seededRandom } from './helpers.js';

const near = (a: number, b: number, tol: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

function makeShape(options: Shape2DOptions): Shape2D {
  return new Shape2D('test', 'shape', options);
}
function massOf(shape: Shape2D) {
  return geometryMass(shape.geometry!, shape.density, { mass: 0, centre: new Float64Array(2), inertia: 0 });
}

/** Whether p (shape frame) is inside the shape. */
function inside(shape: Shape2D, x: number, y: number): boolean {
  const g = shape.geometry!;
  if (g.type === 'circle') return x * x + y * y < g.radius * g.radius;
  if (g.type === 'capsule') {
    const cy = Math.max(-g.halfHeight, Math.min(g.halfHeight, y));
    return x * x + (y - cy) * (y - cy) < g.radius * g.radius;
  }
  if (g.type === 'polygon') {
    for (let i = 0; i < g.count; i++) {
      if (g.normals[2 * i] * (x - g.vertices[2 * i]) + g.normals[2 * i + 1] * (y - g.vertices[2 * i + 1]) > 0) return false;
    }
    return true;
  }
  return false;
}

/** Area, centroid and polar moment about the centroid by sampling the shape's bounding box. */
function monteCarlo(shape: Shape2D, samples: number, seed: number) {
  const box = shape.computeBounds(new ShapePose2D(), new Float64Array(4));
  const random = seededRandom(seed);
  const w = box[2] - box[0], h = box[3] - box[1];
  let n = 0, sx = 0, sy = 0, s2 = 0;
  for (let i = 0; i < samples; i++) {
    const x = box[0] + w * random(), y = box[1] + h * random();
    if (!inside(shape, x, y)) continue;
    n++; sx += x; sy += y; s2 += x * x + y * y;
  }
  const area = (w * h * n) / samples, cx = sx / n, cy = sy / n;
  const polar = ((w * h) / samples) * s2 - area * (cx * cx + cy * cy);
  return { area, cx, cy, polar, size: Math.hypot(w, h) };
}

const SOLIDS: Shape2DOptions[] = [
  { type: 'circle', radius: 0.7 },
  { type: 'capsule', radius: 0.3, halfHeight: 0.8 },
  { type: 'box', halfExtents: [1.2, 0.4] },
  { type: 'polygon', points: [[0, 0], [2, 0.3], [1.5, 1.4], [0.2, 1.1]] },
  { type: 'polygon', points: [[-1, -0.5], [0.7, -0.9], [1.3, 0.2], [0.9, 1.0], [-0.1, 1.4], [-1.2, 0.6]] },
  { type: 'polygon', points: [[3, 1], [4, 1], [3.5, 2.2]] },
];

describe('2D shape mass properties', () => {
  it('circle: m = ρπr², I = m r²/2 to 1e-12', () => {
    const m = massOf(makeShape({ type: 'circle', radius: 0.7, density: 250 }));
    near(m.mass, 250 * Math.PI * 0.49, 1e-12);
    near(m.inertia, (m.mass * 0.49) / 2, 1e-12);
    expect([...m.centre]).toEqual([0, 0]);
  });

  it('capsule: the polar moment integrated across the shape to 1e-12, and a capsule of halfHeight 0 is a circle', () => {
    const r = 0.3, h = 0.8, rho = 700;
    const m = massOf(makeShape({ type: 'capsule', radius: r, halfHeight: h, density: rho }));
    near(m.mass, rho * (4 * r * h + Math.PI * r * r), 1e-12);
    // ∫∫ (x² + y²) over |x| ≤ r, |y| ≤ Y(x) = h + √(r² − x²): ∫ (2x²Y + 2Y³/3) dx, x = r sin t (Simpson)
    const n = 20000, dt = Math.PI / n;
    let sum = 0;
    for (let i = 0; i <= n; i++) {
      const t = -Math.PI / 2 + i * dt, x = r * Math.sin(t), Y = h + r * Math.cos(t);
      const f = (2 * x * x * Y + (2 * Y * Y * Y) / 3) * r * Math.cos(t);
      sum += (i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2) * f;
    }
    near(m.inertia, (rho * sum * dt) / 3, 1e-12);
    const flat = massOf(makeShape({ type: 'capsule', radius: r, halfHeight: 0, density: rho }));
    const disc = massOf(makeShape({ type: 'circle', radius: r, density: rho }));
    near(flat.mass, disc.mass, 1e-15);
    near(flat.inertia, disc.inertia, 1e-15);
  });

  it('box: m = 4ρ hx hy, I = m (w² + h²)/12 to 1e-12', () => {
    const m = massOf(makeShape({ type: 'box', halfExtents: [1.2, 0.4], density: 3 }));
    near(m.mass, 3 * 4 * 1.2 * 0.4, 1e-12);
    near(m.inertia, (m.mass * (2.4 * 2.4 + 0.8 * 0.8)) / 12, 1e-12);
    near(Math.hypot(m.centre[0], m.centre[1]), 0, 1e-15);
  });

  it('triangle: I = m (a² + b² + c²)/36 about its centroid, centroid the vertices\' mean, to 1e-12', () => {
    const p = [[3, 1], [4, 1], [3.5, 2.2]];
    const m = massOf(makeShape({ type: 'polygon', points: p, density: 2 }));
    const d2 = (i: number, j: number) => (p[i][0] - p[j][0]) ** 2 + (p[i][1] - p[j][1]) ** 2;
    near(m.mass, 2 * 0.5 * 1 * 1.2, 1e-12);
    near(m.centre[0], 3.5, 1e-12);
    near(m.centre[1], 4.2 / 3, 1e-12);
    near(m.inertia, (m.mass * (d2(0, 1) + d2(1, 2) + d2(2, 0))) / 36, 1e-12);
  });

  it('regular hexagon of side s: I = 5 m s²/12 to 1e-12, whichever vertex the fan starts from', () => {
    const s = 0.9;
    for (let start = 0; start < 6; start++) {
      const points = Array.from({ length: 6 }, (_, i) => [s * Math.cos(((i + start) * Math.PI) / 3) + 5, s * Math.sin(((i + start) * Math.PI) / 3) - 2]);
      const m = massOf(makeShape({ type: 'polygon', points }));
      near(m.mass, 1000 * ((3 * Math.sqrt(3)) / 2) * s * s, 1e-12);
      near(m.inertia, (5 * m.mass * s * s) / 12, 1e-12);
      near(m.centre[0], 5, 1e-12);
      near(m.centre[1], -2, 1e-12);
    }
  });

  it('every solid matches Monte Carlo sampling of its region within 1 %', () => {
    SOLIDS.forEach((options, k) => {
      const shape = makeShape(options);
      const m = massOf(shape), mc = monteCarlo(shape, 400_000, 17 + k);
      near(mc.area * 1000, m.mass, 0.01);
      expect(Math.abs(mc.cx - m.centre[0])).toBeLessThan(0.01 * mc.size);
      expect(Math.abs(mc.cy - m.centre[1])).toBeLessThan(0.01 * mc.size);
      near(mc.polar * 1000, m.inertia, 0.01);
      // the polygon's stored centroid is the mass centroid
      const g = shape.geometry!;
      if (g.type === 'polygon') {
        near(g.centroid[0], m.centre[0], 1e-12);
        near(g.centroid[1], m.centre[1], 1e-12);
      }
    });
  });

  it('segments and chains weigh nothing', () => {
    expect(massOf(makeShape({ type: 'segment', points: [[0, 0], [1, 0]] })).mass).toBe(0);
    expect(computeMassProperties2D([makeShape({ type: 'chain', points: [[0, 0], [1, 0], [2, 1]] })])).toBeNull();
  });
});

describe('Body2D with shapes', () => {
  it('takes mass, centre and inertia from its shapes (parallel axis), and its position is the centre of mass', () => {
    const world = new World2D();
    const r = 0.25, d = 1, angle = 0.6;
    const body = world.createBody({
      position: [2, 3], angle,
      shapes: [
        { type: 'circle', radius: r, position: [-d, 0.5] },
        { type: 'circle', radius: r, position: [d, 0.5], density: 3000 },
      ],
    });
    const m1 = 1000 * Math.PI * r * r, m2 = 3 * m1;
    near(body.mass, m1 + m2, 1e-12);
    // centre (body frame, about the origin given): x̄ = (−m1 d + m2 d)/(m1 + m2) = d/2, ȳ = 0.5
    const cx = d / 2, cy = 0.5;
    near(body.position[0], 2 + Math.cos(angle) * cx - Math.sin(angle) * cy, 1e-12);
    near(body.position[1], 3 + Math.sin(angle) * cx + Math.cos(angle) * cy, 1e-12);
    near(body.inertia, m1 * r * r / 2 + m2 * r * r / 2 + m1 * (d + cx) ** 2 + m2 * (d - cx) ** 2, 1e-12);
    // shapes placed about the centre of mass, knowing their body and place
    near(body.shapes[0].position[0], -d - cx, 1e-15);
    near(body.shapes[1].position[0], d - cx, 1e-15);
    near(body.shapes[0].position[1], 0, 1e-15);
    expect(body.shapes.map((s) => [s.body, s.index])).toEqual([[body, 0], [body, 1]]);
    expect(Object.isFrozen(body.shapes)).toBe(true);
  });

  it('a rotated box off the origin: I = I_box + m |c|² is not needed (one shape), its centre of mass is the box centre', () => {
    const world = new World2D();
    const body = world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 0.5], position: [3, -1], angle: 0.4 }] });
    const m = 1000 * 2;
    near(body.mass, m, 1e-12);
    near(body.inertia, (m * (4 + 1)) / 12, 1e-12);
    near(body.position[0], 3, 1e-12);
    near(body.position[1], -1, 1e-12);
    near(Math.hypot(body.shapes[0].position[0], body.shapes[0].position[1]), 0, 1e-15);
    near(body.shapes[0].rotation[0], Math.cos(0.4), 1e-15);
    near(body.shapes[0].rotation[1], Math.sin(0.4), 1e-15);
  });

  it('an explicit mass scales the shapes\' inertia; mass and inertia both given win, the shapes placed about position', () => {
    const world = new World2D();
    const shapes: Shape2DOptions[] = [{ type: 'circle', radius: 0.5, position: [1, 0] }];
    const scaled = world.createBody({ mass: 2, shapes });
    near(scaled.mass, 2, 0);
    near(scaled.inertia, (2 * 0.25) / 2, 1e-12);
    near(scaled.position[0], 1, 1e-15);
    const given = world.createBody({ mass: 2, inertia: 7, shapes });
    expect([given.mass, given.inertia, given.position[0], given.shapes[0].position[0]]).toEqual([2, 7, 0, 1]);
  });

  it('static and kinematic bodies keep their shapes where given; segments and chains go on them', () => {
    const world = new World2D();
    const ground = world.createBody({
      type: 'static', position: [0, -1],
      shapes: [{ type: 'segment', points: [[-5, 0], [5, 0]] }, { type: 'chain', points: [[0, 0], [1, 1], [2, 0]], loop: true }, { type: 'box', halfExtents: [1, 1], position: [3, 0] }],
    });
    expect(ground.inverseMass).toBe(0);
    expect([...ground.position]).toEqual([0, -1]);
    expect([...ground.shapes[2].position]).toEqual([3, 0]);
    const platform = world.createBody({ type: 'kinematic', shapes: [{ type: 'chain', points: [[0, 0], [1, 0]] }] });
    expect(platform.shapes[0].childCount).toBe(1);
  });

  it('setType to dynamic takes the shapes\' mass and moves the centre there, the shapes staying put in the world', () => {
    const world = new World2D();
    const body = world.createBody({ type: 'static', position: [1, 1], angle: Math.PI / 2, shapes: [{ type: 'circle', radius: 0.5, position: [2, 0] }] });
    body.setType('dynamic');
    near(body.mass, 1000 * Math.PI * 0.25, 1e-12);
    near(body.inertia, (body.mass * 0.25) / 2, 1e-12);
    near(body.position[0], 1, 1e-12);
    near(body.position[1], 3, 1e-12);
    expect([...body.centreShift]).toEqual([2, 0]);
    expect([...body.shapes[0].position]).toEqual([0, 0]);
  });

  it('a body without shapes keeps the 1 kg, 1/6 kg·m² defaults', () => {
    const body = new World2D().createBody({});
    expect([body.mass, body.inertia, body.shapes.length]).toEqual([1, 1 / 6, 0]);
  });

  it('falls freely with its shapes\' mass (nothing collides yet): the shapes ride along', () => {
    const world = new World2D();
    const body = world.createBody({ shapes: [{ type: 'capsule', radius: 0.2, halfHeight: 0.5 }], angularVelocity: 1 });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    near(body.position[1], -0.5 * 9.81 * 1, 0.02);
    expect(body.shapes[0].body).toBe(body);
  });
});

describe('2D shape bounds and fields', () => {
  it('contains every sampled boundary point at random poses, and touches the extremes (to 1e-3 of the size)', () => {
    const random = seededRandom(5);
    const all: Shape2DOptions[] = [...SOLIDS, { type: 'segment', points: [[-1, 0.2], [1.5, 0.7]] }];
    for (const options of all) {
      const shape = makeShape(options);
      for (let trial = 0; trial < 20; trial++) {
        const pose = new ShapePose2D();
        const phi = random() * 7 - 3.5;
        pose.c[0] = random() * 10 - 5; pose.c[1] = random() * 10 - 5;
        pose.R[0] = Math.cos(phi); pose.R[1] = Math.sin(phi);
        const box = shape.computeBounds(pose, new Float64Array(4));
        const seen = [Infinity, Infinity, -Infinity, -Infinity];
        let worst = -Infinity;
        for (const [x, y] of boundary(shape, 2000)) {
          const wx = pose.c[0] + pose.R[0] * x - pose.R[1] * y, wy = pose.c[1] + pose.R[1] * x + pose.R[0] * y;
          worst = Math.max(worst, box[0] - wx, box[1] - wy, wx - box[2], wy - box[3]);
          seen[0] = Math.min(seen[0], wx); seen[1] = Math.min(seen[1], wy); seen[2] = Math.max(seen[2], wx); seen[3] = Math.max(seen[3], wy);
        }
        expect(worst).toBeLessThanOrEqual(1e-12);
        for (let k = 0; k < 4; k++) expect(Math.abs(seen[k] - box[k])).toBeLessThan(1e-3 * 3);
      }
    }
  });

  it('a chain: segments with ghosts (a loop closes; an open chain\'s ends extended), bounds over all or one child', () => {
    const loop = makeShape({ type: 'chain', points: [[0, 0], [2, 0], [2, 1], [0, 1]], loop: true });
    expect(loop.geometry).toBeNull();
    expect(loop.childCount).toBe(4);
    const c0 = loop.children[0];
    expect([[...c0.ghost1], [...c0.point1], [...c0.point2], [...c0.ghost2]]).toEqual([[0, 1], [0, 0], [2, 0], [2, 1]]);
    const c3 = loop.children[3];
    expect([[...c3.ghost1], [...c3.point1], [...c3.point2], [...c3.ghost2]]).toEqual([[2, 1], [0, 1], [0, 0], [2, 0]]);
    const open = makeShape({ type: 'chain', points: [[0, 0], [1, 0], [2, 1]] });
    expect(open.childCount).toBe(2);
    expect([...open.children[0].ghost1]).toEqual([-1, 0]);
    expect([...open.children[1].ghost2]).toEqual([3, 2]);
    expect([...open.children[0].ghost2]).toEqual([2, 1]);
    expect([...open.children[1].ghost1]).toEqual([0, 0]);
    const pose = new ShapePose2D();
    expect([...loop.computeBounds(pose, new Float64Array(4))]).toEqual([0, 0, 2, 1]);
    expect([...loop.computeBounds(pose, new Float64Array(4), 1)]).toEqual([2, 0, 2, 1]);
    expect(loop.childGeometry(2)).toBe(loop.children[2]);
  });

  it('a box is a counter-clockwise polygon of 4 vertices with outward unit normals; clockwise points are reversed', () => {
    const box = makeShape({ type: 'box', halfExtents: [2, 1] });
    expect([...box.vertices]).toEqual([-2, -1, 2, -1, 2, 1, -2, 1]);
    const g = box.geometry!;
    if (g.type !== 'polygon') throw new Error('not a polygon');
    expect([...g.normals].map((x) => x + 0)).toEqual([0, -1, 1, 0, 0, 1, -1, 0]);
    const cw = makeShape({ type: 'polygon', points: [[0, 0], [0, 1], [1, 1], [1, 0]] });
    expect([...cw.vertices]).toEqual([1, 0, 1, 1, 0, 1, 0, 0]);
  });

  it('filters as 3D: categories meet masks, a shared group decides by its sign, two sensors never', () => {
    const a = makeShape({ type: 'circle', radius: 1, category: 2, mask: 0b101 });
    const b = makeShape({ type: 'circle', radius: 1, category: 4, mask: 2 });
    const c = makeShape({ type: 'circle', radius: 1, category: 8 });
    expect([shouldCollide(a, b), shouldCollide(a, c)]).toEqual([true, false]);
    const g1 = makeShape({ type: 'circle', radius: 1, group: -3 }), g2 = makeShape({ type: 'circle', radius: 1, group: -3 });
    expect(shouldCollide(g1, g2)).toBe(false);
    const s1 = makeShape({ type: 'circle', radius: 1, sensor: true }), s2 = makeShape({ type: 'circle', radius: 1, sensor: true });
    expect([shouldCollide(s1, s2), shouldCollide(s1, a)]).toEqual([false, true]);
    a.friction = 0.2;
    a.mask = ~0b100;
    expect([a.friction, a.mask]).toEqual([0.2, 0xfffffffb]);
    expect(() => (a.restitution = 2)).toThrow(/restitution must be in \[0, 1\], got 2/);
  });

  it('describe() rebuilds the same shape', () => {
    for (const options of [...SOLIDS, { type: 'chain', points: [[0, 0], [1, 0], [2, 1]], loop: false } as Shape2DOptions]) {
      const shape = makeShape({ ...options, position: [0.5, -0.25], angle: 0.3, friction: 0.1, group: 2 });
      const again = makeShape(shape.describe());
      expect(again.describe()).toEqual(shape.describe());
      expect([...again.vertices]).toEqual([...shape.vertices]);
    }
  });
});

/** Points along a shape's boundary (shape frame). */
function boundary(shape: Shape2D, n: number): number[][] {
  const g = shape.geometry!;
  const out: number[][] = [];
  if (g.type === 'circle') for (let i = 0; i < n; i++) out.push([g.radius * Math.cos((2 * Math.PI * i) / n), g.radius * Math.sin((2 * Math.PI * i) / n)]);
  else if (g.type === 'capsule') {
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / n, x = g.radius * Math.cos(t), y = g.radius * Math.sin(t);
      out.push([x, y + (y >= 0 ? g.halfHeight : -g.halfHeight)]);
    }
  } else if (g.type === 'polygon') for (let i = 0; i < g.count; i++) out.push([g.vertices[2 * i], g.vertices[2 * i + 1]]);
  else if (g.type === 'segment') out.push([...g.point1], [...g.point2]);
  return out;
}

describe('2D shapes in snapshots and hashes', () => {
  function build(friction = 0.6): World2D {
    const world = new World2D();
    world.createBody({ type: 'static', shapes: [{ type: 'chain', points: [[-5, 0], [0, -1], [5, 0]] }, { type: 'segment', points: [[-5, 3], [5, 3]], friction }] });
    world.createBody({ position: [1, 2], angle: 0.3, angularVelocity: 2, shapes: [{ type: 'box', halfExtents: [0.5, 0.2], position: [0.3, 0] }, { type: 'circle', radius: 0.2, position: [-0.4, 0.1], density: 500 }] });
    world.createBody({ type: 'kinematic', shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [0, 1]], sensor: true, group: -2 }] });
    return world;
  }

  it('restore rebuilds every shape where it was and continues bit for bit', () => {
    const world = build();
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    const copy = World2D.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.hash()).toBe(world.hash());
    copy.bodies.forEach((body, i) => {
      const original = world.bodies[i];
      expect(body.shapes.map((s) => s.describe())).toEqual(original.shapes.map((s) => s.describe()));
      expect([body.mass, body.inertia]).toEqual([original.mass, original.inertia]);
    });
    for (let i = 0; i < 10; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(world.hash());
  });

  it('the hash tells shapes apart (a friction differs)', () => {
    expect(build(0.6).hash()).toBe(build(0.6).hash());
    expect(build(0.5).hash()).not.toBe(build(0.6).hash());
  });
});

describe('Body2D.addShape and removeShape', () => {
  it('adding a shape gives the mass of both, moves the centre to theirs, and nothing moves in the world', () => {
    const world = new World2D({ gravity: [0, 0] });
    const body = world.createBody({ position: [1, 2], angle: 0.5, shapes: [{ type: 'circle', radius: 0.5 }] });
    const pivot = world.createRevoluteJoint({ bodyA: body, anchor: [1.3, 2.4] });
    const before = body.getWorldPoint([0, 0], body.shapes[0].position);
    const shape = body.addShape({ type: 'box', halfExtents: [0.5, 0.25], position: [2, 0] });
    const mc = 1000 * Math.PI * 0.25, mb = 1000 * 0.5;
    near(body.mass, mc + mb, 1e-12);
    // the centre moved along the body's x by d = 2 mb/(mc + mb)
    const d = (2 * mb) / (mc + mb);
    near(body.centreShift[0], d, 1e-12);
    near(body.position[0], 1 + Math.cos(0.5) * d, 1e-12);
    near(body.position[1], 2 + Math.sin(0.5) * d, 1e-12);
    near(body.inertia, (mc * 0.25) / 2 + mc * d * d + (mb * (1 + 0.25)) / 12 + mb * (2 - d) ** 2, 1e-12);
    const after = body.getWorldPoint([0, 0], body.shapes[0].position);
    near(after[0], before[0], 1e-12);
    near(after[1], before[1], 1e-12);
    expect([shape.body, shape.index]).toEqual([body, 1]);
    // the joint's anchor stays on the same point of the body
    const anchor = pivot.getAnchorA([0, 0]);
    near(anchor[0], 1.3, 1e-12);
    near(anchor[1], 2.4, 1e-12);
    // removing it undoes it
    body.removeShape(shape);
    near(body.mass, mc, 1e-12);
    near(body.inertia, (mc * 0.25) / 2, 1e-12);
    near(body.centreShift[0], 0, 1e-12);
    expect([shape.body, shape.index, body.shapes.length]).toEqual([null, -1, 1]);
    near(pivot.getAnchorA([0, 0])[0], 1.3, 1e-12);
  });

  it('refuses, changing nothing: a segment on a dynamic body, a shape of another body, bad options', () => {
    const world = new World2D();
    const body = world.createBody({ shapes: [{ type: 'circle', radius: 0.5 }] });
    const other = world.createBody({ shapes: [{ type: 'circle', radius: 0.5 }] });
    const hash = world.hash();
    expect(() => body.addShape({ type: 'segment', points: [[0, 0], [1, 0]] })).toThrow(/addShape: shape is a segment, which only a static or kinematic body may have/);
    expect(() => body.addShape({ type: 'circle', radius: -1 })).toThrow(/addShape: shape\.radius must be .* got -1/);
    expect(() => body.removeShape(other.shapes[0])).toThrow(/removeShape: shape must be one of body \d+'s shapes, got a shape of another body/);
    expect(world.hash()).toBe(hash);
    const ground = world.createBody({ type: 'static' });
    ground.addShape({ type: 'chain', points: [[0, 0], [1, 0], [2, 1]] });
    expect(ground.shapes.length).toBe(1);
  });
});

describe('shapes added and removed in a world with contacts', () => {
  it('a ball lands on a box added to the ground mid-fall, and falls again when it is removed', () => {
    const world = new World2D();
    const ground = world.createBody({ type: 'static' });
    const ball = world.createBody({ position: [0, 2], shapes: [{ type: 'circle', radius: 0.25 }] });
    for (let i = 0; i < 5; i++) world.step(1 / 60);
    const floor = ground.addShape({ type: 'box', halfExtents: [5, 0.5] });
    for (let i = 0; i < 180; i++) world.step(1 / 60);
    near(ball.position[1], 0.75, 0.02);
    expect(Math.abs(ball.linearVelocity[1])).toBeLessThan(0.05);
    ground.removeShape(floor);
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    expect(ball.position[1]).toBeLessThan(0.3);
  });
});

describe('2D shapes weigh what their 3D twins 1 m thick do', () => {
  it('a box and a cylinder about z: the same mass and I_zz as the 2D box and circle, to 1e-12', async () => {
    const { World } = await import('../lib/index.js');
    const world3 = new World(), world2 = new World2D();
    const box3 = world3.createBody({ shapes: [{ type: 'box', halfExtents: [0.7, 0.3, 0.5] }] });
    const box2 = world2.createBody({ shapes: [{ type: 'box', halfExtents: [0.7, 0.3] }] });
    near(box2.mass, box3.mass, 1e-12);
    near(box2.inertia, box3.inertiaLocal[8], 1e-12);
    // a cylinder's axis is its y: turned a quarter about x, it lies along z
    const s = Math.SQRT1_2;
    const disc3 = world3.createBody({ shapes: [{ type: 'cylinder', radius: 0.4, halfHeight: 0.5, orientation: [s, 0, 0, s] }] });
    const disc2 = world2.createBody({ shapes: [{ type: 'circle', radius: 0.4 }] });
    near(disc2.mass, disc3.mass, 1e-12);
    near(disc2.inertia, disc3.inertiaLocal[8], 1e-12);
  });
});
