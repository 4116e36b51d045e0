// The plane: the half-space n·p ≤ offset of its body's frame (a plane has no position or orientation of
// its own, so its frame is its body's). It is unbounded and has no mass: static bodies only.
//   bounds   everything
//   ray      n·(o + t d) = offset:  t = (offset − n·o) / n·d, for a ray going down into it (n·d < 0)

import { normalizeStably, readFiniteVector, show } from '../../util/validate.js';
import { atOrigin, rayAnswer, rayStartsInside, type ShapeDefinition, type ShapeRayCast } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { PlaneShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';

export const PLANE: ShapeDefinition<PlaneShapeOptions> = {
  keys: optionKeys<Omit<PlaneShapeOptions, keyof SurfaceOptions>>({ type: true, normal: true, offset: true }),
  bounded: false,
  bodyTypes: ['static'],
  solid: false,
  placed: false,
  read(where, options, into) {
    if (options.normal !== undefined) {
      const n = readFiniteVector(where, 'plane normal', options.normal, 3, into.normal);
      const length = Math.hypot(n[0], n[1], n[2]);
      if (!(length > 1e-9)) throw new RangeError(`${where}: plane normal must not be zero, got ${show(options.normal)}`);
      // (normalized so that reading the normal again, from a snapshot, gives the same bits)
      normalizeStably(n, 3, length);
      for (let i = 0; i < 3; i++) n[i] += 0; // −0 as +0, as JSON keeps it
    }
    if (options.offset !== undefined) {
      if (typeof options.offset !== 'number' || !Number.isFinite(options.offset)) {
        throw new RangeError(`${where}: plane offset must be a finite number, got ${show(options.offset)}`);
      }
      into.offset = options.offset + 0;
    }
  },
  volume: () => Infinity,
  centroid: atOrigin,
  inertia(_shape, _density, _mass, out) {
    out.fill(0);
  },
  bounds(_shape, _c, _W, out) {
    out[0] = out[1] = out[2] = -Infinity;
    out[3] = out[4] = out[5] = Infinity;
  },
  convex: () => false,
  extent: () => Infinity,
  innerRadius: () => 0,
  originRadius: () => 0,
  reach: () => 0,
  describe: (shape) => ({ normal: Array.from(shape.normal), offset: shape.offset }),
};

/** A plane's ray cast (ShapeRayCast): the solid is the half-space below it. */
export const PLANE_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) => {
  const n = shape.normal;
  const height = n[0] * o[0] + n[1] * o[1] + n[2] * o[2] - shape.offset;
  if (height <= 0) return rayAnswer(ray, rayStartsInside(d, normal));
  const rate = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
  if (rate >= 0) return false;
  const t = -height / rate;
  if (t > ray[RAY_T_MAX]) return false;
  normal[0] = n[0]; normal[1] = n[1]; normal[2] = n[2];
  return rayAnswer(ray, t);
};
