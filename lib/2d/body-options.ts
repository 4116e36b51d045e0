// What World2D.createBody takes (Body2DOptions; lib/body/body-options.ts in 2D).

import type { BodyType } from '../body/body-type.js';
import type { CommonBodyOptions } from '../body/body-base.js';
import { optionKeys } from '../util/option-keys.js';

export interface Body2DOptions extends CommonBodyOptions {
  /** 'dynamic' (default), 'static' or 'kinematic', as in 3D. */
  type?: BodyType;
  /** Centre of mass, m. Default [0, 0]. */
  position?: ArrayLike<number>;
  /** rad, counter-clockwise. Default 0. Kept wrapped to [−π, π] (an angle outside is wrapped). */
  angle?: number;
  /** m/s, of magnitude at most 1e6 (MAX_LINEAR_SPEED). Default zero. */
  linearVelocity?: ArrayLike<number>;
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
