// The library compiled to JavaScript in a temporary folder, for the tests that start a worker: node runs
// a worker's script as it is, and the sources are TypeScript. tsc with the package's build settings
// (tsconfig.build.json, as npm run build:lib; about a second), into a folder of its own per test file, with
// a package.json marking its modules as ES modules, as the package's does.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './doc-examples.js';

export interface BuiltLibrary {
  /** The folder holding the compiled lib/ (dist/'s layout). */
  readonly dir: string;
  /** The compiled module of a path under lib/ ('worker/index.js'), imported. */
  load<M>(path: string): Promise<M>;
  remove(): void;
}

export function buildLibrary(): BuiltLibrary {
  const dir = mkdtempSync(join(tmpdir(), 'sinew-lib-'));
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.build.json`, '--outDir', dir], { stdio: 'pipe' });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return {
    dir,
    load: async <M>(path: string) => (await import(/* @vite-ignore */ pathToFileURL(join(dir, path)).href)) as M,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
