import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../../db/client.js';
import { type ListedRow, whereListed } from '../filter.js';
import { type PostingsWalk, type RelevanceStreams, walkedItems } from '../postings.js';
import { matchTier } from '../words.js';
import { type ListRequest, pageColumns, withOwners } from './page.js';

/**
 * Best match first over many matches, by tiers (docs/decisions/029). Chosen for best match first
 * when the count is past FEW_MATCHES (or an estimate) and every typed word can be walked in the
 * postings (planRelevanceStreams). Ranking every match would read all of them; instead tier 2
 * (every word in the title or tags as typed), tier 1 (with typos) and tier 0 (the rest) are each
 * read newest first, only as far as the page needs: tiers 2 and 1 walk the title-and-tag postings
 * of the rarest word, tier 0 all its postings, or for one word (which also matches as a substring,
 * which no posting holds) the newest-first index. One statement a tier, then the page's rows by
 * their key, in that order.
 */
export async function relevanceStreams(db: Db, r: ListRequest, streams: RelevanceStreams): Promise<ListedRow[]> {
  const { filter, limit, offset } = r;
  const listed = whereListed(filter, { rowByRow: true });
  const tier = matchTier(sql`i.search_doc`, filter.words ?? []);
  const tested = (walk: PostingsWalk, titleOrTags: boolean, k: number, n: number) =>
    sql`${walkedItems(walk, sql`i.id`, sql`${listed} AND ${tier} = ${k}::int`, { titleOrTags })} LIMIT ${n}`;
  const streamOf = (k: number, n: number): SQL => {
    if (k === 2) return tested(streams.exact, true, 2, n);
    if (k === 1) return tested(streams.all, true, 1, n);
    if (streams.oneWord)
      return sql`SELECT i.id FROM items i WHERE ${listed} AND ${tier} = 0 ORDER BY i.created_at DESC, i.id DESC LIMIT ${n}`;
    return tested(streams.all, false, 0, n);
  };
  const ids: number[] = [];
  for (const k of [2, 1, 0]) {
    const n = offset + limit - ids.length;
    if (n <= 0) break;
    ids.push(...(await queryRows<{ id: number }>(db, streamOf(k, n))).map((row) => Number(row.id)));
  }
  const chosen = ids.slice(offset, offset + limit);
  if (chosen.length === 0) return [];
  return withOwners(
    db,
    r,
    sql`page AS (SELECT ${pageColumns(r)}, c.k FROM unnest(${`{${chosen.join(',')}}`}::int[]) WITH ORDINALITY AS c(id, k) JOIN items i ON i.id = c.id)`,
    sql`p.k`,
  );
}
