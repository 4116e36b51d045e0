// World2D: lib/world/world.ts in the plane. The same settings, step, breaking and solvers (lib/world/,
// solver/step.ts and the direct solver solver/direct/ are shared code, the last through
// solver/tree-body-model.ts); 2D bodies and the revolute, weld, angle, prismatic, wheel, pulley, gear,
// motor, distance and mouse joints.

import type { BodyStateIO } from '../body/core-body.js';
import { BODY2D_STATE_IO } from './body-state-io.js';
import { Body2D, type Body2DOptions } from './body.js';
import type { Shape2DOptions } from './geometry/shape-options.js';
import { writeShape2D } from './structure-hash.js';
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
import { readGravity, show } from '../util/validate.js';
import type { Vector2Input } from '../util/vector-input.js';

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
  readonly snapshotBodyKeys: readonly string[] = ['id', 'type', 'shapes'];
  /** @internal */
  writeBodyStructure(writer: StateWriter, body: Body2D): void {
    writeBodyType(writer, body.type);
    // (only with shapes: a world of bodies without shapes hashes as it did before they existed)
    if (body.shapes.length === 0) return;
    writer.write(body.shapes.length);
    for (const shape of body.shapes) writeShape2D(writer, shape);
  }
  /** @internal The body's type and shapes (about its centre of mass). SnapshotBody types its shapes as 3D
   * options; a 2D snapshot holds 2D ones, read back by createPlaceholderBody. */
  describeBody(body: Body2D): SnapshotBody {
    if (body.shapes.length === 0) return { id: body.id, type: body.type };
    return { id: body.id, type: body.type, shapes: body.shapes.map((shape) => shape.describe()) as unknown as SnapshotBody['shapes'] };
  }
  /** @internal An inertia given: the shapes stay where the snapshot put them (about the centre of mass);
   * the state restored after it gives the body its mass and inertia. */
  createPlaceholderBody({ type, shapes }: SnapshotBody): Body2D {
    if (shapes === undefined) return this.createBody({ type });
    return this.createBody({ type, shapes: shapes as unknown as Shape2DOptions[], inertia: type === 'dynamic' ? 1 : undefined });
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

  /** @internal A body's centre of mass moved by `shift` (its axes) and its shapes about it (Body2D.addShape,
   * removeShape; ShapeListener2D): the joints' anchors on it follow. */
  centreMoved(body: Body2D, shift: Float64Array): void {
    for (const joint of this.registry.joints) if (joint.bodyA === body || joint.bodyB === body) joint.centreMoved(body, shift);
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
