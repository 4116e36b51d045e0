// What the direct solver asks of a joint: JointCore's direct-solver section (lib/joints/joint-core.ts) and
// its equality rows, block by block (../equality-rows.ts: J with 2·dof columns [v_a ω_a v_b ω_b], Ċ = J v,
// C, λ_acc). And the questions the solver's parts ask of joints and of the nodes of its forest.

import type { TreeBody } from './tree-body-model.js';
import type { SubstepLength } from '../step-parts.js';
import { clearRowsImpulse, writeRowsPositionError, type EqualityRows } from '../equality-rows.js';

export interface TreeJoint<TBody extends TreeBody> {
  readonly bodyA: TBody;
  readonly bodyB: TBody;
  /** @internal True when the joint's holding rows are a spring (JointCore.isSpring): soft rows left to the iterative solver. */
  readonly isSpring: boolean;
  /** Broken joints stay in their world; the solver may keep their nodes (direct-solver.ts removeOnly). */
  readonly broken: boolean;
  /** @internal */
  direct: boolean;
  /** @internal */
  directLimits: boolean;
  /** @internal */
  directFriction: boolean;
  /** @internal Made since the last step (or the world turned iterative): the iterative solver starts it
   * under its load (settle.ts). */
  settlePending: boolean;
  /** @internal */
  readonly directRowCount: number;
  /** @internal */
  readonly limitRowCount: number;
  /** @internal */
  readonly hasDriveRows: boolean;
  /** @internal */
  prepare(step: SubstepLength): void;
  /** @internal The joint's equality rows, block by block (solver/equality-rows.ts): J, Ċ, C and λ_acc. */
  readonly equalityRows: readonly EqualityRows<TBody>[];
  /** @internal */
  writePointLoad(out: Float64Array): boolean;
  /** @internal */
  writeLimitRow(k: number, out: Float64Array, at: number, error: Float64Array, errorAt: number): void;
  /** @internal */
  limitImpulses(k: number): Float64Array;
  /** @internal */
  limitImpulseAt(k: number): number;
  /** @internal */
  readonly frictionRowCount: number;
  /** @internal */
  writeFrictionRow(k: number, out: Float64Array, at: number): void;
  /** @internal */
  writeFrictionImpulseBound(out: Float64Array, at: number): void;
  /** @internal */
  frictionImpulses(k: number): Float64Array;
  /** @internal */
  frictionImpulseAt(k: number): number;
}

/**
 * A joint the direct solver takes: one with rigid equality rows, or a rigid distance joint with bounds
 * (its rows are limits only), with no motor or servo (its bodies' locked axes are factored as infinite
 * masses: TreeBodyModel.lockBlock). A drive row solved in the sweeps beside the exact solve sees only its
 * own two bodies' masses, and the exact solve after it passes part of its impulse on through the tree: a
 * hinge motor holding a 1 m rod at speed 0
 * against gravity let it turn at 0.058 rad/s for ever (measured), where the soft step holds it and lets
 * it sleep. Such a joint is the soft step's, whole.
 */
export function isCandidate(joint: TreeJoint<TreeBody>): boolean {
  if (joint.hasDriveRows) return false;
  // A translation lock makes a joint's rows redundant across a structure: held along z, a hinge about z
  // holds the anchor's z through the bodies' turns about x and y, which its two angular rows hold too, so
  // a tree of n such bodies has 3(n − 1) rows on 2n freedoms. The factorization's pivots then vanish
  // within a Schur complement where no single block shows it, and a planar ragdoll's joints came 11 m
  // apart in 15 steps (measured); the soft step takes redundant rows in its stride.
  if (joint.bodyA.hasLockedTranslation === true || joint.bodyB.hasLockedTranslation === true) return false;
  return joint.directRowCount > 0 || (!joint.isSpring && joint.limitRowCount > 0);
}

/** A joint's dynamic body (body A when both are). */
export function dynamicEnd<TBody extends TreeBody>(joint: TreeJoint<TBody>): TBody {
  return joint.bodyA.isDynamic ? joint.bodyA : joint.bodyB;
}

export function isJoint<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(node: TBody | TJoint): node is TJoint {
  return 'directRowCount' in node;
}

/** Scratch for one joint's rows (at most 6 rows of 12 numbers) and its errors, and for its λ_acc. */
export const jacobianScratch = new Float64Array(72);
export const impulseScratch = new Float64Array(6);

/** The largest |C| over the joints' equality rows, from their last prepare. */
export function largestPositionError(joints: readonly TreeJoint<TreeBody>[]): number {
  let largest = 0;
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j];
    writeRowsPositionError(joint.equalityRows, jacobianScratch);
    for (let k = 0; k < joint.directRowCount; k++) largest = Math.max(largest, Math.abs(jacobianScratch[k]));
  }
  return largest;
}

/** Sets the joints' equality impulses to zero. */
export function clearEqualityImpulses(joints: readonly TreeJoint<TreeBody>[]): void {
  for (let j = 0; j < joints.length; j++) clearRowsImpulse(joints[j].equalityRows);
}

/**
 * Compliance of the joints of a tree that a loop closes: each joint's rows get γ K_j, COMPLIANCE times the
 * joint's own effective mass K_j = J_j M⁻¹ J_jᵀ (its inverse-mass matrix, all its rows together). A loop
 * over-constrains: a bridge welded at both ends can carry its weight through either end, and rigid rows
 * leave the split undefined (the loop's S is singular; dropping its zero pivots hands the whole load to
 * the forest, and the bridge hangs as a cantilever from one end: measured, its root welds broke where the
 * iterative solver's held). A compliance makes the split the one that minimizes Σ_j F_jᵀ K_j F_j: the
 * elastic statics of joints as compliant as the iterative solver's are, whose rows settle at
 * C = −K_j F_j / ω² (step.ts; solver/softness.ts), so the two solvers share a load alike (tested to 1e-3:
 * small welded walls). Each row's own inverse mass alone, as before, put their forces 10-15 % apart.
 * It also bounds the impulse along a nearly redundant direction: at 1e-9 a 3 x 3 sphere grid (its pinned
 * row and its squares nearly redundant while flat) built loop impulses of 1e7 N·s and went to NaN in 110
 * steps; at 1e-6 its gaps stay below 2e-7 m (the projection takes the drift).
 */
export const COMPLIANCE = 1e-6;

/**
 * A friction row's compliance relative to its own inverse mass: only to keep the blocks it is held in
 * invertible where the joints already hold its direction (its impulse is bounded by the friction anyway).
 * The limits' COMPLIANCE let a rod held by friction sag 5e-7 rad in 2 s.
 */
export const FRICTION_COMPLIANCE = 1e-12;

/** The most a projection corrects a limit row's violation at once, rad or m (Box2D v2's largest angular
 * correction, 8°): a limit created far past its bound comes back over a few steps, not in one jump. */
export const MAX_LIMIT_CORRECTION = 0.14;
