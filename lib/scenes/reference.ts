// The determinism reference scene: every joint type in motion, so that a pinned hash of its state after
// 1000 steps covers the whole step. Three hinged chains fall from horizontal (one with angle limits,
// one driven by a motor at its root), a ball-joint chain with swing-twist limits and friction, a rope,
// a slider on a servo, and a weld that breaks under a swinging load; every body collides, and the chains
// hit a ground plane 3 m below their anchors (plane–box and plane–capsule contacts, and between chains).

import { boxInertia, capsuleInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from './description.js';

export function fallingHingedChains(): SceneDescription {
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const half: Vec3Tuple = [0.25, 0.05, 0.05];
  const link = (position: Vec3Tuple, mass = 1): number => {
    bodies.push({ type: 'dynamic', position, mass, inertia: boxInertia(mass, half), shape: { kind: 'box', halfExtents: half }, role: 'link', collide: true });
    return bodies.length - 1;
  };
  // Three hinged chains of 8 links along +x from z = 0, 2, 4, with a tilted axis so they move in 3D.
  for (let c = 0; c < 3; c++) {
    const z = 2 * c;
    let previous: number | null = null;
    for (let i = 0; i < 8; i++) {
      const body = link([0.25 + 0.5 * i, 0, z], 1 + 0.25 * i);
      joints.push({
        type: 'hinge', bodyA: body, bodyB: previous, anchor: [0.5 * i, 0, z], axis: [0.2 * c, 0.1, 1],
        limits: c === 1 ? [-0.7, 0.7] : undefined,
        motor: c === 2 && i === 0 ? { speed: 1.5, maxForce: 40 } : undefined,
      });
      previous = body;
    }
  }
  // A ball-joint chain with swing-twist limits and friction.
  let previous: number | null = null;
  for (let i = 0; i < 6; i++) {
    const r = 0.06, hh = 0.19;
    bodies.push({
      type: 'dynamic', position: [0.25 + 0.5 * i, 0, 6], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], mass: 0.8,
      inertia: capsuleInertia(0.8, r, hh), shape: { kind: 'capsule', radius: r, halfHeight: hh }, role: 'link', collide: true,
    });
    joints.push({
      type: 'ball', bodyA: bodies.length - 1, bodyB: previous, anchor: [0.5 * i, 0, 6], axis: [1, 0, 0], normal: [0, 1, 0],
      swingLimit: [0.6, 0.9], twistLimit: [-0.4, 0.4], friction: 0.05,
    });
    previous = bodies.length - 1;
  }
  // A 2 kg weight on a rope (maxLength 1.5 m), a 3 kg carriage on a servo slider, and a breakable weld.
  const weight = link([1.2, -0.2, 8], 2);
  joints.push({ type: 'distance', bodyA: weight, bodyB: null, anchor: [1.2, -0.2, 8], anchorB: [0, 0, 8], minLength: 0, maxLength: 1.5 });
  const carriage = link([0, 0, 10], 3);
  joints.push({
    type: 'prismatic', bodyA: carriage, bodyB: null, anchor: [0, 0, 10], axis: [1, -0.3, 0], limits: [-1, 1],
    servo: { target: 0.8, hertz: 2, dampingRatio: 0.3, maxForce: 50 },
  });
  const arm = link([0.25, 0, 12], 2);
  joints.push({ type: 'hinge', bodyA: arm, bodyB: null, anchor: [0, 0, 12], axis: [0, 0, 1] });
  const load = link([0.75, 0, 12], 4);
  joints.push({ type: 'weld', bodyA: load, bodyB: arm, anchor: [0.5, 0, 12], breakForce: 80 });
  return { name: 'falling hinged chains', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints, ground: { height: -3, restitution: 0.3 } };
}
