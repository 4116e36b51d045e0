// BasicWorld (lib/world/basic-world.ts), the 3D world made of what it is given: it steps as World does,
// bit for bit, with the kinds it takes; it refuses the shape types it was not given; its joints made
// through their definitions are the create…Joint calls'; continuous collision comes with
// CONTINUOUS_COLLISION. The guide's example (docs/bundle-size.md) runs.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BALL_JOINT_DEFINITION, BasicWorld, BOX_SHAPE, CAPSULE_SHAPE, CCD_SPEED_THRESHOLD, CONTINUOUS_COLLISION, HINGE_JOINT_DEFINITION, HULL_SHAPE,
  PLANE_SHAPE, SHAPE_KINDS, SPHERE_SHAPE, World, type Body, type ShapeKind, type ShapeOptions,
} from '../lib/index.js';
import * as core from '../lib/core.js';
import { mulberry32 } from '../lib/math/random.js';

/** Every body's pose and velocities, as numbers. */
function state(world: { bodies: readonly Body[] }): number[] {
  return world.bodies.flatMap((body) => [...body.position, ...body.orientation, ...body.linearVelocity, ...body.angularVelocity]);
}

const SHAPES: Record<string, ShapeOptions> = {
  sphere: { type: 'sphere', radius: 0.3 },
  capsule: { type: 'capsule', radius: 0.2, halfHeight: 0.3 },
  box: { type: 'box', halfExtents: [0.3, 0.2, 0.25] },
  hull: { type: 'hull', points: [[0.3, 0, 0], [-0.3, 0, 0], [0, 0.3, 0], [0, -0.3, 0], [0, 0, 0.3], [0, 0, -0.3]] },
};
const KINDS: Record<string, ShapeKind> = { sphere: SPHERE_SHAPE, capsule: CAPSULE_SHAPE, box: BOX_SHAPE, hull: HULL_SHAPE };

/** A tumbling pile of `types` on a plane: the same scene in any world that takes them. */
function pile(world: World | BasicWorld, types: readonly string[]): void {
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const random = mulberry32(3);
  for (let i = 0; i < 12; i++) {
    const shape = SHAPES[types[i % types.length]];
    world.createBody({ position: [random() - 0.5, 0.5 + 0.7 * i, random() - 0.5], angularVelocity: [random(), random(), random()], shapes: [shape] });
  }
}

describe('BasicWorld', () => {
  it('steps as World does, bit for bit, for every pair of the convex kinds it is given', () => {
    const types = Object.keys(SHAPES);
    for (const a of types) {
      for (const b of types.slice(types.indexOf(a))) {
        const basic = new BasicWorld({ shapes: [PLANE_SHAPE, KINDS[a], KINDS[b]] });
        const full = new World();
        pile(basic, [a, b]);
        pile(full, [a, b]);
        for (let i = 0; i < 90; i++) {
          basic.step(1 / 60);
          full.step(1 / 60);
        }
        expect(state(basic), `${a} with ${b}`).toEqual(state(full));
        expect(basic.contacts.length, `${a} with ${b}`).toBe(full.contacts.length);
      }
    }
  });

  it('makes a joint through its definition as the create…Joint call does', () => {
    const build = (world: World | BasicWorld, make: (options: { bodyA: Body; bodyB?: Body; anchor: number[] }) => unknown): void => {
      let previous: Body | undefined;
      for (let i = 0; i < 8; i++) {
        const link = world.createBody({ position: [0.5 * (i + 1), 0, 0], mass: 1, inertia: [0.01, 0.01, 0.01] });
        make({ bodyA: link, bodyB: previous, anchor: [0.5 * i + 0.25, 0, 0] });
        previous = link;
      }
    };
    const basic = new BasicWorld(), full = new World();
    build(basic, (options) => basic.createJoint(BALL_JOINT_DEFINITION, options));
    build(full, (options) => full.createBallJoint(options));
    for (let i = 0; i < 120; i++) {
      basic.step(1 / 60);
      full.step(1 / 60);
    }
    expect(state(basic)).toEqual(state(full));
    const options = (world: World | BasicWorld) => world.joints.map((joint) => ({ ...joint.toOptions(), bodyA: joint.bodyA.id, bodyB: joint.bodyB.id }));
    expect(options(basic)).toEqual(options(full));
    // checked as the create call checks
    expect(() => basic.createJoint(HINGE_JOINT_DEFINITION, { bodyA: basic.bodies[0], anchor: [0, 0, 0], axs: [0, 0, 1] } as never))
      .toThrow(/createHingeJoint: unknown option 'axs' \(did you mean 'axis'\?\)/);
  });

  it('refuses shapes of a type it was not given, and shape kinds that are not', () => {
    const world = new BasicWorld({ shapes: [SPHERE_SHAPE] });
    expect(() => world.createBody({ shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] }))
      .toThrow('createBody: shapes[0]: shape type must be \'sphere\', got "box" (this world takes no box shapes: give it BOX_SHAPE in its shapes)');
    expect(() => new BasicWorld().createBody({ shapes: [{ type: 'sphere', radius: 1 }] }))
      .toThrow('shape type must be one this world takes (it takes none), got "sphere" (this world takes no sphere shapes: give it SPHERE_SHAPE in its shapes)');
    expect(() => new BasicWorld({ shapes: [{ type: 'sphere' } as ShapeKind] })).toThrow(/BasicWorld: shapes\[0\] must be a shape kind/);
    expect(() => new BasicWorld({ shapes: SPHERE_SHAPE as unknown as ShapeKind[] })).toThrow(/BasicWorld: shapes must be an array of shape kinds/);
    expect(() => new BasicWorld({ shape: [SPHERE_SHAPE] } as never)).toThrow("BasicWorld: unknown option 'shape' (did you mean 'shapes'?)");
    // World takes every kind and keeps its own options
    expect(() => new World({ shapes: [SPHERE_SHAPE] } as never)).toThrow(/World: unknown option 'shapes'/);
    expect(SHAPE_KINDS.map((kind) => kind.type)).toEqual(['sphere', 'capsule', 'box', 'hull', 'plane', 'trimesh', 'heightfield', 'cylinder', 'cone']);
  });

  it('has continuous collision when given it, as World does', () => {
    // 30 balls of 5 cm at 150 to 300 m/s in a closed room of 2 cm walls: continuous collision sweeps them
    const room = (world: World | BasicWorld): void => {
      for (const [axis, side] of [[0, 1], [0, -1], [1, 1], [1, -1], [2, 1], [2, -1]]) {
        const position = [0, 0, 0], half = [2, 2, 2];
        position[axis] = 2 * side;
        half[axis] = 0.01;
        world.createBody({ type: 'static', position, shapes: [{ type: 'box', halfExtents: half }] });
      }
      const random = mulberry32(11);
      for (let i = 0; i < 30; i++) {
        const v = [random() - 0.5, random() - 0.5, random() - 0.5], scale = (150 + 150 * random()) / Math.hypot(v[0], v[1], v[2]);
        world.createBody({ position: [random() - 0.5, random() - 0.5, random() - 0.5], linearVelocity: v.map((x) => x * scale), shapes: [{ type: 'sphere', radius: 0.05 }] });
      }
    };
    const settings = { gravity: [0, 0, 0], sleeping: false };
    const without = new BasicWorld({ ...settings, shapes: [SPHERE_SHAPE, BOX_SHAPE] });
    const swept = new BasicWorld({ ...settings, shapes: [SPHERE_SHAPE, BOX_SHAPE], continuous: CONTINUOUS_COLLISION });
    const full = new World(settings);
    let sweeps = 0;
    for (const world of [without, swept, full]) room(world);
    for (let i = 0; i < 60; i++) {
      for (const world of [without, swept, full]) world.step(1 / 60);
      sweeps += (swept as unknown as { continuous: { sweptBodies: number } }).continuous.sweptBodies;
    }
    expect(sweeps).toBeGreaterThan(0);
    expect(state(swept)).toEqual(state(full));
    expect(state(without)).not.toEqual(state(full));
    expect(without.ccdSpeedThreshold).toBe(Infinity);
    expect(swept.ccdSpeedThreshold).toBe(CCD_SPEED_THRESHOLD);
    expect(() => (without.ccdSpeedThreshold = 10)).toThrow(/ccdSpeedThreshold needs continuous collision/);
    expect(() => new BasicWorld({ ccdSpeedThreshold: 10 })).toThrow(/BasicWorld: ccdSpeedThreshold needs continuous collision/);
    expect(() => new BasicWorld({ continuous: true } as never)).toThrow(/BasicWorld: continuous must be CONTINUOUS_COLLISION or null/);
  });

  it('is what the core entry exports, and World is not', () => {
    expect(core.BasicWorld).toBe(BasicWorld);
    expect('World' in core).toBe(false);
    expect(new World()).toBeInstanceOf(BasicWorld);
  });

  it("runs the guide's example (docs/bundle-size.md)", async () => {
    const page = readFileSync(fileURLToPath(new URL('../docs/bundle-size.md', import.meta.url)), 'utf8');
    const code = /```ts\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    expect(code).toContain("from 'sinew-physics/core'");
    const body = code.replace(/^import [^;]*;\n/m, '');
    const run = new Function('BasicWorld', 'SPHERE_SHAPE', 'BALL_JOINT_DEFINITION', `${body}\nreturn world;`);
    const world = run(BasicWorld, SPHERE_SHAPE, BALL_JOINT_DEFINITION) as BasicWorld;
    expect(world.joints.length).toBe(1);
    expect(world.stepCount).toBe(1);
  });
});
