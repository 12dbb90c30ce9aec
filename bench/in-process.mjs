// The app built in-process on a bench database (production settings, no demo, no rate limit on
// sign-in): the bench's EXPLAIN capture and bench/map-search-views.mjs ask it with app.inject.
import os from 'node:os';
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';

export function buildBenchApp({ databaseUrl, pgliteDir, dataDir, poolSize }) {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '1000000',
      DATA_DIR: dataDir ?? os.tmpdir(),
    }),
    databaseUrl,
    pgliteDir: pgliteDir ?? 'memory://',
    databasePoolSize: poolSize,
  };
  return buildApp(config, { logger: false });
}
