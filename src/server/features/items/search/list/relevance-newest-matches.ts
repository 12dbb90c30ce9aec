import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { RELEVANCE_CANDIDATES } from '../costs.js';
import { type ListedRow, whereListed } from '../filter.js';
import { chosenPage, type ListRequest, rankedKeys, withOwners } from './page.js';

/**
 * Best match first past the exact count's cap, over sparse matches (the planner's `matchesFirst`:
 * walking the newest-first index would pass many rows for each match): the newest
 * RELEVANCE_CANDIDATES matches, found among the hits the search indexes collect, are ranked. Chosen
 * only where the tier streams do not serve (a word still open as a prefix). The search's own tests
 * alone find the hits: given the listed tests as well, the planner ANDed the expiry index's bitmap of
 * every listed item in, most of the statement's time at ten million items (docs/decisions/004).
 */
export function relevanceNewestMatches(db: Db, r: ListRequest): Promise<ListedRow[]> {
  const { filter } = r;
  return withOwners(
    db,
    r,
    sql`hits AS MATERIALIZED (SELECT i.id, i.created_at, i.status, i.expires_at, i.hidden_at, i.user_id, i.type,
              i.approx_latitude, i.approx_longitude FROM items i WHERE ${whereListed(filter, { only: 'search' })}),
            matches AS MATERIALIZED (SELECT ${rankedKeys(r)} FROM items i WHERE i.id IN (
              SELECT i.id FROM hits i WHERE ${whereListed(filter, { only: 'listed' })}
              ORDER BY i.created_at DESC, i.id DESC LIMIT ${RELEVANCE_CANDIDATES})), ${chosenPage(r)}`,
  );
}
