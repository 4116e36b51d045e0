// A car on wheel joints (lib/joints/wheel-joint.ts), driven with the keyboard: W or up drives the rear
// wheels' motors, S or down reverses (and brakes while rolling forward), A/D or left/right steer the front
// wheels, space brakes. A ramp and a row of bumps to drive over. Its chassis sits on four springs of
// 25 000 N/m each, so at rest it sinks m g / 4k.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { WheelJoint } from '../../lib/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

const RADIUS = 0.35, CHASSIS_MASS = 600, WHEEL_MASS = 20, STIFFNESS = 25000;
const CORNERS: readonly [number, number][] = [[-0.95, 1.3], [0.95, 1.3], [-0.95, -1.3], [0.95, -1.3]];

function describeCar(): SceneDescription {
  const half: [number, number, number] = [0.8, 0.18, 1.7];
  const [a, b, c] = half.map((h) => 2 * h);
  const wheelInertia = 0.4 * WHEEL_MASS * RADIUS * RADIUS;
  const bodies: SceneDescription['bodies'] = [{
    type: 'dynamic', position: [0, 0.75, 0], mass: CHASSIS_MASS, collide: true, role: 'load', shape: { kind: 'box', halfExtents: half },
    inertia: [(CHASSIS_MASS * (b * b + c * c)) / 12, (CHASSIS_MASS * (a * a + c * c)) / 12, (CHASSIS_MASS * (a * a + b * b)) / 12],
  }];
  for (const [x, z] of CORNERS) {
    bodies.push({ type: 'dynamic', position: [x, RADIUS, z], mass: WHEEL_MASS, inertia: [wheelInertia, wheelInertia, wheelInertia], shape: { kind: 'sphere', radius: RADIUS }, role: 'link', collide: true });
  }
  // a ramp up to a deck 0.8 m high, and bumps across the way back
  bodies.push({ type: 'static', position: [0, 0.35, 9], orientation: [Math.sin(-0.1), 0, 0, Math.cos(-0.1)], mass: 0, inertia: [0, 0, 0], shape: { kind: 'box', halfExtents: [2, 0.2, 4] }, role: 'ground', collide: true });
  bodies.push({ type: 'static', position: [0, 0.6, 15], mass: 0, inertia: [0, 0, 0], shape: { kind: 'box', halfExtents: [2, 0.2, 2.2] }, role: 'ground', collide: true });
  for (let i = 0; i < 5; i++) {
    bodies.push({ type: 'static', position: [4, 0.05, 4 + 2 * i], mass: 0, inertia: [0, 0, 0], shape: { kind: 'box', halfExtents: [1.5, 0.08, 0.15] }, role: 'ground', collide: true });
  }
  return { name: 'car', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0, friction: 1 } };
}

const wheelsOf = (scene: LiveScene) => scene.world.joints.filter((joint) => joint.type === 'wheel') as WheelJoint[];
const pressed = (scene: LiveScene, key: string, arrow: string) => scene.keys.has(key) || scene.keys.has(arrow);

export const carScene: ViewerScene = {
  name: 'car',
  title: 'A car on wheel joints (W A S D or arrows, space to brake)',
  description:
    'A 600 kg car on four wheel joints: suspension springs of 25 000 N/m, rear-wheel motors, steered front wheels. ' +
    'W or up: drive; S or down: reverse; A/D or left/right: steer; space: brake. Drive up the ramp or over the bumps.',
  camera: { position: [-7, 4.5, -7], target: [0, 0.5, 2] },
  groundY: 0,
  markerRadius: 0.04,
  forceScale: 0.0005,
  params: [{ key: 'power', label: 'motor torque (N·m)', min: 100, max: 1500, step: 50, value: 600 }],
  describe: () => describeCar(),
  addToWorld: (scene) => {
    const chassis = scene.bodies[0];
    CORNERS.forEach(([x, z], i) => {
      scene.world.createWheelJoint({
        bodyA: chassis, bodyB: scene.bodies[1 + i], anchor: [x, RADIUS, z], axis: [1, 0, 0], suspensionAxis: [0, 1, 0],
        lowerTranslation: -0.25, upperTranslation: 0.25, suspension: { stiffness: STIFFNESS, damping: 3000 },
      });
    });
    for (const body of scene.bodies.slice(1, 5)) for (const shape of body.shapes) shape.friction = 1.2;
  },
  beforeStep: (scene) => {
    const wheels = wheelsOf(scene);
    if (wheels.length < 4) return;
    const steer = (pressed(scene, 'a', 'arrowleft') ? 1 : 0) - (pressed(scene, 'd', 'arrowright') ? 1 : 0);
    // steering toward the keys' angle at 1.5 rad/s, back to straight when released
    for (const wheel of wheels.slice(0, 2)) {
      const target = 0.45 * steer, step = 1.5 / 60, now = wheel.steering;
      const next = Math.abs(target - now) <= step ? target : now + Math.sign(target - now) * step;
      if (next !== now) wheel.setSteering(next);
    }
    const power = scene.params.power;
    const drive = (pressed(scene, 'w', 'arrowup') ? 1 : 0) - (pressed(scene, 's', 'arrowdown') ? 1 : 0);
    const brake = scene.keys.has(' ');
    for (const wheel of wheels.slice(2)) {
      if (brake) wheel.setMotor({ speed: 0, maxForce: 4 * power });
      else if (drive !== 0) wheel.setMotor({ speed: 25 * drive, maxForce: power });
      else if (wheel.motorMode !== 'off') wheel.disableMotor();
    }
  },
  readouts: [
    { label: 'speed', value: (scene) => `${(Math.hypot(scene.bodies[0].linearVelocity[0], scene.bodies[0].linearVelocity[2]) * 3.6).toFixed(1)} km/h` },
    { label: 'suspension (front left)', value: (scene) => `${((wheelsOf(scene)[0]?.getSuspensionTranslation() ?? 0) * 100).toFixed(1)} cm` },
    { label: 'sag at rest, m g / 4k', value: () => `${((CHASSIS_MASS * 9.81) / (4 * STIFFNESS) * 100).toFixed(1)} cm` },
  ],
};
