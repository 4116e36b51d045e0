// World: owns bodies and joints and advances them with step(dt). This is the library's public API;
// the math lives in joints/ and the solver in solver/. What World2D shares with it (settings, removal,
// the step's stages, breaking, snapshots) is in world-core.ts and the files beside it; this class adds
// shapes, contacts (their stages in the step and their callbacks: world-contacts.ts), queries and
// continuous collision.

import { Body, type BodyOptions } from '../body/body.js';
import type { BallJoint, BallJointOptions } from '../joints/ball-joint.js';
import type { Joint } from '../joints/joint.js';
import type { MouseJoint, MouseJointOptions } from '../joints/mouse-joint.js';
import type { OrientationJoint, OrientationJointOptions } from '../joints/orientation-joint.js';
import type { WeldJoint, WeldJointOptions } from '../joints/weld-joint.js';
import type { HingeJoint, HingeJointOptions } from '../joints/hinge-joint.js';
import type { PrismaticJoint, PrismaticJointOptions } from '../joints/prismatic-joint.js';
import type { DistanceJoint, DistanceJointOptions } from '../joints/distance-joint.js';
import { JOINT_DEFINITIONS, jointDefinition } from '../joints/joint-definitions.js';
import { RigidBodyIntegrator } from '../solver/integrate.js';
import type { SolverSettings } from '../solver/step-parts.js';
import { TreeBodyModel3D } from '../solver/direct/tree-body-model.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { makeReadOnly } from '../util/read-only.js';
import { WorldContacts, type ContactBeginEvent, type SensorEvent } from './world-contacts.js';
import { WorldCore, type SnapshotBody, type WorldSnapshot } from './world-core.js';
import { CORE_WORLD_OPTION_KEYS, DEFAULT_SOLVER_SETTINGS, type CoreWorldOptions } from './settings.js';
import type { JointBreakEventOf } from './events.js';
import type { StateReader, StateWriter } from '../util/state.js';
import {
  readCallback, readDirection, readFiniteVector, readGravity, readUnitQuaternion, requireBoolean,
  requireInteger, requireNonNegative, show,
} from '../util/validate.js';
import { requireFiniteState } from '../util/restore-check.js';
import { writeShape } from './structure-hash.js';
import { SceneQueries, type QueryOptions, type RayHit, type ShapeCastOptions, type ShapeOverlap, type SweepHit } from '../collision/queries.js';
import { CharacterController, type CharacterControllerOptions } from '../character/character-controller.js';
import { ContactSet, type ShapePair } from '../collision/contact-set.js';
import { CCD_SPEED_THRESHOLD, ContinuousCollision } from '../collision/continuous.js';
import { PreSolvePair } from '../collision/pre-solve.js';
import type { Shape, ShapeOptions } from '../geometry/shape.js';
import { RESTITUTION_THRESHOLD, type ContactConstraint } from '../collision/contact-constraint.js';
import type { BodyInvalidEventOf } from '../body/invalid-bodies.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export type { ContactBeginEvent, SensorEvent } from './world-contacts.js';

export interface WorldOptions extends CoreWorldOptions<Joint, Body> {
  /** m/s². Default [0, −9.81, 0]. */
  gravity?: Vector3Input;
  /** Integrate the gyroscopic term ω × Iω implicitly. Default true. */
  gyroscopic?: boolean;
  /** Called after each step for each pair of shapes that began touching in it (see ContactBeginEvent). */
  onContactBegin?: ((event: ContactBeginEvent) => void) | null;
  /** Called after each step for each pair of shapes that stopped touching in it. */
  onContactEnd?: ((event: ShapePair) => void) | null;
  /** Called after each step for each shape that began overlapping a sensor shape in it. */
  onSensorBegin?: ((event: SensorEvent) => void) | null;
  onSensorEnd?: ((event: SensorEvent) => void) | null;
  /**
   * Contacts closing slower than this, m/s, do not bounce, whatever their restitution (Box2D's
   * restitution threshold): resting and sliding contacts stay put. Default 1 (RESTITUTION_THRESHOLD).
   */
  restitutionThreshold?: number;
  /**
   * Called during each step for each contact the step is about to solve (touching, or within the
   * speculative margin), in the order they are solved: return false to leave it out of this step (a
   * one-way platform), or set the pair's friction, restitution and tangentVelocity (a conveyor belt).
   * It must not add or remove bodies or joints. See PreSolvePair.
   */
  onPreSolve?: ((pair: PreSolvePair) => boolean | void) | null;
  /**
   * Dynamic bodies whose points move faster than this, m/s (|v| + |ω| · extent), and more than half their
   * thinnest shape's inner radius in a step, get continuous collision without `ccd` (BodyOptions.ccd,
   * collision/continuous.ts; docs/shapes-and-contacts.md, "Continuous collision"). Infinity: only bodies with `ccd`. Default
   * 50 (CCD_SPEED_THRESHOLD).
   */
  ccdSpeedThreshold?: number;
}

const WORLD_OPTION_KEYS: readonly string[] = [
  ...CORE_WORLD_OPTION_KEYS,
  ...optionKeys<Omit<WorldOptions, keyof CoreWorldOptions<Joint>>>({
    gravity: true, gyroscopic: true, onContactBegin: true, onContactEnd: true, onSensorBegin: true, onSensorEnd: true,
    restitutionThreshold: true, onPreSolve: true, ccdSpeedThreshold: true,
  }),
];

export { DEFAULT_JOINT_SOLVER, JOINT_SOLVERS, type JointSolverKind } from './settings.js';
export type { AdvanceResult } from './clock.js';

export type JointBreakEvent = JointBreakEventOf<Joint>;
/** world.onBodyInvalid's event (invalid-bodies.ts). */
export type BodyInvalidEvent = BodyInvalidEventOf<Body>;


/** The defaults, chosen by measurement (docs/solver.md, "The solver"). */
export const DEFAULT_WORLD_SETTINGS: Readonly<SolverSettings & { gyroscopic: boolean }> = Object.freeze({
  ...DEFAULT_SOLVER_SETTINGS,
  gyroscopic: true,
});


export class World extends WorldCore<Body, Joint> {
  readonly ground: Body;
  protected readonly bodyClassName = 'Body';
  private readonly integrator: RigidBodyIntegrator;

  constructor(options: WorldOptions = {}) {
    const where = 'World';
    checkOptionKeys(where, options, WORLD_OPTION_KEYS);
    const gravity = new Float64Array([0, -9.81, 0]);
    if (options !== null && typeof options === 'object' && options.gravity !== undefined) {
      readGravity(where, 'gravity', options.gravity, 3, gravity);
    }
    const integrator = new RigidBodyIntegrator();
    if (options !== null && typeof options === 'object' && options.gyroscopic !== undefined) {
      integrator.gyroscopic = requireBoolean(where, 'gyroscopic', options.gyroscopic);
    }
    super(where, options, gravity, integrator, new TreeBodyModel3D());
    this.stages = new WorldContacts(this, this.contactSet, this.continuous, this.registry, this.pipeline);
    this.pipeline.contacts = this.stages;
    this.integrator = integrator;
    this.pipeline.stepContext.restitutionThreshold = RESTITUTION_THRESHOLD;
    if (options !== null && typeof options === 'object') {
      this.onContactBegin = readCallback(where, 'onContactBegin', options.onContactBegin);
      this.onContactEnd = readCallback(where, 'onContactEnd', options.onContactEnd);
      this.onSensorBegin = readCallback(where, 'onSensorBegin', options.onSensorBegin);
      this.onSensorEnd = readCallback(where, 'onSensorEnd', options.onSensorEnd);
      if (options.restitutionThreshold !== undefined) this.restitutionThreshold = options.restitutionThreshold;
      if (options.ccdSpeedThreshold !== undefined) this.continuous.speedThreshold = readSpeedThreshold(where, options.ccdSpeedThreshold);
      this.onPreSolve = readCallback(where, 'onPreSolve', options.onPreSolve);
    }
    this.ground = new Body(0, { type: 'static' }, this, this.registry.arena);
    this.registry.arena.takeAllocated(); // the ground's slices: never released
    makeReadOnly(this as World, ['ground', 'gravity']);
  }

  /** Integrate the gyroscopic term ω × Iω implicitly (default true). */
  get gyroscopic(): boolean {
    return this.integrator.gyroscopic;
  }
  set gyroscopic(value: boolean) {
    this.requireOutsideStep('gyroscopic');
    this.integrator.gyroscopic = requireBoolean('gyroscopic', 'gyroscopic', value);
  }

  /** Contacts closing slower than this, m/s, do not bounce (WorldOptions.restitutionThreshold). */
  get restitutionThreshold(): number {
    return this.pipeline.stepContext.restitutionThreshold;
  }
  set restitutionThreshold(value: number) {
    this.requireOutsideStep('restitutionThreshold');
    this.pipeline.stepContext.restitutionThreshold = requireNonNegative('restitutionThreshold', 'restitutionThreshold', value);
  }

  /** Bodies faster than this (m/s) get continuous collision without `ccd` (WorldOptions.ccdSpeedThreshold). */
  get ccdSpeedThreshold(): number {
    return this.continuous.speedThreshold;
  }
  set ccdSpeedThreshold(value: number) {
    this.requireOutsideStep('ccdSpeedThreshold');
    this.continuous.speedThreshold = readSpeedThreshold('ccdSpeedThreshold', value);
  }

  /** A world continuing bit for bit from `world.snapshot()` (callbacks and userData are not kept). */
  static restore(snapshot: WorldSnapshot): World {
    const world = new World();
    world.restoreFrom('World.restore', snapshot);
    return world;
  }
  /** @internal */
  readonly snapshotFormat = 'sinew-world' as const;
  private readonly contactSet = new ContactSet();
  /** Continuous collision for fast bodies (collision/continuous.ts). */
  private readonly continuous = new ContinuousCollision();

  /** The step's contact stages and the contact callbacks (world-contacts.ts). */
  private readonly stages: WorldContacts;

  /** Called after each step for each pair of shapes that began touching (WorldOptions.onContactBegin).
   * Callbacks run after the step: they may remove bodies and joints. */
  get onContactBegin(): ((event: ContactBeginEvent) => void) | null {
    return this.stages.onContactBegin;
  }
  set onContactBegin(value: ((event: ContactBeginEvent) => void) | null) {
    this.stages.onContactBegin = readCallback('onContactBegin', 'onContactBegin', value);
  }
  get onContactEnd(): ((event: ShapePair) => void) | null {
    return this.stages.onContactEnd;
  }
  set onContactEnd(value: ((event: ShapePair) => void) | null) {
    this.stages.onContactEnd = readCallback('onContactEnd', 'onContactEnd', value);
  }
  get onSensorBegin(): ((event: SensorEvent) => void) | null {
    return this.stages.onSensorBegin;
  }
  set onSensorBegin(value: ((event: SensorEvent) => void) | null) {
    this.stages.onSensorBegin = readCallback('onSensorBegin', 'onSensorBegin', value);
  }
  get onSensorEnd(): ((event: SensorEvent) => void) | null {
    return this.stages.onSensorEnd;
  }
  set onSensorEnd(value: ((event: SensorEvent) => void) | null) {
    this.stages.onSensorEnd = readCallback('onSensorEnd', 'onSensorEnd', value);
  }
  /** The contact hook (WorldOptions.onPreSolve), or null. */
  get onPreSolve(): ((pair: PreSolvePair) => boolean | void) | null {
    return this.stages.onPreSolve;
  }
  set onPreSolve(value: ((pair: PreSolvePair) => boolean | void) | null) {
    this.stages.onPreSolve = readCallback('onPreSolve', 'onPreSolve', value);
  }





  /** The touching contacts (each a manifold of up to 4 points between two shapes) after the last step,
   * in a fixed order; those of sleeping islands included, as they were when the island fell asleep. They
   * are the solver's own, read-only to the compiler: to change a contact, use a shape's friction and
   * restitution, or onPreSolve. */
  get contacts(): readonly Readonly<ContactConstraint>[] {
    return this.contactSet.touching;
  }
  /** Pairs of overlapping shapes the last step's contact search turned away at its bounds on pairs
   * (bodies created inside each other: README, "Limits"), to be looked for again as they are pushed
   * apart; 0 in any ordinary scene (0 before the first step). */
  get lastStepDroppedPairs(): number {
    return this.contactSet.droppedPairs;
  }
  // One number of flags: 1 gyroscopic, 2 the direct solver, 4 contacts follow, 8 a restitution threshold
  // other than the default follows, 16 a ccdSpeedThreshold other than the default follows (so a world
  // without them reads and hashes as before); then those thresholds, then the contacts' impulses
  // (ContactSet.save), sleeping ones included.
  /** @internal */
  saveWorldExtras(writer: StateWriter): void {
    const contacts = this.contactSet.touching.length > 0 || this.contactSet.sensing.length > 0;
    const threshold = this.restitutionThreshold !== RESTITUTION_THRESHOLD;
    const ccd = this.ccdSpeedThreshold !== CCD_SPEED_THRESHOLD;
    writer.write((this.integrator.gyroscopic ? 1 : 0) + (this.solver === 'direct' ? 2 : 0) + (contacts ? 4 : 0) + (threshold ? 8 : 0) + (ccd ? 16 : 0));
    if (threshold) writer.write(this.restitutionThreshold);
    if (ccd) writer.write(this.ccdSpeedThreshold);
    if (contacts) this.contactSet.save(writer);
  }
  private pendingContacts: number[] | null = null;
  /** @internal */
  loadWorldExtras(reader: StateReader, _version: number, where: string): void {
    const flags = requireInteger(where, 'settings.flags', reader.read(), 0, 31);
    this.integrator.gyroscopic = (flags & 1) !== 0;
    this.solver = (flags & 2) !== 0 ? 'direct' : 'iterative';
    this.pipeline.stepContext.restitutionThreshold = (flags & 8) !== 0
      ? requireNonNegative(where, 'settings.restitutionThreshold', reader.read())
      : RESTITUTION_THRESHOLD;
    this.continuous.speedThreshold = (flags & 16) !== 0 ? readSpeedThreshold(`${where}: settings`, reader.read()) : CCD_SPEED_THRESHOLD;
    reader.context = `${where}: contacts`;
    this.pendingContacts = (flags & 4) !== 0 ? ContactSet.read(reader) : null;
  }
  /** @internal */
  override afterRestore(where: string): void {
    if (this.pendingContacts !== null) {
      ContactSet.check(where, this.pendingContacts, this.registry.bodies);
      this.contactSet.restore(this.pendingContacts, this.registry.bodies);
      requireFiniteState(where, 'contacts', (writer) => this.contactSet.save(writer));
    }
    this.pendingContacts = null;
  }
  /** @internal */
  override writeBodyStructure(writer: StateWriter, body: Body): void {
    super.writeBodyStructure(writer, body);
    writer.write(body.shapes.length);
    for (const shape of body.shapes) writeShape(writer, shape);
  }
  /** @internal */
  override describeBody(body: Body): SnapshotBody {
    return body.shapes.length === 0 ? { id: body.id, type: body.type } : { id: body.id, type: body.type, shapes: body.shapes.map((shape) => shape.describe()) };
  }
  /** @internal */
  createPlaceholderBody(entry: SnapshotBody): Body {
    // an inertia given: the shapes stay where the snapshot put them (about the centre of mass)
    const type = entry.type;
    return this.createBody(entry.shapes === undefined ? { type } : { type, shapes: entry.shapes, inertia: type === 'dynamic' ? [1, 1, 1] : undefined });
  }
  /** @internal */
  createPlaceholderJoint(type: string, bodyA: Body, bodyB: Body): Joint {
    const definition = jointDefinition(type);
    if (definition === undefined) throw new RangeError(`World.restore: unknown joint type ${JSON.stringify(type)}`);
    return this.addJoint(definition.placeholder(this.jointContext, bodyA, bodyB));
  }

  createBody(options: BodyOptions = {}): Body {
    return this.addBody(new Body(this.registry.nextBodyId, options, this, this.registry.arena));
  }

  /**
   * A negative collision filter group (ShapeOptions.group) that no shape of this world has and that this
   * world has not handed out before: shapes given it never collide with each other (createRagdoll gives
   * one to each ragdoll). The world's shapes decide it, so a world restored from a snapshot hands out
   * groups past the ones its saved shapes use, and the same scene built twice gets the same groups.
   */
  createFilterGroup(): number {
    let lowest = this.lastFilterGroup;
    for (const body of this.bodies) for (const shape of body.shapes) if (shape.group < lowest) lowest = shape.group;
    if (lowest > -0x7fffffff) return (this.lastFilterGroup = lowest - 1);
    // Past −(2³¹ − 1): the first negative group no shape has.
    const used = new Set<number>();
    for (const body of this.bodies) for (const shape of body.shapes) used.add(shape.group);
    for (let group = -1; group >= -0x7fffffff; group--) if (!used.has(group)) return group;
    throw new RangeError('createFilterGroup: every negative filter group is in use');
  }
  /** The last group createFilterGroup handed out (0 for none). */
  private lastFilterGroup = 0;

  // ---- scene queries (collision/queries.ts): through the broadphase's trees ----

  /**
   * The nearest shape the ray from `origin` along `direction` (any length but zero) hits within
   * `maxDistance` (m, default Infinity), or null: its body and shape, the distance, the point and the
   * outward surface normal, world space. A ray that starts inside a shape hits it at distance 0.
   * `options` chooses the shapes seen (QueryOptions: filter, exclude, predicate, includeSensors).
   */
  castRay(origin: Vector3Input, direction: Vector3Input, maxDistance = Infinity, options?: QueryOptions): RayHit | null {
    const where = 'castRay';
    const [o, d] = readRay(where, origin, direction, maxDistance);
    this.queryDepth++;
    try {
      return this.queries().castRay(where, o, d, maxDistance, options);
    } finally {
      this.queryDepth--;
    }
  }

  /** Every shape the ray hits within `maxDistance`, nearest first (ties in body and shape order); as castRay. */
  castRayAll(origin: Vector3Input, direction: Vector3Input, maxDistance = Infinity, options?: QueryOptions): RayHit[] {
    const where = 'castRayAll';
    const [o, d] = readRay(where, origin, direction, maxDistance);
    this.queryDepth++;
    try {
      return this.queries().castRayAll(where, o, d, maxDistance, options);
    } finally {
      this.queryDepth--;
    }
  }

  /**
   * Every shape that `shape` (shape options as in createBody, or a body's Shape), placed at `position`
   * with `orientation` (a unit quaternion), overlaps or touches: `{ body, shape }` in body and shape
   * order.
   */
  overlapShape(shape: ShapeOptions | Shape, position: Vector3Input, orientation: QuaternionInput, options?: QueryOptions): ShapeOverlap[] {
    const where = 'overlapShape';
    const p = readFiniteVector(where, 'position', position, 3, new Float64Array(3));
    const q = readUnitQuaternion(where, 'orientation', orientation, new Float64Array(4));
    this.queryDepth++;
    try {
      return this.queries().overlapShape(where, shape, p, q, options);
    } finally {
      this.queryDepth--;
    }
  }

  /**
   * The first shape hit by `shape` (shape options as in createBody, or a body's Shape) placed at
   * `position` with `orientation` (a unit quaternion) and swept along `direction` (any length but zero)
   * for up to `maxDistance` m without turning: `{ body, shape, distance, point, normal }` (the normal
   * the hit surface's, pointing toward the swept shape), or null. Distance 0 when it starts in contact
   * with a shape and moves into it; a shape it starts in contact with and moves away from is no hit,
   * unless `options.stopAtPenetration` (ShapeCastOptions). Given `out` (a hit an earlier castShape
   * returned, or any object of that form), the hit is written into it and it is returned: then the
   * query allocates nothing.
   */
  castShape(
    shape: ShapeOptions | Shape, position: Vector3Input, orientation: QuaternionInput, direction: Vector3Input, maxDistance: number,
    options?: ShapeCastOptions, out?: RayHit,
  ): RayHit | null {
    const where = 'castShape';
    const p = readFiniteVector(where, 'position', position, 3, this.castPosition);
    const q = readUnitQuaternion(where, 'orientation', orientation, this.castOrientation);
    const d = readDirection(where, 'direction', direction, this.castDirection);
    if (typeof maxDistance !== 'number' || !Number.isFinite(maxDistance) || !(maxDistance >= 0)) {
      throw new RangeError(`${where}: maxDistance must be a finite number ≥ 0, got ${show(maxDistance)}`);
    }
    if (out !== undefined && (out === null || typeof out !== 'object' || !isVector3(out.point) || !isVector3(out.normal))) {
      throw new TypeError(`${where}: out must be a hit { body, shape, distance, point, normal } with point and normal Float64Arrays of 3 numbers, got ${show(out)}`);
    }
    this.queryDepth++;
    try {
      return this.queries().castShape(where, shape, p, q, d, maxDistance, options, out);
    } finally {
      this.queryDepth--;
    }
  }
  /** castShape's arguments, read into these (a query allocates nothing). */
  private readonly castPosition = new Float64Array(3);
  private readonly castOrientation = new Float64Array(4);
  private readonly castDirection = new Float64Array(3);

  /** Every shape whose bounds overlap the box from `min` to `max` (world, m): `{ body, shape }` in body
   * and shape order. */
  queryAABB(min: Vector3Input, max: Vector3Input, options?: QueryOptions): ShapeOverlap[] {
    const where = 'queryAABB';
    const lower = readFiniteVector(where, 'min', min, 3, new Float64Array(3));
    const upper = readFiniteVector(where, 'max', max, 3, new Float64Array(3));
    for (let k = 0; k < 3; k++) {
      if (lower[k] > upper[k]) throw new RangeError(`${where}: min must not exceed max, got min[${k}] = ${show(lower[k])} > max[${k}] = ${show(upper[k])}`);
    }
    this.queryDepth++;
    try {
      return this.queries().queryAABB(where, lower, upper, options);
    } finally {
      this.queryDepth--;
    }
  }

  /** @internal castShape for the character controller: a built shape, the default filter (sensors
   * skipped), the `excluded` bodies left out, the hit written into `out` without allocating; a contact
   * the sweep starts in and moves away from is not a hit (SceneQueries.sweep). Nothing is checked. */
  sweepShape(
    shape: Shape, position: Float64Array, orientation: Float64Array, direction: Float64Array, maxDistance: number, excluded: readonly Body[],
    out: SweepHit,
  ): boolean {
    return this.queries().sweep(shape, position, orientation, direction, maxDistance, excluded, out);
  }

  /**
   * A kinematic character controller (character/character-controller.ts): it moves kinematic bodies
   * carrying a capsule through the level by collide-and-slide, climbing slopes and stairs, snapping to
   * the ground, pushing dynamic bodies and riding kinematic ones. Each frame, `controller.move(body,
   * displacement)` and then `world.step(dt)`. Every option is checked; see CharacterControllerOptions.
   */
  createCharacterController(options: CharacterControllerOptions): CharacterController {
    return new CharacterController(this, options);
  }

  private sceneQueries: SceneQueries | null = null;
  /** The queries, over a broadphase brought up to date with the bodies as they are now. */
  private queries(): SceneQueries {
    this.contactSet.refresh(this.registry.simulatedBodies, this.registry.activeJoints, this.registry.structureVersion, this.stepCount);
    return (this.sceneQueries ??= new SceneQueries(this.contactSet.broadphase));
  }

  /** @internal Body.setPosition and setOrientation: the broadphase re-bounds the body. */
  poseEdited(body: Body): void {
    this.contactSet.broadphase.notePoseEdit(body);
  }

  /** Ball joint (3 rows) at a world-space anchor, optionally with a swing cone, a twist range and
   * friction (the ragdoll joint). */
  createBallJoint(options: BallJointOptions): BallJoint {
    return this.createJoint(JOINT_DEFINITIONS.ball, options);
  }

  /** Hinge joint (5 rows) about a world-space axis through an anchor, with optional limits, motor or
   * servo, and friction. */
  createHingeJoint(options: HingeJointOptions): HingeJoint {
    return this.createJoint(JOINT_DEFINITIONS.hinge, options);
  }

  /** Prismatic (slider) joint (5 rows) along a world-space axis, with optional limits, motor or servo,
   * and friction. */
  createPrismaticJoint(options: PrismaticJointOptions): PrismaticJoint {
    return this.createJoint(JOINT_DEFINITIONS.prismatic, options);
  }

  /** Distance joint (1 row) between two world-space anchors: a rod, a rope or a spring. */
  createDistanceJoint(options: DistanceJointOptions): DistanceJoint {
    return this.createJoint(JOINT_DEFINITIONS.distance, options);
  }

  /** Orientation joint (3 rows): keeps B's current orientation relative to A. */
  createOrientationJoint(options: OrientationJointOptions): OrientationJoint {
    return this.createJoint(JOINT_DEFINITIONS.orientation, options);
  }

  /** Weld joint (6 rows, solved as one block) at a world-space anchor. */
  createWeldJoint(options: WeldJointOptions): WeldJoint {
    return this.createJoint(JOINT_DEFINITIONS.weld, options);
  }

  /**
   * Mouse joint: a spring (default 5 Hz, damping ratio 0.7) pulling a point of a dynamic body toward a
   * target you move with setTarget, its force capped at maxForce. How a user drags a body.
   */
  createMouseJoint(options: MouseJointOptions): MouseJoint {
    return this.createJoint(JOINT_DEFINITIONS.mouse, options);
  }

  /** Kinetic plus gravitational potential energy of the dynamic bodies (invalid ones left out), J. */
  getEnergy(): number {
    let energy = 0;
    const g = this.gravity;
    for (const body of this.registry.simulatedBodies) {
      if (!body.isDynamic) continue;
      const x = body.position;
      energy += body.getKineticEnergy() - body.mass * body.gravityScale * (g[0] * x[0] + g[1] * x[1] + g[2] * x[2]);
    }
    return energy;
  }

  protected isBody(value: unknown): value is Body {
    return value instanceof Body;
  }
}

/** A speed threshold, m/s: a number ≥ 0, Infinity allowed (none). */
function readSpeedThreshold(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0)) throw new RangeError(`${where}: ccdSpeedThreshold must be a number ≥ 0 (m/s; Infinity: none), got ${show(value)}`);
  return value;
}

/** A ray's origin and unit direction, with maxDistance checked. */
function readRay(where: string, origin: Vector3Input, direction: Vector3Input, maxDistance: unknown): [Float64Array, Float64Array] {
  const o = readFiniteVector(where, 'origin', origin, 3, new Float64Array(3));
  const d = readDirection(where, 'direction', direction, new Float64Array(3));
  if (typeof maxDistance !== 'number' || !(maxDistance >= 0)) throw new RangeError(`${where}: maxDistance must be ≥ 0, got ${show(maxDistance)}`);
  return [o, d];
}

/** Whether a value is a Float64Array of 3 numbers (castShape's `out.point` and `out.normal`). */
function isVector3(value: unknown): boolean {
  return value instanceof Float64Array && value.length === 3;
}
