import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ItemFilter, whereListed } from '../filter.js';
import { boundsOf, type CellRange, type CellRow, cubeOf, groupedCells, itemPoint } from './grid.js';

/**
 * The map's last row: the rows matching the list's whole filter inside the view, grouped at request
 * time. Chosen for a type or a radius without search (the per-cell counts count everything), at zoom
 * 20 (deeper than the stored levels), and for a search without keys over an area holding more than
 * MATCH_ROW_COST times the list's matches. The view is turned into the smallest cube of earth
 * coordinates holding it, which the GiST indexes of ll_to_earth(published point) answer
 * (items_location_gist, or items_wants_location_gist for wants), plus an exact latitude/longitude
 * range test; with a search, the planner may read the matches of the whole list through the search
 * indexes instead, then keep the view's (docs/decisions/021).
 */
export function filteredCells(db: Db, r: CellRange, filter: ItemFilter): Promise<CellRow[]> {
  const b = boundsOf(r);
  return groupedCells(
    db,
    r,
    sql`${whereListed(filter)} AND ${cubeOf(b)} @> ${itemPoint}
        AND i.approx_latitude BETWEEN ${b.south} AND ${b.north} AND i.approx_longitude BETWEEN ${b.west} AND ${b.east}`,
  );
}
