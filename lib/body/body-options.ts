// What createBody takes (BodyOptions) and how its parts are read: the shapes, each checked and allowed on
// the body's type, and the mass the shapes give.

import type { BodyType } from './body-type.js';
import type { CommonBodyOptions } from './body-base.js';
import { MAX_SHAPES_PER_BODY, Shape, type ShapeOptions, type ShapeTypeTable } from '../geometry/shape.js';
import { show, showBound } from '../util/validate.js';
import { optionKeys } from '../util/option-keys.js';
import { MAX_MASS, MIN_MASS } from '../limits.js';

export interface BodyOptions extends CommonBodyOptions {
  /** 'dynamic' (default) moves under forces and joints; 'static' never moves; 'kinematic' moves at
   * the velocity you give it and is not pushed by anything. */
  type?: BodyType;
  /** Centre of mass in world space, m. Default [0, 0, 0]. */
  position?: ArrayLike<number>;
  /** Unit quaternion [x, y, z, w]. Default identity. A nearly-unit one (within 1e-3) is normalized. */
  orientation?: ArrayLike<number>;
  /** m/s, of magnitude at most 1e6 (MAX_LINEAR_SPEED). Default zero. */
  linearVelocity?: ArrayLike<number>;
  /** rad/s, world frame, of magnitude at most 1e6 (MAX_ANGULAR_SPEED). Default zero. */
  angularVelocity?: ArrayLike<number>;
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
  userData?: unknown;
}

/** @internal The keys of BodyOptions (option-keys.ts). */
export const BODY_OPTION_KEYS = optionKeys<BodyOptions>({
  type: true, position: true, orientation: true, linearVelocity: true, angularVelocity: true, mass: true, inertia: true,
  linearDamping: true, angularDamping: true, gravityScale: true, shapes: true, canSleep: true, lockTranslation: true,
  lockRotation: true, ccd: true, userData: true,
});

/** @internal Reads createBody's `shapes`: each checked (the error names the shape's index), of a type the world
 * takes (`types`), and each on a body type that may carry it (a plane on static bodies only; a mesh or
 * heightfield not on a dynamic body). */
export function readShapes(where: string, value: unknown, type: BodyType, id: number, types: ShapeTypeTable): Shape[] {
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
    return shape;
  });
}

/** @internal Whether mass properties exist with a mass within [MIN_MASS, MAX_MASS]. */
export function hasMassInRange(properties: { mass: number } | null): boolean {
  return properties !== null && properties.mass >= MIN_MASS && properties.mass <= MAX_MASS;
}

/** A mass to show: 3 significant digits. */
function roughly(value: number): string {
  return show(Number(value.toPrecision(3)));
}

/** @internal Refuses solid shapes whose mass, Σ density · volume, is outside [MIN_MASS, MAX_MASS] (a body takes
 * its mass from them): the message names their densities and the mass they give. `remedy` ends it. */
export function requireShapesMass(where: string, shapes: readonly Shape[], remedy: string): void {
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
