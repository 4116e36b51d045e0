// Runs one scene at one setting in this (fresh) process and prints one JSON line of figures.
// Usage: node --expose-gc bench/worker-sinew.mjs '{"scene":"S1-100","settings":{...},"steps":600}'
import { buildScene, chainStretch, cantileverTipSag, hasExploded } from '../dist/scenes/index.js';
import { benchScene } from './scenes.mjs';

const config = JSON.parse(process.argv[2]);
const spec = benchScene(config.scene);
const description = spec.build();
const steps = config.steps ?? spec.steps;
const { world, bodies } = buildScene(description, config.settings ?? {});
const dt = description.dt;

// Warm up the JIT on a throwaway copy, so the measured run starts from the scene's initial state.
{
  const warm = buildScene(description, config.settings ?? {});
  for (let i = 0; i < Math.min(120, steps); i++) warm.world.step(dt);
}

const times = new Float64Array(steps);
let peakGap = 0, peakAngle = 0, exploded = false, explodedAt = -1;
for (let i = 0; i < steps; i++) {
  const t0 = performance.now();
  world.step(dt);
  times[i] = performance.now() - t0;
  peakGap = Math.max(peakGap, world.getMaxLinearError());
  peakAngle = Math.max(peakAngle, world.getMaxAngularError());
  if (!exploded && hasExploded(bodies)) { exploded = true; explodedAt = i; }
}
const sorted = Array.from(times).sort((a, b) => a - b);
const result = {
  engine: 'sinew',
  scene: config.scene,
  settings: config.settings ?? {},
  steps,
  medianMs: sorted[Math.floor(steps / 2)],
  p95Ms: sorted[Math.floor(steps * 0.95)],
  peakGap,
  finalGap: world.getMaxLinearError(),
  peakAngle,
  finalAngle: world.getMaxAngularError(),
  exploded,
  explodedAt,
};
if (spec.kind === 'chain') result.stretch = chainStretch(bodies.slice(0, description.bodies.length));
if (spec.kind === 'cantilever') result.tipSag = cantileverTipSag(bodies);

if (config.heap && typeof globalThis.gc === 'function') {
  // Heap growth inside step(): settle (more steps, two full collections so the warm-up world's garbage
  // is gone), step 5000 more times, collect, compare, per 1000 steps. V8's own bookkeeping moves the
  // figure by a few KB either way; one 16-byte object per step would add 16 KB per 1000 steps.
  for (let i = 0; i < 200; i++) world.step(dt);
  globalThis.gc();
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 5000; i++) world.step(dt);
  globalThis.gc();
  globalThis.gc();
  result.heapGrowthPer1000Steps = Math.round((process.memoryUsage().heapUsed - before) / 5);
}
console.log(JSON.stringify(result));
