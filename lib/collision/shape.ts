// Collision shapes: what a body is made of, for its mass properties, ray casts and contacts.
//
// A shape sits in its body's frame at `position` with `orientation` (both relative to the body's centre
// of mass once the body exists; see Body and mass-properties.ts). Every solid but the hull is centred on
// its own origin, so its centroid is `position`:
//   sphere   radius r
//   capsule  a segment from (0, −h, 0) to (0, h, 0) of its frame, swept by radius r (h = halfHeight)
//   box      half extents (x, y, z)
//   hull     the convex hull of points given in its frame (hull.ts: quickhull, coplanar faces merged);
//            its centroid is wherever the points put it (hull.centroid)
//   plane    the half-space n·p ≤ offset of the body's frame (static bodies only: it has no mass)
// Each also carries its surface's friction coefficient and restitution, for the contacts.

import { rotationMatrix } from '../math/quat.js';
import { boxHull, buildHull, readHullPoints, type ConvexHull } from './hull.js';
import { readFiniteVector, readUnitQuaternion, requireNonNegative, requirePositive, show } from '../validate.js';

export type ShapeType = 'sphere' | 'capsule' | 'box' | 'hull' | 'plane';

interface SurfaceOptions {
  /** Position of the shape's centre in the body frame, m. Default [0, 0, 0]. */
  position?: ArrayLike<number>;
  /** Orientation in the body frame, a unit quaternion [x, y, z, w]. Default identity. */
  orientation?: ArrayLike<number>;
  /** kg/m³, for the body's mass when createBody is given no mass. Default 1000 (water). */
  density?: number;
  /** Coulomb friction coefficient μ ≥ 0. Default 0.6. */
  friction?: number;
  /** Restitution e in [0, 1]: the share of the normal approach speed a bounce gives back. Default 0. */
  restitution?: number;
  /**
   * Rolling resistance coefficient c ≥ 0 (as for tyres: a rolling force of c times the normal force at
   * the rim): a contact resists the bodies' relative rolling with a torque of at most c (r_a + r_b) N,
   * r a sphere's or capsule's radius (0 for boxes, hulls and planes, which do not roll), c the larger of
   * the two shapes'. A solid ball rolling on a plane slows at (5/7) c g. Default 0.
   */
  rollingResistance?: number;
  /**
   * Collision filtering (Box2D's b2Filter): two shapes collide when each one's `category` bits meet the
   * other's `mask`, unless they share a nonzero `group`: a positive group always collides, a negative
   * one never (a ragdoll's segments share one). Defaults: category 1, mask all (0xffffffff), group 0.
   */
  category?: number;
  mask?: number;
  group?: number;
  /** A sensor only reports overlaps (World.onSensorBegin and onSensorEnd): nothing collides with it and
   * ray casts pass through it. Its density still counts toward its body's mass. Default false. */
  sensor?: boolean;
}
export interface SphereShapeOptions extends SurfaceOptions {
  type: 'sphere';
  radius: number;
}
export interface CapsuleShapeOptions extends SurfaceOptions {
  type: 'capsule';
  radius: number;
  /** Half the length of the segment between the two hemispheres' centres, along the shape's y axis. */
  halfHeight: number;
}
export interface BoxShapeOptions extends SurfaceOptions {
  type: 'box';
  halfExtents: ArrayLike<number>;
}
export interface HullShapeOptions extends SurfaceOptions {
  type: 'hull';
  /**
   * The points whose convex hull the shape is, in its frame (m): [[x, y, z], …] or flat [x, y, z, x, …].
   * Points closer than 1e-5 of the cloud's size are welded, and coplanar faces merged; at least 4 points
   * not on one plane, at most 4096 points and a hull of at most 256 vertices.
   */
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>;
}
export interface PlaneShapeOptions extends SurfaceOptions {
  type: 'plane';
  /** The outward normal in the body frame. Default [0, 1, 0]. */
  normal?: ArrayLike<number>;
  /** The plane is n·p = offset (body frame, m). Default 0. */
  offset?: number;
}
export type ShapeOptions = SphereShapeOptions | CapsuleShapeOptions | BoxShapeOptions | HullShapeOptions | PlaneShapeOptions;

/** Shapes per body at most (the contact search numbers them within the body in its pair keys). */
export const MAX_SHAPES_PER_BODY = 256;

export const DEFAULT_DENSITY = 1000;
export const DEFAULT_FRICTION = 0.6;

export class Shape {
  readonly type: ShapeType;
  /** Centre in the body frame, m (relative to the centre of mass once on a body). */
  readonly position = new Float64Array(3);
  /** Orientation in the body frame (x, y, z, w), and its rotation matrix (column-major, as
   * Body.rotation), both fixed at creation. */
  readonly orientation = new Float64Array([0, 0, 0, 1]);
  readonly rotation = new Float64Array(9);
  /** Sphere and capsule radius, m (0 for boxes, hulls and planes): also the depth of a round shape's core
   * below its surface, and the arm of its rolling resistance (contact-constraint.ts). */
  readonly radius: number;
  /** Capsule half height, m. */
  readonly halfHeight: number;
  /** Box half extents, m. */
  readonly halfExtents = new Float64Array(3);
  /** A hull's geometry; a box's as a hull too (its contacts with hulls). Null for the others. */
  readonly hull: ConvexHull | null = null;
  /** Plane normal (unit, body frame) and offset. */
  readonly normal = new Float64Array([0, 1, 0]);
  readonly offset: number;
  readonly density: number;
  friction: number;
  restitution: number;
  /** Rolling resistance coefficient (SurfaceOptions.rollingResistance). */
  readonly rollingResistance: number;
  category: number;
  mask: number;
  group: number;
  /** Reports overlaps only (SurfaceOptions.sensor). */
  readonly sensor: boolean;

  /** Checks every option before building; the error names the bad value. */
  constructor(where: string, options: ShapeOptions) {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: a shape must be an object, got ${show(options)}`);
    const type = options.type;
    if (type !== 'sphere' && type !== 'capsule' && type !== 'box' && type !== 'hull' && type !== 'plane') {
      throw new RangeError(`${where}: shape type must be 'sphere', 'capsule', 'box', 'hull' or 'plane', got ${show(type)}`);
    }
    this.type = type;
    if (type === 'plane' && (options.position !== undefined || options.orientation !== undefined)) {
      throw new RangeError(`${where}: a plane is placed by its normal and offset, not position or orientation`);
    }
    if (options.position !== undefined) readFiniteVector(where, 'shape position', options.position, 3, this.position);
    if (options.orientation !== undefined) readUnitQuaternion(where, 'shape orientation', options.orientation, this.orientation);
    rotationMatrix(this.rotation, this.orientation);
    this.density = options.density === undefined ? DEFAULT_DENSITY : requirePositive(where, 'density', options.density);
    this.friction = options.friction === undefined ? DEFAULT_FRICTION : requireNonNegative(where, 'friction', options.friction);
    const restitution = options.restitution ?? 0;
    if (typeof restitution !== 'number' || !(restitution >= 0 && restitution <= 1)) {
      throw new RangeError(`${where}: restitution must be in [0, 1], got ${show(restitution)}`);
    }
    this.restitution = restitution;
    this.rollingResistance = options.rollingResistance === undefined ? 0 : requireNonNegative(where, 'rollingResistance', options.rollingResistance);
    this.category = readBits(where, 'category', options.category, 1);
    this.mask = readBits(where, 'mask', options.mask, 0xffffffff);
    const group = options.group ?? 0;
    if (!Number.isInteger(group) || Math.abs(group) > 0x7fffffff) throw new RangeError(`${where}: group must be an integer in ±2³¹, got ${show(group)}`);
    this.group = group;
    const sensor = options.sensor ?? false;
    if (typeof sensor !== 'boolean') throw new TypeError(`${where}: sensor must be true or false, got ${show(sensor)}`);
    this.sensor = sensor;
    this.radius = type === 'sphere' || type === 'capsule' ? requirePositive(where, `${type} radius`, (options as SphereShapeOptions).radius) : 0;
    this.halfHeight = type === 'capsule' ? requireNonNegative(where, 'capsule halfHeight', (options as CapsuleShapeOptions).halfHeight) : 0;
    if (type === 'box') {
      readFiniteVector(where, 'box halfExtents', (options as BoxShapeOptions).halfExtents, 3, this.halfExtents);
      for (let i = 0; i < 3; i++) requirePositive(where, `box halfExtents[${i}]`, this.halfExtents[i]);
      this.hull = boxHull(this.halfExtents);
    }
    if (type === 'hull') this.hull = buildHull(where, readHullPoints(where, (options as HullShapeOptions).points));
    let offset = 0;
    if (type === 'plane') {
      const plane = options as PlaneShapeOptions;
      if (plane.normal !== undefined) {
        readFiniteVector(where, 'plane normal', plane.normal, 3, this.normal);
        const length = Math.sqrt(this.normal[0] ** 2 + this.normal[1] ** 2 + this.normal[2] ** 2);
        if (!(length > 1e-9)) throw new RangeError(`${where}: plane normal must not be zero, got ${show(plane.normal)}`);
        for (let i = 0; i < 3; i++) this.normal[i] /= length;
      }
      if (plane.offset !== undefined) {
        if (typeof plane.offset !== 'number' || !Number.isFinite(plane.offset)) {
          throw new RangeError(`${where}: plane offset must be a finite number, got ${show(plane.offset)}`);
        }
        offset = plane.offset;
      }
    }
    this.offset = offset;
  }

  /** m³ (Infinity for a plane). */
  get volume(): number {
    switch (this.type) {
      case 'sphere': return (4 / 3) * Math.PI * this.radius ** 3;
      case 'capsule': return Math.PI * this.radius * this.radius * (2 * this.halfHeight + (4 / 3) * this.radius);
      case 'box': return 8 * this.halfExtents[0] * this.halfExtents[1] * this.halfExtents[2];
      case 'hull': return (this.hull as ConvexHull).volume;
      case 'plane': return Infinity;
    }
  }

  /** The options that rebuild this shape (snapshots). */
  describe(): ShapeOptions {
    const material = {
      density: this.density, friction: this.friction, restitution: this.restitution, category: this.category, mask: this.mask, group: this.group,
      ...(this.sensor ? { sensor: true } : {}),
      ...(this.rollingResistance > 0 ? { rollingResistance: this.rollingResistance } : {}),
    };
    const surface = { position: Array.from(this.position), orientation: Array.from(this.orientation), ...material };
    switch (this.type) {
      case 'sphere': return { type: 'sphere', radius: this.radius, ...surface };
      case 'capsule': return { type: 'capsule', radius: this.radius, halfHeight: this.halfHeight, ...surface };
      case 'box': return { type: 'box', halfExtents: Array.from(this.halfExtents), ...surface };
      // the hull's vertices rebuild the same hull (in the same order: the order they came in)
      case 'hull': return { type: 'hull', points: (this.hull as ConvexHull).points(), ...surface };
      case 'plane': return { type: 'plane', normal: Array.from(this.normal), offset: this.offset, ...material };
    }
  }
}

/** Whether two shapes' filters let them collide (see SurfaceOptions.category). */
export function shouldCollide(a: Shape, b: Shape): boolean {
  if (a.sensor && b.sensor) return false; // sensors detect solid shapes only (Box2D v3)
  if (a.group !== 0 && a.group === b.group) return a.group > 0;
  return (a.category & b.mask) !== 0 && (b.category & a.mask) !== 0;
}

function readBits(where: string, name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${where}: ${name} must be an integer of 32 bits (0 to 0xffffffff), got ${show(value)}`);
  }
  return value;
}
