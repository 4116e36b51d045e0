// A 2D body's mass and moment of inertia (lib/body/body-mass.ts in 3D): from createBody's options,
// scaled by setMassProperties, set again by setType, and their inverses in the state. A 2D body has no
// shapes to weigh: its defaults are 1 kg and a 1 m square's inertia, mass/6. Static and kinematic bodies
// have m = I = Infinity and m⁻¹ = I⁻¹ = 0.

import { MAX_INERTIA, MAX_MASS, MIN_INERTIA, MIN_MASS } from '../limits.js';
import { requirePositiveWithin, requireWithin, show } from '../util/validate.js';
import type { BodyType } from '../body/body-type.js';
import type { Body2D } from './body.js';
import { BODY2D_STATE } from './body-state.js';

const INVERSE_MASS = BODY2D_STATE.inverseMass;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia;

/** @internal A mass and moment of inertia checked (Infinity for a body that is not dynamic). */
export interface MassValues {
  mass: number;
  inertia: number;
}

/** @internal A moment of inertia > 0 within [MIN_INERTIA, MAX_INERTIA], kg·m². */
export function readInertia(where: string, name: string, value: unknown): number {
  return requirePositiveWithin(where, name, value, MIN_INERTIA, MAX_INERTIA, ' kg·m²');
}

/** @internal createBody's mass and inertia: as given, else 1 kg and a 1 m square's inertia of the mass. */
export function readMass(where: string, options: { mass?: unknown; inertia?: unknown }, type: BodyType): MassValues {
  if (type !== 'dynamic') return { mass: Infinity, inertia: Infinity };
  const mass = options.mass === undefined ? 1 : requirePositiveWithin(where, 'mass', options.mass, MIN_MASS, MAX_MASS, ' kg');
  const inertia = options.inertia === undefined ? mass / 6 : readInertia(where, 'inertia', options.inertia);
  return { mass, inertia };
}

/** @internal setType's mass for a body made `type`: made dynamic, createBody's defaults. */
export function readTypeMass(type: BodyType): MassValues {
  return type === 'dynamic' ? { mass: 1, inertia: 1 / 6 } : { mass: Infinity, inertia: Infinity };
}

/** @internal setMassProperties' inertia: as given, else the body's scaled with the mass from its current
 * one; checked like createBody's. */
export function readNewInertia(where: string, body: Body2D, mass: number, inertia: number | undefined): MassValues {
  const I = inertia === undefined
    ? requireWithin(where, `the inertia scaled to mass ${show(mass)}`, (body.inertia * mass) / body.mass, MIN_INERTIA, MAX_INERTIA, ' kg·m²')
    : readInertia(where, 'inertia', inertia);
  return { mass, inertia: I };
}

/** @internal Gives the body `mass` and `inertia` (Infinity: none) and their inverses in its state. */
export function writeMass(body: Body2D, { mass, inertia }: MassValues): void {
  body._mass = mass;
  body._inertia = inertia;
  body.state[INVERSE_MASS] = 1 / mass;
  body.state[INVERSE_INERTIA] = 1 / inertia;
}
