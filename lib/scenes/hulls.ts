// A pile of convex hulls: irregular rocks, tetrahedra, wedges and octahedra dropped onto a
// low static block and the ground, with a few capsules and balls among them, so every hull pair (plane,
// box, hull, capsule, sphere) meets.
//
// A description's inertia is diagonal in body axes, so each hull is described in its principal frame:
// its points moved to its centroid and turned onto the eigenvectors of its inertia (mat3.ts
// symmetricEigen). The body's mass and inertia are then the hull's at the density.

import { convexHull } from '../geometry/hull-building.js';
import { capsuleInertia, sphereInertia } from '../geometry/inertia.js';
import { symmetricEigen } from '../math/mat3.js';
import { mulberry32 } from '../math/random.js';
import { cos, sin } from '../math/portable.js';
import type { BodyDescription, QuatTuple, SceneDescription, Vec3Tuple } from './description.js';

const DENSITY = 1000;

/**
 * A dynamic hull body of density 1000 kg/m³ at `position` (its centroid), turned by `orientation`: the
 * points are re-expressed in the hull's principal frame so that the inertia is diagonal.
 */
export function hullBody(points: readonly Vec3Tuple[], position: Vec3Tuple, orientation: QuatTuple, role: string): BodyDescription {
  const hull = convexHull(points);
  const values = new Float64Array(3), Q = new Float64Array(9);
  symmetricEigen(hull.unitInertia, values, Q);
  const g = hull.centroid;
  // p' = Qᵀ (p − g)
  const principal = hull.points().map((p): Vec3Tuple => {
    const d = [p[0] - g[0], p[1] - g[1], p[2] - g[2]];
    return [0, 1, 2].map((k) => Q[3 * k] * d[0] + Q[3 * k + 1] * d[1] + Q[3 * k + 2] * d[2]) as Vec3Tuple;
  });
  return {
    type: 'dynamic', position, orientation, mass: DENSITY * hull.volume,
    inertia: [DENSITY * values[0], DENSITY * values[1], DENSITY * values[2]],
    shape: { kind: 'hull', points: principal }, role, collide: true,
  };
}

/** A rock: 14 points on an ellipsoid of the given radii, each pushed in by up to a third. */
function rock(random: () => number, radii: Vec3Tuple): Vec3Tuple[] {
  const points: Vec3Tuple[] = [];
  for (let i = 0; i < 14; i++) {
    // a direction uniform on the sphere (z uniform, azimuth uniform), then scaled
    const z = 2 * random() - 1, azimuth = 2 * Math.PI * random(), ring = Math.sqrt(1 - z * z);
    const scale = 1 - random() / 3;
    points.push([radii[0] * ring * cos(azimuth) * scale, radii[1] * z * scale, radii[2] * ring * sin(azimuth) * scale]);
  }
  return points;
}

function tetrahedron(edge: number): Vec3Tuple[] {
  const s = edge / (2 * Math.SQRT2);
  return [[s, s, s], [s, -s, -s], [-s, s, -s], [-s, -s, s]];
}

/** A wedge: a right triangle of legs a (x) and b (y), extruded 2c along z. */
function wedge(a: number, b: number, c: number): Vec3Tuple[] {
  return [[0, 0, -c], [a, 0, -c], [0, b, -c], [0, 0, c], [a, 0, c], [0, b, c]];
}

function octahedron(r: number): Vec3Tuple[] {
  return [[r, 0, 0], [-r, 0, 0], [0, r, 0], [0, -r, 0], [0, 0, r], [0, 0, -r]];
}

export interface HullPileOptions {
  /** Layers of 6 bodies each. Default 4. */
  layers?: number;
}

/** Hulls (and a few capsules and balls) dropped in layers onto a low block and the ground. */
export function hullPile(options: HullPileOptions = {}): SceneDescription {
  const layers = options.layers ?? 4;
  const random = mulberry32(17);
  const bodies: BodyDescription[] = [
    { type: 'static', position: [0, 0.15, 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: [0.6, 0.15, 0.6] }, role: 'obstacle', collide: true },
  ];
  const turn = (): QuatTuple => {
    const q = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
    const length = Math.hypot(q[0], q[1], q[2], q[3]);
    return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
  };
  for (let layer = 0; layer < layers; layer++) {
    for (let i = 0; i < 6; i++) {
      const angle = (i / 6) * 2 * Math.PI + layer * 0.5;
      const radius = 0.25 + 0.35 * ((i + layer) % 2);
      const position: Vec3Tuple = [radius * cos(angle), 0.8 + 0.45 * layer, radius * sin(angle)];
      const kind = (i + 2 * layer) % 6;
      if (kind === 0 || kind === 3) bodies.push(hullBody(rock(random, [0.16 + 0.06 * random(), 0.1 + 0.05 * random(), 0.13 + 0.05 * random()]), position, turn(), 'rock'));
      else if (kind === 1) bodies.push(hullBody(tetrahedron(0.3), position, turn(), 'tetrahedron'));
      else if (kind === 2) bodies.push(hullBody(wedge(0.3, 0.15, 0.12), position, turn(), 'wedge'));
      else if (kind === 4) bodies.push(hullBody(octahedron(0.14), position, turn(), 'octahedron'));
      else if (layer % 2 === 0) {
        const mass = DENSITY * Math.PI * 0.06 * 0.06 * (0.4 + (4 / 3) * 0.06);
        bodies.push({ type: 'dynamic', position, orientation: turn(), mass, inertia: capsuleInertia(mass, 0.06, 0.2), shape: { kind: 'capsule', radius: 0.06, halfHeight: 0.2 }, role: 'link', collide: true });
      } else {
        const mass = DENSITY * (4 / 3) * Math.PI * 0.1 ** 3;
        // (rolling resistance, so that a ball knocked off the pile does not roll away for ever: at c = 0.05
        // a ball slows at (5/7) c g = 0.35 m/s²)
        bodies.push({
          type: 'dynamic', position, mass, inertia: sphereInertia(mass, 0.1), shape: { kind: 'sphere', radius: 0.1 }, role: 'weight', collide: true,
          rollingResistance: 0.05,
        });
      }
    }
  }
  return { name: 'hull pile', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0 } };
}
