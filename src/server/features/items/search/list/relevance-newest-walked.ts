import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { RELEVANCE_CANDIDATES } from '../costs.js';
import { type ListedRow, whereListed } from '../filter.js';
import { chosenPage, type ListRequest, rankedKeys, withOwners } from './page.js';

/**
 * Best match first past the exact count's cap, over dense matches (a common word, where the walk
 * finds them at once): the newest RELEVANCE_CANDIDATES matches, found by walking the newest-first
 * index and testing each row, are ranked. The last best-match row of the planner: chosen where
 * neither the tier streams nor reading the matches first apply.
 */
export function relevanceNewestWalked(db: Db, r: ListRequest): Promise<ListedRow[]> {
  return withOwners(
    db,
    r,
    sql`matches AS MATERIALIZED (SELECT ${rankedKeys(r)} FROM items i WHERE ${whereListed(r.filter, { rowByRow: true })}
            ORDER BY i.created_at DESC, i.id DESC LIMIT ${RELEVANCE_CANDIDATES}), ${chosenPage(r)}`,
  );
}
