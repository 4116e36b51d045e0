// The contact hook, World.onPreSolve: contacts left out for a step (one-way platforms), and friction,
// restitution and surface velocity set per contact (conveyor belts).

import { describe, expect, it } from 'vitest';
import { World, type Body, type PreSolvePair } from '../lib/index.js';

const DT = 1 / 60;

/** The other body of a pair that has `body` in it, or null. */
function other(pair: PreSolvePair, body: Body): Body | null {
  return pair.bodyA === body ? pair.bodyB : pair.bodyB === body ? pair.bodyA : null;
}

describe('onPreSolve', () => {
  it('makes a one-way platform: a ball thrown up from below passes through it, and lands on it falling back', () => {
    const world = new World();
    const top = 2.05;
    const platform = world.createBody({ type: 'static', position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [2, 0.05, 2] }] });
    const ball = world.createBody({ position: [0, 0.5, 0], linearVelocity: [0, 9, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    let asked = 0;
    world.onPreSolve = (pair) => {
      const mover = other(pair, platform);
      if (mover === null) return true;
      asked++;
      // only from above: the ball's bottom over the platform's top (less a centimetre) and not rising
      return mover.position[1] - 0.2 > top - 0.01 && mover.linearVelocity[1] <= 0;
    };
    let highest = 0;
    for (let i = 0; i < 180; i++) {
      world.step(DT);
      highest = Math.max(highest, ball.position[1]);
    }
    expect(asked).toBeGreaterThan(0);
    // 9 m/s from 0.5 m rises to 0.5 + 81 / 19.62 = 4.63 m, through the platform
    expect(highest).toBeGreaterThan(4.5);
    expect(ball.position[1]).toBeCloseTo(top + 0.2, 2);
    expect(Math.abs(ball.linearVelocity[1])).toBeLessThan(0.01);
    // without the hook the platform stops it from below
    const blocked = new World();
    blocked.createBody({ type: 'static', position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [2, 0.05, 2] }] });
    const stopped = blocked.createBody({ position: [0, 0.5, 0], linearVelocity: [0, 9, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    let peak = 0;
    for (let i = 0; i < 60; i++) {
      blocked.step(DT);
      peak = Math.max(peak, stopped.position[1]);
    }
    expect(peak).toBeLessThan(1.95 - 0.2 + 0.01);
  });

  it('makes a conveyor belt: a box set on it is carried at the belt speed', () => {
    const world = new World();
    const belt = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [20, 0.1, 1] }] });
    const box = world.createBody({ position: [-10, 0.35, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    const speed = 2;
    world.onPreSolve = (pair) => {
      if (other(pair, belt) === null) return;
      // the velocity friction gives B's surface over A's: +speed along x when the belt is A
      pair.tangentVelocity[0] = pair.bodyA === belt ? speed : -speed;
    };
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(box.linearVelocity[0]).toBeCloseTo(speed, 3);
    expect(Math.abs(box.linearVelocity[2])).toBeLessThan(1e-6);
    expect(Math.hypot(...box.angularVelocity)).toBeLessThan(1e-3);
    const x = box.position[0];
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(box.position[0] - x).toBeCloseTo(speed, 2);
    // it reached the speed at μ g (0.6 · 9.81 m/s²): within a third of a second
    expect(x + 10).toBeGreaterThan(speed * (2 - 0.4));
  });

  it('sets friction and restitution per contact: a box slides down a slope without friction, a ball bounces fully', () => {
    const world = new World();
    const slope = 0.5; // rad: tan θ = 0.55 < μ = 0.6, so it would stick
    const c = Math.cos(slope / 2), s = Math.sin(slope / 2);
    const ramp = world.createBody({ type: 'static', orientation: [0, 0, s, c], shapes: [{ type: 'box', halfExtents: [20, 0.1, 2] }] });
    // a box resting on the ramp's top face (its up is (−sin θ, cos θ))
    const n = [-Math.sin(slope), Math.cos(slope), 0];
    const box = world.createBody({
      position: [n[0] * 0.35, n[1] * 0.35, 0], orientation: [0, 0, s, c], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }],
    });
    const floor = world.createBody({ type: 'static', position: [40, -30, 0], shapes: [{ type: 'box', halfExtents: [5, 0.1, 5] }] });
    const ball = world.createBody({ position: [40, -27.9, 0], shapes: [{ type: 'sphere', radius: 0.2, restitution: 0 }] });
    world.onPreSolve = (pair) => {
      if (other(pair, ramp) !== null) pair.friction = 0;
      if (other(pair, floor) !== null) pair.restitution = 1;
    };
    for (let i = 0; i < 60; i++) world.step(DT);
    // frictionless: a = g sin θ down the slope from rest, 1 s
    const speed = Math.hypot(box.linearVelocity[0], box.linearVelocity[1]);
    expect(speed).toBeCloseTo(9.81 * Math.sin(slope), 1);
    let rise = -Infinity;
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      if (ball.linearVelocity[1] < 0 && i > 10) rise = Math.max(rise, ball.position[1]);
    }
    // dropped from 2 m over the floor's top (−29.9), it comes back up to within 2 % of it
    expect(rise).toBeGreaterThan(-27.9 - 0.04);
  });

  it('shows unit normals from A to B, in the order the contacts are solved', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.1, 5] }] });
    for (let i = 0; i < 3; i++) world.createBody({ position: [i - 1, 0.3, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const seen: number[] = [];
    world.onPreSolve = (pair) => {
      const n = pair.normal;
      expect(Math.hypot(n[0], n[1], n[2])).toBeCloseTo(1, 12);
      const d = [0, 1, 2].map((k) => pair.bodyB.position[k] - pair.bodyA.position[k]);
      expect(d[0] * n[0] + d[1] * n[1] + d[2] * n[2]).toBeGreaterThan(0);
      seen.push(pair.bodyB.id);
    };
    for (let i = 0; i < 30; i++) world.step(DT);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.slice(0, 3)).toEqual([...seen.slice(0, 3)].sort((a, b) => a - b));
  });

  it('steps bit for bit as before when the hook changes nothing', () => {
    const make = () => {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.1, 5] }] });
      for (let i = 0; i < 5; i++) world.createBody({ position: [0.1 * i, 0.5 + 0.6 * i, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
      return world;
    };
    const plain = make(), hooked = make();
    hooked.onPreSolve = () => true;
    for (let i = 0; i < 120; i++) {
      plain.step(DT);
      hooked.step(DT);
    }
    expect(hooked.hash()).toBe(plain.hash());
  });

  it('refuses bad values and a hook that is not a function, and bodies added or removed inside it', () => {
    expect(() => new World({ onPreSolve: 5 as never })).toThrow(/World: onPreSolve must be a function, got 5/);
    const world = new World();
    expect(() => { world.onPreSolve = 'no' as never; }).toThrow(TypeError);
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.1, 5] }] });
    const ball = world.createBody({ position: [0, 0.28, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    world.onPreSolve = (pair) => { pair.friction = NaN; };
    expect(() => world.step(DT)).toThrow(/onPreSolve: pair\.friction must be a finite number ≥ 0, got NaN/);
    world.onPreSolve = (pair) => { pair.tangentVelocity[1] = Infinity; };
    expect(() => world.step(DT)).toThrow(/onPreSolve: pair\.tangentVelocity must be finite/);
    world.onPreSolve = () => { world.removeBody(ball); };
    expect(() => world.step(DT)).toThrow(/removeBody: called from inside a step/);
    world.onPreSolve = () => { world.createBody({}); };
    expect(() => world.step(DT)).toThrow(/createBody: called from inside a step/);
    world.onPreSolve = null;
    expect(() => world.step(DT)).not.toThrow();
  });
});

describe('what onPreSolve may do', () => {
  /** A 5-box hinge chain lying on the ground with a box resting on its middle link. */
  function chainWithBoxOnIt(solver: 'direct' | 'iterative') {
    const world = new World({ solver });
    world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [10, 0.5, 10] }] });
    const links: Body[] = [];
    for (let i = 0; i < 5; i++) links.push(world.createBody({ position: [i * 0.5, 0.1, 0], shapes: [{ type: 'box', halfExtents: [0.24, 0.1, 0.2] }] }));
    for (let i = 1; i < 5; i++) world.createHingeJoint({ bodyA: links[i - 1], bodyB: links[i], anchor: [i * 0.5 - 0.25, 0.1, 0], axis: [0, 0, 1] });
    const box = world.createBody({ position: [1, 0.45, 0], shapes: [{ type: 'box', halfExtents: [0.2, 0.15, 0.2] }] });
    for (let i = 0; i < 30; i++) world.step(DT);
    return { world, links, box };
  }

  for (const solver of ['direct', 'iterative'] as const) {
    it(`a NaN written in place from the hook is contained to that body, as one written between steps (${solver})`, () => {
      const { world, links, box } = chainWithBoxOnIt(solver);
      const invalid: Body[] = [];
      world.onBodyInvalid = (event) => invalid.push(event.body);
      let written = false;
      world.onPreSolve = () => {
        if (!written) { links[2].position[1] = NaN; written = true; }
        return true;
      };
      world.step(DT);
      expect(written).toBe(true);
      expect(invalid).toEqual([links[2]]);
      expect(world.invalidBodies).toEqual([links[2]]);
      for (const body of [...links.filter((l) => l !== links[2]), box]) {
        expect(Array.from(body.position).every(Number.isFinite)).toBe(true);
        expect(Array.from(body.linearVelocity).every(Number.isFinite)).toBe(true);
      }
      for (let i = 0; i < 60; i++) world.step(DT);
      expect(world.invalidBodies).toEqual([links[2]]);
      expect(world.bodies.filter((b) => b !== links[2]).every((b) => Array.from(b.position).every(Number.isFinite))).toBe(true);
    });
  }

  it('refuses writes to bodies, joints and settings from the hook with a named error, and the world steps on after', () => {
    const { world, links, box } = chainWithBoxOnIt('direct');
    const joint = world.joints[0];
    const writes: [string, () => void][] = [
      ['setPosition', () => box.setPosition([0, 5, 0])],
      ['setOrientation', () => box.setOrientation([0, 0, 0, 1])],
      ['setLinearVelocity', () => box.setLinearVelocity([0, 5, 0])],
      ['setAngularVelocity', () => box.setAngularVelocity([0, 5, 0])],
      ['applyForce', () => box.applyForce([0, 5, 0])],
      ['applyLinearImpulse', () => box.applyLinearImpulse([0, 5, 0])],
      ['setType', () => box.setType('static')],
      ['wake', () => box.wake()],
      ['breakForce', () => { joint.breakForce = 10; }],
      ['setGravity', () => world.setGravity([0, 1, 0])],
      ['substeps', () => { world.substeps = 2; }],
      ['solver', () => { world.solver = 'iterative'; }],
    ];
    for (const [name, write] of writes) {
      const before = world.hash();
      let error: unknown = null;
      world.onPreSolve = () => {
        try { write(); } catch (e) { error ??= e; }
        return true;
      };
      world.step(DT);
      expect(error, name).toBeInstanceOf(Error);
      expect((error as Error).message, name).toMatch(new RegExp(`^${name}: called from inside a step \\(a contact hook such as onPreSolve\\)`));
      expect(world.hash(), name).not.toBe(before);
    }
    world.onPreSolve = null;
    for (let i = 0; i < 30; i++) world.step(DT);
    expect(world.invalidBodies.length).toBe(0);
    expect(links.every((l) => Array.from(l.position).every(Number.isFinite))).toBe(true);
  });
});
