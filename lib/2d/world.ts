// World2D: lib/world/world.ts in the plane. The same settings, step, breaking and solvers (lib/world/,
// solver/step.ts and the direct solver solver/direct/ are shared code, the last through
// solver/tree-body-model.ts); 2D bodies and the revolute, weld, angle, prismatic, wheel, pulley, gear,
// motor, distance and mouse joints; shapes and their contacts (world-contacts.ts over
// collision/contact-set.ts: the 3D contact pipeline with 2D rows).

import type { BodyStateIO } from '../body/core-body.js';
import { BODY2D_STATE_IO } from './body-state-io.js';
import { Body2D, type Body2DOptions } from './body.js';
import type { AngleJoint, AngleJointOptions } from './joints/angle-joint.js';
import type { Joint2D } from './joints/joint.js';
import type { RevoluteJoint, RevoluteJointOptions } from './joints/revolute-joint.js';
import type { WeldJoint2D, WeldJoint2DOptions } from './joints/weld-joint.js';
import type { PrismaticJoint2D, PrismaticJoint2DOptions } from './joints/prismatic-joint.js';
import type { WheelJoint2D, WheelJoint2DOptions } from './joints/wheel-joint.js';
import type { PulleyJoint2D, PulleyJoint2DOptions } from './joints/pulley-joint.js';
import type { MotorJoint2D, MotorJoint2DOptions } from './joints/motor-joint.js';
import type { GearJoint2D, GearJoint2DOptions } from './joints/gear-joint.js';
import type { DistanceJoint2D, DistanceJoint2DOptions } from './joints/distance-joint.js';
import type { MouseJoint2D, MouseJoint2DOptions } from './joints/mouse-joint.js';
import { JOINT_2D_DEFINITIONS, joint2DDefinition } from './joints/joint-definitions.js';
import { RigidBodyIntegrator2D } from './solver/integrate.js';
import { TreeBodyModel2D } from './solver/tree-body-model.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { makeReadOnly } from '../util/read-only.js';
import { WorldCore } from '../world/world-core.js';
import { hashWorld, restoreWorld, takeSnapshot, type SnapshotBody, type WorldSnapshot } from '../world/snapshot.js';
import { writeBodyType } from '../world/structure-hash.js';
import { CORE_WORLD_OPTION_KEYS, type CoreWorldOptions } from '../world/settings.js';
import type { JointBreakEventOf } from '../world/events.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { BodyInvalidEventOf } from '../body/invalid-bodies.js';
import { writeShape2D } from './structure-hash.js';
import { readCallback, readFiniteVector, readGravity, requireFinite, requireInteger, requireNonNegative, show } from '../util/validate.js';
import { requireFiniteState } from '../util/restore-check.js';
import { ContactSet2D, type ShapePair2D } from './collision/contact-set.js';
import { RESTITUTION_THRESHOLD, type ContactConstraint2D } from './collision/contact-constraint.js';
import { checkContacts2D, readContacts2D, restoreContacts2D, saveContacts2D } from './collision/contact-snapshot.js';
import { collide2D } from './collision/narrowphase.js';
import type { PreSolvePair2D } from './collision/pre-solve.js';
import { WorldContacts2D, type ContactBeginEvent2D, type ContactForceEvent2D, type SensorEvent2D } from './world-contacts.js';
import type { Vector2Input } from '../util/vector-input.js';
import {
  readDirection2D, readRay2D, SceneQueries2D, type PointProjection2D, type PointProjectionOptions2D, type QueryOptions2D, type RayHit2D,
  type ShapeCastOptions2D, type ShapeOverlap2D,
} from './collision/queries.js';
import type { Shape2D } from './geometry/shape.js';
import type { Shape2DOptions } from './geometry/shape-options.js';

export type { ContactBeginEvent2D, ContactForceEvent2D, SensorEvent2D } from './world-contacts.js';
export type { ShapePair2D } from './collision/contact-set.js';
export type { PreSolvePair2D } from './collision/pre-solve.js';

export interface World2DOptions extends CoreWorldOptions<Joint2D, Body2D> {
  /** m/s². Default [0, −9.81]. */
  gravity?: Vector2Input;
  /** Called after each step for each pair of shapes that began touching in it (see ContactBeginEvent2D). */
  onContactBegin?: ((event: ContactBeginEvent2D) => void) | null;
  /** Called after each step for each pair of shapes that stopped touching in it. */
  onContactEnd?: ((event: ShapePair2D) => void) | null;
  /** Called after each step for each shape that began or stopped overlapping a sensor shape. */
  onSensorBegin?: ((event: SensorEvent2D) => void) | null;
  onSensorEnd?: ((event: SensorEvent2D) => void) | null;
  /** Called after each step for each pair of shapes that pressed each other harder than the lower of
   * their bodies' contactForceEventThresholds in it (see ContactForceEvent2D). */
  onContactForce?: ((event: ContactForceEvent2D) => void) | null;
  /** Contacts closing slower than this, m/s, do not bounce, whatever their restitution (Box2D's
   * restitution threshold). Default 1. */
  restitutionThreshold?: number;
  /** Called during each step for each contact the step is about to solve: return false to leave it out of
   * this step (a one-way platform), or set the pair's friction, restitution and tangentVelocity (a
   * conveyor belt). It may read the world but not change it. */
  onPreSolve?: ((pair: PreSolvePair2D) => boolean | void) | null;
}

const WORLD2D_OPTION_KEYS: readonly string[] = [
  ...CORE_WORLD_OPTION_KEYS, ...optionKeys<Omit<World2DOptions, keyof CoreWorldOptions<Joint2D>>>({
    gravity: true, onContactBegin: true, onContactEnd: true, onSensorBegin: true, onSensorEnd: true, onContactForce: true,
    restitutionThreshold: true, onPreSolve: true,
  }),
];

export type JointBreakEvent2D = JointBreakEventOf<Joint2D>;
/** world.onBodyInvalid's event (invalid-bodies.ts). */
export type BodyInvalidEvent2D = BodyInvalidEventOf<Body2D>;

export class World2D extends WorldCore<Body2D, Joint2D> {
  readonly ground: Body2D;
  protected readonly bodyClassName = 'Body2D';

  constructor(options: World2DOptions = {}) {
    const where = 'World2D';
    checkOptionKeys(where, options, WORLD2D_OPTION_KEYS);
    const gravity = new Float64Array([0, -9.81]);
    if (options !== null && typeof options === 'object' && options.gravity !== undefined) {
      readGravity(where, 'gravity', options.gravity, 2, gravity);
    }
    super(where, options, gravity, new RigidBodyIntegrator2D(), new TreeBodyModel2D());
    this.contactSet = new ContactSet2D(collide2D);
    this.stages = new WorldContacts2D(this, this.contactSet, this.registry, this.pipeline);
    this.pipeline.contacts = this.stages;
    this.pipeline.stepContext.restitutionThreshold = RESTITUTION_THRESHOLD;
    if (options !== null && typeof options === 'object') {
      this.onContactBegin = readCallback(where, 'onContactBegin', options.onContactBegin);
      this.onContactEnd = readCallback(where, 'onContactEnd', options.onContactEnd);
      this.onSensorBegin = readCallback(where, 'onSensorBegin', options.onSensorBegin);
      this.onSensorEnd = readCallback(where, 'onSensorEnd', options.onSensorEnd);
      this.onContactForce = readCallback(where, 'onContactForce', options.onContactForce);
      if (options.restitutionThreshold !== undefined) this.restitutionThreshold = options.restitutionThreshold;
      this.onPreSolve = readCallback(where, 'onPreSolve', options.onPreSolve);
    }
    this.ground = new Body2D(0, { type: 'static' }, this);
    makeReadOnly(this as World2D, ['ground', 'gravity']);
  }

  /** @internal The contacts (collision/contact-set.ts). */
  protected readonly contactSet: ContactSet2D;
  /** The step's contact stages and the contact callbacks (world-contacts.ts). */
  private readonly stages: WorldContacts2D;

  /** Contacts closing slower than this, m/s, do not bounce (World2DOptions.restitutionThreshold). */
  get restitutionThreshold(): number {
    return this.pipeline.stepContext.restitutionThreshold;
  }
  set restitutionThreshold(value: number) {
    this.requireOutsideStep('restitutionThreshold');
    this.pipeline.stepContext.restitutionThreshold = requireNonNegative('restitutionThreshold', 'restitutionThreshold', value);
  }
  /** Called after each step for each pair of shapes that began touching (World2DOptions.onContactBegin). */
  get onContactBegin(): ((event: ContactBeginEvent2D) => void) | null {
    return this.stages.onContactBegin;
  }
  set onContactBegin(value: ((event: ContactBeginEvent2D) => void) | null) {
    this.stages.onContactBegin = readCallback('onContactBegin', 'onContactBegin', value);
  }
  get onContactEnd(): ((event: ShapePair2D) => void) | null {
    return this.stages.onContactEnd;
  }
  set onContactEnd(value: ((event: ShapePair2D) => void) | null) {
    this.stages.onContactEnd = readCallback('onContactEnd', 'onContactEnd', value);
  }
  get onSensorBegin(): ((event: SensorEvent2D) => void) | null {
    return this.stages.onSensorBegin;
  }
  set onSensorBegin(value: ((event: SensorEvent2D) => void) | null) {
    this.stages.onSensorBegin = readCallback('onSensorBegin', 'onSensorBegin', value);
  }
  get onSensorEnd(): ((event: SensorEvent2D) => void) | null {
    return this.stages.onSensorEnd;
  }
  set onSensorEnd(value: ((event: SensorEvent2D) => void) | null) {
    this.stages.onSensorEnd = readCallback('onSensorEnd', 'onSensorEnd', value);
  }
  /** Called after each step for each pair of shapes pressing harder than their bodies' threshold
   * (World2DOptions.onContactForce). */
  get onContactForce(): ((event: ContactForceEvent2D) => void) | null {
    return this.stages.onContactForce;
  }
  set onContactForce(value: ((event: ContactForceEvent2D) => void) | null) {
    this.stages.onContactForce = readCallback('onContactForce', 'onContactForce', value);
  }
  /** The contact hook (World2DOptions.onPreSolve), or null. */
  get onPreSolve(): ((pair: PreSolvePair2D) => boolean | void) | null {
    return this.stages.onPreSolve;
  }
  set onPreSolve(value: ((pair: PreSolvePair2D) => boolean | void) | null) {
    this.stages.onPreSolve = readCallback('onPreSolve', 'onPreSolve', value);
  }
  /** The touching contacts (each a manifold of up to 2 points between two shapes, or a shape and a chain's
   * segment) after the last step, in a fixed order (the shapes' keys); those of sleeping islands included,
   * as they were when the island fell asleep. The solver's own: read them, change them through the shapes'
   * friction and restitution or onPreSolve. */
  get contacts(): readonly Readonly<ContactConstraint2D>[] {
    return this.contactSet.touching;
  }
  /** Pairs of overlapping shapes the last step's contact search turned away at its bounds on pairs (bodies
   * created inside each other: lib/2d/collision/contact-set.ts, "Bounds"), to be looked for again as they
   * are pushed apart; 0 in any ordinary scene (0 before the first step). */
  get lastStepDroppedPairs(): number {
    return this.contactSet.droppedPairs;
  }
  /** @internal Body2D.setPosition and setAngle: the broadphase re-bounds the body. */
  poseEdited(body: Body2D): void {
    this.contactSet.broadphase.notePoseEdit(body);
  }

  /** A world continuing bit for bit from `world.snapshot()` (callbacks and userData are not kept); see
   * World.restore. */
  static restore(snapshot: WorldSnapshot): World2D {
    const world = new World2D();
    restoreWorld(world, 'World2D.restore', snapshot);
    return world;
  }
  /** A 64-bit FNV-1a hash (16 hex digits) of everything that decides what the world does next; see
   * World.hash. */
  hash(): string {
    return hashWorld(this);
  }
  /** The world's complete state as plain data; `World2D.restore` continues from it bit for bit. */
  snapshot(): WorldSnapshot {
    return takeSnapshot(this);
  }
  /** @internal */
  readonly snapshotFormat = 'sinew-world-2d' as const;
  /** @internal */
  readonly bodyStateIO: BodyStateIO<Body2D> = BODY2D_STATE_IO;
  // One number of flags, as the 3D world's: 2 the direct solver (from snapshot version 2; a version 1
  // snapshot has none, and its world was iterative), 4 contacts follow, 8 a restitution threshold other
  // than the default follows (so a world without them reads and hashes as before); then that threshold,
  // then the contacts (contact-snapshot.ts), sleeping ones included.
  /** @internal */
  saveWorldExtras(writer: StateWriter): void {
    const contacts = this.contactSet.touching.length > 0 || this.contactSet.sensing.length > 0;
    const threshold = this.restitutionThreshold !== RESTITUTION_THRESHOLD;
    writer.write((this.solver === 'direct' ? 2 : 0) + (contacts ? 4 : 0) + (threshold ? 8 : 0));
    if (threshold) writer.write(this.restitutionThreshold);
    if (contacts) saveContacts2D(this.contactSet, writer);
  }
  private pendingContacts: number[] | null = null;
  /** @internal */
  loadWorldExtras(reader: StateReader, version: number, where: string): void {
    if (version < 2) {
      this.solver = 'iterative';
      return;
    }
    const flags = requireInteger(where, 'settings.flags', reader.read(), 0, 15);
    if ((flags & 1) !== 0) throw new RangeError(`${where}: settings.flags must be a sum of 2 (the direct solver), 4 (contacts) and 8 (a restitution threshold), got ${show(flags)}`);
    this.solver = (flags & 2) !== 0 ? 'direct' : 'iterative';
    this.pipeline.stepContext.restitutionThreshold = (flags & 8) !== 0
      ? requireNonNegative(where, 'settings.restitutionThreshold', reader.read())
      : RESTITUTION_THRESHOLD;
    reader.context = `${where}: contacts`;
    this.pendingContacts = (flags & 4) !== 0 ? readContacts2D(reader) : null;
  }
  /** @internal */
  afterRestore(where: string): void {
    if (this.pendingContacts !== null) {
      this.contactSet.refresh(this.registry.simulatedBodies, this.registry.activeJoints, this.registry.structureVersion);
      checkContacts2D(where, this.pendingContacts, this.registry.bodies);
      restoreContacts2D(this.contactSet, this.pendingContacts, this.registry.bodies);
      requireFiniteState(where, 'contacts', (writer) => saveContacts2D(this.contactSet, writer));
    }
    this.pendingContacts = null;
  }
  /** @internal */
  readonly snapshotBodyKeys: readonly string[] = ['id', 'type', 'shapes', 'contactForceEventThreshold'];
  /** @internal What the hash reads of a body beside its state: its type and shapes. */
  writeBodyStructure(writer: StateWriter, body: Body2D): void {
    writeBodyType(writer, body.type);
    writer.write(body.shapes.length);
    for (const shape of body.shapes) writeShape2D(writer, shape);
    // (only when set: a world without force thresholds hashes as it did before they existed)
    if (body._contactForceEventThreshold !== Infinity) writer.write(body._contactForceEventThreshold);
  }
  /** @internal The body's type and shapes (about its centre of mass). SnapshotBody types its shapes as 3D
   * options; a 2D snapshot holds 2D ones, read back by createPlaceholderBody. */
  describeBody(body: Body2D): SnapshotBody {
    const entry: SnapshotBody = body.shapes.length === 0 ? { id: body.id, type: body.type } : { id: body.id, type: body.type, shapes: body.shapes.map((shape) => shape.describe()) as unknown as SnapshotBody['shapes'] };
    // (a snapshot is JSON, which has no Infinity: the default is left out)
    if (body._contactForceEventThreshold !== Infinity) entry.contactForceEventThreshold = body._contactForceEventThreshold;
    return entry;
  }
  /** @internal */
  createPlaceholderBody(entry: SnapshotBody): Body2D {
    // a mass and inertia given: the shapes stay where the snapshot put them (about the centre of mass)
    const type = entry.type, contactForceEventThreshold = entry.contactForceEventThreshold;
    return this.createBody(
      entry.shapes === undefined
        ? { type, contactForceEventThreshold }
        : { type, shapes: entry.shapes as unknown as Body2DOptions['shapes'], mass: type === 'dynamic' ? 1 : undefined, inertia: type === 'dynamic' ? 1 : undefined, contactForceEventThreshold },
    );
  }
  /** @internal */
  createPlaceholderJoint(type: string, bodyA: Body2D, bodyB: Body2D): Joint2D {
    const definition = joint2DDefinition(type);
    if (definition === undefined) throw new RangeError(`World2D.restore: unknown joint type ${JSON.stringify(type)}`);
    return this.addJoint(definition.placeholder(this.jointContext, bodyA, bodyB));
  }

  createBody(options: Body2DOptions = {}): Body2D {
    return this.addBody(new Body2D(this.registry.nextBodyId, options, this));
  }

  /** Revolute joint (2 rows) at a world-space pivot. */
  createRevoluteJoint(options: RevoluteJointOptions): RevoluteJoint {
    return this.createJoint(JOINT_2D_DEFINITIONS.revolute, options);
  }

  /** Weld joint (3 rows, solved as one block) at a world-space point. */
  createWeldJoint(options: WeldJoint2DOptions): WeldJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.weld, options);
  }

  /** Angle joint (1 row): keeps B's current angle relative to A. */
  createAngleJoint(options: AngleJointOptions): AngleJoint {
    return this.createJoint(JOINT_2D_DEFINITIONS.angle, options);
  }

  /** Prismatic (slider) joint (2 rows, solved as one block): B slides along an axis fixed in A without
   * turning relative to it, with optional translation limits, a motor or servo, and friction (the 3D
   * prismatic joint's options, with 2-vectors). */
  createPrismaticJoint(options: PrismaticJoint2DOptions): PrismaticJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.prismatic, options);
  }

  /** Wheel joint (Box2D's): the wheel (bodyB) stays on a line through the anchor along suspensionAxis (fixed
   * in the chassis, bodyA; 1 exact row), moves along it on a spring (the suspension) within optional
   * limits, and spins freely or under a motor. */
  createWheelJoint(options: WheelJoint2DOptions): WheelJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.wheel, options);
  }

  /** Pulley joint (1 row): L_a + ratio L_b stays constant, each side a rope from a body's anchor over a
   * fixed pulley (groundA, groundB). getTension() reads the rope's tension. */
  createPulleyJoint(options: PulleyJoint2DOptions): PulleyJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.pulley, options);
  }

  /** Gear joint (1 row): couples two revolute joints (θ̇_b = −ratio θ̇_a) or a revolute and a prismatic joint
   * (a rack and pinion), each joining a moving body to a static one. */
  createGearJoint(options: GearJoint2DOptions): GearJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.gear, options);
  }

  /** Motor joint (3 rows, Box2D's): drives B's centre to A's plus linearOffset (in A's axes) and θ_b − θ_a to
   * angularOffset, with at most maxForce and maxTorque. */
  createMotorJoint(options: MotorJoint2DOptions): MotorJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.motor, options);
  }

  /** Distance joint (1 row) between two world-space anchors: a rod, a rope (maxLength only: slack
   * allowed) or a spring (hertz, or stiffness and damping), as the 3D one. */
  createDistanceJoint(options: DistanceJoint2DOptions): DistanceJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.distance, options);
  }

  /**
   * Mouse joint (2 rows): a spring (default 5 Hz, damping ratio 0.7) pulling a point of a dynamic body
   * toward a target you move with setTarget, its force capped at maxForce. How a user drags a body.
   */
  createMouseJoint(options: MouseJoint2DOptions): MouseJoint2D {
    return this.createJoint(JOINT_2D_DEFINITIONS.mouse, options);
  }

  // ---- scene queries (collision/queries.ts): through the broadphase's trees ----

  /**
   * The nearest shape the ray from `origin` along `direction` (any length but zero) hits within
   * `maxDistance` (m, default Infinity), or null: its body and shape, the distance, the point and the
   * outward surface normal, world space. A ray that starts inside a shape hits it at distance 0; a chain's
   * segments are hit from their right side only (Box2D's). `options` chooses the shapes seen
   * (QueryOptions2D: filter, exclude, predicate, includeSensors).
   */
  castRay(origin: Vector2Input, direction: Vector2Input, maxDistance = Infinity, options?: QueryOptions2D): RayHit2D | null {
    const where = 'castRay';
    const [o, d] = readRay2D(where, origin, direction, maxDistance);
    this.queryDepth++;
    try {
      return this.queries().castRay(where, o, d, maxDistance, options);
    } finally {
      this.queryDepth--;
    }
  }

  /** Every shape the ray hits within `maxDistance`, nearest first (ties in body and shape order; a chain
   * once, where the ray first meets it); as castRay. */
  castRayAll(origin: Vector2Input, direction: Vector2Input, maxDistance = Infinity, options?: QueryOptions2D): RayHit2D[] {
    const where = 'castRayAll';
    const [o, d] = readRay2D(where, origin, direction, maxDistance);
    this.queryDepth++;
    try {
      return this.queries().castRayAll(where, o, d, maxDistance, options);
    } finally {
      this.queryDepth--;
    }
  }

  /**
   * Every shape that `shape` (shape options as in createBody, or a body's Shape2D; one convex piece, not a
   * chain), placed at `position` with `angle` (rad), overlaps or touches: `{ body, shape }` in body and
   * shape order.
   */
  overlapShape(shape: Shape2DOptions | Shape2D, position: Vector2Input, angle: number, options?: QueryOptions2D): ShapeOverlap2D[] {
    const where = 'overlapShape';
    const p = readFiniteVector(where, 'position', position, 2, new Float64Array(2));
    const a = requireFinite(where, 'angle', angle);
    this.queryDepth++;
    try {
      return this.queries().overlapShape(where, shape, p, a, options);
    } finally {
      this.queryDepth--;
    }
  }

  /**
   * The first shape hit by `shape` (shape options as in createBody, or a body's Shape2D; one convex piece)
   * placed at `position` with `angle` (rad) and swept along `direction` (any length but zero) for up to
   * `maxDistance` m without turning: `{ body, shape, distance, point, normal }` (the normal the hit
   * surface's, pointing toward the swept shape), or null. Distance 0 when it starts in contact with a
   * shape and moves into it; a shape it starts in contact with and moves away from is no hit.
   * `options.ignoreInitialOverlap` (ShapeCastOptions2D) chooses otherwise: false, every shape it starts in
   * contact with is a hit at 0 (the deepest, its normal the penetration axis; also `stopAtPenetration:
   * true`); true, none is. Given `out` (a hit an earlier castShape returned, or any object of that form),
   * the hit is written into it and it is returned: then the query allocates nothing.
   */
  castShape(
    shape: Shape2DOptions | Shape2D, position: Vector2Input, angle: number, direction: Vector2Input, maxDistance: number,
    options?: ShapeCastOptions2D, out?: RayHit2D,
  ): RayHit2D | null {
    const where = 'castShape';
    const p = readFiniteVector(where, 'position', position, 2, this.castPosition);
    const a = requireFinite(where, 'angle', angle);
    const d = readDirection2D(where, 'direction', direction, this.castDirection);
    if (typeof maxDistance !== 'number' || !Number.isFinite(maxDistance) || !(maxDistance >= 0)) {
      throw new RangeError(`${where}: maxDistance must be a finite number ≥ 0, got ${show(maxDistance)}`);
    }
    if (out !== undefined && (out === null || typeof out !== 'object' || !isVector2(out.point) || !isVector2(out.normal))) {
      throw new TypeError(`${where}: out must be a hit { body, shape, distance, point, normal } with point and normal Float64Arrays of 2 numbers, got ${show(out)}`);
    }
    this.queryDepth++;
    try {
      return this.queries().castShape(where, shape, p, a, d, maxDistance, options, out);
    } finally {
      this.queryDepth--;
    }
  }
  /** castShape's arguments, read into these (a query allocates nothing). */
  private readonly castPosition = new Float64Array(2);
  private readonly castDirection = new Float64Array(2);

  /**
   * The shape nearest `point` (world, m) and the point of it nearest there: `{ body, shape, point, normal,
   * distance, inside }` (PointProjection2D), or null when no shape is within `options.maxDistance`. A point
   * inside a shape projects onto itself at distance 0 unless `options.solid` is false (then onto the
   * surface). `options` also chooses the shapes seen as the other queries' do.
   */
  projectPoint(point: Vector2Input, options?: PointProjectionOptions2D): PointProjection2D | null {
    const where = 'projectPoint';
    const p = readFiniteVector(where, 'point', point, 2, this.castPosition);
    this.queryDepth++;
    try {
      return this.queries().projectPoint(where, p, options);
    } finally {
      this.queryDepth--;
    }
  }

  /** Every shape whose bounds overlap the box from `min` to `max` (world, m): `{ body, shape }` in body and
   * shape order. */
  queryAABB(min: Vector2Input, max: Vector2Input, options?: QueryOptions2D): ShapeOverlap2D[] {
    const where = 'queryAABB';
    const lower = readFiniteVector(where, 'min', min, 2, new Float64Array(2));
    const upper = readFiniteVector(where, 'max', max, 2, new Float64Array(2));
    for (let k = 0; k < 2; k++) {
      if (lower[k] > upper[k]) throw new RangeError(`${where}: min must not exceed max, got min[${k}] = ${show(lower[k])} > max[${k}] = ${show(upper[k])}`);
    }
    this.queryDepth++;
    try {
      return this.queries().queryAABB(where, lower, upper, options);
    } finally {
      this.queryDepth--;
    }
  }

  private sceneQueries: SceneQueries2D | null = null;
  /** The queries, over a broadphase brought up to date with the bodies as they are now (once after each
   * step, the bodies the step moved; and the bodies the user moved). */
  private queries(): SceneQueries2D {
    this.contactSet.refresh(this.registry.simulatedBodies, this.registry.activeJoints, this.registry.structureVersion, this.stepCount);
    // a query from another's predicate gets state of its own (the other's is in the middle of its walk)
    if (this.queryDepth > 1) return new SceneQueries2D(this.contactSet.broadphase);
    return (this.sceneQueries ??= new SceneQueries2D(this.contactSet.broadphase));
  }

  /** @internal A body's centre of mass moved by `shift` (its axes) and its shapes about it (Body2D.addShape,
   * removeShape; ShapeListener2D): the joints' anchors on it follow. */
  centreMoved(body: Body2D, shift: Float64Array): void {
    for (const joint of this.registry.joints) if (joint.bodyA === body || joint.bodyB === body) joint.centreMoved(body, shift);
    this.contactSet.broadphase.notePoseEdit(body);
  }
  /** @internal Before a body's shapes change (Body2D.addShape, removeShape; ShapeListener2D): what touches
   * it wakes, and its contacts end (their end events come with the next step's; those still touching
   * begin again). */
  shapesChanging(body: Body2D, _from: number): void {
    this.contactSet.wakeTouching(body);
    this.contactSet.forgetBody(body);
  }
  /** @internal After: the broadphase follows at the next step or query (BroadPhase2D.sync). */
  shapesChanged(_body: Body2D): void {
    this.registry.changed();
  }

  /** Kinetic plus gravitational potential energy of the dynamic bodies (invalid ones left out), J. */
  getEnergy(): number {
    let energy = 0;
    const g = this.gravity;
    for (const body of this.registry.simulatedBodies) {
      if (!body.isDynamic) continue;
      const x = body.position;
      energy += body.getKineticEnergy() - body.mass * body.gravityScale * (g[0] * x[0] + g[1] * x[1]);
    }
    return energy;
  }

  protected isBody(value: unknown): value is Body2D {
    return value instanceof Body2D;
  }
}

/** Whether a value is a Float64Array of 2 numbers (castShape's `out.point` and `out.normal`). */
function isVector2(value: unknown): boolean {
  return value instanceof Float64Array && value.length === 2;
}
