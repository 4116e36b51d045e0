// A motor joint (lib/joints/motor-joint.ts): a crate driven along a circle in the air by a motor joint to a
// static hub at the circle's centre, its target moved every step (setTarget), its force and torque capped
// by the sliders. Drag the crate: the motor pulls it back with at most its force. The 2D vs 3D view drives
// the 2D motor joint (lib/2d/joints/motor-joint.ts) with the same targets.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { MotorJoint } from '../../lib/index.js';
import type { MotorJoint2D } from '../../lib/2d/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

const CENTRE: [number, number, number] = [0, 1.6, 0];
const RADIUS = 0.8;

function describeMotor(force: number, torque: number): SceneDescription {
  const mass = 4, h = 0.2, inertia = (mass * (2 * h) ** 2) / 6;
  return {
    name: 'motor-joint', gravity: [0, -9.81, 0], dt: 1 / 60,
    bodies: [
      { type: 'static', position: CENTRE, mass: 0, inertia: [0, 0, 0], shape: { kind: 'sphere', radius: 0.04 }, role: 'anchor' },
      { type: 'dynamic', position: [CENTRE[0] + RADIUS, CENTRE[1], 0], mass, inertia: [inertia, inertia, inertia], shape: { kind: 'box', halfExtents: [h, h, h] }, role: 'load' },
    ],
    joints: [{ type: 'motor', bodyA: 0, bodyB: 1, linearOffset: [RADIUS, 0, 0], angularOffset: [0, 0, 0, 1], maxForce: force, maxTorque: torque }],
  };
}

const motor = (scene: LiveScene) => scene.joints[0] as MotorJoint | undefined;
const twinMotor = (scene: LiveScene) => scene.twin?.joints[0] as MotorJoint2D | undefined;

export const motorJointScene: ViewerScene = {
  name: 'motor-joint',
  title: 'Motor joint: a crate steered by its forces',
  description:
    'A 4 kg crate driven around a circle by a motor joint to the hub at its centre (its target moved every step), ' +
    'turning as it goes, with its force and torque capped. Lower the force below its weight (39 N) and it sinks; drag it and it pulls back.',
  camera: { position: [-1.2, 1.9, 4.6], target: [-1.2, 1.5, 0] },
  groundY: 0,
  markerRadius: 0.03,
  forceScale: 0.01,
  params: [
    { key: 'force', label: 'max force (N)', min: 0, max: 400, step: 10, value: 200 },
    { key: 'torque', label: 'max torque (N·m)', min: 0, max: 20, step: 1, value: 5 },
  ],
  describe: (p) => describeMotor(p.force, p.torque),
  planar: true,
  onParam: (scene, key, value) => {
    for (const joint of [motor(scene), twinMotor(scene)]) {
      if (joint === undefined || joint.removed) continue;
      if (key === 'force') joint.maxForce = value;
      if (key === 'torque') joint.maxTorque = value;
    }
  },
  beforeStep: (scene) => {
    const angle = 0.8 * (scene.world.time + 1 / 60), x = RADIUS * Math.cos(angle), y = RADIUS * Math.sin(angle);
    const joint = motor(scene);
    if (joint !== undefined && !joint.removed) joint.setTarget([x, y, 0], [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)]);
    const twin = twinMotor(scene);
    if (twin !== undefined && !twin.removed) twin.setTarget([x, y], angle);
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
