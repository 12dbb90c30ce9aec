// schema.ts must describe the whole database the migrations make: drizzle-kit generate, run on a
// copy of drizzle/, finds nothing to do (scripts/db-snapshot.mjs, docs/development.md).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

it('schema.ts and the migrations snapshots are in step (drizzle-kit generate finds nothing to do)', () => {
  const run = spawnSync(process.execPath, ['scripts/db-snapshot.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  // On failure the message says what to do, and what drizzle-kit would have generated.
  expect(run.status, `${run.stderr}${run.stdout}`).toBe(0);
  expect(run.stdout).toContain('in step');
}, 120_000);
