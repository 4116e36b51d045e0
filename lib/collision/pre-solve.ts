// The contact hook (World.onPreSolve): before a step solves a contact, the game may drop it for that step
// (a one-way platform lets what comes from below through) or change its friction, restitution and the
// surface velocity its friction aims for (a conveyor belt). Box2D v3's b2PreSolveFcn and Rapier's
// PhysicsHooks::modify_solver_contacts do the same. One PreSolvePair is filled for each contact in turn
// and read back after the hook, so asking costs no allocation.

import type { Body } from '../body/body.js';
import type { Shape } from '../geometry/shape.js';
import { show } from '../util/validate.js';
import type { ContactConstraint } from './contact-constraint.js';

/** What World.onPreSolve sees of a contact, and may change for this step. Valid during the call only:
 * the same object is filled again for the next contact. */
export class PreSolvePair {
  bodyA!: Body;
  bodyB!: Body;
  shapeA!: Shape;
  shapeB!: Shape;
  /** The contact normal, unit, from A to B (a copy: writing it changes nothing). */
  readonly normal = new Float64Array(3);
  /** μ for this step: the shapes' √(μ_a μ_b) unless set. */
  friction = 0;
  /** e for this step: the larger of the shapes' unless set. */
  restitution = 0;
  /** The velocity friction gives shape B's surface over shape A's along the contact, m/s, world (its part
   * along the normal is ignored): zero unless set. A conveyor belt that is shape A and carries what lies
   * on it at u sets u here (−u when the belt is shape B). */
  readonly tangentVelocity = new Float64Array(3);

  /** @internal Fills the pair from a contact about to be solved. */
  fill(contact: ContactConstraint): void {
    this.fillShapes(contact.bodyA, contact.shapeA, contact.bodyB, contact.shapeB, contact.manifold.normal);
  }

  /** @internal Fills the pair from two shapes and a normal from A to B (continuous collision asks the hook
   * before it puts a body back against a shape; what the hook sets is not used there). */
  fillShapes(bodyA: Body, shapeA: Shape, bodyB: Body, shapeB: Shape, normal: ArrayLike<number>): void {
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    this.shapeA = shapeA;
    this.shapeB = shapeB;
    this.normal.set(normal);
    this.friction = Math.sqrt(shapeA._friction * shapeB._friction);
    this.restitution = Math.max(shapeA._restitution, shapeB._restitution);
    this.tangentVelocity.fill(0);
  }

  /** @internal Checks what the hook left and hands it to the contact for this step's prepare. */
  applyTo(contact: ContactConstraint): void {
    const where = 'onPreSolve';
    if (typeof this.friction !== 'number' || !(this.friction >= 0) || this.friction === Infinity) {
      throw new RangeError(`${where}: pair.friction must be a finite number ≥ 0, got ${show(this.friction)}`);
    }
    if (typeof this.restitution !== 'number' || !(this.restitution >= 0) || this.restitution === Infinity) {
      throw new RangeError(`${where}: pair.restitution must be a finite number ≥ 0, got ${show(this.restitution)}`);
    }
    const u = this.tangentVelocity;
    if (!Number.isFinite(u[0]) || !Number.isFinite(u[1]) || !Number.isFinite(u[2])) {
      throw new RangeError(`${where}: pair.tangentVelocity must be finite, got ${show(Array.from(u))}`);
    }
    contact.preSolved = true;
    contact.preSolveFriction = this.friction;
    contact.preSolveRestitution = this.restitution;
    contact.tangentVelocity.set(u);
  }
}
