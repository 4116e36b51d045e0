import { heapProfiler } from './heap-watch.mjs';
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
  const car = world.createVehicleController(chassis, { wheels: [[-0.9, 1.3], [0.9, 1.3], [-0.9, -1.3], [0.9, -1.3]].map(([x, z]) => ({ connection: [x, 0, z], restLength: 0.4, radius: 0.35, stiffness: 30000, maxTravel: 0.3 })) });
  car.setWheel(0, { steering: 0.4 }); car.setWheel(1, { steering: 0.4 });
  cars.push(car);
}
const step = () => { for (const c of cars) { const e = c.forwardSpeed < 5 ? 2000 : 0; c.setWheel(2, { engineForce: e }); c.setWheel(3, { engineForce: e }); c.update(1 / 60); } world.step(1 / 60); };
for (let i = 0; i < 1200; i++) step();
const { post, disconnect } = await heapProfiler();
await post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
for (let i = 0; i < 300; i++) step();
const { profile } = await post('HeapProfiler.stopSampling');
const bySite = new Map();
(function walk(node, stack) {
  const here = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
  if (node.selfSize > 0) bySite.set(stack + ' > ' + here, (bySite.get(stack + ' > ' + here) ?? 0) + node.selfSize);
  for (const c of node.children ?? []) walk(c, here);
})(profile.head, '');
console.log([...bySite.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([s, b]) => `${(b / 300).toFixed(0)} B/step ${s}`).join('\n'));
disconnect();
