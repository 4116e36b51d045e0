// The contact pipeline's cost against the body count, sinew against Rapier 3D (rapier3d-compat, WASM):
// one count a process. Both engines build FALLBOX-n-WIDE (bench/scenes.mjs: n boxes dropped in about
// ten layers into a pen that widens with n) from the same description, at their defaults, sleeping off
// (the adapters in bench/engines), in this one process. Each is stepped through the warm-up (the pile
// lands within it), then both are stepped in turn in blocks of 10 steps, so that a slow or fast phase of
// this VM falls on both alike: the timed window is steps warmup to warmup + 10 · blocks of each world.
// A pile costs most as it lands and less as it settles, so every n is timed over the same steps; `rounds`
// builds both worlds afresh and times that window again (the same motion: both engines are
// deterministic), for more blocks where they are cheap. Each block is timed by the clock and by the
// main thread's CPU time (Linux's /proc/thread-self/schedstat; elsewhere the process's, which counts
// V8's helper threads too): on a machine busy with other work the clock counts the time the thread
// waited for a core, the CPU time does not. Prints one JSON line: the median ms per step over all the
// blocks by each measure, each engine's every block, and where the bodies ended in the last round (the
// lowest box centre, the highest, and how many centres left the pen).
// bench/run.mjs runs it for `--section scaling`, one count a child process, and fits the exponents.
//   node bench/scaling.mjs '{"n":1000,"warmup":120,"blocks":3,"rounds":2}'
// `engines` (default ["sinew","rapier3d"]) runs fewer: `node --cpu-prof bench/scaling.mjs
// '{"n":8000,"engines":["sinew"]}'` profiles sinew alone over the same steps (and its build and
// warm-up; bench/profile-top.mjs reads the profile).
import { existsSync, readFileSync } from 'node:fs';
import { benchScene } from './scenes.mjs';

const config = JSON.parse(process.argv[2]);
const n = config.n;
const warmup = config.warmup ?? 120;
const blocks = config.blocks ?? 3;
const rounds = config.rounds ?? 1;
const engines = config.engines ?? ['sinew', 'rapier3d'];

const description = benchScene(`FALLBOX-${n}-WIDE`).build();
const dt = description.dt;
const adapters = await Promise.all(engines.map((name) => import(`./engines/${name}.mjs`)));
/** This thread's CPU time, ms. */
const cpuTime = existsSync('/proc/thread-self/schedstat')
  ? () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  : () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
const times = engines.map(() => []), cpuTimes = engines.map(() => []);
let runs = [];
for (let round = 0; round < rounds; round++) {
  runs = await Promise.all(adapters.map((engine) => engine.create(description, {})));
  for (const run of runs) for (let i = 0; i < warmup; i++) run.step(dt);
  for (let block = 0; block < blocks; block++) {
    runs.forEach((run, k) => {
      const start = performance.now(), cpuStart = cpuTime();
      for (let i = 0; i < 10; i++) run.step(dt);
      times[k].push((performance.now() - start) / 10);
      cpuTimes[k].push((cpuTime() - cpuStart) / 10);
    });
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Where the boxes ended: a centre below the ground (a box's centre rests at least 0.2 m up) fell
// through it; a centre beyond the walls' inner faces left the pen.
const pen = Math.max(...description.bodies.filter((b) => b.type === 'static').map((b) => Math.abs(b.position[0]))) - 0.5;
const poses = new Float64Array(description.bodies.length * 7);
const ended = runs.map((run) => {
  run.poses(poses);
  let lowest = Infinity, highest = -Infinity, outside = 0;
  description.bodies.forEach((b, i) => {
    if (b.type !== 'dynamic') return;
    const x = poses[7 * i], y = poses[7 * i + 1], z = poses[7 * i + 2];
    lowest = Math.min(lowest, y); // NaN, a pose not finite, stays NaN (null in the JSON)
    highest = Math.max(highest, y);
    if (!(Math.abs(x) <= pen && Math.abs(z) <= pen)) outside++;
  });
  return { lowest, highest, outside };
});

console.log(JSON.stringify({
  n, bodies: description.bodies.filter((b) => b.type === 'dynamic').length, pen: 2 * pen, warmup, blocks, rounds, engines,
  versions: adapters.map((engine) => engine.version),
  medianMs: times.map(median), medianCpuMs: cpuTimes.map(median), blockMs: times, blockCpuMs: cpuTimes, ended,
}));
