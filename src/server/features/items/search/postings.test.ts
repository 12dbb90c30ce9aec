import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../../test/harness.js';
import { isEmbedded, queryRows } from '../../../db/client.js';
import type { ItemFilter } from './filter.js';
import { matchesFirst } from './list/matches-first.js';
import { postingsWalk } from './list/postings-walk.js';
import { relevanceStreams } from './list/relevance-streams.js';
import { forgetPostingCounts, maintainPostings, planPostingsWalk, planRelevanceStreams } from './postings.js';
import { matchTier, searchWordsOf } from './words.js';

// Word postings (migration 0034, docs/decisions/029-word-postings.md): kept by the item triggers,
// walked newest first for searches of several words, and streamed by tier for best match first.

let t: TestApp;
let ownerId: number;

/** The postings the items hold now, as the triggers should have kept them. */
async function postingsDrift(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM (
          (SELECT word, created_at, item_id, title_or_tags FROM search.postings
           EXCEPT ALL SELECT u.lexeme, i.created_at, i.id, u.weights && '{A,B}'::text[] FROM items i, unnest(i.search_doc) u)
          UNION ALL
          (SELECT u.lexeme, i.created_at, i.id, u.weights && '{A,B}'::text[] FROM items i, unnest(i.search_doc) u
           EXCEPT ALL SELECT word, created_at, item_id, title_or_tags FROM search.postings)) d`,
  );
  return Number(row!.n);
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = new TestClient(t.app);
  ownerId = (await owner.register(uniqueName('post_owner'))).id;
  // 180 items, one a minute back in time: titles "Red lamp", descriptions naming another colour and
  // thing, some given, expired or hidden; a few whose words are only in the description, some with a
  // typo ("lammp") or a synonym ("silla" for chair).
  await t.app.db.execute(sql`
    INSERT INTO items (user_id, title, description, image_url, tags, status, created_at, expires_at, hidden_at)
    SELECT ${ownerId},
           CASE WHEN g % 11 = 0 THEN 'Something ' || g
                WHEN g % 13 = 0 THEN initcap((ARRAY['red','blue','green'])[1 + g % 3]) || ' lammp'
                WHEN g % 17 = 0 THEN 'Silla ' || (ARRAY['red','blue','green'])[1 + g % 3]
                ELSE initcap((ARRAY['red','blue','green'])[1 + g % 3]) || ' ' || (ARRAY['lamp','chair','guitar'])[1 + (g / 3) % 3] END,
           'Comes with a ' || (ARRAY['red','blue','green'])[1 + (g / 5) % 3] || ' ' || (ARRAY['lamp','chair','guitar'])[1 + (g / 7) % 3] || ' too.',
           '/uploads/x.webp',
           CASE WHEN g % 4 = 0 THEN ARRAY['Furniture'] ELSE '{}'::text[] END,
           CASE WHEN g % 10 = 0 THEN 'taken' ELSE 'available' END,
           now() - g * interval '1 minute',
           CASE WHEN g % 23 = 0 THEN now() - interval '1 day' ELSE now() + interval '1 day' END,
           CASE WHEN g % 29 = 0 THEN now() END
      FROM generate_series(1, 180) AS g`);
});
afterAll(async () => {
  await t?.close();
});

describe('postings kept by the item triggers', () => {
  it('hold every word of every item after inserts, edits, status changes and deletes', async () => {
    expect(await postingsDrift()).toBe(0);
    const [some] = await queryRows<{ id: number }>(t.app.db, sql`SELECT id FROM items ORDER BY id LIMIT 1`);
    await t.app.db.execute(sql`UPDATE items SET title = 'Purple sofa', tags = ARRAY['Art'] WHERE id = ${some!.id}`);
    await t.app.db.execute(sql`UPDATE items SET status = 'taken' WHERE id % 5 = 0`);
    await t.app.db.execute(sql`UPDATE items SET created_at = created_at - interval '1 second' WHERE id % 7 = 0`);
    expect(await postingsDrift()).toBe(0);
    const [purple] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM search.postings WHERE word = 'purpl' AND title_or_tags`,
    );
    expect(purple!.n).toBe(1);
    await t.app.db.execute(sql`UPDATE items SET title = 'Red lamp', tags = '{}', status = 'available' WHERE id = ${some!.id}`);
    await t.app.db.execute(sql`DELETE FROM items WHERE id = ${some!.id}`);
    expect(await postingsDrift()).toBe(0);
  });
});

describe('postings maintenance on PGlite', () => {
  it('vacuums and analyzes the postings where no autovacuum runs (PGlite), and leaves PostgreSQL to its own', async () => {
    const done = await maintainPostings(t.app.db);
    expect(done).toBe(isEmbedded(t.app.db));
    if (!done) return;
    const [row] = await queryRows<{ visible: number; tuples: number }>(
      t.app.db,
      sql`SELECT relallvisible AS visible, reltuples AS tuples FROM pg_class WHERE oid = 'search.postings'::regclass`,
    );
    expect(Number(row!.visible)).toBeGreaterThan(0);
    expect(Number(row!.tuples)).toBeGreaterThan(0);
  });
});

const filterOf = async (text: string): Promise<ItemFilter> => ({ text, words: await searchWordsOf(t.app.db, text) });
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** What a list strategy reads: `limit` rows after `offset`. */
const page = (filter: ItemFilter, limit: number, offset: number, order: 'newest' | 'relevance' = 'newest') => ({
  filter,
  order,
  limit,
  offset,
});

describe('newest first by walking the postings', () => {
  it('gives the same pages as reading every match by the search indexes', async () => {
    for (const text of ['lamp red', 'red lamp', 'chair blue', 'guitar green comes', 'lammp red', 'red lam']) {
      const filter = await filterOf(text);
      const [matches] = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM items`);
      const walk = await planPostingsWalk(t.app.db, filter.words, 1, 1, Number(matches!.n));
      expect(walk, text).toBeDefined();
      for (const offset of [0, 5, 12, 40]) {
        const walked = await postingsWalk(t.app.db, page(filter, 6, offset), walk!);
        const collected = await matchesFirst(t.app.db, page(filter, 6, offset));
        expect(ids(walked), `${text} at ${offset}`).toEqual(ids(collected));
      }
      expect((await postingsWalk(t.app.db, page(filter, 6, 0), walk!)).length, text).toBeGreaterThan(0);
    }
  });

  it('finds an item by a word that the parser splits (digits, e, digits), read by the GIN index instead', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.app.db,
      sql`INSERT INTO items (user_id, title, description, image_url, tags, expires_at)
          VALUES (${ownerId}, 'Offered zebra_1e10abcd', 'x', '/uploads/x.webp', '{}', now() + interval '1 day') RETURNING id`,
    );
    const filter = await filterOf('zebra_1e10abcd');
    expect(await planPostingsWalk(t.app.db, filter.words, 1, 1, 1000)).toBeUndefined();
    expect(await planRelevanceStreams(t.app.db, filter.words)).toBeUndefined();
    const res = await new TestClient(t.app).get('/api/items?query=zebra_1e10abcd&tag=zebra_1e10abcd');
    expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([row!.id]);
  });

  it('is not planned for one word, an open prefix, or when reading every match costs less', async () => {
    forgetPostingCounts(t.app.db);
    expect(await planPostingsWalk(t.app.db, (await filterOf('lamp')).words, 50, 13, 2)).toBeUndefined();
    // A few matches among many postings: the walk would read far more than the matches.
    expect(await planPostingsWalk(t.app.db, (await filterOf('lamp red')).words, 1, 13, 2)).toBeUndefined();
    expect(await planPostingsWalk(t.app.db, (await filterOf('lamp red')).words, 30, 13, 2)).toEqual({
      walked: expect.any(Array),
      probed: [expect.any(Array)],
    });
  });
});

describe('best match first by tiers', () => {
  /** Every match ordered as the streams promise: tier, then newest. */
  async function reference(filter: ItemFilter): Promise<number[]> {
    const all = await matchesFirst(t.app.db, page(filter, 1000, 0));
    const tiers = await queryRows<{ id: number; tier: number }>(
      t.app.db,
      sql`SELECT i.id, ${matchTier(sql`i.search_doc`, filter.words!)} AS tier FROM items i WHERE i.id = ANY(${`{${ids(all).join(',')}}`}::int[])`,
    );
    const tierOf = new Map(tiers.map((r) => [Number(r.id), Number(r.tier)]));
    return ids(all)
      .map((id, k) => ({ id, k, tier: tierOf.get(id)! }))
      .sort((a, b) => b.tier - a.tier || a.k - b.k)
      .map((r) => r.id);
  }

  it('pages through tier 2, then typos, then the rest, each newest first, like ranking every match', async () => {
    for (const text of ['lamp red', 'red chair', 'lamp', 'silla', 'lammp', 'guitr', 'comes']) {
      const filter = await filterOf(text);
      const streams = await planRelevanceStreams(t.app.db, filter.words);
      expect(streams, text).toBeDefined();
      const expected = await reference(filter);
      expect(expected.length, text).toBeGreaterThan(0);
      const got: number[] = [];
      for (let offset = 0; offset < expected.length + 7; offset += 7) {
        got.push(...ids(await relevanceStreams(t.app.db, page(filter, 7, offset, 'relevance'), streams!)));
      }
      expect(got, text).toEqual(expected);
    }
  });

  it('puts an exact title match before a typo before a description-only match', async () => {
    const filter = await filterOf('lamp red');
    const streams = await planRelevanceStreams(t.app.db, filter.words);
    const rows = await relevanceStreams(t.app.db, page(filter, 200, 0, 'relevance'), streams!);
    const titles = rows.map((r) => r.title);
    const firstTypo = titles.findIndex((x) => /lammp/i.test(x));
    const firstOther = titles.findIndex((x) => !/red (lamp|lammp)/i.test(x));
    expect(titles[0]).toMatch(/^Red lamp$/);
    expect(firstTypo).toBeGreaterThan(0);
    expect(firstOther).toBeGreaterThan(firstTypo);
    expect(titles.slice(firstOther).every((x) => !/^Red lamp$/.test(x))).toBe(true);
  });
});
