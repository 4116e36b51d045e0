// Six-DOF joints (lib/joints/six-dof-joint.ts), each axis free, locked or driven: a pendulum whose pin
// slides in a slot (x and the turn about z free), a ring spun by a motor on a pole it slides down to a
// stop (a cylindrical joint: translation and rotation along the pole, the translation limited), and a
// constant-velocity joint (only the twist locked) passing a motor's spin between two shafts at an angle,
// and a rod hung in a swing cone (y and z limited, two rotations free: the ball joint's elliptical cone).

import type { SceneDescription } from '../../lib/scenes/index.js';
import { HingeJoint, type SixDofJoint } from '../../lib/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

function box(x: number, y: number, z: number, half: [number, number, number], mass: number, role: string): SceneDescription['bodies'][number] {
  const [a, b, c] = half.map((h) => 2 * h);
  return { type: 'dynamic', position: [x, y, z], mass, inertia: [(mass * (b * b + c * c)) / 12, (mass * (a * a + c * c)) / 12, (mass * (a * a + b * b)) / 12], shape: { kind: 'box', halfExtents: half }, role };
}

function describeSixDof(): SceneDescription {
  return {
    name: 'six-dof', gravity: [0, -9.81, 0], dt: 1 / 60, joints: [],
    bodies: [
      { ...box(-2, 1.1, 0, [0.05, 0.5, 0.05], 1, 'link'), linearVelocity: [1.5, 0, 0] }, // the pendulum, its pin at its top
      box(-0.1, 1.6, 0, [0.15, 0.04, 0.15], 0.5, 'load'), // the ring
      box(1.3, 1.4, 0, [0.4, 0.04, 0.04], 1, 'link'), // the driving shaft, along x
      box(1.7, 1.8, 0, [0.04, 0.4, 0.04], 1, 'link'), // the driven shaft, along y
      { ...box(3.2, 1.4, 0, [0.04, 0.4, 0.04], 1, 'link'), angularVelocity: [7, 4, 6] }, // the rod in its cone
    ],
  };
}

/** A quaternion turning x onto the unit vector `axis`. */
function xTo(axis: number[]): number[] {
  const q = [0, -axis[2], axis[1], 1 + axis[0]], n = Math.hypot(...q);
  return q.map((v) => v / n);
}

export const sixDofScene: ViewerScene = {
  name: 'six-dof',
  title: 'Six-DOF joints: a pin in a slot, a cylinder, a CV joint, a swing cone',
  description:
    'Each joint sets its six axes free, locked or driven. From the left: a pin in a slot, a ring spun down its pole, ' +
    'a CV joint between two shafts, a rod in a swing cone.',
  camera: { position: [0.2, 1.8, 9.5], target: [0.2, 1.3, 0] },
  groundY: 0,
  markerRadius: 0.03,
  forceScale: 0.01,
  props: [
    { shape: { kind: 'box', halfExtents: [1.2, 0.02, 0.06] }, position: [-2, 1.6, -0.08] }, // the slot
    { shape: { kind: 'box', halfExtents: [0.02, 0.7, 0.02] }, position: [-0.1, 1.2, 0] }, // the pole
  ],
  describe: () => describeSixDof(),
  addToWorld: (scene) => {
    const [pendulum, ring, shaftA, shaftB, rod] = scene.bodies, world = scene.world;
    world.createSixDofJoint({ bodyA: world.ground, bodyB: pendulum, anchor: [-2, 1.6, 0], translation: [{ lower: -1.1, upper: 1.1 }, 'locked', 'locked'], rotation: ['locked', 'locked', 'free'] });
    world.createSixDofJoint({
      bodyA: world.ground, bodyB: ring, anchor: [-0.1, 1.6, 0], orientation: xTo([0, 1, 0]),
      translation: [{ lower: -1, upper: 0, friction: 0.5 }, 'locked', 'locked'], rotation: [{ motor: { speed: 6, maxForce: 2 } }, 'locked', 'locked'],
    });
    world.createHingeJoint({ bodyA: world.ground, bodyB: shaftA, anchor: [0.9, 1.4, 0], axis: [1, 0, 0], motor: { speed: 3, maxForce: 20 } });
    world.createHingeJoint({ bodyA: world.ground, bodyB: shaftB, anchor: [1.7, 2.2, 0], axis: [0, 1, 0] });
    // the joint between them: each frame's x along its shaft, the twist about them locked (its axis the
    // two shafts' bisector: a constant-velocity joint), the other two turns free
    world.createSixDofJoint({
      bodyA: shaftA, bodyB: shaftB, anchor: [1.7, 1.4, 0], orientationB: xTo([0, 1, 0]), translation: ['locked', 'locked', 'locked'], rotation: ['locked', 'free', 'free'],
    });
    // the rod: the frame's x down along it, a cone of ±0.6 rad about y and ±0.3 about z, the twist free
    world.createSixDofJoint({
      bodyA: world.ground, bodyB: rod, anchor: [3.2, 1.8, 0], orientation: xTo([0, -1, 0]), translation: ['locked', 'locked', 'locked'],
      rotation: ['free', { lower: -0.6, upper: 0.6 }, { lower: -0.3, upper: 0.3 }],
    });
  },
  readouts: [
    {
      label: 'pin off its slot',
      value: (scene) => `${((scene.world.joints[0] as SixDofJoint | undefined)?.getLinearError() ?? 0).toExponential(1)} m`,
    },
    { label: 'rod swing (cone ±0.6 / ±0.3 rad)', value: (scene) => `${((scene.world.joints[5] as SixDofJoint | undefined)?.getSwingAngle() ?? 0).toFixed(3)} rad` },
    { label: 'ring height on its pole', value: (scene) => `${((scene.world.joints[1] as SixDofJoint | undefined)?.getTranslation(0) ?? 0).toFixed(3)} m` },
    {
      label: 'driven / driving shaft',
      value: (scene: LiveScene) => {
        const a = scene.world.joints[2] as HingeJoint | undefined, b = scene.world.joints[3] as HingeJoint | undefined;
        return a && b && Math.abs(a.getSpeed()) > 1e-6 ? (b.getSpeed() / a.getSpeed()).toFixed(3) : '—';
      },
    },
  ],
};
