import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ListedRow, whereListed } from '../filter.js';
import { type PostingsWalk, walkedItems } from '../postings.js';
import { type ListRequest, pageColumns, withOwners } from './page.js';

/**
 * Newest first over a search of several words, by walking the postings of its rarest word
 * (docs/decisions/029): each item the walk meets is read by its key and tested as a row of the
 * list would be. Chosen when planPostingsWalk finds it cheaper than reading every match: a page
 * costs about `rows wanted × postings of the word ÷ matches` look-ups, which does not grow with the
 * item count, where the GIN index's AND of every word's postings does.
 */
export function postingsWalk(db: Db, r: ListRequest, walk: PostingsWalk): Promise<ListedRow[]> {
  return withOwners(
    db,
    r,
    sql`page AS (${walkedItems(walk, pageColumns(r), whereListed(r.filter, { rowByRow: true }))} LIMIT ${r.limit} OFFSET ${r.offset})`,
  );
}
