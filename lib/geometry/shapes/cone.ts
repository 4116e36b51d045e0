// The cone: a solid about its frame's y axis with its apex at (0, h, 0) and its base, a disc of radius r,
// at y = −h (h = halfHeight). It is centred on its mid-height, as Rapier's (parry's) Cone is, so that
// radius and halfHeight mean what they mean for the cylinder; its centre of mass lies a quarter of the
// height above the base, at (0, −h/2, 0) (the centroid), which a body puts at its own centre.
//   volume   π r² 2h / 3
//   inertia  about the centroid: I_y = (3/10) m r², I_x = I_z = (3/20) m (r² + h²) (inertia.ts coneInertia)
//   support  the apex, or the base rim point (r x/|x_xz|, −h, r z/|x_xz|), whichever reaches further
//            along a local direction x: h x_y against −h x_y + r |x_xz| (gjk.ts supportLocal)
//   bounds   along world axis i, with u = W's row i: max = reach(u), min = −reach(−u), where
//            reach(u) = max(h u_y, −h u_y + r √(1 − u_y²))
//   ray      with k = r/2h, the solid is −h ≤ y ≤ h and |p_xz| ≤ k (h − y); below the apex the last is
//            f(p) = |p_xz|² − k² (h − y)² ≤ 0, a quadratic in t. Each is an interval of t (of f ≤ 0,
//            the part on the lower nappe); the hit enters all of them: the latest entry, its surface's
//            normal (the side's is ∇(|p_xz| − k (h − y)) = (p_x/|p_xz|, k, p_z/|p_xz|) / √(1 + k²))

import { coneInertia } from '../inertia.js';
import { requirePositiveWithin } from '../../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../../limits.js';
import { rayAnswer, rayStartsInside, type ShapeDefinition, type ShapeGeometry, type ShapeRayCast, writeDiagonal } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { ConeShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';

/** Which surface a ray enters last (rayCone). */
const BASE = 0, SIDE = 1;

/** The ray o + t d (|d| = 1) against the cone of base radius r and half height h: t or −1, the outward
 * normal at the hit into `normal`. */
function rayCone(o: ArrayLike<number>, d: ArrayLike<number>, r: number, h: number, tMax: number, normal: Float64Array): number {
  const ox = o[0], oy = o[1], oz = o[2], dx = d[0], dy = d[1], dz = d[2];
  let enter = -Infinity, exit = Infinity, entered = BASE;
  // the slab −h ≤ y ≤ h: the base's plane is entered going up, the apex's plane going down
  if (dy === 0) {
    if (oy < -h || oy > h) return -1;
  } else {
    const tBase = (-h - oy) / dy, tTop = (h - oy) / dy;
    if (dy > 0) {
      enter = tBase; exit = tTop;
    } else {
      enter = tTop; exit = tBase; entered = SIDE;
    }
  }
  // f = a t² + 2 b t + c with w = h − o_y
  const k = r / (2 * h), k2 = k * k, w = h - oy;
  const a = dx * dx + dz * dz - k2 * dy * dy, b = ox * dx + oz * dz + k2 * w * dy, c = ox * ox + oz * oz - k2 * w * w;
  let lo = -Infinity, hi = Infinity;
  if (a === 0) {
    // along the side's slope: f is linear
    if (b === 0) {
      if (c > 0) return -1;
    } else if (b > 0) hi = -c / (2 * b);
    else lo = -c / (2 * b);
  } else {
    const disc = b * b - a * c;
    if (disc < 0) {
      if (a > 0) return -1; // f > 0 everywhere on the line
    } else {
      const root = Math.sqrt(disc);
      const q = b < 0 ? -b + root : -b - root;
      let t1 = q / a, t2 = q === 0 ? 0 : c / q;
      if (t1 > t2) {
        const swap = t1; t1 = t2; t2 = swap;
      }
      if (a > 0) {
        lo = t1; hi = t2;
      } else if (dy > 0) hi = t1; // f ≤ 0 outside [t1, t2]; the lower nappe is where y runs to −∞
      else lo = t2;
    }
  }
  if (lo > enter) {
    enter = lo; entered = SIDE;
  }
  if (hi < exit) exit = hi;
  if (enter > exit || exit < 0) return -1;
  if (enter <= 0) return rayStartsInside(d, normal);
  if (enter > tMax) return -1;
  if (entered === BASE) {
    normal[0] = 0; normal[1] = -1; normal[2] = 0;
    return enter;
  }
  const px = ox + enter * dx, pz = oz + enter * dz, across = Math.sqrt(px * px + pz * pz);
  if (across === 0) {
    normal[0] = 0; normal[1] = 1; normal[2] = 0; // the apex
    return enter;
  }
  const scale = 1 / Math.sqrt(1 + k2);
  normal[0] = (px / across) * scale; normal[1] = k * scale; normal[2] = (pz / across) * scale;
  return enter;
}

/** How far the cone reaches from its frame's origin along the unit local direction u (u_y given):
 * max(h u_y, −h u_y + r √(1 − u_y²)). */
function coneReach(shape: ShapeGeometry, uy: number): number {
  const h = shape.halfHeight;
  return Math.max(h * uy, -h * uy + shape.baseRadius * Math.sqrt(Math.max(0, 1 - uy * uy)));
}

export const CONE: ShapeDefinition<ConeShapeOptions> = {
  keys: optionKeys<Omit<ConeShapeOptions, keyof SurfaceOptions>>({ type: true, radius: true, halfHeight: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  solid: true,
  placed: true,
  read(where, options, into) {
    into.baseRadius = requirePositiveWithin(where, 'cone radius', options.radius, MIN_LENGTH, MAX_LENGTH, ' m');
    into.halfHeight = requirePositiveWithin(where, 'cone halfHeight', options.halfHeight, MIN_LENGTH, MAX_LENGTH, ' m');
  },
  volume: (shape) => (2 * Math.PI * shape.baseRadius * shape.baseRadius * shape.halfHeight) / 3,
  centroid(shape, out) {
    out[0] = 0; out[1] = -0.5 * shape.halfHeight; out[2] = 0;
  },
  inertia(shape, _density, mass, out) {
    const [x, y, z] = coneInertia(mass, shape.baseRadius, shape.halfHeight);
    writeDiagonal(out, x, y, z);
  },
  bounds(shape, c, W, out) {
    for (let i = 0; i < 3; i++) {
      const uy = W[3 + i];
      out[i] = c[i] - coneReach(shape, -uy);
      out[3 + i] = c[i] + coneReach(shape, uy);
    }
  },
  convex: (shape, out) => (out.setCone(shape.baseRadius, shape.halfHeight), true),
  extent: (shape) => Math.hypot(shape.baseRadius, shape.halfHeight),
  // the centroid lies h/2 above the base and 3rh/(2√(4h² + r²)) inside the side (the distance from
  // (0, −h/2) to the line 2h ρ + r y = r h in the (ρ, y) plane)
  innerRadius: (shape) => {
    const r = shape.baseRadius, h = shape.halfHeight;
    return Math.min(0.5 * h, (1.5 * r * h) / Math.sqrt(4 * h * h + r * r));
  },
  // the origin lies h above the base and r h/√(4h² + r²) inside the side
  originRadius: (shape) => {
    const r = shape.baseRadius, h = shape.halfHeight;
    return (r * h) / Math.sqrt(4 * h * h + r * r);
  },
  reach: (shape, W, n, sign) => coneReach(shape, sign * (W[3] * n[0] + W[4] * n[1] + W[5] * n[2])),
  describe: (shape) => ({ radius: shape.baseRadius, halfHeight: shape.halfHeight }),
};

/** A cone's ray cast (ShapeRayCast). */
export const CONE_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) =>
  rayAnswer(ray, rayCone(o, d, shape.baseRadius, shape.halfHeight, ray[RAY_T_MAX], normal));
