// Narrowphase: the contact manifold of two shapes, in closed form. Shapes are ordered plane < box <
// capsule < sphere (ShapeRank) so that each pair has one function; the normal points from the first
// shape (A) to the second (B). Points farther apart than `margin` are left out; points between 0 and
// `margin` apart are speculative (the solver lets the bodies close at most that gap in a substep).
//
//   plane–sphere    s = n·c − offset − r
//   plane–capsule   the same at both segment ends (ids 0, 1)
//   plane–box       the same at the 8 vertices (ids 0..7), the 4 deepest kept
//   sphere–sphere   s = |c_b − c_a| − r_a − r_b along the centres' line
//   capsule–sphere  the sphere against the capsule segment's closest point
//   capsule–capsule the segments' closest points (Ericson, "Real-Time Collision Detection" 5.1.9); when
//                   they are parallel, the two ends of their overlap, so a capsule lying on another rests
//   box–sphere      the sphere centre clamped to the box (in its frame); from inside, out through the
//                   nearest face
//   box–capsule     the capsule's two ends as spheres against the box: a capsule lying on a box rests,
//                   one crossing a box edge with its middle is not seen (to do, with box–box: issue 6)
//   box–box         not yet (SAT with clipping, issue 6): boxes pass through each other
// Each point is the midpoint between the two surfaces.

import type { Body } from '../body.js';
import { Manifold } from './manifold.js';
import { rotationMatrix } from './mass-properties.js';
import type { Shape, ShapeType } from './shape.js';

export const SHAPE_RANK: Record<ShapeType, number> = { plane: 0, box: 1, capsule: 2, sphere: 3 };

/** A shape's world pose: centre c and rotation W = R S (column-major, W_ij = W[3j + i]). */
export class ShapePose {
  readonly c = new Float64Array(3);
  readonly W = new Float64Array(9);
  private readonly S = new Float64Array(9);

  set(body: Body, shape: Shape): this {
    const R = body.rotation, x = body.position, p = shape.position, c = this.c, W = this.W;
    for (let i = 0; i < 3; i++) c[i] = x[i] + R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2];
    const S = rotationMatrix(this.S, shape.orientation);
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) W[3 * j + i] = R[i] * S[3 * j] + R[3 + i] * S[3 * j + 1] + R[6 + i] * S[3 * j + 2];
    }
    return this;
  }
}

const poseA = new ShapePose(), poseB = new ShapePose();
const segment = new Float64Array(6), other = new Float64Array(6), closest = new Float64Array(6);

/**
 * Writes the manifold of shapes a (on bodyA) and b (on bodyB), which must be ordered by SHAPE_RANK
 * (rank a ≤ rank b), into `out` (count 0: no contact within margin).
 */
export function collide(bodyA: Body, a: Shape, bodyB: Body, b: Shape, margin: number, out: Manifold): void {
  out.count = 0;
  const A = poseA.set(bodyA, a), B = poseB.set(bodyB, b);
  switch (a.type) {
    case 'plane': {
      // the plane in world space: n_w = R n, offset_w = n_w·x + offset
      const R = bodyA.rotation, n = a.normal, x = bodyA.position;
      const nx = R[0] * n[0] + R[3] * n[1] + R[6] * n[2], ny = R[1] * n[0] + R[4] * n[1] + R[7] * n[2], nz = R[2] * n[0] + R[5] * n[1] + R[8] * n[2];
      const offset = nx * x[0] + ny * x[1] + nz * x[2] + a.offset;
      out.setNormal(nx, ny, nz);
      if (b.type === 'sphere') planePoint(out, B.c[0], B.c[1], B.c[2], b.radius, offset, margin, 0);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, segment);
        planePoint(out, segment[0], segment[1], segment[2], b.radius, offset, margin, 0);
        planePoint(out, segment[3], segment[4], segment[5], b.radius, offset, margin, 1);
      } else if (b.type === 'box') planeBox(out, B, b.halfExtents, offset, margin);
      return;
    }
    case 'box':
      if (b.type === 'sphere') boxSphere(out, A, a.halfExtents, B.c[0], B.c[1], B.c[2], b.radius, margin, 0);
      else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, segment);
        // both ends share the first one's normal (the same face's when the capsule lies flat)
        boxSphere(out, A, a.halfExtents, segment[0], segment[1], segment[2], b.radius, margin, 0);
        boxSphere(out, A, a.halfExtents, segment[3], segment[4], segment[5], b.radius, margin, 1);
      }
      return;
    case 'capsule':
      capsuleSegment(A, a.halfHeight, segment);
      if (b.type === 'sphere') {
        closestOnSegment(segment, B.c[0], B.c[1], B.c[2], closest);
        spheres(out, closest[0], closest[1], closest[2], a.radius, B.c[0], B.c[1], B.c[2], b.radius, margin, 0);
      } else if (b.type === 'capsule') {
        capsuleSegment(B, b.halfHeight, other);
        capsules(out, segment, a.radius, other, b.radius, margin);
      }
      return;
    case 'sphere':
      spheres(out, A.c[0], A.c[1], A.c[2], a.radius, B.c[0], B.c[1], B.c[2], b.radius, margin, 0);
      return;
  }
}

/** A sphere (centre c, radius r) over the plane n·p = offset, n already in out.normal. */
function planePoint(out: Manifold, cx: number, cy: number, cz: number, r: number, offset: number, margin: number, id: number): void {
  const n = out.normal;
  const s = n[0] * cx + n[1] * cy + n[2] * cz - offset - r;
  if (s >= margin) return;
  const back = r + 0.5 * s;
  out.add(cx - n[0] * back, cy - n[1] * back, cz - n[2] * back, s, id);
}

const vertexSeparations = new Float64Array(8);
const vertices = new Float64Array(24);

function planeBox(out: Manifold, B: ShapePose, h: Float64Array, offset: number, margin: number): void {
  const n = out.normal, W = B.W, c = B.c;
  let near = 0;
  for (let v = 0; v < 8; v++) {
    const sx = v & 1 ? h[0] : -h[0], sy = v & 2 ? h[1] : -h[1], sz = v & 4 ? h[2] : -h[2];
    for (let i = 0; i < 3; i++) vertices[3 * v + i] = c[i] + W[i] * sx + W[3 + i] * sy + W[6 + i] * sz;
    const s = n[0] * vertices[3 * v] + n[1] * vertices[3 * v + 1] + n[2] * vertices[3 * v + 2] - offset;
    vertexSeparations[v] = s;
    if (s < margin) near++;
  }
  // the (up to) 4 deepest vertices within the margin, deepest first
  for (let k = 0; k < 4 && k < near; k++) {
    let best = -1;
    for (let v = 0; v < 8; v++) if (vertexSeparations[v] < margin && (best < 0 || vertexSeparations[v] < vertexSeparations[best])) best = v;
    const s = vertexSeparations[best];
    vertexSeparations[best] = Infinity;
    const back = 0.5 * s;
    out.add(vertices[3 * best] - n[0] * back, vertices[3 * best + 1] - n[1] * back, vertices[3 * best + 2] - n[2] * back, s, best);
  }
}

/** Two spheres: the normal along the centres' line (straight up if they coincide). */
function spheres(
  out: Manifold, ax: number, ay: number, az: number, ra: number, bx: number, by: number, bz: number, rb: number, margin: number, id: number,
): void {
  const dx = bx - ax, dy = by - ay, dz = bz - az;
  const L = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const s = L - ra - rb;
  if (s >= margin) return;
  let nx = 0, ny = 1, nz = 0;
  if (L > 1e-12) {
    nx = dx / L; ny = dy / L; nz = dz / L;
  }
  if (out.count === 0) out.setNormal(nx, ny, nz);
  const along = ra + 0.5 * s;
  out.add(ax + nx * along, ay + ny * along, az + nz * along, s, id);
}

/** The capsule's segment ends c ∓ h·(W's y column), into out[0..5]. */
function capsuleSegment(pose: ShapePose, h: number, out: Float64Array): void {
  const W = pose.W, c = pose.c;
  for (let i = 0; i < 3; i++) {
    out[i] = c[i] - h * W[3 + i];
    out[3 + i] = c[i] + h * W[3 + i];
  }
}

/** The point of segment [p0, p1] (seg[0..5]) closest to q, into out[0..2]. */
function closestOnSegment(seg: Float64Array, qx: number, qy: number, qz: number, out: Float64Array): void {
  const dx = seg[3] - seg[0], dy = seg[4] - seg[1], dz = seg[5] - seg[2];
  const dd = dx * dx + dy * dy + dz * dz;
  let t = dd > 0 ? ((qx - seg[0]) * dx + (qy - seg[1]) * dy + (qz - seg[2]) * dz) / dd : 0;
  t = Math.max(0, Math.min(1, t));
  out[0] = seg[0] + t * dx; out[1] = seg[1] + t * dy; out[2] = seg[2] + t * dz;
}

function capsules(out: Manifold, a: Float64Array, ra: number, b: Float64Array, rb: number, margin: number): void {
  const d1x = a[3] - a[0], d1y = a[4] - a[1], d1z = a[5] - a[2];
  const d2x = b[3] - b[0], d2y = b[4] - b[1], d2z = b[5] - b[2];
  const aa = d1x * d1x + d1y * d1y + d1z * d1z, ee = d2x * d2x + d2y * d2y + d2z * d2z;
  const rx = a[0] - b[0], ry = a[1] - b[1], rz = a[2] - b[2];
  const bb = d1x * d2x + d1y * d2y + d1z * d2z, c = d1x * rx + d1y * ry + d1z * rz, f = d2x * rx + d2y * ry + d2z * rz;
  const denominator = aa * ee - bb * bb;
  if (aa > 0 && ee > 0 && denominator <= 1e-6 * aa * ee) {
    // parallel: the two ends of the overlap along A, each against B's segment
    let t0 = 0, t1 = 1;
    const u0 = ((b[0] - a[0]) * d1x + (b[1] - a[1]) * d1y + (b[2] - a[2]) * d1z) / aa;
    const u1 = ((b[3] - a[0]) * d1x + (b[4] - a[1]) * d1y + (b[5] - a[2]) * d1z) / aa;
    t0 = Math.max(0, Math.min(u0, u1));
    t1 = Math.min(1, Math.max(u0, u1));
    if (t0 <= t1) {
      for (let k = 0; k < 2; k++) {
        const t = k === 0 ? t0 : t1;
        const px = a[0] + t * d1x, py = a[1] + t * d1y, pz = a[2] + t * d1z;
        closestOnSegment(b, px, py, pz, closest);
        spheres(out, px, py, pz, ra, closest[0], closest[1], closest[2], rb, margin, k);
        if (t1 - t0 < 1e-9) break;
      }
      return;
    }
  }
  // Ericson 5.1.9: s on A, t on B, clamped
  let s = 0, t = 0;
  if (aa <= 1e-18 && ee <= 1e-18) {
    s = 0; t = 0;
  } else if (aa <= 1e-18) {
    t = Math.max(0, Math.min(1, f / ee));
  } else if (ee <= 1e-18) {
    s = Math.max(0, Math.min(1, -c / aa));
  } else {
    s = denominator > 0 ? Math.max(0, Math.min(1, (bb * f - c * ee) / denominator)) : 0;
    t = (bb * s + f) / ee;
    if (t < 0) {
      t = 0;
      s = Math.max(0, Math.min(1, -c / aa));
    } else if (t > 1) {
      t = 1;
      s = Math.max(0, Math.min(1, (bb - c) / aa));
    }
  }
  spheres(out, a[0] + s * d1x, a[1] + s * d1y, a[2] + s * d1z, ra, b[0] + t * d2x, b[1] + t * d2y, b[2] + t * d2z, rb, margin, 0);
}

/** A sphere (centre q, radius r) against the box of pose A and half extents h. */
function boxSphere(out: Manifold, A: ShapePose, h: Float64Array, qx: number, qy: number, qz: number, r: number, margin: number, id: number): void {
  const W = A.W, c = A.c;
  const dx = qx - c[0], dy = qy - c[1], dz = qz - c[2];
  // into the box frame: l = Wᵀ d
  const l0 = W[0] * dx + W[1] * dy + W[2] * dz, l1 = W[3] * dx + W[4] * dy + W[5] * dz, l2 = W[6] * dx + W[7] * dy + W[8] * dz;
  let p0 = Math.max(-h[0], Math.min(h[0], l0)), p1 = Math.max(-h[1], Math.min(h[1], l1)), p2 = Math.max(-h[2], Math.min(h[2], l2));
  let n0: number, n1: number, n2: number, s: number;
  const e0 = l0 - p0, e1 = l1 - p1, e2 = l2 - p2;
  const outside = e0 * e0 + e1 * e1 + e2 * e2;
  if (outside > 0) {
    const L = Math.sqrt(outside);
    s = L - r;
    if (s >= margin) return;
    n0 = e0 / L; n1 = e1 / L; n2 = e2 / L;
  } else {
    // the centre is inside: out through the nearest face
    const f0 = h[0] - Math.abs(l0), f1 = h[1] - Math.abs(l1), f2 = h[2] - Math.abs(l2);
    n0 = 0; n1 = 0; n2 = 0;
    if (f0 <= f1 && f0 <= f2) {
      n0 = l0 < 0 ? -1 : 1; p0 = n0 * h[0]; s = -f0 - r;
    } else if (f1 <= f2) {
      n1 = l1 < 0 ? -1 : 1; p1 = n1 * h[1]; s = -f1 - r;
    } else {
      n2 = l2 < 0 ? -1 : 1; p2 = n2 * h[2]; s = -f2 - r;
    }
  }
  const nx = W[0] * n0 + W[3] * n1 + W[6] * n2, ny = W[1] * n0 + W[4] * n1 + W[7] * n2, nz = W[2] * n0 + W[5] * n1 + W[8] * n2;
  if (out.count === 0) out.setNormal(nx, ny, nz);
  const half = 0.5 * s;
  out.add(
    c[0] + W[0] * p0 + W[3] * p1 + W[6] * p2 + nx * half,
    c[1] + W[1] * p0 + W[4] * p1 + W[7] * p2 + ny * half,
    c[2] + W[2] * p0 + W[5] * p1 + W[8] * p2 + nz * half,
    s, id,
  );
}
