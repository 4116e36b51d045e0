// Gear joints (lib/joints/gear-joint.ts): a small gear driven by a hinge motor turns a gear twice its size
// the other way at half its speed, and a pinion drives a rack back and forth. Plates stand for the gears.
// The 2D vs 3D view runs the 2D gear, revolute and prismatic joints (lib/2d/joints/) beside them.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { GearJoint, HingeJoint, PrismaticJoint } from '../../lib/index.js';
import type { PrismaticJoint2D, RevoluteJoint } from '../../lib/2d/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

function plate(x: number, y: number, half: number, mass: number, role: string): SceneDescription['bodies'][number] {
  const i = (mass * (2 * half) ** 2) / 12;
  return { type: 'dynamic', position: [x, y, 0], mass, inertia: [i, i, 2 * i], shape: { kind: 'box', halfExtents: [half, half, 0.03] }, role };
}

function describeGears(speed: number): SceneDescription {
  return {
    name: 'gears', gravity: [0, -9.81, 0], dt: 1 / 60,
    bodies: [
      plate(-0.9, 1.6, 0.2, 1, 'link'), // the small gear
      plate(-0.1, 1.6, 0.4, 4, 'load'), // the large one
      plate(1.0, 1.45, 0.15, 0.5, 'link'), // the pinion
      { type: 'dynamic', position: [1.0, 1.2, 0], mass: 2, inertia: [0.01, 0.4, 0.4], shape: { kind: 'box', halfExtents: [0.7, 0.05, 0.05] }, role: 'plank' },
    ],
    joints: [
      { type: 'hinge', name: 'small', bodyA: 0, bodyB: null, anchor: [-0.9, 1.6, 0], axis: [0, 0, 1], motor: { speed, maxForce: 50 } },
      { type: 'hinge', name: 'large', bodyA: 1, bodyB: null, anchor: [-0.1, 1.6, 0], axis: [0, 0, 1] },
      { type: 'hinge', name: 'pinion', bodyA: 2, bodyB: null, anchor: [1.0, 1.45, 0], axis: [0, 0, 1], motor: { speed, maxForce: 20 } },
      { type: 'prismatic', name: 'rack', bodyA: 3, bodyB: null, anchor: [1.0, 1.2, 0], axis: [1, 0, 0], limits: [-0.5, 0.5] },
      // the hinges join the gears to the world as their bodyA: a gear's angle is the world's turn relative to it
      { type: 'gear', bodyA: 0, bodyB: 1, jointA: 0, jointB: 1, ratio: 0.5 },
      { type: 'gear', bodyA: 2, bodyB: 3, jointA: 2, jointB: 3, ratio: 0.15 },
    ],
  };
}

const named = (scene: LiveScene, name: string) => scene.joints.find((joint) => joint.userData === name);

/** What the scene drives in a run: the small gear's and the pinion's hinge motors, and the rack. */
interface DrivenJoints {
  small: { setMotor(options: { speed: number; maxForce: number }): void };
  pinion: { setMotor(options: { speed: number; maxForce: number }): void; readonly motorSpeed: number };
  rack: { getTranslation(): number; getSpeed(): number };
}
/** The driven joints of the 3D run and of its 2D twin (joints in description order). */
function drivenJoints(scene: LiveScene): DrivenJoints[] {
  const runs: DrivenJoints[] = [{ small: scene.joints[0] as HingeJoint, pinion: scene.joints[2] as HingeJoint, rack: scene.joints[3] as PrismaticJoint }];
  const twin = scene.twin?.joints;
  if (twin !== undefined) runs.push({ small: twin[0] as RevoluteJoint, pinion: twin[2] as RevoluteJoint, rack: twin[3] as PrismaticJoint2D });
  return runs;
}

export const gearsScene: ViewerScene = {
  name: 'gears',
  title: 'Gears and a rack and pinion',
  description:
    'A motor turns the small gear; a gear joint (ratio 0.5) turns the large one the other way at half its ' +
    'speed. Right: a pinion drives a rack (ratio 0.15 m/rad), reversing at the ends of its travel.',
  camera: { position: [-0.6, 1.6, 4.4], target: [-0.6, 1.4, 0] },
  groundY: 0,
  markerRadius: 0.03,
  forceScale: 0.01,
  params: [{ key: 'speed', label: 'motor speed (rad/s)', min: -4, max: 4, step: 0.5, value: 1.5 }],
  describe: (p) => describeGears(p.speed),
  planar: true,
  onParam: (scene, key, value) => {
    if (key !== 'speed') return;
    for (const { small, pinion } of drivenJoints(scene)) {
      small.setMotor({ speed: value, maxForce: 50 });
      pinion.setMotor({ speed: value, maxForce: 20 });
    }
  },
  beforeStep: (scene) => {
    // the rack reverses the pinion's motor at the ends of its travel (in the 2D twin too, by its own rack)
    for (const { pinion, rack } of drivenJoints(scene)) {
      const x = rack.getTranslation();
      if ((x > 0.45 && rack.getSpeed() > 0) || (x < -0.45 && rack.getSpeed() < 0)) pinion.setMotor({ speed: -pinion.motorSpeed, maxForce: 20 });
    }
  },
  readouts: [
    {
      label: 'large / small gear speed',
      value: (scene) => {
        const small = named(scene, 'small') as HingeJoint, large = named(scene, 'large') as HingeJoint;
        return Math.abs(small.getSpeed()) > 1e-6 ? (large.getSpeed() / small.getSpeed()).toFixed(4) : '—';
      },
    },
    { label: 'rack at', value: (scene) => `${(named(scene, 'rack') as PrismaticJoint).getTranslation().toFixed(3)} m` },
    { label: 'gear slip', value: (scene) => `${((scene.world.joints.find((j) => j.type === 'gear') as GearJoint | undefined)?.getError() ?? 0).toExponential(1)} rad` },
  ],
};
