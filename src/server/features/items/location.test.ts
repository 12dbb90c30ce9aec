import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDir, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { queryRows } from '../../db/client.js';
import { metresBetween, moved } from '../../test/geo.js';
import { APPROX_MAX_METRES, APPROX_MIN_METRES, approximatePoint, cellOf } from './location.js';
import { locationSecret, republishOldPoints } from './published-point.js';

describe('approximatePoint', () => {
  it('moves a point a few hundred metres, within the range, and stays a valid coordinate', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (lat, lng, key) => {
          const p = approximatePoint({ lat, lng }, Buffer.from(key));
          const d = metresBetween({ lat, lng }, p);
          expect(d).toBeGreaterThanOrEqual(APPROX_MIN_METRES);
          expect(d).toBeLessThanOrEqual(APPROX_MAX_METRES);
          expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
        },
      ),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('gives every point of a cell the same published point, and another secret another one', () => {
    const secret = randomBytes(32);
    const home = { lat: 40.7128, lng: -74.006 };
    const cell = cellOf(home, secret);
    const sameCell = [moved(home, 1, 0), moved(home, 0, 1), moved(home, -1, -1)].filter((p) => {
      const c = cellOf(p, secret);
      return c.row === cell.row && c.col === cell.col;
    });
    expect(sameCell.length).toBeGreaterThan(0);
    for (const p of sameCell) expect(approximatePoint(p, secret)).toEqual(approximatePoint(home, secret));
    expect(approximatePoint(home, randomBytes(32))).not.toEqual(approximatePoint(home, secret));
  });

  it('goes in every direction (no bias a watcher could undo)', () => {
    const quadrants = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = approximatePoint({ lat: 40.7, lng: -74 }, randomBytes(32));
      quadrants.add(`${p.lat > 40.7}${p.lng > -74}`);
    }
    expect(quadrants.size).toBe(4);
  });

  it('wraps across the date line', () => {
    for (let i = 0; i < 50; i++) {
      const p = approximatePoint({ lat: 0, lng: 179.9999 }, randomBytes(32));
      expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
      expect(metresBetween({ lat: 0, lng: 179.9999 }, p)).toBeLessThanOrEqual(APPROX_MAX_METRES);
    }
  });
});

describe('published points of items', () => {
  let t: TestApp;
  const home = { latitude: 40.72934, longitude: -73.99712 };

  beforeAll(async () => {
    t = await createTestApp({}, { clientDir: fakeClientDir() });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function poster() {
    const client = new TestClient(t.app);
    await client.register(uniqueName('home'));
    const imageUrl = (await client.upload([{ data: await jpegWithGps() }])).json().imageUrl as string;
    return { client, imageUrl };
  }

  async function postFromHome(p: { client: TestClient; imageUrl: string }, n: number, at = home) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await p.client.post('/api/items', {
        title: `Thing number ${i}`,
        description: 'Collect from my place any evening.',
        imageUrl: p.imageUrl,
        ...at,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    return ids;
  }

  const truth = { lat: home.latitude, lng: home.longitude };

  it("a pin dragged a few metres across a cell line publishes the poster's first point, and the owner sees the exact one", async () => {
    const secret = await locationSecret(t.app.db);
    // Walk north from the home until the cell changes: the line is between the last two steps.
    const start = cellOf(truth, secret);
    let north = 0;
    while (cellOf(moved(truth, north, 0), secret).row === start.row) north += 1;
    const before = moved(truth, north - 4, 0);
    const after = moved(truth, north + 3, 0);
    const p = await poster();
    const [first] = await postFromHome(p, 1, { latitude: before.lat, longitude: before.lng });
    const [second] = await postFromHome(p, 1, { latitude: after.lat, longitude: after.lng });
    const visitor = new TestClient(t.app);
    const a = (await visitor.get(`/api/items/${first}`)).json();
    const b = (await visitor.get(`/api/items/${second}`)).json();
    expect([b.latitude, b.longitude]).toEqual([a.latitude, a.longitude]);
    expect(metresBetween({ lat: b.latitude, lng: b.longitude }, after)).toBeGreaterThanOrEqual(APPROX_MIN_METRES);
    const own = (await p.client.get(`/api/items/${second}`)).json();
    expect(own).toMatchObject({
      latitude: Number(after.lat.toFixed(8)),
      longitude: Number(after.lng.toFixed(8)),
      locationIsApproximate: false,
    });
    // Someone else posting from the other side of the line gets that side's own point.
    const [third] = await postFromHome(await poster(), 1, { latitude: after.lat, longitude: after.lng });
    const c = (await visitor.get(`/api/items/${third}`)).json();
    expect([c.latitude, c.longitude]).not.toEqual([a.latitude, a.longitude]);
  }, 60_000);

  it('an account keeps its points when its items are deleted: a place 300 m from the old one publishes the old point', async () => {
    const p = await poster();
    const visitor = new TestClient(t.app);
    const [first] = await postFromHome(p, 1);
    const point = (await visitor.get(`/api/items/${first}`)).json();
    expect((await p.client.request({ method: 'DELETE', url: `/api/items/${first}` })).statusCode).toBe(204);
    // The photo went with the item: the next post has a new one.
    p.imageUrl = (await p.client.upload([{ data: await jpegWithGps() }])).json().imageUrl as string;
    // A place 300 m from the point published before (and so in another cell than the home).
    const place = moved({ lat: point.latitude, lng: point.longitude }, 300, 0);
    const [second] = await postFromHome(p, 1, { latitude: place.lat, longitude: place.lng });
    const again = (await visitor.get(`/api/items/${second}`)).json();
    expect([again.latitude, again.longitude]).toEqual([point.latitude, point.longitude]);
    // Someone else posting there gets that place's own cell's point.
    const [other] = await postFromHome(await poster(), 1, { latitude: place.lat, longitude: place.lng });
    const theirs = (await visitor.get(`/api/items/${other}`)).json();
    expect([theirs.latitude, theirs.longitude]).not.toEqual([point.latitude, point.longitude]);
  });

  it("an item whose published point is an old random draw gets its cell's point at start, once", async () => {
    const [id] = await postFromHome(await poster(), 1);
    const expected = (await new TestClient(t.app).get(`/api/items/${id}`)).json();
    // As migration 0007 left it: a random point, location_version 1.
    await t.app.db.execute(
      sql`update items set approx_latitude = 40.7301, approx_longitude = -73.9921, location_version = 1 where id = ${id}`,
    );
    expect(await republishOldPoints(t.app.db)).toBe(1);
    const detail = (await new TestClient(t.app).get(`/api/items/${id}`)).json();
    expect([detail.latitude, detail.longitude]).toEqual([expected.latitude, expected.longitude]);
    expect(await republishOldPoints(t.app.db)).toBe(0);
    const [row] = await queryRows<{ v: number }>(t.app.db, sql`select location_version as v from items where id = ${id}`);
    expect(Number(row!.v)).toBe(2);
  });

  it('the secret is 32 random bytes made once and kept in the database, where every process reads it', async () => {
    const [stored] = await queryRows<{ value: string }>(t.app.db, sql`select value from app_secrets where name = 'location_secret'`);
    expect(stored!.value).toMatch(/^[\w-]{43}$/);
    expect((await locationSecret(t.app.db)).toString('base64url')).toBe(stored!.value);
    expect((await locationSecret(t.app.db)).length).toBe(32);
  });
});
