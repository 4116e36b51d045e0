// Figures measured the same way for every engine, from body poses alone: each adapter reports poses as
// [x, y, z, qx, qy, qz, qw] per body (2D engines with z = 0 and a rotation about z). Joint anchors and
// reference orientations are fixed from the scene description's initial poses, as every engine's
// joints are.

import { angleOf, conjugate, IDENTITY, multiply, rotate } from './quat.mjs';
import { jointFrame, localFrame } from './engines/contact-scene.mjs';

function pose(poses, i) {
  if (i === null) return { x: [0, 0, 0], q: IDENTITY };
  const o = i * 7;
  return { x: [poses[o], poses[o + 1], poses[o + 2]], q: [poses[o + 3], poses[o + 4], poses[o + 5], poses[o + 6]] };
}

export class JointMetrics {
  constructor(description) {
    const initial = new Float64Array(description.bodies.length * 7);
    description.bodies.forEach((b, i) => {
      initial.set([...b.position, ...(b.orientation ?? IDENTITY)], i * 7);
    });
    this.joints = description.joints.map((j) => {
      const a = pose(initial, j.bodyA), b = pose(initial, j.bodyB);
      const local = (p, anchor) => rotate(conjugate(p.q), [anchor[0] - p.x[0], anchor[1] - p.x[1], anchor[2] - p.x[2]]);
      return {
        a: j.bodyA, b: j.bodyB, type: j.type,
        localA: j.anchor ? local(a, j.anchor) : null,
        localB: j.anchor ? local(b, j.anchor) : null,
        reference: multiply(conjugate(a.q), b.q),
        limits: limitsOf(description, j),
      };
    });
  }

  /** Largest anchor gap (m) over joints with an anchor (ball, weld, hinge), largest relative-orientation
   * error (rad) over welds and orientation joints, and the largest excess over a limit (rad): the swing
   * cone, twist range or hinge range of a limited joint, measured as sinew defines them (excess: 0). */
  measure(poses) {
    let gap = 0, angle = 0, excess = 0;
    for (const j of this.joints) {
      const a = pose(poses, j.a), b = pose(poses, j.b);
      if (j.localA) {
        const pa = rotate(a.q, j.localA), pb = rotate(b.q, j.localB);
        gap = Math.max(gap, Math.hypot(b.x[0] + pb[0] - a.x[0] - pa[0], b.x[1] + pb[1] - a.x[1] - pa[1], b.x[2] + pb[2] - a.x[2] - pa[2]));
      }
      if (j.type === 'weld' || j.type === 'orientation') angle = Math.max(angle, angleOf(multiply(conjugate(multiply(a.q, j.reference)), b.q)));
      if (j.limits) excess = Math.max(excess, limitExcess(j.limits, a.q, b.q));
    }
    return { gap, angle, excess };
  }
}

/** A limited joint's frames in each body and its ranges (rad), or null. */
function limitsOf(description, j) {
  const hinge = j.type === 'hinge' && j.limits !== undefined;
  const ball = j.type === 'ball' && (j.swingLimit !== undefined || j.twistLimit !== undefined);
  if (!hinge && !ball) return null;
  const frame = jointFrame(j);
  return {
    frameA: localFrame(description, j.bodyA, frame.q),
    frameB: localFrame(description, j.bodyB, frame.q),
    twist: hinge ? j.limits : j.twistLimit ?? null,
    swing: ball ? j.swingLimit ?? null : null,
  };
}

/**
 * How far a joint is beyond its limits, rad, as sinew measures them (lib/joints/joint-frames.ts,
 * parts/swing-twist-part.ts): q_rel = q_fa⁻¹ q_fb (w ≥ 0); the twist (or hinge angle) 2 atan2(q_rel.x,
 * q_rel.w) against its range; the swing angle φ between the frames' x axes against the elliptical cone's
 * φ_max toward where it swings.
 */
function limitExcess(limits, qa, qb) {
  let r = multiply(conjugate(multiply(qa, limits.frameA)), multiply(qb, limits.frameB));
  if (r[3] < 0) r = r.map((c) => -c);
  let excess = 0;
  if (limits.twist) {
    const theta = 2 * Math.atan2(r[0], r[3]);
    excess = Math.max(excess, limits.twist[0] - theta, theta - limits.twist[1]);
  }
  if (limits.swing) {
    const u = rotate(r, [1, 0, 0]);
    const rho = Math.hypot(u[1], u[2]);
    const phi = Math.atan2(rho, u[0]);
    const sin = rho > 1e-12 ? u[2] / rho : 0, cos = rho > 1e-12 ? u[1] / rho : 1;
    const [ty, tz] = limits.swing;
    const phiMax = 1 / Math.sqrt((sin * sin) / (ty * ty) + (cos * cos) / (tz * tz));
    excess = Math.max(excess, phi - phiMax);
  }
  return excess;
}

/** Kinetic energy (J), ½ m v² + ½ ωᵀ I ω over the dynamic bodies, from the engine's velocities
 * ([vx, vy, vz, ωx, ωy, ωz] per body, world axes; ω turned into body axes, where the description's
 * inertia is diagonal). */
export function kineticEnergy(description, poses, velocities) {
  let energy = 0;
  description.bodies.forEach((b, i) => {
    if (b.type !== 'dynamic') return;
    const o = i * 6;
    const w = rotate(conjugate(pose(poses, i).q), [velocities[o + 3], velocities[o + 4], velocities[o + 5]]);
    energy += 0.5 * b.mass * (velocities[o] ** 2 + velocities[o + 1] ** 2 + velocities[o + 2] ** 2)
      + 0.5 * (b.inertia[0] * w[0] ** 2 + b.inertia[1] * w[1] ** 2 + b.inertia[2] * w[2] ** 2);
  });
  return energy;
}

/** The largest distance any body centre moved between two poses, m. */
export function largestMove(before, after) {
  let move = 0;
  for (let i = 0; i < after.length; i += 7) move = Math.max(move, Math.hypot(after[i] - before[i], after[i + 1] - before[i + 1], after[i + 2] - before[i + 2]));
  return move;
}

/** Farthest body centre from the origin, m, and the lowest centre's height, m. */
export function extent(poses) {
  let farthest = 0, lowest = Infinity;
  for (let i = 0; i < poses.length; i += 7) {
    farthest = Math.max(farthest, Math.hypot(poses[i], poses[i + 1], poses[i + 2]));
    lowest = Math.min(lowest, poses[i + 1]);
  }
  return { farthest, lowest };
}

/** Pyramid: the largest distance of any box's centre from where it was built, and how far the top box
 * (the last body) came down, m. */
export function pyramidFigures(description, poses) {
  let displacement = 0;
  description.bodies.forEach((b, i) => {
    const o = i * 7;
    displacement = Math.max(displacement, Math.hypot(poses[o] - b.position[0], poses[o + 1] - b.position[1], poses[o + 2] - b.position[2]));
  });
  const top = description.bodies.length - 1;
  return { displacement, topDrop: description.bodies[top].position[1] - poses[top * 7 + 1] };
}

/** Chain end distance from the origin over the rest length (links of 1 m along x at rest). */
export function chainStretch(description, poses, links) {
  const p = pose(poses, links - 1);
  const tip = rotate(p.q, [0.5, 0, 0]);
  return Math.hypot(p.x[0] + tip[0], p.x[1] + tip[1], p.x[2] + tip[2]) / links;
}

/** How far the tip (the last box's local +0.5 x) is below y = 0, m. */
export function cantileverTipSag(description, poses) {
  const p = pose(poses, description.bodies.length - 1);
  return -(p.x[1] + rotate(p.q, [0.5, 0, 0])[1]);
}

/** Non-finite state, or a body moving faster than 1e3 m/s between two poses. */
export function exploded(previous, poses, dt) {
  for (let i = 0; i < poses.length; i++) if (!Number.isFinite(poses[i])) return true;
  for (let i = 0; i < poses.length; i += 7) {
    if (Math.hypot(poses[i] - previous[i], poses[i + 1] - previous[i + 1], poses[i + 2] - previous[i + 2]) / dt > 1e3) return true;
  }
  return false;
}

/** Sphere grid: the far corner's distance from its pinned edge point, over the rest length. */
export function gridCornerStretch(poses, count, spacing) {
  const corner = pose(poses, count * count - 1);
  const pin = [(count - 1) * spacing, 0, 0];
  return Math.hypot(corner.x[0] - pin[0], corner.x[1] - pin[1], corner.x[2] - pin[2]) / ((count - 1) * spacing);
}

/** sinew only, from its readouts: the upward force (N) the ground carries of a welded structure standing
 * on it, its unbroken welds to the world plus the normal force of every contact in the world (a scene of
 * the structure alone on its ground, whose welded bricks do not collide with each other). */
export function groundSupport(world, joints) {
  let support = 0;
  const force = [0, 0, 0];
  for (const joint of joints) {
    if (joint.broken || joint.bodyB.isDynamic) continue;
    joint.getForce(force);
    support -= force[1]; // (the force on B, the world)
  }
  for (const contact of world.contacts) support += contact.normalForce;
  return support;
}
