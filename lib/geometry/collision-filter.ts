// Collision filtering (Box2D's b2Filter, b2ShouldShapesCollide), the same for 3D and 2D shapes and for the
// scene queries' filters: two shapes collide when each one's category meets the other's mask, unless they
// share a nonzero group (positive: always, negative: never); two sensors never meet.

/** What filtering reads of a shape (lib/geometry/shape.ts Shape, lib/2d/geometry/shape.ts Shape2D). */
export interface FilteredShape {
  readonly category: number;
  readonly mask: number;
  readonly group: number;
  readonly sensor: boolean;
}

/** Whether two shapes' filters let them collide (see SurfaceOptions.category). */
export function shouldCollide(a: FilteredShape, b: FilteredShape): boolean {
  if (a.sensor && b.sensor) return false; // sensors detect solid shapes only (Box2D v3)
  return filtersMeet(a.category, a.mask, a.group, b);
}

/** Whether a filter (category, mask, group: a shape's, or a query's) and shape b's let them collide: a
 * shared nonzero group decides by its sign, else each one's category must meet the other's mask. */
export function filtersMeet(category: number, mask: number, group: number, b: FilteredShape): boolean {
  if (group !== 0 && group === b.group) return group > 0;
  return (category & b.mask) !== 0 && (b.category & mask) !== 0;
}
