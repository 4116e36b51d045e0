// Which joints' Coulomb friction the factorization holds. A joint's friction rows (a ball joint's three
// relative rotation rows under one bound on their impulse's length, a hinge's or slider's axis row) are
// in one of two states, chosen at each factorization from the impulses of the substep before:
//
//   sticking   held as rows of the joint's node (factorization.ts setFrictionHeld): J_f v = 0 exactly,
//              like its equality rows. The joint then turns no way, so its limits are held too: their
//              rows lie in the span of the friction rows (a ball joint's swing and twist rows are relative
//              rotations, a hinge's or slider's limit row is ± its axis row), and an active limit's share
//              of the held impulse is read back out of it (splitLimitImpulses).
//   sliding    held by the limit rows' complementarity problem (limits.ts), which keeps their impulse
//              within the bound beside the limits, through the factorization's response.
//
// A pile of ragdolls at rest sticks nearly everywhere, so its friction costs a larger block per joint and
// no complementarity problem (measured, ten ragdolls at rest: 158 rows in the problem, 79 of them
// friction, when it held every friction row and every limit near its bound).
//
// The rules:
//   - at a substep's start a joint sticks when its friction impulse of the substep before (after its
//     active limits took their share) stayed inside its bound (friction · h) by STICK of it, and slides
//     otherwise (chooseFrictionStates): a function of the impulses alone, which snapshots keep, so a
//     restored world chooses as the original did;
//   - a sticking joint whose friction impulse passes its bound (by more than SLIP of it) slides at once
//     (releaseSlipping, after the solve that found it: its group is factored again without its friction
//     rows, and the problem, starting from the impulse the solve gave, takes back what passed the bound
//     within the same solve), and stays sliding to the step's end. Without that a joint held at its
//     bound by what else holds its bodies (a limb on the ground: its joint's friction at the bound, the
//     contacts taking the rest) stuck at every substep's start, passed its bound in the solve before the
//     contacts and was let go again: measured, ten ragdolls at rest, 8 new factorizations of the problem
//     a step (13 ms a step, against 5.6 ms with one a step).

import type { ForestFactorization } from './factorization.js';
import type { TreeBody } from './tree-body-model.js';
import { MAX_LIMIT_CORRECTION, type TreeJoint } from './tree-joint.js';

/** How far past (or inside) its bound a friction impulse must be to change the state, as a fraction of
 * the bound: an impulse the problem clamped to its bound reads as sliding, not as sticking. */
const SLIP = 1e-6;
/** How far inside its bound a sliding joint's friction impulse must stay to stick again, as a fraction of
 * the bound: the problem's friction solve stops within FRICTION_TOLERANCE (limits.ts) of a clamped
 * impulse, and a joint held at its bound by what else holds the body (a limb on the ground, its contacts
 * taking the rest) would otherwise stick, pass its bound at the next solve and slide again, every substep. */
const STICK = 0.01;
/** A limit row within this of its bound (rad or m) takes its share of a sticking joint's impulse. */
const AT_LIMIT = 1e-4;

/** Scratch: a bound or C (arrays, not return values: a double returned from a call V8 does not inline is
 * boxed), a limit row's J, a friction row's J, and a limit row's direction in the friction rows. */
const number = new Float64Array(1);
const limitRow = new Float64Array(12);
const frictionRow = new Float64Array(12);
const direction = new Float64Array(3);

/**
 * At a substep's start: each forest joint's friction state from its impulses of the substep before (see
 * the header), set in the forest; marks in `changed` (by group) the groups where a state changed, and
 * returns whether any did. `released`: per forest joint, 1 for one let go within this step (it slides
 * on).
 */
export function chooseFrictionStates<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  forest: ForestFactorization<TBody, TJoint>, released: Uint8Array, changed: Uint8Array,
): boolean {
  const joints = forest.joints;
  let any = false;
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j], rows = joint.frictionRowCount;
    let stick = false;
    if (rows > 0 && released[j] === 0) {
      joint.writeFrictionImpulseBound(number, 0);
      const bound = number[0];
      let lengthSq = 0;
      for (let k = 0; k < rows; k++) {
        const lambda = joint.frictionImpulses(k)[joint.frictionImpulseAt(k)];
        lengthSq += lambda * lambda;
      }
      stick = lengthSq < bound * bound * (1 - STICK) * (1 - STICK);
    }
    if (stick !== forest.holdsFriction(j)) any = mark(forest, j, stick, changed) || any;
  }
  return any;
}

/**
 * After a solve: each sticking joint's impulse split between its limits and its friction
 * (splitLimitImpulses), and each one whose friction passed its bound let go and marked in `released` (see
 * the header); marks their groups in `changed` and returns whether any was.
 */
export function releaseSlipping<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  forest: ForestFactorization<TBody, TJoint>, released: Uint8Array, changed: Uint8Array,
): boolean {
  splitLimitImpulses(forest);
  const joints = forest.joints;
  let any = false;
  for (let j = 0; j < joints.length; j++) {
    if (!forest.holdsFriction(j)) continue;
    const joint = joints[j];
    joint.writeFrictionImpulseBound(number, 0);
    const bound = number[0];
    let lengthSq = 0;
    for (let k = 0; k < joint.frictionRowCount; k++) {
      const lambda = joint.frictionImpulses(k)[joint.frictionImpulseAt(k)];
      lengthSq += lambda * lambda;
    }
    if (lengthSq > bound * bound * (1 + SLIP) * (1 + SLIP)) {
      released[j] = 1;
      any = mark(forest, j, false, changed) || any;
    }
  }
  return any;
}

/** Sets joints[j]'s state; true (and its group marked) when it changed. */
function mark<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  forest: ForestFactorization<TBody, TJoint>, j: number, held: boolean, changed: Uint8Array,
): boolean {
  const before = forest.holdsFriction(j);
  if (forest.setFrictionHeld(j, held) === before) return false;
  changed[forest.groupOfJointIndex(j)] = 1;
  return true;
}

/**
 * Limit row k's direction among the joint's friction rows: n with J_l = Σ_i n_i J_f,i (the friction rows
 * are orthogonal: a ball joint's three world axes, or one axis row), into `direction`, and its C into
 * number[0]. Returns |n|², or 0 without writing n when C is above `within`.
 */
function limitDirection(joint: TreeJoint<TreeBody>, k: number, columns: number, within: number): number {
  joint.writeLimitRow(k, limitRow, 0, number, 0);
  if (!(number[0] <= within)) return 0;
  let nn = 0;
  for (let i = 0; i < joint.frictionRowCount; i++) {
    joint.writeFrictionRow(i, frictionRow, 0);
    let dot = 0, ff = 0;
    for (let c = 0; c < columns; c++) {
      dot += limitRow[c] * frictionRow[c];
      ff += frictionRow[c] * frictionRow[c];
    }
    direction[i] = ff > 0 ? dot / ff : 0;
    nn += direction[i] * direction[i];
  }
  return nn;
}

/**
 * For each joint whose friction rows the forest holds: the share of the substep's impulse its limits
 * carried, moved from the friction rows' impulse to the limit rows' (each active limit row, at its bound,
 * takes the part along its direction that pushes back inside, μ = max(0, n·λ_f / |n|²); friction keeps
 * the rest). The readouts then tell limit from friction, and the next substep's state (chooseFrictionStates)
 * weighs the friction's part alone against its bound.
 */
function splitLimitImpulses<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(forest: ForestFactorization<TBody, TJoint>): void {
  const joints = forest.joints, columns = forest.columns;
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j];
    if (joint.limitRowCount === 0 || !forest.holdsFriction(j)) continue;
    const rows = joint.frictionRowCount;
    for (let k = 0; k < joint.limitRowCount; k++) {
      const nn = limitDirection(joint, k, columns, AT_LIMIT);
      if (!(nn > 0)) continue;
      let along = 0;
      for (let i = 0; i < rows; i++) along += direction[i] * joint.frictionImpulses(i)[joint.frictionImpulseAt(i)];
      const mu = along / nn;
      if (!(mu > 0)) continue;
      for (let i = 0; i < rows; i++) joint.frictionImpulses(i)[joint.frictionImpulseAt(i)] -= mu * direction[i];
      joint.limitImpulses(k)[joint.limitImpulseAt(k)] += mu;
    }
  }
}

/**
 * The position change a sticking joint's friction rows ask of a projection (factorization.ts
 * writePositionResidual): none, but where one of its limits is passed, back to it (C + J_l Δx = 0, no
 * more than MAX_LIMIT_CORRECTION at once): J_f Δx = t with t = n (−C) / |n|² summed over the passed limit
 * rows. Written to out[at …].
 */
export function writeHeldLimitCorrection(joint: TreeJoint<TreeBody>, columns: number, out: Float64Array, at: number): void {
  const rows = joint.frictionRowCount;
  for (let i = 0; i < rows; i++) out[at + i] = 0;
  for (let k = 0; k < joint.limitRowCount; k++) {
    const nn = limitDirection(joint, k, columns, 0), C = number[0];
    if (!(C < 0) || !(nn > 0)) continue;
    const correction = Math.min(-C, MAX_LIMIT_CORRECTION) / nn;
    for (let i = 0; i < rows; i++) out[at + i] += direction[i] * correction;
  }
}
