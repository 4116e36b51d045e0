// The 3D world's contacts in its step (contact-stages.ts): the contact set's search (collision/contact-set.ts)
// and continuous collision (collision/continuous.ts; a BasicWorld may have none) as the step's FIND
// CONTACTS and FINISH MOTION, the islands linked through touching contacts, and the contact and sensor
// callbacks, with the onPreSolve hook asked for each contact about to be solved.

import type { Body } from '../body/body.js';
import type { Islands } from '../body/sleep.js';
import type { ContactConstraint } from '../collision/contact-constraint.js';
import type { ContactSet, ShapePair } from '../collision/contact-set.js';
import type { ContinuousCollision } from '../collision/continuous.js';
import { PreSolvePair } from '../collision/pre-solve.js';
import type { Shape } from '../geometry/shape.js';
import type { Joint } from '../joints/joint.js';
import type { SolverContacts } from '../solver/step-parts.js';
import type { ContactStages } from './contact-stages.js';
import type { StepPipeline } from './pipeline.js';
import type { WorldRegistry } from './registry.js';

/**
 * Two shapes began touching (their deepest point closer than TOUCH_DISTANCE, 5 mm): the contact, which
 * by the time the callback runs has been solved (its normal, points and normalForce are this step's).
 */
export interface ContactBeginEvent extends ShapePair {
  contact: ContactConstraint;
}
/**
 * Two shapes pressed each other harder than the lower of their bodies' contactForceEventThresholds over a
 * step (Rapier's ContactForceEvent): the normal forces of the step, each its impulses summed over the
 * substeps (the bounce's included) over dt, N. A pair against a mesh or heightfield may have several
 * manifolds (one normal each): they are summed.
 */
export interface ContactForceEvent extends ShapePair {
  /** The force on B from A, world: Σ n λ / dt over the pair's manifolds (n from A toward B), N. */
  totalForce: Float64Array;
  /** Σ |λ| / dt over the pair's manifolds, N (the threshold is compared with it). */
  totalForceMagnitude: number;
  /** The normal (from A toward B) of the manifold that pressed hardest, and its force, N. */
  maxForceDirection: Float64Array;
  maxForceMagnitude: number;
}
/** A shape began or stopped overlapping a sensor shape. */
export interface SensorEvent {
  sensorBody: Body;
  sensorShape: Shape;
  visitorBody: Body;
  visitorShape: Shape;
}

/** @internal */
export class WorldContacts implements ContactStages<Body, Joint> {
  /** The callbacks (World's accessors check them). */
  onContactBegin: ((event: ContactBeginEvent) => void) | null = null;
  onContactEnd: ((event: ShapePair) => void) | null = null;
  onSensorBegin: ((event: SensorEvent) => void) | null = null;
  onSensorEnd: ((event: SensorEvent) => void) | null = null;
  onContactForce: ((event: ContactForceEvent) => void) | null = null;
  onPreSolve: ((pair: PreSolvePair) => boolean | void) | null = null;

  constructor(
    private readonly world: object,
    private readonly contactSet: ContactSet,
    private readonly continuous: ContinuousCollision | null,
    private readonly registry: WorldRegistry<Body, Joint>,
    private readonly pipeline: StepPipeline<Body, Joint>,
  ) {}

  /** The step's length, s (the force events' 1/dt). */
  private dt = 0;

  find(dt: number, joints: readonly Joint[], awake: readonly Body[]): SolverContacts {
    this.dt = dt;
    this.contactSet.solver.sumImpulses = this.onContactForce !== null;
    this.contactSet.preSolve = this.onPreSolve === null ? null : this.askPreSolve;
    this.contactSet.recordEvents = this.onContactBegin !== null || this.onContactEnd !== null || this.onSensorBegin !== null || this.onSensorEnd !== null;
    // the fast bodies first: their speculative margins depend on whether the sweep covers them
    if (this.continuous !== null) {
      this.continuous.preSolve = this.onPreSolve === null ? null : this.askPreSolveSweep;
      this.continuous.begin(awake, dt);
    }
    this.contactSet.update(this.registry.simulatedBodies, awake, joints, dt, this.registry.structureVersion, this.pipeline.islands.version);
    // A hook cannot set a pose (requireOutsideStep), but it can write one in place: a body it left NaN
    // is taken out here, its contacts with it, before anything is solved, as between steps.
    if (this.onPreSolve !== null && this.pipeline.quarantineHookWrites()) this.contactSet.layoutActive();
    return this.contactSet.solver;
  }

  finishMotion(): void {
    if (this.continuous !== null) {
      this.continuous.finish(this.contactSet.broadphase, this.contactSet.jointKeepsApart, this.pipeline.stepContext.restitutionThreshold);
    }
  }

  link(islands: Islands): void {
    const contacts = this.contactSet.active;
    for (let i = 0; i < contacts.length; i++) islands.link(contacts[i].bodyA, contacts[i].bodyB);
  }

  report(): void {
    const forces = this.onContactForce === null ? null : this.forceEvents();
    this.reportChanges();
    if (forces !== null) for (const event of forces) this.pipeline.callbacks.deliver(this.onContactForce as (event: ContactForceEvent) => void, event);
  }

  /**
   * This step's force events: the solved contacts (ContactSet.active, in key order, so a pair's
   * manifolds are neighbours) summed pair by pair, those above the lower of the two bodies' thresholds
   * kept. Made before any callback runs (a callback's removals reach the contact set's lists).
   */
  private forceEvents(): ContactForceEvent[] {
    const events: ContactForceEvent[] = [];
    const active = this.contactSet.active, inverseDt = this.dt > 0 ? 1 / this.dt : 0;
    for (let start = 0; start < active.length;) {
      const first = active[start];
      let end = start + 1;
      while (end < active.length && active[end].shapeA === first.shapeA && active[end].shapeB === first.shapeB) end++;
      const threshold = Math.min(first.bodyA._contactForceEventThreshold, first.bodyB._contactForceEventThreshold);
      if (threshold !== Infinity) {
        const totalForce = new Float64Array(3), maxForceDirection = new Float64Array(3);
        let magnitude = 0, largest = -1;
        for (let i = start; i < end; i++) {
          const contact = active[i], force = contact.stepNormalImpulse * inverseDt, n = contact.manifold.normal;
          magnitude += Math.abs(force);
          for (let k = 0; k < 3; k++) totalForce[k] += force * n[k];
          if (Math.abs(force) > largest) {
            largest = Math.abs(force);
            maxForceDirection.set(n);
          }
        }
        if (magnitude > threshold && this.holds(first.bodyA) && this.holds(first.bodyB)) {
          events.push({
            bodyA: first.bodyA, shapeA: first.shapeA, bodyB: first.bodyB, shapeB: first.shapeB,
            totalForce, totalForceMagnitude: magnitude, maxForceDirection, maxForceMagnitude: largest,
          });
        }
      }
      start = end;
    }
    return events;
  }

  /** The begin and end events of contacts and sensors. */
  private reportChanges(): void {
    const set = this.contactSet;
    if (!set.recordEvents) return;
    if (set.began.length + set.ended.length + set.sensorBegan.length + set.sensorEnded.length === 0) return;
    // copied first: the lists are the contact set's, which the callbacks' removals and snapshots reach;
    // each event is delivered even if an earlier callback threw (WorldCore.deliver)
    const began = set.began.slice(), ended = set.ended.slice(), sensorBegan = set.sensorBegan.slice(), sensorEnded = set.sensorEnded.slice();
    const onBegin = this.onContactBegin, onEnd = this.onContactEnd, onSensorBegin = this.onSensorBegin, onSensorEnd = this.onSensorEnd;
    // A begin names live objects or is not delivered: a callback before it may have removed one of its
    // bodies (the contact is then gone, its bodies cleared). An end may name a removed body: the
    // removal is what ended it.
    if (onBegin !== null) {
      for (const contact of began) {
        if (!this.holds(contact.bodyA) || !this.holds(contact.bodyB)) continue;
        this.pipeline.callbacks.deliver(onBegin, { contact, bodyA: contact.bodyA, shapeA: contact.shapeA, bodyB: contact.bodyB, shapeB: contact.shapeB });
      }
    }
    if (onEnd !== null) for (const pair of ended) this.pipeline.callbacks.deliver(onEnd, pair);
    if (onSensorBegin !== null) {
      for (const pair of sensorBegan) if (this.holds(pair.bodyA) && this.holds(pair.bodyB)) this.pipeline.callbacks.deliver(onSensorBegin, sensorEvent(pair));
    }
    if (onSensorEnd !== null) for (const pair of sensorEnded) this.pipeline.callbacks.deliver(onSensorEnd, sensorEvent(pair));
  }

  wakeTouching(body: Body): void {
    this.contactSet.wakeTouching(body);
  }

  forget(body: Body): void {
    this.contactSet.forgetBody(body);
  }

  /** Whether `body` (possibly cleared to null by a removal) is still one of this world's. */
  private holds(body: Body | null): boolean {
    return body !== null && body.owner === this.world;
  }

  /** The one pair the hook is shown, filled for each contact in turn. */
  private readonly preSolvePair = new PreSolvePair();
  private readonly askPreSolve = (contact: ContactConstraint): boolean => {
    const pair = this.preSolvePair;
    pair.fill(contact);
    if ((this.onPreSolve as (pair: PreSolvePair) => boolean | void)(pair) === false) return false;
    pair.applyTo(contact);
    return true;
  };

  /** The contact hook asked by continuous collision before it puts a body back against a shape. */
  private readonly askPreSolveSweep = (bodyA: Body, shapeA: Shape, bodyB: Body, shapeB: Shape, normal: Float64Array): boolean => {
    const pair = this.preSolvePair;
    pair.fillShapes(bodyA, shapeA, bodyB, shapeB, normal);
    return (this.onPreSolve as (pair: PreSolvePair) => boolean | void)(pair) !== false;
  };
}

/** A sensor event from a pair of shapes, one of which is the sensor. */
function sensorEvent(pair: ShapePair): SensorEvent {
  return pair.shapeA.sensor
    ? { sensorBody: pair.bodyA, sensorShape: pair.shapeA, visitorBody: pair.bodyB, visitorShape: pair.shapeB }
    : { sensorBody: pair.bodyB, sensorShape: pair.shapeB, visitorBody: pair.bodyA, visitorShape: pair.shapeA };
}
