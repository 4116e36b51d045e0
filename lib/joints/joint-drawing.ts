// Drawing joints: every 3D joint draws its frames (drawFrames) and its limits (drawLimits) as line
// segments into a DebugLines sink, as Jolt's constraints draw themselves into its DebugRenderer
// (DrawConstraint, DrawConstraintLimits, DrawConstraintReferenceFrame). A renderer implements DebugLines
// once (the viewer's writes into one preallocated three.js LineSegments buffer); a joint type draws
// itself, in its own file, with the helpers below.
//
// Nothing here allocates: the helpers take numbers and arrays the caller owns and work in module-level
// scratch, so a renderer may call the joints' drawing every frame.
//
// Conventions, shared by all joints (lib/joints/joint-frames.ts has the frames): a frame's x axis is
// the joint axis (hinge axis, slider axis, twist axis), y the reference normal (where a hinge's angle 0
// points), z = x × y. Angles about x are measured from y toward z. Frame A is drawn `size` long in full
// colours, frame B three quarters as long in darker ones, so both show where they coincide.

import { quatConjugate, quatMultiply } from '../math/quat.js';
import type { JointFrames } from './joint-frames.js';
import { requirePositive, show } from '../util/validate.js';

/**
 * Where joints draw: a sink of line segments in world space. `colour` is 0xRRGGBB (sRGB). A renderer
 * implements `line` by appending the segment to its own buffer; the joints call it once per segment and
 * never keep the sink.
 */
export interface DebugLines {
  line(ax: number, ay: number, az: number, bx: number, by: number, bz: number, colour: number): void;
}

/** The colours joints draw in (0xRRGGBB). */
export interface JointDrawColours {
  /** Frame A's x, y and z axes. */
  readonly axisXA: number;
  readonly axisYA: number;
  readonly axisZA: number;
  /** Frame B's axes, darker. */
  readonly axisXB: number;
  readonly axisYB: number;
  readonly axisZB: number;
  /** What a limit allows: a hinge's sector, a swing cone, a slider's or a distance's range. */
  readonly limit: number;
  /** A ball joint's twist range. */
  readonly twist: number;
  /** Where the joint is now: the needle, or a slider's marker. */
  readonly needle: number;
  /** The needle at a limit: the limit's row is about to act, or acts. */
  readonly atLimit: number;
}

/** The colours joints draw in: red, green and blue axes, blue limits, a purple twist range, a dark needle
 * that turns red at a limit. */
export const JOINT_DRAW_COLOURS: JointDrawColours = Object.freeze({
  axisXA: 0xe03c3c,
  axisYA: 0x2fa84f,
  axisZA: 0x2f6fe0,
  axisXB: 0x8c1e1e,
  axisYB: 0x1b6b30,
  axisZB: 0x1b428c,
  limit: 0x2b9fd9,
  twist: 0x7b4fc9,
  needle: 0x0d2b40,
  atLimit: 0xe8401c,
});

/** Segments around a whole turn of an arc or a cone's rim (an arc of less than a turn has fewer). */
const ARC_SEGMENTS = 48;
/** Lines from a cone's apex to its rim. */
const CONE_SPOKES = 12;
/** A sector's radii, which fill it in: one at every this many points of its arc (and one at each end). */
const SECTOR_SPOKE_EVERY = 2;
/** @internal A needle's length over the drawing's size (a sector's radius, a cone's length). */
export const NEEDLE_LENGTH = 1.2;
/** @internal Within this many radians of an angle limit the needle turns red. */
export const AT_ANGLE_LIMIT = 0.02;
/** Within this many metres of a length limit the marker turns red. */
const AT_LENGTH_LIMIT = 0.005;
/** A tick's half-length over the drawing's size. */
const TICK = 0.15;
/** Frame B's axes' length over frame A's. */
const FRAME_B_LENGTH = 0.75;

/** @internal A's anchor as a joint draws it, world space: scratch each drawing call writes before it reads. */
export const drawnAnchorA = new Float64Array(3);
/** @internal B's anchor, as drawnAnchorA. */
export const drawnAnchorB = new Float64Array(3);

/** @internal Checks drawFrames' and drawLimits' arguments (`where`: the call, for the message). */
export function requireDrawArguments(where: string, lines: DebugLines, size: number): void {
  if (lines === null || typeof lines !== 'object' || typeof (lines as { line?: unknown }).line !== 'function') {
    throw new TypeError(`${where}: lines must be an object with a line(ax, ay, az, bx, by, bz, colour) method, got ${show(lines)}`);
  }
  requirePositive(where, 'size', size);
}

/** @internal A segment from p along direction d (any length) for `length` m. */
export function drawRay(lines: DebugLines, p: ArrayLike<number>, d: ArrayLike<number>, length: number, colour: number): void {
  lines.line(p[0], p[1], p[2], p[0] + d[0] * length, p[1] + d[1] * length, p[2] + d[2] * length, colour);
}

/** Three axes from p, `size` long, in frame A's colours or (frameB) frame B's. */
function drawAxes(
  lines: DebugLines, p: ArrayLike<number>, x: ArrayLike<number>, y: ArrayLike<number>, z: ArrayLike<number>, size: number, frameB: boolean,
): void {
  const c = JOINT_DRAW_COLOURS;
  drawRay(lines, p, x, size, frameB ? c.axisXB : c.axisXA);
  drawRay(lines, p, y, size, frameB ? c.axisYB : c.axisYA);
  drawRay(lines, p, z, size, frameB ? c.axisZB : c.axisZA);
}

const axisX = new Float64Array(3);
const axisY = new Float64Array(3);
const axisZ = new Float64Array(3);
const rotation = new Float64Array(4);

/** The axes of a frame of world orientation `q` (a unit quaternion [x, y, z, w]) at p. */
function drawRotationAxes(lines: DebugLines, p: ArrayLike<number>, q: ArrayLike<number>, size: number, frameB: boolean): void {
  const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
  // the columns of R(q)
  axisX[0] = 1 - 2 * (qy * qy + qz * qz); axisX[1] = 2 * (qx * qy + qw * qz); axisX[2] = 2 * (qx * qz - qw * qy);
  axisY[0] = 2 * (qx * qy - qw * qz); axisY[1] = 1 - 2 * (qx * qx + qz * qz); axisY[2] = 2 * (qy * qz + qw * qx);
  axisZ[0] = 2 * (qx * qz + qw * qy); axisZ[1] = 2 * (qy * qz - qw * qx); axisZ[2] = 1 - 2 * (qx * qx + qy * qy);
  drawAxes(lines, p, axisX, axisY, axisZ, size, frameB);
}

/** @internal Joint frames (joint-frames.ts, updated by the caller): A's axes at anchorA, B's at anchorB. */
export function drawJointFrames(lines: DebugLines, frames: JointFrames, anchorA: ArrayLike<number>, anchorB: ArrayLike<number>, size: number): void {
  drawAxes(lines, anchorA, frames.xA, frames.yA, frames.zA, size, false);
  drawAxes(lines, anchorB, frames.xB, frames.yB, frames.zB, size * FRAME_B_LENGTH, true);
}

/**
 * @internal The frames of a joint that holds a relative rotation q₀ = q_a⁻¹ q_b (the weld's and the
 * orientation joint's reference): A's body axes at anchorA, and at anchorB the frame of B that is A's
 * while the rotation holds, q_b q₀⁻¹. Their difference is the joint's angular error.
 */
export function drawHeldRotationFrames(
  lines: DebugLines, orientationA: ArrayLike<number>, orientationB: ArrayLike<number>, reference: ArrayLike<number>,
  anchorA: ArrayLike<number>, anchorB: ArrayLike<number>, size: number,
): void {
  drawRotationAxes(lines, anchorA, orientationA, size, false);
  quatConjugate(rotation, reference);
  quatMultiply(rotation, orientationB, rotation);
  drawRotationAxes(lines, anchorB, rotation, size * FRAME_B_LENGTH, true);
}

/** @internal The bodies' own axes: A's at anchorA, B's at anchorB (joints without frames of their own). */
export function drawBodyFrames(
  lines: DebugLines, orientationA: ArrayLike<number>, orientationB: ArrayLike<number>, anchorA: ArrayLike<number>, anchorB: ArrayLike<number>,
  size: number,
): void {
  drawRotationAxes(lines, anchorA, orientationA, size, false);
  drawRotationAxes(lines, anchorB, orientationB, size * FRAME_B_LENGTH, true);
}

/**
 * @internal An arc about centre c in the plane of the unit vectors u and v, `radius` m, from angle `from`
 * to `to` (rad, measured from u toward v): the points c + radius (cos θ u + sin θ v). With `spokes`, a
 * sector: also the radii to its two ends (first and last) and, between them, one every
 * SECTOR_SPOKE_EVERY segments, which fill it in.
 */
export function drawArc(
  lines: DebugLines, c: ArrayLike<number>, u: ArrayLike<number>, v: ArrayLike<number>, radius: number, from: number, to: number,
  colour: number, spokes: boolean,
): void {
  const cx = c[0], cy = c[1], cz = c[2];
  const segments = Math.max(2, Math.ceil((ARC_SEGMENTS * Math.abs(to - from)) / (2 * Math.PI)));
  let px = 0, py = 0, pz = 0;
  for (let i = 0; i <= segments; i++) {
    const theta = from + ((to - from) * i) / segments;
    const cos = Math.cos(theta) * radius, sin = Math.sin(theta) * radius;
    const x = cx + cos * u[0] + sin * v[0], y = cy + cos * u[1] + sin * v[1], z = cz + cos * u[2] + sin * v[2];
    if (i > 0) lines.line(px, py, pz, x, y, z, colour);
    if (spokes && i < segments && i % SECTOR_SPOKE_EVERY === 0) lines.line(cx, cy, cz, x, y, z, colour);
    px = x; py = y; pz = z;
  }
  if (spokes) lines.line(px, py, pz, cx, cy, cz, colour);
}

/** @internal A needle from c at angle θ in the plane of u and v (as drawArc), `length` m. */
export function drawNeedle(
  lines: DebugLines, c: ArrayLike<number>, u: ArrayLike<number>, v: ArrayLike<number>, angle: number, length: number, colour: number,
): void {
  const cos = Math.cos(angle) * length, sin = Math.sin(angle) * length;
  lines.line(c[0], c[1], c[2], c[0] + cos * u[0] + sin * v[0], c[1] + cos * u[1] + sin * v[1], c[2] + cos * u[2] + sin * v[2], colour);
}

/**
 * @internal The largest swing of an elliptical cone toward ψ (measured from the frame's y toward z), rad,
 * for half-angles θ_y (about y, toward ±z) and θ_z (about z, toward ±y): where the swing limit row's
 * C = φ_max(ψ) − φ reaches 0 (parts/swing-twist-part.ts),
 *   φ_max(ψ) = 1 / √(sin²ψ / θ_y² + cos²ψ / θ_z²),
 * at most π.
 */
export function coneHalfAngle(psi: number, halfAngleY: number, halfAngleZ: number): number {
  const s = Math.sin(psi), c = Math.cos(psi);
  return Math.min(1 / Math.sqrt((s * s) / (halfAngleY * halfAngleY) + (c * c) / (halfAngleZ * halfAngleZ)), Math.PI);
}

/**
 * @internal A swing cone around the x axis of the frame (x, y, z) with its apex at p, `length` m long: its
 * rim, the points p + length (cos φ_max x + sin φ_max (cos ψ y + sin ψ z)) for ψ around a turn, and
 * CONE_SPOKES lines from the apex to the rim. Half-angles past π/2 open the cone into a bowl, which the
 * same points draw.
 */
export function drawConeRim(
  lines: DebugLines, p: ArrayLike<number>, x: ArrayLike<number>, y: ArrayLike<number>, z: ArrayLike<number>,
  halfAngleY: number, halfAngleZ: number, length: number, colour: number,
): void {
  const spokeEvery = ARC_SEGMENTS / CONE_SPOKES;
  let px = 0, py = 0, pz = 0;
  for (let i = 0; i <= ARC_SEGMENTS; i++) {
    const psi = (2 * Math.PI * i) / ARC_SEGMENTS;
    const phi = coneHalfAngle(psi, halfAngleY, halfAngleZ);
    const along = Math.cos(phi) * length, across = Math.sin(phi) * length;
    const cy = across * Math.cos(psi), cz = across * Math.sin(psi);
    const rx = p[0] + along * x[0] + cy * y[0] + cz * z[0];
    const ry = p[1] + along * x[1] + cy * y[1] + cz * z[1];
    const rz = p[2] + along * x[2] + cy * y[2] + cz * z[2];
    if (i > 0) lines.line(px, py, pz, rx, ry, rz, colour);
    if (i < ARC_SEGMENTS && i % spokeEvery === 0) lines.line(p[0], p[1], p[2], rx, ry, rz, colour);
    px = rx; py = ry; pz = rz;
  }
}

/** A cross at p: a line along u and one along v, each 2·half long. */
function drawCross(lines: DebugLines, p: ArrayLike<number>, u: ArrayLike<number>, v: ArrayLike<number>, half: number, colour: number): void {
  lines.line(p[0] - u[0] * half, p[1] - u[1] * half, p[2] - u[2] * half, p[0] + u[0] * half, p[1] + u[1] * half, p[2] + u[2] * half, colour);
  lines.line(p[0] - v[0] * half, p[1] - v[1] * half, p[2] - v[2] * half, p[0] + v[0] * half, p[1] + v[1] * half, p[2] + v[2] * half, colour);
}

const point = new Float64Array(3);

/**
 * @internal A range [lower, upper] (m) along the unit direction d from p, as a slider's or a distance's
 * limits: the segment, a cross (along u and v, unit vectors across d) at each finite end, and a larger
 * cross at `current`, red within AT_LENGTH_LIMIT of a finite end. An open end is drawn `size` past the
 * other end or the current position, whichever is farther, without a cross; an open lower end not below
 * `floor` (0 for a length).
 */
export function drawRange(
  lines: DebugLines, p: ArrayLike<number>, d: ArrayLike<number>, u: ArrayLike<number>, v: ArrayLike<number>,
  lower: number, upper: number, current: number, size: number, floor: number,
): void {
  const c = JOINT_DRAW_COLOURS;
  const from = lower > -Infinity ? lower : Math.max(Math.min(upper, current) - size, floor);
  const to = upper < Infinity ? upper : Math.max(lower, current) + size;
  lines.line(p[0] + d[0] * from, p[1] + d[1] * from, p[2] + d[2] * from, p[0] + d[0] * to, p[1] + d[1] * to, p[2] + d[2] * to, c.limit);
  const tick = TICK * size;
  if (lower > -Infinity) drawCross(lines, along(p, d, lower), u, v, tick, c.limit);
  if (upper < Infinity) drawCross(lines, along(p, d, upper), u, v, tick, c.limit);
  const atLimit = current - lower < AT_LENGTH_LIMIT || upper - current < AT_LENGTH_LIMIT;
  drawCross(lines, along(p, d, current), u, v, 2 * tick, atLimit ? c.atLimit : c.needle);
}

/** p + t d, in scratch. */
function along(p: ArrayLike<number>, d: ArrayLike<number>, t: number): Float64Array {
  point[0] = p[0] + d[0] * t; point[1] = p[1] + d[1] * t; point[2] = p[2] + d[2] * t;
  return point;
}

/** @internal Two unit vectors u, v perpendicular to the unit vector d and to each other (v = d × u). */
export function perpendiculars(d: ArrayLike<number>, u: Float64Array, v: Float64Array): void {
  // u: the world axis least aligned with d, made perpendicular
  const ax = Math.abs(d[0]), ay = Math.abs(d[1]), az = Math.abs(d[2]);
  let ex = 0, ey = 0, ez = 0;
  if (ax <= ay && ax <= az) ex = 1;
  else if (ay <= az) ey = 1;
  else ez = 1;
  const along = ex * d[0] + ey * d[1] + ez * d[2];
  let ux = ex - along * d[0], uy = ey - along * d[1], uz = ez - along * d[2];
  const length = Math.hypot(ux, uy, uz);
  ux /= length; uy /= length; uz /= length;
  u[0] = ux; u[1] = uy; u[2] = uz;
  v[0] = d[1] * uz - d[2] * uy; v[1] = d[2] * ux - d[0] * uz; v[2] = d[0] * uy - d[1] * ux;
}
