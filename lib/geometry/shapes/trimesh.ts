// The triangle mesh: triangles given by flat xyz vertices and three indices each (triangle-mesh.ts: checked,
// degenerate triangles skipped, active edges found, a tree of its triangles). It has no volume and no mass:
// static and kinematic bodies only. Its triangles are one-sided (met from the front, counter-clockwise).
//   bounds   its own bounding box (frame) as a box about c + W b
//   ray      through its tree (two-sided: a ray finds a triangle from either side)

import { TriangleMesh } from '../triangle-mesh.js';
import type { ShapeDefinition } from '../shape-definition.js';
import type { TrimeshShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';
import { meshBounds, meshExtent, noMass } from './triangles.js';

export const TRIMESH: ShapeDefinition<TrimeshShapeOptions> = {
  keys: optionKeys<Omit<TrimeshShapeOptions, keyof SurfaceOptions>>({ type: true, vertices: true, indices: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic'],
  solid: false,
  placed: true,
  read(where, options, into) {
    into.mesh = new TriangleMesh(where, options.vertices, options.indices);
  },
  ...noMass,
  bounds: meshBounds,
  extent: meshExtent,
  innerRadius: () => 0,
  originRadius: () => 0,
  reach: () => 0,
  convex: () => false,
  describe: (shape) => (shape.mesh as TriangleMesh).describe(),
};
