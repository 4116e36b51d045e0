// A shape's pose in the world, as the narrowphase reads it: set once per step for every shape by the
// contact search (contact-set.ts), read by the manifold builders (convex-contacts.ts, hull-contacts.ts).

import type { Body } from '../body/body.js';
import type { Shape } from '../geometry/shape.js';
import { moveSlice, UNPOOLED, type Float64Allocator, type Float64Arena } from '../util/arena.js';

/** A shape's world pose: centre c and rotation W = R S (column-major, W_ij = W[3j + i]); for a plane,
 * its body's pose. The contact search sets each shape's once per step (contact-set.ts writeBox). */
export class ShapePose {
  /** (Both replaced when the broadphase compacts its arena, between steps: moveNumbers.) */
  c: Float64Array;
  W: Float64Array;

  /** `allocator`: where its numbers live (a broadphase proxy's come from the broadphase's arena). */
  constructor(allocator: Float64Allocator = UNPOOLED) {
    this.c = allocator.allocate(3);
    this.W = allocator.allocate(9);
  }

  /** @internal Moves its numbers into `arena` (`from`: the arena they were in). */
  moveNumbers(arena: Float64Arena, from: Float64Arena): void {
    this.c = moveSlice(this.c, arena, from);
    this.W = moveSlice(this.W, arena, from);
  }

  set(body: Body, shape: Shape): this {
    return this.setFrom(body.position, body.rotation, shape);
  }

  /** The pose of a shape on a frame at x with rotation R (column-major), as a body's. */
  setFrom(x: ArrayLike<number>, R: ArrayLike<number>, shape: Shape): this {
    const p = shape.position, c = this.c, W = this.W, S = shape.rotation;
    for (let i = 0; i < 3; i++) c[i] = x[i] + R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2];
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) W[3 * j + i] = R[i] * S[3 * j] + R[3 + i] * S[3 * j + 1] + R[6 + i] * S[3 * j + 2];
    }
    return this;
  }

  /** A world box (min x, y, z, max x, y, z) as a box in this pose's frame that holds it: centre
   * Wᵀ (m − c), half extents |Wᵀ| h. */
  localBox(b: ArrayLike<number>, out: Float64Array): void {
    const W = this.W, c = this.c;
    const mx = 0.5 * (b[0] + b[3]) - c[0], my = 0.5 * (b[1] + b[4]) - c[1], mz = 0.5 * (b[2] + b[5]) - c[2];
    const hx = 0.5 * (b[3] - b[0]), hy = 0.5 * (b[4] - b[1]), hz = 0.5 * (b[5] - b[2]);
    for (let k = 0; k < 3; k++) {
      const centre = W[3 * k] * mx + W[3 * k + 1] * my + W[3 * k + 2] * mz;
      const half = Math.abs(W[3 * k]) * hx + Math.abs(W[3 * k + 1]) * hy + Math.abs(W[3 * k + 2]) * hz;
      out[k] = centre - half;
      out[3 + k] = centre + half;
    }
  }
}
