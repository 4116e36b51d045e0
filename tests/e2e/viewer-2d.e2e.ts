// The viewer's 2D scenes in a real browser (Debian chromium, SwiftShader WebGL2): each 2D-only scene
// (car, bridge, cradle) and each contact scene's 2D vs 3D view loads with no console error, draws its
// World2D (many colours, much of the frame not background), steps its 2D bodies as node does, and draws
// 2D contact points when the Display toggle is on. Screenshots at 960 x 540 go to
// test-output/screenshots/ (git-ignored) for a person to look at. Run with `npm run test:e2e`.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENES } from '../../viewer/scenes/index.js';
import { defaultSettings, SceneRunner } from '../../viewer/simulation.js';
import type { ViewerHook } from '../../viewer/test-hook.js';
import { launchBrowser, ROOT, startPreview, viewerHook, type Browser, type Preview } from './browser.js';

const SHOTS = join(ROOT, 'test-output/screenshots');

let preview: Preview;
let browser: Browser;

function hook<T>(fn: (viewer: ViewerHook, arg: never) => T, arg?: unknown): Promise<Awaited<T>> {
  return viewerHook(browser.page, fn, arg);
}

async function open(scene: string, compare = false): Promise<void> {
  await browser.page.goto(`${preview.url}?scene=${scene}${compare ? '&compare=1' : ''}`);
  await browser.page.waitForFunction(() => (window as unknown as { __viewer?: unknown }).__viewer !== undefined);
}

/** The scene as the viewer runs it, in node, with its defaults (and its 2D vs 3D view when `compare`). */
function nodeScene(name: string, compare = false): SceneRunner {
  const scene = SCENES.find((s) => s.name === name)!;
  return new SceneRunner(scene, Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value])), defaultSettings(scene), compare);
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

const FLAT_SCENES = SCENES.filter((scene) => scene.build2D !== undefined).map((scene) => scene.name);
const TWIN_SCENES = SCENES.filter((scene) => scene.planarContacts !== undefined).map((scene) => scene.name);

describe('2D scenes', () => {
  it('the viewer has the car, the bridge and the cradle, and 2D vs 3D views of the pyramid, the wall and the pile', () => {
    expect(FLAT_SCENES).toEqual(['car-2d', 'bridge-2d', 'cradle-2d']);
    expect(TWIN_SCENES).toEqual(expect.arrayContaining(['pyramid', 'wall', 'falling-pile']));
  });

  // (the twins drawn here are the pyramid and the wall; the falling pile's and the ragdoll pile's 2D runs
  // are stepped and checked in node, tests/viewer-2d-scenes.test.ts: in the browser they took 70 s more)
  const drawnTwins = TWIN_SCENES.filter((name) => name === 'pyramid' || name === 'wall');
  for (const [name, compare] of [...FLAT_SCENES.map((n) => [n, false] as const), ...drawnTwins.map((n) => [n, true] as const)]) {
    it(`${name}${compare ? ' (2D vs 3D)' : ''}: draws its 2D world, steps it as node does, and draws its contacts`, async () => {
      browser.problems.length = 0;
      await open(name, compare);
      await hook((v) => {
        v.pause();
        v.reset();
      });
      const steps = 90;
      await hook((v, n: number) => v.step(n), steps);
      const after = await hook((v) => v.state());
      const reference = nodeScene(name, compare);
      for (let i = 0; i < steps; i++) reference.step();
      const bodies = reference.live.flat?.bodies ?? reference.twin!.bodies;
      expect(after.bodies2d).toHaveLength(bodies.length);
      after.bodies2d.forEach((body, i) => {
        expect(body === null).toBe(bodies[i].owner === null);
        if (body === null) return;
        for (let k = 0; k < 2; k++) expect(Math.abs(body.position[k] - bodies[i].position[k])).toBeLessThan(1e-9);
      });
      // the contacts toggle on: the 2D contact points are drawn (the cradle's balls touch only now and then:
      // step until they do)
      await browser.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await browser.page.getByText('Display', { exact: true }).click();
      await browser.page.getByRole('checkbox', { name: 'contact points and normals' }).check();
      let drawn = 0;
      for (let i = 0; i < 120 && drawn === 0; i++) {
        await hook((v) => v.step(1));
        drawn = (await hook((v) => v.state())).contacts2dDrawn;
      }
      await browser.page.screenshot({ path: join(SHOTS, `2d-${name}${compare ? '-compare' : ''}.png`) });
      expect(drawn).toBeGreaterThan(0);
      const pixels = await hook((v) => v.pixelStats());
      // (the cradle's five balls and their bar are few colours and a small part of the frame)
      expect(pixels.distinctColors).toBeGreaterThan(15);
      expect(pixels.foregroundFraction).toBeGreaterThan(0.03);
      expect(browser.problems).toEqual([]);
    });
  }

  it('cradle-2d: a mouse drag pulls the middle ball aside and up (the 2D mouse joint), and letting go drops the joint', async () => {
    browser.problems.length = 0;
    await open('cradle-2d');
    await hook((v) => {
      v.pause();
      v.reset();
    });
    const ball = 3; // the bar is body 0, the balls 1 to 5: the middle one
    const at = await hook((v, i: number) => v.screenPoint2d(i), ball);
    const before = (await hook((v) => v.state())).bodies2d[ball]!.position;
    const mouse = browser.page.mouse;
    await mouse.move(at.x, at.y);
    await mouse.down();
    expect(await hook((v) => v.dragging2d())).toBe(ball);
    await hook((v) => v.resume());
    for (let i = 1; i <= 15; i++) {
      await mouse.move(at.x + 4 * i, at.y - 3 * i);
      await browser.page.waitForTimeout(40);
    }
    await browser.page.waitForTimeout(600);
    await hook((v) => v.pause());
    const held = (await hook((v) => v.state())).bodies2d[ball]!.position;
    await browser.page.screenshot({ path: join(SHOTS, '2d-cradle-2d-drag.png') });
    await mouse.up();
    expect(await hook((v) => v.dragging2d())).toBeNull();
    // pulled toward the pointer: right and up, along its circle about the pivot
    expect(held[0] - before[0]).toBeGreaterThan(0.1);
    expect(held[1] - before[1]).toBeGreaterThan(0.005);
    expect(browser.problems).toEqual([]);
  });
});
