// What the character controller's recovery gathers (SceneQueries.penetrations, MeshPairs.penetrations):
// the shapes, or a mesh's triangles, within a margin of a query shape, each by its deepest point.

/** @internal The shapes within a margin of a query shape, each by its deepest point (SceneQueries
 * penetrations: the character controller's recovery from a start inside something). */
export class Penetrations {
  /** Most shapes kept. */
  static readonly CAPACITY = 16;
  count = 0;
  /** Per shape: the contact normal, toward the query shape (3 each), and its deepest point's separation
   * (m, < 0: overlapping by that much). */
  readonly normals = new Float64Array(3 * Penetrations.CAPACITY);
  readonly separations = new Float64Array(Penetrations.CAPACITY);
}
