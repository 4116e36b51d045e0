// Runs one engine on one scene at one setting in this (fresh) process and prints one JSON line.
//   node --expose-gc bench/worker.mjs '{"engine":"planck","scene":"S1-100","settings":{},"steps":600}'
// Every engine is measured the same way: the step timed alone, then the figures from body poses
// (bench/metrics.mjs). A throwaway instance warms the JIT first, so the measured run starts from the
// scene's initial state: every step of it is timed, from the first (for a pile, the first seconds are
// where the contacts are made and cost most).
import { getHeapSpaceStatistics } from 'node:v8';
import { benchScene } from './scenes.mjs';
import { cantileverTipSag, chainStretch, exploded, extent, gridCornerStretch, JointMetrics, kineticEnergy, largestMove, pyramidFigures } from './metrics.mjs';

const config = JSON.parse(process.argv[2]);
const engine = await import(`./engines/${config.engine}.mjs`);
const spec = benchScene(config.scene);
const description = spec.build();
const steps = config.steps ?? spec.steps;
const dt = description.dt;
const settings = config.settings ?? {};
const contacts = spec.kind === 'pyramid' || spec.kind === 'pile' || spec.kind === 'wall';
/** With contacts a scene has exploded when a pose is not finite or a body is beyond this, m. */
const FAR = 100;

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
let peakGap = 0, peakAngle = 0, peakExcess = 0, explodedAt = -1, gap = 0, angle = 0, excess = 0;
let lowest = Infinity;
const lastSecond = new Float64Array(poses.length); // the poses 1 s before the end
const secondSteps = Math.round(1 / dt);
for (let i = 0; i < steps; i++) {
  const t0 = performance.now();
  instance.step(dt);
  times[i] = performance.now() - t0;
  instance.poses(poses);
  ({ gap, angle, excess } = metrics.measure(poses));
  peakGap = Math.max(peakGap, gap);
  peakAngle = Math.max(peakAngle, angle);
  peakExcess = Math.max(peakExcess, excess);
  if (contacts) {
    const e = extent(poses);
    lowest = Math.min(lowest, e.lowest);
    if (explodedAt < 0 && !(e.farthest <= FAR)) explodedAt = i; // NaN included
    if (i === steps - 1 - secondSteps) lastSecond.set(poses);
  } else if (explodedAt < 0 && exploded(previous, poses, dt)) {
    explodedAt = i;
  }
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
  meanMs: sorted.reduce((sum, t) => sum + t, 0) / steps,
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
if (contacts) {
  const velocities = new Float64Array(description.bodies.length * 6);
  instance.velocities(velocities);
  Object.assign(result, {
    kineticEnergy: kineticEnergy(description, poses, velocities),
    lastSecondMove: steps > secondSteps ? largestMove(lastSecond, poses) : NaN,
    lowest,
    finalLowest: extent(poses).lowest,
    peakLimitExcess: peakExcess,
    finalLimitExcess: excess,
  });
}
if (spec.kind === 'pyramid') Object.assign(result, pyramidFigures(description, poses));

// Heap growth takes 15 000 more steps: measured where a step is cheap (under 2 ms), which covers every
// code path the large scenes use; not on the contact scenes (15 000 more steps of a pile take minutes).
if (config.heap && !contacts && typeof globalThis.gc === 'function' && result.medianMs < 2) {
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
