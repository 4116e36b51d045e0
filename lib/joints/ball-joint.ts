// Ball joint (3 rows): a point of A and a point of B coincide; all rotation is free.
// It is the point constraint part alone; its math is in parts/point-part.ts:
//   C = x_b + r_b − x_a − r_a,  J = [ −I  [r_a]×  I  −[r_b]× ],
//   K = (m_a⁻¹ + m_b⁻¹) I − [r_a]× I_a⁻¹ [r_a]× − [r_b]× I_b⁻¹ [r_b]×,  λ = −K⁻¹ (J v + b).

import type { Body } from '../body.js';
import type { Softness } from '../solver/softness.js';
import type { JointOptions } from './joint.js';
import { SinglePartJoint } from './single-part-joint.js';
import { PointConstraintPart } from './parts/point-part.js';
import type { Float64Allocator } from '../arena.js';

export interface BallJointOptions extends JointOptions {
  /** The joint's pivot in world space, m. */
  anchor: ArrayLike<number>;
}

export class BallJoint extends SinglePartJoint {
  readonly type = 'ball' as const;
  readonly rowCount = 3;
  readonly point: PointConstraintPart;
  protected readonly carries = 'force' as const;
  protected get part(): PointConstraintPart {
    return this.point;
  }

  /** @internal Use world.createBallJoint. `anchor` is already checked. */
  constructor(id: number, bodyA: Body, bodyB: Body, anchor: Float64Array, options: BallJointOptions, allocator?: Float64Allocator) {
    super(id, bodyA, bodyB, options, 'createBallJoint', allocator);
    this.point = new PointConstraintPart(allocator);
    this.point.setWorldAnchor(bodyA, bodyB, anchor);
  }

  /** The anchor as carried by body A / body B, world space (they coincide when the joint holds). */
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

  prepare(_h: number): void {
    this.point.prepare(this.bodyA, this.bodyB);
    this.point.factor();
  }
  solve(soft: Readonly<Softness>): void {
    this.point.solve(this.bodyA, this.bodyB, soft);
  }
}
