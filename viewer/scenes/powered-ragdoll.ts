// A powered ragdoll (Ragdoll.driveToPose): the ragdoll of lib/world/ragdoll.ts held by its pelvis above
// the ground, each of its 15 joints a servo toward a walk cycle every step. The muscle slider sets the
// servos' torque cap (0: limp); drag a limb against the servos, or shove it.

import { describeRagdoll, type SceneDescription, type Vec3Tuple } from '../../lib/scenes/index.js';
import { ragdollFromScene, type Ragdoll, type RagdollJointName } from '../../lib/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { shove } from './ragdoll.js';

const FEET: Vec3Tuple = [0, 0.25, 0];

/** The ragdoll with a weld holding its pelvis (the lower trunk) to the world where it was built. */
function heldRagdoll(): SceneDescription & { headTop: Vec3Tuple } {
  const ragdoll = describeRagdoll({ position: FEET, collide: false });
  const pelvis = ragdoll.bodies.findIndex((body) => body.name === 'lowerTrunk');
  ragdoll.joints.push({ type: 'weld', name: 'hold', bodyA: pelvis, bodyB: null, anchor: [...ragdoll.bodies[pelvis].position] });
  return ragdoll;
}

const about = (axis: Vec3Tuple, angle: number): number[] => {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
};

/** A walk cycle at time t (s) and `stride` Hz: hips swing ±0.45 rad out of phase, knees bend as each leg
 * swings forward, shoulders swing against the hips, elbows stay bent, the spine sways a little. */
export function walkPose(t: number, stride: number): Partial<Record<RagdollJointName, number[]>> {
  const phase = 2 * Math.PI * stride * t, swing = 0.45 * Math.sin(phase);
  const lateral: Vec3Tuple = [1, 0, 0];
  return {
    hipLeft: about(lateral, swing), hipRight: about(lateral, -swing),
    kneeLeft: about(lateral, 0.35 + 0.35 * Math.sin(phase + 1)), kneeRight: about(lateral, 0.35 - 0.35 * Math.sin(phase + 1)),
    ankleLeft: about([-1, 0, 0], 0.15 * Math.sin(phase)), ankleRight: about([-1, 0, 0], -0.15 * Math.sin(phase)),
    shoulderLeft: about(lateral, -0.6 * swing), shoulderRight: about(lateral, 0.6 * swing),
    elbowLeft: about([-1, 0, 0], 0.4), elbowRight: about([-1, 0, 0], 0.4),
    lowerSpine: about([0, 1, 0], 0.1 * Math.sin(phase)),
  };
}

/** The scene's Ragdoll (driveToPose over its joints), made once per built world. */
const ragdolls = new WeakMap<LiveScene['world'], Ragdoll>();
function ragdollOf(scene: LiveScene): Ragdoll {
  let ragdoll = ragdolls.get(scene.world);
  if (ragdoll === undefined) {
    ragdoll = ragdollFromScene(scene.description as SceneDescription & { headTop: Vec3Tuple }, scene.bodies, scene.joints);
    ragdolls.set(scene.world, ragdoll);
  }
  return ragdoll;
}

/** The largest angle between a joint's relative rotation and the pose's, over the driven joints, rad. */
export function trackingError(scene: LiveScene): number {
  const ragdoll = ragdollOf(scene), pose = walkPose(scene.world.time, scene.params.stride);
  let worst = 0;
  for (const [name, joint] of Object.entries(ragdoll.joints) as [RagdollJointName, Ragdoll['jointList'][number]][]) {
    const a = joint.bodyA.orientation, b = joint.bodyB.orientation, q = pose[name] ?? [0, 0, 0, 1];
    // q_a⁻¹ q_b (the build pose is every segment unturned) against the target
    const r = [
      a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1], a[3] * b[1] - a[1] * b[3] - a[2] * b[0] + a[0] * b[2],
      a[3] * b[2] - a[2] * b[3] - a[0] * b[1] + a[1] * b[0], a[3] * b[3] + a[0] * b[0] + a[1] * b[1] + a[2] * b[2],
    ];
    const dot = Math.abs(r[0] * q[0] + r[1] * q[1] + r[2] * q[2] + r[3] * q[3]);
    worst = Math.max(worst, 2 * Math.acos(Math.min(1, dot)));
  }
  return worst;
}

export const poweredRagdollScene: ViewerScene = {
  name: 'powered-ragdoll',
  title: 'Powered ragdoll walking',
  description:
    'The ragdoll held by its pelvis, every joint a servo driven toward a walk cycle each step ' +
    '(ragdoll.driveToPose). Lower the muscle to blend to limp; drag a limb against the servos, or shove it.',
  camera: { position: [1.9, 1.4, 3.0], target: [-0.55, 0.95, 0] },
  groundY: 0,
  markerRadius: 0.025,
  forceScale: 0.002,
  params: [
    { key: 'muscle', label: 'muscle (max torque, N·m)', min: 0, max: 1000, step: 10, value: 400 },
    { key: 'stride', label: 'stride (Hz)', min: 0, max: 2, step: 0.1, value: 1 },
  ],
  actions: [{ label: 'shove', run: shove }],
  describe: () => heldRagdoll(),
  beforeStep: (scene) => {
    const ragdoll = ragdollOf(scene);
    if (scene.params.muscle > 0) ragdoll.driveToPose(walkPose(scene.world.time + 1 / 60, scene.params.stride), { maxTorque: scene.params.muscle });
    else if (ragdoll.jointList.some((joint) => joint.motorMode !== 'off')) ragdoll.limp();
  },
  readouts: [
    { label: 'off the walk by', value: (scene) => `${trackingError(scene).toFixed(3)} rad` },
    {
      label: 'hip servo torque',
      value: (scene) => {
        const torque = ragdollOf(scene).joints.hipLeft.getMotorTorque([0, 0, 0]);
        return `${Math.hypot(torque[0], torque[1], torque[2]).toFixed(1)} N·m`;
      },
    },
  ],
};
