// Bridges: a suspension bridge of planks on ball joints, and a welded deck that breaks under load.

import { boxInertia, sphereInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, QuatTuple, SceneDescription, Vec3Tuple } from './description.js';

const GRAVITY: Vec3Tuple = [0, -9.81, 0];

/** Rotation about z by `angle`. */
function aboutZ(angle: number): QuatTuple {
  return [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
}

/**
 * Points at equal arc length along a catenary from (0, 0) to (span, 0) of total length `length`
 * (> span): y = a cosh((x − span/2)/a) − a cosh(span/(2a)), with a found by bisection from
 * length = 2a sinh(span/(2a)).
 */
export function catenaryPoints(span: number, length: number, segments: number): [number, number][] {
  if (!(length > span)) throw new RangeError(`catenaryPoints: length must exceed span, got ${length} ≤ ${span}`);
  let lo = span * 1e-3, hi = span * 1e6; // 2a sinh(span/2a) decreases in a toward span
  for (let i = 0; i < 200; i++) {
    const a = Math.sqrt(lo * hi);
    if (2 * a * Math.sinh(span / (2 * a)) > length) lo = a;
    else hi = a;
  }
  const a = Math.sqrt(lo * hi);
  const points: [number, number][] = [];
  for (let i = 0; i <= segments; i++) {
    const s = -length / 2 + (i * length) / segments; // arc length from the lowest point
    const x = span / 2 + a * Math.asinh(s / a);
    points.push([x, a * Math.cosh((x - span / 2) / a) - a * Math.cosh(span / (2 * a))]);
  }
  return points;
}

export interface SuspensionBridgeOptions {
  /** Number of planks. Default 16. */
  planks?: number;
  /** Plank mass, kg. Default 5. */
  plankMass?: number;
  /** Extra rope length over the span, as a fraction. Default 0.04 (the bridge hangs a little). */
  slack?: number;
  /** Deck width (z), m. Default 2. */
  width?: number;
  /** One ball joint per edge at z = 0 instead of a pair at the deck's sides: a planar scene, for the
   * 2D/3D comparison (the planks may then roll about the bridge's axis in 3D). Default false. */
  planar?: boolean;
}

/**
 * A suspension bridge: planks 1 m long end to end, hinged to each other by a pair of ball joints at
 * their shared edge (z = ±0.9 width/2, so each pair acts as a hinge), and held at both ends by two
 * static posts. It starts on the catenary its slack gives, at rest, anchored 8 m above the ground.
 * Bodies: planks 0 … n−1, then the two posts.
 */
export function suspensionBridge(options: SuspensionBridgeOptions = {}): SceneDescription {
  const planks = options.planks ?? 16, mass = options.plankMass ?? 5, slack = options.slack ?? 0.04, width = options.width ?? 2;
  const plankLength = 1;
  const span = (planks * plankLength) / (1 + slack);
  const height = 8;
  const points = catenaryPoints(span, planks * plankLength, planks).map(([x, y]) => [x - span / 2, y + height] as [number, number]);
  const halfExtents: Vec3Tuple = [plankLength / 2 - 0.02, 0.05, width / 2];
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const edges = options.planar ? [0] : [-0.45 * width, 0.45 * width];
  for (let i = 0; i < planks; i++) {
    const [x0, y0] = points[i], [x1, y1] = points[i + 1];
    bodies.push({
      type: 'dynamic',
      position: [(x0 + x1) / 2, (y0 + y1) / 2, 0],
      orientation: aboutZ(Math.atan2(y1 - y0, x1 - x0)),
      mass,
      inertia: boxInertia(mass, halfExtents),
      shape: { kind: 'box', halfExtents },
      role: 'plank',
    });
    for (const z of edges) {
      joints.push(i === 0
        ? { type: 'ball', bodyA: 0, bodyB: null, anchor: [x0, y0, z] }
        : { type: 'ball', bodyA: i - 1, bodyB: i, anchor: [x0, y0, z] });
    }
  }
  // Static posts at both ends carry the anchors, from the ground (y = 0) to just above them.
  const post: Vec3Tuple = [0.15, (height + 0.3) / 2, width / 2 + 0.1];
  const [xs, ys] = points[0], [xe, ye] = points[planks];
  const startPost = bodies.length, endPost = startPost + 1;
  for (const x of [xs - post[0], xe + post[0]]) {
    bodies.push({ type: 'static', position: [x, post[1], 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: post }, role: 'post' });
  }
  for (let k = 0; k < edges.length; k++) joints[k].bodyB = startPost;
  for (const z of edges) joints.push({ type: 'ball', bodyA: planks - 1, bodyB: endPost, anchor: [xe, ye, z] });
  void ys;
  return { name: `suspension bridge, ${planks} planks`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}

export interface WeldedBridgeOptions {
  /** Deck segments. Default 10. */
  segments?: number;
  /** Segment mass, kg. Default 20. */
  segmentMass?: number;
  /** Joints break past this force, N, and past strength × 1 m of torque, N·m. Default 2000. */
  strength?: number;
  /** Mass of the load hung under mid-span, kg. Default 20. */
  loadMass?: number;
}

/**
 * A breakable welded bridge: deck segments 1 m long welded end to end and to two static abutments
 * (6 m above the ground), and a load (a sphere) hung by a ball joint under the middle weld. Every weld
 * breaks past `strength` N or `strength` N·m; the load's ball joint never breaks.
 * Bodies: segments 0 … n−1, the load, then the two abutments.
 */
export function weldedBridge(options: WeldedBridgeOptions = {}): SceneDescription {
  const segments = options.segments ?? 10, mass = options.segmentMass ?? 20, strength = options.strength ?? 2000;
  const loadMass = options.loadMass ?? 20;
  const height = 6, halfExtents: Vec3Tuple = [0.5, 0.15, 0.75];
  const x0 = -segments / 2;
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < segments; i++) {
    bodies.push({
      type: 'dynamic', position: [x0 + i + 0.5, height, 0], mass, inertia: boxInertia(mass, halfExtents),
      shape: { kind: 'box', halfExtents }, role: 'deck',
    });
    if (i > 0) joints.push({ type: 'weld', bodyA: i - 1, bodyB: i, anchor: [x0 + i, height, 0], breakForce: strength, breakTorque: strength });
  }
  const middle = Math.floor(segments / 2);
  bodies.push({
    type: 'dynamic', position: [x0 + middle, height - 1.6, 0], mass: loadMass, inertia: sphereInertia(loadMass, 0.4),
    shape: { kind: 'sphere', radius: 0.4 }, role: 'load',
  });
  joints.push({ type: 'ball', bodyA: middle, bodyB: segments, anchor: [x0 + middle, height - 1.2, 0] });
  // Static abutments at both ends, the deck welded to their faces.
  const abutment: Vec3Tuple = [0.6, (height + 0.15) / 2, 1];
  for (const [x, segment, anchorX] of [[x0 - abutment[0], 0, x0], [-x0 + abutment[0], segments - 1, -x0]]) {
    bodies.push({ type: 'static', position: [x, abutment[1], 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: abutment }, role: 'abutment' });
    joints.push({ type: 'weld', bodyA: segment, bodyB: bodies.length - 1, anchor: [anchorX, height, 0], breakForce: strength, breakTorque: strength });
  }
  return { name: `welded bridge, ${segments} segments`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}

export interface RopeBridgeOptions {
  /** Links per rope. Default 16. */
  links?: number;
  /** 'chain': links on ball joints; 'rope': links on rigid distance joints (rope segments, slack
   * allowed). Default 'chain'. */
  ropes?: 'chain' | 'rope';
  /** How far the ropes sag at the middle at the start, rad of each half's slope. Default 0.15. */
  sag?: number;
}

/**
 * A rope bridge: two ropes of 0.5 m, 0.5 kg links, 2 m apart, each fixed to the world at both ends, with a
 * 2 kg plank welded across them at every other link. Every plank closes a loop, and every rope's second
 * end closes one through the world. Bodies: the first rope's links, the second's, then the planks.
 */
export function ropeBridge(options: RopeBridgeOptions = {}): SceneDescription {
  const links = options.links ?? 16, kind = options.ropes ?? 'chain', sag = options.sag ?? 0.15;
  const segment = 0.5, linkMass = 0.5, plankMass = 2;
  const height = 4, span = links * segment * Math.cos(sag);
  const linkHalf: Vec3Tuple = [segment / 2 - 0.02, 0.04, 0.04], plankHalf: Vec3Tuple = [0.2, 0.03, 1];
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const ropes: number[][] = [];
  for (const z of [-1, 1]) {
    // the points of a V: down to the middle, up to the far end
    const points: Vec3Tuple[] = [];
    for (let i = 0; i <= links; i++) {
      points.push([i * segment * Math.cos(sag) - span / 2, height - Math.min(i, links - i) * segment * Math.sin(sag), z]);
    }
    const rope: number[] = [];
    for (let i = 0; i < links; i++) {
      const p = points[i], q = points[i + 1];
      rope.push(bodies.length);
      bodies.push({
        type: 'dynamic', position: [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, z], orientation: aboutZ(Math.atan2(q[1] - p[1], q[0] - p[0])),
        mass: linkMass, inertia: boxInertia(linkMass, linkHalf), shape: { kind: 'box', halfExtents: linkHalf }, role: 'link',
      });
    }
    // each link's joint to the one before it (the first to the world), then the last to the world
    for (let i = 0; i <= links; i++) {
      const a = i < links ? rope[i] : rope[links - 1], b = i === 0 || i === links ? null : rope[i - 1];
      if (kind === 'chain') {
        joints.push({ type: 'ball', bodyA: a, bodyB: b, anchor: points[i] });
      } else {
        // between link centres (a rope segment of one link length), and half a link to the world anchors
        const centre = (k: number) => bodies[rope[k]].position;
        const from = centre(i < links ? i : links - 1), to = b === null ? points[i] : centre(i - 1);
        joints.push({ type: 'distance', bodyA: a, bodyB: b, anchor: from, anchorB: to, minLength: 0, maxLength: Math.hypot(from[0] - to[0], from[1] - to[1], from[2] - to[2]) });
      }
    }
    ropes.push(rope);
  }
  for (let i = 0; i < links; i += 2) {
    const a = bodies[ropes[0][i]].position, b = bodies[ropes[1][i]].position;
    const plank = bodies.length;
    bodies.push({
      type: 'dynamic', position: [a[0], a[1] - 0.08, 0], mass: plankMass, inertia: boxInertia(plankMass, plankHalf),
      shape: { kind: 'box', halfExtents: plankHalf }, role: 'plank',
    });
    joints.push({ type: 'weld', bodyA: plank, bodyB: ropes[0][i], anchor: [a[0], a[1] - 0.05, -1] });
    joints.push({ type: 'weld', bodyA: plank, bodyB: ropes[1][i], anchor: [b[0], b[1] - 0.05, 1] });
  }
  return { name: `rope bridge, ${links} links`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}
