import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { isEmbedded, queryRows } from './client.js';

// Every PostgreSQL session of the app runs with JIT off (session.ts): at ten million items a
// search's plan passed jit_above_cost and compiling it cost ten times running it.
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
});
