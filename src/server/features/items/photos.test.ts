import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { sweepUnusedUploads } from '../uploads/service.js';

// Several photos per item (images, cover first; imageUrl is the cover) and editing an item with
// PATCH /api/items/:id (docs/product.md, API; docs/decisions/018-item-photos.md).

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let admin: TestClient;
let visitor: TestClient;
let colour = 0;

const NYC = { latitude: 40.7128, longitude: -74.006 };

beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: 'photos_admin',
    ADMIN_PASSWORD: 'admin-password',
    UPLOAD_LIMIT_PER_HOUR: '500',
    UPLOAD_LIMIT_PER_DAY: '500',
  });
  owner = new TestClient(t.app);
  await owner.register(uniqueName('photos_owner'));
  other = new TestClient(t.app);
  await other.register(uniqueName('photos_other'));
  admin = new TestClient(t.app);
  await admin.login('photos_admin', 'admin-password');
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A new upload by this client: a photo of its own colour, so a file of its own. */
async function upload(client: TestClient): Promise<string> {
  colour++;
  const res = await client.upload([
    { data: await jpegWithGps(320, 240, { r: (colour * 37) % 256, g: (colour * 91) % 256, b: colour % 256 }) },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().imageUrl as string;
}
/** n uploads, one after another (an account may have only a couple under way at once). */
async function uploads(client: TestClient, n: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) urls.push(await upload(client));
  return urls;
}

const fileOf = (url: string) => path.join(t.config.dataDir, 'uploads', path.basename(url));

const body = (overrides: Record<string, unknown>) => ({
  title: 'A box of paperbacks',
  description: 'Twenty crime novels, read once each.',
  ...NYC,
  tags: ['Books'],
  ...overrides,
});

const patch = (client: TestClient, id: number, payload: Record<string, unknown>) =>
  client.request({ method: 'PATCH', url: `/api/items/${id}`, payload });

async function itemCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from items`);
  return row!.n;
}

describe('POST /api/items with several photos', () => {
  it('keeps the order of images, cover first, in the answer, the detail and the list; imageUrl is the cover', async () => {
    const images = await uploads(owner, 3);
    const order = [images[2]!, images[0]!, images[1]!];
    const res = await owner.post('/api/items', body({ images: order, title: 'Three photos of a lamp' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ images: order, imageUrl: order[0], thumbnailUrl: order[0]!.replace('.webp', '-thumb.webp') });
    const id = res.json().id as number;
    expect((await visitor.get(`/api/items/${id}`)).json()).toMatchObject({ images: order, imageUrl: order[0] });
    const listed = (await visitor.get('/api/items?query=Three%20photos')).json().items;
    expect(listed).toEqual([expect.objectContaining({ id, images: order, imageUrl: order[0] })]);
  });

  it('still takes imageUrl alone (docs/product.md), as a one-photo images; with both, imageUrl must be the cover', async () => {
    const [a, b] = await uploads(owner, 2);
    const one = await owner.post('/api/items', body({ imageUrl: a }));
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ imageUrl: a, images: [a] });
    const both = await owner.post('/api/items', body({ imageUrl: a, images: [a, b] }));
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().images).toEqual([a, b]);
    const mismatch = await owner.post('/api/items', body({ imageUrl: b, images: [a, b] }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('imageUrl must be the first of images (the cover)');
  });

  it('refuses 7 photos, none, the same photo twice, or no photo at all with 400 and a message, and stores nothing', async () => {
    const seven = await uploads(owner, 7);
    const before = await itemCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ images: seven }, 'An item has from 1 to 6 photos'],
      [{ images: [] }, 'An item has from 1 to 6 photos'],
      [{ images: [seven[0], seven[0]] }, 'The same photo is in images twice'],
      [{ images: 'not a list' }, 'images must be a list of image URLs'],
      [{}, 'Image URL is required'],
    ];
    for (const [overrides, message] of cases) {
      const res = await owner.post('/api/items', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await itemCount()).toBe(before);
  });

  it("refuses someone else's upload among the photos (as if it were not an upload), and stores nothing", async () => {
    const [mine] = await uploads(owner, 1);
    const [theirs] = await uploads(other, 1);
    const before = await itemCount();
    const res = await owner.post('/api/items', body({ images: [mine, theirs] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image URL must be an image you uploaded to this site');
    const thumb = await owner.post('/api/items', body({ images: [mine, mine!.replace('.webp', '-thumb.webp')] }));
    expect(thumb.statusCode).toBe(400);
    expect(await itemCount()).toBe(before);
  });

  it('deleting the item removes the files of all its photos', async () => {
    const images = await uploads(owner, 3);
    const item = (await owner.post('/api/items', body({ images }))).json();
    for (const url of images) expect(existsSync(fileOf(url))).toBe(true);
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${item.id}` })).statusCode).toBe(204);
    for (const url of images) {
      expect(existsSync(fileOf(url))).toBe(false);
      expect(existsSync(fileOf(url).replace('.webp', '-thumb.webp'))).toBe(false);
    }
  });

  it('a photo in images is in use: the unused-uploads sweep leaves it, and deleting one item keeps a photo another shows', async () => {
    const images = await uploads(owner, 2);
    const a = (await owner.post('/api/items', body({ images }))).json();
    const b = (await owner.post('/api/items', body({ images: [images[1]] }))).json();
    // Long past the sweep's age: only being in use keeps them.
    await t.app.db.execute(sql`update uploads set created_at = now() - interval '30 days'`);
    await sweepUnusedUploads(t.app.db, t.app.storage, t.config.unusedUploadHours, console);
    for (const url of images) expect(existsSync(fileOf(url))).toBe(true);
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${a.id}` })).statusCode).toBe(204);
    expect(existsSync(fileOf(images[0]!))).toBe(false);
    expect(existsSync(fileOf(images[1]!))).toBe(true);
    expect((await visitor.get(`/api/items/${b.id}`)).json().images).toEqual([images[1]]);
  });
});

describe('PATCH /api/items/:id edits an item', () => {
  it('lets the owner change title, description, tags and reorder, add and remove photos; a dropped photo is removed', async () => {
    const [a, b, c, d] = await uploads(owner, 4);
    const item = (await owner.post('/api/items', body({ images: [a, b, c] }))).json();
    const res = await patch(owner, item.id, {
      title: '  A box of thrillers ',
      description: 'Twenty thrillers, read once each.',
      tags: ['Books', 'Free'],
      images: [c, a, d],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'A box of thrillers',
      description: 'Twenty thrillers, read once each.',
      tags: ['Books', 'Free'],
      images: [c, a, d],
      imageUrl: c,
    });
    expect((await visitor.get(`/api/items/${item.id}`)).json()).toMatchObject({ title: 'A box of thrillers', images: [c, a, d] });
    expect(existsSync(fileOf(b!))).toBe(false);
    expect(existsSync(fileOf(d!))).toBe(true);
  });

  it('authz: a visitor 401, another user 403 and nothing changes; an admin may, as for the status', async () => {
    const [a] = await uploads(owner, 1);
    const item = (await owner.post('/api/items', body({ images: [a] }))).json();
    const visitorRes = await patch(visitor, item.id, { title: 'Mine now' });
    expect(visitorRes.statusCode).toBe(401);
    const otherRes = await patch(other, item.id, { title: 'Mine now' });
    expect(otherRes.statusCode).toBe(403);
    expect(otherRes.json().message).toBe('You can only change your own items');
    expect((await visitor.get(`/api/items/${item.id}`)).json().title).toBe('A box of paperbacks');
    expect((await patch(admin, item.id, { title: 'Edited by an admin' })).json().title).toBe('Edited by an admin');
    expect((await patch(owner, 999_999, { title: 'Nothing here' })).statusCode).toBe(404);
  });

  it("refuses another user's upload as a new photo, and 7 photos, with 400 and nothing changed", async () => {
    const [a] = await uploads(owner, 1);
    const [theirs] = await uploads(other, 1);
    const item = (await owner.post('/api/items', body({ images: [a] }))).json();
    const foreign = await patch(owner, item.id, { images: [a, theirs], title: 'Changed title' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Image URL must be an image you uploaded to this site');
    const seven = await patch(owner, item.id, { images: [a, ...(await uploads(owner, 6))] });
    expect(seven.statusCode).toBe(400);
    expect(seven.json().message).toBe('An item has from 1 to 6 photos');
    expect((await visitor.get(`/api/items/${item.id}`)).json()).toMatchObject({ title: 'A box of paperbacks', images: [a] });
  });

  it('bad input answers 400 with a message and changes nothing', async () => {
    const [a] = await uploads(owner, 1);
    const item = (await owner.post('/api/items', body({ images: [a] }))).json();
    const cases: [Record<string, unknown>, unknown][] = [
      [{ title: 'ab' }, 'Title must be at least 3 characters'],
      [{ description: 'short' }, 'Description must be at least 10 characters'],
      [{ latitude: 40.7 }, 'Send both latitude and longitude, or neither'],
      [{ latitude: 91, longitude: 0 }, 'Latitude must be between -90 and 90'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }, 'You can add up to 10 tags'],
      [{ images: [] }, 'An item has from 1 to 6 photos'],
      [{ userId: 1 }, expect.any(String)],
      [{}, 'Send what to change: title, description, tags, images, a place, a status or renew: true'],
      [{ title: 'Fine title', exactLocation: 'yes' }, 'exactLocation must be true or false'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(owner, item.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(message);
    }
    const now = (await owner.get(`/api/items/${item.id}`)).json();
    expect(now).toMatchObject({
      title: 'A box of paperbacks',
      description: 'Twenty crime novels, read once each.',
      tags: ['Books'],
      ...NYC,
    });
  });

  it('a new place publishes a new point by the hardened rule: the owner sees the exact place, others a point 200-700 m off', async () => {
    const [a] = await uploads(owner, 1);
    const item = (await owner.post('/api/items', body({ images: [a] }))).json();
    const before = (await visitor.get(`/api/items/${item.id}`)).json();
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const res = await patch(owner, item.id, paris);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...paris, locationIsApproximate: false });
    const seen = (await visitor.get(`/api/items/${item.id}`)).json();
    expect(seen.locationIsApproximate).toBe(true);
    expect(seen.latitude).not.toBe(before.latitude);
    const metres = haversineMetres(seen.latitude, seen.longitude, paris.latitude, paris.longitude);
    expect(metres).toBeGreaterThanOrEqual(200);
    expect(metres).toBeLessThanOrEqual(700);
    // The published point is the one a new item at the same place by the same poster would publish.
    const twin = (await owner.post('/api/items', body({ images: [await upload(owner)], ...paris }))).json();
    const twinSeen = (await visitor.get(`/api/items/${twin.id}`)).json();
    expect([twinSeen.latitude, twinSeen.longitude]).toEqual([seen.latitude, seen.longitude]);
    // Asking for the exact place publishes it as it is.
    const exact = await patch(owner, item.id, { exactLocation: true });
    expect(exact.statusCode).toBe(200);
    expect((await visitor.get(`/api/items/${item.id}`)).json()).toMatchObject({ ...paris, locationIsApproximate: false });
  });

  it('a status change and an edit in one request both apply; status and renew still work alone', async () => {
    const [a] = await uploads(owner, 1);
    const item = (await owner.post('/api/items', body({ images: [a] }))).json();
    const res = await patch(owner, item.id, { status: 'taken', title: 'Gone to a good home' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'taken', title: 'Gone to a good home' });
    expect((await patch(owner, item.id, { status: 'available' })).json().status).toBe('available');
  });
});

function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
