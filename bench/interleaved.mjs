// Cost ratios measured in one process, interleaved: sinew at several settings on one scene, each in its
// own world, stepped in turn in blocks of 10 steps (`stepsPerBlock`; after a warm-up), so that a slow or
// fast phase of the machine falls on all of them alike (with many worlds of a costly scene, shorter
// blocks keep a round of them shorter than the machine's phases). Prints one JSON line: each setting's
// median ms per step over the blocks. bench/run.mjs runs it for the direct solver's cost; separate
// processes, one after the other (worker.mjs), moved the direct/iterative ratio of the same scene
// between 1.05x and 2.8x in one run on this 2-core VM.
// `engine`: 'sinew' (default) or 'sinew2d', or any adapter in bench/engines; a setting's own `engine`
// key runs that setting on another engine (sinew against Rapier on the same scene, in one process).
//   node bench/interleaved.mjs '{"scene":"S2-40x670","settings":[{},{"solver":"direct"}],"blocks":200}'
//   node bench/interleaved.mjs '{"scene":"PYRAMID-20","settings":[{},{"engine":"rapier3d"}]}'
import { benchScene } from './scenes.mjs';

const config = JSON.parse(process.argv[2]);
const spec = benchScene(config.scene);
const description = spec.build();
const dt = description.dt;
const blocks = config.blocks ?? 200;
const stepsPerBlock = config.stepsPerBlock ?? 10;
const runs = await Promise.all(config.settings.map(async ({ engine, ...settings }) => {
  const { create } = await import(`./engines/${engine ?? config.engine ?? 'sinew'}.mjs`);
  return create(description, settings);
}));
for (const run of runs) for (let i = 0; i < 120; i++) run.step(dt); // warm-up, and past the first swing
const times = runs.map(() => []);
for (let block = 0; block < blocks; block++) {
  runs.forEach((run, k) => {
    const start = performance.now();
    for (let i = 0; i < stepsPerBlock; i++) run.step(dt);
    times[k].push((performance.now() - start) / stepsPerBlock);
  });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ engine: config.engine ?? 'sinew', scene: config.scene, settings: config.settings, medianMs: times.map(median) }));
