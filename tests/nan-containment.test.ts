// A body whose pose or velocities stop being finite is taken out of the simulation (invalid-bodies.ts):
// the rest of the world steps on as if it had been removed, bit for bit; it is reported once and listed
// in world.invalidBodies; it comes back once its numbers are finite again; snapshots refuse it while not.

import { describe, expect, it } from 'vitest';
import { World, type Body, type BodyInvalidEvent, type JointSolverKind } from '../lib/index.js';
import { World2D, type Body2D, type BodyInvalidEvent2D } from '../lib/2d/index.js';

const DT = 1 / 60;

/** Whether two arrays hold the same bits (NaN payloads and signed zeros included). */
function sameBits(a: Float64Array, b: Float64Array): boolean {
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length), y = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  return x.length === y.length && x.every((bits, i) => bits === y[i]);
}

/**
 * Ten spheres 100 m apart on a ground plane, and around the sixth (index 5, the one poisoned) a body
 * resting on it and one hanging from it by a ball joint, so that it has contacts and a joint to lose.
 */
function spheres(solver: JointSolverKind = 'iterative'): { world: World; spheres: Body[]; rider: Body; hanging: Body } {
  const world = new World({ solver });
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const spheres: Body[] = [];
  for (let i = 0; i < 10; i++) {
    spheres.push(world.createBody({ position: [100 * i, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] }));
  }
  const rider = world.createBody({ position: [500, 1.3, 0], shapes: [{ type: 'box', halfExtents: [0.3, 0.3, 0.3] }] });
  const hanging = world.createBody({ position: [501.5, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
  world.createBallJoint({ bodyA: spheres[5], bodyB: hanging, anchor: [500.5, 0.5, 0] });
  return { world, spheres, rider, hanging };
}

describe('a body that goes NaN (3D)', () => {
  it('onBodyInvalid must be a function (or null)', () => {
    expect(() => new World({ onBodyInvalid: 5 as never })).toThrow(new TypeError('World: onBodyInvalid must be a function, got 5'));
    expect(() => new World2D({ onBodyInvalid: 'x' as never })).toThrow(new TypeError('World2D: onBodyInvalid must be a function, got "x"'));
    expect(new World({ onBodyInvalid: null }).onBodyInvalid).toBeNull();
  });

  for (const solver of ['iterative', 'direct'] as const) {
    it(`one NaN velocity leaves every other body stepping bit for bit as if the body had been removed (${solver} solver)`, () => {
      const poisoned = spheres(solver), removed = spheres(solver);
      for (let i = 0; i < 30; i++) {
        poisoned.world.step(DT);
        removed.world.step(DT);
      }
      expect(poisoned.world.contacts.some((c) => c.bodyA === poisoned.spheres[5] || c.bodyB === poisoned.spheres[5])).toBe(true);
      poisoned.spheres[5].linearVelocity[1] = NaN;
      removed.world.removeBody(removed.spheres[5]);
      for (let i = 0; i < 120; i++) {
        poisoned.world.step(DT);
        removed.world.step(DT);
      }
      const others = (set: ReturnType<typeof spheres>) => [...set.spheres.filter((_, i) => i !== 5), set.rider, set.hanging];
      const a = others(poisoned), b = others(removed);
      for (let i = 0; i < a.length; i++) {
        expect(a[i].state.every(Number.isFinite), `body ${a[i].id}`).toBe(true);
        expect(sameBits(a[i].state, b[i].state), `body ${a[i].id}`).toBe(true);
      }
      // the rider fell onto the ground and the hanging ball dropped: the removed body held neither
      expect(poisoned.rider.position[1]).toBeCloseTo(0.3, 2);
      expect(poisoned.hanging.position[1]).toBeCloseTo(0.2, 2);
      expect(poisoned.world.invalidBodies).toEqual([poisoned.spheres[5]]);
      expect(poisoned.world.bodies).toContain(poisoned.spheres[5]);
    });
  }

  it('is reported once through onBodyInvalid, with the quantity found not finite, and pairs with nothing', () => {
    const { world, spheres: bodies } = spheres();
    const events: BodyInvalidEvent[] = [];
    world.onBodyInvalid = (event) => events.push(event);
    world.step(DT);
    bodies[2].position[0] = NaN;
    bodies[7].angularVelocity[2] = Infinity;
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(events).toEqual([
      { body: bodies[2], quantity: 'position' },
      { body: bodies[7], quantity: 'angularVelocity' },
    ]);
    expect(world.invalidBodies).toEqual([bodies[2], bodies[7]]);
    expect(world.contacts.every((c) => c.bodyA !== bodies[2] && c.bodyB !== bodies[2] && c.bodyA !== bodies[7] && c.bodyB !== bodies[7])).toBe(true);
    const everything = world.queryAABB([-1e6, -1e6, -1e6], [1e6, 1e6, 1e6]).map((hit) => hit.body);
    expect(everything).not.toContain(bodies[2]);
    expect(everything).not.toContain(bodies[7]);
    expect(Number.isFinite(world.getEnergy())).toBe(true);
    // the others rest where they were
    for (const [i, body] of bodies.entries()) if (i !== 2 && i !== 7) expect(body.position[1]).toBeCloseTo(0.5, 3);
  });

  it('a body the step itself makes NaN (a NaN force) is reported after that very step', () => {
    const { world, spheres: bodies } = spheres();
    const events: BodyInvalidEvent[] = [];
    world.onBodyInvalid = (event) => events.push(event);
    world.step(DT);
    bodies[3].force[0] = NaN;
    world.step(DT);
    // v and then x went NaN: the position is the first quantity looked at
    expect(events).toEqual([{ body: bodies[3], quantity: 'position' }]);
    expect(world.invalidBodies).toEqual([bodies[3]]);
    for (let i = 0; i < 10; i++) world.step(DT);
    expect(events).toHaveLength(1);
    expect(bodies[4].state.every(Number.isFinite)).toBe(true);
  });

  it.each(['iterative', 'direct'] as const)("a joint's NaN impulse makes its bodies invalid, or is dropped, and spreads to nothing else (%s solver)", (solver) => {
    const world = new World({ solver });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    // a chain of three from the ground, and a ball resting beside its last link
    const links: Body[] = [];
    for (let i = 0; i < 3; i++) links.push(world.createBody({ position: [i + 0.5, 3, 0], shapes: [{ type: 'sphere', radius: 0.2 }] }));
    world.createBallJoint({ bodyA: links[0], anchor: [0, 3, 0] });
    const middle = world.createBallJoint({ bodyA: links[0], bodyB: links[1], anchor: [1, 3, 0] });
    world.createBallJoint({ bodyA: links[1], bodyB: links[2], anchor: [2, 3, 0] });
    const bystander = world.createBody({ position: [5, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    for (let i = 0; i < 10; i++) world.step(DT);
    (middle as unknown as { point: { impulse: Float64Array } }).point.impulse[1] = NaN;
    for (let i = 0; i < 120; i++) world.step(DT);
    // the soft step: the NaN reached the chain in the step it was warm started, and nothing past it; the
    // direct solver's rows start each substep from zero (no warm start), so it never acts
    if (solver === 'iterative') expect(world.invalidBodies.length).toBeGreaterThan(0);
    else expect(world.invalidBodies).toEqual([]);
    for (const body of world.bodies) {
      if (world.invalidBodies.includes(body)) continue;
      expect(body.state.every(Number.isFinite), `body ${body.id}`).toBe(true);
    }
    expect(bystander.position[1]).toBeCloseTo(0.5, 3);
    for (const joint of world.joints) {
      const force = joint.getForce(new Float64Array(3));
      expect(force.every(Number.isFinite)).toBe(true);
    }
  });

  it('comes back once its pose and velocities are finite again: it collides, and its joint acts, from the next step', () => {
    const { world, spheres: bodies, hanging } = spheres();
    for (let i = 0; i < 10; i++) world.step(DT);
    const body = bodies[5];
    body.position[1] = NaN;
    body.angularVelocity[0] = NaN;
    world.step(DT);
    expect(world.invalidBodies).toEqual([body]);
    const events: BodyInvalidEvent[] = [];
    world.onBodyInvalid = (event) => events.push(event);
    // the position alone is not enough
    body.setPosition([500, 3, 0]);
    world.step(DT);
    expect(world.invalidBodies).toEqual([body]);
    body.setOrientation([0, 0, 0, 1]);
    body.setLinearVelocity([0, 0, 0]);
    body.setAngularVelocity([0, 0, 0]);
    expect(world.invalidBodies).toEqual([body]); // until the next step
    for (let i = 0; i < 240; i++) world.step(DT);
    expect(world.invalidBodies).toEqual([]);
    expect(events).toEqual([]);
    // it fell back onto the ground, and the joint holds the hanging ball to it again
    expect(body.position[1]).toBeCloseTo(0.5, 2);
    expect(world.contacts.some((c) => c.bodyA === body || c.bodyB === body)).toBe(true);
    expect(world.getMaxLinearError()).toBeLessThan(0.01);
    expect(world.joints[0].getForceMagnitude()).toBeGreaterThan(0);
    expect(hanging.position[1]).toBeGreaterThan(0.1);
    for (const b of world.bodies) expect(b.state.every(Number.isFinite)).toBe(true);
  });

  it('removeBody takes an invalid body out of the world and of invalidBodies', () => {
    const { world, spheres: bodies } = spheres();
    world.step(DT);
    bodies[5].orientation[3] = NaN;
    world.step(DT);
    expect(world.invalidBodies).toEqual([bodies[5]]);
    world.removeBody(bodies[5]);
    expect(world.invalidBodies).toEqual([]);
    expect(world.bodies).not.toContain(bodies[5]);
    expect(world.joints).toHaveLength(0);
    world.step(DT);
    const again = World.restore(world.snapshot());
    expect(again.hash()).toBe(world.hash());
  });

  it('snapshot refuses a body still not finite, naming it; once it is finite the snapshot continues bit for bit', () => {
    const { world, spheres: bodies } = spheres();
    world.step(DT);
    bodies[5].linearVelocity[0] = NaN;
    world.step(DT);
    const hash = world.hash();
    expect(() => world.snapshot()).toThrow(new RangeError(
      'snapshot: body 7 has a pose or velocity that is not finite (world.invalidBodies); remove it, or set its position, orientation and velocities, first',
    ));
    expect(world.hash()).toBe(hash);
    bodies[5].setLinearVelocity([0, 0, 0]);
    const saved = world.snapshot();
    const restored = World.restore(JSON.parse(JSON.stringify(saved)));
    expect(restored.hash()).toBe(world.hash());
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(world.invalidBodies).toEqual([]);
  });
});

/** Ten bodies in 2D: a chain of five hanging from the ground by revolute joints (the third, index 2, is
 * the one poisoned), and five free bodies falling beside it. */
function chain2d(solver: JointSolverKind = 'iterative'): { world: World2D; bodies: Body2D[] } {
  const world = new World2D({ solver });
  const bodies: Body2D[] = [];
  for (let i = 0; i < 5; i++) {
    const body = world.createBody({ position: [i + 0.5, 0] });
    world.createRevoluteJoint({ bodyA: body, bodyB: i === 0 ? undefined : bodies[i - 1], anchor: [i, 0] });
    bodies.push(body);
  }
  for (let i = 0; i < 5; i++) bodies.push(world.createBody({ position: [20 + 5 * i, 0], linearVelocity: [0, i] }));
  return { world, bodies };
}

describe('a body that goes NaN (2D)', () => {
  for (const solver of ['iterative', 'direct'] as const) {
    it(`leaves every other body stepping bit for bit as if it had been removed, its joints no longer acting (${solver} solver)`, () => {
      const poisoned = chain2d(solver), removed = chain2d(solver);
      for (let i = 0; i < 30; i++) {
        poisoned.world.step(DT);
        removed.world.step(DT);
      }
      const events: BodyInvalidEvent2D[] = [];
      poisoned.world.onBodyInvalid = (event) => events.push(event);
      poisoned.bodies[2].state[7] = NaN; // the angle
      removed.world.removeBody(removed.bodies[2]);
      for (let i = 0; i < 120; i++) {
        poisoned.world.step(DT);
        removed.world.step(DT);
      }
      for (let i = 0; i < 10; i++) {
        if (i === 2) continue;
        expect(poisoned.bodies[i].state.every(Number.isFinite), `body ${i}`).toBe(true);
        expect(sameBits(poisoned.bodies[i].state, removed.bodies[i].state), `body ${i}`).toBe(true);
      }
      expect(events).toEqual([{ body: poisoned.bodies[2], quantity: 'angle' }]);
      expect(poisoned.world.invalidBodies).toEqual([poisoned.bodies[2]]);
      // the links below it fell free of it
      expect(poisoned.bodies[4].position[1]).toBeLessThan(-10);
    });
  }

  it('comes back once finite, and snapshots refuse it until then', () => {
    const { world, bodies } = chain2d();
    for (let i = 0; i < 30; i++) world.step(DT);
    const [x, y] = bodies[2].position;
    bodies[2].state[0] = NaN; // the linear velocity
    world.step(DT);
    expect(world.invalidBodies).toEqual([bodies[2]]);
    expect(() => world.snapshot()).toThrow(/snapshot: body 3 has a pose or velocity that is not finite/);
    bodies[2].setLinearVelocity([0, 0]);
    bodies[2].setPosition([x, y]);
    const restored = World2D.restore(world.snapshot());
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(world.invalidBodies).toEqual([]);
    expect(restored.hash()).toBe(world.hash());
    expect(world.getMaxLinearError()).toBeLessThan(0.01);
  });
});
