// A body's mass properties from its shapes: mass, centre of mass and inertia tensor.
//
// Each solid shape i (density ρ_i, volume V_i, centroid c_i, orientation R_i in the body frame) has
// mass m_i = ρ_i V_i and, about its centroid in its own axes, the inertia D_i: diagonal from inertia.ts
// for a sphere, capsule or box (centroid c_i = its position), ρ_i times the hull's unit inertia for a
// hull (hull.ts hullMassProperties; centroid c_i = position + R_i g, g the hull's centroid). Summed:
//   m = Σ m_i,   c = Σ m_i c_i / m,
//   I = Σ [ R_i D_i R_iᵀ + m_i (|d_i|² 1 − d_i d_iᵀ) ],   d_i = c_i − c     (parallel-axis theorem)
// about the centre of mass, in the body frame. Planes have no mass.

import { boxInertia, capsuleInertia, sphereInertia } from '../inertia.js';
import { rotateDiagonal, rotateSymmetric } from '../math/mat3.js';
import type { ConvexHull } from './hull.js';
import type { Shape } from './shape.js';

export interface MassProperties {
  mass: number;
  /** Centre of mass in the body frame. */
  centre: Float64Array;
  /** Inertia about the centre of mass, body axes (3x3 row-major, symmetric). */
  inertia: Float64Array;
}

/** The mass properties of the solid shapes, or null when there are none (only planes). */
export function computeMassProperties(shapes: readonly Shape[]): MassProperties | null {
  let mass = 0;
  const centre = new Float64Array(3), centroid = new Float64Array(3);
  for (const shape of shapes) {
    if (shape.type === 'plane') continue;
    const m = shape.density * shape.volume;
    mass += m;
    centroidOf(shape, centroid);
    for (let k = 0; k < 3; k++) centre[k] += m * centroid[k];
  }
  if (!(mass > 0)) return null;
  for (let k = 0; k < 3; k++) centre[k] /= mass;
  const inertia = new Float64Array(9);
  const rotated = new Float64Array(9);
  for (const shape of shapes) {
    if (shape.type === 'plane') continue;
    const m = shape.density * shape.volume;
    if (shape.type === 'hull') {
      const own = (shape.hull as ConvexHull).unitInertia.map((value) => shape.density * value);
      rotateSymmetric(rotated, shape.rotation, own);
    } else {
      const [a, b, c] = ownInertia(shape, m);
      rotateDiagonal(rotated, shape.rotation, a, b, c);
    }
    centroidOf(shape, centroid);
    const dx = centroid[0] - centre[0], dy = centroid[1] - centre[1], dz = centroid[2] - centre[2];
    const d2 = dx * dx + dy * dy + dz * dz;
    const d = [dx, dy, dz];
    for (let r = 0; r < 3; r++) {
      for (let col = 0; col < 3; col++) {
        inertia[3 * r + col] += rotated[3 * r + col] + m * ((r === col ? d2 : 0) - d[r] * d[col]);
      }
    }
  }
  return { mass, centre, inertia };
}

/** The diagonal inertia of a sphere, capsule or box about its centre (hulls and planes: zero). */
function ownInertia(shape: Shape, mass: number): [number, number, number] {
  switch (shape.type) {
    case 'sphere': return sphereInertia(mass, shape.radius);
    case 'capsule': return capsuleInertia(mass, shape.radius, shape.halfHeight);
    case 'box': return boxInertia(mass, shape.halfExtents);
    case 'hull': case 'plane': return [0, 0, 0];
  }
}

/** The shape's centroid in the body frame: its position, moved by R g for a hull (g its centroid). */
function centroidOf(shape: Shape, out: Float64Array): void {
  const p = shape.position;
  if (shape.type !== 'hull') {
    out[0] = p[0]; out[1] = p[1]; out[2] = p[2];
    return;
  }
  const g = (shape.hull as ConvexHull).centroid, R = shape.rotation;
  for (let i = 0; i < 3; i++) out[i] = p[i] + R[i] * g[0] + R[3 + i] * g[1] + R[6 + i] * g[2];
}
