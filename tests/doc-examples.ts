// The examples of README.md and the guide (docs/*.md): every ```ts block, cut out of its page by the
// marker around it (<!-- name:start --> … <!-- name:end -->), and written as a module under
// tests/.generated with its imports pointed at the library source. tests/readme.test.ts runs them;
// tests/doc-examples-types.test.ts type-checks them.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../', import.meta.url));

export interface Example {
  page: string;
  marker: string;
  code: string;
}

const PAGES = ['README.md', ...readdirSync(`${root}docs`).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];

/** Every ```ts block of README.md and docs/*.md, with the marker around it ('' when it has none). */
export function allBlocks(): Example[] {
  const blocks: Example[] = [];
  for (const page of PAGES) {
    const text = readFileSync(`${root}${page}`, 'utf8');
    for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
      const before = text.slice(0, match.index).trimEnd();
      const after = text.slice(match.index + match[0].length).trimStart();
      const open = /<!-- ([\w-]+):start -->$/.exec(before);
      const marker = open && after.startsWith(`<!-- ${open[1]}:end -->`) ? open[1] : '';
      blocks.push({ page, marker, code: match[1] });
    }
  }
  return blocks;
}

/** The code block between a marker's comments, in README.md or a page of the guide (docs/). */
export function readmeExample(marker = 'readme-example'): string {
  const found = allBlocks().filter((block) => block.marker === marker);
  if (found.length !== 1) throw new Error(`${found.length} blocks marked ${marker} in README.md and docs/ (one expected)`);
  return found[0].code;
}

/** Writes an example as a module in `folder` (below tests/, default .generated), its imports pointed at
 * the source, or at `compiled` (a folder holding lib/ compiled, tests/worker-build.ts: a worker's script
 * must be JavaScript); returns its path. (The type check writes its own folder: it rewrites every example
 * while the examples' test may be importing one.) */
export function writeExample(marker: string, folder = '.generated', compiled?: string): string {
  const lib = compiled ?? `${'../'.repeat(folder.split('/').length + 1)}lib`;
  const code = readmeExample(marker)
    .replace(/from 'sinew-physics\/worker'/g, `from '${lib}/worker/index.js'`)
    .replace(/from 'sinew-physics\/core'/g, `from '${lib}/core.js'`)
    .replace(/from 'sinew-physics\/2d'/g, `from '${lib}/2d/index.js'`)
    .replace(/from 'sinew-physics\/three'/g, `from '${lib}/three/index.js'`)
    .replace(/from 'sinew-physics\/scenes'/g, `from '${lib}/scenes/index.js'`)
    .replace(/from 'sinew-physics'/g, `from '${lib}/index.js'`);
  mkdirSync(`${root}tests/${folder}`, { recursive: true });
  const file = `${root}tests/${folder}/${marker}.ts`;
  writeFileSync(file, code);
  return file;
}
