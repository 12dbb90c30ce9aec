import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MSG, MESSAGE_MAX } from '#shared/conversations.js';
import { ITEM_MSG } from '#shared/item-format.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { en } from '../../test/texts.js';

let t: TestApp;
let owner: TestClient; // posts the items people write about
let bob: TestClient; // a requester
let carol: TestClient; // another requester, a third person to bob's conversations
let admin: TestClient; // no special powers over conversations
let visitor: TestClient;
type Person = { id: number; username: string };
const ids: Record<'owner' | 'bob' | 'carol' | 'admin', Person> = {} as never;
let imageUrl: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'conv_admin', ADMIN_PASSWORD: 'admin-password' });
  owner = new TestClient(t.app);
  bob = new TestClient(t.app);
  carol = new TestClient(t.app);
  admin = new TestClient(t.app);
  visitor = new TestClient(t.app);
  ids.owner = await owner.register(uniqueName('owner'));
  ids.bob = await bob.register(uniqueName('bob'));
  ids.carol = await carol.register(uniqueName('carol'));
  ids.admin = await admin.login('conv_admin', 'admin-password');
  imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
});
afterAll(async () => {
  await t?.close();
});

async function postItem(client: TestClient, title = 'A sturdy oak chair', image?: string): Promise<number> {
  // An item shows only its poster's own upload.
  image ??= client === owner ? imageUrl : (await client.upload([{ data: await jpegWithGps() }])).json<{ imageUrl: string }>().imageUrl;
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

/** Writes about an item and answers the conversation (the test fails on anything but 201). */
async function write(client: TestClient, itemId: number, body: string) {
  const res = await client.post(`/api/items/${itemId}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function reply(client: TestClient, conversationId: number, body: string) {
  const res = await client.post(`/api/conversations/${conversationId}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const unread = async (client: TestClient): Promise<number> => {
  const res = await client.get('/api/conversations/unread-count');
  expect(res.statusCode).toBe(200);
  return res.json<{ unread: number }>().unread;
};

const list = async (client: TestClient) => {
  const res = await client.get('/api/conversations');
  expect(res.statusCode).toBe(200);
  return res.json<
    {
      id: number;
      unread: number;
      role: string;
      other: Person;
      item: { id: number };
      lastMessage: { body: string } | null;
      updatedAt: string;
    }[]
  >();
};

const countRows = async (table: 'conversations' | 'messages') =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

const stored = async () => ({ conversations: await countRows('conversations'), messages: await countRows('messages') });

const send = (client: TestClient, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  client.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('who may call the conversations API', () => {
  it.each([
    ['POST', '/api/items/1/messages'],
    ['GET', '/api/conversations'],
    ['GET', '/api/conversations/unread-count'],
    ['GET', '/api/conversations/1'],
    ['POST', '/api/conversations/1/messages'],
  ] as const)('%s %s answers 401 to a visitor, even with a malformed body or id', async (method, url) => {
    const itemId = await postItem(owner);
    for (const target of [url.replace('/1/', `/${itemId}/`), url.replace('/1', '/abc')]) {
      const res = await send(visitor, method, target, method === 'POST' ? { body: 42 } : undefined);
      expect(res.statusCode, target).toBe(401);
      expect(res.json()).toEqual({ message: 'You must be signed in' });
    }
  });

  it('stores nothing for a visitor', async () => {
    const before = await stored();
    const itemId = await postItem(owner);
    expect((await visitor.post(`/api/items/${itemId}/messages`, { body: 'Hello, is it still there?' })).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('POST /api/items/:id/messages', () => {
  it('opens a conversation with the owner and answers it with the message', async () => {
    const itemId = await postItem(owner, 'Garden chair');
    const res = await bob.post(`/api/items/${itemId}/messages`, { body: '  Hi! Could I pick it up tomorrow?  ' });
    expect(res.statusCode).toBe(201);
    const conversation = res.json();
    const message = {
      id: expect.any(Number),
      conversationId: conversation.id,
      senderId: ids.bob.id,
      body: 'Hi! Could I pick it up tomorrow?',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    };
    expect(conversation).toEqual({
      id: expect.any(Number),
      item: {
        id: itemId,
        promisedHere: false,
        title: 'Garden chair',
        thumbnailUrl: imageUrl.replace('.webp', '-thumb.webp'),
        status: 'available',
        type: 'offer',
      },
      other: { id: ids.owner.id, username: ids.owner.username },
      role: 'requester',
      lastMessage: message,
      unread: 0,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      messages: [message],
    });
    expect(conversation.lastMessage).toEqual(conversation.messages[0]);
  });

  it('reuses the conversation about the same item for the next message', async () => {
    const itemId = await postItem(owner);
    const first = await write(bob, itemId, 'Is it still available?');
    const second = await write(bob, itemId, 'I could come at 6 pm.');
    expect(second.id).toBe(first.id);
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(['Is it still available?', 'I could come at 6 pm.']);
    expect(second.lastMessage.body).toBe('I could come at 6 pm.');
  });

  it('lands racing first messages in one conversation (the unique index decides)', async () => {
    const itemId = await postItem(owner);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => carol.post(`/api/items/${itemId}/messages`, { body: `Message ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const [row] = await queryRows<{ conversations: number; messages: number }>(
      t.app.db,
      sql`select count(distinct c.id)::int as conversations, count(m.id)::int as messages
            from conversations c join messages m on m.conversation_id = c.id where c.item_id = ${itemId}`,
    );
    expect(row).toEqual({ conversations: 1, messages: 6 });
  });

  it('refuses the owner writing about their own item', async () => {
    const itemId = await postItem(owner);
    const before = await stored();
    const res = await owner.post(`/api/items/${itemId}/messages`, { body: 'Talking to myself' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.ownItem) });
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for an unknown item', async () => {
    const before = await stored();
    const res = await bob.post('/api/items/999999/messages', { body: 'Hello?' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: en(ITEM_MSG.notFound) });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['taken', sql`update items set status = 'taken'`],
    ['expired', sql`update items set status = 'expired'`],
    ['past its expiry, not yet marked', sql`update items set expires_at = now() - interval '1 minute'`],
  ])('refuses a new conversation about an item that is %s', async (_what, change) => {
    const itemId = await postItem(owner);
    await t.app.db.execute(sql`${change} where id = ${itemId}`);
    const before = await stored();
    const res = await bob.post(`/api/items/${itemId}/messages`, { body: 'Can I still have it?' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.itemGone) });
    expect(await stored()).toEqual(before);
  });

  it('refuses an item marked taken through the API, and a deleted one', async () => {
    const itemId = await postItem(owner);
    expect((await owner.request({ method: 'PATCH', url: `/api/items/${itemId}`, payload: { status: 'taken' } })).statusCode).toBe(200);
    expect((await bob.post(`/api/items/${itemId}/messages`, { body: 'Still there?' })).json()).toEqual({
      message: en(CONVERSATION_MSG.itemGone),
    });
    const gone = await postItem(owner);
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${gone}` })).statusCode).toBe(204);
    expect((await bob.post(`/api/items/${gone}/messages`, { body: 'Still there?' })).json()).toEqual({ message: en(ITEM_MSG.notFound) });
  });

  it('treats an admin writing about an item like anyone else', async () => {
    const itemId = await postItem(owner);
    const conversation = await write(admin, itemId, 'Hello from a neighbour who is also an admin');
    expect(conversation).toMatchObject({ role: 'requester', other: { id: ids.owner.id } });
  });
});

describe('replies: POST /api/conversations/:id/messages', () => {
  it('lets both sides reply, answers the message and moves the conversation up', async () => {
    const itemId = await postItem(owner);
    const opened = await write(bob, itemId, 'May I have it?');
    const answer = await reply(owner, opened.id, 'Yes, come by after 5.');
    expect(answer).toEqual({
      id: expect.any(Number),
      conversationId: opened.id,
      senderId: ids.owner.id,
      body: 'Yes, come by after 5.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const back = await reply(bob, opened.id, 'Great, see you!');
    expect(back.senderId).toBe(ids.bob.id);
    const detail = (await bob.get(`/api/conversations/${opened.id}`)).json();
    expect(detail.messages.map((m: { senderId: number; body: string }) => [m.senderId, m.body])).toEqual([
      [ids.bob.id, 'May I have it?'],
      [ids.owner.id, 'Yes, come by after 5.'],
      [ids.bob.id, 'Great, see you!'],
    ]);
    expect(Date.parse(detail.updatedAt)).toBeGreaterThanOrEqual(Date.parse(back.createdAt));
    expect(Date.parse(detail.updatedAt)).toBeGreaterThan(Date.parse(opened.updatedAt));
  });

  it('keeps a conversation open after the item is taken or expired (to arrange the hand-over)', async () => {
    const itemId = await postItem(owner);
    const opened = await write(bob, itemId, 'I would love it');
    await owner.request({ method: 'PATCH', url: `/api/items/${itemId}`, payload: { status: 'taken' } });
    await reply(owner, opened.id, 'It is yours: Saturday at 10?');
    await reply(bob, opened.id, 'Saturday at 10 works.');
    await t.app.db.execute(sql`update items set status = 'expired' where id = ${itemId}`);
    await reply(bob, opened.id, 'On my way');
    const detail = (await owner.get(`/api/conversations/${opened.id}`)).json();
    expect(detail.item.status).toBe('expired');
    // Four from the two of them, and the app's note to bob when the item was marked taken.
    expect(detail.messages).toHaveLength(5);
    expect(detail.messages.filter((m: { senderId: number | null }) => m.senderId !== null)).toHaveLength(4);
    // A new conversation about it is still refused.
    expect((await carol.post(`/api/items/${itemId}/messages`, { body: 'Me too?' })).json()).toEqual({
      message: en(CONVERSATION_MSG.itemGone),
    });
  });

  it('answers 404 to a third user and to an admin, and stores nothing', async () => {
    const itemId = await postItem(owner);
    const opened = await write(bob, itemId, 'Private question');
    const before = await stored();
    for (const stranger of [carol, admin]) {
      const res = await stranger.post(`/api/conversations/${opened.id}/messages`, { body: 'Butting in' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.notFound) });
    }
    expect(await stored()).toEqual(before);
    const res = await bob.post('/api/conversations/999999/messages', { body: 'Anyone?' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.notFound) });
  });
});

describe('reading: GET /api/conversations/:id', () => {
  it('shows the conversation to both sides from their own point of view', async () => {
    const itemId = await postItem(owner, 'Bread maker');
    const opened = await write(bob, itemId, 'Does it work?');
    const asOwner = (await owner.get(`/api/conversations/${opened.id}`)).json();
    expect(asOwner).toMatchObject({
      id: opened.id,
      role: 'owner',
      other: { id: ids.bob.id, username: ids.bob.username },
      item: { id: itemId, title: 'Bread maker' },
    });
    const asBob = (await bob.get(`/api/conversations/${opened.id}`)).json();
    expect(asBob).toMatchObject({ id: opened.id, role: 'requester', other: { id: ids.owner.id, username: ids.owner.username } });
    expect(asBob.messages).toEqual(asOwner.messages);
  });

  it('answers 404 to a third user and to an admin: others’ conversations do not exist for them', async () => {
    const itemId = await postItem(owner);
    const opened = await write(bob, itemId, 'Just between us');
    for (const stranger of [carol, admin]) {
      const res = await stranger.get(`/api/conversations/${opened.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.notFound) });
    }
    expect((await bob.get('/api/conversations/999999')).json()).toEqual({ message: en(CONVERSATION_MSG.notFound) });
    // Nor did their attempt mark anything read for the owner.
    expect((await list(owner)).find((c) => c.id === opened.id)?.unread).toBe(1);
  });

  it('shows the newest 500 messages, oldest first', async () => {
    const itemId = await postItem(owner);
    const opened = await write(bob, itemId, 'Message 0');
    await t.app.db.execute(
      sql`insert into messages (conversation_id, sender_id, body)
          select ${opened.id}, ${ids.bob.id}, 'Message ' || n from generate_series(1, 520) as n`,
    );
    const detail = (await bob.get(`/api/conversations/${opened.id}`)).json();
    expect(detail.messages).toHaveLength(500);
    expect(detail.messages[0].body).toBe('Message 21');
    expect(detail.messages.at(-1).body).toBe('Message 520');
    expect(detail.lastMessage.body).toBe('Message 520');
  });
});

describe('unread counts', () => {
  // Fresh people, so the counts of the other tests do not mix in.
  let giver: TestClient;
  let asker: TestClient;
  let giverId: number;
  let askerId: number;

  beforeAll(async () => {
    giver = new TestClient(t.app);
    asker = new TestClient(t.app);
    giverId = (await giver.register(uniqueName('giver'))).id;
    askerId = (await asker.register(uniqueName('asker'))).id;
  });

  it('rise for the other side, not for the sender, and clear when the conversation is read', async () => {
    const itemId = await postItem(giver);
    expect(await unread(giver)).toBe(0);
    const opened = await write(asker, itemId, 'First question');
    await write(asker, itemId, 'Second question');
    expect(await unread(giver)).toBe(2);
    expect(await unread(asker)).toBe(0);
    expect((await list(giver)).find((c) => c.id === opened.id)).toMatchObject({ unread: 2, role: 'owner', other: { id: askerId } });
    expect((await list(asker)).find((c) => c.id === opened.id)).toMatchObject({ unread: 0, role: 'requester', other: { id: giverId } });

    const read = (await giver.get(`/api/conversations/${opened.id}`)).json();
    expect(read.unread).toBe(0);
    expect(await unread(giver)).toBe(0);
    expect((await list(giver)).find((c) => c.id === opened.id)?.unread).toBe(0);

    await reply(giver, opened.id, 'An answer');
    expect(await unread(asker)).toBe(1);
    expect(await unread(giver)).toBe(0);
    await asker.get(`/api/conversations/${opened.id}`);
    expect(await unread(asker)).toBe(0);
  });

  it('clear for the sender when they reply without opening the conversation first', async () => {
    const itemId = await postItem(giver);
    const opened = await write(asker, itemId, 'Hello');
    expect(await unread(giver)).toBe(1);
    await reply(giver, opened.id, 'Hi, yes it is still here');
    expect(await unread(giver)).toBe(0);
    await reply(giver, opened.id, 'Come whenever you like');
    expect(await unread(asker)).toBe(2);
    await write(asker, itemId, 'Thanks, on my way');
    expect(await unread(asker)).toBe(0);
  });

  it('add up over several conversations and count messages from the app for the requester only', async () => {
    const [giverBase, askerBase] = [await unread(giver), await unread(asker)];
    const first = await write(asker, await postItem(giver), 'About the first item');
    const second = await write(asker, await postItem(giver), 'About the second item');
    expect(await unread(giver)).toBe(giverBase + 2);
    await t.app.db.execute(sql`insert into messages (conversation_id, sender_id, body) values (${second.id}, null, 'This item has gone')`);
    await t.app.db.execute(sql`update conversations set updated_at = now() where id = ${second.id}`);
    // The app writes when the owner changes the item: news for the requester, not for the owner.
    expect(await unread(giver)).toBe(giverBase + 2);
    expect(await unread(asker)).toBe(askerBase + 1);
    const asAsker = (await list(asker)).find((c) => c.id === second.id)!;
    expect(asAsker).toMatchObject({ unread: 1, lastMessage: { senderId: null, body: 'This item has gone' } });
    await giver.get(`/api/conversations/${first.id}`);
    expect(await unread(giver)).toBe(giverBase + 1);
    await giver.get(`/api/conversations/${second.id}`);
    await asker.get(`/api/conversations/${second.id}`);
    expect([await unread(giver), await unread(asker)]).toEqual([giverBase, askerBase]);
  });

  it('are not touched by reading again with nothing new', async () => {
    const opened = await write(asker, await postItem(giver), 'Ping');
    const readAt = async () =>
      (
        await queryRows<{ read_at: string }>(
          t.app.db,
          sql`select owner_last_read_at::text as read_at from conversations where id = ${opened.id}`,
        )
      )[0]!.read_at;
    const base = await unread(giver);
    await giver.get(`/api/conversations/${opened.id}`);
    expect(await unread(giver)).toBe(base - 1);
    const first = await readAt();
    expect(first).not.toBeNull();
    // An open conversation page polls: reading again with nothing new does not write.
    await giver.get(`/api/conversations/${opened.id}`);
    expect(await readAt()).toBe(first);
    await write(asker, opened.item.id, 'Pong');
    await giver.get(`/api/conversations/${opened.id}`);
    expect(await readAt()).not.toBe(first);
    expect(await unread(giver)).toBe(base - 1);
  });
});

describe('GET /api/conversations', () => {
  let seller: TestClient;
  let sellerId: number;

  beforeAll(async () => {
    seller = new TestClient(t.app);
    sellerId = (await seller.register(uniqueName('seller'))).id;
  });

  it('shows the owner each requester’s conversation separately, and each requester only their own', async () => {
    const itemId = await postItem(seller, 'Bicycle');
    const fromBob = await write(bob, itemId, 'Bob here: is the bike still there?');
    const fromCarol = await write(carol, itemId, 'Carol here: I would like the bike');
    expect(fromCarol.id).not.toBe(fromBob.id);

    const mine = await list(seller);
    expect(mine.map((c) => [c.id, c.role, c.other.id, c.lastMessage?.body])).toEqual([
      [fromCarol.id, 'owner', ids.carol.id, 'Carol here: I would like the bike'],
      [fromBob.id, 'owner', ids.bob.id, 'Bob here: is the bike still there?'],
    ]);
    const bobs = (await list(bob)).filter((c) => c.item.id === itemId);
    expect(bobs.map((c) => [c.id, c.role, c.other.id])).toEqual([[fromBob.id, 'requester', sellerId]]);
    const carols = (await list(carol)).filter((c) => c.item.id === itemId);
    expect(carols.map((c) => c.id)).toEqual([fromCarol.id]);
    expect((await carol.get(`/api/conversations/${fromBob.id}`)).statusCode).toBe(404);
    expect((await list(admin)).some((c) => c.id === fromBob.id || c.id === fromCarol.id)).toBe(false);
  });

  it('lists conversations from both sides, newest activity first', async () => {
    const trader = new TestClient(t.app);
    await trader.register(uniqueName('trader'));
    const a = await write(trader, await postItem(seller, 'Item A'), 'About A');
    const b = await write(trader, await postItem(seller, 'Item B'), 'About B');
    const own = await write(bob, await postItem(trader, 'Trader’s lamp'), 'About the lamp');
    expect((await list(trader)).map((c) => c.id)).toEqual([own.id, b.id, a.id]);

    await reply(seller, a.id, 'Reply about A');
    const after = await list(trader);
    expect(after.map((c) => [c.id, c.role, c.item.id])).toEqual([
      [a.id, 'requester', a.item.id],
      [own.id, 'owner', own.item.id],
      [b.id, 'requester', b.item.id],
    ]);
    expect(after[0]).toMatchObject({ other: { id: sellerId }, unread: 1, lastMessage: { body: 'Reply about A', senderId: sellerId } });
    expect(after[1]).toMatchObject({ other: { id: ids.bob.id }, unread: 1 });
    const times = after.map((c) => c.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is empty for someone who has written to nobody', async () => {
    const quiet = new TestClient(t.app);
    await quiet.register(uniqueName('quiet'));
    expect(await list(quiet)).toEqual([]);
    expect(await unread(quiet)).toBe(0);
  });
});

describe('hostile and malformed input', () => {
  let itemId: number;
  let conversationId: number;

  beforeAll(async () => {
    itemId = await postItem(owner);
    conversationId = (await write(bob, itemId, 'Opening message')).id;
  });

  it('stores and returns HTML and script text unchanged, as text', async () => {
    const body = `<script>alert(1)</script><img src=x onerror="alert('x')"> & &amp; '); drop table messages; -- 100% _x_ \\ 🙂`;
    const opened = await write(bob, itemId, body);
    expect(opened.lastMessage.body).toBe(body);
    const answer = await reply(owner, conversationId, body);
    expect(answer.body).toBe(body);
    const res = await owner.get(`/api/conversations/${conversationId}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(
      res
        .json()
        .messages.slice(-2)
        .map((m: { body: string }) => m.body),
    ).toEqual([body, body]);
    const [row] = await queryRows<{ body: string }>(t.app.db, sql`select body from messages where id = ${answer.id}`);
    expect(row!.body).toBe(body);
  });

  it('accepts a message of exactly MESSAGE_MAX characters (spaces around it trimmed first)', async () => {
    const body = 'x'.repeat(MESSAGE_MAX);
    expect((await reply(bob, conversationId, `  ${body}\n`)).body).toBe(body);
  });

  const badBodies: [string, unknown, string][] = [
    ['no body field', {}, en(CONVERSATION_MSG.bodyRequired)],
    ['an empty body', { body: '' }, en(CONVERSATION_MSG.bodyRequired)],
    ['only whitespace', { body: '  \n\t ' }, en(CONVERSATION_MSG.bodyRequired)],
    ['a number', { body: 42 }, en(CONVERSATION_MSG.bodyRequired)],
    ['null', { body: null }, en(CONVERSATION_MSG.bodyRequired)],
    ['a list', { body: ['hi'] }, en(CONVERSATION_MSG.bodyRequired)],
    ['an object', { body: { text: 'hi' } }, en(CONVERSATION_MSG.bodyRequired)],
    ['one character too many', { body: 'x'.repeat(MESSAGE_MAX + 1) }, en(CONVERSATION_MSG.bodyMax)],
    ['50,000 characters', { body: 'y'.repeat(50_000) }, en(CONVERSATION_MSG.bodyMax)],
    ['an extra senderId', { body: 'fine', senderId: 1 }, 'Unrecognized key: "senderId"'],
    ['an extra conversationId', { body: 'fine', conversationId: 1 }, 'Unrecognized key: "conversationId"'],
    ['a list instead of an object', ['body'], 'The request body must be a JSON object'],
  ];

  it.each(badBodies)('POST /api/items/:id/messages refuses %s with 400 and stores nothing', async (_what, payload, message) => {
    const other = await postItem(owner);
    const before = await stored();
    const res = await carol.post(`/api/items/${other}/messages`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it.each(badBodies)('POST /api/conversations/:id/messages refuses %s with 400 and stores nothing', async (_what, payload, message) => {
    const before = await stored();
    const res = await owner.post(`/api/conversations/${conversationId}/messages`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('refuses a body over the request size limit with 413 and a message, not a crash', async () => {
    const before = await stored();
    for (const url of [`/api/items/${itemId}/messages`, `/api/conversations/${conversationId}/messages`]) {
      const res = await bob.post(url, { body: 'z'.repeat(200_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses text that is not JSON (415) and a write without the CSRF token (403)', async () => {
    const before = await stored();
    const plain = await bob.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    const noToken = await bob.post(`/api/conversations/${conversationId}/messages`, { body: 'hello' }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  // PostgreSQL text cannot hold U+0000: the database refuses it, errors.ts answers 400, the transaction leaves nothing.
  it('refuses a message with a NUL character with 400 and stores nothing', async () => {
    const before = await stored();
    const fresh = await postItem(owner);
    const afterItem = await stored();
    expect(afterItem).toEqual(before);
    for (const url of [`/api/items/${fresh}/messages`, `/api/conversations/${conversationId}/messages`]) {
      const res = await bob.post(url, { body: 'before\u0000after' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await stored()).toEqual(before);
  });

  const badIds = ['abc', '0', '-1', '1.5', '1e3', '0x10', '9999999999', "1'%20or%20'1'='1"];

  it.each(badIds)('answers 400 for the malformed conversation id %s', async (bad) => {
    const before = await stored();
    for (const res of [await bob.get(`/api/conversations/${bad}`), await bob.post(`/api/conversations/${bad}/messages`, { body: 'hi' })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Conversation id must be a whole number' });
    }
    expect(await stored()).toEqual(before);
  });

  it.each(badIds)('answers 400 for the malformed item id %s', async (bad) => {
    const before = await stored();
    const res = await bob.post(`/api/items/${bad}/messages`, { body: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Item id must be a whole number' });
    expect(await stored()).toEqual(before);
  });
});

describe('deleting the item', () => {
  it('removes its conversations and their messages for both sides', async () => {
    const itemId = await postItem(owner, 'Soon gone');
    const fromBob = await write(bob, itemId, 'Bob asks');
    const fromCarol = await write(carol, itemId, 'Carol asks');
    await reply(owner, fromBob.id, 'Owner answers Bob');
    const unreadBefore = { bob: await unread(bob), owner: await unread(owner) };

    expect((await owner.request({ method: 'DELETE', url: `/api/items/${itemId}` })).statusCode).toBe(204);

    for (const client of [owner, bob, carol]) {
      expect((await list(client)).some((c) => c.item.id === itemId)).toBe(false);
    }
    expect((await bob.get(`/api/conversations/${fromBob.id}`)).statusCode).toBe(404);
    expect((await bob.post(`/api/conversations/${fromBob.id}/messages`, { body: 'Hello?' })).json()).toEqual({
      message: en(CONVERSATION_MSG.notFound),
    });
    const [left] = await queryRows<{ conversations: number; messages: number }>(
      t.app.db,
      sql`select (select count(*)::int from conversations where id in (${fromBob.id}, ${fromCarol.id})) as conversations,
                 (select count(*)::int from messages where conversation_id in (${fromBob.id}, ${fromCarol.id})) as messages`,
    );
    expect(left).toEqual({ conversations: 0, messages: 0 });
    expect(await unread(bob)).toBe(unreadBefore.bob - 1);
    // The owner had read Bob's message by answering it; Carol's was still waiting.
    expect(await unread(owner)).toBe(unreadBefore.owner - 1);
  });
});

describe('how many messages one may send', () => {
  it('refuses the 31st message within a minute with 429 and stores nothing, while others can still send', async () => {
    // An app of its own, with the default limit (30 a minute) and counters no other test has touched.
    const limited = await createTestApp();
    try {
      // All three share one address: the limit is per user, not per address.
      const [seller, chatty, neighbour] = [new TestClient(limited.app), new TestClient(limited.app), new TestClient(limited.app)];
      await seller.register(uniqueName('seller'));
      await chatty.register(uniqueName('chatty'));
      await neighbour.register(uniqueName('neighbour'));
      const itemId = await postItem(seller, 'A much wanted lamp', (await seller.upload([{ data: await jpegWithGps() }])).json().imageUrl);
      const messages = async () => (await queryRows<{ n: number }>(limited.app.db, sql`select count(*)::int as n from messages`))[0]!.n;

      const first = await chatty.post(`/api/items/${itemId}/messages`, { body: 'Message 1' });
      expect(first.statusCode, first.body).toBe(201);
      const conversationId = first.json<{ id: number }>().id;
      // Both ways of sending count against one limit.
      for (let i = 2; i <= 30; i++) {
        const res =
          i % 2 === 0
            ? await chatty.post(`/api/conversations/${conversationId}/messages`, { body: `Message ${i}` })
            : await chatty.post(`/api/items/${itemId}/messages`, { body: `Message ${i}` });
        expect(res.statusCode, `message ${i}: ${res.body}`).toBe(201);
      }

      const before = await messages();
      for (const url of [`/api/conversations/${conversationId}/messages`, `/api/items/${itemId}/messages`]) {
        const res = await chatty.post(url, { body: 'Message 31' });
        expect(res.statusCode, url).toBe(429);
        expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many requests, please try again later \(in .+\)$/) });
      }
      expect(await messages()).toBe(before);

      expect((await seller.post(`/api/conversations/${conversationId}/messages`, { body: 'Slow down, please' })).statusCode).toBe(201);
      expect((await neighbour.post(`/api/items/${itemId}/messages`, { body: 'Is the lamp still there?' })).statusCode).toBe(201);
      expect(await messages()).toBe(before + 2);
    } finally {
      await limited.close();
    }
  });
});
