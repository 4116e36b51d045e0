// Level data at its extremes, timed by hand (not part of `npm run bench`): how long hostile or huge
// meshes and heightfields take to build, and how long a step takes with bodies on them.
//   node --expose-gc bench/level-data.mjs [case …]   the built library (npm run build:lib first)
//   SINEW_LIB=/path/to/build node --expose-gc bench/level-data.mjs
// Each case runs twice and prints the second run (the first compiles the code): its build time and
// memory, the slowest and the mean step (over the steps after the first 60, by which the bodies have
// landed; the spiky field's from the first, as its bodies slide off it), the lowest body's centre (the
// surface is at y = 0: a body that fell through has a negative one) and, when the library counts them
// (collision/mesh-pairs.ts meshPairCounters), the most triangles collided in one step. The bodies are
// kept awake. Cases (names to run some only: duplicates, stacked, spiky, fine, mesh, field):
//   duplicates    a 20 x 20 m floor of 2 triangles given 10⁵ times each (2·10⁵ triangles), 5 bodies
//   stacked       the same floor 10⁴ times, each copy 1e-7 m above the last (not duplicates: 2·10⁴
//                 triangles in one place), 5 bodies
//   spiky         a 64 x 64 heightfield of the smallest cells (1e-6 m) with heights ±1e6 m, 5 bodies
//   fine field    a 2049 x 2049 flat heightfield of 4 mm cells (8 x 8 m), 5 bodies of 0.4-1 m
//   mesh 1e6      a mesh of 10⁶ triangles (500 x 1000 cells of gentle hills): build time and memory
//   field 4097²   a 4097 x 4097 heightfield of gentle hills: build time and memory

const lib = process.env.SINEW_LIB ?? new URL('../dist', import.meta.url).pathname;
const { World } = await import(`${lib}/index.js`);
let counters = null;
try {
  counters = (await import(`${lib}/collision/mesh-pairs.js`)).meshPairCounters ?? null;
} catch {
  counters = null;
}

function used() {
  if (typeof globalThis.gc === 'function') for (let i = 0; i < 3; i++) globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Steps not timed: the bodies fall and land. LEVEL_STEPS shortens the runs (the library before its
 * bounds took seconds a step on these levels). */
const WARM_UP = 60, STEPS = Number(process.env.LEVEL_STEPS ?? 180);

const BODIES = [
  { type: 'sphere', radius: 0.5 },
  { type: 'box', halfExtents: [0.4, 0.4, 0.4] },
  { type: 'capsule', radius: 0.3, halfHeight: 0.3 },
  { type: 'hull', points: [[0.4, 0, 0], [-0.4, 0, 0], [0, 0.4, 0], [0, -0.4, 0], [0, 0, 0.4], [0, 0, -0.4]] },
  { type: 'box', halfExtents: [0.3, 0.2, 0.5] },
];

function floor(copies, lift = 0) {
  const vertices = [], indices = [];
  for (let i = 0; i < copies; i++) {
    const y = i * lift, base = vertices.length / 3;
    vertices.push(-10, y, -10, -10, y, 10, 10, y, 10, 10, y, -10);
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return lift === 0 ? { type: 'trimesh', vertices: vertices.slice(0, 12), indices: indices.map((i) => i % 4) } : { type: 'trimesh', vertices, indices };
}

function hills(rows, columns, cell) {
  const heights = new Float64Array(rows * columns);
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) heights[r * columns + c] = 2 * Math.sin((c * cell) / 8) * Math.cos((r * cell) / 10);
  return heights;
}

/** Runs the case twice, printing the second: the first compiles the code its contacts take (the first
 * steps on the spiky field took 260 ms with the code cold, 10-30 ms warm). */
function run(name, level, steps = STEPS, place = (i) => [-6 + 3 * i, 1.2, 0], warmUp = WARM_UP) {
  runOnce(name, level, steps, place, warmUp, false);
  runOnce(name, level, steps, place, warmUp, true);
}

/** Builds the level, drops the bodies on it and steps (timing the steps after `warmUp`); prints one line. */
function runOnce(name, level, steps, place, warmUp, print) {
  const world = new World();
  const before = used();
  const start = performance.now();
  let ground;
  try {
    ground = world.createBody({ type: 'static', shapes: [level] });
  } catch (error) {
    if (print) console.log(`${name.padEnd(12)} refused: ${error.message}`);
    return;
  }
  const built = performance.now() - start, memory = used() - before;
  const mesh = ground.shapes[0].mesh;
  // awake throughout (canSleep: false), so that every timed step collides them with the level
  const bodies = BODIES.map((shape, i) => world.createBody({ position: place(i), shapes: [shape], canSleep: false }));
  let worst = 0, total = 0, mostTriangles = 0;
  for (let i = 0; i < steps; i++) {
    const counted = counters === null ? 0 : counters.triangles;
    const t = performance.now();
    world.step(1 / 60);
    const took = performance.now() - t;
    if (counters !== null) mostTriangles = Math.max(mostTriangles, counters.triangles - counted);
    if (i < warmUp) continue;
    worst = Math.max(worst, took);
    total += took;
  }
  if (!print) return;
  const lowest = Math.min(...bodies.map((b) => b.position[1]));
  const finite = bodies.every((b) => [...b.position, ...b.linearVelocity].every(Number.isFinite));
  const kept = mesh.triangleCount, dropped = mesh.duplicateTriangles === undefined ? '' : `, ${mesh.duplicateTriangles} duplicates dropped`;
  console.log(
    `${name.padEnd(12)} build ${built.toFixed(0)} ms, ${(memory / 2 ** 20).toFixed(0)} MB, ${kept} triangles${dropped}; ` +
      `step worst ${worst.toFixed(2)} ms, mean ${(total / (steps - warmUp)).toFixed(2)} ms; lowest body y ${lowest.toFixed(3)}${finite ? '' : ' (NaN)'}` +
      (counters === null ? '' : `; at most ${mostTriangles} triangles a step`),
  );
}

/** Builds a level and prints its build time and memory only. */
function build(name, level) {
  const world = new World();
  const before = used();
  const start = performance.now();
  const ground = world.createBody({ type: 'static', shapes: [level] });
  const built = performance.now() - start, memory = used() - before;
  console.log(`${name.padEnd(12)} build ${built.toFixed(0)} ms, ${(memory / 2 ** 20).toFixed(0)} MB, ${ground.shapes[0].mesh.triangleCount} triangles`);
}

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);

if (wanted('duplicates')) {
  const level = floor(1), indices = [];
  for (let i = 0; i < 100_000; i++) indices.push(0, 1, 2, 0, 2, 3);
  run('duplicates', { type: 'trimesh', vertices: level.vertices, indices });
}
if (wanted('stacked')) run('stacked', floor(10_000, 1e-7));
if (wanted('spiky')) {
  const n = 64, heights = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) heights.push(((r + c) % 2 === 0 ? -1 : 1) * 1e6);
  // timed from the first step: the needles' sideways normals push the bodies off the 63 µm field within
  // a second or two, and then they touch nothing
  run('spiky', { type: 'heightfield', heights, rows: n, columns: n, size: [63e-6, 63e-6] }, 30, (i) => [0, 0.5 + 1.2 * i, 0], 0);
}
if (wanted('fine')) {
  const n = 2049;
  run('fine field', { type: 'heightfield', heights: new Float64Array(n * n), rows: n, columns: n, size: [8, 8] }, STEPS, (i) => [-3 + 1.5 * i, 0.8, 0]);
}
if (wanted('mesh')) {
  const columns = 1000, rows = 500, vertices = new Float64Array(3 * (rows + 1) * (columns + 1)), indices = new Int32Array(6 * rows * columns);
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= columns; c++) {
      const i = r * (columns + 1) + c, x = c * 0.2 - 100, z = r * 0.2 - 50;
      vertices[3 * i] = x; vertices[3 * i + 1] = 2 * Math.sin(x / 8) * Math.cos(z / 10); vertices[3 * i + 2] = z;
    }
  }
  for (let r = 0, k = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const p = r * (columns + 1) + c;
      indices.set([p, p + columns + 1, p + columns + 2, p, p + columns + 2, p + 1], k);
      k += 6;
    }
  }
  build('mesh 1e6', { type: 'trimesh', vertices, indices });
}
if (wanted('field')) {
  const n = 4097;
  build('field 4097²', { type: 'heightfield', heights: hills(n, n, 0.25), rows: n, columns: n, size: [1024, 1024] });
}
