// A ray-cast vehicle (the raycast vehicle of Bullet's btRaycastVehicle, which cannon-es's RaycastVehicle
// and Rapier's DynamicRayCastVehicleController follow): a chassis body whose wheels are rays, not bodies.
// Each step, before world.step, update(dt) casts each wheel's ray from its hard point (fixed in the
// chassis) along its suspension direction, and where it touches applies to the chassis (and to a dynamic
// ground body, oppositely) at the contact point:
//
//   suspension   F = k (L₀ − L) / (−n·s) + c ṡ,  clamped to [0, maxSuspensionForce]        (N, along n,
//                a force for the coming step, integrated with gravity in its substeps)
//                with L the suspension's length (the hit distance less the radius, within L₀ ± travel),
//                s the suspension direction, n the ground's normal, ṡ the rate L shortens at (the
//                contact point's speed along n, over −n·s), c the compression or relaxation damping;
//   side         the impulse that stops the contact point's slip along the axle a (projected onto the
//                ground): λ_s = −v·a / (1/m + (r × a)·I⁻¹(r × a)) (+ the ground's own share);
//   forward      the engine's F_e h along f = n × a, or, with a brake, the impulse that stops rolling
//                along f, at most brake · h;
//   friction     (λ_f, λ_s) kept within the circle μ F h (frictionSlip μ): a wheel pushed past it skids,
//                both scaled back onto it;
// the side impulse applied at the contact point moved toward the chassis's centre of mass along its up
// axis by rollInfluence (0: at the centre's height, no roll; 1: at the contact) (Bullet's).
//
// Unlike Bullet's, the suspension's stiffness and damping are forces (N/m, N·s/m), not per chassis mass. The
// controller holds no state a snapshot keeps: make it again for a restored world (Rapier's likewise).

import type { Body } from '../body/body.js';
import type { RayHit } from '../collision/queries.js';
import { readDirection, readFiniteVector, requireFinite, requireNonNegative, requirePositive, requireWithin, show } from '../util/validate.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { BODY_STATE } from '../body/body-state.js';
import { addForceAt } from '../body/body-forces.js';
import { MAX_FORCE } from '../limits.js';
import type { Vector3Input } from '../util/vector-input.js';

/** One wheel: where it hangs from the chassis and how its suspension and tyre behave. */
export interface VehicleWheelOptions {
  /** The suspension's top (the hard point), in the chassis's axes, m. */
  connection: Vector3Input;
  /** The way the suspension extends, chassis axes. Default [0, −1, 0]. */
  direction?: Vector3Input;
  /** The axle, chassis axes. Default [−1, 0, 0]: with the default direction, forward (n × axle) is the
   * chassis's +z. */
  axle?: Vector3Input;
  /** The suspension's length at rest, m. */
  restLength: number;
  /** How far the suspension compresses or extends from rest, m. Default restLength (down to zero length). */
  maxTravel?: number;
  radius: number;
  /** N/m. */
  stiffness: number;
  /** N·s/m while compressing, and while extending. Default 1000 each. */
  compressionDamping?: number;
  relaxationDamping?: number;
  /** The tyre's friction coefficient with the ground: the largest friction impulse is μ F h. Default 1. */
  frictionSlip?: number;
  /** Largest suspension force, N. Default 1e6. */
  maxSuspensionForce?: number;
  /** 0 to 1: how high on the chassis the side force acts (see the header). Default 0.1. */
  rollInfluence?: number;
}

export interface VehicleControllerOptions {
  wheels: readonly VehicleWheelOptions[];
}

const WHEEL_KEYS = optionKeys<VehicleWheelOptions>({
  connection: true, direction: true, axle: true, restLength: true, maxTravel: true, radius: true, stiffness: true, compressionDamping: true,
  relaxationDamping: true, frictionSlip: true, maxSuspensionForce: true, rollInfluence: true,
});
const CONTROLLER_KEYS = optionKeys<VehicleControllerOptions>({ wheels: true });
const POSITION = BODY_STATE.position, ROTATION = BODY_STATE.rotation, LINEAR_VELOCITY = BODY_STATE.linearVelocity, ANGULAR_VELOCITY = BODY_STATE.angularVelocity;
const INVERSE_INERTIA = BODY_STATE.inverseInertia;

/** What the world gives the controller: its wheels' ray casts (World.castRaysInto). */
export interface VehicleWorld {
  /** @internal */
  castRaysInto(
    origins: Float64Array, directions: Float64Array, lengths: Float64Array, count: number, excluded: readonly Body[], out: readonly RayHit[], found: Uint8Array,
  ): void;
}

/** One wheel's settings and its state after the last update. */
export class VehicleWheel {
  readonly connection = new Float64Array(3);
  readonly direction = new Float64Array(3);
  readonly axle = new Float64Array(3);
  readonly restLength: number;
  readonly maxTravel: number;
  readonly radius: number;
  readonly stiffness: number;
  readonly compressionDamping: number;
  readonly relaxationDamping: number;
  readonly frictionSlip: number;
  readonly maxSuspensionForce: number;
  readonly rollInfluence: number;
  /** Steering, rad: the axle turned about the suspension direction's opposite (up). */
  steering = 0;
  /** Engine force, N, forward along the ground (positive rolls the wheel so the car goes forward). */
  engineForce = 0;
  /** Brake force, N (≥ 0). */
  brake = 0;
  /** After update: whether it touches, its suspension's length (m) and force (N), the contact point and
   * normal (world), the body touched, the friction impulses (N·s) and whether it skids. */
  inContact = false;
  suspensionLength = 0;
  suspensionForce = 0;
  readonly contactPoint = new Float64Array(3);
  readonly contactNormal = new Float64Array(3);
  groundBody: Body | null = null;
  forwardImpulse = 0;
  sideImpulse = 0;
  skidding = false;
  /** The wheel's spin angle about its axle (for drawing), rad, and its spin rate, rad/s. */
  rotation = 0;
  spinSpeed = 0;
  /** @internal The axle and forward directions on the ground, and up, at the last update (world). */
  readonly axleOnGround = new Float64Array(3);
  readonly forwardOnGround = new Float64Array(3);
  readonly up = new Float64Array(3);

  /** @internal Checked by the controller. */
  constructor(where: string, options: VehicleWheelOptions) {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, WHEEL_KEYS, 'wheel option');
    readFiniteVector(where, 'connection', options.connection, 3, this.connection);
    readDirection(where, 'direction', options.direction ?? [0, -1, 0], this.direction);
    readDirection(where, 'axle', options.axle ?? [-1, 0, 0], this.axle);
    const along = this.direction[0] * this.axle[0] + this.direction[1] * this.axle[1] + this.direction[2] * this.axle[2];
    if (Math.abs(along) > 1 - 1e-6) throw new RangeError(`${where}: axle must not be parallel to direction, got ${show(options.axle)}`);
    this.restLength = requirePositive(where, 'restLength', options.restLength);
    this.maxTravel = options.maxTravel === undefined ? this.restLength : requireNonNegative(where, 'maxTravel', options.maxTravel);
    this.radius = requirePositive(where, 'radius', options.radius);
    this.stiffness = requireWithin(where, 'stiffness', requirePositive(where, 'stiffness', options.stiffness), 0, MAX_FORCE, ' N/m');
    this.compressionDamping = requireNonNegative(where, 'compressionDamping', options.compressionDamping ?? 1000);
    this.relaxationDamping = requireNonNegative(where, 'relaxationDamping', options.relaxationDamping ?? 1000);
    this.frictionSlip = requireNonNegative(where, 'frictionSlip', options.frictionSlip ?? 1);
    this.maxSuspensionForce = requireWithin(where, 'maxSuspensionForce', requireNonNegative(where, 'maxSuspensionForce', options.maxSuspensionForce ?? 1e6), 0, MAX_FORCE, ' N');
    this.rollInfluence = requireWithin(where, 'rollInfluence', requireNonNegative(where, 'rollInfluence', options.rollInfluence ?? 0.1), 0, 1);
    this.suspensionLength = this.restLength;
  }
}

/** A ray-cast vehicle on a chassis body (World.createVehicleController). */
export class VehicleController {
  readonly chassis: Body;
  readonly wheels: readonly VehicleWheel[];
  private readonly world: VehicleWorld;
  private readonly excluded: Body[];
  // the wheels' rays, cast together (World.castRaysInto): from their hard points along their suspension
  // directions, as far as a wheel at full extension reaches
  private readonly origins: Float64Array;
  private readonly directions: Float64Array;
  private readonly lengths: Float64Array;
  private readonly hits: readonly RayHit[];
  private readonly found: Uint8Array;

  /** @internal Use world.createVehicleController. */
  constructor(world: VehicleWorld, chassis: Body, options: VehicleControllerOptions) {
    const where = 'createVehicleController';
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object { wheels }, got ${show(options)}`);
    checkOptionKeys(where, options, CONTROLLER_KEYS);
    if (!Array.isArray(options.wheels) || options.wheels.length === 0) throw new TypeError(`${where}: wheels must be a non-empty array, got ${show(options.wheels)}`);
    if (!chassis.isDynamic) throw new RangeError(`${where}: the chassis (body ${chassis.id}) must be dynamic, got ${chassis.type}`);
    this.wheels = options.wheels.map((wheel, i) => new VehicleWheel(`${where}: wheels[${i}]`, wheel));
    this.world = world;
    this.chassis = chassis;
    this.excluded = [chassis];
    const n = this.wheels.length;
    this.origins = new Float64Array(3 * n);
    this.directions = new Float64Array(3 * n);
    this.lengths = new Float64Array(n);
    this.found = new Uint8Array(n);
    this.hits = this.wheels.map(() => ({ body: null as unknown as Body, shape: null as never, distance: 0, point: new Float64Array(3), normal: new Float64Array(3) }));
  }

  /** Sets wheel i's steering (rad), engine force (N) and brake (N ≥ 0); each optional. */
  setWheel(i: number, control: { steering?: number; engineForce?: number; brake?: number }): void {
    const where = 'setWheel';
    const wheel = this.wheels[i];
    if (wheel === undefined) throw new RangeError(`${where}: wheel ${show(i)} is not one of the ${this.wheels.length} wheels`);
    const steering = control.steering === undefined ? wheel.steering : requireWithin(where, 'steering', requireFinite(where, 'steering', control.steering), -Math.PI, Math.PI, ' rad');
    const engine = control.engineForce === undefined ? wheel.engineForce : requireWithin(where, 'engineForce', requireFinite(where, 'engineForce', control.engineForce), -MAX_FORCE, MAX_FORCE, ' N');
    const brake = control.brake === undefined ? wheel.brake : requireWithin(where, 'brake', requireNonNegative(where, 'brake', control.brake), 0, MAX_FORCE, ' N');
    const changed = engine !== 0 || brake !== wheel.brake || steering !== wheel.steering;
    wheel.steering = steering;
    wheel.engineForce = engine;
    wheel.brake = brake;
    if (changed) this.chassis.wake();
  }

  /** The chassis's speed along its forward axis (+z of its axes), m/s. */
  get forwardSpeed(): number {
    const s = this.chassis.state, v = LINEAR_VELOCITY;
    return s[ROTATION + 6] * s[v] + s[ROTATION + 7] * s[v + 1] + s[ROTATION + 8] * s[v + 2];
  }

  /** Casts the wheels and applies their suspension and tyre impulses for a step of `dt` (call it before
   * world.step(dt)). Allocates nothing. */
  update(dt: number): void {
    const h = requirePositive('update', 'dt', dt);
    const chassis = this.chassis, s = chassis.state, wheels = this.wheels;
    // a sleeping chassis rests on its wheels: nothing to do until something wakes it
    if (!chassis.isAwake || chassis.owner === null) return;
    // the suspensions first, every one from the velocities the step begins with (applied one by one, each
    // wheel's damping would see the push of those before it: a car set down level pitched and crept), as
    // forces for the coming step: integrated in its substeps beside gravity, so a car at rest has no
    // velocity between steps and sags m g / 4k (as impulses once a step, the chassis kept −3/8 g h of
    // downward speed between steps, which the dampers read as compression: 19 % less sag, measured)
    this.castWheels(s);
    for (const wheel of wheels) {
      if (!wheel.inContact) continue;
      const n = wheel.contactNormal, f = wheel.suspensionForce;
      force[0] = n[0] * f; force[1] = n[1] * f; force[2] = n[2] * f;
      addForceAt(chassis, force, wheel.contactPoint);
      const ground = wheel.groundBody as Body;
      if (ground.isDynamic) {
        force[0] = -force[0]; force[1] = -force[1]; force[2] = -force[2];
        addForceAt(ground, force, wheel.contactPoint);
      }
    }
    // then the tyres, one after another (each from the velocities the ones before left): every wheel's
    // drive or brake along its forward direction, and then every wheel's side grip, each pair kept within
    // its friction circle (the drives first: a side grip solved between a left and a right drive saw the
    // turn the first gave the chassis, and a car driven straight drifted sideways, 9 mm/s at 2.5 m/s²)
    for (const wheel of wheels) {
      wheel.forwardImpulse = wheel.sideImpulse = 0;
      wheel.skidding = false;
      if (wheel.inContact) this.driveWheel(wheel, s, h);
    }
    for (const wheel of wheels) {
      if (wheel.inContact) this.gripWheel(wheel, h);
      wheel.rotation += wheel.spinSpeed * h;
    }
  }

  /** The wheels' rays, and where each touches its suspension's length and force (not applied yet). */
  private castWheels(s: Float64Array): void {
    const wheels = this.wheels, origins = this.origins, directions = this.directions;
    for (let i = 0; i < wheels.length; i++) {
      const wheel = wheels[i];
      toWorld(s, wheel.connection, true, hardPoint);
      toWorld(s, wheel.direction, false, down);
      for (let k = 0; k < 3; k++) {
        origins[3 * i + k] = hardPoint[k];
        directions[3 * i + k] = down[k];
      }
      this.lengths[i] = wheel.restLength + wheel.maxTravel + wheel.radius;
    }
    this.world.castRaysInto(origins, directions, this.lengths, wheels.length, this.excluded, this.hits, this.found);
    for (let i = 0; i < wheels.length; i++) this.suspend(wheels[i], i);
  }

  /** Wheel i's suspension length and force from its ray's hit. */
  private suspend(wheel: VehicleWheel, i: number): void {
    wheel.inContact = this.found[i] === 1;
    if (!wheel.inContact) {
      wheel.suspensionLength = wheel.restLength + wheel.maxTravel;
      wheel.suspensionForce = 0;
      wheel.groundBody = null;
      return;
    }
    const hit = this.hits[i], d = this.directions;
    down[0] = d[3 * i]; down[1] = d[3 * i + 1]; down[2] = d[3 * i + 2];
    const n = hit.normal;
    wheel.contactPoint.set(hit.point);
    wheel.contactNormal.set(n);
    wheel.groundBody = hit.body;
    wheel.suspensionLength = Math.min(Math.max(hit.distance - wheel.radius, wheel.restLength - wheel.maxTravel), wheel.restLength + wheel.maxTravel);
    // the rate the suspension shortens at: the contact point's speed into the ground, over −n·s
    relativeVelocity(this.chassis, hit.body, hit.point, slip);
    const denominator = -(n[0] * down[0] + n[1] * down[1] + n[2] * down[2]);
    const clipped = denominator > 0.1 ? 1 / denominator : 10;
    const closing = -(n[0] * slip[0] + n[1] * slip[1] + n[2] * slip[2]) * clipped;
    let force = wheel.stiffness * (wheel.restLength - wheel.suspensionLength) * clipped;
    force += (closing > 0 ? wheel.compressionDamping : wheel.relaxationDamping) * closing;
    wheel.suspensionForce = Math.min(Math.max(force, 0), wheel.maxSuspensionForce);
  }

  /** The wheel's axle and forward directions on the ground, and its drive (engine force) or brake along
   * forward, applied. */
  private driveWheel(wheel: VehicleWheel, s: Float64Array, h: number): void {
    const chassis = this.chassis, ground = wheel.groundBody as Body, n = wheel.contactNormal, p = wheel.contactPoint;
    toWorld(s, wheel.direction, false, down);
    wheel.up[0] = -down[0]; wheel.up[1] = -down[1]; wheel.up[2] = -down[2];
    // the axle in the world, turned by the steering about up (−s), flattened onto the ground
    const axle = wheel.axleOnGround, forward = wheel.forwardOnGround;
    steeredAxle(s, wheel, axle);
    const an = axle[0] * n[0] + axle[1] * n[1] + axle[2] * n[2];
    axle[0] -= an * n[0]; axle[1] -= an * n[1]; axle[2] -= an * n[2];
    const al = Math.sqrt(axle[0] * axle[0] + axle[1] * axle[1] + axle[2] * axle[2]);
    if (al < 1e-9) {
      wheel.inContact = false;
      return;
    }
    axle[0] /= al; axle[1] /= al; axle[2] /= al;
    // forward = n × axle
    forward[0] = n[1] * axle[2] - n[2] * axle[1]; forward[1] = n[2] * axle[0] - n[0] * axle[2]; forward[2] = n[0] * axle[1] - n[1] * axle[0];
    relativeVelocity(chassis, ground, p, slip);
    const rolling = slip[0] * forward[0] + slip[1] * forward[1] + slip[2] * forward[2];
    let along: number;
    if (wheel.engineForce !== 0) {
      along = wheel.engineForce * h;
    } else {
      writeEffectiveInverseMass(chassis, ground, p, forward);
      const stop = -rolling / numbers[K], most = wheel.brake * h;
      along = Math.min(Math.max(stop, -most), most);
    }
    wheel.forwardImpulse = along;
    numbers[LAMBDA] = along;
    applyImpulse(chassis, ground, p, forward);
    // the wheel rolls with the ground's speed past it
    wheel.spinSpeed = rolling / wheel.radius;
  }

  /** The side grip that stops the wheel's slip along its axle, and the pair (drive, side) kept within the
   * friction circle μ F h: past it the wheel skids, both scaled back onto it. */
  private gripWheel(wheel: VehicleWheel, h: number): void {
    const chassis = this.chassis, ground = wheel.groundBody as Body, p = wheel.contactPoint, axle = wheel.axleOnGround, up = wheel.up;
    relativeVelocity(chassis, ground, p, slip);
    writeEffectiveInverseMass(chassis, ground, p, axle);
    let side = -(slip[0] * axle[0] + slip[1] * axle[1] + slip[2] * axle[2]) / numbers[K];
    const along = wheel.forwardImpulse, most = wheel.frictionSlip * wheel.suspensionForce * h, size = Math.sqrt(along * along + side * side);
    wheel.skidding = size > most;
    if (wheel.skidding) {
      const scale = size > 0 ? most / size : 0;
      side *= scale;
      // the drive already applied, less what the circle does not allow
      numbers[LAMBDA] = along * scale - along;
      applyImpulse(chassis, ground, p, wheel.forwardOnGround);
      wheel.forwardImpulse = along * scale;
    }
    wheel.sideImpulse = side;
    // the side impulse at the contact point moved toward the centre's height (roll influence)
    const c = chassis.position;
    const height = (p[0] - c[0]) * up[0] + (p[1] - c[1]) * up[1] + (p[2] - c[2]) * up[2];
    const lower = (1 - wheel.rollInfluence) * height;
    sidePoint[0] = p[0] - lower * up[0]; sidePoint[1] = p[1] - lower * up[1]; sidePoint[2] = p[2] - lower * up[2];
    numbers[LAMBDA] = side;
    applyImpulse(chassis, ground, sidePoint, axle);
  }
}

const hardPoint = new Float64Array(3), down = new Float64Array(3);
const slip = new Float64Array(3), sidePoint = new Float64Array(3), arm = new Float64Array(3), turned = new Float64Array(3), force = new Float64Array(3);

/** A chassis-axes point (with its position) or direction into the world: x + R v, or R v. */
function toWorld(s: Float64Array, v: Float64Array, point: boolean, out: Float64Array): void {
  for (let k = 0; k < 3; k++) {
    out[k] = s[ROTATION + k] * v[0] + s[ROTATION + 3 + k] * v[1] + s[ROTATION + 6 + k] * v[2] + (point ? s[POSITION + k] : 0);
  }
}

/** The wheel's axle in the world, turned by its steering about up (−direction) (Rodrigues' formula). */
function steeredAxle(s: Float64Array, wheel: VehicleWheel, out: Float64Array): void {
  toWorld(s, wheel.axle, false, turned);
  const c = Math.cos(wheel.steering), sn = Math.sin(wheel.steering);
  // k = up = −down (a unit vector); v' = v c + (k × v) s + k (k·v)(1 − c)
  const kx = -down[0], ky = -down[1], kz = -down[2], v0 = turned[0], v1 = turned[1], v2 = turned[2];
  const kv = kx * v0 + ky * v1 + kz * v2;
  out[0] = v0 * c + (ky * v2 - kz * v1) * sn + kx * kv * (1 - c);
  out[1] = v1 * c + (kz * v0 - kx * v2) * sn + ky * kv * (1 - c);
  out[2] = v2 * c + (kx * v1 - ky * v0) * sn + kz * kv * (1 - c);
}

/** The chassis's point velocity at p less the ground body's there. */
function relativeVelocity(chassis: Body, ground: Body, p: ArrayLike<number>, out: Float64Array): void {
  pointVelocity(chassis.state, p, out, 1);
  if (ground.isDynamic) pointVelocity(ground.state, p, out, -1);
}
function pointVelocity(s: Float64Array, p: ArrayLike<number>, out: Float64Array, sign: number): void {
  const rx = p[0] - s[POSITION], ry = p[1] - s[POSITION + 1], rz = p[2] - s[POSITION + 2];
  const wx = s[ANGULAR_VELOCITY], wy = s[ANGULAR_VELOCITY + 1], wz = s[ANGULAR_VELOCITY + 2];
  const vx = s[LINEAR_VELOCITY] + wy * rz - wz * ry, vy = s[LINEAR_VELOCITY + 1] + wz * rx - wx * rz, vz = s[LINEAR_VELOCITY + 2] + wx * ry - wy * rx;
  if (sign > 0) {
    out[0] = vx; out[1] = vy; out[2] = vz;
  } else {
    out[0] -= vx; out[1] -= vy; out[2] -= vz;
  }
}

// The helpers' numbers: an effective inverse mass (K), an angular term (TERM) and an impulse (LAMBDA), in
// an array rather than as arguments and results: a double passed to or returned from a call V8 does not
// inline is boxed (measured: 2.5 KB a step for 20 cars).
const numbers = new Float64Array(3);
const K = 0, TERM = 1, LAMBDA = 2;

/** numbers[K] = 1/m + (r × d)·I⁻¹(r × d) for the chassis at p along d, plus the ground's when it is dynamic. */
function writeEffectiveInverseMass(chassis: Body, ground: Body, p: ArrayLike<number>, d: ArrayLike<number>): void {
  writeAngularTerm(chassis.state, p, d);
  numbers[K] = numbers[TERM] + chassis.inverseMass;
  if (!ground.isDynamic) return;
  writeAngularTerm(ground.state, p, d);
  numbers[K] += numbers[TERM] + ground.inverseMass;
}
/** numbers[TERM] = (r × d)·I⁻¹(r × d). */
function writeAngularTerm(s: Float64Array, p: ArrayLike<number>, d: ArrayLike<number>): void {
  const rx = p[0] - s[POSITION], ry = p[1] - s[POSITION + 1], rz = p[2] - s[POSITION + 2];
  arm[0] = ry * d[2] - rz * d[1]; arm[1] = rz * d[0] - rx * d[2]; arm[2] = rx * d[1] - ry * d[0];
  let sum = 0;
  for (let i = 0; i < 3; i++) {
    let row = 0;
    for (let j = 0; j < 3; j++) row += s[INVERSE_INERTIA + 3 * i + j] * arm[j];
    sum += arm[i] * row;
  }
  numbers[TERM] = sum;
}

/** An impulse λ d at p (λ = numbers[LAMBDA]) on the chassis, −λ d on a dynamic ground body. */
function applyImpulse(chassis: Body, ground: Body, p: ArrayLike<number>, d: ArrayLike<number>): void {
  if (numbers[LAMBDA] === 0) return;
  impulseAt(chassis, p, d, false);
  if (ground.isDynamic) impulseAt(ground, p, d, true);
}
function impulseAt(body: Body, p: ArrayLike<number>, d: ArrayLike<number>, negate: boolean): void {
  const s = body.state, m = body.inverseMass, lambda = negate ? -numbers[LAMBDA] : numbers[LAMBDA];
  const rx = p[0] - s[POSITION], ry = p[1] - s[POSITION + 1], rz = p[2] - s[POSITION + 2];
  const jx = lambda * d[0], jy = lambda * d[1], jz = lambda * d[2];
  s[LINEAR_VELOCITY] += m * jx; s[LINEAR_VELOCITY + 1] += m * jy; s[LINEAR_VELOCITY + 2] += m * jz;
  // Δω = I⁻¹ (r × J)
  const tx = ry * jz - rz * jy, ty = rz * jx - rx * jz, tz = rx * jy - ry * jx;
  for (let i = 0; i < 3; i++) {
    s[ANGULAR_VELOCITY + i] += s[INVERSE_INERTIA + 3 * i] * tx + s[INVERSE_INERTIA + 3 * i + 1] * ty + s[INVERSE_INERTIA + 3 * i + 2] * tz;
  }
}
