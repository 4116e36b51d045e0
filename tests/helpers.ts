// Shared test helpers: a seeded random source, random body states, and dense J M⁻¹ Jᵀ built from a
// joint's Jacobian and the bodies' masses (independent of the closed forms under test).

import { quat } from 'gl-matrix';
import { World, type Body, type Joint, type WorldOptions } from '../lib/index.js';

/** Mulberry32: a small deterministic generator, so a failing random case can be rerun. */
export { mulberry32 as seededRandom } from '../lib/math/random.js';
import { mulberry32 } from '../lib/math/random.js';
import { decodeNumbers, encodeNumbers } from '../lib/util/state.js';

export function randomVector(random: () => number, scale: number): [number, number, number] {
  return [(random() * 2 - 1) * scale, (random() * 2 - 1) * scale, (random() * 2 - 1) * scale];
}

export function randomQuaternion(random: () => number): [number, number, number, number] {
  const q = new Float64Array([random() * 2 - 1, random() * 2 - 1, random() * 2 - 1, random() * 2 - 1]);
  quat.normalize(q, q);
  return [q[0], q[1], q[2], q[3]];
}

/** A symmetric positive definite inertia with random principal axes (full 3x3, 9 numbers). */
export function randomInertia(random: () => number): number[] {
  const d = [0.2 + random(), 0.2 + random(), 0.2 + random()];
  const R = new Float64Array(9);
  const q = randomQuaternion(random);
  // R from q, column-major
  const [x, y, z, w] = q;
  R[0] = 1 - 2 * (y * y + z * z); R[3] = 2 * (x * y - z * w); R[6] = 2 * (x * z + y * w);
  R[1] = 2 * (x * y + z * w); R[4] = 1 - 2 * (x * x + z * z); R[7] = 2 * (y * z - x * w);
  R[2] = 2 * (x * z - y * w); R[5] = 2 * (y * z + x * w); R[8] = 1 - 2 * (x * x + y * y);
  const I: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += R[k * 3 + r] * d[k] * R[k * 3 + c];
      I.push(s);
    }
  }
  return I;
}

export function randomDynamicBody(world: World, random: () => number): Body {
  return world.createBody({
    position: randomVector(random, 2),
    orientation: randomQuaternion(random),
    linearVelocity: randomVector(random, 3),
    angularVelocity: randomVector(random, 3),
    mass: 0.5 + 2 * random(),
    inertia: randomInertia(random),
  });
}

/** The 12x12 block-diagonal M⁻¹ of two bodies, row-major, in the order [v_a ω_a v_b ω_b]. */
export function inverseMassMatrix(bodyA: Body, bodyB: Body): Float64Array {
  const M = new Float64Array(144);
  const place = (offset: number, body: Body) => {
    for (let i = 0; i < 3; i++) M[(offset + i) * 12 + offset + i] = body.inverseMass;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) M[(offset + 3 + r) * 12 + offset + 3 + c] = body.inverseInertiaWorld[c * 3 + r];
    }
  };
  place(0, bodyA);
  place(6, bodyB);
  return M;
}

/** Dense J M⁻¹ Jᵀ (rows × rows, row-major) from a joint's written Jacobian. */
export function explicitEffectiveMass(joint: Joint): Float64Array {
  const rows = joint.rowCount;
  const J = new Float64Array(rows * 12);
  joint.writeJacobian(J);
  const M = inverseMassMatrix(joint.bodyA, joint.bodyB);
  const K = new Float64Array(rows * rows);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < rows; j++) {
      let s = 0;
      for (let a = 0; a < 12; a++) {
        if (J[i * 12 + a] === 0) continue;
        for (let b = 0; b < 12; b++) s += J[i * 12 + a] * M[a * 12 + b] * J[j * 12 + b];
      }
      K[i * rows + j] = s;
    }
  }
  return K;
}

/** The velocity vector [v_a ω_a v_b ω_b] of a joint's bodies. */
export function stackedVelocity(bodyA: Body, bodyB: Body): Float64Array {
  const v = new Float64Array(12);
  v.set(bodyA.linearVelocity, 0);
  v.set(bodyA.angularVelocity, 3);
  v.set(bodyB.linearVelocity, 6);
  v.set(bodyB.angularVelocity, 9);
  return v;
}

/** J v from the written Jacobian (rows numbers). */
export function explicitVelocityError(joint: Joint): Float64Array {
  const J = new Float64Array(joint.rowCount * 12);
  joint.writeJacobian(J);
  const v = stackedVelocity(joint.bodyA, joint.bodyB);
  const out = new Float64Array(joint.rowCount);
  for (let i = 0; i < joint.rowCount; i++) {
    let s = 0;
    for (let k = 0; k < 12; k++) s += J[i * 12 + k] * v[k];
    out[i] = s;
  }
  return out;
}

export function maxAbs(values: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) m = Math.max(m, Math.abs(values[i]));
  return m;
}

/** A removal the random-scene properties make between steps: a body or a joint, by index (modulo the
 * count left). */
export interface Removal {
  step: number;
  what: 'body' | 'joint';
  index: number;
}
/** What applyRemovals needs of a world (World and World2D alike). */
export interface RemovableWorld<B, J> {
  readonly bodies: readonly B[];
  readonly joints: readonly J[];
  removeBody(body: B): void;
  removeJoint(joint: J): void;
}
/** What stepsStayFinite needs of a world (World and World2D alike). */
export interface SteppedWorld<B, J> extends RemovableWorld<B, J> {
  step(dt: number): void;
  getMaxLinearError(): number;
}
/**
 * Steps `world` `steps` times by dt, making the removals due before each step; false as soon as a step
 * leaves `allFinite(world)` false or the largest joint gap not finite (the random scenes' property).
 */
export function stepsStayFinite<B, J, W extends SteppedWorld<B, J>>(
  world: W, removals: readonly Removal[], dt: number, steps: number, allFinite: (world: W) => boolean,
): boolean {
  for (let step = 0; step < steps; step++) {
    applyRemovals(world, removals, step);
    world.step(dt);
    if (!allFinite(world) || !Number.isFinite(world.getMaxLinearError())) return false;
  }
  return true;
}
/**
 * The energy property's measurement, for either world: the energy after half a second of settling (which
 * projects away the velocities the joints forbid) and the largest energy over the next 1000 steps.
 */
export function energyAfterSettling(world: { step(dt: number): void; getEnergy(): number }, dt: number): { most: number; start: number } {
  const settle = Math.ceil(0.5 / dt);
  for (let step = 0; step < settle; step++) world.step(dt);
  const start = world.getEnergy();
  let most = start;
  for (let step = 0; step < 1000; step++) {
    world.step(dt);
    most = Math.max(most, world.getEnergy());
  }
  return { most, start };
}
/** Makes the removals due at `step`. */
export function applyRemovals<B, J>(world: RemovableWorld<B, J>, removals: readonly Removal[], step: number): void {
  for (const removal of removals) {
    if (removal.step !== step) continue;
    if (removal.what === 'body' && world.bodies.length > 0) world.removeBody(world.bodies[removal.index % world.bodies.length]);
    if (removal.what === 'joint' && world.joints.length > 0) world.removeJoint(world.joints[removal.index % world.joints.length]);
  }
}

/**
 * The elastic statics of a structure of joints under gravity: the joint forces F_j (per joint, its rows'
 * force, N and N·m) that balance every dynamic body's weight, Σ_j J_jᵀ F_j + W = 0, and among those
 * minimize Σ_j F_jᵀ K_j F_j (K_j = J_j M⁻¹ J_jᵀ, the joint's effective mass at the current poses): the
 * equilibrium of joints whose compliance is proportional to K_j, which is how the iterative solver's soft
 * rows give (C = −K F / ω² at rest) and how the direct solver's compliance shares a load. Dense: for
 * scenes of tens of bodies. Solved as F_j = −K_j⁻¹ J_j u with (Σ_j J_jᵀ K_j⁻¹ J_j) u = W.
 */
export function elasticStatics(world: World, joints: readonly Joint[]): Float64Array[] {
  const bodies = world.bodies.filter((body) => body.isDynamic);
  const index = new Map(bodies.map((body, i) => [body, i]));
  const n = 6 * bodies.length;
  const A = new Float64Array(n * n);
  const parts = joints.map((joint) => {
    const m = joint.rowCount;
    const J = new Float64Array(m * 12), K = new Float64Array(m * m);
    joint.writeJacobian(J);
    joint.writeEffectiveMass(K);
    const inverse = solveDense(K, m, identity(m), m);
    // KJ = K⁻¹ J (m × 12)
    const KJ = new Float64Array(m * 12);
    for (let r = 0; r < m; r++) for (let c = 0; c < 12; c++) {
      let sum = 0;
      for (let k = 0; k < m; k++) sum += inverse[r * m + k] * J[k * 12 + c];
      KJ[r * 12 + c] = sum;
    }
    const sides: [number, number][] = [];
    for (const [side, body] of [[0, joint.bodyA], [1, joint.bodyB]] as const) if (index.has(body)) sides.push([side, index.get(body) as number]);
    for (const [sa, a] of sides) for (const [sb, b] of sides) for (let i = 0; i < 6; i++) for (let k = 0; k < 6; k++) {
      let sum = 0;
      for (let r = 0; r < m; r++) sum += J[r * 12 + 6 * sa + i] * KJ[r * 12 + 6 * sb + k];
      A[(6 * a + i) * n + 6 * b + k] += sum;
    }
    return { m, KJ, sides };
  });
  const W = new Float64Array(n);
  bodies.forEach((body, i) => { for (let k = 0; k < 3; k++) W[6 * i + k] = body.mass * body.gravityScale * world.gravity[k]; });
  const u = solveDense(A, n, W, 1);
  return parts.map(({ m, KJ, sides }) => {
    const F = new Float64Array(m);
    for (let r = 0; r < m; r++) {
      let sum = 0;
      for (const [side, b] of sides) for (let k = 0; k < 6; k++) sum += KJ[r * 12 + 6 * side + k] * u[6 * b + k];
      F[r] = -sum;
    }
    return F;
  });
}

function identity(m: number): Float64Array {
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) out[i * m + i] = 1;
  return out;
}

/** X = A⁻¹ B for A n×n and B n×cols (row-major), by Gaussian elimination with partial pivoting. */
function solveDense(A: Float64Array, n: number, B: Float64Array, cols: number): Float64Array {
  const a = Float64Array.from(A), x = Float64Array.from(B);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k], a[c * n + k]];
      for (let k = 0; k < cols; k++) [x[c * cols + k], x[p * cols + k]] = [x[p * cols + k], x[c * cols + k]];
    }
    const d = a[c * n + c];
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      for (let k = 0; k < cols; k++) x[r * cols + k] -= f * x[c * cols + k];
    }
  }
  for (let c = n - 1; c >= 0; c--) {
    for (let k = 0; k < cols; k++) {
      let sum = x[c * cols + k];
      for (let j = c + 1; j < n; j++) sum -= a[c * n + j] * x[j * cols + k];
      x[c * cols + k] = sum / a[c * n + c];
    }
  }
  return x;
}

/** The rigid joint kinds random scenes draw from. */
export type RigidJointKind = 'ball' | 'hinge' | 'weld' | 'orientation' | 'prismatic';
export const RIGID_JOINT_KINDS: readonly RigidJointKind[] = ['ball', 'hinge', 'weld', 'orientation', 'prismatic'];

/** A joint of a random kind between a and b (b undefined: the world) at `anchor`, with a random axis for
 * hinges and sliders. */
export function randomRigidJoint(world: World, random: () => number, a: Body, b: Body | undefined, anchor: number[]): Joint {
  const axis = randomVector(random, 1);
  if (Math.hypot(...axis) < 0.1) axis[0] = 1;
  const kind = RIGID_JOINT_KINDS[Math.floor(random() * RIGID_JOINT_KINDS.length)];
  const common = { bodyA: a, bodyB: b, anchor };
  return kind === 'ball' ? world.createBallJoint(common)
    : kind === 'hinge' ? world.createHingeJoint({ ...common, axis })
      : kind === 'weld' ? world.createWeldJoint(common)
        : kind === 'orientation' ? world.createOrientationJoint({ bodyA: a, bodyB: b })
          : world.createPrismaticJoint({ ...common, axis });
}

/** A closed room of 2 cm walls (10 m inside) with `count` balls of 0.1 m radius at 100-300 m/s in random
 * directions, e = 1, no friction, no gravity (continuous collision's scene); `collide`: the balls collide
 * with each other too. */
export function ballRoom(options: WorldOptions, collide: boolean, ccd = false, count = 100): World {
  const world = new World({ gravity: [0, 0, 0], ...options });
  const inner = 5, half = 0.01, walls = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [-1, 1]) {
      const halfExtents: [number, number, number] = [inner + 2 * half, inner + 2 * half, inner + 2 * half];
      const position: [number, number, number] = [0, 0, 0];
      halfExtents[axis] = half;
      position[axis] = side * (inner + half);
      walls.push({ type: 'box' as const, halfExtents, position });
    }
  }
  world.createBody({ type: 'static', shapes: walls });
  const random = mulberry32(5);
  for (let i = 0; i < count; i++) {
    const direction = [random() - 0.5, random() - 0.5, random() - 0.5], length = Math.hypot(...direction), shot = 100 + 200 * random();
    world.createBody({
      ccd, position: [(random() - 0.5) * 8, (random() - 0.5) * 8, (random() - 0.5) * 8], linearVelocity: direction.map((d) => (shot * d) / length),
      shapes: [{ type: 'sphere', radius: 0.1, restitution: 1, friction: 0, group: collide ? 0 : -1 }],
    });
  }
  return world;
}


/**
 * A snapshot's packed numbers as a version before 8 wrote them: without exactSubsteps, which follows
 * gravity (`gravityLength` numbers: 3 in 3D, 2 in 2D) and substeps. A world restored from them takes
 * exactSubsteps = substeps, so a test comparing it with the original sets that on the original first.
 */
export function withoutExactSubsteps(numbers: string, gravityLength: number): string {
  const decoded = decodeNumbers(numbers), at = gravityLength + 1;
  return encodeNumbers(Float64Array.from([...decoded.subarray(0, at), ...decoded.subarray(at + 1)]));
}
