// The cylinder: a solid of radius r about its frame's y axis, from y = −h to y = h (h = halfHeight),
// centred on its frame's origin as Jolt's CylinderShape and Rapier's Cylinder are.
//   volume   π r² 2h
//   inertia  I_y = m r²/2, I_x = I_z = m (3r² + 4h²)/12 (inertia.ts cylinderInertia)
//   support  the rim point (r x/|x_xz|, ±h, r z/|x_xz|) along a local direction x (gjk.ts supportLocal)
//   bounds   along world axis i, with u = W's row i (axis i in the shape's frame):
//            ±(r √(1 − u_y²) + h |u_y|), the support of the direction ±u
//   ray      the slab |y| ≤ h and the infinite solid cylinder x² + z² ≤ r², each an interval of t;
//            the hit enters both: t = the later of the two entries, normal that surface's

import { cylinderInertia } from '../inertia.js';
import { requirePositiveWithin } from '../../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../../limits.js';
import { atOrigin, rayAnswer, rayStartsInside, type ShapeDefinition, type ShapeGeometry, type ShapeRayCast, writeDiagonal } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { CylinderShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';

/** The ray o + t d (|d| = 1) against the cylinder of radius r and half height h: t or −1, the outward
 * normal at the hit into `normal`. */
function rayCylinder(o: ArrayLike<number>, d: ArrayLike<number>, r: number, h: number, tMax: number, normal: Float64Array): number {
  const ox = o[0], oy = o[1], oz = o[2], dx = d[0], dy = d[1], dz = d[2];
  // the slab −h ≤ oy + t dy ≤ h
  let enter = -Infinity, exit = Infinity, cap = 0;
  if (dy === 0) {
    if (oy < -h || oy > h) return -1;
  } else {
    const t1 = (-h - oy) / dy, t2 = (h - oy) / dy;
    enter = Math.min(t1, t2); exit = Math.max(t1, t2);
    cap = dy > 0 ? -1 : 1; // the cap entered: the bottom one when going up
  }
  // the side: |(o + t d)_xz|² ≤ r², a t² + 2 b t + c ≤ 0
  const a = dx * dx + dz * dz, b = ox * dx + oz * dz, c = ox * ox + oz * oz - r * r;
  let side = false;
  if (a === 0) {
    if (c > 0) return -1;
  } else {
    const disc = b * b - a * c;
    if (disc < 0) return -1;
    const root = Math.sqrt(disc);
    // (−b − √disc)/a written as c/(−b + √disc) when b < 0, to keep its digits (Numerical Recipes 5.6)
    const t1 = b < 0 ? c / (-b + root) : (-b - root) / a, t2 = b < 0 ? (-b + root) / a : b + root > 0 ? c / (-b - root) : 0;
    if (t1 > enter) {
      enter = t1; side = true;
    }
    if (t2 < exit) exit = t2;
  }
  if (enter > exit || exit < 0) return -1;
  if (enter <= 0) return rayStartsInside(d, normal);
  if (enter > tMax) return -1;
  if (side) {
    normal[0] = (ox + enter * dx) / r; normal[1] = 0; normal[2] = (oz + enter * dz) / r;
  } else {
    normal[0] = 0; normal[1] = cap; normal[2] = 0;
  }
  return enter;
}

/** How far the cylinder reaches along the unit local direction u, of which only u_y is given:
 * r √(1 − u_y²) + h |u_y|. */
function cylinderReach(shape: ShapeGeometry, uy: number): number {
  return shape.baseRadius * Math.sqrt(Math.max(0, 1 - uy * uy)) + shape.halfHeight * Math.abs(uy);
}

export const CYLINDER: ShapeDefinition<CylinderShapeOptions> = {
  keys: optionKeys<Omit<CylinderShapeOptions, keyof SurfaceOptions>>({ type: true, radius: true, halfHeight: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  solid: true,
  placed: true,
  read(where, options, into) {
    into.baseRadius = requirePositiveWithin(where, 'cylinder radius', options.radius, MIN_LENGTH, MAX_LENGTH, ' m');
    // also its round radius: a contact on its side lies r below its axis, as a capsule's below its segment
    // (the contacts carry their points from the core, and a rolling cylinder's contact stays under its
    // axis; contact-constraint.ts); on a cap the core is r inside the cap, which changes a tilting cap's
    // gap only at second order in the tilt
    into.radius = into.baseRadius;
    into.halfHeight = requirePositiveWithin(where, 'cylinder halfHeight', options.halfHeight, MIN_LENGTH, MAX_LENGTH, ' m');
  },
  volume: (shape) => 2 * Math.PI * shape.baseRadius * shape.baseRadius * shape.halfHeight,
  centroid: atOrigin,
  inertia(shape, _density, mass, out) {
    const [x, y, z] = cylinderInertia(mass, shape.baseRadius, shape.halfHeight);
    writeDiagonal(out, x, y, z);
  },
  bounds(shape, c, W, out) {
    for (let i = 0; i < 3; i++) {
      // u_y = (Wᵀ e_i)_y = W_i1
      const half = cylinderReach(shape, W[3 + i]);
      out[i] = c[i] - half;
      out[3 + i] = c[i] + half;
    }
  },
  convex: (shape, out) => (out.setCylinder(shape.baseRadius, shape.halfHeight), true),
  extent: (shape) => Math.hypot(shape.baseRadius, shape.halfHeight),
  innerRadius: (shape) => Math.min(shape.baseRadius, shape.halfHeight),
  originRadius: (shape) => Math.min(shape.baseRadius, shape.halfHeight),
  reach: (shape, W, n, sign) => cylinderReach(shape, sign * (W[3] * n[0] + W[4] * n[1] + W[5] * n[2])),
  describe: (shape) => ({ radius: shape.baseRadius, halfHeight: shape.halfHeight }),
};

/** A cylinder's ray cast (ShapeRayCast). */
export const CYLINDER_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) =>
  rayAnswer(ray, rayCylinder(o, d, shape.baseRadius, shape.halfHeight, ray[RAY_T_MAX], normal));
