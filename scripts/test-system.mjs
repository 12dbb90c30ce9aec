#!/usr/bin/env node
// `npm run test:system`: builds the server, then runs tests/system against it, started as production starts it (scripts/start.sh)
// on the PostgreSQL server of SYSTEM_DATABASE_URL / TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) and Redis at REDIS_URL (default redis://127.0.0.1:6379).
// --long: the steady load runs 60 s instead of 15 s, the mail server's outage two minutes instead of 20 s,
// and the site copied to PostgreSQL has 100,000 items instead of 20,000.
import { spawnSync } from 'node:child_process';

const long = process.argv.includes('--long');
const rest = process.argv.slice(2).filter((a) => a !== '--long');
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let status = run('npm', ['run', 'build:server']);
if (status === 0) {
  status = run(
    'npx',
    ['vitest', 'run', '--config', 'vitest.system.config.ts', ...rest],
    long ? { SYSTEM_LOAD_SECONDS: '60', SYSTEM_MAIL_OUTAGE_SECONDS: '120', SYSTEM_COPY_ITEMS: '100000' } : {},
  );
}
process.exit(status);
