// A rigid body: mass, local inertia, and its state as gl-matrix-compatible Float64Arrays.
//
// Notation: centre of mass x (`position`), orientation q (`orientation`, x y z w),
// R = R(q) (`rotation`), v and ω (`linearVelocity`, `angularVelocity`), m⁻¹ (`inverseMass`),
// I_b⁻¹ (`inverseInertiaLocal`) and the world inverse inertia I⁻¹ = R I_b⁻¹ Rᵀ (`inverseInertiaWorld`).
// Static and kinematic bodies have m⁻¹ = 0 and I⁻¹ = 0, so the solver applies impulses to every body
// without asking what kind it is: the update is multiplied by zero.
//
// The class is the body's API; what it shares with Body2D is in body-base.ts, and its parts are files of
// their own, each mirrored by a file of the same name in lib/2d/: the options (body-options.ts), the mass
// and inertia (body-mass.ts), forces and impulses (body-forces.ts), the pose target (kinematic-motion.ts,
// over kinematic-target.ts) and the state snapshots and hashes hold (body-state-io.ts). What the step
// reads every substep (the state, updateInertia, the locks) stays here.

import { rotateDiagonal, rotateSymmetric } from '../math/mat3.js';
import { UNPOOLED, type Float64Allocator } from '../util/arena.js';
import { readBoundedVector, readPoint, readUnitQuaternion, requireBoolean, requireWritable, show } from '../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED } from '../limits.js';
import { MAX_SHAPES_PER_BODY, Shape, type ShapeOptions, type ShapeTypeTable } from '../geometry/shape.js';
import { quatConjugate, rotationMatrix, writeRotation } from '../math/quat.js';
import { addVec3, crossVec3, subtractVec3, transformMat3, transformQuat } from '../math/vec3.js';
import { BodyBase } from './body-base.js';
import { addAngularImpulse, addForce, addLinearImpulse, addTorque } from './body-forces.js';
import { placeShapes, readNewInertia, readShapesMass, readTypeMass, writeInverseMassAxes, writeMass, type MassValues } from './body-mass.js';
import { readBodyOptions, readForceThreshold, type BodyOptions } from './body-options.js';
export type { BodyOptions } from './body-options.js';
import { BODY_STATE, lockAngularVelocity, lockInverseInertia, lockLinearVelocity, readLocks } from './body-state.js';
import { interpolateOrientationInto, NO_PREVIOUS_POSE } from './interpolation.js';
import { KinematicMotion } from './kinematic-motion.js';
import type { BodyType } from './body-type.js';
import { notFinite, type InvalidQuantity } from './invalid-bodies.js';
import { asArray3, type QuaternionInput, type Vector3Input } from '../util/vector-input.js';

export type { BodyType };

const LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const POSITION = BODY_STATE.position, ORIENTATION = BODY_STATE.orientation, ROTATION = BODY_STATE.rotation;
const INVERSE_MASS = BODY_STATE.inverseMass, TRANSLATION_LOCKS = BODY_STATE.translationLocks;
const INVERSE_INERTIA = BODY_STATE.inverseInertia, INVERSE_INERTIA_LOCAL = BODY_STATE.inverseInertiaLocal;

const scratchVector = new Float64Array(3);
/** A body of a world that takes no shape types (the ground) can have no shapes. */
const NO_SHAPE_TYPES: ShapeTypeTable = {};
const scratchQuaternion = new Float64Array(4);
/** getShapeBounds' scratch: the shape's world centre and rotation, the body's rotation, the box. */
const boundsCentre = new Float64Array(3);
const boundsFrame = new Float64Array(9);
const boundsRotation = new Float64Array(9);
const boundsBox = new Float64Array(6);

/** @internal What a body tells its world of its shapes (world/basic-world.ts): before shapes from index
 * `from` on go or move to another index (their contacts end), after the list changed (the broadphase
 * follows), a shape resized (its proxy and contacts), and its centre of mass moved by `shift` in its own
 * axes (the joints' anchors on it). */
export interface ShapeListener {
  shapesChanging?(body: Body, from: number): void;
  shapesChanged?(body: Body): void;
  shapeResized?(body: Body, shape: Shape): void;
  centreMoved?(body: Body, shift: Float64Array): void;
}

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
  /** Collision shapes in the body frame, about the centre of mass (see BodyOptions.shapes). The array is
   * frozen and `shapes` cannot be assigned: addShape and removeShape put a new array in its place. */
  get shapes(): readonly Shape[] {
    return this._shapes;
  }
  private _shapes: readonly Shape[];
  /** How far the centre of mass has moved in the body's own axes since the body was made (or restored),
   * m, as shapes were added, removed or resized: a point fixed to the body at p about the centre then is
   * at p − centreShift now. (The three.js ObjectSync reads it, so an attached mesh stays where it was.) */
  readonly centreShift = new Float64Array(3);
  /** @internal This step's count of its contacts with static bodies (ContactSolver.prepare: a body meeting
   * static ones in one manifold takes impact rows there). */
  staticContacts = 0;
  /** The shape types its world takes (addShape's). */
  private readonly shapeTypes: ShapeTypeTable;
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

  /** @internal Continuous collision (the `ccd` accessor). */
  _ccd: boolean;
  /** @internal The `contactForceEventThreshold` accessor's value, N. */
  _contactForceEventThreshold: number;
  /** @internal True when I_b is diagonal (given as [Ix, Iy, Iz]): world tensors then take rotateDiagonal. */
  diagonalInertia = true;
  /** @internal The world axes rotation is locked about: bit k for axis k (BodyOptions.lockRotation). */
  rotationLocks = 0;
  /** @internal A kinematic body's pose target (moveKinematic): position (3), then orientation (4). */
  readonly kinematic = new KinematicMotion(this);

  /** @internal Use world.createBody. Validates every option before touching anything. */
  constructor(id: number, options: BodyOptions, owner: object, allocator: Float64Allocator = UNPOOLED, shapeTypes: ShapeTypeTable = NO_SHAPE_TYPES) {
    const values = readBodyOptions('createBody', options, id, shapeTypes);

    // Everything is valid: commit.
    super(id, owner, 12, 7, values.common, options.userData);
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
    this.type = values.type;
    this.isDynamic = values.type === 'dynamic';
    this.position.set(values.position);
    this.orientation.set(values.orientation);
    this.rotation.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    this.linearVelocity.set(values.linearVelocity);
    this.angularVelocity.set(values.angularVelocity);
    this.rotationLocks = values.rotationLocks;
    this.state[TRANSLATION_LOCKS] = values.translationLocks;
    this._ccd = values.ccd;
    this._contactForceEventThreshold = values.contactForceEventThreshold;
    this._shapes = Object.freeze(values.shapes);
    this.shapeTypes = shapeTypes;
    for (const shape of values.shapes) shape.holder = this;
    this.measureShapes();
    writeMass(this, values);
    if (this.isDynamic) {
      lockAngularVelocity(this.state, this.rotationLocks);
      lockLinearVelocity(this.state);
    }
  }

  /** @internal Its own numbers in snapshots and hashes (body-state-io.ts). */

  /** Continuous collision for this body (BodyOptions.ccd); can change between steps. */
  get ccd(): boolean {
    return this._ccd;
  }
  set ccd(value: boolean) {
    this.requireInWorld('ccd');
    this._ccd = requireBoolean('ccd', 'ccd', value);
  }
  /** Its contacts pressing harder than this, N, are reported to world.onContactForce
   * (BodyOptions.contactForceEventThreshold; Infinity: none); can change between steps. */
  get contactForceEventThreshold(): number {
    return this._contactForceEventThreshold;
  }
  set contactForceEventThreshold(value: number) {
    this.requireInWorld('contactForceEventThreshold');
    this._contactForceEventThreshold = readForceThreshold('contactForceEventThreshold', value);
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
    this.requireNewMass(where, mass);
    writeMass(this, readNewInertia(where, this, mass, inertia));
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
   * others. (The direct solver, which factors mass rather than inverse mass, clears the locked axes'
   * rows and columns of the body's block: solver/direct/tree-body-model.ts lockBlock.) Setting it stops
   * any turning about the axes it locks.
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
    writeInverseMassAxes(this.state);
    lockLinearVelocity(this.state);
    this.sleep.wake();
  }

  /** @internal Whether any axis is locked (the joints' blocks and the direct solver's body block treat
   * such a body apart: joints/parts/locked-rows.ts, solver/direct/tree-body-model.ts lockBlock). */
  get hasLockedAxes(): boolean {
    return this.rotationLocks !== 0 || this.state[TRANSLATION_LOCKS] !== 0;
  }
  /** @internal Whether a translation is locked (the direct solver leaves such a body's joints to the soft
   * step: solver/direct/tree-joint.ts isCandidate). */
  get hasLockedTranslation(): boolean {
    return this.state[TRANSLATION_LOCKS] !== 0;
  }

  /** Moves the body there at once (a teleport: it is drawn there, not interpolated from where it was). */
  setPosition(position: Vector3Input): void {
    this.requireInWorld('setPosition');
    readPoint('setPosition', 'position', position, 3, this.position);
    this.teleported();
    this.listener?.poseEdited?.(this);
  }

  /** Turns the body to a unit quaternion [x, y, z, w] at once (a teleport, as setPosition). */
  setOrientation(orientation: QuaternionInput): void {
    this.requireInWorld('setOrientation');
    readUnitQuaternion('setOrientation', 'orientation', orientation, this.orientation);
    this.updateInertia();
    this.teleported();
    this.listener?.poseEdited?.(this);
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
    return this.interpolatePosition(out, POSITION, 3);
  }

  /**
   * The orientation to draw, a unit quaternion [x, y, z, w] written to `out` (4 numbers) and returned:
   * as getInterpolatedPosition, along the shortest arc from the last step's start orientation to the
   * current one at a steady rate (slerp). Allocates nothing.
   */
  getInterpolatedOrientation<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedOrientation', out, 4);
    interpolateOrientationInto(out, this.previousPose, 3, this.state, ORIENTATION, this.interpolationFraction);
    return out;
  }

  /** Sets v, m/s. On a kinematic body this drops a pose target not yet reached (moveKinematic): the
   * body moves at the velocities it is given from then on. */
  setLinearVelocity(velocity: Vector3Input): void {
    this.requireInWorld('setLinearVelocity');
    this.requireMovable('setLinearVelocity', velocity);
    readBoundedVector('setLinearVelocity', 'velocity', velocity, 3, this.linearVelocity, MAX_LINEAR_SPEED, ' m/s');
    if (this.isDynamic) lockLinearVelocity(this.state);
    this.kinematic.drop();
    this.sleep.wake();
  }

  /** Sets ω, rad/s (world frame); on a kinematic body, drops its pose target as setLinearVelocity does. */
  setAngularVelocity(velocity: Vector3Input): void {
    this.requireInWorld('setAngularVelocity');
    this.requireMovable('setAngularVelocity', velocity);
    readBoundedVector('setAngularVelocity', 'velocity', velocity, 3, this.angularVelocity, MAX_ANGULAR_SPEED, ' rad/s');
    if (this.isDynamic) lockAngularVelocity(this.state, this.rotationLocks);
    this.kinematic.drop();
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
  moveKinematic(position: Vector3Input, orientation?: QuaternionInput): void {
    const where = 'moveKinematic';
    this.requireInWorld(where);
    this.requireKinematic(where);
    this.kinematic.aim(where, position, orientation);
    this.targetSet();
  }

  /** @internal Where the next step of dt will leave this body if nothing pushes it (kinematic-motion.ts). */
  predictPose(dt: number, outPosition: Float64Array, outOrientation: Float64Array): void {
    this.kinematic.predictPose(dt, outPosition, outOrientation);
  }

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

  // ---- shapes that change (Rapier's ColliderSet insert_with_parent and remove, Jolt's
  // BodyInterface::SetShape and NotifyShapeChanged) ----

  /**
   * Adds a shape made from `options` (as createBody's `shapes` take them, its position and orientation
   * in the body's axes about its centre of mass as it is now) and returns it. A dynamic body's mass,
   * centre of mass and inertia then come from its shapes' densities again, as createBody computes them
   * (a mass given by createBody or setMassProperties gives way to them; set one again after): the body
   * and its shapes stay where they are in the world, while its centre of mass, `position`, moves to the
   * shapes' new one, and the joints' anchors on it stay on the same points of the body. Its velocities are
   * kept as they are, those of the centre of mass (as Jolt and Rapier keep them): a shape added or
   * removed changes the body's momentum with its mass. The body wakes, and the contact search and the
   * queries see the new shape. Refused, changing nothing: a body removed from its world, bad options,
   * a shape its type may not carry (a plane or a mesh on a dynamic body), more than 2²¹ shapes, or
   * shapes whose mass or inertia would be out of range.
   */
  addShape(options: ShapeOptions): Shape {
    const where = 'addShape';
    this.requireInWorld(where);
    if (this._shapes.length >= MAX_SHAPES_PER_BODY) {
      throw new RangeError(`${where}: a body holds at most ${MAX_SHAPES_PER_BODY} shapes (2²¹), and body ${this.id} has ${this._shapes.length}`);
    }
    const shape = new Shape(where, options, this.shapeTypes);
    const allowed = shape.definition.bodyTypes;
    if (!allowed.includes(this.type)) {
      throw new RangeError(`${where}: a ${shape.type} only goes on a ${allowed.join(' or ')} body (it has no mass), and body ${this.id} is ${this.type}`);
    }
    // (a mesh on a dynamic body only when closed)
    const refused = shape.definition.refuse?.(shape, this.type) ?? null;
    if (refused !== null) throw new RangeError(`${where}: a ${shape.type} refused on ${this.type} body ${this.id}: ${refused}`);
    this.changeShapes(where, [...this._shapes, shape], this._shapes.length);
    return shape;
  }

  /**
   * Takes one of the body's shapes off it: its contacts end (onContactEnd at the next step), nothing
   * collides with it nor do queries see it, and it can no longer be resized. The mass properties follow
   * as for addShape. The last shape of a dynamic body may go: the body keeps its mass, inertia and
   * centre of mass, and collides with nothing (as a dynamic body made without shapes). The contacts of
   * the shapes after it in `shapes` start afresh (each shape's place in the list names it in the
   * contacts; those still touching begin again at the next step). Refused, changing nothing: a shape
   * that is not one of the body's, a body removed from its world, or shapes left whose mass would be out
   * of range.
   */
  removeShape(shape: Shape): void {
    const where = 'removeShape';
    this.requireInWorld(where);
    const index = this._shapes.indexOf(shape);
    if (index < 0) {
      const whose = shape instanceof Shape ? (shape.holder === null ? 'a shape removed from its body' : 'a shape of another body') : show(shape);
      throw new RangeError(`${where}: shape must be one of body ${this.id}'s shapes, got ${whose}`);
    }
    this.changeShapes(where, this._shapes.filter((other) => other !== shape), index);
  }

  /** @internal A shape of the body is about to be resized (ShapeHolder): the body must be in its world,
   * outside a step. */
  requireShapeChange(where: string): void {
    this.requireInWorld(where);
  }

  /** @internal One of its shapes has its new size (ShapeHolder): the mass properties follow (or it
   * throws, changing nothing, and the shape takes its old size back), then the world. */
  shapeResized(where: string, shape: Shape): void {
    const mass = this.isDynamic ? readShapesMass(where, this.id, this._shapes) : null;
    this.takeShapesMass(mass);
    this.shapeListener?.shapeResized?.(this, shape);
  }

  /** The shape list becomes `next` (checked: its mass, if dynamic, is in range), the shapes from index
   * `from` on having gone or moved. */
  private changeShapes(where: string, next: Shape[], from: number): void {
    const mass = this.isDynamic ? readShapesMass(where, this.id, next) : null;
    // every check passed: commit
    const listener = this.shapeListener;
    listener?.shapesChanging?.(this, from);
    for (const shape of this._shapes) if (!next.includes(shape)) shape.holder = null;
    for (const shape of next) shape.holder = this;
    this._shapes = Object.freeze(next);
    this.takeShapesMass(mass);
    listener?.shapesChanged?.(this);
  }

  /**
   * The shapes' mass properties (null: none, the body keeps its own) with their centre of mass c (body
   * frame, about the current one): the centre moves there and the shapes with it, x' = x + R c and
   * p_i' = p_i − c, so that x' + R p_i' = x + R p_i and nothing moves in the world (placeShapes); the
   * pose drawn between steps moves its centre alike, and the joints their anchors (Jolt's
   * Constraint::NotifyShapeChanged: local positions − ΔCOM). Then the body wakes.
   */
  private takeShapesMass(mass: (MassValues & { centre: Float64Array }) | null): void {
    if (mass !== null) {
      const c = mass.centre;
      placeShapes(this._shapes, c, this.rotation, this.position);
      if (this.previousPoseStep !== NO_PREVIOUS_POSE) {
        const previous = this.previousPose, R = rotationMatrix(boundsRotation, previous.subarray(3, 7));
        for (let k = 0; k < 3; k++) previous[k] += R[k] * c[0] + R[3 + k] * c[1] + R[6 + k] * c[2];
      }
      writeMass(this, mass);
      for (let k = 0; k < 3; k++) this.centreShift[k] += c[k];
      this.shapeListener?.centreMoved?.(this, c);
    }
    this.measureShapes();
    this.sleep.wake();
  }

  /** The world, told of the shapes' changes (ShapeListener), or null once removed. */
  private get shapeListener(): ShapeListener | null {
    return this.owner as ShapeListener | null;
  }

  /**
   * Makes the body dynamic, kinematic or static, keeping its shapes, joints and contacts, and wakes what
   * it touches. Made dynamic, its mass and inertia come from its shapes' densities again, as createBody
   * computes them (1 kg and a cube's inertia without solid shapes), and the body's position moves to the
   * shapes' centre of mass (the shapes are placed about it); made static, it stops. A kinematic body keeps
   * its velocity. Refused, changing nothing, when one of its shapes may not be on that type (a plane or
   * a mesh on a dynamic body) or a joint would be left between two bodies neither of which is dynamic.
   */
  setType(type: BodyType): void {
    const where = 'setType';
    if (!this.typeChanges(where, type)) return;
    this.shapes.forEach((shape, i) => {
      const allowed = shape.definition.bodyTypes;
      if (!allowed.includes(type)) {
        throw new RangeError(`${where}: shapes[${i}] of body ${this.id} is a ${shape.type}, which only a ${allowed.join(' or ')} body may have`);
      }
      const refused = shape.definition.refuse?.(shape, type) ?? null;
      if (refused !== null) throw new RangeError(`${where}: shapes[${i}] of body ${this.id} refused on a ${type} body: ${refused}`);
    });
    this.listener?.checkBodyType?.(this, type);
    const mass = readTypeMass(where, type, this);
    this.switchType(type);
    if (mass.centre !== null) {
      placeShapes(this.shapes, mass.centre, this.rotation, this.position);
      // (the shapes moved about the new centre: a stale extent gave other speculative margins than the
      // same body made dynamic from the start, or restored from a snapshot)
      this.measureShapes();
    }
    writeMass(this, mass);
    if (this.isDynamic) lockLinearVelocity(this.state);
    this.listener?.bodyTypeChanged?.(this);
  }

  /** Adds a force (N) for the next step, at `worldPoint` (m) or at the centre of mass. */
  applyForce(force: Vector3Input, worldPoint?: Vector3Input): void {
    this.requireInWorld('applyForce');
    addForce(this, force, worldPoint);
  }

  /** Adds a torque (N·m, world frame) for the next step. */
  applyTorque(torque: Vector3Input): void {
    this.requireInWorld('applyTorque');
    addTorque(this, torque);
  }

  /** Changes the velocity at once by an impulse (N·s) at `worldPoint` or at the centre of mass. */
  applyLinearImpulse(impulse: Vector3Input, worldPoint?: Vector3Input): void {
    this.requireInWorld('applyLinearImpulse');
    addLinearImpulse(this, impulse, worldPoint);
  }

  /** Changes the angular velocity at once by an angular impulse (N·m·s, world frame). */
  applyAngularImpulse(impulse: Vector3Input): void {
    this.requireInWorld('applyAngularImpulse');
    addAngularImpulse(this, impulse);
  }

  /** World velocity of a world point moving with the body: v + ω × (p − x). */
  getPointVelocity(out: Float64Array | number[], worldPoint: Vector3Input): Float64Array | number[] {
    requireWritable('getPointVelocity', out, 3);
    subtractVec3(scratchVector, asArray3(worldPoint, pointScratch), this.position);
    crossVec3(out, this.angularVelocity, scratchVector);
    return addVec3(out, out, this.linearVelocity);
  }

  /** World position of a point given in body axes relative to the centre of mass: x + R p. */
  getWorldPoint(out: Float64Array | number[], localPoint: Vector3Input): Float64Array | number[] {
    requireWritable('getWorldPoint', out, 3);
    transformMat3(out, asArray3(localPoint, pointScratch), this.rotation);
    return addVec3(out, out, this.position);
  }

  /** Body-axes coordinates of a world point: Rᵀ (p − x) = q⁻¹ (p − x) q. */
  getLocalPoint(out: Float64Array | number[], worldPoint: Vector3Input): Float64Array | number[] {
    requireWritable('getLocalPoint', out, 3);
    subtractVec3(out, asArray3(worldPoint, pointScratch), this.position);
    quatConjugate(scratchQuaternion, this.orientation);
    return transformQuat(out, out, scratchQuaternion);
  }

  /**
   * The world box of `shapes[index]` at the body's current pose, min x, y, z then max x, y, z (m),
   * written to `out` (6 numbers), which is returned: the shape's own bounds, as the contact search takes
   * them before growing them by the distance the step moves the body. A plane's box is all of space
   * (±Infinity). For drawing and queries between steps (a debug renderer's boxes); allocates nothing.
   */
  getShapeBounds<T extends Float64Array | number[]>(out: T, index: number): T {
    requireWritable('getShapeBounds', out, 6);
    const shapes = this._shapes;
    if (!Number.isInteger(index) || index < 0 || index >= shapes.length) {
      throw new RangeError(`getShapeBounds: index must be an integer from 0 to ${shapes.length - 1} (body ${this.id} has ${shapes.length} shapes), got ${show(index)}`);
    }
    const shape = shapes[index];
    // the shape's frame in the world: centre c = x + R p, rotation W = R S (as the contact search's ShapePose)
    const R = rotationMatrix(boundsRotation, this.orientation), S = shape.rotation, p = shape.position, x = this.position;
    for (let i = 0; i < 3; i++) boundsCentre[i] = x[i] + R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2];
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) boundsFrame[3 * j + i] = R[i] * S[3 * j] + R[3 + i] * S[3 * j + 1] + R[6 + i] * S[3 * j + 2];
    }
    shape.definition.bounds(shape, boundsCentre, boundsFrame, boundsBox);
    for (let k = 0; k < 6; k++) out[k] = boundsBox[k];
    return out;
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
}

/** A point given as an object (x, y, z), read into an array. */
const pointScratch = new Float64Array(3);
