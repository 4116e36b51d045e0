// Pulley joint in 2D (1 row): lib/joints/pulley-joint.ts in the plane (Box2D's b2PulleyJoint). A rope from
// a point of A over a pulley at groundA, and over one at groundB down to a point of B, keeps its length:
// L_a + ratio L_b = length.
//
//   d_a = x_a + r_a − g_a,  L_a = |d_a|,  u_a = d_a / L_a     (the same for B)
//   C   = L_a + ratio L_b − length
//   Ċ   = u_a·(v_a + ω_a r_a⊥) + ratio u_b·(v_b + ω_b r_b⊥)
//   J   = [ u_aᵀ  r_a × u_a  ratio u_bᵀ  ratio r_b × u_b ]      (r × u = r_x u_y − r_y u_x)
//   K   = m_a⁻¹ + i_a (r_a × u_a)² + ratio² (m_b⁻¹ + i_b (r_b × u_b)²)
// One coupled row (parts/coupled-rows.ts): the direct solver holds it exactly. Its impulse λ is the rope's
// tension times h, pulling each body toward its pulley: A with λ, B with ratio λ.

import type { Body2D } from '../body.js';
import { JOINT_2D_OPTION_KEYS, worldPoint2D, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D } from './local-frames.js';
import { OneRowJoint2D } from './one-row-joint.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import { definedOptions } from '../../joints/joint-core.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { MIN_SIDE, readLength, readRatio } from '../../joints/pulley-joint.js';
import { readPoint, requireWritable, show } from '../../util/validate.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface PulleyJoint2DOptions extends Joint2DOptions {
  /** Where the rope is tied to A and to B, world space, m (or localFrameA's and localFrameB's positions). */
  anchorA?: Vector2Input;
  anchorB?: Vector2Input;
  /** The pulleys A's and B's sides of the rope run over, fixed in the world, m. */
  groundA: Vector2Input;
  groundB: Vector2Input;
  /** How much B's side counts: L_a + ratio L_b stays constant (> 0, at most 1e6). Default 1. */
  ratio?: number;
  /** The rope's length L_a + ratio L_b, m. Default: as the anchors are at creation. */
  length?: number;
}
/** @internal The keys of PulleyJoint2DOptions (option-keys.ts). */
export const PULLEY_JOINT_2D_OPTION_KEYS: readonly string[] = [
  ...JOINT_2D_OPTION_KEYS, ...optionKeys<Omit<PulleyJoint2DOptions, keyof Joint2DOptions>>({ anchorA: true, anchorB: true, groundA: true, groundB: true, ratio: true, length: true }),
];

/** The 2D pulley joint's definition (lib/joints/joint-definition.ts). */
export const PULLEY_JOINT_2D_DEFINITION: JointDefinition<PulleyJoint2D, PulleyJoint2DOptions, Body2D> = {
  type: 'pulley',
  make(context, options) {
    const where = 'createPulleyJoint';
    checkOptionKeys(where, options, PULLEY_JOINT_2D_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { anchor: 'anchorA', anchorB: 'anchorB' });
    const anchorA = readPoint(where, 'anchorA', options.anchorA, 2, new Float64Array(2));
    const anchorB = readPoint(where, 'anchorB', options.anchorB, 2, new Float64Array(2));
    const groundA = readPoint(where, 'groundA', options.groundA, 2, new Float64Array(2));
    const groundB = readPoint(where, 'groundB', options.groundB, 2, new Float64Array(2));
    const ratio = readRatio(where, 'ratio', options.ratio ?? 1);
    const sideA = distance(anchorA, groundA), sideB = distance(anchorB, groundB);
    if (!(sideA > MIN_SIDE)) throw new RangeError(`${where}: anchorA must be away from groundA (the rope needs a direction), got ${show(Array.from(anchorA))} at ${sideA} m`);
    if (!(sideB > MIN_SIDE)) throw new RangeError(`${where}: anchorB must be away from groundB (the rope needs a direction), got ${show(Array.from(anchorB))} at ${sideB} m`);
    const length = options.length === undefined ? sideA + ratio * sideB : readLength(where, 'length', options.length);
    return new PulleyJoint2D(context.nextId, bodyA, bodyB, options, anchorA, anchorB, groundA, groundB, ratio, length);
  },
  placeholder: (context, bodyA, bodyB) =>
    PULLEY_JOINT_2D_DEFINITION.make(context, { bodyA, bodyB, anchorA: [0, 0], anchorB: [1, 0], groundA: [0, 1], groundB: [1, 1] }),
  anchor: (joint, out) => joint.getAnchorB(out),
};

export class PulleyJoint2D extends OneRowJoint2D {
  readonly type = 'pulley' as const;
  /** The anchors in their bodies' axes, and the pulleys in the world. */
  private readonly localAnchorA = new Float64Array(2);
  private readonly localAnchorB = new Float64Array(2);
  private readonly groundA: Float64Array;
  private readonly groundB: Float64Array;
  private _ratio: number;
  private _length: number;
  /** Each side's direction u at the last prepare (kept when a side's length reaches 0). */
  private readonly directionA = new Float64Array(2);
  private readonly directionB = new Float64Array(2);

  /** @internal Use world.createPulleyJoint; the options are already checked. */
  constructor(
    id: number, bodyA: Body2D, bodyB: Body2D, options: PulleyJoint2DOptions, anchorA: Float64Array, anchorB: Float64Array,
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
    for (let k = 0; k < 2; k++) {
      this.directionA[k] = (anchorA[k] - groundA[k]) / distance(anchorA, groundA);
      this.directionB[k] = (anchorB[k] - groundB[k]) / distance(anchorB, groundB);
    }
  }

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.localAnchorA, this.localAnchorB];
  }

  /** The options that make this joint again (see JointCore.toOptions). */
  toOptions(): PulleyJoint2DOptions {
    return definedOptions({
      ...this.coreOptions(),
      anchorA: worldPoint2D(this.bodyA, this.localAnchorA), anchorB: worldPoint2D(this.bodyB, this.localAnchorB),
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
    this.bodyA.getWorldPoint(point, this.localAnchorA);
    return distance(point, this.groundA);
  }
  /** B's side, m. */
  getLengthB(): number {
    this.bodyB.getWorldPoint(point, this.localAnchorB);
    return distance(point, this.groundB);
  }
  /** The rope's tension over the last step, N (what pulls A toward its pulley; B is pulled with ratio times it). */
  getTension(): number {
    // (the row's impulse is negative while the rope pulls)
    return -this.rowForce;
  }
  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorA', out, 2);
    return this.bodyA.getWorldPoint(out, this.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchorB', out, 2);
    return this.bodyB.getWorldPoint(out, this.localAnchorB);
  }
  /** The pulleys A's and B's sides run over, world space, m. */
  getGroundA(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getGroundA', out, 2);
    out[0] = this.groundA[0]; out[1] = this.groundA[1];
    return out;
  }
  getGroundB(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getGroundB', out, 2);
    out[0] = this.groundB[0]; out[1] = this.groundB[1];
    return out;
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

  /** @internal The row's J and C at the bodies' current poses (see the header). */
  prepare(step: SubstepLength): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, J = this.rows.J, ratio = this._ratio;
    this.updateSpring(step);
    const lengthA = side(bodyA, this.localAnchorA, this.groundA, this.directionA, arm);
    const uA = this.directionA;
    J[0] = uA[0]; J[1] = uA[1]; J[2] = arm[0] * uA[1] - arm[1] * uA[0];
    const lengthB = side(bodyB, this.localAnchorB, this.groundB, this.directionB, arm);
    const uB = this.directionB;
    J[3] = ratio * uB[0]; J[4] = ratio * uB[1]; J[5] = ratio * (arm[0] * uB[1] - arm[1] * uB[0]);
    this.rows.C[0] = lengthA + ratio * lengthB - this._length;
    this.rows.prepare(bodyA, bodyB, !this.direct, this.springCompliance);
  }
}

const arm = new Float64Array(2);
const point = new Float64Array(2);

/** One side of the rope: its length |x + r − g|, its direction u into `u` (kept when the length is 0) and the
 * lever arm r into `r`. */
function side(body: Body2D, local: Float64Array, ground: Float64Array, u: Float64Array, r: Float64Array): number {
  body.getWorldPoint(r, local);
  const dx = r[0] - ground[0], dy = r[1] - ground[1];
  const p = body.position;
  r[0] -= p[0]; r[1] -= p[1];
  const length = Math.sqrt(dx * dx + dy * dy);
  if (length > MIN_SIDE) {
    u[0] = dx / length; u[1] = dy / length;
  }
  return length;
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}
