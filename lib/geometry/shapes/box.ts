// The box: half extents (x, y, z) about its frame's origin. It carries its geometry as a hull too
// (hull.ts boxHull), for its contacts with hulls and other boxes.
//   volume   8 h_x h_y h_z;  inertia I_x = m (h_y² + h_z²) / 3, and so on
//   bounds   |W| h about the centre
//   ray      the slab method: t_enter = the largest near-slab crossing, t_exit = the smallest far one

import { boxInertia } from '../inertia.js';
import { readFiniteVector, requirePositiveWithin } from '../../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../../limits.js';
import { boxHull } from '../hull.js';
import { atOrigin, rayAnswer, rayStartsInside, type ShapeDefinition, type ShapeRayCast, writeBoxBounds, writeDiagonal } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { BoxShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';

function rayBox(o: ArrayLike<number>, d: ArrayLike<number>, half: ArrayLike<number>, tMax: number, normal: Float64Array): number {
  let enter = -Infinity, exit = Infinity, axis = -1, sign = 0;
  for (let k = 0; k < 3; k++) {
    if (d[k] === 0) {
      if (o[k] < -half[k] || o[k] > half[k]) return -1; // parallel to this slab and outside it
      continue;
    }
    const inverse = 1 / d[k];
    let t1 = (-half[k] - o[k]) * inverse, t2 = (half[k] - o[k]) * inverse;
    let s = -1; // the face entered: −half when d_k > 0
    if (t1 > t2) {
      const swap = t1; t1 = t2; t2 = swap;
      s = 1;
    }
    if (t1 > enter) {
      enter = t1; axis = k; sign = s;
    }
    if (t2 < exit) exit = t2;
    if (enter > exit) return -1;
  }
  if (exit < 0) return -1;
  if (enter <= 0) return rayStartsInside(d, normal);
  if (enter > tMax) return -1;
  normal[0] = 0; normal[1] = 0; normal[2] = 0;
  normal[axis] = sign;
  return enter;
}

export const BOX: ShapeDefinition<BoxShapeOptions> = {
  keys: optionKeys<Omit<BoxShapeOptions, keyof SurfaceOptions>>({ type: true, halfExtents: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  solid: true,
  placed: true,
  read(where, options, into) {
    readFiniteVector(where, 'box halfExtents', options.halfExtents, 3, into.halfExtents);
    for (let i = 0; i < 3; i++) requirePositiveWithin(where, `box halfExtents[${i}]`, into.halfExtents[i], MIN_LENGTH, MAX_LENGTH, ' m');
    into.hull = boxHull(into.halfExtents);
  },
  volume: (shape) => 8 * shape.halfExtents[0] * shape.halfExtents[1] * shape.halfExtents[2],
  centroid: atOrigin,
  inertia(shape, _density, mass, out) {
    const [x, y, z] = boxInertia(mass, shape.halfExtents);
    writeDiagonal(out, x, y, z);
  },
  bounds: (shape, c, W, out) => writeBoxBounds(c, W, null, shape.halfExtents, out),
  convex: (shape, out) => (out.setBox(shape.halfExtents[0], shape.halfExtents[1], shape.halfExtents[2]), true),
  extent: (shape) => Math.sqrt(shape.halfExtents[0] ** 2 + shape.halfExtents[1] ** 2 + shape.halfExtents[2] ** 2),
  innerRadius: (shape) => Math.min(shape.halfExtents[0], shape.halfExtents[1], shape.halfExtents[2]),
  originRadius: (shape) => Math.min(shape.halfExtents[0], shape.halfExtents[1], shape.halfExtents[2]),
  reach(shape, W, n, sign) {
    const nx = sign * n[0], ny = sign * n[1], nz = sign * n[2], h = shape.halfExtents;
    return h[0] * Math.abs(W[0] * nx + W[1] * ny + W[2] * nz) + h[1] * Math.abs(W[3] * nx + W[4] * ny + W[5] * nz) + h[2] * Math.abs(W[6] * nx + W[7] * ny + W[8] * nz);
  },
  describe: (shape) => ({ halfExtents: Array.from(shape.halfExtents) }),
};

/** A box's ray cast (ShapeRayCast). */
export const BOX_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) => rayAnswer(ray, rayBox(o, d, shape.halfExtents, ray[RAY_T_MAX], normal));
