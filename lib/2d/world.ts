// World2D: lib/world/world.ts in the plane. The same settings, step, breaking and solvers (lib/world/,
// solver/step.ts and the direct solver solver/direct/ are shared code, the last through
// solver/tree-body-model.ts); 2D bodies and the revolute, weld, angle, prismatic, wheel, pulley, gear and
// motor joints.

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
import { readFiniteVector, readGravity, requireFinite, show } from '../util/validate.js';
import type { Vector2Input } from '../util/vector-input.js';
import {
  readDirection2D, readRay2D, SceneQueries2D, type PointProjection2D, type PointProjectionOptions2D, type QueryOptions2D, type RayHit2D,
  type ShapeCastOptions2D, type ShapeOverlap2D,
} from './collision/queries.js';
import { QueryTrees2D } from './collision/query-trees.js';
import type { Shape2D } from './geometry/shape.js';
import type { Shape2DOptions } from './geometry/shape-options.js';

export interface World2DOptions extends CoreWorldOptions<Joint2D, Body2D> {
  /** m/s². Default [0, −9.81]. */
  gravity?: Vector2Input;
}

const WORLD2D_OPTION_KEYS: readonly string[] = [
  ...CORE_WORLD_OPTION_KEYS, ...optionKeys<Omit<World2DOptions, keyof CoreWorldOptions<Joint2D>>>({ gravity: true }),
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
    this.ground = new Body2D(0, { type: 'static' }, this);
    makeReadOnly(this as World2D, ['ground', 'gravity']);
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
  // snapshot has none, and its world was iterative).
  /** @internal */
  saveWorldExtras(writer: StateWriter): void {
    writer.write(this.solver === 'direct' ? 2 : 0);
  }
  /** @internal */
  loadWorldExtras(reader: StateReader, version: number, where: string): void {
    if (version < 2) {
      this.solver = 'iterative';
      return;
    }
    const flags = reader.read();
    if (flags !== 0 && flags !== 2) throw new RangeError(`${where}: settings.flags must be 0 or 2 (the direct solver), got ${show(flags)}`);
    this.solver = flags === 2 ? 'direct' : 'iterative';
  }
  /** @internal */
  afterRestore(_where: string): void {}
  /** @internal */
  readonly snapshotBodyKeys: readonly string[] = ['id', 'type'];
  /** @internal */
  writeBodyStructure(writer: StateWriter, body: Body2D): void {
    writeBodyType(writer, body.type);
  }
  /** @internal */
  describeBody(body: Body2D): SnapshotBody {
    return { id: body.id, type: body.type };
  }
  /** @internal */
  createPlaceholderBody({ type }: SnapshotBody): Body2D {
    return this.createBody({ type });
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
  private readonly queryTrees = new QueryTrees2D();
  /** The queries, over trees brought up to date with the bodies as they are now. */
  private queries(): SceneQueries2D {
    this.queryTrees.rebuild(this.registry.bodies);
    return (this.sceneQueries ??= new SceneQueries2D(this.queryTrees));
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
