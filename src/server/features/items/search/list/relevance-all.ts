import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ListedRow, whereListed } from '../filter.js';
import { chosenPage, type ListRequest, rankedKeys, withOwners } from './page.js';

/**
 * Best match first that ranks every match: chosen when the count is exact (at most EXACT_COUNT_CAP)
 * and the tier streams do not serve it (at most FEW_MATCHES matches, or a word still open as a
 * prefix). Every match is collected by the search indexes (trigram, tag and words, a materialized
 * CTE), ranked by tier, ts_rank, then newest (docs/decisions/022), and the page taken from them.
 */
export function relevanceAll(db: Db, r: ListRequest): Promise<ListedRow[]> {
  return withOwners(
    db,
    r,
    sql`matches AS MATERIALIZED (SELECT ${rankedKeys(r)} FROM items i WHERE ${whereListed(r.filter)}), ${chosenPage(r)}`,
  );
}
