// What world.hash() reads of a 2D body's shapes (lib/world/structure-hash.ts's writeShape in the plane):
// each shape's type, geometry, place, material and filter, so that two worlds whose shapes differ in
// anything that decides what they do next hash differently.

import type { StateWriter } from '../util/state.js';
import { SHAPE_2D_TYPES, type Shape2D } from './geometry/shape.js';

/** @internal Writes a shape's structure: type, radius, half height, half extents, polygon vertices,
 * segment or chain points and loop, position, angle, density, friction, restitution, filter, sensor. */
export function writeShape2D(writer: StateWriter, shape: Shape2D): void {
  writer.write(SHAPE_2D_TYPES.indexOf(shape.type));
  writer.write(shape.radius);
  writer.write(shape.halfHeight);
  writer.writeArray(shape.halfExtents);
  writer.write(shape.vertices.length);
  writer.writeArray(shape.vertices);
  writer.write(shape.points.length);
  writer.writeArray(shape.points);
  writer.writeBoolean(shape.loop);
  writer.writeArray(shape.position);
  writer.write(shape.angle);
  writer.write(shape.density);
  writer.write(shape.friction);
  writer.write(shape.restitution);
  writer.write(shape.category);
  writer.write(shape.mask);
  writer.write(shape.group);
  writer.writeBoolean(shape.sensor);
}
