// Contacts of two convex polygons, each maybe rounded (a capsule is its core segment as a polygon of 2
// vertices with the capsule's radius; a segment is one with radius 0): Box2D v3 manifold.c
// b2CollidePolygons, b2CollidePolygonAndCapsule, b2CollideSegmentAndPolygon; lib/collision/hull-contacts.ts
// hullHull in 3D.
//
// The separating axis test over both polygons' edge normals (in 2D, with no edge–edge axes, these are all
// the axes a pair of convex polygons needs): s_A = max over A's faces i of min over B's vertices
// n_i·(w − v_i), s_B likewise. The reference face is the one of larger separation; the incident edge the
// other polygon's edge whose normal is most opposed to it.
//   Cores apart (s > SEPARATED_CORES): the closest points of the reference and incident edges. Two
//   vertices: one point along their difference, s = |w − v| − r (a box hovering over a box's corner is
//   that far away, not the face axis's lower bound). Otherwise the incident edge clipped to the reference
//   face (features.ts clipEdges), whose separations along the face normal are exact there.
//   Cores touching or overlapping: the incident edge clipped to the reference face. B's face is taken
//   over A's only when it separates by more than FLIP_TOLERANCE (Box2D v2.4 b2CollidePolygons' k_tol), so
//   in a resting stack, where both are near 0, the reference face does not switch from step to step.
// Ids pair A's vertex with B's (features.ts featureId), whichever face is the reference.

import type { CapsuleGeometry, PolygonGeometry, SegmentGeometry, ShapeGeometry2D } from '../geometry/shape-geometry.js';
import {
  clipEdges, clipFrame, featureId, LINEAR_SLOP, putPoint, SEPARATED_CORES, segmentDistance, segmentResult, staged, WorldPolygon,
} from './features.js';
import type { Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';

/** B's face is the reference only when it separates by this much more than A's, m (0.1 × linear slop). */
export const FLIP_TOLERANCE = 0.1 * LINEAR_SLOP;

const polygonA = /* @__PURE__ */ new WorldPolygon(), polygonB = /* @__PURE__ */ new WorldPolygon();

export function collidePolygons(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  polygons(out, polygonA.setPolygon(a as PolygonGeometry, A), polygonB.setPolygon(b as PolygonGeometry, B));
}

export function collidePolygonCapsule(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  polygons(out, polygonA.setPolygon(a as PolygonGeometry, A), polygonB.setCapsule(b as CapsuleGeometry, B));
}

export function collideSegmentPolygon(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  polygons(out, polygonA.setSegment(a as SegmentGeometry, A), polygonB.setPolygon(b as PolygonGeometry, B));
}

/** maxSeparation's face (its separation is the return value's twin in separationOut[0]). */
const separationOut = new Float64Array(1);
let bestFace = 0;

/** The largest over P's faces of the least height of Q's vertices above it, into separationOut[0], its
 * face into bestFace. */
function maxSeparation(P: WorldPolygon, Q: WorldPolygon): void {
  const pv = P.vertices, pn = P.normals, qv = Q.vertices, countQ = Q.count;
  let best = -Infinity, face = 0;
  for (let i = 0; i < P.count; i++) {
    const nx = pn[2 * i], ny = pn[2 * i + 1], vx = pv[2 * i], vy = pv[2 * i + 1];
    let least = Infinity;
    for (let j = 0; j < countQ; j++) {
      const s = nx * (qv[2 * j] - vx) + ny * (qv[2 * j + 1] - vy);
      if (s < least) least = s;
    }
    if (least > best) { best = least; face = i; }
  }
  separationOut[0] = best;
  bestFace = face;
}

/** The edge of Q whose normal is most opposed to face f's of P. */
function incidentEdge(Q: WorldPolygon, P: WorldPolygon, f: number): number {
  const qn = Q.normals, nx = P.normals[2 * f], ny = P.normals[2 * f + 1];
  let least = Infinity, edge = 0;
  for (let i = 0; i < Q.count; i++) {
    const d = nx * qn[2 * i] + ny * qn[2 * i + 1];
    if (d < least) { least = d; edge = i; }
  }
  return edge;
}

/** The manifold of rounded polygons P (A) and Q (B). */
export function polygons(out: Manifold2D, P: WorldPolygon, Q: WorldPolygon): void {
  const radius = P.radius + Q.radius, margin = out.margin;
  maxSeparation(P, Q);
  const separationA = separationOut[0];
  let edgeA = bestFace;
  if (separationA - radius >= margin) return;
  maxSeparation(Q, P);
  const separationB = separationOut[0];
  let edgeB = bestFace;
  if (separationB - radius >= margin) return;
  const apart = separationA > SEPARATED_CORES || separationB > SEPARATED_CORES;
  // apart: the exact larger separation (the closest features decide); touching: A's face unless B's is clearly better
  const flip = apart ? separationB > separationA : separationB > separationA + FLIP_TOLERANCE;
  if (flip) edgeA = incidentEdge(P, Q, edgeB);
  else edgeB = incidentEdge(Q, P, edgeA);
  const i11 = edgeA, i12 = edgeA + 1 < P.count ? edgeA + 1 : 0;
  const i21 = edgeB, i22 = edgeB + 1 < Q.count ? edgeB + 1 : 0;
  const pv = P.vertices, qv = Q.vertices;
  if (apart) {
    segmentDistance(pv, 2 * i11, pv, 2 * i12, qv, 2 * i21, qv, 2 * i22);
    const f1 = segmentResult[0], f2 = segmentResult[1];
    if ((f1 === 0 || f1 === 1) && (f2 === 0 || f2 === 1)) {
      // two vertices closest: one point along their difference
      const ia = f1 === 0 ? i11 : i12, ib = f2 === 0 ? i21 : i22;
      const distance = Math.sqrt(segmentResult[2]);
      const s = distance - radius;
      if (s >= margin) return;
      const ax = pv[2 * ia], ay = pv[2 * ia + 1];
      const nx = (qv[2 * ib] - ax) / distance, ny = (qv[2 * ib + 1] - ay) / distance;
      const along = P.radius + 0.5 * s;
      staged[0] = nx; staged[1] = ny; staged[2] = ax + along * nx; staged[3] = ay + along * ny; staged[4] = s;
      putPoint(out, featureId(ia, ib));
      return;
    }
  }
  if (!flip) {
    clipFrame[0] = P.normals[2 * i11]; clipFrame[1] = P.normals[2 * i11 + 1]; clipFrame[2] = P.radius; clipFrame[3] = Q.radius;
    clipEdges(out, pv, i11, i12, qv, i21, i22, false, false);
  } else {
    clipFrame[0] = Q.normals[2 * i21]; clipFrame[1] = Q.normals[2 * i21 + 1]; clipFrame[2] = Q.radius; clipFrame[3] = P.radius;
    clipEdges(out, qv, i21, i22, pv, i11, i12, true, false);
  }
}
