import { type SQL, sql } from 'drizzle-orm';
import type { Clusters, ClustersQuery } from '../../../shared/items.js';
import { ITEM_MSG } from '../../../shared/items.js';
import { type Db, isEmbedded, queryRows } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { round5 } from './location.js';
import { countListedItems, type ItemFilter, MATCH_ROW_COST, whereListed } from './repository.js';
import { alternativesOf, postable } from './postings.js';
import { byWordsOnly, searchWordsOf } from './search-words.js';
import { itemFilterOf } from './service.js';

// The Map view's clusters (docs/decisions/021-map-clusters.md). The clusters of map zoom z are the
// Web Mercator cells of level z + 2 (64 px wide on the screen). Without filters, levels up to
// STORED_LEVEL_MAX (zoom 19, the map's deepest) are read from item_map_cells (migrations 0029 and
// 0035), which statement triggers keep; with filters, or deeper (zoom 20, which the API accepts), the
// matching rows of the area are grouped at request time. A cell of one item is a single item: its id
// and point come from the cell's sums (docs/decisions/032-map-single-items-by-id.md), so no answer reads a
// row per item it shows.

/**
 * A one-item cell's coordinate, from its running sum: back on the column's 8-decimal grid (numeric(10,
 * 8)), whose float is what the item's own page reads, before the rounding every answer gives. The
 * sum's float error (the cell's past additions and subtractions) could otherwise tip a point lying
 * on a half of the fifth decimal the other way.
 */
const pointOf = (sum: number | string) => round5(Math.round(Number(sum) * 1e8) / 1e8);

/** The grid levels item_map_cells holds (migration 0035: generate_series(2, 21), up to the map's deepest zoom, 19). */
export const STORED_LEVEL_MIN = 2;
export const STORED_LEVEL_MAX = 21;
/** The most cells one request may cover: a 4K screen at 64 px a cell is about 2,000. */
export const MAX_CELLS = 4_096;
/** The most single items one answer carries; cells of one item beyond this stay clusters of 1. */
export const MAX_SINGLES = 300;

/** The grid level of the clusters of a map zoom. */
export const levelOfZoom = (zoom: number) => Math.max(STORED_LEVEL_MIN, zoom + 2);

const MERCATOR_MAX_LAT = 85.0511287798;
const clampCell = (v: number, level: number) => Math.min(Math.max(v, 0), 2 ** level - 1);
/** The cell column of a longitude (as map_cell_x of migration 0029). */
export const cellX = (lng: number, level: number) => clampCell(Math.floor(((lng + 180) / 360) * 2 ** level), level);
/** The cell row of a latitude, from the north (as map_cell_y of migration 0029). */
export function cellY(lat: number, level: number): number {
  const l = (Math.min(Math.max(lat, -MERCATOR_MAX_LAT), MERCATOR_MAX_LAT) * Math.PI) / 180;
  return clampCell(Math.floor(((1 - Math.asinh(Math.tan(l)) / Math.PI) / 2) * 2 ** level), level);
}
const westOf = (x: number, level: number) => (x / 2 ** level) * 360 - 180;
const northOf = (y: number, level: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** level))) * 180) / Math.PI;

interface CellRange {
  level: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The stored cells of the range, read by the key (level, x, y): one descent per column (`x IN`, an
 * `= ANY` the index answers), each reading only its rows y0..y1. A range test on x reads every cell
 * of the columns, at every latitude: at ten million items, a city view's 20 columns at level 13
 * hold thousands of cells north and south of it, against the 240 it shows.
 */
function cellsOfRange(r: CellRange): SQL {
  // The columns as values, not a subquery: the planner then knows how many descents it makes.
  const columns = Array.from({ length: r.x1 - r.x0 + 1 }, (_, i) => sql`${r.x0 + i}::int`);
  return sql`c.level = ${r.level}::smallint AND c.x IN (${sql.join(columns, sql`, `)}) AND c.y BETWEEN ${r.y0}::int AND ${r.y1}::int`;
}

/** The area the cells cover, a little larger (rounding): what the index is asked for. */
function boundsOf(r: CellRange) {
  const pad = 1e-7;
  return {
    west: Math.max(-180, westOf(r.x0, r.level) - pad),
    east: Math.min(180, westOf(r.x1 + 1, r.level) + pad),
    north: r.y0 === 0 ? 90 : Math.min(90, northOf(r.y0, r.level) + pad),
    south: r.y1 === 2 ** r.level - 1 ? -90 : Math.max(-90, northOf(r.y1 + 1, r.level) - pad),
  };
}

// earthdistance's sphere (earth() = 6378168 m): the cube around a latitude/longitude box, which the
// GiST indexes of ll_to_earth(published point) answer (as earth_box does for a radius).
const EARTH_M = 6378168;
const rad = Math.PI / 180;

/** The range of cos (or sin) over an interval of angles in degrees. */
function rangeOf(f: (d: number) => number, from: number, to: number, peaks: number[]): [number, number] {
  const values = [f(from), f(to), ...peaks.filter((p) => p > from && p < to).map(f)];
  return [Math.min(...values), Math.max(...values)];
}

/** The smallest axis-aligned cube of earth coordinates holding every point of the box. */
function cubeOf(b: { west: number; east: number; south: number; north: number }): SQL {
  const [cosLat0, cosLat1] = rangeOf((d) => Math.cos(d * rad), b.south, b.north, [0]);
  const [cosLng0, cosLng1] = rangeOf((d) => Math.cos(d * rad), b.west, b.east, [0]);
  const [sinLng0, sinLng1] = rangeOf((d) => Math.sin(d * rad), b.west, b.east, [-90, 90]);
  const span = (lo: number, hi: number) => [Math.min(lo * cosLat0, lo * cosLat1), Math.max(hi * cosLat0, hi * cosLat1)];
  const [x0, x1] = span(cosLng0, cosLng1).map((v) => v * EARTH_M) as [number, number];
  const [y0, y1] = span(sinLng0, sinLng1).map((v) => v * EARTH_M) as [number, number];
  const z0 = Math.sin(b.south * rad) * EARTH_M;
  const z1 = Math.sin(b.north * rad) * EARTH_M;
  const m = 1; // a metre of slack for rounding
  return sql`cube(ARRAY[${x0 - m}::float8, ${y0 - m}::float8, ${z0 - m}::float8], ARRAY[${x1 + m}::float8, ${y1 + m}::float8, ${z1 + m}::float8])`;
}

const itemPoint = sql`ll_to_earth(i.approx_latitude::float8, i.approx_longitude::float8)`;
const lat = sql`i.approx_latitude::float8`;
const lng = sql`i.approx_longitude::float8`;

interface CellRow {
  x: number;
  y: number;
  count: number;
  latitude: number;
  longitude: number;
  /** The item of a one-item cell. */
  id: number | null;
}

/**
 * The cells of the area from the per-cell counts, minus the items past their expiry that the hourly
 * sweep has not marked yet (no trigger sees time pass): those are few (at most an hour's worth) and
 * read through items_available_located_expires_idx, grouped by cell once (MATERIALIZED: the planner,
 * guessing one cell, would otherwise group them again for each cell of a nested loop), then
 * subtracted. A cell of one item names it by the sum of its ids (migration 0033).
 */
function storedCells(db: Db, r: CellRange): Promise<CellRow[]> {
  const g = sql`${r.level}::int`;
  return queryRows<CellRow>(
    db,
    sql`WITH lapsed AS MATERIALIZED (
          SELECT map_cell_x(${lng}, ${g}) AS x, map_cell_y(${lat}, ${g}) AS y,
                 count(*)::int AS n, sum(${lat}) AS slat, sum(${lng}) AS slng, sum(i.id::bigint) AS sid
            FROM items i
           WHERE item_on_map(i) AND i.expires_at <= now()
           GROUP BY 1, 2
        ), cells AS (
          SELECT c.x, c.y, c.count - coalesce(l.n, 0) AS n,
                 c.sum_lat - coalesce(l.slat, 0) AS slat, c.sum_lng - coalesce(l.slng, 0) AS slng,
                 c.sum_id - coalesce(l.sid, 0) AS sid
            FROM item_map_cells c LEFT JOIN lapsed l ON l.x = c.x AND l.y = c.y
           WHERE ${cellsOfRange(r)}
        )
        SELECT x, y, n AS count, slat / n AS latitude, slng / n AS longitude, CASE WHEN n = 1 THEN sid::int END AS id
          FROM cells WHERE n > 0`,
  );
}

/** The grid level of map_search_keys' cells (migration 0039): about 5 km wide at the equator. */
const KEY_LEVEL = 13;
/** The most key cells a view may need: a zoom-12 view of a 4K screen is about 15 × 9 of them. */
const MAX_KEY_CELLS = 256;
/** The most words a search's keys may hold (a substring held by more words reads as before). */
export const MAX_KEY_WORDS = 64;
/** Key words are this long or longer (map_search_keys). */
const KEY_WORD_MIN = 3;

/** The cells of level KEY_LEVEL that cover the range, as map_search_keys names them. */
function keyCellsOf(r: CellRange): number[] | undefined {
  const d = r.level - KEY_LEVEL;
  const [x0, x1, y0, y1] =
    d >= 0 ? [r.x0 >> d, r.x1 >> d, r.y0 >> d, r.y1 >> d] : [r.x0 << -d, ((r.x1 + 1) << -d) - 1, r.y0 << -d, ((r.y1 + 1) << -d) - 1];
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_KEY_CELLS) return undefined;
  const cells: number[] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cells.push(x * 2 ** KEY_LEVEL + y);
  return cells;
}

/**
 * The words whose keys hold every match of the filter's search (map_search_keys, migration 0039),
 * or undefined when some match may have no such key (a text shorter than three letters or holding
 * signs, a word still open as a prefix, a substring held by too many words). A superset is enough:
 * the rows the keys give are tested as the list tests them.
 *   - A tag: the tag, in lower case.
 *   - One word: the words of titles and descriptions that hold it (search.raw_words), the text as a
 *     tag, and the word's alternatives (as typed, synonyms, typos).
 *   - Several words: the text as a tag, and the alternatives of one of the words (each match holds
 *     every word).
 * Lower case and "letters and digits" are PostgreSQL's own (lower, [[:alnum:]]), as in the keys.
 */
async function keyWordsOf(db: Db, filter: ItemFilter): Promise<string[] | undefined> {
  const fits = (words: string[]) => words.length > 0 && words.every((w) => w.length >= KEY_WORD_MIN);
  if (filter.tag) {
    const [row] = await queryRows<{ tag: string }>(db, sql`SELECT lower(${filter.tag}::text) AS tag`);
    return row && [...row.tag].length >= KEY_WORD_MIN ? [row.tag] : undefined;
  }
  const text = filter.text;
  if (!text) return undefined;
  const words = filter.words ?? [];
  if (!postable(words)) return undefined;
  if (byWordsOnly(words)) {
    const alternatives = words.map(alternativesOf).find((a): a is string[] => a !== undefined && fits(a));
    if (!alternatives) return undefined;
    const [row] = await queryRows<{ tag: string }>(db, sql`SELECT lower(${text}::text) AS tag`);
    return row ? [...new Set([row.tag, ...alternatives])] : undefined;
  }
  const alternatives = words.length ? alternativesOf(words[0]!) : [];
  if (!alternatives || (alternatives.length > 0 && !fits(alternatives))) return undefined;
  // PGlite: the words are read without the trigram index (see search-words.ts, closestTo).
  const holds = (pattern: SQL) => (isEmbedded(db) ? sql`(r.word LIKE ${pattern}) IS TRUE` : sql`r.word LIKE ${pattern}`);
  const [row] = await queryRows<{ typed: string; plain: boolean; holders: string[] | null }>(
    db,
    sql`SELECT t.typed, t.typed ~ '^[[:alnum:]]{3,}$' AS plain,
               CASE WHEN t.typed ~ '^[[:alnum:]]{3,}$' THEN ARRAY(
                 SELECT r.word FROM search.raw_words r WHERE ${holds(sql`'%' || t.typed || '%'`)} LIMIT ${MAX_KEY_WORDS + 1}::int) END AS holders
          FROM (SELECT lower(${text}::text) AS typed) AS t`,
  );
  if (!row?.plain || !row.holders || row.holders.length > MAX_KEY_WORDS) return undefined;
  return [...new Set([row.typed, ...row.holders, ...alternatives])];
}

/** The keys of the search over the range (cell × word), or undefined when they cannot hold every match. */
async function searchKeysOf(db: Db, r: CellRange, filter: ItemFilter): Promise<string[] | undefined> {
  const cells = keyCellsOf(r);
  if (!cells) return undefined;
  const words = await keyWordsOf(db, filter);
  if (!words || words.length > MAX_KEY_WORDS) return undefined;
  return cells.flatMap((c) => words.map((w) => `${c}:${w}`));
}

/** An item's keys, as items_map_search_keys_idx holds them (migration 0039). */
const itemKeys = sql`map_search_keys(i.approx_latitude, i.approx_longitude, i.title, i.description, i.tags, i.search_doc)`;

/** A text[] of any strings, as one parameter: each quoted, its quotes and backslashes escaped. */
const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** How groupedCells finds the rows of the area that match a search (mapClusters chooses). */
type SearchReading = { by: 'indexes' } | { by: 'rows' } | { by: 'keys'; keys: string[] };

/**
 * The cells of the area grouped at request time from the rows that match (the list's own filter,
 * whereListed) inside the cells' area, which the GiST index of published points (or the search
 * indexes, as the planner prices them) reads. Its cost grows with the matches in the area.
 * A search's matches are found (`reading`, mapClusters chooses):
 *   - `keys`: by the index of the keys of the view's cells and the search's words (migration 0039):
 *     the matches of a few cells around the view, whatever the list holds elsewhere;
 *   - `rows`: its text and tag are tested on each point of the area, read through the planar index
 *     of published points (decision 031): what the area holds;
 *   - `indexes`: through the search indexes, which read every match of the whole list before the
 *     area keeps its own.
 */
function groupedCells(db: Db, r: CellRange, filter: ItemFilter, reading: SearchReading = { by: 'indexes' }): Promise<CellRow[]> {
  const b = boundsOf(r);
  const g = sql`${r.level}::int`;
  const matching =
    reading.by === 'keys'
      ? // The index of keys gives the matches of the view's key cells; each is tested as the list
        // tests it (`IS TRUE`: in a form no other index answers), the cells' range below keeps the view's.
        sql`${itemKeys} && ${textArray(reading.keys)}
        AND (${whereListed(filter, { only: 'search' })}) IS TRUE AND ${whereListed(filter, { only: 'listed' })}`
      : reading.by === 'rows'
        ? // `IS TRUE`: the same test, in a form no index answers.
          sql`(${whereListed(filter, { only: 'search' })}) IS TRUE AND ${whereListed(filter, { only: 'listed' })}
        AND point(${lng}, ${lat}) <@ box(point(${b.west}::float8, ${b.south}::float8), point(${b.east}::float8, ${b.north}::float8))`
        : sql`${whereListed(filter)} AND ${cubeOf(b)} @> ${itemPoint}
        AND i.approx_latitude BETWEEN ${b.south} AND ${b.north} AND i.approx_longitude BETWEEN ${b.west} AND ${b.east}`;
  return queryRows<CellRow>(
    db,
    sql`SELECT x, y, count(*)::int AS count, avg(la) AS latitude, avg(ln) AS longitude,
               CASE WHEN count(*) = 1 THEN min(id) END AS id
          FROM (
            SELECT i.id, ${lat} AS la, ${lng} AS ln, map_cell_x(${lng}, ${g}) AS x, map_cell_y(${lat}, ${g}) AS y
              FROM items i
             WHERE item_on_map(i) AND ${matching}
          ) AS p
         WHERE x BETWEEN ${r.x0}::int AND ${r.x1}::int AND y BETWEEN ${r.y0}::int AND ${r.y1}::int
         GROUP BY x, y`,
  );
}

/**
 * How many listed items with a place the area's cells hold (item_map_cells, at most MAX_CELLS rows
 * read by the key): what a search grouped at request time would read.
 */
async function itemsInArea(db: Db, r: CellRange): Promise<number> {
  const [row] = await queryRows<{ n: number | null }>(
    db,
    sql`SELECT sum(c.count)::float8 AS n FROM item_map_cells c WHERE ${cellsOfRange(r)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The clusters and single items of the visible area (GET /api/items/clusters). `searchMaxItems`: a
 * search or a tag over an area holding more listed items than this is refused with a 400 (zoom
 * in): it would read and test every one of them (decision 021), seconds of the database at ten
 * million items, while the pool's other requests wait.
 */
export async function mapClusters(
  db: Db,
  q: ClustersQuery,
  {
    searchMaxItems = Infinity,
    searchReading = 'auto',
  }: {
    searchMaxItems?: number;
    /** How a search's matches are found: `auto` chooses (tests compare the ways; `keys` falls back to `indexes` where it cannot hold every match). */
    searchReading?: 'auto' | SearchReading['by'];
  } = {},
): Promise<Clusters> {
  const level = levelOfZoom(q.zoom);
  const { west, south, east, north } = q.bbox;
  const range: CellRange = { level, x0: cellX(west, level), x1: cellX(east, level), y0: cellY(north, level), y1: cellY(south, level) };
  if ((range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1) > MAX_CELLS) throw badRequest(ITEM_MSG.bboxTooLarge);
  const filter = itemFilterOf(q);
  const filtered = Boolean(filter.text || filter.tag || filter.type || filter.near);
  let reading: SearchReading = { by: 'indexes' };
  if (filter.text || filter.tag) {
    // Deeper than the stored levels (zoom 20) the area is a few houses: its points are tested.
    const inArea = level <= STORED_LEVEL_MAX ? await itemsInArea(db, range) : 0;
    if (inArea > searchMaxItems) throw badRequest(ITEM_MSG.searchAreaTooLarge);
    if (filter.text) filter.words = await searchWordsOf(db, filter.text);
    const keys = searchReading === 'auto' || searchReading === 'keys' ? await searchKeysOf(db, range, filter) : undefined;
    if (keys) reading = { by: 'keys', keys };
    // Without keys: the search indexes read every match of the list (a common word at a million
    // items: 33,000 from each of four indexes, 24 ms) before the area keeps its own; testing the
    // area's points costs what the area holds (a neighbourhood at zoom 14: at most 2,300). The
    // list's total of the same search is remembered (countListedItems), so this is seldom a query of its own.
    else if (
      searchReading === 'rows' ||
      (searchReading === 'auto' && inArea <= MATCH_ROW_COST * (await countListedItems(db, filter)).total)
    )
      reading = { by: 'rows' };
  }
  const stored = !filtered && level <= STORED_LEVEL_MAX;
  const cells = stored ? await storedCells(db, range) : await groupedCells(db, range, filter, reading);
  const singles = new Set(cells.filter((c) => Number(c.count) === 1 && c.id !== null).slice(0, MAX_SINGLES));
  const clusters = cells
    .filter((c) => !singles.has(c))
    .map((c) => ({ latitude: round5(Number(c.latitude)), longitude: round5(Number(c.longitude)), count: Number(c.count) }));
  // A single item is its id and point, from the cell's sums: its card loads it when opened.
  const items = [...singles]
    .map((c) => ({ id: Number(c.id), latitude: pointOf(c.latitude), longitude: pointOf(c.longitude) }))
    .sort((a, b) => a.id - b.id);
  return { clusters, items };
}
