import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ListedRow, whereListed } from '../filter.js';
import { type ListRequest, pageColumns, walkOrder, withOwners } from './page.js';

/**
 * The list's order walked by its index, each row tested, stopping after the page: newest first
 * (items_available_created_idx, or items_wants_created_idx for wants), or nearest first by the cube
 * index's KNN walk (a search, or wants, without a radius). The planner's last row: a plain list
 * newest first, and a search whose matches are common enough that the walk finds a page at once.
 * Within a radius newest first, the box and the distance are tests of the WHERE, which the planner
 * reads by a bitmap scan of the box or by this walk, as it prices them (docs/decisions/017).
 */
export function orderWalk(db: Db, r: ListRequest): Promise<ListedRow[]> {
  return withOwners(
    db,
    r,
    sql`page AS (
            SELECT ${pageColumns(r)} FROM items i WHERE ${whereListed(r.filter, { rowByRow: true })}
            ORDER BY ${walkOrder(r)} LIMIT ${r.limit} OFFSET ${r.offset})`,
  );
}
