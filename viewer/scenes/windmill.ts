// A windmill: the rotor turns on a hinge driven by its velocity motor. The motor applies whatever torque
// holds the hinge at the target speed, up to its cap; a blade dragged against it with more torque than
// the cap stalls it, and once released the motor brings the rotor back up to speed.

import { HingeJoint } from '../../lib/index.js';
import { windmill } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

/** The rotor's hinge (the joint the description names 'rotor'). */
export function rotorHinge(scene: LiveScene): HingeJoint {
  const hinge = scene.joints.find((joint) => joint.userData === 'rotor');
  if (!(hinge instanceof HingeJoint)) throw new Error('windmill: the scene has no rotor hinge');
  return hinge;
}

const torqueOnHub = new Float64Array(3);
const hingeAxis = new Float64Array(3);

/**
 * The motor's torque on the rotor over the last step, N·m: the hinge's torque on its bodyB (the hub) along
 * the axis. The hinge's other rows only hold the axis's direction, so they have no part along it.
 */
export function motorTorque(hinge: HingeJoint): number {
  hinge.getTorque(torqueOnHub);
  hinge.getAxis(hingeAxis);
  return torqueOnHub[0] * hingeAxis[0] + torqueOnHub[1] * hingeAxis[1] + torqueOnHub[2] * hingeAxis[2];
}

export const windmillScene: ViewerScene = {
  name: 'windmill',
  title: 'Windmill (hinge motor)',
  description:
    'Four 24 kg blades welded to a hub that a motorised hinge turns (rotor 670 kg·m²). The motor holds ' +
    'its speed with up to the torque set below: lower the torque and drag a blade against it to stall it.',
  camera: { position: [5.7, 7, 14.5], target: [-1.6, 5.4, 0] },
  groundY: 0,
  forceScale: 0.0005,
  params: [
    { key: 'speed', label: 'motor speed (rad/s)', min: -4, max: 4, step: 0.1, value: 1.5 },
    { key: 'torque', label: 'max motor torque (N·m)', min: 0, max: 3000, step: 10, value: 600 },
  ],
  describe: (p) => windmill({ motorSpeed: p.speed, maxMotorTorque: p.torque }),
  onParam: (scene, key, value) => {
    const hinge = rotorHinge(scene);
    hinge.setMotor({
      speed: key === 'speed' ? value : hinge.motorSpeed,
      maxForce: key === 'torque' ? value : hinge.maxMotorTorque,
    });
  },
  readouts: [
    {
      label: 'rotor speed',
      value: (scene) => {
        const hinge = rotorHinge(scene);
        return `${hinge.getSpeed().toFixed(2)} rad/s (motor ${hinge.motorSpeed.toFixed(1)})`;
      },
    },
    {
      label: 'motor torque',
      value: (scene) => {
        const hinge = rotorHinge(scene);
        const torque = Math.round(motorTorque(hinge)) || 0; // no "-0"
        return `${torque} of ${hinge.maxMotorTorque.toFixed(0)} N·m`;
      },
    },
  ],
};
