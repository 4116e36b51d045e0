// The 2D contact hook (World2D.onPreSolve; lib/collision/pre-solve.ts in the plane): before a step solves a
// contact, the game may drop it for that step (a one-way platform) or change its friction, restitution and
// the surface velocity its friction aims for (a conveyor belt), as Box2D v3's b2PreSolveFcn. One
// PreSolvePair2D is filled for each contact in turn and read back after the hook.

import type { Body2D } from '../body.js';
import { show } from '../../util/validate.js';
import type { Shape2D } from '../geometry/shape.js';
import type { ContactConstraint2D } from './contact-constraint.js';

/** What World2D.onPreSolve sees of a contact, and may change for this step. Valid during the call only. */
export class PreSolvePair2D {
  bodyA!: Body2D;
  bodyB!: Body2D;
  shapeA!: Shape2D;
  shapeB!: Shape2D;
  /** The contact normal, unit, from A to B (a copy: writing it changes nothing). */
  readonly normal = new Float64Array(2);
  /** μ for this step: the shapes' √(μ_a μ_b) unless set. */
  friction = 0;
  /** e for this step: the larger of the shapes' unless set. */
  restitution = 0;
  /** The velocity friction gives shape B's surface over shape A's, m/s, world (its part along the normal
   * is ignored): zero unless set. */
  readonly tangentVelocity = new Float64Array(2);

  /** @internal Fills the pair from a contact about to be solved. */
  fill(contact: ContactConstraint2D): void {
    this.bodyA = contact.bodyA;
    this.bodyB = contact.bodyB;
    this.shapeA = contact.shapeA;
    this.shapeB = contact.shapeB;
    this.normal.set(contact.manifold.normal);
    this.friction = Math.sqrt(contact.shapeA.friction * contact.shapeB.friction);
    this.restitution = Math.max(contact.shapeA.restitution, contact.shapeB.restitution);
    this.tangentVelocity.fill(0);
  }

  /** @internal Checks what the hook left and hands it to the contact for this step's prepare. */
  applyTo(contact: ContactConstraint2D): void {
    const where = 'onPreSolve';
    if (typeof this.friction !== 'number' || !(this.friction >= 0) || this.friction === Infinity) {
      throw new RangeError(`${where}: pair.friction must be a finite number ≥ 0, got ${show(this.friction)}`);
    }
    if (typeof this.restitution !== 'number' || !(this.restitution >= 0) || this.restitution === Infinity) {
      throw new RangeError(`${where}: pair.restitution must be a finite number ≥ 0, got ${show(this.restitution)}`);
    }
    const u = this.tangentVelocity;
    if (!Number.isFinite(u[0]) || !Number.isFinite(u[1])) {
      throw new RangeError(`${where}: pair.tangentVelocity must be finite, got ${show(Array.from(u))}`);
    }
    contact.preSolved = true;
    contact.preSolveFriction = this.friction;
    contact.preSolveRestitution = this.restitution;
    contact.tangentVelocity.set(u);
  }
}
