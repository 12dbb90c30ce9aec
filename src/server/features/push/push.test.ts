import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { type PushService, startPushService } from '../../test/push-service.js';
import { endpointAllowed, vapidKeys } from './service.js';

const SITE = 'https://share.example.org';
let push: PushService;
let t: TestApp;
let owner: TestClient;
let bob: TestClient;
let ownerId = 0;

const run = () => t.app.notifications.runOnce();
const subscribe = (client: TestClient, body: unknown) => client.post('/api/me/push-subscriptions', body);
const devicesOf = async (userId: number) =>
  (await queryRows<{ endpoint: string }>(t.app.db, sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`)).map(
    (r) => r.endpoint,
  );
const channels = async (client: TestClient) =>
  (await client.get('/api/me/notification-preferences')).json<{ channels: string[] }>().channels;

async function postItem(title: string): Promise<number> {
  const imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
  const res = await owner.post('/api/items', {
    title,
    description: 'Solid oak, collect any evening.',
    imageUrl,
    latitude: 40.71,
    longitude: -74,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function ask(itemId: number): Promise<number> {
  const res = await bob.post(`/api/items/${itemId}/messages`, { body: 'Could I have it, please?' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ conversationId?: number; id: number }>().conversationId ?? 0;
}

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({
    PUBLIC_URL: SITE,
    PUSH_ENDPOINT_HOSTS: push.origin,
    NOTIFICATION_MAX_ATTEMPTS: '3',
    NOTIFICATION_RETRY_BASE_MS: '100',
  });
  await t.app.notifications.stop(); // the tests run the rounds themselves
  owner = new TestClient(t.app);
  bob = new TestClient(t.app);
  ownerId = (await owner.register(uniqueName('owner'))).id;
  await bob.register(uniqueName('bob'));
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('Web Push', () => {
  it("answers the site's public key, the same every time (made once outside production)", async () => {
    const first = await new TestClient(t.app).get('/api/push/key');
    expect(first.statusCode).toBe(200);
    expect(first.json<{ publicKey: string }>().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await owner.get('/api/push/key')).json()).toEqual(first.json());
  });

  it('a device that turns push on gets each question, encrypted for it and signed with the VAPID key; Settings then offers push', async () => {
    expect(await channels(owner)).toEqual(['app', 'email']);
    const device = push.subscribe('owner-phone');
    const res = await subscribe(owner, device);
    expect(res.statusCode, res.body).toBe(201);
    expect(await channels(owner)).toEqual(['app', 'email', 'push']);

    const item = await postItem('Walnut stool');
    await ask(item);
    await run();
    const [got] = await push.waitFor(1);
    expect(push.problems).toEqual([]);
    const key = (await owner.get('/api/push/key')).json<{ publicKey: string }>().publicKey;
    expect(got).toMatchObject({
      device: 'owner-phone',
      ttl: '86400',
      urgency: 'normal',
      vapid: { aud: push.origin, sub: SITE, publicKey: key },
    });
    const [conversation] = await queryRows<{ id: number }>(t.app.db, sql`SELECT id FROM conversations WHERE item_id = ${item}`);
    expect(got!.payload).toEqual({
      title: 'ShareNearby',
      body: expect.stringContaining('Walnut stool') as string,
      url: `${SITE}/messages/${conversation!.id}`,
      tag: `conversation-${conversation!.id}`,
    });
    await run();
    expect(push.received).toHaveLength(1); // once
  });

  it('goes to every device; a device the push service says is gone (410) is removed', async () => {
    push.received.length = 0;
    await subscribe(owner, push.subscribe('owner-laptop'));
    push.answer('owner-phone', 410);
    await ask(await postItem('Brass lamp'));
    await run();
    await push.waitFor(1);
    expect(push.received.map((r) => r.device)).toEqual(['owner-laptop']);
    expect(await devicesOf(ownerId)).toEqual([`${push.origin}/push/owner-laptop`]);
  });

  it('retries while the push service fails, then delivers once; a device that took it never gets it twice', async () => {
    push.received.length = 0;
    push.answer('owner-laptop', 503);
    await ask(await postItem('Pine shelf'));
    await run();
    expect(push.received).toEqual([]);
    const [pending] = await queryRows<{ status: string; attempts: number }>(
      t.app.db,
      sql`SELECT status, attempts FROM notification_deliveries WHERE user_id = ${ownerId} AND channel = 'push' ORDER BY id DESC LIMIT 1`,
    );
    expect(pending).toEqual({ status: 'pending', attempts: 1 });
    push.answer('owner-laptop', 201);
    // Due again once the back-off (100 ms here) has passed: rounds until it is sent.
    await expect
      .poll(async () => {
        await run();
        return push.received.length;
      })
      .toBeGreaterThan(0);
    await push.waitFor(1);
    await run();
    expect(push.received.map((r) => r.device)).toEqual(['owner-laptop']);
  });

  it('follows the preferences: push off for a kind sends none of it', async () => {
    push.received.length = 0;
    const off = await owner.request({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { preferences: { item_asked: { push: 'off' } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ preferences: { item_asked: { push: string } } }>().preferences.item_asked.push).toBe('off');
    await ask(await postItem('Cedar box'));
    await run();
    expect(push.received).toEqual([]);
  });

  it('refuses endpoints outside the configured push services, bad keys and visitors, storing nothing', async () => {
    const good = push.subscribe('someone');
    const before = await devicesOf(ownerId);
    for (const endpoint of [
      'https://evil.example.org/push/1',
      'http://127.0.0.1:1/push/someone',
      `${push.origin.replace('http:', 'https:')}/push/someone`,
      'https://10.0.0.1/push',
      'javascript:alert(1)',
      `https://user:pass@${new URL(push.origin).host}/push`,
    ]) {
      const res = await subscribe(owner, { ...good, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ message: string }>().message).toBe("This browser's push service is not one this site sends to");
    }
    for (const keys of [{ p256dh: 'short', auth: good.keys.auth }, { p256dh: good.keys.p256dh, auth: 'x' }, {}]) {
      const res = await subscribe(owner, { endpoint: good.endpoint, keys });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('The subscription keys are not valid');
    }
    expect((await subscribe(new TestClient(t.app), good)).statusCode).toBe(401);
    expect(await devicesOf(ownerId)).toEqual(before);
  });

  it('turns push off for a device (only my own), and a device signing in as someone else moves to them', async () => {
    const shared = push.subscribe('shared-tablet');
    expect((await subscribe(owner, shared)).statusCode).toBe(201);
    const notMine = await bob.request({ method: 'DELETE', url: '/api/me/push-subscriptions', payload: { endpoint: shared.endpoint } });
    expect(notMine.statusCode).toBe(404);
    expect((await subscribe(bob, shared)).statusCode).toBe(201);
    expect(await devicesOf(ownerId)).not.toContain(shared.endpoint);
    const off = await bob.request({ method: 'DELETE', url: '/api/me/push-subscriptions', payload: { endpoint: shared.endpoint } });
    expect(off.statusCode).toBe(204);
    expect(await channels(bob)).toEqual(['app', 'email']);
  });
});

describe('push set-up', () => {
  it('production without VAPID keys has push off; configured keys are used as they are', async () => {
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE, DATA_DIR: '/tmp/unused' });
    expect(await vapidKeys(t.app.db, production)).toBeUndefined();
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'a'.repeat(43) };
    expect(await vapidKeys(t.app.db, loadConfig({ ...keys, NODE_ENV: 'production', PUBLIC_URL: SITE, DATA_DIR: '/tmp/unused' }))).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/);
  });

  it('sends only to the browsers’ push services by default, by name and over https', () => {
    const hosts = loadConfig({}).push.endpointHosts;
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/abc', hosts)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/abc', hosts)).toBe(true);
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com.evil.org/x', hosts)).toBe(false);
    expect(endpointAllowed('https://evilfcm.googleapis.com.example/x', hosts)).toBe(false);
    expect(endpointAllowed('https://169.254.169.254/latest', hosts)).toBe(false);
  });
});
