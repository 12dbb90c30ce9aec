import { type SQL, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client.js';
import { items, users } from '../../db/schema.js';
import type { ItemStatus, ItemType } from '../../../shared/items.js';
import { searchTextMatches } from './search-text.js';
import { type SearchWord, byWordsOnly, matchRank, matchTier, wordsMatch } from './search-words.js';
import { enqueueFromRows } from '../notifications/outbox.js';
import { type PostingsWalk, type RelevanceStreams, walkedItems } from './postings.js';
import { type ItemViewer, itemVisibleTo } from './visibility.js';

/** Rows counted exactly before the total switches to the planner's estimate (docs/decisions/004). */
export const EXACT_COUNT_CAP = 10_000;

export interface ItemFilter {
  /** Search text: substring of title or description, or equal to a tag (any letter case). */
  text?: string;
  /** The words of `text` with their alternatives (searchWordsOf): an item holding them all matches too. */
  words?: SearchWord[];
  /** Tag-only filter (any letter case), when a tag is asked for apart from the text. */
  tag?: string;
  near?: { lat: number; lng: number };
  /** Only items whose published point is within this many kilometres of `near` (needs `near`). */
  radiusKm?: number;
  /** Only offers or only wants (a list of wants walks their own partial indexes, migration 0027). */
  type?: ItemType;
  /** Who asks: hidden items are listed to their owner and the admins only (visibility.ts). */
  viewer?: ItemViewer;
}

/**
 * The order of a list: nearest first needs `near` (the GiST index's own order), newest first is the
 * default without it; best match first (relevance) ranks the matches of a search (docs/decisions/022).
 */
export type ListOrder = 'nearest' | 'newest' | 'relevance';

/** Best match first over a search with more matches than the exact count's cap ranks the newest this many. */
export const RELEVANCE_CANDIDATES = 300;

export interface ListedRow {
  id: number;
  title: string;
  description: string;
  image_url: string;
  extra_images: string[];
  tags: string[];
  user_id: number;
  type: ItemType;
  /** Empty for an owner whose account is hidden: lists are the same for everyone, and name no hidden account. */
  username: string;
  distance_km: number | null;
  created_at: Date | string;
}

const earthPoint = (lat: number, lng: number) => sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
// Lists and distances use the published (approximate) point, never the exact one.
const itemPoint = sql`ll_to_earth(i.approx_latitude::float8, i.approx_longitude::float8)`;

/** The exact test of a radius: the great-circle distance of the published point (earthdistance's sphere). */
const withinRadius = (near: { lat: number; lng: number }, km: number) =>
  sql`earth_distance(${itemPoint}, ${earthPoint(near.lat, near.lng)}) <= ${km * 1000}::float8`;

/**
 * Listed means available and not past its expiry; nearest-first also needs a place.
 *
 * Tags match in any letter case, in one of two spellings of the same test. `lower_tags(i.tags)` is
 * what the GIN index is built on: the counts and the few-matches path read the matches through
 * that index. `i.tags_lower` is the same array stored with the row (migration 0012): a list page
 * that walks its order and tests each row it passes uses it, because calling lower_tags() costs
 * about 10 microseconds a row (5 of the 6 ms of a tag page at a million items). The function's
 * declared cost is also what tells the planner that testing every row is dear: with the stored
 * column everywhere it walked the expiry index or scanned the table to count a search (it prices
 * ILIKE '%word%' far too low), reading every listed row when the matches are under the cap.
 */
export function whereListed(
  filter: ItemFilter,
  {
    rowByRow = false,
    boxOnly = false,
    wordsAlone = false,
    only,
  }: {
    rowByRow?: boolean;
    boxOnly?: boolean;
    wordsAlone?: boolean;
    /** Only the search's tests (text and tag), or only the others (listed, visible, place, type). */
    only?: 'search' | 'listed';
  } = {},
): SQL {
  const parts: SQL[] = [];
  const lowerTags = rowByRow ? sql`i.tags_lower` : sql`lower_tags(i.tags)`;
  if (only !== 'listed') searchTests(parts, filter, lowerTags, wordsAlone);
  if (only === 'search') return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
  // With a search, the expiry is a test of each match, never an index condition: the planner, its
  // estimate of a word's matches off (an unknown word or tag is guessed at 0.5% of the items), then
  // ANDed the expiry index's bitmap of every listed item into the search's BitmapOr. At ten million
  // items that read 8.6 million entries for "zeppelin" (18 matches a million): 9.5 s a request at 32
  // connections (docs/performance.md, the cost curve). `IS TRUE` is the same test in a form no index
  // answers.
  parts.push(sql`i.status = 'available'`, filter.text || filter.tag ? sql`(i.expires_at > now()) IS TRUE` : sql`i.expires_at > now()`);
  if (!filter.viewer?.isAdmin) parts.push(itemVisibleTo(filter.viewer ?? null, 'i'));
  if (filter.near) parts.push(sql`i.approx_latitude IS NOT NULL`);
  if (filter.type) parts.push(sql`i.type = ${sql.raw(`'${filter.type === 'want' ? 'want' : 'offer'}'`)}`);
  if (filter.near && filter.radiusKm !== undefined) {
    // The box (a cube around the sphere's circle) is what the GiST index answers: the KNN walk or a
    // bitmap scan reads only the points inside it; the exact great-circle test then drops the box's corners.
    // `boxOnly`: the nearest-first walk applies the exact test after its LIMIT (selectListedItems).
    parts.push(sql`earth_box(${earthPoint(filter.near.lat, filter.near.lng)}, ${filter.radiusKm * 1000}::float8) @> ${itemPoint}`);
    if (!boxOnly) parts.push(withinRadius(filter.near, filter.radiusKm));
  }
  return sql.join(parts, sql` AND `);
}

/** The tests of a filter's search text and tag, added to `parts` (whereListed). */
function searchTests(parts: SQL[], filter: ItemFilter, lowerTags: SQL, wordsAlone: boolean): void {
  if (filter.text) {
    if (filter.words && byWordsOnly(filter.words)) {
      // `wordsAlone`: the planner's estimate of a search of several words. An item whose tag equals
      // the text holds its words too (tags are in search_doc), so the word test alone matches the
      // same items; but the planner guesses a text that is no known tag to be half as common as the
      // rarest known one (0.5% of the items with the bench's 32 tags: 50,000 at ten million items,
      // against 16,594 true matches of "lamp red"), which would steer readMatchesFirst wrong.
      parts.push(
        wordsAlone
          ? wordsMatch(sql`i.search_doc`, filter.words)
          : sql`(${lowerTags} @> ARRAY[lower(${filter.text})]::text[] OR ${wordsMatch(sql`i.search_doc`, filter.words)})`,
      );
    } else {
      const substring = searchTextMatches({ title: sql`i.title`, description: sql`i.description`, tagsLower: lowerTags }, filter.text);
      parts.push(filter.words?.length ? sql`(${substring} OR ${wordsMatch(sql`i.search_doc`, filter.words)})` : substring);
    }
  }
  if (filter.tag) parts.push(sql`${lowerTags} @> ARRAY[lower(${filter.tag})]::text[]`);
}

/**
 * A search with at most this many matches (its exact total says so) always reads the matches
 * through the search indexes and sorts them: a few milliseconds whatever the list holds.
 */
export const FEW_MATCHES = 1_000;

/**
 * One match read through the search indexes costs about as many rows passed by a walk of the list's
 * order: a heap visit out of order, then its place in the sort (docs/performance.md: 1,686 matches
 * in 10 ms against 8,578 walked rows in 27 ms at a million items).
 */
export const MATCH_ROW_COST = 2;

/**
 * Whether a search's page is read by collecting its matches through the search indexes (then
 * sorting them) rather than by walking the list's order (newest-first index, or the nearest-first
 * GiST walk) and testing each row. The walk reads about `rowsWanted × listed ÷ matches` rows before
 * it has the rows it wants; the indexes read every match. So a rare search, a deep page or a
 * search whose matches are sparse (two words at a million items: 1,513 matches, one row in 600)
 * reads its matches, and a page near the top of a common word walks (docs/decisions/004). Within
 * a radius the walk is bounded by the circle's box, which the density of the whole list does not
 * describe: there only an exact total of at most FEW_MATCHES reads the matches.
 */
export async function readMatchesFirst(db: Db, filter: ItemFilter, matches: Total, rowsWanted: number): Promise<boolean> {
  if (!matches.estimate && matches.total <= FEW_MATCHES) return true;
  if (filter.near && filter.radiusKm !== undefined) return false;
  const listed = await countListedItems(db, { near: filter.near, type: filter.type, viewer: filter.viewer });
  return rowsWanted * (listed.total / matches.total) > MATCH_ROW_COST * matches.total;
}

/**
 * One page of listed items (one extra row tells whether a next page exists): nearest first by
 * the GiST index when a point is given, otherwise newest first. `matchesFirst` (readMatchesFirst)
 * first collects the matches by the search indexes (trigram, tag and words): walking the order and
 * filtering would read the whole table to find a rare word. Best match first ranks every match
 * when `rankAll` (their count was exact, at most EXACT_COUNT_CAP), else the newest
 * RELEVANCE_CANDIDATES of them.
 */
export async function selectListedItems(
  db: Db,
  filter: ItemFilter,
  limit: number,
  offset: number,
  {
    matchesFirst = false,
    rankAll = matchesFirst,
    order: orderBy,
    walk,
    streams,
  }: { matchesFirst?: boolean; rankAll?: boolean; order?: ListOrder; walk?: PostingsWalk; streams?: RelevanceStreams } = {},
): Promise<ListedRow[]> {
  const point = filter.near;
  // Nearest first whenever a place is given, unless newest or best match first is asked for.
  const near = point && orderBy !== 'newest' && orderBy !== 'relevance' ? point : undefined;
  const relevance = orderBy === 'relevance' && Boolean(filter.text);
  const distance = point ? sql`earth_distance(${itemPoint}, ${earthPoint(point.lat, point.lng)}) / 1000.0` : sql`NULL::float8`;
  // Nearest first is the GiST index's own order (a second sort key would make PostgreSQL sort every
  // match). Items of one grid cell publish one point, but each stores it moved by a random few
  // millimetres (published-point.ts), so their distances differ and pages neither repeat nor skip.
  const order = near ? sql`${itemPoint} <-> ${earthPoint(near.lat, near.lng)}` : sql`i.created_at DESC, i.id DESC`;
  const pageOrder = (t: string) =>
    near
      ? sql`${sql.raw(t)}.distance_km, ${sql.raw(t)}.id`
      : relevance
        ? sql`${sql.raw(t)}.tier DESC, ${sql.raw(t)}.rank DESC, ${sql.raw(t)}.created_at DESC, ${sql.raw(t)}.id DESC`
        : sql`${sql.raw(t)}.created_at DESC, ${sql.raw(t)}.id DESC`;
  const columns = sql`i.id, i.title, i.description, i.image_url, i.extra_images, i.tags, i.user_id, i.type, i.created_at, ${distance} AS distance_km`;
  const words = filter.words ?? [];
  // Matches collected before the page is chosen carry only what orders them (their key, time,
  // distance, and for best match their tier and rank); the page's rows are then read by their key.
  // Carrying every column of every match cost a fifth of a two-word search's page (1,513 matches at
  // a million items: 4.5 against 3.7 ms).
  const keys = sql`i.id, i.created_at, ${distance} AS distance_km`;
  const ranked = sql`${keys}, ${matchTier(sql`i.search_doc`, words)} AS tier, ${matchRank(sql`i.search_doc`, words)} AS rank`;
  const chosenPage = sql`chosen AS (SELECT * FROM matches m ORDER BY ${pageOrder('m')} LIMIT ${limit} OFFSET ${offset}),
    page AS (SELECT ${columns}${relevance ? sql`, c.tier, c.rank` : sql``} FROM chosen c JOIN items i ON i.id = c.id)`;
  const ownersOf = (page: SQL) =>
    queryRows<ListedRow>(
      db,
      sql`WITH ${page}
        SELECT p.id, p.title, p.description, p.image_url, p.extra_images, p.tags, p.user_id, p.type,
          CASE WHEN u.is_visible THEN u.username ELSE '' END AS username, p.distance_km, p.created_at
        FROM page p JOIN users u ON u.id = p.user_id
        ORDER BY ${relevance && streams ? sql`p.k` : pageOrder('p')}`,
    );
  if (relevance && streams) {
    // Best match first by streams (postings.ts, planRelevanceStreams): each tier newest first, read
    // only as far as the page needs; then the page's rows by their key, in that order.
    const listed = whereListed(filter, { rowByRow: true });
    const tier = matchTier(sql`i.search_doc`, words);
    const tested = (walk: PostingsWalk, titleOrTags: boolean, k: number, n: number) =>
      sql`${walkedItems(walk, sql`i.id`, sql`${listed} AND ${tier} = ${k}::int`, { titleOrTags })} LIMIT ${n}`;
    const ids: number[] = [];
    for (const k of [2, 1, 0]) {
      const n = offset + limit - ids.length;
      if (n <= 0) break;
      const stream =
        k === 2
          ? tested(streams.exact, true, 2, n)
          : k === 1
            ? tested(streams.all, true, 1, n)
            : streams.oneWord
              ? sql`SELECT i.id FROM items i WHERE ${listed} AND ${tier} = 0 ORDER BY i.created_at DESC, i.id DESC LIMIT ${n}`
              : tested(streams.all, false, 0, n);
      ids.push(...(await queryRows<{ id: number }>(db, stream)).map((r) => Number(r.id)));
    }
    const chosen = ids.slice(offset, offset + limit);
    if (chosen.length === 0) return [];
    return ownersOf(
      sql`page AS (SELECT ${columns}, c.k FROM unnest(${`{${chosen.join(',')}}`}::int[]) WITH ORDINALITY AS c(id, k) JOIN items i ON i.id = c.id)`,
    );
  }
  // The page is chosen from items alone; only its rows are joined to their owners. Joining before
  // the OFFSET looked up the owner of every row skipped: 600 lookups on page 50, 5 of its 6 ms.
  if (near && !filter.text && !filter.tag && filter.type !== 'want')
    return ownersOf(nearestPage(filter, near, { columns, order, limit, offset }));
  const page = relevance
    ? rankAll
      ? // Best match first: every match (an exact count said how many) by the search indexes, ranked.
        sql`matches AS MATERIALIZED (SELECT ${ranked} FROM items i WHERE ${whereListed(filter)}), ${chosenPage}`
      : matchesFirst
        ? // More matches than the count's cap, but sparse ones (readMatchesFirst): the newest
          // RELEVANCE_CANDIDATES of them, found among the matches the search indexes collect, ranked.
          // The search's own tests alone find the hits: given the listed tests as well, the planner
          // ANDed the expiry index's bitmap of every listed item in (444 of 631 ms at ten million items).
          sql`hits AS MATERIALIZED (SELECT i.id, i.created_at, i.status, i.expires_at, i.hidden_at, i.user_id, i.type,
              i.approx_latitude, i.approx_longitude FROM items i WHERE ${whereListed(filter, { only: 'search' })}),
            matches AS MATERIALIZED (SELECT ${ranked} FROM items i WHERE i.id IN (
              SELECT i.id FROM hits i WHERE ${whereListed(filter, { only: 'listed' })}
              ORDER BY i.created_at DESC, i.id DESC LIMIT ${RELEVANCE_CANDIDATES})), ${chosenPage}`
        : // More matches than the count's cap, dense ones (a common word): the newest RELEVANCE_CANDIDATES
          // of them, found by walking the newest-first index, ranked.
          sql`matches AS MATERIALIZED (SELECT ${ranked} FROM items i WHERE ${whereListed(filter, { rowByRow: true })}
            ORDER BY i.created_at DESC, i.id DESC LIMIT ${RELEVANCE_CANDIDATES}), ${chosenPage}`
    : walk && !near
      ? // Newest first by the postings of the search's rarest word (postings.ts, planPostingsWalk): each
        // item the walk meets is read by its key and tested as a row of the list would be.
        sql`page AS (${walkedItems(walk, columns, whereListed(filter, { rowByRow: true }))} LIMIT ${limit} OFFSET ${offset})`
      : near && filter.radiusKm !== undefined && !(matchesFirst && (filter.text || filter.tag))
        ? // Nearest first within a radius, for a search or for wants: the cube index's walk (cubeWalk).
          sql`page AS (${cubeWalk(filter, near, { columns, order, limit, offset })})`
        : matchesFirst && (filter.text || filter.tag)
          ? // The matches by the search indexes, then the page of them.
            sql`matches AS MATERIALIZED (SELECT ${keys} FROM items i WHERE ${whereListed(filter)}), ${chosenPage}`
          : sql`page AS (
            SELECT ${columns} FROM items i WHERE ${whereListed(filter, { rowByRow: true })}
            ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`;
  return ownersOf(page);
}

/** The published point as items_location_point_gist holds it (migration 0036): longitude, latitude in degrees. */
const planarPoint = sql`point(i.approx_longitude::float8, i.approx_latitude::float8)`;

/**
 * Beyond this reach (metres) nearest first walks the cube index instead of reading the planar
 * index's box (nearestPage): where the nearest items are this far, few items are around, which is
 * where that walk is cheap, and the box would be wide.
 */
export const PLANAR_REACH_M = 10_000;

type PageParts = { columns: SQL; order: SQL; limit: number; offset: number };

/**
 * Nearest first by the cube index's KNN walk, in the sphere's own order; within a radius bounded by
 * its box (an index condition of the GiST scan), then the exact test. The items within the radius
 * are a prefix of that walk, so testing after LIMIT/OFFSET pages exactly as testing before would;
 * and the planner, counting only on the box's estimate, keeps walking the index instead of
 * collecting the whole box to sort it (docs/decisions/017). `gate`: a further condition (nearestPage).
 */
function cubeWalk(filter: ItemFilter, near: { lat: number; lng: number }, { columns, order, limit, offset }: PageParts, gate = sql``): SQL {
  const within = filter.radiusKm !== undefined ? withinRadius(near, filter.radiusKm) : sql`TRUE`;
  return sql`SELECT * FROM (
      SELECT ${columns}, ${within} AS within FROM items i
       WHERE ${whereListed(filter, { rowByRow: true, boxOnly: true })}${gate}
       ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS walked
    WHERE walked.within`;
}

/**
 * One page of nearest first without search text or tag, for offers or everything (wants keep their
 * own small index), in one statement on the planar index of published points (migration 0036,
 * docs/decisions/031):
 * 1. `cand`: the offset + limit listed items nearest in degrees, the index's own order (an
 *    index-only walk of a few pages);
 * 2. `reach`: the farthest great-circle distance among them. The page's items are no farther,
 *    since that many listed items are at most that far (within a radius: at most the radius);
 * 3. every listed item in the box of that circle (sphere_box, read through the same index), sorted
 *    by great-circle distance and key.
 * When the reach is above PLANAR_REACH_M, the cube index's walk (cubeWalk) serves the page instead:
 * each branch is gated by the reach, so only one runs. No listed item: no reach, no rows.
 */
function nearestPage(filter: ItemFilter, near: { lat: number; lng: number }, parts: PageParts): SQL {
  const { columns, limit, offset } = parts;
  const listed = whereListed({ ...filter, radiusKm: undefined }, { rowByRow: true });
  const radiusM = filter.radiusKm !== undefined ? sql`${filter.radiusKm * 1000}::float8` : undefined;
  const box = (metres: SQL) => sql`sphere_box(${near.lat}::float8, ${near.lng}::float8, ${metres})`;
  const farthest = sql`max(earth_distance(ll_to_earth(c.lat, c.lng), ${earthPoint(near.lat, near.lng)}))`;
  const reach = sql`(SELECT r.m FROM reach r)`;
  return sql`cand AS MATERIALIZED (
      SELECT i.approx_latitude::float8 AS lat, i.approx_longitude::float8 AS lng FROM items i
       WHERE ${listed}${radiusM ? sql` AND ${planarPoint} <@ ${box(radiusM)}` : sql``}
       ORDER BY ${planarPoint} <-> point(${near.lng}::float8, ${near.lat}::float8) LIMIT ${offset + limit}),
    reach AS (SELECT ${radiusM ? sql`least(${farthest}, ${radiusM})` : farthest} AS m FROM cand c),
    page AS (
      SELECT * FROM (
        SELECT ${columns}, TRUE AS within FROM items i
         WHERE ${listed} AND ${planarPoint} <@ (SELECT ${box(sql`r.m`)} FROM reach r)
           ${filter.radiusKm !== undefined ? sql`AND ${withinRadius(near, filter.radiusKm)}` : sql``}
           AND ${reach} <= ${PLANAR_REACH_M}::float8
         ORDER BY distance_km, i.id LIMIT ${limit} OFFSET ${offset}) AS boxed
      UNION ALL
      ${cubeWalk(filter, near, parts, sql` AND ${reach} > ${PLANAR_REACH_M}::float8`)})`;
}

/** How long a page total above REMEMBERED_ABOVE (an estimate, or a dear exact count) is reused for the same filter. */
export const ESTIMATE_TTL_MS = 60_000;
/**
 * A total above this is remembered for ESTIMATE_TTL_MS, exact or not; one at or below it is counted
 * on every request. Counting a search reads every match through its indexes, so the line is the one
 * of FEW_MATCHES: below it that is a few milliseconds, above it the count cost more than the page it
 * goes with ("lamp red", 1,513 matches at a million items: 24 of 50 ms, docs/performance.md). A page
 * total of thousands that lags a minute behind a new post is still "about 1,500"; a total small
 * enough to read item by item stays exact.
 */
export const REMEMBERED_ABOVE = FEW_MATCHES;
const ESTIMATES_KEPT = 500;

export type Total = { total: number; estimate: boolean };
type Remembered = { at: number; total: Promise<Total> };
// Per database (so test apps never share), per filter: the total being or last worked out.
const estimates = new WeakMap<Db, Map<string, Remembered>>();

/** Forgets the remembered estimates (tests that look at the SQL of a cold request). */
export function forgetEstimates(db: Db): void {
  estimates.delete(db);
}

/**
 * The number of listed items for a filter, without counting a million rows on every request: an
 * exact count up to EXACT_COUNT_CAP (an index scan that stops there), above it the planner's
 * estimate, which is what a person reading "page 1 of 80,000" can use anyway. A total above
 * REMEMBERED_ABOVE (every estimate, and a large exact count) is remembered for ESTIMATE_TTL_MS per
 * filter (the point of a nearest-first list does not change the total), so a busy list pays the
 * count once a minute, not on every request; a smaller total is counted every time. Concurrent
 * requests for the same filter share one computation.
 */
export async function countListedItems(db: Db, filter: ItemFilter): Promise<Total> {
  // Within a radius the point does change the total: it is part of the key then.
  const circle = filter.near && filter.radiusKm !== undefined ? [filter.near.lat, filter.near.lng, filter.radiusKm] : null;
  const key = JSON.stringify([
    filter.text?.toLowerCase() ?? null,
    filter.tag?.toLowerCase() ?? null,
    Boolean(filter.near),
    circle,
    filter.type ?? null,
    // Hidden items count for their owner and the admins only.
    filter.viewer ? (filter.viewer.isAdmin ? 'admin' : filter.viewer.id) : null,
  ]);
  let byFilter = estimates.get(db);
  if (!byFilter) estimates.set(db, (byFilter = new Map<string, Remembered>()));
  const now = Date.now();
  const known = byFilter.get(key);
  if (known && now - known.at < ESTIMATE_TTL_MS) return known.total;
  if (!known && byFilter.size >= ESTIMATES_KEPT) byFilter.delete(byFilter.keys().next().value!);
  const total = countOrEstimate(db, filter);
  const entry = { at: now, total };
  byFilter.set(key, entry);
  const forget = () => {
    if (byFilter.get(key) === entry) byFilter.delete(key);
  };
  total.then((t) => (t.estimate || t.total > REMEMBERED_ABOVE ? undefined : forget()), forget);
  return total;
}

/** The exact number of listed items for a filter, however many (only for a page asked past the end of an estimate). */
export async function countListedItemsExactly(db: Db, filter: ItemFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM items i WHERE ${whereListed(filter)}`);
  return Number(row?.n ?? 0);
}

/**
 * Within a radius (without search text or tag) the total is exact up to this many; past it, an
 * estimate. Counting every point of a big circle in a city (a box of tens of thousands of rows,
 * each visited for its expiry and exact distance, about 20 microseconds a row) made the count
 * cost a hundred times the nearest-first page it goes with (docs/performance.md).
 */
export const RADIUS_EXACT_CAP = 100;

/**
 * The total of a circle: the nearest-first walk of the page (the GiST index, bounded by the box)
 * takes up to RADIUS_EXACT_CAP + 1 items of the circle. Fewer: that is the total. More: as many as
 * the circle holds at the density the walk found around its centre (the items taken over the
 * disc they fill), never more than the items listed with a place at all.
 */
async function countInCircle(db: Db, filter: ItemFilter, near: { lat: number; lng: number }, radiusKm: number): Promise<Total> {
  const centre = earthPoint(near.lat, near.lng);
  const [row] = await queryRows<{ n: number; farthest: number | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE w.within)::int AS n, max(w.km) FILTER (WHERE w.within) AS farthest FROM (
          SELECT ${withinRadius(near, radiusKm)} AS within, earth_distance(${itemPoint}, ${centre}) / 1000.0 AS km
          FROM items i WHERE ${whereListed(filter, { rowByRow: true, boxOnly: true })}
          ORDER BY ${itemPoint} <-> ${centre} LIMIT ${RADIUS_EXACT_CAP + 1}) AS w`,
  );
  const taken = Number(row?.n ?? 0);
  if (taken <= RADIUS_EXACT_CAP) return { total: taken, estimate: false };
  // Published points share a grid cell's point (a few metres apart): a crowded centre is at least a
  // tenth of the radius wide, so one busy cell does not stand for the whole circle.
  const reach = Math.max(Number(row?.farthest ?? 0), radiusKm / 10);
  const estimated = Math.round(taken * (radiusKm / reach) ** 2);
  const everywhere = await countListedItems(db, { near: filter.near, type: filter.type });
  return { total: Math.max(RADIUS_EXACT_CAP + 1, Math.min(estimated, everywhere.total)), estimate: true };
}

async function countOrEstimate(db: Db, filter: ItemFilter): Promise<Total> {
  if (filter.near && filter.radiusKm !== undefined && !filter.text && !filter.tag) {
    return countInCircle(db, filter, filter.near, filter.radiusKm);
  }
  const where = whereListed(filter);
  // A list without search text or tag counts in the order of the expiry index: a walk of the listed
  // items (partial index) up to the cap, which reads only listed rows however the table's rows lie.
  // Unordered, the planner, seeing most rows listed, preferred a sequential scan stopping at the cap
  // (at a million bench items, since "listed" tests hidden_at, which the index does not hold): fast
  // only while listed rows come first in the table, and a real table holds its oldest, mostly given
  // or expired, items first. Wants keep their own partial indexes (migration 0027).
  const inExpiryOrder = !filter.text && !filter.tag && filter.type !== 'want';
  const [capped] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM items i WHERE ${where}${inExpiryOrder ? sql` ORDER BY i.expires_at` : sql``} LIMIT ${EXACT_COUNT_CAP + 1}) AS capped`,
  );
  const exact = Number(capped?.n ?? 0);
  if (exact <= EXACT_COUNT_CAP) return { total: exact, estimate: false };
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM items i WHERE ${whereListed(filter, { wordsAlone: true })}`,
  );
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  const estimated = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimated, EXACT_COUNT_CAP + 1), estimate: true };
}

export interface DetailRow {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  extraImages: string[];
  tags: string[];
  userId: number;
  type: ItemType;
  username: string | null;
  ownerVisible: boolean | null;
  latitude: string | null;
  longitude: string | null;
  approxLatitude: string | null;
  approxLongitude: string | null;
  exactLocation: boolean;
  status: ItemStatus;
  promisedToId: number | null;
  promisedToUsername: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

const promisee = alias(users, 'promisee');

const detailColumns = {
  id: items.id,
  title: items.title,
  description: items.description,
  imageUrl: items.imageUrl,
  extraImages: items.extraImages,
  tags: items.tags,
  userId: items.userId,
  type: items.type,
  username: users.username,
  ownerVisible: users.isVisible,
  latitude: items.latitude,
  longitude: items.longitude,
  approxLatitude: items.approxLatitude,
  approxLongitude: items.approxLongitude,
  exactLocation: items.exactLocation,
  status: items.status,
  promisedToId: items.promisedToId,
  promisedToUsername: promisee.username,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  expiresAt: items.expiresAt,
  hiddenAt: items.hiddenAt,
  hiddenReason: items.hiddenReason,
};

export async function selectItem(db: Db, id: number): Promise<DetailRow | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(items)
    .leftJoin(users, eq(users.id, items.userId))
    .leftJoin(promisee, eq(promisee.id, items.promisedToId))
    .where(eq(items.id, id))
    .limit(1);
  return row;
}

export async function insertItem(db: Db, values: typeof items.$inferInsert): Promise<number> {
  const [row] = await db.insert(items).values(values).returning({ id: items.id });
  return row!.id;
}

export async function updateItem(db: Db, id: number, values: Partial<typeof items.$inferInsert>): Promise<void> {
  await db
    .update(items)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(items.id, id));
}

/** Whether an item shows this image (as its cover or another photo): a lookup by items_photos_idx. */
const showsImage = (imageUrl: string) => sql`array_prepend(${items.imageUrl}, ${items.extraImages}) @> ARRAY[${imageUrl}]::text[]`;

/**
 * The items showing this image (a photo is on one item, rarely a few): one index lookup, not a scan
 * of every item. No LIMIT 1: the planner's guess for `@>` without element statistics (0.5% of the
 * rows) makes a scan that stops at the first match look cheaper, and with no match it reads all.
 */
export const itemShowingImage = (db: Db, imageUrl: string) => db.select({ id: items.id }).from(items).where(showsImage(imageUrl));

/** Of these images, the ones no item shows (any more): their files can go. */
export async function imagesNoItemShows(db: Db, urls: readonly string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const url of new Set(urls)) if ((await itemShowingImage(db, url)).length === 0) unused.push(url);
  return unused;
}

/** Deletes an item; answers its images that no other item shows (for the caller to remove after commit). */
export async function deleteItem(db: Db, id: number): Promise<{ unusedImages: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(items).where(eq(items.id, id)).returning({ imageUrl: items.imageUrl, extraImages: items.extraImages });
    if (!row) return undefined;
    return { unusedImages: await imagesNoItemShows(tx, [row.imageUrl, ...row.extraImages].filter(Boolean)) };
  });
}

/**
 * Marks listed items past their expiry as `expired`, and tells each owner (listing_expired, with a
 * Renew link) in the same statement; answers how many.
 */
export async function expireItems(db: Db): Promise<number> {
  const [row] = await queryRows<{ expired: number }>(
    db,
    sql`WITH source AS (
          UPDATE items SET status = 'expired', updated_at = now()
           WHERE status = 'available' AND expires_at <= now()
          RETURNING id AS item_id, user_id AS recipient_id
        ), told AS (${enqueueFromRows('listing_expired')})
        SELECT count(*)::int AS expired FROM source`,
  );
  return Number(row?.expired ?? 0);
}

export interface MyItemRow {
  id: number;
  title: string;
  imageUrl: string;
  tags: string[];
  type: ItemType;
  status: ItemStatus;
  promisedToId: number | null;
  promisedToUsername: string | null;
  conversations: number;
  createdAt: Date;
  expiresAt: Date | null;
  hiddenReason: string | null;
}

const lapsed = sql`(${items.status} = 'available' AND ${items.expiresAt} <= now())`;

/** The state filter of "my items": `expired` includes available items past their expiry. */
function stateIs(status: ItemStatus | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'expired') return sql`(${items.status} = 'expired' OR ${lapsed})`;
  if (status === 'available') return sql`(${items.status} = 'available' AND NOT ${lapsed})`;
  return eq(items.status, status);
}

/** A user's own items in every state, newest first (by the user_id index: one person's items). */
export async function selectMyItems(
  db: Db,
  userId: number,
  status: ItemStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: MyItemRow[]; total: number }> {
  const where = and(eq(items.userId, userId), stateIs(status));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: items.id,
        title: items.title,
        imageUrl: items.imageUrl,
        tags: items.tags,
        type: items.type,
        status: sql<ItemStatus>`CASE WHEN ${lapsed} THEN 'expired' ELSE ${items.status} END`,
        promisedToId: items.promisedToId,
        promisedToUsername: promisee.username,
        conversations: sql<number>`(SELECT count(*)::int FROM conversations c WHERE c.item_id = ${items.id})`,
        createdAt: items.createdAt,
        expiresAt: items.expiresAt,
        hiddenReason: sql<string | null>`CASE WHEN ${items.hiddenAt} IS NOT NULL THEN ${items.hiddenReason} END`,
      })
      .from(items)
      .leftJoin(promisee, eq(promisee.id, items.promisedToId))
      .where(where)
      .orderBy(sql`${items.createdAt} DESC, ${items.id} DESC`)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
