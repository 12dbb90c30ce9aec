#!/usr/bin/env node
// npm run test:fuzz [-- --long] [-- --runs N]: the bad-input suite (src/server/test/fuzz.test.ts)
// alone, 200 cases per endpoint (every test run has it at 50); --long runs 5000 per endpoint, --runs
// any number. FUZZ_SEED=<seed> replays a failure fast-check reported.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const env = { ...process.env };
if (args.includes('--long')) env.FUZZ_LONG = '1';
const runs = args.indexOf('--runs');
if (runs >= 0) env.FUZZ_RUNS = args[runs + 1];
else if (!env.FUZZ_LONG) env.FUZZ_RUNS ??= '200';
const result = spawnSync('npx', ['vitest', 'run', 'src/server/test/fuzz.test.ts'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
