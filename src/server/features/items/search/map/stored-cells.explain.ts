import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../../../db/client.js';
import { TestClient } from '../../../../test/harness.js';
import { mapPlansOf, seededApp } from '../explain-helpers.js';

// By the key, one descent per column (x = ANY) bounded by the rows: a range of x would read every
// cell of those columns, north and south of the area.
const cells =
  /Index Scan using item_map_cells_level_x_y_pk.*\n\s*Index Cond: \(\(level = '\d+'::smallint\) AND \(x = ANY .*\(y >= \d+\) AND \(y <= \d+\)\)/;
// Items past their expiry not yet swept, subtracted at request time: the partial expiry index.
const lapsed = /Index (Only )?Scan using items_available_located_expires_idx/;
// At the continent's level (6: at most 4,096 cells in the world) the planner may rightly read the
// whole level and test x on each row.
const coarseCells = /Index Scan using item_map_cells_level_x_y_pk.*\n\s*Index Cond: \(\(level = '6'::smallint\)/;

/** EXPLAIN of stored-cells.ts on the seeded items (docs/decisions/021 and 032). */
export function explainStoredCells(): void {
  it.each([
    ['the whole country at zoom 4', '/api/items/clusters?bbox=-125,24,-66,50&zoom=4', coarseCells],
    ['a city at zoom 11', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11', cells],
    ['a district at zoom 14', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14', cells],
    ['a street at zoom 16', '/api/items/clusters?bbox=-73.99,40.74,-73.97,40.75&zoom=16', cells],
    ['a few streets at zoom 19', '/api/items/clusters?bbox=-74,40.852,-73.995,40.857&zoom=19', cells],
  ])('%s reads the per-cell counts by their key, and the lapsed items by the expiry index', async (_name, url, cellPlan) => {
    const plans = await mapPlansOf(url);
    const joined = plans.join('\n');
    expect(joined).toMatch(cellPlan);
    expect(joined).toMatch(lapsed);
    expect(joined).not.toMatch(/Seq Scan on (items|item_map_cells)/);
  });

  it('one-item cells of the counts name their item by the cell, and no row of an item is read by its key', async () => {
    const t = seededApp();
    // Two items alone in the middle of nowhere, in two cells at zoom 13.
    const [owner] = await queryRows<{ id: number }>(t.app.db, sql`select id from users order by id limit 1`);
    await t.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, expires_at)
      select ${owner!.id}, 'Lone chair ' || g, 'Alone on the map', '/uploads/lone.webp', 10, 10 + g / 10.0, 10.001, 10 + g / 10.0, now() + interval '1 day'
      from generate_series(1, 2) as g`);
    const lone = await queryRows<{ id: number }>(t.app.db, sql`select id from items where title like 'Lone chair %' order by id`);
    const res = await new TestClient(t.app).get('/api/items/clusters?bbox=10,9.9,10.3,10.1&zoom=13');
    expect(res.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual(lone.map((r) => r.id));
    const plans = await mapPlansOf('/api/items/clusters?bbox=10,9.9,10.3,10.1&zoom=13');
    const joined = plans.join('\n');
    // The cells (their sum of ids and points) answer alone: no row by its key, no probe of the points.
    expect(joined).toMatch(cells);
    expect(joined).not.toMatch(/items_pkey/);
    expect(joined).not.toMatch(/items_location_gist/);
    expect(joined).not.toMatch(/Seq Scan on (items|item_map_cells)/);
  });
}
