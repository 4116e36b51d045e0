// BasicWorld: the 3D world made of what it is given. Bodies, contacts between the shape types of the
// kinds in its `shapes` option (collision/shape-kinds.ts), joints of any type made through their
// definitions (createJoint(BALL_JOINT_DEFINITION, …)), the step with its defaults (the direct solver,
// sleeping, contacts), the contact callbacks and onPreSolve, and continuous collision when given
// CONTINUOUS_COLLISION. World (world.ts) is a BasicWorld of every shape kind and continuous collision,
// with the scene queries, the character controller, snapshots and the hash, and a create…Joint method
// per joint type. A bundle holds what its worlds reach: an app of spheres and ball joints on a
// BasicWorld leaves out the other shapes, joints, queries, continuous collision, the character and
// snapshots (docs/bundle-size.md). What the worlds share with World2D is in world-core.ts.

import { Body, type BodyOptions } from '../body/body.js';
import type { Joint } from '../joints/joint.js';
import type { JointDefinition } from '../joints/joint-definition.js';
import { RigidBodyIntegrator } from '../solver/integrate.js';
import type { SolverSettings } from '../solver/step-parts.js';
import { TreeBodyModel3D } from '../solver/direct/tree-body-model.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { makeReadOnly } from '../util/read-only.js';
import { WorldContacts, type ContactBeginEvent, type ContactForceEvent, type SensorEvent } from './world-contacts.js';
import { WorldCore } from './world-core.js';
import { CORE_WORLD_OPTION_KEYS, DEFAULT_SOLVER_SETTINGS, type CoreWorldOptions } from './settings.js';
import { readCallback, readGravity, requireBoolean, requireNonNegative, show } from '../util/validate.js';
import { ContactSet, type ShapePair } from '../collision/contact-set.js';
import type { ContinuousCollision, ContinuousCollisionKind } from '../collision/continuous.js';
import type { PreSolvePair } from '../collision/pre-solve.js';
import { collisionTypes, type CollisionTypes, type ShapeKind } from '../collision/shape-kinds.js';
import type { Shape, ShapeTypeTable } from '../geometry/shape.js';
import { RESTITUTION_THRESHOLD, type ContactConstraint } from '../collision/contact-constraint.js';
import type { JointBreakEventOf } from './events.js';
import type { BodyInvalidEventOf } from '../body/invalid-bodies.js';
import type { Vector3Input } from '../util/vector-input.js';

export type { ContactBeginEvent, ContactForceEvent, SensorEvent } from './world-contacts.js';

export type JointBreakEvent = JointBreakEventOf<Joint>;
/** world.onBodyInvalid's event (invalid-bodies.ts). */
export type BodyInvalidEvent = BodyInvalidEventOf<Body>;

/** What BasicWorld and World take beside the settings both dimensions share (CoreWorldOptions). */
export interface BasicWorldOptions extends CoreWorldOptions<Joint, Body> {
  /** The shape types its bodies may have, as shape kinds (SPHERE_SHAPE, CAPSULE_SHAPE, BOX_SHAPE,
   * HULL_SHAPE, PLANE_SHAPE, TRIMESH_SHAPE, HEIGHTFIELD_SHAPE): any two of them collide. Default none
   * (bodies without shapes: joints alone). World takes them all. */
  shapes?: readonly ShapeKind[];
  /** CONTINUOUS_COLLISION: fast bodies are swept (WorldOptions.ccdSpeedThreshold, BodyOptions.ccd). Default
   * none: a body may pass through a thin shape in one step. World has it. */
  continuous?: ContinuousCollisionKind | null;
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
  /** Called after each step for each pair of shapes that pressed each other harder than the lower of
   * their bodies' contactForceEventThresholds in it (see ContactForceEvent). */
  onContactForce?: ((event: ContactForceEvent) => void) | null;
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
   * 50 (CCD_SPEED_THRESHOLD). A BasicWorld takes it with `continuous` only.
   */
  ccdSpeedThreshold?: number;
}

const BASIC_WORLD_OPTION_KEYS: readonly string[] = [
  ...CORE_WORLD_OPTION_KEYS,
  ...optionKeys<Omit<BasicWorldOptions, keyof CoreWorldOptions<Joint>>>({
    shapes: true, continuous: true, gravity: true, gyroscopic: true, onContactBegin: true, onContactEnd: true, onSensorBegin: true, onSensorEnd: true, onContactForce: true,
    restitutionThreshold: true, onPreSolve: true, ccdSpeedThreshold: true,
  }),
];

/** @internal What World gives its BasicWorld beside the options: its name for messages, the option keys
 * it takes, every shape type, and continuous collision. */
export interface WorldParts {
  readonly where: string;
  readonly optionKeys: readonly string[];
  readonly collision: CollisionTypes;
  readonly continuous: ContinuousCollision | null;
}

/** The defaults, chosen by measurement (docs/solver.md, "The solver"). */
export const DEFAULT_WORLD_SETTINGS: Readonly<SolverSettings & { gyroscopic: boolean }> = /* @__PURE__ */ Object.freeze({
  ...DEFAULT_SOLVER_SETTINGS,
  gyroscopic: true,
});

export class BasicWorld extends WorldCore<Body, Joint> {
  readonly ground: Body;
  protected readonly bodyClassName = 'Body';
  /** @internal How bodies integrate (solver/integrate.ts): the gyroscopic switch. */
  protected readonly integrator: RigidBodyIntegrator;
  /** @internal The contacts (collision/contact-set.ts). */
  protected readonly contactSet: ContactSet;
  /** @internal Continuous collision for fast bodies (collision/continuous.ts), or null. */
  protected readonly continuous: ContinuousCollision | null;
  /** The step's contact stages and the contact callbacks (world-contacts.ts). */
  private readonly stages: WorldContacts;
  /** The shape types createBody takes (collision/shape-kinds.ts). */
  private readonly shapeTypes: ShapeTypeTable;

  constructor(options?: BasicWorldOptions);
  /** @internal World's: its parts given, its options checked against its keys. */
  constructor(options: BasicWorldOptions, parts: WorldParts);
  constructor(options: BasicWorldOptions = {}, parts?: WorldParts) {
    const where = parts?.where ?? 'BasicWorld';
    checkOptionKeys(where, options, parts?.optionKeys ?? BASIC_WORLD_OPTION_KEYS);
    const given = options !== null && typeof options === 'object';
    const collision = parts?.collision ?? collisionTypes(where, 'shapes', (given ? options.shapes : undefined) ?? []);
    const continuous = parts !== undefined ? parts.continuous : readContinuous(where, given ? options.continuous : undefined);
    const gravity = new Float64Array([0, -9.81, 0]);
    if (given && options.gravity !== undefined) {
      readGravity(where, 'gravity', options.gravity, 3, gravity);
    }
    const integrator = new RigidBodyIntegrator();
    if (given && options.gyroscopic !== undefined) {
      integrator.gyroscopic = requireBoolean(where, 'gyroscopic', options.gyroscopic);
    }
    super(where, options, gravity, integrator, new TreeBodyModel3D());
    this.contactSet = new ContactSet(collision);
    this.continuous = continuous;
    this.shapeTypes = collision.definitions;
    this.stages = new WorldContacts(this, this.contactSet, this.continuous, this.registry, this.pipeline);
    this.pipeline.contacts = this.stages;
    this.integrator = integrator;
    this.pipeline.stepContext.restitutionThreshold = RESTITUTION_THRESHOLD;
    if (given) {
      this.onContactBegin = readCallback(where, 'onContactBegin', options.onContactBegin);
      this.onContactEnd = readCallback(where, 'onContactEnd', options.onContactEnd);
      this.onSensorBegin = readCallback(where, 'onSensorBegin', options.onSensorBegin);
      this.onSensorEnd = readCallback(where, 'onSensorEnd', options.onSensorEnd);
      this.onContactForce = readCallback(where, 'onContactForce', options.onContactForce);
      if (options.restitutionThreshold !== undefined) this.restitutionThreshold = options.restitutionThreshold;
      if (options.ccdSpeedThreshold !== undefined) this.sweeping(where).speedThreshold = readSpeedThreshold(where, options.ccdSpeedThreshold);
      this.onPreSolve = readCallback(where, 'onPreSolve', options.onPreSolve);
    }
    this.ground = new Body(0, { type: 'static' }, this, this.registry.arena);
    this.registry.arena.takeAllocated(); // the ground's slices: never released
    makeReadOnly(this as BasicWorld, ['ground', 'gravity']);
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

  /** Bodies faster than this (m/s) get continuous collision without `ccd` (WorldOptions.ccdSpeedThreshold);
   * Infinity in a BasicWorld without continuous collision, which refuses another. */
  get ccdSpeedThreshold(): number {
    return this.continuous === null ? Infinity : this.continuous.speedThreshold;
  }
  set ccdSpeedThreshold(value: number) {
    this.requireOutsideStep('ccdSpeedThreshold');
    this.sweeping('ccdSpeedThreshold').speedThreshold = readSpeedThreshold('ccdSpeedThreshold', value);
  }
  /** The continuous collision a ccdSpeedThreshold is for; refused without one. */
  private sweeping(where: string): ContinuousCollision {
    if (this.continuous === null) throw new RangeError(`${where}: ccdSpeedThreshold needs continuous collision (give the world continuous: CONTINUOUS_COLLISION)`);
    return this.continuous;
  }

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
  /** Called after each step for each pair of shapes pressing harder than their bodies' threshold
   * (WorldOptions.onContactForce, BodyOptions.contactForceEventThreshold). */
  get onContactForce(): ((event: ContactForceEvent) => void) | null {
    return this.stages.onContactForce;
  }
  set onContactForce(value: ((event: ContactForceEvent) => void) | null) {
    this.stages.onContactForce = readCallback('onContactForce', 'onContactForce', value);
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
  /** @internal Whether a pair that barely moved keeps its manifold, carried with its shapes, instead of
   * being collided again (manifold-cache.ts; default true). Off, every pair is collided every step, as
   * the 2D world does: lib/2d/planar.ts turns it off to compare the two to round-off. */
  get reuseManifolds(): boolean {
    return this.contactSet.reuseManifolds;
  }
  set reuseManifolds(on: boolean) {
    this.contactSet.reuseManifolds = on;
  }
  /** Pairs of overlapping shapes the last step's contact search turned away at its bounds on pairs
   * (bodies created inside each other: README, "Limits"), to be looked for again as they are pushed
   * apart; 0 in any ordinary scene (0 before the first step). */
  get lastStepDroppedPairs(): number {
    return this.contactSet.droppedPairs;
  }

  createBody(options: BodyOptions = {}): Body {
    return this.addBody(new Body(this.registry.nextBodyId, options, this, this.registry.arena, this.shapeTypes));
  }

  /**
   * A joint of the type `definition` gives (BALL_JOINT_DEFINITION, HINGE_JOINT_DEFINITION, …: each
   * joint's file exports its own), made from its create call's options: `createJoint(BALL_JOINT_DEFINITION,
   * options)` is `createBallJoint(options)`, checked and made alike. A bundle holds the joint types its
   * app names.
   */
  override createJoint<T extends Joint, O>(definition: JointDefinition<T, O, Body>, options: O): T {
    return super.createJoint(definition, options);
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

  /** @internal Body.setPosition and setOrientation: the broadphase re-bounds the body. */
  poseEdited(body: Body): void {
    this.contactSet.broadphase.notePoseEdit(body);
  }

  // ---- a body's shapes changing (Body.addShape, removeShape; Shape.setRadius, …) ----

  /** @internal Before a body's shapes from index `from` on go or change places: what touches the body
   * wakes, and those shapes' contacts end (their end events come with the next step's). */
  shapesChanging(body: Body, from: number): void {
    this.contactSet.wakeTouching(body);
    this.contactSet.forgetBody(body, from);
  }
  /** @internal After: the broadphase follows at the next step or query (BroadPhase.sync). */
  shapesChanged(_body: Body): void {
    this.registry.changed();
  }
  /** @internal A shape took a new size: what touches its body wakes, its contacts collide again and its
   * proxy is re-bounded. */
  shapeResized(body: Body, shape: Shape): void {
    this.contactSet.wakeTouching(body);
    this.contactSet.shapeResized(shape);
    this.contactSet.broadphase.shapeResized(shape);
  }
  /** @internal A body's centre of mass moved by `shift` (its axes) and its shapes about it: the joints'
   * anchors on it follow, and the broadphase re-bounds it. */
  centreMoved(body: Body, shift: Float64Array): void {
    for (const joint of this.registry.joints) if (joint.bodyA === body || joint.bodyB === body) joint.centreMoved(body, shift);
    this.contactSet.broadphase.notePoseEdit(body);
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

/** BasicWorldOptions.continuous: CONTINUOUS_COLLISION, or none. */
function readContinuous(where: string, value: unknown): ContinuousCollision | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || typeof (value as Partial<ContinuousCollisionKind>).make !== 'function') {
    throw new TypeError(`${where}: continuous must be CONTINUOUS_COLLISION or null, got ${show(value)}`);
  }
  return (value as ContinuousCollisionKind).make();
}

/** @internal A speed threshold, m/s: a number ≥ 0, Infinity allowed (none). */
export function readSpeedThreshold(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0)) throw new RangeError(`${where}: ccdSpeedThreshold must be a number ≥ 0 (m/s; Infinity: none), got ${show(value)}`);
  return value;
}
