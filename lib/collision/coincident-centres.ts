// Coincident centres. Two solids whose centres coincide (bodies created at one point) have no normal of
// their own: the centres' line is undefined, and the separating axis test picks the same face for every
// such pair. Pushed along one normal, a crowd at one point leaves in a line (without what follows, 200
// boxes at one point flew 150 m along one axis at up to 49 m/s). For a contact's
// manifold (its bodies' ids known) the normal is then derived from the two body ids (coincidentNormal:
// each id names a point of the unit ball, and the normal runs from A's point to B's), so a crowd is
// pushed apart as if each body had been created at its own point of a ball, and the same pair gets the
// same normal in every run. The manifold is one point, midway between the two surfaces along that
// normal, at the separation that would part them (coincidentPair). The same normal replaces "straight up"
// wherever the spheres' centres coincide (a sphere on a capsule's axis, crossing capsules: convex-contacts.ts
// spheres). Queries, whose manifolds name no bodies, are as before.

import type { Shape } from '../geometry/shape.js';
import type { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';

/** Centres closer than this, m, coincide: the centres' line gives no normal (spheres, coincidentPair). */
export const COINCIDENT_DISTANCE = 1e-12;
/** The id of coincidentPair's point. */
const COINCIDENT_POINT = 1 << 29;
/** coincidentNormal's result, and the two bodies' points (bodyPoint). */
export const pairNormal = new Float64Array(3);
const bodyPoints = new Float64Array(6);

/** Whether two centres coincide (closer than COINCIDENT_DISTANCE). */
export function coincident(a: Float64Array, b: Float64Array): boolean {
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  return dx * dx + dy * dy + dz * dz <= COINCIDENT_DISTANCE * COINCIDENT_DISTANCE;
}

/** A 32-bit integer hash (the finalizer of Appleby's MurmurHash3, fmix32): exact integer arithmetic, so
 * the same in every JavaScript engine. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The point of body `id` in the unit ball of `dimensions` (3, or 2 for the plane's disc: 2D's
 * coincident-centres.ts), into out[at..]: hashed coordinates in [−1, 1), drawn again until they fall
 * inside the ball (so directions between two bodies' points favour no axis). Integer hashing and
 * power-of-two scaling only: every engine draws the same point.
 */
export function bodyPoint(id: number, out: Float64Array, at: number, dimensions = 3): void {
  // ids are integers below 2⁵³: the low and high 32 bits seed the hash
  let h = mix32((id >>> 0) ^ mix32(Math.floor(id / 4294967296) + 0x9e3779b9));
  // (a draw falls inside with probability π/6 in 3D, π/4 in 2D; after 64 draws, one in 10²⁰, the last
  // point is kept)
  for (let draw = 0; draw < 64; draw++) {
    let r = 0;
    for (let k = 0; k < dimensions; k++) {
      h = mix32(h + 0x9e3779b9);
      const x = h / 2147483648 - 1;
      out[at + k] = x;
      r += x * x;
    }
    if (r <= 1) return;
  }
}

/**
 * The normal for shapes of bodies whose centres coincide (see the header), into pairNormal: from body A's
 * point of the unit ball to body B's (bodyPoint), made unit. False when the manifold names no bodies
 * (a query's) or the two points coincide too: the caller keeps its own normal.
 */
export function coincidentNormal(out: Manifold): boolean {
  if (out.bodyIdA < 0 || out.bodyIdA === out.bodyIdB) return false;
  bodyPoint(out.bodyIdA, bodyPoints, 0);
  bodyPoint(out.bodyIdB, bodyPoints, 3);
  const x = bodyPoints[3] - bodyPoints[0], y = bodyPoints[4] - bodyPoints[1], z = bodyPoints[5] - bodyPoints[2];
  const L = Math.sqrt(x * x + y * y + z * z);
  if (!(L > 1e-9)) return false;
  pairNormal[0] = x / L; pairNormal[1] = y / L; pairNormal[2] = z / L;
  return true;
}

/**
 * Two solids of a contact whose centres coincide: one point along coincidentNormal's n, at the
 * separation s = −(reach of A along n + reach of B along −n) that moving B by −s along n would
 * undo (each shape's ShapeDefinition.reach), midway between A's surface c + reach_A n and B's
 * c − reach_B n.
 */
export function coincidentPair(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  if (!coincidentNormal(out)) {
    pairNormal[0] = 0; pairNormal[1] = 1; pairNormal[2] = 0;
  }
  const n = pairNormal, c = A.c;
  const reachA = a.definition.reach(a, A.W, n, 1), reachB = b.definition.reach(b, B.W, n, -1);
  const s = -(reachA + reachB), along = 0.5 * (reachA - reachB);
  out.setNormal(n[0], n[1], n[2]);
  out.add(c[0] + n[0] * along, c[1] + n[1] * along, c[2] + n[2] * along, s, COINCIDENT_POINT);
}
