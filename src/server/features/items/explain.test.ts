import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { imagesOnlyShownByQuery } from '../admin/service.js';
import { forgetEstimates, itemShowingImage, RADIUS_EXACT_CAP } from './repository.js';

// The list queries on 100,000 items must be served by indexes, never by reading the whole table; so
// must the image lookups of deleting an item or a user.
// The SQL is captured from the real API calls, then EXPLAINed with the same parameters.
const ITEMS = 100_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await new TestClient(t.app).register('bulk_owner');
  // Deterministic spread over a country-sized box with a dense city, varied words and tags.
  await t.app.db.execute(sql`
    insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, tags, status, type, created_at, expires_at)
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
           case when g % 50 = 25 then 'want' else 'offer' end,
           now() - (g || ' minutes')::interval,
           now() + interval '20 days'
    from generate_series(1::bigint, ${ITEMS}::bigint) as g`);
  await t.app.db.execute(sql`analyze items`);
  await t.app.db.execute(sql`analyze users`);
  await t.app.db.execute(sql`analyze item_map_cells`);
  // What autovacuum does on PostgreSQL: statistics, and the visibility map that lets the postings'
  // walks read the index alone (index-only scans).
  await t.app.db.execute(sql`vacuum analyze search.postings`);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type Sent = { sql: string; params: unknown[] };

/** Every statement `run` sends to the database, as the driver receives it (raw SQL and the query builder's alike). */
async function statementsSentDuring<T>(run: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const client = (t.app.database as unknown as { db: { $client: { query: (q: unknown, ...rest: unknown[]) => Promise<unknown> } } }).db
    .$client;
  const query = client.query.bind(client);
  const sent: Sent[] = [];
  client.query = (q: unknown, ...rest: unknown[]) => {
    sent.push({ sql: typeof q === 'string' ? q : (q as { text: string }).text, params: (rest[0] as unknown[]) ?? [] });
    return query(q, ...rest);
  };
  try {
    return { result: await run(), sent };
  } finally {
    client.query = query;
  }
}

/** Runs an API call while recording the SQL it sends to the items table (cold: no remembered total). */
async function sqlOf(url: string, { cold = true, client = new TestClient(t.app) } = {}): Promise<Sent[]> {
  if (cold) forgetEstimates(t.app.db);
  const { result: res, sent } = await statementsSentDuring(() => client.get(url));
  expect(res.statusCode).toBe(200);
  expect(res.json().items.length).toBeGreaterThan(0);
  // The items' statements. The typo lookup is not among them: on PostgreSQL it is one call of
  // search.closest_words (the vocabulary's trigram index), on PGlite a read of the whole (small)
  // vocabulary on purpose (docs/decisions/022).
  return sent.filter((q) => /from items/i.test(q.sql));
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
  const trgm = /items_title_trgm_idx/;
  const tags = /items_tags_lower_idx/;
  const words = /items_search_doc_idx/;
  // The GiST index by any kind of scan (a bitmap for a box whose matches are then sorted).
  const gistAny = /(Index|Bitmap Index) Scan (using|on) items_location_gist/;
  const postingsWalk = /Index Only Scan using postings_walk_idx/;
  // Nearest first without a search (migration 0036, docs/decisions/031): candidates walked on the
  // planar index in its own order, then that index's box of their reach; beyond PLANAR_REACH_M
  // (a gate on the reach, not run otherwise) the cube index's walk.
  const nearestPlanar =
    /Index Only Scan using items_location_point_gist[^\n]*\n(\s*Index Cond: [^\n]*\n)?\s*Order By: \(\(point[\s\S]*items_location_point_gist[^\n]*\n\s*Index Cond: [^\n]*<@ [\s\S]*One-Time Filter: [^\n]*> '10000'[\s\S]*Index Scan using items_location_gist/;
  // The unfiltered count reads the partial index of listed items (index-only), up to the cap.
  const listed = /Index (Only )?Scan using items_available_(located_expires|expires|created)_idx/;
  // Counted in the order of the expiry index: read through the partial index of listed items, never
  // by a sequential scan that stops at the cap (docs/decisions/004).
  it.each([
    ['a visitor', '/api/items', /Index (Only )?Scan using items_available_expires_idx/],
    ['a signed-in person', '/api/items', /Index (Only )?Scan using items_available_expires_idx/],
    ['a visitor with a place', '/api/items?lat=40.75&lng=-73.98', /Index (Only )?Scan using items_available_located_expires_idx/],
    ['a visitor asking for offers', '/api/items?type=offer', /Index (Only )?Scan using items_available_expires_idx/],
  ])('the whole list counted for %s walks the index of listed items', async (who, url, index) => {
    const client = new TestClient(t.app);
    if (who === 'a signed-in person') await client.register('count_viewer');
    const queries = await sqlOf(url, { client });
    const count = queries.find((q) => /count\(\*\)/.test(q.sql) && /LIMIT/.test(q.sql))!;
    if (who === 'a signed-in person') expect(count.sql).toMatch(/user_id/);
    const p = await plan(count);
    expect(p).toMatch(index);
    expect(p).not.toMatch(/Seq Scan on items|Sort/);
  });

  it.each([
    ['newest first, page 1', '/api/items', created, listed],
    ['newest first, page 50', '/api/items?page=50', created, listed],
    ['nearest first', '/api/items?lat=40.75&lng=-73.98', nearestPlanar, listed],
    ['nearest first, page 5', '/api/items?lat=35.1&lng=-100.2&page=5', nearestPlanar, listed],
    // Many matches: walking the newest-first index finds a page at once; the count uses trigrams.
    ['search for a common word', '/api/items?query=chair&tag=chair', created, trgm],
    // Few matches scattered over time (an exact total of at most FEW_MATCHES): the matches are
    // collected by the trigram and tag indexes, never by walking the newest-first index and
    // filtering, which reads the whole table for a word nobody used. docs/decisions/004 explains.
    ['search for a rare word', '/api/items?query=99150&tag=99150', trgm, trgm],
    ['search text that is a rare tag', '/api/items?query=rare&tag=rare', tags, tags],
    ['nearest first with a rare word', '/api/items?query=99150&lat=40.75&lng=-73.98', trgm, trgm],
    ['a tag alone', '/api/items?tag=rare', tags, tags],
    // Within a radius: the planar index's walk and box, bounded by the circle's box (the cube walk,
    // bounded by earth_box, beyond PLANAR_REACH_M), and a count of the points in the box by the cube
    // index (docs/decisions/004).
    ['nearest first within 5 km', '/api/items?lat=40.75&lng=-73.98&radiusKm=5', nearestPlanar, gistAny],
    ['nearest first within 50 km, page 3', '/api/items?lat=40.75&lng=-73.98&radiusKm=50&page=3', nearestPlanar, gistAny],
    ['nearest first within 500 km, in the sparse country', '/api/items?lat=35.1&lng=-100.2&radiusKm=500', nearestPlanar, gistAny],
    ['within 1 km of a city point', '/api/items?lat=40.79&lng=-73.91&radiusKm=1', nearestPlanar, gistAny],
    ['newest first within 2 km', '/api/items?lat=40.75&lng=-73.98&radiusKm=2&sort=newest', gistAny, gistAny],
    // Search by words (docs/decisions/022): few matches by the words index, many by the walk.
    ['several words in any order', '/api/items?query=94%20kettle&tag=94%20kettle', words, words],
    ['several words with a typo', '/api/items?query=kettel%2094&tag=kettel%2094', words, words],
    ['a common word with a typo', '/api/items?query=guitr&tag=guitr', created, words],
    ['best match first, few matches', '/api/items?query=94%20kettle&tag=94%20kettle&sort=relevance', words, words],
    // Many matches of several words: the postings of the rarest word, walked newest first (migration 0034).
    ['several common words, newest first', '/api/items?query=lamp%20fair&tag=lamp%20fair', postingsWalk, words],
    // Best match first ranks every match of a few (at most FEW_MATCHES); more, by tiers, each newest
    // first, walking the title-and-tag postings (docs/decisions/029).
    ['best match first, a counted typo', '/api/items?query=guitr&tag=guitr&sort=relevance', postingsWalk, words],
    ['best match first, a word in every item', '/api/items?query=condition&tag=condition&sort=relevance', postingsWalk, listed],
    // Offers and wants (migration 0027): wants (2% here) walk their own partial indexes; offers walk
    // the indexes of every listed item and skip the few wants.
    ['wants, newest first', '/api/items?type=want', /Index Scan using items_wants_created_idx/, /items_wants_created_idx/],
    ['wants, nearest first', '/api/items?type=want&lat=40.75&lng=-73.98', /Index Scan using items_wants_location_gist/, /items_wants_/],
    [
      'wants within 5 km',
      '/api/items?type=want&lat=40.75&lng=-73.98&radiusKm=5',
      /Index Scan using items_wants_location_gist/,
      /items_wants_location_gist/,
    ],
    ['offers, newest first, page 20', '/api/items?type=offer&page=20', created, listed],
    ['offers, nearest first', '/api/items?type=offer&lat=40.75&lng=-73.98', nearestPlanar, listed],
    [
      'a common word among wants',
      '/api/items?query=guitar&tag=guitar&type=want',
      /items_wants_created_idx|trgm/,
      /items_wants_created_idx|trgm/,
    ],
    ['a common word within 10 km', '/api/items?query=chair&tag=chair&lat=40.75&lng=-73.98&radiusKm=10', gistAny, gistAny],
  ])('%s is served by indexes, and its count stops early', async (_name, url, listIndex, countIndex) => {
    const queries = await sqlOf(url);
    expect(queries.length).toBeGreaterThanOrEqual(2);
    const plans = await Promise.all(queries.map(plan));
    if (process.env.SHOW_PLANS) console.log(url, '\n', plans.join('\n---\n'));
    // The planner's estimate of a total above the cap is an EXPLAIN the app never runs: it scans nothing.
    plans.forEach((p, i) => !queries[i]!.sql.startsWith('EXPLAIN') && expect(p).not.toMatch(/Seq Scan on items/));
    // A search counts first (its total decides how the page is read), a plain list runs both at once.
    const listPlan = plans[queries.findIndex((q) => /ORDER BY/.test(q.sql) && /from items/i.test(q.sql) && !/count\(\*\)/.test(q.sql))];
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

  it('a circle holding more than RADIUS_EXACT_CAP items has an estimated total close to the exact one', async () => {
    for (const [lat, lng, km] of [
      [40.8, -73.9, 3],
      [40.75, -73.95, 1],
      [40.8, -73.9, 8],
    ] as const) {
      const { pagination } = (await new TestClient(t.app).get(`/api/items?lat=${lat}&lng=${lng}&radiusKm=${km}`)).json();
      const [exact] = await queryRows<{ n: number }>(
        t.app.db,
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
  const byImage = /Bitmap Index Scan on items_photos_idx/;

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
    expect(p).toMatch(/Index (Only )?Scan using items_user_status_created_idx/);
    expect(p).toMatch(byImage);
    expect(p).not.toMatch(/Seq Scan on items/);
  });

  // A person with 3,000 items, older than the 100,000 of bulk_owner: 2,000 available, 1,000 taken,
  // 500 of them given to someone in the app. A profile shows the newest current ones and counts the
  // given ones, reading only what it shows or counts.
  it("a profile reads its owner's newest current items and their given ones by an index range each, not all their items", async () => {
    const owner = await new TestClient(t.app).register('many_items');
    const receiver = await new TestClient(t.app).register('many_received');
    await t.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, tags, status, promised_to_id, created_at, expires_at)
      select ${owner.id}, 'Stool ' || g, 'A stool', '/uploads/stool-' || g || '.webp', array['Furniture'],
             case when g % 3 = 0 then 'taken' else 'available' end, case when g % 6 = 0 then ${receiver.id}::int end,
             now() - interval '100 days' - (g || ' minutes')::interval, now() + interval '20 days'
      from generate_series(1, 3000) as g`);
    await t.app.db.execute(sql`analyze items`);
    const res = await new TestClient(t.app).get('/api/users/profile/many_items');
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<{ items: { title: string }[]; givenCount: number }>();
    expect(profile.items.map((i) => i.title)).toEqual([
      'Stool 1',
      'Stool 2',
      'Stool 4',
      'Stool 5',
      'Stool 7',
      'Stool 8',
      'Stool 10',
      'Stool 11',
      'Stool 13',
      'Stool 14',
      'Stool 16',
      'Stool 17',
    ]);
    expect(profile.givenCount).toBe(500);
    const { result: again, sent } = await statementsSentDuring(() => new TestClient(t.app).get('/api/users/profile/many_items'));
    expect(again.statusCode).toBe(200);
    const current = sent.find((q) => /from "items".*order by/is.test(q.sql))!;
    const given = sent.find((q) => /status = 'taken' and promised_to_id is not null/.test(q.sql))!;
    const [currentPlan, givenPlan] = [await plan(current), await plan(given)];
    if (process.env.SHOW_PLANS) console.log(currentPlan, '\n---\n', givenPlan);
    // Newest first in the index's own order, stopped at the profile's few: no sort of all the owner's items.
    expect(currentPlan).toMatch(/Limit[\s\S]*Index Scan using items_user_status_created_idx/);
    expect(currentPlan).not.toMatch(/Sort|Seq Scan/);
    // The given ones only: the owner's taken items, not every item of theirs.
    expect(givenPlan).toMatch(
      /(Index (Only )?Scan using|Bitmap Index Scan on) items_user_status_created_idx[^\n]*\n\s*Index Cond: \(\(user_id = \d+\) AND \(status = 'taken'::text\)\)/,
    );
    expect(givenPlan).not.toMatch(/Seq Scan/);
  });
});

describe(`EXPLAIN of the map's clusters on ${ITEMS.toLocaleString('en')} items (docs/decisions/021)`, () => {
  /** Every statement one clusters request sends, EXPLAINed with its parameters. */
  async function plansOf(url: string): Promise<string[]> {
    const { result: res, sent } = await statementsSentDuring(() => new TestClient(t.app).get(url));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ clusters: { count: number }[]; items: unknown[] }>();
    expect(answer.clusters.length + answer.items.length).toBeGreaterThan(0);
    const plans = await Promise.all(sent.filter((q) => /from (items|item_map_cells)/i.test(q.sql)).map(plan));
    if (process.env.SHOW_PLANS) console.log(url, '\n', plans.join('\n---\n'));
    return plans;
  }
  // By the key, one descent per column (x = ANY) bounded by the rows: a range of x would read every
  // cell of those columns, north and south of the area.
  const cells =
    /Index Scan using item_map_cells_level_x_y_pk.*\n\s*Index Cond: \(\(level = '\d+'::smallint\) AND \(x = ANY .*\(y >= \d+\) AND \(y <= \d+\)\)/;
  // Items past their expiry not yet swept, subtracted at request time: the partial expiry index.
  const lapsed = /Index (Only )?Scan using items_available_located_expires_idx/;
  const gist = /(Index|Bitmap Index) Scan (using|on) items_location_gist/;
  const keys = /Bitmap Index Scan on items_map_search_keys_idx/;

  // At the continent's level (6: at most 4,096 cells in the world) the planner may rightly read the
  // whole level and test x on each row.
  const coarseCells = /Index Scan using item_map_cells_level_x_y_pk.*\n\s*Index Cond: \(\(level = '6'::smallint\)/;
  it.each([
    ['the whole country at zoom 4', '/api/items/clusters?bbox=-125,24,-66,50&zoom=4', coarseCells],
    ['a city at zoom 11', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11', cells],
    ['a district at zoom 14', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14', cells],
    ['a street at zoom 16', '/api/items/clusters?bbox=-73.99,40.74,-73.97,40.75&zoom=16', cells],
    ['a few streets at zoom 19', '/api/items/clusters?bbox=-74,40.852,-73.995,40.857&zoom=19', cells],
  ])('%s reads the per-cell counts by their key, and the lapsed items by the expiry index', async (_name, url, cellPlan) => {
    const plans = await plansOf(url);
    const joined = plans.join('\n');
    expect(joined).toMatch(cellPlan);
    expect(joined).toMatch(lapsed);
    expect(joined).not.toMatch(/Seq Scan on (items|item_map_cells)/);
  });

  it('one-item cells of the counts name their item by the cell, and no row of an item is read by its key', async () => {
    // Two items alone in the middle of nowhere, in two cells at zoom 13.
    const [owner] = await queryRows<{ id: number }>(t.app.db, sql`select id from users order by id limit 1`);
    await t.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, expires_at)
      select ${owner!.id}, 'Lone chair ' || g, 'Alone on the map', '/uploads/lone.webp', 10, 10 + g / 10.0, 10.001, 10 + g / 10.0, now() + interval '1 day'
      from generate_series(1, 2) as g`);
    const lone = await queryRows<{ id: number }>(t.app.db, sql`select id from items where title like 'Lone chair %' order by id`);
    const res = await new TestClient(t.app).get('/api/items/clusters?bbox=10,9.9,10.3,10.1&zoom=13');
    expect(res.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual(lone.map((r) => r.id));
    const plans = await plansOf('/api/items/clusters?bbox=10,9.9,10.3,10.1&zoom=13');
    const joined = plans.join('\n');
    // The cells (their sum of ids and points) answer alone: no row by its key, no probe of the points.
    expect(joined).toMatch(cells);
    expect(joined).not.toMatch(/items_pkey/);
    expect(joined).not.toMatch(/items_location_gist/);
    expect(joined).not.toMatch(/Seq Scan on (items|item_map_cells)/);
  });

  it.each([
    ['a few houses at zoom 20 (grouped at request time)', '/api/items/clusters?bbox=-73.999,40.853,-73.996,40.856&zoom=20', gist],
    // A search of a word: the keys of the view's cells and the words holding it (migration 0039).
    ['a search in a city', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11&query=chair&tag=chair', keys],
    ['a search in a district', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&query=chair&tag=chair', keys],
    ['a tag in a district', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&tag=furniture', keys],
    ['two words in a district', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&query=chair%20condition', keys],
    // A text with a sign has no keys ("chair!" is a substring test of "chair!" and a word test of
    // "chair"). A city holds more items than the list has matches: the search indexes read the matches.
    ['a search with a sign in a city', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11&query=chair!', /trgm|items_search_doc_idx/],
    // A district holds fewer: its points are read by the planar index and each is tested.
    [
      'a search with a sign in a district',
      '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&query=chair!',
      /(Bitmap Index|Index|Index Only) Scan (using|on) items_location_point_gist/,
    ],
    ['wants in a city', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11&type=want', /items_wants_location_gist/],
  ])('%s groups the matching rows of the area read by an index', async (_name, url, index) => {
    const plans = await plansOf(url);
    const joined = plans.join('\n');
    expect(joined).toMatch(index);
    expect(joined).not.toMatch(/Seq Scan on items/);
  });
});
