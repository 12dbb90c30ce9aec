import { type SQL, sql } from 'drizzle-orm';
import { type Db, isEmbedded, queryRows } from '../../../../db/client.js';
import { type ItemFilter, whereListed } from '../filter.js';
import { alternativesOf, postable } from '../postings.js';
import { byWordsOnly } from '../words.js';
import { type CellRange, type CellRow, groupedCells } from './grid.js';

// A search or a tag on the map read through the keys of its cells and words (migration 0039,
// docs/decisions/033): chosen whenever the keys can hold every match of the search (searchKeysOf).
// The index of keys gives the matches of the few key cells around the view, whatever the list holds
// elsewhere; each is tested as the list tests it, so the keys need only be a superset.

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
  // PGlite: the words are read without the trigram index (see words.ts, closestTo).
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
export async function searchKeysOf(db: Db, r: CellRange, filter: ItemFilter): Promise<string[] | undefined> {
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

/**
 * The cells of the view from the items holding one of `keys`: each is tested as the list tests it
 * (`IS TRUE`: in a form no other index answers), the cells' range of groupedCells keeps the view's.
 */
export function keysSearch(db: Db, r: CellRange, filter: ItemFilter, keys: string[]): Promise<CellRow[]> {
  return groupedCells(
    db,
    r,
    sql`${itemKeys} && ${textArray(keys)}
        AND (${whereListed(filter, { only: 'search' })}) IS TRUE AND ${whereListed(filter, { only: 'listed' })}`,
  );
}
