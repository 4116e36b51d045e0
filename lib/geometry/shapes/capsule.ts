// The capsule: the segment from (0, −h, 0) to (0, h, 0) of its frame (h = halfHeight), swept by radius r.
//   volume   π r² (2h + 4r/3)
//   inertia  a cylinder and two hemispheres, mass shared by volume (inertia.ts capsuleInertia)
//   bounds   both ends' spheres: the centre ± (r + h |W_i1|) along world axis i
//   ray      the infinite cylinder about y (the x, z parts of the sphere test), kept where the hit's y
//            lies on the segment; otherwise the nearer of the two end spheres, (0, ±h, 0)

import { capsuleInertia } from '../inertia.js';
import { requireNonNegative, requirePositiveWithin, requireWithin } from '../../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../../limits.js';
import { atOrigin, rayAnswer, rayStartsInside, type ShapeDefinition, type ShapeRayCast, writeDiagonal } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { CapsuleShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';
import { raySphere } from './sphere.js';

function rayCapsule(o: ArrayLike<number>, d: ArrayLike<number>, r: number, h: number, tMax: number, normal: Float64Array): number {
  const ox = o[0], oy = o[1], oz = o[2], dx = d[0], dy = d[1], dz = d[2];
  // inside: the closest point of the segment is within r
  const cy = Math.max(-h, Math.min(h, oy));
  if (ox * ox + (oy - cy) * (oy - cy) + oz * oz <= r * r) return rayStartsInside(d, normal);
  // the cylinder's side: |(o + t d)_xz|² = r²
  const a = dx * dx + dz * dz;
  if (a > 0) {
    const b = ox * dx + oz * dz, c = ox * ox + oz * oz - r * r;
    const disc = b * b - a * c;
    if (disc >= 0) {
      const t = (-b - Math.sqrt(disc)) / a;
      const y = oy + t * dy;
      if (t >= 0 && y >= -h && y <= h) {
        if (t > tMax) return -1;
        normal[0] = (ox + t * dx) / r; normal[1] = 0; normal[2] = (oz + t * dz) / r;
        return t;
      }
    }
  }
  // the end caps: the nearer of the two spheres' hits
  const top = raySphere(ox, oy - h, oz, dx, dy, dz, r, tMax, normal);
  const n0 = normal[0], n1 = normal[1], n2 = normal[2];
  const bottom = raySphere(ox, oy + h, oz, dx, dy, dz, r, tMax, normal);
  if (top >= 0 && (bottom < 0 || top <= bottom)) {
    normal[0] = n0; normal[1] = n1; normal[2] = n2;
    return top;
  }
  return bottom;
}

export const CAPSULE: ShapeDefinition<CapsuleShapeOptions> = {
  keys: optionKeys<Omit<CapsuleShapeOptions, keyof SurfaceOptions>>({ type: true, radius: true, halfHeight: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  solid: true,
  placed: true,
  read(where, options, into) {
    into.radius = requirePositiveWithin(where, 'capsule radius', options.radius, MIN_LENGTH, MAX_LENGTH, ' m');
    // (+ 0: −0 kept as +0, as a snapshot's JSON keeps it)
    into.halfHeight = requireWithin(where, 'capsule halfHeight', requireNonNegative(where, 'capsule halfHeight', options.halfHeight), 0, MAX_LENGTH, ' m') + 0;
  },
  volume: (shape) => Math.PI * shape.radius * shape.radius * (2 * shape.halfHeight + (4 / 3) * shape.radius),
  centroid: atOrigin,
  inertia(shape, _density, mass, out) {
    const [x, y, z] = capsuleInertia(mass, shape.radius, shape.halfHeight);
    writeDiagonal(out, x, y, z);
  },
  bounds(shape, c, W, out) {
    for (let i = 0; i < 3; i++) {
      const half = shape.radius + shape.halfHeight * Math.abs(W[3 + i]);
      out[i] = c[i] - half;
      out[3 + i] = c[i] + half;
    }
  },
  convex: (shape, out) => (out.setCapsule(shape.radius, shape.halfHeight), true),
  extent: (shape) => shape.halfHeight + shape.radius,
  innerRadius: (shape) => shape.radius,
  originRadius: (shape) => shape.radius,
  reach(shape, W, n, sign) {
    const nx = sign * n[0], ny = sign * n[1], nz = sign * n[2];
    return shape.radius + shape.halfHeight * Math.abs(W[3] * nx + W[4] * ny + W[5] * nz);
  },
  describe: (shape) => ({ radius: shape.radius, halfHeight: shape.halfHeight }),
};

/** A capsule's ray cast (ShapeRayCast). */
export const CAPSULE_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) => rayAnswer(ray, rayCapsule(o, d, shape.radius, shape.halfHeight, ray[RAY_T_MAX], normal));
