// The triangle mesh: triangles given by flat xyz vertices and three indices each (triangle-mesh.ts: checked,
// degenerate triangles skipped, active edges found, a tree of its triangles). Its triangles are one-sided
// (met from the front, counter-clockwise). Any body type may carry it; on a dynamic body it must be closed
// (mesh-volume.ts: every edge shared by two triangles running it opposite ways, a positive volume), and
// it is then the solid it encloses:
//   volume, centroid, inertia   by the divergence theorem (mesh-volume.ts: Mirtich 1996, Eberly 2002); an
//            open mesh on a static or kinematic body has none (0)
//   bounds   its own bounding box (frame) as a box about c + W b
//   ray      through its tree (two-sided: a ray finds a triangle from either side)

import { TriangleMesh } from '../triangle-mesh.js';
import type { ShapeDefinition, ShapeGeometry } from '../shape-definition.js';
import type { MeshSolid } from '../mesh-volume.js';
import type { TrimeshShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';
import { meshBounds, meshExtent } from './triangles.js';

function solidOf(shape: ShapeGeometry): MeshSolid {
  return (shape.mesh as TriangleMesh).solid;
}

export const TRIMESH: ShapeDefinition<TrimeshShapeOptions> = {
  keys: optionKeys<Omit<TrimeshShapeOptions, keyof SurfaceOptions>>({ type: true, vertices: true, indices: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  refuse(shape, type) {
    const problem = type === 'dynamic' ? solidOf(shape).problem : null;
    return problem === null ? null : `a trimesh on a dynamic body must enclose a solid, and this one does not: ${problem}`;
  },
  solid: true,
  placed: true,
  read(where, options, into) {
    into.mesh = new TriangleMesh(where, options.vertices, options.indices);
  },
  volume: (shape) => solidOf(shape).volume,
  centroid(shape, out) {
    out.set(solidOf(shape).centroid);
  },
  inertia(shape, density, _mass, out) {
    const unit = solidOf(shape).unitInertia;
    for (let i = 0; i < 9; i++) out[i] = density * unit[i];
  },
  bounds: meshBounds,
  extent: meshExtent,
  innerRadius: () => 0,
  originRadius: () => 0,
  reach: () => 0,
  convex: () => false,
  describe: (shape) => (shape.mesh as TriangleMesh).describe(),
};
