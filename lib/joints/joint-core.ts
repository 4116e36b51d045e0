// What every joint shares in 2D and 3D: its two bodies, breaking limits, the force/torque readout and
// breaking, and the solver interface. lib/joints/joint.ts (3D) and lib/2d/joints/joint.ts (2D) add the
// dimension: 3-vector forces and torques and 12-column Jacobians in 3D, a 2-vector force, a scalar
// torque and 6-column Jacobians in 2D.
//
// Forces. Each substep's accumulated impulse λ_acc is the whole impulse the joint applied in that
// substep (warm start plus every solve). Summed over the substeps and divided by the step's dt it is
// the mean constraint force over the step: F = Σ λ_lin / dt on body B (−F on body A), and
// τ = Σ λ_ang / dt, the torque of the angular rows about the anchor.

import type { SolverJoint, SubstepLength } from '../solver/step-parts.js';
import { createSoftness, makeSoft, makeSpring, type Softness } from '../solver/softness.js';
import { MAX_HERTZ_PER_SUBSTEP_RATE } from '../solver/step-parts.js';
import { requireBoolean, requireDamping, requireDampingRatio, requireNonNegative, requirePositiveOrInfinity, requireStiffness, requireWithin } from '../util/validate.js';
import { requireFiniteState, requireStoredNumbers } from '../util/restore-check.js';
import { MAX_HERTZ } from '../limits.js';
import { UNPOOLED, type Float64Allocator } from '../util/arena.js';
import { optionKeys } from '../util/option-keys.js';
import { makeReadOnly } from '../util/read-only.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SleepState } from '../body/sleep.js';
import type { AxisDrive } from './parts/axis-drive.js';
import { applyRowsImpulse, writeRowsJacobian, writeRowsPositionError, writeRowsVelocityError, type EqualityRows } from '../solver/equality-rows.js';
import { requireOutsideStep } from '../util/step-guard.js';

/**
 * The most a joint carries from one step to the next, N·s (and N·m·s) is the larger of MAX_JOINT_IMPULSE
 * and the heavier of its bodies' momentum at MAX_JOINT_SPEED_CHANGE, 10⁶ m/s (angular impulses measured
 * the same, as at a lever arm of 1 m), far past anything a scene asks of it. An overflow guard: the
 * warm-started solve of a degenerate system can diverge (a 2D scene the random-scene property found:
 * light bodies, coincident anchors and a loop, after a removal). The speed caps hold the bodies, but the
 * accumulated impulses grew about 14x a step until they overflowed to Infinity, and the next warm start
 * would have made the velocities NaN. A step whose impulse sums pass the cap scales the joint's impulses
 * back to it (finishStep).
 *
 * Relative to the bodies' mass, so that it never cuts what holding a heavy body takes: a fixed 1e12 N·s
 * threw away the warm start of every joint holding up more than 6e12 kg at 60 Hz, and a chain ending in a
 * 1e16 kg body stretched a third more than the same chain at 1 kg.
 */
export const MAX_JOINT_IMPULSE = 1e12;
/** The change of speed (m/s) a carried joint impulse may make on the heavier of its bodies (see
 * MAX_JOINT_IMPULSE): 2500 times the default maxLinearSpeed. */
export const MAX_JOINT_SPEED_CHANGE = 1e6;
/** Squared lengths past this go on to capImpulse's exact test (a little under MAX_JOINT_IMPULSE², so
 * that no length whose square rounds low is missed). */
const CAP_CHECK_SQUARED = 0.99 * MAX_JOINT_IMPULSE * MAX_JOINT_IMPULSE;

export interface JointCoreOptions<B> {
  bodyA: B;
  /** The second body; omitted, the joint holds bodyA to the world (a static body at the origin). */
  bodyB?: B;
  /** Break when the joint's force exceeds this, N. Default Infinity (never). */
  breakForce?: number;
  /** Break when the joint's torque exceeds this, N·m. Default Infinity (never). */
  breakTorque?: number;
  /** Makes the joint's holding rows a spring of this frequency, Hz. Default 0: rigid (the world's
   * joint stiffness). See JointCore.hertz. */
  hertz?: number;
  /** Damping ratio of that spring (1 = critically damped). Default 1. */
  dampingRatio?: number;
  /** Makes the joint's holding rows a spring of this stiffness in physical units: N/m on its linear rows,
   * N·m/rad on its angular rows (the same number for both on a weld). Give stiffness and damping, or
   * hertz and dampingRatio, not both. See JointCore.stiffness. */
  stiffness?: number;
  /** That spring's damping: N·s/m on linear rows, N·m·s/rad on angular rows. Default 0. */
  damping?: number;
  /** Whether the two bodies' shapes still collide with each other (3D contacts). Default false. */
  collideConnected?: boolean;
  userData?: unknown;
}
/** @internal The keys of JointCoreOptions (option-keys.ts). */
export const JOINT_CORE_OPTION_KEYS = optionKeys<JointCoreOptions<unknown>>({
  bodyA: true, bodyB: true, breakForce: true, breakTorque: true, hertz: true, dampingRatio: true, stiffness: true, damping: true, collideConnected: true, userData: true,
});

/** @internal What a joint tells its world (its bodies' owner) when collideConnected changes: the contact
 * search's jointed pairs follow at the next step. */
export interface JointFilterListener {
  jointFilterChanged?(): void;
}

/** What a joint reads of its bodies. */
export interface JointBody {
  /** @internal */
  readonly sleep: SleepState;
  readonly inverseMass: number;
  /** @internal */
  readonly owner: object | null;
}

export abstract class JointCore<B extends JointBody> implements SolverJoint {
  abstract readonly type: string;
  /** Rows of J: how many degrees of freedom the joint removes. */
  abstract readonly rowCount: number;

  readonly id: number;
  readonly bodyA: B;
  readonly bodyB: B;
  userData: unknown;

  /**
   * @internal True while the world's direct solver (solver/direct/) holds this joint's
   * equality rows exactly: the joint's own solve then skips them (holdingSoftness returns null) and
   * solves only its limit, motor and friction rows.
   */
  direct = false;
  /** Whether the two bodies' shapes collide with each other (JointCoreOptions.collideConnected): true or
   * false; a change takes effect at the next step (the bodies' contacts start, or end, in it). */
  get collideConnected(): boolean {
    return this._collideConnected;
  }
  set collideConnected(value: boolean) {
    this.requireInWorld('collideConnected');
    const collide = requireBoolean('collideConnected', 'collideConnected', value);
    if (collide === this._collideConnected) return;
    this._collideConnected = collide;
    (this.bodyA.owner as JointFilterListener | null)?.jointFilterChanged?.();
    this.wakeBodies();
  }
  private _collideConnected: boolean;

  private _breakForce = Infinity;
  private _breakTorque = Infinity;
  private _broken = false;
  private _removed = false;
  private springHertz = 0;
  private springDampingRatio = 1;
  private springStiffness = 0;
  private springDamping = 0;
  /** The spring's coefficients for the current substep (used when hertz > 0). */
  protected readonly springSoftness: Softness = createSoftness();

  /** Impulse summed over the substeps of the current step (on body B). */
  protected readonly linearImpulseSum: Float64Array;
  protected readonly angularImpulseSum: Float64Array;
  /** The last step's mean force and torque on body B. */
  protected readonly force: Float64Array;
  protected readonly torque: Float64Array;

  /**
   * @internal Joints are made by the world's create…Joint methods, which check their options.
   * `linear` and `angular` are the sizes of a force and a torque (3 and 3 in 3D, 2 and 1 in 2D).
   */
  constructor(
    id: number,
    bodyA: B,
    bodyB: B,
    options: JointCoreOptions<B>,
    where: string,
    linear: number,
    angular: number,
    allocator: Float64Allocator = UNPOOLED,
  ) {
    const breakForce =
      options.breakForce === undefined ? Infinity : requirePositiveOrInfinity(where, 'breakForce', options.breakForce);
    const breakTorque =
      options.breakTorque === undefined ? Infinity : requirePositiveOrInfinity(where, 'breakTorque', options.breakTorque);
    this.id = id;
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    const hertz = options.hertz === undefined ? 0 : requireWithin(where, 'hertz', requireNonNegative(where, 'hertz', options.hertz), 0, MAX_HERTZ, ' Hz');
    const dampingRatio =
      options.dampingRatio === undefined ? 1 : requireDampingRatio(where, 'dampingRatio', options.dampingRatio);
    const physical = options.stiffness !== undefined || options.damping !== undefined;
    if (physical && (options.hertz !== undefined || options.dampingRatio !== undefined)) {
      throw new RangeError(`${where}: give the spring as stiffness and damping or as hertz and dampingRatio, not both`);
    }
    const stiffness = options.stiffness === undefined ? 0 : requireStiffness(where, 'stiffness', options.stiffness);
    const damping = options.damping === undefined ? 0 : requireDamping(where, 'damping', options.damping);
    this._breakForce = breakForce;
    this._breakTorque = breakTorque;
    this.springHertz = hertz;
    this.springDampingRatio = dampingRatio;
    this.springStiffness = stiffness;
    this.springDamping = damping;
    this.userData = options.userData;
    this._collideConnected = options.collideConnected === undefined ? false : requireBoolean(where, 'collideConnected', options.collideConnected);
    const sums = allocator.allocate(2 * (linear + angular));
    this.linearImpulseSum = sums.subarray(0, linear);
    this.angularImpulseSum = sums.subarray(linear, linear + angular);
    this.force = sums.subarray(linear + angular, 2 * linear + angular);
    this.torque = sums.subarray(2 * linear + angular);
    makeReadOnly(this as JointCore<B>, ['id', 'bodyA', 'bodyB']);
  }

  get breakForce(): number {
    return this._breakForce;
  }
  set breakForce(value: number) {
    this.requireInWorld('breakForce');
    this._breakForce = requirePositiveOrInfinity('breakForce', 'breakForce', value);
    this.wakeBodies();
  }
  get breakTorque(): number {
    return this._breakTorque;
  }
  set breakTorque(value: number) {
    this.requireInWorld('breakTorque');
    this._breakTorque = requirePositiveOrInfinity('breakTorque', 'breakTorque', value);
    this.wakeBodies();
  }

  /**
   * Spring frequency of the joint's holding rows, Hz; 0 (the default) makes them rigid. A spring joint
   * solves its rows once per substep with its own soft coefficients (softness.ts) and leaves them out
   * of the relax pass, which makes each substep exactly one implicit-Euler step of a damped spring of
   * this frequency (tested against the closed form). Can change between steps.
   */
  get hertz(): number {
    return this.springHertz;
  }
  set hertz(value: number) {
    this.requireInWorld('hertz');
    this.springHertz = requireWithin('hertz', 'hertz', requireNonNegative('hertz', 'hertz', value), 0, MAX_HERTZ, ' Hz');
    // a spring by frequency replaces one in physical units
    if (this.springHertz > 0) this.springStiffness = this.springDamping = 0;
    this.wakeBodies();
  }
  /** Damping ratio of the joint's spring (1 = critically damped). */
  get dampingRatio(): number {
    return this.springDampingRatio;
  }
  set dampingRatio(value: number) {
    this.requireInWorld('dampingRatio');
    if (this.physicalSpring) throw new Error('dampingRatio: the joint\'s spring is given by stiffness and damping; set hertz first, or set damping');
    this.springDampingRatio = requireDampingRatio('dampingRatio', 'dampingRatio', value);
    this.wakeBodies();
  }

  /**
   * The joint's spring in physical units: stiffness k in N/m on its linear rows and N·m/rad on its
   * angular rows, 0 (the default) for none. With stiffness or damping set, each substep is one
   * implicit-Euler step of the spring-damper F = −k C − c Ċ acting on the joint's rows (softness.ts
   * makeSpring: the rows solve (K + γ I) λ = −(J v + β C / h + γ λ_acc)), whatever the bodies' masses;
   * hertz and dampingRatio instead give a frequency, whose stiffness follows the bodies' effective
   * mass. Setting either replaces a spring given by hertz (hertz becomes 0). Can change between steps.
   */
  get stiffness(): number {
    return this.springStiffness;
  }
  set stiffness(value: number) {
    this.requireInWorld('stiffness');
    this.springStiffness = requireStiffness('stiffness', 'stiffness', value);
    this.toPhysicalSpring();
  }
  /** The spring's damping c: N·s/m on linear rows, N·m·s/rad on angular rows (see stiffness). */
  get damping(): number {
    return this.springDamping;
  }
  set damping(value: number) {
    this.requireInWorld('damping');
    this.springDamping = requireDamping('damping', 'damping', value);
    this.toPhysicalSpring();
  }
  /** @internal Whether the parts' state saveParts writes holds a servo (flag 32 of the saved flags); a
   * joint whose parts' layout has no place of its own for one says so here. */
  protected get savesServo(): boolean {
    return false;
  }
  /** @internal Whether the state being loaded holds one (set before loadParts). */
  protected loadsServo = false;

  /** @internal Drops a spring in physical units (a mouse joint given a frequency again). */
  protected clearPhysicalSpring(): void {
    this.springStiffness = this.springDamping = 0;
  }
  private toPhysicalSpring(): void {
    if (this.physicalSpring) {
      this.springHertz = 0;
      this.springDampingRatio = 1;
    }
    this.wakeBodies();
  }
  /** True when the joint's spring is given in physical units (stiffness or damping > 0). */
  protected get physicalSpring(): boolean {
    return this.springStiffness > 0 || this.springDamping > 0;
  }
  /** @internal True when the joint's holding rows are a spring (hertz, stiffness or damping > 0): soft rows
   * the direct solver leaves to the iterative one. */
  get isSpring(): boolean {
    return this.springHertz > 0 || this.springStiffness > 0 || this.springDamping > 0;
  }
  /** @internal γ of a spring in physical units at this substep (updateSpring first), else 0: the joint's
   * parts add it to K's diagonal when they factor K for the spring's solve. */
  protected get springCompliance(): number {
    return this.physicalSpring ? this.springSoftness.compliance : 0;
  }

  /** @internal True while a motor or servo of the joint is working (AxisDrive.isDriving): the world keeps
   * its bodies awake. */
  get isDriving(): boolean {
    return false;
  }

  /** Wakes both bodies (sleep.ts): every setter that changes what the joint does calls it. */
  wakeBodies(): void {
    this.requireInWorld('wakeBodies');
    this.wakeJoinedBodies();
  }

  /** @internal Wakes both bodies, unchecked: the world's own bookkeeping when the joint is made, removed
   * or broken, or one of its bodies goes invalid. */
  wakeJoinedBodies(): void {
    this.bodyA.sleep.wake();
    this.bodyB.sleep.wake();
  }

  /** @internal True once the joint was removed from its world (by removeJoint, or with one of its
   * bodies by removeBody): it no longer acts, and its public writes (setters, limits, motors,
   * applyImpulse, wakeBodies) throw; its reads still answer. */
  get removed(): boolean {
    return this._removed;
  }
  /** @internal The world took the joint out (after waking its bodies). */
  markRemoved(): void {
    this._removed = true;
  }
  /** @internal Whether this joint acts through `joint` (a gear through its two joints): removing that one
   * removes this one too. */
  dependsOn(_joint: object): boolean {
    return false;
  }
  /** Refuses a write to a removed joint (`where`: the call, for the message). Only the public writes
   * call it; the step's solver interface never does. */
  protected requireInWorld(where: string): void {
    if (this._removed) throw new Error(`${where}: joint ${this.id} was removed from its world`);
    requireOutsideStep(this.bodyA.owner, where);
  }

  /**
   * The softness the holding rows use in a solve: the world's (`soft`) for a rigid joint; for a
   * spring joint its own in the biased pass and null in the relax pass (skip the rows); null for a
   * joint whose rows the direct tree solver holds. Call
   * updateSpring(step) in prepare first.
   */
  protected holdingSoftness(soft: Readonly<Softness>, useBias: boolean): Readonly<Softness> | null {
    if (this.direct) return null;
    if (!this.isSpring) return soft;
    return useBias ? this.springSoftness : null;
  }
  /**
   * The spring's coefficients for a substep of step.h (a no-op for rigid joints). A spring is never stiffer
   * than a rigid joint: its frequency is capped as the world's joints are, at a quarter of the substep
   * rate (solver/step.ts; found by a windmill whose 30 Hz blade welds exploded at 1 and 2 substeps).
   */
  protected updateSpring(step: SubstepLength): void {
    if (this.physicalSpring) {
      makeSpring(this.springSoftness, this.springStiffness, this.springDamping, step.h);
    } else if (this.springHertz > 0) {
      const h = step.h;
      makeSoft(this.springSoftness, Math.min(this.springHertz, MAX_HERTZ_PER_SUBSTEP_RATE / h), this.springDampingRatio, h);
    }
  }

  /**
   * The options of the create call that makes this joint again, at the bodies' current poses: its bodies,
   * anchors and axes in world space (both bodies' own, so a joint away from its rest pose is made at the
   * same angles and gaps), limits, motor or servo, friction, spring, breaking limits, collideConnected and
   * userData, as plain numbers and arrays. `world.createHingeJoint(hinge.toOptions())` makes the same
   * hinge (another world's, with its bodies put in for bodyA and bodyB). Each joint type gives its own
   * options type.
   */
  abstract toOptions(): object;
  /** @internal The options every joint takes (JointCoreOptions) as this joint has them, for toOptions. */
  protected coreOptions(): JointCoreOptions<B> {
    const spring = this.physicalSpring
      ? { stiffness: this.springStiffness, damping: this.springDamping }
      : { hertz: this.springHertz, dampingRatio: this.springDampingRatio };
    return {
      bodyA: this.bodyA, bodyB: this.bodyB, breakForce: this._breakForce, breakTorque: this._breakTorque, ...spring,
      collideConnected: this._collideConnected, userData: this.userData,
    };
  }

  /** True once the joint has broken: it no longer acts. */
  get broken(): boolean {
    return this._broken;
  }

  /** |force| over the last step, N. */
  getForceMagnitude(): number {
    return length(this.force);
  }

  /** |torque| over the last step, N·m. */
  getTorqueMagnitude(): number {
    return length(this.torque);
  }

  /** The joint's error at the current poses: the anchor gap in m, or the angle in rad for joints
   * that only hold rotation. */
  abstract getError(): number;
  /** Anchor gap at the current poses, m (0 for joints without an anchor). */
  abstract getLinearError(): number;
  /** Angle away from the joint's relative orientation at the current poses, rad (0 for joints that
   * leave rotation free). */
  abstract getAngularError(): number;

  // ---- solver interface (driven by the world's step; see solver/step.ts) ----

  /** @internal Lever arms, C, K and its factorization at the bodies' current poses, for a substep of step.h s. */
  abstract prepare(step: SubstepLength): void;
  /** @internal Applies the accumulated impulse λ_acc (from the last substep) again. */
  abstract warmStart(): void;
  /**
   * @internal One Gauss-Seidel solve of all rows. `soft` is the world's rigid-joint softness in the biased
   * pass (`useBias` true) and RIGID in the relax pass (`useBias` false); joints with springs, limits
   * or motors decide per row what each pass does.
   */
  abstract solve(soft: Readonly<Softness>, useBias: boolean): void;
  /** @internal Multiplies λ_acc (the substep length changed, or warm starting is off and it becomes 0). */
  abstract scaleImpulse(ratio: number): void;
  /** @internal Adds this substep's λ_acc to the step's sums. */
  abstract accumulateImpulse(): void;

  // ---- the direct solver (solver/direct/; the same in 2D and 3D) ----

  /**
   * @internal How many rows the direct tree solver may hold exactly: the equality rows (rowCount) while they are
   * rigid; 0 for a spring joint (hertz > 0), whose rows stay soft in the iterative solver.
   */
  get directRowCount(): number {
    return this.isSpring ? 0 : this.rowCount;
  }
  /** @internal True when the joint has rows besides its equality rows (limits, motor, friction): with the direct
   * solver they are solved iteratively around the exact solve. */
  get hasIterativeRows(): boolean {
    return false;
  }
  /** @internal True when it has rows the direct solver never holds (a motor, a servo), which keep the iterative
   * sweeps and the relax pass running around the exact solve. */
  get hasDriveRows(): boolean {
    return false;
  }
  /**
   * @internal For the direct solver's geometric stiffness: writes the point rows' impulse on B (this
   * substep's λ_acc: 3 numbers in 3D, 2 in 2D) and the lever arms r_a, r_b (as many each), and returns
   * true; false for a joint without point rows.
   */
  writePointLoad(_out: Float64Array): boolean {
    return false;
  }
  /**
   * @internal True while the direct solver holds this joint's limit rows (solver/direct/limits.ts): the
   * joint's own solve then skips them.
   */
  directLimits = false;
  /** @internal The joint's limit rows (finite bounds) the direct solver may hold: its axis drive's. */
  get limitRowCount(): number {
    return this.axisDrive?.limitRowCount ?? 0;
  }
  /**
   * @internal Limit row k at the last prepare: writes its J (12 numbers in 3D, 6 in 2D, from out[at], signed so that the
   * row holds J v ≥ 0 and a positive impulse pushes back inside) and its C (≥ 0 inside the bound) into
   * error[errorAt] (an array, not a return value: a number returned from a method the direct solver does
   * not inline would be boxed).
   */
  writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void {
    const drive = this.requireAxisDrive('limit');
    this.writeAxisRow(drive.limitSign(k), out, at);
    error[errorAt] = drive.limitError(k);
  }
  /**
   * @internal Where limit row k's accumulated impulse λ_acc (≥ 0) is kept: the array and the index in it.
   * The direct solver reads and writes it there (a number returned from or passed to a method it does not
   * inline would be boxed: a heap allocation per call).
   */
  limitImpulses(_k: number): Float64Array {
    return this.requireAxisDrive('limit').impulses;
  }
  /** @internal */
  limitImpulseAt(k: number): number {
    return this.axisDrive?.limitSlot(k) ?? 0;
  }
  /**
   * @internal True while the direct solver holds this joint's friction rows (solver/direct/limits.ts):
   * the joint's own solve then skips them.
   */
  directFriction = false;
  /** @internal The joint's Coulomb friction rows (0 without friction): velocity rows Ċ → 0 whose impulses
   * together stay within the bound writeFrictionImpulseBound gives (a ball joint's three angular rows
   * share one bound on their vector's length, as its own solve clamps them). */
  get frictionRowCount(): number {
    return this.axisDrive?.frictionRowCount ?? 0;
  }
  /** @internal Friction row k's J at the last prepare (12 numbers in 3D, 6 in 2D, from out[at]). */
  writeFrictionRow(_k: number, out: Float64Array, at: number): void {
    this.requireAxisDrive('friction');
    this.writeAxisRow(1, out, at);
  }
  /** @internal The largest length of the friction rows' impulse vector in one substep, friction · h, into
   * out[at] (an array, not a return value: a number returned from a method the direct solver does not
   * inline would be boxed). */
  writeFrictionImpulseBound(out: Float64Array, at: number): void {
    const drive = this.axisDrive;
    out[at] = drive === null ? 0 : drive.frictionImpulseBound;
  }
  /** @internal Where friction row k's accumulated impulse λ_acc is kept (as limitImpulses). */
  frictionImpulses(_k: number): Float64Array {
    return this.requireAxisDrive('friction').impulses;
  }
  /** @internal */
  frictionImpulseAt(_k: number): number {
    return this.axisDrive?.frictionSlot ?? 0;
  }
  /**
   * @internal A joint whose one free axis carries an AxisDrive (hinge, slider, distance and 2D revolute
   * joints): the drive, whose finite bounds are the joint's limit rows and whose friction its one friction
   * row, all along the axis row that writeAxisRow writes. A joint with other limit or friction rows (the
   * ball joint's swing cone and twist range) answers the direct solver's questions itself.
   */
  protected get axisDrive(): AxisDrive | null {
    return null;
  }
  /** @internal The axis row's J times `sign` (12 numbers in 3D, 6 in 2D, from out[at]). */
  protected writeAxisRow(_sign: number, _out: Float64Array, _at: number): void {
    throw new Error(`${this.constructor.name} has no axis row`);
  }
  private requireAxisDrive(rows: string): AxisDrive {
    const drive = this.axisDrive;
    if (drive === null) throw new Error(`${this.constructor.name} has no ${rows} rows`);
    return drive;
  }

  // ---- the equality rows (solver/equality-rows.ts): both solvers read them from the joint's blocks ----

  /**
   * @internal The joint's equality rows as blocks, in row order (a weld: its point part, then its rotation
   * part; a hinge: its five coupled rows). Each joint sets it in its constructor, once its parts exist; the
   * direct solver and the methods below read only it.
   */
  equalityRows: readonly EqualityRows<B>[] = [];

  /** @internal Writes J (rowCount rows of 12 numbers in 3D, 6 in 2D, row-major, columns [v_a ω_a v_b ω_b])
   * at the last prepare. */
  writeJacobian(out: Float64Array): void {
    writeRowsJacobian(this.equalityRows, out);
  }
  /** @internal Writes Ċ = J v for the bodies' current velocities (rowCount numbers). */
  getVelocityError(out: Float64Array): void {
    writeRowsVelocityError(this.equalityRows, this.bodyA, this.bodyB, out);
  }
  /** @internal Writes C at the last prepare (rowCount numbers: m for point rows, rad for rotation rows). */
  getPositionError(out: Float64Array): void {
    writeRowsPositionError(this.equalityRows, out);
  }
  /** v += M⁻¹ Jᵀ λ for rowCount numbers λ, already checked (the dimension's applyImpulse checks them). */
  protected applyRowImpulse(lambda: ArrayLike<number>): void {
    applyRowsImpulse(this.equalityRows, this.bodyA, this.bodyB, lambda);
  }

  /** @internal Made since the last step, or every joint when the world turned iterative: the iterative
   * solver's next step starts it under its load (solver/direct/settle.ts). Flag 8 of the snapshot. */
  settlePending = false;

  /** @internal Read from a snapshot (flag 4): the joint is one of the direct solver's order, which the
   * restored world builds with (DirectSolver.savedOrder). */
  inSavedOrder = false;

  /** @internal Writes the joint's state: limits, springs, broken flag, readouts, then its parts'.
   * `inSavedOrder`: the world's direct solver keeps an order with this joint that a new build would not
   * choose (DirectSolver.savedOrder). */
  saveState(writer: StateWriter, inSavedOrder = false): void {
    writer.write(this._breakForce);
    writer.write(this._breakTorque);
    // one number of flags: 1 broken, 2 collideConnected, 4 inSavedOrder, 8 settlePending, 16 a spring in
    // physical units, whose stiffness and damping then take the places of hertz and dampingRatio, 32 a
    // servo in the parts' state (savesServo) (so a joint without them reads and hashes as before)
    const physical = this.physicalSpring;
    writer.write(
      (this._broken ? 1 : 0) + (this._collideConnected ? 2 : 0) + (inSavedOrder ? 4 : 0) + (this.settlePending ? 8 : 0) + (physical ? 16 : 0) +
      (this.savesServo ? 32 : 0),
    );
    writer.write(physical ? this.springStiffness : this.springHertz);
    writer.write(physical ? this.springDamping : this.springDampingRatio);
    writer.writeArray(this.linearImpulseSum);
    writer.writeArray(this.angularImpulseSum);
    writer.writeArray(this.force);
    writer.writeArray(this.torque);
    this.saveParts(writer);
  }
  /** @internal Reads what saveState wrote. */
  loadState(reader: StateReader): void {
    this._breakForce = reader.read();
    this._breakTorque = reader.read();
    const flags = reader.read();
    this._broken = (flags & 1) !== 0;
    this._collideConnected = (flags & 2) !== 0;
    this.inSavedOrder = (flags & 4) !== 0;
    this.settlePending = (flags & 8) !== 0;
    this.loadsServo = (flags & 32) !== 0;
    const first = reader.read(), second = reader.read();
    const physical = (flags & 16) !== 0;
    this.springHertz = physical ? 0 : first;
    this.springDampingRatio = physical ? 1 : second;
    this.springStiffness = physical ? first : 0;
    this.springDamping = physical ? second : 0;
    reader.readInto(this.linearImpulseSum);
    reader.readInto(this.angularImpulseSum);
    reader.readInto(this.force);
    reader.readInto(this.torque);
    this.loadParts(reader);
  }
  /** @internal After loadState (World.restore): the settings as the options and setters check them,
   * and every other number of the state finite (`path`: the joint's place in the snapshot). */
  checkState(where: string, path: string): void {
    requirePositiveOrInfinity(where, `${path}.breakForce`, this._breakForce);
    requirePositiveOrInfinity(where, `${path}.breakTorque`, this._breakTorque);
    requireWithin(where, `${path}.hertz`, requireNonNegative(where, `${path}.hertz`, this.springHertz), 0, MAX_HERTZ, ' Hz');
    requireDampingRatio(where, `${path}.dampingRatio`, this.springDampingRatio);
    requireStiffness(where, `${path}.stiffness`, this.springStiffness);
    requireDamping(where, `${path}.damping`, this.springDamping);
    requireStoredNumbers(where, `${path}.linearImpulse`, this.linearImpulseSum);
    requireStoredNumbers(where, `${path}.angularImpulse`, this.angularImpulseSum);
    requireStoredNumbers(where, `${path}.force`, this.force);
    requireStoredNumbers(where, `${path}.torque`, this.torque);
    this.checkParts(where, path);
    requireFiniteState(where, path, (writer) => this.saveParts(writer));
  }
  /** @internal The parts' settings (limits, motors), checked as their options are; the rest of their
   * numbers must be finite (checkState). */
  protected checkParts(_where: string, _path: string): void {}
  /** The joint's own state (anchors, references, accumulated impulses, limits, drives), in a fixed order. */
  protected abstract saveParts(writer: StateWriter): void;
  protected abstract loadParts(reader: StateReader): void;

  /** @internal Turns the step's impulse sums into the force and torque readouts, and holds the carried
   * impulses below the cap of MAX_JOINT_IMPULSE. */
  finishStep(dt: number): void {
    const inverseDt = 1 / dt;
    const lin = this.linearImpulseSum, ang = this.angularImpulseSum;
    // squared lengths here, and the rare cap in a method of its own, keep this small enough for V8 to
    // inline into the step with what it calls (a length returned from a call is a boxed double)
    let linear = 0, angular = 0;
    for (let i = 0; i < lin.length; i++) linear += lin[i] * lin[i];
    for (let i = 0; i < ang.length; i++) angular += ang[i] * ang[i];
    if (linear > CAP_CHECK_SQUARED || angular > CAP_CHECK_SQUARED) this.capImpulse(Math.max(Math.sqrt(linear), Math.sqrt(angular)));
    for (let i = 0; i < lin.length; i++) {
      this.force[i] = lin[i] * inverseDt;
      lin[i] = 0;
    }
    for (let i = 0; i < ang.length; i++) {
      this.torque[i] = ang[i] * inverseDt;
      ang[i] = 0;
    }
  }

  /** Scales the carried impulse down to its cap when its largest part, `largest` N·s, is past it (see
   * MAX_JOINT_IMPULSE and MAX_JOINT_SPEED_CHANGE). */
  private capImpulse(largest: number): void {
    if (!(largest > MAX_JOINT_IMPULSE)) return;
    // the heavier moving body's m⁻¹ (0 for static and kinematic bodies)
    const a = this.bodyA.inverseMass, b = this.bodyB.inverseMass;
    const heavier = a > 0 && b > 0 ? Math.min(a, b) : Math.max(a, b);
    const cap = heavier > 0 ? Math.max(MAX_JOINT_IMPULSE, MAX_JOINT_SPEED_CHANGE / heavier) : MAX_JOINT_IMPULSE;
    if (largest > cap) this.scaleImpulse(cap / largest);
  }

  /** @internal Zeroes the force and torque readouts (a broken joint, a step after it broke). */
  clearReadout(): void {
    this.force.fill(0);
    this.torque.fill(0);
  }

  /** @internal Marks the joint broken and clears its impulses (the readout keeps the breaking load). */
  markBroken(): void {
    this._broken = true;
    this.scaleImpulse(0);
  }
}

/** @internal `options` without its keys whose values are undefined (toOptions gives only the options a joint has). */
export function definedOptions<T extends object>(options: T): T {
  for (const key of Object.keys(options) as (keyof T)[]) if (options[key] === undefined) delete options[key];
  return options;
}

function length(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}
