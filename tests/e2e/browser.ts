// Browser-test plumbing: a vite preview server for the built viewer and Debian's chromium driven by
// playwright-core, with the flags ../shared/BROWSER.md found to give WebGL2 on SwiftShader.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Preview {
  url: string;
  stop(): void;
}

/** Serves dist-viewer (npm run build) with `vite preview` on a free port. */
export async function startPreview(): Promise<Preview> {
  const port = await freePort();
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill() };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`vite preview did not start on ${url}`);
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings, and uncaught page errors, since the last clear. */
  problems: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'sinew-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 960, height: 540 },
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Runs fn(window.__viewer, arg) in the page (the viewer's test hook, viewer/test-hook.ts), awaiting what
 * it returns: fn is sent as its source, so it may use nothing but its arguments. */
export function viewerHook<V, T>(page: Page, fn: (viewer: V, arg: never) => T, arg?: unknown): Promise<Awaited<T>> {
  return page.evaluate(
    ([source, a]) => {
      const viewer = (window as unknown as { __viewer: unknown }).__viewer;
      return new Function('viewer', 'arg', `return (${source})(viewer, arg);`)(viewer, a) as T;
    },
    [fn.toString(), arg] as const,
  ) as Promise<Awaited<T>>;
}
