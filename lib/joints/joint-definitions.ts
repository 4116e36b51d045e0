// The 3D joint types, each by its definition (joint-definition.ts), declared in the joint's own file:
// World's create…Joint methods make joints through them, World.restore makes a snapshot's joints by
// their type, and the viewer draws them. A new joint type is one line here (and its type in JointType,
// which this table must cover).

import type { Body } from '../body/body.js';
import type { Joint, JointType } from './joint.js';
import type { JointDefinition } from './joint-definition.js';
import { BALL_JOINT_DEFINITION } from './ball-joint.js';
import { DISTANCE_JOINT_DEFINITION } from './distance-joint.js';
import { HINGE_JOINT_DEFINITION } from './hinge-joint.js';
import { MOUSE_JOINT_DEFINITION } from './mouse-joint.js';
import { ORIENTATION_JOINT_DEFINITION } from './orientation-joint.js';
import { PRISMATIC_JOINT_DEFINITION } from './prismatic-joint.js';
import { PULLEY_JOINT_DEFINITION } from './pulley-joint.js';
import { GEAR_JOINT_DEFINITION } from './gear-joint.js';
import { SIX_DOF_JOINT_DEFINITION } from './six-dof-joint.js';
import { MOTOR_JOINT_DEFINITION } from './motor-joint.js';
import { WHEEL_JOINT_DEFINITION } from './wheel-joint.js';
import { WELD_JOINT_DEFINITION } from './weld-joint.js';

/** A joint definition of any 3D type, as the table hands it out. */
export type AnyJointDefinition = JointDefinition<Joint, never, Body>;

/** Every 3D joint type's definition, by type. */
export const JOINT_DEFINITIONS = /* @__PURE__ */ Object.freeze({
  ball: BALL_JOINT_DEFINITION,
  orientation: ORIENTATION_JOINT_DEFINITION,
  weld: WELD_JOINT_DEFINITION,
  hinge: HINGE_JOINT_DEFINITION,
  prismatic: PRISMATIC_JOINT_DEFINITION,
  distance: DISTANCE_JOINT_DEFINITION,
  mouse: MOUSE_JOINT_DEFINITION,
  pulley: PULLEY_JOINT_DEFINITION,
  gear: GEAR_JOINT_DEFINITION,
  sixDof: SIX_DOF_JOINT_DEFINITION,
  motor: MOTOR_JOINT_DEFINITION,
  wheel: WHEEL_JOINT_DEFINITION,
}) satisfies { readonly [T in JointType]: JointDefinition<Joint & { readonly type: T }, never, Body> };

/** The definition of a joint type (undefined for a string no joint type has). */
export function jointDefinition(type: JointType): AnyJointDefinition;
export function jointDefinition(type: string): AnyJointDefinition | undefined;
export function jointDefinition(type: string): AnyJointDefinition | undefined {
  return Object.hasOwn(JOINT_DEFINITIONS, type) ? JOINT_DEFINITIONS[type as JointType] : undefined;
}
