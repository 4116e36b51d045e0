// The scene queries' options as read and checked, the same in 3D (queries.ts) and 2D
// (lib/2d/collision/queries.ts): a filter as between two shapes (collision-filter.ts), bodies left out, a
// predicate, whether sensors are seen, and castShape's and projectPoint's own options.

import { filtersMeet, type FilteredShape } from '../geometry/collision-filter.js';
import { readBits, readGroup } from '../geometry/shape.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { isArrayLike, show } from '../util/validate.js';

/** A collision filter for a query, read as a shape's (SurfaceOptions.category, mask, group). */
export interface QueryFilter {
  /** Default 1. */
  category?: number;
  /** Default all (0xffffffff). */
  mask?: number;
  /** Default 0. */
  group?: number;
}

/** castShape's choice for the shapes it starts in contact with (ShapeCastOptions). */
export const enum StartContacts {
  Hit = 0,
  HitWhenPressed = 1,
  Ignore = 2,
}

/** @internal The query options of either dimension, over its bodies B and shapes S (the public
 * QueryOptions and QueryOptions2D are these). */
export interface QueryOptionsOf<B, S> {
  filter?: QueryFilter;
  exclude?: B | readonly B[];
  predicate?: (body: B, shape: S) => boolean;
  includeSensors?: boolean;
}
/** @internal castShape's (ShapeCastOptions, ShapeCastOptions2D). */
export interface ShapeCastOptionsOf<B, S> extends QueryOptionsOf<B, S> {
  ignoreInitialOverlap?: boolean;
  stopAtPenetration?: boolean;
}
/** @internal projectPoint's (PointProjectionOptions, PointProjectionOptions2D). */
export interface PointProjectionOptionsOf<B, S> extends QueryOptionsOf<B, S> {
  solid?: boolean;
  maxDistance?: number;
}
type AnyQueryOptions<B, S> = ShapeCastOptionsOf<B, S> & PointProjectionOptionsOf<B, S>;

const OPTION_KEYS = optionKeys<QueryOptionsOf<unknown, unknown>>({ filter: true, exclude: true, predicate: true, includeSensors: true });
const CAST_OPTION_KEYS = optionKeys<ShapeCastOptionsOf<unknown, unknown>>({ filter: true, exclude: true, predicate: true, includeSensors: true, stopAtPenetration: true, ignoreInitialOverlap: true });
const POINT_OPTION_KEYS = optionKeys<PointProjectionOptionsOf<unknown, unknown>>({ filter: true, exclude: true, predicate: true, includeSensors: true, solid: true, maxDistance: true });
const FILTER_KEYS = optionKeys<QueryFilter>({ category: true, mask: true, group: true });
const NONE: readonly never[] = [];

/** @internal A query's options, read once and checked (the error names the bad value). */
export class ReadQueryOptions<B extends object, S extends FilteredShape> {
  category = 1;
  mask = 0xffffffff;
  group = 0;
  excluded: readonly B[] = NONE;
  predicate: ((body: B, shape: S) => boolean) | null = null;
  includeSensors = false;
  /** castShape's ShapeCastOptions: ignoreInitialOverlap and stopAtPenetration. */
  startContacts = StartContacts.HitWhenPressed;
  /** projectPoint's PointProjectionOptions. */
  solid = true;
  maxDistance = Infinity;
  /** `exclude` given as one body (read without allocating an array for it). */
  private readonly oneExcluded: B[] = [];

  /** `bodyName`: what `exclude` holds, for its error ('Body', 'Body2D'). */
  constructor(private readonly bodyName: string) {}

  /** Reads the query options, and with `extra` castShape's ('cast') or projectPoint's ('point').
   * Allocates nothing. */
  read(where: string, options: QueryOptionsOf<B, S> | undefined, extra: 'cast' | 'point' | null = null): this {
    this.category = 1; this.mask = 0xffffffff; this.group = 0;
    this.excluded = NONE; this.predicate = null; this.includeSensors = false; this.startContacts = StartContacts.HitWhenPressed;
    this.solid = true; this.maxDistance = Infinity;
    if (options === undefined) return this;
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, extra === 'cast' ? CAST_OPTION_KEYS : extra === 'point' ? POINT_OPTION_KEYS : OPTION_KEYS);
    const filter = options.filter;
    if (filter !== undefined) {
      if (filter === null || typeof filter !== 'object') throw new TypeError(`${where}: filter must be an object, got ${show(filter)}`);
      checkOptionKeys(where, filter, FILTER_KEYS, 'filter option');
      this.category = readBits(where, 'filter.category', filter.category, 1);
      this.mask = readBits(where, 'filter.mask', filter.mask, 0xffffffff);
      this.group = filter.group === undefined ? 0 : readGroup(where, filter.group, 'filter.group');
    }
    const exclude = options.exclude;
    if (exclude !== undefined) {
      const many = isArrayLike(exclude);
      const list = (many ? exclude : this.oneExcluded) as readonly unknown[];
      if (!many) this.oneExcluded[0] = exclude as B;
      for (let i = 0; i < list.length; i++) {
        const body = list[i];
        if (body === null || typeof body !== 'object' || !('shapes' in body)) throw new TypeError(`${where}: exclude[${i}] must be a ${this.bodyName}, got ${show(body)}`);
      }
      this.excluded = list as readonly B[];
    }
    if (options.predicate !== undefined) {
      if (typeof options.predicate !== 'function') throw new TypeError(`${where}: predicate must be a function, got ${show(options.predicate)}`);
      this.predicate = options.predicate;
    }
    if (options.includeSensors !== undefined) {
      if (typeof options.includeSensors !== 'boolean') throw new TypeError(`${where}: includeSensors must be true or false, got ${show(options.includeSensors)}`);
      this.includeSensors = options.includeSensors;
    }
    if (extra === 'cast') this.readStartContacts(where, options as AnyQueryOptions<B, S>);
    if (extra === 'point') this.readPointOptions(where, options as AnyQueryOptions<B, S>);
    return this;
  }

  private readStartContacts(where: string, options: AnyQueryOptions<B, S>): void {
    const { stopAtPenetration: stop, ignoreInitialOverlap: ignore } = options;
    if (stop !== undefined && typeof stop !== 'boolean') throw new TypeError(`${where}: stopAtPenetration must be true or false, got ${show(stop)}`);
    if (ignore !== undefined && typeof ignore !== 'boolean') throw new TypeError(`${where}: ignoreInitialOverlap must be true or false, got ${show(ignore)}`);
    if (stop !== undefined && ignore !== undefined && stop === ignore) {
      throw new RangeError(`${where}: ignoreInitialOverlap: ${ignore} contradicts stopAtPenetration: ${stop} (give one, or ignoreInitialOverlap: ${!stop} with it)`);
    }
    if (ignore === true) this.startContacts = StartContacts.Ignore;
    else if (ignore === false || stop === true) this.startContacts = StartContacts.Hit;
  }

  private readPointOptions(where: string, options: AnyQueryOptions<B, S>): void {
    const { solid, maxDistance } = options;
    if (solid !== undefined) {
      if (typeof solid !== 'boolean') throw new TypeError(`${where}: solid must be true or false, got ${show(solid)}`);
      this.solid = solid;
    }
    if (maxDistance !== undefined) {
      if (typeof maxDistance !== 'number' || !(maxDistance >= 0)) {
        throw new RangeError(`${where}: maxDistance must be a number ≥ 0 (m) or Infinity, got ${show(maxDistance)}`);
      }
      this.maxDistance = maxDistance;
    }
  }

  /** The default options (sensors skipped, every filter bit) leaving out the `excluded` bodies: the
   * character controller's sweeps, read without allocating. */
  only(excluded: readonly B[]): this {
    this.category = 1; this.mask = 0xffffffff; this.group = 0;
    this.excluded = excluded; this.predicate = null; this.includeSensors = false;
    return this;
  }

  /** Whether the query sees this shape. */
  accepts(body: B, shape: S): boolean {
    if (shape.sensor && !this.includeSensors) return false;
    if (!filtersMeet(this.category, this.mask, this.group, shape)) return false;
    for (let i = 0; i < this.excluded.length; i++) if (this.excluded[i] === body) return false;
    return this.predicate === null || this.predicate(body, shape);
  }
}
