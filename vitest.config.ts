import { defineConfig } from 'vitest/config';
// Two test files at a time: vitest's default is one fewer worker than cores, a single one on a 2-core
// machine, which left a core idle for the whole run. testTimeout: a limit for hangs, not a speed target
// (those live in `npm run bench`); a test of about 1 s alone has taken 6 s beside the ragdoll pile.
export default defineConfig({ test: { include: ['tests/**/*.test.ts'], execArgv: ['--expose-gc'], maxWorkers: 2, testTimeout: 60_000 } });
