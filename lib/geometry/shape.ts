// Collision shapes: what a body is made of, for its mass properties, ray casts and contacts.
//
// A shape sits in its body's frame at `position` with `orientation` (both relative to the body's centre
// of mass once the body exists; see Body and mass-properties.ts). Each type has one definition
// (shapes/*.ts, gathered in SHAPE_DEFINITIONS below): how its options are read, its mass properties,
// bounds and ray cast:
//   sphere   radius r
//   capsule  a segment from (0, −h, 0) to (0, h, 0) of its frame, swept by radius r (h = halfHeight)
//   box      half extents (x, y, z)
//   hull     the convex hull of points given in its frame (hull.ts; built by hull-building.ts: quickhull, coplanar faces merged);
//            its centroid is wherever the points put it (hull.centroid)
//   plane    the half-space n·p ≤ offset of the body's frame (static bodies only: it has no mass)
//   trimesh  triangles from vertices and indices (triangle-mesh.ts), one-sided; on a dynamic body only
//            when closed, and then the solid it encloses (mesh-volume.ts)
//   heightfield  a grid of heights, solid below (heightfield.ts); static and kinematic bodies only
//   cylinder a solid of radius r about the y axis, from y = −h to h (h = halfHeight)
//   cone     base disc of radius r at y = −h, apex at y = h (centred on its mid-height; its centroid at −h/2)
// Each also carries its surface's friction coefficient and restitution, for the contacts, and its
// collision filter.
//
// A shape is built from its options and the table of the types its world takes (ShapeTypeTable: World's
// is SHAPE_DEFINITIONS, a BasicWorld's those of the shape kinds it was given), and keeps its type's
// definition: the code that reads a shape goes through `shape.definition`, never through the table, so
// a bundle holds the definitions of the types its worlds take and no others (docs/bundle-size.md).

import { rotationMatrix } from '../math/quat.js';
import type { ConvexHull } from './hull.js';
import type { TriangleSource } from './triangle-source.js';
import type { ShapeDefinition, ShapeGeometry } from './shape-definition.js';
import type { ShapeOptions } from './shape-options.js';
import { BOX } from './shapes/box.js';
import { CAPSULE } from './shapes/capsule.js';
import { HULL } from './shapes/hull.js';
import { PLANE } from './shapes/plane.js';
import { SPHERE } from './shapes/sphere.js';
import { TRIMESH } from './shapes/trimesh.js';
import { HEIGHTFIELD } from './shapes/heightfield.js';
import { CYLINDER } from './shapes/cylinder.js';
import { CONE } from './shapes/cone.js';
import { readFiniteVector, readUnitQuaternion, requireNonNegative, requirePositive, show, showBound } from '../util/validate.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { makeReadOnly } from '../util/read-only.js';
import type { SurfaceOptions } from './shape-options.js';
import { MAX_LENGTH } from '../limits.js';
import type { Vector3Input } from '../util/vector-input.js';
import { filtersMeet, shouldCollide } from './collision-filter.js';
export { filtersMeet, shouldCollide };

export type {
  BoxShapeOptions, CapsuleShapeOptions, ConeShapeOptions, CylinderShapeOptions, HeightfieldShapeOptions, HullShapeOptions, PlaneShapeOptions, ShapeOptions, SphereShapeOptions, SurfaceOptions,
  TrimeshShapeOptions,
} from './shape-options.js';

export type ShapeType = ShapeOptions['type'];

/** Shape type definitions by type name: the types a world takes (each entry its type's definition). */
export type ShapeTypeTable = { readonly [T in ShapeType]?: ShapeDefinition<Extract<ShapeOptions, { type: T }>> };

/** Every shape type's definition, by type name: the table World builds shapes with. */
export const SHAPE_DEFINITIONS: { readonly [T in ShapeType]: ShapeDefinition<Extract<ShapeOptions, { type: T }>> } = {
  sphere: SPHERE,
  capsule: CAPSULE,
  box: BOX,
  hull: HULL,
  plane: PLANE,
  trimesh: TRIMESH,
  heightfield: HEIGHTFIELD,
  cylinder: CYLINDER,
  cone: CONE,
};

/** The definition of a shape type in SHAPE_DEFINITIONS (its options' type erased). A built shape has
 * its own (`shape.definition`). */
export function definitionOf(type: ShapeType): ShapeDefinition<ShapeOptions> {
  return SHAPE_DEFINITIONS[type] as ShapeDefinition<ShapeOptions>;
}

/** Every shape type, in SHAPE_DEFINITIONS' order: a shape's typeIndex is its type's place here. Written
 * out rather than read from SHAPE_DEFINITIONS, so that a shape's index does not bring every definition
 * with it. */
export const SHAPE_TYPES: readonly ShapeType[] = [
  'sphere', 'capsule', 'box', 'hull', 'plane', 'trimesh', 'heightfield', 'cylinder', 'cone',
] satisfies readonly (keyof typeof SHAPE_DEFINITIONS)[];

/** The surface's option keys, shared by every type (each type adds its own: ShapeDefinition.keys). */
const SURFACE_KEYS = optionKeys<SurfaceOptions>({
  position: true, orientation: true, density: true, friction: true, restitution: true, rollingResistance: true, category: true,
  mask: true, group: true, sensor: true,
});

/**
 * Shapes per body at most: the contact search keys each shape by body id · MAX_SHAPES_PER_BODY + its
 * index in the body, and the keys must stay exact in a double (2⁵³) for body ids up to 2³².
 */
export const MAX_SHAPES_PER_BODY = 2 ** 21;

/** @internal What holds a shape (its body, lib/body/body.ts): asked to take a new size. `resized` checks
 * what the size does to the body (its mass) and throws, changing nothing, if the body cannot take it;
 * else it follows the shape, whose geometry is already the new one. */
export interface ShapeHolder {
  requireShapeChange(where: string): void;
  shapeResized(where: string, shape: Shape): void;
}

/** The geometry fields a resize writes, each saved before and put back when the body refuses it. */
const RESIZED_FIELDS = ['radius', 'halfHeight', 'baseRadius', 'hull', 'extent', 'innerRadius'] as const;

export const DEFAULT_DENSITY = 1000;
export const DEFAULT_FRICTION = 0.6;

export class Shape implements ShapeGeometry {
  readonly type: ShapeType;
  /** @internal The type's place in SHAPE_TYPES: what the collision tables are indexed by
   * (collision/pair-dispatch.ts), a number where a type name would be a slower keyed lookup. */
  readonly typeIndex: number;
  /** @internal Its type's definition (shapes/*.ts): bounds, mass, ray cast, support function. */
  readonly definition: ShapeDefinition<ShapeOptions>;
  /** Centre in the body frame, m (relative to the centre of mass once on a body). */
  readonly position = new Float64Array(3);
  /** Orientation in the body frame (x, y, z, w), and its rotation matrix (column-major, as
   * Body.rotation), both fixed at creation. */
  readonly orientation = new Float64Array([0, 0, 0, 1]);
  readonly rotation = new Float64Array(9);
  /** Sphere, capsule and cylinder radius, m (0 for boxes, hulls, cones and planes): also the depth of a
   * round shape's core below its surface, and the arm of its rolling resistance (contact-constraint.ts). */
  readonly radius: number = 0;
  /** Capsule, cylinder and cone half height, m. */
  readonly halfHeight: number = 0;
  /** Cylinder and cone radius, m (0 for the others). */
  readonly baseRadius: number = 0;
  /** Box half extents, m. */
  readonly halfExtents = new Float64Array(3);
  /** A hull's geometry; a box's as a hull too (its contacts with hulls). Null for the others. */
  readonly hull: ConvexHull | null = null;
  /** Plane normal (unit, body frame) and offset. */
  readonly normal = new Float64Array([0, 1, 0]);
  readonly offset: number = 0;
  /** A triangle mesh's or heightfield's triangles (triangle-mesh.ts, heightfield.ts); null for the others. */
  readonly mesh: TriangleSource | null = null;
  readonly density: number;
  /** Coulomb friction coefficient (SurfaceOptions.friction): a finite number ≥ 0; can change between steps. */
  get friction(): number {
    return this._friction;
  }
  set friction(value: number) {
    this._friction = readCoefficient('shape.friction', 'friction', value);
  }
  /** Restitution (SurfaceOptions.restitution): a number in [0, 1]; can change between steps. */
  get restitution(): number {
    return this._restitution;
  }
  set restitution(value: number) {
    this._restitution = readRestitution('shape.restitution', value);
  }
  /** @internal The friction and restitution the contacts read (their setters check them). */
  _friction: number;
  /** @internal */
  _restitution: number;
  /** Rolling resistance coefficient (SurfaceOptions.rollingResistance). */
  readonly rollingResistance: number;
  /** Collision filter bits (SurfaceOptions.category, mask, group); a change takes effect at the next step. */
  get category(): number {
    return this._category;
  }
  set category(value: number) {
    this._category = readBits('shape.category', 'category', value, undefined);
    this.filterListener?.(this);
  }
  get mask(): number {
    return this._mask;
  }
  set mask(value: number) {
    this._mask = readBits('shape.mask', 'mask', value, undefined);
    this.filterListener?.(this);
  }
  get group(): number {
    return this._group;
  }
  set group(value: number) {
    this._group = readGroup('shape.group', value);
    this.filterListener?.(this);
  }
  private _category: number;
  private _mask: number;
  private _group: number;
  /** @internal The broadphase holding the shape: a filter change makes it look for pairs again. */
  filterListener: ((shape: Shape) => void) | null = null;
  /** Reports overlaps only (SurfaceOptions.sensor). */
  readonly sensor: boolean;
  /** @internal The body holding the shape, or null once removed from it (Body.removeShape) or its body
   * from its world: a resize asks it first. */
  holder: ShapeHolder | null = null;
  /** @internal Counts the shape's resizes (what caches of its geometry follow: world.hash()'s digest). */
  geometryVersion = 0;
  /** @internal The farthest point of the shape from its frame's origin, m (ShapeDefinition.extent). */
  readonly extent: number;
  /** @internal The largest ball about its centroid that fits inside, m (ShapeDefinition.innerRadius). */
  readonly innerRadius: number;

  /** @internal Checks every option before building; the error names the bad value. `types`: the shape
   * types the world takes (SHAPE_DEFINITIONS for World). */
  constructor(where: string, options: ShapeOptions, types: ShapeTypeTable) {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: a shape must be an object, got ${show(options)}`);
    const type = options.type;
    const known = SHAPE_TYPES.filter((name) => types[name] !== undefined);
    if (!known.includes(type)) {
      const names = known.map((name) => `'${name}'`);
      const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
      // a type this world was not given (BasicWorld's `shapes`) is named as such
      const given = SHAPE_TYPES.includes(type) ? ` (this world takes no ${type} shapes: give it ${type.toUpperCase()}_SHAPE in its shapes)` : '';
      throw new RangeError(`${where}: shape type must be ${names.length === 0 ? 'one this world takes (it takes none)' : list}, got ${show(type)}${given}`);
    }
    const definition = types[type] as ShapeDefinition<ShapeOptions>;
    checkOptionKeys(where, options, [...SURFACE_KEYS, ...definition.keys]);
    this.type = type;
    this.typeIndex = SHAPE_TYPES.indexOf(type);
    this.definition = definition;
    if (!definition.placed && (options.position !== undefined || options.orientation !== undefined)) {
      throw new RangeError(`${where}: a ${type} is placed by its normal and offset, not position or orientation`);
    }
    if (options.position !== undefined) {
      readFiniteVector(where, 'shape position', options.position, 3, this.position);
      for (let k = 0; k < 3; k++) {
        if (Math.abs(this.position[k]) > MAX_LENGTH) {
          throw new RangeError(`${where}: shape position must be within ±${showBound(MAX_LENGTH)} m of the body on each axis (README, "Limits"), got ${show(options.position)}`);
        }
      }
    }
    if (options.orientation !== undefined) readUnitQuaternion(where, 'shape orientation', options.orientation, this.orientation);
    // −0 kept as +0: a snapshot's JSON cannot tell them apart, and a restored shape must be the same bits
    for (let k = 0; k < 3; k++) this.position[k] += 0;
    for (let k = 0; k < 4; k++) this.orientation[k] += 0;
    rotationMatrix(this.rotation, this.orientation);
    this.density = options.density === undefined ? DEFAULT_DENSITY : requirePositive(where, 'density', options.density);
    this._friction = options.friction === undefined ? DEFAULT_FRICTION : readCoefficient(where, 'friction', options.friction);
    this._restitution = readRestitution(where, options.restitution ?? 0);
    this.rollingResistance = options.rollingResistance === undefined ? 0 : readCoefficient(where, 'rollingResistance', options.rollingResistance);
    this._category = readBits(where, 'category', options.category, 1);
    this._mask = readBits(where, 'mask', options.mask, 0xffffffff);
    this._group = options.group === undefined ? 0 : readGroup(where, options.group);
    const sensor = options.sensor ?? false;
    if (typeof sensor !== 'boolean') throw new TypeError(`${where}: sensor must be true or false, got ${show(sensor)}`);
    this.sensor = sensor;
    // the type's own fields, read by its definition (the geometry fields are readonly to users only)
    definition.read(where, options, this as ShapeGeometry);
    this.extent = definition.extent(this);
    this.innerRadius = definition.innerRadius(this);
    makeReadOnly(this as Shape, [
      'type', 'typeIndex', 'definition', 'position', 'orientation', 'rotation', 'radius', 'halfHeight', 'baseRadius', 'halfExtents', 'hull', 'normal', 'offset', 'mesh', 'density',
      'rollingResistance', 'sensor', 'extent', 'innerRadius',
    ]);
  }

  /**
   * Gives a sphere, capsule, cylinder or cone a new radius, m (as ShapeOptions' `radius`, checked alike). The shape keeps
   * its place in the body; its body's mass properties follow (Body.addShape says how), the contacts see
   * the new size at the next step and the queries at once, and the body wakes. Refused, changing
   * nothing, on a shape of another type, a bad radius, a shape no longer on a body of a world, or a body
   * the new mass would take out of range.
   */
  setRadius(radius: number): void {
    this.resize('setRadius', 'radius', ['sphere', 'capsule', 'cylinder', 'cone'], radius);
  }

  /** Gives a capsule, cylinder or cone a new half height, m (as their options' `halfHeight`), as setRadius. */
  setHalfHeight(halfHeight: number): void {
    this.resize('setHalfHeight', 'halfHeight', ['capsule', 'cylinder', 'cone'], halfHeight);
  }

  /** Gives a box new half extents [x, y, z], m (as BoxShapeOptions' `halfExtents`), as setRadius. */
  setHalfExtents(halfExtents: Vector3Input): void {
    this.resize('setHalfExtents', 'halfExtents', ['box'], halfExtents);
  }

  /**
   * The resize: the new size read by the type's definition as its options are (the error names the bad
   * value), written over the shape's geometry, then handed to the body; if the body refuses it (its mass
   * out of range), the old geometry is put back. (Rapier's ColliderSet setters, Jolt's
   * BodyInterface::SetShape: a shape changed in place, the body's mass properties and contacts after it.)
   */
  private resize(where: string, key: string, types: readonly ShapeType[], value: unknown): void {
    if (!types.includes(this.type)) {
      throw new TypeError(`${where}: a ${this.type} has no ${key} (${types.map((type) => `${type}s`).join(' and ')} have one)`);
    }
    const holder = this.holder;
    if (holder === null) throw new Error(`${where}: the shape was removed from its body`);
    holder.requireShapeChange(where);
    const geometry: ShapeGeometry = {
      radius: 0, halfHeight: 0, baseRadius: 0, halfExtents: new Float64Array(3), hull: null, normal: new Float64Array([0, 1, 0]), offset: 0, mesh: null,
    };
    this.definition.read(where, { ...this.definition.describe(this), type: this.type, [key]: value } as ShapeOptions, geometry);
    const self = this as unknown as Record<string, unknown>;
    const saved = RESIZED_FIELDS.map((name) => self[name]);
    const savedExtents = Float64Array.from(this.halfExtents);
    writeFields(this, {
      radius: geometry.radius, halfHeight: geometry.halfHeight, baseRadius: geometry.baseRadius, hull: geometry.hull,
    });
    this.halfExtents.set(geometry.halfExtents);
    writeFields(this, { extent: this.definition.extent(this), innerRadius: this.definition.innerRadius(this) });
    try {
      holder.shapeResized(where, this);
    } catch (error) {
      const old: Record<string, unknown> = {};
      RESIZED_FIELDS.forEach((name, i) => (old[name] = saved[i]));
      writeFields(this, old);
      this.halfExtents.set(savedExtents);
      throw error;
    }
    this.geometryVersion++;
  }

  /** m³ (Infinity for a plane). */
  get volume(): number {
    return this.definition.volume(this);
  }

  /** The options that rebuild this shape (snapshots). */
  describe(): ShapeOptions {
    const definition = this.definition;
    const material = {
      density: this.density, friction: this.friction, restitution: this.restitution, category: this.category, mask: this.mask, group: this.group,
      ...(this.sensor ? { sensor: true } : {}),
      ...(this.rollingResistance > 0 ? { rollingResistance: this.rollingResistance } : {}),
    };
    const placement = definition.placed ? { position: Array.from(this.position), orientation: Array.from(this.orientation) } : {};
    return { type: this.type, ...definition.describe(this), ...placement, ...material } as ShapeOptions;
  }
}

/** Writes fields made read-only (makeReadOnly) on a shape: the resize's. */
function writeFields(shape: Shape, values: Readonly<Record<string, unknown>>): void {
  for (const name in values) Object.defineProperty(shape, name, { value: values[name] });
}

// The readers below return −0 as +0: a snapshot keeps a shape's settings as JSON, which writes −0 as 0,
// and a shape restored with +0 where the world held −0 hashed differently (a rolling resistance of −0 did).

/** A friction or rolling resistance coefficient: a finite number ≥ 0. */
function readCoefficient(where: string, name: string, value: unknown): number {
  return requireNonNegative(where, name, value) + 0;
}

/** A restitution: a number in [0, 1]. */
function readRestitution(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`${where}: restitution must be in [0, 1], got ${show(value)}`);
  return value + 0;
}

/** A collision group: an integer within ±2³¹ (`name` for the error). */
export function readGroup(where: string, group: unknown, name = 'group'): number {
  if (typeof group !== 'number' || !Number.isInteger(group) || Math.abs(group) > 0x7fffffff) {
    throw new RangeError(`${where}: ${name} must be an integer in ±2³¹, got ${show(group)}`);
  }
  return group + 0;
}

/**
 * 32 filter bits, kept as the unsigned pattern (0 to 0xffffffff); `fallback` when undefined (options),
 * or refused when there is none (setters). A negative integer down to −2³¹ is the same 32 bits written
 * signed, as JavaScript's bitwise operators give them: `~0b100` (−5) is 0xfffffffb, all but bit 2.
 */
export function readBits(where: string, name: string, value: unknown, fallback: number | undefined): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -0x80000000 || value > 0xffffffff) {
    throw new RangeError(
      `${where}: ${name} must be an integer of 32 bits (0 to 0xffffffff, or −2³¹ to −1 as ~bits writes them), got ${show(value)}`,
    );
  }
  return value >>> 0;
}
