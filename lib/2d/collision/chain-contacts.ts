// Contacts of a chain segment (shape A: one-sided, with ghost vertices g1 before p1 and g2 after p2) and a
// circle, a capsule or a polygon (Box2D v3 manifold.c b2CollideChainSegmentAndCircle,
// b2CollideChainSegmentAndPolygon; Catto, "Ghost Collisions", box2d.org/posts/2020/06/ghost-collisions).
//
// A chain collides only with what lies to the right of p1 → p2 (its normal n₁ = the right perpendicular of
// e₁ = (p2 − p1)/|p2 − p1|). A shape sliding along a chain would otherwise catch on the joints: near a joint,
// the closest features of the shape and one segment are the segment's end, and their direction tilts
// backwards. The ghost vertices tell each segment its neighbours: the joint at p1 is convex when
// e₀ × e₁ ≥ 0.01 (e₀ = (p1 − g1)/|…|), likewise at p2, and a normal is classified by the Gauss map of the
// chain around the segment (classifyNormal):
//   toward a concave joint (or a flat one)  snap: the segment's own normal n₁ is used instead;
//   toward a convex joint, within its arc   admit: a corner's normal, between n₀ and n₁;
//   past the convex joint's arc             skip: the neighbour owns that direction, no contact here.
// So a box sliding over a flat chain meets n₁ on every segment, over every joint, and a ball rolling
// over a convex corner turns with it.
//
//   chain–circle     the segment's point closest to the centre; the centre behind the segment, or in the
//                    Voronoi region of a neighbour (before p1 on the previous segment's side, or past p2),
//                    gives nothing; a joint's vertex region is its second segment's
//   chain–polygon    cores apart (d > SEPARATED_CORES, d their exact distance): the closest features
//                    (two vertices, a chain end and a polygon edge, a polygon vertex and the segment)
//                    classified as above; touching: the separating axis test over n₁, the convex
//                    neighbours' normals (which, if larger, mean the neighbour collides instead) and the
//                    polygon's admitted normals. Then the incident edge is clipped to the reference (2
//                    points, features.ts clipEdges, dropped where the two edges' spans miss each other).
//   chain–capsule    the capsule as a polygon of 2 vertices with its radius.

import type { CapsuleGeometry, ChainSegmentGeometry, CircleGeometry, PolygonGeometry, ShapeGeometry2D } from '../geometry/shape-geometry.js';
import { clipEdges, clipFrame, featureId, putPoint, SEPARATED_CORES, staged, WorldPolygon } from './features.js';
import type { Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';

/** Joints bent by less than this (the sine of the angle, about 0.6°) are flat, not convex; normals past a
 * convex joint's arc by more than this are skipped (Box2D's convexTol and sinTol). */
const CONVEX_TOLERANCE = 0.01, SKIP_TOLERANCE = 0.01;

const polygon = /* @__PURE__ */ new WorldPolygon();
/** The chain segment in world space: g1, p1, p2, g2 (x, y each). */
const chain = new Float64Array(8);
/** p1 and p2 alone, as a reference or incident edge for clipEdges (indices 0 and 1). */
const ends = new Float64Array(4);
/** e₁, n₁, n₀, n₂ (x, y each): the segment's direction and normal, its neighbours' normals. */
const frame = new Float64Array(8);
let convex1 = false, convex2 = false;

/** The chain segment's points in world space into `chain`, its frame into `frame` and the convexity of
 * its two joints. */
function chainInWorld(segment: ChainSegmentGeometry, A: ShapePose2D): void {
  toWorld(A, segment.ghost1, 0);
  toWorld(A, segment.point1, 1);
  toWorld(A, segment.point2, 2);
  toWorld(A, segment.ghost2, 3);
  ends[0] = chain[2]; ends[1] = chain[3]; ends[2] = chain[4]; ends[3] = chain[5];
  let e1x = chain[4] - chain[2], e1y = chain[5] - chain[3];
  const L1 = Math.sqrt(e1x * e1x + e1y * e1y);
  e1x /= L1; e1y /= L1;
  let e0x = chain[2] - chain[0], e0y = chain[3] - chain[1];
  const L0 = Math.sqrt(e0x * e0x + e0y * e0y);
  if (L0 > 0) { e0x /= L0; e0y /= L0; } else { e0x = e1x; e0y = e1y; }
  let e2x = chain[6] - chain[4], e2y = chain[7] - chain[5];
  const L2 = Math.sqrt(e2x * e2x + e2y * e2y);
  if (L2 > 0) { e2x /= L2; e2y /= L2; } else { e2x = e1x; e2y = e1y; }
  // right perpendiculars: (e_y, −e_x)
  frame[0] = e1x; frame[1] = e1y; frame[2] = e1y; frame[3] = -e1x;
  frame[4] = e0y; frame[5] = -e0x; frame[6] = e2y; frame[7] = -e2x;
  convex1 = e0x * e1y - e0y * e1x >= CONVEX_TOLERANCE;
  convex2 = e1x * e2y - e1y * e2x >= CONVEX_TOLERANCE;
}

/** Point p of the chain's frame into chain[2k..2k+1]: c + R p. */
function toWorld(A: ShapePose2D, p: Float64Array, k: number): void {
  const c = A.c, cs = A.R[0], sn = A.R[1];
  chain[2 * k] = c[0] + cs * p[0] - sn * p[1];
  chain[2 * k + 1] = c[1] + sn * p[0] + cs * p[1];
}

const SKIP = 0, ADMIT = 1, SNAP = 2;

/** The normal classifyNormal classifies (an array: doubles passed to a call V8 does not inline are boxed). */
const probe = new Float64Array(2);

/** How the chain treats the normal in `probe`, from the segment toward the other shape (see the top). */
function classifyNormal(): number {
  const nx = probe[0], ny = probe[1];
  if (nx * frame[0] + ny * frame[1] <= 0) {
    // toward p1's joint
    if (!convex1) return SNAP;
    return nx * frame[5] - ny * frame[4] > SKIP_TOLERANCE ? SKIP : ADMIT;
  }
  if (!convex2) return SNAP;
  return frame[6] * ny - frame[7] * nx > SKIP_TOLERANCE ? SKIP : ADMIT;
}

export function collideChainSegmentCircle(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  chainInWorld(a as ChainSegmentGeometry, A);
  const r = (b as CircleGeometry).radius, qx = B.c[0], qy = B.c[1];
  const p1x = chain[2], p1y = chain[3], p2x = chain[4], p2y = chain[5];
  const ex = p2x - p1x, ey = p2y - p1y;
  // one-sided: the centre must be on the right, n₁·(q − p1) ≥ 0
  if (ey * (qx - p1x) - ex * (qy - p1y) < 0) return;
  // barycentric coordinates along the segment: u for p1, v for p2 (times |e|²)
  const u = ex * (p2x - qx) + ey * (p2y - qy), v = ex * (qx - p1x) + ey * (qy - p1y);
  let ax: number, ay: number;
  if (v <= 0) {
    // before p1: in the previous segment's inside region ((p1 − g1)·(q − p1) < 0) it is the neighbour's;
    // on its border (a ball exactly over a flat joint) and in the vertex region, this segment's
    if ((p1x - chain[0]) * (qx - p1x) + (p1y - chain[1]) * (qy - p1y) < 0) return;
    ax = p1x; ay = p1y;
  } else if (u <= 0) {
    // past p2: the next segment's, in its inside region or in the region of the vertex they share (which
    // it meets as its p1, above). Box2D keeps the vertex region here too (when (g2 − p2)·(q − p2) ≤ 0),
    // so that a ball over a convex joint has two equal points, one from each segment; here it has one.
    return;
  } else {
    const ee = ex * ex + ey * ey;
    ax = (u * p1x + v * p2x) / ee; ay = (u * p1y + v * p2y) / ee;
  }
  const dx = qx - ax, dy = qy - ay, L = Math.sqrt(dx * dx + dy * dy);
  const s = L - r;
  if (s >= out.margin) return;
  const nx = L > 0 ? dx / L : frame[2], ny = L > 0 ? dy / L : frame[3];
  staged[0] = nx; staged[1] = ny; staged[2] = ax + 0.5 * s * nx; staged[3] = ay + 0.5 * s * ny; staged[4] = s;
  putPoint(out, 0);
}

export function collideChainSegmentCapsule(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  chainInWorld(a as ChainSegmentGeometry, A);
  chainPolygon(out, polygon.setCapsule(b as CapsuleGeometry, B));
}

export function collideChainSegmentPolygon(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  chainInWorld(a as ChainSegmentGeometry, A);
  chainPolygon(out, polygon.setPolygon(b as PolygonGeometry, B));
}

/** The closest features of the segment p1p2 and the polygon's core (segmentPolygonDistance): the
 * distance and the two points [d, ax, ay, bx, by], then which features: VERTEX_VERTEX (chain end
 * featureA, polygon vertex featureB), VERTEX_EDGE (chain end, polygon edge), EDGE_VERTEX (the segment's
 * inside, polygon vertex), or OVERLAP (d = 0). */
const closest = new Float64Array(5);
const VERTEX_VERTEX = 0, VERTEX_EDGE = 1, EDGE_VERTEX = 2, OVERLAP = 3;
let closestKind = OVERLAP, featureA = 0, featureB = 0;

/** The exact distance of segment p1p2 (ends) and polygon Q's core: 0 where the separating axis test over
 * Q's normals and the segment's two normals finds no gap; otherwise the least of each end's distance to
 * each edge of Q and each vertex of Q's distance to the segment (the closest pair of two disjoint convex
 * polygons is always a vertex of one and a point of the other). */
function segmentPolygonDistance(Q: WorldPolygon): void {
  const v = Q.vertices, n = Q.normals, count = Q.count;
  const p1x = ends[0], p1y = ends[1], p2x = ends[2], p2y = ends[3];
  let gap = -Infinity;
  for (let i = 0; i < count; i++) {
    const s = Math.min(n[2 * i] * (p1x - v[2 * i]) + n[2 * i + 1] * (p1y - v[2 * i + 1]), n[2 * i] * (p2x - v[2 * i]) + n[2 * i + 1] * (p2y - v[2 * i + 1]));
    if (s > gap) gap = s;
  }
  let low = Infinity, high = -Infinity;
  const n1x = frame[2], n1y = frame[3];
  for (let j = 0; j < count; j++) {
    const h = n1x * (v[2 * j] - p1x) + n1y * (v[2 * j + 1] - p1y);
    if (h < low) low = h;
    if (h > high) high = h;
  }
  if (low > gap) gap = low;
  if (-high > gap) gap = -high;
  if (gap <= 0) {
    closest[0] = 0; closestKind = OVERLAP;
    return;
  }
  let best = Infinity;
  // each chain end against each polygon edge
  for (let k = 0; k < 2; k++) {
    const qx = ends[2 * k], qy = ends[2 * k + 1];
    for (let i = 0; i < count; i++) {
      const j = i + 1 < count ? i + 1 : 0;
      const ax = v[2 * i], ay = v[2 * i + 1], dx = v[2 * j] - ax, dy = v[2 * j + 1] - ay;
      const dd = dx * dx + dy * dy;
      let t = dd > 0 ? ((qx - ax) * dx + (qy - ay) * dy) / dd : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const bx = ax + t * dx, by = ay + t * dy, d2 = (qx - bx) * (qx - bx) + (qy - by) * (qy - by);
      if (d2 < best) {
        best = d2;
        closest[1] = qx; closest[2] = qy; closest[3] = bx; closest[4] = by;
        featureA = k;
        if (t === 0 || t === 1) { closestKind = VERTEX_VERTEX; featureB = t === 0 ? i : j; } else { closestKind = VERTEX_EDGE; featureB = i; }
      }
    }
  }
  // each polygon vertex against the segment's inside (its ends were met above)
  const ex = p2x - p1x, ey = p2y - p1y, ee = ex * ex + ey * ey;
  for (let j = 0; j < count; j++) {
    const wx = v[2 * j], wy = v[2 * j + 1];
    const t = ((wx - p1x) * ex + (wy - p1y) * ey) / ee;
    if (!(t > 0 && t < 1)) continue;
    const ax = p1x + t * ex, ay = p1y + t * ey, d2 = (wx - ax) * (wx - ax) + (wy - ay) * (wy - ay);
    if (d2 < best) {
      best = d2;
      closest[1] = ax; closest[2] = ay; closest[3] = wx; closest[4] = wy;
      closestKind = EDGE_VERTEX; featureB = j;
    }
  }
  closest[0] = Math.sqrt(best);
}

/** The chain segment (chainInWorld) against rounded polygon Q (Box2D v3 b2CollideChainSegmentAndPolygon). */
function chainPolygon(out: Manifold2D, Q: WorldPolygon): void {
  const rB = Q.radius, margin = out.margin;
  const p1x = ends[0], p1y = ends[1], p2x = ends[2], p2y = ends[3];
  const n1x = frame[2], n1y = frame[3], n0x = frame[4], n0y = frame[5], n2x = frame[6], n2y = frame[7];
  const cx = Q.centroid[0], cy = Q.centroid[1];
  // one-sided: nothing when the centroid is behind the segment and behind its convex neighbours
  const behind1 = n1x * (cx - p1x) + n1y * (cy - p1y) < 0;
  const behind0 = convex1 ? n0x * (cx - p1x) + n0y * (cy - p1y) < 0 : true;
  const behind2 = convex2 ? n2x * (cx - p2x) + n2y * (cy - p2y) < 0 : true;
  if (behind1 && behind0 && behind2) return;
  segmentPolygonDistance(Q);
  const distance = closest[0];
  // (overlapping cores, d = 0: the depth is the separating axis test's below)
  if (distance > 0 && distance - rB >= margin) return;
  const v = Q.vertices, normals = Q.normals, count = Q.count;
  let incidentVertex = -1, incidentEdge = -1;
  if (!behind1 && distance > SEPARATED_CORES) {
    if (closestKind === VERTEX_VERTEX) {
      const nx = (closest[3] - closest[1]) / distance, ny = (closest[4] - closest[2]) / distance;
      probe[0] = nx; probe[1] = ny;
      const type = classifyNormal();
      if (type === SKIP) return;
      if (type === ADMIT) {
        const s = distance - rB;
        staged[0] = nx; staged[1] = ny; staged[2] = closest[1] + 0.5 * s * nx; staged[3] = closest[2] + 0.5 * s * ny; staged[4] = s;
        putPoint(out, featureId(featureA, featureB));
        return;
      }
      incidentVertex = featureB;
    } else if (closestKind === VERTEX_EDGE) {
      const ib = featureB, nbx = normals[2 * ib], nby = normals[2 * ib + 1];
      probe[0] = -nbx; probe[1] = -nby;
      const type = classifyNormal();
      if (type === SKIP) return;
      if (type === ADMIT) {
        polygonFaceReference(out, Q, ib);
        return;
      }
      incidentEdge = ib;
    } else {
      incidentVertex = featureB;
    }
  } else {
    // the separating axis test: the segment's normal, its convex neighbours', the polygon's admitted ones
    let edgeSeparation = Infinity;
    for (let i = 0; i < count; i++) {
      const s = n1x * (v[2 * i] - p1x) + n1y * (v[2 * i + 1] - p1y);
      if (s < edgeSeparation) { edgeSeparation = s; incidentVertex = i; }
    }
    if (convex1) {
      let s0 = Infinity;
      for (let i = 0; i < count; i++) s0 = Math.min(s0, n0x * (v[2 * i] - p1x) + n0y * (v[2 * i + 1] - p1y));
      // the neighbour separates more: it owns this contact
      if (s0 > edgeSeparation) { edgeSeparation = s0; incidentVertex = -1; }
    }
    if (convex2) {
      let s2 = Infinity;
      for (let i = 0; i < count; i++) s2 = Math.min(s2, n2x * (v[2 * i] - p2x) + n2y * (v[2 * i + 1] - p2y));
      if (s2 > edgeSeparation) { edgeSeparation = s2; incidentVertex = -1; }
    }
    let polygonSeparation = -Infinity, reference = -1;
    for (let i = 0; i < count; i++) {
      const nx = normals[2 * i], ny = normals[2 * i + 1];
      probe[0] = -nx; probe[1] = -ny;
      if (classifyNormal() !== ADMIT) continue;
      const vx = v[2 * i], vy = v[2 * i + 1];
      const s = Math.min(nx * (p1x - vx) + ny * (p1y - vy), nx * (p2x - vx) + ny * (p2y - vy));
      if (s > polygonSeparation) { polygonSeparation = s; reference = i; }
    }
    if (polygonSeparation > edgeSeparation) {
      polygonFaceReference(out, Q, reference);
      return;
    }
    if (incidentVertex === -1) return;
  }
  // the segment's normal: the polygon's incident edge is the one at the incident vertex most opposed to n₁
  let ib1: number, ib2: number;
  if (incidentEdge !== -1) {
    ib1 = incidentEdge; ib2 = ib1 + 1 < count ? ib1 + 1 : 0;
  } else {
    const i2 = incidentVertex, i1 = i2 > 0 ? i2 - 1 : count - 1;
    const d1 = n1x * normals[2 * i1] + n1y * normals[2 * i1 + 1], d2 = n1x * normals[2 * i2] + n1y * normals[2 * i2 + 1];
    if (d1 < d2) { ib1 = i1; ib2 = i2; } else { ib1 = i2; ib2 = i2 + 1 < count ? i2 + 1 : 0; }
  }
  clipFrame[0] = n1x; clipFrame[1] = n1y; clipFrame[2] = 0; clipFrame[3] = rB;
  clipEdges(out, ends, 0, 1, v, ib1, ib2, false, true);
}

/** Polygon face ib as the reference, the chain segment incident, unless the segment's neighbour lies
 * closer to the face's normal than the segment does (the neighbour is incident: its own manifold has
 * the contact). */
function polygonFaceReference(out: Manifold2D, Q: WorldPolygon, ib: number): void {
  const v = Q.vertices, n = Q.normals, count = Q.count;
  const nx = n[2 * ib], ny = n[2 * ib + 1], bx = v[2 * ib], by = v[2 * ib + 1];
  const n1x = frame[2], n1y = frame[3];
  // the neighbours' normals, the segment's own at a concave or flat joint
  const m0x = convex1 ? frame[4] : n1x, m0y = convex1 ? frame[5] : n1y, m2x = convex2 ? frame[6] : n1x, m2y = convex2 ? frame[7] : n1y;
  const dot1 = nx * (ends[0] - bx) + ny * (ends[1] - by), dot2 = nx * (ends[2] - bx) + ny * (ends[3] - by);
  const own = n1x * nx + n1y * ny;
  if (dot1 < dot2 ? m0x * nx + m0y * ny < own : m2x * nx + m2y * ny < own) return;
  clipFrame[0] = nx; clipFrame[1] = ny; clipFrame[2] = Q.radius; clipFrame[3] = 0;
  clipEdges(out, v, ib, ib + 1 < count ? ib + 1 : 0, ends, 0, 1, true, true);
}
