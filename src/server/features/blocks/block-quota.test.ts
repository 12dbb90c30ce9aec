import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

// Blocks in total per user (BLOCK_LIMIT).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BLOCK_LIMIT: '2' });
});
afterAll(async () => {
  await t?.close();
});

async function someone() {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName('b'));
  return { client, ...user };
}

it('refuses a block past BLOCK_LIMIT with 409 and a message, storing nothing; lifting one makes room; another user is not affected', async () => {
  const alice = await someone();
  const [b, c, d] = [await someone(), await someone(), await someone()];
  const first = await alice.client.post('/api/blocks', { username: b.username });
  expect(first.statusCode).toBe(201);
  expect((await alice.client.post('/api/blocks', { username: c.username })).statusCode).toBe(201);

  const refused = await alice.client.post('/api/blocks', { username: d.username });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({ message: 'You can block up to 2 people. Unblock someone to block another.' });
  expect(
    (await alice.client.get('/api/blocks'))
      .json()
      .map((x: { user: { username: string } }) => x.user.username)
      .sort(),
  ).toEqual([b.username, c.username].sort());

  expect((await d.client.post('/api/blocks', { username: alice.username })).statusCode).toBe(201);
  expect((await alice.client.request({ method: 'DELETE', url: `/api/blocks/${first.json().id}` })).statusCode).toBe(204);
  expect((await alice.client.post('/api/blocks', { username: d.username })).statusCode).toBe(201);
});

it('holds the total when blocks are asked for all at once', async () => {
  const alice = await someone();
  const others = [await someone(), await someone(), await someone(), await someone()];
  const answers = await Promise.all(others.map((o) => alice.client.post('/api/blocks', { username: o.username })));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
  expect((await alice.client.get('/api/blocks')).json()).toHaveLength(2);
});
