import { it } from 'vitest';
import { expectListServed, LIST_CASE_NAME, type ListCase, postingsWalk, words } from '../explain-helpers.js';

/** EXPLAIN of postings-walk.ts on the seeded items (migration 0034). */
export function explainPostingsWalk(): void {
  // Many matches of several words: the postings of the rarest word, walked newest first.
  it.each<ListCase>([['several common words, newest first', '/api/items?query=lamp%20fair&tag=lamp%20fair', postingsWalk, words]])(
    LIST_CASE_NAME,
    (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex),
  );
}
