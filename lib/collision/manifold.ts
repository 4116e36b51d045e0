// A contact manifold: where two shapes touch or nearly touch, as up to 4 points sharing one normal.
//
// The normal n is a unit vector from shape A toward shape B. Each point is the midpoint between the two
// surfaces (world space), with its separation s along n (negative: overlapping by −s) and a feature id
// naming which features met (a box's vertex, a capsule's end), so that the next step's manifold can
// take over the impulses of the points that persist (warm starting; Box2D's b2ManifoldPoint.id).

import { moveSlice, UNPOOLED, type Float64Allocator, type Float64Arena } from '../util/arena.js';

export const MAX_MANIFOLD_POINTS = 4;

export class Manifold {
  /** (Its arrays are replaced when its contact set compacts its arena, between steps: moveNumbers.) */
  normal: Float64Array;
  /** Points: world positions (3 per point), separations and feature ids. */
  points: Float64Array;
  separations: Float64Array;
  readonly ids = new Int32Array(MAX_MANIFOLD_POINTS);
  count = 0;
  /** The count before this step's narrowphase began (its ids are still in `ids` until overwritten). */
  previousCount = 0;
  /** The narrowphase keeps points less than this far apart (m; 0: overlapping or touching only). Set by
   * whoever asks for the manifold, and read there by the narrowphase's functions: a field, not an
   * argument, because a double passed to a call V8 does not inline is boxed, a HeapNumber each call. */
  margin = 0;
  /** The ids of the bodies of shapes A and B, when the manifold is a contact's (ContactConstraint sets
   * them; −1 for a query's): where the shapes' centres coincide, the normal is derived from them
   * (coincident-centres.ts coincidentNormal). */
  bodyIdA = -1;
  bodyIdB = -1;

  /** `allocator`: where its numbers live (a contact's come from its set's arena, next to its other numbers). */
  constructor(allocator: Float64Allocator = UNPOOLED) {
    this.normal = allocator.allocate(3);
    this.points = allocator.allocate(3 * MAX_MANIFOLD_POINTS);
    this.separations = allocator.allocate(MAX_MANIFOLD_POINTS);
  }

  /** @internal Moves its numbers into `arena` (contact-set.ts compacts its arena); `from` gets the old
   * slices back. */
  moveNumbers(arena: Float64Arena, from: Float64Arena): void {
    this.normal = moveSlice(this.normal, arena, from);
    this.points = moveSlice(this.points, arena, from);
    this.separations = moveSlice(this.separations, arena, from);
  }
  /** @internal Gives its numbers back to `arena` (its contact is dropped). */
  releaseNumbers(arena: Float64Arena): void {
    arena.release(this.normal);
    arena.release(this.points);
    arena.release(this.separations);
  }

  /** Empties the manifold for this step's points, remembering how many the last step had. */
  begin(): void {
    this.previousCount = this.count;
    this.count = 0;
  }

  setNormal(x: number, y: number, z: number): void {
    this.normal[0] = x; this.normal[1] = y; this.normal[2] = z;
  }

  /** Adds a point (ignored past MAX_MANIFOLD_POINTS; callers reduce first). */
  add(x: number, y: number, z: number, separation: number, id: number): void {
    const i = this.count;
    if (i >= MAX_MANIFOLD_POINTS) return;
    this.points[3 * i] = x; this.points[3 * i + 1] = y; this.points[3 * i + 2] = z;
    this.separations[i] = separation;
    this.ids[i] = id;
    this.count = i + 1;
  }

  /** Takes `source`'s points with its normal turned (the same contact seen from the other shape), their
   * ids xor'ed with `idMark` (to tell them from the points this manifold gets the other way). */
  addFlipped(source: Manifold, idMark: number): void {
    this.setNormal(-source.normal[0], -source.normal[1], -source.normal[2]);
    const p = source.points;
    for (let i = 0; i < source.count; i++) this.add(p[3 * i], p[3 * i + 1], p[3 * i + 2], source.separations[i], source.ids[i] ^ idMark);
  }
}

