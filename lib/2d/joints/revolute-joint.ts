// Revolute joint (2 rows): a point of A and a point of B coincide; the bodies turn freely about it.
// The 2D point part alone (parts/point-part.ts); the 3D ball joint (lib/joints/ball-joint.ts) is its
// 3D form, and for planar motion the two agree to round-off.

import type { Body2D } from '../body.js';
import type { Softness } from '../../solver/softness.js';
import type { Joint2DOptions } from './joint.js';
import { PointConstraintPart2D } from './parts/point-part.js';
import { SinglePartJoint2D } from './single-part-joint.js';

export interface RevoluteJointOptions extends Joint2DOptions {
  /** The pivot, world space, m. */
  anchor: ArrayLike<number>;
}

export class RevoluteJoint extends SinglePartJoint2D {
  readonly type = 'revolute' as const;
  readonly rowCount = 2;
  readonly point = new PointConstraintPart2D();
  protected readonly carries = 'force' as const;
  protected get part(): PointConstraintPart2D {
    return this.point;
  }

  /** @internal Use world.createRevoluteJoint. `anchor` is already checked. */
  constructor(id: number, bodyA: Body2D, bodyB: Body2D, anchor: Float64Array, options: RevoluteJointOptions) {
    super(id, bodyA, bodyB, options, 'createRevoluteJoint');
    this.point.setWorldAnchor(bodyA, bodyB, anchor);
  }

  getAnchorA(out: Float64Array | number[]): Float64Array | number[] {
    return this.bodyA.getWorldPoint(out, this.point.localAnchorA);
  }
  getAnchorB(out: Float64Array | number[]): Float64Array | number[] {
    return this.bodyB.getWorldPoint(out, this.point.localAnchorB);
  }

  getError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getLinearError(): number {
    return this.point.currentGap(this.bodyA, this.bodyB);
  }
  getAngularError(): number {
    return 0;
  }

  prepare(h: number): void {
    this.updateSpring(h);
    this.point.prepare(this.bodyA, this.bodyB);
    this.point.factor();
  }
  solve(soft: Readonly<Softness>, useBias: boolean): void {
    const holding = this.holdingSoftness(soft, useBias);
    if (holding !== null) this.point.solve(this.bodyA, this.bodyB, holding);
  }
}
