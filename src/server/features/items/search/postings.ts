import { type SQL, sql } from 'drizzle-orm';
import { type Db, isEmbedded, queryRows } from '../../../db/client.js';
import { type SearchWord, byWordsOnly } from './words.js';

/**
 * Search by words in time order (migration 0034, docs/decisions/029-word-postings.md). A search of
 * several words can be read by walking the postings of its rarest word newest first, testing each
 * item it meets: a page then costs the postings walked (about `rowsWanted × postings ÷ matches`),
 * which stays the same as the items grow, where the GIN index's bitmap AND reads every posting of
 * every word of the search (its cost grows with the item count).
 */
export interface PostingsWalk {
  /** The words whose postings are walked: one typed word's alternatives. */
  walked: string[];
  /** The alternatives of each other typed word, each tested against the posting's item first. */
  probed: string[][];
}

/**
 * A word that the text search parser splits: digits, `e`, digits read as a number in scientific
 * notation ("1e10abcd" is the lexemes '1e10' and 'abcd'). Its postings are those pieces, not the
 * word, so a search holding one is read by the GIN index, whose query is parsed the same way.
 */
const SPLIT_BY_PARSER = /[0-9]e[0-9]/;

/** Every word one typed word may be in an item: as typed, a synonym, a typo's meaning, a completion. */
const everyAlternative = (word: SearchWord) => [...new Set([...word.exact, ...word.typos, ...(word.completions ?? [])])];

/** The words one typed word may be in an item; undefined for an open prefix (`red:*`). */
export function alternativesOf(word: SearchWord): string[] | undefined {
  return word.prefix && !word.completions ? undefined : everyAlternative(word);
}

/** Whether every word of a search is one posting word as written (no word the parser splits). */
export const postable = (words: SearchWord[]) => words.every((w) => everyAlternative(w).every((a) => !SPLIT_BY_PARSER.test(a)));

/** A text[] literal of words (normalWords: letters and digits only). */
const wordArray = (words: string[]) => sql`${`{${words.join(',')}}`}::text[]`;

/** Postings counted per word before the count stops: enough to tell a rare word from a common one. */
const POSTINGS_COUNT_CAP = 100_000;
const COUNT_TTL_MS = 60_000;
const COUNTS_KEPT = 5_000;
const counts = new WeakMap<Db, Map<string, { at: number; n: Promise<number> }>>();

/** Forgets the remembered posting counts (tests and the bench start cold). */
export function forgetPostingCounts(db: Db): void {
  counts.delete(db);
}

/**
 * How many postings each word has (at most POSTINGS_COUNT_CAP), remembered a minute. The count
 * being worked out is remembered too: requests arriving meanwhile wait for it rather than each
 * counting again.
 */
async function postingCounts(db: Db, words: string[]): Promise<Map<string, number>> {
  let known = counts.get(db);
  if (!known) counts.set(db, (known = new Map<string, { at: number; n: Promise<number> }>()));
  const now = Date.now();
  const missing = words.filter((w) => {
    const k = known.get(w);
    return !k || now - k.at >= COUNT_TTL_MS;
  });
  if (missing.length > 0) {
    // Each count is an index-only walk of one word's postings, stopped at the cap.
    const rows = queryRows<{ word: string; n: number }>(
      db,
      sql`SELECT w.word, (SELECT count(*)::int FROM (SELECT 1 FROM search.postings p WHERE p.word = w.word LIMIT ${POSTINGS_COUNT_CAP}) c) AS n
          FROM unnest(${wordArray(missing)}) AS w(word)`,
    );
    for (const w of missing) {
      if (known.size >= COUNTS_KEPT) known.delete(known.keys().next().value!);
      const entry = { at: now, n: rows.then((r) => Number(r.find((row) => row.word === w)?.n ?? 0)) };
      known.set(w, entry);
      // A failed count is not remembered.
      entry.n.catch(() => known.get(w) === entry && known.delete(w));
    }
  }
  return new Map(await Promise.all(words.map(async (w) => [w, await known.get(w)!.n] as const)));
}

/** Which of these groups of words (each a typed word's alternatives) has the fewest postings in all, and how many. */
async function rarestOf(db: Db, groups: string[][]): Promise<{ rarest: number; postings: number }> {
  const n = await postingCounts(db, [...new Set(groups.flat())]);
  const sizes = groups.map((g) => g.reduce((sum, w) => sum + (n.get(w) ?? 0), 0));
  const postings = Math.min(...sizes);
  return { rarest: sizes.indexOf(postings), postings };
}

/** The walk of one group of words among these, the others probed. */
const walkOf = (groups: string[][], walked: number): PostingsWalk => ({
  walked: groups[walked]!,
  probed: groups.filter((_, k) => k !== walked),
});

/**
 * The walk for a search of several words, or undefined when another read is cheaper or it cannot
 * be walked: `matches` items match in all, `rowsWanted` of them are needed (the page and those
 * before it). Walking finds one match every `postings ÷ matches` postings of the walked word; the
 * search indexes read every match (`matchRowCost` each, costs.ts's MATCH_ROW_COST).
 */
export async function planPostingsWalk(
  db: Db,
  words: SearchWord[] | undefined,
  matches: number,
  rowsWanted: number,
  matchRowCost: number,
): Promise<PostingsWalk | undefined> {
  if (!words || !byWordsOnly(words) || !postable(words)) return undefined;
  const groups = words.map(alternativesOf);
  const walkable = groups.filter((g): g is string[] => g !== undefined && g.length > 0);
  if (walkable.length === 0) return undefined;
  const { rarest, postings } = await rarestOf(db, walkable);
  if ((rowsWanted * postings) / Math.max(1, matches) > matchRowCost * matches) return undefined;
  return walkOf(walkable, rarest);
}

/** The postings walked, newest first, as rows (created_at, item_id), one per item. */
function walkedPostings(walk: PostingsWalk, { titleOrTags = false }: { titleOrTags?: boolean } = {}): SQL {
  const inTitle = (t: string) => (titleOrTags ? sql` AND ${sql.raw(t)}.title_or_tags` : sql``);
  const one = (w: string) =>
    sql`(SELECT p.created_at, p.item_id FROM search.postings p WHERE p.word = ${w}::text${inTitle('p')} ORDER BY p.created_at DESC, p.item_id DESC)`;
  // Several alternatives: their lists merged in time order (Merge Append), an item holding two of them once.
  const stream =
    walk.walked.length === 1
      ? one(walk.walked[0]!)
      : sql`(SELECT DISTINCT u.created_at, u.item_id FROM (${sql.join(walk.walked.map(one), sql` UNION ALL `)}) u
            ORDER BY u.created_at DESC, u.item_id DESC)`;
  return sql`SELECT w.created_at, w.item_id FROM ${stream} w`;
}

/**
 * The probes of a walk's other words for the posting `w` (created_at, item_id): each a look-up of
 * the same index by its whole key. Given inside the LATERAL subquery that reads the item (whose
 * LIMIT keeps it from being pulled up), so they run once per posting walked, in the walk's order:
 * as a join of their own the planner, misjudging how many match, hashed every posting of the
 * probed word first (every posting of "red" at a million items, docs/decisions/029).
 */
function probesOf(walk: PostingsWalk, { titleOrTags = false }: { titleOrTags?: boolean } = {}): SQL {
  const probes = walk.probed.map(
    (g) =>
      sql`EXISTS (SELECT 1 FROM search.postings q WHERE q.word = ANY(${wordArray(g)}) AND q.created_at = w.created_at AND q.item_id = w.item_id${titleOrTags ? sql` AND q.title_or_tags` : sql``})`,
  );
  return probes.length ? sql.join(probes, sql` AND `) : sql`TRUE`;
}

/**
 * The items a walk meets, newest first: `select` of each item (as `i`) that holds a word of every
 * probed group and passes `test` (listed, visible, the whole word test). `titleOrTags`: only words
 * in the title or tags (the best-match tiers). The caller adds LIMIT and OFFSET.
 */
export function walkedItems(walk: PostingsWalk, select: SQL, test: SQL, { titleOrTags = false }: { titleOrTags?: boolean } = {}): SQL {
  return sql`SELECT m.* FROM (${walkedPostings(walk, { titleOrTags })}) w CROSS JOIN LATERAL (
      SELECT ${select} FROM items i WHERE i.id = w.item_id AND ${probesOf(walk, { titleOrTags })} AND ${test} LIMIT 1) m
    ORDER BY w.created_at DESC, w.item_id DESC`;
}

/**
 * Best match first over many matches, as streams (docs/decisions/029): the items whose every word
 * is in the title or tags as typed (tier 2), then with typos allowed (tier 1), then the rest (tier
 * 0), each newest first. Tiers 2 and 1 walk the title-and-tag postings of the rarest word; tier 0
 * walks all its postings (several words) or the newest-first list (one word, which also matches as
 * a substring). Each stream is read only as far as the page needs.
 */
export interface RelevanceStreams {
  /** The rarest typed word's alternatives, and every other word's, as typed (tier 2) and with typos (tiers 1 and 0). */
  exact: PostingsWalk;
  all: PostingsWalk;
  /** One typed word: tier 0 comes from the newest-first list, not the postings. */
  oneWord: boolean;
}

/** The streams for best match first, or undefined when a typed word is an open prefix (`red:*`). */
export async function planRelevanceStreams(db: Db, words: SearchWord[] | undefined): Promise<RelevanceStreams | undefined> {
  if (!words || words.length === 0 || !postable(words)) return undefined;
  const all = words.map(alternativesOf);
  if (all.some((g) => !g || g.length === 0)) return undefined;
  const exact = words.map((w) => [...new Set([...w.exact, ...(w.completions ?? [])])]);
  const { rarest } = await rarestOf(db, all as string[][]);
  return { exact: walkOf(exact, rarest), all: walkOf(all as string[][], rarest), oneWord: words.length === 1 };
}

/**
 * PGlite runs no autovacuum: without it the postings have no statistics (the planner may sort a
 * word's postings rather than walk them) and no visibility map (a walk visits the table for every
 * posting). The hourly housekeeping does what autovacuum would; on PostgreSQL it does nothing.
 */
export async function maintainPostings(db: Db): Promise<boolean> {
  if (!isEmbedded(db)) return false;
  await db.execute(sql`VACUUM ANALYZE search.postings`);
  return true;
}
