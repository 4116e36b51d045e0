// three.js's vectors and quaternions are taken wherever the API takes a vector or a rotation: read by
// their x, y, z (w) as the arrays are, refused with the component named when one is not a finite number.

import { describe, expect, it } from 'vitest';
import { Quaternion, Vector2, Vector3 } from 'three';
import { World } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

describe('three.js values as vectors and rotations', () => {
  it('a body made from Vector3 and Quaternion options is the body made from arrays, bit for bit', () => {
    const q = new Quaternion().setFromAxisAngle(new Vector3(1, 2, 3).normalize(), 0.7);
    const fromThree = new World(), fromArrays = new World();
    const a = fromThree.createBody({ position: new Vector3(1, 2, 3), orientation: q, linearVelocity: new Vector3(0, 1, 0), shapes: [{ type: 'sphere', radius: 0.5 }] });
    const b = fromArrays.createBody({ position: [1, 2, 3], orientation: [q.x, q.y, q.z, q.w], linearVelocity: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    fromThree.createBallJoint({ bodyA: a, anchor: new Vector3(1, 3, 3) });
    fromArrays.createBallJoint({ bodyA: b, anchor: [1, 3, 3] });
    a.applyLinearImpulse(new Vector3(0.5, 0, 0));
    b.applyLinearImpulse([0.5, 0, 0]);
    for (let i = 0; i < 30; i++) { fromThree.step(1 / 60); fromArrays.step(1 / 60); }
    expect(fromThree.hash()).toBe(fromArrays.hash());
  });

  it('a ray cast from a Vector3 origin along a Vector3 direction hits as the arrays do', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    const hit = world.castRay(new Vector3(0, 5, 0), new Vector3(0, -1, 0), 10);
    expect(hit?.distance).toBeCloseTo(4, 12);
    expect(world.castRay([0, 5, 0], [0, -1, 0], 10)?.distance).toBe(hit?.distance);
  });

  it('a Vector2 in 2D', () => {
    const world = new World2D();
    const body = world.createBody({ position: new Vector2(1, 2) });
    expect(Array.from(body.position)).toEqual([1, 2]);
  });

  it('an object missing a component is refused naming it, and nothing changes', () => {
    const world = new World();
    expect(() => world.createBody({ position: { x: 1, y: 2 } as never })).toThrow(
      'createBody: position must be an array of 3 numbers or an object with numeric x, y, z (a THREE.Vector3), got {x: 1, y: 2, z: undefined} (its z is undefined)',
    );
    expect(() => world.createBody({ orientation: new Vector3(0, 0, 1) as never })).toThrow(/orientation must be .* \(a THREE\.Quaternion\), got .* \(its w is undefined\)/);
    expect(() => world.createBody({ position: new Vector3(NaN, 0, 0) })).toThrow(/its x is NaN/);
    expect(world.bodies.length).toBe(0);
  });
});
