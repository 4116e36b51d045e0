// Very heavy bodies: a body rests on static ground and hangs from a joint the way a 1 kg body of the same
// shape does, whatever its mass. The solver's overflow guards (MAX_CONTACT_IMPULSE, MAX_JOINT_IMPULSE)
// grow with the bodies' masses, so they never cut what holding a heavy body takes.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type Body, type JointSolverKind } from '../lib/index.js';
import { World2D, type Body2D } from '../lib/2d/index.js';

const MASSES = [1e14, 1e16, 1e20];

/** How deep a 1 m box of `mass` kg set on static ground (a plane, or a static box) is after 5 s, m. */
function restingDepth(mass: number, ground: 'plane' | 'box', solver: 'iterative' | 'direct'): number {
  const world = new World({ solver });
  if (ground === 'plane') world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  else world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }] });
  const box = world.createBody({ position: [0, 0.5, 0], mass, inertia: boxInertia(mass, [0.5, 0.5, 0.5]), shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
  for (let step = 0; step < 300; step++) world.step(1 / 60);
  return 0.5 - box.position[1];
}

/** How far the end of a hanging chain of four 1 m bodies sits below its rest length after 5 s, m: three
 * links of mass / 10 on ball joints from the static world, ending in a body of `mass`. */
function chainStretch(mass: number, solver: JointSolverKind): number {
  const world = new World({ solver });
  let previous: Body | undefined;
  for (let i = 0; i < 4; i++) {
    const m = i === 3 ? mass : mass / 10;
    const link = world.createBody({ position: [0, -0.5 - i, 0], mass: m, inertia: boxInertia(m, [0.1, 0.5, 0.1]) });
    world.createBallJoint({ bodyA: link, bodyB: previous, anchor: [0, -i, 0] });
    previous = link;
  }
  for (let step = 0; step < 300; step++) world.step(1 / 60);
  return -3.5 - previous!.position[1];
}

function chainStretch2D(mass: number, solver: JointSolverKind): number {
  const world = new World2D({ solver });
  let previous: Body2D | undefined;
  for (let i = 0; i < 4; i++) {
    const m = i === 3 ? mass : mass / 10;
    const link = world.createBody({ position: [0, -0.5 - i], mass: m, inertia: m / 12 });
    world.createRevoluteJoint({ bodyA: link, bodyB: previous, anchor: [0, -i] });
    previous = link;
  }
  for (let step = 0; step < 300; step++) world.step(1 / 60);
  return -3.5 - previous!.position[1];
}

describe('very heavy bodies on static ground', () => {
  it.each(['iterative', 'direct'] as const)('a 1 m box of 1e14, 1e16 or 1e20 kg rests on a static plane and a static box as deep as a 1 kg box (%s solver)', (solver) => {
    for (const ground of ['plane', 'box'] as const) {
      const light = restingDepth(1, ground, solver);
      expect(light).toBeGreaterThan(0);
      expect(light).toBeLessThan(0.005);
      for (const mass of MASSES) expect(Math.abs(restingDepth(mass, ground, solver) - light)).toBeLessThan(1e-6);
    }
  });

  it('a heavy box on a light one pushes it aside and rests on the ground, as it does at 1000 kg', () => {
    for (const mass of [1e3, 1e14]) {
      const world = new World();
      world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
      world.createBody({ position: [0, 0.5, 0], mass: 1, inertia: boxInertia(1, [0.5, 0.5, 0.5]), shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
      const top = world.createBody({ position: [0, 1.5, 0], mass, inertia: boxInertia(mass, [0.5, 0.5, 0.5]), shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
      for (let step = 0; step < 600; step++) world.step(1 / 60);
      expect(top.position[1]).toBeGreaterThan(0.49);
      expect(top.position[1]).toBeLessThan(0.5);
    }
  });
});

describe('very heavy bodies on joints', () => {
  it('a 1e16 kg box hangs from a ball joint to the static world as a 1 kg box does', () => {
    const hang = (mass: number): number => {
      const world = new World();
      const box = world.createBody({ position: [0, -0.5, 0], mass, inertia: boxInertia(mass, [0.5, 0.5, 0.5]) });
      world.createBallJoint({ bodyA: box, anchor: [0, 0, 0] });
      for (let step = 0; step < 300; step++) world.step(1 / 60);
      return box.position[1];
    };
    expect(Math.abs(hang(1e16) - hang(1))).toBeLessThan(1e-9);
  });

  it('a chain ending in a 1e16 or 1e20 kg body stretches as the same chain ending in 1 kg under the soft step (3D and 2D)', () => {
    const light = chainStretch(1, 'iterative'), light2D = chainStretch2D(1, 'iterative');
    expect(light).toBeGreaterThan(0);
    expect(light2D).toBeGreaterThan(0);
    for (const mass of [1e16, 1e20]) {
      expect(Math.abs(chainStretch(mass, 'iterative') - light)).toBeLessThan(1e-6 * light);
      expect(Math.abs(chainStretch2D(mass, 'iterative') - light2D)).toBeLessThan(1e-6 * light2D);
    }
  });

  it('a chain ending in a 1 kg, 1e16 or 1e20 kg body does not stretch under the direct solver (3D and 2D)', () => {
    for (const mass of [1, 1e16, 1e20]) {
      expect(Math.abs(chainStretch(mass, 'direct'))).toBeLessThan(1e-6);
      expect(Math.abs(chainStretch2D(mass, 'direct'))).toBeLessThan(1e-6);
    }
  });
});
