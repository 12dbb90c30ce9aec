import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';

// Items per day per user (ITEM_LIMIT_PER_DAY); admins are exempt.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ITEM_LIMIT_PER_DAY: '3', ADMIN_USERNAME: 'quota_admin', ADMIN_PASSWORD: 'admin-password' });
});
afterAll(async () => {
  await t?.close();
});

async function poster(client: TestClient) {
  const imageUrl = (await client.upload([{ data: await jpegWithGps() }])).json().imageUrl as string;
  return (n: number) =>
    client.post('/api/items', {
      title: `Chair number ${n}`,
      description: 'Solid oak, collect any evening.',
      imageUrl,
      latitude: 40.7,
      longitude: -74,
    });
}
const itemsOf = async (userId: number) =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from items where user_id = ${userId}`))[0]!.n;

it("refuses a user's items past ITEM_LIMIT_PER_DAY with 429, Retry-After and a message, storing nothing; another user is not affected", async () => {
  const alice = new TestClient(t.app);
  const me = await alice.register(uniqueName('items'));
  const post = await poster(alice);
  for (let n = 1; n <= 3; n++) expect((await post(n)).statusCode).toBe(201);

  const refused = await post(4);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  expect(refused.json()).toEqual({ message: expect.stringMatching(/^You can add up to 3 items a day\. Please try again in 24 hours\.$/) });
  expect(await itemsOf(me.id)).toBe(3);

  const bob = new TestClient(t.app);
  await bob.register(uniqueName('items'));
  expect((await (await poster(bob))(1)).statusCode).toBe(201);
});

it('does not hold an admin to the item quota', async () => {
  const admin = new TestClient(t.app);
  await admin.login('quota_admin', 'admin-password');
  const post = await poster(admin);
  for (let n = 1; n <= 5; n++) expect((await post(n)).statusCode).toBe(201);
});
