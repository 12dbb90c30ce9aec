import { it } from 'vitest';
import { expectListServed, LIST_CASE_NAME, type ListCase, words } from '../explain-helpers.js';

/** EXPLAIN of relevance-all.ts on the seeded items: best match first ranks every match of a few (at most FEW_MATCHES). */
export function explainRelevanceAll(): void {
  it.each<ListCase>([['best match first, few matches', '/api/items?query=94%20kettle&tag=94%20kettle&sort=relevance', words, words]])(
    LIST_CASE_NAME,
    (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex),
  );
}
