// three.js's physics_rapier_terrain run on SinewPhysics with only the import changed (see
// three-addon-examples.test.ts for the other examples): the heightfield is the surface the example's
// PlaneGeometry draws, and Rapier's own heightfield given the same arguments; the spawned objects land
// and rest on it.

import RAPIER from '@dimforge/rapier3d-compat';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { SinewPhysics, type SinewPhysicsInstance } from '../lib/three/index.js';
import type { Body } from '../lib/index.js';
import { seededRandom } from './helpers.js';
import { run, useExampleClock } from './three-addon-harness.js';

useExampleClock();

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
    expect([...kinds].sort()).toEqual(['box', 'cylinder', 'sphere']);
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
    // (spheres and cylinders, exact and round, roll on down the terrain's slopes: about half of them are
    // still rolling at the end)
    expect(resting).toBeGreaterThan(dynamicObjects.length / 3);
    physics.dispose();
  }, 240_000);
});
