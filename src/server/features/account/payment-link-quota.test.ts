import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

// Payment links in total per user (PAYMENT_LINK_LIMIT; 400 past it, as the links' contract has always said).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_LINK_LIMIT: '2' });
});
afterAll(async () => {
  await t?.close();
});

async function someone() {
  const client = new TestClient(t.app);
  await client.register(uniqueName('pay'));
  const vendorId = (await client.get('/api/vendors')).json().find((v: { name: string }) => v.name === 'PayPal').id as number;
  return { client, add: (paymentId: string) => client.post('/api/me/payment-ids', { vendorId, paymentId }) };
}
const linksOf = async (client: TestClient) => (await client.get('/api/me/settings')).json().paymentIds as { paymentId: string }[];

it('refuses a payment link past PAYMENT_LINK_LIMIT with a message, storing nothing, also when asked for all at once; another user is not affected', async () => {
  const alice = await someone();
  const answers = await Promise.all(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'].map(alice.add));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 400, 400]);
  for (const refused of answers.filter((a) => a.statusCode === 400)) {
    expect(refused.json()).toEqual({ message: 'You can add up to 2 payment links' });
  }
  expect(await linksOf(alice.client)).toHaveLength(2);

  const bob = await someone();
  expect((await bob.add('bob@example.com')).statusCode).toBe(201);
});
