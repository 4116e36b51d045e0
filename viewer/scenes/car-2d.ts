// A 2D car on hilly ground: a box chassis with a cab, two circle wheels on wheel joints (a spring along the
// chassis' y, a motor on each wheel's spin), driven with the keys or the throttle slider over ground that
// is one chain shape (Box2D's "car" sample, planck.js's "Car"). The camera follows it.

import type { Body2D, WheelJoint2D } from '../../lib/2d/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { addBody, addJoint, FLAT_COLOURS, flatOf, flatScene, frame2D, noDescription } from './flat.js';

/** The ground: flat for 5 m past the start, then hills that grow to full height (±2.5 m, slopes up to
 * 27°) over 20 m. */
export function hillHeight(x: number): number {
  if (x < 5) return 0;
  const amplitude = Math.min(1, (x - 5) / 20);
  return amplitude * (2 * Math.sin((x - 5) / 7) + 0.5 * Math.sin((x - 5) / 2.5));
}

/** The chain's points: from x = 240 m back to −20 m (a wall up to 4 m there), every 1.5 m. A chain
 * collides on its right only (Box2D's chains): run right to left, its right is up. */
export function hillPoints(): [number, number][] {
  const points: [number, number][] = [[-20, 4], [-19.5, 0]];
  for (let x = -18; x <= 240; x += 1.5) points.push([x, hillHeight(x)]);
  return points.reverse();
}

const WHEEL_RADIUS = 0.4;
/** The wheels' top speed, rad/s (12 m/s on 0.4 m wheels), and the motors' torque cap, N·m. */
export const TOP_SPIN = 30;
const MOTOR_TORQUE = 900;
/** A wheel turning clockwise (negative spin about z) drives the car toward +x. */
const FORWARD = -1;

const pressed = (scene: LiveScene, key: string, arrow: string) => scene.keys.has(key) || scene.keys.has(arrow);

/** The throttle now, −1 … 1 (keys: D or → full ahead, A or ← full back; otherwise the slider), or null for
 * the brake (S, ↓ or space). */
function throttle(scene: LiveScene): number | null {
  if (pressed(scene, 's', 'arrowdown') || scene.keys.has(' ')) return null;
  if (pressed(scene, 'd', 'arrowright')) return 1;
  if (pressed(scene, 'a', 'arrowleft')) return -1;
  return scene.params.throttle;
}

export const car2dScene: ViewerScene = {
  name: 'car-2d',
  title: '2D car on hills',
  description:
    'A 2D car: a box chassis with a cab (310 kg), two 0.4 m wheels on wheel joints with springs and motors, on hills ' +
    'made of one chain shape. Drive with D / → and A / ←, brake with S or space, or set the throttle; the readout gives ' +
    'its speed and how far it has come.',
  camera: frame2D(0, 1, 16),
  groundY: -20,
  ground: false,
  forceScale: 0.001,
  params: [{ key: 'throttle', label: 'throttle', min: -1, max: 1, step: 0.05, value: 0.6 }],
  readouts: [
    { label: 'speed', value: (scene) => `${(Math.abs(chassisOf(scene).linearVelocity[0]) * 3.6).toFixed(1)} km/h` },
    { label: 'distance', value: (scene) => `${(chassisOf(scene).position[0] - flatOf(scene).figures.startX).toFixed(1)} m` },
  ],
  describe: () => noDescription('2D car'),
  build2D: () => {
    const scene = flatScene();
    scene.parts.ground = addBody(scene, { type: 'static', shapes: [{ type: 'chain', points: hillPoints(), friction: 0.9 }] }, FLAT_COLOURS.ground);
    // chassis and wheels in one negative group: they never collide with each other
    const group = -1, y = WHEEL_RADIUS + 0.45;
    const chassis = addBody(scene, {
      position: [0, y],
      shapes: [
        { type: 'box', halfExtents: [1.25, 0.22], density: 200, group },
        { type: 'polygon', points: [[-0.75, 0.22], [0.45, 0.22], [0.15, 0.68], [-0.6, 0.68]], density: 200, group },
      ],
    }, FLAT_COLOURS.chassis);
    scene.parts.chassis = chassis;
    scene.figures.startX = chassis.position[0];
    for (const [name, x] of [['rear', -0.85], ['front', 0.9]] as const) {
      const wheel = addBody(scene, { position: [x, WHEEL_RADIUS], shapes: [{ type: 'circle', radius: WHEEL_RADIUS, density: 250, friction: 0.95, group }] }, FLAT_COLOURS.wheel);
      scene.parts[`${name}Wheel`] = wheel;
      scene.parts[name] = addJoint(scene, scene.world.createWheelJoint({
        bodyA: chassis, bodyB: wheel, anchor: [x, WHEEL_RADIUS], suspensionAxis: [0, 1], lowerTranslation: -0.25, upperTranslation: 0.25,
        suspension: { hertz: 4, dampingRatio: 0.7 }, motor: { speed: 0, maxForce: MOTOR_TORQUE },
      }));
    }
    return scene;
  },
  beforeStep: (live) => {
    const scene = flatOf(live), gas = throttle(live);
    for (const name of ['rear', 'front']) {
      const joint = scene.parts[name] as WheelJoint2D;
      // (a car that fell off the world's end is removed with its joints)
      if (!joint.removed) joint.setMotor({ speed: gas === null ? 0 : FORWARD * TOP_SPIN * gas, maxForce: MOTOR_TORQUE });
    }
  },
  follow: (live) => {
    const p = chassisOf(live).position;
    return [p[0], p[1], 0];
  },
};

/** The car's chassis. */
export function chassisOf(scene: LiveScene): Body2D {
  return flatOf(scene).parts.chassis as Body2D;
}
