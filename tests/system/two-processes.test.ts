// Two app processes on one PostgreSQL database (and one Redis): any process serves any user.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import { redisGate } from '../../src/server/test/redis.js';
import { createScratchDatabase, HttpClient, PG_SERVER_URL, PORT_BASE, REDIS_URL, type ServerProcess, startServer } from './support.js';

const AUTH_LIMIT = 4;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  db = await createScratchDatabase(PG_SERVER_URL, 'system_two');
  // Client addresses come from X-Forwarded-For, so this test's rate-limit keys in the shared Redis are its own.
  const env = { DATABASE_URL: db.url, REDIS_URL, TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT) };
  [a, b] = await Promise.all([startServer(PORT_BASE + 2, env), startServer(PORT_BASE + 3, env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

it('a user signed in through one process is signed in through the other, and items show in both', async () => {
  const browser = new HttpClient(a.url, { 'x-forwarded-for': someAddress() });
  const name = `two_${Date.now() % 100000}`;
  await browser.register(name);

  // The session cookie (and the CSRF token) from A work on B.
  const onB = await browser.get('/api/user', b.url);
  expect(onB.status).toBe(200);
  expect(await onB.json()).toMatchObject({ username: name });

  // An item posted through B is listed by A.
  browser.base = b.url;
  const itemId = await browser.postItem(await imageOf('png'), 'Two-process bookshelf');
  const list = (await (await browser.get('/api/items?page=1', a.url)).json()) as { items: { id: number }[] };
  expect(list.items.map((i) => i.id)).toContain(itemId);
  expect((await browser.get(`/api/items/${itemId}`, a.url)).status).toBe(200);

  // Signing out through A ends the session for B too, even for a copy of the old cookie.
  const stolen = new HttpClient(b.url);
  for (const [k, v] of browser.cookies) stolen.cookies.set(k, v);
  expect((await browser.post('/api/logout', undefined, a.url)).status).toBe(204);
  expect((await stolen.get('/api/user')).status).toBe(401);
});

const gate = await redisGate(REDIS_URL);

describe.skipIf(gate.skip)(gate.title(`with Redis (${REDIS_URL})`), () => {
  beforeAll(() => {
    if (!gate.answers) throw new Error(gate.failure);
  });

  it('with REDIS_URL the login rate limit counts across both processes', async () => {
    const attacker = new HttpClient(a.url, { 'x-forwarded-for': someAddress() });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const res = await attacker.post('/api/login', { username: 'nobody_here', password: 'wrong-password' }, i % 2 ? b.url : a.url);
      statuses.push(res.status);
    }
    // Per process, each would have allowed AUTH_LIMIT attempts; together they allow AUTH_LIMIT.
    expect(statuses.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(401));
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429]);
  });
});
