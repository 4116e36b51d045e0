// npm run bench [-- --quick]
//
// Runs each engine on each scene in a fresh node process (bench/worker.mjs) and prints the tables:
// ms per step (median and p95 after a JIT warm-up), joint errors measured the same way for every engine
// (bench/metrics.mjs), the scene's own figure (chain end stretch, cantilever tip sag), explosions, and
// our heap growth per 1000 steps. `--quick` runs a few seconds' worth, for CI: it keeps the benchmark
// working and asserts no timing. The full run writes bench/out/latest.json.
//
// Timing on shared machines drifts by up to 2x between runs: compare figures from the same run only.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const quick = process.argv.includes('--quick');
const here = fileURLToPath(new URL('.', import.meta.url));

function measure(engine, scene, settings = {}, steps = undefined) {
  const config = JSON.stringify({ engine, scene, settings, steps: quick ? 60 : steps, heap: engine.startsWith('sinew') && !quick });
  const out = execFileSync(process.execPath, ['--expose-gc', `${here}worker.mjs`, config], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

const fmt = (x, digits = 3) =>
  x === undefined ? '-' : x === 0 ? '0' : Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toFixed(digits);

function settingsLabel(r) {
  const s = r.settings;
  if (Object.keys(s).length === 0) return 'defaults';
  return Object.entries(s).map(([k, v]) => `${k} ${v}`).join(', ');
}

function table(title, rows) {
  const header = ['scene', 'engine', 'settings', 'median ms', 'p95 ms', 'peak gap m', 'final gap m', 'peak angle rad', 'stretch', 'tip sag m', 'heap B/1000 steps', 'exploded'];
  console.log(`\n${title}\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const r of rows) {
    console.log(`| ${[
      r.scene, `${r.engine} ${r.version === 'this commit' ? '' : r.version}`.trim(), settingsLabel(r),
      fmt(r.medianMs), fmt(r.p95Ms), fmt(r.peakGap, 4), fmt(r.finalGap, 4), fmt(r.peakAngle, 4),
      fmt(r.stretch, 4), fmt(r.tipSag, 3), String(r.heapGrowthPer1000Steps ?? '-'), r.exploded ? `at step ${r.explodedAt}` : 'no',
    ].join(' | ')} |`);
  }
}

const results = { machine: { node: process.version, platform: `${process.platform} ${process.arch}`, date: new Date().toISOString() }, tables: {} };
function section(key, title, runs) {
  const rows = runs.map(([engine, scene, settings]) => measure(engine, scene, settings));
  results.tables[key] = rows;
  table(title, rows);
  return rows;
}

// 3D: our library on the standard scenes at its defaults.
const ours = section('sinew', 'sinew (3D) at its defaults: 4 substeps x 1 iteration, 1 relax; 10 s at 60 Hz',
  (quick ? ['S1-10', 'S3'] : ['S1-10', 'S1-100', 'S1-1000', 'S3', 'S2-40x100', 'S5-670']).map((scene) => ['sinew', scene, {}]));

// 2D: sinew/2d against planck and rapier2d on S1 and S3 (planar scenes), at each engine's defaults and
// with more substeps, same run.
const planar = quick ? ['S1-100', 'S3'] : ['S1-100', 'S1-1000', 'S3'];
const twoD = [];
for (const scene of planar) {
  twoD.push(['sinew2d', scene, {}], ['sinew2d', scene, { substeps: 8 }], ['planck', scene, {}], ['rapier2d', scene, {}]);
  if (!quick) twoD.push(['planck', scene, { velocityIterations: 16, positionIterations: 6 }], ['rapier2d', scene, { iterations: 8 }]);
}
section('planar', '2D: sinew/2d, planck (Box2D v2.4 in JS) and Rapier 2D (WASM); defaults: sinew 4 substeps x 1 iteration, planck 8 velocity + 3 position iterations, Rapier 4 substeps x 1 PGS iteration', twoD);

if (!quick) {
  section('curve', 'accuracy versus cost: sinew substeps (joint stiffness follows: a quarter of the substep rate)',
    ['S1-100', 'S3'].flatMap((scene) => [2, 4, 8, 16].map((substeps) => ['sinew', scene, { substeps }])));
  mkdirSync(`${here}out`, { recursive: true });
  writeFileSync(`${here}out/latest.json`, JSON.stringify(results, null, 2));
}

// Sanity for CI: the benchmark ran, and our library did not explode on the scenes it should hold.
const broken = ours.filter((r) => r.exploded || !Number.isFinite(r.medianMs));
if (broken.length > 0) {
  console.error(`bench: ${broken.map((r) => r.scene).join(', ')} exploded`);
  process.exit(1);
}
