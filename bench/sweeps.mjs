// What each sweep of the contact solve buys: the quality figures of sinew at a grid of substeps, contact
// sweeps (`contactIterations`), relax sweeps (`relaxIterations`) and warm starting, judged by the
// reference tests' own criteria. bench/run.mjs `--section sweeps` runs it, a process per setting, and
// times the same grid against the defaults with bench/interleaved.mjs.
//
//   node bench/sweeps.mjs grid [--quick]               the grid, as JSON
//   node bench/sweeps.mjs quality <index> [--quick]    the quality figures of grid[index]
//
// Each prints one JSON line.
//
// Each figure from a fresh world at the setting (and the world's other defaults), judged by
// the criteria of the test that holds it at the defaults:
//   pyramid-n      tests/stacks-rest.test.ts: asleep within 3 s (sleeping on), no box more than 0.003 m
//                  a row from where it was built, nor 0.02 m out of its plane; run 10 s (stopped once a
//                  box is a box's side, 0.5 m, from its place: fallen). The 40-row pyramid and the
//                  falling pile run only where the 20-row pyramid passes.
//   stacks         the same file: stacks of 3, 5 and 10 boxes of 1 m asleep within 2 s, the top within
//                  1 cm of its column and no lower than count − 0.5 − 0.005 count.
//   pile           tests/falling-pile.test.ts's criteria on the 1000-body pile (lib/scenes fallingPile;
//                  the test's has 200), 5 s from the drop, sleeping off: no centre closer to the ground
//                  than its shape's least half-size less 1 cm, none past the pen's walls (5.1 m), 95 %
//                  of the boxes below 1 cm/s at the end; and its lowest centre (≥ 0) and kinetic energy.
//   wall           tests/structures-at-rest.test.ts: the breakable welded wall on its ground (lib/scenes
//                  weldedWall, 169 welds of 3000 N), 600 steps, sleeping on: no weld breaks, none past
//                  3000 N, the top within 1 cm, kinetic energy under 1e-6 J, the ground carrying the
//                  weight within 1 %.
//   restitution    tests/restitution.test.ts: a ball of 0.25 m dropped 1 m onto a plane, both of
//                  restitution 1, returns to 1 m within 1 % at each of 10 bounces; at 0.5 and 0.8
//                  dropped 2 m, each bounce rises to e² of the one before within 1 %.
//   friction       a 1 m box (μ 0.6 on a plane of 0.6) resting 0.5 s, then launched at 5 m/s at 8
//                  headings, until it stops: its distance against v²/(2 μ g) (2.12 m) and against the
//                  same deceleration integrated at the substep, within 1 cm (the tolerance of
//                  tests/contact-symmetry.test.ts, Jolt's TestFriction), sideways under 1 mm and turned
//                  under 0.001 rad (the same file's box pushed straight).

import { boxPyramid, boxStack, buildScene, fallingPile, weldedWall } from '../dist/scenes/index.js';
import { World } from '../dist/index.js';
import { groundSupport } from './metrics.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const [mode, target] = args.filter((a) => a !== '--quick');

/** The settings measured. {} is the defaults: 4 substeps, each with 1 biased sweep of the contacts and
 * 1 relax sweep, warm started. */
const GRID = quick
  ? [{}, { substeps: 2, relaxIterations: 0 }]
  : [
      {},
      { relaxIterations: 0 },
      { contactIterations: 2 },
      { contactIterations: 2, relaxIterations: 0 },
      { substeps: 3 },
      { substeps: 3, relaxIterations: 0 },
      { substeps: 3, contactIterations: 2 },
      { substeps: 3, contactIterations: 2, relaxIterations: 0 },
      { substeps: 2 },
      { substeps: 2, relaxIterations: 0 },
      { substeps: 2, contactIterations: 2 },
      { substeps: 2, contactIterations: 2, relaxIterations: 0 },
      { warmStarting: false },
      { warmStarting: false, contactIterations: 2 },
    ];

const G = 9.81;
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const allAsleep = (world) => world.bodies.every((body) => !body.isDynamic || !body.isAwake);

/** A box pyramid of `rows` (lib/scenes boxPyramid) at the setting, sleeping on, up to 10 s. */
function pyramid(settings, rows) {
  const description = boxPyramid({ rows });
  const { world, bodies } = buildScene(description, settings);
  const start = description.bodies.map((b) => b.position);
  const largestMove = () => Math.max(...bodies.map((b, i) => distance(b.position, start[i])));
  let asleepAt = -1, fellAt = -1, steps = quick ? 60 : 600;
  for (let step = 1; step <= steps; step++) {
    world.step(description.dt);
    if (asleepAt < 0 && allAsleep(world)) asleepAt = step;
    if (step % 10 === 0 && largestMove() > 0.5) {
      fellAt = step;
      break;
    }
  }
  const moved = largestMove();
  const outOfPlane = Math.max(...bodies.map((b, i) => Math.abs(b.position[2] - start[i][2])));
  const pass = asleepAt > 0 && asleepAt <= 180 && fellAt < 0 && moved < 0.003 * rows && outOfPlane < 0.02;
  return { rows, asleepAt, fellAt, moved, outOfPlane, pass };
}

/** Stacks of 3, 5 and 10 boxes of 1 m (lib/scenes boxStack), sleeping on, 2 s. */
function stacks(settings) {
  const figures = [3, 5, 10].map((count) => {
    const { world, bodies } = buildScene(boxStack(count), settings);
    let asleepAt = -1;
    for (let step = 1; step <= 120 && asleepAt < 0; step++) {
      world.step(1 / 60);
      if (allAsleep(world)) asleepAt = step;
    }
    const top = bodies[count - 1].position;
    const aside = Math.abs(top[0]), low = count - 0.5 - top[1];
    return { count, asleepAt, aside, low, pass: asleepAt > 0 && aside < 0.01 && low < 0.005 * count };
  });
  return { figures, pass: figures.every((f) => f.pass) };
}

/** The falling pile of 1000 bodies (lib/scenes fallingPile), sleeping off, 5 s from the drop. */
function pile(settings) {
  const description = fallingPile({ count: 1000 });
  const { world, bodies } = buildScene(description, { ...settings, sleeping: false });
  const dynamic = [], thinnest = [], isBox = [];
  bodies.forEach((body, i) => {
    if (body.type !== 'dynamic') return;
    const shape = description.bodies[i].shape;
    dynamic.push(body);
    thinnest.push(shape.kind === 'box' ? Math.min(...shape.halfExtents) : shape.radius);
    isBox.push(shape.kind === 'box');
  });
  let sunk = -Infinity, lowest = Infinity, widest = 0;
  for (let step = 0; step < (quick ? 30 : 300); step++) {
    world.step(description.dt);
    dynamic.forEach((body, i) => {
      const p = body.position;
      sunk = Math.max(sunk, thinnest[i] - p[1]);
      lowest = Math.min(lowest, p[1]);
      widest = Math.max(widest, Math.abs(p[0]), Math.abs(p[2]));
    });
  }
  const boxSpeeds = dynamic.filter((_, i) => isBox[i]).map((body) => Math.hypot(...body.linearVelocity));
  const resting = boxSpeeds.filter((v) => v < 0.01).length / boxSpeeds.length;
  const kineticEnergy = dynamic.reduce((sum, body) => sum + body.getKineticEnergy(), 0);
  return { sunk, lowest, widest, resting, kineticEnergy, pass: sunk < 0.01 && lowest >= 0 && widest < 5.1 && resting >= 0.95 };
}

/** The breakable welded wall on its ground (lib/scenes weldedWall), sleeping on, 600 steps. */
function wall(settings) {
  const { world, bodies, joints } = buildScene(weldedWall(), settings);
  const highest = () => Math.max(...bodies.map((body) => body.position[1]));
  const top = highest();
  let largest = 0;
  for (let step = 0; step < (quick ? 60 : 600); step++) {
    world.step(1 / 60);
    for (const joint of joints) largest = Math.max(largest, joint.getForceMagnitude());
  }
  const broken = joints.filter((joint) => joint.broken).length;
  const kineticEnergy = bodies.reduce((sum, body) => sum + body.getKineticEnergy(), 0);
  const support = groundSupport(world, joints) / (bodies.reduce((sum, body) => sum + body.mass, 0) * G);
  const topMoved = Math.abs(highest() - top);
  return { broken, largest, topMoved, kineticEnergy, support, pass: broken === 0 && largest < 3000 && topMoved < 0.01 && kineticEnergy < 1e-6 && Math.abs(support - 1) < 0.01 };
}

/** A ball of radius 0.25 m and restitution e dropped `height` m onto a plane of the same restitution,
 * sleeping off: its lowest point's height at the top of each bounce (the first step past the top, plus
 * v²/2g). */
function bounceHeights(settings, e, height, bounces) {
  const world = new World({ ...settings, sleeping: false });
  world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: e }] });
  const r = 0.25;
  const ball = world.createBody({ position: [0, height + r, 0], shapes: [{ type: 'sphere', radius: r, restitution: e }] });
  const tops = [];
  let rising = false;
  for (let i = 0; i < 40 * 60 && tops.length < bounces; i++) {
    world.step(1 / 60);
    const vy = ball.linearVelocity[1];
    if (vy > 0) rising = true;
    else if (rising) {
      tops.push(ball.position[1] - r + (vy * vy) / (2 * G));
      rising = false;
    }
  }
  return tops;
}

/** Restitution 1 from 1 m (10 bounces), and 0.5 and 0.8 from 2 m (each bounce against the one before,
 * while it meets the plane above the 1 m/s threshold): the largest relative error of each. */
function restitution(settings) {
  const elastic = bounceHeights(settings, 1, 1, 10);
  const errors = { 1: elastic.length < 10 ? Infinity : Math.max(...elastic.map((top) => Math.abs(top - 1))) };
  for (const e of [0.5, 0.8]) {
    const tops = bounceHeights(settings, e, 2, 4);
    let worst = tops.length < 3 ? Infinity : 0, previous = 2;
    for (const top of tops) {
      if (Math.sqrt(2 * G * previous) < 1) break;
      worst = Math.max(worst, Math.abs(top / previous - e * e) / (e * e));
      previous = top;
    }
    errors[e] = worst;
  }
  return { errors, pass: Object.values(errors).every((error) => error < 0.01) };
}

/** A 1 m box on a plane, μ 0.6 on both, launched at 5 m/s at 8 headings after resting 0.5 s. */
function friction(settings) {
  const mu = 0.6, v0 = 5, substeps = settings.substeps ?? 4, h = 1 / 60 / substeps;
  // the deceleration μ g integrated at the substep, as the step does: v falls by μ g h, then x += v h
  let reference = 0;
  for (let v = v0 - mu * G * h; v > 0; v -= mu * G * h) reference += v * h;
  const continuous = (v0 * v0) / (2 * mu * G);
  const figures = [];
  for (let k = 0; k < (quick ? 2 : 8); k++) {
    const heading = (k * Math.PI) / 4, along = [Math.cos(heading), 0, Math.sin(heading)];
    const world = new World({ ...settings, sleeping: false });
    world.createBody({ type: 'static', shapes: [{ type: 'plane', friction: mu }] });
    const box = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu }] });
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const start = Array.from(box.position);
    box.setLinearVelocity(along.map((x) => v0 * x));
    for (let i = 0; i < 180 && Math.hypot(...box.linearVelocity) > 1e-6; i++) world.step(1 / 60);
    const d = [0, 2].map((j) => box.position[j] - start[j]);
    const travelled = d[0] * along[0] + d[1] * along[2];
    const sideways = Math.abs(d[1] * along[0] - d[0] * along[2]);
    const q = box.orientation, turn = 2 * Math.asin(Math.min(1, Math.hypot(q[0], q[1], q[2])));
    figures.push({ travelled, sideways, turn });
  }
  const worstError = Math.max(...figures.map((f) => Math.abs(f.travelled - reference)));
  const ratio = figures.map((f) => f.travelled / continuous);
  const sideways = Math.max(...figures.map((f) => f.sideways)), turn = Math.max(...figures.map((f) => f.turn));
  return { continuous, reference, ratioMin: Math.min(...ratio), ratioMax: Math.max(...ratio), worstError, sideways, turn, pass: worstError < 0.01 && sideways < 1e-3 && turn < 1e-3 };
}

function quality(index) {
  const settings = GRID[index];
  const timed = (run) => {
    const start = performance.now();
    const result = run();
    return { ...result, seconds: (performance.now() - start) / 1000 };
  };
  const pyramid20 = timed(() => pyramid(settings, 20));
  return {
    settings,
    pyramid20,
    pyramid40: pyramid20.pass && !quick ? timed(() => pyramid(settings, 40)) : null,
    pile: pyramid20.pass ? timed(() => pile(settings)) : null,
    stacks: timed(() => stacks(settings)),
    wall: timed(() => wall(settings)),
    restitution: timed(() => restitution(settings)),
    friction: timed(() => friction(settings)),
  };
}

if (mode === 'grid') console.log(JSON.stringify(GRID));
else if (mode === 'quality') console.log(JSON.stringify(quality(Number(target))));
else throw new Error('bench/sweeps.mjs: grid | quality <index> [--quick]');
