// sinew-physics/three's SinewPhysics runs three.js's own physics examples with only the import changed:
// the setup code of physics_rapier_basic, physics_rapier_instancing (physics_jolt_instancing is the same
// scene without the shake button; its code is shared with the browser test's page) and
// physics_rapier_terrain, ported from their html as they are
// (their `RapierPhysics()` made `SinewPhysics()`), run in node (three's math and geometry need no
// renderer) on fake timers, so the add-on's own setInterval steps the world as in a browser. Math.random
// is seeded. The scenes run: bodies fall and rest on the floor and the terrain, setMeshPosition
// teleports, setMeshVelocity launches, applyImpulse shakes; the heightfield is the surface the example's
// PlaneGeometry draws, and Rapier's own heightfield given the same arguments.

import RAPIER from '@dimforge/rapier3d-compat';
import * as THREE from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SinewPhysics, type SinewPhysicsInstance } from '../lib/three/index.js';
import type { Body } from '../lib/index.js';
import { seededRandom } from './helpers.js';
import { instancingScene } from './e2e/three/instancing-scene.js';

/** The add-ons step 60 times a second. */
const FRAME = 1000 / 60;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'] });
  vi.spyOn(Math, 'random').mockImplementation(seededRandom(20260601));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Runs the page for `seconds`: timers fire as they would, and `animate` (the example's
 * renderer.setAnimationLoop callback, if any) once per 60 Hz frame. */
function run(seconds: number, animate?: () => void): void {
  const frames = Math.round(seconds * 60);
  for (let i = 0; i < frames; i++) {
    vi.advanceTimersByTime(FRAME);
    animate?.();
  }
}

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

// ---- physics_rapier_terrain ----

const terrainWidthExtents = 100;
const terrainDepthExtents = 100;
const terrainWidth = 128;
const terrainDepth = 128;
const terrainMaxHeight = 8;
const terrainMinHeight = -2;

/** The example's generateHeight. */
function generateHeight(width: number, depth: number, minHeight: number, maxHeight: number): Float32Array {
  const size = width * depth;
  const data = new Float32Array(size);
  const hRange = maxHeight - minHeight;
  const w2 = width / 2;
  const d2 = depth / 2;
  const phaseMult = 12;
  let p = 0;
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const radius = Math.sqrt(Math.pow((i - w2) / w2, 2.0) + Math.pow((j - d2) / d2, 2.0));
      const height = (Math.sin(radius * phaseMult) + 1) * 0.5 * hRange + minHeight;
      data[p] = height;
      p++;
    }
  }
  return data;
}

/** The example's terrain mesh (initGraphics). */
function terrainMeshOf(heightData: Float32Array): THREE.Mesh {
  const geometry = new THREE.PlaneGeometry(terrainWidthExtents, terrainDepthExtents, terrainWidth - 1, terrainDepth - 1);
  geometry.rotateX(-Math.PI / 2);
  const vertices = geometry.attributes.position.array;
  for (let i = 0, j = 0, l = vertices.length; i < l; i++, j += 3) vertices[j + 1] = heightData[i];
  geometry.computeVertexNormals();
  return new THREE.Mesh(geometry, new THREE.MeshPhongMaterial({ color: 0xc7c7c7 }));
}

describe('physics_rapier_terrain', () => {
  it("the heightfield is the surface the example's PlaneGeometry draws, and Rapier's for the same arguments", async () => {
    const heightData = generateHeight(terrainWidth, terrainDepth, terrainMinHeight, terrainMaxHeight);
    const terrainMesh = terrainMeshOf(heightData);
    const physics = await SinewPhysics({ interval: false });
    const body = physics.addHeightfield(terrainMesh, terrainWidth - 1, terrainDepth - 1, heightData, { x: terrainWidthExtents, y: 1.0, z: terrainDepthExtents });
    expect((terrainMesh.userData.physics as { body: Body }).body).toBe(body);

    await RAPIER.init();
    const rapier = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    rapier.createCollider(RAPIER.ColliderDesc.heightfield(terrainWidth - 1, terrainDepth - 1, heightData, { x: terrainWidthExtents, y: 1, z: terrainDepthExtents }));
    rapier.step();

    const random = seededRandom(11), raycaster = new THREE.Raycaster(), down = new THREE.Vector3(0, -1, 0);
    let worst = 0, worstRapier = 0;
    for (let i = 0; i < 300; i++) {
      const x = (random() - 0.5) * 99, z = (random() - 0.5) * 99;
      const hit = physics.world.castRay([x, 100, z], [0, -1, 0], 200)!;
      raycaster.set(new THREE.Vector3(x, 100, z), down);
      const drawn = raycaster.intersectObject(terrainMesh)[0];
      const rapierHit = rapier.castRay(new RAPIER.Ray({ x, y: 100, z }, { x: 0, y: -1, z: 0 }), 200, true)!;
      const y = 100 - hit.distance;
      worst = Math.max(worst, Math.abs(y - drawn.point.y));
      worstRapier = Math.max(worstRapier, Math.abs(y - (100 - rapierHit.timeOfImpact)));
    }
    // Float32 vertices (three's) and Float32 arithmetic (Rapier's) against doubles: ~1e-6 of 100 m
    expect(worst).toBeLessThan(1e-4);
    expect(worstRapier).toBeLessThan(1e-4);
  });

  it("addHeightfield reads heights as Rapier does: an uneven grid of random heights, turned and moved", async () => {
    // the example's terrain is symmetric; this grid is not (6 x 3 cells of random heights, scaled in y),
    // so a transposed or flipped layout, or the other cell diagonal, would show
    const random = seededRandom(5);
    const width = 6, depth = 3, heights = new Float32Array((width + 1) * (depth + 1));
    for (let i = 0; i < heights.length; i++) heights[i] = random() * 4;
    const mesh = new THREE.Mesh(new THREE.BufferGeometry());
    mesh.position.set(3, -1, 2);
    mesh.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 0), 0.4);
    const scale = { x: 12, y: 0.5, z: 9 };
    const physics = await SinewPhysics({ interval: false });
    physics.addHeightfield(mesh, width, depth, heights, scale);

    await RAPIER.init();
    const rapier = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    const fixed = rapier.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(3, -1, 2).setRotation(mesh.quaternion));
    rapier.createCollider(RAPIER.ColliderDesc.heightfield(width, depth, heights, scale), fixed);
    rapier.step();
    let worst = 0;
    const local = new THREE.Vector3();
    for (let i = 0; i < 400; i++) {
      local.set((random() - 0.5) * 11.9, 0, (random() - 0.5) * 8.9).applyQuaternion(mesh.quaternion).add(mesh.position);
      const hit = physics.world.castRay([local.x, 50, local.z], [0, -1, 0], 100)!;
      const rapierHit = rapier.castRay(new RAPIER.Ray({ x: local.x, y: 50, z: local.z }, { x: 0, y: -1, z: 0 }), 100, true)!;
      worst = Math.max(worst, Math.abs(hit.distance - rapierHit.timeOfImpact));
    }
    expect(worst).toBeLessThan(1e-4);
  });

  it('the spawned spheres, boxes and cylinders land and rest on the terrain', async () => {
    const heightData = generateHeight(terrainWidth, terrainDepth, terrainMinHeight, terrainMaxHeight);
    const terrainMesh = terrainMeshOf(heightData);
    const scene = new THREE.Scene();
    scene.add(terrainMesh);
    const timer = new THREE.Timer();
    const physics: SinewPhysicsInstance = await SinewPhysics();
    physics.addHeightfield(terrainMesh, terrainWidth - 1, terrainDepth - 1, heightData, { x: terrainWidthExtents, y: 1.0, z: terrainDepthExtents });

    const dynamicObjects: THREE.Mesh[] = [];
    let time = 0;
    const objectTimePeriod = 3;
    let timeNextSpawn = time + objectTimePeriod;
    const maxNumObjects = 30;
    function createObjectMaterial(): THREE.Material {
      return new THREE.MeshPhongMaterial({ color: Math.floor(Math.random() * (1 << 24)) });
    }
    function generateObject(): void {
      const numTypes = 3; // cones not working
      const objectType = Math.ceil(Math.random() * numTypes);
      let threeObject: THREE.Mesh;
      const objectSize = 3;
      let radius: number, height: number;
      switch (objectType) {
        case 1: // Sphere
          radius = 1 + Math.random() * objectSize;
          threeObject = new THREE.Mesh(new THREE.SphereGeometry(radius, 20, 20), createObjectMaterial());
          break;
        case 2: { // Box
          const sx = 1 + Math.random() * objectSize;
          const sy = 1 + Math.random() * objectSize;
          const sz = 1 + Math.random() * objectSize;
          threeObject = new THREE.Mesh(new THREE.BoxGeometry(sx, sy, sz, 1, 1, 1), createObjectMaterial());
          break;
        }
        default: // Cylinder
          radius = 1 + Math.random() * objectSize;
          height = 1 + Math.random() * objectSize;
          threeObject = new THREE.Mesh(new THREE.CylinderGeometry(radius, radius, height, 20, 1), createObjectMaterial());
          break;
      }
      threeObject.position.set((Math.random() - 0.5) * terrainWidth * 0.6, terrainMaxHeight + objectSize + 15 + Math.random() * 5, (Math.random() - 0.5) * terrainDepth * 0.6);
      const mass = objectSize * 5;
      const restitution = 0.3;
      scene.add(threeObject);
      physics.addMesh(threeObject, mass, restitution);
      dynamicObjects.push(threeObject);
      timeNextSpawn = time + 0.5;
    }
    const removed: THREE.Mesh[] = [];
    function render(): void {
      const deltaTime = timer.getDelta();
      if (dynamicObjects.length < maxNumObjects && time > timeNextSpawn) generateObject();
      for (let i = dynamicObjects.length - 1; i >= 0; i--) {
        const obj = dynamicObjects[i];
        if (obj.position.y < terrainMinHeight - 10) {
          scene.remove(obj);
          removed.push(...dynamicObjects.splice(i, 1));
        }
      }
      // (updatePhysics nudges Rapier bodies through body.wakeUp and body.linvel, which a sinew Body has
      // not: as in the example with any other engine, it does nothing)
      time += deltaTime;
    }
    function animate(): void {
      timer.update();
      render();
    }

    run(26, animate);
    // (the example spawns another for each one that rolls off the edge and falls)
    expect(dynamicObjects.length).toBe(maxNumObjects);
    expect(removed.length).toBeLessThan(maxNumObjects / 5);
    const kinds = new Set(dynamicObjects.map((mesh) => (mesh.userData.physics as { body: Body }).body.shapes[0].type));
    expect([...kinds].sort()).toEqual(['box', 'hull', 'sphere']); // the cylinders are hulls
    const raycaster = new THREE.Raycaster(), down = new THREE.Vector3(0, -1, 0);
    let resting = 0;
    for (const mesh of dynamicObjects) {
      const body = (mesh.userData.physics as { body: Body }).body;
      const { x, z } = mesh.position;
      if (Math.abs(x) > 49 || Math.abs(z) > 49) continue; // rolled off the edge (and falling)
      raycaster.set(new THREE.Vector3(x, 100, z), down);
      const ground = raycaster.intersectObject(terrainMesh)[0].point.y;
      // the centre is above the drawn ground under it: no object sank through
      expect(mesh.position.y).toBeGreaterThan(ground);
      // those at rest stand on it (the largest half size is 2 m, a sphere's radius 4 m)
      if (Math.hypot(...body.linearVelocity) > 0.5) continue;
      expect(mesh.position.y).toBeLessThan(ground + 4.5);
      resting++;
    }
    expect(resting).toBeGreaterThan(dynamicObjects.length / 2);
    physics.dispose();
  }, 240_000);
});
