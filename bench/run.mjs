// npm run bench [-- --quick]
//
// Runs the standard scenes, each in a fresh node process (bench/worker-sinew.mjs), and prints one table:
// ms per step (median and p95 after a JIT warm-up), joint errors, the scene's own figure (chain end
// stretch, cantilever tip sag), explosions, and heap growth per 1000 steps. Then our accuracy-versus-
// cost curve on S1 N = 100 and S3 over substeps. `--quick` runs a few seconds' worth, for CI: it keeps
// the benchmark working and asserts no timing.
//
// Timing on shared machines drifts by up to 2x between runs; compare figures from the same run only.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writeFileSync, mkdirSync } from 'node:fs';

const quick = process.argv.includes('--quick');
const here = fileURLToPath(new URL('.', import.meta.url));

function measure(scene, settings = {}, steps) {
  const config = JSON.stringify({ scene, settings, steps, heap: true });
  const out = execFileSync(process.execPath, ['--expose-gc', `${here}worker-sinew.mjs`, config], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

const fmt = (x, digits = 3) => (x === undefined ? '-' : Math.abs(x) >= 1e4 || (Math.abs(x) < 1e-3 && x !== 0) ? x.toExponential(2) : x.toFixed(digits));

function table(title, rows) {
  const header = ['scene', 'settings', 'median ms', 'p95 ms', 'peak gap m', 'final gap m', 'peak angle rad', 'stretch', 'tip sag m', 'heap B/1000 steps', 'exploded'];
  const lines = rows.map((r) => [
    r.scene,
    r.settings.substeps ? `${r.settings.substeps} sub x ${r.settings.iterations ?? 1} it` : 'defaults',
    fmt(r.medianMs), fmt(r.p95Ms), fmt(r.peakGap, 4), fmt(r.finalGap, 4), fmt(r.peakAngle, 4),
    fmt(r.stretch, 4), fmt(r.tipSag, 3), String(r.heapGrowthPer1000Steps ?? '-'), r.exploded ? `at step ${r.explodedAt}` : 'no',
  ]);
  console.log(`\n${title}\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

const results = { machine: { node: process.version, platform: `${process.platform} ${process.arch}` }, defaults: [], curve: [] };

const defaultScenes = quick ? ['S1-10', 'S3'] : ['S1-10', 'S1-100', 'S1-1000', 'S3', 'S2-40x100', 'S5-670'];
for (const scene of defaultScenes) results.defaults.push(measure(scene, {}, quick ? 60 : undefined));
table('sinew at its defaults (4 substeps x 1 iteration, 1 relax; 10 s of simulated time at 60 Hz)', results.defaults);

if (!quick) {
  for (const scene of ['S1-100', 'S3']) {
    for (const substeps of [2, 4, 8, 16]) results.curve.push(measure(scene, { substeps, iterations: 1 }));
  }
  table('accuracy versus cost: substeps (joint stiffness follows: a quarter of the substep rate)', results.curve);
  mkdirSync(`${here}out`, { recursive: true });
  writeFileSync(`${here}out/latest.json`, JSON.stringify(results, null, 2));
}

// Sanity for CI: the benchmark ran and the library did not explode on the scenes it should hold.
const broken = results.defaults.filter((r) => r.exploded || !Number.isFinite(r.medianMs));
if (broken.length > 0) {
  console.error(`bench: ${broken.map((r) => r.scene).join(', ')} exploded`);
  process.exit(1);
}
