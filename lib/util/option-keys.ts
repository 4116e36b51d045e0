// Unknown option keys: every options object the public API takes is checked against the names it knows,
// so a misspelt key (`{ substep: 8 }`) is an error naming the nearest valid one instead of an option
// silently left at its default. A key whose value is undefined is allowed (an option written out and
// left unset).

import { showKey } from './validate.js';

/**
 * The valid keys of an options type T, written once as an object literal { key: true, … } so that the
 * compiler checks the list against T: a key of T left out, or one T does not have, fails to compile.
 * Marked free of side effects for bundlers (the annotation above it): a module-level list made with it
 * and not used is left out of a bundle, with what it names.
 */
/* #__NO_SIDE_EFFECTS__ */
export function optionKeys<T>(keys: { readonly [K in keyof Required<T>]: true }): readonly string[] {
  return Object.freeze(Object.keys(keys));
}

/**
 * Throws a RangeError naming the first own key of `options` (one whose value is not undefined) that is not
 * in `valid`, with the nearest valid key when one is close (`World: unknown option 'substep' (did you mean
 * 'substeps'?)`), else the list of valid keys. `what` names the kind of options ('option', 'motor option').
 * Objects that are not plain options (null, arrays, primitives) are left to the caller's own checks.
 */
export function checkOptionKeys(where: string, options: unknown, valid: readonly string[], what = 'option'): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return;
  // every own key: a symbol or a non-enumerable key (Object.defineProperty) is still a key the caller
  // wrote and expects read
  for (const key of Reflect.ownKeys(options)) {
    if (typeof key === 'string' && valid.includes(key)) continue;
    if ((options as Record<string | symbol, unknown>)[key] === undefined) continue;
    const nearest = typeof key === 'string' ? nearestName(key, valid) : null;
    const hint = nearest === null ? `valid: ${valid.map((name) => `'${name}'`).join(', ')}` : `did you mean '${nearest}'?`;
    throw new RangeError(`${where}: unknown ${what} '${showKey(key)}' (${hint})`);
  }
}

/**
 * The valid name nearest `name` by edit distance, when it is close enough to be a slip: within a third
 * of the name's length (at least 1, at most 3 edits), or equal to it but for letter case; null otherwise.
 */
export function nearestName(name: string, valid: readonly string[]): string | null {
  let best: string | null = null, bestDistance = Infinity;
  for (const candidate of valid) {
    // the distance is at least the difference in length: a name far longer than every valid one (a key
    // of 1e8 characters) is compared with none, at no cost
    if (Math.abs(name.length - candidate.length) > 3) continue;
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  return bestDistance <= allowed ? best : null;
}

/**
 * The optimal string alignment distance between a and b: the fewest insertions, deletions,
 * substitutions and swaps of two adjacent characters that turn one into the other (Damerau 1964;
 * a swap counts once, as a typist's slip does).
 */
export function editDistance(a: string, b: string): number {
  const n = a.length, m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  // three rows of the (n + 1) × (m + 1) table: i − 2, i − 1 and i
  let before = new Array<number>(m + 1).fill(0), previous = new Array<number>(m + 1), current = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[m];
}
