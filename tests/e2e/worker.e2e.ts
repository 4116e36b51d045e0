// sinew-physics/worker in chromium (Debian's, SwiftShader). The viewer's ragdoll pile stepped in a Web
// Worker (?worker=1): the viewer draws the poses the worker delivers, the ragdolls fall and settle on the
// ground, and the worker's world is, step for step, the world the same scene steps to in node. And the
// package as a bundler takes it: a small app importing sinew-physics/worker, built by Vite (which bundles
// the worker script from `new Worker(new URL('./worker-script.js', import.meta.url))`), runs on a page
// that is cross-origin isolated (poses in shared memory) and on one that is not (transferred buffers).
// Screenshots go to test-output/screenshots/, and the app's frame timings to test-output/worker-browser.json
// (figures, not checked). Run with `npm run test:e2e` (after `npm run build`).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, preview } from 'vite';
import { SCENES } from '../../viewer/scenes/index.js';
import { defaultSettings, SceneRunner } from '../../viewer/simulation.js';
import type { ViewerHook, ViewerState } from '../../viewer/test-hook.js';
import { launchBrowser, ROOT, startPreview, viewerHook, type Browser, type Preview } from './browser.js';
import { buildLibrary, type BuiltLibrary } from '../worker-build.js';

const SHOTS = join(ROOT, 'test-output/screenshots');

let preview0: Preview;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  preview0 = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  preview0?.stop();
});

function hook<T>(fn: (viewer: ViewerHook, arg: never) => T, arg?: unknown): Promise<Awaited<T>> {
  return viewerHook(browser.page, fn, arg);
}
const state = () => hook((v) => v.state());

/** Polls `read` until `done` holds of it, up to `seconds` (SwiftShader on a loaded machine is slow). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 30): Promise<T> {
  const end = Date.now() + seconds * 1000;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await browser.page.waitForTimeout(100);
    value = await read();
  }
  return value;
}

/** The ragdoll pile as the viewer runs it, in node, stepped `steps` times: each described body's pose
 * (position, then orientation). */
function nodePile(steps: number): (number[] | null)[] {
  const scene = SCENES.find((s) => s.name === 'ragdoll-pile')!;
  const runner = new SceneRunner(scene, Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value])), defaultSettings(scene));
  for (let i = 0; i < steps; i++) runner.step();
  return runner.live.bodies.map((body) => (body.owner === null ? null : [...body.position, ...body.orientation]));
}

type Running = Exclude<ViewerState['worker'], 'starting' | null>;

/** The largest difference between two lists of poses (7 numbers each, null for a removed body), m or
 * quaternion units. */
function largestDifference(poses: (number[] | null)[], expected: (number[] | null)[]): number {
  expect(poses.map((pose) => pose === null)).toEqual(expected.map((pose) => pose === null));
  let largest = 0;
  poses.forEach((pose, i) => {
    const other = expected[i];
    if (pose === null || other === null) return;
    for (let k = 0; k < 7; k++) largest = Math.max(largest, Math.abs(pose[k] - other[k]));
  });
  return largest;
}

/** The drawn bodies' poses, 7 numbers each. */
function drawn(s: ViewerState): (number[] | null)[] {
  return s.bodies.map((body) => (body === null ? null : [...body.position, ...body.orientation]));
}

function heights(s: ViewerState): number[] {
  return s.bodies.flatMap((body) => (body === null ? [] : [body.position[1]]));
}

describe('the viewer with ?worker=1', () => {
  it('ragdoll-pile steps in a worker: the drawn ragdolls fall and settle on the ground, as the same scene on the page\'s own thread', async () => {
    browser.problems.length = 0;
    await browser.page.goto(`${preview0.url}?scene=ragdoll-pile&worker=1`);
    await browser.page.waitForFunction(() => (window as unknown as { __viewer?: { ready(): boolean } }).__viewer?.ready() === true, null, { timeout: 60_000 });
    const start = await state();
    expect(start.worker).not.toBeNull();
    expect(start.worker).not.toBe('starting');
    expect(Math.max(...heights(start))).toBeGreaterThan(5);

    // running in real time: the worker's steps arrive, and the poses drawn between them move
    const running = await until(state, (s) => typeof s.worker === 'object' && s.worker !== null && s.worker.stepsDelivered >= 30);
    const worker = running.worker as Running;
    expect(worker.stepsDelivered).toBeGreaterThanOrEqual(30);
    expect(worker.stepsSent - worker.stepsDelivered).toBeLessThanOrEqual(16);
    expect(worker.alpha).toBeGreaterThanOrEqual(0);
    expect(worker.alpha).toBeLessThanOrEqual(1);
    const later = await until(state, (s) => typeof s.worker === 'object' && s.worker !== null && s.worker.stepsDelivered > worker.stepsDelivered);
    expect(largestMove(running, later)).toBeGreaterThan(1e-3);
    for (const s of [running, later]) expect(s.bodies.every((body) => body === null || [...body.position, ...body.orientation].every(Number.isFinite))).toBe(true);
    await browser.page.screenshot({ path: join(SHOTS, 'worker-ragdoll-pile-falling.png') });

    // paused, one more step drawn at its end pose: the worker's world is, to the bit, the same scene stepped
    // as often on the page's own thread (the viewer's World normalizes the orientations written into it for
    // drawing: to round-off); node's V8 steps the pile to within 1e-7 m of it (engines differ in the last
    // bits of the contacts' arithmetic over a pile's chaotic fall: viewer.e2e.ts allows 1e-9 at 60 steps)
    // (two animation frames after it: a paused frame must not draw the step at the clock's leftover alpha)
    await hook((v) => v.step(1));
    await browser.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const stepped = await state();
    const steps = (stepped.worker as Running).stepCount;
    const here = await hook((v, n: number) => v.stepHere(n), steps);
    expect(largestDifference((stepped.worker as Running).delivered, here)).toBe(0);
    expect(largestDifference(drawn(stepped), here)).toBeLessThan(1e-12);
    expect(largestDifference(here, nodePile(steps))).toBeLessThan(1e-5);

    // on to 10 s: settled on the ground, where the page's own thread has them
    if (steps < 600) await hook((v, n: number) => v.step(n), 600 - steps);
    const settled = await state();
    const total = Math.max(600, steps);
    expect((settled.worker as Running).stepCount).toBe(total);
    const ys = heights(settled);
    expect(ys).toHaveLength(160);
    expect(Math.min(...ys)).toBeGreaterThan(0);
    expect(Math.max(...ys)).toBeLessThan(0.75);
    const atRest = await hook((v, n: number) => v.stepHere(n), total);
    expect(largestDifference((settled.worker as Running).delivered, atRest)).toBe(0);
    expect(largestDifference(drawn(settled), atRest)).toBeLessThan(1e-12);
    expect(largestDifference(atRest, nodePile(total))).toBeLessThan(1e-5);
    const pixels = await hook((v) => v.pixelStats());
    expect(pixels.distinctColors).toBeGreaterThan(30);
    await browser.page.screenshot({ path: join(SHOTS, 'worker-ragdoll-pile.png') });
    expect(browser.problems).toEqual([]);
  });

  it('a scene that drives its world from this thread each step stays here, and says so', async () => {
    browser.problems.length = 0;
    await browser.page.goto(`${preview0.url}?scene=playground&worker=1`);
    await browser.page.waitForFunction(() => (window as unknown as { __viewer?: unknown }).__viewer !== undefined);
    expect((await state()).worker).toBeNull();
    expect(await browser.page.getByText('step in a worker (not this scene)').count()).toBe(1);
    expect(browser.problems).toEqual([]);
  });
});

/** The largest distance any body moved between two states, m. */
function largestMove(a: ViewerState, b: ViewerState): number {
  let largest = 0;
  a.bodies.forEach((body, i) => {
    const other = b.bodies[i];
    if (body === null || other === null) return;
    largest = Math.max(largest, Math.hypot(...body.position.map((x, k) => x - other.position[k])));
  });
  return largest;
}

// ---- the package through Vite ----

/** The app: a scene in a WorkerWorld and the same on the page's World, compared; then 1000 moving bodies
 * drawn over animation frames, timed. */
const APP = `
import { createWorkerWorld } from 'sinew-physics/worker';
import { World } from 'sinew-physics';

function scene(world) {
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const box = world.createBody({ position: [0, 2, 0], angularVelocity: [1, 2, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.3, 0.2] }] });
  world.createBallJoint({ bodyA: world.createBody({ position: [2, 2, 0], shapes: [{ type: 'sphere', radius: 0.2 }] }), anchor: [2, 3, 0] });
  return box;
}
const remote = await createWorkerWorld();
const local = new World();
const a = scene(remote), b = scene(local);
for (let i = 0; i < 120; i++) {
  if (i === 30) for (const box of [a, b]) box.applyLinearImpulse([0, 3, 1]);
  remote.step(1 / 60);
  local.step(1 / 60);
}
const hash = await remote.hash();
await remote.flush();

const source = new World({ gravity: [0, 0, 0], sleeping: false });
for (let i = 0; i < 1000; i++) {
  source.createBody({
    position: [i % 10, Math.floor(i / 100), Math.floor(i / 10) % 10], linearVelocity: [0.3, 0.1, 0],
    angularVelocity: [(i % 7) - 3, (i % 5) - 2, 1], shapes: [{ type: 'sphere', radius: 0.1 }],
  });
}
const moving = await createWorkerWorld({ snapshot: source.snapshot() });
const out = new Float32Array(7000);
const frames = [];
let last = performance.now();
await new Promise((resolve) => {
  const frame = (now) => {
    const start = performance.now();
    moving.advance(Math.max(0, now - last) / 1000);
    last = now;
    moving.getInterpolatedPoses(out);
    frames.push(performance.now() - start);
    if (frames.length < 420) requestAnimationFrame(frame);
    else resolve();
  };
  requestAnimationFrame(frame);
});
const timed = frames.slice(120);
let start = performance.now();
for (let i = 0; i < 500; i++) moving.getInterpolatedPoses(out);
const readMs = (performance.now() - start) / 500;
window.__result = {
  sharedMemory: remote.sharedMemory, isolated: crossOriginIsolated, hash, localHash: local.hash(),
  y: a.getPosition([0, 0, 0])[1], localY: b.position[1], stepsDelivered: moving.stepsDelivered, finite: out.every(Number.isFinite),
  frameMeanMs: timed.reduce((s, x) => s + x, 0) / timed.length, frames: timed.length, readMs,
};
`;

describe('the package through Vite, in chromium', () => {
  let built: BuiltLibrary;
  let app: string;
  const results: Record<string, unknown> = {};

  beforeAll(async () => {
    built = buildLibrary();
    app = mkdtempSync(join(tmpdir(), 'sinew-worker-app-'));
    writeFileSync(join(app, 'index.html'), '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./main.js"></script></body></html>');
    writeFileSync(join(app, 'main.js'), APP);
    await build({
      root: app, configFile: false, logLevel: 'silent',
      resolve: { alias: [{ find: 'sinew-physics/worker', replacement: join(built.dir, 'worker/index.js') }, { find: 'sinew-physics', replacement: join(built.dir, 'index.js') }] },
      build: { outDir: join(app, 'dist'), target: 'es2022' },
    });
  }, 120_000);

  afterAll(() => {
    writeFileSync(join(ROOT, 'test-output/worker-browser.json'), JSON.stringify(results, null, 2));
    built?.remove();
    if (app !== undefined) rmSync(app, { recursive: true, force: true });
  });

  for (const isolated of [true, false]) {
    it(`runs its worker on a page ${isolated ? 'that is cross-origin isolated (COOP and COEP headers): poses in shared memory' : 'without those headers: poses in transferred buffers'}, stepping as the page's own World`, async () => {
      browser.problems.length = 0;
      const headers: Record<string, string> = isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};
      const server = await preview({ root: app, configFile: false, logLevel: 'silent', build: { outDir: join(app, 'dist') }, preview: { host: '127.0.0.1', port: 0, headers } });
      try {
        const url = server.resolvedUrls?.local[0] ?? '';
        await browser.page.goto(url);
        await browser.page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, null, { timeout: 60_000 });
        const result = await browser.page.evaluate(() => (window as unknown as { __result: Record<string, unknown> }).__result);
        results[isolated ? 'isolated' : 'not isolated'] = result;
        expect(result.isolated).toBe(isolated);
        expect(result.sharedMemory).toBe(isolated);
        expect(result.hash).toBe(result.localHash);
        expect(result.y).toBe(result.localY);
        expect(result.finite).toBe(true);
        expect(result.stepsDelivered).toBeGreaterThan(100);
        expect(browser.problems).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});
