import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../../db/client.js';
import { earthPoint, type ItemFilter, itemPoint, type ListedRow, type ListOrder } from '../filter.js';
import { matchRank, matchTier } from '../words.js';

/** What one list strategy reads: `limit` rows (the page and one more, which tells whether a next page exists) after `offset`. */
export interface ListRequest {
  filter: ItemFilter;
  order: ListOrder;
  limit: number;
  offset: number;
}

/** The place a page is nearest to: the filter's, unless newest or best match first is asked for. */
export const nearestTo = ({ filter, order }: ListRequest) =>
  filter.near && order !== 'newest' && order !== 'relevance' ? filter.near : undefined;

/** Whether best match first ranks the page: asked for, and there is search text to rank by. */
export const byRelevance = ({ filter, order }: ListRequest) => order === 'relevance' && Boolean(filter.text);

/** The distance of the published point in kilometres, on every row when the filter has a place (newest first too). */
const distanceOf = ({ near }: ItemFilter) =>
  near ? sql`earth_distance(${itemPoint}, ${earthPoint(near.lat, near.lng)}) / 1000.0` : sql`NULL::float8`;

/**
 * The order an index walks: nearest first is the GiST index's own order (a second sort key would
 * make PostgreSQL sort every match). Items of one grid cell publish one point, but each stores it
 * moved by a random few millimetres (published-point.ts), so their distances differ and pages
 * neither repeat nor skip. Otherwise newest first, the order of items_available_created_idx.
 */
export function walkOrder(r: ListRequest): SQL {
  const near = nearestTo(r);
  return near ? sql`${itemPoint} <-> ${earthPoint(near.lat, near.lng)}` : sql`i.created_at DESC, i.id DESC`;
}

/** The order of rows already collected (table alias `t`): distance, best match, or newest first; each ends on the key. */
function pageOrder(r: ListRequest, t: string): SQL {
  if (nearestTo(r)) return sql`${sql.raw(t)}.distance_km, ${sql.raw(t)}.id`;
  if (byRelevance(r)) return sql`${sql.raw(t)}.tier DESC, ${sql.raw(t)}.rank DESC, ${sql.raw(t)}.created_at DESC, ${sql.raw(t)}.id DESC`;
  return sql`${sql.raw(t)}.created_at DESC, ${sql.raw(t)}.id DESC`;
}

/** The columns of a page's rows (of items `i`). */
export const pageColumns = (r: ListRequest) =>
  sql`i.id, i.title, i.description, i.image_url, i.extra_images, i.tags, i.user_id, i.type, i.created_at, ${distanceOf(r.filter)} AS distance_km`;

/**
 * What a collected match carries: only what orders it (its key, time, distance); the page's rows are
 * then read by their key. Carrying every column of every match cost a good part of a two-word
 * search's page (docs/decisions/004).
 */
export const matchKeys = (r: ListRequest) => sql`i.id, i.created_at, ${distanceOf(r.filter)} AS distance_km`;

/** A match's keys, and for best match first its tier and rank (words.ts, matchTier and matchRank). */
export function rankedKeys(r: ListRequest): SQL {
  const words = r.filter.words ?? [];
  return sql`${matchKeys(r)}, ${matchTier(sql`i.search_doc`, words)} AS tier, ${matchRank(sql`i.search_doc`, words)} AS rank`;
}

/** After a CTE `matches` of collected keys: `chosen`, the page of them in the page's order, and `page`, their rows. */
export function chosenPage(r: ListRequest): SQL {
  return sql`chosen AS (SELECT * FROM matches m ORDER BY ${pageOrder(r, 'm')} LIMIT ${r.limit} OFFSET ${r.offset}),
    page AS (SELECT ${pageColumns(r)}${byRelevance(r) ? sql`, c.tier, c.rank` : sql``} FROM chosen c JOIN items i ON i.id = c.id)`;
}

/**
 * The page's rows with their owners' names: `page` (CTEs ending in one named `page`) chooses the rows
 * from items alone, and only they are joined to their owners (joining before the OFFSET looked up
 * the owner of every row skipped, docs/decisions/004). `order`: the page's order, pageOrder unless given.
 */
export function withOwners(db: Db, r: ListRequest, page: SQL, order: SQL = pageOrder(r, 'p')): Promise<ListedRow[]> {
  return queryRows<ListedRow>(
    db,
    sql`WITH ${page}
        SELECT p.id, p.title, p.description, p.image_url, p.extra_images, p.tags, p.user_id, p.type,
          u.username, u.is_visible AS owner_visible, p.distance_km, p.created_at
        FROM page p JOIN users u ON u.id = p.user_id
        ORDER BY ${order}`,
  );
}
