// Coincident centres in the plane (lib/collision/coincident-centres.ts). Two solids whose origins coincide
// (bodies created at one point) have no normal of their own: the centres' line is undefined, and two
// circles get "straight up" (features.ts fallbackNormal), so a crowd at one point would be pushed into a
// column. For a contact's manifold (its bodies known) the normal is derived from the two body ids instead:
// each id names a point of the unit disc, and the normal runs from A's point to B's, so a crowd is pushed
// apart as if each body had been created at its own point of a disc, and the same pair gets the same
// normal in every run. The manifold is one point, midway between the two surfaces along that normal, at
// the separation that would part them. Queries, whose manifolds name no bodies, are as before.

import { COINCIDENT_DISTANCE } from './features.js';
import { bodyPoint } from '../../collision/coincident-centres.js';
import type { Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';
import type { ShapeGeometry2D } from '../geometry/shape-geometry.js';

/** The id of the coincident pair's point (3D's COINCIDENT_POINT). */
const COINCIDENT_POINT = 1 << 29;
/** The two bodies' points of the unit disc (lib/collision/coincident-centres.ts bodyPoint). */
const bodyPoints = new Float64Array(4);

/** Whether the pair's origins coincide and both shapes have an inside (circles, capsules, polygons). */
export function coincidentSolids(a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): boolean {
  if (a.type === 'segment' || a.type === 'chainSegment' || b.type === 'segment' || b.type === 'chainSegment') return false;
  const dx = B.c[0] - A.c[0], dy = B.c[1] - A.c[1];
  return dx * dx + dy * dy <= COINCIDENT_DISTANCE * COINCIDENT_DISTANCE;
}

/** How far the geometry at pose P reaches from its origin along the unit (nx, ny), m: its support. */
function reach(g: ShapeGeometry2D, P: ShapePose2D, nx: number, ny: number): number {
  const c = P.R[0], s = P.R[1];
  // the direction in the shape's frame: Rᵀ n
  const lx = c * nx + s * ny, ly = -s * nx + c * ny;
  if (g.type === 'circle') return g.radius;
  if (g.type === 'capsule') return g.radius + g.halfHeight * Math.abs(ly);
  if (g.type !== 'polygon') return 0;
  let far = -Infinity;
  for (let i = 0; i < g.count; i++) far = Math.max(far, g.vertices[2 * i] * lx + g.vertices[2 * i + 1] * ly);
  return far;
}

/**
 * Rewrites the manifold of two solids whose origins coincide (coincidentSolids) for a contact of bodies
 * idA and idB (see the header): the normal from A's point of the unit disc to B's, one point at the
 * separation s = −(reach of A along n + reach of B along −n) that moving B by −s along n would undo,
 * midway between A's surface c + reach_A n and B's c − reach_B n. Bodies whose points coincide too keep
 * the narrowphase's manifold.
 */
export function coincidentPair2D(out: Manifold2D, idA: number, idB: number, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  if (idA === idB) return;
  bodyPoint(idA, bodyPoints, 0, 2);
  bodyPoint(idB, bodyPoints, 2, 2);
  const x = bodyPoints[2] - bodyPoints[0], y = bodyPoints[3] - bodyPoints[1];
  const L = Math.sqrt(x * x + y * y);
  if (!(L > 1e-9)) return;
  const nx = x / L, ny = y / L;
  const reachA = reach(a, A, nx, ny), reachB = reach(b, B, -nx, -ny);
  const s = -(reachA + reachB), along = 0.5 * (reachA - reachB), c = A.c;
  out.count = 0;
  out.setNormal(nx, ny);
  out.add(c[0] + nx * along, c[1] + ny * along, s, COINCIDENT_POINT);
}
