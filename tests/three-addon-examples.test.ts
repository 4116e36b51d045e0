// sinew-physics/three's SinewPhysics runs three.js's own physics examples with only the import changed:
// the setup code of physics_rapier_basic, physics_rapier_instancing (physics_jolt_instancing is the same
// scene without the shake button; its code is shared with the browser test's page) and
// physics_rapier_terrain (three-addon-terrain.test.ts), ported from their html as they are
// (their `RapierPhysics()` made `SinewPhysics()`), run in node (three's math and geometry need no
// renderer) on fake timers, so the add-on's own setInterval steps the world as in a browser. Math.random
// is seeded. The scenes run: bodies fall and rest on the floor and the terrain, setMeshPosition
// teleports, setMeshVelocity launches, applyImpulse shakes; the heightfield is the surface the example's
// PlaneGeometry draws, and Rapier's own heightfield given the same arguments.

import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { SinewPhysics } from '../lib/three/index.js';
import type { Body } from '../lib/index.js';
import { instancingScene } from './e2e/three/instancing-scene.js';
import { run, useExampleClock } from './three-addon-harness.js';

useExampleClock();

/** An instance's position. */
function instancePosition(mesh: THREE.InstancedMesh, index: number): THREE.Vector3 {
  const matrix = new THREE.Matrix4();
  mesh.getMatrixAt(index, matrix);
  return new THREE.Vector3().setFromMatrixPosition(matrix);
}

describe('physics_rapier_basic', () => {
  it('boxes and spheres added each second fall, bounce and come to rest on the floor', async () => {
    // --- the example's init(), less the renderer, lights and controls ---
    const scene = new THREE.Scene();
    const geometry = new THREE.BoxGeometry(10, 0.5, 10);
    const material = new THREE.MeshStandardMaterial({ color: 0xffff99 });
    const floor = new THREE.Mesh(geometry, material);
    floor.receiveShadow = true;
    floor.position.y = -0.25;
    floor.userData.physics = { mass: 0 };
    scene.add(floor);

    // --- initPhysics() ---
    const physics = await SinewPhysics();
    physics.addScene(scene);
    const meshes: THREE.Mesh[] = [];
    function addBody(): void {
      const geometry = Math.random() > 0.5 ? new THREE.SphereGeometry(0.5) : new THREE.BoxGeometry(1, 1, 1);
      const material = new THREE.MeshStandardMaterial({ color: Math.floor(Math.random() * 0xffffff) });
      const mesh = new THREE.Mesh(geometry, material);
      mesh.castShadow = true;
      mesh.position.set(Math.random() * 2 - 1, Math.random() * 3 + 6, Math.random() * 2 - 1);
      scene.add(mesh);
      // parameter 2 - mass, parameter 3 - restitution ( how bouncy )
      physics.addMesh(mesh, 1, 0.5);
      meshes.push(mesh);
    }
    addBody();
    const spawner = setInterval(addBody, 1000);

    expect((floor.userData.physics as { body: Body }).body.type).toBe('static');
    run(0.5);
    expect(meshes[0].position.y).toBeLessThan(8); // falling
    run(5.5);
    clearInterval(spawner); // (the example spawns forever; stop, and let the heap settle)
    run(5);
    expect(meshes.length).toBeGreaterThanOrEqual(6); // the first, and one a second for 6 s
    for (const mesh of meshes) {
      const body = (mesh.userData.physics as { body: Body }).body;
      const half = mesh.geometry.type === 'SphereGeometry' ? 0.5 : 0.5 * Math.SQRT2; // a box may rest on an edge
      // a sphere may roll on and off the floor's edge (nothing resists rolling, in sinew as in Rapier, whose
      // example loses spheres over the edge too): then it falls, outside the floor
      if (mesh.geometry.type === 'SphereGeometry' && Math.max(Math.abs(mesh.position.x), Math.abs(mesh.position.z)) > 5) {
        expect(body.linearVelocity[1]).toBeLessThan(0);
        continue;
      }
      // on the floor or on others, over it, and still
      expect(mesh.position.y).toBeGreaterThan(0.5 - 0.01);
      expect(mesh.position.y).toBeLessThan(4 * half + 1);
      expect(Math.abs(mesh.position.x)).toBeLessThan(5);
      expect(Math.abs(mesh.position.z)).toBeLessThan(5);
      // boxes still; a sphere may roll on (nothing resists rolling, in sinew as in Rapier)
      if (mesh.geometry.type === 'BoxGeometry') expect(Math.hypot(...body.linearVelocity)).toBeLessThan(0.05);
      // the mesh is drawn where its body is (these shapes' centres of mass are their origins)
      const drawn = body.getInterpolatedPosition([0, 0, 0]);
      expect(mesh.position.distanceTo(new THREE.Vector3(...drawn))).toBeLessThan(1e-12);
    }
    physics.dispose();
  }, 120_000);
});

/** physics_rapier_instancing's init() (its scene, shake and fountain: tests/e2e/three/instancing-scene.ts,
 * which the browser test's page uses too), with `count` instances per mesh: the example's 400 in the
 * browser, fewer here, as a node test's time goes. The scene reads the window's size for its camera. */
async function instancingExample(count: number) {
  const physics = await SinewPhysics();
  // (a window for the camera only while the scene is made: Rapier's WASM takes a `window` for a browser's)
  const global = globalThis as { window?: unknown };
  global.window = { innerWidth: 960, innerHeight: 540 };
  try {
    return { physics, ...instancingScene(physics, count) };
  } finally {
    delete global.window;
  }
}

/** The highest instance centre, and the lowest of those in the floor's column (|x|, |z| < 5, above its
 * bottom at y = −5): a sphere rolls on the floor, and may roll off its edge and fall past it, as in the
 * example; none may sink into it. */
function heights(meshes: THREE.InstancedMesh[]): { low: number; high: number } {
  let low = Infinity, high = -Infinity;
  for (const mesh of meshes) {
    for (let i = 0; i < mesh.count; i++) {
      const p = instancePosition(mesh, i);
      high = Math.max(high, p.y);
      if (Math.abs(p.x) < 5 && Math.abs(p.z) < 5 && p.y > -5) low = Math.min(low, p.y);
    }
  }
  return { low, high };
}

describe('physics_rapier_instancing (and physics_jolt_instancing)', () => {
  it('instances fall and rest on the floor; setMeshPosition teleports; the fountain and the shake run', async () => {
    const { physics, boxes, spheres, floorCollider, shake, fountain } = await instancingExample(100);
    const world = physics.world;
    expect(world.bodies.length).toBe(201);
    expect((floorCollider.userData.physics as { body: Body }).body.type).toBe('static');
    const bodies = (boxes.userData.physics as { body: Body[] }).body;
    expect(bodies.length).toBe(100);
    expect(bodies[0].shapes[0].type).toBe('box');
    expect((spheres.userData.physics as { body: Body[] }).body[0].shapes[0].type).toBe('sphere');

    run(2.5);
    // resting: boxes of half size 0.0375 and spheres of radius 0.05 on a floor at y = 0, heaped a little
    const rest = heights([boxes, spheres]);
    expect(rest.low).toBeGreaterThan(0.0375 - 0.005);
    expect(rest.high).toBeLessThan(0.5);
    // the boxes are still; spheres that reached the floor roll on it (nothing resists rolling, in sinew as
    // in Rapier), rolling without slipping: v = ω r
    let fastestBox = 0;
    for (const body of bodies) fastestBox = Math.max(fastestBox, Math.hypot(...body.linearVelocity));
    expect(fastestBox).toBeLessThan(0.1);
    for (const body of (spheres.userData.physics as { body: Body[] }).body) {
      if (Math.abs(body.position[1] - 0.05) > 0.002) continue; // on others
      const speed = Math.hypot(...body.linearVelocity), spin = Math.hypot(body.angularVelocity[0], body.angularVelocity[2]);
      expect(Math.abs(speed - 0.05 * spin)).toBeLessThan(0.02 + 0.05 * speed);
    }

    // setMeshPosition: box 7 to (0, 1.5, 0), stopped, its rotation kept; drawn there after the next step
    const box = bodies[7];
    physics.setMeshPosition(boxes, new THREE.Vector3(0, 1.5, 0), 7);
    expect(Array.from(box.position)).toEqual([0, 1.5, 0]);
    expect(Array.from(box.linearVelocity)).toEqual([0, 0, 0]);
    run(1 / 60);
    const teleported = instancePosition(boxes, 7);
    expect(teleported.distanceTo(new THREE.Vector3(0, 1.5, 0))).toBeLessThan(0.01);
    run(1);
    expect(instancePosition(boxes, 7).y).toBeLessThan(0.5); // and it fell back

    // the fountain for a second: 60 boxes and 60 spheres put back at 1-2 m over the middle
    const timer = fountain();
    run(1);
    clearInterval(timer);
    expect(heights([boxes, spheres]).high).toBeGreaterThan(0.8);
    run(2.5);
    expect(heights([boxes, spheres]).high).toBeLessThan(0.6);

    // SHAKE: impulses of up to 5 N·s up on 1 kg throw them up to 1.3 m
    shake();
    run(0.25);
    expect(heights([boxes, spheres]).high).toBeGreaterThan(0.5);
    run(3);
    const settled = heights([boxes, spheres]);
    expect(settled.low).toBeGreaterThan(0.0375 - 0.005);
    expect(settled.high).toBeLessThan(0.6);
    physics.dispose();
  }, 240_000);

  it('setMeshVelocity launches an instance; the interval can be left off and the world stepped from a loop', async () => {
    const { physics, spheres } = await instancingExample(20);
    physics.dispose(); // no interval from here: physics.step(dt) in our own loop
    for (let i = 0; i < 120; i++) physics.step(1 / 60);
    const sphere = (spheres.userData.physics as { body: Body[] }).body[3];
    const start = instancePosition(spheres, 3);
    physics.setMeshVelocity(spheres, new THREE.Vector3(0, 5, 0), 3);
    for (let i = 0; i < 18; i++) physics.step(1 / 60); // 0.3 s: 5 · 0.3 − 9.81 · 0.3² / 2 = 1.06 m up
    const risen = instancePosition(spheres, 3).y - start.y;
    expect(risen).toBeGreaterThan(0.95);
    expect(risen).toBeLessThan(1.1);
    expect(sphere.linearVelocity[1]).toBeCloseTo(5 - 9.81 * 0.3, 1);
    // arrays work where vectors do
    physics.setMeshVelocity(spheres, [1, 0, 0], 3);
    expect(sphere.linearVelocity[0]).toBe(1);
  }, 120_000);

  it('names what is wrong', async () => {
    const { physics, boxes, floorCollider } = await instancingExample(4);
    physics.dispose();
    expect(() => physics.setMeshPosition(boxes, new THREE.Vector3(), 4)).toThrow(/setMeshPosition: index must be an integer from 0 to 3 \(the instances of a mesh of BoxGeometry\), got 4/);
    expect(() => physics.setMeshPosition(floorCollider, new THREE.Vector3())).toThrow(/was added with mass 0: its body is static/);
    expect(() => physics.setMeshVelocity(new THREE.Mesh(new THREE.BoxGeometry()), [0, 1, 0])).toThrow(/setMeshVelocity: a mesh of BoxGeometry was not added \(addMesh or addScene\)/);
    expect(() => physics.applyImpulse(boxes, { x: 0, y: Number.NaN, z: 0 }, 0)).toThrow(/applyImpulse: impulse must be a Vector3 \(or \{ x, y, z \}\) or \[x, y, z\] of finite numbers, got \{"x":0,"y":null,"z":0\}/);
    expect(() => physics.addMesh(boxes, 1)).toThrow(/addMesh: a mesh of BoxGeometry was added already/);
    const flat = new THREE.Mesh(new THREE.PlaneGeometry(1, 1));
    flat.name = 'sheet';
    expect(() => physics.addMesh(flat, 1)).toThrow(/addMesh: mesh 'sheet': hullFromGeometry: the PlaneGeometry's vertices make no hull/);
    expect(() => physics.addMesh(new THREE.Mesh(new THREE.BoxGeometry()), -1)).toThrow(/addMesh: mass must be a finite number ≥ 0 \(kg; 0: static\), got -1/);
    expect(() => physics.addMesh({} as THREE.Mesh)).toThrow(/addMesh: mesh must be a three.js Mesh or InstancedMesh, got \{\}/);
    // removeMesh takes the bodies out
    const before = physics.world.bodies.length;
    physics.removeMesh(boxes);
    expect(physics.world.bodies.length).toBe(before - 4);
    expect(physics.sync.size).toBe(4); // the spheres
  });
});
