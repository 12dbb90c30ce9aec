import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { isEmbedded, queryRows } from './client.js';

// Every PostgreSQL session of the app runs with JIT off and without parallel workers (session.ts):
// at ten million items a search's plan passed jit_above_cost and compiling it cost ten times running
// it; a Gather's workers cost more to start than the map's per-cell read took to run.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// PGlite has no JIT provider (its setting says on and compiles nothing): PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)('database sessions on PostgreSQL', () => {
  it('run with JIT off', async () => {
    expect(isEmbedded(t.app.db)).toBe(false);
    const [row] = await queryRows<{ jit: string }>(t.app.db, sql`SELECT current_setting('jit') AS jit`);
    expect(row!.jit).toBe('off');
  });
  it('run without parallel workers', async () => {
    const [row] = await queryRows<{ workers: string }>(t.app.db, sql`SELECT current_setting('max_parallel_workers_per_gather') AS workers`);
    expect(row!.workers).toBe('0');
  });
});
