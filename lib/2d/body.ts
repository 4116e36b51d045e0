// A rigid body in the plane: lib/body/body.ts specialized to 2D, with the same names where the quantity is
// the same. Position (x, y), angle θ (rad, counter-clockwise), rotation R = (cos θ, sin θ), velocity
// (vx, vy), angular velocity ω (scalar, rad/s), mass m and moment of inertia I about the centre of
// mass (a scalar in 2D: I⁻¹ needs no rotating, so there is no world inertia tensor to keep current).
// Static and kinematic bodies have m⁻¹ = 0 and I⁻¹ = 0, as in 3D.
//
// The class is the body's API over the parts it shares with Body (lib/body/body-base.ts,
// lib/body/kinematic-target.ts) and the 2D files named as the 3D ones: body-options.ts, body-mass.ts,
// body-forces.ts, kinematic-motion.ts and body-state-io.ts.

import type { BodyType } from '../body/body-type.js';
import type { InvalidQuantity } from '../body/invalid-bodies.js';
import { readBoundedVector, readPoint, requireFinite, requireWithin, requireWritable, show } from '../util/validate.js';
import { MAX_LINEAR_SPEED, MAX_TORQUE } from '../limits.js';
import { BodyBase } from '../body/body-base.js';
import { readForceThreshold } from '../body/body-options.js';
import { addForce, addLinearImpulse, addTorque } from './body-forces.js';
import { placeShapes, readNewInertia, readShapesMass, readTypeMass, writeMass } from './body-mass.js';
import { Shape2D, type Shape2DOptions } from './geometry/shape.js';
import { MAX_SHAPES_PER_BODY } from '../geometry/shape.js';
import { NO_PREVIOUS_POSE } from '../body/interpolation.js';
import { makeReadOnly } from '../util/read-only.js';
import { readAngularSpeed, readBodyOptions, requireShapeAllowed, type Body2DOptions } from './body-options.js';
export type { Body2DOptions } from './body-options.js';
import { BODY2D_STATE } from './body-state.js';
import { KinematicMotion2D } from './kinematic-motion.js';
import { writeSinCos, wrapAngleAt, wrapAngleToPi } from '../math/portable.js';
import { asArray2, type Vector2Input } from '../util/vector-input.js';

const LINEAR_VELOCITY = BODY2D_STATE.linearVelocity, ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const POSITION = BODY2D_STATE.position, ANGLE = BODY2D_STATE.angle, ROTATION = BODY2D_STATE.rotation;
const INVERSE_MASS = BODY2D_STATE.inverseMass, INVERSE_INERTIA = BODY2D_STATE.inverseInertia;

/** @internal What a body tells its world of its shapes (World2D; lib/body/body.ts ShapeListener in 3D):
 * before the shapes from index `from` on go or change places, after the change, and when the centre of
 * mass moved by `shift` (body axes) with the shapes about it. */
export interface ShapeListener2D {
  shapesChanging?(body: Body2D, from: number): void;
  shapesChanged?(body: Body2D): void;
  centreMoved?(body: Body2D, shift: Float64Array): void;
}

/** updateRotation's angle, sine and cosine. */
const sinCos = new Float64Array(3);

export class Body2D extends BodyBase {
  /** 'dynamic', 'static' or 'kinematic'; changed with setType. */
  readonly type: BodyType;
  readonly isDynamic: boolean;

  /** @internal The solver's view of the body in one array (see BODY2D_STATE); the public vectors are
   * views into it. */
  readonly state = new Float64Array(BODY2D_STATE.size);
  /** @internal A kinematic body's pose target (moveKinematic): x, y, θ. */
  readonly kinematic = new KinematicMotion2D(this);
  readonly position = this.state.subarray(POSITION, POSITION + 2);
  readonly linearVelocity = this.state.subarray(LINEAR_VELOCITY, LINEAR_VELOCITY + 2);
  /** (cos θ, sin θ), current after every step and setter. */
  readonly rotation = this.state.subarray(ROTATION, ROTATION + 2);

  /** Force (N) and torque (N·m) accumulated by applyForce/applyTorque, cleared after each step. */
  readonly force = new Float64Array(2);
  /** @internal The torque the step reads (the setter checks it). */
  _torque = 0;
  /** N·m, counter-clockwise: a finite number; cleared after each step (applyTorque adds to it). */
  get torque(): number {
    return this._torque;
  }
  set torque(value: number) {
    this.requireInWorld('torque');
    this._torque = requireWithin('torque', 'torque', requireFinite('torque', 'torque', value), -MAX_TORQUE, MAX_TORQUE, ' N·m');
  }

  /** @internal kg·m²; Infinity for static and kinematic bodies (the `inertia` getter). */
  _inertia = Infinity;
  /** @internal The `contactForceEventThreshold` accessor's value, N. */
  _contactForceEventThreshold: number;
  /** Contacts of this body pressing harder than this over a step, N, are reported to world.onContactForce
   * (Body2DOptions.contactForceEventThreshold; Infinity: none); can change between steps. */
  get contactForceEventThreshold(): number {
    return this._contactForceEventThreshold;
  }
  set contactForceEventThreshold(value: number) {
    this.requireInWorld('contactForceEventThreshold');
    this._contactForceEventThreshold = readForceThreshold('contactForceEventThreshold', value);
  }

  /** Collision shapes in the body frame, about the centre of mass (see Body2DOptions.shapes), each knowing
   * its body and its index here. The array is frozen and `shapes` cannot be assigned: addShape and
   * removeShape put a new array in its place. */
  get shapes(): readonly Shape2D[] {
    return this._shapes;
  }
  private _shapes: readonly Shape2D[];
  /** How far the centre of mass has moved in the body frame since createBody, m: setType making the body
   * dynamic moves it to its shapes' centroid (as Body.centreShift: a point fixed to the body at p about
   * the centre then is at p − centreShift now). */
  readonly centreShift = new Float64Array(2);

  /** @internal Use world.createBody. Validates every option before touching anything. */
  constructor(id: number, options: Body2DOptions, owner: object) {
    const values = readBodyOptions('createBody', options, id);

    // Everything is valid: commit.
    super(id, owner, 4, 3, values.common, options.userData);
    this.type = values.type;
    this.isDynamic = values.type === 'dynamic';
    this.position.set(values.position);
    this.linearVelocity.set(values.linearVelocity);
    this.state[ANGLE] = values.angle;
    this.state[ANGULAR_VELOCITY] = values.angularVelocity;
    this._contactForceEventThreshold = values.contactForceEventThreshold;
    writeMass(this, values);
    this.updateRotation();
    values.shapes.forEach((shape, i) => {
      shape.attach(this, i);
    });
    this._shapes = Object.freeze(values.shapes);
    makeReadOnly(this as Body2D, ['centreShift']);
  }

  /** @internal Its own numbers in snapshots and hashes (body-state-io.ts). */

  /** @internal The centre within `distance` of the rest pose's and the x axis, (cos θ, sin θ), within
   * `chord` of its rest direction (sleep.ts; the same sums as 3D's for a planar body). */
  isNearRestPose(distance: number, chord: number): boolean {
    const s = this.state, rest = this.sleep.restPose;
    const dx = s[POSITION] - rest[0], dy = s[POSITION + 1] - rest[1];
    if (dx * dx + dy * dy >= distance * distance) return false;
    const ex = s[ROTATION] - rest[2], ey = s[ROTATION + 1] - rest[3];
    return ex * ex + ey * ey < chord * chord;
  }
  /** @internal |v| < linear and |ω| < angular (sleep.ts; the same sums as 3D's for a planar body). */
  isSlowerThan(linear: number, angular: number): boolean {
    const v = this.linearVelocity, w = this.state[ANGULAR_VELOCITY];
    return v[0] * v[0] + v[1] * v[1] < linear * linear && w * w < angular * angular;
  }
  /** @internal The current pose becomes the rest pose. */
  setRestPose(): void {
    const s = this.state, rest = this.sleep.restPose;
    rest[0] = s[POSITION]; rest[1] = s[POSITION + 1];
    rest[2] = s[ROTATION]; rest[3] = s[ROTATION + 1];
  }
  /** @internal The first of position, angle and the velocities that is not finite, or null (the
   * world's check each step, as Body.nonFiniteQuantity: x · 0 is NaN only for a number not finite). */
  nonFiniteQuantity(): InvalidQuantity | null {
    const s = this.state;
    const z = s[POSITION] * 0 + s[POSITION + 1] * 0 + s[ANGLE] * 0 + s[LINEAR_VELOCITY] * 0 + s[LINEAR_VELOCITY + 1] * 0 + s[ANGULAR_VELOCITY] * 0;
    if (z === 0) return null;
    return !(s[POSITION] * 0 + s[POSITION + 1] * 0 === 0) ? 'position' : !(s[ANGLE] * 0 === 0) ? 'angle'
      : !(s[LINEAR_VELOCITY] * 0 + s[LINEAR_VELOCITY + 1] * 0 === 0) ? 'linearVelocity' : 'angularVelocity';
  }
  /** @internal Any velocity at all. */
  isMoving(): boolean {
    return this.linearVelocity[0] !== 0 || this.linearVelocity[1] !== 0 || this.state[ANGULAR_VELOCITY] !== 0;
  }
  /** @internal Zeroes v and ω (falling asleep). */
  stop(): void {
    this.linearVelocity.fill(0);
    this.state[ANGULAR_VELOCITY] = 0;
  }

  /** m⁻¹, kg⁻¹; 0 for static and kinematic bodies. */
  get inverseMass(): number {
    return this.state[INVERSE_MASS];
  }
  /** I about the centre of mass, kg·m²; Infinity for static and kinematic bodies. */
  get inertia(): number {
    return this._inertia;
  }
  /** I⁻¹; 0 for static and kinematic bodies. */
  get inverseInertia(): number {
    return this.state[INVERSE_INERTIA];
  }
  /** rad, counter-clockwise, in [−π, π]: the body's angle is wrapped whenever it changes (by the step,
   * a setter or a pose target), so it never grows with the turns the body makes and its sine and cosine
   * stay exact however long it spins. Count turns from angularVelocity if they matter. */
  get angle(): number {
    return this.state[ANGLE];
  }
  /** rad/s, counter-clockwise. */
  get angularVelocity(): number {
    return this.state[ANGULAR_VELOCITY];
  }

  /** Wraps the angle to [−π, π] and recomputes `rotation` from it (the setters and the step call it).
   * (sin and cos through writeSinCos's array, the same bits as sin and cos: a double returned from a
   * call V8 does not inline is boxed.) */
  updateRotation(): void {
    const s = this.state;
    if (!(s[ANGLE] >= -Math.PI && s[ANGLE] <= Math.PI)) wrapAngleAt(s, ANGLE);
    sinCos[0] = s[ANGLE];
    writeSinCos(sinCos);
    s[ROTATION] = sinCos[2];
    s[ROTATION + 1] = sinCos[1];
  }

  /** Moves the body there at once (a teleport: it is drawn there, not interpolated from where it was). */
  setPosition(position: Vector2Input): void {
    this.requireInWorld('setPosition');
    readPoint('setPosition', 'position', position, 2, this.position);
    this.teleported();
    this.listener?.poseEdited?.(this);
  }
  /** Turns the body to `angle` (rad, wrapped to [−π, π]) at once (a teleport, as setPosition). */
  setAngle(angle: number): void {
    this.requireInWorld('setAngle');
    this.state[ANGLE] = requireFinite('setAngle', 'angle', angle);
    this.updateRotation();
    this.teleported();
    this.listener?.poseEdited?.(this);
  }

  /** @internal The world, at the start of step number `stepNumber` (its stepCount once the step is
   * done), for each body the step moves: the current pose becomes the previous one. */
  recordPreviousPose(stepNumber: number): void {
    const s = this.state, previous = this.previousPose;
    previous[0] = s[POSITION]; previous[1] = s[POSITION + 1]; previous[2] = s[ANGLE];
    this.previousPoseStep = stepNumber;
  }

  /**
   * The centre of mass to draw (m), written to `out` (2 numbers) and returned: as in 3D,
   * `world.interpolationAlpha` of the way from where the last step started the body to where it is now;
   * the current position after `world.step(dt)` and for a body the last step did not move (asleep,
   * static, made or teleported since). Allocates nothing.
   */
  getInterpolatedPosition<T extends Float64Array | number[]>(out: T): T {
    requireWritable('getInterpolatedPosition', out, 2);
    return this.interpolatePosition(out, POSITION, 2);
  }

  /**
   * The angle to draw, rad in [−π, π]: 3D's getInterpolatedOrientation in the plane. Angles are wrapped,
   * so the blend takes the short way from the previous angle to the current one, as the 3D slerp does
   * (across the ±π seam it goes through π, not through 0; a body turning more than half a turn in one
   * step is drawn turning the other way, as in 3D).
   */
  getInterpolatedAngle(): number {
    const t = this.interpolationFraction;
    const angle = this.state[ANGLE];
    if (t === 1) return angle;
    const previous = this.previousPose[2];
    let turn = angle - previous;
    if (turn > Math.PI) turn -= 2 * Math.PI;
    else if (turn < -Math.PI) turn += 2 * Math.PI;
    const drawn = previous + t * turn;
    return drawn >= -Math.PI && drawn <= Math.PI ? drawn : wrapAngleToPi(drawn);
  }
  /** Sets v, m/s; on a kinematic body, drops a pose target not yet reached (as in 3D). */
  setLinearVelocity(velocity: Vector2Input): void {
    this.requireInWorld('setLinearVelocity');
    this.requireMovable('setLinearVelocity', velocity);
    readBoundedVector('setLinearVelocity', 'velocity', velocity, 2, this.linearVelocity, MAX_LINEAR_SPEED, ' m/s');
    this.kinematic.drop();
    this.sleep.wake();
  }
  /** Sets ω, rad/s; on a kinematic body, drops a pose target not yet reached (as in 3D). */
  setAngularVelocity(velocity: number): void {
    this.requireInWorld('setAngularVelocity');
    this.requireMovable('setAngularVelocity', velocity);
    this.state[ANGULAR_VELOCITY] = readAngularSpeed('setAngularVelocity', 'velocity', velocity);
    this.kinematic.drop();
    this.sleep.wake();
  }

  /**
   * Moves a kinematic body to a pose over the next step, as the 3D Body.moveKinematic: the step gives
   * it v = (x* − x) / dt and ω = (θ* − θ) / dt, and it ends the step exactly at `position` and `angle`
   * (rad, wrapped to [−π, π]; default: its angle now). θ* − θ is taken the short way, as the 3D body's
   * turn to a target orientation is: a target a whole turn ahead leaves the body where it is, and an
   * angle that grows without bound (t ω) drives the body at ω.
   */
  moveKinematic(position: Vector2Input, angle?: number): void {
    const where = 'moveKinematic';
    this.requireInWorld(where);
    this.requireKinematic(where);
    this.kinematic.aim(where, position, angle);
    this.targetSet();
  }

  /**
   * Makes the body dynamic, kinematic or static, as the 3D Body.setType: its shapes and joints kept
   * (refused when one would be left without a dynamic body), what it touches woken; made static, it
   * stops; a kinematic body keeps its velocity. Made dynamic, its mass and inertia come from its shapes'
   * densities again, as createBody computes them (1 kg and 1/6 kg·m² without shapes), and its position
   * moves to the shapes' centre of mass (the shapes are placed about it, and stay where they are in the
   * world; centreShift adds the move). Refused, changing nothing, when it has a segment or chain and is
   * made dynamic (they have no mass).
   */
  setType(type: BodyType): void {
    const where = 'setType';
    if (!this.typeChanges(where, type)) return;
    if (type === 'dynamic') {
      this.shapes.forEach((shape, i) => requireShapeAllowed(where, `shapes[${i}]`, shape, type, this.id));
    }
    this.listener?.checkBodyType?.(this, type);
    const mass = readTypeMass(where, type, this);
    this.switchType(type);
    if (mass.centre !== null) {
      const c = mass.centre;
      placeShapes(this.shapes, c, this.rotation, this.position);
      this.centreShift[0] += c[0];
      this.centreShift[1] += c[1];
    }
    writeMass(this, mass);
    this.listener?.bodyTypeChanged?.(this);
  }

  // ---- shapes that change (as the 3D Body.addShape and removeShape) ----

  /**
   * Adds a shape made from `options` (as createBody's `shapes` take them, its position and angle in the
   * body's axes about its centre of mass as it is now) and returns it. A dynamic body's mass, centre of
   * mass and inertia then come from its shapes' densities again, as createBody computes them (a mass
   * given by createBody or setMassProperties gives way to them; set one again after): the body and its
   * shapes stay where they are in the world, while its centre of mass, `position`, moves to the shapes'
   * new one (centreShift adds the move), and the joints' anchors on it stay on the same points of the
   * body. Its velocities are kept, those of the centre of mass. The body wakes. Refused, changing
   * nothing: a body removed from its world, bad options, a segment or chain on a dynamic body, more than
   * 2²¹ shapes, or shapes whose mass or inertia would be out of range.
   */
  addShape(options: Shape2DOptions): Shape2D {
    const where = 'addShape';
    this.requireInWorld(where);
    if (this._shapes.length >= MAX_SHAPES_PER_BODY) {
      throw new RangeError(`${where}: a body holds at most ${MAX_SHAPES_PER_BODY} shapes (2²¹), and body ${this.id} has ${this._shapes.length}`);
    }
    const shape = new Shape2D(where, 'shape', options);
    requireShapeAllowed(where, 'shape', shape, this.type, this.id);
    this.changeShapes(where, [...this._shapes, shape], this._shapes.length);
    return shape;
  }

  /**
   * Takes one of the body's shapes off it (its `body` becomes null): its contacts end, nothing collides
   * with it. The mass properties follow as for addShape; the last solid shape of a dynamic body may go,
   * and the body keeps its mass, inertia and centre of mass. The shapes after it in `shapes` move up one
   * place (their `index`). Refused, changing nothing: a shape that is not one of the body's, a body
   * removed from its world, or shapes left whose mass would be out of range.
   */
  removeShape(shape: Shape2D): void {
    const where = 'removeShape';
    this.requireInWorld(where);
    const index = this._shapes.indexOf(shape);
    if (index < 0) {
      const whose = shape instanceof Shape2D ? (shape.body === null ? 'a shape removed from its body' : 'a shape of another body') : show(shape);
      throw new RangeError(`${where}: shape must be one of body ${this.id}'s shapes, got ${whose}`);
    }
    this.changeShapes(where, this._shapes.filter((other) => other !== shape), index);
  }

  /** The shape list becomes `next` (checked: its mass, if dynamic, is in range), the shapes from index
   * `from` on having gone or moved; the world is told before and after (ShapeListener2D). */
  private changeShapes(where: string, next: Shape2D[], from: number): void {
    const mass = this.isDynamic ? readShapesMass(where, this.id, next) : null;
    // every check passed: commit
    const listener = this.shapeListener;
    listener?.shapesChanging?.(this, from);
    for (const shape of this._shapes) {
      if (next.includes(shape)) continue;
      shape.attach(null, -1);
    }
    next.forEach((shape, i) => {
      shape.attach(this, i);
    });
    this._shapes = Object.freeze(next);
    if (mass !== null) {
      // x' = x + R c and p_i' = p_i − c: nothing moves in the world (placeShapes); the pose drawn between
      // steps moves its centre alike, and the joints their anchors
      const c = mass.centre;
      placeShapes(this._shapes, c, this.rotation, this.position);
      if (this.previousPoseStep !== NO_PREVIOUS_POSE) {
        const previous = this.previousPose;
        sinCos[0] = previous[2];
        writeSinCos(sinCos);
        previous[0] += sinCos[2] * c[0] - sinCos[1] * c[1];
        previous[1] += sinCos[1] * c[0] + sinCos[2] * c[1];
      }
      writeMass(this, mass);
      this.centreShift[0] += c[0];
      this.centreShift[1] += c[1];
      listener?.centreMoved?.(this, c);
    }
    this.sleep.wake();
    listener?.shapesChanged?.(this);
  }

  /** The world, told of the shapes' changes (ShapeListener2D), or null once removed. */
  private get shapeListener(): ShapeListener2D | null {
    return this.owner as ShapeListener2D | null;
  }

  /** Changes a dynamic body's mass (kg) and inertia (default: scaled with the mass). */
  setMassProperties(mass: number, inertia?: number): void {
    const where = 'setMassProperties';
    this.requireNewMass(where, mass);
    writeMass(this, readNewInertia(where, this, mass, inertia));
    this.sleep.wake();
  }

  /** Adds a force (N) for the next step, at `worldPoint` (m) or at the centre of mass. */
  applyForce(force: Vector2Input, worldPoint?: Vector2Input): void {
    this.requireInWorld('applyForce');
    addForce(this, force, worldPoint);
  }
  /** Adds a torque (N·m, counter-clockwise) for the next step. */
  applyTorque(torque: number): void {
    this.requireInWorld('applyTorque');
    addTorque(this, torque);
  }
  /** Changes the velocity at once by an impulse (N·s) at `worldPoint` or at the centre of mass. */
  applyLinearImpulse(impulse: Vector2Input, worldPoint?: Vector2Input): void {
    this.requireInWorld('applyLinearImpulse');
    addLinearImpulse(this, impulse, worldPoint);
  }

  /** World position of a point given in body axes relative to the centre of mass: x + R p. */
  getWorldPoint(out: Float64Array | number[], localPoint: Vector2Input): Float64Array | number[] {
    requireWritable('getWorldPoint', out, 2);
    const c = this.state[ROTATION], s = this.state[ROTATION + 1];
    const p = asArray2(localPoint, pointScratch), px = p[0], py = p[1];
    out[0] = this.position[0] + c * px - s * py;
    out[1] = this.position[1] + s * px + c * py;
    return out;
  }
  /** Body-axes coordinates of a world point: Rᵀ (p − x). */
  getLocalPoint(out: Float64Array | number[], worldPoint: Vector2Input): Float64Array | number[] {
    requireWritable('getLocalPoint', out, 2);
    const c = this.state[ROTATION], s = this.state[ROTATION + 1];
    const p = asArray2(worldPoint, pointScratch), dx = p[0] - this.position[0], dy = p[1] - this.position[1];
    out[0] = c * dx + s * dy;
    out[1] = -s * dx + c * dy;
    return out;
  }
  /** ½ m v·v + ½ I ω², J (0 for static and kinematic bodies). */
  getKineticEnergy(): number {
    if (!this.isDynamic) return 0;
    const v = this.linearVelocity, w = this.state[ANGULAR_VELOCITY];
    return 0.5 * this._mass * (v[0] * v[0] + v[1] * v[1]) + 0.5 * this._inertia * w * w;
  }
}

/** A point given as an object (x, y), read into an array. */
const pointScratch = new Float64Array(2);
