import { type SQL, sql } from 'drizzle-orm';
import { type Db, isEmbedded, queryRows } from '../../../db/client.js';

/**
 * Search by words (docs/decisions/022-search-by-words.md). `normalWords` is migration 0025's
 * search_words() in TypeScript: the query is folded as the stored words were (a test runs both on
 * the same words and keeps them equal).
 */
const ACCENTED = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãåéèêëíìîïóòôöõúùûüñçýÿ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuuncyy';
const FOLD = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]!]));

/** One word's ending folded: plural `s`, a final `e`, `y` as `i`, `z` as `c` ("lamps" → "lamp", "bikes"/"bike" → "bik", "luces"/"luz" → "luc"). */
function foldEnding(word: string): string {
  let w = word;
  if (/[a-z0-9]{2}[a-rt-z0-9]s$/.test(w)) w = w.slice(0, -1);
  if (/[a-z0-9]{3}e$/.test(w)) w = w.slice(0, -1);
  if (/[a-z0-9]{2}y$/.test(w)) w = `${w.slice(0, -1)}i`;
  if (/[a-z0-9]{2}z$/.test(w)) w = `${w.slice(0, -1)}c`;
  return w;
}

/** The words of a text as the index holds them: accents dropped, lower case, signs as spaces, endings folded. */
export function normalWords(text: string): string[] {
  const folded = [...text]
    .map((c) => FOLD.get(c) ?? c)
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
  return folded.split(' ').filter(Boolean).map(foldEnding);
}

/**
 * Words searched as each other (both ways), English and Spanish: a person who types one finds items
 * that use another. Kept short and plain; each group is one alternation in the search, still served
 * by the index.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['bicycle', 'bike', 'bici', 'bicicleta'],
  ['sofa', 'couch', 'settee', 'sillon'],
  ['tv', 'television', 'televisor', 'tele'],
  ['stroller', 'pram', 'pushchair', 'buggy', 'carrito', 'cochecito'],
  ['wardrobe', 'closet', 'armario'],
  ['fridge', 'refrigerator', 'nevera', 'frigorifico'],
  ['laptop', 'notebook', 'portatil'],
  ['cot', 'crib', 'cuna'],
  ['jumper', 'sweater', 'pullover', 'jersey'],
  ['trousers', 'pants', 'pantalon'],
  ['lamp', 'lampara'],
  ['chair', 'silla'],
  ['table', 'mesa'],
  ['book', 'libro'],
  ['toy', 'juguete'],
  ['guitar', 'guitarra'],
];

const synonymsOf = new Map<string, string[]>();
for (const group of SYNONYMS) {
  const folded = [...new Set(group.flatMap(normalWords))];
  for (const w of folded) synonymsOf.set(w, [...new Set([...(synonymsOf.get(w) ?? []), ...folded])]);
}

/** At most this many words of a search are matched as words (a longer text still matches as a substring). */
const MAX_SEARCH_WORDS = 8;
/** A word of letters this long or longer may be a typo of a known word. */
const TYPO_MIN_LENGTH = 4;
/** How close (pg_trgm similarity, 0 to 1) a known word must be to count as what a typo meant: "guitr" ~ "guitar" is 0.44. */
const TYPO_SIMILARITY = 0.4;
/** Known words tried for one typed word, closest first. */
const TYPO_ALTERNATIVES = 3;

/** One typed word: the words that match it as typed (itself and its synonyms) and those it may be a typo of. */
export interface SearchWord {
  exact: string[];
  typos: string[];
  /** The last word of a text of several words, when long enough: it also matches as the start of a word ("red lam" finds "red lamp"). */
  prefix?: string;
  /** The known words `prefix` starts (at most PREFIX_WORDS), searched instead of the prefix itself. */
  completions?: string[];
}

/** A last word this long or longer also matches as the start of a word (shorter ones would read most of the index). */
const PREFIX_MIN_LENGTH = 3;
/**
 * A last word that starts at most this many known words is searched as those words (`red | redwood`);
 * one that starts more, as a prefix (`red:*`). Both find the same items (the vocabulary holds every
 * word of every item), but GIN answers a prefix by collecting every posting of every word it starts
 * into a bitmap before the AND: several times the cost of the words themselves, and growing with the
 * item count (measured in docs/decisions/022).
 */
export const PREFIX_WORDS = 8;

/**
 * The known words closest to one typed word, as a query of rows (typed, word). PostgreSQL: one call
 * of search.closest_words (migration 0025), served by the trigram index. PGlite: the same
 * similarity test read over the whole vocabulary, with no `%` operator: PGlite 0.5's pg_trgm index
 * scan, under load, now and then left its backend broken (every later query answered nothing, then
 * failed with ERRORDATA_STACK_SIZE exceeded), and the scan never did in hundreds of tries
 * (docs/decisions/022). A town's vocabulary is read in milliseconds, a large one in a fraction of a
 * second (the same record).
 */
function closestTo(db: Db): (typed: string) => SQL {
  if (!isEmbedded(db)) {
    return (w) =>
      sql`(SELECT ${w}::text AS typed, word FROM search.closest_words(${w}::text, ${TYPO_SIMILARITY}::real, ${TYPO_ALTERNATIVES}::int) AS c(word))`;
  }
  return (w) =>
    sql`(SELECT ${w}::text AS typed, v.word FROM search.vocabulary v WHERE v.word <> ${w}::text AND similarity(v.word, ${w}::text) >= ${TYPO_SIMILARITY}::real ORDER BY similarity(v.word, ${w}::text) DESC, v.word LIMIT ${TYPO_ALTERNATIVES}::int)`;
}

/**
 * The words of a search and their alternatives. The typo alternatives are the known words
 * (search.vocabulary, see closestTo) closest to each typed word that is not itself one.
 */
export async function searchWordsOf(db: Db, text: string): Promise<SearchWord[]> {
  const typed = [...new Set(normalWords(text))].slice(0, MAX_SEARCH_WORDS);
  if (typed.length === 0) return [];
  const words: SearchWord[] = typed.map((w) => ({ exact: synonymsOf.get(w) ?? [w], typos: [] }));
  // Several words match as words only (no substring test, see wordsMatch): the last one, perhaps
  // still being typed, may be the start of a word.
  const last = typed.at(-1)!;
  if (typed.length > 1 && last.length >= PREFIX_MIN_LENGTH) words.at(-1)!.prefix = last;
  // Letters only: a number is what it is ("1994" is no typo of "1995").
  const askable = typed.filter((w) => w.length >= TYPO_MIN_LENGTH && /^[a-z]+$/.test(w));
  const prefix = words.at(-1)!.prefix;
  const queries = askable.map(closestTo(db));
  // Two letters swapped ("armchiar") share too few trigrams with the word meant: asked for as exact words.
  for (const w of askable) {
    const swaps = swapsOf(w).map((swap) => sql`${swap}::text`);
    if (swaps.length)
      queries.push(sql`(SELECT ${w}::text AS typed, v.word FROM search.vocabulary v WHERE v.word IN (${sql.join(swaps, sql`, `)}))`);
  }
  if (prefix) queries.push(completionsOf(prefix));
  if (queries.length > 0) {
    const rows = await queryRows<{ typed: string | null; word: string }>(db, sql.join(queries, sql` UNION ALL `));
    const completions: string[] = [];
    for (const row of rows) {
      if (row.typed === null) {
        completions.push(row.word);
        continue;
      }
      const word = words[typed.indexOf(row.typed)]!;
      if (!word.exact.includes(row.word) && !word.typos.includes(row.word)) word.typos.push(row.word);
    }
    if (prefix && completions.length <= PREFIX_WORDS) words.at(-1)!.completions = completions;
  }
  return words;
}

/** The words made by swapping two neighbouring letters of `word` (a Damerau transposition), each once, without `word` itself. */
export function swapsOf(word: string): string[] {
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) swaps.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...swaps];
}

/**
 * The known words that start with `prefix`, one more than PREFIX_WORDS at most, as rows (NULL,
 * word): a range of the vocabulary in byte order (its index `vocabulary_c_idx`, migration 0032).
 * The prefix is letters and digits only (normalWords), so the byte after its last is past every
 * word that starts with it.
 */
function completionsOf(prefix: string): SQL {
  const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`(SELECT NULL::text AS typed, v.word FROM search.vocabulary v
    WHERE v.word COLLATE "C" >= ${prefix}::text AND v.word COLLATE "C" < ${after}::text
    ORDER BY v.word COLLATE "C" LIMIT ${PREFIX_WORDS + 1}::int)`;
}

/** A tsquery (text for to_tsquery('simple', ...)): every typed word, each as any of its alternatives, optionally only in some weights. */
function tsqueryText(words: SearchWord[], withTypos: boolean, weights = ''): string {
  const label = (alt: string, prefix = false) => (weights || prefix ? `${alt}:${prefix ? '*' : ''}${weights}` : alt);
  return words
    .map((w) => {
      const alts = [...w.exact, ...(withTypos ? w.typos : [])].map((alt) => label(alt));
      if (w.completions) alts.push(...w.completions.filter((c) => !alts.includes(label(c))).map((c) => label(c)));
      else if (w.prefix) alts.push(label(w.prefix, true));
      return `(${alts.join(' | ')})`;
    })
    .join(' & ');
}

/** The word test of a search: the item's words hold every typed word (as typed, a synonym, or what a typo meant). */
export function wordsMatch(searchDoc: SQL, words: SearchWord[]): SQL {
  return sql`${searchDoc} @@ to_tsquery('simple', ${tsqueryText(words, true)})`;
}

/**
 * Whether a search text is matched by its words alone. A text of one word is also matched as a
 * substring of the title or description (docs/decisions/004: its trigram indexes answer a word in
 * milliseconds); a text of several words by its words (any order, the last one also as a word's
 * start) or as a whole tag: the substring test of a phrase cost many times the word test
 * (docs/decisions/022), and its only extra matches were texts starting or ending inside a word
 * ("ed lamp" in "red lamp").
 */
export function byWordsOnly(words: SearchWord[] | undefined): boolean {
  return (words?.length ?? 0) > 1;
}

/**
 * How well an item matches, best first: 2 when every word is in the title or tags as typed (or a
 * synonym), 1 when so with typos allowed, 0 otherwise (a description-only or substring match).
 */
export function matchTier(searchDoc: SQL, words: SearchWord[]): SQL {
  if (words.length === 0) return sql`0`;
  return sql`CASE WHEN ${searchDoc} @@ to_tsquery('simple', ${tsqueryText(words, false, 'AB')}) THEN 2
    WHEN ${searchDoc} @@ to_tsquery('simple', ${tsqueryText(words, true, 'AB')}) THEN 1 ELSE 0 END`;
}

/** Within a tier: ts_rank of all the words (title weighs most, then tags, then description). */
export function matchRank(searchDoc: SQL, words: SearchWord[]): SQL {
  if (words.length === 0) return sql`0::float4`;
  return sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${searchDoc}, to_tsquery('simple', ${tsqueryText(words, true)}))`;
}
