// What the 2D world's hash reads of a shape (lib/world/structure-hash.ts in the plane): every number of its
// description (type, geometry, pose in the body, density, material, filter, sensor flag), in order.

import type { StateWriter } from '../util/state.js';

/** What the hash reads of a shape: its description as createBody takes it (Shape2D.describe). */
export interface DescribedShape2D {
  describe(): object;
}

/** Writes every number, flag and string of the shape's description, depth first, arrays with their length. */
export function writeShape2D(writer: StateWriter, shape: DescribedShape2D): void {
  const add = (value: unknown): void => {
    if (typeof value === 'number') writer.write(value);
    else if (typeof value === 'boolean') writer.write(value ? 1 : 0);
    else if (typeof value === 'string') for (let i = 0; i < value.length; i++) writer.write(value.charCodeAt(i));
    else if (value !== null && typeof value === 'object') {
      if (ArrayBuffer.isView(value) || Array.isArray(value)) {
        const items = value as ArrayLike<unknown>;
        writer.write(items.length);
        for (let i = 0; i < items.length; i++) add(items[i]);
      } else {
        for (const key of Object.keys(value).sort()) {
          add(key);
          add((value as Record<string, unknown>)[key]);
        }
      }
    }
  };
  add(shape.describe());
}
