// The viewer in a real browser (Debian chromium, SwiftShader WebGL2): every scene loads cleanly, draws,
// and moves exactly as the same scene stepped in node; the controls, dragging and breaking work.
// Screenshots go to test-output/screenshots/ (git-ignored). Run with `npm run test:e2e`.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENES } from '../../viewer/scenes/index.js';
import { defaultSettings, SceneRunner } from '../../viewer/simulation.js';
import type { ViewerHook, ViewerState } from '../../viewer/test-hook.js';
import { launchBrowser, ROOT, startPreview, type Browser, type Preview } from './browser.js';

const SHOTS = join(ROOT, 'test-output/screenshots');

let preview: Preview;
let browser: Browser;

/** Runs fn(window.__viewer) in the page. */
function hook<T>(fn: (viewer: ViewerHook, arg: never) => T, arg?: unknown): Promise<T> {
  return browser.page.evaluate(
    ([source, a]) => {
      const viewer = (window as unknown as { __viewer: ViewerHook }).__viewer;
      return new Function('viewer', 'arg', `return (${source})(viewer, arg);`)(viewer, a) as T;
    },
    [fn.toString(), arg] as const,
  );
}

async function open(scene: string): Promise<void> {
  await browser.page.goto(`${preview.url}?scene=${scene}`);
  await browser.page.waitForFunction(() => (window as unknown as { __viewer?: unknown }).__viewer !== undefined);
}

const state = () => hook((v) => v.state());

/** Presses a hotkey with nothing focused (lil-gui swallows keys sent to its inputs). */
async function press(key: string): Promise<void> {
  await browser.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await browser.page.keyboard.press(key);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  preview?.stop();
});

describe('every scene', () => {
  for (const scene of SCENES) {
    it(`${scene.name}: loads without errors, draws a lit scene, and moves as the same scene in node`, async () => {
      browser.problems.length = 0;
      await open(scene.name);
      await hook((v) => {
        v.pause();
        v.reset();
      });
      const before = await state();
      expect(before.stepCount).toBe(0);
      await hook((v, n: number) => v.step(n), 60);
      const after = await state();
      expect(after.stepCount).toBe(60);

      // The same scene, parameters and settings, stepped 60 times in node.
      const params = Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value]));
      const reference = new SceneRunner(scene, params, defaultSettings(scene));
      for (let i = 0; i < 60; i++) reference.step();
      let moved = 0;
      after.bodies.forEach((body, i) => {
        const expected = reference.live.bodies[i];
        expect(body === null).toBe(expected.owner === null);
        if (body === null) return;
        for (let k = 0; k < 3; k++) expect(Math.abs(body.position[k] - expected.position[k])).toBeLessThan(1e-9);
        for (let k = 0; k < 4; k++) expect(Math.abs(body.orientation[k] - expected.orientation[k])).toBeLessThan(1e-9);
        const start = before.bodies[i]!.position;
        moved = Math.max(moved, Math.hypot(body.position[0] - start[0], body.position[1] - start[1], body.position[2] - start[2]));
      });
      expect(moved).toBeGreaterThan(1e-3);

      const pixels = await hook((v) => v.pixelStats());
      expect(pixels.distinctColors).toBeGreaterThan(30);
      expect(pixels.foregroundFraction).toBeGreaterThan(0.2);
      await browser.page.screenshot({ path: join(SHOTS, `${scene.name}.png`) });
      expect(browser.problems).toEqual([]);
    });
  }
});

describe('controls', () => {
  it('P pauses and resumes, O steps once, R resets to the initial state', async () => {
    await open('rope');
    await hook((v) => v.resume());
    await browser.page.waitForTimeout(400);
    expect((await state()).stepCount).toBeGreaterThan(0);
    await press('p');
    const paused = await state();
    expect(paused.paused).toBe(true);
    await browser.page.waitForTimeout(400);
    expect((await state()).stepCount).toBe(paused.stepCount);
    await press('o');
    expect((await state()).stepCount).toBe(paused.stepCount + 1);
    await press('r');
    const reset = await state();
    expect(reset.stepCount).toBe(0);
    expect(reset.bodies[0]!.position).toEqual([0.5, 0, 0]);
    await press('p');
    await browser.page.waitForTimeout(400);
    expect((await state()).stepCount).toBeGreaterThan(0);
  });

  it('a panel change takes effect: typing 8 substeps sets the world to 8', async () => {
    await open('cantilever');
    const input = browser.page.getByRole('textbox', { name: 'substeps', exact: true });
    await input.fill('8');
    await input.press('Enter');
    expect((await state()).substeps).toBe(8);
  });

  it('a mouse drag lifts a plank of the suspension bridge', async () => {
    await open('suspension-bridge');
    await hook((v) => v.step(30));
    const start = await hook((v) => v.screenPoint(8));
    const y0 = (await state()).bodies[8]!.position[1];
    await hook((v) => v.resume());
    const mouse = browser.page.mouse;
    await mouse.move(start.x, start.y);
    await mouse.down();
    for (let i = 1; i <= 20; i++) {
      await mouse.move(start.x, start.y - i * 6);
      await browser.page.waitForTimeout(40);
    }
    await browser.page.waitForTimeout(800);
    const lifted = (await state()).bodies[8]!.position[1];
    await browser.page.screenshot({ path: join(SHOTS, 'suspension-bridge-drag.png') });
    await mouse.up();
    expect(lifted - y0).toBeGreaterThan(0.5);
  });
});

describe('breakable structures', () => {
  it('raising the load breaks the welded bridge, and the broken-joint count rises', async () => {
    await open('welded-bridge');
    await hook((v) => v.step(120));
    const holding: ViewerState = await state();
    expect(holding.brokenJoints).toBe(0);
    await hook((v) => v.setParam('load', 1000));
    await hook((v) => v.step(120));
    const broken = await state();
    expect(broken.brokenJoints).toBeGreaterThan(0);
    expect(broken.joints).toBe(holding.joints - broken.brokenJoints);
    await browser.page.screenshot({ path: join(SHOTS, 'welded-bridge-broken.png') });
  });

  it('a weight dropped on the welded tower hooks on and knocks the roof load off', async () => {
    await open('welded-tower');
    const joints = (await state()).joints;
    await hook((v) => v.action('drop a 30 kg weight'));
    await hook((v) => v.step(40));
    const after = await state();
    // the weight's hook joint was added, and the impact broke the roof load's weld
    expect(after.joints + after.brokenJoints).toBe(joints + 1);
    expect(after.brokenJoints).toBeGreaterThan(0);
    await browser.page.screenshot({ path: join(SHOTS, 'welded-tower-drop.png') });
  });
});

describe('2D vs 3D view', () => {
  it('the panel runs World2D alongside; the runs agree until the 3D run is pushed out of plane', async () => {
    browser.problems.length = 0;
    await open('cantilever');
    await hook((v) => v.pause());
    await browser.page.getByRole('checkbox', { name: '2D vs 3D (run World2D too)' }).check();
    await browser.page.waitForFunction(() => (window as unknown as { __viewer: ViewerHook }).__viewer.state().compare !== null);
    await hook((v) => v.step(120));
    const together = (await state()).compare!;
    expect(together.steps).toBe(120);
    expect(together.outOfPlane).toBe(0);
    expect(together.position).toBeLessThan(1e-9);
    expect(together.angle).toBeLessThan(1e-9);
    await browser.page.screenshot({ path: join(SHOTS, 'cantilever-2d-vs-3d.png') });
    await browser.page.getByRole('button', { name: 'push the 3D run out of plane' }).click();
    await hook((v) => v.step(60));
    const apart = (await state()).compare!;
    expect(apart.outOfPlane).toBeGreaterThan(0.01);
    expect(apart.position).toBeGreaterThan(1e-6);
    await browser.page.screenshot({ path: join(SHOTS, 'cantilever-2d-vs-3d-pushed.png') });
    expect(browser.problems).toEqual([]);
  });

  for (const name of SCENES.filter((s) => s.planar !== undefined).map((s) => s.name)) {
    it(`${name}: the 3D run stays planar and within 1e-9 of the 2D run for 60 steps`, async () => {
      await open(name);
      await hook((v, scene: string) => v.load(scene, true), name);
      await hook((v) => v.step(60));
      const d = (await state()).compare!;
      expect(d.outOfPlane).toBe(0);
      expect(d.position).toBeLessThan(1e-9);
    });
  }
});
