import { it } from 'vitest';
import { expectListServed, LIST_CASE_NAME, type ListCase, tags, trgm, words } from '../explain-helpers.js';

/** EXPLAIN of matches-first.ts on the seeded items. */
export function explainMatchesFirst(): void {
  it.each<ListCase>([
    // Few matches scattered over time (an exact total of at most FEW_MATCHES): the matches are
    // collected by the trigram and tag indexes, never by walking the newest-first index and
    // filtering, which reads the whole table for a word nobody used. docs/decisions/004 explains.
    ['search for a rare word', '/api/items?query=99150&tag=99150', trgm, trgm],
    ['search text that is a rare tag', '/api/items?query=rare&tag=rare', tags, tags],
    ['nearest first with a rare word', '/api/items?query=99150&lat=40.75&lng=-73.98', trgm, trgm],
    ['a tag alone', '/api/items?tag=rare', tags, tags],
    // Search by words (docs/decisions/022): few matches by the words index.
    ['several words in any order', '/api/items?query=94%20kettle&tag=94%20kettle', words, words],
    ['several words with a typo', '/api/items?query=kettel%2094&tag=kettel%2094', words, words],
  ])(LIST_CASE_NAME, (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex));
}
