// The standard joint scenes the benchmarks run (S1-S5, the sphere grid), as descriptions. Links are boxes 1 m long along x.

import { boxInertia, sphereInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from './description.js';

const GRAVITY: Vec3Tuple = [0, -9.81, 0];
const DT = 1 / 60;

function link(x: number, mass: number, halfExtents: Vec3Tuple, inertiaScale = 1): BodyDescription {
  const inertia = boxInertia(mass, halfExtents).map((i) => i * inertiaScale) as Vec3Tuple;
  return { type: 'dynamic', position: [x, 0, 0], mass, inertia, shape: { kind: 'box', halfExtents } };
}

/**
 * A horizontal chain of `count` boxes 1 m long along x, joined by ball joints at x = 1 … count−1 and
 * to the world at the origin: it starts straight and swings down.
 */
function chain(name: string, count: number, halfExtents: Vec3Tuple): SceneDescription {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`${name}: link count must be an integer ≥ 1, got ${count}`);
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < count; i++) {
    bodies.push(link(i + 0.5, 1, halfExtents));
    joints.push(i === 0
      ? { type: 'ball', bodyA: 0, bodyB: null, anchor: [0, 0, 0] }
      : { type: 'ball', bodyA: i - 1, bodyB: i, anchor: [i, 0, 0] });
  }
  return { name, gravity: GRAVITY, dt: DT, bodies, joints };
}

/** S1: a hanging chain of N links of 1 kg (box 1 × 0.2 × 0.2 m), pinned to the world at the origin. */
export function hangingChain(links: number): SceneDescription {
  return chain(`S1 chain N=${links}`, links, [0.5, 0.1, 0.1]);
}

/** S2: S1 with the last link's mass and inertia multiplied by `massRatio`. */
export function heavyEndChain(links: number, massRatio: number): SceneDescription {
  if (!(massRatio > 0)) throw new RangeError(`heavyEndChain: massRatio must be > 0, got ${massRatio}`);
  const scene = chain(`S2 heavy-end chain N=${links} ratio=${massRatio}`, links, [0.5, 0.1, 0.1]);
  const last = scene.bodies[links - 1];
  last.role = 'load';
  last.mass *= massRatio;
  last.inertia = last.inertia.map((i) => i * massRatio) as Vec3Tuple;
  return scene;
}

/**
 * S3: `count` boxes (1 × 0.2 × 0.2 m, 1 kg) welded end to end along x, box 0 welded to the world at
 * x = 0. The tip should stay at y = 0; how far it sags measures the welds' stiffness.
 */
export function weldedCantilever(count = 10): SceneDescription {
  const halfExtents: Vec3Tuple = [0.5, 0.1, 0.1];
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < count; i++) {
    bodies.push(link(i + 0.5, 1, halfExtents));
    joints.push(i === 0
      ? { type: 'weld', bodyA: 0, bodyB: null, anchor: [0, 0, 0] }
      : { type: 'weld', bodyA: i - 1, bodyB: i, anchor: [i, 0, 0] });
  }
  return { name: `S3 welded cantilever N=${count}`, gravity: GRAVITY, dt: DT, bodies, joints };
}

/**
 * S5: ball and chain. 40 links (1 × 0.25 × 0.25 m, 1 kg) from the origin along +x, then a solid sphere
 * of radius 2 m centred at (42, 0, 0) hung by a ball joint at x = 40; starts horizontal.
 */
export function ballAndChain(ballMass = 670, links = 40): SceneDescription {
  const scene = chain(`S5 ball and chain ratio=${ballMass}`, links, [0.5, 0.125, 0.125]);
  scene.bodies.push({
    type: 'dynamic',
    position: [links + 2, 0, 0],
    mass: ballMass,
    inertia: sphereInertia(ballMass, 2),
    shape: { kind: 'sphere', radius: 2 },
    role: 'load',
  });
  scene.joints.push({ type: 'ball', bodyA: links - 1, bodyB: links, anchor: [links, 0, 0] });
  return scene;
}

/**
 * A `count` × `count` grid of spheres (radius 0.15 m, 1 kg, `spacing` apart) in the horizontal x-z
 * plane, each joined to its neighbours along x and z by ball joints at the midpoints, and the row at
 * z = 0 pinned to the world at the spheres' centres. It falls and hangs like a curtain; the far corner's
 * distance from its pinned edge, over the rest length, measures the joints' stretch. Body (row, col) is
 * index row · count + col, row along z.
 */
export function sphereGrid(count = 100, spacing = 0.5): SceneDescription {
  const radius = 0.15;
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const index = (row: number, col: number) => row * count + col;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      bodies.push({
        type: 'dynamic', position: [col * spacing, 0, row * spacing], mass: 1, inertia: sphereInertia(1, radius),
        shape: { kind: 'sphere', radius }, role: 'link',
      });
    }
  }
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (row === 0) joints.push({ type: 'ball', bodyA: index(0, col), bodyB: null, anchor: [col * spacing, 0, 0] });
      if (col > 0) joints.push({ type: 'ball', bodyA: index(row, col - 1), bodyB: index(row, col), anchor: [(col - 0.5) * spacing, 0, row * spacing] });
      if (row > 0) joints.push({ type: 'ball', bodyA: index(row - 1, col), bodyB: index(row, col), anchor: [col * spacing, 0, (row - 0.5) * spacing] });
    }
  }
  return { name: `sphere grid ${count}x${count}`, gravity: GRAVITY, dt: DT, bodies, joints };
}
