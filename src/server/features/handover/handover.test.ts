import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MSG, HANDOVER_MSG } from '#shared/conversations.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { en } from '../../test/texts.js';

let t: TestApp;
let owner: TestClient;
let bob: TestClient; // the one it is promised to
let carol: TestClient; // another who asked
let admin: TestClient;
let visitor: TestClient;
type Person = { id: number; username: string };
const ids: Record<'owner' | 'bob' | 'carol', Person> = {} as never;
let imageUrl: string;
const EXACT = { latitude: 40.7128, longitude: -74.006 };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'handover_admin', ADMIN_PASSWORD: 'admin-password' });
  [owner, bob, carol, admin, visitor] = Array.from({ length: 5 }, () => new TestClient(t.app)) as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  const person = ({ id, username }: Person) => ({ id, username });
  ids.owner = person(await owner.register(uniqueName('owner')));
  ids.bob = person(await bob.register(uniqueName('bob')));
  ids.carol = person(await carol.register(uniqueName('carol')));
  await admin.login('handover_admin', 'admin-password');
  imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
});
afterAll(async () => {
  await t?.close();
});

async function postItem(title: string): Promise<number> {
  const res = await owner.post('/api/items', {
    title,
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl,
    ...EXACT,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function write(client: TestClient, itemId: number, body = 'Could I have it, please?'): Promise<number> {
  const res = await client.post(`/api/items/${itemId}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

type Detail = { status: string; promisedTo: Person | null; latitude: number; longitude: number; locationIsApproximate: boolean };
const detail = async (client: TestClient, itemId: number) => {
  const res = await client.get(`/api/items/${itemId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
};

/** The bodies of the app's notes (no sender) in one of my conversations, oldest first. */
const appNotes = async (client: TestClient, conversationId: number): Promise<string[]> => {
  const res = await client.get(`/api/conversations/${conversationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ messages: { senderId: number | null; body: string }[] }>()
    .messages.filter((m) => m.senderId === null)
    .map((m) => m.body);
};

const unread = async (client: TestClient) => (await client.get('/api/conversations/unread-count')).json<{ unread: number }>().unread;

const listed = async (title: string) =>
  (await visitor.get(`/api/items?query=${encodeURIComponent(title)}&tag=${encodeURIComponent(title)}`)).json<{ items: { id: number }[] }>()
    .items;

const promise = (client: TestClient, conversationId: number | string) => client.post(`/api/conversations/${conversationId}/promise`, {});

/** An item with a conversation from bob and one from carol. */
async function itemWithTwoAsking(title = `Oak chair ${uniqueName('h')}`) {
  const itemId = await postItem(title);
  const bobConversation = await write(bob, itemId);
  const carolConversation = await write(carol, itemId);
  return { title, itemId, bobConversation, carolConversation };
}

const messageCount = async () => (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from messages`))[0]!.n;

describe('promising an item to one person who wrote', () => {
  it('takes it out of the lists, shows it promised, tells both sides, and shows the exact place to the promisee only', async () => {
    const { title, itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    expect(await listed(title)).toHaveLength(1);
    const ownerUnreadBefore = await unread(owner);
    await owner.get(`/api/conversations/${bobConversation}`);
    await owner.get(`/api/conversations/${carolConversation}`);

    const res = await promise(owner, bobConversation);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ id: itemId, status: 'promised', promisedHere: true });

    expect(await listed(title)).toEqual([]);
    expect(await detail(visitor, itemId)).toMatchObject({ status: 'promised', promisedTo: null, locationIsApproximate: true });
    expect(await detail(carol, itemId)).toMatchObject({ status: 'promised', promisedTo: null, locationIsApproximate: true });
    expect(await detail(bob, itemId)).toMatchObject({ status: 'promised', promisedTo: ids.bob, ...EXACT, locationIsApproximate: false });
    expect(await detail(owner, itemId)).toMatchObject({ promisedTo: ids.bob, ...EXACT });
    expect((await detail(admin, itemId)).promisedTo).toEqual(ids.bob);

    const carolUnread = await unread(carol);
    expect(await appNotes(bob, bobConversation)).toEqual([HANDOVER_MSG.promisedToYou]);
    expect(await appNotes(carol, carolConversation)).toEqual([HANDOVER_MSG.promisedToOther]);
    expect(carolUnread).toBeGreaterThanOrEqual(1);
    expect(await unread(carol)).toBe(carolUnread - 1);
    // The owner's own change does not count as news for the owner.
    expect(await unread(owner)).toBeLessThanOrEqual(ownerUnreadBefore);

    // Carol's summary says it is promised, not to her.
    const carolList = (await carol.get('/api/conversations')).json<{ id: number; item: { status: string; promisedHere: boolean } }[]>();
    expect(carolList.find((c) => c.id === carolConversation)?.item).toMatchObject({ status: 'promised', promisedHere: false });
  });

  it('is idempotent for the same person and refused for another while it stands', async () => {
    const { itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    expect((await promise(owner, bobConversation)).statusCode).toBe(200);
    const before = await messageCount();
    expect((await promise(owner, bobConversation)).statusCode).toBe(200);
    expect(await messageCount()).toBe(before);
    const other = await promise(owner, carolConversation);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: en(HANDOVER_MSG.promisedElsewhere) });
    expect((await detail(owner, itemId)).promisedTo).toEqual(ids.bob);
    expect(await messageCount()).toBe(before);
  });

  it('refuses new askers but lets the conversations go on', async () => {
    const { itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    expect((await promise(owner, bobConversation)).statusCode).toBe(200);
    const dave = new TestClient(t.app);
    await dave.register(uniqueName('dave'));
    const res = await dave.post(`/api/items/${itemId}/messages`, { body: 'Is it still there?' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: en(CONVERSATION_MSG.itemGone) });
    expect(
      (await carol.post(`/api/conversations/${carolConversation}/messages`, { body: 'If it falls through, I am here.' })).statusCode,
    ).toBe(201);
  });

  it('answers 401 to a visitor, 403 to the requester, 404 to anyone else and for unknown ids, 400 for malformed ones', async () => {
    const { itemId, bobConversation } = await itemWithTwoAsking();
    const before = await messageCount();
    expect((await promise(visitor, bobConversation)).statusCode).toBe(401);
    const byRequester = await promise(bob, bobConversation);
    expect(byRequester.statusCode).toBe(403);
    expect(byRequester.json()).toEqual({ message: en(HANDOVER_MSG.ownerOnly) });
    const byCarol = await promise(carol, bobConversation);
    expect(byCarol.statusCode).toBe(404);
    expect(byCarol.json()).toEqual({ message: en(CONVERSATION_MSG.notFound) });
    // The admin has no part in the conversation either.
    expect((await promise(admin, bobConversation)).statusCode).toBe(404);
    expect((await promise(owner, 999_999_999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(20)]) {
      const res = await promise(owner, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await detail(owner, itemId)).status).toBe('available');
    expect(await messageCount()).toBe(before);
  });

  it('is refused for an item that is taken or past its expiry', async () => {
    const taken = await itemWithTwoAsking();
    expect((await owner.request({ method: 'PATCH', url: `/api/items/${taken.itemId}`, payload: { status: 'taken' } })).statusCode).toBe(
      200,
    );
    const res = await promise(owner, taken.bobConversation);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: en(HANDOVER_MSG.notOffered) });

    const lapsed = await itemWithTwoAsking();
    await t.app.db.execute(sql`update items set expires_at = now() - interval '1 day' where id = ${lapsed.itemId}`);
    expect((await promise(owner, lapsed.bobConversation)).statusCode).toBe(400);
    expect((await detail(owner, lapsed.itemId)).status).toBe('available');
  });
});

const patch = (client: TestClient, itemId: number, payload: object) =>
  client.request({ method: 'PATCH', url: `/api/items/${itemId}`, payload });

describe('withdrawing a promise and handing the item over', () => {
  it('withdrawing puts it back in the lists and tells both sides', async () => {
    const { title, itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    await promise(owner, bobConversation);
    const res = await patch(owner, itemId, { status: 'available' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'available', promisedTo: null });
    expect(await listed(title)).toHaveLength(1);
    expect(await appNotes(bob, bobConversation)).toEqual([HANDOVER_MSG.promisedToYou, HANDOVER_MSG.withdrawnFromYou]);
    expect(await appNotes(carol, carolConversation)).toEqual([HANDOVER_MSG.promisedToOther, HANDOVER_MSG.availableAgain]);
    expect((await detail(bob, itemId)).locationIsApproximate).toBe(true);
  });

  it('marking it given keeps who got it and tells the others it has gone', async () => {
    const { itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    await promise(owner, bobConversation);
    const res = await patch(owner, itemId, { status: 'taken' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'taken', promisedTo: ids.bob });
    expect(await appNotes(bob, bobConversation)).toEqual([HANDOVER_MSG.promisedToYou, HANDOVER_MSG.givenToYou]);
    expect(await appNotes(carol, carolConversation)).toEqual([HANDOVER_MSG.promisedToOther, HANDOVER_MSG.goneToOther]);
    expect(await detail(bob, itemId)).toMatchObject({ ...EXACT, promisedTo: ids.bob });
    expect(await detail(carol, itemId)).toMatchObject({ status: 'taken', promisedTo: null, locationIsApproximate: true });
  });

  it('the owner reads the notes from their own side, in the conversation and in the list, the requesters from theirs', async () => {
    const { itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    await promise(owner, bobConversation);
    expect(await appNotes(owner, bobConversation)).toEqual(['You have promised this item to them. Agree here on when they pick it up.']);
    expect(await appNotes(owner, carolConversation)).toEqual(['You have promised this item to someone else.']);
    expect((await patch(owner, itemId, { status: 'available' })).statusCode).toBe(200);
    expect((await appNotes(owner, bobConversation)).at(-1)).toBe('You have withdrawn the promise: the item is available again.');
    expect((await appNotes(owner, carolConversation)).at(-1)).toBe('You have made this item available again.');
    await promise(owner, bobConversation);
    expect((await patch(owner, itemId, { status: 'taken' })).statusCode).toBe(200);
    expect((await appNotes(owner, bobConversation)).at(-1)).toBe('You have marked this item as given to them.');
    expect((await appNotes(owner, carolConversation)).at(-1)).toBe('You have marked this item as given.');
    const ownerList = (await owner.get('/api/conversations')).json<{ id: number; lastMessage: { body: string } | null }[]>();
    expect(ownerList.find((c) => c.id === bobConversation)?.lastMessage?.body).toBe('You have marked this item as given to them.');
    // The requesters still read what was written for them.
    expect((await appNotes(bob, bobConversation)).at(-1)).toBe(HANDOVER_MSG.givenToYou);
    expect((await appNotes(carol, carolConversation)).at(-1)).toBe(HANDOVER_MSG.goneToOther);
    const bobList = (await bob.get('/api/conversations')).json<{ id: number; lastMessage: { body: string } | null }[]>();
    expect(bobList.find((c) => c.id === bobConversation)?.lastMessage?.body).toBe(HANDOVER_MSG.givenToYou);
  });

  it('marking it taken without a promise tells everyone who asked that it has gone', async () => {
    const { itemId, bobConversation, carolConversation } = await itemWithTwoAsking();
    expect((await patch(owner, itemId, { status: 'taken' })).statusCode).toBe(200);
    expect(await appNotes(bob, bobConversation)).toEqual([HANDOVER_MSG.goneToOther]);
    expect(await appNotes(carol, carolConversation)).toEqual([HANDOVER_MSG.goneToOther]);
    // Again: nothing new.
    const before = await messageCount();
    expect((await patch(owner, itemId, { status: 'taken' })).statusCode).toBe(200);
    expect(await messageCount()).toBe(before);
  });

  it('only the owner or an admin may change it; requesters get 403', async () => {
    const { itemId, bobConversation } = await itemWithTwoAsking();
    await promise(owner, bobConversation);
    expect((await patch(bob, itemId, { status: 'taken' })).statusCode).toBe(403);
    expect((await patch(visitor, itemId, { status: 'taken' })).statusCode).toBe(401);
    expect((await patch(owner, itemId, { status: 'promised' })).statusCode).toBe(400);
    expect((await detail(owner, itemId)).status).toBe('promised');
    expect((await patch(admin, itemId, { status: 'available' })).statusCode).toBe(200);
  });

  it('deleting the promisee puts the item back on offer', async () => {
    const { title, itemId } = await itemWithTwoAsking();
    const erin = new TestClient(t.app);
    const erinUser = await erin.register(uniqueName('erin'));
    const conversation = await write(erin, itemId);
    expect((await promise(owner, conversation)).statusCode).toBe(200);
    const res = await admin.request({ method: 'DELETE', url: `/api/users/${erinUser.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await detail(owner, itemId)).toMatchObject({ status: 'available', promisedTo: null });
    expect(await listed(title)).toHaveLength(1);
  });
});

type MyItems = {
  items: { id: number; status: string; promisedTo: Person | null; conversations: number; expiresAt: string }[];
  pagination: { total: number };
};

describe('GET /api/me/items', () => {
  it('lists my items in every state, newest first, filtered by state; never anyone else’s', async () => {
    const mine = new TestClient(t.app);
    await mine.register(uniqueName('mine'));
    const post = async (title: string) => {
      const res = await mine.post('/api/items', {
        title,
        description: 'Ten characters or more here.',
        imageUrl: (await mine.upload([{ data: await jpegWithGps() }])).json().imageUrl,
        ...EXACT,
      });
      return res.json<{ id: number }>().id;
    };
    const a = await post('First thing');
    const b = await post('Second thing');
    const c = await post('Third thing');
    await write(bob, b);
    await patch(mine, a, { status: 'taken' });
    await t.app.db.execute(sql`update items set expires_at = now() - interval '1 day' where id = ${c}`);

    const all = (await mine.get('/api/me/items')).json<MyItems>();
    expect(all.items.map((i) => [i.id, i.status, i.conversations])).toEqual([
      [c, 'expired', 0],
      [b, 'available', 1],
      [a, 'taken', 0],
    ]);
    expect(all.pagination.total).toBe(3);
    expect((await mine.get('/api/me/items?status=expired')).json<MyItems>().items.map((i) => i.id)).toEqual([c]);
    expect((await mine.get('/api/me/items?status=available')).json<MyItems>().items.map((i) => i.id)).toEqual([b]);
    expect((await mine.get('/api/me/items?limit=1&page=2')).json<MyItems>().items.map((i) => i.id)).toEqual([b]);

    // Renewing the expired one lists it again.
    const renewed = await patch(mine, c, { renew: true });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().status).toBe('available');
    expect(Date.parse(renewed.json().expiresAt)).toBeGreaterThan(Date.now());
    expect((await mine.get('/api/me/items?status=expired')).json<MyItems>().items).toEqual([]);

    expect((await bob.get('/api/me/items')).json<MyItems>().items.some((i) => [a, b, c].includes(i.id))).toBe(false);
  });

  it('answers 401 to a visitor and 400 to a bad filter or page', async () => {
    expect((await visitor.get('/api/me/items')).statusCode).toBe(401);
    for (const q of ['status=gone', 'page=0', 'page=-1', 'page=1.5', 'limit=51', 'limit=x']) {
      const res = await owner.get(`/api/me/items?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
