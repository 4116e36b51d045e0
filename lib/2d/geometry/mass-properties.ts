// A 2D body's mass properties from its shapes: mass, centre of mass and moment of inertia
// (lib/geometry/mass-properties.ts in the plane; Box2D v3's b2ComputeCircleMass, b2ComputeCapsuleMass,
// b2ComputePolygonMass and b2UpdateBodyMassData).
//
// Each shape i of density ρ_i (kg/m²) and area A_i has mass m_i = ρ_i A_i, its centroid g_i in its own
// frame and I_i about that centroid (a scalar: the moment about the z axis is the same in any axes of
// the plane). Its centroid in the body frame is c_i = position_i + R_i g_i. Summed:
//   m = Σ m_i,   c = Σ m_i c_i / m,   I = Σ [ I_i + m_i |c_i − c|² ]   (parallel-axis theorem)
// Segments and chains have no area and so no mass.
//
// Per shape (about its centroid):
//   circle   A = π r²,  I = m r²/2
//   capsule  a 2r × 2h rectangle and the two half-discs (one disc of radius r split along y):
//            rectangle m_r = 4 ρ r h, I_r = m_r ((2r)² + (2h)²)/12 = m_r (r² + h²)/3;
//            disc m_d = ρ π r²: each half (m_d/2) has its centroid d = 4r/(3π) from its flat side, so
//            about its own centroid (m_d/2)(r²/2 − d²), and about the capsule's centre, h + d away,
//            (m_d/2)(r²/2 − d² + (h + d)²); both halves: m_d (r²/2 + h² + 2 h d).
//   polygon  the triangle fan from vertex v0: a triangle (0, e1, e2) of area a = (e1 × e2)/2 has
//            ∫ |p|² dA = a (e1·e1 + e1·e2 + e2·e2)/6 about v0 and its centroid at (e1 + e2)/3; summed,
//            then moved to the centroid: I = ρ Σ ∫|p|² dA − m |c − v0|².

import type { ShapeGeometry2D } from './shape-geometry.js';
import type { Shape2D } from './shape.js';

/** One shape's (or a body's) mass properties: mass (kg), centroid (shape or body frame, m) and inertia
 * about the centroid (kg·m²). */
export interface MassProperties2D {
  mass: number;
  centre: Float64Array;
  inertia: number;
}

/** A shape geometry's area, m² (0 for segments and chains). */
export function geometryArea(geometry: ShapeGeometry2D): number {
  switch (geometry.type) {
    case 'circle':
      return Math.PI * geometry.radius * geometry.radius;
    case 'capsule':
      return 4 * geometry.radius * geometry.halfHeight + Math.PI * geometry.radius * geometry.radius;
    case 'polygon':
      return polygonMoments(geometry.vertices, geometry.count, null);
    default:
      return 0;
  }
}

/** The mass properties of a geometry at `density` (kg/m²) in its own frame, into `out`. */
export function geometryMass(geometry: ShapeGeometry2D, density: number, out: MassProperties2D): MassProperties2D {
  out.centre[0] = 0; out.centre[1] = 0;
  switch (geometry.type) {
    case 'circle': {
      const r = geometry.radius;
      out.mass = density * Math.PI * r * r;
      out.inertia = 0.5 * out.mass * r * r;
      return out;
    }
    case 'capsule': {
      const r = geometry.radius, h = geometry.halfHeight, d = (4 * r) / (3 * Math.PI);
      const rectangle = 4 * density * r * h, disc = density * Math.PI * r * r;
      out.mass = rectangle + disc;
      out.inertia = (rectangle * (r * r + h * h)) / 3 + disc * (0.5 * r * r + h * h + 2 * h * d);
      return out;
    }
    case 'polygon': {
      const moments = polygonScratch;
      const area = polygonMoments(geometry.vertices, geometry.count, moments);
      const v = geometry.vertices;
      out.mass = density * area;
      // (the centroid from the fan's sums, relative to v0; geometry.centroid is the same point)
      const gx = moments[0] / area, gy = moments[1] / area;
      out.centre[0] = v[0] + gx; out.centre[1] = v[1] + gy;
      out.inertia = density * (moments[2] - area * (gx * gx + gy * gy));
      return out;
    }
    default:
      out.mass = 0;
      out.inertia = 0;
      return out;
  }
}

/** The polygon's area; with `out`, also its first moments (∫ x, ∫ y) and polar second moment ∫|p|² dA,
 * all relative to vertex 0 (the triangle fan of the header). */
function polygonMoments(v: Float64Array, n: number, out: Float64Array | null): number {
  const ox = v[0], oy = v[1];
  let area = 0, mx = 0, my = 0, second = 0;
  for (let i = 1; i < n - 1; i++) {
    const e1x = v[2 * i] - ox, e1y = v[2 * i + 1] - oy, e2x = v[2 * i + 2] - ox, e2y = v[2 * i + 3] - oy;
    const a = 0.5 * (e1x * e2y - e1y * e2x);
    area += a;
    mx += (a * (e1x + e2x)) / 3;
    my += (a * (e1y + e2y)) / 3;
    second += (a * (e1x * e1x + e1y * e1y + e1x * e2x + e1y * e2y + e2x * e2x + e2y * e2y)) / 6;
  }
  if (out !== null) {
    out[0] = mx; out[1] = my; out[2] = second;
  }
  return area;
}
const polygonScratch = new Float64Array(3);

/**
 * The mass properties of `shapes` together, in the body frame (each shape's centroid placed by its
 * position and rotation), or null when they have no mass (none, or only segments and chains).
 * `densityScale` multiplies every density (as in 3D: only the relative densities count when the body is
 * given its own mass, and scaled to at most 1 they keep the sums finite).
 */
export function computeMassProperties2D(shapes: readonly Shape2D[], densityScale = 1): MassProperties2D | null {
  const one: MassProperties2D = { mass: 0, centre: new Float64Array(2), inertia: 0 };
  const masses: number[] = [], centres: number[] = [], inertias: number[] = [];
  let mass = 0, cx = 0, cy = 0;
  for (const shape of shapes) {
    const geometry = shape.geometry;
    if (geometry === null) continue;
    geometryMass(geometry, shape.density * densityScale, one);
    if (one.mass === 0) continue;
    // c_i = position + R g
    const R = shape.rotation, p = shape.position, g = one.centre;
    const x = p[0] + R[0] * g[0] - R[1] * g[1], y = p[1] + R[1] * g[0] + R[0] * g[1];
    masses.push(one.mass); centres.push(x, y); inertias.push(one.inertia);
    mass += one.mass; cx += one.mass * x; cy += one.mass * y;
  }
  if (!(mass > 0)) return null;
  cx /= mass; cy /= mass;
  let inertia = 0;
  for (let i = 0; i < masses.length; i++) {
    const dx = centres[2 * i] - cx, dy = centres[2 * i + 1] - cy;
    inertia += inertias[i] + masses[i] * (dx * dx + dy * dy);
  }
  return { mass, centre: new Float64Array([cx, cy]), inertia };
}
