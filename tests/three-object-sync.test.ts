// ObjectSync (sinew-physics/three): an Object3D attached to a body follows it rigidly from where the user
// put it (its origin is not moved to the centre of mass), is drawn between steps at the fixed-step
// clock's alpha, is placed in its parent's frame, keeps its scale; instances of an InstancedMesh follow
// their bodies the same way; update() allocates nothing.

import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';
import { ObjectSync, shapeFromGeometry } from '../lib/three/index.js';
import { allocatedBytesPerCall } from './allocation-measure.js';

/** The world position of a point given in `object`'s own frame. */
function worldPoint(object: THREE.Object3D, local: THREE.Vector3): THREE.Vector3 {
  object.updateWorldMatrix(true, false);
  return local.clone().applyMatrix4(object.matrixWorld);
}

/** The body-frame coordinates of a world point, and back. */
function toBody(body: Body, p: THREE.Vector3): number[] {
  return Array.from(body.getLocalPoint([0, 0, 0], [p.x, p.y, p.z]));
}
function fromBody(body: Body, local: number[]): THREE.Vector3 {
  return new THREE.Vector3(...body.getWorldPoint([0, 0, 0], local));
}

/** A cone (its centre of mass a quarter of its height below its origin), tipped, as a hull body. */
function coneScene(options: { fixedTimeStep?: number } = {}) {
  const world = new World({ gravity: [0, -9.81, 0], ...options });
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const mesh = new THREE.Mesh(new THREE.ConeGeometry(0.5, 2, 16));
  mesh.position.set(1, 3, -2);
  mesh.quaternion.setFromAxisAngle(new THREE.Vector3(1, 0, 1).normalize(), 0.7);
  const body = world.createBody({
    position: mesh.position.toArray(), orientation: mesh.quaternion.toArray(), mass: 2, angularVelocity: [0.5, 2, -1],
    shapes: [shapeFromGeometry(mesh.geometry)],
  });
  return { world, mesh, body };
}

describe('ObjectSync', () => {
  it('an attached mesh stays where it is when shapes added, resized or removed move the body\'s centre of mass', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    mesh.position.set(2, 1, -1);
    mesh.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 1).normalize(), 0.8);
    const body = world.createBody({ position: mesh.position.toArray(), orientation: mesh.quaternion.toArray(), shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const sync = new ObjectSync(world);
    sync.attach(mesh, body, { interpolate: false });
    const before = mesh.position.clone(), turn = mesh.quaternion.clone();
    // an offset sphere moves the centre toward it, a resize moves it again, a removal back
    const sphere = body.addShape({ type: 'sphere', radius: 0.5, position: [1.5, 0, 0] });
    expect(Math.hypot(...body.centreShift)).toBeGreaterThan(0.3);
    sync.update();
    expect(mesh.position.distanceTo(before)).toBeLessThan(1e-12);
    sphere.setRadius(0.8);
    sync.update();
    expect(mesh.position.distanceTo(before)).toBeLessThan(1e-12);
    body.removeShape(sphere);
    sync.update();
    expect(mesh.position.distanceTo(before)).toBeLessThan(1e-12);
    expect(mesh.quaternion.angleTo(turn)).toBeLessThan(1e-12);
    // and it goes on following the body: the box's corner is where the mesh's is
    body.setAngularVelocity([0, 1, 0]);
    body.addShape({ type: 'box', halfExtents: [0.2, 0.2, 0.2], position: [0, 1, 0] });
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    sync.update();
    const corner = worldPoint(mesh, new THREE.Vector3(0.5, 0.5, 0.5));
    const box = body.shapes[0];
    const expected = body.getWorldPoint([0, 0, 0], [box.position[0] + 0.5, box.position[1] + 0.5, box.position[2] + 0.5]);
    expect(corner.distanceTo(new THREE.Vector3(...expected))).toBeLessThan(1e-9);
  });

  it("keeps the object's origin where it was put, not at the centre of mass, and follows the body rigidly", () => {
    const { world, mesh, body } = coneScene();
    // the hull's centre of mass is off the cone's origin, so the body is not where the mesh is
    const origin = mesh.position.clone();
    expect(new THREE.Vector3(...body.position).distanceTo(origin)).toBeGreaterThan(0.4);
    const sync = new ObjectSync(world);
    sync.attach(mesh, body);
    sync.update();
    expect(mesh.position.distanceTo(origin)).toBeLessThan(1e-12);
    // a point of the mesh (its tip) and its place in the body frame
    const tip = new THREE.Vector3(0, 1, 0);
    const tipInBody = toBody(body, worldPoint(mesh, tip));
    for (let i = 0; i < 90; i++) world.step(1 / 60);
    sync.update();
    expect(mesh.position.distanceTo(origin)).toBeGreaterThan(0.5); // it fell and turned
    expect(worldPoint(mesh, tip).distanceTo(fromBody(body, tipInBody))).toBeLessThan(1e-9);
    expect(worldPoint(mesh, new THREE.Vector3()).distanceTo(fromBody(body, toBody(body, origin)))).toBeGreaterThan(0);
  });

  it('draws the body between steps at the clock’s alpha, or where the step left it', () => {
    const world = new World({ gravity: [0, -10, 0] });
    const body = world.createBody({ position: [0, 10, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const smooth = new THREE.Mesh(), stepped = new THREE.Mesh();
    smooth.position.set(0, 10, 0);
    stepped.position.set(0, 10.5, 0); // half a metre above the centre
    const sync = new ObjectSync(world);
    sync.attach(smooth, body);
    sync.attach(stepped, body, { interpolate: false });
    const h = 1 / 60;
    sync.advance(h); // one step, alpha 0: drawn at the step's start
    const start = 10, afterOne = body.position[1];
    expect(afterOne).toBeLessThan(start);
    expect(smooth.position.y).toBeCloseTo(start, 12);
    expect(stepped.position.y).toBeCloseTo(afterOne + 0.5, 12);
    const result = sync.advance(h / 4); // no step: a quarter of the way
    expect(result.steps).toBe(0);
    expect(result.alpha).toBeCloseTo(0.25, 9);
    expect(smooth.position.y).toBeCloseTo(start + 0.25 * (afterOne - start), 9);
    sync.advance(h / 2); // three quarters
    expect(smooth.position.y).toBeCloseTo(start + 0.75 * (afterOne - start), 9);
    expect(stepped.position.y).toBeCloseTo(afterOne + 0.5, 12);
    // frames of uneven length: the drawn height falls steadily, never ahead of the body
    let last = smooth.position.y;
    for (let frame = 0; frame < 50; frame++) {
      sync.advance(frame % 2 === 0 ? 0.011 : 0.022);
      expect(smooth.position.y).toBeLessThanOrEqual(last);
      expect(smooth.position.y).toBeGreaterThanOrEqual(body.position[1] - 1e-12);
      last = smooth.position.y;
    }
    // a teleport is drawn at once, not slid to
    body.setPosition([3, 20, 0]);
    sync.update();
    expect(smooth.position.toArray()).toEqual([3, 20, 0]);
  });

  it("places the object in its parent's frame, and keeps its scale", () => {
    const { world, mesh, body } = coneScene();
    const group = new THREE.Group();
    group.position.set(-4, 1, 2);
    group.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 0), 1.1);
    group.scale.setScalar(2);
    const scene = new THREE.Scene();
    scene.add(group);
    // the mesh was placed in world space above; put it in the group where it stands
    group.attach(mesh);
    mesh.scale.set(0.5, 0.5, 0.5); // (its world scale is 1 inside a group of 2)
    const tip = new THREE.Vector3(0, 1, 0);
    const sync = new ObjectSync(world);
    sync.attach(mesh, body);
    const tipInBody = toBody(body, worldPoint(mesh, tip));
    for (let i = 0; i < 40; i++) world.step(1 / 60);
    sync.update();
    expect(worldPoint(mesh, tip).distanceTo(fromBody(body, tipInBody))).toBeLessThan(1e-9);
    expect(mesh.scale.toArray()).toEqual([0.5, 0.5, 0.5]);
    expect(mesh.parent).toBe(group);
  });

  it('moves instances of an InstancedMesh, each keeping its scale, in the mesh’s frame', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshBasicMaterial(), 3);
    mesh.position.set(0, 2, 0);
    const sync = new ObjectSync(world);
    const matrix = new THREE.Matrix4(), bodies: Body[] = [];
    for (let i = 0; i < 3; i++) {
      const scale = 0.5 + i * 0.25;
      matrix.compose(new THREE.Vector3(i * 2, 0, 0), new THREE.Quaternion(), new THREE.Vector3(scale, scale, scale));
      mesh.setMatrixAt(i, matrix);
      // the body where the instance is in the world: 2 m up
      const body = world.createBody({ position: [i * 2, 2, 0], angularVelocity: [0, 1 + i, 0], shapes: [{ type: 'box', halfExtents: [scale / 2, scale / 2, scale / 2] }] });
      sync.attachInstance(mesh, i, body);
      bodies.push(body);
    }
    expect(sync.size).toBe(3);
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    sync.update();
    expect(mesh.instanceMatrix.version).toBeGreaterThan(0);
    const position = new THREE.Vector3(), rotation = new THREE.Quaternion(), scale = new THREE.Vector3();
    for (let i = 0; i < 3; i++) {
      mesh.getMatrixAt(i, matrix);
      matrix.decompose(position, rotation, scale);
      const body = bodies[i];
      // in the mesh's frame: 2 m below the body (instance matrices are Float32)
      expect(position.distanceTo(new THREE.Vector3(body.position[0], body.position[1] - 2, body.position[2]))).toBeLessThan(1e-6);
      expect(Math.abs(rotation.dot(new THREE.Quaternion(...body.orientation)))).toBeCloseTo(1, 6);
      expect(scale.x).toBeCloseTo(0.5 + i * 0.25, 6);
    }
    expect(mesh.boundingSphere).not.toBeNull(); // recomputed as the instances move
    expect(sync.detachInstance(mesh, 1)).toBe(true);
    expect(sync.detachInstance(mesh, 1)).toBe(false);
    expect(sync.bodyOfInstance(mesh, 2)).toBe(bodies[2]);
    expect(sync.size).toBe(2);
  });

  it('detach stops following; attaching again replaces the body', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    const a = world.createBody({ position: [0, 5, 0] }), b = world.createBody({ position: [3, 5, 0], type: 'kinematic' });
    const object = new THREE.Object3D();
    object.position.set(0, 5, 0);
    const sync = new ObjectSync(world);
    sync.attach(object, a);
    sync.attach(object, b);
    expect(sync.size).toBe(1);
    expect(sync.bodyOf(object)).toBe(b);
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    sync.update();
    expect(object.position.y).toBeCloseTo(5, 12); // with the kinematic body, not the falling one
    expect(sync.detach(object)).toBe(true);
    expect(sync.detach(object)).toBe(false);
    b.setPosition([3, 9, 0]);
    sync.update();
    expect(object.position.y).toBeCloseTo(5, 12);
  });

  it('names bad input', () => {
    const world = new World();
    const body = world.createBody({});
    const sync = new ObjectSync(world);
    expect(() => new ObjectSync({} as World)).toThrow(/ObjectSync: world must be a World of sinew-physics, got \{\}/);
    expect(() => sync.attach({} as THREE.Object3D, body)).toThrow(/attach: object must be a three.js Object3D \(a Mesh, Group, …\), got \{\}/);
    expect(() => sync.attach(new THREE.Mesh(), { position: [0, 0, 0] } as unknown as Body)).toThrow(/attach: body must be a Body of sinew-physics \(world.createBody\), got \{"position":\[0,0,0\]\}/);
    expect(() => sync.attach(new THREE.Mesh(), body, { interpolate: 1 as unknown as boolean })).toThrow(/attach: options.interpolate must be true or false, got 1/);
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshBasicMaterial(), 2);
    expect(() => sync.attachInstance(mesh, 2, body)).toThrow(/attachInstance: index must be an integer from 0 to 1 \(the mesh's instances\), got 2/);
    expect(() => sync.attachInstance(new THREE.Mesh() as unknown as THREE.InstancedMesh, 0, body)).toThrow(/attachInstance: mesh must be a three.js InstancedMesh, got a Mesh \(type Mesh\)/);
  });

  it('update() allocates nothing: 200 objects and 100 instances', () => {
    const world = new World({ gravity: [0, -9.81, 0], sleeping: false });
    const sync = new ObjectSync(world);
    const scene = new THREE.Scene(), group = new THREE.Group();
    group.position.set(1, 2, 3);
    group.updateMatrixWorld();
    scene.add(group);
    for (let i = 0; i < 200; i++) {
      const object = new THREE.Object3D();
      (i % 2 === 0 ? scene : group).add(object);
      sync.attach(object, world.createBody({ position: [i, 0, 0], angularVelocity: [0, 1, 0] }), { interpolate: i % 3 !== 0 });
    }
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshBasicMaterial(), 100);
    mesh.position.set(0, 1, 0);
    mesh.updateMatrixWorld();
    for (let i = 0; i < 100; i++) sync.attachInstance(mesh, i, world.createBody({ position: [0, i, 0] }));
    // frames a third of a step apart, so most are drawn between steps
    for (let i = 0; i < 300; i++) sync.advance(1 / 180);
    // one 16-byte object per object per update would be 4800 bytes
    expect(allocatedBytesPerCall(() => sync.update(), 100)).toBeLessThan(16);
  }, 60_000);
});
