// A structure made under the iterative solver starts at rest under its load.
//
// The soft step's rigid joints are stiff springs (solver/softness.ts): a row carries a load only once it
// gives way by it. At rest (Ċ = 0) a row's biased solve, Ċ + biasRate·C + γ K λ = 0 with γ =
// impulseScale / massScale, holds its substep impulse λ (λ / h the force) at
//     C* = −c K_j λ,   c = γ / biasRate = 1 / (h ω²),
// K_j = J_j M⁻¹ J_jᵀ the joint's effective inverse mass. A structure built unloaded (C = 0, no impulse)
// drops into that sag at its first step and overshoots it: the joints' damping acts on each joint's own
// effective mass, and a structure's lowest mode moves many of them, so it rings. Measured on a stacked
// 8 x 8 wall of 30 kg bricks welded to the ground: the ground welds peaked at 1.38 times their static
// load (1.05, 1.21, 1.36, 1.53 for walls of 1, 4, 8 and 16 rows), and welds made to break at 1.27 times
// it broke although the wall was left alone. Started at C* with λ as its warm start, the wall holds
// 1.000 of its load from the first step.
//
// λ is the direct solver's (Baraff 1996): the impulses of the joints' rigid rows that hold the bodies
// over one substep from rest against gravity and the applied forces (v = h (g + F/m), ω = h I⁻¹ τ), with
// the loops' COMPLIANCE sharing a redundant structure's load as the springs do (tree-joint.ts:
// Σ_j F_jᵀ K_j F_j least). The bodies then move by the mass-weighted least change with J Δx = C*, the
// projection's step (projection.ts) toward C* instead of toward 0. Only the joints made since the last
// step (settlePending) give way and take λ as their warm start: a gap the caller made stays, and the
// joints already settled in the same structure carry their share in the solve but keep their own
// impulses and deformation.

import type { ForestFactorization } from './factorization.js';
import { DisjointSets } from './ordering.js';
import type { TreeBody } from './tree-body-model.js';
import { clearEqualityImpulses, dynamicEnd, impulseScratch, isCandidate, jacobianScratch, type TreeJoint } from './tree-joint.js';
import { addRowsImpulse, clearRowsImpulse, readRowsImpulse, writeRowsJacobian } from '../equality-rows.js';

/**
 * The joints to settle and the bodies they need: every rigid candidate joint (isCandidate, with equality
 * rows, not broken) of each connected structure that has one waiting (settlePending), and the dynamic
 * bodies of those structures. Empty lists when none waits.
 */
export function pendingStructures<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  bodies: readonly TBody[], joints: readonly TJoint[],
): { bodies: TBody[]; joints: TJoint[] } {
  const index = new Map<TBody, number>();
  for (const body of bodies) if (body.isDynamic) index.set(body, index.size);
  const sets = new DisjointSets(index.size);
  const rigid = joints.filter((joint) => !joint.broken && isCandidate(joint) && joint.directRowCount > 0 && index.has(dynamicEnd(joint)));
  for (const joint of rigid) {
    const a = index.get(joint.bodyA), b = index.get(joint.bodyB);
    if (a === undefined || b === undefined) continue;
    const ra = sets.find(a), rb = sets.find(b);
    if (ra !== rb) sets.join(ra, rb);
  }
  const waiting = new Set<number>();
  for (const joint of rigid) if (joint.settlePending) waiting.add(sets.find(index.get(dynamicEnd(joint)) as number));
  if (waiting.size === 0) return { bodies: [], joints: [] };
  return {
    bodies: bodies.filter((body) => body.isDynamic && waiting.has(sets.find(index.get(body) as number))),
    joints: rigid.filter((joint) => waiting.has(sets.find(index.get(dynamicEnd(joint)) as number))),
  };
}

/**
 * Settles the forest's pending joints (see the header) for substeps of h with the joints' compliance
 * c = 1 / (h ω²), the forest laid out for them and its joints prepared at the current poses.
 * `integrateVelocities` adds h (g + F/m) and h I⁻¹ τ to the bodies given (the world's integrator).
 * No body moves farther than maxShift or turns farther than maxTurn (the speed caps over a substep, as
 * the projection: a load no joint can hold, such as a 1e12 N push, would otherwise move it without
 * bound). The bodies' velocities are left as they were; the joints must be prepared again at the new
 * poses.
 */
export function settleForest<TBody extends TreeBody, TJoint extends TreeJoint<TBody>>(
  forest: ForestFactorization<TBody, TJoint>, integrateVelocities: (bodies: readonly TBody[]) => void,
  h: number, c: number, maxShift: number, maxTurn: number,
): void {
  const model = forest.model, dof = model.dof, joints = forest.joints, bodies = forest.bodies;
  // every body a joint touches starts from rest (a kinematic one too: its motion is not a load)
  const touched: TBody[] = bodies.slice();
  for (const joint of joints) {
    if (!joint.bodyA.isDynamic) touched.push(joint.bodyA);
    if (!joint.bodyB.isDynamic) touched.push(joint.bodyB);
  }
  const velocities = new Float64Array(dof * touched.length), rest = new Float64Array(dof);
  for (let b = 0; b < touched.length; b++) {
    model.saveVelocity(touched[b].state, velocities, dof * b);
    model.restoreVelocity(touched[b].state, rest, 0);
  }
  // the settled joints keep their impulses
  const kept = new Float64Array(6 * joints.length);
  for (let j = 0; j < joints.length; j++) readRowsImpulse(joints[j].equalityRows, kept, 6 * j);
  clearEqualityImpulses(joints);
  // λ: the rigid rows' impulses over a substep from rest
  integrateVelocities(bodies);
  forest.factorAll(h);
  forest.solveVelocities(false);
  for (let b = 0; b < touched.length; b++) model.restoreVelocity(touched[b].state, velocities, dof * b);
  for (let j = 0; j < joints.length; j++) {
    if (joints[j].settlePending) continue;
    clearRowsImpulse(joints[j].equalityRows);
    addRowsImpulse(joints[j].equalityRows, kept, 6 * j);
  }
  // the right-hand side: C* − C_now = −c K_j λ for a pending joint (its λ kept as its warm start), 0 for
  // a settled one and for the bodies
  const columns = 2 * dof;
  for (let i = 0; i < forest.count; i++) {
    const x = forest.x[i], joint = forest.nodeJoint[i];
    x.fill(0);
    if (joint === null) continue;
    const m = joint.directRowCount;
    if (!joint.settlePending) continue;
    writeRowsJacobian(joint.equalityRows, jacobianScratch);
    readRowsImpulse(joint.equalityRows, impulseScratch, 0);
    const a = joint.bodyA.state, b = joint.bodyB.state, J = jacobianScratch;
    for (let r = 0; r < m; r++) {
      let sum = 0;
      for (let s = 0; s < m; s++) {
        const R = r * columns, S = s * columns;
        sum += model.addRowPairInverseMass(model.addRowPairInverseMass(0, J, R, S, a), J, R + dof, S + dof, b) * impulseScratch[s];
      }
      x[r] = -c * sum;
    }
  }
  forest.solve();
  const bounds = new Float64Array([1, maxShift, maxTurn]);
  for (let i = 0; i < forest.count; i++) {
    const body = forest.nodeBody[i];
    if (body !== null) model.move(body, forest.x[i], bounds);
  }
}
