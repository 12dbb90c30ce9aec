import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MSG } from '#shared/conversations.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { en } from '../../test/texts.js';

let t: TestApp;
let alice: TestClient; // blocks people
let bob: TestClient; // blocked by alice
let carol: TestClient; // a third person
let admin: TestClient; // no powers over other people's blocks
let visitor: TestClient;
type Person = { id: number; username: string };
const ids: Record<'alice' | 'bob' | 'carol' | 'admin', Person> = {} as never;
let imageUrl: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'blocks_admin', ADMIN_PASSWORD: 'admin-password' });
  alice = new TestClient(t.app);
  bob = new TestClient(t.app);
  carol = new TestClient(t.app);
  admin = new TestClient(t.app);
  visitor = new TestClient(t.app);
  ids.alice = await alice.register(uniqueName('alice'));
  ids.bob = await bob.register(uniqueName('bob'));
  ids.carol = await carol.register(uniqueName('carol'));
  ids.admin = await admin.login('blocks_admin', 'admin-password');
  imageUrl = (await alice.upload([{ data: await jpegWithGps() }])).json().imageUrl;
});
afterAll(async () => {
  await t?.close();
});

const send = (client: TestClient, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  client.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const countRows = async (table: 'user_blocks' | 'conversations' | 'messages') =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const stored = async () => ({
  blocks: await countRows('user_blocks'),
  conversations: await countRows('conversations'),
  messages: await countRows('messages'),
});

async function block(client: TestClient, username: string): Promise<{ id: number; user: Person; createdAt: string }> {
  const res = await client.post('/api/blocks', { username });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const unblock = (client: TestClient, id: number) => send(client, 'DELETE', `/api/blocks/${id}`);
const blockedBy = async (client: TestClient) => {
  const res = await client.get('/api/blocks');
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number; user: Person; createdAt: string }[]>();
};

async function postItem(client: TestClient, title = 'A sturdy oak chair'): Promise<number> {
  // An item shows only its poster's own upload.
  const image = client === alice ? imageUrl : (await client.upload([{ data: await jpegWithGps() }])).json().imageUrl;
  const res = await client.post('/api/items', {
    title,
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl: image,
    latitude: 40.7128,
    longitude: -74.006,
    tags: ['Furniture'],
  });
  if (res.statusCode !== 201) throw new Error(`post item: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}
const writeAbout = (client: TestClient, itemId: number, body: string) => client.post(`/api/items/${itemId}/messages`, { body });
const reply = (client: TestClient, conversationId: number, body: string) =>
  client.post(`/api/conversations/${conversationId}/messages`, { body });

describe('who may call the blocks API', () => {
  it.each([
    ['GET', '/api/blocks'],
    ['POST', '/api/blocks'],
    ['DELETE', '/api/blocks/1'],
  ] as const)('%s %s answers 401 to a visitor, even with a malformed body or id, and stores nothing', async (method, url) => {
    const before = await stored();
    for (const target of [url, url.replace('/1', '/abc')]) {
      const res = await send(visitor, method, target, method === 'POST' ? { username: 42 } : undefined);
      expect(res.statusCode, target).toBe(401);
      expect(res.json()).toEqual({ message: 'You must be signed in' });
    }
    expect((await visitor.post('/api/blocks', { username: ids.bob.username })).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('POST, GET and DELETE /api/blocks', () => {
  it('blocks a user by name in any letter case and lists my blocks newest first', async () => {
    const res = await carol.post('/api/blocks', { username: `  ${ids.alice.username.toUpperCase()} `, userId: ids.bob.id });
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toEqual({
      id: expect.any(Number),
      user: { id: ids.alice.id, username: ids.alice.username },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await block(carol, ids.bob.username);
    expect((await blockedBy(carol)).map((b) => b.id)).toEqual([second.id, first.id]);
    expect(await blockedBy(carol)).toEqual([second, first]);
    // Only the blocker sees their blocks: the blocked and everyone else, admin included, see their own (none).
    expect(await blockedBy(alice)).toEqual([]);
    expect(await blockedBy(bob)).toEqual([]);
    expect(await blockedBy(admin)).toEqual([]);
    for (const b of [first, second]) expect((await unblock(carol, b.id)).statusCode).toBe(204);
    expect(await blockedBy(carol)).toEqual([]);
  });

  it('lets an admin block and be blocked like anyone else', async () => {
    const byAdmin = await block(admin, ids.carol.username);
    // The admin made by ADMIN_USERNAME starts hidden: to others its name is unknown until it is visible.
    const hidden = await carol.post('/api/blocks', { username: ids.admin.username });
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: 'User not found' }]);
    expect((await admin.request({ method: 'PATCH', url: '/api/me', payload: { isVisible: true } })).statusCode).toBe(200);
    const ofAdmin = await block(carol, ids.admin.username);
    expect(await blockedBy(admin)).toEqual([byAdmin]);
    expect(await blockedBy(carol)).toEqual([ofAdmin]);
    expect((await unblock(admin, byAdmin.id)).statusCode).toBe(204);
    expect((await unblock(carol, ofAdmin.id)).statusCode).toBe(204);
  });

  it.each([
    [{ username: 'nobody_by_this_name' }, 404, 'User not found'],
    [{}, 400, 'Username is required'],
    [{ username: '   ' }, 400, 'Username is required'],
    [{ username: 42 }, 400, 'Username is required'],
    [['username'], 400, 'The request body must be a JSON object'],
  ])('refuses %j with %i and stores nothing', async (body, status, message) => {
    const before = await stored();
    const res = await alice.post('/api/blocks', body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('refuses blocking yourself (any letter case) with 400 and stores nothing', async () => {
    const before = await stored();
    for (const [client, name] of [
      [alice, ids.alice.username.toUpperCase()],
      [admin, ids.admin.username],
    ] as const) {
      const res = await client.post('/api/blocks', { username: name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'You cannot block yourself' });
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses blocking the same user twice, also when the requests race', async () => {
    const first = await block(alice, ids.carol.username);
    const before = await stored();
    const again = await alice.post('/api/blocks', { username: ids.carol.username.toUpperCase() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'You have already blocked this user' });
    expect(await stored()).toEqual(before);
    expect((await unblock(alice, first.id)).statusCode).toBe(204);

    const racing = await Promise.all(Array.from({ length: 5 }, () => alice.post('/api/blocks', { username: ids.carol.username })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of racing.filter((r) => r.statusCode === 400)) expect(r.json()).toEqual({ message: 'You have already blocked this user' });
    const [only] = await blockedBy(alice);
    expect(await blockedBy(alice)).toHaveLength(1);
    // Blocking back is a block of its own, not a duplicate.
    const back = await block(carol, ids.alice.username);
    expect((await unblock(carol, back.id)).statusCode).toBe(204);
    expect((await unblock(alice, only!.id)).statusCode).toBe(204);
  });

  it('lifts only my own block: anyone else, admin and the blocked person included, gets 404', async () => {
    const mine = await block(alice, ids.carol.username);
    for (const client of [bob, carol, admin]) {
      const res = await unblock(client, mine.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Block not found' });
    }
    expect(await blockedBy(alice)).toEqual([mine]);
    expect((await unblock(alice, mine.id)).statusCode).toBe(204);
    expect((await unblock(alice, mine.id)).json()).toEqual({ message: 'Block not found' });
    expect((await unblock(alice, 999999)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed block id', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '9999999999']) {
      const res = await unblock(alice, bad as unknown as number);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: 'Block id must be a whole number' });
    }
  });

  it('goes when the blocked account is deleted', async () => {
    const [temp] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into users (username, password) values (${uniqueName('gone')}, 'x') returning id`,
    );
    const [row] = await queryRows<{ username: string }>(t.app.db, sql`select username from users where id = ${temp!.id}`);
    await block(alice, row!.username);
    const before = await countRows('user_blocks');
    await t.app.db.execute(sql`delete from users where id = ${temp!.id}`);
    expect(await countRows('user_blocks')).toBe(before - 1);
    expect(await blockedBy(alice)).toEqual([]);
  });
});

describe('a block stops messages both ways', () => {
  it('after alice blocks bob: bob cannot write about her item nor reply, she cannot write to him; unblocking restores both', async () => {
    const aliceItem = await postItem(alice, 'Oak chair of alice');
    const aliceOther = await postItem(alice, 'Lamp of alice');
    const bobItem = await postItem(bob, 'Bike of bob');
    const opened = await writeAbout(bob, aliceItem, 'Hello, is it still there?');
    expect(opened.statusCode, opened.body).toBe(201);
    const conversation = opened.json<{ id: number }>().id;
    const ownConversation = await writeAbout(alice, bobItem, 'Could I have the bike?');
    expect(ownConversation.statusCode, ownConversation.body).toBe(201);
    const aliceAsRequester = ownConversation.json<{ id: number }>().id;

    const theBlock = await block(alice, ids.bob.username);
    const before = await stored();
    const refusals = [
      () => writeAbout(bob, aliceItem, 'Hello again?'), // bob, existing conversation about her item
      () => writeAbout(bob, aliceOther, 'And the lamp?'), // bob, a new conversation
      () => reply(bob, conversation, 'Are you there?'), // bob replies as requester
      () => reply(alice, conversation, 'Sorry, no.'), // alice replies as owner
      () => writeAbout(alice, bobItem, 'Still want the bike'), // alice writes about bob's item
      () => reply(alice, aliceAsRequester, 'Hello?'), // alice replies as requester
      () => reply(bob, aliceAsRequester, 'Here it is'), // bob replies as owner
    ];
    for (const attempt of refusals) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.blocked) });
    }
    expect(await stored()).toEqual(before);

    // A third person is not affected by the block.
    expect((await writeAbout(carol, aliceItem, 'Is the chair free?')).statusCode).toBe(201);

    expect((await unblock(alice, theBlock.id)).statusCode).toBe(204);
    expect((await writeAbout(bob, aliceOther, 'And the lamp?')).statusCode).toBe(201);
    expect((await reply(bob, conversation, 'Are you there?')).statusCode).toBe(201);
    expect((await reply(alice, conversation, 'Yes, come by.')).statusCode).toBe(201);
    expect((await reply(bob, aliceAsRequester, 'Here it is')).statusCode).toBe(201);
  });

  it('a block by the other side stops messages just the same', async () => {
    const aliceItem = await postItem(alice, 'Table of alice');
    const theBlock = await block(bob, ids.alice.username);
    const before = await stored();
    // bob blocked alice: bob cannot write to her, and she cannot write to him.
    const res = await writeAbout(bob, aliceItem, 'Is the table free?');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.blocked) });
    expect(await stored()).toEqual(before);
    expect((await unblock(bob, theBlock.id)).statusCode).toBe(204);
    expect((await writeAbout(bob, aliceItem, 'Is the table free?')).statusCode).toBe(201);
  });
});
