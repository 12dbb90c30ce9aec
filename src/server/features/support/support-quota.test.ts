import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

// Support requests per day per user (SUPPORT_LIMIT_PER_DAY).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_LIMIT_PER_DAY: '2' });
});
afterAll(async () => {
  await t?.close();
});

const file = (client: TestClient, n: number) =>
  client.post('/api/support-requests', { type: 'other', description: `Question number ${n} about the site.` });
const requestsOf = async (userId: number) =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from support_requests where user_id = ${userId}`))[0]!.n;

it("refuses a user's support requests past SUPPORT_LIMIT_PER_DAY with 429 and a message, storing nothing; another user is not affected", async () => {
  const alice = new TestClient(t.app);
  const me = await alice.register(uniqueName('support'));
  expect((await file(alice, 1)).statusCode).toBe(201);
  expect((await file(alice, 2)).statusCode).toBe(201);

  const refused = await file(alice, 3);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json()).toEqual({ message: 'You can add up to 2 support requests a day. Please try again in 24 hours.' });
  expect(await requestsOf(me.id)).toBe(2);
  expect((await alice.get('/api/support-requests/mine')).json()).toHaveLength(2);

  const bob = new TestClient(t.app);
  await bob.register(uniqueName('support'));
  expect((await file(bob, 1)).statusCode).toBe(201);
});
