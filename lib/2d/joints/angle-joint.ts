// Angle joint (1 row): B keeps the angle relative to A it had when the joint was made; translation is
// free. The 2D angle part alone (parts/angle-part.ts); the 3D orientation joint is its 3D form.

import type { Body2D } from '../body.js';
import type { Softness } from '../../solver/softness.js';
import { JOINT_2D_OPTION_KEYS, readReferenceAngle, type Joint2DOptions } from './joint.js';
import { applyLocalFrames2D } from './local-frames.js';
import { AngleConstraintPart2D } from './parts/angle-part.js';
import { SinglePartJoint2D } from './single-part-joint.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import { definedOptions } from '../../joints/joint-core.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { JointDefinition } from '../../joints/joint-definition.js';

export interface AngleJointOptions extends Joint2DOptions {
  /** θ_b − θ_a that the joint holds, rad. Default: the bodies' at creation. */
  referenceAngle?: number;
}
/** @internal The keys of AngleJointOptions (option-keys.ts). */
export const ANGLE_JOINT_OPTION_KEYS: readonly string[] = [
  ...JOINT_2D_OPTION_KEYS, ...optionKeys<Omit<AngleJointOptions, keyof Joint2DOptions>>({ referenceAngle: true }),
];

/** The angle joint's definition (lib/joints/joint-definition.ts): World2D.createAngleJoint checks the options
 * and makes it through make. */
export const ANGLE_JOINT_DEFINITION: JointDefinition<AngleJoint, AngleJointOptions, Body2D> = {
  type: 'angle',
  make(context, options) {
    const where = 'createAngleJoint';
    checkOptionKeys(where, options, ANGLE_JOINT_OPTION_KEYS);
    const [bodyA, bodyB] = context.readJointBodies(where, options);
    options = applyLocalFrames2D(where, options, bodyA, bodyB, { referenceAngle: 'referenceAngle' });
    const reference = options.referenceAngle === undefined ? undefined : readReferenceAngle(where, options.referenceAngle);
    return new AngleJoint(context.nextId, bodyA, bodyB, options, reference);
  },
  placeholder: (context, bodyA, bodyB) => ANGLE_JOINT_DEFINITION.make(context, { bodyA, bodyB }),
  // no anchor: bodyB's centre
  anchor: (joint, out) => {
    const p = joint.bodyB.position;
    out[0] = p[0]; out[1] = p[1];
    return out;
  },
};

export class AngleJoint extends SinglePartJoint2D {
  readonly type = 'angle' as const;
  readonly rowCount = 1;
  readonly angle = new AngleConstraintPart2D();
  protected readonly carries = 'torque' as const;
  protected get part(): AngleConstraintPart2D {
    return this.angle;
  }

  /** @internal Use world.createAngleJoint. `referenceAngle` is already checked. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, options: AngleJointOptions, referenceAngle?: number) {
    super(id, bodyA, bodyB, options, 'createAngleJoint');
    this.equalityRows = [this.angle];
    if (referenceAngle === undefined) this.angle.setReference(bodyA, bodyB);
    else this.angle.referenceAngle = referenceAngle;
  }

  /** The options that make this joint again (see JointCore.toOptions): the angle it holds. */
  toOptions(): AngleJointOptions {
    return definedOptions({ ...this.coreOptions(), referenceAngle: this.angle.referenceAngle });
  }

  getError(): number {
    return this.angle.currentAngle(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return 0;
  }
  getAngularError(): number {
    return this.angle.currentAngle(this.bodyA, this.bodyB);
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    this.updateSpring(step);
    this.angle.prepare(this.bodyA, this.bodyB);
    this.angle.factor(this.springCompliance);
  }
  /** @internal */
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.angle.solve(this.bodyA, this.bodyB, holding);
  }
}
