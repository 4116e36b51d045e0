// A game level as one static triangle mesh (lib's trimesh shape), built here in code: a floor of 1 m
// tiles (two triangles each), a flight of stairs (steps 0.2 m high, 0.3 m deep) up to a landing, a 20°
// ramp down from it, and a bowl (a spherical dish, concave) sunk into the floor in line with the ramp.
// Boxes, balls, capsules and a ragdoll are dropped on it: a ragdoll and balls tumble down the stairs,
// boxes slide and a capsule rolls down the ramp, a ball rolls on into the bowl, and what is dropped into
// the bowl settles at its bottom.
//
// Layout (m; x to the right, z toward the camera): the floor spans x −12…12, z −8…8 inside a 0.5 m
// wall; the stairs climb
// along +x from x = −10 to the landing at 1.6 m (x −7.6…−5.6), the ramp runs down to the floor at
// x ≈ −1.2, all between z = −6 and −2; the bowl (radius 3 m, 1.2 m deep) is centred at (5, 0, −4).
//
// Every triangle winds counter-clockwise seen from the side bodies meet it from (lib meets a mesh from
// its front only). Corners are shared where faces meet (welded by exact position), so lib finds the
// flat and concave edges between them and leaves them inactive (no bumps at the tiles' seams).

import { portableCos as cos, portableSin as sin } from '../../lib/index.js';
import type { SceneDescription, Vec3Tuple } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { aboutAxis, addRagdoll, ball, box, capsule, IDENTITY, lyingToward, multiply } from './bodies.js';
import { contactReadout } from './contacts.js';

export const STEP_HEIGHT = 0.2, STEP_DEPTH = 0.3, STEPS = 8;
export const RAMP_ANGLE = (20 * Math.PI) / 180;
const RAMP_SIN = sin(RAMP_ANGLE), RAMP_COS = cos(RAMP_ANGLE);
/** The floor's extent, m: x from −FLOOR_X to FLOOR_X, z from −FLOOR_Z to FLOOR_Z. */
const FLOOR_X = 12, FLOOR_Z = 8;
/** The low wall around the floor, m: what keeps a ball that leaves the bowl fast in the level. */
const WALL_HEIGHT = 0.5;
/** Stairs, landing and ramp: between z = Z0 and Z1; the first riser at x = STAIRS_X. */
const Z0 = -6, Z1 = -2, STAIRS_X = -10, LANDING = 2;
const TOP = STEPS * STEP_HEIGHT;
const LANDING_X = STAIRS_X + STEPS * STEP_DEPTH;
const RAMP_X = LANDING_X + LANDING;
/** Where the stairs start and where the ramp meets the floor, x (m). */
export const LEVEL_X = { stairs: STAIRS_X, rampEnd: RAMP_X + (TOP * RAMP_COS) / RAMP_SIN };
const RAMP_END = LEVEL_X.rampEnd;
/** The bowl: centre on the floor (whole metres, so its square of removed tiles lies on the tile grid), rim radius, depth. */
export const BOWL = { centre: [5, -4] as [number, number], radius: 3, depth: 1.2 };
const BOWL_RINGS = 8, BOWL_SEGMENTS = 32;

/** A triangle mesh under construction: corners welded by exact position. */
class MeshBuilder {
  readonly vertices: number[] = [];
  readonly indices: number[] = [];
  private readonly index = new Map<string, number>();

  vertex(x: number, y: number, z: number): number {
    const key = `${x},${y},${z}`;
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.vertices.length / 3;
      this.vertices.push(x, y, z);
      this.index.set(key, i);
    }
    return i;
  }

  /** A triangle, counter-clockwise seen from its front; none if two corners are one point. */
  triangle(a: Vec3Tuple, b: Vec3Tuple, c: Vec3Tuple): void {
    const i = this.vertex(...a), j = this.vertex(...b), k = this.vertex(...c);
    if (i !== j && j !== k && k !== i) this.indices.push(i, j, k);
  }

  /** A quad a b c d, counter-clockwise seen from its front, as two triangles (a b c) and (a c d). */
  quad(a: Vec3Tuple, b: Vec3Tuple, c: Vec3Tuple, d: Vec3Tuple): void {
    this.triangle(a, b, c);
    this.triangle(a, c, d);
  }
}

/** The bowl's surface height at distance r from its centre: a spherical cap 1.2 m deep, 0 at the rim. */
export function bowlHeight(r: number): number {
  const { radius, depth } = BOWL;
  const sphere = (radius * radius + depth * depth) / (2 * depth);
  const within = Math.min(r, radius);
  return sphere - depth - Math.sqrt(sphere * sphere - within * within);
}

/** The level's triangles: flat xyz vertices and 3 indices a triangle. */
export function levelMesh(): { vertices: number[]; indices: number[] } {
  const mesh = new MeshBuilder();
  const [bx, bz] = BOWL.centre, R = BOWL.radius;
  // Floor tiles, facing +y (seen from above, counter-clockwise is x then −z: (x, z) → (x, z+1) → (x+1, z+1) → (x+1, z)),
  // but not over the bowl's square.
  for (let x = -FLOOR_X; x < FLOOR_X; x++) {
    for (let z = -FLOOR_Z; z < FLOOR_Z; z++) {
      if (x >= bx - R && x < bx + R && z >= bz - R && z < bz + R) continue;
      mesh.quad([x, 0, z], [x, 0, z + 1], [x + 1, 0, z + 1], [x + 1, 0, z]);
    }
  }
  // A low wall around the floor, facing in, a quad per metre (so its foot shares the tiles' corners).
  const H = WALL_HEIGHT;
  for (let z = -FLOOR_Z; z < FLOOR_Z; z++) {
    mesh.quad([FLOOR_X, 0, z + 1], [FLOOR_X, H, z + 1], [FLOOR_X, H, z], [FLOOR_X, 0, z]);
    mesh.quad([-FLOOR_X, 0, z], [-FLOOR_X, H, z], [-FLOOR_X, H, z + 1], [-FLOOR_X, 0, z + 1]);
  }
  for (let x = -FLOOR_X; x < FLOOR_X; x++) {
    mesh.quad([x, 0, FLOOR_Z], [x, H, FLOOR_Z], [x + 1, H, FLOOR_Z], [x + 1, 0, FLOOR_Z]);
    mesh.quad([x + 1, 0, -FLOOR_Z], [x + 1, H, -FLOOR_Z], [x, H, -FLOOR_Z], [x, 0, -FLOOR_Z]);
  }
  // The bowl: a centre point and rings of the spherical cap out to the rim (facing up, into the dish)…
  const ring = (k: number, s: number): Vec3Tuple => {
    const r = (R * k) / BOWL_RINGS, a = (2 * Math.PI * s) / BOWL_SEGMENTS;
    // the rim's points exactly on the square's axes where the skirt meets them
    const c = s % (BOWL_SEGMENTS / 4) === 0 ? Math.round(cos(a)) : cos(a);
    const n = s % (BOWL_SEGMENTS / 4) === 0 ? Math.round(sin(a)) : sin(a);
    return [bx + r * c, k === BOWL_RINGS ? 0 : bowlHeight(r), bz + r * n];
  };
  for (let s = 0; s < BOWL_SEGMENTS; s++) {
    // angle grows from +x toward +z: seen from above (+y) that turns clockwise, so each triangle lists
    // the later angle first
    mesh.triangle([bx, bowlHeight(0), bz], ring(1, s + 1), ring(1, s));
    for (let k = 1; k < BOWL_RINGS; k++) mesh.quad(ring(k, s), ring(k, s + 1), ring(k + 1, s + 1), ring(k + 1, s));
  }
  // …and a flat skirt from the rim to the square's edge, where the tiles' corners are: the rim's points
  // and the square's edge points (both from (R, 0) about the centre, turning from +x toward +z), merged in
  // order of angle into a strip. The order is decided by cross products, not atan2, so it is the same in
  // every engine (lib's portableSin and portableCos).
  const square: Vec3Tuple[] = [];
  for (let j = 0; j < R; j++) square.push([bx + R, 0, bz + j]);
  for (let j = 0; j < 2 * R; j++) square.push([bx + R - j, 0, bz + R]);
  for (let j = 0; j < 2 * R; j++) square.push([bx - R, 0, bz + R - j]);
  for (let j = 0; j < 2 * R; j++) square.push([bx - R + j, 0, bz - R]);
  for (let j = 0; j < R; j++) square.push([bx + R, 0, bz - R + j]);
  const rim = (k: number) => ring(BOWL_RINGS, k % BOWL_SEGMENTS);
  const edge = (k: number) => square[k % square.length];
  for (let s = 0, q = 0; s < BOWL_SEGMENTS || q < square.length;) {
    let rimFirst: boolean;
    if (s === BOWL_SEGMENTS) rimFirst = false;
    else if (q === square.length) rimFirst = true;
    else {
      // the next rim point comes first (or with) the next edge point when the turn from it to the edge
      // point is toward +z; the last of each is at angle 2π
      const a = rim(s + 1), e = edge(q + 1);
      const turn = (a[0] - bx) * (e[2] - bz) - (a[2] - bz) * (e[0] - bx);
      rimFirst = q + 1 === square.length || (s + 1 < BOWL_SEGMENTS && turn >= 0);
    }
    if (rimFirst) {
      mesh.triangle(rim(s), rim(s + 1), edge(q)); // facing up, as the bowl's triangles
      s++;
    } else {
      mesh.triangle(rim(s), edge(q + 1), edge(q));
      q++;
    }
  }
  // Stairs: each step's tread (facing +y) and riser (facing −x).
  for (let k = 0; k < STEPS; k++) {
    const x0 = STAIRS_X + k * STEP_DEPTH, x1 = x0 + STEP_DEPTH, y0 = k * STEP_HEIGHT, y1 = y0 + STEP_HEIGHT;
    mesh.quad([x0, y0, Z1], [x0, y1, Z1], [x0, y1, Z0], [x0, y0, Z0]);
    mesh.quad([x0, y1, Z0], [x0, y1, Z1], [x1, y1, Z1], [x1, y1, Z0]);
  }
  // The landing and the ramp down to the floor.
  mesh.quad([LANDING_X, TOP, Z0], [LANDING_X, TOP, Z1], [RAMP_X, TOP, Z1], [RAMP_X, TOP, Z0]);
  mesh.quad([RAMP_X, TOP, Z0], [RAMP_X, TOP, Z1], [RAMP_END, 0, Z1], [RAMP_END, 0, Z0]);
  // Side walls (z = Z1 facing +z, z = Z0 facing −z): a column under each step and under the landing, and
  // the triangle under the ramp.
  const columns: [number, number, number][] = [];
  for (let k = 0; k < STEPS; k++) columns.push([STAIRS_X + k * STEP_DEPTH, STAIRS_X + (k + 1) * STEP_DEPTH, (k + 1) * STEP_HEIGHT]);
  columns.push([LANDING_X, RAMP_X, TOP]);
  for (const [x0, x1, y] of columns) {
    mesh.quad([x0, 0, Z1], [x1, 0, Z1], [x1, y, Z1], [x0, y, Z1]);
    mesh.quad([x1, 0, Z0], [x0, 0, Z0], [x0, y, Z0], [x1, y, Z0]);
  }
  mesh.triangle([RAMP_X, 0, Z1], [RAMP_END, 0, Z1], [RAMP_X, TOP, Z1]);
  mesh.triangle([RAMP_END, 0, Z0], [RAMP_X, 0, Z0], [RAMP_X, TOP, Z0]);
  return mesh;
}

/** Height of the ramp's surface at x (on the ramp's span). */
function rampY(x: number): number {
  return TOP - ((x - RAMP_X) * RAMP_SIN) / RAMP_COS;
}

/** Friction of the boxes that slide down the ramp: with the mesh's 0.6, μ = √(0.6 · 0.1) = 0.24 < tan 20° = 0.36. */
const SLIDING_FRICTION = 0.1;

export function describeLevel(): SceneDescription {
  const scene: SceneDescription = { name: 'level', gravity: [0, -9.81, 0], dt: 1 / 60, bodies: [], joints: [] };
  const b = scene.bodies;
  const slope = aboutAxis([0, 0, 1], -RAMP_ANGLE);
  const n = [RAMP_SIN, RAMP_COS]; // the ramp's normal in x-y
  /** A point `lift` m off the ramp's surface above x. */
  const onRamp = (x: number, lift: number, z: number): Vec3Tuple => [x + n[0] * lift, rampY(x) + n[1] * lift, z];
  // a ragdoll lying at the top of the stairs, head over them, thrown down them
  addRagdoll(scene, [LANDING_X + 0.3, TOP + 0.5, -4], lyingToward([-1, 0]), [-3, 1, 0]);
  // balls rolled off the landing down the stairs
  b.push(ball([LANDING_X + 1.2, TOP + 0.2, -5.3], 0.15, { linearVelocity: [-2, 0, 0] }));
  b.push(ball([LANDING_X + 1.6, TOP + 0.25, -2.7], 0.2, { linearVelocity: [-1.5, 0, 0] }));
  // boxes that slide down the ramp (low friction) and one that stays put (the mesh's friction)
  b.push(box(onRamp(RAMP_X + 0.8, 0.2 + 0.01, -5.2), [0.2, 0.2, 0.2], { orientation: slope, name: 'slider' }));
  b.push(box(onRamp(RAMP_X + 1.8, 0.15 + 0.01, -3.0), [0.3, 0.15, 0.25], { orientation: slope, name: 'slider' }));
  b.push(box(onRamp(RAMP_X + 2.4, 0.15 + 0.01, -4.6), [0.15, 0.15, 0.15], { orientation: slope }));
  // capsules lying across the ramp: they roll down it and on into the bowl
  const across = aboutAxis([1, 0, 0], Math.PI / 2);
  b.push(capsule(onRamp(RAMP_X + 0.4, 0.12 + 0.02, -4.0), 0.12, 0.45, { orientation: multiply(slope, across) }));
  b.push(ball(onRamp(RAMP_X + 0.3, 0.18 + 0.01, -2.6), 0.18));
  // dropped into the bowl off its centre: they roll about and settle at the bottom
  const [bx, bz] = BOWL.centre;
  b.push(ball([bx + 2.0, 1.0, bz + 0.6], 0.25, { name: 'bowl' }));
  b.push(ball([bx - 1.4, 1.4, bz - 1.5], 0.2, { name: 'bowl' }));
  b.push(ball([bx + 0.5, 2.0, bz + 2.0], 0.3, { name: 'bowl' }));
  b.push(box([bx - 0.6, 1.6, bz + 1.2], [0.25, 0.2, 0.3], { orientation: aboutAxis([0.6, 0, 0.8], 0.7), name: 'bowl' }));
  b.push(capsule([bx + 1.2, 2.4, bz - 0.8], 0.15, 0.35, { orientation: aboutAxis([0, 0, 1], 1.2), name: 'bowl' }));
  // a box sliding over the tiles at 5 m/s (no bumps at the seams), and a few dropped on the floor
  b.push(box([-8, 0.25, 4], [0.25, 0.25, 0.25], { linearVelocity: [5, 0, 0], name: 'crate' }));
  b.push(box([2, 2.0, 5], [0.4, 0.3, 0.35], { orientation: aboutAxis([0.3, 0.9, 0.3], 0.9) }));
  b.push(capsule([-3, 1.2, 3], 0.2, 0.4, { orientation: aboutAxis([1, 0, 0], 0.4) }));
  b.push(box([7, 0.8, 5.5], [0.5, 0.12, 0.5], { orientation: IDENTITY }));
  return scene;
}

/** The level mesh as a static body, and the sliding boxes' low friction. */
function addLevel(scene: LiveScene): void {
  const { vertices, indices } = levelMesh();
  const body = scene.world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
  scene.extraBodies.push({ body, role: 'level' });
  scene.description.bodies.forEach((description, i) => {
    if (description.name === 'slider') scene.bodies[i].shapes[0].friction = SLIDING_FRICTION;
  });
}

export const levelScene: ViewerScene = {
  name: 'level',
  title: 'Level: stairs, ramp and bowl (triangle mesh)',
  description:
    'One static triangle mesh built in code: 1 m floor tiles, stairs (0.2 m steps), a 20° ramp and a sunken ' +
    'bowl. A ragdoll and balls tumble down the stairs, boxes slide down the ramp, a ball rolls on into the ' +
    'bowl. The probe under the pointer casts a ray and drops a sphere (castRay, castShape).',
  camera: { position: [-20, 9, 9], target: [-8.5, 0.6, -4] },
  groundY: -BOWL.depth,
  ground: false,
  probe: true,
  markerRadius: 0.02,
  forceScale: 0.002,
  readouts: [{ label: 'contacts', value: contactReadout }],
  describe: () => describeLevel(),
  addToWorld: addLevel,
};
