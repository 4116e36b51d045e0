// npm run bench [-- --quick] [-- --only <engine,engine>] [-- --scenes <scene,scene>] [-- --section direct|contacts|2d|holds|world|bundle|sweeps|worker|powered|vehicles]
//
// Runs each engine on each scene in a fresh node process (bench/worker.mjs) and prints the tables:
// ms per step (median and p95 after a JIT warm-up), joint errors measured the same way for every engine
// (bench/metrics.mjs), the scene's own figure (chain end stretch, cantilever tip sag, grid corner
// stretch), explosions, and our heap growth per 1000 steps; then the ratios ours / peer for time and
// error, from the same run. A full run writes BENCHMARKS.md (keeping what follows its tables: the method
// and the other harnesses' figures) and bench/out/latest.json. `--quick` runs a few seconds' worth, for
// CI: it keeps the benchmark working and asserts no timing.
//
// `--section direct` runs only the direct tree solver's section and replaces that section of
// BENCHMARKS.md (the rest of the file is kept); `--section contacts` does the same for the contact
// scenes (the box pyramid and the ragdoll pile against the peers); `--section 2d` for sinew/2d against
// planck.js and Box2D v3 in one process, interleaved (the hanging chains, the cantilever and the 2D box
// pyramids); `--section holds` for the joint
// scenarios of bench/holds.mjs (motors into limits, ropes and bridges fixed at both ends, stacks, the
// welded wall left alone), sinew under both solvers; `--section world` for the collision world against
// Rapier in one process, interleaved (bench/world.mjs: a static level, sleeping bodies, scene queries,
// terrain); `--section bundle` for the bundle sizes (bench/bundle-size.mjs: small apps of sinew, cannon-es
// and Rapier bundled with rolldown, minified and gzipped), which quick mode runs too; `--section scaling`
// for the contact pipeline's cost against the body count, sinew against Rapier (bench/scaling.mjs: boxes
// dropped into a pen that widens with their count, n = 250 to 8000, one count a process, interleaved),
// the exponents fitted to it and its log-log plot, docs/images/scaling.svg (bench/log-plot.mjs); `--section
// sweeps` for what each sweep of the contact solve buys (bench/sweeps.mjs: a grid of substeps, contact and
// relax sweeps and warm starting, timed against the defaults and judged by the reference tests' criteria); `--section worker` for
// a World in a worker (bench/worker-world.mjs: what sinew-physics/worker costs the main thread a frame, and
// how long a command takes to show), which quick mode runs on its lighter scene; `--section powered` for
// powered ragdolls against limp ones (bench/powered-ragdoll.mjs); `--section vehicles` for twenty
// ray-cast cars on the terrain against Rapier's (bench/vehicles.mjs).
//
// Timing on shared machines drifts by up to 2x between runs: compare figures from the same run only.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { fitPowerLaw, logLogPlot } from './log-plot.mjs';
import { packageVersion } from './engines/package-version.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1].split(',') : null;
};
const onlyEngines = option('--only');
const onlySection = option('--section')?.[0] ?? null;
const onlyScenes = option('--scenes');
const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

// Each engine's settings: its defaults, and "matched": 10 substeps of 1 iteration as far as it allows
// (sinew: 10 substeps; Rapier: its iterations are substeps; Jolt: 10 collision steps of 1 velocity and
// 1 position step). cannon-es and oimophysics have no substeps and already default to 10 iterations, so
// for oimo the matched row is the default row (null), and for cannon-es it is the default without its
// all-pairs broadphase, which runs every step even with no shapes (17-19 ms of the 1000-link chain's
// step): the joint-only cost.
const ENGINES_3D = {
  sinew: { defaults: {}, matched: { substeps: 10, exactSubsteps: 10, iterations: 1 } },
  cannon: { defaults: {}, matched: { broadphase: 'none' } },
  oimo: { defaults: {}, matched: null },
  rapier3d: { defaults: {}, matched: { iterations: 10 } },
  jolt: { defaults: {}, matched: { collisionSteps: 10, velocityIterations: 1, positionIterations: 1 } },
};
const PURE_JS = new Set(['cannon', 'oimo']);

// With contacts, "matched" is 10 substeps of 1 iteration where the engine has substeps; cannon-es and
// oimophysics have none (cannon's matched row above drops the broadphase, which contacts need), so they
// run at their defaults only.
const CONTACT_MATCHED = {
  sinew: { substeps: 10, exactSubsteps: 10, iterations: 1 },
  cannon: null,
  oimo: null,
  rapier3d: { iterations: 10 },
  jolt: ENGINES_3D.jolt.matched,
};

/** A run (warm-up plus measured steps) that takes longer than this is reported as too slow. */
const TIME_LIMIT_MS = 240_000;

function measure(engine, scene, settings = {}, steps = undefined) {
  const config = JSON.stringify({ engine, scene, settings, steps: quick ? 60 : steps, heap: engine.startsWith('sinew') && !quick });
  try {
    const out = execFileSync(process.execPath, ['--expose-gc', `${here}worker.mjs`, config], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: TIME_LIMIT_MS,
    });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    // An engine that crashes on a scene, or takes too long, is a result too.
    const reason = error.signal === 'SIGTERM' ? `over ${TIME_LIMIT_MS / 1000} s for the run` : String(error.stderr ?? error.message).trim().split('\n').slice(-1)[0];
    return { engine, version: '', scene, settings, failed: reason };
  }
}

const fmt = (x, digits = 3) =>
  x === undefined || x === null || Number.isNaN(x) ? '-' : x === 0 ? '0' : Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toFixed(digits);

function settingsLabel(r) {
  const s = r.settings ?? {};
  if (Object.keys(s).length === 0) return 'defaults';
  return Object.entries(s).map(([k, v]) => `${k} ${v}`).join(', ');
}

const lines = [];
function print(line = '') {
  console.log(line);
  lines.push(line);
}

/** A table's title, header row and rule. */
function tableHead(title, header) {
  print(`\n### ${title}\n`);
  print(`| ${header.join(' | ')} |`);
  print(`|${header.map(() => '---').join('|')}|`);
}

const engineLabel = (r) => `${r.engine} ${r.version === 'this commit' ? '' : r.version ?? ''}`.trim();

function table(title, rows) {
  const header = ['scene', 'engine', 'settings', 'median ms', 'p95 ms', 'peak gap m', 'final gap m', 'peak angle rad', 'stretch', 'tip sag m', 'heap B/1000 steps', 'exploded'];
  tableHead(title, header);
  for (const r of rows) {
    const engine = engineLabel(r);
    if (r.sameAsDefaults) {
      print(`| ${r.scene} | ${engine} | (= defaults: 10 iterations) | ${fmt(r.medianMs)} | ${fmt(r.p95Ms)} | ${fmt(r.peakGap, 4)} | ${fmt(r.finalGap, 4)} | ${fmt(r.peakAngle, 4)} | ${fmt(r.stretch, 4)} | ${fmt(r.tipSag, 3)} | - | ${r.exploded ? `at step ${r.explodedAt}` : 'no'} |`);
      continue;
    }
    if (r.failed) {
      print(`| ${r.scene} | ${engine} | ${settingsLabel(r)} | failed: ${r.failed.slice(0, 80)} ||||||||| |`);
      continue;
    }
    print(`| ${[
      r.scene, engine, settingsLabel(r),
      fmt(r.medianMs), fmt(r.p95Ms), fmt(r.peakGap, 4), fmt(r.finalGap, 4), fmt(r.peakAngle, 4),
      fmt(r.stretch, 4), fmt(r.tipSag, 3), String(r.heapGrowthPer1000Steps ?? '-'), r.exploded ? `at step ${r.explodedAt}` : 'no',
    ].join(' | ')} |`);
  }
}

/** ours / peer, for time and peak gap (and tip sag on the cantilever), per scene and setting. */
function ratios(title, rows, ours) {
  print(`\n### ${title}\n`);
  print('ours / peer: below 1 means we are faster (time) or more accurate (error).\n');
  print('| scene | settings | peer | time | peak gap | final gap | tip sag |');
  print('|---|---|---|---|---|---|---|');
  for (const mine of rows.filter((r) => r.engine === ours && !r.failed)) {
    for (const peer of rows.filter((r) => r.engine !== ours && r.scene === mine.scene && r.kind === mine.kind)) {
      if (peer.failed) {
        print(`| ${mine.scene} | ${mine.kind} | ${peer.engine} | peer failed | | | |`);
        continue;
      }
      const ratio = (a, b) => (b > 0 ? fmt(a / b, 2) : '-');
      print(`| ${mine.scene} | ${mine.kind} | ${peer.engine}${peer.exploded ? ' (exploded)' : ''} | ${ratio(mine.medianMs, peer.medianMs)} | ${ratio(mine.peakGap, peer.peakGap)} | ${ratio(mine.finalGap, peer.finalGap)} | ${mine.tipSag !== undefined ? ratio(Math.abs(mine.tipSag), Math.abs(peer.tipSag)) : ''} |`);
    }
  }
}

const results = {
  machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version, platform: `${process.platform} ${process.arch}`, date: new Date().toISOString() },
  tables: {},
};

const wanted = (engine) => onlyEngines === null || onlyEngines.includes(engine);
const scenesOf = (list) => (onlyScenes === null ? list : list.filter((s) => onlyScenes.includes(s)));

const rows3d = [];
const twoD = [];
const contactRows = [];
/** The sections that --section names, in the order of BENCHMARKS.md. */
const SECTIONS = ['direct', 'contacts', '2d', 'scaling', 'holds', 'world', 'bundle', 'sweeps', 'worker', 'powered', 'vehicles'];
if (onlySection !== null && !SECTIONS.includes(onlySection)) throw new Error(`bench: unknown section ${onlySection} (${SECTIONS.join(', ')})`);
if (onlySection === null) runStandardSections();
if (onlySection === null || onlySection === 'direct') runDirectSection();
if (onlySection === null || onlySection === 'contacts') runContactsSection();
if (onlySection === null || onlySection === '2d') runTwoDSection();
if (onlySection === null || onlySection === 'scaling') runScalingSection();
if (onlySection === null || onlySection === 'holds') runHoldsSection();
if (onlySection === null || onlySection === 'world') runWorldSection();
if (onlySection === null || onlySection === 'bundle') runBundleSection();
if (onlySection === null || onlySection === 'sweeps') runSweepsSection();
if (onlySection === null || onlySection === 'worker') runWorkerSection();
if (onlySection === null || onlySection === 'powered') runPoweredSection();
if (onlySection === null || onlySection === 'vehicles') runVehiclesSection();
if (!quick) {
  mkdirSync(`${here}out`, { recursive: true });
  writeFileSync(`${here}out/latest${onlySection ? `-${onlySection}` : ''}.json`, JSON.stringify(results, null, 2));
  writeBenchmarks();
}

function runStandardSections() {
// 3D: every engine at its defaults and matched, on the standard scenes.
const scenes3d = scenesOf(quick
  ? ['S1-10', 'S3']
  : ['S1-10', 'S1-100', 'S1-1000', 'S2-40x1', 'S2-40x10', 'S2-40x100', 'S2-40x670', 'S2-40x1000', 'S2-40x10000', 'S3', 'GRID-100']);
const engines3d = Object.keys(ENGINES_3D).filter((e) => wanted(e) && existsSync(`${here}engines/${e}.mjs`) && (!quick || e === 'sinew'));
for (const scene of scenes3d) {
  for (const engine of engines3d) {
    let defaults = null;
    for (const kind of quick ? ['defaults'] : ['defaults', 'matched']) {
      const settings = ENGINES_3D[engine][kind];
      const r = settings === null ? { ...defaults, kind, sameAsDefaults: true } : measure(engine, scene, settings);
      r.kind = kind;
      if (kind === 'defaults') defaults = r;
      rows3d.push(r);
      process.stderr.write(`  ${scene} ${engine} ${kind}: ${r.failed ? 'failed' : `${fmt(r.medianMs)} ms`}\n`);
    }
  }
}
results.tables.threeD = rows3d;
print('## 3D joints (10 s at 60 Hz per scene; the sphere grid 5 s)');
print('\nsinew defaults: the direct solver (rigid joints exact; a step it holds alone, as every scene here, takes `exactSubsteps`, 1). Matched: 10 substeps x 1 iteration where the engine has substeps (sinew: 10 exact substeps; Rapier; Jolt with 10 collision steps of 1 velocity and 1 position step); cannon-es and oimophysics have none and default to 10 iterations (cannon-es matched drops its all-pairs broadphase). Peers run without damping or sleeping and with exact masses and inertias (bench/engines/*.mjs headers). sinew\'s soft step (`solver: \'iterative\'`) against the default: "The default solver against the soft step" below.');
table('at each engine\'s defaults', rows3d.filter((r) => r.kind === 'defaults'));
if (!quick) {
  table('matched', rows3d.filter((r) => r.kind === 'matched'));
  ratios('ratios, same run', rows3d, 'sinew');
}

// 2D: sinew/2d against planck and rapier2d on S1 and S3 (planar scenes).
const planar = scenesOf(quick ? ['S1-100', 'S3'] : ['S1-100', 'S1-1000', 'S3']);
for (const scene of planar) {
  const runs = [['sinew2d', {}, 'defaults'], ['sinew2d', { solver: 'iterative' }, 'soft step'], ['planck', {}, 'defaults'], ['rapier2d', {}, 'defaults']];
  if (existsSync(`${root}node_modules/box2d3-wasm/package.json`)) runs.push(['box2d3', {}, 'defaults']);
  if (!quick) runs.push(['planck', { velocityIterations: 16, positionIterations: 6 }, 'more'], ['rapier2d', { iterations: 8 }, 'more']);
  for (const [engine, settings, kind] of runs.filter(([e]) => wanted(e))) {
    const r = measure(engine, scene, settings);
    r.kind = kind;
    twoD.push(r);
  }
}
results.tables.twoD = twoD;
print('\n## 2D joints');
table('sinew/2d, planck (Box2D v2.4 in JS), Rapier 2D (WASM) and Box2D v3 (box2d3-wasm, when installed); defaults: sinew the direct solver (one exact substep a step where it holds every row), its soft step `solver: \'iterative\'` (4 substeps x 2 iterations), planck 8 velocity + 3 position iterations, Rapier 4 substeps x 1 PGS iteration, Box2D v3 4 substeps', twoD);

if (!quick) {
  const curve = ['S1-100', 'S3'].flatMap((scene) => [2, 4, 8, 16].map((substeps) => measure('sinew', scene, { substeps })));
  results.tables.curve = curve;
  print('\n## Our accuracy versus cost');
  table('sinew substeps (joint stiffness follows: a quarter of the substep rate)', curve);
}
}

// The default solver (the direct solver, lib/solver/direct/) against the soft step (`solver:
// 'iterative'`), in the same run: the heavy-end chains at growing mass ratios, the welded cantilever, S1
// at N = 100, 1000, 10 000 for the cost's growth with N (10 000 links: 120 steps; the grids: 60),
// structures with loops (sphere grids, the welded walls, the rope bridge, the taut chain), and the ragdoll
// heap and pyramids, whose contacts keep the substeps.
function runDirectSection() {
  const scenes = scenesOf(quick
    ? ['S2-40x670', 'S3']
    : ['S2-40x1', 'S2-40x670', 'S2-40x3000', 'S2-40x10000', 'S2-20x10000', 'S5-670', 'S3', 'S1-100', 'S1-1000', 'S1-10000', 'GRID-3', 'GRID-10', 'GRID-20', 'GRID-100', 'WALL', 'WALL-STACK', 'BRIDGE-20', 'TAUT-30']);
  const steps = (scene) => (scene === 'S1-10000' ? 120 : scene.startsWith('GRID') ? 60 : undefined);
  const rows = [];
  for (const scene of scenes) {
    const runs = [[{ solver: 'iterative' }, 'iterative'], [{}, 'direct (default)']];
    if (!quick && !scene.startsWith('GRID') && scene !== 'WALL') runs.push([{ exactSubsteps: 4 }, 'direct, 4 exact substeps']);
    for (const [settings, kind] of runs) {
      const r = measure('sinew', scene, settings, steps(scene));
      r.kind = kind;
      rows.push(r);
      process.stderr.write(`  ${scene} sinew ${kind}: ${r.failed ? 'failed' : `${fmt(r.medianMs)} ms`}\n`);
    }
  }
  results.tables.direct = rows;
  print('\n<!-- section:direct -->');
  print('## The default solver against the soft step');
  print('\nsinew at its defaults, the direct solver (rigid joints solved exactly by sparse LDLᵀ, factored once a step and again within it only where bodies moved, loops included within its budget, drift projected, limits and sticking joint friction held through the factorization; a step it holds alone takes `exactSubsteps`, 1, and every scene of this table but WALL is one), against the soft step (`solver: \'iterative\'`, 4 substeps), same run (10 s at 60 Hz, except S1-10000, 120 steps, and the sphere grids, 60 steps, so the 100 x 100 grid\'s figures are of its first second; GRID-3 to GRID-20, WALL (the welded wall of 64 bricks in running bond, on the ground, colliding), WALL-STACK (8 x 8 bricks of 30 kg stacked in columns, on their ground welds alone), BRIDGE-20 (two ropes of 20 links on ball joints, planks welded across) and TAUT-30 (30 links held at both ends 0.99 of their length apart) are structures with loops, held exactly while their factorization fits MAX_FACTOR_FLOPS, GRID-100 beyond it and left to the soft step); the last row of each scene runs the direct solver at 4 exact substeps.');
  table('iterative and direct', rows);
  print('\n| scene | direct / iterative: time | peak gap direct, m | peak gap iterative, m |');
  print('|---|---|---|---|');
  for (const scene of scenes) {
    const it = rows.find((r) => r.scene === scene && r.kind === 'iterative');
    for (const d of rows.filter((r) => r.scene === scene && r.kind.startsWith('direct'))) {
      if (!it || it.failed || d.failed) continue;
      print(`| ${scene} (${d.kind}) | ${fmt(d.medianMs / it.medianMs, 2)} | ${fmt(d.peakGap, 4)} | ${fmt(it.peakGap, 4)} |`);
    }
  }
  // the cost ratio in one process, interleaved (bench/interleaved.mjs): the separate processes above
  // run one after the other, and this VM's speed drifts between them
  const costScenes = quick
    ? ['S2-40x670', 'WALL-STACK']
    : ['S1-1000', 'WALL-STACK', 'PILE-10', 'PYRAMID-10', 'PYRAMID-20', 'S5-670', 'S3', 'S2-20x10000', 'BRIDGE-20', 'TAUT-30', 'S2-40x670', 'S1-100', 'GRID-10', 'WALL'];
  const costSettings = [{ solver: 'iterative' }, {}, { exactSubsteps: 4 }];
  const costs = [];
  for (const scene of costScenes) {
    const config = JSON.stringify({ scene, settings: costSettings, blocks: quick ? 30 : 200 });
    const out = execFileSync(process.execPath, [`${here}interleaved.mjs`, config], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
    const r = JSON.parse(out.trim().split('\n').pop());
    costs.push(r);
    process.stderr.write(`  ${scene} interleaved: ${r.medianMs.map((t) => fmt(t)).join(' / ')} ms\n`);
  }
  results.tables.directCost = costs;
  // the 1000-link chain against Rapier at its defaults, in one process
  let chainVersusRapier = null;
  if (wanted('rapier3d')) {
    const config = JSON.stringify({ scene: 'S1-1000', settings: [{}, { engine: 'rapier3d' }], blocks: quick ? 10 : 100 });
    const out = execFileSync(process.execPath, [`${here}interleaved.mjs`, config], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
    chainVersusRapier = JSON.parse(out.trim().split('\n').pop());
    process.stderr.write(`  S1-1000 sinew / rapier3d interleaved: ${chainVersusRapier.medianMs.map((t) => fmt(t)).join(' / ')} ms\n`);
  }
  results.tables.chainVersusRapier = chainVersusRapier;
  // the same solver in 2D (sinew/2d, lib/2d/solver/tree-body-model.ts), against the 2D soft step
  const scenes2d = scenesOf(quick ? ['S2-40x670'] : ['S2-40x670', 'S2-40x10000', 'S3', 'S1-100', 'S1-1000']);
  const rows2d = [];
  for (const scene of scenes2d) {
    for (const [settings, kind] of [[{ solver: 'iterative' }, 'iterative'], [{}, 'direct (default)']]) {
      const r = measure('sinew2d', scene, settings);
      r.kind = kind;
      rows2d.push(r);
      process.stderr.write(`  ${scene} sinew2d ${kind}: ${r.failed ? 'failed' : `${fmt(r.medianMs)} ms`}\n`);
    }
  }
  results.tables.direct2d = rows2d;
  print('\n### Cost in one process, interleaved');
  print('\nEach scene\'s three worlds (the soft step, the default direct solver, and the direct solver at 4 exact substeps) built in one process and stepped in turn, 10 steps each, ' + (quick ? 30 : 200) + ' times after a warm-up of 120 steps: the median ms per step of those blocks, and the ratios. This is the figure for the default\'s cost; the table above runs each in its own process, one after the other, where this VM\'s drift moves a ratio by 2x. PILE-10 (ten ragdolls dropped in a heap) and PYRAMID-10 and -20 (boxes alone: the direct solver holds nothing there) are contact scenes, sleeping off, timed from 2 s after the drop through the heap\'s settling and rest; their contacts keep the 4 substeps, so their last column is the default\'s.');
  print('\n| scene | iterative ms | direct (default) ms | direct, 4 exact substeps ms | default / iterative | 4 exact substeps / iterative |');
  print('|---|---|---|---|---|---|');
  for (const r of costs) {
    const [it, direct, four] = r.medianMs;
    print(`| ${r.scene} | ${fmt(it)} | ${fmt(direct)} | ${fmt(four)} | ${fmt(direct / it, 2)} | ${fmt(four / it, 2)} |`);
  }
  if (chainVersusRapier !== null) {
    const [mine, rapier] = chainVersusRapier.medianMs;
    print(`\nS1-1000 against Rapier (rapier3d-compat, its defaults) in one process, interleaved the same way: sinew ${fmt(mine)} ms, Rapier ${fmt(rapier)} ms a step, sinew / Rapier ${fmt(mine / rapier, 2)}.`);
  }
  const costs2d = [];
  for (const scene of scenes2d) {
    const config = JSON.stringify({ engine: 'sinew2d', scene, settings: [{ solver: 'iterative' }, {}], blocks: quick ? 30 : 200 });
    const out = execFileSync(process.execPath, [`${here}interleaved.mjs`, config], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
    costs2d.push(JSON.parse(out.trim().split('\n').pop()));
  }
  results.tables.direct2dCost = costs2d;
  print('\n### In 2D');
  print('\nsinew/2d (World2D) runs the same direct solver over 3 numbers per body, by default: its soft step and the default, each scene in its own process, one after the other (the time ratio there carries this VM\'s drift; the last table has the two worlds stepped in turn in one process, as above).');
  table('sinew/2d: iterative and direct', rows2d);
  print('\n| scene | direct / iterative: time | peak gap direct, m | peak gap iterative, m |');
  print('|---|---|---|---|');
  for (const scene of scenes2d) {
    const [it, d] = ['iterative', 'direct (default)'].map((kind) => rows2d.find((r) => r.scene === scene && r.kind === kind));
    if (!it || !d || it.failed || d.failed) continue;
    print(`| ${scene} | ${fmt(d.medianMs / it.medianMs, 2)} | ${fmt(d.peakGap, 4)} | ${fmt(it.peakGap, 4)} |`);
  }
  print('\n| scene | 2D iterative ms | 2D direct ms | direct / iterative (interleaved, one process) |');
  print('|---|---|---|---|');
  for (const r of costs2d) print(`| ${r.scene} | ${fmt(r.medianMs[0])} | ${fmt(r.medianMs[1])} | ${fmt(r.medianMs[1] / r.medianMs[0], 2)} |`);
  print('<!-- /section:direct -->');
}

// The contact scenes: every engine builds the box pyramid and the ragdoll pile from the same
// description (shapes, masses and inertias, friction and restitution, joint limits and friction,
// collision groups; the adapters' headers say how each maps them and what it lacks), sleeping off, at
// its defaults and at matched settings. Every step of the 10 s is timed, from the drop (the worker warms
// the JIT on a separate copy first). Quick mode: sinew alone, 60 steps of each.
function runContactsSection() {
  const scenes = scenesOf(['PYRAMID-10', 'PILE-10']);
  const engines = Object.keys(CONTACT_MATCHED).filter((e) => wanted(e) && (!quick || e === 'sinew'));
  for (const scene of scenes) {
    for (const engine of engines) {
      // sinew also with its soft step (its defaults otherwise), set against the peers' defaults
      const kinds = quick ? ['defaults'] : engine === 'sinew' ? ['defaults', 'matched', 'iterative'] : ['defaults', 'matched'];
      for (const kind of kinds) {
        const settings = kind === 'defaults' ? {} : kind === 'iterative' ? { solver: 'iterative' } : CONTACT_MATCHED[engine];
        if (settings === null) continue;
        const r = measure(engine, scene, settings);
        r.kind = kind;
        contactRows.push(r);
        process.stderr.write(`  ${scene} ${engine} ${kind}: ${r.failed ? `failed: ${r.failed}` : `${fmt(r.medianMs)} ms`}\n`);
      }
    }
  }
  results.tables.contacts = contactRows;
  print('\n<!-- section:contacts -->');
  print('## Contacts: the box pyramid and the ragdoll pile');
  print('\nEvery engine builds each scene from the same description (lib/scenes/contacts.ts): boxes, spheres and capsules with the scene\'s masses and inertias, friction 0.6 and restitution 0 on every surface (sinew\'s defaults), the ragdolls\' swing-twist and hinge limits, joint friction and damping, and no contact within a ragdoll; sleeping is off everywhere, sinew\'s too, so every step is solved. The adapters\' headers (bench/engines/*.mjs) say how each engine maps them and what it lacks. Every step of the 10 s at 60 Hz is timed from the start (the JIT is warmed on a separate copy first): mean is the whole run\'s cost per step, median and p95 its spread. Defaults: sinew the direct solver for the joints, at 4 substeps of 1 biased sweep of the contacts (`contactIterations`) after its exact solve, each substep ending with 1 relax sweep, Rapier 4 substeps of 1 PGS iteration, Jolt 10 velocity and 2 position steps, cannon-es 10 GS iterations, oimophysics 10 velocity and 5 position iterations. Matched: 10 substeps of 1 iteration (sinew, Rapier, Jolt with 10 collision steps of 1 velocity and 1 position step); cannon-es and oimophysics have no substeps and run at their defaults only. sinew also runs with its soft step, `solver: \'iterative\'` (2 biased sweeps of the joints a substep), at its other defaults (its rows in the ratios are against the peers\' defaults). Figures after 10 s: kinetic energy (from each engine\'s velocities), the farthest any body centre moved in the last second, and the lowest body centre over the whole run and at its end (below 0: into the ground; a hand\'s centre rests 0.027 m up, a foot\'s 0.035 m); pyramid: the largest distance of any box from where it was built and the top box\'s drop; pile: the largest joint anchor gap over the run and the largest excess over a joint limit, measured as sinew defines its swing cone, twist and hinge ranges. Exploded: a pose not finite, or a body beyond 100 m.');
  contactTable('box pyramid (10 rows, 55 boxes of 0.5 m)', contactRows.filter((r) => r.scene.startsWith('PYRAMID')), [
    ['largest move m', (r) => fmt(r.displacement, 4)], ['top drop m', (r) => fmt(r.topDrop, 4)],
  ]);
  contactTable('ragdoll pile (10 ragdolls: 160 bodies, 150 limited joints)', contactRows.filter((r) => r.scene.startsWith('PILE')), [
    ['peak joint gap m', (r) => fmt(r.peakGap, 4)], ['peak limit excess rad', (r) => fmt(r.peakLimitExcess, 3)], ['final limit excess rad', (r) => fmt(r.finalLimitExcess, 3)],
  ]);
  // sinew against Rapier in one process, interleaved, on the scenes the contact targets name
  const versusScenes = quick ? ['PYRAMID-10'] : ['PYRAMID-10', 'PYRAMID-20', 'PYRAMID-40', 'FALL-1000', 'PILE-10'];
  const versus = [];
  if (wanted('rapier3d')) {
    for (const scene of versusScenes) {
      const config = JSON.stringify({ scene, settings: [{}, { engine: 'rapier3d' }], blocks: quick ? 10 : 40 });
      const out = execFileSync(process.execPath, [`${here}interleaved.mjs`, config], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
      const r = JSON.parse(out.trim().split('\n').pop());
      versus.push(r);
      process.stderr.write(`  ${scene} sinew / rapier3d interleaved: ${r.medianMs.map((t) => fmt(t)).join(' / ')} ms\n`);
    }
  }
  results.tables.contactsVersusRapier = versus;
  if (versus.length > 0) {
    print('\n### against Rapier in one process, interleaved\n');
    print(`Each scene built in sinew and in rapier3d ${contactRows.find((r) => r.engine === 'rapier3d')?.version ?? ''} (both at their defaults, sleeping off) in one process and stepped in turn, 10 steps each, ${quick ? 10 : 40} times after a warm-up of 120 steps (from the drop: the falling pile lands within it and settles during the timing): the median ms per step of those blocks. PYRAMID-n: a pyramid of n rows (n = 40: 820 boxes); FALL-1000: 1000 boxes, spheres and capsules of 0.4-0.7 m dropped in ten layers into a 10 x 10 m pen (lib/scenes/contacts.ts fallingPile); PILE-10: ten ragdolls.\n`);
    print('| scene | sinew ms | rapier3d ms | sinew / rapier3d |');
    print('|---|---|---|---|');
    for (const r of versus) print(`| ${r.scene} | ${fmt(r.medianMs[0])} | ${fmt(r.medianMs[1])} | ${fmt(r.medianMs[0] / r.medianMs[1], 2)} |`);
  }
  if (!quick) {
    print('\n### ratios, same run\n');
    print('ours / peer: below 1 means we are faster, or moved, kept or sank less.\n');
    print('| scene | settings | peer | mean ms | median ms | p95 ms | kinetic energy | moved in last s | pyramid: largest move |');
    print('|---|---|---|---|---|---|---|---|---|');
    const ratio = (a, b) => (b > 0 ? fmt(a / b, 2) : '-');
    for (const mine of contactRows.filter((r) => r.engine === 'sinew' && !r.failed)) {
      const peerKind = mine.kind === 'iterative' ? 'defaults' : mine.kind;
      for (const peer of contactRows.filter((r) => r.engine !== 'sinew' && r.scene === mine.scene && r.kind === peerKind)) {
        if (peer.failed) {
          print(`| ${mine.scene} | ${mine.kind} | ${peer.engine} | peer failed | | | | | |`);
          continue;
        }
        print(`| ${mine.scene} | ${mine.kind === 'iterative' ? 'sinew iterative / peer defaults' : mine.kind} | ${peer.engine}${peer.exploded ? ' (exploded)' : ''} | ${ratio(mine.meanMs, peer.meanMs)} | ${ratio(mine.medianMs, peer.medianMs)} | ${ratio(mine.p95Ms, peer.p95Ms)} | ${ratio(mine.kineticEnergy, peer.kineticEnergy)} | ${ratio(mine.lastSecondMove, peer.lastSecondMove)} | ${mine.displacement !== undefined ? ratio(mine.displacement, peer.displacement) : ''} |`);
      }
    }
  }
  print('<!-- /section:contacts -->');
}

// 2D against planck.js (Box2D v2.4 in JavaScript) and Box2D v3 (box2d3-wasm, when installed), in one
// process, interleaved (bench/interleaved.mjs): the 1000- and 100-link hanging chains and the welded
// cantilever (joints only), and the 10- and 20-row pyramids of 1 m boxes (contacts only; every engine
// builds the same shapes, bench/engines/planar-shapes.mjs). Then the pyramids each in a fresh process
// (bench/worker.mjs), for how far each engine let its boxes move.
function runTwoDSection() {
  const box2d3 = existsSync(`${root}node_modules/box2d3-wasm/package.json`) && wanted('box2d3');
  const scenes = scenesOf(quick ? ['S1-100', 'PYRAMID2D-10'] : ['S1-1000', 'S1-100', 'S3', 'PYRAMID2D-20', 'PYRAMID2D-10']);
  const settings = [{}, { solver: 'iterative' }, { engine: 'planck' }, ...(box2d3 ? [{ engine: 'box2d3' }] : [])];
  const blocks = quick ? 10 : 100, repeats = quick ? 1 : 3;
  const rows = [];
  for (const scene of scenes) {
    // `repeats` processes, the engines' order turned by one each time (the first world built and stepped
    // first in one, last in another); each engine's median over its blocks, then the median of those
    const runs = [];
    for (let k = 0; k < repeats; k++) {
      const order = settings.map((_, i) => (i + k) % settings.length);
      const config = JSON.stringify({ scene, engine: 'sinew2d', settings: order.map((i) => settings[i]), blocks });
      const out = execFileSync(process.execPath, [`${here}interleaved.mjs`, config], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
      const times = JSON.parse(out.trim().split('\n').pop()).medianMs;
      const back = new Array(settings.length);
      order.forEach((i, position) => { back[i] = times[position]; });
      runs.push(back);
      process.stderr.write(`  ${scene} sinew2d / iterative / planck${box2d3 ? ' / box2d3' : ''} interleaved: ${back.map((t) => fmt(t)).join(' / ')} ms\n`);
    }
    const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const planckRatios = runs.map((run) => run[0] / run[2]), box2dRatios = runs.map((run) => run[0] / run[3]);
    rows.push({ scene, runs, medianMs: settings.map((_, i) => middle(runs.map((run) => run[i]))), planckRatios, planckRatio: middle(planckRatios), box2dRatio: box2d3 ? middle(box2dRatios) : null });
  }
  results.tables.twoDInterleaved = rows;
  const pyramids = [];
  if (!quick) {
    for (const engine of ['sinew2d', 'planck', ...(box2d3 ? ['box2d3'] : [])]) {
      for (const [settings, kind] of engine === 'sinew2d' ? [[{}, 'defaults'], [{ solver: 'iterative' }, 'iterative']] : [[{}, 'defaults']]) {
        const r = measure(engine, 'PYRAMID2D-20', settings);
        r.kind = kind;
        pyramids.push(r);
        process.stderr.write(`  PYRAMID2D-20 ${engine} ${kind}: ${r.failed ? `failed: ${r.failed}` : `${fmt(r.medianMs)} ms`}\n`);
      }
    }
  }
  results.tables.twoDPyramid = pyramids;
  const planckVersion = packageVersion('planck'), box2dVersion = box2d3 ? packageVersion('box2d3-wasm') : null;
  print('\n<!-- section:2d -->');
  print('## 2D against planck.js and Box2D v3');
  print(`\nsinew/2d (World2D) at its defaults (the direct solver for joints; contacts at 4 substeps of 1 biased and 1 relax sweep) and with its soft step (\`solver: 'iterative'\`), planck.js ${planckVersion} (Box2D v2.4 in JavaScript, 8 velocity and 3 position iterations)${box2d3 ? ` and Box2D v3 (box2d3-wasm ${box2dVersion}: Erin Catto's C library compiled to WebAssembly with SIMD, single precision, one thread, 4 substeps)` : ' (Box2D v3: box2d3-wasm is not installed here)'}, each at its defaults with sleeping off, built from the same scene description and stepped in one process, interleaved: each engine 10 steps in turn, ${blocks} times after a warm-up of 120 steps, the median ms per step of those blocks (bench/interleaved.mjs), in ${repeats} such processes with the engines' order turned: each engine's median of the ${repeats}, the ratios' medians over the processes, and the last column sinew / planck in each process. S1-n: n links of 1 m and 1 kg on pins, released horizontal; S3: the welded cantilever of 10 boxes; PYRAMID2D-n: n rows of boxes 1 m across (half 0.5, 1000 kg, density 1000 kg/m², friction 0.6, restitution 0), 1.02 m apart, on a static box (bench/engines/planar-shapes.mjs; planck and Box2D v3 get fixtures or shapes of the same size, then the same mass and inertia).`);
  print(`\n| scene | sinew/2d ms | sinew/2d iterative ms | planck ms |${box2d3 ? ' Box2D v3 ms |' : ''} sinew / planck |${box2d3 ? ' sinew / Box2D v3 |' : ''} sinew / planck, each process |`);
  print(`|---|---|---|---|${box2d3 ? '---|' : ''}---|${box2d3 ? '---|' : ''}---|`);
  for (const r of rows) {
    const [mine, soft, planck, box] = r.medianMs;
    print(`| ${r.scene} | ${fmt(mine)} | ${fmt(soft)} | ${fmt(planck)} |${box2d3 ? ` ${fmt(box)} |` : ''} ${fmt(r.planckRatio, 2)} |${box2d3 ? ` ${fmt(r.box2dRatio, 2)} |` : ''} ${r.planckRatios.map((x) => fmt(x, 2)).join(', ')} |`);
  }
  if (pyramids.length > 0) {
    print('\nThe 20-row pyramid (210 boxes) in a fresh process per engine, 10 s at 60 Hz, every step timed from the first (bench/worker.mjs; the timings of separate processes drift on this machine, the interleaved table above is the one for cost). planck\'s boxes float on its polygon skin (0.01 m per box), so its top box stands 0.26 m higher than built; Box2D v3 and sinew let each box sink into the one below by about 1.5 mm (soft contacts within the linear slop, 5 mm).');
    contactTable('PYRAMID2D-20: 20 rows of 1 m boxes', pyramids, [['largest move m', (r) => fmt(r.displacement, 4)], ['top drop m', (r) => fmt(r.topDrop, 4)]]);
  }
  print('<!-- /section:2d -->');
}

// The joint scenarios of bench/holds.mjs, in a process of their own: sinew under both solvers, defaults.
function runHoldsSection() {
  const out = execFileSync(process.execPath, [`${here}holds.mjs`, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
  const rows = JSON.parse(out.trim().split('\n').pop());
  results.tables.holds = rows;
  const [it, direct] = rows;
  const both = (pick) => `${pick(it)} | ${pick(direct)}`;
  print('\n<!-- section:holds -->');
  print('## Joints that hold at any setting');
  print('\nThe default solver\'s targets, then the scenarios of other engines\' own joint tests, on sinew at its defaults under each solver (bench/holds.mjs; sleeping off; the peak joint gap measured from the poses as bench/metrics.mjs measures every engine\'s; the tests that hold them: tests/limits-hold, loops-through-world, stacks-rest, structures-at-rest, default-solver). No peers run here.');
  print('\n| target (the default solver) | figure | iterative | direct (default) |');
  print('|---|---|---|---|');
  const t = (r) => r.targets;
  const row = (label, figure, pick) => print(`| ${label} | ${figure} | ${both((r) => pick(t(r)))} |`);
  row('S1: 1000-link chain released horizontal, 5 s', 'peak joint gap m (target ≤ 1e-3)', (x) => fmt(x.chain1000, 4));
  row('S5: 670:1 ball and chain, 10 s', 'peak joint gap m (≤ 1e-3)', (x) => fmt(x.ballAndChain, 4));
  row('S3: welded cantilever of 10 links, 10 s', 'tip sag m (≤ 1e-3)', (x) => fmt(x.cantileverSag, 4));
  row('S2: 20-link chain, 10 000:1, 10 s', 'stretch (≤ 1.001); peak joint gap m', (x) => `${fmt(x.heavyChainStretch, 5)}; ${fmt(x.heavyChainGap, 4)}`);
  row('ten ragdolls dropped in a heap, 10 s', 'peak joint gap m (≤ 1e-3); peak limit excess rad', (x) => `${fmt(x.pileGap, 4)}; ${fmt(x.pileLimitExcess, 4)}`);
  row('rope bridge: 2 x 20 links, planks welded across, 10 s', 'peak joint gap m (≤ 1e-3)', (x) => fmt(x.bridge20, 4));
  row('taut chain of 30 links held at both ends, 10 s', 'peak joint gap m (≤ 1e-3)', (x) => fmt(x.taut30, 4));
  row('8 x 8 stacked wall, 30 kg bricks on their ground welds (3000 N; each carries 2354 N at rest), left alone 10 s', 'welds broken (0); ground welds\' support / weight (1 within 1 %)', (x) => `${x.stackedWall.broken}; ${fmt(x.stackedWall.support, 5)}`);
  print('\n| scenario | figure | iterative | direct |');
  print('|---|---|---|---|');
  for (const force of Object.keys(it.slider)) {
    print(`| slider motor (maxForce ${force} N) at 2 m/s into a 0.5 m limit, 5 s | overshoot m; limit / motor force | ${both((r) => `${fmt(r.slider[force].overshoot, 4)}; ${fmt(-r.slider[force].limit / (r.slider[force].motor || 1), 3)}`)} |`);
  }
  print(`| hinge made 1 rad past its limit (1 m, 1 kg rod, gravity) | fastest rad/s; most kinetic energy J; speed after 5 s | ${both((r) => `${fmt(r.hinge.fastest)}; ${fmt(r.hinge.energy)}; ${fmt(r.hinge.finalSpeed)}`)} |`);
  for (const links of Object.keys(it.rope)) print(`| slack rope of ${links} distance joints between two anchors, 10 s | largest stretch m | ${both((r) => fmt(r.rope[links], 4))} |`);
  for (const name of Object.keys(it.bridge)) print(`| rope bridge, ${name} links | peak joint gap m; lowest body m; ms a step | ${both((r) => `${fmt(r.bridge[name].gap, 4)}; ${fmt(r.bridge[name].lowest)}; ${fmt(r.bridge[name].ms)}`)} |`);
  for (const count of Object.keys(it.stack)) print(`| stack of ${count} boxes | asleep at step | ${both((r) => r.stack[count])} |`);
  print(`| 10-row pyramid | asleep at step | ${both((r) => r.pyramid)} |`);
  print(`| welded wall (169 welds of 3000 N) left alone 600 steps, sleeping off | welds broken; largest weld force N; ground support / weight; ms a step | ${both((r) => `${r.wall.broken}; ${fmt(r.wall.largest, 0)}; ${fmt(r.wall.support, 4)}; ${fmt(r.wall.ms)}`)} |`);
  print('<!-- /section:holds -->');
}

// The contact pipeline's cost against the body count, sinew against Rapier (bench/scaling.mjs): n boxes
// dropped into a pen that widens with n (FALLBOX-n-WIDE), both engines in one process a count, stepped
// in turn in blocks of 10 after a warm-up of 120 steps (2 s: every layer has landed). A pile costs most
// as it lands and less as it settles (at 8000 boxes both engines take 1.7-2 times as long a step 1.5 s
// after the drop as 3 s after it), so every n is timed over the same steps, 120 to 150; the small
// counts, cheap, are run again from a fresh build for more blocks. Sinew takes 0.7 s of CPU a step at
// 8000, and the section about 5 minutes on an idle 2-core VM. Each block is timed by the clock and by
// the main thread's CPU time, which other work on the machine leaves alone; the exponents of a power law
// are fitted to each engine's medians by both, and the plot drawn (docs/images/scaling.svg).
function runScalingSection() {
  // [n, rounds]
  const plan = quick ? [[250, 1], [500, 1], [1000, 1], [2000, 1]] : [[250, 3], [500, 2], [1000, 1], [2000, 1], [4000, 1], [8000, 1]];
  const warmup = quick ? 30 : 120, blocks = quick ? 2 : 3;
  // a count's process: 8000 boxes take about 3 minutes on an idle VM, more on a busy one
  const timeLimit = 600_000;
  const rows = [];
  for (const [n, rounds] of plan) {
    const config = JSON.stringify({ n, warmup, blocks, rounds });
    let r;
    try {
      const out = execFileSync(process.execPath, [`${here}scaling.mjs`, config], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeLimit });
      r = JSON.parse(out.trim().split('\n').pop());
    } catch (error) {
      const reason = error.signal === 'SIGTERM' ? `over ${timeLimit / 1000} s` : String(error.stderr ?? error.message).trim().split('\n').slice(-1)[0];
      r = { n, warmup, blocks, rounds, failed: reason };
    }
    rows.push(r);
    process.stderr.write(`  FALLBOX-${n}-WIDE sinew / rapier3d: ${r.failed ? `failed: ${r.failed}` : `${r.medianMs.map((t) => fmt(t)).join(' / ')} ms (CPU ${r.medianCpuMs.map((t) => fmt(t)).join(' / ')})`}\n`);
  }
  const done = rows.filter((r) => !r.failed);
  const fit = (key, k) => (done.length >= 2 ? fitPowerLaw(done.map((r) => r.n), done.map((r) => r[key][k])) : null);
  const clockFits = [fit('medianMs', 0), fit('medianMs', 1)], cpuFits = [fit('medianCpuMs', 0), fit('medianCpuMs', 1)];
  results.tables.scaling = { rows, exponents: { clock: clockFits.map((f) => f?.exponent ?? null), cpu: cpuFits.map((f) => f?.exponent ?? null) } };
  // nothing fell through the floor: the lowest box centre at the end (a box's rests at 0.2 m or more)
  const FLOOR_TOLERANCE = 0.05;
  const fellThrough = (e) => !(e.lowest >= -FLOOR_TOLERANCE);
  const rapierVersion = done[0]?.versions[1] ?? '';
  const window = `${warmup}-${warmup + 10 * blocks}`;
  if (!quick && done.length >= 2) {
    const svg = logLogPlot({
      title: 'Falling boxes (FALLBOX-n-WIDE): ms per step against body count',
      subtitle: `both engines at their defaults, sleeping off; median ms per step over steps ${window} (the settling pile)`,
      xLabel: 'boxes (n), log scale',
      yLabel: 'median ms per step, log scale',
      series: [
        { name: `sinew, CPU time: ∝ n^{${fmt(cpuFits[0].exponent, 2)}}`, color: '#d6452b', marker: 'circle', points: done.map((r) => [r.n, r.medianCpuMs[0]]), fit: cpuFits[0] },
        { name: `Rapier ${rapierVersion}, CPU time: ∝ n^{${fmt(cpuFits[1].exponent, 2)}}`, color: '#2b6cd6', marker: 'square', points: done.map((r) => [r.n, r.medianCpuMs[1]]), fit: cpuFits[1] },
        { name: `sinew, clock: ∝ n^{${fmt(clockFits[0].exponent, 2)}}`, color: '#d6452b', marker: 'circle', hollow: true, points: done.map((r) => [r.n, r.medianMs[0]]), fit: null },
        { name: `Rapier, clock: ∝ n^{${fmt(clockFits[1].exponent, 2)}}`, color: '#2b6cd6', marker: 'square', hollow: true, points: done.map((r) => [r.n, r.medianMs[1]]), fit: null },
      ],
      reference: { name: '∝ n, for reference', exponent: 1 },
    });
    mkdirSync(`${root}docs/images`, { recursive: true });
    writeFileSync(`${root}docs/images/scaling.svg`, svg);
  }
  const count = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
  print('\n<!-- section:scaling -->');
  print('## Contacts: cost against body count, against Rapier');
  print(`\nFALLBOX-n-WIDE (bench/scenes.mjs): n boxes of 0.4-0.7 m (density 1000, turned at random, seeded) dropped in layers 1 m apart into a pen of four static walls that widens with n, round(√(n / 10)) m across, so that every n falls in about ten layers from up to 10-11 m and settles about 4-5 m deep (lib/scenes/contacts.ts fallingPile with \`side\`; the 10 x 10 m pen of FALLBOX-n would stack 8000 boxes in a column 26 m deep, dropped from up to 81 m). sinew and rapier3d ${rapierVersion} build it from the same description at their defaults, sleeping off as in the other contact benchmarks, both in one process for each n (bench/scaling.mjs): each is stepped through a warm-up of ${warmup} steps (${fmt(warmup / 60, 1)} s from the drop${quick ? '' : ': every layer has landed'}), then the two in turn in blocks of 10 steps, ${blocks} blocks each, so that the timed window is steps ${window} at every n: a pile costs most as it lands and less as it settles. The smaller counts are built and timed again over the same window (rounds: the same motion, both engines are deterministic), for more blocks where they are cheap${done.length > 0 ? `; at ${count(done.at(-1).n)} a block takes sinew ${fmt(done.at(-1).medianCpuMs[0] / 100, 1)} s of CPU` : ''}. The figures are the medians of the blocks' ms per step, by the clock and by the main thread's CPU time (/proc/thread-self/schedstat): on a machine busy with other work the clock also counts the time the thread waits for a core, and the CPU time is the engines' cost; on an idle machine the two are close. The exponents are the slopes of least-squares lines through (log n, log ms) at all ${done.length} counts; the local exponent is the slope from the count before. Fell through: the lowest box centre at the end of the run (step ${warmup + 10 * blocks}; a box resting on the ground has its centre at least 0.2 m up) below 0 − ${FLOOR_TOLERANCE} m; out: box centres beyond the walls' inner faces.`);
  if (done.length >= 2) {
    if (!quick) print('\n![ms per step against n, log-log: sinew and Rapier, CPU time with the fitted lines, and by the clock](docs/images/scaling.svg)');
    print(`\n**Exponents (time ∝ n^exponent, ${count(done[0].n)} to ${count(done.at(-1).n)} boxes), CPU time: sinew ${fmt(cpuFits[0].exponent, 2)}, Rapier ${fmt(cpuFits[1].exponent, 2)}**; by the clock: sinew ${fmt(clockFits[0].exponent, 2)}, Rapier ${fmt(clockFits[1].exponent, 2)}.`);
  }
  print('\n| n | pen m | blocks (rounds) | sinew CPU ms | Rapier CPU ms | sinew / Rapier, CPU | local exponent, CPU: sinew / Rapier | sinew ms (clock) | Rapier ms (clock) | sinew / Rapier, clock | lowest centre m: sinew / Rapier | fell through, out: sinew / Rapier |');
  print('|---|---|---|---|---|---|---|---|---|---|---|---|');
  rows.forEach((r, i) => {
    if (r.failed) {
      print(`| ${count(r.n)} | | ${r.blocks * r.rounds} (${r.rounds}) | failed: ${r.failed.slice(0, 80)} |${' |'.repeat(8)}`);
      return;
    }
    const before = i > 0 && !rows[i - 1].failed ? rows[i - 1] : null;
    const local = (k) => (before ? fmt(Math.log(r.medianCpuMs[k] / before.medianCpuMs[k]) / Math.log(r.n / before.n), 2) : '-');
    const [s, p] = r.ended;
    const fell = (e) => `${fellThrough(e) ? 'yes' : 'no'}, ${e.outside}`;
    print(`| ${[
      count(r.n), fmt(r.pen, 1), `${r.blocks * r.rounds} (${r.rounds})`,
      fmt(r.medianCpuMs[0]), fmt(r.medianCpuMs[1]), fmt(r.medianCpuMs[0] / r.medianCpuMs[1], 2), `${local(0)} / ${local(1)}`,
      fmt(r.medianMs[0]), fmt(r.medianMs[1]), fmt(r.medianMs[0] / r.medianMs[1], 2),
      `${fmt(s.lowest, 3)} / ${fmt(p.lowest, 3)}`, `${fell(s)} / ${fell(p)}`,
    ].join(' | ')} |`);
  });
  print('<!-- /section:scaling -->');
}

// The collision world against Rapier (bench/world.mjs), in a process of its own: both engines built from
// the same scene and stepped or queried in turn, so the ratios are of one run.
function runWorldSection() {
  const out = execFileSync(process.execPath, [`${here}world.mjs`, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
  const r = JSON.parse(out.trim().split('\n').pop());
  results.tables.world = r;
  const ratio = (a, b) => (b > 0 ? fmt(a / b, 2) : '-');
  const count = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
  print('\n<!-- section:world -->');
  print('## The collision world against Rapier');
  print(`\nsinew and Rapier 3D (rapier3d-compat ${r.rapierVersion}, WASM) in one process (bench/world.mjs): each measurement builds the same scene in both and steps or queries them in turn, in blocks of 10 steps or 100 queries after a warm-up, so that this VM's drift falls on both alike; the figures are the medians over the blocks, per step or per query, and the ratios sinew / Rapier (below 1: sinew is faster). Both engines at their defaults (sleeping on), gravity −9.81 y, dt 1/60, Rapier's colliders at sinew's density (1000 kg/m³).`);
  if (r.level.length > 0 || r.sleep !== null) {
    print('\n### A static level, and sleeping bodies: ms per step\n');
    print(`LEVEL-4000: ${count(4000)} static boxes, each its own static body, on a 64 x 63 grid 2 m apart with their centres at random heights between −0.5 and 0 m (seeded), 2 m square and 1 m thick so that they form a bumpy floor (1 m cubes 2 m apart leave 1 m gaps a 1 m ball falls through), and one ball of radius 0.5 m launched along a row at 3 m/s, rolling; relaunched (untimed) at the start of another row when it stops, leaves the floor or falls below it (the tiles' steps of up to 0.5 m trap it within seconds). LEVEL-4000-ONE: the same tiles as ${count(4000)} shapes of one static body in sinew, ${count(4000)} colliders on one fixed body in Rapier. SLEEP: ${r.sleep ? count(r.sleep.sleeping) : ''} boxes of 1 m resting on a ground box 1.5 m apart, stepped until every one sleeps (neither engine creates a body asleep), then ${r.sleep ? r.sleep.awake : ''} boxes dropped in a heap 170 m away that never sleep (\`canSleep: false\` in both, so the figure is not of a heap that fell asleep); against a world with the ground and those ${r.sleep ? r.sleep.awake : ''} alone. Its figure is (asleep + awake) / (awake alone): what the sleeping bodies cost (sinew's target ≤ 1.2).`);
    print('\n| scene | sinew ms | Rapier ms | sinew / Rapier | notes |');
    print('|---|---|---|---|---|');
    for (const l of r.level) {
      print(`| ${l.scene} | ${fmt(l.sinewMs)} | ${fmt(l.rapierMs)} | ${ratio(l.sinewMs, l.rapierMs)} | ball launched ${l.launches[0]} / ${l.launches[1]} times, rolled ${fmt(l.distance[0], 0)} / ${fmt(l.distance[1], 0)} m (sinew / Rapier) |`);
    }
    if (r.sleep !== null) {
      const { sleeping, awake, sinew, rapier } = r.sleep;
      print(`| SLEEP-${sleeping}: ${count(sleeping)} asleep + ${awake} awake | ${fmt(sinew.full)} | ${fmt(rapier.full)} | ${ratio(sinew.full, rapier.full)} | all asleep after ${sinew.asleepAt} / ${rapier.asleepAt} steps; still asleep at the end ${sinew.stillAsleep} / ${rapier.stillAsleep} |`);
      print(`| SLEEP-${sleeping}: ${awake} awake alone | ${fmt(sinew.alone)} | ${fmt(rapier.alone)} | ${ratio(sinew.alone, rapier.alone)} | |`);
      print(`| SLEEP-${sleeping}: (asleep + awake) / awake alone | **${fmt(sinew.full / sinew.alone, 2)}** | **${fmt(rapier.full / rapier.alone, 2)}** | | sinew's target ≤ 1.2 |`);
    }
  }
  if (r.queries.length > 0) {
    print('\n### Scene queries: µs per query\n');
    print('Static worlds of 100, 1000 and 4000 boxes (each its own static body; centres uniform in a 100 m cube, sides 0.2-1 m, turned at random; seeded), 1000 queries from points uniform in the cube along uniform random directions, timed 100 to a block through the 1000 in turn. Ray: sinew `castRay(origin, direction, 50)`, Rapier `castRay(ray, 50, solid)`. Sphere cast: a 0.5 m sphere swept 20 m, sinew `castShape` (the same options object every call, so the shape is built once), Rapier `castShape` with a Ball. Box overlap: a 2 m cube, sinew `overlapShape`, Rapier `intersectionsWithShape`. Same answer: the nearest distances within 1 mm (or both none), for overlaps the same set of boxes; over all 1000 queries, and over those where either engine found something.');
    print('\n| boxes | query | sinew µs | Rapier µs | sinew / Rapier | same answer: all / where either hits | hits (overlaps) sinew / Rapier | largest distance gap m |');
    print('|---|---|---|---|---|---|---|---|');
    for (const q of r.queries) {
      for (const [key, label] of [['ray', 'ray, 50 m'], ['castShape', 'sphere cast, 20 m'], ['overlap', 'box overlap']]) {
        const e = q[key];
        const pct = (x) => `${(100 * x).toFixed(1)} %`;
        print(`| ${q.boxes} | ${label} | ${fmt(e.us[0])} | ${fmt(e.us[1])} | ${ratio(e.us[0], e.us[1])} | ${pct(e.agreement)} / ${pct(e.hitAgreement)} | ${e.hits[0]} / ${e.hits[1]} | ${e.worst === undefined ? '' : fmt(e.worst)} |`);
      }
    }
  }
  if (r.terrain.length > 0) {
    const t0 = r.terrain[0];
    print('\n### Terrain: ms per step\n');
    print(`${t0.bodies} bodies (spheres, boxes and capsules in turn, 0.4-1 m, turned at random; seeded) dropped from 3-6 m onto gentle hills (y = 2 sin(x/8) cos(z/10), 100 x 100 m), given as a 128 x 128 heightfield and as a mesh of 100 x 100 cells (20 000 triangles), ${t0.steps} steps from the drop in blocks of 10 (median, and mean over the run); sinew's rows only where it has the shape. Below: bodies whose centre ended below the terrain under it (none should); off: bodies that rolled off its edge. Surface error: the largest distance between the analytic terrain and where a ray straight down meets the engine's shape, over 100 points (the triangles' sag; a heightfield laid out wrongly would be off by metres).`);
    print('\n| terrain | sinew ms (mean) | Rapier ms (mean) | sinew / Rapier | below: sinew / Rapier | off the edge: sinew / Rapier | surface error m: sinew / Rapier |');
    print('|---|---|---|---|---|---|---|');
    for (const t of r.terrain) {
      const s = t.sinew, p = t.rapier;
      const label = `${t.terrain} (${count(t.triangles)} triangles)`;
      if (s.unsupported !== undefined) {
        print(`| ${label} | not supported yet | ${fmt(p.ms)} (${fmt(p.meanMs)}) | - | - / ${p.below} | - / ${p.off} | - / ${fmt(p.surfaceError)} |`);
      } else {
        print(`| ${label} | ${fmt(s.ms)} (${fmt(s.meanMs)}) | ${fmt(p.ms)} (${fmt(p.meanMs)}) | ${ratio(s.ms, p.ms)} | ${s.below} / ${p.below} | ${s.off} / ${p.off} | ${fmt(s.surfaceError)} / ${fmt(p.surfaceError)} |`);
      }
    }
  }
  print('<!-- /section:world -->');
}

// The bundle sizes (bench/bundle-size.mjs), in a process of their own: seconds, so quick mode runs them.
function runBundleSection() {
  const out = execFileSync(process.execPath, [`${here}bundle-size.mjs`, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
  const r = JSON.parse(out.trim().split('\n').pop());
  results.tables.bundle = r;
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  const version = (name) => JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, 'utf8')).version;
  print('\n<!-- section:bundle -->');
  print('## Bundle size');
  print(`\nWhat an app pays in download for the engine (bench/bundle-size.mjs; docs/bundle-size.md): the same small app bundled with rolldown ${r.rolldown} (\`minify: true\`) and compressed with gzip -9, against the built package (sinew through its \`exports\` map, as a user's bundler resolves it). The app: a static sphere of radius 20 m as the ground, ten spheres of 0.25 m hanging in a chain of ball joints, ten more dropped onto it, 60 steps, at each engine's defaults (sinew's: the direct solver, sleeping, contacts). ball-app builds it on World (every shape type, queries, continuous collision, the character controller, snapshots: all of it stays in the bundle); ball-core on a BasicWorld of spheres from 'sinew-physics/core'. cannon-es ${version('cannon-es')} is plain JavaScript; Rapier (@dimforge/rapier3d-compat ${version('@dimforge/rapier3d-compat')}) inlines its WASM as base64 in its JavaScript, so its figure is the whole engine as it bundles, most of it the WASM. KB = 1000 bytes.`);
  print('');
  print('| app | minified KB | gzip -9 KB |');
  print('|---|---|---|');
  for (const [name, app] of Object.entries(r.apps)) print(`| ${name}: ${app.title} | ${kb(app.minifiedBytes)} | ${kb(app.gzipBytes)} |`);
  const core = r.apps['ball-core'];
  if (core !== undefined) {
    print('\nThe largest modules of ball-core (each module\'s code as it stands in the bundle, minified and gzipped alone: a ranking; the sum is more than the bundle\'s gzip):\n');
    print('| module | gzip -9 KB |');
    print('|---|---|');
    for (const [id, bytes] of core.topModules) print(`| ${id} | ${kb(bytes)} |`);
  }
  print('<!-- /section:bundle -->');
}

// What each sweep of the contact solve buys (bench/sweeps.mjs): a grid of settings, timed against the
// defaults in one process per scene (bench/interleaved.mjs), and each setting's quality figures in a
// process of its own.
function runSweepsSection() {
  const node = (script, ...rest) => JSON.parse(execFileSync(process.execPath, [`${here}${script}`, ...rest, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS }).trim().split('\n').pop());
  const grid = node('sweeps.mjs', 'grid');
  const scenes = quick ? ['PYRAMID-10'] : ['PYRAMID-20', 'FALL-1000', 'PILE-10'];
  const timing = scenes.map((scene) => {
    const r = node('interleaved.mjs', JSON.stringify({ scene, settings: grid, blocks: quick ? 3 : scene.startsWith('FALL') ? 30 : 100, stepsPerBlock: 2 }));
    process.stderr.write(`  ${scene} sweeps interleaved: ${r.medianMs.map((t) => fmt(t)).join(' / ')} ms\n`);
    return r;
  });
  const quality = grid.map((settings, index) => {
    try {
      const r = node('sweeps.mjs', 'quality', String(index));
      process.stderr.write(`  sweeps quality ${JSON.stringify(settings)}: ${Object.entries(r).filter(([, v]) => v?.pass !== undefined).map(([k, v]) => `${k} ${v.pass ? 'pass' : 'fail'}`).join(', ')}\n`);
      return r;
    } catch (error) {
      return { settings, failed: String(error.stderr ?? error.message).trim().split('\n').slice(-1)[0] };
    }
  });
  results.tables.sweeps = { grid, timing, quality };
  const label = (s) => {
    const substeps = s.substeps ?? 4, contact = s.contactIterations ?? 1, relax = s.relaxIterations ?? 1;
    return `${substeps} x (${contact} + ${relax})${s.warmStarting === false ? ', no warm start' : ''}${Object.keys(s).length === 0 ? ' (defaults)' : ''}`;
  };
  const sweeps = (s) => (s.substeps ?? 4) * ((s.contactIterations ?? 1) + (s.relaxIterations ?? 1));
  const seconds = (step) => fmt(step / 60, 2);
  const verdict = (figure, text) => (figure === null || figure === undefined ? 'not run' : `${figure.pass ? 'pass' : '**fail**'}: ${text(figure)}`);
  const pyramidText = (p) => (p.fellAt > 0 ? `fell by ${seconds(p.fellAt)} s` : `${p.asleepAt > 0 ? `asleep at ${seconds(p.asleepAt)} s` : 'awake at 10 s'}; moved ${fmt(p.moved, 3)} m, ${fmt(p.outOfPlane, 3)} m out of plane`);
  print('\n<!-- section:sweeps -->');
  print('## What each sweep of the contact solve buys');
  print(`\nsinew at a grid of settings, written substeps x (contact sweeps + relax sweeps): each substep's biased sweeps of the contacts (\`contactIterations\`) and rigid relax sweeps (\`relaxIterations\`), warm started unless said; the defaults are 4 x (1 + 1), 8 contact sweeps a step. Every other setting at its default (the direct solver for the joints; restitution is applied once a step whatever the grid, the library has no setting for it). bench/sweeps.mjs has the method.`);
  print(`\n### Cost against the defaults, in one process\n`);
  print(`Each scene built once per setting in one process (bench/interleaved.mjs), sleeping off, each world stepped 120 steps at its setting (the pile lands, the heap settles), then all stepped in turn, 2 steps each, ${quick ? '3 times' : '100 times (FALL-1000: 30)'}: the median ms per step of those blocks, as a ratio to the defaults' (below 1: cheaper), and in brackets the ms. PYRAMID-20: 210 boxes; FALL-1000: 1000 boxes, spheres and capsules in a pen (its step is mostly finding contacts); PILE-10: ten ragdolls, 160 bodies. A setting that lets a pyramid fall is timed as it falls.\n`);
  print(`| setting | contact sweeps a step | ${scenes.join(' | ')} |`);
  print(`|---|---|${scenes.map(() => '---').join('|')}|`);
  grid.forEach((s, k) => {
    const cells = timing.map((r) => `${fmt(r.medianMs[k] / r.medianMs[0], 2)} (${fmt(r.medianMs[k], 2)})`);
    print(`| ${label(s)} | ${sweeps(s)} | ${cells.join(' | ')} |`);
  });
  print(`\n### Quality, by the reference tests' criteria\n`);
  print('Each figure from a fresh world at the setting (bench/sweeps.mjs). 20- and 40-row pyramids (tests/stacks-rest): sleeping on, 10 s; pass: asleep within 3 s, no box more than 0.003 m a row from where it was built nor 0.02 m out of its plane; fell: a box 0.5 m from its place. Stacks of 3, 5 and 10 boxes of 1 m (the same file): asleep within 2 s, the top within 1 cm of its column and at most 0.005 m a box low. The 1000-body falling pile (tests/falling-pile\'s criteria, 5 s from the drop, sleeping off): no centre closer to the ground than its shape\'s least half-size less 1 cm (sunk), none below 0 or past the walls, 95 % of the boxes below 1 cm/s at the end; its kinetic energy then. The 40-row pyramid and the pile run only where the 20-row pyramid passes. The breakable welded wall on its ground (tests/structures-at-rest, 600 steps, sleeping on): no weld broken or past 3000 N, top within 1 cm, at rest, the ground carrying its weight within 1 %. Restitution (tests/restitution): a ball of restitution 1 back to its 1 m drop within 1 % at 10 bounces, and at 0.5 and 0.8 (from 2 m) each bounce e² of the one before within 1 %: the largest error of each. Friction: a 1 m box (μ 0.6) launched at 5 m/s at 8 headings, its stopping distance over v²/(2 μ g) = 2.12 m (below 1: the substep\'s integration), and its largest distance from that deceleration integrated at the substep (pass: within 1 cm, tests/contact-symmetry\'s tolerance, sideways under 1 mm, turned under 0.001 rad).\n');
  print('| setting | 20-row pyramid | 40-row pyramid | stacks of 3, 5, 10 | 1000-body pile | welded wall | restitution | friction at 8 headings | all pass |');
  print('|---|---|---|---|---|---|---|---|---|');
  for (const q of quality) {
    if (q.failed) {
      print(`| ${label(q.settings)} | failed: ${q.failed.slice(0, 80)} ||||||||`);
      continue;
    }
    const checks = [q.pyramid20, q.pyramid40, q.stacks, q.pile, q.wall, q.restitution, q.friction];
    print(`| ${[
      label(q.settings),
      verdict(q.pyramid20, pyramidText),
      verdict(q.pyramid40, pyramidText),
      verdict(q.stacks, (s) => `asleep at ${s.figures.map((f) => (f.asleepAt > 0 ? seconds(f.asleepAt) : 'never')).join(', ')} s; tops ${s.figures.map((f) => fmt(f.low, 3)).join(', ')} m low`),
      verdict(q.pile, (p) => `sunk ${fmt(p.sunk, 4)} m, lowest ${fmt(p.lowest, 3)} m, ${fmt(100 * p.resting, 1)} % of boxes resting, ${fmt(p.kineticEnergy, 1)} J`),
      verdict(q.wall, (w) => `${w.broken} broken, ${fmt(w.kineticEnergy, 3)} J`),
      verdict(q.restitution, (r) => `e = 1, 0.5, 0.8: ${[1, 0.5, 0.8].map((e) => `${fmt(100 * r.errors[e], 2)}`).join(', ')} %`),
      verdict(q.friction, (f) => `${f.ratioMin.toFixed(3)}${f.ratioMax.toFixed(3) === f.ratioMin.toFixed(3) ? '' : `-${f.ratioMax.toFixed(3)}`} of v²/2μg; ${fmt(f.worstError, 4)} m off, ${fmt(f.sideways, 4)} m sideways, turned ${fmt(f.turn, 4)} rad`),
      q.pyramid20.pass && checks.every((c) => c === null || c.pass) ? 'yes' : 'no',
    ].join(' | ')} |`);
  }
  print('<!-- /section:sweeps -->');
}

// A World in a worker (bench/worker-world.mjs), in a process of its own: frames paced at 60 Hz on the wall
// clock, so it takes its time (about a minute a scene); quick mode runs the lighter scene briefly.
function runWorkerSection() {
  const out = execFileSync(process.execPath, [`${here}worker-world.mjs`, ...(quick ? ['--quick', '--only', 'MOVING-1000'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
  const r = JSON.parse(out.trim().split('\n').pop());
  results.tables.worker = r;
  const ms = (x) => fmt(x, 3);
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  const load = (l) => l.map((x) => x.toFixed(1)).join(' ');
  print('\n<!-- section:worker -->');
  print('## A World in a worker');
  print(`\n\`sinew-physics/worker\` (docs/worker.md) in node (bench/worker-world.mjs): the main thread and a worker_threads Worker. Frames are paced at 60 Hz on the wall clock, as requestAnimationFrame paces them; each frame queues ${r.commandsPerFrame} commands (angular impulses: the frame's input), calls \`advance(elapsed)\` (takes the newest poses, queues the steps due and posts them), and reads every dynamic body's interpolated pose into a Float32Array with \`getInterpolatedPoses\` (what an InstancedMesh is given); performance.now around that work, over ${r.worker[0]?.frames ?? 0} frames after a warm-up; busy: the main thread's event loop utilization over those frames (its active time, the messages it handles between frames and the pacing's timers included), per frame. MOVING-1000: 1000 spheres in zero gravity, all moving and turning, none touching, sleeping off. PILE-10: ten ragdolls in a heap (160 bodies), sleeping off, so the settled pile is solved every step. The machine is shared: its load average was ${load(r.loadAverage)} at the start and ${load(r.loadAverageAfter)} at the end on ${r.cores} cores, so a frame's wall time includes waits for a core (the worker's steps compete with the main thread for them); the reading alone is also given in CPU time, measured with the worker idle. Allocated: V8's sampling heap profiler over ${r.allocationFrames} frames after the timed ones, in the library's functions and in all (the pacing's timers and promises included).`);
  print('\n### The main thread\'s cost per frame\n');
  print('| scene | poses in | ms per frame: median / p95 / mean | busy ms per frame | reading the poses, ms (median) | reading, CPU ms: all at once / one body at a time | KB allocated per frame: library / all | young-generation GCs | worker ms per step (median) | steps queued ahead (mean) |');
  print('|---|---|---|---|---|---|---|---|---|---|');
  for (const w of r.worker) {
    print(`| ${w.scene} (${w.bodies} bodies) | ${w.mode} | ${ms(w.frameMs.median)} / ${ms(w.frameMs.p95)} / ${ms(w.frameMs.mean)} | ${ms(w.busyMs)} | ${ms(w.readMs.median)} | ${ms(w.readCpuMs.all)} / ${ms(w.readCpuMs.each)} | ${kb(w.allocated.libraryBytes)} / ${kb(w.allocated.allBytes)} | ${w.collections} in ${w.frames} frames | ${ms(w.workerStepMs)} | ${fmt(w.meanLagSteps, 2)} |`);
  }
  for (const m of r.mainThread) {
    print(`| ${m.scene} (${m.bodies} bodies) | World.advance on the main thread | ${ms(m.frameMs.median)} / ${ms(m.frameMs.p95)} / ${ms(m.frameMs.mean)} | ${ms(m.busyMs)} | ${ms(m.readMs.median)} (one body at a time) | | | | | |`);
  }
  print('\n### How long a command takes to show\n');
  print('A kinematic body teleported with `setPosition` at the start of a frame (input handled before the frame\'s `advance`), every 30th frame: frames until its drawn (interpolated) pose shows it, and ms from the call to that frame. Round trips without frames: a command then `await flush()` (it is applied and the poses that include it are in hand), and a step then `await flush()`. A worker slower than real time (PILE-10 here, whose steps took longer than a frame on this loaded machine) has up to `maxQueuedSteps` steps (5) queued ahead, and a command waits behind them.\n');
  print('| scene | poses in | frames from call to drawn: median / max | ms from call to drawn: median / max | command + flush, ms (median) | step + flush, ms (median) |');
  print('|---|---|---|---|---|---|');
  for (const w of r.worker) {
    const l = w.latency;
    print(`| ${w.scene} | ${w.mode} | ${fmt(l.framesMedian, 0)} / ${fmt(l.framesMax, 0)} | ${fmt(l.msMedian, 1)} / ${fmt(l.msMax, 1)} | ${ms(l.commandRoundTripMs)} | ${ms(l.stepRoundTripMs)} |`);
  }
  print('<!-- /section:worker -->');
}

// Powered ragdolls against limp ones (bench/powered-ragdoll.mjs), in a process of their own. Target: ≤ 1.5x.
function runPoweredSection() {
  const out = execFileSync(process.execPath, [`${here}powered-ragdoll.mjs`, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
  const r = JSON.parse(out.trim().split('\n').pop());
  results.tables.powered = r;
  print('\n<!-- section:powered -->');
  print('## Powered ragdolls');
  print(`\n${r.ragdolls} ragdolls standing on a plane, sleeping off: limp, and driven every step toward a walk cycle (\`driveToPose\`, a servo on each of the 15 joints, 300 N·m, the default spring), in one process, interleaved in blocks of 10 steps after 120 warm-up steps (bench/powered-ragdoll.mjs). Target: powered ≤ 1.5x limp. The servos' joints are the soft step's (the direct solver holds no joint with a servo), the limp ones the direct solver's.\n`);
  print('| ragdolls | limp ms per step | powered ms per step | powered / limp |');
  print('|---|---|---|---|');
  print(`| ${r.ragdolls} | ${fmt(r.limpMs, 3)} | ${fmt(r.poweredMs, 3)} | ${fmt(r.ratio, 2)}${r.ratio <= 1.5 ? '' : ' (**over 1.5**)'} |`);
  print('<!-- /section:powered -->');
}

// Ray-cast vehicles on the terrain against Rapier's (bench/vehicles.mjs), three runs each in a process of
// its own; the run with the median ratio is shown. Target: ≤ 1.0x.
function runVehiclesSection() {
  const runs = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const out = execFileSync(process.execPath, [`${here}vehicles.mjs`, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIME_LIMIT_MS });
    runs.push(JSON.parse(out.trim().split('\n').pop()));
  }
  runs.sort((a, b) => a.ratio - b.ratio);
  const r = runs[Math.floor(runs.length / 2)];
  results.tables.vehicles = r;
  const runsLabel = runs.length === 1 ? 'one run' : `the median of ${runs.length} runs by ratio (ratios ${runs.map((x) => fmt(x.ratio, 2)).join(', ')})`;
  print('\n<!-- section:vehicles -->');
  print('## Ray-cast vehicles');
  print(`\n${r.cars} ray-cast cars circling on the terrain of the world section (a 128 x 128 heightfield of hills ±2 m): sinew's \`VehicleController\` against Rapier ${r.rapierVersion}'s \`DynamicRayCastVehicleController\`, the same cars (800 kg box chassis colliding with the terrain and each other, four wheels of 30 000 N/m, friction slip 1.5; Rapier's stiffness and damping per chassis mass), each driving its rear wheels below 5 m/s with its front wheels turned 0.4 rad; each step every controller's update, then the world's step. One process, interleaved in blocks of 10 steps after 60 warm-up steps, ${r.steps} steps (bench/vehicles.mjs); ${runsLabel}. Target: sinew ≤ 1.0x. Beside the time: cars upright at the end, wheels touching over the run, mean forward speed at the end, chassis centres below the terrain, and the mean suspension compression after the first second (m g / 4k = ${fmt(100 * r.expectedSag, 2)} cm on the level).\n`);
  print('| engine | ms per step (median) | mean ms | upright | below | wheels touching | speed m/s | sag cm |');
  print('|---|---|---|---|---|---|---|---|');
  for (const [name, e] of [['sinew', r.sinew], ['Rapier', r.rapier]]) {
    print(`| ${name} | ${fmt(e.ms, 3)} | ${fmt(e.meanMs, 3)} | ${e.upright} of ${r.cars} | ${e.below} | ${fmt(100 * e.touchingFraction, 1)} % | ${fmt(e.meanSpeed, 2)} | ${fmt(100 * e.sagAfterWarmUp, 2)} |`);
  }
  print(`\nsinew / Rapier: **${fmt(r.ratio, 2)}**${r.ratio <= 1 ? '' : ' (over 1.0)'}.`);
  print('<!-- /section:vehicles -->');
}

function contactTable(title, rows, columns) {
  const header = ['engine', 'settings', 'mean ms', 'median ms', 'p95 ms', 'kinetic energy J', 'moved in last s m', 'lowest centre m: run / end', ...columns.map(([name]) => name), 'exploded'];
  tableHead(title, header);
  for (const r of rows) {
    const engine = engineLabel(r);
    if (r.failed) {
      print(`| ${engine} | ${settingsLabel(r)} | failed: ${r.failed.slice(0, 80)} |${header.slice(3).map(() => '').join('|')}|`);
      continue;
    }
    print(`| ${[
      engine, settingsLabel(r), fmt(r.meanMs), fmt(r.medianMs), fmt(r.p95Ms), fmt(r.kineticEnergy, 4), fmt(r.lastSecondMove, 4), `${fmt(r.lowest, 4)} / ${fmt(r.finalLowest, 4)}`,
      ...columns.map(([, value]) => value(r)), r.exploded ? `at step ${r.explodedAt}` : 'no',
    ].join(' | ')} |`);
  }
}

function writeBenchmarks() {
  const file = `${root}BENCHMARKS.md`;
  const marker = '<!-- analysis: everything below this line is kept by bench/run.mjs -->';
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (onlySection !== null) {
    // replace (or insert before the analysis) just this section
    const open = `<!-- section:${onlySection} -->`, close = `<!-- /section:${onlySection} -->`;
    const block = lines.join('\n').trim();
    // a section not there yet goes before the first later section that is, or else before the analysis
    const later = SECTIONS.slice(SECTIONS.indexOf(onlySection) + 1).map((name) => `<!-- section:${name} -->`).find((m) => previous.includes(m)) ?? marker;
    const next = previous.includes(open)
      ? previous.slice(0, previous.indexOf(open)) + block + previous.slice(previous.indexOf(close) + close.length)
      : previous.replace(later, `${block}\n\n${later}`);
    writeFileSync(file, next);
    return;
  }
  const analysis = previous.includes(marker) ? previous.slice(previous.indexOf(marker)) : `${marker}\n\n## Method, and the other harnesses\n\n(how the peers are set up, and the harnesses outside npm run bench)\n`;
  const m = results.machine;
  const versions = [...new Set([...rows3d, ...twoD, ...contactRows].filter((r) => r.version && r.version !== 'this commit').map((r) => `${r.engine} ${r.version}`))].sort();
  const head = [
    '# Benchmarks',
    '',
    `Generated by \`npm run bench\` on ${m.date.slice(0, 10)}: ${m.cpu}, ${m.cores} cores, node ${m.node}, ${m.platform}.`,
    `Peers: ${versions.join(', ')}. Every engine runs each scene in a fresh process, built from the same scene`,
    'description (lib/scenes), with the same masses and inertias (and no collisions, except in the contacts section); errors are',
    'measured from body poses by the same code (bench/metrics.mjs). Timing here drifts by up to 2x between runs: compare within one run.',
    '',
  ];
  writeFileSync(file, `${head.join('\n')}${lines.join('\n')}\n\n${analysis}`);
}

// Sanity for CI: the benchmark ran, and our library did not explode on the scenes it should hold.
const broken = [...rows3d, ...contactRows].filter((r) => r.engine === 'sinew' && (r.failed || r.exploded) && !r.scene.startsWith('S2-40x1000'));
if (broken.length > 0) {
  console.error(`bench: sinew failed or exploded on ${broken.map((r) => r.scene).join(', ')}`);
  process.exit(1);
}
