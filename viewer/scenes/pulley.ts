// Pulleys (lib/joints/pulley-joint.ts): Atwood's machine, a 1 kg block against one of the slider's mass
// over two pulleys with the slider's ratio, and beside it a block and tackle (ratio 2) holding 2 kg
// against 1 kg. The readouts compare the left block's acceleration with Atwood's.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { PulleyJoint } from '../../lib/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

const BLOCK = 0.15;
const TOP = 3.2;

function block(x: number, y: number, mass: number, role: string): SceneDescription['bodies'][number] {
  const h = BLOCK * Math.cbrt(mass);
  const inertia = (mass * (2 * h) ** 2) / 6;
  return { type: 'dynamic', position: [x, y, 0], mass, inertia: [inertia, inertia, inertia], shape: { kind: 'box', halfExtents: [h, h, h] }, role, collide: true };
}

/** The two machines: Atwood's (1 kg left, `mass` right, `ratio`) and the block and tackle, each rope tied
 * to the top of its blocks. */
function pulleys(mass: number, ratio: number): SceneDescription {
  return {
    name: 'pulley', gravity: [0, -9.81, 0], dt: 1 / 60,
    bodies: [block(-0.6, 1.6, 1, 'load'), block(0.6, 1.6, mass, 'load'), block(1.8, 1.6, 1, 'link'), block(3, 1.2, 2, 'link')],
    joints: [
      { type: 'pulley', bodyA: 0, bodyB: 1, anchor: [-0.6, 1.6 + BLOCK, 0], anchorB: [0.6, 1.6 + BLOCK * Math.cbrt(mass), 0], groundA: [-0.6, TOP, 0], groundB: [0.6, TOP, 0], ratio },
      { type: 'pulley', bodyA: 2, bodyB: 3, anchor: [1.8, 1.6 + BLOCK, 0], anchorB: [3, 1.2 + BLOCK * Math.cbrt(2), 0], groundA: [1.8, TOP, 0], groundB: [3, TOP, 0], ratio: 2 },
    ],
    ground: { height: 0 },
  };
}

/** The machines without the floor and collisions (2D has no contacts): what the 2D vs 3D view runs. */
function planarPulleys(mass: number, ratio: number): SceneDescription {
  const scene = pulleys(mass, ratio);
  return { ...scene, ground: undefined, bodies: scene.bodies.map((b) => ({ ...b, collide: false })) };
}

/** The left block's vertical acceleration from its last two velocities, m/s². */
let previous = { time: -1, speed: 0, acceleration: 0 };
function acceleration(scene: LiveScene): number {
  const time = scene.world.time, speed = scene.bodies[0].linearVelocity[1];
  if (time !== previous.time) previous = { time, speed, acceleration: previous.time < 0 ? 0 : (speed - previous.speed) / (time - previous.time) };
  return previous.acceleration;
}

/** What Atwood's machine gives the left block: for L_a + ratio L_b fixed, (ratio m_b − m_a) g / (m_a + ratio² m_b). */
function atwood(scene: LiveScene): number {
  const a = scene.bodies[0].mass, b = scene.bodies[1].mass, ratio = scene.params.ratio;
  return ((ratio * b - a) * 9.81) / (a + ratio * ratio * b);
}

export const pulleyScene: ViewerScene = {
  name: 'pulley',
  title: 'Pulleys: Atwood\'s machine and a block and tackle',
  description:
    'Left: 1 kg against the slider\'s mass over two pulleys (L_a + ratio L_b stays fixed); right: a block and ' +
    'tackle (ratio 2) holding 2 kg against 1 kg. Drag a block. (2D vs 3D: no floor, 2D has no contacts yet.)',
  camera: { position: [-0.3, 2.0, 7.0], target: [-0.3, 1.7, 0] },
  groundY: 0,
  markerRadius: 0.04,
  forceScale: 0.01,
  props: [{ shape: { kind: 'box', halfExtents: [2.1, 0.04, 0.08] }, position: [1.2, TOP + 0.05, 0] }],
  params: [
    { key: 'mass', label: 'right block (kg)', min: 0.5, max: 5, step: 0.5, value: 2, rebuild: true },
    { key: 'ratio', label: 'ratio', min: 0.5, max: 3, step: 0.5, value: 1, rebuild: true },
  ],
  describe: (p) => pulleys(p.mass, p.ratio),
  planar: (p) => planarPulleys(p.mass, p.ratio),
  readouts: [
    { label: 'left block accelerates', value: (scene) => `${acceleration(scene).toFixed(3)} m/s²` },
    { label: 'Atwood\'s machine says', value: (scene) => `${atwood(scene).toFixed(3)} m/s²` },
    { label: 'rope tension', value: (scene) => `${((scene.world.joints[0] as PulleyJoint | undefined)?.getTension() ?? 0).toFixed(2)} N` },
  ],
};
