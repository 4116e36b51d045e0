// Closed triangle meshes on dynamic bodies: their mass, centre and inertia are those of the solid they
// enclose (against closed forms, and against the same box as a box or hull shape), a mesh that encloses
// none is refused by name, and they rest where geometry puts them on a plane, a heightfield, a static
// mesh and another dynamic mesh, with a ball resting inside a bowl.

import { describe, expect, it } from 'vitest';
import { World, type Body, type ShapeOptions } from '../lib/index.js';
import { bowlMesh, boxMesh, signedVolume, torusMesh, torusVolume, type MeshData } from '../lib/scenes/solids.js';

const DENSITY = 1000;

function dynamicMesh(world: World, mesh: MeshData, position: number[] = [0, 0, 0], orientation: number[] = [0, 0, 0, 1]): Body {
  return world.createBody({ position, orientation, shapes: [{ type: 'trimesh', ...mesh }] });
}

/** The mesh's centre of volume, by summing tetrahedra from the origin (independently of the library). */
function centreOfVolume({ vertices: v, indices: I }: MeshData): number[] {
  let volume = 0;
  const moment = [0, 0, 0];
  for (let t = 0; t < I.length; t += 3) {
    const a = 3 * I[t], b = 3 * I[t + 1], c = 3 * I[t + 2];
    const det = v[a] * (v[b + 1] * v[c + 2] - v[b + 2] * v[c + 1]) + v[a + 1] * (v[b + 2] * v[c] - v[b] * v[c + 2]) + v[a + 2] * (v[b] * v[c + 1] - v[b + 1] * v[c]);
    volume += det / 6;
    for (let k = 0; k < 3; k++) moment[k] += (det / 24) * (v[a + k] + v[b + k] + v[c + k]);
  }
  return moment.map((m) => m / volume);
}

function lowest({ vertices }: MeshData): number {
  let least = Infinity;
  for (let i = 1; i < vertices.length; i += 3) least = Math.min(least, vertices[i]);
  return least;
}

/** The angle of the body's y axis from the world's, rad. */
function tilt(body: Body): number {
  const R = body.rotation;
  return Math.acos(Math.min(1, R[4]));
}

const floors: [string, ShapeOptions][] = [
  ['a plane', { type: 'plane', normal: [0, 1, 0], offset: 0 }],
  ['a heightfield', { type: 'heightfield', heights: new Array(9 * 9).fill(0), rows: 9, columns: 9, size: [8, 8] }],
  ['a static mesh', { type: 'trimesh', vertices: [-4, 0, -4, 4, 0, -4, 4, 0, 4, -4, 0, 4], indices: [0, 2, 1, 0, 3, 2] }],
];

describe('mass properties of a closed mesh', () => {
  it('a box mesh has the mass, centre and inertia of the box, as a box shape and a hull shape give them', () => {
    const [hx, hy, hz] = [0.5, 0.25, 0.1], offset = [1, 2, 3];
    const mesh = boxMesh(hx, hy, hz);
    const moved = { vertices: mesh.vertices.map((x, i) => x + offset[i % 3]), indices: mesh.indices };
    const world = new World();
    const asMesh = dynamicMesh(world, moved);
    const asBox = world.createBody({ position: offset, shapes: [{ type: 'box', halfExtents: [hx, hy, hz] }] });
    const asHull = world.createBody({ shapes: [{ type: 'hull', points: moved.vertices }] });
    const mass = DENSITY * 8 * hx * hy * hz;
    const inertia = [(mass / 3) * (hy * hy + hz * hz), 0, 0, 0, (mass / 3) * (hx * hx + hz * hz), 0, 0, 0, (mass / 3) * (hx * hx + hy * hy)];
    for (const body of [asMesh, asBox, asHull]) {
      expect(body.mass).toBeCloseTo(mass, 10);
      for (let k = 0; k < 3; k++) expect(body.position[k]).toBeCloseTo(offset[k], 12);
      for (let i = 0; i < 9; i++) expect(body.inertiaLocal[i]).toBeCloseTo(inertia[i], 10);
    }
    // the shape sits about the centre of mass: its volume counted once
    expect(asMesh.shapes[0].volume).toBeCloseTo(8 * hx * hy * hz, 14);
  });

  it('a torus mesh has the mass of its polyhedron and the inertia of the smooth torus to the facets\' error', () => {
    const [R, r] = [1, 0.3];
    const mesh = torusMesh(R, r, 96, 48);
    const world = new World();
    const body = dynamicMesh(world, mesh);
    const volume = signedVolume(mesh);
    expect(body.mass).toBeCloseTo(DENSITY * volume, 8);
    // inscribed polygons of n and m sides cut the smooth torus's volume by about (2π/n)²/6 + (2π/m)²/6: 0.36%
    const facets = ((2 * Math.PI) / 96) ** 2 / 6 + ((2 * Math.PI) / 48) ** 2 / 6;
    expect(1 - volume / torusVolume(R, r)).toBeCloseTo(facets, 3);
    const m = body.mass;
    // about its axis (y) m (R² + 3r²/4); about a diameter m (R²/2 + 5r²/8)
    expect(body.inertiaLocal[4] / (m * (R * R + 0.75 * r * r))).toBeCloseTo(1, 2);
    expect(body.inertiaLocal[0] / (m * (0.5 * R * R + 0.625 * r * r))).toBeCloseTo(1, 2);
    expect(body.inertiaLocal[8]).toBeCloseTo(body.inertiaLocal[0], 8);
    for (const i of [1, 2, 3, 5, 6, 7]) expect(Math.abs(body.inertiaLocal[i])).toBeLessThan(1e-9 * m);
    for (let k = 0; k < 3; k++) expect(Math.abs(body.position[k])).toBeLessThan(1e-12);
  });

  it('a bowl\'s centre of mass is its solid\'s centre of volume, low in its bottom', () => {
    const mesh = bowlMesh(0.3, 0.2, 0.03);
    const world = new World();
    const body = dynamicMesh(world, mesh);
    const centre = centreOfVolume(mesh);
    for (let k = 0; k < 3; k++) expect(body.position[k]).toBeCloseTo(centre[k], 12);
    expect(body.mass).toBeCloseTo(DENSITY * signedVolume(mesh), 9);
  });
});

describe('a mesh that encloses no solid is refused on a dynamic body, by name', () => {
  const box = boxMesh(0.5, 0.5, 0.5);
  const open = { vertices: box.vertices, indices: box.indices.slice(3) };
  const flipped = { vertices: box.vertices, indices: box.indices.map((x, i) => (i === 1 ? box.indices[2] : i === 2 ? box.indices[1] : x)) };
  const insideOut = { vertices: box.vertices, indices: box.indices.map((_, i) => box.indices[i - (i % 3) + [0, 2, 1][i % 3]]) };
  const flat = { vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [0, 1, 2, 0, 2, 1] };
  const cases: [string, MeshData, string][] = [
    ['an open edge', open, 'createBody: shapes[0] refused on dynamic body 1: a trimesh on a dynamic body must enclose a solid, and this one does not: it is not closed: the edge from vertex 0 to vertex 6 (triangle 0) is an open edge, on one triangle only'],
    ['an inconsistent winding', flipped, 'createBody: shapes[0] refused on dynamic body 1: a trimesh on a dynamic body must enclose a solid, and this one does not: its winding is inconsistent: the edge from vertex 0 to vertex 6 is run the same way by triangles 0 and 1; neighbours must run a shared edge in opposite directions'],
    ['an inside-out mesh', insideOut, 'createBody: shapes[0] refused on dynamic body 1: a trimesh on a dynamic body must enclose a solid, and this one does not: it encloses volume -1 m³, negative: its triangles are wound clockwise seen from outside (inside out); give them counter-clockwise'],
    ['a flat mesh', flat, 'createBody: shapes[0] refused on dynamic body 1: a trimesh on a dynamic body must enclose a solid, and this one does not: it encloses no volume (0 m³): its triangles lie flat'],
  ];
  for (const [name, mesh, message] of cases) {
    it(`${name}, changing nothing`, () => {
      const world = new World();
      const before = world.hash(), count = world.bodies.length;
      expect(() => world.createBody({ shapes: [{ type: 'trimesh', ...mesh }] })).toThrow(new RangeError(message));
      expect(world.hash()).toBe(before);
      expect(world.bodies.length).toBe(count);
      // the same mesh is a static body's surface as before
      expect(() => world.createBody({ type: 'static', shapes: [{ type: 'trimesh', ...mesh }] })).not.toThrow();
    });
  }

  it('addShape refuses an open mesh on a dynamic body, and the world is as it was', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.3 }] });
    const before = world.hash();
    expect(() => body.addShape({ type: 'trimesh', ...open })).toThrow(/addShape: a trimesh refused on dynamic body 1: .*an open edge/);
    expect(body.shapes).toHaveLength(1);
    expect(world.hash()).toBe(before);
  });

  it('setType refuses to make a body of an open mesh dynamic, and the world is as it was', () => {
    const world = new World();
    const body = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', ...open }] });
    const before = world.hash();
    expect(() => body.setType('dynamic')).toThrow(/setType: shapes\[0\] of body 1 refused on a dynamic body: .*an open edge/);
    expect(body.type).toBe('static');
    expect(world.hash()).toBe(before);
  });
});

describe('a dynamic mesh at rest', () => {
  // (the static mesh made after the bowl as well: the pair's triangles then taken the other way round)
  for (const [name, floor, after] of [...floors.map(([name, floor]) => [name, floor, false] as const), ['a static mesh made after it', floors[2][1], true] as const]) {
    it(`a bowl dropped tilted on ${name} rests upright on its bottom`, () => {
      const mesh = bowlMesh(0.3, 0.2, 0.03);
      const world = new World();
      if (!after) world.createBody({ type: 'static', shapes: [floor] });
      const s = Math.sin(0.05);
      const bowl = dynamicMesh(world, mesh, [0.1, 0.4, -0.1], [s, 0, 0, Math.cos(0.05)]);
      if (after) world.createBody({ type: 'static', shapes: [floor] });
      for (let i = 0; i < 180; i++) world.step(1 / 60);
      // its bottom on the floor: the centre of mass at (centre of volume − lowest point) above it
      const height = centreOfVolume(mesh)[1] - lowest(mesh);
      expect(Math.abs(bowl.position[1] - height)).toBeLessThan(0.005);
      expect(tilt(bowl)).toBeLessThan(0.01);
      expect(Math.hypot(...bowl.linearVelocity)).toBeLessThan(0.01);
      expect(Math.hypot(...bowl.angularVelocity)).toBeLessThan(0.05);
    });
  }

  it('a ball dropped into a bowl resting on the floor stays inside it', () => {
    const mesh = bowlMesh(0.3, 0.2, 0.03);
    const world = new World();
    world.createBody({ type: 'static', shapes: [floors[2][1]] });
    const bowl = dynamicMesh(world, mesh, [0, centreOfVolume(mesh)[1] - lowest(mesh), 0]);
    const ball = world.createBody({ position: [0.12, 0.6, 0.05], shapes: [{ type: 'sphere', radius: 0.05, density: 300 }] });
    let lowestBall = Infinity;
    for (let i = 0; i < 240; i++) {
      world.step(1 / 60);
      if (i > 60) lowestBall = Math.min(lowestBall, ball.position[1]);
    }
    // in the bowl's frame: within the inner wall (radius 0.27) and above the inner bottom (0.03)
    const local = [0, 1, 2].map((k) => ball.position[k] - bowl.position[k]);
    const bottom = bowl.position[1] - (centreOfVolume(mesh)[1] - lowest(mesh));
    expect(Math.hypot(local[0], local[2])).toBeLessThan(0.27 - 0.05 + 0.005);
    expect(lowestBall - bottom).toBeGreaterThan(0.03 + 0.05 - 0.005);
    expect(ball.position[1] - bottom).toBeLessThan(0.2);
    expect(tilt(bowl)).toBeLessThan(0.05);
  });

  it('a can (a cylinder) and a cone set in a bowl resting on the floor stand on its inner bottom', () => {
    const mesh = bowlMesh(0.8, 0.5, 0.08);
    const world = new World();
    world.createBody({ type: 'static', shapes: [floors[2][1]] });
    const bowl = dynamicMesh(world, mesh, [0, centreOfVolume(mesh)[1] - lowest(mesh), 0]);
    const can = world.createBody({ position: [-0.2, 0.35, 0], shapes: [{ type: 'cylinder', radius: 0.12, halfHeight: 0.2 }] });
    const cone = world.createBody({ position: [0.2, 0.35, 0], shapes: [{ type: 'cone', radius: 0.12, halfHeight: 0.15 }] });
    for (let i = 0; i < 180; i++) world.step(1 / 60);
    const bottom = bowl.position[1] - (centreOfVolume(mesh)[1] - lowest(mesh));
    // the inner bottom is 0.08 above the bowl's underside; a cone's centre of mass a quarter up its height
    expect(can.position[1] - bottom).toBeCloseTo(0.08 + 0.2, 2);
    expect(cone.position[1] - bottom).toBeCloseTo(0.08 + 0.3 / 4, 2);
    expect(tilt(can)).toBeLessThan(0.01);
    expect(tilt(cone)).toBeLessThan(0.01);
  });

  it('boxes, a capsule and a hull rest on a dynamic slab mesh, and a box mesh on a box mesh', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [floors[0][1]] });
    const slab = dynamicMesh(world, boxMesh(1, 0.1, 1), [0, 0.1, 0]);
    const box = world.createBody({ position: [-0.5, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.1, 0.1, 0.1] }] });
    const capsule = world.createBody({ position: [0.5, 0.5, 0], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], shapes: [{ type: 'capsule', radius: 0.1, halfHeight: 0.2 }] });
    const hull = world.createBody({ position: [0, 0.5, 0.5], shapes: [{ type: 'hull', points: boxMesh(0.1, 0.1, 0.1).vertices }] });
    const ball = world.createBody({ position: [0, 0.5, -0.5], shapes: [{ type: 'sphere', radius: 0.1 }] });
    const stacked = dynamicMesh(world, boxMesh(0.15, 0.15, 0.15), [0, 0.6, 0]);
    for (let i = 0; i < 180; i++) world.step(1 / 60);
    // the slab's top at 0.2
    expect(slab.position[1]).toBeCloseTo(0.1, 2);
    for (const body of [box, capsule, hull, ball]) expect(body.position[1]).toBeCloseTo(0.3, 2);
    expect(stacked.position[1]).toBeCloseTo(0.35, 2);
    for (const body of [slab, box, capsule, hull, ball, stacked]) expect(Math.hypot(...body.linearVelocity)).toBeLessThan(0.01);
  });

  it('the same scene steps to the same hash, and a snapshot of it continues bit for bit', () => {
    const run = (): World => {
      const world = new World();
      world.createBody({ type: 'static', shapes: [floors[1][1]] });
      dynamicMesh(world, bowlMesh(0.3, 0.2, 0.03), [0, 0.4, 0], [0.1, 0, 0, Math.sqrt(0.99)]);
      world.createBody({ position: [0.05, 0.8, 0], shapes: [{ type: 'sphere', radius: 0.05 }] });
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      return world;
    };
    const a = run(), b = run();
    expect(a.hash()).toBe(b.hash());
    const copy = World.restore(a.snapshot());
    for (let i = 0; i < 30; i++) {
      a.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(a.hash());
  });
});
