// What the two triangle shapes (trimesh.ts, heightfield.ts) share: no mass, bounds from their own box,
// ray casts through their triangles.

import { atOrigin, writeBoxBounds, type ShapeDefinition, type ShapeGeometry } from '../shape-definition.js';
import type { TriangleSource } from '../triangle-source.js';

const centre = new Float64Array(3), half = new Float64Array(3);
const hitTriangle = new Int32Array(1);

/** Massless: no volume, centroid or inertia (static and kinematic bodies only). */
export const noMass: Pick<ShapeDefinition<unknown>, 'volume' | 'centroid' | 'inertia'> = {
  volume: () => 0,
  centroid: atOrigin,
  inertia(_shape, _density, _mass, out) {
    out.fill(0);
  },
};

/** The triangles' bounding box (shape frame) as a box about c + W b. */
export function meshBounds(shape: ShapeGeometry, c: ArrayLike<number>, W: ArrayLike<number>, out: Float64Array): void {
  const b = (shape.mesh as TriangleSource).bounds;
  for (let k = 0; k < 3; k++) {
    centre[k] = 0.5 * (b[k] + b[3 + k]);
    half[k] = 0.5 * (b[3 + k] - b[k]);
  }
  writeBoxBounds(c, W, centre, half, out);
}

/** The farthest corner of the triangles' bounding box from the frame's origin. */
export function meshExtent(shape: ShapeGeometry): number {
  const b = (shape.mesh as TriangleSource).bounds;
  const x = Math.max(-b[0], b[3]), y = Math.max(-b[1], b[4]), z = Math.max(-b[2], b[5]);
  return Math.sqrt(x * x + y * y + z * z);
}

/** A ray against the triangles (two-sided; a ShapeRayCast). */
export function meshRay(shape: ShapeGeometry, o: ArrayLike<number>, d: ArrayLike<number>, ray: Float64Array, normal: Float64Array): boolean {
  return (shape.mesh as TriangleSource).rayCast(o, d, ray, normal, hitTriangle);
}
