// Mouse joint (3 rows): a spring from a point of a body to a moving target, with a force limit. It is
// how a user drags a body: the viewer moves the target with the pointer. It is the point part between
// the world (bodyA, whose local anchor is the target itself) and the body, solved as a spring of its
// own stiffness in every pass (a spring is physics, not position correction, so the relax pass keeps
// it too) and with the accumulated impulse capped at maxForce·h:
//   C = x_b + r_b − target,   λ = −massScale K⁻¹ (Ċ + biasRate C) − impulseScale λ_acc,  |λ_acc| ≤ F_max h
// (Box2D's mouse joint does the same.)

import type { Body } from '../body/body.js';
import { createSoftness, makeSoft, makeSpring } from '../solver/softness.js';
import { readPoint, requireDampingRatio, requirePositiveWithin, requireWritable, show } from '../util/validate.js';
import { MAX_FORCE, MAX_HERTZ, MAX_STIFFNESS } from '../limits.js';
import { worldPoint, type JointOptions } from './joint.js';
import { checkOptionKeys, optionKeys } from '../util/option-keys.js';
import { definedOptions } from './joint-core.js';
import type { JointDefinition } from './joint-definition.js';
import { SinglePartJoint } from './single-part-joint.js';
import { PointConstraintPart } from './parts/point-part.js';
import type { Float64Allocator } from '../util/arena.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { SubstepLength } from '../solver/step-parts.js';
import { drawBodyFrames, drawnAnchorB, requireDrawArguments, type DebugLines } from './joint-drawing.js';
import type { Vector3Input } from '../util/vector-input.js';

export interface MouseJointOptions {
  /** The body to pull. */
  body: Body;
  /** The point of the body to pull, world space. Default: its centre of mass. */
  anchor?: Vector3Input;
  /** Where to pull it, world space. Default: the anchor. */
  target?: Vector3Input;
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
/** @internal The keys of MouseJointOptions (option-keys.ts). */
export const MOUSE_JOINT_OPTION_KEYS = optionKeys<MouseJointOptions>({
  body: true, anchor: true, target: true, hertz: true, dampingRatio: true, stiffness: true, damping: true, maxForce: true, breakForce: true, breakTorque: true, userData: true,
});

/** The mouse joint's definition (joint-definition.ts): World.createMouseJoint checks the options and makes it
 * through make, between the world's ground and the body. */
export const MOUSE_JOINT_DEFINITION: JointDefinition<MouseJoint, MouseJointOptions, Body> = {
  type: 'mouse',
  make(context, options) {
    const where = 'createMouseJoint';
    checkOptionKeys(where, options, MOUSE_JOINT_OPTION_KEYS);
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${where}: options must be an object, got ${show(options)}`);
    }
    context.requireOwnBody(where, 'body', options.body);
    if (!options.body.isDynamic) {
      throw new RangeError(`${where}: body ${options.body.id} is ${options.body.type}; only dynamic bodies can be dragged`);
    }
    return new MouseJoint(context.nextId, context.ground, options, context.arena);
  },
  placeholder: (context, _bodyA, bodyB) => MOUSE_JOINT_DEFINITION.make(context, { body: bodyB }),
  anchor: (joint, out) => joint.getAnchor(out),
};

export class MouseJoint extends SinglePartJoint {
  /** @internal A spring: never held by the direct solver. */
  override get directRowCount(): number {
    return 0;
  }
  readonly type = 'mouse' as const;
  readonly rowCount = 3;
  readonly point: PointConstraintPart;
  protected readonly carries = 'force' as const;
  protected get part(): PointConstraintPart {
    return this.point;
  }
  private readonly softness = createSoftness();
  private _hertz: number;
  private _dampingRatio: number;
  private _maxForce: number;
  private maxImpulse = 0;

  /** @internal Its anchors on its bodies (Joint.centreMoved). */
  protected override bodyAnchors(): readonly [Float64Array, Float64Array] {
    return [this.point.localAnchorA, this.point.localAnchorB];
  }

  /** @internal Use world.createMouseJoint: `ground` is the world's static ground body. */
  constructor(id: number, ground: Body, options: MouseJointOptions, allocator?: Float64Allocator) {
    const where = 'createMouseJoint';
    const body = options.body;
    const anchor = readPoint(where, 'anchor', options.anchor ?? body.position, 3, new Float64Array(3));
    const target = readPoint(where, 'target', options.target ?? anchor, 3, new Float64Array(3));
    const { hertz, dampingRatio, maxForce, stiffness, damping } = readMouseSpring(where, options, body.mass);
    const jointOptions: JointOptions = {
      bodyA: ground, bodyB: body, breakForce: options.breakForce, breakTorque: options.breakTorque, userData: options.userData, stiffness, damping,
    };
    super(id, ground, body, jointOptions, where, allocator);
    this.point = new PointConstraintPart(allocator);
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
  toOptions(): MouseJointOptions {
    const spring = this.physicalSpring ? { stiffness: this.stiffness, damping: this.damping } : { hertz: this._hertz, dampingRatio: this._dampingRatio };
    return definedOptions({
      body: this.bodyB, anchor: worldPoint(this.bodyB, this.point.localAnchorB), target: Array.from(this.point.localAnchorA),
      ...spring, maxForce: this._maxForce, breakForce: this.breakForce, breakTorque: this.breakTorque, userData: this.userData,
    });
  }

  /** Moves the target, world space. */
  setTarget(target: Vector3Input): void {
    this.requireInWorld('setTarget');
    readPoint('setTarget', 'target', target, 3, this.point.localAnchorA);
    this.wakeBodies();
  }
  getTarget(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getTarget', out, 3);
    const t = this.point.localAnchorA;
    out[0] = t[0]; out[1] = t[1]; out[2] = t[2];
    return out;
  }
  /** The pulled point of the body, world space. */
  getAnchor(out: Float64Array | number[]): Float64Array | number[] {
    requireWritable('getAnchor', out, 3);
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  /** Draws the world's axes at the target and the body's own at the pulled point (see Joint.drawFrames).
   * A mouse joint has no limits to draw. */
  drawFrames(lines: DebugLines, size: number): void {
    requireDrawArguments('drawFrames', lines, size);
    const body = this.bodyB;
    body.getWorldPoint(drawnAnchorB, this.point.localAnchorB);
    drawBodyFrames(lines, this.bodyA.orientation, body.orientation, this.point.localAnchorA, drawnAnchorB, size);
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

/** A mouse joint's spring and force cap as its options give them (the 2D mouse joint's too). */
export interface MouseSpring {
  hertz: number;
  dampingRatio: number;
  maxForce: number;
  /** The spring in physical units, when the options give stiffness or damping (else undefined). */
  stiffness: number | undefined;
  damping: number | undefined;
}

/** @internal Reads a mouse joint's hertz (default 5), dampingRatio (0.7) and maxForce (1000 × `mass`), or
 * its stiffness and damping (default 1.4 √(k m), 0.7 of critical for `mass`) instead of the first two. */
export function readMouseSpring(
  where: string, options: Pick<MouseJointOptions, 'hertz' | 'dampingRatio' | 'stiffness' | 'damping' | 'maxForce'>, mass: number,
): MouseSpring {
  const hertz = requirePositiveWithin(where, 'hertz', options.hertz ?? 5, 0, MAX_HERTZ, ' Hz');
  const dampingRatio = requireDampingRatio(where, 'dampingRatio', options.dampingRatio ?? 0.7);
  const maxForce = requirePositiveWithin(where, 'maxForce', options.maxForce ?? 1000 * mass, 0, MAX_FORCE, ' N');
  const physical = options.stiffness !== undefined || options.damping !== undefined;
  if (physical && (options.hertz !== undefined || options.dampingRatio !== undefined)) {
    throw new RangeError(`${where}: give the spring as stiffness and damping or as hertz and dampingRatio, not both`);
  }
  const stiffness = physical ? requirePositiveWithin(where, 'stiffness', options.stiffness, 0, MAX_STIFFNESS, ' N/m') : undefined;
  const damping = physical ? options.damping ?? 1.4 * Math.sqrt((stiffness as number) * mass) : undefined;
  return { hertz, dampingRatio, maxForce, stiffness, damping };
}
