// sinew-physics/three in a real browser (Debian chromium, SwiftShader WebGL2): three.js's own
// physics_rapier_instancing example with its import changed runs and renders; the debug renderer's line
// count follows the world as bodies are added, removed and fall asleep; a mesh follows its body between
// steps, in the numbers and in the picture. The pages (tests/e2e/three/*.html) are built here with
// vite, 'sinew-physics' and 'sinew-physics/three' resolved to lib/. Screenshots go to
// test-output/screenshots/three-*.png and /tmp/three-*.png.

import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBUG_COLOURS } from '../../lib/three/index.js';
import { launchBrowser, ROOT, type Browser } from './browser.js';

const PAGES = join(ROOT, 'tests/e2e/three');
const OUT = join(ROOT, 'test-output/three-pages');
const SHOTS = join(ROOT, 'test-output/screenshots');

let server: PreviewServer;
let url: string;
let browser: Browser;

beforeAll(async () => {
  const alias = [
    { find: /^sinew-physics\/three$/, replacement: join(ROOT, 'lib/three/index.ts') },
    { find: /^sinew-physics$/, replacement: join(ROOT, 'lib/index.ts') },
  ];
  await build({
    root: PAGES, configFile: false, logLevel: 'warn', resolve: { alias },
    build: {
      outDir: OUT, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2048,
      rollupOptions: { input: { instancing: join(PAGES, 'instancing.html'), bridge: join(PAGES, 'bridge.html') } },
    },
  });
  server = await preview({ root: PAGES, configFile: false, logLevel: 'warn', build: { outDir: OUT }, preview: { host: '127.0.0.1', port: 0 } });
  url = server.resolvedUrls!.local[0];
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Saves a screenshot to test-output/screenshots/ and /tmp/. */
async function shot(name: string): Promise<void> {
  const path = join(SHOTS, name);
  await browser.page.screenshot({ path });
  copyFileSync(path, join('/tmp', name));
}

/** Runs fn(window[global], arg) in the page. */
function call<T>(global: string, fn: (hook: never, arg: never) => T, arg?: unknown): Promise<T> {
  return browser.page.evaluate(
    ([name, source, a]) => new Function('hook', 'arg', `return (${source})(hook, arg);`)((window as unknown as Record<string, unknown>)[name], a) as T,
    [global, fn.toString(), arg] as const,
  );
}

interface ExampleHook {
  physics: { world: { stepCount: number; sleepingBodyCount: number } };
  boxes: { count: number; getMatrixAt(i: number, m: unknown): void };
  spheres: { count: number };
  frames(): number;
  pixels(): { distinctColours: number; foreground: number };
}

describe('three.js physics_rapier_instancing with its import changed to sinew-physics/three', () => {
  it('runs: the instances fall and heap on the floor, the fountain keeps some in the air, the page renders', async () => {
    browser.problems.length = 0;
    // 150 boxes and 150 spheres (the example has 400 each: this shared 2-core machine steps 800 slowly)
    await browser.page.goto(`${url}instancing.html?count=150`);
    await browser.page.waitForFunction(() => (window as unknown as { __example?: unknown }).__example !== undefined, undefined, { timeout: 60_000 });
    const until = Date.now() + 90_000;
    let steps = 0;
    while (steps < 150 && Date.now() < until) {
      await browser.page.waitForTimeout(500);
      steps = await call('__example', (e: ExampleHook) => e.physics.world.stepCount);
    }
    expect(steps).toBeGreaterThanOrEqual(150); // 2.5 s of simulation
    const state = await browser.page.evaluate(() => {
      const example = (window as unknown as { __example: { boxes: import('three').InstancedMesh; spheres: import('three').InstancedMesh; frames(): number } }).__example;
      const heights: number[] = [];
      const m = new (example.boxes.matrixWorld.constructor as new () => import('three').Matrix4)();
      for (const mesh of [example.boxes, example.spheres]) {
        for (let i = 0; i < mesh.count; i++) {
          mesh.getMatrixAt(i, m);
          heights.push(m.elements[13]);
        }
      }
      return { heights, frames: example.frames() };
    });
    expect(state.heights.length).toBe(300);
    expect(state.frames).toBeGreaterThan(2); // the interval's steps take most of the main thread here
    const low = state.heights.filter((y) => y < 0.4).length;
    expect(low / state.heights.length).toBeGreaterThan(0.8); // heaped on the floor
    expect(Math.min(...state.heights)).toBeGreaterThan(-0.01); // none in it
    expect(Math.max(...state.heights)).toBeGreaterThan(0.6); // the fountain: a box and a sphere a frame back up at 1-2 m
    const pixels = await call('__example', (e: ExampleHook) => e.pixels());
    expect(pixels.distinctColours).toBeGreaterThan(100); // 300 coloured instances, lit and shadowed
    expect(pixels.foreground).toBeGreaterThan(0.05);
    await shot('three-instancing.png');
    expect(browser.problems).toEqual([]);
  }, 150_000);
});

interface BridgeHook {
  frame(elapsed: number): { steps: number; alpha: number; stepCount: number };
  addBall(x: number, z: number): number;
  removeBall(): void;
  settle(seconds: number): number;
  lineCount(): number;
  colours(): Record<string, number>;
  follower(): { origin: number[]; body: number[]; interpolated: number[]; alpha: number; screen: number[] };
  red(): { x: number; y: number; count: number };
  pixels(): { distinctColours: number; foreground: number };
  toggle(name: string, on: boolean): number;
}

/** Lines of a sphere's wireframe: three circles of 24 segments. */
const SPHERE = 72;
const hex = (colour: number) => colour.toString(16);

describe('sinew-physics/three in a page of its own', () => {
  it("the debug renderer's line count follows the world as bodies are added, removed and fall asleep", async () => {
    browser.problems.length = 0;
    await browser.page.goto(`${url}bridge.html`);
    await browser.page.waitForFunction(() => (window as unknown as { __bridge?: unknown }).__bridge !== undefined, undefined, { timeout: 60_000 });
    const count = () => call('__bridge', (b: BridgeHook) => b.lineCount());
    const start = await count();
    expect(start).toBeGreaterThan(500);
    await call('__bridge', (b: BridgeHook) => b.addBall(-1, 0));
    expect(await count()).toBe(start + SPHERE);
    await call('__bridge', (b: BridgeHook) => b.addBall(0.5, 0.3));
    await call('__bridge', (b: BridgeHook) => b.addBall(1.5, -0.5));
    expect(await count()).toBe(start + 3 * SPHERE);
    await call('__bridge', (b: BridgeHook) => b.removeBall());
    expect(await count()).toBe(start + 2 * SPHERE);
    const before = await call('__bridge', (b: BridgeHook) => b.colours());
    expect(before[hex(DEBUG_COLOURS.sleeping)] ?? 0).toBe(0);
    expect(before[hex(DEBUG_COLOURS.dynamic)]).toBeGreaterThanOrEqual(2 * SPHERE);
    // the balls land and sleep: their lines turn the sleeping colour, and contacts appear under them
    const asleep = await call('__bridge', (b: BridgeHook) => b.settle(10));
    expect(asleep).toBe(2);
    const after = await call('__bridge', (b: BridgeHook) => b.colours());
    expect(after[hex(DEBUG_COLOURS.sleeping)]).toBeGreaterThanOrEqual(2 * SPHERE);
    expect(after[hex(DEBUG_COLOURS.contactNormal)]).toBeGreaterThanOrEqual(2);
    const withContacts = await count();
    const withoutContacts = await call('__bridge', (b: BridgeHook) => b.toggle('drawContacts', false));
    expect(withContacts - withoutContacts).toBe(4 * (after[hex(DEBUG_COLOURS.contactNormal)] ?? 0));
    await call('__bridge', (b: BridgeHook) => b.toggle('drawContacts', true));
    const withBoxes = await call('__bridge', (b: BridgeHook) => b.toggle('drawAabbs', true));
    expect(withBoxes).toBeGreaterThan(withContacts);
    await shot('three-debug-aabbs.png');
    await call('__bridge', (b: BridgeHook) => b.toggle('drawAabbs', false));
    const pixels = await call('__bridge', (b: BridgeHook) => b.pixels());
    expect(pixels.foreground).toBeGreaterThan(0.1);
    await shot('three-debug.png');
    expect(browser.problems).toEqual([]);
  }, 120_000);

  it('a mesh follows its body between steps: in its position, and where the picture draws it', async () => {
    browser.problems.length = 0;
    await browser.page.goto(`${url}bridge.html`);
    await browser.page.waitForFunction(() => (window as unknown as { __bridge?: unknown }).__bridge !== undefined, undefined, { timeout: 60_000 });
    const frame = (elapsed: number) => call('__bridge', (b: BridgeHook, e: number) => b.frame(e), elapsed);
    const follower = () => call('__bridge', (b: BridgeHook) => b.follower());
    const red = () => call('__bridge', (b: BridgeHook) => b.red());
    const first = await frame(1 / 60);
    expect(first.steps).toBe(1);
    const h = 1 / 60, speed = 3;
    // frames of a quarter step: no step, the box drawn a quarter further each time
    const seen: { alpha: number; x: number; screen: number[]; red: { x: number; y: number; count: number } }[] = [];
    for (let k = 1; k <= 3; k++) {
      const result = await frame(h / 4);
      expect(result.steps).toBe(0);
      const f = await follower();
      expect(f.alpha).toBeCloseTo(0.25 * k, 9);
      // the mesh's origin keeps its place on the body: 0.2 m below and behind the centre, on each axis
      expect(f.origin[0]).toBeCloseTo(f.interpolated[0] - 0.2, 9);
      expect(f.origin[1]).toBeCloseTo(1.0, 9);
      // drawn a fraction alpha of the last step behind the body
      expect(f.body[0] - f.interpolated[0]).toBeCloseTo((1 - f.alpha) * speed * h, 9);
      seen.push({ alpha: f.alpha, x: f.origin[0], screen: f.screen, red: await red() });
      if (k === 1) await shot('three-follow-1.png');
      if (k === 3) await shot('three-follow-3.png');
    }
    expect(seen[2].x - seen[0].x).toBeCloseTo(0.5 * speed * h, 9);
    // in the picture: the red box moved right between the first and third frames, as far as its
    // projection says, with no step between them
    expect(seen[0].red.count).toBeGreaterThan(100);
    const moved = seen[2].red.x - seen[0].red.x, projected = seen[2].screen[0] - seen[0].screen[0];
    expect(projected).toBeGreaterThan(1);
    expect(Math.abs(moved - projected)).toBeLessThan(1);
    expect(Math.abs(seen[0].red.x - seen[0].screen[0])).toBeLessThan(3); // the red centroid is the box's centre
    expect(browser.problems).toEqual([]);
  }, 120_000);
});
