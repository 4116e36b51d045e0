// Runs one engine on one scene at one setting in this (fresh) process and prints one JSON line.
//   node --expose-gc bench/worker.mjs '{"engine":"planck","scene":"S1-100","settings":{},"steps":600}'
// Every engine is measured the same way: the step timed alone, then the figures from body poses
// (bench/metrics.mjs). A throwaway instance warms the JIT first, so the measured run starts from the
// scene's initial state.
import { getHeapSpaceStatistics } from 'node:v8';
import { benchScene } from './scenes.mjs';
import { cantileverTipSag, chainStretch, exploded, gridCornerStretch, JointMetrics } from './metrics.mjs';

const config = JSON.parse(process.argv[2]);
const engine = await import(`./engines/${config.engine}.mjs`);
const spec = benchScene(config.scene);
const description = spec.build();
const steps = config.steps ?? spec.steps;
const dt = description.dt;
const settings = config.settings ?? {};

{
  const warm = await engine.create(description, settings);
  for (let i = 0; i < Math.min(120, steps); i++) warm.step(dt);
}

const instance = await engine.create(description, settings);
const metrics = new JointMetrics(description);
const poses = new Float64Array(description.bodies.length * 7);
const previous = new Float64Array(poses.length);
instance.poses(previous);
const times = new Float64Array(steps);
let peakGap = 0, peakAngle = 0, explodedAt = -1, gap = 0, angle = 0;
for (let i = 0; i < steps; i++) {
  const t0 = performance.now();
  instance.step(dt);
  times[i] = performance.now() - t0;
  instance.poses(poses);
  ({ gap, angle } = metrics.measure(poses));
  peakGap = Math.max(peakGap, gap);
  peakAngle = Math.max(peakAngle, angle);
  if (explodedAt < 0 && exploded(previous, poses, dt)) explodedAt = i;
  previous.set(poses);
}
const sorted = Array.from(times).sort((a, b) => a - b);
const result = {
  engine: engine.name,
  version: engine.version,
  scene: config.scene,
  settings,
  steps,
  medianMs: sorted[Math.floor(steps / 2)],
  p95Ms: sorted[Math.floor(steps * 0.95)],
  peakGap,
  finalGap: gap,
  peakAngle,
  finalAngle: angle,
  exploded: explodedAt >= 0,
  explodedAt,
};
if (spec.kind === 'chain') result.stretch = chainStretch(description, poses, spec.links);
if (spec.kind === 'cantilever') result.tipSag = cantileverTipSag(description, poses);
if (spec.kind === 'grid') result.stretch = gridCornerStretch(poses, spec.count, spec.spacing);

// Heap growth takes 15 000 more steps: measured where a step is cheap (under 2 ms), which covers every
// code path the large scenes use.
if (config.heap && typeof globalThis.gc === 'function' && result.medianMs < 2) {
  // Heap growth inside step(): collect twice, step 5000 times, collect, per 1000 steps; the third such
  // window is reported.
  // Only the object spaces count (new and old space): code space shrinks and grows as V8 optimizes,
  // which is not the library allocating. One 16-byte object per step would add 16 KB per 1000 steps.
  const objectHeap = () => getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'new_space' || s.space_name === 'old_space')
    .reduce((sum, s) => sum + s.space_used_size, 0);
  const window = () => {
    globalThis.gc();
    globalThis.gc();
    const before = objectHeap();
    for (let i = 0; i < 5000; i++) instance.step(dt);
    globalThis.gc();
    globalThis.gc();
    return (objectHeap() - before) / 5;
  };
  // The first windows still see the timed run's garbage being collected and the heap compacting
  // (measured: anywhere from −45 to +50 KB); by the third the figure has settled (tens of bytes).
  window();
  window();
  result.heapGrowthPer1000Steps = Math.round(window());
}
console.log(JSON.stringify(result));
