import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { locales } from './scripts/vite-locales.mjs';

export default defineConfig({
  // The catalogues (virtual:catalogues), as the app's build has them.
  plugins: [locales({ localesDir: fileURLToPath(new URL('./src/locales', import.meta.url)) })],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src/client', import.meta.url)) },
      // package.json's "imports" send Node to dist/shared; the tests take the sources.
      { find: /^#shared\/(.*)$/, replacement: fileURLToPath(new URL('./src/shared/$1', import.meta.url)) },
    ],
  },
  test: {
    // Each file builds its own app on its own database; two cores, so two at a time.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    // Setting up an app on a file database (demo seed, CLI) takes long on a busy two-core machine.
    hookTimeout: 120_000,
    projects: [
      // Server, shared and client logic: plain Node, no DOM to set up.
      // The global setup migrates one database that every test app copies (src/server/test/global-setup.ts).
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.mjs', 'bench/**/*.test.mjs'],
          // A worker keeps its modules from one file to the next (the app's modules loaded once a
          // worker, not once a file: half the suite's time, decision 037). A file that changes
          // something process-wide (an environment variable, a global) puts it back in afterAll.
          isolate: false,
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      // Component tests (React in jsdom, driven with Testing Library): only these pay for the DOM.
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup-dom.ts'],
        },
      },
    ],
  },
});
