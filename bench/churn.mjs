// npm run churn: garbage the step makes, per scene. The allocation tests (tests/allocation.test.ts) bound
// the heap's growth; this measures what is allocated and collected: after 1000 steps of warm-up (the
// JIT settles; sleeping off, so every step is solved), the young-generation collections over the next
// 1000 steps (node's 'gc' performance entries), and the bytes allocated per step (V8's sampling heap
// profiler through the inspector, counting objects already collected), with the functions that
// allocate most. In optimized code a step of typed-array arithmetic allocates nothing; what shows here
// is mostly doubles boxed in HeapNumbers where a double crosses a call V8 did not inline.

import { heapProfiler, watchMinorCollections } from './heap-watch.mjs';
import { World } from '../dist/index.js';
import { boxPyramid, fallingPile, heavyEndChain, hullPile, ragdollPile, weldedCantilever, addSceneToWorld } from '../dist/scenes/index.js';

const SCENES = {
  'S2-40x670': () => heavyEndChain(40, 670),
  'S2-40x670 direct': () => heavyEndChain(40, 670),
  S3: () => weldedCantilever(),
  'PYRAMID-10': () => boxPyramid(),
  'PYRAMID-20': () => boxPyramid({ rows: 20 }),
  'FALL-1000': () => fallingPile(),
  'PILE-10': () => ragdollPile(),
  'PILE-10 direct': () => ragdollPile(),
  'HULL-PILE': () => hullPile(),
};

const minor = watchMinorCollections();
const { post } = await heapProfiler();
const settle = () => new Promise((resolve) => setTimeout(resolve, 20)); // gc entries arrive asynchronously

console.log('| scene | young-generation collections in 1000 steps | KB allocated per step | allocating most (KB per step) |');
console.log('|---|---|---|---|');
for (const [name, make] of Object.entries(SCENES)) {
  const world = new World({ sleeping: false, solver: name.endsWith('direct') ? 'direct' : 'iterative' });
  addSceneToWorld(world, make());
  for (let i = 0; i < 1000; i++) world.step(1 / 60);
  await settle();
  minor.reset();
  for (let i = 0; i < 1000; i++) world.step(1 / 60);
  await settle();
  const collections = minor.count();
  await post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let i = 0; i < 300; i++) world.step(1 / 60);
  const { profile } = await post('HeapProfiler.stopSampling');
  const bySite = new Map();
  let total = 0;
  (function walk(node) {
    if (node.selfSize > 0) {
      const site = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children ?? []) walk(child);
  })(profile.head);
  const top = [...bySite.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([site, bytes]) => `${site} ${(bytes / 1024 / 300).toFixed(0)}`);
  console.log(`| ${name} | ${collections} | ${(total / 1024 / 300).toFixed(0)} | ${top.join('; ')} |`);
}
session.disconnect();
