import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { type PushService, startPushService } from '../../test/push-service.js';
import { endpointAllowed, isPublicAddress, pushLookup, vapidKeys } from './service.js';

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

async function postItem(title: string, poster = owner): Promise<number> {
  const imageUrl = (await poster.upload([{ data: await jpegWithGps() }])).json().imageUrl;
  const res = await poster.post('/api/items', {
    title,
    description: 'Solid oak, collect any evening.',
    imageUrl,
    latitude: 40.71,
    longitude: -74,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function ask(itemId: number, asker = bob): Promise<number> {
  const res = await asker.post(`/api/items/${itemId}/messages`, { body: 'Could I have it, please?' });
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

  it("turns push off for a device (only my own); an endpoint another account holds is refused (409) and stays its owner's", async () => {
    const shared = push.subscribe('shared-tablet');
    expect((await subscribe(owner, shared)).statusCode).toBe(201);
    const notMine = await bob.request({ method: 'DELETE', url: '/api/me/push-subscriptions', payload: { endpoint: shared.endpoint } });
    expect(notMine.statusCode).toBe(404);
    // Someone who learnt the endpoint registers it with keys of their own, in other spellings of the URL too.
    const theirs = push.subscribe('attacker');
    for (const endpoint of [shared.endpoint, shared.endpoint.replace('/push/', '/push/./'), `${shared.endpoint}#again`]) {
      const res = await subscribe(bob, { endpoint, keys: theirs.keys });
      expect(res.statusCode, endpoint).toBe(409);
      expect(res.json()).toEqual({
        message: "This browser's push subscription belongs to another account here: turn push on again for a new one",
        code: 'push_endpoint_taken',
      });
    }
    const rows = await queryRows<{ user_id: number; p256dh: string }>(
      t.app.db,
      sql`SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint LIKE ${`${push.origin}/push/%shared-tablet%`}`,
    );
    expect(rows).toEqual([{ user_id: ownerId, p256dh: shared.keys.p256dh }]);
    expect(await channels(bob)).toEqual(['app', 'email']);
    // The owner's device again is theirs still; Bob's browser makes a new subscription, which is taken.
    expect((await subscribe(owner, shared)).statusCode).toBe(201);
    const fresh = push.subscribe('shared-tablet-anew');
    expect((await subscribe(bob, fresh)).statusCode).toBe(201);
    const off = await bob.request({ method: 'DELETE', url: '/api/me/push-subscriptions', payload: { endpoint: fresh.endpoint } });
    expect(off.statusCode).toBe(204);
    expect(await channels(bob)).toEqual(['app', 'email']);
  });

  it('sends to a push service named by host only at public addresses, checked as it connects', async () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '[2a00:1450:4001::200e]:443'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      '::ffff:10.0.0.1',
      '::a00:1',
      'fc00::1',
      'fe80::1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'localhost',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    const looked = await new Promise<unknown>((resolve) => pushLookup('localhost', {}, (err) => resolve(err)));
    expect(looked).toMatchObject({
      code: 'EPUSHADDRESS',
      message: expect.stringMatching(/localhost resolves to .*not a public address/) as string,
    });

    // A site whose push services include a name that resolves to this host: allowed by name, refused as it connects.
    const local = await createTestApp({
      PUBLIC_URL: SITE,
      PUSH_ENDPOINT_HOSTS: `${push.origin},localhost`,
      NOTIFICATION_MAX_ATTEMPTS: '1',
    });
    try {
      await local.app.notifications.stop();
      const carol = new TestClient(local.app);
      const dan = new TestClient(local.app);
      const carolId = (await carol.register(uniqueName('carol'))).id;
      await dan.register(uniqueName('dan'));
      const device = push.subscribe('carol-phone');
      expect((await subscribe(carol, { ...device, endpoint: 'https://localhost/push/carol-phone' })).statusCode).toBe(201);
      push.received.length = 0;
      await ask(await postItem('Rowan chair', carol), dan);
      await local.app.notifications.runOnce();
      const [delivery] = await queryRows<{ status: string; last_error: string | null }>(
        local.app.db,
        sql`SELECT status, last_error FROM notification_deliveries WHERE user_id = ${carolId} AND channel = 'push'`,
      );
      expect(delivery?.last_error).toMatch(/localhost resolves to .*not a public address/);
      expect(delivery?.status).not.toBe('sent');
      expect(push.received).toEqual([]);
    } finally {
      await local.close();
    }
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
    // Port 443 only: the URL parser drops it as https's own, any other is refused.
    expect(endpointAllowed('https://fcm.googleapis.com:443/fcm/send/abc', hosts)).toBe(true);
    for (const endpoint of [
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com:80/fcm/send/abc',
      'https://push.services.mozilla.com:22/x',
      'https://[::1]/x',
      'https://0x7f.1/x',
      'https://2130706433/x',
      'https://user@fcm.googleapis.com/x',
    ])
      expect(endpointAllowed(endpoint, hosts), endpoint).toBe(false);
  });
});
