import { defineConfig } from 'vitest/config';
// testTimeout: a limit for hangs, not a speed target (those live in `npm run bench`). Files run two at a
// time on this 2-core machine, and a test of about 1 s alone has taken 6 s beside the ragdoll pile.
export default defineConfig({ test: { include: ['tests/**/*.test.ts'], execArgv: ['--expose-gc'], testTimeout: 30_000 } });
