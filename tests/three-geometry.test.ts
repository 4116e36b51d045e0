// Shapes from three.js geometry (sinew-physics/three): the add-ons' mapping of box, sphere, capsule,
// cylinder and cone geometry, hulls of anything else (reduced to 256 vertices when finer), triangle
// meshes from a level's meshes in world space or relative to their root, and a heightfield whose BufferGeometry is the surface
// bodies rest on: three's ray casts on the drawn mesh meet the world's ray casts on the shape.

import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { World } from '../lib/index.js';
import { heightfield, heightfieldGeometry, hullFromGeometry, shapeFromGeometry, trimeshFromGeometry } from '../lib/three/index.js';
import { seededRandom } from './helpers.js';

describe('shapeFromGeometry', () => {
  it('boxes, spheres, capsules, cylinders and cones as themselves, scaled', () => {
    expect(shapeFromGeometry(new THREE.BoxGeometry(2, 1, 0.5))).toEqual({ type: 'box', halfExtents: [1, 0.5, 0.25] });
    expect(shapeFromGeometry(new THREE.BoxGeometry(2, 1, 0.5, 3, 3, 3), { scale: new THREE.Vector3(1, -2, 3) })).toEqual({ type: 'box', halfExtents: [1, 1, 0.75] });
    expect(shapeFromGeometry(new THREE.SphereGeometry(0.5, 8, 6))).toEqual({ type: 'sphere', radius: 0.5 });
    expect(shapeFromGeometry(new THREE.IcosahedronGeometry(0.05, 4), { scale: [2, 2, 2] })).toEqual({ type: 'sphere', radius: 0.1 });
    expect(shapeFromGeometry(new THREE.CapsuleGeometry(0.3, 1.2))).toEqual({ type: 'capsule', radius: 0.3, halfHeight: 0.6 });
    expect(shapeFromGeometry(new THREE.CylinderGeometry(1, 1, 2, 20, 1))).toEqual({ type: 'cylinder', radius: 1, halfHeight: 1 });
    expect(shapeFromGeometry(new THREE.CylinderGeometry(0.5, 0.5, 2, 8), { scale: [2, 3, 2] })).toEqual({ type: 'cylinder', radius: 1, halfHeight: 3 });
    expect(shapeFromGeometry(new THREE.ConeGeometry(1, 2, 12))).toEqual({ type: 'cone', radius: 1, halfHeight: 1 });
  });

  it('anything else, or a primitive moved after it was made or scaled unevenly, as the hull of its vertices', () => {
    const frustum = shapeFromGeometry(new THREE.CylinderGeometry(1, 0.5, 2, 20, 1));
    expect(frustum.type).toBe('hull');
    expect((frustum as unknown as { points: Float64Array }).points.length).toBe(3 * 40); // the two rims
    expect(shapeFromGeometry(new THREE.ConeGeometry(1, 2, 12, 1, false, 0, Math.PI)).type).toBe('hull'); // half a cone
    expect(shapeFromGeometry(new THREE.CylinderGeometry(1, 1, 2, 12), { scale: [1, 1, 2] }).type).toBe('hull'); // elliptic
    expect(shapeFromGeometry(new THREE.TorusKnotGeometry(1, 0.3, 64, 8)).type).toBe('hull');
    // a box moved up by half its height: the hull of its corners, not a box about the origin
    const moved = shapeFromGeometry(new THREE.BoxGeometry(1, 1, 1).translate(0, 0.5, 0)) as { type: string; points: Float64Array };
    expect(moved.type).toBe('hull');
    const ys = Array.from(moved.points).filter((_, i) => i % 3 === 1);
    expect(Math.min(...ys)).toBeCloseTo(0, 12);
    expect(Math.max(...ys)).toBeCloseTo(1, 12);
    expect(shapeFromGeometry(new THREE.BoxGeometry(1, 1, 1).rotateY(0.3)).type).toBe('hull');
    expect(shapeFromGeometry(new THREE.SphereGeometry(1, 8, 6), { scale: [1, 2, 1] }).type).toBe('hull');
    expect(shapeFromGeometry(new THREE.SphereGeometry(1, 16, 8, 0, Math.PI * 2, 0, Math.PI / 2)).type).toBe('hull'); // a dome
  });

  it('names a geometry it cannot use', () => {
    expect(() => shapeFromGeometry({} as THREE.BufferGeometry)).toThrow(/shapeFromGeometry: geometry must be a three.js BufferGeometry, got \{\}/);
    expect(() => shapeFromGeometry(new THREE.PlaneGeometry(1, 1))).toThrow(/hullFromGeometry: the PlaneGeometry's vertices make no hull: .*plane/);
    expect(() => shapeFromGeometry(new THREE.BoxGeometry(), { scale: [1, 0, 1] })).toThrow(/shapeFromGeometry: scale must not be 0 on any axis, got \[1,0,1\]/);
    expect(() => shapeFromGeometry(new THREE.BoxGeometry(), { scale: { x: 1, y: 1 } as THREE.Vector3 })).toThrow(/scale must be a Vector3 \(or \{ x, y, z \}\) or \[x, y, z\] of finite numbers, got \{"x":1,"y":1\}/);
  });
});

describe('hullFromGeometry', () => {
  it('reduces a fine sphere to 256 vertices that still reach out to its radius', () => {
    const geometry = new THREE.SphereGeometry(1, 32, 16); // 482 distinct points
    const hull = hullFromGeometry(geometry);
    const points = hull.points as Float64Array;
    expect(points.length / 3).toBeLessThanOrEqual(256);
    expect(points.length / 3).toBeGreaterThan(200);
    // the hull's reach in 2000 random directions: within 3 % of the sphere's
    const random = seededRandom(3), d = new THREE.Vector3();
    let least = Infinity;
    for (let i = 0; i < 2000; i++) {
      d.set(random() - 0.5, random() - 0.5, random() - 0.5).normalize();
      let reach = -Infinity;
      for (let k = 0; k < points.length; k += 3) reach = Math.max(reach, points[k] * d.x + points[k + 1] * d.y + points[k + 2] * d.z);
      least = Math.min(least, reach);
    }
    expect(least).toBeGreaterThan(0.97);
    expect(least).toBeLessThanOrEqual(1);
    // a body made from it weighs what a ball of radius 1 does, within 2 %
    const body = new World().createBody({ shapes: [hull] });
    expect(body.mass / ((4 / 3) * Math.PI * 1000)).toBeGreaterThan(0.96);
    const fewer = hullFromGeometry(geometry, { maxVertices: 32 });
    expect((fewer.points as Float64Array).length / 3).toBeLessThanOrEqual(32);
    expect(() => hullFromGeometry(geometry, { maxVertices: 300 })).toThrow(/maxVertices must be an integer from 4 to 256, got 300/);
  });
});

describe('trimeshFromGeometry', () => {
  it('a geometry as it is; an indexless one three by three', () => {
    const plane = new THREE.PlaneGeometry(2, 2);
    const mesh = trimeshFromGeometry(plane);
    expect(mesh.vertices.length).toBe(12);
    expect(Array.from(mesh.indices)).toEqual(Array.from(plane.getIndex()!.array));
    const loose = trimeshFromGeometry(plane.toNonIndexed());
    expect(Array.from(loose.indices)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("a level's meshes merged where the scene draws them (or relative to its root), fronts kept in front", () => {
    // a level: a floor turned to face up, moved down 1 m, and a ramp mirrored by a negative scale
    const level = new THREE.Group();
    level.position.set(10, 0, 0);
    const floor = new THREE.Mesh(new THREE.PlaneGeometry(4, 4));
    floor.rotation.x = -Math.PI / 2;
    floor.position.y = -1;
    const ramp = new THREE.Mesh(new THREE.PlaneGeometry(1, 1));
    ramp.rotation.x = -Math.PI / 2;
    ramp.scale.set(-1, 1, 1);
    ramp.position.set(0, 0.5, 5);
    level.add(floor, ramp);
    const shape = trimeshFromGeometry(level);
    expect(shape.indices.length).toBe(12);
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', shapes: [shape] });
    // dropped on the floor at (10, y, 0), a ball lands on it (its front faces up, mirrored or not)
    const ball = world.createBody({ position: [10.5, 1, 0.5], shapes: [{ type: 'sphere', radius: 0.25 }] });
    const onRamp = world.createBody({ position: [10, 2, 5], shapes: [{ type: 'sphere', radius: 0.1 }] });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(ball.position[1]).toBeCloseTo(-0.75, 2);
    expect(onRamp.position[1]).toBeCloseTo(0.6, 2);
    // relative to the root: a body at the root's pose puts the triangles back in place
    const local = trimeshFromGeometry(level, { worldSpace: false });
    const xs = Array.from(local.vertices).filter((_, i) => i % 3 === 0);
    expect(Math.max(...xs)).toBeCloseTo(2, 9);
    expect(() => trimeshFromGeometry(new THREE.Group())).toThrow(/trimeshFromGeometry: the Group holds no triangles/);
    expect(() => trimeshFromGeometry(level, { worldSpace: 'yes' as unknown as boolean })).toThrow(/options.worldSpace must be true or false, got "yes"/);
  });
});

describe('heightfield', () => {
  /** A bumpy 13 x 9 grid (8 m x 6 m) with a hole: heights as numbers. */
  function bumpy() {
    const random = seededRandom(9), rows = 9, columns = 13;
    const heights = Array.from({ length: rows * columns }, () => 2 * random());
    heights[4 * columns + 6] = NaN;
    return heightfield({ heights, rows, columns, size: [8, 6], friction: 0.4 });
  }

  it('its geometry is the surface the world collides with: ray casts meet at random points, and miss together at the hole', () => {
    const { shape, geometry } = bumpy();
    expect(shape.friction).toBe(0.4);
    const world = new World();
    world.createBody({ type: 'static', position: [1, 2, 3], shapes: [shape] });
    const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    mesh.position.set(1, 2, 3);
    mesh.updateMatrixWorld();
    const raycaster = new THREE.Raycaster(), down = new THREE.Vector3(0, -1, 0), random = seededRandom(4);
    let worst = 0, holes = 0;
    for (let i = 0; i < 1000; i++) {
      const x = 1 + (random() - 0.5) * 7.99, z = 3 + (random() - 0.5) * 5.99;
      const hit = world.castRay([x, 10, z], [0, -1, 0], 20);
      raycaster.set(new THREE.Vector3(x, 10, z), down);
      const drawn = raycaster.intersectObject(mesh)[0];
      expect(hit === null).toBe(drawn === undefined);
      if (hit === null) { holes++; continue; }
      worst = Math.max(worst, Math.abs(10 - hit.distance - drawn.point.y));
    }
    expect(worst).toBeLessThan(1e-5); // Float32 vertices
    expect(holes).toBeGreaterThan(0); // the six triangles around the missing height
    // a PlaneGeometry of the same heights splits its cells along the other diagonal: it differs
    const plane = new THREE.PlaneGeometry(8, 6, 12, 8).rotateX(-Math.PI / 2);
    const heights = shape.heights as Float64Array;
    for (let i = 0; i < heights.length; i++) plane.attributes.position.setY(i, Number.isNaN(heights[i]) ? 0 : heights[i]);
    const planeMesh = new THREE.Mesh(plane, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    planeMesh.position.set(1, 2, 3);
    planeMesh.updateMatrixWorld();
    let apart = 0;
    for (let i = 0; i < 300; i++) {
      const x = 1 + (random() - 0.5) * 7.99, z = 3 + (random() - 0.5) * 5.99;
      const hit = world.castRay([x, 10, z], [0, -1, 0], 20);
      raycaster.set(new THREE.Vector3(x, 10, z), down);
      const drawn = raycaster.intersectObject(planeMesh)[0];
      if (hit !== null && drawn !== undefined) apart = Math.max(apart, Math.abs(10 - hit.distance - drawn.point.y));
    }
    expect(apart).toBeGreaterThan(0.1);
  });

  it('heights from a function of x and z; the geometry faces up; bad input is named', () => {
    const { shape, geometry } = heightfield({ heights: (x, z) => 0.1 * x + 0.2 * z, rows: 3, columns: 5, size: { x: 4, y: 2 } });
    // row 0 lies at z = −1, its columns at x = −2 … 2
    const first = Array.from(shape.heights as Float64Array).slice(0, 5);
    [-0.4, -0.3, -0.2, -0.1, 0].forEach((h, i) => expect(first[i]).toBeCloseTo(h, 12));
    geometry.computeVertexNormals();
    expect(geometry.getAttribute('normal').getY(0)).toBeGreaterThan(0.9);
    expect(geometry.getIndex()!.count).toBe(2 * 4 * 2 * 3);
    expect(heightfieldGeometry(shape).getAttribute('position').count).toBe(15);
    expect(() => heightfield({ heights: [1, 2, 3], rows: 2, columns: 2, size: [1, 1] })).toThrow(/heightfield: heights must be a function of \(x, z\) or hold rows · columns = 2 · 2 = 4 numbers, got \[1,2,3\]/);
    expect(() => heightfield({ heights: [0, 0, 0, 0], rows: 1, columns: 4, size: [1, 1] })).toThrow(/heightfield: rows must be an integer ≥ 2, got 1/);
    expect(() => heightfield({ heights: [0, 0, 0, 0], rows: 2, columns: 2, size: [1, -1] })).toThrow(/heightfield: size must be \[x, z\] \(or a Vector2\), two finite numbers > 0, got \[1,-1\]/);
    expect(() => heightfield({ heights: () => 'high' as unknown as number, rows: 2, columns: 2, size: [1, 1] })).toThrow(/heightfield: heights\(-0.5, -0.5\) must return a number \(NaN: a hole\), got "high"/);
  });
});
