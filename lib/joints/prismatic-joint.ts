// Prismatic (slider) joint (5 rows): B slides along an axis fixed in A without turning relative to it.
// Two linear rows keep the anchor on the axis and the rotation part (3 rows) keeps the relative
// orientation, solved as one coupled 5x5 block (parts/coupled-rows.ts). The free translation along the
// axis carries the optional limits, motor, servo and friction (parts/axis-drive.ts).
//
// With d = x_b + r_b − x_a − r_a (the point part's C), the axis a and the normals n₁, n₂ of A's frame:
//   C   = [ n₁·d,  n₂·d,  log(q_b (q_a q₀)⁻¹) ]
//   Ċ_i = n_i·(v_b + ω_b × r_b − v_a − ω_a × r_a) + (ω_a × n_i)·d    (n_i turns with A)
//   J_i = [ −n_iᵀ  −((r_a + d) × n_i)ᵀ  n_iᵀ  (r_b × n_i)ᵀ ]         (axis-part.ts)
//   J_rotation = [ 0 −I 0 I ]                                        (parts/rotation-part.ts)
// The axis row is the same linear row along a, with x = a·d the joint translation (0 at creation).
// Source of the (r_a + d) form: Box2D's prismatic joint, Jolt's SliderConstraint.

import type { Body } from '../body.js';
import type { Softness } from '../solver/softness.js';
import { Joint, type JointOptions } from './joint.js';
import { PointConstraintPart } from './parts/point-part.js';
import { RotationConstraintPart } from './parts/rotation-part.js';
import { CoupledRows } from './parts/coupled-rows.js';
import { AxisConstraintPart } from './parts/axis-part.js';
import { AxisDrive, type MotorOptions, type ServoOptions } from './parts/axis-drive.js';
import { JointFrames } from './joint-frames.js';
import type { Float64Allocator } from '../arena.js';
import type { StateReader, StateWriter } from '../state.js';

export interface PrismaticJointOptions extends JointOptions {
  /** A point on the slide axis, world space, m (B's anchor slides along A's axis through it). */
  anchor: ArrayLike<number>;
  /** The slide axis, world space (fixed in A). */
  axis: ArrayLike<number>;
  /** Translation limits along the axis, m, from the pose at creation. Default: none. */
  lowerTranslation?: number;
  upperTranslation?: number;
  /** A velocity motor: target speed (m/s) with a force cap (N). */
  motor?: MotorOptions;
  /** A position servo: a spring toward a target translation (m) with a force cap (N). */
  servo?: ServoOptions;
  /** Coulomb friction force along the axis, N. Default 0. */
  frictionForce?: number;
}

const lever = new Float64Array(3);

export class PrismaticJoint extends Joint {
  readonly type = 'prismatic' as const;
  readonly rowCount = 5;
  readonly point: PointConstraintPart;
  readonly rotation: RotationConstraintPart;
  readonly normalRow1 = new AxisConstraintPart();
  readonly normalRow2 = new AxisConstraintPart();
  readonly rows = new CoupledRows(5);
  readonly axisRow = new AxisConstraintPart();
  readonly drive = new AxisDrive(false, -Infinity, Infinity);
  readonly frames = new JointFrames();

  /** @internal Use world.createPrismaticJoint; `anchor` and `axis` are already checked. */
  constructor(
    id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, axis: Float64Array, options: PrismaticJointOptions,
    allocator?: Float64Allocator,
  ) {
    super(id, bodyA, bodyB, options, 'createPrismaticJoint', allocator);
    this.drive.configure(
      'createPrismaticJoint',
      { lower: options.lowerTranslation, upper: options.upperTranslation, motor: options.motor, servo: options.servo, friction: options.frictionForce },
      { lower: 'lowerTranslation', upper: 'upperTranslation', friction: 'frictionForce' },
    );
    this.point = new PointConstraintPart(allocator);
    this.point.setWorldAnchor(bodyA, bodyB, anchor);
    this.rotation = new RotationConstraintPart(allocator);
    this.rotation.setReference(bodyA, bodyB);
    this.frames.setFromWorld(bodyA, bodyB, axis);
  }

  /** Translation of B's anchor along the axis from the pose at creation, m. */
  getTranslation(): number {
    this.point.prepare(this.bodyA, this.bodyB);
    this.frames.update(this.bodyA, this.bodyB);
    const a = this.frames.xA, d = this.point.C;
    return a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
  }
  /** Speed along the axis, m/s. */
  getSpeed(): number {
    this.prepareAxis();
    return this.axisRow.velocityError(this.bodyA, this.bodyB);
  }
  /** The slide axis (A's), world space. */
  getAxis(out: Float64Array | number[]): Float64Array | number[] {
    this.frames.update(this.bodyA, this.bodyB);
    const x = this.frames.xA;
    out[0] = x[0]; out[1] = x[1]; out[2] = x[2];
    return out;
  }

  get lowerTranslation(): number {
    return this.drive.lower;
  }
  get upperTranslation(): number {
    return this.drive.upper;
  }
  /** Sets the translation limits, m; (−Infinity, Infinity) removes them. */
  setLimits(lower: number, upper: number): void {
    this.drive.setLimits('setLimits', lower, upper);
  }
  get motorMode(): 'off' | 'velocity' | 'position' {
    return this.drive.mode;
  }
  /** Drives the slider at `speed` m/s with at most `maxForce` N. */
  setMotor(options: MotorOptions): void {
    this.drive.setMotor('setMotor', options);
  }
  /** Drives the slider toward `target` m through a spring, with at most `maxForce` N. */
  setServo(options: ServoOptions): void {
    this.drive.setServo('setServo', options);
  }
  disableMotor(): void {
    this.drive.disableMotor();
  }
  get frictionForce(): number {
    return this.drive.friction;
  }
  set frictionForce(value: number) {
    this.drive.setFriction('frictionForce', value);
  }

  /** Distance of B's anchor from A's axis, m. */
  getError(): number {
    return this.getLinearError();
  }
  getLinearError(): number {
    this.point.prepare(this.bodyA, this.bodyB);
    this.frames.update(this.bodyA, this.bodyB);
    const d = this.point.C, a = this.frames.xA;
    const along = a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
    return Math.hypot(d[0] - along * a[0], d[1] - along * a[1], d[2] - along * a[2]);
  }
  getAngularError(): number {
    return this.rotation.currentAngle(this.bodyA, this.bodyB);
  }

  /** Point part, frames and the axis row at the current poses; returns the translation. */
  private prepareAxis(): number {
    const bodyA = this.bodyA, bodyB = this.bodyB;
    this.point.prepare(bodyA, bodyB);
    this.frames.update(bodyA, bodyB);
    const d = this.point.C, rA = this.point.rA, a = this.frames.xA;
    lever[0] = rA[0] + d[0]; lever[1] = rA[1] + d[1]; lever[2] = rA[2] + d[2];
    this.axisRow.setLinear(bodyA, bodyB, a, lever, this.point.rB);
    return a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
  }

  prepare(h: number): void {
    const bodyA = this.bodyA, bodyB = this.bodyB, rows = this.rows, frames = this.frames;
    this.updateSpring(h);
    const x = this.prepareAxis();
    this.rotation.prepare(bodyA, bodyB);
    const d = this.point.C, rB = this.point.rB;
    this.normalRow1.setLinear(bodyA, bodyB, frames.yA, lever, rB);
    this.normalRow2.setLinear(bodyA, bodyB, frames.zA, lever, rB);
    this.normalRow1.writeJacobian(rows.J, 0);
    this.normalRow2.writeJacobian(rows.J, 1);
    this.rotation.writeJacobian(rows.J, 2);
    const y = frames.yA, z = frames.zA, C = rows.C, Cr = this.rotation.C;
    C[0] = y[0] * d[0] + y[1] * d[1] + y[2] * d[2];
    C[1] = z[0] * d[0] + z[1] * d[1] + z[2] * d[2];
    C[2] = Cr[0]; C[3] = Cr[1]; C[4] = Cr[2];
    rows.prepare(bodyA, bodyB);
    this.drive.prepare(x, h);
  }

  protected saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    this.rotation.saveState(writer);
    writer.writeArray(this.rows.impulse);
    this.drive.saveState(writer);
    writer.writeArray(this.frames.localRotationA);
    writer.writeArray(this.frames.localRotationB);
  }
  protected loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this.rotation.loadState(reader);
    reader.readInto(this.rows.impulse);
    this.drive.loadState(reader);
    reader.readInto(this.frames.localRotationA);
    reader.readInto(this.frames.localRotationB);
  }

  warmStart(): void {
    this.rows.warmStart(this.bodyA, this.bodyB);
    this.drive.warmStart(this.axisRow, this.bodyA, this.bodyB);
  }

  solve(soft: Readonly<Softness>, useBias: boolean): void {
    this.drive.solve(this.axisRow, this.bodyA, this.bodyB, soft, useBias);
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.rows.solve(this.bodyA, this.bodyB, holding);
  }

  scaleImpulse(ratio: number): void {
    this.rows.scale(ratio);
    this.drive.scale(ratio);
  }

  accumulateImpulse(): void {
    const p = this.rows.impulse, sl = this.linearImpulseSum, sa = this.angularImpulseSum;
    const n1 = this.normalRow1.n, n2 = this.normalRow2.n, a = this.axisRow.n, axial = this.drive.totalImpulse();
    for (let k = 0; k < 3; k++) {
      sl[k] += p[0] * n1[k] + p[1] * n2[k] + axial * a[k];
      sa[k] += p[2 + k];
    }
  }

  writeJacobian(out: Float64Array): void {
    out.set(this.rows.J);
  }
  writeEffectiveMass(out: Float64Array): void {
    out.set(this.rows.K);
  }
  getVelocityError(out: Float64Array): void {
    this.rows.velocityError(this.bodyA, this.bodyB, out, 0);
  }
  getPositionError(out: Float64Array): void {
    out.set(this.rows.C);
  }
  applyImpulse(lambda: ArrayLike<number>): void {
    this.rows.applyImpulse(this.bodyA, this.bodyB, lambda);
  }
}
