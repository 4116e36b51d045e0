// The world's contacts, found each step before the solve: broadphase, filtering, narrowphase, and the
// contact constraints that persist from step to step (their impulses warm start).
//
// Broadphase: sort and sweep (Baraff's dissertation, 1992; Bullet's and PhysX's SAP). Each shape has a
// world AABB, fattened by the speculative distance and by how far its body can move in the step
// (|v| dt). The shapes stay sorted by their AABBs' lower x between steps (an insertion sort, which is
// linear when little changed), and one sweep pairs each shape with those whose lower x lies before its
// upper x and whose y and z intervals overlap: O(n + pairs) per step when the order holds, never all
// pairs. A plane is unbounded and meets every shape.
//
// Filtering: two shapes of one body, two bodies that are not dynamic, two bodies joined by a joint
// (unless it has collideConnected), and
// two shapes whose filters exclude each other (shape.ts shouldCollide) do not collide.
//
// Sleeping (sleep.ts): a pair in which neither body is awake (or a moving kinematic) is not tested; its
// contact keeps its points and impulses, untouched, for when the island wakes (the bodies have not
// moved). A pair with one body awake is tested, and if it touches, the sleeping body's island wakes at
// once, so it takes part in this very step with its kept contacts.
//
// Touching and sensors. A contact touches while its deepest point is closer than TOUCH_DISTANCE (a
// speculative point farther apart does not); its start and end are events (World.onContactBegin and
// onContactEnd), reported after the step. A pair with a sensor shape (shape.ts) gets no rows: it overlaps
// while its manifold has a point at separation ≤ 0, with events of its own (onSensorBegin, onSensorEnd).
//
// The contacts are solved in the order of their shapes' keys (body id and shape index, A's then B's), so
// a scene steps the same way whatever the history of the maps that hold them. (Keys are per shape, and
// pairs are found through a map per first shape: body ids can grow without bound.)

import type { Body } from '../body.js';
import type { JointCore } from '../joints/joint-core.js';
import type { StateReader, StateWriter } from '../state.js';
import { ContactConstraint } from './contact-constraint.js';
import type { ConvexHull } from './hull.js';
import { Manifold } from './manifold.js';
import { collide, SHAPE_RANK } from './narrowphase.js';
import { ShapePose } from './shape-pose.js';
import { MAX_SHAPES_PER_BODY, shouldCollide, type Shape } from './shape.js';

export { MAX_SHAPES_PER_BODY };
import { isAwakeMover } from '../sleep.js';

/** Points up to this far apart are kept as speculative contacts (Box2D: 4 × linear slop), m; a moving
 * pair adds the distance its bodies can cover in the step. */
export const SPECULATIVE_DISTANCE = 0.02;
/** A contact touches while its deepest point is closer than this, m (Box2D's linear slop). */
export const TOUCH_DISTANCE = 0.005;

/** Two shapes that stopped touching (or overlapping, with a sensor): their bodies may have been removed. */
export interface ShapePair {
  bodyA: Body;
  shapeA: Shape;
  bodyB: Body;
  shapeB: Shape;
}

interface Proxy {
  body: Body;
  shape: Shape;
  /** body id · MAX_SHAPES_PER_BODY + shape index. */
  key: number;
  /** min x, y, z, max x, y, z. */
  box: Float64Array;
  /** The shape's world pose this step (for the AABB and the narrowphase). */
  pose: ShapePose;
}

export class ContactSet {
  private proxies: Proxy[] = [];
  private version = -1;
  /** Contacts by their shapes' keys: A's, then B's. */
  private readonly pairs = new Map<number, Map<number, ContactConstraint>>();
  /** Contacts whose shapes parted, for new pairs to reuse (each holds 12 rows: allocating one per new
   * pair was 3.6 % of a ragdoll pile's step, in the collector). */
  private readonly pool: ContactConstraint[] = [];
  private stamp = 0;
  /** The contacts with points, in key order, those of sleeping islands included. */
  readonly touching: ContactConstraint[] = [];
  /** The touching contacts with an awake body: the ones the step solves. */
  readonly active: ContactConstraint[] = [];
  /** Sensor pairs that overlap, in key order. */
  readonly sensing: ContactConstraint[] = [];
  /** Record the events below (the world has a callback for them); touching is tracked either way. */
  recordEvents = false;
  /** This update's events: contacts (and sensor pairs) that began touching, pairs that stopped. */
  readonly began: ContactConstraint[] = [];
  readonly ended: ShapePair[] = [];
  readonly sensorBegan: ContactConstraint[] = [];
  readonly sensorEnded: ShapePair[] = [];
  private readonly joined = new Set<number>();

  /** Finds this step's contacts among the bodies' shapes (topology `version`: rebuild the proxies). */
  update(bodies: readonly Body[], joints: readonly JointCore<Body>[], dt: number, version: number): void {
    if (version !== this.version) this.rebuild(bodies);
    this.version = version;
    this.active.length = 0;
    this.touching.length = 0;
    this.sensing.length = 0;
    this.began.length = 0;
    this.ended.length = 0;
    this.sensorBegan.length = 0;
    this.sensorEnded.length = 0;
    const proxies = this.proxies;
    if (proxies.length === 0) {
      this.pairs.clear();
      return;
    }
    for (const proxy of proxies) writeBox(proxy, dt);
    // insertion sort by lower x (stable, linear when nearly sorted)
    for (let i = 1; i < proxies.length; i++) {
      const p = proxies[i];
      let j = i - 1;
      while (j >= 0 && proxies[j].box[0] > p.box[0]) {
        proxies[j + 1] = proxies[j];
        j--;
      }
      proxies[j + 1] = p;
    }
    this.joined.clear();
    for (const joint of joints) if (!joint.collideConnected) this.joined.add(pairKey(joint.bodyA.id, joint.bodyB.id));
    this.stamp++;
    for (let i = 0; i < proxies.length; i++) {
      const p = proxies[i], pb = p.box;
      for (let j = i + 1; j < proxies.length; j++) {
        const q = proxies[j], qb = q.box;
        if (qb[0] > pb[3]) break;
        if (qb[1] > pb[4] || pb[1] > qb[4] || qb[2] > pb[5] || pb[2] > qb[5]) continue;
        if (p.body === q.body || (!p.body.isDynamic && !q.body.isDynamic)) continue;
        if (this.joined.has(pairKey(p.body.id, q.body.id)) || !shouldCollide(p.shape, q.shape)) continue;
        this.touch(p, q, dt);
      }
    }
    // contacts whose shapes' boxes no longer overlap are dropped
    for (const [keyA, inner] of this.pairs) {
      for (const [keyB, contact] of inner) {
        if (contact.stamp === this.stamp) continue;
        if (contact.isTouching) this.noteEnd(contact);
        inner.delete(keyB);
        this.pool.push(contact);
      }
      if (inner.size === 0) this.pairs.delete(keyA);
    }
    this.touching.sort(byKeys);
    this.sensing.sort(byKeys);
    this.listActive();
  }

  private noteEnd(contact: ContactConstraint): void {
    contact.isTouching = false;
    if (!this.recordEvents) return;
    const pair = { bodyA: contact.bodyA, shapeA: contact.shapeA, bodyB: contact.bodyB, shapeB: contact.shapeB };
    (contact.sensor ? this.sensorEnded : this.ended).push(pair);
  }

  /** Wakes every body touching `body` (which is being removed). */
  wakeTouching(body: Body): void {
    for (const contact of this.touching) {
      if (contact.bodyA === body) contact.bodyB.sleep.wake();
      else if (contact.bodyB === body) contact.bodyA.sleep.wake();
    }
  }

  /** active: the touching contacts with an awake dynamic body (all of them while nothing sleeps). */
  private listActive(): void {
    const active = this.active;
    active.length = 0;
    for (let i = 0; i < this.touching.length; i++) {
      const contact = this.touching[i], a = contact.bodyA, b = contact.bodyB;
      if ((a.isDynamic && a.sleep.island === 0) || (b.isDynamic && b.sleep.island === 0)) active.push(contact);
    }
  }

  /** The touching contacts' state: their count, then per contact its two keys and ContactConstraint's
   * saveState (snapshots and hashes). */
  save(writer: StateWriter): void {
    writer.write(this.touching.length);
    for (const contact of this.touching) {
      writer.write(contact.keyA);
      writer.write(contact.keyB);
      contact.saveState(writer);
    }
    writer.write(this.sensing.length);
    for (const contact of this.sensing) {
      writer.write(contact.keyA);
      writer.write(contact.keyB);
    }
  }
  /** Reads what save wrote, as plain numbers (the bodies do not exist yet when it is read). */
  static read(reader: StateReader): number[] {
    const out: number[] = [];
    const count = reader.read();
    out.push(count);
    for (let c = 0; c < count; c++) {
      const keyA = reader.read(), keyB = reader.read(), points = reader.read();
      out.push(keyA, keyB, points);
      for (let i = 0; i < ContactConstraint.stateSize(points) - 1; i++) out.push(reader.read());
    }
    const sensing = reader.read();
    out.push(sensing);
    for (let c = 0; c < 2 * sensing; c++) out.push(reader.read());
    return out;
  }
  /** Rebuilds the contacts from read's numbers, among the world's bodies. */
  restore(numbers: readonly number[], bodies: readonly Body[]): void {
    const byId = new Map<number, Body>();
    for (const body of bodies) byId.set(body.id, body);
    const shapeOf = (proxyKey: number): [Body, Shape] => {
      const body = byId.get(Math.floor(proxyKey / MAX_SHAPES_PER_BODY)) as Body;
      return [body, body.shapes[proxyKey % MAX_SHAPES_PER_BODY]];
    };
    this.pairs.clear();
    this.touching.length = 0;
    let at = 0;
    const count = numbers[at++];
    for (let c = 0; c < count; c++) {
      const keyA = numbers[at++], keyB = numbers[at++];
      const [bodyA, shapeA] = shapeOf(keyA);
      const [bodyB, shapeB] = shapeOf(keyB);
      const contact = new ContactConstraint(bodyA, shapeA, bodyB, shapeB, new Manifold(), keyA, keyB);
      at = contact.loadState(numbers, at);
      this.innerMap(keyA).set(keyB, contact);
      this.touching.push(contact);
    }
    this.sensing.length = 0;
    const sensing = numbers[at++];
    for (let c = 0; c < sensing; c++) {
      const keyA = numbers[at++], keyB = numbers[at++];
      const [bodyA, shapeA] = shapeOf(keyA);
      const [bodyB, shapeB] = shapeOf(keyB);
      const contact = new ContactConstraint(bodyA, shapeA, bodyB, shapeB, new Manifold(), keyA, keyB);
      contact.isTouching = true;
      this.innerMap(keyA).set(keyB, contact);
      this.sensing.push(contact);
    }
    this.listActive();
  }

  /** Every contact constraint with points (the last update's). */
  get count(): number {
    return this.active.length;
  }

  private touch(p: Proxy, q: Proxy, dt: number): void {
    // ordered by shape rank (then key) so the narrowphase has one function per pair of types
    const swap = SHAPE_RANK[p.shape.type] > SHAPE_RANK[q.shape.type] || (SHAPE_RANK[p.shape.type] === SHAPE_RANK[q.shape.type] && p.key > q.key);
    const a = swap ? q : p, b = swap ? p : q;
    const inner = this.innerMap(a.key);
    let contact = inner.get(b.key);
    if (!isAwakeMover(a.body) && !isAwakeMover(b.body)) {
      // both asleep (or one asleep, the other static or still): kept as it was
      if (contact === undefined) return;
      contact.stamp = this.stamp;
      if (contact.sensor) {
        if (contact.isTouching) this.sensing.push(contact);
      } else if (contact.count > 0) {
        this.touching.push(contact);
      }
      return;
    }
    if (contact === undefined) {
      const reused = this.pool.pop();
      contact = reused !== undefined
        ? reused.reuse(a.body, a.shape, b.body, b.shape, a.key, b.key)
        : new ContactConstraint(a.body, a.shape, b.body, b.shape, new Manifold(), a.key, b.key);
      inner.set(b.key, contact);
    }
    contact.stamp = this.stamp;
    if (contact.sensor) {
      // overlap only: no rows, no speculative margin, nothing woken
      collide(a.shape, a.pose, b.shape, b.pose, 0, contact.manifold);
      contact.count = 0;
      const overlapping = contact.manifold.count > 0 && deepest(contact) <= 0;
      if (overlapping) this.sensing.push(contact);
      if (overlapping && !contact.isTouching) {
        contact.isTouching = true;
        if (this.recordEvents) this.sensorBegan.push(contact);
      } else if (!overlapping && contact.isTouching) {
        this.noteEnd(contact);
      }
      return;
    }
    const margin = SPECULATIVE_DISTANCE + dt * (speed(a.body) + speed(b.body));
    collide(a.shape, a.pose, b.shape, b.pose, margin, contact.manifold);
    contact.matchImpulses();
    const touches = contact.count > 0 && deepest(contact) <= TOUCH_DISTANCE;
    if (touches && !contact.isTouching) {
      contact.isTouching = true;
      if (this.recordEvents) this.began.push(contact);
    } else if (!touches && contact.isTouching) {
      this.noteEnd(contact);
    }
    if (contact.count > 0) {
      this.touching.push(contact);
      if (a.body.sleep.island !== 0) a.body.sleep.wake();
      if (b.body.sleep.island !== 0) b.body.sleep.wake();
    }
  }

  private innerMap(keyA: number): Map<number, ContactConstraint> {
    let inner = this.pairs.get(keyA);
    if (inner === undefined) this.pairs.set(keyA, (inner = new Map()));
    return inner;
  }

  private rebuild(bodies: readonly Body[]): void {
    const kept = new Map<number, Proxy>();
    for (const proxy of this.proxies) kept.set(proxy.key, proxy);
    const next: Proxy[] = [];
    for (const body of bodies) {
      body.shapes.forEach((shape, index) => {
        const key = body.id * MAX_SHAPES_PER_BODY + index;
        const old = kept.get(key);
        next.push(old !== undefined && old.shape === shape ? old : { body, shape, key, box: new Float64Array(6), pose: new ShapePose() });
      });
    }
    this.proxies = next;
    // pairs of removed shapes go at the next update (not seen)
  }
}

/** Linear speed plus a bound on what turning adds at the shape's reach (rough: |ω| times 1 m). */
function speed(body: Body): number {
  const v = body.linearVelocity, w = body.angularVelocity;
  // (Math.sqrt, not Math.hypot: the step uses only correctly rounded Math functions; README "Determinism")
  return Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
}

/** The smallest separation among the manifold's points. */
function deepest(contact: ContactConstraint): number {
  const m = contact.manifold;
  let least = Infinity;
  for (let i = 0; i < m.count; i++) if (m.separations[i] < least) least = m.separations[i];
  return least;
}

function byKeys(x: ContactConstraint, y: ContactConstraint): number {
  return x.keyA - y.keyA || x.keyB - y.keyB;
}

/** Two bodies' ids as one number (ids below 2²⁶ = 67 million apart: the jointed-pair filter). */
function pairKey(a: number, b: number): number {
  return a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a;
}

/** The shape's world AABB, fattened (see the header). */
function writeBox(proxy: Proxy, dt: number): void {
  const { body, shape, box } = proxy;
  const pose = proxy.pose.set(body, shape);
  if (shape.type === 'plane') {
    box[0] = box[1] = box[2] = -Infinity;
    box[3] = box[4] = box[5] = Infinity;
    return;
  }
  const c = pose.c, W = pose.W;
  for (let i = 0; i < 3; i++) {
    // half width along world axis i: Σ_k |W_ik| h_k for a box; r (+ h |W_i1|) for spheres and capsules;
    // a hull's bounding box (in its frame, centre b) as a box about c + W b
    let half: number, centre = c[i];
    if (shape.type === 'box') {
      const h = shape.halfExtents;
      half = Math.abs(W[i]) * h[0] + Math.abs(W[3 + i]) * h[1] + Math.abs(W[6 + i]) * h[2];
    } else if (shape.type === 'hull') {
      const { boundsCentre: b, boundsHalf: h } = shape.hull as ConvexHull;
      centre += W[i] * b[0] + W[3 + i] * b[1] + W[6 + i] * b[2];
      half = Math.abs(W[i]) * h[0] + Math.abs(W[3 + i]) * h[1] + Math.abs(W[6 + i]) * h[2];
    } else {
      half = shape.radius + (shape.type === 'capsule' ? shape.halfHeight * Math.abs(W[3 + i]) : 0);
    }
    half += SPECULATIVE_DISTANCE;
    // stretched along the way the body moves this step (a static body's velocity is zero)
    const move = body.linearVelocity[i] * dt;
    box[i] = centre - half + (move < 0 ? move : 0);
    box[3 + i] = centre + half + (move > 0 ? move : 0);
  }
}
