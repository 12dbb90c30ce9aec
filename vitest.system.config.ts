import { defineConfig } from 'vitest/config';

// `npm run test:system`: the built server as real processes (load, database faults, shutdown, two
// processes on one database). One file at a time: each one loads the machine on purpose.
export default defineConfig({
  test: {
    include: ['tests/system/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
