import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

// Notes per day per user (NOTE_LIMIT_PER_DAY) and linked people in total (LINKED_USER_LIMIT).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NOTE_LIMIT_PER_DAY: '3', LINKED_USER_LIMIT: '2' });
});
afterAll(async () => {
  await t?.close();
});

async function someone() {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName('q'));
  return { client, ...user };
}

describe('note quota', () => {
  it("refuses a user's notes past NOTE_LIMIT_PER_DAY with 429 and a message, storing nothing; another user is not affected", async () => {
    const alice = await someone();
    for (let n = 1; n <= 3; n++) expect((await alice.client.post('/api/notes', { content: `note ${n}` })).statusCode).toBe(201);

    const refused = await alice.client.post('/api/notes', { content: 'note 4' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: 'You can add up to 3 notes a day. Please try again in 24 hours.' });
    expect(
      (await alice.client.get('/api/notes'))
        .json()
        .mine.map((n: { content: string }) => n.content)
        .sort(),
    ).toEqual(['note 1', 'note 2', 'note 3']);

    const bob = await someone();
    expect((await bob.client.post('/api/notes', { content: 'mine' })).statusCode).toBe(201);
  });
});

describe('linked people limit', () => {
  it('refuses a link past LINKED_USER_LIMIT with 409 and a message, storing nothing; removing one makes room; another user is not affected', async () => {
    const alice = await someone();
    const [b, c, d] = [await someone(), await someone(), await someone()];
    const first = await alice.client.post('/api/links', { username: b.username });
    expect(first.statusCode).toBe(201);
    expect((await alice.client.post('/api/links', { username: c.username })).statusCode).toBe(201);

    const refused = await alice.client.post('/api/links', { username: d.username });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You can link up to 2 people. Remove a link to add another.' });
    expect(
      (await alice.client.get('/api/links'))
        .json()
        .links.map((l: { user: { username: string } }) => l.user.username)
        .sort(),
    ).toEqual([b.username, c.username].sort());

    expect((await d.client.post('/api/links', { username: alice.username })).statusCode).toBe(201);
    expect((await alice.client.request({ method: 'DELETE', url: `/api/links/${first.json().id}` })).statusCode).toBe(204);
    expect((await alice.client.post('/api/links', { username: d.username })).statusCode).toBe(201);
  });

  it('holds the total when links are asked for all at once', async () => {
    const alice = await someone();
    const others = [await someone(), await someone(), await someone(), await someone(), await someone()];
    const answers = await Promise.all(others.map((o) => alice.client.post('/api/links', { username: o.username })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await alice.client.get('/api/links')).json().links).toHaveLength(2);
  });
});
