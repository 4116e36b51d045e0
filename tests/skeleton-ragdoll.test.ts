// Ragdolls from a skeleton (a character rig's bones, head to tail, with parents and radii): the bodies are
// the bones' capsules with the masses their volumes give, the joints sit at the bones' heads, the ragdoll
// hangs by its root within its limits, and driveToPose holds a T-pose against gravity.

import { describe, expect, it } from 'vitest';
import { World, createSkeletonRagdoll, type SkeletonBone, type SkeletonRagdoll } from '../lib/index.js';

const DT = 1 / 60;

/** A rig in a T-pose, 1.7 m tall, as a modelling tool would export it (metres, y up, facing +z). */
function tPose(): SkeletonBone[] {
  const arm = (side: 'Left' | 'Right', s: number): SkeletonBone[] => [
    { name: `upperArm${side}`, parent: 'chest', head: [s * 0.18, 1.42, 0], tail: [s * 0.46, 1.42, 0], radius: 0.045, swingLimit: [1.2, 1.2], twistLimit: [-1, 1] },
    { name: `forearm${side}`, parent: `upperArm${side}`, head: [s * 0.46, 1.42, 0], tail: [s * 0.72, 1.42, 0], radius: 0.035, joint: 'hinge', axis: [0, 1, 0], limits: s > 0 ? [-2.4, 0] : [0, 2.4] },
  ];
  const leg = (side: 'Left' | 'Right', s: number): SkeletonBone[] => [
    { name: `thigh${side}`, parent: 'pelvis', head: [s * 0.1, 0.9, 0], tail: [s * 0.1, 0.48, 0], radius: 0.07, swingLimit: [1.2, 0.6], twistLimit: [-0.5, 0.5] },
    { name: `shin${side}`, parent: `thigh${side}`, head: [s * 0.1, 0.48, 0], tail: [s * 0.1, 0.06, 0], radius: 0.05, joint: 'hinge', axis: [1, 0, 0], limits: [0, 2.4] },
  ];
  return [
    { name: 'pelvis', head: [0, 0.9, 0], tail: [0, 1.1, 0], radius: 0.12 },
    { name: 'chest', parent: 'pelvis', head: [0, 1.1, 0], tail: [0, 1.45, 0], radius: 0.14, swingLimit: [0.5, 0.4], twistLimit: [-0.4, 0.4] },
    { name: 'head', parent: 'chest', head: [0, 1.48, 0], tail: [0, 1.7, 0], radius: 0.1, swingLimit: 0.6, twistLimit: [-1, 1] },
    ...arm('Left', 1), ...arm('Right', -1), ...leg('Left', 1), ...leg('Right', -1),
  ];
}

function hung(world: World): SkeletonRagdoll {
  const ragdoll = createSkeletonRagdoll(world, { bones: tPose(), collide: false });
  world.createWeldJoint({ bodyA: world.ground, bodyB: ragdoll.bodies.pelvis, anchor: [0, 1, 0] });
  return ragdoll;
}

describe('ragdolls from a skeleton', () => {
  it('each bone is a capsule from head to tail of density × volume, joined to its parent at its head', () => {
    const world = new World();
    const ragdoll = createSkeletonRagdoll(world, { bones: tPose(), density: 1000 });
    expect(ragdoll.bodyList.length).toBe(11);
    expect(ragdoll.jointList.length).toBe(10);
    // the left forearm: 0.26 m long, r = 0.035: a capsule of half-height 0.095
    const forearm = ragdoll.bodies.forearmLeft;
    const volume = Math.PI * 0.035 ** 2 * 0.19 + (4 / 3) * Math.PI * 0.035 ** 3;
    expect(forearm.mass).toBeCloseTo(1000 * volume, 9);
    expect(Array.from(forearm.position)).toEqual([0.59, 1.42, 0].map((x) => expect.closeTo(x, 12)));
    // its body y axis runs along the bone (+x)
    const [x, y, z, w] = forearm.orientation;
    expect(2 * (x * y - w * z)).toBeCloseTo(1, 12);
    for (const joint of ragdoll.jointList) expect(joint.getError()).toBeLessThan(1e-12);
    expect(ragdoll.joints.forearmLeft.type).toBe('hinge');
    expect(ragdoll.joints.chest.type).toBe('ball');
    expect(ragdoll.joints.pelvis).toBeUndefined();
  });

  it('hung by its pelvis it falls limp within its limits and comes to rest; driven, it holds the T-pose', () => {
    const limp = new World();
    const dangling = hung(limp);
    for (let i = 0; i < 300; i++) limp.step(DT);
    for (const joint of dangling.jointList) {
      if (joint.type === 'ball') expect(joint.getSwingMargin()).toBeGreaterThan(-0.02);
      else expect(joint.getAngle()).toBeGreaterThan(joint.lowerAngle - 0.02);
    }
    // the arms hang: the forearms' tips well below the shoulders
    expect(dangling.bodies.forearmLeft.position[1]).toBeLessThan(1.2);
    const powered = new World();
    const held = hung(powered);
    for (let i = 0; i < 240; i++) {
      held.driveToPose({}, { maxTorque: 300 });
      powered.step(DT);
    }
    expect(Math.abs(held.bodies.forearmLeft.position[1] - 1.42)).toBeLessThan(0.03);
    for (const joint of held.jointList) {
      const a = joint.bodyA.orientation, b = joint.bodyB.orientation;
      // every bone at its rest orientation relative to its parent, within 0.05 rad
      const restA = tPoseOrientation(joint.bodyA, held), restB = tPoseOrientation(joint.bodyB, held);
      expect(relativeAngle(a, b, restA, restB)).toBeLessThan(0.05);
    }
  });

  it('refuses a bad skeleton naming the bone, and makes nothing', () => {
    const world = new World();
    const bones = tPose();
    const bad = (change: (bones: SkeletonBone[]) => void) => {
      const copy = tPose();
      change(copy);
      return () => createSkeletonRagdoll(world, { bones: copy });
    };
    expect(bad((b) => (b[3].parent = 'spine'))).toThrow(/bones\[3\] \(upperArmLeft\)\.parent "spine" is no bone of the skeleton/);
    expect(bad((b) => (b[2].name = 'chest'))).toThrow(/bones\[2\]\.name "chest" is used twice/);
    expect(bad((b) => delete b[1].parent)).toThrow(/one root .* got 2/);
    expect(bad((b) => ((b[0].parent = 'head')))).toThrow(/one root|cycle/);
    expect(bad((b) => delete b[4].axis)).toThrow(/forearmLeft\): a hinge needs an axis/);
    expect(bad((b) => (b[5].radius = 0))).toThrow(/upperArmRight\)\.radius must be a finite number > 0, got 0/);
    expect(world.bodies.length).toBe(0);
    expect(bones.length).toBe(11);
  });
});

/** A body's rest orientation (the description's: the bone along body y). */
function tPoseOrientation(body: { position: ArrayLike<number> }, ragdoll: SkeletonRagdoll): number[] {
  const name = Object.keys(ragdoll.bodies).find((n) => ragdoll.bodies[n] === body) as string;
  const bone = tPose().find((b) => b.name === name) as SkeletonBone;
  const h = bone.head as number[], t = bone.tail as number[];
  const d = [t[0] - h[0], t[1] - h[1], t[2] - h[2]], n = Math.hypot(d[0], d[1], d[2]);
  const w = 1 + d[1] / n;
  if (w < 1e-9) return [1, 0, 0, 0];
  const q = [d[2] / n, 0, -d[0] / n, w], m = Math.hypot(...q);
  return q.map((x) => x / m);
}
/** The angle between q_a⁻¹ q_b now and at rest, rad. */
function relativeAngle(a: ArrayLike<number>, b: ArrayLike<number>, restA: number[], restB: number[]): number {
  const conj = (q: ArrayLike<number>) => [-q[0], -q[1], -q[2], q[3]];
  const mul = (p: number[], q: ArrayLike<number>) => [
    p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1], p[3] * q[1] + p[1] * q[3] + p[2] * q[0] - p[0] * q[2],
    p[3] * q[2] + p[2] * q[3] + p[0] * q[1] - p[1] * q[0], p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2],
  ];
  const now = mul(conj(a), b), rest = mul(conj(restA), restB);
  const dot = Math.abs(now[0] * rest[0] + now[1] * rest[1] + now[2] * rest[2] + now[3] * rest[3]);
  return 2 * Math.acos(Math.min(1, dot));
}
