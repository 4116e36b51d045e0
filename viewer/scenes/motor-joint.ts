// A motor joint (lib/joints/motor-joint.ts): a crate driven along a circle in the air by a motor joint to
// the world, its target moved every step (setTarget), its force and torque capped by the sliders. Drag the
// crate: the motor pulls it back with at most its force.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { MotorJoint } from '../../lib/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

const CENTRE = [0, 1.6, 0];
const RADIUS = 0.8;

function describeMotor(): SceneDescription {
  const mass = 4, h = 0.2, inertia = (mass * (2 * h) ** 2) / 6;
  return {
    name: 'motor-joint', gravity: [0, -9.81, 0], dt: 1 / 60, joints: [],
    bodies: [{ type: 'dynamic', position: [CENTRE[0] + RADIUS, CENTRE[1], 0], mass, inertia: [inertia, inertia, inertia], shape: { kind: 'box', halfExtents: [h, h, h] }, role: 'load' }],
  };
}

const motor = (scene: LiveScene) => scene.world.joints[0] as MotorJoint | undefined;

export const motorJointScene: ViewerScene = {
  name: 'motor-joint',
  title: 'Motor joint: a crate steered by its forces',
  description:
    'A 4 kg crate driven around a circle by a motor joint to the world (its target moved every step), ' +
    'turning as it goes, with its force and torque capped. Lower the force below its weight (39 N) and it sinks; drag it and it pulls back.',
  camera: { position: [-1.2, 1.9, 4.6], target: [-1.2, 1.5, 0] },
  groundY: 0,
  markerRadius: 0.03,
  forceScale: 0.01,
  params: [
    { key: 'force', label: 'max force (N)', min: 0, max: 400, step: 10, value: 200 },
    { key: 'torque', label: 'max torque (N·m)', min: 0, max: 20, step: 1, value: 5 },
  ],
  describe: () => describeMotor(),
  addToWorld: (scene) => {
    scene.world.createMotorJoint({ bodyA: scene.world.ground, bodyB: scene.bodies[0], maxForce: scene.params.force, maxTorque: scene.params.torque });
  },
  onParam: (scene, key, value) => {
    const joint = motor(scene);
    if (joint === undefined) return;
    const options = joint.toOptions();
    scene.world.removeJoint(joint);
    scene.world.createMotorJoint({ ...options, bodyB: scene.bodies[0], maxForce: key === 'force' ? value : options.maxForce, maxTorque: key === 'torque' ? value : options.maxTorque });
  },
  beforeStep: (scene) => {
    const joint = motor(scene);
    if (joint === undefined) return;
    const angle = 0.8 * (scene.world.time + 1 / 60);
    joint.setTarget([CENTRE[0] + RADIUS * Math.cos(angle), CENTRE[1] + RADIUS * Math.sin(angle), 0], [0, 0, Math.sin(angle), Math.cos(angle)]);
  },
  readouts: [
    { label: 'off its target', value: (scene) => `${(motor(scene)?.getError() ?? 0).toFixed(4)} m` },
    {
      label: 'motor force',
      value: (scene) => {
        const f = motor(scene)?.getForce([0, 0, 0]) ?? [0, 0, 0];
        return `${Math.hypot(f[0], f[1], f[2]).toFixed(1)} N`;
      },
    },
  ],
};
