// Every example of README.md and docs/ type-checks: written with its imports pointed at the source
// (tests/doc-examples.ts), then checked by the repository's strict tsc (tests/tsconfig.examples.json:
// tsconfig.json's options over tests/.generated/types/*.ts), the three.js ones against @types/three.

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { allBlocks, root, writeExample } from './doc-examples.js';

describe('the examples type-check', () => {
  it('every example, with its imports pointed at the source, passes the repository\'s strict tsc', () => {
    const markers = allBlocks().map((block) => block.marker).filter((marker) => marker !== '');
    for (const marker of markers) writeExample(marker, '.generated/types');
    const tsc = `${root}node_modules/typescript/bin/tsc`;
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '--noEmit', '-p', `${root}tests/tsconfig.examples.json`], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});
