// npm run long-run: S1 with N = 100 (a 100-link chain released horizontal) for 100 000 steps at 60 Hz
// (28 minutes of simulated time) at the default settings. Prints, per 10 000 steps, the energy (kinetic
// + gravitational, J), the largest anchor gap and the end's stretch, so a reader sees whether anything
// drifts or grows. Outside the unit tests' time budget (about 30 s); docs/determinism-and-snapshots.md, "Long runs", quotes its figures.

import { World } from '../dist/index.js';
import { buildScene, hangingChain } from '../dist/scenes/index.js';

const N = 100, STEPS = 100_000, DT = 1 / 60;
// sleeping off: the chain comes to rest within the run, and asleep it would drift by nothing at all
const { world, bodies } = buildScene(hangingChain(N), { sleeping: false });
const energy0 = world.getEnergy();
let worstGap = 0, worstEnergy = -Infinity, finite = true;
const start = performance.now();
console.log('steps  time s  energy J  largest gap m  (energy at release: ' + energy0.toFixed(1) + ' J)');
for (let step = 1; step <= STEPS; step++) {
  world.step(DT);
  const gap = world.getMaxLinearError();
  if (!Number.isFinite(gap)) finite = false;
  if (step > 600) worstGap = Math.max(worstGap, gap); // after the first 10 s of whipping
  if (step % 100 === 0) worstEnergy = Math.max(worstEnergy, world.getEnergy());
  if (step % 10_000 === 0) {
    console.log(`${String(step).padStart(6)}  ${(step * DT).toFixed(0).padStart(6)}  ${world.getEnergy().toFixed(1).padStart(8)}  ${gap.toExponential(2)}`);
  }
}
const last = bodies[N - 1].position;
console.log(`finite: ${finite}; largest energy after release ${worstEnergy.toFixed(1)} J (release ${energy0.toFixed(1)} J); ` +
  `largest gap after 10 s ${worstGap.toExponential(2)} m; end at y = ${last[1].toFixed(3)} m (rest length ${N}); ` +
  `${((performance.now() - start) / STEPS).toFixed(3)} ms/step`);
if (!finite || worstEnergy > energy0 + 1e-6 * Math.abs(energy0)) process.exitCode = 1;
