import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ItemFilter, whereListed } from '../filter.js';
import { boundsOf, type CellRange, type CellRow, groupedCells, lat, lng } from './grid.js';

/**
 * A search on the map without keys (a text with a sign, a word the parser splits, an open prefix,
 * too many words holding a substring, a very wide view), over an area that holds at most
 * MATCH_ROW_COST times the list's matches: the area's points are read by the planar index of
 * published points (items_location_point_gist, docs/decisions/031; the area's longitude/latitude box
 * is its own key) and the search is tested on each (`IS TRUE`: the same test, in a form no index
 * answers). Its cost is what the area holds (docs/decisions/021).
 */
export function areaPoints(db: Db, r: CellRange, filter: ItemFilter): Promise<CellRow[]> {
  const b = boundsOf(r);
  return groupedCells(
    db,
    r,
    sql`(${whereListed(filter, { only: 'search' })}) IS TRUE AND ${whereListed(filter, { only: 'listed' })}
        AND point(${lng}, ${lat}) <@ box(point(${b.west}::float8, ${b.south}::float8), point(${b.east}::float8, ${b.north}::float8))`,
  );
}
