// The step's callbacks (onBodyInvalid, onJointBreak, onContactBegin/End, onSensorBegin/End): every event
// of a step is delivered even when a callback throws, and the first error is thrown after the last; a
// callback cannot step the world again; and bodies and joints removed from a callback (or between steps)
// leave the world's lists and snapshots consistent at once.

import { describe, expect, it } from 'vitest';
import { World, type Body, type ContactBeginEvent, type JointBreakEvent, type ShapePair } from '../lib/index.js';
import { World2D, type JointBreakEvent2D } from '../lib/2d/index.js';

const DT = 1 / 60;

/**
 * A step in which several events happen at once: a 10 kg ball held by a joint that breaks at 1 N (it
 * breaks in the first step), and two balls resting on the ground plane (each begins touching in it).
 */
function eventfulWorld(): { world: World; held: Body; resting: Body[] } {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const held = world.createBody({ position: [0, 5, 0], mass: 10 });
  world.createBallJoint({ bodyA: held, anchor: [0, 6, 0], breakForce: 1 });
  const resting = [3, 6].map((x) => world.createBody({ position: [x, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] }));
  return { world, held, resting };
}

describe('a callback that throws', () => {
  it("does not drop the step's other events: every one is delivered, then step throws the callback's error", () => {
    const { world, resting } = eventfulWorld();
    const breaks: JointBreakEvent[] = [], begins: ContactBeginEvent[] = [];
    world.onJointBreak = (event) => {
      breaks.push(event);
      throw new Error('boom in onJointBreak');
    };
    world.onContactBegin = (event) => begins.push(event);
    expect(() => world.step(DT)).toThrow(new Error('boom in onJointBreak'));
    expect(breaks).toHaveLength(1);
    expect(begins.map((event) => event.bodyB === resting[0] || event.bodyA === resting[0])).toContain(true);
    expect(begins).toHaveLength(2);
    // the step is complete: it counted, and the world steps on without reporting anything twice
    expect(world.stepCount).toBe(1);
    world.step(DT);
    expect(breaks).toHaveLength(1);
    expect(begins).toHaveLength(2);
  });

  it('throws the first error when several callbacks throw, after every event (3D)', () => {
    const { world } = eventfulWorld();
    const first = new Error('first'), second = new Error('second');
    let beginCalls = 0;
    world.onJointBreak = () => {
      throw first;
    };
    world.onContactBegin = () => {
      beginCalls++;
      throw second;
    };
    let thrown: unknown = null;
    try {
      world.step(DT);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(first);
    expect(beginCalls).toBe(2);
    // the world and a twin without callbacks are in the same state
    const twin = eventfulWorld().world;
    twin.step(DT);
    expect(world.hash()).toBe(twin.hash());
  });

  it('an onBodyInvalid that throws still lets the joint break through, in 2D', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0, 0] });
    const b = world.createBody({ position: [10, 0] });
    world.createRevoluteJoint({ bodyA: b, anchor: [10, 1], breakForce: 1 });
    world.createRevoluteJoint({ bodyA: b, anchor: [10, -1], breakForce: 1 });
    a.linearVelocity[0] = NaN;
    const breaks: JointBreakEvent2D[] = [];
    world.onBodyInvalid = () => {
      throw new RangeError('invalid');
    };
    world.onJointBreak = (event) => breaks.push(event);
    expect(() => world.step(DT)).toThrow(new RangeError('invalid'));
    expect(breaks).toHaveLength(2);
    expect(world.invalidBodies).toEqual([a]);
  });
});

describe('a callback that steps again', () => {
  it('is refused with an error naming the call; the world stays where the step left it', () => {
    const { world } = eventfulWorld();
    let refused: unknown = null;
    world.onContactBegin = () => {
      try {
        world.step(DT);
      } catch (error) {
        refused = error;
      }
    };
    world.step(DT);
    expect(refused).toEqual(new Error('step: called from inside a step callback'));
    expect(world.stepCount).toBe(1);
    const twin = eventfulWorld().world;
    twin.step(DT);
    expect(world.hash()).toBe(twin.hash());
  });

  it('left uncaught, ends the step with that error instead of recursing until the stack overflows', () => {
    const world = new World2D();
    const body = world.createBody({ mass: 10 });
    world.createRevoluteJoint({ bodyA: body, anchor: [0, 1], breakForce: 1 });
    let calls = 0;
    world.onJointBreak = () => {
      calls++;
      world.step(DT);
    };
    expect(() => world.step(DT)).toThrow(/^step: called from inside a step callback$/);
    expect(calls).toBe(1);
    expect(world.stepCount).toBe(1);
    world.onJointBreak = null;
    world.step(DT);
    expect(world.stepCount).toBe(2);
  });

  it('advance from a callback, and step from onPreSolve or from advance\'s beforeStep, are refused too', () => {
    const { world } = eventfulWorld();
    const errors: unknown[] = [];
    const attempt = (call: () => void) => {
      try {
        call();
      } catch (error) {
        errors.push(error);
      }
    };
    world.onJointBreak = () => attempt(() => world.advance(DT));
    world.onPreSolve = () => attempt(() => world.step(DT));
    world.advance(DT, () => attempt(() => world.step(DT)));
    expect(world.stepCount).toBe(1);
    expect(errors.map(String)).toEqual([
      "Error: step: called from inside advance's beforeStep (advance takes the steps)",
      'Error: step: called from inside a step callback',
      'Error: step: called from inside a step callback',
      'Error: advance: called from inside a step callback',
    ]);
  });

  it("advance's beforeStep may still add and remove bodies and take snapshots between steps", () => {
    const world = new World();
    const made: Body[] = [];
    world.advance(3 * DT + 1e-6, () => {
      made.push(world.createBody({ position: [made.length, 0, 0] }));
      if (made.length === 2) world.removeBody(made[0]);
      World.restore(world.snapshot());
    });
    expect(world.stepCount).toBe(3);
    expect(world.bodies).toEqual([made[1], made[2]]);
  });
});

/** Two balls resting against each other on a ground plane, and a third resting alone. */
function touchingBalls(): { world: World; balls: Body[] } {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const balls = [[0, 0.5], [1, 0.5], [5, 0.5]].map(([x, y]) => world.createBody({ position: [x, y, 0], shapes: [{ type: 'sphere', radius: 0.5 }] }));
  return { world, balls };
}

describe('removing a body between steps or from a callback', () => {
  it('drops its contacts from world.contacts at once, and reports their ends after the next step, once', () => {
    const { world, balls } = touchingBalls();
    const ends: ShapePair[] = [];
    world.onContactEnd = (pair) => ends.push(pair);
    for (let i = 0; i < 5; i++) world.step(DT);
    const touching = world.contacts.filter((c) => c.bodyA === balls[0] || c.bodyB === balls[0]).length;
    expect(touching).toBe(2); // the ground and the other ball
    world.removeBody(balls[0]);
    expect(world.contacts.filter((c) => c.bodyA === balls[0] || c.bodyB === balls[0])).toEqual([]);
    expect(world.contacts).toHaveLength(2);
    expect(ends).toHaveLength(0);
    world.step(DT);
    expect(ends.filter((pair) => pair.bodyA === balls[0] || pair.bodyB === balls[0])).toHaveLength(touching);
    world.step(DT);
    expect(ends).toHaveLength(touching);
  });

  it('a snapshot taken right after removeBody restores, and continues bit for bit', () => {
    const { world, balls } = touchingBalls();
    for (let i = 0; i < 5; i++) world.step(DT);
    world.removeBody(balls[0]);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(restored.hash()).toBe(world.hash());
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
  });

  it('a snapshot taken inside onContactBegin after removing a body there restores, and continues bit for bit', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const falling = world.createBody({ position: [0, 2, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const other = world.createBody({ position: [3, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    let saved: ReturnType<World['snapshot']> | null = null;
    world.onContactBegin = ({ bodyA, bodyB }) => {
      if (bodyA !== falling && bodyB !== falling) return;
      world.removeBody(falling);
      saved = world.snapshot();
    };
    for (let i = 0; i < 120 && saved === null; i++) world.step(DT);
    expect(saved).not.toBeNull();
    const restored = World.restore(saved as unknown as ReturnType<World['snapshot']>);
    expect(restored.hash()).toBe(world.hash());
    expect(restored.contacts).toHaveLength(world.contacts.length);
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(other.position[1]).toBeCloseTo(0.5, 3);
  });
});
