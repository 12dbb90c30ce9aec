import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, fakeClientDir, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let admin: TestClient;
let visitor: TestClient;
let imageUrl: string;

const NYC = { latitude: 40.7128, longitude: -74.006 };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'items_admin', ADMIN_PASSWORD: 'admin-password' }, { clientDir: fakeClientDir() });
  owner = new TestClient(t.app);
  await owner.register(uniqueName('owner'));
  other = new TestClient(t.app);
  await other.register(uniqueName('other'));
  admin = new TestClient(t.app);
  await admin.login('items_admin', 'admin-password');
  visitor = new TestClient(t.app);
  imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
});
afterAll(async () => {
  await t?.close();
});

async function post(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/items', {
    title: 'A sturdy oak chair',
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl,
    ...NYC,
    tags: ['Furniture'],
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`post item: ${res.statusCode} ${res.body}`);
  return res.json();
}

const list = async (query = '') => {
  const res = await visitor.get(`/api/items${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function clearItems() {
  await t.app.db.execute(sql`delete from items`);
}

describe('POST /api/items', () => {
  it('creates an item for the signed-in user and answers its detail', async () => {
    const me = (await owner.get('/api/user')).json();
    const res = await owner.post('/api/items', {
      title: '  Desk lamp  ',
      description: 'Warm light, works fine, bulb included.',
      imageUrl,
      latitude: 40.7,
      longitude: -73.99,
      tags: [' Electronics ', 'electronics', 'Like New', ''],
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      id: expect.any(Number),
      title: 'Desk lamp',
      description: 'Warm light, works fine, bulb included.',
      imageUrl,
      thumbnailUrl: imageUrl.replace('.webp', '-thumb.webp'),
      tags: ['Electronics', 'Like New'],
      userId: me.id,
      username: me.username,
      latitude: 40.7,
      longitude: -73.99,
      status: 'available',
    });
    const days = (Date.parse(item.expiresAt) - Date.parse(item.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
  });

  it.each([
    [{ title: 'ab' }, 'Title must be at least 3 characters'],
    [{ title: '   ab   ' }, 'Title must be at least 3 characters'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ imageUrl: '' }, 'Image URL is required'],
    [{ imageUrl: 'https://evil.example/cat.webp' }, 'Image URL must be an image you uploaded to this site'],
    [{ imageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp' }, 'Image URL must be an image you uploaded to this site'],
    [{ imageUrl: '/uploads/../../etc/passwd' }, 'Image URL must be an image you uploaded to this site'],
    [{ latitude: 91 }, 'Latitude must be between -90 and 90'],
    [{ longitude: -180.5 }, 'Longitude must be between -180 and 180'],
    [{ latitude: '40.7' }, 'Latitude must be between -90 and 90'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'You can add up to 10 tags'],
    [{ tags: ['x'.repeat(41)] }, 'A tag can be at most 40 characters'],
    [{ tags: 'Furniture' }, 'tags must be a list of strings'],
    [{ title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
  ])('refuses %j with 400 %s and stores nothing', async (override, message) => {
    const [before] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from items`);
    const res = await owner.post('/api/items', {
      title: 'A good title',
      description: 'A long enough description.',
      imageUrl,
      ...NYC,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    const [after] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from items`);
    expect(after!.n).toBe(before!.n);
  });

  it("refuses another person's uploaded image (400, nothing stored) and takes the poster's own upload of the same photo", async () => {
    const photo = await jpegWithGps(640, 480, { r: 12, g: 34, b: 56 });
    const theirs = (await owner.upload([{ data: photo }])).json().imageUrl as string;
    const [before] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from items`);
    for (const client of [other, admin]) {
      for (const url of [theirs, theirs.replace('.webp', '-thumb.webp'), `http://localhost${theirs}`]) {
        const res = await client.post('/api/items', {
          title: 'Not my photo',
          description: 'Someone else took this one.',
          imageUrl: url,
          ...NYC,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ message: 'Image URL must be an image you uploaded to this site' });
      }
    }
    const [after] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from items`);
    expect(after!.n).toBe(before!.n);
    // The same photo uploaded by the other person is their own file, and theirs to post.
    const mine = (await other.upload([{ data: photo }])).json().imageUrl as string;
    expect(mine).not.toBe(theirs);
    const res = await other.post('/api/items', { title: 'My photo', description: 'I took this one myself.', imageUrl: mine, ...NYC });
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrl).toBe(mine);
  });

  it('counts ten distinct tags after removing duplicates', async () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => `tag${i}`), 'TAG1', ' tag2 '];
    const item = await post(owner, { tags });
    expect(item.tags).toHaveLength(10);
  });

  it('is refused to visitors (401)', async () => {
    const res = await visitor.post('/api/items', { title: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/items', () => {
  beforeAll(clearItems);

  it('answers an empty list with its pagination', async () => {
    await clearItems();
    expect(await list()).toEqual({
      items: [],
      pagination: { currentPage: 1, totalPages: 0, total: 0, hasPrevPage: false, hasNextPage: false },
    });
  });

  it('lists newest first, 12 a page by default, with the listed fields only', async () => {
    await clearItems();
    for (let i = 0; i < 14; i++) await post(owner, { title: `Item number ${i}` });
    const page1 = await list();
    expect(page1.items).toHaveLength(12);
    expect(page1.items[0].title).toBe('Item number 13');
    expect(Object.keys(page1.items[0]).sort()).toEqual([
      'createdAt',
      'description',
      'id',
      'imageUrl',
      'images',
      'tags',
      'thumbnailUrl',
      'title',
      'type',
      'userId',
      'username',
    ]);
    expect(page1.pagination).toEqual({ currentPage: 1, totalPages: 2, total: 14, hasPrevPage: false, hasNextPage: true });
    const page2 = await list('?page=2');
    expect(page2.items.map((i: { title: string }) => i.title)).toEqual(['Item number 1', 'Item number 0']);
    expect(page2.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 14, hasPrevPage: true, hasNextPage: false });
    const small = await list('?limit=5&page=3');
    expect(small.items).toHaveLength(4);
    expect(small.pagination).toMatchObject({ totalPages: 3, hasNextPage: false });
    expect((await list('?page=9')).pagination).toEqual({ currentPage: 2, totalPages: 2, total: 14, hasPrevPage: true, hasNextPage: false });
  });

  it('answers a page past the end with the last page and the real totals (list, nearest first, search, my items)', async () => {
    await clearItems();
    for (let i = 0; i < 16; i++) await post(owner, { title: `Spare item ${i}`, tags: ['Spare'] });
    const last = { currentPage: 2, totalPages: 2, total: 16, hasPrevPage: true, hasNextPage: false };
    for (const query of [
      '?page=99',
      '?page=3',
      `?page=99&lat=${NYC.latitude}&lng=${NYC.longitude}`,
      '?page=99&query=spare&tag=spare',
      '?page=99&tag=Spare',
    ]) {
      const answer = await list(query);
      expect(answer.pagination, query).toEqual(last);
      expect(answer.items, query).toHaveLength(4);
    }
    expect((await list('?page=99')).items.map((i: { title: string }) => i.title)).toEqual([
      'Spare item 3',
      'Spare item 2',
      'Spare item 1',
      'Spare item 0',
    ]);
    const mine = (await owner.get('/api/me/items?page=99')).json();
    expect(mine.pagination).toEqual(last);
    expect(mine.items).toHaveLength(4);
    // The items of the last page vanish: the page asked for is now past the end, and the one before answers.
    const page2 = await list('?page=2');
    for (const item of page2.items) expect((await owner.request({ method: 'DELETE', url: `/api/items/${item.id}` })).statusCode).toBe(204);
    const after = await list('?page=2');
    expect(after.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 12, hasPrevPage: false, hasNextPage: false });
    expect(after.items).toHaveLength(12);
    // Nothing at all: page 1 of nothing.
    await clearItems();
    expect(await list('?page=5')).toEqual({
      items: [],
      pagination: { currentPage: 1, totalPages: 0, total: 0, hasPrevPage: false, hasNextPage: false },
    });
    expect((await owner.get('/api/me/items?page=5')).json().pagination).toEqual({
      currentPage: 1,
      totalPages: 0,
      total: 0,
      hasPrevPage: false,
      hasNextPage: false,
    });
  });

  it('refuses an empty or blank lat/lng (400), rather than reading 0,0', async () => {
    for (const query of ['?lat=&lng=', '?lat=%20&lng=%20', '?lat=40.7&lng=', '?lat=&lng=-74', '?lat=abc&lng=1', '?lat=0x10&lng=1']) {
      const res = await visitor.get(`/api/items${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^(Latitude must be between -90 and 90|Longitude must be between -180 and 180)$/);
    }
    expect((await visitor.get('/api/items?lat=0&lng=0')).statusCode).toBe(200);
    expect((await visitor.get('/api/items?lat=-33.5&lng=151.25')).statusCode).toBe(200);
  });

  it('finds a case-insensitive substring of title or description, or a tag in any letter case', async () => {
    await clearItems();
    await post(owner, { title: 'Blue Bicycle', description: 'Ten speed, good tyres.', tags: ['Sports'] });
    await post(owner, { title: 'Kettle', description: 'Electric kettle, barely used, BLUE handle.', tags: ['Kitchenware'] });
    await post(owner, { title: 'Novels', description: 'A box of paperbacks to give away.', tags: ['Books', 'Free'] });
    await post(owner, { title: '100% cotton shirt', description: 'Size M, washed and ironed.', tags: ['Clothing'] });
    const titles = async (q: string) =>
      (await list(`?query=${encodeURIComponent(q)}&tag=${encodeURIComponent(q)}`)).items.map((i: { title: string }) => i.title).sort();
    expect(await titles('blue')).toEqual(['Blue Bicycle', 'Kettle']);
    expect(await titles('BOOKS')).toEqual(['Novels']);
    expect(await titles('free')).toEqual(['Novels']);
    expect(await titles('ree')).toEqual([]); // a tag must match whole; no title or description has "ree"
    expect(await titles('100%')).toEqual(['100% cotton shirt']);
    expect(await titles('%')).toEqual(['100% cotton shirt']);
    expect(await titles('_')).toEqual([]);
    expect(await titles("'; drop table items; --")).toEqual([]);
    const none = await list('?query=zebra&tag=zebra');
    expect(none.pagination).toMatchObject({ total: 0, totalPages: 0 });
    expect((await list('?tag=sports')).items.map((i: { title: string }) => i.title)).toEqual(['Blue Bicycle']);
  });

  it('leaves out taken and expired items', async () => {
    await clearItems();
    const taken = await post(owner, { title: 'Taken thing' });
    const expired = await post(owner, { title: 'Expired thing' });
    await post(owner, { title: 'Listed thing' });
    await owner.request({ method: 'PATCH', url: `/api/items/${taken.id}`, payload: { status: 'taken' } });
    await t.app.db.execute(sql`update items set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    expect((await list()).items.map((i: { title: string }) => i.title)).toEqual(['Listed thing']);
  });

  it('with a location lists nearest first with the distance in km', async () => {
    await clearItems();
    // Shops showing their exact place, so the distances are exact too.
    await post(owner, { title: 'Far (Boston)', latitude: 42.3601, longitude: -71.0589, exactLocation: true });
    await post(owner, { title: 'Near (Brooklyn)', latitude: 40.6782, longitude: -73.9442, exactLocation: true });
    await post(owner, { title: 'Here (City Hall)', latitude: 40.7128, longitude: -74.006, exactLocation: true });
    const res = await list('?lat=40.7128&lng=-74.006');
    expect(res.items.map((i: { title: string }) => i.title)).toEqual(['Here (City Hall)', 'Near (Brooklyn)', 'Far (Boston)']);
    expect(res.items[0].distance).toBeCloseTo(0, 3);
    expect(res.items[1].distance).toBeGreaterThan(5);
    expect(res.items[1].distance).toBeLessThan(7);
    expect(res.items[2].distance).toBeGreaterThan(300);
    expect(res.items[2].distance).toBeLessThan(310);
  });

  it.each([
    ['?lat=40', 'Send both lat and lng, or neither'],
    ['?lng=-74', 'Send both lat and lng, or neither'],
    ['?lat=91&lng=0', 'Latitude must be between -90 and 90'],
    ['?lat=0&lng=200', 'Longitude must be between -180 and 180'],
    ['?lat=abc&lng=1', 'Latitude must be between -90 and 90'],
    ['?page=0', 'page must be a whole number from 1'],
    ['?page=-1', 'page must be a whole number from 1'],
    ['?page=1.5', 'page must be a whole number from 1'],
    ['?page=abc', 'page must be a whole number from 1'],
    ['?limit=51', 'limit must be a whole number from 1 to 50'],
    ['?limit=0', 'limit must be a whole number from 1 to 50'],
    [`?query=${'x'.repeat(201)}`, 'Search text must be at most 200 characters'],
  ])('refuses %s with 400 %s', async (query, message) => {
    const res = await visitor.get(`/api/items${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('GET /api/items/:id', () => {
  it('answers the detail fields', async () => {
    const created = await post(owner, { title: 'Record player', tags: ['Electronics', 'Vintage'] });
    const res = await visitor.get(`/api/items/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'createdAt',
        'description',
        'exactLocation',
        'expiresAt',
        'id',
        'imageUrl',
        'images',
        'latitude',
        'locationIsApproximate',
        'longitude',
        'promisedTo',
        'status',
        'tags',
        'thumbnailUrl',
        'title',
        'type',
        'updatedAt',
        'userId',
        'username',
      ].sort(),
    );
    expect(res.json()).toMatchObject({ title: 'Record player', status: 'available', promisedTo: null, locationIsApproximate: true });
  });

  it('answers 404 Item not found for an unknown id and 400 for a malformed one', async () => {
    const res = await visitor.get('/api/items/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Item not found' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const r = await visitor.get(`/api/items/${bad}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: 'Item id must be a whole number' });
    }
  });
});

describe('items of a hidden account', () => {
  it('name their owner, in the lists and search as on the item page, only to the owner and admins', async () => {
    await clearItems();
    const shy = new TestClient(t.app);
    const shyName = uniqueName('shy');
    await shy.register(shyName);
    imageUrl = (await shy.upload([{ data: await jpegWithGps(320, 240, { r: 1, g: 2, b: 3 }) }])).json().imageUrl;
    const item = await post(shy, { title: 'A shy teapot', tags: ['Kitchen'] });
    imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
    expect((await shy.request({ method: 'PATCH', url: '/api/me', payload: { isVisible: false } })).statusCode).toBe(200);

    const listed = async (client: TestClient, query: string) => {
      const res = await client.get(`/api/items${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: number; username: string }[]).find((i) => i.id === item.id);
    };
    // The admins' own accounts are hidden: an admin's items say who posted them to the admins.
    for (const [client, username] of [
      [visitor, ''],
      [other, ''],
      [admin, shyName],
      [shy, shyName],
    ] as const) {
      for (const query of ['', '?query=teapot', '?tag=Kitchen', `?lat=${NYC.latitude}&lng=${NYC.longitude}`]) {
        expect(await listed(client, query)).toMatchObject({ id: item.id, username });
      }
    }
    const detail = async (client: TestClient) => (await client.get(`/api/items/${item.id}`)).json().username;
    expect(await detail(visitor)).toBe('');
    expect(await detail(other)).toBe('');
    expect(await detail(shy)).toBe(shyName);
    expect(await detail(admin)).toBe(shyName);

    // Visible again: named everywhere.
    expect((await shy.request({ method: 'PATCH', url: '/api/me', payload: { isVisible: true } })).statusCode).toBe(200);
    expect(await listed(visitor, '')).toMatchObject({ username: shyName });
    expect(await detail(visitor)).toBe(shyName);
  });
});

describe('location privacy', () => {
  const metres = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
    const rad = Math.PI / 180;
    const h =
      Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
      Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
    return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
  };

  it('publishes a point a few hundred metres away; only the owner sees the exact one; it stays the same', async () => {
    const exact = { latitude: 40.73061234, longitude: -73.98656789 };
    const item = await post(owner, exact);
    expect(item).toMatchObject({ ...exact, locationIsApproximate: false });
    const seenByOthers = [];
    for (const who of [visitor, other, admin]) {
      const res = (await who.get(`/api/items/${item.id}`)).json();
      expect(res.locationIsApproximate).toBe(true);
      const d = metres(exact, res);
      expect(d).toBeGreaterThanOrEqual(195);
      expect(d).toBeLessThanOrEqual(505);
      seenByOthers.push(`${res.latitude},${res.longitude}`);
    }
    expect(new Set(seenByOthers).size).toBe(1);
    // The list's distance is measured from the published point too.
    const listed = (
      await list(`?lat=${exact.latitude}&lng=${exact.longitude}&query=${encodeURIComponent('A sturdy oak chair')}`)
    ).items.find((i: { id: number }) => i.id === item.id);
    expect(listed.distance * 1000).toBeGreaterThan(190);
    // The page HTML carries no coordinates at all.
    const html = (await visitor.get(`/items/${item.id}`)).body;
    expect(html).not.toContain('40.7306');
    expect(html).not.toContain('73.9865');
  });

  it('a poster may publish the exact place (a shop, a food stall)', async () => {
    const item = await post(owner, { latitude: 40.72, longitude: -74.0, exactLocation: true });
    expect((await visitor.get(`/api/items/${item.id}`)).json()).toMatchObject({
      latitude: 40.72,
      longitude: -74,
      locationIsApproximate: false,
    });
  });
});

describe('PATCH and DELETE /api/items/:id by role', () => {
  it('PATCH: visitor 401, another user 403, owner and admin 200, unknown 404', async () => {
    const item = await post(owner);
    const patch = (c: TestClient, id: number, payload: unknown) =>
      c.request({ method: 'PATCH', url: `/api/items/${id}`, payload: payload as object });
    expect((await patch(visitor, item.id, { status: 'taken' })).statusCode).toBe(401);
    const forbidden = await patch(other, item.id, { status: 'taken' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You can only change your own items' });
    expect((await visitor.get(`/api/items/${item.id}`)).json().status).toBe('available');

    const taken = await patch(owner, item.id, { status: 'taken' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().status).toBe('taken');
    const again = await patch(admin, item.id, { status: 'available' });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('available');
    expect((await patch(owner, 987654, { status: 'taken' })).statusCode).toBe(404);
    for (const bad of [{}, { status: 'expired' }, { status: 'sold' }, { renew: false }, { title: 'ab' }, { userId: 1 }]) {
      const r = await patch(owner, item.id, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toEqual(expect.any(String));
    }
  });

  it('renew brings an expired item back for another 30 days', async () => {
    const item = await post(owner);
    await t.app.db.execute(sql`update items set status = 'expired', expires_at = now() - interval '2 days' where id = ${item.id}`);
    const res = await owner.request({ method: 'PATCH', url: `/api/items/${item.id}`, payload: { renew: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('available');
    expect((Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000).toBeCloseTo(30, 1);
  });

  it('DELETE: visitor 401, another user 403, owner 204 and the image files go when no other item shows them', async () => {
    const ownImage = (await owner.upload([{ data: await jpegWithGps(500, 400, { r: 9, g: 99, b: 199 }) }])).json().imageUrl as string;
    const item = await post(owner, { imageUrl: ownImage });
    const del = (c: TestClient, id: number) => c.request({ method: 'DELETE', url: `/api/items/${id}` });
    expect((await del(visitor, item.id)).statusCode).toBe(401);
    expect((await del(other, item.id)).statusCode).toBe(403);
    const file = path.join(t.config.dataDir, 'uploads', path.basename(ownImage));
    expect(existsSync(file)).toBe(true);
    expect((await del(owner, item.id)).statusCode).toBe(204);
    expect((await visitor.get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(file.replace('.webp', '-thumb.webp'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: ownImage })).statusCode).toBe(404);
    expect((await del(owner, item.id)).statusCode).toBe(404);
  });

  it("DELETE by an admin works on anyone's item, and keeps an image another item still shows", async () => {
    const a = await post(owner);
    const b = await post(owner);
    expect((await admin.request({ method: 'DELETE', url: `/api/items/${a.id}` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: b.imageUrl })).statusCode).toBe(200);
  });
});

describe('the item page HTML', () => {
  it('carries the title, description and link-preview tags with absolute URLs (PUBLIC_URL), whatever Host a request names', async () => {
    const site = await buildApp({ ...t.config, publicUrl: 'http://share.example.org' }, { logger: false, database: t.app.database });
    const item = await post(owner, { title: 'Guitar <b>& case</b>', description: `Six strings "as new". ${'Long text. '.repeat(30)}` });
    const res = await site.inject({ method: 'GET', url: `/items/${item.id}`, headers: { host: 'evil.example' } });
    await site.close();
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Guitar &lt;b&gt;&amp; case&lt;/b&gt; | ShareNearby</title>');
    // Exactly one description: the item's, in place of index.html's.
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
    expect(description.length).toBeLessThanOrEqual(160 + 10); // entities count as more than one character
    expect(description).toContain('Six strings &quot;as new&quot;.');
    expect(html).toContain(`<meta property="og:image" content="http://share.example.org${item.imageUrl}" />`);
    expect(html).toContain(`<meta property="og:url" content="http://share.example.org/items/${item.id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('evil.example');
  });

  it('without PUBLIC_URL (never in production) uses this machine’s port, never the Host header, for absolute URLs', async () => {
    const item = await post(owner);
    for (const host of ['evil.example', 'share.example.org:8443']) {
      const html = (
        await t.app.inject({ method: 'GET', url: `/items/${item.id}`, headers: { host, 'x-forwarded-host': 'forwarded.example' } })
      ).body;
      expect(html).toContain(`<meta property="og:url" content="http://localhost:${t.config.port}/items/${item.id}" />`);
      expect(html).toContain(`<meta property="og:image" content="http://localhost:${t.config.port}${item.imageUrl}" />`);
      expect(html).not.toContain(host);
      expect(html).not.toContain('forwarded.example');
    }
  });

  // In a replacement string `$&`, `` $` ``, `$'` and `$$` are patterns: the page showed other parts of
  // the HTML (or lost a dollar) in their place.
  it.each(['$&', '$`', "$'", '$$', '$1', '$<x>', "Price: $$$ & $&$`$'!"])(
    'shows a title and description holding %s literally, the page otherwise intact',
    async (pattern) => {
      const item = await post(owner, { title: `Lamp ${pattern} cheap`, description: `Costs ${pattern} nothing at all, come by.` });
      const res = await t.app.inject({ method: 'GET', url: `/items/${item.id}` });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<title>${esc(`Lamp ${pattern} cheap`)} | ShareNearby</title>`);
      expect(head).toContain(`<meta property="og:title" content="${esc(`Lamp ${pattern} cheap`)} | ShareNearby" />`);
      expect(head).toContain(`<meta name="twitter:title" content="${esc(`Lamp ${pattern} cheap`)} | ShareNearby" />`);
      expect(head).toContain(`<meta name="description" content="${esc(`Costs ${pattern} nothing at all, come by.`)}" />`);
      expect(head).toContain(`<meta property="og:description" content="${esc(`Costs ${pattern} nothing at all, come by.`)}" />`);
      // The rest of the page is the index.html it was made from: one head, one body, the app's root.
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<body>/g)).toHaveLength(1);
      expect(html).toMatch(/^<!doctype html><html lang="en"><head>/);
      expect(html).toMatch(/<\/head><body><div id="root">test client<\/div><\/body><\/html>$/);
    },
  );
});
