// What a WorkerWorld (sinew-physics/worker) costs the main thread, and how long a command takes to show,
// in node (the main thread and a worker_threads Worker; a browser's main thread and Web Worker behave
// alike, at their own speeds). Frames are paced at 60 Hz on the wall clock, as requestAnimationFrame paces
// them; each frame does what a game's does: queues a few commands (the frame's input: 10 angular impulses),
// advance(elapsed) (takes the newest poses, queues the steps due, posts them), and reads every body's
// interpolated pose into a Float32Array (what an InstancedMesh is given) with getInterpolatedPoses. Timed
// with performance.now around that work, after a warm-up; the worker's steps run beside it.
//   MOVING-1000  1000 spheres in zero gravity, every one moving and turning, none touching (sleeping off):
//                what the main thread pays per body. Also stepped by World.advance on the main thread, for
//                what the worker takes off it.
//   PILE-10      ten ragdolls dropped in a heap (160 bodies): a step of several ms in the worker.
// Per frame: the main thread's ms (median, p95, mean) and, of it, the reading of the poses; its busy time
// a frame (event loop utilization: the messages it handles between frames too, and the pacing); the reading
// alone in CPU time with the worker idle (the wall time of a frame on a shared machine includes waiting for
// a core), all bodies at once and one body at a time; the main thread's young-generation collections
// over the timed frames, and the bytes it allocates per frame over 300 frames after them (V8's sampling
// heap profiler, in the library's functions and in all, the pacing's timers included). Latency: a
// kinematic body teleported with setPosition at the start of every 30th frame (input handled before the
// frame's advance), counted in frames until its drawn (interpolated) pose shows it and in ms from the call
// to that frame; and the round trip without frames (a command, or a step, then `await flush()`).
// bench/run.mjs runs it for `--section worker` and writes its section of BENCHMARKS.md.
//   node bench/worker-world.mjs [--quick] [--only MOVING-1000,PILE-10]   prints one JSON line

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { heapProfiler, watchMinorCollections } from './heap-watch.mjs';
import { World } from '../dist/index.js';
import { createWorkerWorld } from '../dist/worker/index.js';
import { addSceneToWorld, ragdollPile } from '../dist/scenes/index.js';
import { mulberry32 } from '../dist/math/random.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const FRAME_MS = 1000 / 60;
const WARM = quick ? 30 : 180;
const FRAMES = quick ? 120 : 900;
const ALLOCATION_FRAMES = quick ? 60 : 300;
const COMMANDS_PER_FRAME = 10;
const PROBE_EVERY = 30;
const ROUND_TRIPS = quick ? 20 : 200;

/** 1000 spheres on a 10 x 10 x 10 grid 1 m apart, all drifting the same way (none ever touch), each
 * turning at its own rate; gravity and sleeping off. */
function movingWorld() {
  const world = new World({ gravity: [0, 0, 0], sleeping: false });
  const random = mulberry32(7);
  for (let i = 0; i < 1000; i++) {
    world.createBody({
      position: [i % 10, Math.floor(i / 100), Math.floor(i / 10) % 10], linearVelocity: [0.3, 0.1, 0],
      angularVelocity: [6 * random() - 3, 6 * random() - 3, 6 * random() - 3], shapes: [{ type: 'sphere', radius: 0.1 }],
    });
  }
  return world;
}

function pileWorld() {
  // sleeping off: the settled pile is solved every step, as in the contacts section's figures
  const world = new World({ sleeping: false });
  addSceneToWorld(world, ragdollPile());
  return world;
}

const SCENES = { 'MOVING-1000': movingWorld, 'PILE-10': pileWorld };

const minor = watchMinorCollections();
const profiler = await heapProfiler();
const post = profiler.post;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const median = (values) => {
  const sorted = Float64Array.from(values).sort();
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values, p) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
/** The wall time since the last paced frame, s (paced sets it before each frame). */
let frameElapsed = 0;

/** Bytes allocated per frame over `run` (sampling heap profiler): in the library's functions, and in all. */
async function allocation(frames, run) {
  await post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await run();
  const { profile } = await post('HeapProfiler.stopSampling');
  let library = 0, all = 0;
  const sites = new Map();
  (function walk(node) {
    if (node.selfSize > 0) {
      all += node.selfSize;
      if (node.callFrame.url.includes('/dist/')) {
        library += node.selfSize;
        const site = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}`;
        sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
      }
    }
    for (const child of node.children ?? []) walk(child);
  })(profile.head);
  const top = [...sites].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([site, bytes]) => `${site} ${Math.round(bytes / frames)} B`);
  return { libraryBytes: library / frames, allBytes: all / frames, top };
}

/**
 * Frames paced at 60 Hz: `frame(elapsedSeconds, index)` is the frame's work, timed. Returns each frame's
 * ms and the ms of the part `frame` reports as reading (it returns that number).
 */
async function paced(count, frame) {
  const total = new Float64Array(count), reading = new Float64Array(count);
  const idle = performance.eventLoopUtilization();
  let last = performance.now(), next = last + FRAME_MS;
  for (let i = 0; i < count; i++) {
    await sleep(next - performance.now());
    next += FRAME_MS;
    const start = performance.now();
    const elapsed = (start - last) / 1000;
    last = start;
    frameElapsed = elapsed;
    reading[i] = frame(elapsed, i);
    total[i] = performance.now() - start;
  }
  // the main thread's busy time (event loop utilization: this thread's, whatever the worker does), the
  // messages it handled between frames included, and the pacing's timers
  return { total, reading, busyMs: performance.eventLoopUtilization(idle).active / count };
}

/** Every body's drawn pose into `out`, 7 floats each, one body at a time (getInterpolatedPosition and
 * getInterpolatedOrientation), or all at once (the world's getInterpolatedPoses). */
function readEach(bodies, out, position, orientation) {
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i];
    body.getInterpolatedPosition(position);
    body.getInterpolatedOrientation(orientation);
    const at = 7 * i;
    out[at] = position[0]; out[at + 1] = position[1]; out[at + 2] = position[2];
    out[at + 3] = orientation[0]; out[at + 4] = orientation[1]; out[at + 5] = orientation[2]; out[at + 6] = orientation[3];
  }
}

/** CPU ms per call of `read` (process.cpuUsage, which counts every thread: run with the worker idle),
 * over blocks of 200 calls after a warm-up; the median block. */
function cpuPerCall(read) {
  for (let i = 0; i < 2000; i++) read();
  const blocks = [];
  for (let b = 0; b < (quick ? 5 : 25); b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 200; i++) read();
    const used = process.cpuUsage(start);
    blocks.push((used.user + used.system) / 1000 / 200);
  }
  return median(blocks);
}

/** A WorkerWorld running `scene`, through WARM + FRAMES paced frames. */
async function measureWorker(name, sharedMemory) {
  const source = SCENES[name]();
  // the latency's probe: a kinematic body out of the way, which nothing pushes or holds (a ragdoll's limb
  // teleported away is pulled back by its joints)
  source.createBody({ type: 'kinematic', position: [0, -50, 0] });
  const world = await createWorkerWorld({ snapshot: source.snapshot(), sharedMemory, maxStepsPerFrame: 5 });
  const bodies = world.bodies.filter((body) => body.type === 'dynamic');
  const probe = world.bodies[world.bodies.length - 1];
  const out = new Float32Array(7 * bodies.length), position = new Float64Array(3), orientation = new Float64Array(4);
  const twist = [0, 0.001, 0];
  let nudged = 0;
  // the frame: the commands of the frame's input, advance, the poses read for drawing (reported apart)
  const frame = () => {
    for (let k = 0; k < COMMANDS_PER_FRAME; k++) bodies[nudged++ % bodies.length].applyAngularImpulse(twist);
    world.advance(frameElapsed);
    const start = performance.now();
    world.getInterpolatedPoses(out, bodies);
    return performance.now() - start;
  };
  await paced(WARM, frame);
  minor.reset();
  const timed = await paced(FRAMES, frame);
  await sleep(20);
  const collections = minor.count();
  // what the frames allocate once the JIT has settled (after the timed frames), sampled apart
  const allocated = await allocation(ALLOCATION_FRAMES, () => paced(ALLOCATION_FRAMES, frame));
  // latency: the probe teleported far away every PROBE_EVERY frames, as input handled at the start of a
  // frame is (before its advance), until its drawn pose is there
  const frames = [], ms = [];
  let call = null, lagSum = 0, lagFrames = 0;
  const stepMs = [];
  await paced(quick ? 120 : 600, (elapsed, i) => {
    if (call === null && i % PROBE_EVERY === 0) {
      const x = 1000 + i;
      probe.setPosition([x, 0, 0]);
      call = { x, frame: i, time: performance.now() };
    }
    world.advance(elapsed);
    lagSum += world.stepsSent - world.stepsDelivered;
    lagFrames++;
    if (world.workerStepMs > 0) stepMs.push(world.workerStepMs);
    if (call !== null && Math.abs(probe.getInterpolatedPosition(position)[0] - call.x) < 1) {
      frames.push(i - call.frame);
      ms.push(performance.now() - call.time);
      call = null;
    }
    return 0;
  });
  // the reading alone, in CPU time with the worker idle (wall time on a shared machine counts waits for
  // a core): all at once, and one body at a time
  await world.flush();
  const readCpuMs = { all: cpuPerCall(() => world.getInterpolatedPoses(out, bodies)), each: cpuPerCall(() => readEach(bodies, out, position, orientation)) };
  // round trips without frames: a command then flush; a step then flush
  const commandTrip = [], stepTrip = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    let start = performance.now();
    probe.setPosition([2000 + i, 0, 0]);
    await world.flush();
    commandTrip.push(performance.now() - start);
    start = performance.now();
    world.step();
    await world.flush();
    stepTrip.push(performance.now() - start);
  }
  world.terminate();
  return {
    scene: name, bodies: bodies.length, mode: sharedMemory ? 'SharedArrayBuffer' : 'transferred ArrayBuffers',
    frameMs: { median: median(timed.total), p95: percentile(timed.total, 0.95), mean: mean(timed.total) }, busyMs: timed.busyMs,
    readMs: { median: median(timed.reading), p95: percentile(timed.reading, 0.95) }, readCpuMs,
    allocated, collections, frames: FRAMES,
    workerStepMs: median(stepMs), meanLagSteps: lagSum / lagFrames,
    latency: {
      probes: frames.length, framesMedian: median(frames), framesMax: Math.max(...frames), msMedian: median(ms), msMax: Math.max(...ms),
      commandRoundTripMs: median(commandTrip), stepRoundTripMs: median(stepTrip),
    },
  };
}

/** The same scene stepped by World.advance on the main thread: the frame's ms there. */
async function measureMainThread(name) {
  const world = SCENES[name]();
  const bodies = world.bodies.filter((body) => body.isDynamic);
  const out = new Float32Array(7 * bodies.length), position = new Float64Array(3), orientation = new Float64Array(4);
  const frame = (elapsed) => {
    world.advance(elapsed);
    const start = performance.now();
    readEach(bodies, out, position, orientation);
    return performance.now() - start;
  };
  await paced(WARM, frame);
  const timed = await paced(FRAMES, frame);
  return {
    scene: name, bodies: bodies.length, frameMs: { median: median(timed.total), p95: percentile(timed.total, 0.95), mean: mean(timed.total) },
    busyMs: timed.busyMs, readMs: { median: median(timed.reading) },
  };
}

// Each measurement in a process of its own (as bench/run.mjs runs each engine), so that one does not
// leave the JIT's choices of another behind (code optimized for poses in shared memory meets transferred
// ones): the parent runs the cases and gathers them.
const caseArgument = args.includes('--case') ? args[args.indexOf('--case') + 1] : null;
if (caseArgument !== null) {
  const [name, kind] = caseArgument.split(':');
  const measured = kind === 'main' ? await measureMainThread(name) : await measureWorker(name, kind === 'shared');
  profiler.disconnect();
  console.log(JSON.stringify(measured));
} else {
  profiler.disconnect();
  const result = {
    quick, frameMs: FRAME_MS, commandsPerFrame: COMMANDS_PER_FRAME, allocationFrames: ALLOCATION_FRAMES, loadAverage: os.loadavg(), cores: os.cpus().length,
    worker: [], mainThread: [],
  };
  const run = (name, kind) => {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--case', `${name}:${kind}`, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return JSON.parse(out.trim().split('\n').pop());
  };
  for (const name of Object.keys(SCENES).filter((scene) => only === null || only.includes(scene))) {
    for (const kind of ['shared', 'transferred']) {
      result.worker.push(run(name, kind));
      process.stderr.write(`  worker ${name} ${kind}: ${result.worker.at(-1).frameMs.median.toFixed(3)} ms/frame\n`);
    }
    result.mainThread.push(run(name, 'main'));
  }
  result.loadAverageAfter = os.loadavg();
  console.log(JSON.stringify(result));
}
