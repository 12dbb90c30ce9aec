import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../../db/client.js';
import { type CellRange, type CellRow, cellsOfRange, lat, lng } from './grid.js';

/**
 * The cells of the area from the per-cell counts, minus the items past their expiry that the hourly
 * sweep has not marked yet (no trigger sees time pass): those are few (at most an hour's worth) and
 * read through items_available_located_expires_idx, grouped by cell once (MATERIALIZED: the planner,
 * guessing one cell, would otherwise group them again for each cell of a nested loop), then
 * subtracted. A cell of one item names it by the sum of its ids (migration 0033): its single item,
 * id and point, comes from the cell alone (docs/decisions/032).
 *
 * Chosen for a map without search, tag, type or radius at the stored levels (every zoom the map
 * asks for): the counts are kept by the writes, so a view reads at most its own cells, whatever the
 * item count (docs/decisions/021).
 */
export function storedCells(db: Db, r: CellRange): Promise<CellRow[]> {
  const g = sql`${r.level}::int`;
  return queryRows<CellRow>(
    db,
    sql`WITH lapsed AS MATERIALIZED (
          SELECT map_cell_x(${lng}, ${g}) AS x, map_cell_y(${lat}, ${g}) AS y,
                 count(*)::int AS n, sum(${lat}) AS slat, sum(${lng}) AS slng, sum(i.id::bigint) AS sid
            FROM items i
           WHERE item_on_map(i) AND i.expires_at <= now()
           GROUP BY 1, 2
        ), cells AS (
          SELECT c.x, c.y, c.count - coalesce(l.n, 0) AS n,
                 c.sum_lat - coalesce(l.slat, 0) AS slat, c.sum_lng - coalesce(l.slng, 0) AS slng,
                 c.sum_id - coalesce(l.sid, 0) AS sid
            FROM item_map_cells c LEFT JOIN lapsed l ON l.x = c.x AND l.y = c.y
           WHERE ${cellsOfRange(r)}
        )
        SELECT x, y, n AS count, slat / n AS latitude, slng / n AS longitude, CASE WHEN n = 1 THEN sid::int END AS id
          FROM cells WHERE n > 0`,
  );
}
