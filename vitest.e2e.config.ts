import { defineConfig } from 'vitest/config';

// Browser tests: `npm run test:e2e` builds the viewer, then runs these one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
