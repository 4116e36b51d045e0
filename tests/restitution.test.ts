// Restitution: a bounce gives back e² of the energy a contact closed with, at any drop height and step
// rate; contacts closing slower than the world's restitution threshold do not bounce.

import { describe, expect, it } from 'vitest';
import { World, type Body } from '../lib/index.js';

/** A ball of radius 0.25 m and restitution e dropped with its lowest point `height` m above a plane of
 * the same restitution; the heights of its lowest point at the top of each bounce. */
function bounceHeights(e: number, height: number, options: { dt?: number; substeps?: number; gravityScale?: number; bounces?: number } = {}): number[] {
  const { dt = 1 / 60, substeps, gravityScale = 1, bounces = 10 } = options;
  const world = new World({ sleeping: false, ...(substeps === undefined ? {} : { substeps }) });
  world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: e }] });
  const r = 0.25;
  const ball = world.createBody({ position: [0, height + r, 0], gravityScale, shapes: [{ type: 'sphere', radius: r, restitution: e }] });
  const tops: number[] = [];
  let rising = false;
  for (let i = 0; i < 40 / dt && tops.length < bounces; i++) {
    world.step(dt);
    const vy = ball.linearVelocity[1];
    if (vy > 0) rising = true;
    else if (rising) {
      // the top of the flight, from the first step past it: y + v²/2g (ballistic; the steps sample the
      // path 1/60 s apart, a few mm apart near the top)
      tops.push(ball.position[1] - r + (vy * vy) / (2 * 9.81 * gravityScale));
      rising = false;
    }
  }
  return tops;
}

describe('restitution', () => {
  it('a ball of restitution 1 dropped from 1 m returns to its drop height within 1 % at each of 10 bounces', () => {
    const tops = bounceHeights(1, 1);
    expect(tops).toHaveLength(10);
    for (const top of tops) expect(Math.abs(top - 1)).toBeLessThan(0.01);
  });

  it.each([
    ['30 Hz', { dt: 1 / 30 }],
    ['120 Hz', { dt: 1 / 120 }],
    ['1 substep', { substeps: 1 }],
    ['10 substeps', { substeps: 10 }],
    ['half gravity', { gravityScale: 0.5 }],
  ])('restitution 1 holds the drop height within one percent at %s too', (_name, options) => {
    const tops = bounceHeights(1, 2, options);
    expect(tops.length).toBeGreaterThanOrEqual(5);
    for (const top of tops) expect(Math.abs(top - 2) / 2).toBeLessThan(0.01);
  });

  it.each([0.5, 0.8])('with restitution %s each bounce rises to e² of the one before, within one percent', (e) => {
    const tops = bounceHeights(e, 2, { bounces: 4 });
    expect(tops.length).toBeGreaterThanOrEqual(3);
    let previous = 2;
    for (const top of tops) {
      // (a bounce whose impact is below the threshold does not happen: stop there)
      if (Math.sqrt(2 * 9.81 * previous) < 1) break;
      expect(top / previous).toBeCloseTo(e * e, 2);
      expect(Math.abs(top / previous - e * e) / (e * e)).toBeLessThan(0.01);
      previous = top;
    }
  });

  it('two balls meeting head-on in free space with restitution 1 exchange their velocities', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ position: [-1, 0, 0], linearVelocity: [3, 0, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
    const b = world.createBody({ position: [1, 0, 0], linearVelocity: [-2, 0, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(a.linearVelocity[0]).toBeCloseTo(-2, 6);
    expect(b.linearVelocity[0]).toBeCloseTo(3, 6);
  });

  it('contacts closing slower than restitutionThreshold do not bounce; the threshold is a world option and a property', () => {
    // dropped 3 cm: it meets the plane at 0.77 m/s
    const run = (threshold: number | undefined): number => {
      const world = new World(threshold === undefined ? {} : { restitutionThreshold: threshold });
      world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: 1 }] });
      const ball = world.createBody({ position: [0, 0.28, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
      let top = 0, landed = false;
      for (let i = 0; i < 60; i++) {
        world.step(1 / 60);
        if (ball.linearVelocity[1] > 0) landed = true;
        if (landed || ball.position[1] < 0.251) top = Math.max(top, landed ? ball.position[1] - 0.25 : 0);
      }
      return top;
    };
    expect(new World().restitutionThreshold).toBe(1);
    expect(run(undefined)).toBeLessThan(0.001);
    expect(Math.abs(run(0.5) - 0.03)).toBeLessThan(0.001);
    const world = new World();
    world.restitutionThreshold = 0.25;
    expect(world.restitutionThreshold).toBe(0.25);
  });

  it('a bad restitutionThreshold is refused, naming it, and changes nothing', () => {
    expect(() => new World({ restitutionThreshold: -1 })).toThrow(/restitutionThreshold must be a finite number ≥ 0, got -1/);
    const world = new World({ restitutionThreshold: 2 });
    for (const bad of [NaN, -0.5, Infinity, '1' as unknown as number]) {
      expect(() => { world.restitutionThreshold = bad; }).toThrow(RangeError);
      expect(world.restitutionThreshold).toBe(2);
    }
  });

  it('a snapshot keeps the restitution threshold, and a world at the default one snapshots as before', () => {
    const build = (threshold?: number): { world: World; ball: Body } => {
      const world = new World(threshold === undefined ? {} : { restitutionThreshold: threshold });
      world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: 1 }] });
      const ball = world.createBody({ position: [0, 0.28, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
      return { world, ball };
    };
    const { world } = build(0.5);
    const restored = World.restore(world.snapshot());
    expect(restored.restitutionThreshold).toBe(0.5);
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60);
      restored.step(1 / 60);
    }
    expect(restored.hash()).toBe(world.hash());
    // the default threshold writes nothing extra: the same numbers as a world that never heard of it
    expect(build().world.snapshot().numbers).toBe(build(1).world.snapshot().numbers);
    expect(World.restore(build().world.snapshot()).restitutionThreshold).toBe(1);
  });
});
