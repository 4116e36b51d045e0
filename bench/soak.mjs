// npm run soak: every viewer scene under both joint solvers for a simulated hour each (fast-forwarded: the
// viewer's fixed 1/60 s step with its scene hooks and its removal of bodies fallen 40 m below the ground,
// no drawing), then a 2D wheel at the angular speed cap for 24 simulated hours, then 10 000 cycles of
// adding and removing bodies and joints in 3D and in 2D. Prints per scene whether anything went NaN, the
// energy at the start and the end (passive scenes: those without motors, kinematic bodies or a scene hook
// that drives them, must not gain more than lifting every body 1 cm), the lowest body against the ground,
// how many bodies sank under it, and steps per second; the exit code is 1 when a check fails.
//
//   npm run soak                       all of it, 1 simulated hour per scene and solver (hours of wall time)
//   npm run soak -- --hours 0.05       shorter
//   npm run soak -- --scene pyramid    one scene (repeat --scene for more); --no-wheel, --no-memory,
//                                      --no-scenes skip parts; --wheel-hours 24, --cycles 10000
//
// The viewer's scenes are TypeScript (viewer/scenes): `npm run soak` compiles them with
// bench/tsconfig.soak.json into bench/out/soak, whose lib/ is then a link to dist/, so the scenes run on
// the built library like everything else here (run `npm run build:lib` first; the npm script does).

import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const HOURS = Number(option('hours', 1));
const WHEEL_HOURS = Number(option('wheel-hours', 24));
const CYCLES = Number(option('cycles', 10_000));
const ONLY = args.flatMap((a, i) => (a === '--scene' ? [args[i + 1]] : []));
const SKIP = new Set(args.filter((a) => a.startsWith('--no-')).map((a) => a.slice(5)));

if (!existsSync(join(root, 'dist/index.js'))) throw new Error('soak: dist/ is missing; run npm run build:lib first');
if (typeof globalThis.gc !== 'function') throw new Error('soak: run node with --expose-gc (npm run soak does)');

// the viewer's scenes, compiled, with lib/ pointing at dist/
const out = join(here, 'out/soak');
if (!SKIP.has('scenes')) {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(here, 'tsconfig.soak.json')], { stdio: 'inherit' });
  rmSync(join(out, 'lib'), { recursive: true, force: true });
  symlinkSync(relative(out, join(root, 'dist')), join(out, 'lib'), 'dir');
}

const { World } = await import('../dist/index.js');
const { World2D } = await import('../dist/2d/index.js');

let failed = false;
const fail = (what) => {
  failed = true;
  console.log(`  FAIL ${what}`);
};
const fmt = (x, digits = 3) => (Number.isFinite(x) ? (Math.abs(x) >= 1e5 || (Math.abs(x) < 1e-3 && x !== 0) ? x.toExponential(2) : x.toFixed(digits)) : String(x));

// ---- scenes ----

function finite3(body) {
  const arrays = [body.position, body.orientation, body.linearVelocity, body.angularVelocity];
  return arrays.every((a) => a.every(Number.isFinite));
}

/** Kinetic plus gravitational energy of one dynamic body (as World.getEnergy sums it), J. */
function bodyEnergy(world, body) {
  if (!body.isDynamic) return 0;
  const g = world.gravity, x = body.position;
  return body.getKineticEnergy() - body.mass * body.gravityScale * (g[0] * x[0] + g[1] * x[1] + g[2] * x[2]);
}

/** The ground of a scene: the lowest point of its static planes, heightfields and meshes, or null. */
function groundLevel(world) {
  let level = Infinity;
  for (const body of world.bodies) {
    if (body.type !== 'static') continue;
    for (const shape of body.shapes) {
      if (shape.type === 'plane' && Math.abs(shape.normal[1]) > 0.99) level = Math.min(level, body.position[1] + shape.offset * Math.sign(shape.normal[1]));
      else if ((shape.type === 'trimesh' || shape.type === 'heightfield') && shape.mesh) level = Math.min(level, body.position[1] + shape.position[1] + shape.mesh.bounds[1]);
    }
  }
  return Number.isFinite(level) ? level : null;
}

/** Bodies more than 0.25 m below the ground with ground above them (not under a hole): sunk through it. */
function sunk(world, level) {
  let count = 0;
  const up = [0, 1, 0];
  const options = { predicate: (b) => b.type === 'static' };
  for (const body of world.bodies) {
    if (!body.isDynamic || !(body.position[1] < level - 0.25)) continue;
    if (world.castRay(body.position, up, 1e4, options) !== null) count++;
  }
  return count;
}

/** No motor or servo, no kinematic body, no scene hook that moves things: energy can only be lost. */
function isPassive(scene, world) {
  if (scene.beforeStep) return false;
  if (world.bodies.some((b) => b.type === 'kinematic')) return false;
  return !world.joints.some((j) => 'motorMode' in j && j.motorMode !== 'off');
}

async function soakScenes() {
  const { SCENES } = await import('./out/soak/viewer/scenes/index.js');
  const { SceneRunner, defaultSettings, FIXED_STEP } = await import('./out/soak/viewer/simulation.js');
  const steps = Math.round((HOURS * 3600) / FIXED_STEP);
  const checkEvery = 3600; // a minute of simulated time
  console.log(`\n== scenes: ${HOURS} simulated hour(s) each (${steps} steps of 1/60 s), both solvers ==`);
  console.log('scene, solver | passive | energy start -> end J (largest) | lowest y / ground y, sunk | removed | NaN | steps/s | wall s');
  const results = [];
  for (const scene of SCENES) {
    if (ONLY.length > 0 && !ONLY.includes(scene.name)) continue;
    // a side-by-side scene runs both solvers at once, whatever the setting
    for (const solver of scene.solverComparison ? ['both'] : ['iterative', 'direct']) {
      const params = Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value]));
      const settings = { ...defaultSettings(scene), ...(solver === 'both' ? {} : { solver }) };
      const runner = new SceneRunner(scene, params, settings);
      const runs = runner.runs.map((run) => ({ world: run.live.world, live: run.live, removedEnergy: 0, removed: 0 }));
      const passive = runs.every((r) => isPassive(scene, r.world));
      const energy = (r) => r.world.getEnergy() + r.removedEnergy;
      const start = runs.map(energy);
      const lift = runs.map((r) => r.world.bodies.reduce((sum, b) => sum + (b.isDynamic ? b.mass * 9.81 * 0.01 : 0), 0));
      const largest = [...start];
      const level = groundLevel(runs[0].world);
      let lowest = Infinity, sinking = 0, nan = null, done = 0;
      const floor = scene.groundY - 40;
      const began = performance.now();
      for (let step = 1; step <= steps && nan === null; step++) {
        done = step;
        for (const r of runs) {
          scene.beforeStep?.(r.live);
          r.world.step(FIXED_STEP);
          scene.afterStep?.(r.live);
          // as SceneRunner.step: bodies fallen 40 m below the ground go (their energy kept in the sum)
          for (let i = r.world.bodies.length - 1; i >= 0; i--) {
            const body = r.world.bodies[i];
            if (body.position[1] < floor) {
              r.removedEnergy += bodyEnergy(r.world, body);
              r.world.removeBody(body);
              r.removed++;
            }
          }
        }
        if (step % checkEvery === 0 || step === steps) {
          runs.forEach((r, k) => {
            for (const body of r.world.bodies) if (nan === null && !finite3(body)) nan = `body ${body.id} at step ${step}`;
            largest[k] = Math.max(largest[k], energy(r));
            for (const body of r.world.bodies) if (body.isDynamic) lowest = Math.min(lowest, body.position[1]);
            if (level !== null) sinking = Math.max(sinking, sunk(r.world, level));
          });
        }
      }
      const seconds = (performance.now() - began) / 1000;
      const end = runs.map(energy);
      const label = `${scene.name}, ${solver}`;
      const row = {
        scene: scene.name, solver, passive, start: start[0], end: end[0], largest: largest[0], lowest, ground: level, sunk: sinking,
        removed: runs[0].removed, nan, stepsPerSecond: done / seconds, seconds,
      };
      results.push(row);
      console.log(`${label} | ${passive ? 'yes' : 'no'} | ${fmt(start[0], 1)} -> ${fmt(end[0], 1)} (${fmt(largest[0], 1)}) | ${fmt(lowest, 2)} / ${level === null ? 'none' : fmt(level, 2)}, ${sinking} | ${runs[0].removed} | ${nan ?? 'none'} | ${Math.round(done / seconds)} | ${seconds.toFixed(0)}`);
      if (nan !== null) fail(`${label}: a non-finite state (${nan})`);
      if (passive) {
        runs.forEach((r, k) => {
          if (!(end[k] <= start[k] + lift[k])) fail(`${label}: a passive scene gained energy: ${fmt(start[k], 3)} J -> ${fmt(end[k], 3)} J (allowed: ${fmt(lift[k], 3)} J, every body lifted 1 cm)`);
        });
      }
      if (sinking > 0) fail(`${label}: ${sinking} bodies sank more than 0.25 m under the ground`);
    }
  }
  return results;
}

// ---- the 2D wheel at the speed cap ----

/**
 * A 1 m wheel (5 kg) on a pin at its centre, driven by a motor at the world's angular speed cap (200 rad/s
 * by default) for `hours`, a 0.1 kg weight welded to its rim. The angle grows by 200 rad a second (1.7e7
 * rad a day). What must not drift: the state stays finite, the rotation the step uses (cos, sin) stays
 * the angle's, the joints' gaps and the weld's angle error stay what they were after the first minute,
 * and the wheel keeps its speed.
 */
function soakWheel(hours) {
  const world = new World2D({ gravity: [0, -9.81], sleeping: false });
  const cap = world.maxAngularSpeed;
  const wheel = world.createBody({ position: [0, 0], mass: 5, inertia: 5 * 0.5 * 0.5 / 2 });
  world.createRevoluteJoint({ bodyA: world.ground, bodyB: wheel, anchor: [0, 0], motor: { speed: cap, maxForce: 1e4 } });
  const weight = world.createBody({ position: [0.5, 0], mass: 0.1, inertia: 1e-4 });
  world.createWeldJoint({ bodyA: wheel, bodyB: weight, anchor: [0.5, 0] });
  const steps = Math.round((hours * 3600) * 60);
  const minute = 3600;
  console.log(`\n== 2D wheel at the angular speed cap (${cap} rad/s): ${hours} simulated hour(s), ${steps} steps ==`);
  let firstGap = NaN, firstAngular = NaN, worstGap = 0, worstAngular = 0, worstRotation = 0, slowest = Infinity, fastest = 0, nan = null, done = 0;
  const began = performance.now();
  const report = Math.max(minute, Math.round(steps / 8));
  for (let step = 1; step <= steps && nan === null; step++) {
    world.step(1 / 60);
    done = step;
    if (step % 600 === 0 || step === steps) {
      for (const body of world.bodies) {
        if (![...body.position, body.angle, ...body.linearVelocity, body.angularVelocity].every(Number.isFinite)) nan = `body ${body.id} at step ${step}`;
      }
      const gap = world.getMaxLinearError(), angular = world.getMaxAngularError();
      if (step === minute || (Number.isNaN(firstGap) && step === steps)) { firstGap = gap; firstAngular = angular; }
      worstGap = Math.max(worstGap, gap);
      worstAngular = Math.max(worstAngular, angular);
      worstRotation = Math.max(worstRotation, Math.abs(Math.cos(wheel.angle) - wheel.rotation[0]), Math.abs(Math.sin(wheel.angle) - wheel.rotation[1]));
      if (step >= minute) { slowest = Math.min(slowest, Math.abs(wheel.angularVelocity)); fastest = Math.max(fastest, Math.abs(wheel.angularVelocity)); }
    }
    if (step % report === 0) {
      console.log(`  ${(step / 216000).toFixed(2).padStart(6)} h: angle ${fmt(wheel.angle, 1)} rad, speed ${fmt(wheel.angularVelocity, 3)} rad/s, largest gap ${fmt(world.getMaxLinearError())} m, weld angle error ${fmt(world.getMaxAngularError())} rad`);
    }
  }
  const seconds = (performance.now() - began) / 1000;
  console.log(`  angle ${fmt(wheel.angle, 1)} rad; joint gap ${fmt(firstGap)} m after a minute, at most ${fmt(worstGap)} m; angle error ${fmt(firstAngular)} rad after a minute, at most ${fmt(worstAngular)} rad; |cos θ − R₀|, |sin θ − R₁| up to ${fmt(worstRotation)}; speed ${fmt(slowest)} to ${fmt(fastest)} rad/s; ${done} steps (${fmt(done / 216000, 2)} h), ${Math.round(done / seconds)} steps/s, ${seconds.toFixed(0)} s`);
  if (nan !== null) fail(`wheel: a non-finite state (${nan}, ${fmt(done / 216000, 2)} simulated hours in, the angle near ${fmt(cap * done / 60, 0)} rad)`);
  if (!(worstGap <= 1.5 * firstGap + 1e-3)) fail(`wheel: a joint's gap grew from ${fmt(firstGap)} m to ${fmt(worstGap)} m`);
  if (!(worstAngular <= 1.5 * firstAngular + 1e-3)) fail(`wheel: the weld's angle error grew from ${fmt(firstAngular)} to ${fmt(worstAngular)} rad`);
  if (!(worstRotation < 1e-6)) fail(`wheel: the angle and the rotation disagree by ${fmt(worstRotation)}`);
  if (!(slowest > 0.95 * cap && fastest < 1.05 * cap)) fail(`wheel: its speed went from ${fmt(slowest)} to ${fmt(fastest)} rad/s (cap ${cap})`);
  return { angle: wheel.angle, firstGap, worstGap, firstAngular, worstAngular, worstRotation, slowest, fastest, seconds, stepsPerSecond: done / seconds };
}

// ---- memory across add/remove cycles ----

function memory() {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** `cycles` times: a body (with a shape in 3D) and a joint to a kept body, a step, then both removed. */
function soakMemory(dim, cycles) {
  const world = dim === 3 ? new World() : new World2D();
  if (dim === 3) world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const kept = world.createBody(dim === 3 ? { position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] } : { position: [0, 2] });
  if (dim === 3) world.createBallJoint({ bodyA: kept, anchor: [0, 3, 0] });
  else world.createRevoluteJoint({ bodyA: kept, anchor: [0, 3] });
  const cycle = (i) => {
    const x = (i % 7) * 0.1;
    const body = dim === 3
      ? world.createBody({ position: [x, 0.4, 0], shapes: [i % 2 ? { type: 'sphere', radius: 0.3 } : { type: 'box', halfExtents: [0.3, 0.3, 0.3] }] })
      : world.createBody({ position: [x, 1] });
    const joint = dim === 3
      ? [
        () => world.createBallJoint({ bodyA: kept, bodyB: body, anchor: [x, 1, 0] }),
        () => world.createHingeJoint({ bodyA: kept, bodyB: body, anchor: [x, 1, 0], axis: [0, 0, 1] }),
        () => world.createWeldJoint({ bodyA: kept, bodyB: body, anchor: [x, 1, 0] }),
        () => world.createDistanceJoint({ bodyA: kept, bodyB: body, anchorA: [0, 2, 0], anchorB: [x, 0.4, 0] }),
      ][i % 4]()
      : [
        () => world.createRevoluteJoint({ bodyA: kept, bodyB: body, anchor: [x, 1.5] }),
        () => world.createWeldJoint({ bodyA: kept, bodyB: body, anchor: [x, 1.5] }),
        () => world.createAngleJoint({ bodyA: kept, bodyB: body }),
      ][i % 3]();
    world.step(1 / 60);
    if (i % 3 === 0) world.removeJoint(joint);
    world.removeBody(body); // (its joint with it, when still there)
  };
  // as many cycles again first: the stores reach their working size (the 3D world's heap grows by about
  // 0.9 MB over its first 10 000 cycles, then stays: 12.18 MB after 40 000 against 12.35 MB after 10 000)
  const warm = cycles;
  for (let i = 0; i < warm; i++) cycle(i);
  const before = memory();
  const began = performance.now();
  for (let i = warm; i < warm + cycles; i++) cycle(i);
  const after = memory();
  const perCycle = (after - before) / cycles;
  console.log(`  ${dim}D: heap + array buffers ${(before / 1e6).toFixed(2)} MB after ${warm} cycles, ${(after / 1e6).toFixed(2)} MB after ${warm + cycles} (${perCycle.toFixed(1)} bytes a cycle); ${world.bodies.length} bodies, ${world.joints.length} joints left; ${((performance.now() - began) / 1000).toFixed(1)} s`);
  // flat: less than 64 bytes a cycle (what garbage collection's timing leaves, not a leak of bodies of 1-2 KB)
  if (!(perCycle < 64)) fail(`${dim}D memory grows by ${perCycle.toFixed(0)} bytes per add/remove cycle`);
  return { dim, before, after, perCycle };
}

const wallStart = performance.now();
if (!SKIP.has('scenes')) await soakScenes();
if (!SKIP.has('wheel')) soakWheel(WHEEL_HOURS);
if (!SKIP.has('memory')) {
  console.log(`\n== memory: ${CYCLES} cycles of adding and removing a body and a joint (after gc) ==`);
  soakMemory(3, CYCLES);
  soakMemory(2, CYCLES);
}
console.log(`\nsoak: ${failed ? 'FAILED' : 'passed'} in ${((performance.now() - wallStart) / 1000).toFixed(0)} s wall time`);
if (failed) process.exitCode = 1;
