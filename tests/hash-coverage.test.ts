// world.hash() covers everything that decides what the world does: two worlds that differ only in a
// shape's geometry, pose, material, filter or sensor flag, a body's type or flags, a joint's settings or a
// world setting hash differently; two worlds built alike hash alike.

import { describe, expect, it } from 'vitest';
import { World, type BodyOptions, type WorldOptions } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import type { ShapeOptions } from '../lib/geometry/shape.js';

interface Variant {
  world?: WorldOptions;
  shape?: Partial<ShapeOptions>;
  /** A different shape in place of the sphere. */
  replaceShape?: ShapeOptions;
  body?: Partial<BodyOptions>;
  joint?: { collideConnected?: boolean; breakForce?: number; lowerAngle?: number; upperAngle?: number };
  after?: (world: World) => void;
}

/** A ground, a body with one shape (given mass and inertia: its state does not follow from the shape),
 * a second body joined to it by a hinge, and one step taken. */
function build(variant: Variant = {}): World {
  const world = new World(variant.world ?? {});
  world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }], position: [0, -0.5, 0] });
  const shape = variant.replaceShape ?? ({ type: 'sphere', radius: 0.5, ...variant.shape } as ShapeOptions);
  const body = world.createBody({ position: [0, 2, 0], mass: 1, inertia: [0.1, 0.1, 0.1], shapes: [shape], ...variant.body });
  const other = world.createBody({ position: [1, 2, 0] });
  world.createHingeJoint({ bodyA: other, bodyB: body, anchor: [0.5, 2, 0], axis: [0, 0, 1], ...variant.joint });
  variant.after?.(world);
  world.step(1 / 60);
  return world;
}

const VARIANTS: Record<string, Variant> = {
  'a sphere radius': { shape: { radius: 0.6 } as Partial<ShapeOptions> },
  'the shape kind': { replaceShape: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } },
  'the shape position in the body': { shape: { position: [0, 0.01, 0] } },
  'the shape orientation in the body': { shape: { orientation: [0, Math.sin(0.1), 0, Math.cos(0.1)] } },
  'the density': { shape: { density: 2 } },
  'the friction': { shape: { friction: 0.9 } },
  'the restitution': { shape: { restitution: 0.5 } },
  'the rolling resistance': { shape: { rollingResistance: 0.1 } },
  'the filter category': { shape: { category: 2 } },
  'the filter mask': { shape: { mask: 0xfffe } },
  'the filter group': { shape: { group: -1 } },
  'the sensor flag': { shape: { sensor: true } },
  'the body type': { body: { type: 'kinematic', mass: undefined, inertia: undefined } },
  'a rotation lock': { body: { lockRotation: [true, false, false] } },
  'continuous collision': { body: { ccd: true } },
  'canSleep': { body: { canSleep: false } },
  'the gravity scale': { body: { gravityScale: 0.5 } },
  'a contact force event threshold': { body: { contactForceEventThreshold: 10 } },
  'collideConnected': { joint: { collideConnected: true } },
  'a break force': { joint: { breakForce: 1e6 } },
  'hinge limits': { joint: { lowerAngle: -1, upperAngle: 1 } },
  'substeps': { world: { substeps: 8 } },
  'gyroscopic': { world: { gyroscopic: false } },
  'a filter set after creation': { after: (world) => (world.bodies[1].shapes[0].mask = 0xfffe) },
};

describe('world.hash() covers the whole world', () => {
  it('two worlds built alike hash alike', () => {
    expect(build().hash()).toBe(build().hash());
    for (const variant of Object.values(VARIANTS)) expect(build(variant).hash()).toBe(build(variant).hash());
  });

  for (const [name, variant] of Object.entries(VARIANTS)) {
    it(`worlds differing only in ${name} hash differently`, () => {
      expect(build(variant).hash()).not.toBe(build().hash());
    });
  }

  it('a restored world hashes as the world it came from, shapes and filters included', () => {
    for (const variant of [{}, ...Object.values(VARIANTS)]) {
      const world = build(variant);
      expect(World.restore(JSON.parse(JSON.stringify(world.snapshot()))).hash()).toBe(world.hash());
    }
  });

  it('2D worlds differing only in a body type hash differently', () => {
    const make = (type: 'static' | 'kinematic') => {
      const world = new World2D();
      world.createBody({ type });
      return world.hash();
    };
    expect(make('static')).not.toBe(make('kinematic'));
    expect(make('static')).toBe(make('static'));
  });

  it("reading a ball joint's swing and twist changes nothing: the hash, the snapshot and the next steps stay the same", () => {
    const make = () => {
      const world = new World();
      const body = world.createBody({ position: [1, 2, 0], angularVelocity: [0.3, 0.2, 0.1] });
      const joint = world.createBallJoint({ bodyA: body, anchor: [0, 2, 0] });
      world.step(1 / 60);
      return { world, joint };
    };
    const read = make(), untouched = make();
    const before = read.world.hash();
    const snapshot = JSON.stringify(read.world.snapshot());
    expect(Number.isFinite(read.joint.getSwingAngle() + read.joint.getSwingMargin() + read.joint.getTwistAngle())).toBe(true);
    expect(read.joint.swingRow).toBeDefined();
    expect(read.joint.twistRow).toBeDefined();
    expect(read.joint.frames).toBeDefined();
    expect(read.world.hash()).toBe(before);
    expect(JSON.stringify(read.world.snapshot())).toBe(snapshot);
    for (let i = 0; i < 30; i++) {
      read.world.step(1 / 60);
      untouched.world.step(1 / 60);
      read.joint.getSwingAngle();
    }
    expect(read.world.hash()).toBe(untouched.world.hash());
  });
});

describe('a snapshot written as JSON restores shapes to the same bits', () => {
  // JSON writes −0 as 0, and a quaternion normalized once may be an ulp off unit length: a shape read
  // back from a snapshot must still be the same numbers, or the restored world hashes and steps apart.
  it('shapes with −0 in their pose, hull points or plane, and orientations an ulp off unit, restore and step bit for bit', () => {
    const world = new World({ sleeping: false });
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [-0, 1, -0], offset: -0 }] });
    world.createBody({
      position: [0, 0.05, 0],
      shapes: [
        { type: 'sphere', radius: 0.05, orientation: [-0.32098887510693136, -0.2245553582865368, -0.35258506689027524, 0.8498381044224671] },
        { type: 'box', halfExtents: [0.02, 0.02, 0.02], position: [-0, 0.01, -0], orientation: [0.7071067811865475, -0, 0.7071067811865475, 6.123233995736766e-17] },
        // one whose divisions by its length swing about 1 for ever
        { type: 'box', halfExtents: [0.02, 0.02, 0.02], orientation: [-0.5815251178106193, 0.5658161555658269, 0.318521420551114, 0.4901272488917073] },
      ],
    });
    world.createBody({
      type: 'static', position: [2, 0, 0],
      shapes: [{ type: 'hull', points: [[-0, 0, 0], [1, 0, -0], [0, 1, 0], [0, 0, 1]], orientation: [0.9504106288164315, -0, -0, 0.3109978080835224] }],
    });
    world.step(1 / 60);
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.hash()).toBe(world.hash());
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(world.hash());
  });

  it('a capsule of halfHeight −0 restores bit for bit', () => {
    const world = new World();
    world.createBody({ shapes: [{ type: 'capsule', radius: 0.05, halfHeight: -0 }] });
    expect(World.restore(JSON.parse(JSON.stringify(world.snapshot()))).hash()).toBe(world.hash());
  });

  it('shapes given −0 as friction, restitution, rolling resistance or group restore bit for bit', () => {
    // a rolling resistance of −0 was kept as −0, and JSON restored it as 0: the hashes differed
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', friction: -0, restitution: -0, rollingResistance: -0, group: -0 }] });
    const body = world.createBody({
      position: [0, 0.3, 0], shapes: [{ type: 'box', halfExtents: [0.3, 0.3, 0.3], friction: -0, restitution: -0, rollingResistance: -0, group: -0 }],
    });
    body.shapes[0].friction = -0;
    body.shapes[0].restitution = -0;
    body.shapes[0].group = -0;
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.hash()).toBe(world.hash());
    copy.step(1 / 60);
    world.step(1 / 60);
    expect(copy.hash()).toBe(world.hash());
  });

  it('shapes given any orientation restore to the same bits', () => {
    // a quaternion normalized once and read again from the snapshot could move a last bit, and stepping
    // one component to a length of exactly 1 does not always succeed (a random-seed fuzz found
    // [-0.5249227249994495, -0.544260165979548, 0.6456887443495257, 0.10640982063418784])
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const orientations = [[-0.5249227249994495, -0.544260165979548, 0.6456887443495257, 0.10640982063418784]];
    for (let i = 0; i < 500; i++) {
      // as a program makes them: an axis and an angle, then sin and cos, in single or double precision
      const axis = [random(), random(), random()], angle = Math.PI * random();
      const length = Math.hypot(...axis), s = Math.sin(angle / 2) / length;
      const q = [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
      orientations.push(i % 2 === 0 ? q : q.map(Math.fround));
    }
    for (const orientation of orientations) {
      const world = new World();
      world.createBody({ shapes: [{ type: 'box', halfExtents: [0.3, 0.2, 0.1], orientation }, { type: 'sphere', radius: 0.05 }] });
      const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
      expect(copy.hash(), `orientation ${orientation}`).toBe(world.hash());
    }
  });

  it('planes given any normal, and joints any axis, restore and step bit for bit', () => {
    // a normal normalized once may be an ulp off unit length, and normalized again (from the snapshot)
    // change its last bit: [-1, -1, -0.5155754089355469] did
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const normals = [[-1, -1, -0.5155754089355469], ...Array.from({ length: 200 }, () => [random(), random(), random()])];
    for (const normal of normals) {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ type: 'plane', normal }] });
      const a = world.createBody({ position: [0, 3, 0] }), b = world.createBody({ position: [1, 3, 0] });
      world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0.5, 3, 0], axis: normal });
      world.createPrismaticJoint({ bodyA: b, anchor: [1, 4, 0], axis: normal });
      const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
      expect(copy.hash(), `normal ${normal}`).toBe(world.hash());
      copy.step(1 / 60);
      world.step(1 / 60);
      expect(copy.hash(), `normal ${normal}`).toBe(world.hash());
    }
  });

  it('a world restored after its contacts gained and lost points hashes and steps as the original', () => {
    // a contact's manifold cache kept the point slots of an earlier, larger manifold; a contact made
    // afresh after a restore holds zeros there: never read, but hashed (a random-seed fuzz found it)
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const body = world.createBody({
      position: [-2.4372100830078125, 0.7748794555664062, -0.7154750823974609], orientation: [0.5773502691896258, 0.5773502691896258, 0.5773502691896258, 6.123233995736766e-17],
      linearVelocity: [-10, 7.732219696044922, -10], angularVelocity: [-10, -10, -8.351478576660156], inertia: [0.4283448600769043, 0.36440601348876955, 0.4660111427307129],
      linearDamping: 2.0197391510009766, angularDamping: 4.633631706237793, gravityScale: -0.374053955078125,
      shapes: [
        { type: 'box', halfExtents: [0.6313906288146973, 0.2439191436767578, 0.11129928588867188], position: [-0.19193744659423828, -0.31406402587890625, -0.5], orientation: [0.15710070242269103, 0.23775864199900074, -0, 0.9585354440254612], friction: 1.3478679656982422, restitution: 0.049549102783203125 },
        { type: 'box', halfExtents: [0.09338111877441406, 0.4755814552307129, 0.02], position: [-0.41094017028808594, 0.5, 0.14281463623046875], orientation: [0.26056748985693967, 0.6848975660876909, -0.673437058986084, 0.09748043281081879], restitution: 0.8098440170288086 },
      ],
      lockTranslation: [false, false, true], lockRotation: [false, true, false],
    });
    world.createPrismaticJoint({
      bodyA: body, anchor: [2.2265396118164062, -3, -2.1877899169921875], axis: [0.010654449462890625, 0, 0], lowerTranslation: -0.10294532775878906,
      servo: { target: -0.9916763305664062, hertz: 7.919254302978516, dampingRatio: 1.4457988739013672, maxForce: 0 }, frictionForce: 6.5454864501953125,
      breakForce: 529.3685598373413, breakTorque: 9636.266845703125, dampingRatio: 1.7188854217529297,
    });
    world.createMouseJoint({ body, anchor: [-0.2518730163574219, -0.29106903076171875, -2.181215286254883], target: [2.748373031616211, -3, 0.5804214477539062], maxForce: 2694.530487060547, breakForce: 4755.210886955261, breakTorque: 2112.9294414520264 });
    for (let i = 0; i < 16; i++) world.step(1 / 30);
    expectRestoredAlike(world, 1 / 30, 30);
  });

  it('a box restored while it tumbles on a heightfield steps on as the original', () => {
    // the triangles' scratch manifolds kept the points of their last use, which a hull's picks preferred:
    // the restored copy picked 3 points of a triangle where the original picked 4 (random-seed fuzz)
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({
      linearVelocity: [-10, 4.353580474853516, -10], angularVelocity: [4.011325836181641, -4.100284576416016, -10], mass: 0.001, inertia: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      shapes: [{ type: 'box', halfExtents: [0.13321660995483398, 0.7035791969299316, 0.12066959381103516], orientation: [-0.21570050563046486, 0.4205746193403448, -0.5561033964200687, 0.683622186538405], restitution: 0.3575925827026367 }],
      ccd: true,
    });
    world.createBody({
      type: 'static', position: [4.364004135131836, 0, 2.866067886352539], orientation: [0.7981060902383249, -0.11019988370600431, 0.048163289069883625, 0.5903922017961015],
      shapes: [{
        type: 'heightfield', heights: [0.5876979827880859, 0.033435821533203125, -0.3687324523925781, 0.5462894439697266, 0.12598609924316406, -0.6279830932617188, -1, -0.44716453552246094, 0.5269546508789062],
        rows: 3, columns: 3, size: [6.915194511413574, 16.989465713500977], orientation: [0.40671956675289794, -0.27147283623170143, -0.2787750269778169, 0.8265386727444568],
        friction: 0.6667118072509766, restitution: 0.1970071792602539, rollingResistance: 0.04133110046386719, category: 64348,
      }],
    });
    for (let i = 0; i < 9; i++) world.step(1 / 30);
    expectRestoredAlike(world, 1 / 60, 30);
  });

  it('a plane added beside a body at rest in its fat box meets it at the next step, as in a restored world', () => {
    // a new plane looked for pairs only when a moving body's box left its fat box; a restored world, all
    // of whose shapes are new, paired them at once (random-seed fuzz)
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ gravityScale: -2, shapes: [{ type: 'capsule', radius: 0.05, halfHeight: 0 }] });
    world.step(1 / 480);
    const plane = world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    world.step(1 / 60);
    copy.step(1 / 60);
    expect(world.contacts.some((c) => c.bodyA === plane || c.bodyB === plane)).toBe(true);
    expect(copy.hash()).toBe(world.hash());
  });

  it('a rolling ball lifted off the ground, restored, then set back down steps on as the original', () => {
    // a contact that lost its points kept its rolling impulse; snapshots hold only contacts with points,
    // so the original warm-started its next touch with it and the restored copy did not (random-seed fuzz:
    // a fast capsule leaving the ground between two steps)
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', rollingResistance: 0.2 }] });
    const ball = world.createBody({ position: [0, 0.5, 0], linearVelocity: [2, 0, 0], angularVelocity: [0, 0, -4], shapes: [{ type: 'sphere', radius: 0.5, rollingResistance: 0.2 }] });
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    ball.setPosition([ball.position[0], 1.5, 0]);
    world.step(1 / 60);
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (const w of [world, copy]) {
      const b = w.bodies[1];
      b.setPosition([b.position[0], 0.5, 0]);
    }
    for (let i = 0; i < 40; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
      expect(copy.hash(), `step ${i}`).toBe(world.hash());
    }
  });

  it('a box dropped into a world stepped an odd number of contact sweeps steps on after a restore as the original', () => {
    // the contact solver takes friction rows forward and back in turn; the turn carried over from the
    // last step (1 substep, no relax sweep: one sweep a step), which no snapshot holds (random-seed fuzz)
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.substeps = 1;
    world.relaxIterations = 0;
    world.advance(0.0833333969116211);
    world.createBody({ shapes: [{ type: 'box', halfExtents: [0.02, 0.02, 0.02] }] });
    expectRestoredAlike(world, 1 / 60, 10);
  });

  it('a capsule made where a removed sphere rested restores and steps bit for bit', () => {
    // its contact with the ground, the sphere's taken from the pool, turned a rolling impulse of 0 through
    // the sphere's last tangents into −0, where a new contact (the restored copy's) kept +0 (random-seed fuzz)
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const sphere = world.createBody({ inertia: [0.020046730041503907, 0.02, 0.02], shapes: [{ type: 'sphere', radius: 0.05, position: [-0.5, -0.5, -0.5] }] });
    for (let i = 0; i < 2; i++) world.step(1 / 60);
    world.removeBody(sphere);
    world.createBody({ shapes: [{ type: 'capsule', radius: 0.05, halfHeight: 0, rollingResistance: 1.9073486328125e-7 }] });
    expectRestoredAlike(world, 1 / 60, 10);
  });

  it('a body made dynamic by setType, its shapes moved about the new centre of mass, restores and steps bit for bit', () => {
    // setType re-centred the shapes but kept the body's extent (its farthest shape point) from before,
    // which sets its speculative margins: the restored copy, measured afresh, hit the ground otherwise
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const body = world.createBody({
      type: 'kinematic', position: [-5, -1.839141845703125, -5], orientation: [0.5773502691896258, 0.5773502691896258, 0.5773502691896258, 6.123233995736766e-17],
      shapes: [{ type: 'hull', points: [[-0.3, -0.3, -0.3], [-0.3, -0.3, 0.3], [-0.3, 0.3, -0.3], [-0.3, 0.3, 0.3], [0.3, -0.3, -0.3], [0.3, -0.3, 0.3], [0.3, 0.3, -0.3], [0.3, 0.3, 0.3]], position: [-0.5, -0.5, -0.5] }],
    });
    body.setType('dynamic');
    expectRestoredAlike(world, 1 / 30, 40);
  });
});

/** Restores `world` from its snapshot as JSON and steps both `steps` times by `dt`: the hashes agree at
 * every step. */
function expectRestoredAlike(world: World, dt: number, steps: number): void {
  const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
  for (let i = 0; i < steps; i++) {
    world.step(dt);
    copy.step(dt);
    expect(copy.hash(), `step ${i}`).toBe(world.hash());
  }
}
