// Scenes where contacts matter: ragdolls falling into a pile, a box pyramid, a welded wall to
// knock down, and a chain draped over obstacles. Every body collides; each scene has a ground plane.

import { describeRagdoll } from '../world/ragdoll.js';
import { boxInertia, capsuleInertia, sphereInertia } from '../geometry/inertia.js';
import { mulberry32 } from '../math/random.js';
import { cos, sin } from '../math/portable.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from './description.js';

const DENSITY = 1000;

/** A dynamic colliding box of density 1000 kg/m³. */
function box(position: Vec3Tuple, half: Vec3Tuple, role: string): BodyDescription {
  const mass = DENSITY * 8 * half[0] * half[1] * half[2];
  return { type: 'dynamic', position, mass, inertia: boxInertia(mass, half), shape: { kind: 'box', halfExtents: half }, role, collide: true };
}

/** A static colliding box (an obstacle). */
function block(position: Vec3Tuple, half: Vec3Tuple): BodyDescription {
  return { type: 'static', position, mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: half }, role: 'obstacle', collide: true };
}

export interface RagdollPileOptions {
  /** How many ragdolls. Default 10. */
  count?: number;
}

/** Ragdolls dropped from staggered heights in turned poses, onto the ground and each other. */
export function ragdollPile(options: RagdollPileOptions = {}): SceneDescription {
  const count = options.count ?? 10;
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < count; i++) {
    // lying turned about the vertical by a different angle each, 0.9 m above the last
    const yaw = (i * 2.4) % (2 * Math.PI);
    const lying: [number, number, number, number] = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // on its back
    const turn: [number, number, number, number] = [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)];
    const q = multiply(turn, lying);
    const offset = bodies.length;
    const ragdoll = describeRagdoll({ position: [0.3 * Math.cos(i), 0.5 + 0.9 * i, 0.3 * Math.sin(i)], orientation: q, group: -(i + 1) });
    for (const body of ragdoll.bodies) bodies.push(body);
    for (const joint of ragdoll.joints) joints.push({ ...joint, bodyA: joint.bodyA + offset, bodyB: joint.bodyB === null ? null : joint.bodyB + offset });
  }
  return { name: 'ragdoll pile', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints, ground: { height: 0 } };
}

export interface BoxPyramidOptions {
  /** Rows (the base has this many boxes). Default 10. */
  rows?: number;
  /** Half the box side, m. Default 0.25. */
  half?: number;
}

/** A pyramid of boxes in a plane, each row on the gaps of the one below. */
export function boxPyramid(options: BoxPyramidOptions = {}): SceneDescription {
  const rows = options.rows ?? 10, h = options.half ?? 0.25;
  const bodies: BodyDescription[] = [];
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      bodies.push(box([(i - (rows - 1 - row) / 2) * 2.04 * h, h + 2 * h * row, 0], [h, h, h], 'box'));
    }
  }
  return { name: 'box pyramid', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}

/** `count` boxes of 1 m (1000 kg each) stacked on the ground, touching. */
export function boxStack(count: number): SceneDescription {
  const bodies: BodyDescription[] = [];
  for (let i = 0; i < count; i++) bodies.push(box([0, 0.5 + i, 0], [0.5, 0.5, 0.5], 'box'));
  return { name: `stack of ${count} boxes`, gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}

export interface FallingPileOptions {
  /** How many bodies. Default 1000. */
  count?: number;
  /** 'boxes', 'spheres', or 'mixed' (boxes, spheres and capsules in turn). Default 'mixed'. */
  shapes?: 'boxes' | 'spheres' | 'mixed';
  /** Cells along each side of a layer, 1 m apart: layers of side² bodies in a pen side m across. Default
   * 10. A pen that grows with the count keeps the pile's depth and the drop's height:
   * `Math.round(Math.sqrt(count / 10))` drops any count in about ten layers. */
  side?: number;
}

/** Bodies of 0.4-0.7 m (density 1000) dropped in layers of 100 (`side`²) into a 10 x 10 m (`side` x
 * `side`) pen of four static walls, turned at random (seeded), so that they land on the ground and on
 * each other and settle into a pile. In the 10 x 10 m pen 1000 bodies drop from up to 10 m and settle
 * into a pile about 2.3 m high (mixed shapes) or 4-5 m (boxes); the drop and the pile's height grow
 * with the count unless `side` does. */
export function fallingPile(options: FallingPileOptions = {}): SceneDescription {
  const count = options.count ?? 1000, shapes = options.shapes ?? 'mixed', side = options.side ?? 10;
  const perLayer = side * side, middle = (side - 1) / 2;
  const random = mulberry32(29);
  const bodies: BodyDescription[] = [];
  for (let i = 0; i < count; i++) {
    const layer = Math.floor(i / perLayer), cell = i % perLayer;
    // cells 1 m apart, each layer shifted by a quarter cell so that the layers do not fall in columns
    const shift = (layer % 4) * 0.25 - 0.375;
    const position: Vec3Tuple = [(cell % side) - middle + shift, 1 + 1.0 * layer, Math.floor(cell / side) - middle - shift];
    const axis = [2 * random() - 1, 2 * random() - 1, 2 * random() - 1];
    const length = Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]) || 1, angle = Math.PI * random();
    // (the portable sin and cos, and no Math.hypot or **: the built-in ones may differ in the last bit
    // between engines, and the viewer's pile in a browser must be node's to the bit)
    const s = sin(angle / 2) / length;
    const orientation: [number, number, number, number] = [axis[0] * s, axis[1] * s, axis[2] * s, cos(angle / 2)];
    const size = 0.2 + 0.15 * random();
    const kind = shapes === 'boxes' ? 0 : shapes === 'spheres' ? 1 : i % 3;
    if (kind === 0) {
      const half: Vec3Tuple = [size, 0.2 + 0.15 * random(), 0.2 + 0.15 * random()];
      bodies.push({ ...box(position, half, 'box'), orientation });
    } else if (kind === 1) {
      const mass = DENSITY * (4 / 3) * Math.PI * size * size * size;
      bodies.push({ type: 'dynamic', position, orientation, mass, inertia: sphereInertia(mass, size), shape: { kind: 'sphere', radius: size }, role: 'ball', collide: true });
    } else {
      const radius = 0.6 * size, halfHeight = size;
      const mass = DENSITY * Math.PI * radius * radius * ((4 / 3) * radius + 2 * halfHeight);
      bodies.push({ type: 'dynamic', position, orientation, mass, inertia: capsuleInertia(mass, radius, halfHeight), shape: { kind: 'capsule', radius, halfHeight }, role: 'capsule', collide: true });
    }
  }
  // walls 1 m thick with their inner faces side / 2 + 0.1 m from the middle, 2 m above the top layer
  const top = 2 + count / perLayer, wall = side / 2 + 0.6;
  bodies.push(block([-wall, top / 2, 0], [0.5, top / 2, wall + 0.5]), block([wall, top / 2, 0], [0.5, top / 2, wall + 0.5]));
  bodies.push(block([0, top / 2, -wall], [wall - 0.5, top / 2, 0.5]), block([0, top / 2, wall], [wall - 0.5, top / 2, 0.5]));
  return { name: `falling pile of ${count} ${shapes === 'mixed' ? 'shapes' : shapes}`, gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}

export interface WeldedWallOptions {
  rows?: number;
  columns?: number;
  /** Each weld breaks past this force, N. Default 3000. */
  breakForce?: number;
  /** 'running': each row shifted half a brick, each brick welded to the two below it (the default);
   * 'stack': bricks in columns, each welded to the one below. */
  bond?: 'running' | 'stack';
  /** Each brick's mass, kg. Default 31.25 (density 1000). */
  brickMass?: number;
  /** True (the default): the bricks collide, with each other and with a ground plane at y = 0 that the
   * bottom row rests on; false: no shapes, the welds alone hold the wall (the bottom row's to the world). */
  collide?: boolean;
}

/**
 * A wall of bricks (0.5 x 0.25 x 0.25 m) in running bond along x (or stacked in columns: `bond`), each
 * welded to the bricks it rests on and to its neighbour in the row; the bottom row is welded to the
 * ground. Knock it down with a ball. Stacked, 8 x 8 bricks of 30 kg, without collision, is the wall whose
 * ground welds each carry one column, 8 · 30 kg · g = 2354 N (tests/structures-at-rest).
 */
export function weldedWall(options: WeldedWallOptions = {}): SceneDescription {
  const rows = options.rows ?? 8, columns = options.columns ?? 8, breakForce = options.breakForce ?? 3000;
  const stack = options.bond === 'stack', collide = options.collide ?? true;
  const half: Vec3Tuple = [0.25, 0.125, 0.125];
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const at: number[][] = [];
  for (let row = 0; row < rows; row++) {
    at.push([]);
    const shift = row % 2 === 0 || stack ? 0 : 0.25;
    for (let c = 0; c < columns; c++) {
      const x = (c - (columns - 1) / 2) * 0.5 + shift;
      at[row].push(bodies.length);
      const brick = box([x, 0.125 + 0.25 * row, 0], half, 'brick');
      if (options.brickMass !== undefined) {
        brick.mass = options.brickMass;
        brick.inertia = boxInertia(options.brickMass, half);
      }
      brick.collide = collide;
      bodies.push(brick);
    }
  }
  for (let row = 0; row < rows; row++) {
    for (let c = 0; c < columns; c++) {
      const me = at[row][c], p = bodies[me].position;
      if (c > 0) joints.push({ type: 'weld', bodyA: me, bodyB: at[row][c - 1], anchor: [p[0] - 0.25, p[1], 0], breakForce });
      if (row === 0) {
        joints.push({ type: 'weld', bodyA: me, bodyB: null, anchor: [p[0], 0, 0], breakForce });
        continue;
      }
      // the bricks below it: the one under its centre line on each side
      for (const below of at[row - 1]) {
        const q = bodies[below].position;
        if (Math.abs(q[0] - p[0]) < 0.3) joints.push({ type: 'weld', bodyA: me, bodyB: below, anchor: [(p[0] + q[0]) / 2, p[1] - 0.125, 0], breakForce });
      }
    }
  }
  return { name: 'welded wall', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints, ...(collide ? { ground: { height: 0 } } : {}) };
}

export interface DrapedChainOptions {
  /** Links. Default 40. */
  links?: number;
}

/** A chain of capsule links on ball joints, released horizontally above a row of static obstacles. */
export function drapedChain(options: DrapedChainOptions = {}): SceneDescription {
  const links = options.links ?? 40;
  const r = 0.05, halfHeight = 0.1, length = 2 * (halfHeight + r);
  const mass = 0.5;
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const x0 = -(links * length) / 2;
  for (let i = 0; i < links; i++) {
    bodies.push({
      type: 'dynamic', position: [x0 + (i + 0.5) * length, 2.5, 0], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], mass,
      inertia: capsuleInertia(mass, r, halfHeight), shape: { kind: 'capsule', radius: r, halfHeight }, role: 'link', collide: true,
    });
    // the links rub where they meet (0.02 N·m): without it a link knocked spinning about its own axis
    // spins on for ever (nothing else acts on that turn) and the chain never sleeps
    if (i > 0) joints.push({ type: 'ball', bodyA: i, bodyB: i - 1, anchor: [x0 + i * length, 2.5, 0], friction: 0.02 });
  }
  bodies.push(block([-1.5, 0.6, 0], [0.3, 0.6, 0.6]));
  bodies.push(block([0.4, 1.0, 0], [0.2, 1.0, 0.6]));
  bodies.push({ type: 'static', position: [2.0, 0.5, 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'sphere', radius: 0.5 }, role: 'obstacle', collide: true });
  return { name: 'draped chain', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints, ground: { height: 0 } };
}

/** Quaternion product a ⊗ b, (x, y, z, w). */
function multiply(a: number[], b: number[]): [number, number, number, number] {
  return [
    a[3] * b[0] + b[3] * a[0] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] + b[3] * a[1] + a[2] * b[0] - a[0] * b[2],
    a[3] * b[2] + b[3] * a[2] + a[0] * b[1] - a[1] * b[0],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}
