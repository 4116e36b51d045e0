// Twenty ray-cast cars on the heightfield terrain (bench/terrain.mjs): sinew's VehicleController against
// Rapier's DynamicRayCastVehicleController (rapier3d-compat, WASM), the same cars in both, stepped in one
// process, interleaved in blocks of 10 steps (every other round in reverse order).
//
// A car: a 1.6 x 0.5 x 3.6 m box chassis of 800 kg (density 277.8 kg/m³, so both engines derive the same
// inertia) that collides with the terrain and the other cars; four wheels of radius 0.35 m hung from
// (±0.9, 0, ±1.3) in its axes, rest length 0.4 m, travel 0.3 m, 30 000 N/m springs, 4000 N·s/m dampers,
// friction slip 1.5. Rapier's (Bullet's) suspension stiffness and damping are per chassis mass, so it is
// given k / m and c / m; its largest suspension force is raised to sinew's 1e5 N. Each step both engines
// read their own forward speed and drive the rear wheels with 2000 N below 5 m/s (nothing above), the front
// wheels steered 0.4 rad: each car circles the hills at about 5 m/s, 12 m across, its own circle. Each step: the controller's update,
// then the world's step, dt 1/60, gravity −9.81 y, both engines at their defaults.
//
// Besides the time: the cars upright at the end (chassis up · y > 0.5), the wheels touching the ground over
// the run, the mean forward speed at the end, chassis centres below the terrain (none should be), and the
// suspension's sag on the level after the first second (m g / 4k = 6.5 cm on a flat road; the hills tilt it).
//   node bench/vehicles.mjs [--quick]   prints one JSON line; bench/run.mjs --section vehicles runs it
import RAPIER from '@dimforge/rapier3d-compat';
import { World } from '../dist/index.js';
import { packageVersion } from './engines/package-version.mjs';
import { TERRAIN_SIZE, heightfield, terrainHeight } from './terrain.mjs';

const quick = process.argv.includes('--quick');
const DT = 1 / 60, CARS = 20, WARM_STEPS = 60, STEPS = quick ? 120 : 600;
const HALF = [0.8, 0.25, 1.8], MASS = 800, DENSITY = MASS / (8 * HALF[0] * HALF[1] * HALF[2]);
const RADIUS = 0.35, REST = 0.4, TRAVEL = 0.3, K = 30000, C = 4000, SLIP = 1.5, MAX_FORCE = 1e5;
const CORNERS = [[-0.9, 1.3], [0.9, 1.3], [-0.9, -1.3], [0.9, -1.3]];
const ENGINE = 2000, CRUISE = 5, STEER = 0.4;

await RAPIER.init();

/** The cars' starting points: a 5 x 4 grid, 15 m apart, over the middle 60 x 45 m, heading along +z, wheels just touching. */
function starts() {
  const out = [];
  for (let i = 0; i < CARS; i++) {
    const x = ((i % 5) / 4 - 0.5) * 60, z = (Math.floor(i / 5) / 3 - 0.5) * 45;
    const ground = Math.max(...CORNERS.map(([dx, dz]) => terrainHeight(x + dx, z + dz)));
    out.push([x, ground + RADIUS + REST, z]);
  }
  return out;
}

/** The throttle both engines use: the rear wheels' engine force for a forward speed. */
const throttle = (speed) => (speed < CRUISE ? ENGINE : 0);

function sinewRun() {
  const world = new World();
  const terrain = heightfield(RAPIER);
  world.createBody({ type: 'static', shapes: [terrain.sinew] });
  const cars = starts().map((position) => {
    const chassis = world.createBody({ position, shapes: [{ type: 'box', halfExtents: HALF, density: DENSITY }] });
    const controller = world.createVehicleController(chassis, {
      wheels: CORNERS.map(([x, z]) => ({
        connection: [x, 0, z], restLength: REST, maxTravel: TRAVEL, radius: RADIUS, stiffness: K,
        compressionDamping: C, relaxationDamping: C, frictionSlip: SLIP, maxSuspensionForce: MAX_FORCE,
      })),
    });
    for (let i = 0; i < 2; i++) controller.setWheel(i, { steering: STEER });
    return controller;
  });
  return {
    step() {
      for (const car of cars) {
        const engineForce = throttle(car.forwardSpeed);
        car.setWheel(2, { engineForce });
        car.setWheel(3, { engineForce });
        car.update(DT);
      }
      world.step(DT);
    },
    state() {
      return cars.map((car) => {
        const b = car.chassis, q = b.orientation;
        // the chassis's up axis (its y) in the world: the rotation's second column
        const upY = 1 - 2 * (q[0] * q[0] + q[2] * q[2]);
        return { position: Array.from(b.position), upY, speed: car.forwardSpeed, touching: car.wheels.filter((w) => w.inContact).length, sag: car.wheels.map((w) => REST - w.suspensionLength) };
      });
    },
  };
}

function rapierRun() {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.timestep = DT;
  world.createCollider(heightfield(RAPIER).rapier, world.createRigidBody(RAPIER.RigidBodyDesc.fixed()));
  const cars = starts().map(([x, y, z]) => {
    const chassis = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, z));
    world.createCollider(RAPIER.ColliderDesc.cuboid(...HALF).setDensity(DENSITY), chassis);
    const controller = world.createVehicleController(chassis);
    CORNERS.forEach(([cx, cz], i) => {
      controller.addWheel({ x: cx, y: 0, z: cz }, { x: 0, y: -1, z: 0 }, { x: -1, y: 0, z: 0 }, REST, RADIUS);
      controller.setWheelSuspensionStiffness(i, K / MASS);
      controller.setWheelSuspensionCompression(i, C / MASS);
      controller.setWheelSuspensionRelaxation(i, C / MASS);
      controller.setWheelMaxSuspensionTravel(i, TRAVEL);
      controller.setWheelFrictionSlip(i, SLIP);
      controller.setWheelMaxSuspensionForce(i, MAX_FORCE);
      if (i < 2) controller.setWheelSteering(i, STEER);
    });
    return controller;
  });
  const forwardSpeed = (car) => {
    const q = car.chassis().rotation(), v = car.chassis().linvel();
    const zx = 2 * (q.x * q.z + q.w * q.y), zy = 2 * (q.y * q.z - q.w * q.x), zz = 1 - 2 * (q.x * q.x + q.y * q.y);
    return zx * v.x + zy * v.y + zz * v.z;
  };
  return {
    step() {
      for (const car of cars) {
        const engineForce = throttle(forwardSpeed(car));
        car.setWheelEngineForce(2, engineForce);
        car.setWheelEngineForce(3, engineForce);
        car.updateVehicle(DT);
      }
      world.step();
    },
    state() {
      return cars.map((car) => {
        const t = car.chassis().translation(), q = car.chassis().rotation();
        let touching = 0;
        const sag = [];
        for (let i = 0; i < 4; i++) {
          if (car.wheelIsInContact(i)) touching++;
          sag.push(REST - car.wheelSuspensionLength(i));
        }
        return { position: [t.x, t.y, t.z], upY: 1 - 2 * (q.x * q.x + q.z * q.z), speed: forwardSpeed(car), touching, sag };
      });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

const runs = [sinewRun(), rapierRun()];
for (let i = 0; i < WARM_STEPS; i++) for (const run of runs) run.step();
const settled = runs.map((run) => mean(run.state().flatMap((car) => car.sag)));
const times = [[], []], touching = [0, 0];
for (let round = 0; round < STEPS / 10; round++) {
  for (let j = 0; j < 2; j++) {
    const k = round % 2 === 0 ? j : 1 - j;
    const start = performance.now();
    for (let i = 0; i < 10; i++) runs[k].step();
    times[k].push((performance.now() - start) / 10);
    touching[k] += runs[k].state().reduce((sum, car) => sum + car.touching, 0);
  }
}
const summary = runs.map((run, k) => {
  const cars = run.state();
  return {
    ms: median(times[k]),
    meanMs: mean(times[k]),
    upright: cars.filter((car) => car.upY > 0.5).length,
    below: cars.filter(({ position: [x, y, z] }) => Math.abs(x) < TERRAIN_SIZE / 2 && Math.abs(z) < TERRAIN_SIZE / 2 && y < terrainHeight(x, z)).length,
    touchingFraction: touching[k] / ((STEPS / 10) * CARS * 4),
    meanSpeed: mean(cars.map((car) => car.speed)),
    sagAfterWarmUp: settled[k],
  };
});
const [sinew, rapier] = summary;
console.log(JSON.stringify({ rapierVersion: packageVersion('@dimforge/rapier3d-compat'), cars: CARS, steps: STEPS, expectedSag: (MASS * 9.81) / (4 * K), sinew, rapier, ratio: sinew.ms / rapier.ms }));
