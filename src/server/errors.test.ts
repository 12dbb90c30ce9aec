// How database failures reach the browser: a lost or unreachable database is a 503 with a JSON
// message (tests/system/faults.test.ts shows it end to end, through a cut TCP connection).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../shared/messages.js';
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  UNAVAILABLE.forEach(([, error], i) =>
    t.app.get(`/api/test-unavailable/${i}`, () => {
      throw error;
    }),
  );
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

it('any other database error stays a 500 with a reference', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/test-other-error' });
  expect(res.statusCode).toBe(500);
  expect(res.json().message).toMatch(/reference [0-9a-f-]{36}/);
});
