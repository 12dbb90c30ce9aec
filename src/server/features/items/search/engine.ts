import type { Clusters } from '#shared/items.js';
import type { Db } from '../../../db/client.js';
import { pageWithin } from '../paging.js';
import type { ItemFilter, ListedRow, ListOrder } from './filter.js';
import { chooseList, listFacts } from './list/planner.js';
import type { ListRequest } from './list/page.js';
import { type MapBox, type MapOptions, mapView as viewOfMap } from './map/view.js';
import { exactTotal, listedTotal, type Total } from './totals.js';
import { normalWords, type SearchWord, searchWordsOf } from './words.js';

/**
 * The list, search and map engine of items (docs/decisions/038): what the rest of the app
 * calls. A list page is read by the first strategy of list/planner.ts whose condition holds, a map
 * view by the first of map/view.ts; totals are exact up to a cap and remembered when large
 * (totals.ts). Every strategy tests the same filter (filter.ts, whereListed).
 */

export type { ItemFilter, ListedRow, ListOrder, MapBox, MapOptions };

/** Which page of a list, in which order, of how many rows. */
export interface PageRequest {
  order: ListOrder;
  /** From 1; a page past the end is answered as the last one. */
  page: number;
  limit: number;
}

/** A page of a list: its rows (at most `limit`), whether more follow, the page it is, and the list's total. */
export interface ListPage {
  rows: ListedRow[];
  hasNextPage: boolean;
  page: number;
  total: Total;
  /** A search whose rows all came from what its words may have meant: no listed item matches it as typed. */
  similar: boolean;
}

/** The filter with its search text's words and their alternatives (a query of the vocabulary), once a request. */
async function withWords(db: Db, filter: ItemFilter): Promise<ItemFilter> {
  return filter.text ? { ...filter, words: await searchWordsOf(db, filter.text) } : filter;
}

/**
 * One page of the listed items of a filter, and the list's total. A search counts first (how many
 * match decides how its page is read); a plain list counts beside its page. A page past the end (its
 * items vanished, or a hand-typed `?page=99`) is answered as the last page, after an exact count
 * when the total was an estimate.
 */
export async function listPage(db: Db, filter: ItemFilter, { order, page, limit }: PageRequest): Promise<ListPage> {
  const searched = await withWords(db, filter);
  const read = async (p: number, known?: Total): Promise<{ rows: ListedRow[]; total: Total }> => {
    // One row more than the page tells whether a next page exists.
    const r: ListRequest = { filter: searched, order, limit: limit + 1, offset: (p - 1) * limit };
    const facts = await listFacts(db, r, known);
    const strategy = chooseList(r, facts);
    if (facts.total) return { rows: await strategy.run(db, r, facts), total: facts.total };
    const [rows, total] = await Promise.all([strategy.run(db, r, facts), listedTotal(db, searched)]);
    return { rows, total };
  };
  let shown = page;
  let { rows, total } = await read(shown);
  if (rows.length === 0 && shown > 1) {
    if (total.estimate) total = { total: await exactTotal(db, searched), estimate: false };
    shown = pageWithin(shown, total.total, limit);
    if (shown < page) ({ rows } = await read(shown, total));
  }
  return {
    rows: rows.slice(0, limit),
    hasNextPage: rows.length > limit,
    page: shown,
    total,
    similar: rows.length > 0 && (await onlySimilar(db, searched, rows)),
  };
}

/**
 * Whether a search matched only through typos: it has typo alternatives, no row of its page holds
 * it as typed, and no listed item does (the capped count of the search without its typos, asked only
 * then: a typo's count of its own words is 0 from the word index).
 */
async function onlySimilar(db: Db, searched: ItemFilter, rows: ListedRow[]): Promise<boolean> {
  const { text, words } = searched;
  if (!text || !words?.some((w) => w.typos.length > 0)) return false;
  if (rows.some((row) => holdsAsTyped(row, text, words))) return false;
  const { total } = await listedTotal(db, { ...searched, words: words.map((w) => ({ ...w, typos: [] })) });
  return total === 0;
}

/** The search rule without typos, for one row: the text inside its title or description (one word), or every word in its words. */
function holdsAsTyped(row: ListedRow, text: string, words: SearchWord[]): boolean {
  const lower = text.toLowerCase();
  if (words.length === 1 && (row.title.toLowerCase().includes(lower) || row.description.toLowerCase().includes(lower))) return true;
  const held = new Set(normalWords([row.title, row.description, ...row.tags].join(' ')));
  return words.every(
    (w) =>
      w.exact.some((alt) => held.has(alt)) ||
      w.completions?.some((c) => held.has(c)) ||
      (w.prefix !== undefined && [...held].some((h) => h.startsWith(w.prefix!))),
  );
}

/** The clusters and single items of the map's visible area for a filter (map/view.ts). */
export function mapView(db: Db, filter: ItemFilter, box: MapBox, options: MapOptions = {}): Promise<Clusters> {
  return viewOfMap(db, filter, box, options);
}

/** The newest listed item, as the first row of the plain list newest first without its total (the photo /browse preloads). */
export async function newestListed(db: Db): Promise<ListedRow | undefined> {
  const r: ListRequest = { filter: {}, order: 'newest', limit: 1, offset: 0 };
  const facts = await listFacts(db, r);
  const [first] = await chooseList(r, facts).run(db, r, facts);
  return first;
}

// The hourly housekeeping (PGlite: the postings' statistics), and the remembered totals a test or
// the bench forgets to look at a cold request.
export { maintainPostings } from './postings.js';
/** @public bench/bench.mjs imports it from dist, which knip does not follow. */
export { forgetEstimates } from './totals.js';
