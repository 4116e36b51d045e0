// Limits, motor, servo and friction on one free axis of a joint: the hinge's angle, the prismatic
// joint's translation. Each is a use of one AxisConstraintPart row (axis-part.ts) with its own
// accumulated impulse and clamp; Box2D v3's revolute and prismatic joints solve the same four.
//
//   limit (lower)  C = x − lower ≥ 0, λ ≥ 0;  upper  C = upper − x ≥ 0 (the row for −x), λ ≥ 0.
//                  Inside the bound the row is speculative: bias = C / h lets the body approach the bound
//                  at up to C / h but not cross it within this substep, so a fast swing stops at the
//                  bound instead of one substep beyond it. Past the bound the row is soft, as every rigid
//                  joint row, pushing back at most MAX_PUSH_SPEED, and rigid against the drive pressing
//                  into it (solveLimitRow).
//   motor          Ċ → speed, |λ_acc| ≤ maxForce·h: a velocity row, solved in both passes. Solved before
//                  the limits, so a limit holds against any motor (as in Box2D and Jolt); a capped motor
//                  pressing into its limit pushes with its whole cap, which the limit carries. An uncapped
//                  one drives only as fast as the limits let it this substep (limitBias).
//   servo          Ċ + biasRate (x − target) → 0 with the servo's own spring (hertz, dampingRatio),
//                  |λ_acc| ≤ maxForce·h: solved once per substep, in the biased pass only, so each
//                  substep is exactly one implicit-Euler step of the spring (tested).
//   friction       Ċ → 0 with |λ_acc| ≤ friction·h: Coulomb joint friction (ragdolls use it to settle).
//
// x is an angle (rad) or a length (m); forces are N·m or N to match.

import { createSoftness, makeSoft, makeSpring, MAX_PUSH_ANGULAR_SPEED, MAX_PUSH_SPEED, type Softness } from '../../solver/softness.js';
import { readBounds, requireDamping, requireFinite, requireNonNegative, requireStiffness, requireWithin, show, requireDampingRatio } from '../../util/validate.js';
import { MAX_ANGULAR_SPEED, MAX_FORCE, MAX_HERTZ, MAX_JOINT_LENGTH, MAX_LINEAR_SPEED, MAX_TORQUE } from '../../limits.js';
import { ROW_BIAS, ROW_IMPULSE, ROW_IMPULSE_SCALE, ROW_LOWER, ROW_MASS_SCALE, ROW_UPPER, rowSolve } from '../../solver/row-solve.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import type { SubstepLength } from '../../solver/step-parts.js';

export type DriveMode = 'off' | 'velocity' | 'position';


/** What the drive needs of its row: the 3D AxisConstraintPart (axis-part.ts) or the 2D one. */
export interface AxisRow<B> {
  /** K⁻¹ of the row (0 when K is): a servo in physical units reads it (solve). */
  readonly effectiveMass: number;
  /** @internal v += M⁻¹ Jᵀ λ with λ = impulses[at]. */
  applyImpulseAt(bodyA: B, bodyB: B, impulses: ArrayLike<number>, at: number): void;
  /** @internal λ = −massScale K⁻¹ (sign·Ċ + bias) − impulseScale λ_acc with λ_acc = impulses[slot] clamped to
   * [lower, upper], applied as sign·λ; bias, massScale, impulseScale, lower and upper from rowSolve
   * (solver/row-solve.ts), which the caller sets just before. */
  solve(bodyA: B, bodyB: B, impulses: Float64Array, slot: number, sign: number): void;
}

const LOWER = 0, UPPER = 1, MOTOR = 2, SERVO = 3, FRICTION = 4;
/** The uses of the impulse slots, for messages. */
const SLOT_NAMES = ['lower limit', 'upper limit', 'motor', 'servo', 'friction'] as const;

export class AxisDrive {
  lower = -Infinity;
  upper = Infinity;
  mode: DriveMode = 'off';
  /** Velocity mode: target speed, rad/s or m/s. */
  speed = 0;
  /** Position mode: target position, rad or m. */
  target = 0;
  /** Position mode: spring frequency (0 = as stiff as the world's joints) and damping ratio. */
  servoHertz = 0;
  servoDampingRatio = 1;
  /** Position mode, a spring in physical units instead (either > 0): N·m/rad or N/m, and N·m·s/rad or
   * N·s/m. */
  servoStiffness = 0;
  servoDamping = 0;
  /** Largest motor or servo force, N·m or N. */
  maxForce = Infinity;
  /** Coulomb friction force, N·m or N (0 = none). */
  friction = 0;

  /** Accumulated impulses: lower limit, upper limit, motor, servo, friction. */
  readonly impulses = new Float64Array(5);
  /** The position x: the joint sets it before each prepare. */
  position = 0;
  /**
   * The last step's mean force (N) or torque (N·m) along the axis on body B: the motor's or servo's, and
   * the limits' (positive: the lower limit pushing toward larger x; negative: the upper one). A motor
   * pressing into its limit with nothing else acting reads motorForce = −limitForce.
   */
  motorForce = 0;
  limitForce = 0;
  private motorImpulseSum = 0;
  private limitImpulseSum = 0;
  private inverseH = 0;
  private h = 0;
  private readonly servoSoftness: Softness = createSoftness();

  /**
   * `wrap`: x is an angle, and the servo's error is taken on the shorter way round. [min, max]: where
   * limits may lie ([−π, π] for angles). `arc`: the limits are an arc of the circle (hinges; see
   * setAngle), and may lie anywhere in [−2π, 2π]; a side not given defaults to ±π.
   */
  constructor(readonly wrap: boolean, readonly min = -Infinity, readonly max = Infinity, readonly arc = false) {}

  /** Where an open side of the limits lies when only the other is given: ±π on an arc, else min, max. */
  private get defaultLower(): number {
    return this.arc ? -Math.PI : this.min;
  }
  private get defaultUpper(): number {
    return this.arc ? Math.PI : this.max;
  }
  /** True when the limits of an arc drive span a whole turn or more: every angle is allowed, and the
   * limits have no rows (Rapier's reading of revolute limits, https://github.com/dimforge/rapier/issues/499:
   * [−350°, 350°] leaves a hinge free). */
  get wholeTurn(): boolean {
    return this.arc && this.upper - this.lower >= 2 * Math.PI;
  }
  /** The limits that have rows: a finite lower (upper) bound that is not part of a whole turn. */
  get hasLower(): boolean {
    return this.lower > -Infinity && !this.wholeTurn;
  }
  get hasUpper(): boolean {
    return this.upper < Infinity && !this.wholeTurn;
  }

  /**
   * A hinge angle θ in (−π, π] as the drive's position. On an arc drive with limits, the limits are an
   * arc of the circle from lower to upper (Rapier's semantics, the page cited at wholeTurn): θ inside [lower, upper] is the
   * position as it is; else whichever of θ ± 2π, θ ± 4π lies nearest the arc (the least excess over a
   * limit; θ itself on a tie), so a range past half a turn such as [0, 3π/2] lets the joint pass ±π and
   * forbids (3π/2, 2π), and an angle in the forbidden arc is pushed back to the nearer limit. (Limits
   * within [−π, π] read θ as before unless θ is nearer the other limit the other way round.)
   */
  arcPosition(angle: number): number {
    arcScratch[0] = angle;
    this.arcPositionIn(arcScratch, 0);
    return arcScratch[0];
  }
  /** arcPosition of values[at], written back there. */
  private arcPositionIn(values: Float64Array, at: number): void {
    const angle = values[at];
    let x = angle;
    const lower = this.lower, upper = this.upper;
    if (this.arc && lower > -Infinity && upper < Infinity && (x < lower || x > upper)) {
      let excess = Math.max(lower - x, x - upper);
      for (let k = -2; k <= 2; k++) {
        const y = angle + 2 * Math.PI * k, e = Math.max(lower - y, y - upper);
        if (k !== 0 && e < excess) {
          excess = e;
          x = y;
        }
      }
    }
    values[at] = x;
  }
  /** @internal The position from a hinge angle (arcPosition), before each prepare. */
  setAngle(angle: number): void {
    this.position = this.arcPosition(angle);
  }
  /**
   * @internal setAngle for the unwrapped angle in values[at]: wrapped to (−π, π] (wrapAngle) and read as
   * arcPosition reads it, in the array (left there), so that no double crosses a call. A double passed to
   * or returned from a call V8 does not inline is boxed, and what V8 inlines into a joint's prepare varies
   * from one optimization to the next: measured on the 2D hanging chain of 1000 links, a prepare
   * reoptimized after the first angle past ±π called setAngle and wrapAngle out of line and allocated
   * 16 bytes a joint, 47 KB a step over its three prepares.
   */
  setAngleAt(values: Float64Array, at: number): void {
    wrapAngleIn(values, at);
    this.arcPositionIn(values, at);
    this.position = values[at];
  }

  /** True when any of the drive's rows can act: a finite limit, a motor or servo, or friction. */
  /**
   * True while the drive is working: a velocity motor with a nonzero target speed. Its joint then keeps
   * its bodies awake (sleep.ts): a motor that speeds up a heavy rotor stays slower than the sleep speeds
   * for a while, and would otherwise fall asleep before it got going (measured: a 670 kg·m² windmill on a
   * 30 N·m motor, after a blade held with the mouse was let go, accelerated at 0.045 rad/s² and could
   * sleep half a second later). A motor held still by something keeps pushing, so it stays awake too.
   * A servo is a spring toward its target, at rest when balanced against its load short of the target,
   * and a motor at speed 0 a brake: neither keeps its island awake.
   */
  get isDriving(): boolean {
    return this.mode === 'velocity' && this.speed !== 0 && this.maxForce > 0;
  }

  /** True when the servo's spring is given in physical units (stiffness or damping > 0). */
  get physicalServo(): boolean {
    return this.servoStiffness > 0 || this.servoDamping > 0;
  }

  get hasRows(): boolean {
    return this.hasLower || this.hasUpper || this.mode !== 'off' || this.friction > 0;
  }

  /** Limits, mode, targets, forces and accumulated impulses (snapshots). */
  saveState(writer: StateWriter): void {
    writer.writeLimit(this.lower);
    writer.writeLimit(this.upper);
    // (mode 3: a servo in physical units, whose stiffness and damping take the places of hertz and
    // dampingRatio)
    const physical = this.physicalServo;
    writer.write(this.mode === 'off' ? 0 : this.mode === 'velocity' ? 1 : physical ? 3 : 2);
    writer.write(this.speed);
    writer.write(this.target);
    writer.write(physical ? this.servoStiffness : this.servoHertz);
    writer.write(physical ? this.servoDamping : this.servoDampingRatio);
    writer.writeLimit(this.maxForce);
    writer.write(this.friction);
    writer.writeArray(this.impulses);
    writer.write(this.position);
    writer.write(this.motorForce);
    writer.write(this.limitForce);
  }
  loadState(reader: StateReader): void {
    this.lower = reader.read();
    this.upper = reader.read();
    const mode = reader.read();
    this.mode = mode === 0 ? 'off' : mode === 1 ? 'velocity' : 'position';
    this.speed = reader.read();
    this.target = reader.read();
    const first = reader.read(), second = reader.read();
    this.servoHertz = mode === 3 ? 0 : first;
    this.servoDampingRatio = mode === 3 ? 1 : second;
    this.servoStiffness = mode === 3 ? first : 0;
    this.servoDamping = mode === 3 ? second : 0;
    this.maxForce = reader.read();
    this.friction = reader.read();
    reader.readInto(this.impulses);
    this.position = reader.read();
    // (snapshots before version 3 had no drive readouts)
    if (reader.version >= 3) {
      this.motorForce = reader.read();
      this.limitForce = reader.read();
    }
  }

  /** After loadState (World.restore): the settings as setLimits, setMotor, setServo and setFriction check
   * them (`path`: the drive's place in the snapshot, for messages). */
  checkState(where: string, path: string): void {
    // (either side may be open: −Infinity below, Infinity above)
    const lower = this.lower === -Infinity ? this.defaultLower : this.lower, upper = this.upper === Infinity ? this.defaultUpper : this.upper;
    this.readLimits(where, `${path}.lower`, `${path}.upper`, lower, upper);
    this.requireSpeed(where, `${path}.speed`, this.speed);
    this.requireTarget(where, `${path}.target`, this.target);
    requireWithin(where, `${path}.servoHertz`, requireNonNegative(where, `${path}.servoHertz`, this.servoHertz), 0, MAX_HERTZ, ' Hz');
    requireDampingRatio(where, `${path}.servoDampingRatio`, this.servoDampingRatio);
    requireStiffness(where, `${path}.servoStiffness`, this.servoStiffness);
    requireDamping(where, `${path}.servoDamping`, this.servoDamping);
    this.requireForce(where, `${path}.maxForce`, this.maxForce, true);
    this.requireForce(where, `${path}.friction`, this.friction, false);
    // a use that is off keeps no impulse (clearInactive); a warm start would apply one kept there (an
    // unused friction impulse of 1e59, restored, was applied every substep and took the bodies to NaN)
    const p = this.impulses, unused = [!this.hasLower, !this.hasUpper, this.mode !== 'velocity', this.mode !== 'position', this.friction === 0];
    for (let slot = 0; slot < 5; slot++) {
      if (unused[slot] && p[slot] !== 0) {
        throw new RangeError(`${where}: ${path}.impulses[${slot}] must be 0 while its ${SLOT_NAMES[slot]} is off, got ${show(p[slot])}`);
      }
    }
  }

  /** Bounds lower ≤ upper within [min, max] (open sides: −Infinity below, Infinity above; an upper
   * bound of −Infinity or a lower one of Infinity is no bound but an impossible one, and its row's C was
   * Infinity, then NaN), each finite one within ±MAX_JOINT_LENGTH (angles lie within ±π already). */
  private readLimits(where: string, lowerName: string, upperName: string, lower: unknown, upper: unknown): [number, number] {
    const bounds = readBounds(where, lowerName, upperName, lower, upper, this.min, this.max);
    if (bounds[0] === Infinity) throw new RangeError(`${where}: ${lowerName} must be finite or -Infinity (none), got Infinity`);
    if (bounds[1] === -Infinity) throw new RangeError(`${where}: ${upperName} must be finite or Infinity (none), got -Infinity`);
    for (let k = 0; k < 2; k++) {
      const x = bounds[k];
      if (x !== -Infinity && x !== Infinity) requireWithin(where, k === 0 ? lowerName : upperName, x, -MAX_JOINT_LENGTH, MAX_JOINT_LENGTH, ' m');
    }
    return bounds;
  }
  /** A motor's speed: finite, within ±MAX_ANGULAR_SPEED rad/s or ±MAX_LINEAR_SPEED m/s (README,
   * "Limits"): a motor at 1e308 rad/s drove its bodies to Infinity. */
  private requireSpeed(where: string, name: string, value: unknown): number {
    const most = this.wrap ? MAX_ANGULAR_SPEED : MAX_LINEAR_SPEED;
    return requireWithin(where, name, requireFinite(where, name, value), -most, most, this.wrap ? ' rad/s' : ' m/s');
  }
  /** A servo's target: finite, in [min, max] and within ±MAX_JOINT_LENGTH. */
  private requireTarget(where: string, name: string, value: unknown): number {
    const target = requireFinite(where, name, value);
    if (target < this.min || target > this.max) {
      throw new RangeError(`${where}: ${name} must be in [${show(this.min)}, ${show(this.max)}], got ${show(target)}`);
    }
    return requireWithin(where, name, target, -MAX_JOINT_LENGTH, MAX_JOINT_LENGTH, ' m');
  }
  /** A largest force or torque (`infinity`: Infinity allowed, meaning none) or a friction force: ≥ 0 and
   * at most MAX_FORCE N or MAX_TORQUE N·m (README, "Limits"). */
  private requireForce(where: string, name: string, value: unknown, infinity: boolean): number {
    if (infinity && value === Infinity) return Infinity;
    return requireWithin(where, name, requireNonNegative(where, name, value), 0, this.wrap ? MAX_TORQUE : MAX_FORCE, this.wrap ? ' N·m' : ' N');
  }

  /** Reads a joint's drive options (checked first: nothing changes on bad input), with the names the
   * joint gives them, for messages. */
  configure(where: string, values: DriveOptions, names: DriveNames): void {
    let lower = this.lower, upper = this.upper;
    if (values.lower !== undefined || values.upper !== undefined) {
      [lower, upper] = this.readLimits(where, names.lower, names.upper, values.lower ?? this.defaultLower, values.upper ?? this.defaultUpper);
    }
    if (values.motor !== undefined && values.servo !== undefined) throw new RangeError(`${where}: give motor or servo, not both`);
    const friction = values.friction === undefined ? this.friction : this.requireForce(where, names.friction, values.friction, false);
    if (values.motor !== undefined) this.setMotor(where, values.motor);
    if (values.servo !== undefined) this.setServo(where, values.servo);
    this.lower = lower;
    this.upper = upper;
    this.friction = friction;
    this.clearInactive();
  }

  /** The drive as the options that configure it again (a joint's toOptions): its finite limits, its motor
   * or servo if one is on, its friction. */
  toOptions(): DriveOptions {
    const options: DriveOptions = { friction: this.friction };
    if (this.lower > -Infinity) options.lower = this.lower;
    if (this.upper < Infinity) options.upper = this.upper;
    if (this.mode === 'velocity') options.motor = { speed: this.speed, maxForce: this.maxForce };
    else if (this.mode === 'position') {
      const spring = this.physicalServo
        ? { stiffness: this.servoStiffness, damping: this.servoDamping }
        : { hertz: this.servoHertz, dampingRatio: this.servoDampingRatio };
      options.servo = { target: this.target, ...spring, maxForce: this.maxForce };
    }
    return options;
  }

  /** Sets the limits; (−Infinity, Infinity) removes them. */
  setLimits(where: string, lower: number, upper: number): void {
    const open = lower === -Infinity && upper === Infinity;
    [this.lower, this.upper] = open ? [lower, upper] : this.readLimits(where, 'lower', 'upper', lower, upper);
    this.clearInactive();
  }

  /** Checks motor options and switches to velocity mode. Nothing changes on bad input. */
  setMotor(where: string, options: MotorOptions): void {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: motor must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, MOTOR_OPTION_KEYS, 'motor option');
    const speed = this.requireSpeed(where, 'motor speed', options.speed);
    const maxForce = options.maxForce === undefined ? Infinity : this.requireForce(where, 'motor maxForce', options.maxForce, true);
    this.mode = 'velocity';
    this.speed = speed;
    this.maxForce = maxForce;
    this.clearInactive();
  }

  /** Checks servo options and switches to position mode. */
  setServo(where: string, options: ServoOptions): void {
    if (options === null || typeof options !== 'object') throw new TypeError(`${where}: servo must be an object, got ${show(options)}`);
    checkOptionKeys(where, options, SERVO_OPTION_KEYS, 'servo option');
    const target = this.requireTarget(where, 'servo target', options.target);
    const hertz = options.hertz === undefined ? 0 : requireWithin(where, 'servo hertz', requireNonNegative(where, 'servo hertz', options.hertz), 0, MAX_HERTZ, ' Hz');
    const dampingRatio = options.dampingRatio === undefined ? 1 : requireDampingRatio(where, 'servo dampingRatio', options.dampingRatio);
    if ((options.stiffness !== undefined || options.damping !== undefined) && (options.hertz !== undefined || options.dampingRatio !== undefined)) {
      throw new RangeError(`${where}: give the servo's spring as stiffness and damping or as hertz and dampingRatio, not both`);
    }
    const stiffness = options.stiffness === undefined ? 0 : requireStiffness(where, 'servo stiffness', options.stiffness);
    const damping = options.damping === undefined ? 0 : requireDamping(where, 'servo damping', options.damping);
    const maxForce = options.maxForce === undefined ? Infinity : this.requireForce(where, 'servo maxForce', options.maxForce, true);
    this.mode = 'position';
    this.target = target;
    this.servoHertz = hertz;
    this.servoDampingRatio = dampingRatio;
    this.servoStiffness = stiffness;
    this.servoDamping = damping;
    this.maxForce = maxForce;
    this.clearInactive();
  }

  /** Switches the motor or servo off. */
  disableMotor(): void {
    this.mode = 'off';
    this.clearInactive();
  }

  setFriction(where: string, value: number): void {
    this.friction = this.requireForce(where, where, value, false);
    this.clearInactive();
  }

  /** @internal The substep's coefficients, at `position` (set first: a field, not an argument, because a double
   * passed to a call V8 does not inline is boxed). */
  prepare(step: SubstepLength): void {
    const h = step.h;
    this.h = h;
    this.inverseH = 1 / h;
    if (this.mode === 'position') {
      if (this.physicalServo) makeSpring(this.servoSoftness, this.servoStiffness, this.servoDamping, h);
      else if (this.servoHertz > 0) makeSoft(this.servoSoftness, this.servoHertz, this.servoDampingRatio, h);
    }
  }

  /** λ_acc summed over the uses, as an impulse along the row (the upper limit pushes the other way). */
  totalImpulse(): number {
    const p = this.impulses;
    return p[LOWER] - p[UPPER] + p[MOTOR] + p[SERVO] + p[FRICTION];
  }

  /** @internal */
  warmStart<B>(part: AxisRow<B>, bodyA: B, bodyB: B): void {
    rowSolve[ROW_IMPULSE] = this.totalImpulse();
    if (rowSolve[ROW_IMPULSE] !== 0) part.applyImpulseAt(bodyA, bodyB, rowSolve, ROW_IMPULSE);
  }

  scale(ratio: number): void {
    const p = this.impulses;
    for (let i = 0; i < 5; i++) p[i] *= ratio;
  }

  /** @internal `limits`, `friction`: false while the direct solver holds the limit rows, the friction row. */
  solve<B>(part: AxisRow<B>, bodyA: B, bodyB: B, soft: Readonly<Softness>, useBias: boolean, limits = true, friction = true): void {
    const p = this.impulses, h = this.h;
    if (this.mode === 'position') {
      const physical = this.physicalServo, rigid = !physical && this.servoHertz === 0;
      if (rigid || useBias) {
        const s = rigid ? soft : this.servoSoftness;
        let C = this.position - this.target;
        if (this.wrap) C = wrapAngle(C);
        const max = this.maxForce * h;
        if (physical) {
          // one row of effective mass m = K⁻¹: (K + γ) Δλ = −(Ċ + βC/h + γ λ_acc) is the row's
          // Δλ = −massScale m (Ċ + bias) − impulseScale λ_acc with massScale = 1/(1 + γ m),
          // impulseScale = γ m/(1 + γ m) (softness.ts makeSpring)
          const gm = s.compliance * part.effectiveMass;
          setRow(s.biasRate * C, 1 / (1 + gm), gm / (1 + gm), -max, max);
        } else {
          setRow(s.biasRate * C, s.massScale, s.impulseScale, -max, max);
        }
        part.solve(bodyA, bodyB, p, SERVO, 1);
      }
    } else if (this.mode === 'velocity') {
      this.solveMotor(part, bodyA, bodyB, soft, limits);
    }
    if (friction && this.friction > 0) {
      const max = this.friction * h;
      setRow(0, 1, 0, -max, max);
      part.solve(bodyA, bodyB, p, FRICTION, 1);
    }
    if (!limits) return;
    // how hard the motor or servo presses into each limit (solveLimitRow holds that part rigidly)
    limitSolve[LIMIT_INVERSE_H] = this.inverseH;
    limitSolve[LIMIT_MAX_PUSH] = this.wrap ? MAX_PUSH_ANGULAR_SPEED : MAX_PUSH_SPEED;
    if (this.hasLower) {
      limitSolve[LIMIT_C] = this.position - this.lower;
      limitSolve[LIMIT_PRESSED] = -(p[MOTOR] + p[SERVO]);
      solveLimitRow(part, bodyA, bodyB, p, LOWER, 1, soft);
    }
    if (this.hasUpper) {
      limitSolve[LIMIT_C] = this.upper - this.position;
      limitSolve[LIMIT_PRESSED] = p[MOTOR] + p[SERVO];
      solveLimitRow(part, bodyA, bodyB, p, UPPER, -1, soft);
    }
  }

  /** m/s or rad/s: the fastest a limit pushes back (solveLimitRow). */
  private get maxPushSpeed(): number {
    return this.wrap ? MAX_PUSH_ANGULAR_SPEED : MAX_PUSH_SPEED;
  }

  /**
   * The velocity motor, Ċ → speed with |λ_acc| ≤ maxForce·h, as one problem with the limits on its axis
   * (the same row). Free, it drives toward its speed. Blocked (its speed lies beyond what a limit allows in
   * this solve: up to C/h inside the bound, the push back past it; limitBias) the exact answer of the two
   * rows together is:
   *  - a capped motor presses with its whole cap toward its speed, and the limit, solved next, takes the
   *    rest. (Solved one after the other, the motor would creep up to its cap by K⁻¹·speed each solve,
   *    over many steps: at 1 substep a 10⁴ N·m motor pressing a rod into its stop read 58 % of its cap
   *    after 5 s.)
   *  - an uncapped motor is a velocity constraint that asks for what the limit forbids: the two would push
   *    against each other ever harder, by K⁻¹·speed each solve, their readouts growing without bound (in
   *    Box2D and Jolt a motor is expected to have a cap). So it drives only as fast as the limit allows,
   *    which brings the body to the bound and holds it there, and the part of its impulse that the limit
   *    cancels (the same row pushed both ways: no motion, only an internal stress that warm starting kept,
   *    41 N·m on a rod the direct solver held at its stop) is dropped from both.
   * `limits` false: the direct solver holds the limit rows, with no push back (it moves the poses).
   */
  private solveMotor<B>(part: AxisRow<B>, bodyA: B, bodyB: B, soft: Readonly<Softness>, limits: boolean): void {
    const p = this.impulses, max = this.maxForce * this.h, speed = this.speed;
    const push = limits ? this.maxPushSpeed : 0;
    let reachable = speed, blocking = -1;
    if (speed < 0 && this.hasLower) {
      const slowest = -limitBias(this.position - this.lower, soft, this.inverseH, push);
      if (speed < slowest) {
        reachable = slowest;
        blocking = LOWER;
      }
    }
    if (speed > 0 && this.hasUpper) {
      const fastest = limitBias(this.upper - this.position, soft, this.inverseH, push);
      if (speed > fastest) {
        reachable = fastest;
        blocking = UPPER;
      }
    }
    if (blocking < 0) {
      setRow(-speed, 1, 0, -max, max);
      part.solve(bodyA, bodyB, p, MOTOR, 1);
    } else if (max < Infinity) {
      const pressed = speed > 0 ? max : -max;
      const change = pressed - p[MOTOR];
      p[MOTOR] = pressed;
      rowSolve[ROW_IMPULSE] = change;
      if (change !== 0) part.applyImpulseAt(bodyA, bodyB, rowSolve, ROW_IMPULSE);
    } else {
      // the motor's push into the limit (+ toward the upper one) and the limit's push back
      const into = blocking === UPPER ? p[MOTOR] : -p[MOTOR];
      const common = Math.min(Math.max(0, into), p[blocking]);
      p[MOTOR] -= blocking === UPPER ? common : -common;
      p[blocking] -= common;
      setRow(-reachable, 1, 0, -max, max);
      part.solve(bodyA, bodyB, p, MOTOR, 1);
    }
  }

  /** Adds this substep's impulses to the step's sums of the motor's (or servo's) and the limits' (the
   * joint's accumulateImpulse). */
  accumulate(): void {
    const p = this.impulses;
    this.motorImpulseSum += p[MOTOR] + p[SERVO];
    this.limitImpulseSum += p[LOWER] - p[UPPER];
  }
  /** @internal The step's sums as mean forces over dt (the joint's finishStep). */
  finishStep(dt: number): void {
    this.motorForce = this.motorImpulseSum / dt;
    this.limitForce = this.limitImpulseSum / dt;
    this.motorImpulseSum = 0;
    this.limitImpulseSum = 0;
  }
  /** Zeroes the readouts (a broken joint). */
  clearReadout(): void {
    this.motorForce = 0;
    this.limitForce = 0;
  }

  /** @internal The finite limits: rows the direct solver can hold (solver/direct/limits.ts); the lower one first. */
  get limitRowCount(): number {
    return (this.hasLower ? 1 : 0) + (this.hasUpper ? 1 : 0);
  }
  /** Limit row k's impulse slot in `impulses`. */
  limitSlot(k: number): number {
    return k === 0 && this.hasLower ? LOWER : UPPER;
  }
  /** @internal True with a motor or servo: rows the direct solver never holds (JointCore.hasDriveRows). */
  get hasDriveRows(): boolean {
    return this.mode !== 'off';
  }
  /** @internal The friction row, which the direct solver may hold (JointCore.frictionRowCount): 1 with friction. */
  get frictionRowCount(): number {
    return this.friction > 0 ? 1 : 0;
  }
  /** friction · h: the friction row's largest impulse in a substep. */
  get frictionImpulseBound(): number {
    return this.friction * this.h;
  }
  /** The friction row's impulse slot in `impulses`. */
  get frictionSlot(): number {
    return FRICTION;
  }
  /** Limit row k's sign (+1: the lower limit, C = x − lower; −1: the upper, C = upper − x) and C. */
  limitSign(k: number): number {
    return this.limitSlot(k) === LOWER ? 1 : -1;
  }
  limitError(k: number): number {
    return this.limitSlot(k) === LOWER ? this.position - this.lower : this.upper - this.position;
  }

  /** Zeroes the impulses of uses that are off (a limit cleared, the motor switched). */
  clearInactive(): void {
    const p = this.impulses;
    if (!this.hasLower) p[LOWER] = 0;
    if (!this.hasUpper) p[UPPER] = 0;
    if (this.mode !== 'velocity') p[MOTOR] = 0;
    if (this.mode !== 'position') p[SERVO] = 0;
    if (this.friction === 0) p[FRICTION] = 0;
  }

}

/**
 * One inequality row C ≥ 0 (for `sign` −1, the row of −Ċ), λ_acc ≥ 0 in impulses[slot]; C, 1/h,
 * `maxPush` and `pressed` written just before into limitSolve.
 *
 * Inside the bound (C > 0) speculative: bias C/h. Past it (C ≤ 0) soft with the pass's softness, as every
 * rigid joint row (rigid without bias in the relax pass), pushing back at most `maxPush` (m/s or rad/s):
 * a joint made 1 rad past its limit had been pushed out at biasRate·C = 105 rad/s, and its links, which
 * one relax sweep cannot stop again, flew off at 32 rad/s.
 *
 * `pressed`: the impulse the joint's own motor or servo presses into this limit with this substep (along
 * the row; ≤ 0 when it pulls away). The limit holds that part rigidly: the soft row's spring (its impulse
 * decay, impulseScale·λ) acts only on what the limit carries beyond it. A soft row under a motor is a
 * spring under a load, and an uncapped motor compressed it without bound (measured: a slider limited to
 * 0.5 m ended 6 m past it after 5 s; with a 10⁴ N motor, 7 cm): motor and limit are one mechanism, whose
 * stop does not give to its own drive. (A row rigid against everything, which also held it, fought the
 * soft rows of structures it was part of: a rope bridge of two ropes with planks welded across went
 * unstable, 3 kJ of kinetic energy within 10 s.)
 */
export function solveLimitRow<B>(part: AxisRow<B>, bodyA: B, bodyB: B, impulses: Float64Array, slot: number, sign: number, soft: Readonly<Softness>): void {
  const C = limitSolve[LIMIT_C], inverseH = limitSolve[LIMIT_INVERSE_H], maxPush = limitSolve[LIMIT_MAX_PUSH], pressed = limitSolve[LIMIT_PRESSED];
  // (rowSolve written here, not through setRow: past V8's inlining budget its doubles were boxed)
  rowSolve[ROW_UPPER] = Infinity;
  if (C > 0) {
    rowSolve[ROW_BIAS] = C * inverseH;
    rowSolve[ROW_MASS_SCALE] = 1;
    rowSolve[ROW_IMPULSE_SCALE] = 0;
    rowSolve[ROW_LOWER] = 0;
    part.solve(bodyA, bodyB, impulses, slot, sign);
    return;
  }
  // the rigid part: what the limit carries of the drive's press
  const held = Math.min(Math.max(0, pressed), impulses[slot]);
  impulses[slot] -= held;
  rowSolve[ROW_BIAS] = Math.max(soft.biasRate * C, -maxPush);
  rowSolve[ROW_MASS_SCALE] = soft.massScale;
  rowSolve[ROW_IMPULSE_SCALE] = soft.impulseScale;
  rowSolve[ROW_LOWER] = -held;
  part.solve(bodyA, bodyB, impulses, slot, sign);
  impulses[slot] += held;
}

/** solveLimitRow's numbers: the limit's C, 1/h, the fastest push back and the drive's press into it. The
 * caller writes them into the array itself, not through a setter: doubles passed to a call V8 does not
 * inline are boxed, and whether V8 inlines a small setter depends on how much its caller has inlined
 * already. */
export const limitSolve = new Float64Array(4);
export const LIMIT_C = 0, LIMIT_INVERSE_H = 1, LIMIT_MAX_PUSH = 2, LIMIT_PRESSED = 3;

/** The speed a limit row lets the bodies close at (Ċ ≥ −bias; solveLimitRow): C/h inside the bound; past
 * it −(the push back, massScale·biasRate·C from rest, no faster than maxPush). */
export function limitBias(C: number, soft: Readonly<Softness>, inverseH: number, maxPush: number): number {
  return C > 0 ? C * inverseH : Math.max(soft.massScale * soft.biasRate * C, -maxPush);
}

/**
 * Writes a row solve's numbers into rowSolve (solver/row-solve.ts). Small enough that V8 inlines it into
 * its callers, so its doubles stay unboxed there; the row's solve, which it may not inline, reads them
 * from the array.
 */
function setRow(bias: number, massScale: number, impulseScale: number, lower: number, upper: number): void {
  rowSolve[ROW_BIAS] = bias;
  rowSolve[ROW_MASS_SCALE] = massScale;
  rowSolve[ROW_IMPULSE_SCALE] = impulseScale;
  rowSolve[ROW_LOWER] = lower;
  rowSolve[ROW_UPPER] = upper;
}

/** An angle in (−π, π]. */
export function wrapAngle(angle: number): number {
  wrapScratch[0] = angle;
  wrapAngleIn(wrapScratch, 0);
  return wrapScratch[0];
}
/** values[at] wrapped to (−π, π] in place (wrapAngle's arithmetic). */
export function wrapAngleIn(values: Float64Array, at: number): void {
  const angle = values[at];
  if (angle > Math.PI) values[at] = angle - 2 * Math.PI * Math.floor((angle + Math.PI) / (2 * Math.PI));
  else if (angle <= -Math.PI) values[at] = angle + 2 * Math.PI * Math.floor((Math.PI - angle) / (2 * Math.PI));
}
/** wrapAngle's and arcPosition's number in an array (a double returned from a call V8 does not inline
 * is boxed: see AxisDrive.setAngleAt). */
const wrapScratch = new Float64Array(1), arcScratch = new Float64Array(1);

/** The motor and servo options hinge and prismatic joints take (forces in N·m or N to match). */
export interface MotorOptions {
  /** Target speed, rad/s or m/s. */
  speed: number;
  /** Largest torque (N·m) or force (N) the motor applies. Default Infinity. */
  maxForce?: number;
}
/** One driven axis of a six-DOF joint (and a drive's options inside the joints): limits (m along a
 * translation, rad about a rotation), a motor or a servo, friction (N or N·m). */
export interface DriveOptions {
  lower?: number;
  upper?: number;
  motor?: MotorOptions;
  servo?: ServoOptions;
  friction?: number;
}
/** What the joint calls them (lowerAngle, frictionForce, …), for messages. */
export interface DriveNames {
  lower: string;
  upper: string;
  friction: string;
}

export interface ServoOptions {
  /** Target angle (rad) or translation (m). */
  target: number;
  /** Spring frequency toward the target, Hz. Default 0: as stiff as the world's joints. */
  hertz?: number;
  /** Damping ratio of that spring. Default 1. */
  dampingRatio?: number;
  /** The spring in physical units instead: stiffness, N·m/rad (hinge) or N/m (slider), whatever the
   * bodies' masses (Jolt's SpringSettings in stiffness mode). Give stiffness and damping, or hertz and
   * dampingRatio, not both. */
  stiffness?: number;
  /** That spring's damping, N·m·s/rad or N·s/m. Default 0. */
  damping?: number;
  /** Largest torque (N·m) or force (N) the servo applies. Default Infinity. */
  maxForce?: number;
}

const MOTOR_OPTION_KEYS = optionKeys<MotorOptions>({ speed: true, maxForce: true });
const SERVO_OPTION_KEYS = optionKeys<ServoOptions>({ target: true, hertz: true, dampingRatio: true, stiffness: true, damping: true, maxForce: true });
