// A 2D body's mass and moment of inertia (lib/body/body-mass.ts in 3D): from createBody's options or the
// shapes' densities (geometry/mass-properties.ts), scaled by setMassProperties, taken from the shapes
// again by setType, and their inverses in the state. Without solid shapes the defaults are 1 kg and a
// 1 m square's inertia, mass/6. Static and kinematic bodies have m = I = Infinity and m⁻¹ = I⁻¹ = 0.

import { MAX_INERTIA, MAX_MASS, MIN_INERTIA, MIN_MASS } from '../limits.js';
import { requirePositiveWithin, requireWithin, show, showBound } from '../util/validate.js';
import type { BodyType } from '../body/body-type.js';
import type { Body2D } from './body.js';
import { BODY2D_STATE } from './body-state.js';
import { computeMassProperties2D, geometryArea, type MassProperties2D } from './geometry/mass-properties.js';
import type { Shape2D } from './geometry/shape.js';

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

/**
 * @internal createBody's mass and inertia, as 3D's: as given; else the shapes', a given mass scaling
 * their inertia; else 1 kg and a 1 m square's inertia of the mass. When they come from the shapes, the
 * centre of mass becomes the body's position (written to `position`, the body frame's origin given at
 * `rotation`) and the shapes are placed about it (placeShapes).
 */
export function readMass(
  where: string, options: { mass?: unknown; inertia?: unknown }, type: BodyType, shapes: readonly Shape2D[], position: Float64Array, rotation: ArrayLike<number>,
): MassValues {
  if (type !== 'dynamic') return { mass: Infinity, inertia: Infinity };
  const given = options.mass === undefined ? undefined : requirePositiveWithin(where, 'mass', options.mass, MIN_MASS, MAX_MASS, ' kg');
  if (given === undefined && options.inertia === undefined) requireShapesMass(where, shapes, 'give the body a mass, or its shapes another density');
  let fromShapes = options.inertia === undefined ? computeMassProperties2D(shapes) : null;
  if (given !== undefined && options.inertia === undefined && shapes.length > 0 && !hasMassInRange(fromShapes)) {
    // the shapes' own mass is out of range (or 0): only their relative densities count, scaled to ≤ 1
    fromShapes = computeMassProperties2D(shapes, 1 / Math.max(...shapes.map((shape) => shape.density)));
  }
  const mass = given ?? fromShapes?.mass ?? 1;
  let inertia: number;
  if (options.inertia !== undefined) {
    inertia = readInertia(where, 'inertia', options.inertia);
  } else if (fromShapes !== null) {
    // the shapes' inertia, scaled to the mass when one is given
    const name = given === undefined ? "the shapes' inertia" : `the shapes' inertia scaled to mass ${show(mass)}`;
    inertia = requireWithin(where, name, (fromShapes.inertia * mass) / fromShapes.mass, MIN_INERTIA, MAX_INERTIA, ' kg·m²');
    placeShapes(shapes, fromShapes.centre, rotation, position);
  } else {
    inertia = mass / 6;
  }
  return { mass, inertia };
}

/** @internal setType's mass for a body made `type`: made dynamic, its shapes' (1 kg and a 1 m square's
 * inertia without solid shapes), with their centre of mass in `centre` (else null). */
export function readTypeMass(where: string, type: BodyType, body: Body2D): MassValues & { centre: Float64Array | null } {
  if (type !== 'dynamic') return { mass: Infinity, inertia: Infinity, centre: null };
  const fromShapes = readShapesMass(where, body.id, body.shapes);
  return fromShapes ?? { mass: 1, inertia: 1 / 6, centre: null };
}

/** @internal The mass properties of a dynamic body `id` made of `shapes` (setType): their mass and inertia
 * with their centre of mass (body frame, about the current one), or null without solid shapes. Refuses,
 * naming the values, a mass or inertia out of range. */
export function readShapesMass(where: string, id: number, shapes: readonly Shape2D[]): (MassValues & { centre: Float64Array }) | null {
  requireShapesMass(where, shapes, `body ${id} takes its mass from them; give them another density`);
  const fromShapes = computeMassProperties2D(shapes);
  if (fromShapes === null) return null;
  const inertia = requireWithin(where, "the shapes' inertia", fromShapes.inertia, MIN_INERTIA, MAX_INERTIA, ' kg·m²');
  return { mass: fromShapes.mass, inertia, centre: fromShapes.centre };
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

/** @internal The centre of mass c (body frame) becomes the body's position, x += R c, and the shapes are
 * placed about it, p_i −= c: x + R p_i, where each shape is in the world, stays the same. */
export function placeShapes(shapes: readonly Shape2D[], c: Float64Array, R: ArrayLike<number>, position: Float64Array): void {
  position[0] += R[0] * c[0] - R[1] * c[1];
  position[1] += R[1] * c[0] + R[0] * c[1];
  for (const shape of shapes) {
    shape.position[0] -= c[0];
    shape.position[1] -= c[1];
  }
}

/** Whether mass properties exist with a mass within [MIN_MASS, MAX_MASS]. */
function hasMassInRange(properties: MassProperties2D | null): boolean {
  return properties !== null && properties.mass >= MIN_MASS && properties.mass <= MAX_MASS;
}

/** Refuses solid shapes whose mass, Σ density · area, is outside [MIN_MASS, MAX_MASS] (a body takes its
 * mass from them): the message names their densities and the mass they give. `remedy` ends it. */
function requireShapesMass(where: string, shapes: readonly Shape2D[], remedy: string): void {
  let mass = 0, solid = false;
  const densities: number[] = [];
  for (const shape of shapes) {
    if (shape.geometry === null || !shape.solid) continue;
    solid = true;
    mass += shape.density * geometryArea(shape.geometry);
    if (!densities.includes(shape.density)) densities.push(shape.density);
  }
  if (!solid || (mass >= MIN_MASS && mass <= MAX_MASS)) return;
  const of = densities.length === 1 ? `density ${show(densities[0])}` : `densities ${densities.map(show).join(', ')}`;
  const bound = mass < MIN_MASS ? `below the minimum ${showBound(MIN_MASS)} kg` : `above the maximum ${showBound(MAX_MASS)} kg`;
  throw new RangeError(`${where}: shapes of ${of} kg/m² give mass ${show(Number(mass.toPrecision(3)))} kg, ${bound} (README, "Limits"); ${remedy}`);
}
