import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEventType, publish } from '../../plugins/live.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { openSse, type SseEvent, type SseStream } from '../../test/sse.js';
import { en } from '../../test/texts.js';
import { MSG } from '#shared/messages.js';

const PER_USER = 3;
const PER_PROCESS = 8;
let t: TestApp;
let base: string;
let owner: TestClient;
let bob: TestClient;
let carol: TestClient;
const ids: Record<'owner' | 'bob' | 'carol', number> = { owner: 0, bob: 0, carol: 0 };
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({
    LIVE_STREAMS_PER_USER: String(PER_USER),
    LIVE_STREAMS_MAX: String(PER_PROCESS),
    LIVE_HEARTBEAT_SECONDS: '1',
    ADMIN_USERNAME: 'live_admin',
    ADMIN_PASSWORD: 'admin-password',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = new TestClient(t.app);
  bob = new TestClient(t.app);
  carol = new TestClient(t.app);
  ids.owner = (await owner.register(uniqueName('owner'))).id;
  ids.bob = (await bob.register(uniqueName('bob'))).id;
  ids.carol = (await carol.register(uniqueName('carol'))).id;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens the client's event stream (kept to be closed after the test). */
async function events(client: TestClient, headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await openSse(`${base}/api/events`, { cookie: cookieOf(client), ...headers });
  open.push(stream);
  return stream;
}

/** Closes streams and waits until the server has let go of them all. */
async function closeAll(): Promise<void> {
  for (const s of open.splice(0)) s.close();
  await waitFor(() => t.app.live.size === 0);
}

async function waitFor(condition: () => boolean, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let markers = 0;
/**
 * Once the app's work has settled (its answers, background tasks, a worker round), sends `userId` a
 * marker event through the channel and waits for it on `stream`: whatever was published for them
 * before arrives before it, so what the stream holds then is all it will ever get of that.
 */
async function marker(stream: SseStream, userId: number, type: LiveEventType): Promise<SseEvent> {
  await t.app.settled();
  const data = JSON.stringify({ marker: ++markers });
  await publish(t.app.db, [userId], type, { marker: markers });
  await waitFor(() => stream.events.some((e) => e.data === data));
  return stream.events.find((e) => e.data === data)!;
}

async function postItem(client: TestClient): Promise<number> {
  const imageUrl = (await client.upload([{ data: await jpegWithGps() }])).json<{ imageUrl: string }>().imageUrl;
  const res = await client.post('/api/items', {
    title: 'A sturdy oak chair',
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl,
    latitude: 40.7128,
    longitude: -74.006,
    tags: ['Furniture'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('GET /api/events', () => {
  it('is 401 with a JSON message for a visitor', async () => {
    const stream = await openSse(`${base}/api/events`);
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body)).toEqual({ message: en(MSG.notSignedIn) });
  });

  it('is an uncompressed, unbuffered event stream that says how long to wait before reconnecting', async () => {
    const stream = await events(owner, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['content-encoding'] ?? 'identity').toBe('identity');
    // The security headers of every answer are there too.
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    await waitFor(() => stream.retry !== undefined);
    expect(stream.retry).toBe(3000);
    await closeAll();
  });

  it('sends a heartbeat comment line at the configured interval', async () => {
    const stream = await events(owner);
    await waitFor(() => stream.comments >= 2, 3500);
    expect(stream.events).toEqual([]);
    await closeAll();
  });

  it('tells both sides of a conversation of a new message (ids only) and the recipient their unread count; nobody else', async () => {
    const itemId = await postItem(owner);
    const [ownerStream, bobStream, carolStream] = [await events(owner), await events(bob), await events(carol)];
    const sent = await bob.post(`/api/items/${itemId}/messages`, { body: 'Is the chair still there?' });
    expect(sent.statusCode).toBe(201);
    const conversationId = sent.json<{ id: number }>().id;

    const toOwner = await ownerStream.next('message');
    expect(JSON.parse(toOwner.data)).toEqual({ conversationId, messageId: expect.any(Number) });
    expect(toOwner.data).not.toContain('chair');
    expect(toOwner.id).toMatch(/^[0-9a-z]+-\d+$/);
    expect(JSON.parse((await ownerStream.next('unread')).data)).toEqual({ unread: 1 });
    // The sender's other tabs hear of it too; their count did not change.
    expect(JSON.parse((await bobStream.next('message')).data)).toMatchObject({ conversationId });

    // The owner reading the conversation updates the owner's badge in every tab; a reply reaches bob.
    const seen = ownerStream.events.length;
    expect((await owner.get(`/api/conversations/${conversationId}`)).statusCode).toBe(200);
    expect(JSON.parse((await ownerStream.next('unread', 2000, seen)).data)).toEqual({ unread: 0 });
    expect((await owner.post(`/api/conversations/${conversationId}/messages`, { body: 'Yes, come by.' })).statusCode).toBe(201);
    expect(JSON.parse((await bobStream.next('unread')).data)).toEqual({ unread: 1 });

    // Carol is no side of it and heard nothing: the marker sent after it all is the first thing she hears.
    const mark = await marker(carolStream, ids.carol, 'message');
    expect(carolStream.events).toEqual([mark]);
    await closeAll();
  });

  it('tells a person of a new notification when the worker has written it, and their other tabs when they read it', async () => {
    await t.app.notifications.runOnce();
    expect((await owner.post('/api/notifications/read', { all: true })).statusCode).toBe(200);
    const itemId = await postItem(owner);
    const [ownerStream, carolStream] = [await events(owner), await events(carol)];
    expect((await carol.post(`/api/items/${itemId}/messages`, { body: 'Still free?' })).statusCode).toBe(201);
    await t.app.notifications.runOnce();
    expect(JSON.parse((await ownerStream.next('notification')).data)).toEqual({ type: 'item_asked' });
    expect((await owner.get('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 1 });

    const seen = ownerStream.events.length;
    expect((await owner.post('/api/notifications/read', { all: true })).statusCode).toBe(200);
    expect(JSON.parse((await ownerStream.next('notification', 2000, seen)).data)).toEqual({ read: 1 });
    // The writer is told nothing of their own question.
    expect(carolStream.events.filter((e) => e.event === 'notification')).toEqual([]);
    await closeAll();
  });

  it('tells the owner and the people who asked of an item change, but not someone on either side of a block', async () => {
    const itemId = await postItem(owner);
    const conversationId = (await bob.post(`/api/items/${itemId}/messages`, { body: 'Me please' })).json<{ id: number }>().id;
    expect((await carol.post(`/api/items/${itemId}/messages`, { body: 'Or me' })).statusCode).toBe(201);
    expect(
      (await owner.post('/api/blocks', { username: (await carol.get('/api/user')).json<{ username: string }>().username })).statusCode,
    ).toBe(201);

    const [ownerStream, bobStream, carolStream] = [await events(owner), await events(bob), await events(carol)];
    expect((await owner.post(`/api/conversations/${conversationId}/promise`)).statusCode).toBe(200);
    expect(JSON.parse((await ownerStream.next('item')).data)).toEqual({ itemId, status: 'promised' });
    expect(JSON.parse((await bobStream.next('item')).data)).toEqual({ itemId, status: 'promised' });
    // Carol hears of no item until the marker sent after it all.
    const mark = await marker(carolStream, ids.carol, 'item');
    expect(carolStream.events.filter((e) => e.event === 'item')).toEqual([mark]);
    await closeAll();
  });

  it('tells the admins, and nobody else, when a support request or a report is filed or changed', async () => {
    const admin = new TestClient(t.app);
    await admin.login('live_admin', 'admin-password');
    const [adminStream, bobStream] = [await events(admin), await events(bob)];
    const filed = await bob.post('/api/support-requests', { type: 'other', description: 'The map does not load on my phone.' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(JSON.parse((await adminStream.next('admin')).data)).toEqual({ list: 'support' });
    const reply = await bob.post(`/api/support-requests/${filed.json<{ id: number }>().id}/replies`, { body: 'Still broken today.' });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const username = (await carol.get('/api/user')).json<{ username: string }>().username;
    const report = await bob.post('/api/reports', { username, reason: 'spam', details: 'Sends the same advert to everyone.' });
    expect(report.statusCode, report.body).toBe(201);
    await waitFor(() => adminStream.events.filter((e) => e.event === 'admin').length === 3);
    expect(adminStream.events.filter((e) => e.event === 'admin').map((e) => JSON.parse(e.data))).toEqual([
      { list: 'support' },
      { list: 'support' },
      { list: 'reports' },
    ]);
    const mark = await marker(bobStream, ids.bob, 'admin');
    expect(bobStream.events.filter((e) => e.event === 'admin')).toEqual([mark]);
    await closeAll();
  });

  it('sends an event published in a transaction only when it commits', async () => {
    const stream = await events(carol);
    await t.app.db
      .transaction(async (tx) => {
        await publish(tx, [ids.carol], 'notification', { id: 1 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const meanwhile = { id: 'meanwhile' };
    await t.app.db.transaction(async (tx) => {
      await publish(tx, [ids.carol], 'notification', { id: 2 });
      // Not yet: the transaction is still open, while an event sent after it arrives, and alone. On
      // PostgreSQL it goes through the channel from another connection; on PGlite the transaction has
      // the one connection, so it is handed to the hub, after anything PGlite had let out (at once).
      if (t.app.database.kind === 'postgres') await publish(t.app.db, [ids.carol], 'notification', meanwhile);
      else t.app.live.deliver(JSON.stringify({ u: [ids.carol], e: 'notification', d: meanwhile }));
      await stream.next('notification');
      expect(stream.events.map((e) => JSON.parse(e.data) as unknown)).toEqual([meanwhile]);
    });
    expect(JSON.parse((await stream.next('notification', 2000, 1)).data)).toEqual({ id: 2 });
    expect(stream.events).toHaveLength(2);
    await closeAll();
  });

  it('asks a reconnecting stream (Last-Event-ID) to fetch anew', async () => {
    const stream = await events(bob, { 'last-event-id': 'abc-12' });
    expect(JSON.parse((await stream.next('resync')).data)).toEqual({});
    await closeAll();
  });

  it(`allows ${PER_USER} streams per user and ${PER_PROCESS} per process; closing them frees the server side`, async () => {
    const mine = [];
    for (let i = 0; i < PER_USER; i++) mine.push(await events(bob));
    expect(mine.map((s) => s.status)).toEqual(Array(PER_USER).fill(200));
    const refused = await events(bob);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: en(MSG.tooManyRequests) });
    // Others are not held up by bob's streams.
    expect((await events(carol)).status).toBe(200);
    expect(t.app.live.size).toBe(PER_USER + 1);

    // One closed: room for one more of bob's.
    mine[0]!.close();
    await waitFor(() => t.app.live.size === PER_USER);
    expect((await events(bob)).status).toBe(200);

    // The process-wide cap.
    for (let i = 0; i < PER_USER; i++) await events(owner);
    for (let i = t.app.live.size; i < PER_PROCESS; i++) await events(carol);
    expect(t.app.live.size).toBe(PER_PROCESS);
    const full = await openSse(`${base}/api/events`, { cookie: cookieOf(carol) });
    expect(full.status).toBe(429);

    await closeAll();
    expect(t.app.live.size).toBe(0);
  });

  it('ends the stream of a session that signs out, and no other', async () => {
    const other = new TestClient(t.app);
    const name = uniqueName('leaver');
    await other.register(name, 'leaver-password');
    const secondDevice = new TestClient(t.app);
    await secondDevice.login(name, 'leaver-password');
    const leaving = await events(other);
    const staying = await events(secondDevice);
    expect((await other.post('/api/logout')).statusCode).toBe(204);
    await leaving.ended;
    expect(t.app.live.size).toBe(1);

    // A password change ends every session of the account, and so every stream.
    const again = await events(secondDevice);
    expect(
      (await secondDevice.post('/api/me/password', { currentPassword: 'leaver-password', newPassword: 'another-password' })).statusCode,
    ).toBe(204);
    await Promise.all([staying.ended, again.ended]);
    await waitFor(() => t.app.live.size === 0);
    // The browser's new session may open a new one.
    expect((await events(secondDevice)).status).toBe(200);
    await closeAll();
  });
});
