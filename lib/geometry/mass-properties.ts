// A body's mass properties from its shapes: mass, centre of mass and inertia tensor.
//
// Each solid shape i (density ρ_i, volume V_i, centroid c_i, orientation R_i in the body frame) has
// mass m_i = ρ_i V_i and, about its centroid in its own axes, the inertia D_i, both from its type's
// definition (shapes/*.ts); its centroid is c_i = position + R_i g, g the centroid in its own frame
// (the origin for every type but the hull). Summed:
//   m = Σ m_i,   c = Σ m_i c_i / m,
//   I = Σ [ R_i D_i R_iᵀ + m_i (|d_i|² 1 − d_i d_iᵀ) ],   d_i = c_i − c     (parallel-axis theorem)
// about the centre of mass, in the body frame. Planes have no mass.

import { rotateDiagonal, rotateSymmetric } from '../math/mat3.js';
import type { Shape } from './shape.js';

export interface MassProperties {
  mass: number;
  /** Centre of mass in the body frame. */
  centre: Float64Array;
  /** Inertia about the centre of mass, body axes (3x3 row-major, symmetric). */
  inertia: Float64Array;
}

/** The mass properties of the solid shapes, or null when there are none (only planes) or their mass
 * is not > 0. `densityScale` multiplies every density: only the shapes' relative densities matter
 * when the body is given its own mass, and scaled to at most 1 they keep a mass out of the range of
 * doubles (1e-300 kg/m³ times a micrometre's volume) finite and nonzero. */
export function computeMassProperties(shapes: readonly Shape[], densityScale = 1): MassProperties | null {
  let mass = 0;
  const centre = new Float64Array(3), centroid = new Float64Array(3);
  for (const shape of shapes) {
    const definition = shape.definition;
    if (!definition.solid) continue;
    const m = shape.density * densityScale * definition.volume(shape);
    mass += m;
    centroidOf(shape, centroid);
    for (let k = 0; k < 3; k++) centre[k] += m * centroid[k];
  }
  if (!(mass > 0)) return null;
  for (let k = 0; k < 3; k++) centre[k] /= mass;
  const inertia = new Float64Array(9);
  const own = new Float64Array(9), rotated = new Float64Array(9);
  for (const shape of shapes) {
    const definition = shape.definition;
    if (!definition.solid) continue;
    const density = shape.density * densityScale;
    const m = density * definition.volume(shape);
    definition.inertia(shape, density, m, own);
    // (principal axes, the common case, rotated in the cheaper form)
    if (own[1] === 0 && own[2] === 0 && own[5] === 0) rotateDiagonal(rotated, shape.rotation, own[0], own[4], own[8]);
    else rotateSymmetric(rotated, shape.rotation, own);
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

/** The shape's centroid in the body frame: position + S g (g its centroid in its own frame, S its rotation). */
function centroidOf(shape: Shape, out: Float64Array): void {
  const p = shape.position;
  const g = ownCentroid, S = shape.rotation;
  shape.definition.centroid(shape, g);
  for (let i = 0; i < 3; i++) out[i] = p[i] + S[i] * g[0] + S[3 + i] * g[1] + S[6 + i] * g[2];
}

const ownCentroid = new Float64Array(3);
