// world.onContactForce (Rapier's ContactForceEvent and contactForceEventThreshold): once per step, each
// pair of shapes pressing harder than the lower of its bodies' thresholds, with the step's normal force
// (the impulses of all its substeps over dt). Statics: a box at rest carries its weight m g; a stack's
// contacts carry the weights above them.

import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { World, type Body, type ContactForceEvent } from '../lib/index.js';

const G = 9.81;
const DT = 1 / 60;

/** A floor and boxes of the given masses (0.5 m cubes) stacked on it, resting from the start. */
function stack(masses: readonly number[], threshold = 0, substeps?: number) {
  const events: ContactForceEvent[][] = [];
  let current: ContactForceEvent[] = [];
  const world = new World({ gravity: [0, -G, 0], substeps, onContactForce: (event) => current.push(event) });
  const floor = world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }], position: [0, -0.5, 0] });
  const boxes: Body[] = masses.map((mass, i) =>
    world.createBody({
      position: [0, 0.25 + 0.5 * i, 0], mass, inertia: [mass / 24, mass / 24, mass / 24], canSleep: false,
      shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }], contactForceEventThreshold: threshold,
    }),
  );
  const step = () => {
    current = [];
    world.step(DT);
    events.push(current);
    return current;
  };
  return { world, floor, boxes, step, events };
}

/** The event between two bodies in a step's list (either order), its force as on `upper` from `lower`. */
function forceOn(events: readonly ContactForceEvent[], lower: Body, upper: Body): { force: Float64Array; event: ContactForceEvent } | null {
  for (const event of events) {
    if (event.bodyA === lower && event.bodyB === upper) return { force: event.totalForce, event };
    if (event.bodyA === upper && event.bodyB === lower) return { force: event.totalForce.map((f) => -f), event };
  }
  return null;
}

describe('onContactForce', () => {
  it('a box of mass m resting on the floor reports m g upward, once per step', () => {
    for (const substeps of [1, 4]) {
      const m = 3;
      const { floor, boxes, step } = stack([m], 0, substeps);
      for (let i = 0; i < 120; i++) step();
      const events = step();
      expect(events).toHaveLength(1);
      const found = forceOn(events, floor, boxes[0]);
      expect(found).not.toBeNull();
      const { force, event } = found as { force: Float64Array; event: ContactForceEvent };
      expect(Math.abs(force[1] - m * G) / (m * G)).toBeLessThan(1e-3);
      expect(Math.hypot(force[0], force[2])).toBeLessThan(1e-6 * m * G);
      expect(Math.abs(event.totalForceMagnitude - m * G) / (m * G)).toBeLessThan(1e-3);
      expect(event.maxForceMagnitude).toBeCloseTo(event.totalForceMagnitude, 9);
      expect(Math.abs(event.maxForceDirection[1])).toBeCloseTo(1, 9);
    }
  });

  it('a stack reports at each contact the weight of the boxes above it', () => {
    const masses = [4, 2, 1];
    const { floor, boxes, step } = stack(masses);
    for (let i = 0; i < 240; i++) step();
    // averaged over a second of steps (a stack of soft contacts trades a little load back and forth)
    const sums = [0, 0, 0];
    const steps = 60;
    for (let i = 0; i < steps; i++) {
      const events = step();
      expect(events).toHaveLength(3);
      sums[0] += (forceOn(events, floor, boxes[0])?.force[1] ?? NaN) / steps;
      sums[1] += (forceOn(events, boxes[0], boxes[1])?.force[1] ?? NaN) / steps;
      sums[2] += (forceOn(events, boxes[1], boxes[2])?.force[1] ?? NaN) / steps;
    }
    const expected = [7 * G, 3 * G, 1 * G];
    for (let k = 0; k < 3; k++) expect(Math.abs(sums[k] - expected[k]) / expected[k]).toBeLessThan(1e-3);
  });

  it('reports nothing under the threshold, nor for bodies without one, and the lower threshold of a pair decides', () => {
    const m = 2;
    const above = stack([m], 1.01 * m * G);
    for (let i = 0; i < 120; i++) expect(above.step()).toHaveLength(0);
    const below = stack([m], 0.99 * m * G);
    for (let i = 0; i < 60; i++) below.step();
    expect(below.step()).toHaveLength(1);
    // the default, Infinity: nothing
    const world = new World({ onContactForce: () => { throw new Error('no event expected'); } });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    for (let i = 0; i < 60; i++) world.step(DT);
    // the floor asks (threshold 0), the box does not: reported
    const pair = stack([m], Infinity);
    pair.floor.contactForceEventThreshold = 0;
    for (let i = 0; i < 60; i++) pair.step();
    expect(pair.step()).toHaveLength(1);
  });

  it('a dropped ball reports its impact, far above its weight, in the step it lands', () => {
    const world = new World();
    const forces: number[] = [];
    world.onContactForce = (event) => forces.push(event.totalForceMagnitude);
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const ball = world.createBody({ position: [0, 2, 0], shapes: [{ type: 'sphere', radius: 0.25 }], contactForceEventThreshold: 0 });
    const weight = ball.mass * G;
    let impact = 0;
    for (let i = 0; i < 90; i++) {
      forces.length = 0;
      world.step(DT);
      if (forces.length > 0 && impact === 0) impact = forces[0];
    }
    // fallen 1.75 m: v = √(2 g h) ≈ 5.9 m/s stopped within about a step: m v / dt ≈ 350 m g / 60
    expect(impact).toBeGreaterThan(10 * weight);
  });

  it('checks the threshold, keeps it in snapshots, and covers it in the hash', () => {
    const world = new World();
    expect(() => world.createBody({ contactForceEventThreshold: -1 })).toThrow(
      /createBody: contactForceEventThreshold must be a number ≥ 0 \(N\) or Infinity, got -1/,
    );
    expect(() => world.createBody({ contactForceEventThreshold: NaN })).toThrow(/contactForceEventThreshold must be a number ≥ 0 \(N\) or Infinity, got NaN/);
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5 }] });
    expect(body.contactForceEventThreshold).toBe(Infinity);
    expect(() => (body.contactForceEventThreshold = '5' as unknown as number)).toThrow(/contactForceEventThreshold must be a number ≥ 0 \(N\) or Infinity, got '5'|"5"/);
    expect(body.contactForceEventThreshold).toBe(Infinity);
    const before = world.hash();
    body.contactForceEventThreshold = 12.5;
    expect(world.hash()).not.toBe(before);
    const snapshot = JSON.parse(JSON.stringify(world.snapshot()));
    const restored = World.restore(snapshot);
    expect(restored.bodies[0].contactForceEventThreshold).toBe(12.5);
    expect(restored.hash()).toBe(world.hash());
    expect(() => new World({ onContactForce: 5 as never })).toThrow(/onContactForce/);
  });

  it('allocates nothing in the step without a listener, thresholds set or not', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    expect(typeof gc).toBe('function');
    const { world } = stack([1, 1, 1, 1], 0);
    world.onContactForce = null;
    const heap = () => getHeapSpaceStatistics().filter((s) => s.space_name === 'new_space' || s.space_name === 'old_space').reduce((sum, s) => sum + s.space_used_size, 0);
    for (let i = 0; i < 300; i++) world.step(DT);
    let least = Infinity;
    for (let window = 0; window < 3; window++) {
      gc!(); gc!();
      const start = heap();
      for (let i = 0; i < 2000; i++) world.step(DT);
      gc!(); gc!();
      least = Math.min(least, heap() - start);
    }
    // an allocation per step would grow the heap by 2000 × its size
    expect(least).toBeLessThan(16 * 1024);
  });
});
