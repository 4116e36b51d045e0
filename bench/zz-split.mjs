import RAPIER from '@dimforge/rapier3d-compat';
import { World } from '../dist/index.js';
import { heightfield, terrainHeight } from './terrain.mjs';
await RAPIER.init();
const world = new World();
world.createBody({ type: 'static', shapes: [heightfield(RAPIER).sinew] });
const cars = [];
for (let i = 0; i < 20; i++) {
  const x = ((i % 5) / 4 - 0.5) * 60, z = (Math.floor(i / 5) / 3 - 0.5) * 45;
  const chassis = world.createBody({ position: [x, terrainHeight(x, z) + 0.8, z], shapes: [{ type: 'box', halfExtents: [0.8, 0.25, 1.8], density: 277.8 }] });
  const car = world.createVehicleController(chassis, { wheels: [[-0.9, 1.3], [0.9, 1.3], [-0.9, -1.3], [0.9, -1.3]].map(([x, z]) => ({ connection: [x, 0, z], restLength: 0.4, radius: 0.35, stiffness: 30000, maxTravel: 0.3, compressionDamping: 4000, relaxationDamping: 4000, frictionSlip: 1.5 })) });
  car.setWheel(0, { steering: 0.4 }); car.setWheel(1, { steering: 0.4 });
  cars.push(car);
}
let tu = 0, ts = 0;
for (let i = 0; i < 6000; i++) {
  const a = performance.now();
  for (const c of cars) { const e = c.forwardSpeed < 5 ? 2000 : 0; c.setWheel(2, { engineForce: e }); c.setWheel(3, { engineForce: e }); c.update(1 / 60); }
  const b = performance.now();
  world.step(1 / 60);
  const c = performance.now();
  if (i >= 1000) { tu += b - a; ts += c - b; }
}
console.log({ updateMs: tu / 5000, stepMs: ts / 5000 });
