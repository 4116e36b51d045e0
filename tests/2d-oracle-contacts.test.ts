// The 2D/3D oracle with contacts: a 3D world whose bodies are held to the plane z = 0 (translation along
// z and rotation about x and y locked) and a 2D world built from the same description solve one problem.

import { describe, expect, it } from 'vitest';
import { World } from '../lib/world/world.js';
import { buildPlanarPair, comparePlanar, measurePlanarDifference, requirePlanar, type PlanarDifference, type PlanarOptions } from '../lib/2d/index.js';
import { ballPyramid, boxPyramid, boxStack, newtonsCradle, type BodyDescription, type SceneDescription, type Vec3Tuple } from '../lib/scenes/index.js';
import { boxInertia, sphereInertia } from '../lib/geometry/inertia.js';
import { seededRandom } from './helpers.js';

const LOCKED = { lockTranslation: [false, false, true], lockRotation: [true, true, false] } as const;

describe('3D bodies held to a plane have friction', () => {
  /** A 0.5 m box resting on a slope of `degrees` (a static box turned about z), its acceleration along
   * the slope from 0.5 s to 1 s, m/s², and how far it left the plane. */
  function slide(degrees: number, locked: boolean): { acceleration: number; outOfPlane: number } {
    const th = (degrees * Math.PI) / 180, q: [number, number, number, number] = [0, 0, Math.sin(th / 2), Math.cos(th / 2)];
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', orientation: q, shapes: [{ type: 'box', halfExtents: [5, 0.5, 1] }] });
    const box = world.createBody({
      position: [-Math.sin(th) * 0.75, Math.cos(th) * 0.75, 0], orientation: q,
      shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }], ...(locked ? LOCKED : {}),
    });
    // (down the slope: −(cos θ, sin θ))
    const along = () => -(box.linearVelocity[0] * Math.cos(th) + box.linearVelocity[1] * Math.sin(th));
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const v = along();
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    return { acceleration: (along() - v) / 0.5, outOfPlane: Math.abs(box.position[2]) };
  }

  it('slides down a 40° slope at g (sin θ − μ cos θ) and stays put on a 20° one, as the free 3D box', () => {
    // Held to the plane, a body does not answer across it: the friction tangent across the plane has
    // K = 0, and the in-plane tangent must carry the friction alone (a shared mass of 0 would leave it
    // frictionless, 6.3 m/s² down the 40° slope; tangents mixing z in overshoot, 2.0 m/s²).
    const th = (40 * Math.PI) / 180, expected = 9.81 * (Math.sin(th) - 0.6 * Math.cos(th));
    const locked = slide(40, true), free = slide(40, false);
    expect(Math.abs(locked.acceleration / expected - 1)).toBeLessThan(1e-6);
    expect(Math.abs(locked.acceleration - free.acceleration)).toBeLessThan(1e-9);
    expect(locked.outOfPlane).toBe(0);
    expect(Math.abs(slide(20, true).acceleration)).toBeLessThan(1e-6);
  });

  it('stops sliding on level ground within v² / (2 μ g)', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const box = world.createBody({ position: [0, 0.5, 0], linearVelocity: [1, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }], ...LOCKED });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(box.linearVelocity[0]).toBe(0);
    // 1 / (2 · 0.6 · 9.81) = 0.0849 m; the box slides 0.0829 m (the first substep's push-out and the
    // step's discrete stop)
    expect(box.position[0]).toBeGreaterThan(0.08);
    expect(box.position[0]).toBeLessThan(0.0849);
  });
});

/** The largest of each difference over a run of `seconds` (comparePlanar: both worlds step by step). */
function compareRun(scene: SceneDescription, seconds: number, options?: PlanarOptions): PlanarDifference {
  const steps = Math.round(seconds / scene.dt);
  const worst: PlanarDifference = { position: 0, angle: 0, velocity: 0, angularVelocity: 0, outOfPlane: 0, jointsDiffering: [] };
  for (const d of comparePlanar(scene, { steps, options })) {
    worst.position = Math.max(worst.position, d.position);
    worst.angle = Math.max(worst.angle, d.angle);
    worst.velocity = Math.max(worst.velocity, d.velocity);
    worst.angularVelocity = Math.max(worst.angularVelocity, d.angularVelocity);
    worst.outOfPlane = Math.max(worst.outOfPlane, d.outOfPlane);
    for (const j of d.jointsDiffering) if (!worst.jointsDiffering.includes(j)) worst.jointsDiffering.push(j);
  }
  return worst;
}

describe('2D and 3D agree on planar scenes with contacts', () => {
  it("Newton's cradle: spheres held to the plane and circles agree to round-off, and the far ball swings out", () => {
    // (the rods are ball joints, which the direct solver leaves to the iterative one on a locked 3D body:
    // both worlds run the iterative solver)
    for (const gap of [undefined, 0]) {
      const scene = newtonsCradle({ gap });
      const d = compareRun(scene, 3, { solver: 'iterative' });
      console.log(`cradle gap ${gap ?? 'default'}:`, d);
      expect(d.outOfPlane).toBe(0);
      expect(d.position).toBeLessThan(1e-12);
      expect(d.velocity).toBeLessThan(1e-11);
    }
    const scene = newtonsCradle();
    const pair = buildPlanarPair(scene, { solver: 'iterative' });
    let highest = 0;
    for (let i = 0; i < 60; i++) {
      pair.world2d.step(scene.dt);
      highest = Math.max(highest, pair.bodies2d[4].position[1]);
    }
    // the first ball falls from 1 − cos 0.5 = 0.122 m; the last rises to 0.108 m in 3D
    expect(highest).toBeGreaterThan(0.8 * (1 - Math.cos(0.5)));
  });

  it('a ball pyramid in a box: spheres and circles agree to round-off over 5 s', () => {
    const d = compareRun(ballPyramid(), 5);
    console.log('ball pyramid:', d);
    expect(d.outOfPlane).toBe(0);
    expect(d.position).toBeLessThan(1e-12);
  });

  it('a stack of 10 boxes and a 20-row pyramid: both runs within 1 mm of the rest pose, and of each other', () => {
    // 3D box on box or plane: up to 4 points (a face's corners, two at z = +h_z and two at −h_z with the
    // same x and y); 2D: 2 points (the face's two ends). Held to the plane, each pair of 3D points at
    // one x, y has one lever arm about z and one gap: they act as the one 2D point with twice the... (see
    // docs/2d.md, "The oracle with contacts")
    for (const scene of [boxStack(10), boxPyramid({ rows: 20 })]) {
      const pair = buildPlanarPair(scene);
      const steps = Math.round(5 / scene.dt);
      for (let i = 0; i < steps; i++) {
        pair.world3d.step(scene.dt);
        pair.world2d.step(scene.dt);
      }
      let rest3 = 0, rest2 = 0;
      scene.bodies.forEach((b, i) => {
        const p3 = pair.bodies3d[i].position, p2 = pair.bodies2d[i].position;
        rest3 = Math.max(rest3, Math.hypot(p3[0] - b.position[0], p3[1] - b.position[1]));
        rest2 = Math.max(rest2, Math.hypot(p2[0] - b.position[0], p2[1] - b.position[1]));
      });
      const d = measurePlanarDifference(pair);
      console.log(scene.name, { rest3, rest2, difference: d.position, angle: d.angle });
      expect(d.outOfPlane).toBe(0);
      expect(rest3).toBeLessThan(1e-3);
      expect(rest2).toBeLessThan(1e-3);
      expect(d.position).toBeLessThan(1e-3);
    }
  });
});

/** A random planar scene: 3-8 circles (or, with `boxes`, circles and boxes) of 0.15-0.45 m, at random
 * angles and speeds, stacked 1.1 m apart above a floor between two walls 6 m apart (seeded). */
function randomDrop(seed: number, boxes: boolean): SceneDescription {
  const random = seededRandom(seed);
  const count = 3 + Math.floor(random() * 6);
  const bodies: BodyDescription[] = [];
  for (let i = 0; i < count; i++) {
    const size = 0.15 + 0.3 * random(), angle = (2 * random() - 1) * Math.PI;
    const position: Vec3Tuple = [4 * random() - 2, 0.6 + 1.1 * i, 0];
    const orientation: [number, number, number, number] = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
    const linearVelocity: Vec3Tuple = [2 * random() - 1, 2 * random() - 1, 0], angularVelocity: Vec3Tuple = [0, 0, 4 * random() - 2];
    if (boxes && random() < 0.5) {
      const half: Vec3Tuple = [size, 0.15 + 0.3 * random(), 0.5];
      const mass = 1000 * 8 * half[0] * half[1] * half[2];
      bodies.push({ type: 'dynamic', position, orientation, linearVelocity, angularVelocity, mass, inertia: boxInertia(mass, half), shape: { kind: 'box', halfExtents: half }, collide: true });
    } else {
      const mass = 1000 * (4 / 3) * Math.PI * size * size * size;
      bodies.push({ type: 'dynamic', position, orientation, linearVelocity, angularVelocity, mass, inertia: sphereInertia(mass, size), shape: { kind: 'sphere', radius: size }, collide: true });
    }
  }
  for (const x of [-3.25, 3.25]) {
    bodies.push({ type: 'static', position: [x, 5, 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: [0.25, 5, 1] }, collide: true });
  }
  return { name: `random drop ${seed}`, gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}

describe('random planar scenes with contacts', () => {
  it('circles: 30 scenes of 3-8 dropped on a floor agree with their 3D runs to round-off after 1 s', () => {
    let worst = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const d = compareRun(randomDrop(seed, false), 1);
      worst = Math.max(worst, d.position);
      expect(d.outOfPlane).toBe(0);
    }
    console.log('random circles, worst position difference over 1 s:', worst);
    expect(worst).toBeLessThan(1e-12);
  });

  it('circles and boxes: 30 scenes agree within the bound the box manifolds allow', () => {
    const all: number[] = [];
    for (let seed = 101; seed <= 130; seed++) {
      const pair = buildPlanarPair(randomDrop(seed, true));
      for (let i = 0; i < 60; i++) {
        pair.world3d.step(1 / 60);
        pair.world2d.step(1 / 60);
      }
      const d = measurePlanarDifference(pair);
      expect(d.outOfPlane).toBe(0);
      all.push(d.position);
    }
    all.sort((a, b) => a - b);
    console.log('random circles and boxes, position difference after 1 s: median', all[15], 'worst', all[29]);
  });
});

describe('planar scenes with contacts are checked', () => {
  it('refuses a colliding shape with no 2D form, naming the body', () => {
    const scene = boxStack(2);
    scene.bodies[1] = { ...scene.bodies[1], shape: { kind: 'cylinder', radius: 0.5, halfHeight: 0.5 } };
    expect(() => requirePlanar(scene)).toThrow(/body 1 collides as a cylinder/);
  });
});
