// The convex hull of a point cloud (hull.ts builds it: vertices, face planes, edges, mass properties).
//   volume, centroid, inertia   from its faces (hull.ts hullMassProperties), the inertia per unit density times the density
//   bounds   its own bounding box (centre b, half extents h, shape frame) as a box about c + W b
//   ray      clipped by the face planes n_i·p ≤ d_i (Cyrus and Beck, "Generalized Two- and
//            Three-Dimensional Clipping", 1978): t_i = (d_i − n_i·o) / n_i·d enters where n_i·d < 0 and
//            leaves where n_i·d > 0; t_enter = the largest entry, t_exit = the smallest exit; a hit when
//            t_enter ≤ t_exit, on the face that gave t_enter

import type { ConvexHull } from '../hull.js';
import { buildHull, readHullPoints } from '../hull-building.js';
import { rayAnswer, rayStartsInside, writeBoxBounds, type ShapeDefinition, type ShapeRayCast } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { HullShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';

function rayHull(o: ArrayLike<number>, d: ArrayLike<number>, hull: ConvexHull, tMax: number, normal: Float64Array): number {
  const planes = hull.planes;
  let enter = -Infinity, exit = Infinity, face = -1;
  for (let f = 0; f < hull.faceCount; f++) {
    const nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2];
    const height = nx * o[0] + ny * o[1] + nz * o[2] - planes[4 * f + 3];
    const rate = nx * d[0] + ny * d[1] + nz * d[2];
    if (rate === 0) {
      if (height > 0) return -1; // parallel to this face and outside it
      continue;
    }
    const t = -height / rate;
    if (rate < 0) {
      if (t > enter) { enter = t; face = f; }
    } else if (t < exit) exit = t;
    if (enter > exit) return -1;
  }
  if (exit < 0) return -1;
  if (enter <= 0) return rayStartsInside(d, normal);
  if (enter > tMax) return -1;
  normal[0] = planes[4 * face]; normal[1] = planes[4 * face + 1]; normal[2] = planes[4 * face + 2];
  return enter;
}

/** The distance from the centroid to the nearest face plane, d_f − n_f·g. */
function hullInnerRadius(hull: ConvexHull): number {
  const planes = hull.planes, g = hull.centroid;
  let least = Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    least = Math.min(least, planes[4 * f + 3] - (planes[4 * f] * g[0] + planes[4 * f + 1] * g[1] + planes[4 * f + 2] * g[2]));
  }
  return Math.max(0, least);
}

export const HULL: ShapeDefinition<HullShapeOptions> = {
  keys: optionKeys<Omit<HullShapeOptions, keyof SurfaceOptions>>({ type: true, points: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  solid: true,
  placed: true,
  read(where, options, into) {
    into.hull = buildHull(where, readHullPoints(where, options.points));
  },
  volume: (shape) => (shape.hull as ConvexHull).volume,
  centroid(shape, out) {
    out.set((shape.hull as ConvexHull).centroid);
  },
  inertia(shape, density, _mass, out) {
    const unit = (shape.hull as ConvexHull).unitInertia;
    for (let i = 0; i < 9; i++) out[i] = density * unit[i];
  },
  bounds(shape, c, W, out) {
    const hull = shape.hull as ConvexHull;
    writeBoxBounds(c, W, hull.boundsCentre, hull.boundsHalf, out);
  },
  // the hull's vertices rebuild the same hull (in the same order: the order they came in)
  convex(shape, out) {
    const hull = shape.hull as ConvexHull;
    out.set(hull.vertices, hull.vertexCount, 0);
    return true;
  },
  extent: (shape) => (shape.hull as ConvexHull).extent(),
  innerRadius: (shape) => hullInnerRadius(shape.hull as ConvexHull),
  // the hull lies on n·p ≤ d of each face: the origin's distance to the face is d
  originRadius(shape) {
    const planes = (shape.hull as ConvexHull).planes;
    let least = Infinity;
    for (let f = 3; f < planes.length; f += 4) least = Math.min(least, planes[f]);
    return least > 0 ? least : 0;
  },
  reach(shape, W, n, sign) {
    // n in the shape's frame, l = Wᵀ n, against each vertex
    const nx = sign * n[0], ny = sign * n[1], nz = sign * n[2];
    const v = (shape.hull as ConvexHull).vertices;
    const lx = W[0] * nx + W[1] * ny + W[2] * nz, ly = W[3] * nx + W[4] * ny + W[5] * nz, lz = W[6] * nx + W[7] * ny + W[8] * nz;
    let most = -Infinity;
    for (let i = 0; i < v.length; i += 3) most = Math.max(most, lx * v[i] + ly * v[i + 1] + lz * v[i + 2]);
    return most;
  },
  describe: (shape) => ({ points: (shape.hull as ConvexHull).points() }),
};

/** A hull's ray cast (ShapeRayCast). */
export const HULL_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) => rayAnswer(ray, rayHull(o, d, shape.hull as ConvexHull, ray[RAY_T_MAX], normal));
