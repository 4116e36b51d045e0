// 2D collision shapes: what a Body2D is made of, for its mass properties, ray casts and contacts
// (lib/geometry/shape.ts in the plane).
//
// A shape sits in its body's frame at `position` with `angle` (relative to the body's centre of mass
// once on a body: see Body2D and body-mass.ts), and carries its geometry in its own frame
// (shape-geometry.ts), the narrowphase's and the queries' input:
//   circle   radius r about the shape's origin
//   capsule  the segment from (0, −h) to (0, h) swept by radius r (h = halfHeight)
//   box      half extents (hx, hy): a polygon of 4 vertices (polygon.ts makeBoxGeometry)
//   polygon  3 to 8 points, convex, counter-clockwise (polygon.ts: what is refused and why)
//   segment  a two-sided line segment between two points (no mass: static and kinematic bodies only)
//   chain    one-sided segments through a list of points, open or a loop, each with its neighbours' far
//            ends as ghost vertices (chain.ts; no mass: static and kinematic bodies only)
// A chain is the one shape of several pieces: `children` holds its segments, and `geometry` is null;
// every other shape has one piece, `geometry`. childCount and childGeometry(i) read both alike.
// Each shape also carries its surface's friction and restitution, its collision filter and whether it
// is a sensor, as 3D shapes do.

import { MAX_LENGTH, MIN_LENGTH } from '../../limits.js';
import { readBits, readGroup, DEFAULT_DENSITY, DEFAULT_FRICTION } from '../../geometry/shape.js';
import { writeSinCos } from '../../math/portable.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import { makeReadOnly } from '../../util/read-only.js';
import { readFiniteVector, requireFinite, requireNonNegative, requirePositive, requirePositiveWithin, requireWithin, show, showBound } from '../../util/validate.js';
import type { ShapePose2D } from '../collision/shape-pose.js';
import type { Body2D } from '../body.js';
import { readChain } from './chain.js';
import { makeBoxGeometry, readPoints2D, readPolygon } from './polygon.js';
import type { ChainSegmentGeometry, ShapeGeometry2D } from './shape-geometry.js';
import type { Shape2DOptions, SurfaceOptions2D } from './shape-options.js';
export { shouldCollide } from '../../geometry/collision-filter.js';

export type {
  BoxShape2DOptions, CapsuleShape2DOptions, ChainShapeOptions, CircleShapeOptions, PolygonShapeOptions, SegmentShapeOptions, Shape2DOptions,
  SurfaceOptions2D,
} from './shape-options.js';

/** The user's shape type: 'circle', 'capsule', 'box', 'polygon', 'segment' or 'chain'. */
export type Shape2DType = Shape2DOptions['type'];

/** Every 2D shape type. */
export const SHAPE_2D_TYPES: readonly Shape2DType[] = ['circle', 'capsule', 'box', 'polygon', 'segment', 'chain'];

/** The types with no area, and so no mass: static and kinematic bodies only (as Box2D gives segments and
 * chain segments no mass). */
export const MASSLESS_2D_TYPES: readonly Shape2DType[] = ['segment', 'chain'];

const SURFACE_KEYS = optionKeys<SurfaceOptions2D>({
  position: true, angle: true, density: true, friction: true, restitution: true, category: true, mask: true, group: true, sensor: true,
});
/** Each type's own option keys, beside the surface's. */
const TYPE_KEYS: { readonly [T in Shape2DType]: readonly string[] } = {
  circle: ['type', 'radius'],
  capsule: ['type', 'radius', 'halfHeight'],
  box: ['type', 'halfExtents'],
  polygon: ['type', 'points'],
  segment: ['type', 'points'],
  chain: ['type', 'points', 'loop'],
};

/** The empty list of a one-piece shape's children. */
const NO_CHILDREN: readonly ChainSegmentGeometry[] = Object.freeze([]);

export class Shape2D {
  readonly type: Shape2DType;
  /** The body holding the shape (null before it is on one, or once removed: Body2D.removeShape). */
  get body(): Body2D | null {
    return this._body;
  }
  /** Its place in its body's `shapes` (−1 off a body). */
  get index(): number {
    return this._index;
  }
  /** @internal Set by the body (attach). */
  _body: Body2D | null = null;
  /** @internal */
  _index = -1;

  /** @internal The body takes the shape at `index` (null, −1: it lets it go). */
  attach(body: Body2D | null, index: number): void {
    this._body = body;
    this._index = index;
  }
  /** The shape's origin in the body frame, m (relative to the centre of mass once on a body). */
  readonly position = new Float64Array(2);
  /** Its angle in the body frame, rad, and that rotation as (cos, sin); fixed at creation. */
  readonly angle: number;
  readonly rotation = new Float64Array([1, 0]);
  /** The geometry of a one-piece shape in its own frame; null for a chain (see children). */
  readonly geometry: ShapeGeometry2D | null;
  /** A chain's segments in the shape's frame (empty for the other types). */
  readonly children: readonly ChainSegmentGeometry[];
  /** The pieces the contacts and queries look at: 1, or a chain's segment count. */
  readonly childCount: number;
  /** Circle and capsule radius, m (0 for the others). */
  readonly radius: number = 0;
  /** Capsule half height, m (0 for the others). */
  readonly halfHeight: number = 0;
  /** Box half extents (hx, hy), m (zero for the others). */
  readonly halfExtents = new Float64Array(2);
  /** A polygon's or box's vertices, counter-clockwise, flat x, y (empty for the others). */
  readonly vertices: Float64Array;
  /** A segment's or chain's points as given, flat x, y (empty for the others). */
  readonly points: Float64Array;
  /** Whether a chain closes (false for the others). */
  readonly loop: boolean = false;
  /** kg/m². */
  readonly density: number;
  /** Reports overlaps only (SurfaceOptions2D.sensor). */
  readonly sensor: boolean;

  /** Coulomb friction coefficient: a finite number ≥ 0; can change between steps. */
  get friction(): number {
    return this._friction;
  }
  set friction(value: number) {
    this._friction = requireNonNegative('shape.friction', 'friction', value) + 0;
  }
  /** Restitution: a number in [0, 1]; can change between steps. */
  get restitution(): number {
    return this._restitution;
  }
  set restitution(value: number) {
    this._restitution = readRestitution('shape.restitution', 'restitution', value);
  }
  /** @internal The friction and restitution the contacts read (their setters check them). */
  _friction: number;
  /** @internal */
  _restitution: number;
  /** Collision filter bits (SurfaceOptions2D.category, mask, group); a change takes effect at the next step. */
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
  filterListener: ((shape: Shape2D) => void) | null = null;

  /** @internal Use createBody's `shapes`. Checks every option before building; the error names the bad
   * value as `${where}: ${name}.radius …` (name: `shapes[0]`). */
  constructor(where: string, name: string, options: Shape2DOptions) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new TypeError(`${where}: ${name} must be a shape's options object, got ${show(options)}`);
    }
    const type = options.type;
    if (!SHAPE_2D_TYPES.includes(type)) {
      throw new RangeError(`${where}: ${name}.type must be 'circle', 'capsule', 'box', 'polygon', 'segment' or 'chain', got ${show(type)}`);
    }
    checkOptionKeys(`${where}: ${name}`, options, [...SURFACE_KEYS, ...TYPE_KEYS[type]]);
    this.type = type;
    if (options.position !== undefined) {
      readFiniteVector(where, `${name}.position`, options.position, 2, this.position);
      if (Math.abs(this.position[0]) > MAX_LENGTH || Math.abs(this.position[1]) > MAX_LENGTH) {
        throw new RangeError(`${where}: ${name}.position must be within ±${showBound(MAX_LENGTH)} m of the body on each axis (README, "Limits"), got ${show(options.position)}`);
      }
      // −0 kept as +0: a snapshot's JSON cannot tell them apart
      this.position[0] += 0; this.position[1] += 0;
    }
    this.angle = options.angle === undefined ? 0 : requireFinite(where, `${name}.angle`, options.angle) + 0;
    const density = options.density === undefined ? DEFAULT_DENSITY : requirePositive(where, `${name}.density`, options.density);
    const friction = options.friction === undefined ? DEFAULT_FRICTION : requireNonNegative(where, `${name}.friction`, options.friction) + 0;
    const restitution = readRestitution(where, `${name}.restitution`, options.restitution ?? 0);
    const category = readBits(where, `${name}.category`, options.category, 1);
    const mask = readBits(where, `${name}.mask`, options.mask, 0xffffffff);
    const group = options.group === undefined ? 0 : readGroup(where, options.group, `${name}.group`);
    const sensor = options.sensor ?? false;
    if (typeof sensor !== 'boolean') throw new TypeError(`${where}: ${name}.sensor must be true or false, got ${show(sensor)}`);

    // the type's own fields
    let geometry: ShapeGeometry2D | null = null;
    let children: readonly ChainSegmentGeometry[] = NO_CHILDREN;
    let vertices: Float64Array = new Float64Array(0), points: Float64Array = new Float64Array(0);
    const self = this as { radius: number; halfHeight: number; loop: boolean };
    switch (options.type) {
      case 'circle': {
        const radius = readLength(where, `${name}.radius`, options.radius);
        self.radius = radius;
        geometry = { type: 'circle', radius };
        break;
      }
      case 'capsule': {
        const radius = readLength(where, `${name}.radius`, options.radius);
        const halfHeight = requireWithin(where, `${name}.halfHeight`, requireNonNegative(where, `${name}.halfHeight`, options.halfHeight), 0, MAX_LENGTH, ' m') + 0;
        self.radius = radius;
        self.halfHeight = halfHeight;
        geometry = { type: 'capsule', radius, halfHeight };
        break;
      }
      case 'box': {
        const h = readFiniteVector(where, `${name}.halfExtents`, options.halfExtents, 2, new Float64Array(2));
        for (let k = 0; k < 2; k++) {
          if (!(h[k] >= MIN_LENGTH && h[k] <= MAX_LENGTH)) {
            throw new RangeError(`${where}: ${name}.halfExtents must be within [${MIN_LENGTH}, ${showBound(MAX_LENGTH)}] m on each axis (README, "Limits"), got ${show(options.halfExtents)}`);
          }
        }
        this.halfExtents.set(h);
        const polygon = makeBoxGeometry(h[0], h[1]);
        vertices = polygon.vertices;
        geometry = polygon;
        break;
      }
      case 'polygon': {
        const polygon = readPolygon(where, `${name}.points`, options.points);
        vertices = polygon.vertices;
        geometry = polygon;
        break;
      }
      case 'segment': {
        points = readPoints2D(where, `${name}.points`, options.points, 2, 2);
        if (Math.hypot(points[2] - points[0], points[3] - points[1]) < MIN_LENGTH) {
          throw new RangeError(`${where}: ${name}.points must be at least ${MIN_LENGTH} m (MIN_LENGTH) apart, got ${show(options.points)}`);
        }
        geometry = { type: 'segment', point1: points.slice(0, 2), point2: points.slice(2, 4) };
        break;
      }
      case 'chain': {
        const loop = options.loop ?? false;
        if (typeof loop !== 'boolean') throw new TypeError(`${where}: ${name}.loop must be true or false, got ${show(loop)}`);
        children = Object.freeze(readChain(where, `${name}.points`, options.points, loop));
        points = readPoints2D(where, `${name}.points`, options.points, loop ? 3 : 2, Infinity);
        self.loop = loop;
        break;
      }
    }
    // every option is valid: commit
    const sinCos = new Float64Array([this.angle, 0, 1]);
    writeSinCos(sinCos);
    this.rotation[0] = sinCos[2]; this.rotation[1] = sinCos[1];
    this.density = density;
    this._friction = friction;
    this._restitution = restitution;
    this._category = category;
    this._mask = mask;
    this._group = group;
    this.sensor = sensor;
    this.geometry = geometry;
    this.children = children;
    this.childCount = geometry === null ? children.length : 1;
    this.vertices = vertices;
    this.points = points;
    makeReadOnly(this as Shape2D, [
      'type', 'position', 'angle', 'rotation', 'geometry', 'children', 'childCount', 'radius', 'halfHeight', 'halfExtents', 'vertices', 'points', 'loop',
      'density', 'sensor',
    ]);
  }

  /** The geometry of piece `child` (0 to childCount − 1): a chain's segment, else the shape's one. */
  childGeometry(child: number): ShapeGeometry2D {
    return this.geometry ?? this.children[child];
  }

  /** Whether the shape has area and so mass (not a segment or a chain). */
  get solid(): boolean {
    return !MASSLESS_2D_TYPES.includes(this.type);
  }

  /**
   * The world bounding box of the shape (or of its piece `child`), at `pose` (the shape's frame in the
   * world: ShapePose2D.setFrom(body.position, body.rotation, shape.position, shape.rotation)), written to
   * `out` as min x, min y, max x, max y and returned. Allocates nothing.
   *   circle   c ± r
   *   capsule  c ± (r + h |R y|): the two end centres c ± h (−sin φ, cos φ), each grown by r
   *   polygon, segment, chain segment  the min and max of the world vertices (ghosts left out)
   */
  computeBounds(pose: ShapePose2D, out: Float64Array, child?: number): Float64Array {
    const c = pose.c, R = pose.R;
    if (this.geometry === null && child === undefined) {
      out[0] = Infinity; out[1] = Infinity; out[2] = -Infinity; out[3] = -Infinity;
      for (const segment of this.children) {
        addPoint(out, c, R, segment.point1[0], segment.point1[1]);
        addPoint(out, c, R, segment.point2[0], segment.point2[1]);
      }
      return out;
    }
    const geometry = this.childGeometry(child ?? 0);
    switch (geometry.type) {
      case 'circle': {
        const r = geometry.radius;
        out[0] = c[0] - r; out[1] = c[1] - r; out[2] = c[0] + r; out[3] = c[1] + r;
        return out;
      }
      case 'capsule': {
        const hx = geometry.radius + geometry.halfHeight * Math.abs(R[1]), hy = geometry.radius + geometry.halfHeight * Math.abs(R[0]);
        out[0] = c[0] - hx; out[1] = c[1] - hy; out[2] = c[0] + hx; out[3] = c[1] + hy;
        return out;
      }
      case 'polygon': {
        out[0] = Infinity; out[1] = Infinity; out[2] = -Infinity; out[3] = -Infinity;
        const v = geometry.vertices;
        for (let i = 0; i < geometry.count; i++) addPoint(out, c, R, v[2 * i], v[2 * i + 1]);
        return out;
      }
      default: {
        out[0] = Infinity; out[1] = Infinity; out[2] = -Infinity; out[3] = -Infinity;
        addPoint(out, c, R, geometry.point1[0], geometry.point1[1]);
        addPoint(out, c, R, geometry.point2[0], geometry.point2[1]);
        return out;
      }
    }
  }

  /** The options that rebuild this shape (snapshots): its position and angle as they are now, about its
   * body's centre of mass. */
  describe(): Shape2DOptions {
    const surface = {
      position: Array.from(this.position), angle: this.angle, density: this.density, friction: this.friction, restitution: this.restitution,
      category: this.category, mask: this.mask, group: this.group, ...(this.sensor ? { sensor: true } : {}),
    };
    const list = (p: Float64Array) => Array.from({ length: p.length / 2 }, (_, i) => [p[2 * i], p[2 * i + 1]]);
    switch (this.type) {
      case 'circle':
        return { type: 'circle', radius: this.radius, ...surface };
      case 'capsule':
        return { type: 'capsule', radius: this.radius, halfHeight: this.halfHeight, ...surface };
      case 'box':
        return { type: 'box', halfExtents: Array.from(this.halfExtents), ...surface };
      case 'polygon':
        return { type: 'polygon', points: list(this.vertices), ...surface };
      case 'segment':
        return { type: 'segment', points: list(this.points), ...surface };
      case 'chain':
        return { type: 'chain', points: list(this.points), loop: this.loop, ...surface };
    }
  }
}

/** Grows box `out` (min x, y, max x, y) by the point p of a frame at (c, R): c + R p. */
function addPoint(out: Float64Array, c: Float64Array, R: Float64Array, px: number, py: number): void {
  const x = c[0] + R[0] * px - R[1] * py, y = c[1] + R[1] * px + R[0] * py;
  if (x < out[0]) out[0] = x;
  if (y < out[1]) out[1] = y;
  if (x > out[2]) out[2] = x;
  if (y > out[3]) out[3] = y;
}

/** A radius: within [MIN_LENGTH, MAX_LENGTH] m. */
function readLength(where: string, name: string, value: unknown): number {
  return requirePositiveWithin(where, name, value, MIN_LENGTH, MAX_LENGTH, ' m');
}

/** A restitution: a number in [0, 1] (+0 for −0). */
function readRestitution(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`${where}: ${name} must be in [0, 1], got ${show(value)}`);
  return value + 0;
}

