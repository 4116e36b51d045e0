// A valley as a heightfield (lib's heightfield shape: 96 x 96 heights over 80 x 80 m): a bowl rising to
// the edges, two hills, a ravine 6.5 m deep winding across the middle from one edge to the other, and two
// holes. A rope bridge crosses the ravine: two ropes of links on ball joints, anchored on static posts at
// the rims, with a plank welded across them at every link. Ragdolls drop onto the hillsides and onto the
// bridge; crates, balls and capsules tumble down the slopes; a ball rolls into a hole and falls away
// (removed 40 m below the ravine's floor).

import { boxInertia } from '../../lib/index.js';
import { portableCos as cos, portableSin as sin } from '../../lib/index.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { aboutAxis, addRagdoll, ball, box, capsule, lyingToward, turnBy } from './bodies.js';
import { contactReadout } from './contacts.js';

/** The grid: rows along z, columns along x (lib's heightfield layout). */
export const TERRAIN = { rows: 96, columns: 96, size: [80, 80] as [number, number] };
/** Where the ravine's floor lies, about (m): the scene's groundY. */
export const RAVINE_FLOOR = -6.5;

/** A round hill's profile, 1 at its top and 0 from `radius` out: (1 − d²/radius²)³, smooth where it meets
 * the plain (polynomial: the same bits in every engine: lib's portableSin and portableCos). */
function bump(dx: number, dz: number, radius: number): number {
  const t = 1 - (dx * dx + dz * dz) / (radius * radius);
  return t > 0 ? t * t * t : 0;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** The ravine's centre line: x as a function of z (straight where the bridge crosses it, at z = 0). */
export function ravineX(z: number): number {
  return 3 * sin(z / 11);
}

/**
 * The valley's height at (x, z), m, before the grid samples it (and without the holes): a bowl with a
 * ridge along its border (so what rolls off a hill stays in the valley), two hills, two octaves of
 * rolling ground, and the ravine, a trough 6.8 m deep with a 4 m floor and walls 3.5 m wide.
 */
export function terrainHeight(x: number, z: number): number {
  const valley = 7 * ((x * x) / 1600 + (z * z) / 1600) + 5 * smoothstep(31, 40, Math.max(Math.abs(x), Math.abs(z)));
  const hills = 9 * bump(x + 20, z + 16, 19) + 7.5 * bump(x - 21, z - 15, 16.5);
  const rolling = 0.5 * sin(x / 4.5 + 1) * cos(z / 5.5) + 0.2 * sin(x / 1.9 + 2) * sin(z / 2.3);
  const ravine = (RAVINE_FLOOR - 0.3) * (1 - smoothstep(2, 5.5, Math.abs(x - ravineX(z))));
  return valley + hills + rolling + ravine;
}

/** The unit direction (x, z) in which the valley falls fastest at (x, z). */
function downhill(x: number, z: number): [number, number] {
  const e = 0.05;
  const gx = terrainHeight(x + e, z) - terrainHeight(x - e, z), gz = terrainHeight(x, z + e) - terrainHeight(x, z - e);
  const length = Math.sqrt(gx * gx + gz * gz);
  return [-gx / length, -gz / length];
}

/** The holes: grid points within `radius` of a centre get NaN (lib drops every cell touching one). */
export const HOLES: { x: number; z: number; radius: number }[] = [
  { x: -27.5, z: -2.5, radius: 1.3 },
  { x: 9, z: 26, radius: 1.6 },
];

/** Grid x of column c, grid z of row r (lib's heightfield formula). */
export function columnX(c: number): number {
  return (c / (TERRAIN.columns - 1) - 0.5) * TERRAIN.size[0];
}
export function rowZ(r: number): number {
  return (r / (TERRAIN.rows - 1) - 0.5) * TERRAIN.size[1];
}

/** rows · columns heights, row by row, NaN in the holes. */
export function terrainHeights(): Float64Array {
  const { rows, columns } = TERRAIN;
  const heights = new Float64Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x = columnX(c), z = rowZ(r);
      const hole = HOLES.some((h) => (x - h.x) * (x - h.x) + (z - h.z) * (z - h.z) < h.radius * h.radius);
      heights[r * columns + c] = hole ? NaN : terrainHeight(x, z);
    }
  }
  return heights;
}

/** A point `lift` m above the valley at (x, z). */
function above(x: number, z: number, lift: number): Vec3Tuple {
  return [x, terrainHeight(x, z) + lift, z];
}

/** The bridge: links per rope, their length, the ropes' z, plank and link sizes and masses. */
const BRIDGE = { links: 17, link: 0.7, ropeZ: 1, linkMass: 3, plankMass: 6 };
/** The bridge's posts stand this far from the ravine's centre line (its rims are at 5.5 m). */
const POST_X = 5.9;
/** Negative filter group of the bridge and its posts: its parts never collide with each other. */
const BRIDGE_GROUP = -1_000_001;

/**
 * The rope bridge across the ravine at z = 0 (after lib's ropeBridge, viewer/scenes/rope-bridge.ts): per
 * rope a chain of links on ball joints from a post on one rim to a post on the other, laid out as a V of
 * the rope's length, and a plank welded across the two ropes at every link. Everything collides (a shared
 * negative group keeps the bridge from colliding with itself). Returns the deck's height at mid-span.
 */
function addBridge(scene: Pick<SceneDescription, 'bodies' | 'joints'>): number {
  const { links, link, ropeZ, linkMass, plankMass } = BRIDGE;
  const bodies = scene.bodies, joints: JointDescription[] = scene.joints;
  const x0 = ravineX(0) - POST_X, x1 = ravineX(0) + POST_X;
  const span = x1 - x0;
  // the V's slope: cos = span / rope length
  const c = span / (links * link), s = Math.sqrt(1 - c * c);
  const linkHalf: Vec3Tuple = [link / 2 - 0.02, 0.04, 0.04], plankHalf: Vec3Tuple = [link / 2 - 0.04, 0.04, ropeZ + 0.12];
  // both ropes hang from one height, 1.1 m above the higher rim; each post reaches 0.6 m into the ground
  const postTop = Math.max(terrainHeight(x0, -ropeZ), terrainHeight(x1, -ropeZ), terrainHeight(x0, ropeZ), terrainHeight(x1, ropeZ)) + 1.2;
  const post = (x: number, z: number): number => {
    const ground = Math.min(terrainHeight(x - 0.15, z), terrainHeight(x + 0.15, z));
    const half: Vec3Tuple = [0.15, (postTop - ground + 0.6) / 2, 0.15];
    bodies.push({
      type: 'static', position: [x, postTop - half[1], z], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: half },
      role: 'post', collide: true, group: BRIDGE_GROUP,
    });
    return bodies.length - 1;
  };
  let deck = 0;
  const ropes: number[][] = [];
  for (const z of [-ropeZ, ropeZ]) {
    const start = post(x0 - 0.15, z), end = post(x1 + 0.15, z);
    // the ropes hang from 0.1 m below the posts' tops
    const y = postTop - 0.1;
    const points: Vec3Tuple[] = [];
    for (let i = 0; i <= links; i++) points.push([x0 + i * link * c, y - Math.min(i, links - i) * link * s, z]);
    deck = y - (links / 2) * link * s;
    const rope: number[] = [];
    for (let i = 0; i < links; i++) {
      const p = points[i], q = points[i + 1];
      // along the link (the middle one of an odd count lies level, shorter than the rest)
      const dx = q[0] - p[0], dy = q[1] - p[1], length = Math.sqrt(dx * dx + dy * dy);
      rope.push(bodies.length);
      bodies.push({
        type: 'dynamic', position: [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, z], orientation: turnBy([0, 0, 1], dx / length, dy / length),
        mass: linkMass, inertia: boxInertia(linkMass, linkHalf), shape: { kind: 'box', halfExtents: linkHalf }, role: 'link', collide: true, group: BRIDGE_GROUP,
      });
    }
    for (let i = 0; i <= links; i++) {
      const a = i < links ? rope[i] : rope[links - 1];
      const b = i === 0 ? start : i === links ? end : rope[i - 1];
      joints.push({ type: 'ball', bodyA: a, bodyB: b, anchor: points[i] });
    }
    ropes.push(rope);
  }
  for (let i = 0; i < links; i++) {
    const a = bodies[ropes[0][i]], b = bodies[ropes[1][i]];
    const plank = bodies.length;
    bodies.push({
      type: 'dynamic', position: [a.position[0], a.position[1] - 0.08, 0], orientation: a.orientation, mass: plankMass,
      inertia: boxInertia(plankMass, plankHalf), shape: { kind: 'box', halfExtents: plankHalf }, role: 'plank', collide: true, group: BRIDGE_GROUP,
    });
    joints.push({ type: 'weld', bodyA: plank, bodyB: ropes[0][i], anchor: [a.position[0], a.position[1] - 0.05, -ropeZ] });
    joints.push({ type: 'weld', bodyA: plank, bodyB: ropes[1][i], anchor: [b.position[0], b.position[1] - 0.05, ropeZ] });
  }
  return deck;
}

export function describeTerrain(): SceneDescription {
  const scene: SceneDescription = { name: 'terrain', gravity: [0, -9.81, 0], dt: 1 / 60, bodies: [], joints: [] };
  const deck = addBridge(scene);
  const b: BodyDescription[] = scene.bodies;
  // ragdolls: lying head down the west hill's flank and the east hill's, and one dropped onto the bridge's deck
  for (const [x, z] of [[-13, -8], [14, 8]]) {
    const head = downhill(x, z);
    // 0.8 m above the ground under the feet, the middle and the head, whichever is highest
    const y = Math.max(...[0, 0.9, 1.8].map((t) => terrainHeight(x + t * head[0], z + t * head[1]))) + 0.8;
    addRagdoll(scene, [x, y, z], lyingToward(head));
  }
  addRagdoll(scene, [ravineX(0) + 0.9, deck + 1.2, 0.2], lyingToward([-1, 0]));
  // crates, balls and capsules on the slopes
  b.push(box(above(-17, -12, 1.5), [0.4, 0.4, 0.4], { orientation: aboutAxis([0, 1, 0], 0.5) }));
  b.push(box(above(18, 11, 1.6), [0.5, 0.3, 0.4], { orientation: aboutAxis([1, 0, 0], 0.4), name: 'crate' }));
  b.push(box(above(-8, 6, 1.2), [0.35, 0.35, 0.35]));
  b.push(box([ravineX(0) - 1.5, deck + 1.0, -0.4], [0.3, 0.25, 0.3], { orientation: aboutAxis([0, 1, 0], 0.3) }));
  b.push(ball(above(-20, -10, 1.0), 0.5));
  b.push(ball(above(24, 16, 1.0), 0.45));
  // a ball set rolling 3 m uphill of the first hole, toward it: it drops through and is removed
  const hole = HOLES[0], [dx, dz] = downhill(hole.x, hole.z);
  b.push(ball(above(hole.x - 3 * dx, hole.z - 3 * dz, 0.45), 0.4, { linearVelocity: [1.5 * dx, 0, 1.5 * dz], name: 'toward-hole' }));
  b.push(ball(above(4, -10, 0.8), 0.35));
  b.push(capsule(above(-15, -19, 1.0), 0.25, 0.6, { orientation: aboutAxis([1, 0, 0], Math.PI / 2) }));
  b.push(capsule(above(20, 20, 1.0), 0.2, 0.5, { orientation: aboutAxis([0, 0, 1], Math.PI / 2) }));
  b.push(capsule(above(10, -4, 1.0), 0.25, 0.5, { orientation: aboutAxis([0.6, 0, 0.8], 1.2) }));
  return scene;
}

/** The heightfield as a static body. */
export function addValley(scene: LiveScene): void {
  const { rows, columns, size } = TERRAIN;
  const body = scene.world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights: terrainHeights(), rows, columns, size }] });
  scene.extraBodies.push({ body, role: 'terrain' });
}

export const terrainScene: ViewerScene = {
  name: 'terrain',
  title: 'Terrain (heightfield)',
  description:
    'Hills, a ravine, two holes and a rope bridge on an 80 x 80 m heightfield, with ragdolls and crates; ' +
    'the probe casts a ray and a sphere.',
  camera: { position: [14, 22, 28], target: [-1, -2, -3] },
  groundY: RAVINE_FLOOR,
  ground: false,
  probe: true,
  markerRadius: 0.05,
  forceScale: 0.001,
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: () => describeTerrain(),
  addToWorld: addValley,
};
