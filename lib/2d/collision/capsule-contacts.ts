// Contacts of two capsules, or of a segment (a capsule of radius 0) and a capsule (Box2D v3 manifold.c
// b2CollideCapsules, b2CollideSegmentAndCapsule; lib/collision/convex-contacts.ts capsules in 3D).
//
// The cores' closest points (Ericson 5.1.9, features.ts segmentDistance) give the distance d. When each
// core projects onto the other's span (neither lies wholly past an end of the other), the capsules may
// lie side by side: the core whose normal separates more is the reference, the other core is clipped to
// its span, and its two ends give 2 points with separations n·(p − a₁) − r_a − r_b, provided one of them
// is within a linear slop of d (otherwise the cores cross at an angle, and the clipped ends would hover:
// one point). Otherwise one point between the closest points, as two circles.

import type { CapsuleGeometry, SegmentGeometry, ShapeGeometry2D } from '../geometry/shape-geometry.js';
import {
  addRoundPoint, fallbackNormal, featureId, LINEAR_SLOP, putPoint, roundPair, segmentDistance, segmentPoints, segmentResult, staged,
} from './features.js';
import type { Manifold2D } from './manifold.js';
import type { ShapePose2D } from './shape-pose.js';

/** The two cores [p1x, p1y, q1x, q1y] and [p2x, p2y, q2x, q2y], and the radii. */
const coreA = new Float64Array(4), coreB = new Float64Array(4), radii = new Float64Array(2);

export function collideCapsules(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  capsuleCore(a as CapsuleGeometry, A, coreA);
  capsuleCore(b as CapsuleGeometry, B, coreB);
  radii[0] = (a as CapsuleGeometry).radius; radii[1] = (b as CapsuleGeometry).radius;
  capsules(out);
}

export function collideSegmentCapsule(out: Manifold2D, a: ShapeGeometry2D, A: ShapePose2D, b: ShapeGeometry2D, B: ShapePose2D): void {
  const segment = a as SegmentGeometry, p = segment.point1, q = segment.point2, c = A.c, cs = A.R[0], sn = A.R[1];
  coreA[0] = c[0] + cs * p[0] - sn * p[1]; coreA[1] = c[1] + sn * p[0] + cs * p[1];
  coreA[2] = c[0] + cs * q[0] - sn * q[1]; coreA[3] = c[1] + sn * q[0] + cs * q[1];
  capsuleCore(b as CapsuleGeometry, B, coreB);
  radii[0] = 0; radii[1] = (b as CapsuleGeometry).radius;
  capsules(out);
}

/** The capsule's core ends c ∓ h u, u = R (0, 1) = (−sin, cos), into core[0..3]. */
export function capsuleCore(capsule: CapsuleGeometry, pose: ShapePose2D, core: Float64Array): void {
  const c = pose.c, h = capsule.halfHeight, ux = -pose.R[1], uy = pose.R[0];
  core[0] = c[0] - h * ux; core[1] = c[1] - h * uy;
  core[2] = c[0] + h * ux; core[3] = c[1] + h * uy;
}

function capsules(out: Manifold2D): void {
  const ra = radii[0], rb = radii[1], radius = ra + rb, margin = out.margin;
  segmentDistance(coreA, 0, coreA, 2, coreB, 0, coreB, 2);
  const distance = Math.sqrt(segmentResult[2]);
  if (distance - radius >= margin) return;
  const p1x = coreA[0], p1y = coreA[1], q1x = coreA[2], q1y = coreA[3];
  const p2x = coreB[0], p2y = coreB[1], q2x = coreB[2], q2y = coreB[3];
  const d1x = q1x - p1x, d1y = q1y - p1y, d2x = q2x - p2x, d2y = q2y - p2y;
  // (not Math.hypot: a builtin call, whose double arguments are boxed)
  const length1 = Math.sqrt(d1x * d1x + d1y * d1y), length2 = Math.sqrt(d2x * d2x + d2y * d2y);
  const u1x = length1 > 0 ? (q1x - p1x) / length1 : 0, u1y = length1 > 0 ? (q1y - p1y) / length1 : 1;
  const u2x = length2 > 0 ? (q2x - p2x) / length2 : 0, u2y = length2 > 0 ? (q2y - p2y) / length2 : 1;
  if (length1 > 0 && length2 > 0) {
    // B's ends along A's core, and A's along B's
    const fp2 = (p2x - p1x) * u1x + (p2y - p1y) * u1y, fq2 = (q2x - p1x) * u1x + (q2y - p1y) * u1y;
    const fp1 = (p1x - p2x) * u2x + (p1y - p2y) * u2y, fq1 = (q1x - p2x) * u2x + (q1y - p2y) * u2y;
    const outsideA = (fp2 <= 0 && fq2 <= 0) || (fp2 >= length1 && fq2 >= length1);
    const outsideB = (fp1 <= 0 && fq1 <= 0) || (fp1 >= length2 && fq1 >= length2);
    if (!outsideA && !outsideB) {
      // each core's normal n (the side the other core lies on), its separation min over the other's ends
      let nAx = -u1y, nAy = u1x;
      const a1 = (p2x - p1x) * nAx + (p2y - p1y) * nAy, a2 = (q2x - p1x) * nAx + (q2y - p1y) * nAy;
      let separationA = Math.min(a1, a2);
      if (Math.min(-a1, -a2) > separationA) { separationA = Math.min(-a1, -a2); nAx = -nAx; nAy = -nAy; }
      let nBx = -u2y, nBy = u2x;
      const b1 = (p1x - p2x) * nBx + (p1y - p2y) * nBy, b2 = (q1x - p2x) * nBx + (q1y - p2y) * nBy;
      let separationB = Math.min(b1, b2);
      if (Math.min(-b1, -b2) > separationB) { separationB = Math.min(-b1, -b2); nBx = -nBx; nBy = -nBy; }
      if (separationA >= separationB) {
        clip[0] = p1x; clip[1] = p1y; clip[2] = nAx; clip[3] = nAy; clip[4] = length1;
        clip[5] = p2x; clip[6] = p2y; clip[7] = q2x; clip[8] = q2y; clip[9] = fp2; clip[10] = fq2;
        clip[11] = distance; clip[12] = ra; clip[13] = rb;
        clipCore(out, false);
      } else {
        clip[0] = p2x; clip[1] = p2y; clip[2] = nBx; clip[3] = nBy; clip[4] = length2;
        clip[5] = p1x; clip[6] = p1y; clip[7] = q1x; clip[8] = q1y; clip[9] = fp1; clip[10] = fq1;
        clip[11] = distance; clip[12] = rb; clip[13] = ra;
        clipCore(out, true);
      }
      if (out.count > 0) return;
    }
  }
  // one point: the closest points as two circles (where the cores cross, A's perpendicular on the side of
  // B's middle)
  roundPair[0] = segmentPoints[0]; roundPair[1] = segmentPoints[1]; roundPair[2] = segmentPoints[2]; roundPair[3] = segmentPoints[3];
  roundPair[4] = ra; roundPair[5] = rb;
  const side = -u1y * (p2x + q2x - p1x - q1x) + u1x * (p2y + q2y - p1y - q1y) < 0 ? -1 : 1;
  fallbackNormal[0] = -side * u1y; fallbackNormal[1] = side * u1x;
  const i1 = segmentResult[0] === 0 ? 0 : 1, i2 = segmentResult[1] === 0 ? 0 : 1;
  addRoundPoint(out, featureId(i1, i2));
}

/** clipCore's input (doubles passed to a call V8 does not inline are boxed, a HeapNumber each): the
 * reference core's start a, its normal n and length, the incident core's ends p and q and their
 * coordinates fp, fq along the reference, the cores' distance, the reference's and incident's radii. */
const clip = new Float64Array(14);

/**
 * The incident core p → q (its ends at fp, fq along the reference core, which starts at a, runs `length`
 * and has normal n toward the incident one) clipped to the reference's span [0, length], its two ends kept
 * if one lies within a slop of the closest distance (clip holds them all). `flip`: the reference is B's
 * core (the normal A → B is −n). Ids: the end from p 0, from q 1, in A's byte when the incident core is
 * A's (the other byte 2).
 */
function clipCore(out: Manifold2D, flip: boolean): void {
  const ax = clip[0], ay = clip[1], nx = clip[2], ny = clip[3], length = clip[4];
  const px = clip[5], py = clip[6], qx = clip[7], qy = clip[8], fp = clip[9], fq = clip[10];
  const distance = clip[11], rRef = clip[12], rInc = clip[13];
  let cpx = px, cpy = py, cqx = qx, cqy = qy;
  // clip to the reference's start (f = 0), then to its end (f = length)
  if (fp < 0 && fq > 0) {
    const t = -fp / (fq - fp); cpx = px + t * (qx - px); cpy = py + t * (qy - py);
  } else if (fq < 0 && fp > 0) {
    const t = -fq / (fp - fq); cqx = qx + t * (px - qx); cqy = qy + t * (py - qy);
  }
  if (fp > length && fq < length) {
    const t = (fp - length) / (fp - fq); cpx = px + t * (qx - px); cpy = py + t * (qy - py);
  } else if (fq > length && fp < length) {
    const t = (fq - length) / (fq - fp); cqx = qx + t * (px - qx); cqy = qy + t * (py - qy);
  }
  const sp = (cpx - ax) * nx + (cpy - ay) * ny, sq = (cqx - ax) * nx + (cqy - ay) * ny;
  if (!(sp <= distance + LINEAR_SLOP || sq <= distance + LINEAR_SLOP)) return;
  const radius = rRef + rInc, margin = out.margin;
  // the midpoint between the reference surface (v − s n + r_ref n) and the incident one (v − r_inc n)
  const backP = 0.5 * (rRef - rInc - sp), backQ = 0.5 * (rRef - rInc - sq);
  staged[0] = flip ? -nx : nx; staged[1] = flip ? -ny : ny;
  if (sp - radius < margin) {
    staged[2] = cpx + backP * nx; staged[3] = cpy + backP * ny; staged[4] = sp - radius;
    putPoint(out, flip ? featureId(0, 2) : featureId(2, 0));
  }
  if (sq - radius < margin) {
    staged[2] = cqx + backQ * nx; staged[3] = cqy + backQ * ny; staged[4] = sq - radius;
    putPoint(out, flip ? featureId(1, 2) : featureId(2, 1));
  }
}
