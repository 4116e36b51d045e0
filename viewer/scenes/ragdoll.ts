// A ragdoll (lib/world/ragdoll.ts: 16 segments, swing-twist and hinge joints with anatomical limits and
// friction) hung from the world by a ball joint at the top of its head, set swinging. Drag it about by any
// limb; the swing cones and hinge ranges are drawn at every joint, their needles red at a limit.

import { describeRagdoll, type SceneDescription, type Vec3Tuple } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

/** Standing height, m, and where the feet would stand: the top of the head is then at 2.25 m. */
const HEIGHT = 1.8;
const FEET: Vec3Tuple = [0, 0.45, 0];
/** The whole ragdoll starts turning about the pin at this angular velocity, rad/s (mostly about z, a
 * swing across the view). */
const START_SPIN: Vec3Tuple = [0.3, 0, 1.4];

/**
 * describeRagdoll's ragdoll plus a ball joint ('pin') from the top of its head to the world, moving as a
 * rigid body turning about the pin at `spin`: each body's velocity is v = ω × (x − pin).
 */
export function pinnedRagdoll(spin: Vec3Tuple = START_SPIN): SceneDescription & { headTop: Vec3Tuple } {
  const ragdoll = describeRagdoll({ position: FEET, height: HEIGHT });
  const pin = ragdoll.headTop;
  const head = ragdoll.bodies.findIndex((body) => body.name === 'head');
  ragdoll.joints.push({ type: 'ball', name: 'pin', bodyA: head, bodyB: null, anchor: pin });
  for (const body of ragdoll.bodies) {
    const r = [body.position[0] - pin[0], body.position[1] - pin[1], body.position[2] - pin[2]];
    body.linearVelocity = [spin[1] * r[2] - spin[2] * r[1], spin[2] * r[0] - spin[0] * r[2], spin[0] * r[1] - spin[1] * r[0]];
    body.angularVelocity = [...spin];
  }
  return ragdoll;
}

/** A small linear congruential generator (Numerical Recipes' constants): the same shoves every session. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const random = seededRandom(5);

/**
 * A shove: the whole ragdoll gets 3 m/s in a random horizontal direction, and each segment a random
 * extra velocity (up to 1 m/s) and spin (up to 3 rad/s) of its own, as a push would leave it.
 */
export function shove(scene: LiveScene): void {
  const heading = 2 * Math.PI * random();
  const push = [3 * Math.cos(heading), 0.5, 3 * Math.sin(heading)];
  for (const body of scene.bodies) {
    if (!body.isDynamic || body.owner === null) continue;
    const v = body.linearVelocity, w = body.angularVelocity;
    body.setLinearVelocity([v[0] + push[0] + random() * 2 - 1, v[1] + push[1] + random() * 2 - 1, v[2] + push[2] + random() * 2 - 1]);
    body.setAngularVelocity([w[0] + (random() * 2 - 1) * 3, w[1] + (random() * 2 - 1) * 3, w[2] + (random() * 2 - 1) * 3]);
  }
}

/** The pin joint's gap, m. */
function pinGap(scene: LiveScene): number {
  return scene.joints.find((joint) => joint.userData === 'pin')?.getError() ?? 0;
}

export const ragdollScene: ViewerScene = {
  name: 'ragdoll',
  title: 'Ragdoll hung by the head',
  description:
    'A 75 kg, 1.8 m ragdoll of 16 segments with anatomical joint limits (cones and sectors) and joint ' +
    'friction, pinned to the world at the top of its head. Drag a hand or a foot, or shove it.',
  camera: { position: [1.35, 1.85, 3.5], target: [-0.35, 1.25, 0.2] },
  groundY: 0,
  // the hook the pin hangs from: a rod up from the top of the head
  props: [{ shape: { kind: 'box', halfExtents: [0.012, 0.3, 0.012] }, position: [FEET[0], FEET[1] + HEIGHT + 0.3, FEET[2]] }],
  markerRadius: 0.025,
  forceScale: 0.002,
  actions: [{ label: 'shove', run: shove }],
  describe: () => pinnedRagdoll(),
  readouts: [{ label: 'pin gap', value: (scene) => `${(pinGap(scene) * 1000).toFixed(2)} mm` }],
};
