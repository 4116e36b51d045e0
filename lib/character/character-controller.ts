// A kinematic character controller: moves a kinematic body carrying a capsule through a level the way
// a walking game character moves, by sweeping the capsule (world.castShape's query) instead of letting
// contacts push it. Our own implementation of what Rapier's KinematicCharacterController and Jolt's
// CharacterVirtual do.
//
// Each frame the game asks for a displacement (its velocity times dt, gravity included) with
// `move(body, displacement)`; the controller finds how much of it the level allows and gives that to the
// body as its pose target for the next step (Body.moveKinematic). It owns no body and never steps the
// world. One move:
//
//   0. recover: moved out of the shapes it starts inside or within the skin gap of (recovery.ts).
//   1. ground: sweep the capsule down by offset + CHARACTER_GROUND_TOLERANCE; it is grounded when that
//      meets a walkable surface (no steeper than maxSlopeClimbAngle).
//   2. follow the ground: starting grounded and not rising (surface-rules.ts followGround), a move uphill
//      is slid along the ground's plane (as Jolt and Rapier do); a level or downhill one keeps its
//      horizontal part, and its downward part (the game's gravity) only settles the character onto the
//      ground, unless the ground is steeper than minSlopeSlideAngle, when it slides down it.
//   3. collide and slide, at most MAX_SLIDE_ITERATIONS sweeps: sweep along what is left of the move,
//      stop `offset` short of the first surface met (character-sweep.ts), record it, push it if it is a
//      dynamic body, and bend the rest of the move by that surface's slope (surface-rules.ts clip:
//      walk up walkable slopes, treat steeper ones as walls to horizontal motion, slide down slippery
//      ones). A move bent into a surface met before is kept to the crease between the two (Quake's and
//      Jolt's treatment of two constraint planes); into a third, it stops. What is left after the last
//      sweep is dropped. Starting grounded, a move stopped by a surface too steep to walk tries a step
//      first (step-up.ts).
//   4. snap to the ground: starting grounded and not rising, sweep down by up to snapToGround and
//      settle on the first walkable surface met, sliding down steeper ones on the way (a stair's
//      edge); if none is met the snap is undone and the character leaves the ground.
//   5. ground again (the result's `grounded`), and ride: grounded on a kinematic or dynamic body, the
//      character is carried as a point of that body over the coming step (to its pose target, or by its
//      velocities), a sweep that leaves that body out, and turned with it about up (the result's `yaw`).
//
// Pushing: each dynamic body the capsule runs into is given, at the hit point and along the push
// p = −normal, the impulse that brings that point's velocity along p up to the character's (the sweep's
// motion into the surface over the step's length), as a kinematic body pushing it through a contact
// would: J = m_eff Δv, m_eff = 1 / (1/m + (r × p)·I⁻¹(r × p)). Rapier's
// solve_character_collision_impulses applies the same kind of impulse, with a mass ratio
// m_b m_c / (m_b + m_c) for a character of mass m_c and the blocked remainder of the move as the
// velocity to reach; here m_c is the `mass` option (unlimited by default, as a kinematic body's):
// J = Δv / (1/m_eff + 1/m_c), the impulse of a perfectly inelastic meeting of the two, and J is at most
// maxStrength · dt (Jolt's CharacterVirtual clamps its push impulse to mMaxStrength · dt the same way). With the remainder as the target, a 1000 kg
// box walked into at 2 m/s went on at 0.92 m/s in the test scene (the part of the move that the box's
// own motion makes room for does not count), with the character's speed at 1.88 m/s. The impulse is
// reported in the collision's `impulse`, N·s.
//
// The step's length (to turn displacements into velocities for pushing, and for platforms moving at a
// set velocity) is estimated as the world's time advance per step between moves, 1/60 s until the world
// has stepped.
//
// `move` creates no objects but its result (the result, its displacement, its collisions array and
// their records): every sweep writes into the controller's scratch arrays (World.sweepShape).

import { Body } from '../body/body.js';
import { Shape } from '../geometry/shape.js';
import { CAPSULE } from '../geometry/shapes/capsule.js';
import { integrateOrientation, quatMultiply, rotationMatrix } from '../math/quat.js';
import { readDirection, readFiniteVector, requireNonNegative, requirePositive, requirePositiveOrInfinity, show } from '../util/validate.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { makeReadOnly } from '../util/read-only.js';
import { CharacterSweep, type CharacterWorld } from './character-sweep.js';
import { PenetrationRecovery } from './recovery.js';
import { StepUp } from './step-up.js';
import { SurfaceRules } from './surface-rules.js';
import type { Vector3Input } from '../util/vector-input.js';

export type { CharacterWorld } from './character-sweep.js';

/** The character's capsule: the segment from (0, −halfHeight, 0) to (0, halfHeight, 0) of its body's
 * frame, swept by radius (as lib's capsule shape). */
export interface CharacterCapsuleOptions {
  /** 'capsule', or left out. */
  type?: 'capsule';
  /** m, > 0. */
  radius: number;
  /** m, ≥ 0: half the length of the segment between the two hemispheres' centres. */
  halfHeight: number;
}

export interface CharacterControllerOptions {
  /** The capsule swept for the character, centred on its body's origin along the body's y axis. */
  shape: CharacterCapsuleOptions;
  /** Which way is up (normalized). Default [0, 1, 0]. */
  up?: Vector3Input;
  /** Radians in [0, π/2): the steepest slope the character walks up and stands on. Default π/4
   * (Rapier's max_slope_climb_angle). */
  maxSlopeClimbAngle?: number;
  /** Radians in [0, π/2]: on slopes steeper than this, downward motion slides down them; on gentler
   * ones it is taken out. Default π/4 (Rapier's min_slope_slide_angle). */
  minSlopeSlideAngle?: number;
  /** m, ≥ 0: the highest step (a riser's top above the feet) climbed without jumping; 0 disables
   * stepping. Default 0.25. */
  stepHeight?: number;
  /** m, ≥ 0: how far below a grounded character's new pose the ground is looked for and snapped to;
   * 0 disables snapping. Default 0.2. */
  snapToGround?: number;
  /** m, > 0: the gap kept between the capsule and every surface. Default 0.01. */
  offset?: number;
  /** kg, > 0: the character's mass in pushing dynamic bodies (as a body of this mass meeting them and
   * moving on with them); Infinity, the default, pushes as a kinematic body does. Jolt's
   * CharacterVirtual defaults to 70 kg. */
  mass?: number;
  /** N, > 0: the greatest force the character pushes a dynamic body with, an impulse of at most
   * maxStrength · dt a step; Infinity, the default, puts no bound. Jolt's CharacterVirtual mMaxStrength,
   * 100 N by default. */
  maxStrength?: number;
}

/** A surface the character's capsule ran into during a move. */
export interface CharacterCollision {
  body: Body;
  shape: Shape;
  /** Where the capsule touched it, world, m. */
  point: Float64Array;
  /** The surface's unit normal there, toward the character. */
  normal: Float64Array;
  /** How far the bare capsule (without the offset) had swept along that sweep's direction when it
   * touched, m. */
  distance: number;
  /** The impulse given to the body, N·s (world): nonzero only for a dynamic body pushed. */
  impulse: Float64Array;
}

export interface CharacterMoveResult {
  /** The displacement allowed, m (world), ground carrying included: the body's pose target is its
   * position plus this. */
  displacement: Float64Array;
  /** Standing on a walkable surface (no steeper than maxSlopeClimbAngle) within offset +
   * CHARACTER_GROUND_TOLERANCE below, after the move. */
  grounded: boolean;
  /** Each surface the move's sweeps ran into, in the order met (those the ground probes, steps and
   * snaps meet are not listed). */
  collisions: CharacterCollision[];
  /** rad: the turn about `up` of the kinematic or dynamic body the character stands on over the coming
   * step (right-handed about up, counterclockwise seen from above for y up); 0 when it stands on none.
   * The body's orientation target is turned by it too; a game that keeps its own facing angle adds it. */
  yaw: number;
}

/** The defaults (CharacterControllerOptions). */
export const DEFAULT_CHARACTER_CONTROLLER_OPTIONS = /* @__PURE__ */ Object.freeze({
  up: Object.freeze([0, 1, 0]),
  maxSlopeClimbAngle: Math.PI / 4,
  minSlopeSlideAngle: Math.PI / 4,
  stepHeight: 0.25,
  snapToGround: 0.2,
  offset: 0.01,
  mass: Infinity,
  maxStrength: Infinity,
});

/** How far beyond the skin gap a surface below still makes the character grounded, m. */
export const CHARACTER_GROUND_TOLERANCE = 0.02;
/** Sweeps per move (and per snap). */
const MAX_SLIDE_ITERATIONS = 4;
/** Moves shorter than this, m, are not swept. */
const MIN_MOVE = 1e-7;
/** The step length assumed until the world has stepped between two moves, s. */
const FIRST_STEP_LENGTH = 1 / 60;
/** sin 3°: surfaces whose normals are closer than this make no crease (keepOutOfPlanes). */
const NEAR_PARALLEL = 0.0523;
/** Surfaces a move is kept out of at once: the ground, then one per sweep. */
const MAX_PLANES = MAX_SLIDE_ITERATIONS + 1;

const OPTION_KEYS = optionKeys<CharacterControllerOptions>({
  shape: true, up: true, maxSlopeClimbAngle: true, minSlopeSlideAngle: true, stepHeight: true, snapToGround: true, offset: true,
  mass: true, maxStrength: true,
});
const SHAPE_KEYS = optionKeys<CharacterCapsuleOptions>({ type: true, radius: true, halfHeight: true });

export class CharacterController {
  /** The capsule's radius and half height, m. */
  readonly radius: number;
  readonly halfHeight: number;
  /** The unit up vector (a copy; changing it changes nothing). */
  readonly up: Float64Array;
  readonly maxSlopeClimbAngle: number;
  readonly minSlopeSlideAngle: number;
  readonly stepHeight: number;
  readonly snapToGround: number;
  readonly offset: number;
  readonly mass: number;
  readonly maxStrength: number;

  private readonly world: CharacterWorld;
  private readonly sweep: CharacterSweep;
  private readonly rules: SurfaceRules;
  private readonly stepper: StepUp;
  private readonly recovery: PenetrationRecovery;
  /** The up vector the controller works with, and −up. */
  private readonly upward: Float64Array;
  private readonly downward: Float64Array;

  // the move in progress
  private readonly desired = new Float64Array(3);
  private readonly start = new Float64Array(3);
  private readonly position = new Float64Array(3);
  private readonly remaining = new Float64Array(3);
  private readonly direction = new Float64Array(3);
  private readonly hitNormal = new Float64Array(3);
  private readonly saved = new Float64Array(3);
  /** The capsule's lowest point below its centre, along up, m. */
  private feetDepth = 0;
  private collisions: CharacterCollision[] = [];
  /** The ground found by the last probe. */
  private readonly groundNormal = new Float64Array(3);
  private groundBody: Body | null = null;
  /** How far the capsule may go down before its skin meets that ground, m. */
  private groundGap = 0;
  /** Normals of the surfaces the move is kept out of (3 each). */
  private readonly planes = new Float64Array(3 * MAX_PLANES);
  private planeCount = 0;
  /** The sweeps' excluded bodies: the character's; the character's and its ground's. */
  private readonly selfOnly: Body[] = [];
  private readonly selfAndGround: Body[] = [];
  // riding
  private readonly predictedPosition = new Float64Array(3);
  private readonly predictedOrientation = new Float64Array(4);
  private readonly predictedRotation = new Float64Array(9);
  /** A turn (quaternion), and the body's orientation turned by the ground. */
  private readonly turn = new Float64Array(4);
  private readonly turned = new Float64Array(4);
  // pushing
  private readonly pointVelocity = new Float64Array(3);
  private readonly pushImpulse = new Float64Array(3);
  // the step length estimate
  private lastTime = 0;
  private lastStepCount = -1;
  private stepLength = FIRST_STEP_LENGTH;

  /** @internal Use world.createCharacterController. Checks every option before building anything. */
  constructor(world: CharacterWorld, options: CharacterControllerOptions) {
    const where = 'createCharacterController';
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, OPTION_KEYS);
    const shape = options.shape;
    if (shape === null || typeof shape !== 'object') {
      throw new TypeError(`${where}: shape must be capsule options { radius, halfHeight }, got ${show(shape)}`);
    }
    if (shape.type !== undefined && shape.type !== 'capsule') {
      throw new RangeError(`${where}: shape must be a capsule (type 'capsule' or no type), got type ${show(shape.type)}`);
    }
    checkOptionKeys(where, shape, SHAPE_KEYS, 'shape option');
    const defaults = DEFAULT_CHARACTER_CONTROLLER_OPTIONS;
    this.radius = requirePositive(where, 'shape.radius', shape.radius);
    this.halfHeight = requireNonNegative(where, 'shape.halfHeight', shape.halfHeight);
    this.up = readDirection(where, 'up', options.up ?? defaults.up, new Float64Array(3));
    this.maxSlopeClimbAngle = requireAngle(where, 'maxSlopeClimbAngle', options.maxSlopeClimbAngle ?? defaults.maxSlopeClimbAngle, false);
    this.minSlopeSlideAngle = requireAngle(where, 'minSlopeSlideAngle', options.minSlopeSlideAngle ?? defaults.minSlopeSlideAngle, true);
    this.stepHeight = requireNonNegative(where, 'stepHeight', options.stepHeight ?? defaults.stepHeight);
    this.snapToGround = requireNonNegative(where, 'snapToGround', options.snapToGround ?? defaults.snapToGround);
    this.offset = requirePositive(where, 'offset', options.offset ?? defaults.offset);
    this.mass = requirePositiveOrInfinity(where, 'mass', options.mass ?? defaults.mass, 'a kinematic body\'s unlimited mass');
    this.maxStrength = requirePositiveOrInfinity(where, 'maxStrength', options.maxStrength ?? defaults.maxStrength, 'no bound');

    this.world = world;
    this.upward = Float64Array.from(this.up);
    this.downward = Float64Array.from(this.up, (x) => -x);
    const capsule = new Shape(`${where}: shape`, { type: 'capsule', radius: this.radius, halfHeight: this.halfHeight }, { capsule: CAPSULE });
    this.sweep = new CharacterSweep(world, capsule, this.offset, this.halfHeight + this.radius);
    this.rules = new SurfaceRules(this.upward, this.maxSlopeClimbAngle, this.minSlopeSlideAngle);
    this.recovery = new PenetrationRecovery(world, capsule, this.sweep);
    this.stepper = new StepUp(this.sweep, this.rules, this.stepHeight, this.radius + this.offset, this.maxSlopeClimbAngle);
    // (the parts above hold copies: read-only at run time too, so a write cannot seem to take effect)
    makeReadOnly(this as CharacterController, [
      'radius', 'halfHeight', 'up', 'maxSlopeClimbAngle', 'minSlopeSlideAngle', 'stepHeight', 'snapToGround', 'offset', 'mass',
      'maxStrength',
    ]);
  }

  /**
   * Moves a kinematic `body` (of this controller's world, carrying the character's capsule) by as much
   * of `desiredDisplacement` (m, world: the game's velocity times dt, gravity included) as the level
   * allows, and sets the pose it reaches as the body's target for the next step (moveKinematic, its
   * orientation kept but turned about up with a platform it rides). Returns the displacement allowed,
   * whether the character stands on walkable ground afterwards, the surfaces it ran into (dynamic ones
   * pushed) and the ridden platform's turn (yaw). Call it once a frame before world.step(dt).
   */
  move(body: Body, desiredDisplacement: Vector3Input): CharacterMoveResult {
    const where = 'CharacterController.move';
    this.requireCharacter(where, body);
    const desired = readFiniteVector(where, 'desiredDisplacement', desiredDisplacement, 3, this.desired);
    const dt = this.estimateStepLength();
    const u = this.upward, position = this.position, remaining = this.remaining, sweep = this.sweep;
    this.selfOnly[0] = body;
    sweep.excluded = this.selfOnly;
    sweep.orientation = body.orientation;
    const R = body.rotation;
    this.feetDepth = this.halfHeight * Math.abs(R[3] * u[0] + R[4] * u[1] + R[5] * u[2]) + this.radius;
    this.collisions = [];
    this.start.set(body.position);
    position.set(body.position);

    // 0. out of what it starts inside (recovery.ts)
    this.recovery.recover(position, body.orientation, this.selfOnly);

    // 1, 2. the ground where the move starts, and the move made to follow it
    const startGrounded = this.probeGround();
    const rising = desired[0] * u[0] + desired[1] * u[1] + desired[2] * u[2] > 0;
    remaining.set(desired);
    this.planeCount = 0;
    if (startGrounded) {
      if (!rising) this.rules.followGround(remaining, this.groundNormal, this.groundGap);
      this.addPlane(this.groundNormal);
    }
    // 3. collide and slide
    this.slide(startGrounded, dt);
    // 4. snap to the ground
    if (startGrounded && !rising && this.snapToGround > 0) this.snap();
    // 5. the ground now, and riding it
    const grounded = this.probeGround();
    const ground = this.groundBody;
    let yaw = 0;
    if (grounded && ground !== null && ground.type !== 'static') yaw = this.ride(body, ground, dt);

    if (yaw === 0) body.moveKinematic(position);
    else body.moveKinematic(position, this.turnAboutUp(body.orientation, yaw));
    const displacement = new Float64Array(3);
    for (let k = 0; k < 3; k++) displacement[k] = position[k] - this.start[k];
    return { displacement, grounded, collisions: this.collisions, yaw };
  }

  private requireCharacter(where: string, body: unknown): asserts body is Body {
    if (!(body instanceof Body)) throw new TypeError(`${where}: body must be a Body, got ${show(body)}`);
    if (body.owner !== this.world) {
      throw new RangeError(`${where}: body ${body.id} is not in this controller's world${body.owner === null ? ' (removed)' : ''}`);
    }
    if (body.type !== 'kinematic') {
      throw new RangeError(`${where}: body ${body.id} is ${body.type}; a character controller moves a kinematic body (createBody({ type: 'kinematic', ... }))`);
    }
  }

  /** The world's time per step since the last move (kept when it has not stepped since). */
  private estimateStepLength(): number {
    const steps = this.world.stepCount, time = this.world.time;
    if (this.lastStepCount < 0) {
      if (steps > 0) this.stepLength = time / steps;
    } else if (steps > this.lastStepCount) {
      this.stepLength = (time - this.lastTime) / (steps - this.lastStepCount);
    }
    this.lastStepCount = steps;
    this.lastTime = time;
    return this.stepLength;
  }

  /** Whether walkable ground lies within offset + CHARACTER_GROUND_TOLERANCE below the capsule at `position`;
   * the surface met (walkable or not) is left in groundNormal and groundBody. */
  private probeGround(): boolean {
    const sweep = this.sweep;
    this.groundGap = sweep.advance(this.position, this.downward, CHARACTER_GROUND_TOLERANCE);
    if (!sweep.blocked) {
      this.groundBody = null;
      return false;
    }
    this.groundNormal.set(sweep.hit.normal);
    this.groundBody = sweep.hit.body;
    return this.rules.walkable(this.groundNormal);
  }

  /** Collide and slide `remaining` from `position` (step 3 above). */
  private slide(startGrounded: boolean, dt: number): void {
    const position = this.position, remaining = this.remaining, d = this.direction, sweep = this.sweep, n = this.hitNormal, u = this.upward;
    for (let iteration = 0; iteration < MAX_SLIDE_ITERATIONS; iteration++) {
      const length = Math.sqrt(remaining[0] * remaining[0] + remaining[1] * remaining[1] + remaining[2] * remaining[2]);
      if (length < MIN_MOVE) break;
      for (let k = 0; k < 3; k++) d[k] = remaining[k] / length;
      const allowed = sweep.advance(position, d, length);
      for (let k = 0; k < 3; k++) position[k] += allowed * d[k];
      if (!sweep.blocked) {
        remaining.fill(0);
        return;
      }
      for (let k = 0; k < 3; k++) remaining[k] -= allowed * d[k];
      const hitBody = sweep.hit.body as Body;
      n.set(sweep.hit.normal);
      this.record(length, dt);
      if (
        startGrounded && this.stepHeight > 0 && !hitBody.isDynamic && !this.rules.walkable(n) && this.rules.upness(n) > -1e-6 &&
        this.stepper.tryStep(position, remaining, position[0] * u[0] + position[1] * u[1] + position[2] * u[2] - this.feetDepth)
      ) {
        this.planeCount = 0;
        this.addPlane(this.stepper.landingNormal);
        continue;
      }
      this.rules.clip(remaining, n);
      this.keepOutOfPlanes(remaining, n);
      this.addPlane(n);
    }
    remaining.fill(0);
  }

  private addPlane(n: ArrayLike<number>): void {
    if (this.planeCount === MAX_PLANES) return;
    const at = 3 * this.planeCount++;
    for (let k = 0; k < 3; k++) this.planes[at + k] = n[k];
  }

  /**
   * A move just bent by the surface of normal n that now heads into one met before (move·n_j < 0) is
   * kept to their crease, the line n_j × n; if that heads into a third, or the two surfaces face each
   * other, the move stops. Two surfaces within 3° of each other (one wall met twice, its normal a little
   * different at a seam) make no crease: the part into the earlier one is taken out as well.
   */
  private keepOutOfPlanes(move: Float64Array, n: Float64Array): void {
    const planes = this.planes;
    for (let j = 0; j < this.planeCount; j++) {
      const a = 3 * j;
      const into = move[0] * planes[a] + move[1] * planes[a + 1] + move[2] * planes[a + 2];
      if (into >= -1e-12) continue;
      let cx = planes[a + 1] * n[2] - planes[a + 2] * n[1];
      let cy = planes[a + 2] * n[0] - planes[a] * n[2];
      let cz = planes[a] * n[1] - planes[a + 1] * n[0];
      const sine = Math.sqrt(cx * cx + cy * cy + cz * cz);
      const facing = planes[a] * n[0] + planes[a + 1] * n[1] + planes[a + 2] * n[2];
      if (sine < NEAR_PARALLEL && facing > 0) {
        for (let k = 0; k < 3; k++) move[k] -= into * planes[a + k];
        continue;
      }
      if (sine < 1e-6) {
        move.fill(0);
        return;
      }
      cx /= sine; cy /= sine; cz /= sine;
      const along = move[0] * cx + move[1] * cy + move[2] * cz;
      move[0] = along * cx; move[1] = along * cy; move[2] = along * cz;
      for (let k = 0; k < this.planeCount; k++) {
        const b = 3 * k;
        if (move[0] * planes[b] + move[1] * planes[b + 1] + move[2] * planes[b + 2] < -1e-12) {
          move.fill(0);
          return;
        }
      }
      return;
    }
  }

  /** Step 4: down by up to snapToGround onto the first walkable surface, sliding down steeper ones on
   * the way; undone when none is met. */
  private snap(): void {
    const position = this.position, move = this.remaining, d = this.direction, sweep = this.sweep;
    this.saved.set(position);
    for (let k = 0; k < 3; k++) move[k] = this.snapToGround * this.downward[k];
    for (let iteration = 0; iteration < MAX_SLIDE_ITERATIONS; iteration++) {
      const length = Math.sqrt(move[0] * move[0] + move[1] * move[1] + move[2] * move[2]);
      if (length < MIN_MOVE) break;
      for (let k = 0; k < 3; k++) d[k] = move[k] / length;
      const allowed = sweep.advance(position, d, length);
      for (let k = 0; k < 3; k++) position[k] += allowed * d[k];
      if (!sweep.blocked) break;
      if (this.rules.walkable(sweep.hit.normal)) {
        move.fill(0);
        return;
      }
      for (let k = 0; k < 3; k++) move[k] -= allowed * d[k];
      this.rules.slideDown(move, sweep.hit.normal);
    }
    position.set(this.saved);
    move.fill(0);
  }

  /**
   * Step 5: carried with the kinematic or dynamic body `ground` over the coming step, as a point of it
   * (a kinematic body to its pose target, or by its velocities; a dynamic one by its velocities, x + v dt
   * and q turned by ω dt, as the step would move it without forces: Jolt's CharacterVirtual carries its
   * character by the ground's velocity in the same way, CalculateCharacterGroundVelocity). Returns the
   * ground's turn about up over the step, rad: the twist about u of Δq = q_next q⁻¹, 2 atan2(Δq_v·u, Δq_w)
   * (swing-twist decomposition).
   */
  private ride(body: Body, ground: Body, dt: number): number {
    const position = this.position, carry = this.remaining, d = this.direction, u = this.upward;
    const p = this.predictedPosition, qn = this.predictedOrientation, R = ground.rotation, x = ground.position, Rn = this.predictedRotation;
    if (ground.type === 'kinematic') {
      ground.predictPose(dt, p, qn);
    } else {
      for (let k = 0; k < 3; k++) p[k] = x[k] + dt * ground.linearVelocity[k];
      qn.set(ground.orientation);
      integrateOrientation(qn, 0, ground.angularVelocity, 0, dt);
    }
    const q = ground.orientation, inverse = this.turn;
    inverse[0] = -q[0]; inverse[1] = -q[1]; inverse[2] = -q[2]; inverse[3] = q[3];
    const dq = quatMultiply(this.turn, qn, inverse);
    const sign = dq[3] < 0 ? -1 : 1;
    const yaw = 2 * Math.atan2(sign * (dq[0] * u[0] + dq[1] * u[1] + dq[2] * u[2]), sign * dq[3]);
    rotationMatrix(Rn, qn);
    // the character's place in the ground's frame, Rᵀ (position − x), then where the coming pose puts it
    const rx = position[0] - x[0], ry = position[1] - x[1], rz = position[2] - x[2];
    const lx = R[0] * rx + R[1] * ry + R[2] * rz;
    const ly = R[3] * rx + R[4] * ry + R[5] * rz;
    const lz = R[6] * rx + R[7] * ry + R[8] * rz;
    for (let k = 0; k < 3; k++) carry[k] = p[k] + Rn[k] * lx + Rn[3 + k] * ly + Rn[6 + k] * lz - position[k];
    const length = Math.sqrt(carry[0] * carry[0] + carry[1] * carry[1] + carry[2] * carry[2]);
    if (length < MIN_MOVE) {
      carry.fill(0);
      return yaw;
    }
    for (let k = 0; k < 3; k++) d[k] = carry[k] / length;
    this.selfAndGround[0] = body;
    this.selfAndGround[1] = ground;
    this.sweep.excluded = this.selfAndGround;
    const allowed = this.sweep.advance(position, d, length);
    for (let k = 0; k < 3; k++) position[k] += allowed * d[k];
    if (this.sweep.blocked) this.record(length, dt);
    this.sweep.excluded = this.selfOnly;
    carry.fill(0);
    return yaw;
  }

  /** q turned by `yaw` about up, (u sin(yaw/2), cos(yaw/2)) ⊗ q, into this.turned. */
  private turnAboutUp(q: Float64Array, yaw: number): Float64Array {
    const u = this.upward, turn = this.turn, s = Math.sin(0.5 * yaw);
    turn[0] = u[0] * s; turn[1] = u[1] * s; turn[2] = u[2] * s; turn[3] = Math.cos(0.5 * yaw);
    return quatMultiply(this.turned, turn, q);
  }

  /** Records the last sweep's hit as a collision; a dynamic body is pushed at the speed at which that
   * sweep (`length` m along `direction`) went into it. */
  private record(length: number, dt: number): void {
    const hit = this.sweep.hit, body = hit.body as Body, n = hit.normal, d = this.direction;
    const impulse = new Float64Array(3);
    if (body.isDynamic) {
      this.push(body, hit.point, n, -length * (d[0] * n[0] + d[1] * n[1] + d[2] * n[2]), dt);
      impulse.set(this.pushImpulse);
    }
    this.collisions.push({ body, shape: hit.shape as Shape, point: Float64Array.from(hit.point), normal: Float64Array.from(n), distance: hit.distance, impulse });
  }

  /**
   * Pushes a dynamic body hit at `point` (normal n, toward the character) by a sweep that went `depth`
   * m into it, along p = −n: the impulse that brings the point's velocity along p up to the
   * character's, depth / dt, J = Δv / (1/m + (r × p)·I⁻¹(r × p)) when Δv > 0, for a character of
   * unlimited mass and strength; left in pushImpulse (zero when none).
   */
  private push(body: Body, point: Float64Array, n: Float64Array, depth: number, dt: number): void {
    const impulse = this.pushImpulse;
    impulse.fill(0);
    if (!(depth > 0)) return;
    const v = body.getPointVelocity(this.pointVelocity, point);
    const change = depth / dt + (v[0] * n[0] + v[1] * n[1] + v[2] * n[2]);
    if (!(change > 0)) return;
    const x = body.position, px = -n[0], py = -n[1], pz = -n[2];
    const rx = point[0] - x[0], ry = point[1] - x[1], rz = point[2] - x[2];
    const cx = ry * pz - rz * py, cy = rz * px - rx * pz, cz = rx * py - ry * px;
    const I = body.inverseInertiaWorld;
    const wx = I[0] * cx + I[3] * cy + I[6] * cz;
    const wy = I[1] * cx + I[4] * cy + I[7] * cz;
    const wz = I[2] * cx + I[5] * cy + I[8] * cz;
    // the character as a body of mass m_c meeting the body: J = Δv / (1/m_eff + 1/m_c) (Rapier's
    // m_b m_c / (m_b + m_c)), then at most maxStrength · dt (Jolt's CharacterVirtual::HandleContact)
    const J = Math.min(change / (1 / body.mass + cx * wx + cy * wy + cz * wz + 1 / this.mass), this.maxStrength * dt);
    impulse[0] = J * px; impulse[1] = J * py; impulse[2] = J * pz;
    // its downward part is left out, so that the character does not press what it walks into into the
    // ground (Jolt's HandleContact likewise)
    const u = this.upward, down = impulse[0] * u[0] + impulse[1] * u[1] + impulse[2] * u[2];
    if (down < 0) for (let k = 0; k < 3; k++) impulse[k] -= down * u[k];
    body.applyLinearImpulse(impulse, point);
  }
}

/** An angle in radians: finite, in [0, π/2] (or [0, π/2) when `upToRight` is false). */
function requireAngle(where: string, name: string, value: unknown, upToRight: boolean): number {
  const top = Math.PI / 2;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > top || (!upToRight && value === top)) {
    throw new RangeError(`${where}: ${name} must be a finite number of radians in [0, π/2${upToRight ? ']' : ')'}, got ${show(value)}`);
  }
  return value;
}
