// How database failures reach the browser: a lost or unreachable database is a 503 with a JSON
// message (tests/system/faults.test.ts shows it end to end, through a cut TCP connection).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { queryRows } from './db/client.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { en } from './test/texts.js';

/** Like Drizzle: the query that failed, with the driver's error as its cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

const UNAVAILABLE: [string, Error][] = [
  ['a connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  ['a connection reset', wrapped(withCode('read ECONNRESET', 'ECONNRESET'))],
  ['a connection ended mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
  ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ['the ROLLBACK after a lost connection', wrapped(new Error('Client has encountered a connection error and is not queryable'))],
  ['a pool closed by shutdown', wrapped(new Error('Cannot use a pool after calling end on the pool'))],
  ['the server shutting down (57P01)', wrapped(withCode('terminating connection due to administrator command', '57P01'))],
  ['a connection exception (08006)', wrapped(withCode('connection failure', '08006'))],
];

const CONFLICTS: [string, Error][] = [
  ['a deadlock (40P01)', wrapped(withCode('deadlock detected', '40P01'))],
  ['a serialization failure (40001)', wrapped(withCode('could not serialize access due to concurrent update', '40001'))],
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  UNAVAILABLE.forEach(([, error], i) =>
    t.app.get(`/api/test-unavailable/${i}`, () => {
      throw error;
    }),
  );
  CONFLICTS.forEach(([, error], i) =>
    t.app.get(`/api/test-conflict/${i}`, () => {
      throw error;
    }),
  );
  // A real deadlock: two transactions take two rows in opposite orders; PostgreSQL ends one of them.
  t.app.post('/api/test-deadlock', async () => {
    await t.app.db.execute(sql`create table if not exists deadlock_probe (id int primary key, n int not null default 0)`);
    await t.app.db.execute(sql`insert into deadlock_probe (id) values (1), (2) on conflict do nothing`);
    let arrived = 0;
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const crossing = (first: number, second: number) =>
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        if (++arrived === 2) bothHoldOne();
        await barrier;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
      });
    const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    return { ok: true };
  });
  t.app.get('/api/test-other-error', () => {
    throw wrapped(withCode('relation "nope" does not exist', '42P01'));
  });
});
afterAll(async () => {
  await t?.close();
});

it.each(UNAVAILABLE.map(([name], i) => [name, i] as const))('%s is a 503 with a JSON message and Retry-After', async (_name, i) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/test-unavailable/${i}` });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: en(MSG.databaseUnavailable) });
  expect(res.headers['retry-after']).toBe('5');
});

it.each(CONFLICTS.map(([name], i) => [name, i] as const))('%s is a 409 that asks to try again', async (_name, i) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/test-conflict/${i}` });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: en(MSG.concurrentChange) });
});

it.skipIf(!process.env.TEST_DATABASE_URL)(
  'a real deadlock between two transactions answers 409, and the other transaction commits',
  async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-deadlock' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: en(MSG.concurrentChange) });
    // The survivor's two updates committed; the victim's first one was rolled back with it.
    const rows = await queryRows<{ n: number }>(t.app.db, sql`select n from deadlock_probe order by id`);
    expect(rows.map((r) => Number(r.n))).toEqual([1, 1]);
  },
);

it('any other database error stays a 500 with a reference', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/test-other-error' });
  expect(res.statusCode).toBe(500);
  expect(res.json().message).toMatch(/reference [0-9a-f-]{36}/);
});
