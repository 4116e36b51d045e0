// A ray-cast vehicle (lib/vehicle/vehicle-controller.ts) on the ramp and bumps of the car scene, driven with
// the keyboard: W or up drives, S or down reverses, A/D or left/right steer, space brakes. Its wheels are
// rays, not bodies: the wheels drawn are kinematic bodies without collision, set each step where the rays
// put them, turned by their steering and spin.

import type { SceneDescription } from '../../lib/scenes/index.js';
import type { VehicleController } from '../../lib/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';

const RADIUS = 0.35, REST = 0.35, MASS = 800, STIFFNESS = 40000;
const CORNERS: readonly [number, number][] = [[-0.95, 1.3], [0.95, 1.3], [-0.95, -1.3], [0.95, -1.3]];
const HEIGHT = RADIUS + REST - (MASS * 9.81) / (4 * STIFFNESS) + 0.05;

/**
 * The car's bodies: the chassis first, then its four wheels as drawn (kinematic, without collision: the
 * rays are the wheels), the car standing level at `ground` m (the chassis at rest on its springs, a
 * little above), at (x, z). The scene's hooks read them in this order.
 */
export function raycastCarBodies(x = 0, z = 0, ground = 0): SceneDescription['bodies'] {
  const half: [number, number, number] = [0.8, 0.2, 1.8];
  const [a, b, c] = half.map((h) => 2 * h);
  const bodies: SceneDescription['bodies'] = [{
    type: 'dynamic', position: [x, ground + HEIGHT, z], mass: MASS, role: 'load', shape: { kind: 'box', halfExtents: half }, collide: true,
    inertia: [(MASS * (b * b + c * c)) / 12, (MASS * (a * a + c * c)) / 12, (MASS * (a * a + b * b)) / 12],
  }];
  for (const [dx, dz] of CORNERS) {
    bodies.push({ type: 'kinematic', position: [x + dx, ground + RADIUS, z + dz], mass: 1, inertia: [1, 1, 1], shape: { kind: 'capsule', radius: RADIUS, halfHeight: 0.02 }, role: 'link' });
  }
  return bodies;
}

function describeRaycastCar(): SceneDescription {
  const bodies = raycastCarBodies();
  bodies.push({ type: 'static', position: [0, 0.35, 9], orientation: [Math.sin(-0.1), 0, 0, Math.cos(-0.1)], mass: 0, inertia: [0, 0, 0], shape: { kind: 'box', halfExtents: [2, 0.2, 4] }, role: 'ground', collide: true });
  bodies.push({ type: 'static', position: [0, 0.6, 15], mass: 0, inertia: [0, 0, 0], shape: { kind: 'box', halfExtents: [2, 0.2, 2.2] }, role: 'ground', collide: true });
  for (let i = 0; i < 5; i++) {
    bodies.push({ type: 'static', position: [4, 0.05, 4 + 2 * i], mass: 0, inertia: [0, 0, 0], shape: { kind: 'box', halfExtents: [1.5, 0.08, 0.15] }, role: 'ground', collide: true });
  }
  return { name: 'raycast-car', gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints: [], ground: { height: 0, friction: 1 } };
}

/** The scene's vehicle, made once per built world. */
const vehicles = new WeakMap<LiveScene['world'], VehicleController>();
export function vehicleOf(scene: LiveScene): VehicleController {
  let vehicle = vehicles.get(scene.world);
  if (vehicle === undefined) {
    vehicle = scene.world.createVehicleController(scene.bodies[0], {
      wheels: CORNERS.map(([x, z]) => ({
        connection: [x, RADIUS + REST - HEIGHT + 0.05, z], restLength: REST, maxTravel: 0.25, radius: RADIUS, stiffness: STIFFNESS,
        compressionDamping: 5000, relaxationDamping: 4000, frictionSlip: 1.5, rollInfluence: 0.2,
      })),
    });
    vehicles.set(scene.world, vehicle);
  }
  return vehicle;
}
const pressed = (scene: LiveScene, key: string, arrow: string) => scene.keys.has(key) || scene.keys.has(arrow);
const wheelPose = new Float64Array(3);

export const raycastCarScene: ViewerScene = {
  name: 'raycast-car',
  title: 'A ray-cast vehicle (W A S D or arrows, space to brake)',
  description:
    'An 800 kg car whose wheels are rays (Bullet\'s raycast vehicle, as Rapier\'s and cannon-es\'s): suspension ' +
    'springs, tyre friction, engine force on the rear wheels, steered front wheels. W or up: drive; S or down: reverse; A/D or left/right: steer; space: brake.',
  camera: { position: [-7, 4.5, -7], target: [0, 0.5, 2] },
  groundY: 0,
  markerRadius: 0.04,
  forceScale: 0.0005,
  params: [{ key: 'engine', label: 'engine force per rear wheel (N)', min: 500, max: 6000, step: 100, value: 2500 }],
  describe: () => describeRaycastCar(),
  beforeStep: (scene) => {
    const vehicle = vehicleOf(scene);
    const steer = (pressed(scene, 'a', 'arrowleft') ? 1 : 0) - (pressed(scene, 'd', 'arrowright') ? 1 : 0);
    const drive = (pressed(scene, 'w', 'arrowup') ? 1 : 0) - (pressed(scene, 's', 'arrowdown') ? 1 : 0);
    const brake = scene.keys.has(' ') ? 3000 : 0;
    for (let i = 0; i < 4; i++) {
      const front = i < 2;
      vehicle.setWheel(i, { steering: front ? 0.45 * steer : 0, engineForce: front ? 0 : drive * scene.params.engine, brake: brake === 0 && drive === 0 ? 50 : brake });
    }
    vehicle.update(scene.description.dt);
  },
  afterStep: (scene) => {
    // each drawn wheel where its ray puts it: the hard point moved down the suspension, turned by steering and spin
    const vehicle = vehicleOf(scene), chassis = vehicle.chassis, q = chassis.orientation;
    vehicle.wheels.forEach((wheel, i) => {
      const body = scene.bodies[1 + i];
      const local = [wheel.connection[0], wheel.connection[1] - wheel.suspensionLength, wheel.connection[2]];
      chassis.getWorldPoint(wheelPose, local);
      // the capsule's axis (its body y) along the axle: a quarter turn about z, then the steering about y
      // and the spin about the axle, in the chassis's axes
      const steer = [0, Math.sin(wheel.steering / 2), 0, Math.cos(wheel.steering / 2)];
      const spin = [Math.sin(wheel.rotation / 2), 0, 0, Math.cos(wheel.rotation / 2)];
      const quarter = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
      body.setPosition(wheelPose);
      body.setOrientation(multiply(multiply(multiply(Array.from(q), steer), spin), quarter));
    });
  },
  readouts: [
    { label: 'speed', value: (scene) => `${(vehicleOf(scene).forwardSpeed * 3.6).toFixed(1)} km/h` },
    { label: 'wheels touching', value: (scene) => `${vehicleOf(scene).wheels.filter((w) => w.inContact).length} of 4` },
    { label: 'front left suspension', value: (scene) => `${(vehicleOf(scene).wheels[0].suspensionLength * 100).toFixed(1)} cm (rest ${REST * 100} cm)` },
  ],
};

function multiply(p: number[], q: number[]): number[] {
  return [
    p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1], p[3] * q[1] + p[1] * q[3] + p[2] * q[0] - p[0] * q[2],
    p[3] * q[2] + p[2] * q[3] + p[0] * q[1] - p[1] * q[0], p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2],
  ];
}
