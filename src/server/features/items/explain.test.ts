import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { imagesOnlyShownByQuery } from '../admin/service.js';
import { forgetEstimates, itemShowingImage } from './repository.js';

// The list queries on 100,000 items must be served by indexes, never by reading the whole table; so
// must the image lookups of deleting an item or a user.
// The SQL is captured from the real API calls, then EXPLAINed with the same parameters.
const ITEMS = 100_000;

let t: TestApp;
const captured: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await new TestClient(t.app).register('bulk_owner');
  // Deterministic spread over a country-sized box with a dense city, varied words and tags.
  await t.app.db.execute(sql`
    insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, tags, status, created_at, expires_at)
    select ${owner.id},
           (array['Chair','Lamp','Bicycle','Table','Kettle','Guitar','Coat','Books','Sofa','Drill'])[1 + g % 10] || ' ' || g,
           'Item number ' || g || ' in ' || (array['good','fair','fine','used','mint'])[1 + g % 5] || ' condition, pick up any time',
           '/uploads/' || g || '.webp',
           case when g % 3 = 0 then 40.7 + ((g * 7919) % 1000) / 5000.0 else 30 + ((g * 104729) % 15000) / 1000.0 end,
           case when g % 3 = 0 then -74 + ((g * 6007) % 1000) / 5000.0 else -120 + ((g * 1299709) % 45000) / 1000.0 end,
           case when g % 3 = 0 then 40.7 + ((g * 7919) % 1000) / 5000.0 else 30 + ((g * 104729) % 15000) / 1000.0 end + 0.003,
           case when g % 3 = 0 then -74 + ((g * 6007) % 1000) / 5000.0 else -120 + ((g * 1299709) % 45000) / 1000.0 end - 0.002,
           array[(array['Furniture','Books','Tools','Free','Toys'])[1 + g % 5]] || case when g % 997 = 0 then array['Rare'] else array[]::text[] end,
           case when g % 10 = 7 then 'taken' else 'available' end,
           now() - (g || ' minutes')::interval,
           now() + interval '20 days'
    from generate_series(1::bigint, ${ITEMS}::bigint) as g`);
  await t.app.db.execute(sql`analyze items`);
  await t.app.db.execute(sql`analyze users`);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** Runs an API call while recording the SQL it sends to the items table (cold: no remembered total). */
async function sqlOf(url: string, { cold = true } = {}): Promise<{ sql: string; params: unknown[] }[]> {
  if (cold) forgetEstimates(t.app.db);
  const db = t.app.db as unknown as { execute: (q: unknown) => Promise<unknown> };
  const original = db.execute.bind(db);
  captured.length = 0;
  const dialect = (t.app.db as unknown as { dialect: { sqlToQuery: (q: unknown) => { sql: string; params: unknown[] } } }).dialect;
  db.execute = async (q: unknown) => {
    const built = dialect.sqlToQuery(q);
    if (/from items/i.test(built.sql)) captured.push(built);
    return original(q);
  };
  try {
    const res = await new TestClient(t.app).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
  } finally {
    db.execute = original;
  }
  return [...captured];
}

async function plan(query: { sql: string; params: unknown[] }): Promise<string> {
  const explained = query.sql.startsWith('EXPLAIN') ? query.sql.replace(/^EXPLAIN \(FORMAT JSON\)/, 'EXPLAIN') : `EXPLAIN ${query.sql}`;
  const client = (
    t.app.database as unknown as { db: { $client: { query: (s: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> } } }
  ).db.$client;
  const res = await client.query(explained, query.params);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe(`EXPLAIN of the list queries on ${ITEMS.toLocaleString('en')} items`, () => {
  const created = /Index Scan using items_available_created_idx/;
  const gist = /Index Scan using items_location_gist/;
  const trgm = /items_title_trgm_idx/;
  const tags = /items_tags_lower_idx/;
  // The GiST index by any kind of scan (a bitmap for a box whose matches are then sorted).
  const gistAny = /(Index|Bitmap Index) Scan (using|on) items_location_gist/;
  // The KNN walk bounded by the box: one GiST index scan with the box as its condition and the distance as its order.
  const gistWalk = /Index Scan using items_location_gist[^\n]*\n\s*Index Cond: \(\(ll_to_earth[^\n]*<@[^\n]*\n\s*Order By: /;
  // The unfiltered count reads the partial index of listed items (index-only), up to the cap.
  const listed = /Index (Only )?Scan using items_available_(located_expires|expires|created)_idx/;
  it.each([
    ['newest first, page 1', '/api/items', created, listed],
    ['newest first, page 50', '/api/items?page=50', created, listed],
    ['nearest first', '/api/items?lat=40.75&lng=-73.98', gist, listed],
    ['nearest first, page 5', '/api/items?lat=35.1&lng=-100.2&page=5', gist, listed],
    // Many matches: walking the newest-first index finds a page at once; the count uses trigrams.
    ['search for a common word', '/api/items?query=chair&tag=chair', created, trgm],
    // Few matches scattered over time (an exact total of at most FEW_MATCHES): the matches are
    // collected by the trigram and tag indexes, never by walking the newest-first index and
    // filtering, which reads the whole table for a word nobody used. docs/decisions/004 explains.
    ['search for a rare word', '/api/items?query=guitar%2099&tag=guitar%2099', trgm, trgm],
    ['search text that is a rare tag', '/api/items?query=rare&tag=rare', tags, tags],
    ['nearest first with a rare word', '/api/items?query=guitar%2099&lat=40.75&lng=-73.98', trgm, trgm],
    ['a tag alone', '/api/items?tag=rare', tags, tags],
    // Within a radius: the KNN walk bounded by earth_box (an index condition of the GiST scan), and
    // a count of the points in the box by the same index (docs/decisions/004).
    ['nearest first within 5 km', '/api/items?lat=40.75&lng=-73.98&radiusKm=5', gistWalk, gistAny],
    ['nearest first within 50 km, page 3', '/api/items?lat=40.75&lng=-73.98&radiusKm=50&page=3', gistWalk, gistAny],
    ['nearest first within 500 km, in the sparse country', '/api/items?lat=35.1&lng=-100.2&radiusKm=500', gistWalk, gistAny],
    ['within 1 km of a city point', '/api/items?lat=40.79&lng=-73.91&radiusKm=1', gistWalk, gistAny],
    ['newest first within 2 km', '/api/items?lat=40.75&lng=-73.98&radiusKm=2&sort=newest', gistAny, gistAny],
    ['a common word within 10 km', '/api/items?query=chair&tag=chair&lat=40.75&lng=-73.98&radiusKm=10', gistAny, gistAny],
  ])('%s is served by indexes, and its count stops early', async (_name, url, listIndex, countIndex) => {
    const queries = await sqlOf(url);
    expect(queries.length).toBeGreaterThanOrEqual(2);
    const plans = await Promise.all(queries.map(plan));
    if (process.env.SHOW_PLANS) console.log(url, '\n', plans.join('\n---\n'));
    for (const p of plans) expect(p).not.toMatch(/Seq Scan on items/);
    // A search counts first (its total decides how the page is read), a plain list runs both at once.
    const listPlan = plans[queries.findIndex((q) => /ORDER BY/.test(q.sql))];
    expect(listPlan).toMatch(listIndex);
    const countPlan = plans[queries.findIndex((q) => /count\(\*\)/.test(q.sql))]!;
    expect(countPlan).toMatch(/Limit/);
    expect(countPlan).toMatch(countIndex);
  });

  it('a page total above 10,000 is an estimate, flagged as such, and consistent with paging', async () => {
    const res = await new TestClient(t.app).get('/api/items');
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
    const res = await new TestClient(t.app).get('/api/items?lat=35.1&lng=-100.2');
    expect(res.json().pagination.totalIsEstimate).toBe(true);
  });

  it('a small result has an exact total', async () => {
    const { pagination } = (await new TestClient(t.app).get('/api/items?query=rare&tag=rare')).json();
    const [exact] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from items where 'Rare' = any(tags) and status = 'available'`,
    );
    expect(pagination.totalIsEstimate).toBeUndefined();
    expect(pagination.total).toBe(exact!.n);
  });
});

describe(`EXPLAIN of the image lookups of a deletion on ${ITEMS.toLocaleString('en')} items`, () => {
  const byImage = /Index (Only )?Scan using items_image_url_idx/;

  it('deleting an item asks whether another item shows its image with one index lookup', async () => {
    const p = await plan(itemShowingImage(t.app.db, '/uploads/4242.webp').toSQL());
    if (process.env.SHOW_PLANS) console.log(p);
    expect(p).toMatch(byImage);
    expect(p).not.toMatch(/Seq Scan on items/);
  });

  it("deleting a user finds the images only that user's items show by index lookups, item by item", async () => {
    const someone = await new TestClient(t.app).register('deleted_soon');
    await t.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, tags, status)
      select ${someone.id}, 'Lamp ' || g, 'A lamp', '/uploads/own-' || g || '.webp', array['Lamps'], 'available'
      from generate_series(1, 3) as g`);
    const p = await plan(imagesOnlyShownByQuery(t.app.db, someone.id).toSQL());
    if (process.env.SHOW_PLANS) console.log(p);
    expect(p).toMatch(/Index (Only )?Scan using items_user_id_idx/);
    expect(p).toMatch(byImage);
    expect(p).not.toMatch(/Seq Scan on items/);
  });
});
