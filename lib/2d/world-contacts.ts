// The 2D world's contacts in its step (lib/world/world-contacts.ts in the plane; contact-stages.ts): the
// contact set's search (collision/contact-set.ts) as the step's FIND CONTACTS, the islands linked through
// touching contacts, and the contact and sensor callbacks, with the onPreSolve hook asked for each contact
// about to be solved. (The 2D world has no continuous collision: FINISH MOTION does nothing.)

import type { Body2D } from './body.js';
import type { Islands } from '../body/sleep.js';
import type { ContactConstraint2D } from './collision/contact-constraint.js';
import type { ContactSet2D, ShapePair2D } from './collision/contact-set.js';
import type { ContactShape2D } from './collision/broadphase.js';
import { PreSolvePair2D } from './collision/pre-solve.js';
import type { Joint2D } from './joints/joint.js';
import type { SolverContacts } from '../solver/step-parts.js';
import type { ContactStages } from '../world/contact-stages.js';
import type { StepPipeline } from '../world/pipeline.js';
import type { WorldRegistry } from '../world/registry.js';

/** Two shapes began touching (their deepest point closer than TOUCH_DISTANCE, 5 mm): the contact, solved by
 * the time the callback runs. */
export interface ContactBeginEvent2D<S = ContactShape2D> extends ShapePair2D<S> {
  contact: ContactConstraint2D;
}
/** Two shapes pressed each other harder than the lower of their bodies' contactForceEventThresholds over a
 * step: the normal force of the step, its impulses summed over the substeps over dt, N. */
export interface ContactForceEvent2D<S = ContactShape2D> extends ShapePair2D<S> {
  /** The force on B from A, world: Σ n λ / dt over the pair's manifolds (n from A toward B), N. */
  totalForce: Float64Array;
  /** Σ |λ| / dt over the pair's manifolds, N. */
  totalForceMagnitude: number;
  /** The normal of the manifold that pressed hardest, and its force, N. */
  maxForceDirection: Float64Array;
  maxForceMagnitude: number;
}
/** A shape began or stopped overlapping a sensor shape. */
export interface SensorEvent2D<S = ContactShape2D> {
  sensorBody: Body2D;
  sensorShape: S;
  visitorBody: Body2D;
  visitorShape: S;
}

/** @internal */
export class WorldContacts2D implements ContactStages<Body2D, Joint2D> {
  onContactBegin: ((event: ContactBeginEvent2D) => void) | null = null;
  onContactEnd: ((event: ShapePair2D) => void) | null = null;
  onSensorBegin: ((event: SensorEvent2D) => void) | null = null;
  onSensorEnd: ((event: SensorEvent2D) => void) | null = null;
  onContactForce: ((event: ContactForceEvent2D) => void) | null = null;
  onPreSolve: ((pair: PreSolvePair2D) => boolean | void) | null = null;

  constructor(
    private readonly world: object,
    readonly contactSet: ContactSet2D,
    private readonly registry: WorldRegistry<Body2D, Joint2D>,
    private readonly pipeline: StepPipeline<Body2D, Joint2D>,
  ) {}

  private dt = 0;

  find(dt: number, joints: readonly Joint2D[], awake: readonly Body2D[]): SolverContacts {
    this.dt = dt;
    const set = this.contactSet;
    set.solver.sumImpulses = this.onContactForce !== null;
    set.preSolve = this.onPreSolve === null ? null : this.askPreSolve;
    set.recordEvents = this.onContactBegin !== null || this.onContactEnd !== null || this.onSensorBegin !== null || this.onSensorEnd !== null;
    set.update(this.registry.simulatedBodies, awake, joints, dt, this.registry.structureVersion);
    if (this.onPreSolve !== null && this.pipeline.quarantineHookWrites()) set.layoutActive();
    return set.solver;
  }

  finishMotion(): void {}

  link(islands: Islands): void {
    const contacts = this.contactSet.active;
    for (let i = 0; i < contacts.length; i++) islands.link(contacts[i].bodyA, contacts[i].bodyB);
  }

  report(): void {
    const forces = this.onContactForce === null ? null : this.forceEvents();
    this.reportChanges();
    if (forces !== null) for (const event of forces) this.pipeline.callbacks.deliver(this.onContactForce as (event: ContactForceEvent2D) => void, event);
  }

  /** This step's force events (3D's forceEvents): the solved contacts summed pair by pair (a chain's
   * segments with one shape are one pair), those above the lower of the two bodies' thresholds kept. */
  private forceEvents(): ContactForceEvent2D[] {
    const events: ContactForceEvent2D[] = [];
    const active = this.contactSet.active, inverseDt = this.dt > 0 ? 1 / this.dt : 0;
    for (let start = 0; start < active.length;) {
      const first = active[start];
      let end = start + 1;
      while (end < active.length && active[end].shapeA === first.shapeA && active[end].shapeB === first.shapeB) end++;
      const threshold = Math.min(first.bodyA._contactForceEventThreshold, first.bodyB._contactForceEventThreshold);
      if (threshold !== Infinity) {
        const totalForce = new Float64Array(2), maxForceDirection = new Float64Array(2);
        let magnitude = 0, largest = -1;
        for (let i = start; i < end; i++) {
          const contact = active[i], force = contact.stepNormalImpulse * inverseDt, n = contact.manifold.normal;
          magnitude += Math.abs(force);
          totalForce[0] += force * n[0];
          totalForce[1] += force * n[1];
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

  /** The begin and end events of contacts and sensors (3D's reportChanges). */
  private reportChanges(): void {
    const set = this.contactSet;
    if (!set.recordEvents) return;
    if (set.began.length + set.ended.length + set.sensorBegan.length + set.sensorEnded.length === 0) return;
    const began = set.began.slice(), ended = set.ended.slice(), sensorBegan = set.sensorBegan.slice(), sensorEnded = set.sensorEnded.slice();
    const onBegin = this.onContactBegin, onEnd = this.onContactEnd, onSensorBegin = this.onSensorBegin, onSensorEnd = this.onSensorEnd;
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

  wakeTouching(body: Body2D): void {
    this.contactSet.wakeTouching(body);
  }

  forget(body: Body2D): void {
    this.contactSet.forgetBody(body);
  }

  private holds(body: Body2D | null): boolean {
    return body !== null && body.owner === this.world;
  }

  private readonly preSolvePair = new PreSolvePair2D();
  private readonly askPreSolve = (contact: ContactConstraint2D): boolean => {
    const pair = this.preSolvePair;
    pair.fill(contact);
    if ((this.onPreSolve as (pair: PreSolvePair2D) => boolean | void)(pair) === false) return false;
    pair.applyTo(contact);
    return true;
  };
}


function sensorEvent(pair: ShapePair2D): SensorEvent2D {
  return pair.shapeA.sensor
    ? { sensorBody: pair.bodyA, sensorShape: pair.shapeA, visitorBody: pair.bodyB, visitorShape: pair.shapeB }
    : { sensorBody: pair.bodyB, sensorShape: pair.shapeB, visitorBody: pair.bodyA, visitorShape: pair.shapeA };
}
