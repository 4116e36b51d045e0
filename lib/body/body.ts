// A rigid body: mass, local inertia, and its state as gl-matrix-compatible Float64Arrays.
//
// Notation: centre of mass x (`position`), orientation q (`orientation`, x y z w),
// R = R(q) (`rotation`), v and ω (`linearVelocity`, `angularVelocity`), m⁻¹ (`inverseMass`),
// I_b⁻¹ (`inverseInertiaLocal`) and the world inverse inertia I⁻¹ = R I_b⁻¹ Rᵀ (`inverseInertiaWorld`).
// Static and kinematic bodies have m⁻¹ = 0 and I⁻¹ = 0, so the solver applies impulses to every body
// without asking what kind it is: the update is multiplied by zero.

import { rotateDiagonal, rotateSymmetric } from '../math/mat3.js';
import { UNPOOLED, type Float64Allocator } from '../util/arena.js';
import { checkInertiaRange, readInertia } from '../geometry/inertia.js';
import {
  readBoundedVector, readFiniteVector, readPoint, readUnitQuaternion, requireAccumulated, requireBoolean,
  requireGravityScale, requireInteger, requireNonNegative, requirePositiveWithin, show, showBound, requireWritable,
} from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_FORCE, MAX_LINEAR_SPEED, MAX_MASS, MAX_TORQUE, MIN_MASS } from '../limits.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { checkStoredQuaternion, requireAtMost, requireConsistent, requireFiniteNumbers, requireZero } from '../util/restore-check.js';
import type { Shape, ShapeTypeTable } from '../geometry/shape.js';
import { computeMassProperties } from '../geometry/mass-properties.js';
import { integrateOrientation, quatConjugate, rotationMatrix, rotationVector, writeRotation } from '../math/quat.js';
import { addVec3, crossVec3, subtractVec3, transformMat3, transformQuat } from '../math/vec3.js';
import { BodyBase, readCommonBodyOptions } from './body-base.js';
import { BODY_OPTION_KEYS, hasMassInRange, readShapes, requireShapesMass, type BodyOptions } from './body-options.js';
export type { BodyOptions } from './body-options.js';
import { BODY_STATE, lockAngularVelocity, lockInverseInertia, lockLinearVelocity, readLocks } from './body-state.js';
import { interpolationFraction, NO_PREVIOUS_POSE, slerpInto } from './interpolation.js';
import { readBodyType, type BodyType } from './body-type.js';
import { checkOptionKeys } from '../util/option-keys.js';
import { notFinite, type InvalidQuantity } from './invalid-bodies.js';

export type { BodyType };

const LINEAR_VELOCITY = BODY_STATE.linearVelocity;
const ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia;
const INVERSE_MASS = BODY_STATE.inverseMass;
const POSITION = BODY_STATE.position;
const ORIENTATION = BODY_STATE.orientation;
const ROTATION = BODY_STATE.rotation;
const INVERSE_INERTIA_LOCAL = BODY_STATE.inverseInertiaLocal;
const INVERSE_MASS_AXES = BODY_STATE.inverseMassAxes, TRANSLATION_LOCKS = BODY_STATE.translationLocks;

const scratchVector = new Float64Array(3);
/** A body of a world that takes no shape types (the ground) can have no shapes. */
const NO_SHAPE_TYPES: ShapeTypeTable = {};
const scratchQuaternion = new Float64Array(4);

export class Body extends BodyBase {
  /** 'dynamic', 'static' or 'kinematic'; changed with setType. */
  readonly type: BodyType;
  /** True for dynamic bodies (the only ones forces and joints move). */
  readonly isDynamic: boolean;

  /**
   * @internal Everything the solver reads and writes per body, in one Float64Array (see the
   * BODY_STATE offsets), allocated from the world's arena (arena.ts) so bodies made together sit
   * together in memory. The public arrays below are views into it.
   */
  readonly state: Float64Array;
  /** @internal The arena chunk `state` is a slice of, and where in it `state` starts (arena.ts
   * chunkOf): the contact solver reads bodies through their chunk. */
  readonly stateChunk: Float64Array;
  /** @internal */
  readonly stateOffset: number;
  readonly linearVelocity: Float64Array;
  readonly angularVelocity: Float64Array;
  /** I⁻¹ = R I_b⁻¹ Rᵀ, kg⁻¹·m⁻², symmetric mat3; zero for static and kinematic bodies. */
  readonly inverseInertiaWorld: Float64Array;
  readonly position: Float64Array;
  readonly orientation: Float64Array;
  /** R(q), gl-matrix mat3 (column-major). Recomputed with inverseInertiaWorld. */
  readonly rotation: Float64Array;
  /** Collision shapes in the body frame, about the centre of mass (see BodyOptions.shapes); fixed at
   * creation (the array is frozen, and `shapes` cannot be assigned). */
  get shapes(): readonly Shape[] {
    return this._shapes;
  }
  private readonly _shapes: readonly Shape[];
  /** @internal The largest distance of a point of the shapes from the centre of mass, m (0 without
   * shapes, Infinity with a plane): no point of the body moves faster than |v| + |ω| · extent. */
  readonly extent: number = 0;
  /** @internal The smallest inner radius of its shapes that collide (Shape.innerRadius), m; 0 without
   * any: how far the body may move in a step before continuous collision looks at it. */
  readonly minExtent: number = 0;
  /** @internal Its place among the bodies this step's continuous collision looks at, or −1, and whether
   * it is fast at the step's start (collision/continuous.ts; the speculative margins read the latter). */
  ccdIndex = -1;
  /** @internal */
  ccdFast = false;
  /** I_b, body axes (zero for static and kinematic bodies). */
  readonly inertiaLocal: Float64Array;
  /** I_b⁻¹, body axes (zero for static and kinematic bodies). */
  readonly inverseInertiaLocal: Float64Array;
  /** Force (N) and torque (N·m) accumulated by applyForce/applyTorque, cleared after each step. */
  readonly force: Float64Array;
  readonly torque: Float64Array;

  private _mass: number;
  private _ccd: boolean;
  /** True when I_b is diagonal (given as [Ix, Iy, Iz]): world tensors then take rotateDiagonal. */
  private diagonalInertia: boolean;
  /** @internal The world axes rotation is locked about: bit k for axis k (BodyOptions.lockRotation). */
  rotationLocks = 0;
  /** @internal A kinematic body's pose target (moveKinematic): position (3), then orientation (4). */
  private readonly kinematicTarget = new Float64Array(7);
  /** @internal Where the target stands: KINEMATIC_NONE, KINEMATIC_PENDING or KINEMATIC_MOVING. */
  private kinematicTargetState = KINEMATIC_NONE;
  /** @internal The pose at the start of the last step that moved the body, for drawing between steps
   * (interpolation.ts): centre x y z, then orientation x y z w. Not part of the state (snapshots and
   * hashes leave it out). */
  readonly previousPose = new Float64Array(7);

  /** @internal Use world.createBody. Validates every option before touching anything. `shapeTypes`: the
   * shape types the world takes (shape.ts ShapeTypeTable; none for the ground). */
  constructor(id: number, options: BodyOptions, owner: object, allocator: Float64Allocator = UNPOOLED, shapeTypes: ShapeTypeTable = NO_SHAPE_TYPES) {
    const where = 'createBody';
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    checkOptionKeys(where, options, BODY_OPTION_KEYS);
    const type = options.type ?? 'dynamic';
    readBodyType(where, type);
    const position = new Float64Array(3);
    const orientation = new Float64Array([0, 0, 0, 1]);
    const linearVelocity = new Float64Array(3);
    const angularVelocity = new Float64Array(3);
    if (options.position !== undefined) readPoint(where, 'position', options.position, 3, position);
    if (options.orientation !== undefined) readUnitQuaternion(where, 'orientation', options.orientation, orientation);
    if (options.linearVelocity !== undefined) {
      readBoundedVector(where, 'linearVelocity', options.linearVelocity, 3, linearVelocity, MAX_LINEAR_SPEED, ' m/s');
    }
    if (options.angularVelocity !== undefined) {
      readBoundedVector(where, 'angularVelocity', options.angularVelocity, 3, angularVelocity, MAX_ANGULAR_SPEED, ' rad/s');
    }
    if (type === 'static' && (hasNonZero(linearVelocity) || hasNonZero(angularVelocity))) {
      throw new RangeError(`${where}: a static body cannot move; give it no velocity or make it 'kinematic'`);
    }
    if (type !== 'dynamic' && (options.mass !== undefined || options.inertia !== undefined)) {
      const given = options.mass !== undefined ? `mass ${show(options.mass)}` : `inertia ${show(options.inertia)}`;
      throw new RangeError(`${where}: a ${type} body has no mass or inertia, got ${given}; make it dynamic (setType) and give it one with setMassProperties`);
    }
    const shapes = readShapes(where, options.shapes, type, id, shapeTypes);
    const given = options.mass === undefined ? undefined : requirePositiveWithin(where, 'mass', options.mass, MIN_MASS, MAX_MASS, ' kg');
    if (type === 'dynamic' && given === undefined && options.inertia === undefined) requireShapesMass(where, shapes, 'give the body a mass, or its shapes another density');
    let fromShapes = type === 'dynamic' && options.inertia === undefined ? computeMassProperties(shapes) : null;
    if (given !== undefined && type === 'dynamic' && options.inertia === undefined && shapes.length > 0 && !hasMassInRange(fromShapes)) {
      // the shapes' own mass is out of range (or 0): only their relative densities count, scaled to ≤ 1
      fromShapes = computeMassProperties(shapes, 1 / Math.max(...shapes.map((shape) => shape.density)));
    }
    const mass = given ?? fromShapes?.mass ?? 1;
    const inertia = new Float64Array(9);
    const inverseInertia = new Float64Array(9);
    if (options.inertia !== undefined) {
      readInertia(where, options.inertia, inertia, inverseInertia);
    } else if (fromShapes !== null) {
      // the shapes' inertia, scaled to the mass when one is given
      const scale = mass / fromShapes.mass;
      const name = given === undefined ? "the shapes' inertia" : `the shapes' inertia scaled to mass ${show(mass)}`;
      readInertia(where, Array.from(fromShapes.inertia, (value) => value * scale), inertia, inverseInertia, name);
      // the centre of mass becomes the body's position; the shapes are placed about it
      const R = rotationMatrix(new Float64Array(9), orientation), c = fromShapes.centre;
      for (let k = 0; k < 3; k++) position[k] += R[k] * c[0] + R[3 + k] * c[1] + R[6 + k] * c[2];
      for (const shape of shapes) if (shape.definition.placed) for (let k = 0; k < 3; k++) shape.position[k] -= c[k];
    } else {
      const cube = mass / 6;
      readInertia(where, [cube, cube, cube], inertia, inverseInertia);
    }
    
    const common = readCommonBodyOptions(where, options);
    const rotationLocks = options.lockRotation === undefined ? 0 : readLocks(where, 'lockRotation', options.lockRotation);
    const translationLocks = options.lockTranslation === undefined ? 0 : readLocks(where, 'lockTranslation', options.lockTranslation);
    const ccd = options.ccd === undefined ? false : requireBoolean(where, 'ccd', options.ccd);

    // Everything is valid: commit.
    super(id, owner, 12, common, options.userData);
    const state = allocator.allocate(BODY_STATE.size);
    const view = (at: number, size: number) => state.subarray(at, at + size);
    this.state = state;
    this.stateChunk = allocator.chunkOf(state);
    this.stateOffset = (state.byteOffset - this.stateChunk.byteOffset) / Float64Array.BYTES_PER_ELEMENT;
    this.linearVelocity = view(LINEAR_VELOCITY, 3);
    this.angularVelocity = view(ANGULAR_VELOCITY, 3);
    this.inverseInertiaWorld = view(INVERSE_INERTIA, 9);
    this.position = view(POSITION, 3);
    this.orientation = view(ORIENTATION, 4);
    this.rotation = view(ROTATION, 9);
    this.force = view(BODY_STATE.force, 3);
    this.torque = view(BODY_STATE.torque, 3);
    this.inertiaLocal = view(BODY_STATE.inertiaLocal, 9);
    this.inverseInertiaLocal = view(BODY_STATE.inverseInertiaLocal, 9);
    this.type = type;
    this.isDynamic = type === 'dynamic';
    this.position.set(position);
    this.orientation.set(orientation);
    this.rotation.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    this.linearVelocity.set(linearVelocity);
    this.angularVelocity.set(angularVelocity);
    if (this.isDynamic) {
      this._mass = mass;
      this.state[INVERSE_MASS] = 1 / mass;
      this.inertiaLocal.set(inertia);
      this.inverseInertiaLocal.set(inverseInertia);
    } else {
      this._mass = Infinity;
    }
    this.rotationLocks = rotationLocks;
    this.state[TRANSLATION_LOCKS] = translationLocks;
    this.writeInverseMassAxes();
    this._ccd = ccd;
    this._shapes = Object.freeze(shapes);
    this.measureShapes();
    const I = this.inverseInertiaLocal;
    this.diagonalInertia = I[1] === 0 && I[2] === 0 && I[3] === 0 && I[5] === 0 && I[6] === 0 && I[7] === 0;
    this.updateInertia();
    if (this.isDynamic) {
      lockAngularVelocity(this.state, rotationLocks);
      lockLinearVelocity(this.state);
    }
  }

  /** @internal Writes everything the step reads of this body (world snapshots, hashes); of its shapes
   * (whose geometry the snapshot keeps as options), their friction and restitution. */
  saveState(writer: StateWriter): void {
    writer.writeArray(this.state.subarray(0, BODY_STATE.stored));
    writer.write(this._mass);
    writer.write(this._linearDamping);
    writer.write(this._angularDamping);
    writer.write(this._gravityScale);
    // (one number of flags: 1 a diagonal inertia, 2 continuous collision, the rotation locks from bit 2
    // and the translation locks from bit 5; a body with none of them writes and hashes the 0 or 1 it
    // always did, and older snapshots read as without them)
    writer.write((this.diagonalInertia ? 1 : 0) + (this._ccd ? 2 : 0) + (this.rotationLocks << 2) + (this.state[TRANSLATION_LOCKS] << 5));
    for (const shape of this.shapes) {
      writer.write(shape._friction);
      writer.write(shape._restitution);
    }
    this.sleep.save(writer);
    if (this.type === 'kinematic') {
      writer.write(this.kinematicTargetState);
      writer.writeArray(this.kinematicTarget);
    }
  }
  /** @internal Reads what saveState wrote (the shapes already attached). */
  loadState(reader: StateReader): void {
    reader.readInto(this.state.subarray(0, BODY_STATE.stored));
    this._mass = reader.read();
    this._linearDamping = reader.read();
    this._angularDamping = reader.read();
    this._gravityScale = reader.read();
    const flags = reader.read();
    this.diagonalInertia = (flags & 1) !== 0;
    this._ccd = (flags & 2) !== 0;
    this.rotationLocks = (flags >> 2) & 7;
    this.state[TRANSLATION_LOCKS] = (flags >> 5) & 7;
    this.writeInverseMassAxes();
    for (const shape of this.shapes) {
      shape._friction = reader.read();
      shape._restitution = reader.read();
    }
    this.sleep.load(reader);
    // (snapshots before version 5 had no pose targets)
    if (this.type === 'kinematic' && reader.version >= 5) {
      this.kinematicTargetState = reader.read();
      reader.readInto(this.kinematicTarget);
      if (this.kinematicTargetState !== KINEMATIC_NONE) (this.owner as PoseListener | null)?.kinematicTargetSet?.(this);
    }
  }

  /** @internal After loadState (World.restore): refuses what createBody and the setters refuse, and a
   * state no world could be in (a static body that moves, an inverse mass at odds with the type or the
   * mass, a rotation that is not its orientation's), naming the field under `path`. An orientation a
   * little off unit (within 1e-3) is normalized; one a world wrote is kept to the bit. */
  checkState(where: string, path: string): void {
    const s = this.state, at = (name: string) => `${path}.${name}`;
    requireFiniteNumbers(where, at('position'), this.position);
    const normalized = checkStoredQuaternion(where, at('orientation'), this.orientation);
    requireFiniteNumbers(where, at('linearVelocity'), this.linearVelocity);
    requireFiniteNumbers(where, at('angularVelocity'), this.angularVelocity);
    requireFiniteNumbers(where, at('force'), this.force);
    requireFiniteNumbers(where, at('torque'), this.torque);
    requireAtMost(where, at('position'), this.position, MAX_COORDINATE, 'm', true);
    requireAtMost(where, at('linearVelocity'), this.linearVelocity, MAX_LINEAR_SPEED, 'm/s');
    requireAtMost(where, at('angularVelocity'), this.angularVelocity, MAX_ANGULAR_SPEED, 'rad/s');
    requireAtMost(where, at('force'), this.force, MAX_FORCE, 'N', true);
    requireAtMost(where, at('torque'), this.torque, MAX_TORQUE, 'N·m', true);
    requireFiniteNumbers(where, at('rotation'), this.rotation);
    requireFiniteNumbers(where, at('inverseInertiaWorld'), this.inverseInertiaWorld);
    requireFiniteNumbers(where, at('inertiaLocal'), this.inertiaLocal);
    requireFiniteNumbers(where, at('inverseInertiaLocal'), this.inverseInertiaLocal);
    requireNonNegative(where, at('linearDamping'), this.linearDamping);
    requireNonNegative(where, at('angularDamping'), this.angularDamping);
    requireGravityScale(where, at('gravityScale'), this.gravityScale);
    this.shapes.forEach((shape, i) => {
      requireNonNegative(where, at(`shapes[${i}].friction`), shape.friction);
      if (!(shape.restitution >= 0 && shape.restitution <= 1)) {
        throw new RangeError(`${where}: ${at(`shapes[${i}].restitution`)} must be in [0, 1], got ${show(shape.restitution)}`);
      }
    });
    if (this.isDynamic) {
      requirePositiveWithin(where, at('mass'), this._mass, MIN_MASS, MAX_MASS, ' kg');
      requireConsistent(where, at('inverseMass'), [s[INVERSE_MASS]], [1 / this._mass], 'the inverse of the mass');
      const inertia = new Float64Array(9), inverse = new Float64Array(9);
      readInertia(`${where}: ${at('inertiaLocal')}`, this.inertiaLocal, inertia, inverse);
      requireConsistent(where, at('inverseInertiaLocal'), this.inverseInertiaLocal, inverse, 'the inverse of inertiaLocal');
    } else {
      const why = `a ${this.type} body has infinite mass`;
      if (this._mass !== Infinity) throw new RangeError(`${where}: ${at('mass')} must be Infinity (${why}), got ${show(this._mass)}`);
      requireZero(where, at('inverseMass'), s.subarray(INVERSE_MASS, INVERSE_MASS + 1), why);
      requireZero(where, at('inverseInertiaWorld'), this.inverseInertiaWorld, why);
      requireZero(where, at('inertiaLocal'), this.inertiaLocal, why);
      requireZero(where, at('inverseInertiaLocal'), this.inverseInertiaLocal, why);
      if (this.sleep.island !== 0) throw new RangeError(`${where}: ${at('island')} must be 0 (only a dynamic body sleeps), got ${show(this.sleep.island)}`);
    }
    if (this.type === 'static') {
      const why = 'a static body cannot move';
      requireZero(where, at('linearVelocity'), this.linearVelocity, why);
      requireZero(where, at('angularVelocity'), this.angularVelocity, why);
    }
    // the rotation and the world inverse inertia follow from the orientation: recomputed and compared,
    // then the stored bits kept (recomputed after normalizing the orientation)
    const stored = s.slice(INVERSE_INERTIA, ROTATION + 9);
    this.updateInertia();
    if (!normalized) {
      requireConsistent(where, at('rotation'), stored.subarray(ROTATION - INVERSE_INERTIA), this.rotation, 'the rotation matrix of the orientation');
      requireConsistent(where, at('inverseInertiaWorld'), stored.subarray(0, 9), this.inverseInertiaWorld, 'R I⁻¹ Rᵀ of inverseInertiaLocal');
      s.set(stored, INVERSE_INERTIA);
    }
    const sleep = this.sleep;
    requireNonNegative(where, at('sleepTime'), sleep.time);
    requireInteger(where, at('island'), sleep.island, 0, Number.MAX_SAFE_INTEGER);
    requireFiniteNumbers(where, at('restPose'), sleep.restPose);
    if (this.type === 'kinematic') {
      requireInteger(where, at('kinematicTargetState'), this.kinematicTargetState, KINEMATIC_NONE, KINEMATIC_MOVING);
      requireFiniteNumbers(where, at('kinematicTarget'), this.kinematicTarget.subarray(0, 3));
      requireAtMost(where, at('kinematicTarget'), this.kinematicTarget.subarray(0, 3), MAX_COORDINATE, 'm', true);
      if (this.kinematicTargetState !== KINEMATIC_NONE) checkStoredQuaternion(where, at('kinematicTarget.orientation'), this.kinematicTarget.subarray(3));
    }
  }

  /** Continuous collision for this body (BodyOptions.ccd); can change between steps. */
  get ccd(): boolean {
    return this._ccd;
  }
  set ccd(value: boolean) {
    this.requireInWorld('ccd');
    this._ccd = requireBoolean('ccd', 'ccd', value);
  }
  /** @internal The centre within `distance` of the rest pose's and each axis (a column of R) within
   * `chord` of its rest direction (sleep.ts). */
  isNearRestPose(distance: number, chord: number): boolean {
    const s = this.state, rest = this.sleep.restPose;
    const dx = s[POSITION] - rest[0], dy = s[POSITION + 1] - rest[1], dz = s[POSITION + 2] - rest[2];
    if (dx * dx + dy * dy + dz * dz >= distance * distance) return false;
    for (let k = 0; k < 9; k += 3) {
      const ex = s[ROTATION + k] - rest[3 + k], ey = s[ROTATION + k + 1] - rest[4 + k], ez = s[ROTATION + k + 2] - rest[5 + k];
      if (ex * ex + ey * ey + ez * ez >= chord * chord) return false;
    }
    return true;
  }
  /** @internal |v| < linear and |ω| < angular (sleep.ts). */
  isSlowerThan(linear: number, angular: number): boolean {
    const v = this.linearVelocity, w = this.angularVelocity;
    return v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < linear * linear && w[0] * w[0] + w[1] * w[1] + w[2] * w[2] < angular * angular;
  }
  /** @internal The current pose becomes the rest pose. */
  setRestPose(): void {
    const s = this.state, rest = this.sleep.restPose;
    for (let k = 0; k < 3; k++) rest[k] = s[POSITION + k];
    for (let k = 0; k < 9; k++) rest[3 + k] = s[ROTATION + k];
  }
  /** @internal The first of position, orientation and the velocities holding a number that is not
   * finite, or null (the world's check, each step: world/pipeline.ts). x · 0 is 0 for a finite x and NaN
   * for ±Infinity and NaN, so one sum of such products tells; which quantity is found only then. */
  nonFiniteQuantity(): InvalidQuantity | null {
    const s = this.state;
    let z = 0;
    for (let k = LINEAR_VELOCITY; k < LINEAR_VELOCITY + 6; k++) z += s[k] * 0;
    for (let k = POSITION; k < POSITION + 7; k++) z += s[k] * 0;
    if (z === 0) return null;
    return notFinite(s, POSITION, 3) ? 'position' : notFinite(s, ORIENTATION, 4) ? 'orientation'
      : notFinite(s, LINEAR_VELOCITY, 3) ? 'linearVelocity' : 'angularVelocity';
  }
  /** @internal Any velocity at all. */
  isMoving(): boolean {
    const v = this.linearVelocity, w = this.angularVelocity;
    return v[0] !== 0 || v[1] !== 0 || v[2] !== 0 || w[0] !== 0 || w[1] !== 0 || w[2] !== 0;
  }
  /** @internal Zeroes v and ω (falling asleep). */
  stop(): void {
    this.linearVelocity.fill(0);
    this.angularVelocity.fill(0);
  }

  /** kg; Infinity for static and kinematic bodies. */
  get mass(): number {
    return this._mass;
  }

  /** True when the body's inertia tensor is diagonal in its own axes. */
  get hasDiagonalInertia(): boolean {
    return this.diagonalInertia;
  }

  /**
   * Changes a dynamic body's mass (kg) and inertia (as createBody's `inertia`; default: scaled with the
   * mass from the current inertia). Checked like createBody; nothing changes on bad input.
   */
  setMassProperties(mass: number, inertia?: ArrayLike<number>): void {
    const where = 'setMassProperties';
    this.requireInWorld(where);
    if (!this.isDynamic) throw new RangeError(`${where}: body ${this.id} is ${this.type}; only dynamic bodies have mass`);
    requirePositiveWithin(where, 'mass', mass, MIN_MASS, MAX_MASS, ' kg');
    const tensor = new Float64Array(9);
    const inverse = new Float64Array(9);
    if (inertia !== undefined) {
      readInertia(where, inertia, tensor, inverse);
    } else {
      const scale = mass / this._mass;
      for (let i = 0; i < 9; i++) {
        tensor[i] = this.inertiaLocal[i] * scale;
        inverse[i] = this.inverseInertiaLocal[i] / scale;
      }
      checkInertiaRange(where, `the inertia scaled to mass ${show(mass)}`, tensor, inverse, Array.from(tensor));
    }
    this._mass = mass;
    this.state[INVERSE_MASS] = 1 / mass;
    this.writeInverseMassAxes();
    this.inertiaLocal.set(tensor);
    this.inverseInertiaLocal.set(inverse);
    this.diagonalInertia = inverse[1] === 0 && inverse[2] === 0 && inverse[3] === 0 && inverse[5] === 0 && inverse[6] === 0 && inverse[7] === 0;
    this.updateInertia();
    this.sleep.wake();
  }

  /** m⁻¹ in kg⁻¹; 0 for static and kinematic bodies. */
  get inverseMass(): number {
    return this.state[INVERSE_MASS];
  }

  /**
   * Recomputes `rotation` and `inverseInertiaWorld` from `orientation`. The setters and the step call
   * it; call it yourself only if you write `orientation` in place.
   */
  updateInertia(): void {
    const s = this.state;
    writeRotation(s, ROTATION, s[ORIENTATION], s[ORIENTATION + 1], s[ORIENTATION + 2], s[ORIENTATION + 3]);
    if (!this.isDynamic) return;
    if (this.diagonalInertia) {
      const at = INVERSE_INERTIA_LOCAL;
      rotateDiagonal(this.inverseInertiaWorld, this.rotation, s[at], s[at + 4], s[at + 8]);
    } else {
      rotateSymmetric(this.inverseInertiaWorld, this.rotation, this.inverseInertiaLocal);
    }
    if (this.rotationLocks !== 0) lockInverseInertia(s, this.rotationLocks);
  }

  /**
   * The world axes rotation is locked about, [x, y, z] (BodyOptions.lockRotation). A locked axis k has
   * infinite inertia about it: I⁻¹ → P I⁻¹ P with P the identity less its k-th 1, so no impulse, torque or
   * constraint anywhere in the step gives the body a turn about it, and it turns exactly about the
   * others. (The direct solver, which factors mass rather than inverse mass, leaves the joints of a
   * body with locks to the iterative solver.) Setting it stops any turning about the axes it locks.
   */
  get lockRotation(): readonly [boolean, boolean, boolean] {
    const bits = this.rotationLocks;
    return [(bits & 1) !== 0, (bits & 2) !== 0, (bits & 4) !== 0];
  }
  set lockRotation(value: readonly [boolean, boolean, boolean]) {
    this.requireInWorld('lockRotation');
    this.rotationLocks = readLocks('lockRotation', 'lockRotation', value);
    this.updateInertia();
    lockAngularVelocity(this.state, this.rotationLocks);
    this.sleep.wake();
  }

  /**
   * The world axes translation is locked along, [x, y, z] (BodyOptions.lockTranslation). A locked axis
   * has infinite mass along it: the body's inverse mass becomes m⁻¹ P (P the identity less the locked
   * axes' 1s), which every contact and joint row of the step applies and weighs (K = n·(m_a⁻¹ P_a +
   * m_b⁻¹ P_b) n + …), so nothing moves the body along it and the rows hold exactly along the others.
   * Gravity and forces do not move it along a locked axis either. Setting it stops any motion along the
   * axes it locks.
   */
  get lockTranslation(): readonly [boolean, boolean, boolean] {
    const bits = this.state[TRANSLATION_LOCKS];
    return [(bits & 1) !== 0, (bits & 2) !== 0, (bits & 4) !== 0];
  }
  set lockTranslation(value: readonly [boolean, boolean, boolean]) {
    this.requireInWorld('lockTranslation');
    this.state[TRANSLATION_LOCKS] = readLocks('lockTranslation', 'lockTranslation', value);
    this.writeInverseMassAxes();
    lockLinearVelocity(this.state);
    this.sleep.wake();
  }

  /** @internal Whether any axis is locked (the direct solver leaves such a body's joints alone). */
  get hasLockedAxes(): boolean {
    return this.rotationLocks !== 0 || this.state[TRANSLATION_LOCKS] !== 0;
  }

  /** m⁻¹ along each world axis from m⁻¹ and the translation locks (BODY_STATE.inverseMassAxes). */
  private writeInverseMassAxes(): void {
    const s = this.state, m = s[INVERSE_MASS], locks = s[TRANSLATION_LOCKS];
    for (let k = 0; k < 3; k++) s[INVERSE_MASS_AXES + k] = (locks & (1 << k)) !== 0 ? 0 : m;
  }

  /** Moves the body there at once (a teleport: it is drawn there, not interpolated from where it was). */
  setPosition(position: ArrayLike<number>): void {
    this.requireInWorld('setPosition');
    readPoint('setPosition', 'position', position, 3, this.position);
    this.previousPoseStep = NO_PREVIOUS_POSE;
    this.sleep.wake();
    (this.owner as PoseListener | null)?.poseEdited?.(this);
  }

  /** Turns the body to a unit quaternion [x, y, z, w] at once (a teleport, as setPosition). */
  setOrientation(orientation: ArrayLike<number>): void {
    this.requireInWorld('setOrientation');
    readUnitQuaternion('setOrientation', 'orientation', orientation, this.orientation);
    this.updateInertia();
    this.previousPoseStep = NO_PREVIOUS_POSE;
    this.sleep.wake();
    (this.owner as PoseListener | null)?.poseEdited?.(this);
  }

  /** @internal The world, at the start of step number `stepNumber` (its stepCount once the step is
   * done), for each body the step moves: the current pose becomes the previous one. */
  recordPreviousPose(stepNumber: number): void {
    const s = this.state, previous = this.previousPose;
    previous[0] = s[POSITION]; previous[1] = s[POSITION + 1]; previous[2] = s[POSITION + 2];
    previous[3] = s[ORIENTATION]; previous[4] = s[ORIENTATION + 1]; previous[5] = s[ORIENTATION + 2]; previous[6] = s[ORIENTATION + 3];
    this.previousPoseStep = stepNumber;
  }

  /**
   * The centre of mass to draw (m): `world.interpolationAlpha` of the way from where the last step
   * started the body to where it is now, written to `out` (3 numbers), which is returned. After
   * `world.advance(elapsed)` that is the pose between steps that matches the frame's time; after
   * `world.step(dt)`, and for a body the last step did not move (asleep, static, made or teleported
   * with setPosition / setOrientation since), the current position. Allocates nothing. A pose written
   * in place (`body.position[0] = …`) is not seen as a teleport: use setPosition.
   */
  getInterpolatedPosition<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedPosition', out, 3);
    const t = interpolationFraction(this.owner, this.previousPoseStep);
    const s = this.state;
    if (t === 1) {
      out[0] = s[POSITION]; out[1] = s[POSITION + 1]; out[2] = s[POSITION + 2];
      return out;
    }
    const previous = this.previousPose, u = 1 - t;
    out[0] = u * previous[0] + t * s[POSITION];
    out[1] = u * previous[1] + t * s[POSITION + 1];
    out[2] = u * previous[2] + t * s[POSITION + 2];
    return out;
  }

  /**
   * The orientation to draw, a unit quaternion [x, y, z, w] written to `out` (4 numbers) and returned:
   * as getInterpolatedPosition, along the shortest arc from the last step's start orientation to the
   * current one at a steady rate (slerp). Allocates nothing.
   */
  getInterpolatedOrientation<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedOrientation', out, 4);
    const t = interpolationFraction(this.owner, this.previousPoseStep);
    const s = this.state;
    if (t === 1) {
      out[0] = s[ORIENTATION]; out[1] = s[ORIENTATION + 1]; out[2] = s[ORIENTATION + 2]; out[3] = s[ORIENTATION + 3];
      return out;
    }
    const p = this.previousPose;
    slerpInto(out, p[3], p[4], p[5], p[6], s[ORIENTATION], s[ORIENTATION + 1], s[ORIENTATION + 2], s[ORIENTATION + 3], t);
    return out;
  }

  /** Sets v, m/s. On a kinematic body this drops a pose target not yet reached (moveKinematic): the
   * body moves at the velocities it is given from then on. */
  setLinearVelocity(velocity: ArrayLike<number>): void {
    this.requireInWorld('setLinearVelocity');
    this.requireMovable('setLinearVelocity', velocity);
    readBoundedVector('setLinearVelocity', 'velocity', velocity, 3, this.linearVelocity, MAX_LINEAR_SPEED, ' m/s');
    if (this.isDynamic) lockLinearVelocity(this.state);
    this.kinematicTargetState = KINEMATIC_NONE;
    this.sleep.wake();
  }

  /** Sets ω, rad/s (world frame); on a kinematic body, drops its pose target as setLinearVelocity does. */
  setAngularVelocity(velocity: ArrayLike<number>): void {
    this.requireInWorld('setAngularVelocity');
    this.requireMovable('setAngularVelocity', velocity);
    readBoundedVector('setAngularVelocity', 'velocity', velocity, 3, this.angularVelocity, MAX_ANGULAR_SPEED, ' rad/s');
    if (this.isDynamic) lockAngularVelocity(this.state, this.rotationLocks);
    this.kinematicTargetState = KINEMATIC_NONE;
    this.sleep.wake();
  }

  /**
   * Moves a kinematic body to a pose over the next step: the step gives it the constant velocities that
   * take it from where it is to `position` (m, its centre of mass) and `orientation` (a unit quaternion;
   * default: the orientation it has now) in that step's dt, and it ends the step exactly there. Bodies
   * resting on it feel those velocities through their contacts and joints, so a platform driven this way
   * carries what stands on it, and a turning one turns it (Rapier's position-based kinematic bodies,
   * Jolt's Body::MoveKinematic). Call it before every step the body should move; after a step with no
   * new target it stops where it is. The orientation takes the shorter way round (less than half a
   * turn per step). Setting a velocity drops a target not yet reached.
   */
  moveKinematic(position: ArrayLike<number>, orientation?: ArrayLike<number>): void {
    const where = 'moveKinematic';
    this.requireInWorld(where);
    if (this.type !== 'kinematic') {
      throw new RangeError(`${where}: body ${this.id} is ${this.type}; only a kinematic body takes a pose target (setPosition moves any body at once)`);
    }
    readPoint(where, 'position', position, 3, scratchVector);
    if (orientation !== undefined) readUnitQuaternion(where, 'orientation', orientation, scratchQuaternion);
    else scratchQuaternion.set(this.orientation);
    const target = this.kinematicTarget;
    for (let k = 0; k < 3; k++) target[k] = scratchVector[k];
    for (let k = 0; k < 4; k++) target[3 + k] = scratchQuaternion[k];
    this.kinematicTargetState = KINEMATIC_PENDING;
    this.sleep.wake();
    (this.owner as PoseListener | null)?.kinematicTargetSet?.(this);
  }

  /**
   * @internal Where the next step of dt will leave this body if nothing pushes it (the character
   * controller carries riders with it): a kinematic body's pose target when it has one; where it is
   * when it reached its target in the last step and has no new one (it stops); otherwise its pose
   * moved by its velocities, x + v dt and q turned by ω dt.
   */
  predictPose(dt: number, outPosition: Float64Array, outOrientation: Float64Array): void {
    const s = this.state;
    if (this.kinematicTargetState === KINEMATIC_PENDING) {
      const target = this.kinematicTarget;
      for (let k = 0; k < 3; k++) outPosition[k] = target[k];
      for (let k = 0; k < 4; k++) outOrientation[k] = target[3 + k];
      return;
    }
    for (let k = 0; k < 4; k++) outOrientation[k] = s[ORIENTATION + k];
    if (this.kinematicTargetState === KINEMATIC_MOVING) {
      for (let k = 0; k < 3; k++) outPosition[k] = s[POSITION + k];
      return;
    }
    for (let k = 0; k < 3; k++) outPosition[k] = s[POSITION + k] + dt * s[LINEAR_VELOCITY + k];
    integrateOrientation(outOrientation, 0, s, ANGULAR_VELOCITY, dt);
  }

  /**
   * @internal Before a step of dt: a body with a target takes the velocities that reach it,
   *   v = (x* − x) / dt,   ω = log(q* q⁻¹) / dt
   * (the rotation vector of the turn from q to q*: the step's exponential-map update, q ← exp(h ω / 2) q
   * over its substeps, composes to exactly that turn); one that reached its target in the last step and
   * has no new one stops. Returns whether the body still needs the world's attention (finish below).
   */
  beginKinematicStep(dt: number): boolean {
    if (this.kinematicTargetState === KINEMATIC_PENDING) {
      const s = this.state, target = this.kinematicTarget;
      for (let k = 0; k < 3; k++) s[LINEAR_VELOCITY + k] = (target[k] - s[POSITION + k]) / dt;
      // the turn q* ⊗ q⁻¹, with q⁻¹ = (−q_v, q_w) for a unit q
      const ax = target[3], ay = target[4], az = target[5], aw = target[6];
      const bx = -s[ORIENTATION], by = -s[ORIENTATION + 1], bz = -s[ORIENTATION + 2], bw = s[ORIENTATION + 3];
      const x = aw * bx + bw * ax + ay * bz - az * by;
      const y = aw * by + bw * ay + az * bx - ax * bz;
      const z = aw * bz + bw * az + ax * by - ay * bx;
      const w = aw * bw - ax * bx - ay * by - az * bz;
      rotationVector(scratchVector, x, y, z, w);
      for (let k = 0; k < 3; k++) s[ANGULAR_VELOCITY + k] = scratchVector[k] / dt;
      this.kinematicTargetState = KINEMATIC_MOVING;
      return true;
    }
    if (this.kinematicTargetState === KINEMATIC_MOVING) {
      this.stop();
      this.kinematicTargetState = KINEMATIC_NONE;
    }
    return false;
  }

  /** @internal After the step: a body that moved to its target is put exactly on it (the integration's
   * round-off does not accumulate over a path of targets). */
  finishKinematicStep(): void {
    if (this.kinematicTargetState !== KINEMATIC_MOVING) return;
    const s = this.state, target = this.kinematicTarget;
    for (let k = 0; k < 3; k++) s[POSITION + k] = target[k];
    for (let k = 0; k < 4; k++) s[ORIENTATION + k] = target[3 + k];
    this.updateInertia();
  }

  /**
   * Makes the body dynamic, kinematic or static, keeping its shapes, joints and contacts, and wakes what
   * it touches. Made dynamic, its mass and inertia come from its shapes' densities again, as createBody
   * computes them (1 kg and a cube's inertia without solid shapes), and the body's position moves to the
   * shapes' centre of mass (the shapes are placed about it); made static, it stops. A kinematic body keeps
   * its velocity. Refused, changing nothing, when one of its shapes may not be on that type (a plane or
   * a mesh on a dynamic body) or a joint would be left between two bodies neither of which is dynamic.
   */
  /** extent and minExtent from the shapes about the centre of mass. */
  private measureShapes(): void {
    let extent = 0, minExtent = Infinity;
    for (const shape of this._shapes) {
      const p = shape.position;
      extent = Math.max(extent, Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) + shape.extent);
      if (!shape.sensor) minExtent = Math.min(minExtent, shape.innerRadius);
    }
    const self = this as { extent: number; minExtent: number };
    self.extent = extent;
    self.minExtent = minExtent === Infinity ? 0 : minExtent;
  }

  setType(type: BodyType): void {
    const where = 'setType';
    this.requireInWorld(where);
    readBodyType(where, type);
    if (type === this.type) return;
    this.shapes.forEach((shape, i) => {
      const allowed = shape.definition.bodyTypes;
      if (!allowed.includes(type)) {
        throw new RangeError(`${where}: shapes[${i}] of body ${this.id} is a ${shape.type}, which only a ${allowed.join(' or ')} body may have`);
      }
    });
    const listener = this.owner as TypeListener | null;
    listener?.checkBodyType?.(this, type);
    if (type === 'dynamic') requireShapesMass(where, this.shapes, `body ${this.id} takes its mass from them; give them another density`);
    const fromShapes = type === 'dynamic' ? computeMassProperties(this.shapes) : null;
    const inertia = new Float64Array(9), inverse = new Float64Array(9);
    if (fromShapes !== null) {
      readInertia(where, fromShapes.inertia, inertia, inverse, "the shapes' inertia");
    } else if (type === 'dynamic') {
      readInertia(where, [1 / 6, 1 / 6, 1 / 6], inertia, inverse);
    }
    // Everything is valid: commit. What it touches wakes while its contacts are still the old ones.
    listener?.bodyTypeChanging?.(this);
    this.sleep.wake();
    const self = this as { type: BodyType; isDynamic: boolean };
    self.type = type;
    self.isDynamic = type === 'dynamic';
    if (type !== 'kinematic') this.kinematicTargetState = KINEMATIC_NONE;
    if (type === 'static') this.stop();
    if (type === 'dynamic') {
      this._mass = fromShapes?.mass ?? 1;
      this.state[INVERSE_MASS] = 1 / this._mass;
      if (fromShapes !== null) {
        const R = this.rotation, c = fromShapes.centre, p = this.position;
        for (let k = 0; k < 3; k++) p[k] += R[k] * c[0] + R[3 + k] * c[1] + R[6 + k] * c[2];
        for (const shape of this.shapes) if (shape.definition.placed) for (let k = 0; k < 3; k++) shape.position[k] -= c[k];
        // (the shapes moved about the new centre: a stale extent gave other speculative margins than the
        // same body made dynamic from the start, or restored from a snapshot)
        this.measureShapes();
      }
    } else {
      this._mass = Infinity;
      this.state[INVERSE_MASS] = 0;
      this.inverseInertiaWorld.fill(0);
    }
    this.writeInverseMassAxes();
    this.inertiaLocal.set(inertia);
    this.inverseInertiaLocal.set(inverse);
    this.diagonalInertia = inverse[1] === 0 && inverse[2] === 0 && inverse[3] === 0 && inverse[5] === 0 && inverse[6] === 0 && inverse[7] === 0;
    this.updateInertia();
    if (this.isDynamic) lockLinearVelocity(this.state);
    listener?.bodyTypeChanged?.(this);
  }

  /** Adds a force (N) for the next step, at `worldPoint` (m) or at the centre of mass. */
  applyForce(force: ArrayLike<number>, worldPoint?: ArrayLike<number>): void {
    this.requireInWorld('applyForce');
    readFiniteVector('applyForce', 'force', force, 3, scratchVector);
    const fx = scratchVector[0], fy = scratchVector[1], fz = scratchVector[2];
    const torque = scratchAngular;
    torque.set(this.torque);
    if (worldPoint !== undefined) {
      readFiniteVector('applyForce', 'worldPoint', worldPoint, 3, scratchVector);
      addLeverTorque(torque, scratchVector, this.position, fx, fy, fz);
    }
    const sum = scratchSum;
    sum[0] = this.force[0] + fx; sum[1] = this.force[1] + fy; sum[2] = this.force[2] + fz;
    requireAccumulated('applyForce', 'force', force, worldPoint, 'force', sum, MAX_FORCE, 'N');
    requireAccumulated('applyForce', 'force', force, worldPoint, 'torque', torque, MAX_TORQUE, 'N·m');
    this.force.set(sum);
    this.torque.set(torque);
    this.sleep.wake();
  }

  /** Adds a torque (N·m, world frame) for the next step. */
  applyTorque(torque: ArrayLike<number>): void {
    this.requireInWorld('applyTorque');
    readFiniteVector('applyTorque', 'torque', torque, 3, scratchVector);
    const sum = scratchSum;
    for (let i = 0; i < 3; i++) sum[i] = this.torque[i] + scratchVector[i];
    requireAccumulated('applyTorque', 'torque', torque, undefined, 'torque', sum, MAX_TORQUE, 'N·m');
    this.torque.set(sum);
    this.sleep.wake();
  }

  /** Changes the velocity at once by an impulse (N·s) at `worldPoint` or at the centre of mass. */
  applyLinearImpulse(impulse: ArrayLike<number>, worldPoint?: ArrayLike<number>): void {
    this.requireInWorld('applyLinearImpulse');
    readFiniteVector('applyLinearImpulse', 'impulse', impulse, 3, scratchVector);
    const px = scratchVector[0], py = scratchVector[1], pz = scratchVector[2];
    const angular = scratchAngular.fill(0);
    if (worldPoint !== undefined) {
      readFiniteVector('applyLinearImpulse', 'worldPoint', worldPoint, 3, scratchVector);
      addLeverTorque(angular, scratchVector, this.position, px, py, pz);
    }
    if (!this.isDynamic) return;
    this.requireImpulseSpeeds('applyLinearImpulse', impulse, px, py, pz, angular[0], angular[1], angular[2]);
    this.sleep.wake();
    const s = this.state;
    this.linearVelocity[0] += s[INVERSE_MASS_AXES] * px;
    this.linearVelocity[1] += s[INVERSE_MASS_AXES + 1] * py;
    this.linearVelocity[2] += s[INVERSE_MASS_AXES + 2] * pz;
    this.addAngularImpulse(angular[0], angular[1], angular[2]);
  }

  /** Changes the angular velocity at once by an angular impulse (N·m·s, world frame). */
  applyAngularImpulse(impulse: ArrayLike<number>): void {
    this.requireInWorld('applyAngularImpulse');
    readFiniteVector('applyAngularImpulse', 'impulse', impulse, 3, scratchVector);
    if (!this.isDynamic) return;
    this.requireImpulseSpeeds('applyAngularImpulse', impulse, 0, 0, 0, scratchVector[0], scratchVector[1], scratchVector[2]);
    this.sleep.wake();
    this.addAngularImpulse(scratchVector[0], scratchVector[1], scratchVector[2]);
  }

  /** World velocity of a world point moving with the body: v + ω × (p − x). */
  getPointVelocity(out: Float64Array | number[], worldPoint: ArrayLike<number>): Float64Array | number[] {
    requireWritable('getPointVelocity', out, 3);
    subtractVec3(scratchVector, worldPoint, this.position);
    crossVec3(out, this.angularVelocity, scratchVector);
    return addVec3(out, out, this.linearVelocity);
  }

  /** World position of a point given in body axes relative to the centre of mass: x + R p. */
  getWorldPoint(out: Float64Array | number[], localPoint: ArrayLike<number>): Float64Array | number[] {
    requireWritable('getWorldPoint', out, 3);
    transformMat3(out, localPoint, this.rotation);
    return addVec3(out, out, this.position);
  }

  /** Body-axes coordinates of a world point: Rᵀ (p − x) = q⁻¹ (p − x) q. */
  getLocalPoint(out: Float64Array | number[], worldPoint: ArrayLike<number>): Float64Array | number[] {
    requireWritable('getLocalPoint', out, 3);
    subtractVec3(out, worldPoint, this.position);
    quatConjugate(scratchQuaternion, this.orientation);
    return transformQuat(out, out, scratchQuaternion);
  }

  /** ½ m v·v + ½ ω·I ω, J (0 for static and kinematic bodies). */
  getKineticEnergy(): number {
    if (!this.isDynamic) return 0;
    const v = this.linearVelocity, w = this.angularVelocity;
    // ω·I ω with I = R I_b Rᵀ: rotate ω into body axes, ωᵦ = Rᵀ ω
    const R = this.rotation, I = this.inertiaLocal;
    const bx = R[0] * w[0] + R[1] * w[1] + R[2] * w[2];
    const by = R[3] * w[0] + R[4] * w[1] + R[5] * w[2];
    const bz = R[6] * w[0] + R[7] * w[1] + R[8] * w[2];
    const Ix = I[0] * bx + I[3] * by + I[6] * bz;
    const Iy = I[1] * bx + I[4] * by + I[7] * bz;
    const Iz = I[2] * bx + I[5] * by + I[8] * bz;
    return 0.5 * this._mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + 0.5 * (bx * Ix + by * Iy + bz * Iz);
  }

  /** Refuses an impulse (p, and the angular l) that would take the body past MAX_LINEAR_SPEED or
   * MAX_ANGULAR_SPEED, the fastest it may be given (the sums as the impulse calls form them). */
  private requireImpulseSpeeds(where: string, impulse: unknown, px: number, py: number, pz: number, lx: number, ly: number, lz: number): void {
    const s = this.state, v = this.linearVelocity, w = this.angularVelocity, I = this.inverseInertiaWorld;
    const speed = Math.hypot(v[0] + s[INVERSE_MASS_AXES] * px, v[1] + s[INVERSE_MASS_AXES + 1] * py, v[2] + s[INVERSE_MASS_AXES + 2] * pz);
    if (!(speed <= MAX_LINEAR_SPEED)) {
      throw new RangeError(`${where}: impulse ${show(impulse)} would give body ${this.id} a speed of ${show(speed)} m/s, more than the ${showBound(MAX_LINEAR_SPEED)} m/s allowed (README, "Limits")`);
    }
    const turning = Math.hypot(
      w[0] + (I[0] * lx + I[3] * ly + I[6] * lz), w[1] + (I[1] * lx + I[4] * ly + I[7] * lz), w[2] + (I[2] * lx + I[5] * ly + I[8] * lz),
    );
    if (!(turning <= MAX_ANGULAR_SPEED)) {
      throw new RangeError(`${where}: impulse ${show(impulse)} would turn body ${this.id} at ${show(turning)} rad/s, more than the ${showBound(MAX_ANGULAR_SPEED)} rad/s allowed (README, "Limits")`);
    }
  }

  /** ω += I⁻¹ L (world frame). */
  private addAngularImpulse(lx: number, ly: number, lz: number): void {
    const I = this.inverseInertiaWorld, w = this.angularVelocity;
    w[0] += I[0] * lx + I[3] * ly + I[6] * lz;
    w[1] += I[1] * lx + I[4] * ly + I[7] * lz;
    w[2] += I[2] * lx + I[5] * ly + I[8] * lz;
  }

}

const scratchAngular = new Float64Array(3);
const scratchSum = new Float64Array(3);

/** torque += (p − x) × f */
function addLeverTorque(
  torque: Float64Array,
  point: Float64Array,
  centre: Float64Array,
  fx: number,
  fy: number,
  fz: number,
): void {
  const rx = point[0] - centre[0], ry = point[1] - centre[1], rz = point[2] - centre[2];
  torque[0] += ry * fz - rz * fy;
  torque[1] += rz * fx - rx * fz;
  torque[2] += rx * fy - ry * fx;
}

function hasNonZero(v: Float64Array): boolean {
  return v[0] !== 0 || v[1] !== 0 || v[2] !== 0;
}

/** @internal What a body tells its world when the user sets its pose (the broadphase re-bounds it) or
 * gives it a pose target (the step sets its velocities). */
export interface PoseListener {
  poseEdited?(body: Body): void;
  kinematicTargetSet?(body: Body): void;
}

/** @internal What a body asks its world when its type changes (Body.setType): whether its joints allow
 * it (throws if not), and then before and after the change (contacts, islands, the broadphase). */
export interface TypeListener {
  checkBodyType?(body: Body, type: BodyType): void;
  bodyTypeChanging?(body: Body): void;
  bodyTypeChanged?(body: Body): void;
}

/** A kinematic body's pose target: none, set for the next step, or moved to in the last step. */
const KINEMATIC_NONE = 0, KINEMATIC_PENDING = 1, KINEMATIC_MOVING = 2;
