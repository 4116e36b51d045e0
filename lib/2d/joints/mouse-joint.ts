// Mouse joint in 2D (2 rows): a spring from a point of a body to a moving target, with a force limit; how
// a user drags a body. lib/joints/mouse-joint.ts in the plane: the point part (parts/point-part.ts)
// between the world's ground (bodyA, whose local anchor is the target itself: the ground sits at the
// origin unturned) and the body, solved as a spring of its own stiffness in every pass (a spring is
// physics, not position correction, so the relax pass keeps it too) and with the accumulated impulse
// capped at maxForce·h:
//   C = x_b + r_b − target,   λ = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc,  |λ_acc| ≤ F_max h
// with K the point part's 2x2 (K + γ I for a spring in physical units). Box2D v3's b2MouseJoint does the
// same (a soft point constraint, its impulse clamped to maxForce·h).

import type { Body2D } from '../body.js';
import { createSoftness, makeSoft, makeSpring } from '../../solver/softness.js';
import { readPoint, requireDampingRatio, requirePositiveWithin, requireWritable, show } from '../../util/validate.js';
import { MAX_FORCE, MAX_HERTZ } from '../../limits.js';
import { worldPoint2D, type Joint2DOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../../util/option-keys.js';
import { definedOptions } from '../../joints/joint-core.js';
import type { JointDefinition } from '../../joints/joint-definition.js';
import { readMouseSpring } from '../../joints/mouse-joint.js';
import { SinglePartJoint2D } from './single-part-joint.js';
import { PointConstraintPart2D } from './parts/point-part.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import type { SubstepLength } from '../../solver/step-parts.js';
import type { Vector2Input } from '../../util/vector-input.js';

export interface MouseJoint2DOptions {
  /** The body to pull. */
  body: Body2D;
  /** The point of the body to pull, world space. Default: its centre of mass. */
  anchor?: Vector2Input;
  /** Where to pull it, world space. Default: the anchor. */
  target?: Vector2Input;
  /** Spring stiffness, Hz. Default 5. */
  hertz?: number;
  /** Spring damping ratio. Default 0.7. */
  dampingRatio?: number;
  /** The spring in physical units instead: stiffness, N/m (> 0). Give stiffness and damping, or hertz
   * and dampingRatio, not both. */
  stiffness?: number;
  /** That spring's damping, N·s/m. Default 1.4 √(k m): 0.7 of critical for the body's mass. */
  damping?: number;
  /** Largest force the spring applies, N. Default 1000 × the body's mass. */
  maxForce?: number;
  breakForce?: number;
  breakTorque?: number;
  userData?: unknown;
}
/** @internal The keys of MouseJoint2DOptions (option-keys.ts). */
export const MOUSE_JOINT_2D_OPTION_KEYS = optionKeys<MouseJoint2DOptions>({
  body: true, anchor: true, target: true, hertz: true, dampingRatio: true, stiffness: true, damping: true, maxForce: true, breakForce: true, breakTorque: true, userData: true,
});

/** The 2D mouse joint's definition (lib/joints/joint-definition.ts): World2D.createMouseJoint checks the
 * options and makes it through make, between the world's ground and the body. */
export const MOUSE_JOINT_2D_DEFINITION: JointDefinition<MouseJoint2D, MouseJoint2DOptions, Body2D> = {
  type: 'mouse',
  make(context, options) {
    const where = 'createMouseJoint';
    checkOptionKeys(where, options, MOUSE_JOINT_2D_OPTION_KEYS);
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    context.requireOwnBody(where, 'body', options.body);
    if (!options.body.isDynamic) {
      throw new RangeError(`${where}: body ${options.body.id} is ${options.body.type}; only dynamic bodies can be dragged`);
    }
    return new MouseJoint2D(context.nextId, context.ground, options);
  },
  placeholder: (context, _bodyA, bodyB) => MOUSE_JOINT_2D_DEFINITION.make(context, { body: bodyB }),
  anchor: (joint, out) => joint.getAnchor(out),
};

export class MouseJoint2D extends SinglePartJoint2D {
  /** @internal A spring: never held by the direct solver. */
  override get directRowCount(): number {
    return 0;
  }
  readonly type = 'mouse' as const;
  readonly rowCount = 2;
  readonly point = new PointConstraintPart2D();
  protected readonly carries = 'force' as const;
  protected get part(): PointConstraintPart2D {
    return this.point;
  }
  private readonly softness = createSoftness();
  private _hertz: number;
  private _dampingRatio: number;
  private _maxForce: number;
  private maxImpulse = 0;

  /** @internal Its anchors on its bodies (Joint2D.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal Use world.createMouseJoint: `ground` is the world's static ground body. */
  constructor(id: number, ground: Body2D, options: MouseJoint2DOptions) {
    const where = 'createMouseJoint';
    const body = options.body;
    const anchor = readPoint(where, 'anchor', options.anchor ?? body.position, 2, new Float64Array(2));
    const target = readPoint(where, 'target', options.target ?? anchor, 2, new Float64Array(2));
    const { hertz, dampingRatio, maxForce, stiffness, damping } = readMouseSpring(where, options, body.mass);
    const jointOptions: Joint2DOptions = {
      bodyA: ground, bodyB: body, breakForce: options.breakForce, breakTorque: options.breakTorque, userData: options.userData, stiffness, damping,
    };
    super(id, ground, body, jointOptions, where);
    this.equalityRows = [this.point];
    this._hertz = hertz;
    this._dampingRatio = dampingRatio;
    this._maxForce = maxForce;
    body.getLocalPoint(this.point.localAnchorB, anchor);
    this.point.localAnchorA.set(target);
  }

  protected override checkParts(where: string, path: string): void {
    requirePositiveWithin(where, `${path}.hertz`, this._hertz, 0, MAX_HERTZ, ' Hz');
    requireDampingRatio(where, `${path}.dampingRatio`, this._dampingRatio);
    requirePositiveWithin(where, `${path}.maxForce`, this._maxForce, 0, MAX_FORCE, ' N');
  }
  protected override saveParts(writer: StateWriter): void {
    this.point.saveState(writer);
    writer.write(this._hertz);
    writer.write(this._dampingRatio);
    writer.write(this._maxForce);
  }
  protected override loadParts(reader: StateReader): void {
    this.point.loadState(reader);
    this._hertz = reader.read();
    this._dampingRatio = reader.read();
    this._maxForce = reader.read();
  }

  /** The options that make this joint again (see JointCore.toOptions): the body, its pulled point at its
   * current pose, the target, the spring, maxForce, the breaking limits and userData. */
  toOptions(): MouseJoint2DOptions {
    const spring = this.physicalSpring ? { stiffness: this.stiffness, damping: this.damping } : { hertz: this._hertz, dampingRatio: this._dampingRatio };
    return definedOptions({
      body: this.bodyB, anchor: worldPoint2D(this.bodyB, this.point.localAnchorB), target: Array.from(this.point.localAnchorA),
      ...spring, maxForce: this._maxForce, breakForce: this.breakForce, breakTorque: this.breakTorque, userData: this.userData,
    });
  }

  /** Moves the target, world space. */
  setTarget(target: Vector2Input): void {
    this.requireInWorld('setTarget');
    readPoint('setTarget', 'target', target, 2, this.point.localAnchorA);
    this.wakeBodies();
  }
  getTarget(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getTarget', out, 2);
    const t = this.point.localAnchorA;
    out[0] = t[0]; out[1] = t[1];
    return out;
  }
  /** The pulled point of the body, world space. */
  getAnchor(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchor', out, 2);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  override get hertz(): number {
    return this._hertz;
  }
  override set hertz(value: number) {
    this.requireInWorld('hertz');
    this._hertz = requirePositiveWithin('hertz', 'hertz', value, 0, MAX_HERTZ, ' Hz');
    this.clearPhysicalSpring();
    this.wakeBodies();
  }
  override get dampingRatio(): number {
    return this._dampingRatio;
  }
  override set dampingRatio(value: number) {
    this.requireInWorld('dampingRatio');
    if (this.physicalSpring) throw new Error('dampingRatio: the joint\'s spring is given by stiffness and damping; set hertz first, or set damping');
    this._dampingRatio = requireDampingRatio('dampingRatio', 'dampingRatio', value);
    this.wakeBodies();
  }
  get maxForce(): number {
    return this._maxForce;
  }
  set maxForce(value: number) {
    this.requireInWorld('maxForce');
    this._maxForce = requirePositiveWithin('maxForce', 'maxForce', value, 0, MAX_FORCE, ' N');
    this.wakeBodies();
  }

  /** Distance from the pulled point to the target, m. */
  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.getError();
  }
  getAngularError(): number {
    return 0;
  }

  /** @internal */
  prepare(step: SubstepLength): void {
    const h = step.h;
    this.point.prepare(this.bodyA, this.bodyB);
    if (this.physicalSpring) {
      // (K + γ I)⁻¹ for the spring in physical units (softness.ts makeSpring)
      makeSpring(this.softness, this.stiffness, this.damping, h);
      this.point.factor(this.softness.compliance);
    } else {
      this.point.factor();
      makeSoft(this.softness, this._hertz, this._dampingRatio, h);
    }
    this.maxImpulse = this._maxForce * h;
  }
  /** @internal Always its own spring: the world's rigid-joint softness does not apply. */
  solve(): void {
    this.point.solve(this.bodyA, this.bodyB, this.softness, this.maxImpulse);
  }
}
