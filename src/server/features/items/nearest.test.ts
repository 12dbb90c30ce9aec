import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.js';

// earthdistance's sphere: earth() = 6378168 m.
const EARTH_RADIUS_KM = 6378.168;

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

let t: TestApp;
const points = new Map<number, { lat: number; lng: number }>();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await new TestClient(t.app).register('geo_owner');
  // A fixed pseudo-random cloud: half spread over the globe, half clustered around one city.
  fc.sample(fc.tuple(fc.boolean(), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), {
    numRuns: 400,
    seed: 42,
  }).forEach(([clustered, a, b], i) => {
    const lat = clustered ? 40.7 + a * 0.3 : a * 89.9;
    const lng = clustered ? -74 + b * 0.3 : b * 179.9;
    points.set(i, { lat: Number(lat.toFixed(8)), lng: Number(lng.toFixed(8)) });
  });
  // Three crowded places, where a page's items are all within a few kilometres (the planar index's
  // box serves them, not the cube's walk: PLANAR_REACH_M): around the north pole, across the
  // antimeridian, and a city block.
  fc.sample(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), {
    numRuns: 600,
    seed: 43,
  }).forEach(([a, b], i) => {
    const place = i % 3;
    const lat = place === 0 ? 89.92 + a * 0.08 : place === 1 ? 0.5 + (a - 0.5) * 0.1 : 51.5 + (a - 0.5) * 0.02;
    const rawLng = place === 0 ? b * 180 : place === 1 ? 180 + b * 0.1 : -0.12 + b * 0.02;
    const lng = rawLng > 180 ? rawLng - 360 : rawLng;
    points.set(400 + i, { lat: Number(lat.toFixed(8)), lng: Number(lng.toFixed(8)) });
  });
  const values = [...points.values()].map(
    // Published exactly where they are: this test is about ordering and distances.
    (p, i) =>
      sql`(${owner.id}, ${`Point ${i}`}, 'A point for the test.', '/uploads/x.webp', ${p.lat}, ${p.lng}, ${p.lat}, ${p.lng}, true, now() + interval '1 day')`,
  );
  await t.app.db.execute(
    sql`insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, exact_location, expires_at) values ${sql.join(values, sql`, `)}`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('nearest first', () => {
  const client = () => new TestClient(t.app);
  /** One page of 50 asked at a point: the distances a haversine computes, in order, and none nearer left out. */
  async function expectExactPage(lat: number, lng: number, page: number) {
    const res = await client().get(`/api/items?lat=${lat}&lng=${lng}&limit=50&page=${page}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { title: string; distance: number }[];
    expect(items).toHaveLength(50);
    let previous = -Infinity;
    for (const item of items) {
      const p = points.get(Number(item.title.replace('Point ', '')))!;
      const reference = haversineKm(lat, lng, p.lat, p.lng);
      expect(item.distance).toBeCloseTo(reference, 3);
      expect(item.distance).toBeGreaterThanOrEqual(previous - 1e-6);
      previous = item.distance;
    }
    // Nothing on later pages is nearer than the last item of this one, nor anything unlisted.
    const all = [...points.values()].map((p) => haversineKm(lat, lng, p.lat, p.lng)).sort((a, b) => a - b);
    expect(previous).toBeCloseTo(all[page * 50 - 1]!, 3);
  }

  it('orders by, and reports, the great-circle distance a haversine reference computes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -179.9, max: 179.9, noNaN: true }),
        fc.integer({ min: 1, max: 3 }),
        expectExactPage,
      ),
      { numRuns: 30, seed: 7 },
    );
  });

  // Where longitude and latitude are farthest from the sphere's own distances: next to a pole and
  // across the antimeridian (an index ordered in degrees would go wrong here; docs/decisions/030).
  it.each([
    [89.95, 0],
    [-89.9, 120],
    [0.5, 179.99],
    [-20, -179.995],
    [66, 180],
    [70, -180],
  ])('is exact next to a pole or the antimeridian (%f, %f)', async (lat, lng) => {
    for (const page of [1, 3]) await expectExactPage(lat, lng, page);
  });

  // Inside the crowded places: every page item within a few kilometres.
  it.each([
    [89.99, 45],
    [89.93, -170],
    [0.52, 179.999],
    [0.47, -179.98],
    [51.5, -0.12],
    [51.509, -0.129],
  ])('is exact where items crowd, beside a pole, across the antimeridian and in a city (%f, %f)', async (lat, lng) => {
    for (const page of [1, 2, 4]) await expectExactPage(lat, lng, page);
  });
});
