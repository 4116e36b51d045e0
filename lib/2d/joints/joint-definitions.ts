// The 2D joint types, each by its definition (lib/joints/joint-definition.ts), declared in the joint's own
// file: World2D's create…Joint methods make joints through them and World2D.restore makes a snapshot's
// joints by their type. lib/joints/joint-definitions.ts is the 3D table.

import type { Body2D } from '../body.js';
import type { Joint2D, Joint2DType } from './joint.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { ANGLE_JOINT_DEFINITION } from './angle-joint.js';
import { REVOLUTE_JOINT_DEFINITION } from './revolute-joint.js';
import { WELD_JOINT_2D_DEFINITION } from './weld-joint.js';
import { PRISMATIC_JOINT_2D_DEFINITION } from './prismatic-joint.js';
import { WHEEL_JOINT_2D_DEFINITION } from './wheel-joint.js';
import { PULLEY_JOINT_2D_DEFINITION } from './pulley-joint.js';
import { MOTOR_JOINT_2D_DEFINITION } from './motor-joint.js';
import { GEAR_JOINT_2D_DEFINITION } from './gear-joint.js';
import { DISTANCE_JOINT_2D_DEFINITION } from './distance-joint.js';
import { MOUSE_JOINT_2D_DEFINITION } from './mouse-joint.js';

/** A joint definition of any 2D type, as the table hands it out. */
export type AnyJoint2DDefinition = JointDefinition<Joint2D, never, Body2D>;

/** Every 2D joint type's definition, by type. */
export const JOINT_2D_DEFINITIONS = Object.freeze({
  revolute: REVOLUTE_JOINT_DEFINITION,
  weld: WELD_JOINT_2D_DEFINITION,
  angle: ANGLE_JOINT_DEFINITION,
  pulley: PULLEY_JOINT_2D_DEFINITION,
  motor: MOTOR_JOINT_2D_DEFINITION,
  gear: GEAR_JOINT_2D_DEFINITION,
  prismatic: PRISMATIC_JOINT_2D_DEFINITION,
  wheel: WHEEL_JOINT_2D_DEFINITION,
  distance: DISTANCE_JOINT_2D_DEFINITION,
  mouse: MOUSE_JOINT_2D_DEFINITION,
}) satisfies { readonly [T in Joint2DType]: JointDefinition<Joint2D & { readonly type: T }, never, Body2D> };

/** The definition of a 2D joint type (undefined for a string no 2D joint type has). */
export function joint2DDefinition(type: Joint2DType): AnyJoint2DDefinition;
export function joint2DDefinition(type: string): AnyJoint2DDefinition | undefined;
export function joint2DDefinition(type: string): AnyJoint2DDefinition | undefined {
  return Object.hasOwn(JOINT_2D_DEFINITIONS, type) ? JOINT_2D_DEFINITIONS[type as Joint2DType] : undefined;
}
