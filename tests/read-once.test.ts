// Every vector a caller hands in is read once: the value that is checked is the value that is stored.
// An array whose item is a getter (or a Proxy) answering a good number on the first read and NaN after
// must either be refused or stored as the good number, never pass the check and store the NaN.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

/** An array-like of `values` whose item `changing` reads as given the first time and NaN after. */
export function changingOnSecondRead(values: readonly number[], changing: number): ArrayLike<number> {
  const out: Record<string, unknown> = { length: values.length };
  values.forEach((v, i) => { if (i !== changing) out[i] = v; });
  let reads = 0;
  Object.defineProperty(out, changing, { get: () => (reads++ === 0 ? values[changing] : NaN), enumerable: true });
  return out as unknown as ArrayLike<number>;
}

/** A Proxy over `values` whose every item reads NaN from the (n+1)-th item read on, and whose length
 * says `values.length` once and 1e9 after. */
export function proxyChangingAfter(values: readonly number[], n: number): ArrayLike<number> {
  let reads = 0, lengthReads = 0;
  return new Proxy([...values], {
    get(target, key) {
      if (key === 'length') return lengthReads++ === 0 ? target.length : 1e9;
      if (typeof key === 'string' && /^\d+$/.test(key)) return reads++ < n ? target[Number(key)] : NaN;
      return Reflect.get(target, key);
    },
  });
}

function allFinite(world: World | World2D): boolean {
  for (const body of world.bodies as readonly { position: ArrayLike<number>; linearVelocity: ArrayLike<number> }[]) {
    for (const x of Array.from(body.position)) if (!Number.isFinite(x)) return false;
    for (const x of Array.from(body.linearVelocity)) if (!Number.isFinite(x)) return false;
  }
  return Array.from(world.gravity).every(Number.isFinite);
}

/** Calls `use` with each changing form of `values` (every item in turn, and the Proxy), on a fresh world
 * each time, then steps: the call may throw a RangeError or TypeError, but nothing stored is NaN. */
function expectReadOnce3D(name: string, values: readonly number[], use: (world: World, body: Body, kinematic: Body, value: ArrayLike<number>) => unknown, expectHit = false): void {
  const inputs: ArrayLike<number>[] = values.map((_, i) => changingOnSecondRead(values, i));
  for (let n = 0; n <= values.length; n++) inputs.push(proxyChangingAfter(values, n));
  for (const input of inputs) {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [10, 0.5, 10] }] });
    const body = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const other = world.createBody({ position: [0, 3, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    world.createBallJoint({ bodyA: body, bodyB: other, anchor: [0, 2, 0] });
    const kinematic = world.createBody({ type: 'kinematic', position: [3, 1, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    let result: unknown;
    try {
      result = use(world, body, kinematic, input);
    } catch (error) {
      expect(error, name).toBeInstanceOf(Error);
      expect(['RangeError', 'TypeError'], `${name}: ${(error as Error).message}`).toContain((error as Error).name);
      // the message names the call the user made, not an internal class
      expect((error as Error).message, name).toMatch(/^[a-z][A-Za-z]*: /);
      result = undefined;
    }
    if (expectHit && result !== undefined) expect(result, `${name}: the valid ray or query found nothing`).not.toBeNull();
    if (result !== null && typeof result === 'object' && 'distance' in result) {
      const hit = result as { distance: number; point: ArrayLike<number>; normal: ArrayLike<number> };
      expect([hit.distance, ...Array.from(hit.point), ...Array.from(hit.normal)].every(Number.isFinite), `${name}: a hit with NaN`).toBe(true);
    }
    expect(allFinite(world), `${name} stored a NaN`).toBe(true);
    for (let i = 0; i < 3; i++) world.step(1 / 60);
    expect(world.invalidBodies.length, `${name}: bodies quarantined after the call`).toBe(0);
    expect(allFinite(world), `${name}: NaN after stepping`).toBe(true);
    for (const joint of world.joints) expect(Number.isFinite(joint.getLinearError()), `${name}: joint error`).toBe(true);
  }
}

describe('a vector whose items read differently the second time is checked and stored from one read', () => {
  it('world.setGravity', () => expectReadOnce3D('setGravity', [0, -9.81, 0], (w, _b, _k, v) => w.setGravity(v)));
  it('body.setPosition', () => expectReadOnce3D('setPosition', [1, 2, 3], (_w, b, _k, v) => b.setPosition(v)));
  it('body.setOrientation', () => expectReadOnce3D('setOrientation', [0, 0, 0, 1], (_w, b, _k, v) => b.setOrientation(v)));
  it('body.setLinearVelocity', () => expectReadOnce3D('setLinearVelocity', [1, 0, 0], (_w, b, _k, v) => b.setLinearVelocity(v)));
  it('body.setAngularVelocity', () => expectReadOnce3D('setAngularVelocity', [0, 1, 0], (_w, b, _k, v) => b.setAngularVelocity(v)));
  it('body.moveKinematic position and orientation', () => {
    expectReadOnce3D('moveKinematic position', [3, 2, 0], (_w, _b, k, v) => k.moveKinematic(v));
    expectReadOnce3D('moveKinematic orientation', [0, 0, 0, 1], (_w, _b, k, v) => k.moveKinematic([3, 1, 0], v));
  });
  it('forces, impulses and torques', () => {
    expectReadOnce3D('applyForce', [0, 10, 0], (_w, b, _k, v) => b.applyForce(v));
    expectReadOnce3D('applyForce at a point', [0, 1, 0], (_w, b, _k, v) => b.applyForce([0, 10, 0], v));
    expectReadOnce3D('applyLinearImpulse', [0, 1, 0], (_w, b, _k, v) => b.applyLinearImpulse(v));
    expectReadOnce3D('applyAngularImpulse', [0, 1, 0], (_w, b, _k, v) => b.applyAngularImpulse(v));
    expectReadOnce3D('applyTorque', [0, 1, 0], (_w, b, _k, v) => b.applyTorque(v));
  });
  it('createBody position, linearVelocity, angularVelocity and orientation', () => {
    expectReadOnce3D('createBody position', [0, 5, 0], (w, _b, _k, v) => w.createBody({ position: v, shapes: [{ type: 'sphere', radius: 0.5 }] }));
    expectReadOnce3D('createBody linearVelocity', [0, 1, 0], (w, _b, _k, v) => w.createBody({ position: [0, 5, 0], linearVelocity: v }));
    expectReadOnce3D('createBody angularVelocity', [0, 1, 0], (w, _b, _k, v) => w.createBody({ position: [0, 5, 0], angularVelocity: v }));
    expectReadOnce3D('createBody orientation', [0, 0, 0, 1], (w, _b, _k, v) => w.createBody({ position: [0, 5, 0], orientation: v }));
    expectReadOnce3D('createBody inertia', [1, 1, 1], (w, _b, _k, v) => w.createBody({ position: [0, 5, 0], mass: 1, inertia: v }));
    expectReadOnce3D('shape position', [0, 0.1, 0], (w, _b, _k, v) => w.createBody({ position: [0, 5, 0], shapes: [{ type: 'sphere', radius: 0.5, position: v }] }));
    expectReadOnce3D('box halfExtents', [0.5, 0.5, 0.5], (w, _b, _k, v) => w.createBody({ position: [0, 5, 0], shapes: [{ type: 'box', halfExtents: v }] }));
  });
  it('joint anchors, axes and the mouse joint target', () => {
    expectReadOnce3D('ball anchor', [0, 1.5, 0], (w, b, _k, v) => w.createBallJoint({ bodyA: b, anchor: v }));
    expectReadOnce3D('weld anchor', [0, 1.5, 0], (w, b, _k, v) => w.createWeldJoint({ bodyA: b, anchor: v }));
    expectReadOnce3D('hinge axis', [0, 0, 1], (w, b, _k, v) => w.createHingeJoint({ bodyA: b, anchor: [0, 1.5, 0], axis: v }));
    expectReadOnce3D('mouse target', [0, 2, 0], (w, b, _k, v) => {
      const mouse = w.createMouseJoint({ body: b, target: [0, 1, 0] });
      mouse.setTarget(v);
    });
  });
  it('queries: ray origin and direction, shape position, box corners', () => {
    expectReadOnce3D('castRay origin', [0, 5, 0], (w, _b, _k, v) => w.castRay(v, [0, -1, 0]), true);
    expectReadOnce3D('castRay direction', [0, -1, 0], (w, _b, _k, v) => w.castRay([0, 5, 0], v), true);
    expectReadOnce3D('castRayAll origin', [0, 5, 0], (w, _b, _k, v) => w.castRayAll(v, [0, -1, 0])[0] ?? null, true);
    expectReadOnce3D('overlapShape position', [0, 1, 0], (w, _b, _k, v) => w.overlapShape({ type: 'sphere', radius: 1 }, v, [0, 0, 0, 1]));
    expectReadOnce3D('queryAABB min', [-1, -1, -1], (w, _b, _k, v) => w.queryAABB(v, [1, 1, 1]));
  });
  it('trimesh vertices and indices', () => {
    const vertices = [-5, 0, -5, 5, 0, -5, 0, 0, 5];
    expectReadOnce3D('trimesh indices', [0, 2, 1], (w, _b, _k, v) => w.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices: v }] }));
    expectReadOnce3D('trimesh indices, ray', [0, 2, 1], (w, _b, _k, v) => {
      w.createBody({ type: 'static', position: [20, 0, 0], shapes: [{ type: 'trimesh', vertices, indices: v }] });
      return w.castRay([20, 5, 0], [0, -1, 0]);
    }, true);
    expectReadOnce3D('trimesh vertices', vertices, (w, _b, _k, v) => w.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices: v, indices: [0, 2, 1] }] }));
  });

  it('2D: gravity, position, velocity, anchor', () => {
    const cases: [string, number[], (w: World2D, v: ArrayLike<number>) => unknown][] = [
      ['setGravity', [0, -9.81], (w, v) => w.setGravity(v)],
      ['setPosition', [1, 2], (w, v) => w.bodies[0].setPosition(v)],
      ['setLinearVelocity', [1, 2], (w, v) => w.bodies[0].setLinearVelocity(v)],
      ['createBody position', [1, 2], (w, v) => w.createBody({ position: v })],
      ['revolute anchor', [0, 1], (w, v) => w.createRevoluteJoint({ bodyA: w.bodies[0], anchor: v })],
    ];
    for (const [name, values, use] of cases) {
      const inputs: ArrayLike<number>[] = values.map((_, i) => changingOnSecondRead(values, i));
      for (let n = 0; n <= values.length; n++) inputs.push(proxyChangingAfter(values, n));
      for (const input of inputs) {
        const world = new World2D();
        world.createBody({ position: [0, 0] });
        try { use(world, input); } catch (error) { expect(['RangeError', 'TypeError']).toContain((error as Error).name); }
        expect(allFinite(world), `${name} stored a NaN`).toBe(true);
        for (let i = 0; i < 3; i++) world.step(1 / 60);
        expect(world.invalidBodies.length, name).toBe(0);
        expect(allFinite(world), name).toBe(true);
      }
    }
  });
});
