// The playground: what a game drives, through the library's public API only, on the level mesh of
// level.ts (floor, stairs, ramp, bowl, low wall):
//   - a platform that rides up and down beside the stairs' landing: a kinematic body given a pose each
//     step (Body.moveKinematic), carrying what stands on it;
//   - a one-way platform: a thin static slab whose contacts World.onPreSolve drops for anything below
//     its top or rising, so a ball thrown up passes through it and lands on it coming down;
//   - a conveyor belt: a static slab whose contacts get a surface velocity (PreSolvePair.tangentVelocity);
//   - a welded brick wall and two ragdolls to shoot at: a click fires a small, fast ball from the camera
//     (continuous collision on, so it cannot pass through what it hits);
//   - a capsule character walked with the keys (WASD or the arrows along the world's axes, space to jump):
//     a kinematic body moved by a character controller (World.createCharacterController), which climbs
//     the stairs, walks up and down the ramp, rides the lift and the turntable (turning with it: the
//     move's yaw), and pushes what it meets as a 70 kg body of bounded strength: a 20 kg crate slides, a
//     tonne does not;
//   - a turntable: a kinematic cylinder, a flat disc, spinning about up;
//   - cylinders and cones: a barrel rolling down the ramp and on into the bowl, a leaning coin rolling in a
//     circle, traffic cones standing on their bases;
//   - concave bodies: a chair as one closed triangle mesh on a dynamic body, the same chair as the hulls
//     convexDecomposition cuts it into (the readout gives their count and extra volume), and a bowl (a
//     closed mesh) with a ball dropped into it;
//   - four balls dropped from BOUNCES.height with restitution 0, 0.5, 0.9 and 1: each bounce rises to
//     e² of the one before (the readout holds their last apexes; the e = 1 ball comes back to its start);
//   - a balloon: a static sphere half sunk in the floor whose radius swells and shrinks (Shape.setRadius),
//     lifting and lowering the crate on it;
//   - the wall's bricks report the contacts that press them hardest (contactForceEventThreshold,
//     World.onContactForce): the readout holds the hardest of the last second, in kN.
// Built from portable arithmetic (lib's portableSin), so the scene steps the same in node and browser.

import { convexDecomposition, portableSin as sin, type Body, type CharacterController, type Shape } from '../../lib/index.js';
import { bowlMesh, chairMesh, weldedWall, type SceneDescription, type Vec3Tuple } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { addRagdoll, box, lyingToward } from './bodies.js';
import { contactReadout } from './contacts.js';
import { BOWL, levelMesh } from './level.js';

/** The riding platform: half extents, where it rides (x, z), its lowest and highest top, and its rate. */
export const LIFT = { half: [1, 0.1, 1] as Vec3Tuple, x: -6.6, z: -1, low: 0.1, high: 1.6, rate: 0.6 };
/** The one-way slab: centre and half extents. */
export const ONE_WAY = { centre: [2, 1.5, 2.5] as Vec3Tuple, half: [1.5, 0.05, 1.5] as Vec3Tuple };
/** The belt: centre, half extents and its surface speed along +x, m/s. */
export const BELT = { centre: [0, 0.05, 6.2] as Vec3Tuple, half: [3.5, 0.05, 0.7] as Vec3Tuple, speed: 1.5 };
/** The wall's place on the floor (its bricks run along x about it). */
const WALL_AT: Vec3Tuple = [8.5, 0, 2];
/** The ball a click fires: radius (m), mass (kg), speed (m/s). */
export const SHOT = { radius: 0.08, mass: 3, speed: 60 };

/** The character: capsule radius and half height (m), where it starts, walking speed (m/s), jump speed
 * (m/s), its mass in pushing (kg) and the most it pushes with (N). */
export const CHARACTER = { radius: 0.3, halfHeight: 0.5, start: [-3, 0.81, 0] as Vec3Tuple, speed: 4, jump: 5.5, mass: 70, maxStrength: 400 };
/** The turntable: centre on the floor, radius and half height, spin about up (rad/s). */
export const TURNTABLE = { centre: [-8.5, 0.05, 3.5] as Vec3Tuple, radius: 1.4, halfHeight: 0.05, spin: 0.8 };
/** The balls dropped to bounce: where (x, z of the first; the rest along +z), how high (m), radius, restitution. */
export const BOUNCES = { x: 10.8, z: 4.4, spacing: 0.9, height: 5, radius: 0.2, restitution: [0, 0.5, 0.9, 1] };
/** The barrel set at the top of the ramp, lying across it (radius, half length, m). */
export const BARREL = { at: [-5, 1.8, -4] as Vec3Tuple, radius: 0.3, halfHeight: 0.45 };
/** The coin: where it starts on its edge, leaning, its radius and half thickness (m) and speed (m/s). */
export const COIN = { at: [5.5, 0.5, 7] as Vec3Tuple, radius: 0.5, halfHeight: 0.05, lean: 0.3, speed: 1.5 };
/** The concave bodies: the chair's cube (m) and where the mesh chair and the hull chair stand (x, z); the
 * bowl (outer radius, height, wall, m) and where, and the ball dropped into it (radius, m). */
export const CONCAVE = {
  cube: 0.15, meshChair: [-10.8, 6.2] as [number, number], hullChair: [-9.6, 6.2] as [number, number],
  bowl: { radius: 0.5, height: 0.3, wall: 0.04, at: [-7.4, 6.6] as [number, number] }, ball: 0.08,
};
/** Traffic cones: where (x, z), base radius and half height (m). */
const TRAFFIC_CONES = { at: [[-1.6, 0.9], [-0.8, 0.9], [0, 0.9]] as [number, number][], radius: 0.2, halfHeight: 0.35 };
/** The crates to push: a light one the character slides, a heavy one it cannot (half extents, kg). */
export const PUSH_CRATES = { half: [0.35, 0.35, 0.35] as Vec3Tuple, light: { at: [-5, 0, 2.5] as Vec3Tuple, mass: 20 }, heavy: { at: [-5, 0, 5] as Vec3Tuple, mass: 1000 } };
/** The balloon: centre (its middle at floor level), radius range (m) and the period of a swell (s). */
export const BALLOON = { centre: [10.5, 0, -4] as Vec3Tuple, low: 0.4, high: 1.1, period: 6 };
/** The wall's bricks report contacts pressing them harder than this, N. */
const BRICK_FORCE_THRESHOLD = 3000;

/** The slab tops, m. */
const ONE_WAY_TOP = ONE_WAY.centre[1] + ONE_WAY.half[1];

/** What the scene keeps besides its world: the bodies its hooks and drive read. */
interface Playground {
  lift: Body;
  turntable: Body;
  balloon: Body;
  /** The character's heading about up, rad: turned by what it rides (the move's yaw). */
  heading: number;
  /** The hardest contact on a brick in the last second: its force (N) and when (world time, s). */
  hardestHit: { force: number; at: number };
  /** The hull chair: how many hulls, and their volume over the mesh's, less 1. */
  chairHulls: { count: number; volumeError: number };
  /** The bouncing balls, their last vertical speeds and the heights of their last apexes, m. */
  bouncers: Body[];
  bounceSpeeds: number[];
  apexes: number[];
  oneWay: Body;
  belt: Body;
  character: Body;
  controller: CharacterController;
  /** The character's own vertical speed (m/s): jumps and falls, which the controller does not keep. */
  verticalSpeed: number;
  grounded: boolean;
}
const playgrounds = new WeakMap<LiveScene, Playground>();

function playgroundOf(scene: LiveScene): Playground {
  const playground = playgrounds.get(scene);
  if (playground === undefined) throw new Error('playground: the scene was not built by addToWorld');
  return playground;
}

/** The character's heading about up, rad (turned by what it rides). */
export function playgroundHeading(scene: LiveScene): number {
  return playgroundOf(scene).heading;
}

/** The lift's top at time t, s: from LIFT.low to LIFT.high and back (a sine, so it starts and stops
 * gently: 0.45 m/s at most). */
export function liftTop(t: number): number {
  return LIFT.low + ((LIFT.high - LIFT.low) / 2) * (1 - sin(LIFT.rate * t + Math.PI / 2));
}

/** The balloon's radius at time t, s: from BALLOON.low to BALLOON.high and back over BALLOON.period. */
export function balloonRadius(t: number): number {
  return BALLOON.low + ((BALLOON.high - BALLOON.low) / 2) * (1 - sin((2 * Math.PI * t) / BALLOON.period + Math.PI / 2));
}

export function describePlayground(): SceneDescription {
  const wall = weldedWall({ rows: 6, columns: 6 });
  const scene: SceneDescription = { name: 'playground', gravity: [0, -9.81, 0], dt: 1 / 60, bodies: [], joints: [] };
  for (const brick of wall.bodies) {
    const p = brick.position;
    scene.bodies.push({ ...brick, position: [p[0] + WALL_AT[0], p[1] + WALL_AT[1], p[2] + WALL_AT[2]] });
  }
  for (const weld of wall.joints) {
    const a = weld.anchor as Vec3Tuple;
    scene.joints.push({ ...weld, anchor: [a[0] + WALL_AT[0], a[1] + WALL_AT[1], a[2] + WALL_AT[2]] });
  }
  // two ragdolls lying on the floor, one under the one-way slab
  addRagdoll(scene, [-2.5, 0.25, 4.5], lyingToward([1, 0]));
  addRagdoll(scene, [ONE_WAY.centre[0] - 0.8, 0.25, ONE_WAY.centre[2]], lyingToward([1, 0.2]));
  // crates set on the belt's near end: it carries them along x and off its far end
  const beltTop = BELT.centre[1] + BELT.half[1];
  for (let i = 0; i < 3; i++) {
    scene.bodies.push(box([BELT.centre[0] - BELT.half[0] + 0.4 + 0.9 * i, beltTop + 0.25, BELT.centre[2]], [0.25, 0.25, 0.25], { name: 'belt crate' }));
  }
  // the crates the character pushes, and the one riding the balloon
  const half = PUSH_CRATES.half, volume = 8 * half[0] * half[1] * half[2];
  for (const [name, crate] of [['light crate', PUSH_CRATES.light], ['heavy crate', PUSH_CRATES.heavy]] as const) {
    scene.bodies.push(box([crate.at[0], half[1], crate.at[2]], half, { name, density: crate.mass / volume }));
  }
  scene.bodies.push(box([BALLOON.centre[0], BALLOON.low + 0.3, BALLOON.centre[2]], [0.3, 0.3, 0.3], { name: 'balloon crate' }));
  return scene;
}

/** The level mesh, the lift, the one-way slab and the belt, and the contact hook that makes the slab
 * one-way and the belt move. */
function addPlayground(scene: LiveScene): void {
  const { world } = scene;
  const { vertices, indices } = levelMesh();
  const level = world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
  scene.extraBodies.push({ body: level, role: 'level' });
  const lift = world.createBody({
    type: 'kinematic', position: [LIFT.x, liftTop(0) - LIFT.half[1], LIFT.z], shapes: [{ type: 'box', halfExtents: LIFT.half }],
  });
  const oneWay = world.createBody({ type: 'static', position: ONE_WAY.centre, shapes: [{ type: 'box', halfExtents: ONE_WAY.half }] });
  const belt = world.createBody({ type: 'static', position: BELT.centre, shapes: [{ type: 'box', halfExtents: BELT.half }] });
  const turntable = world.createBody({
    type: 'kinematic', position: TURNTABLE.centre, angularVelocity: [0, TURNTABLE.spin, 0],
    shapes: [{ type: 'cylinder', radius: TURNTABLE.radius, halfHeight: TURNTABLE.halfHeight }],
  });
  addCylindersAndCones(scene);
  const chairHulls = addConcaveBodies(scene);
  const bouncers = BOUNCES.restitution.map((restitution, i) => {
    const ball = world.createBody({
      position: [BOUNCES.x, BOUNCES.height, BOUNCES.z + i * BOUNCES.spacing], canSleep: false,
      shapes: [{ type: 'sphere', radius: BOUNCES.radius, restitution }],
    });
    scene.extraBodies.push({ body: ball, shape: { kind: 'sphere', radius: BOUNCES.radius }, role: 'ball' });
    return ball;
  });
  for (const body of [lift, oneWay, belt, turntable]) scene.extraBodies.push({ body, role: 'platform' });
  const balloon = world.createBody({ type: 'static', position: BALLOON.centre, shapes: [{ type: 'sphere', radius: balloonRadius(0) }] });
  scene.extraBodies.push({ body: balloon, shape: { kind: 'sphere', radius: 1 }, role: 'weight' });
  // the bricks report what presses them hardest
  const hardestHit = { force: 0, at: -Infinity };
  scene.bodies.forEach((body, i) => {
    if (scene.description.bodies[i].role === 'brick') body.contactForceEventThreshold = BRICK_FORCE_THRESHOLD;
  });
  world.onContactForce = (event) => {
    if (event.totalForceMagnitude > hardestHit.force || world.time - hardestHit.at > 1) {
      hardestHit.force = event.totalForceMagnitude;
      hardestHit.at = world.time;
    }
  };
  const { radius, halfHeight } = CHARACTER;
  const character = world.createBody({ type: 'kinematic', position: CHARACTER.start, shapes: [{ type: 'capsule', radius, halfHeight }] });
  scene.extraBodies.push({ body: character, role: 'character' });
  const controller = world.createCharacterController({
    shape: { radius, halfHeight }, stepHeight: 0.25, snapToGround: 0.3, mass: CHARACTER.mass, maxStrength: CHARACTER.maxStrength,
  });
  playgrounds.set(scene, {
    lift, oneWay, belt, turntable, balloon, heading: 0, hardestHit, character, controller, verticalSpeed: 0, grounded: true, chairHulls,
    bouncers, bounceSpeeds: bouncers.map(() => 0), apexes: bouncers.map(() => BOUNCES.height - BOUNCES.radius),
  });
  world.onPreSolve = (pair) => {
    if (pair.bodyA === oneWay || pair.bodyB === oneWay) {
      // only from above: the other body's centre over the slab's top and not rising
      const other = pair.bodyA === oneWay ? pair.bodyB : pair.bodyA;
      return other.position[1] > ONE_WAY_TOP && other.linearVelocity[1] <= 0.01;
    }
    // the belt's surface moves along +x: B's surface over A's when the belt is A, the other way when B
    if (pair.bodyA === belt) pair.tangentVelocity[0] = BELT.speed;
    else if (pair.bodyB === belt) pair.tangentVelocity[0] = -BELT.speed;
    return true;
  };
}

/** The barrel on the ramp, the coin and the traffic cones (drawn from their shapes). */
function addCylindersAndCones(scene: LiveScene): void {
  const { world } = scene;
  const across: [number, number, number, number] = [Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // local y along +z
  const barrel = world.createBody({
    position: BARREL.at, orientation: across, shapes: [{ type: 'cylinder', radius: BARREL.radius, halfHeight: BARREL.halfHeight, density: 300 }],
  });
  scene.extraBodies.push({ body: barrel, role: 'capsule' });
  // the coin on its edge, its axis along +z tilted up by COIN.lean (it leans, and rolls round a circle),
  // rolling along +x: ω about z = −v/r
  const c = Math.cos((Math.PI / 2 - COIN.lean) / 2), s = Math.sin((Math.PI / 2 - COIN.lean) / 2);
  const coin = world.createBody({
    position: COIN.at, orientation: [s, 0, 0, c], linearVelocity: [COIN.speed, 0, 0], angularVelocity: [0, 0, -COIN.speed / COIN.radius],
    shapes: [{ type: 'cylinder', radius: COIN.radius, halfHeight: COIN.halfHeight, density: 8000 }],
  });
  scene.extraBodies.push({ body: coin, role: 'ball' });
  for (const [x, z] of TRAFFIC_CONES.at) {
    const cone = world.createBody({ position: [x, TRAFFIC_CONES.halfHeight, z], shapes: [{ type: 'cone', radius: TRAFFIC_CONES.radius, halfHeight: TRAFFIC_CONES.halfHeight }] });
    scene.extraBodies.push({ body: cone, role: 'weight' });
  }
}

/** The chair as a mesh and as hulls, the bowl and its ball; returns the decomposition's hull count and
 * volume error. */
function addConcaveBodies(scene: LiveScene): { count: number; volumeError: number } {
  const { world } = scene;
  const chair = chairMesh(CONCAVE.cube);
  const meshChair = world.createBody({ position: [CONCAVE.meshChair[0], 0.01, CONCAVE.meshChair[1]], shapes: [{ type: 'trimesh', ...chair }] });
  const { hulls, volumeError } = convexDecomposition(chair.vertices, chair.indices);
  const hullChair = world.createBody({ position: [CONCAVE.hullChair[0], 0.01, CONCAVE.hullChair[1]], shapes: hulls.map((points) => ({ type: 'hull', points })) });
  const { radius, height, wall, at } = CONCAVE.bowl;
  const bowl = world.createBody({ position: [at[0], 0.01, at[1]], shapes: [{ type: 'trimesh', ...bowlMesh(radius, height, wall) }] });
  const ball = world.createBody({ position: [at[0] + 0.1, 0.8, at[1]], shapes: [{ type: 'sphere', radius: CONCAVE.ball, density: 2000 }] });
  for (const body of [meshChair, hullChair, bowl]) scene.extraBodies.push({ body, role: 'crate' });
  scene.extraBodies.push({ body: ball, shape: { kind: 'sphere', radius: CONCAVE.ball }, role: 'ball' });
  return { count: hulls.length, volumeError };
}

/** The keys that walk the character: along −z, +z, −x and +x (the camera looks along −z). */
const WALK_KEYS: readonly [string, string, number, number][] = [
  ['w', 'arrowup', 0, -1], ['s', 'arrowdown', 0, 1], ['a', 'arrowleft', -1, 0], ['d', 'arrowright', 1, 0],
];

/** Before each step: the lift to its next pose (where liftTop puts it at the end of the coming step),
 * then the character's move from the keys held (the lift's target first: the controller carries a rider
 * to where its ground will be). */
function drive(scene: LiveScene): void {
  const playground = playgroundOf(scene), dt = scene.description.dt;
  const t = scene.world.time + dt;
  playground.lift.moveKinematic([LIFT.x, liftTop(t) - LIFT.half[1], LIFT.z]);
  (playground.balloon.shapes[0] as Shape).setRadius(balloonRadius(t));
  let x = 0, z = 0;
  for (const [key, arrow, dx, dz] of WALK_KEYS) {
    if (!scene.keys.has(key) && !scene.keys.has(arrow)) continue;
    x += dx;
    z += dz;
  }
  const length = Math.sqrt(x * x + z * z), speed = length > 0 ? CHARACTER.speed / length : 0;
  if (playground.grounded && scene.keys.has(' ')) playground.verticalSpeed = CHARACTER.jump;
  playground.verticalSpeed -= 9.81 * dt;
  const result = playground.controller.move(playground.character, [x * speed * dt, playground.verticalSpeed * dt, z * speed * dt]);
  playground.grounded = result.grounded;
  // what it stands on turns it (the turntable): a game turns its model by the same yaw
  playground.heading += result.yaw;
  // each bouncing ball's apex, the height of its bottom: where its vertical speed turned from up to down,
  // or where it lies still
  playground.bouncers.forEach((ball, i) => {
    const vy = ball.linearVelocity[1], bottom = ball.position[1] - BOUNCES.radius;
    if ((playground.bounceSpeeds[i] > 0 && vy <= 0) || (Math.abs(vy) < 0.01 && bottom < 0.01)) playground.apexes[i] = Math.max(0, bottom);
    playground.bounceSpeeds[i] = vy;
  });
  // on the ground, or under a ceiling, the vertical speed is what the move allowed
  if (result.grounded && playground.verticalSpeed < 0) playground.verticalSpeed = 0;
  else if (playground.verticalSpeed > 0 && result.displacement[1] < 0.5 * playground.verticalSpeed * dt) playground.verticalSpeed = 0;
}

/** A small dense ball from the camera along the pointer's ray, fast (SHOT.speed), with continuous
 * collision: swept each step, it cannot pass through the wall's bricks or a ragdoll's limbs. */
export function fireShot(scene: LiveScene, origin: readonly number[], direction: readonly number[]): Body {
  const { radius, mass, speed } = SHOT;
  const body = scene.world.createBody({
    position: origin.map((o, k) => o + 0.5 * direction[k]), linearVelocity: direction.map((d) => speed * d), ccd: true,
    shapes: [{ type: 'sphere', radius, density: mass / ((4 / 3) * Math.PI * radius ** 3) }],
  });
  scene.extraBodies.push({ body, shape: { kind: 'sphere', radius }, role: 'weight' });
  return body;
}

function characterReadout(playground: Playground): string {
  const degrees = ((((playground.heading * 180) / Math.PI) % 360) + 360) % 360;
  return `${playground.grounded ? 'grounded' : 'in the air'}, facing ${degrees.toFixed(0)}°`;
}

function hardestHitReadout(scene: LiveScene): string {
  const hit = playgroundOf(scene).hardestHit;
  return scene.world.time - hit.at > 1 ? `under ${BRICK_FORCE_THRESHOLD / 1000} kN` : `${(hit.force / 1000).toFixed(1)} kN`;
}

export const playgroundScene: ViewerScene = {
  name: 'playground',
  title: 'Playground: what a game drives',
  description:
    'A lift, one-way slab, conveyor, turntable, balloon, cylinders, cones, chairs and bounces. WASD or ' +
    'arrows walk, space jumps; a click fires a 3 kg ball.',
  camera: { position: [3, 13, 19], target: [-0.5, 0.5, 0] },
  groundY: -BOWL.depth,
  ground: false,
  markerRadius: 0.02,
  forceScale: 0.0005,
  click: (scene, origin, direction) => void fireShot(scene, origin, direction),
  readouts: [
    { label: 'character', value: (scene) => characterReadout(playgroundOf(scene)) },
    { label: 'wall hit', value: hardestHitReadout },
    { label: 'welds', value: (scene) => `${scene.joints.filter((joint) => joint.broken).length} of ${scene.joints.length} broken` },
    {
      label: 'hull chair',
      value: (scene) => {
        const { count, volumeError } = playgroundOf(scene).chairHulls;
        return `${count} hulls, +${(100 * volumeError).toFixed(1)} % volume`;
      },
    },
    { label: 'bounces', value: (scene) => `${playgroundOf(scene).apexes.map((y) => y.toFixed(2)).join(', ')} m` },
    { label: 'contacts', value: contactReadout },
  ],
  describe: () => describePlayground(),
  addToWorld: addPlayground,
  beforeStep: drive,
};
