// The heightfield: a grid of heights (heightfield.ts: the point of row r and column c at
// x = (c/(columns − 1) − ½)·size[0], z = (r/(rows − 1) − ½)·size[1], y = heights[r·columns + c]; NaN a
// hole), two triangles a cell. Solid below its surface; no mass: static and kinematic bodies only.
//   bounds   its own bounding box (frame) as a box about c + W b
//   ray      along its cells (two-sided)

import { Heightfield } from '../heightfield.js';
import type { ShapeDefinition } from '../shape-definition.js';
import type { HeightfieldShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';
import { meshBounds, meshExtent, noMass } from './triangles.js';

export const HEIGHTFIELD: ShapeDefinition<HeightfieldShapeOptions> = {
  keys: optionKeys<Omit<HeightfieldShapeOptions, keyof SurfaceOptions>>({ type: true, heights: true, rows: true, columns: true, size: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic'],
  solid: false,
  placed: true,
  read(where, options, into) {
    into.mesh = new Heightfield(where, options.heights, options.rows, options.columns, options.size);
  },
  ...noMass,
  bounds: meshBounds,
  extent: meshExtent,
  innerRadius: () => 0,
  originRadius: () => 0,
  reach: () => 0,
  convex: () => false,
  describe: (shape) => (shape.mesh as Heightfield).describe(),
};
