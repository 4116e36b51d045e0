// What world.hash() reads beside the numbers a snapshot keeps: the world's structure — each body's type
// and shapes (kind, geometry, pose, density, filter, sensor flag), each joint's type. A snapshot holds them
// as its `bodies` and `joints` lists; the hash writes them as numbers into the same stream, so two worlds
// that differ in any of them hash differently. A shape's geometry changes only by a resize
// (Shape.setRadius, …, which counts them in its geometryVersion): it is reduced to a 64-bit digest once per
// version and kept, so a mesh of thousands of triangles costs two numbers a hash.

import type { BodyType } from '../body/body-type.js';
import type { Shape } from '../geometry/shape.js';
import { fnv1a64, type StateWriter } from '../util/state.js';

const BODY_TYPE_CODES: Readonly<Record<BodyType, number>> = { dynamic: 0, static: 1, kinematic: 2 };

/** A body's type as a number. */
export function writeBodyType(writer: StateWriter, type: BodyType): void {
  writer.write(BODY_TYPE_CODES[type]);
}

/** A name (a joint's type) as its length and character codes. */
export function writeName(writer: StateWriter, name: string): void {
  writer.write(name.length);
  for (let i = 0; i < name.length; i++) writer.write(name.charCodeAt(i));
}

/** Each shape's digest of what only a resize changes (kind, geometry, density, rolling resistance, sensor
 * flag), and the shape's geometryVersion it was made at. */
const digests = new WeakMap<Shape, { version: number; digest: Float64Array }>();

/** A shape as the hash sees it: its digest, then what can change (its pose about the centre of mass,
 * which setType moves, and its filter). Friction and restitution are in the body's state. */
export function writeShape(writer: StateWriter, shape: Shape): void {
  let kept = digests.get(shape);
  if (kept === undefined || kept.version !== shape.geometryVersion) digests.set(shape, (kept = { version: shape.geometryVersion, digest: digestOf(shape) }));
  writer.writeArray(kept.digest);
  writer.writeArray(shape.position);
  writer.writeArray(shape.orientation);
  writer.write(shape.category);
  writer.write(shape.mask);
  writer.write(shape.group);
}

function digestOf(shape: Shape): Float64Array {
  const { type, density, rollingResistance, sensor } = shape;
  // describe() gives the geometry as createBody takes it (radius, halfExtents, a hull's points, a mesh's
  // vertices and indices, …); the material and the pose it also gives are left to writeShape
  const options = shape.describe() as unknown as Record<string, unknown>;
  const numbers: number[] = [];
  const add = (value: unknown): void => {
    if (typeof value === 'number') numbers.push(value);
    else if (typeof value === 'boolean') numbers.push(value ? 1 : 0);
    else if (typeof value === 'string') for (let i = 0; i < value.length; i++) numbers.push(value.charCodeAt(i));
    else if (value !== null && typeof value === 'object') {
      if (ArrayBuffer.isView(value) || Array.isArray(value)) {
        const items = value as ArrayLike<unknown>;
        numbers.push(items.length);
        for (let i = 0; i < items.length; i++) add(items[i]);
      } else {
        for (const key of Object.keys(value).sort()) {
          add(key);
          add((value as Record<string, unknown>)[key]);
        }
      }
    }
  };
  add(type);
  add(density);
  add(rollingResistance);
  add(sensor);
  for (const key of Object.keys(options).sort()) {
    if (MATERIAL_AND_POSE.includes(key)) continue;
    add(key);
    add(options[key]);
  }
  const hex = fnv1a64(new Uint8Array(new Float64Array(numbers).buffer));
  return new Float64Array([parseInt(hex.slice(0, 8), 16), parseInt(hex.slice(8), 16)]);
}

/** What describe() gives beside the geometry: written by writeShape or kept in the body's state. */
const MATERIAL_AND_POSE: readonly string[] = [
  'type', 'density', 'friction', 'restitution', 'category', 'mask', 'group', 'sensor', 'rollingResistance', 'position', 'orientation',
];
