import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { TestClient } from '../../../test/harness.js';
import { RADIUS_EXACT_CAP } from './costs.js';
import { plan, seededApp, sqlOf } from './explain-helpers.js';

/** EXPLAIN of the page totals (totals.ts) on the seeded items: counted up to a cap by an index, estimated beyond it. */
export function explainWholeListCounts(): void {
  // Counted in the order of the expiry index: read through the partial index of listed items, never
  // by a sequential scan that stops at the cap (docs/decisions/004).
  it.each([
    ['a visitor', '/api/items', /Index (Only )?Scan using items_available_expires_idx/],
    ['a signed-in person', '/api/items', /Index (Only )?Scan using items_available_expires_idx/],
    ['a visitor with a place', '/api/items?lat=40.75&lng=-73.98', /Index (Only )?Scan using items_available_located_expires_idx/],
    ['a visitor asking for offers', '/api/items?type=offer', /Index (Only )?Scan using items_available_expires_idx/],
  ])('the whole list counted for %s walks the index of listed items', async (who, url, index) => {
    const client = new TestClient(seededApp().app);
    if (who === 'a signed-in person') await client.register('count_viewer');
    const queries = await sqlOf(url, { client });
    const count = queries.find((q) => /count\(\*\)/.test(q.sql) && /LIMIT/.test(q.sql))!;
    if (who === 'a signed-in person') expect(count.sql).toMatch(/user_id/);
    const p = await plan(count);
    expect(p).toMatch(index);
    expect(p).not.toMatch(/Seq Scan on items|Sort/);
  });
}

/** The totals' answers: an estimate above the cap, remembered; a circle's estimate; a small exact total. */
export function explainEstimates(): void {
  it('a page total above 10,000 is an estimate, flagged as such, and consistent with paging', async () => {
    const res = await new TestClient(seededApp().app).get('/api/items');
    const { pagination } = res.json();
    expect(pagination.totalIsEstimate).toBe(true);
    expect(pagination.total).toBeGreaterThan(10_000);
    expect(pagination.totalPages).toBe(Math.ceil(pagination.total / 12));
    expect(pagination.hasNextPage).toBe(true);
  });

  it('a total above the cap is remembered: the next request of that filter runs only the list query', async () => {
    expect((await sqlOf('/api/items?lat=40.75&lng=-73.98')).length).toBeGreaterThanOrEqual(2);
    const warm = await sqlOf('/api/items?lat=35.1&lng=-100.2&page=2', { cold: false });
    expect(warm).toHaveLength(1);
    expect(warm[0]!.sql).toMatch(/ORDER BY/);
    const res = await new TestClient(seededApp().app).get('/api/items?lat=35.1&lng=-100.2');
    expect(res.json().pagination.totalIsEstimate).toBe(true);
  });

  it('a circle holding more than RADIUS_EXACT_CAP items has an estimated total close to the exact one', async () => {
    for (const [lat, lng, km] of [
      [40.8, -73.9, 3],
      [40.75, -73.95, 1],
      [40.8, -73.9, 8],
    ] as const) {
      const { pagination } = (await new TestClient(seededApp().app).get(`/api/items?lat=${lat}&lng=${lng}&radiusKm=${km}`)).json();
      const [exact] = await queryRows<{ n: number }>(
        seededApp().app.db,
        sql`select count(*)::int as n from items where status = 'available' and expires_at > now() and approx_latitude is not null
          and earth_distance(ll_to_earth(approx_latitude::float8, approx_longitude::float8), ll_to_earth(${lat}::float8, ${lng}::float8)) <= ${km * 1000}`,
      );
      expect(exact!.n).toBeGreaterThan(RADIUS_EXACT_CAP);
      expect(pagination.totalIsEstimate).toBe(true);
      expect(pagination.total / exact!.n, `${km} km: ${pagination.total} for ${exact!.n}`).toBeGreaterThan(0.6);
      expect(pagination.total / exact!.n, `${km} km: ${pagination.total} for ${exact!.n}`).toBeLessThan(1.6);
    }
  });

  it('a small result has an exact total', async () => {
    const { pagination } = (await new TestClient(seededApp().app).get('/api/items?query=rare&tag=rare')).json();
    const [exact] = await queryRows<{ n: number }>(
      seededApp().app.db,
      sql`select count(*)::int as n from items where 'Rare' = any(tags) and status = 'available'`,
    );
    expect(pagination.totalIsEstimate).toBeUndefined();
    expect(pagination.total).toBe(exact!.n);
  });
}
