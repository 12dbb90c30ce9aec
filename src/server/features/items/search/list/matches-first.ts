import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ListedRow, whereListed } from '../filter.js';
import { chosenPage, type ListRequest, matchKeys, withOwners } from './page.js';

/**
 * A search's matches collected by the search indexes (trigram, tag and words, a materialized CTE),
 * then sorted and paged: chosen when the planner's `matchesFirst` says so (readMatchesFirst: an
 * exact total of at most FEW_MATCHES, or a walk of the order that would pass more than
 * MATCH_ROW_COST rows per match). Walking the order and filtering would read the whole table to
 * find a rare word (docs/decisions/004).
 */
export function matchesFirst(db: Db, r: ListRequest): Promise<ListedRow[]> {
  return withOwners(
    db,
    r,
    sql`matches AS MATERIALIZED (SELECT ${matchKeys(r)} FROM items i WHERE ${whereListed(r.filter)}), ${chosenPage(r)}`,
  );
}
