import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { forgetEstimates } from './totals.js';

// What the EXPLAIN tests of the engine's strategies share (items/explain.test.ts runs them, each
// strategy's `*.explain.ts` beside it holds its own). The list, count and map queries on 100,000
// items must be served by indexes, never by reading the whole table. The SQL is captured from the
// real API calls, then EXPLAINed with the same parameters.

export const ITEMS = 100_000;

let seeded: TestApp | undefined;

/** The app on the seeded items (seedItems), for a test's own requests. */
export function seededApp(): TestApp {
  if (!seeded) throw new Error('the EXPLAIN tests run from items/explain.test.ts, which seeds the items first');
  return seeded;
}

/** Closes the seeded app, if seeding got that far. */
export async function closeSeeded(): Promise<void> {
  await seeded?.close();
  seeded = undefined;
}

/** Builds the test app and seeds ITEMS items: a deterministic spread over a country-sized box with a dense city, varied words and tags. */
export async function seedItems(): Promise<TestApp> {
  const t = await createTestApp();
  // Kept at once, so that a seed cut short still closes (and drops) its database.
  seeded = t;
  const owner = await new TestClient(t.app).register('bulk_owner');
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
  return t;
}

export type Sent = { sql: string; params: unknown[] };

/** Every statement `run` sends to the database, as the driver receives it (raw SQL and the query builder's alike). */
export async function statementsSentDuring<T>(run: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const client = (
    seededApp().app.database as unknown as { db: { $client: { query: (q: unknown, ...rest: unknown[]) => Promise<unknown> } } }
  ).db.$client;
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
export async function sqlOf(url: string, { cold = true, client = new TestClient(seededApp().app) } = {}): Promise<Sent[]> {
  if (cold) forgetEstimates(seededApp().app.db);
  const { result: res, sent } = await statementsSentDuring(() => client.get(url));
  expect(res.statusCode).toBe(200);
  expect(res.json().items.length).toBeGreaterThan(0);
  // The items' statements. The typo lookup is not among them: on PostgreSQL it is one call of
  // search.closest_words (the vocabulary's trigram index), on PGlite a read of the whole (small)
  // vocabulary on purpose (docs/decisions/022).
  return sent.filter((q) => /from items/i.test(q.sql));
}

/** The plan of a statement, EXPLAINed with its parameters (the planner's estimate of a total is already an EXPLAIN). */
export async function plan(query: { sql: string; params: unknown[] }): Promise<string> {
  const explained = query.sql.startsWith('EXPLAIN') ? query.sql.replace(/^EXPLAIN \(FORMAT JSON\)/, 'EXPLAIN') : `EXPLAIN ${query.sql}`;
  const client = (
    seededApp().app.database as unknown as {
      db: { $client: { query: (s: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> } };
    }
  ).db.$client;
  const res = await client.query(explained, query.params);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Plans that recur across the list strategies. */
export const created = /Index Scan using items_available_created_idx/;
export const trgm = /items_title_trgm_idx/;
export const tags = /items_tags_lower_idx/;
export const words = /items_search_doc_idx/;
// The postings of a word walked newest first (migration 0034), read from the index alone.
export const postingsWalk = /Index Only Scan using postings_walk_idx/;
// The GiST index by any kind of scan (a bitmap for a box whose matches are then sorted).
export const gistAny = /(Index|Bitmap Index) Scan (using|on) items_location_gist/;
// The unfiltered count reads the partial index of listed items (index-only), up to the cap.
export const listed = /Index (Only )?Scan using items_available_(located_expires|expires|created)_idx/;

/** A row of a strategy's list table: name, URL, the page's plan, the count's plan. */
export type ListCase = [name: string, url: string, listIndex: RegExp, countIndex: RegExp];

/**
 * The list of `url` is served by indexes (its page's plan matches `listIndex`) and its count stops
 * early (a Limit, `countIndex`); no statement but the planner's estimate scans items sequentially.
 */
export async function expectListServed(url: string, listIndex: RegExp, countIndex: RegExp): Promise<void> {
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
}

/** The name of a strategy's list table rows (one `it` each). */
export const LIST_CASE_NAME = '%s is served by indexes, and its count stops early';

/** Every statement one clusters request sends, EXPLAINed with its parameters. */
export async function mapPlansOf(url: string): Promise<string[]> {
  const { result: res, sent } = await statementsSentDuring(() => new TestClient(seededApp().app).get(url));
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ clusters: { count: number }[]; items: unknown[] }>();
  expect(answer.clusters.length + answer.items.length).toBeGreaterThan(0);
  const plans = await Promise.all(sent.filter((q) => /from (items|item_map_cells)/i.test(q.sql)).map(plan));
  if (process.env.SHOW_PLANS) console.log(url, '\n', plans.join('\n---\n'));
  return plans;
}

/** A map view's statements are read by `index`, and none scans items sequentially. */
export async function expectMapGrouped(url: string, index: RegExp): Promise<void> {
  const joined = (await mapPlansOf(url)).join('\n');
  expect(joined).toMatch(index);
  expect(joined).not.toMatch(/Seq Scan on items/);
}

/** The name of a map strategy's grouped rows (one `it` each). */
export const MAP_GROUPED_NAME = '%s groups the matching rows of the area read by an index';
