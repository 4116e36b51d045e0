// Input from outside the usual mistakes: keys that are symbols or hidden, snapshots with extra top-level
// fields, out arrays that cannot be written, names of a hundred million characters. Each is refused by
// name, before anything changes, in bounded time and with a message of bounded size.

import { describe, expect, it } from 'vitest';
import { World } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

function chain(): World {
  const world = new World();
  const a = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
  world.createBallJoint({ bodyA: a, anchor: [0, 2, 0] });
  world.step(1 / 60);
  return world;
}

describe('snapshots: only the fields a snapshot has', () => {
  it('refuses an unknown top-level key, an own __proto__ from JSON.parse, and a symbol key', () => {
    const world = chain();
    const text = JSON.stringify(world.snapshot());
    const extra = JSON.parse(text.replace('{', '{"extra":1,'));
    expect(() => World.restore(extra)).toThrow(/World\.restore: snapshot\.extra is not a field of a snapshot \(format, version, bodies, joints, numbers\)/);
    const proto = JSON.parse(text.replace('{', '{"__proto__":{"polluted":true},'));
    expect(Object.prototype.hasOwnProperty.call(proto, '__proto__')).toBe(true);
    expect(() => World.restore(proto)).toThrow(/snapshot\.__proto__ is not a field of a snapshot/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const symbol = { ...JSON.parse(text), [Symbol('x')]: 1 };
    expect(() => World.restore(symbol)).toThrow(/snapshot\.Symbol\(x\) is not a field of a snapshot/);
    expect(World.restore(JSON.parse(text)).hash()).toBe(world.hash());
  });
});

describe('option keys the caller cannot see written still count', () => {
  it('a symbol key is refused', () => {
    expect(() => new World({ [Symbol('substeps')]: 2 } as never)).toThrow(/World: unknown option 'Symbol\(substeps\)'/);
  });
  it('a non-enumerable misspelt key is refused, with the nearest name', () => {
    const options = {};
    Object.defineProperty(options, 'substep', { value: 8, enumerable: false });
    expect(() => new World(options)).toThrow(/World: unknown option 'substep' \(did you mean 'substeps'\?\)/);
    const body = {};
    Object.defineProperty(body, 'mas', { value: 3, enumerable: false });
    expect(() => new World().createBody(body)).toThrow(/unknown option 'mas'/);
  });
});

describe('an out array that cannot be written is refused by name', () => {
  const world = chain();
  const joint = world.joints[0];
  const body = world.bodies[0];
  const frozen = Object.freeze([0, 0, 0]);
  const sealedShort = Object.seal([] as number[]);
  const cases: [string, (out: never) => unknown][] = [
    ['getForce', (out) => joint.getForce(out)],
    ['getTorque', (out) => joint.getTorque(out)],
    ['getWorldPoint', (out) => body.getWorldPoint(out, [0, 0, 0])],
    ['getInterpolatedPosition', (out) => body.getInterpolatedPosition(out)],
    ['getInterpolatedOrientation', (out) => body.getInterpolatedOrientation(out)],
  ];
  for (const [name, call] of cases) {
    it(name, () => {
      expect(() => call(frozen as never)).toThrow(new RegExp(`^${name}: out must be an array or Float64Array that \\d numbers can be written into, got a frozen array`));
      expect(() => call(sealedShort as never)).toThrow(new RegExp(`^${name}: out must be .*got a sealed array`));
      expect(() => call(new Float64Array(2) as never)).toThrow(new RegExp(`^${name}: out must be`));
      expect(() => call(5 as never)).toThrow(TypeError);
      expect(Array.from(call(new Float64Array(4) as never) as Float64Array).every(Number.isFinite)).toBe(true);
      expect((call([] as never) as number[]).length).toBeGreaterThanOrEqual(3);
    });
  }
  it('2D getForce', () => {
    const world2 = new World2D();
    const b = world2.createBody({ position: [0, 1] });
    const j = world2.createRevoluteJoint({ bodyA: b, anchor: [0, 2] });
    world2.step(1 / 60);
    expect(() => j.getForce(Object.freeze([0, 0]) as never)).toThrow(/^getForce: out must be/);
    expect(Array.from(j.getForce([0, 0])).every(Number.isFinite)).toBe(true);
  });
});

describe('names of any length are refused with a message of bounded size', () => {
  const huge = 'k'.repeat(1e7);
  it('a 1e7-character option key', () => {
    let message = '';
    try { new World({ [huge]: 1 } as never); } catch (error) { message = (error as Error).message; }
    expect(message).toMatch(/^World: unknown option 'k{80}… \(10000000 characters\)'/);
    expect(message.length).toBeLessThan(1000);
  });
  it('a 1e7-character body type, solver and shape type', () => {
    const world = new World();
    for (const call of [
      () => world.createBody({ type: huge as never }),
      () => new World({ solver: huge as never }),
      () => world.createBody({ shapes: [{ type: huge, radius: 1 } as never] }),
    ]) {
      let message = '';
      try { call(); } catch (error) { message = (error as Error).message; }
      expect(message).toMatch(/10000000 characters/);
      expect(message.length).toBeLessThan(1000);
    }
  });
  it('a 1e7-character key in a snapshot', () => {
    const snapshot = JSON.parse(JSON.stringify(chain().snapshot()));
    snapshot.bodies[0][huge] = 1;
    let message = '';
    try { World.restore(snapshot); } catch (error) { message = (error as Error).message; }
    expect(message).toMatch(/bodies\[0\]\.k{80}… \(10000000 characters\) is not a field/);
    expect(message.length).toBeLessThan(1000);
  });
});

describe('level data of impossible sizes is refused by name', () => {
  it('a heightfield of 1e9 x 1e9 whose heights claim that many', () => {
    const world = new World();
    const heights = { length: 1e18 };
    expect(() => world.createBody({ type: 'static', shapes: [{ type: 'heightfield', rows: 1e9, columns: 1e9, heights: heights as never, size: [10, 10] }] }))
      .toThrow(/^createBody: shapes\[0\]: a heightfield holds at most 67108864 heights .* got rows · columns = 1000000000 · 1000000000/);
  });
  it('a mesh whose arrays claim 1e9 items', () => {
    const world = new World();
    expect(() => world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices: { length: 3e9 } as never, indices: [0, 1, 2] }] }))
      .toThrow(/^createBody: shapes\[0\]: vertices may hold at most 50331648 numbers/);
  });
});
