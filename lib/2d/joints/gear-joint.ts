// Gear joint in 2D (1 row): lib/joints/gear-joint.ts in the plane (Box2D v2's b2GearJoint with static
// grounds). It couples two joints' motions, ratio θ_a + θ_b = constant, so θ̇_b = −ratio θ̇_a: two revolute
// joints (a gear train), or a revolute and a prismatic joint (a rack and pinion: ratio in m/rad). Each joint
// must join a moving body to a static one; the gear acts on the two moving bodies, whose joint rates are
//   θ̇ = s ω               (a revolute joint: s = +1 when the moving body is its B, −1 for its A)
//   ẋ = s a·(v + ω r⊥)    (a prismatic joint: a its axis, r the lever arm of its anchor on the moving body)
// and the row is
//   C = ratio θ_a + θ_b − C₀       (a revolute angle unwrapped across ±π, or the translation)
//   J = [ ratio J_a  J_b ]          (6 columns: the rate rows above on each moving body)
// one coupled row (parts/coupled-rows.ts), which the direct solver holds exactly. C₀ is the joints'
// positions when the gear is made.

import type { Body2D } from '../body.js';
import type { Joint2DOptions } from './joint.js';
import { OneRowJoint2D } from './one-row-joint.js';
import { RevoluteJoint } from './revolute-joint.js';
import { PrismaticJoint2D } from './prismatic-joint.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import { definedOptions } from '../../joints/joint-core.js';
import type { JointContext, JointDefinition } from '../../joints/joint-definition.js';
import { wrapAngle } from '../../joints/parts/axis-drive.js';
import { requireFinite, requireWithin, show } from '../../util/validate.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';

export interface GearJoint2DOptions {
  /** The driving joint: a revolute joint. */
  jointA: RevoluteJoint;
  /** The driven joint: a revolute joint (a gear train) or a prismatic joint (a rack). */
  jointB: RevoluteJoint | PrismaticJoint2D;
  /** θ̇_b = −ratio θ̇_a: a number other than 0 within ±1e6 (rad/rad, or m/rad for a rack). */
  ratio: number;
  /** Break past this force (N) or torque (N·m) of the coupling. Default Infinity. */
  breakForce?: number;
  breakTorque?: number;
  userData?: unknown;
}
/** @internal The keys of GearJoint2DOptions (option-keys.ts). */
export const GEAR_JOINT_2D_OPTION_KEYS: readonly string[] = optionKeys<GearJoint2DOptions>({
  jointA: true, jointB: true, ratio: true, breakForce: true, breakTorque: true, userData: true,
});

const MAX_RATIO = 1e6;

/** The 2D gear joint's definition (lib/joints/joint-definition.ts): between the two joints' moving bodies. */
export const GEAR_JOINT_2D_DEFINITION: JointDefinition<GearJoint2D, GearJoint2DOptions, Body2D> = {
  type: 'gear',
  make(context, options) {
    const where = 'createGearJoint';
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, GEAR_JOINT_2D_OPTION_KEYS);
    const { jointA, jointB } = options;
    if (!(jointA instanceof RevoluteJoint)) throw new TypeError(`${where}: jointA must be a revolute joint, got ${show(jointA)}`);
    if (!(jointB instanceof RevoluteJoint || jointB instanceof PrismaticJoint2D)) throw new TypeError(`${where}: jointB must be a revolute or prismatic joint, got ${show(jointB)}`);
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
    return new GearJoint2D(context.nextId, bodyA, bodyB, options, ratio, sideA, sideB, context);
  },
  // (its joints, ratio and sides come with its state: loadParts finds the joints by id)
  placeholder: (context, bodyA, bodyB) => new GearJoint2D(context.nextId, bodyA, bodyB, null, 1, 1, 1, context),
  anchor: (joint, out) => {
    const p = joint.bodyB.position;
    out[0] = p[0]; out[1] = p[1];
    return out;
  },
};

/** +1 when the joint's moving body is its B (A static), −1 when it is its A (B static). */
function movingSide(where: string, name: string, joint: RevoluteJoint | PrismaticJoint2D): number {
  const staticA = joint.bodyA.type === 'static', staticB = joint.bodyB.type === 'static';
  if (staticA && !staticB) return 1;
  if (staticB && !staticA) return -1;
  throw new RangeError(`${where}: ${name} (joint ${joint.id}) must join a moving body to a static one (the world or a static body): the gear drives the moving one`);
}

export class GearJoint2D extends OneRowJoint2D {
  readonly type = 'gear' as const;
  private _jointA: RevoluteJoint | null = null;
  private _jointB: RevoluteJoint | PrismaticJoint2D | null = null;
  private ratioValue: number;
  /** +1 or −1 (movingSide). */
  private sideA: number;
  private sideB: number;
  /** Where a restore finds the joints by id. */
  private readonly context: JointContext<Body2D>;
  /** Each joint's position, unwrapped (a revolute angle counts whole turns), and the last wrapped angle. */
  private readonly positions = new Float64Array(4);
  /** ratio θ_a + θ_b when the gear was made. */
  private reference: number;

  /** @internal Use world.createGearJoint (`options` null: a snapshot's placeholder, whose state loadParts reads). */
  constructor(
    id: number, bodyA: Body2D, bodyB: Body2D, options: GearJoint2DOptions | null, ratio: number, sideA: number, sideB: number,
    context: JointContext<Body2D>,
  ) {
    const core: Joint2DOptions = { bodyA, bodyB, breakForce: options?.breakForce, breakTorque: options?.breakTorque, userData: options?.userData, collideConnected: true };
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
    if (options.jointB instanceof RevoluteJoint) p[2] = p[3] = options.jointB.getAngle();
    else p[2] = options.jointB.getTranslation();
    this.reference = ratio * p[0] + p[2];
  }

  /** The driving revolute joint. */
  get jointA(): RevoluteJoint {
    return this._jointA as RevoluteJoint;
  }
  /** The driven revolute or prismatic joint. */
  get jointB(): RevoluteJoint | PrismaticJoint2D {
    return this._jointB as RevoluteJoint | PrismaticJoint2D;
  }

  /** The options that make this joint again (its two joints, which must be in the same world). */
  toOptions(): GearJoint2DOptions {
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
    const b = jointB instanceof RevoluteJoint ? p[2] + wrapAngle(jointB.getAngle() - p[3]) : jointB.getTranslation();
    return Math.abs(this.ratioValue * a + b - this.reference);
  }
  getLinearError(): number {
    return this.jointB instanceof PrismaticJoint2D ? this.getError() : 0;
  }
  getAngularError(): number {
    return this.jointB instanceof RevoluteJoint ? this.getError() : 0;
  }
  /** The coupling's torque on gear B over the last step (its force, N, on a rack), along its joint's axis. */
  getCouplingTorque(): number {
    return this.rowForce;
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
    if (!(jointA instanceof RevoluteJoint)) throw new RangeError(`jointA: joint ${show(idA)} is no revolute joint of the world (a gear's joints come before it)`);
    if (!(jointB instanceof RevoluteJoint || jointB instanceof PrismaticJoint2D)) throw new RangeError(`jointB: joint ${show(idB)} is no revolute or prismatic joint of the world`);
    this._jointA = jointA;
    this._jointB = jointB;
    reader.readInto(this.positions);
    this.reference = reader.read();
    reader.readInto(this.rows.impulse);
    this.rowForce = reader.read();
  }

  /** Each joint's position now: a revolute angle unwrapped from the last one it had (a step turns a joint far
   * less than half a turn), a prismatic translation. */
  private updatePositions(): void {
    const p = this.positions;
    const a = this.jointA.getAngle();
    p[0] += wrapAngle(a - p[1]);
    p[1] = a;
    if (this.jointB instanceof RevoluteJoint) {
      const b = this.jointB.getAngle();
      p[2] += wrapAngle(b - p[3]);
      p[3] = b;
    } else {
      p[2] = this.jointB.getTranslation();
    }
  }

  /** @internal J and C at the bodies' current poses (see the header). */
  prepare(step: SubstepLength): void {
    const J = this.rows.J, ratio = this.ratioValue;
    this.updateSpring(step);
    this.updatePositions();
    J.fill(0);
    // gear A: ratio s ω
    J[2] = ratio * this.sideA;
    const jointB = this.jointB, sb = this.sideB;
    if (jointB instanceof RevoluteJoint) {
      J[5] = sb;
    } else {
      // the rack: s a·(v + ω r⊥), r from the moving body's centre to its anchor
      const body = this.bodyB;
      jointB.getAxis(axis);
      if (sb > 0) jointB.getAnchorB(anchor);
      else jointB.getAnchorA(anchor);
      const rx = anchor[0] - body.position[0], ry = anchor[1] - body.position[1];
      J[3] = sb * axis[0]; J[4] = sb * axis[1];
      J[5] = sb * (rx * axis[1] - ry * axis[0]);
    }
    this.rows.C[0] = ratio * this.positions[0] + this.positions[2] - this.reference;
    this.rows.prepare(this.bodyA, this.bodyB, !this.direct, this.springCompliance);
  }
}

const axis = new Float64Array(2);
const anchor = new Float64Array(2);
