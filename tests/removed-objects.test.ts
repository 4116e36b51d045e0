// A body or joint taken out of its world (removeBody, removeJoint, or a joint removed with one of its
// bodies) refuses every write: each setter, apply…, wake, limit, motor and applyImpulse throws an Error
// naming the call and the object, and changes nothing, neither the object nor the world it left (checked
// against a twin world in which the call was never made). Reads still answer.

import { describe, expect, it } from 'vitest';
import {
  World, Body, type BallJoint, type DistanceJoint, type HingeJoint, type Joint, type MouseJoint, type PrismaticJoint,
} from '../lib/index.js';
import { World2D, Body2D, type Joint2D, type RevoluteJoint } from '../lib/2d/index.js';
import { BODY_STATE_IO } from '../lib/body/body-state-io.js';
import { BODY2D_STATE_IO } from '../lib/2d/body-state-io.js';
import { StateWriter } from '../lib/util/state.js';

const DT = 1 / 60;
/** Long enough for a pendulum at rest to fall asleep (0.5 s at rest), so a stray wake would show. */
const SETTLE_STEPS = 60;

type Write<T> = readonly [name: string, call: (target: T) => void];

/** What a body or joint writes to snapshots (a body's own numbers through its dimension's BodyStateIO). */
type Saved = { saveState(writer: StateWriter): void } | Body | Body2D;

function stateOf(object: Saved): number[] {
  const writer = new StateWriter();
  if (object instanceof Body) object.saveState(writer, BODY_STATE_IO);
  else if (object instanceof Body2D) object.saveState(writer, BODY2D_STATE_IO);
  else object.saveState(writer);
  return Array.from(writer.result());
}

function settle(world: { step(dt: number): void }, steps = SETTLE_STEPS): void {
  for (let i = 0; i < steps; i++) world.step(DT);
}

/** `call` throws an Error whose message is exactly `where: what was removed from its world`. */
function expectRefused(call: () => void, where: string, what: string): void {
  let error: unknown = null;
  try {
    call();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe(`${where}: ${what} was removed from its world`);
}

/**
 * Builds the same scene twice (`build` is deterministic), attempts `call` on the removed object of the
 * first, and checks that it throws naming `name` and the object, that the object's own state did not
 * change, and that both worlds hash alike after stepping on.
 */
function expectRefusedLikeTwin<W extends { step(dt: number): void; hash(): string }, T extends Saved>(
  build: () => { world: W; target: T; label: string },
  name: string,
  call: (target: T) => void,
): void {
  const tried = build(), twin = build();
  expect(tried.world.hash()).toBe(twin.world.hash());
  const before = stateOf(tried.target);
  expectRefused(() => call(tried.target), name, tried.label);
  expect(stateOf(tried.target)).toEqual(before);
  expect(tried.world.hash()).toBe(twin.world.hash());
  settle(tried.world, 30);
  settle(twin.world, 30);
  expect(tried.world.hash()).toBe(twin.world.hash());
}

// ---- bodies ----

/** A body hanging from the world (kept) with a second body hanging from it (removed, its joint with it);
 * what is left has fallen asleep again. */
function removedBody3D(): { world: World; top: Body; doomed: Body; link: Joint } {
  const world = new World();
  const top = world.createBody({ position: [0, -1, 0] });
  world.createBallJoint({ bodyA: top, anchor: [0, 0, 0] });
  const doomed = world.createBody({ position: [0, -2, 0] });
  const link = world.createBallJoint({ bodyA: top, bodyB: doomed, anchor: [0, -1.5, 0] });
  settle(world);
  world.removeBody(doomed);
  settle(world);
  return { world, top, doomed, link };
}

function removedBody2D(): { world: World2D; top: Body2D; doomed: Body2D; link: Joint2D } {
  const world = new World2D();
  const top = world.createBody({ position: [0, -1] });
  world.createRevoluteJoint({ bodyA: top, anchor: [0, 0] });
  const doomed = world.createBody({ position: [0, -2] });
  const link = world.createRevoluteJoint({ bodyA: top, bodyB: doomed, anchor: [0, -1.5] });
  settle(world);
  world.removeBody(doomed);
  settle(world);
  return { world, top, doomed, link };
}

const BODY_WRITES_3D: Write<Body>[] = [
  ['setPosition', (b) => b.setPosition([1, 2, 3])],
  ['setOrientation', (b) => b.setOrientation([0, 0, 1, 0])],
  ['setLinearVelocity', (b) => b.setLinearVelocity([1, 0, 0])],
  ['setAngularVelocity', (b) => b.setAngularVelocity([0, 1, 0])],
  ['applyForce', (b) => b.applyForce([0, 10, 0], [0.5, -2, 0])],
  ['applyTorque', (b) => b.applyTorque([0, 0, 1])],
  ['applyLinearImpulse', (b) => b.applyLinearImpulse([0, 10, 0], [0.5, -2, 0])],
  ['applyAngularImpulse', (b) => b.applyAngularImpulse([0, 0, 1])],
  ['setMassProperties', (b) => b.setMassProperties(5)],
  ['wake', (b) => b.wake()],
  ['canSleep', (b) => { b.canSleep = false; }],
  ['setType', (b) => b.setType('kinematic')],
  ['moveKinematic', (b) => b.moveKinematic([0, 1, 0])],
  ['lockRotation', (b) => { b.lockRotation = [true, true, true]; }],
  ['linearDamping', (b) => { b.linearDamping = 1; }],
  ['angularDamping', (b) => { b.angularDamping = 1; }],
  ['gravityScale', (b) => { b.gravityScale = 2; }],
  ['ccd', (b) => { b.ccd = true; }],
];

const BODY_WRITES_2D: Write<Body2D>[] = [
  ['setPosition', (b) => b.setPosition([1, 2])],
  ['setAngle', (b) => b.setAngle(1)],
  ['setLinearVelocity', (b) => b.setLinearVelocity([1, 0])],
  ['setAngularVelocity', (b) => b.setAngularVelocity(1)],
  ['applyForce', (b) => b.applyForce([0, 10], [0.5, -2])],
  ['applyTorque', (b) => b.applyTorque(1)],
  ['applyLinearImpulse', (b) => b.applyLinearImpulse([0, 10], [0.5, -2])],
  ['setMassProperties', (b) => b.setMassProperties(5, 2)],
  ['wake', (b) => b.wake()],
  ['canSleep', (b) => { b.canSleep = false; }],
  ['setType', (b) => b.setType('kinematic')],
  ['moveKinematic', (b) => b.moveKinematic([0, 1])],
  ['linearDamping', (b) => { b.linearDamping = 1; }],
  ['angularDamping', (b) => { b.angularDamping = 1; }],
  ['gravityScale', (b) => { b.gravityScale = 2; }],
  ['torque', (b) => { b.torque = 1; }],
];

describe('a removed body refuses every write', () => {
  it('the scenes fall asleep after the removal, so a stray wake would change the hash', () => {
    expect(removedBody3D().top.isAwake).toBe(false);
    expect(removedBody2D().top.isAwake).toBe(false);
  });

  for (const [name, call] of BODY_WRITES_3D) {
    it(`3D ${name}: throws naming the call and the body, and changes nothing`, () => {
      expectRefusedLikeTwin(() => {
        const { world, doomed } = removedBody3D();
        return { world, target: doomed, label: `body ${doomed.id}` };
      }, name, call);
    });
  }

  for (const [name, call] of BODY_WRITES_2D) {
    it(`2D ${name}: throws naming the call and the body, and changes nothing`, () => {
      expectRefusedLikeTwin(() => {
        const { world, doomed } = removedBody2D();
        return { world, target: doomed, label: `body ${doomed.id}` };
      }, name, call);
    });
  }

  it('a bad argument to a removed body is refused for the removal first', () => {
    const { doomed } = removedBody3D();
    expectRefused(() => doomed.setPosition([NaN, 0, 0]), 'setPosition', `body ${doomed.id}`);
    expectRefused(() => doomed.setMassProperties(-1), 'setMassProperties', `body ${doomed.id}`);
  });

  it('reads still answer (3D and 2D)', () => {
    const { doomed } = removedBody3D();
    const at = Array.from(doomed.position);
    expect(doomed.mass).toBe(1);
    expect(doomed.inverseMass).toBe(1);
    expect(Number.isFinite(doomed.getKineticEnergy())).toBe(true);
    expect(doomed.getWorldPoint([0, 0, 0], [0, 0, 0])).toEqual(at);
    expect(doomed.getLocalPoint([0, 0, 0], at)).toEqual([0, 0, 0]);
    expect(doomed.getPointVelocity([0, 0, 0], at).every(Number.isFinite)).toBe(true);
    expect(typeof doomed.isAwake).toBe('boolean');
    expect(doomed.canSleep).toBe(true);
    expect(doomed.hasDiagonalInertia).toBe(true);

    const flat = removedBody2D().doomed;
    const at2 = Array.from(flat.position);
    expect(flat.mass).toBe(1);
    expect(flat.inertia).toBeCloseTo(1 / 6, 15);
    expect(Number.isFinite(flat.getKineticEnergy())).toBe(true);
    expect(flat.getWorldPoint([0, 0], [0, 0])).toEqual(at2);
    expect(flat.getLocalPoint([0, 0], at2)).toEqual([0, 0]);
    expect(Number.isFinite(flat.angle)).toBe(true);
    expect(flat.canSleep).toBe(true);
  });

  it('removing it again is refused, naming it as removed', () => {
    const { world, doomed } = removedBody3D();
    expect(() => world.removeBody(doomed)).toThrow(new RegExp(`^removeBody: body \\(body ${doomed.id}\\) is not in this world \\(removed\\)$`));
    const flat = removedBody2D();
    expect(() => flat.world.removeBody(flat.doomed)).toThrow(/^removeBody: body \(body \d+\) is not in this world \(removed\)$/);
  });

  it('3D: no joint of any kind can be made on it, and nothing changes', () => {
    const { world, top, doomed } = removedBody3D();
    const hash = world.hash(), joints = world.joints.length;
    const attempts: [string, string, () => unknown][] = [
      ['createBallJoint', 'bodyA', () => world.createBallJoint({ bodyA: doomed, anchor: [0, -2, 0] })],
      ['createBallJoint', 'bodyB', () => world.createBallJoint({ bodyA: top, bodyB: doomed, anchor: [0, -1.5, 0] })],
      ['createHingeJoint', 'bodyA', () => world.createHingeJoint({ bodyA: doomed, bodyB: top, anchor: [0, -1.5, 0], axis: [0, 0, 1] })],
      ['createPrismaticJoint', 'bodyB', () => world.createPrismaticJoint({ bodyA: top, bodyB: doomed, anchor: [0, -1.5, 0], axis: [0, 1, 0] })],
      ['createDistanceJoint', 'bodyA', () => world.createDistanceJoint({ bodyA: doomed, anchorA: [0, -2, 0], anchorB: [0, 0, 0] })],
      ['createOrientationJoint', 'bodyA', () => world.createOrientationJoint({ bodyA: doomed })],
      ['createWeldJoint', 'bodyB', () => world.createWeldJoint({ bodyA: top, bodyB: doomed, anchor: [0, -1.5, 0] })],
      ['createMouseJoint', 'body', () => world.createMouseJoint({ body: doomed })],
    ];
    for (const [where, name, attempt] of attempts) {
      expect(attempt).toThrow(`${where}: ${name} (body ${doomed.id}) is not in this world (removed)`);
    }
    expect(world.joints).toHaveLength(joints);
    expect(world.hash()).toBe(hash);
  });

  it('2D: no joint of any kind can be made on it, and nothing changes', () => {
    const { world, top, doomed } = removedBody2D();
    const hash = world.hash(), joints = world.joints.length;
    const attempts: [string, string, () => unknown][] = [
      ['createRevoluteJoint', 'bodyA', () => world.createRevoluteJoint({ bodyA: doomed, anchor: [0, -2] })],
      ['createWeldJoint', 'bodyB', () => world.createWeldJoint({ bodyA: top, bodyB: doomed, anchor: [0, -1.5] })],
      ['createAngleJoint', 'bodyB', () => world.createAngleJoint({ bodyA: top, bodyB: doomed })],
    ];
    for (const [where, name, attempt] of attempts) {
      expect(attempt).toThrow(`${where}: ${name} (body ${doomed.id}) is not in this world (removed)`);
    }
    expect(world.joints).toHaveLength(joints);
    expect(world.hash()).toBe(hash);
  });
});

// ---- joints ----

/** Writes every joint has (JointCore). */
const CORE_WRITES: Write<Joint | Joint2D>[] = [
  ['breakForce', (j) => { j.breakForce = 100; }],
  ['breakTorque', (j) => { j.breakTorque = 100; }],
  ['hertz', (j) => { j.hertz = 3; }],
  ['dampingRatio', (j) => { j.dampingRatio = 0.5; }],
  ['wakeBodies', (j) => j.wakeBodies()],
];

interface JointCase<B, J> {
  kind: string;
  /** Joins `top` (dynamic, hanging from the world) to `post` (static) without straining either. */
  make: (top: B, post: B) => J;
  writes: Write<J>[];
}

type Case3D = JointCase<Body, Joint>;
type Case2D = JointCase<Body2D, Joint2D>;

/** A case whose writes take the joint's own class (each is only ever called on a joint of that kind). */
function case3D<T extends Joint>(kind: string, make: (top: Body, post: Body) => T, writes: Write<T>[]): Case3D {
  return { kind, make, writes: writes as unknown as Write<Joint>[] };
}
function case2D<T extends Joint2D>(kind: string, make: (top: Body2D, post: Body2D) => T, writes: Write<T>[]): Case2D {
  return { kind, make, writes: writes as unknown as Write<Joint2D>[] };
}

/** Each 3D joint kind in a world of its own (`world` is bound when the scene is built). */
function cases3D(world: World): Case3D[] {
  return [
    case3D('ball', (top: Body, post: Body) => world.createBallJoint({ bodyA: top, bodyB: post, anchor: [1, -1, 0] }), [
      ['setSwingLimit', (j: BallJoint) => j.setSwingLimit(0.5)],
      ['setTwistLimit', (j: BallJoint) => j.setTwistLimit(-0.5, 0.5)],
      ['frictionTorque', (j: BallJoint) => { j.frictionTorque = 1; }],
      ['applyImpulse', (j: BallJoint) => j.applyImpulse([0, 100, 0])],
    ]),
    case3D('hinge', (top: Body, post: Body) => world.createHingeJoint({ bodyA: top, bodyB: post, anchor: [1, -1, 0], axis: [0, 0, 1] }), [
      ['setLimits', (j: HingeJoint) => j.setLimits(-0.5, 0.5)],
      ['setMotor', (j: HingeJoint) => j.setMotor({ speed: 1, maxForce: 10 })],
      ['setServo', (j: HingeJoint) => j.setServo({ target: 0.2, hertz: 2 })],
      ['disableMotor', (j: HingeJoint) => j.disableMotor()],
      ['frictionTorque', (j: HingeJoint) => { j.frictionTorque = 1; }],
      ['applyImpulse', (j: HingeJoint) => j.applyImpulse([0, 100, 0, 0, 0])],
    ]),
    case3D('prismatic', (top: Body, post: Body) => world.createPrismaticJoint({ bodyA: top, bodyB: post, anchor: [1, -1, 0], axis: [1, 0, 0] }), [
      ['setLimits', (j: PrismaticJoint) => j.setLimits(-0.5, 0.5)],
      ['setMotor', (j: PrismaticJoint) => j.setMotor({ speed: 1, maxForce: 10 })],
      ['setServo', (j: PrismaticJoint) => j.setServo({ target: 0.2, hertz: 2 })],
      ['disableMotor', (j: PrismaticJoint) => j.disableMotor()],
      ['frictionForce', (j: PrismaticJoint) => { j.frictionForce = 1; }],
      ['applyImpulse', (j: PrismaticJoint) => j.applyImpulse([0, 100, 0, 0, 0])],
    ]),
    case3D('distance', (top: Body, post: Body) => world.createDistanceJoint({ bodyA: top, bodyB: post, anchorA: [0, -1, 0], anchorB: [2, -1, 0] }), [
      ['length', (j: DistanceJoint) => { j.length = 1.5; }],
      ['setLengthRange', (j: DistanceJoint) => j.setLengthRange(0.5, 3)],
      ['applyImpulse', (j: DistanceJoint) => j.applyImpulse([100])],
    ]),
    case3D('orientation', (top: Body, post: Body) => world.createOrientationJoint({ bodyA: top, bodyB: post }), [
      ['applyImpulse', (j: Joint) => j.applyImpulse([0, 0, 100])],
    ]),
    case3D('weld', (top: Body, post: Body) => world.createWeldJoint({ bodyA: top, bodyB: post, anchor: [1, -1, 0] }), [
      ['applyImpulse', (j: Joint) => j.applyImpulse([0, 100, 0, 0, 0, 1])],
    ]),
    case3D('mouse', (top: Body) => world.createMouseJoint({ body: top }), [
      ['setTarget', (j: MouseJoint) => j.setTarget([1, 1, 1])],
      ['maxForce', (j: MouseJoint) => { j.maxForce = 50; }],
      ['applyImpulse', (j: MouseJoint) => j.applyImpulse([0, 100, 0])],
    ]),
  ];
}

function cases2D(world: World2D): Case2D[] {
  return [
    case2D('revolute', (top: Body2D, post: Body2D) => world.createRevoluteJoint({ bodyA: top, bodyB: post, anchor: [1, -1] }), [
      ['setLimits', (j: RevoluteJoint) => j.setLimits(-0.5, 0.5)],
      ['setMotor', (j: RevoluteJoint) => j.setMotor({ speed: 1, maxForce: 10 })],
      ['setServo', (j: RevoluteJoint) => j.setServo({ target: 0.2, hertz: 2 })],
      ['disableMotor', (j: RevoluteJoint) => j.disableMotor()],
      ['frictionTorque', (j: RevoluteJoint) => { j.frictionTorque = 1; }],
      ['applyImpulse', (j: RevoluteJoint) => j.applyImpulse([0, 100])],
    ]),
    case2D('weld', (top: Body2D, post: Body2D) => world.createWeldJoint({ bodyA: top, bodyB: post, anchor: [1, -1] }), [
      ['applyImpulse', (j: Joint2D) => j.applyImpulse([0, 100, 1])],
    ]),
    case2D('angle', (top: Body2D, post: Body2D) => world.createAngleJoint({ bodyA: top, bodyB: post }), [
      ['applyImpulse', (j: Joint2D) => j.applyImpulse([100])],
    ]),
  ];
}

/** `top` hangs from the world and is joined to a static `post` by the joint of `kind`, which is then
 * removed with removeJoint (both its bodies stay); the world falls asleep again. */
function removedJoint3D(kind: string): { world: World; top: Body; joint: Joint; writes: Write<Joint>[] } {
  const world = new World();
  const top = world.createBody({ position: [0, -1, 0] });
  world.createBallJoint({ bodyA: top, anchor: [0, 0, 0] });
  const post = world.createBody({ type: 'static', position: [2, -1, 0] });
  const found = cases3D(world).find((c) => c.kind === kind) as Case3D;
  const joint = found.make(top, post);
  settle(world);
  world.removeJoint(joint);
  settle(world);
  return { world, top, joint, writes: found.writes };
}

function removedJoint2D(kind: string): { world: World2D; top: Body2D; joint: Joint2D; writes: Write<Joint2D>[] } {
  const world = new World2D();
  const top = world.createBody({ position: [0, -1] });
  world.createRevoluteJoint({ bodyA: top, anchor: [0, 0] });
  const post = world.createBody({ type: 'static', position: [2, -1] });
  const found = cases2D(world).find((c) => c.kind === kind) as Case2D;
  const joint = found.make(top, post);
  settle(world);
  world.removeJoint(joint);
  settle(world);
  return { world, top, joint, writes: found.writes };
}

const KINDS_3D = cases3D(new World()).map((c) => c.kind);
const KINDS_2D = cases2D(new World2D()).map((c) => c.kind);

describe('a removed joint refuses every write', () => {
  it('the scenes fall asleep after the removal, so a stray wake or impulse would change the hash', () => {
    for (const kind of KINDS_3D) expect(removedJoint3D(kind).top.isAwake).toBe(false);
    for (const kind of KINDS_2D) expect(removedJoint2D(kind).top.isAwake).toBe(false);
  });

  for (const kind of KINDS_3D) {
    const writes = [...CORE_WRITES, ...removedJoint3D(kind).writes];
    for (const [name, call] of writes) {
      it(`3D ${kind} joint ${name}: throws naming the call and the joint, and changes nothing`, () => {
        expectRefusedLikeTwin(() => {
          const { world, joint } = removedJoint3D(kind);
          return { world, target: joint, label: `joint ${joint.id}` };
        }, name, call);
      });
    }
  }

  for (const kind of KINDS_2D) {
    const writes = [...CORE_WRITES, ...removedJoint2D(kind).writes];
    for (const [name, call] of writes) {
      it(`2D ${kind} joint ${name}: throws naming the call and the joint, and changes nothing`, () => {
        expectRefusedLikeTwin(() => {
          const { world, joint } = removedJoint2D(kind);
          return { world, target: joint, label: `joint ${joint.id}` };
        }, name, call);
      });
    }
  }

  it('a joint removed with its body counts as removed (3D and 2D)', () => {
    const { link } = removedBody3D();
    for (const [name, call] of CORE_WRITES) expectRefused(() => call(link), name, `joint ${link.id}`);
    expectRefused(() => link.applyImpulse([0, 100, 0]), 'applyImpulse', `joint ${link.id}`);
    const flat = removedBody2D().link as RevoluteJoint;
    expectRefused(() => flat.setMotor({ speed: 1 }), 'setMotor', `joint ${flat.id}`);
    expectRefused(() => flat.applyImpulse([0, 100]), 'applyImpulse', `joint ${flat.id}`);
  });

  it('reads still answer', () => {
    const hinge = removedJoint3D('hinge').joint as HingeJoint;
    expect(Number.isFinite(hinge.getAngle())).toBe(true);
    expect(Number.isFinite(hinge.getError())).toBe(true);
    expect(hinge.getAnchorA([0, 0, 0]).every(Number.isFinite)).toBe(true);
    expect(hinge.getForce([0, 0, 0]).every(Number.isFinite)).toBe(true);
    expect(hinge.breakForce).toBe(Infinity);
    expect(hinge.motorMode).toBe('off');
    const mouse = removedJoint3D('mouse').joint as MouseJoint;
    expect(mouse.getTarget([0, 0, 0])).toEqual([0, -1, 0]);
    expect(mouse.hertz).toBe(5);
    const revolute = removedJoint2D('revolute').joint as RevoluteJoint;
    expect(Number.isFinite(revolute.getAngle())).toBe(true);
    expect(Number.isFinite(revolute.getTorque())).toBe(true);
  });

  it('removing it again is refused, naming it as removed, with its body or by itself', () => {
    const { world, link } = removedBody3D();
    expect(() => world.removeJoint(link)).toThrow(new RegExp(`^removeJoint: joint ${link.id} is not in this world \\(removed\\)$`));
    const single = removedJoint3D('weld');
    expect(() => single.world.removeJoint(single.joint)).toThrow(/^removeJoint: joint \d+ is not in this world \(removed\)$/);
    const flat = removedJoint2D('angle');
    expect(() => flat.world.removeJoint(flat.joint)).toThrow(/^removeJoint: joint \d+ is not in this world \(removed\)$/);
  });
});
