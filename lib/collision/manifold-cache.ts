// A pair's manifold kept for the steps in which its two shapes barely move against each other (Jolt's
// body pair cache: PhysicsSettings mBodyPairCacheMaxDeltaPositionSq, 1 mm, and
// mBodyPairCacheCosMaxDeltaRotationDiv2, 2°). When the narrowphase runs, the cache takes each manifold
// point as a point of each shape's core in that shape's own frame, the normal in A's frame, and B's pose
// in A's frame. In a later step, while B's pose in A's frame is within 1 mm and 2° of the one the
// manifold was found at, the manifold is rebuilt from the cached points carried with their shapes
// instead of colliding the shapes again. A manifold point p is the midpoint between the surfaces,
// p_a = p − (s/2) n on A and p_b = p + (s/2) n on B, and the cores lie a round shape's radius r inside
// (contact-constraint.ts): k_a = p_a − r_a n, k_b = p_b + r_b n. Rebuilt:
//   n = W_A n_A,  k_a = c_A + W_A l_a,  k_b = c_B + W_B l_b,  s = n·(k_b − k_a) − r_a − r_b,
//   p = (k_a + k_b)/2 + ((r_a − r_b)/2) n
// (a ball's surface point is no material point: carried with the turning ball, a link of a chain of
// capsules spinning about its axis was pushed off-centre and spun up to 36 rad/s), with
// the same feature ids, so the warm start keeps every impulse. A manifold without points is not kept (a
// pair that near-misses is collided again with this step's speculative margin, which grows with speed). The tolerance is measured from the pose
// the shapes were collided at, not from the last step's, so a slow creep re-collides after 1 mm.
//
// Why. A resting pile or stack re-collided every pair every step: the box–box clipping of the 20-row
// pyramid was 16 % of its step, and the narrowphase near 30 % of a settled pile of 1000 bodies.

import { MAX_MANIFOLD_POINTS, type Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';
import type { StateWriter } from '../util/state.js';
import type { Shape } from '../geometry/shape.js';
import { cos } from '../math/portable.js';
import { moveSlice, UNPOOLED, type Float64Allocator, type Float64Arena } from '../util/arena.js';

/** How far B may move in A's frame before the shapes are collided again, m (Jolt's 1 mm). */
export const MANIFOLD_REUSE_DISTANCE = 1e-3;
/** How far B may turn in A's frame before the shapes are collided again, rad (Jolt's 2°). */
export const MANIFOLD_REUSE_ANGLE = (2 * Math.PI) / 180;
/** tr(R₀ᵀ R) = 1 + 2 cos θ for a turn θ between R₀ and R. */
const MIN_TRACE = 1 + 2 * cos(MANIFOLD_REUSE_ANGLE); // portable: the same bits in every engine

// the cache's numbers: the point count, B's centre in A's frame (3), B's rotation in A's frame (9), the
// normal in A's frame (3), then per point its feature id, l_a and l_b (3 each)
const COUNT = 0, OFFSET = 1, ROTATION = 4, NORMAL = 13, POINTS = 16, POINT_SIZE = 7;
const SIZE = POINTS + POINT_SIZE * MAX_MANIFOLD_POINTS;

export class ManifoldCache {
  /** Whether the numbers hold a manifold (false after the shapes parted, and for a new pair). */
  valid = false;
  private data: Float64Array;

  constructor(allocator: Float64Allocator = UNPOOLED) {
    this.data = allocator.allocate(SIZE);
  }

  /** Holds no manifold, and its numbers are zero, as a new cache's (a pooled contact taken for a new pair:
   * save writes all the numbers, so a snapshot or hash must not depend on which contact was reused). */
  reset(): void {
    this.valid = false;
    this.data.fill(0);
  }

  /** @internal Moves its numbers into `arena` (Manifold.moveNumbers). */
  moveNumbers(arena: Float64Arena, from: Float64Arena): void {
    this.data = moveSlice(this.data, arena, from);
  }
  /** @internal Gives its numbers back to `arena`. */
  releaseNumbers(arena: Float64Arena): void {
    arena.release(this.data);
  }

  /** Takes the manifold the narrowphase just wrote for shapes a and b at poses A and B. (The shapes, not
   * their radii, are passed: a double passed to a call V8 does not inline is boxed.) */
  remember(m: Manifold, A: ShapePose, B: ShapePose, a: Shape, b: Shape): void {
    const rA = a.radius, rB = b.radius;
    const d = this.data, WA = A.W, WB = B.W, n = m.normal;
    const dx = B.c[0] - A.c[0], dy = B.c[1] - A.c[1], dz = B.c[2] - A.c[2];
    for (let k = 0; k < 3; k++) {
      // row k of W_Aᵀ is column k of W_A
      const ax = WA[3 * k], ay = WA[3 * k + 1], az = WA[3 * k + 2];
      d[OFFSET + k] = ax * dx + ay * dy + az * dz;
      d[NORMAL + k] = ax * n[0] + ay * n[1] + az * n[2];
      // (W_Aᵀ W_B)_kj = column k of W_A · column j of W_B
      for (let j = 0; j < 3; j++) d[ROTATION + 3 * j + k] = ax * WB[3 * j] + ay * WB[3 * j + 1] + az * WB[3 * j + 2];
    }
    const p = m.points;
    d[COUNT] = m.count;
    for (let i = 0; i < m.count; i++) {
      const half = 0.5 * m.separations[i], at = POINTS + POINT_SIZE * i + 1;
      d[at - 1] = m.ids[i];
      const toA = half + rA, toB = half + rB;
      const ax = p[3 * i] - toA * n[0] - A.c[0], ay = p[3 * i + 1] - toA * n[1] - A.c[1], az = p[3 * i + 2] - toA * n[2] - A.c[2];
      const bx = p[3 * i] + toB * n[0] - B.c[0], by = p[3 * i + 1] + toB * n[1] - B.c[1], bz = p[3 * i + 2] + toB * n[2] - B.c[2];
      for (let k = 0; k < 3; k++) {
        d[at + k] = WA[3 * k] * ax + WA[3 * k + 1] * ay + WA[3 * k + 2] * az;
        d[at + 3 + k] = WB[3 * k] * bx + WB[3 * k + 1] * by + WB[3 * k + 2] * bz;
      }
    }
    this.valid = true;
  }

  /**
   * Rebuilds `m` at poses A and B from the cached points, when B's pose in A's
   * frame is within MANIFOLD_REUSE_DISTANCE and MANIFOLD_REUSE_ANGLE of the remembered one; returns
   * whether it did (false: collide the shapes).
   */
  reuse(m: Manifold, A: ShapePose, B: ShapePose, a: Shape, b: Shape): boolean {
    if (!this.holdsPointsNear(A, B)) return false;
    const rA = a.radius, rB = b.radius;
    const d = this.data, WA = A.W, WB = B.W;
    const nx = WA[0] * d[NORMAL] + WA[3] * d[NORMAL + 1] + WA[6] * d[NORMAL + 2];
    const ny = WA[1] * d[NORMAL] + WA[4] * d[NORMAL + 1] + WA[7] * d[NORMAL + 2];
    const nz = WA[2] * d[NORMAL] + WA[5] * d[NORMAL + 1] + WA[8] * d[NORMAL + 2];
    // written into the manifold's arrays here, not through Manifold.add: doubles passed to a call V8
    // does not inline are boxed, a HeapNumber each (measured: 129 KB a step on the 1000-body pile)
    const count = d[COUNT], shift = 0.5 * (rA - rB), normal = m.normal, points = m.points;
    m.previousCount = m.count;
    m.count = count;
    normal[0] = nx; normal[1] = ny; normal[2] = nz;
    for (let i = 0; i < count; i++) {
      const at = POINTS + POINT_SIZE * i + 1;
      const ax = A.c[0] + WA[0] * d[at] + WA[3] * d[at + 1] + WA[6] * d[at + 2];
      const ay = A.c[1] + WA[1] * d[at] + WA[4] * d[at + 1] + WA[7] * d[at + 2];
      const az = A.c[2] + WA[2] * d[at] + WA[5] * d[at + 1] + WA[8] * d[at + 2];
      const bx = B.c[0] + WB[0] * d[at + 3] + WB[3] * d[at + 4] + WB[6] * d[at + 5];
      const by = B.c[1] + WB[1] * d[at + 3] + WB[4] * d[at + 4] + WB[7] * d[at + 5];
      const bz = B.c[2] + WB[2] * d[at + 3] + WB[5] * d[at + 4] + WB[8] * d[at + 5];
      points[3 * i] = 0.5 * (ax + bx) + shift * nx;
      points[3 * i + 1] = 0.5 * (ay + by) + shift * ny;
      points[3 * i + 2] = 0.5 * (az + bz) + shift * nz;
      m.separations[i] = nx * (bx - ax) + ny * (by - ay) + nz * (bz - az) - rA - rB;
      m.ids[i] = d[at - 1];
    }
    return true;
  }

  /** Whether it holds a manifold with points, remembered at a pose of B in A's frame within
   * MANIFOLD_REUSE_DISTANCE and MANIFOLD_REUSE_ANGLE of B's in A's now: whether reuse would rebuild it. */
  holdsPointsNear(A: ShapePose, B: ShapePose): boolean {
    if (!this.valid || this.data[COUNT] === 0) return false;
    const d = this.data, WA = A.W, WB = B.W;
    const dx = B.c[0] - A.c[0], dy = B.c[1] - A.c[1], dz = B.c[2] - A.c[2];
    let moved = 0, trace = 0;
    for (let k = 0; k < 3; k++) {
      const ax = WA[3 * k], ay = WA[3 * k + 1], az = WA[3 * k + 2];
      const e = ax * dx + ay * dy + az * dz - d[OFFSET + k];
      moved += e * e;
      for (let j = 0; j < 3; j++) trace += d[ROTATION + 3 * j + k] * (ax * WB[3 * j] + ay * WB[3 * j + 1] + az * WB[3 * j + 2]);
    }
    return moved <= MANIFOLD_REUSE_DISTANCE * MANIFOLD_REUSE_DISTANCE && trace >= MIN_TRACE;
  }

  /** How many numbers save writes. */
  static readonly stateSize = 1 + SIZE;
  /** The cache for snapshots (a restored pile reuses exactly what the original run would have). Only
   * what reuse reads is written, zeros for the rest: the point slots past the count (left from a manifold
   * with more points) and a cache that is not valid are never read, and a contact made afresh after a
   * restore holds zeros there, so writing them made equal worlds hash apart. */
  save(writer: StateWriter): void {
    const d = this.data;
    writer.writeBoolean(this.valid);
    const used = this.valid ? POINTS + POINT_SIZE * d[COUNT] : 0;
    for (let k = 0; k < SIZE; k++) writer.write(k < used ? d[k] : 0);
  }
  /** Reads what save wrote from `numbers` at `at`; returns where it stopped. */
  load(numbers: readonly number[], at: number): number {
    this.valid = numbers[at++] !== 0;
    for (let k = 0; k < SIZE; k++) this.data[k] = numbers[at++];
    return at;
  }
}
