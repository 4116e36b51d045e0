// The API fuzz model (api-model.ts) in 3D and 2D. Under `npm test` a fixed seed and a few runs (a few
// seconds); under `npm run fuzz` (FUZZ_SECONDS set) random seeds for that long, half per dimension,
// printing the seed and the shrunk counterexample (the program that fails, as JavaScript) on a failure.
// FUZZ_IGNORE=kind,kind lets failures of those kinds pass (FAILURE_KINDS), to look behind a known one;
// FUZZ_ONLY=regexp counts only failures whose message matches (to shrink one of several); FUZZ_DIM=3 or 2
// fuzzes one dimension only; FUZZ_SEED replays a seed.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commands, FAILURE_KINDS, runModel, type Dimension, type FailureKind } from './api-model.js';

const seconds = Number(process.env.FUZZ_SECONDS ?? 0);
const ignore = new Set((process.env.FUZZ_IGNORE ?? '').split(',').filter((k): k is FailureKind => (FAILURE_KINDS as readonly string[]).includes(k)));
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
/** Fixed, so `npm test` runs the same sequences every time. */
const SEED = 20261126;
const RUNS = 12;

function property(dim: Dimension) {
  return fc.property(commands(dim), (cmds) => runModel(dim, cmds, { ignore, only }));
}

describe('the public API under random and hostile call sequences', () => {
  for (const dim of [3, 2] as const) {
    if (seconds > 0) {
      if (process.env.FUZZ_DIM !== undefined && Number(process.env.FUZZ_DIM) !== dim) continue;
      it(`${dim}D: fuzz for ${seconds / 2} s`, () => {
        const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
        console.log(`fuzz ${dim}D: seed ${seed}, ${seconds / 2} s${ignore.size > 0 ? `, ignoring ${[...ignore].join(', ')}` : ''}`);
        const details = fc.check(property(dim), { seed, numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: (seconds / 2) * 1000, markInterruptAsFailure: false });
        console.log(`fuzz ${dim}D: ${details.numRuns} sequences${details.failed ? '' : ', no failure'}`);
        if (details.failed) console.log(`${fc.defaultReportMessage(details)}\n${(details.errorInstance as Error | null)?.message ?? ''}`);
        expect(details.failed, `seed ${seed}`).toBe(false);
      }, (seconds / 2 + 600) * 1000);
    } else {
      it(`${dim}D: ${RUNS} sequences of up to 40 calls keep every invariant`, () => {
        fc.assert(property(dim), { seed: SEED, numRuns: RUNS });
      });
    }
  }
});
