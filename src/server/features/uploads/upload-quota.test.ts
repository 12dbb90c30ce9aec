import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { imageOf, jpegWithGps } from '../../test/images.js';
import { sweepUnusedUploads } from './repository.js';

// Upload quotas per user (UPLOAD_LIMIT_PER_HOUR, UPLOAD_LIMIT_PER_DAY) and the sweep of uploads no
// item uses (UNUSED_UPLOAD_HOURS).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_PER_HOUR: '3', UPLOAD_LIMIT_PER_DAY: '4' });
});
afterAll(async () => {
  await t?.close();
});

const photo = (n: number) => jpegWithGps(320, 240, { r: 10 * n, g: 100, b: 200 - 10 * n });
const filesOf = (url: string) =>
  [url, url.replace('.webp', '-thumb.webp')].map((u) => existsSync(path.join(t.config.dataDir, 'uploads', path.basename(u))));
const uploadRows = async (userId: number) =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from uploads where user_id = ${userId}`))[0]!.n;
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

async function someone() {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName('up'));
  return { client, ...user };
}

describe('upload quotas', () => {
  it('refuses uploads past UPLOAD_LIMIT_PER_HOUR with 429, Retry-After and a message, storing nothing; another user is not affected', async () => {
    const alice = await someone();
    for (let n = 1; n <= 3; n++) expect((await alice.client.upload([{ data: await photo(n) }])).statusCode).toBe(201);
    expect(await uploadRows(alice.id)).toBe(3);

    const image = await photo(9);
    const refused = await alice.client.upload([{ data: image }]);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^You can upload up to 3 images an hour\. Please try again in (59|60) minutes\.$/),
    });
    expect(await uploadRows(alice.id)).toBe(3);

    const bob = await someone();
    const ok = await bob.client.upload([{ data: image }]);
    expect(ok.statusCode).toBe(201);
    // Bob's copy is named for Bob: alice's refused upload of the same photo stored nothing.
    expect(await uploadRows(bob.id)).toBe(1);
  });

  it('refuses uploads past UPLOAD_LIMIT_PER_DAY even within the hourly one', async () => {
    const limited = await createTestApp({ UPLOAD_LIMIT_PER_HOUR: '10', UPLOAD_LIMIT_PER_DAY: '2' });
    try {
      const client = new TestClient(limited.app);
      await client.register(uniqueName('day'));
      expect((await client.upload([{ data: await photo(1) }])).statusCode).toBe(201);
      expect((await client.upload([{ data: await photo(2) }])).statusCode).toBe(201);
      const refused = await client.upload([{ data: await photo(3) }]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('You can upload up to 2 images a day. Please try again in 24 hours.');
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('sweep of unused uploads', () => {
  // An app of its own without upload quotas: these tests upload more than the quotas above allow.
  let quotaApp: TestApp;
  beforeAll(async () => {
    quotaApp = t;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    t = quotaApp;
  });
  const backdate = (url: string, hours: number) =>
    t.app.db.execute(sql`update uploads set created_at = now() - make_interval(hours => ${hours}::int) where key = ${path.basename(url)}`);
  const sweep = () => sweepUnusedUploads(t.app.db, t.app.storage, t.config.unusedUploadHours, console);

  it('removes uploads no item uses once a day old, both sizes; keeps those in use and younger ones', async () => {
    const alice = await someone();
    const upload = async (format: 'png' | 'gif' | 'webp', w: number) =>
      (await alice.client.upload([{ data: await imageOf(format, w, 200) }])).json().imageUrl as string;
    const stale = await upload('png', 300);
    const used = await upload('png', 301);
    const usedLater = await upload('png', 302);
    const young = await upload('png', 303);
    const item = (imageUrl: string) =>
      alice.client.post('/api/items', {
        title: 'A blue lamp',
        description: 'Works, bulb included.',
        imageUrl,
        latitude: 40.7,
        longitude: -74,
      });

    expect((await item(used)).statusCode).toBe(201);
    await backdate(stale, 25);
    await backdate(used, 48);
    await backdate(usedLater, 30);
    await backdate(young, 23);
    // A form that waited a day and more still posts its upload, as long as the sweep has not run.
    expect((await item(usedLater)).statusCode).toBe(201);

    expect(await sweep()).toBe(1);
    expect(filesOf(stale)).toEqual([false, false]);
    expect(await served(stale)).toBe(404);
    for (const url of [used, usedLater, young]) {
      expect(filesOf(url)).toEqual([true, true]);
      expect(await served(url)).toBe(200);
    }
    // The swept image cannot be posted any more; a second sweep finds nothing.
    expect((await item(stale)).statusCode).toBe(400);
    expect(await sweep()).toBe(0);
  });

  it("removes an item's upload with the item (nothing left for the sweep), and sweeps uploads of a deleted account", async () => {
    const alice = await someone();
    const url = (await alice.client.upload([{ data: await imageOf('gif', 310, 200) }])).json().imageUrl as string;
    const posted = await alice.client.post('/api/items', {
      title: 'A green vase',
      description: 'No chips, a lovely green.',
      imageUrl: url,
      latitude: 40.7,
      longitude: -74,
    });
    expect((await alice.client.request({ method: 'DELETE', url: `/api/items/${posted.json().id}` })).statusCode).toBe(204);
    expect(filesOf(url)).toEqual([false, false]);
    expect(await uploadRows(alice.id)).toBe(0);

    const bob = await someone();
    const left = (await bob.client.upload([{ data: await imageOf('webp', 311, 200) }])).json().imageUrl as string;
    const del = await bob.client.request({ method: 'DELETE', url: '/api/me', payload: { password: 'secret-pw' } });
    expect(del.statusCode).toBe(204);
    await backdate(left, 25);
    expect(await sweep()).toBe(1);
    expect(filesOf(left)).toEqual([false, false]);
  });
});
