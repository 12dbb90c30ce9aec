// A failed statement in a log line: PostgreSQL's message and names, never the statement's values
// (tests/system/start-together.test.ts has it for a start that fails, in a real process).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { safeErrorMessage, serializeError, startFailureLine } from './error-log.js';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$not-a-real-hash';
let database: Database;
let failure: unknown;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await database.db.execute(sql`create table probe (name text primary key, secret text)`);
  await database.db.execute(sql`insert into probe values ('admin', 'first')`);
  failure = await database.db.execute(sql`insert into probe values (${'admin'}, ${SECRET})`).then(
    () => undefined,
    (err: unknown) => err,
  );
});
afterAll(async () => {
  await database?.close();
});

it('tells a failed statement by PostgreSQL’s message, SQLSTATE and constraint, without its SQL, values or DETAIL', () => {
  // Drizzle's own message holds the statement and its parameters.
  expect(String((failure as Error).message)).toContain(SECRET);
  const serialized = serializeError(failure);
  expect(serialized).toMatchObject({
    message: 'duplicate key value violates unique constraint "probe_pkey"',
    code: '23505',
    constraint: 'probe_pkey',
  });
  expect(serialized.stack).toMatch(/^\w+: duplicate key value violates unique constraint "probe_pkey"\n\s+at /);
  const text = JSON.stringify(serialized);
  for (const leaked of [SECRET, 'insert into', 'params', 'Key (name)=(admin)']) expect(text).not.toContain(leaked);
  expect(safeErrorMessage(failure)).toBe('duplicate key value violates unique constraint "probe_pkey"');
});

it('keeps a message of the app’s own, with the database error as its cause, and the start failure line is one JSON object', () => {
  const err = new Error('the database refused the start', { cause: failure });
  const line = JSON.parse(startFailureLine(err)) as { level: number; msg: string; err: { message: string; cause: { code: string } } };
  expect(line).toMatchObject({ level: 60, msg: 'Could not start: the database refused the start', err: { cause: { code: '23505' } } });
  expect(JSON.stringify(line)).not.toContain(SECRET);
});

it('is the app logger’s error serializer: an unexpected database error of a request is logged without the values', async () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-error-log-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir }), pgliteDir: 'memory://' };
  const app = await buildApp(config, { database, logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
  try {
    app.get('/api/test-failed-insert', async () => {
      await app.db.execute(sql`insert into probe values (${'admin'}, ${SECRET})`);
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/api/test-failed-insert' });
    expect(res.statusCode).toBe(500);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string; code: string } });
    expect(logged.find((line) => line.msg === 'unhandled error')?.err).toMatchObject({
      message: 'duplicate key value violates unique constraint "probe_pkey"',
      code: '23505',
    });
    expect(lines.join('\n')).not.toContain(SECRET);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
