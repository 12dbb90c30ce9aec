import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.js';

// GET /api/items?radiusKm= against a haversine computed here, on earthdistance's sphere (earth() = 6378168 m).
const EARTH_RADIUS_KM = 6378.168;
const rad = Math.PI / 180;

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `km` away from (lat, lng) in the direction `bearing` (degrees from north), on the same sphere. */
function destination(lat: number, lng: number, km: number, bearing: number): { lat: number; lng: number } {
  const d = km / EARTH_RADIUS_KM;
  const b = bearing * rad;
  const lat1 = lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng * rad + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: Number((lat2 / rad).toFixed(8)), lng: Number((lng2 / rad).toFixed(8)) };
}

const CENTRE = { lat: 40.73, lng: -73.99 };
let t: TestApp;
const client = () => new TestClient(t.app);
/** Title -> published point. */
const points = new Map<string, { lat: number; lng: number }>();

type Listed = { title: string; distance?: number; createdAt: string };
type Page = { items: Listed[]; pagination: { currentPage: number; totalPages: number; total: number; hasNextPage: boolean } };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await new TestClient(t.app).register('radius_owner');
  const add = (title: string, p: { lat: number; lng: number }) => points.set(title, p);
  // Just inside and just outside 5 km (5 m either side), in four directions.
  for (const bearing of [0, 90, 180, 270]) {
    add(`in5 ${bearing}`, destination(CENTRE.lat, CENTRE.lng, 4.995, bearing));
    add(`out5 ${bearing}`, destination(CENTRE.lat, CENTRE.lng, 5.005, bearing));
  }
  // In the corners of earth_box(centre, 5 km) but outside the circle: only the exact check drops them.
  for (const bearing of [45, 135, 225, 315]) add(`corner5 ${bearing}`, destination(CENTRE.lat, CENTRE.lng, 6.5, bearing));
  // A ring of 30 within 1.5 km (paging), and a scatter out to 60 km.
  for (let i = 0; i < 30; i++) add(`near ${i}`, destination(CENTRE.lat, CENTRE.lng, 0.2 + i * 0.04, (i * 137) % 360));
  for (let i = 0; i < 40; i++) add(`far ${i}`, destination(CENTRE.lat, CENTRE.lng, 1.6 + i * 1.5, (i * 71) % 360));
  // Published exactly where they are (this test is about distances); one minute apart, "far 39" newest.
  const values = [...points.entries()].map(
    ([title, p], i) =>
      sql`(${owner.id}, ${title}, 'A point for the radius test.', '/uploads/x.webp', ${p.lat}, ${p.lng}, ${p.lat}, ${p.lng}, true,
        now() - ${`${points.size - i} minutes`}::interval, now() + interval '1 day')`,
  );
  await t.app.db.execute(
    sql`insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, exact_location, created_at, expires_at)
        values ${sql.join(values, sql`, `)}`,
  );
});
afterAll(async () => {
  await t?.close();
});

/** Every item of a list, page after page (limit 12), checking the pagination on the way. */
async function walk(query: string): Promise<{ items: Listed[]; total: number }> {
  const items: Listed[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await client().get(`/api/items?${query}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Page>();
    if (total === -1) total = body.pagination.total;
    expect(body.pagination.total).toBe(total);
    expect(body.pagination.currentPage).toBe(page);
    expect(body.pagination.totalPages).toBe(Math.ceil(total / 12));
    items.push(...body.items);
    if (!body.pagination.hasNextPage) break;
    expect(body.items).toHaveLength(12);
  }
  return { items, total };
}

describe('GET /api/items?radiusKm=', () => {
  it('lists exactly the items within the radius by the haversine distance, nearest first, with an exact total', async () => {
    for (const radiusKm of [1, 2, 5, 10, 25, 50, 0.1, 500]) {
      const { items, total } = await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=${radiusKm}`);
      const expected = [...points.entries()]
        .filter(([, p]) => haversineKm(CENTRE.lat, CENTRE.lng, p.lat, p.lng) <= radiusKm)
        .map(([title]) => title)
        .sort();
      expect(items.map((i) => i.title).sort(), `radius ${radiusKm}`).toEqual(expected);
      expect(total, `radius ${radiusKm}`).toBe(expected.length);
      let previous = 0;
      for (const item of items) {
        const p = points.get(item.title)!;
        expect(item.distance).toBeCloseTo(haversineKm(CENTRE.lat, CENTRE.lng, p.lat, p.lng), 3);
        expect(item.distance!).toBeLessThanOrEqual(radiusKm);
        expect(item.distance!).toBeGreaterThanOrEqual(previous);
        previous = item.distance!;
      }
    }
  });

  it('keeps the items 5 m inside 5 km and drops those 5 m outside, and the corners of the bounding box', async () => {
    const { items } = await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=5`);
    const titles = items.map((i) => i.title);
    for (const bearing of [0, 90, 180, 270]) {
      expect(titles).toContain(`in5 ${bearing}`);
      expect(titles).not.toContain(`out5 ${bearing}`);
    }
    expect(titles.filter((title) => title.startsWith('corner5'))).toEqual([]);
    // A decimal radius: 5.01 km takes the ones just outside 5 km.
    const wider = (await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=5.01`)).items.map((i) => i.title);
    for (const bearing of [0, 90, 180, 270]) expect(wider).toContain(`out5 ${bearing}`);
  });

  it('pages through a radius without repeating or skipping items', async () => {
    const { items, total } = await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=2`);
    expect(total).toBeGreaterThan(24); // three pages
    expect(new Set(items.map((i) => i.title)).size).toBe(items.length);
    expect(items).toHaveLength(total);
    // Asked past the end: the last page, with the same total.
    const past = (await client().get(`/api/items?lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=2&page=99`)).json<Page>();
    expect(past.pagination.currentPage).toBe(Math.ceil(total / 12));
    expect(past.pagination.total).toBe(total);
  });

  it('combines with a search and with newest first', async () => {
    const { items } = await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=10&query=far&tag=far`);
    const expected = [...points.entries()]
      .filter(([title, p]) => title.startsWith('far') && haversineKm(CENTRE.lat, CENTRE.lng, p.lat, p.lng) <= 10)
      .map(([title]) => title);
    expect(items.map((i) => i.title).sort()).toEqual(expected.sort());

    const newest = await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=10&sort=newest`);
    const times = newest.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const item of newest.items) expect(item.distance!).toBeLessThanOrEqual(10);
    const nearest = await walk(`lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=10`);
    expect(newest.items.map((i) => i.title).sort()).toEqual(nearest.items.map((i) => i.title).sort());
  });

  it('answers 400 with a message for a radius out of range, not a number, or without a place', async () => {
    const place = `lat=${CENTRE.lat}&lng=${CENTRE.lng}`;
    for (const bad of ['0', '0.05', '500.01', '501', '-1', 'abc', '1e2', 'Infinity', 'NaN', '', '%20', '5km', '0x10']) {
      const res = await client().get(`/api/items?${place}&radiusKm=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe('radiusKm must be a number from 0.1 to 500 (kilometres)');
    }
    const res = await client().get('/api/items?radiusKm=5');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('radiusKm needs a place: send lat and lng with it');
    for (const ok of ['0.1', '500', '2.5', '50'])
      expect((await client().get(`/api/items?${place}&radiusKm=${ok}`)).statusCode, ok).toBe(200);
  });
});

describe('GET /api/items?sort=', () => {
  it('is nearest first with a place and newest first without, unless asked', async () => {
    const nearestByDefault = (await client().get(`/api/items?lat=${CENTRE.lat}&lng=${CENTRE.lng}`)).json<Page>();
    const distances = nearestByDefault.items.map((i) => i.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect((await client().get(`/api/items?lat=${CENTRE.lat}&lng=${CENTRE.lng}&sort=nearest`)).json()).toEqual(nearestByDefault);

    const newestByDefault = (await client().get('/api/items')).json<Page>();
    expect(newestByDefault.items[0]!.title).toBe('far 39');
    expect(newestByDefault.items[0]!.distance).toBeUndefined();
    expect((await client().get('/api/items?sort=newest')).json()).toEqual(newestByDefault);

    // Newest first near a place: the same order, with distances.
    const newestNear = (await client().get(`/api/items?lat=${CENTRE.lat}&lng=${CENTRE.lng}&sort=newest`)).json<Page>();
    expect(newestNear.items.map((i) => i.title)).toEqual(newestByDefault.items.map((i) => i.title));
    for (const item of newestNear.items) expect(item.distance).toBeGreaterThan(0);
  });

  it('answers 400 for nearest without a place and for any other order', async () => {
    const nearest = await client().get('/api/items?sort=nearest');
    expect(nearest.statusCode).toBe(400);
    expect(nearest.json().message).toBe('sort=nearest needs a place: send lat and lng with it');
    for (const bad of ['best', 'RELEVANCE', 'NEWEST', 'oldest', '', 'newest,nearest']) {
      const res = await client().get(`/api/items?sort=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe('sort must be nearest, newest or relevance');
    }
  });
});

describe('createdAt', () => {
  it('is on listed items and on the detail, as ISO 8601', async () => {
    const listed = (await client().get('/api/items?limit=1')).json<Page>().items[0]!;
    expect(listed.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.now() - Date.parse(listed.createdAt)).toBeLessThan(5 * 60_000);
    const id = (listed as unknown as { id: number }).id;
    const detail = (await client().get(`/api/items/${id}`)).json<{ createdAt: string }>();
    expect(detail.createdAt).toBe(listed.createdAt);
  });
});
