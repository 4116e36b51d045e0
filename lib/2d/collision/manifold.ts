// A 2D contact manifold (lib/collision/manifold.ts in the plane): where two shapes touch or nearly touch,
// as up to 2 points sharing one normal (Box2D's b2Manifold).
//
// The normal n is a unit vector from shape A toward shape B. Each point is the midpoint between the two
// surfaces (world space), with its separation s along n (negative: overlapping by −s) and a feature id
// naming which features met (a polygon's vertex or edge, a capsule's end), so that the next step's
// manifold can take over the impulses of the points that persist (warm starting; Box2D's
// b2ManifoldPoint.id).

export const MAX_MANIFOLD_POINTS_2D = 2;

export class Manifold2D {
  readonly normal = new Float64Array(2);
  /** Points: world positions (2 per point), separations and feature ids. */
  readonly points = new Float64Array(2 * MAX_MANIFOLD_POINTS_2D);
  readonly separations = new Float64Array(MAX_MANIFOLD_POINTS_2D);
  readonly ids = new Int32Array(MAX_MANIFOLD_POINTS_2D);
  count = 0;
  /** The count before this step's narrowphase began (its ids are still in `ids` until overwritten). */
  previousCount = 0;
  /** The narrowphase keeps points less than this far apart (m; 0: overlapping or touching only). A field,
   * not an argument, as in 3D (a double passed to a call V8 does not inline is boxed). */
  margin = 0;

  /** Empties the manifold for this step's points, remembering how many the last step had. */
  begin(): void {
    this.previousCount = this.count;
    this.count = 0;
  }

  setNormal(x: number, y: number): void {
    this.normal[0] = x; this.normal[1] = y;
  }

  /** Adds a point (ignored past MAX_MANIFOLD_POINTS_2D; callers reduce first). */
  add(x: number, y: number, separation: number, id: number): void {
    const i = this.count;
    if (i >= MAX_MANIFOLD_POINTS_2D) return;
    this.points[2 * i] = x; this.points[2 * i + 1] = y;
    this.separations[i] = separation;
    this.ids[i] = id;
    this.count = i + 1;
  }

  /** Takes `source`'s points with its normal turned (the same contact seen from the other shape), their
   * ids xor'ed with `idMark` (to tell them from the points this manifold gets the other way). */
  addFlipped(source: Manifold2D, idMark: number): void {
    this.setNormal(-source.normal[0], -source.normal[1]);
    const p = source.points;
    for (let i = 0; i < source.count; i++) this.add(p[2 * i], p[2 * i + 1], source.separations[i], source.ids[i] ^ idMark);
  }
}
