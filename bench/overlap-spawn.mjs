// Bodies created at one point (a game's spawn point), just above a static ground plane: how long the
// steps take, how much heap the world needs, and how soon no two bodies overlap by more than the slop
// (TOUCH_DISTANCE, Box2D's linear slop). The contact search keeps such a crowd's pairs within its bounds
// (lib/limits.ts MAX_CROWD_PAIRS_PER_SHAPE, MAX_PAIRS_PER_DYNAMIC_SHAPE, MAX_REFUSED_PAIRS_PER_SEARCH) and
// the contacts push the bodies apart at MAX_PUSH_SPEED at most; tests/overlap-spawn.test.ts holds the
// same scenes at 200-300 bodies to their work bounds and outcomes. Run by hand (npm run build:lib first):
//
//   node bench/overlap-spawn.mjs [count ...] [--shape=sphere|box] [--solver=direct|iterative]
//                                [--seconds=5] [--cold]
//
// Defaults: 1000 and 10 000 bodies, spheres and boxes, both solvers, 5 s at 60 Hz. Each case runs in a
// process of its own (a child of this one), after a warm-up of the same scene at up to 1000 bodies for
// 1 s, so that the figures are the step's and not the JIT's: an ordinary 1000-body scene's first step in
// a fresh process takes about 1 s, and code warmed on a smaller world only (whose shape keys, body id x
// 2²¹, all fit in a small integer) is deoptimized once when the keys outgrow it, 0.2 s over two or three
// steps. --cold leaves the warm-up out. SINEW_DIST names another build to measure. Step times are wall
// clock; on a machine shared with other work they vary by 2x from run to run.

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dist = process.env.SINEW_DIST ?? new URL('../dist', import.meta.url).pathname;
const SIZE = 0.25; // sphere radius, box half extent, m
const DT = 1 / 60;

if (process.env.OVERLAP_SPAWN_CASE !== undefined) {
  await runCase(JSON.parse(process.env.OVERLAP_SPAWN_CASE));
} else {
  const counts = args.filter((a) => !a.startsWith('--')).map(Number);
  const shapes = option('shape', '') ? [option('shape', '')] : ['sphere', 'box'];
  const solvers = option('solver', '') ? [option('solver', '')] : ['direct', 'iterative'];
  const seconds = Number(option('seconds', '5'));
  const cold = args.includes('--cold');
  console.log(`build: ${dist}; ${cold ? 'cold (no warm-up)' : 'after a warm-up of the same scene (at most 1000 bodies) for 1 s'}; ${seconds} s at 60 Hz`);
  console.log('| bodies | shape | solver | first step ms | longest step ms (step) | mean step ms | peak heap MB | most pairs | most contacts | pairs dropped (first step, all) | separated at s | overlap at end mm |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const count of counts.length > 0 ? counts : [1000, 10000]) {
    for (const shape of shapes) {
      for (const solver of solvers) {
        const row = await inChild({ count, shape, solver, seconds, cold });
        console.log(`| ${row.join(' | ')} |`);
      }
    }
  }
}

/** Runs one case in a child process and returns its row (or the way it failed). */
function inChild(spec) {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, OVERLAP_SPAWN_CASE: JSON.stringify(spec) }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let row = null, errors = '';
    child.on('message', (message) => { row = message; });
    child.stderr.on('data', (data) => { errors += data; });
    child.on('exit', (code, signal) => {
      if (row !== null) resolve(row);
      else resolve([spec.count, spec.shape, spec.solver, `failed (exit ${code ?? signal}): ${errors.split('\n').filter((l) => /heap|Error/.test(l))[0] ?? ''}`.trim()]);
    });
  });
}

async function runCase({ count, shape, solver, seconds, cold }) {
  const { World, TOUCH_DISTANCE } = await import(`${dist}/index.js`);
  const { collide } = await import(`${dist}/collision/narrowphase.js`);
  const { Manifold } = await import(`${dist}/collision/manifold.js`);
  const { ShapePose } = await import(`${dist}/collision/shape-pose.js`);
  const shapeOptions = shape === 'box' ? { type: 'box', halfExtents: [SIZE, SIZE, SIZE] } : { type: 'sphere', radius: SIZE };
  const reach = shape === 'box' ? SIZE * Math.sqrt(3) : SIZE; // the farthest a shape reaches from its centre

  const build = (n) => {
    const world = new World({ solver });
    world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }] });
    const bodies = [];
    for (let i = 0; i < n; i++) bodies.push(world.createBody({ position: [0, 2 * SIZE, 0], shapes: [shapeOptions] }));
    return { world, bodies };
  };

  const poseA = new ShapePose(), poseB = new ShapePose(), manifold = new Manifold();
  /** The deepest overlap of two bodies, m (0 when none overlap), or, with `stopAbove`, the first found past it. */
  const deepestOverlap = (bodies, stopAbove = Infinity) => {
    const cell = 2 * reach, cells = new Map();
    const keyOf = (x, y, z) => `${x},${y},${z}`;
    for (const body of bodies) {
      const p = body.position, key = keyOf(Math.floor(p[0] / cell), Math.floor(p[1] / cell), Math.floor(p[2] / cell));
      let list = cells.get(key);
      if (list === undefined) cells.set(key, (list = []));
      list.push(body);
    }
    let deepest = 0;
    for (const body of bodies) {
      const p = body.position, cx = Math.floor(p[0] / cell), cy = Math.floor(p[1] / cell), cz = Math.floor(p[2] / cell);
      poseA.set(body, body.shapes[0]);
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
        for (const other of cells.get(keyOf(cx + dx, cy + dy, cz + dz)) ?? []) {
          if (other.id <= body.id) continue;
          const q = other.position;
          if ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2 > (2 * reach) ** 2) continue;
          poseB.set(other, other.shapes[0]);
          collide(body.shapes[0], poseA, other.shapes[0], poseB, 0, manifold);
          for (let i = 0; i < manifold.count; i++) deepest = Math.max(deepest, -manifold.separations[i]);
          if (deepest > stopAbove) return deepest;
        }
      }
    }
    return deepest;
  };

  if (!cold) {
    const warm = build(Math.min(count, 1000));
    for (let i = 0; i < 60; i++) warm.world.step(DT);
  }
  const { world, bodies } = build(count);
  const set = world.contactSet; // (internal: the pair counts)
  const steps = Math.round(seconds / DT);
  let first = 0, longest = 0, longestAt = 0, total = 0, peakHeap = 0, mostPairs = 0, mostContacts = 0, droppedFirst = 0, droppedAll = 0;
  let separatedAt = -1;
  for (let step = 0; step < steps; step++) {
    const start = performance.now();
    world.step(DT);
    const ms = performance.now() - start;
    if (step === 0) { first = ms; droppedFirst = world.lastStepDroppedPairs; }
    if (ms > longest) { longest = ms; longestAt = step; }
    total += ms;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    mostPairs = Math.max(mostPairs, set.pairCount);
    mostContacts = Math.max(mostContacts, world.contacts.length);
    droppedAll += world.lastStepDroppedPairs;
    // every 0.1 s until the bodies are apart (an overlap past the slop ends a look early)
    if (separatedAt < 0 && (step + 1) % 6 === 0 && deepestOverlap(bodies, TOUCH_DISTANCE) <= TOUCH_DISTANCE) separatedAt = (step + 1) * DT;
  }
  const end = deepestOverlap(bodies);
  process.send([
    count, shape, solver, first.toFixed(1), `${longest.toFixed(1)} (${longestAt})`, (total / steps).toFixed(1), (peakHeap / 2 ** 20).toFixed(0),
    mostPairs, mostContacts, `${droppedFirst}, ${droppedAll}`, separatedAt < 0 ? `not in ${seconds} s` : separatedAt.toFixed(1), (1000 * end).toFixed(2),
  ]);
}
