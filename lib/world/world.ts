// World: owns bodies and joints and advances them with step(dt). This is the library's public API;
// the math lives in joints/ and the solver in solver/. It is a BasicWorld (basic-world.ts: bodies,
// contacts and their callbacks, joints by definition, the step) of every shape type, with continuous
// collision, and adds what an app names through it: a create…Joint method per joint type, the scene
// queries (collision/queries.ts), the character controller, snapshots and the hash (snapshot.ts). What
// World2D shares with it (settings, removal, the step's stages, breaking) is in world-core.ts and the
// files beside it.

import { checkContacts, readContacts, restoreContacts, saveContacts } from '../collision/contact-snapshot.js';
import type { BodyStateIO } from '../body/core-body.js';
import { BODY_STATE_IO } from '../body/body-state-io.js';
import type { Body } from '../body/body.js';
import type { BallJoint, BallJointOptions } from '../joints/ball-joint.js';
import type { Joint } from '../joints/joint.js';
import type { MouseJoint, MouseJointOptions } from '../joints/mouse-joint.js';
import type { PulleyJoint, PulleyJointOptions } from '../joints/pulley-joint.js';
import type { GearJoint, GearJointOptions } from '../joints/gear-joint.js';
import type { SixDofJoint, SixDofJointOptions } from '../joints/six-dof-joint.js';
import type { MotorJoint, MotorJointOptions } from '../joints/motor-joint.js';
import type { WheelJoint, WheelJointOptions } from '../joints/wheel-joint.js';
import { VehicleController, type VehicleControllerOptions } from '../vehicle/vehicle-controller.js';
import type { OrientationJoint, OrientationJointOptions } from '../joints/orientation-joint.js';
import type { WeldJoint, WeldJointOptions } from '../joints/weld-joint.js';
import type { HingeJoint, HingeJointOptions } from '../joints/hinge-joint.js';
import type { PrismaticJoint, PrismaticJointOptions } from '../joints/prismatic-joint.js';
import type { DistanceJoint, DistanceJointOptions } from '../joints/distance-joint.js';
import { JOINT_DEFINITIONS, jointDefinition } from '../joints/joint-definitions.js';
import { optionKeys } from '../util/option-keys.js';
import { BasicWorld, readSpeedThreshold, type BasicWorldOptions } from './basic-world.js';
import { CORE_WORLD_OPTION_KEYS, type CoreWorldOptions } from './settings.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { readDirection, readFiniteVector, readUnitQuaternion, requireInteger, requireNonNegative, show } from '../util/validate.js';
import { requireFiniteState } from '../util/restore-check.js';
import { writeBodyType, writeShape } from './structure-hash.js';
import { hashWorld, restoreWorld, takeSnapshot, type SnapshotBody, type WorldSnapshot } from './snapshot.js';
import type { Penetrations } from '../collision/penetrations.js';
import { SceneQueries, type PointProjection, type PointProjectionOptions, type QueryOptions, type RayHit, type ShapeCastOptions, type ShapeOverlap, type SweepHit } from '../collision/queries.js';
import { CharacterController, type CharacterControllerOptions } from '../character/character-controller.js';
import { ContactSet } from '../collision/contact-set.js';
import { CCD_SPEED_THRESHOLD, ContinuousCollision } from '../collision/continuous.js';
import { collisionTypes, SHAPE_KINDS } from '../collision/shape-kinds.js';
import type { Shape, ShapeOptions } from '../geometry/shape.js';
import { RESTITUTION_THRESHOLD } from '../collision/contact-constraint.js';
import type { Vector3Input, QuaternionInput } from '../util/vector-input.js';

export type { ContactBeginEvent, ContactForceEvent, SensorEvent } from './world-contacts.js';
export { DEFAULT_WORLD_SETTINGS } from './basic-world.js';

/** World's options: BasicWorld's but `shapes` and `continuous` (World takes every shape type and has
 * continuous collision). */
export interface WorldOptions extends Omit<BasicWorldOptions, 'shapes' | 'continuous'> {}

const WORLD_OPTION_KEYS: readonly string[] = [
  ...CORE_WORLD_OPTION_KEYS,
  ...optionKeys<Omit<WorldOptions, keyof CoreWorldOptions<Joint>>>({
    gravity: true, gyroscopic: true, onContactBegin: true, onContactEnd: true, onSensorBegin: true, onSensorEnd: true, onContactForce: true,
    restitutionThreshold: true, onPreSolve: true, ccdSpeedThreshold: true,
  }),
];

export { DEFAULT_JOINT_SOLVER, JOINT_SOLVERS, type JointSolverKind } from './settings.js';
export type { AdvanceResult } from './clock.js';

export type { JointBreakEvent, BodyInvalidEvent } from './basic-world.js';

export class World extends BasicWorld {
  constructor(options: WorldOptions = {}) {
    const where = 'World';
    super(options, {
      where, optionKeys: WORLD_OPTION_KEYS, collision: collisionTypes(where, 'shapes', SHAPE_KINDS), continuous: new ContinuousCollision(),
    });
  }

  /** A world continuing bit for bit from `world.snapshot()` (callbacks and userData are not kept). */
  static restore(snapshot: WorldSnapshot): World {
    const world = new World();
    world.restoreFrom('World.restore', snapshot);
    return world;
  }

  // ---- determinism and snapshots (snapshot.ts) ----

  /**
   * A 64-bit FNV-1a hash (16 hex digits) of everything that decides what the world does next: every
   * number the step reads (settings, time, bodies, joints with their impulses, limits and broken flags,
   * contacts) and the structure a snapshot lists beside them (each body's type, each shape's kind,
   * geometry, pose, density, material, filter and sensor flag, each joint's type and bodies): what a
   * snapshot keeps. Two worlds hash alike exactly when their states are bitwise identical; the step is
   * deterministic (docs/determinism-and-snapshots.md, "Determinism"). Not hashed, as not snapshotted: callbacks, userData and
   * advance()'s clock (fixedTimeStep, maxStepsPerFrame, the time it holds over). Cheap enough to call
   * every frame: a shape's geometry is digested once.
   */
  hash(): string {
    return hashWorld(this);
  }

  /** The world's complete state as plain data; `restore` continues from it bit for bit. */
  snapshot(): WorldSnapshot {
    return takeSnapshot(this);
  }

  /**
   * Fills this (new, empty) world from a snapshot, checking everything it reads as createBody, the
   * create*Joint calls and the constructor check their options (docs/determinism-and-snapshots.md, "Snapshots"): the first bad field
   * throws, naming its path in the snapshot. The world is a temporary one that World.restore hands out
   * only when all of it was read, so a refused snapshot changes nothing.
   */
  protected restoreFrom(where: string, snapshot: WorldSnapshot): void {
    restoreWorld(this, where, snapshot);
  }

  /** @internal */
  readonly snapshotFormat = 'sinew-world' as const;
  /** @internal */
  readonly bodyStateIO: BodyStateIO<Body> = BODY_STATE_IO;
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
    if (contacts) saveContacts(this.contactSet, writer);
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
    (this.continuous as ContinuousCollision).speedThreshold = (flags & 16) !== 0 ? readSpeedThreshold(`${where}: settings`, reader.read()) : CCD_SPEED_THRESHOLD;
    reader.context = `${where}: contacts`;
    this.pendingContacts = (flags & 4) !== 0 ? readContacts(reader) : null;
  }
  /** @internal */
  afterRestore(where: string): void {
    if (this.pendingContacts !== null) {
      checkContacts(where, this.pendingContacts, this.registry.bodies);
      restoreContacts(this.contactSet, this.pendingContacts, this.registry.bodies);
      requireFiniteState(where, 'contacts', (writer) => saveContacts(this.contactSet, writer));
    }
    this.pendingContacts = null;
  }
  /** @internal */
  readonly snapshotBodyKeys: readonly string[] = ['id', 'type', 'shapes', 'contactForceEventThreshold'];
  /** @internal What the hash reads of a body beside its state: its type and shapes (structure-hash.ts). */
  writeBodyStructure(writer: StateWriter, body: Body): void {
    writeBodyType(writer, body.type);
    writer.write(body.shapes.length);
    for (const shape of body.shapes) writeShape(writer, shape);
    // (only when set: a world without force thresholds hashes as it did before they existed)
    if (body._contactForceEventThreshold !== Infinity) writer.write(body._contactForceEventThreshold);
  }
  /** @internal */
  describeBody(body: Body): SnapshotBody {
    const entry: SnapshotBody = body.shapes.length === 0 ? { id: body.id, type: body.type } : { id: body.id, type: body.type, shapes: body.shapes.map((shape) => shape.describe()) };
    // (a snapshot is JSON, which has no Infinity: the default is left out)
    if (body._contactForceEventThreshold !== Infinity) entry.contactForceEventThreshold = body._contactForceEventThreshold;
    return entry;
  }
  /** @internal */
  createPlaceholderBody(entry: SnapshotBody): Body {
    // an inertia given: the shapes stay where the snapshot put them (about the centre of mass)
    const type = entry.type, contactForceEventThreshold = entry.contactForceEventThreshold;
    return this.createBody(
      entry.shapes === undefined ? { type, contactForceEventThreshold } : { type, shapes: entry.shapes, inertia: type === 'dynamic' ? [1, 1, 1] : undefined, contactForceEventThreshold },
    );
  }
  /** @internal */
  createPlaceholderJoint(type: string, bodyA: Body, bodyB: Body): Joint {
    const definition = jointDefinition(type);
    if (definition === undefined) throw new RangeError(`World.restore: unknown joint type ${JSON.stringify(type)}`);
    return this.addJoint(definition.placeholder(this.jointContext, bodyA, bodyB));
  }

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

  /** @internal castRay seeing every shape but those of `excluded`, for a batch of rays into reusable hits
   * (a vehicle's wheels, every step; SceneQueries.castRaysInto). The rays are the caller's, already
   * checked (unit directions). */
  castRaysInto(
    origins: Float64Array, directions: Float64Array, lengths: Float64Array, count: number, excluded: readonly Body[], out: readonly RayHit[], found: Uint8Array,
  ): void {
    this.queryDepth++;
    try {
      this.queries().castRaysInto(origins, directions, lengths, count, excluded, out, found);
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
   * with a shape and moves into it; a shape it starts in contact with and moves away from is no hit.
   * `options.ignoreInitialOverlap` (ShapeCastOptions) chooses otherwise: false, every shape it starts in
   * contact with is a hit at 0 (the deepest, its normal the penetration axis; also `stopAtPenetration:
   * true`); true, none is. Given `out` (a hit an earlier castShape
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

  /**
   * The shape nearest `point` (world, m) and the point of it nearest there (Rapier's projectPoint, Jolt's
   * CollidePoint with GetClosestPoint): `{ body, shape, point, normal, distance, inside }`
   * (PointProjection), or null when no shape is within `options.maxDistance`. A point inside a shape
   * projects onto itself at distance 0 unless `options.solid` is false (then onto the surface). Every
   * shape type exactly; `options` also chooses the shapes seen as the other queries' do (QueryOptions).
   */
  projectPoint(point: Vector3Input, options?: PointProjectionOptions): PointProjection | null {
    const where = 'projectPoint';
    const p = readFiniteVector(where, 'point', point, 3, this.castPosition);
    this.queryDepth++;
    try {
      return this.queries().projectPoint(where, p, options);
    } finally {
      this.queryDepth--;
    }
  }

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
   * the sweep starts in and moves away from is not a hit (SceneQueries.sweep); `tolerance`, m: how close
   * to touching a hit stops (default: gjk.ts shapeCast's). Nothing is checked. */
  sweepShape(
    shape: Shape, position: Float64Array, orientation: Float64Array, direction: Float64Array, maxDistance: number, excluded: readonly Body[],
    out: SweepHit, tolerance?: number,
  ): boolean {
    return this.queries().sweep(shape, position, orientation, direction, maxDistance, excluded, out, tolerance);
  }

  /** @internal The shapes within `margin` of a built shape at a pose, for the character controller
   * (SceneQueries.penetrations). Nothing is checked. */
  penetrations(
    shape: Shape, position: Float64Array, orientation: Float64Array, excluded: readonly Body[], margin: number, out: Penetrations,
  ): void {
    this.queries().penetrations(shape, position, orientation, excluded, margin, out);
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

  /**
   * A ray-cast vehicle on `chassis` (a dynamic body of this world): wheels as rays with suspension springs,
   * tyre friction, engine force, brakes and steering (lib/vehicle/vehicle-controller.ts, Bullet's raycast
   * vehicle). Call `vehicle.update(dt)` before each `world.step(dt)`.
   */
  createVehicleController(chassis: Body, options: VehicleControllerOptions): VehicleController {
    this.requireOwnBody('createVehicleController', 'chassis', chassis);
    return new VehicleController(this, chassis, options);
  }

  private sceneQueries: SceneQueries | null = null;
  /** The queries, over a broadphase brought up to date with the bodies as they are now. */
  private queries(): SceneQueries {
    this.contactSet.refresh(this.registry.simulatedBodies, this.registry.activeJoints, this.registry.structureVersion, this.stepCount);
    // a query from another's predicate gets state of its own (the other's is in the middle of its walk)
    if (this.queryDepth > 1) return new SceneQueries(this.contactSet.broadphase);
    return (this.sceneQueries ??= new SceneQueries(this.contactSet.broadphase));
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

  /** Pulley joint (1 row): a rope from A over a pulley at groundA and one at groundB down to B keeps
   * L_a + ratio L_b constant. */
  createPulleyJoint(options: PulleyJointOptions): PulleyJoint {
    return this.createJoint(JOINT_DEFINITIONS.pulley, options);
  }

  /** Gear joint (1 row): couples two hinges (θ̇_b = −ratio θ̇_a), or a hinge and a slider (a rack and
   * pinion), each joining a moving body to a static one. */
  createGearJoint(options: GearJointOptions): GearJoint {
    return this.createJoint(JOINT_DEFINITIONS.gear, options);
  }

  /** Six-DOF joint: each of the frames' three translations and three rotations free, locked, or driven
   * (limits, motor, servo, friction). */
  createSixDofJoint(options: SixDofJointOptions): SixDofJoint {
    return this.createJoint(JOINT_DEFINITIONS.sixDof, options);
  }

  /** Motor joint (6 rows): drives B's pose relative to A toward an offset with a capped force and torque
   * (Box2D's motor joint). */
  createMotorJoint(options: MotorJointOptions): MotorJoint {
    return this.createJoint(JOINT_DEFINITIONS.motor, options);
  }

  /** Wheel joint: a wheel (bodyB) on a chassis (bodyA), spinning about `axis`, on a suspension spring
   * along `suspensionAxis`, with a spin motor and steering. */
  createWheelJoint(options: WheelJointOptions): WheelJoint {
    return this.createJoint(JOINT_DEFINITIONS.wheel, options);
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
