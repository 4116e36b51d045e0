// What World2D.createBody takes (Body2DOptions) and how it is read (lib/body/body-options.ts in 3D).

import { readForceThreshold } from '../body/body-options.js';
import type { BodyType } from '../body/body-type.js';
import { readBodyTypeOption, readCommonBodyOptions, requireTypeAllows, type CommonBodyOptions, type CommonBodyValues } from '../body/body-base.js';
import { readMass, type MassValues } from './body-mass.js';
import { MASSLESS_2D_TYPES, Shape2D, type Shape2DOptions } from './geometry/shape.js';
import { MAX_SHAPES_PER_BODY } from '../geometry/shape.js';
import { wrapAngleAt, writeSinCos } from '../math/portable.js';
import { optionKeys } from '../util/option-keys.js';
import { readBoundedVector, readPoint, requireFinite, requireWithin, show } from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED } from '../limits.js';
import type { Vector2Input } from '../util/vector-input.js';

export interface Body2DOptions extends CommonBodyOptions {
  /** 'dynamic' (default), 'static' or 'kinematic', as in 3D. */
  type?: BodyType;
  /** Centre of mass, m, or with shapes that give the body its mass, the origin of the frame they are
   * placed in (see `shapes`). Default [0, 0]. */
  position?: Vector2Input;
  /** rad, counter-clockwise. Default 0. Kept wrapped to [−π, π] (an angle outside is wrapped). */
  angle?: number;
  /** m/s, of magnitude at most 1e6 (MAX_LINEAR_SPEED). Default zero. */
  linearVelocity?: Vector2Input;
  /** rad/s, counter-clockwise, at most 1e6 either way (MAX_ANGULAR_SPEED). Default 0. */
  angularVelocity?: number;
  /** kg, from 1e-12 to 1e20 (MIN_MASS, MAX_MASS). Dynamic bodies only: refused on a static or
   * kinematic body, as in 3D. Default 1. */
  mass?: number;
  /** kg·m² about the centre of mass, from 1e-30 to 1e34 (MIN_INERTIA, MAX_INERTIA); dynamic bodies only.
   * Default: the shapes', else a 1 m square of the body's mass, mass/6. */
  inertia?: number;
  /**
   * Collision shapes, placed in the body frame (geometry/shape.ts): circles, capsules, boxes, convex
   * polygons, and segments and chains on static and kinematic bodies (they have no mass). As in 3D: a
   * dynamic body given shapes and no `mass` or `inertia` takes all three mass properties from them
   * (each shape's density, kg/m²; geometry/mass-properties.ts); given a `mass` only, the shapes' inertia
   * scaled to it. Either way the centre of mass comes from the shapes: `position` is then the body frame's
   * origin, the body (whose position is its centre of mass) sits at position + R c, and `body.shapes`
   * hold their places relative to it. Given an `inertia`, and on static and kinematic bodies, the shapes
   * are placed about `position` as the centre of mass.
   */
  shapes?: readonly Shape2DOptions[];
  /**
   * Contacts of this body whose normal force over a step exceeds this, N, are reported to
   * world.onContactForce (as 3D's BodyOptions.contactForceEventThreshold): a number ≥ 0, or Infinity (the
   * default: none reported). A pair is reported when its force exceeds the lower of its two bodies' thresholds.
   */
  contactForceEventThreshold?: number;
  userData?: unknown;
}
/** @internal The keys of Body2DOptions (option-keys.ts). */
export const BODY2D_OPTION_KEYS = optionKeys<Body2DOptions>({
  type: true, position: true, angle: true, linearVelocity: true, angularVelocity: true, mass: true, inertia: true,
  linearDamping: true, angularDamping: true, gravityScale: true, canSleep: true, shapes: true, contactForceEventThreshold: true, userData: true,
});

/** @internal Body2DOptions checked, defaults filled in. */
export interface BodyValues extends MassValues {
  type: BodyType;
  position: Float64Array;
  angle: number;
  linearVelocity: Float64Array;
  angularVelocity: number;
  shapes: Shape2D[];
  common: CommonBodyValues;
  contactForceEventThreshold: number;
}

/** Reads createBody's `shapes`: each checked (the error names the shape's index, `shapes[2].radius`), and
 * segments and chains on static and kinematic bodies only. */
function readShapes(where: string, value: unknown, type: BodyType, id: number): Shape2D[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`${where}: shapes must be an array of shape options, got ${show(value)}`);
  if (value.length > MAX_SHAPES_PER_BODY) {
    throw new RangeError(`${where}: a body holds at most ${MAX_SHAPES_PER_BODY} shapes (2²¹), got ${value.length}`);
  }
  return value.map((options: unknown, i: number) => {
    const shape = new Shape2D(where, `shapes[${i}]`, options as Shape2DOptions);
    requireShapeAllowed(where, `shapes[${i}]`, shape, type, id);
    return shape;
  });
}

/** @internal Refuses a segment or chain on a dynamic body (it has no mass: Box2D gives none either). */
export function requireShapeAllowed(where: string, name: string, shape: Shape2D, type: BodyType, id: number): void {
  if (type === 'dynamic' && MASSLESS_2D_TYPES.includes(shape.type)) {
    throw new RangeError(`${where}: ${name} is a ${shape.type}, which only a static or kinematic body may have (it has no mass), on dynamic body ${id}`);
  }
}

/** @internal Checks createBody's options for body `id`, in this order, before anything is made; with the
 * mass from the shapes, the shapes are placed about their centre of mass (body-mass.ts readMass). */
export function readBodyOptions(where: string, options: Body2DOptions, id: number): BodyValues {
  const type = readBodyTypeOption(where, options, BODY2D_OPTION_KEYS);
  const position = new Float64Array(2);
  const linearVelocity = new Float64Array(2);
  if (options.position !== undefined) readPoint(where, 'position', options.position, 2, position);
  const angle = options.angle === undefined ? 0 : requireFinite(where, 'angle', options.angle);
  if (options.linearVelocity !== undefined) {
    readBoundedVector(where, 'linearVelocity', options.linearVelocity, 2, linearVelocity, MAX_LINEAR_SPEED, ' m/s');
  }
  const angularVelocity = options.angularVelocity === undefined ? 0 : readAngularSpeed(where, 'angularVelocity', options.angularVelocity);
  requireTypeAllows(where, type, linearVelocity[0] !== 0 || linearVelocity[1] !== 0 || angularVelocity !== 0, options);
  const shapes = readShapes(where, options.shapes, type, id);
  // the body's rotation as Body2D.updateRotation will make it (the angle wrapped to [−π, π])
  const turn = new Float64Array([angle, 0, 0]);
  if (!(angle >= -Math.PI && angle <= Math.PI)) wrapAngleAt(turn, 0);
  writeSinCos(turn);
  const { mass, inertia } = readMass(where, options, type, shapes, position, [turn[2], turn[1]]);
  const common = readCommonBodyOptions(where, options);
  const threshold = options.contactForceEventThreshold;
  const contactForceEventThreshold = threshold === undefined ? Infinity : readForceThreshold(where, threshold);
  return { type, position, angle, linearVelocity, angularVelocity, shapes, mass, inertia, common, contactForceEventThreshold };
}

/** @internal A finite angular velocity of at most MAX_ANGULAR_SPEED either way, rad/s. */
export function readAngularSpeed(where: string, name: string, value: unknown): number {
  const w = requireFinite(where, name, value);
  return requireWithin(where, name, w, -MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED, ' rad/s');
}
