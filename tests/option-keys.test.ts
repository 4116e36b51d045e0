// Every options object the public API takes refuses a key it does not know, naming the nearest valid key
// when one is close (a misspelt option would otherwise be left at its default without a word), and
// leaves the world as it was.

import { describe, expect, it } from 'vitest';
import { createRagdoll, World, type Body } from '../lib/index.js';
import { comparePlanar, World2D } from '../lib/2d/index.js';
import { editDistance, nearestName } from '../lib/util/option-keys.js';
import { hangingChain } from '../lib/scenes/standard.js';

/** Expects `action` to throw exactly `message` (a RangeError) and the world's hash not to change. */
function expectRefused(world: World | World2D, action: () => unknown, message: string): void {
  const before = world.hash(), bodies = world.bodies.length, joints = world.joints.length;
  expect(action).toThrow(new RangeError(message));
  expect(world.hash()).toBe(before);
  expect([world.bodies.length, world.joints.length]).toEqual([bodies, joints]);
}

describe('edit distance and the nearest name', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours', () => {
    expect(editDistance('substep', 'substeps')).toBe(1);
    expect(editDistance('substeps', 'substep')).toBe(1);
    expect(editDistance('hieght', 'height')).toBe(1);
    expect(editDistance('mas', 'mass')).toBe(1);
    expect(editDistance('radus', 'radius')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('suggests a name only when it is close, or the same but for case', () => {
    expect(nearestName('substep', ['iterations', 'substeps'])).toBe('substeps');
    expect(nearestName('stepheight', ['stepHeight', 'offset'])).toBe('stepHeight');
    expect(nearestName('banana', ['substeps', 'iterations'])).toBeNull();
    expect(nearestName('x', ['y'])).toBe('y');
    expect(nearestName('ab', ['xyz'])).toBeNull();
  });
});

describe('the worlds refuse unknown options', () => {
  it('World: a misspelt option names the one meant; a far-off one lists the valid keys', () => {
    expect(() => new World({ substep: 8 } as never)).toThrow(new RangeError("World: unknown option 'substep' (did you mean 'substeps'?)"));
    expect(() => new World({ onContactBgin: () => {} } as never)).toThrow(/unknown option 'onContactBgin' \(did you mean 'onContactBegin'\?\)/);
    expect(() => new World({ banana: 1 } as never)).toThrow(/World: unknown option 'banana' \(valid: 'substeps', 'exactSubsteps', 'iterations', .*'ccdSpeedThreshold'\)/);
  });

  it('World: a key left undefined is allowed, and the valid ones still work', () => {
    const world = new World({ substep: undefined, substeps: 8 } as never);
    expect(world.substeps).toBe(8);
  });

  it('World2D', () => {
    expect(() => new World2D({ gravty: [0, -1] } as never)).toThrow(new RangeError("World2D: unknown option 'gravty' (did you mean 'gravity'?)"));
    expect(() => new World2D({ gyroscopic: true } as never)).toThrow(/World2D: unknown option 'gyroscopic' \(valid: /);
  });

  it('comparePlanar, and the settings it hands both worlds', () => {
    const scene = hangingChain(2);
    expect(() => comparePlanar(scene, { step: 2 } as never)).toThrow(new RangeError("comparePlanar: unknown option 'step' (did you mean 'steps'?)"));
    expect(() => comparePlanar(scene, { steps: 1, options: { substep: 2 } as never })).toThrow(/unknown option 'substep' \(did you mean 'substeps'\?\)/);
  });
});

describe('bodies and shapes refuse unknown options', () => {
  it('createBody (3D and 2D)', () => {
    const world = new World();
    world.createBody({ position: [0, 1, 0] });
    expectRefused(world, () => world.createBody({ mas: 2 } as never), "createBody: unknown option 'mas' (did you mean 'mass'?)");
    expectRefused(world, () => world.createBody({ linearDampning: 2 } as never), "createBody: unknown option 'linearDampning' (did you mean 'linearDamping'?)");
    const world2d = new World2D();
    world2d.createBody({ position: [0, 1] });
    expectRefused(world2d, () => world2d.createBody({ angel: 1 } as never), "createBody: unknown option 'angel' (did you mean 'angle'?)");
    expectRefused(world2d, () => world2d.createBody({ shape: [] } as never), "createBody: unknown option 'shape' (did you mean 'shapes'?)");
    expectRefused(world2d, () => world2d.createBody({ shapes: [{ type: 'circle', radus: 1 }] } as never), "createBody: shapes[0]: unknown option 'radus' (did you mean 'radius'?)");
  });

  it('shape options, by the shape type’s own keys', () => {
    const world = new World();
    expectRefused(world, () => world.createBody({ shapes: [{ type: 'sphere', radus: 1 }] as never }), "createBody: shapes[0]: unknown option 'radus' (did you mean 'radius'?)");
    expectRefused(
      world, () => world.createBody({ shapes: [{ type: 'sphere', radius: 1 }, { type: 'box', halfExtents: [1, 1, 1], fricton: 0.2 }] as never }),
      "createBody: shapes[1]: unknown option 'fricton' (did you mean 'friction'?)",
    );
    // a box has no radius
    expectRefused(world, () => world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 1, 1], radius: 1 }] as never }), "createBody: shapes[0]: unknown option 'radius' (valid: 'position', 'orientation', 'density', 'friction', 'restitution', 'rollingResistance', 'category', 'mask', 'group', 'sensor', 'type', 'halfExtents')");
    expectRefused(world, () => world.createBody({ type: 'static', shapes: [{ type: 'plane', ofset: 1 }] as never }), "createBody: shapes[0]: unknown option 'ofset' (did you mean 'offset'?)");
    // the queries take shape options too
    expect(() => world.overlapShape({ type: 'capsule', radius: 1, halfHieght: 1 } as never, [0, 0, 0], [0, 0, 0, 1])).toThrow(
      new RangeError("overlapShape: shape: unknown option 'halfHieght' (did you mean 'halfHeight'?)"),
    );
  });

  it('a snapshot, whose bodies are rebuilt from their shapes’ options, still restores', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], restitution: 0.2, sensor: false }, { type: 'sphere', radius: 0.3, position: [0, 1, 0] }] });
    world.step(1 / 60);
    const restored = World.restore(world.snapshot());
    expect(restored.hash()).toBe(world.hash());
  });
});

describe('joints refuse unknown options', () => {
  const setup = () => {
    const world = new World();
    const a = world.createBody({ position: [0, 0, 0] }), b = world.createBody({ position: [1, 0, 0] });
    return { world, a, b };
  };

  it('every 3D joint, with the nearest key', () => {
    const { world, a, b } = setup();
    const cases: [string, () => unknown, string][] = [
      ['ball', () => world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], swingLimt: 1 } as never), "createBallJoint: unknown option 'swingLimt' (did you mean 'swingLimit'?)"],
      ['hinge', () => world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAnlge: -1 } as never), "createHingeJoint: unknown option 'lowerAnlge' (did you mean 'lowerAngle'?)"],
      ['prismatic', () => world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], axis: [1, 0, 0], frictionTorque: 1 } as never), "createPrismaticJoint: unknown option 'frictionTorque' (did you mean 'frictionForce'?)"],
      ['distance', () => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0, 0], anchorB: [1, 0, 0], maxLenght: 2 } as never), "createDistanceJoint: unknown option 'maxLenght' (did you mean 'maxLength'?)"],
      ['weld', () => world.createWeldJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], breakforce: 10 } as never), "createWeldJoint: unknown option 'breakforce' (did you mean 'breakForce'?)"],
      ['orientation', () => world.createOrientationJoint({ bodyA: a, bodyB: b, colideConnected: true } as never), "createOrientationJoint: unknown option 'colideConnected' (did you mean 'collideConnected'?)"],
      ['mouse', () => world.createMouseJoint({ body: b, maxforce: 1 } as never), "createMouseJoint: unknown option 'maxforce' (did you mean 'maxForce'?)"],
    ];
    for (const [, action, message] of cases) expectRefused(world, action, message);
  });

  it('motor and servo options, at creation and through setMotor and setServo', () => {
    const { world, a, b } = setup();
    expectRefused(
      world, () => world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], axis: [0, 0, 1], motor: { sped: 1 } } as never),
      "createHingeJoint: unknown motor option 'sped' (did you mean 'speed'?)",
    );
    expectRefused(
      world, () => world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], axis: [1, 0, 0], servo: { traget: 1 } } as never),
      "createPrismaticJoint: unknown servo option 'traget' (did you mean 'target'?)",
    );
    const hinge = world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], axis: [0, 0, 1] });
    expectRefused(world, () => hinge.setMotor({ speed: 1, maxForse: 2 } as never), "setMotor: unknown motor option 'maxForse' (did you mean 'maxForce'?)");
    expectRefused(world, () => hinge.setServo({ target: 0, hertx: 2 } as never), "setServo: unknown servo option 'hertx' (did you mean 'hertz'?)");
    hinge.setMotor({ speed: 1, maxForce: 2 });
    expect(hinge.motorMode).toBe('velocity');
  });

  it('every 2D joint', () => {
    const world = new World2D();
    const a = world.createBody({ position: [0, 0] }), b = world.createBody({ position: [1, 0] });
    expectRefused(world, () => world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0, 0], upperAngel: 1 } as never), "createRevoluteJoint: unknown option 'upperAngel' (did you mean 'upperAngle'?)");
    expectRefused(world, () => world.createWeldJoint({ bodyA: a, bodyB: b, ancor: [0, 0] } as never), "createWeldJoint: unknown option 'ancor' (did you mean 'anchor'?)");
    expectRefused(world, () => world.createAngleJoint({ bodyA: a, bodyB: b, herz: 2 } as never), "createAngleJoint: unknown option 'herz' (did you mean 'hertz'?)");
    expectRefused(world, () => world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: [0, 0], motor: { speeed: 1 } } as never), "createRevoluteJoint: unknown motor option 'speeed' (did you mean 'speed'?)");
  });
});

describe('the character controller, ragdolls and queries refuse unknown options', () => {
  it('createCharacterController and its capsule', () => {
    const world = new World();
    const shape = { radius: 0.3, halfHeight: 0.6 };
    expect(() => world.createCharacterController({ shape, stepheight: 0.3 } as never)).toThrow(
      new RangeError("createCharacterController: unknown option 'stepheight' (did you mean 'stepHeight'?)"),
    );
    expect(() => world.createCharacterController({ shape: { radius: 0.3, halfheight: 0.6 } } as never)).toThrow(
      new RangeError("createCharacterController: unknown shape option 'halfheight' (did you mean 'halfHeight'?)"),
    );
  });

  it('createRagdoll', () => {
    const world = new World();
    expectRefused(world, () => createRagdoll(world, { hieght: 1.6 } as never), "createRagdoll: unknown option 'hieght' (did you mean 'height'?)");
    expectRefused(world, () => createRagdoll(world, { selfColide: true } as never), "createRagdoll: unknown option 'selfColide' (did you mean 'selfCollide'?)");
  });

  it('query options and their filter', () => {
    const world = new World();
    const body: Body = world.createBody({ shapes: [{ type: 'sphere', radius: 1 }] });
    expect(() => world.castRay([0, 5, 0], [0, -1, 0], 10, { exlude: body } as never)).toThrow(new RangeError("castRay: unknown option 'exlude' (did you mean 'exclude'?)"));
    expect(() => world.queryAABB([-1, -1, -1], [1, 1, 1], { filter: { catgory: 2 } } as never)).toThrow(
      new RangeError("queryAABB: unknown filter option 'catgory' (did you mean 'category'?)"),
    );
    expect(world.castRay([0, 5, 0], [0, -1, 0], 10, { exclude: undefined, filter: { mask: 1 } })?.body).toBe(body);
  });
});
