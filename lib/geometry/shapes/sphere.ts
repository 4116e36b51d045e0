// The sphere: radius r about its frame's origin.
//   volume   (4/3) π r³;  inertia 2 m r² / 5 about every axis
//   bounds   the centre ± r
//   ray      |o + t d|² = r²:  t = −b − √(b² − c),  b = o·d, c = |o|² − r²

import { requirePositiveWithin } from '../../util/validate.js';
import { MAX_LENGTH, MIN_LENGTH } from '../../limits.js';
import { atOrigin, rayAnswer, type ShapeDefinition, type ShapeGeometry, type ShapeRayCast, writeDiagonal } from '../shape-definition.js';
import { RAY_T_MAX } from '../triangle-source.js';
import type { SphereShapeOptions, SurfaceOptions } from '../shape-options.js';
import { optionKeys } from '../../util/option-keys.js';

/** The ray o + t d (|d| = 1) against a sphere of radius r at the origin: t or −1. */
export function raySphere(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, tMax: number, normal: Float64Array): number {
  const b = ox * dx + oy * dy + oz * dz;
  const c = ox * ox + oy * oy + oz * oz - r * r;
  if (c <= 0) {
    normal[0] = -dx; normal[1] = -dy; normal[2] = -dz;
    return 0;
  }
  if (b >= 0) return -1; // outside and heading away
  const disc = b * b - c;
  if (disc < 0) return -1;
  const t = -b - Math.sqrt(disc);
  if (t > tMax) return -1;
  normal[0] = (ox + t * dx) / r; normal[1] = (oy + t * dy) / r; normal[2] = (oz + t * dz) / r;
  return t;
}

export const SPHERE: ShapeDefinition<SphereShapeOptions> = {
  keys: optionKeys<Omit<SphereShapeOptions, keyof SurfaceOptions>>({ type: true, radius: true }),
  bounded: true,
  bodyTypes: ['static', 'kinematic', 'dynamic'],
  solid: true,
  placed: true,
  read(where, options, into) {
    into.radius = requirePositiveWithin(where, 'sphere radius', options.radius, MIN_LENGTH, MAX_LENGTH, ' m');
  },
  volume: (shape) => (4 / 3) * Math.PI * shape.radius ** 3,
  centroid: atOrigin,
  inertia(shape, _density, mass, out) {
    const i = 0.4 * mass * shape.radius * shape.radius;
    writeDiagonal(out, i, i, i);
  },
  bounds(shape, c, _W, out) {
    const r = shape.radius;
    for (let i = 0; i < 3; i++) {
      out[i] = c[i] - r;
      out[3 + i] = c[i] + r;
    }
  },
  convex: (shape, out) => (out.setSphere(shape.radius), true),
  extent: (shape) => shape.radius,
  innerRadius: (shape) => shape.radius,
  originRadius: (shape) => shape.radius,
  reach: (shape) => shape.radius,
  describe: (shape) => ({ radius: shape.radius }),
};

/** A sphere's ray cast (ShapeRayCast). */
export const SPHERE_RAY_CAST: ShapeRayCast = (shape, o, d, ray, normal) =>
  rayAnswer(ray, raySphere(o[0], o[1], o[2], d[0], d[1], d[2], shape.radius, ray[RAY_T_MAX], normal));
