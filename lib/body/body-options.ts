// What createBody takes (BodyOptions) and how it is read: every option checked in one order before the
// body is made, the shapes each checked and allowed on the body's type, the mass from body-mass.ts.

import type { BodyType } from './body-type.js';
import { readBodyTypeOption, readCommonBodyOptions, requireTypeAllows, type CommonBodyOptions, type CommonBodyValues } from './body-base.js';
import { readMass, type MassValues } from './body-mass.js';
import { readLocks } from './body-state.js';
import { MAX_SHAPES_PER_BODY, Shape, type ShapeOptions, type ShapeTypeTable } from '../geometry/shape.js';
import { readBoundedVector, readPoint, readUnitQuaternion, requireBoolean, show } from '../util/validate.js';
import { optionKeys } from '../util/option-keys.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED } from '../limits.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export interface BodyOptions extends CommonBodyOptions {
  /** 'dynamic' (default) moves under forces and joints; 'static' never moves; 'kinematic' moves at
   * the velocity you give it and is not pushed by anything. */
  type?: BodyType;
  /** Centre of mass in world space, m. Default [0, 0, 0]. */
  position?: Vector3Input;
  /** Unit quaternion [x, y, z, w]. Default identity. A nearly-unit one (within 1e-3) is normalized. */
  orientation?: QuaternionInput;
  /** m/s, of magnitude at most 1e6 (MAX_LINEAR_SPEED). Default zero. */
  linearVelocity?: Vector3Input;
  /** rad/s, world frame, of magnitude at most 1e6 (MAX_ANGULAR_SPEED). Default zero. */
  angularVelocity?: Vector3Input;
  /** kg, from 1e-12 to 1e20 (MIN_MASS, MAX_MASS; README, "Limits"). Dynamic bodies only: refused on a
   * static or kinematic body (setType then setMassProperties gives one made dynamic a mass). Default 1,
   * or the shapes' (which must then weigh within the same range). */
  mass?: number;
  /** kg·m² about the centre of mass in body axes: a diagonal [Ix, Iy, Iz] or a full symmetric 3x3
   * (9 numbers), principal moments from 1e-30 to 1e34 (MIN_INERTIA, MAX_INERTIA). Dynamic bodies only
   * (refused on others, as `mass`). Default: a solid 1 m cube of the body's mass, mass/6 per axis.
   * See boxInertia, sphereInertia, capsuleInertia. */
  inertia?: ArrayLike<number>;
  /**
   * Collision shapes, placed in the body frame (geometry/shape.ts): spheres, capsules, boxes, and
   * planes on static bodies. A dynamic body given shapes and no `mass` or `inertia` takes all three
   * mass properties from them (each shape's density; geometry/mass-properties.ts); given a `mass` only,
   * the shapes' inertia scaled to it. Either way the centre of mass comes from the shapes: `position` is
   * then the body frame's origin, the body (whose position is its centre of mass) sits at
   * position + R c, and `body.shapes` hold their places relative to it. Given an `inertia`, the shapes
   * are placed about `position` as the centre of mass.
   */
  shapes?: readonly ShapeOptions[];
  /** Translation along each world axis (x, y, z) locked: the body never moves along a locked axis,
   * whatever pushes or pulls it (Rapier's locked translations, Jolt's allowed degrees of freedom). A box
   * with x and z locked slides only along y. Default none. */
  lockTranslation?: readonly [boolean, boolean, boolean];
  /** Rotation about each world axis (x, y, z) locked: the body never turns about a locked axis, whatever
   * pushes it (Rapier's enabled rotations, Jolt's allowed degrees of freedom). A capsule character with
   * all three locked never tips. Default none. */
  lockRotation?: readonly [boolean, boolean, boolean];
  /**
   * Continuous collision (collision/continuous.ts): each step in which the body moves more than half its
   * thinnest shape's inner radius, its motion is swept against static, kinematic and dynamic shapes,
   * and if it went into one deeper than the contacts can push it out of, or through, it is put back
   * where it first came near it, keeping its velocity, for the next step's contact to stop it (Box2D v3's
   * bullets, Jolt's LinearCast motion quality). Bodies faster than the world's `ccdSpeedThreshold` get it
   * without the flag. Dynamic bodies only (ignored on others). Default false.
   */
  ccd?: boolean;
  /**
   * Contacts of this body whose normal force over a step exceeds this, N, are reported to
   * world.onContactForce (Rapier's contactForceEventThreshold): a number ≥ 0, or Infinity (the default:
   * none reported). A pair is reported when its force exceeds the lower of its two bodies' thresholds.
   */
  contactForceEventThreshold?: number;
  userData?: unknown;
}

/** @internal The keys of BodyOptions (option-keys.ts). */
export const BODY_OPTION_KEYS = optionKeys<BodyOptions>({
  type: true, position: true, orientation: true, linearVelocity: true, angularVelocity: true, mass: true, inertia: true,
  linearDamping: true, angularDamping: true, gravityScale: true, shapes: true, canSleep: true, lockTranslation: true,
  lockRotation: true, ccd: true, contactForceEventThreshold: true, userData: true,
});

/** Reads createBody's `shapes`: each checked (the error names the shape's index), of a type the world takes
 * (`types`), and each on a body type that may carry it (a plane on static bodies only; a heightfield not
 * on a dynamic body; a mesh on a dynamic body only when closed: ShapeDefinition.refuse). */
function readShapes(where: string, value: unknown, type: BodyType, id: number, types: ShapeTypeTable): Shape[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`${where}: shapes must be an array of shape options, got ${show(value)}`);
  if (value.length > MAX_SHAPES_PER_BODY) {
    throw new RangeError(`${where}: a body holds at most ${MAX_SHAPES_PER_BODY} shapes (2²¹), got ${value.length}`);
  }
  return value.map((options: unknown, i: number) => {
    const shape = new Shape(`${where}: shapes[${i}]`, options as ShapeOptions, types);
    const allowed = shape.definition.bodyTypes;
    if (!allowed.includes(type)) {
      throw new RangeError(
        `${where}: shapes[${i}] is a ${shape.type}, which only a ${allowed.join(' or ')} body may have (it has no mass), on ${type} body ${id}`,
      );
    }
    const refused = shape.definition.refuse?.(shape, type) ?? null;
    if (refused !== null) throw new RangeError(`${where}: shapes[${i}] refused on ${type} body ${id}: ${refused}`);
    return shape;
  });
}

/** @internal BodyOptions checked, defaults filled in. */
export interface BodyValues extends MassValues {
  type: BodyType;
  position: Float64Array;
  orientation: Float64Array;
  linearVelocity: Float64Array;
  angularVelocity: Float64Array;
  shapes: Shape[];
  common: CommonBodyValues;
  rotationLocks: number;
  translationLocks: number;
  ccd: boolean;
  contactForceEventThreshold: number;
}

/** @internal Checks createBody's options for body `id`, in this order, before anything is made; with the
 * mass from the shapes, the shapes are placed about their centre of mass (body-mass.ts readMass). */
export function readBodyOptions(where: string, options: BodyOptions, id: number, shapeTypes: ShapeTypeTable): BodyValues {
  const type = readBodyTypeOption(where, options, BODY_OPTION_KEYS);
  const position = new Float64Array(3);
  const orientation = new Float64Array([0, 0, 0, 1]);
  const linearVelocity = new Float64Array(3);
  const angularVelocity = new Float64Array(3);
  if (options.position !== undefined) readPoint(where, 'position', options.position, 3, position);
  if (options.orientation !== undefined) readUnitQuaternion(where, 'orientation', options.orientation, orientation);
  if (options.linearVelocity !== undefined) {
    readBoundedVector(where, 'linearVelocity', options.linearVelocity, 3, linearVelocity, MAX_LINEAR_SPEED, ' m/s');
  }
  if (options.angularVelocity !== undefined) {
    readBoundedVector(where, 'angularVelocity', options.angularVelocity, 3, angularVelocity, MAX_ANGULAR_SPEED, ' rad/s');
  }
  requireTypeAllows(where, type, hasNonZero(linearVelocity) || hasNonZero(angularVelocity), options);
  const shapes = readShapes(where, options.shapes, type, id, shapeTypes);
  const { mass, inertia, inverse } = readMass(where, options, type, shapes, position, orientation);
  const common = readCommonBodyOptions(where, options);
  const rotationLocks = options.lockRotation === undefined ? 0 : readLocks(where, 'lockRotation', options.lockRotation);
  const translationLocks = options.lockTranslation === undefined ? 0 : readLocks(where, 'lockTranslation', options.lockTranslation);
  const ccd = options.ccd === undefined ? false : requireBoolean(where, 'ccd', options.ccd);
  const threshold = options.contactForceEventThreshold;
  const contactForceEventThreshold = threshold === undefined ? Infinity : readForceThreshold(where, threshold);
  return {
    type, position, orientation, linearVelocity, angularVelocity, shapes, mass, inertia, inverse, common, rotationLocks, translationLocks, ccd,
    contactForceEventThreshold,
  };
}

/** @internal A contactForceEventThreshold: a number ≥ 0, N, Infinity allowed (no events). */
export function readForceThreshold(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new RangeError(`${where}: contactForceEventThreshold must be a number ≥ 0 (N) or Infinity, got ${show(value)}`);
  }
  return value;
}

function hasNonZero(v: Float64Array): boolean {
  return v[0] !== 0 || v[1] !== 0 || v[2] !== 0;
}
