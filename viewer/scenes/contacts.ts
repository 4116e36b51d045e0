// Scenes where bodies collide (lib/scenes/contacts.ts, hulls.ts): ten ragdolls falling into a pile, a box
// pyramid, a welded wall to knock down with a ball, a chain draped over obstacles, a pile of hulls, and
// boxes, balls and capsules falling into a pen.

import { boxPyramid, drapedChain, fallingPile, hullPile, ragdollPile, weldedWall, type BodyDescription, type SceneDescription } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { ball, box, capsule } from './bodies.js';
import { planarRagdollPile } from './planar-ragdolls.js';

/** Bodies with at least one contact, and contact points, of the last step. */
export function contactReadout(scene: LiveScene): string {
  const contacts = scene.world.contacts;
  let points = 0;
  for (const contact of contacts) points += contact.count;
  let dynamic = 0;
  for (const body of scene.world.bodies) if (body.isDynamic) dynamic++;
  return `${contacts.length} manifolds, ${points} points; ${scene.world.sleepingBodyCount} of ${dynamic} bodies asleep`;
}

const BALL_RADIUS = 0.25, BALL_MASS = 40, BALL_SPEED = 20;

/** A 40 kg ball of 0.25 m at `position` with `velocity`, drawn as a weight. */
function launchBall(scene: LiveScene, position: readonly number[], velocity: readonly number[]): void {
  const radius = BALL_RADIUS;
  const body = scene.world.createBody({
    position, linearVelocity: velocity,
    shapes: [{ type: 'sphere', radius, density: BALL_MASS / ((4 / 3) * Math.PI * radius ** 3) }],
  });
  scene.extraBodies.push({ body, shape: { kind: 'sphere', radius }, role: 'weight' });
}

/**
 * The ball fired at the wall from 6 m in front of it, at 20 m/s, aimed at one of its middle rows in turn
 * (the same sequence every session).
 */
let shots = 0;
export function fireBall(scene: LiveScene): void {
  const heights = [1.0, 0.6, 1.4, 0.8, 1.2];
  const y = heights[shots++ % heights.length];
  launchBall(scene, [0.3 * ((shots % 3) - 1), y, 6], [0, 1.5, -BALL_SPEED]);
}

/** The ball starts this far along the pointer's ray, m: in front of the camera, not around it. */
const MUZZLE = 0.5;

/**
 * The ball fired from the camera along the pointer's ray at 20 m/s, on the low arc that lands it on the
 * first shape the ray meets (world.castRay). From x₀ to the point p, D = p − x₀, in flight time T:
 *   v = D/T − g T/2,  |v| = s  ⇔  (|g|²/4) u² − (D·g + s²) u + |D|² = 0,  u = T²
 * the smaller root is the low arc, u = 2|D|² / ((D·g + s²) + √((D·g + s²)² − |g|²|D|²)) (the form that
 * also holds with g = 0). A point out of reach, or a ray that meets nothing within 100 m, fires straight
 * along the ray.
 */
export function fireAlong(scene: LiveScene, origin: readonly number[], direction: readonly number[]): void {
  const start = origin.map((o, k) => o + MUZZLE * direction[k]);
  const straight = direction.map((d) => BALL_SPEED * d);
  const hit = scene.world.castRay(origin, direction, 100);
  if (hit === null || hit.distance <= MUZZLE + BALL_RADIUS) return launchBall(scene, start, straight);
  const g = scene.world.gravity, s = BALL_SPEED;
  const D = start.map((x, k) => hit.point[k] - x);
  const dd = D[0] ** 2 + D[1] ** 2 + D[2] ** 2, gg = g[0] ** 2 + g[1] ** 2 + g[2] ** 2;
  const b = D[0] * g[0] + D[1] * g[1] + D[2] * g[2] + s * s;
  const discriminant = b * b - gg * dd;
  if (discriminant < 0 || b <= 0) return launchBall(scene, start, straight);
  const time = Math.sqrt((2 * dd) / (b + Math.sqrt(discriminant)));
  launchBall(scene, start, D.map((d, k) => d / time - (g[k] * time) / 2));
}

export const ragdollPileScene: ViewerScene = {
  name: 'ragdoll-pile',
  title: 'Ten ragdolls falling into a pile',
  description:
    'Ten ragdolls dropped lying down from staggered heights onto the ground and onto each other: capsule ' +
    'limbs, box trunks and feet, sphere heads; contacts and joint limits in one solver.',
  camera: { position: [2.6, 2.4, 3.4], target: [0, 1.2, 0] },
  groundY: 0,
  markerRadius: 0.02,
  forceScale: 0.0005,
  // 10 ragdolls cost about 7.6 ms per step awake in node (docs/measured-figures.md, "Measured figures"): fewer on a slow machine
  params: [{ key: 'count', label: 'ragdolls', min: 1, max: 10, step: 1, value: 10, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => ragdollPile({ count: params.count }),
  // in the plane: the ragdolls seen from the side, hinged about z (scenes/planar-ragdolls.ts)
  planar: (params) => planarRagdollPile(params.count),
  planarContacts: 'translation',
};

export const pyramidScene: ViewerScene = {
  name: 'pyramid',
  title: 'Box pyramid',
  description:
    'A pyramid of boxes of 0.5 m, one box deep (box against box: the separating axis test, faces clipped to 4 points, ' +
    'each face\'s points solved as one block). 30 and 40 rows are the stacking records: they settle a few cm under ' +
    'their load and sleep. Drag a box out of it.',
  camera: { position: [0, 3.4, 11], target: [0, 2.4, 0] },
  groundY: 0,
  forceScale: 0.0002,
  params: [{ key: 'rows', label: 'rows', min: 2, max: 40, step: 1, value: 10, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => boxPyramid({ rows: params.rows }),
  planar: true,
  planarContacts: 'rotation',
};

export const wallScene: ViewerScene = {
  name: 'wall',
  title: 'Breakable welded wall',
  description:
    'Bricks welded to their neighbours and to the ground, each weld breaking past its force limit. Click to ' +
    'fire a 40 kg ball from the camera at the point clicked (20 m/s), or use the button; press and move to ' +
    'drag a brick or turn the camera. One ball breaks about ten welds; a few bring the wall down.',
  camera: { position: [4, 2.2, 5.5], target: [0, 1, 0] },
  groundY: 0,
  markerRadius: 0.02,
  forceScale: 0.0002,
  params: [{ key: 'breakForce', label: 'weld break force, N', min: 500, max: 20000, step: 500, value: 3000, rebuild: true }],
  actions: [{ label: 'fire a ball', run: fireBall }],
  click: fireAlong,
  readouts: [
    { label: 'welds broken', value: (scene) => `${scene.joints.filter((joint) => joint.broken).length} of ${scene.joints.length}` },
    { label: 'contacts', value: contactReadout },
  ],
  describe: (params) => weldedWall({ breakForce: params.breakForce }),
  planar: true,
  planarContacts: 'rotation',
};

export const drapedChainScene: ViewerScene = {
  name: 'draped-chain',
  title: 'Chain draped over obstacles',
  description: 'Forty capsule links on ball joints fall onto two blocks and a ball and hang over them (capsule against box, sphere and plane).',
  camera: { position: [1, 3, 7], target: [0, 1, 0] },
  groundY: 0,
  forceScale: 0.002,
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: () => drapedChain({ links: 40 }),
};

export const hullPileScene: ViewerScene = {
  name: 'hull-pile',
  title: 'Pile of convex hulls',
  description:
    'Rocks, tetrahedra, wedges and octahedra (convex hulls: quickhull, coplanar faces merged), with a few capsules ' +
    'and balls, dropped onto a block and the ground: hull against plane, box, hull, capsule and sphere. Drag one out.',
  camera: { position: [1.45, 1.2, 1.9], target: [0, 0.4, 0] },
  groundY: 0,
  markerRadius: 0.02,
  forceScale: 0.002,
  params: [{ key: 'layers', label: 'layers of 6', min: 1, max: 8, step: 1, value: 4, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => hullPile({ layers: params.layers }),
};

export const fallingPileScene: ViewerScene = {
  name: 'falling-pile',
  title: 'Falling pile',
  description:
    'Boxes, balls and capsules of 0.4-0.7 m dropped in layers of 100 into a pen of four walls (the benchmark\'s ' +
    'FALL-1000 has 1000): many contacts of one or two points each. Resting pairs keep their manifolds; the balls ' +
    'that reach open ground roll on (no rolling resistance). Drag one out.',
  camera: { position: [0, 15, 11], target: [0, 0.5, 0] },
  groundY: 0,
  forceScale: 0.00005,
  params: [{ key: 'count', label: 'bodies', min: 100, max: 1000, step: 100, value: 300, rebuild: true }],
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: (params) => fallingPile({ count: params.count }),
  // in the plane: a tenth of the bodies, in a pen 10 m wide
  planar: (params) => planarPile(Math.round(params.count / 10) * 2),
  planarContacts: 'rotation',
};

/**
 * The falling pile in the plane (its 2D vs 3D view): boxes (0.5 m deep), balls and capsules of 0.4-0.7 m,
 * turned about z only, dropped in layers of 10 into a pen 10 m wide between two static walls. Seeded: the
 * same pile every time.
 */
export function planarPile(count: number): SceneDescription {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const bodies: BodyDescription[] = [];
  for (let i = 0; i < count; i++) {
    const layer = Math.floor(i / 10), cell = i % 10;
    const position: [number, number, number] = [cell - 4.5 + ((layer % 2) - 0.5) * 0.3, 0.8 + 0.9 * layer, 0];
    const angle = Math.PI * random(), size = 0.2 + 0.15 * random();
    const orientation: [number, number, number, number] = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
    // (the 2D twin has no rolling resistance: the 3D balls and capsules roll as freely)
    const kind = i % 3;
    if (kind === 0) bodies.push(box(position, [size, 0.2 + 0.15 * random(), 0.25], { orientation }));
    else if (kind === 1) bodies.push({ ...ball(position, size, { orientation }), rollingResistance: undefined });
    else bodies.push({ ...capsule(position, 0.6 * size, size, { orientation }), rollingResistance: undefined });
  }
  const top = 2 + 0.9 * Math.ceil(count / 10);
  for (const x of [-5.6, 5.6]) {
    bodies.push({ type: 'static', position: [x, top / 2, 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: [0.5, top / 2, 0.5] }, role: 'obstacle', collide: true });
  }
  return { name: `planar pile of ${count}`, gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}
