import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src/client', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.mjs'],
    // Each file builds its own app on its own database; two cores, so two at a time.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    // Setting up an app on a file database (demo seed, CLI) takes long on a busy two-core machine.
    hookTimeout: 120_000,
  },
});
