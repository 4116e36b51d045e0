// A 3D body's mass and inertia (lib/2d/body-mass.ts in 2D): from createBody's options or the shapes'
// densities, scaled by setMassProperties, taken from the shapes again by setType, and the state that
// follows from them: m⁻¹ (along each world axis, for the translation locks), I_b and I_b⁻¹, and whether
// I_b is diagonal. Static and kinematic bodies have m = Infinity, m⁻¹ = 0 and I_b = I_b⁻¹ = 0.

import { MAX_MASS, MIN_MASS } from '../limits.js';
import { checkInertiaRange, readInertia } from '../geometry/inertia.js';
import { computeMassProperties, type MassProperties } from '../geometry/mass-properties.js';
import type { Shape } from '../geometry/shape.js';
import { rotationMatrix } from '../math/quat.js';
import { requirePositiveWithin, show, showBound } from '../util/validate.js';
import type { Body } from './body.js';
import { BODY_STATE } from './body-state.js';
import type { BodyType } from './body-type.js';

const INVERSE_MASS = BODY_STATE.inverseMass;
const INVERSE_MASS_AXES = BODY_STATE.inverseMassAxes, TRANSLATION_LOCKS = BODY_STATE.translationLocks;

/** @internal A mass checked, with the inertia I_b and its inverse (zero, and the mass Infinity, for a
 * body that is not dynamic). */
export interface MassValues {
  mass: number;
  inertia: Float64Array;
  inverse: Float64Array;
}

/**
 * @internal createBody's mass and inertia: as given; else the shapes', the given mass scaling their
 * inertia; else 1 kg and a 1 m cube's inertia. When they come from the shapes, the centre of mass becomes
 * the body's position (written to `position`, about `orientation`) and the shapes are placed about it.
 */
export function readMass(
  where: string, options: { mass?: unknown; inertia?: unknown }, type: BodyType, shapes: readonly Shape[], position: Float64Array, orientation: Float64Array,
): MassValues {
  const inertia = new Float64Array(9);
  const inverse = new Float64Array(9);
  if (type !== 'dynamic') return { mass: Infinity, inertia, inverse };
  const given = options.mass === undefined ? undefined : requirePositiveWithin(where, 'mass', options.mass, MIN_MASS, MAX_MASS, ' kg');
  if (given === undefined && options.inertia === undefined) requireShapesMass(where, shapes, 'give the body a mass, or its shapes another density');
  let fromShapes = options.inertia === undefined ? computeMassProperties(shapes) : null;
  if (given !== undefined && options.inertia === undefined && shapes.length > 0 && !hasMassInRange(fromShapes)) {
    // the shapes' own mass is out of range (or 0): only their relative densities count, scaled to ≤ 1
    fromShapes = computeMassProperties(shapes, 1 / Math.max(...shapes.map((shape) => shape.density)));
  }
  const mass = given ?? fromShapes?.mass ?? 1;
  if (options.inertia !== undefined) {
    readInertia(where, options.inertia, inertia, inverse);
  } else if (fromShapes !== null) {
    // the shapes' inertia, scaled to the mass when one is given
    const scale = mass / fromShapes.mass;
    const name = given === undefined ? "the shapes' inertia" : `the shapes' inertia scaled to mass ${show(mass)}`;
    readInertia(where, Array.from(fromShapes.inertia, (value) => value * scale), inertia, inverse, name);
    placeShapes(shapes, fromShapes.centre, rotationMatrix(new Float64Array(9), orientation), position);
  } else {
    const cube = mass / 6;
    readInertia(where, [cube, cube, cube], inertia, inverse);
  }
  return { mass, inertia, inverse };
}

/** @internal setType's mass for a body made `type`: made dynamic, its shapes' (1 kg and a 1 m cube's
 * inertia without solid shapes), with their centre of mass in `centre` (else null). */
export function readTypeMass(where: string, type: BodyType, body: Body): MassValues & { centre: Float64Array | null } {
  if (type !== 'dynamic') return { mass: Infinity, inertia: new Float64Array(9), inverse: new Float64Array(9), centre: null };
  const fromShapes = readShapesMass(where, body.id, body.shapes);
  if (fromShapes !== null) return fromShapes;
  const inertia = new Float64Array(9), inverse = new Float64Array(9);
  readInertia(where, [1 / 6, 1 / 6, 1 / 6], inertia, inverse);
  return { mass: 1, inertia, inverse, centre: null };
}

/** @internal The mass properties of a dynamic body `id` made of `shapes` (setType; Body.addShape,
 * removeShape and a resize): their mass and inertia with their centre of mass (body frame, about the
 * current one), or null without solid shapes. Refuses, naming the values, a mass or inertia out of range. */
export function readShapesMass(where: string, id: number, shapes: readonly Shape[]): (MassValues & { centre: Float64Array }) | null {
  requireShapesMass(where, shapes, `body ${id} takes its mass from them; give them another density`);
  const fromShapes = computeMassProperties(shapes);
  if (fromShapes === null) return null;
  const inertia = new Float64Array(9), inverse = new Float64Array(9);
  readInertia(where, fromShapes.inertia, inertia, inverse, "the shapes' inertia");
  return { mass: fromShapes.mass, inertia, inverse, centre: fromShapes.centre };
}

/** @internal setMassProperties' inertia: as given (createBody's `inertia`), else the body's scaled with
 * the mass from its current one; checked like createBody's. */
export function readNewInertia(where: string, body: Body, mass: number, inertia: ArrayLike<number> | undefined): MassValues {
  const tensor = new Float64Array(9);
  const inverse = new Float64Array(9);
  if (inertia !== undefined) {
    readInertia(where, inertia, tensor, inverse);
  } else {
    const scale = mass / body._mass;
    for (let i = 0; i < 9; i++) {
      tensor[i] = body.inertiaLocal[i] * scale;
      inverse[i] = body.inverseInertiaLocal[i] / scale;
    }
    checkInertiaRange(where, `the inertia scaled to mass ${show(mass)}`, tensor, inverse, Array.from(tensor));
  }
  return { mass, inertia: tensor, inverse };
}

/** @internal Gives the body `mass` (Infinity: none) and the inertia I_b with its inverse, and what follows
 * from them: m⁻¹ along each axis, whether I_b is diagonal, the world inverse inertia (zero without mass). */
export function writeMass(body: Body, { mass, inertia, inverse }: MassValues): void {
  const s = body.state;
  body._mass = mass;
  s[INVERSE_MASS] = 1 / mass;
  if (mass === Infinity) body.inverseInertiaWorld.fill(0);
  writeInverseMassAxes(s);
  body.inertiaLocal.set(inertia);
  body.inverseInertiaLocal.set(inverse);
  body.diagonalInertia = inverse[1] === 0 && inverse[2] === 0 && inverse[3] === 0 && inverse[5] === 0 && inverse[6] === 0 && inverse[7] === 0;
  body.updateInertia();
}

/** @internal m⁻¹ along each world axis from m⁻¹ and the translation locks (BODY_STATE.inverseMassAxes). */
export function writeInverseMassAxes(s: Float64Array): void {
  const m = s[INVERSE_MASS], locks = s[TRANSLATION_LOCKS];
  for (let k = 0; k < 3; k++) s[INVERSE_MASS_AXES + k] = (locks & (1 << k)) !== 0 ? 0 : m;
}

/** @internal The centre of mass c (body frame) becomes the body's position, x += R c, and the shapes that
 * have a place in the body are placed about it. */
export function placeShapes(shapes: readonly Shape[], c: Float64Array, R: Float64Array, position: Float64Array): void {
  for (let k = 0; k < 3; k++) position[k] += R[k] * c[0] + R[3 + k] * c[1] + R[6 + k] * c[2];
  for (const shape of shapes) if (shape.definition.placed) for (let k = 0; k < 3; k++) shape.position[k] -= c[k];
}

/** Whether mass properties exist with a mass within [MIN_MASS, MAX_MASS]. */
function hasMassInRange(properties: MassProperties | null): boolean {
  return properties !== null && properties.mass >= MIN_MASS && properties.mass <= MAX_MASS;
}

/** A mass to show: 3 significant digits. */
function roughly(value: number): string {
  return show(Number(value.toPrecision(3)));
}

/** Refuses solid shapes whose mass, Σ density · volume, is outside [MIN_MASS, MAX_MASS] (a body takes its
 * mass from them): the message names their densities and the mass they give. `remedy` ends it. */
function requireShapesMass(where: string, shapes: readonly Shape[], remedy: string): void {
  let mass = 0, solid = false;
  const densities: number[] = [];
  for (const shape of shapes) {
    const definition = shape.definition;
    if (!definition.solid) continue;
    solid = true;
    mass += shape.density * definition.volume(shape);
    if (!densities.includes(shape.density)) densities.push(shape.density);
  }
  if (!solid || (mass >= MIN_MASS && mass <= MAX_MASS)) return;
  const of = densities.length === 1 ? `density ${show(densities[0])}` : `densities ${densities.map(show).join(', ')}`;
  const bound = mass < MIN_MASS ? `below the minimum ${showBound(MIN_MASS)} kg` : `above the maximum ${showBound(MAX_MASS)} kg`;
  throw new RangeError(`${where}: shapes of ${of} kg/m³ give mass ${roughly(mass)} kg, ${bound} (README, "Limits"); ${remedy}`);
}
