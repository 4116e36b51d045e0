// Gear joint (1 row): couples two joints' motions, ratio θ_a + θ_b = constant, so θ̇_b = −ratio θ̇_a: two
// hinges (a gear train: ratio = the gears' tooth ratio), or a hinge and a slider (a rack and pinion:
// ratio = the pinion's radius, m/rad). Jolt's GearConstraint and RackAndPinionConstraint; Box2D v2's gear
// joint. Each joint must join a moving body to a static one (the world, or a static body): the gear acts
// on the two moving bodies, whose joint rates are then
//   θ̇ = s t·ω            (a hinge: t its twist axis, s = +1 when the moving body is the hinge's B, −1 for A)
//   ẋ = s a·(v + ω × r)  (a slider: a its axis, r the lever arm of its anchor on the moving body)
// and the row is
//   C = ratio θ_a + θ_b − C₀       (each joint's angle unwrapped across ±π, or its translation)
//   J = [ ratio J_a  J_b ],  with J_a, J_b the rate rows above on each moving body (12 columns)
// one coupled row (parts/coupled-rows.ts), which the direct solver holds exactly. C₀ is the joints'
// positions when the gear is made.

import type { Body } from '../body/body.js';
import type { JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointContext, JointDefinition } from './joint-definition.js';
import { OneRowJoint } from './one-row-joint.js';
import { HingeJoint } from './hinge-joint.js';
import { PrismaticJoint } from './prismatic-joint.js';
import { wrapAngle } from './parts/axis-drive.js';
import { requireFinite, requireWithin, show } from '../util/validate.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { drawnAnchorA, drawnAnchorB, requireDrawArguments, JOINT_DRAW_COLOURS, type DebugLines } from './joint-drawing.js';

export interface GearJointOptions {
  /** The driving joint: a hinge. */
  jointA: HingeJoint;
  /** The driven joint: a hinge (a gear train) or a prismatic joint (a rack). */
  jointB: HingeJoint | PrismaticJoint;
  /** θ̇_b = −ratio θ̇_a: a number other than 0 within ±1e6 (rad/rad, or m/rad for a rack). */
  ratio: number;
  /** Break past this force (N) or torque (N·m) of the coupling. Default Infinity. */
  breakForce?: number;
  breakTorque?: number;
  userData?: unknown;
}
/** @internal The keys of GearJointOptions (option-keys.ts). */
export const GEAR_JOINT_OPTION_KEYS: readonly string[] = optionKeys<GearJointOptions>({
  jointA: true, jointB: true, ratio: true, breakForce: true, breakTorque: true, userData: true,
});

const MAX_RATIO = 1e6;

/** The gear joint's definition (joint-definition.ts): World.createGearJoint checks the options and makes it
 * through make, between the two joints' moving bodies. */
export const GEAR_JOINT_DEFINITION: JointDefinition<GearJoint, GearJointOptions, Body> = {
  type: 'gear',
  make(context, options) {
    const where = 'createGearJoint';
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, GEAR_JOINT_OPTION_KEYS);
    const { jointA, jointB } = options;
    if (!(jointA instanceof HingeJoint)) throw new TypeError(`${where}: jointA must be a hinge joint, got ${show(jointA)}`);
    if (!(jointB instanceof HingeJoint || jointB instanceof PrismaticJoint)) throw new TypeError(`${where}: jointB must be a hinge or prismatic joint, got ${show(jointB)}`);
    if (jointA === (jointB as unknown)) throw new RangeError(`${where}: jointA and jointB must be two joints`);
    for (const [name, joint] of [['jointA', jointA], ['jointB', jointB]] as const) {
      if (joint.removed || joint.broken) throw new RangeError(`${where}: ${name} (joint ${joint.id}) is ${joint.removed ? 'removed' : 'broken'}`);
      context.requireOwnBody(where, `${name}'s bodyA`, joint.bodyA);
    }
    const ratio = requireFinite(where, 'ratio', options.ratio);
    if (ratio === 0) throw new RangeError(`${where}: ratio must not be 0 (it couples nothing), got 0`);
    requireWithin(where, 'ratio', Math.abs(ratio), 0, MAX_RATIO);
    const sideA = movingSide(where, 'jointA', jointA), sideB = movingSide(where, 'jointB', jointB);
    const bodyA = sideA > 0 ? jointA.bodyB : jointA.bodyA, bodyB = sideB > 0 ? jointB.bodyB : jointB.bodyA;
    if (bodyA === bodyB) throw new RangeError(`${where}: jointA and jointB move the same body (${bodyA.id}): the gear would couple it to itself`);
    return new GearJoint(context.nextId, bodyA, bodyB, options, ratio, sideA, sideB, context);
  },
  // (its joints, ratio and sides come with its state: loadParts finds the joints by id)
  placeholder: (context, bodyA, bodyB) => new GearJoint(context.nextId, bodyA, bodyB, null, 1, 1, 1, context),
  anchor: (joint, out) => {
    const p = joint.bodyB.position;
    out[0] = p[0]; out[1] = p[1]; out[2] = p[2];
    return out;
  },
};

/** +1 when the joint's moving body is its B (A static), −1 when it is its A (B static). */
function movingSide(where: string, name: string, joint: HingeJoint | PrismaticJoint): number {
  const staticA = joint.bodyA.type === 'static', staticB = joint.bodyB.type === 'static';
  if (staticA && !staticB) return 1;
  if (staticB && !staticA) return -1;
  throw new RangeError(`${where}: ${name} (joint ${joint.id}) must join a moving body to a static one (the world or a static body): the gear drives the moving one`);
}

export class GearJoint extends OneRowJoint {
  readonly type = 'gear' as const;
  private _jointA: HingeJoint | null = null;
  private _jointB: HingeJoint | PrismaticJoint | null = null;
  private ratioValue: number;
  /** +1 or −1 (movingSide). */
  private sideA: number;
  private sideB: number;
  /** Where a restore finds the joints by id. */
  private readonly context: JointContext<Body>;
  /** Each joint's position, unwrapped (a hinge's angle counts whole turns), and the last wrapped angle. */
  private readonly positions = new Float64Array(4);
  /** ratio θ_a + θ_b when the gear was made. */
  private reference: number;

  /** @internal Use world.createGearJoint (`options` null: a snapshot's placeholder, whose state loadParts reads). */
  constructor(
    id: number, bodyA: Body, bodyB: Body, options: GearJointOptions | null, ratio: number, sideA: number, sideB: number, context: JointContext<Body>,
  ) {
    const core: JointOptions = { bodyA, bodyB, breakForce: options?.breakForce, breakTorque: options?.breakTorque, userData: options?.userData, collideConnected: true };
    super(id, bodyA, bodyB, core, 'createGearJoint');
    this.equalityRows = [this.rows];
    this.context = context;
    this.ratioValue = ratio;
    this.sideA = sideA;
    this.sideB = sideB;
    this.reference = 0;
    if (options === null) return;
    this._jointA = options.jointA;
    this._jointB = options.jointB;
    const p = this.positions;
    p[0] = p[1] = options.jointA.getAngle();
    if (options.jointB instanceof HingeJoint) p[2] = p[3] = options.jointB.getAngle();
    else p[2] = options.jointB.getTranslation();
    this.reference = ratio * p[0] + p[2];
  }

  /** The driving hinge. */
  get jointA(): HingeJoint {
    return this._jointA as HingeJoint;
  }
  /** The driven hinge or slider. */
  get jointB(): HingeJoint | PrismaticJoint {
    return this._jointB as HingeJoint | PrismaticJoint;
  }

  /** The options that make this joint again (its two joints, which must be in the same world). */
  toOptions(): GearJointOptions {
    return definedOptions({
      jointA: this.jointA, jointB: this.jointB, ratio: this.ratioValue, breakForce: this.breakForce, breakTorque: this.breakTorque, userData: this.userData,
    });
  }
  get ratio(): number {
    return this.ratioValue;
  }
  /** @internal The gear acts through its two joints: removing either removes the gear. */
  override dependsOn(joint: object): boolean {
    return joint === this._jointA || joint === this._jointB;
  }
  /** ratio θ_a + θ_b − C₀ now (rad, or m for a rack): how far the gear has slipped. */
  getError(): number {
    // (the positions as updatePositions would make them, without writing them: a getter changes nothing)
    const p = this.positions, jointB = this.jointB;
    const a = p[0] + wrapAngle(this.jointA.getAngle() - p[1]);
    const b = jointB instanceof HingeJoint ? p[2] + wrapAngle(jointB.getAngle() - p[3]) : jointB.getTranslation();
    return Math.abs(this.ratioValue * a + b - this.reference);
  }
  getLinearError(): number {
    return this.jointB instanceof PrismaticJoint ? this.getError() : 0;
  }
  getAngularError(): number {
    return this.jointB instanceof HingeJoint ? this.getError() : 0;
  }
  /** The coupling's torque on gear B over the last step (its force, N, on a rack), along its joint's axis. */
  getCouplingTorque(): number {
    return this.rowForce;
  }

  /** Draws a line between the two gears' centres (see Joint.drawFrames). */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    const a = this.bodyA.position, b = this.bodyB.position;
    lines.line(a[0], a[1], a[2], b[0], b[1], b[2], JOINT_DRAW_COLOURS.limit);
    drawnAnchorA.set(a);
    drawnAnchorB.set(b);
  }

  protected override checkParts(where: string, path: string): void {
    const ratio = requireFinite(where, `${path}.ratio`, this.ratioValue);
    if (ratio === 0 || Math.abs(ratio) > MAX_RATIO) throw new RangeError(`${where}: ${path}.ratio must be nonzero and within ±1e6, got ${show(ratio)}`);
    for (const [name, side, joint, body] of [['sideA', this.sideA, this.jointA, this.bodyA], ['sideB', this.sideB, this.jointB, this.bodyB]] as const) {
      if (side !== 1 && side !== -1) throw new RangeError(`${where}: ${path}.${name} must be 1 or −1, got ${show(side)}`);
      if ((side > 0 ? joint.bodyB : joint.bodyA) !== body) throw new RangeError(`${where}: ${path}: its joint does not move its body ${body.id}`);
    }
  }
  protected saveParts(writer: StateWriter): void {
    writer.write(this.jointA.id);
    writer.write(this.jointB.id);
    writer.write(this.ratioValue);
    writer.write(this.sideA);
    writer.write(this.sideB);
    writer.writeArray(this.positions);
    writer.write(this.reference);
    writer.writeArray(this.rows.impulse);
    writer.write(this.rowForce);
  }
  protected loadParts(reader: StateReader): void {
    const idA = reader.read(), idB = reader.read();
    this.ratioValue = reader.read();
    this.sideA = reader.read();
    this.sideB = reader.read();
    const jointA = this.context.jointById(idA), jointB = this.context.jointById(idB);
    if (!(jointA instanceof HingeJoint)) throw new RangeError(`jointA: joint ${show(idA)} is no hinge of the world (a gear's joints come before it)`);
    if (!(jointB instanceof HingeJoint || jointB instanceof PrismaticJoint)) throw new RangeError(`jointB: joint ${show(idB)} is no hinge or prismatic joint of the world`);
    this._jointA = jointA;
    this._jointB = jointB;
    reader.readInto(this.positions);
    this.reference = reader.read();
    reader.readInto(this.rows.impulse);
    this.rowForce = reader.read();
  }

  /** Each joint's position now: a hinge's angle unwrapped from the last one it had (a step turns a hinge
   * far less than half a turn), a slider's translation. */
  private updatePositions(): void {
    const p = this.positions;
    const a = this.jointA.getAngle();
    p[0] += wrapAngle(a - p[1]);
    p[1] = a;
    if (this.jointB instanceof HingeJoint) {
      const b = this.jointB.getAngle();
      p[2] += wrapAngle(b - p[3]);
      p[3] = b;
    } else {
      p[2] = this.jointB.getTranslation();
    }
  }

  // ---- solver ----

  /** @internal J and C at the bodies' current poses (see the header). */
  prepare(step: SubstepLength): void {
    const J = this.rows.J, ratio = this.ratioValue;
    this.updateSpring(step);
    this.updatePositions();
    J.fill(0);
    // gear A: ratio s t·ω
    const t = this.jointA.frames.twistAxis(axis), sa = ratio * this.sideA;
    J[3] = sa * t[0]; J[4] = sa * t[1]; J[5] = sa * t[2];
    const jointB = this.jointB, sb = this.sideB;
    if (jointB instanceof HingeJoint) {
      const u = jointB.frames.twistAxis(axis);
      J[9] = sb * u[0]; J[10] = sb * u[1]; J[11] = sb * u[2];
    } else {
      // the rack: s a·(v + ω × r), r from the moving body's centre to its anchor
      const a = jointB.frames.xA, body = this.bodyB;
      jointB.getAnchorB(anchor);
      if (sb < 0) jointB.getAnchorA(anchor);
      const rx = anchor[0] - body.position[0], ry = anchor[1] - body.position[1], rz = anchor[2] - body.position[2];
      J[6] = sb * a[0]; J[7] = sb * a[1]; J[8] = sb * a[2];
      J[9] = sb * (ry * a[2] - rz * a[1]); J[10] = sb * (rz * a[0] - rx * a[2]); J[11] = sb * (rx * a[1] - ry * a[0]);
    }
    this.rows.C[0] = ratio * this.positions[0] + this.positions[2] - this.reference;
    this.rows.prepare(this.bodyA, this.bodyB, !this.direct, this.springCompliance);
  }
}

const axis = new Float64Array(3);
const anchor = new Float64Array(3);
