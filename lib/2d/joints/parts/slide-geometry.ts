// The slide geometry the 2D prismatic and wheel joints share: A's axis and its normal in the world, the
// separation d of the anchors and the lever arm r_a + d, and the point-to-line row across the axis
// (prismatic-joint.ts derives it). Module scratch arrays: the step allocates nothing, and a getter that
// measures here writes none of a joint's saved state.

import type { Body2D } from '../../body.js';
import { BODY2D_STATE } from '../../body-state.js';
import type { PointConstraintPart2D } from './point-part.js';
import { readFiniteVector, show } from '../../../util/validate.js';

/** @internal A direction in the plane: 2 finite numbers, not both zero (returned normalized); the 3D
 * readDirection's check (lib/util/validate.ts). */
export function readDirection2D(where: string, name: string, value: unknown, out: Float64Array): Float64Array {
  readFiniteVector(where, name, value, 2, out);
  const length = Math.hypot(out[0], out[1]);
  if (!(length > 1e-12)) throw new RangeError(`${where}: ${name} must be a nonzero direction, got ${show(value)}`);
  out[0] /= length; out[1] /= length;
  return out;
}

/** @internal A restored axis in a body's axes must be a unit vector (as a restored quaternion must be a
 * unit quaternion: lib/util/restore-check.ts). */
export function requireUnitAxis(where: string, name: string, axis: Float64Array): void {
  const length = Math.hypot(axis[0], axis[1]);
  if (!(Math.abs(length - 1) <= 1e-9)) throw new RangeError(`${where}: ${name} must be a unit vector, got ${show(axis)} of length ${show(length)}`);
}

const POSITION = BODY2D_STATE.position, ROTATION = BODY2D_STATE.rotation;

/** @internal Scratch of the slide geometry at the last measureSlide: A's axis a and its normal n (world),
 * d, r_a, r_b, and the lever arm r_a + d. (Module arrays: the step allocates nothing.) */
export const slideAxis = new Float64Array(2);
export const slideNormal = new Float64Array(2);
const separation = new Float64Array(2);
const leverA = new Float64Array(2);
/** B's lever arm r_b at the last measureSlide. */
export const slideLeverB = new Float64Array(2);
export const slideLever = new Float64Array(2);

/**
 * @internal A's axis a = R(θ_a) a_local and n = a turned +90°, the lever arms r = R l, d = x_b + r_b − x_a − r_a
 * and r_a + d at the bodies' current poses, into the scratch above (the point part's own arithmetic, so the
 * step's and a getter's numbers agree); returns x = a·d. Writes none of the joint's saved state: a getter
 * called between steps leaves the snapshot and hash as they were.
 */
export function measureSlide(bodyA: Body2D, bodyB: Body2D, point: PointConstraintPart2D, localAxis: Float64Array): number {
  const a = bodyA.state, b = bodyB.state;
  const ca = a[ROTATION], sa = a[ROTATION + 1], cb = b[ROTATION], sb = b[ROTATION + 1];
  const lA = point.localAnchorA, lB = point.localAnchorB;
  leverA[0] = ca * lA[0] - sa * lA[1]; leverA[1] = sa * lA[0] + ca * lA[1];
  slideLeverB[0] = cb * lB[0] - sb * lB[1]; slideLeverB[1] = sb * lB[0] + cb * lB[1];
  separation[0] = b[POSITION] + slideLeverB[0] - a[POSITION] - leverA[0];
  separation[1] = b[POSITION + 1] + slideLeverB[1] - a[POSITION + 1] - leverA[1];
  return slideFrom(a, leverA, separation, localAxis);
}

/** @internal measureSlide's axis, normal and lever from a point part the step just prepared (its r_a and C). */
export function slideFromPoint(bodyA: Body2D, point: PointConstraintPart2D, localAxis: Float64Array): number {
  return slideFrom(bodyA.state, point.rA, point.C, localAxis);
}

function slideFrom(a: Float64Array, rA: ArrayLike<number>, d: ArrayLike<number>, localAxis: Float64Array): number {
  const c = a[ROTATION], s = a[ROTATION + 1], axis = slideAxis, normal = slideNormal;
  axis[0] = c * localAxis[0] - s * localAxis[1];
  axis[1] = s * localAxis[0] + c * localAxis[1];
  normal[0] = -axis[1]; normal[1] = axis[0];
  slideLever[0] = rA[0] + d[0]; slideLever[1] = rA[1] + d[1];
  separation[0] = d[0]; separation[1] = d[1];
  return axis[0] * d[0] + axis[1] * d[1];
}

/** @internal n·d at the last measureSlide or slideFromPoint: the distance of B's anchor from A's axis, signed. */
export function slideOffset(): number {
  return slideNormal[0] * separation[0] + slideNormal[1] * separation[1];
}

/** @internal The point-to-line row [−nᵀ −(r_a + d) × n nᵀ r_b × n] at row `row` of J (6 columns), from the
 * scratch of slideFromPoint and B's lever arm r_b (parts/axis-part.ts setLinear's j = r × n). */
export function writeLineRow(J: Float64Array, row: number, rB: ArrayLike<number>): void {
  const n = slideNormal, lever = slideLever, o = row * 6;
  J[o] = -n[0]; J[o + 1] = -n[1]; J[o + 2] = -(lever[0] * n[1] - lever[1] * n[0]);
  J[o + 3] = n[0]; J[o + 4] = n[1]; J[o + 5] = rB[0] * n[1] - rB[1] * n[0];
}
