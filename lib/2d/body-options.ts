// What World2D.createBody takes (Body2DOptions) and how it is read (lib/body/body-options.ts in 3D).

import type { BodyType } from '../body/body-type.js';
import { readBodyTypeOption, readCommonBodyOptions, requireTypeAllows, type CommonBodyOptions, type CommonBodyValues } from '../body/body-base.js';
import { readMass, type MassValues } from './body-mass.js';
import { optionKeys } from '../util/option-keys.js';
import { readBoundedVector, readPoint, requireFinite, requireWithin } from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED } from '../limits.js';
import type { Vector2Input } from '../util/vector-input.js';

export interface Body2DOptions extends CommonBodyOptions {
  /** 'dynamic' (default), 'static' or 'kinematic', as in 3D. */
  type?: BodyType;
  /** Centre of mass, m. Default [0, 0]. */
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
   * Default: a 1 m square of the body's mass, mass/6. */
  inertia?: number;
  userData?: unknown;
}
/** @internal The keys of Body2DOptions (option-keys.ts). */
export const BODY2D_OPTION_KEYS = optionKeys<Body2DOptions>({
  type: true, position: true, angle: true, linearVelocity: true, angularVelocity: true, mass: true, inertia: true,
  linearDamping: true, angularDamping: true, gravityScale: true, canSleep: true, userData: true,
});

/** @internal Body2DOptions checked, defaults filled in. */
export interface BodyValues extends MassValues {
  type: BodyType;
  position: Float64Array;
  angle: number;
  linearVelocity: Float64Array;
  angularVelocity: number;
  common: CommonBodyValues;
}

/** @internal Checks createBody's options, in this order, before anything is made. */
export function readBodyOptions(where: string, options: Body2DOptions): BodyValues {
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
  const { mass, inertia } = readMass(where, options, type);
  const common = readCommonBodyOptions(where, options);
  return { type, position, angle, linearVelocity, angularVelocity, mass, inertia, common };
}

/** @internal A finite angular velocity of at most MAX_ANGULAR_SPEED either way, rad/s. */
export function readAngularSpeed(where: string, name: string, value: unknown): number {
  const w = requireFinite(where, name, value);
  return requireWithin(where, name, w, -MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED, ' rad/s');
}
