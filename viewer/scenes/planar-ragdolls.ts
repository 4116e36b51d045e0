// Ragdolls in the plane, for the ragdoll pile's 2D vs 3D view: lib's ragdoll (describeRagdoll) seen from
// its side. Its lateral axis x is turned onto z ((x, y, z) → (z, y, −x)) and then dropped: the left and
// right limbs lie on one another in the plane (one filter group, so they never collide), boxes keep their
// sizes turned (half extents (a, b, c) → (c, b, a), inertia likewise), and every joint becomes a hinge
// about z: elbows, knees and ankles already are hinges about the lateral axis (turned onto ∓z, their
// limits kept), and each swing-twist joint keeps its flexion, the swing about its lateral y axis, as the
// limits ±swing. Laid down by a turn about z and dropped, the ragdolls form a pile in the plane.

import { describeRagdoll, type BodyDescription, type JointDescription, type SceneDescription, type Vec3Tuple } from '../../lib/scenes/index.js';

/** (x, y, z) → (z, y, 0): the side view's plane, the lateral axis dropped. */
const side = (p: readonly number[]): Vec3Tuple => [p[2], p[1], 0];

/** A ragdoll in the plane, standing with its feet at the origin, in filter group `group`. */
export function planarRagdoll(group: number): { bodies: BodyDescription[]; joints: JointDescription[] } {
  const ragdoll = describeRagdoll({ position: [0, 0, 0], group });
  const bodies = ragdoll.bodies.map((b): BodyDescription => {
    if (b.orientation && (b.orientation[0] !== 0 || b.orientation[1] !== 0 || b.orientation[2] !== 0)) {
      throw new RangeError(`planarRagdoll: segment ${b.name} is turned in the standing pose`);
    }
    const shape = b.shape.kind === 'box' ? { kind: 'box' as const, halfExtents: [b.shape.halfExtents[2], b.shape.halfExtents[1], b.shape.halfExtents[0]] as Vec3Tuple } : b.shape;
    return { ...b, position: side(b.position), orientation: undefined, inertia: [b.inertia[2], b.inertia[1], b.inertia[0]], shape };
  });
  const joints = ragdoll.joints.map((j): JointDescription => {
    const anchor = side(j.anchor!);
    const common = { bodyA: j.bodyA, bodyB: j.bodyB, anchor, friction: j.friction, breakForce: j.breakForce, name: j.name };
    if (j.type === 'hinge') {
      // (1, 0, 0) turns onto (0, 0, −1)
      const axis = j.axis!;
      return { ...common, type: 'hinge', axis: [0, 0, -Math.sign(axis[0])], limits: j.limits };
    }
    const flexion = j.swingLimit![0];
    return { ...common, type: 'hinge', axis: [0, 0, 1], limits: [-flexion, flexion] };
  });
  return { bodies, joints };
}

/** `count` planar ragdolls laid on their sides (heads alternately left and right), each 0.5 m above the
 * last, onto a ground plane at y = 0. */
export function planarRagdollPile(count: number): SceneDescription {
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  for (let i = 0; i < count; i++) {
    const { bodies: own, joints: links } = planarRagdoll(-(i + 1));
    // lying: turned by ∓90° about z (the head toward −x or +x), a little off level, its middle at (x, y)
    const angle = (i % 2 === 0 ? -1 : 1) * (Math.PI / 2 + 0.1 * Math.sin(3 * i));
    const c = Math.cos(angle), s = Math.sin(angle), x = 0.4 * Math.sin(2 * i), y = 0.4 + 0.5 * i, hip = 0.95;
    const place = (p: readonly number[]): Vec3Tuple => [x + c * p[0] - s * (p[1] - hip), y + s * p[0] + c * (p[1] - hip), 0];
    const orientation: [number, number, number, number] = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
    const offset = bodies.length;
    for (const b of own) bodies.push({ ...b, position: place(b.position), orientation });
    for (const j of links) joints.push({ ...j, anchor: place(j.anchor!), bodyA: j.bodyA + offset, bodyB: j.bodyB === null ? null : j.bodyB + offset });
  }
  return { name: `${count} planar ragdolls`, gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints, ground: { height: 0 } };
}
