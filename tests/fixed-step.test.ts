// The fixed-step clock: world.advance(elapsedSeconds) steps at fixedTimeStep whatever the frame's length,
// at most maxStepsPerFrame times, carrying the remainder; bodies are drawn between their last two poses
// at the clock's alpha (Glenn Fiedler, "Fix Your Timestep!", 2004). Both worlds, one API.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

const DT = 1 / 60;

/** The angle of the rotation between two unit quaternions, rad (q and −q the same rotation). */
function rotationAngle(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const dot = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
  return 2 * Math.acos(Math.min(1, dot));
}

function length4(q: ArrayLike<number>): number {
  return Math.hypot(q[0], q[1], q[2], q[3]);
}

/** A ball of radius 0.1 m dropped from `height` onto a static box 2 cm thick whose top is at y = 0.01. */
function ballOverThinBox(options: ConstructorParameters<typeof World>[0], height: number): { world: World; ball: Body } {
  const world = new World(options);
  world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [2, 0.01, 2] }] });
  const ball = world.createBody({ position: [0, height, 0], shapes: [{ type: 'sphere', radius: 0.1 }] });
  return { world, ball };
}

describe('World.advance: whole steps of fixedTimeStep, the remainder carried', () => {
  it('runs floor(elapsed / fixedTimeStep) steps and carries the remainder to the next call', () => {
    const world = new World();
    world.createBody({ position: [0, 10, 0] });
    const first = world.advance(0.025); // 1.5 steps
    expect(first.steps).toBe(1);
    expect(first.droppedSeconds).toBe(0);
    expect(first.alpha).toBeCloseTo(0.5, 12);
    expect(world.stepCount).toBe(1);
    expect(world.time).toBeCloseTo(DT, 15);
    expect(world.interpolationAlpha).toBe(first.alpha);

    const second = world.advance(0.01); // 0.5 + 0.6 = 1.1 steps
    expect(second).toBe(first); // one object, overwritten by each call
    expect(second.steps).toBe(1);
    expect(second.alpha).toBeCloseTo(0.1, 12);
    expect(world.stepCount).toBe(2);
    expect(world.time).toBeCloseTo(2 * DT, 15);

    const third = world.advance(0.005); // 0.1 + 0.3 = 0.4 steps: none taken
    expect(third.steps).toBe(0);
    expect(third.alpha).toBeCloseTo(0.4, 12);
    expect(world.stepCount).toBe(2);

    expect(world.advance(0).steps).toBe(0); // zero elapsed is a frame with no time in it
    expect(world.interpolationAlpha).toBeCloseTo(0.4, 12);
  });

  it('3 × advance(1/60) runs exactly 3 steps; whole steps made of many small frames are not lost to round-off', () => {
    const world = new World();
    for (let i = 0; i < 3; i++) expect(world.advance(1 / 60).steps).toBe(1);
    expect(world.stepCount).toBe(3);
    expect(world.interpolationAlpha).toBe(0);

    // six frames of 0.1/6 s add up to a hair under 0.1 s in floating point: still one whole step
    const coarse = new World({ fixedTimeStep: 0.1 });
    let steps = 0;
    for (let i = 0; i < 60; i++) steps += coarse.advance(0.1 / 6).steps;
    expect(steps).toBe(10);
    expect(coarse.interpolationAlpha).toBe(0);
    // three frames of 1/180 s make one step of 1/60
    const thirds = new World();
    expect(thirds.advance(1 / 180).steps + thirds.advance(1 / 180).steps + thirds.advance(1 / 180).steps).toBe(1);
    expect(thirds.interpolationAlpha).toBe(0);
  });

  it('a one-second hitch runs maxStepsPerFrame (5) steps and drops the rest instead of owing it', () => {
    const world = new World();
    const result = world.advance(1);
    expect(result.steps).toBe(5);
    expect(result.droppedSeconds).toBeCloseTo(1 - 5 / 60, 12);
    expect(result.alpha).toBeGreaterThanOrEqual(0);
    expect(result.alpha).toBeLessThan(1);
    expect(world.time).toBeCloseTo(5 / 60, 12);
    // nothing carried over: the next ordinary frame takes one step
    const next = world.advance(1 / 60);
    expect(next.steps).toBe(1);
    expect(next.droppedSeconds).toBe(0);
  });

  it('takes fixedTimeStep and maxStepsPerFrame from the options and as properties', () => {
    const world = new World({ fixedTimeStep: 1 / 120, maxStepsPerFrame: 3 });
    expect(world.fixedTimeStep).toBe(1 / 120);
    expect(world.maxStepsPerFrame).toBe(3);
    expect(world.advance(1 / 60).steps).toBe(2);
    expect(world.advance(1).steps).toBe(3);
    world.fixedTimeStep = 1 / 30;
    world.maxStepsPerFrame = 10;
    expect(world.advance(0.2).steps).toBe(6);
    expect(world.time).toBeCloseTo(2 / 120 + 3 / 120 + 6 / 30, 12);
    const defaults = new World();
    expect(defaults.fixedTimeStep).toBe(1 / 60);
    expect(defaults.maxStepsPerFrame).toBe(5);
  });

  it('steps exactly as step(fixedTimeStep) does: the same state, bit for bit', () => {
    const stepped = ballOverThinBox({}, 1).world;
    const advanced = ballOverThinBox({}, 1).world;
    for (let i = 0; i < 90; i++) stepped.step(DT);
    let frames = 0;
    while (advanced.stepCount < 90) {
      advanced.advance([0.007, 0.02, 0.0131][frames % 3]);
      frames++;
    }
    expect(advanced.hash()).toBe(stepped.hash());
  });

  it('a frame hitch does not make one big step: a ball dropped onto a thin box for 1 s rests on top of it', () => {
    // world.step(1) would take the whole second as one step, the ball falling 2 m through a 2 cm box
    // within it; advance(1) takes 60 steps of 1/60 s
    const { world, ball } = ballOverThinBox({ maxStepsPerFrame: 100 }, 2);
    const result = world.advance(1);
    expect(result.steps).toBe(60);
    expect(result.droppedSeconds).toBe(0);
    expect(ball.position[1]).toBeGreaterThan(0.1);
    expect(ball.position[1]).toBeCloseTo(0.11, 2); // the box's top (0.01) plus the radius
    expect(Math.abs(ball.linearVelocity[1])).toBeLessThan(0.1);
  });

  it('refuses advance from inside a step callback', () => {
    const { world } = ballOverThinBox({}, 0.12);
    let refused: unknown = null;
    world.onContactBegin = () => {
      try {
        world.advance(DT);
      } catch (error) {
        refused = error;
      }
    };
    world.advance(0.5);
    expect(String(refused)).toMatch(/advance: called from inside a step callback/);
  });
});

describe('interpolated poses (3D)', () => {
  it('a body in free fall is drawn exactly halfway between its poses before and after the step at alpha 0.5', () => {
    const world = new World();
    const body = world.createBody({ position: [1, 10, -2], linearVelocity: [3, 0, 1] });
    world.advance(0.5 * DT); // no step yet: drawn where it is
    expect(Array.from(body.getInterpolatedPosition(new Float64Array(3)))).toEqual([1, 10, -2]);
    world.advance(0.5 * DT); // 1 step, alpha 0
    const before = Array.from(body.position);
    const result = world.advance(1.5 * DT); // 1 step, alpha 0.5
    expect(result.steps).toBe(1);
    expect(result.alpha).toBeCloseTo(0.5, 12);
    const after = Array.from(body.position);
    const drawn = body.getInterpolatedPosition([0, 0, 0]);
    for (let k = 0; k < 3; k++) expect(drawn[k]).toBeCloseTo((before[k] + after[k]) / 2, 12);
    expect(drawn[1]).toBeLessThan(before[1]);
    expect(drawn[1]).toBeGreaterThan(after[1]);
    // the returned array is the one given
    const out = new Float64Array(3);
    expect(body.getInterpolatedPosition(out)).toBe(out);
  });

  it('a spinning body is drawn on the arc between its orientations, at alpha of the turn, unit length', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ angularVelocity: [1, 6, -2], inertia: [0.2, 0.2, 0.2], orientation: [0.2, 0.3, 0.1, Math.sqrt(1 - 0.14)] });
    world.advance(DT);
    const q0 = Array.from(body.orientation);
    const result = world.advance(1.25 * DT);
    expect(result.steps).toBe(1);
    expect(result.alpha).toBeCloseTo(0.25, 12);
    const q1 = Array.from(body.orientation);
    const qi = body.getInterpolatedOrientation(new Float64Array(4));
    const whole = rotationAngle(q0, q1);
    expect(whole).toBeGreaterThan(0.05);
    expect(length4(qi)).toBeCloseTo(1, 14);
    // on the arc: the way there and the way on add up to the whole turn
    expect(rotationAngle(q0, qi) + rotationAngle(qi, q1)).toBeCloseTo(whole, 9);
    // at a steady rate (slerp): a quarter of the turn at alpha 0.25
    expect(rotationAngle(q0, qi)).toBeCloseTo(0.25 * whole, 9);
  });

  it('takes the short way round when the two quaternions have opposite signs (q and −q are one rotation)', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ angularVelocity: [0, 3, 0], inertia: [0.2, 0.2, 0.2] });
    world.advance(DT);
    // the same orientation written as −q, in place (not a teleport): the next step starts from −q
    // and its integration ends near +q's neighbour or −q's; either way the turn is 0.05 rad
    for (let k = 0; k < 4; k++) body.orientation[k] = -body.orientation[k];
    body.updateInertia();
    const q0 = Array.from(body.orientation);
    world.advance(1.5 * DT);
    const q1 = Array.from(body.orientation);
    // make the stored end the far sign of the start, whatever the integrator kept
    if (q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3] > 0) {
      for (let k = 0; k < 4; k++) body.orientation[k] = -body.orientation[k];
    }
    const qi = body.getInterpolatedOrientation([0, 0, 0, 0]);
    const whole = rotationAngle(q0, q1);
    expect(whole).toBeCloseTo(3 * DT, 6);
    expect(length4(qi)).toBeCloseTo(1, 14);
    expect(rotationAngle(q0, qi)).toBeCloseTo(0.5 * whole, 9);
    expect(rotationAngle(qi, q1)).toBeCloseTo(0.5 * whole, 9);
  });

  it('after a step() of its own, interpolation gives the current pose', () => {
    const world = new World();
    const body = world.createBody({ position: [0, 5, 0], linearVelocity: [1, 0, 0], angularVelocity: [0, 0, 4] });
    world.advance(1.5 * DT);
    expect(world.interpolationAlpha).toBeCloseTo(0.5, 12);
    world.step(DT);
    expect(world.interpolationAlpha).toBe(1);
    expect(Array.from(body.getInterpolatedPosition(new Float64Array(3)))).toEqual(Array.from(body.position));
    expect(Array.from(body.getInterpolatedOrientation(new Float64Array(4)))).toEqual(Array.from(body.orientation));
  });

  it('a teleported or new body is drawn at its pose only, not from a stale one', () => {
    const world = new World();
    const moved = world.createBody({ position: [0, 5, 0], angularVelocity: [0, 4, 0] });
    const turned = world.createBody({ position: [3, 5, 0], angularVelocity: [0, 4, 0] });
    const left = world.createBody({ position: [6, 5, 0] });
    world.advance(DT);
    world.advance(1.5 * DT); // alpha 0.5
    moved.setPosition([10, 0, 0]);
    turned.setOrientation([0, 0, 1, 0]);
    const added = world.createBody({ position: [-4, 1, 0] });
    expect(Array.from(moved.getInterpolatedPosition(new Float64Array(3)))).toEqual([10, 0, 0]);
    expect(Array.from(moved.getInterpolatedOrientation(new Float64Array(4)))).toEqual(Array.from(moved.orientation));
    expect(Array.from(turned.getInterpolatedOrientation(new Float64Array(4)))).toEqual([0, 0, 1, 0]);
    expect(Array.from(turned.getInterpolatedPosition(new Float64Array(3)))).toEqual(Array.from(turned.position));
    expect(Array.from(added.getInterpolatedPosition(new Float64Array(3)))).toEqual([-4, 1, 0]);
    // an untouched body still interpolates
    expect(left.getInterpolatedPosition(new Float64Array(3))[1]).toBeGreaterThan(left.position[1]);
    // the next step moves the teleported body from where it was put
    const before = Array.from(moved.position);
    world.advance(DT);
    const after = Array.from(moved.position);
    const drawn = moved.getInterpolatedPosition(new Float64Array(3));
    for (let k = 0; k < 3; k++) expect(drawn[k]).toBeCloseTo((before[k] + after[k]) / 2, 12);
  });

  it('a body that fell asleep is drawn where it sleeps, and once woken interpolates from there', () => {
    const { world, ball } = ballOverThinBox({}, 0.2);
    let frames = 0;
    while (ball.isAwake && frames < 600) {
      world.advance(DT);
      frames++;
    }
    expect(ball.isAwake).toBe(false);
    world.advance(3.5 * DT); // steps in which the sleeping ball does not move, alpha 0.5
    expect(world.interpolationAlpha).toBeCloseTo(0.5, 9);
    const resting = Array.from(ball.position);
    expect(Array.from(ball.getInterpolatedPosition(new Float64Array(3)))).toEqual(resting);
    ball.setLinearVelocity([2, 0, 0]); // wakes it; not a teleport
    expect(Array.from(ball.getInterpolatedPosition(new Float64Array(3)))).toEqual(resting);
    world.advance(DT); // one step, alpha still 0.5
    const drawn = ball.getInterpolatedPosition(new Float64Array(3));
    expect(drawn[0]).toBeCloseTo((resting[0] + ball.position[0]) / 2, 12);
    expect(drawn[0]).toBeGreaterThan(resting[0]);
  });

  it('a removed body is drawn at its current pose', () => {
    const world = new World();
    const body = world.createBody({ position: [0, 5, 0] });
    world.advance(1.5 * DT);
    world.removeBody(body);
    expect(Array.from(body.getInterpolatedPosition(new Float64Array(3)))).toEqual(Array.from(body.position));
  });

  it('a restored world has no interpolation history: current poses, alpha 1, nothing accumulated', () => {
    const world = new World();
    const body = world.createBody({ position: [0, 5, 0], angularVelocity: [0, 2, 0] });
    world.advance(DT);
    world.advance(1.5 * DT); // alpha 0.5, half a step accumulated
    const saved = JSON.parse(JSON.stringify(world.snapshot()));
    const restored = World.restore(saved);
    expect(restored.hash()).toBe(world.hash());
    expect(restored.interpolationAlpha).toBe(1);
    const copy = restored.bodies[0];
    expect(Array.from(copy.getInterpolatedPosition(new Float64Array(3)))).toEqual(Array.from(body.position));
    expect(Array.from(copy.getInterpolatedOrientation(new Float64Array(4)))).toEqual(Array.from(body.orientation));
    // the original still owes half a step, the restored world nothing
    expect(world.advance(0.6 * DT).steps).toBe(1);
    expect(restored.advance(0.6 * DT).steps).toBe(0);
  });
});

describe('fixed-step bad input is refused, naming the value, and changes nothing', () => {
  for (const elapsed of [-1, NaN, Infinity, -Infinity]) {
    it(`advance(${elapsed})`, () => {
      const world = new World();
      const twin = new World();
      world.createBody({ position: [0, 5, 0] });
      twin.createBody({ position: [0, 5, 0] });
      world.advance(1.5 * DT);
      twin.advance(1.5 * DT);
      const hash = world.hash();
      expect(() => world.advance(elapsed)).toThrow(RangeError);
      expect(() => world.advance(elapsed)).toThrow(`advance: elapsedSeconds must be a finite number ≥ 0, got ${elapsed}`);
      expect(world.hash()).toBe(hash);
      expect(world.stepCount).toBe(1);
      expect(world.interpolationAlpha).toBeCloseTo(0.5, 12);
      // the accumulator is as it was: the next frame does what it does in the twin that saw no bad call
      const result = { ...world.advance(0.7 * DT) };
      expect(result).toEqual({ ...twin.advance(0.7 * DT) });
      expect(world.hash()).toBe(twin.hash());
    });
  }

  it('advance of something not a number', () => {
    const world = new World();
    expect(() => world.advance('1' as unknown as number)).toThrow(/advance: elapsedSeconds must be a finite number ≥ 0, got "1"/);
    expect(world.stepCount).toBe(0);
  });

  it('fixedTimeStep 0, −1, NaN or Infinity, as an option or a property', () => {
    for (const value of [0, -1, NaN, Infinity]) {
      expect(() => new World({ fixedTimeStep: value })).toThrow(RangeError);
      expect(() => new World({ fixedTimeStep: value })).toThrow(`World: fixedTimeStep must be a finite number > 0, got ${value}`);
      const world = new World({ fixedTimeStep: 1 / 50 });
      expect(() => (world.fixedTimeStep = value)).toThrow(`fixedTimeStep: fixedTimeStep must be a finite number > 0, got ${value}`);
      expect(world.fixedTimeStep).toBe(1 / 50);
    }
  });

  it('maxStepsPerFrame 0 or 1.5, as an option or a property', () => {
    for (const value of [0, 1.5, -2, NaN, Infinity]) {
      expect(() => new World({ maxStepsPerFrame: value })).toThrow(RangeError);
      expect(() => new World({ maxStepsPerFrame: value })).toThrow(`World: maxStepsPerFrame must be an integer ≥ 1, got ${value}`);
      const world = new World({ maxStepsPerFrame: 7 });
      expect(() => (world.maxStepsPerFrame = value)).toThrow(`maxStepsPerFrame: maxStepsPerFrame must be an integer ≥ 1, got ${value}`);
      expect(world.maxStepsPerFrame).toBe(7);
    }
  });
});

describe('the fixed-step clock in 2D', () => {
  it('advance runs whole steps, carries the remainder and drops a hitch past maxStepsPerFrame', () => {
    const world = new World2D();
    world.createBody({ position: [0, 10] });
    const first = world.advance(0.025);
    expect(first.steps).toBe(1);
    expect(first.alpha).toBeCloseTo(0.5, 12);
    expect(world.advance(0.01).steps).toBe(1);
    expect(world.interpolationAlpha).toBeCloseTo(0.1, 12);
    expect(world.stepCount).toBe(2);
    for (let i = 0; i < 3; i++) world.advance(1 / 60);
    expect(world.stepCount).toBe(5);
    const hitch = world.advance(1);
    expect(hitch.steps).toBe(5);
    expect(hitch.droppedSeconds).toBeCloseTo(1 + 0.1 * DT - 5 * DT, 12);
    expect(world.time).toBeCloseTo(10 * DT, 12);
  });

  it('a falling, turning body is drawn halfway in position and angle at alpha 0.5; its current pose after step()', () => {
    const world = new World2D();
    const body = world.createBody({ position: [1, 10], linearVelocity: [2, 0], angularVelocity: 3, angle: 0.4 });
    world.advance(DT);
    const before = Array.from(body.position), angleBefore = body.angle;
    world.advance(1.5 * DT);
    const drawn = body.getInterpolatedPosition(new Float64Array(2));
    expect(drawn[0]).toBeCloseTo((before[0] + body.position[0]) / 2, 12);
    expect(drawn[1]).toBeCloseTo((before[1] + body.position[1]) / 2, 12);
    expect(body.getInterpolatedAngle()).toBeCloseTo((angleBefore + body.angle) / 2, 12);
    expect(body.angle - angleBefore).toBeCloseTo(3 * DT, 12);
    world.step(DT);
    expect(Array.from(body.getInterpolatedPosition([0, 0]))).toEqual(Array.from(body.position));
    expect(body.getInterpolatedAngle()).toBe(body.angle);
  });

  it('a teleported body (setPosition, setAngle) is drawn at its new pose only', () => {
    const world = new World2D();
    const body = world.createBody({ position: [0, 5], angularVelocity: 2 });
    world.advance(DT);
    world.advance(1.5 * DT);
    expect(body.getInterpolatedAngle()).toBeLessThan(body.angle);
    body.setPosition([4, 4]);
    expect(Array.from(body.getInterpolatedPosition(new Float64Array(2)))).toEqual([4, 4]);
    expect(body.getInterpolatedAngle()).toBe(body.angle);
    world.advance(DT);
    body.setAngle(-1);
    expect(body.getInterpolatedAngle()).toBe(-1);
    expect(Array.from(body.getInterpolatedPosition(new Float64Array(2)))).toEqual(Array.from(body.position));
  });

  it('a restored 2D world has no interpolation history', () => {
    const world = new World2D();
    const body = world.createBody({ position: [0, 5], angularVelocity: 2 });
    world.advance(DT);
    world.advance(1.5 * DT);
    const restored = World2D.restore(world.snapshot());
    expect(restored.interpolationAlpha).toBe(1);
    expect(restored.bodies[0].getInterpolatedAngle()).toBe(body.angle);
    expect(Array.from(restored.bodies[0].getInterpolatedPosition(new Float64Array(2)))).toEqual(Array.from(body.position));
    expect(restored.advance(0.6 * DT).steps).toBe(0);
  });

  it('bad input is refused with the value named, as in 3D', () => {
    expect(() => new World2D({ fixedTimeStep: -1 })).toThrow('World2D: fixedTimeStep must be a finite number > 0, got -1');
    expect(() => new World2D({ maxStepsPerFrame: 0 })).toThrow('World2D: maxStepsPerFrame must be an integer ≥ 1, got 0');
    expect(() => new World2D({ maxStepsPerFrame: 1.5 })).toThrow('World2D: maxStepsPerFrame must be an integer ≥ 1, got 1.5');
    const world = new World2D();
    world.createBody({ position: [0, 5] });
    world.advance(0.5 * DT);
    expect(() => world.advance(-1)).toThrow('advance: elapsedSeconds must be a finite number ≥ 0, got -1');
    expect(() => world.advance(-0.002)).toThrow(/a frame clock that ran backwards: THREE\.Timer .* pass Math\.max\(0, delta\)/);
    expect(() => world.advance(NaN)).toThrow('advance: elapsedSeconds must be a finite number ≥ 0, got NaN');
    expect(world.stepCount).toBe(0);
    expect(world.interpolationAlpha).toBeCloseTo(0.5, 12);
    expect(world.advance(0.5 * DT).steps).toBe(1); // the half step from before the bad calls is still there
  });
});

describe('advance with a fixed update', () => {
  it('calls beforeStep once before each step it takes, with the step length: a lift moved there moves every step', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const lift = world.createBody({ type: 'kinematic' });
    const calls: number[] = [];
    // frames of 25 ms: 1, 2, 1, 2 … steps of 1/60 s
    for (let frame = 0; frame < 12; frame++) {
      world.advance(0.025, (dt) => {
        calls.push(dt);
        lift.moveKinematic([lift.position[0] + 0.1, 0, 0]);
      });
    }
    expect(calls.length).toBe(world.stepCount);
    expect(calls.every((dt) => dt === 1 / 60)).toBe(true);
    expect(lift.position[0]).toBeCloseTo(0.1 * world.stepCount, 12);
    expect(() => world.advance(0.1, 5 as never)).toThrow(/advance: beforeStep must be a function, got 5/);
  });
});
