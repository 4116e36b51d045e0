// The contacts of cylinders and cones, with every other convex shape, a plane and a triangle: the contact
// normal from their exact support functions, the points from their supporting faces (Jolt's approach:
// CollideConvexVsConvex, then ManifoldBetweenTwoFaces with each shape's GetSupportingFace).
//
// Normal and separation. Each cylinder or cone goes to GJK (geometry/gjk.ts) as its core, the same solid
// shrunk by ρ = SHRINK · its smaller dimension, inflated by ρ: the surface rounded by ρ at the rims
// (Jolt's "convex radius"). While the shapes overlap by less than the sum of their cores' depths (ρ, a
// sphere's or capsule's radius; 0 for a box or hull), GJK's closest points of the cores give the
// normal n (from A to B) and the signed separation s = d − ρ_A − ρ_B exactly for the rounded surfaces.
// Deeper than that (a hard impact), the candidate axis with the largest separation
// s(n) = n·(c_B − c_A) − reach_A(n) − reach_B(−n) (each shape's ShapeDefinition.reach: exact supports) is
// taken, among the last GJK direction, the centres' line, the shapes' own axes and the box's or hull's
// face normals: a separating axis test over those axes.
//
// Points. Each shape gives its supporting feature along the normal (supportingFace: A along n, B along −n):
//   cylinder  a cap, as a regular octagon on its rim (Jolt's CylinderShape::GetSupportingFace also gives
//             its cap as a polygon), when the direction is within CAP_ANGLE of the axis; the side, as
//             the segment of the rim points above one another, within SIDE_ANGLE of perpendicular;
//             else its support point
//   cone      its base as an octagon, its side as the segment apex–rim point; else its support point
//   box, hull the face whose normal is nearest the direction (within FACE_ANGLE), else its support vertex
//   capsule   its side segment when perpendicular within SIDE_ANGLE, else its nearer end; sphere a point
// When either feature is a polygon (the reference face), the other's points are clipped to its sides
// (features.ts clipPolygon; a segment clipped in closed form), and each clipped point's separation is
// its distance to the reference face's plane along n. Two segments keep the overlap of B's with A's
// span, each end against A's segment's nearest point. Otherwise, or when clipping leaves nothing, the
// manifold is the one point of closest approach. Points farther apart than the margin are dropped; more
// than 4 are reduced as the hulls' are (features.ts reducePoints). The features' points are points of the
// exact surfaces (the octagon's corners lie on the rim), so a can resting on its cap rests on 4 points
// of its rim, and a coin rolling on its edge touches at its exact rim point.

import type { ConvexHull } from '../geometry/hull.js';
import type { Shape } from '../geometry/shape.js';
import { CONE_CORE, ConvexProxy, CYLINDER_CORE, DistanceResult, measureDistance, POINT_SET } from '../geometry/gjk.js';
import { candidateDepths, candidateIds, candidates, CLIP_CAPACITY, clipIn, clipInFeatures, clipOut, clipOutFeatures, clipPlane, clipPolygon, reducePoints } from './features.js';
import type { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';

/** A cylinder's or cone's core is shrunk by this share of its smaller dimension (radius or half height). */
const SHRINK = 0.25;
/** Corners of a cap's octagon. */
const CAP_CORNERS = 8;
/** A direction within this angle of a cap's or face's normal meets the cap or face (cos). */
const CAP_COS = Math.cos((10 * Math.PI) / 180);
/** A direction within this angle of a side's normal meets the side (sin, measured from the axis' normal). */
const SIDE_SIN = Math.sin((10 * Math.PI) / 180);
/** The most points a supporting feature has: a hull's largest face. */
const FEATURE_CAPACITY = CLIP_CAPACITY;
/** Ids of points from a clipped feature (+ the clipped point's index) and of the one closest point. */
const FROM_B = 1 << 24, FROM_A = 2 << 24, CLOSEST = 3 << 24;

/** A supporting feature: its points (world), how many (1 point, 2 segment, ≥ 3 polygon, counter-clockwise
 * about its normal) and, for a polygon, its outward unit normal (world). */
class Feature {
  readonly points = new Float64Array(3 * FEATURE_CAPACITY);
  count = 0;
  readonly normal = new Float64Array(3);
}

const featureA = /* @__PURE__ */ new Feature(), featureB = /* @__PURE__ */ new Feature();
const proxyA = /* @__PURE__ */ new ConvexProxy(8), proxyB = /* @__PURE__ */ new ConvexProxy(8);
const distance = /* @__PURE__ */ new DistanceResult();
/** The contact normal (A to B), and the one point of closest approach with its separation (x, y, z, s). */
const normal = new Float64Array(3), closest = new Float64Array(4);
const local = new Float64Array(3), axis = new Float64Array(3), trial = new Float64Array(3), bestAxis = new Float64Array(4);
const segment = new Float64Array(6);

/** A side of a pair: a shape at a pose, or a bare hull (a triangle's prism) at a pose. */
interface Side {
  shape: Shape | null;
  hull: ConvexHull | null;
  pose: ShapePose | null;
}
const sideA: Side = { shape: null, hull: null, pose: null }, sideB: Side = { shape: null, hull: null, pose: null };

/** The shape's core for GJK (see the header), into proxy. */
function loadCore(side: Side, proxy: ConvexProxy): void {
  const shape = side.shape;
  if (shape === null) {
    const hull = side.hull as ConvexHull;
    proxy.set(hull.vertices, hull.vertexCount, 0);
    return;
  }
  shape.definition.convex(shape, proxy);
  if (proxy.kind === POINT_SET) return;
  const r = proxy.axisRadius, h = proxy.axisHalfHeight, rho = SHRINK * Math.min(r, h);
  if (proxy.kind === CYLINDER_CORE) proxy.setCylinder(r - rho, h - rho);
  else {
    // the cone whose surfaces lie ρ inside the cone's: the base raised by ρ, the apex lowered by ρ/sin α
    // (α the half angle at the apex, sin α = r/√(r² + 4h²)), the same slope r/2h
    const top = h - (rho * Math.sqrt(r * r + 4 * h * h)) / r, bottom = -h + rho;
    const half = 0.5 * (top - bottom);
    proxy.setCone((r * half) / h, half, 0.5 * (top + bottom));
  }
  proxy.radius = rho;
}

/** How far the side reaches from its pose's centre along sign·n (ShapeDefinition.reach). */
function reachOf(side: Side, n: Float64Array, sign: number): number {
  const pose = side.pose as ShapePose, W = pose.W;
  if (side.shape !== null) return side.shape.definition.reach(side.shape, W, n, sign);
  const hull = side.hull as ConvexHull, v = hull.vertices;
  // in the hull's frame: u = sign Wᵀ n
  const ux = sign * (W[0] * n[0] + W[1] * n[1] + W[2] * n[2]), uy = sign * (W[3] * n[0] + W[4] * n[1] + W[5] * n[2]), uz = sign * (W[6] * n[0] + W[7] * n[1] + W[8] * n[2]);
  let most = -Infinity;
  for (let k = 0; k < 3 * hull.vertexCount; k += 3) most = Math.max(most, v[k] * ux + v[k + 1] * uy + v[k + 2] * uz);
  return most;
}

/** The separation of the sides along the unit axis n (A to B): n·(c_B − c_A) − reach_A(n) − reach_B(−n). */
function separationAlong(n: Float64Array): number {
  const cA = (sideA.pose as ShapePose).c, cB = (sideB.pose as ShapePose).c;
  return n[0] * (cB[0] - cA[0]) + n[1] * (cB[1] - cA[1]) + n[2] * (cB[2] - cA[2]) - reachOf(sideA, n, 1) - reachOf(sideB, n, -1);
}

/** Tries the axis (x, y, z) both ways (normalised here; skipped when 0): the better into bestAxis. */
function tryAxis(x: number, y: number, z: number): void {
  const length = Math.sqrt(x * x + y * y + z * z);
  if (!(length > 1e-12)) return;
  for (let sign = -1; sign <= 1; sign += 2) {
    trial[0] = (sign * x) / length; trial[1] = (sign * y) / length; trial[2] = (sign * z) / length;
    const s = separationAlong(trial);
    if (s > bestAxis[3]) {
      bestAxis[0] = trial[0]; bestAxis[1] = trial[1]; bestAxis[2] = trial[2]; bestAxis[3] = s;
    }
  }
}

/** The candidate axes of a side (its own axis, or its faces' normals). */
function trySideAxes(side: Side): void {
  const W = (side.pose as ShapePose).W, shape = side.shape;
  const hull = shape === null ? side.hull : shape.hull;
  if (hull !== null) {
    const P = hull.planes;
    for (let f = 0; f < hull.faceCount; f++) {
      const x = P[4 * f], y = P[4 * f + 1], z = P[4 * f + 2];
      tryAxis(W[0] * x + W[3] * y + W[6] * z, W[1] * x + W[4] * y + W[7] * z, W[2] * x + W[5] * y + W[8] * z);
    }
  } else tryAxis(W[3], W[4], W[5]);
}

/**
 * The contact normal (A to B) into `normal` and the point of closest approach (midpoint, separation)
 * into `closest` (see the header); false when the sides are farther apart than the margin.
 */
function findNormal(margin: number): boolean {
  loadCore(sideA, proxyA);
  loadCore(sideB, proxyB);
  const A = sideA.pose as ShapePose, B = sideB.pose as ShapePose;
  measureDistance(proxyA, A, proxyB, B, distance);
  if (!distance.overlap) {
    const n = distance.normal, p = distance.pointA, q = distance.pointB;
    const s = n[0] * (q[0] - p[0]) + n[1] * (q[1] - p[1]) + n[2] * (q[2] - p[2]);
    if (s >= margin) return false;
    normal[0] = n[0]; normal[1] = n[1]; normal[2] = n[2];
    closest[0] = 0.5 * (p[0] + q[0]); closest[1] = 0.5 * (p[1] + q[1]); closest[2] = 0.5 * (p[2] + q[2]); closest[3] = s;
    return true;
  }
  // the cores overlap: the best of the candidate axes
  bestAxis[3] = -Infinity;
  const n = distance.normal;
  tryAxis(n[0], n[1], n[2]);
  tryAxis(B.c[0] - A.c[0], B.c[1] - A.c[1], B.c[2] - A.c[2]);
  trySideAxes(sideA);
  trySideAxes(sideB);
  if (bestAxis[3] === -Infinity) {
    bestAxis[0] = 0; bestAxis[1] = 1; bestAxis[2] = 0; bestAxis[3] = separationAlong(bestAxis);
  }
  const s = bestAxis[3];
  if (s >= margin) return false;
  normal[0] = bestAxis[0]; normal[1] = bestAxis[1]; normal[2] = bestAxis[2];
  // B's support point along −n, moved back by half the separation
  supportPoint(sideB, -1, local);
  for (let k = 0; k < 3; k++) closest[k] = local[k] - 0.5 * s * normal[k];
  closest[3] = s;
  return true;
}

/** The side's world support point along sign·normal, into out. */
function supportPoint(side: Side, sign: number, out: Float64Array): void {
  const pose = side.pose as ShapePose, W = pose.W, c = pose.c;
  const ux = sign * (W[0] * normal[0] + W[1] * normal[1] + W[2] * normal[2]);
  const uy = sign * (W[3] * normal[0] + W[4] * normal[1] + W[5] * normal[2]);
  const uz = sign * (W[6] * normal[0] + W[7] * normal[1] + W[8] * normal[2]);
  const proxy = side === sideA ? proxyA : proxyB;
  if (side.shape !== null) side.shape.definition.convex(side.shape, proxy);
  proxy.supportLocal(ux, uy, uz, out);
  const x = out[0], y = out[1], z = out[2], r = proxy.radius;
  for (let k = 0; k < 3; k++) out[k] = c[k] + W[k] * x + W[3 + k] * y + W[6 + k] * z + sign * r * normal[k];
}

/** Writes the world point pose·(x, y, z) as the feature's next point. */
function addPoint(feature: Feature, pose: ShapePose, x: number, y: number, z: number): void {
  const W = pose.W, c = pose.c, p = feature.points, k = 3 * feature.count;
  p[k] = c[0] + W[0] * x + W[3] * y + W[6] * z;
  p[k + 1] = c[1] + W[1] * x + W[4] * y + W[7] * z;
  p[k + 2] = c[2] + W[2] * x + W[5] * y + W[8] * z;
  feature.count++;
}

/** The feature's normal: the local direction (x, y, z) turned into the world. */
function setFeatureNormal(feature: Feature, pose: ShapePose, x: number, y: number, z: number): void {
  const W = pose.W, n = feature.normal;
  n[0] = W[0] * x + W[3] * y + W[6] * z; n[1] = W[1] * x + W[4] * y + W[7] * z; n[2] = W[2] * x + W[5] * y + W[8] * z;
}

/** A cap of radius r at height y, its outward normal ±y (up: counter-clockwise about +y). */
function addCap(feature: Feature, pose: ShapePose, r: number, y: number, up: boolean): void {
  for (let i = 0; i < CAP_CORNERS; i++) {
    const angle = ((up ? i : CAP_CORNERS - i) * 2 * Math.PI) / CAP_CORNERS;
    addPoint(feature, pose, r * Math.sin(angle), y, r * Math.cos(angle));
  }
  setFeatureNormal(feature, pose, 0, up ? 1 : -1, 0);
}

/** The side's supporting feature along sign·normal (see the header) into `feature`. */
function supportingFace(side: Side, sign: number, feature: Feature): void {
  feature.count = 0;
  const pose = side.pose as ShapePose, W = pose.W, shape = side.shape;
  const ux = sign * (W[0] * normal[0] + W[1] * normal[1] + W[2] * normal[2]);
  const uy = sign * (W[3] * normal[0] + W[4] * normal[1] + W[5] * normal[2]);
  const uz = sign * (W[6] * normal[0] + W[7] * normal[1] + W[8] * normal[2]);
  const hull = shape === null ? side.hull : shape.hull;
  if (hull !== null) {
    const P = hull.planes;
    let best = 0, bestCos = -Infinity;
    for (let f = 0; f < hull.faceCount; f++) {
      const cos = P[4 * f] * ux + P[4 * f + 1] * uy + P[4 * f + 2] * uz;
      if (cos > bestCos) {
        bestCos = cos; best = f;
      }
    }
    if (bestCos >= CAP_COS) {
      const v = hull.vertices, loop = hull.faceVertices;
      for (let i = hull.faceStarts[best]; i < hull.faceStarts[best + 1]; i++) {
        const k = 3 * loop[i];
        addPoint(feature, pose, v[k], v[k + 1], v[k + 2]);
      }
      setFeatureNormal(feature, pose, P[4 * best], P[4 * best + 1], P[4 * best + 2]);
      return;
    }
  } else if (shape !== null && shape.baseRadius > 0) {
    const r = shape.baseRadius, h = shape.halfHeight, across = Math.sqrt(ux * ux + uz * uz);
    const ex = across > 0 ? ux / across : 1, ez = across > 0 ? uz / across : 0;
    if (shape.type === 'cylinder') {
      if (Math.abs(uy) >= CAP_COS) return addCap(feature, pose, r, uy > 0 ? h : -h, uy > 0);
      if (Math.abs(uy) <= SIDE_SIN) {
        addPoint(feature, pose, r * ex, -h, r * ez);
        addPoint(feature, pose, r * ex, h, r * ez);
        return;
      }
    } else {
      if (-uy >= CAP_COS) return addCap(feature, pose, r, -h, false);
      // the side's outward normal at angle φ: (2h e_φ + r y) / √(4h² + r²); the direction within
      // SIDE_ANGLE of it meets the segment apex–rim
      const slant = Math.sqrt(4 * h * h + r * r), cos = (2 * h * across + r * uy) / slant;
      if (cos >= Math.cos(Math.asin(SIDE_SIN))) {
        addPoint(feature, pose, 0, h, 0);
        addPoint(feature, pose, r * ex, -h, r * ez);
        return;
      }
    }
  } else if (shape !== null && shape.radius > 0) {
    // a capsule's segment or a sphere's centre, moved out by its radius along the direction
    const h = shape.halfHeight, r = shape.radius, ox = sign * r * normal[0], oy = sign * r * normal[1], oz = sign * r * normal[2];
    if (h > 0 && Math.abs(uy) <= SIDE_SIN) {
      addPoint(feature, pose, 0, -h, 0);
      addPoint(feature, pose, 0, h, 0);
    } else addPoint(feature, pose, 0, uy >= 0 ? h : -h, 0);
    const p = feature.points;
    for (let i = 0; i < feature.count; i++) {
      p[3 * i] += ox; p[3 * i + 1] += oy; p[3 * i + 2] += oz;
    }
    return;
  }
  supportPoint(side, sign, local);
  feature.points[0] = local[0]; feature.points[1] = local[1]; feature.points[2] = local[2];
  feature.count = 1;
}

/**
 * The points of `incident` clipped to the sides of the polygon `reference` (the other feature), each with
 * its separation from the reference plane along n, into the candidates from `first`; `sign` +1 when the
 * reference is A's (its plane below the points along n), −1 when it is B's. Returns the candidate count.
 */
function clipToReference(reference: Feature, incident: Feature, sign: number, margin: number, first: number, idBase: number): number {
  const R = reference.points, m = reference.normal, count = reference.count;
  let n = incident.count;
  for (let i = 0; i < 3 * n; i++) clipIn[i] = incident.points[i];
  for (let i = 0; i < n; i++) {
    clipInFeatures[2 * i] = i; clipInFeatures[2 * i + 1] = i;
  }
  for (let k = 0; k < count && n > 0; k++) {
    const j = (k + 1) % count;
    // the side through edge k: w = (r_j − r_k) × m, kept w·p ≤ w·r_k
    const ex = R[3 * j] - R[3 * k], ey = R[3 * j + 1] - R[3 * k + 1], ez = R[3 * j + 2] - R[3 * k + 2];
    const wx = ey * m[2] - ez * m[1], wy = ez * m[0] - ex * m[2], wz = ex * m[1] - ey * m[0];
    clipPlane[0] = wx; clipPlane[1] = wy; clipPlane[2] = wz; clipPlane[3] = wx * R[3 * k] + wy * R[3 * k + 1] + wz * R[3 * k + 2];
    if (n === 2) n = clipSegment(k);
    else if (n === 1) n = wx * clipIn[0] + wy * clipIn[1] + wz * clipIn[2] <= clipPlane[3] ? 1 : 0;
    else {
      n = clipPolygon(clipIn, clipInFeatures, n, k, clipOut, clipOutFeatures);
      for (let i = 0; i < 3 * n; i++) clipIn[i] = clipOut[i];
      for (let i = 0; i < 2 * n; i++) clipInFeatures[i] = clipOutFeatures[i];
    }
  }
  // each point's separation: along n to the reference plane m·p = m·r_0 (s = sign · m·(p − r_0) / (m·n))
  const mn = m[0] * normal[0] + m[1] * normal[1] + m[2] * normal[2];
  let written = first;
  if (!(Math.abs(mn) > 1e-6)) return written;
  for (let i = 0; i < n && written < CLIP_CAPACITY; i++) {
    const px = clipIn[3 * i], py = clipIn[3 * i + 1], pz = clipIn[3 * i + 2];
    const s = (sign * (m[0] * (px - R[0]) + m[1] * (py - R[1]) + m[2] * (pz - R[2]))) / mn;
    if (s >= margin) continue;
    // the midpoint: from the incident point, half the separation toward the reference
    const back = -sign * 0.5 * s;
    candidates[3 * written] = px + back * normal[0]; candidates[3 * written + 1] = py + back * normal[1]; candidates[3 * written + 2] = pz + back * normal[2];
    candidateDepths[written] = s;
    candidateIds[written] = idBase | (clipInFeatures[2 * i] & 0xffffff);
    written++;
  }
  return written;
}

/** The segment clipIn[0..5] against clipPlane (side k): how many of its ends remain (0 or 2). */
function clipSegment(k: number): number {
  const wx = clipPlane[0], wy = clipPlane[1], wz = clipPlane[2], limit = clipPlane[3];
  const da = wx * clipIn[0] + wy * clipIn[1] + wz * clipIn[2] - limit, db = wx * clipIn[3] + wy * clipIn[4] + wz * clipIn[5] - limit;
  if (da > 0 && db > 0) return 0;
  if (da > 0 || db > 0) {
    const t = da / (da - db), at = da > 0 ? 0 : 3;
    for (let c = 0; c < 3; c++) clipIn[at + c] = clipIn[c] + t * (clipIn[3 + c] - clipIn[c]);
    clipInFeatures[at === 0 ? 0 : 2] = 16 + k;
  }
  return 2;
}

/** Two segments: B's overlap with A's span along A's direction, each end against A's nearest point. */
function segmentPair(margin: number): number {
  const a = featureA.points, b = featureB.points;
  const dx = a[3] - a[0], dy = a[4] - a[1], dz = a[5] - a[2], dd = dx * dx + dy * dy + dz * dz;
  if (!(dd > 0)) return 0;
  for (let i = 0; i < 6; i++) segment[i] = b[i];
  let written = 0;
  for (let e = 0; e < 2; e++) {
    // B's end e, pulled into A's span: u = (p − a_0)·d / |d|² in [0, 1]
    const ue = ((b[3 * e] - a[0]) * dx + (b[3 * e + 1] - a[1]) * dy + (b[3 * e + 2] - a[2]) * dz) / dd;
    const uo = ((b[3 - 3 * e] - a[0]) * dx + (b[4 - 3 * e] - a[1]) * dy + (b[5 - 3 * e] - a[2]) * dz) / dd;
    let px = b[3 * e], py = b[3 * e + 1], pz = b[3 * e + 2];
    if (ue < 0 || ue > 1) {
      const bound = ue < 0 ? 0 : 1;
      if ((uo - bound) * (ue - bound) >= 0) continue; // both ends beyond the same end of A
      const t = (bound - ue) / (uo - ue);
      px += t * (b[3 - 3 * e] - px); py += t * (b[4 - 3 * e] - py); pz += t * (b[5 - 3 * e] - pz);
    }
    const u = Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy + (pz - a[2]) * dz) / dd));
    const qx = a[0] + u * dx, qy = a[1] + u * dy, qz = a[2] + u * dz;
    const s = normal[0] * (px - qx) + normal[1] * (py - qy) + normal[2] * (pz - qz);
    if (s >= margin) continue;
    candidates[3 * written] = 0.5 * (px + qx); candidates[3 * written + 1] = 0.5 * (py + qy); candidates[3 * written + 2] = 0.5 * (pz + qz);
    candidateDepths[written] = s;
    candidateIds[written] = FROM_B + e;
    written++;
  }
  return written;
}

/** The manifold of sideA and sideB with the normal and closest point found (see the header). */
function buildManifold(out: Manifold): void {
  const margin = out.margin;
  supportingFace(sideA, 1, featureA);
  supportingFace(sideB, -1, featureB);
  let count = 0;
  if (featureA.count >= 3) count = clipToReference(featureA, featureB, 1, margin, 0, FROM_B);
  else if (featureB.count >= 3) count = clipToReference(featureB, featureA, -1, margin, 0, FROM_A);
  else if (featureA.count === 2 && featureB.count === 2) count = segmentPair(margin);
  out.setNormal(normal[0], normal[1], normal[2]);
  if (count === 0) {
    out.add(closest[0], closest[1], closest[2], closest[3], CLOSEST);
    return;
  }
  reducePoints(out, count, normal, true);
}

function setSides(a: Shape | null, hull: ConvexHull | null, A: ShapePose, b: Shape, B: ShapePose): void {
  sideA.shape = a; sideA.hull = hull; sideA.pose = A;
  sideB.shape = b; sideB.hull = null; sideB.pose = B;
}

/** Any two convex shapes of which one is a cylinder or a cone (pair-dispatch.ts PairFunction). */
export function collideAxial(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  setSides(a, null, A, b, B);
  if (findNormal(out.margin)) buildManifold(out);
}

/** A plane (shape a) and a cylinder or cone: the feature of the cylinder or cone facing the plane, each of
 * its points s = n·p − offset below the plane's margin. */
export function collidePlaneAxial(out: Manifold, a: Shape, A: ShapePose, b: Shape, B: ShapePose): void {
  const R = A.W, m = a.normal, x = A.c;
  normal[0] = R[0] * m[0] + R[3] * m[1] + R[6] * m[2];
  normal[1] = R[1] * m[0] + R[4] * m[1] + R[7] * m[2];
  normal[2] = R[2] * m[0] + R[5] * m[1] + R[8] * m[2];
  const offset = normal[0] * x[0] + normal[1] * x[1] + normal[2] * x[2] + a.offset, margin = out.margin;
  setSides(null, null, A, b, B);
  supportingFace(sideB, -1, featureB);
  const p = featureB.points;
  let count = 0;
  for (let i = 0; i < featureB.count; i++) {
    const px = p[3 * i], py = p[3 * i + 1], pz = p[3 * i + 2];
    const s = normal[0] * px + normal[1] * py + normal[2] * pz - offset;
    if (s >= margin) continue;
    candidates[3 * count] = px - 0.5 * s * normal[0]; candidates[3 * count + 1] = py - 0.5 * s * normal[1]; candidates[3 * count + 2] = pz - 0.5 * s * normal[2];
    candidateDepths[count] = s;
    candidateIds[count] = featureB.count === 1 ? CLOSEST : FROM_B + i;
    count++;
  }
  if (count === 0) return;
  out.setNormal(normal[0], normal[1], normal[2]);
  reducePoints(out, count, normal, true);
}

/** A cylinder or cone on one triangle, as its prism (pair-dispatch.ts TriangleFunction); mesh-triangle.ts
 * then looks at the triangle's internal edges. */
export function axialOnTriangle(
  out: Manifold, hull: ConvexHull, _n: Float64Array, A: ShapePose, _active: number, shape: Shape, B: ShapePose, _reach: number,
): boolean {
  setSides(null, hull, A, shape, B);
  if (findNormal(out.margin)) buildManifold(out);
  return false;
}

/** A cylinder or cone against face f of a hull with the face's normal forced (pair-dispatch.ts
 * FaceFunction): the face is the reference, the cylinder's or cone's feature along −n clipped to it. */
export function axialOnFace(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape, B: ShapePose): void {
  setSides(null, hull, A, shape, B);
  const P = hull.planes;
  featureA.count = 0;
  setFeatureNormal(featureA, A, P[4 * f], P[4 * f + 1], P[4 * f + 2]);
  normal[0] = featureA.normal[0]; normal[1] = featureA.normal[1]; normal[2] = featureA.normal[2];
  const v = hull.vertices, loop = hull.faceVertices;
  for (let i = hull.faceStarts[f]; i < hull.faceStarts[f + 1]; i++) addPoint(featureA, A, v[3 * loop[i]], v[3 * loop[i] + 1], v[3 * loop[i] + 2]);
  supportingFace(sideB, -1, featureB);
  const count = clipToReference(featureA, featureB, 1, out.margin, 0, FROM_B);
  if (count === 0) return;
  out.setNormal(normal[0], normal[1], normal[2]);
  reducePoints(out, count, normal, true);
}

/** Whether a ConvexProxy kind is a cylinder's or cone's (for callers that read a proxy's points). */
export function isAxialCore(kind: number): boolean {
  return kind === CYLINDER_CORE || kind === CONE_CORE;
}
