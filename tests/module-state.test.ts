// Nothing in lib/ keeps state between calls at module level: a world's results depend on the world
// alone, so the same scene built twice in one process (or once in each of two) steps and hashes alike.
// What a module may hold is scratch that every call writes before it reads (a solver's workspace), a
// memo of what cannot change (a shape's digest), and the tests' arena switch. Each is listed here with
// why; a new module-level `let` or collection fails until it is.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ALLOWED: Record<string, string> = {
  'math/portable.ts quadrant': 'reduce() writes it, its caller reads it at once',
  'util/validate.ts vectorScratch': 'readFiniteVector writes every item it reads back',
  'geometry/gjk.ts count': 'the simplex of the query in progress, reset at each query',
  'geometry/gjk.ts savedCount': 'a copy of that simplex within one query',
  'geometry/gjk.ts hasDirection': 'reset at each query',
  'geometry/gjk.ts gjkIterations': 'reset at each query',
  'geometry/gjk.ts gjkOverlap': 'reset at each query',
  'geometry/gjk.ts gjkSeparated': 'reset at each query',
  'util/arena.ts shrinking': 'a switch only tests turn (@internal setShrinking)',
  'world/structure-hash.ts digests': "a memo of each shape's geometry, which cannot change",
  'collision/broadphase.ts NO_PROXIES': 'an empty list typed readonly',
  'collision/query-options.ts NONE': 'an empty list typed readonly',
  'worker/endpoint.ts NO_TRANSFER': 'an empty list typed readonly',
  '2d/collision/broadphase.ts NO_PROXIES': 'an empty list typed readonly',
  '2d/collision/chain-contacts.ts convex1': "chainInWorld writes both joints' convexity before each manifold reads them",
  '2d/collision/chain-contacts.ts closestKind': 'the closest features of the pair in progress, written at its start',
  '2d/collision/polygon-contacts.ts bestFace': 'written by the face search its caller reads at once',
};

function sources(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path, base);
    return name.endsWith('.ts') ? [path.slice(base.length + 1)] : [];
  });
}

describe('lib keeps no mutable state at module level', () => {
  it('every module-level let and collection is scratch written before read, or a memo of what cannot change', () => {
    const found: string[] = [];
    for (const file of sources('lib')) {
      const text = readFileSync(join('lib', file), 'utf8');
      for (const match of text.matchAll(/^(?:export )?let (\w+)/gm)) found.push(`${file} ${match[1]}`);
      for (const match of text.matchAll(/^(?:export )?const (\w+)[^=\n]*= new (?:Map|Set|WeakMap|WeakSet)\b/gm)) found.push(`${file} ${match[1]}`);
      for (const match of text.matchAll(/^(?:export )?const (\w+)[^=\n]*= \[\];/gm)) found.push(`${file} ${match[1]}`);
    }
    expect(found.filter((entry) => !(entry in ALLOWED))).toEqual([]);
  });
});
