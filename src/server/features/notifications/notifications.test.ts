import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notification, type NotificationList, NOTIFICATION_TYPES } from '#shared/notifications.js';
import { type Database, openDatabase, queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { alertMatchingTask } from '../alerts/service.js';
import { expireItems } from '../items/service.js';
import { enqueue } from './outbox.js';
import { noticeExpiringListings, pruneNotifications } from './service.js';
import { type DeliveryRow, type NotificationChannel, NotificationWorker } from './worker.js';

let t: TestApp;
let owner: TestClient;
let bob: TestClient;
let carol: TestClient;
let admin: TestClient;
type Person = { id: number; username: string };
const ids: Record<'owner' | 'bob' | 'carol', Person> = {} as never;
let imageUrl: string;
const images = new Map<TestClient, string>();

/** The e-mail channel's stand-in for the queue mechanics: records what it was handed. */
class RecordingChannel implements NotificationChannel {
  name = 'email';
  delivered: DeliveryRow[] = [];
  deliver(delivery: DeliveryRow): Promise<void> {
    this.delivered.push(delivery);
    return Promise.resolve();
  }
}
const email = new RecordingChannel();

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'notify_admin', ADMIN_PASSWORD: 'admin-password' });
  // The tests run the worker's rounds themselves (`settle`), so they see each step.
  await t.app.notifications.stop();
  t.app.notifications.registerChannel(email);
  [owner, bob, carol, admin] = Array.from({ length: 4 }, () => new TestClient(t.app)) as [TestClient, TestClient, TestClient, TestClient];
  const person = ({ id, username }: Person) => ({ id, username });
  ids.owner = person(await owner.register(uniqueName('owner')));
  ids.bob = person(await bob.register(uniqueName('bob')));
  ids.carol = person(await carol.register(uniqueName('carol')));
  await admin.login('notify_admin', 'admin-password');
  imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Each test starts with everyone's bell empty.
  for (const c of [owner, bob, carol]) await c.post('/api/notifications/read', { all: true });
  await settle();
  email.delivered = [];
});

const settle = () => t.app.notifications.runOnce();

async function postItem(title: string, by = owner): Promise<number> {
  if (!images.has(by)) images.set(by, by === owner ? imageUrl : (await by.upload([{ data: await jpegWithGps() }])).json().imageUrl);
  const res = await by.post('/api/items', {
    title,
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl: images.get(by),
    latitude: 40.7128,
    longitude: -74.006,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function write(client: TestClient, itemId: number, body = 'Could I have it, please?'): Promise<number> {
  const res = await client.post(`/api/items/${itemId}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function reply(client: TestClient, conversationId: number, body = 'Sure, come by at six.'): Promise<void> {
  const res = await client.post(`/api/conversations/${conversationId}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
}

const patchItem = (client: TestClient, id: number, payload: object) =>
  client.request({ method: 'PATCH', url: `/api/items/${id}`, payload });

async function list(client: TestClient, query = ''): Promise<NotificationList> {
  const res = await client.get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

/** My unread notifications, newest first. */
const unread = async (client: TestClient): Promise<Notification[]> => (await list(client)).notifications.filter((n) => !n.read);

describe('events and who hears of them', () => {
  it("an item's first question tells its owner (item_asked); later ones are messages; the writer hears nothing", async () => {
    const itemId = await postItem('Oak chair');
    const bobConversation = await write(bob, itemId);
    await settle();
    const [asked, ...rest] = await unread(owner);
    expect(rest).toEqual([]);
    expect(asked).toMatchObject({
      type: 'item_asked',
      read: false,
      count: 1,
      actor: ids.bob,
      item: { id: itemId, title: 'Oak chair' },
      conversationId: bobConversation,
    });
    expect(await unread(bob)).toEqual([]);

    const carolConversation = await write(carol, itemId);
    await settle();
    const [message] = await unread(owner);
    expect(message).toMatchObject({ type: 'message', actor: ids.carol, conversationId: carolConversation, count: 1 });
    expect((await list(owner)).unreadCount).toBe(2);
  });

  it('a reply tells the other side; a burst in one conversation is one unread entry, updated', async () => {
    const itemId = await postItem('Lamp');
    const conversation = await write(bob, itemId);
    await settle();
    for (let i = 0; i < 10; i++) await reply(owner, conversation, `Message ${i}`);
    await settle();
    const entries = await unread(bob);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'message', count: 10, actor: ids.owner, conversationId: conversation, item: { id: itemId } });
    expect((await list(bob)).unreadCount).toBe(1);
    expect(await unread(owner)).toHaveLength(1); // bob's first question, nothing from their own replies

    // Opening the conversation reads its entry.
    expect((await bob.get(`/api/conversations/${conversation}`)).statusCode).toBe(200);
    expect((await list(bob)).unreadCount).toBe(0);

    // Once read, the next message is a new entry.
    await reply(owner, conversation);
    await settle();
    const [next] = await unread(bob);
    expect(next).toMatchObject({ count: 1 });
    expect(next!.id).not.toBe(entries[0]!.id);
  });

  it('promise, withdrawal and the item going elsewhere tell the people who asked, never the owner', async () => {
    const itemId = await postItem('Bike');
    const bobConversation = await write(bob, itemId);
    const carolConversation = await write(carol, itemId);
    await settle();
    await owner.post('/api/notifications/read', { all: true });

    expect((await owner.post(`/api/conversations/${bobConversation}/promise`, {})).statusCode).toBe(200);
    await settle();
    expect(await unread(bob)).toMatchObject([
      { type: 'item_promised', actor: ids.owner, item: { id: itemId }, conversationId: bobConversation },
    ]);
    expect(await unread(carol)).toMatchObject([
      { type: 'item_gone', actor: ids.owner, item: { id: itemId }, conversationId: carolConversation },
    ]);

    expect((await patchItem(owner, itemId, { status: 'available' })).statusCode).toBe(200);
    await settle();
    expect((await unread(bob)).map((n) => n.type)).toEqual(['promise_withdrawn', 'item_promised']);

    expect((await patchItem(owner, itemId, { status: 'taken' })).statusCode).toBe(200);
    await settle();
    // carol was told of the promise to bob; the hand-over is a second, different event for her.
    expect(await unread(carol)).toMatchObject([
      { type: 'item_given_elsewhere', count: 1, item: { id: itemId }, conversationId: carolConversation },
      { type: 'item_gone', count: 1, item: { id: itemId }, conversationId: carolConversation },
    ]);
    expect(await unread(owner)).toEqual([]);
  });

  it('a support request whose status changes tells its author, once per change', async () => {
    const filed = await bob.post('/api/support-requests', { type: 'other', description: 'The map does not load on my phone.' });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json<{ id: number }>().id;
    const patch = (status: string) => admin.request({ method: 'PATCH', url: `/api/support-requests/${id}`, payload: { status } });
    expect((await patch('in_progress')).statusCode).toBe(200);
    expect((await patch('in_progress')).statusCode).toBe(200);
    await settle();
    expect(await unread(bob)).toMatchObject([{ type: 'support_update', actor: null, supportRequest: { id, status: 'in_progress' } }]);
    expect(await unread(admin)).toEqual([]);
  });

  it('listings: "expires in 3 days" once per listing period (a renewal resets it), and "has expired"', async () => {
    const itemId = await postItem('Desk');
    const expiresIn = (days: number) =>
      t.app.db.execute(sql`update items set expires_at = now() + make_interval(days => ${days}) where id = ${itemId}`);
    await noticeExpiringListings(t.app.db);
    await settle();
    expect(await unread(owner)).toEqual([]); // 30 days left

    await expiresIn(2);
    await noticeExpiringListings(t.app.db);
    await noticeExpiringListings(t.app.db);
    await settle();
    expect(await unread(owner)).toMatchObject([{ type: 'listing_expiring', item: { id: itemId, title: 'Desk' }, actor: null }]);

    // Renewed, then (time passing) near its new end: told again.
    expect((await patchItem(owner, itemId, { renew: true })).statusCode).toBe(200);
    await noticeExpiringListings(t.app.db);
    await settle();
    expect(await unread(owner)).toHaveLength(1);
    await expiresIn(1);
    await noticeExpiringListings(t.app.db);
    await settle();
    expect((await unread(owner)).map((n) => n.type)).toEqual(['listing_expiring', 'listing_expiring']);

    await expiresIn(-1);
    await expireItems(t.app.db);
    await settle();
    expect((await unread(owner))[0]).toMatchObject({ type: 'listing_expired', item: { id: itemId } });
  });

  it('a listing renewed before the worker ran is not said to expire', async () => {
    const itemId = await postItem('Shelf');
    await t.app.db.execute(sql`update items set expires_at = now() + interval '2 days' where id = ${itemId}`);
    await noticeExpiringListings(t.app.db);
    expect((await patchItem(owner, itemId, { renew: true })).statusCode).toBe(200);
    await settle();
    expect(await unread(owner)).toEqual([]);
  });
});

describe('saved alerts', () => {
  it('a new item matching saved alerts tells each owner once (alert_matched); never the poster, nor across a block', async () => {
    const near = { latitude: 40.72, longitude: -74.0, radiusKm: 10 };
    for (const body of [{ query: 'walnut' }, { ...near }, { query: 'walnut', ...near }]) {
      expect((await carol.post('/api/alerts', body)).statusCode).toBe(201);
    }
    expect((await bob.post('/api/alerts', { query: 'walnut' })).statusCode).toBe(201);
    expect((await owner.post('/api/alerts', { query: 'walnut' })).statusCode).toBe(201);
    const block = await owner.post('/api/blocks', { username: ids.bob.username });
    expect(block.statusCode).toBe(201);

    const itemId = await postItem('Walnut side table');
    await settle();
    const told = await unread(carol);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'alert_matched', actor: ids.owner, item: { id: itemId, title: 'Walnut side table' } });
    expect(await unread(bob)).toEqual([]);
    expect(await unread(owner)).toEqual([]);
    // Carol's e-mail (a daily digest by default) is one delivery too.
    expect(email.delivered.filter((d) => d.userId === ids.carol.id).map((d) => [d.type, d.mode])).toEqual([['alert_matched', 'daily']]);

    expect((await owner.request({ method: 'DELETE', url: `/api/blocks/${block.json<{ id: number }>().id}` })).statusCode).toBe(204);
    for (const c of [carol, bob, owner]) {
      for (const { id } of (await c.get('/api/alerts')).json<{ id: number }[]>()) {
        expect((await c.request({ method: 'DELETE', url: `/api/alerts/${id}` })).statusCode).toBe(204);
      }
    }
  });
});

describe('saved alerts and edited items', () => {
  it('an edit that makes an item match tells the alert owner once; later edits, and items told of before, tell nobody again', async () => {
    expect((await carol.post('/api/alerts', { query: 'mahogany' })).statusCode).toBe(201);
    expect((await bob.post('/api/alerts', { query: 'cedar' })).statusCode).toBe(201);
    // Bob hears of the cedar chest when it is posted.
    const itemId = await postItem('Cedar chest');
    await settle();
    expect((await unread(bob)).map((n) => [n.type, n.item?.id])).toEqual([['alert_matched', itemId]]);
    expect(await unread(carol)).toEqual([]);

    // Renamed to match Carol's alert: she hears of it; Bob, who was told already, does not again.
    expect((await patchItem(owner, itemId, { title: 'Cedar and mahogany chest' })).statusCode).toBe(200);
    await settle();
    expect((await unread(carol)).map((n) => [n.type, n.item?.id])).toEqual([['alert_matched', itemId]]);
    expect((await bob.post('/api/notifications/read', { all: true })).statusCode).toBe(200);
    expect((await carol.post('/api/notifications/read', { all: true })).statusCode).toBe(200);

    // Edited again (still matching both), and a renewal: nobody is told a second time.
    expect((await patchItem(owner, itemId, { description: 'Mahogany lid, cedar inside, smells lovely.' })).statusCode).toBe(200);
    expect((await patchItem(owner, itemId, { renew: true })).statusCode).toBe(200);
    await settle();
    expect(await unread(carol)).toEqual([]);
    expect(await unread(bob)).toEqual([]);
    const jobs = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM alert_match_jobs`);
    expect(jobs[0]!.n).toBe(0);

    for (const c of [carol, bob]) {
      for (const { id } of (await c.get('/api/alerts')).json<{ id: number }[]>()) {
        expect((await c.request({ method: 'DELETE', url: `/api/alerts/${id}` })).statusCode).toBe(204);
      }
    }
  });
});

describe("saved alerts: matching is the worker's", () => {
  const jobs = async () =>
    (
      await queryRows<{ item_id: number; attempts: number; failed: boolean }>(
        t.app.db,
        sql`SELECT item_id, attempts, failed_at IS NOT NULL AS failed FROM alert_match_jobs ORDER BY item_id`,
      )
    ).map((r) => ({ itemId: Number(r.item_id), attempts: Number(r.attempts), failed: r.failed }));

  it('posting queues the item; two workers racing match it once; a deleted item takes its job along', async () => {
    expect((await carol.post('/api/alerts', { query: 'teak' })).statusCode).toBe(201);
    const itemId = await postItem('Teak bench');
    expect(await jobs()).toEqual([{ itemId, attempts: 0, failed: false }]);
    expect(await unread(carol)).toEqual([]); // the post did not wait for the matching

    const second: Database | undefined = t.config.databaseUrl
      ? await openDatabase({ databaseUrl: t.config.databaseUrl, pgliteDir: '' })
      : undefined;
    const workers = [t.app.db, second?.db ?? t.app.db].map((db) => {
      const w = new NotificationWorker(db, { intervalMs: 60_000, maxAttempts: 3 });
      w.registerTask(alertMatchingTask());
      return w;
    });
    try {
      await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    } finally {
      await second?.close();
    }
    expect(await jobs()).toEqual([]);
    const told = await unread(carol);
    expect(told.map((n) => [n.type, n.item?.id])).toEqual([['alert_matched', itemId]]);

    const gone = await postItem('Teak stool');
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${gone}` })).statusCode).toBe(204);
    expect(await jobs()).toEqual([]);
    for (const { id } of (await carol.get('/api/alerts')).json<{ id: number }[]>()) {
      await carol.request({ method: 'DELETE', url: `/api/alerts/${id}` });
    }
  });

  it('a job that keeps failing is retried with back-off, then given up and kept; other jobs go on', async () => {
    const keys = (
      body: string,
    ) => `CREATE OR REPLACE FUNCTION alert_text_keys(text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT AS $f$ BEGIN ${body}
      RETURN (SELECT coalesce(array_agg(DISTINCT substr(l.s, i, n)), '{}'::text[])
                FROM (SELECT lower($1) AS s) AS l, generate_series(1, 3) AS n, generate_series(1, length(l.s) - n + 1) AS i); END $f$`;
    const broken = await postItem('Pine crate');
    const fine = await postItem('Oak crate');
    // The database fails the matching of one item (as a bug or a broken index would).
    await t.app.db.execute(sql.raw(keys(`IF $1 LIKE 'Pine crate%' THEN RAISE EXCEPTION 'matching broke'; END IF;`)));
    try {
      const w = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 2, retryBaseMs: 1 });
      w.registerTask(alertMatchingTask());
      await w.runOnce();
      expect(await jobs()).toEqual([{ itemId: broken, attempts: 1, failed: false }]);
      expect(fine).toBeGreaterThan(broken);
      await new Promise((r) => setTimeout(r, 20));
      await w.runOnce();
      expect(await jobs()).toEqual([{ itemId: broken, attempts: 2, failed: true }]);
      await w.runOnce();
      expect(await jobs()).toEqual([{ itemId: broken, attempts: 2, failed: true }]);
      const [failed] = await queryRows<{ last_error: string }>(t.app.db, sql`SELECT last_error FROM alert_match_jobs`);
      expect(failed!.last_error).toContain('matching broke');
    } finally {
      await t.app.db.execute(sql.raw(keys('')));
      await t.app.db.execute(sql`DELETE FROM alert_match_jobs`);
    }
  });
});

describe('quiet for blocked people, never about deleted things', () => {
  it('a block made before delivery drops the notification', async () => {
    const itemId = await postItem('Rug', carol);
    const conversation = await write(bob, itemId);
    await settle();
    await reply(carol, conversation);
    const block = await bob.post('/api/blocks', { username: ids.carol.username });
    expect(block.statusCode).toBe(201);
    await settle();
    expect(await unread(bob)).toEqual([]);
    expect(email.delivered.filter((d) => d.userId === ids.bob.id)).toEqual([]);
    expect((await bob.request({ method: 'DELETE', url: `/api/blocks/${block.json<{ id: number }>().id}` })).statusCode).toBe(204);
  });

  it('an item deleted before delivery: nothing; deleted after: its notifications disappear', async () => {
    const before = await postItem('Kettle');
    await write(carol, before);
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${before}` })).statusCode).toBe(204);
    await settle();
    expect(await unread(owner)).toEqual([]);

    const after = await postItem('Toaster');
    await write(carol, after);
    await settle();
    expect(await unread(owner)).toHaveLength(1);
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${after}` })).statusCode).toBe(204);
    expect(await list(owner)).toMatchObject({ unreadCount: 0 });
    expect((await list(owner)).notifications.some((n) => n.item?.id === after)).toBe(false);
  });

  it("a deleted person's notifications (and those about them) go with them", async () => {
    const gone = new TestClient(t.app);
    const person = await gone.register(uniqueName('gone'));
    const itemId = await postItem('Vase');
    await write(gone, itemId);
    await settle();
    expect(await unread(owner)).toMatchObject([{ actor: { id: person.id } }]);
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${person.id}` })).statusCode).toBe(204);
    expect(await unread(owner)).toEqual([]);
  });
});

describe('preferences', () => {
  const prefs = (client: TestClient) => client.get('/api/me/notification-preferences');
  const put = (client: TestClient, preferences: unknown) =>
    client.request({ method: 'PUT', url: '/api/me/notification-preferences', payload: { preferences } });

  it('start at the defaults: everything in the app, by e-mail and by push, alerts in a daily digest and not by push', async () => {
    const fresh = new TestClient(t.app);
    await fresh.register(uniqueName('fresh'));
    const res = await prefs(fresh);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ channels: string[]; preferences: Record<string, Record<string, string>> }>();
    expect(body.channels).toEqual(['app', 'email']);
    expect(body.preferences.message).toEqual({ app: 'on', email: 'instant', push: 'instant' });
    expect(body.preferences.alert_matched).toEqual({ app: 'on', email: 'daily', push: 'off' });
    // Thanks after a hand-over: good news, not urgent (docs/decisions/024-profiles-thanks-phones.md).
    expect(body.preferences.thanks_received).toEqual({ app: 'on', email: 'instant', push: 'off' });
    // An answer to a support request, and a moderator's action (docs/decisions/025-moderation.md).
    expect(body.preferences.support_reply).toEqual({ app: 'on', email: 'instant', push: 'instant' });
    expect(body.preferences.moderation).toEqual({ app: 'on', email: 'instant', push: 'off' });
    expect(body.preferences.item_given_elsewhere).toEqual({ app: 'on', email: 'instant', push: 'instant' });
    expect(Object.keys(body.preferences)).toHaveLength(13);
  });

  it('turn a channel off per type; e-mail deliveries carry the chosen mode', async () => {
    const res = await put(carol, { message: { app: 'off' }, item_asked: { email: 'off' }, item_gone: { email: 'daily' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preferences.message).toEqual({ app: 'off', email: 'instant', push: 'instant' });

    const itemId = await postItem('Mirror', carol);
    const conversation = await write(bob, itemId); // item_asked: app on, e-mail off
    await reply(bob, conversation); // message: app off, e-mail on
    await settle();
    expect((await unread(carol)).map((n) => n.type)).toEqual(['item_asked']);
    expect(email.delivered.filter((d) => d.userId === ids.carol.id).map((d) => [d.type, d.mode])).toEqual([['message', 'instant']]);

    await put(carol, { message: { app: 'on' }, item_asked: { email: 'instant' } });
  });

  it('refuse unknown types, channels and modes with 400, changing nothing', async () => {
    for (const bad of [
      { nope: { app: 'on' } },
      { message: { sms: 'on' } },
      { message: { app: 'daily' } },
      { message: { push: 'daily' } },
      { message: 'off' },
      [],
    ]) {
      const res = await put(bob, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await prefs(bob)).json().preferences.message).toEqual({ app: 'on', email: 'instant', push: 'instant' });
  });
});

describe('the list and marking read', () => {
  it('paginates newest first, and marks some (only mine) or all read', async () => {
    const dave = new TestClient(t.app);
    await dave.register(uniqueName('dave'));
    const itemIds: number[] = [];
    for (let i = 0; i < 25; i++) itemIds.push(await postItem(`Book ${i}`, dave));
    for (const id of itemIds) await write(carol, id, 'Is it still there?');
    await settle();
    const first = await list(dave, '?page=1');
    expect(first.notifications).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.unreadCount).toBe(25);
    expect(first.notifications[0]!.item!.title).toBe('Book 24');
    const second = await list(dave, '?page=2');
    expect(second.notifications).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(second.notifications.at(-1)!.item!.title).toBe('Book 0');
    expect((await list(dave, '?page=2&limit=10')).notifications[0]!.item!.title).toBe('Book 14');

    const [a, b] = first.notifications;
    // Someone else's ids change nothing.
    expect((await carol.post('/api/notifications/read', { ids: [a!.id] })).statusCode).toBe(200);
    const mine = await dave.post('/api/notifications/read', { ids: [a!.id, b!.id] });
    expect(mine.json()).toEqual({ unreadCount: 23 });
    expect((await list(dave)).notifications.slice(0, 3).map((n) => n.read)).toEqual([true, true, false]);
    expect((await dave.get('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 23 });
    expect((await dave.post('/api/notifications/read', { all: true })).json()).toEqual({ unreadCount: 0 });
  });

  it('refuses bad pages and bodies with 400, and visitors with 401', async () => {
    for (const q of ['?page=0', '?page=x', '?limit=51', '?limit=0', '?other=1'])
      expect((await bob.get(`/api/notifications${q}`)).statusCode, q).toBe(400);
    for (const body of [
      {},
      { ids: [] },
      { ids: ['1'] },
      { all: false },
      { ids: [1], all: true },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const res = await bob.post('/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/notifications')).statusCode).toBe(401);
    expect((await visitor.post('/api/notifications/read', { all: true })).statusCode).toBe(401);
  });
});

describe('the worker', () => {
  /** Events for bob from support requests of his, written straight to the outbox as a change would. */
  async function supportEvents(n: number): Promise<number[]> {
    const made: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await bob.post('/api/support-requests', { type: 'other', description: `Question number ${i} about the app.` });
      made.push(res.json<{ id: number }>().id);
    }
    await enqueue(
      t.app.db,
      made.map((supportRequestId) => ({ type: 'support_update' as const, recipientId: ids.bob.id, supportRequestId })),
    );
    return made;
  }

  it('two workers (separate connections on PostgreSQL) racing on one database deliver each notification exactly once', async () => {
    const made = await supportEvents(60);
    const second: Database | undefined = t.config.databaseUrl
      ? await openDatabase({ databaseUrl: t.config.databaseUrl, pgliteDir: '' })
      : undefined;
    const seen = new Map<number, number>();
    const counting = (): NotificationChannel => ({
      name: 'email',
      async deliver(d) {
        seen.set(d.id, (seen.get(d.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    });
    const workers = [t.app.db, second?.db ?? t.app.db].map((db) => {
      const w = new NotificationWorker(db, { intervalMs: 60_000, maxAttempts: 3, batchSize: 7 });
      w.registerChannel(counting());
      return w;
    });
    try {
      const rounds = await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
      expect(rounds.reduce((sum, r) => sum + r.events, 0)).toBe(60);
    } finally {
      await second?.close();
    }
    const entries = await queryRows<{ support_request_id: number; n: number }>(
      t.app.db,
      sql`select support_request_id, count(*)::int as n from notifications where user_id = ${ids.bob.id} and support_request_id in ${sql.raw(`(${made.join(',')})`)} group by 1`,
    );
    expect(entries).toHaveLength(60);
    expect(entries.every((e) => Number(e.n) === 1)).toBe(true);
    expect(seen.size).toBe(60);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const left = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from notification_events`);
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('retries a failing channel with back-off, gives up visibly after the last attempt; admins see it', async () => {
    await t.app.db.execute(sql`update notification_deliveries set status = 'sent' where status = 'pending'`);
    await supportEvents(1);
    const failing: NotificationChannel = {
      name: 'email',
      deliver: () => Promise.reject(new Error('SMTP 451: try again later')),
    };
    const worker = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 3, retryBaseMs: 60_000 });
    worker.registerChannel(failing);
    const pending = () =>
      queryRows<{ id: number; status: string; attempts: number; wait: number; last_error: string }>(
        t.app.db,
        sql`select id, status, attempts, extract(epoch from next_attempt_at - now())::float8 as wait, last_error
              from notification_deliveries where user_id = ${ids.bob.id} and status in ('pending', 'failed') order by id`,
      );
    const dueNow = () => t.app.db.execute(sql`update notification_deliveries set next_attempt_at = now() where status = 'pending'`);

    expect(await worker.runOnce()).toEqual({ events: 1, deliveries: 1 });
    let [row] = await pending();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP 451: try again later' });
    expect(row!.wait).toBeGreaterThan(55);
    expect(row!.wait).toBeLessThanOrEqual(60);
    expect((await worker.runOnce()).deliveries).toBe(0); // not due yet

    await dueNow();
    await worker.runOnce();
    [row] = await pending();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.wait).toBeGreaterThan(115); // doubled

    await dueNow();
    await worker.runOnce();
    [row] = await pending();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    await dueNow();
    expect((await worker.runOnce()).deliveries).toBe(0); // given up: never tried again

    const res = await admin.get('/api/admin/notification-deliveries');
    expect(res.statusCode).toBe(200);
    const failed = res.json<{ deliveries: { id: number }[]; total: number }>();
    expect(failed.total).toBeGreaterThanOrEqual(1);
    expect(failed.deliveries[0]).toMatchObject({
      id: row!.id,
      channel: 'email',
      type: 'support_update',
      user: ids.bob,
      attempts: 3,
      lastError: 'SMTP 451: try again later',
    });
    expect((await bob.get('/api/admin/notification-deliveries')).statusCode).toBe(403);
  });

  it('a postponed delivery (a digest) waits without using an attempt', async () => {
    await supportEvents(1);
    const later = new Date(Date.now() + 3_600_000);
    const worker = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 3 });
    worker.registerChannel({ name: 'email', deliver: () => Promise.resolve({ later }) });
    expect((await worker.runOnce()).deliveries).toBe(1);
    const [row] = await queryRows<{ attempts: number; status: string; wait: number }>(
      t.app.db,
      sql`select attempts, status, extract(epoch from next_attempt_at - now())::float8 as wait from notification_deliveries
           where user_id = ${ids.bob.id} and status = 'pending' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ attempts: 0, status: 'pending' });
    expect(row!.wait).toBeGreaterThan(3500);
    await t.app.db.execute(sql`update notification_deliveries set status = 'sent' where status = 'pending'`);
  });

  it('an event that cannot be handled is retried, then given up and kept, without holding up the others', async () => {
    const worker = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 2, retryBaseMs: 1 });
    // An event of a type this version does not know (written by a newer one, say): the check is lifted to write it.
    await t.app.db.execute(sql`alter table notification_events drop constraint notification_events_type_check`);
    try {
      await t.app.db.execute(sql`insert into notification_events (type, recipient_id) values ('bogus', ${ids.bob.id})`);
      await supportEvents(1);
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await worker.runOnce();
      const [bad] = await queryRows<{ attempts: number; failed: boolean; last_error: string }>(
        t.app.db,
        sql`select attempts, failed_at is not null as failed, last_error from notification_events where type = 'bogus'`,
      );
      expect(bad).toMatchObject({ attempts: 2, failed: true, last_error: 'unknown notification type bogus' });
      expect((await unread(bob)).map((n) => n.type)).toEqual(['support_update']);
    } finally {
      await t.app.db.execute(sql`delete from notification_events where type = 'bogus'`);
      const types = NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ');
      await t.app.db.execute(
        sql.raw(`alter table notification_events add constraint notification_events_type_check check (type in (${types}))`),
      );
    }
  });

  it('deleting a person while the worker handles their events neither fails nor waits for ever (PostgreSQL: no deadlock)', async () => {
    for (let round = 0; round < 3; round++) {
      const gone = new TestClient(t.app);
      const person = await gone.register(uniqueName('leaving'));
      const filed: number[] = [];
      for (let i = 0; i < 5; i++) {
        filed.push(
          (await gone.post('/api/support-requests', { type: 'other', description: `Request ${i} before leaving.` })).json<{ id: number }>()
            .id,
        );
      }
      await enqueue(
        t.app.db,
        Array.from({ length: 40 }, (_, i) => ({
          type: 'support_update' as const,
          recipientId: person.id,
          supportRequestId: filed[i % 5]!,
        })),
      );
      const worker = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 3, batchSize: 5 });
      const [deleted] = await Promise.all([admin.request({ method: 'DELETE', url: `/api/users/${person.id}` }), worker.runOnce()]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      const left = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from notification_events where recipient_id = ${person.id}`,
      );
      expect(Number(left[0]!.n)).toBe(0);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a batch whose events all wait on a locked row ends the round at once instead of claiming them again and again (PostgreSQL)',
    async () => {
      const waiting = new TestClient(t.app);
      const person = await waiting.register(uniqueName('locked'));
      const filed = (
        await waiting.post('/api/support-requests', { type: 'other', description: 'A request while my row is locked.' })
      ).json<{
        id: number;
      }>().id;
      await enqueue(
        t.app.db,
        Array.from({ length: 2 }, () => ({ type: 'support_update' as const, recipientId: person.id, supportRequestId: filed })),
      );
      // Another connection holds the person's row as a deletion does.
      const other = await openDatabase({ databaseUrl: t.config.databaseUrl!, pgliteDir: '' });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = other.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${person.id} for update`);
        locked();
        await released;
      });
      try {
        await isLocked;
        const worker = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 3, batchSize: 2 });
        const round = await Promise.race([worker.runOnce(), new Promise((r) => setTimeout(r, 3000, 'still claiming'))]);
        expect(round).toEqual({ events: 2, deliveries: 0 });
      } finally {
        release();
        await holding;
        await other.close();
      }
      // Once the row is free, the next round handles them.
      const after = await new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 3, batchSize: 2 }).runOnce();
      expect(after.events).toBeGreaterThanOrEqual(2);
      const left = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from notification_events where recipient_id = ${person.id}`,
      );
      expect(Number(left[0]!.n)).toBe(0);
    },
  );

  it('stops cleanly: close waits for the round under way and nothing runs after it', async () => {
    const other = await createTestApp({ NOTIFICATION_INTERVAL_MS: '50' });
    // Closed in the middle of a round of the app's own loop, which still has the database after close began.
    const steps: string[] = [];
    let underWay!: () => void;
    const roundUnderWay = new Promise<void>((resolve) => (underWay = resolve));
    let beginClose!: () => void;
    const closeBegun = new Promise<void>((resolve) => (beginClose = resolve));
    let rounds = 0;
    other.app.notifications.registerTask({
      name: 'held',
      async run(tx) {
        if (rounds++ > 0) return 0;
        underWay();
        await closeBegun;
        for (let i = 0; i < 20; i++) await tx.execute(sql`select ${i}`);
        steps.push('round');
        return 0;
      },
    });
    await roundUnderWay;
    const started = Date.now();
    const closed = other.close().then(() => void steps.push('closed'));
    beginClose();
    await closed;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(steps).toEqual(['round', 'closed']);
  });

  it('stop() ends a round after its batch even when work keeps coming (a shutdown under load); what is left stays due', async () => {
    const worker = new NotificationWorker(t.app.db, { intervalMs: 60_000, maxAttempts: 3, batchSize: 2 });
    worker.registerChannel(email);
    // A task that always finds a full batch: the flow of a busy site, which never lets a round end by itself.
    let batches = 0;
    let flowing = true;
    let stopping: Promise<void> | undefined;
    worker.registerTask({
      name: 'endless',
      run: () => {
        if (++batches === 3) stopping = worker.stop();
        // Through the event loop, as a real batch's queries go (the embedded database alone would not let a timer run).
        return new Promise((resolve) => setImmediate(resolve, flowing ? 2 : 0));
      },
    });
    await supportEvents(1);
    worker.start();
    worker.wake();
    await vi.waitFor(() => expect(stopping).toBeDefined());
    const waited = await Promise.race([stopping!.then(() => 'stopped'), new Promise((r) => setTimeout(r, 5000, 'still running'))]);
    flowing = false; // should the round still run, it ends now, and the other tests go on
    await stopping;
    expect(waited).toBe('stopped');
    expect(batches).toBe(3);
    // The round left before the events: bob's is still due, for the next round (here the app's own).
    expect(email.delivered).toEqual([]);
    await settle();
    expect(email.delivered.map((d) => d.userId)).toEqual([ids.bob.id]);
  });
});

describe('pruning', () => {
  it('removes bell entries and settled deliveries NOTIFICATION_KEEP_DAYS after their last change; never a pending delivery', async () => {
    const person = new TestClient(t.app);
    const { id } = await person.register(uniqueName('pruned'));
    const filed: number[] = [];
    for (const i of [1, 2, 3]) {
      filed.push((await person.post('/api/support-requests', { type: 'other', description: `Old question ${i} about it.` })).json().id);
    }
    await enqueue(
      t.app.db,
      filed.map((supportRequestId) => ({ type: 'support_update' as const, recipientId: id, supportRequestId })),
    );
    await settle();
    const ago = (days: number) => sql`now() - make_interval(days => ${days})`;
    const byRequest = (table: string, n: number) =>
      sql`${sql.identifier(table)}.user_id = ${id} AND ${sql.identifier(table)}.support_request_id = ${filed[n]!}`;
    // 1: unread, no news for 91 days; 2: read 91 days ago; 3: recent. Deliveries: sent, pending, failed, all 91 days old.
    await t.app.db.execute(sql`UPDATE notifications SET updated_at = ${ago(91)} WHERE ${byRequest('notifications', 0)}`);
    await t.app.db.execute(
      sql`UPDATE notifications SET updated_at = ${ago(91)}, read_at = ${ago(91)} WHERE ${byRequest('notifications', 1)}`,
    );
    await t.app.db.execute(
      sql`UPDATE notification_deliveries SET updated_at = ${ago(91)} WHERE ${byRequest('notification_deliveries', 0)}`,
    );
    await t.app.db.execute(
      sql`UPDATE notification_deliveries SET updated_at = ${ago(91)}, status = 'pending' WHERE ${byRequest('notification_deliveries', 1)}`,
    );
    await t.app.db.execute(
      sql`UPDATE notification_deliveries SET updated_at = ${ago(91)}, status = 'failed' WHERE ${byRequest('notification_deliveries', 2)}`,
    );

    const pruned = await pruneNotifications(t.app.db, 90);
    expect(pruned).toEqual({ notifications: 2, deliveries: 2 });
    expect((await list(person)).notifications.map((n) => n.supportRequest?.id)).toEqual([filed[2]]);
    const deliveries = await queryRows<{ support_request_id: number; status: string }>(
      t.app.db,
      sql`SELECT support_request_id, status FROM notification_deliveries WHERE user_id = ${id}`,
    );
    expect(deliveries).toEqual([{ support_request_id: filed[1], status: 'pending' }]);
    // Kept longer, nothing more goes.
    expect(await pruneNotifications(t.app.db, 365)).toEqual({ notifications: 0, deliveries: 0 });
  });
});
