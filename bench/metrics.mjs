// Figures measured the same way for every engine, from body poses alone: each adapter reports poses as
// [x, y, z, qx, qy, qz, qw] per body (2D engines with z = 0 and a rotation about z). Joint anchors and
// reference orientations are fixed from the scene description's initial poses, as every engine's
// joints are.

function rotate(q, v) {
  // v' = q v q*, for a unit quaternion q = (x, y, z, w)
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + y * tz - z * ty, v[1] + w * ty + z * tx - x * tz, v[2] + w * tz + x * ty - y * tx];
}
const conjugate = (q) => [-q[0], -q[1], -q[2], q[3]];
function multiply(a, b) {
  return [
    a[3] * b[0] + b[3] * a[0] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] + b[3] * a[1] + a[2] * b[0] - a[0] * b[2],
    a[3] * b[2] + b[3] * a[2] + a[0] * b[1] - a[1] * b[0],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}
function angleOf(q) {
  const s = Math.hypot(q[0], q[1], q[2]);
  return 2 * Math.atan2(s, Math.abs(q[3]));
}

const IDENTITY = [0, 0, 0, 1];

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
      };
    });
  }

  /** Largest anchor gap (m) over ball and weld joints, largest relative-orientation error (rad) over welds. */
  measure(poses) {
    let gap = 0, angle = 0;
    for (const j of this.joints) {
      const a = pose(poses, j.a), b = pose(poses, j.b);
      if (j.localA) {
        const pa = rotate(a.q, j.localA), pb = rotate(b.q, j.localB);
        gap = Math.max(gap, Math.hypot(b.x[0] + pb[0] - a.x[0] - pa[0], b.x[1] + pb[1] - a.x[1] - pa[1], b.x[2] + pb[2] - a.x[2] - pa[2]));
      }
      if (j.type !== 'ball') angle = Math.max(angle, angleOf(multiply(conjugate(multiply(a.q, j.reference)), b.q)));
    }
    return { gap, angle };
  }
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
