// Pulley joint (1 row): a rope from a point of A over a pulley at groundA, and over one at groundB down
// to a point of B (both pulleys fixed in the world), keeps its length: L_a + ratio L_b = length. With a
// ratio of 2, B's side is a block and tackle: B moves half as far as A, with twice the force (Box2D's
// pulley joint; Jolt's PulleyConstraint with fixed points).
//
//   d_a = x_a + r_a − g_a,  L_a = |d_a|,  u_a = d_a / L_a     (the same for B)
//   C   = L_a + ratio L_b − length
//   Ċ   = u_a·(v_a + ω_a × r_a) + ratio u_b·(v_b + ω_b × r_b)
//   J   = [ u_aᵀ  (r_a × u_a)ᵀ  ratio u_bᵀ  ratio (r_b × u_b)ᵀ ]
//   K   = m_a⁻¹ + (r_a × u_a)·I_a⁻¹(r_a × u_a) + ratio² (m_b⁻¹ + (r_b × u_b)·I_b⁻¹(r_b × u_b))
// The row is a one-row coupled block (parts/coupled-rows.ts), so the direct solver holds it exactly. Its
// impulse λ is the rope's tension times h, pulling each body toward its pulley: A with λ, B with ratio λ.

import { applyLocalFrames } from './local-frames.js';
import type { Body } from '../body/body.js';
import { JOINT_OPTION_KEYS, worldPoint, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { OneRowJoint } from './one-row-joint.js';
import { readPoint, requirePositive, requireWithin, requireWritable, show } from '../util/validate.js';
import { MAX_JOINT_LENGTH } from '../limits.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { drawBodyFrames, drawnAnchorA, drawnAnchorB, requireDrawArguments, JOINT_DRAW_COLOURS, type DebugLines } from './joint-drawing.js';
import type { Vector3Input } from '../util/vector-input.js';

export interface PulleyJointOptions extends JointOptions {
  /** Where the rope is tied to A and to B, world space, m (or localFrameA's and localFrameB's positions). */
  anchorA?: Vector3Input;
  anchorB?: Vector3Input;
  /** The pulleys A's and B's sides of the rope run over, fixed in the world, m. */
  groundA: Vector3Input;
  groundB: Vector3Input;
  /** How much B's side counts: L_a + ratio L_b stays constant (> 0, at most 1e6). Default 1. */
  ratio?: number;
  /** The rope's length L_a + ratio L_b, m. Default: as the anchors are at creation. */
  length?: number;
}
/** @internal The keys of PulleyJointOptions (option-keys.ts). */
export const PULLEY_JOINT_OPTION_KEYS: readonly string[] = [
  ...JOINT_OPTION_KEYS, ...optionKeys<Omit<PulleyJointOptions, keyof JointOptions>>({ anchorA: true, anchorB: true, groundA: true, groundB: true, ratio: true, length: true }),
];

/** The largest pulley ratio (and 1 / the smallest): past it one side's mass is lost in the other's round-off. */
const MAX_RATIO = 1e6;
/** @internal A side shorter than this has no direction (its anchor is on its pulley), m. */
export const MIN_SIDE = 1e-6;

/** The pulley joint's definition (joint-definition.ts): World.createPulleyJoint checks the options and makes
 * it through make. */
export const PULLEY_JOINT_DEFINITION: JointDefinition<PulleyJoint, PulleyJointOptions, Body> = {
  type: 'pulley',
  make(context, options) {
    const where = 'createPulleyJoint';
    checkOptionKeys(where, options, PULLEY_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames(where, options, bodyA, bodyB, { anchor: 'anchorA', anchorB: 'anchorB' });
    const anchorA = readPoint(where, 'anchorA', options.anchorA, 3, new Float64Array(3));
    const anchorB = readPoint(where, 'anchorB', options.anchorB, 3, new Float64Array(3));
    const groundA = readPoint(where, 'groundA', options.groundA, 3, new Float64Array(3));
    const groundB = readPoint(where, 'groundB', options.groundB, 3, new Float64Array(3));
    const ratio = readRatio(where, 'ratio', options.ratio ?? 1);
    const sideA = distance(anchorA, groundA), sideB = distance(anchorB, groundB);
    if (!(sideA > MIN_SIDE)) throw new RangeError(`${where}: anchorA must be away from groundA (the rope needs a direction), got ${show(Array.from(anchorA))} at ${sideA} m`);
    if (!(sideB > MIN_SIDE)) throw new RangeError(`${where}: anchorB must be away from groundB (the rope needs a direction), got ${show(Array.from(anchorB))} at ${sideB} m`);
    const length = options.length === undefined ? sideA + ratio * sideB : readLength(where, 'length', options.length);
    return new PulleyJoint(context.nextId, bodyA, bodyB, options, anchorA, anchorB, groundA, groundB, ratio, length);
  },
  placeholder: (context, bodyA, bodyB) =>
    PULLEY_JOINT_DEFINITION.make(context, { bodyA, bodyB, anchorA: [0, 0, 0], anchorB: [1, 0, 0], groundA: [0, 1, 0], groundB: [1, 1, 0] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

export class PulleyJoint extends OneRowJoint {
  readonly type = 'pulley' as const;
  /** The anchors in their bodies' axes, and the pulleys in the world. */
  private readonly localAnchorA = new Float64Array(3);
  private readonly localAnchorB = new Float64Array(3);
  private readonly groundA: Float64Array;
  private readonly groundB: Float64Array;
  private _ratio: number;
  private _length: number;
  /** Each side's direction u at the last prepare (kept when a side's length reaches 0). */
  private readonly directionA = new Float64Array(3);
  private readonly directionB = new Float64Array(3);

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.localAnchorA, this.localAnchorB];
  }

  /** @internal Use world.createPulleyJoint; the options are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, options: PulleyJointOptions, anchorA: Float64Array, anchorB: Float64Array,
    groundA: Float64Array, groundB: Float64Array, ratio: number, length: number,
  ) {
    super(id, bodyA, bodyB, options, 'createPulleyJoint');
    this.equalityRows = [this.rows];
    bodyA.getLocalPoint(this.localAnchorA, anchorA);
    bodyB.getLocalPoint(this.localAnchorB, anchorB);
    this.groundA = groundA;
    this.groundB = groundB;
    this._ratio = ratio;
    this._length = length;
    for (let k = 0; k < 3; k++) {
      this.directionA[k] = (anchorA[k] - groundA[k]) / distance(anchorA, groundA);
      this.directionB[k] = (anchorB[k] - groundB[k]) / distance(anchorB, groundB);
    }
  }

  /** The options that make this joint again (see JointCore.toOptions). */
  toOptions(): PulleyJointOptions {
    return definedOptions({
      ...this.coreOptions(),
      anchorA: worldPoint(this.bodyA, this.localAnchorA), anchorB: worldPoint(this.bodyB, this.localAnchorB),
      groundA: Array.from(this.groundA), groundB: Array.from(this.groundB), ratio: this._ratio, length: this._length,
    });
  }

  get ratio(): number {
    return this._ratio;
  }
  /** The rope's length L_a + ratio L_b, m. */
  get length(): number {
    return this._length;
  }
  set length(value: number) {
    this.requireInWorld('length');
    this._length = readLength('length', 'length', value);
    this.wakeBodies();
  }
  /** A's side of the rope now, |anchorA − groundA|, m. */
  getLengthA(): number {
    this.bodyA.getWorldPoint(drawnAnchorA, this.localAnchorA);
    return distance(drawnAnchorA, this.groundA);
  }
  /** B's side, m. */
  getLengthB(): number {
    this.bodyB.getWorldPoint(drawnAnchorB, this.localAnchorB);
    return distance(drawnAnchorB, this.groundB);
  }
  /** The rope's tension over the last step, N (what pulls A toward its pulley; B is pulled with ratio times it). */
  getTension(): number {
    // (the row's impulse is negative while the rope pulls)
    return -this.rowForce;
  }
  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 3);
    return this.bodyA.getWorldPoint(out, this.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 3);
    return this.bodyB.getWorldPoint(out, this.localAnchorB);
  }

  /** Draws the bodies' own axes at the anchors (see Joint.drawFrames). */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    this.bodyA.getWorldPoint(drawnAnchorA, this.localAnchorA);
    this.bodyB.getWorldPoint(drawnAnchorB, this.localAnchorB);
    drawBodyFrames(lines, this.bodyA.orientation, this.bodyB.orientation, drawnAnchorA, drawnAnchorB, size);
  }
  /** Draws the rope (see Joint.drawLimits): each anchor up to its pulley, and pulley to pulley. */
  override drawLimits(lines: DebugLines, size: number): void {
    requireDrawArguments('drawLimits', lines, size);
    const pA = this.bodyA.getWorldPoint(drawnAnchorA, this.localAnchorA), pB = this.bodyB.getWorldPoint(drawnAnchorB, this.localAnchorB);
    const gA = this.groundA, gB = this.groundB, colour = JOINT_DRAW_COLOURS.limit;
    lines.line(pA[0], pA[1], pA[2], gA[0], gA[1], gA[2], colour);
    lines.line(gA[0], gA[1], gA[2], gB[0], gB[1], gB[2], colour);
    lines.line(gB[0], gB[1], gB[2], pB[0], pB[1], pB[2], colour);
  }

  /** |L_a + ratio L_b − length|, m. */
  getError(): number {
    return Math.abs(this.getLengthA() + this._ratio * this.getLengthB() - this._length);
  }
  getLinearError(): number {
    return this.getError();
  }
  getAngularError(): number {
    return 0;
  }

  protected override checkParts(where: string, path: string): void {
    readRatio(where, `${path}.ratio`, this._ratio);
    readLength(where, `${path}.length`, this._length);
  }
  protected saveParts(writer: StateWriter): void {
    writer.writeArray(this.localAnchorA);
    writer.writeArray(this.localAnchorB);
    writer.writeArray(this.groundA);
    writer.writeArray(this.groundB);
    writer.write(this._ratio);
    writer.write(this._length);
    writer.writeBounded(this.directionA, 1);
    writer.writeBounded(this.directionB, 1);
    writer.writeArray(this.rows.impulse);
    writer.write(this.rowForce);
  }
  protected loadParts(reader: StateReader): void {
    reader.readInto(this.localAnchorA);
    reader.readInto(this.localAnchorB);
    reader.readInto(this.groundA);
    reader.readInto(this.groundB);
    this._ratio = reader.read();
    this._length = reader.read();
    reader.readInto(this.directionA);
    reader.readInto(this.directionB);
    reader.readInto(this.rows.impulse);
    this.rowForce = reader.read();
  }

  // ---- solver ----

  /** @internal The row's J and C at the bodies' current poses (see the header). */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, J = this.rows.J, ratio = this._ratio;
    this.updateSpring(step);
    const lengthA = side(bodyA, this.localAnchorA, this.groundA, this.directionA, arm);
    // J_a = [u_a, r_a × u_a]
    const uA = this.directionA;
    J[0] = uA[0]; J[1] = uA[1]; J[2] = uA[2];
    J[3] = arm[1] * uA[2] - arm[2] * uA[1]; J[4] = arm[2] * uA[0] - arm[0] * uA[2]; J[5] = arm[0] * uA[1] - arm[1] * uA[0];
    const lengthB = side(bodyB, this.localAnchorB, this.groundB, this.directionB, arm);
    const uB = this.directionB;
    J[6] = ratio * uB[0]; J[7] = ratio * uB[1]; J[8] = ratio * uB[2];
    J[9] = ratio * (arm[1] * uB[2] - arm[2] * uB[1]); J[10] = ratio * (arm[2] * uB[0] - arm[0] * uB[2]); J[11] = ratio * (arm[0] * uB[1] - arm[1] * uB[0]);
    this.rows.C[0] = lengthA + ratio * lengthB - this._length;
    this.rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
  }
}

const arm = new Float64Array(3);

/** One side of the rope: its length |x + r − g|, its direction u into `u` (kept when the length is 0) and the
 * lever arm r into `r`. */
function side(body: Body, local: Float64Array, ground: Float64Array, u: Float64Array, r: Float64Array): number {
  body.getWorldPoint(r, local);
  const dx = r[0] - ground[0], dy = r[1] - ground[1], dz = r[2] - ground[2];
  const p = body.position;
  r[0] -= p[0]; r[1] -= p[1]; r[2] -= p[2];
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (length > MIN_SIDE) {
    u[0] = dx / length; u[1] = dy / length; u[2] = dz / length;
  }
  return length;
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** @internal A pulley's ratio: within [1e-6, 1e6]. */
export function readRatio(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requirePositive(where, name, value), 1 / MAX_RATIO, MAX_RATIO);
}
/** @internal A pulley's rope length, m: positive, at most MAX_JOINT_LENGTH. */
export function readLength(where: string, name: string, value: unknown): number {
  return requireWithin(where, name, requirePositive(where, name, value), 0, MAX_JOINT_LENGTH, ' m');
}
