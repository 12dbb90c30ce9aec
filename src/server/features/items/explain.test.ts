import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/harness.js';
import { imagesOnlyShownByQuery } from '../admin/service.js';
import { itemShowingImage } from './repository.js';
import { closeSeeded, ITEMS, plan, seedItems, seededApp, statementsSentDuring } from './search/explain-helpers.js';
import { explainEstimates, explainWholeListCounts } from './search/totals.explain.js';
import { explainMatchesFirst } from './search/list/matches-first.explain.js';
import { explainNearestPage } from './search/list/nearest-page.explain.js';
import { explainOrderWalk } from './search/list/order-walk.explain.js';
import { explainPostingsWalk } from './search/list/postings-walk.explain.js';
import { explainRadiusWalk } from './search/list/cube-walk.explain.js';
import { explainRelevanceAll } from './search/list/relevance-all.explain.js';
import { explainRelevanceStreams } from './search/list/relevance-streams.explain.js';
import { explainAreaPoints } from './search/map/area-points.explain.js';
import { explainFilteredCells } from './search/map/filtered-cells.explain.js';
import { explainKeysSearch } from './search/map/keys-search.explain.js';
import { explainStoredCells } from './search/map/stored-cells.explain.js';

// The list, count and map queries on 100,000 items must be served by indexes, never by reading the
// whole table; so must the image lookups of deleting an item or a user. One seeded database for all
// of them (seeding takes most of this file's time): each strategy of the engine keeps its EXPLAIN
// cases beside it (search/**/*.explain.ts), run here; the helpers they share are in
// search/explain-helpers.ts. One strategy's: `npx vitest run src/server/features/items/explain.test.ts -t "<its case>"`.

// Seeding takes one to three minutes on two quiet cores, and several times that while the machine is busy.
beforeAll(async () => {
  await seedItems();
}, 600_000);
afterAll(async () => {
  await closeSeeded();
});

describe(`EXPLAIN of the list queries on ${ITEMS.toLocaleString('en')} items`, () => {
  explainWholeListCounts();
  explainOrderWalk();
  explainNearestPage();
  explainMatchesFirst();
  explainRadiusWalk();
  explainRelevanceAll();
  explainPostingsWalk();
  explainRelevanceStreams();
  explainEstimates();
});

describe(`EXPLAIN of the image lookups of a deletion on ${ITEMS.toLocaleString('en')} items`, () => {
  const byImage = /Bitmap Index Scan on items_photos_idx/;

  it('deleting an item asks whether another item shows its image with one index lookup', async () => {
    const p = await plan(itemShowingImage(seededApp().app.db, '/uploads/4242.webp').toSQL());
    if (process.env.SHOW_PLANS) console.log(p);
    expect(p).toMatch(byImage);
    expect(p).not.toMatch(/Seq Scan on items/);
  });

  it("deleting a user finds the images only that user's items show by index lookups, item by item", async () => {
    const someone = await new TestClient(seededApp().app).register('deleted_soon');
    await seededApp().app.db.execute(sql`
      insert into items (user_id, title, description, image_url, tags, status)
      select ${someone.id}, 'Lamp ' || g, 'A lamp', '/uploads/own-' || g || '.webp', array['Lamps'], 'available'
      from generate_series(1, 3) as g`);
    const p = await plan(imagesOnlyShownByQuery(seededApp().app.db, someone.id).toSQL());
    if (process.env.SHOW_PLANS) console.log(p);
    expect(p).toMatch(/Index (Only )?Scan using items_user_status_created_idx/);
    expect(p).toMatch(byImage);
    expect(p).not.toMatch(/Seq Scan on items/);
  });

  // A person with 3,000 items, older than the 100,000 of bulk_owner: 2,000 available, 1,000 taken,
  // 500 of them given to someone in the app. A profile shows the newest current ones and counts the
  // given ones, reading only what it shows or counts.
  it("a profile reads its owner's newest current items and their given ones by an index range each, not all their items", async () => {
    const owner = await new TestClient(seededApp().app).register('many_items');
    const receiver = await new TestClient(seededApp().app).register('many_received');
    await seededApp().app.db.execute(sql`
      insert into items (user_id, title, description, image_url, tags, status, promised_to_id, created_at, expires_at)
      select ${owner.id}, 'Stool ' || g, 'A stool', '/uploads/stool-' || g || '.webp', array['Furniture'],
             case when g % 3 = 0 then 'taken' else 'available' end, case when g % 6 = 0 then ${receiver.id}::int end,
             now() - interval '100 days' - (g || ' minutes')::interval, now() + interval '20 days'
      from generate_series(1, 3000) as g`);
    await seededApp().app.db.execute(sql`analyze items`);
    const res = await new TestClient(seededApp().app).get('/api/users/profile/many_items');
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
    const { result: again, sent } = await statementsSentDuring(() => new TestClient(seededApp().app).get('/api/users/profile/many_items'));
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
  explainStoredCells();
  explainFilteredCells();
  explainKeysSearch();
  explainAreaPoints();
});
