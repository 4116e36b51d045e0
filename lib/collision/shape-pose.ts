// A shape's pose in the world, as the narrowphase reads it: set once per step for every shape by the
// contact search (contact-set.ts), read by the manifold builders (narrowphase.ts, hull-contacts.ts).

import type { Body } from '../body.js';
import type { Shape } from '../geometry/shape.js';

/** A shape's world pose: centre c and rotation W = R S (column-major, W_ij = W[3j + i]); for a plane,
 * its body's pose. The contact search sets each shape's once per step (contact-set.ts writeBox). */
export class ShapePose {
  readonly c = new Float64Array(3);
  readonly W = new Float64Array(9);

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
}
